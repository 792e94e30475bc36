"""Round 1 of the Swiss: 方法(一) 第一轮编排.

Numbers (序号) are fixed at registration (seeds on the odd numbers, see
``registration``); round 1 only pairs them:

* ``adjacent`` 近号配对 (seed 000 default): 1-2, 4-3, 5-6, 8-7 …
* ``fold``     首尾配对: 1-N, 2-(N−1) …
* ``slide``    对半交叉 / 拦腰: 1-(N/2+1), 2-(N/2+2) …
* ``random``   随机配对: the numbers shuffled with the recorded seed, then
  paired as 近号.

Colours for every method: odd boards the smaller number plays red, even
boards the larger (方法(一): 单号台次小号先走、双号台次大号先走).  With an odd
field the last number in the order (the largest, or the last drawn) has the
bye.  Seed 001's team-mate rule is an option (原则(七) says 不回避 by
default): a pair of team-mates swaps its lower-half player with the
lower-half player of the nearest following pair (then preceding) where the
swap leaves neither pair with team-mates.

The same 方法(一) pairs the teams of a team Swiss on their team numbers
(:func:`first_round_pairings`, "first" = the team that goes first, as red
is for players); an individual round is :func:`pair_first_round`.
"""

from __future__ import annotations

import random

from typing import Mapping, Optional

from xlxq.core.model import Board, Event, FirstRoundSettings, Round
from xlxq.core.notes import Note


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


def _avoid_units(pairs: list[tuple[int, int]], unit: dict[int, str], notes: list[str]) -> list[tuple[int, int]]:
    pairs = list(pairs)

    def clash(a: int, b: int) -> bool:
        return bool(unit.get(a)) and unit.get(a) == unit.get(b)

    for i in range(len(pairs)):
        a, b = pairs[i]
        if not clash(a, b):
            continue
        order = list(range(i + 1, len(pairs))) + list(range(i - 1, -1, -1))
        for j in order:
            c, d = pairs[j]
            if not clash(a, d) and not clash(c, b):
                pairs[i], pairs[j] = (a, d), (c, b)
                notes.append(
                    Note(
                        f"同单位回避：{b}号与{d}号互换（第{i + 1}、{j + 1}台）",
                        f"same club kept apart: {b} and {d} swapped (boards {i + 1}, {j + 1})",
                    )
                )
                break
        else:
            notes.append(Note(f"同单位回避：{a}号与{b}号无法调开", f"same club: {a} and {b} cannot be kept apart"))
    return pairs


def first_round_pairings(
    entrants: list[int],
    settings: FirstRoundSettings,
    notes: list[str],
    units: Optional[Mapping[int, str]] = None,
) -> tuple[list[tuple[int, int]], list[int]]:
    """Round 1 of the entrants numbered ``entrants`` (players or teams) by
    ``settings.first_round``: the pairs in board (match) order as (first,
    second), first = red / 先走 (odd boards the smaller number, even boards
    the larger), and the bye.  ``units`` (a player's 单位) turns on seed
    001's team-mate swap when ``settings.pairing.avoid_same_unit_round1``."""
    order = sorted(entrants)
    if settings.first_round == "random":
        seed = settings.first_round_seed if settings.first_round_seed is not None else 0
        random.Random(seed).shuffle(order)
        notes.append(Note(f"随机配对，随机种子 {seed}", f"random draw, seed {seed}"))
    byes = []
    if len(order) % 2:
        byes = [order.pop()]
    pairs = first_round_pairs(order, settings.first_round)
    if units is not None and settings.pairing.avoid_same_unit_round1:
        pairs = _avoid_units(pairs, dict(units), notes)
    out = []
    for i, (a, b) in enumerate(pairs, start=1):
        small, large = min(a, b), max(a, b)
        out.append((small, large) if i % 2 == 1 else (large, small))
    return out, byes


def pair_first_round(event: Event, players: list[int], notes: list[str]) -> Round:
    """Round 1 of an individual event: :func:`first_round_pairings` on the
    players, team-mates told apart by their 单位."""
    units = {p.no: (p.unit or "").strip() for p in event.players}
    pairs, byes = first_round_pairings(players, event.settings, notes, units)
    boards = [Board(board=i, red=red, black=black) for i, (red, black) in enumerate(pairs, start=1)]
    return Round(round=1, boards=boards, byes=byes)
