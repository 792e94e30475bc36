"""A new individual workbook (:func:`plan_new_workbook`: 设置, 报名表, 成绩表,
编排记录 and the hidden state sheet) and a template filled in
(:func:`plan_fill_template`), with the empty 成绩表 header for the
tie-breaks (:func:`empty_standings`).
"""

from __future__ import annotations

from typing import Iterable, Optional

from xlxq.core.model import EventSettings, Player
from xlxq.core.rr_standings import LABELS_EN as RR_EN
from xlxq.core.rr_standings import LABELS_ZH as RR_ZH
from xlxq.core.rr_standings import resolve_rr_tiebreaks
from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, resolve_tiebreaks
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import find_table, tidy_number
from xlxq.sheets.data import WorkbookOptions
from xlxq.sheets.plan import Book, PageSetup, SheetLook, Style, WritePlan
from xlxq.sheets.registration import REG_LOOKUP, absent_text
from xlxq.sheets.settings import (
    append_rating_rows,
    append_setting_row,
    SETTING_LOOKUP,
    fill_settings_sheet,
    settings_cells,
    tiebreak_sequence,
    write_settings_sheet,
)
from xlxq.sheets.state import STATE_VERSION, STATE_WIDTHS, state_head
from xlxq.sheets.write_log import add_log_sheet
from xlxq.sheets.write_notes import add_state_sheet, write_state_rows
from xlxq.systems import system_for


def plan_new_workbook(
    lang: str = "zh",
    settings: Optional[EventSettings] = None,
    players: Iterable[Player] = (),
    normalise_results: bool = False,
    options: Optional[WorkbookOptions] = None,
) -> WritePlan:
    """The plan that builds an event workbook from nothing: 设置, 报名表,
    成绩表, 编排记录 and the hidden state sheet.  Used by the template
    builder (XlsxWriter) and by :func:`xlxq.operations.workbook.create_event_workbook`."""
    settings = settings or EventSettings(tiebreaks=["cxa2011-opp"])
    canvas = Canvas({})
    names = L.SHEET_NAMES
    # 设置
    sname = names[L.SETTINGS][lang]
    canvas.add_sheet(sname, L.SETTINGS)
    values = settings_cells(settings, lang, normalise_results, options)
    write_settings_sheet(
        canvas,
        sname,
        "赛事设置" if lang == "zh" else "Event settings",
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
    canvas.set(
        rname, 1, 1, (f"{settings.name}  " if settings.name else "") + ("报名表" if lang == "zh" else "Registration")
    )
    canvas.set_row(rname, 2, 1, [c.header(lang) for c in L.REGISTRATION_COLUMNS])
    players = sorted(players, key=lambda p: p.no)
    for i, p in enumerate(players, start=3):
        canvas.set_row(
            rname,
            i,
            1,
            [
                p.no,
                p.name,
                p.unit or None,
                tidy_number(p.rating) if p.rating is not None else None,
                p.seed,
                p.withdrawn_from_round,
                absent_text(p.absent_rounds),
                None,
                None,
            ],
        )
    ncols = len(L.REGISTRATION_COLUMNS)
    for j in range(1, ncols + 1):
        canvas.fill(rname, 2, j, L.HEADER_FILL)
    plan.looks.append(
        SheetLook(rname, {i: c.width for i, c in enumerate(L.REGISTRATION_COLUMNS, start=1)}, freeze=(3, 3))
    )
    plan.styles += [
        Style(rname, 1, 1, bold=True, size=14),
        Style(rname, 2, 1, 1, ncols, bold=True, border=True, align="center", wrap=True),
    ]
    if players:
        plan.styles.append(Style(rname, 3, 1, len(players), ncols, border=True))
    plan.page_setups.append(
        PageSetup(rname, title_rows=(1, 2), area=(1, 1, max(2, 2 + len(players)), ncols - 1), footer="&P / &N")
    )
    # 成绩表
    tname = names[L.STANDINGS][lang]
    canvas.add_sheet(tname, L.STANDINGS, rname)
    _empty_standings(canvas, tname, settings, lang)
    # 编排记录
    lname = names[L.LOG][lang]
    new_log_sheet(canvas, lname, tname, lang)
    # state
    stname = names[L.STATE][lang]
    add_state_sheet(canvas, stname, lname, STATE_WIDTHS)
    write_state_rows(canvas, stname, state_head(STATE_VERSION), [])
    return canvas.finish()


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
        labels = LABELS_ZH if lang == "zh" else LABELS_EN
        header = (
            [c.header(lang) for c in L.STANDINGS_COLUMNS]
            + [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys]
            + [L.STANDINGS_TAIL.header(lang)]
        )
    canvas.clear_sheet(name)
    canvas.set(name, 1, 1, L.standings_title(0, settings.name, lang))
    canvas.set_row(name, 2, 1, header)
    for j in range(1, len(header) + 1):
        canvas.fill(name, 2, j, L.HEADER_FILL)
    widths = {i: c.width for i, c in enumerate(L.STANDINGS_COLUMNS, start=1)}
    for j in range(len(L.STANDINGS_COLUMNS) + 1, len(header)):
        widths[j] = L.TIEBREAK_WIDTH
    widths[len(header)] = L.STANDINGS_TAIL.width
    plan.looks.append(SheetLook(name, widths, freeze=(3, 4)))
    plan.styles += [
        Style(name, 1, 1, bold=True, size=14),
        Style(name, 2, 1, 1, len(header), bold=True, border=True, align="center", wrap=True),
    ]
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
        raise InputError("模板中缺少“设置”或“报名表”", "the template has no Settings or Registration sheet")
    snapshot = {n: [list(r) for r in book.values(n)] for n in (kinds[L.SETTINGS], kinds[L.REGISTRATION])}
    lang = L.lang_of_sheet(kinds[L.REGISTRATION])
    canvas = Canvas(snapshot)
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
    rname = kinds[L.REGISTRATION]
    grid = snapshot[rname]
    table = find_table(rname, grid, REG_LOOKUP, ("name",), "“姓名”", "'Name'")
    if table.header_row > 1:
        canvas.set(
            rname,
            1,
            1,
            (f"{settings.name}  " if settings.name else "") + ("报名表" if lang == "zh" else "Registration"),
        )
    players = sorted(players, key=lambda p: p.no)
    ncols = max(table.cols.values())
    for i, p in enumerate(players, start=table.header_row + 1):
        row = {
            "no": p.no,
            "name": p.name,
            "unit": p.unit or None,
            "rating": tidy_number(p.rating) if p.rating is not None else None,
            "seed": p.seed,
            "withdrawn": p.withdrawn_from_round,
            "absent": absent_text(p.absent_rounds),
        }
        for k, v in row.items():
            if k in table.cols:
                canvas.set(rname, i, table.cols[k], v)
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
    canvas.set(name, 1, 1, "编排记录" if lang == "zh" else "Pairing log (in Chinese)")
    canvas.plan.styles.append(Style(name, 1, 1, bold=True, size=14))
