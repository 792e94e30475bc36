"""The calling workbook on macOS when its name is not ASCII (docs/excel.md,
"macOS: a workbook name that is not ASCII").

What reaches Python (xlwings 0.37.8, read from its code): a button's VBA
(``ExecuteMac`` in xlwings.bas) joins the workbook's name
(``ThisWorkbook.Name``) and its full path (``ThisWorkbook.FullName``, in
the ``prepare_sys_path('…')`` argument) into one string for
``AppleScriptTask``; the AppleScript (xlwings-0.37.8.applescript) builds the
shell command ``python … -c "…prepare_sys_path('ADD;FULLNAME;FULLNAME;…');
import xlxq.excel; …" "--wb=NAME" "--from_xl=1" …`` and runs it with ``do
shell script``.  ``xw.Book.caller()`` then lower-cases ``--wb=`` and looks for
an open book whose name equals it.

A name that is not ASCII can arrive mangled: xlwings issue #2004 (open)
shows ``Multikontoauszüge ab 2013.xlsm`` arriving as
``MultikontoauszuÃàge ab 2013.xlsm`` -- the name decomposed (NFD: ``u`` and a
combining diaeresis), its UTF-8 bytes read as Mac Roman.  ``2026市公开赛.xlsm``
arrives so as ``2026Â∏ÇÂÖ¨ÂºÄËµõ.xlsm``.  Excel's own name for the book is
the real one, so ``Book.caller()`` finds no book (and falls back to opening
a file of the mangled name).  A name that arrives intact may still differ
in normalisation (NFD from the file system, NFC from Excel).

So, on macOS, for a name that is not ASCII: the name is tried as it came,
repaired (its characters as Mac Roman bytes, read as UTF-8), and each in
NFC; an open book matches when its name equals one of them (NFC, case
folded).  Two open books of that name (two folders): the full path from the
command line (``sys.orig_argv``, repaired the same way) decides.  No match:
``None``, and the caller falls back to ``Book.caller()`` (whose failure gives
the usual "cannot reach the workbook" message).  An ASCII name takes
xlwings' own way, unchanged.

Standard library only; :mod:`xlxq.excel` imports it on macOS only.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from typing import Any, Iterable, Optional, Sequence

__all__ = ["name_candidates", "same_name", "paths_from_command", "pick_book", "find_caller"]

#: how a mangled name is read back: its characters as these code pages' bytes, read as UTF-8
_MANGLED_AS = ("mac_roman", "latin-1", "cp1252")


def _nfc(s: str) -> str:
    return unicodedata.normalize("NFC", s)


def name_candidates(raw: str) -> list[str]:
    """What ``raw`` (``--wb=`` or a path from the command line) may stand
    for: itself and its repairs (UTF-8 read as Mac Roman, issue #2004; as
    Latin-1 / cp1252), each in NFC; the repairs first, no duplicates."""
    out: list[str] = []
    for enc in _MANGLED_AS:
        try:
            fixed = raw.encode(enc).decode("utf-8")
        except (UnicodeEncodeError, UnicodeDecodeError):
            continue
        if fixed != raw and _nfc(fixed) not in out:
            out.append(_nfc(fixed))
    if _nfc(raw) not in out:
        out.append(_nfc(raw))
    return out


def same_name(a: str, b: str) -> bool:
    """Equal names as Excel compares them: NFC, case folded."""
    return _nfc(a).casefold() == _nfc(b).casefold()


_PREPARE = re.compile(r"prepare_sys_path\('(?P<args>[^']*)'\)")


def paths_from_command(orig_argv: Sequence[str]) -> list[str]:
    """The workbook's full paths the button's command line carries (the 2nd
    and 3rd fields of ``prepare_sys_path('…')`` in ``-c``), repaired."""
    code = next((orig_argv[i + 1] for i, a in enumerate(orig_argv[:-1]) if a == "-c"), "")
    m = _PREPARE.search(code)
    if not m:
        return []
    fields = m.group("args").split(";")
    out: list[str] = []
    for raw in fields[1:3]:
        for p in name_candidates(raw.replace("\\'", "'")) if raw else []:
            if p not in out:
                out.append(p)
    return out


def pick_book(books: Iterable[Any], wb_arg: str, orig_argv: Sequence[str] = ()) -> Optional[Any]:
    """The one book of ``books`` (objects with ``name``; ``fullname`` read
    only to tell two apart) that ``--wb=wb_arg`` names, or None."""
    names = name_candidates(wb_arg)
    found = [b for b in books if any(same_name(b.name, n) for n in names)]
    if len(found) == 1:
        return found[0]
    if len(found) > 1:
        paths = paths_from_command(orig_argv)
        by_path = [b for b in found if any(same_name(b.fullname, p) for p in paths)]
        if len(by_path) == 1:
            return by_path[0]
    return None


def _wb_arg(argv: Sequence[str]) -> str:
    return next((a.partition("=")[2].strip().strip('"') for a in argv if a.startswith("--wb=")), "")


def find_caller(xw: Any, argv: Optional[Sequence[str]] = None, orig_argv: Optional[Sequence[str]] = None) -> Any:
    """macOS, a button's click: the calling book (an ``xw.Book``) for a
    name that is not ASCII, else None (xlwings' ``Book.caller()`` then)."""
    argv = sys.argv if argv is None else argv
    raw = _wb_arg(argv)
    if not raw or raw.isascii():
        return None
    books = [b for app in xw.apps for b in app.books]
    return pick_book(books, raw, getattr(sys, "orig_argv", []) if orig_argv is None else orig_argv)
