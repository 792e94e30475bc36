"""A new team workbook (:func:`plan_new_team_workbook`) and a team
template filled in (:func:`plan_fill_team_template`).
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.teams import TeamEvent, TeamSettings
from xlxq.errors import InputError
from xlxq.sheets import layout as L, team_layout as T
from xlxq.sheets.script import script_of, texts_of
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.looks import layout_looks, standings_looks, write_head
from xlxq.sheets.plan import Book, PageSetup, Style, WritePlan
from xlxq.sheets.settings import append_rating_rows, fill_settings_sheet, write_settings_sheet
from xlxq.sheets.state import team_state_head
from xlxq.sheets.settings import team_settings_cells, team_tiebreak_sequence
from xlxq.sheets.team_write_standings import board_looks, team_standings_header
from xlxq.sheets.templates import finish_new_book, player_cells
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
            team_cells = {
                "team_no": t.no,
                "team": t.name,
                "place": place,
                "reserve_board": t.reserve_boards.get(no),
                "team_withdrawn": t.withdrawn_from_round if i == 1 else None,
            }
            out.append(T.TEAMS_TABLE.row({**player_cells(p), **team_cells}))
    return out


def _teams_sheet(canvas: Canvas, rname: str, settings: TeamSettings, event: Optional[TeamEvent], lang: str) -> None:
    title = tr(lang, "team_templates.team-registration-board-1-2-for-the-main")
    write_head(canvas, rname, T.TEAMS_TABLE, lang, L.titled(settings.name, title))
    rows = _team_rows(event, lang)
    for i, vals in enumerate(rows, start=3):
        canvas.set_row(rname, i, 1, vals)
    ncols = len(T.TEAM_REG_COLUMNS)
    plan = canvas.plan
    layout_looks(canvas, rname, T.TEAMS_TABLE, 2 + len(rows))
    if rows:
        plan.styles.append(Style(rname, 3, 1, len(rows), 1, align="center"))
        plan.styles.append(Style(rname, 3, 3, len(rows), 2, align="center"))
    plan.page_setups.append(
        PageSetup(rname, title_rows=(1, 2), area=(1, 1, max(2, 2 + len(rows)), ncols - 1), footer="&P / &N")
    )


def _lineups_sheet(canvas: Canvas, lname: str, settings: TeamSettings, lang: str) -> None:
    cols = T.lineup_columns(settings.boards)
    how = tr(lang, "team_templates.one-row-per-round-and-team-numbers-or")
    # the printed title is short; how to fill it in stands above 提示, outside the print area
    table = T.LINEUPS_TABLE.but(columns=cols, tail=())
    write_head(canvas, lname, table, lang, table.sheet_name(lang))
    canvas.set(lname, 1, len(cols), how)
    plan = canvas.plan
    layout_looks(canvas, lname, table, 2)
    plan.page_setups.append(
        PageSetup(
            lname, landscape=len(cols) - 1 > 11, title_rows=(1, 2), area=(1, 1, 2, len(cols) - 1), footer="&P / &N"
        )
    )


def _empty_team_standings(canvas: Canvas, name: str, settings: TeamSettings, lang: str) -> None:
    keys, header = team_standings_header(settings, lang, 0)
    write_head(canvas, name, T.TEAM_STANDINGS_TABLE, lang, T.team_standings_title(0, settings.name, lang), header)
    standings_looks(canvas, name, T.TEAM_STANDINGS_TABLE, len(keys), 0, 2)


def _empty_board_standings(canvas: Canvas, name: str, settings: TeamSettings, lang: str) -> None:
    write_head(canvas, name, T.BOARD_STANDINGS_TABLE, lang, T.board_standings_title(0, settings.name, lang))
    board_looks(canvas, name, 2)


def team_texts(settings: TeamSettings, event: Optional[TeamEvent]) -> set[str]:
    """The user's strings of a new team workbook (titles, teams, players)."""
    return texts_of(settings, *((event.teams, event.players) if event is not None else ()))


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
    canvas.hant, lang = script_of(lang)  # "zh-Hant": the Chinese workbook in 繁體
    canvas.user_texts = team_texts(settings, event)
    names = T.SHEET_NAMES
    sname = names[T.SETTINGS][lang]
    canvas.add_sheet(sname, L.SETTINGS)
    write_settings_sheet(
        canvas,
        sname,
        tr(lang, "team_templates.team-event-settings"),
        T.TEAM_SETTINGS_ROWS,
        team_settings_cells(settings, lang, normalise_results),
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
    return finish_new_book(canvas, bname, lang, T.TEAM_STATE_TABLE, team_state_head())


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
    canvas.user_texts = team_texts(settings, event)  # as typed in a 繁體 template
    sname = kinds[T.SETTINGS]
    grid = snapshot[sname]
    table, _, last = fill_settings_sheet(
        canvas,
        sname,
        grid,
        T.TEAM_SETTING_LOOKUP,
        team_settings_cells(settings, lang, normalise_results),
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
