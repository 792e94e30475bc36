"""The 设置 sheet of both workbooks.

Size: one module for both 设置 sheets (issue 23 §4), so that the row
readers, the cells as shown and the 说明 serve both; what is a workbook's
own is a function of its own below.

Lazy imports: the prize code (``core.prizes``) only for a 设置 with a prize
block, so that a click on an event without one does not import it.  The team core (``core.teams``, ``core.team_standings``) is
imported inside the team functions, so that an individual workbook's
operations import no team module (issue 14; tests/test_workbook_startup.py).

One set of row readers
(:func:`setting_rows`, :func:`setting_values`, :func:`number_setting`,
:func:`choice_setting`, :func:`model_default`, :func:`target_parts`), the
value cells as shown (:func:`shown_setting`, :func:`model_value`), the 说明
cells (:func:`write_help_cells`, :func:`rounds_help`), over the rows of each
workbook's layout.  An individual workbook's: :func:`read_settings` into
:class:`~xlxq.core.model.EventSettings` and
:class:`~xlxq.sheets.data.WorkbookOptions`, :func:`settings_cells`,
:func:`tiebreak_text`, :func:`tiebreak_sequence`,
:func:`write_settings_help`.  A team workbook's (the team layout's rows,
:data:`xlxq.sheets.team_layout.TEAM_SETTINGS_ROWS`): :func:`read_team_settings`
into :class:`~xlxq.core.teams.TeamSettings`, :func:`team_settings_cells`,
the team tie-break text (:func:`team_tiebreak_value`,
:func:`team_tiebreak_text`, :func:`team_tiebreak_sequence`),
:func:`team_switch`, :func:`write_team_settings_help`.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from xlxq.core.elimination import check_elimination
from xlxq.core.knockout import planned_rounds
from xlxq.core.model import EventInfo, EventSettings, PairingOptions, Scoring, StandingsOptions
from xlxq.core.rating import DEFAULT_CAP, DEFAULT_K_TABLE, RatingOptions, check_cap, k_table_spec, parse_k_table
from xlxq.core.rr_standings import LABELS_EN as RR_EN
from xlxq.core.rr_standings import LABELS_ZH as RR_ZH
from xlxq.core.rr_standings import RR_KEYS, resolve_rr_tiebreaks
from xlxq.core.site_url import site_url_error
from xlxq.core.standings import LABELS_EN, LABELS_ZH, PRESETS, resolve_tiebreaks
from xlxq.errors import ErrorList, InputError
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import (
    find_layout,
    Table,
    as_int,
    as_number,
    cell_at,
    sheet_error,
    text_of,
    tidy_number,
)
from xlxq.sheets.data import SettingsSheet, TeamWorkbookData, WorkbookData, WorkbookOptions
from xlxq.sheets.looks import settings_looks, write_head
from xlxq.sheets.plan import ListValidation, NumberFormat, Style
from xlxq.sheets.problems import INFO, Problem
from xlxq.sheets.script import to_hans
from xlxq.systems import get_system, get_team_system, system_for, team_rules
from xlxq.i18n import Lazy, Msg, pick, tr, zh_only
from xlxq.i18n import labels as i18n_labels

if TYPE_CHECKING:
    from xlxq.core.prizes import Prize, PrizeTable
    from xlxq.core.teams import TeamSettings


#: the keys of the 等级分 rows
RATING_KEYS = tuple(spec.key for spec in L.RATING_SETTINGS)

SETTING_LOOKUP = L.setting_lookup(L.SETTINGS_ROWS + L.RATING_SETTINGS + L.PRIZE_SETTINGS)


def _choice_value(spec: L.Setting, raw: Any) -> tuple[bool, Any]:
    if isinstance(raw, bool) and spec.kind == "bool":
        return True, raw
    k = L.norm_key(text_of(raw))
    for c in spec.choices:
        if k in {L.norm_key(x) for x in (c.zh, c.en, str(c.value), *c.aliases)}:
            return True, c.value
    return False, None


def _tiebreak_value(raw: Any) -> list[str]:
    """A preset (key or label) or a list of items (keys, Chinese or English
    labels) separated by commas, 、, ; or arrows."""

    text = text_of(raw) or ""
    k = L.norm_key(text)
    for preset, (zh, en) in L.TIEBREAK_PRESET_LABELS.items():
        if k in (L.norm_key(preset), L.norm_key(zh), L.norm_key(en)):
            return [preset]
    english = {L.norm_key(v): key for key, v in LABELS_EN.items() if key != "score"}
    items: list[str] = []
    for part in (p.strip() for p in re.split(r"[,，、;；/→>]+|->", text)):
        if not part:
            continue
        if L.norm_key(part) in english:
            items.append(english[L.norm_key(part)])
        elif re.search(r"\s", part) and part not in PRESETS:
            items.extend(english.get(L.norm_key(w), w) for w in part.split())
        else:
            items.append(part)
    if len(items) == 1 and items[0] in PRESETS:
        return items
    return _hans_items(items, resolve_tiebreaks)  # InputError for an unknown item


def _hans_items(items: list[str], resolve: Callable[[list[str]], list[str]]) -> list[str]:
    """``resolve`` of ``items`` read as their 简体 twins (對手分 is 对手分: a
    繁體 设置 reads as its 简体 twin); an unknown item is named as typed."""

    def one(x: str) -> str:
        try:
            resolve([to_hans(x)])
        except InputError:
            return x
        return to_hans(x)

    return resolve([one(x) for x in items])


def _parse_intlist(raw: Any) -> Optional[list[int]]:
    """'2', '2,1', '2、1', 2 → [2] / [2, 1]; None when not a list of whole numbers ≥ 1."""
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        v = as_int(raw)
        return [v] if v is not None and v >= 1 else None
    text = unicodedata.normalize("NFKC", str(raw)).strip()
    parts = [x for x in re.split(r"[,，、;；/\s]+", text) if x]
    out = []
    for x in parts:
        v = as_int(x)
        if v is None or v < 1:
            return None
        out.append(v)
    return out or None


def parse_pairs(raw: Any) -> Optional[list[tuple[int, int]]]:
    """'3-7, 12-15', '3－7、12与15' → [(3, 7), (12, 15)] (small first, sorted,
    each once).  None when unreadable."""
    if isinstance(raw, (int, float)):
        return None
    text = to_hans(unicodedata.normalize("NFKC", str(raw))).strip()  # 與 is 与
    out = set()
    for part in (x.strip() for x in re.split(r"[,，、;；\n]+", text)):
        if not part:
            continue
        m = re.fullmatch(r"(\d+)\s*(?:[-–—~～]|与|和|vs|VS)\s*(\d+)", part)
        if not m or int(m.group(1)) < 1 or int(m.group(2)) < 1:
            return None
        a, b = int(m.group(1)), int(m.group(2))
        out.add((min(a, b), max(a, b)))
    return sorted(out)


def _parse_elimination(raw: Any) -> Optional[list[tuple[int, Any]]]:
    """'3:2', '3:2, 5:4', '第3轮2分' → [(3, 2), (5, 4)].  A cell Excel turned
    into a time (3:02) reads as 3:2.  None when unreadable."""

    if isinstance(raw, (dt.time, dt.datetime)):
        return [(raw.hour, raw.minute)] if raw.hour >= 1 else None
    if isinstance(raw, float) and 0 < raw < 1:
        minutes = round(raw * 1440)
        return [(minutes // 60, minutes % 60)] if minutes >= 60 else None
    if isinstance(raw, (int, float)):
        return None
    text = to_hans(unicodedata.normalize("NFKC", str(raw))).strip()  # 第3輪後 is 第3轮后
    out = []
    for part in (x.strip() for x in re.split(r"[,，、;；]+", text)):
        if not part:
            continue
        m = re.fullmatch(r"(?:第)?\s*(\d+)\s*(?:轮后?\s*(?:未得)?|[:：])\s*(-?\d+(?:\.\d+)?)\s*分?", part)
        if not m or int(m.group(1)) < 1:
            return None
        y = float(m.group(2))
        out.append((int(m.group(1)), int(y) if y.is_integer() else y))
    return sorted(out) or None


def _rr_tiebreak_value(raw: Any, games_per_match: int) -> list[str]:
    """The round-robin tie-break row: an RR preset (key or label), the Swiss
    default label (= the 14.1/14.2 default), or RR items (小分、胜局、直胜 …)."""

    text = text_of(raw) or ""
    k = L.norm_key(text)
    for preset, (zh, en) in L.TIEBREAK_PRESET_LABELS.items():
        if k in (L.norm_key(preset), L.norm_key(zh), L.norm_key(en)):
            if preset in L.SWISS_PRESETS and preset != "cxa2011-opp":
                rr = Lazy(lambda lang: "、".join(pick(lang, *L.TIEBREAK_PRESET_LABELS[p]) for p in L.RR_PRESETS))
                raise InputError(
                    Msg(
                        "settings.a-round-robin-cannot-use-the-swiss-tie-breaks",
                        text=text,
                        choices=zh_only("settings.rr-tie-break-choices", rr=rr),
                    )
                )
            return [preset]
    english = {L.norm_key(v): key for key, v in RR_EN.items() if key in RR_KEYS}
    items = [english.get(L.norm_key(p), p.strip()) for p in re.split(r"[,，、;；/→>]+|->", text) if p.strip()]
    return _hans_items(items, lambda x: resolve_rr_tiebreaks(x, games_per_match))  # InputError for an unknown item


def setting_rows(
    name: str,
    grid: list[list[Any]],
    table: Table,
    lookup: dict[str, L.Setting],
    rows: dict[str, int],
    problems: list[Problem],
    block: Optional[list[int]] = None,
) -> Iterable[tuple[int, L.Setting, Any, str]]:
    """``(row, setting, raw value, value cell)`` of each known setting of a
    设置 sheet (``lookup``: normalised label → setting), remembering its row
    in ``rows``; unknown labels become problems, a repeated one fails.
    With ``block``: the header row of the prize block (奖项 | 名额 | 条件)
    ends the settings and goes there."""
    kc, vc = table.cols["key"], table.cols["value"]
    for r in range(table.header_row + 1, len(grid) + 1):
        label = text_of(cell_at(grid, r, kc))
        if label is None:
            continue
        if block is not None and is_prize_header(label, cell_at(grid, r, vc)):
            block.append(r)
            return
        spec = lookup.get(L.norm_key(label))
        if spec is None:
            problems.append(
                Problem(
                    INFO,
                    "unknown_setting",
                    msg=Msg("settings.unknown-setting-ignored", label=label),
                    sheet=name,
                    row=r,
                    cols=("key",),
                )
            )
            continue
        if spec.key in rows:
            raise sheet_error(
                name,
                r,
                Msg("settings.setting-repeats-row", label=label, spec_key=rows[spec.key]),
            )
        rows[spec.key] = r
        yield r, spec, cell_at(grid, r, vc), L.cell_ref(r, vc)


def is_prize_header(label: Any, value: Any) -> bool:
    """Whether a 设置 row is the prize block's header (奖项 | 名额 …)."""
    return L.norm_key(str(label)) in L.PRIZE_BLOCK_NAMES[0] and L.norm_key(str(value)) in L.PRIZE_BLOCK_NAMES[1]


