"""Prizes (奖项) and the registration extras they read (性别, 出生年份, 类别).

A prize table (:class:`PrizeTable`) is a list of categories (:class:`Prize`:
a name, how many places, the conditions a player must meet) and one
setting, ``double`` (兼得: whether one player can take two prizes).  The
arbiter writes a condition as text, the same in 设置 and in the JSON file
(docs/prizes.md)::

    性别=女            出生年份>=2010        等级分<2000
    性别=女，出生年份>=2012  (every condition must hold)
    类别=少年组         (the players whose 类别 cell names 少年组)
    (blank: every player — the overall places, 名次奖)

Winners are taken from the final standings order (:func:`award`): ties are
resolved by that order (the standings' tie-breaks, then the order the table
lists the players in).  Without 兼得 the categories are filled in the
order they are listed and a player already given a prize is passed over:
he keeps the first (highest) prize he wins, the common practice; with 兼得
each category takes its best eligible players whoever else won what.

Pure: no file, no sheet.  Imports only the base.
"""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Protocol, Sequence

from xlxq.errors import InputError
from xlxq.i18n import Msg, tr
from xlxq.text import label_problem, visible

MALE, FEMALE = "M", "F"
SEXES = (MALE, FEMALE)

#: the words read as a sex (case and spaces ignored; 繁體 writes 男/女 alike)
SEX_WORDS = {
    "男": MALE,
    "男子": MALE,
    "男性": MALE,
    "m": MALE,
    "male": MALE,
    "man": MALE,
    "men": MALE,
    "女": FEMALE,
    "女子": FEMALE,
    "女性": FEMALE,
    "f": FEMALE,
    "w": FEMALE,
    "female": FEMALE,
    "woman": FEMALE,
    "women": FEMALE,
}

#: the years a 出生年份 may be
YEAR_MIN, YEAR_MAX = 1900, 2100

FIELDS = ("sex", "birth_year", "rating", "unit", "category")
#: the words a condition names a field by (normalised: no spaces, lower case)
FIELD_WORDS = {
    "性别": "sex",
    "性別": "sex",
    "sex": "sex",
    "gender": "sex",
    "出生年份": "birth_year",
    "出生年": "birth_year",
    "出生年份年": "birth_year",
    "年份": "birth_year",
    "birthyear": "birth_year",
    "birth_year": "birth_year",
    "born": "birth_year",
    "yob": "birth_year",
    "等级分": "rating",
    "等級分": "rating",
    "rating": "rating",
    "elo": "rating",
    "单位": "unit",
    "單位": "unit",
    "unit": "unit",
    "club": "unit",
    "类别": "category",
    "類別": "category",
    "年龄组": "category",
    "年齡組": "category",
    "category": "category",
    "agegroup": "category",
    "cat": "category",
}
#: 组别 is not a condition: it splits the event into groups ranked apart, and
#: the prize table applies within each group (docs/prizes.md, Groups)
_GROUP_WORDS = frozenset({"组别", "組別", "分组", "分組", "group", "section"})
OPS = ("=", "!=", ">=", "<=", ">", "<")
_OP_WORDS = {"≥": ">=", "≤": "<=", "≠": "!=", "==": "=", "<>": "!=", "＝": "=", "＞": ">", "＜": "<"}
_COND_RE = re.compile(r"^(.+?)(>=|<=|!=|==|<>|=|>|<)(.+)$")
_SPLIT_RE = re.compile(r"\s*(?:[,，;；、&]|\s且\s|\sand\s)\s*", re.I)


#: the message naming each field in a condition's text
_FIELD_NAMES = {
    "sex": "prizes.condition-sex",
    "birth_year": "prizes.condition-birth-year",
    "rating": "prizes.condition-rating",
    "unit": "prizes.condition-club",
    "category": "prizes.condition-category",
}


