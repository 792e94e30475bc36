"""The event of a source, read only: a JSON tournament file's, or an Excel
workbook's as its sheets give it (:func:`xlxq.sheets.read.read_workbook`,
:func:`xlxq.sheets.read.read_team_workbook`), nothing written.  For the
commands that only show an event (``xlxq publish``, ``xlxq rating``).

Lazy imports: the sheet readers (openpyxl) are imported only when the
source is a workbook (start-up time of the JSON commands).
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.errors import InputError
from xlxq.operations.source import BookSource, open_source
from xlxq.i18n import Msg
from xlxq.text import joined

__all__ = [
    "groups_refused",
    "read_event",
    "read_stages",
    "read_event_or_groups",
    "book_groups",
    "book_event",
    "sheets_event",
    "sheets_data",
]


def book_event(src: BookSource) -> Any:
    """The event a workbook's sheets hold; unusable sheets (the problems
    计算成绩 highlights in red) are refused with their places."""
    return sheets_data(src.book, src.team, src.path).event


def sheets_event(book: Any, team: bool, name: str) -> Any:
    """The event of any ``Book`` (openpyxl, xlwings); ``team``: a team
    workbook; ``name``: the workbook, for the message."""
    return sheets_data(book, team, name).event


def sheets_data(book: Any, team: bool, name: str) -> Any:
    """What the sheets of any ``Book`` hold (``WorkbookData`` or
    ``TeamWorkbookData``), refused when they are unusable."""
    if team:
        from xlxq.sheets.read import read_team_workbook

        data: Any = read_team_workbook(book)
    else:
        from xlxq.sheets.read import read_workbook

        data = read_workbook(book)
    if data.blocking:
        from xlxq.sheets.groups import GroupView
        from xlxq.operations.workbook_groups import workbook_groups

        groups = None if team or isinstance(book, GroupView) else workbook_groups(book)
        if groups:  # read as one event, the groups' 序号 1 … n clash: say what it is
            raise groups_refused(name, groups)
        from xlxq.sheets.problems import BLOCKING

        places = sorted({p.where() for p in data.problems if p.level == BLOCKING})
        raise InputError(
            Msg("event_read.the-workbook-has-errors-to-fix-first-run", name=name, where=joined(places)),
            file=name,
        )
    return data


def groups_refused(name: str, groups: list[str]) -> InputError:
    """The error of an operation that does not take an event with groups
    (组别) yet, on ``name`` (its ``groups``)."""
    return InputError(
        Msg(
            "event_read.is-an-event-with-groups-this-operation",
            name=name,
            join_groups=joined(groups),
        ),
        file=name,
    )


def read_event(path: str) -> Any:
    """The event of ``path`` (JSON file or workbook), read once; its
    settings carry the 等级分 options (``event.rating``, the 设置 rows)."""
    return read_stages(path)[0]


def read_stages(path: str) -> tuple[Any, Any]:
    """The event of ``path`` and the event of its knockout stage (积分晋圈淘汰
    inside a workbook, once qualified; else None: a JSON file's knockout is
    a file of its own)."""
    src = open_source(path)
    if isinstance(src, BookSource):
        data = sheets_data(src.book, src.team, src.path)
        ko = getattr(data, "ko", None)
        return data.event, ko.event if ko is not None else None
    return src.event, None


def book_groups(book: Any, team: bool, name: str) -> Optional[list[tuple[str, Any]]]:
    """The events of the groups (组别) of an individual workbook, (group,
    event) in registration order, each read as its own event workbook (the
    group's view: :mod:`xlxq.operations.workbook_groups`; an error names the group and
    the workbook's sheets); None without groups (or for a team workbook)."""
    if team:
        return None
    from xlxq.operations.workbook_groups import for_each_group, workbook_groups

    if workbook_groups(book) is None:
        return None
    done = for_each_group(book, lambda view: sheets_data(view, False, name).event)  # read only: no plan
    return [(view.group, event) for view, event in done]


def read_event_or_groups(path: str) -> tuple[Any, Optional[list[tuple[str, Any]]]]:
    """``path`` read once: (its event, None), or (None, its groups as
    (group, event)) for an event with groups (组别: a workbook's 组别 column,
    a JSON file of groups)."""
    from xlxq.core.groups import Grouped

    src = open_source(path)
    if isinstance(src, BookSource):
        groups = book_groups(src.book, src.team, src.path)
        if groups is not None:
            return None, groups
        return sheets_data(src.book, src.team, src.path).event, None
    if isinstance(src.event, Grouped):
        return None, src.event.selected(None)
    return src.event, None
