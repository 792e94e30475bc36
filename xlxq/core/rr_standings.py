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
from typing import Iterable, Optional, Union

from xlxq.core.model import (BLACK_WIN_FORFEIT, DOUBLE_FORFEIT, FORFEITS, RED_WIN_FORFEIT, Board,
                             Event, EventSettings, outcome, validate_event)
from xlxq.core.roundrobin import ANNULLED, withdrawal_ruling
from xlxq.core.standings import expand_tiebreaks, last_round
from xlxq.errors import InputError

RR_KEYS = ("sb", "game_points", "wins", "direct", "fouls", "black_games", "black_wins")
ASCENDING_KEYS = frozenset({"fouls"})
RR_PRESETS: dict[str, list[str]] = {
    "cxa2011-rr": ["sb", "wins", "direct", "fouls", "black_games"],                 # 2011 14.1
    "cxa2011-rr-match": ["game_points", "wins", "direct", "fouls", "black_wins"],   # 2011 14.2
}
LABELS_ZH = {"score": "积分", "match_points": "场分", "sb": "小分", "game_points": "局分总和",
             "wins": "胜局", "direct": "直胜", "fouls": "犯规", "black_games": "后走局数",
             "black_wins": "后走胜局"}
LABELS_EN = {"score": "score", "match_points": "match points", "sb": "Sonneborn-Berger",
             "game_points": "game points", "wins": "wins", "direct": "direct encounter",
             "fouls": "fouls", "black_games": "games with black", "black_wins": "wins with black"}
_ALIASES = {v: k for k, v in LABELS_ZH.items() if k in RR_KEYS}
_ALIASES.update({"局分": "game_points", "后胜局": "black_wins", "后手局": "black_games",
                 "后走局": "black_games", "Sonneborn-Berger": "sb", "SB": "sb"})
_SWISS_DEFAULT = EventSettings().tiebreaks


def default_preset(games_per_match: int) -> str:
    return "cxa2011-rr" if games_per_match == 1 else "cxa2011-rr-match"


def resolve_rr_tiebreaks(spec: Union[Iterable[str], str, None], games_per_match: int = 1) -> list[str]:
    """Expand ``spec`` into :data:`RR_KEYS` (presets and Chinese labels
    accepted; repeats dropped).  ``None`` or the Swiss default gives the
    14.1/14.2 preset for ``games_per_match``; ``[]`` ranks by score only."""
    if spec is None or (not isinstance(spec, str) and list(spec) == list(_SWISS_DEFAULT)):
        return list(RR_PRESETS[default_preset(games_per_match)])
    return expand_tiebreaks(spec, RR_PRESETS, RR_KEYS, _ALIASES, "循环赛", "round-robin ")


@dataclass
class RRStandingRow:
    rank: Optional[int]           # None: results annulled (第20.3条), listed last
    no: int
    name: str
    unit: str
    score: float                  # 积分 (one game a match) or 场分 (two or more)
    tiebreaks: dict[str, Optional[float]]   # every RR key; "direct" None when not applied
    withdrawn: bool
    annulled: bool = False
    games: int = 0                # finished games counted
    round_points: list[Optional[float]] = field(default_factory=list)  # per model round; None: no game / unfinished

    def to_dict(self) -> dict:
        return {"rank": self.rank, "no": self.no, "name": self.name, "unit": self.unit,
                "score": self.score, "tiebreaks": dict(self.tiebreaks), "withdrawn": self.withdrawn,
                "annulled": self.annulled, "games": self.games, "round_points": list(self.round_points)}


@dataclass
class _Game:
    round: int
    red: int
    black: int
    result: Optional[str]
    fouls_red: int = 0
    fouls_black: int = 0


def effective_result(event: Event, round_no: int, b: Board) -> Optional[str]:
    """The result counted: the recorded one, or — for an unfinished game of a
    player withdrawn by then — a forfeit (第20.3条 其余未赛对局均作弃权)."""
    if b.result is not None:
        return b.result
    wr = not event.player(b.red).active_in(round_no)
    wb = not event.player(b.black).active_in(round_no)
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