class PlayerFacts(Protocol):
    """What a condition reads of a player (:class:`xlxq.core.model.Player`)."""

    no: int
    name: str
    unit: str
    rating: Optional[float]
    sex: Optional[str]
    birth_year: Optional[int]
    category: Optional[str]


@dataclass(frozen=True)
class Condition:
    field: str  # one of FIELDS
    op: str  # one of OPS
    value: Any  # "M"/"F", a number, a text

    def holds(self, p: PlayerFacts) -> bool:
        """Whether ``p`` meets it; a player without the value (no 性别, no
        出生年份, no 等级分) does not (docs/prizes.md).  A 类别 is a set: a
        player has the categories his cell names (none when blank), so
        ``类别!=少年组`` takes a player with a blank cell."""
        v = getattr(p, self.field)
        if self.field == "category":
            has = category_key(self.value) in category_keys(v)
            return has if self.op == "=" else not has
        if v is None or (self.field == "unit" and not v):
            return False
        if self.op == "=":
            return bool(v == self.value)
        if self.op == "!=":
            return bool(v != self.value)
        return bool({">=": v >= self.value, "<=": v <= self.value, ">": v > self.value, "<": v < self.value}[self.op])

    def text(self, lang: str) -> str:
        """The condition as the arbiter writes it (性别=女; 性別=女; sex=F):
        the field and the sex in ``lang``'s words."""
        name = tr(lang, _FIELD_NAMES[self.field])
        value = self.value
        if self.field == "sex":
            value = tr(lang, "prizes.condition-male" if value == MALE else "prizes.condition-female")
        elif isinstance(value, float) and value.is_integer():
            value = int(value)
        return f"{name}{self.op}{value}"


@dataclass(frozen=True)
class Prize:
    """One category: ``places`` winners among the players meeting every
    condition (none: every player)."""

    name: str
    places: int
    conditions: tuple[Condition, ...] = ()
    # the condition as written (kept so that a file is written back as read)
    condition_text: str = ""

    def eligible(self, p: PlayerFacts) -> bool:
        return all(c.holds(p) for c in self.conditions)


@dataclass(frozen=True)
class PrizeTable:
    prizes: tuple[Prize, ...] = ()
    double: bool = False  # 兼得


@dataclass(frozen=True)
class Award:
    prize: Prize
    winners: tuple[tuple[int, Optional[int]], ...]  # (序号, rank) in place order
    # places left empty: fewer eligible players than places
    vacant: int = 0


@dataclass
class Awards:
    awards: list[Award] = field(default_factory=list)
    double: bool = False


# --------------------------------------------------------------------------
# the registration extras
# --------------------------------------------------------------------------


#: the longest prize name and condition (a label printed on the 获奖名单)
NAME_MAX = 100


def shown(v: Any) -> str:
    """A value quoted in a message: on one line, at most 40 characters."""
    text = visible(str(v))
    return text if len(text) <= 40 else text[:40] + "…"


def _norm(v: Any) -> str:
    return re.sub(r"[\s\u3000]+", "", unicodedata.normalize("NFKC", str(v))).lower()


def parse_sex(v: Any) -> Optional[str]:
    """性别: 男/女, M/F, male/female (any case) → "M"/"F"; blank → None.
    Anything else: an :class:`InputError` without place (the caller adds it)."""
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    out = SEX_WORDS.get(_norm(v))
    if out is None:
        raise InputError(Msg("prizes.sex-must-be-m-or-f-or-got", v=shown(v)))
    return out


