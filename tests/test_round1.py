"""方法(一) 第一轮编排: numbering methods and colours."""

import pytest

from xlxq.core.model import PairingOptions
from xlxq.core.pairing import pair_round
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
    on = pair_round(make_event(4, units=units, pairing=PairingOptions(avoid_same_unit_round1=True)))
    assert pairs_of(on.round) == [(1, 4), (3, 2)]  # 2 and 4 (lower half) swap
    assert any("同单位回避" in n for n in on.notes)
