"""A button of the event workbook run on an open xlwings book: the read,
the operation, the one write, and the message the arbiter sees (a message
box, or the sheet ``xlxq消息`` / ``xlxq messages``).  The same code for
both front-ends that click a button: the Excel entry point
(:mod:`xlxq.excel`, RunPython or ``f(book)``) and xlwings Lite
(``lite/main.py``); each decides the language and passes it in.

In Pyodide (xlwings Lite, ``sys.platform == "emscripten"``) or with
``XLXQ_NOTIFY=sheet`` the message goes into the workbook: the sheet
``xlxq消息`` (``xlxq messages``), with the traceback of an unexpected error
below it (a log file in Pyodide's virtual file system is invisible), shown
when the operation failed; it is also printed (Lite's output pane).
``XLXQ_NOTIFY=both`` does both, ``alert`` only the box.  On any error
nothing is written (the actions queued on the remote engine are dropped;
over COM the cells written are restored).

The work is :func:`xlxq.operations.book.book_status` (the same Book
operations ``xlxq CMD FILE.xlsx`` runs) and the paper, site and booklet
operations.

Lazy imports: the paper, site and booklet operations (with the team modules
they bring) are imported by :func:`operate_button` when their button is
clicked, so that the other buttons (编排下一轮, 计算成绩 …) do not pay for
them at start-up (about 10 ms of every click).
"""

from __future__ import annotations

import datetime as _dt
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any, Callable, Optional

from xlxq.backends.backups import backups as list_backups
from xlxq.backends.backups import keep as keep_backup
from xlxq.backends.xlwings_book import XlwingsBook, excel_text
from xlxq.errors import XlxqError
from xlxq.operations.book import book_status, run_op, shown_in_hant
from xlxq.operations.pending import UnfinishedResults
from xlxq.operations.undo import ResultsEntered, without_backup_promise
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import book_script
from xlxq.sheets.problems import Status
from xlxq.sheets.script import HANT, Keep
from xlxq.i18n import Lazy, Msg, tr

#: what does a button's work: (op, the book, lang, round_no=…, style=…) → Status
Operate = Callable[..., Status]

#: Problems listed in the message box; the rest are counted (they are all
#: highlighted in the sheets anyway).
MAX_LINES = 12
_MAX_CHARS = 1000  # VBA's MsgBox (remote VBA client) shows at most 1024 characters

#: a button's name by its operation: the message's title, the status bar, the Lite script's name
TITLES = {
    op: f"buttons.title-{op}"
    for op in (
        "pair",
        "recompute",
        "explain",
        "schedule",
        "qualify",
        "doctor",
        "publish",
        "draw",
        "undo",
        "scoresheets",
        "notice",
        "booklet",
    )
}


def title(op: str) -> Msg:
    """A button's name by its operation (``pair`` …), a message: the xlwings
    Lite script's display name and docstring (lite_bundle.py) render it."""
    return Msg(TITLES[op])


#: The sheet the message is written to in Pyodide / ``XLXQ_NOTIFY=sheet``
#: (an arbiter's own sheet for the operations: they leave it alone).
MESSAGE_SHEET = {"zh": "xlxq消息", "en": "xlxq messages"}  # the names it is found by (buttons.message-sheet)


def notify_mode() -> str:
    """How the result reaches the arbiter: ``alert`` (a message box),
    ``sheet`` (the message sheet, see the module doc) or ``both``;
    ``XLXQ_NOTIFY``, by default ``sheet`` in Pyodide, else ``alert``."""
    mode = os.environ.get("XLXQ_NOTIFY", "").strip().lower()
    if mode in ("alert", "sheet", "both"):
        return mode
    return "sheet" if sys.platform == "emscripten" else "alert"


def error_log_path() -> Path:
    """Where unexpected errors are logged (the message box names it)."""
    return Path(os.environ.get("XLXQ_ERROR_LOG") or Path(tempfile.gettempdir()) / "xlxq-error.log")


# --------------------------------------------------------------------------


def run_button(op: str, xwbook: Any, lang: str, operate: Optional[Operate] = None, **kw: Any) -> Status:
    """Button ``op`` (``pair`` …: :data:`TITLES`) on the open xlwings book
    ``xwbook``, its messages in ``lang``: one read, the operation, one
    write; the result shown (:func:`notify_mode`) and returned.  Every
    error is caught: nothing is written then (the queued actions dropped,
    the cells written restored) and the message says what happened.
    ``operate(op, xb, lang, **kw)`` does the work (default
    :func:`operate_button`; the Excel entry point adds its 诊断)."""
    operate = operate or operate_button
    xb = None
    mark = None
    details = ""
    in_book = notify_mode() != "alert"
    keep: Optional[Keep] = None
    try:
        xb = XlwingsBook(xwbook)
        mark = xb.mark()
        keep = _script(xb, lang)
        with _status_bar(xb, op, HANT if keep is not None else lang):
            st = operate(op, xb, lang, **kw)
    except XlxqError as exc:
        _undo(xb, mark)
        st = Status(  # every problem a read found, one a line (issue 10 §4)
            False,
            msg=Msg("buttons.problems-not-changed", problems=Lazy(lambda lang, e=exc: "\n".join(e.lines(lang)))),
        )
    except Exception as exc:  # noqa: BLE001 - everything reaches the arbiter as a message
        _undo(xb, mark)
        if in_book:
            details = traceback.format_exc()
            where: Any = Msg("excel.the-sheet", SHEET=Msg("buttons.message-sheet"))
            what = Msg("excel.that-sheet")
        else:
            where = str(_log_error(op, xwbook))
            what = Msg("excel.that-file")
        st = Status(
            False,
            msg=Msg(
                "excel.internal-error-the-workbook-was-not", name=type(exc).__name__, exc=exc, where=where, what=what
            ),
        )
    _show(xwbook, op, st if keep is None else _InHant(st, keep), HANT if keep is not None else lang, details)
    return st