def prize_table(name: str, grid: list[list[Any]], sheet: SettingsSheet, double: bool) -> Optional[PrizeTable]:
    """The prize table of the block under ``sheet.prize_header`` (one prize
    a row: 奖项, 名额, 条件; the first row with a blank 奖项 ends it), 兼得
    ``double``; None without a block or with no prize in it.  A bad cell is
    refused at its place."""
    head = sheet.prize_header
    if head is None:
        return None
    from xlxq.core.prizes import PrizeError, PrizeTable, make_prize  # only for a 设置 with a prize block

    kc, vc = sheet.table.cols["key"], sheet.table.cols["value"]
    cc = sheet.table.cols.get("help", vc + 1)
    prizes: list[Prize] = []
    rows: dict[str, int] = {}
    for r in range(head + 1, len(grid) + 1):
        label, places, cond = cell_at(grid, r, kc), cell_at(grid, r, vc), cell_at(grid, r, cc)
        if text_of(label) is None:
            if places is None and cond is None:
                break
            raise sheet_error(name, r, Msg("prizes.the-prize-has-no-name"), L.cell_ref(r, kc))
        if places is None:
            raise sheet_error(name, r, Msg("settings.no-places-how-many-winners"), L.cell_ref(r, vc))
        try:
            prize = make_prize(text_of(label), places, cond)
        except PrizeError as exc:  # at its cell: 奖项, 名额 or 条件
            cell = L.cell_ref(r, {"name": kc, "places": vc}.get(exc.part, cc))
            raise sheet_error(name, r, exc, cell) from None
        if prize.name in rows:
            raise sheet_error(
                name,
                r,
                Msg("settings.the-prize-repeats-row", name=prize.name, prize_name=rows[prize.name]),
                L.cell_ref(r, kc),
            )
        rows[prize.name] = r
        prizes.append(prize)
    return PrizeTable(tuple(prizes), double) if prizes else None


