"""Loading a workbook without building every worksheet (issue 14): the file
backend (:mod:`xlxq.backends.openpyxl_book`) reads every sheet's values but
writes to a few sheets only (the new round sheet, 成绩表, 编排记录, the
state sheet, highlights).  openpyxl's load builds a ``Cell`` object with its
style for every cell of every sheet, most of the time of a load.

:func:`lazy_reader` gives openpyxl's ``ExcelReader`` that leaves a worksheet
unbuilt (an empty sheet of the same name, state and position, its print
titles and area assigned as usual) when its part is *plain*
(:func:`plain_cells`): well-formed XML without a document type, no
relationships of its own, no formulas, merged cells,
conditional formatting, legacy drawing, and every cell of ``sheetData`` in
the form openpyxl and Excel write it (``<c r="B3" s="2" t="n"><v>5</v></c>``,
inline strings ``<is><t>…</t></is>``, shared strings, booleans, errors,
``t="str"``), anything else making the part not plain.  Its values are read by one
regular expression, typed exactly as openpyxl's parser types them
(:func:`plain_cells`; a number in a date or time format makes the part not
plain), and the sheet is built by openpyxl's own worksheet reader from the
same bytes (:func:`build`) only when a plan writes to it.  Every other part
is loaded by openpyxl as before.

An unbuilt sheet that no plan wrote to is saved as its original bytes
(:mod:`xlxq.backends.partial_save`) when it uses no shared strings (openpyxl
writes every text inline and no shared-string table: a sheet saved by Excel
is built and written whole, once); its part has nothing else that the rest
of the file refers to by number.

Lazy imports: openpyxl (about 150 ms) when a workbook is loaded (a JSON
event never loads openpyxl: start-up time), through :func:`import_openpyxl`
(without numpy).
"""

from __future__ import annotations

import re
import sys
from io import BytesIO
from operator import itemgetter
from typing import Any, Iterable, Optional
from xml.parsers import expat
from zipfile import ZipFile

__all__ = [
    "import_openpyxl",
    "PlainSheet",
    "plain_cells",
    "lazy_reader",
    "build",
    "settings_of",
    "row_heights",
    "make_cells",
]


def import_openpyxl() -> None:
    """Import openpyxl without numpy, unless numpy is imported already, and
    with Pillow imported only when an image needs it.

    openpyxl imports numpy when it is installed, only to count numpy's
    number types as numbers when they are written to a cell (40 of openpyxl's
    80 ms of import); xlxq never writes numpy values, so the CLI's process
    need not pay for it.  While openpyxl is imported, ``import numpy`` fails
    as if numpy were not installed (openpyxl expects that); afterwards numpy
    imports as usual.  A process that imported numpy before (xlwings with
    pandas) keeps it and openpyxl sees it.  Pillow likewise, then openpyxl's
    name for it is :class:`_LazyPillow` (when Pillow is installed: images
    are read and written as before)."""
    if "openpyxl" in sys.modules:
        return
    hidden = [name for name in ("numpy", "PIL") if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]  # import fails as if not installed
    try:
        import openpyxl  # noqa: F401
        import openpyxl.drawing.image
        import openpyxl.reader.drawings
    finally:
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]
    if "PIL" in hidden:
        import importlib.util

        if importlib.util.find_spec("PIL") is not None:  # Pillow is there: openpyxl keeps images, as always
            openpyxl.drawing.image.PILImage = openpyxl.reader.drawings.PILImage = _LazyPillow()


class _LazyPillow:
    """``PIL.Image`` imported when openpyxl first uses it (an image in the
    workbook), not with openpyxl: openpyxl imports Pillow only to read and
    write images, and the import is 5 ms of every click.  Stands for the
    module in openpyxl (``openpyxl.drawing.image.PILImage``, its drawings
    reader's copy): true, and every attribute Pillow's."""

    def __getattr__(self, name: str) -> Any:
        from PIL import Image

        return getattr(Image, name)


