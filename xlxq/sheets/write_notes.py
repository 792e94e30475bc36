"""The notes, highlights and state the program writes, shared by the
individual and the team workbook: the 提示 column of each row
(:func:`write_row_notes`), the fills of problems with the old ones cleared
(:func:`paint_highlights`) and the state sheet's rows
(:func:`write_state_rows`); :func:`write_notes`, :func:`write_highlights`
and :func:`write_state` apply them to an individual workbook.
"""
from __future__ import annotations

import re
from typing import Any, Callable, Optional

from xlxq.core.model import Event
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import Table, as_int
from xlxq.sheets.data import WorkbookData
from xlxq.sheets.plan import SheetLook
from xlxq.sheets.problems import LEVEL_FILL, LEVEL_ORDER, Problem
from xlxq.sheets.state import STATE_VERSION, HighlightRef, Sig


def write_notes(canvas: Canvas, data: WorkbookData) -> None:
    """The 提示 columns (program-owned): one line per row with its problems."""
    lang = data.lang
    sheets = [(data.registration.name, data.registration.table,
               list(data.registration.rows.values()) + data.registration.other_rows)]
    for rs in data.all_rounds:
        sheets.append((rs.name, rs.table, list(rs.board_rows.values()) + list(rs.bye_rows.values())
                       + rs.other_rows))
    if data.ko is not None:
        q = data.ko.qualifiers
        sheets.append((q.name, q.table, list(q.rows.values()) + q.other_rows))
    write_row_notes(canvas, data.problems, lang, sheets)


def write_row_notes(canvas: Canvas, problems: list[Problem], lang: str,
                    sheets: list[tuple[str, Table, list[int]]]) -> None:
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
            canvas.set(sheet, row, col, ("；" if lang == "zh" else "; ").join(msgs) if msgs else None)


def write_highlights(canvas: Canvas, data: WorkbookData) -> list[HighlightRef]:
    """Clear the program's previous highlights (from the state sheet) and
    colour the cells of the current problems.  Returns the new list."""
    return paint_highlights(canvas, data, _resolve_ref, _rowkey)


def paint_highlights(canvas: Canvas, data: Any, resolve_ref: Callable[[Any, HighlightRef], Optional[tuple[int, int]]],
                     rowkey: Callable[[Any, str, int], str]) -> list[HighlightRef]:
    """:func:`write_highlights` for any workbook data (individual or team):
    ``resolve_ref`` finds a remembered highlight's cell, ``rowkey`` names a
    row so that it can be found again after rows moved."""
    for h in data.state.highlights:
        if h.sheet not in data.snapshot and h.sheet not in canvas.new_sheets:
            continue
        pos = resolve_ref(data, h)
        if pos is not None:
            canvas.fill(h.sheet, pos[0], pos[1], None)
    refs: list[HighlightRef] = []
    done: set[tuple[str, int, int]] = set()
    for p in sorted(data.problems, key=lambda p: -LEVEL_ORDER[p.level]):   # most serious colour wins
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
                refs.append(HighlightRef(p.sheet, rowkey(data, p.sheet, p.row), _colkey(table, col),
                                         L.cell_ref(p.row, col)))
    return refs


def _colkey(table: Table, col: int) -> str:
    return next((k for k, c in table.cols.items() if c == col), f"col:{col}")


def _rowkey(data: WorkbookData, sheet: str, row: int) -> str:
    if sheet == data.registration.name:
        no = next((n for n, r in data.registration.rows.items() if r == row), None)
        if no is not None:
            return f"player:{no}"
    rs = next((r for r in data.all_rounds if r.name == sheet), None)
    if rs is not None:
        k = rs.rowkey(row)
        if k:
            return k
    return f"row:{row}"


def _resolve_ref(data: WorkbookData, h: HighlightRef) -> Optional[tuple[int, int]]:
    table = data.table_of(h.sheet)
    row = col = None
    if table is not None:
        kind, _, n = h.rowkey.partition(":")
        if kind == "player":
            row = data.registration.rows.get(as_int(n))
        elif kind in ("board", "bye"):
            rs = next((r for r in data.all_rounds if r.name == h.sheet), None)
            row = rs.row_of(h.rowkey) if rs else None
        col = table.cols.get(h.colkey)
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


def write_state(canvas: Canvas, data: WorkbookData, refs: list[HighlightRef], event: Event) -> None:
    name = data.state_sheet
    if name is None:
        name = L.SHEET_NAMES[L.STATE]["zh"]
        canvas.add_sheet(name, L.STATE, None)
        canvas.plan.looks.append(SheetLook(name, {1: 12, 2: 14, 3: 60, 4: 20, 5: 10}, hidden=True))
        data.state_sheet = name
    canvas.clear_sheet(name)
    rows: list[list[Any]] = [["xlxq", "内部记录，请勿修改 / internal record of xlxq, do not edit"],
                             ["version", STATE_VERSION]]
    for n in sorted(data.state.generated):
        rows.append(["generated", n, *data.state.generated[n].encode()])
    # While a round is unusable its cells are not rewritten: keep the old record.
    written = data.state.written if data.blocking else {r.round: Sig.of(r) for r in event.rounds}
    for n in sorted(written):
        rows.append(["written", n, *written[n].encode()])
    for n in sorted(data.state.ko_generated):
        rows.append(["ko_generated", n, *data.state.ko_generated[n].encode()])
    ko_written = data.state.ko_written if (data.blocking or data.ko is None) else \
        {r.round: Sig.of(r) for r in data.ko.event.rounds}
    for n in sorted(ko_written):
        rows.append(["ko_written", n, *ko_written[n].encode()])
    write_state_rows(canvas, name, rows, refs)


def write_state_rows(canvas: Canvas, name: str, rows: list[list[Any]], refs: list[HighlightRef]) -> None:
    """Write the state sheet's ``rows`` and then the highlight rows."""
    rows = rows + [["highlight", h.sheet, h.rowkey, h.colkey, h.address] for h in refs]
    for i, row in enumerate(rows, start=1):
        canvas.set_row(name, i, 1, [v if v != "" else None for v in row])
