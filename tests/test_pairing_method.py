"""定位编排 rounds ≥ 2 on hand-worked positions, clause by clause.

Each expected pairing below was worked by hand with 编排卡 following seed 000;
the comments give the steps.
"""

from dataclasses import replace

import pytest

from xlxq.core.checks import check_round
from xlxq.core.explain import explain_round, group_record
from xlxq.core.history import DOWN, UP
from xlxq.core.model import PairingOptions, Scoring
from xlxq.systems import pair_round
from xlxq.core.swiss import (
    DUO_HOU,
    DUO_XIAN,
    LIAN_HOU,
    LIAN_XIAN,
    Q_APART,
    Q_FLOATON,
    Q_HARD,
    Q_REFLOAT,
    Q_STRONG,
    ROW_A,
    ROW_B,
    SHANG_HOU,
    SHANG_XIAN,
    category,
    order_key,
)
from xlxq.errors import PairingImpossible
from tests.helpers import card, make_event, pairs_of, search_group

R1 = [(1, 2), (4, 3), (5, 6), (8, 7)]


def test_round2_all_red_wins_same_row_pairing():
    """All winners had red: the 2-point group is all 要后行 (8,5,4,1 in an even
    round).  No 异行 partner, so 同行: 8 takes 5 (方法(三)1: another 多先), 4
    takes 1; colours by the number sum (13 odd → 5 red; 5 odd → 1 red)."""
    ev = make_event(8, [[(r, b, "1-0") for r, b in R1]])
    out = pair_round(ev)
    assert pairs_of(out.round) == [(5, 8), (1, 4), (6, 7), (2, 3)]
    text = explain_round(ev.with_round(out.round), 2)
    assert "8、5、4、1号 在异行均已无可配对者" in text and "同行配对 5号" in text


def test_round2_mixed_results_float_down():
    """1-2 1-0, 4-3 0-1, 5-6 =, 8-7 1-0.
    2 分段 {8,3,1}: 先编者 8 (双轮大号), 同位 3 → 3 red (少先).  1 left: 下调.
    1 分段 {1↓, 6, 5}: 1 先编 (高分), 异行 6 → 6 red.  5 left: 下调.
    0 分段 {5↓, 7, 4, 2}: 5 takes 7 (7 red), 4 takes 2 (2 red)."""
    ev = make_event(8, [[(1, 2, "1-0"), (4, 3, "0-1"), (5, 6, "="), (8, 7, "1-0")]])
    out = pair_round(ev)
    assert pairs_of(out.round) == [(3, 8), (6, 1), (7, 5), (2, 4)]
    text = explain_round(ev.with_round(out.round), 2)
    assert "同位配对 3号" in text and "下调" in text


def test_cuowei_when_tongwei_already_met():
    """Round 3, 1 has met 2: 同位 impossible, 错位 to the next of the other row."""
    gs, res = search_group(
        [card(1, 4, "RB", met={2}), card(3, 4, "RB"), card(2, 4, "BR", met={1}), card(4, 4, "BR")], round_no=3
    )
    assert sorted((p[0], p[1]) for p in res.pairs) == [(1, 4), (3, 2)]
    assert res.floats == []


def test_chai_dui_undoes_pairs_to_complete_the_group():
    """方法(五)1: 同位 1-2 leaves 3 and 4 (already met) unpaired, to float down;
    undo and take the next candidate: 1-4, 3-2, the group fully paired."""
    cards = [card(1, 2, "B"), card(3, 2, "B", met={4}), card(2, 2, "R"), card(4, 2, "R", met={3})]
    low = [card(5, 0, "R"), card(6, 0, "B")]
    gs, res = search_group(cards, round_no=3, lowest=False, lower=[5, 6], all_cards=cards + low)
    assert sorted((p[0], p[1]) for p in res.pairs) == [(1, 4), (3, 2)]
    assert res.floats == [] and res.first_quality[0] == 2 and res.quality[0] == 0


def test_upper_group_floats_what_the_lowest_group_needs():
    """方法(五)2: the lowest group (5–8) have all met each other, so all four of
    the group above must come down even though they could pair among themselves."""
    low = [card(n, 0, "RB", met={5, 6, 7, 8} - {n}) for n in (5, 6, 7, 8)]
    top = [card(1, 4, "RB"), card(2, 4, "BR"), card(3, 4, "RB"), card(4, 4, "BR")]
    gs, res = search_group(top, round_no=4, lowest=False, lower=[c.no for c in low], all_cards=top + low)
    assert res.pairs == [] and sorted(res.floats) == [1, 2, 3, 4]


def test_principle9_avoid_floating_the_same_player_twice():
    """Group of three: the natural leftover (6) floated down last round, so 7
    floats instead (原则(九))."""
    cards = [card(5, 4, "RB"), card(6, 4, "BR", last_float=DOWN), card(7, 4, "BR")]
    gs, res = search_group(cards, round_no=4, lowest=False)
    assert [(p[0], p[1]) for p in res.pairs] == [(5, 6)] and res.floats == [7]
    # without the history the natural order floats 6
    cards[1] = card(6, 4, "BR")
    gs, res = search_group(cards, round_no=4, lowest=False)
    assert res.floats == [6]


