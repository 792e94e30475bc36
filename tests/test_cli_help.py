"""``xlxq … --help`` in the message language (issue 10 §6): 简体 by
default, English under ``XLXQ_LANG=en``, 繁體 under zh-Hant, from one source
(the 简体 in the command modules, every language in the catalogue's
``help.*`` messages)."""

from __future__ import annotations

import argparse

import pytest

from tests.cli_support import run
from tests.conftest import simplified_only
from xlxq.cli import build_parser
from xlxq.i18n import catalogue

#: the help texts by their 简体: message id
HELP_IDS = {text: k for k, text in catalogue("zh").items() if k.startswith("help.")}


def _texts(parser: argparse.ArgumentParser) -> list[str]:
    """Every help text, description and metavar of the parser and its sub-parsers."""
    out = [parser.description or ""]
    for a in parser._actions:
        out += [a.help or "", a.metavar if isinstance(a.metavar, str) else ""]
        if isinstance(a, argparse._SubParsersAction):
            out += [c.help or "" for c in a._choices_actions]
            for sp in a.choices.values():
                out += _texts(sp)
    return [t for t in out if t and t != argparse.SUPPRESS]


def _chinese(t: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in t)


def test_every_chinese_help_text_is_a_message(monkeypatch):
    monkeypatch.setenv("XLXQ_LANG", "zh")
    zh = [t for t in _texts(build_parser()) if _chinese(t)]
    assert len(zh) > 70
    assert [t for t in zh if t not in HELP_IDS] == []
    assert not set(HELP_IDS) - set(zh), "a help message whose text is gone from the commands"
    english = {catalogue("en")[k] for k in HELP_IDS.values()}
    monkeypatch.setenv("XLXQ_LANG", "en")
    en = _texts(build_parser())
    # in English no text is left in Chinese but the terms quoted beside their English
    assert [t for t in en if _chinese(t) and t not in english] == []
    monkeypatch.setenv("XLXQ_LANG", "zh-Hant")
    hant = _texts(build_parser())
    assert len(hant) == len(en) and [t for t in hant if t in HELP_IDS and t != catalogue("zh-Hant")[HELP_IDS[t]]] == []
    assert [t for t in hant if simplified_only(t)] == []


@pytest.mark.parametrize("args", [["--help"], ["new", "--help"], ["standings", "--help"], ["simulate", "--help"]])
def test_help_in_the_message_language(args):
    zh = run(*args, check_rc=0).out
    en = run(*args, lang="en", check_rc=0).out
    hant = run(*args, lang="zh-Hant", check_rc=0).out
    kept = ("定位编排", "编排记录", "场分", "局分", "淘汰赛")  # terms quoted, choices that are Chinese words
    rest, rest_hant = en, hant.replace("{match_points,game_points,场分,局分}", "")  # a 繁體 場分 is taken too
    for term in kept:
        rest = rest.replace(term, "")
    assert not _chinese(rest), rest
    assert _chinese(zh) and _chinese(hant) and not simplified_only(rest_hant), simplified_only(rest_hant)
    if args == ["--help"]:
        assert "命令" in zh and "编排下一轮并保存" in zh and "編排下一輪並保存" in hant
        assert "COMMAND" in en and "pair the next round and save" in en and "show the version" in en
