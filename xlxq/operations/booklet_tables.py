"""The tables the 成绩册's individual and team sections share
(:mod:`xlxq.operations.booklet`, :mod:`xlxq.operations.booklet_team`):
the scores after each round, the final order, the 名次计算顺序 sentence and
the 成绩表 by round (a row per entrant, a column per round)."""

from __future__ import annotations

from typing import Any

from xlxq.core.document import Table
from xlxq.i18n import Text
from xlxq.text import fmt as _fmt

__all__ = ["num", "running_scores", "order_note", "final_order", "by_round_table"]


def num(text: Any) -> float:
    try:
        return float(text)
    except (TypeError, ValueError):
        return 0.0


def running_scores(site: dict) -> dict[int, dict[int, str]]:
    """round → entrant → score after that round (the standings tables)."""
    key = "match_points" if site["kind"] == "team" else "score"
    return {
        tbl["round"]: {row["no"]: _fmt(row.get(key)) for row in tbl["standings"] if key in row}
        for tbl in site["tables"]
    }


def order_note(labels: list[str], lang: str) -> str:
    """名次计算顺序: every criterion of the settings, those without a column
    (比较前一轮成绩) included."""
    t = Text(lang)
    order = t("record_text.text-3").join(dict.fromkeys(labels))
    return t("booklet.ranking-order", order=order)


def final_order(site: dict, event: Any) -> list[int]:
    """The entrants in the final table's order (then the rest by number)."""
    rows = site["tables"][-1]["standings"] if site["tables"] else []
    seen = [r["no"] for r in rows]
    everyone = [tm.no for tm in event.teams] if site["kind"] == "team" else [p.no for p in event.players]
    return seen + sorted(set(everyone) - set(seen))


def by_round_table(
    event: Any, site: dict, cells: dict[int, dict[int, str]], heads: list[str], title: str, note: str, lang: str
) -> Table:
    """A 成绩表: a row per entrant in the final order (名次, number, name),
    a column per round of ``cells``."""
    t = Text(lang)
    rounds = [r["round"] for r in site["rounds"]]
    final = site["tables"][-1]["standings"] if site["tables"] else []
    rank = {r["no"]: _fmt(r.get("rank", r.get("place"))) for r in final}
    name = (lambda no: event.team(no).name) if site["kind"] == "team" else (lambda no: event.player(no).name)
    header = (*heads, *(t("booklet.r", n=n) for n in rounds))
    body = tuple(
        (rank.get(no, ""), str(no), name(no), *(cells[no].get(n, "") for n in rounds))
        for no in final_order(site, event)
    )
    return Table(title, header, body, (True, True, False, *([False] * len(rounds))), 3, note)
