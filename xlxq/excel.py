"""Entry points for the workbook's buttons (xlwings).

The buttons of the .xlsm run, through xlwings' ``RunPython``::

    RunPython "import xlxq.excel; xlxq.excel.pair_next_round()"   ' 编排下一轮
    RunPython "import xlxq.excel; xlxq.excel.recompute()"         ' 计算成绩
    RunPython "import xlxq.excel; xlxq.excel.explain()"           ' 编排记录
    RunPython "import xlxq.excel; xlxq.excel.schedule_round_robin()"  ' 生成循环赛对阵
    RunPython "import xlxq.excel; xlxq.excel.qualify_knockout()"  ' 晋级淘汰赛
    RunPython "import xlxq.excel; xlxq.excel.doctor()"            ' 诊断
    RunPython "import xlxq.excel; xlxq.excel.publish_site()"      ' 发布网页
    RunPython "import xlxq.excel; xlxq.excel.undo_round()"        ' 撤销本轮
    RunPython "import xlxq.excel; xlxq.excel.print_scoresheets()" ' 打印记分单
    RunPython "import xlxq.excel; xlxq.excel.print_notice()"      ' 打印公告
    RunPython "import xlxq.excel; xlxq.excel.results_booklet()"   ' 成绩册

(through ``XlxqRun`` in macros/XlxqButtons.bas, which first checks that the
interpreter RunPython would start exists).

Called with no argument, a function works on ``xw.Book.caller()`` (the
workbook whose button was clicked).  Called with a book -- ``f(book)``, an
``xw.Book`` as xlwings Server / xlwings Lite scripts receive it -- it works on
that book.

Each call: one read of every sheet → the pure engine → one write plan
(:mod:`xlxq.workbook` via :class:`xlxq.backends.xlwings_book.XlwingsBook`).
The result reaches the arbiter as a message box in Chinese (``app.alert``;
``XLXQ_LANG=en`` for English).  Every exception is caught: bad input gives
its message (naming sheet, row and cell), anything unexpected a short
message and a log file; never a Python traceback window.  When the
workbook cannot be reached at all (``Book.caller()`` fails) and the call
came from Excel (``--from_xl=1`` in ``sys.argv``), the message -- what
happened, what to do -- goes to stderr in the ANSI code page (RunPython's
log, read by VBA's ``Open … For Input``) and Python exits with 1, so that
xlwings' own error popup shows it.

In Pyodide (xlwings Lite, ``sys.platform == "emscripten"``) or with
``XLXQ_NOTIFY=sheet`` the message goes into the workbook instead: the sheet
``xlxq消息`` (``xlxq messages``), with the traceback of an unexpected error
below it (a log file in Pyodide's virtual file system is invisible), shown
when the operation failed; it is also printed (Lite's output pane).
``XLXQ_NOTIFY=both`` does both, ``alert`` only the box.  On any error
nothing is written (the actions queued on the remote engine are dropped;
over COM the cells written are restored).  Each function returns the
:class:`~xlxq.sheets.problems.Status`.

The work is the operations layer's (:func:`xlxq.operations.book.book_status`,
the same Book operations ``xlxq CMD FILE.xlsx`` runs); this module only
finds the book, shows the result and catches every error.

Lazy imports: xlwings, inside :func:`_caller` only, and on macOS
:mod:`xlxq.mac_caller` there and in :func:`unreachable_status`: xlwings is
there only where Excel is (a book passed in by
xlwings Lite, the remote engine or a test needs none, and the package must
import without it).
"""

from __future__ import annotations

import datetime as _dt
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any, Callable, Optional

from xlxq import excel_setup as S
from xlxq.backends.backups import backups as list_backups
from xlxq.backends.backups import keep as keep_backup
from xlxq.backends.xlwings_book import XlwingsBook, excel_text
from xlxq.errors import XlxqError
from xlxq.operations.book import book_status, run_op
from xlxq.operations.booklet import booklet_book
from xlxq.operations.paper import paper_book
from xlxq.operations.publish import publish_book
from xlxq.operations.pending import UnfinishedResults
from xlxq.operations.undo import ResultsEntered, without_backup_promise
from xlxq.sheets import layout as L
from xlxq.sheets.problems import Status
from xlxq.i18n import Msg, Pair, tr

