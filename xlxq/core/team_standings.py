"""Team standings (团体名次) and per-board results (台次成绩).

Scoring (2011 第13.2条, rules-research §3.1): each board 2/1/0 局分
(``TeamScoring.game``); the team with more 局分 in the match takes it:
场分 ``match_win``/``match_draw``/``match_loss`` (2/1/0), the draw possibly
different for the first (home) and second (away) team.

Ranking (seed 001 五.2 一局制积分编排团体赛, "使用哪种格式一定要在赛前声明"):

- ``seed001-team-1`` 第一种格式: 场分 → 团体对手分 → 全队总局分 → 全队胜场
  → 全队胜局 → 全队犯规 → 倒数第二轮的场分, 依此类推;
- ``seed001-team-2`` 第二种格式: 全队总局分 → 场分 → 团体对手分 → 全队胜场
  → 全队犯规 → the same round-by-round fall-back (seed 001 lists no 胜局
  here; add ``game_wins`` to a custom list to have it);
- ``team-rr`` (team round robins; the 2011 14.5 text was not retrieved):
  场分 → 局分 → 胜场 → 胜局 → 犯规 (团体对手分 cannot separate teams level on
  场分 in a complete round robin);
- ``scheveningen`` (全队轮赛制, two teams): 局分 → 胜局 → 犯规.

The list is ``settings.tiebreaks``: presets and/or keys (:data:`TEAM_KEYS`,
Chinese labels accepted); its first key is the main score.  None takes the
system's default (``TeamRules.default_tiebreaks``).  Definitions in
:func:`compute_team_standings`; docs/teams.md §4.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from xlxq.core.model import outcome
from xlxq.core.standings import bye_opp_value, rank_rows, table_round
from xlxq.core.tiebreaks import SortItem, TableFacts
from xlxq.core.team_tiebreaks import (
    LABELS_EN,
    LABELS_ZH,
    TEAM,
    TEAM_KEYS,
    TEAM_PRESETS,
    TeamRecord,
    resolve_team_tiebreaks,
)
from xlxq.core.teams import VACANT, TeamEvent, TeamRules, match_game_points, team_side, validate_team_event


@dataclass
class TeamStandingRow:
    rank: int
    no: int
    name: str
    match_points: float  # 场分
    game_points: float  # 局分
    values: dict[str, float]  # every key of TEAM_KEYS except back_rounds
    matches: int  # matches finished (byes not included)
    byes: int
    withdrawn: bool
    round_match_points: list[Optional[float]] = field(default_factory=list)  # None: no finished match / not paired
    round_game_points: list[Optional[float]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "no": self.no,
            "name": self.name,
            "match_points": self.match_points,
            "game_points": self.game_points,
            "tiebreaks": dict(self.values),
            "matches": self.matches,
            "byes": self.byes,
            "withdrawn": self.withdrawn,
            "round_match_points": list(self.round_match_points),
            "round_game_points": list(self.round_game_points),
        }


def compute_team_standings(
    event: TeamEvent, after_round: Optional[int] = None, *, rules: TeamRules
) -> list[TeamStandingRow]:
    """The team table after ``after_round`` (default: every round), rank 1
    first, by the rules of the event's system (``rules``: its data rules,
    whether a bye is a match won, its default tie-breaks).

    - 局分 game_points: the team's board points, finished boards only (an
      empty seat is a forfeit loss); a Swiss bye adds
      ``scoring.bye_games(boards)`` (default: every board won).
    - 场分 match_points: per finished match (all boards in), by
      ``TeamScoring.match_points``; a Swiss bye adds ``bye_match()`` (原则(五)
      轮空者以胜局计算).  In a round robin a bye is worth nothing.
    - Only results count (issue 8 §6): a round paired and not started is
      left out, byes included (:func:`~xlxq.core.standings.table_round`).
    - 团体对手分 opp_match_points (seed 001 "所对弈过队的场分总和"): the sum
      of the final 场分 of every team met in a finished match (a match still
      in progress has no 场分 yet and adds no opponent); each Swiss bye adds the value of
      ``settings.standings.bye_opp_score`` over the teams (default: the
      lowest 场分 among teams that have scored, as 2011 14.4 for players).
    - 胜场 match_wins: matches won (a Swiss bye too when
      ``standings.bye_counts_as_win``); 胜局 game_wins: boards won, forfeit
      wins included (a bye adds none: no game is played); 犯规 fouls: the
      members' fouls on boards with a result summed, fewer is better.
    - back_rounds ("比较倒数第二轮的场分，依此类推"): 场分 after round N−1,
      N−2 … 1 (``standings.fallback_reading = "running_total"``, default) or
      the 场分 of round N−1, N−2 … alone (``"round_score"``).

    Teams equal on every key share a rank and are listed by team number.
    """
    validate_team_event(event, rules=rules)
    s = event.settings
    sc = s.scoring
    keys = resolve_team_tiebreaks(s.tiebreaks, rules.default_tiebreaks)
    n = table_round(event, after_round).after
    swiss_bye = rules.bye_wins_match
    acc = {t.no: TeamRecord(t.no, [None] * n, [None] * n) for t in event.teams}
    for rnd in event.rounds:
        if rnd.round > n:
            continue
        i = rnd.round - 1
        for m in rnd.matches:
            gf, gk, finished = match_game_points(event, m)
            for t, mine in ((m.first, gf), (m.second, gk)):
                acc[t].game_points += mine
                acc[t].round_game_points[i] = mine if m.boards else None
            for b in m.boards:
                for t in m.teams():
                    colour = team_side(event, m, t, b)
                    no = b.red if colour == "R" else b.black
                    if no != VACANT and b.result is not None:
                        acc[t].fouls += b.fouls_red if colour == "R" else b.fouls_black
                    if b.result is not None and outcome(b.result, colour) == "W":
                        acc[t].game_wins += 1
            if finished:
                acc[m.first].opponents.append(m.second)
                acc[m.second].opponents.append(m.first)
                for t, mine, theirs, first in ((m.first, gf, gk, True), (m.second, gk, gf, False)):
                    a = acc[t]
                    a.round_match_points[i] = float(sc.match_points(mine, theirs, first))
                    a.played += 1
                    a.match_wins += mine > theirs
        for t in rnd.byes:
            a = acc[t]
            a.byes += 1
            if swiss_bye:
                a.round_match_points[i] = float(sc.bye_match())
                g = float(sc.bye_games(s.boards))
                a.game_points += g
                a.round_game_points[i] = g
                a.match_wins += bool(s.standings.bye_counts_as_win)
            else:
                a.round_match_points[i] = 0.0
    totals = {no: float(sum(x for x in a.round_match_points if x is not None)) for no, a in acc.items()}
    bye_value = bye_opp_value(s.standings.bye_opp_score, totals)
    facts = TableFacts(n, totals, bye_value if swiss_bye else 0.0, s.standings.fallback_reading)

    rows: list[tuple[tuple[SortItem, ...], TeamStandingRow]] = []
    for team in event.teams:
        a = acc[team.no]
        a.table = facts
        vals = TEAM.numbers(a)
        key = tuple(TEAM.sort_key(keys, vals, a))
        row = TeamStandingRow(
            rank=0,
            no=team.no,
            name=team.name,
            match_points=vals["match_points"],
            game_points=vals["game_points"],
            values=vals,
            matches=a.played,
            byes=a.byes,
            withdrawn=not team.active_in(n + 1),
            round_match_points=list(a.round_match_points),
            round_game_points=list(a.round_game_points),
        )
        rows.append((key, row))
    return rank_rows(rows, lambda row: row.no)


# ------------------------------------------------------------------ 台次成绩


@dataclass
class BoardStandingRow:
    rank: Optional[int]  # None: fewer games than settings.board_min_games (listed last)
    board: int
    no: int
    name: str
    team_no: int
    team: str
    points: float
    games: int
    wins: int
    draws: int
    losses: int
    fouls: int
    percentage: float  # points / (games × game win), 0 with no games

    def to_dict(self) -> dict[str, Any]:
        return {
            k: getattr(self, k)
            for k in (
                "rank",
                "board",
                "no",
                "name",
                "team_no",
                "team",
                "points",
                "games",
                "wins",
                "draws",
                "losses",
                "fouls",
                "percentage",
            )
        }


@dataclass
class _BoardTally:
    """One player's games on one board: his team, points, games, W/D/L, fouls."""

    team: int
    points: float = 0.0
    games: int = 0
    fouls: int = 0
    results: dict[str, int] = field(default_factory=lambda: {"W": 0, "D": 0, "L": 0})


