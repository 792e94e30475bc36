"""A new workbook and a template filled in, individual and team.

An individual workbook (:func:`plan_new_workbook`: 设置, 报名表, 成绩表,
编排记录 and the hidden state sheet; :func:`plan_fill_template`, with the
empty 成绩表 header for the tie-breaks); a team workbook
(:func:`plan_new_team_workbook`: 设置, 队伍报名, 出场名单, 团体成绩, 台次成绩,
编排记录, state; :func:`plan_fill_team_template`).  Shared: the 设置 sheet
(:mod:`xlxq.sheets.settings`), the registration sheet's rows from its
layout (:func:`write_entry_sheet`), a player's cells (:func:`player_cells`),
the last sheets (:func:`finish_new_book`).

Lazy imports: ``core.prizes.sex_text`` only when a player has a 性别 or
出生年份; the team settings class (``core.teams.TeamSettings``) is imported inside the team functions,
so that an individual workbook's operations import no team module
(issue 14; tests/test_workbook_startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Optional

from xlxq.core.model import EventSettings, Player
from xlxq.core.rr_standings import LABELS_EN as RR_EN
from xlxq.core.rr_standings import LABELS_ZH as RR_ZH
from xlxq.core.rr_standings import resolve_rr_tiebreaks
from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, resolve_tiebreaks
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import find_layout, tidy_number
from xlxq.sheets.data import WorkbookOptions
from xlxq.sheets.looks import layout_looks, standings_looks, write_head
from xlxq.sheets.plan import Book, Style, WritePlan
from xlxq.sheets.registration import absent_text
from xlxq.sheets.script import script_of, texts_of
from xlxq.sheets.settings import (
    append_prize_rows,
    append_rating_rows,
    append_setting_row,
    SETTING_LOOKUP,
    fill_settings_sheet,
    settings_cells,
    team_settings_cells,
    team_tiebreak_sequence,
    tiebreak_sequence,
    write_settings_sheet,
)
from xlxq.sheets.state import STATE_VERSION, state_head, team_state_head
from xlxq.sheets.write_standings import board_looks, team_standings_header
from xlxq.sheets.write_log import add_log_sheet
from xlxq.sheets.write_notes import add_state_sheet, write_state_rows
from xlxq.systems import system_for
from xlxq.i18n import Msg, labels as i18n_labels, tr

if TYPE_CHECKING:
    from xlxq.core.teams import TeamEvent, TeamSettings


def plan_new_workbook(
    lang: str = "zh",
    settings: Optional[EventSettings] = None,
    players: Iterable[Player] = (),
    normalise_results: bool = False,
    options: Optional[WorkbookOptions] = None,
) -> WritePlan:
    """The plan that builds an event workbook from nothing: 设置, 报名表,
    成绩表, 编排记录 and the hidden state sheet.  Used by the template
    builder (XlsxWriter) and by :func:`xlxq.operations.workbook.create_event_workbook`;
    ``lang`` "zh-Hant": the Chinese workbook written in 繁體."""
    settings = settings or EventSettings(tiebreaks=["cxa2011-opp"])
    players = list(players)
    canvas = Canvas({})
    canvas.hant, lang = script_of(lang)
    canvas.user_texts = texts_of(settings, players, options)
    names = L.SHEET_NAMES
    # 设置
    sname = names[L.SETTINGS][lang]
    canvas.add_sheet(sname, L.SETTINGS)
    values = settings_cells(settings, lang, normalise_results, options)
    write_settings_sheet(
        canvas,
        sname,
        tr(lang, "templates.event-settings"),
        L.SETTINGS_ROWS,
        values,
        tiebreak_sequence(settings.tiebreaks, lang, settings.system, settings.games_per_match),
        L.TIEBREAK_PRESET_LABELS,
        lang,
    )
    # 报名表
    rname = names[L.REGISTRATION][lang]
    canvas.add_sheet(rname, L.REGISTRATION, sname)
    table = L.REGISTRATION_TABLE
    players = sorted(players, key=lambda p: p.no)
    rows = [table.row(player_cells(p)) for p in players]
    write_entry_sheet(canvas, rname, table, lang, L.titled(settings.name, table.sheet_name(lang)), rows)
    write_extras(canvas, rname, players, {}, table.header_row, len(L.REGISTRATION_COLUMNS), lang)
    # 成绩表
    tname = names[L.STANDINGS][lang]
    canvas.add_sheet(tname, L.STANDINGS, rname)
    _empty_standings(canvas, tname, settings, lang)
    return finish_new_book(canvas, tname, lang, L.STATE_TABLE, state_head(STATE_VERSION))


def write_entry_sheet(
    canvas: Canvas, name: str, table: L.TableLayout, lang: str, title: str, rows: list[list[Any]]
) -> None:
    """A new registration sheet (报名表, 队伍报名) from its layout: the title
    and header, the ``rows`` from the layout's first row, its looks, and a
    page set-up printing the title and header rows on every page and every
    column but 提示."""
    write_head(canvas, name, table, lang, title)
    for i, vals in enumerate(rows, start=table.first_row):
        canvas.set_row(name, i, 1, vals)
    last = table.header_row + len(rows)
    layout_looks(canvas, name, table, last)
    canvas.plan.page_setups.append(L.table_page(name, last, len(table.columns) - 1, header_row=table.header_row))


def finish_new_book(canvas: Canvas, after: str, lang: str, state: L.TableLayout, head: list[list[Any]]) -> WritePlan:
    """The last sheets of a new workbook, individual or team: 编排记录 after
    the sheet ``after``, then the hidden state sheet of table ``state`` with
    its ``head`` rows; the plan."""
    lname = L.SHEET_NAMES[L.LOG][lang]
    new_log_sheet(canvas, lname, after, lang)
    stname = state.sheet_name(lang)
    add_state_sheet(canvas, stname, lname, state.widths())
    write_state_rows(canvas, stname, head, [])
    return canvas.finish()


def player_cells(p: Player) -> dict[str, Any]:
    """A player's 报名表 cells by column key (a new workbook and a template filled in)."""
    return {
        "no": p.no,
        "name": p.name,
        "unit": p.unit or None,
        "rating": tidy_number(p.rating) if p.rating is not None else None,
        "seed": p.seed,
        "withdrawn": p.withdrawn_from_round,
        "absent": absent_text(p.absent_rounds),
    }