def parse_birth_year(v: Any) -> Optional[int]:
    """出生年份 (or a 出生日期: its year): 2010, "2010", "2010年",
    "2010-05-03", "2010/5/3", "2010.05", a date cell → 2010; blank → None.
    A year outside 1900–2100 or anything else: an :class:`InputError`."""
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    year: Optional[int] = None
    if isinstance(v, (_dt.date, _dt.datetime)):
        year = v.year
    elif isinstance(v, bool):
        year = None
    elif isinstance(v, int) or (isinstance(v, float) and v.is_integer()):
        year = int(v)
    elif isinstance(v, str):
        s = unicodedata.normalize("NFKC", v).strip()
        m = re.fullmatch(r"(\d{4})(?:年|(?:\s*[-/.年]\s*\d{1,2}(?:\s*[-/.月]\s*\d{1,2}\s*日?|\s*月)?))?", s)
        if m:
            year = int(m[1])
    if year is None or not YEAR_MIN <= year <= YEAR_MAX:
        raise InputError(
            Msg("prizes.birth-year-must-be-a-year-from-to-2010", YEAR_MIN=YEAR_MIN, YEAR_MAX=YEAR_MAX, v=shown(v)),
        )
    return year


def sex_text(sex: Optional[str], lang: str) -> str:
    """The 性别 cell of a player: 男/女 (M/F in English); "" when not known."""
    if sex is None:
        return ""
    return tr(lang, "prizes.sex-male" if sex == MALE else "prizes.sex-female")


#: what separates two categories in one 类别 cell (U12、女子; U12, 女子; U12;女子),
#: after NFKC (full-width ，；become , ;)
_CATEGORY_SPLIT = re.compile(r"[、,;]")


def parse_category(v: Any) -> Optional[str]:
    """类别: free text naming the player's categories (少年组, U12, 女子;
    several separated by 、 , ;), kept as typed (trimmed); blank → None.
    A whole number cell (12) is its text.  Over :data:`NAME_MAX` characters
    or not one line: an :class:`InputError` without place."""
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    if isinstance(v, bool) or not isinstance(v, (str, int, float)):
        raise InputError(Msg("prizes.category-must-be-text", v=shown(v)))
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    text = str(v).strip()
    problem = label_problem(text)
    if problem is not None:
        raise InputError(Msg("prizes.category-not-one-line", v=shown(text), problem=problem))
    if len(text) > NAME_MAX:
        raise InputError(Msg("prizes.category-too-long", v=shown(text), n=NAME_MAX))
    return text


def category_key(name: str) -> str:
    """The key a category is matched by: NFKC (full-width Ｕ１２ is U12),
    no spaces, case folded (u12 is U12).  简体 and 繁體 are not folded:
    少年组 and 少年組 are two names (a user's text is never converted)."""
    return _norm(name).casefold()


def category_keys(text: Optional[str]) -> frozenset[str]:
    """The keys of the categories a 类别 cell names (empty: none)."""
    if not text:
        return frozenset()
    parts = _CATEGORY_SPLIT.split(unicodedata.normalize("NFKC", text))
    return frozenset(k for k in (category_key(x) for x in parts) if k)


#: each registration extra's parser (the readers of the 报名表, the import
#: and the JSON file call it, and add the place)
EXTRA_PARSERS = {"sex": parse_sex, "birth_year": parse_birth_year, "category": parse_category}


# --------------------------------------------------------------------------
# conditions and prize tables
# --------------------------------------------------------------------------


