"""Backups of an event file, kept before every write (docs/reliability.md).

Every save of an event file goes through
:func:`xlxq.backends.safety.atomic_save` (the JSON file and the openpyxl
workbook alike), which first calls :func:`keep`: the file as it is on disk
is copied into the backup folder beside it,

    .xlxq-backups/<file name>/<NNNNNN>-<YYYYMMDD-HHMMSS>-<operation><suffix>

e.g. ``.xlxq-backups/event.xlsx/000007-20261201-142233-pair.xlsx``.  ``NNNNNN``
is the backup's sequence number: one more than the highest in the folder,
so the order of the backups (newest first, "1 = 最新") and the rotation do
not depend on the clock; the local time after it is information only (a
clock set wrong, a change of time zone or summer time changes nothing).
Backups named by the earlier scheme, ``<YYYYMMDD-HHMMSS>[.N]-<operation>
<suffix>`` (no sequence), are still listed and restored: older than every
numbered one, among themselves by their stamp.  The operation is the
command that writes (``pair``, ``standings``, ``undo``, ``restore`` …), set
by the edge around its work with :func:`operation`; ``save`` when none was
set.  The newest :func:`keep_count` backups are kept (``XLXQ_BACKUPS``,
default 20; ``0`` keeps none), the older ones removed (never the one just
made: it has the highest number).  A file equal to the newest backup is not
copied again (a recompute that changes nothing leaves no second copy); a
save that fails, or writes the same bytes, keeps none; a hidden file
(``.NAME``: the temporary copy of ``xlxq qualify A.xlsx B.xlsx``) has none.
A backup is put in place under its number without replacing a file of that
name (two writers at once get two numbers).

:func:`backups` lists the backups of a file, newest first.  The Excel
buttons (xlwings, the workbook open in Excel) write into the open book, not
the file: :mod:`xlxq.operations.buttons` keeps the file as last saved on disk before it
writes (:func:`keep` on ``book.fullname``); what was typed in Excel since the
last save is in the open book only.
"""

from __future__ import annotations

import datetime
import errno
import filecmp
import os
import re
import shutil
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Optional

from xlxq.errors import InputError

__all__ = [
    "FOLDER",
    "KEEP",
    "Backup",
    "operation",
    "current_operation",
    "keep_count",
    "folder_of",
    "backups",
    "keep",
    "discard",
]

#: the backup folder beside the event file
FOLDER = ".xlxq-backups"
#: backups kept per file (``XLXQ_BACKUPS``)
KEEP = 20

_OPERATION: ContextVar[str] = ContextVar("xlxq_operation", default="save")
#: a backup's name: its sequence number, local time (information), operation
_NAME = re.compile(r"(\d{6,})-(\d{8}-\d{6})-([A-Za-z0-9_]+)(\.[A-Za-z0-9]+)?")
#: the earlier names, without a sequence number (listed before the numbered ones)
_OLD_NAME = re.compile(r"(\d{8}-\d{6})(?:\.(\d+))?-([A-Za-z0-9_]+)(\.[A-Za-z0-9]+)?")
_STAMP = "%Y%m%d-%H%M%S"


@dataclass(frozen=True)
class Backup:
    """One backup: its file, when it was kept (local time, as its name
    says), its sequence number (0: named by the earlier scheme), by which
    operation."""

    path: Path
    time: datetime.datetime
    seq: int
    operation: str
    #: its place in the order of the backups (the newest the highest)
    order: tuple = ()

    @property
    def size(self) -> int:
        try:
            return self.path.stat().st_size
        except OSError:
            return 0


@contextmanager
def operation(name: str) -> Iterator[None]:
    """The operation named in the backups kept during the block."""
    token = _OPERATION.set(re.sub(r"[^A-Za-z0-9_]", "_", name) or "save")
    try:
        yield
    finally:
        _OPERATION.reset(token)


def current_operation() -> str:
    return _OPERATION.get()


def keep_count() -> int:
    """How many backups are kept per file: ``XLXQ_BACKUPS`` (0: none), else 20."""
    raw = os.environ.get("XLXQ_BACKUPS", "").strip()
    if not raw:
        return KEEP
    try:
        return max(0, int(raw))
    except ValueError:
        return KEEP