#: the parts of sheetData: a cell (first: most parts are cells), a row's
#: end, a row's start or an empty row (no attributes but its number, spans,
#: a set height (``ht`` with ``customHeight="1"``, as openpyxl and Excel
#: write it: the row dimension :func:`build` makes) and attributes of other
#: namespaces such as Excel's x14ac:dyDescent, which openpyxl ignores: others
#: make a row dimension); the whole part is the first group
_TOKEN = re.compile(
    r'(<c r="([A-Z]{1,3})([1-9][0-9]{0,6})"(?: s="([0-9]+)")?(?: t="([a-zA-Z]+)")?'
    r'(?: ?/>|>(?:<v>([^<]*)</v>|<is><t(?: xml:space="preserve")?>([^<]*)</t></is>|<is><t ?/></is>)?</c>)'
    r'|</row>|<row r="([0-9]+)"(?: spans="[0-9: ]*")?(?: ht="([0-9]+(?:\.[0-9]+)?)" customHeight="1")?'
    r'(?: [A-Za-z0-9]+:[A-Za-z]+="[^"<]*")*(?:>| ?/>))'
)
_NOT_PLAIN = ("<!", "<f>", "<f ", "<mergeCell", "<conditionalFormatting", "<legacyDrawing", "<hyperlink")
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


#: a cell as openpyxl's parser gives it: row, column, value, data type, style
Parsed = tuple[int, int, Any, str, int]


class PlainSheet:
    """The cells of a plain worksheet part (:func:`plain_cells`): each cell
    as openpyxl's parser gives it, the values by (row, column), and the used
    range (every cell written, empty ones included, as openpyxl's
    ``max_row`` / ``max_column``)."""

    __slots__ = ("parsed", "cells", "max_row", "max_column", "data", "keep", "heights", "member")

    def __init__(
        self,
        parsed: list[Parsed],
        data: bytes,
        keep: bool,
        cells: Optional[dict[tuple[int, int], Any]] = None,
        heights: Optional[dict[int, str]] = None,
    ):
        self.parsed = parsed
        #: the rows' set heights (row → ``ht`` as written)
        self.heights = heights or {}
        self.data = data
        #: the part can be saved as it is (no shared strings: openpyxl writes none)
        self.keep = keep
        #: the part's name in the file (set by the reader)
        self.member = ""
        #: the values by (row, column), the last of a cell given twice (given: as parsed)
        self.cells = {(r, c): v for r, c, v, _, _ in parsed} if cells is None else cells
        self.max_row = max(self.cells)[0] if self.cells else 1
        self.max_column = max(map(itemgetter(1), self.cells)) if self.cells else 1


#: the bytes but the control characters XML does not allow: deleting them
#: from a part leaves those (one pass in C; a regular expression over the
#: text takes ten times as long)
_ALLOWED_BYTES = bytes(b for b in range(256) if b >= 0x20 or b in (0x9, 0xA, 0xD))
_NOT_A_REFERENCE = re.compile(r"&(?!(?:#[0-9]+|#x[0-9a-fA-F]+|amp|lt|gt|quot|apos);)")
_CHAR_REFERENCE = re.compile(r"&#(x[0-9a-fA-F]+|[0-9]+);")
_ATTRIBUTE_NAME = re.compile(r' ([A-Za-z0-9:]+)="')


def _xml_char(code: int) -> bool:
    """Whether XML 1.0 allows the character ``code`` (its production Char)."""
    return code in (0x9, 0xA, 0xD) or 0x20 <= code <= 0xD7FF or 0xE000 <= code <= 0xFFFD or 0x10000 <= code <= 0x10FFFF


def _xml_chars(data: bytes, text: str) -> bool:
    """Whether the part ``data`` (``text`` decoded from UTF-8, which refuses
    surrogates) holds only characters XML allows: no control character but
    tab and line ends, no U+FFFE, U+FFFF."""
    return not data.translate(None, _ALLOWED_BYTES) and "\ufffe" not in text and "\uffff" not in text


def _body_well_formed(body: str) -> bool:
    """What expat would refuse in the text of sheetData that the tokens'
    grammar (:data:`_TOKEN`: tags of fixed attributes, text without "<")
    lets through, looked for in the whole body: ``]]>`` in text, an ``&``
    that is not a reference, a reference to
    a character XML does not allow (the rows' balance and their attributes
    are checked with the tokens, :func:`_distinct_attributes`).  Stricter
    than expat where that is simpler (``]]>`` is allowed in an attribute):
    such a part is only not plain, loaded by openpyxl as before."""
    if "]]>" in body:
        return False
    if "&" in body:
        if _NOT_A_REFERENCE.search(body):
            return False
        for ref in _CHAR_REFERENCE.findall(body):
            if not _xml_char(int(ref[1:], 16) if ref[0] == "x" else int(ref)):
                return False
    return True