def parse_condition(text: Any) -> tuple[Condition, ...]:
    """The conditions of one category (see the module doc); blank: none.
    A bad condition: an :class:`InputError` naming it (the caller adds the
    place: the 设置 cell, the JSON key)."""
    if text is None:
        return ()
    s = unicodedata.normalize("NFKC", str(text)).strip()
    if not s or s in ("-", "无", "無", "全部", "all", "none"):
        return ()
    out: list[Condition] = []
    for part in _SPLIT_RE.split(s):
        if not part:
            continue
        for k, v in _OP_WORDS.items():
            part = part.replace(k, v)
        m = _COND_RE.match(part.replace(" ", ""))
        if m is None:
            raise InputError(
                Msg("prizes.condition-not-understood-write-field-op", part=shown(part)),
            )
        word, op, raw = m[1], m[2], m[3]
        op = _OP_WORDS.get(op, op)
        fld = FIELD_WORDS.get(_norm(word))
        if fld is None and _norm(word) in _GROUP_WORDS:
            raise InputError(Msg("prizes.condition-group-splits-the-event", part=shown(part)))
        if fld is None:
            raise InputError(
                Msg("prizes.condition-unknown-field-one-of-sex-birth", part=shown(part), word=shown(word)),
            )
        value: Any
        if fld == "sex":
            if op not in ("=", "!="):
                raise InputError(Msg("prizes.condition-sex-takes-only-or", part=shown(part)))
            try:
                value = parse_sex(raw)
            except InputError:
                value = None
            if value is None:
                raise InputError(Msg("prizes.condition-the-sex-must-be-m-or-f-or", part=shown(part))) from None
        elif fld == "unit":
            if op not in ("=", "!="):
                raise InputError(Msg("prizes.condition-a-club-takes-only-or", part=shown(part)))
            # the 单位 as typed, its inner spaces kept (Beijing Club; the
            # spaces were dropped with the others, so it matched no one)
            typed = _COND_RE.match(part)
            value = typed[3].strip() if typed is not None and typed[2] == m[2] else raw.strip()
        elif fld == "category":
            if op not in ("=", "!="):
                raise InputError(Msg("prizes.condition-a-category-takes-only-or", part=shown(part)))
            value = raw.strip()
            if not category_key(value):
                raise InputError(Msg("prizes.condition-one-category", part=shown(part)))
        else:
            try:
                value = float(raw)
            except ValueError:
                value = None
            if value is None or value != value or value in (float("inf"), float("-inf")):
                raise InputError(Msg("prizes.condition-is-not-a-number", part=shown(part), raw=shown(raw))) from None
            if fld == "birth_year" and not (value.is_integer() and YEAR_MIN <= value <= YEAR_MAX):
                raise InputError(
                    Msg(
                        "prizes.condition-a-birth-year-must-be-from-to",
                        part=shown(part),
                        YEAR_MIN=YEAR_MIN,
                        YEAR_MAX=YEAR_MAX,
                    ),
                )
            if fld == "birth_year":
                value = int(value)
        out.append(Condition(fld, op, value))
    return tuple(out)


def parse_places(v: Any) -> int:
    """名额: a whole number from 1 to 999."""
    n: Optional[int] = None
    if isinstance(v, bool):
        n = None
    elif isinstance(v, int) or (isinstance(v, float) and v.is_integer()):
        n = int(v)
    elif isinstance(v, str) and re.fullmatch(r"\s*\d{1,3}\s*名?\s*", unicodedata.normalize("NFKC", v)):
        n = int(re.sub(r"\D", "", v))
    if n is None or not 1 <= n <= 999:
        raise InputError(Msg("prizes.places-must-be-a-whole-number-from-1-to", v=shown(v)))
    return n


class PrizeError(InputError):
    """A prize's cell at fault: ``part`` is "name" (奖项), "places" (名额) or
    "condition" (条件), so that a reader points at that cell."""

    def __init__(self, msg: Msg, part: str):
        super().__init__(msg)
        self.part = part

    @classmethod
    def of(cls, exc: InputError, part: str) -> PrizeError:
        assert exc.msg is not None  # every prize message is from the catalogue
        return cls(exc.msg, part)


def make_prize(name: Any, places: Any, condition: Any) -> Prize:
    """One category from the arbiter's three cells (奖项, 名额, 条件); a
    problem is a :class:`PrizeError` naming its cell."""
    if not isinstance(name, str) or not name.strip():
        raise PrizeError(Msg("prizes.the-prize-has-no-name"), "name")
    problem = label_problem(name)
    if problem is not None:
        raise PrizeError(Msg("prizes.name-not-one-line", name=shown(name), problem=problem), "name")
    if len(name) > NAME_MAX:
        raise PrizeError(Msg("prizes.name-too-long", name=shown(name), n=NAME_MAX), "name")
    text = "" if condition is None else str(condition).strip()
    if len(text) > NAME_MAX:
        raise PrizeError(Msg("prizes.condition-too-long", text=shown(text), n=NAME_MAX), "condition")
    try:
        n = parse_places(places)
    except InputError as exc:
        raise PrizeError.of(exc, "places") from None
    try:
        cond = parse_condition(text)
    except InputError as exc:
        raise PrizeError.of(exc, "condition") from None
    return Prize(name.strip(), n, cond, text)


