"""Saving an event file without losing anything: the lock held by one
``xlxq`` run from the read to the rename (:func:`file_lock`) and the atomic
save (:func:`atomic_save`), for the JSON file and the workbook alike.

The lock (docs/reliability.md): an OS lock (``flock`` on POSIX,
``LockFileEx`` on Windows, through the ``filelock`` library) on a hidden
file beside the event file, ``.NAME.xlxq-lock``, removed again when the run
ends; the OS drops the lock when a process dies, so a crash never leaves a
lock that blocks (a lock file left by ``kill -9`` is taken and removed by the
next run).  Beside the file, two arbiters on a shared folder see each other's
runs.  Where the folder cannot take a new file (a read-only folder: nothing
can be saved there, but a reader still locks) the lock file lives in the
user's temporary folder (``xlxq-locks/`` there, one small file per event
path).  A second run waits up to :data:`LOCK_WAIT` seconds
(``XLXQ_LOCK_WAIT``), then stops with one line naming the file.

The save: refuse a read-only target before anything is written; keep the
file as it was in the backup folder beside it (:mod:`xlxq.backends.backups`:
every save of every command, so none can forget it; removed again when
the save fails); write a
temporary file ``.NAME.XXXXXXXX.tmp`` in the same folder, ``fsync`` it,
``os.replace`` it over the target and ``fsync`` the folder, so the file is
the old one or the new one after a crash or a power cut.  A temporary file
left by a killed run is removed by the next run of the same file (under the
lock, so never one that a live run is writing).

A workbook open in a spreadsheet program (:func:`refuse_open_elsewhere`,
checked by every workbook save): Excel and WPS leave ``~$NAME`` beside it,
LibreOffice ``.~lock.NAME#``; the save stops before anything is written,
naming the program and who (:func:`owner_of`), and says to close it there
or, for a stale owner file, to delete it.

Lazy imports: filelock is imported when a lock is taken (``xlxq --help``
and the read-only commands never load it: start-up time).
"""

from __future__ import annotations

import datetime
import errno
import filecmp
import hashlib
import os
import re
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator, Optional

if TYPE_CHECKING:
    from filelock import BaseFileLock

from xlxq.backends.backups import discard as discard_backup
from xlxq.backends.backups import keep as keep_backup
from xlxq.errors import InputError
from xlxq.i18n import Msg

#: seconds a second run waits for the lock before it stops
LOCK_WAIT = 5.0

__all__ = [
    "LOCK_WAIT",
    "file_lock",
    "lock_file_of",
    "atomic_save",
    "refuse_read_only",
    "leftovers",
    "owner_files",
    "owner_of",
    "refuse_open_elsewhere",
]


def _wait() -> float:
    try:
        return max(0.0, float(os.environ.get("XLXQ_LOCK_WAIT", LOCK_WAIT)))
    except ValueError:
        return LOCK_WAIT


def lock_file_of(path: str | os.PathLike, beside: bool = True) -> Path:
    """Where the lock of ``path`` lives: beside it (``beside``), or in the
    user's temporary folder, named by the file's full path."""
    p = Path(path)
    if beside:
        return p.with_name(f".{p.name}.xlxq-lock")
    key = hashlib.sha256(os.path.normcase(str(p.resolve())).encode("utf-8", "surrogatepass")).hexdigest()[:24]
    return Path(tempfile.gettempdir()) / "xlxq-locks" / f"{key}.lock"


def _busy(path: Path) -> InputError:
    wait = _wait()
    return InputError(
        Msg("safety.is-in-use-by-another-xlxq-run-command", name=path.name, wait=wait),
        file=str(path),
    )


def _take(lock_path: Path, target: Path) -> BaseFileLock:
    from filelock import FileLock, Timeout

    lock = FileLock(str(lock_path), timeout=_wait())
    try:
        lock.acquire()
    except Timeout:
        raise _busy(target) from None
    return lock


