"""Result cells: what an arbiter may type, and the standard spelling.

``parse_result(value)`` turns a cell value into one of the model's result
codes (:data:`xlxq.core.model.RESULTS`), ``None`` for an unfinished game
(empty cell) or :data:`BYE` for the 轮空 marker.  Anything else raises
:class:`ResultError` (the mapping layer turns it into an ``InputError``
naming the sheet and row).

Tolerant of case, spaces, full-width characters (``１－０``, ``红胜（弃权）``),
dash variants (– — − ‐), ``½`` and ``1/2``.  Excel may turn ``2:0`` into the
time 02:00; such time values (a ``datetime.time`` from openpyxl, or the
fraction of a day from Excel over COM) are read back as ``2:0``.  The full
list of spellings is in docs/workbook.md and :data:`SPELLINGS`.
"""

from __future__ import annotations

import datetime as _dt
import re
import unicodedata
from functools import lru_cache
from typing import Any, Optional

from xlxq.i18n import norm_lang
from xlxq.sheets.script import to_hans
from xlxq.core.model import (
    BLACK_WIN,
    BLACK_WIN_FORFEIT,
    DOUBLE_FORFEIT,
    DRAW,
    RED_WIN,
    RED_WIN_FORFEIT,
    RESULTS,
    result_msg,
)

BYE = "bye"


class ResultError(ValueError):
    """A result cell that cannot be read."""

    def __init__(self, text: str):
        super().__init__(text)
        self.text = text


# Standard spellings (what the drop-down offers and normalising writes).
DISPLAY: dict[str, dict[str, str]] = {
    "zh": {
        RED_WIN: "红胜",
        BLACK_WIN: "黑胜",
        DRAW: "和",
        RED_WIN_FORFEIT: "红胜(弃权)",
        BLACK_WIN_FORFEIT: "黑胜(弃权)",
        DOUBLE_FORFEIT: "双弃权",
        BYE: "轮空",
    },
    "en": {
        RED_WIN: "red win",
        BLACK_WIN: "black win",
        DRAW: "draw",
        RED_WIN_FORFEIT: "red win (forfeit)",
        BLACK_WIN_FORFEIT: "black win (forfeit)",
        DOUBLE_FORFEIT: "double forfeit",
        BYE: "bye",
    },
}


def display(code: Optional[str], lang: str = "zh") -> Optional[str]:
    """The standard spelling of a result code (None stays None)."""
    if code is None:
        return None
    words = DISPLAY.get(norm_lang(lang))
    # any other language: the catalogue's word (紅勝, 黑勝(棄權) …)
    return words[code] if words is not None else result_msg(code).render(lang)


def choices(lang: str = "zh") -> list[str]:
    """The drop-down list of the result column: the words the result reader
    reads back, 简体 or English (a 繁體 workbook's are converted as it is written)."""
    d = DISPLAY.get(norm_lang(lang), DISPLAY["zh"])
    return [d[c] for c in RESULTS]


_RED_WIN_WORDS = (
    "红胜",
    "红方胜",
    "红先胜",
    "先胜",
    "红赢",
    "红方赢",
    "黑负",
    "黑方负",
    "后负",
    "redwin",
    "redwins",
    "redwon",
)
_BLACK_WIN_WORDS = (
    "黑胜",
    "黑方胜",
    "后胜",
    "黑赢",
    "黑方赢",
    "红负",
    "红方负",
    "先负",
    "blackwin",
    "blackwins",
    "blackwon",
)
_DRAW_WORDS = (
    "和",
    "和棋",
    "和局",
    "平",
    "平局",
    "红和",
    "双和",
    "draw",
    "drawn",
    "drew",
    "=",
    "remis",
    "0.5-0.5",
    "0.5:0.5",
    "1-1",
    "1:1",
    ".5-.5",
)
_FORFEIT_SUFFIXES = ("弃权", "弃", "对方弃权", "forfeit", "byforfeit", "ff", "f", "*", "w.o.", "wo")
_RED_SCORES = ("1-0", "2-0", "1:0", "2:0")
_BLACK_SCORES = ("0-1", "0-2", "0:1", "0:2")


