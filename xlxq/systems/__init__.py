"""Pairing systems: one file each, one interface (:mod:`xlxq.systems.base`),
one registry (:mod:`xlxq.systems.registry`).

A new system is one file with a ``@register`` class and one import line
below.
"""

from xlxq.systems.base import CheckReport, PairingSystem
from xlxq.systems.registry import find_system, get_system, register, system_keys, system_label

from xlxq.systems import swiss, roundrobin, knockout  # noqa: E402,F401  (registration)

__all__ = ["PairingSystem", "CheckReport", "get_system", "find_system", "register", "system_keys", "system_label"]
