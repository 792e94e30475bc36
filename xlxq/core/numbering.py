"""The registration rule: who gets which 序号 (or 队号) before round 1.

ONE rule, used by ``xlxq new`` (the registration import), by the workbook
reader (a 报名表 whose 序号 are all blank) and by 抽签 (``xlxq draw``, the
抽签 button):

1. Seeds first (seed 000 方法(一): 种子选手排单号): the seeded entrants,
   sorted by seed value (ties: in registration order), take 1, 3, 5 ….
2. The others take 2, 4, 6 … in the order of the method (:data:`NUMBERINGS`):

   - ``order`` (报名顺序): registration order (the default, as before);
   - ``draw`` (抽签): registration order shuffled by
     ``random.Random(seed).shuffle`` — Python's Mersenne Twister (MT19937)
     seeded with the whole number ``seed`` and its Fisher–Yates shuffle, the
     same numbers on every machine and every Python 3 since 3.2: a draw made
     in public is repeated by giving the same seed;
   - ``rating`` (等级分): highest 等级分 first; unrated entrants after the
     rated ones; equal ratings in registration order.

3. When one group runs out, the rest of the other continues on the next
   free numbers consecutively.  E.g. 4 seeds among 24: seeds 1, 3, 5, 7;
   others 2, 4, 6, 8, 9, 10 … 24.  5 seeds among 7: seeds 1, 3, 5, 6, 7;
   others 2, 4.  With no seed at all the others are simply 1 … n.
"""

from __future__ import annotations

import random
from typing import Optional, Sequence

from xlxq.errors import InputError
from xlxq.i18n import Msg

#: the methods for the unseeded entrants, with the message of their 设置 word
NUMBERINGS: dict[str, str] = {
    "order": "numbering.registration-order",
    "draw": "numbering.draw",
    "rating": "numbering.rating",
}


def registration_numbers(
    seeds: Sequence[Optional[int]],
    ratings: Sequence[Optional[float]] = (),
    method: str = "order",
    draw_seed: Optional[int] = None,
) -> list[int]:
    """The number of each entrant (given in registration order by its seed
    value or None, and its rating or None), per the module's rule.  A draw
    needs ``draw_seed``."""
    if method not in NUMBERINGS:
        raise InputError(Msg("numbering.unknown-numbering-method", method=method))
    n = len(seeds)
    seeded = sorted((i for i in range(n) if seeds[i] is not None), key=lambda i: (seeds[i], i))
    others = [i for i in range(n) if seeds[i] is None]
    if method == "draw":
        if draw_seed is None:
            raise InputError(Msg("numbering.a-draw-needs-a-draw-seed-a-whole-number"))
        random.Random(draw_seed).shuffle(others)
    elif method == "rating":
        rating = list(ratings) + [None] * (n - len(ratings))

        def by_rating(i: int) -> tuple[bool, float, int]:
            r = rating[i]
            return (r is None, -(r or 0.0), i)

        others.sort(key=by_rating)
    numbers = [0] * n
    s, o = iter(seeded), iter(others)
    left_s, left_o = len(seeded), len(others)
    for k in range(1, n + 1):
        if (k % 2 == 1 and left_s) or not left_o:
            numbers[next(s)] = k
            left_s -= 1
        else:
            numbers[next(o)] = k
            left_o -= 1
    return numbers


def check_not_paired(rounds: int, team: bool = False) -> None:
    """抽签 only before round 1: with ``rounds`` already paired the numbers
    are fixed (the 编排卡 and every later round use them) → the error."""
    if rounds:
        what = Msg("numbering.team-numbers" if team else "numbering.numbers")
        raise InputError(Msg("numbering.round-s-already-paired-the-are-fixed-the", rounds=rounds, what=what))


def numbering_msg(method: str, draw_seed: Optional[int], seeded: int) -> Msg:
    """How the numbers were made, one phrase, for the messages and the
    编排记录: "种子选手排单号（方法(一)），其余按抽签（抽签种子 7）"."""
    how = Msg(NUMBERINGS[method])
    if method == "draw":
        how = Msg("numbering.draw-seed", zh=how, draw_seed=draw_seed)
    if not seeded:
        return Msg("numbering.numbered-by", zh=how)
    return Msg("numbering.the-seed-s-take-the-odd-numbers-method-1", seeded=seeded, zh=how)


__all__ = ["NUMBERINGS", "registration_numbers", "numbering_msg", "check_not_paired"]
