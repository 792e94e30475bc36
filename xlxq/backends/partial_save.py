"""Saving a loaded workbook with only the changed worksheets rewritten
(issue 14): the file backend (:mod:`xlxq.backends.openpyxl_book`) saves
through openpyxl's own writer, but every worksheet that the write plan did
not touch is copied from the original file byte for byte instead of being
serialised again cell by cell (openpyxl's pure-Python XML writer is most of
the time of a save: at round 6 of a 1 000-player event the five earlier
round sheets and the registration are more than half of the file).

openpyxl's save of a workbook it loaded from a file it wrote is idempotent
(every member but the save time in ``docProps/core.xml`` comes out
byte-identical), so the file written here is the file a full save writes:
the same members under the same names (openpyxl numbers the worksheet parts
by tab position, so a sheet after a new round sheet moves from
``sheet8.xml`` to ``sheet9.xml``: its bytes move with it), the same
workbook.xml, rels, [Content_Types].xml and styles.xml (openpyxl keeps the
cell styles it loaded in their order and appends new ones, so the style
numbers in a copied sheet still point at the same styles).

A worksheet is copied when the plan did not name it and its part is plain
(:mod:`xlxq.backends.lazy_sheets`: the sheets left unbuilt at the load), so
nothing in the rest of the file refers to it by a number that the save could
change: no relationships of its own (comments, notes' VML, drawings, tables,
external hyperlinks, printer settings: openpyxl renumbers those parts), no
shared strings (openpyxl writes none, every text is inline), no conditional
formatting (its ``dxfId`` numbers are appended again by every save of the
sheet).  Every other worksheet is written by openpyxl as before; a workbook
made in memory (no original file) is saved whole.

Lazy imports: openpyxl's writer is imported when a workbook is saved (a
JSON event never loads openpyxl: start-up time).
"""

from __future__ import annotations

import math
import os
from typing import Any, Optional

#: the deflate level of the parts written (zlib's 1, not its default 6): a
#: third of the time for a fifth more bytes on the parts a save writes (the
#: 1 000-player 编排记录 and 成绩表: 5 ms against 15 ms, 290 KB against 234 KB);
#: every zip reader reads any level
DEFLATE_LEVEL = 1

__all__ = [
    "DEFLATE_LEVEL",
    "save_keeping",
    "save_whole",
    "abandon",
    "sheet_data",
    "light_data",
    "cells_data",
    "escape",
    "copy_compressed",
]


def escape(text: str) -> str:
    """Text as ElementTree writes it (``&``, ``<``, ``>``; as
    ``xml.sax.saxutils.escape``, whose import costs 10 ms: it imports
    urllib.request)."""
    if "&" in text:
        text = text.replace("&", "&amp;")
    if "<" in text:
        text = text.replace("<", "&lt;")
    if ">" in text:
        text = text.replace(">", "&gt;")
    return text


def sheet_data(ws: Any) -> Optional[str]:
    """The ``<sheetData>`` element of ``ws`` exactly as openpyxl's worksheet
    writer writes it (:func:`save_keeping` checks nothing else: the tests
    compare the two on every kind of cell), or None when a cell is not one
    of the kinds written here: inline text, a finite number, a boolean, an
    error, an empty cell (styled or not); no formulas, dates, rich text,
    merged cells, comments, hyperlinks, row dimensions other than a set
    height.  The cells' style numbers are
    taken as openpyxl's writer takes them (new styles appended in order)."""
    rows: dict[int, str] = {}  # a row dimension's attributes, as the writer gives them
    if ws.row_dimensions:
        got = _row_attributes(ws)
        if got is None:
            return None  # a style, hidden, outline …: left to openpyxl
        rows = got
    from openpyxl.cell.cell import Cell

    items: list[tuple[int, int, Any, str, Any]] = []
    add = items.append
    for (r, c), cell in sorted(ws._cells.items()):
        if type(cell) is not Cell or cell._comment is not None or cell._hyperlink is not None:
            return None  # a merged cell, a comment, a hyperlink
        add((r, c, cell._value, cell.data_type, cell._style))
    return cells_data(ws.parent, items, rows)


