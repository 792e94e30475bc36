"""Colour allocation inside a pair: 方法(四) 确定先后走的方法.

Seed 000 lists seven cases (方法(四)1–7), the number-sum rule (8) and the
last-three-rounds rule (9).  One general rule reproduces all seven
(rules-research §7.9), where ``d`` = reds − blacks and ``s`` = the signed
streak (+k: k reds in a row, −k: k blacks in a row):

    red goes to the player with the larger black surplus (−d); if equal, to
    the one with the smaller s.

    1 少先 vs 多先            → 少先 red           (−d larger)
    2 平先连后 vs 连先        → 连后 red           (s −2 < +2)
    3 平先连后 vs 连后        → 连后多的 red       (s more negative)
    4 平先连先 vs 连先        → 连先少的 red       (smaller positive s)
    5 平先上后 vs 连后        → 连后 red           (−2 < −1)
    6 平先上先 vs 连先        → 上先 red           (+1 < +2)
    7 平先上后 vs 上先        → 上后 red           (−1 < +1)

Before those, 原则(十一) (avoid 连三先/连三后 and 多三先/多三后) decides when one
allocation creates such a run or surplus and the other does not: cases 2–7
never disagree with it and are silent where it matters (e.g. 平先连先 vs 多先);
case 1 can (a 少先 player on 连先), and there 原则(十一) is followed.  In the
last round 原则(十二) (everyone within one 先 at the end) comes first: no swap
that leaves more of the two more than one 先 apart.  See docs/pairing.md §2.7.
"""

from __future__ import annotations

from dataclasses import dataclass

from xlxq.core.history import CardState


@dataclass(frozen=True)
class ColourCtx:
    round_no: int
    total_rounds: int
    colour_tie: str = "number_sum"  # or "round_parity"
    last_rounds_rule: str = "cxa"  # or "broad" (seed 001)

    @property
    def last_three(self) -> bool:
        """方法(四)9 applies 从倒数第三轮起."""
        return self.round_no >= self.total_rounds - 2

    @property
    def last_round(self) -> bool:
        """原则(十二) applies to the last round's colours."""
        return self.round_no >= self.total_rounds


#: The reasons :func:`allocate` gives, by key: the clause each one cites.
COLOUR_REASONS: dict[str, str] = {
    "m4.1": "方法(四)1",
    "m4.1_ext": "方法(四)1",
    "m4.2-7": "方法(四)2–7",
    "m4.2-7_ext": "方法(四)2–7",
    "m4.8_sum_odd": "方法(四)8",
    "m4.8_sum_even": "方法(四)8",
    "m4.8_round_odd": "方法(四)8",
    "m4.8_round_even": "方法(四)8",
    "m4.9": "方法(四)9",
    "m4.9_broad": "方法(四)9",
    "p11": "原则(十一)",
    "p12": "原则(十二)",
}


def reason_clause(reason: str) -> str:
    """The clause a reason of :func:`allocate` cites."""
    return COLOUR_REASONS[reason.split("+")[0]]


def preference(c: CardState) -> str | None:
    """The colour a player is due: by surplus first, then alternation."""
    d = c.diff
    if d < 0:
        return "R"
    if d > 0:
        return "B"
    last = c.last_colour
    if last == "R":
        return "B"
    if last == "B":
        return "R"
    return None


def after(c: CardState, colour: str) -> tuple[int, int]:
    """(d, s) once ``colour`` is played."""
    d = c.diff + (1 if colour == "R" else -1)
    s = c.streak
    if colour == "R":
        s = s + 1 if s > 0 else 1
    else:
        s = s - 1 if s < 0 else -1
    return d, s


def hard_violations(c: CardState, colour: str) -> int:
    """1 if playing ``colour`` makes 连三 (three in a row) or 多三 (|d| ≥ 3)."""
    d, s = after(c, colour)
    return 1 if abs(s) >= 3 or abs(d) >= 3 else 0


def ends_apart(c: CardState, colour: str) -> int:
    """1 if playing ``colour`` leaves |先 − 后| ≥ 2 (原则(十二): more than one
    先 apart, when it is the last game)."""
    return 1 if abs(after(c, colour)[0]) >= 2 else 0


