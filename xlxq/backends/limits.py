"""Input limits, checked before any work starts (docs/reliability.md): a
hostile or broken file is refused with a message naming the file and the
limit, never read into memory whole or half-understood.

- JSON (:func:`parse_json`): nesting depth, duplicate keys, integers of more
  than :data:`MAX_INT_DIGITS` digits, numbers beyond :data:`MAX_NUMBER` or
  not finite (``NaN``, ``Infinity``, ``1e400``), strings longer than
  :data:`MAX_STRING`, control characters and lone surrogates in strings;
- workbooks (:func:`check_workbook_zip`): the zip's members and unpacked
  sizes (a "zip bomb"), their CRCs; after the load, each read sheet's
  dimensions (:func:`check_sheet_size`) and each cell's text length and
  number size (:func:`cell_problem`).  The XML itself is parsed by openpyxl
  through ``defusedxml``: entity declarations are refused
  (:func:`xml_attack_error`).

Lazy imports: defusedxml and openpyxl's helpers are imported when a
workbook is checked (a JSON event never loads them: start-up time).
"""

from __future__ import annotations

import json
import math
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any, Optional

from xlxq.errors import InputError
from xlxq.i18n import Msg

#: JSON: deepest nesting (the format itself has 5 levels)
MAX_DEPTH = 32
#: digits of a whole number (JSON) — a player number, a rating, a random seed
MAX_INT_DIGITS = 20
#: largest number in a JSON file or a cell (Excel keeps 15 digits)
MAX_NUMBER = 1e15
#: longest text (JSON string or cell: Excel's own limit for a cell)
MAX_STRING = 32767
#: workbook: unpacked size of one zip member and of all of them
MAX_MEMBER = 256 * 1024 * 1024
MAX_UNPACKED = 512 * 1024 * 1024
MAX_MEMBERS = 10000
#: rows and columns of a sheet that is read, and its cells (rows × columns)
MAX_ROWS = 100_000
MAX_COLS = 1_000
MAX_CELLS = 3_000_000

__all__ = [
    "MAX_DEPTH",
    "MAX_INT_DIGITS",
    "MAX_NUMBER",
    "MAX_STRING",
    "MAX_MEMBER",
    "MAX_UNPACKED",
    "MAX_MEMBERS",
    "MAX_ROWS",
    "MAX_COLS",
    "MAX_CELLS",
    "parse_json",
    "check_workbook_zip",
    "check_sheet_size",
    "cell_problem",
    "xml_attack_error",
    "load_error",
]

#: in a cell: control characters but tab and line breaks (Alt+Enter in a
#: note), lone surrogates; in a JSON string (every one is a short label,
#: printed on one line): line breaks and tabs too
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
_BAD_JSON_CHARS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class _Refused(Exception):
    def __init__(self, msg: Msg, number: bool = False):
        super().__init__(msg.id)
        self.msg = msg
        self.number = number  # refused by the parser's number hooks, which do not know where


def _float(s: str) -> float:
    x = float(s)
    if not math.isfinite(x) or abs(x) > MAX_NUMBER:
        raise _Refused(Msg("limits.number-too-large", s=s[:40], most=f"{MAX_NUMBER:g}"), number=True)
    return x


def _constant(s: str) -> Any:
    raise _Refused(Msg("limits.not-a-json-number", s=s), number=True)


