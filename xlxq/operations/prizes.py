"""``xlxq prizes FILE``: the 获奖名单 of an event with a prize table
(设置's 奖项 rows, a JSON file's ``event.prizes``; docs/prizes.md), the
winners taken from the standings after the last round (ties by the
standings order) by :func:`xlxq.core.prizes.award`.  An event with groups
(组别): the prize table applies within each group, by the group's own
standings, and the winners are listed group by group (a JSON file of
groups: :func:`xlxq.operations.groups.per_group`; a workbook:
:func:`prizes_book`).

Lazy imports: the workbook readers (``operations.event_read``,
``operations.workbook_groups``) only for a workbook.
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.groups import in_group
from xlxq.core.model import Event
from xlxq.core.prizes import Awards, event_awards
from xlxq.errors import InputError, XlxqError
from xlxq.i18n import Msg
from xlxq.operations.groups import combined
from xlxq.operations.result import Outcome
from xlxq.operations.source import BookSource
from xlxq.presentation.prize_report import prizes_data, prizes_lines
from xlxq.systems import get_system

__all__ = ["awards_of", "prizes_file", "prizes_book"]


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


def prizes_book(src: BookSource, *, as_json: bool = False, only: Optional[str] = None) -> Outcome:
    """``xlxq prizes FILE.xlsx``: read only.  A workbook with groups (组别):
    each group's 获奖名单 by its own standings (the shared 设置's prize
    table applied within the group; ``only``: one group), headed by the
    group as every group command is; an error names the group."""
    from xlxq.operations.event_read import book_event, sheets_data
    from xlxq.operations.workbook_groups import real_error, selected_groups

    groups = None if src.team else selected_groups(src.book, only)
    if not groups:
        if only is not None:
            raise InputError(Msg("workbooks.group-is-for-an-event-with-groups-no"))
        return prizes_file(book_event(src), as_json=as_json)
    from xlxq.sheets.groups import GroupView

    outs: list[tuple[str, Outcome]] = []
    for g in groups:
        view = GroupView(src.book, g)
        try:
            outs.append((g, prizes_file(sheets_data(view, False, src.path).event, as_json=as_json)))
        except XlxqError as exc:
            raise in_group(g, real_error(view, exc)) from None
    return combined(outs)
