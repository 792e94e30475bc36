"""Writing a plain worksheet without openpyxl's cell objects (issue 14).

A plan writes to a few sheets (the new round sheet, 成绩表, 编排记录); the
file backend (:mod:`xlxq.backends.openpyxl_book`) used to build every cell
of such a sheet as an openpyxl ``Cell`` (an object with its own style
array), change them, and serialise them again: 成绩表 and 编排记录 of a
1 000-player event are 19 000 cells, most of the time of a write.

A :class:`LightSheet` holds the cells of a plain sheet
(:mod:`xlxq.backends.lazy_sheets`) or of a sheet the plan adds as
``[value, data type, style]`` lists, the style being the number of one of
the workbook's loaded cell styles until a write changes it (then a
``StyleArray`` of the cell's own, as openpyxl gives a built cell).  The
sheet's other settings (views, columns, validations, print setup) are on
its openpyxl worksheet as usual, read from the part without its cells
(:func:`xlxq.backends.lazy_sheets.settings_of`).  A write sets what
openpyxl's cell assignment sets (text through a scratch openpyxl cell, so
its checks and data types are openpyxl's own), and the save serialises
the cells as openpyxl's writer does (:func:`xlxq.backends.partial_save.cells_data`,
shared with built sheets).  What a light sheet cannot hold (a value of
another type: a date changes the number format) makes it a built sheet
first (:meth:`LightSheet.materialise`): the result is the same, only slower.

The tests compare the two ways byte for byte (tests/test_light_sheets.py).

Lazy imports: openpyxl's classes, when a light sheet is made (this module is
imported with the file backend, before openpyxl is: start-up time).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from xlxq.backends.formulas import write_text
from xlxq.backends.lazy_sheets import PlainSheet, make_cells

__all__ = ["LightSheet", "LIGHT_TYPES", "unchanged_text"]

#: the value types a light sheet writes itself (others: openpyxl's cells)
LIGHT_TYPES = frozenset((str, int, float, bool, type(None)))


def unchanged_text(cell: Optional[list[Any]], v: str, errors: Any = None) -> bool:
    """Whether writing the text ``v`` to a light ``cell`` leaves it as it is:
    it holds ``v`` as text, and openpyxl's assignment would make it text
    again (not one of ``errors``, openpyxl's error codes, which it makes
    error cells; not cut at Excel's 32 767 characters)."""
    if errors is None:
        from openpyxl.cell.cell import ERROR_CODES

        errors = ERROR_CODES
    return cell is not None and cell[1] == "s" and cell[0] == v and len(v) <= 32767 and v not in errors


class LightSheet:
    """The cells of one worksheet, without openpyxl cells (see the module
    text): ``cells`` (row, column) → [value, data type, style], the style a
    loaded style's number, a ``StyleArray`` or None (a cell made by a
    write, as openpyxl's ``ws.cell()`` makes it); ``heights`` row → height
    in points (None: a row dimension with nothing set)."""

    __slots__ = ("cells", "heights", "ws", "styles", "_array")

    def __init__(self, ws: Any, plain: Optional[PlainSheet] = None):
        from openpyxl.styles.cell_style import StyleArray

        self._array = StyleArray  # (an import statement in a method called per cell costs a lookup a call)
        self.ws = ws
        #: the workbook's cell styles (openpyxl's IndexedList of StyleArray)
        self.styles = ws.parent._cell_styles
        self.cells: dict[tuple[int, int], list[Any]] = {}
        self.heights: dict[int, Optional[float]] = {}
        if plain is not None:
            self.cells = {(r, c): [v, kind, style] for r, c, v, kind, style in plain.parsed}
            self.heights = {r: float(ht) for r, ht in plain.heights.items()}

    # -- what a write plan does -------------------------------------------

    def cell(self, r: int, c: int) -> list[Any]:
        """The cell at (r, c), made empty when there is none (``ws.cell()``)."""
        got = self.cells.get((r, c))
        if got is None:
            got = self.cells[(r, c)] = [None, "n", None]
        return got

    def style(self, r: int, c: int) -> Any:
        """The cell's own ``StyleArray``, to be changed (the cell made when
        there is none, its loaded style copied at the first change)."""
        got = self.cells.get((r, c))
        if got is None:
            st = self._array()
            self.cells[(r, c)] = [None, "n", st]
            return st
        st = got[2]
        if type(st) is int:
            st = got[2] = self._array(self.styles[st])
        elif st is None:
            st = got[2] = self._array()
        return st

    def restyle(self, row: int, col: int, rows: int, cols: int, change: Callable[[Any], None]) -> None:
        """``change(style)`` on the own StyleArray of every cell of a
        rectangle, row by row (made as :meth:`style` makes them), but a cell
        still in a loaded style changed only when ``change`` changes that
        style: it is worked out once a style, on a copy (the same calls, in
        the same order of first use), and a cell it leaves as it was keeps
        the loaded style's number (a refresh styles 成绩表's thousands of
        cells as they are)."""
        cells, loaded, array = self.cells, self.styles, self._array
        made: dict[int, Any] = {}  # a loaded style's number → its changed copy, or None: unchanged
        for r in range(row, row + rows):
            for c in range(col, col + cols):
                got = cells.get((r, c))
                if got is None:
                    st = array()
                    cells[(r, c)] = [None, "n", st]
                    change(st)
                    continue
                st = got[2]
                if type(st) is int:
                    if st not in made:
                        copy = array(loaded[st])
                        change(copy)
                        made[st] = None if copy == loaded[st] else copy
                    result = made[st]
                    if result is not None:
                        got[2] = array(result)  # its own: a later change is the cell's alone
                elif st is None:
                    st = got[2] = array()
                    change(st)
                else:
                    change(st)

    def write_block(self, row: int, col: int, values: list[list[Any]], scratch: Any) -> None:
        """:meth:`write` of a block of values from (row, col), row by row; a
        number or None set in the loop, text the cell holds already left
        alone (a refresh writes 成绩表's thousands of cells again)."""
        from openpyxl.cell.cell import ERROR_CODES

        cells, write = self.cells, self.write
        for r, vals in enumerate(values, row):
            for c, v in enumerate(vals, col):
                t = type(v)
                if t is int or t is float or v is None:  # write's first case, here for speed
                    got = cells.get((r, c))
                    if got is None:
                        cells[(r, c)] = [v, "n", None]
                    else:
                        got[0], got[1] = v, "n"
                elif t is not str or not unchanged_text(cells.get((r, c)), v, ERROR_CODES):
                    write(r, c, v, scratch)

    def write(self, r: int, c: int, v: Any, scratch: Any) -> None:
        """``cell.value = v`` as the file backend does it for a built cell:
        numbers, booleans and None set directly; text through openpyxl's
        own assignment on ``scratch`` (its checks, 's' or 'e'), and text
        starting with "=" kept as text."""
        got = self.cells.get((r, c))
        if got is None:
            got = self.cells[(r, c)] = [None, "n", None]
        t = type(v)
        if t is int or t is float or v is None:
            got[0], got[1] = v, "n"
        elif t is bool:
            got[0], got[1] = v, "b"
        elif t is str:
            write_text(scratch, v)  # literal text, never a formula
            got[0], got[1] = scratch._value, scratch.data_type
        else:
            scratch.value = v
            got[0], got[1] = scratch._value, scratch.data_type

    def number_format(self, r: int, c: int, fmt: str, scratch: Any) -> None:
        """``cell.number_format = fmt``: openpyxl's own descriptor, on the cell's style."""
        scratch._style = self.style(r, c)
        scratch.number_format = fmt

    # -- reading and writing it out ---------------------------------------

    def value_cells(self) -> dict[tuple[int, int], Any]:
        return {k: got[0] for k, got in self.cells.items()}

    def items(self) -> list[tuple[int, int, Any, str, Any]]:
        """The cells in row order as (row, column, value, data type,
        ``StyleArray`` or None), for :func:`xlxq.backends.partial_save.cells_data`."""
        styles = self.styles
        return [
            (r, c, v, kind, styles[st] if type(st) is int else st)
            for (r, c), (v, kind, st) in sorted(self.cells.items())
        ]

    def dimension(self) -> str:
        """The used range as openpyxl's ``calculate_dimension`` gives it."""
        from openpyxl.utils import get_column_letter

        if not self.cells:
            return "A1:A1"
        rows = [r for r, _ in self.cells]
        cols = [c for _, c in self.cells]
        return f"{get_column_letter(min(cols))}{min(rows)}:{get_column_letter(max(cols))}{max(rows)}"

    def materialise(self) -> None:
        """Make the cells and row heights openpyxl cells and row dimensions
        of the worksheet, as :func:`xlxq.backends.lazy_sheets.build` does;
        the light sheet is not used after."""
        from openpyxl.styles.cell_style import StyleArray
        from openpyxl.worksheet.dimensions import RowDimension

        ws = self.ws
        for r, h in self.heights.items():
            ws.row_dimensions[r] = RowDimension(ws, index=r, ht=h)
        styles = self.styles
        make_cells(
            ws,
            (
                (r, c, v, kind, StyleArray(styles[st]) if type(st) is int else st)
                for (r, c), (v, kind, st) in sorted(self.cells.items())
            ),
        )
        self.cells = {}
        self.heights = {}
