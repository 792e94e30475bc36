"""Pairing the next round of a team event.

* Team Swiss (积分编排制团体赛): 定位编排 with the teams as the units.  Each
  team gets an ordinary 编排卡 (:class:`~xlxq.core.history.CardState`):

  - score: 场分 (default) or 局分 (``settings.pair_by = "game_points"``); an
    unfinished board counts as a draw (原则(八)), a match whose line-ups are
    not in yet as all boards drawn;
  - colour of a match: **先 (R) when the team was listed first** (先走: red on
    board 1 and every odd board), 后 (B) when second; a bye has no colour;
  - opponents met, byes, and 上调/下调 last round, as for a player.

  Round 1 is 方法(一) with the team numbers (``settings.first_round``: 近号
  1-2, 4-3 …, the smaller number first on odd 场次); rounds ≥ 2 run the very
  group loop of the individual Swiss (:func:`xlxq.core.pairing.pair_score_groups`):
  score groups, 要先行/要后行, 先编者, 同位/错位/异行/同行, 拆对, 下调, the
  bye to the lowest score group, no team meets another twice, and 方法(四)
  decides which team goes first.
* Team round robin: the 棋规 table (:func:`xlxq.core.roundrobin.berger_table`)
  on the team numbers in increasing order; the team printed first goes
  first; a double round robin reverses the second cycle.
* 全队轮赛制: :func:`xlxq.core.scheveningen.scheveningen_round`.

Pairing makes the matches only; boards come from the line-ups
(:func:`xlxq.core.teams.set_lineups`, or :func:`xlxq.systems.pair_and_seat` for the
default line-ups).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterator, Optional

from xlxq.core.history import CardGame, CardState, cards_from_games
from xlxq.core.pairing import GroupLog, pair_score_groups
from xlxq.core.round1 import first_round_pairings
from xlxq.core.roundrobin import rr_round_count, table_position, table_round
from xlxq.core.scheveningen import scheveningen_round
from xlxq.core.teams import Match, TeamEvent, TeamRound, TeamRules, check_team_settings, match_game_points
from xlxq.errors import InputError, PairingImpossible
from xlxq.core.notes import Note
from xlxq.i18n import Msg, zh_only


@dataclass
class TeamPairingOutcome:
    round: TeamRound
    cards: dict[int, CardState]
    groups: list[GroupLog] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    provisional: list[tuple[int, int, int]] = field(default_factory=list)  # (round, match, board) counted as draws


def build_team_cards(event: TeamEvent, before_round: int) -> dict[int, CardState]:
    """The 编排卡 of every team from the rounds before ``before_round``: the
    one card builder (:func:`xlxq.core.history.cards_from_games`) over the
    matches, 先 = the team listed first; the score 场分 or 局分
    (``pair_by``), unfinished boards as draws; a team never loses by forfeit
    on its card."""
    s = event.settings
    sc = s.scoring
    by_games = s.pair_by == "game_points"

    def games(rnd: TeamRound) -> Iterator[CardGame]:
        for m in rnd.matches:
            gf, gk, _ = match_game_points(event, m, provisional=True)
            if by_games:
                yield m.first, m.second, gf, gk, True, False, False
            else:
                yield (
                    m.first,
                    m.second,
                    sc.match_points(gf, gk, True),
                    sc.match_points(gk, gf, False),
                    True,
                    False,
                    False,
                )

    rounds = ((games(rnd), rnd.byes) for rnd in event.rounds_before(before_round))
    return cards_from_games((t.no for t in event.teams), rounds, sc.bye_games(s.boards) if by_games else sc.bye_match())


def pairable_teams(event: TeamEvent, round_no: int) -> list[int]:
    """Teams to pair in ``round_no``: registered and not withdrawn."""
    return sorted(t.no for t in event.teams if t.active_in(round_no))


def _provisional(event: TeamEvent, round_no: int, out: TeamPairingOutcome) -> None:
    for r in event.rounds_before(round_no):
        for m in r.matches:
            if not m.boards:
                out.notes.append(
                    Note(
                        Msg("team_pairing.round-match-has-no-line-ups-yet-every", round=r.round, match=m.match),
                    )
                )
                continue
            for b in m.boards:
                if b.result is None:
                    out.provisional.append((r.round, m.match, b.board))
                    out.notes.append(
                        Note(
                            Msg(
                                "team_pairing.round-match-board-is-unfinished-paired",
                                round=r.round,
                                match=m.match,
                                board=b.board,
                            ),
                        )
                    )


def _matches(pairs: list[tuple[int, int]]) -> list[Match]:
    return [Match(match=i, first=a, second=b) for i, (a, b) in enumerate(pairs, start=1)]


def pair_scheveningen_round(
    event: TeamEvent, round_no: Optional[int] = None, *, rules: TeamRules
) -> TeamPairingOutcome:
    """A round of a 全队轮赛制 from its table (:func:`scheveningen_round`),
    seated."""
    check_team_settings(event.settings, rules=rules)
    rn = event.next_round if round_no is None else round_no
    return TeamPairingOutcome(
        round=scheveningen_round(event, rn),
        cards=build_team_cards(event, rn),
        notes=[Note(Msg("team_pairing.scheveningen-table-round", rn=rn))],
    )


def pair_team_swiss_round(event: TeamEvent, round_no: Optional[int] = None, *, rules: TeamRules) -> TeamPairingOutcome:
    """A round of a team Swiss: round 1 by 方法(一) on the team numbers,
    later rounds by the 定位编排 group loop with the teams' 编排卡."""
    check_team_settings(event.settings, rules=rules)
    s = event.settings
    if round_no is None:
        round_no = event.next_round
    if round_no > s.rounds:
        raise InputError(
            Msg("pairing.the-event-has-rounds-round-cannot-be", rounds=s.rounds, round_no=round_no),
        )
    cards = build_team_cards(event, round_no)
    teams = pairable_teams(event, round_no)
    out = TeamPairingOutcome(round=TeamRound(round=round_no), cards=cards)
    if len(teams) < 2:
        raise PairingImpossible(Msg("team_pairing.round-fewer-than-two-teams-to-pair", round_no=round_no))
    _provisional(event, round_no, out)
    if round_no == 1:  # 方法(一) on the team numbers (no team-mates among teams)
        pairs, byes = first_round_pairings(teams, s, out.notes)
        out.round = TeamRound(round=1, matches=_matches(pairs), byes=byes).as_made()
        return out
    pairs, byes = pair_score_groups(cards, teams, round_no, s.rounds, s.pairing, out.groups, noun="team_pairing.teams")
    out.round = TeamRound(round=round_no, matches=_matches(pairs), byes=byes).as_made()
    return out


