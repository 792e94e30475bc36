"""Undo the last round (``xlxq undo FILE [--force]``, the button 撤销本轮;
docs/workbook.md "撤销本轮"): the round is removed and everything that
follows from the rounds is computed again from those left, so the file is
what it was before that round was paired (results and hand edits of the
earlier rounds kept).

- A JSON file: the last round leaves ``rounds``; a knockout whose 加赛
  raised ``settings.rounds`` gets the planned number back (or the rounds
  left, when more).
- A workbook: the round sheet is removed, its block of 编排记录 too, the
  program's record of it in the hidden state sheet; 成绩表 and the sheets of
  the system (交叉表, 对阵图) are rewritten from the rounds left.  The
  knockout stage of 积分晋圈淘汰 is not undone here (restore a backup:
  ``xlxq backups FILE``).
- Every system that has rounds: a Swiss and a knockout remove the round last
  paired (the knockout's bracket goes back with it); a round robin removes
  its last round sheet, also when the table was scheduled at once
  (``schedule``): undo again for each later round, ``pair`` makes it again
  from the same table.

Refused (:class:`ResultsEntered`, exit 2, nothing written) when a result has
been entered in that round, unless ``force``: the results typed into it are
then lost (the backup the save keeps has them).

Lazy imports: the team workbook's modules only for a team workbook
(start-up time of an individual workbook's commands).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Callable, Optional

from xlxq.operations import workbook as W
from xlxq.core import records
from xlxq.core.knockout import build_bracket
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.operations.result import Outcome
from xlxq.sheets.script import to_hans
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.plan import Book
from xlxq.sheets.problems import Status
from xlxq.sheets.read import read_workbook
from xlxq.sheets.refresh import refresh
from xlxq.sheets.team_layout import is_team_book
from xlxq.sheets.write_log import read_log_blocks, write_log_lines
from xlxq.systems import get_system, system_for
from xlxq.operations.workbook_common import sorted_problems, status_line
from xlxq.i18n import Lazy, Msg, tr
from xlxq.text import joined

__all__ = ["ResultsEntered", "undo_file", "undo_book"]


class ResultsEntered(InputError):
    """The round to undo has results (``--force`` or a confirmation undoes it anyway)."""


def _games(event: Any, rnd: Any) -> list[Any]:
    if hasattr(event, "teams"):
        return [b for m in rnd.matches for b in m.boards]
    return list(rnd.boards)


def _last(event: Any) -> Any:
    if not event.rounds:
        raise InputError(Msg("undo.the-file-has-no-rounds-yet-there-is"))
    return max(event.rounds, key=lambda r: r.round)


def _refuse_results(event: Any, rnd: Any, force: bool) -> int:
    done = sum(1 for b in _games(event, rnd) if b.result is not None)
    if done and not force:
        raise ResultsEntered(
            Msg("undo.round-has-result-s-entered-it-was-not", round=rnd.round, done=done),
            round=rnd.round,
        )
    return done


def without_last_round(event: Any) -> Any:
    """``event`` without its last round (a knockout's raised rounds lowered again)."""
    last = _last(event)
    new = replace(event, rounds=[r for r in event.rounds if r.round != last.round])
    s = new.settings
    kind = system_for(s)
    if kind.has_bracket:
        planned = kind.planned_rounds(len(new.players), s)
        rounds = max(planned, len(new.rounds))
        if rounds < s.rounds:
            new = replace(new, settings=replace(s, rounds=rounds))
    return new


def _done_lines(lang: str, n: int, dropped: int, where: str) -> list[str]:
    txt = Text(lang)
    out = [txt("undo.round-undone", n=n)]
    if dropped:
        out[0] += txt("undo.result-s-dropped-with-it", dropped=dropped)
    out[0] += txt("undo.standings-recomputed-from-the-rounds")
    out.append(
        txt(
            "undo.saved-to-the-file-before-xlxq-backups",
            where=where,
        )
    )
    return out


def undo_file(event: Any, path: str, force: bool = False) -> Outcome:
    """The JSON event without its last round."""
    last = _last(event)
    dropped = _refuse_results(event, last, force)
    new = without_last_round(event)
    return Outcome(event=new, render=lambda lang: _done_lines(lang, last.round, dropped, path))


# --- workbooks ----------------------------------------------------------------


def _drop_log_blocks(
    canvas: Canvas, name: Optional[str], snapshot: dict, gone: Callable[[Any], bool], key_of: Any
) -> list[Any]:
    """Remove the blocks of 编排记录 whose key is ``gone``; their keys."""
    if name is None:
        return []
    preamble, blocks = read_log_blocks(snapshot.get(name, []), records.HEADING_RE, key_of)
    out = sorted(k for k in blocks if gone(k))
    if not out:
        return []
    for blk in [preamble, *blocks.values()]:
        while blk and blk[-1] is None:
            blk.pop()
    write_log_lines(canvas, name, preamble, {k: v for k, v in blocks.items() if not gone(k)})
    return out


def _paper_sheets(names: list[str], n: int) -> list[str]:
    """The paper of round ``n`` and of any later round (a round sheet
    deleted by hand leaves its paper): 第N轮记分单, 第N轮编排公告 (in either
    language, 简体 or 繁體), in the workbook's order."""
    out = []
    for name in names:
        m = PAPER_RE.match(to_hans(name))  # 第3輪記分單 in a 繁體 workbook
        if m and int(m.group(1) or m.group(2) or m.group(3) or m.group(4)) >= n:
            out.append(name)
    return out


#: the names of the paper sheets (:func:`xlxq.sheets.paper.scoresheet_name`, ``notice_name``)
PAPER_RE = re.compile(r"^(?:第(\d+)轮记分单|第(\d+)轮编排公告|Round (\d+) score sheets|Round (\d+) pairings notice)$")


def _blocked() -> InputError:
    return InputError(
        Msg("undo.fix-the-errors-of-the-workbook-first"),
    )


def _status(n: int, dropped: int, sheets: list[str], logs: list[int], problems: list, event: Any) -> Status:
    """What undo did: the sheets removed and the rounds whose 编排记录 went."""
    quoted = Lazy(
        lambda lang: tr(lang, "workbook.sheets-sep").join(tr(lang, "workbook.quoted-sheet", sheet=x) for x in sheets)
    )
    msg = Msg(
        "undo.round-undone-sheets-removed",
        n=n,
        sheets=quoted,
        logs=Msg("undo.and-the-pairing-log-of-rounds", rounds=joined(logs)) if logs else "",
        dropped=Msg("undo.results-dropped", k=dropped) if dropped else "",
    )
    return Status(True, msg=status_line(msg, Msg(BACKUP_KEPT)), details=problems, event=event)


#: the end of 撤销本轮's message where the workbook's file was kept among its backups
BACKUP_KEPT = "undo.the-file-as-it-was-is-kept-among-the"


def without_backup_promise(st: Status) -> Status:
    """``st`` of 撤销本轮 where no backup was kept (xlwings Lite: the book
    is Excel's, no file on disk; a new book never saved): its message
    promises none (taken out in the language it is rendered in, from every
    group's line of a workbook with groups)."""
    msg = st.msg
    st.msg = Msg("workbook_common.line", line=Lazy(lambda lang: msg.render(lang).replace(tr(lang, BACKUP_KEPT), "")))
    return st


def _take_last(data: Any, force: bool) -> tuple[int, int, Any, Any]:
    """The last round out of the workbook's data (either kind): its number,
    the results dropped, its round sheet, the event without it."""
    if data.blocking:
        raise _blocked()
    event = data.event
    last = _last(event)
    n = last.round
    dropped = _refuse_results(event, last, force)
    rs = data.round_sheet(n)
    if rs is None:  # pragma: no cover - every round of a workbook has its sheet
        raise InputError(Msg("undo.no-sheet-for-round", n=n))
    new = without_last_round(event)
    data.event = new
    data.rounds = [r for r in data.rounds if r.no != n]
    data.names = [x for x in data.names if x != rs.name]
    data.problems = [p for p in data.problems if p.sheet != rs.name]
    data.state.highlights = [h for h in data.state.highlights if h.sheet != rs.name]
    return n, dropped, rs, new


def _write(book: Book, data: Any, canvas: Canvas, taken: tuple[int, int, Any, Any], stage: Any, key_of: Any) -> Status:
    """The log blocks of the round out and of any later round (their sheets
    deleted by hand), its paper sheets, its sheet removed last: the plan in
    the Status (applied by :func:`xlxq.operations.book.run_op`).  ``key_of``:
    a log block's key, ``stage(key)``: its round when of the stage undone
    (None otherwise)."""
    n, dropped, rs, new = taken

    def gone(key: Any) -> bool:
        k = stage(key)
        return k is not None and k >= n

    logs = [stage(k) for k in _drop_log_blocks(canvas, data.log_sheet, data.snapshot, gone, key_of)]
    paper = _paper_sheets(data.names, n)
    plan = canvas.finish()
    plan.remove_sheets += paper
    plan.remove_sheets.append(rs.name)
    st = _status(n, dropped, [rs.name, *paper], logs, sorted_problems(data.problems), new)
    st.plan = plan
    return st


def undo_book(book: Book, force: bool = False) -> Status:
    """撤销本轮 on a workbook of either kind (see the module text)."""
    if is_team_book(book):
        return _undo_team_book(book, force)
    data = read_workbook(book)
    if data.ko is not None:
        raise InputError(
            Msg("undo.the-knockout-stage-of-this-swiss-has"),
        )
    taken = _take_last(data, force)
    n, new = taken[0], taken[3]
    for sigs in (data.state.generated, data.state.written):
        for k in [k for k in sigs if k >= n]:  # a later round's too: its sheet deleted by hand
            sigs.pop(k)
    if get_system(new.settings.system).has_bracket:
        data.bracket = build_bracket(new)
    W.recheck(data)
    canvas = Canvas(data.snapshot)
    refresh(canvas, data, new)
    return _write(book, data, canvas, taken, lambda key: key[1] if key[0] == 0 else None, records.block_key)


def _undo_team_book(book: Book, force: bool) -> Status:
    from xlxq.operations import team_workbook as TW
    from xlxq.sheets.read import read_team_workbook

    data = read_team_workbook(book)
    taken = _take_last(data, force)
    n, new = taken[0], taken[3]
    st = data.state
    for table in (st.generated, st.gbyes, st.written, st.wbyes):
        for k in [k for k in table if k >= n]:  # a later round's too: its sheet deleted by hand
            table.pop(k)
    st.lineups = {k: v for k, v in st.lineups.items() if k[0] != n}
    TW.recheck(data, new)
    canvas = Canvas(data.snapshot)
    refresh(canvas, data, new)
    return _write(book, data, canvas, taken, lambda key: key, lambda m: records.block_key(m)[1])
