"""What the team workbook (团体赛工作簿) looks like: sheet names, column
headers (Chinese and English), settings rows, row markers and titles.

Pure data plus a few lookup helpers, built from :mod:`xlxq.sheets.layout`
(its record types and the sheets, columns and 设置 rows
both workbooks have): here only what the team rules add — the team sheets
(队伍报名, 出场名单, 团体成绩, 台次成绩), the team registration's and the
line-ups' columns, the match blocks of a round sheet (场次, the seats' teams,
the row markers), the 台次成绩 and team standings columns, the 局分/场分
and line-up rows of 设置 — each from the individual definition where it is
the same column or row (``.but``: only what differs).
The team readers (:func:`xlxq.sheets.read.read_team_workbook` and the
``team_*`` modules) read every table *by these header names*, never by position.
docs/workbook-teams.md describes every sheet and column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from xlxq.core.standings import TableRound

import re
from typing import Any, Optional

from xlxq.sheets import layout as L
from xlxq.sheets.layout import ARBITER, PAIRING, PROGRAM, Choice, Column, Setting, norm_key
from xlxq.i18n import tr

# --------------------------------------------------------------------------
# sheets
# --------------------------------------------------------------------------

SETTINGS, ROUND, LOG, STATE = L.SETTINGS, L.ROUND, L.LOG, L.STATE  # as in the individual workbook
TEAMS, LINEUPS, TEAM_STANDINGS, BOARD_STANDINGS = "teams", "lineups", "team_standings", "board_standings"

RATING = L.RATING  # the unofficial 等级分 sheet, as in the individual workbook

#: the team workbook's sheets: the individual workbook's 设置, 编排记录, state
#: and 等级分 sheets, and its own
SHEETS = L.SHEETS.made_of(
    (SETTINGS, TEAMS, LINEUPS, TEAM_STANDINGS, BOARD_STANDINGS, LOG, STATE, RATING),
    {
        TEAMS: (
            {"zh": "队伍报名", "en": "Teams"},
            ("队伍报名", "队伍报名表", "团体报名", "团体报名表", "teams", "teamregistration", "teamentries"),
        ),
        LINEUPS: (
            {"zh": "出场名单", "en": "Line-ups"},
            ("出场名单", "出场顺序", "出场表", "line-ups", "lineups", "lineup"),
        ),
        TEAM_STANDINGS: (
            {"zh": "团体成绩", "en": "Team standings"},
            ("团体成绩", "团体成绩表", "团体名次", "团体名次表", "teamstandings", "teamranking"),
        ),
        BOARD_STANDINGS: (
            {"zh": "台次成绩", "en": "Board results"},
            ("台次成绩", "台次成绩表", "分台成绩", "boardresults", "boardstandings", "boardranking"),
        ),
    },
)
SHEET_NAMES = SHEETS.names
SHEET_ALIASES = SHEETS.aliases


def round_sheet_name(n: int, lang: str = "zh") -> str:
    return L.round_sheet_name(n, lang)


def sheet_kind(name: str) -> tuple[Optional[str], Optional[int]]:
    """(kind, round number) of a sheet of the team workbook, or (None, None)
    for a sheet that is not part of the event (left alone)."""
    return SHEETS.kind_of(name)


def is_team_book(book: Any) -> bool:
    """Whether ``book`` (a :class:`xlxq.sheets.plan.Book`) is a team workbook
    (:func:`is_team_sheet_names` of its sheet names: cheap, nothing is read;
    here, so that an individual workbook's operations need not import the
    team modules to tell)."""
    return is_team_sheet_names(list(book.sheet_names()))


def is_team_sheet_names(names: list[str]) -> bool:
    """A workbook is a team workbook when it has a 队伍报名 / Teams sheet and
    no individual 报名表 / Registration sheet."""
    return any(sheet_kind(n)[0] == TEAMS for n in names) and not any(
        L.sheet_kind(n)[0] == L.REGISTRATION for n in names
    )


lang_of_sheet = L.lang_of_sheet  # as in the individual workbook


#: the team workbook's sheets as the reader opens them (the individual
#: reader's skeleton, :func:`xlxq.sheets.book_sheets.open_sheets`)
BOOK = SHEETS.book(
    required=(SETTINGS, TEAMS),
    singles=(SETTINGS, TEAMS, LINEUPS, TEAM_STANDINGS, BOARD_STANDINGS, LOG, STATE, RATING),
    first=(SETTINGS, TEAMS, LINEUPS, STATE, LOG),
    round_kinds=(ROUND,),
)


# --------------------------------------------------------------------------
# 队伍报名 / Teams: one row per player
# --------------------------------------------------------------------------

_REG = L.REGISTRATION_TABLE.col  # a column of 报名表, as it is or with what differs


TEAM_REG_COLUMNS: tuple[Column, ...] = (
    Column(
        "team_no", "队号", "Team no", ("队序号", "队伍序号", "队编号", "队伍编号", "teamno", "teamnumber"), 6, ARBITER
    ),
    Column("team", "队名", "Team", ("队伍", "队伍名称", "代表队", "单位", "teamname", "team", "club"), 16, ARBITER),
    Column(
        "place",
        "台次",
        "Board",
        ("出场顺序", "报名顺序", "顺序", "台序", "主力台次", "place", "order", "board"),
        8,
        ARBITER,
    ),
    _REG("no").but("棋手序号", "playerno"),
    _REG("name").but("队员", "队员姓名"),
    _REG("rating"),
    Column("reserve_board", "替补台次", "Reserve board", ("替补登记台次", "替补所在台次", "reserveboard"), 8, ARBITER),
    _REG("withdrawn").but(aliases=("退赛", "退赛轮", "个人退赛", "withdrawn", "withdrawnfrom", "withdrawal")),
    Column(
        "team_withdrawn",
        "全队退赛",
        "Team withdrawn from round",
        ("队伍退赛", "全队退赛轮次", "队伍退赛轮次", "teamwithdrawn"),
        10,
        ARBITER,
    ),
    _REG("remark").but(width=14),
    _REG("note"),
)
#: a 种子 column of 队伍报名, read when the arbiter adds one (not in the
#: template): the team's seed, on any of its rows (on several: the same),
#: for the registration rule (xlxq/core/numbering.py) when every 队号 is blank
TEAM_SEED_COLUMN = Column("seed", "种子", "Seed", ("种子号", "种子队", "队种子", "seeding"), 6, ARBITER)
RESERVE_WORDS = ("替补", "替", "候补", "预备", "reserve", "res", "r", "sub", "substitute")
_RESERVE_RE = re.compile(r"^(替补|替|候补|预备|reserve|res|sub|substitute|r)(\d*)$")


def parse_place(value: Any) -> tuple[Optional[str], Optional[int]]:
    """The 台次 cell of 队伍报名: ('main', k) for a 主力 on board k,
    ('reserve', N or None) for a 替补 (替补2 = the second reserve), (None,
    None) when blank; ('bad', None) otherwise."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None, None
    if isinstance(value, bool):
        return "bad", None
    if isinstance(value, (int, float)):
        return ("main", int(value)) if float(value).is_integer() else ("bad", None)
    k = norm_key(value)
    m = re.fullmatch(r"(?:第)?(\d+)(?:台)?", k) or re.fullmatch(r"(?:board|bd)(\d+)", k)
    if m:
        return "main", int(m.group(1))
    m = _RESERVE_RE.match(k)
    if m:
        return "reserve", int(m.group(2)) if m.group(2) else None
    return "bad", None


