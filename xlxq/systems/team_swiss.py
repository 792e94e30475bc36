"""积分编排制团体赛 (team Swiss): the teams paired as players are, by the
very 定位编排 engine (:func:`xlxq.core.team_pairing.pair_team_swiss_round`):
round 1 by 方法(一) on the team numbers, then score groups of 场分 (or 局分),
先 = the team that goes first (red on odd boards)."""

from __future__ import annotations

from typing import Optional

from xlxq.core.checks import bye_msg
from xlxq.core.colours import after as colour_after
from xlxq.core.team_pairing import TeamPairingOutcome, build_team_cards, pair_team_swiss_round, pairable_teams
from xlxq.core.teams import Match, TeamEvent, TeamRound, TeamSettings
from xlxq.errors import XlxqError
from xlxq.i18n import Lazy, Text, chinese_forms, zh_only
from xlxq.systems.registry import register
from xlxq.systems.team_common import Issues, TeamSystem, before, tname
from xlxq.i18n import Msg


@register
class TeamSwiss(TeamSystem):
    audit_reference_id = "systems.reference-swiss"
    key = "swiss"
    pairs_by_score = True
    bye_wins_match = True

    def default_tiebreaks(self, settings: Optional[TeamSettings] = None) -> list[str]:
        return ["seed001-team-1"]

    def pair(self, event: TeamEvent, round_no: Optional[int] = None) -> TeamPairingOutcome:
        return pair_team_swiss_round(event, round_no, rules=self.rules)

    def score_label(self, event: TeamEvent, t: Text) -> str:
        if event.settings.pair_by == "game_points":
            return t("team_swiss.game-pts")
        return t("team_pair.match-pts")

    def judge(self, event: TeamEvent, n: int, t: Text) -> tuple[Issues, Optional[str]]:
        """Rematches (原则(六)), a third 先走/后走 in a row or three more of
        one (原则(十一)), byes (原则(五)), teams missing or withdrawn; then
        the round against the engine's."""
        rnd = event.get_round(n)
        issues: Issues = []

        def nm(no: int) -> Lazy:
            """A team: 队名（N队）; in the English forms its number."""
            return Lazy(lambda lang: tname(event, no, Text(lang)) if chinese_forms(lang) else no)

        def named(no: int) -> Lazy:
            """A team by its name and number in every language (the bye warning's)."""
            return Lazy(lambda lang: tname(event, no, Text(lang)))

        cards = build_team_cards(event, n)
        expected = set(pairable_teams(event, n))
        seen: set[int] = set()
        for m in rnd.matches:
            seen.update(m.teams())
            if m.second in cards[m.first].opponents:
                issues.append(
                    (
                        "error",
                        Msg(
                            "team_swiss.round-match-teams-have-already-met",
                            n=n,
                            match=m.match,
                            first=nm(m.first),
                            second=nm(m.second),
                        ),
                    )
                )
            for tno, col in ((m.first, "R"), (m.second, "B")):
                c = cards[tno]
                d, st = colour_after(c, col)
                word = Msg("team_swiss.first" if col == "R" else "team_swiss.second")
                if abs(st) >= 3 and abs(c.streak) < 3:
                    issues.append(
                        (
                            "warning",
                            Msg(
                                "team_swiss.round-match-third-time-in-a-row",
                                n=n,
                                match=m.match,
                                team=nm(tno),
                                word=word,
                            ),
                        )
                    )
                if abs(d) >= 3 and abs(c.diff) < 3:
                    more = (
                        "team_swiss.round-match-three-more-first"
                        if col == "R"
                        else "team_swiss.round-match-three-more-second"
                    )
                    issues.append(("warning", Msg(more, n=n, match=m.match, team=nm(tno))))
        for tno in rnd.byes:
            seen.add(tno)
            if cards[tno].byes:
                issues.append(("error", Msg("team_swiss.round-team-already-had-a-bye", n=n, team=nm(tno))))
            if n > 1 and rnd.matches:
                in_round = sorted({x for m in rnd.matches for x in m.teams()} | set(rnd.byes))
                bye = bye_msg(cards, in_round, tno, named)
                if bye is not None:
                    issues.append(("warning", Msg("checks.round", round_no=n, zh=bye)))
        if len(rnd.byes) > 1:
            issues.append(("error", Msg("team_swiss.round-has-byes-at-most-one", n=n, byes=len(rnd.byes))))
        for tno in sorted(expected - seen):
            issues.append(("error", Msg("team_swiss.round-team-is-not-paired", n=n, team=nm(tno))))
        for tno in sorted(seen - expected):
            issues.append(
                (
                    "error",
                    Msg(
                        "team_swiss.round-team-has-withdrawn-but-is-paired",
                        n=n,
                        team=nm(tno),
                        since=zh_only("team_swiss.since-round", k=event.team(tno).withdrawn_from_round),
                    ),
                )
            )
        return issues, self.compare(event, n, t)

    def compare(self, event: TeamEvent, n: int, t: Text) -> str:
        """The round against the pairing the engine made of it (kept in the
        file: ``TeamRound.engine``), else the one it makes from the rounds
        before."""
        rnd = event.get_round(n)
        try:
            mine = (
                TeamRound(n, [Match(j, f, k) for j, (f, k) in enumerate(rnd.engine[0], 1)], list(rnd.engine[1]))
                if rnd.engine is not None
                else self.pair(before(event, n), n).round
            )
        except XlxqError as exc:
            return t(
                "swiss.the-engine-cannot-pair-this-round",
                t_lang=exc.message(t.lang),
            )
        want = {frozenset(m.teams()): m for m in mine.matches}
        have = {frozenset(m.teams()): m for m in rnd.matches}
        diffs = []
        for key, m in want.items():
            if key not in have:
                diffs.append(
                    t(
                        "team_swiss.the-engine-pairs-match-the-file-does-not",
                        match=m.match,
                        first=m.first,
                        second=m.second,
                    )
                )
            elif have[key].first != m.first:
                diffs.append(
                    t(
                        "team_swiss.the-engine-has-first-the-file",
                        first=m.first,
                        second=m.second,
                        first2=have[key].first,
                    )
                )
        for key, m in have.items():
            if key not in want:
                diffs.append(
                    t(
                        "team_swiss.match-of-the-file-is-not-the-engines",
                        match=m.match,
                        first=m.first,
                        second=m.second,
                    )
                )
        if sorted(mine.byes) != sorted(rnd.byes):
            diffs.append(
                t(
                    "team_swiss.bye-the-engine-the-file",
                    byes_or=mine.byes or Msg("team_swiss.none"),
                    byes_or2=rnd.byes or Msg("team_swiss.none"),
                )
            )
        if diffs:
            return "\n".join([t("team_swiss.differences-from-the-engines-pairing")] + [f"  {d}" for d in diffs])
        return t("swiss.identical-to-the-engines-pairing")
