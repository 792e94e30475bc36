"""What the event workbook looks like: sheet names, column headers (Chinese
and English), settings rows, widths and colours; the one layout definition
of both workbooks.

Size: one data table, not logic: every sheet, column and 设置 row with its
Chinese and English names, aliases and help texts, kept in one place so the
workbook's whole layout can be read (and checked against docs/workbook.md)
at once.

Pure data plus a few lookup helpers; no workbook access.  The record types
(:class:`SheetSet` for a workbook's sheets, :class:`TableLayout` and
:class:`Column` for a table, :class:`Setting` and :class:`Choice` for a 设置
row), a table's print setup (:func:`table_page`), and the individual
workbook's sheets, tables and 设置 rows, which its writer and its reader
both use; the team workbook's (:mod:`xlxq.sheets.team_layout`) are these
with what differs (:meth:`SheetSet.made_of`, :meth:`TableLayout.but`,
:meth:`Column.but`, :meth:`Setting.but`) and the team's own.  The readers
and writers of :mod:`xlxq.sheets` read and write sheets *by these header
names*, never by fixed positions, so an arbiter may insert columns or re-sort
rows.  docs/workbook.md describes every sheet and column.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import Any, Iterable, Iterator, Mapping, Optional

from xlxq.core.standings import TableRound
from xlxq.sheets.book_sheets import BookLayout
from xlxq.sheets.plan import PageSetup
from xlxq.i18n import Lazy, Msg, pick
from xlxq.i18n import tr as i18n_tr
from xlxq.sheets.script import to_hans
from xlxq.systems.keys import keys_of

LANGS = ("zh", "en")


def label(zh: str, en: str, lang: str) -> str:
    """The text of a label (sheet, column, setting, choice) in ``lang``:
    every label of the workbooks' layout is chosen here."""
    return zh if lang == "zh" else en


def said(zh: str, en: str) -> Lazy:
    """A label of the layout (a column, a setting, a choice) named in a
    message, rendered in the message's language: its 简体 or English, and in
    another language the catalogue's text of it (the codemod puts the
    layout's label pairs in the catalogue: :func:`xlxq.i18n.pick`)."""
    return Lazy(lambda lang: pick(lang, zh, en))


def said_list(labels: Iterable[Any]) -> Lazy:
    """Labels (anything with ``zh`` and ``en``: columns, choices) as one list
    in a message's language ("场次、结果" / "Match, Result")."""
    pairs = [(x.zh, x.en) for x in labels]
    return Lazy(lambda lang: i18n_tr(lang, "common.list-sep").join(pick(lang, zh, en) for zh, en in pairs))


# --------------------------------------------------------------------------
# sheets
# --------------------------------------------------------------------------

SETTINGS, REGISTRATION, ROUND, STANDINGS, LOG, STATE = (
    "settings",
    "registration",
    "round",
    "standings",
    "log",
    "state",
)
# Round robin, knockout and 积分晋圈淘汰 (docs/workbook.md "Other systems").
CROSS, BRACKET, QUALIFIERS, FINAL, KO_ROUND = ("cross", "bracket", "qualifiers", "final", "ko_round")
KINDS = (SETTINGS, REGISTRATION, ROUND, STANDINGS, LOG, STATE, CROSS, BRACKET, QUALIFIERS, FINAL, KO_ROUND)
# The unofficial 等级分 report, written by 计算成绩 when 设置 asks for it (docs/publish.md §3).
RATING = "rating"
# The 获奖名单 (prize winners), written by 计算成绩 when 设置 has a prize table (docs/prizes.md).
PRIZES = "prizes"

_ROUND_RE = (re.compile(r"^第(\d+)轮(对阵表?)?$"), re.compile(r"^round(\d+)$"), re.compile(r"^rd(\d+)$"))
# The knockout stage of 积分晋圈淘汰 (in the Swiss workbook): its own rounds.
_KO_ROUND_RE = (
    re.compile(r"^淘汰赛?第(\d+)轮(对阵表?)?$"),
    re.compile(r"^ko(?:round)?(\d+)$"),
    re.compile(r"^knockoutround(\d+)$"),
)