def _script(xb: Any, lang: str) -> Optional[Keep]:
    """A 繁體 workbook's user strings when its messages are shown in 繁體
    (``lang`` 简体, the default: :func:`xlxq.sheets.canvas.book_script`); None
    for any other (or when its sheets cannot be read: the operation says why)."""
    if lang != "zh":
        return None
    try:
        return book_script(xb)
    except Exception:  # noqa: BLE001 - the operation reads the book and reports
        return None


class _InHant:
    """A Status shown in a 繁體 workbook (:func:`shown_in_hant`): its lines
    in 繁體 whatever language is asked (the box, the message sheet)."""

    def __init__(self, st: Status, keep: Keep):
        self.st, self.keep = st, keep
        self.ok = st.ok

    def lines(self, lang: Optional[str] = None) -> list[str]:
        return shown_in_hant(self.keep, self.st.lines, "zh")


def _said(lang: str, id: str, **args: Any) -> str:
    """One of a button's own messages in ``lang`` (its catalogue only)."""
    return tr(lang, id, **args)


def operate_button(op: str, xb: Any, lang: str, round_no: Optional[int] = None, style: Optional[str] = None) -> Status:
    """The work of button ``op`` on ``xb`` (an :class:`XlwingsBook`), its
    plan applied; errors are raised (:func:`run_button` shows them)."""
    if op == "publish":
        from xlxq.operations.publish import publish_book

        return publish_book(xb, xb.book.fullname, lang)
    if op == "booklet":
        from xlxq.operations.booklet import booklet_book

        return booklet_book(xb, xb.book.fullname, lang)
    if op in ("explain", "scoresheets", "notice") and round_no is None:
        round_no = _active_round(xb)
    if op in ("scoresheets", "notice"):
        from xlxq.operations.paper import paper_book

        _keep_on_disk(xb, op)
        st = run_op(paper_book, xb, op, round_no, style, str(quietly(lambda: xb.book.name) or ""))
        for a in xb.added:
            quietly(xb.activate, a.name)
        return st
    kept = _keep_on_disk(xb, op)
    try:
        st = book_status(op, xb, round_no, lang)
    except (UnfinishedResults, ResultsEntered) as exc:
        if not _confirmed(xb, op, exc, lang):
            raise
        # the arbiter said OK: pair on 原则(八) provisional draws / undo the round with its results
        st = book_status(op, xb, round_no, lang, provisional=op == "pair", force=op == "undo")
    if op == "undo" and not kept:
        st = without_backup_promise(st)
    if op == "pair":
        for a in xb.added:
            if a.kind == "round":
                quietly(xb.activate, a.name)
    elif op == "explain" and st.ok:
        log = next((n for n in xb.sheet_names() if L.sheet_kind(n)[0] == L.LOG), None)
        if log is not None:
            quietly(xb.activate, log)
    return st


def _keep_on_disk(xb: Any, op: str) -> bool:
    """Before a button writes into the open book: the workbook file as last
    saved on disk goes into its backups (xlxq/backends/backups.py); what was
    typed since the last save is in the open book only.  No file on disk
    (xlwings Lite, a new unsaved book): nothing to keep."""
    path = quietly(lambda: xb.book.fullname)
    if isinstance(path, str) and path and os.path.isfile(path):
        keep_backup(path, op)
        return bool(list_backups(path))  # kept now, or the same file kept before
    return False


def _confirmed(xb: Any, op: str, exc: Any, lang: str) -> bool:
    """Over COM, ask the arbiter (OK / Cancel) whether to pair on provisional
    draws or undo a round that has results.  The remote engine's alert
    cannot answer back (xlwings Server returns None and calls a client-side
    callback instead): there the refusal stands, and 设置 → 暂计和棋编排 = 是
    (or xlxq undo --force) is the way."""
    if not getattr(xb, "com", False):
        return False
    if isinstance(exc, UnfinishedResults) and not exc.provisional_ok:
        return False
    ask = "buttons.ok-pair-on-provisional-draws" if op == "pair" else "buttons.ok-undo-the-round"
    keep = _script(xb, lang)
    text = exc.message(lang) if keep is None else shown_in_hant(keep, lambda code: [exc.message(code)], "zh")[0]
    lang = HANT if keep is not None else lang
    tail = "\n\n" + _said(lang, ask)
    prompt = text[: _MAX_CHARS - len(tail)] + tail  # MsgBox shows about 1024 characters
    title = "xlxq · " + _said(lang, TITLES[op])
    try:
        answer = xb.book.app.alert(prompt, title=title, buttons="ok_cancel", mode="critical")
    except Exception:  # noqa: BLE001 - no box: the refusal stands
        return False
    return str(answer).lower() == "ok"


