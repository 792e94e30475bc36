"""Loading a workbook without building every worksheet (issue 14): the file
backend (:mod:`xlxq.backends.openpyxl_book`) reads every sheet's values but
writes to a few sheets only (the new round sheet, 成绩表, 编排记录, the
state sheet, highlights).  openpyxl's load builds a ``Cell`` object with its
style for every cell of every sheet, most of the time of a load.

:func:`lazy_reader` gives openpyxl's ``ExcelReader`` that leaves a worksheet
unbuilt (an empty sheet of the same name, state and position, its print
titles and area assigned as usual) when its part is *plain*
(:func:`plain_cells`): well-formed XML without a document type, no
relationships of its own, no shared strings, formulas, merged cells,
conditional formatting, legacy drawing, and every cell of ``sheetData`` in
the form openpyxl and Excel write it (``<c r="B3" s="2" t="n"><v>5</v></c>``,
inline strings ``<is><t>…</t></is>``, booleans, errors, ``t="str"``),
anything else making the part not plain.  Its values are read by one
regular expression, typed exactly as openpyxl's parser types them
(:func:`plain_cells`; a number in a date or time format makes the part not
plain), and the sheet is built by openpyxl's own worksheet reader from the
same bytes (:func:`build`) only when a plan writes to it.  Every other part
is loaded by openpyxl as before.

An unbuilt sheet that no plan wrote to is saved as its original bytes
(:mod:`xlxq.backends.partial_save`); its part has nothing that the rest of
the file refers to by number.

Lazy imports: openpyxl (about 150 ms) when a workbook is loaded (a JSON
event never loads openpyxl: start-up time).
"""

from __future__ import annotations

import re
from io import BytesIO
from typing import Any, Optional
from xml.parsers import expat

__all__ = ["PlainSheet", "plain_cells", "lazy_reader", "build"]

