"""Tournament files and command arguments: loading and saving the JSON file,
the reader's checks before a save, the round a command works on, lists and
play-off arguments.

Standard library at import; the backends and the core are imported inside
the functions (start-up time: ``xlxq pair`` on 1000 players).
"""

from __future__ import annotations

import sys
from typing import Optional

from xlxq.cli.output import RR_SYSTEMS

__all__ = [
    "WORKBOOK_SUFFIXES",
    "is_workbook",
    "load",
    "save",
    "checked",
    "is_rr",
    "is_team",
    "event_before",
    "round_arg",
    "split_list",
    "parse_playoff",
]


WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


def is_workbook(path: str) -> bool:
    return str(path).lower().endswith(WORKBOOK_SUFFIXES)


def load(path: str):
    """An ``Event``, or a ``TeamEvent`` for ``event.kind: "team"``."""
    from xlxq.backends.json_file import load_any

    return load_any(path)


def save(event, path: str) -> None:
    from xlxq.backends.json_file import save_event

    save_event(event, path)


def checked(event):
    """``event`` as a later load would see it (the reader's checks: tie-breaks
    per system, the knockout bracket …) before anything is saved."""
    from xlxq.backends.json_file import any_from_dict, any_to_dict

    any_from_dict(any_to_dict(event))
    return event


def is_rr(event) -> bool:
    return event.settings.system in RR_SYSTEMS


def is_team(event) -> bool:
    teams = sys.modules.get("xlxq.core.teams")  # not loaded: no team event exists (start-up time)
    return teams is not None and isinstance(event, teams.TeamEvent)


def event_before(event, round_no: int):
    """The event as it was before ``round_no`` was paired."""
    from dataclasses import replace

    return replace(event, rounds=[r for r in event.rounds if r.round < round_no])


def round_arg(event, n: Optional[int], allow_next: bool = False) -> int:
    """The round a command works on: ``n`` or the last round in the file."""
    from xlxq.errors import InputError

    last = len(event.rounds)
    if allow_next:
        from xlxq.systems import PairingSystem, find_system

        top = (find_system(event.settings.system) or PairingSystem()).last_pairable_round(event)
    else:
        top = last
    if n is None:
        if last == 0 and not allow_next:
            raise InputError(
                "文件中还没有任何一轮（先用 xlxq pair 编排第1轮）",
                "the file has no rounds yet (pair round 1 with xlxq pair first)",
            )
        return max(last, 1)
    if n < 1 or n > top:
        raise InputError(
            f"轮次 --round {n} 无效：文件中有{last}轮" + (f"（可解释到第{top}轮）" if allow_next else ""),
            f"invalid --round {n}: the file has {last} round(s)",
        )
    return n


def split_list(spec: str) -> list[str]:
    """``a,b、c d`` → ["a", "b", "c", "d"] (tie-break lists, play-off games)."""
    import re

    return [s for s in (x.strip() for x in re.split(r"[,，、;；\s]+", spec)) if s]


def parse_playoff(spec: str) -> list[int]:
    """``--playoff-games 2,1`` → [2, 1]."""
    from xlxq.errors import InputError

    parts = split_list(spec)
    if not parts or not all(p.isdigit() and int(p) >= 1 for p in parts):
        raise InputError(
            f"--playoff-games {spec!r} 无效：应为逗号分隔的正整数，如 2 或 2,1",
            f"invalid --playoff-games {spec!r}: positive whole numbers, e.g. 2 or 2,1",
        )
    return [int(p) for p in parts]
