"""Looks shared by the program's sheets: a table's widths, borders and
print setup (:func:`table_looks`, :func:`standings_looks`) and a 设置 sheet's
(:func:`settings_looks`), for the individual and the team workbook.
"""

from __future__ import annotations

from typing import Optional

from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.plan import PageSetup, SheetLook, Style
from xlxq.text import display_width


def write_head(
    canvas: Canvas, name: str, table: L.TableLayout, lang: str, title: str, header: Optional[list[str]] = None
) -> None:
    """The title and the header row of ``table`` on sheet ``name``
    (``header``: a standings table's, with its variable middle)."""
    canvas.set(name, table.title_row, 1, title)
    canvas.set_row(name, table.header_row, 1, table.headers(lang) if header is None else header)


def layout_looks(
    canvas: Canvas, name: str, table: L.TableLayout, last: int, ncols: int = 0, widths: Optional[dict] = None
) -> None:
    """:func:`table_looks` of ``table`` (its widths, frozen panes and title
    size; ``ncols``, ``widths``: a table with a variable middle)."""
    ncols = ncols or len(table.columns) + len(table.tail)
    assert table.freeze is not None, table.kind
    table_looks(canvas, name, widths or table.widths(), ncols, last, table.freeze, table.title_size)


def table_looks(
    canvas: Canvas,
    name: str,
    widths: dict[int, float],
    ncols: int,
    last: int,
    freeze: tuple[int, int],
    title_size: int = 14,
) -> None:
    """The usual looks of a table of ``ncols`` columns under a title whose
    data end at row ``last``: header fill and style, widths, frozen panes,
    title style, borders."""
    plan = canvas.plan
    for c in range(1, ncols + 1):
        canvas.fill(name, L.HEADER_ROW, c, L.HEADER_FILL)
    plan.looks.append(SheetLook(name, widths, freeze=freeze))
    plan.styles.append(Style(name, L.TITLE_ROW, 1, bold=True, size=title_size))
    plan.styles.append(Style(name, L.HEADER_ROW, 1, 1, ncols, bold=True, border=True, align="center", wrap=True))
    if last >= L.FIRST_DATA_ROW:
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, 1, last - L.FIRST_DATA_ROW + 1, ncols, border=True))


def standings_looks(canvas: Canvas, name: str, table: L.TableLayout, nkeys: int, after: int, last: int) -> None:
    """Header fill, widths, borders and print setup of a standings table
    with ``nkeys`` tie-break and ``after`` round columns whose data end at
    row ``last``; columns 1–2 and from the table's ``centre_from`` on are
    centred."""
    plan = canvas.plan
    ncols = len(table.columns) + nkeys + after + len(table.tail)
    centre_from = table.centre_from
    layout_looks(canvas, name, table, last, ncols, table.standings_widths(nkeys, after))
    if last >= L.FIRST_DATA_ROW:
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, 1, last - L.FIRST_DATA_ROW + 1, 2, align="center"))
        plan.styles.append(
            Style(name, L.FIRST_DATA_ROW, centre_from, last - L.FIRST_DATA_ROW + 1, ncols - centre_from, align="center")
        )
    plan.page_setups.append(L.table_page(name, last, ncols, landscape=ncols > 12))


def settings_looks(canvas: Canvas, sname: str, last: int) -> None:
    """Header fill, widths, borders and print setup of a 设置 sheet whose
    rows end at ``last``."""
    plan = canvas.plan
    for j in range(1, 4):
        canvas.fill(sname, 2, j, L.HEADER_FILL)
    widths = L.SETTINGS_TABLE.widths()
    labels = [str(r[0]) for r in canvas.rows(sname)[2:] if r and r[0] not in (None, "")]
    widths[1] = max([widths[1], *(display_width(x) * 1.15 + 2 for x in labels)])  # English labels are longer
    plan.looks.append(SheetLook(sname, widths, freeze=(3, 1)))
    plan.styles += [
        Style(sname, 1, 1, bold=True, size=14),
        Style(sname, 2, 1, 1, 3, bold=True, border=True, align="center", wrap=True),
        Style(sname, 3, 1, last - 2, 3, border=True),
        Style(sname, 3, 3, last - 2, 1, wrap=True),
        Style(sname, 3, 1, last - 2, 2, align="left"),  # left, and centred upright beside a wrapped 说明
    ]
    plan.page_setups.append(
        PageSetup(sname, landscape=True, title_rows=(L.TITLE_ROW, L.HEADER_ROW), area=(1, 1, last, 3))
    )
