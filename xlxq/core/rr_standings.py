"""Round-robin standings (循环赛名次计算): 2011 第14.1条 and 第14.2条.

- 14.1 一局制个人循环赛: 积分; if equal 小分, 胜局, 直胜, 犯规, 后走局数
  → preset ``cxa2011-rr`` (the default when ``games_per_match`` is 1).
- 14.2 两局制或多局制循环赛: 场分; if equal 局分总和, 胜局, 直胜, 犯规,
  后走胜局 → preset ``cxa2011-rr-match`` (default when ``games_per_match`` ≥ 2).

The list is ``event.settings.tiebreaks`` like the Swiss, with its own keys
(:data:`RR_KEYS`, Chinese labels accepted).  The Swiss default
``["cxa2011-opp"]`` is read as "the round-robin default": 对手分 in a complete
round robin is everyone's total minus one's own and cannot be meant.  Any
other Swiss key is an error.  docs/roundrobin.md gives every definition.

Byes (odd N, the phantom) score nothing and count nowhere — every player
has the same number of them (seed 000: 循环赛逢单，计算名次时不应该计轮空时
的先后走次数).  Withdrawals follow 裁判细则 第20.3条
(:func:`xlxq.core.roundrobin.withdrawal_ruling`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Iterable, Optional, Union

from xlxq.core.model import (
    BLACK_WIN_FORFEIT,
    DOUBLE_FORFEIT,
    FORFEITS,
    RED_WIN_FORFEIT,
    Board,
    Event,
    EventSettings,
    Scoring,
    outcome,
    validate_event,
)
from xlxq.core.roundrobin import ANNULLED, withdrawal_ruling
from xlxq.core.standings import last_round
from xlxq.core.tiebreaks import TieBreakRegistry, runs, split_direct
from xlxq.errors import InputError
from xlxq.i18n import Msg

RR_PRESETS: dict[str, list[str]] = {
    "cxa2011-rr": ["sb", "wins", "direct", "fouls", "black_games"],  # 2011 14.1
    "cxa2011-rr-match": ["game_points", "wins", "direct", "fouls", "black_wins"],  # 2011 14.2
}
_SWISS_DEFAULT = EventSettings().tiebreaks


def default_preset(games_per_match: int) -> str:
    return "cxa2011-rr" if games_per_match == 1 else "cxa2011-rr-match"


def resolve_rr_tiebreaks(spec: Union[Iterable[str], str, None], games_per_match: int = 1) -> list[str]:
    """Expand ``spec`` into :data:`RR_KEYS` (presets and Chinese labels
    accepted; repeats dropped).  ``None`` or the Swiss default gives the
    14.1/14.2 preset for ``games_per_match``; ``[]`` ranks by score only."""
    if spec is None or (not isinstance(spec, str) and list(spec) == list(_SWISS_DEFAULT)):
        return list(RR_PRESETS[default_preset(games_per_match)])
    return RR.resolve(spec, Msg("rr_standings.round-robin"))


@dataclass
class RRStandingRow:
    rank: Optional[int]  # None: results annulled (第20.3条), listed last
    no: int
    name: str
    unit: str
    score: float  # 积分 (one game a match) or 场分 (two or more)
    tiebreaks: dict[str, Optional[float]]  # every RR key; "direct" None when not applied
    withdrawn: bool
    annulled: bool = False
    games: int = 0  # finished games counted
    round_points: list[Optional[float]] = field(default_factory=list)  # per model round; None: no game / unfinished

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "no": self.no,
            "name": self.name,
            "unit": self.unit,
            "score": self.score,
            "tiebreaks": dict(self.tiebreaks),
            "withdrawn": self.withdrawn,
            "annulled": self.annulled,
            "games": self.games,
            "round_points": list(self.round_points),
        }


@dataclass
class _Game:
    round: int
    red: int
    black: int
    result: Optional[str]
    fouls_red: int = 0
    fouls_black: int = 0


MatchKey = tuple[int, frozenset[int]]


@dataclass
class RRTable:
    """What every player's record of one round-robin table shares: games
    per match ``g``, the scoring, the games counted (annulled players' left
    out) and those games grouped into matches."""

    g: int
    scoring: Scoring
    games: list[_Game]
    matches: dict[MatchKey, list[_Game]]

    def match_points(self, ms: list[_Game], no: int) -> Optional[float]:
        """``no``'s 场分 of the match ``ms`` (None until all its games are finished)."""
        sc = self.scoring
        if len(ms) < self.g:
            return None
        results = [x.result for x in ms]
        if any(r is None for r in results):
            return None
        mine = sum(sc.points(r, "R" if x.red == no else "B") for x, r in zip(ms, results) if r is not None)
        theirs = sum(sc.points(r, "B" if x.red == no else "R") for x, r in zip(ms, results) if r is not None)
        return float(sc.win if mine > theirs else sc.draw if mine == theirs else sc.loss)

    def mutual(self, group: list[int]) -> Optional[dict[int, float]]:
        """Points each member scored against the rest, or None if the
        group's encounters are not complete and even."""
        sc = self.scoring
        members = set(group)
        pts = {no: 0.0 for no in group}
        meetings: dict[frozenset[int], int] = {frozenset(p): 0 for p in combinations(group, 2)}
        if self.g == 1:
            for x in self.games:
                if x.result is None or x.red not in members or x.black not in members:
                    continue
                meetings[frozenset((x.red, x.black))] += 1
                pts[x.red] += sc.points(x.result, "R")
                pts[x.black] += sc.points(x.result, "B")
        else:
            for (_, pair), ms in self.matches.items():
                if not pair <= members:
                    continue
                a, b = tuple(pair)
                ma, mb = self.match_points(ms, a), self.match_points(ms, b)
                if ma is None or mb is None:
                    continue
                meetings[pair] += 1
                pts[a] += ma
                pts[b] += mb
        counts = set(meetings.values())
        if len(counts) != 1 or 0 in counts:
            return None
        return pts