def _distinct_attributes(tag: str) -> bool:
    """Whether no attribute is given twice in a row's start tag (expat
    refuses that; the grammar repeats attributes of other namespaces)."""
    names = _ATTRIBUTE_NAME.findall(tag)
    return len(names) == len(set(names))


def plain_cells(data: bytes, dated_styles: set[int], shared: Optional[list[Any]] = None) -> Optional[PlainSheet]:
    """The cells of the worksheet part ``data``, or None when the part is
    not plain (see the module text).  ``dated_styles``: the cell styles
    whose number format is a date or a time (openpyxl turns their numbers
    into dates); ``shared``: the workbook's shared strings (None: a cell
    that uses them makes the part not plain)."""
    uses_shared = b' t="s"' in data
    if b"\r" in data or b' t="d"' in data or uses_shared and shared is None:
        return None
    try:
        xml = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if xml.startswith("<?xml") and re.match(r'<\?xml[^>]*encoding="(?!utf-8")', xml, re.I):
        return None
    start = xml.find("<sheetData")
    if start < 0 or xml.find("<sheetData", start + 1) >= 0:
        return None  # none, or more than one
    if xml.startswith("<sheetData>", start):
        end = xml.find("</sheetData>", start)
        if end < 0:
            return None
        body, after = xml[start + len("<sheetData>") : end], end + len("</sheetData>")
    elif xml.startswith(("<sheetData/>", "<sheetData />"), start):
        body, after = "", xml.index(">", start) + 1
    else:
        return None
    # what is not plain: outside sheetData looked for; inside, anything
    # starting with "<" but the tokens below leaves a gap between them
    head, tail = xml[:start], xml[after:]
    if any(b in head or b in tail for b in _NOT_PLAIN):
        return None
    # well-formed XML, as openpyxl's parser requires: expat reads the part
    # around sheetData, and the tokens' grammar with :func:`_body_well_formed`
    # stands for it inside (expat over the whole part was a fifth of a load)
    try:
        expat.ParserCreate().Parse((head + "<sheetData/>" + tail).encode("utf-8"), True)
    except expat.ExpatError:
        return None
    if not _xml_chars(data, xml) or not _body_well_formed(body):
        return None
    tokens = _TOKEN.findall(body)
    if sum(map(len, map(itemgetter(0), tokens))) != len(body):
        return None  # something between the parts (the matches do not overlap): not plain
    parsed: list[Parsed] = []
    add = parsed.append
    cols = _COLS
    sids: dict[str, int] = {"": 0}  # a style's number, by its text
    value: Any
    # findall gives "" for a group that took no part: a <v>, <is> present is told by the token
    heights: dict[int, str] = {}
    last_row, r = "", 0
    depth = 0  # rows open: a row's end closes one, none is left open
    try:
        for tok, letters, row, s, t, v, text, row_no, ht in tokens:
            if not letters:
                if tok == "</row>":
                    depth -= 1
                    if depth < 0:
                        return None
                elif not tok.endswith("/>"):
                    depth += 1
                    if ":" in tok and not _distinct_attributes(tok):
                        return None
                if ht:
                    heights[int(row_no)] = ht
                continue  # a row's start or end
            if row != last_row:
                r, last_row = int(row), row
            style = sids.get(s)
            if style is None:
                style = sids[s] = int(s)
            col = cols.get(letters)
            if col is None:
                col = _col(letters)
            if t == "inlineStr":  # the most common cell, first
                if text:  # <is><t>…</t></is> (a <v> is not in the same token)
                    add((r, col, _text(text) if "&" in text else text, "s", style))
                elif "<v>" in tok:
                    return None
                elif "<is>" in tok:
                    add((r, col, "", "s", style))  # <is><t></t></is> or <is><t/></is>
                else:
                    add((r, col, None, "inlineStr", style))
                continue
            if v:
                if not t or t == "n":
                    if style in dated_styles:
                        return None
                    add((r, col, float(v) if "." in v or "E" in v or "e" in v else int(v), "n", style))
                    continue
                if t == "b":
                    value, kind = bool(int(v)), "b"
                elif t == "s":
                    assert shared is not None
                    value, kind = shared[int(v)], "s"
                elif t == "str":
                    value, kind = _text(v), "s"
                elif t == "e":
                    value, kind = _text(v), "e"
                else:
                    return None  # a type openpyxl does not read
            elif "<is>" in tok:
                return None
            else:
                value, kind = None, t or "n"
            add((r, col, value, kind, style))
    except (ValueError, IndexError):  # a number that is not one, a shared string that is not there:
        return None  # left to openpyxl's load, which refuses the part in its own words
    if depth:
        return None
    return PlainSheet(parsed, data, not uses_shared, None, heights)


