"""``xlxq backups FILE`` (the backups every save keeps, newest first: time,
operation, rounds, size; a backup that is a symbolic link marked, not read)
and ``xlxq backups FILE --restore K`` (backup K back in place of FILE, the file as it is kept first as a backup
``restore``).  Where they are and how they rotate:
:mod:`xlxq.backends.backups` (docs/reliability.md).  A backup is restored
only when it is a readable event of the same kind as the file (a workbook
that opens as an xlxq event workbook, a JSON event file that loads; team or
individual as the file), read as a regular file, never through a symbolic
link (:func:`restore_backup`).

Lazy imports: the team sheet names only when a workbook backup is
restored (``xlxq backups FILE.json`` does not load them; openpyxl is
loaded by :func:`xlxq.operations.source.open_book` itself).
"""

from __future__ import annotations

import json
import os
import re
import stat
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Optional

from xlxq.backends.backups import Backup, backups, folder_of, keep_count, operation
from xlxq.backends.safety import atomic_save
from xlxq.errors import InputError, XlxqError
from xlxq.i18n import Text
from xlxq.operations.result import Outcome
from xlxq.operations.source import is_team, is_workbook, load, open_book
from xlxq.sheets import layout as L
from xlxq.i18n import Lazy, Msg

__all__ = ["rounds_in", "backups_outcome", "restore_backup"]

_SHEET_NAME = re.compile(r'<sheet\b[^>]*\bname="([^"]*)"')


def rounds_in(path: Path) -> Optional[int]:
    """The rounds a backup holds: a JSON file's ``rounds``, a workbook's round
    sheets (from its sheet list, the workbook is not loaded); None when it
    cannot be read."""
    try:
        if is_workbook(path):
            with zipfile.ZipFile(path) as z:
                text = z.read("xl/workbook.xml").decode("utf-8", "replace")
            kinds = [L.sheet_kind(n)[0] for n in _SHEET_NAME.findall(text)]
            return sum(1 for k in kinds if k in (L.ROUND, L.KO_ROUND))
        data = json.loads(path.read_text(encoding="utf-8"))
        return len(data.get("rounds", []))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, AttributeError):
        return None


def _linked(b: Backup) -> bool:
    """Backup ``b`` is a symbolic link, or one of its folders is (the
    backup folder, the ``.xlxq-backups`` folder): what it points to is not a
    backup xlxq kept; it is listed marked, never read nor restored."""
    for p in (b.path.parent.parent, b.path.parent, b.path):
        try:
            if stat.S_ISLNK(os.lstat(p).st_mode):
                return True
        except OSError:
            pass
    return False


def _row(k: int, b: Backup) -> dict[str, Any]:
    link = _linked(b)
    return {
        "index": k,
        "time": b.time.strftime("%Y-%m-%d %H:%M:%S"),
        "operation": b.operation,
        "rounds": None if link else rounds_in(b.path),  # a link is not read
        "size": b.size,
        "file": str(b.path),
        "link": link,
    }


def backups_outcome(path: str, as_json: bool = False) -> Outcome:
    """The list of the backups of ``path`` (``as_json``: the rows as data)."""
    rows = [_row(k, b) for k, b in enumerate(backups(path), start=1)]

    def render(lang: str) -> list[str]:
        txt = Text(lang)
        folder = folder_of(path)
        if not rows:
            return [
                txt(
                    "backups.has-no-backups-yet-each-save-keeps-one",
                    path=path,
                    folder=folder,
                )
            ]
        out = [
            txt(
                "backups.backups-of-in-the-newest-kept-newest",
                path=path,
                folder=folder,
                keep_count=keep_count(),
            ),
            txt(
                "backups.time-operation-rounds-size",
            ),
        ]
        for r in rows:
            rounds = "?" if r["rounds"] is None else str(r["rounds"])
            line = f"  {r['index']:>2}  {r['time']}  {r['operation']:<10} {rounds:>5}  {r['size']:>8}"
            if r["link"]:
                line += txt(
                    "backups.symbolic-link-not-a-backup-xlxq-kept",
                )
            out.append(line)
        out.append(txt("backups.to-restore-one-xlxq-backups-restore", path=path))
        return out

    return Outcome(render=render, data={"backups": rows} if as_json else None)


