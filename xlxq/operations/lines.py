"""The small pieces every operation's text uses: :class:`Lines` (collects
the lines of a rendering), the plan's warnings of a Swiss and the round-1
note on an odd field, in a ``lang``."""

from __future__ import annotations

from typing import Iterable

from xlxq.core.checks import odd_field_note, round_count_warnings
from xlxq.core.knockout import build_bracket
from xlxq.core.rr_standings import RR
from xlxq.core.standings import SWISS
from xlxq.core.team_tiebreaks import TEAM
from xlxq.i18n import Text
from xlxq.presentation.report import who
from xlxq.sheets.layout import TIEBREAK_PRESET_LABELS
from xlxq.sheets.team_layout import TEAM_TIEBREAK_PRESET_LABELS

__all__ = ["Lines", "plan_warnings", "round1_lines", "ko_first_round_lines", "tiebreak_words", "next_step"]


class Lines(list):
    """``echo = Lines(); echo(a, b)``: the lines, in order."""

    def __call__(self, *lines: str) -> None:
        self.extend(lines)


def plan_warnings(n: int, rounds: int, lang: str, team: bool = False) -> list[str]:
    """``警告：…`` lines on a Swiss of ``n`` players (teams) planned for
    ``rounds`` rounds (原则(二); more than the field can pair)."""
    txt = Text(lang)
    return [txt(f"警告：{zh}", f"warning: {en}") for zh, en in round_count_warnings(n, rounds, team)]


def round1_lines(n: int, rounds: int, lang: str, team: bool = False) -> list[str]:
    """What the round-1 message of a Swiss adds: the plan's warnings and an
    odd field's note (原则(一))."""
    txt = Text(lang)
    odd = odd_field_note(n, team)
    return plan_warnings(n, rounds, lang, team) + ([txt(f"说明：{odd[0]}", f"note: {odd[1]}")] if odd else [])


def ko_first_round_lines(event, lang: str) -> list[str]:
    """The first-round draw of a knockout: byes (to the seeds) and matches."""
    txt = Text(lang)
    br = build_bracket(event)
    lines = []
    byes = br.byes()
    if byes:
        lines.append(
            txt("首轮轮空（种子顺位在前者）：", "first-round byes (top of the seeding): ")
            + txt("、", ", ").join(who(event, no, lang) for no in byes)
        )
    pairs = [(m.top, m.bottom) for m in br.stages[0] if m.top is not None and m.bottom is not None]
    lines.append(
        txt("首轮对阵：", "first-round matches: ")
        + txt("；", "; ").join(f"{who(event, a, lang)} — {who(event, b, lang)}" for a, b in pairs)
    )
    return lines


def tiebreak_words(spec: Iterable[str], lang: str) -> str:
    """A tie-break list as the arbiter reads it (issue 10 §6: no internal
    keys in messages): a preset by its name in 设置 (格式一（场分优先）,
    对手分法（2011规则14.3.1）), a key by its label (对手分, 场分); anything else
    as written."""
    en = Text(lang).lang == "en"
    presets = {**TIEBREAK_PRESET_LABELS, **TEAM_TIEBREAK_PRESET_LABELS}
    words = []
    for item in spec:
        if item in presets:
            words.append(presets[item][1 if en else 0])
            continue
        for reg in (SWISS, RR, TEAM):
            labels = reg.labels_en if en else reg.labels_zh
            if item in labels:
                words.append(labels[item])
                break
        else:
            words.append(item)
    return (", " if en else "、").join(words)


def next_step(lang: str, schedule: bool = False) -> str:
    """What to do after ``xlxq new`` (issue 10 §6): pair round 1, or, for a
    round robin, schedule every round at once."""
    txt = Text(lang)
    if schedule:
        return txt(
            "下一步：xlxq schedule 一次生成全部轮次（或 xlxq pair 逐轮编排）",
            "next: xlxq schedule writes every round at once (or xlxq pair, one round at a time)",
        )
    return txt("下一步：xlxq pair 编排第1轮", "next: xlxq pair pairs round 1")
