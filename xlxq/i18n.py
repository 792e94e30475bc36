"""Languages and the message catalogue: the one place that knows how a
language is chosen and how a message becomes text.

Languages (codes as passed around in ``lang``)::

    "zh"       简体中文 (zh-Hans), the default; also "zh-Hans", "zh-CN", "zh-SG",
               and anything that is not English or 繁體
    "en"       English: anything that starts with "en"
    "zh-Hant"  繁體中文; also "zh-TW", "zh-HK", "zh-MO" (and "zh-Hant-…")

:func:`norm_lang` maps any of those to one of :data:`LANGS`, the languages
registered by :func:`register_language` (a further language: one such line
and its catalogue file, docs/i18n.md "Adding a language"); :func:`env_lang`
reads ``XLXQ_LANG``.  Only the edges (CLI, Excel button, Lite) call it.
:func:`lang_tag` gives the BCP 47 tag ("zh-Hans", "en", "zh-Hant").

Messages: a message is an id and named arguments, :class:`Msg`::

    Msg("pairing.round-not-finished", round=3, board=2)

rendered at the edge by the catalogue of the language: ``msg.render(lang)``
or ``tr(lang, "pairing.round-not-finished", round=3, board=2)``.  A catalogue
is a plain Python table, one module per language under
:mod:`xlxq.messages` (``zh_Hans.py``, ``en.py``, ``zh_Hant.py``), each a
``MESSAGES: dict[str, str]`` of id → ``str.format`` template with named
``{placeholders}`` (format specs allowed, ``{pts:g}``).  Every id is in every
catalogue with the same placeholders (tests/test_languages.py).  A catalogue
is imported the first time a message is rendered in its language.

An argument is rendered before it is put in: a :class:`Msg` (or anything
with a ``localize(lang)`` method: :class:`Pair`, an
:class:`~xlxq.errors.XlxqError`) in the same language; anything else with
``format``.  Names, units and the event's own titles are arguments, so they
are never translated.

``Text(lang)`` is the bound form: ``t = Text(lang); t("round.title", n=3)``.
It still picks one of a (zh, en) pair, ``t("中文", "English")``, for text
not yet in the catalogue (another language gets the text of the 简体
text's message, :func:`text_in`, else the 简体 text): the codemod
``tools/catalogue_codemod.py`` turns such pairs into ids.

zh-Hant is generated from zh-Hans with OpenCC (s2tw, a dev-time tool; see
docs/i18n.md) and committed; it is never converted at run time.
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import Any


class Language:
    """A registered language: its code (passed around as ``lang``), its BCP 47
    tag, the module of its catalogue under :mod:`xlxq.messages`, and the
    lower-case prefixes of the codes that choose it ("en" chooses "en-GB")."""

    __slots__ = ("code", "tag", "module", "prefixes")

    def __init__(self, code: str, tag: str, module: str, prefixes: tuple[str, ...]) -> None:
        self.code, self.tag, self.module, self.prefixes = code, tag, module, prefixes

    def __repr__(self) -> str:
        return f"Language({self.code!r}, {self.tag!r}, {self.module!r}, {self.prefixes!r})"


#: the registered languages' codes (the first, 简体, is the default); kept
#: current by :func:`register_language`
LANGS: list[str] = []
#: BCP 47 tag of each language
TAGS: dict[str, str] = {}
#: the module under xlxq.messages of each language's catalogue
MODULES: dict[str, str] = {}
_LANGUAGES: dict[str, Language] = {}
_PREFIXES: list[tuple[str, str]] = []  # (prefix, code), longest first
_NORM: dict[str, str] = {}  # code as given → its language (a cache)


def register_language(
    code: str,
    tag: str | None = None,
    module: str | None = None,
    prefixes: tuple[str, ...] = (),
    messages: dict[str, str] | None = None,
) -> Language:
    """Register a language: the one line a further language needs (its
    catalogue is ``xlxq/messages/<module>.py``, ``MESSAGES`` as in ``en.py``).
    ``prefixes`` are the codes that choose it (lower case, ``-``), its code
    always; ``messages`` gives the catalogue itself (a test's pseudo-language)."""
    lang = Language(code, tag or code, module or code.replace("-", "_"), (code.lower(), *prefixes))
    if code not in LANGS:
        LANGS.append(code)
    _LANGUAGES[code], TAGS[code], MODULES[code] = lang, lang.tag, lang.module
    _PREFIXES[:] = sorted(
        ((p, c) for c, x in _LANGUAGES.items() for p in x.prefixes), key=lambda pc: len(pc[0]), reverse=True
    )
    _NORM.clear()
    _CATALOGUES.pop(code, None)
    _BY_TEXT.pop(code, None)
    if messages is not None:
        _CATALOGUES[code] = messages
    return lang


def unregister_language(code: str) -> None:
    """Take a language registered by :func:`register_language` away again (tests)."""
    if code in _LANGUAGES:
        del _LANGUAGES[code], TAGS[code], MODULES[code]
        LANGS.remove(code)
        _PREFIXES[:] = [pc for pc in _PREFIXES if pc[1] != code]
        _NORM.clear()
        _CATALOGUES.pop(code, None)
        _BY_TEXT.pop(code, None)


def norm_lang(lang: str | None) -> str:
    """One of :data:`LANGS`: the language whose longest prefix the code starts
    with ("en" for anything that starts with "en", "zh-Hant" for 繁體: zh-Hant,
    zh-TW, zh-HK, zh-MO), else "zh" (简体, the default)."""
    known = _NORM.get(lang or "zh")
    if known is not None:
        return known
    code = (lang or "zh").strip().lower().replace("_", "-")
    found = next((c for p, c in _PREFIXES if code.startswith(p)), "zh")
    if len(_NORM) < 256:
        _NORM[lang or "zh"] = found
    return found


def env_lang() -> str:
    """The language asked for by ``XLXQ_LANG`` (zh unless it says otherwise)."""
    return norm_lang(os.environ.get("XLXQ_LANG", "zh"))


def lang_tag(lang: str | None) -> str:
    """The BCP 47 tag of a language ("zh-Hans", "en", "zh-Hant")."""
    return TAGS[norm_lang(lang)]


_CATALOGUES: dict[str, dict[str, str]] = {}


def catalogue(lang: str | None) -> dict[str, str]:
    """The catalogue (id → template) of a language, imported once."""
    code = norm_lang(lang)
    table = _CATALOGUES.get(code)
    if table is None:
        table = _CATALOGUES[code] = import_module(f"xlxq.messages.{MODULES[code]}").MESSAGES
    return table


def _arg(value: Any, lang: str) -> Any:
    localize = getattr(value, "localize", None)
    return localize(lang) if localize is not None and not isinstance(value, type) else value


#: argument types that are rendered as they are (no ``localize``): tr's fast path
_PLAIN = frozenset({str, int, float, bool, type(None)})


def tr(lang: str | None, id: str, /, **args: Any) -> str:
    """The text of message ``id`` with ``args`` in ``lang``.  An id missing
    from a catalogue falls back to 简体, then to the id itself."""
    code = _NORM.get(lang or "zh") or norm_lang(lang)
    table = _CATALOGUES.get(code)
    template = (table if table is not None else catalogue(code)).get(id)
    if template is None:
        template = catalogue("zh").get(id, id)
    return _filled(template, args, code)


def _filled(template: str, args: dict[str, Any], code: str) -> str:
    """``template`` with ``args`` (a call's own dict: changed in place), each
    argument that renders itself (a message …) rendered in ``code``."""
    if not args:
        return template.format() if "{" in template else template
    if not _PLAIN.issuperset(map(type, args.values())):
        for k, v in args.items():
            if type(v) not in _PLAIN:
                args[k] = _arg(v, code)
    return template.format_map(args)


#: per language (not zh, not en): 简体 text of a placeholder-free message → its text in that language
_BY_TEXT: dict[str, dict[str, str]] = {}

#: the built-in languages (a further one: one line here and its catalogue file)
register_language("zh", "zh-Hans", "zh_Hans", ("zh-hans", "zh-cn", "zh-sg"))
register_language("en", "en", "en", ("en",))
register_language("zh-Hant", "zh-Hant", "zh_Hant", ("zh-hant", "zh-tw", "zh-hk", "zh-mo"))


def text_in(lang: str | None, zh: str) -> str:
    """A 简体 text that is a whole message of the catalogue without
    placeholders (a label of a table, a constant pair: the codemod puts their
    texts in the catalogue) in ``lang`` (a language other than zh and en:
    one lookup table a language, built the first time); else the text itself."""
    code = norm_lang(lang)
    table = _BY_TEXT.get(code)
    if table is None:
        hans, there = catalogue("zh"), catalogue(code)
        table = _BY_TEXT[code] = {
            v: there[k] for k, v in sorted(hans.items(), reverse=True) if "{" not in v and k in there
        }
    return table.get(zh, zh)


def hant_text(zh: str) -> str:
    """The 繁體 of a 简体 text that is a whole message of the catalogue
    without placeholders (:func:`text_in` of zh-Hant); else the text itself."""
    return text_in("zh-Hant", zh)


def pick(lang: str | None, zh: Any, en: Any) -> Any:
    """One of a (zh, en) pair in ``lang``.  The pair's English is English
    itself; any other language but 简体 the 简体 text's message
    (:func:`text_in`)."""
    code = norm_lang(lang)
    if code == "en":  # the pair's own English
        return en
    if code != "zh" and isinstance(zh, str):
        return text_in(code, zh)
    return zh


def labels(lang: str | None, zh: dict[Any, str], en: dict[Any, str]) -> dict[Any, str]:
    """One of a pair of label tables (key → text) in ``lang``."""
    code = norm_lang(lang)
    if code == "en":  # the pair's own English
        return en
    return zh if code == "zh" else {k: text_in(code, v) for k, v in zh.items()}


def prop(lang: str | None, name: str) -> bool:
    """A per-language property the catalogue decides: message ``lang.<name>``,
    true when its template is not empty (see docs/i18n.md, "Properties")."""
    return bool(tr(lang, f"lang.{name}"))


def chinese_forms(lang: str | None) -> bool:
    """Whether ``lang`` writes the Chinese forms (property ``lang.chinese-forms``):
    a player as 张三（7号）, the parts of a message only the Chinese says
    (:func:`zh_only`), the full-width colon; the English forms (the number only,
    those parts left out) when not."""
    return prop(lang, "chinese-forms")


class Msg:
    """A message: an id and its named arguments; :meth:`render` in a language."""

    __slots__ = ("id", "args")

    def __init__(self, id: str, /, **args: Any) -> None:
        self.id = id
        self.args = args

    def render(self, lang: str | None) -> str:
        return tr(lang, self.id, **self.args)

    localize = render

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.id, self.args) == (other.id, other.args)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.args.items())
        return f"Msg({self.id!r}{args})"


