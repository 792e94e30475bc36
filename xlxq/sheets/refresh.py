"""A whole refresh of a workbook (recompute, after pairing): every
program-owned cell from the event and the problems, by ONE loop
(:func:`refresh`) over the steps of the workbook's kind
(:class:`RefreshSteps`, chosen by the class of its data): the individual
workbook's (:data:`STEPS`, with the standings and the sheets that go with
them by system: :func:`write_system_standings`) and the team workbook's
(:data:`TEAM_STEPS`: 团体成绩, 台次成绩, the seats the program made
recorded first).  Its 编排记录 is written by the one writer
(:mod:`xlxq.sheets.write_log`).

Lazy imports: the team round sheets' writer (``team_write_rounds``) is imported inside the team functions,
so that an individual workbook's operations import no team module
(issue 14; tests/test_workbook_startup.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from xlxq.core.knockout import build_bracket
from xlxq.core.model import Event
from xlxq.core.rating import report_options
from xlxq.sheets import formats as F
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.data import TeamWorkbookData, WorkbookData
from xlxq.sheets.settings import write_settings_help, write_team_settings_help
from xlxq.sheets.write_prizes import write_prizes
from xlxq.sheets.write_standings import ensure_sheet, write_board_standings, write_team_standings
from xlxq.sheets.write_rating import write_rating, write_rating_table
from xlxq.sheets.write_notes import write_highlights, write_notes, write_state
from xlxq.sheets.write_rounds import write_registration_cells, write_round_cells
from xlxq.sheets.write_standings import kept_scores_by_round, write_standings
from xlxq.systems import get_system

if TYPE_CHECKING:
    from xlxq.core.teams import TeamEvent


def _no_prepare(data: Any, event: Any) -> None:
    """Nothing is recorded before an individual workbook's refresh."""


@dataclass(frozen=True)
class RefreshSteps:
    """What a refresh writes in one kind of workbook, besides the notes and
    highlights every kind shares: the round sheets' cells, the 说明 of the
    设置 sheet, the standings sheets (returning the table's rows), the
    numbers filled in the registration; and, the same for every kind unless
    it says otherwise, what is recorded before (``prepare``: nothing; the
    seats the program made, in a team workbook) and the state sheet."""

    round_cells: Callable[[Canvas, Any, Any], None]
    settings_help: Callable[[Canvas, Any], None]
    standings: Callable[[Canvas, Any, Any], list]
    registration_cells: Callable[[Canvas, Any], None]
    prepare: Callable[[Any, Any], None] = _no_prepare
    state: Callable[[Canvas, Any, list, Any], None] = write_state


def refresh(canvas: Canvas, data: Any, event: Any, standings: bool = True) -> list:
    """Every program-owned cell from ``event`` and ``data.problems``, by
    the steps of the workbook's kind (:data:`STEPS_BY_DATA`): round sheets,
    the 设置 说明, standings (unless ``standings`` is False, or the sheets
    have errors that block them), registration numbers, notes, highlights,
    state.  Returns the standings rows."""
    steps = STEPS_BY_DATA[type(data)]
    steps.prepare(data, event)
    rows: list = []
    if not data.blocking:
        steps.round_cells(canvas, data, event)
        steps.settings_help(canvas, data)
        if standings:
            rows = steps.standings(canvas, data, event)
    steps.registration_cells(canvas, data)
    write_notes(canvas, data)
    refs = write_highlights(canvas, data)
    steps.state(canvas, data, refs, event)
    return rows


def write_system_standings(canvas: Canvas, data: WorkbookData, event: Event) -> list:
    """成绩表 and the sheets that go with it, by system: Swiss (with the
    knockout stage of 积分晋圈淘汰: 对阵图, 最终名次), round robin (交叉表),
    knockout (places, 对阵图).  Returns the standing rows of the main stage."""
    system = event.settings.system
    if get_system(system).follows_order_table:
        rows = F.write_rr_standings(canvas, data, event)
        F.write_cross_table(canvas, data, event)
        return rows
    if get_system(system).has_bracket:
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


def write_all_round_cells(canvas: Canvas, data: WorkbookData, event: Event) -> None:
    """The cells of every round sheet, the knockout stage's with its event."""
    system = get_system(event.settings.system)
    by_round = kept_scores_by_round(data, event) if not (system.follows_order_table or system.has_bracket) else None
    for rs in data.rounds:
        write_round_cells(canvas, data, event, rs, by_round)
    if data.ko is not None:
        for rs in data.ko.rounds:
            write_round_cells(canvas, data, data.ko.event, rs)


def write_standings_sheets(canvas: Canvas, data: WorkbookData, event: Event) -> list:
    """The system's standings sheets, then the 等级分 sheet when 设置 asks for
    it and the 获奖名单 when 设置 has a prize table."""
    rows = write_system_standings(canvas, data, event)
    if data.options.rating is not None:
        write_rating(canvas, data, event, data.options.rating)
    write_prizes(canvas, data, event, rows)  # when 设置 has a prize table
    return rows


#: the individual workbook's refresh
STEPS = RefreshSteps(
    round_cells=write_all_round_cells,
    settings_help=write_settings_help,
    standings=write_standings_sheets,
    registration_cells=write_registration_cells,
)


def write_all_team_round_cells(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> None:
    from xlxq.sheets.team_write_rounds import write_round_cells as write_team_round_cells

    for rs in data.rounds:
        write_team_round_cells(canvas, data, event, rs)


def record_program_seating(data: TeamWorkbookData, event: TeamEvent) -> None:
    """The seats the program made, recorded before a team workbook's refresh."""
    from xlxq.sheets.team_write_rounds import record_program_seating as record

    record(data, event)


def write_team_registration_cells(canvas: Canvas, data: TeamWorkbookData) -> None:
    """The 序号 and 队号 the program filled in 队伍报名."""
    from xlxq.sheets.team_write_rounds import write_registration_cells as write_team_cells

    write_team_cells(canvas, data)


def write_team_standings_sheets(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> list:
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
    round_cells=write_all_team_round_cells,
    settings_help=write_team_settings_help,
    standings=write_team_standings_sheets,
    registration_cells=write_team_registration_cells,
    prepare=record_program_seating,
)

#: the refresh of each kind of workbook, by the class of its data
STEPS_BY_DATA: dict[type, RefreshSteps] = {WorkbookData: STEPS, TeamWorkbookData: TEAM_STEPS}