def number_setting(name: str, r: int, spec: L.Setting, raw: Any, cell: str) -> float:
    v = as_number(raw)
    if v is None:
        raise sheet_error(name, r, Msg("settings.must-be-a-number-got", label=spec.said(), raw=raw), cell)
    return v


def choice_setting(name: str, r: int, spec: L.Setting, raw: Any, cell: str) -> Any:
    ok, v = _choice_value(spec, raw)
    if not ok:
        raise sheet_error(
            name, r, Msg("settings.invalid-one-of", label=spec.said(), raw=raw, choices=L.said_list(spec.choices)), cell
        )
    return v


def setting_values(
    name: str,
    grid: list[list[Any]],
    lookup: dict[str, L.Setting],
    problems: list[Problem],
    blank: Callable[[L.Setting], Any],
    own: Callable[[dict[str, Any], int, L.Setting, Any, str], None],
    errors: Optional[ErrorList] = None,
    prizes: bool = False,
) -> tuple[dict[str, Any], SettingsSheet]:
    """The value of every known row of a 设置 sheet, individual or team
    (``lookup``: its rows), by setting key: ``blank(setting)`` for an empty
    value cell; text, numbers, choices and yes/no read alike; every other
    kind (whole numbers, the tie-breaks …) by ``own(values, row, setting,
    raw, cell)``, which stores what it reads.  With the sheet's places;
    ``prizes``: the prize block's header row ends the settings
    (``sheet.prize_header``)."""
    table = find_layout(L.SETTINGS_TABLE, name, grid)
    sheet = SettingsSheet(name, table)
    got: dict[str, Any] = {}
    block: Optional[list[int]] = [] if prizes else None
    for r, spec, raw, cell in setting_rows(name, grid, table, lookup, sheet.rows, problems, block):
        with errors.guard() if errors is not None else nullcontext():  # a bad value: kept, the default used
            if raw is None:
                got[spec.key] = blank(spec)
            elif spec.kind == "text":
                got[spec.key] = text_of(raw) or ""
            elif spec.kind == "url":
                got[spec.key] = url_setting(name, r, raw, cell)
            elif spec.kind in ("number", "optnumber"):
                got[spec.key] = number_setting(name, r, spec, raw, cell)
            elif spec.kind in ("choice", "bool"):
                got[spec.key] = choice_setting(name, r, spec, raw, cell)
            else:
                own(got, r, spec, raw, cell)
    if block:
        sheet.prize_header = block[0]
    return got, sheet


def url_setting(name: str, r: int, raw: Any, cell: str) -> str:
    """网站地址: an http:// or https:// address (:mod:`xlxq.core.site_url`),
    else an error naming its cell."""
    url = (text_of(raw) or "").strip()
    bad = site_url_error(url) if url else None
    if bad is not None:
        raise sheet_error(name, r, bad, cell)
    return url


def rating_setting(name: str, rows: dict[str, int], got: dict[str, Any], vc: int) -> Optional[RatingOptions]:
    """The 等级分 report's settings from its 设置 rows (等级分报告, K值表,
    等级分差上限; a blank one: its default), a bad one refused at its cell;
    None when the sheet has none of the rows."""
    if not any(key in rows for key in RATING_KEYS):
        return None
    k, cap = got.get("rating_k"), got.get("rating_cap")
    try:
        table = parse_k_table(k) if k else DEFAULT_K_TABLE
    except InputError as exc:
        r = rows["rating_k"]
        raise sheet_error(name, r, exc, L.cell_ref(r, vc)) from None
    try:
        value = DEFAULT_CAP if cap is None else check_cap(cap)
    except InputError as exc:
        r = rows["rating_cap"]
        raise sheet_error(name, r, exc, L.cell_ref(r, vc)) from None
    return RatingOptions(table, value, bool(got.get("rating")))


