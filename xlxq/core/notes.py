"""A note of an engine (``PairingOutcome.notes``): its Chinese text, as it
has always been (a ``str``: every caller that prints, joins or tests it
keeps working), carrying its English as ``.en`` for the 编排记录 printer
(:mod:`xlxq.core.record_text`), which words a record in either language."""

from __future__ import annotations

from typing import Any, Optional

from xlxq.i18n import Msg, norm_lang


class Note(str):
    """``Note(Msg(…))`` (or ``Note(zh, en)``): a ``str`` equal to its 简体
    text, with ``.en``; :meth:`localize` (:func:`note_text`) renders it in
    any language: what prints a note to a user."""

    en: str
    msg: Optional[Msg]

    def __new__(cls, zh: str | Msg, en: Optional[str] = None) -> Note:
        msg = zh if isinstance(zh, Msg) else None
        note = super().__new__(cls, msg.render("zh") if msg is not None else zh)
        note.en = msg.render("en") if msg is not None else (en if en is not None else str(note))
        note.msg = msg
        return note

    def __getnewargs__(self) -> tuple[Any, ...]:  # copy and pickle keep .en
        return (self.msg,) if self.msg is not None else (str(self), self.en)

    def localize(self, lang: Optional[str]) -> str:
        code = norm_lang(lang)
        if self.msg is not None:
            return self.msg.render(code)
        return self.en if code == "en" else str(self)


def note_en(note: str) -> str:
    """The English of a note (its text when it has none)."""
    return getattr(note, "en", note)


def note_text(note: str, lang: Optional[str]) -> str:
    """A note in a language (a plain ``str``: itself)."""
    return note.localize(lang) if isinstance(note, Note) else note


__all__ = ["Note", "note_en", "note_text"]
