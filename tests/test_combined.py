"""Combined formats (seed 000 组合赛制): 积分晋圈淘汰制 (Swiss → knockout of the
top K) and 积分末位淘汰 (stop pairing players under Y points after round X)."""

from __future__ import annotations

import random

import pytest

from xlxq.core.combined import (
    ELIMINATION_TIEBREAKS,
    build_knockout,
    combined_ranking,
    eliminated,
    elimination_rounds,
    qualifiers,
    with_elimination,
)
from xlxq.core.history import build_cards, pairable_players
from xlxq.core.knockout import build_bracket, knockout_ranking
from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN, Board, Event, EventSettings, PairingOptions, Player, Round
from xlxq.systems import pair_round
from xlxq.core.simulate import fill_results
from xlxq.core.standings import compute_standings
from xlxq.errors import InputError


def swiss(n=12, rounds=5, seed=3, **settings):
    ev = Event(EventSettings(rounds=rounds, **settings), [Player(i, f"P{i}", unit=f"U{i}") for i in range(1, n + 1)])
    rng = random.Random(seed)
    while ev.next_round <= rounds:
        ev = ev.with_round(fill_results(pair_round(ev).round, rng))
    return ev


def finish(ko, seed=0):
    rng = random.Random(seed)
    while not build_bracket(ko).finished:
        rnd = pair_round(ko).round
        fill_results(rnd, rng)
        ko = ko.with_round(rnd)
    return ko


# ---------------------------------------------------------------- 积分晋圈淘汰制


@pytest.mark.parametrize("k", [2, 4, 6, 8])
def test_knockout_of_the_top_k(k):
    ev = swiss()
    rows = compute_standings(ev)
    ko = build_knockout(ev, k, games_per_match=2)
    assert ko.settings.system == "knockout" and ko.settings.games_per_match == 2
    assert [p.no for p in ko.players] == [r.no for r in rows[:k]]
    assert [p.seed for p in ko.players] == list(range(1, k + 1))
    assert ko.rounds == [] and ko.settings.rounds == {2: 1, 4: 2, 6: 3, 8: 3}[k] * 2
    br = build_bracket(ko)
    nbyes = br.size - k
    assert br.byes() == [r.no for r in rows[:nbyes]]  # the best Swiss places get the byes
    first = pair_round(ko).round
    if k == 2:  # a final between the top two
        assert [(b.red, b.black) for b in first.boards] == [(rows[0].no, rows[1].no)]
    ko = finish(ko, k)
    final = combined_ranking(ev, ko)
    assert sorted(r.no for r in final) == list(range(1, 13))
    assert [r.source for r in final] == ["knockout"] * k + ["swiss"] * (12 - k)
    assert final[0].no == build_bracket(ko).champion and final[0].rank == 1
    assert [r.no for r in final[k:]] == [r.no for r in rows[k:]]
    assert final[k].rank == k + 1


def test_cut_through_a_tie_is_refused_unless_told():
    ev = Event(EventSettings(rounds=5), [Player(i, f"P{i}") for i in range(1, 7)])
    with pytest.raises(InputError, match="并列"):
        qualifiers(ev, 2)  # nobody has played: all share rank 1
    assert qualifiers(ev, 2, on_tie="number") == [1, 2]
    with pytest.raises(InputError):
        qualifiers(ev, 1)
    with pytest.raises(InputError):
        qualifiers(ev, 7, on_tie="number")


def test_withdrawn_players_do_not_qualify():
    ev = swiss()
    top = compute_standings(ev)[0].no
    ev.player(top).withdrawn_from_round = 5  # left during the qualifying rounds
    assert top not in qualifiers(ev, 4)


def test_finalists_left_out_of_a_last_swiss_round_still_qualify():
    # WXF 18th style: the top 2 after round 4 play the final while the rest play round 5
    ev = swiss(rounds=4)
    rows = compute_standings(ev)
    ko = build_knockout(ev, 2, after_round=4)
    for p in ev.players:
        if p.no in (rows[0].no, rows[1].no):
            p.withdrawn_from_round = 5
    ev.settings.rounds = 5
    rnd = pair_round(ev).round
    assert not {rows[0].no, rows[1].no} & set(rnd.players())
    assert qualifiers(ev, 2, after_round=4) == [p.no for p in ko.players]


def test_combined_ranking_needs_a_finished_knockout():
    ev = swiss()
    ko = build_knockout(ev, 4)
    with pytest.raises(InputError):
        combined_ranking(ev, ko)


