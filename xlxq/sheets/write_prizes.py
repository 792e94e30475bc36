"""The 获奖名单 sheet (prize winners, docs/prizes.md): rewritten whole by
计算成绩 when 设置 has a prize table (the row 兼得 and the block 奖项 |
名额 | 条件), after the standings sheet; the winners by the standings the
same recompute wrote (:func:`xlxq.core.prizes.event_awards`).  A workbook
without a prize table gets no such sheet (and one left from before is left
alone).

Lazy imports: the prize code (``core.prizes``) only for an event with a
prize table, so that a click on an event without one does not import it.
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.model import Event
from xlxq.i18n import tr
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.data import WorkbookData
from xlxq.sheets.formats import program_sheet, write_table

__all__ = ["write_prizes"]


def write_prizes(canvas: Canvas, data: WorkbookData, event: Event, rows: list[Any]) -> Optional[str]:
    """The 获奖名单 sheet of ``event`` by its standings ``rows``; its name
    (None: no prize table, nothing written)."""
    if event.settings.prizes is None:
        return None
    from xlxq.core.prizes import conditions_text, event_awards, prize_header, prize_rows

    awards = event_awards(event, rows)
    if awards is None:
        return None
    lang = data.lang
    name = program_sheet(canvas, data, L.PRIZES, data.sheets.get(L.RATING) or data.standings_sheet)
    players = {p.no: p for p in event.players}
    table = prize_rows(awards, players, lang)
    widths = {1: 16, 2: 6, 3: 6, 4: 12, 5: 18, 6: 8}
    title = L.titled(event.settings.name, tr(lang, "prizes.title"))
    write_table(
        canvas, name, title, prize_header(lang), table, widths, freeze=(L.FIRST_DATA_ROW, 1), center_cols=(2, 3, 6)
    )
    notes = [tr(lang, "prizes.double-yes" if awards.double else "prizes.double-no"), tr(lang, "prizes.ties")]
    for a in awards.awards:
        notes.append(tr(lang, "prizes.condition-line", name=a.prize.name, condition=conditions_text(a.prize, lang)))
    row = L.FIRST_DATA_ROW + len(table) + 1
    for i, text in enumerate(notes):
        canvas.set(name, row + i, 1, text)
    return name