class Pair:
    """A value known only as a (zh, en) pair (data, not a message: e.g. a
    label read from a workbook); zh-Hant gets the Chinese."""

    __slots__ = ("zh", "en")

    def __init__(self, zh: Any, en: Any) -> None:
        self.zh, self.en = zh, en

    @classmethod
    def of(cls, thing: Any) -> Any:
        """An object with ``.zh`` and ``.en`` (an error, a problem) as an
        argument: itself when it can render itself (``localize``), else its pair."""
        return thing if callable(getattr(thing, "localize", None)) else cls(thing.zh, thing.en)

    def localize(self, lang: str | None) -> Any:
        return pick(lang, self.zh, self.en)


class Lazy:
    """A value worked out in the language it is rendered in:
    ``Lazy(lambda lang: …)`` (``lang`` one of :data:`LANGS`)."""

    __slots__ = ("fn",)

    def __init__(self, fn: Any) -> None:
        self.fn = fn

    def localize(self, lang: str | None) -> Any:
        return self.fn(norm_lang(lang))


def zh_only(id: str, /, **args: Any) -> Lazy:
    """A part of a message only the Chinese says (the English leaves it out):
    message ``id`` in 简体 and 繁體, nothing in English.  Both templates then
    have the same placeholders and the English is unchanged."""
    return Lazy(lambda lang: tr(lang, id, **args) if chinese_forms(lang) else "")


