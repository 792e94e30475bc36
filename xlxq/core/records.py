"""The 编排记录 block of a round: one heading, in either language, and the
one pattern that finds it again in a sheet (so that writing a round's record
twice replaces its block instead of adding a copy, whatever language either
was written in)."""

from __future__ import annotations

import re

from xlxq.i18n import LANGS, Msg, Text, catalogue, tr

#: the heading of a round's record in each built-in language, as its
#: catalogue writes it: (the knockout stage's prefix ``records.ko-prefix``,
#: the text of ``records.round-record`` before and after the round's number,
#: up to the event's name).  Written out so that reading a 编排记录 sheet
#: imports no other language's catalogue (a click loads one);
#: tests/test_languages.py checks it is what the catalogues give.  A
#: language registered later is read from its catalogue (:func:`heading_parts`).
BUILT_IN_HEADINGS: dict[str, tuple[str, str, str]] = {
    "zh": ("淘汰赛", "第", "轮编排记录"),
    "en": ("Knockout: ", "Round ", " record"),
    "zh-Hant": ("淘汰賽", "第", "輪編排記錄"),
}


def heading_parts(lang: str) -> tuple[str, str, str]:
    """(knockout prefix, text before the round number, text after it) of a
    record heading in ``lang``, from its catalogue: ``records.round-record``
    cut at its placeholders, the brackets and spaces before the event's
    name left out (第3轮编排记录（…） → 第, 轮编排记录)."""
    template = catalogue(lang).get("records.round-record", catalogue("zh")["records.round-record"])
    before, _, rest = template.partition("{round_no}")
    after = re.split(r"\{", rest, maxsplit=1)[0]
    after = re.sub(r"[\W_]+$", "", after)
    return tr(lang, "records.ko-prefix"), before, after


def _heading_re(langs: tuple[str, ...]) -> re.Pattern[str]:
    parts = [BUILT_IN_HEADINGS.get(lang) or heading_parts(lang) for lang in langs]
    prefixes = "|".join(dict.fromkeys(re.escape(p) for p, _, _ in parts))
    forms = "|".join(
        re.escape(b) + r"(\d+)" + re.escape(a) + (r"\b" if re.search(r"[A-Za-z0-9]$", a) else "") for _, b, a in parts
    )
    return re.compile(f"^({prefixes})?(?:{forms})")


_HEADING_RES: dict[tuple[str, ...], re.Pattern[str]] = {}


def heading_re() -> re.Pattern[str]:
    """The one pattern that finds a round's record heading in a sheet, in
    any registered language (``第3轮编排记录（…）``, ``Round 3 record (…)``,
    ``第3輪編排記錄（…）`` …, the knockout stage's prefixed ``淘汰赛`` /
    ``Knockout: ``): group 1 the prefix, then one group a language (the
    round's number), in the order of :data:`~xlxq.i18n.LANGS`."""
    key = tuple(LANGS)
    found = _HEADING_RES.get(key)
    if found is None:
        found = _HEADING_RES[key] = _heading_re(key)
    return found


def heading_lang(m: re.Match[str]) -> str:
    """The language of a heading matched by :func:`heading_re`."""
    return next(lang for lang, no in zip(LANGS, m.groups()[1:]) if no is not None)


def __getattr__(name: str) -> re.Pattern[str]:
    # ``records.HEADING_RE``: the pattern of the languages registered now
    if name == "HEADING_RE":
        return heading_re()
    raise AttributeError(name)


def heading(round_no: int, event_name: str, lang: str = "zh", default: str = "record_text.event") -> str:
    """The heading of a round's record; ``default``: the id of the message
    that stands for the event's name when it has none."""
    t = Text(lang)
    return t("records.round-record", round_no=round_no, default=event_name or Msg(default))


#: the systems' names as the record printers show them, (label id, zh, en)
#: by key: filled from the one key table (:mod:`xlxq.systems.keys`) by the
#: registry (the core is below the systems and does not import them)
SYSTEM_NAMES: dict[str, tuple[str, str, str]] = {}
#: the team systems' names: (label id, zh, en)
TEAM_SYSTEM_NAMES: dict[str, tuple[str, str, str]] = {}


def label_text(lang: str, label_id: str, zh: str, en: str) -> str:
    """A system's label in ``lang``: its catalogue message ``label_id``
    (``system.<key>``); the (zh, en) of its row of the key table for a
    system whose label is in no catalogue (registered later: a test's)."""
    if label_id and (label_id in catalogue(lang) or label_id in catalogue("zh")):
        return tr(lang, label_id)
    return Text(lang)(zh, en)


def games_label(label: str, lang: str, games: int = 1) -> str:
    """A system's name with its games a match (单循环（每场2局）)."""
    if games > 1:
        label += Text(lang)("records.games-a-match", games=games)
    return label


def system_name(key: str, lang: str, games: int = 1) -> str:
    """The name of an individual system (:data:`SYSTEM_NAMES`) in ``lang``."""
    label_id, zh, en = SYSTEM_NAMES.get(key, ("", key, key))
    return games_label(label_text(lang, label_id, zh, en), lang, games)


def team_system_name(key: str, lang: str) -> str:
    label_id, zh, en = TEAM_SYSTEM_NAMES.get(key, ("", key, key))
    return label_text(lang, label_id, zh, en)


def ko_stage(text: str, lang: str) -> str:
    """A record of the knockout stage of 积分晋圈淘汰: its heading prefixed."""
    return tr(lang, "records.ko-prefix") + text


def block_key(m: re.Match[str]) -> tuple[int, int]:
    """(0 main / 1 knockout stage, round) of a heading matched by HEADING_RE."""
    return (1 if m.group(1) else 0, int(next(no for no in m.groups()[1:] if no is not None)))


__all__ = [
    "BUILT_IN_HEADINGS",
    "heading_re",
    "heading_lang",
    "heading_parts",
    "heading",
    "ko_stage",
    "block_key",
    "SYSTEM_NAMES",
    "TEAM_SYSTEM_NAMES",
    "games_label",
    "label_text",
    "system_name",
    "team_system_name",
]
