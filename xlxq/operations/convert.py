"""An event from one kind of file into the other (issue 10 §3): ``xlxq new
FILE.xlsx`` (a registration into a workbook built from the template) and
``xlxq convert A B`` (a JSON tournament file into a workbook and back,
individual and team events).

JSON → workbook: the template filled (设置, 报名表 / 队伍报名) as ``xlxq new``
fills it, then, for an individual event, every round of the file as its
对阵表 (the pairing as the file has it, its results and fouls typed in their
cells) and a recompute (成绩表 and the sheets of the system).  The rounds
are written as the file has them, not re-paired: the workbook keeps the
engine's pairing of a round where the file does (its ``engine``, into
_xlxq ``generated``), and none for another round, so none is reported as
changed by hand.  A team file's rounds (line-ups, match blocks) are not
written: only a team file without rounds converts (refused otherwise).

Workbook → JSON: the event the workbook operations read (the same reader),
saved as a JSON file.  The knockout stage of 积分晋圈淘汰 lives in a second
JSON file (``xlxq qualify``): a workbook holding it is refused.

What a workbook has no place for is lost on the way: an individual round's
``provisional`` list (原则(八): the games paired as draws) — the rest of the
event is the same after JSON → xlsx → JSON (tests/test_convert.py).
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Any

from xlxq.operations import team_workbook as TW
from xlxq.operations import workbook as W
from xlxq.backends.json_file import save_event
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.core.groups import Grouped
from xlxq.core.model import Event
from xlxq.core.teams import TeamEvent
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.text import joined
from xlxq.operations.result import Outcome
from xlxq.operations.simulate_book import InMemoryBook
from xlxq.operations.source import WORKBOOK_SUFFIXES, is_workbook, load
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.read import read_team_workbook, read_workbook
from xlxq.sheets.refresh import refresh
from xlxq.sheets.results import display as result_display
from xlxq.sheets.state import Sig
from xlxq.sheets.write_rounds import add_round_sheet
from xlxq.operations.workbook_common import apply_status
from xlxq.i18n import Msg

__all__ = ["write_workbook", "created", "convert_file"]


def write_workbook(event: Any, path: str | os.PathLike, lang: str, overwrite: bool = False) -> Path:
    """``event`` (an ``Event`` or a ``TeamEvent``) as a new workbook at
    ``path`` (.xlsx/.xlsm) in the language ``lang`` of its sheets."""
    path = Path(path)
    if isinstance(event, TeamEvent):
        if event.rounds:
            raise InputError(
                Msg("convert.the-team-file-has-round-s-only-a-team", n=len(event.rounds)),
            )
        return TW.create_team_workbook(path, event, event.settings, lang=lang, overwrite=overwrite)
    W.create_event_workbook(path, event.players, event.settings, lang=lang, overwrite=overwrite)
    if event.rounds:
        _write_rounds(path, event, lang)
    return path


def _write_rounds(path: Path, event: Event, lang: str) -> None:
    """Every round of ``event`` as its 对阵表 in the new workbook at
    ``path``, then a recompute (its messages in ``lang``); saved once."""
    book = InMemoryBook(OpenpyxlBook(path))
    data = read_workbook(book)
    canvas = Canvas(data.snapshot)
    for rnd in event.rounds:
        upto = replace(event, rounds=[r for r in event.rounds if r.round <= rnd.round])
        rs = add_round_sheet(canvas, data, upto, rnd)
        if rnd.engine is not None:  # the pairing the engine made, kept in _xlxq as a pairing keeps it
            pairs, byes = rnd.engine
            data.state.generated[rnd.round] = Sig(dict(enumerate(pairs, 1)), list(byes))
        cols = rs.table.cols
        for b in rnd.boards:
            row = rs.board_rows[b.board]
            if b.result is not None:
                canvas.set(rs.name, row, cols["result"], result_display(b.result, data.lang))
            for key, n in (("fouls_red", b.fouls_red), ("fouls_black", b.fouls_black)):
                if n:
                    canvas.set(rs.name, row, cols[key], n)
    data.event = event
    refresh(canvas, data, event, standings=False)
    book.apply(canvas.finish())
    st = apply_status(book, W.recompute(book, lang))
    if not st.ok:  # the file's data, refused by the workbook's reader: say why, write nothing
        raise InputError(st.msg)
    book.save()


def read_any_workbook(path: str | os.PathLike) -> Any:
    """The event of the workbook at ``path`` (an ``Event`` or a
    ``TeamEvent``), as the workbook operations read it."""
    book = OpenpyxlBook(path)
    if TW.is_team_workbook(book):
        return read_team_workbook(book).event
    data = read_workbook(book)
    W.refuse_bad_cells(data)
    if data.ko is not None:
        raise InputError(
            Msg("convert.the-workbook-holds-the-knockout-stage-of"),
        )
    return data.event


def created(event: Any, path: Path, render: Any, overwrite: bool, lang: str) -> Outcome:
    """What ``xlxq new`` returns: the event to save as a JSON file, or, for a
    workbook name (.xlsx/.xlsm), the workbook written now from the template
    (its sheets in ``lang``) and nothing left to save."""
    if not is_workbook(path):
        return Outcome(event=event, path=str(path), render=render)
    if getattr(event.settings, "member_total", None) is not None:
        raise InputError(
            Msg("convert.member-totals-member-total-are-for-a"),
        )
    write_workbook(event, path, lang, overwrite=overwrite)
    return Outcome(render=render)


def groups_workbook_refused(path: Any, groups: list[str]) -> InputError:
    """An event with groups (组别) is not written as a new workbook yet:
    the error naming ``path`` and the groups (nothing is written)."""
    return InputError(
        Msg(
            "convert.an-event-with-groups-cannot-be-written",
            path=path,
            join_groups=joined(groups),
        ),
        file=str(path),
    )


def convert_file(src: str, dst: str, force: bool, lang: str) -> Outcome:
    """``xlxq convert A B``: a JSON file into a workbook, or a workbook into
    a JSON file (the kind by the names' suffixes)."""
    a, b = is_workbook(src), is_workbook(dst)
    if a == b:
        raise InputError(
            Msg(
                "convert.xlxq-convert-turns-a-json-event-file",
                WORKBOOK_SUFFIXES="/".join(WORKBOOK_SUFFIXES),
                src=src,
                dst=dst,
            ),
        )
    if os.path.exists(dst) and not force:
        raise InputError(Msg("convert.already-exists-use-force-to-overwrite", dst=dst))
    if not os.path.exists(src):
        raise InputError(Msg("convert.file-not-found", src=src), file=src)
    if a:
        event = read_any_workbook(src)
        save_event(event, dst)
    else:
        event = load(src)
        if isinstance(event, Grouped):
            raise groups_workbook_refused(dst, event.names())
        write_workbook(event, dst, lang, overwrite=force)
    team = isinstance(event, TeamEvent)
    n = len(event.teams) if team else len(event.players)

    def render(lang: str) -> list[str]:
        t = Text(lang)
        what = t(f"{n}队" if team else f"{n}名棋手", f"{n} teams" if team else f"{n} players")
        return [
            t(
                "convert.converted-round-s",
                src=src,
                dst=dst,
                what=what,
                n=len(event.rounds),
            )
        ]

    return Outcome(render=render)