def board_standings(
    event: TeamEvent, after_round: Optional[int] = None, *, rules: TeamRules
) -> dict[int, list[BoardStandingRow]]:
    """台次成绩: for each board, every player who sat on it, ranked.

    A game counts when finished, forfeits included (an empty seat is nobody's
    game; the player facing it scores a forfeit win).  Order, by
    ``settings.board_ranking``: ``points`` (default) — points, then
    percentage, wins, fouls (fewer better); ``percentage`` — percentage,
    then points, wins, fouls.  Players with fewer than
    ``settings.board_min_games`` games are listed after, unranked.  Players
    equal on everything share a rank.  A player who sat on several boards
    appears under each with the games of that board.
    """
    validate_team_event(event, rules=rules)
    s = event.settings
    sc = s.scoring.game
    n = table_round(event, after_round).after
    acc: dict[tuple[int, int], _BoardTally] = {}
    for rnd in event.rounds:
        if rnd.round > n:
            continue
        for m in rnd.matches:
            for b in m.boards:
                for t in m.teams():
                    colour = team_side(event, m, t, b)
                    no = b.red if colour == "R" else b.black
                    if no == VACANT:
                        continue
                    a = acc.setdefault((b.board, no), _BoardTally(t))
                    if b.result is None:
                        continue
                    a.fouls += b.fouls_red if colour == "R" else b.fouls_black
                    a.points += float(sc.points(b.result, colour))
                    a.games += 1
                    a.results[outcome(b.result, colour)] += 1
    out: dict[int, list[BoardStandingRow]] = {}
    for k in range(1, s.boards + 1):
        rows = []
        for (board, no), a in acc.items():
            if board != k:
                continue
            pct = a.points / (a.games * sc.win) if a.games and sc.win else 0.0
            rows.append(
                BoardStandingRow(
                    rank=None,
                    board=k,
                    no=no,
                    name=event.player(no).name,
                    team_no=a.team,
                    team=event.team(a.team).name,
                    points=a.points,
                    games=a.games,
                    wins=a.results["W"],
                    draws=a.results["D"],
                    losses=a.results["L"],
                    fouls=a.fouls,
                    percentage=pct,
                )
            )

        def key(r: BoardStandingRow) -> tuple[float, float, int, int]:
            if s.board_ranking == "percentage":
                return (-r.percentage, -r.points, -r.wins, r.fouls)
            return (-r.points, -r.percentage, -r.wins, r.fouls)

        ranked = rank_rows([(key(r), r) for r in rows if r.games >= s.board_min_games], lambda r: r.no)
        rest = sorted((r for r in rows if r.games < s.board_min_games), key=lambda r: (key(r), r.no))
        out[k] = ranked + rest
    return out


__all__ = [
    "compute_team_standings",
    "board_standings",
    "resolve_team_tiebreaks",
    "TeamStandingRow",
    "BoardStandingRow",
    "TEAM_KEYS",
    "TEAM_PRESETS",
    "LABELS_ZH",
    "LABELS_EN",
]
