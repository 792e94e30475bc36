"""A whole refresh of a team workbook (:func:`refresh`); its 编排记录 is
written by the individual workbook's writer (:mod:`xlxq.sheets.write_log`).
"""

from __future__ import annotations

from xlxq.core.teams import TeamEvent
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.team_data import TeamWorkbookData
from xlxq.sheets.team_settings import write_settings_help
from xlxq.sheets.team_write_rounds import record_program_seating, write_registration_cells, write_round_cells
from xlxq.sheets.team_write_standings import write_board_standings, write_team_standings
from xlxq.sheets.team_write_state import write_state
from xlxq.sheets.write_notes import write_highlights, write_notes


def refresh(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent, standings: bool = True) -> list:
    """Every program-owned cell from ``event`` and ``data.problems``."""
    rows: list = []
    record_program_seating(data, event)
    for rs in data.rounds:
        write_round_cells(canvas, data, event, rs)
    write_settings_help(canvas, data)
    if standings:
        rows = write_team_standings(canvas, data, event)
        write_board_standings(canvas, data, event)
    write_registration_cells(canvas, data)
    write_notes(canvas, data)
    refs = write_highlights(canvas, data)
    write_state(canvas, data, refs, event)
    return rows
