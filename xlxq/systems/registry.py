"""The registry of pairing systems: ``register`` a class once (a decorator in
its own file), ``get_system(key)`` / ``get_team_system(key)`` anywhere.  The
package's ``__init__`` imports every system file, so importing
:mod:`xlxq.systems` fills it.

Individual and team systems are kept in two tables (``entrants``), because
a team file says ``system: "swiss"`` as an individual file does:
``system_for(settings)`` picks the table by the kind of settings.
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any, TypeVar, Union, cast

from xlxq.errors import InputError
from xlxq.systems.base import PairingSystem

if TYPE_CHECKING:
    from xlxq.core.model import Event, EventSettings
    from xlxq.core.outcome import PairingOutcome
    from xlxq.core.team_pairing import TeamPairingOutcome
    from xlxq.core.teams import TeamEvent, TeamSettings

    PlayerSystem = PairingSystem[Event, PairingOutcome]
    TeamSystem = PairingSystem[TeamEvent, TeamPairingOutcome]

_TABLES: dict[str, dict[str, PairingSystem[Any, Any]]] = {"players": {}, "teams": {}}
#: the system modules of each table still to import (``register_later``)
_LATER: dict[str, list[str]] = {"players": [], "teams": []}
S = TypeVar("S", bound=type[PairingSystem[Any, Any]])


def register(cls: S) -> S:
    """Class decorator: make ``cls()`` the system for ``cls.key`` among the
    systems of its ``entrants``."""
    table = _TABLES[cls.entrants]
    if not cls.key or cls.key in table:
        raise ValueError(f"system key {cls.key!r} missing or registered twice")
    table[cls.key] = cls()
    return cls


def register_later(entrants: str, *modules: str) -> None:
    """Name the modules whose systems fill the ``entrants`` table: imported,
    in this order, the first time that table is read."""
    _LATER[entrants].extend(modules)


def _table(entrants: str) -> dict[str, PairingSystem[Any, Any]]:
    while _LATER[entrants]:
        importlib.import_module(_LATER[entrants].pop(0))
    return _TABLES[entrants]


def _lookup(entrants: str, key: str, zh: str, en: str, sep: str) -> PairingSystem[Any, Any]:
    table = _table(entrants)
    if key not in table:
        raise InputError(f"{zh} system 无效：{key!r}（可选 {sep.join(table)}）", f"unknown {en} {key!r}")
    return table[key]


def get_system(key: str) -> PlayerSystem:
    """The individual system of ``key`` (an :class:`InputError` naming the
    keys for an unknown one)."""
    return cast("PlayerSystem", _lookup("players", key, "赛制", "system", ", "))


def get_team_system(key: str) -> TeamSystem:
    """The team system of ``key`` (swiss, round_robin, double_round_robin,
    scheveningen)."""
    return cast("TeamSystem", _lookup("teams", key, "团体赛赛制", "team system", "、"))


def system_for(settings: Union[EventSettings, TeamSettings]) -> PairingSystem[Any, Any]:
    """The system of an event's settings: a team system for ``TeamSettings``
    (none exists before the team model is loaded)."""
    teams = sys.modules.get("xlxq.core.teams")
    if teams is not None and isinstance(settings, teams.TeamSettings):
        return get_team_system(settings.system)
    return get_system(settings.system)


def find_system(key: str) -> PlayerSystem | None:
    """The individual system of ``key``, or None."""
    return cast("PlayerSystem | None", _table("players").get(key))


def system_keys() -> tuple[str, ...]:
    """The individual systems' keys, in registration order."""
    return tuple(_table("players"))


def team_system_keys() -> tuple[str, ...]:
    """The team systems' keys, in registration order."""
    return tuple(_table("teams"))


def all_systems() -> list[PairingSystem[Any, Any]]:
    """Every registered system: the individual ones, then the team ones."""
    return [*_table("players").values(), *_table("teams").values()]


def system_label(key: str, lang: str, games: int = 1) -> str:
    """The name of an individual system in ``lang`` (积分编排, 单循环（每场2局）
    …); an unknown key is shown as it is."""
    system = _table("players").get(key)
    return system.label(lang, games) if system is not None else key


__all__ = [
    "register",
    "register_later",
    "get_system",
    "get_team_system",
    "system_for",
    "find_system",
    "system_keys",
    "team_system_keys",
    "all_systems",
    "system_label",
]