def check_names(prizes: Sequence[Prize]) -> None:
    """Two categories of one name are refused (the 获奖名单 names each once)."""
    seen: set[str] = set()
    for p in prizes:
        if p.name in seen:
            raise InputError(Msg("prizes.the-prize-is-listed-twice", name=p.name))
        seen.add(p.name)


# --------------------------------------------------------------------------
# the winners
# --------------------------------------------------------------------------


def award(table: PrizeTable, order: Sequence[tuple[int, Optional[int]]], players: Mapping[int, PlayerFacts]) -> Awards:
    """The winners of each category of ``table``: ``order`` is the final
    standings as (序号, rank) from first to last (its order resolves ties);
    ``players`` the players by 序号.  Without 兼得 a player given a prize
    is passed over by the categories listed after it."""
    taken: set[int] = set()
    out = Awards(double=table.double)
    for prize in table.prizes:
        won: list[tuple[int, Optional[int]]] = []
        for no, rank in order:
            if len(won) == prize.places:
                break
            if not table.double and no in taken:
                continue
            p = players.get(no)
            if p is None or not prize.eligible(p):
                continue
            won.append((no, rank))
        if not table.double:
            taken.update(no for no, _ in won)
        out.awards.append(Award(prize, tuple(won), prize.places - len(won)))
    return out


def standings_order(rows: Sequence[Any]) -> list[tuple[int, Optional[int]]]:
    """A standings table (any system's rows: ``no`` and ``rank``, a
    knockout's ``place``) as (序号, rank) from first to last."""
    out: list[tuple[int, Optional[int]]] = []
    for r in rows:
        rank = getattr(r, "rank", None)
        if rank is None:
            rank = getattr(r, "place", None)
        out.append((int(r.no), rank))
    return out


def event_awards(event: Any, rows: Sequence[Any]) -> Optional[Awards]:
    """The winners of ``event``'s prize table by its standings ``rows``
    (None: the event has no prize table)."""
    table = event.settings.prizes
    if table is None or not table.prizes:
        return None
    return award(table, standings_order(rows), {p.no: p for p in event.players})


def prize_rows(awards: Awards, players: Mapping[int, PlayerFacts], lang: str) -> list[list[Any]]:
    """The 获奖名单 as rows, the same on every page that shows it: one a
    winner (奖项, 名次 in the category, 序号, 姓名, 单位, 总名次) and one a
    vacant place (空缺), category by category."""
    rows: list[list[Any]] = []
    for a in awards.awards:
        for place, (no, rank) in enumerate(a.winners, start=1):
            p = players[no]
            rows.append([a.prize.name, place, no, p.name, p.unit, rank])
        for k in range(a.vacant):
            rows.append([a.prize.name, len(a.winners) + k + 1, None, tr(lang, "prizes.vacant"), "", None])
    return rows


def prize_header(lang: str) -> list[str]:
    """The header of :func:`prize_rows`."""
    return [tr(lang, f"prizes.{k}") for k in ("prize", "place", "no", "name", "unit", "rank")]


def conditions_text(prize: Prize, lang: str) -> str:
    """A category's conditions in words (性别=女，出生年份>=2010; sex=F,
    birth year>=2010); none: every player (全体棋手)."""
    if not prize.conditions:
        return tr(lang, "prizes.every-player")
    return tr(lang, "record_text.text-2").join(c.text(lang) for c in prize.conditions)
