"""Plain-text tables and numbers, shared by every printer (:mod:`xlxq.report`,
the CLI, the workbook operations' messages).

Standard library only: the CLI imports it at start-up.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Optional, Sequence

__all__ = ["num", "nums", "fmt", "display_width", "text_table"]


def num(x: Any) -> Any:
    """An int when the number is integral (2.0 → 2), else the float."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def nums(x: Any) -> Any:
    """:func:`num` through dictionaries and lists (JSON output)."""
    if isinstance(x, dict):
        return {k: nums(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [nums(v) for v in x]
    return num(x)


def fmt(x: Any) -> str:
    """A number as a table shows it: "" for None, 2.0 → "2", 1.5 → "1.5"."""
    if x is None:
        return ""
    x = num(x)
    if isinstance(x, float):
        return f"{x:g}"
    return str(x)


def display_width(s: str) -> int:
    """Columns ``s`` takes on a terminal: East Asian wide characters count two."""
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in s)


def text_table(
    header: Sequence[str], rows: Sequence[Sequence[Any]], right: Optional[Sequence[bool]] = None
) -> list[str]:
    """Aligned text columns by display width; ``right``: which columns are
    right-aligned (default none); None cells are blank."""
    right = right or [False] * len(header)
    cells = [[str(c) for c in header]] + [[("" if c is None else str(c)) for c in r] for r in rows]
    widths = [max(display_width(r[i]) for r in cells) for i in range(len(header))]
    out = []
    for r in cells:
        parts = []
        for i, c in enumerate(r):
            pad = " " * (widths[i] - display_width(c))
            parts.append(pad + c if right[i] else c + pad)
        out.append("  ".join(parts).rstrip())
    return out