__all__ = [
    "pair_next_round",
    "recompute",
    "explain",
    "schedule_round_robin",
    "qualify_knockout",
    "doctor",
    "publish_site",
    "undo_round",
    "print_scoresheets",
    "print_notice",
    "results_booklet",
    "ENTRY_POINTS",
    "title",
    "MAX_LINES",
    "MESSAGE_SHEET",
    "error_log_path",
    "notify_mode",
    "message_text",
    "from_excel",
    "unreachable_status",
]

#: Problems listed in the message box; the rest are counted (they are all
#: highlighted in the sheets anyway).
MAX_LINES = 12
_MAX_CHARS = 1000  # VBA's MsgBox (remote VBA client) shows at most 1024 characters

_TITLES = {
    "pair": ("编排下一轮", "Pair next round"),
    "recompute": ("计算成绩", "Recompute standings"),
    "explain": ("编排记录", "Pairing log"),
    "schedule": ("生成循环赛对阵", "Round-robin schedule"),
    "qualify": ("晋级淘汰赛", "Start the knockout"),
    "doctor": ("诊断", "Diagnose"),
    "publish": ("发布网页", "Publish web pages"),
    "draw": ("抽签", "Draw numbers"),
    "undo": ("撤销本轮", "Undo last round"),
    "scoresheets": ("打印记分单", "Print score sheets"),
    "notice": ("打印公告", "Print pairings notice"),
    "booklet": ("成绩册", "Results booklet"),
}


def title(op: str) -> tuple[str, str]:
    """A button's name (zh, en) by its operation (``pair`` …): the message's
    title, and the xlwings Lite script's display name (lite/main.py)."""
    return _TITLES[op]


def pair_next_round(book: Any = None) -> Status:
    """编排下一轮: pair the next round, add its sheet, refresh the rest."""
    return _run("pair", book)


def recompute(book: Any = None) -> Status:
    """计算成绩: check, highlight, rewrite 成绩表."""
    return _run("recompute", book)


def explain(book: Any = None, round_no: Optional[int] = None) -> Status:
    """编排记录 of ``round_no``; by default the round of the active sheet
    when it is a round sheet, else the last round."""
    return _run("explain", book, round_no=round_no)


def schedule_round_robin(book: Any = None) -> Status:
    """生成循环赛对阵: every round sheet of a round robin at once (棋规 table)."""
    return _run("schedule", book)


def qualify_knockout(book: Any = None) -> Status:
    """晋级淘汰赛 (积分晋圈淘汰制): the top K of the Swiss (设置 → 晋圈人数)
    start the knockout stage in the same workbook."""
    return _run("qualify", book)


def doctor(book: Any = None) -> Status:
    """诊断: what a click depends on (interpreter, versions, the config in
    force, a OneDrive path, the VBA's xlwings version), as one message
    (:func:`xlxq.excel_setup.doctor_report`)."""
    return _run("doctor", book)


def publish_site(book: Any = None) -> Status:
    """发布网页: the event's static web site into a folder beside the
    workbook (``赛事-网页``; :func:`xlxq.operations.publish.publish_book`);
    the workbook is read, not written."""
    return _run("publish", book)


def draw_numbers(book: Any = None) -> Status:
    """抽签: 序号 (a team workbook: 队号) by a draw with a fresh seed, seeds
    on the odd numbers; the seed is written in 设置 (编号方式, 抽签种子) so the
    draw can be repeated in public (:mod:`xlxq.workbook_draw`).  Refused
    once round 1 is paired."""
    return _run("draw", book)


def undo_round(book: Any = None) -> Status:
    """撤销本轮: remove the last round (its sheet, its 编排记录), standings
    recomputed (:mod:`xlxq.operations.undo`); a round with results only
    after the arbiter confirms (over COM; elsewhere refused: xlxq undo --force)."""
    return _run("undo", book)


def print_scoresheets(book: Any = None, round_no: Optional[int] = None, style: str = "half") -> Status:
    """打印记分单: the 记分单 of ``round_no`` (default: the round of the
    active sheet when it is a round sheet, else the last paired round), one
    a board, two a page (``style`` "compact": 节约式), in the sheet
    ``第N轮记分单`` (replaced when made again; :mod:`xlxq.operations.paper`)."""
    return _run("scoresheets", book, round_no=round_no, style=style)


def print_notice(book: Any = None, round_no: Optional[int] = None) -> Status:
    """打印公告: the 编排记录公告 of ``round_no`` (default as 打印记分单) with
    its 姓名拼音 index, in the sheet ``第N轮编排公告``."""
    return _run("notice", book, round_no=round_no)


