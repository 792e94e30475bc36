"""A whole refresh of a team workbook (:func:`refresh`): the individual
workbook's loop (:func:`xlxq.sheets.refresh.refresh_book`) over the team
steps (:data:`TEAM_STEPS`); its 编排记录 is written by the individual
workbook's writer (:mod:`xlxq.sheets.write_log`).
"""

from __future__ import annotations

from xlxq.core.rating import report_options
from xlxq.core.teams import TeamEvent
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.refresh import RefreshSteps, refresh_book
from xlxq.sheets.team_data import TeamWorkbookData
from xlxq.sheets.team_settings import write_settings_help
from xlxq.sheets.team_write_rounds import record_program_seating, write_registration_cells, write_round_cells
from xlxq.sheets.team_write_standings import ensure_sheet, write_board_standings, write_team_standings
from xlxq.sheets.write_notes import write_state
from xlxq.sheets.write_rating import write_rating_table


def write_all_round_cells(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> None:
    for rs in data.rounds:
        write_round_cells(canvas, data, event, rs)


def write_standings(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> list:
    """团体成绩, then 台次成绩, then the unofficial 等级分 sheet when 设置 asks
    for it (every player rated by the board games he played); the team
    table's rows."""
    rows = write_team_standings(canvas, data, event)
    write_board_standings(canvas, data, event)
    rating = report_options(event.settings)
    if rating is not None:
        name = ensure_sheet(canvas, data, "rating_sheet", T.RATING, data.board_standings_sheet, T.RATING)
        canvas.clear_sheet(name)
        teams = {no: tm.name for tm in event.teams for no in tm.players}
        write_rating_table(canvas, name, data.lang, event, rating, teams)
    return rows


#: the team workbook's refresh
TEAM_STEPS = RefreshSteps(
    round_cells=write_all_round_cells,
    settings_help=write_settings_help,
    standings=write_standings,
    registration_cells=write_registration_cells,
    state=write_state,
)


def refresh(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent, standings: bool = True) -> list:
    """Every program-owned cell from ``event`` and ``data.problems``, the
    seats the program made recorded first."""
    record_program_seating(data, event)
    return refresh_book(TEAM_STEPS, canvas, data, event, standings)
