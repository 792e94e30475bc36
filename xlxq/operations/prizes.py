"""``xlxq prizes FILE``: the 获奖名单 of an event with a prize table
(设置's 奖项 rows, a JSON file's ``event.prizes``; docs/prizes.md), the
winners taken from the standings after the last round (ties by the
standings order) by :func:`xlxq.core.prizes.award`.
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.model import Event
from xlxq.core.prizes import Awards, event_awards
from xlxq.errors import InputError
from xlxq.i18n import Msg
from xlxq.operations.result import Outcome
from xlxq.presentation.prize_report import prizes_data, prizes_lines
from xlxq.systems import get_system

__all__ = ["awards_of", "prizes_file"]


def awards_of(event: Event) -> Optional[Awards]:
    """The winners of the event's prize table by its standings after the
    last round (None: it has none; its standings are not computed then)."""
    table = getattr(event.settings, "prizes", None)
    if table is None or not table.prizes:
        return None
    return event_awards(event, get_system(event.settings.system).standings(event))


def prizes_file(event: Event, *, as_json: bool = False) -> Outcome:
    """``xlxq prizes FILE`` on a JSON file: the 获奖名单, or ``--json``;
    an event without a prize table is refused (exit 2)."""
    if not isinstance(event, Event):
        raise InputError(Msg("prizes.individual-events-only"))
    awards = awards_of(event)
    if awards is None:
        raise InputError(Msg("prizes.no-prize-table"))
    players = {p.no: p for p in event.players}
    after = len(event.rounds)
    final = after >= int(event.settings.rounds)
    if as_json:
        return Outcome(data=lambda lang: prizes_data(awards, players, after, lang))
    return Outcome(render=lambda lang: prizes_lines(awards, players, after, final, event.settings.name, lang))
