"""The 成绩册 as a print-ready workbook (openpyxl): a cover sheet, then a
sheet per section of the :class:`~xlxq.core.document.Document`, its tables
one under another (title, header, rows, note).

Print setup of every sheet: A4, fitted to one page wide (landscape when
the columns are wide; a one-table sheet too wide to print readably so,
the 31 × 9 成绩表, at the event workbook's readable size over several pages
with 名次/序号/姓名 repeated: :func:`xlxq.sheets.pages.readable_pages`),
the print area the data, the header row repeated
on every page (a sheet of one table: the standings, the 成绩表 …), the
event and the section in the page header, "第 &P 页 / 共 &N 页" in the
footer.  Numbers of the numeric columns are written as numbers.

Saved by :func:`~xlxq.backends.safety.atomic_save` (written whole or not
at all; a file open in Excel is refused with that reason).

Lazy imports: none (openpyxl is imported by the caller importing this
module only: ``xlxq report``, the button 成绩册).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.pagebreak import Break

from xlxq.backends.partial_save import save_whole
from xlxq.backends.formulas import write_text
from xlxq.backends.safety import atomic_save
from xlxq.core.document import Document, Paragraph, Section, Table
from xlxq.i18n import Text
from xlxq.text import display_width  # Excel's character units: a Chinese character two
from xlxq.sheets import layout as L
from xlxq.sheets.pages import MAX_ROW_POINTS, readable_pages, text_lines
from xlxq.sheets.plan import PageSetup, SheetLook, WritePlan

__all__ = ["write_xlsx", "LANDSCAPE_AT"]

#: a sheet whose columns are wider than this (characters) prints landscape
LANDSCAPE_AT = 110
THIN = Side(style="thin", color="808080")
BOX = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
HEAD_FILL = PatternFill("solid", fgColor="E1E1E1")
BAD_SHEET_CHARS = str.maketrans({c: "_" for c in "[]:*?/\\"})


def _value(text: str, numeric: bool) -> Any:
    if not numeric or text == "":
        return text
    try:
        f = float(text)
    except ValueError:
        return text
    return int(f) if f.is_integer() and "." not in text else f


def _put(ws: Any, row: int, col: int, value: Any = None) -> Any:
    """The cell (``row``, ``col``) holding ``value``: a text as text
    (:func:`~xlxq.backends.formulas.write_text`: a name typed ``=HYPERLINK(…)``
    is never a live formula), a number as a number."""
    cell = ws.cell(row=row, column=col)
    if isinstance(value, str):
        write_text(cell, value)
    elif value is not None:
        cell.value = value
    return cell


def _page(ws: Any, doc: Document, title: str, landscape: bool, last_col: int, last_row: int) -> None:
    t = Text(doc.lang)
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.orientation = "landscape" if landscape else "portrait"
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.horizontalCentered = True
    ws.page_margins.left = ws.page_margins.right = 0.5
    ws.page_margins.top = ws.page_margins.bottom = 0.7
    ws.oddHeader.left.text = doc.name
    ws.oddHeader.right.text = title
    ws.oddFooter.center.text = t("xlsx.page-p-of-n")
    if doc.generated:  # 更新于 …, as the site's footer
        ws.oddFooter.right.text = t("site.updated-at", time=doc.generated)
    ws.print_area = f"A1:{get_column_letter(max(last_col, 1))}{max(last_row, 1)}"


def _cover(wb: Any, doc: Document) -> None:
    ws = wb.active
    ws.title = Text(doc.lang)("xlsx.cover")
    c = doc.cover
    ws.column_dimensions["A"].width = 18
    ws.column_dimensions["B"].width = 50
    _put(ws, 2, 1, c.event).font = Font(size=20, bold=True)
    _put(ws, 3, 1, c.title).font = Font(size=16)
    # rows as tall as their type: LibreOffice keeps the default 15 pt and
    # prints the 20 pt title over the next row (the render test caught it)
    ws.row_dimensions[2].height = 30
    ws.row_dimensions[3].height = 24
    row = 5
    for label, value in c.facts:
        _put(ws, row, 1, label).font = Font(bold=True)
        _put(ws, row, 2, value)
        row += 1
    row += 2
    for label in c.signatures:
        _put(ws, row, 1, label).font = Font(bold=True)
        ws.cell(row=row, column=2).border = Border(bottom=THIN)
        row += 2
    if doc.generated:
        _put(ws, row, 1, Text(doc.lang)("site.updated-at", time=doc.generated))
    _page(ws, doc, c.title, False, 2, row)


def _table(ws: Any, table: Table, row: int, widths: dict[int, int]) -> tuple[int, int]:
    """Write ``table`` from ``row``; the header's row and the next free row."""
    _put(ws, row, 1, table.title).font = Font(bold=True, size=12)
    head = row + 1
    for c, text in enumerate(table.header, start=1):
        cell = _put(ws, head, c, text)
        cell.font = Font(bold=True)
        cell.fill = HEAD_FILL
        cell.border = BOX
        cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
        widths[c] = max(widths.get(c, 0), display_width(text))
    right = Alignment(horizontal="right", vertical="top")
    left = Alignment(horizontal="left", vertical="top", wrap_text=True)
    r = head
    for r, values in enumerate(table.rows, start=head + 1):
        for c, text in enumerate(values, start=1):
            num = table.right(c - 1)
            cell = _put(ws, r, c, _value(text, num))
            cell.border = BOX
            cell.alignment = right if num else left
            widths[c] = max(widths.get(c, 0), display_width(text))
    r += 1
    if table.note:
        _put(ws, r, 1, table.note).font = Font(italic=True, size=9)
        r += 1
    return head, r + 1


