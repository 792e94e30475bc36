""":class:`Canvas`: the cells an operation wants, kept as edits on a copy
of the values read and compared with them at the end, so the
:class:`~xlxq.sheets.plan.WritePlan` holds only the cells that change.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from xlxq.sheets.cells import cell_at, same_value
from xlxq.sheets.pages import break_long_text, finish_paper
from xlxq.sheets.plan import AddSheet, Fill, SheetLook, Values, WritePlan


class Canvas:
    """Collects the cells an operation wants, compares them with the
    values read, and emits the minimal :class:`WritePlan`."""

    def __init__(self, snapshot: dict[str, list[list[Any]]]):
        self.orig = snapshot
        self.edits: dict[str, dict[tuple[int, int], Any]] = {}
        self.fills: dict[tuple[str, int, int], Optional[str]] = {}
        self.plan = WritePlan()
        self.new_sheets: list[str] = []
        self.whole: set[str] = set()  # program-owned sheets: written as one block

    def value(self, sheet: str, row: int, col: int) -> Any:
        e = self.edits.get(sheet)
        if e is not None and (row, col) in e:
            return e[(row, col)]
        return cell_at(self.orig.get(sheet, []), row, col)

    def set(self, sheet: str, row: int, col: int, value: Any) -> None:
        if value.__class__ is float and value.is_integer():  # (a float's subclass is not one the sheets make)
            value = int(value)
        edits = self.edits.get(sheet)
        if edits is None:
            edits = self.edits[sheet] = {}
        edits[(row, col)] = value

    def set_row(self, sheet: str, row: int, col: int, values: Iterable[Any]) -> None:
        for j, v in enumerate(values):
            self.set(sheet, row, col + j, v)

    def clear_sheet(self, sheet: str) -> None:
        """Empty every cell that has a value (the sheet is rewritten, and is
        program-owned: its changes go out as one rectangle)."""
        self.whole.add(sheet)
        edits: Optional[dict[tuple[int, int], Any]] = None
        for i, r in enumerate(self.orig.get(sheet, []), start=1):
            for j, v in enumerate(r, start=1):
                if v is not None:
                    if edits is None:
                        edits = self.edits.setdefault(sheet, {})
                    edits[(i, j)] = None

    def add_sheet(self, name: str, kind: str, after: Optional[str] = None) -> None:
        self.plan.add_sheets.append(AddSheet(name, kind, after))
        self.new_sheets.append(name)
        self.orig.setdefault(name, [])

    def fill(self, sheet: str, row: int, col: int, colour: Optional[str]) -> None:
        self.fills[(sheet, row, col)] = colour

    def rows(self, sheet: str) -> list[list[Any]]:
        """The sheet's values as they will be after the plan (edits applied)."""
        grid = [list(r) for r in self.orig.get(sheet, [])]
        for (r, c), v in self.edits.get(sheet, {}).items():
            while len(grid) < r:
                grid.append([])
            row = grid[r - 1]
            if len(row) < c:
                row.extend([None] * (c - len(row)))
            row[c - 1] = v
        return grid

    def finish(self) -> WritePlan:
        """The plan: the cells that change, the fills, and the print pages
        of what it writes (:func:`xlxq.sheets.pages.finish_paper`)."""
        heights = break_long_text(self.edits, lambda s, r, c: cell_at(self.orig.get(s, []), r, c))
        plan = self._finish_cells()
        if not plan.is_empty():
            plan.looks += [SheetLook(sheet, heights=hs) for sheet, hs in heights.items()]
        names = [*self.orig, *(n for n in self.new_sheets if n not in self.orig)]
        cache: dict[str, list[list[Any]]] = {}

        def rows(sheet: str) -> list[list[Any]]:
            if sheet not in cache:
                cache[sheet] = self.rows(sheet)
            return cache[sheet]

        finish_paper(plan, [n for n in names if n not in plan.remove_sheets], rows)
        return plan

    def _finish_cells(self) -> WritePlan:
        plan = self.plan
        for sheet, edits in self.edits.items():
            if sheet in self.new_sheets:
                cells = {k: v for k, v in edits.items() if v is not None}
                if not cells:
                    continue
                r0 = min(r for r, _ in cells)
                r1 = max(r for r, _ in cells)
                c0 = min(c for _, c in cells)
                c1 = max(c for _, c in cells)
                plan.values.append(
                    Values(sheet, r0, c0, [[cells.get((r, c)) for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)])
                )
                continue
            changed = _changed(self.orig.get(sheet, []), edits)
            if sheet in self.whole and changed:
                r0, r1 = min(r for r, _ in changed), max(r for r, _ in changed)
                c0, c1 = min(c for _, c in changed), max(c for _, c in changed)
                plan.values.append(
                    Values(
                        sheet, r0, c0, [[self.value(sheet, r, c) for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)]
                    )
                )
                continue
            plan.values.extend(Values(sheet, r, c, vals) for r, c, vals in _rectangles(changed))
        by_colour: dict[tuple[str, Optional[str]], dict[tuple[int, int], bool]] = {}
        for (sheet, r, c), colour in self.fills.items():
            by_colour.setdefault((sheet, colour), {})[(r, c)] = True
        clears = [k for k in by_colour if k[1] is None]
        sets = [k for k in by_colour if k[1] is not None]
        for key in clears + sets:
            sheet, colour = key
            for r, c, vals in _rectangles(by_colour[key]):
                plan.fills.append(Fill(sheet, r, c, len(vals), len(vals[0]), colour))
        return plan


def _changed(grid: list[list[Any]], edits: dict[tuple[int, int], Any]) -> dict[tuple[int, int], Any]:
    """The edits whose value is not the grid's (:func:`same_value` of
    :func:`cell_at`, which it equals: ``same_value`` reads blank text as
    empty itself; a value of the same type and equal is the same, checked
    first: most cells of a refresh do not change)."""
    out = {}
    height = len(grid)
    for k, v in edits.items():
        r, c = k
        old = None
        if 0 < r <= height:
            row = grid[r - 1]
            if 0 < c <= len(row):
                old = row[c - 1]
        if type(old) is type(v) and old == v:
            continue
        if not same_value(old, v):
            out[k] = v
    return out


def _rectangles(cells: dict[tuple[int, int], Any]) -> list[tuple[int, int, list[list[Any]]]]:
    """Group cells into rectangles: runs of columns per row, then equal runs
    on consecutive rows merged."""
    rows: dict[int, list[int]] = {}
    for r, c in cells:
        rows.setdefault(r, []).append(c)
    runs: dict[tuple[int, int], list[int]] = {}
    for r, cs in rows.items():
        cs.sort()
        start = prev = cs[0]
        for c in cs[1:] + [None]:
            if c is not None and c == prev + 1:
                prev = c
                continue
            runs.setdefault((start, prev), []).append(r)
            if c is not None:
                start = prev = c
    out = []
    for (c0, c1), rs in runs.items():
        rs.sort()
        top = last = rs[0]
        for r in rs[1:] + [None]:
            if r is not None and r == last + 1:
                last = r
                continue
            out.append((top, c0, [[cells[(i, j)] for j in range(c0, c1 + 1)] for i in range(top, last + 1)]))
            if r is not None:
                top = last = r
    out.sort(key=lambda t: (t[0], t[1]))
    return out
