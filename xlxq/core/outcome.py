"""What pairing a round gives, whatever the system: the round, the cards it
was paired from, the Swiss score groups' search logs (none for a table or
a bracket), notes and the games of earlier rounds paired as provisional
draws.  Its own module so that every engine (core/pairing.py for the Swiss,
core/roundrobin.py, core/knockout.py) can return it without importing the
others."""

from __future__ import annotations

from dataclasses import dataclass, field

from xlxq.core.history import CardState
from xlxq.core.model import Round
from xlxq.core.swiss import GroupResult, GroupSearch


@dataclass
class GroupLog:
    score: float
    incoming: list[int]  # floated down into this group
    search: GroupSearch
    result: GroupResult


@dataclass
class PairingOutcome:
    round: Round
    cards: dict[int, CardState]
    groups: list[GroupLog] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    provisional: list[tuple[int, int]] = field(default_factory=list)  # (round, board) paired as draws


__all__ = ["GroupLog", "PairingOutcome"]