def settings_of(ws: Any, plain: PlainSheet) -> None:
    """Everything of the part ``plain`` but its cells (views, columns,
    validations, print settings …) read onto ``ws`` by openpyxl's worksheet
    reader."""
    from openpyxl.worksheet._reader import WorksheetReader

    data = plain.data
    i = data.find(b"<sheetData")
    j = data.find(b"</sheetData>")
    rest = data if j < 0 else data[:i] + b"<sheetData/>" + data[j + len(b"</sheetData>") :]
    WorksheetReader(ws, BytesIO(rest), [], False, False).bind_all()
    ws.legacy_drawing = None


def row_heights(ws: Any, heights: dict[int, str]) -> dict[int, Any]:
    """The row dimensions openpyxl's reader makes from rows with a set
    height (``<row r="5" ht="30" customHeight="1">``: ``RowDimension(ws,
    r="5", ht="30", customHeight="1")``), made as copies of the first (the
    constructor's checks cost 4 µs a row; 编排记录 has thousands)."""
    from openpyxl.worksheet.dimensions import RowDimension

    out: dict[int, Any] = {}
    first = None
    new = RowDimension.__new__
    for r, ht in heights.items():
        if first is None:
            first = out[r] = RowDimension(ws, r=str(r), ht=ht, customHeight="1")
            continue
        dim = new(RowDimension)
        dim.__dict__.update(first.__dict__)  # openpyxl's descriptors keep their values there
        dim.__dict__["index"] = r
        dim.__dict__["ht"] = float(ht)
        dim.parent, dim._style = first.parent, first._style  # StyleableObject's slots
        out[r] = dim
    return out


def build(ws: Any, plain: PlainSheet) -> None:
    """Build the unbuilt worksheet ``ws`` as openpyxl's load would have: its
    cells from the parsed ones, everything else of the part (views, columns,
    validations, print settings …) by openpyxl's worksheet reader.  Each
    cell is the ``Cell(ws, row=r, column=c, style_array=…)`` that reader
    makes, its slots set directly (``Cell.__init__`` is most of the time)."""
    from openpyxl.styles.cell_style import StyleArray

    settings_of(ws, plain)
    if plain.heights:
        dims = ws.row_dimensions
        for r, dim in row_heights(ws, plain.heights).items():
            dims[r] = dim
    styles = ws.parent._cell_styles
    # each cell's style a copy: a write changes the cell's own
    make_cells(ws, ((r, c, value, kind, StyleArray(styles[style])) for r, c, value, kind, style in plain.parsed))


def make_cells(ws: Any, cells: Iterable[tuple[int, int, Any, str, Any]]) -> None:
    """openpyxl cells of ``ws``, each (row, column, value, data type, its
    own ``StyleArray`` or None) made as ``Cell(ws, row=r, column=c,
    style_array=…)`` makes it, its slots set directly (``Cell.__init__`` is
    most of the time)."""
    from openpyxl.cell.cell import Cell

    into = ws._cells
    new = Cell.__new__
    for r, c, value, kind, style in cells:
        cell = new(Cell)
        cell.parent = ws
        cell._style = style
        cell.row = r
        cell.column = c
        cell._value = value
        cell.data_type = kind
        cell._hyperlink = None
        cell._comment = None
        into[(r, c)] = cell
    if into:
        ws._current_row = ws.max_row


