"""Pairing systems: one file each, one interface (:mod:`xlxq.systems.base`),
one registry (:mod:`xlxq.systems.registry`).

A new system is one file with a ``@register`` class and one line below:
an import for an individual system, a name in ``register_later`` for a
team system (its file is imported when a team system is first asked for).
"""

from xlxq.systems.base import CheckReport, PairingSystem
from xlxq.systems.registry import (
    all_systems,
    find_system,
    get_system,
    get_team_system,
    register,
    register_later,
    system_for,
    system_keys,
    system_label,
    team_system_keys,
)

from xlxq.systems import swiss, roundrobin, knockout  # noqa: E402,F401  (registration)

register_later("teams", "xlxq.systems.team_swiss", "xlxq.systems.team_roundrobin", "xlxq.systems.scheveningen")

__all__ = [
    "PairingSystem",
    "CheckReport",
    "get_system",
    "get_team_system",
    "system_for",
    "find_system",
    "register",
    "system_keys",
    "team_system_keys",
    "all_systems",
    "system_label",
]