def results_booklet(book: Any = None) -> Status:
    """成绩册: the final results booklet beside the workbook, as a workbook
    (``赛事-成绩册.xlsx``) and a PDF (``赛事-成绩册.pdf``, its Chinese font
    embedded; :func:`xlxq.operations.booklet.booklet_book`); the workbook is
    read, not written."""
    return _run("booklet", book)


#: button macro → entry point (docs/excel.md; checked by tests/test_xlsm_build.py)
ENTRY_POINTS: dict[str, Callable[..., Status]] = {
    "PairNextRound": pair_next_round,
    "Recompute": recompute,
    "ExplainRound": explain,
    "ScheduleRoundRobin": schedule_round_robin,
    "QualifyKnockout": qualify_knockout,
    "Diagnose": doctor,
    "PublishSite": publish_site,
    "DrawNumbers": draw_numbers,
    "UndoRound": undo_round,
    "PrintScoreSheets": print_scoresheets,
    "PrintNotice": print_notice,
    "ResultsBooklet": results_booklet,
}


#: The sheet the message is written to in Pyodide / ``XLXQ_NOTIFY=sheet``
#: (an arbiter's own sheet for the operations: they leave it alone).
MESSAGE_SHEET = {"zh": "xlxq消息", "en": "xlxq messages"}


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


def _lang() -> str:
    return "en" if os.environ.get("XLXQ_LANG", "zh").lower().startswith("en") else "zh"


def _caller(book: Any) -> Any:
    if book is not None:
        return book
    import xlwings as xw

    if sys.platform == "darwin" and from_excel():
        # a workbook name that is not ASCII can reach Python mangled (xlwings #2004)
        from xlxq.mac_caller import find_caller

        found = find_caller(xw)
        if found is not None:
            return found
    return xw.Book.caller()


def from_excel(argv: Optional[list[str]] = None) -> bool:
    """Started by RunPython (``--from_xl=1`` among the arguments)."""
    return any(
        a.startswith("--from_xl") and a.partition("=")[2].strip() == "1" for a in (sys.argv if argv is None else argv)
    )


def _workbook_arg(argv: list[str]) -> str:
    return next((a.partition("=")[2].strip().strip('"') for a in argv if a.startswith("--wb=")), "?")


def unreachable_status(op: str, exc: BaseException, argv: Optional[list[str]] = None) -> Status:
    """The message when ``Book.caller()`` failed: outside Excel, run it from
    the button; from Excel, what happened and what to do."""
    argv = sys.argv if argv is None else argv
    what = f"{type(exc).__name__}: {exc}"
    if not from_excel(argv):
        return Status(
            False,
            msg=Msg("excel.no-calling-workbook-run-this-from-the", exc=exc),
        )
    name = _workbook_arg(argv)
    if sys.platform == "darwin" and not name.isascii():  # the name as meant, not as xlwings #2004 mangles it
        from xlxq.mac_caller import name_candidates

        name = name_candidates(name)[0]
    zh = [f"xlxq 连接不到工作簿「{name}」，工作簿未作改动。", f"（{what}）"]
    en = [f"xlxq cannot reach the workbook '{name}'; the workbook was not changed.", f"({what})"]
    if sys.platform.startswith("win") and (
        isinstance(exc, ImportError) or "_xlwindows" in str(exc) or "win32" in str(exc)
    ):
        zh.append(f'此 Python 缺少 pywin32：请在命令提示符中运行 "{sys.executable}" -m pip install pywin32')
        en.append(f'this Python lacks pywin32: run "{sys.executable}" -m pip install pywin32 in a terminal')
    version = _xlwings_version()
    if version is not None and version != S.VBA_XLWINGS_VERSION:
        zh.append(
            f"xlwings 版本不一致：工作簿的 VBA 为 {S.VBA_XLWINGS_VERSION}，Python 中为 {version}：请运行 "
            f'"{sys.executable}" -m pip install "xlwings=={S.VBA_XLWINGS_VERSION}"'
        )
        en.append(
            f"xlwings versions differ: the workbook's VBA is {S.VBA_XLWINGS_VERSION}, Python has {version}: run "
            f'"{sys.executable}" -m pip install "xlwings=={S.VBA_XLWINGS_VERSION}"'
        )
    zh.append(
        "请：1. 关闭 Excel 中打开的对话框、结束单元格编辑，再点一次按钮；2. 仍不行时在命令提示符中运行 xlxq doctor，"
        "把结果（或本消息）拍照发给维护者。"
    )
    en.append(
        "Please: 1. close any open dialog in Excel and finish editing the cell, then click again; 2. if it "
        "still fails, run xlxq doctor in a terminal and send a photo of its output (or of this message) to "
        "the maintainer."
    )
    if op == "doctor":
        report = S.doctor_report(registry=S.windows_registry())
        zh, en = zh + ["", report.text("zh")], en + ["", report.text("en")]
    return Status(False, "\n".join(zh), "\n".join(en))