def test_bye_goes_to_lowest_group_and_never_twice():
    cards = [card(1, 0, "B"), card(2, 0, "R"), card(3, 0, "B", byes=1)]
    gs, res = search_group(cards, round_no=3)
    assert [(p[0], p[1]) for p in res.pairs] == [(3, 2)] and res.floats == [1]


def test_bye_in_a_real_event_is_last_board_lowest_score():
    ev = make_event(5, [[(1, 2, "1-0"), (4, 3, "1-0")]], byes={1: [5]})
    out = pair_round(ev)
    # 5 has had the bye; the 0-point group {2,3} + nobody else → one of the
    # lowest group takes it, not 5
    assert len(out.round.byes) == 1 and out.round.byes[0] in (2, 3)


def test_principle8_unfinished_game_counts_as_draw_for_pairing():
    ev = make_event(4, [[(1, 2, None), (4, 3, "1-0")]])
    out = pair_round(ev)
    assert out.cards[1].score == 1 and out.cards[2].score == 1
    assert any("原则(八)" in n for n in out.notes)
    assert sorted(out.round.players()) == [1, 2, 3, 4]


def test_withdrawn_player_is_not_paired():
    ev = make_event(6, [[(1, 2, "1-0"), (4, 3, "1-0"), (5, 6, "=")]])
    ev.players[3].withdrawn_from_round = 2
    out = pair_round(ev)
    assert 4 not in out.round.players() and len(out.round.byes) == 1


def test_repeated_forfeits_option_removes_player():
    hist = [[(1, 2, "+-"), (4, 3, "1-0")], [(1, 4, "="), (3, 2, "+-")]]
    on = pair_round(make_event(4, hist, pairing=PairingOptions(forfeits_before_removal=2)))
    assert 2 not in on.round.players()
    off = pair_round(make_event(4, hist))
    assert 2 in off.round.players()


def test_impossible_round_is_said_plainly():
    rr = [[(1, 4, "="), (2, 3, "=")], [(4, 3, "="), (1, 2, "=")], [(2, 4, "="), (3, 1, "=")]]
    with pytest.raises(PairingImpossible) as e:
        pair_round(make_event(4, rr, rounds=5))
    assert "无法编排" in e.value.zh


def test_beyond_planned_rounds_is_an_input_error():
    from xlxq.errors import InputError

    ev = make_event(4, [[(1, 2, "1-0"), (4, 3, "1-0")]], rounds=1)
    with pytest.raises(InputError):
        pair_round(ev)


# -- 方法(二): who is 先编者 ------------------------------------------------------


def first(cards, round_no):
    return min(cards, key=lambda c: order_key(c, round_no)).no


def test_picker_rule1_higher_score_first():
    assert first([card(9, 6, "RB"), card(2, 4, "BBR")], 4) == 9


def test_picker_rule2_largest_surplus_first():
    assert first([card(3, 4, "RB"), card(5, 4, "BRB"), card(7, 4, "BBRBB")], 3) == 7


def test_picker_rule3_equal_surplus_run_in_need_direction_first():
    # both 少先1; 5 is 少先连后 (two blacks running), 3 is not
    assert first([card(3, 4, "BRB"), card(5, 4, "RBB")], 3) == 5
    # longer run first
    assert first([card(4, 4, "RBB"), card(6, 4, "RRBRBBB")], 3) == 6


def test_picker_rule4_zero_surplus_runs_first():
    assert first([card(2, 4, "RB"), card(8, 4, "RRBB")], 3) == 8  # 连后 before 上后
    assert first([card(2, 4, "BBRR"), card(8, 4, "BBBRRR")], 3) == 8  # longer run


def test_picker_rule5_number_order_by_round_parity():
    cs = [card(2, 4, "RB"), card(8, 4, "RB"), card(5, 4, "BR")]
    assert first(cs, 3) == 2  # 单轮次小号先编
    assert first(cs, 4) == 8  # 双轮次大号先编


# -- 方法(三): preference orders ------------------------------------------------


def one_of_each(x):
    return [
        x,
        card(11, 4, "BRB"),
        card(12, 4, "RRBB"),
        card(13, 4, "RB"),
        card(14, 4, "BR"),
        card(15, 4, "BBRR"),
        card(16, 4, "RBR"),
    ]


@pytest.mark.parametrize(
    "x,order",
    [
        (card(1, 4, "RRB"), [11, 12, 13, 14, 15, 16]),  # 1 多先: 多后 连后 上后 上先 连先 多先
        (card(1, 4, "BBRR"), [11, 12, 13, 14, 15, 16]),  # 1 平先连先: same
        (card(1, 4, "BBR"), [16, 15, 14, 13, 12, 11]),  # 2 多后: 多先 连先 上先 上后 连后 多后
        (card(1, 4, "BR"), [11, 12, 13, 16, 15, 14]),  # 3 平先上先: 多后 连后 上后 多先 连先 上先
        (card(1, 4, "RB"), [16, 15, 14, 11, 12, 13]),  # 4 平先上后: 多先 连先 上先 多后 连后 上后
        # no colour yet: rows 3 and 3, so he stands last in 要先行 and takes its
        # last member's list, 方法(三)4 (docs §2.2)
        (card(1, 4, ""), [16, 15, 14, 11, 12, 13]),
    ],
)
def test_method3_preference_orders(x, order):
    gs, _ = search_group(one_of_each(x), round_no=5)
    xi = gs.nos.index(1)
    assert [gs.nos[j] for j in gs.preference_list(xi)] == order


