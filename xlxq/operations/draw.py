"""``xlxq draw FILE [--seed S]`` (抽签) on a JSON file: the numbers made
again by the registration rule (:mod:`xlxq.core.numbering`: seeds take the
odd numbers, the others drawn by ``random.Random(S).shuffle``), the method
and the seed recorded in ``event.numbering`` so that the draw can be
repeated in public (the same seed on the same file gives the same numbers).

The players (a team event: the teams, 队号) are drawn in the order the file
lists them, and the file keeps that order, so drawing again with the same
seed gives the same numbers.  Refused once round 1 is paired (the numbers
are fixed from then on: 编排卡 and every later pairing use them).  The
workbook's 抽签 is :func:`xlxq.workbook_draw.draw_numbers` (the same rule).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from xlxq.core.model import Event
from xlxq.core.numbering import check_not_paired, numbering_note, registration_numbers
from xlxq.core.teams import TeamEvent
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome
from xlxq.text import fmt, text_table
from xlxq.workbook_draw import new_draw_seed

__all__ = ["draw_file", "draw_team_file"]


def draw_file(event: Event, seed: Optional[int]) -> Outcome:
    """The individual event with its players' 序号 drawn."""
    check_not_paired(len(event.rounds))
    if getattr(event.settings, "member_total", None) is not None:
        raise InputError(
            "队员总分制的序号按上下半区编排（xlxq new --member-total），不用抽签",
            "a member-total event is numbered by halves (xlxq new --member-total): no draw",
        )
    seed = new_draw_seed() if seed is None else seed
    ps = event.players
    numbers = registration_numbers([p.seed for p in ps], [p.rating for p in ps], "draw", seed)
    players = [replace(p, no=n) for p, n in zip(ps, numbers)]
    settings = replace(event.settings, numbering="draw", numbering_seed=seed)
    new = replace(event, settings=settings, players=players)
    seeded = sum(1 for p in ps if p.seed is not None)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        zh, en = numbering_note("draw", seed, seeded)
        echo(txt(f"抽签完成：{len(ps)}名棋手，{zh}", f"numbers drawn: {len(ps)} players, {en}"))
        header = txt("序号 姓名 单位 等级分 种子", "No Name Unit Rating Seed").split()
        rows = [[p.no, p.name, p.unit, fmt(p.rating), fmt(p.seed)] for p in sorted(players, key=lambda p: p.no)]
        echo(*text_table(header, rows, [True, False, False, True, True]))
        echo(*next_step(seed, lang))
        return echo

    return Outcome(event=new, render=render)


def draw_team_file(event: TeamEvent, seed: Optional[int]) -> Outcome:
    """The team event with its 队号 drawn (the members keep their 序号)."""
    check_not_paired(len(event.rounds), team=True)
    seed = new_draw_seed() if seed is None else seed
    ts = event.teams
    numbers = registration_numbers([t.seed for t in ts], [], "draw", seed)
    teams = [replace(t, no=n) for t, n in zip(ts, numbers)]
    settings = replace(event.settings, numbering="draw", numbering_seed=seed)
    new = replace(event, settings=settings, teams=teams)
    seeded = sum(1 for t in ts if t.seed is not None)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        zh, en = numbering_note("draw", seed, seeded)
        echo(txt(f"抽签完成：{len(ts)}队，队号{zh}", f"team numbers drawn: {len(ts)} teams, {en}"))
        header = txt("队号 队名 种子", "No Team Seed").split()
        rows: list[list[Any]] = [[t.no, t.name, fmt(t.seed)] for t in sorted(teams, key=lambda t: t.no)]
        echo(*text_table(header, rows, [True, False, True]))
        echo(*next_step(seed, lang))
        return echo

    return Outcome(event=new, render=render)


def next_step(seed: int, lang: str) -> list[str]:
    txt = Text(lang)
    return [
        txt(
            f"抽签种子 {seed} 已记录；用同一种子再抽（xlxq draw 文件 --seed {seed}）得到同样的号码。下一步：xlxq pair 文件",
            f"draw seed {seed} recorded; drawing again with it (xlxq draw FILE --seed {seed}) gives the same "
            f"numbers. Next: xlxq pair FILE",
        )
    ]
