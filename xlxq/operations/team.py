"""Team events (团体赛, docs/teams.md): pairing and seating a round (default
line-ups, empty seats for withdrawn teams, the table of a 全队轮赛制), the
whole table of a team round robin or 全队轮赛制, the match points shown
beside a pairing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from xlxq.core.team_standings import compute_team_standings
from xlxq.core.teams import VACANT, set_lineups
from xlxq.systems import system_for, team_rules


__all__ = ["withdrawn_vacant", "pair_seat", "team_scores", "team_limit", "team_schedule_rounds"]


def withdrawn_vacant(event, rnd) -> dict:
    """Line-ups of empty seats for the withdrawn teams of a round robin
    round: their matches are forfeited board by board."""
    k = event.settings.boards
    return {t: [VACANT] * k for m in rnd.matches for t in m.teams() if not event.team(t).active_in(rnd.round)}


def pair_seat(event, round_no: Optional[int] = None):
    """Pair the next round (or ``round_no``), append it and seat it: default
    line-ups, empty seats for withdrawn teams (round robin), the table for
    全队轮赛制."""
    out = system_for(event.settings).pair(event, round_no)
    ev = event.with_round(out.round)
    if not system_for(event.settings).seated_by_schedule:
        ev = set_lineups(ev, out.round.round, withdrawn_vacant(ev, out.round), rules=team_rules(ev.settings))
    return ev, out


def team_scores(event) -> dict:
    return {r.no: r.match_points for r in compute_team_standings(event, rules=team_rules(event.settings))}


def team_limit(event) -> int:
    s = event.settings
    if system_for(s).follows_order_table:
        return min(s.rounds, system_for(s).planned_rounds(len(event.teams), s))
    if system_for(s).seated_by_schedule:
        return min(s.rounds, s.boards)
    return s.rounds


def team_schedule_rounds(event):
    """Every round of a team round robin or a 全队轮赛制 at once, seated."""
    ev = replace(event, rounds=[])
    for r in range(1, team_limit(event) + 1):
        ev, _ = pair_seat(ev, r)
    return ev
