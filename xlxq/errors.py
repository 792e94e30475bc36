"""Errors an arbiter sees.  Every message exists in Chinese (shown by default,
in Excel and on the command line) and English (``XLXQ_LANG=en``)."""
from __future__ import annotations

import os


class XlxqError(Exception):
    """Base class: a problem with the input, explained to the arbiter."""

    def __init__(self, zh: str, en: str | None = None):
        super().__init__(zh)
        self.zh = zh
        self.en = en or zh

    def message(self, lang: str | None = None) -> str:
        lang = lang or os.environ.get("XLXQ_LANG", "zh")
        return self.en if lang.lower().startswith("en") else self.zh

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message()


class InputError(XlxqError):
    """The tournament data is inconsistent or malformed."""


class PairingImpossible(XlxqError):
    """No legal pairing of the round exists (no rematch, at most one bye)."""
