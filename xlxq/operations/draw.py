"""``xlxq draw FILE [--seed S]`` (抽签) on a JSON file: the numbers made
again by the registration rule (:mod:`xlxq.core.numbering`: seeds take the
odd numbers, the others drawn by ``random.Random(S).shuffle``), the method
and the seed recorded in ``event.numbering`` so that the draw can be
repeated in public (the same seed on the same file gives the same numbers).

The players (a team event: the teams, 队号) are drawn in the order the file
lists them, and the file keeps that order, so drawing again with the same
seed gives the same numbers.  Refused once round 1 is paired (the numbers
are fixed from then on: 编排卡 and every later pairing use them).  The
workbook's 抽签 is :func:`xlxq.operations.workbook_draw.draw_numbers` (the same rule).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from xlxq.core.model import Event
from xlxq.core.numbering import check_not_paired, numbering_msg, registration_numbers
from xlxq.core.teams import TeamEvent
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome
from xlxq.text import fmt, text_table
from xlxq.operations.workbook_draw import new_draw_seed
from xlxq.i18n import Msg

__all__ = ["draw_file", "draw_team_file"]


def draw_file(event: Event, seed: Optional[int]) -> Outcome:
    """The individual event with its players' 序号 drawn."""
    check_not_paired(len(event.rounds))
    if getattr(event.settings, "member_total", None) is not None:
        raise InputError(
            Msg("draw.a-member-total-event-is-numbered-by"),
        )
    return _drawn(
        event,
        "players",
        seed,
        "draw.players-drawn",
        ("draw.players-table-head", [True, False, False, True, True]),
        lambda p: [p.no, p.name, p.unit, fmt(p.rating), fmt(p.seed)],
    )


def draw_team_file(event: TeamEvent, seed: Optional[int]) -> Outcome:
    """The team event with its 队号 drawn (the members keep their 序号)."""
    check_not_paired(len(event.rounds), team=True)
    return _drawn(
        event,
        "teams",
        seed,
        "draw.teams-drawn",
        ("draw.teams-table-head", [True, False, True]),
        lambda t: [t.no, t.name, fmt(t.seed)],
    )


def _drawn(event: Any, attr: str, seed: Optional[int], drawn_id: str, table: tuple, row: Any) -> Outcome:
    """``event`` with its ``attr`` (players or teams) numbered by the draw
    with ``seed`` (None: a fresh one), and the lines that show them
    (``drawn_id``: the message of the first, ``table``: the table's head and
    which of its columns are right-aligned)."""
    seed = new_draw_seed() if seed is None else seed
    es = getattr(event, attr)
    ratings = [getattr(e, "rating", None) for e in es]
    drawn = [replace(e, no=n) for e, n in zip(es, registration_numbers([e.seed for e in es], ratings, "draw", seed))]
    settings = replace(event.settings, numbering="draw", numbering_seed=seed)
    new = replace(event, settings=settings, **{attr: drawn})
    seeded = sum(1 for e in es if e.seed is not None)
    note = numbering_msg("draw", seed, seeded)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        echo(txt(drawn_id, n=len(es), note=note))
        rows: list[list[Any]] = [row(e) for e in sorted(drawn, key=lambda e: e.no)]
        echo(*text_table(txt(table[0]).split(), rows, table[1]))
        echo(*next_step(seed, lang))
        return echo

    return Outcome(event=new, render=render)


def next_step(seed: int, lang: str) -> list[str]:
    txt = Text(lang)
    return [
        txt(
            "draw.draw-seed-recorded-drawing-again-with-it",
            seed=seed,
        )
    ]
