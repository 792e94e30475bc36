"""等级分 (rating) report: an optional, UNOFFICIAL Elo estimate.

No CXA rating formula is public (rules-research.md §5), so this is not the
association's 等级分: it is the plain Elo update an arbiter may show as a
guide, labelled as unofficial wherever it appears.  For each rated player:

    D  = Ro − Ropp, capped to ±cap          (the rating difference of a game)
    We = 1 / (1 + 10^(−D/400))              (the expected score of that game)
    W  = 1 win, ½ draw, 0 loss              (the score of that game)
    Rn = Ro + K·(ΣW − ΣWe)                  (K from the K table by Ro)

Only games played over the board between two rated players count: a bye,
a forfeit (弃权) and an unfinished game do not; an unrated player (no
等级分) is left out, and so are his games for his opponents.

Pure: no I/O; the games come in as (round, red, black, result) whatever the
event's kind (an individual event's boards, a team event's).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Mapping, Optional, Union

from xlxq.core.model import DEFAULT_CAP, DEFAULT_K_TABLE, FORFEITS, Event, RatingOptions, iter_games, outcome
from xlxq.errors import InputError
from xlxq.i18n import Msg

if TYPE_CHECKING:  # teams.py imports the model: types only here
    from xlxq.core.teams import TeamEvent

__all__ = [
    "RatingOptions",
    "RatingGame",
    "RatingRow",
    "expected_score",
    "k_factor",
    "parse_k_table",
    "k_table_spec",
    "check_cap",
    "report_options",
    "rating_rows",
    "event_rating_rows",
    "DEFAULT_K_TABLE",
    "DEFAULT_CAP",
]

_SCORE = {"W": 1.0, "D": 0.5, "L": 0.0}
_DEFAULTS = RatingOptions()


@dataclass(frozen=True)
class RatingGame:
    """One counted game of a player: the opponent, his rating, D (capped),
    We, and W."""

    round: int
    opponent: int
    opp_rating: float
    diff: float
    expected: float
    score: float


@dataclass
class RatingRow:
    """A rated player's report: old rating Ro, K, ΣWe, ΣW, the change
    K·(ΣW − ΣWe) and Rn."""

    no: int
    old: float
    k: float
    games: list[RatingGame] = field(default_factory=list)

    @property
    def expected(self) -> float:
        return sum(g.expected for g in self.games)

    @property
    def score(self) -> float:
        return sum(g.score for g in self.games)

    @property
    def change(self) -> float:
        return self.k * (self.score - self.expected)

    @property
    def new(self) -> float:
        return self.old + self.change

    def to_dict(self) -> dict[str, object]:
        return {
            "no": self.no,
            "old": self.old,
            "k": self.k,
            "games": len(self.games),
            "score": self.score,
            "expected": round(self.expected, 3),
            "change": round(self.change, 1),
            "new": round(self.new, 1),
        }


def expected_score(diff: float) -> float:
    """We = 1/(1+10^(−D/400))."""
    return 1.0 / (1.0 + math.pow(10.0, -diff / 400.0))


def k_factor(rating: float, table: tuple[tuple[float, float], ...]) -> float:
    """The K of the last row of ``table`` whose threshold ``rating`` reaches
    (the first row's below it)."""
    k = table[0][1]
    for at, value in table:
        if rating >= at:
            k = value
    return k


def parse_k_table(spec: str) -> tuple[tuple[float, float], ...]:
    """``"0:20,2400:10"`` (or ``20`` alone) → ((0, 20), (2400, 10)):
    thresholds rising, K positive."""
    rows: list[tuple[float, float]] = []
    for part in (x.strip() for x in spec.replace("，", ",").replace("：", ":").split(",")):
        if not part:
            continue
        at, _, k = part.rpartition(":")
        try:
            row = (float(at) if at else 0.0, float(k))
        except ValueError:
            row = (-1.0, -1.0)
        if row[1] <= 0 or (rows and row[0] <= rows[-1][0]):
            rows = []
            break
        rows.append(row)
    if not rows:
        raise InputError(
            Msg("rating.invalid-k-table-from-k-pairs-comma", spec=spec),
        )
    return tuple(rows)


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def k_table_spec(table: tuple[tuple[float, float], ...]) -> str:
    """The K table as :func:`parse_k_table` reads it: ``0:20,2400:10``."""
    return ",".join(f"{_number(at)}:{_number(k)}" for at, k in table)


def check_cap(cap: object) -> float:
    """The cap on D (等级分差上限): a positive number; the message of the
    workbook's cell and of the JSON key alike."""
    if isinstance(cap, bool) or not isinstance(cap, (int, float)) or not (0 < cap < math.inf):
        shown = cap if not isinstance(cap, float) or not cap.is_integer() else int(cap)
        raise InputError(Msg("rating.the-rating-cap-must-be-positive-got", shown=shown))
    return float(cap)


def report_options(settings: object) -> Optional[RatingOptions]:
    """An event's 等级分 options when it asks for the report (JSON
    ``event.rating.report``, 设置 等级分报告 = 是); else None."""
    rating = getattr(settings, "rating", None)
    return rating if isinstance(rating, RatingOptions) and rating.report else None


def rating_rows(
    ratings: Mapping[int, Optional[float]],
    games: Iterable[tuple[int, int, int, Optional[str]]],
    options: RatingOptions = _DEFAULTS,
) -> list[RatingRow]:
    """The report of every rated player (by number): ``ratings`` no → Ro
    (None: unrated), ``games`` (round, red, black, result)."""
    if options.cap <= 0:
        raise InputError(
            Msg("rating.invalid-rating-difference-cap-must-be", cap=options.cap),
        )
    rows = {
        no: RatingRow(no, float(r), k_factor(float(r), options.k_table))
        for no, r in sorted(ratings.items())
        if r is not None
    }
    for rnd, red, black, result in games:
        if result is None or result in FORFEITS or red not in rows or black not in rows:
            continue
        for me, opp, colour in ((red, black, "R"), (black, red, "B")):
            ro, rp = rows[me].old, rows[opp].old
            d = max(-options.cap, min(options.cap, ro - rp))
            rows[me].games.append(RatingGame(rnd, opp, rp, d, expected_score(d), _SCORE[outcome(result, colour)]))
    return list(rows.values())


def event_rating_rows(event: Union[Event, "TeamEvent"], options: RatingOptions = _DEFAULTS) -> list[RatingRow]:
    """The report of every rated player of ``event``: an individual event's
    boards, or every board of a team event's matches."""
    games: list[tuple[int, int, int, Optional[str]]]
    if isinstance(event, Event):
        games = [(rnd, b.red, b.black, b.result) for rnd, b in iter_games(event.rounds)]
    else:
        games = [(r.round, b.red, b.black, b.result) for r in event.rounds for m in r.matches for b in m.boards]
    return rating_rows({p.no: p.rating for p in event.players}, games, options)