@contextmanager
def file_lock(path: str | os.PathLike) -> Iterator[None]:
    """Hold the lock of the event file ``path`` for the block (the read,
    the computation and the save of one command)."""
    target = Path(path)
    beside = lock_file_of(target)
    lock_path = beside
    lock: Optional[BaseFileLock]
    try:
        lock = _take(lock_path, target)
    except OSError:  # the folder takes no new file: the user's temporary folder
        lock_path = lock_file_of(target, beside=False)
        try:
            lock_path.parent.mkdir(parents=True, exist_ok=True)
            lock = _take(lock_path, target)
        except OSError:
            lock = None  # no lock can be taken anywhere: a reader in a read-only place
    try:
        if lock is not None:
            _clean_leftovers(target)
        yield
    finally:
        if lock is not None:
            if lock_path == beside:
                # removed while held: a run waiting on this file finds it
                # gone when it gets the lock and starts again (filelock checks)
                try:
                    os.unlink(lock_path)
                except OSError:
                    pass
            lock.release()


def _leftover_pattern(name: str) -> re.Pattern[str]:
    return re.compile(r"\." + re.escape(name) + r"\.[A-Za-z0-9_]{8}\.tmp")


def leftovers(path: str | os.PathLike) -> list[Path]:
    """The temporary files of unfinished saves of ``path`` in its folder."""
    p = Path(path)
    folder = p.parent if str(p.parent) else Path(".")
    pattern = _leftover_pattern(p.name)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    return [folder / n for n in names if pattern.fullmatch(n)]


def _clean_leftovers(path: Path) -> None:
    for tmp in leftovers(path):
        try:
            os.unlink(tmp)
        except OSError:
            pass


def refuse_read_only(path: str | os.PathLike) -> None:
    """An error when ``path`` exists and is read-only (nothing is written)."""
    p = Path(path)
    try:
        st = os.stat(p)
    except OSError:
        return
    if stat.S_ISREG(st.st_mode) and (not st.st_mode & 0o222 or not os.access(p, os.W_OK)):
        raise InputError(
            Msg("safety.is-read-only-nothing-was-changed-clear", name=p.name),
            file=str(p),
        )


# ==========================================================================
# a workbook open in a spreadsheet program (docs/reliability.md)
# ==========================================================================


def owner_files(path: str | os.PathLike) -> list[tuple[str, Path]]:
    """The owner files a spreadsheet program puts beside the workbook
    ``path`` while it has it open: Excel and WPS ``~$NAME`` (Excel keeps the
    whole name; only Word cuts the first characters of a long one),
    LibreOffice ``.~lock.NAME#``; as (program, path) for those present."""
    p = Path(path)
    found = []
    for program, name in (("Excel/WPS", f"~${p.name}"), ("LibreOffice", f".~lock.{p.name}#")):
        owner = p.with_name(name)
        if owner.is_file():
            found.append((program, owner))
    return found


def _printable(s: str) -> str:
    return "".join(ch for ch in s if ch.isprintable()).strip()


def owner_of(owner: Path) -> str:
    """Who has the workbook open, from its owner file ('' when it cannot be
    read).  LibreOffice: ``NAME,SYSUSER,HOST,DATE,PROFILE;`` (a comma in a
    field is escaped by a backslash).  Excel/WPS (165 bytes): the name's
    length in byte 0 and the name in the Windows code page after it; its
    length again at byte 55 and the name in UTF-16-LE from byte 57."""
    try:
        with open(owner, "rb") as f:
            data = f.read(4096)
    except OSError:
        return ""
    if owner.name.startswith(".~lock."):
        text = data.decode("utf-8", "replace")
        fields = [f.replace("\\,", ",").replace("\\\\", "\\") for f in re.split(r"(?<!\\),", text.split(";")[0])]
        user = _printable(fields[0]) if fields else ""
        if not user and len(fields) > 1:
            user = _printable(fields[1])
        host = _printable(fields[2]) if len(fields) > 2 else ""
        return f"{user}@{host}" if user and host else user or host
    n = data[0] if data else 0
    if not 0 < n <= 52:
        return ""
    for at in (55, 54):
        if len(data) >= at + 2 + 2 * n and data[at] == n and data[at + 1] == 0:
            return _printable(data[at + 2 : at + 2 + 2 * n].decode("utf-16-le", "replace"))
    for enc in ("gb18030", "cp1252"):
        try:
            return _printable(data[1 : 1 + n].decode(enc))
        except UnicodeDecodeError:
            continue
    return ""


