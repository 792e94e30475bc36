"""The write plan and the backend protocol: what one operation writes
(:class:`WritePlan`: sheets to add, values, fills, number formats and the
optional cosmetics) and what a backend implements (:class:`Book`: the sheet
names, each sheet's values, ``apply`` one plan).  Plain data, no workbook
access; the backends (:mod:`xlxq.backends`) import these types.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Protocol, runtime_checkable


@dataclass
class AddSheet:
    """Create an empty worksheet ``name`` after the sheet ``after`` (None: at
    the end).  ``kind`` is the layout kind (settings, registration, round,
    standings, log, state) for backends that want to style by kind; all
    content arrives as :class:`Values` and the other operations."""

    name: str
    kind: str
    after: Optional[str] = None
    #: a sheet of this name already there is deleted first and the new one
    #: takes its place (a program sheet made again whole: 第3轮记分单)
    replace: bool = False


@dataclass
class Values:
    """A rectangle of literal values, top-left cell (``row``, ``col``),
    1-based.  Cells are str, int, float or None (None empties the cell).
    Strings are never formulas, even when they start with '='."""

    sheet: str
    row: int
    col: int
    values: list[list[Any]]


@dataclass
class Fill:
    """Background colour of a rectangle: '#RRGGBB', or None to remove the fill."""

    sheet: str
    row: int
    col: int
    rows: int = 1
    cols: int = 1
    colour: Optional[str] = None


@dataclass
class NumberFormat:
    """Number format of a rectangle ('@' = text, so Excel keeps '2:0' and
    '1-0' as typed instead of turning them into a time or a date)."""

    sheet: str
    row: int
    col: int
    rows: int
    cols: int
    format: str


# --- optional cosmetics: a backend applies what it can ---------------------


@dataclass
class SheetLook:
    """Column widths in characters (Excel's unit over COM; openpyxl's
    ``column_dimensions[].width``), frozen panes given as the first cell
    that scrolls ((3, 1) freezes rows 1–2), hidden sheet, row heights in
    points (rows of wrapped text: LibreOffice does not grow them on open)."""

    sheet: str
    widths: dict[int, float] = field(default_factory=dict)
    freeze: Optional[tuple[int, int]] = None
    hidden: bool = False
    heights: dict[int, Optional[float]] = field(default_factory=dict)  # None: the default height


@dataclass
class Style:
    """Font and borders of a rectangle: bold, size, thin borders on every
    cell, horizontal alignment ('left' | 'center' | 'right'), wrap."""

    sheet: str
    row: int
    col: int
    rows: int = 1
    cols: int = 1
    bold: bool = False
    size: Optional[float] = None
    border: bool = False
    align: Optional[str] = None
    wrap: bool = False


@dataclass
class ListValidation:
    """A drop-down list on a rectangle.  ``allow_other``: other text may be
    typed (no error alert), so 1-0, 2:0 … still go in."""

    sheet: str
    row: int
    col: int
    rows: int
    cols: int
    choices: list[str]
    allow_other: bool = True


@dataclass
class PageSetup:
    """Print setup: paper, orientation, fit to ``fit_width`` pages wide and
    ``fit_height`` tall (0 = as many as needed), rows repeated on each page
    (first, last), print area (row1, col1, row2, col2), centred
    horizontally, footer text (Excel codes: &P page, &N pages), and the
    left / centre / right texts of the header and the left / right ones of
    the footer (:func:`xlxq.sheets.pages.sign_pages` fills them: event,
    round, date, the 裁判长 line); manual page breaks after the rows
    ``breaks`` (Excel ignores them when a page is fitted: ``fit_width`` =
    ``fit_height`` = 0 prints at 100 %), margins in inches (left, right,
    top, bottom; None: the program's default); ``title_cols`` (first, last)
    repeated at the left of every page and manual column breaks after the
    columns ``col_breaks`` (a wide table printed at ``scale`` over several
    pages: :func:`xlxq.sheets.pages.readable_pages`)."""

    sheet: str
    paper: str = "A4"
    landscape: bool = False
    fit_width: int = 1
    fit_height: int = 0
    title_rows: Optional[tuple[int, int]] = None
    area: Optional[tuple[int, int, int, int]] = None
    centre: bool = True
    footer: Optional[str] = None
    header_left: Optional[str] = None
    header_centre: Optional[str] = None
    header_right: Optional[str] = None
    footer_left: Optional[str] = None
    footer_right: Optional[str] = None
    #: print at this percentage instead of fitting (LibreOffice does not fit
    #: a one-column sheet of long wrapped lines to the page width)
    scale: Optional[int] = None
    breaks: tuple[int, ...] = ()
    margins: Optional[tuple[float, float, float, float]] = None
    title_cols: Optional[tuple[int, int]] = None
    col_breaks: tuple[int, ...] = ()


@dataclass
class Picture:
    """A PNG picture over the sheet, its top-left corner at the cell
    (``row``, ``col``) moved by ``dx``, ``dy`` points, ``width`` × ``height``
    points (the 编排公告's QR code).  A picture is an addition: the sheet
    says in text what it shows (the QR code's address under it), so a
    backend that cannot place one records why and the sheet still reads."""

    sheet: str
    row: int
    col: int
    png: bytes
    width: float
    height: float
    dx: float = 0.0
    dy: float = 0.0


@dataclass
class WritePlan:
    """Everything one operation writes.  Backends apply it in this order:
    add_sheets, number_formats, values, fills, then the optional cosmetics
    (looks, styles, validations, page_setups), the pictures, then
    remove_sheets.  Fills that clear old
    highlights come before new ones in ``fills``."""

    add_sheets: list[AddSheet] = field(default_factory=list)
    number_formats: list[NumberFormat] = field(default_factory=list)
    values: list[Values] = field(default_factory=list)
    fills: list[Fill] = field(default_factory=list)
    looks: list[SheetLook] = field(default_factory=list)
    styles: list[Style] = field(default_factory=list)
    validations: list[ListValidation] = field(default_factory=list)
    page_setups: list[PageSetup] = field(default_factory=list)
    pictures: list[Picture] = field(default_factory=list)
    #: sheets deleted after everything else is applied (``xlxq undo``: the round sheet)
    remove_sheets: list[str] = field(default_factory=list)

    def is_empty(self) -> bool:
        return not (
            self.remove_sheets
            or self.add_sheets
            or self.number_formats
            or self.values
            or self.fills
            or self.looks
            or self.styles
            or self.validations
            or self.page_setups
            or self.pictures
        )

    def cells_written(self) -> int:
        return sum(len(v.values) * (len(v.values[0]) if v.values else 0) for v in self.values)


@runtime_checkable
class Book(Protocol):
    """What a backend implements (openpyxl file, xlwings book, …)."""

    def sheet_names(self) -> list[str]:
        """Every worksheet name, in tab order."""
        ...

    def values(self, sheet: str) -> list[list[Any]]:
        """The used range anchored at A1 as rows of values (None for empty
        cells; rows may differ in length).  Formula cells give their value."""
        ...

    def apply(self, plan: WritePlan) -> None:
        """Apply every write of ``plan`` at once (and save, for a file)."""
        ...


#: a merged range of cells: (first row, first column, last row, last column), 1-based
MergedRange = tuple[int, int, int, int]


def merged_ranges(book: Any, sheet: str) -> list[MergedRange]:
    """The merged ranges of ``sheet``, from a book that reports them (its
    optional ``merged_ranges(sheet)``: the file backend, whose ``values``
    gives a cell merged down a column on every row of the merge); none from
    one that does not (xlwings reads a merged range's other cells blank)."""
    get = getattr(book, "merged_ranges", None)
    return list(get(sheet)) if get is not None else []
