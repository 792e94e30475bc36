"""Team Swiss (定位编排 with teams as units) and team round robin.

* The team Swiss is the individual engine: on random events, pairing the
  teams gives exactly what ``pair_round`` gives for an individual event whose
  players are the teams and whose games are the matches (first team = red).
* Random team events end to end (line-ups of every format, empty seats,
  forfeits, unfinished boards, withdrawals): every team once a round or the
  single bye, no team rematch, no second bye, the bye at the lowest score
  possible, the board colour rule on every board, every line-up valid,
  standings by both formats ordered; when the engine says a round cannot be
  paired an independent matching confirms it.
"""

from __future__ import annotations

import os
import random

import pytest

from tests.conftest import perfect_matching
from tests.test_teams import event_with_round, fill, make_event, seat_randomly
from xlxq.systems import team_rules
from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN, Board, Event, EventSettings, Player, Round
from xlxq.systems import pair_round
from xlxq.core.roundrobin import berger_table
from xlxq.core.team_pairing import build_team_cards, pairable_teams, team_rr_round_count
from xlxq.systems import pair_and_seat, pair_team_round
from xlxq.core.team_standings import compute_team_standings, resolve_team_tiebreaks
from xlxq.core.teams import Match, TeamRound, first_team_colour, match_game_points, seats, validate_team_event
from xlxq.errors import InputError, PairingImpossible


def teams_of(rnd: TeamRound):
    return [(m.first, m.second) for m in rnd.matches]


# ------------------------------------------------------------------ round 1 and the cards


def test_round1_adjacent_by_team_number():
    ev = make_event(9)
    out = pair_team_round(ev)
    assert teams_of(out.round) == [(1, 2), (4, 3), (5, 6), (8, 7)]  # 单号场次小号先走、双号场次大号先走
    assert out.round.byes == [9]
    assert all(not m.boards for m in out.round.matches)


def test_round1_other_methods():
    assert teams_of(pair_team_round(make_event(8, first_round="fold")).round) == [(1, 8), (7, 2), (3, 6), (5, 4)]
    assert teams_of(pair_team_round(make_event(8, first_round="slide")).round) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    a = pair_team_round(make_event(8, first_round="random", first_round_seed=5)).round
    b = pair_team_round(make_event(8, first_round="random", first_round_seed=5)).round
    assert teams_of(a) == teams_of(b)


def test_cards_colour_is_listed_first():
    ev = make_event(4, boards=2, reserves=0)
    ev = event_with_round(ev, [(2, 1), (3, 4)], results=[["red_win", "red_win"], ["draw", "draw"]])
    cards = build_team_cards(ev, 2)
    # match 1: team 2 first (R); board 1 team 2 red wins, board 2 team 1 red wins → 2:2, drawn
    assert cards[2].colours == ["R"] and cards[1].colours == ["B"]
    assert cards[1].score == cards[2].score == 1
    assert cards[3].opponents == {4} and cards[3].colours == ["R"]
    ev.settings.pair_by = "game_points"
    cards = build_team_cards(ev, 2)
    assert cards[1].score == cards[2].score == 2 and cards[3].score == 2


def test_provisional_and_missing_lineups_count_as_draws():
    ev = make_event(4, boards=2, reserves=0)
    ev = event_with_round(ev, [(1, 2), (3, 4)], results=[["red_win", None], ["red_win", "black_win"]])
    ev = ev.with_round(TeamRound(2, [Match(1, 1, 3), Match(2, 2, 4)]))
    # round 2 has no line-ups yet: pairing round 3 counts it as all boards drawn
    ev.settings.rounds = 3
    out = pair_team_round(ev, 3)
    assert (1, 1, 2) in out.provisional
    assert any("尚无出场名单" in n for n in out.notes)
    cards = out.cards
    assert cards[1].score == 2 + 1  # won 3:1 provisionally, then drawn
    assert cards[2].score == 0 + 1


def test_withdrawn_team_not_paired():
    ev = make_event(6)
    ev.team(3).withdrawn_from_round = 1
    assert pairable_teams(ev, 1) == [1, 2, 4, 5, 6]
    out = pair_team_round(ev)
    assert 3 not in out.round.teams() and len(out.round.byes) == 1


def test_too_many_rounds():
    ev = make_event(2, rounds=3, boards=2, reserves=0)
    ev, _ = pair_and_seat(ev)
    fill(ev, 1, random.Random(1))
    with pytest.raises(PairingImpossible, match="2支队伍"):
        pair_team_round(ev)
    ev.settings.rounds = 1
    with pytest.raises(InputError, match="已编排完毕"):
        pair_team_round(ev)


