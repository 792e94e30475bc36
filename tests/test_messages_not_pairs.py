"""The core, systems, sheets and backends messages that carried a (zh, en)
``Pair`` argument are messages made of messages (issue 23 §2): a further
language (the pseudo-language ``qps`` of tests/test_pseudo_language.py)
renders each from its own catalogue, 繁體 renders 繁體 where the pair gave
简体, and 简体 and English read as before."""

from __future__ import annotations

import re
from typing import Iterator

import pytest

from tests.test_pseudo_language import CODE, pseudo_messages
from xlxq.errors import InputError
from xlxq.i18n import Msg, register_language, unregister_language

# a letter outside the ⟦…⟧ markers: text that did not come from the catalogue
OUTSIDE = re.compile(r"(?:^|⟧)([^⟦]*)")


@pytest.fixture
def qps() -> Iterator[str]:
    register_language(CODE, "qps-ploc", prefixes=("qps",), messages=pseudo_messages())
    try:
        yield CODE
    finally:
        unregister_language(CODE)


def outside(text: str) -> str:
    """What a pseudo-language text says outside its markers (nested
    markers flattened)."""
    depth, out = 0, []
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def texts(msg: object) -> dict[str, str]:
    render = getattr(msg, "render", None) or getattr(msg, "message")
    return {lang: render(lang) for lang in ("zh", "en", "zh-Hant")}


def test_absent_round_beyond_the_rounds(qps):
    from xlxq.core.model import absent_beyond

    m = absent_beyond(12, 9, "张三", 7)
    assert texts(m) == {
        "zh": "张三（7号）的请假轮次 12 超出计划的9轮：请改正请假轮次，或先增加轮数",
        "en": "张三 (no 7): absent round 12 is beyond the 9 rounds planned: correct it, or raise the number of rounds first",
        "zh-Hant": "张三（7號）的請假輪次 12 超出計劃的9輪：請改正請假輪次，或先增加輪數",
    }
    assert m.render(qps).startswith("⟦⟦张三 (no 7)⟧: absent round 12")
