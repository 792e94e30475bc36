"""An open Excel workbook as a :class:`xlxq.sheets.plan.Book` (xlwings).

``XlwingsBook(book)`` wraps an ``xw.Book``: the caller's workbook under
RunPython (COM, the production path), or a book of xlwings' *remote* engine
(``xw.Book(json=payload)``: xlwings Server / Lite, and the tests).  It mirrors
:class:`xlxq.backends.openpyxl_book.OpenpyxlBook`: the mapping layer sees the
same values from both.

Reading (``values``)
    One read per sheet: ``A1:<last cell of the used range>`` (the used range
    may start below or right of A1; Excel returns a scalar for one cell, so
    the read asks for ``ndim=2``).  Values are normalised like openpyxl's:
    whole floats become int (COM gives every number as a float), ``""``
    becomes None (the Office.js client sends empty cells as ``""``), cell
    errors stay strings such as ``"#N/A"``, dates stay ``datetime``; trailing
    empty rows and columns are cut.

Writing (``apply``)
    The plan's core items go through the calls the remote engine's VBA
    client implements (``xlwings/addin/Remote.bas``): ``sheets.add`` →
    ``addSheet``, ``range.number_format`` → ``setNumberFormat``,
    ``range.value`` → ``setValues``, ``range.color`` → ``setRangeColor``,
    ``sheet.activate`` → ``activateSheet``.  The cosmetics (column widths,
    freeze panes, hidden sheet, bold / size, borders, alignment, wrap,
    drop-down lists, page setup) are applied only over COM on Windows, with
    the Excel object model (``sheet.api``); on the remote engine they would
    produce ``setColumnWidth``, ``setFontProperty``, ``freezePaneAtRange``,
    ``setSheetVisibility``, ``setBorderProperty``, … which Remote.bas does
    not have (Excel would stop with "macro not found"), or raise
    NotImplementedError (alignment, data validation).  See docs/excel.md.

    Strings are written as text: a string Excel would turn into a formula,
    number, date, time or boolean gets a leading apostrophe (Excel's text
    prefix, not stored in the value), except in cells this plan formats as
    Text (``@``).

    On the remote engine a fill is removed by painting it white when the
    client is VBA / Office Scripts: their ``setRangeColor`` converts the
    colour with ``HexToRgb(String)`` and fails on null.

All or nothing
    On the remote engine nothing reaches Excel until Python returns the
    action list, so a failure drops the actions queued by ``apply``
    (:meth:`rollback`).  Over COM every call is immediate; on a failure the
    cells written so far are put back (their formulas/values were read
    before writing) and added sheets are deleted.  Fills and formats set
    before the failure stay (best effort).  The operations in
    :mod:`xlxq.operations.workbook` raise before ``apply`` for every input problem, so
    this only matters for Excel-side failures (a protected sheet, …).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import functools
import os
import re
import sys
import tempfile
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Iterator

from xlxq.sheets.layout import column_letter
from xlxq.sheets.plan import Picture, WritePlan

#: Actions the VBA client of the remote engine (xlwings 0.37.8
#: ``addin/Remote.bas``) implements; the Office Scripts client has the same.
VBA_CLIENT_ACTIONS = frozenset(
    """