def _wrapped_heights(ws: Any, widths: dict[int, int]) -> None:
    """Rows whose wrapped text takes several lines get the height for them:
    LibreOffice does not grow a row on open and prints the lines over the
    next row (the render test caught a knockout's list of games); at most
    Excel's tallest row, as the plans' rows (:func:`xlxq.sheets.pages.row_points`)."""
    for row in ws.iter_rows():
        lines = max(
            (
                text_lines(str(c.value), widths.get(c.column, 8))
                for c in row
                if c.value is not None
                and c.alignment.wrap_text
                and display_width(str(c.value)) > widths.get(c.column, 8) - 2  # its column was made for it: one line
            ),
            default=1,
        )
        if lines > 1:
            ws.row_dimensions[row[0].row].height = min(15 * lines, MAX_ROW_POINTS)  # Excel's tallest row


def _section(wb: Any, doc: Document, section: Section, names: set[str]) -> None:
    name = section.sheet.translate(BAD_SHEET_CHARS)[:31]
    base, k = name, 2
    while name in names:
        name = f"{base[:28]}({k})"
        k += 1
    names.add(name)
    ws = wb.create_sheet(name)
    widths: dict[int, int] = {}
    row, heads = 1, []
    for block in section.blocks:
        if isinstance(block, Paragraph):
            _put(ws, row, 1, block.text)
            row += 2
            continue
        head, row = _table(ws, block, row, widths)
        heads.append(head)
    for c, w in widths.items():
        ws.column_dimensions[get_column_letter(c)].width = min(max(w + 2, 5), 60)
    _wrapped_heights(ws, {c: min(max(w + 2, 5), 60) for c, w in widths.items()})
    ws.freeze_panes = None
    if len(heads) == 1:  # one table: its header on every page
        ws.print_title_rows = f"{heads[0]}:{heads[0]}"
    total = sum(min(max(w + 2, 5), 60) for w in widths.values())
    _page(ws, doc, section.title, total > LANDSCAPE_AT, max(widths) if widths else 1, row)
    if len(heads) == 1 and widths:
        table = next(b for b in section.blocks if isinstance(b, Table))
        _readable(ws, table, heads[0], {c: min(max(w + 2, 5), 60) for c, w in widths.items()}, row)


def _readable(ws: Any, table: Table, head: int, widths: dict[int, int], last_row: int) -> None:
    """A one-table sheet too wide for one page at a readable size (the
    31-player × 9-round 成绩表: about 6 pt fitted) printed as the event
    workbook prints it (:func:`xlxq.sheets.pages.readable_pages`): landscape
    when that is enough, else at its scale over several pages of whole
    columns, the identifying columns (名次, 序号, 姓名) repeated on each."""
    p = PageSetup(
        ws.title,
        landscape=ws.page_setup.orientation == "landscape",
        title_rows=(head, head),
        area=(1, 1, max(last_row, 1), max(widths)),
    )
    plan = WritePlan(looks=[SheetLook(ws.title, dict(widths))], page_setups=[p])
    header_rows: list[list[Any]] = [[] for _ in range(L.HEADER_ROW - 1)] + [list(table.header)]
    readable_pages(plan, lambda _sheet: header_rows)
    ws.page_setup.orientation = "landscape" if p.landscape else "portrait"
    if p.scale is None:
        return
    ws.sheet_properties.pageSetUpPr.fitToPage = False
    ws.page_setup.fitToWidth = ws.page_setup.fitToHeight = 0
    ws.page_setup.scale = p.scale
    if p.title_cols:
        ws.print_title_cols = f"{get_column_letter(p.title_cols[0])}:{get_column_letter(p.title_cols[1])}"
    for col in p.col_breaks:
        ws.col_breaks.append(Break(id=col))


def write_xlsx(doc: Document, out: Path) -> int:
    """Write ``doc`` as a workbook into ``out``; the sheets written."""
    wb = Workbook()
    _cover(wb, doc)
    names = {wb.active.title}
    for section in doc.sections:
        _section(wb, doc, section, names)
    atomic_save(out, lambda tmp: save_whole(wb, tmp), workbook=True)
    return len(wb.worksheets)
