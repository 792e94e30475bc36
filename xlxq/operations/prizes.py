"""``xlxq prizes FILE``: the 获奖名单 of an event with a prize table
(设置's 奖项 rows, a JSON file's ``event.prizes``; docs/prizes.md), the
winners taken from the standings after the last round (ties by the
standings order) by :func:`xlxq.core.prizes.award`.
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.model import Event
from xlxq.core.prizes import Awards, award
from xlxq.errors import InputError
from xlxq.i18n import Msg
from xlxq.operations.result import Outcome
from xlxq.presentation.prize_report import prizes_data, prizes_lines
from xlxq.systems import get_system

__all__ = ["event_awards", "prizes_file", "standings_order"]


def standings_order(event: Event) -> list[tuple[int, Optional[int]]]:
    """The final standings as (序号, rank) from first to last, by the
    event's system (a knockout's place; a player still in: no rank)."""
    rows = get_system(event.settings.system).standings(event)
    out: list[tuple[int, Optional[int]]] = []
    for r in rows:
        rank: Any = getattr(r, "rank", None)
        if rank is None:
            rank = getattr(r, "place", None)
        out.append((int(r.no), rank))
    return out


def event_awards(event: Event) -> Optional[Awards]:
    """The winners of the event's prize table (None: it has none)."""
    table = event.settings.prizes
    if table is None or not table.prizes:
        return None
    return award(table, standings_order(event), {p.no: p for p in event.players})


def prizes_file(event: Event, *, as_json: bool = False) -> Outcome:
    """``xlxq prizes FILE`` on a JSON file: the 获奖名单, or ``--json``;
    an event without a prize table is refused (exit 2)."""
    if not isinstance(event, Event):
        raise InputError(Msg("prizes.individual-events-only"))
    awards = event_awards(event)
    if awards is None:
        raise InputError(Msg("prizes.no-prize-table"))
    players = {p.no: p for p in event.players}
    after = len(event.rounds)
    final = after >= int(event.settings.rounds)
    if as_json:
        return Outcome(data=lambda lang: prizes_data(awards, players, after, lang))
    return Outcome(render=lambda lang: prizes_lines(awards, players, after, final, event.settings.name, lang))