# ------------------------------------------------------------------ the same engine as individuals


def proxy_event(ev) -> Event:
    """The team event as an individual event: teams are players, a match is
    a game won by the team with more 局分 (first team = red)."""
    rounds = []
    for r in ev.rounds:
        boards = []
        for m in r.matches:
            f, s, _ = match_game_points(ev, m, provisional=True)
            boards.append(Board(m.match, m.first, m.second, RED_WIN if f > s else BLACK_WIN if f < s else DRAW))
        rounds.append(Round(r.round, boards, list(r.byes)))
    s = ev.settings
    return Event(
        EventSettings(rounds=s.rounds, first_round=s.first_round, pairing=s.pairing),
        [Player(t.no, t.name) for t in ev.teams],
        rounds,
    )


@pytest.mark.parametrize("seed", range(40))
def test_team_swiss_is_the_individual_engine(seed):
    rng = random.Random(seed)
    n = rng.randint(4, 24)
    rounds = min(rng.randint(3, 9), n - 1 if n % 2 == 0 else n)
    ev = make_event(
        n,
        boards=rng.choice((2, 3, 4, 6)),
        reserves=rng.randint(0, 2),
        lineup=rng.choice(("fixed_boards", "fixed_order", "per_round")),
        rounds=rounds,
    )
    for r in range(1, rounds + 1):
        try:
            want = pair_round(proxy_event(ev))
        except PairingImpossible:
            with pytest.raises(PairingImpossible):
                pair_team_round(ev)
            return
        out = pair_team_round(ev)
        assert teams_of(out.round) == [(b.red, b.black) for b in want.round.boards]
        assert out.round.byes == want.round.byes
        ev = seat_randomly(ev.with_round(out.round), r, rng, vacant_p=0.02)
        fill(ev, r, rng, forfeit_p=0.03)


# ------------------------------------------------------------------ random events end to end


def oracle_pairable(ev, round_no) -> bool:
    cards = build_team_cards(ev, round_no)
    teams = pairable_teams(ev, round_no)
    return perfect_matching(teams, lambda a, b: b not in cards[a].opponents, lambda a: cards[a].byes == 0)


def lower_bye_possible(ev, round_no, bye) -> bool:
    cards = build_team_cards(ev, round_no)
    teams = pairable_teams(ev, round_no)
    for p in teams:
        if cards[p].byes == 0 and cards[p].score < cards[bye].score:
            if perfect_matching([q for q in teams if q != p], lambda a, b: b not in cards[a].opponents):
                return True
    return False


def run_random_event(seed: int) -> dict:
    rng = random.Random(seed)
    n = rng.randint(3, 40)
    rounds = rng.randint(3, 11)
    fmt = rng.choice(("fixed_boards", "fixed_order", "per_round"))
    ev = make_event(
        n,
        boards=rng.randint(2, 10),
        reserves=rng.randint(0, 3),
        lineup=fmt,
        rounds=rounds,
        pair_by=rng.choice(("match_points", "match_points", "game_points")),
        tiebreaks=[rng.choice(("seed001-team-1", "seed001-team-2"))],
    )
    stats = {"rounds": 0, "impossible": 0, "team_rounds": 0}
    for r in range(1, rounds + 1):
        if r > 1 and rng.random() < 0.1:
            t = rng.choice(ev.teams)
            if t.withdrawn_from_round is None and len(pairable_teams(ev, r)) > 3:
                t.withdrawn_from_round = r
        if rng.random() < 0.1:
            p = rng.choice(ev.players)
            p.withdrawn_from_round = p.withdrawn_from_round or r
        try:
            out = pair_team_round(ev)
        except PairingImpossible:
            assert not oracle_pairable(ev, r), f"seed {seed} round {r}: engine gave up but a pairing exists"
            stats["impossible"] += 1
            break
        rnd = out.round
        active = pairable_teams(ev, r)
        assert sorted(rnd.teams()) == active, "every active team exactly once"
        assert len(rnd.byes) == len(active) % 2
        cards = out.cards
        for m in rnd.matches:
            assert m.second not in cards[m.first].opponents, "no team rematch"
        for t in rnd.byes:
            assert cards[t].byes == 0, "no second bye"
            if any(cards[x].score < cards[t].score and cards[x].byes == 0 for x in active):
                prior = ev
                assert not lower_bye_possible(prior, r, t), (
                    f"seed {seed} round {r}: a lower team could have had the bye"
                )
        ev = seat_randomly(ev.with_round(rnd), r, rng, vacant_p=0.02)
        fill(ev, r, rng, forfeit_p=0.02, unfinished_p=0.02 if r == rounds - 1 else 0.0)
        validate_team_event(ev, rules=team_rules(ev.settings))  # colours per board, line-ups per format, …
        for m in ev.get_round(r).matches:
            for b in m.boards:
                first_player = b.red if first_team_colour(b.board) == "R" else b.black
                assert first_player in (0, *ev.team(m.first).players)
            assert len(seats(ev, m, m.first)) == ev.settings.boards
        stats["rounds"] += 1
        stats["team_rounds"] += len(rnd.teams())
    # standings: ordered by the event's format, both formats computable
    rows = compute_team_standings(ev, rules=team_rules(ev.settings))
    keys = resolve_team_tiebreaks(ev.settings.tiebreaks, team_rules(ev.settings).default_tiebreaks)
    primary = keys[0]
    vals = [r.values[primary] for r in rows]
    assert vals == sorted(vals, reverse=True)
    for fmt_name in ("seed001-team-1", "seed001-team-2"):
        ev.settings.tiebreaks = [fmt_name]
        rows = compute_team_standings(ev, rules=team_rules(ev.settings))
        first = "match_points" if fmt_name.endswith("1") else "game_points"
        second = "opp_match_points" if fmt_name.endswith("1") else "match_points"
        for a, b in zip(rows, rows[1:]):
            assert (a.values[first], a.values[second]) >= (b.values[first], b.values[second])
            assert a.rank <= b.rank
    return stats


