"""队员总分制: an individual event (Swiss or round robin) that also ranks
teams by their members' results (seed 000: 队员总分制主要掌握团体成绩计算方法;
rules-research §3.2–3.3).

Two parts:

* **Numbering** (seed 001 二.1: 采用队员总分制的方式…把本队棋手适当分开，如两人
  参赛，应分成上下半区，先后手也平衡。序列号的区分方式可以选择：上半区 1、3、5…，
  下半区 2、4、6…；或上半区 1…N/2，下半区 N/2+1…).  :func:`number_members`
  splits every team between the upper and lower half (as evenly as its size
  allows), the stronger members toward the upper half, then numbers the
  halves by ``odd_even`` (上半区单号、下半区双号; pair round 1 with
  ``first_round = "adjacent"``) or ``halves`` (上半区小号、下半区大号; pair
  round 1 with ``first_round = "slide"``, 拦腰).  Round 1 then pairs every
  upper-half player with a lower-half one; where that would pair team-mates,
  the lower-half player swaps with the lower-half player of the nearest
  following (then preceding) pair (seed 001 二.2: 若相遇，则在后边临近的那一对中
  互换位置，注意一定要下半区的人之间互换位置).  Later rounds are the ordinary
  Swiss (原则(七): team-mates are not avoided after round 1).
* **Team ranking** :func:`member_total_standings`: each team by the sum of
  its members' points (``by="points"``) or placings (``by="placings"``,
  lower is better), over the best ``best`` members (None: all), as Match
  BP's 队员总分制 (按个人名次总和 / 按个人积分总和, 每队队员数) and the WXF team
  event (sum of the two players' placings; ties to the best placing).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Optional, Sequence

from xlxq.core.model import Event, Player
from xlxq.core.standings import compute_standings, rank_rows
from xlxq.errors import InputError
from xlxq.i18n import Msg

NUMBERINGS = ("odd_even", "halves")
ORDERS = ("rating", "file", "draw")
BY = ("points", "placings")
INCOMPLETE = ("last", "drop", "count")
FIRST_ROUND_FOR = {"odd_even": "adjacent", "halves": "slide"}


def _strength_order(players: Sequence[Player], order: str, seed: Optional[int]) -> list[Player]:
    if order not in ORDERS:
        raise InputError(
            Msg("member_total.unknown-order", order=order),
        )
    ps = list(players)
    if order == "rating":
        idx = {id(p): i for i, p in enumerate(ps)}
        return sorted(ps, key=lambda p: (p.rating is None, -(p.rating or 0), idx[id(p)]))
    if order == "draw":
        if seed is None:
            raise InputError(Msg("member_total.order-draw-needs-a-seed"))
        random.Random(seed).shuffle(ps)
    return ps


def split_halves(
    players: Sequence[Player],
    order: str = "rating",
    seed: Optional[int] = None,
    team_of: Optional[Callable[[Player], str]] = None,
    upper_size: Optional[int] = None,
) -> tuple[list[Player], list[Player]]:
    """(upper half, lower half), each strongest first.

    The upper half has ``upper_size`` players (default ⌈N/2⌉).  A team's members, strongest first,
    alternate upper, lower, upper …, so each team is split as evenly as its
    size allows; of the teams with an odd number of members (a player with
    no team is a team of one) the ones whose last member is strongest put
    that member in the upper half, as many as the half sizes need.
    """
    team_of = team_of or (lambda p: (p.unit or "").strip() or f"#{p.no}")
    ordered = _strength_order(players, order, seed)
    pos = {id(p): i for i, p in enumerate(ordered)}
    teams: dict[str, list[Player]] = {}
    for p in ordered:
        teams.setdefault(team_of(p), []).append(p)
    if upper_size is None:
        upper_size = (len(ordered) + 1) // 2
    upper: list[Player] = []
    lower: list[Player] = []
    odd_last = []
    for members in teams.values():
        k = len(members)
        for i, p in enumerate(members[: k - (k % 2)]):
            (upper if i % 2 == 0 else lower).append(p)
        if k % 2:
            odd_last.append(members[-1])
    odd_last.sort(key=lambda p: pos[id(p)])
    need_up = upper_size - len(upper)
    upper += odd_last[:need_up]
    lower += odd_last[need_up:]
    upper.sort(key=lambda p: pos[id(p)])
    lower.sort(key=lambda p: pos[id(p)])
    return upper, lower


def _avoid_mates(upper: list[Player], lower: list[Player], team_of: Callable[[Player], object]) -> list[Player]:
    """Seed 001's round-1 swap inside the lower half: the pair upper[i] –
    lower[i] holding team-mates swaps its lower player with that of the
    nearest following pair, then preceding, that leaves neither pair with
    team-mates."""
    lower = list(lower)

    def mates(a: Player, b: Player) -> bool:
        ta, tb = team_of(a), team_of(b)
        return bool(ta == tb)

    k = min(len(upper), len(lower))
    for i in range(k):
        if not mates(upper[i], lower[i]):
            continue
        for j in list(range(i + 1, k)) + list(range(i - 1, -1, -1)):
            if not mates(upper[i], lower[j]) and not mates(upper[j], lower[i]):
                lower[i], lower[j] = lower[j], lower[i]
                break
    return lower


def number_members(
    players: Sequence[Player],
    numbering: str = "odd_even",
    order: str = "rating",
    seed: Optional[int] = None,
    avoid_round1: bool = True,
    team_of: Optional[Callable[[Player], str]] = None,
) -> list[Player]:
    """The players renumbered for a 队员总分制 event (team = ``Player.unit``
    unless ``team_of`` says otherwise), sorted by the new 序号.

    ``numbering``: ``odd_even`` (upper half 1, 3, 5 …; lower 2, 4, 6 …) or
    ``halves`` (upper 1 … ⌊N/2⌋, lower the rest).  ``order`` ranks the
    players inside each half: ``rating`` (higher first, unrated last, then
    file order), ``file``, or ``draw`` (shuffled by ``random.Random(seed)``,
    recorded like ``first_round_seed``).  ``avoid_round1`` applies seed 001's
    lower-half swap so that round 1 (``adjacent`` for ``odd_even``, ``slide``
    for ``halves``; :data:`FIRST_ROUND_FOR`) pairs no team-mates where it can.
    With an odd N the largest number takes the round-1 bye: the upper
    half's last under ``odd_even``, the lower half's last under ``halves``.
    """
    if numbering not in NUMBERINGS:
        raise InputError(
            Msg("member_total.unknown-numbering", numbering=numbering),
        )
    team_of = team_of or (lambda p: (p.unit or "").strip() or f"#{p.no}")
    n = len(players)
    # the round-1 bye goes to the largest number (方法(一)): with an odd N it
    # is the upper half's last under odd_even (N is odd), the lower half's
    # last under halves — so that half holds the extra player
    upper_size = (n + 1) // 2 if numbering == "odd_even" else n // 2
    upper, lower = split_halves(players, order, seed, team_of, upper_size)
    if avoid_round1:
        lower = _avoid_mates(upper, lower, team_of)
    out: list[Player] = []
    if numbering == "odd_even":
        for i, p in enumerate(upper):
            out.append(replace(p, no=2 * i + 1))
        for i, p in enumerate(lower):
            out.append(replace(p, no=2 * i + 2))
    else:
        for i, p in enumerate(upper):
            out.append(replace(p, no=i + 1))
        for i, p in enumerate(lower):
            out.append(replace(p, no=len(upper) + i + 1))
    return sorted(out, key=lambda p: p.no)


# ------------------------------------------------------------------ ranking


@dataclass
class MemberTeamRow:
    rank: Optional[int]  # None: left out (incomplete="drop" never lists it)
    team: str
    counted: list[tuple[int, int, float]]  # (序号, individual rank, points) of the members counted, best first
    members: int  # members in the individual table
    points: float  # sum of the counted members' points
    placings: int  # sum of the counted members' ranks
    best_placing: int
    complete: bool
    others: list[int] = field(default_factory=list)  # 序号 of members not counted

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "team": self.team,
            "counted": [list(c) for c in self.counted],
            "members": self.members,
            "points": self.points,
            "placings": self.placings,
            "best_placing": self.best_placing,
            "complete": self.complete,
            "others": list(self.others),
        }


#: an individual standings table: the event's system's (``system.standings``)
Table = Callable[[Event, Optional[int]], Sequence[Any]]


def _individual_rows(event: Event, after_round: Optional[int], table: Table) -> list[tuple[int, int, float]]:
    return [(r.no, r.rank, r.score) for r in table(event, after_round) if r.rank is not None]


def member_total_standings(
    event: Event,
    by: str = "points",
    best: Optional[int] = None,
    incomplete: str = "last",
    after_round: Optional[int] = None,
    team_of: Optional[Callable[[Player], str]] = None,
    table: Table = compute_standings,
) -> list[MemberTeamRow]:
    """Teams ranked by their members' individual results.

    - ``by="points"``: the sum of the counted members' points, higher first;
      ties: the sum of their placings (lower first), then the best placing.
    - ``by="placings"``: the sum of the counted members' individual ranks
      (shared ranks as printed), lower first; ties: the best placing, then
      the points.
    - ``best``: count only each team's best ``best`` members (by individual
      rank); None counts everyone.
    - ``incomplete`` (a team with fewer than ``best`` ranked members):
      ``last`` ranks it after the complete teams (default), ``drop`` leaves
      it out, ``count`` ranks it with what it has.
    Players without a team (empty ``unit``) are not a team.  Teams equal on
    everything share a rank and are listed by name.  ``table``: the
    individual standings the members' places come from, the event's
    system's (``system.standings``: the Swiss table by default, the
    round-robin table for a round robin).
    """
    if by not in BY:
        raise InputError(Msg("member_total.unknown-by", by=by))
    if incomplete not in INCOMPLETE:
        raise InputError(
            Msg("member_total.unknown-incomplete", incomplete=incomplete),
        )
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 1):
        raise InputError(Msg("member_total.invalid-best", best=best))
    team_of = team_of or (lambda p: (p.unit or "").strip())
    indiv = _individual_rows(event, after_round, table)
    by_team: dict[str, list[tuple[int, int, float]]] = {}
    for no, rank, score in indiv:
        t = team_of(event.player(no))
        if t:
            by_team.setdefault(t, []).append((no, rank, float(score)))
    rows: list[tuple[tuple[float, ...], MemberTeamRow]] = []
    for team, members in by_team.items():
        members.sort(key=lambda x: (x[1], x[0]))
        counted = members if best is None else members[:best]
        complete = best is None or len(members) >= best
        if not complete and incomplete == "drop":
            continue
        pts = sum(c[2] for c in counted)
        plc = sum(c[1] for c in counted)
        best_pl = min(c[1] for c in counted)
        penalty = 0 if complete or incomplete == "count" else 1
        key: tuple[float, ...]
        if by == "points":
            key = (penalty, -pts, plc, best_pl)
        else:
            key = (penalty, plc, best_pl, -pts)
        rows.append(
            (
                key,
                MemberTeamRow(
                    rank=None,
                    team=team,
                    counted=counted,
                    members=len(members),
                    points=pts,
                    placings=plc,
                    best_placing=best_pl,
                    complete=complete,
                    others=[m[0] for m in members[len(counted) :]],
                ),
            )
        )
    return rank_rows(rows, lambda row: row.team)


__all__ = ["number_members", "split_halves", "member_total_standings", "MemberTeamRow", "NUMBERINGS", "FIRST_ROUND_FOR"]