def refuse_open_elsewhere(path: str | os.PathLike) -> None:
    """An error, before anything is written, when the workbook ``path`` is
    open in Excel, WPS or LibreOffice (an owner file beside it): the
    program's own save would later overwrite what xlxq writes now."""
    p = Path(path)
    found = owner_files(p) if p.exists() else []  # no workbook yet: an owner file is a leftover
    if not found:
        return
    program, owner = found[0]
    who = owner_of(owner)
    try:
        since = datetime.datetime.fromtimestamp(owner.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    except (OSError, ValueError, OverflowError):
        since = "?"
    by = Msg("safety.by-who-since", who=who, since=since) if who else Msg("safety.since", since=since)
    button = Msg("safety.or-use-the-xlxq-buttons") if program.startswith("Excel") else ""
    raise InputError(
        Msg(
            "safety.is-open-in-nothing-was-changed-what-xlxq",
            name=p.name,
            program=program,
            who=by,
            button=button,
            name2=owner.name,
        ),
        file=str(p),
    )


def _fsync_file(path: str) -> None:
    fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # Windows: folders are not opened; NTFS journals the rename
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _cannot_save(path: Path, exc: OSError) -> InputError:
    reason = exc.strerror or str(exc)
    if exc.errno == errno.ENOSPC or exc.errno == getattr(errno, "EDQUOT", -1):
        return InputError(
            Msg("safety.cannot-save-the-disk-is-full-the-file-is", path=path, reason=reason),
            file=str(path),
        )
    return InputError(Msg("safety.cannot-save-the-file-is-unchanged", path=path, reason=reason), file=str(path))


def _name_too_long(path: Path, folder: Path) -> InputError:
    """The save's temporary file ``.NAME.XXXXXXXX.tmp`` (14 bytes more than
    the name) is longer than the file system takes: the name is too long."""
    try:
        limit = int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):  # Windows: no pathconf
        limit = 255
    size = len(os.fsencode(path.name))
    room = max(1, limit - 14)
    chars = max(1, (room - len(os.fsencode(path.suffix))) // 3)  # a Chinese character: 3 bytes in UTF-8
    return InputError(
        Msg(
            "safety.cannot-save-the-file-name-is-too-long",
            path=path,
            size=size,
            limit=limit,
            room=room,
            chars=chars,
            suffix=path.suffix,
        ),
        file=str(path),
    )


def atomic_save(path: str | os.PathLike, write: Callable[[str], None], workbook: bool = False) -> None:
    """Save ``path`` atomically: ``write(tmp)`` writes the new content to a
    temporary file in the same folder, which then replaces ``path``
    (``workbook``: a refused replace is explained as a file open in Excel)."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise InputError(Msg("safety.cannot-save-no-folder", path=path, folder=folder), file=str(path))
    refuse_read_only(path)
    if workbook:
        refuse_open_elsewhere(path)
    kept = keep_backup(path)  # the file as it was, in .xlxq-backups/ beside it (xlxq/backends/backups.py)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as exc:
        discard_backup(kept)
        if exc.errno == errno.ENAMETOOLONG:
            raise _name_too_long(path, folder) from None
        raise InputError(
            Msg("safety.cannot-save-the-folder-is-not-writable", path=path, folder=folder, or_exc=exc.strerror or exc),
            file=str(path),
        ) from None
    os.close(fd)
    try:
        write(tmp)
        _fsync_file(tmp)
        if kept is not None and filecmp.cmp(tmp, path, shallow=False):
            discard_backup(kept)  # the save changes nothing: the file is its own backup
            kept = None
        try:
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        except OSError:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except PermissionError as exc:
        _unlink(tmp)
        discard_backup(kept)
        if workbook:
            raise InputError(
                Msg("safety.cannot-save-is-it-open-in-excel-close-it", name=path.name),
                file=str(path),
            ) from None
        raise _cannot_save(path, exc) from None
    except OSError as exc:
        _unlink(tmp)
        discard_backup(kept)
        raise _cannot_save(path, exc) from None
    except BaseException:
        _unlink(tmp)
        discard_backup(kept)
        raise
    _fsync_folder(folder)


def _unlink(p: str) -> None:
    try:
        os.unlink(p)
    except OSError:
        pass
