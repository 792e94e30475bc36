"""A new team workbook (:func:`plan_new_team_workbook`) and a team
template filled in (:func:`plan_fill_team_template`).
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.teams import TeamEvent, TeamSettings
from xlxq.errors import InputError
from xlxq.sheets import layout as L, team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.plan import Book, PageSetup, SheetLook, Style, WritePlan
from xlxq.sheets.settings import append_rating_rows, fill_settings_sheet, write_settings_sheet
from xlxq.sheets.state import state_head
from xlxq.sheets.team_data import STATE_VERSION, TEAM_STATE_WIDTHS
from xlxq.sheets.team_settings import settings_cells, team_tiebreak_sequence
from xlxq.sheets.team_write_standings import board_looks, team_standings_header, team_standings_looks
from xlxq.sheets.templates import new_log_sheet
from xlxq.sheets.write_notes import add_state_sheet, write_state_rows
from xlxq.i18n import Msg, tr


def _team_rows(event: Optional[TeamEvent], lang: str) -> list[list[Any]]:
    out: list[list[Any]] = []
    if event is None:
        return out
    boards = event.settings.boards
    for t in sorted(event.teams, key=lambda t: t.no):
        for i, no in enumerate(t.players, start=1):
            p = event.player(no)
            place = i if i <= boards else T.place_text("reserve", i - boards, lang)
            out.append(
                [
                    t.no,
                    t.name,
                    place,
                    p.no,
                    p.name,
                    tidy_number(p.rating) if p.rating is not None else None,
                    t.reserve_boards.get(no),
                    p.withdrawn_from_round,
                    t.withdrawn_from_round if i == 1 else None,
                    None,
                    None,
                ]
            )
    return out


def _teams_sheet(canvas: Canvas, rname: str, settings: TeamSettings, event: Optional[TeamEvent], lang: str) -> None:
    canvas.set(
        rname,
        1,
        1,
        (f"{settings.name}  " if settings.name else "")
        + (tr(lang, "team_templates.team-registration-board-1-2-for-the-main")),
    )
    canvas.set_row(rname, 2, 1, [c.header(lang) for c in T.TEAM_REG_COLUMNS])
    rows = _team_rows(event, lang)
    for i, vals in enumerate(rows, start=3):
        canvas.set_row(rname, i, 1, vals)
    ncols = len(T.TEAM_REG_COLUMNS)
    plan = canvas.plan
    for j in range(1, ncols + 1):
        canvas.fill(rname, 2, j, L.HEADER_FILL)
    plan.looks.append(SheetLook(rname, {i: c.width for i, c in enumerate(T.TEAM_REG_COLUMNS, start=1)}, freeze=(3, 3)))
    plan.styles += [
        Style(rname, 1, 1, bold=True, size=12),
        Style(rname, 2, 1, 1, ncols, bold=True, border=True, align="center", wrap=True),
    ]
    if rows:
        plan.styles.append(Style(rname, 3, 1, len(rows), ncols, border=True))
        plan.styles.append(Style(rname, 3, 1, len(rows), 1, align="center"))
        plan.styles.append(Style(rname, 3, 3, len(rows), 2, align="center"))
    plan.page_setups.append(
        PageSetup(rname, title_rows=(1, 2), area=(1, 1, max(2, 2 + len(rows)), ncols - 1), footer="&P / &N")
    )


def _lineups_sheet(canvas: Canvas, lname: str, settings: TeamSettings, lang: str) -> None:
    cols = T.LINEUP_HEAD + tuple(T.board_column(k) for k in range(1, settings.boards + 1)) + T.LINEUP_TAIL
    how = tr(lang, "team_templates.one-row-per-round-and-team-numbers-or")
    # the printed title is short; how to fill it in stands above 提示, outside the print area
    canvas.set(lname, 1, 1, T.SHEET_NAMES[T.LINEUPS][lang])
    canvas.set(lname, 1, len(cols), how)
    canvas.set_row(lname, 2, 1, [c.header(lang) for c in cols])
    plan = canvas.plan
    for j in range(1, len(cols) + 1):
        canvas.fill(lname, 2, j, L.HEADER_FILL)
    plan.looks.append(SheetLook(lname, {i: c.width for i, c in enumerate(cols, start=1)}, freeze=(3, 4)))
    plan.styles += [
        Style(lname, 1, 1, bold=True, size=12),
        Style(lname, 2, 1, 1, len(cols), bold=True, border=True, align="center", wrap=True),
    ]
    plan.page_setups.append(
        PageSetup(
            lname, landscape=len(cols) - 1 > 11, title_rows=(1, 2), area=(1, 1, 2, len(cols) - 1), footer="&P / &N"
        )
    )


def _empty_team_standings(canvas: Canvas, name: str, settings: TeamSettings, lang: str) -> None:
    keys, header = team_standings_header(settings, lang, 0)
    canvas.set(name, 1, 1, T.team_standings_title(0, settings.name, lang))
    canvas.set_row(name, 2, 1, header)
    team_standings_looks(canvas, name, header, len(keys), 0, 2)


def _empty_board_standings(canvas: Canvas, name: str, settings: TeamSettings, lang: str) -> None:
    canvas.set(name, 1, 1, T.board_standings_title(0, settings.name, lang))
    canvas.set_row(name, 2, 1, [c.header(lang) for c in T.BOARD_STANDINGS_COLUMNS])
    board_looks(canvas, name, 2)


def plan_new_team_workbook(
    lang: str = "zh",
    settings: Optional[TeamSettings] = None,
    event: Optional[TeamEvent] = None,
    normalise_results: bool = False,
) -> WritePlan:
    """The plan that builds a team workbook from nothing: 设置, 队伍报名,
    出场名单, 团体成绩, 台次成绩, 编排记录 and the hidden state sheet.  Used by
    tools/build_team_templates.py (XlsxWriter) and create_team_workbook."""
    settings = settings or (event.settings if event is not None else TeamSettings())
    canvas = Canvas({})
    names = T.SHEET_NAMES
    sname = names[T.SETTINGS][lang]
    canvas.add_sheet(sname, L.SETTINGS)
    write_settings_sheet(
        canvas,
        sname,
        tr(lang, "team_templates.team-event-settings"),
        T.TEAM_SETTINGS_ROWS,
        settings_cells(settings, lang, normalise_results),
        team_tiebreak_sequence(settings.tiebreaks, settings.system, lang),
        T.TEAM_TIEBREAK_PRESET_LABELS,
        lang,
    )
    rname = names[T.TEAMS][lang]
    canvas.add_sheet(rname, L.REGISTRATION, sname)
    _teams_sheet(canvas, rname, settings, event, lang)
    lname = names[T.LINEUPS][lang]
    canvas.add_sheet(lname, L.REGISTRATION, rname)
    _lineups_sheet(canvas, lname, settings, lang)
    tname = names[T.TEAM_STANDINGS][lang]
    canvas.add_sheet(tname, L.STANDINGS, lname)
    _empty_team_standings(canvas, tname, settings, lang)
    bname = names[T.BOARD_STANDINGS][lang]
    canvas.add_sheet(bname, L.STANDINGS, tname)
    _empty_board_standings(canvas, bname, settings, lang)
    gname = names[T.LOG][lang]
    new_log_sheet(canvas, gname, bname, lang)
    stname = names[T.STATE][lang]
    add_state_sheet(canvas, stname, gname, TEAM_STATE_WIDTHS)
    write_state_rows(canvas, stname, state_head(STATE_VERSION, ["kind", "team"]), [])
    return canvas.finish()


def plan_fill_team_template(
    book: Book, settings: TeamSettings, event: Optional[TeamEvent], normalise_results: bool = False
) -> WritePlan:
    """Fill a fresh copy of the team template: the settings values, the
    teams in 队伍报名, the board columns of 出场名单 and the headers of
    团体成绩 for this event."""
    names = list(book.sheet_names())
    kinds = {T.sheet_kind(n)[0]: n for n in names}
    for kind in (T.SETTINGS, T.TEAMS):
        if kind not in kinds:
            raise InputError(Msg("team_templates.the-template-has-no-settings-or-teams"))
    lang = T.lang_of_sheet(kinds[T.TEAMS])
    snapshot = {n: [list(r) for r in book.values(n)] for n in kinds.values() if n in names}
    canvas = Canvas(snapshot)
    sname = kinds[T.SETTINGS]
    grid = snapshot[sname]
    table, _, last = fill_settings_sheet(
        canvas,
        sname,
        grid,
        T.TEAM_SETTING_LOOKUP,
        settings_cells(settings, lang, normalise_results),
        lambda: team_tiebreak_sequence(settings.tiebreaks, settings.system, lang),
    )
    append_rating_rows(canvas, sname, table, last, settings.rating, lang)
    for kind, build in (
        (T.TEAMS, lambda nm: _teams_sheet(canvas, nm, settings, event, lang)),
        (T.LINEUPS, lambda nm: _lineups_sheet(canvas, nm, settings, lang)),
        (T.TEAM_STANDINGS, lambda nm: _empty_team_standings(canvas, nm, settings, lang)),
        (T.BOARD_STANDINGS, lambda nm: _empty_board_standings(canvas, nm, settings, lang)),
    ):
        if kind in kinds:
            canvas.clear_sheet(kinds[kind])
            build(kinds[kind])
    return canvas.finish()