@dataclass
class RRRecord:
    """One player's round-robin games, the record every round-robin
    tie-break is computed from: 积分/场分 (``score``), 局分 (game points),
    小分, wins, fouls, games and wins with black actually played, finished
    games, points per model round; ``values`` is the row's ``tiebreaks``
    (直胜 set when it is applied)."""

    no: int
    table: RRTable
    round_points: list[Optional[float]]
    score: float = 0.0
    game_points: float = 0.0
    sb: float = 0.0
    wins: int = 0
    fouls: int = 0
    black_games: int = 0
    black_wins: int = 0
    played: int = 0
    values: dict[str, Optional[float]] = field(default_factory=dict)


def _split_direct(group: list[RRRecord], top: bool = True) -> list[list[RRRecord]]:
    """直胜: split ``group`` by the points its members scored against each
    other; sub-groups it separates only in part are compared again among
    themselves.  Not applied (one group) when the encounters are uneven."""
    return split_direct(group, lambda g: g[0].table.mutual([r.no for r in g]), _keep_direct, top)


def _keep_direct(r: RRRecord, v: float) -> None:
    r.values["direct"] = v


RR: TieBreakRegistry[RRRecord] = TieBreakRegistry(
    RR_PRESETS,
    extra_labels={"score": ("积分", "score"), "match_points": ("场分", "match points")},
    extra_aliases={
        "局分": "game_points",
        "后胜局": "black_wins",
        "后手局": "black_games",
        "后走局": "black_games",
        "Sonneborn-Berger": "sb",
        "SB": "sb",
    },
)


@RR.register("sb", "小分", "Sonneborn-Berger")
def _sb(r: RRRecord) -> float:
    return r.sb


@RR.register("game_points", "局分总和", "game points")
def _game_points(r: RRRecord) -> float:
    return r.game_points


@RR.register("wins", "胜局", "wins")
def _wins(r: RRRecord) -> float:
    return float(r.wins)


@RR.register("direct", "直胜", "direct encounter", separate=_split_direct)
def _direct(r: RRRecord) -> Optional[float]:
    return None  # set by _split_direct for the group it separates