activateSheet addHyperlink addPicture addSheet addTable alert copyRange deletePicture nameDelete namesAdd
rangeClear rangeClearContents rangeClearFormats rangeDelete rangeInsert rangeSelect resizeTable runMacro
setAutofit setNumberFormat setPictureHeight setPictureName setPictureWidth setRangeColor setRangeName
setSheetName setTableName setTableStyle setValues sheetClear sheetClearContents sheetClearFormats sheetDelete
showAutofilterTable showHeadersTable showTotalsTable updatePicture
""".split()
)

#: The actions this backend emits on the remote engine (a subset of the above).
REMOTE_ACTIONS_USED = frozenset(
    {
        "addSheet",
        "activateSheet",
        "setNumberFormat",
        "setValues",
        "setRangeColor",
        "sheetDelete",
        "setSheetName",
        "addPicture",
        "setPictureWidth",
        "setPictureHeight",
    }
)

# Excel constants (the Excel object model, used over COM only)
_XL_CONTINUOUS, _XL_THIN = 1, 2
_XL_HALIGN = {"left": -4131, "center": -4108, "right": -4152}
_XL_VCENTER = -4108
_XL_SHEET_HIDDEN = 0
_XL_VALIDATE_LIST, _XL_ALERT_STOP, _XL_BETWEEN = 3, 1, 1
_XL_LIST_SEPARATOR = 5  # Application.International(xlListSeparator)
_XL_PAPER = {"A4": 9, "A3": 8, "letter": 1}
_XL_PORTRAIT, _XL_LANDSCAPE = 1, 2
_XL_MOVE = 2  # XlPlacement.xlMove: a picture moves with its cells, keeps its size
_BORDER_GREY = 0x808080  # RGB(128, 128, 128), the openpyxl backend's FF808080

# --------------------------------------------------------------------------
# values
# --------------------------------------------------------------------------


def normalise(v: Any) -> Any:
    """A cell value as the openpyxl backend would give it."""
    if v is None or isinstance(v, (bool, str)):
        return None if v == "" else v
    if isinstance(v, float):
        if v.is_integer():
            return int(v)
        return v
    if isinstance(v, int):
        return v
    if isinstance(v, _dt.datetime):
        return v.replace(tzinfo=None) if v.tzinfo is not None else v
    if type(v).__module__.startswith("numpy"):  # pragma: no cover - only with a numpy converter
        return normalise(v.item())
    return v


def trim(rows: list[list[Any]]) -> list[list[Any]]:
    """Cut trailing empty rows, and every row to the widest non-empty column."""
    while rows and all(v is None for v in rows[-1]):
        rows.pop()
    width = max((max((j + 1 for j, v in enumerate(r) if v is not None), default=0) for r in rows), default=0)
    return [r[:width] for r in rows]


_MONTHS = r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"
_NUMLIKE = re.compile(
    r"[\s\d.,:/\\\-+%()$€£¥eE年月日时分秒点上下午AaPpMm]*\d[\s\d.,:/\\\-+%()$€£¥eE年月日时分秒点上下午AaPpMm]*"
)
_MONTH_DATE = re.compile(rf"(?i)^\s*(\d{{1,4}}[\s\-/.]*)?({_MONTHS})[a-z]*\.?([\s\-/.,]*\d{{1,4}})*\s*$")
_LITERALS = {"TRUE", "FALSE", "WAHR", "FALSCH", "VRAI", "FAUX"}


@functools.lru_cache(maxsize=8192)
def needs_text_prefix(s: str) -> bool:
    """Whether Excel would not keep ``s`` as typed text: a formula (= + - @),
    a leading apostrophe (eaten as the text prefix), a number, date, time,
    percentage, fraction, boolean or error literal."""
    if not s:
        return False
    if s[0] in "=+-@'":
        return True
    t = unicodedata.normalize("NFKC", s).strip()
    if not t:
        return False
    if t.upper() in _LITERALS or (t.startswith("#") and t.endswith(("!", "?", "A"))):
        return True
    return bool(_NUMLIKE.fullmatch(t) or _MONTH_DATE.match(t))


def excel_text(s: str) -> str:
    return "'" + s if needs_text_prefix(s) else s


# --------------------------------------------------------------------------
# the backend
# --------------------------------------------------------------------------


@dataclass
class _Journal:
    """What ``apply`` did so far (to undo it)."""

    actions_before: int = 0
    added: list[str] = field(default_factory=list)
    renamed: list[tuple[str, str]] = field(default_factory=list)  # (temporary, own) name of a sheet replaced
    written: list[tuple[Any, Any]] = field(default_factory=list)  # (range, old formulas) over COM


class XlwingsBook:
    """An ``xw.Book`` as a :class:`~xlxq.sheets.plan.Book`."""

    def __init__(self, book: Any):
        self.book = book
        self.engine = _engine_name(book)
        self.remote = self.engine == "remote"
        self.client = str(book.api.get("client", "")) if self.remote else ""
        self.com = self.engine == "excel" and sys.platform == "win32"
        self._cache: dict[str, list[list[Any]]] = {}
        self.added: list[Any] = []  # AddSheet items applied by the last apply()
        self.cosmetic_errors: list[str] = []  # cosmetics Excel refused (never fatal)

    # -- reading -----------------------------------------------------------

    def sheet_names(self) -> list[str]:
        return [s.name for s in self.book.sheets]

    def values(self, sheet: str) -> list[list[Any]]:
        if sheet not in self._cache:
            ws = self.book.sheets[sheet]
            last = ws.used_range.last_cell
            raw = ws.range((1, 1), (last.row, last.column)).options(ndim=2, err_to_str=True).value
            self._cache[sheet] = trim([[normalise(v) for v in row] for row in raw])
        return [list(r) for r in self._cache[sheet]]

    # -- writing -----------------------------------------------------------

    def mark(self) -> _Journal:
        """A point to roll back to (see :meth:`rollback`)."""
        return _Journal(actions_before=len(self._actions()) if self.remote else 0)

    def apply(self, plan: WritePlan) -> None:
        self._cache.clear()
        self.added = []
        if plan.is_empty():
            return
        journal = self.mark()
        with self._fast():
            try:
                self._apply_core(plan, journal)
            except BaseException:
                self.rollback(journal)
                raise
            if self.com:
                self._com_cosmetics(plan)
            elif self.remote and self.client == "Office.js":
                officejs_cosmetics(self.book, plan, self.cosmetic_errors)
            for pic in plan.pictures:  # last: over the rows at their final heights
                try:
                    self._picture(pic)
                except Exception as exc:  # noqa: BLE001 - a picture is an addition: its text is on the sheet
                    self.cosmetic_errors.append(f"{pic.sheet} picture at {column_letter(pic.col)}{pic.row}: {exc}")

    def _picture(self, pic: Picture) -> None:
        """``pic`` through ``sheet.pictures.add`` (a PNG file is what xlwings
        takes): over COM at the cell's corner moved by ``dx``, ``dy``, moved
        with its cells but not sized (``Placement`` = xlMove); on the remote
        engine anchored at the cell (``addPicture``, whose offsets Remote.bas
        and Office.js read differently: none sent), then
        ``setPictureWidth`` / ``setPictureHeight``."""
        ws = self.book.sheets[pic.sheet]
        cell = ws.range((pic.row, pic.col))
        fd, path = tempfile.mkstemp(suffix=".png")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(pic.png)
            if self.remote:
                shape = ws.pictures.add(path, anchor=cell)
                shape.width, shape.height = pic.width, pic.height
            else:
                shape = ws.pictures.add(
                    path, left=cell.left + pic.dx, top=cell.top + pic.dy, width=pic.width, height=pic.height
                )
                with contextlib.suppress(Exception):
                    shape.api.Placement = _XL_MOVE
        finally:
            with contextlib.suppress(OSError):
                os.unlink(path)

    def rollback(self, journal: _Journal) -> None:
        """Undo what was applied since ``journal`` (see the module doc)."""
        if self.remote:
            del self._actions()[journal.actions_before :]
            sheets = self.book.api["sheets"]
            sheets[:] = [s for s in sheets if s.get("name") not in journal.added]
            for tmp, name in journal.renamed:
                for s in sheets:
                    if s.get("name") == tmp:
                        s["name"] = name
            return
        for rng, old in reversed(journal.written):
            with contextlib.suppress(Exception):
                rng.formula = old
        if journal.added:
            app = self.book.app
            with contextlib.suppress(Exception):
                alerts = app.display_alerts
                app.display_alerts = False
                try:
                    for name in journal.added:
                        with contextlib.suppress(Exception):
                            self.book.sheets[name].delete()
                finally:
                    app.display_alerts = alerts
        for tmp, name in reversed(journal.renamed):
            with contextlib.suppress(Exception):
                self.book.sheets[tmp].name = name
        journal.written.clear()
        journal.added.clear()
        journal.renamed.clear()

    def activate(self, sheet: str) -> None:
        """Show ``sheet`` (``activateSheet`` on the remote engine)."""
        self.book.sheets[sheet].activate()

    def _actions(self) -> list:
        return self.book.json()["actions"]

    def _rng(self, ws: Any, row: int, col: int, rows: int, cols: int) -> Any:
        if rows == 1 and cols == 1:
            return ws.range((row, col))
        return ws.range((row, col), (row + rows - 1, col + cols - 1))

    def _apply_core(self, plan: WritePlan, journal: _Journal) -> None:
        book = self.book
        # 1. sheets
        for a in plan.add_sheets:
            names = self.sheet_names()
            after = book.sheets[a.after] if a.after in names else book.sheets[len(names) - 1]
            if a.replace and a.name in names:  # made again: the old one renamed, deleted at the end
                tmp = replaced_name(a.name, names)
                book.sheets[a.name].name = tmp
                journal.renamed.append((tmp, a.name))
                after = book.sheets[tmp]
            if self.remote and self.client != "Office.js":
                # Remote.bas addSheet does Sheets.Add (before the active sheet)
                # then Move After:=Worksheets(position): right only when the
                # active sheet is not after the new position.  Activate the
                # first sheet so that it holds.
                book.sheets[0].activate()
            book.sheets.add(name=a.name, after=after)
            journal.added.append(a.name)
            self.added.append(a)
        # 2. number formats (before the values: Excel keeps '2:0' typed into Text)
        text_cells: set[tuple[str, int, int]] = set()
        for nf in plan.number_formats:
            self._rng(book.sheets[nf.sheet], nf.row, nf.col, nf.rows, nf.cols).number_format = nf.format
            if nf.format == "@":
                text_cells.update(
                    (nf.sheet, r, c) for r in range(nf.row, nf.row + nf.rows) for c in range(nf.col, nf.col + nf.cols)
                )
        # 3. values
        for block in plan.values:
            if not block.values or not block.values[0]:
                continue
            ws = book.sheets[block.sheet]
            rows = [
                [self._cell(v, block.sheet, block.row + i, block.col + j, text_cells) for j, v in enumerate(vals)]
                for i, vals in enumerate(block.values)
            ]
            rng = self._rng(ws, block.row, block.col, len(rows), len(rows[0]))
            if not self.remote:
                journal.written.append((rng, rng.formula))
            rng.value = rows
        # 4. fills
        no_fill = None if (not self.remote or self.client == "Office.js") else "#FFFFFF"
        for f in plan.fills:
            self._rng(book.sheets[f.sheet], f.row, f.col, f.rows, f.cols).color = f.colour or no_fill
        # 5. sheets removed (xlxq undo, a sheet replaced), last: an error before leaves every sheet in place
        gone = list(plan.remove_sheets) + [tmp for tmp, _ in journal.renamed]
        if gone:
            names = self.sheet_names()
            app = None if self.remote else book.app
            alerts = app.display_alerts if app is not None else None
            if app is not None:
                app.display_alerts = False  # no "delete this sheet?" question over COM
            try:
                for name in gone:
                    if name in names:
                        book.sheets[name].delete()
            finally:
                if app is not None:
                    app.display_alerts = alerts

    @staticmethod
    def _cell(v: Any, sheet: str, row: int, col: int, text_cells: set) -> Any:
        if isinstance(v, str):
            # a Text (@) cell keeps what is written, formulas included
            return v if (sheet, row, col) in text_cells else excel_text(v)
        if isinstance(v, float) and v.is_integer():
            return int(v)
        return v

    @contextlib.contextmanager
    def _fast(self) -> Iterator[None]:
        """Over COM: no screen updates and manual calculation while writing."""
        if not self.com:
            yield
            return
        app = self.book.app
        saved: dict[str, Any] = {}
        for attr, value in (("screen_updating", False), ("calculation", "manual")):
            with contextlib.suppress(Exception):
                saved[attr] = getattr(app, attr)
                setattr(app, attr, value)
        try:
            yield
        finally:
            for attr, value in reversed(list(saved.items())):
                with contextlib.suppress(Exception):
                    setattr(app, attr, value)

    # -- cosmetics over COM ------------------------------------------------

    def _com_cosmetics(self, plan: WritePlan) -> None:
        """Apply looks, styles, validations and page setups with the Excel
        object model.  A cosmetic Excel refuses (no printer for the paper
        size, a protected sheet …) is recorded in ``cosmetic_errors`` and
        skipped: the values are already right."""
        app = self.book.app.api
        sheets = {
            n: self.book.sheets[n].api
            for n in {x.sheet for x in plan.looks + plan.styles + plan.validations + plan.page_setups}
        }
        apply_cosmetics(app, sheets, plan, self.cosmetic_errors)


def apply_cosmetics(app: Any, sheets: dict[str, Any], plan: WritePlan, errors: list[str]) -> None:
    """The plan's cosmetics on Excel COM objects: ``app`` the
    Excel.Application, ``sheets`` name → Worksheet.  (A function over plain
    COM objects so that the tests can drive it with a recording fake.)"""

    def rng(ws: Any, row: int, col: int, rows: int = 1, cols: int = 1) -> Any:
        return ws.Range(ws.Cells(row, col), ws.Cells(row + rows - 1, col + cols - 1))

    def attempt(what: str, fn: Any) -> None:
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - cosmetics never fail an operation
            errors.append(f"{what}: {exc}")

    for look in plan.looks:
        ws = sheets[look.sheet]
        for col, width in sorted(look.widths.items()):
            attempt(
                f"{look.sheet} column {col} width", lambda c=col, w=width, s=ws: setattr(s.Columns(c), "ColumnWidth", w)
            )
        if look.freeze:
            attempt(f"{look.sheet} freeze", lambda lk=look, s=ws: _freeze(app, s, *lk.freeze))
        if look.hidden:
            attempt(f"{look.sheet} hide", lambda s=ws: setattr(s, "Visible", _XL_SHEET_HIDDEN))
        for row, height in sorted(look.heights.items()):
            attempt(
                f"{look.sheet} row {row} height",
                lambda r=row, h=height, s=ws: setattr(s.Rows(r), "RowHeight", s.StandardHeight if h is None else h),
            )
    for st in plan.styles:
        r = rng(sheets[st.sheet], st.row, st.col, st.rows, st.cols)

        def style(r: Any = r, st: Any = st) -> None:
            if st.bold:
                r.Font.Bold = True
            if st.size:
                r.Font.Size = st.size
            if st.border:
                b = r.Borders
                b.LineStyle = _XL_CONTINUOUS
                b.Weight = _XL_THIN
                b.Color = _BORDER_GREY
            if st.align:
                r.HorizontalAlignment = _XL_HALIGN.get(st.align, _XL_HALIGN["left"])
            if st.align or st.wrap:
                r.VerticalAlignment = _XL_VCENTER
            if st.wrap:
                r.WrapText = True

        attempt(f"{st.sheet} style", style)
    separator = None
    for v in plan.validations:
        if separator is None:
            try:
                separator = str(app.International(_XL_LIST_SEPARATOR)) or ","
            except Exception:  # noqa: BLE001
                separator = ","
        formula = separator.join(v.choices)
        if len(formula) > 255:  # Excel's limit for a literal list
            errors.append(f"{v.sheet} validation: list longer than 255 characters")
            continue
        r = rng(sheets[v.sheet], v.row, v.col, v.rows, v.cols)

        def validation(r: Any = r, v: Any = v, formula: str = formula) -> None:
            val = r.Validation
            val.Delete()
            val.Add(_XL_VALIDATE_LIST, _XL_ALERT_STOP, _XL_BETWEEN, formula)
            val.IgnoreBlank = True
            val.InCellDropdown = True
            val.ShowError = not v.allow_other

        attempt(f"{v.sheet} validation", validation)
    if plan.page_setups:
        with contextlib.suppress(Exception):
            app.PrintCommunication = False
        try:
            for p in plan.page_setups:
                attempt(f"{p.sheet} page setup", lambda p=p: _page_setup(sheets[p.sheet], p, errors))
        finally:
            with contextlib.suppress(Exception):
                app.PrintCommunication = True


#: Actions :func:`officejs_cosmetics` emits (Office.js client only: xlwings
#: Server's and xlwings Lite's client implement them, Remote.bas does not).
OFFICEJS_COSMETIC_ACTIONS = frozenset(
    {
        "setColumnWidth",
        "freezePaneAtRange",
        "setSheetVisibility",
        "setFontProperty",
        "setBorderProperty",
        "setHorizontalAlignment",
        "setVerticalAlignment",
        "setWrapText",
        "setDataValidationList",
        "setPrintArea",
        "setRowHeight",
    }
)


def column_width_points(chars: float) -> float:
    """A column width in characters (the plan's, as over COM and in openpyxl)
    in points (what Office.js's ``format.columnWidth`` takes): Excel's
    ``pixels = trunc(chars * 7 + 5)`` for the default 7-pixel digit of
    Calibri / 等线 11, at 0.75 pt per pixel.  Approximate for other fonts."""
    return round(int(chars * 7 + 5) * 0.75, 2)


def officejs_cosmetics(book: Any, plan: WritePlan, errors: list[str]) -> None:
    """The plan's cosmetics through xlwings' API on the remote engine, for
    the Office.js client (xlwings Server's add-in, xlwings Lite): the actions
    of :data:`OFFICEJS_COSMETIC_ACTIONS`.  They are queued after the values
    and fills, so a client that fails on one of them has written the values.

    Not sent: list validations that accept other input (``allow_other``:
    Office.js's list rule has no "don't stop other values", and a stop
    alert would refuse results typed as 2:0), vertical alignment is sent
    with the horizontal one; of the page setup only the print area
    (orientation, paper, fit to page, print titles, header and footer have
    no xlwings call on this engine); row heights as ``setRowHeight``.  Anything xlwings refuses is recorded in
    ``errors`` and skipped, as over COM."""

    def attempt(what: str, fn: Any) -> None:
        try:
            fn()
        except Exception as exc:  # noqa: BLE001 - cosmetics never fail an operation
            errors.append(f"{what}: {exc}")

    def rng(ws: Any, row: int, col: int, rows: int = 1, cols: int = 1) -> Any:
        if rows == 1 and cols == 1:
            return ws.range((row, col))
        return ws.range((row, col), (row + rows - 1, col + cols - 1))

    for look in plan.looks:
        ws = book.sheets[look.sheet]
        for col, width in sorted(look.widths.items()):
            letter = column_letter(col)
            attempt(
                f"{look.sheet} column {col} width",
                lambda s=ws, c=letter, w=width: setattr(s.range(f"{c}:{c}"), "column_width", column_width_points(w)),
            )
        if look.freeze:
            attempt(f"{look.sheet} freeze", lambda s=ws, f=look.freeze: s.freeze_panes.freeze_at(frozen_address(*f)))
        if look.hidden:
            attempt(f"{look.sheet} hide", lambda s=ws: setattr(s, "visible", False))
        for row, height in sorted(look.heights.items()):
            if height is None:  # no "standard height" on this engine: the row keeps its height
                continue
            attempt(
                f"{look.sheet} row {row} height",
                lambda s=ws, r=row, h=height: setattr(s.range(f"{r}:{r}"), "row_height", h),
            )
    for st in plan.styles:
        r = rng(book.sheets[st.sheet], st.row, st.col, st.rows, st.cols)

        def style(r: Any = r, st: Any = st) -> None:
            if st.bold:
                r.font.bold = True
            if st.size:
                r.font.size = st.size
            if st.border:
                r.borders.set("all", line_style="continuous", weight="thin", color="#808080")
            if st.align:
                r.horizontal_alignment = st.align if st.align in ("left", "center", "right") else "left"
            if st.align or st.wrap:
                r.vertical_alignment = "center"
            if st.wrap:
                r.wrap_text = True

        attempt(f"{st.sheet} style", style)
    for v in plan.validations:
        if v.allow_other:
            continue
        r = rng(book.sheets[v.sheet], v.row, v.col, v.rows, v.cols)
        attempt(f"{v.sheet} validation", lambda r=r, v=v: r.data_validation.set_list(list(v.choices)))
    for p in plan.page_setups:
        if p.area:
            r1, c1, r2, c2 = p.area
            area = f"{column_letter(c1)}{r1}:{column_letter(c2)}{r2}"
            attempt(
                f"{p.sheet} print area", lambda s=book.sheets[p.sheet], a=area: setattr(s.page_setup, "print_area", a)
            )


def frozen_address(row: int, col: int) -> str:
    """The range Office.js's ``freezePanes.freezeAt`` keeps in place when
    the first cell that scrolls is (row, col): rows above, columns left."""
    if row > 1 and col > 1:
        return f"A1:{column_letter(col - 1)}{row - 1}"
    if row > 1:
        return f"1:{row - 1}"
    return f"A:{column_letter(col - 1)}"


def _freeze(app: Any, ws: Any, row: int, col: int) -> None:
    """Freeze panes above ``row`` and left of ``col`` (Excel freezes the
    active window, so the sheet is activated for it, then the old one)."""
    before = app.ActiveSheet
    ws.Activate()
    try:
        win = app.ActiveWindow
        win.FreezePanes = False
        win.ScrollRow = 1
        win.ScrollColumn = 1
        win.SplitRow = row - 1
        win.SplitColumn = col - 1
        win.FreezePanes = True
    finally:
        with contextlib.suppress(Exception):
            before.Activate()


def _page_setup(ws: Any, p: Any, errors: list[str]) -> None:
    """Each property on its own: a printer without A3 must not cost the
    print titles."""
    ps = ws.PageSetup
    props: list[tuple[str, Any]] = [
        ("PaperSize", _XL_PAPER.get(p.paper, _XL_PAPER["A4"])),
        ("Orientation", _XL_LANDSCAPE if p.landscape else _XL_PORTRAIT),
        *(
            [("Zoom", p.scale)]
            if p.scale is not None
            else [("Zoom", False), ("FitToPagesWide", p.fit_width or False), ("FitToPagesTall", p.fit_height or False)]
        ),
        ("CenterHorizontally", bool(p.centre)),
    ]
    if p.title_rows:
        props.append(("PrintTitleRows", f"${p.title_rows[0]}:${p.title_rows[1]}"))
    if p.title_cols:
        props.append(("PrintTitleColumns", f"${column_letter(p.title_cols[0])}:${column_letter(p.title_cols[1])}"))
    if p.area:
        r1, c1, r2, c2 = p.area
        props.append(("PrintArea", f"${column_letter(c1)}${r1}:${column_letter(c2)}${r2}"))
    if p.footer is not None:
        props.append(("CenterFooter", p.footer))
    if p.scale is None and not (p.fit_width or p.fit_height):  # no fitting: 100 %, the manual page breaks kept
        props.append(("Zoom", 100))
    if p.margins:
        for name, inches in zip(("LeftMargin", "RightMargin", "TopMargin", "BottomMargin"), p.margins):
            props.append((name, inches * 72))  # Excel's margins are in points
    for name, text in (
        ("LeftHeader", p.header_left),
        ("CenterHeader", p.header_centre),
        ("RightHeader", p.header_right),
        ("LeftFooter", p.footer_left),
        ("RightFooter", p.footer_right),
    ):
        if text is not None:
            props.append((name, text))
    for name, value in props:
        try:
            setattr(ps, name, value)
        except Exception as exc:  # noqa: BLE001
            errors.append(f"{p.sheet} page setup {name}: {exc}")
    if p.breaks or p.col_breaks:
        try:
            ws.ResetAllPageBreaks()
            for row in p.breaks:
                ws.HPageBreaks.Add(ws.Rows(row + 1))  # a break after ``row``: before the next one
            for col in p.col_breaks:
                ws.VPageBreaks.Add(ws.Columns(col + 1))  # a break after ``col``
        except Exception as exc:  # noqa: BLE001
            errors.append(f"{p.sheet} page breaks: {exc}")


def replaced_name(name: str, names: list[str]) -> str:
    """A free sheet name (31 characters at most) for a sheet about to be
    replaced, until the new one is written."""
    k = 1
    while True:
        tmp = f"{name[:25]}~old{k}"
        if tmp not in names:
            return tmp
        k += 1


def _engine_name(book: Any) -> str:
    try:
        return str(book.app.engine.name)
    except Exception:  # noqa: BLE001
        return ""


__all__ = [
    "XlwingsBook",
    "VBA_CLIENT_ACTIONS",
    "REMOTE_ACTIONS_USED",
    "OFFICEJS_COSMETIC_ACTIONS",
    "apply_cosmetics",
    "officejs_cosmetics",
    "column_width_points",
    "frozen_address",
    "replaced_name",
    "excel_text",
    "needs_text_prefix",
    "normalise",
    "trim",
]
