"""The sheet-mapping layer of the team workbook (团体赛): workbook values ⇄
:class:`~xlxq.core.teams.TeamEvent`.

Same design and same classes as the individual layer
(:mod:`xlxq.sheets.mapping`): read every sheet once, build the model, let the
pure core compute, and emit one :class:`~xlxq.sheets.mapping.WritePlan`
through a :class:`~xlxq.sheets.mapping.Canvas` (only changed cells are
written).  Tables are read by their header names
(:mod:`xlxq.sheets.team_layout`), so inserted columns and re-sorted rows do
not matter.  Unusable data raises :class:`~xlxq.errors.InputError` naming
the sheet, row and cell; nothing is written then.  Everything else becomes a
:class:`~xlxq.sheets.mapping.Problem` that is highlighted.

Sheets: 设置, 队伍报名 (one row per player), 出场名单 (one row per round and
team), 第N轮 (per match: a match row, one row per board, a score line; the
bye row), 团体成绩, 台次成绩, 编排记录 and the hidden _xlxq.

**Who decides the seats.**  The round sheet is the truth: who sits on which
board is read from it (hand edits are accepted and flagged).  The program
seats a match itself (from the 出场名单 row of the team for that round, or the
format's default line-up) when it pairs the round, when the arbiter has
emptied every seat of a match, and when the arbiter has changed a match's
teams without touching its boards.  An 出场名单 row entered or changed after
the round was seated (the state sheet remembers the rows already used)
re-seats that team's boards on the next operation; results stay in their
rows.  Every line-up is checked with :func:`xlxq.core.teams.check_lineup`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterable, Optional

from xlxq.core import records
from xlxq.core.model import Board, PairingOptions, Player, Scoring, StandingsOptions
from xlxq.core.teams import (VACANT, Match, Team, TeamEvent, TeamRound, TeamScoring, TeamSettings, _check_settings,
                             check_lineup, default_lineup, first_team_colour, make_boards, match_game_points, other,
                             vacant_result, validate_team_event)
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.mapping import (BLOCKING, ERROR, INFO, WARNING, Book, Canvas, HighlightRef, ListValidation,
                                 NumberFormat, PageSetup, Problem, SheetLook, Style, Table, WritePlan, _as_int, _cell,
                                 _cell_or_address, _choice_setting, _fail, _find_table, _header_lookup, _Names,
                                 _norm_name, _num, _number_setting, _parse_withdrawn, _put, _reg_entry, _reg_rating,
                                 _resolve_seat, _setting_rows, _text, locate, paint_highlights, read_log_blocks,
                                 settings_looks, standings_looks, table_looks, write_log_lines, write_row_notes,
                                 write_state_rows)
from xlxq.sheets.results import BYE, ResultError, display as result_display, is_standard, parse_result
from xlxq.sheets.results import choices as result_choices

STATE_VERSION = 1

_SETTINGS_LOOKUP = _header_lookup(L.SETTINGS_COLUMNS)
_REG_LOOKUP = _header_lookup(T.TEAM_REG_COLUMNS)
_LINEUP_LOOKUP = _header_lookup(T.LINEUP_HEAD + T.ALL_BOARD_COLUMNS + T.LINEUP_TAIL)
_GENERIC_NAMES = {L.norm_key(n) for names in L.SIDED_GENERIC.values() for n in names}
_ROUND_LOOKUP = _header_lookup(T.TEAM_ROUND_COLUMNS, exclude=_GENERIC_NAMES)


def _lang_text(lang: str, zh: str, en: str) -> str:
    return zh if lang == "zh" else en


# ==========================================================================
# what was read
# ==========================================================================

@dataclass
class SettingsInfo:
    name: str
    table: Table
    rows: dict[str, int] = field(default_factory=dict)


@dataclass
class TeamRegSheet:
    name: str
    table: Table
    rows: dict[int, int] = field(default_factory=dict)             # player no → row
    team_rows: dict[int, list[int]] = field(default_factory=dict)  # team no → rows
    assigned_no: dict[int, int] = field(default_factory=dict)      # row → 序号 filled in by the program
    assigned_team: dict[int, int] = field(default_factory=dict)    # row → 队号 filled in by the program
    other_rows: list[int] = field(default_factory=list)


@dataclass
class LineupRow:
    row: int
    round: int
    team: int
    lineup: list[int]


@dataclass
class LineupSheet:
    name: str
    table: Table
    rows: dict[tuple[int, int], LineupRow] = field(default_factory=dict)
    other_rows: list[int] = field(default_factory=list)


@dataclass
class BoardRow:
    row: Optional[int]          # None: not on the sheet yet (the program adds it)
    board: int
    red: int = VACANT
    black: int = VACANT
    raw: Any = None             # the result cell as read
    result: Optional[str] = None
    fouls_red: int = 0
    fouls_black: int = 0
    clear_result: bool = False  # the program's forced result of an empty seat, no longer true: cleared


@dataclass
class MatchBlock:
    match: int
    row: Optional[int]
    first: int
    second: int
    boards: dict[int, BoardRow] = field(default_factory=dict)
    score_row: Optional[int] = None
    seated_by_program: bool = False     # seats written by the program in this operation


@dataclass
class TeamRoundSheet:
    no: int
    name: str
    table: Table
    matches: dict[int, MatchBlock] = field(default_factory=dict)
    bye_rows: dict[int, int] = field(default_factory=dict)       # team → row
    bye_side: dict[int, str] = field(default_factory=dict)
    other_rows: list[int] = field(default_factory=list)
    next_row: int = 0                                             # first free row (rows the program adds)
    new: bool = False

    def rowkeys(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for m, blk in self.matches.items():
            if blk.row is not None:
                out[f"match:{m}"] = blk.row
            if blk.score_row is not None:
                out[f"score:{m}"] = blk.score_row
            for k, br in blk.boards.items():
                if br.row is not None:
                    out[f"board:{m}:{k}"] = br.row
        for t, r in self.bye_rows.items():
            out[f"bye:{t}"] = r
        return out

    def all_rows(self) -> list[int]:
        return list(self.rowkeys().values()) + list(self.other_rows)


@dataclass
class TeamState:
    """The hidden _xlxq sheet of a team workbook: what the program paired
    (generated), what it last wrote (written: match teams and seats), the
    出场名单 rows already used, and the cells it highlighted."""

    generated: dict[int, dict[int, tuple[int, int, list[tuple[int, int]]]]] = field(default_factory=dict)
    gbyes: dict[int, list[int]] = field(default_factory=dict)
    written: dict[int, dict[int, tuple[int, int, list[tuple[int, int]]]]] = field(default_factory=dict)
    wbyes: dict[int, list[int]] = field(default_factory=dict)
    lineups: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    highlights: list[HighlightRef] = field(default_factory=list)


def _enc_seats(seats: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{r}-{b}" for r, b in seats)


def _dec_seats(text: Any) -> Optional[list[tuple[int, int]]]:
    out = []
    try:
        for tok in str(text or "").split():
            r, b = tok.split("-")
            out.append((int(r), int(b)))
    except ValueError:
        return None
    return out


def _dec_ints(text: Any) -> Optional[list[int]]:
    try:
        return [int(float(x)) for x in str(text or "").split()]
    except ValueError:
        return None


def _read_state(grid: list[list[Any]]) -> TeamState:
    st = TeamState()
    for i in range(1, len(grid) + 1):
        kind = _text(_cell(grid, i, 1))
        vals = [_cell(grid, i, j) for j in range(2, 7)]
        if kind in ("generated", "written"):
            n, m, f, s = (_as_int(v) for v in vals[:4])
            seats = _dec_seats(vals[4])
            if n and m and f and s and seats is not None:
                (st.generated if kind == "generated" else st.written).setdefault(n, {})[m] = (f, s, seats)
        elif kind in ("gbyes", "wbyes"):
            n = _as_int(vals[0])
            byes = _dec_ints(vals[1])
            if n and byes is not None:
                (st.gbyes if kind == "gbyes" else st.wbyes)[n] = byes
        elif kind == "lineup":
            n, t = _as_int(vals[0]), _as_int(vals[1])
            lu = _dec_ints(vals[2])
            if n and t and lu is not None:
                st.lineups[(n, t)] = lu
        elif kind == "highlight" and vals[0] and vals[1] and vals[2]:
            st.highlights.append(HighlightRef(str(vals[0]), str(vals[1]), str(vals[2]), str(vals[3] or "")))
    return st


@dataclass
class TeamWorkbookData:
    names: list[str]
    snapshot: dict[str, list[list[Any]]]
    lang: str
    settings_sheet: SettingsInfo
    reg: TeamRegSheet
    lineups: Optional[LineupSheet]
    rounds: list[TeamRoundSheet]
    team_standings_sheet: Optional[str]
    board_standings_sheet: Optional[str]
    log_sheet: Optional[str]
    state_sheet: Optional[str]
    event: TeamEvent
    normalise_results: bool
    state: TeamState
    problems: list[Problem] = field(default_factory=list)
    used_lineups: dict[tuple[int, int], list[int]] = field(default_factory=dict)   # rows applied now

    @property
    def blocking(self) -> bool:
        return any(p.level == BLOCKING for p in self.problems)

    def round_sheet(self, n: int) -> Optional[TeamRoundSheet]:
        return next((r for r in self.rounds if r.no == n), None)

    def table_of(self, sheet: str) -> Optional[Table]:
        if sheet == self.reg.name:
            return self.reg.table
        if sheet == self.settings_sheet.name:
            return self.settings_sheet.table
        if self.lineups is not None and sheet == self.lineups.name:
            return self.lineups.table
        rs = next((r for r in self.rounds if r.name == sheet), None)
        return rs.table if rs else None

    def rowkeys(self, sheet: str) -> dict[str, int]:
        if sheet == self.reg.name:
            return {f"player:{no}": r for no, r in self.reg.rows.items()}
        if self.lineups is not None and sheet == self.lineups.name:
            return {f"lineup:{n}:{t}": lr.row for (n, t), lr in self.lineups.rows.items()}
        rs = next((r for r in self.rounds if r.name == sheet), None)
        return rs.rowkeys() if rs else {}


# ==========================================================================
# reading: settings
# ==========================================================================

def _model_default(spec: L.Setting) -> Any:
    obj, _, attr = spec.target.partition(".")
    base = {"settings": TeamSettings, "scoring": TeamScoring, "game": Scoring, "pairing": PairingOptions,
            "standings": StandingsOptions}.get(obj)
    if base is None:
        return spec.default
    v = getattr(base(), attr)
    return list(v) if isinstance(v, list) else v


def team_tiebreak_value(raw: Any) -> Optional[list[str]]:
    """A team ranking preset (格式一, 格式二 …, the label or the key) or a list
    of items (Chinese labels or keys, English labels) separated by 、 , ; or
    arrows.  Blank: None (the system's default)."""
    from xlxq.core.team_standings import LABELS_EN, TEAM_PRESETS, resolve_team_tiebreaks

    text = _text(raw)
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
    resolve_team_tiebreaks(items)    # InputError for an unknown item
    return items


def team_tiebreak_text(spec: Optional[list[str]], system: str, lang: str) -> str:
    from xlxq.core.team_standings import LABELS_EN, LABELS_ZH, default_preset

    if spec is None:
        spec = [default_preset(system)]
    if len(spec) == 1 and spec[0] in T.TEAM_TIEBREAK_PRESET_LABELS:
        zh, en = T.TEAM_TIEBREAK_PRESET_LABELS[spec[0]]
        return zh if lang == "zh" else en
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    return ("、" if lang == "zh" else ", ").join(labels.get(k, k) for k in spec)


def team_tiebreak_sequence(spec: Optional[list[str]], system: str, lang: str) -> str:
    from xlxq.core.team_standings import LABELS_EN, LABELS_ZH, resolve_team_tiebreaks

    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    return " → ".join(labels.get(k, k) for k in resolve_team_tiebreaks(spec, system))


_INT_MIN = {"first_round_seed": 0, "board_min_games": 0, "boards": 2}
_INT_MAX = {"boards": 10}


def _read_settings(name: str, grid: list[list[Any]], problems: list[Problem]) -> tuple[TeamSettings, bool,
                                                                                      SettingsInfo]:
    table = _find_table(name, grid, _SETTINGS_LOOKUP, ("key", "value"), "“项目、设置”", "'Setting, Value'")
    sheet = SettingsInfo(name, table)
    got: dict[str, Any] = {}
    for r, spec, raw, cell in _setting_rows(name, grid, table, T.TEAM_SETTING_LOOKUP, sheet.rows, problems):
        what = spec.label("zh")
        if raw is None:
            got[spec.key] = None if (spec.kind.startswith("opt") or spec.kind == "teamtiebreaks") \
                else _model_default(spec)
            continue
        if spec.kind == "text":
            got[spec.key] = _text(raw) or ""
        elif spec.kind in ("int", "optint"):
            v = _as_int(raw)
            lo, hi = _INT_MIN.get(spec.key, 1), _INT_MAX.get(spec.key)
            if v is None or v < lo or (hi is not None and v > hi):
                rng = f"{lo}–{hi}" if hi is not None else (f"≥ {lo}")
                raise _fail(name, r, f"{what}应为整数（{rng}），实为“{raw}”",
                            f"{spec.en} must be a whole number ({rng}), got {raw!r}", cell)
            got[spec.key] = v
        elif spec.kind in ("number", "optnumber"):
            got[spec.key] = _number_setting(name, r, spec, raw, cell)
        elif spec.kind in ("choice", "bool"):
            got[spec.key] = _choice_setting(name, r, spec, raw, cell)
        elif spec.kind == "teamtiebreaks":
            try:
                got[spec.key] = team_tiebreak_value(raw)
            except InputError as exc:
                raise _fail(name, r, exc.zh, exc.en, cell) from None
    for spec in T.TEAM_SETTINGS_ROWS:
        if spec.key not in got:
            got[spec.key] = None if spec.kind == "teamtiebreaks" else _model_default(spec)

    def parts(prefix: str) -> dict[str, Any]:
        return {s.target.split(".")[1]: got[s.key] for s in T.TEAM_SETTINGS_ROWS if s.target.startswith(prefix + ".")}

    game = Scoring(**parts("game"))
    scoring = TeamScoring(game=game, **parts("scoring"))
    pairing = PairingOptions(**parts("pairing"))
    standings = StandingsOptions(**parts("standings"))
    s = parts("settings")
    settings = TeamSettings(scoring=scoring, pairing=pairing, standings=standings, **s)
    try:
        _check_settings(settings)
    except InputError as exc:
        raise _fail(name, None, exc.zh, exc.en) from None
    return settings, bool(got["normalise_results"]), sheet


def settings_cells(settings: TeamSettings, lang: str, normalise_results: bool = False) -> dict[str, Any]:
    """The value cell of every team setting, as shown in the 设置 sheet."""
    out: dict[str, Any] = {}
    for spec in T.TEAM_SETTINGS_ROWS:
        obj, _, attr = spec.target.partition(".")
        src = {"settings": settings, "scoring": settings.scoring, "game": settings.scoring.game,
               "pairing": settings.pairing, "standings": settings.standings}.get(obj)
        v = normalise_results if obj == "workbook" else getattr(src, attr)
        if spec.kind in ("choice", "bool"):
            v = next((c.label(lang) for c in spec.choices if c.value == v), v)
        elif spec.kind == "teamtiebreaks":
            v = team_tiebreak_text(v, settings.system, lang)
        out[spec.key] = _num(v) if isinstance(v, float) else v
    return out


# ==========================================================================
# reading: 队伍报名
# ==========================================================================

def _read_teams(name: str, grid: list[list[Any]], settings: TeamSettings,
                problems: list[Problem]) -> tuple[list[Player], list[Team], TeamRegSheet]:
    table = _find_table(name, grid, _REG_LOOKUP, ("name",), "“姓名”", "'Name'")
    c = table.cols
    if "team_no" not in c and "team" not in c:
        raise _fail(name, table.header_row, "找不到“队号”或“队名”列", "no 'Team no' or 'Team' column")
    reg = TeamRegSheet(name, table)
    boards = settings.boards
    entries: list[dict] = []
    first_no: dict[int, int] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        get = {k: _cell(grid, r, j) for k, j in c.items()}
        e = _reg_entry(name, r, get, c, first_no, {})
        if e is None:
            reg.other_rows.append(r)
            continue
        pname = e["name"]
        traw = get.get("team_no")
        if traw is not None:
            t = _as_int(traw)
            if t is None or t < 1:
                raise _fail(name, r, f"{pname} 的队号应为正整数，实为“{traw}”",
                            f"{pname}: team no must be a positive whole number, got {traw!r}",
                            L.cell_ref(r, c["team_no"]))
            e["team_no"] = t
        e["team"] = _text(get.get("team"))
        if "team_no" not in e and e["team"] is None:
            raise _fail(name, r, f"{pname} 没有队号或队名", f"{pname} has no team",
                        L.cell_ref(r, c.get("team", c.get("team_no"))))
        kind, k = T.parse_place(get.get("place"))
        if kind == "bad" or (kind == "main" and k is not None and k < 1) or (kind == "reserve" and k == 0):
            raise _fail(name, r, f"{pname} 的台次应为 1–{boards} 或“替补”“替补2”等，实为“{get.get('place')}”",
                        f"{pname}: board must be 1–{boards} or 'reserve', got {get.get('place')!r}",
                        L.cell_ref(r, c["place"]))
        if kind == "main" and k > boards:        # a registered place after the boards: a 替补 in that order
            kind, k = "reserve", k - boards
        e["place"] = (kind, k)
        rb = get.get("reserve_board")
        if rb is not None:
            x = _as_int(rb)
            if x is None or not 1 <= x <= boards:
                raise _fail(name, r, f"{pname} 的替补台次应为 1–{boards}，实为“{rb}”",
                            f"{pname}: reserve board must be 1–{boards}, got {rb!r}", L.cell_ref(r, c["reserve_board"]))
            e["reserve_board"] = x
        _reg_rating(e, name, r, get, c)
        for key, what_zh, what_en in (("withdrawn", "退赛轮次", "withdrawn-from-round"),
                                      ("team_withdrawn", "全队退赛轮次", "team withdrawn-from-round")):
            wd = _parse_withdrawn(get.get(key))
            if wd is not None and wd < 1:
                raise _fail(name, r, f"{pname} 的{what_zh}应为轮次数字（如 5 表示从第5轮起不再编排），实为“{get[key]}”",
                            f"{pname}: {what_en} must be a round number, got {get[key]!r}", L.cell_ref(r, c[key]))
            e[key] = wd
        entries.append(e)
    if not entries:
        raise _fail(name, None, "队伍报名表中没有队员", "no players registered")
    # teams: by 队号, else by 队名
    team_name: dict[int, tuple[str, int]] = {}
    for e in entries:
        t = e.get("team_no")
        if t is not None and e["team"] is not None:
            if t in team_name and _norm_name(team_name[t][0]) != _norm_name(e["team"]):
                raise _fail(name, e["row"], f"队号 {t} 在第{team_name[t][1]}行为“{team_name[t][0]}”，此行为“{e['team']}”",
                            f"team no {t} is {team_name[t][0]!r} on row {team_name[t][1]} but {e['team']!r} here",
                            L.cell_ref(e["row"], c["team"]))
            team_name.setdefault(t, (e["team"], e["row"]))
    by_name: dict[str, int] = {}
    for t, (nm, r) in team_name.items():
        k = _norm_name(nm)
        if k in by_name and by_name[k] != t:
            raise _fail(name, r, f"队名“{nm}”同时用于队号 {by_name[k]} 与 {t}", f"team {nm!r} has two numbers",
                        L.cell_ref(r, c["team"]))
        by_name[k] = t
    nxt = max([e["team_no"] for e in entries if "team_no" in e], default=0)
    for e in entries:
        if "team_no" in e:
            if e["team_no"] not in team_name:
                if "team" in c:
                    raise _fail(name, e["row"], f"队号 {e['team_no']} 没有队名（请在“队名”列填写）",
                                f"team no {e['team_no']} has no name", L.cell_ref(e["row"], c["team"]))
                team_name[e["team_no"]] = (f"{e['team_no']}队", e["row"])
            continue
        k = _norm_name(e["team"])
        if k not in by_name:
            nxt += 1
            by_name[k] = nxt
            team_name[nxt] = (e["team"], e["row"])
        e["team_no"] = by_name[k]
        if "team_no" in c:
            reg.assigned_team[e["row"]] = e["team_no"]
            problems.append(Problem(INFO, "team_numbered", f"{e['name']} 未填队号，按队名编为 {e['team_no']} 队",
                                    f"{e['name']}: team no {e['team_no']} filled in from the team name", name,
                                    e["row"], ("team_no",)))
    # player numbers
    nxt = max(first_no, default=0)
    for e in entries:
        if "no" not in e:
            if "no" not in c:
                raise _fail(name, None, "队伍报名表没有“序号”列，请加一列“序号”", "the team registration has no 'No' column")
            nxt += 1
            e["no"] = nxt
            reg.assigned_no[e["row"]] = nxt
            problems.append(Problem(INFO, "numbered", f"{e['name']} 未填序号，已自动编为 {nxt} 号",
                                    f"{e['name']} had no number; numbered {nxt}", name, e["row"], ("no",)))
    # members in registered order
    members: dict[int, list[dict]] = {}
    for e in entries:
        members.setdefault(e["team_no"], []).append(e)
        reg.rows[e["no"]] = e["row"]
        reg.team_rows.setdefault(e["team_no"], []).append(e["row"])
    players: list[Player] = []
    teams: list[Team] = []
    for t in sorted(members):
        es = members[t]
        tname = team_name[t][0]
        mains = [e for e in es if e["place"][0] == "main"]
        seen: dict[int, dict] = {}
        for e in mains:
            k = e["place"][1]
            if k in seen:
                raise _fail(name, e["row"], f"{tname}：第{k}台登记了两人（{seen[k]['name']}、{e['name']}）",
                            f"team {tname}: two players on board {k}", L.cell_ref(e["row"], c["place"]))
            seen[k] = e
        if mains and sorted(seen) != list(range(1, len(seen) + 1)):
            gap = next(k for k in range(1, len(seen) + 2) if k not in seen)
            e = max(mains, key=lambda x: x["place"][1])
            raise _fail(name, e["row"], f"{tname}：台次不连续，没有第{gap}台的队员",
                        f"team {tname}: no player registered on board {gap}", L.cell_ref(e["row"], c["place"]))
        blanks = [e for e in es if e["place"][0] is None]
        numbered = sorted((e for e in es if e["place"][0] == "reserve" and e["place"][1] is not None),
                          key=lambda e: e["place"][1])
        for a, b in zip(numbered, numbered[1:]):
            if a["place"][1] == b["place"][1]:
                raise _fail(name, b["row"], f"{tname}：替补{b['place'][1]}登记了两人（{a['name']}、{b['name']}）",
                            f"team {tname}: two players registered as reserve {b['place'][1]}",
                            L.cell_ref(b["row"], c["place"]))
        plain = [e for e in es if e["place"][0] == "reserve" and e["place"][1] is None]
        order = sorted(mains, key=lambda e: e["place"][1]) + blanks + numbered + plain
        if len(order) < settings.boards:
            raise _fail(name, es[0]["row"], f"{tname}（{t}队）只报名{len(order)}人，少于每队{settings.boards}台",
                        f"team {tname} registers {len(order)} players, fewer than {settings.boards} boards",
                        L.cell_ref(es[0]["row"], c["name"]))
        if (mains or numbered or plain) and len(mains) + len(blanks) < settings.boards:
            e = (numbered + plain)[0]
            raise _fail(name, e["row"], f"{tname}：只登记了{len(mains) + len(blanks)}名主力，每队{settings.boards}台，"
                        f"请把“{e['name']}”等替补改为台次号", f"team {tname}: fewer main players than boards",
                        L.cell_ref(e["row"], c["place"]))
        reserve_boards: dict[int, int] = {}
        for i, e in enumerate(order, start=1):
            if "reserve_board" in e:
                if i <= settings.boards:
                    raise _fail(name, e["row"], f"{e['name']} 是{tname}第{i}台主力，不能登记替补台次",
                                f"{e['name']} plays board {i}; only reserves have a reserve board",
                                L.cell_ref(e["row"], c["reserve_board"]))
                reserve_boards[e["no"]] = e["reserve_board"]
        wds = {e["team_withdrawn"] for e in es if e.get("team_withdrawn") is not None}
        if len(wds) > 1:
            e = next(e for e in es if e.get("team_withdrawn") is not None)
            raise _fail(name, e["row"], f"{tname}的全队退赛轮次不一致（{'、'.join(map(str, sorted(wds)))}）",
                        f"team {tname}: different team withdrawal rounds", L.cell_ref(e["row"], c["team_withdrawn"]))
        for e in order:
            players.append(Player(no=e["no"], name=e["name"], unit=tname, rating=e.get("rating"),
                                  withdrawn_from_round=e.get("withdrawn")))
        teams.append(Team(no=t, name=tname, players=[e["no"] for e in order], reserve_boards=reserve_boards,
                          withdrawn_from_round=min(wds) if wds else None))
    players.sort(key=lambda p: p.no)
    return players, teams, reg


# ==========================================================================
# reading: 出场名单
# ==========================================================================

class _TeamIndex:
    def __init__(self, teams: list[Team]):
        self.by_no = {t.no: t for t in teams}
        self.by_name: dict[str, list[Team]] = {}
        for t in teams:
            self.by_name.setdefault(_norm_name(t.name), []).append(t)


def _round_of_cell(v: Any) -> Optional[int]:
    n = _as_int(v)
    if n is not None:
        return n
    if v is None:
        return None
    m = re.fullmatch(r"(?:第)?(\d+)(?:轮)?|(?:round|rd|r)(\d+)", L.norm_key(v))
    if m:
        return int(m.group(1) or m.group(2))
    return -1


def _team_of_row(sheet: str, row: int, no_cell: Any, name_cell: Any, idx: _TeamIndex, cols: dict[str, int],
                 no_key: str, name_key: str) -> Optional[int]:
    """A team from a 队号 cell and a 队名 cell (队号 decides when both agree or
    the name is unknown; a name alone must be unambiguous)."""
    name = _text(name_cell)
    if no_cell is not None:
        t = _as_int(no_cell)
        if t is None or t not in idx.by_no:
            raise _fail(sheet, row, f"队号“{no_cell}”不在队伍报名表中", f"team no {no_cell!r} is not registered",
                        L.cell_ref(row, cols[no_key]))
        if name is not None:
            same = idx.by_name.get(_norm_name(name), [])
            if same and all(x.no != t for x in same):
                raise _fail(sheet, row, f"队号 {t}（{idx.by_no[t].name}）与队名“{name}”不一致，请改正其中之一",
                            f"team no {t} ({idx.by_no[t].name}) does not match the name {name!r}",
                            L.cell_ref(row, cols[no_key]))
        return t
    if name is None:
        return None
    same = idx.by_name.get(_norm_name(name), [])
    if len(same) != 1:
        raise _fail(sheet, row, f"队名“{name}”不在队伍报名表中（或重名），请填写队号",
                    f"team {name!r} is not registered (or ambiguous); fill in the team no",
                    L.cell_ref(row, cols[name_key]))
    return same[0].no


def _read_lineups(name: str, grid: list[list[Any]], settings: TeamSettings, players: list[Player],
                  teams: _TeamIndex) -> LineupSheet:
    table = _find_table(name, grid, _LINEUP_LOOKUP, ("round",), "“轮次”", "'Round'")
    c = table.cols
    if "team_no" not in c and "team" not in c:
        raise _fail(name, table.header_row, "找不到“队号”或“队名”列", "no 'Team no' or 'Team' column")
    board_cols = {int(k[1:]): j for k, j in c.items() if re.fullmatch(r"b\d+", k)}
    if not board_cols:
        raise _fail(name, table.header_row, "找不到“第1台”等台次列", "no 'Board 1' … columns")
    sheet = LineupSheet(name, table)
    names = _Names(players)
    for r in range(table.header_row + 1, len(grid) + 1):
        cells = {k: _cell(grid, r, j) for k, j in board_cols.items()}
        rraw = _cell(grid, r, c["round"])
        traw = _cell(grid, r, c["team_no"]) if "team_no" in c else None
        tname = _cell(grid, r, c["team"]) if "team" in c else None
        if all(v is None for v in cells.values()):
            sheet.other_rows.append(r)      # nothing submitted on this row
            continue
        n = _round_of_cell(rraw)
        if n is None or n < 1 or n > settings.rounds:
            raise _fail(name, r, f"轮次应为 1–{settings.rounds}，实为“{rraw if rraw is not None else ''}”",
                        f"round must be 1–{settings.rounds}, got {rraw!r}", L.cell_ref(r, c["round"]))
        t = _team_of_row(name, r, traw, tname, teams, c, "team_no", "team")
        if t is None:
            raise _fail(name, r, "没有填写队号或队名", "no team given",
                        L.cell_ref(r, c.get("team_no", c.get("team"))))
        members = teams.by_no[t].players
        lineup: list[int] = []
        for k in sorted(cells):
            v = cells[k]
            ref = L.cell_ref(r, board_cols[k])
            if k > settings.boards:
                if v is not None:
                    raise _fail(name, r, f"每队只有{settings.boards}台，第{k}台应空着", f"there are only "
                                f"{settings.boards} boards; board {k} must be empty", ref)
                continue
            if v is None or T.is_vacant_word(v):
                lineup.append(VACANT)
                continue
            no = _as_int(v)
            if no is not None:
                if no not in names.by_no:
                    raise _fail(name, r, f"第{k}台：序号 {no} 不在队伍报名表中", f"board {k}: no {no} is not registered",
                                ref)
                lineup.append(no)
                continue
            cands = names.by_name.get(_norm_name(v), [])
            own = [p for p in cands if p.no in members]
            pick = own or cands
            if len(pick) != 1:
                zh = "重名，请填写序号" if pick else "不在队伍报名表中"
                raise _fail(name, r, f"第{k}台：“{_text(v)}”{zh}", f"board {k}: {_text(v)!r} is "
                            + ("ambiguous; give the number" if pick else "not registered"), ref)
            lineup.append(pick[0].no)
        for _ in range(len(lineup) + 1, settings.boards + 1):
            lineup.append(VACANT)         # a board column missing from the sheet: nobody named
        if (n, t) in sheet.rows:
            raise _fail(name, r, f"第{n}轮{teams.by_no[t].name}的出场名单与第{sheet.rows[(n, t)].row}行重复",
                        f"round {n} team {t}: a second line-up (row {sheet.rows[(n, t)].row})",
                        L.cell_ref(r, c["round"]))
        sheet.rows[(n, t)] = LineupRow(r, n, t, lineup)
    return sheet


def _check_lineup_at(event: TeamEvent, n: int, t: int, lineup: list[int], sheet: str, row: int,
                     cols: dict[int, int]) -> None:
    """check_lineup, the error naming the sheet, row and board cell."""
    try:
        check_lineup(event, n, t, lineup)
    except InputError as exc:
        k = exc.place.board
        raise _fail(sheet, row, exc.zh, exc.en, L.cell_ref(row, cols[k]) if k in cols else None) from None


# ==========================================================================
# reading: round sheets
# ==========================================================================

def _team_seat(sheet: str, row: int, side: str, no_cell: Any, name_cell: Any, stored: Optional[int],
               idx: _TeamIndex, cols: dict[str, int], role_zh: str) -> Optional[int]:
    """The team on one side of a match row (or a bye row): 序号 column = 队号,
    红方/黑方 column = 队名; reconciled as players are (docs)."""
    no_ref = L.cell_ref(row, cols[f"{side}_no"]) if f"{side}_no" in cols else None
    name_ref = L.cell_ref(row, cols[f"{side}_name"]) if f"{side}_name" in cols else None
    t = None
    if no_cell is not None:
        t = _as_int(no_cell)
        if t is None or t not in idx.by_no:
            raise _fail(sheet, row, f"{role_zh}队号“{no_cell}”不在队伍报名表中", f"team no {no_cell!r} is not registered",
                        no_ref)
    name = _text(name_cell)
    if t is None and name is None:
        return None
    same = idx.by_name.get(_norm_name(name), []) if name else []
    if t is None:
        if len(same) != 1:
            raise _fail(sheet, row, f"{role_zh}“{name}”不在队伍报名表中（或重名），请填写队号",
                        f"team {name!r} is not registered (or ambiguous); fill in the team no", name_ref)
        return same[0].no
    if name is None or not same or any(x.no == t for x in same):
        return t
    others = [x.no for x in same]
    if stored == t and len(others) == 1:
        return others[0]        # the name was changed by hand
    if stored in others:
        return t                # the number was changed by hand
    raise _fail(sheet, row, f"{role_zh}队号 {t}（{idx.by_no[t].name}）与队名“{name}”不一致，请改正其中之一",
                f"team no {t} ({idx.by_no[t].name}) does not match the name {name!r}; correct one of them",
                no_ref or name_ref)


def _seat(sheet: str, row: int, side: str, no_cell: Any, name_cell: Any, stored: Optional[int], names: _Names,
          cols: dict[str, int]) -> Optional[int]:
    """A board seat: a player, VACANT (空台), or None (blank)."""
    if (no_cell is not None and T.is_vacant_word(no_cell)) or (no_cell is None and T.is_vacant_word(name_cell)):
        return VACANT
    if T.is_vacant_word(name_cell):
        name_cell = None          # a number typed over an empty seat: the number decides
    return _resolve_seat(sheet, row, side, no_cell, name_cell, stored, names, cols)


@dataclass
class _RawRound:
    sheet: TeamRoundSheet
    blocks: dict[int, MatchBlock]
    byes: list[int]
    blank_blocks: set[int]          # matches whose seats are all blank


def _read_round(n: int, name: str, grid: list[list[Any]], settings: TeamSettings, names: _Names,
                idx: _TeamIndex, state: TeamState) -> _RawRound:
    table = _find_table(name, grid, _ROUND_LOOKUP, ("result", "match"), "“场次、结果”", "'Match, Result'", sided=True)
    c = table.cols
    for side, zh in (("red", "红方"), ("black", "黑方")):
        if f"{side}_no" not in c and f"{side}_name" not in c:
            raise _fail(name, table.header_row, f"找不到{zh}的“序号”或姓名列", f"no {side} number or name column")
    if "board" not in c:
        raise _fail(name, table.header_row, "找不到“台次”列", "no 'Board' column")
    rs = TeamRoundSheet(n, name, table, next_row=len(grid) + 1)
    written = state.written.get(n, {})
    written_byes = state.wbyes.get(n, [])
    blocks: dict[int, MatchBlock] = {}
    match_rows: dict[int, int] = {}
    board_rows: dict[int, list[tuple[int, int, dict]]] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        get = {k: _cell(grid, r, j) for k, j in c.items()}
        if all(get.get(k) is None for k in ("match", "board", "red_no", "red_name", "black_no", "black_name",
                                            "result")):
            rs.other_rows.append(r)
            continue
        marker = T.row_marker(get.get("board"))
        if marker == "bye":
            side = "red" if (get.get("red_no") is not None or get.get("red_name") is not None) else "black"
            stored = written_byes[0] if len(written_byes) == 1 else None
            t = _team_seat(name, r, side, get.get(f"{side}_no"), get.get(f"{side}_name"), stored, idx, c, "轮空队")
            if t is None:
                rs.other_rows.append(r)
                continue
            if t in rs.bye_rows:
                raise _fail(name, r, f"{idx.by_no[t].name}的轮空行重复（第{rs.bye_rows[t]}行与第{r}行）",
                            f"team {t} has two bye rows", L.cell_ref(r, c["board"]))
            res = get.get("result")
            try:
                code = parse_result(res)
            except ResultError:
                code = "?"
            if code not in (None, BYE):
                raise _fail(name, r, f"轮空行的结果栏应为空或“轮空”，实为“{res}”", f"a bye row's result should be empty "
                            f"or 'bye', got {res!r}", L.cell_ref(r, c["result"]))
            rs.bye_rows[t] = r
            rs.bye_side[t] = side
            continue
        m = _as_int(get.get("match"))
        if m is None or m < 1:
            raise _fail(name, r, f"场次应为正整数，实为“{get.get('match') if get.get('match') is not None else ''}”",
                        f"match must be a positive whole number, got {get.get('match')!r}",
                        L.cell_ref(r, c["match"]))
        if marker == "score":
            blocks.setdefault(m, MatchBlock(m, None, 0, 0)).score_row = r
            continue
        if marker == "match":
            if m in match_rows:
                raise _fail(name, r, f"第{m}场有两行对阵（第{match_rows[m]}行与第{r}行）",
                            f"match {m} has two team rows (rows {match_rows[m]} and {r})", L.cell_ref(r, c["match"]))
            match_rows[m] = r
            w = written.get(m)
            first = _team_seat(name, r, "red", get.get("red_no"), get.get("red_name"), w[0] if w else None, idx, c,
                               "先走队")
            second = _team_seat(name, r, "black", get.get("black_no"), get.get("black_name"), w[1] if w else None,
                                idx, c, "后走队")
            if first is None or second is None:
                raise _fail(name, r, f"第{m}场的对阵行应填写先走队（红方栏）与后走队（黑方栏）",
                            f"match {m}: give the first team (red side) and the second team (black side)",
                            L.cell_ref(r, c["red_name" if "red_name" in c else "red_no"]))
            if first == second:
                raise _fail(name, r, f"第{m}场对阵双方是同一队（{idx.by_no[first].name}）",
                            f"match {m}: a team is paired with itself", L.cell_ref(r, c["red_name"]))
            blk = blocks.setdefault(m, MatchBlock(m, None, 0, 0))
            blk.row, blk.first, blk.second = r, first, second
            continue
        braw = get.get("board")
        k = _as_int(braw)
        if braw is not None and (k is None or k < 1):
            raise _fail(name, r, f"台次应为数字（或“对阵”“局分”“轮空”），实为“{braw}”",
                        f"board must be a number (or 'Match', 'Score', 'bye'), got {braw!r}", L.cell_ref(r, c["board"]))
        if k is not None and k > settings.boards:
            raise _fail(name, r, f"台次 {k} 超过每队台数 {settings.boards}", f"board {k} is more than the "
                        f"{settings.boards} boards", L.cell_ref(r, c["board"]))
        board_rows.setdefault(m, []).append((r, k or 0, get))
    # boards of each match
    for m, rows in board_rows.items():
        if m not in blocks or blocks[m].row is None:
            r = rows[0][0]
            raise _fail(name, r, f"第{m}场没有对阵行（台次栏为“{T.MATCH_MARK['zh']}”、填写两队的一行）",
                        f"match {m} has no team row (Board cell '{T.MATCH_MARK['en']}')", L.cell_ref(r, c["match"]))
        blk = blocks[m]
        used = {k for _, k, _ in rows if k}
        nxt = iter(k for k in range(1, settings.boards + 1) if k not in used)
        w = written.get(m)
        wseats = w[2] if w else None
        for r, k, get in rows:
            if not k:
                k = next(nxt, None)
                if k is None:
                    raise _fail(name, r, f"第{m}场的台次行多于{settings.boards}台", f"match {m} has more than "
                                f"{settings.boards} board rows", L.cell_ref(r, c["board"]))
            if k in blk.boards:
                raise _fail(name, r, f"第{m}场第{k}台重复（第{blk.boards[k].row}行与第{r}行）",
                            f"match {m} board {k} appears twice (rows {blk.boards[k].row} and {r})",
                            L.cell_ref(r, c["board"]))
            stored = wseats[k - 1] if wseats and k <= len(wseats) else None
            red = _seat(name, r, "red", get.get("red_no"), get.get("red_name"), stored[0] if stored else None,
                        names, c)
            black = _seat(name, r, "black", get.get("black_no"), get.get("black_name"),
                          stored[1] if stored else None, names, c)
            raw = get.get("result")
            try:
                res = parse_result(raw)
            except ResultError as exc:
                raise _fail(name, r, f"无法识别的结果“{exc.text}”（可填：红胜、黑胜、和、1-0、0-1、½-½、2:0、红弃权、黑弃权、双弃权 等）",
                            f"unknown result {exc.text!r} (e.g. red win, black win, draw, 1-0, 0-1, ½-½)",
                            L.cell_ref(r, c["result"])) from None
            if res == BYE:
                raise _fail(name, r, "台次行的结果不能是“轮空”（轮空行的台次栏填“轮空”）", "a board cannot be a bye",
                            L.cell_ref(r, c["result"]))
            fouls = {}
            for side in ("red", "black"):
                key = f"fouls_{side}"
                v = get.get(key)
                f = 0 if v is None else _as_int(v)
                if f is None or f < 0:
                    raise _fail(name, r, f"{'红' if side == 'red' else '黑'}犯规次数应为0或正整数，实为“{v}”",
                                f"{side} fouls must be a whole number ≥ 0, got {v!r}", L.cell_ref(r, c[key]))
                fouls[side] = f
            blk.boards[k] = BoardRow(r, k, red if red is not None else -1, black if black is not None else -1, raw,
                                     res, fouls["red"], fouls["black"])
    for m, blk in blocks.items():
        if blk.row is None:
            raise _fail(name, blk.score_row, f"第{m}场只有局分行，没有对阵行", f"match {m} has only a score row",
                        L.cell_ref(blk.score_row, c["match"]))
    for t in rs.bye_rows:
        for blk in blocks.values():
            if t in (blk.first, blk.second):
                raise _fail(name, rs.bye_rows[t], f"{idx.by_no[t].name}既在第{blk.match}场比赛又轮空",
                            f"team {t} both plays match {blk.match} and has a bye", L.cell_ref(rs.bye_rows[t], c["board"]))
    seen_team: dict[int, int] = {}
    for m in sorted(blocks):
        blk = blocks[m]
        for t in (blk.first, blk.second):
            if t in seen_team:
                raise _fail(name, blk.row, f"{idx.by_no[t].name}（{t}队）在第{seen_team[t]}场与第{m}场都出现",
                            f"team {t} appears in matches {seen_team[t]} and {m}", L.cell_ref(blk.row, c["match"]))
            seen_team[t] = m
    blank = set()
    for m, blk in blocks.items():
        if all(br.red == -1 and br.black == -1 for br in blk.boards.values()):
            blank.add(m)          # every seat empty (or no board rows): the program seats the match
        else:
            for br in blk.boards.values():
                br.red = VACANT if br.red == -1 else br.red          # one empty seat: 空台
                br.black = VACANT if br.black == -1 else br.black
    rs.matches = blocks
    return _RawRound(rs, blocks, sorted(rs.bye_rows), blank)


# ==========================================================================
# read the whole workbook
# ==========================================================================

def _kinds(names: list[str]) -> dict[str, list[tuple[str, Optional[int]]]]:
    kinds: dict[str, list[tuple[str, Optional[int]]]] = {}
    for nm in names:
        kind, n = T.sheet_kind(nm)
        if kind:
            kinds.setdefault(kind, []).append((nm, n))
    return kinds


def is_team_book(book: Book) -> bool:
    return T.is_team_sheet_names(list(book.sheet_names()))


def read_team_workbook(book: Book) -> TeamWorkbookData:
    """Read every sheet once and build the team event.  Raises InputError
    for unusable data; other problems are in ``.problems``."""
    names = list(book.sheet_names())
    kinds = _kinds(names)
    for kind in (T.SETTINGS, T.TEAMS):
        if kind not in kinds:
            zh, en = T.SHEET_NAMES[kind]["zh"], T.SHEET_NAMES[kind]["en"]
            raise InputError(f"工作簿中找不到“{zh}”表（英文模板为 {en}）", f"the workbook has no {en!r} sheet ({zh})")
    for kind in (T.SETTINGS, T.TEAMS, T.LINEUPS, T.TEAM_STANDINGS, T.BOARD_STANDINGS, T.LOG, T.STATE):
        if len(kinds.get(kind, [])) > 1:
            both = "、".join(f"“{n}”" for n, _ in kinds[kind])
            raise InputError(f"工作簿中有多张同类工作表：{both}，请删除或改名多余的一张",
                             f"the workbook has more than one such sheet: {both}")
    one = {k: v[0][0] for k, v in kinds.items() if k != T.ROUND}
    lang = T.lang_of_sheet(one[T.TEAMS])
    wanted = [one[k] for k in (T.SETTINGS, T.TEAMS, T.LINEUPS, T.STATE, T.LOG) if k in one]
    wanted += [nm for nm, _ in kinds.get(T.ROUND, [])]
    snapshot = {nm: [list(r) for r in (book.values(nm) or [])] for nm in wanted}
    problems: list[Problem] = []
    settings, normalise, settings_sheet = _read_settings(one[T.SETTINGS], snapshot[one[T.SETTINGS]], problems)
    players, teams, reg = _read_teams(one[T.TEAMS], snapshot[one[T.TEAMS]], settings, problems)
    base = TeamEvent(settings=settings, players=players, teams=teams)
    try:
        validate_team_event(base)
    except InputError as exc:
        raise _fail(reg.name, None, exc.zh, exc.en) from None
    state = _read_state(snapshot[one[T.STATE]]) if T.STATE in one else TeamState()
    by_round: dict[int, str] = {}
    for nm, n in kinds.get(T.ROUND, []):
        if n in by_round:
            raise InputError(f"第{n}轮有两张工作表：“{by_round[n]}”与“{nm}”，请删除或改名其中一张",
                             f"round {n} has two sheets: {by_round[n]!r} and {nm!r}")
        by_round[n] = nm
    for i, n in enumerate(sorted(by_round), start=1):
        if n != i:
            raise InputError(f"缺少第{i}轮的工作表（已有：{'、'.join(by_round[k] for k in sorted(by_round))}）",
                             f"the sheet of round {i} is missing")
    if len(by_round) > settings.rounds:
        raise InputError(f"工作簿中已有{len(by_round)}轮，超过“{settings_sheet.name}”表中的轮数 {settings.rounds}（请修改轮数）",
                         f"the workbook has {len(by_round)} rounds but the settings say {settings.rounds}")
    idx = _TeamIndex(teams)
    names_idx = _Names(players)
    lineups = _read_lineups(one[T.LINEUPS], snapshot[one[T.LINEUPS]], settings, players, idx) \
        if T.LINEUPS in one else None
    data = TeamWorkbookData(names=names, snapshot=snapshot, lang=lang, settings_sheet=settings_sheet, reg=reg,
                            lineups=lineups, rounds=[], team_standings_sheet=one.get(T.TEAM_STANDINGS),
                            board_standings_sheet=one.get(T.BOARD_STANDINGS), log_sheet=one.get(T.LOG),
                            state_sheet=one.get(T.STATE), event=base, normalise_results=normalise, state=state,
                            problems=problems)
    event = base
    for n in sorted(by_round):
        raw = _read_round(n, by_round[n], snapshot[by_round[n]], settings, names_idx, idx, state)
        data.rounds.append(raw.sheet)
        event = _build_round(data, event, raw)
    data.event = event
    try:
        validate_team_event(event)
    except InputError as exc:
        sheet = next((rs.name for rs in data.rounds if f"第{rs.no}轮" in exc.zh), data.reg.name)
        raise _fail(sheet, None, exc.zh, exc.en) from None
    _check_pending_lineups(data)
    data.problems.extend(rule_problems(data, event))
    locate(data)
    return data


def _lineup_cols(data: TeamWorkbookData) -> dict[int, int]:
    if data.lineups is None:
        return {}
    return {int(k[1:]): j for k, j in data.lineups.table.cols.items() if re.fullmatch(r"b\d+", k)}


def _team_seats(event: TeamEvent, first: int, second: int, boards: list[Board], team: int) -> list[int]:
    out = []
    for b in boards:
        if event.settings.system == "scheveningen":
            out.append(b.red if event.team_of(b.red) == team else b.black)
            continue
        colour = first_team_colour(b.board) if team == first else other(first_team_colour(b.board))
        out.append(b.red if colour == "R" else b.black)
    return out


def _build_round(data: TeamWorkbookData, before: TeamEvent, raw: _RawRound) -> TeamEvent:
    """Seat the matches of one round sheet (from the sheet, the 出场名单 or the
    default line-ups), check every line-up, and append the round."""
    rs = raw.sheet
    n = rs.no
    s = data.event.settings
    ev = replace(before, rounds=list(before.rounds))
    ev.reindex()
    lu_sheet = data.lineups
    lu_cols = _lineup_cols(data)
    rows = lu_sheet.rows if lu_sheet is not None else {}
    written = data.state.written.get(n, {})
    c = rs.table.cols
    matches: list[Match] = []
    for m in sorted(raw.blocks):
        blk = raw.blocks[m]
        w = written.get(m)
        reseat = m in raw.blank_blocks
        reason = "blank"
        if not reseat and w is not None and (w[0], w[1]) != (blk.first, blk.second):
            now = [(blk.boards[k].red, blk.boards[k].black) for k in sorted(blk.boards)]
            if now == w[2]:
                reseat, reason = True, "teams"
        if reseat:
            boards = _seat_match(data, ev, n, blk)
            blk.seated_by_program = True
            msg = ("已按出场名单（或默认名单）排台" if reason == "blank" else "对阵已人工调整，已按出场名单（或默认名单）重新排台")
            msg_en = ("seated from the line-ups (or the default line-ups)" if reason == "blank"
                      else "teams changed by hand: re-seated from the line-ups (or the default line-ups)")
            data.problems.append(Problem(INFO, "seated", msg, msg_en, rs.name, blk.row, ("board",), n))
        else:
            if len(blk.boards) != s.boards:
                missing = next(k for k in range(1, s.boards + 1) if k not in blk.boards)
                raise _fail(rs.name, blk.row, f"第{m}场缺少第{missing}台（每队{s.boards}台）；如要由程序重新排台，"
                            "请清空该场各台的序号与姓名", f"match {m} has no board {missing}", L.cell_ref(blk.row, c["match"]))
            boards = [Board(k, br.red, br.black, br.result, br.fouls_red, br.fouls_black)
                      for k, br in sorted(blk.boards.items())]
            # an 出场名单 row entered or changed since it was last used re-seats its team
            if s.system != "scheveningen":
                for team in (blk.first, blk.second):
                    lr = rows.get((n, team))
                    if lr is None:
                        continue
                    now = _team_seats(ev, blk.first, blk.second, boards, team)
                    if lr.lineup == now:
                        data.used_lineups[(n, team)] = lr.lineup
                        continue
                    if data.state.lineups.get((n, team)) == lr.lineup:
                        data.problems.append(Problem(
                            INFO, "lineup_overridden", f"第{n}轮对阵表中{ev.team(team).name}的出场已人工调整，以对阵表为准",
                            f"round {n}: the seats of team {team} were changed on the round sheet; the sheet is used",
                            lu_sheet.name, lr.row, ("team",), n))
                        continue
                    _check_lineup_at(ev, n, team, lr.lineup, lu_sheet.name, lr.row, lu_cols)
                    boards = _apply_lineup(data, rs, blk, boards, team, lr.lineup)
                    data.used_lineups[(n, team)] = lr.lineup
                    blk.seated_by_program = True
                    data.problems.append(Problem(INFO, "lineup_applied", f"已按此出场名单重排第{n}轮第{m}场",
                                                 f"round {n} match {m} re-seated from this line-up",
                                                 lu_sheet.name, lr.row, ("team",), n))
        for b in boards:
            forced = vacant_result(b.red, b.black)
            br = blk.boards.get(b.board)
            if forced is not None and b.result != forced:
                if br is not None and br.result is not None and br.row is not None:
                    raise _fail(rs.name, br.row, f"第{m}场第{b.board}台有空台，结果应为“{result_display(forced)}”，"
                                f"实为“{_text(br.raw)}”", f"match {m} board {b.board}: an empty seat means "
                                f"{result_display(forced, 'en')}", L.cell_ref(br.row, c["result"]))
                b.result = forced
        _check_team_sides(data, ev, rs, blk, boards)
        match = Match(m, blk.first, blk.second, boards)
        matches.append(match)
        for b in boards:
            br = blk.boards.get(b.board)
            if br is None:
                br = blk.boards[b.board] = BoardRow(None, b.board, raw=None)
            br.red, br.black, br.result = b.red, b.black, b.result
    rnd = TeamRound(n, matches, list(raw.byes))
    ev = ev.with_round(rnd)
    ev.reindex()
    if s.system != "scheveningen":
        for match in matches:
            blk = raw.blocks[match.match]
            for team in match.teams():
                seats = _team_seats(ev, match.first, match.second, match.boards, team)
                try:
                    check_lineup(ev, n, team, seats)
                except InputError as exc:
                    k = exc.place.board
                    br = blk.boards.get(k) if k else None
                    row = br.row if br is not None and br.row is not None else blk.row
                    side = "red_name"
                    if k and br is not None:
                        side = "red_name" if first_team_colour(k) == ("R" if team == match.first else "B") \
                            else "black_name"
                    raise _fail(rs.name, row, exc.zh, exc.en, L.cell_ref(row, c.get(side, c["board"]))) from None
    return ev


def _seat_match(data: TeamWorkbookData, ev: TeamEvent, n: int, blk: MatchBlock) -> list[Board]:
    s = ev.settings
    if s.system == "scheveningen":
        from xlxq.core.scheveningen import scheveningen_round

        boards = [replace(b) for b in scheveningen_round(ev, n).matches[0].boards]
    else:
        ups = []
        lu_cols = _lineup_cols(data)
        for team in (blk.first, blk.second):
            lr = data.lineups.rows.get((n, team)) if data.lineups is not None else None
            if lr is not None:
                _check_lineup_at(ev, n, team, lr.lineup, data.lineups.name, lr.row, lu_cols)
                ups.append(lr.lineup)
                data.used_lineups[(n, team)] = lr.lineup
            else:
                ups.append(default_lineup(ev, team, n))
        boards = make_boards(ups[0], ups[1])
    for b in boards:
        br = blk.boards.get(b.board)
        if br is not None:
            b.fouls_red, b.fouls_black = br.fouls_red, br.fouls_black
            if _stale_forced(br, b):
                continue
            if br.result is not None and vacant_result(b.red, b.black) is None:
                b.result = br.result
            if br.result is not None and (br.red, br.black) != (b.red, b.black):
                data.problems.append(Problem(WARNING, "result_before_seating",
                                             "此台已有结果，但对局者由程序重新排定，请核对结果",
                                             "this board had a result before it was re-seated; check it",
                                             data.round_sheet(n).name if data.round_sheet(n) else None, br.row,
                                             ("result",), n))
    return boards


def _stale_forced(br: BoardRow, b: Board) -> bool:
    """The result cell holds the forced result of an empty seat that the new
    seating fills: the program wrote it, so the program clears it."""
    old = vacant_result(br.red, br.black) if br.red >= 0 and br.black >= 0 else None
    if old is not None and br.result == old and vacant_result(b.red, b.black) is None:
        b.result = None
        br.clear_result = True
        return True
    return False


def _apply_lineup(data: TeamWorkbookData, rs: TeamRoundSheet, blk: MatchBlock, boards: list[Board], team: int,
                  lineup: list[int]) -> list[Board]:
    out = []
    for b in boards:
        colour = first_team_colour(b.board) if team == blk.first else other(first_team_colour(b.board))
        nb = replace(b, red=lineup[b.board - 1]) if colour == "R" else replace(b, black=lineup[b.board - 1])
        br = blk.boards.get(b.board)
        if (nb.red, nb.black) != (b.red, b.black) and br is not None and not _stale_forced(br, nb):
            nb.result = br.result
            if br.result is not None and vacant_result(nb.red, nb.black) is None:
                data.problems.append(Problem(WARNING, "result_before_seating",
                                             "此台已有结果，但出场名单改动后对局者已变，请核对结果",
                                             "this board had a result before the line-up changed; check it",
                                             rs.name, br.row, ("result",), rs.no))
        out.append(nb)
    return out


def _check_team_sides(data: TeamWorkbookData, ev: TeamEvent, rs: TeamRoundSheet, blk: MatchBlock,
                      boards: list[Board]) -> None:
    """Each seat holds a player of the team the board rule gives it (先走队
    单数台执红、双数台执黑); 全队轮赛制: one player of each team per board."""
    c = rs.table.cols
    for b in boards:
        br = blk.boards.get(b.board)
        row = br.row if br is not None and br.row is not None else blk.row
        if ev.settings.system == "scheveningen":
            teams = {ev.team_of(b.red), ev.team_of(b.black)}
            if VACANT in (b.red, b.black) or teams != {blk.first, blk.second}:
                raise _fail(rs.name, row, f"全队轮赛制第{b.board}台应为两队各一名队员",
                            f"Scheveningen board {b.board}: one player of each team", L.cell_ref(row, c["board"]))
            continue
        for side, no in (("red", b.red), ("black", b.black)):
            if no == VACANT:
                continue
            colour = "R" if side == "red" else "B"
            team = blk.first if first_team_colour(b.board) == colour else blk.second
            if ev.team_of(no) != team:
                rule = "先走队单数台执红、双数台执黑"
                raise _fail(rs.name, row, f"第{blk.match}场第{b.board}台：{'红方' if side == 'red' else '黑方'}"
                            f"{ev.player_label(no)}不是{ev.team(team).name}的队员（{rule}）；如调整了对阵，"
                            "请清空该场各台的序号与姓名，程序将重新排台",
                            f"match {blk.match} board {b.board}: the {side} player {no} is not of team {team} (the "
                            "first team has red on odd boards); after changing the teams, empty the seats of the match",
                            L.cell_ref(row, c.get(f"{side}_name", c["board"])))


def _check_pending_lineups(data: TeamWorkbookData) -> None:
    """出场名单 rows of the next round (checked now, used when it is paired)
    and of rounds where the team has no match."""
    if data.lineups is None:
        return
    ev = data.event
    nxt = ev.next_round
    cols = _lineup_cols(data)
    for (n, t), lr in sorted(data.lineups.rows.items()):
        if ev.settings.system == "scheveningen":
            data.problems.append(Problem(INFO, "lineup_unused", "全队轮赛制按秩序表排台，出场名单不用",
                                         "Scheveningen boards come from the table; line-ups are not used",
                                         data.lineups.name, lr.row, ("round",), n))
            continue
        if n == nxt and n <= ev.settings.rounds:
            if not ev.team(t).active_in(n):
                data.problems.append(Problem(WARNING, "lineup_withdrawn", f"{ev.team(t).name}已退赛，本轮不编排",
                                             f"team {t} has withdrawn", data.lineups.name, lr.row, ("team",), n))
                continue
            _check_lineup_at(ev, n, t, lr.lineup, data.lineups.name, lr.row, cols)
        elif n < nxt:
            rnd = ev.get_round(n)
            if t not in [x for m in rnd.matches for x in m.teams()]:
                data.problems.append(Problem(WARNING, "lineup_unused", f"{ev.team(t).name}第{n}轮没有比赛，此出场名单不用",
                                             f"team {t} has no match in round {n}; line-up not used",
                                             data.lineups.name, lr.row, ("round", "team"), n))


# ==========================================================================
# checks → problems
# ==========================================================================

def rule_problems(data: TeamWorkbookData, event: TeamEvent) -> list[Problem]:
    """Pairing rules (team Swiss: no rematch, one bye per team, at most one
    bye a round; no withdrawn team paired), hand changes against what the
    program paired and seated, unfinished results, teams missing; a team
    Swiss's 轮数 and odd field (原则(一)(二), :func:`~xlxq.sheets.mapping.plan_problems`)."""
    from xlxq.sheets.mapping import plan_problems

    s = event.settings
    swiss = s.system == "swiss"
    out: list[Problem] = plan_problems(data, event, team=True) if swiss else []
    last = max((r.round for r in event.rounds), default=0)
    met: dict[int, set[int]] = {t.no: set() for t in event.teams}
    byes_had: dict[int, int] = {t.no: 0 for t in event.teams}
    reg = data.reg
    for rnd in event.rounds:
        n = rnd.round
        rs = data.round_sheet(n)
        gen = data.state.generated.get(n)
        gen_pairs = {frozenset((f, sc)): (f, sc, seats) for f, sc, seats in gen.values()} if gen else {}
        for mt in rnd.matches:
            blk = rs.matches[mt.match]
            key = frozenset(mt.teams())
            if gen is not None:
                if key not in gen_pairs:
                    was = [f"{f}-{sc}" for f, sc, _ in gen.values() if f in key or sc in key]
                    out.append(Problem(INFO, "hand_pairing", f"人工调整的对阵（原编排：{'，'.join(was)}）；已采用表中的对阵",
                                       f"pairing changed by hand (was {', '.join(was)}); the sheet is used",
                                       rs.name, blk.row, ("red_no", "red_name", "black_name", "black_no"), n))
                elif gen_pairs[key][:2] != mt.teams():
                    out.append(Problem(INFO, "hand_colours", "人工调整：先走队与编排相反；已采用表中的先后走",
                                       "first and second team swapped by hand; the sheet is used",
                                       rs.name, blk.row, ("red_name", "black_name"), n))
                elif not blk.seated_by_program:
                    gseats = gen_pairs[key][2]
                    for b in mt.boards:
                        if b.board <= len(gseats) and gseats[b.board - 1] != (b.red, b.black):
                            gr, gb = gseats[b.board - 1]
                            out.append(Problem(
                                INFO, "hand_seats", f"人工调整的出场（原排：红 {event.player_label(gr)}，黑 "
                                f"{event.player_label(gb)}）；已采用表中的出场",
                                f"seats changed by hand (were {gr}-{gb}); the sheet is used",
                                rs.name, blk.boards[b.board].row, ("red_name", "black_name"), n))
            if swiss and mt.second in met[mt.first]:
                out.append(Problem(ERROR, "rematch", f"{event.team(mt.first).name}与{event.team(mt.second).name}已相遇过"
                                   "（原则(六)：不得重复相遇）", f"teams {mt.first} and {mt.second} have met before",
                                   rs.name, blk.row, ("red_name", "black_name"), n))
            for t in mt.teams():
                if not event.team(t).active_in(n):
                    out.append(Problem(ERROR, "withdrawn", f"{event.team(t).name}已于第{event.team(t).withdrawn_from_round}"
                                       "轮起退赛，不应编排", f"team {t} has withdrawn", rs.name, blk.row,
                                       ("red_name" if t == mt.first else "black_name",), n))
            met[mt.first].add(mt.second)
            met[mt.second].add(mt.first)
            if n < last:
                for b in mt.boards:
                    if b.result is None:
                        out.append(Problem(WARNING, "unfinished", f"第{n}轮第{mt.match}场第{b.board}台未填结果"
                                           "（成绩按未赛计，编排按和棋暂计）", f"round {n} match {mt.match} board "
                                           f"{b.board} has no result", rs.name, blk.boards[b.board].row, ("result",), n))
        if gen is not None and sorted(data.state.gbyes.get(n, [])) != sorted(rnd.byes):
            for t in rnd.byes:
                was = "、".join(map(str, data.state.gbyes.get(n, []))) or "无"
                out.append(Problem(INFO, "hand_bye", f"人工调整的轮空（原编排轮空：{was}）", f"bye changed by hand (was {was})",
                                   rs.name, rs.bye_rows[t], ("red_name", "black_name"), n))
        if swiss:
            for t in rnd.byes:
                if byes_had[t]:
                    out.append(Problem(ERROR, "second_bye", f"{event.team(t).name}第二次轮空（原则(五)：轮空每队只一次）",
                                       f"team {t} has a second bye", rs.name, rs.bye_rows[t], ("red_name",), n))
            if len(rnd.byes) > 1:
                for t in rnd.byes:
                    out.append(Problem(ERROR, "byes", f"第{n}轮有{len(rnd.byes)}队轮空（至多一队）",
                                       f"round {n} has {len(rnd.byes)} byes", rs.name, rs.bye_rows[t], ("red_name",), n))
        for t in rnd.byes:
            byes_had[t] += 1
        present = set(rnd.teams())
        for team in event.teams:
            if team.no not in present and team.active_in(n):
                rows = reg.team_rows.get(team.no, [])
                out.append(Problem(WARNING, "missing", f"{team.name}第{n}轮未编排（如已退赛请填写全队退赛轮次）",
                                   f"team {team.no} is not paired in round {n}", reg.name, rows[0] if rows else None,
                                   ("team",), n))
    for team in event.teams:
        rows = reg.team_rows.get(team.no, [])
        if team.withdrawn_from_round is not None and rows:
            out.append(Problem(INFO, "team_withdrawn", f"全队自第{team.withdrawn_from_round}轮起退赛，不再编排",
                               f"team withdrawn from round {team.withdrawn_from_round}", reg.name, rows[0],
                               ("team_withdrawn",)))
    for p in event.players:
        if p.withdrawn_from_round is not None:
            out.append(Problem(INFO, "withdrawn_player", f"自第{p.withdrawn_from_round}轮起退赛，不再出场",
                               f"withdrawn from round {p.withdrawn_from_round}", reg.name, reg.rows.get(p.no),
                               ("withdrawn",)))
    return out


# ==========================================================================
# writing: round sheets
# ==========================================================================

def add_team_round_sheet(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent, rnd: TeamRound) -> TeamRoundSheet:
    """A new 对阵表 sheet for ``rnd``: per match a match row, one row per
    board and a score line; the bye row last."""
    lang = data.lang
    name = T.round_sheet_name(rnd.round, lang)
    if name in data.names:
        raise InputError(f"已有名为“{name}”的工作表，请改名后再编排", f"a sheet named {name!r} already exists")
    after = data.rounds[-1].name if data.rounds else (data.lineups.name if data.lineups else data.reg.name)
    canvas.add_sheet(name, L.ROUND, after)
    cols = {c.key: i for i, c in enumerate(T.TEAM_ROUND_COLUMNS, start=1)}
    ncols = len(T.TEAM_ROUND_COLUMNS)
    title = (T.scheveningen_title(rnd.round, event.settings.name, lang) if event.settings.system == "scheveningen"
             else T.round_title(rnd.round, event.settings.name, lang, event.settings.boards))
    canvas.set(name, L.TITLE_ROW, 1, title)
    canvas.set_row(name, L.HEADER_ROW, 1, [c.header(lang) for c in T.TEAM_ROUND_COLUMNS])
    rs = TeamRoundSheet(rnd.round, name, Table(name, L.HEADER_ROW, cols, 0), new=True)
    r = L.FIRST_DATA_ROW
    plan = canvas.plan
    board_blocks: list[tuple[int, int]] = []
    for m in rnd.matches:
        blk = MatchBlock(m.match, r, m.first, m.second, seated_by_program=True)
        canvas.set(name, r, cols["match"], m.match)
        canvas.set(name, r, cols["board"], T.MATCH_MARK[lang])
        plan.styles.append(Style(name, r, 1, 1, ncols - 1, bold=True))
        r += 1
        top = r
        for b in m.boards:
            canvas.set(name, r, cols["match"], m.match)
            canvas.set(name, r, cols["board"], b.board)
            blk.boards[b.board] = BoardRow(r, b.board, b.red, b.black, None, b.result)
            r += 1
        board_blocks.append((top, r - top))
        canvas.set(name, r, cols["match"], m.match)
        canvas.set(name, r, cols["board"], T.SCORE_MARK[lang])
        plan.styles.append(Style(name, r, cols["red_name"], 1, 3, align="center"))
        blk.score_row = r
        r += 1
        rs.matches[m.match] = blk
    for t in rnd.byes:
        canvas.set(name, r, cols["board"], T.BYE_MARK[lang])
        rs.bye_rows[t] = r
        rs.bye_side[t] = "red"
        r += 1
    last = r - 1
    rs.table.last_row = last
    rs.next_row = r
    data.rounds.append(rs)
    data.names.append(name)
    res_col = cols["result"]
    for top, count in board_blocks:
        if count:
            plan.number_formats.append(NumberFormat(name, top, res_col, count, 1, L.TEXT_FORMAT))
            plan.validations.append(ListValidation(name, top, res_col, count, 1, result_choices(lang)))
    table_looks(canvas, name, {i: c.width for i, c in enumerate(T.TEAM_ROUND_COLUMNS, start=1)}, ncols, last,
                (L.FIRST_DATA_ROW, 1))
    if last >= L.FIRST_DATA_ROW:
        for key in ("match", "board", "red_no", "result", "black_no", "fouls_red", "fouls_black"):
            plan.styles.append(Style(name, L.FIRST_DATA_ROW, cols[key], last - L.FIRST_DATA_ROW + 1, 1,
                                     align="center"))
    plan.page_setups.append(PageSetup(name, landscape=True, title_rows=(L.TITLE_ROW, L.HEADER_ROW),
                                      area=(1, 1, max(last, L.HEADER_ROW), cols["fouls_black"]), footer="&P / &N"))
    return rs


def write_round_cells(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent, rs: TeamRoundSheet) -> None:
    """Program-owned cells of a round sheet: the teams of each match row,
    序号/names of the seats made to agree, the score lines, the bye rows;
    the forced result of an empty seat when the cell is blank; results in
    the standard spelling when 结果规范化 is on."""
    lang = data.lang
    rnd = event.get_round(rs.no)
    sc = event.settings.scoring
    for m in rnd.matches:
        blk = rs.matches[m.match]
        _put(canvas, rs, blk.row, "red_no", m.first)
        _put(canvas, rs, blk.row, "red_name", event.team(m.first).name)
        _put(canvas, rs, blk.row, "result", T.VS_TEXT[lang])
        _put(canvas, rs, blk.row, "black_name", event.team(m.second).name)
        _put(canvas, rs, blk.row, "black_no", m.second)
        for b in m.boards:
            br = blk.boards[b.board]
            if br.row is None:          # a board the program adds below the table
                br.row = rs.next_row
                rs.next_row += 1
                _put(canvas, rs, br.row, "match", m.match)
                _put(canvas, rs, br.row, "board", b.board)
            for side, no in (("red", b.red), ("black", b.black)):
                if no == VACANT:
                    _put(canvas, rs, br.row, f"{side}_no", None)
                    _put(canvas, rs, br.row, f"{side}_name", T.vacant_text(lang))
                else:
                    _put(canvas, rs, br.row, f"{side}_no", no)
                    _put(canvas, rs, br.row, f"{side}_name", event.player(no).name)
            raw_blank = br.raw is None or (isinstance(br.raw, str) and not br.raw.strip())
            if br.clear_result:
                _put(canvas, rs, br.row, "result", None)
            elif b.result is not None and raw_blank and vacant_result(b.red, b.black) is not None:
                _put(canvas, rs, br.row, "result", result_display(b.result, lang))
            elif data.normalise_results and b.result is not None and not is_standard(br.raw, b.result, lang):
                _put(canvas, rs, br.row, "result", result_display(b.result, lang))
        if blk.score_row is not None:
            gf, gs, finished = match_game_points(event, m)
            mf = sc.match_points(gf, gs, True) if finished else None
            ms = sc.match_points(gs, gf, False) if finished else None
            started = any(b.result is not None for b in m.boards)
            _put(canvas, rs, blk.score_row, "red_no", None)
            _put(canvas, rs, blk.score_row, "red_name", _num(gf) if started else None)
            _put(canvas, rs, blk.score_row, "result", T.score_line(gf, gs, mf, ms, lang) if started else None)
            _put(canvas, rs, blk.score_row, "black_name", _num(gs) if started else None)
            _put(canvas, rs, blk.score_row, "black_no", None)
    for t in rnd.byes:
        row = rs.bye_rows[t]
        side = rs.bye_side.get(t, "red")
        _put(canvas, rs, row, f"{side}_no", t)
        _put(canvas, rs, row, f"{side}_name", event.team(t).name)
        _put(canvas, rs, row, "result", result_display(BYE, lang))


# ==========================================================================
# writing: registration, notes, highlights, state
# ==========================================================================

def write_registration_cells(canvas: Canvas, data: TeamWorkbookData) -> None:
    reg = data.reg
    for key, assigned in (("no", reg.assigned_no), ("team_no", reg.assigned_team)):
        col = reg.table.cols.get(key)
        if col is None:
            continue
        for row, v in assigned.items():
            canvas.set(reg.name, row, col, v)


def write_settings_help(canvas: Canvas, data: TeamWorkbookData) -> None:
    sheet = data.settings_sheet
    col = sheet.table.cols.get("help")
    if col is None:
        return
    s = data.event.settings
    lang = data.lang
    row = sheet.rows.get("tiebreaks")
    if row is not None:
        canvas.set(sheet.name, row, col, team_tiebreak_sequence(s.tiebreaks, s.system, lang))
    row = sheet.rows.get("rounds")
    if row is not None:
        spec = T.TEAM_SETTINGS_BY_KEY["rounds"]
        text = spec.help_zh if lang == "zh" else spec.help_en
        plan = [p.message(lang) for p in data.problems if p.code == "rounds_plan"]
        if plan:                   # 原则(二): why 轮数 is flagged (the 提示 of this row)
            text = ("注意：" if lang == "zh" else "note: ") + ("；" if lang == "zh" else "; ").join(plan)
        canvas.set(sheet.name, row, col, text)


def write_notes(canvas: Canvas, data: TeamWorkbookData) -> None:
    lang = data.lang
    sheets = [(data.reg.name, data.reg.table, list(data.reg.rows.values()) + data.reg.other_rows)]
    if data.lineups is not None:
        sheets.append((data.lineups.name, data.lineups.table,
                       [lr.row for lr in data.lineups.rows.values()] + data.lineups.other_rows))
    for rs in data.rounds:
        sheets.append((rs.name, rs.table, rs.all_rows()))
    write_row_notes(canvas, data.problems, lang, sheets)


def _rowkey(data: TeamWorkbookData, sheet: str, row: int) -> str:
    for k, r in data.rowkeys(sheet).items():
        if r == row:
            return k
    return f"row:{row}"


def _resolve_ref(data: TeamWorkbookData, h: HighlightRef) -> Optional[tuple[int, int]]:
    table = data.table_of(h.sheet)
    row = data.rowkeys(h.sheet).get(h.rowkey) if table is not None else None
    col = table.cols.get(h.colkey) if table is not None else None
    return _cell_or_address(row, col, h.address)


def write_highlights(canvas: Canvas, data: TeamWorkbookData) -> list[HighlightRef]:
    return paint_highlights(canvas, data, _resolve_ref, _rowkey)


def write_state(canvas: Canvas, data: TeamWorkbookData, refs: list[HighlightRef], event: TeamEvent) -> None:
    name = data.state_sheet
    if name is None:
        name = T.SHEET_NAMES[T.STATE]["zh"]
        canvas.add_sheet(name, L.STATE, None)
        canvas.plan.looks.append(SheetLook(name, {1: 12, 2: 14, 3: 14, 4: 8, 5: 8, 6: 60}, hidden=True))
        data.state_sheet = name
    canvas.clear_sheet(name)
    rows: list[list[Any]] = [["xlxq", "内部记录，请勿修改 / internal record of xlxq, do not edit"],
                             ["version", STATE_VERSION], ["kind", "team"]]
    st = data.state
    for n in sorted(st.generated):
        for m, (f, s, seats) in sorted(st.generated[n].items()):
            rows.append(["generated", n, m, f, s, _enc_seats(seats)])
        rows.append(["gbyes", n, " ".join(map(str, st.gbyes.get(n, [])))])
    for rnd in event.rounds:
        for mt in rnd.matches:
            rows.append(["written", rnd.round, mt.match, mt.first, mt.second,
                         _enc_seats((b.red, b.black) for b in mt.boards)])
        rows.append(["wbyes", rnd.round, " ".join(map(str, rnd.byes))])
    lineups = dict(st.lineups)
    lineups.update(data.used_lineups)
    for (n, t), lu in sorted(lineups.items()):
        rows.append(["lineup", n, t, " ".join(map(str, lu))])
    write_state_rows(canvas, name, rows, refs)


def record_generated(data: TeamWorkbookData, rnd: TeamRound) -> None:
    data.state.generated[rnd.round] = {m.match: (m.first, m.second, [(b.red, b.black) for b in m.boards])
                                       for m in rnd.matches}
    data.state.gbyes[rnd.round] = list(rnd.byes)


def _record_program_seating(data: TeamWorkbookData, event: TeamEvent) -> None:
    """Matches the program seated in this operation become the 'generated'
    seating, so that only the arbiter's own changes are flagged later."""
    for rs in data.rounds:
        gen = data.state.generated.get(rs.no)
        if gen is None:
            continue
        rnd = event.get_round(rs.no)
        for mt in rnd.matches:
            blk = rs.matches.get(mt.match)
            if blk is None or not blk.seated_by_program:
                continue
            for gm, (f, s, _) in list(gen.items()):
                if {f, s} == set(mt.teams()):
                    gen[gm] = (f, s, [(b.red, b.black) for b in mt.boards])


# ==========================================================================
# writing: 团体成绩, 台次成绩, 编排记录
# ==========================================================================

def standings_after(event: TeamEvent) -> int:
    """The last round with a finished board (or only byes); 0 if none: the
    N of the tables (:func:`xlxq.core.standings.table_round`)."""
    from xlxq.core.standings import table_round

    return table_round(event).after


def _team_round_cell(event: TeamEvent, rnd: TeamRound, team: int, lang: str) -> Optional[str]:
    if team in rnd.byes:
        return result_display(BYE, lang)
    for m in rnd.matches:
        if team not in m.teams():
            continue
        first = team == m.first
        opp = m.opponent_of(team)
        gf, gs, finished = match_game_points(event, m)
        mine, theirs = (gf, gs) if first else (gs, gf)
        s = f"{opp}{'先' if first else '后'}" if lang == "zh" else f"{opp}{'F' if first else 'S'}"
        if not m.boards:
            return s
        if not finished:
            return s + (f" {_num(mine)}:{_num(theirs)}…")
        o = "W" if mine > theirs else "L" if mine < theirs else "D"
        s += {"W": "胜", "D": "和", "L": "负"}[o] if lang == "zh" else {"W": "+", "D": "=", "L": "-"}[o]
        return f"{s} {_num(mine)}:{_num(theirs)}"
    return None


def _ensure_sheet(canvas: Canvas, data: TeamWorkbookData, attr: str, kind: str, after: Optional[str]) -> str:
    name = getattr(data, attr)
    if name is None:
        name = T.SHEET_NAMES[kind][data.lang]
        canvas.add_sheet(name, L.STANDINGS, after)
        setattr(data, attr, name)
        data.names.append(name)
    return name


def _last_round_sheet(data: TeamWorkbookData) -> str:
    if data.rounds:
        return data.rounds[-1].name
    return data.lineups.name if data.lineups is not None else data.reg.name


def team_standings_header(settings: TeamSettings, lang: str, after: int) -> tuple[list[str], list[str]]:
    from xlxq.core.team_standings import LABELS_EN, LABELS_ZH, resolve_team_tiebreaks

    keys = [k for k in resolve_team_tiebreaks(settings.tiebreaks, settings.system) if k != "back_rounds"]
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    header = [c.header(lang) for c in T.TEAM_STANDINGS_HEAD]
    header += [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys]
    header += [L.round_col_header(n, lang) for n in range(1, after + 1)]
    header.append(T.TEAM_STANDINGS_TAIL.header(lang))
    return keys, header


def write_team_standings(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> list:
    """Rewrite 团体成绩 (program-owned).  Returns the TeamStandingRow list."""
    from xlxq.core.standings import table_round
    from xlxq.core.team_standings import compute_team_standings

    lang = data.lang
    tr = table_round(event)
    after = tr.after
    rows = compute_team_standings(event, after)
    name = _ensure_sheet(canvas, data, "team_standings_sheet", T.TEAM_STANDINGS, _last_round_sheet(data))
    canvas.clear_sheet(name)
    keys, header = team_standings_header(event.settings, lang, after)
    rnd_by_no = {r.round: r for r in event.rounds}
    canvas.set(name, L.TITLE_ROW, 1, T.team_standings_title(tr, event.settings.name, lang))
    canvas.set_row(name, L.HEADER_ROW, 1, header)
    r = L.FIRST_DATA_ROW
    for row in rows:
        team = event.team(row.no)
        note = None
        if team.withdrawn_from_round is not None and not team.active_in(after + 1):
            note = (f"第{team.withdrawn_from_round}轮起退赛" if lang == "zh"
                    else f"withdrawn from round {team.withdrawn_from_round}")
        vals = [row.rank, row.no, row.name] + [_num(row.values[k]) for k in keys]
        vals += [_team_round_cell(event, rnd_by_no[n], row.no, lang) for n in range(1, after + 1)]
        vals.append(note)
        canvas.set_row(name, r, 1, vals)
        r += 1
    _standings_looks(canvas, name, header, len(keys), after, r - 1)
    return rows


def _standings_looks(canvas: Canvas, name: str, header: list[str], nkeys: int, after: int, last: int) -> None:
    widths = L.standings_widths([c.width for c in T.TEAM_STANDINGS_HEAD], nkeys, T.TEAM_KEY_WIDTH, after,
                                T.TEAM_ROUND_CELL_WIDTH, T.TEAM_STANDINGS_TAIL.width)
    standings_looks(canvas, name, widths, len(header), last, 4)


def write_board_standings(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> dict:
    """Rewrite 台次成绩 (program-owned): every board's players ranked."""
    from xlxq.core.standings import table_round
    from xlxq.core.team_standings import board_standings

    lang = data.lang
    tr = table_round(event)
    table = board_standings(event, tr.after)
    name = _ensure_sheet(canvas, data, "board_standings_sheet", T.BOARD_STANDINGS,
                         data.team_standings_sheet or _last_round_sheet(data))
    canvas.clear_sheet(name)
    canvas.set(name, L.TITLE_ROW, 1, T.board_standings_title(tr, event.settings.name, lang))
    header = [c.header(lang) for c in T.BOARD_STANDINGS_COLUMNS]
    canvas.set_row(name, L.HEADER_ROW, 1, header)
    r = L.FIRST_DATA_ROW
    for k in sorted(table):
        if r > L.FIRST_DATA_ROW and table[k]:
            r += 1                         # a blank row between boards
        for row in table[k]:
            canvas.set_row(name, r, 1, [k, row.rank, row.no, row.name, row.team, _num(row.points), row.games,
                                        row.wins, row.draws, row.losses, row.fouls,
                                        f"{row.percentage * 100:.1f}%" if row.games else None])
            r += 1
    _board_looks(canvas, name, r - 1)
    return table


def _board_looks(canvas: Canvas, name: str, last: int) -> None:
    ncols = len(T.BOARD_STANDINGS_COLUMNS)
    table_looks(canvas, name, {i: c.width for i, c in enumerate(T.BOARD_STANDINGS_COLUMNS, start=1)}, ncols, last,
                (L.FIRST_DATA_ROW, 1))
    canvas.plan.page_setups.append(PageSetup(name, title_rows=(L.TITLE_ROW, L.HEADER_ROW),
                                      area=(1, 1, max(last, L.HEADER_ROW), ncols), footer="&P / &N"))




def write_log(canvas: Canvas, data: TeamWorkbookData, round_no: int, text: str) -> None:
    """Replace (or add) the block of ``round_no`` in 编排记录; blocks in round
    order, lines before the first block kept."""
    name = data.log_sheet
    if name is None:
        name = T.SHEET_NAMES[T.LOG][data.lang]
        canvas.add_sheet(name, L.LOG, data.board_standings_sheet or data.team_standings_sheet or None)
        canvas.plan.looks.append(SheetLook(name, {1: L.LOG_WIDTH}))
        data.log_sheet = name
    preamble, blocks = read_log_blocks(data.snapshot.get(name, []), records.HEADING_RE,
                                       lambda m: records.block_key(m)[1])
    for blk in blocks.values():
        while blk and blk[-1] is None:
            blk.pop()
    blocks[round_no] = text.splitlines()
    write_log_lines(canvas, name, preamble, blocks)


# ==========================================================================
# a whole refresh
# ==========================================================================

def refresh(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent, standings: bool = True) -> list:
    """Every program-owned cell from ``event`` and ``data.problems``."""
    rows: list = []
    _record_program_seating(data, event)
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


# ==========================================================================
# a new workbook (templates, create_team_workbook)
# ==========================================================================

def _settings_sheet(canvas: Canvas, sname: str, settings: TeamSettings, lang: str, normalise: bool) -> None:
    canvas.set(sname, 1, 1, "团体赛设置" if lang == "zh" else "Team event settings")
    canvas.set_row(sname, 2, 1, [c.header(lang) for c in L.SETTINGS_COLUMNS])
    values = settings_cells(settings, lang, normalise)
    plan = canvas.plan
    for i, spec in enumerate(T.TEAM_SETTINGS_ROWS, start=3):
        help_text = spec.help_zh if lang == "zh" else spec.help_en
        if spec.key == "tiebreaks":
            help_text = team_tiebreak_sequence(settings.tiebreaks, settings.system, lang)
        canvas.set_row(sname, i, 1, [spec.label(lang), values[spec.key], help_text])
        if spec.choices:
            plan.validations.append(ListValidation(sname, i, 2, 1, 1, [c.label(lang) for c in spec.choices]))
        if spec.kind == "teamtiebreaks":
            plan.validations.append(ListValidation(sname, i, 2, 1, 1, [v[0 if lang == "zh" else 1] for v in
                                                                       T.TEAM_TIEBREAK_PRESET_LABELS.values()]))
    settings_looks(canvas, sname, 2 + len(T.TEAM_SETTINGS_ROWS))


def _team_rows(event: Optional[TeamEvent], lang: str) -> list[list[Any]]:
    out: list[list[Any]] = []
    if event is None:
        return out
    boards = event.settings.boards
    for t in sorted(event.teams, key=lambda t: t.no):
        for i, no in enumerate(t.players, start=1):
            p = event.player(no)
            place = i if i <= boards else T.place_text("reserve", i - boards, lang)
            out.append([t.no, t.name, place, p.no, p.name, _num(p.rating) if p.rating is not None else None,
                        t.reserve_boards.get(no), p.withdrawn_from_round,
                        t.withdrawn_from_round if i == 1 else None, None, None])
    return out


def _teams_sheet(canvas: Canvas, rname: str, settings: TeamSettings, event: Optional[TeamEvent], lang: str) -> None:
    canvas.set(rname, 1, 1, (f"{settings.name}  " if settings.name else "") +
               ("队伍报名表（台次：主力填1、2…，替补填“替补”；序号全赛唯一）" if lang == "zh"
                else "Team registration (Board: 1, 2 … for the main players, 'reserve' for reserves)"))
    canvas.set_row(rname, 2, 1, [c.header(lang) for c in T.TEAM_REG_COLUMNS])
    rows = _team_rows(event, lang)
    for i, vals in enumerate(rows, start=3):
        canvas.set_row(rname, i, 1, vals)
    ncols = len(T.TEAM_REG_COLUMNS)
    plan = canvas.plan
    for j in range(1, ncols + 1):
        canvas.fill(rname, 2, j, L.HEADER_FILL)
    plan.looks.append(SheetLook(rname, {i: c.width for i, c in enumerate(T.TEAM_REG_COLUMNS, start=1)},
                                freeze=(3, 3)))
    plan.styles += [Style(rname, 1, 1, bold=True, size=12),
                    Style(rname, 2, 1, 1, ncols, bold=True, border=True, align="center")]
    if rows:
        plan.styles.append(Style(rname, 3, 1, len(rows), ncols, border=True))
        plan.styles.append(Style(rname, 3, 1, len(rows), 1, align="center"))
        plan.styles.append(Style(rname, 3, 3, len(rows), 2, align="center"))
    plan.page_setups.append(PageSetup(rname, title_rows=(1, 2), area=(1, 1, max(2, 2 + len(rows)), ncols - 1),
                                      footer="&P / &N"))


def _lineups_sheet(canvas: Canvas, lname: str, settings: TeamSettings, lang: str) -> None:
    cols = T.LINEUP_HEAD + tuple(T.board_column(k) for k in range(1, settings.boards + 1)) + T.LINEUP_TAIL
    title = ("出场名单（每轮每队一行：轮次、队号，各台填序号或姓名，缺人填“缺”；未填的队按默认名单出场）" if lang == "zh" else
             "Line-ups (one row per round and team: numbers or names per board, 'vacant' for an empty seat; "
             "a team without a row plays its default line-up)")
    canvas.set(lname, 1, 1, title)
    canvas.set_row(lname, 2, 1, [c.header(lang) for c in cols])
    plan = canvas.plan
    for j in range(1, len(cols) + 1):
        canvas.fill(lname, 2, j, L.HEADER_FILL)
    plan.looks.append(SheetLook(lname, {i: c.width for i, c in enumerate(cols, start=1)}, freeze=(3, 4)))
    plan.styles += [Style(lname, 1, 1, bold=True, size=12),
                    Style(lname, 2, 1, 1, len(cols), bold=True, border=True, align="center")]
    plan.page_setups.append(PageSetup(lname, landscape=True, title_rows=(1, 2), area=(1, 1, 2, len(cols) - 1),
                                      footer="&P / &N"))


def _empty_team_standings(canvas: Canvas, name: str, settings: TeamSettings, lang: str) -> None:
    keys, header = team_standings_header(settings, lang, 0)
    canvas.set(name, 1, 1, T.team_standings_title(0, settings.name, lang))
    canvas.set_row(name, 2, 1, header)
    _standings_looks(canvas, name, header, len(keys), 0, 2)


def _empty_board_standings(canvas: Canvas, name: str, settings: TeamSettings, lang: str) -> None:
    canvas.set(name, 1, 1, T.board_standings_title(0, settings.name, lang))
    canvas.set_row(name, 2, 1, [c.header(lang) for c in T.BOARD_STANDINGS_COLUMNS])
    _board_looks(canvas, name, 2)


def plan_new_team_workbook(lang: str = "zh", settings: Optional[TeamSettings] = None,
                           event: Optional[TeamEvent] = None, normalise_results: bool = False) -> WritePlan:
    """The plan that builds a team workbook from nothing: 设置, 队伍报名,
    出场名单, 团体成绩, 台次成绩, 编排记录 and the hidden state sheet.  Used by
    tools/build_team_templates.py (XlsxWriter) and create_team_workbook."""
    settings = settings or (event.settings if event is not None else TeamSettings())
    canvas = Canvas({})
    names = T.SHEET_NAMES
    sname = names[T.SETTINGS][lang]
    canvas.add_sheet(sname, L.SETTINGS)
    _settings_sheet(canvas, sname, settings, lang, normalise_results)
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
    canvas.add_sheet(gname, L.LOG, bname)
    canvas.set(gname, 1, 1, "编排记录" if lang == "zh" else "Pairing log (in Chinese)")
    canvas.plan.looks.append(SheetLook(gname, {1: L.LOG_WIDTH}))
    canvas.plan.styles.append(Style(gname, 1, 1, bold=True, size=14))
    stname = names[T.STATE][lang]
    canvas.add_sheet(stname, L.STATE, gname)
    canvas.set_row(stname, 1, 1, ["xlxq", "内部记录，请勿修改 / internal record of xlxq, do not edit"])
    canvas.set_row(stname, 2, 1, ["version", STATE_VERSION])
    canvas.set_row(stname, 3, 1, ["kind", "team"])
    canvas.plan.looks.append(SheetLook(stname, {1: 12, 2: 14, 3: 14, 4: 8, 5: 8, 6: 60}, hidden=True))
    return canvas.finish()


def plan_fill_team_template(book: Book, settings: TeamSettings, event: Optional[TeamEvent],
                            normalise_results: bool = False) -> WritePlan:
    """Fill a fresh copy of the team template: the settings values, the
    teams in 队伍报名, the board columns of 出场名单 and the headers of
    团体成绩 for this event."""
    names = list(book.sheet_names())
    kinds = {T.sheet_kind(n)[0]: n for n in names}
    for kind in (T.SETTINGS, T.TEAMS):
        if kind not in kinds:
            raise InputError("模板中缺少“设置”或“队伍报名”", "the template has no Settings or Teams sheet")
    lang = T.lang_of_sheet(kinds[T.TEAMS])
    snapshot = {n: [list(r) for r in book.values(n)] for n in kinds.values() if n in names}
    canvas = Canvas(snapshot)
    sname = kinds[T.SETTINGS]
    grid = snapshot[sname]
    table = _find_table(sname, grid, _SETTINGS_LOOKUP, ("key", "value"), "“项目、设置”", "'Setting, Value'")
    values = settings_cells(settings, lang, normalise_results)
    for r in range(table.header_row + 1, len(grid) + 1):
        spec = T.TEAM_SETTING_LOOKUP.get(L.norm_key(_text(_cell(grid, r, table.cols["key"]))))
        if spec is not None:
            canvas.set(sname, r, table.cols["value"], values[spec.key])
            if spec.key == "tiebreaks" and "help" in table.cols:
                canvas.set(sname, r, table.cols["help"],
                           team_tiebreak_sequence(settings.tiebreaks, settings.system, lang))
    for kind, build in ((T.TEAMS, lambda nm: _teams_sheet(canvas, nm, settings, event, lang)),
                        (T.LINEUPS, lambda nm: _lineups_sheet(canvas, nm, settings, lang)),
                        (T.TEAM_STANDINGS, lambda nm: _empty_team_standings(canvas, nm, settings, lang)),
                        (T.BOARD_STANDINGS, lambda nm: _empty_board_standings(canvas, nm, settings, lang))):
        if kind in kinds:
            canvas.clear_sheet(kinds[kind])
            build(kinds[kind])
    return canvas.finish()


__all__ = [
    "TeamWorkbookData", "read_team_workbook", "is_team_book", "refresh", "add_team_round_sheet", "write_log",
    "record_generated", "standings_after", "plan_new_team_workbook", "plan_fill_team_template", "settings_cells",
    "team_tiebreak_value", "team_tiebreak_sequence", "rule_problems", "locate",
]