def place_text(kind: str, k: Optional[int], lang: str) -> Any:
    if kind == "main":
        return k
    word = tr(lang, "team_layout.reserve")
    return f"{word}{k}" if (k and lang == "zh") else (f"{word} {k}" if k else word)


# --------------------------------------------------------------------------
# 出场名单 / Line-ups: one row per (round, team), one column per board
# --------------------------------------------------------------------------

LINEUP_HEAD: tuple[Column, ...] = (
    Column("round", "轮次", "Round", ("轮", "第几轮", "rd"), 6, ARBITER, required=True),
    TEAM_REG_COLUMNS[0].but(aliases=("队序号", "队伍序号", "队编号", "teamno")),
    TEAM_REG_COLUMNS[1].but(aliases=("队伍", "代表队", "teamname", "team")),
)
LINEUP_TAIL: tuple[Column, ...] = (_REG("note").but(width=36),)
BOARD_COL_WIDTH = 10


def board_column(k: int) -> Column:
    """The column of board ``k`` in 出场名单 (第1台 / Board 1)."""
    return Column(
        f"b{k}",
        f"第{k}台",
        f"Board {k}",
        (f"{k}台", f"台{k}", f"bd{k}", f"board{k}", f"b{k}"),
        BOARD_COL_WIDTH,
        ARBITER,
    )


