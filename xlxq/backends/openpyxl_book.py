"""An .xlsx/.xlsm file as a :class:`xlxq.sheets.plan.Book` (openpyxl).

``OpenpyxlBook(path)`` loads the file once (the worksheets that are only
read left unbuilt: :mod:`xlxq.backends.lazy_sheets`); ``values(sheet)``
gives the used range from A1 (formula cells give Excel's cached value);
``apply(plan)`` applies every write of the plan, cosmetics included, then
saves the file atomically (a temporary file in the same folder, then
``os.replace``), so the file is either the old one or the new one; the
sheets the plan did not write to are copied byte for byte
(:mod:`xlxq.backends.partial_save`; ``partial=False``: every sheet built at
the load and written at the save, as openpyxl's own load and save), and the
plain sheets it writes to and the sheets it adds are written without
openpyxl's cell objects (:mod:`xlxq.backends.light_sheets`; ``light=False``:
as openpyxl cells, the tests compare the two).
Nothing is saved unless ``apply`` is called: an operation that fails leaves
the file's bytes as they were.

.xlsm files are loaded with ``keep_vba=True`` so the VBA project and its
buttons survive.  Plain pictures are kept (read back and written again by
openpyxl, with Pillow: the 编排公告's QR code, :func:`add_picture`);
openpyxl does not keep charts, shapes or form controls other than those;
docs/workbook.md lists what an arbiter should not put in the event workbook.

Lazy imports: openpyxl (about 100 ms; without numpy:
:func:`xlxq.backends.lazy_sheets.import_openpyxl`) is imported when a workbook is
opened or made: the Excel buttons reach this module through
:mod:`xlxq.operations.workbook` but work on Excel's own book and never load openpyxl.
"""

from __future__ import annotations

import os
import zipfile
from operator import itemgetter
from pathlib import Path
from typing import Any, Callable, Optional

from xlxq.backends.formulas import (
    StoredValues,
    formula_overwrite_error,
    is_formula,
    merged_write_error,
    no_value_error,
    restore_values,
    write_text,
)
from xlxq.backends.limits import MAX_NUMBER, cell_problem, check_sheet_size, check_workbook_zip, load_error
from xlxq.backends.lazy_sheets import PlainSheet, build, import_openpyxl, lazy_reader, settings_of
from xlxq.backends.light_sheets import LIGHT_TYPES, LightSheet
from xlxq.backends.partial_save import save_keeping
from xlxq.backends.safety import atomic_save
from xlxq.errors import InputError
from xlxq.sheets.cells import same_value
from xlxq.sheets.plan import PageSetup, Picture, Style, WritePlan
from xlxq.i18n import Msg

_PAPER = {"A4": 9, "A3": 8, "letter": 1}


def _rgb(colour: str) -> str:
    return "FF" + colour.lstrip("#").upper()