def _reader_class() -> Any:
    from openpyxl.reader.excel import ExcelReader

    class Reader(ExcelReader):
        """openpyxl's ExcelReader leaving plain worksheets unbuilt."""

        lazy = True

        def use_unpacked(self, path: Any, parts: dict[str, bytes]) -> None:
            """Read the members from ``parts`` (unpacked once already, by
            :func:`xlxq.backends.limits.check_workbook_zip`)."""
            archive: Any = self.archive  # type: ignore[has-type]  # (openpyxl has no types)
            archive.close()
            self.archive = UnpackedZip(path, parts)

        def read(self) -> None:
            """openpyxl's read, the file closed when it fails too (openpyxl
            closes it only at the end of a read that succeeds, and a part it
            was parsing when it failed would keep it open until collected)."""
            try:
                super().read()
            except BaseException:
                file = self.archive.fp  # a part left open by the failure keeps it open
                self.archive.close()
                if file is not None:
                    file.close()
                raise

        def read_workbook(self) -> None:
            super().read_workbook()
            self.wb.vba_archive = settled_archive(self.wb.vba_archive)

        def read_chartsheet(self, sheet: Any, rel: Any) -> None:
            """openpyxl's, but for a chart sheet without relationships (an
            empty chart sheet), which openpyxl's own read fails on: read as
            a chart sheet without charts."""
            from openpyxl.packaging.relationship import get_rels_path

            if get_rels_path(rel.target) in self.valid_files:
                super().read_chartsheet(sheet, rel)
                return
            from openpyxl.chartsheet import Chartsheet
            from openpyxl.xml.functions import fromstring

            with self.archive.open(rel.target, "r") as src:
                cs = Chartsheet.from_tree(fromstring(src.read()))
            cs._parent = self.wb
            cs.title = sheet.name
            self.wb._add_sheet(cs)

        def read_worksheets(self) -> None:
            #: name -> the part's cells (and bytes), for each unbuilt sheet
            self.unbuilt: dict[str, PlainSheet] = {}
            parser = self.parser
            sheets = list(parser.find_sheets())
            dated = set(self.wb._date_formats) | set(self.wb._timedelta_formats)
            styles = self.wb._cell_styles
            built = []
            for sheet, rel in sheets:
                if rel.target not in self.valid_files or "chartsheet" in rel.Type:
                    built.append((sheet, rel))
                    continue
                folder, _, name = rel.target.rpartition("/")
                plain = None
                if self.lazy and f"{folder}/_rels/{name}.rels" not in self.valid_files:
                    data = self.archive.read(rel.target)
                    plain = plain_cells(data, dated, self.shared_strings)
                    if plain is not None and max((p[4] for p in plain.parsed), default=0) >= len(styles):
                        plain = None  # a style the file does not have: openpyxl's load refuses it
                if plain is None:
                    built.append((sheet, rel))
                else:
                    plain.member = rel.target
                    self.unbuilt[sheet.name] = plain
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


def settled_archive(archive: Any) -> Any:
    """openpyxl's copy of an .xlsm file's parts (``wb.vba_archive``, a
    ``ZipFile`` appended to in memory, only read after the load) closed now
    and opened again for reading over the same bytes: an unclosed ``ZipFile``
    of mode "a" writes its directory when it is collected, and fails then
    ("Exception ignored") when the collector has closed its buffer first; one
    of mode "r" over a buffer holds nothing to close."""
    if archive is None or archive.mode == "r":
        return archive
    buffer = archive.fp
    archive.close()  # the directory written; the buffer (passed in) stays open
    return ZipFile(buffer, "r")


def lazy_reader(path: Any, keep_vba: bool, lazy: bool = True, parts: Optional[dict[str, bytes]] = None) -> Any:
    """An openpyxl ``ExcelReader`` of ``path`` (not read yet) that leaves
    plain worksheets unbuilt (``lazy``; else builds every sheet, as
    openpyxl's ``load_workbook``): after ``read()``, ``.wb`` is the
    workbook, ``.unbuilt`` the cells and bytes of each unbuilt sheet.
    ``parts``: the members unpacked already (the CRC check did), read from
    there rather than unpacked again."""
    reader = _reader_class()(path, False, keep_vba, False, True, False)
    reader.lazy = lazy
    if parts:
        reader.use_unpacked(path, parts)
    return reader


class UnpackedZip(ZipFile):
    """A ``ZipFile`` whose members are read from the bytes given (by name)
    when they are there: the zip's directory and anything else as usual."""

    def __init__(self, file: Any, parts: dict[str, bytes]):
        super().__init__(file)
        self._parts = parts

    def read(self, name: Any, pwd: Optional[bytes] = None) -> bytes:
        got = self._parts.get(getattr(name, "filename", name)) if pwd is None else None
        return got if got is not None else super().read(name, pwd)

    def open(self, name: Any, mode: Any = "r", pwd: Optional[bytes] = None, *, force_zip64: bool = False) -> Any:
        got = self._parts.get(getattr(name, "filename", name)) if mode == "r" and pwd is None else None
        if got is not None:
            return BytesIO(got)
        return super().open(name, mode, pwd, force_zip64=force_zip64)
