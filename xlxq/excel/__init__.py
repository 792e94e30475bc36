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
(:mod:`xlxq.operations.workbook` via :class:`xlxq.backends.xlwings_book.XlwingsBook`).
The result reaches the arbiter as a message box in Chinese (``app.alert``;
``XLXQ_LANG=en`` for English).  Every exception is caught: bad input gives
its message (naming sheet, row and cell), anything unexpected a short
message and a log file; never a Python traceback window.  When the
workbook cannot be reached at all (``Book.caller()`` fails) and the call
came from Excel (``--from_xl=1`` in ``sys.argv``), the message -- what
happened, what to do -- goes to stderr in the ANSI code page (RunPython's
log, read by VBA's ``Open … For Input``) and Python exits with 1, so that
xlwings' own error popup shows it.

The button itself -- the operation on the book, the message box or the
sheet ``xlxq消息`` (``xlxq messages``), every error caught, nothing
written on an error -- is :func:`xlxq.operations.buttons.run_button`, which
xlwings Lite (``lite/main.py``) runs too; this module finds the book
(``Book.caller()``, the macOS name fix), decides the language
(``XLXQ_LANG``), adds the 诊断 (:mod:`xlxq.operations.excel_setup`) and reports a book
it cannot reach.  Each function returns the
:class:`~xlxq.sheets.problems.Status`.

Lazy imports: xlwings, inside :func:`_caller` only, and on macOS
:mod:`xlxq.excel.mac_caller` there and in :func:`unreachable_status`: xlwings is
there only where Excel is (a book passed in by
xlwings Lite, the remote engine or a test needs none, and the package must
import without it).
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Optional

from xlxq.operations import excel_setup as S
from xlxq.i18n import env_lang
from xlxq.operations.buttons import (
    MAX_LINES,
    MESSAGE_SHEET,
    error_log_path,
    message_text,
    notify_mode,
    operate_button,
    quietly,
    run_button,
    title,
)
from xlxq.sheets.problems import Status
from xlxq.i18n import Lazy, Msg

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
    (:func:`xlxq.operations.excel_setup.doctor_report`)."""
    return _run("doctor", book)


def publish_site(book: Any = None) -> Status:
    """发布网页: the event's static web site into a folder beside the
    workbook (``赛事-网页``; :func:`xlxq.operations.publish.publish_book`);
    the workbook is read, not written."""
    return _run("publish", book)


def draw_numbers(book: Any = None) -> Status:
    """抽签: 序号 (a team workbook: 队号) by a draw with a fresh seed, seeds
    on the odd numbers; the seed is written in 设置 (编号方式, 抽签种子) so the
    draw can be repeated in public (:mod:`xlxq.operations.workbook_draw`).  Refused
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


# --------------------------------------------------------------------------


def _caller(book: Any) -> Any:
    if book is not None:
        return book
    import xlwings as xw

    if sys.platform == "darwin" and from_excel():
        # a workbook name that is not ASCII can reach Python mangled (xlwings #2004)
        from xlxq.excel.mac_caller import find_caller

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
        from xlxq.excel.mac_caller import name_candidates

        name = name_candidates(name)[0]
    lines: list[Any] = [Msg("excel.cannot-reach-the-workbook", name=name), Msg("excel.in-brackets", what=what)]
    if sys.platform.startswith("win") and (
        isinstance(exc, ImportError) or "_xlwindows" in str(exc) or "win32" in str(exc)
    ):
        lines.append(Msg("excel.this-python-lacks-pywin32", executable=sys.executable))
    version = _xlwings_version()
    if version is not None and version != S.VBA_XLWINGS_VERSION:
        lines.append(
            Msg(
                "excel.xlwings-versions-differ-run",
                vba=S.VBA_XLWINGS_VERSION,
                version=version,
                executable=sys.executable,
            )
        )
    lines.append(Msg("excel.please-close-dialogs-click-again-or-doctor"))
    if op == "doctor":
        lines += ["", S.doctor_report(registry=S.windows_registry())]
    text = Lazy(lambda lang: "\n".join(x if isinstance(x, str) else x.localize(lang) for x in lines))
    return Status(False, msg=Msg("excel.as-is", text=text))


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
    lang = env_lang()  # the edge decides the language
    try:
        xwbook = _caller(book)
    except Exception as exc:  # noqa: BLE001 - nobody to show a box to
        st = unreachable_status(op, exc)
        if book is None and from_excel():
            _fail_to_excel(st, lang)
        print(st.message(lang), file=sys.stderr)
        return st
    return run_button(op, xwbook, lang, _operate, **kw)


def _operate(op: str, xb: Any, lang: str, **kw: Any) -> Status:
    if op == "doctor":
        return _doctor(xb)
    return operate_button(op, xb, lang, **kw)


def _doctor(xb: Any) -> Status:
    book = xb.book
    conf = quietly(S.book_config, book)
    report = S.doctor_report(quietly(lambda: book.fullname), conf, has_book=True, registry=S.windows_registry())
    return Status(report.ok, msg=Msg("excel.as-is", text=report))  # rendered in the button's language
