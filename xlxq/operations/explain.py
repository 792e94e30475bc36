"""The 编排记录 of a round (``xlxq explain``, the 编排记录 sheet), from the
event's pairing system (``get_system(system).explain``, a team event's
``get_team_system(system).explain``).  A workbook:
:func:`xlxq.operations.workbook.explain`.
"""

from __future__ import annotations

from xlxq.core.record_text import record_lines
from xlxq.operations.result import Outcome
from xlxq.operations.source import is_team, round_arg
from xlxq.systems import get_system, get_team_system

__all__ = ["explain_file", "explain_team_file", "record_of"]


def explain_file(event, round_no, as_json: bool = False) -> Outcome:
    """The 编排记录 of ``round_no`` (default: the last round) of an individual
    event; ``as_json``: its steps as data."""
    return _explained(get_system(event.settings.system), event, round_arg(event, round_no, allow_next=True), as_json)


def explain_team_file(event, round_no, as_json: bool = False) -> Outcome:
    """The 编排记录 of ``round_no`` of a team event, by its team system."""
    system = get_team_system(event.settings.system)
    return _explained(system, event, round_arg(event, round_no, allow_next=True), as_json)


def record_of(event, round_no=None):
    """The 编排记录 (a :class:`~xlxq.core.steps.Record`) of ``round_no``
    (default: the last round) of an individual or a team event (:mod:`xlxq.api`)."""
    system = get_team_system(event.settings.system) if is_team(event) else get_system(event.settings.system)
    return system.record(event, round_arg(event, round_no, allow_next=True))


def _explained(system, event, n: int, as_json: bool) -> Outcome:
    rec = system.record(event, n)
    if as_json:
        return Outcome(data=rec.data())
    return Outcome(render=lambda lang: record_lines(rec, lang))