def _xlwings_version() -> Optional[str]:
    xw = sys.modules.get("xlwings")
    return getattr(xw, "__version__", None) if xw is not None else None


def excel_log_bytes(st: Status, lang: str, encoding: str) -> bytes:
    """The message for RunPython's log in ``encoding`` (the ANSI code page
    VBA reads it in); English when the Chinese does not fit that code page."""
    for text in (st.message(lang), st.message("en")) if lang == "zh" else (st.message(lang),):
        try:
            return text.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            continue
    return st.message("en").encode("ascii", "replace")


def _fail_to_excel(st: Status, lang: str) -> None:
    """From Excel with no workbook: the message on stderr, exit code 1
    (xlwings shows the log in its error popup)."""
    data = excel_log_bytes(st, lang, S.config_encoding(sys.platform))
    try:
        sys.stderr.flush()
        sys.stderr.buffer.write(data + b"\n")
        sys.stderr.buffer.flush()
    except (AttributeError, OSError, ValueError):
        print(st.message(lang), file=sys.stderr)
    raise SystemExit(1)


def _run(op: str, book: Any, **kw: Any) -> Status:
    lang = _lang()
    try:
        xwbook = _caller(book)
    except Exception as exc:  # noqa: BLE001 - nobody to show a box to
        st = unreachable_status(op, exc)
        if book is None and from_excel():
            _fail_to_excel(st, lang)
        print(st.message(lang), file=sys.stderr)
        return st
    xb = None
    mark = None
    details = ""
    in_book = notify_mode() != "alert"
    try:
        xb = XlwingsBook(xwbook)
        mark = xb.mark()
        with _status_bar(xb, op, lang):
            st = _operate(op, xb, **kw)
    except XlxqError as exc:
        _undo(xb, mark)
        st = Status(  # every problem a read found, one a line (issue 10 §4)
            False,
            "\n".join(exc.lines("zh")) + "\n工作簿未作改动。",
            "\n".join(exc.lines("en")) + "\nThe workbook was not changed.",
        )
    except Exception as exc:  # noqa: BLE001 - everything reaches the arbiter as a message
        _undo(xb, mark)
        if in_book:
            details = traceback.format_exc()
            where_zh, where_en = Msg("excel.the-sheet", SHEET=Pair(MESSAGE_SHEET["zh"], MESSAGE_SHEET["en"])).pair()
            what_zh, what_en = "该表", "that sheet"
        else:
            log = _log_error(op, xwbook)
            where_zh = where_en = str(log)
            what_zh, what_en = "该文件", "that file"
        st = Status(
            False,
            msg=Msg(
                "excel.internal-error-the-workbook-was-not",
                name=type(exc).__name__,
                exc=exc,
                where=Pair(where_zh, where_en),
                what=Pair(what_zh, what_en),
            ),
        )
    _show(xwbook, op, st, lang, details)
    return st


def _operate(op: str, xb: Any, round_no: Optional[int] = None, style: Optional[str] = None) -> Status:
    if op == "doctor":
        return _doctor(xb)
    if op == "publish":
        return publish_book(xb, xb.book.fullname, _lang())
    if op == "booklet":
        return booklet_book(xb, xb.book.fullname, _lang())
    if op in ("explain", "scoresheets", "notice") and round_no is None:
        round_no = _active_round(xb)
    if op in ("scoresheets", "notice"):
        _keep_on_disk(xb, op)
        st = run_op(paper_book, xb, op, round_no, style, str(_quietly(lambda: xb.book.name) or ""))
        for a in xb.added:
            _quietly(xb.activate, a.name)
        return st
    kept = _keep_on_disk(xb, op)
    try:
        st = book_status(op, xb, round_no, _lang())
    except (UnfinishedResults, ResultsEntered) as exc:
        if not _confirmed(xb, op, exc):
            raise
        # the arbiter said OK: pair on 原则(八) provisional draws / undo the round with its results
        st = book_status(op, xb, round_no, _lang(), provisional=op == "pair", force=op == "undo")
    if op == "undo" and not kept:
        st = without_backup_promise(st)
    if op == "pair":
        for a in xb.added:
            if a.kind == "round":
                _quietly(xb.activate, a.name)
    elif op == "explain" and st.ok:
        log = next((n for n in xb.sheet_names() if L.sheet_kind(n)[0] == L.LOG), None)
        if log is not None:
            _quietly(xb.activate, log)
    return st


