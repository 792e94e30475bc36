"""Formula cells of an .xlsx file read and saved with openpyxl
(docs/reliability.md).

openpyxl gives a cell's formula or, in a second load with
``data_only=True``, the value Excel stored for it, and it saves formulas
without their values.  So the file backend (:mod:`xlxq.backends.openpyxl_book`):

- reads a formula's stored value (:class:`StoredValues`, the second load,
  made only when the file has a formula); a formula with no stored value is
  refused, naming the cell and what to do (:func:`no_value_error`), never
  read as blank;
- puts the stored values back into the saved file (:func:`restore_values`),
  so that the next run reads them again;
- never writes over a formula (:func:`formula_overwrite_error`) unless the
  value written is the formula's own.

Nothing in a cell is ever evaluated.

Lazy imports: openpyxl's helpers are imported when a workbook's formula
cells are met (a JSON event never loads openpyxl: start-up time).
"""

from __future__ import annotations

import datetime
import re
import zipfile
from pathlib import Path
from typing import Any, Optional

from xlxq.backends.partial_save import escape
from xlxq.errors import InputError
from xlxq.i18n import Msg

__all__ = [
    "write_text",
    "is_formula",
    "StoredValues",
    "no_value_error",
    "formula_overwrite_error",
    "merged_write_error",
    "restore_values",
]


def write_text(cell: Any, v: str) -> None:
    """The text ``v`` into the openpyxl ``cell`` as text, whatever it starts
    with: openpyxl's own assignment (its checks), then the type text ('s')
    where openpyxl would make ``=HYPERLINK(…)`` a live formula and ``#N/A``
    an error value.  The one way a text reaches a cell of a file xlxq
    writes: the file backend, its light sheets, the 成绩册 workbook (a name
    or a club typed as ``=…``, ``+1``, ``@SUM(1)`` is printed as typed,
    never run)."""
    cell.value = v
    cell.data_type = "s"


def is_formula(cell: Any) -> bool:
    """Whether an openpyxl cell (normal load) holds a formula."""
    if cell.data_type == "f":
        return True
    v = cell.value
    return (
        v is not None
        and not isinstance(v, (str, int, float, bool))
        and type(v).__name__ in ("ArrayFormula", "DataTableFormula")
    )


def _formula_text(cell: Any) -> str:
    v = cell.value
    text = getattr(v, "text", v)
    return str(text if text is not None else "")


class StoredValues:
    """The values Excel stored for the formula cells of ``path`` (one
    ``data_only`` load, made when first asked)."""

    def __init__(self, path: Path):
        self.path = path
        self._wb: Any = None

    def _book(self) -> Any:
        if self._wb is None:
            from openpyxl import load_workbook

            self._wb = load_workbook(self.path, data_only=True) if self.path.exists() else False
        return self._wb

    def stored(self, sheet: str, row: int, col: int) -> tuple[bool, Any, str]:
        """(has a stored value, the value, its type: 'n', 's', 'str', 'b', 'e', 'd')."""
        wb = self._book()
        if not wb or sheet not in wb.sheetnames:
            return False, None, "n"
        c = wb[sheet]._cells.get((row, col))
        if c is None:
            return False, None, "n"
        if c.value is None:
            # Excel stores an empty text result as t="str" with an empty value
            return c.data_type in ("s", "str", "inlineStr"), None, "str"
        return True, c.value, c.data_type

    def forget(self) -> None:
        self._wb = None


def no_value_error(sheet: str, cell: Any) -> InputError:
    coord = cell.coordinate
    f = _formula_text(cell)
    return InputError(
        Msg("formulas.sheet-the-formula-has-no-stored-value-in", sheet=sheet, coord=coord, f=f),
        sheet=sheet,
        row=cell.row,
        cell=coord,
    )


def formula_overwrite_error(sheet: str, cell: Any, old: Any, new: Any) -> InputError:
    coord = cell.coordinate
    f = _formula_text(cell)
    return InputError(
        Msg(
            "formulas.sheet-the-cell-holds-the-formula-value",
            sheet=sheet,
            coord=coord,
            f=f,
            old=old,
            shown=Msg("formulas.a-blank") if new is None else new,
        ),
        sheet=sheet,
        row=cell.row,
        cell=coord,
    )


def merged_write_error(sheet: str, row: int, col: int) -> InputError:
    from openpyxl.utils import get_column_letter

    coord = f"{get_column_letter(col)}{row}"
    return InputError(
        Msg("formulas.sheet-the-cell-is-part-of-merged-cells", sheet=sheet, coord=coord),
        sheet=sheet,
        row=row,
        cell=coord,
    )


_CELL = re.compile(
    r'<c r="([A-Z]{1,3}[0-9]{1,7})"((?: [A-Za-z:]+="[^"]*")*)>'
    r'(<f(?: [A-Za-z:]+="[^"]*")*>[^<]*</f>)<v ?/></c>'
)


def _value_xml(value: Any, kind: str) -> tuple[str, str]:
    """(the t attribute, the <v> text) of a stored value."""
    if kind == "e":
        return ' t="e"', escape(str(value))
    if isinstance(value, bool):
        return ' t="b"', "1" if value else "0"
    if value is None or isinstance(value, str):
        return ' t="str"', escape(value or "")
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time, datetime.timedelta)):
        from openpyxl.utils.datetime import to_excel

        return "", repr(float(to_excel(value)))
    if isinstance(value, int):
        return "", str(value)
    return "", repr(float(value))


def restore_values(saved: str, wb: Any, stored: StoredValues) -> None:
    """Put the stored values of the formula cells of ``wb`` (just saved by
    openpyxl to ``saved``) back into that file."""
    parts: dict[str, dict[str, tuple[str, str]]] = {}
    for ws in wb.worksheets:
        found: dict[str, tuple[str, str]] = {}
        for (r, c), cell in ws._cells.items():
            if not is_formula(cell):
                continue
            has, value, kind = stored.stored(ws.title, r, c)
            if has:
                found[cell.coordinate] = _value_xml(value, kind)
        if found:
            parts[ws.path.lstrip("/")] = found
    if not parts:
        return
    with zipfile.ZipFile(saved) as z:
        members = [(info, z.read(info.filename)) for info in z.infolist()]
    with zipfile.ZipFile(saved, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in members:
            cells = parts.get(info.filename)
            if cells:
                data = _with_values(data.decode("utf-8"), cells).encode("utf-8")
            out.writestr(info, data)


def _with_values(xml: str, cells: dict[str, tuple[str, str]]) -> str:
    def put(m: re.Match[str]) -> str:
        coord, attrs, formula = m.group(1), m.group(2), m.group(3)
        got: Optional[tuple[str, str]] = cells.get(coord)
        if got is None or ' t="' in attrs:
            return m.group(0)
        t, v = got
        return f'<c r="{coord}"{attrs}{t}>{formula}<v>{v}</v></c>'

    return _CELL.sub(put, xml)