@dataclass(frozen=True)
class SheetSet:
    """The sheets of one kind of workbook: each single sheet's kind with its
    name in each language (``names``) and the other spellings read
    (``aliases``, normalised with :func:`norm_key`), and the numbered round
    sheets (``rounds``: kind → the patterns of a normalised name, tried in
    order).  Both workbooks' sets are values of this class; the team
    workbook's is the individual one's shared sheets plus its own
    (:meth:`made_of`)."""

    names: dict[str, dict[str, str]]
    aliases: dict[str, tuple[str, ...]]
    rounds: tuple[tuple[str, tuple[re.Pattern, ...]], ...]

    def made_of(
        self,
        kinds: Iterable[str],
        own: Mapping[str, tuple[dict[str, str], tuple[str, ...]]],
        round_kinds: tuple[str, ...] = (ROUND,),
    ) -> "SheetSet":
        """Another workbook's set: the ``kinds`` in this order, each this
        set's sheet or one of ``own`` (kind → (names, aliases)), and this
        set's round sheets of ``round_kinds`` (the team workbook: 第N轮
        only, no knockout stage)."""
        pick = {k: own[k] if k in own else (self.names[k], self.aliases[k]) for k in kinds}
        return SheetSet(
            {k: v[0] for k, v in pick.items()},
            {k: v[1] for k, v in pick.items()},
            tuple((k, res) for k, res in self.rounds if k in round_kinds),
        )

    @cached_property
    def _alias_kind(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for kind, aliases in self.aliases.items():
            for a in aliases:
                out.setdefault(norm_key(a), kind)
        return out

    def kind_of(self, name: str) -> tuple[Optional[str], Optional[int]]:
        """(kind, round number) of a sheet name, or (None, None) for a sheet
        that is not part of the event (the arbiter's own sheets are left
        alone)."""
        k = norm_key(name)
        for kind, res in self.rounds:
            n = round_of_key(k, res)
            if n is not None:
                return kind, n
        single = self._alias_kind.get(k)
        return (single, None) if single else (None, None)

    def book(self, **order: tuple[str, ...]) -> BookLayout:
        """The workbook as its reader opens it (``order``: the
        :class:`~xlxq.sheets.book_sheets.BookLayout` fields ``required``,
        ``singles``, ``first``, ``round_kinds``, ``after``)."""
        return BookLayout(
            sheet_kind=self.kind_of,
            lang_of_sheet=lang_of_sheet,
            sheet_names=self.names,
            **order,
        )


#: the individual workbook's sheets (the team workbook's:
#: :data:`xlxq.sheets.team_layout.SHEETS`, made of these and its own)
SHEETS = SheetSet(
    names={
        SETTINGS: {"zh": "设置", "en": "Settings"},
        REGISTRATION: {"zh": "报名表", "en": "Registration"},
        STANDINGS: {"zh": "成绩表", "en": "Standings"},
        LOG: {"zh": "编排记录", "en": "Pairing log"},
        STATE: {"zh": "_xlxq", "en": "_xlxq"},
        CROSS: {"zh": "交叉表", "en": "Cross table"},
        BRACKET: {"zh": "对阵图", "en": "Bracket"},
        QUALIFIERS: {"zh": "晋级名单", "en": "Qualifiers"},
        FINAL: {"zh": "最终名次", "en": "Final ranking"},
        RATING: {"zh": "等级分", "en": "Rating"},
        PRIZES: {"zh": "获奖名单", "en": "Prize winners"},
    },
    # Other spellings accepted when reading (normalised with norm_key).
    aliases={
        SETTINGS: ("设置", "赛事设置", "settings", "setup"),
        REGISTRATION: ("报名表", "报名", "棋手", "registration", "players", "entries"),
        STANDINGS: ("成绩表", "名次表", "成绩", "standings", "results", "ranking"),
        LOG: ("编排记录", "pairinglog", "log"),
        STATE: ("_xlxq",),
        CROSS: ("交叉表", "成绩交叉表", "crosstable", "cross"),
        BRACKET: ("对阵图", "淘汰赛对阵图", "bracket", "draw"),
        QUALIFIERS: ("晋级名单", "晋圈名单", "qualifiers"),
        FINAL: ("最终名次", "最终名次表", "finalranking", "final"),
        RATING: ("等级分", "等级分估算", "rating"),
        PRIZES: ("获奖名单", "获奖", "prizewinners", "prizes"),
    },
    rounds=((KO_ROUND, _KO_ROUND_RE), (ROUND, _ROUND_RE)),
)
SHEET_NAMES = SHEETS.names
SHEET_ALIASES = SHEETS.aliases


def round_sheet_name(n: int, lang: str = "zh", stage: str = "main") -> str:
    if stage == "ko":
        return i18n_tr(lang, "layout.ko-round", n=n)
    return i18n_tr(lang, "layout.round", n=n)


def norm_key(text: Any) -> str:
    """Header / key normal form: NFKC (full width → half width), 繁體 → 简体
    (:func:`xlxq.sheets.script.to_hans`: 報名表 is 报名表), no spaces, lower
    case, no trailing colon, no brackets."""
    if text is None:
        return ""
    return _norm_key_text(str(text))


@lru_cache(maxsize=4096)  # headers and keys repeat on every row and sheet
def _norm_key_text(text: str) -> str:
    s = to_hans(unicodedata.normalize("NFKC", text))
    s = _KEY_SPACE.sub("", s).lower()
    return s.rstrip(":").replace("(", "").replace(")", "").replace("[", "").replace("]", "")


_KEY_SPACE = re.compile(r"[\s\u3000_]+")


def sheet_kind(name: str) -> tuple[Optional[str], Optional[int]]:
    """(kind, round number) of a sheet name of the individual workbook, or
    (None, None) for a sheet that is not part of the event."""
    return SHEETS.kind_of(name)


def round_of_key(k: str, res: tuple[re.Pattern, ...] = _ROUND_RE) -> Optional[int]:
    """The round number of a normalised sheet name ``k`` that one of the
    patterns ``res`` matches, else None."""
    for rx in res:
        m = rx.match(k)
        if m:
            return int(m.group(1))
    return None


def lang_of_sheet(name: str) -> str:
    """'zh' when the name has a CJK character, else 'en'."""
    return "zh" if any("\u4e00" <= c <= "\u9fff" for c in str(name)) else "en"


#: the individual workbook's sheets as the reader opens them
BOOK = SHEETS.book(
    required=(SETTINGS, REGISTRATION),
    singles=(SETTINGS, REGISTRATION, STANDINGS, LOG, STATE, CROSS, BRACKET, QUALIFIERS, FINAL, RATING, PRIZES),
    first=(SETTINGS, REGISTRATION),
    round_kinds=(ROUND, KO_ROUND),
    after=(STATE, LOG, STANDINGS, CROSS, BRACKET, QUALIFIERS, FINAL),
)


# --------------------------------------------------------------------------
# columns
# --------------------------------------------------------------------------

ARBITER, PROGRAM, PAIRING = "arbiter", "program", "pairing"


@dataclass(frozen=True)
class Column:
    """One column of a table: ``key`` (used in code), the header written in
    each language, other headers accepted when reading, the width in
    characters, and who owns the cells:

    - ``arbiter``: typed by the arbiter, never rewritten by the program
      (except blank 序号 cells, filled once, and results when normalising is
      switched on);
    - ``pairing``: the pairing (序号, names); the arbiter may change it by
      hand, the program only makes 序号 and name agree;
    - ``program``: derived, rewritten by every recompute.

    ``required``: the reader finds the table by this header (a sheet without
    it is an error naming it); ``centred``: the written cells centred;
    ``fmt``: the cells' number format (None: General).
    """

    key: str
    zh: str
    en: str
    aliases: tuple[str, ...] = ()
    width: float = 8
    owner: str = PROGRAM
    required: bool = False
    centred: bool = False
    fmt: Optional[str] = None

    def header(self, lang: str) -> str:
        return label(self.zh, self.en, lang)

    def names(self) -> set[str]:
        return {norm_key(x) for x in (self.zh, self.en, *self.aliases)}

    def but(self, *more_aliases: str, **changes: Any) -> "Column":
        """This column with ``changes`` (another width, …) and ``more_aliases``
        accepted when reading: how a layout declares only what differs."""
        if more_aliases:
            changes["aliases"] = self.aliases + more_aliases
        return replace(self, **changes)


@dataclass(frozen=True)
class TableLayout:
    """One table of a sheet, the one definition its writer and its reader
    use: the sheet's ``kind`` and its ``names`` by language (None: numbered
    sheets, see :func:`round_sheet_name`), the title, header and first data
    rows, the ``columns`` in their order (a standings table: the ``columns``,
    then its tie-break and round columns, then the ``tail``), the columns
    also read when an arbiter adds them (``optional``), the panes frozen and
    the title's size, and whether a 序号/单位/积分 header is red's or black's
    by its side of 结果 (``sided``).  Both workbooks' tables are values of
    this class; the team workbook's derive from the individual ones
    (:meth:`but`, :meth:`Column.but`) where they are the same shape."""

    kind: str
    names: Optional[Mapping[str, str]]
    columns: tuple[Column, ...]
    tail: tuple[Column, ...] = ()
    optional: tuple[Column, ...] = ()
    title_row: int = 1
    header_row: int = 2
    first_row: int = 3
    freeze: Optional[tuple[int, int]] = None
    title_size: int = 14
    sided: bool = False
    # a standings table: the widths of its tie-break and round columns, and
    # the first column centred after the first two
    key_width: float = 0
    round_width: float = 0
    centre_from: int = 0
    exclude: frozenset[str] = field(default_factory=frozenset)

    def sheet_name(self, lang: str) -> str:
        assert self.names is not None, self.kind
        return self.names[lang]

    def col(self, key: str) -> Column:
        return next(c for c in (*self.columns, *self.tail, *self.optional) if c.key == key)

    def headers(self, lang: str) -> list[str]:
        """The header row of a table without a variable middle."""
        return [c.header(lang) for c in (*self.columns, *self.tail)]

    def row(self, cells: Mapping[str, Any]) -> list[Any]:
        """A data row: the value of each column by its key (blank when absent)."""
        return [cells.get(c.key) for c in (*self.columns, *self.tail)]

    def widths(self) -> dict[int, float]:
        return {i: c.width for i, c in enumerate((*self.columns, *self.tail), start=1)}

    def standings_widths(self, nkeys: int, after: int) -> dict[int, float]:
        """The widths of a standings table with ``nkeys`` tie-break columns
        and ``after`` round columns."""
        assert len(self.tail) == 1, self.kind
        head = [c.width for c in self.columns]
        return standings_widths(head, nkeys, self.key_width, after, self.round_width, self.tail[0].width)

    def but(self, **changes: Any) -> "TableLayout":
        return replace(self, **changes)

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.columns if c.required)

    @cached_property
    def lookup(self) -> dict[str, str]:
        """normalised header → column key, for the reader (a header another
        column also answers to goes to the first)."""
        out: dict[str, str] = {}
        for c in (*self.columns, *self.tail, *self.optional):
            for n in c.names():
                if n and n not in self.exclude:
                    out.setdefault(n, c.key)
        return out

    def what(self) -> Msg:
        """The required headers, named in an error: “场次、结果”, 'Match, Result'
        (each header a label of the layout, in the language rendered)."""
        return Msg("layout.headers", headers=said_list(c for c in self.columns if c.required))