def read_settings(
    name: str, grid: list[list[Any]], problems: list[Problem], errors: Optional[ErrorList] = None
) -> tuple[EventSettings, WorkbookOptions, SettingsSheet]:
    """The 设置 sheet.  A bad value goes to ``errors`` (every one, issue 10
    §4) and its default is used; without ``errors`` the first one raises."""
    errs = ErrorList() if errors is None else errors
    raw_tiebreaks: Any = None

    def own(got: dict[str, Any], r: int, spec: L.Setting, raw: Any, cell: str) -> None:
        nonlocal raw_tiebreaks
        if spec.kind in ("int", "optint"):
            v = as_int(raw)
            if v is None or v < (0 if spec.key in ("first_round_seed", "numbering_seed") else 1):
                raise sheet_error(name, r, Msg("settings.must-be-a-whole-number-got", what=spec.said(), raw=raw), cell)
            if spec.key == "qualify_top" and v < 2:
                raise sheet_error(name, r, Msg("settings.at-least-2-must-qualify-got", raw=raw), cell)
            got[spec.key] = v
        elif spec.kind == "intlist":
            ints = _parse_intlist(raw)
            if ints is None:
                raise sheet_error(
                    name,
                    r,
                    Msg("settings.must-be-whole-numbers-1-separated-by", what=spec.said(), raw=raw),
                    cell,
                )
            got[spec.key] = ints
        elif spec.kind == "elimination":
            lines = _parse_elimination(raw)
            if lines is None:
                raise sheet_error(
                    name,
                    r,
                    Msg("settings.must-be-x-y-under-y-points-after-round-x", what=spec.said(), raw=raw),
                    cell,
                )
            got[spec.key] = tuple(lines)
        elif spec.kind == "pairs":
            pairs = parse_pairs(raw)
            if pairs is None:
                raise sheet_error(
                    name,
                    r,
                    Msg("settings.must-be-number-number-pairs-separated-by", what=spec.said(), raw=raw),
                    cell,
                )
            got[spec.key] = tuple(pairs)
        elif spec.kind == "tiebreaks":
            raw_tiebreaks = raw

    got, sheet = setting_values(
        name,
        grid,
        SETTING_LOOKUP,
        problems,
        lambda spec: None if spec.kind.startswith("opt") else model_default(spec),
        own,
        errs,
        prizes=True,
    )
    vc = sheet.table.cols["value"]
    for spec in L.SETTINGS_ROWS:
        if spec.key not in got:
            got[spec.key] = None if spec.kind.startswith("opt") else model_default(spec)
    system, g = got["system"], got["games_per_match"]
    kind = get_system(system)  # the facts of the system read (knockout, round robin, Swiss)
    # tie-breaks by system (the row may come before or after 赛制)
    if kind.has_bracket:
        got["tiebreaks"] = []  # a knockout is ranked by its bracket
    elif raw_tiebreaks is not None:
        r = sheet.rows["tiebreaks"]
        try:
            got["tiebreaks"] = (
                _rr_tiebreak_value(raw_tiebreaks, g) if kind.follows_order_table else _tiebreak_value(raw_tiebreaks)
            )
        except InputError as exc:
            errs.add(sheet_error(name, r, exc, L.cell_ref(r, vc)))
    opts = WorkbookOptions(
        normalise_results=bool(got["normalise_results"]),
        qualify_top=got["qualify_top"],
        qualify_on_tie=got["qualify_on_tie"],
        ko_games=g,
        ko_playoff=list(got["playoff_games"]),
        ko_armageddon=bool(got["armageddon"]),
        provisional=bool(got["provisional"]),
    )
    rating = rating_setting(name, sheet.rows, got, vc)  # a bad 等级分 row: refused at its cell
    prizes: Optional[PrizeTable] = None
    with errs.guard():  # a bad prize row: refused at its cell
        prizes = prize_table(name, grid, sheet, bool(got.get("prize_double")))
    if rating is not None and rating.report:
        opts.rating = rating

    def unused(key: str) -> None:
        row = sheet.rows.get(key)
        spec = L.SETTINGS_BY_KEY[key]
        problems.append(
            Problem(
                INFO,
                "unused_setting",
                msg=Msg(
                    "settings.the-system-is-does-not-apply-and-is",
                    label=Lazy(lambda lang: get_system(system).label(lang)),
                    spec=spec.said(),
                ),
                sheet=name,
                row=row,
                cols=("key", "value"),
            )
        )

    default_po = EventSettings().playoff_games
    knockout_rows_used = kind.has_bracket or (kind.pairs_by_score and got["qualify_top"] is not None)
    if kind.pairs_by_score:
        if g != 1 and got["qualify_top"] is None:
            unused("games_per_match")
        got["games_per_match"] = 1  # a Swiss plays one game a round
    if not knockout_rows_used:
        if list(got["playoff_games"]) != list(default_po):
            unused("playoff_games")
        if got["armageddon"]:
            unused("armageddon")
    if not kind.has_bracket:
        got["playoff_games"], got["armageddon"] = list(default_po), False
    if not kind.pairs_by_score:
        if got["elimination"]:
            unused("elimination")
        if got["qualify_top"] is not None:
            unused("qualify_top")
        got["elimination"] = ()
        opts.qualify_top = None
    scoring = Scoring(
        win=got["win"],
        draw=got["draw"],
        loss=got["loss"],
        bye=got["bye"],
        draw_red=got["draw_red"],
        draw_black=got["draw_black"],
        absent=got["absent"],
    )
    pairing = PairingOptions(**target_parts(L.SETTINGS_ROWS, got, "pairing"))
    standings = StandingsOptions(**target_parts(L.SETTINGS_ROWS, got, "standings"))
    settings = EventSettings(
        name=got["name"],
        info=EventInfo(**target_parts(L.SETTINGS_ROWS, got, "info")),
        system=system,
        rounds=got["rounds"],
        scoring=scoring,
        tiebreaks=list(got["tiebreaks"]),
        first_round=got["first_round"],
        first_round_seed=got["first_round_seed"],
        numbering=got["numbering"],
        numbering_seed=got["numbering_seed"],
        pairing=pairing,
        standings=standings,
        games_per_match=got["games_per_match"],
        playoff_games=list(got["playoff_games"]),
        armageddon=bool(got["armageddon"]),
        rating=rating,
        prizes=prizes,
    )
    if pairing.elimination:
        try:
            check_elimination(pairing.elimination)
        except InputError as exc:
            r = sheet.rows["elimination"]
            errs.add(sheet_error(name, r, exc, L.cell_ref(r, vc)))
    if errors is None:
        errs.check()
    return settings, opts, sheet


