"""Errors an arbiter sees.  Every message exists in Chinese (shown by default,
in Excel and on the command line) and English (``XLXQ_LANG=en``).

Besides its two texts an error carries *where* it is, as language-free
fields (:class:`Place`: file, sheet, row, cell, round, board, player, team),
so that a caller can point at the cell or board without reading the text.
The language is chosen at the edge: ``message(lang)``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from typing import Any, Optional


@dataclass(frozen=True)
class Place:
    """Where a problem is; every field is optional."""

    file: Optional[str] = None
    sheet: Optional[str] = None
    row: Optional[int] = None
    cell: Optional[str] = None
    round: Optional[int] = None
    board: Optional[int] = None
    player: Optional[int] = None
    team: Optional[int] = None

    def merged(self, **more: Any) -> "Place":
        """This place with the given fields added (a given None changes nothing)."""
        return replace(self, **{k: v for k, v in more.items() if v is not None})

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}


class XlxqError(Exception):
    """Base class: a problem with the input, explained to the arbiter."""

    def __init__(self, zh: str, en: str | None = None, *, place: Optional[Place] = None, **where: Any):
        super().__init__(zh)
        self.zh = zh
        self.en = en or zh
        self.place = (place or Place()).merged(**where)

    def message(self, lang: str | None = None) -> str:
        lang = lang or os.environ.get("XLXQ_LANG", "zh")
        return self.en if lang.lower().startswith("en") else self.zh

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message()


class InputError(XlxqError):
    """The tournament data is inconsistent or malformed."""


class PairingImpossible(XlxqError):
    """No legal pairing of the round exists (no rematch, at most one bye)."""