# 对阵表.  序号/单位/积分 appear on both sides: a plain "序号" left of the
# result column is red's, right of it black's ("红方序号" etc. are also read).
ROUND_COLUMNS: tuple[Column, ...] = (
    Column("board", "台次", "Board", ("台号", "桌号", "台", "bd", "boardno", "table"), 6, ARBITER, centred=True),
    Column("red_no", "序号", "No", ("红方序号", "红序号", "redno"), 6, PAIRING, centred=True),
    Column("red_name", "红方", "Red", ("红方姓名", "红", "红方棋手", "redplayer", "redname"), 12, PAIRING),
    Column("red_unit", "单位", "Club", ("红方单位", "红单位", "redclub", "redunit"), 18, PROGRAM),
    Column("red_score", "积分", "Pts", ("红方积分", "红积分", "redpts", "redscore"), 6, PROGRAM, centred=True),
    Column(
        "result",
        "结果",
        "Result",
        ("成绩", "比分", "对局结果", "res"),
        12,
        ARBITER,
        required=True,
        centred=True,
        fmt="@",
    ),
    Column("black_score", "积分", "Pts", ("黑方积分", "黑积分", "blackpts", "blackscore"), 6, PROGRAM, centred=True),
    Column("black_unit", "单位", "Club", ("黑方单位", "黑单位", "blackclub", "blackunit"), 18, PROGRAM),
    Column("black_name", "黑方", "Black", ("黑方姓名", "黑", "黑方棋手", "blackplayer", "blackname"), 12, PAIRING),
    Column("black_no", "序号", "No", ("黑方序号", "黑序号", "blackno"), 6, PAIRING, centred=True),
    Column("fouls_red", "红犯规", "Red fouls", ("红方犯规", "redfouls", "foulsred"), 7, ARBITER, centred=True),
    Column("fouls_black", "黑犯规", "Black fouls", ("黑方犯规", "blackfouls", "foulsblack"), 7, ARBITER, centred=True),
    Column("note", "提示", "Notes", ("检查", "check", "note"), 30, PROGRAM),
)
# Headers that mean red or black depending on the side of 结果.
SIDED_GENERIC: dict[str, tuple[str, ...]] = {
    "no": ("序号", "编号", "no", "no.", "number", "#"),
    "unit": ("单位", "队", "队名", "代表队", "club", "unit", "team"),
    "score": ("积分", "得分", "分", "pts", "points", "score"),
}

REGISTRATION_COLUMNS: tuple[Column, ...] = (
    Column("no", "序号", "No", ("编号", "no.", "number", "num", "#"), 6, ARBITER),
    Column("name", "姓名", "Name", ("棋手", "棋手姓名", "player"), 12, ARBITER, required=True),
    Column("unit", "单位", "Club", ("队名", "代表队", "队伍", "所属单位", "unit", "team"), 20, ARBITER),
    Column("rating", "等级分", "Rating", ("elo", "等级"), 8, ARBITER),
    Column("seed", "种子", "Seed", ("种子号", "种子序号"), 6, ARBITER),
    Column(
        "withdrawn",
        "退赛轮次",
        "Withdrawn from round",
        ("退赛", "退赛轮", "退出轮次", "withdrawn", "withdrawnfrom", "withdrawal"),
        10,
        ARBITER,
    ),
    Column(
        "absent",
        "请假轮次",
        "Absent in rounds",
        ("请假", "缺席轮次", "缺席", "absent", "absentrounds", "absence"),
        10,
        ARBITER,
    ),
    Column("remark", "备注", "Remarks", ("remarks", "remark", "comment"), 16, ARBITER),
    Column("note", "提示", "Notes", ("检查", "check", "note"), 30, PROGRAM),
)

# 晋级名单 (积分晋圈淘汰): written by qualify_knockout; 种子 and 序号 decide
# who plays the knockout stage (the arbiter may correct them before its
# first round, e.g. after a play-off at the cut).
QUALIFIER_COLUMNS: tuple[Column, ...] = (
    Column("seed", "种子", "Seed", ("种子号", "种子顺位", "签位", "seeding"), 6, ARBITER, required=True),
    Column("no", "序号", "No", ("编号", "no.", "number", "#"), 6, ARBITER),
    Column("name", "姓名", "Name", ("棋手", "player"), 12, ARBITER),
    Column("unit", "单位", "Club", ("unit", "team"), 18, PROGRAM),
    Column("swiss_rank", "积分赛名次", "Swiss rank", ("积分编排名次", "swissrank"), 10, PROGRAM),
    Column("score", "积分", "Pts", ("points", "score"), 6, PROGRAM),
    Column("note", "提示", "Notes", ("检查", "check", "note"), 30, PROGRAM),
)

STANDINGS_COLUMNS: tuple[Column, ...] = (
    Column("rank", "名次", "Rank", ("排名", "place"), 6, required=True),
    Column("no", "序号", "No", ("编号", "no."), 6),
    Column("name", "姓名", "Name", ("棋手", "player"), 12),
    Column("unit", "单位", "Club", ("unit", "team"), 18),
    Column("score", "积分", "Pts", ("points", "score"), 6),
)
STANDINGS_TAIL = Column("note", "备注", "Notes", ("提示", "note"), 14)
TIEBREAK_WIDTH = 9
ROUND_CELL_WIDTH = 10

SETTINGS_COLUMNS: tuple[Column, ...] = (
    Column("key", "项目", "Setting", ("设置项目", "名称", "item", "key"), 22, ARBITER, required=True),
    Column("value", "设置", "Value", ("设置值", "值", "内容", "value"), 34, ARBITER, required=True),
    Column("help", "说明", "Description", ("备注", "description", "help"), 70, PROGRAM),
)

LOG_WIDTH = 90

