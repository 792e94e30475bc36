"""Groups (组别) on a JSON file: the thin map from a file of groups
(:class:`~xlxq.core.groups.Grouped`) to the ordinary operations — each
command runs on every group's event (or the one ``--group`` names) as on
any event file, and the results are put together: the lines headed by the
group's name, ``--json`` as ``{"groups": [{"group": …, …}, …]}``, the new
events saved once in the one file, the worst exit code.  An error in any
group names the group, and nothing is written.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from xlxq.core.groups import Grouped, in_group
from xlxq.errors import XlxqError
from xlxq.operations.result import Outcome
from xlxq.i18n import tr

__all__ = ["per_group", "combined", "group_heading"]


def group_heading(group: str, lang: str) -> str:
    return tr(lang, "groups.group", group=group)


def per_group(grouped: Grouped, run: Callable[[Any], Outcome], only: Optional[str] = None) -> Outcome:
    """``run`` (an operation on one event) on each selected group."""
    outs: list[tuple[str, Outcome]] = []
    for g, ev in grouped.selected(only):
        try:
            outs.append((g, run(ev)))
        except XlxqError as exc:
            raise in_group(g, exc) from None
    return combined(outs, grouped)


def combined(outs: list[tuple[str, Outcome]], grouped: Optional[Grouped] = None, created: bool = False) -> Outcome:
    """The results of the groups as one: ``grouped`` with the new events;
    ``created``: the groups are the outcomes' events, all new (``xlxq
    new``); neither: nothing to save (a workbook's groups, written already)."""
    events = {g: o.event for g, o in outs if o.event is not None}
    new: Optional[Grouped] = None
    if created:
        new = Grouped([(g, o.event) for g, o in outs])
    elif grouped is not None and events:
        new = grouped.with_events(events)
    error = next((in_group(g, o.error) for g, o in outs if o.error is not None), None)

    def render(lang: str) -> list[str]:
        out: list[str] = []
        for g, o in outs:
            out.append(group_heading(g, lang))
            out += o.lines(lang)
        return out

    data: Any = None
    if any(o.data is not None for _, o in outs):

        def data(lang: str) -> dict:
            rows = []
            for g, o in outs:
                d = o.json(lang)
                rows.append({"group": g, **d} if isinstance(d, dict) else {"group": g, "data": d})
            return {"groups": rows}

    path = next((o.path for _, o in outs if o.path is not None), None)
    return Outcome(
        event=new,
        render=render,
        path=path,
        data=data,
        code=lambda: max((o.exit_code() for _, o in outs), default=0),
        error=error,
    )