def write_extras(
    canvas: Canvas,
    rname: str,
    players: list[Player],
    cols: dict[str, int],
    header_row: int,
    last_col: int,
    lang: str,
) -> int:
    """The registration extras (性别, 出生年份: docs/prizes.md) of
    ``players`` (sorted by 序号, from the row under ``header_row``) into
    their columns of 报名表: ``cols`` when the sheet has them, else new
    columns after ``last_col`` with their header — only the extras some
    player has (a workbook without them is written as before).  The last
    column written (``last_col`` when none)."""
    for c in L.REGISTRATION_EXTRAS:
        if all(getattr(p, c.key) is None for p in players):
            continue
        from xlxq.core.prizes import sex_text  # only when a player has an extra

        col = cols.get(c.key)
        if col is None:
            last_col += 1
            col = last_col
            canvas.set(rname, header_row, col, c.header(lang))
        for i, p in enumerate(players, start=header_row + 1):
            v = getattr(p, c.key)
            canvas.set(rname, i, col, sex_text(v, lang) if c.key == "sex" else v)
    return last_col


def _empty_standings(canvas: Canvas, name: str, settings: EventSettings, lang: str) -> None:

    plan = canvas.plan
    if system_for(settings).follows_order_table:
        g = settings.games_per_match
        labels = RR_ZH if lang == "zh" else RR_EN
        keys = ["match_points" if g > 1 else "score"] + resolve_rr_tiebreaks(settings.tiebreaks, g)
        header = (
            [c.header(lang) for c in L.STANDINGS_COLUMNS[:4]]
            + [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys]
            + [L.STANDINGS_TAIL.header(lang)]
        )
    elif system_for(settings).has_bracket:
        header = (
            ["名次", "序号", "姓名", "单位", "种子顺位", "成绩", "备注"]
            if lang == "zh"
            else ["Rank", "No", "Name", "Club", "Seeding", "Result", "Notes"]
        )
    else:
        keys = [k for k in resolve_tiebreaks(settings.tiebreaks) if k in TIEBREAK_KEYS]
        labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
        header = (
            [c.header(lang) for c in L.STANDINGS_COLUMNS]
            + [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys]
            + [L.STANDINGS_TAIL.header(lang)]
        )
    canvas.clear_sheet(name)
    table = L.STANDINGS_TABLE
    write_head(canvas, name, table, lang, L.standings_title(0, settings.name, lang), header)
    widths = {i: c.width for i, c in enumerate(table.columns, start=1)}
    for j in range(len(table.columns) + 1, len(header)):
        widths[j] = table.key_width
    widths[len(header)] = table.tail[0].width
    layout_looks(canvas, name, table, 2, len(header), widths)
    plan.page_setups.append(L.table_page(name, 2, len(header)))