# The individual workbook's tables (the team workbook's derive from them:
# :mod:`xlxq.sheets.team_layout`).
SETTINGS_TABLE = TableLayout(SETTINGS, SHEET_NAMES[SETTINGS], SETTINGS_COLUMNS)
#: the registration extras (docs/prizes.md): read when the arbiter adds the
#: column (the template has none), kept, read by the prize conditions
REGISTRATION_EXTRAS: tuple[Column, ...] = (
    Column("sex", "性别", "Sex", ("性別", "gender", "男女"), 6, ARBITER, centred=True),
    Column(
        "birth_year",
        "出生年份",
        "Birth year",
        ("出生年", "出生日期", "出生年月", "出生年月日", "birthyear", "born", "yob", "dateofbirth", "dob", "birthdate"),
        8,
        ARBITER,
        centred=True,
    ),
    # 类别: the player's own categories for the prizes (少年组, U12, 女子),
    # not 组别 (which splits the event into groups)
    Column("category", "类别", "Category", ("類別", "年龄组", "年齡組", "agegroup", "cat"), 12, ARBITER),
)
REGISTRATION_TABLE = TableLayout(
    REGISTRATION, SHEET_NAMES[REGISTRATION], REGISTRATION_COLUMNS, freeze=(3, 3), optional=REGISTRATION_EXTRAS
)
#: the headers that are red's or black's by their side of 结果
SIDED_NAMES = frozenset(norm_key(n) for names in SIDED_GENERIC.values() for n in names)
ROUND_TABLE = TableLayout(ROUND, None, ROUND_COLUMNS, freeze=(3, 1), sided=True, exclude=SIDED_NAMES)


def _rated_round_columns() -> tuple[Column, ...]:
    """The 对阵表's columns with 等级分 beside each name (显示等级分, issue 25
    §3): 序号 红方 等级分 单位 … 单位 等级分 黑方 序号.  Written when the sheet
    is made; the reader does not know them (an unknown header is left alone)."""
    out: list[Column] = []
    for c in ROUND_COLUMNS:
        if c.key == "black_name":
            out.append(Column("black_rating", "等级分", "Rating", (), 8, PROGRAM, centred=True))
        out.append(c)
        if c.key == "red_name":
            out.append(Column("red_rating", "等级分", "Rating", (), 8, PROGRAM, centred=True))
    return tuple(out)


#: the 对阵表 of an event that shows 等级分 (:attr:`xlxq.core.model.Event.shows_rating`)
RATED_ROUND_TABLE = ROUND_TABLE.but(columns=_rated_round_columns())
STANDINGS_TABLE = TableLayout(
    STANDINGS,
    SHEET_NAMES[STANDINGS],
    STANDINGS_COLUMNS,
    (STANDINGS_TAIL,),
    freeze=(3, 4),
    key_width=TIEBREAK_WIDTH,
    round_width=ROUND_CELL_WIDTH,
    centre_from=5,
)
#: the 成绩表 of an event that shows 等级分: 名次 序号 姓名 等级分 单位 积分 …
RATED_STANDINGS_TABLE = STANDINGS_TABLE.but(
    columns=(*STANDINGS_COLUMNS[:3], Column("rating", "等级分", "Rating", (), 8), *STANDINGS_COLUMNS[3:]),
    centre_from=6,
)
QUALIFIERS_TABLE = TableLayout(QUALIFIERS, SHEET_NAMES[QUALIFIERS], QUALIFIER_COLUMNS)


def record_columns(*widths: float) -> tuple[Column, ...]:
    """The columns of the hidden state sheet (_xlxq), whose rows are records
    read by position (kind, round, …): their widths only."""
    return tuple(Column(f"c{j}", "", "", width=w) for j, w in enumerate(widths, start=1))


STATE_TABLE = TableLayout(STATE, SHEET_NAMES[STATE], record_columns(12, 14, 60, 20, 10))

# --------------------------------------------------------------------------
# settings rows
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    value: Any  # the model's value
    zh: str
    en: str
    aliases: tuple[str, ...] = ()

    def label(self, lang: str) -> str:
        return label(self.zh, self.en, lang)


class SystemChoices(tuple[Choice, ...]):
    """The 赛制 dropdown of 设置 (``entrants``: "players" or "teams"): the
    systems' words read from the one key table (:mod:`xlxq.systems.keys`)
    each time it is used, so a system registered later is offered and read
    as well."""

    entrants: str

    def __new__(cls, entrants: str) -> "SystemChoices":
        out = super().__new__(cls, ())
        out.entrants = entrants
        return out

    def live(self) -> tuple[Choice, ...]:
        return tuple(Choice(k.key, k.sheet_zh, k.sheet_en, k.aliases) for k in keys_of(self.entrants))

    def __iter__(self) -> Iterator[Choice]:
        return iter(self.live())

    def __len__(self) -> int:
        return len(self.live())

    def __bool__(self) -> bool:
        return bool(self.live())

    def __getitem__(self, i: Any) -> Any:
        return self.live()[i]

    def __repr__(self) -> str:
        return repr(self.live())

    def __eq__(self, other: object) -> bool:
        return self.live() == (other.live() if isinstance(other, SystemChoices) else other)

    def __ne__(self, other: object) -> bool:  # tuple's own would compare the empty tuples
        return not self == other

    def __hash__(self) -> int:
        return hash(self.live())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (SystemChoices, (self.entrants,))


def system_choices(entrants: str) -> tuple[Choice, ...]:
    """The 赛制 choices of 设置 (see :class:`SystemChoices`)."""
    return SystemChoices(entrants)


YES_NO = (
    Choice(True, "是", "yes", ("true", "y", "1", "on", "对", "√", "✓")),
    Choice(False, "否", "no", ("false", "n", "0", "off", "不", "×")),
)


@dataclass(frozen=True)
class Setting:
    """One row of 设置.  ``kind``: text, int, number, choice, bool, optint,
    optnumber, tiebreaks, intlist (2,1), elimination (X:Y, …), pairs (3-7, …).  ``target``: where the value goes in the model
    (``settings.x``, ``scoring.x``, ``pairing.x``, ``standings.x``,
    ``workbook.x``)."""

    key: str
    target: str
    zh: str
    en: str
    kind: str
    choices: tuple[Choice, ...] = ()
    default: Any = None
    aliases: tuple[str, ...] = ()
    help_zh: str = ""
    help_en: str = ""

    def label(self, lang: str) -> str:
        return label(self.zh, self.en, lang)

    def said(self) -> Lazy:
        """The setting's label named in a message (:func:`said`)."""
        return said(self.zh, self.en)

    def names(self) -> set[str]:
        return {norm_key(x) for x in (self.zh, self.en, self.key, *self.aliases)}

    def but(self, *more_aliases: str, **changes: Any) -> "Setting":
        """This row with ``changes`` (another help text, other choices, …)
        and ``more_aliases`` read: how the team 设置 declares a row it
        shares with the individual one (:mod:`xlxq.sheets.team_layout`)."""
        if more_aliases:
            changes["aliases"] = self.aliases + more_aliases
        return replace(self, **changes)