#: where a settings row's model default comes from, by the first part of its target
MODEL_BASES: dict[str, type] = {
    "settings": EventSettings,
    "info": EventInfo,
    "scoring": Scoring,
    "pairing": PairingOptions,
    "standings": StandingsOptions,
}


def target_parts(rows: Iterable[L.Setting], got: dict[str, Any], prefix: str) -> dict[str, Any]:
    """The values read of the rows whose target is in model object
    ``prefix`` (``pairing.colour_tie`` → ``colour_tie``), by attribute."""
    return {s.target.split(".")[1]: got[s.key] for s in rows if s.target.startswith(prefix + ".")}


def model_value(spec: L.Setting, objects: dict[str, Any]) -> Any:
    """A settings row's value in the model: its target's attribute of the
    object named by the target's first part (``objects``)."""
    obj, _, attr = spec.target.partition(".")
    return getattr(objects.get(obj), attr)


def model_default(spec: L.Setting, bases: dict[str, type] = MODEL_BASES) -> Any:
    """The model's default for a settings row (workbook rows: the layout's);
    ``bases``: the model classes by target (the team workbook has its own)."""
    obj, _, attr = spec.target.partition(".")
    base = bases.get(obj)
    if base is None:
        return spec.default
    v = getattr(base(), attr)
    return list(v) if isinstance(v, list) else v


def shown_setting(spec: L.Setting, v: Any, lang: str, tiebreaks: Callable[[Any], Any]) -> Any:
    """A setting's value as its cell shows it: a choice by its label, a list
    as text, a whole float as int; ``tiebreaks`` gives the text of the
    tie-break row."""
    if spec.kind in ("choice", "bool"):
        v = next((c.label(lang) for c in spec.choices if c.value == v), v)
    elif spec.kind in ("tiebreaks", "teamtiebreaks"):
        v = tiebreaks(v)
    elif spec.kind == "intlist":
        v = ",".join(str(x) for x in v) if v else None
    elif spec.kind == "elimination":
        v = ", ".join(f"{x}:{tidy_number(float(y))}" for x, y in v) if v else None
    elif spec.kind == "pairs":
        v = ", ".join(f"{a}-{b}" for a, b in v) if v else None
    return tidy_number(v) if isinstance(v, float) else v


def settings_cells(
    settings: EventSettings, lang: str, normalise_results: bool = False, options: Optional[WorkbookOptions] = None
) -> dict[str, Any]:
    """The value cell of every setting, as shown in the 设置 sheet.  For a
    Swiss with qualifiers (``options.qualify_top``), 每场局数 / 加赛局数 /
    加赛决胜局 show the knockout stage's values from ``options``."""
    opts = options or WorkbookOptions(normalise_results=normalise_results)
    ko_stage = system_for(settings).pairs_by_score and options is not None and options.qualify_top is not None
    out: dict[str, Any] = {}
    objects = {
        "settings": settings,
        "info": settings.info,
        "scoring": settings.scoring,
        "pairing": settings.pairing,
        "standings": settings.standings,
        "workbook": opts,
    }
    for spec in L.SETTINGS_ROWS:
        if ko_stage and spec.key in ("games_per_match", "playoff_games", "armageddon"):
            v = {"games_per_match": opts.ko_games, "playoff_games": opts.ko_playoff, "armageddon": opts.ko_armageddon}[
                spec.key
            ]
        else:
            v = model_value(spec, objects)
        out[spec.key] = shown_setting(spec, v, lang, lambda t: tiebreak_text(t, lang, settings.system) or None)
    return out


def preset_or_items_text(
    spec: list[str], lang: str, presets: dict[str, tuple[str, str]], labels: dict[str, str]
) -> str:
    """A 排名方法 cell's text: a preset by its label (``presets``), else the
    items' ``labels`` joined (individual and team)."""
    if len(spec) == 1 and spec[0] in presets:
        zh, en = presets[spec[0]]
        return zh if lang == "zh" else en
    return (tr(lang, "record_text.text-3")).join(labels.get(k, k) for k in spec)


def tiebreak_text(spec: list[str], lang: str, system: str = "swiss") -> str:

    if len(spec) == 1 and spec[0] in L.TIEBREAK_PRESET_LABELS:
        return preset_or_items_text(spec, lang, L.TIEBREAK_PRESET_LABELS, {})
    if get_system(system).follows_order_table:
        labels = RR_ZH if lang == "zh" else RR_EN
    else:
        labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
    return preset_or_items_text(spec, lang, L.TIEBREAK_PRESET_LABELS, labels)


