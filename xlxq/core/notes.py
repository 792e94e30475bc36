"""A note of an engine (``PairingOutcome.notes``): its Chinese text, as it
has always been (a ``str``: every caller that prints, joins or tests it
keeps working), carrying its English as ``.en`` for the 编排记录 printer
(:mod:`xlxq.core.record_text`), which words a record in either language."""

from __future__ import annotations


class Note(str):
    """``Note(zh, en)``: a ``str`` equal to ``zh``, with ``.en``."""

    en: str

    def __new__(cls, zh: str, en: str) -> Note:
        note = super().__new__(cls, zh)
        note.en = en
        return note

    def __getnewargs__(self) -> tuple[str, str]:  # type: ignore[override]  # copy and pickle keep .en
        return str(self), self.en


def note_en(note: str) -> str:
    """The English of a note (its text when it has none)."""
    return getattr(note, "en", note)


__all__ = ["Note", "note_en"]
