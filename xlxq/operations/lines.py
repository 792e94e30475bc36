"""The small pieces every operation's text uses: :class:`Lines` (collects
the lines of a rendering), the plan's warnings of a Swiss and the round-1
note on an odd field, in a ``lang``."""

from __future__ import annotations

from xlxq.core.checks import odd_field_note, round_count_warnings
from xlxq.core.knockout import build_bracket
from xlxq.i18n import Text
from xlxq.report import who

__all__ = ["Lines", "plan_warnings", "round1_lines", "ko_first_round_lines"]


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
