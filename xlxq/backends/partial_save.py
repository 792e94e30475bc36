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

import os
from typing import Any

__all__ = ["save_keeping"]


def save_keeping(wb: Any, path: str | os.PathLike, keep: dict[str, bytes]) -> None:
    """Save ``wb`` to ``path`` as openpyxl's ``Workbook.save`` does, the
    worksheets named in ``keep`` written as the bytes given."""
    import datetime
    from zipfile import ZIP_DEFLATED, ZipFile

    from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing
    from openpyxl.packaging.relationship import RelationshipList
    from openpyxl.writer.excel import ExcelWriter

    class KeepingWriter(ExcelWriter):
        def write_worksheet(self, ws: Any) -> None:
            data = keep.get(ws.title)
            if data is None:
                super().write_worksheet(ws)
                return
            ws._drawing = SpreadsheetDrawing()
            ws._rels = RelationshipList()
            self._archive.writestr(ws.path[1:], data)
            self.manifest.append(ws)

    if wb.read_only or wb.write_only:
        raise ValueError("a read-only or write-only workbook cannot be saved part by part")
    archive = ZipFile(path, "w", ZIP_DEFLATED, allowZip64=True)
    wb.properties.modified = datetime.datetime.now(tz=datetime.timezone.utc).replace(tzinfo=None)
    KeepingWriter(wb, archive).save()