ALL_BOARD_COLUMNS: tuple[Column, ...] = tuple(board_column(k) for k in range(1, 11))
VACANT_WORDS = (
    "空台",
    "（空台）",
    "缺",
    "缺人",
    "缺席",
    "空",
    "无",
    "-",
    "—",
    "--",
    "vacant",
    "(vacant)",
    "empty",
    "none",
    "0",
)
_VACANT_KEYS = {norm_key(w) for w in VACANT_WORDS}


def is_vacant_word(value: Any) -> bool:
    if value is None or isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return value == 0
    return norm_key(value).replace("（", "").replace("）", "") in _VACANT_KEYS


def vacant_text(lang: str) -> str:
    return tr(lang, "team_layout.vacant")


# --------------------------------------------------------------------------
# 第N轮 / Round N: match row, board rows, score line; the bye row last
# --------------------------------------------------------------------------

_ROUND = L.ROUND_TABLE.col

TEAM_ROUND_COLUMNS: tuple[Column, ...] = (
    Column("match", "场次", "Match", ("场", "第几场", "matchno", "m"), 6, PAIRING, required=True, centred=True),
    _ROUND("board").but(width=8),
    _ROUND("red_no"),
    _ROUND("red_name").but(width=14),
    # the team of each seat, so that a printed board line says whose player sits there
    Column("red_team", "红方队", "Red team", ("红方队名", "redteam"), 12, PROGRAM),
    _ROUND("result"),
    Column("black_team", "黑方队", "Black team", ("黑方队名", "blackteam"), 12, PROGRAM),
    _ROUND("black_name").but(width=14),
    _ROUND("black_no"),
    _ROUND("fouls_red"),
    _ROUND("fouls_black"),
    _ROUND("note").but(width=36),
)
# The 台次 cell says what a row is: a number (a board), or one of these.
MATCH_MARK = {"zh": "对阵", "en": "Match"}
SCORE_MARK = {"zh": "局分", "en": "Score"}
BYE_MARK = {"zh": "轮空", "en": "bye"}
MATCH_WORDS = {norm_key(w) for w in ("对阵", "队", "场", "match", "vs", "teams")}
SCORE_WORDS = {norm_key(w) for w in ("局分", "场分", "比分", "局分/场分", "score", "total")}
BYE_WORDS = {norm_key(w) for w in ("轮空", "bye")}
VS_TEXT = {"zh": "对", "en": "vs"}


def row_marker(value: Any) -> Optional[str]:
    """'match', 'score', 'bye' from a 台次 cell, else None."""
    if not isinstance(value, str):
        return None
    k = norm_key(value)
    if k in MATCH_WORDS:
        return "match"
    if k in SCORE_WORDS:
        return "score"
    if k in BYE_WORDS:
        return "bye"
    return None


def score_line(first: float, second: float, mp_first: Optional[float], mp_second: Optional[float], lang: str) -> str:
    """The 结果 cell of a match's score line: 场分 2:0, or 未完 while unfinished."""
    if mp_first is None:
        return tr(lang, "team_layout.unfinished")
    return tr(lang, "team_layout.match", mp_first=_n(mp_first), mp_second=_n(mp_second))


def _n(x: Any) -> Any:
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def round_title(n: int, event_name: str, lang: str, boards: int) -> str:
    t = tr(lang, "team_layout.round-pairings-the-first-team-has-red-on", n=n)
    return L.titled(event_name, t)


def scheveningen_title(n: int, event_name: str, lang: str) -> str:
    t = tr(lang, "team_layout.round-scheveningen-colours-from-the", n=n)
    return L.titled(event_name, t)


# --------------------------------------------------------------------------
# 团体成绩 / 台次成绩 (program-owned)
# --------------------------------------------------------------------------

_STANDING = L.STANDINGS_TABLE.col  # a column of 成绩表
_TEAM_REG = {c.key: c for c in TEAM_REG_COLUMNS}  # a column of 队伍报名

TEAM_STANDINGS_HEAD: tuple[Column, ...] = (
    _STANDING("rank"),
    _TEAM_REG["team_no"].but(aliases=("队序号",), owner=PROGRAM),
    _TEAM_REG["team"].but(aliases=("队伍",), owner=PROGRAM),
)
TEAM_STANDINGS_TAIL = L.STANDINGS_TAIL
TEAM_KEY_WIDTH = 9
TEAM_ROUND_CELL_WIDTH = 12