def team_rr_round_count(event: TeamEvent, double: bool) -> int:
    return rr_round_count(len(event.teams), double)


def pair_team_rr_round(
    event: TeamEvent, round_no: Optional[int] = None, *, double: bool, rules: TeamRules
) -> TeamPairingOutcome:
    """A round of a team round robin from the 棋规 table: table number i is
    the i-th smallest team number; the team printed first goes first (红
    on odd boards); with an odd number of teams, the team drawn against the
    phantom has the bye (worth nothing in a round robin, see team_standings)."""
    check_team_settings(event.settings, rules=rules)
    s = event.settings
    nos = sorted(t.no for t in event.teams)
    if len(nos) < 2:
        raise InputError(Msg("team_pairing.a-round-robin-needs-at-least-2-teams"))
    if round_no is None:
        round_no = event.next_round
    total = team_rr_round_count(event, double)
    if round_no > total or round_no > s.rounds:
        raise InputError(
            Msg(
                "team_pairing.this-round-robin-of-teams-has-rounds",
                n=len(nos),
                s_rounds=min(total, s.rounds),
                round_no=round_no,
            ),
        )
    rnd = table_round(nos, round_no, double)
    out = TeamPairingOutcome(
        round=TeamRound(
            round=round_no, matches=_matches([(b.red, b.black) for b in rnd.boards]), byes=list(rnd.byes)
        ).as_made(),
        cards=build_team_cards(event, round_no),
    )
    cycle, t_round, _ = table_position(round_no, len(nos), double)
    out.notes.append(
        Note(
            Msg(
                "team_pairing.team-rr-table-round",
                cycle=Msg("team_pairing.cycle", cycle=cycle) if double else "",
                t=t_round,
                reversed=Msg("team_pairing.colours-reversed") if cycle == 2 else "",
            )
        )
    )
    if s.rounds != total:
        out.notes.append(
            Note(
                Msg(
                    "team_pairing.the-events-rounds-but-this-round-robin-has",
                    rounds=s.rounds,
                    n=len(nos),
                    kind=zh_only("roundrobin.double" if double else "roundrobin.single"),
                    total=total,
                )
            )
        )
    for t in event.teams:
        if not t.active_in(round_no):
            out.notes.append(
                Note(
                    Msg("team_pairing.has-withdrawn-enter-its-match-this-round", name=t.name, no=t.no),
                )
            )
    return out


__all__ = [
    "pair_team_swiss_round",
    "pair_team_rr_round",
    "pair_scheveningen_round",
    "build_team_cards",
    "pairable_teams",
    "team_rr_round_count",
    "TeamPairingOutcome",
]
