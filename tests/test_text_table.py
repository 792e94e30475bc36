"""The terminal tables (``xlxq pair``/``standings`` print them): a wide
character counts two columns, every other one; columns line up by that.
``display_width`` takes a fast path for ASCII, checked here against the
plain definition over samples of every plane."""

from __future__ import annotations

import random
import unicodedata

from xlxq.text import display_width, text_table


def plain_width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in s)


def test_display_width_is_the_plain_definition() -> None:
    rng = random.Random(7)
    points = [0x20, 0x7E, 0xA0, 0x10FF, 0x1100, 0x115F, 0x1160, 0x3000, 0x4E00, 0xFF01, 0xFF61, 0x1F600, 0x20000]
    alphabet = [chr(c) for c in points] + [chr(rng.randrange(0x20, 0x30000)) for _ in range(3000)]
    alphabet = [c for c in alphabet if not 0xD800 <= ord(c) <= 0xDFFF]
    for _ in range(3000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 9)))
        assert display_width(s) == plain_width(s), repr(s)
    assert [display_width(s) for s in ("", "abc", "张三", "Ａ1", "ｱ", "한")] == [0, 3, 4, 3, 1, 2]


def test_text_table_aligns_by_display_width() -> None:
    lines = text_table(["台次", "红方", "分"], [[1, "张三", 2], [10, "Li Si", None]], right=[True, False, True])
    assert lines == ["台次  红方   分", "   1  张三    2", "  10  Li Si"]
    assert len({display_width(line.rstrip()) for line in lines[:2]}) == 1