class OpenpyxlBook:
    """A workbook file read and written with openpyxl."""

    def __init__(self, path: str | os.PathLike, workbook: Any = None, partial: bool = True, light: bool = True):
        from xml.etree.ElementTree import ParseError

        import_openpyxl()
        from openpyxl.utils.exceptions import InvalidFileException

        self.path = Path(path)
        self._stored = StoredValues(self.path)
        #: the sheets left unbuilt at the load (their part's bytes and cells),
        #: the original bytes of the plain sheets, the sheets a plan wrote to
        self._unbuilt: dict[str, PlainSheet] = {}
        self._original: dict[str, bytes] = {}
        #: the part names of those sheets in the file
        self._members: dict[str, str] = {}
        #: the sheets written without openpyxl cells (xlxq/backends/light_sheets.py):
        #: the plain sheets a plan writes to, and the sheets it adds
        self._light: dict[str, LightSheet] = {}
        #: (``light`` False: as openpyxl cells, as before; the tests compare the two)
        self._partial = partial and light and workbook is None
        self._touched: set[str] = set()
        if workbook is not None:
            self.wb = workbook
            return
        if not self.path.exists():
            raise InputError(Msg("openpyxl_book.workbook-not-found", path=self.path))
        parts: dict[str, bytes] = {}
        check_workbook_zip(self.path, parts)
        try:
            reader = lazy_reader(self.path, self.path.suffix.lower() == ".xlsm", lazy=partial, parts=parts)
            reader.read()
            self.wb = reader.wb
            self._unbuilt = reader.unbuilt
            self._original = {name: plain.data for name, plain in self._unbuilt.items() if plain.keep}
            self._members = {name: plain.member for name, plain in self._unbuilt.items() if plain.keep}
        except (zipfile.BadZipFile, InvalidFileException, KeyError, ValueError, OSError, TypeError, IndexError) as exc:
            raise load_error(self.path, exc) from None
        except ParseError as exc:
            raise load_error(self.path, exc) from None

    @classmethod
    def new(cls, path: str | os.PathLike) -> "OpenpyxlBook":
        """An empty workbook (no sheets) that ``apply`` will save to ``path``."""
        import_openpyxl()
        from openpyxl import Workbook

        wb = Workbook()
        wb.remove(wb.active)
        return cls(path, workbook=wb)

    # -- reading -----------------------------------------------------------

    def sheet_names(self) -> list[str]:
        return list(self.wb.sheetnames)

    def values(self, sheet: str) -> list[list[Any]]:
        if sheet in self._unbuilt:
            plain = self._unbuilt[sheet]
            return self._plain_values(sheet, plain.cells, plain.max_row, plain.max_column)
        if sheet in self._light:
            cells = self._light[sheet].value_cells()
            height = max(cells)[0] if cells else 1
            width = max(map(itemgetter(1), cells)) if cells else 1
            return self._plain_values(sheet, cells, height, width)
        ws = self.wb[sheet]
        if not hasattr(ws, "iter_rows"):
            raise chart_sheet_error(sheet)
        check_sheet_size(sheet, ws.max_row, ws.max_column)
        rows: list[list[Any]] = []
        for r in ws.iter_rows():
            row = []
            for c in r:
                v = c.value
                if _suspect(v):
                    _refuse(sheet, v, c.row, c.column)
                if c.data_type == "f" or (
                    v is not None
                    and not isinstance(v, (str, int, float, bool))
                    and type(v).__name__ in ("ArrayFormula", "DataTableFormula")
                ):
                    has, v, _ = self._stored.stored(sheet, c.row, c.column)
                    if not has:
                        raise no_value_error(sheet, c)
                row.append(v)
            rows.append(row)
        _fill_merged_down(ws, rows)
        return _trimmed(rows)

    def merged_ranges(self, sheet: str) -> list[tuple[int, int, int, int]]:
        """The merged ranges of ``sheet`` (a sheet left unbuilt or light has
        none: a sheet with merged cells is built)."""
        if sheet in self._unbuilt or sheet in self._light or not hasattr(self.wb[sheet], "merged_cells"):
            return []  # (a chart sheet has no cells: ``values`` names it)
        return [(r.min_row, r.min_col, r.max_row, r.max_col) for r in self.wb[sheet].merged_cells.ranges]

    def _plain_values(
        self, sheet: str, cells: dict[tuple[int, int], Any], max_row: int, max_column: int
    ) -> list[list[Any]]:
        """The rows of a sheet left unbuilt or light (no formulas, no merged
        cells; ``cells``: the values by (row, column), the used range
        ``max_row`` × ``max_column``), checked as :meth:`values` checks a
        built one (the first bad cell in row order refused), trimmed as
        :func:`_trimmed` trims them."""
        check_sheet_size(sheet, max_row, max_column)
        filled = [(k, v) for k, v in cells.items() if v is not None]
        if not filled:
            return []
        bad = [k for k, v in filled if _suspect(v) and cell_problem(v) is not None]
        if bad:
            r, c = min(bad)
            _refuse(sheet, cells[(r, c)], r, c)
        keys = [k for k, _ in filled]
        height, width = max(keys)[0], max(map(itemgetter(1), keys))
        rows: list[list[Any]] = [[None] * width for _ in range(height)]
        for (r, c), v in filled:
            rows[r - 1][c - 1] = v
        return rows

    def _build(self, sheet: str, light: bool = False) -> None:
        """Build a sheet left unbuilt at the load (a plan writes to it):
        its cells as openpyxl cells, or (``light``) as a :class:`LightSheet`."""
        from xml.etree.ElementTree import ParseError

        got = self._unbuilt.pop(sheet, None)
        if got is None:
            return
        try:
            if light:
                settings_of(self.wb[sheet], got)
                self._light[sheet] = LightSheet(self.wb[sheet], got)
            else:
                build(self.wb[sheet], got)
        except (KeyError, ValueError, TypeError, IndexError, ParseError) as exc:
            raise load_error(self.path, exc) from None

    @staticmethod
    def _not_light(plan: WritePlan) -> set[str]:
        """The sheets the plan writes a value to of a kind a light sheet does
        not write itself (:data:`LIGHT_TYPES`: a date changes the number format)."""
        return {b.sheet for b in plan.values if any(type(v) not in LIGHT_TYPES for row in b.values for v in row)}

    def _restyle(self, ws: Any, row: int, col: int, rows: int, cols: int, change: Callable[[Any], None]) -> None:
        """``change(style)`` on the own StyleArray of every cell of a
        rectangle, row by row, the cells made as needed (``ws.cell()``; a
        light sheet: :meth:`LightSheet.restyle`)."""
        light = self._light.get(ws.title)
        if light is not None:
            light.restyle(row, col, rows, cols, change)
            return
        cells = ws._cells
        for r in range(row, row + rows):
            for c in range(col, col + cols):
                cell = cells.get((r, c))
                change(_sa(cell if cell is not None else ws.cell(row=r, column=c)))

    # -- writing -----------------------------------------------------------

    def apply(self, plan: WritePlan) -> None:
        self.apply_in_memory(plan)
        self.save()

    def apply_in_memory(self, plan: WritePlan) -> None:
        from openpyxl.cell.cell import Cell, MergedCell

        wb = self.wb
        setups = self._changing_setups(plan)
        touched = touched_sheets(plan, setups)
        odd = self._not_light(plan)
        for name in odd & set(self._light):
            self._light.pop(name).materialise()  # openpyxl's cells from now on
        for name in touched:
            self._build(name, light=self._partial and name not in odd)
        self._touched |= touched
        for a in plan.add_sheets:
            index = wb.sheetnames.index(a.after) + 1 if a.after in wb.sheetnames else None
            if a.replace and a.name in wb.sheetnames:  # made again: the old sheet's place
                index = wb.sheetnames.index(a.name)
                del wb[a.name]
                self._light.pop(a.name, None)
            ws = wb.create_sheet(a.name, index)
            if self._partial and a.name not in odd:
                self._light[a.name] = LightSheet(ws)
        scratch: Any = None  # an openpyxl cell that light sheets' text and number formats go through
        for nf in plan.number_formats:
            ws = wb[nf.sheet]
            light = self._light.get(nf.sheet)
            if light is not None:
                scratch = scratch or Cell(ws)
            for r in range(nf.row, nf.row + nf.rows):
                for c in range(nf.col, nf.col + nf.cols):
                    if light is not None:
                        light.number_format(r, c, nf.format, scratch)
                    else:
                        ws.cell(row=r, column=c).number_format = nf.format
        for block in plan.values:
            ws = wb[block.sheet]
            light = self._light.get(block.sheet)
            if light is not None:
                scratch = scratch or Cell(ws)
                light.write_block(block.row, block.col, block.values, scratch)
                continue
            cells = ws._cells
            for r, vals in enumerate(block.values, block.row):
                for c, v in enumerate(vals, block.col):
                    cell = cells.get((r, c))
                    if cell is None:
                        cell = ws.cell(row=r, column=c)
                    old_value = cell._value
                    if cell.data_type == "f" or (
                        old_value is not None and type(old_value) not in _PLAIN_TYPES and is_formula(cell)
                    ):
                        has, old, _ = self._stored.stored(block.sheet, cell.row, cell.column)
                        if has and same_value(old, v):
                            continue  # the formula's own value: the formula stays
                        raise formula_overwrite_error(block.sheet, cell, old, v)
                    if isinstance(cell, MergedCell):
                        raise merged_write_error(block.sheet, cell.row, cell.column)
                    t = type(v)
                    if t is int or t is float or v is None:
                        cell._value, cell.data_type = v, "n"  # what cell.value = v does, without its checks
                    elif t is bool:
                        cell._value, cell.data_type = v, "b"
                    elif t is str:
                        write_text(cell, v)  # literal text, never a formula
                    else:
                        cell.value = v
        styler = _Styler(wb)
        for f in plan.fills:
            fid = styler.fill_id(f.colour)

            def fill(style: Any, fid: int = fid) -> None:
                style.fillId = fid

            self._restyle(wb[f.sheet], f.row, f.col, f.rows, f.cols, fill)
        self._cosmetics(plan, styler, setups)
        for name in plan.remove_sheets:
            if name in wb.sheetnames:
                del wb[name]
            for state in (self._light, self._unbuilt, self._original, self._members):
                state.pop(name, None)  # a later save must not look for it

    def _changing_setups(self, plan: WritePlan) -> list[PageSetup]:
        """The plan's page setups but those that would change nothing on a
        sheet left unbuilt that the plan writes nothing else to (the print
        setup of 设置 and 报名表 follows their data on every write, and mostly
        stays as it was): such a sheet stays unbuilt and is saved as its
        original bytes."""
        if not any(p.sheet in self._unbuilt for p in plan.page_setups):
            return plan.page_setups
        others = touched_sheets(plan, [])
        return [
            p
            for p in plan.page_setups
            if p.sheet not in self._unbuilt
            or p.sheet in others
            or setup_changes(self.wb[p.sheet], self._unbuilt[p.sheet], p)
        ]

    def _cosmetics(self, plan: WritePlan, styler: "_Styler", setups: list[PageSetup]) -> None:
        from openpyxl.utils import get_column_letter
        from openpyxl.worksheet.datavalidation import DataValidation

        wb = self.wb
        for look in plan.looks:
            ws = wb[look.sheet]
            light = self._light.get(look.sheet)
            for col, width in look.widths.items():
                ws.column_dimensions[get_column_letter(col)].width = width
            if look.freeze:
                r, c = look.freeze
                if light is not None:
                    light.cell(r, c)  # ws.cell() makes the cell
                    ws.freeze_panes = f"{get_column_letter(c)}{r}"
                else:
                    ws.freeze_panes = ws.cell(row=r, column=c).coordinate
            if look.hidden:
                ws.sheet_state = "hidden"
            for row, height in look.heights.items():
                if light is not None:
                    light.heights[row] = height
                else:
                    ws.row_dimensions[row].height = height
        for st in plan.styles:
            font = bool(st.bold or st.size)
            border = styler.border_id() if st.border and st.rows > 0 and st.cols > 0 else None
            align = bool(st.align or st.wrap)

            def restyle(
                style: Any, st: Style = st, font: bool = font, border: Optional[int] = border, align: bool = align
            ) -> None:
                # style[0], [2], [5]: the StyleArray's fontId, borderId, alignmentId
                if font:
                    style[0] = styler.font_id(style[0], st.bold, st.size)
                if border is not None:
                    style[2] = border
                if align:
                    style[5] = styler.alignment_id(style[5], st.align, st.wrap)

            self._restyle(wb[st.sheet], st.row, st.col, st.rows, st.cols, restyle)
        for v in plan.validations:
            ws = wb[v.sheet]
            ref = f"{get_column_letter(v.col)}{v.row}:{get_column_letter(v.col + v.cols - 1)}{v.row + v.rows - 1}"
            formula = '"' + ",".join(v.choices) + '"'
            if any(str(dv.sqref) == ref and dv.formula1 == formula for dv in ws.data_validations.dataValidation):
                continue
            dv = DataValidation(
                type="list", formula1=formula, allow_blank=True, showErrorMessage=not v.allow_other, showDropDown=False
            )
            dv.add(ref)
            ws.add_data_validation(dv)
        for p in setups:
            apply_page_setup(wb[p.sheet], p)
        for pic in plan.pictures:
            add_picture(wb[pic.sheet], pic)

    def save(self, path: str | os.PathLike | None = None) -> None:
        """Write the workbook atomically (:func:`xlxq.backends.safety.atomic_save`),
        the stored values of its formulas kept (openpyxl drops them); the
        worksheets no plan wrote to copied from the file as they are
        (:mod:`xlxq.backends.partial_save`)."""

        for name in [n for n in self._unbuilt if n not in self._original]:
            self._build(name)  # shared strings: openpyxl writes it again, inline

        def write(tmp: str) -> None:
            keep = {name: data for name, data in self._original.items() if name not in self._touched}
            save_keeping(self.wb, tmp, keep, self.path, self._members, self._light)
            restore_values(tmp, self.wb, self._stored)

        target = Path(path) if path is not None else self.path
        atomic_save(target, write, workbook=True)
        self._stored.forget()
        if target == self.path:  # the file is now the workbook in memory
            for name in self._touched:
                self._original.pop(name, None)
            names = set(self.wb.sheetnames)
            self._original = {name: data for name, data in self._original.items() if name in names}
            self._members = {name: self.wb[name].path[1:] for name in self._original}  # renumbered by tab position
            self._touched = set()


