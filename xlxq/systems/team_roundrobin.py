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
from xlxq.systems.registry import register
from xlxq.systems.team_common import Issues, TeamSystem, before, tname
from xlxq.i18n import Msg


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

        def nm(no: int) -> str:
            return tname(event, no, t)

        want = self.pair(before(event, n), n).round
        have_pairs = {frozenset(m.teams()): m for m in rnd.matches}
        want_pairs = {frozenset(m.teams()): m for m in want.matches}
        for key, m in want_pairs.items():
            h = have_pairs.get(key)
            if h is None:
                issues.append(
                    (
                        "error",
                        f"秩序表第{n}轮应有 {nm(m.first)} — {nm(m.second)}，文件中没有此场",
                        f"table round {n} has {m.first} v {m.second}; the file does not",
                    )
                )
            elif h.first != m.first:
                issues.append(
                    (
                        "warning",
                        f"第{n}轮第{h.match}场：按秩序表 {nm(m.first)} 先走，文件中 {nm(h.first)} 先走",
                        f"round {n} match {h.match}: the table has {m.first} first, the file {h.first}",
                    )
                )
        for key, m in have_pairs.items():
            if key not in want_pairs:
                issues.append(
                    (
                        "error",
                        f"第{n}轮第{m.match}场 {nm(m.first)} — {nm(m.second)} 不是秩序表第{n}轮的对阵",
                        f"round {n} match {m.match}: {m.first} v {m.second} is not in table round {n}",
                    )
                )
        if sorted(rnd.byes) != sorted(want.byes):
            issues.append(
                (
                    "error",
                    f"第{n}轮轮空：秩序表为 {'、'.join(map(str, want.byes)) or '无'}，"
                    f"文件中为 {'、'.join(map(str, rnd.byes)) or '无'}",
                    f"round {n} byes: the table has {want.byes or 'none'}, the file {rnd.byes or 'none'}",
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
