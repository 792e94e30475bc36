"""The one key table of the tournament systems: each system's key, the id
of its label and the label's text (zh, en), the words the 设置 sheet shows
and accepts (its dropdown and aliases), and whether ``xlxq new --system``
offers it.

Everything that names a system reads it here: the registry (a system's
``label``), the CLI's ``--system`` choices, the 设置 dropdowns of both
workbooks, the record printers (:data:`xlxq.core.records.SYSTEM_NAMES`,
filled from this table by :mod:`xlxq.systems.registry`).  The label ids
(``system.swiss`` …) are the keys the message catalogue takes them by.

Standard library only: the CLI reads it while it builds its parser
(start-up time of ``xlxq --help``), before any engine is imported.
"""

from __future__ import annotations

from typing import NamedTuple


class SystemKey(NamedTuple):
    """One row of the key table (a NamedTuple: ``dataclasses`` would cost
    the CLI's start-up its import)."""

    key: str  #: the key a file stores (``system: "swiss"``)
    entrants: str  #: "players" (an individual event) or "teams"
    label_id: str  #: the label's id in the message catalogue
    zh: str  #: the label as messages and records name the system
    en: str
    sheet_zh: str  #: the 设置 dropdown's word
    sheet_en: str
    aliases: tuple[str, ...] = ()  #: what the 设置 sheet also accepts
    cli_zh: str = ""  #: the name in ``xlxq new --help`` (the label if empty)


#: every system, individual ones first, in the order they are offered
#: (a list: :func:`add_key` registers one more, e.g. a test's system)
SYSTEM_KEYS: list[SystemKey] = [
    SystemKey(
        "swiss", "players", "system.swiss", "积分编排", "Swiss", "积分编排", "Swiss", ("积分编排制", "瑞士制", "swiss")
    ),
    SystemKey(
        "round_robin",
        "players",
        "system.round_robin",
        "单循环",
        "round robin",
        "单循环",
        "Round robin",
        ("循环", "单循环赛", "循环赛", "roundrobin", "singleroundrobin"),
    ),
    SystemKey(
        "double_round_robin",
        "players",
        "system.double_round_robin",
        "双循环",
        "double round robin",
        "双循环",
        "Double round robin",
        ("双循环赛", "doubleroundrobin"),
    ),
    SystemKey(
        "knockout",
        "players",
        "system.knockout",
        "淘汰赛",
        "knockout",
        "淘汰赛",
        "Knockout",
        ("淘汰", "单败淘汰", "淘汰制", "ko"),
    ),
    SystemKey(
        "swiss",
        "teams",
        "system.team_swiss",
        "积分编排团体赛",
        "team Swiss",
        "团体积分编排",
        "Team Swiss",
        ("积分编排", "积分编排制", "团体积分编排制", "瑞士制", "swiss", "teamswiss"),
    ),
    SystemKey(
        "round_robin",
        "teams",
        "system.team_round_robin",
        "团体单循环",
        "team round robin",
        "团体循环",
        "Team round robin",
        ("循环", "单循环", "团体单循环", "循环赛", "roundrobin", "teamroundrobin"),
    ),
    SystemKey(
        "double_round_robin",
        "teams",
        "system.team_double_round_robin",
        "团体双循环",
        "team double round robin",
        "团体双循环",
        "Team double round robin",
        ("双循环", "双循环赛", "doubleroundrobin", "teamdoubleroundrobin"),
    ),
    SystemKey(
        "scheveningen",
        "teams",
        "system.scheveningen",
        "全队轮赛制",
        "Scheveningen match",
        "全队轮赛",
        "Scheveningen",
        ("全队轮赛制", "舍文宁根", "舍文宁根制", "scheveningen"),
    ),
]


def add_key(row: SystemKey) -> None:
    """Register the row of a new system (one line beside its class)."""
    if any(k.key == row.key and k.entrants == row.entrants for k in SYSTEM_KEYS):
        raise ValueError(f"system key {row.key!r} already in the key table")
    SYSTEM_KEYS.append(row)
    LABELS[row.label_id] = (row.zh, row.en)


def drop_key(key: str, entrants: str = "players") -> None:
    """Take a row out again (a test's system, when the test ends)."""
    row = key_row(key, entrants)
    SYSTEM_KEYS.remove(row)
    LABELS.pop(row.label_id, None)


def keys_of(entrants: str) -> tuple[SystemKey, ...]:
    """The rows of the individual ("players") or the team ("teams") systems."""
    return tuple(k for k in SYSTEM_KEYS if k.entrants == entrants)


def key_row(key: str, entrants: str = "players") -> SystemKey:
    """The row of ``key`` among the systems of ``entrants`` (KeyError if none)."""
    for k in SYSTEM_KEYS:
        if k.key == key and k.entrants == entrants:
            return k
    raise KeyError(key)


def cli_choices() -> list[str]:
    """The keys ``xlxq new --system`` accepts: every individual system, then
    the team systems not already named (a team file says ``swiss`` too)."""
    out: list[str] = []
    for k in SYSTEM_KEYS:
        if k.key not in out:
            out.append(k.key)
    return out


#: the system labels as one (zh, en) table, by label id (for the catalogue)
LABELS: dict[str, tuple[str, str]] = {k.label_id: (k.zh, k.en) for k in SYSTEM_KEYS}

__all__ = ["SystemKey", "SYSTEM_KEYS", "add_key", "drop_key", "keys_of", "key_row", "cli_choices", "LABELS"]