TIEBREAK_PRESET_LABELS: dict[str, tuple[str, str]] = {
    "cxa2011-opp": ("对手分法（2011规则14.3.1）", "Opponents' score (CXA 2011 §14.3.1)"),
    "cxa2011-cumulative": ("累进分法（2011规则14.3.2）", "Cumulative score (CXA 2011 §14.3.2)"),
    "seed001-opp": ("对手分法（001方案）", "Opponents' score (seed 001)"),
    "seed001-cumulative": ("累进分法（001方案）", "Cumulative score (seed 001)"),
    "axf": ("亚洲象棋联合会（AXF）", "Asian Xiangqi Fed. (AXF)"),
    "wxf2023": ("世界象棋联合会（WXF 2023）", "World Xiangqi Fed. (WXF 2023)"),
    "cxa2011-rr": ("循环赛一局制（2011规则14.1）", "Round robin (CXA 2011 §14.1)"),
    "cxa2011-rr-match": ("循环赛多局制（2011规则14.2）", "Round robin, matches (CXA 2011 §14.2)"),
}
SWISS_PRESETS = ("cxa2011-opp", "cxa2011-cumulative", "seed001-opp", "seed001-cumulative", "axf", "wxf2023")
RR_PRESETS = ("cxa2011-rr", "cxa2011-rr-match")

#: The event's paper facts (:class:`xlxq.core.model.EventInfo`), after 赛事名称
#: in the 设置 of both workbooks (the team layout takes them from here).
INFO_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "date",
        "info.date",
        "比赛日期",
        "Date",
        "text",
        aliases=("日期", "比赛时间", "date", "dates"),
        help_zh="打印在表头、成绩册封面：如 2026年12月1日—3日",
        help_en="printed in page headers and on the booklet cover, e.g. 1–3 Dec 2026",
    ),
    Setting(
        "venue",
        "info.venue",
        "比赛地点",
        "Venue",
        "text",
        aliases=("地点", "venue", "place"),
        help_zh="打印在表头、成绩册封面",
        help_en="printed in page headers and on the booklet cover",
    ),
    Setting(
        "organizer",
        "info.organizer",
        "主办单位",
        "Organizer",
        "text",
        aliases=("主办", "organiser", "organizer"),
        help_zh="打印在成绩册封面",
        help_en="printed on the booklet cover",
    ),
    Setting(
        "chief_arbiter",
        "info.chief_arbiter",
        "裁判长",
        "Chief arbiter",
        "text",
        aliases=("总裁判长", "chiefarbiter"),
        help_zh="签名行“裁判长：”后打印此名；空白 = 留空待签",
        help_en="printed after 裁判长 on the signature line; blank = left to sign",
    ),
    Setting(
        "pairing_officer",
        "info.pairing_officer",
        "编排长",
        "Chief of pairings",
        "text",
        aliases=("pairingofficer", "chiefofpairings"),
        help_zh="签名行“编排长：”后打印此名；空白 = 留空待签",
        help_en="printed after 编排长 on the signature line; blank = left to sign",
    ),
    Setting(
        "site_url",
        "info.site_url",
        "网站地址",
        "Website",
        "url",
        aliases=("网址", "网站", "siteurl", "website", "url"),
        help_zh="发布的网页放到网上的地址（http:// 或 https://）：编排公告印它的二维码；发布网页默认用它",
        help_en="where the published pages will be online (http:// or https://): its QR code on the pairing notice; publish's default address",
    ),
)