def tiebreak_sequence(spec: list[str], lang: str, system: str = "swiss", games_per_match: int = 1) -> str:
    """The order actually used, as shown in the 说明 of 排名方法."""
    if get_system(system).has_bracket:
        return tr(lang, "settings.a-knockout-is-ranked-by-its-bracket-not")
    if get_system(system).follows_order_table:
        labels = RR_ZH if lang == "zh" else RR_EN
        keys = ["match_points" if games_per_match > 1 else "score"] + resolve_rr_tiebreaks(spec, games_per_match)
        head = (
            ("循环赛（2011规则14.2）：" if games_per_match > 1 else "循环赛（2011规则14.1）：")
            if lang == "zh"
            else "round robin: "
        )
        return head + " → ".join(labels.get(k, k) for k in keys)

    labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
    keys = ["score"] + resolve_tiebreaks(spec)
    return " → ".join(labels.get(k, k) for k in keys)


# --- settings help of the tie-break row -----------------------------------


def write_settings_help(canvas: Canvas, data: WorkbookData) -> None:
    """The 说明 of 排名方法 (the order actually used) and, for a round robin
    or knockout, of 轮数 (computed from the number of players)."""
    s = data.event.settings
    lang = data.lang

    def rounds() -> str:
        text = rounds_help(L.SETTINGS_BY_KEY["rounds"], data.problems, lang)
        n = len(data.event.players)
        label = system_for(s).label(lang)
        many = s.games_per_match > 1
        games = Msg("settings.games-a-match", games_per_match=s.games_per_match) if many else ""
        if system_for(s).follows_order_table:
            text = tr(
                lang,
                "settings.computed-a-of-players-has-rounds-this",
                n=n,
                label=label,
                games=Msg("settings.games-after-label", games=games) if many else "",
                rounds=s.rounds,
            )
        elif system_for(s).has_bracket:
            planned = planned_rounds(n, s.games_per_match) if n >= 2 else s.rounds
            text = tr(
                lang,
                "settings.computed-a-knockout-has-rounds-without-play-offs",
                n=n,
                games=zh_only("settings.games-zh", games=games),
                planned=planned,
            )
        return text

    write_help_cells(
        canvas,
        data.settings_sheet,
        {"tiebreaks": lambda: tiebreak_sequence(s.tiebreaks, lang, s.system, s.games_per_match), "rounds": rounds},
    )


def write_help_cells(canvas: Canvas, sheet: Any, texts: dict[str, Callable[[], str]]) -> None:
    """The 说明 cells of a 设置 sheet (individual or team) the program
    writes: ``texts`` gives each setting's text by its key; nothing when the
    sheet has no 说明 column or not the row."""
    col = sheet.table.cols.get("help")
    if col is None:
        return
    for key, text in texts.items():
        row = sheet.rows.get(key)
        if row is not None:
            canvas.set(sheet.name, row, col, text())


def rounds_help(spec: L.Setting, problems: list[Problem], lang: str) -> str:
    """The 说明 of 轮数: the layout's, or 原则(二)'s warning (why 轮数 is
    flagged, the 提示 of this row)."""
    text = spec.help_zh if lang == "zh" else spec.help_en
    plan = [p.message(lang) for p in problems if p.code == "rounds_plan"]
    if plan:
        text = (tr(lang, "settings.note")) + (tr(lang, "create.text")).join(plan)
    return text


# ==========================================================================
# a new 设置 sheet, a template's filled in
# ==========================================================================


def write_settings_sheet(
    canvas: Canvas,
    sname: str,
    title: str,
    rows: Iterable[L.Setting],
    values: dict[str, Any],
    tiebreak_help: str,
    presets: dict[str, tuple[str, str]],
    lang: str,
) -> None:
    """A new 设置 sheet: ``title``, the header, one row per setting of
    ``rows`` (label, value from ``values``, 说明; ``tiebreak_help`` for the
    tie-break row), the drop-down lists (``presets``: the tie-break presets'
    labels) and the looks."""
    rows = list(rows)
    write_head(canvas, sname, L.SETTINGS_TABLE, lang, title)
    plan = canvas.plan
    for i, spec in enumerate(rows, start=3):
        help_text = spec.help_zh if lang == "zh" else spec.help_en
        if spec.key == "tiebreaks":
            help_text = tiebreak_help
        canvas.set_row(sname, i, 1, [spec.label(lang), values[spec.key], help_text])
        if spec.kind in ("intlist", "elimination", "pairs"):
            plan.number_formats.append(NumberFormat(sname, i, 2, 1, 1, L.TEXT_FORMAT))
        if spec.choices:
            plan.validations.append(
                ListValidation(sname, i, 2, 1, 1, [c.label(lang) for c in spec.choices], allow_other=True)
            )
        if spec.kind in ("tiebreaks", "teamtiebreaks"):
            plan.validations.append(
                ListValidation(sname, i, 2, 1, 1, [v[0 if lang == "zh" else 1] for v in presets.values()])
            )
    settings_looks(canvas, sname, 2 + len(rows))


def fill_settings_sheet(
    canvas: Canvas,
    sname: str,
    grid: list[list[Any]],
    lookup: dict[str, L.Setting],
    values: dict[str, Any],
    tiebreak_help: Callable[[], str],
) -> tuple[Table, set[str], int]:
    """Write ``values`` into the value cells of a template's 设置 sheet (and
    ``tiebreak_help()`` into the tie-break row's 说明).  Returns the table, the
    keys of the rows found and the last row with a label."""
    table = find_layout(L.SETTINGS_TABLE, sname, grid)
    seen: set[str] = set()
    last = table.header_row
    for r in range(table.header_row + 1, len(grid) + 1):
        spec = lookup.get(L.norm_key(text_of(cell_at(grid, r, table.cols["key"]))))
        if text_of(cell_at(grid, r, table.cols["key"])) is not None:
            last = r
        if spec is not None:
            seen.add(spec.key)
            canvas.set(sname, r, table.cols["value"], values[spec.key])
            if spec.key == "tiebreaks" and "help" in table.cols:
                canvas.set(sname, r, table.cols["help"], tiebreak_help())
    return table, seen, last