def _trimmed(rows: list[list[Any]]) -> list[list[Any]]:
    """The rows without the empty rows at the end and the empty columns on the right."""
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((max((j + 1 for j, v in enumerate(r) if v is not None), default=0) for r in rows), default=0)
    return [r[:width] for r in rows]


def apply_page_setup(ws: Any, p: PageSetup) -> None:
    """Set the print setup ``p`` on the worksheet ``ws``."""
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.page import PageMargins
    from openpyxl.worksheet.pagebreak import Break, ColBreak, RowBreak
    from openpyxl.worksheet.properties import PageSetupProperties

    ws.page_setup.paperSize = _PAPER.get(p.paper, 9)
    ws.page_setup.orientation = "landscape" if p.landscape else "portrait"
    ws.sheet_properties.pageSetUpPr = PageSetupProperties(
        fitToPage=p.scale is None and bool(p.fit_width or p.fit_height)
    )
    ws.page_setup.fitToWidth = p.fit_width
    ws.page_setup.fitToHeight = p.fit_height
    if p.scale is not None:
        ws.page_setup.scale = p.scale
    if p.title_rows:
        ws.print_title_rows = f"{p.title_rows[0]}:{p.title_rows[1]}"
    if p.area:
        r1, c1, r2, c2 = p.area
        ws.print_area = f"{get_column_letter(c1)}{r1}:{get_column_letter(c2)}{r2}"
    ws.print_options.horizontalCentered = p.centre
    if p.footer is not None:
        ws.oddFooter.center.text = p.footer or None
    for part, text in (
        (ws.oddHeader.left, p.header_left),
        (ws.oddHeader.center, p.header_centre),
        (ws.oddHeader.right, p.header_right),
        (ws.oddFooter.left, p.footer_left),
        (ws.oddFooter.right, p.footer_right),
    ):
        if text is not None:
            part.text = text or None
    if p.breaks:
        ws.row_breaks = RowBreak()
        for row in p.breaks:
            ws.row_breaks.append(Break(id=row))
    # the columns repeated and the column breaks of a wide table: set, or
    # cleared (the table narrow again fits one page wide)
    if p.title_cols:
        ws.print_title_cols = f"{get_column_letter(p.title_cols[0])}:{get_column_letter(p.title_cols[1])}"
    elif ws.print_title_cols:
        ws._print_cols = None  # (openpyxl's setter does not take None)
    if p.col_breaks or ws.col_breaks.brk:
        ws.col_breaks = ColBreak()
        for col in p.col_breaks:
            ws.col_breaks.append(Break(id=col))
    if p.margins:
        left, right, top, bottom = p.margins
        ws.page_margins = PageMargins(left=left, right=right, top=top, bottom=bottom)


