"""The 获奖名单 (prize winners, docs/prizes.md) as ``--json`` data and as
text lines, in the language passed in: the rows every reader shows (the
CLI, the workbook's 获奖名单 sheet, the web site's prizes page, the 成绩册's
prize section).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from xlxq.core.prizes import Awards, PlayerFacts
from xlxq.i18n import Text
from xlxq.text import text_table
from xlxq.i18n import tr

__all__ = ["prize_rows", "prizes_data", "prizes_lines", "prize_header"]


def prize_rows(awards: Awards, players: Mapping[int, PlayerFacts], lang: str) -> list[list[Any]]:
    """One row a winner (奖项, 名次 in the category, 序号, 姓名, 单位, 总名次)
    and one a vacant place (空缺), category by category."""
    t = Text(lang)
    rows: list[list[Any]] = []
    for a in awards.awards:
        for place, (no, rank) in enumerate(a.winners, start=1):
            p = players[no]
            rows.append([a.prize.name, place, no, p.name, p.unit, rank])
        for k in range(a.vacant):
            rows.append([a.prize.name, len(a.winners) + k + 1, None, t("prizes.vacant"), "", None])
    return rows


def prize_header(lang: str) -> list[str]:
    t = Text(lang)
    return [t("prizes.prize"), t("prizes.place"), t("prizes.no"), t("prizes.name"), t("prizes.unit"), t("prizes.rank")]


def condition_text(prize: Any, lang: str) -> str:
    """A category's conditions in words (性别=女，出生年份>=2010); none: every player."""
    if not prize.conditions:
        return Text(lang)("prizes.every-player")
    return (tr(lang, "record_text.text-2")).join(c.text(lang) for c in prize.conditions)


def prizes_data(awards: Awards, players: Mapping[int, PlayerFacts], after: Optional[int], lang: str) -> dict:
    """``xlxq prizes --json``: each category (name, places, conditions as
    written, winners with their rank) and 兼得."""
    cats = []
    for a in awards.awards:
        cats.append(
            {
                "name": a.prize.name,
                "places": a.prize.places,
                "condition": a.prize.condition_text,
                "winners": [
                    {"place": i, "no": no, "name": players[no].name, "unit": players[no].unit, "rank": rank}
                    for i, (no, rank) in enumerate(a.winners, start=1)
                ],
                "vacant": a.vacant,
            }
        )
    return {"double": awards.double, "after_round": after, "prizes": cats}


def prizes_lines(
    awards: Awards, players: Mapping[int, PlayerFacts], after: Optional[int], final: bool, title: str, lang: str
) -> list[str]:
    """The 获奖名单 as text: a title, the rule (兼得 or not), the table, and
    each category's condition."""
    t = Text(lang)
    head = t("prizes.title") + (f"  {title}" if title else "")
    out = [head]
    if not final:
        out.append(t("prizes.not-final", n=after or 0))
    out.append(t("prizes.double-yes") if awards.double else t("prizes.double-no"))
    out += text_table(prize_header(lang), prize_rows(awards, players, lang), [False, True, True, False, False, True])
    out.append(t("prizes.conditions"))
    for a in awards.awards:
        out.append(t("prizes.condition-line", name=a.prize.name, condition=condition_text(a.prize, lang)))
    return out
