"""Where an operation's event comes from: :func:`open_source` (a JSON
tournament file or an Excel workbook), loading, checking and saving a file,
and the arguments every operation shares (the round it works on, lists,
play-off games).

Lazy imports: the workbook modules (openpyxl, about 150 ms) are imported
only when a workbook is opened, so that ``xlxq pair FILE.json`` does not
pay for them; the team workbook's only by the command that runs on one
(an individual workbook's commands do not pay for them).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, replace
from typing import Any, Optional, Union

from xlxq.backends.json_file import any_from_dict, any_to_dict, load_any, save_event
from xlxq.errors import InputError, XlxqError
from xlxq.systems import PairingSystem, find_system, system_for
from xlxq.i18n import Msg

__all__ = [
    "WORKBOOK_SUFFIXES",
    "FileSource",
    "BookSource",
    "open_source",
    "open_book",
    "require_workbooks",
    "is_workbook",
    "load",
    "save",
    "checked",
    "is_rr",
    "is_team",
    "event_before",
    "round_arg",
    "split_list",
    "parse_playoff",
]

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


@dataclass
class FileSource:
    """A JSON tournament file and the event read from it (an ``Event``, or a
    ``TeamEvent`` for ``event.kind: "team"``)."""

    path: str
    event: Any

    @property
    def team(self) -> bool:
        return is_team(self.event)


@dataclass
class BookSource:
    """An Excel workbook (openpyxl backend), not read yet: the workbook
    operations read every sheet once themselves."""

    path: str
    book: Any
    team: bool


Source = Union[FileSource, BookSource]


def is_workbook(path: str | os.PathLike) -> bool:
    return str(path).lower().endswith(WORKBOOK_SUFFIXES)


def require_workbooks(path: str | os.PathLike) -> None:
    """A clear error when the workbook modules cannot be imported (openpyxl
    missing)."""
    try:
        import xlxq.operations.workbook  # noqa: F401  (lazy: openpyxl only for a workbook)
    except ImportError as exc:
        raise XlxqError(
            Msg("source.cannot-handle-the-excel-workbook-xlxq-2", path=path, exc=exc),
        ) from exc


def open_book(path: str | os.PathLike) -> BookSource:
    """The workbook ``path`` (openpyxl backend), not read yet; a team
    workbook is told by its sheet names."""
    require_workbooks(path)
    from xlxq.backends.openpyxl_book import OpenpyxlBook  # lazy: openpyxl only for a workbook
    from xlxq.sheets.team_layout import is_team_book

    book = OpenpyxlBook(path)
    return BookSource(str(path), book, is_team_book(book))


def open_source(path: str) -> Source:
    """The event source ``path`` names: a workbook (.xlsx, .xlsm) or a JSON
    tournament file, read."""
    if is_workbook(path):
        return open_book(path)
    return FileSource(path, load(path))


def load(path: str):
    """An ``Event``, or a ``TeamEvent`` for ``event.kind: "team"``."""
    return load_any(path)


def save(event, path: str) -> None:
    """Save a JSON tournament file; never under a workbook's name (.xlsx,
    .xlsm): JSON text there would replace an arbiter's workbook with a file
    Excel cannot open."""
    if os.path.splitext(str(path))[1].lower() in WORKBOOK_SUFFIXES:
        name = os.path.basename(str(path))
        raise InputError(
            Msg("source.this-command-writes-a-json-tournament", name=name),
            file=str(path),
        )
    save_event(event, path)


def checked(event):
    """``event`` as a later load would see it (the reader's checks: tie-breaks
    per system, the knockout bracket …) before anything is saved."""
    any_from_dict(any_to_dict(event))
    return event


def is_rr(event) -> bool:
    return system_for(event.settings).follows_order_table


def is_team(event) -> bool:
    teams = sys.modules.get("xlxq.core.teams")  # not loaded: no team event exists (start-up time)
    return teams is not None and isinstance(event, teams.TeamEvent)


def event_before(event, round_no: int):
    """The event as it was before ``round_no`` was paired."""
    return replace(event, rounds=[r for r in event.rounds if r.round < round_no])


def round_arg(event, n: Optional[int], allow_next: bool = False) -> int:
    """The round an operation works on: ``n`` or the last round in the file."""
    last = len(event.rounds)
    if allow_next:
        top = (find_system(event.settings.system) or PairingSystem()).last_pairable_round(event)
    else:
        top = last
    if n is None:
        if last == 0 and not allow_next:
            raise InputError(
                Msg("source.the-file-has-no-rounds-yet-pair-round-1"),
            )
        return max(last, 1)
    if n < 1 or n > top:
        raise InputError(
            f"轮次 --round {n} 无效：文件中有{last}轮" + (f"（可解释到第{top}轮）" if allow_next else ""),
            f"invalid --round {n}: the file has {last} round(s)",
        )
    return n


def split_list(spec: str) -> list[str]:
    """``a,b、c d`` → ["a", "b", "c", "d"] (tie-break lists, play-off games)."""
    return [s for s in (x.strip() for x in re.split(r"[,，、;；\s]+", spec)) if s]


def parse_playoff(spec: str) -> list[int]:
    """``--playoff-games 2,1`` → [2, 1]."""
    parts = split_list(spec)
    if not parts or not all(p.isdigit() and int(p) >= 1 for p in parts):
        raise InputError(
            Msg("source.invalid-playoff-games-positive-whole", spec=spec),
        )
    return [int(p) for p in parts]