def test_categories():
    assert [category(c) for c in one_of_each(card(1, 4, ""))[1:]] == [
        DUO_HOU,
        LIAN_HOU,
        SHANG_HOU,
        SHANG_XIAN,
        LIAN_XIAN,
        DUO_XIAN,
    ]


def test_yixing_next_picker_pairs_across_before_same_row():
    """异行: the 先编者 (1) has met the whole other row, so he waits; the next
    先编者 (2) pairs across, and 1 then pairs 同行."""
    cards = [card(1, 4, "BB", met={4}), card(2, 4, "B"), card(3, 4, "B"), card(4, 4, "R")]
    gs, res = search_group(cards, round_no=3)
    got = sorted((p[0], p[1]) for p in res.pairs)
    assert (2, 4) in got and any(1 in p and 3 in p for p in got)


def test_fewer_row_picker_option_changes_who_picks():
    cards = [card(1, 4, "RB"), card(2, 4, "RB"), card(3, 4, "RB"), card(4, 4, "BR")]
    gs, cxa = search_group(cards, round_no=3)
    assert gs.nos[cxa.steps[0][1]] == 1  # 方法(二)5: 单轮次小号先编
    # seed 001 以少调多: the lone 要后行 player (4) picks from the longer row
    gs, few = search_group(cards, round_no=3, picker="fewer_row")
    assert gs.nos[few.steps[0][1]] == 4


def test_principle8_pairing_stands_after_the_result_arrives():
    """Round 2 paired while 1-2 was unfinished (draw assumed).  When 1-2
    later ends 1-0, checking round 2 must judge it as it was paired."""
    from xlxq.core.checks import compare_with_engine

    ev = make_event(8, [[(1, 2, None), (4, 3, "1-0"), (5, 6, "0-1"), (8, 7, "=")]])
    out = pair_round(ev)
    assert out.round.provisional == [(1, 1)]
    ev = ev.with_round(out.round)
    ev.rounds[0].boards[0].result = "red_win"
    assert compare_with_engine(ev, 2) == []
    assert "不同" not in explain_round(ev, 2)
    # the same check without the records (an old file: neither the
    # provisional draws nor the engine's pairing kept) does see a difference
    ev.rounds[1].provisional = []
    assert ev.rounds[1].engine is not None  # kept when paired (issue 21)
    assert compare_with_engine(ev, 2) == []
    ev.rounds[1].engine = None
    assert compare_with_engine(ev, 2) != []


# -- 方法(二): the order inside 要先行 and 要后行 (issue 8 item 1) ------------------


def test_rows_follow_method2_lists_literally():
    """方法(二) lists each row: 要先 "少先、少先连后、少先上后、少先上先、少先连先、
    平先连后、平先上后"; 要后 "多先、多先连先、多先上先、多先上后、多先连后、平先连先、
    平先上先".  |先−后| first (21 and 22 are 3 apart), then the list, then the
    number.  The numbers are chosen against the list (round 5, 单轮次小号在前):
    the number must not decide before the list has."""
    cards = [
        card(21, 6, "BBRBB"),  # 少先3
        card(17, 6, "RBRBB"),  # 少先1 连后
        card(15, 6, "BRBRB"),  # 少先1 上后
        card(13, 6, "BBRBR"),  # 少先1 上先
        card(11, 6, "BBBRR"),  # 少先1 连先
        card(19, 6, "RRBB"),  # 平先连后
        card(9, 6, "BRRB"),  # 平先上后
        card(22, 6, "RRBRR"),  # 多先3
        card(18, 6, "BRBRR"),  # 多先1 连先
        card(16, 6, "RBRBR"),  # 多先1 上先
        card(14, 6, "RRBRB"),  # 多先1 上后
        card(12, 6, "RRRBB"),  # 多先1 连后
        card(20, 6, "BBRR"),  # 平先连先
        card(10, 6, "RBBR"),
    ]  # 平先上先
    gs, _ = search_group(cards, round_no=5, budget=1)
    want_red = [21, 17, 15, 13, 11, 19, 9]
    want_black = [22, 18, 16, 14, 12, 20, 10]
    assert [gs.nos[i] for i in gs.rows[ROW_A]] == want_red
    assert [gs.nos[i] for i in gs.rows[ROW_B]] == want_black
    # the 编排记录 prints the rows in the same order
    text = "\n".join(group_record(gs, gs.run(), [], 5, {}))
    line = next(t for t in text.splitlines() if "要先行" in t)
    assert [int(x.split("号")[0]) for x in line.split("：", 1)[1].split("；")] == want_red


def test_rows_longer_run_towards_the_need_first_against_it_last():
    """Within 少先连后 the longer 连后 first (连走次数多); within 少先连先 the longer
    连先 last (the mirror: furthest from the need).  Round 4: 双轮次大号在前 would
    otherwise put the larger numbers first."""
    cards = [
        card(1, 6, "RBBB"),  # 少先2 连后3
        card(2, 6, "BBRBB"),  # 少先3 (|先−后| first)
        card(5, 6, "BBRRBB"),  # 少先2 连后2
        card(7, 6, "BBBBRR"),  # 少先2 连先2
        card(8, 6, "BBBBBRRR"),
    ]  # 少先2 连先3
    gs, _ = search_group(cards, round_no=4, budget=1)
    assert [gs.nos[i] for i in gs.rows[ROW_A]] == [2, 1, 5, 7, 8]


