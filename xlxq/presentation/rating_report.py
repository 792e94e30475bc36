"""The 等级分 report (UNOFFICIAL Elo, :mod:`xlxq.core.rating`) of an event,
as ``--json`` data and as text lines: ``xlxq rating FILE`` and the web
page (:mod:`xlxq.operations.publish`).  Pure: nothing is printed or read.

Every rendering carries the label :func:`unofficial_note`: no CXA formula is
public (rules-research.md §5), this is an estimate, not the association's
rating.
"""

from __future__ import annotations

from typing import Any

from xlxq.core.rating import RatingOptions, event_rating_rows
from xlxq.i18n import Text
from xlxq.text import fmt, num, text_table

__all__ = ["unofficial_note", "rating_data", "rating_lines", "k_table_text"]


def unofficial_note(lang: str) -> str:
    return Text(lang)(
        "非官方等级分估算（Elo 公式，中国象棋协会未公布其计算方法），仅供参考",
        "unofficial rating estimate (Elo formula; the CXA has not published its method), for reference only",
    )


def k_table_text(options: RatingOptions) -> str:
    """``0:20,2400:10``: the K table as it is given on the command line."""
    return ",".join(f"{fmt(at)}:{fmt(k)}" for at, k in options.k_table)


def rating_data(event: Any, options: RatingOptions, lang: str) -> dict:
    """``xlxq rating --json``."""
    rows = event_rating_rows(event, options)
    return {
        "unofficial": True,
        "note": unofficial_note(lang),
        "formula": "Rn = Ro + K*(W - We), We = 1/(1+10^(-D/400))",
        "k_table": [[num(at), num(k)] for at, k in options.k_table],
        "cap": num(options.cap),
        "players": [
            {
                "name": event.player(r.no).name,
                **{k: num(v) if isinstance(v, float) else v for k, v in r.to_dict().items()},
            }
            for r in rows
        ],
        "unrated": [p.no for p in event.players if p.rating is None],
    }


def rating_lines(event: Any, options: RatingOptions, lang: str) -> list[str]:
    """The report as a text table."""
    t = Text(lang)
    rows = event_rating_rows(event, options)
    title = t("等级分估算（非官方）", "Rating estimate (unofficial)")
    if event.settings.name:
        title += f"  {event.settings.name}"
    header = t(
        "序号 姓名 原等级分 K 局数 得分 期望得分 变化 新等级分", "No Name Old K Games Score Expected Change New"
    ).split()
    table = [
        [
            r.no,
            event.player(r.no).name,
            fmt(r.old),
            fmt(r.k),
            len(r.games),
            fmt(r.score),
            f"{r.expected:.2f}",
            f"{r.change:+.1f}",
            f"{r.new:.1f}",
        ]
        for r in rows
    ]
    unrated = [p for p in event.players if p.rating is None]
    lines = [title, *text_table(header, table, [True, False] + [True] * 7)]
    lines.append(unofficial_note(lang))
    lines.append(
        t(
            f"Rn = Ro + K·(W − We)，We = 1/(1+10^(−D/400))；K 值表 {k_table_text(options)}（起点:K），"
            f"等级分差 D 上限 ±{fmt(options.cap)}；轮空、弃权与未完成的对局不计",
            f"Rn = Ro + K·(W − We), We = 1/(1+10^(−D/400)); K table {k_table_text(options)} (from:K), "
            f"difference D capped at ±{fmt(options.cap)}; byes, forfeits and unfinished games not counted",
        )
    )
    if unrated:
        names = t("、", ", ").join(f"{p.no} {p.name}" for p in unrated)
        lines.append(t(f"无等级分（未计）：{names}", f"unrated (not counted): {names}"))
    return lines