def folder_of(path: str | os.PathLike) -> Path:
    """The backup folder of the event file ``path``."""
    p = Path(path)
    return p.parent / FOLDER / p.name


def backups(path: str | os.PathLike) -> list[Backup]:
    """The backups of ``path``, newest first: by sequence number, those of
    the earlier names (no number) after them, by their stamp."""
    folder = folder_of(path)
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    out = []
    for n in names:
        m = _NAME.fullmatch(n)
        old = None if m else _OLD_NAME.fullmatch(n)
        try:
            if m:
                t = datetime.datetime.strptime(m.group(2), _STAMP)
                seq = int(m.group(1))
                out.append(Backup(folder / n, t, seq, m.group(3), (1, seq, t, 0)))
            elif old:
                t = datetime.datetime.strptime(old.group(1), _STAMP)
                sub = int(old.group(2) or 1)
                out.append(Backup(folder / n, t, 0, old.group(3), (0, 0, t, sub)))
        except ValueError:
            continue
    out.sort(key=lambda b: b.order, reverse=True)
    return out


def keep(path: str | os.PathLike, op: Optional[str] = None) -> Optional[Path]:
    """Copy the file ``path`` (when it exists) into its backup folder before
    it is written, then remove all but the newest :func:`keep_count`; the
    new backup's path, or None (no file, no backups, or equal to the newest
    backup)."""
    p = Path(path)
    count = keep_count()
    if count == 0 or not p.is_file() or p.name.startswith("."):  # a hidden name: xlxq's own temporary copy
        return None
    op = re.sub(r"[^A-Za-z0-9_]", "_", op or current_operation()) or "save"
    folder = folder_of(p)
    existing = backups(p)
    newest = existing[0].path if existing else None
    if newest is not None and not newest.is_symlink() and filecmp.cmp(newest, p, shallow=False):
        return None  # kept already (a link, even to the file itself, is no backup)
    stamp = datetime.datetime.now().strftime(_STAMP)  # information only: the order is the number
    seq = 1 + max((b.seq for b in existing), default=0)
    tmp = folder / f".{seq:06d}-{stamp}-{op}{p.suffix}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(p, tmp)
        target = _place(tmp, folder, seq, f"-{stamp}-{op}{p.suffix}")
    except OSError as exc:
        discard(tmp)  # the folders as they were
        raise InputError(
            f"无法在 {folder} 保留 {p.name} 的备份（{exc.strerror or exc}），文件未改动"
            f"（如确不要备份，设置环境变量 XLXQ_BACKUPS=0）",
            f"cannot keep a backup of {p.name} in {folder} ({exc.strerror or exc}); the file is unchanged "
            f"(to save without backups, set XLXQ_BACKUPS=0)",
            file=str(p),
        ) from None
    for old in backups(p)[count:]:
        if old.path == target:  # never the backup just made (it has the highest number)
            continue
        try:
            os.unlink(old.path)
        except OSError:
            pass
    return target


def _place(tmp: Path, folder: Path, seq: int, rest: str) -> Path:
    """The copy ``tmp`` under the first free number from ``seq`` on (a
    hard link, which never replaces a file: two writers at once, an Excel
    button and a command, each get their own number), ``tmp`` then gone.
    A folder that takes no hard link (some network shares, FAT): renamed
    under a number no file has."""
    for k in range(seq, seq + 1000):
        target = folder / f"{k:06d}{rest}"
        try:
            os.link(tmp, target)
        except FileExistsError:
            continue
        except OSError:  # no hard links here
            if target.exists():
                continue
            os.replace(tmp, target)
            return target
        os.unlink(tmp)
        return target
    raise OSError(errno.EEXIST, "no free backup number", str(folder))


def discard(backup: Optional[Path]) -> None:
    """Remove a backup just kept for a save that then failed (the folder is
    left as it was: the file is unchanged), and the backup folders when that
    leaves them empty."""
    if backup is None:
        return
    try:
        os.unlink(backup)
    except OSError:
        pass
    for folder in (backup.parent, backup.parent.parent):
        try:
            folder.rmdir()  # only when empty
        except OSError:
            break