def test_row_order_is_not_the_xianbian_order_9_and_8():
    """The example of issue 8: round 6, one score group, 要先行 18 (少先上后),
    要后行 17 (多先上先), 8 (多先上先), 9 (多先上后); 18 has met 17.

    By 方法(二) the 要后行 reads 17, 8, 9 (多先上先 before 多先上后, then 双轮次
    大号在前).  先编者 (方法(二)1–5): all |先−后| = 1, nobody on a 连 run, so 双轮次
    大号先编: 18.  His 同位 17 he has met, so 错位: the next of the row, 8 (also
    方法(三) "优先安排上先者与上后者配对"); 18 少先 is red (方法(四)1).  17 and 9
    are left in 要后行: 同行.  Both 多先1; 9 上后 has the smaller run → red (the
    rule of 方法(四)2–7, docs §2.7).  Boards: 18–8, 9–17."""
    cards = [card(18, 9, "BBRRB", met={17}), card(17, 9, "RBRBR"), card(9, 9, "RBRRB"), card(8, 9, "RRBBR")]
    gs, res = search_group(cards, round_no=6)
    assert [gs.nos[i] for i in gs.rows[ROW_B]] == [17, 8, 9]
    assert [(p[0], p[1]) for p in res.pairs] == [(18, 8), (9, 17)]


def test_xianbian_counts_only_lian_runs_rows_the_full_list():
    """方法(二)1–5 pick the 先编者 on score, |先−后| and 连 runs only; 上先 and
    上后 do not count there, while the rows order by the full list.  Round 6,
    one group: 9 多先上后, 8 多先上先, 3 少先上先, 2 少先上后.

    先编者: all |先−后| = 1, no 连 run → 双轮次大号先编: 9 (not 8, though 8 heads
    要后行).  要先行 by the list: 2 (少先上后), 3 (少先上先).  9 takes his 同位 2
    (2 red, 方法(四)1); the next 先编者 is 8, who takes 3 (3 red).
    Boards: 2–9, 3–8.  (Ordering the rows by the 先编者 key would give 3–9, 2–8;
    choosing the 先编者 by the row order would give 2–8, 3–9.)"""
    cards = [card(9, 4, "RBRRB"), card(8, 4, "RRBBR"), card(3, 4, "BBRBR"), card(2, 4, "BRBRB")]
    gs, res = search_group(cards, round_no=6)
    assert [gs.nos[i] for i in gs.rows[ROW_A]] == [2, 3]
    assert [gs.nos[i] for i in gs.rows[ROW_B]] == [8, 9]
    assert gs.nos[res.steps[0][1]] == 9
    assert [(p[0], p[1]) for p in res.pairs] == [(2, 9), (3, 8)]


# -- players with no colour history (issue 8 item 5) ---------------------------


def test_no_history_player_stands_last_in_the_shorter_row():
    """方法(二)'s lists have no entry for a player whose games so far are all
    byes.  Reading (docs §2.2): 平先 with no 上先/上后, so after the row's last
    entry (平先上后 / 平先上先), in the shorter row (要先行 when equal)."""
    shao, duo1, duo2 = card(2, 2, "B"), card(1, 2, "R"), card(3, 2, "R")
    gs, _ = search_group([card(7, 2, "", byes=1), shao, duo1, duo2], round_no=3, budget=1)
    assert [gs.nos[i] for i in gs.rows[ROW_A]] == [2, 7]  # 要先行 was shorter
    assert [gs.nos[i] for i in gs.rows[ROW_B]] == [1, 3]
    gs, _ = search_group([card(7, 2, "", byes=1), card(2, 2, "B"), card(4, 2, "B"), duo2], round_no=3, budget=1)
    assert [gs.nos[i] for i in gs.rows[ROW_B]] == [3, 7]  # 要后行 was shorter
    # equal rows: 要先行; two such players go one by one (round 4: 大号 first)
    gs, _ = search_group([card(5, 2, ""), card(6, 2, ""), shao, duo1], round_no=4, budget=1)
    assert [gs.nos[i] for i in gs.rows[ROW_A]] == [2, 6]
    assert [gs.nos[i] for i in gs.rows[ROW_B]] == [1, 5]
    # behind 平先上后 in his row, ahead of nobody
    gs, _ = search_group([card(9, 2, "", byes=1), card(4, 2, "RB"), card(8, 2, "RRB")], round_no=3, budget=1)
    assert [gs.nos[i] for i in gs.rows[ROW_A]] == [4, 9]