SETTINGS_ROWS: tuple[Setting, ...] = (
    Setting(
        "name",
        "settings.name",
        "赛事名称",
        "Event name",
        "text",
        aliases=("比赛名称", "名称", "event", "name"),
        help_zh="打印在对阵表、成绩表的标题中",
        help_en="printed in the titles of the pairing and standings sheets",
    ),
    *INFO_SETTINGS,
    Setting(
        "system",
        "settings.system",
        "赛制",
        "System",
        "choice",
        system_choices("players"),
        help_zh="积分编排、单循环、双循环、淘汰赛；积分晋圈淘汰 = 积分编排 + 晋圈人数；积分末位淘汰 = 积分编排 + 末位淘汰",
        help_en="Swiss, round robin, double round robin, knockout; Swiss + qualifiers = Swiss then knockout",
    ),
    Setting(
        "rounds",
        "settings.rounds",
        "轮数",
        "Rounds",
        "int",
        aliases=("比赛轮数", "总轮数"),
        help_zh="积分编排的总轮数；循环赛、淘汰赛由人数算出（本栏不用）",
        help_en="rounds of a Swiss; round robins and knockouts: computed from the number of players",
    ),
    Setting(
        "games_per_match",
        "settings.games_per_match",
        "每场局数",
        "Games per match",
        "int",
        aliases=("每场比赛局数", "局数", "gamespermatch", "games"),
        help_zh="循环赛、淘汰赛（含晋圈后的淘汰赛）每场的局数，两局制填 2，先后手逐局互换；每局占一轮（一张工作表）",
        help_en="round robin and knockout: games in one match (2 = two-game matches); each game is one round",
    ),
    Setting(
        "playoff_games",
        "settings.playoff_games",
        "加赛局数",
        "Play-off games",
        "intlist",
        aliases=("加赛", "playoffs", "playoff"),
        help_zh="淘汰赛战平后的加赛局数，逗号分隔，末项重复直至分出胜负：如 2，或 2,1",
        help_en="knockout: games of each play-off block after a tie; the last repeats (e.g. 2 or 2,1)",
    ),
    Setting(
        "armageddon",
        "settings.armageddon",
        "加赛决胜局",
        "Armageddon",
        "bool",
        YES_NO,
        aliases=("和棋判黑胜", "决胜局", "armageddon"),
        help_zh="“是”= 上述加赛后仍平，再赛一局，和棋判黑方胜",
        help_en="yes = after the blocks one game, a draw wins for black",
    ),
    Setting(
        "qualify_top",
        "workbook.qualify_top",
        "晋圈人数",
        "Qualifiers to knockout",
        "optint",
        aliases=("晋级人数", "晋圈", "淘汰赛人数", "qualifiers", "qualify"),
        help_zh="积分晋圈淘汰：积分编排结束后前K名进入淘汰赛（用“晋圈”生成晋级名单）；空白 = 不进行",
        help_en="Swiss then knockout: the top K go on to a knockout (run qualify); blank = none",
    ),
    Setting(
        "qualify_on_tie",
        "workbook.qualify_on_tie",
        "晋圈并列",
        "Tie at the cut",
        "choice",
        (
            Choice("error", "报错", "Error", ("规程决定", "error")),
            Choice("number", "按序号", "By number", ("序号", "number")),
        ),
        default="error",
        aliases=("晋圈并列处理", "ontie"),
        help_zh="第K名与第K+1名各项完全相同时：报错（按竞赛规程处理，如加赛）或按序号取舍",
        help_en="when places K and K+1 are equal on everything: stop, or take the lower number",
    ),
    Setting(
        "elimination",
        "pairing.elimination",
        "末位淘汰",
        "Elimination",
        "elimination",
        aliases=("积分末位淘汰", "淘汰线", "elimination"),
        help_zh="积分末位淘汰：第X轮后未得Y分者不再编排，填 X:Y，多项用逗号分隔，如 3:2, 5:4；空白 = 不淘汰",
        help_en="Swiss: under Y points after round X, no longer paired; X:Y, several separated by commas",
    ),
    Setting(
        "win",
        "scoring.win",
        "胜 分",
        "Points for a win",
        "number",
        aliases=("胜", "胜局得分", "win"),
        help_zh="2011规则第13条：胜2分",
        help_en="CXA 2011 art. 13: 2 points",
    ),
    Setting(
        "draw",
        "scoring.draw",
        "和 分",
        "Points for a draw",
        "number",
        aliases=("和", "和局得分", "draw"),
        help_zh="和1分",
        help_en="1 point",
    ),
    Setting(
        "loss",
        "scoring.loss",
        "负 分",
        "Points for a loss",
        "number",
        aliases=("负", "负局得分", "loss"),
        help_zh="负0分",
        help_en="0 points",
    ),
    Setting(
        "bye",
        "scoring.bye",
        "轮空 分",
        "Points for a bye",
        "optnumber",
        aliases=("轮空", "轮空得分", "bye"),
        help_zh="空白 = 按胜局计分（原则(五)）",
        help_en="blank = as a win",
    ),
    Setting(
        "absent",
        "scoring.absent",
        "请假计分",
        "Points for an absence",
        "number",
        default=0,
        aliases=("请假分", "请假得分", "缺席计分", "absent", "absence"),
        help_zh="报名表“请假轮次”所列轮次：不编排、不轮空，计此分（默认0分）；循环赛中请假按弃权负",
        help_en="the rounds in the registration's 'Absent in rounds': not paired, no bye, these points "
        "(default 0); in a round robin an absence is a forfeit loss",
    ),
    Setting(
        "draw_red",
        "scoring.draw_red",
        "红方和棋分",
        "Draw points for red",
        "optnumber",
        aliases=("红和分",),
        help_zh="空白 = 同“和 分”；如红和1分、黑和2分时填写",
        help_en="blank = the draw points; for colour-dependent draws",
    ),
    Setting(
        "draw_black",
        "scoring.draw_black",
        "黑方和棋分",
        "Draw points for black",
        "optnumber",
        aliases=("黑和分",),
        help_zh="空白 = 同“和 分”",
        help_en="blank = the draw points",
    ),
    Setting(
        "tiebreaks",
        "settings.tiebreaks",
        "排名方法",
        "Tie-breaks",
        "tiebreaks",
        aliases=("名次计算方法", "破同分方法", "名次计算", "tiebreak", "tiebreaks"),
        help_zh="预设方法，或用顿号分隔的项目：对手分、累进分、胜局、犯规、后走胜局、后走局数、比较前一轮成绩、去除前几轮积分",
        help_en="a preset, or keys separated by commas",
    ),
    Setting(
        "first_round",
        "settings.first_round",
        "首轮配对",
        "First round",
        "choice",
        (
            Choice("adjacent", "近号", "Adjacent", ("近号配对", "1-2")),
            Choice("fold", "首尾", "Fold", ("首尾配对", "1-n")),
            Choice("slide", "对半交叉", "Slide", ("对半交叉配对", "拦腰", "拦腰配对")),
            Choice("random", "随机", "Random", ("随机配对", "抽签")),
        ),
        aliases=("第一轮配对", "首轮配对方法", "firstround"),
        help_zh="近号 1-2、4-3…；首尾 1-N…；对半交叉 1-(N/2+1)…；随机（用随机种子）",
        help_en="adjacent 1-2, 4-3…; fold 1-N…; slide 1-(N/2+1)…; random (uses the seed)",
    ),
    Setting(
        "first_round_seed",
        "settings.first_round_seed",
        "随机种子",
        "Random seed",
        "optint",
        aliases=("首轮随机种子", "seed"),
        help_zh="首轮随机配对、首轮抽签定先后手时使用；空白 = 0",
        help_en="for a random first round or drawn round-1 colours; blank = 0",
    ),
    Setting(
        "first_round_colours",
        "pairing.first_round_colours",
        "首轮先后手",
        "First-round colours",
        "choice",
        (
            Choice("board_parity", "单数台小号先", "Odd boards smaller no.", ("单双台次", "台次", "boardparity")),
            Choice("top_half", "上半区先手", "Top half", ("上半区", "tophalf")),
            Choice("odd_number", "单数序号先手", "Odd numbers", ("单数序号", "单号先手", "oddnumber")),
            Choice("draw", "抽签", "Draw", ("猜先", "抽签决定", "draw")),
        ),
        aliases=("第一轮先后手", "首轮先后走", "firstroundcolours", "firstroundcolors"),
        help_zh="001方案四种：单数台次小号先手、双数台次大号先手（默认）；上半区先手；单数序号先手；抽签（用随机种子）",
        help_en="seed 001: odd boards the smaller number (default); top half; odd numbers; draw (uses the seed)",
    ),
    Setting(
        "numbering",
        "settings.numbering",
        "编号方式",
        "Numbering",
        "choice",
        (
            Choice("order", "报名顺序", "Registration order", ("顺序", "报名先后", "order")),
            Choice("draw", "抽签", "Draw", ("抽签编号", "draw")),
            Choice("rating", "等级分", "Rating", ("按等级分", "等级分高低", "rating", "elo")),
        ),
        aliases=("序号编排方式", "编号", "numbering"),
        help_zh="报名表序号全部空白时的编号：种子选手排单号（方法(一)），其余按报名顺序、抽签（抽签种子；“抽签”按钮）或等级分",
        help_en="numbers when 报名表 has none: seeds take the odd numbers, the others by order, draw (draw seed) or rating",
    ),
    Setting(
        "numbering_seed",
        "settings.numbering_seed",
        "抽签种子",
        "Draw seed",
        "optint",
        aliases=("编号抽签种子", "drawseed"),
        help_zh="抽签编号用的整数：同一种子得同样的序号，可当众复核；“抽签”按钮自动填写",
        help_en="the whole number of the draw: the same seed gives the same numbers; the Draw button fills it",
    ),
    Setting(
        "colour_tie",
        "pairing.colour_tie",
        "先后手规则",
        "Colour rule",
        "choice",
        (
            Choice("number_sum", "号和奇偶", "Number sum", ("号和", "号码之和", "numbersum")),
            Choice("round_parity", "轮次单双", "Round parity", ("单双轮", "轮次", "roundparity")),
        ),
        aliases=("先后走规则", "colourtie", "colorrule"),
        help_zh="方法(四)8 先后走记录相同时：号和为奇数小号先走（000）或 单轮小号先、双轮大号先（001）",
        help_en="method (4)8 when colour histories are equal",
    ),
    Setting(
        "last_rounds_rule",
        "pairing.last_rounds_rule",
        "最后三轮先后手",
        "Last three rounds colour rule",
        "choice",
        (
            Choice("cxa", "协会规则", "CXA", ("cxa", "窄", "000")),
            Choice("broad", "宽（001方案）", "Broad (seed 001)", ("宽", "broad", "001")),
        ),
        aliases=("末三轮规则", "lastroundsrule"),
        help_zh="方法(四)9 的适用范围",
        help_en="scope of method (4)9",
    ),
    Setting(
        "picker",
        "pairing.picker",
        "先编者规则",
        "First-paired player",
        "choice",
        (
            Choice("cxa", "协会规则", "CXA", ("cxa", "000")),
            Choice("fewer_row", "以少调多（001方案）", "Fewer row (seed 001)", ("以少调多", "fewerrow", "001")),
        ),
        aliases=("先编者", "picker"),
        help_zh="方法(二) 先编者的选取",
        help_en="method (2)",
    ),
    Setting(
        "same_unit",
        "pairing.same_unit",
        "同单位回避",
        "Keep club-mates apart",
        "choice",
        (
            Choice("none", "否", "No", ("不回避", "无", "no", "false", "0", "×")),
            Choice("round1", "首轮", "Round 1", ("是", "首轮回避", "第一轮", "yes", "true", "1", "√", "round1")),
            Choice("every_round", "每轮", "Every round", ("各轮", "全部轮次", "所有轮次", "everyround", "all")),
        ),
        aliases=("同单位首轮回避", "首轮同单位回避", "avoidclubmates", "sameunit"),
        help_zh="原则(七)默认不回避（赛前补充规定说明）；首轮 = 001方案的首轮调换；每轮 = 另在以后各轮尽量不配同单位（让位于充分配对、不重复相遇和积分段）",
        help_en="principle (7): no by default; round 1 = seed 001's swap; every round = also later rounds, after full pairing, no rematches and the score groups",
    ),
    Setting(
        "forbidden_pairs",
        "pairing.forbidden_pairs",
        "回避配对",
        "Forbidden pairs",
        "pairs",
        aliases=("亲属回避", "不得相遇", "forbiddenpairs"),
        help_zh="补充规定：永不相遇的序号对（亲属、同一教练），如 3-7, 12-15；与“已相遇”同等（原则(六)）",
        help_en="pairs of numbers that never meet (relatives, one coach), e.g. 3-7, 12-15; as if they had met",
    ),
    Setting(
        "forfeit_counts_as_met",
        "pairing.forfeit_counts_as_met",
        "弃权算相遇",
        "Forfeit counts as met",
        "bool",
        YES_NO,
        help_zh="弃权的对局是否算已相遇（不再配对）",
        help_en="a forfeited pairing blocks a rematch",
    ),
    Setting(
        "forfeits_before_removal",
        "pairing.forfeits_before_removal",
        "连续弃权取消轮数",
        "Forfeits before removal",
        "optint",
        aliases=("连续弃权",),
        help_zh="空白 = 不取消；如 2 = 连续两轮弃权者不再编排",
        help_en="blank = never; e.g. 2",
    ),
    Setting(
        "search_budget",
        "pairing.search_budget",
        "搜索上限",
        "Search budget",
        "int",
        help_zh="每个积分段拆对搜索的步数上限",
        help_en="nodes per score group",
    ),
    Setting(
        "bye_opp_score",
        "standings.bye_opp_score",
        "轮空对手分",
        "Bye opponent score",
        "choice",
        (
            Choice("lowest_scoring", "有分棋手最低分", "Lowest scoring", ("有分最低", "lowestscoring")),
            Choice("lowest", "全体最低分", "Lowest", ("最低分", "lowest")),
            Choice("zero", "零", "Zero", ("0", "无", "zero")),
        ),
        help_zh="2011规则14.4：有分棋手中的最低得分",
        help_en="CXA 2011 §14.4",
    ),
    Setting(
        "bye_counts_as_win",
        "standings.bye_counts_as_win",
        "轮空算胜局",
        "Bye counts as a win",
        "bool",
        YES_NO,
        help_zh="原则(五)：轮空以胜局计算",
        help_en="principle (5)",
    ),
    Setting(
        "fallback_reading",
        "standings.fallback_reading",
        "比较前一轮成绩",
        "Earlier rounds compared",
        "choice",
        (
            Choice("running_total", "累计积分", "Running total", ("累计", "runningtotal")),
            Choice("round_score", "单轮得分", "Round score", ("单轮", "roundscore")),
        ),
        help_zh="“比较前一轮成绩”的读法",
        help_en="how earlier rounds are compared",
    ),
    Setting(
        "rr_withdrawal",
        "standings.rr_withdrawal",
        "循环赛退赛处理",
        "Round-robin withdrawal",
        "choice",
        (
            Choice("cxa", "协会规则（第20.3条）", "CXA (20.3)", ("协会规则", "20.3", "cxa")),
            Choice("annul", "注销成绩", "Annul", ("注销", "annul")),
            Choice("forfeit", "按弃权", "Forfeit", ("弃权", "forfeit")),
        ),
        aliases=("退赛处理", "rrwithdrawal"),
        help_zh="循环赛中途退赛：已赛对手不足半数则注销成绩，否则未赛对局按弃权（裁判细则第20.3条）",
        help_en="round robin: results annulled if he met under half the field, else forfeits (20.3)",
    ),
    Setting(
        "show_rating",
        "standings.show_rating",
        "显示等级分",
        "Show rating",
        "bool",
        YES_NO,
        aliases=("showrating",),
        help_zh="“是”= 对阵表、成绩表、网页、成绩册与公告在姓名旁加“等级分”列（有棋手有等级分时；无等级分者空白）",
        help_en="yes = a Rating column beside the name on the round sheets, standings, site, booklet and notice (when any player is rated; unrated blank)",
    ),
    Setting(
        "normalise_results",
        "workbook.normalise_results",
        "结果规范化",
        "Normalise results",
        "bool",
        YES_NO,
        default=False,
        aliases=("规范结果写法",),
        help_zh="“是”= 计算成绩时把 1-0、2:0 等写法改写为 红胜 等标准写法；“否”= 结果栏保持原样",
        help_en="yes = rewrite 1-0, 2:0 … as the standard spelling on recompute",
    ),
    Setting(
        "provisional",
        "workbook.provisional",
        "暂计和棋编排",
        "Pair on provisional draws",
        "bool",
        YES_NO,
        default=False,
        aliases=("按和棋暂计编排", "provisional"),
        help_zh="“是”= 前面各轮尚有未填结果时仍编排下一轮，未赛对局按和棋暂计（原则(八)）；"
        "“否”= 先录入结果（一轮全无结果时总是拒绝）",
        help_en="yes = pair the next round while earlier games have no result, as draws (原则(八)); "
        "no = enter the results first (a round with no result at all is always refused)",
    ),
)
SETTINGS_BY_KEY = {s.key: s for s in SETTINGS_ROWS}