#: the parts of sheetData: a row's start or end, an empty row, a cell
_TOKEN = re.compile(
    r'<row(?: [A-Za-z:]+="[^"<]*")*>|</row>|<row(?: [A-Za-z:]+="[^"<]*")* ?/>'
    r'|<c r="([A-Z]{1,3})([1-9][0-9]{0,6})"(?: s="([0-9]+)")?(?: t="([a-zA-Z]+)")?'
    r'(?: ?/>|>(?:<v>([^<]*)</v>|<is><t(?: xml:space="preserve")?>([^<]*)</t></is>|<is><t ?/></is>)?</c>)'
)
_SHEET_DATA = re.compile(r"<sheetData ?/>|<sheetData>(.*?)</sheetData>", re.S)
_NOT_PLAIN = (b"<!", b"<f>", b"<f ", b"<mergeCell", b"<conditionalFormatting", b"<legacyDrawing", b"\r")
_ENTITY = re.compile(r"&(#[0-9]+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_COLS: dict[str, int] = {}


def _col(letters: str) -> int:
    n = _COLS.get(letters)
    if n is None:
        n = 0
        for ch in letters:
            n = n * 26 + ord(ch) - 64
        _COLS[letters] = n
    return n


def _entity(m: re.Match[str]) -> str:
    e = m.group(1)
    if e[0] != "#":
        return _NAMED[e]
    return chr(int(e[2:], 16) if e[1] == "x" else int(e[1:]))


def _text(raw: str) -> str:
    return _ENTITY.sub(_entity, raw) if "&" in raw else raw


def _number(v: str) -> Any:
    return float(v) if "." in v or "E" in v or "e" in v else int(v)


class PlainSheet:
    """The cells of a plain worksheet part: values by (row, column), and
    the used range (every cell written, empty ones included, as openpyxl's
    ``max_row`` / ``max_column``)."""

    __slots__ = ("cells", "max_row", "max_column")

    def __init__(self, cells: dict[tuple[int, int], Any], max_row: int, max_column: int):
        self.cells = cells
        self.max_row = max_row
        self.max_column = max_column


def plain_cells(data: bytes, dated_styles: set[int]) -> Optional[PlainSheet]:
    """The cells of the worksheet part ``data``, or None when the part is
    not plain (see the module text).  ``dated_styles``: the cell styles
    whose number format is a date or a time (openpyxl turns their numbers
    into dates)."""
    if any(b in data for b in _NOT_PLAIN) or b' t="s"' in data or b' t="d"' in data:
        return None
    try:
        expat.ParserCreate().Parse(data, True)  # well-formed XML, as openpyxl's parser requires
    except expat.ExpatError:
        return None
    try:
        xml = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if xml.startswith("<?xml") and re.match(r'<\?xml[^>]*encoding="(?!utf-8")', xml, re.I):
        return None
    found = list(_SHEET_DATA.finditer(xml))
    if len(found) != 1:
        return None
    body = found[0].group(1) or ""
    at = 0
    cells: dict[tuple[int, int], Any] = {}
    max_row = max_col = 0
    for m in _TOKEN.finditer(body):
        if m.start() != at:
            return None  # something between the parts: not plain
        at = m.end()
        letters = m.group(1)
        if letters is None:
            continue
        row, col = int(m.group(2)), _col(letters)
        t = m.group(4) or "n"
        v, s = m.group(5), m.group(6)
        if t == "inlineStr":
            if v is not None:
                return None
            value: Any = _text(s) if s is not None else ("" if m.group(0).endswith("</is></c>") else None)
        elif s is not None:
            return None
        elif not v:
            value = None
        elif t == "n":
            if int(m.group(3) or 0) in dated_styles:
                return None
            value = _number(v)
        elif t == "b":
            value = bool(int(v))
        elif t in ("str", "e"):
            value = _text(v)
        else:
            return None
        cells[(row, col)] = value
        if row > max_row:
            max_row = row
        if col > max_col:
            max_col = col
    if at != len(body):
        return None
    return PlainSheet(cells, max_row or 1, max_col or 1)


def build(ws: Any, data: bytes) -> None:
    """Build the unbuilt worksheet ``ws`` from its part's bytes, as
    openpyxl's load would have."""
    from openpyxl.worksheet._reader import WorksheetReader

    reader = WorksheetReader(ws, BytesIO(data), [], False, False)
    reader.bind_all()
    ws.legacy_drawing = None


def _reader_class() -> Any:
    from openpyxl.reader.excel import ExcelReader

    class Reader(ExcelReader):
        """openpyxl's ExcelReader leaving plain worksheets unbuilt."""

        def read_worksheets(self) -> None:
            #: name -> the part's bytes and its cells, for each unbuilt sheet
            self.unbuilt: dict[str, tuple[bytes, PlainSheet]] = {}
            parser = self.parser
            sheets = list(parser.find_sheets())
            dated = set(self.wb._date_formats) | set(self.wb._timedelta_formats)
            built = []
            for sheet, rel in sheets:
                if rel.target not in self.valid_files or "chartsheet" in rel.Type:
                    built.append((sheet, rel))
                    continue
                folder, _, name = rel.target.rpartition("/")
                plain = None
                if f"{folder}/_rels/{name}.rels" not in self.valid_files:
                    data = self.archive.read(rel.target)
                    plain = plain_cells(data, dated)
                if plain is None:
                    built.append((sheet, rel))
                else:
                    self.unbuilt[sheet.name] = (data, plain)
            find = parser.find_sheets
            parser.find_sheets = lambda: iter(built)
            try:
                super().read_worksheets()
            finally:
                parser.find_sheets = find
            for sheet, _rel in sheets:
                if sheet.name in self.unbuilt:
                    ws = self.wb.create_sheet(sheet.name)
                    ws.sheet_state = sheet.state
            order = {sheet.name: i for i, (sheet, _rel) in enumerate(sheets)}
            self.wb._sheets.sort(key=lambda ws: order.get(ws.title, len(order)))

    return Reader


def lazy_reader(path: Any, keep_vba: bool) -> Any:
    """An openpyxl ``ExcelReader`` of ``path`` (not read yet) that leaves
    plain worksheets unbuilt: after ``read()``, ``.wb`` is the workbook,
    ``.unbuilt`` the bytes and cells of each unbuilt sheet."""
    return _reader_class()(path, False, keep_vba, False, True, False)