@RR.register("fouls", "犯规", "fouls", ascending=True)
def _fouls(r: RRRecord) -> float:
    return float(r.fouls)


@RR.register("black_games", "后走局数", "games with black")
def _black_games(r: RRRecord) -> float:
    return float(r.black_games)


@RR.register("black_wins", "后走胜局", "wins with black")
def _black_wins(r: RRRecord) -> float:
    return float(r.black_wins)


RR_KEYS = RR.keys()
ASCENDING_KEYS = frozenset(k for k in RR_KEYS if RR[k].ascending)
LABELS_ZH: dict[str, str] = RR.labels_zh
LABELS_EN: dict[str, str] = RR.labels_en


def effective_result(event: Event, round_no: int, b: Board) -> Optional[str]:
    """The result counted: the recorded one, or — for an unfinished game of a
    player withdrawn by then, or absent (请假) that round — a forfeit
    (第20.3条 其余未赛对局均作弃权; docs/pairing.md "Absence")."""
    if b.result is not None:
        return b.result
    wr = not event.player(b.red).plays_in(round_no)
    wb = not event.player(b.black).plays_in(round_no)
    if wr and wb:
        return DOUBLE_FORFEIT
    if wr:
        return BLACK_WIN_FORFEIT
    if wb:
        return RED_WIN_FORFEIT
    return None


def _games(event: Event, n: int, annulled: set[int]) -> list[_Game]:
    out = []
    for r in event.rounds:
        if r.round > n:
            continue
        for b in r.boards:
            if b.red in annulled or b.black in annulled:
                continue
            out.append(_Game(r.round, b.red, b.black, effective_result(event, r.round, b), b.fouls_red, b.fouls_black))
    return out


