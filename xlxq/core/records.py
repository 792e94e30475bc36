"""The 编排记录 block of a round: one heading, in either language, and the
one pattern that finds it again in a sheet (so that writing a round's record
twice replaces its block instead of adding a copy, whatever language either
was written in)."""

from __future__ import annotations

import re

from xlxq.i18n import Msg, Text

#: ``第3轮编排记录（…）`` / ``Round 3 record (…)``, with the 积分晋圈淘汰
#: knockout stage prefixed ``淘汰赛`` / ``Knockout: ``.
HEADING_RE = re.compile(r"^(淘汰赛|Knockout: )?(?:第(\d+)轮编排记录|Round (\d+) record\b)")
KO_PREFIX = {"zh": "淘汰赛", "en": "Knockout: "}


def heading(round_no: int, event_name: str, lang: str = "zh", default: str = "record_text.event") -> str:
    """The heading of a round's record; ``default``: the id of the message
    that stands for the event's name when it has none."""
    t = Text(lang)
    return t("records.round-record", round_no=round_no, default=event_name or Msg(default))


#: the systems' names as the record printers show them, (zh, en) by key:
#: filled from the one key table (:mod:`xlxq.systems.keys`) by the registry
#: (the core is below the systems and does not import them)
SYSTEM_NAMES: dict[str, tuple[str, str]] = {}
#: the team systems' names: (zh, en)
TEAM_SYSTEM_NAMES: dict[str, tuple[str, str]] = {}


def games_label(label: str, lang: str, games: int = 1) -> str:
    """A system's name with its games a match (单循环（每场2局）)."""
    if games > 1:
        label += Text(lang)("records.games-a-match", games=games)
    return label


def system_name(key: str, lang: str, games: int = 1) -> str:
    """The name of an individual system (:data:`SYSTEM_NAMES`) in ``lang``."""
    zh, en = SYSTEM_NAMES.get(key, (key, key))
    return games_label(Text(lang)(zh, en), lang, games)


def team_system_name(key: str, lang: str) -> str:
    zh, en = TEAM_SYSTEM_NAMES.get(key, (key, key))
    return Text(lang)(zh, en)


def ko_stage(text: str, lang: str) -> str:
    """A record of the knockout stage of 积分晋圈淘汰: its heading prefixed."""
    return KO_PREFIX[Text(lang).lang] + text


def block_key(m: re.Match[str]) -> tuple[int, int]:
    """(0 main / 1 knockout stage, round) of a heading matched by HEADING_RE."""
    return (1 if m.group(1) else 0, int(m.group(2) or m.group(3)))


__all__ = [
    "HEADING_RE",
    "heading",
    "ko_stage",
    "block_key",
    "SYSTEM_NAMES",
    "TEAM_SYSTEM_NAMES",
    "games_label",
    "system_name",
    "team_system_name",
]
