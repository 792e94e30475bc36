"""Round 1 of the Swiss: 方法(一) 第一轮编排.

Numbers (序号) are fixed at registration (seeds on the odd numbers, see
``registration``); round 1 only pairs them:

* ``adjacent`` 近号配对 (seed 000 default): 1-2, 4-3, 5-6, 8-7 …
* ``fold``     首尾配对: 1-N, 2-(N−1) …
* ``slide``    对半交叉 / 拦腰: 1-(N/2+1), 2-(N/2+2) …
* ``random``   随机配对: the numbers shuffled with the recorded seed, then
  paired as 近号.

Colours (``pairing.first_round_colours``, seed 001 §二.3): odd boards the
smaller number plays red, even boards the larger (default, 方法(一): 单号台次
小号先走、双号台次大号先走); or 上半区先手; or 单数序号先手; or 抽签/猜先 with
the recorded seed (:func:`first_round_colours`).  With an odd field the last
number in the order (the largest, or the last drawn) has the bye.  Seed
001's team-mate rule is an option (原则(七) says 不回避 by default): a pair
of team-mates swaps its lower-half player with the lower-half player of the
nearest following pair (then preceding) where the swap leaves neither pair
with team-mates; a forbidden pair (亲属回避) is swapped apart the same way.

The same 方法(一) pairs the teams of a team Swiss on their team numbers
(:func:`first_round_pairings`, "first" = the team that goes first, as red
is for players); an individual round is :func:`pair_first_round`.
"""

from __future__ import annotations

import random

from typing import Mapping, Optional

from xlxq.core.model import Board, Event, FirstRoundSettings, Round
from xlxq.core.notes import Note
from xlxq.i18n import Msg


def first_round_pairs(order: list[int], method: str) -> list[tuple[int, int]]:
    """Unordered pairs (top-half player, bottom-half player) for an even list."""
    k = len(order) // 2
    if method in ("adjacent", "random"):
        return [(order[2 * i], order[2 * i + 1]) for i in range(k)]
    if method == "fold":
        return [(order[i], order[-1 - i]) for i in range(k)]
    if method == "slide":
        return [(order[i], order[i + k]) for i in range(k)]
    raise ValueError(method)


def _keep_apart(
    pairs: list[tuple[int, int]], unit: dict[int, str], forbidden: dict[int, set[int]], notes: list[str]
) -> list[tuple[int, int]]:
    """Seed 001's round-1 swap: a pair that may not meet (team-mates when
    ``unit`` is given, a forbidden pair 亲属回避 always) swaps its lower-half
    player with the lower-half player of the nearest following pair (then
    preceding) such that neither pair may not meet."""
    pairs = list(pairs)

    def why(a: int, b: int) -> str:
        if b in forbidden.get(a, ()):
            return "forbidden"
        return "unit" if unit.get(a) and unit.get(a) == unit.get(b) else ""

    for i in range(len(pairs)):
        a, b = pairs[i]
        reason = why(a, b)
        if not reason:
            continue
        kept, apart = (
            ("round1.same-club-kept-apart", "round1.same-club")
            if reason == "unit"
            else ("round1.forbidden-pair-kept-apart", "round1.forbidden-pair")
        )
        order = list(range(i + 1, len(pairs))) + list(range(i - 1, -1, -1))
        for j in order:
            c, d = pairs[j]
            if not why(a, d) and not why(c, b):
                pairs[i], pairs[j] = (a, d), (c, b)
                notes.append(
                    Note(
                        Msg("round1.and-swapped-boards", zh=Msg(kept), b=b, d=d, i=i + 1, j=j + 1),
                    )
                )
                break
        else:
            notes.append(Note(Msg("round1.and-cannot-be-kept-apart", zh=Msg(apart), a=a, b=b)))
    return pairs


def first_round_colours(
    pairs: list[tuple[int, int]], method: str, seed: Optional[int], notes: list[str]
) -> list[tuple[int, int]]:
    """(first, second) of each (top-half player, bottom-half player) pair by
    the round-1 colour method (seed 001 §二.3, four forms):

    * ``board_parity`` 单数台次小号先手、双数台次大号先手 (seed 000's 1-2, 4-3 …);
    * ``top_half`` 上半区先手: the top-half player (the odd number of 近号,
      the smaller number of 首尾 and 对半交叉, the first drawn of 随机);
    * ``odd_number`` 单数序号先手、双数序号后手; two odd or two even numbers
      (首尾 or 对半交叉 can pair them): by board, as ``board_parity``;
    * ``draw`` 抽签/猜先: one toss with the recorded seed decides whether
      board 1's top-half player goes first; then the boards alternate."""
    toss = random.Random(f"{seed if seed is not None else 0}:colours").random() < 0.5 if method == "draw" else True
    if method == "draw":
        notes.append(
            Note(
                Msg(
                    "round1.round-1-colours-drawn-seed-board-1s-top",
                    None_else=seed if seed is not None else 0,
                    toss_else=Msg("round1.first" if toss else "round1.second"),
                ),
            )
        )
    out = []
    for i, (a, b) in enumerate(pairs, start=1):
        small, large = min(a, b), max(a, b)
        by_board = (small, large) if i % 2 == 1 else (large, small)
        if method == "top_half":
            out.append((a, b))
        elif method == "odd_number" and a % 2 != b % 2:
            out.append((a, b) if a % 2 else (b, a))
        elif method == "draw":
            out.append((a, b) if (i % 2 == 1) == toss else (b, a))
        else:
            out.append(by_board)
    return out


def first_round_pairings(
    entrants: list[int],
    settings: FirstRoundSettings,
    notes: list[str],
    units: Optional[Mapping[int, str]] = None,
) -> tuple[list[tuple[int, int]], list[int]]:
    """Round 1 of the entrants numbered ``entrants`` (players or teams) by
    ``settings.first_round``: the pairs in board (match) order as (first,
    second), first = red / 先走 (:func:`first_round_colours`), and the bye.
    ``units`` (a player's 单位) turns on seed 001's team-mate swap when
    ``settings.pairing.avoid_same_unit_round1``; forbidden pairs are always
    swapped apart."""
    order = sorted(entrants)
    if settings.first_round == "random":
        seed = settings.first_round_seed if settings.first_round_seed is not None else 0
        random.Random(seed).shuffle(order)
        notes.append(Note(Msg("round1.random-draw-seed", seed=seed)))
    byes = []
    if len(order) % 2:
        byes = [order.pop()]
    pairs = first_round_pairs(order, settings.first_round)
    keep_units = dict(units) if units is not None and settings.pairing.avoid_same_unit_round1 else {}
    forbidden = settings.pairing.forbidden_with()
    if keep_units or forbidden:
        pairs = _keep_apart(pairs, keep_units, forbidden, notes)
    return first_round_colours(pairs, settings.pairing.first_round_colours, settings.first_round_seed, notes), byes


def pair_first_round(event: Event, players: list[int], notes: list[str]) -> Round:
    """Round 1 of an individual event: :func:`first_round_pairings` on the
    players, team-mates told apart by their 单位."""
    units = {p.no: (p.unit or "").strip() for p in event.players}
    pairs, byes = first_round_pairings(players, event.settings, notes, units)
    boards = [Board(board=i, red=red, black=black) for i, (red, black) in enumerate(pairs, start=1)]
    return Round(round=1, boards=boards, byes=byes)
