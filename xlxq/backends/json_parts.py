"""The pieces both kinds of tournament file share (docs/format.md): the
strict value readers (each names the key it reads: ``zh``/``en``), the
``event.options`` table, scoring, players and boards, and the writers of
players and boards.  :mod:`xlxq.backends.json_file` (individual files, and
the dispatch by ``event.kind``) and :mod:`xlxq.backends.team_json` (team
files) are both built on it.

Lazy imports: the prize code (``core.prizes``) only for a file with a prize
table or a player's 性别/出生年份, so that a click does not import it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Union

from xlxq.core.model import (
    COLOUR_TIES,
    FIRST_ROUND_COLOURS,
    FIRST_ROUND_METHODS,
    INFO_FIELDS,
    SAME_UNIT,
    Board,
    EventInfo,
    PairingOptions,
    Player,
    RatingOptions,
    Scoring,
)
from xlxq.core.rating import check_cap, k_table_spec, parse_k_table
from xlxq.core.numbering import NUMBERINGS
from xlxq.errors import InputError
from xlxq.systems import get_system
from xlxq.core.site_url import site_url_error
from xlxq.i18n import Lazy, Msg, listed

if TYPE_CHECKING:  # types only: the prize code is imported when a file has prizes or extras
    from xlxq.core.prizes import PrizeTable

FORMAT = "xlxq/1"

LAST_ROUNDS_RULES = ("cxa", "broad")
RR_WITHDRAWALS = ("cxa", "annul", "forfeit")  # xlxq.core.roundrobin.WITHDRAWAL_POLICIES
PICKERS = ("cxa", "fewer_row")
BYE_OPP_SCORES = ("lowest_scoring", "lowest", "zero")
FALLBACK_READINGS = ("running_total", "round_score")

# option key -> (which options object, expected kind, allowed values)
OPTIONS: dict[str, tuple[str, str, tuple]] = {
    "last_rounds_rule": ("pairing", "choice", LAST_ROUNDS_RULES),
    "picker": ("pairing", "choice", PICKERS),
    "same_unit": ("pairing", "choice", SAME_UNIT),
    "first_round_colours": ("pairing", "choice", FIRST_ROUND_COLOURS),
    "forbidden_pairs": ("pairing", "pairs", ()),
    "forfeit_counts_as_met": ("pairing", "bool", ()),
    "forfeits_before_removal": ("pairing", "posint_or_null", ()),
    "search_budget": ("pairing", "posint", ()),
    "elimination": ("pairing", "elimination", ()),
    "bye_opp_score": ("standings", "choice", BYE_OPP_SCORES),
    "bye_counts_as_win": ("standings", "bool", ()),
    "fallback_reading": ("standings", "choice", FALLBACK_READINGS),
    "rr_withdrawal": ("standings", "choice", RR_WITHDRAWALS),
    "show_rating": ("standings", "bool", ()),
}
#: options written only when set (the files of events without them stay as they were)
WRITTEN_WHEN_SET = frozenset({"show_rating"})

PLAYER_KEYS = (
    "no",
    "name",
    "unit",
    "rating",
    "seed",
    "withdrawn_from_round",
    "absent_rounds",
    "sex",
    "birth_year",
    "category",
)
# the fast path reads no absences and no registration extras
_PLAYER_KEYSET = frozenset(PLAYER_KEYS) - {"absent_rounds", "sex", "birth_year", "category"}


# --------------------------------------------------------------------------
# small typed readers; ``zh``/``en`` name the place of the value
# --------------------------------------------------------------------------


#: a place in the file: a catalogue message (``第1轮第2台红方 red`` / ``round 1
#: board 2 red``), or a bare key the same in every language (``event.options.picker``)
Where = Union[Msg, str]


def fail(where: Where, what: Any) -> InputError:
    """What is wrong (a message, or an error whose message it is) at a place of the file."""
    return InputError(Msg("json_parts.zh-where-zh", zh_where=where, zh=what))


def place(id: str, /, **args: Any) -> Msg:
    """A place in the file (or what is wrong there): catalogue message ``id``
    with ``args`` (a place inside it a :class:`Msg` too; an index both as
    ``n`` (1-based, 第n项) and ``k`` (0-based, ``[k]``), each template using its own)."""
    return Msg(id, **args)


def listed_numbers(items: Any) -> Lazy:
    """Numbers as one list in the language rendered ("1、3" / "1, 3")."""
    return Lazy(lambda lang: listed(lang, items, "common.item"))


def is_int(v: Any) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return True
    return isinstance(v, float) and v.is_integer()


def as_int(v: Any, where: Where, minimum: Optional[int] = None) -> int:
    if not is_int(v):
        raise fail(where, Msg("json_parts.expected-an-integer", v=v))
    v = int(v)
    if minimum is not None and v < minimum:
        raise fail(where, Msg("json_parts.must-be-at-least", minimum=minimum, v=v))
    return v


def opt_int(v: Any, where: Where, minimum: Optional[int] = None) -> Optional[int]:
    return None if v is None else as_int(v, where, minimum)


def as_number(v: Any, where: Where) -> float:
    if isinstance(v, bool) or not isinstance(v, (int, float)) or v != v or v in (float("inf"), float("-inf")):
        raise fail(where, Msg("json_parts.expected-a-number", v=v))
    return v


def opt_number(v: Any, where: Where) -> Optional[float]:
    return None if v is None else as_number(v, where)


def as_str(v: Any, where: Where) -> str:
    if not isinstance(v, str):
        raise fail(where, Msg("json_parts.expected-a-string", v=v))
    return v


def as_bool(v: Any, where: Where) -> bool:
    if not isinstance(v, bool):
        raise fail(where, Msg("json_parts.expected-true-or-false", v=v))
    return v


def choice(v: Any, allowed: tuple, where: Where) -> str:
    if v not in allowed:
        raise fail(where, Msg("json_parts.invalid-value-one-of", v=v, allowed=", ".join(allowed)))
    return v


def as_obj(v: Any, keys: tuple, where: Where) -> dict:
    if not isinstance(v, dict):
        raise fail(where, Msg("json_parts.expected-an-object", t=type(v).__name__))
    unknown = [k for k in v if k not in keys]
    if unknown:
        raise fail(where, Msg("json_parts.unknown-keys", keys=", ".join(map(repr, unknown)), known=", ".join(keys)))
    return v


def as_list(v: Any, where: Where) -> list:
    if not isinstance(v, list):
        raise fail(where, Msg("json_parts.expected-a-list", t=type(v).__name__))
    return v


# --------------------------------------------------------------------------
# shared shapes
# --------------------------------------------------------------------------


def two_items(item: Any, where: Where, shape: Msg) -> tuple[Any, Any]:
    """A list item that must be a list of two values (``shape``: what they
    are, "[红方, 黑方]" / "[red, black]"), at ``where``."""
    if not isinstance(item, list) or len(item) != 2:
        raise fail(where, place("json_parts.expected-shape-got", shape=shape, item=repr(item)))
    return item[0], item[1]


def engine_pairs(
    v: Any, rno: int, keys: tuple, key: str, sides: tuple[str, str]
) -> tuple[Msg, tuple[tuple[int, int], ...], tuple[int, ...]]:
    """A round's ``engine``, the pairing the engine made of it (docs/format.md):
    ``{key: [[a, b], …], "byes": […]}`` (``key`` boards of players, matches of
    teams; ``sides``: the ids of the messages naming a pair's two numbers:
    红方/黑方, 先走队/后走队), read strictly: (its place, a message; the pairs;
    the byes).  The
    caller checks the numbers against its event."""
    where = Msg("json_file.round-engine", rno=rno)
    e = as_obj(v, keys, where)
    a_id, b_id = sides
    pairs = []
    for k, item in enumerate(as_list(e.get(key, []), place("json_parts.place-engine-key", where=where, key=key))):
        if type(item) is list and len(item) == 2:  # the common case, without building the messages
            x, y = item
            if type(x) is int and type(y) is int and x >= 1 and y >= 1:
                pairs.append((x, y))
                continue
        x, y = two_items(
            item,
            place("json_parts.place-engine-item", where=where, key=key, n=k + 1, k=k),
            place("json_parts.shape-two", a=Msg(a_id), b=Msg(b_id)),
        )
        a = as_int(
            x,
            place("json_parts.place-engine-item-a", where=where, key=key, n=k + 1, k=k, a=Msg(a_id)),
            minimum=1,
        )
        b = as_int(
            y,
            place("json_parts.place-engine-item-b", where=where, key=key, n=k + 1, k=k, b=Msg(b_id)),
            minimum=1,
        )
        pairs.append((a, b))
    byes = tuple(
        as_int(n, place("json_parts.place-byes", where=where, n=k + 1, k=k), minimum=1)
        for k, n in enumerate(as_list(e.get("byes", []), place("json_parts.place-engine-byes", where=where)))
    )
    return where, tuple(pairs), byes


def tiebreak_list(v: Any, where: Msg) -> list[str]:
    """``event.tiebreaks``: a list of strings (``where``: its place, whose
    Chinese names it: 破同分方法, 团体名次计算顺序)."""
    tb = as_list(v, where)
    return [as_str(k, f"event.tiebreaks[{i}]") for i, k in enumerate(tb)]


def first_round_keys(e: dict, default_first_round: str, colour_tie_place: Msg) -> tuple[str, Optional[int], str]:
    """``event.first_round``, ``first_round_seed`` and ``colour_tie``, read
    alike in an individual and a team file (``colour_tie_place``: its place,
    whose Chinese says 先后手 / 先后走, as each file's message says)."""
    first_round = choice(
        e.get("first_round", default_first_round),
        FIRST_ROUND_METHODS,
        Msg("json_parts.event-first-round"),
    )
    seed = opt_int(e.get("first_round_seed"), Msg("json_parts.event-first-round-seed"))
    colour_tie = choice(
        e.get("colour_tie", PairingOptions().colour_tie),
        COLOUR_TIES,
        colour_tie_place,
    )
    return first_round, seed, colour_tie


def numbering_keys(e: dict) -> tuple[str, Optional[int]]:
    """``event.numbering`` (optional): ``{"method": "order" | "draw" |
    "rating", "seed": 抽签种子}``, how the numbers were made (``xlxq draw``
    writes it); absent: ``("order", None)``."""
    if "numbering" not in e:
        return "order", None
    nb = as_obj(e["numbering"], ("method", "seed"), Msg("json_parts.event-numbering"))
    method = choice(nb.get("method", "order"), tuple(NUMBERINGS), Msg("json_parts.event-numbering-method"))
    seed = opt_int(nb.get("seed"), Msg("json_parts.event-numbering-seed"), 0)
    if method == "draw" and seed is None:
        raise fail(Msg("json_parts.event-numbering-seed"), Msg("json_parts.a-draw-needs-its-seed"))
    return method, seed


#: ``event`` keys of the :class:`EventInfo` (比赛日期 …), written after ``name``
INFO_KEYS = INFO_FIELDS
#: the place (message id) of each: event.date（比赛日期） …
_INFO_PLACES = {
    "date": "json_parts.event-date",
    "venue": "json_parts.event-venue",
    "organizer": "json_parts.event-organizer",
    "chief_arbiter": "json_parts.event-chief-arbiter",
    "pairing_officer": "json_parts.event-pairing-officer",
    "site_url": "json_parts.event-site-url",
}


def info_from_dict(e: dict) -> EventInfo:
    """The :class:`EventInfo` of ``event`` (its keys already checked): text, blank by default."""
    info = EventInfo(**{k: as_str(e.get(k, ""), Msg(_INFO_PLACES[k])) for k in INFO_KEYS})
    bad = site_url_error(info.site_url) if info.site_url else None
    if bad is not None:
        raise fail(Msg("json_parts.event-site-url"), bad)
    return info


def info_entries(info: EventInfo) -> dict:
    """The :class:`EventInfo` keys as written in ``event``: only those filled in."""
    return {k: getattr(info, k) for k in INFO_KEYS if getattr(info, k)}


def numbering_entry(method: str, seed: Optional[int]) -> dict:
    """``{"numbering": …}`` as written in ``event``, after
    ``first_round_seed``; empty (the key left out) for the default."""
    if method == "order" and seed is None:
        return {}
    out: dict[str, Any] = {"method": method}
    if seed is not None:
        out["seed"] = seed
    return {"numbering": out}


def scoring_from_dict(sc: dict, keys: tuple, place_id: str = "json_parts.event-scoring-key") -> Scoring:
    """``event.scoring`` (its keys already checked): win/draw/loss default to
    the model's, the other ``keys`` to None; ``place_id``: the message of a
    key's place (``{key}``: win …; a team file's Chinese says 局分)."""
    ds = Scoring()
    values: dict[str, Any] = {
        k: (
            as_number(sc.get(k, getattr(ds, k)), Msg(place_id, key=k))
            if k in ("win", "draw", "loss", "absent")
            else opt_number(sc.get(k), Msg(place_id, key=k))
        )
        for k in keys
    }
    return Scoring(**values)


def options_from_dict(v: Any, keys: tuple, system: str, colour_tie: str) -> tuple[dict, dict]:
    """``event.options`` (only ``keys`` allowed) → the keyword arguments of
    ``PairingOptions`` (with ``colour_tie``) and of ``StandingsOptions``."""
    # before issue 22 同单位回避 was a yes/no for round 1 only: still read
    legacy = ("avoid_same_unit_round1",) if "same_unit" in keys else ()
    opts = dict(as_obj(v, keys + legacy, Msg("json_parts.event-options")))
    pairing: dict[str, Any] = {"colour_tie": colour_tie}
    standings: dict[str, Any] = {}
    for old in legacy:
        if old in opts:
            yes = as_bool(opts.pop(old), f"event.options.{old}")
            opts.setdefault("same_unit", "round1" if yes else "none")
    for key, value in opts.items():
        target, kind, allowed = OPTIONS[key]
        where = f"event.options.{key}"
        if kind == "choice":
            value = choice(value, allowed, where)
        elif kind == "bool":
            value = as_bool(value, where)
        elif kind == "posint":
            value = as_int(value, where, minimum=1)
        elif kind == "posint_or_null":
            value = opt_int(value, where, minimum=1)
        elif kind == "elimination":
            value = elimination(value, system)
        elif kind == "pairs":
            value = number_pairs(value, where)
        (pairing if target == "pairing" else standings)[key] = value
    return pairing, standings


def number_pairs(v: Any, key: str) -> tuple[tuple[int, int], ...]:
    """``[[a, b], …]`` at ``key`` → ``((small, large), …)``, sorted, each pair once (亲属回避)."""
    out = set()
    for i, item in enumerate(as_list(v, Msg("json_parts.key-forbidden-pairs", key=key))):
        pair = as_list(item, f"{key}[{i}]")
        if len(pair) != 2:
            raise fail(f"{key}[{i}]", Msg("json_parts.expected-two-numbers-a-b"))
        a, b = (as_int(x, f"{key}[{i}]", minimum=1) for x in pair)
        out.add((min(a, b), max(a, b)))
    return tuple(sorted(out))


def elimination(v: Any, system: str) -> tuple:
    """``[[X, Y], …]`` → ``((X, Y), …)`` in the order given (积分末位淘汰)."""
    where = Msg("json_parts.event-options-elimination")
    items = as_list(v, where)
    if items and not get_system(system).pairs_by_score:
        raise fail(where, place("json_parts.only-for-a-swiss-this-event-is", system=system))
    out = []
    for i, item in enumerate(items):
        vx, vy = two_items(
            item,
            place("json_parts.place-item", where=where, n=i + 1, k=i),
            place("json_parts.shape-elimination"),
        )
        x = as_int(vx, place("json_parts.place-item-x", where=where, n=i + 1, k=i), minimum=1)
        y = as_number(vy, place("json_parts.place-item-y", where=where, n=i + 1, k=i))
        out.append((x, y))
    return tuple(out)


def player_from_dict(p: Any, i: int) -> Player:
    fast = _player_fast(p)
    if fast is not None:
        return fast
    where = Msg("json_parts.players", n=i + 1, i=i)
    p = as_obj(p, PLAYER_KEYS, where)
    if "no" not in p:
        raise fail(where, Msg("json_parts.missing-key-no"))
    no = as_int(p["no"], place("json_parts.place-no", where=where), minimum=1)
    where = Msg("json_parts.player", no=no)
    if "name" not in p:
        raise fail(where, Msg("json_parts.missing-key-name"))
    name = as_str(p["name"], place("json_parts.place-name", where=where))
    if not name.strip():
        raise fail(where, Msg("json_parts.empty-name"))
    where = Msg("json_parts.player-named-place", no=no, name=name)
    return Player(
        no=no,
        name=name,
        unit=as_str(p.get("unit", ""), place("json_parts.place-unit", where=where)),
        rating=opt_number(p.get("rating"), place("json_parts.place-rating", where=where)),
        seed=opt_int(p.get("seed"), place("json_parts.place-seed", where=where), minimum=1),
        withdrawn_from_round=opt_int(
            p.get("withdrawn_from_round"), place("json_parts.place-withdrawn-from-round", where=where), minimum=1
        ),
        absent_rounds=absent_rounds(p.get("absent_rounds"), where),
        sex=_extra("sex", p.get("sex"), place("json_parts.place-sex", where=where)),
        birth_year=_extra("birth_year", p.get("birth_year"), place("json_parts.place-birth-year", where=where)),
        category=_extra("category", p.get("category"), place("json_parts.place-category", where=where)),
    )


def _year(v: Any) -> Optional[int]:
    """``birth_year``: a whole number (a JSON file writes no date)."""
    if v is not None and not is_int(v):
        raise InputError(Msg("json_parts.expected-a-year-a-whole-number-got", v=v))
    from xlxq.core.prizes import parse_birth_year

    return parse_birth_year(v)


def _extra(key: str, v: Any, where: Where) -> Any:
    """A registration extra (``sex``, ``birth_year``, ``category``: a
    string) read by its parser of :mod:`xlxq.core.prizes`, its error
    naming the key."""
    if v is None:
        return None
    if not isinstance(v, (str, int, float)) or isinstance(v, bool) or (key == "category" and not isinstance(v, str)):
        raise fail(where, place("json_parts.invalid-value", v=repr(v)))
    from xlxq.core.prizes import parse_category, parse_sex

    parse = {"sex": parse_sex, "category": parse_category}.get(key, _year)
    try:
        return parse(v)
    except InputError as exc:
        raise fail(where, exc) from None


def absent_rounds(v: Any, who: Msg) -> tuple[int, ...]:
    """``absent_rounds`` (请假轮次) of a player or team: a list of round
    numbers ≥ 1, kept sorted and without repeats; missing = none."""
    if v is None:
        return ()
    where = Msg("json_parts.absent-rounds", where=who)
    return tuple(sorted({as_int(k, where, minimum=1) for k in as_list(v, where)}))


def _player_fast(p: Any) -> Optional[Player]:
    if type(p) is not dict or not _PLAYER_KEYSET.issuperset(p):
        return None
    no, name, unit = p.get("no"), p.get("name"), p.get("unit", "")
    if type(no) is not int or no < 1 or type(name) is not str or not name.strip() or type(unit) is not str:
        return None
    rating, seed, wd = p.get("rating"), p.get("seed"), p.get("withdrawn_from_round")
    if rating is not None and (type(rating) not in (int, float) or rating != rating or abs(rating) == float("inf")):
        return None
    for v in (seed, wd):
        if v is not None and (type(v) is not int or v < 1):
            return None
    return Player(no=no, name=name, unit=unit, rating=rating, seed=seed, withdrawn_from_round=wd)


def with_set(out: dict, obj: Any, keys: tuple) -> dict:
    """``out`` plus those of the attributes ``keys`` of ``obj`` that are not
    None, in that order."""
    for k in keys:
        v = getattr(obj, k)
        if v is not None:
            out[k] = v
    return out


def player_to_dict(p: Player) -> dict:
    out = with_set({"no": p.no, "name": p.name, "unit": p.unit}, p, ("rating", "seed", "withdrawn_from_round"))
    if p.absent_rounds:
        out["absent_rounds"] = list(p.absent_rounds)
    return with_set(out, p, ("sex", "birth_year", "category"))


def board_to_dict(b: Board) -> dict:
    out: dict[str, Any] = {"board": b.board, "red": b.red, "black": b.black, "result": b.result}
    if b.fouls_red or b.fouls_black:
        out["fouls"] = {"red": b.fouls_red, "black": b.fouls_black}
    return out


# --------------------------------------------------------------------------
# event.rating: the unofficial 等级分 report (both kinds of file)
# --------------------------------------------------------------------------

RATING_KEYS = ("report", "k", "cap")


def rating_from_dict(v: Any) -> RatingOptions:
    """``event.rating``: ``{"report": true, "k": "0:20,2400:10", "cap": 400}``
    (each key optional: 否, 0:20,2400:10, 400), checked with the messages of
    the 设置 rows 等级分报告, K值表, 等级分差上限."""
    v = as_obj(v, RATING_KEYS, Msg("json_parts.event-rating"))
    d = RatingOptions()
    report = as_bool(v.get("report", d.report), Msg("json_parts.event-rating-report"))
    table = d.k_table
    if v.get("k") is not None:
        where = Msg("json_parts.event-rating-k")
        spec = as_str(v["k"], where)
        try:
            table = parse_k_table(spec)
        except InputError as exc:
            raise fail(where, exc) from None
    cap = d.cap
    if v.get("cap") is not None:
        try:
            cap = check_cap(v["cap"])
        except InputError as exc:
            raise fail(Msg("json_parts.event-rating-cap"), exc) from None
    return RatingOptions(table, cap, report)


def rating_to_dict(r: RatingOptions) -> dict:
    cap = int(r.cap) if float(r.cap).is_integer() else r.cap
    return {"report": r.report, "k": k_table_spec(r.k_table), "cap": cap}


# --------------------------------------------------------------------------
# event.prizes: the prize table (奖项, both kinds of file)
# --------------------------------------------------------------------------

PRIZES_KEYS = ("double", "categories")
PRIZE_KEYS = ("name", "places", "condition")


def prizes_from_dict(v: Any) -> PrizeTable:
    """``event.prizes``: ``{"double": false, "categories": [{"name":
    "最佳女棋手", "places": 1, "condition": "性别=女"}, …]}`` (``double``:
    兼得, default false; ``condition`` optional: every player), each
    condition read as 设置's 条件 cell (:mod:`xlxq.core.prizes`)."""
    from xlxq.core.prizes import PrizeTable, check_names, make_prize

    table = Msg("json_parts.event-prizes")
    v = as_obj(v, PRIZES_KEYS, table)
    double = as_bool(v.get("double", False), Msg("json_parts.event-prizes-double"))
    cats = as_list(v.get("categories", []), Msg("json_parts.event-prizes-categories"))
    prizes = []
    for i, c in enumerate(cats):
        where = Msg("json_parts.event-prizes-categories-2", n=i + 1, i=i)
        c = as_obj(c, PRIZE_KEYS, where)
        if "name" not in c or "places" not in c:
            raise fail(where, Msg("json_parts.needs-name-and-places"))
        name = as_str(c["name"], where)
        cond = c.get("condition")
        if cond is not None:
            cond = as_str(cond, where)
        try:
            prizes.append(make_prize(name, c["places"] if is_int(c["places"]) else repr(c["places"]), cond))
        except InputError as exc:
            raise fail(where, exc) from None
    try:
        check_names(prizes)
    except InputError as exc:
        raise fail(table, exc) from None
    return PrizeTable(tuple(prizes), double)


def prizes_to_dict(t: PrizeTable) -> dict:
    cats = []
    for p in t.prizes:
        c: dict[str, Any] = {"name": p.name, "places": p.places}
        if p.condition_text:
            c["condition"] = p.condition_text
        cats.append(c)
    return {"double": t.double, "categories": cats}