# 台次成绩 is written, never read: its columns answer to their headers only
BOARD_STANDINGS_COLUMNS: tuple[Column, ...] = (
    _ROUND("board").but(aliases=(), owner=PROGRAM, required=True, centred=False),
    _STANDING("rank").but(aliases=(), required=False),
    _STANDING("no").but(aliases=()),
    _STANDING("name").but(aliases=()),
    TEAM_STANDINGS_HEAD[2].but(aliases=()),
    _STANDING("score").but(key="points", aliases=(), width=7),
    Column("games", "局数", "Games", (), 6),
    Column("wins", "胜", "W", (), 5),
    Column("draws", "和", "D", (), 5),
    Column("losses", "负", "L", (), 5),
    Column("fouls", "犯规", "Fouls", (), 6),
    Column("percentage", "得分率", "Score %", (), 8),
)


# The team workbook's tables: the individual ones with what differs.
TEAMS_TABLE = L.REGISTRATION_TABLE.but(
    kind=TEAMS, names=SHEET_NAMES[TEAMS], columns=TEAM_REG_COLUMNS, optional=(TEAM_SEED_COLUMN,), title_size=12
)
LINEUPS_TABLE = L.REGISTRATION_TABLE.but(
    kind=LINEUPS,
    names=SHEET_NAMES[LINEUPS],
    columns=LINEUP_HEAD,
    tail=LINEUP_TAIL,
    optional=ALL_BOARD_COLUMNS,
    freeze=(3, 4),
    title_size=12,
)
TEAM_ROUND_TABLE = L.ROUND_TABLE.but(columns=TEAM_ROUND_COLUMNS)
TEAM_STANDINGS_TABLE = L.STANDINGS_TABLE.but(
    kind=TEAM_STANDINGS,
    names=SHEET_NAMES[TEAM_STANDINGS],
    columns=TEAM_STANDINGS_HEAD,
    key_width=TEAM_KEY_WIDTH,
    round_width=TEAM_ROUND_CELL_WIDTH,
    centre_from=4,
)
BOARD_STANDINGS_TABLE = L.STANDINGS_TABLE.but(
    kind=BOARD_STANDINGS, names=SHEET_NAMES[BOARD_STANDINGS], columns=BOARD_STANDINGS_COLUMNS, tail=(), freeze=(3, 1)
)


#: the team workbook's state records: (kind, round, match, first, second, seats), (lineup, round, team, …)
TEAM_STATE_TABLE = L.STATE_TABLE.but(columns=L.record_columns(12, 14, 14, 8, 8, 60))


def lineup_columns(boards: int) -> tuple[Column, ...]:
    """The columns of 出场名单 for ``boards`` boards a match."""
    return LINEUP_HEAD + tuple(board_column(k) for k in range(1, boards + 1)) + LINEUP_TAIL


def team_standings_title(after: "TableRound | int", event_name: str, lang: str) -> str:
    return L.after_round_title("team_layout.team-standings", after, event_name, lang)


def board_standings_title(after: "TableRound | int", event_name: str, lang: str) -> str:
    return L.after_round_title("standings.board-results", after, event_name, lang)


# --------------------------------------------------------------------------
# 设置 / Settings rows
# --------------------------------------------------------------------------

TEAM_TIEBREAK_PRESET_LABELS: dict[str, tuple[str, str]] = {
    "seed001-team-1": ("格式一（场分优先）", "Format 1 (match points first)"),
    "seed001-team-2": ("格式二（局分优先）", "Format 2 (game points first)"),
    "team-rr": ("团体循环（场分、局分）", "Team round robin"),
    "scheveningen": ("全队轮赛（总局分）", "Scheveningen (game points)"),
}
TEAM_TIEBREAK_PRESET_ALIASES: dict[str, tuple[str, ...]] = {
    "seed001-team-1": ("格式一", "第一种格式", "格式1", "format1", "1", "场分优先"),
    "seed001-team-2": ("格式二", "第二种格式", "格式2", "format2", "2", "局分优先"),
    "team-rr": ("团体循环", "循环", "teamrr", "roundrobin"),
    "scheveningen": ("全队轮赛", "全队轮赛制", "scheveningen"),
}


def _reuse(key: str) -> Setting:
    """A row of the individual 设置 sheet, reused as it is (or, through
    :meth:`~xlxq.sheets.layout.Setting.but`, with only what differs in a
    team event: its label, its help, its choices)."""
    return L.SETTINGS_BY_KEY[key]


