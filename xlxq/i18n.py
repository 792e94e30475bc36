"""Languages: the one place that knows how a language is chosen.

Messages are written in Chinese and English side by side (``zh``, ``en``);
the language is decided at the edge (the CLI, an Excel button) and passed
in as ``lang`` ("zh" or "en") to whatever renders text.  Only the edges call
:func:`env_lang`.
"""

from __future__ import annotations

import os

LANGS = ("zh", "en")


def norm_lang(lang: str | None) -> str:
    """ "en" for anything that starts with "en", else "zh" (the default)."""
    return "en" if (lang or "zh").lower().startswith("en") else "zh"


def env_lang() -> str:
    """The language asked for by ``XLXQ_LANG`` (zh unless it says en)."""
    return norm_lang(os.environ.get("XLXQ_LANG", "zh"))


class Text:
    """``t = Text(lang); t("中文", "English")`` picks one of the two."""

    __slots__ = ("lang",)

    def __init__(self, lang: str) -> None:
        self.lang = norm_lang(lang)

    def __call__(self, zh: str, en: str) -> str:
        return en if self.lang == "en" else zh


__all__ = ["LANGS", "norm_lang", "env_lang", "Text"]