def append_setting_row(
    canvas: Canvas, sname: str, table: Table, row: int, spec: L.Setting, value: Any, lang: str
) -> None:
    """A settings row that an older 设置 sheet lacks, written at ``row``
    (after its last row): label, value, 说明 and the border."""
    canvas.set(sname, row, table.cols["key"], spec.label(lang))
    canvas.set(sname, row, table.cols["value"], value)
    if "help" in table.cols:
        canvas.set(sname, row, table.cols["help"], spec.help_zh if lang == "zh" else spec.help_en)
    canvas.plan.styles.append(Style(sname, row, 1, 1, max(table.cols.values()), border=True))


def append_rating_rows(
    canvas: Canvas, sname: str, table: Table, last: int, rating: Optional[RatingOptions], lang: str
) -> None:
    """The 等级分 rows (:data:`L.RATING_SETTINGS`: 等级分报告, K值表,
    等级分差上限) after the last row of a filled template's 设置 sheet, when
    the event has rating settings (a JSON file's ``event.rating``)."""
    if rating is None:
        return
    values = {"rating": rating.report, "rating_k": k_table_spec(rating.k_table), "rating_cap": rating.cap}
    for i, spec in enumerate(L.RATING_SETTINGS, start=1):
        shown = shown_setting(spec, values[spec.key], lang, str)
        append_setting_row(canvas, sname, table, last + i, spec, shown, lang)


def append_prize_rows(
    canvas: Canvas, sname: str, table: Table, last: int, prizes: Optional[PrizeTable], lang: str
) -> int:
    """The prize table (docs/prizes.md) after the last row of a filled
    template's 设置 sheet, when the event has one (a JSON file's
    ``event.prizes``): the row 兼得, a blank row, the block 奖项 | 名额 | 条件
    and a row a prize.  The last row written."""
    if prizes is None or not prizes.prizes:
        return last
    spec = L.PRIZE_SETTINGS[0]
    last += 1
    append_setting_row(canvas, sname, table, last, spec, shown_setting(spec, prizes.double, lang, str), lang)
    kc, vc = table.cols["key"], table.cols["value"]
    cc = table.cols.get("help", vc + 1)
    last += 2
    head = [names[0] if lang == "zh" else names[2].capitalize() for names in L.PRIZE_BLOCK_HEAD]
    if lang == "zh-Hant":
        head = [names[1] for names in L.PRIZE_BLOCK_HEAD]
    for col, text in zip((kc, vc, cc), head):
        canvas.set(sname, last, col, text)
    canvas.plan.styles.append(Style(sname, last, 1, 1, max(table.cols.values()), border=True, bold=True))
    for p in prizes.prizes:
        last += 1
        canvas.set(sname, last, kc, p.name)
        canvas.set(sname, last, vc, p.places)
        canvas.set(sname, last, cc, p.condition_text or None)
        canvas.plan.styles.append(Style(sname, last, 1, 1, max(table.cols.values()), border=True))
    return last


# ==========================================================================
# the team workbook's 设置 (团体赛): the team layout's rows
# ==========================================================================


def team_model_bases() -> dict[str, type]:
    """The model classes of the team settings rows, by the first part of their target."""
    from xlxq.core.teams import TeamScoring, TeamSettings

    return {
        "settings": TeamSettings,
        "info": EventInfo,
        "scoring": TeamScoring,
        "game": Scoring,
        "pairing": PairingOptions,
        "standings": StandingsOptions,
    }


def team_tiebreak_value(raw: Any) -> Optional[list[str]]:
    """A team ranking preset (格式一, 格式二 …, the label or the key) or a list
    of items (Chinese labels or keys, English labels) separated by 、 , ; or
    arrows.  Blank: None (the system's default)."""
    from xlxq.core.team_standings import LABELS_EN as TEAM_EN
    from xlxq.core.team_standings import TEAM_PRESETS, resolve_team_tiebreaks

    text = text_of(raw)
    if text is None:
        return None
    k = L.norm_key(text)
    for preset, (zh, en) in T.TEAM_TIEBREAK_PRESET_LABELS.items():
        names = {L.norm_key(x) for x in (preset, zh, en, *T.TEAM_TIEBREAK_PRESET_ALIASES.get(preset, ()))}
        if k in names:
            return [preset]
    english = {L.norm_key(v): key for key, v in TEAM_EN.items()}
    items: list[str] = []
    for part in (p.strip() for p in re.split(r"[,，、;；/→>]+|->", text)):
        if not part:
            continue
        items.append(english.get(L.norm_key(part), part))
    if len(items) == 1 and items[0] in TEAM_PRESETS:
        return items

    def known(x: list[str]) -> list[str]:
        resolve_team_tiebreaks(x)  # InputError for an unknown item
        return x

    return _hans_items(items, known)


def team_tiebreak_text(spec: Optional[list[str]], system: str, lang: str) -> str:
    from xlxq.core.team_standings import LABELS_EN as TEAM_EN
    from xlxq.core.team_standings import LABELS_ZH as TEAM_ZH

    if spec is None:
        spec = list(get_team_system(system).rules.default_tiebreaks)
    return preset_or_items_text(spec, lang, T.TEAM_TIEBREAK_PRESET_LABELS, i18n_labels(lang, TEAM_ZH, TEAM_EN))


