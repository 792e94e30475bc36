"""xlxq 象棋編排 · xlwings Lite 版（繁體中文）——把本檔案的全部內容貼到活頁簿的 main.py。

xlwings Lite runs Python (Pyodide) inside Excel on Windows, macOS and Excel
on the web, without a Python installation.  Each ``@script`` below is one
button of the macro workbook; in Lite you run it from the xlwings Lite task
pane by its name (編排下一輪 …: choose it in the script list, then Run or F5).
requirements.txt must list xlxq (lite/README.md).  簡體 names: lite/main.py
(``xlxq lite-bundle --lang zh``); English: lite/en/main.py.  A workbook in
繁體 (設置, 報名表 …) gets its messages in 繁體.

Written by ``xlxq lite-bundle`` (xlxq/operations/lite_bundle.py); edit that, not this.
Every script runs its button on the ``book`` Lite passes in, with the code
the VBA button runs (``xlxq.operations.buttons.run_button``, which
``xlxq.excel.<name>()`` calls too).  The result and any error are written
into the sheet ``xlxq消息`` (English: ``xlxq messages``) and printed to
Lite's output pane; the sheet is shown when the operation failed.  Messages
are in the workbook's language (a workbook with Chinese sheet names gets
Chinese) unless the environment variable XLXQ_LANG is set in Lite's
settings.
"""

import os

import xlwings as xw
from xlwings import script

from xlxq.i18n import norm_lang
from xlxq.operations.buttons import run_button

_USER_LANG = os.environ.get("XLXQ_LANG")


def _language(book: xw.Book) -> str:
    """The language of this call (set as XLXQ_LANG): the user's setting, else the workbook's language."""
    if not _USER_LANG:
        cjk = any("\u4e00" <= ch <= "\u9fff" for s in book.sheets for ch in s.name)
        os.environ["XLXQ_LANG"] = "zh" if cjk else "en"
    return norm_lang(os.environ["XLXQ_LANG"])


@script(name="編排下一輪")
def pair_next_round(book: xw.Book):
    """編排下一輪 / Pair next round: pair the next round, add its sheet, refresh the rest."""
    run_button("pair", book, _language(book))


@script(name="計算成績")
def recompute(book: xw.Book):
    """計算成績 / Recompute standings: check the results, highlight problems, rewrite 成績表."""
    run_button("recompute", book, _language(book))


@script(name="編排記錄")
def explain(book: xw.Book):
    """編排記錄 / Pairing log: why the round of the active sheet (else the last round) was paired so."""
    run_button("explain", book, _language(book))


@script(name="生成循環賽對陣")
def schedule_round_robin(book: xw.Book):
    """生成循環賽對陣 / Round-robin schedule: every round sheet of a round robin at once."""
    run_button("schedule", book, _language(book))


@script(name="晉級淘汰賽")
def qualify_knockout(book: xw.Book):
    """晉級淘汰賽 / Start the knockout: the top K of the Swiss start the knockout stage."""
    run_button("qualify", book, _language(book))


@script(name="抽籤")
def draw_numbers(book: xw.Book):
    """抽籤 / Draw numbers: 序號 by a draw (seeds odd), the seed kept in 設置; before round 1 only."""
    run_button("draw", book, _language(book))


@script(name="撤銷本輪")
def undo_round(book: xw.Book):
    """撤銷本輪 / Undo last round: remove the last round sheet and its pairing log, recompute the standings (a round with results is refused here: Lite cannot ask; no file on disk, so no backup either)."""
    run_button("undo", book, _language(book))


@script(name="打印記分單")
def print_scoresheets(book: xw.Book):
    """打印記分單 / Print score sheets: one 記分單 a board of the active round sheet's round (else the last), two a page."""
    run_button("scoresheets", book, _language(book))


@script(name="打印公告")
def print_notice(book: xw.Book):
    """打印公告 / Print pairings notice: the round's pairings as posted, with a 姓名拼音 index (pypinyin in requirements.txt) and, when 設置 has a 網站地址, its QR code (segno)."""
    run_button("notice", book, _language(book))