def _matches(games: list[_Game], g: int) -> dict[tuple[int, frozenset], list[_Game]]:
    """Games grouped into matches: model rounds (m−1)·g+1 … m·g are match
    round m; within it the games between one pair form their match."""
    out: dict[tuple[int, frozenset], list[_Game]] = {}
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
        raise InputError(f"每场局数 games_per_match 无效：{g!r}", f"invalid games_per_match {g!r}")
    keys = resolve_rr_tiebreaks(s.tiebreaks, g)
    n = last_round(event, after_round)
    sc = s.scoring
    annulled = {p.no for p in event.players if withdrawal_ruling(event, p.no) == ANNULLED}
    games = _games(event, n, annulled)
    nos = [p.no for p in event.players]

    gp = {no: 0.0 for no in nos}
    wins = dict.fromkeys(nos, 0)
    fouls = dict.fromkeys(nos, 0)
    bgames = dict.fromkeys(nos, 0)
    bwins = dict.fromkeys(nos, 0)
    played = dict.fromkeys(nos, 0)
    per_round: dict[int, list[Optional[float]]] = {no: [None] * n for no in nos}
    for x in games:
        fouls[x.red] += x.fouls_red
        fouls[x.black] += x.fouls_black
        if x.result is None:
            continue
        for no, col in ((x.red, "R"), (x.black, "B")):
            pts = float(sc.points(x.result, col))
            gp[no] += pts
            per_round[no][x.round - 1] = pts
            played[no] += 1
            won = outcome(x.result, col) == "W"
            wins[no] += won
            if col == "B" and x.result not in FORFEITS:
                bgames[no] += 1
                bwins[no] += won

    matches = _matches(games, g)

    def match_points(ms: list[_Game], no: int) -> Optional[float]:
        if len(ms) < g or any(x.result is None for x in ms):
            return None
        mine = sum(sc.points(x.result, "R" if x.red == no else "B") for x in ms)
        theirs = sum(sc.points(x.result, "B" if x.red == no else "R") for x in ms)
        return float(sc.win if mine > theirs else sc.draw if mine == theirs else sc.loss)

    if g == 1:
        score = dict(gp)
    else:
        score = {no: 0.0 for no in nos}
        for (_, pair), ms in matches.items():
            for no in pair:
                mp = match_points(ms, no)
                if mp is not None:
                    score[no] += mp

    sb = {no: 0.0 for no in nos}
    for x in games:
        if x.result is None:
            continue
        for no, col, opp in ((x.red, "R", x.black), (x.black, "B", x.red)):
            o = outcome(x.result, col)
            if o == "W":
                sb[no] += gp[opp]
            elif o == "D":
                sb[no] += gp[opp] / 2

    tb: dict[int, dict[str, Optional[float]]] = {
        no: {"sb": sb[no], "game_points": gp[no], "wins": float(wins[no]), "direct": None,
             "fouls": float(fouls[no]), "black_games": float(bgames[no]), "black_wins": float(bwins[no])}
        for no in nos}

    def mutual(group: list[int]) -> Optional[dict[int, float]]:
        """Points each member scored against the rest, or None if the
        group's encounters are not complete and even."""
        members = set(group)
        pts = {no: 0.0 for no in group}
        meetings: dict[frozenset, int] = {frozenset(p): 0 for p in combinations(group, 2)}
        if g == 1:
            for x in games:
                if x.result is None or x.red not in members or x.black not in members:
                    continue
                meetings[frozenset((x.red, x.black))] += 1
                pts[x.red] += sc.points(x.result, "R")
                pts[x.black] += sc.points(x.result, "B")
        else:
            for (_, pair), ms in matches.items():
                if not pair <= members:
                    continue
                a, b = tuple(pair)
                ma, mb = match_points(ms, a), match_points(ms, b)
                if ma is None:
                    continue
                meetings[pair] += 1
                pts[a] += ma
                pts[b] += mb
        counts = set(meetings.values())
        if len(counts) != 1 or 0 in counts:
            return None
        return pts

    def split(group: list[int], key: str) -> list[list[int]]:
        if len(group) == 1:
            return [group]
        if key == "direct":
            return split_direct(group, top=True)
        sign = 1 if key in ASCENDING_KEYS else -1
        ordered = sorted(group, key=lambda no: (sign * tb[no][key], no))
        return _runs(ordered, lambda no: tb[no][key])

    def split_direct(group: list[int], top: bool) -> list[list[int]]:
        pts = mutual(group)
        if pts is None:
            return [group]
        if top:
            for no in group:
                tb[no]["direct"] = pts[no]
        ordered = sorted(group, key=lambda no: (-pts[no], no))
        out = []
        for run in _runs(ordered, lambda no: pts[no]):
            if 1 < len(run) < len(group):
                out.extend(split_direct(run, top=False))
            else:
                out.append(run)
        return out

    ranked = [no for no in nos if no not in annulled]
    groups = _runs(sorted(ranked, key=lambda no: (-score[no], no)), lambda no: score[no])
    for key in keys:
        groups = [sub for grp in groups for sub in split(grp, key)]

    players = {p.no: p for p in event.players}

    def row(no: int, rank: Optional[int]) -> RRStandingRow:
        p = players[no]
        return RRStandingRow(rank=rank, no=no, name=p.name, unit=p.unit, score=score[no], tiebreaks=tb[no],
                             withdrawn=not p.active_in(n + 1), annulled=no in annulled, games=played[no],
                             round_points=per_round[no])

    out: list[RRStandingRow] = []
    for grp in groups:
        rank = len(out) + 1
        for no in sorted(grp):
            out.append(row(no, rank))
    for no in sorted(annulled):
        out.append(row(no, None))
    return out


def _runs(ordered: list[int], value) -> list[list[int]]:
    out: list[list[int]] = []
    for no in ordered:
        if out and value(out[-1][-1]) == value(no):
            out[-1].append(no)
        else:
            out.append([no])
    return out


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


__all__ = ["compute_rr_standings", "resolve_rr_tiebreaks", "cross_table", "effective_result",
           "RRStandingRow", "RR_KEYS", "RR_PRESETS", "LABELS_ZH", "LABELS_EN", "default_preset"]