def test_semi_final_losers_share_third_place():
    ev = swiss()
    ko = finish(build_knockout(ev, 4), 5)
    places = {p.no: (p.place, p.place_to) for p in knockout_ranking(ko)}
    assert sorted(places.values()) == [(1, 1), (2, 2), (3, 4), (3, 4)]
    final = combined_ranking(ev, ko)
    assert [r.rank for r in final[:4]] == [1, 2, 3, 3]
    # shared place listed by Swiss place
    assert final[2].swiss_rank < final[3].swiss_rank


# ---------------------------------------------------------------- 积分末位淘汰


def small(history, n=6, rules=((2, 2),), rounds=5):
    ev = Event(
        EventSettings(rounds=rounds, pairing=PairingOptions(elimination=tuple(rules))),
        [Player(i, f"P{i}") for i in range(1, n + 1)],
    )
    for k, boards in enumerate(history, start=1):
        ev = ev.with_round(Round(k, [Board(j + 1, r, b, res) for j, (r, b, res) in enumerate(boards)]))
    return ev


HISTORY = [
    [(1, 2, RED_WIN), (4, 3, DRAW), (5, 6, BLACK_WIN)],  # 1:2 2:0 3:1 4:1 5:0 6:2
    [(1, 4, DRAW), (3, 2, RED_WIN), (6, 5, DRAW)],
]  # 1:3 2:0 3:3 4:2 5:1 6:3


def test_eliminated_after_round_x_under_y():
    ev = small(HISTORY)
    assert eliminated(ev, 2) == set()  # the rule applies from round X + 1
    assert eliminated(ev, 3) == {2, 5}  # under 2 points after round 2
    assert elimination_rounds(ev) == {2: 2, 5: 2}
    cards = build_cards(ev, 3)
    assert pairable_players(ev, 3, cards) == [1, 3, 4, 6]
    rnd = pair_round(ev).round
    assert sorted(rnd.players()) == [1, 3, 4, 6]


def test_elimination_off_by_default_and_several_checkpoints():
    ev = small(HISTORY, rules=())
    assert eliminated(ev, 3) == set()
    assert pairable_players(ev, 3, build_cards(ev, 3)) == [1, 2, 3, 4, 5, 6]
    ev = small(HISTORY, rules=((1, 1), (2, 3)))
    # after round 1 under 1: 2, 5; after round 2 under 3: 4 (2 points) too
    assert elimination_rounds(ev) == {2: 1, 5: 1, 4: 2}


def test_elimination_waits_for_a_result_that_decides_it():
    hist = [HISTORY[0], [(1, 4, DRAW), (3, 2, RED_WIN), (6, 5, None)]]
    ev = small(hist)
    # 5 has 0 (+ 0..2 from the open game): under 2 unless he wins → undecided
    with pytest.raises(InputError, match="5号"):
        eliminated(ev, 3)
    # 6 has 2 already: whatever happens he stays; 2 is out either way
    hist[1][2] = (6, 5, BLACK_WIN)
    assert eliminated(small(hist), 3) == {2}


def test_elimination_settings_helper():
    s = with_elimination(EventSettings(), [(3, 4)])
    assert s.pairing.elimination == ((3, 4.0),) and s.tiebreaks == ELIMINATION_TIEBREAKS
    assert with_elimination(EventSettings(), [(3, 4)], cumulative_tiebreaks=False).tiebreaks == ["cxa2011-opp"]
    with pytest.raises(InputError):
        with_elimination(EventSettings(), [(0, 4)])
    with pytest.raises(InputError):
        with_elimination(EventSettings(), [3])


def test_full_elimination_event_pairs_to_the_end():
    settings = with_elimination(EventSettings(rounds=7), [(3, 3), (5, 6)])
    ev = Event(settings, [Player(i, f"P{i}") for i in range(1, 21)])
    rng = random.Random(11)
    while ev.next_round <= 7:
        rnd = pair_round(ev).round
        gone = eliminated(ev, rnd.round)
        assert not gone & set(rnd.players())
        ev = ev.with_round(fill_results(rnd, rng))
    out = elimination_rounds(ev)
    assert out and set(out.values()) <= {3, 5}
    rows = compute_standings(ev)
    survivors = [r for r in rows if r.no not in out]
    assert min(r.score for r in survivors) >= max(r.score for r in rows if r.no in out)
