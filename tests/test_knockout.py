"""Knockout (淘汰赛): bracket placement, byes to the seeds (seed 000), one- and
two-game matches, 加赛, walkovers, champion and places."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from xlxq.core.knockout import (
    BYE,
    DECIDED,
    VOID,
    bracket_size,
    build_bracket,
    first_round_lines,
    knockout_ranking,
    planned_rounds,
    seed_lines,
    stage_count,
)
from xlxq.core.model import (
    BLACK_WIN,
    DOUBLE_FORFEIT,
    DRAW,
    RED_WIN,
    RED_WIN_FORFEIT,
    Board,
    Event,
    EventSettings,
    Player,
    Round,
)
from xlxq.systems import pair_round
from xlxq.core.simulate import fill_results
from xlxq.errors import InputError, PairingImpossible


def ko_event(n, g=1, seeds=None, withdrawn=None, **kw):
    players = [
        Player(i, f"P{i}", seed=(seeds or {}).get(i), withdrawn_from_round=(withdrawn or {}).get(i))
        for i in range(1, n + 1)
    ]
    return Event(EventSettings(system="knockout", rounds=kw.pop("rounds", 1000), games_per_match=g, **kw), players)


def run(ev, rng=None, decide=None, limit=10_000):
    """Pair and fill rounds until the champion is known.  ``decide(rnd)``
    may set results first; the rest are random."""
    rng = rng or random.Random(0)
    for _ in range(limit):
        br = build_bracket(ev)
        if br.finished:
            return ev
        rnd = pair_round(ev).round
        if decide:
            decide(rnd)
        fill_results(rnd, rng)
        ev = ev.with_round(rnd)
    raise AssertionError("no champion")


# ---------------------------------------------------------------- placement


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64, 128, 256])
def test_seed_lines_standard_placement(size):
    lines = seed_lines(size)
    assert sorted(lines) == list(range(1, size + 1))
    assert lines[0] == 1 and lines[-1] == 2
    for i in range(0, size, 2):  # 1 v P, 2 v P−1, …
        assert lines[i] + lines[i + 1] == size + 1
    # the top 2^k seeds fall in different 2^k-ths of the bracket
    k = 1
    while k <= size // 2:
        part = size // k
        assert sorted(min(lines[j * part : (j + 1) * part]) for j in range(k)) == list(range(1, k + 1))
        k *= 2


def test_seed_lines_examples():
    assert seed_lines(4) == [1, 4, 3, 2]
    assert seed_lines(8) == [1, 8, 5, 4, 3, 6, 7, 2]


def test_bracket_sizes():
    assert [bracket_size(n) for n in (2, 3, 4, 5, 8, 9, 129)] == [2, 4, 4, 8, 8, 16, 256]
    assert stage_count(129) == 8
    assert planned_rounds(6, 2) == 6
    with pytest.raises(InputError):
        bracket_size(1)


@pytest.mark.slow
@pytest.mark.parametrize("n", range(2, 130))
def test_brackets_2_to_129_byes_to_seeds_and_one_champion(n):
    ev = ko_event(n)
    br = build_bracket(ev)
    size = bracket_size(n)
    nbyes = size - n
    # every one of the top P − N ranks has a first-round bye, nobody else does
    assert sorted(br.byes()) == br.order[:nbyes] == list(range(1, nbyes + 1))
    assert all(m.status != "empty" for m in br.stages[0])  # two byes never meet
    out = pair_round(ev)
    assert out.round.byes == list(range(1, nbyes + 1))
    assert len(out.round.boards) == n - size // 2
    ev = run(ev, random.Random(n))
    br = build_bracket(ev)
    assert br.finished and br.champion is not None
    # the champion is the only player never knocked out; everyone else lost exactly once
    losers = Counter(no for ms in br.stages for m in ms for no in m.losers)
    assert set(losers) | {br.champion} == set(range(1, n + 1))
    assert set(losers.values()) == {1} and br.champion not in losers
    # no pair meets twice; every game belongs to a decided match
    pairs = Counter(frozenset((b.red, b.black)) for r in ev.rounds for b in r.boards)
    matches = {frozenset(m.players) for ms in br.stages for m in ms if m.status == DECIDED}
    assert set(pairs) == matches
    places = knockout_ranking(ev)
    assert [p.place for p in places].count(1) == 1 and places[0].no == br.champion
    assert all(p.place is not None for p in places)


def test_seeds_come_from_the_seed_field_then_number():
    ev = ko_event(6, seeds={5: 1, 3: 2})
    br = build_bracket(ev)
    assert br.order == [5, 3, 1, 2, 4, 6]
    assert br.byes() == [5, 3]
    assert first_round_lines(br.order) == [5, None, 4, 2, 1, 6, None, 3]  # ranks 1,8,5,4,3,6,7,2


# ---------------------------------------------------------------- matches


def test_two_game_match_swaps_colours_and_playoff_blocks():
    ev = ko_event(2, g=2)
    r1 = pair_round(ev).round
    assert [(b.red, b.black) for b in r1.boards] == [(1, 2)]  # better seed red in game 1
    r1.boards[0].result = RED_WIN
    ev = ev.with_round(r1)
    r2 = pair_round(ev).round
    assert [(b.red, b.black) for b in r2.boards] == [(2, 1)]
    r2.boards[0].result = RED_WIN  # 1:1 → 加赛
    ev = ev.with_round(r2)
    out = pair_round(ev)
    assert any("加赛第1局" in n for n in out.notes)
    assert [(b.red, b.black) for b in out.round.boards] == [(1, 2)]
    out.round.boards[0].result = RED_WIN  # play-off block of 2: not decided yet
    ev = ev.with_round(out.round)
    assert build_bracket(ev).final.status == "pending"
    r4 = pair_round(ev).round
    assert [(b.red, b.black) for b in r4.boards] == [(2, 1)]
    r4.boards[0].result = DRAW  # block 2:1 for player 1
    ev = ev.with_round(r4)
    br = build_bracket(ev)
    assert br.champion == 1
    m = br.final
    assert len(m.main_games(2)) == 2 and len(m.playoff_games(2)) == 2
    with pytest.raises(InputError, match="冠军"):
        pair_round(ev)


def test_playoff_blocks_and_armageddon():
    ev = ko_event(2, playoff_games=[2], armageddon=True)
    for res in (DRAW, DRAW, DRAW):  # game 1 drawn, play-off block of 2 drawn
        rnd = pair_round(ev).round
        rnd.boards[0].result = res
        ev = ev.with_round(rnd)
    out = pair_round(ev)
    assert any("和棋判黑方胜" in n for n in out.notes)
    b = out.round.boards[0]
    b.result = DRAW
    ev = ev.with_round(out.round)
    assert build_bracket(ev).champion == b.black


def test_single_game_playoffs_repeat_until_decided():
    ev = ko_event(2, playoff_games=[1])
    for _ in range(5):
        rnd = pair_round(ev).round
        rnd.boards[0].result = DRAW
        ev = ev.with_round(rnd)
    rnd = pair_round(ev).round
    assert len(ev.rounds) == 5 and rnd.round == 6
    rnd.boards[0].result = BLACK_WIN
    ev = ev.with_round(rnd)
    assert build_bracket(ev).champion == rnd.boards[0].black


def test_unfinished_game_blocks_the_next_round():
    ev = ko_event(4)
    ev = ev.with_round(pair_round(ev).round)
    with pytest.raises(PairingImpossible, match="尚无结果"):
        pair_round(ev)


def test_a_board_outside_the_bracket_is_refused():
    ev = ko_event(4)
    ev = ev.with_round(Round(1, [Board(1, 1, 2, RED_WIN), Board(2, 3, 4, RED_WIN)]))
    with pytest.raises(InputError, match="不是淘汰赛") as e:
        build_bracket(ev)
    assert (e.value.place.round, e.value.place.board) == (1, 1)


def test_game_after_decision_is_refused():
    ev = ko_event(2)
    ev = ev.with_round(Round(1, [Board(1, 1, 2, RED_WIN)]))
    ev = ev.with_round(Round(2, [Board(1, 2, 1, RED_WIN)]))
    with pytest.raises(InputError):
        build_bracket(ev)


def test_stage_order_and_boards_by_seed():
    ev = ko_event(8)
    r1 = pair_round(ev).round
    assert [(b.red, b.black) for b in r1.boards] == [(1, 8), (2, 7), (3, 6), (4, 5)]
    for b in r1.boards:
        b.result = BLACK_WIN if b.red == 4 else RED_WIN  # 5 beats 4
    ev = ev.with_round(r1)
    r2 = pair_round(ev).round
    assert [(b.red, b.black) for b in r2.boards] == [(1, 5), (2, 3)]
    assert "半决赛" in pair_round(ev).notes[0]


# ---------------------------------------------------------------- withdrawals


def test_withdrawn_player_forfeits_and_double_withdrawal_is_a_walkover():
    # 8 players; 7 and 2 meet in round 1 — 7 withdraws; 3 and 6 both withdraw
    ev = ko_event(8, withdrawn={7: 1, 3: 1, 6: 1})
    out = pair_round(ev)
    res = {(b.red, b.black): b.result for b in out.round.boards}
    assert res[(2, 7)] == RED_WIN_FORFEIT and res[(3, 6)] == DOUBLE_FORFEIT
    for b in out.round.boards:
        if b.result is None:
            b.result = RED_WIN
    ev = ev.with_round(out.round)
    br = build_bracket(ev)
    assert [m.status for m in br.stages[0]] == [DECIDED, DECIDED, VOID, DECIDED]
    # semi-final: 2's opponent (winner of 3–6) is nobody → walkover, listed as a bye
    out = pair_round(ev)
    assert out.round.byes == [2]
    assert br.stages[1][1].status == BYE
    assert [(b.red, b.black) for b in out.round.boards] == [(1, 4)]


def test_knockout_ranking_places():
    ev = ko_event(5)  # 3 byes; 4 v 5 in round 1

    def higher_wins(rnd):
        for b in rnd.boards:
            b.result = RED_WIN if b.red < b.black else BLACK_WIN

    ev = run(ev, decide=higher_wins)
    places = [(p.no, p.place, p.place_to) for p in knockout_ranking(ev)]
    assert places == [(1, 1, 1), (2, 2, 2), (3, 3, 4), (4, 3, 4), (5, 5, 5)]


def test_ranking_while_running():
    ev = ko_event(4)
    r1 = pair_round(ev).round
    r1.boards[0].result = RED_WIN  # 1 beats 4; 2–3 unfinished
    ev = ev.with_round(r1)
    places = {p.no: (p.place, p.place_to) for p in knockout_ranking(ev)}
    assert places[4] == (4, 4) and places[1] == (None, None)


def test_settings_are_checked():
    with pytest.raises(InputError):
        build_bracket(ko_event(4, g=0))
    with pytest.raises(InputError):
        build_bracket(ko_event(4, playoff_games=[0]))
