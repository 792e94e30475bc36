"""Drive the Excel entry points through xlwings itself, without Excel.

xlwings' *remote* engine (``xw.Book(json=payload)``, the engine behind
xlwings Server and Lite) runs the same xlwings API our code uses (sheets,
ranges, ``Book.caller()``, conversion) against a JSON snapshot of the
workbook and returns the writes as a list of actions, which a client (VBA's
``Remote.bas``, Office.js, …) would then carry out in Excel.  This module
plays both ends with openpyxl:

1. :func:`payload_from_xlsx` builds the payload the VBA client would send
   for an .xlsx/.xlsm: every worksheet's values anchored at A1, encoded like
   VBA-Web's ``ConvertToJson`` (dates as ``…T…Z`` strings, empty cells null).
   COM gives every number as a float; ``numbers="com"`` (default) does the
   same, ``numbers="wire"`` sends whole numbers as JSON ints like the VBA
   client's ``CStr``.
2. :func:`run_as_caller` makes that payload a book, sets it as the mock
   caller (``Book.set_mock_caller``), calls e.g. ``xlxq.excel.pair_next_round()``
   and takes ``book.json()["actions"]``.
3. :func:`apply_actions` carries the actions out on the openpyxl workbook
   as the VBA client would: only the 37 actions ``Remote.bas`` has (anything
   else raises :class:`UnsupportedAction`, as ``Application.Run`` would fail
   in Excel), ``addSheet`` as ``Sheets.Add`` before the active sheet followed
   by ``Move After:=Worksheets(n)``, ``setValues`` through ``ParseIso`` and
   Excel's typing rules (a leading apostrophe is the text prefix; an
   unprotected string that looks like a number, time, date or formula is
   converted and reported in :attr:`Applied.coerced`), ``setRangeColor``
   failing on null like ``HexToRgb(String)``, ``alert`` recorded.

The licence: the remote engine is in ``xlwings.pro`` and needs
``XLWINGS_LICENSE_KEY``; the tests set ``noncommercial`` themselves.

What this does not show (docs/excel.md): the COM engine (``_xlwindows``),
VBA, Excel's own behaviour; the applier is ours and approximates Excel.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

import openpyxl
from openpyxl.styles import PatternFill

from xlxq.backends.xlwings_book import OFFICEJS_COSMETIC_ACTIONS, VBA_CLIENT_ACTIONS

EXCEL_MAX_ROWS = 1048576
_EPOCH = dt.datetime(1899, 12, 30)


class UnsupportedAction(Exception):
    """An action the client does not implement (Excel: 'Cannot run the macro …')."""


class ClientError(Exception):
    """An action the client implements but would fail on (a VBA runtime error)."""


# --------------------------------------------------------------------------
# 1. payload
# --------------------------------------------------------------------------


def _encode(v: Any, client: str, numbers: str) -> Any:
    if v is None:
        return "" if client == "Office.js" else None
    if isinstance(v, bool):
        return v
    if isinstance(v, (int, float)):
        if numbers == "com":
            return float(v)
        if isinstance(v, float):
            x = float(f"{v:.15g}")  # VBA CStr: 15 significant digits
            return int(x) if x.is_integer() else x
        return v
    if isinstance(v, dt.datetime):
        return v.strftime("%Y-%m-%dT%H:%M:%S.000Z")
    if isinstance(v, dt.date):
        return v.strftime("%Y-%m-%dT00:00:00.000Z")
    if isinstance(v, dt.time):
        return (_EPOCH + dt.timedelta(hours=v.hour, minutes=v.minute, seconds=v.second)).strftime(
            "%Y-%m-%dT%H:%M:%S.000Z"
        )
    if isinstance(v, dt.timedelta):
        return v.total_seconds() / 86400
    return str(v)


def payload_from_xlsx(
    path: str | Path,
    client: str = "VBA",
    numbers: str = "com",
    active_sheet: Optional[str | int] = None,
    selection: str = "A1",
) -> dict:
    """The remote-engine payload of a file, as the ``client`` would send it."""
    import xlwings as xw

    path = Path(path)
    wb = openpyxl.load_workbook(path, data_only=True)
    sheets = []
    for ws in wb.worksheets:
        nrows, ncols = ws.max_row, ws.max_column
        if nrows == 1 and ncols == 1 and ws.cell(row=1, column=1).value is None:
            values: list = [[]] if client != "Office.js" else [[""]]
        else:
            values = [
                [_encode(c.value, client, numbers) for c in row]
                for row in ws.iter_rows(min_row=1, max_row=nrows, max_col=ncols)
            ]
        s = {"name": ws.title, "values": values, "pictures": [], "tables": []}
        if client == "Office.js":
            s.update(
                visibility="Visible" if ws.sheet_state == "visible" else "Hidden",
                show_gridlines=True,
                print_area=None,
                notes=[],
                notes_supported=True,
                shapes=[],
                charts=[],
                pivot_tables=[],
            )
        sheets.append(s)
    if active_sheet is None:
        active = wb.active.title if wb.active is not None else wb.worksheets[0].title
        index = wb.sheetnames.index(active)
    elif isinstance(active_sheet, int):
        index = active_sheet
    else:
        index = wb.sheetnames.index(active_sheet)
    return {
        "client": client,
        "version": xw.__version__,
        "book": {"name": path.name, "active_sheet_index": index, "selection": selection},
        "names": [],
        "sheets": sheets,
    }


# --------------------------------------------------------------------------
# 2. run
# --------------------------------------------------------------------------


@dataclass
class RemoteRun:
    actions: list[dict]
    result: Any


def ensure_remote_engine() -> None:
    """Register xlwings' remote engine if xlwings was imported without a
    licence key in the environment (it registers it only at import)."""
    import os

    import xlwings as xw

    if "remote" in [e.name for e in xw.engines]:
        return
    if not os.environ.get("XLWINGS_LICENSE_KEY"):
        raise RuntimeError("the remote engine needs XLWINGS_LICENSE_KEY (the tests set 'noncommercial')")
    from xlwings.pro import _xlremote  # validates the key

    xw.engines.add(xw.main.Engine(impl=_xlremote.engine))


def run_as_caller(
    payload: dict, fn: Callable[..., Any], *args: Any, pass_book: bool = False, **kwargs: Any
) -> RemoteRun:
    """Run ``fn(*args)`` with the payload's book as ``xw.Book.caller()``
    (``pass_book=True``: as ``fn(book, *args)``, xlwings Server style)."""
    import xlwings as xw

    ensure_remote_engine()
    from xlwings.pro import _xlremote

    _xlremote.get_range_api.cache_clear()  # lru_cache keyed on values: True == 1 == 1.0 collide
    book = xw.Book(json=json.loads(json.dumps(payload)))  # as received; the engine mutates its copy
    book.set_mock_caller()
    try:
        result = fn(book, *args, **kwargs) if pass_book else fn(*args, **kwargs)
        # the actions travel as JSON to the client
        actions = json.loads(json.dumps(book.json()["actions"], ensure_ascii=False))
    finally:
        if hasattr(xw.Book, "_mock_caller"):
            del xw.Book._mock_caller
        try:
            book.impl.books.books.remove(book.impl)
        except (AttributeError, ValueError):
            pass
        _xlremote.get_range_api.cache_clear()
    return RemoteRun(actions, result)


# --------------------------------------------------------------------------
# 3. apply
# --------------------------------------------------------------------------


@dataclass
class Applied:
    alerts: list[dict] = field(default_factory=list)
    coerced: list[str] = field(default_factory=list)  # strings Excel would not have kept as text
    active: Optional[str] = None
    funcs: list[str] = field(default_factory=list)
    cosmetics: list[dict] = field(default_factory=list)  # Office.js looks: recorded, not emulated
    pictures: list[tuple] = field(default_factory=list)  # (sheet, anchor cell, left, top) of each addPicture


def _cint(s: str) -> int:
    s = s.strip()
    if not re.fullmatch(r"[+-]?\d+(\.\d*)?", s):
        raise ValueError(s)
    return round(float(s))


def parse_iso(s: str) -> Optional[dt.datetime]:
    """VBA-Web's ParseIso as Remote.bas uses it (None where it raises)."""
    try:
        parts = s.split("T")
        d = parts[0].split("-")
        out = dt.datetime(_cint(d[0]), _cint(d[1]), _cint(d[2]))
        if len(parts) > 1:
            t = parts[1].replace("Z", "")
            for sign in "+-":
                if sign in t:
                    t = t.split(sign)[0]
            tp = t.split(":")
            h = _cint(tp[0])
            m = _cint(tp[1]) if len(tp) > 1 else 0
            sec = int(float(re.match(r"\s*[\d.]*", tp[2]).group() or 0)) if len(tp) > 2 else 0
            out += dt.timedelta(hours=h, minutes=m, seconds=sec)
        return out
    except (ValueError, IndexError, OverflowError, AttributeError):
        return None