def avoidably_apart(c: CardState, colour: str) -> int:
    """1 if ``colour`` leaves the player more than one 先 apart and the other
    colour would not (|d| = 1 or 2 before, and ``colour`` deepens it)."""
    other = "B" if colour == "R" else "R"
    return 1 if ends_apart(c, colour) and not ends_apart(c, other) else 0


def _tie(x: CardState, y: CardState, ctx: ColourCtx) -> tuple[CardState, str]:
    small, large = (x, y) if x.no < y.no else (y, x)
    if ctx.colour_tie == "round_parity":
        # seed 001: 单数轮次小号先走，双数轮次大号先走
        return (small, "m4.8_round_odd") if ctx.round_no % 2 else (large, "m4.8_round_even")
    # seed 000: 两号相加之和，奇数小号先走，偶数大号先走
    if (x.no + y.no) % 2:
        return small, "m4.8_sum_odd"
    return large, "m4.8_sum_even"


def allocate(
    x: CardState, y: CardState, ctx: ColourCtx, score_x: float | None = None, score_y: float | None = None
) -> tuple[int, int, str]:
    """Return (red_no, black_no, reason) for a pair.

    ``reason`` is a key of :data:`COLOUR_REASONS` (the clause that decided),
    with ``+p12_keep`` appended when 原则(十二) kept a colour that 原则(十一)
    would have swapped; :mod:`xlxq.core.record_text` words it.

    ``score_*`` default to the cards' scores; they matter only for 方法(四)9.
    """
    sx = x.score if score_x is None else score_x
    sy = y.score if score_y is None else score_y

    red, black, why = _by_method(x, y, sx, sy, ctx)
    # 原则(十一) overrides only where 方法(四) would create 连三/多三 that the
    # other colour avoids.
    cr, cb = (x, y) if red == x.no else (y, x)
    keep = hard_violations(cr, "R") + hard_violations(cb, "B")
    swap = hard_violations(cb, "R") + hard_violations(cr, "B")
    if ctx.last_round:
        # 原则(十二) first in the last round: no swap that leaves more players
        # more than one 先 apart, whatever it saves in 连三 (seed 001: 最后一轮
        # 连三先、连三后的配对均不拆开重排).
        apart_keep = ends_apart(cr, "R") + ends_apart(cb, "B")
        apart_swap = ends_apart(cb, "R") + ends_apart(cr, "B")
        if apart_swap < apart_keep:
            return black, red, "p12"
        if apart_swap > apart_keep:
            if swap < keep:
                why += "+p12_keep"
            return red, black, why
    if swap < keep:
        return black, red, "p11"
    return red, black, why


def _by_method(x: CardState, y: CardState, sx: float, sy: float, ctx: ColourCtx) -> tuple[int, int, str]:
    def red_is(p: CardState, why: str) -> tuple[int, int, str]:
        q = y if p is x else x
        return p.no, q.no, why

    if ctx.last_rounds_rule == "broad" and ctx.last_three and sx != sy:
        hi = x if sx > sy else y
        pref = preference(hi)
        if pref is not None:
            lo = y if hi is x else x
            return red_is(hi if pref == "R" else lo, "m4.9_broad")

    # The reason names the clause only where its text covers the case; the
    # general rule's other cases say they extend it (docs/pairing.md §2.7).
    if x.diff != y.diff:
        if x.diff * y.diff < 0:
            return red_is(x if x.diff < y.diff else y, "m4.1")
        return red_is(x if x.diff < y.diff else y, "m4.1_ext")
    if x.streak != y.streak:
        if x.diff == 0:
            return red_is(x if x.streak < y.streak else y, "m4.2-7")
        return red_is(x if x.streak < y.streak else y, "m4.2-7_ext")

    if ctx.last_three and sx != sy:
        hi = x if sx > sy else y
        pref = preference(hi)
        if pref is not None:
            lo = y if hi is x else x
            return red_is(hi if pref == "R" else lo, "m4.9")

    p, why = _tie(x, y, ctx)
    return red_is(p, why)
