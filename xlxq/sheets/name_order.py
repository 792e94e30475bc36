"""The order of the 编排记录公告's name index: 姓名拼音 (Hanyu Pinyin), the
order a player who knows his own name finds it in at once, and the order
of a Chinese dictionary's pinyin index; 笔画 (stroke count) order needs the
strokes of each character, which a player does not know by heart for his
neighbours' names, and no well-kept library gives the strokes.

Each name reads as a sequence of syllables: a Chinese character by its
pinyin (:mod:`pypinyin`), its first character(s) read as a SURNAME
(:data:`SURNAMES`: 单 Shàn, 曾 Zēng, 解 Xiè …, where the common reading
differs: pypinyin 0.55 has no surname mode, its phrase table gives the
ordinary word's reading); a run of Latin letters or digits as one
syllable, lower case, so that a Latin name sorts among the pinyin by its
letters.  Names compare syllable by syllable by their letters (ü after u:
pypinyin writes it v); equal letters, by the tones (1–4, the neutral tone 5
last), then by 序号.

Lazy imports: pypinyin (its dictionaries cost 0.1–0.25 s to import,
measured on this shared machine) is imported inside :func:`syllables`,
only when an index is made: no other command pays for it.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Callable, Iterable, TypeVar

from xlxq.errors import InputError
from xlxq.i18n import Msg

__all__ = ["SURNAMES", "syllables", "name_key", "sort_names"]

T = TypeVar("T")

#: Surnames read otherwise than the character's common reading (TONE3:
#: letters then tone; pypinyin writes ü as v).  Compound surnames first
#: (the longest match wins).  Sources: 《现代汉语词典》 surname readings,
#: 《百家姓》.
SURNAMES: dict[str, tuple[str, ...]] = {
    "尉迟": ("yu4", "chi2"),
    "万俟": ("mo4", "qi2"),
    "单于": ("chan2", "yu2"),
    "长孙": ("zhang3", "sun1"),
    "单": ("shan4",),
    "曾": ("zeng1",),
    "解": ("xie4",),
    "仇": ("qiu2",),
    "朴": ("piao2",),
    "区": ("ou1",),
    "查": ("zha1",),
    "盖": ("ge3",),
    "葛": ("ge3",),
    "覃": ("qin2",),
    "翟": ("zhai2",),
    "缪": ("miao4",),
    "任": ("ren2",),
    "折": ("she2",),
    "繁": ("po2",),
    "秘": ("bi4",),
    "种": ("chong2",),
    "员": ("yun4",),
    "宓": ("fu2",),
    "华": ("hua4",),
    "纪": ("ji3",),
    "过": ("guo1",),
    "召": ("shao4",),
    "隗": ("wei3",),
    "黑": ("he4",),
    "燕": ("yan1",),
    "尉": ("wei4",),
    "乐": ("yue4",),
    "句": ("gou1",),
    "冼": ("xian3",),
    "谌": ("chen2",),
    "逄": ("pang2",),
    "阚": ("kan4",),
    "那": ("na1",),
    "眭": ("sui1",),
    "莘": ("shen1",),
    "蕃": ("pi2",),
}

_LONGEST = max(len(k) for k in SURNAMES)
_WORD = re.compile(r"[0-9a-z]+")


def _is_cjk(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\U00020000" <= ch <= "\U0002ffff"


def syllables(name: str) -> list[str]:
    """The syllables of ``name`` (TONE3: ``shan4``; a Latin word as it is,
    lower case), its surname read as a surname."""
    try:
        from pypinyin import Style, lazy_pinyin
    except ImportError:  # xlwings Lite without it in requirements.txt
        raise InputError(
            Msg("name_order.the-name-index-needs-pypinyin-pip"),
        ) from None

    text = unicodedata.normalize("NFKC", str(name)).strip()
    out: list[str] = []
    for k in range(min(_LONGEST, len(text)), 0, -1):
        head = text[:k]
        if head in SURNAMES:
            out.extend(SURNAMES[head])
            text = text[k:]
            break
    run: list[str] = []

    def flush() -> None:
        if run:
            out.extend(lazy_pinyin("".join(run), style=Style.TONE3, neutral_tone_with_five=True))
            run.clear()

    rest = text.lower()
    i = 0
    while i < len(rest):
        ch = rest[i]
        if _is_cjk(ch):
            run.append(ch)
            i += 1
            continue
        flush()
        m = _WORD.match(rest, i)
        if m:
            out.append(m.group(0))
            i = m.end()
        else:
            i += 1  # spaces, dots, the middle dot of a transcribed name
    flush()
    return out


def _split(syl: str) -> tuple[str, int]:
    """(letters, tone): ``shan4`` → ("shan", 4); a Latin word has tone 0."""
    if syl and syl[-1] in "12345" and not syl[:-1].isdigit():
        return syl[:-1], int(syl[-1])
    return syl, 0


def name_key(name: str, no: int = 0) -> tuple[Any, ...]:
    """The sort key of a name: its syllables' letters, then their tones,
    then ``no`` (序号)."""
    parts = [_split(s) for s in syllables(name)]
    return (tuple(p[0] for p in parts), tuple(p[1] for p in parts), no)


def sort_names(items: Iterable[T], name: Callable[[T], str], no: Callable[[T], int]) -> list[T]:
    """``items`` in 姓名拼音 order (:func:`name_key`)."""
    return sorted(items, key=lambda x: name_key(name(x), no(x)))
