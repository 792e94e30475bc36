"""The 获奖名单 (prize winners, docs/prizes.md) as ``--json`` data and as
text lines, in the language passed in; the rows are
:func:`xlxq.core.prizes.prize_rows`, the same on the workbook's 获奖名单
sheet, the web site's prizes page and the 成绩册's prize section.
"""

from __future__ import annotations

from typing import Mapping, Optional

from xlxq.core.prizes import Awards, PlayerFacts, conditions_text, prize_header, prize_rows
from xlxq.i18n import Text
from xlxq.text import text_table

__all__ = ["prize_rows", "prizes_data", "prizes_lines", "prize_header"]


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
        out.append(t("prizes.condition-line", name=a.prize.name, condition=conditions_text(a.prize, lang)))
    return out