def light_data(light: Any) -> Optional[str]:
    """:func:`sheet_data` of a :class:`xlxq.backends.light_sheets.LightSheet`
    (None: a height of 0, or rows whose dimension would carry a style
    number: the sheet is then built and left to openpyxl)."""
    rows: dict[int, str] = {}
    if light.heights:
        if not _dimension_unstyled(light.ws.parent):
            return None
        for r, h in light.heights.items():
            attr = _height_attribute(h)
            if attr is None:
                return None
            rows[r] = attr
    return cells_data(light.ws.parent, light.items(), rows)


def _dimension_unstyled(wb: Any) -> bool:
    """Whether a row dimension without a style writes no ``s``: its style
    number is 0 (the workbook's first cell style is the default one, as in
    every workbook openpyxl writes)."""
    from openpyxl.styles.cell_style import StyleArray

    return wb._cell_styles.add(StyleArray()) == 0


def _height_attribute(ht: Optional[float]) -> Optional[str]:
    """A row's attributes for a dimension with only a height ``ht`` (None:
    none set), as openpyxl's writer gives them; None for a height of 0
    (openpyxl writes customHeight without ht: left to it) or one not finite.
    The height is a float (openpyxl's descriptor makes it one), written as
    openpyxl's ``safe_string`` writes a number."""
    if ht is None:
        return ""
    if not ht or not math.isfinite(ht):
        return None
    return f' ht="{"%.16g" % ht}" customHeight="1"'  # noqa: UP031  (openpyxl's own format)


def cells_data(wb: Any, items: list[tuple[int, int, Any, str, Any]], rows: dict[int, str]) -> Optional[str]:
    """The ``<sheetData>`` of the cells ``items`` in row order (row, column,
    value, data type, ``StyleArray`` or None) and the row dimensions
    ``rows`` (row → their attributes), as openpyxl's writer writes them:
    the one serialiser of built and light sheets (see :func:`sheet_data`)."""
    out: list[str] = []
    add = out.append
    current = 0
    from openpyxl.utils.cell import get_column_letter

    pending = sorted(rows, reverse=True)  # the dimensions' rows, the next one last

    def rows_between(low: int, high: int) -> None:
        """The rows with only a dimension (openpyxl writes them empty), in order."""
        while pending and pending[-1] < high:
            k = pending.pop()
            if k > low:
                add(f'<row r="{k}"{rows[k]}></row>')

    letters: dict[int, str] = {}
    attrs: dict[bytes, str] = {}  # a style's ' s="…"', by its StyleArray's bytes
    cell_styles = wb._cell_styles
    for r, c, v, kind, style in items:
        if r != current:
            if current:
                add("</row>")
            if rows:
                rows_between(current, r)
            add(f'<row r="{r}"{rows.get(r, "")}>')
            current = r
        styled = style is not None and any(style)  # cell.has_style
        if v is None and not styled:
            continue
        col = letters.get(c)
        if col is None:
            col = letters[c] = get_column_letter(c)
        if styled:
            key = style.tobytes()
            s_attr = attrs.get(key)
            if s_attr is None:  # cell.style_id: added at its first use, as the writer does
                s_attr = attrs[key] = f' s="{cell_styles.add(style)}"'
        else:
            s_attr = ""
        if kind == "s":
            if v is None or v == "":
                add(f'<c r="{col}{r}"{s_attr} t="inlineStr" />')
            elif type(v) is not str:
                return None
            else:
                space = ' xml:space="preserve"' if (v[0].isspace() or v[-1].isspace()) and v.strip() else ""
                if "&" in v or "<" in v or ">" in v:
                    v = escape(v)
                add(f'<c r="{col}{r}"{s_attr} t="inlineStr"><is><t{space}>{v}</t></is></c>')
            continue
        if kind == "n" and (type(v) is int or type(v) is float):
            if math.isfinite(v):
                add(f'<c r="{col}{r}"{s_attr} t="n"><v>{"%.16g" % v}</v></c>')  # noqa: UP031  (openpyxl's own format)
                continue
            return None
        if kind not in ("n", "b", "e", "inlineStr", "str"):
            return None
        if v is None or v == "":
            add(f'<c r="{col}{r}"{s_attr} t="{kind}" />')
        elif kind == "b" and type(v) is bool:
            add(f'<c r="{col}{r}"{s_attr} t="b"><v>{1 if v else 0}</v></c>')
        elif kind == "e" and type(v) is str:
            add(f'<c r="{col}{r}"{s_attr} t="e"><v>{escape(v)}</v></c>')
        else:
            return None
    if current:
        add("</row>")
    if rows:
        rows_between(current, 1 << 31)
    return "<sheetData>" + "".join(out) + "</sheetData>" if out else None


