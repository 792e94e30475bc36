"""What an operation found and what it did: :class:`Problem` (a level,
a code, a Chinese and an English text, and the sheet, row and columns it
highlights), the levels (blocking, error, warning, info) with their order
and fill, :class:`Status` (the result of an operation), and :func:`locate`,
which names the first highlighted cell of each problem.
"""

from __future__ import annotations

import os
from dataclasses import KW_ONLY, dataclass, field
from typing import Any, Optional

from xlxq.i18n import Msg, norm_lang, pick, tr
from xlxq.sheets import layout as L

BLOCKING, ERROR, WARNING, INFO = "blocking", "error", "warning", "info"
LEVEL_ORDER = {BLOCKING: 0, ERROR: 1, WARNING: 2, INFO: 3}
LEVEL_FILL = {BLOCKING: L.ERROR_FILL, ERROR: L.ERROR_FILL, WARNING: L.WARNING_FILL, INFO: L.INFO_FILL}


class _Rendered:
    """A text field of :class:`Problem` (its 简体 or English
    text): as given, or — when the object has a message (``msg``) — the
    message rendered in ``lang`` the first time it is asked for, so a
    message renders in the language shown only (one catalogue, not two).
    A text set by hand afterwards stays."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.key = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.key = f"_{name}"

    def __get__(self, obj: Any, owner: Optional[type] = None) -> str:
        if obj is None:
            return ""  # the dataclass default
        text = obj.__dict__.get(self.key)
        if text is None:
            msg = obj.msg
            text = obj.__dict__[self.key] = msg.render(self.lang) if msg is not None else ""
        return text

    def __set__(self, obj: Any, value: str) -> None:
        obj.__dict__[self.key] = value


@dataclass
class Problem:
    """Something recompute found.  ``blocking``: the data cannot be used
    (standings and pairing wait until it is fixed); ``error``: breaks a
    pairing rule; ``warning``: look at it; ``info``: recorded (hand-changed
    pairing, late entry, withdrawal).  ``cols`` are the column keys
    highlighted on ``row`` of ``sheet``."""

    level: str
    code: str
    zh: str = _Rendered("zh")  # type: ignore[assignment]  # the message's 简体 text, rendered when asked
    en: str = _Rendered("en")  # type: ignore[assignment]
    sheet: Optional[str] = None
    row: Optional[int] = None
    cols: tuple[str, ...] = ()
    round: Optional[int] = None
    cell: Optional[str] = None  # e.g. "F7", filled in when the cell is known
    msg: Optional[Msg] = None  # the message (zh, en: its 简体 and English texts)

    def __post_init__(self) -> None:
        if self.msg is not None:  # the texts are the message's (rendered when asked)
            self.__dict__.pop("_zh", None)
            self.__dict__.pop("_en", None)

    def message(self, lang: str = "zh") -> str:
        if self.msg is not None:
            return self.msg.render(lang)
        return pick(lang, self.zh, self.en)

    localize = message

    def where(self) -> str:
        if self.sheet is None:
            return ""
        if self.cell:
            return f"{self.sheet}!{self.cell}"
        return f"{self.sheet}" + (f"!{self.row}:{self.row}" if self.row else "")


@dataclass
class Status:
    """What an operation did: ok, a one-line message (``msg``, rendered in
    the language shown), the problems (details), an optional text (pairing
    table, standings, 编排记录), data (the new Round, the StandingRow list …)
    and the :class:`~xlxq.sheets.plan.WritePlan` the operation made, which the
    caller applies (:func:`xlxq.operations.workbook_common.apply_status`)."""

    ok: bool
    _: KW_ONLY
    msg: Msg  # the message (message_zh, message_en: its 简体 and English texts)
    details: list[Problem] = field(default_factory=list)
    text: str = ""
    data: Any = None
    event: Any = None
    ko_event: Any = None  # 积分晋圈淘汰: the knockout stage's event, once qualified
    plan: Any = None  # the WritePlan to apply to the book (None: nothing to write)
    bad_input: bool = False  # not ok because of bad cells (marked): exit 2 on the command line

    @property
    def message_zh(self) -> str:
        """The message's 简体 text."""
        return self.msg.render("zh")

    @property
    def message_en(self) -> str:
        """The message's English text."""
        return self.msg.render("en")

    def message(self, lang: Optional[str] = None) -> str:
        return self.msg.render(_lang(lang))

    def lines(self, lang: Optional[str] = None) -> list[str]:
        lang = _lang(lang)
        tags = {
            BLOCKING: "problems.tag-error",
            ERROR: "problems.tag-error",
            WARNING: "problems.tag-warning",
            INFO: "problems.tag-note",
        }
        out = [self.message(lang)]
        for p in self.details:
            tag = tr(lang, tags[p.level])
            where = p.where()
            out.append(f"  [{tag}] " + (f"{where} " if where else "") + p.message(lang))
        return out


def _lang(lang: Optional[str]) -> str:
    return norm_lang(lang or os.environ.get("XLXQ_LANG", "zh"))


def locate(data: Any) -> None:
    """Fill in ``Problem.cell`` (the first highlighted cell) where known."""
    for p in data.problems:
        if p.sheet is None or p.row is None or p.cell is not None:
            continue
        table = data.table_of(p.sheet)
        cols = [table.cols[k] for k in p.cols if k in table.cols] if table else []
        if cols:
            p.cell = L.cell_ref(p.row, cols[0])
