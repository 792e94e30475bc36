"""A whole refresh of a team workbook (:func:`refresh`) and its
编排记录 (:func:`write_log`, through :func:`xlxq.sheets.write_log.write_log_lines`).
"""

from __future__ import annotations

from xlxq.core import records
from xlxq.core.teams import TeamEvent
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.team_data import TeamWorkbookData
from xlxq.sheets.team_settings import write_settings_help
from xlxq.sheets.team_write_rounds import record_program_seating, write_registration_cells, write_round_cells
from xlxq.sheets.team_write_standings import write_board_standings, write_team_standings
from xlxq.sheets.team_write_state import write_state
from xlxq.sheets.write_log import add_log_sheet, read_log_blocks, write_log_lines
from xlxq.sheets.write_notes import write_highlights, write_notes


def write_log(canvas: Canvas, data: TeamWorkbookData, round_no: int, text: str) -> None:
    """Replace (or add) the block of ``round_no`` in 编排记录; blocks in round
    order, lines before the first block kept."""
    name = data.log_sheet
    if name is None:
        name = T.SHEET_NAMES[T.LOG][data.lang]
        add_log_sheet(canvas, name, data.board_standings_sheet or data.team_standings_sheet or None)
        data.log_sheet = name
    preamble, blocks = read_log_blocks(
        data.snapshot.get(name, []), records.HEADING_RE, lambda m: records.block_key(m)[1]
    )
    for blk in blocks.values():
        while blk and blk[-1] is None:
            blk.pop()
    blocks[round_no] = text.splitlines()
    write_log_lines(canvas, name, preamble, blocks)


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