def _read_backup(b: Backup) -> bytes:
    """The bytes of backup ``b``: a regular file in a real folder, never a
    symbolic link (to anywhere: what it points to is not a backup xlxq
    kept), opened without following one."""
    if _linked(b):
        raise _bad_backup(b, Msg("backups.is-a-symbolic-link-not-a-backup-xlxq-kept"))
    try:
        fd = os.open(b.path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise _bad_backup(b, Msg("backups.cannot-be-read", why=exc.strerror or str(exc))) from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise _bad_backup(b, Msg("backups.is-not-a-regular-file"))
        return f.read()


def _bad_backup(b: Backup, why: Msg) -> InputError:
    return InputError(Msg("backups.the-backup-nothing-was-restored-the", path=b.path, zh=why), file=str(b.path))


def _kind(path: Path, workbook: bool) -> str:
    """ "team" or "individual": the event ``path`` holds (read as a
    workbook or a JSON event file: the whole file is opened and checked);
    an error (XlxqError, OSError …) when it is not one."""
    if workbook:
        from xlxq.sheets.team_layout import is_team_sheet_names

        names = list(open_book(path).book.sheet_names())  # opened: the zip, its parts, the limits
        kinds = {L.sheet_kind(n)[0] for n in names}
        team = is_team_sheet_names(names)
        if L.SETTINGS not in kinds or not (team or L.REGISTRATION in kinds):
            raise InputError(
                Msg("backups.not-an-xlxq-event-workbook-no-settings"),
            )
        return "team" if team else "individual"
    return "team" if is_team(load(str(path))) else "individual"


def _check_backup(b: Backup, data: bytes, path: str) -> None:
    """Backup ``b`` (its bytes ``data``) is an event of the same kind as
    ``path``: a workbook that opens as an xlxq event workbook, a JSON event
    file that loads; a team event for a team event (when ``path`` can be
    read to tell); else an error naming the backup."""
    workbook = is_workbook(path)
    what = Msg("backups.an-xlxq-event-workbook" if workbook else "backups.an-xlxq-event-file")
    with tempfile.TemporaryDirectory(prefix="xlxq-restore-", ignore_cleanup_errors=True) as d:  # Windows: a held file
        copy = Path(d) / b.path.name
        copy.write_bytes(data)
        try:
            kind = _kind(copy, workbook)
        except (XlxqError, OSError, ValueError, KeyError, zipfile.BadZipFile) as exc:
            said = Lazy(
                lambda lang, e=exc, c=str(copy): (e.message(lang) if isinstance(e, XlxqError) else str(e)).replace(
                    c, b.path.name
                )
            )
            raise _bad_backup(b, Msg("backups.is-not-a-readable", what=what, why=said)) from None
    try:
        now = _kind(Path(path), workbook) if os.path.isfile(path) else None
    except Exception:  # noqa: BLE001 - the file to restore may be the broken one: no kind to compare
        now = None
    if now is not None and now != kind:
        names = {"team": "backups.a-team-event", "individual": "backups.an-individual-event"}
        raise _bad_backup(b, Msg("backups.holds-and-path-holds", kind=Msg(names[kind]), path=path, now=Msg(names[now])))


def restore_backup(path: str, k: int) -> Outcome:
    """Backup ``k`` (1 = the newest) in place of ``path``; the file as it is
    is kept first (operation ``restore``).  Only a readable event of the
    same kind (:func:`_check_backup`), never through a symbolic link."""
    found = backups(path)
    if not 1 <= k <= len(found):
        raise InputError(
            Msg("backups.there-is-no-backup-has-xlxq-backups", k=k, path=path, n=len(found)),
            file=path,
        )
    chosen = found[k - 1]
    data = _read_backup(chosen)  # read first: keeping the current file may rotate this one out
    _check_backup(chosen, data, path)

    def write(tmp: str) -> None:
        Path(tmp).write_bytes(data)

    with operation("restore"):
        atomic_save(path, write, workbook=is_workbook(path))
    when = chosen.time.strftime("%Y-%m-%d %H:%M:%S")

    def render(lang: str) -> list[str]:
        txt = Text(lang)
        return [
            txt(
                "backups.restored-from-the-backup-of-before-the",
                path=path,
                when=when,
                operation=chosen.operation,
            )
        ]

    return Outcome(render=render)