def test_round1_bye_player_floats_down_and_picks_from_the_other_row():
    """Round 2 of 5 players: 1-2 =, 4-3 =, 5 has the bye (2 points, no colour).

    2 分段 {5}: alone, 下调 (方法(三)6).  1 分段 {5↓, 4, 3, 2, 1}: 要先行 3, 2 (少先,
    双轮次大号在前), 要后行 4, 1.  5 has no colour: rows equal, so he stands in
    要先行 — at its head, being a floater (score first).  先编者 5 (方法(二)1 高分
    先编) takes his 同位 in 要后行, 4; 5 has the larger black surplus (0 > −1),
    so 5 red.  Then 3 (双轮次大号先编) takes 1 (3 少先, red).  2 is left in the
    lowest group: the bye (5 has had one)."""
    ev = make_event(5, [[(1, 2, "="), (4, 3, "=")]], byes={1: [5]})
    out = pair_round(ev)
    assert pairs_of(out.round) == [(5, 4), (3, 1)] and out.round.byes == [2]
    text = explain_round(ev.with_round(out.round), 2)
    row_a = next(t for t in text.splitlines() if "要先行" in t and "1 分段" not in t and "5号" in t)
    assert row_a.split("：", 1)[1].startswith("5号") and "无先后" in row_a
    assert "同位配对 4号" in text


# -- 原则(十二) in the last round (issue 8 item 2) -------------------------------


def test_last_round_balance_before_three_in_a_row():
    """Round 6, one group: 1 少先连先 (BBBRR), 2 少先上后 (BRBRB), 3 多先连先
    (BRBRR), 4 多先上后 (RRBRB); 1 has met 4.

    先编者 3 (方法(二)3 多先连先).  同位 2 leaves 4–1, who have met: 拆对, 3 takes
    错位 1, then 4–2.  方法(四)1: 1 and 2, 少先, are red — 1's third red in a row.

    Not the last round (6 of 9): 原则(十一) undoes this (方法(五) "虽已排通但不是
    最佳平衡先后走") for 3–4 (4 上后 red, 方法(四)) and 2–1 (2 red): no 连三, but 4 and
    1 are two apart for now.
    Last round (6 of 6): 原则(十二) "使全部参赛运动员的先后走局数只相差一先" comes
    first; 1–3, 2–4 leaves everyone within one, and the 连三 stands (seed 001:
    最后一轮连三先配对均不拆开重排)."""

    def group():
        return [card(1, 4, "BBBRR", met={4}), card(2, 4, "BRBRB"), card(3, 4, "BRBRR"), card(4, 4, "RRBRB", met={1})]

    gs, res = search_group(group(), round_no=6, total=9)
    assert [(p[0], p[1]) for p in res.pairs] == [(4, 3), (2, 1)]
    gs, res = search_group(group(), round_no=6, total=6)
    assert [(p[0], p[1]) for p in res.pairs] == [(1, 3), (2, 4)]
    assert res.quality[Q_APART] == 0 and res.quality[Q_HARD] == 1


def test_last_round_record_names_principle12_before_principle11():
    """The 编排记录 of the last round compares 原则(十二) first, and says so."""
    cards = [card(1, 4, "BBBRR", met={4}), card(2, 4, "BRBRB"), card(3, 4, "BRBRR"), card(4, 4, "RRBRB", met={1})]
    gs, res = search_group(cards, round_no=6, total=6)
    assert gs.qorder[:3] == (0, Q_APART, Q_HARD)
    text = "\n".join(group_record(gs, res, [], 6, {}))
    assert "采用方案（下调人数0，终局相差两先以上0，连三/多三1" in text
    gs, res = search_group(cards, round_no=6, total=9)
    assert "终局相差两先以上" not in "\n".join(group_record(gs, res, [], 6, {}))


# -- 原则(九) inside the method, not above it (issue 22 item 1) --------------------


def test_issue22_floated_in_player_is_paired_first_not_floated_on():
    """Round 7, the 8-point group {14 (9 points, floated down into it), 2, 16}.

    编排卡: 14 先后先后先后 → 平先上先 (要后行); 2 后后先后先后 → 少先2 上后
    (要先行, first: |先−后| 2); 16 先后先后先后 → 平先上后 (要先行, second), floated
    down last round; 14 and 16 have met.

    By the text: 14 is the 先编者 (方法(二)1 高分先编，含上一个积分段下调者); he
    takes 同位 2 (方法(三)1); 方法(四)1 推及: 2 red (少先), 14 black (上先,
    so he alternates).  16 is left alone: 下调 (方法(三)6), his second float in
    a row — but the group is fully paired with the best colours, so 方法(五)
    gives no ground to undo it; 原则(九) only chooses among what that leaves
    open.  The old ranking put 原则(九) first: it floated 14 on to the 7-point
    group and paired 16–2, 16 taking black after black."""
    cards = [
        card(14, 9, "BRBRBR", met={16}),
        card(2, 8, "BBRBRB"),
        card(16, 8, "RBRBRB", met={14}, last_float=DOWN),
    ]
    low = [card(5, 7, "RBRBRB"), card(7, 7, "BRBRBR")]
    gs, res = search_group(cards, round_no=7, total=9, lowest=False, lower=[5, 7], all_cards=cards + low, score=8)
    assert [(p[0], p[1]) for p in res.pairs] == [(2, 14)]
    assert res.floats == [16]
    assert res.quality[Q_FLOATON] == 0 and res.quality[Q_REFLOAT] == 1
    text = "\n".join(group_record(gs, res, [14], 7, {}))
    assert "同位配对 2号" in text and "16号 本段仅剩一人，下调" in text