def _row_attributes(ws: Any) -> Optional[dict[int, str]]:
    """The attributes openpyxl's writer gives each row dimension of ``ws``
    (``dict(dim)``: nothing, or a set height ``ht="…" customHeight="1"``),
    or None when one has anything else (a style, hidden, an outline …).
    ``dict(dim)`` costs 3 µs a dimension (编排记录 has thousands); what it
    gives is read here from the dimension's fields, and asked of it only
    when one of them is set.  Its ``s`` (the style's number) is 0 for a
    dimension without a style when the workbook's first cell style is the
    default one (as every workbook openpyxl writes has it): only then."""
    out: dict[int, str] = {}
    plain = _dimension_unstyled(ws.parent)
    for r, dim in ws.row_dimensions.items():
        d = dim.__dict__
        style = dim._style
        if (
            not plain
            or (style is not None and any(style))
            or d.get("hidden")
            or d.get("outlineLevel")
            or d.get("collapsed")
            or d.get("thickBot")
            or d.get("thickTop")
        ):
            attrs = dict(dim)  # openpyxl's own answer
            if attrs and attrs.keys() != {"ht", "customHeight"}:
                return None
            out[r] = f' ht="{attrs["ht"]}" customHeight="1"' if attrs else ""
            continue
        attr = _height_attribute(d.get("ht"))
        if attr is None:
            return None
        out[r] = attr
    return out


def save_keeping(
    wb: Any,
    path: str | os.PathLike,
    keep: dict[str, bytes],
    source: Optional[str | os.PathLike] = None,
    members: Optional[dict[str, str]] = None,
    light: Optional[dict[str, Any]] = None,
) -> None:
    """Save ``wb`` to ``path`` as openpyxl's ``Workbook.save`` does, the
    worksheets named in ``keep`` written as the bytes given, the cells of
    the others by :func:`sheet_data` where it can.  A kept worksheet whose
    part is in the file ``source`` (``members``: sheet → part name) with
    the same bytes is copied compressed as it is there
    (:func:`copy_compressed`), not compressed again.  ``light``: the
    worksheets whose cells are a :class:`xlxq.backends.light_sheets.LightSheet`
    (by name; one that must be built is built and taken out)."""
    import datetime
    from contextlib import ExitStack
    from io import BytesIO
    from zipfile import ZIP_DEFLATED, ZipFile

    from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing
    from openpyxl.packaging.relationship import RelationshipList
    from openpyxl.worksheet._writer import WorksheetWriter
    from openpyxl.writer.excel import ExcelWriter
    from openpyxl.xml.functions import Element

    lights = light if light is not None else {}

    class FastRows(WorksheetWriter):
        body: Optional[str] = None

        def write_dimensions(self) -> None:
            got = lights.get(self.ws.title)
            if got is None:
                super().write_dimensions()
            else:
                from openpyxl.worksheet.dimensions import SheetDimension

                self.xf.send(SheetDimension(got.dimension()).to_tree())

        def write_rows(self) -> None:
            got = lights.get(self.ws.title)
            if got is not None:
                self.body = light_data(got)
                if self.body is None:  # not a light sheet's kind of row: built, written by openpyxl
                    got.materialise()
                    del lights[self.ws.title]
            else:
                self.body = sheet_data(self.ws)
            if self.body is None:
                super().write_rows()
            else:
                self.xf.send(Element("sheetData"))  # a place for the body, filled below

    class KeepingWriter(ExcelWriter):
        def write_worksheet(self, ws: Any) -> None:
            data = keep.get(ws.title)
            ws._drawing = SpreadsheetDrawing()
            if data is None:
                ws._drawing.charts = ws._charts
                ws._drawing.images = ws._images
                writer = FastRows(ws, out=BytesIO())
                try:
                    writer.write()
                except BaseException:
                    writer.close()  # the stream ends now, not when collected
                    raise
                ws._rels = writer._rels
                data = writer.out.getvalue()
                if writer.body is not None:
                    data = data.replace(b"<sheetData />", writer.body.encode("utf-8"), 1)
            else:
                ws._rels = RelationshipList()
                part = (members or {}).get(ws.title)
                if original is not None and part and copy_compressed(original, part, data, self._archive, ws.path[1:]):
                    self.manifest.append(ws)
                    return
            self._archive.writestr(ws.path[1:], data)
            self.manifest.append(ws)

    if wb.read_only or wb.write_only:
        raise ValueError("a read-only or write-only workbook cannot be saved part by part")
    with ExitStack() as stack:
        original = None
        if source is not None and keep and members:
            try:
                original = stack.enter_context(ZipFile(source))
            except (OSError, ValueError):  # the parts are compressed again
                original = None
        archive = ZipFile(path, "w", ZIP_DEFLATED, allowZip64=True, compresslevel=DEFLATE_LEVEL)
        try:
            wb.properties.modified = datetime.datetime.now(tz=datetime.timezone.utc).replace(tzinfo=None)
            KeepingWriter(wb, archive).save()
        except BaseException:
            abandon(archive)
            raise


