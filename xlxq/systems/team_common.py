"""What the three team systems (:mod:`~xlxq.systems.team_swiss`,
:mod:`~xlxq.systems.team_roundrobin`, :mod:`~xlxq.systems.scheveningen`)
share: the base class of a team system, whose ``explain`` and ``check``
frame the system's own part (its ``record`` and ``judge``) with the lines
every team round has: the heading, the matches and byes, the line-ups
still missing.  Teams are named 队名（N队）."""

from __future__ import annotations

from typing import Any, ClassVar, Optional

from xlxq.core.team_standings import compute_team_standings
from xlxq.core.team_tiebreaks import TEAM
from xlxq.core.tiebreaks import TieBreakRegistry

from xlxq.core.team_pairing import TeamPairingOutcome
from xlxq.core.steps import Record
from xlxq.core.team_record import team_round_record
from xlxq.core.teams import LINEUP_NAMES, TeamEvent, TeamRound, TeamRules, validate_team_event
from xlxq.i18n import Lazy, Msg, Text, chinese_forms, tr
from xlxq.systems.base import CheckReport, PairingSystem, prior, report_of

#: a team system's findings: (level, message)
Issues = list[tuple[str, Msg]]


def tname(event: TeamEvent, no: int, t: Text) -> str:
    """A team as messages name it: 队名（N队）."""
    team = event.team(no)
    return t("team_common.name-no", name=team.name, no=no)


def lineup_label(lineup: str, t: Text) -> str:
    en = {"fixed_boards": "fixed boards", "fixed_order": "fixed order", "per_round": "line-up each round"}
    return t(LINEUP_NAMES.get(lineup, lineup), en.get(lineup, lineup))


class TeamSystem(PairingSystem[TeamEvent, TeamPairingOutcome]):
    """Base of the team systems: ``record`` (the system's lines of the
    编排记录 and the round it pairs) and ``judge`` (the system's issues and
    verdict of a round) are what each one says."""

    entrants = "teams"
    #: a bye counts as a match won (team Swiss; a bye in a round robin is
    #: worth nothing)
    bye_wins_match: ClassVar[bool] = False

    @property
    def rules(self) -> TeamRules:
        """What the core's data rules and tables need of this system."""
        return TeamRules(self.seated_by_schedule, self.bye_wins_match, tuple(self.default_tiebreaks(None)))

    def validate(self, event: TeamEvent) -> None:
        """The event's hard consistency by this system's data rules
        (:func:`xlxq.core.teams.validate_team_event`)."""
        validate_team_event(event, rules=self.rules)

    @property
    def tiebreak_registry(self) -> TieBreakRegistry[Any]:
        return TEAM

    def standings(self, event: TeamEvent, after_round: Optional[int] = None) -> list[Any]:
        return list(compute_team_standings(event, after_round, rules=self.rules))

    def score_label(self, event: TeamEvent, t: Text) -> str:
        """What the teams' score is: 场分, or 局分 in a team Swiss paired by
        game points."""
        return t("team_pair.match-pts")

    def record(self, event: TeamEvent, round_no: int) -> Record:
        """The 编排记录 of a team round as steps (:mod:`xlxq.core.team_record`),
        worded by the one printer (``explain``)."""
        return team_round_record(event, round_no, self)

    def judge(self, event: TeamEvent, n: int, t: Text) -> tuple[Issues, Optional[str]]:
        raise NotImplementedError

    def seated_tail(self, event: TeamEvent, t: Text) -> str:
        """The line after a check's issues: what reading the file checked."""
        return t(
            "team_common.board-colours-first-team-red-on-odd",
            lineup_t=lineup_label(event.settings.lineup, t),
        )

    def check(self, event: TeamEvent, round_no: int, lang: str) -> CheckReport:
        t = Text(lang)
        n = round_no
        rnd: TeamRound = event.get_round(n)
        issues, verdict = self.judge(event, n, t)
        for m in rnd.matches:
            if not m.boards:
                issues.append(
                    (
                        "warning",
                        Msg(
                            "team_common.round-match-no-lineups",
                            n=n,
                            match=m.match,
                            teams=Lazy(
                                lambda lang, m=m: (
                                    tr(
                                        lang,
                                        "team_common.match-teams",
                                        first=tname(event, m.first, Text(lang)),
                                        second=tname(event, m.second, Text(lang)),
                                    )
                                    if chinese_forms(lang)
                                    else ""
                                )
                            ),
                        ),
                    )
                )
        report = report_of(n, issues, None, t.lang)
        report.tail = [self.seated_tail(event, t)] + ([verdict] if verdict else [])
        return report


def before(event: TeamEvent, n: int) -> TeamEvent:
    """The team event as it was before round ``n`` was paired."""
    return prior(event, n)


__all__ = ["TeamSystem", "tname", "lineup_label", "before", "Issues"]
