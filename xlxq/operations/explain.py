"""The 编排记录 of a round (``xlxq explain``, the 编排记录 sheet), from the
event's pairing system (``get_system(system).explain``, a team event's
``get_team_system(system).explain``).  A workbook:
:func:`xlxq.workbook.explain`.
"""

from __future__ import annotations

from xlxq.operations.result import Outcome
from xlxq.operations.source import round_arg
from xlxq.systems import get_system, get_team_system

__all__ = ["explain_file", "explain_team_file"]


def explain_file(event, round_no) -> Outcome:
    """The 编排记录 of ``round_no`` (default: the last round) of an individual event."""
    n = round_arg(event, round_no, allow_next=True)
    return Outcome(render=lambda lang: list(get_system(event.settings.system).explain(event, n, lang)))


def explain_team_file(event, round_no) -> Outcome:
    """The 编排记录 of ``round_no`` of a team event, by its team system."""
    n = round_arg(event, round_no, allow_next=True)
    return Outcome(render=lambda lang: list(get_team_system(event.settings.system).explain(event, n, lang)))