def test_issue22_principle9_yields_to_colour_balance():
    """Round 4, a group of three residents: 5 先后后 (少先1 连后,
    要先行), 6 先后先 (多先1 上先, 要后行, floated down last round, has met 5),
    7 后先先 (多先1 连先, 要后行).

    先编者 (方法(二)3): 5 and 7 both have a 连 run in the needed direction;
    双轮次大号先编 → 7.  7 takes 同位 5: 5 red, 7 black.  6 is left and floats
    (his second float in a row).  Sparing him means 6–7 inside 要后行, one 多先
    player given red (先后走不平衡), so the colours decide (方法(五): 拆对 only
    for 排不通 or 不是最佳平衡先后走) and 6 floats.  The old ranking paired 6–7
    (6 red, 多先2) and floated 5."""
    cards = [card(5, 4, "RBB", met={6}), card(6, 4, "RBR", met={5}, last_float=DOWN), card(7, 4, "BRR")]
    low = [card(8, 2, "RBR"), card(9, 2, "BRB")]
    gs, res = search_group(cards, round_no=4, lowest=False, lower=[8, 9], all_cards=cards + low)
    assert [(p[0], p[1]) for p in res.pairs] == [(5, 7)] and res.floats == [6]
    assert res.quality[Q_STRONG] == 0 and res.quality[Q_REFLOAT] == 1


def test_issue22_floated_in_player_before_principle9():
    """Round 5, the 6-point group {14 (8 points, floated down into it), 2, 16}.

    编排卡: 14 后先后先 → 平先上先 (要后行, first: the higher score); 16 后先后先
    → 平先上先 (要后行); 2 先后先后 → 平先上后 (要先行), pulled up last round
    (上调); 14 and 16 have met.

    14 is the 先编者 (方法(二)1) and takes 同位 2: 2 red, 14 black; 16 floats.
    Pulling 2 up a second time is what 原则(九) would avoid, and 16–2 (2 red,
    16 black, as good colours) with 14 floated on would do it — but 14 came
    down to be paired first here (方法(三)6 下调到下一个积分段优先编排), so the
    pairing the procedure gives stands.  The old ranking floated 14 on."""
    cards = [
        card(14, 8, "BRBR", met={16}),
        card(2, 6, "RBRB", last_float=UP),
        card(16, 6, "BRBR", met={14}),
    ]
    low = [card(5, 4, "RBRB"), card(7, 4, "BRBR")]
    gs, res = search_group(cards, round_no=5, total=9, lowest=False, lower=[5, 7], all_cards=cards + low, score=6)
    assert [(p[0], p[1]) for p in res.pairs] == [(2, 14)] and res.floats == [16]
    assert res.quality[Q_FLOATON] == 0 and res.quality[Q_REFLOAT] == 1


#: a 21-player event, rounds 1–6 (the round-1 pairs by 近号; then as paired)
ISSUE22_EVENT = [
    [(1, 2, "0-1"), (4, 3, "0-1"), (5, 6, "="), (8, 7, "1-0"), (9, 10, "1-0"), (12, 11, "="), (13, 14, "=")]
    + [(16, 15, "0-1"), (17, 18, "1-0"), (20, 19, "0-1")],
    [(19, 17, "1-0"), (15, 9, "0-1"), (3, 8, "0-1"), (2, 21, "="), (14, 12, "="), (6, 13, "0-1"), (11, 5, "1-0")]
    + [(18, 20, "="), (10, 16, "0-1"), (7, 4, "1-0")],
    [(8, 19, "0-1"), (9, 2, "0-1"), (21, 11, "0-1"), (13, 1, "1-0"), (12, 3, "1-0"), (16, 7, "0-1"), (17, 14, "0-1")]
    + [(5, 15, "="), (20, 6, "1-0"), (4, 18, "1-0")],
    [(19, 13, "="), (2, 11, "1-0"), (14, 9, "0-1"), (7, 12, "="), (15, 8, "1-0"), (21, 20, "="), (3, 17, "1-0")]
    + [(1, 16, "0-1"), (10, 5, "0-1"), (6, 4, "=")],
    [(2, 19, "="), (13, 9, "0-1"), (11, 7, "0-1"), (12, 15, "0-1"), (5, 21, "1-0"), (16, 3, "1-0"), (8, 14, "=")]
    + [(20, 4, "1-0"), (18, 10, "="), (17, 1, "1-0")],
    [(9, 19, "0-1"), (15, 2, "="), (7, 20, "1-0"), (13, 16, "="), (14, 5, "1-0"), (11, 8, "1-0"), (21, 12, "=")]
    + [(3, 18, "1-0"), (6, 17, "1-0"), (1, 10, "0-1")],
]
ISSUE22_BYES = {1: [21], 2: [1], 3: [10], 4: [18], 5: [6], 6: [4]}


def test_issue22_whole_event_sole_leader_is_paired_one_level_down():
    """Round 7 of 21 players.  19 leads alone on 10 points (后先后先后后: 先2后4,
    少先2 连后2) and floats, alone in his group (原则(九)'s exception).  The
    9-point group is {19, 2, 7}: 2 后先后先先后 (平先上后,
    要先行, has met 19), 7 后先后先后先 (平先上先, 要后行).

    By the text: 19 is the 先编者 (方法(二)1 高分先编，含上一个积分段下调者) and
    takes 同位 7 (方法(三)1), 19 red (少先, 方法(四)1 推及); 2 is left and floats
    (方法(三)6).  The old ranking paired 2–7 and floated 19 a second score level
    down, to spare 7 a second 上调 (原则(九))."""
    ev = make_event(21, ISSUE22_EVENT, byes=ISSUE22_BYES)
    out = pair_round(ev)
    assert out.round.round == 7
    assert pairs_of(out.round)[0] == (19, 7)
    nine = next(g for g in out.groups if g.score == 9)
    assert nine.incoming == [19] and nine.result.floats == [2]
    text = explain_round(ev.with_round(out.round), 7)
    assert "先编者 19号棋手19（方法(二)1 高分先编）同位配对 7号" in text