def setting_lookup(rows: Iterable[Setting]) -> dict[str, Setting]:
    """normalised label, key or alias → the 设置 row, for a reader of the
    ``rows`` (a name two rows answer to goes to the first)."""
    out: dict[str, Setting] = {}
    for s in rows:
        for n in s.names():
            out.setdefault(n, s)
    return out


#: The unofficial 等级分 report's rows: read when an arbiter adds them to 设置
#: (not in the templates: a workbook without them is read and written as
#: before); docs/publish.md §3.
RATING_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "rating",
        "workbook.rating",
        "等级分报告",
        "Rating report",
        "bool",
        YES_NO,
        default=False,
        aliases=("等级分估算", "等级分", "rating"),
        help_zh="“是”= 计算成绩时写“等级分”表：非官方 Elo 估算（中国象棋协会未公布其公式），仅供参考",
        help_en="yes = recompute writes the 'Rating' sheet: an unofficial Elo estimate, for reference only",
    ),
    Setting(
        "rating_k",
        "workbook.rating_k",
        "K值表",
        "K table",
        "text",
        aliases=("K值", "k", "ktable"),
        help_zh="起点:K，逗号分隔、起点递增，如 0:20,2400:10；空白 = 0:20,2400:10",
        help_en="from:K, comma-separated, rising, e.g. 0:20,2400:10; blank = 0:20,2400:10",
    ),
    Setting(
        "rating_cap",
        "workbook.rating_cap",
        "等级分差上限",
        "Rating difference cap",
        "optnumber",
        aliases=("分差上限", "ratingcap", "cap"),
        help_zh="计算期望得分时两人等级分差 D 的上限；空白 = 400",
        help_en="the cap on the difference D in the expected score; blank = 400",
    ),
)

