"""方法(四) 确定先后走的方法, rule by rule, on hand-made 编排卡."""

import pytest

from xlxq.core.colours import ColourCtx, allocate, reason_clause
from xlxq.core.record_text import colour_text
from tests.helpers import card

MID = ColourCtx(round_no=4, total_rounds=9)


def red_of(a, b, ctx=MID, **kw):
    red, black, why = allocate(a, b, ctx, **kw)
    # the reason is a key; its words cite its clause in either language
    assert reason_clause(why) in colour_text(why, "zh") and reason_clause(why) in colour_text(why, "en")
    return red, colour_text(why, "zh")


@pytest.mark.parametrize("first_red", [True, False])
def test_rule1_shaoxian_vs_duoxian(first_red):
    shao = card(3, 2, "BRB")  # 少先 (d = −1)
    duo = card(8, 2, "RBR")  # 多先 (d = +1)
    a, b = (shao, duo) if first_red else (duo, shao)
    red, why = red_of(a, b)
    assert red == 3 and "方法(四)1" in why


def test_rule2_pingxian_lianhou_vs_lianxian():
    assert red_of(card(1, 2, "RRBB"), card(2, 2, "BBRR"))[0] == 1


def test_rule3_lianhou_vs_lianhou_longer_first():
    assert red_of(card(1, 2, "RRBB"), card(2, 2, "RRRBBB"))[0] == 2


def test_rule4_lianxian_vs_lianxian_shorter_first():
    assert red_of(card(1, 2, "BBRR"), card(2, 2, "BBBRRR"))[0] == 1


def test_rule5_shanghou_vs_lianhou():
    assert red_of(card(1, 2, "RB"), card(2, 2, "RRBB"))[0] == 2


def test_rule6_shangxian_vs_lianxian():
    assert red_of(card(1, 2, "BR"), card(2, 2, "BBRR"))[0] == 1


def test_rule7_shanghou_vs_shangxian():
    assert red_of(card(2, 2, "BR"), card(1, 2, "RB"))[0] == 1


@pytest.mark.parametrize("a,b,red", [(3, 6, 3), (2, 6, 6), (5, 8, 5), (4, 8, 8)])
def test_rule8_number_sum(a, b, red):
    """和为奇数小号先走，偶数大号先走."""
    got, why = red_of(card(a, 2, "RB"), card(b, 2, "RB"))
    assert got == red and "方法(四)8" in why


@pytest.mark.parametrize("round_no,red", [(3, 2), (4, 6)])
def test_rule8_round_parity_option(round_no, red):
    ctx = ColourCtx(round_no=round_no, total_rounds=9, colour_tie="round_parity")
    assert red_of(card(2, 2, "RB"), card(6, 2, "RB"), ctx)[0] == red


def test_rule9_last_three_rounds_higher_score_decides():
    hi, lo = card(2, 8, "BR"), card(5, 6, "BR")  # both 平先上先: both due black
    # round 7 of 9 is the third-last: the higher scorer gets the colour he is due
    red, why = red_of(hi, lo, ColourCtx(round_no=7, total_rounds=9))
    assert red == 5 and "方法(四)9" in why
    # round 6 of 9: not yet, the number sum (7, odd → smaller number red) decides
    assert red_of(hi, lo, ColourCtx(round_no=6, total_rounds=9))[0] == 2


def test_rule9_narrow_does_not_override_rule1():
    hi, lo = card(2, 8, "BRB"), card(5, 6, "RBR")  # hi 少先, lo 多先
    assert red_of(hi, lo, ColourCtx(round_no=8, total_rounds=9))[0] == 2
    # seed 001's broad reading: higher scorer's need first (缺先补先)
    hi2, lo2 = card(2, 8, "RBR"), card(5, 6, "BRB")  # hi 多先 due black, lo 少先 due red
    broad = ColourCtx(round_no=8, total_rounds=9, last_rounds_rule="broad")
    assert red_of(hi2, lo2, broad)[0] == 5


