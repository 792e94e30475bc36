"""The 设置 sheet of a team workbook: read with the individual
workbook's row readers (:mod:`xlxq.sheets.settings`) over the team rows
(:data:`xlxq.sheets.team_layout.TEAM_SETTINGS_ROWS`) into
:class:`~xlxq.core.teams.TeamSettings`; the value cells as shown, the team
tie-break text and the 说明 cells.
"""

from __future__ import annotations

import re
from typing import Any, Optional

from xlxq.core.model import EventInfo, PairingOptions, Scoring, StandingsOptions
from xlxq.core.team_standings import LABELS_EN, LABELS_ZH, TEAM_PRESETS, resolve_team_tiebreaks
from xlxq.core.teams import TeamScoring, TeamSettings, check_team_settings
from xlxq.errors import ErrorList, InputError
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import as_int, cell_at, sheet_error, text_of
from xlxq.sheets.problems import Problem
from xlxq.sheets.settings import (
    choice_setting,
    model_default,
    rating_setting,
    rounds_help,
    setting_values,
    shown_setting,
    write_help_cells,
)
from xlxq.sheets.data import SettingsInfo, TeamWorkbookData
from xlxq.i18n import tr
from xlxq.i18n import labels as i18n_labels
from xlxq.systems import get_team_system, team_rules

#: the model classes of the team settings rows, by the first part of their target
TEAM_MODEL_BASES: dict[str, type] = {
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

    text = text_of(raw)
    if text is None:
        return None
    k = L.norm_key(text)
    for preset, (zh, en) in T.TEAM_TIEBREAK_PRESET_LABELS.items():
        names = {L.norm_key(x) for x in (preset, zh, en, *T.TEAM_TIEBREAK_PRESET_ALIASES.get(preset, ()))}
        if k in names:
            return [preset]
    english = {L.norm_key(v): key for key, v in LABELS_EN.items()}
    items: list[str] = []
    for part in (p.strip() for p in re.split(r"[,，、;；/→>]+|->", text)):
        if not part:
            continue
        items.append(english.get(L.norm_key(part), part))
    if len(items) == 1 and items[0] in TEAM_PRESETS:
        return items
    resolve_team_tiebreaks(items)  # InputError for an unknown item
    return items


def team_tiebreak_text(spec: Optional[list[str]], system: str, lang: str) -> str:

    if spec is None:
        spec = list(get_team_system(system).rules.default_tiebreaks)
    if len(spec) == 1 and spec[0] in T.TEAM_TIEBREAK_PRESET_LABELS:
        zh, en = T.TEAM_TIEBREAK_PRESET_LABELS[spec[0]]
        return zh if lang == "zh" else en
    labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
    return (tr(lang, "record_text.text-3")).join(labels.get(k, k) for k in spec)


def team_tiebreak_sequence(spec: Optional[list[str]], system: str, lang: str) -> str:

    labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
    return " → ".join(
        labels.get(k, k) for k in resolve_team_tiebreaks(spec, get_team_system(system).rules.default_tiebreaks)
    )


_INT_MIN = {"first_round_seed": 0, "numbering_seed": 0, "board_min_games": 0, "boards": 2}
_INT_MAX = {"boards": 10}


def read_team_settings(
    name: str, grid: list[list[Any]], problems: list[Problem], errors: Optional[ErrorList] = None
) -> tuple[TeamSettings, bool, SettingsInfo]:
    """The team 设置 sheet.  A bad value goes to ``errors`` (every one, issue
    10 §4) and its default is used; without ``errors`` the first one raises."""
    errs = ErrorList() if errors is None else errors

    def own(got: dict[str, Any], r: int, spec: L.Setting, raw: Any, cell: str) -> None:
        if spec.kind in ("int", "optint"):
            v = as_int(raw)
            lo, hi = _INT_MIN.get(spec.key, 1), _INT_MAX.get(spec.key)
            if v is None or v < lo or (hi is not None and v > hi):
                rng = f"{lo}–{hi}" if hi is not None else (f"≥ {lo}")
                raise sheet_error(
                    name,
                    r,
                    f"{spec.label('zh')}应为整数（{rng}），实为“{raw}”",
                    f"{spec.en} must be a whole number ({rng}), got {raw!r}",
                    cell,
                )
            got[spec.key] = v
        elif spec.kind == "teamtiebreaks":
            try:
                got[spec.key] = team_tiebreak_value(raw)
            except InputError as exc:
                raise sheet_error(name, r, exc.zh, exc.en, cell) from None

    def blank(spec: L.Setting) -> Any:
        if spec.kind.startswith("opt") or spec.kind == "teamtiebreaks":
            return None
        return model_default(spec, TEAM_MODEL_BASES)

    got, sheet = setting_values(name, grid, T.TEAM_SETTING_LOOKUP, problems, blank, own, errs)
    for spec in T.TEAM_SETTINGS_ROWS:
        if spec.key not in got:
            got[spec.key] = None if spec.kind == "teamtiebreaks" else model_default(spec, TEAM_MODEL_BASES)

    def parts(prefix: str) -> dict[str, Any]:
        return {s.target.split(".")[1]: got[s.key] for s in T.TEAM_SETTINGS_ROWS if s.target.startswith(prefix + ".")}

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
            errs.add(sheet_error(name, None, exc.zh, exc.en))
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


def settings_cells(settings: TeamSettings, lang: str, normalise_results: bool = False) -> dict[str, Any]:
    """The value cell of every team setting, as shown in the 设置 sheet."""
    out: dict[str, Any] = {}
    for spec in T.TEAM_SETTINGS_ROWS:
        obj, _, attr = spec.target.partition(".")
        src = {
            "settings": settings,
            "info": settings.info,
            "scoring": settings.scoring,
            "game": settings.scoring.game,
            "pairing": settings.pairing,
            "standings": settings.standings,
        }.get(obj)
        if obj == "workbook":  # not in the model: 结果规范化 as read, 暂计和棋编排 its default
            v = normalise_results if spec.key == "normalise_results" else spec.default
        else:
            v = getattr(src, attr)
        out[spec.key] = shown_setting(spec, v, lang, lambda t: team_tiebreak_text(t, settings.system, lang))
    return out


def write_settings_help(canvas: Canvas, data: TeamWorkbookData) -> None:
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