def team_tiebreak_sequence(spec: Optional[list[str]], system: str, lang: str) -> str:
    from xlxq.core.team_standings import LABELS_EN as TEAM_EN
    from xlxq.core.team_standings import LABELS_ZH as TEAM_ZH
    from xlxq.core.team_standings import resolve_team_tiebreaks

    labels = i18n_labels(lang, TEAM_ZH, TEAM_EN)
    return " → ".join(
        labels.get(k, k) for k in resolve_team_tiebreaks(spec, get_team_system(system).rules.default_tiebreaks)
    )


_TEAM_INT_MIN = {"first_round_seed": 0, "numbering_seed": 0, "board_min_games": 0, "boards": 2}
_TEAM_INT_MAX = {"boards": 10}


def read_team_settings(
    name: str, grid: list[list[Any]], problems: list[Problem], errors: Optional[ErrorList] = None
) -> tuple[TeamSettings, bool, SettingsSheet]:
    """The team 设置 sheet.  A bad value goes to ``errors`` (every one, issue
    10 §4) and its default is used; without ``errors`` the first one raises."""
    from xlxq.core.teams import TeamScoring, TeamSettings, check_team_settings

    bases = team_model_bases()
    errs = ErrorList() if errors is None else errors

    def own(got: dict[str, Any], r: int, spec: L.Setting, raw: Any, cell: str) -> None:
        if spec.kind in ("int", "optint"):
            v = as_int(raw)
            lo, hi = _TEAM_INT_MIN.get(spec.key, 1), _TEAM_INT_MAX.get(spec.key)
            if v is None or v < lo or (hi is not None and v > hi):
                rng = f"{lo}–{hi}" if hi is not None else (f"≥ {lo}")
                raise sheet_error(
                    name,
                    r,
                    Msg("settings.must-be-a-whole-number-got-2", label=spec.said(), rng=rng, raw=raw),
                    cell,
                )
            got[spec.key] = v
        elif spec.kind == "teamtiebreaks":
            try:
                got[spec.key] = team_tiebreak_value(raw)
            except InputError as exc:
                raise sheet_error(name, r, exc, cell) from None

    def blank(spec: L.Setting) -> Any:
        if spec.kind.startswith("opt") or spec.kind == "teamtiebreaks":
            return None
        return model_default(spec, bases)

    got, sheet = setting_values(name, grid, T.TEAM_SETTING_LOOKUP, problems, blank, own, errs)
    for spec in T.TEAM_SETTINGS_ROWS:
        if spec.key not in got:
            got[spec.key] = None if spec.kind == "teamtiebreaks" else model_default(spec, bases)

    def parts(prefix: str) -> dict[str, Any]:
        return target_parts(T.TEAM_SETTINGS_ROWS, got, prefix)

    game = Scoring(**parts("game"))
    scoring = TeamScoring(game=game, **parts("scoring"))
    pairing = PairingOptions(**parts("pairing"))
    standings = StandingsOptions(**parts("standings"))
    s = parts("settings")
    rating = rating_setting(name, sheet.rows, got, sheet.table.cols["value"])  # a bad row: refused at its cell
    settings = TeamSettings(
        scoring=scoring, pairing=pairing, standings=standings, info=EventInfo(**parts("info")), rating=rating, **s
    )
    if not errs:  # the values read are checked together once each is good
        try:
            check_team_settings(settings, rules=team_rules(settings))
        except InputError as exc:
            errs.add(sheet_error(name, None, exc))
    if errors is None:
        errs.check()
    return settings, bool(got["normalise_results"]), sheet


def team_switch(data: TeamWorkbookData, key: str) -> bool:
    """A yes/no row of the team 设置 that is not in the model (暂计和棋编排):
    its value as read (checked by :func:`read_team_settings`), else its default."""
    spec = T.TEAM_SETTINGS_BY_KEY[key]
    sheet = data.settings_sheet
    r = sheet.rows.get(key)
    if r is None:
        return bool(spec.default)
    vc = sheet.table.cols["value"]
    raw = cell_at(data.snapshot.get(sheet.name, []), r, vc)
    if raw in (None, ""):
        return bool(spec.default)
    return bool(choice_setting(sheet.name, r, spec, raw, L.cell_ref(r, vc)))


def team_settings_cells(settings: TeamSettings, lang: str, normalise_results: bool = False) -> dict[str, Any]:
    """The value cell of every team setting, as shown in the 设置 sheet."""
    out: dict[str, Any] = {}
    objects = {
        "settings": settings,
        "info": settings.info,
        "scoring": settings.scoring,
        "game": settings.scoring.game,
        "pairing": settings.pairing,
        "standings": settings.standings,
    }
    for spec in T.TEAM_SETTINGS_ROWS:
        if spec.target.startswith("workbook."):  # not in the model: 结果规范化 as read, 暂计和棋编排 its default
            v = normalise_results if spec.key == "normalise_results" else spec.default
        else:
            v = model_value(spec, objects)
        out[spec.key] = shown_setting(spec, v, lang, lambda t: team_tiebreak_text(t, settings.system, lang))
    return out


def write_team_settings_help(canvas: Canvas, data: TeamWorkbookData) -> None:
    """The 说明 of 排名方法 (the order actually used) and of 轮数."""
    s = data.event.settings
    lang = data.lang
    write_help_cells(
        canvas,
        data.settings_sheet,
        {
            "tiebreaks": lambda: team_tiebreak_sequence(s.tiebreaks, s.system, lang),
            "rounds": lambda: rounds_help(T.TEAM_SETTINGS_BY_KEY["rounds"], data.problems, lang),
        },
    )
