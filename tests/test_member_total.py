"""队员总分制: team-mates split between the halves at numbering (seed 001 二),
round 1 without team-mates, and teams ranked by their members' points or
placings, best-N, incomplete teams."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tests.helpers import make_event
from xlxq.core.member_total import FIRST_ROUND_FOR, member_total_standings, number_members, split_halves
from xlxq.core.model import Event, EventSettings, PairingOptions, Player
from xlxq.systems import pair_round
from xlxq.core.roundrobin import rr_round_count
from xlxq.core.simulate import fill_results
from xlxq.core.standings import compute_standings
from xlxq.errors import InputError


def registration(sizes: dict[str, int], rng: random.Random | None = None) -> list[Player]:
    """Players of teams of the given sizes, ratings descending within a team
    (the order in the file interleaves teams)."""
    out = []
    rng = rng or random.Random(0)
    no = 1
    for team, k in sizes.items():
        for i in range(k):
            out.append(Player(no, f"{team}{i + 1}", unit=team, rating=2400 - 37 * no % 500))
            no += 1
    rng.shuffle(out)
    return out


def team_count(ps, team):
    return sum(1 for p in ps if p.unit == team)


@pytest.mark.parametrize(
    "sizes",
    [
        {"甲": 2, "乙": 2, "丙": 2, "丁": 2},
        {"甲": 3, "乙": 1, "丙": 4, "丁": 2, "戊": 3},
        {"甲": 5, "乙": 5, "丙": 1},
        {"甲": 1, "乙": 1, "丙": 1},
    ],
)
def test_split_halves_balances_every_team(sizes):
    ps = registration(sizes)
    upper, lower = split_halves(ps)
    assert len(upper) == (len(ps) + 1) // 2 and len(lower) == len(ps) // 2
    for team in sizes:
        assert abs(team_count(upper, team) - team_count(lower, team)) <= 1
        members = sorted((p for p in ps if p.unit == team), key=lambda p: -p.rating)
        if len(members) >= 2:
            assert members[0] in upper  # the strongest of a team upstairs
    assert [p.rating for p in upper] == sorted((p.rating for p in upper), reverse=True)


@pytest.mark.parametrize("numbering", ["odd_even", "halves"])
@pytest.mark.parametrize("seed", range(25))
def test_round1_pairs_no_team_mates(numbering, seed):
    rng = random.Random(seed)
    teams = {f"队{k}": rng.randint(1, 4) for k in range(rng.randint(3, 12))}
    ps = number_members(registration(teams, rng), numbering=numbering)
    n = len(ps)
    assert [p.no for p in ps] == list(range(1, n + 1))
    upper = [p for p in ps if (p.no % 2 == 1 if numbering == "odd_even" else p.no <= n // 2)]
    for team in teams:
        assert abs(team_count(upper, team) - (teams[team] - team_count(upper, team))) <= 1
    ev = Event(EventSettings(rounds=5, first_round=FIRST_ROUND_FOR[numbering]), ps)
    rnd = pair_round(ev).round
    unit = {p.no: p.unit for p in ps}
    clashes = [(b.red, b.black) for b in rnd.boards if unit[b.red] == unit[b.black]]
    # a clash is left only when one team holds more than half the field
    biggest = max(teams.values())
    if biggest * 2 <= n - 2:
        assert clashes == [], (numbering, seed, clashes)
    # every board pairs the upper half with the lower half
    up = {p.no for p in upper}
    assert all((b.red in up) != (b.black in up) for b in rnd.boards)
    # the bye (odd N) goes to the largest number
    assert rnd.byes == ([n] if n % 2 else [])


def test_numbering_examples():
    ps = [
        Player(i, f"P{i}", unit=u, rating=r)
        for i, (u, r) in enumerate([("A", 2500), ("A", 2400), ("B", 2300), ("B", 2200)], start=1)
    ]
    # odd_even: upper (1, 3) = A's and B's strongest; lower (2, 4); adjacent 1-2 would pair A1-A2,
    # so the lower half swaps: 1-B2, 3-A2
    out = {p.name: p.no for p in number_members(ps, "odd_even")}
    assert out == {"P1": 1, "P3": 3, "P4": 2, "P2": 4}
    out = {p.name: p.no for p in number_members(ps, "odd_even", avoid_round1=False)}
    assert out == {"P1": 1, "P3": 3, "P2": 2, "P4": 4}
    out = {p.name: p.no for p in number_members(ps, "halves")}
    assert out == {"P1": 1, "P3": 2, "P4": 3, "P2": 4}


def test_numbering_orders():
    ps = registration({"甲": 3, "乙": 3, "丙": 2})
    a = number_members(ps, order="draw", seed=7)
    b = number_members(ps, order="draw", seed=7)
    assert [(p.name, p.no) for p in a] == [(p.name, p.no) for p in b]
    with pytest.raises(InputError, match="随机种子"):
        number_members(ps, order="draw")
    with pytest.raises(InputError, match="排序方式"):
        number_members(ps, order="age")
    with pytest.raises(InputError, match="编号方式"):
        number_members(ps, numbering="snake")
    by_file = number_members(ps, order="file")
    assert sorted(p.name for p in by_file) == sorted(p.name for p in ps)


# ------------------------------------------------------------------ team ranking


def one_round_event():
    """Ranks after round 1 (2011 14.3.1): 6 (B) 1st, 1 (A) 2nd, 4 (A) 3rd,
    3 (C) 4th, 2 (B) 5th, 5 (C) 6th; points 2, 2, 1, 1, 0, 0."""
    return make_event(
        6,
        [[(1, 2, "1-0"), (3, 4, "="), (5, 6, "0-1")]],
        rounds=5,
        units={1: "A", 4: "A", 6: "B", 2: "B", 3: "C", 5: "C"},
    )


def test_rank_by_points_and_by_placings():
    ev = one_round_event()
    assert [(r.no, r.rank) for r in compute_standings(ev)] == [(6, 1), (1, 2), (4, 3), (3, 4), (2, 5), (5, 6)]
    rows = member_total_standings(ev, by="points")
    assert [(r.team, r.points, r.placings, r.rank) for r in rows] == [("A", 3, 5, 1), ("B", 2, 6, 2), ("C", 1, 10, 3)]
    rows = member_total_standings(ev, by="placings")
    assert [(r.team, r.placings) for r in rows] == [("A", 5), ("B", 6), ("C", 10)]
    rows = member_total_standings(ev, by="placings", best=1)
    assert [(r.team, r.placings, r.counted[0][0]) for r in rows] == [("B", 1, 6), ("A", 2, 1), ("C", 4, 3)]
    assert rows[0].others == [2]


def test_ties_and_incomplete_teams():
    ev = one_round_event()
    ev.player(5).unit = "D"  # C: only player 3 now; D: only player 5
    rows = member_total_standings(ev, by="points", best=2)
    assert [r.team for r in rows] == ["A", "B", "C", "D"] and not rows[2].complete
    assert rows[2].rank == 3
    rows = member_total_standings(ev, by="placings", best=2, incomplete="count")
    assert [r.team for r in rows] == ["C", "A", "B", "D"]  # 4 < 5 < 6 < 6; B's best placing 1 beats D's 6
    rows = member_total_standings(ev, by="placings", best=2, incomplete="drop")
    assert [r.team for r in rows] == ["A", "B"]
    # equal teams share a rank
    ev2 = make_event(4, [[(1, 2, "="), (3, 4, "=")]], rounds=3, units={1: "A", 2: "B", 3: "A", 4: "B"})
    ev2.settings.tiebreaks = []
    rows = member_total_standings(ev2)
    assert [r.rank for r in rows] == [1, 1]
    with pytest.raises(InputError):
        member_total_standings(ev, by="rating")
    with pytest.raises(InputError):
        member_total_standings(ev, incomplete="ignore")
    with pytest.raises(InputError):
        member_total_standings(ev, best=0)


@pytest.mark.parametrize("seed", range(6))
def test_member_total_swiss_end_to_end(seed):
    rng = random.Random(seed)
    teams = {f"队{k}": rng.randint(2, 4) for k in range(rng.randint(4, 10))}
    ps = number_members(registration(teams, rng), numbering="odd_even")
    ev = Event(EventSettings(rounds=7, first_round="adjacent", pairing=PairingOptions(same_unit="round1")), ps)
    for _ in range(7):
        rnd = fill_results(pair_round(ev).round, rng)
        ev = ev.with_round(rnd)
    indiv = {r.no: r for r in compute_standings(ev)}
    for by in ("points", "placings"):
        rows = member_total_standings(ev, by=by, best=2)
        assert {r.team for r in rows} == set(teams)
        for r in rows:
            counted = [no for no, _, _ in r.counted]
            members = sorted((p.no for p in ps if p.unit == r.team), key=lambda no: (indiv[no].rank, no))
            assert counted == members[:2]
            assert r.points == sum(indiv[no].score for no in counted)
        vals = [(-r.points, r.placings) if by == "points" else (r.placings, r.best_placing) for r in rows]
        assert vals == sorted(vals)


def test_member_total_round_robin():
    ps = [Player(i, f"P{i}", unit="AB"[i % 2]) for i in range(1, 7)]
    ev = Event(EventSettings(system="round_robin", rounds=rr_round_count(6)), ps)
    rng = random.Random(1)
    for _ in range(ev.settings.rounds):
        ev = ev.with_round(fill_results(pair_round(ev).round, rng))
    rows = member_total_standings(ev, by="points")
    assert sum(r.points for r in rows) == 2 * 15  # 15 games, 2 points each
    assert Counter(r.team for r in rows) == Counter({"A": 1, "B": 1})
