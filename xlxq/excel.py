"""Entry points for the workbook's buttons (xlwings).

The buttons of the .xlsm run, through xlwings' ``RunPython``::

    RunPython "import xlxq.excel; xlxq.excel.pair_next_round()"   ' 编排下一轮
    RunPython "import xlxq.excel; xlxq.excel.recompute()"         ' 计算成绩
    RunPython "import xlxq.excel; xlxq.excel.explain()"           ' 编排记录
    RunPython "import xlxq.excel; xlxq.excel.schedule_round_robin()"  ' 生成循环赛对阵
    RunPython "import xlxq.excel; xlxq.excel.qualify_knockout()"  ' 晋级淘汰赛

Called with no argument, a function works on ``xw.Book.caller()`` (the
workbook whose button was clicked).  Called with a book -- ``f(book)``, an
``xw.Book`` as xlwings Server / xlwings Lite scripts receive it -- it works on
that book.

Each call: one read of every sheet → the pure engine → one write plan
(:mod:`xlxq.workbook` via :class:`xlxq.backends.xlwings_book.XlwingsBook`).
The result reaches the arbiter as a message box in Chinese (``app.alert``;
``XLXQ_LANG=en`` for English).  Every exception is caught: bad input gives
its message (naming sheet, row and cell), anything unexpected a short
message and a log file; never a Python traceback window.  On any error
nothing is written (the actions queued on the remote engine are dropped;
over COM the cells written are restored).  Each function returns the
:class:`~xlxq.sheets.mapping.Status`.
"""
from __future__ import annotations

import datetime as _dt
import os
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any, Callable, Optional

from xlxq.errors import XlxqError
from xlxq.sheets.mapping import Status

__all__ = ["pair_next_round", "recompute", "explain", "ENTRY_POINTS", "MAX_LINES", "error_log_path"]

#: Problems listed in the message box; the rest are counted (they are all
#: highlighted in the sheets anyway).
MAX_LINES = 12
_MAX_CHARS = 1000           # VBA's MsgBox (remote VBA client) shows at most 1024 characters

_TITLES = {"pair": ("编排下一轮", "Pair next round"), "recompute": ("计算成绩", "Recompute standings"),
           "explain": ("编排记录", "Pairing log"), "schedule": ("生成循环赛对阵", "Round-robin schedule"),
           "qualify": ("晋级淘汰赛", "Start the knockout")}


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


#: button macro → entry point (docs/excel.md; checked by tests/test_xlsm_build.py)
ENTRY_POINTS: dict[str, Callable[..., Status]] = {"PairNextRound": pair_next_round, "Recompute": recompute,
                                                  "ExplainRound": explain,
                                                  "ScheduleRoundRobin": schedule_round_robin,
                                                  "QualifyKnockout": qualify_knockout}


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

    return xw.Book.caller()


def _run(op: str, book: Any, **kw: Any) -> Status:
    lang = _lang()
    try:
        xwbook = _caller(book)
    except Exception as exc:                  # noqa: BLE001 - not started from Excel: nobody to show a box to
        st = Status(False, f"找不到调用的工作簿（{exc}）：请从 Excel 中的按钮运行",
                    f"no calling workbook ({exc}): run this from the button in Excel")
        print(st.message(lang), file=sys.stderr)
        return st
    xb = None
    mark = None
    try:
        from xlxq.backends.xlwings_book import XlwingsBook

        xb = XlwingsBook(xwbook)
        mark = xb.mark()
        with _status_bar(xb, op, lang):
            st = _operate(op, xb, **kw)
    except XlxqError as exc:
        _undo(xb, mark)
        st = Status(False, exc.zh + "\n工作簿未作改动。", exc.en + "\nThe workbook was not changed.")
    except Exception as exc:                  # noqa: BLE001 - everything reaches the arbiter as a message
        _undo(xb, mark)
        log = _log_error(op, xwbook)
        st = Status(False, f"程序内部错误，工作簿未作改动。\n（{type(exc).__name__}: {exc}）\n详细信息已记入 {log}，"
                           "请将该文件发给维护者。",
                    f"internal error; the workbook was not changed.\n({type(exc).__name__}: {exc})\n"
                    f"Details were written to {log}; please send that file to the maintainer.")
    _show(xwbook, op, st, lang)
    return st


def _operate(op: str, xb: Any, round_no: Optional[int] = None) -> Status:
    from xlxq import workbook as W

    if op == "pair":
        st = W.pair_next_round(xb)
        for a in xb.added:
            if a.kind == "round":
                _quietly(xb.activate, a.name)
        return st
    if op == "recompute":
        return W.recompute(xb)
    if op == "schedule":
        return W.schedule_round_robin(xb)
    if op == "qualify":
        return W.qualify_knockout(xb)
    if round_no is None:
        round_no = _active_round(xb)
    st = W.explain(xb, round_no)
    if st.ok:
        from xlxq.sheets import layout as L

        log = next((n for n in xb.sheet_names() if L.sheet_kind(n)[0] == L.LOG), None)
        if log is not None:
            _quietly(xb.activate, log)
    return st


def _active_round(xb: Any) -> Optional[int]:
    """The round of the active sheet, if it is a round sheet."""
    from xlxq.sheets import layout as L

    try:
        name = xb.book.sheets.active.name
    except Exception:                         # noqa: BLE001
        return None
    kind, n = L.sheet_kind(name)
    return n if kind == L.ROUND else None


def _undo(xb: Any, mark: Any) -> None:
    if xb is not None and mark is not None:
        _quietly(xb.rollback, mark)


def _quietly(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception:                         # noqa: BLE001
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
        rest = rest[:MAX_LINES] + [f"  …另有{more}条，均已在表中标出" if lang == "zh"
                                   else f"  … and {more} more, all highlighted in the sheets"]
    text = "\n".join(head + [ln.replace("  [", "• [", 1) if ln.startswith("  [") else ln for ln in rest])
    if len(text) > _MAX_CHARS:
        text = text[:_MAX_CHARS - 1] + "…"
    return text


def _show(xwbook: Any, op: str, st: Status, lang: str) -> None:
    title = "xlxq · " + _TITLES[op][0 if lang == "zh" else 1]
    text = message_text(st, lang)
    try:
        xwbook.app.alert(text, title=title, mode="info" if st.ok else "critical")
        return
    except Exception:                         # noqa: BLE001 - no message box (e.g. Excel busy): status bar
        pass
    try:
        xwbook.app.status_bar = text.splitlines()[0][:250]
    except Exception:                         # noqa: BLE001
        print(text, file=sys.stderr)


def _log_error(op: str, xwbook: Any) -> Path:
    path = error_log_path()
    try:
        name = getattr(xwbook, "name", "?")
    except Exception:                         # noqa: BLE001
        name = "?"
    entry = (f"==== {_dt.datetime.now().isoformat(timespec='seconds')}  xlxq.excel {op}  workbook {name!r}\n"
             + traceback.format_exc() + "\n")
    try:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(entry)
    except OSError:
        sys.stderr.write(entry)
    return path
