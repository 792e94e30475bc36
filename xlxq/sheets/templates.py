"""A new individual workbook (:func:`plan_new_workbook`: 设置, 报名表, 成绩表,
编排记录 and the hidden state sheet) and a template filled in
(:func:`plan_fill_template`), with the empty 成绩表 header for the
tie-breaks (:func:`empty_standings`).
"""

from __future__ import annotations

from typing import Any, Iterable, Optional

from xlxq.core.prizes import sex_text
from xlxq.core.model import EventSettings, Player
from xlxq.core.rr_standings import LABELS_EN as RR_EN
from xlxq.core.rr_standings import LABELS_ZH as RR_ZH
from xlxq.core.rr_standings import resolve_rr_tiebreaks
from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, resolve_tiebreaks
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import find_layout, tidy_number
from xlxq.sheets.data import WorkbookOptions
from xlxq.sheets.looks import layout_looks, write_head
from xlxq.sheets.plan import Book, PageSetup, Style, WritePlan
from xlxq.sheets.registration import absent_text
from xlxq.sheets.script import script_of, texts_of
from xlxq.sheets.settings import (
    append_prize_rows,
    append_rating_rows,
    append_setting_row,
    SETTING_LOOKUP,
    fill_settings_sheet,
    settings_cells,
    tiebreak_sequence,
    write_settings_sheet,
)
from xlxq.sheets.state import STATE_VERSION, state_head
from xlxq.sheets.write_log import add_log_sheet
from xlxq.sheets.write_notes import add_state_sheet, write_state_rows
from xlxq.systems import system_for
from xlxq.i18n import Msg, labels as i18n_labels, tr


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
    plan = canvas.plan
    # 报名表
    rname = names[L.REGISTRATION][lang]
    canvas.add_sheet(rname, L.REGISTRATION, sname)
    write_head(
        canvas, rname, L.REGISTRATION_TABLE, lang, L.titled(settings.name, L.REGISTRATION_TABLE.sheet_name(lang))
    )
    players = sorted(players, key=lambda p: p.no)
    for i, p in enumerate(players, start=3):
        canvas.set_row(rname, i, 1, L.REGISTRATION_TABLE.row(player_cells(p)))
    ncols = len(L.REGISTRATION_COLUMNS)
    write_extras(canvas, rname, players, {}, 2, ncols, lang)
    layout_looks(canvas, rname, L.REGISTRATION_TABLE, 2 + len(players))
    plan.page_setups.append(
        PageSetup(rname, title_rows=(1, 2), area=(1, 1, max(2, 2 + len(players)), ncols - 1), footer="&P / &N")
    )
    # 成绩表
    tname = names[L.STANDINGS][lang]
    canvas.add_sheet(tname, L.STANDINGS, rname)
    _empty_standings(canvas, tname, settings, lang)
    return finish_new_book(canvas, tname, lang, L.STATE_TABLE, state_head(STATE_VERSION))


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
    plan.page_setups.append(PageSetup(name, title_rows=(1, 2), area=(1, 1, 2, len(header)), footer="&P / &N"))


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
            PageSetup(
                rname,
                title_rows=(1, table.header_row),
                area=(1, 1, table.header_row + len(players), table.cols.get("remark", ncols)),
                footer="&P / &N",
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
