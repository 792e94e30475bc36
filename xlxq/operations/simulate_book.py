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
from xlxq.core.groups import in_group
from xlxq.operations.book import grouped_book, run_op
from xlxq.operations.groups import combined
from xlxq.operations.workbook_groups import real_error, selected_groups
from xlxq.sheets.groups import GroupView
from xlxq.sheets.results import display as result_display
from xlxq.i18n import Msg

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


def simulate_book(src: BookSource, seed: int, rounds: Optional[int], lang: str, group: Optional[str] = None) -> Outcome:
    """Random results (``seed``) and pairing on, ``rounds`` rounds (default:
    to the end), in the workbook ``src``; its lines are those of the JSON
    command, then the recompute's.  A workbook with groups (组别): every
    group in turn (or the one ``group`` names), each on its own sheets, as
    the JSON command does group by group; the file is saved once, and not
    at all when a group cannot be paired."""
    if src.team:
        raise XlxqError(
            Msg("simulate_book.xlxq-simulate-is-not-available-for-team"),
        )
    book = InMemoryBook(src.book)
    if not grouped_book(src.book):
        if group is not None:
            raise InputError(Msg("book.group-is-for-a-workbook-with-groups-no"))
        out, save = _simulate(book, src.path, seed, rounds, lang)
    else:
        done: list[tuple[str, Outcome]] = []
        save = True
        for g in selected_groups(src.book, group):
            view = LiveGroupView(book, g)
            try:
                one, ok = _simulate(view, src.path, seed, rounds, lang)
            except XlxqError as exc:
                raise in_group(g, real_error(view, exc)) from None
            done.append((g, one))
            save = save and ok
            if not ok:
                break
        out = combined(done)
    if save:
        book.save()
    return out


class LiveGroupView(GroupView):
    """A group's view whose writes go to the (in-memory) workbook at once, so
    that the next read of the group sees them (a simulated round, then its
    results typed, then the next round paired)."""

    def apply(self, plan: WritePlan) -> None:
        super().apply(plan)
        self.book.apply(self.plans[-1])


def _simulate(book: Any, path: str, seed: int, rounds: Optional[int], lang: str) -> tuple[Outcome, bool]:
    """The simulation on one event's workbook (or a group's view): the
    outcome, and whether to save (no when a round could not be paired)."""
    data = read_workbook(book)
    W.refuse_bad_cells(data)
    if data.blocking:
        st = run_op(W.recompute, book, lang)  # marks the problems; nothing is simulated
        return Outcome(render=st.lines, code=1), True
    if data.ko is not None:
        raise InputError(Msg("simulate_book.xlxq-simulate-does-not-run-the-knockout"))
    out = simulate_file(data.event, path, seed, rounds)
    target = out.event
    if target is None:  # nothing to do
        return Outcome(render=out.render), True
    for rnd in target.rounds:
        if rnd.round > len(data.event.rounds):
            st = run_op(W.pair_next_round, book, lang)
            if not st.ok:
                return Outcome(render=st.lines, code=1), False
        data = read_workbook(book)
        _same_pairing(data, rnd)
        _type_results(book, data, rnd)
    st = run_op(W.recompute, book, lang)

    def render(lang: str) -> list[str]:
        return [*out.lines(lang)[:-1], *st.lines(lang)[:1], *out.lines(lang)[-1:]]

    return Outcome(render=render, code=0 if st.ok else 1), True


def _same_pairing(data: Any, rnd: Any) -> None:
    """The round the workbook paired is the one simulated (the same engine
    on the same event): a difference is a bug, never silently kept."""
    rs = data.round_sheet(rnd.round)
    have = {(b.red, b.black) for b in rs.round.boards} if rs is not None else set()
    if have != {(b.red, b.black) for b in rnd.boards}:
        raise XlxqError(
            Msg("simulate_book.internal-round-differs-from-the", round=rnd.round),
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
