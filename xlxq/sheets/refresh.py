"""A whole refresh of an individual workbook (recompute, after pairing):
every program-owned cell from the event and the problems
(:func:`refresh`), with the standings and the sheets that go with them by
system (:func:`write_system_standings`).
"""

from __future__ import annotations

from xlxq.core.knockout import build_bracket
from xlxq.core.model import Event
from xlxq.sheets import formats as F
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.data import WorkbookData
from xlxq.sheets.settings import write_settings_help
from xlxq.sheets.write_rating import write_rating
from xlxq.sheets.write_notes import write_highlights, write_notes, write_state
from xlxq.sheets.write_rounds import write_registration_cells, write_round_cells
from xlxq.sheets.write_standings import write_standings
from xlxq.systems import get_system


def write_system_standings(canvas: Canvas, data: WorkbookData, event: Event) -> list:
    """成绩表 and the sheets that go with it, by system: Swiss (with the
    knockout stage of 积分晋圈淘汰: 对阵图, 最终名次), round robin (交叉表),
    knockout (places, 对阵图).  Returns the standing rows of the main stage."""
    system = event.settings.system
    if get_system(system).round_robin:
        rows = F.write_rr_standings(canvas, data, event)
        F.write_cross_table(canvas, data, event)
        return rows
    if get_system(system).knockout:
        bracket = data.bracket or build_bracket(event)
        rows = F.write_ko_standings(canvas, data, event, bracket)
        F.write_bracket(canvas, data, event, bracket, data.standings_sheet)
        return rows
    rows = write_standings(canvas, data, event)
    if data.ko is not None:
        ko = data.ko
        ko.bracket = ko.bracket or build_bracket(ko.event)
        F.write_bracket(canvas, data, ko.event, ko.bracket, ko.qualifiers.name)
        F.write_final_ranking(canvas, data, event, ko.event)
    return rows


def refresh(canvas: Canvas, data: WorkbookData, event: Event, standings: bool = True) -> list:
    """Every program-owned cell from ``event`` and ``data.problems``: round
    sheets, registration numbers, notes, highlights, standings, state."""
    rows: list = []
    if not data.blocking:
        for rs in data.rounds:
            write_round_cells(canvas, data, event, rs)
        if data.ko is not None:
            for rs in data.ko.rounds:
                write_round_cells(canvas, data, data.ko.event, rs)
        write_settings_help(canvas, data)
        if standings:
            rows = write_system_standings(canvas, data, event)
            if getattr(data.options, "rating", None) is not None:
                write_rating(canvas, data, event, data.options.rating)
    write_registration_cells(canvas, data)
    write_notes(canvas, data)
    refs = write_highlights(canvas, data)
    write_state(canvas, data, refs, event)
    return rows
