"""One registry of tie-breaks (名次计算项目) per kind of table.

A tie-break is a key (the JSON name), its Chinese and English labels, a
direction, and one function computing it for one player (or team) from the
shared per-player record the table builds from the event
(:class:`~xlxq.core.standings.PlayerRecord`, the round robin's and the
teams' records).  Each table kind keeps one :class:`TieBreakRegistry`:
``standings.SWISS`` (individual Swiss), ``rr_standings.RR`` (round robin),
``team_standings.TEAM`` (teams).  A new tie-break is one function and its
decorator::

    @SWISS.register("wins", "胜局", "wins")
    def _wins(r: PlayerRecord) -> float:
        return float(r.wins)

Three kinds of tie-break:

- a **value** (the default): a number kept in every row's ``tiebreaks``
  (JSON) and compared higher first (``ascending=True``: fewer first, 犯规);
- a **vector** (``vector=True``): a tuple of per-round numbers compared
  higher first item by item (the fall-backs ``back_rounds``,
  ``drop_rounds``), not kept in the row;
- a **group** tie-break (``separate=``): splits a group still tied as a
  whole (the round robin's 直胜, whose value depends on who is tied); its
  function gives the value shown before it is reached (``None``).

A preset (``cxa2011-opp`` …) is an ordered list of keys: the order is the
rule's, so presets are lists held by the registry and a tie-break's presets
are derived (:meth:`TieBreakRegistry.presets_of`).  The labels dicts
(``LABELS_ZH``/``LABELS_EN`` of each standings module) are the registry's
own, kept up to date as tie-breaks are registered.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate
from typing import Any, Callable, Container, Generic, Iterable, Mapping, Optional, Protocol, Sequence, TypeVar, Union

from xlxq.errors import InputError
from xlxq.i18n import Msg
from xlxq.text import joined

Rec = TypeVar("Rec")
#: What a tie-break's function gives: a number (a value), a tuple (a vector)
#: or None (a group tie-break not applied).
TieValue = Union[float, tuple[float, ...], None]
#: One item of a row's sort key: a number or a tuple of numbers.
SortItem = Union[float, tuple[float, ...]]
Compute = Callable[[Rec], TieValue]
F = TypeVar("F", bound=Callable[..., TieValue])


@dataclass(frozen=True)
class TieBreak(Generic[Rec]):
    """One tie-break: ``key`` (JSON name), ``zh``/``en`` labels, its function
    of one record, the direction (``ascending``: fewer is better), and its
    kind (``vector``: a per-round fall-back; ``separate``: a group
    tie-break splitting a list of tied records into ranked sub-groups)."""

    key: str
    zh: str
    en: str
    compute: Callable[[Rec], TieValue]
    ascending: bool = False
    vector: bool = False
    separate: Optional[Callable[[list[Rec]], list[list[Rec]]]] = None


class TieBreakRegistry(Generic[Rec]):
    """The tie-breaks of one kind of table, in registration order, with its
    presets and the labels of its other columns (``extra_labels``: 积分 …,
    listed first in the labels dicts)."""

    def __init__(
        self,
        presets: dict[str, list[str]],
        extra_labels: Optional[Mapping[str, tuple[str, str]]] = None,
        extra_aliases: Optional[Mapping[str, str]] = None,
    ) -> None:
        self._items: dict[str, TieBreak[Rec]] = {}
        self.presets = presets
        self._extra = dict(extra_labels or {})
        self.extra_aliases: dict[str, str] = dict(extra_aliases or {})
        self.labels_zh: dict[str, str] = {k: zh for k, (zh, _) in self._extra.items()}
        self.labels_en: dict[str, str] = {k: en for k, (_, en) in self._extra.items()}

    def register(
        self,
        key: str,
        zh: str,
        en: str,
        *,
        ascending: bool = False,
        vector: bool = False,
        separate: Optional[Callable[[list[Rec]], list[list[Rec]]]] = None,
    ) -> Callable[[F], F]:
        """Decorator: register the function as tie-break ``key``."""

        def deco(fn: F) -> F:
            self.add(TieBreak(key, zh, en, fn, ascending, vector, separate))
            return fn

        return deco

    def add(self, tb: TieBreak[Rec]) -> None:
        if tb.key in self._items or tb.key in self._extra:
            raise ValueError(f"tie-break {tb.key!r} is already registered")
        self._items[tb.key] = tb
        self.labels_zh[tb.key] = tb.zh
        self.labels_en[tb.key] = tb.en

    def add_preset(self, name: str, keys: Iterable[str]) -> None:
        """Register a preset: ``name`` for ``keys`` (each one of this
        registry's tie-breaks), then accepted wherever a preset is."""
        keys = list(keys)
        unknown = [k for k in keys if k not in self._items]
        if name in self.presets or name in self._items or unknown:
            raise ValueError(f"preset {name!r} already registered or unknown keys {unknown}")
        self.presets[name] = keys

    def remove_preset(self, name: str) -> None:
        """Unregister preset ``name`` (a test's preset)."""
        del self.presets[name]

    def remove(self, key: str) -> None:
        """Unregister ``key`` (tests registering a tie-break of their own)."""
        del self._items[key]
        del self.labels_zh[key]
        del self.labels_en[key]

    def __getitem__(self, key: str) -> TieBreak[Rec]:
        return self._items[key]

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def keys(self) -> tuple[str, ...]:
        return tuple(self._items)

    def value_keys(self) -> tuple[str, ...]:
        """The keys whose values every row carries (not the vectors)."""
        return tuple(k for k, tb in self._items.items() if not tb.vector)

    def vector_keys(self) -> tuple[str, ...]:
        return tuple(k for k, tb in self._items.items() if tb.vector)

    def presets_of(self, key: str) -> tuple[str, ...]:
        """The presets that list ``key``."""
        return tuple(name for name, keys in self.presets.items() if key in keys)

    def aliases(self) -> dict[str, str]:
        """Names accepted for the keys: the Chinese labels, then the extra aliases."""
        out = {tb.zh: k for k, tb in self._items.items()}
        out.update(self.extra_aliases)
        return out

    def resolve(self, spec: Union[Iterable[str], str], what: Any = "") -> list[str]:
        """:func:`expand_tiebreaks` over this registry's presets, keys and aliases."""
        return expand_tiebreaks(spec, self.presets, self.keys(), self.aliases(), what)

    def values(self, rec: Rec, only: Optional[Container[str]] = None) -> dict[str, Optional[float]]:
        """Every value tie-break of ``rec`` (or those in ``only``: a table
        computes what it shows or ranks by, no more), in registration order."""
        out: dict[str, Optional[float]] = {}
        for k, tb in self._items.items():
            if not tb.vector and (only is None or k in only):
                v = tb.compute(rec)
                assert not isinstance(v, tuple), k
                out[k] = v
        return out

    def numbers(self, rec: Rec) -> dict[str, float]:
        """:meth:`values` of a table whose every value is a number (no group
        tie-break: the Swiss, the teams)."""
        out: dict[str, float] = {}
        for k, v in self.values(rec).items():
            assert v is not None, k
            out[k] = v
        return out

    def sort_key(self, keys: Iterable[str], values: Mapping[str, Optional[float]], rec: Rec) -> list[SortItem]:
        """Ascending sort key of one row for ``keys``: a vector compares its
        tuple (higher first), an ``ascending`` value as is, any other value
        higher first (``values``: :meth:`values` of ``rec``)."""
        out: list[SortItem] = []
        for k in keys:
            tb = self._items[k]
            if tb.vector:
                vec = tb.compute(rec)
                assert isinstance(vec, tuple), k
                out.append(tuple(-x for x in vec))
            else:
                v = values[k]
                assert v is not None, k
                out.append(v if tb.ascending else -v)
        return out


def expand_tiebreaks(
    spec: Union[Iterable[str], str],
    presets: Mapping[str, list[str]],
    keys: Sequence[str],
    aliases: Mapping[str, str],
    what: Any = "",
) -> list[str]:
    """``spec`` (a name or a list of names) as a list of ``keys``: each name,
    after ``aliases`` (Chinese labels …), is a preset (expanded in place) or
    a key; repeats are dropped.  An unknown name raises :class:`InputError`
    (``what`` says whose list it is, a message: "循环赛" / "round-robin ")."""
    if isinstance(spec, str):
        spec = [spec]
    out: list[str] = []
    for item in spec:
        name = str(item).strip()
        name = aliases.get(name, name)
        if name in presets:
            found = presets[name]
        elif name in keys:
            found = [name]
        else:
            choices = [*presets, *keys]
            raise InputError(
                Msg(
                    "tiebreaks.unknown-tie-break-choose-from",
                    zh_what=what,
                    item=item,
                    join_choices=joined(choices),
                ),
            )
        for k in found:
            if k not in out:
                out.append(k)
    return out


# What a table's tie-breaks read, for individual and team tables alike (here,
# under both: core/teams.py and core/team_tiebreaks.py use them, and
# core/standings.py names the team event)

BYE_OPP_SCORE_MODES = ("lowest_scoring", "lowest", "zero")
FALLBACK_READINGS = ("running_total", "round_score")


@dataclass(frozen=True)
class TableFacts:
    """What every player's (or team's) record of one table shares: N (the
    rounds counted), every player's final score (a team's 场分), what a bye
    adds to 对手分, and the fall-back's reading
    (``StandingsOptions.fallback_reading``)."""

    n: int
    totals: Mapping[int, float]
    bye_value: float
    fallback_reading: str

    @cached_property
    def places(self) -> dict[float, int]:
        """The place of each final score in a ranking by score alone (equal
        scores share it: 1, 2, 2, 4)."""
        out: dict[float, int] = {}
        for i, v in enumerate(sorted(self.totals.values(), reverse=True)):
            out.setdefault(v, i + 1)
        return out


def running_and_back(
    round_scores: Sequence[Optional[float]], n: int, reading: str
) -> tuple[list[float], tuple[float, ...]]:
    """(the running total after each round, a round without points adding 0;
    the ``back_rounds`` vector: rounds N−1 down to 1, by running total or by
    the round's own points as ``fallback_reading`` says)."""
    per_round = [x if x is not None else 0.0 for x in round_scores]
    running = list(accumulate(per_round, initial=0.0))
    del running[0]
    src = per_round if reading == "round_score" else running
    return running, tuple(src[n - 2 :: -1]) if n >= 2 else ()


_X = TypeVar("_X")


def runs(ordered: list[_X], value: Callable[[_X], object]) -> list[list[_X]]:
    """``ordered`` cut into runs of equal ``value``."""
    out: list[list[_X]] = []
    for x in ordered:
        if out and value(out[-1][-1]) == value(x):
            out[-1].append(x)
        else:
            out.append([x])
    return out


_N = TypeVar("_N", bound="_Numbered")


class _Numbered(Protocol):
    no: int


def split_direct(
    group: list[_N],
    mutual: Callable[[list[_N]], Optional[Mapping[int, float]]],
    keep: Callable[[_N, float], None],
    top: bool = True,
) -> list[list[_N]]:
    """直胜 (direct encounter), for every system that has it: ``group``
    (players still tied) split by the points its members scored against
    each other (``mutual``: None when it does not apply, e.g. uneven
    encounters: one group); ``keep`` stores a member's points (the first
    split only); sub-groups it separates only in part are compared again
    among themselves."""
    pts = mutual(group)
    if pts is None:
        return [group]
    if top:
        for r in group:
            keep(r, pts[r.no])
    ordered = sorted(group, key=lambda r: (-pts[r.no], r.no))
    out: list[list[_N]] = []
    for run in runs(ordered, lambda r: pts[r.no]):
        if 1 < len(run) < len(group):
            out.extend(split_direct(run, mutual, keep, top=False))
        else:
            out.append(run)
    return out


__all__ = [
    "runs",
    "split_direct",
    "TieBreak",
    "TieBreakRegistry",
    "TieValue",
    "SortItem",
    "expand_tiebreaks",
    "BYE_OPP_SCORE_MODES",
    "FALLBACK_READINGS",
    "TableFacts",
    "running_and_back",
]
