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
        "rating_report.unofficial-rating-estimate-elo-formula",
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
    title = t("booklet.rating-estimate-unofficial")
    if event.settings.name:
        title += f"  {event.settings.name}"
    header = t("booklet.no-name-old-k-games-score-expected").split()
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
            "rating_report.rn-ro-k-w-we-we-1-1-10-d-400-k-table",
            text_options=k_table_text(options),
            options_cap=fmt(options.cap),
        )
    )
    if unrated:
        names = t("record_text.text-3").join(f"{p.no} {p.name}" for p in unrated)
        lines.append(t("rating_report.unrated-not-counted", names=names))
    return lines