def _keep_on_disk(xb: Any, op: str) -> bool:
    """Before a button writes into the open book: the workbook file as last
    saved on disk goes into its backups (xlxq/backends/backups.py); what was
    typed since the last save is in the open book only.  No file on disk
    (xlwings Lite, a new unsaved book): nothing to keep."""
    path = _quietly(lambda: xb.book.fullname)
    if isinstance(path, str) and path and os.path.isfile(path):
        keep_backup(path, op)
        return bool(list_backups(path))  # kept now, or the same file kept before
    return False


def _confirmed(xb: Any, op: str, exc: Any) -> bool:
    """Over COM, ask the arbiter (OK / Cancel) whether to pair on provisional
    draws or undo a round that has results.  The remote engine's alert
    cannot answer back (xlwings Server returns None and calls a client-side
    callback instead): there the refusal stands, and 设置 → 暂计和棋编排 = 是
    (or xlxq undo --force) is the way."""
    if not getattr(xb, "com", False):
        return False
    if isinstance(exc, UnfinishedResults) and not exc.provisional_ok:
        return False
    lang = _lang()
    if op == "pair":
        ask = (
            "\n\n确定 = 按和棋暂计编排（原则(八)）；取消 = 不编排",
            "\n\nOK = pair on provisional draws; Cancel = do not pair",
        )
    else:
        ask = (
            "\n\n确定 = 撤销本轮并删除这些结果；取消 = 不撤销",
            "\n\nOK = undo the round and drop its results; Cancel = keep it",
        )
    tail = ask[0] if lang == "zh" else ask[1]
    prompt = exc.message(lang)[: _MAX_CHARS - len(tail)] + tail  # MsgBox shows about 1024 characters
    title = "xlxq · " + (_TITLES[op][0] if lang == "zh" else _TITLES[op][1])
    try:
        answer = xb.book.app.alert(prompt, title=title, buttons="ok_cancel", mode="critical")
    except Exception:  # noqa: BLE001 - no box: the refusal stands
        return False
    return str(answer).lower() == "ok"


def _doctor(xb: Any) -> Status:
    book = xb.book
    conf = _quietly(S.book_config, book)
    report = S.doctor_report(_quietly(lambda: book.fullname), conf, has_book=True, registry=S.windows_registry())
    return Status(report.ok, report.text("zh"), report.text("en"))


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
        _quietly(xb.rollback, mark)


def _quietly(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception:  # noqa: BLE001
        return None


class _status_bar:
    """Over COM: '正在编排下一轮…' in Excel's status bar while Python works."""

    def __init__(self, xb: Any, op: str, lang: str):
        self.app = xb.book.app if getattr(xb, "com", False) else None
        self.text = ("正在" + _TITLES[op][0] + "…") if lang == "zh" else (_TITLES[op][1] + "…")

    def __enter__(self) -> "_status_bar":
        if self.app is not None:
            _quietly(setattr, self.app, "status_bar", self.text)
        return self

    def __exit__(self, *exc: Any) -> None:
        if self.app is not None:
            _quietly(setattr, self.app, "status_bar", False)


def message_text(st: Status, lang: str = "zh") -> str:
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


def _show(xwbook: Any, op: str, st: Status, lang: str, details: str = "") -> None:
    title = "xlxq · " + _TITLES[op][0 if lang == "zh" else 1]
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


def _write_message_sheet(xwbook: Any, title: str, st: Status, lang: str, details: str) -> None:
    """The message (every line of it, not cut like the box) and the
    traceback into the message sheet, added at the end when missing; shown
    when the operation failed."""
    names = [s.name for s in xwbook.sheets]
    name = next((n for n in names if n in MESSAGE_SHEET.values()), MESSAGE_SHEET[lang])
    shown = _quietly(lambda: xwbook.sheets.active)
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
    outcome = ("成功" if st.ok else "失败") if lang == "zh" else ("done" if st.ok else "failed")
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
