"""``xlxq simulate FILE.xlsx`` (issue 10 §6): the dry run of
:func:`xlxq.operations.simulate.simulate_file` on an individual workbook.

The random results and the rounds are those of the same command on the
event as a JSON file (the same seed gives the same event): the operation
simulates on the event read from the workbook, then plays it into the
workbook as an arbiter would — each round paired by 编排下一轮 (its sheet,
its 编排记录), each result typed into its 结果 cell in the standard
spelling — and recomputes.  Every step is applied in memory and the file is
saved once, at the end (read everything, compute, write once).
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.operations import workbook as W
from xlxq.errors import InputError, XlxqError
from xlxq.operations.result import Outcome
from xlxq.operations.simulate import simulate_file
from xlxq.operations.source import BookSource
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.plan import Book, MergedRange, WritePlan, merged_ranges
from xlxq.sheets.read import read_workbook
from xlxq.operations.workbook_common import apply_status
from xlxq.sheets.results import display as result_display

__all__ = ["simulate_book"]


class InMemoryBook:
    """A workbook whose writes stay in memory until :meth:`save` (an
    :class:`~xlxq.backends.openpyxl_book.OpenpyxlBook`'s ``apply_in_memory``)."""

    def __init__(self, book: Any) -> None:
        self.book = book
        self.changed = False

    def sheet_names(self) -> list[str]:
        return list(self.book.sheet_names())

    def values(self, sheet: str) -> list[list[Any]]:
        return list(self.book.values(sheet))

    def merged_ranges(self, sheet: str) -> list[MergedRange]:
        return merged_ranges(self.book, sheet)

    def apply(self, plan: WritePlan) -> None:
        self.book.apply_in_memory(plan)
        self.changed = True

    def save(self) -> None:
        if self.changed:
            self.book.save()


def simulate_book(src: BookSource, seed: int, rounds: Optional[int], lang: str) -> Outcome:
    """Random results (``seed``) and pairing on, ``rounds`` rounds (default:
    to the end), in the workbook ``src``; its lines are those of the JSON
    command, then the recompute's."""
    if src.team:
        raise XlxqError(
            "团体赛工作簿不支持 xlxq simulate（可用：pair、standings、explain、check）",
            "xlxq simulate is not available for team workbooks (use pair, standings, explain, check)",
        )
    book = InMemoryBook(src.book)
    data = read_workbook(book)
    W.refuse_bad_cells(data)
    if data.blocking:
        st = apply_status(book, W.recompute(book, lang))  # marks the problems; nothing is simulated
        book.save()
        return Outcome(render=st.lines, code=1)
    if data.ko is not None:
        raise InputError(
            "积分晋圈淘汰的淘汰赛阶段不支持 xlxq simulate", "xlxq simulate does not run the knockout stage of a Swiss"
        )
    out = simulate_file(data.event, src.path, seed, rounds)
    target = out.event
    if target is None:  # nothing to do
        return Outcome(render=out.render)
    for rnd in target.rounds:
        if rnd.round > len(data.event.rounds):
            st = apply_status(book, W.pair_next_round(book, lang))
            if not st.ok:
                return Outcome(render=st.lines, code=1)
        data = read_workbook(book)
        _same_pairing(data, rnd)
        _type_results(book, data, rnd)
    st = apply_status(book, W.recompute(book, lang))
    book.save()

    def render(lang: str) -> list[str]:
        return [*out.lines(lang)[:-1], *st.lines(lang)[:1], *out.lines(lang)[-1:]]

    return Outcome(render=render, code=0 if st.ok else 1)


def _same_pairing(data: Any, rnd: Any) -> None:
    """The round the workbook paired is the one simulated (the same engine
    on the same event): a difference is a bug, never silently kept."""
    rs = data.round_sheet(rnd.round)
    have = {(b.red, b.black) for b in rs.round.boards} if rs is not None else set()
    if have != {(b.red, b.black) for b in rnd.boards}:
        raise XlxqError(
            f"内部错误：模拟的第{rnd.round}轮与工作簿中编排的不同",
            f"internal: round {rnd.round} differs from the simulation",
        )


def _type_results(book: Book, data: Any, rnd: Any) -> None:
    """The simulated results of ``rnd`` typed into its 结果 cells (only the
    cells still empty: a result the arbiter entered is never replaced)."""
    rs = data.round_sheet(rnd.round)
    col = rs.table.cols["result"]
    typed = {b.board: b.result for b in rs.round.boards}
    canvas = Canvas(data.snapshot)
    for b in rnd.boards:
        if b.result is not None and typed.get(b.board) is None:
            canvas.set(rs.name, rs.board_rows[b.board], col, result_display(b.result, data.lang))
    plan = canvas.finish()
    if plan.values:
        book.apply(plan)