class _BadNumber:
    """A number the limits refuse, kept in place by :func:`_number_place`'s parse."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text


def _number_place(text: str) -> Optional[str]:
    """Where the first number the limits refuse is (``$.players[3].rating``):
    a second parse, made only after a refusal, keeping such numbers in place
    (the parser's number hooks are not told where they are); None when
    the text does not parse so."""

    def real(s: str) -> Any:
        try:
            return _float(s)
        except _Refused:
            return _BadNumber(s)

    def whole(s: str) -> Any:
        return _BadNumber(s) if len(s.lstrip("-")) > MAX_INT_DIGITS else 0

    try:
        data = json.loads(text, parse_float=real, parse_int=whole, parse_constant=_BadNumber)
    except (ValueError, RecursionError):
        return None
    stack: list[tuple[Any, str]] = [(data, "$")]
    while stack:
        v, where = stack.pop()
        if type(v) is _BadNumber:
            return where
        if type(v) is dict:
            stack.extend((x, f"{where}.{k}") for k, x in reversed(list(v.items())))
        elif type(v) is list:
            stack.extend((x, f"{where}[{i}]") for i, x in reversed(list(enumerate(v))))
    return None


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for k, _ in pairs:
            if k in seen:
                raise _Refused(Msg("limits.key-twice", k=repr(k)))
            seen.add(k)
    return out


def _walk(v: Any, where: str, depth: int) -> None:
    if depth > MAX_DEPTH:
        raise _Refused(Msg("limits.nested-too-deep", where=where, most=MAX_DEPTH))
    if type(v) is str:
        if len(v) > MAX_STRING:
            raise _Refused(Msg("limits.text-too-long", where=where, n=len(v), most=MAX_STRING))
        m = _BAD_JSON_CHARS.search(v)
        if m:
            code = f"U+{ord(m.group()):04X}"
            raise _Refused(Msg("limits.control-character", where=where, code=code))
    elif type(v) is int and len(str(abs(v))) > MAX_INT_DIGITS:
        digits = len(str(abs(v)))
        raise _Refused(Msg("limits.integer-too-long", where=where, digits=digits, most=MAX_INT_DIGITS))
    elif type(v) is dict:
        for k, x in v.items():
            _walk(k, where, depth + 1)
            _walk(x, f"{where}.{k}" if len(where) < 200 else where, depth + 1)
    elif type(v) is list:
        for i, x in enumerate(v):
            _walk(x, f"{where}[{i}]" if len(where) < 200 else where, depth + 1)


#: a whole number of more than MAX_INT_DIGITS digits has more bits than this
_INT_BITS = math.floor(MAX_INT_DIGITS * math.log2(10))
_KEY_END = re.compile(r'"\s*:')


def _fine(v: Any, depth: int, keys: list[int]) -> bool:
    """Whether ``v`` is within the limits (the quick pass; :func:`_walk`
    then names what is not); ``keys`` counts the keys of every object."""
    if depth > MAX_DEPTH:
        return False
    items = v.values() if type(v) is dict else v
    if type(v) is dict:
        keys[0] += len(v)
        for k in v:
            if len(k) > MAX_STRING or (not k.isprintable() and _BAD_JSON_CHARS.search(k)):
                return False
    for x in items:
        t = type(x)
        if t is str:
            if len(x) > MAX_STRING or (not x.isprintable() and _BAD_JSON_CHARS.search(x)):
                return False
        elif t is int:
            if x.bit_length() > _INT_BITS:
                return False
        elif t is dict or t is list:
            if not _fine(x, depth + 1, keys):
                return False
    return True


def parse_json(text: str, path: Path) -> Any:
    """The data of the JSON file ``path`` (its ``text``), within the limits.

    Made for speed on a valid file (1 000 players: a few ms over
    ``json.loads``): one quick pass over the data; duplicate keys are looked
    for (with a second, exact parse) only when the keys in the text
    outnumber those read."""
    try:
        data = json.loads(text, parse_float=_float, parse_constant=_constant)
        keys = [0]
        if type(data) is str:
            _walk(data, "$", 0)
        elif type(data) in (dict, list) and not _fine(data, 1, keys):
            _walk(data, "$", 0)
        if len(_KEY_END.findall(text)) > keys[0]:
            json.loads(text, object_pairs_hook=_pairs, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise InputError(
            Msg(
                "limits.is-not-valid-json-line-column", name=path.name, lineno=exc.lineno, colno=exc.colno, msg=exc.msg
            ),
            file=str(path),
        ) from None
    except ValueError as exc:  # an integer of thousands of digits (int max str digits)
        if "digits" not in str(exc):
            raise
        where = _number_place(text)
        if where is None:
            raise InputError(
                Msg("limits.an-integer-of-too-many-digits-at-most", name=path.name, MAX_INT_DIGITS=MAX_INT_DIGITS),
                file=str(path),
            ) from None
        raise InputError(
            Msg(
                "limits.is-an-integer-of-too-many-digits-at-most",
                name=path.name,
                where=where,
                MAX_INT_DIGITS=MAX_INT_DIGITS,
            ),
            file=str(path),
        ) from None
    except RecursionError:
        raise InputError(
            Msg("limits.is-nested-too-deeply-at-most-levels-not", name=path.name, MAX_DEPTH=MAX_DEPTH),
            file=str(path),
        ) from None
    except _Refused as exc:
        where = _number_place(text) if exc.number else None
        if where is not None:
            raise InputError(
                Msg("limits.name-where-exc", name=path.name, where=where, exc=exc.msg), file=str(path)
            ) from None
        raise InputError(Msg("limits.name-exc", name=path.name, exc=exc.msg), file=str(path)) from None
    return data


def _workbook_error(path: Path, why: Msg) -> InputError:
    return InputError(Msg("limits.cannot-open-the-workbook", name=path.name, zh=why), file=str(path))


def check_workbook_zip(path: Path, keep: Optional[dict[str, bytes]] = None) -> None:
    """The workbook's zip, before openpyxl reads it: a zip at all, within
    the member and size limits, every member's CRC right (``keep``: a dict
    given gets every member's bytes, unpacked once for the check and the
    load: :func:`xlxq.backends.lazy_sheets.lazy_reader`)."""
    try:
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
            if len(infos) > MAX_MEMBERS:
                raise _workbook_error(path, Msg("limits.zip-members", n=len(infos), most=MAX_MEMBERS))
            total = 0
            for info in infos:
                total += info.file_size
                if info.file_size > MAX_MEMBER:
                    mb = info.file_size // (1024 * 1024)
                    most = MAX_MEMBER // (1024 * 1024)
                    raise _workbook_error(path, Msg("limits.part-too-large", part=info.filename, mb=mb, most=most))
            if total > MAX_UNPACKED:
                raise _workbook_error(
                    path,
                    Msg("limits.unpacks-too-large", mb=total // (1024 * 1024), most=MAX_UNPACKED // (1024 * 1024)),
                )
            bad = z.testzip() if keep is None else _read_all(z, keep)
            if bad is not None:
                raise _workbook_error(path, Msg("limits.part-damaged", part=bad))
            _check_sheet_parts(path, z)
    except zipfile.BadZipFile as exc:
        raise _workbook_error(path, Msg("limits.not-a-valid-workbook", exc=str(exc))) from None
    except (NotImplementedError, EOFError, ValueError, RuntimeError, zlib.error) as exc:  # odd compression, encrypted
        raise _workbook_error(path, Msg("limits.zip-cannot-be-read", exc=str(exc))) from None


def _read_all(z: zipfile.ZipFile, keep: dict[str, bytes]) -> Optional[str]:
    """``z.testzip()`` that keeps what it unpacks: the name of the first
    member whose CRC is wrong, else None."""
    for info in z.infolist():
        try:
            keep[info.filename] = z.read(info)
        except zipfile.BadZipFile:
            return info.filename
    return None


_WORKSHEET_REL = "/relationships/worksheet"


def _check_sheet_parts(path: Path, z: zipfile.ZipFile) -> None:
    """Every worksheet the workbook lists is in the zip (openpyxl would skip
    a missing one silently, and the save would drop the sheet)."""
    from defusedxml.ElementTree import fromstring

    try:
        rels = z.read("xl/_rels/workbook.xml.rels")
    except KeyError:
        return  # openpyxl reports it
    names = set(z.namelist())
    try:
        root = fromstring(rels)
    except Exception:  # malformed or hostile: openpyxl's load reports it by name
        return
    for rel in root:
        if not str(rel.get("Type", "")).endswith(_WORKSHEET_REL):
            continue
        target = str(rel.get("Target", ""))
        part = target.lstrip("/") if target.startswith("/") else "xl/" + target
        if part not in names:
            raise _workbook_error(path, Msg("limits.sheet-part-missing", part=part))


def xml_attack_error(path: Path, exc: Exception) -> InputError:
    """A workbook whose XML declares entities (an "XML bomb" or an external
    entity), refused by defusedxml."""
    return _workbook_error(path, Msg("limits.xml-declares-entities", kind=type(exc).__name__))


def load_error(path: Path, exc: BaseException) -> InputError:
    """The arbiter's message for a workbook openpyxl could not load: the
    cause named (openpyxl wraps it)."""
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException

    chain: list[BaseException] = []
    e: Optional[BaseException] = exc
    while e is not None and len(chain) < 10:
        chain.append(e)
        e = e.__cause__ or e.__context__
    for e in chain:
        if isinstance(e, DefusedXmlException):
            return xml_attack_error(path, e)
    for e in chain:
        if isinstance(e, ParseError):
            return _workbook_error(path, Msg("limits.xml-malformed", e=str(e)))
        if isinstance(e, IndexError):
            return _workbook_error(path, Msg("limits.shared-string-missing"))
        if isinstance(e, ValueError) and "digits" in str(e):
            return _workbook_error(path, Msg("limits.number-too-many-digits", e=str(e)))
    return _workbook_error(path, Msg("limits.load-failed", exc=str(exc)))


def check_sheet_size(sheet: str, rows: int, cols: int) -> None:
    if rows > MAX_ROWS or cols > MAX_COLS or rows * cols > MAX_CELLS:
        from openpyxl.utils import get_column_letter

        corner = f"{get_column_letter(min(cols, 16384))}{rows}"
        raise InputError(
            Msg(
                "limits.sheet-reaches-rows-columns-at-most-rows",
                sheet=sheet,
                corner=corner,
                rows=rows,
                cols=cols,
                MAX_ROWS=MAX_ROWS,
                MAX_COLS=MAX_COLS,
                MAX_CELLS=MAX_CELLS,
            ),
            sheet=sheet,
            cell=corner,
        )


def cell_problem(v: Any) -> Optional[Msg]:
    """What is wrong with a cell's value (a message), or None."""
    if type(v) is str:
        if len(v) > MAX_STRING:
            return Msg("limits.a-text-of-characters-at-most", n=len(v), MAX_STRING=MAX_STRING)
        if _BAD_CHARS.search(v):
            m = _BAD_CHARS.search(v)
            assert m is not None
            code = f"U+{ord(m.group()):04X}"
            return Msg("limits.a-control-character-in-the-text", code=code)
    elif type(v) is float or type(v) is int:
        if type(v) is int and v.bit_length() > 60 or not math.isfinite(v) or abs(v) > MAX_NUMBER:
            return Msg("limits.a-number-too-large-at-most", MAX_NUMBER=MAX_NUMBER)
    return None
