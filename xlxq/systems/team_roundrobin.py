"""团体单循环 / 团体双循环 (team round robin): the 棋规 table
(:func:`xlxq.core.team_pairing.pair_team_rr_round`) on the team numbers in
increasing order; the team listed first goes first; a double round robin
reverses the second cycle; a bye is worth nothing."""

from __future__ import annotations

from typing import Optional

from xlxq.core.roundrobin import rr_round_count
from xlxq.core.team_pairing import TeamPairingOutcome, pair_team_rr_round
from xlxq.core.teams import TeamEvent, TeamSettings
from xlxq.i18n import Text
from xlxq.systems.base import byes_listed
from xlxq.systems.registry import register
from xlxq.systems.team_common import Issues, TeamSystem, before, tname
from xlxq.i18n import Lazy, Msg, chinese_forms


@register
class TeamRoundRobin(TeamSystem):
    audit_reference_id = "systems.reference-order-table"
    key = "round_robin"
    rounds_from_entrants = True
    follows_order_table = True

    def planned_rounds(self, n: int, settings: TeamSettings) -> int:
        return rr_round_count(n, self.cycles == 2)

    def default_tiebreaks(self, settings: Optional[TeamSettings] = None) -> list[str]:
        return ["team-rr"]

    def pair(self, event: TeamEvent, round_no: Optional[int] = None) -> TeamPairingOutcome:
        return pair_team_rr_round(event, round_no, double=self.cycles == 2, rules=self.rules)

    def judge(self, event: TeamEvent, n: int, t: Text) -> tuple[Issues, Optional[str]]:
        """The round against the table: its pairs and byes; a changed 先走
        team is a warning."""
        rnd = event.get_round(n)
        issues: Issues = []

        def nm(no: int) -> Lazy:
            """A team: 队名（N队）; in the English forms its number."""
            return Lazy(lambda lang: tname(event, no, Text(lang)) if chinese_forms(lang) else no)

        want = self.pair(before(event, n), n).round
        have_pairs = {frozenset(m.teams()): m for m in rnd.matches}
        want_pairs = {frozenset(m.teams()): m for m in want.matches}
        for key, m in want_pairs.items():
            h = have_pairs.get(key)
            if h is None:
                issues.append(
                    (
                        "error",
                        Msg("team_roundrobin.table-round-has-no-match", n=n, first=nm(m.first), second=nm(m.second)),
                    )
                )
            elif h.first != m.first:
                issues.append(
                    (
                        "warning",
                        Msg(
                            "team_roundrobin.round-match-first-differs",
                            n=n,
                            match=h.match,
                            want=nm(m.first),
                            have=nm(h.first),
                        ),
                    )
                )
        for key, m in have_pairs.items():
            if key not in want_pairs:
                issues.append(
                    (
                        "error",
                        Msg(
                            "team_roundrobin.round-match-not-in-table",
                            n=n,
                            match=m.match,
                            first=nm(m.first),
                            second=nm(m.second),
                        ),
                    )
                )
        if sorted(rnd.byes) != sorted(want.byes):
            issues.append(
                (
                    "error",
                    Msg(
                        "team_roundrobin.round-byes-differ",
                        n=n,
                        want=byes_listed(want.byes),
                        have=byes_listed(rnd.byes),
                    ),
                )
            )
        bad = any(i[0] == "error" for i in issues)
        return issues, t(
            "team_roundrobin.table-round",
            n=n,
            bad_else=Msg("team_roundrobin.differs-from" if bad else "team_roundrobin.matches"),
        )


@register
class TeamDoubleRoundRobin(TeamRoundRobin):
    key = "double_round_robin"
    cycles = 2