#: The prize table (奖项, docs/prizes.md): read when an arbiter adds it to
#: 设置 (not in the templates): the row 兼得 and, below the settings, a
#: block headed 奖项 | 名额 | 条件 with one prize a row (the first blank
#: 奖项 cell ends it).
PRIZE_SETTINGS: tuple[Setting, ...] = (
    Setting(
        "prize_double",
        "workbook.prize_double",
        "兼得",
        "Double prizes",
        "bool",
        YES_NO,
        default=False,
        aliases=("奖项兼得", "可兼得", "兼得奖项", "doubleprizes", "double"),
        help_zh="“否”= 一人只得所列在前的一项奖项，其余奖项依次顺延；“是”= 一人可同时得多个奖项",
        help_en="no = a player takes only the first prize listed that he wins, the next players move up; "
        "yes = a player may take several prizes",
    ),
)
#: the headers of the prize block of 设置: 奖项 (in the 项目 column), 名额 (in
#: the 设置 column), 条件 (in the 说明 column)
PRIZE_BLOCK_HEAD: tuple[tuple[str, ...], ...] = (
    ("奖项", "獎項", "prize", "prizes", "奖项名称", "獎項名稱"),
    ("名额", "名額", "places", "人数", "人數"),
    ("条件", "條件", "condition", "conditions", "资格", "資格"),
)
PRIZE_BLOCK_NAMES = tuple(frozenset(norm_key(n) for n in names) for names in PRIZE_BLOCK_HEAD)

# --------------------------------------------------------------------------
# look and print
# --------------------------------------------------------------------------

HEADER_FILL = "#D9E1F2"
TITLE_FILL = None
ERROR_FILL = "#FFC7CE"  # blocks or breaks a hard rule
WARNING_FILL = "#FFEB9C"  # to look at
INFO_FILL = "#DDEBF7"  # for the record (hand-changed pairing, late entry, withdrawal)
LEVEL_FILL = {"error": ERROR_FILL, "warning": WARNING_FILL, "info": INFO_FILL}

TEXT_FORMAT = "@"
VALIDATION_MARGIN = 40  # extra rows below the boards that get the result drop-down
# Rows of a 对阵表 below the boards and the bye that only show who is not
# paired by leave (请假) and who joins (迟到入场): the label in 台次 and 结果,
# the player on the red side; the reader skips them (docs/workbook.md).
PRESENCE_ROWS: dict[str, tuple[str, str]] = {"absent": ("请假", "absent"), "late": ("迟到入场", "late entry")}
PRESENCE_KEYS = frozenset(norm_key(x) for pair in PRESENCE_ROWS.values() for x in pair)

TITLE_ROW = 1
HEADER_ROW = 2
FIRST_DATA_ROW = 3
HEADER_SCAN = 10  # a table's header row is searched in the first rows
#: the footer of every printed table: page n / pages (Excel's codes)
PAGE_FOOTER = "&P / &N"


def table_page(
    sheet: str, last_row: int, last_col: int, landscape: bool = False, header_row: int = HEADER_ROW
) -> PageSetup:
    """The print setup of a table, both workbooks' every table sheet: A4,
    one page wide, the title and header rows on every page, the area from
    A1 to ``last_row`` (at least the header) and ``last_col``, centred,
    the page numbers in the footer."""
    return PageSetup(
        sheet,
        landscape=landscape,
        title_rows=(TITLE_ROW, header_row),
        area=(1, 1, max(last_row, header_row), last_col),
        footer=PAGE_FOOTER,
    )


def column_letter(col: int) -> str:
    s = ""
    while col:
        col, r = divmod(col - 1, 26)
        s = chr(65 + r) + s
    return s


def cell_ref(row: int, col: int) -> str:
    return f"{column_letter(col)}{row}"


def column_of(cell: str) -> Optional[int]:
    """The column number of a cell reference ("G5" → 7); None if it is not one."""
    m = re.fullmatch(r"([A-Z]+)\d+", cell)
    if m is None:
        return None
    n = 0
    for ch in m[1]:
        n = n * 26 + ord(ch) - 64
    return n


def round_title(n: int, event_name: str, lang: str, stage: str = "main", label: str = "") -> str:
    if stage == "ko":
        t = i18n_tr(lang, "layout.ko-round-pairings", n=n)
    else:
        t = i18n_tr(lang, "layout.round-pairings", n=n)
    if label:
        t += i18n_tr(lang, "report.label", label=label)
    return titled(event_name, t)


def titled(event_name: str, text: str) -> str:
    """A sheet title: the event's name (if any), two spaces, ``text``."""
    return f"{event_name}  {text}" if event_name else text


def standings_title(after: "TableRound | int", event_name: str, lang: str) -> str:
    return after_round_title("layout.standings", after, event_name, lang)


def after_round_title(what: str, after: "TableRound | int", event_name: str, lang: str) -> str:
    """The title of a standings-like table, message ``what``: ``after`` is the
    :class:`~xlxq.core.standings.TableRound` of the table (or a round
    number, 0: none yet): "成绩表（第3轮后）", "成绩表（第4轮进行中，尚有2台未完成）"."""

    tr = after if isinstance(after, TableRound) else TableRound(after)
    return titled(event_name, tr.title(Msg(what), lang))


def standings_widths(
    head: Iterable[float], nkeys: int, key_width: float, after: int, round_width: float, tail_width: float
) -> dict[int, float]:
    """Column widths of a standings table: ``head``, ``nkeys`` tie-break
    columns, ``after`` round columns and the tail column."""
    widths = dict(enumerate(head, start=1))
    j = len(widths) + 1
    for _ in range(nkeys):
        widths[j] = key_width
        j += 1
    for _ in range(after):
        widths[j] = round_width
        j += 1
    widths[j] = tail_width
    return widths


def round_col_header(n: int, lang: str) -> str:
    return i18n_tr(lang, "booklet.r", n=n)