def abandon(archive: Any) -> None:
    """A ``ZipFile`` being written whose writing failed (a full disk): its
    file closed now, without the directory ``close`` would write.  Left
    open, the collector's ``ZipFile.__del__`` would try that write later and
    print a traceback after the message (the file is removed by the save)."""
    fp, archive.fp = archive.fp, None
    if fp is not None:
        try:
            fp.close()
        except OSError:  # the buffer's last bytes did not fit either
            pass


def save_whole(wb: Any, path: str | os.PathLike) -> None:
    """``wb`` saved as openpyxl's ``Workbook.save`` does; a failed write is
    abandoned (:func:`abandon`; for :func:`xlxq.backends.safety.atomic_save`)."""
    import datetime
    from zipfile import ZIP_DEFLATED, ZipFile

    from openpyxl.writer.excel import ExcelWriter

    archive = ZipFile(path, "w", ZIP_DEFLATED, allowZip64=True)
    try:
        wb.properties.modified = datetime.datetime.now(tz=datetime.timezone.utc).replace(tzinfo=None)
        ExcelWriter(wb, archive).save()
    except BaseException:
        abandon(archive)
        raise


def copy_compressed(source: Any, part: str, data: bytes, archive: Any, name: str) -> bool:
    """Write the member ``part`` of the open ``ZipFile`` ``source`` into the
    ``ZipFile`` ``archive`` being written, as ``name``, with its compressed
    bytes as they are (the time of compressing it again saved), when it
    holds exactly ``data`` (its CRC-32 and size; deflated or stored, not
    encrypted); else write nothing and say False (the caller compresses
    ``data``).  Uses zipfile's writing internals (as ``ZipFile.writestr``
    does, with the sizes known beforehand): where they are not as expected
    it says False before writing anything."""
    import struct
    import time
    import zipfile
    import zlib

    try:
        info = source.getinfo(part)
    except KeyError:
        return False
    if (
        info.compress_type not in (zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED)
        or info.flag_bits & 0x1
        or info.file_size != len(data)
        or info.compress_size > zipfile.ZIP64_LIMIT
        or info.CRC != zlib.crc32(data)
        or not all(hasattr(archive, a) for a in ("_lock", "_writecheck", "start_dir", "_seekable", "_didModify"))
        or getattr(archive, "_writing", False)
        or not archive._seekable
    ):
        return False
    fp = source.fp
    fp.seek(info.header_offset)
    header = fp.read(30)
    if len(header) != 30 or header[:4] != b"PK\x03\x04":
        return False
    name_length, extra_length = struct.unpack("<HH", header[26:30])
    fp.seek(info.header_offset + 30 + name_length + extra_length)
    raw = fp.read(info.compress_size)
    if len(raw) != info.compress_size:
        return False
    zinfo = zipfile.ZipInfo(name, date_time=time.localtime(time.time())[:6])  # as writestr makes it
    zinfo.compress_type = info.compress_type
    zinfo.external_attr = 0o600 << 16
    zinfo.file_size, zinfo.compress_size, zinfo.CRC = info.file_size, info.compress_size, info.CRC
    with archive._lock:
        archive.fp.seek(archive.start_dir)
        zinfo.header_offset = archive.fp.tell()
        archive._writecheck(zinfo)
        archive._didModify = True
        archive.fp.write(zinfo.FileHeader(False))
        archive.fp.write(raw)
        archive.start_dir = archive.fp.tell()
        archive.filelist.append(zinfo)
        archive.NameToInfo[zinfo.filename] = zinfo
    return True