_NUMBER = re.compile(r"[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?%?")
_TIME = re.compile(r"(\d{1,2}):(\d{1,2})(:(\d{1,2}))?")
_DATE = re.compile(r"\d{1,4}[-/.]\d{1,2}([-/.]\d{1,4})?|\d{1,2}月\d{1,2}日|\d{4}年\d{1,2}月(\d{1,2}日)?")


def excel_typed(value: Any, text_format: bool) -> tuple[Any, Optional[str]]:
    """What Excel stores when a VBA array element is assigned to
    ``Range.Value`` (roughly: typing it), and why when it is not the text."""
    if not isinstance(value, str):
        return value, None
    if value == "":
        return None, None
    if value.startswith("'"):
        return value[1:], None
    if text_format:
        return value, None
    s = value.strip()
    if s.startswith("="):
        return value, "formula"
    if s[:1] in "+-@" and len(s) > 1 and not _NUMBER.fullmatch(s):
        return value, "formula"
    if _NUMBER.fullmatch(s):
        x = float(s.rstrip("%").replace(",", "."))
        return (x / 100 if s.endswith("%") else x), "number"
    m = _TIME.fullmatch(s)
    if m and int(m.group(1)) < 24 and int(m.group(2)) < 60:
        return dt.time(int(m.group(1)), int(m.group(2)), int(m.group(4) or 0)), "time"
    if _DATE.fullmatch(s):
        return value, "date"
    if s.upper() in ("TRUE", "FALSE"):
        return s.upper() == "TRUE", "boolean"
    return value, None