def plan_fill_template(
    book: Book,
    settings: EventSettings,
    players: Iterable[Player],
    normalise_results: bool = False,
    options: Optional[WorkbookOptions] = None,
) -> WritePlan:
    """Fill a fresh copy of the template: the settings values, the players
    in 报名表, the titles and the 成绩表 header for these tie-breaks."""
    names = list(book.sheet_names())
    kinds = {L.sheet_kind(n)[0]: n for n in names}
    if L.SETTINGS not in kinds or L.REGISTRATION not in kinds:
        raise InputError(Msg("templates.the-template-has-no-settings-or"))
    snapshot = {n: [list(r) for r in book.values(n)] for n in (kinds[L.SETTINGS], kinds[L.REGISTRATION])}
    lang = L.lang_of_sheet(kinds[L.REGISTRATION])
    players = list(players)
    canvas = Canvas(snapshot)
    canvas.user_texts = texts_of(settings, players, options)  # as typed in a 繁體 template
    sname = kinds[L.SETTINGS]
    grid = snapshot[sname]
    values = settings_cells(settings, lang, normalise_results, options)
    table, seen, last = fill_settings_sheet(
        canvas,
        sname,
        grid,
        SETTING_LOOKUP,
        values,
        lambda: tiebreak_sequence(settings.tiebreaks, lang, settings.system, settings.games_per_match),
    )
    for spec in L.SETTINGS_ROWS:  # an older template: the rows it lacks go at the end
        if spec.key in seen:
            continue
        last += 1
        append_setting_row(canvas, sname, table, last, spec, values[spec.key], lang)
    append_rating_rows(canvas, sname, table, last, settings.rating, lang)
    if settings.rating is not None:
        last += len(L.RATING_SETTINGS)
    append_prize_rows(canvas, sname, table, last, settings.prizes, lang)
    rname = kinds[L.REGISTRATION]
    grid = snapshot[rname]
    table = find_layout(L.REGISTRATION_TABLE, rname, grid)
    if table.header_row > 1:
        canvas.set(rname, 1, 1, L.titled(settings.name, L.REGISTRATION_TABLE.sheet_name(lang)))
    players = sorted(players, key=lambda p: p.no)
    last_col = max([len(r) for r in grid[table.header_row - 1 : table.header_row]] + list(table.cols.values()))
    ncols = max(table.cols.values())
    for i, p in enumerate(players, start=table.header_row + 1):
        for k, v in player_cells(p).items():
            if k in table.cols:
                canvas.set(rname, i, table.cols[k], v)
    ncols = max(ncols, write_extras(canvas, rname, players, table.cols, table.header_row, last_col, lang))
    if players:
        canvas.plan.styles.append(Style(rname, table.header_row + 1, 1, len(players), ncols, border=True))
        canvas.plan.page_setups.append(
            L.table_page(
                rname, table.header_row + len(players), table.cols.get("remark", ncols), header_row=table.header_row
            )
        )
    if L.STANDINGS in kinds:
        snapshot[kinds[L.STANDINGS]] = [list(r) for r in book.values(kinds[L.STANDINGS])]
        _empty_standings(canvas, kinds[L.STANDINGS], settings, lang)
    return canvas.finish()


def new_log_sheet(canvas: Canvas, name: str, after: str, lang: str) -> None:
    """The 编排记录 sheet of a new workbook (individual or team): its title."""
    add_log_sheet(canvas, name, after)
    canvas.set(name, 1, 1, tr(lang, "templates.pairing-log-in-chinese"))
    canvas.plan.styles.append(Style(name, 1, 1, bold=True, size=14))


# ==========================================================================
# the team workbook (团体赛)
# ==========================================================================


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
    table = T.TEAMS_TABLE
    rows = _team_rows(event, lang)
    write_entry_sheet(canvas, rname, table, lang, L.titled(settings.name, title), rows)
    if rows:  # 队号, and 台次 with 替补台次, centred
        canvas.plan.styles.append(Style(rname, table.first_row, 1, len(rows), 1, align="center"))
        canvas.plan.styles.append(Style(rname, table.first_row, 3, len(rows), 2, align="center"))


def _lineups_sheet(canvas: Canvas, lname: str, settings: TeamSettings, lang: str) -> None:
    cols = T.lineup_columns(settings.boards)
    how = tr(lang, "team_templates.one-row-per-round-and-team-numbers-or")
    # the printed title is short; how to fill it in stands above 提示, outside the print area
    table = T.LINEUPS_TABLE.but(columns=cols, tail=())
    write_head(canvas, lname, table, lang, table.sheet_name(lang))
    canvas.set(lname, 1, len(cols), how)
    plan = canvas.plan
    layout_looks(canvas, lname, table, 2)
    plan.page_setups.append(L.table_page(lname, 2, len(cols) - 1, landscape=len(cols) - 1 > 11))


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
    from xlxq.core.teams import TeamSettings

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
