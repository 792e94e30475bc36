"""全队轮赛制 (Scheveningen): the schedules for every n from 2 to 10, each
property re-verified here independently of ``check_schedule``; the two
impossibility results (n = 2 cannot balance every round together with every
player; the cyclic pairing cannot balance n = 6, rules-research §3.3); the
research's verified 6-a-side table; time and determinism; events."""

from __future__ import annotations

import itertools
import time

import pytest

from xlxq.systems import team_rules
from xlxq.core import scheveningen as sv
from xlxq.core.model import Player
from xlxq.core.scheveningen import (
    check_schedule,
    colour_sequences,
    cyclic_pairings,
    round_targets,
    schedule,
    schedule_stage,
    scheveningen_round,
    strict_possible,
)
from xlxq.systems import pair_and_seat
from xlxq.core.team_standings import board_standings, compute_team_standings
from xlxq.core.teams import Team, TeamEvent, TeamSettings, validate_team_event
from xlxq.errors import InputError

ALL_N = range(2, 11)


def verify(sched, n, round_balance=True):
    """The properties of the issue, checked from scratch."""
    assert len(sched) == n, "n rounds"
    met = set()
    a_seq = {i: [] for i in range(1, n + 1)}
    b_seq = {j: [] for j in range(1, n + 1)}
    for rnd in sched:
        assert sorted(g[0] for g in rnd) == list(range(1, n + 1)), "every A player once a round"
        assert sorted(g[1] for g in rnd) == list(range(1, n + 1)), "every B player once a round"
        for a, b, a_red in rnd:
            assert (a, b) not in met, "no pair twice"
            met.add((a, b))
            a_seq[a].append("R" if a_red else "B")
            b_seq[b].append("B" if a_red else "R")
        reds_a = sum(1 for g in rnd if g[2])
        if round_balance:
            # each round each team as many reds as the other (±1 for odd n)
            assert abs(reds_a - (n - reds_a)) == n % 2
    assert len(met) == n * n, "every player meets every opponent"
    for seq in list(a_seq.values()) + list(b_seq.values()):
        assert abs(seq.count("R") - seq.count("B")) <= 1, "reds and blacks differ by at most one"
        for k in range(len(seq) - 2):
            assert not (seq[k] == seq[k + 1] == seq[k + 2]), "no three of a colour in a row"
    total_a = sum(g[2] for rnd in sched for g in rnd)
    assert abs(total_a - (n * n - total_a)) <= 1, "the match total balanced"


@pytest.mark.parametrize("n", ALL_N)
def test_schedule_has_every_property(n):
    sched = schedule(n)
    verify(sched, n, round_balance=(n != 2))
    assert check_schedule(sched, n, round_balance=(n != 2)) == []


@pytest.mark.parametrize("n", range(3, 11))
def test_every_round_balanced_for_n_3_to_10(n):
    assert strict_possible(n)
    assert schedule_stage(n) in ("cyclic", "search")
    for r, rnd in enumerate(schedule(n)):
        assert sum(g[2] for g in rnd) == round_targets(n)[r]


def test_two_a_side_cannot_balance_rounds_and_players_together():
    """Exhaustive, independent of the generator: 2 Latin squares × 2⁴ colourings."""
    found = []
    for order in ((0, 1), (1, 0)):  # who A1 meets in round 1
        pairs = [[(1, 1 + order[0]), (2, 2 - order[0])], [(1, 2 - order[0]), (2, 1 + order[0])]]
        for colours in itertools.product((True, False), repeat=4):
            sched = [[(a, b, colours[2 * r + k]) for k, (a, b) in enumerate(rnd)] for r, rnd in enumerate(pairs)]
            if not check_schedule(sched, 2):
                found.append(sched)
    assert found == []
    assert not strict_possible(2)
    assert schedule_stage(2) == "relaxed"
    # what is kept: each player one red and one black, two reds a team over the match
    a, b = colour_sequences(schedule(2), 2)
    assert all(seq.count("R") == 1 for seq in list(a.values()) + list(b.values()))
    assert sum(g[2] for rnd in schedule(2) for g in rnd) == 2


def test_cyclic_pairing_cannot_balance_six_a_side():
    """rules-research §3.3: with A_i v B_(i+r) no colouring balances 6-a-side
    (the colour search is exhaustive: None, not out of budget)."""
    assert sv._colour_search(6, cyclic_pairings(6), round_targets(6), budget=10**7) is None
    assert schedule_stage(6) == "search"
    pairs = {(a, (b - a) % 6) for r, rnd in enumerate(schedule(6)) for a, b, _ in rnd}
    assert len({d for _, d in pairs}) > 1  # not the cyclic table


def test_cyclic_tables_where_they_work():
    for n in (3, 4, 5, 7, 8, 9):
        assert schedule_stage(n) == "cyclic"
        for r, rnd in enumerate(schedule(n)):
            assert all(b == (a - 1 + r) % n + 1 for a, b, _ in rnd)