# -- 补充规定: 同单位回避 in every round, 亲属回避 (issue 22 item 2) -------------------

R1_RED_WINS = [[(1, 2, "1-0"), (4, 3, "1-0"), (5, 6, "1-0"), (8, 7, "1-0")]]


def test_same_unit_every_round_keeps_club_mates_apart():
    """Round 2 after 1-2 1-0, 4-3 1-0, 5-6 1-0, 8-7 1-0: the 2-point group
    {8, 5, 4, 1} all had red (要后行).  By the method 8 takes 5 and 4 takes 1
    (方法(三)1, 同行).  8 and 5 are of one club: with 同单位回避 in every round the
    search takes the next full pairing with the same colours, 8–4 and 5–1
    (方法(四)8: 8+4 even → 8 red; 5+1 even → 5 red).  Round 1 only, or none:
    8–5 as before."""
    units = {8: "北京", 5: "北京"}
    for same in ("none", "round1"):
        ev = make_event(8, R1_RED_WINS, units=units, pairing=PairingOptions(same_unit=same))
        assert pairs_of(pair_round(ev).round)[:2] == [(5, 8), (1, 4)]
    ev = make_event(8, R1_RED_WINS, units=units, pairing=PairingOptions(same_unit="every_round"))
    out = pair_round(ev)
    assert pairs_of(out.round) == [(8, 4), (5, 1), (6, 7), (2, 3)]
    text = explain_round(ev.with_round(out.round), 2)
    assert "同单位回避（原则(七) 补充规定）：拆对避开同单位 1 对" in text
    assert "同单位相遇0" in text


def test_same_unit_every_round_yields_to_full_pairing():
    """Round 2, the 2-point group {1, 3} (1-2 1-0, 4-3 0-1) are club-mates:
    the only full pairing of the group pairs them; the record says so."""
    ev = make_event(4, [[(1, 2, "1-0"), (4, 3, "0-1")]], units={1: "上海", 3: "上海"})
    ev = replace(ev, settings=replace(ev.settings, pairing=PairingOptions(same_unit="every_round")))
    out = pair_round(ev)
    assert {frozenset(p) for p in pairs_of(out.round)} == {frozenset((1, 3)), frozenset((2, 4))}
    text = explain_round(ev.with_round(out.round), 2)
    assert "同单位回避（原则(七) 补充规定）：3–1 同单位，本段充分配对无法避开" in text


def test_forbidden_pair_is_skipped_like_a_met_opponent():
    """Round 2 after 1-2 1-0, 4-3 1-0, 5-6 0-1, 8-7 0-1: the 2-point group is
    要先行 7, 6 (black last) and 要后行 4, 1 (双轮次大号在前).  先编者 7 (方法(二)5)
    would take 同位 4, but 4-7 is a forbidden pair (亲属回避): 7 passes 4 over
    as if they had met (原则(六)) and takes 错位 1 (7 red, 少先); 6 takes 4."""
    r1 = [[(1, 2, "1-0"), (4, 3, "1-0"), (5, 6, "0-1"), (8, 7, "0-1")]]
    assert pairs_of(pair_round(make_event(8, r1)).round)[:2] == [(7, 4), (6, 1)]
    ev = make_event(8, r1, pairing=PairingOptions(forbidden_pairs=((4, 7),)))
    out = pair_round(ev)
    assert pairs_of(out.round)[:2] == [(7, 1), (6, 4)]
    text = explain_round(ev.with_round(out.round), 2)
    assert "错位配对 1号棋手1：红 7 黑 1（方法(四)1 少先者先走）；跳过 4（回避配对）" in text


def test_forbidden_pairs_that_make_a_round_impossible_are_named():
    """Round 2 of four after 1-2, 4-3: 1 has met 2 and may meet neither 3 nor
    4 (亲属回避): no pairing; the message names the forbidden pairs."""
    ev = make_event(4, [[(1, 2, "1-0"), (4, 3, "0-1")]], pairing=PairingOptions(forbidden_pairs=((1, 3), (1, 4))))
    with pytest.raises(PairingImpossible) as e:
        pair_round(ev)
    assert "回避配对（1-3、1-4）" in e.value.zh and "不计回避配对则可以编排" in e.value.zh
    assert "forbidden pairs (1-3, 1-4)" in e.value.en


# -- readings where the text is silent (issue 22 item 3) ---------------------------


