"""Notes, highlights and the state sheet of a team workbook, written by
the shared writers of :mod:`xlxq.sheets.write_notes` with the team's row
keys.
"""
from __future__ import annotations

from typing import Any, Optional

from xlxq.core.teams import TeamEvent
from xlxq.sheets import layout as L, team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.plan import SheetLook
from xlxq.sheets.state import HighlightRef
from xlxq.sheets.team_data import STATE_VERSION, TeamWorkbookData, enc_seats
from xlxq.sheets.write_notes import cell_or_address, paint_highlights, write_row_notes, write_state_rows


def write_notes(canvas: Canvas, data: TeamWorkbookData) -> None:
    lang = data.lang
    sheets = [(data.reg.name, data.reg.table, list(data.reg.rows.values()) + data.reg.other_rows)]
    if data.lineups is not None:
        sheets.append((data.lineups.name, data.lineups.table,
                       [lr.row for lr in data.lineups.rows.values()] + data.lineups.other_rows))
    for rs in data.rounds:
        sheets.append((rs.name, rs.table, rs.all_rows()))
    write_row_notes(canvas, data.problems, lang, sheets)


def _rowkey(data: TeamWorkbookData, sheet: str, row: int) -> str:
    for k, r in data.rowkeys(sheet).items():
        if r == row:
            return k
    return f"row:{row}"


def _resolve_ref(data: TeamWorkbookData, h: HighlightRef) -> Optional[tuple[int, int]]:
    table = data.table_of(h.sheet)
    row = data.rowkeys(h.sheet).get(h.rowkey) if table is not None else None
    col = table.cols.get(h.colkey) if table is not None else None
    return cell_or_address(row, col, h.address)


def write_highlights(canvas: Canvas, data: TeamWorkbookData) -> list[HighlightRef]:
    return paint_highlights(canvas, data, _resolve_ref, _rowkey)


def write_state(canvas: Canvas, data: TeamWorkbookData, refs: list[HighlightRef], event: TeamEvent) -> None:
    name = data.state_sheet
    if name is None:
        name = T.SHEET_NAMES[T.STATE]["zh"]
        canvas.add_sheet(name, L.STATE, None)
        canvas.plan.looks.append(SheetLook(name, {1: 12, 2: 14, 3: 14, 4: 8, 5: 8, 6: 60}, hidden=True))
        data.state_sheet = name
    canvas.clear_sheet(name)
    rows: list[list[Any]] = [["xlxq", "内部记录，请勿修改 / internal record of xlxq, do not edit"],
                             ["version", STATE_VERSION], ["kind", "team"]]
    st = data.state
    for n in sorted(st.generated):
        for m, (f, s, seats) in sorted(st.generated[n].items()):
            rows.append(["generated", n, m, f, s, enc_seats(seats)])
        rows.append(["gbyes", n, " ".join(map(str, st.gbyes.get(n, [])))])
    for rnd in event.rounds:
        for mt in rnd.matches:
            rows.append(["written", rnd.round, mt.match, mt.first, mt.second,
                         enc_seats((b.red, b.black) for b in mt.boards)])
        rows.append(["wbyes", rnd.round, " ".join(map(str, rnd.byes))])
    lineups = dict(st.lineups)
    lineups.update(data.used_lineups)
    for (n, t), lu in sorted(lineups.items()):
        rows.append(["lineup", n, t, " ".join(map(str, lu))])
    write_state_rows(canvas, name, rows, refs)