def test_principle11_overrides_only_where_method_creates_three_in_row():
    lianxian = card(1, 4, "BBRR")  # 平先连先: red again would be 连三先
    duoxian = card(2, 4, "RRB")  # 多先 (d=+1) but last black
    red, why = red_of(lianxian, duoxian)
    assert red == 2 and "原则(十一)" in why


def test_no_history_player_falls_to_number_rule():
    red, why = red_of(card(4, 2, ""), card(7, 2, ""))
    assert red == 4 and "方法(四)8" in why


def test_principle12_last_round_keeps_balance_over_three_in_a_row():
    """Issue 8: 8 has R B R R B (多先1 上后) before the last round, 3 has
    B B B R R (少先1 连先).  方法(四)1: 少先 3 red, 多先 8 black — 3's third red in
    a row, but both end 3–3.  Before the last round 原则(十一) swaps (8 red,
    3 black: both end two apart for now).  In the last round 原则(十二) ("最后一轮
    …使全部参赛运动员的先后走局数只相差一先") outranks it: no swap, and the reason
    says why."""
    eight, three = card(8, 6, "RBRRB"), card(3, 6, "BBBRR")
    red, why = red_of(eight, three, ColourCtx(round_no=6, total_rounds=9))
    assert red == 8 and "原则(十一)" in why
    red, why = red_of(eight, three, ColourCtx(round_no=6, total_rounds=6))
    assert red == 3 and "方法(四)1" in why and "原则(十二)" in why


def test_principle12_last_round_overrides_the_broad_rule():
    """Seed 001's broad 方法(四)9 gives the higher scorer his colour first; in
    the last round that must not leave the other two apart when the other
    allocation leaves nobody so: hi 平先上先 (due black, ends within one
    either way), lo 多先1 (ends 2 apart with red)."""
    hi, lo = card(2, 8, "RBBR"), card(5, 6, "RBR")
    broad9 = ColourCtx(round_no=8, total_rounds=9, last_rounds_rule="broad")
    assert red_of(hi, lo, broad9)[0] == 5  # round 8 of 9: hi gets black
    broad = ColourCtx(round_no=9, total_rounds=9, last_rounds_rule="broad")
    red, why = red_of(hi, lo, broad)
    assert red == 2 and "原则(十二)" in why


def test_principle12_last_round_same_side_one_already_three_apart():
    """多先1 (RRB) vs 多先3 (RRRBR): the general rule gives red to the
    smaller surplus (多先1 → two apart).  In the last round 原则(十二) gives it to
    the 多先3 player, who ends apart whatever he gets, so that the other ends
    within one.  Earlier rounds keep the general rule (and avoid 多三)."""
    one, three = card(4, 4, "RRB"), card(6, 4, "RRRBR")
    assert red_of(one, three, ColourCtx(round_no=4, total_rounds=9))[0] == 4
    red, why = red_of(one, three, ColourCtx(round_no=4, total_rounds=4))
    assert red == 6 and "原则(十二)" in why


def test_reason_names_the_clause_only_where_its_text_covers_the_case():
    """方法(四)1 is 少先 vs 多先 and 2–7 are 平先 cases; 平先 vs 多先 and two 多先
    players are the general rule's, and the reason says it extends them."""
    assert "方法(四)1 少先者先走" in red_of(card(3, 2, "BRB"), card(8, 2, "RBR"))[1]
    red, why = red_of(card(5, 2, ""), card(4, 2, "R"))  # 平先 (no colour) vs 多先
    assert red == 5 and "推及" in why and "方法(四)1" in why
    red, why = red_of(card(9, 2, "RBRRB"), card(17, 2, "RBRBR"))  # 多先上后 vs 多先上先
    assert red == 9 and "推及" in why and "方法(四)2–7" in why
    red, why = red_of(card(1, 2, "RB"), card(2, 2, "RRBB"))  # 方法(四)5, both 平先
    assert red == 2 and why == "方法(四)2–7 连后/上后者先走"