def _cells(ws: Any, a: dict):
    r0, c0 = a["start_row"] + 1, a["start_column"] + 1
    nrows = a["row_count"]
    if nrows >= EXCEL_MAX_ROWS:
        nrows = max(ws.max_row - r0 + 1, 1)
    for r in range(r0, r0 + nrows):
        for c in range(c0, c0 + a["column_count"]):
            yield ws.cell(row=r, column=c)


def apply_actions(wb: Any, actions: list[dict], client: str = "VBA", active_sheet_index: int = 0) -> Applied:
    """Carry out ``actions`` on the openpyxl workbook ``wb`` like ``client``."""
    out = Applied()
    active = active_sheet_index
    for a in actions:
        func = a["func"]
        out.funcs.append(func)
        args = a.get("args") or []
        if client != "Office.js" and func not in VBA_CLIENT_ACTIONS:
            raise UnsupportedAction(f"{func}: not implemented by the {client} client (Remote.bas)")
        ws = wb.worksheets[a["sheet_position"]] if a.get("sheet_position") is not None else None
        if func == "addSheet":
            pos, name = args[0], args[1]
            if client == "Office.js":
                wb.create_sheet(name, pos)
                active = pos
            else:
                new = wb.create_sheet(name, active)  # Sheets.Add: before the active sheet
                target = wb.worksheets[pos]  # Move After:=Worksheets(pos + 1)
                if target is not new:
                    wb._sheets.remove(new)
                    wb._sheets.insert(wb._sheets.index(target) + 1, new)
                active = wb._sheets.index(new)
        elif func == "activateSheet":
            active = args[0]
            if wb.worksheets[active].sheet_state != "visible":
                raise ClientError(f"activateSheet: sheet {wb.worksheets[active].title!r} is hidden")
        elif func == "setValues":
            r0, c0 = a["start_row"] + 1, a["start_column"] + 1
            for i, row in enumerate(a["values"]):
                for j, v in enumerate(row):
                    cell = ws.cell(row=r0 + i, column=c0 + j)
                    if isinstance(v, str) and parse_iso(v) is not None:
                        new, why = parse_iso(v), "date (ParseIso)"
                    else:
                        new, why = excel_typed(v, cell.number_format == "@")
                    if why:
                        out.coerced.append(f"{ws.title}!{cell.coordinate}: {v!r} -> {why}")
                    cell.value = new
                    if isinstance(new, str) and new.startswith("="):
                        cell.data_type = "s"
        elif func == "setRangeColor":
            colour = args[0]
            if colour is None and client != "Office.js":
                raise ClientError("setRangeColor: Invalid use of Null (HexToRgb(ByVal hexColor As String))")
            fill = (
                PatternFill(fill_type=None)
                if colour is None
                else PatternFill(
                    fill_type="solid",
                    fgColor="FF" + colour.lstrip("#").upper(),
                    bgColor="FF" + colour.lstrip("#").upper(),
                )
            )
            for cell in _cells(ws, a):
                cell.fill = fill
        elif func == "setNumberFormat":
            for cell in _cells(ws, a):
                cell.number_format = args[0]
        elif func in ("rangeClearContents", "rangeClear"):
            for cell in _cells(ws, a):
                cell.value = None
                if func == "rangeClear":
                    cell.style = "Normal"
        elif func in ("sheetClear", "sheetClearContents"):
            for row in ws.iter_rows():
                for cell in row:
                    cell.value = None
        elif func == "addPicture":  # Shapes.AddPicture at the anchor cell, the picture's own size
            import base64
            from io import BytesIO

            from openpyxl.drawing.image import Image
            from openpyxl.utils import get_column_letter

            img = Image(BytesIO(base64.b64decode(args[0])))
            img.anchor = f"{get_column_letter(args[1] + 1)}{args[2] + 1}"
            ws.add_image(img)
            out.pictures.append((ws.title, img.anchor, args[3], args[4]))
        elif func in ("setPictureWidth", "setPictureHeight"):  # points; openpyxl's size is in pixels
            img = ws._images[args[0]]
            setattr(img, "width" if func == "setPictureWidth" else "height", round(args[1] * 96 / 72))
        elif func == "setSheetName":
            ws.title = args[0]
        elif func == "sheetDelete":
            wb.remove(ws)
        elif client == "Office.js" and func in OFFICEJS_COSMETIC_ACTIONS:
            out.cosmetics.append(a)
        elif func == "alert":
            out.alerts.append({"prompt": args[0], "title": args[1], "buttons": args[2], "mode": args[3]})
        else:
            raise NotImplementedError(f"the harness does not emulate {func}")
    if wb.worksheets:
        out.active = wb.worksheets[active].title
        if wb.worksheets[active].sheet_state == "visible":
            wb.active = active
    return out


