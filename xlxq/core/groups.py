"""Groups (组别): one event run as several groups side by side (男子组,
女子组, 少年组 …), each paired, numbered and ranked on its own.

Not a new engine: :class:`Grouped` holds one ordinary :class:`Event` per
group, in the order the groups were registered; every operation runs on
each group's event as on any event (the operations layer maps it, the
workbook maps its sheets: docs/format.md §groups, docs/workbook.md).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from xlxq.core.model import Event
from xlxq.errors import InputError, InputErrors, XlxqError
from xlxq.i18n import Msg
from xlxq.text import joined

#: a group's name prefixes its sheets ("男子组 第1轮", "Women Standings"):
#: Excel allows 31 characters in a sheet name and none of these
MAX_GROUP_NAME = 10
BAD_SHEET_CHARS = set("[]:*?/\\'")


@dataclass
class Grouped:
    """The groups of one event: (name, event) in registration order."""

    groups: list[tuple[str, Event]] = field(default_factory=list)

    def names(self) -> list[str]:
        return [g for g, _ in self.groups]

    def selected(self, only: Optional[str]) -> list[tuple[str, Event]]:
        """Every group, or the one named ``only`` (``--group``)."""
        if only is None:
            return list(self.groups)
        picked = [(g, ev) for g, ev in self.groups if g == only.strip()]
        if not picked:
            raise InputError(
                Msg(
                    "groups.no-group-the-groups",
                    only=only,
                    self_names=joined(self.names()),
                ),
            )
        return picked

    def with_events(self, events: dict[str, Event]) -> "Grouped":
        """A copy with the groups in ``events`` replaced."""
        return Grouped([(g, events.get(g, ev)) for g, ev in self.groups])


def in_group(group: str, exc: XlxqError) -> XlxqError:
    """``exc`` with its group named first (the same kind, the same place and
    details; several problems at once: each of them)."""
    if isinstance(exc, InputErrors):
        return InputErrors([in_group(group, e) for e in exc.errors])  # type: ignore[misc]
    new = type(exc).__new__(type(exc))  # the same kind with the same fields (a SheetError's details too)
    new.__dict__.update(exc.__dict__)
    new.msg, new._zh, new._en = Msg("groups.group-2", group=group, exc=exc), None, None
    new.args = (new.zh,)
    return new


def check_group_name(name: str) -> str:
    """A group name as given (trimmed), or the error: one line, at most
    :data:`MAX_GROUP_NAME` characters, none that a sheet name refuses."""
    g = name.strip()
    if not g or len(g) > MAX_GROUP_NAME or BAD_SHEET_CHARS & set(g) or any(ord(c) < 32 for c in g):
        raise InputError(
            Msg("groups.invalid-group-it-prefixes-sheet-names-so", name=name, MAX_GROUP_NAME=MAX_GROUP_NAME),
        )
    return g


def group_clash(g: str, seen: dict[str, str]) -> Optional[Msg]:
    """The error (a message) when the group ``g`` differs from one already in
    ``seen`` only by case ("A" and "a"): its sheets ("a 第1轮") would be the
    other's, since Excel's sheet names ignore case; else None, ``g`` added
    to ``seen`` (folded name → group)."""
    other = seen.setdefault(g.casefold(), g)
    if other == g:
        return None
    return Msg("groups.group-differs-from-only-by-case-a-groups", g=g, other=other)


__all__ = ["Grouped", "check_group_name", "group_clash", "in_group", "MAX_GROUP_NAME"]