def setup_changes(ws: Any, plain: PlainSheet, p: PageSetup) -> bool:
    """Whether the page setup ``p`` changes the print setup of the unbuilt
    worksheet ``ws`` (its part ``plain``): ``p`` is set on a copy of the
    part's settings (its cells left out), and what would be written of
    them compared before and after."""
    from openpyxl.worksheet.worksheet import Worksheet
    from openpyxl.xml.functions import tostring

    shell = Worksheet(ws.parent)  # not one of the workbook's sheets
    settings_of(shell, plain)
    # the print area and titles are the workbook's defined names, on ws
    shell.print_area, shell.print_title_rows, shell.print_title_cols = (
        ws.print_area,
        ws.print_title_rows,
        ws.print_title_cols,
    )

    def written() -> tuple[Any, ...]:
        parts = (shell.sheet_properties, shell.print_options, shell.page_margins, shell.page_setup, shell.HeaderFooter)
        trees = tuple(tostring(t) if (t := part.to_tree()) is not None else None for part in parts)
        breaks = (tuple(b.id for b in shell.row_breaks.brk), tuple(b.id for b in shell.col_breaks.brk))
        return (*trees, breaks, shell.print_area, shell.print_title_rows, shell.print_title_cols)

    before = written()
    apply_page_setup(shell, p)
    return written() != before


