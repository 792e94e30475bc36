"""Plain-text tables and numbers, shared by every printer (:mod:`xlxq.presentation.report`,
the CLI, the workbook operations' messages).

Standard library only: the CLI imports it at start-up.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Optional, Sequence
from xlxq.i18n import Lazy, Msg, tr

__all__ = ["num", "nums", "fmt", "display_width", "text_table", "label_problem", "visible", "joined"]

#: characters a one-line label (a name, a club, a team) cannot hold: control
#: characters (line breaks and tabs included) and the Unicode line separators
_NOT_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def label_problem(s: str) -> Optional[Msg]:
    """Why ``s`` cannot be a one-line label (a name printed on 对阵表 and
    成绩册), a message, or None: a line break (Alt+Enter in a cell), a tab,
    another control character."""
    m = _NOT_ONE_LINE.search(s)
    if m is None:
        return None
    ch = m.group()
    if ch in "\n\r\x0b\x0c\x85\u2028\u2029":
        return Msg("text.holds-a-line-break-alt-enter-in-the-cell")
    if ch == "\t":
        return Msg("text.holds-a-tab")
    return Msg("text.holds-the-control-character-u", ord_ch=ord(ch))


def visible(s: str) -> str:
    """``s`` on one line: each control character shown as ``\\n``, ``\\t`` or ``\\xNN``."""
    return _NOT_ONE_LINE.sub(lambda m: repr(m.group())[1:-1], s)


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
    """Columns ``s`` takes on a terminal: East Asian wide characters count two
    (Python's table, which also calls an unassigned code point "F")."""
    if s.isascii():
        return len(s)
    n = len(s)
    for c in s:
        if unicodedata.east_asian_width(c) in ("W", "F"):
            n += 1
    return n


def text_table(
    header: Sequence[str], rows: Sequence[Sequence[Any]], right: Optional[Sequence[bool]] = None
) -> list[str]:
    """Aligned text columns by display width; ``right``: which columns are
    right-aligned (default none); None cells are blank."""
    right = right or [False] * len(header)
    cells = [[str(c) for c in header]] + [[("" if c is None else str(c)) for c in r] for r in rows]
    sizes = [[display_width(c) for c in r] for r in cells]
    widths = [max(r[i] for r in sizes) for i in range(len(header))]
    out = []
    for r, size in zip(cells, sizes):
        parts = []
        for i, c in enumerate(r):
            pad = " " * (widths[i] - size[i])
            parts.append(pad + c if right[i] else c + pad)
        out.append("  ".join(parts).rstrip())
    return out


def joined(items: Any, sep: str = "common.list-sep") -> Lazy:
    """``items`` (names, keys, numbers: language-neutral) as one list in the
    language a message is rendered in ("a、b" / "a, b"): a message argument
    instead of a ``Pair("、".join(x), ", ".join(x))``; ``sep`` the id of the
    separator."""
    words = [str(x) for x in items]
    return Lazy(lambda lang: tr(lang, sep).join(words))
