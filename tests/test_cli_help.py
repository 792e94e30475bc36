"""``xlxq … --help`` in the message language (issue 10 §6): Chinese by
default, English under ``XLXQ_LANG=en``, from one source (the Chinese in
the command modules, the English in xlxq/cli/help_en.py)."""

from __future__ import annotations

import argparse

import pytest

from tests.cli_support import run
from xlxq.cli import build_parser
from xlxq.cli.help_en import HELP_EN


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


def test_every_chinese_help_text_has_its_english(monkeypatch):
    monkeypatch.setenv("XLXQ_LANG", "zh")
    zh = [t for t in _texts(build_parser()) if _chinese(t)]
    assert len(zh) > 70
    assert [t for t in zh if t not in HELP_EN] == []
    monkeypatch.setenv("XLXQ_LANG", "en")
    en = _texts(build_parser())
    # in English no text is left in Chinese but the terms quoted beside their English
    assert [t for t in en if _chinese(t) and t not in HELP_EN.values()] == []
    assert not set(HELP_EN) - set(zh), "an English text whose Chinese is gone"


@pytest.mark.parametrize("args", [["--help"], ["new", "--help"], ["standings", "--help"], ["simulate", "--help"]])
def test_help_in_the_message_language(args):
    zh = run(*args, check_rc=0).out
    en = run(*args, lang="en", check_rc=0).out
    assert _chinese(zh)
    kept = ("定位编排", "编排记录", "场分", "局分", "淘汰赛")  # terms quoted, choices that are Chinese words
    rest = en
    for term in kept:
        rest = rest.replace(term, "")
    assert not _chinese(rest), rest
    if args == ["--help"]:
        assert "命令" in zh and "编排下一轮并保存" in zh
        assert "COMMAND" in en and "pair the next round and save" in en and "show the version" in en