def test_bye_when_every_lowest_player_has_had_one():
    """5 players, a bye worth 0 (设置 轮空 分 0).  R1: 5 bye, 1-2 1-0, 4-3 1-0;
    R2: 3 bye, 1-4 =, 2-5 1-0.  Before round 3: 1 and 4 on 3, 2 on 2, 3 and 5
    on 0 — both 0-point players have had their bye.  原则(五) says only 最低分段;
    the reading (docs/pairing.md §2.6): the lowest score at which a player who
    has had no bye can take it with the rest still pairable — 2 points, player 2
    (1-3 and 4-5 pair the others) — and he comes down to the lowest group as a
    下调 and takes it there, on the last board.  The 0-point players are paired."""
    ev = make_event(
        5,
        [[(1, 2, "1-0"), (4, 3, "1-0")], [(1, 4, "="), (2, 5, "1-0")]],
        byes={1: [5], 2: [3]},
        rounds=5,
        scoring=Scoring(bye=0),
    )
    out = pair_round(ev)
    assert out.round.byes == [2]
    assert pairs_of(out.round) == [(3, 1), (5, 4)]
    text = explain_round(ev.with_round(out.round), 3)
    assert "2号棋手2 轮空，排在最后一台" in text


def test_method5_2_the_last_pair_of_the_group_above_is_undone():
    """方法(五)2: the lowest group {5, 6} have met: it cannot pair.  By the
    text the group above {1, 2, 3, 4} (round 2, all 2 points) is paired first —
    先编者 4 (双轮次大号) takes 同位 3 (3 red, 上后), then 2–1 同行 — and then,
    no level below, the two groups become one and the last pair of the upper
    one, 2–1, is undone: 1 and 2 come down.  The engine's look-ahead makes the
    same choice in one pass: 3–4 stays, 2 and 1 float."""
    top = [card(1, 2, "R"), card(2, 2, "R"), card(3, 2, "B"), card(4, 2, "R")]
    low = [card(5, 0, "B", met={6}), card(6, 0, "R", met={5})]
    gs, res = search_group(top, round_no=2, lowest=False, lower=[5, 6], all_cards=top + low)
    assert [(p[0], p[1]) for p in res.pairs] == [(3, 4)]
    assert res.floats == [2, 1]


def test_method5_3_the_special_number_is_paired_first():
    """方法(五)3: 8 (lowest group) has met everyone but 1 — a 特殊号.  By the
    text, from the bottom up: 8–1 first, then the rest from the top down.  The
    engine keeps the top-down order and never makes a pair that leaves 8
    stranded: in the upper group {1, 2, 3, 4} 1 cannot be paired (each of his
    pairs strands 8), so he floats, and with him the one the method leaves
    over; in the lower group 1 is 先编者 and his only feasible partner is 8.
    Same pairs as the text: 8–1, the upper group's method pair 4–3 (同位), and
    the rest from the top down.  Where the two can differ: the engine chooses
    who floats by the group's quality, the text by the order the 特殊号 is
    fixed in (docs/pairing.md §2.5)."""
    top = [card(1, 2, "R"), card(2, 2, "B"), card(3, 2, "B"), card(4, 2, "R")]
    low = [card(5, 0, "B"), card(6, 0, "R"), card(7, 0, "B"), card(8, 0, "R", met={2, 3, 4, 5, 6, 7})]
    for c in low[:3]:
        c.opponents.add(8)
    for c in top[1:]:
        c.opponents.add(8)
    gs, res = search_group(top, round_no=2, lowest=False, lower=[5, 6, 7, 8], all_cards=top + low)
    assert [(p[0], p[1]) for p in res.pairs] == [(3, 4)] and res.floats == [2, 1]
    # the lower group {1↓, 2↓, 5, 6, 7, 8}: 2 (要先行) takes 同位 6, 1 takes 8 (the
    # only partner that leaves the rest pairable), 7–5 同行
    low_gs, low_res = search_group(top[:2] + low, round_no=2, all_cards=top + low, score=0)
    assert [(p[0], p[1]) for p in low_res.pairs] == [(2, 6), (1, 8), (7, 5)]


def test_check_knows_the_forbidden_pairs():
    """xlxq check: a hand-made board of a forbidden pair is flagged; a bye the
    engine gave because a forbidden pair blocks the lower player is not."""
    r1 = [[(1, 2, "1-0"), (4, 3, "1-0"), (5, 6, "0-1"), (8, 7, "0-1")]]
    ev = make_event(8, r1, pairing=PairingOptions(forbidden_pairs=((4, 7),)))
    hand = make_event(8, r1 + [[(7, 4, None), (6, 1, None), (2, 3, None), (5, 8, None)]], pairing=ev.settings.pairing)
    assert [i.code for i in check_round(hand, 2) if i.code == "forbidden_pair"] == ["forbidden_pair"]
    out = pair_round(ev)
    assert not [i for i in check_round(ev.with_round(out.round), 2) if i.code in ("forbidden_pair", "bye_not_lowest")]
    # 5 players, round 2 (R1: 1-2 =, 4-3 1-0, 5 bye): 3 alone on 0 points, but
    # with 1-4 and 1-5 forbidden his bye would leave 1 nobody (he met 2): the
    # bye goes up to the 1-point players, and check agrees
    ev5 = make_event(
        5, [[(1, 2, "="), (4, 3, "1-0")]], byes={1: [5]}, pairing=PairingOptions(forbidden_pairs=((1, 4), (1, 5)))
    )
    out = pair_round(ev5)
    assert out.round.byes[0] in (1, 2)
    issues = check_round(ev5.with_round(out.round), 2)
    assert not [i for i in issues if i.code == "bye_not_lowest"], [i.zh for i in issues]