def by_forms(chinese: Any, other: Any) -> Lazy:
    """A message argument that is ``chinese`` in a language writing the
    Chinese forms (:func:`chinese_forms`: a team by its name, a detail only
    the Chinese says) and ``other`` in the others (its number, nothing);
    either may be a message, rendered in the same language."""

    def render(lang: str) -> Any:
        value = chinese if chinese_forms(lang) else other
        return value.localize(lang) if isinstance(value, Msg) else value

    return Lazy(render)


def listed(lang: str | None, items: Any, id: str = "common.no") -> str:
    """Items as one list in ``lang`` ("1号、3号" / "1, 3"): each rendered by
    message ``id`` (its placeholder ``{no}``), joined by ``common.list-sep``."""
    return tr(lang, "common.list-sep").join(tr(lang, id, no=x) for x in items)


class Text:
    """``t = Text(lang)``: ``t("id", **args)`` renders a catalogue message;
    ``t("中文", "English")`` picks one of a pair (text not yet in the
    catalogue)."""

    __slots__ = ("lang", "_table")

    def __init__(self, lang: str | None) -> None:
        self.lang = norm_lang(lang)
        self._table = catalogue(self.lang)

    def __call__(self, zh: str, en: str | None = None, /, **args: Any) -> str:
        if en is None:
            template = self._table.get(zh)
            if template is None:  # the fall-backs: tr's way
                return tr(self.lang, zh, **args)
            return _filled(template, args, self.lang)  # as tr does, without its look-ups
        if self.lang == "zh":
            return zh
        text: str = pick(self.lang, zh, en)
        return text


__all__ = [
    "LANGS",
    "TAGS",
    "Language",
    "register_language",
    "unregister_language",
    "by_forms",
    "norm_lang",
    "env_lang",
    "lang_tag",
    "catalogue",
    "tr",
    "Msg",
    "Pair",
    "Lazy",
    "listed",
    "zh_only",
    "hant_text",
    "text_in",
    "prop",
    "chinese_forms",
    "pick",
    "labels",
    "Text",
]