TEAM_SETTINGS_ROWS: tuple[Setting, ...] = (
    _reuse("name").but(help_en="printed in the titles"),
    *L.INFO_SETTINGS,
    _reuse("system").but(
        choices=L.system_choices("teams"),
        help_zh="团体积分编排：队与队按定位编排；团体循环：棋规秩序表；全队轮赛：两队之间每人与对方每人各赛一局",
        help_en="team Swiss (定位编排 with teams), team round robin, or Scheveningen (two teams)",
    ),
    _reuse("rounds").but(
        help_zh="计划的总轮数（全队轮赛 = 每队台数）",
        help_en="planned number of rounds (Scheveningen: = boards)",
    ),
    Setting(
        "boards",
        "settings.boards",
        "每队台数",
        "Boards per match",
        "int",
        aliases=("台数", "每场台数", "每队人数", "每队上场人数", "boards"),
        help_zh="每场比赛的台数，2–10；全队轮赛为每队人数",
        help_en="boards per match, 2–10",
    ),
    Setting(
        "lineup",
        "settings.lineup",
        "出场方式",
        "Line-up format",
        "choice",
        (
            Choice("fixed_boards", "分台定人制", "Fixed boards", ("定人", "分台定人", "fixedboards")),
            Choice("fixed_order", "分台换人制", "Fixed order", ("换人", "分台换人", "fixedorder")),
            Choice("per_round", "临时定台制", "Per round", ("临时定台", "perround")),
        ),
        aliases=("出场", "出场顺序", "出场制度", "lineupformat", "lineup"),
        help_zh="分台定人制：每人固定一台；分台换人制：按报名顺序排台、可换人；临时定台制：每轮自报出场名单",
        help_en="fixed boards / fixed order (registered order) / per round (line-up each round)",
    ),
    Setting(
        "game_win",
        "game.win",
        "局分 胜",
        "Game points for a win",
        "number",
        aliases=("胜分", "胜局分", "每局胜", "局分胜", "gamewin"),
        help_zh="2011规则第13.2条：每台胜2分",
        help_en="CXA 2011 §13.2: 2",
    ),
    Setting(
        "game_draw",
        "game.draw",
        "局分 和",
        "Game points for a draw",
        "number",
        aliases=("和分", "和局分", "局分和", "gamedraw"),
        help_zh="和1分",
        help_en="1",
    ),
    Setting(
        "game_loss",
        "game.loss",
        "局分 负",
        "Game points for a loss",
        "number",
        aliases=("负分", "负局分", "局分负", "gameloss"),
        help_zh="负0分",
        help_en="0",
    ),
    Setting(
        "draw_red",
        "game.draw_red",
        "红方和棋局分",
        "Draw game points for red",
        "optnumber",
        aliases=("红方和棋分", "红和分"),
        help_zh="空白 = 同“局分 和”（2011规则第13.3条）",
        help_en="blank = the draw points",
    ),
    Setting(
        "draw_black",
        "game.draw_black",
        "黑方和棋局分",
        "Draw game points for black",
        "optnumber",
        aliases=("黑方和棋分", "黑和分"),
        help_zh="空白 = 同“局分 和”",
        help_en="blank = the draw points",
    ),
    Setting(
        "match_win",
        "scoring.match_win",
        "场分 胜",
        "Match points for a win",
        "number",
        aliases=("胜场分", "场分胜", "matchwin"),
        help_zh="局分多者胜一场：2分（2011规则第13.2条）",
        help_en="the team with more game points wins the match: 2",
    ),
    Setting(
        "match_draw",
        "scoring.match_draw",
        "场分 和",
        "Match points for a draw",
        "number",
        aliases=("和场分", "场分和", "matchdraw"),
        help_zh="局分相等：1分",
        help_en="equal game points: 1",
    ),
    Setting(
        "match_loss",
        "scoring.match_loss",
        "场分 负",
        "Match points for a loss",
        "number",
        aliases=("负场分", "场分负", "matchloss"),
        help_zh="0分",
        help_en="0",
    ),
    Setting(
        "match_draw_first",
        "scoring.match_draw_first",
        "场分 主队和",
        "Match draw points, first team",
        "optnumber",
        aliases=("主队和", "主队和分", "先走队和", "matchdrawfirst"),
        help_zh="空白 = 同“场分 和”；如象甲：主队（先走队）和1分",
        help_en="blank = the draw; the team listed first",
    ),
    Setting(
        "match_draw_second",
        "scoring.match_draw_second",
        "场分 客队和",
        "Match draw points, second team",
        "optnumber",
        aliases=("客队和", "客队和分", "后走队和", "matchdrawsecond"),
        help_zh="空白 = 同“场分 和”；如象甲：客队（后走队）和2分",
        help_en="blank = the draw; the team listed second",
    ),
    Setting(
        "bye_match",
        "scoring.bye_match_points",
        "轮空 场分",
        "Bye match points",
        "optnumber",
        aliases=("轮空场分",),
        help_zh="空白 = 按胜一场计（原则(五)）",
        help_en="blank = a match win",
    ),
    Setting(
        "bye_games",
        "scoring.bye_game_points",
        "轮空 局分",
        "Bye game points",
        "optnumber",
        aliases=("轮空局分",),
        help_zh="空白 = 各台全胜（台数 × 局分胜）",
        help_en="blank = every board won",
    ),
    Setting(
        "pair_by",
        "settings.pair_by",
        "编排依据",
        "Pair by",
        "choice",
        (
            Choice("match_points", "场分", "Match points", ("团体场分", "按场分", "matchpoints")),
            Choice("game_points", "局分", "Game points", ("总局分", "按局分", "gamepoints")),
        ),
        aliases=("编排积分", "积分依据", "pairby"),
        help_zh="团体积分编排按场分（默认）或局分分积分段",
        help_en="the score the team Swiss pairs on",
    ),
    _reuse("tiebreaks").but(
        en="Ranking",
        kind="teamtiebreaks",
        aliases=("名次计算方法", "名次计算", "排名格式", "tiebreak", "tiebreaks", "ranking"),
        help_zh="格式一（场分优先）、格式二（局分优先）、团体循环、全队轮赛，或用顿号分隔的项目："
        "场分、局分、团体对手分、胜场、胜局、犯规、比较前一轮场分；空白 = 按赛制",
        help_en="format 1, format 2, team round robin, Scheveningen, or items separated by commas",
    ),
    _reuse("first_round"),
    _reuse("first_round_seed"),
    _reuse("numbering"),
    _reuse("numbering_seed"),
    _reuse("colour_tie"),
    _reuse("last_rounds_rule"),
    _reuse("picker"),
    _reuse("search_budget"),
    _reuse("bye_opp_score"),
    _reuse("bye_counts_as_win").but(
        "轮空算胜局", zh="轮空算胜场", en="Bye counts as a match won", help_zh="原则(五)：轮空以胜计算"
    ),
    _reuse("fallback_reading"),
    Setting(
        "board_ranking",
        "settings.board_ranking",
        "台次成绩排名",
        "Board ranking",
        "choice",
        (
            Choice("points", "积分", "Points", ("按积分", "得分", "points")),
            Choice("percentage", "得分率", "Percentage", ("按得分率", "percentage", "%")),
        ),
        aliases=("台次排名", "boardranking"),
        help_zh="台次成绩先比积分（默认）或先比得分率",
        help_en="points first (default) or percentage first",
    ),
    Setting(
        "board_min_games",
        "settings.board_min_games",
        "台次成绩最少局数",
        "Board ranking minimum games",
        "int",
        aliases=("台次最少局数", "boardmingames"),
        help_zh="少于此局数者列在后面、不排名次；0 = 不限",
        help_en="fewer games: listed after, unranked; 0 = no minimum",
    ),
    _reuse("normalise_results"),
    _reuse("provisional"),
)
TEAM_SETTINGS_BY_KEY = {s.key: s for s in TEAM_SETTINGS_ROWS}
# the 等级分 rows: read when an arbiter adds them
TEAM_SETTING_LOOKUP = L.setting_lookup(TEAM_SETTINGS_ROWS + L.RATING_SETTINGS)

__all__ = [
    "SETTINGS",
    "TEAMS",
    "LINEUPS",
    "ROUND",
    "TEAM_STANDINGS",
    "BOARD_STANDINGS",
    "LOG",
    "STATE",
    "SHEET_NAMES",
    "SHEET_ALIASES",
    "sheet_kind",
    "is_team_sheet_names",
    "round_sheet_name",
    "TEAM_REG_COLUMNS",
    "TEAM_SEED_COLUMN",
    "LINEUP_HEAD",
    "LINEUP_TAIL",
    "board_column",
    "TEAM_ROUND_COLUMNS",
    "TEAM_SETTINGS_ROWS",
    "TEAM_TIEBREAK_PRESET_LABELS",
    "BOARD_STANDINGS_COLUMNS",
    "TEAM_STANDINGS_HEAD",
    "parse_place",
    "is_vacant_word",
    "row_marker",
]
