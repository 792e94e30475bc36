"""The notes, highlights and state the program writes.  :func:`write_notes`
(the 提示 column of each row, most serious first) and
:func:`write_highlights` (the fills of the problems, the old ones cleared)
serve the individual and the team workbook alike: they ask the workbook data
for its sheets (``note_sheets``, ``table_of``) and its row keys
(``rowkeys``).  :func:`write_state` writes the state sheet of either
workbook (its records: ``data.state_rows``) through :func:`write_state_rows`.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import Table
from xlxq.sheets.data import TeamWorkbookData, WorkbookData
from xlxq.sheets.plan import SheetLook
from xlxq.sheets.problems import LEVEL_FILL, LEVEL_ORDER, Problem
from xlxq.sheets.state import HighlightRef
from xlxq.i18n import tr


def write_notes(canvas: Canvas, data: Any) -> None:
    """The 提示 columns (program-owned) of an individual or a team workbook
    (``data.note_sheets()``): one line per row with its problems."""
    write_row_notes(canvas, data.problems, data.lang, data.note_sheets())


def write_row_notes(
    canvas: Canvas, problems: list[Problem], lang: str, sheets: list[tuple[str, Table, list[int]]]
) -> None:
    """Write the messages of ``problems`` into the 备注 column of their rows
    (most serious first); the other rows of ``sheets`` get an empty note."""
    by_row: dict[tuple[str, int], list[str]] = {}
    for p in sorted(problems, key=lambda p: LEVEL_ORDER[p.level]):
        if p.sheet is not None and p.row is not None:
            msgs = by_row.setdefault((p.sheet, p.row), [])
            m = p.message(lang)
            if m and m not in msgs:
                msgs.append(m)
    for sheet, table, rows in sheets:
        col = table.cols.get("note")
        if col is None:
            continue
        for row in rows:
            msgs = by_row.get((sheet, row))
            canvas.set(sheet, row, col, (tr(lang, "record.sep")).join(msgs) if msgs else None)


def write_highlights(canvas: Canvas, data: Any) -> list[HighlightRef]:
    """Clear the program's previous highlights (from the state sheet) and
    colour the cells of the current problems, in an individual or a team
    workbook (``data.table_of``, ``data.rowkeys``).  Returns the new list;
    a highlight names its row by a key (:func:`rowkey`) so that it is found
    again after rows moved."""
    for h in data.state.highlights:
        if h.sheet not in data.snapshot and h.sheet not in canvas.new_sheets:
            continue
        pos = resolve_ref(data, h)
        if pos is not None:
            canvas.fill(h.sheet, pos[0], pos[1], None)
    refs: list[HighlightRef] = []
    done: set[tuple[str, int, int]] = set()
    for p in sorted(data.problems, key=lambda p: -LEVEL_ORDER[p.level]):  # most serious colour wins
        if p.sheet is None or p.row is None:
            continue
        table = data.table_of(p.sheet)
        if table is None:
            continue
        cols = [table.cols[k] for k in p.cols if k in table.cols]
        if cols and p.cell is None:
            p.cell = L.cell_ref(p.row, cols[0])
        for col in cols:
            canvas.fill(p.sheet, p.row, col, LEVEL_FILL[p.level])
            key = (p.sheet, p.row, col)
            if key not in done:
                done.add(key)
                refs.append(
                    HighlightRef(p.sheet, rowkey(data, p.sheet, p.row), _colkey(table, col), L.cell_ref(p.row, col))
                )
    return refs


def _colkey(table: Table, col: int) -> str:
    return next((k for k, c in table.cols.items() if c == col), f"col:{col}")


def rowkey(data: Any, sheet: str, row: int) -> str:
    """The key of ``row`` of ``sheet`` ("board:5", "player:3", …; "row:12" for
    a row without one)."""
    for k, r in data.rowkeys(sheet).items():
        if r == row:
            return k
    return f"row:{row}"


def resolve_ref(data: Any, h: HighlightRef) -> Optional[tuple[int, int]]:
    """The cell of a remembered highlight now: its row found by its key,
    else its address."""
    table = data.table_of(h.sheet)
    row = data.rowkeys(h.sheet).get(h.rowkey) if table is not None else None
    col = table.cols.get(h.colkey) if table is not None else None
    return cell_or_address(row, col, h.address)


def cell_or_address(row: Optional[int], col: Optional[int], address: str) -> Optional[tuple[int, int]]:
    """``(row, col)`` when both are known, else the remembered address."""
    if row is None or col is None:
        m = re.fullmatch(r"([A-Z]+)(\d+)", address or "")
        if not m:
            return None
        c = 0
        for ch in m.group(1):
            c = c * 26 + ord(ch) - 64
        return int(m.group(2)), c
    return row, col


def write_state(canvas: Canvas, data: "WorkbookData | TeamWorkbookData", refs: list[HighlightRef], event: Any) -> None:
    """The hidden state sheet of an individual or a team workbook: its
    records (``data.state_rows``), then the highlights ``refs``."""
    name = state_sheet(canvas, data, data.state_table.widths())
    write_state_rows(canvas, name, data.state_rows(event), refs)


def write_state_rows(canvas: Canvas, name: str, rows: list[list[Any]], refs: list[HighlightRef]) -> None:
    """Write the state sheet's ``rows`` and then the highlight rows."""
    rows = rows + [["highlight", h.sheet, h.rowkey, h.colkey, h.address] for h in refs]
    for i, row in enumerate(rows, start=1):
        canvas.set_row(name, i, 1, [v if v != "" else None for v in row])


def add_state_sheet(canvas: Canvas, name: str, after: Optional[str], widths: dict[int, float]) -> None:
    """A new state sheet (hidden), after the sheet ``after``."""
    canvas.add_sheet(name, L.STATE, after)
    canvas.plan.looks.append(SheetLook(name, widths, hidden=True))


def state_sheet(canvas: Canvas, data: Any, widths: dict[int, float]) -> str:
    """The state sheet of an individual or a team workbook, emptied to be
    written again (added at the end, hidden, when the workbook has none)."""
    name = data.state_sheet
    if name is None:
        name = L.SHEET_NAMES[L.STATE]["zh"]
        add_state_sheet(canvas, name, None, widths)
        data.state_sheet = name
    canvas.clear_sheet(name)
    return name
