"""``check``: a round against the rules and the engine (docs/checks.md),
by the event's pairing system (``get_system(system).check``, a team
event's ``get_team_system(system).check``).  A workbook:
:func:`xlxq.operations.workbook.check`.
"""

from __future__ import annotations

from xlxq.operations.result import Outcome
from xlxq.operations.source import is_team, round_arg
from xlxq.systems import get_system, get_team_system
from xlxq.systems.base import CheckReport

__all__ = ["check_file", "check_team_file", "check_report"]


def check_file(event, round_no) -> Outcome:
    """Round ``round_no`` (default: the last) of an individual event, by its
    system's check; exit 1 when it finds rule errors."""
    return _checked(get_system(event.settings.system), event, round_arg(event, round_no))


def check_team_file(event, round_no) -> Outcome:
    """A round of a team event against its format and the engine; exit 1
    when it finds rule errors."""
    return _checked(get_team_system(event.settings.system), event, round_arg(event, round_no))


def check_report(event, round_no, lang: str) -> CheckReport:
    """Round ``round_no`` (default: the last) of an individual or a team
    event judged by its system, the report worded in ``lang`` (:mod:`xlxq.api`)."""
    system = get_team_system(event.settings.system) if is_team(event) else get_system(event.settings.system)
    return system.check(event, round_arg(event, round_no), lang)


def _checked(system, event, n: int) -> Outcome:
    reports: dict[str, CheckReport] = {}  # by language: the system writes its report in one

    def report(lang: str) -> CheckReport:
        if lang not in reports:
            reports[lang] = system.check(event, n, lang)
        return reports[lang]

    def code() -> int:
        return 1 if report(next(iter(reports), "zh")).errors else 0

    return Outcome(render=lambda lang: list(report(lang).lines(lang)), code=code)
