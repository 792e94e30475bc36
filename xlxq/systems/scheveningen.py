"""全队轮赛制 (Scheveningen): two teams, every player of one meets every
player of the other once, seated and coloured by the schedule of
:mod:`xlxq.core.scheveningen` (no line-ups); as many rounds as players a
side."""

from __future__ import annotations

from typing import Optional

from xlxq.core.scheveningen import scheveningen_round
from xlxq.core.team_pairing import TeamPairingOutcome, pair_scheveningen_round
from xlxq.core.teams import TeamEvent, TeamSettings
from xlxq.i18n import Text
from xlxq.systems.registry import register
from xlxq.systems.team_common import Issues, TeamSystem
from xlxq.i18n import Msg


@register
class Scheveningen(TeamSystem):
    audit_reference_id = "systems.reference-order-table"
    key = "scheveningen"
    rounds_from_entrants = True
    seated_by_schedule = True

    def planned_rounds(self, n: int, settings: TeamSettings) -> int:
        """One round for each player a side (``boards``), whatever ``n``."""
        return settings.boards

    def default_tiebreaks(self, settings: Optional[TeamSettings] = None) -> list[str]:
        return ["scheveningen"]

    def pair(self, event: TeamEvent, round_no: Optional[int] = None) -> TeamPairingOutcome:
        return pair_scheveningen_round(event, round_no, rules=self.rules)

    def judge(self, event: TeamEvent, n: int, t: Text) -> tuple[Issues, Optional[str]]:
        """Every board against the schedule: the players and who has red."""
        rnd = event.get_round(n)
        issues: Issues = []
        want = {b.board: b for m in scheveningen_round(event, n).matches for b in m.boards}
        for m in rnd.matches:
            for b in m.boards:
                w = want.get(b.board)
                if w is not None and (w.red, w.black) != (b.red, b.black):
                    issues.append(
                        (
                            "error",
                            Msg(
                                "scheveningen.round-board-differs",
                                n=n,
                                board=b.board,
                                wred=w.red,
                                wblack=w.black,
                                red=b.red,
                                black=b.black,
                            ),
                        )
                    )
        return issues, t(
            "scheveningen.table-round",
            n=n,
            issues_else=Msg("scheveningen.differs-from" if issues else "scheveningen.identical-to"),
        )

    def seated_tail(self, event: TeamEvent, t: Text) -> str:
        return t(
            "scheveningen.one-player-of-each-team-on-every-board",
        )
