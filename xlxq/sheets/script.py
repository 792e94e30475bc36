"""繁體 and 简体 in a workbook: the one normaliser of labels, and the
conversion of what xlxq writes into a 繁體 workbook.

A workbook written in 繁體中文 (設置, 報名表, 第3輪, 紅勝 …) reads exactly
as its 简体 twin: every label the readers match (sheet names, headers, 设置
keys and values, result words, system names) goes through :func:`to_hans`
first, inside :func:`xlxq.sheets.layout.norm_key` and the result reader.  A
user's data (names, units, titles) is never converted: it is read as typed,
only the *keys* used to recognise labels are normalised.

A 繁體 workbook (:func:`xlxq.sheets.canvas.is_hant_book`: its 设置 or 报名表 sheet is named in
繁體, or a 设置 row 语言 says so) gets what xlxq writes in 繁體 too:
:func:`to_hant` converts the program's text, keeping every user string
(``keep``) as typed; :class:`xlxq.sheets.canvas.Canvas` applies it once, to
the cells and new sheet names of a plan.

The tables are characters, not phrases: ``tools/build_script_table.py``
generates them with OpenCC from the Han characters of ``xlxq/`` (OpenCC is a
development tool, never imported here), so the conversion is one
``str.translate``.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterable, Optional

from xlxq.sheets.script_table import HANS_FROM, HANS_TO, HANT_FROM, HANT_TO

#: the language tag of a 繁體 workbook (passed as ``lang`` to what renders text)
HANT = "zh-Hant"

_TO_HANS = str.maketrans(HANS_FROM, HANS_TO)
_TO_HANT = str.maketrans(HANT_FROM, HANT_TO)
_HANT_ONLY = frozenset(HANS_FROM)


def to_hans(text: str) -> str:
    """``text`` with the 繁體 characters (and variants: 臺 著 裡) of our
    vocabulary in 简体: the key a label is matched by."""
    return text.translate(_TO_HANS)


def has_hant(text: Any) -> bool:
    """Whether ``text`` has a character only 繁體 writes (報 設 輪 …)."""
    return isinstance(text, str) and not _HANT_ONLY.isdisjoint(text)


def script_of(lang: str) -> tuple[bool, str]:
    """(繁體?, the language the layout writes in) of a workbook language:
    "zh-Hant" is (True, "zh"): written as the Chinese workbook, then in 繁體."""
    return (True, "zh") if lang_is_hant(lang) else (False, lang)


def lang_is_hant(lang: Optional[str]) -> bool:
    """Whether a language tag or name means 繁體 (zh-Hant, zh-TW, zh-HK, 繁體, 繁体, traditional)."""
    k = to_hans(str(lang or "")).strip().lower().replace("_", "-")
    return k in ("zh-hant", "hant", "zh-tw", "zh-hk", "zh-mo", "繁体", "繁体中文", "繁", "traditional", "正体")


def to_hant(text: str, keep: Optional["Keep"] = None) -> str:
    """``text`` (the program's words) in 繁體, the user strings of ``keep``
    inside it left as typed."""
    if keep is not None and text in keep.words:
        return text
    hant = text.translate(_TO_HANT)
    if hant == text or keep is None or keep.rx is None:
        return hant
    out, last = [], 0
    for m in keep.rx.finditer(text):
        out.append(text[last : m.start()].translate(_TO_HANT))
        out.append(m.group())
        last = m.end()
    out.append(text[last:].translate(_TO_HANT))
    return "".join(out)


class Keep:
    """The user's strings of a workbook that :func:`to_hant` leaves as they
    are: every text read from its sheets that the conversion would change
    (a 简体 name in a 繁體 workbook stays 简体)."""

    def __init__(self, texts: Iterable[Any]):
        words = {t for t in set(texts) if isinstance(t, str) and t != t.translate(_TO_HANT)}
        words |= {t.strip() for t in words if t.strip()}
        self.words = frozenset(words)
        self.rx = re.compile("|".join(map(re.escape, sorted(words, key=len, reverse=True)))) if words else None


def keep_of(
    snapshot: dict[str, list[list[Any]]], more: Iterable[str] = (), is_label: Optional[Callable[[str], bool]] = None
) -> Keep:
    """:class:`Keep` of every string of the sheets read (``snapshot``) and
    ``more``, but the program's own words (``is_label``: a header, a result)."""
    texts = {v for rows in snapshot.values() for row in rows for v in row if isinstance(v, str)}
    if is_label is not None:
        texts = {t for t in texts if t == t.translate(_TO_HANT) or not is_label(t)}
    return Keep([*texts, *more])


def texts_of(*items: Any) -> set[str]:
    """The user's strings in ``items`` (dataclasses such as players, teams
    and settings, or lists of them): every text field, one level down (a
    team's name, a player's name and unit, the event's title and venue)."""
    out: set[str] = set()
    for item in items:
        for x in item if isinstance(item, (list, tuple)) else (item,):
            for v in getattr(x, "__dict__", {}).values():
                if isinstance(v, str):
                    out.add(v)
                elif isinstance(v, (list, tuple)):
                    out.update(s for s in v if isinstance(s, str))
    return out


__all__ = [
    "HANT",
    "Keep",
    "has_hant",
    "keep_of",
    "lang_is_hant",
    "script_of",
    "texts_of",
    "to_hans",
    "to_hant",
]
