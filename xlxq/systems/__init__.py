"""Pairing systems: one file each, one interface (:mod:`xlxq.systems.base`),
one registry (:mod:`xlxq.systems.registry`), one key table
(:mod:`xlxq.systems.keys`: keys, labels, aliases, choices).

A new system is one file with a ``@register`` class, its row in the key
table (``add_key``) and its module named in ``register_later`` (imported
when its table is first read): docs/architecture.md, "Adding a system".

The package itself imports nothing: ``from xlxq.systems import get_system``
loads the registry on first use (lazy, below), so the CLI can read the key
table (standard library only) while it builds its parser without importing
an engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xlxq.systems.base import CheckReport, PairingSystem
    from xlxq.systems.registry import (
        all_systems,
        find_system,
        find_team_system,
        get_system,
        get_team_system,
        pair_and_seat,
        pair_round,
        pair_team_round,
        register,
        register_later,
        system_for,
        system_keys,
        system_label,
        team_rules,
        team_system_keys,
    )

_FROM = {
    "PairingSystem": "xlxq.systems.base",
    "CheckReport": "xlxq.systems.base",
    **{
        name: "xlxq.systems.registry"
        for name in (
            "all_systems",
            "find_system",
            "find_team_system",
            "get_system",
            "get_team_system",
            "pair_and_seat",
            "pair_round",
            "pair_team_round",
            "register",
            "register_later",
            "system_for",
            "system_keys",
            "system_label",
            "team_rules",
            "team_system_keys",
        )
    },
}


def __getattr__(name: str) -> Any:
    """The registry's names, imported on first use (start-up time: see above)."""
    if name in _FROM:
        return getattr(importlib.import_module(_FROM[name]), name)
    raise AttributeError(f"module 'xlxq.systems' has no attribute {name!r}")


__all__ = [
    "PairingSystem",
    "CheckReport",
    "get_system",
    "get_team_system",
    "system_for",
    "find_system",
    "find_team_system",
    "pair_and_seat",
    "pair_round",
    "pair_team_round",
    "register",
    "register_later",
    "system_keys",
    "team_system_keys",
    "team_rules",
    "all_systems",
    "system_label",
]