def add_picture(ws: Any, pic: Picture) -> None:
    """``pic`` on ``ws``, anchored at its cell (moved with the cell's row
    and column, not resized); openpyxl reads it back at the next load and
    writes it again at every save (Pillow: :class:`xlxq.backends.lazy_sheets._LazyPillow`)."""
    from io import BytesIO

    from openpyxl.drawing.image import Image
    from openpyxl.drawing.spreadsheet_drawing import AnchorMarker, OneCellAnchor
    from openpyxl.drawing.xdr import XDRPositiveSize2D
    from openpyxl.utils.units import pixels_to_EMU

    img = Image(BytesIO(pic.png))
    px = 96 / 72  # points to pixels
    img.width, img.height = round(pic.width * px), round(pic.height * px)
    marker = AnchorMarker(
        col=pic.col - 1,
        colOff=pixels_to_EMU(round(pic.dx * px)),
        row=pic.row - 1,
        rowOff=pixels_to_EMU(round(pic.dy * px)),
    )
    size = XDRPositiveSize2D(pixels_to_EMU(img.width), pixels_to_EMU(img.height))
    img.anchor = OneCellAnchor(_from=marker, ext=size)
    ws.add_image(img)


def touched_sheets(plan: WritePlan, setups: Optional[list[PageSetup]] = None) -> set[str]:
    """Every sheet a plan adds or writes anything to (``setups``: the page
    setups that count, else the plan's)."""
    touched = {a.name for a in plan.add_sheets}
    for ops in (
        plan.number_formats,
        plan.values,
        plan.fills,
        plan.looks,
        plan.styles,
        plan.validations,
        plan.page_setups if setups is None else setups,
        plan.pictures,
    ):
        touched.update(op.sheet for op in ops)
    return touched