EVENTS = int(os.environ.get("XLXQ_TEAM_EVENTS", "100"))


@pytest.mark.slow
def test_random_team_events_end_to_end():
    total = {"rounds": 0, "impossible": 0, "team_rounds": 0}
    for seed in range(EVENTS):
        st = run_random_event(seed)
        for k in total:
            total[k] += st[k]
    print(
        f"\n[team Swiss] {EVENTS} events, {total['rounds']} rounds, {total['team_rounds']} team-rounds, "
        f"{total['impossible']} rounds impossible (confirmed by matching)"
    )
    assert total["rounds"] > 4 * EVENTS


def test_pairing_is_deterministic():
    rng = random.Random(3)
    ev = make_event(12, rounds=5)
    for r in range(1, 4):
        ev, _ = pair_and_seat(ev)
        fill(ev, r, rng)
    a = pair_team_round(ev).round
    b = pair_team_round(ev).round
    assert teams_of(a) == teams_of(b)


# ------------------------------------------------------------------ team round robin


@pytest.mark.parametrize("n", [3, 4, 5, 6, 9, 10])
def test_team_round_robin_follows_the_table(n):
    ev = make_event(n, system="round_robin", boards=2, reserves=0, rounds=team_rr_round_count(make_event(n), False))
    total = team_rr_round_count(ev, False)
    assert total == (n if n % 2 else n - 1)
    met = set()
    table = berger_table(n)
    rng = random.Random(n)
    for r in range(1, total + 1):
        ev, out = pair_and_seat(ev)
        phantom = n + 1 if n % 2 else None
        want = [(a, b) for a, b in table[r - 1] if phantom not in (a, b)]
        assert teams_of(ev.rounds[-1]) == want
        assert len(ev.rounds[-1].byes) == n % 2
        for a, b in want:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
        fill(ev, r, rng)
    assert len(met) == n * (n - 1) // 2
    with pytest.raises(InputError):
        pair_team_round(ev)
    rows = compute_team_standings(ev, rules=team_rules(ev.settings))
    assert resolve_team_tiebreaks(ev.settings.tiebreaks, team_rules(ev.settings).default_tiebreaks)[0] == "match_points"
    assert all(r.byes == n % 2 for r in rows)


def test_double_team_round_robin_reverses_second_cycle():
    ev = make_event(4, system="double_round_robin", boards=2, reserves=0, rounds=6)
    for r in range(1, 7):
        ev, out = pair_and_seat(ev)
        fill(ev, r, random.Random(r))
    first = [teams_of(r) for r in ev.rounds[:3]]
    second = [teams_of(r) for r in ev.rounds[3:]]
    assert second == [[(b, a) for a, b in rnd] for rnd in first]
    assert "先后走互换" in pair_team_round(ev.__class__(ev.settings, ev.players, ev.teams, ev.rounds[:3])).notes[0]