# --------------------------------------------------------------------------
# all three
# --------------------------------------------------------------------------


@dataclass
class HarnessResult:
    actions: list[dict]
    applied: Applied
    result: Any

    @property
    def alerts(self) -> list[dict]:
        return self.applied.alerts


def run_workbook_function(
    src: str | Path,
    fn: Callable[..., Any],
    *args: Any,
    dst: str | Path | None = None,
    client: str = "VBA",
    numbers: str = "com",
    active_sheet: Optional[str | int] = None,
    pass_book: bool = False,
    **kwargs: Any,
) -> HarnessResult:
    """payload(src) → ``fn`` as the caller → actions applied → saved to
    ``dst`` (default: ``src``).  .xlsm files keep their VBA project."""
    src = Path(src)
    dst = Path(dst) if dst is not None else src
    payload = payload_from_xlsx(src, client=client, numbers=numbers, active_sheet=active_sheet)
    run = run_as_caller(payload, fn, *args, pass_book=pass_book, **kwargs)
    wb = openpyxl.load_workbook(src, keep_vba=src.suffix.lower() == ".xlsm")
    applied = apply_actions(wb, run.actions, client=client, active_sheet_index=payload["book"]["active_sheet_index"])
    wb.save(dst)
    return HarnessResult(run.actions, applied, run.result)