RESEARCH_6 = """
A1-B5 A2-B1 A3-B6 B4-A4 B3-A5 B2-A6
A1-B2 A2-B4 B1-A3 B5-A4 B6-A5 A6-B3
B1-A1 B6-A2 A3-B3 A4-B2 A5-B5 B4-A6
A1-B6 B2-A2 B5-A3 B3-A4 A5-B4 A6-B1
B4-A1 A2-B3 B2-A3 A4-B6 B1-A5 A6-B5
B3-A1 B5-A2 A3-B4 A4-B1 A5-B2 B6-A6
"""


def parse(text):
    out = []
    for line in text.strip().splitlines():
        rnd = []
        for cell in line.split():
            x, y = cell.split("-")
            if x[0] == "A":
                rnd.append((int(x[1:]), int(y[1:]), True))
            else:
                rnd.append((int(y[1:]), int(x[1:]), False))
        out.append(sorted(rnd))
    return out


def test_checker_accepts_the_research_table_and_catches_each_defect():
    good = parse(RESEARCH_6)
    verify(good, 6)
    assert check_schedule(good, 6) == []
    # a colour flipped: round balance and player balance break
    bad = [list(r) for r in good]
    a, b, c = bad[0][0]
    bad[0][0] = (a, b, not c)
    assert any("round 1" in p for p in check_schedule(bad, 6))
    # two rounds swapped → a run of three appears somewhere or not; swap pairings instead: a rematch
    bad = [list(r) for r in good]
    bad[1][0] = (1, 5, True)
    assert any("twice" in p or "never" in p or "once" in p for p in check_schedule(bad, 6))
    # a three-in-a-row
    seqs = [[(1, 1, True)], [(1, 1, True)], [(1, 1, True)]]
    assert any("three" in p for p in check_schedule(seqs, 1))


def test_all_sizes_fast_and_deterministic():
    sv._build.cache_clear()
    t = time.perf_counter()
    first = {n: schedule(n) for n in ALL_N}
    elapsed = time.perf_counter() - t
    assert elapsed < 3.0, f"{elapsed:.2f} s for n = 2..10"
    sv._build.cache_clear()
    assert {n: schedule(n) for n in ALL_N} == first


@pytest.mark.parametrize("bad", [1, 11, 0, "6", 6.0, True])
def test_size_out_of_range(bad):
    with pytest.raises(InputError):
        schedule(bad)


def test_format_schedule():
    text = sv.format_schedule(schedule(4))
    assert text.splitlines()[0].startswith("R1: ")
    assert len(text.splitlines()) == 4


# ------------------------------------------------------------------ events


def two_teams(n, reserves=1):
    players, teams, no = [], [], 1
    for t, name in ((1, "甲队"), (2, "乙队")):
        ps = []
        for k in range(n + reserves):
            players.append(Player(no, f"{name}{k + 1}", unit=name))
            ps.append(no)
            no += 1
        teams.append(Team(t, name, ps))
    return TeamEvent(TeamSettings(system="scheveningen", rounds=n, boards=n, lineup="per_round"), players, teams)


@pytest.mark.parametrize("n", [2, 5, 6])
def test_scheveningen_event_end_to_end(n):
    ev = two_teams(n)
    results = ["red_win", "draw", "black_win"]
    for r in range(1, n + 1):
        ev, out = pair_and_seat(ev)
        (m,) = ev.rounds[-1].matches
        assert (m.first, m.second) == (1, 2)
        for k, b in enumerate(m.boards):
            b.result = results[(r + k) % 3]
        validate_team_event(ev, rules=team_rules(ev.settings))
    a_players = ev.team(1).players[:n]
    b_players = ev.team(2).players[:n]
    met = {
        (b.red, b.black) if b.red in a_players else (b.black, b.red)
        for r in ev.rounds
        for m in r.matches
        for b in m.boards
    }
    assert met == {(a, b) for a in a_players for b in b_players}
    for rnd, table in zip(ev.rounds, schedule(n)):
        for b, (i, j, a_red) in zip(rnd.matches[0].boards, table):
            assert b.board == i
            assert (b.red, b.black) == (
                (a_players[i - 1], b_players[j - 1]) if a_red else (b_players[j - 1], a_players[i - 1])
            )
    rows = compute_team_standings(ev, rules=team_rules(ev.settings))
    assert [r.no for r in rows] and sum(r.game_points for r in rows) == 2 * n * n
    assert rows[0].game_points >= rows[1].game_points
    assert set(board_standings(ev, rules=team_rules(ev.settings))) == set(range(1, n + 1))
    with pytest.raises(InputError):
        scheveningen_round(ev, n + 1)


def test_scheveningen_event_checks():
    ev = two_teams(4)
    ev.settings.rounds = 3
    with pytest.raises(InputError, match="应赛4轮"):
        validate_team_event(ev, rules=team_rules(ev.settings))
    ev = two_teams(4)
    ev.players += [Player(100 + k, f"丙队{k}") for k in range(4)]
    ev.teams.append(Team(3, "丙队", [100, 101, 102, 103]))
    with pytest.raises(InputError, match="两队之间"):
        validate_team_event(ev, rules=team_rules(ev.settings))


def test_docs_tables_match_the_code():
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "teams.md").read_text(encoding="utf-8")
    for n in ALL_N:
        assert sv.format_schedule(schedule(n)) in text, f"docs/teams.md table for n = {n} is stale"