def _table() -> dict[str, str]:
    t: dict[str, str] = {}

    def add(code: str, *spellings: str) -> None:
        for s in spellings:
            k = _norm(s)
            if k in t and t[k] != code:  # pragma: no cover - guards the table itself
                raise AssertionError(f"result spelling {s!r} is ambiguous")
            t[k] = code

    add(RED_WIN, *_RED_WIN_WORDS, *_RED_SCORES)
    add(BLACK_WIN, *_BLACK_WIN_WORDS, *_BLACK_SCORES)
    add(DRAW, *_DRAW_WORDS)
    for suf in _FORFEIT_SUFFIXES:
        add(RED_WIN_FORFEIT, *(w + suf for w in _RED_WIN_WORDS + _RED_SCORES if not w.endswith("负")))
        add(BLACK_WIN_FORFEIT, *(w + suf for w in _BLACK_WIN_WORDS + _BLACK_SCORES if not w.endswith("负")))
    add(
        RED_WIN_FORFEIT,
        "黑弃权",
        "黑方弃权",
        "黑弃",
        "后弃权",
        "黑负弃权",
        "黑负(弃权)",
        "红不战而胜",
        "+-",
        "+/-",
        "+:-",
        "1f-0f",
        "1f-0",
        "blackforfeits",
        "blackforfeited",
        "forfeitblack",
        "redwinbyforfeit",
        "redwinsbyforfeit",
    )
    add(
        BLACK_WIN_FORFEIT,
        "红弃权",
        "红方弃权",
        "红弃",
        "先弃权",
        "红负弃权",
        "红负(弃权)",
        "黑不战而胜",
        "-+",
        "-/+",
        "-:+",
        "0f-1f",
        "0-1f",
        "redforfeits",
        "redforfeited",
        "forfeitred",
        "blackwinbyforfeit",
        "blackwinsbyforfeit",
    )
    add(
        DOUBLE_FORFEIT,
        "双弃权",
        "双方弃权",
        "双弃",
        "双负",
        "双方负",
        "均弃权",
        "--",
        "-/-",
        "-:-",
        "0-0",
        "0:0",
        "0f-0f",
        "doubleforfeit",
        "bothforfeit",
        "bothforfeited",
        "doubleff",
    )
    add(BYE, "轮空", "空", "bye", "轮空(胜)", "+轮空")
    for code in RESULTS:  # the model's own codes
        add(code, code)
    for lang in DISPLAY:
        for code, s in DISPLAY[lang].items():
            add(code, s)
    return t


_DASHES = dict.fromkeys(map(ord, "–—−‐‑‒―－~～"), "-")


def _norm(text: str) -> str:
    s = str(text).replace("½", "0.5").replace("１／２", "0.5")
    s = to_hans(unicodedata.normalize("NFKC", s)).translate(_DASHES)  # 紅勝 is 红胜
    s = s.replace("\u2044", "/")  # NFKC gives 1⁄2 for some inputs
    s = re.sub(r"[\s\u3000]+", "", s).lower()
    s = re.sub(r"[()\[\]【】〔〕{}]", "", s)
    s = s.replace("1/2-1/2", "0.5-0.5").replace("1/2:1/2", "0.5:0.5")
    s = re.sub(r"^0?\.50*([-:])0?\.50*$", r"0.5\g<1>0.5", s)
    return s


_TABLE = _table()
SPELLINGS: dict[str, list[str]] = {}
for _k, _v in _TABLE.items():
    SPELLINGS.setdefault(_v, []).append(_k)


_ISO_TIME = re.compile(r"^(?:1899-12-3[01]|1900-01-0[01])T(\d\d):(\d\d):(\d\d)(?:\.\d+)?Z?$")


def _from_time(h: int, m: int) -> Optional[str]:
    return _TABLE.get(f"{h}:{m}")


def parse_result(value: Any) -> Optional[str]:
    """A result code, ``None`` (empty: unfinished) or :data:`BYE`; raises
    :class:`ResultError` for anything else."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise ResultError(str(value))
    if isinstance(value, _dt.datetime):
        if value.date() in (_dt.date(1899, 12, 30), _dt.date(1899, 12, 31), _dt.date(1900, 1, 1)) and not value.second:
            got = _from_time(value.hour, value.minute)
            if got:
                return got
        raise ResultError(str(value))
    if isinstance(value, _dt.time):
        got = _from_time(value.hour, value.minute) if not value.second else None
        if got:
            return got
        raise ResultError(value.strftime("%H:%M"))
    if isinstance(value, (int, float)):
        # Excel's time serial for 2:0, 1:1, 0:2 … (fraction of a day)
        minutes = float(value) * 1440
        if 0 <= value < 1 and abs(minutes - round(minutes)) < 1e-6:
            h, m = divmod(int(round(minutes)), 60)
            got = _from_time(h, m)
            if got:
                return got
        raise ResultError(f"{value:g}" if isinstance(value, float) else str(value))
    return _parse_text(str(value))


@lru_cache(maxsize=1024)  # the same few spellings on every board
def _parse_text(text: str) -> Optional[str]:
    """:func:`parse_result` of a text."""
    if not text.strip():
        return None
    m = _ISO_TIME.match(text.strip())
    if m:  # a time cell sent as an ISO date by Office.js / xlwings remote
        got = _from_time(int(m.group(1)), int(m.group(2))) if not int(m.group(3)) else None
        if got:
            return got
        raise ResultError(f"{m.group(1)}:{m.group(2)}")
    got = _TABLE.get(_norm(text))
    if got is None:
        raise ResultError(text.strip())
    return got


def is_standard(value: Any, code: Optional[str], lang: str) -> bool:
    """Whether the cell already holds the standard spelling of ``code``."""
    if code is None:
        return value is None or (isinstance(value, str) and not value.strip())
    return isinstance(value, str) and value == display(code, lang)


__all__ = ["BYE", "DISPLAY", "SPELLINGS", "ResultError", "choices", "display", "is_standard", "parse_result"]
