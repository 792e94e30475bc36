"""The registry of pairing systems: ``register`` a class once (a decorator in
its own file) and name its module in ``register_later`` at the end of this
file; ``get_system(key)`` / ``get_team_system(key)`` anywhere (the modules
of a table are imported the first time it is read).  Every system has its
row in the key table (:mod:`xlxq.systems.keys`).

Individual and team systems are kept in two tables (``entrants``), because
a team file says ``system: "swiss"`` as an individual file does:
``system_for(settings)`` picks the table by the kind of settings.

Lazy imports: the system modules, the first time their table is read
(``register_later``), and the team model in ``pair_and_seat``: an
individual event does not load the team stack (start-up time).
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any, TypeVar, Union, cast

from xlxq.core.records import SYSTEM_NAMES, TEAM_SYSTEM_NAMES
from xlxq.errors import InputError
from xlxq.i18n import Msg, zh_only
from xlxq.systems.base import PairingSystem
from xlxq.systems.keys import SYSTEM_KEYS, key_row

if TYPE_CHECKING:
    from xlxq.core.model import Event, EventSettings
    from xlxq.core.outcome import PairingOutcome
    from xlxq.core.team_pairing import TeamPairingOutcome
    from xlxq.core.teams import TeamEvent, TeamRules, TeamSettings

    PlayerSystem = PairingSystem[Event, PairingOutcome]
    from xlxq.systems.team_common import TeamSystem

_TABLES: dict[str, dict[str, PairingSystem[Any, Any]]] = {"players": {}, "teams": {}}
#: the system modules of each table still to import (``register_later``)
_LATER: dict[str, list[str]] = {"players": [], "teams": []}
S = TypeVar("S", bound=type[PairingSystem[Any, Any]])


def register(cls: S) -> S:
    """Class decorator: make ``cls()`` the system for ``cls.key`` among the
    systems of its ``entrants`` (its row must be in the key table)."""
    table = _TABLES[cls.entrants]
    if not cls.key or cls.key in table:
        raise ValueError(f"system key {cls.key!r} missing or registered twice")
    key_row(cls.key, cls.entrants)  # KeyError: add its row (keys.add_key) first
    table[cls.key] = cls()
    _sort(cls.entrants)
    _fill_record_names()
    return cls


def unregister(key: str, entrants: str = "players") -> None:
    """Take a system out of its table (a test's system, when the test ends)."""
    _TABLES[entrants].pop(key, None)


def register_later(entrants: str, *modules: str) -> None:
    """Name the modules whose systems fill the ``entrants`` table: imported,
    in this order, the first time that table is read."""
    _LATER[entrants].extend(modules)


def _table(entrants: str) -> dict[str, PairingSystem[Any, Any]]:
    """The systems of ``entrants`` in the key table's order (their modules
    imported first)."""
    if _LATER[entrants]:
        while _LATER[entrants]:
            importlib.import_module(_LATER[entrants].pop(0))
        _sort(entrants)
    return _TABLES[entrants]


def _sort(entrants: str) -> None:
    order = [k.key for k in SYSTEM_KEYS if k.entrants == entrants]
    table = _TABLES[entrants]
    _TABLES[entrants] = {k: table[k] for k in sorted(table, key=order.index)}


def _lookup(entrants: str, key: str, what: str, sep: str) -> PairingSystem[Any, Any]:
    table = _table(entrants)
    if not isinstance(key, str) or key not in table:
        raise InputError(
            Msg(
                "registry.unknown-system",
                what=Msg(what),
                key=key,
                choices=zh_only("registry.choices-paren", keys=sep.join(table)),
            )
        )
    return table[key]


def get_system(key: str) -> PlayerSystem:
    """The individual system of ``key`` (an :class:`InputError` naming the
    keys for an unknown one)."""
    return cast("PlayerSystem", _lookup("players", key, "registry.system", ", "))


def get_team_system(key: str) -> TeamSystem:
    """The team system of ``key`` (swiss, round_robin, double_round_robin,
    scheveningen)."""
    return cast("TeamSystem", _lookup("teams", key, "registry.team-system", "、"))


def team_rules(settings: TeamSettings) -> TeamRules:
    """The rules the core's team model, standings and checks take from the
    event's team system (``TeamSystem.rules``)."""
    return get_team_system(settings.system).rules


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


def find_team_system(key: str) -> TeamSystem | None:
    """The team system of ``key``, or None."""
    return cast("TeamSystem | None", _table("teams").get(key))


def system_keys() -> tuple[str, ...]:
    """The individual systems' keys, in registration order."""
    return tuple(_table("players"))


def team_system_keys() -> tuple[str, ...]:
    """The team systems' keys, in registration order."""
    return tuple(_table("teams"))


def all_systems() -> list[PairingSystem[Any, Any]]:
    """Every registered system: the individual ones, then the team ones."""
    return [*_table("players").values(), *_table("teams").values()]


def pair_round(event: Event, round_no: int | None = None) -> PairingOutcome:
    """Round ``round_no`` (the next one if None) of an individual event, by
    its system; an unknown system is an :class:`InputError`, never paired as
    定位编排."""
    return get_system(event.settings.system).pair(event, round_no)


def pair_team_round(event: TeamEvent, round_no: int | None = None) -> TeamPairingOutcome:
    """Round ``round_no`` (the next one if None) of a team event, by its
    system: the matches and byes, boards left empty for the line-ups
    (全队轮赛制: seated from its table)."""
    return get_team_system(event.settings.system).pair(event, round_no)


def pair_and_seat(
    event: TeamEvent, round_no: int | None = None, lineups: dict[int, list[int]] | None = None
) -> tuple[TeamEvent, TeamPairingOutcome]:
    """Pair the next round, append it, and seat every match from
    ``lineups`` (team → 序号 per board) or the default line-ups (a system
    seated by its schedule is seated already)."""
    from xlxq.core.teams import set_lineups  # the team model: loaded with a team system only

    system = get_team_system(event.settings.system)
    out = system.pair(event, round_no)
    ev = event.with_round(out.round)
    if not system.seated_by_schedule:
        ev = set_lineups(ev, out.round.round, lineups or {}, rules=system.rules)
    return ev, out


def system_label(key: str, lang: str, games: int = 1) -> str:
    """The name of an individual system in ``lang`` (积分编排, 单循环（每场2局）
    …); an unknown key is shown as it is."""
    system = _table("players").get(key)
    return system.label(lang, games) if system is not None else key


def _fill_record_names() -> None:
    """The record printers of the core (below the systems) name a system by
    :data:`xlxq.core.records.SYSTEM_NAMES`: filled here from the key table."""
    for k in SYSTEM_KEYS:
        (SYSTEM_NAMES if k.entrants == "players" else TEAM_SYSTEM_NAMES)[k.key] = (k.label_id, k.zh, k.en)


_fill_record_names()
#: the systems shipped, one module each, imported the first time their table is read
register_later("players", "xlxq.systems.swiss", "xlxq.systems.roundrobin", "xlxq.systems.knockout")
register_later("teams", "xlxq.systems.team_swiss", "xlxq.systems.team_roundrobin", "xlxq.systems.scheveningen")

__all__ = [
    "register",
    "unregister",
    "pair_round",
    "pair_team_round",
    "pair_and_seat",
    "register_later",
    "get_system",
    "get_team_system",
    "system_for",
    "find_system",
    "find_team_system",
    "system_keys",
    "team_system_keys",
    "all_systems",
    "system_label",
    "team_rules",
]