def _matches(games: list[_Game], g: int) -> dict[MatchKey, list[_Game]]:
    """Games grouped into matches: model rounds (m−1)·g+1 … m·g are match
    round m; within it the games between one pair form their match."""
    out: dict[MatchKey, list[_Game]] = {}
    for x in games:
        out.setdefault(((x.round - 1) // g, frozenset((x.red, x.black))), []).append(x)
    return out


def compute_rr_standings(event: Event, after_round: Optional[int] = None) -> list[RRStandingRow]:
    """The round-robin table after ``after_round`` (default: every round).

    - 积分 (games_per_match = 1): ``Scoring.points`` summed; unfinished games
      score nothing; byes nothing.
    - 场分 (games_per_match ≥ 2): per match, more game points = ``scoring.win``,
      equal = ``scoring.draw``, fewer = ``scoring.loss``; a match counts only
      once all its games are finished.
    - 小分 sb: Σ over games won of the opponent's 积分 (game points) + half of
      it over games drawn (14.1 所胜对手的全部积分与所和对手积分的一半之和);
      forfeits count as recorded.
    - 局分总和 game_points, 胜局 wins (forfeit wins included), 犯规 fouls
      (fewer better), 后走局数 black_games and 后走胜局 black_wins (games
      actually played with black: forfeits and byes excluded).
    - 直胜 direct: among the players still tied when it is reached, the
      points (积分, or 场分 in matches) each scored against the others;
      players it separates only in part are compared again among themselves
      (so a two-way tie is their mutual result).  It applies only when every
      pair of the tied group has met equally often (≥ 1 finished game, or
      complete match); otherwise it separates nobody (value None).
    - A withdrawn player whose results are annulled is left out of everyone's
      results and listed last with rank None.
    """
    validate_event(event)
    s = event.settings
    g = s.games_per_match
    if not isinstance(g, int) or isinstance(g, bool) or g < 1:
        raise InputError(Msg("knockout.invalid-games-per-match", g=g))
    keys = resolve_rr_tiebreaks(s.tiebreaks, g)
    n = last_round(event, after_round)
    sc = s.scoring
    annulled = {p.no for p in event.players if withdrawal_ruling(event, p.no) == ANNULLED}
    games = _games(event, n, annulled)
    table = RRTable(g, sc, games, _matches(games, g))
    recs = {p.no: RRRecord(p.no, table, round_points=[None] * n) for p in event.players}
    for x in games:
        recs[x.red].fouls += x.fouls_red
        recs[x.black].fouls += x.fouls_black
        if x.result is None:
            continue
        for no, col in ((x.red, "R"), (x.black, "B")):
            r = recs[no]
            pts = float(sc.points(x.result, col))
            r.game_points += pts
            r.round_points[x.round - 1] = pts
            r.played += 1
            won = outcome(x.result, col) == "W"
            r.wins += won
            if col == "B" and x.result not in FORFEITS:
                r.black_games += 1
                r.black_wins += won

    if g == 1:
        for r in recs.values():
            r.score = r.game_points
    else:
        for (_, pair), ms in table.matches.items():
            for no in pair:
                mp = table.match_points(ms, no)
                if mp is not None:
                    recs[no].score += mp

    for x in games:
        if x.result is None:
            continue
        for no, col, opp in ((x.red, "R", x.black), (x.black, "B", x.red)):
            o = outcome(x.result, col)
            if o == "W":
                recs[no].sb += recs[opp].game_points
            elif o == "D":
                recs[no].sb += recs[opp].game_points / 2

    for r in recs.values():
        r.values = RR.values(r)

    ranked = [r for r in recs.values() if r.no not in annulled]
    groups = runs(sorted(ranked, key=lambda r: (-r.score, r.no)), lambda r: r.score)
    for key in keys:
        groups = [sub for grp in groups for sub in _split(grp, key)]

    players = {p.no: p for p in event.players}

    def row(r: RRRecord, rank: Optional[int]) -> RRStandingRow:
        p = players[r.no]
        return RRStandingRow(
            rank=rank,
            no=r.no,
            name=p.name,
            unit=p.unit,
            score=r.score,
            tiebreaks=r.values,
            withdrawn=not p.active_in(n + 1),
            annulled=r.no in annulled,
            games=r.played,
            round_points=r.round_points,
        )

    out: list[RRStandingRow] = []
    for grp in groups:
        rank = len(out) + 1
        for r in sorted(grp, key=lambda r: r.no):
            out.append(row(r, rank))
    for no in sorted(annulled):
        out.append(row(recs[no], None))
    return out


def _split(group: list[RRRecord], key: str) -> list[list[RRRecord]]:
    """``group`` (players still tied) split by tie-break ``key`` into ranked sub-groups."""
    if len(group) == 1:
        return [group]
    tb = RR[key]
    if tb.separate is not None:
        return tb.separate(group)
    sign = 1 if tb.ascending else -1
    ordered = sorted(group, key=lambda r: (sign * _number(r, key), r.no))
    return runs(ordered, lambda r: r.values[key])


def _number(r: RRRecord, key: str) -> float:
    v = r.values[key]
    assert v is not None, key
    return v


def cross_table(event: Event, after_round: Optional[int] = None) -> dict[int, dict[int, list[Optional[float]]]]:
    """交叉表: for every player, for every opponent, his points in each game
    between them in round order (None = unfinished).  Annulled players'
    games are left out; unfinished games of withdrawn players count as the
    forfeits they become (第20.3条)."""
    validate_event(event)
    n = last_round(event, after_round)
    annulled = {p.no for p in event.players if withdrawal_ruling(event, p.no) == ANNULLED}
    sc = event.settings.scoring
    out: dict[int, dict[int, list[Optional[float]]]] = {p.no: {} for p in event.players}
    for x in _games(event, n, annulled):
        for no, col, opp in ((x.red, "R", x.black), (x.black, "B", x.red)):
            pts = None if x.result is None else float(sc.points(x.result, col))
            out[no].setdefault(opp, []).append(pts)
    return out


__all__ = [
    "compute_rr_standings",
    "resolve_rr_tiebreaks",
    "cross_table",
    "effective_result",
    "RRStandingRow",
    "RR_KEYS",
    "RR_PRESETS",
    "LABELS_ZH",
    "LABELS_EN",
    "default_preset",
]