#: the types of a cell's value that are never a formula (:func:`is_formula`)
_PLAIN_TYPES = frozenset((str, int, float, bool))


def _suspect(v: Any) -> bool:
    """Whether a cell's value needs :func:`cell_problem` (short printable
    text, booleans and numbers within ±MAX_NUMBER never do: the check is
    skipped for speed)."""
    t = type(v)
    if t is str:
        return len(v) > 100 or not v.isprintable()
    if t is int or t is float:
        return not -MAX_NUMBER <= v <= MAX_NUMBER  # NaN too
    return v is not None and t is not bool


def _refuse(sheet: str, v: Any, row: int, col: int) -> None:
    """The error of a cell whose value :func:`cell_problem` refuses."""
    problem = cell_problem(v)
    if problem is not None:
        from openpyxl.utils import get_column_letter

        raise _cell_error(sheet, f"{get_column_letter(col)}{row}", row, problem)


def _cell_error(sheet: str, coord: str, row: int, problem: Msg) -> InputError:
    return InputError(
        Msg("openpyxl_book.sheet", sheet=sheet, coord=coord, problem=problem),
        sheet=sheet,
        row=row,
        cell=coord,
    )


def chart_sheet_error(sheet: str) -> InputError:
    """A chart sheet where xlxq reads a table (named 第4轮, 报名表 …)."""
    return InputError(
        Msg("openpyxl_book.is-a-chart-sheet-without-cells-xlxq", sheet=sheet),
        sheet=sheet,
    )


