"""Pairing systems: one file each, one interface (:mod:`xlxq.systems.base`),
one registry (:mod:`xlxq.systems.registry`).

A new system is one file with a ``@register`` class and one import line
below.
"""

from xlxq.systems.base import CheckReport, PairingSystem
from xlxq.systems.registry import (
    all_systems,
    find_system,
    get_system,
    get_team_system,
    register,
    system_for,
    system_keys,
    system_label,
    team_system_keys,
)

from xlxq.systems import swiss, roundrobin, knockout  # noqa: E402,F401  (registration)
from xlxq.systems import team_swiss, team_roundrobin, scheveningen  # noqa: E402,F401  (registration)

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