def _active_round(xb: Any) -> Optional[int]:
    """The round of the active sheet, if it is a round sheet."""
    try:
        name = xb.book.sheets.active.name
    except Exception:  # noqa: BLE001
        return None
    kind, n = L.sheet_kind(name)
    return n if kind == L.ROUND else None


def _undo(xb: Any, mark: Any) -> None:
    if xb is not None and mark is not None:
        quietly(xb.rollback, mark)


def quietly(fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``, or None when it raises (a nicety on the book that may fail)."""
    try:
        return fn(*args)
    except Exception:  # noqa: BLE001
        return None


class _status_bar:
    """Over COM: '正在编排下一轮…' in Excel's status bar while Python works."""

    def __init__(self, xb: Any, op: str, lang: str):
        self.app = xb.book.app if getattr(xb, "com", False) else None
        self.text = _said(lang, "buttons.doing", title=Msg(TITLES[op]))

    def __enter__(self) -> "_status_bar":
        if self.app is not None:
            quietly(setattr, self.app, "status_bar", self.text)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.app is not None:
            quietly(setattr, self.app, "status_bar", False)


def message_text(st: Any, lang: str = "zh") -> str:
    """The message box text: the message, then at most MAX_LINES problems."""
    lines = st.lines(lang)
    head, rest = lines[:1], lines[1:]
    if len(rest) > MAX_LINES:
        more = len(rest) - MAX_LINES
        rest = rest[:MAX_LINES] + [tr(lang, "excel.and-more-all-highlighted-in-the-sheets", more=more)]
    text = "\n".join(head + [ln.replace("  [", "• [", 1) if ln.startswith("  [") else ln for ln in rest])
    if len(text) > _MAX_CHARS:
        text = text[: _MAX_CHARS - 1] + "…"
    return text


def _show(xwbook: Any, op: str, st: Any, lang: str, details: str = "") -> None:
    title = "xlxq · " + _said(lang, TITLES[op])
    text = message_text(st, lang)
    mode = notify_mode()
    if mode != "alert":
        print(f"{title}\n{text}" + (f"\n{details}" if details else ""))
        try:
            _write_message_sheet(xwbook, title, st, lang, details)
        except Exception as exc:  # noqa: BLE001 - the printed message is all there is
            print(f"(xlxq: the message sheet could not be written: {type(exc).__name__}: {exc})", file=sys.stderr)
        if mode == "sheet":
            return
    try:
        xwbook.app.alert(text, title=title, mode="info" if st.ok else "critical")
        return
    except Exception:  # noqa: BLE001 - no message box (e.g. Excel busy): status bar
        pass
    try:
        xwbook.app.status_bar = text.splitlines()[0][:250]
    except Exception:  # noqa: BLE001
        print(text, file=sys.stderr)


def _write_message_sheet(xwbook: Any, title: str, st: Any, lang: str, details: str) -> None:
    """The message (every line of it, not cut like the box) and the
    traceback into the message sheet, added at the end when missing; shown
    when the operation failed."""
    names = [s.name for s in xwbook.sheets]
    name = next(
        (n for n in names if n in MESSAGE_SHEET.values() or n == _said(lang, "buttons.message-sheet")),
        _said(lang, "buttons.message-sheet"),
    )
    shown = quietly(lambda: xwbook.sheets.active)
    added = name not in names
    if not added:
        ws = xwbook.sheets[name]
        ws.clear_contents()
    else:
        api = getattr(xwbook, "api", None)
        if isinstance(api, dict) and api.get("client") != "Office.js":
            xwbook.sheets[0].activate()  # Remote.bas addSheet: see XlwingsBook._apply_core
        ws = xwbook.sheets.add(name=name, after=xwbook.sheets[len(names) - 1])
    stamp = _dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
    outcome = _said(lang, "buttons.done" if st.ok else "buttons.failed")
    lines = [title, f"{stamp}  {outcome}", ""] + [part for ln in st.lines(lang) for part in ln.splitlines()]
    if details:
        lines += ["", *details.rstrip().splitlines()]
    ws.range((1, 1), (len(lines), 1)).value = [[excel_text(ln) if ln else None] for ln in lines]
    if not st.ok:
        ws.activate()
    elif added and shown is not None:  # adding a sheet activates it: show what was shown
        shown.activate()


def _log_error(op: str, xwbook: Any) -> Path:
    path = error_log_path()
    try:
        name = getattr(xwbook, "name", "?")
    except Exception:  # noqa: BLE001
        name = "?"
    entry = (
        f"==== {_dt.datetime.now().isoformat(timespec='seconds')}  xlxq.excel {op}  workbook {name!r}\n"
        + traceback.format_exc()
        + "\n"
    )
    try:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(entry)
    except OSError:
        sys.stderr.write(entry)
    return path
