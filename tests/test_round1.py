"""方法(一) 第一轮编排: numbering methods and colours."""

import pytest

from xlxq.core.model import PairingOptions
from xlxq.systems import pair_round
from tests.helpers import make_event, pairs_of


@pytest.mark.parametrize(
    "method,expected",
    [
        ("adjacent", [(1, 2), (4, 3), (5, 6), (8, 7)]),  # 近号 1-2、4-3、5-6、8-7
        ("fold", [(1, 8), (7, 2), (3, 6), (5, 4)]),  # 首尾
        ("slide", [(1, 5), (6, 2), (3, 7), (8, 4)]),  # 对半交叉 / 拦腰
    ],
)
def test_first_round_methods(method, expected):
    out = pair_round(make_event(8, first_round=method))
    assert pairs_of(out.round) == expected
    assert out.round.byes == []


def test_odd_field_last_number_has_bye():
    out = pair_round(make_event(9))
    assert out.round.byes == [9]
    assert pairs_of(out.round) == [(1, 2), (4, 3), (5, 6), (8, 7)]


def test_random_is_recorded_seed_deterministic():
    a = pair_round(make_event(20, first_round="random", first_round_seed=42)).round
    b = pair_round(make_event(20, first_round="random", first_round_seed=42)).round
    c = pair_round(make_event(20, first_round="random", first_round_seed=43)).round
    assert pairs_of(a) == pairs_of(b) != pairs_of(c)
    assert sorted(a.players()) == list(range(1, 21))
    for i, (r, k) in enumerate(pairs_of(a), start=1):  # colours still by board parity
        assert (r < k) == (i % 2 == 1)


def test_withdrawn_before_round_one_is_not_paired():
    ev = make_event(6)
    ev.players[2].withdrawn_from_round = 1
    out = pair_round(ev)
    assert 3 not in out.round.players()
    assert out.round.byes == [6]


def test_same_unit_avoidance_swaps_lower_half_players():
    units = {1: "北京", 2: "北京", 3: "上海", 4: "广东"}
    off = pair_round(make_event(4, units=units))
    assert pairs_of(off.round) == [(1, 2), (4, 3)]  # 原则(七): not avoided by default
    on = pair_round(make_event(4, units=units, pairing=PairingOptions(same_unit="round1")))
    assert pairs_of(on.round) == [(1, 4), (3, 2)]  # 2 and 4 (lower half) swap
    assert any("同单位回避" in n for n in on.notes)


# -- seed 001 §二.3: the four round-1 colour methods, with each pairing method (issue 22) --

EIGHT = {
    # pairs (top half, bottom half) of 8 numbers: 近号, 首尾, 对半交叉
    "adjacent": [(1, 2), (3, 4), (5, 6), (7, 8)],
    "fold": [(1, 8), (2, 7), (3, 6), (4, 5)],
    "slide": [(1, 5), (2, 6), (3, 7), (4, 8)],
}
COLOURED = {
    # 单数台次小号先手、双数台次大号先手 (seed 000's 1-2, 4-3 …)
    ("adjacent", "board_parity"): [(1, 2), (4, 3), (5, 6), (8, 7)],
    ("fold", "board_parity"): [(1, 8), (7, 2), (3, 6), (5, 4)],
    ("slide", "board_parity"): [(1, 5), (6, 2), (3, 7), (8, 4)],
    # 上半区先手: 近号's upper half is the odd numbers (方法(一) 种子组抽单数号);
    # 首尾 and 对半交叉's the smaller numbers
    ("adjacent", "top_half"): [(1, 2), (3, 4), (5, 6), (7, 8)],
    ("fold", "top_half"): [(1, 8), (2, 7), (3, 6), (4, 5)],
    ("slide", "top_half"): [(1, 5), (2, 6), (3, 7), (4, 8)],
    # 单数序号先手、双数序号后手; 对半交叉 of 8 pairs two odd or two even
    # numbers: those boards by board parity
    ("adjacent", "odd_number"): [(1, 2), (3, 4), (5, 6), (7, 8)],
    ("fold", "odd_number"): [(1, 8), (7, 2), (3, 6), (5, 4)],
    ("slide", "odd_number"): [(1, 5), (6, 2), (3, 7), (8, 4)],
    # 抽签: seed 2's toss gives board 1's top-half player red, then the boards alternate
    ("adjacent", "draw"): [(1, 2), (4, 3), (5, 6), (8, 7)],
    ("fold", "draw"): [(1, 8), (7, 2), (3, 6), (5, 4)],
    ("slide", "draw"): [(1, 5), (6, 2), (3, 7), (8, 4)],
}


@pytest.mark.parametrize("method,colours", sorted(COLOURED))
def test_round1_colour_methods(method, colours):
    ev = make_event(8, first_round=method, first_round_seed=2, pairing=PairingOptions(first_round_colours=colours))
    assert pairs_of(pair_round(ev).round) == COLOURED[method, colours]


def test_round1_colours_drawn_the_other_way_and_recorded():
    """Seed 0's toss gives board 1's top-half player black; the note names the seed."""
    ev = make_event(8, first_round_seed=0, pairing=PairingOptions(first_round_colours="draw"))
    out = pair_round(ev)
    assert pairs_of(out.round) == [(2, 1), (3, 4), (6, 5), (7, 8)]
    assert any("首轮先后手抽签，随机种子 0：第1台上半区棋手后走" in n for n in out.notes)


@pytest.mark.parametrize("colours", ["board_parity", "top_half", "odd_number", "draw"])
def test_round1_random_pairing_takes_every_colour_method(colours):
    """随机配对 with each colour method: the same pairs, the colours by the method
    (the first drawn of a pair is the top half)."""
    ev = make_event(10, first_round="random", first_round_seed=7, pairing=PairingOptions(first_round_colours=colours))
    base = make_event(
        10, first_round="random", first_round_seed=7, pairing=PairingOptions(first_round_colours="top_half")
    )
    drawn = pairs_of(pair_round(base).round)  # (first drawn, second drawn)
    got = pairs_of(pair_round(ev).round)
    assert [set(p) for p in got] == [set(p) for p in drawn]
    for i, ((red, _black), (top, bottom)) in enumerate(zip(got, drawn), start=1):
        if colours == "top_half":
            assert red == top
        elif colours == "odd_number" and top % 2 != bottom % 2:
            assert red % 2 == 1
        elif colours != "draw":
            assert red == (min(top, bottom) if i % 2 else max(top, bottom))


def test_forbidden_pair_swapped_apart_in_round1():
    """亲属回避 3-4 (近号 would pair them on board 2): seed 001's swap, the
    lower-half player 4 with 6 of the next pair; colours by board."""
    ev = make_event(8, pairing=PairingOptions(forbidden_pairs=((3, 4),)))
    out = pair_round(ev)
    assert pairs_of(out.round) == [(1, 2), (6, 3), (4, 5), (8, 7)]
    assert any("回避配对：4号与6号互换（第2、3台）" in n for n in out.notes)
