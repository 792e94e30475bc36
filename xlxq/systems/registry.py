"""The registry of pairing systems: ``register`` a class once (a decorator in
its own file), ``get_system(key)`` anywhere.  The package's ``__init__``
imports every system file, so importing :mod:`xlxq.systems` fills it."""

from __future__ import annotations

from typing import TypeVar

from xlxq.errors import InputError
from xlxq.systems.base import PairingSystem

_SYSTEMS: dict[str, PairingSystem] = {}
S = TypeVar("S", bound=type[PairingSystem])


def register(cls: S) -> S:
    """Class decorator: make ``cls()`` the system for ``cls.key``."""
    if not cls.key or cls.key in _SYSTEMS:
        raise ValueError(f"system key {cls.key!r} missing or registered twice")
    _SYSTEMS[cls.key] = cls()
    return cls


def get_system(key: str) -> PairingSystem:
    try:
        return _SYSTEMS[key]
    except KeyError:
        raise InputError(
            f"赛制 system 无效：{key!r}（可选 {', '.join(_SYSTEMS)}）", f"unknown system {key!r}"
        ) from None


def find_system(key: str) -> PairingSystem | None:
    """The system of ``key``, or None (the team systems are not registered
    here yet: see docs/architecture.md)."""
    return _SYSTEMS.get(key)


def system_keys() -> tuple[str, ...]:
    return tuple(_SYSTEMS)


def system_label(key: str, lang: str, games: int = 1) -> str:
    """The name of a system in ``lang`` (积分编排, 单循环（每场2局） …); an
    unknown key is shown as it is."""
    system = _SYSTEMS.get(key)
    return system.label(lang, games) if system is not None else key


__all__ = ["register", "get_system", "find_system", "system_keys", "system_label"]
