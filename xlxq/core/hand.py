"""A round as played against the pairing the engine proposed for it: the
one comparison behind recompute's 人工调整 notes (the workbook keeps the
engine's pairing of each round it made, _xlxq ``generated``; a JSON file
in each round's ``engine``), the 编排记录's 实际对阵 section of every
system, the pages', the 成绩册's and ``check``'s list of differences.

Each change names a board as played (or a bye, or a pair of the proposal
left out of the round): players swapped between boards (``pairing``, with
the proposal's pairs of the players concerned), red and black swapped on a
board (``colours``), a bye moved (``bye``), a proposed pair neither of whose
players is in the round any more (``dropped``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Optional

from xlxq.core.model import Event, Round
from xlxq.core.pairing import pair_swiss_round

__all__ = ["HandChange", "hand_changes", "engine_changes", "engine_pairing"]


@dataclass(frozen=True)
class HandChange:
    """One difference of the round as played from the proposal: ``kind``
    (pairing, colours, bye, dropped), the ``board`` as played (None for a
    bye or a dropped pair), ``red``/``black`` as played (a bye: ``red`` the
    player, a dropped pair: the proposal's), ``was`` the proposal's pairs
    (red, black) of these players, ``byes_was`` the proposal's byes."""

    kind: str
    board: Optional[int]
    red: int
    black: int = 0
    was: tuple[tuple[int, int], ...] = ()
    byes_was: tuple[int, ...] = ()


def hand_changes(proposed: Iterable[tuple[int, int]], proposed_byes: Iterable[int], played: Round) -> list[HandChange]:
    """The changes of ``played`` from the proposal (its pairs (red, black)
    and byes), boards in the played order, then the byes, then the dropped
    pairs."""
    pairs = list(proposed)
    byes = tuple(proposed_byes)
    if [(b.red, b.black) for b in played.boards] == pairs and sorted(byes) == sorted(played.byes):
        return []  # played as proposed (the usual case, at a glance)
    by_key = {frozenset(p): p for p in pairs}
    out: list[HandChange] = []
    for b in played.boards:
        key = frozenset((b.red, b.black))
        if key not in by_key:
            was = tuple(p for p in pairs if b.red in p or b.black in p)
            out.append(HandChange("pairing", b.board, b.red, b.black, was))
        elif by_key[key] != (b.red, b.black):
            out.append(HandChange("colours", b.board, b.red, b.black, (by_key[key],)))
    if sorted(byes) != sorted(played.byes):
        out += [HandChange("bye", None, no, byes_was=byes) for no in played.byes]
    there = set(played.players())
    out += [HandChange("dropped", None, r, k) for r, k in pairs if r not in there and k not in there]
    out += [HandChange("dropped", None, no) for no in byes if no not in there]  # a bye: black 0
    return out


def engine_changes(event: Event, round_no: int) -> list[HandChange]:
    """The changes of round ``round_no`` of a Swiss from the engine's
    pairing of it (:func:`engine_pairing`).
    Raises the engine's error when it cannot pair the round."""
    rnd = next(r for r in event.rounds if r.round == round_no)
    pairs, byes = engine_pairing(event, round_no)
    return hand_changes(pairs, byes, rnd)


def engine_pairing(
    event: Event, round_no: int, derive: Optional[Callable[[Event, int], Round]] = None
) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
    """The engine's pairing of round ``round_no``, (red, black) by board
    and the byes: the one it made (``Round.engine``: a workbook's _xlxq, a
    JSON round's ``engine``), else derived (a file written before it was
    kept) by ``derive`` (the system's ``derived_round``: a round robin's
    table, a knockout's bracket), by default as a Swiss from the event as
    it stood before the round (:meth:`Event.as_paired`)."""
    rnd = next(r for r in event.rounds if r.round == round_no)
    if rnd.engine is not None:
        return rnd.engine
    mine = (
        derive(event, round_no) if derive is not None else pair_swiss_round(event.as_paired(round_no), round_no).round
    )
    return tuple((b.red, b.black) for b in mine.boards), tuple(mine.byes)