def _fill_merged_down(ws: Any, rows: list[list[Any]]) -> None:
    """A cell merged down a column (a club written once for the players
    below it) reads as the merged value on every row of the merge."""
    for rng in ws.merged_cells.ranges:
        if rng.min_col != rng.max_col or rng.min_row == rng.max_row or rng.min_row > len(rows):
            continue
        col = rng.min_col - 1
        top = rows[rng.min_row - 1]
        value = top[col] if col < len(top) else None
        for r in range(rng.min_row + 1, min(rng.max_row, len(rows)) + 1):
            row = rows[r - 1]
            if col < len(row) and row[col] is None:
                row[col] = value


def _sa(cell: Any) -> Any:
    """The cell's StyleArray (created when the cell has none yet)."""
    if not getattr(cell, "_style", None):
        from openpyxl.styles.cell_style import StyleArray

        cell._style = StyleArray()
    return cell._style


class _Styler:
    """Style ids for the workbook's style tables, computed once per
    distinct style (assigning style objects cell by cell is slow in
    openpyxl: every assignment hashes the whole object).  The methods are
    called for every cell: they import openpyxl's style classes only when
    they make a new style (an import statement costs a lookup per call)."""

    def __init__(self, wb: Any):
        self.wb = wb
        self._fills: dict[Optional[str], int] = {}
        self._fonts: dict[tuple, int] = {}
        self._aligns: dict[tuple, int] = {}
        self._border: Optional[int] = None

    def fill_id(self, colour: Optional[str]) -> int:
        if colour not in self._fills:
            from openpyxl.styles import PatternFill

            fill = (
                PatternFill(fill_type="solid", fgColor=_rgb(colour), bgColor=_rgb(colour))
                if colour
                else PatternFill(fill_type=None)
            )
            self._fills[colour] = self.wb._fills.add(fill)
        return self._fills[colour]

    def font_id(self, old: int, bold: bool, size: Optional[float]) -> int:
        key = (old, bold, size)
        if key not in self._fonts:
            from openpyxl.styles import Font

            f = self.wb._fonts[old]
            self._fonts[key] = self.wb._fonts.add(
                Font(
                    name=f.name,
                    size=size or f.sz,
                    bold=bold or f.b,
                    italic=f.i,
                    color=f.color,
                    family=f.family,
                    scheme=f.scheme,
                    charset=f.charset,
                )
            )
        return self._fonts[key]

    def alignment_id(self, old: int, align: Optional[str], wrap: bool) -> int:
        key = (old, align, wrap)
        if key not in self._aligns:
            from openpyxl.styles import Alignment

            a = self.wb._alignments[old]
            self._aligns[key] = self.wb._alignments.add(
                Alignment(horizontal=align or a.horizontal, vertical="center", wrap_text=wrap or a.wrap_text)
            )
        return self._aligns[key]

    def border_id(self) -> int:
        if self._border is None:
            from openpyxl.styles import Border, Side

            thin = Side(style="thin", color="FF808080")
            self._border = self.wb._borders.add(Border(left=thin, right=thin, top=thin, bottom=thin))
        return self._border


__all__ = ["OpenpyxlBook", "touched_sheets"]
