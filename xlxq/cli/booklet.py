"""``xlxq report FILE [--pdf] [--out PATH]``: the 成绩册 (final results
booklet) of an event, a JSON file or a workbook (read only), as a
print-ready workbook (``赛事-成绩册.xlsx`` beside FILE) or, with ``--pdf``,
as one PDF with its Chinese font embedded (``赛事-成绩册.pdf``;
:mod:`xlxq.operations.booklet`).  ``report`` was free: the standings text
of :mod:`xlxq.presentation.report` is ``xlxq standings``.

Lazy imports: the operations (and openpyxl, fpdf2) are imported inside the
command (start-up time of ``xlxq --help``: the CLI imports the standard
library only).
"""

from __future__ import annotations

import argparse
import os

from xlxq.cli.output import finish, language
from xlxq.i18n import LANGS, Msg

__all__ = ["cmd_report", "add_parser"]


def cmd_report(args: argparse.Namespace) -> int:
    from xlxq.backends.safety import file_lock
    from xlxq.errors import InputError
    from xlxq.operations.booklet import booklet_event, booklet_path
    from xlxq.core.rating import report_options
    from xlxq.operations.event_read import read_event_or_groups
    from xlxq.operations.rating import rating_options

    lang = args.lang or language()
    out = args.out or str(booklet_path(args.file, lang, args.pdf))
    if os.path.abspath(out) == os.path.abspath(args.file):
        raise InputError(Msg("booklet.out-would-overwrite-the-event-file", out=out), file=out)
    with file_lock(args.file):
        event, groups = read_event_or_groups(args.file)  # 组别: one booklet, a part per group
    settings = (event if groups is None else groups[0][1]).settings
    asked = report_options(settings)  # JSON event.rating.report, 设置 等级分报告 = 是
    rating = asked if asked is not None else (rating_options(None, None, settings.rating) if args.rating else None)
    return finish(booklet_event(event, out, lang, args.pdf, args.font, rating, groups))


def add_parser(sub) -> None:
    s = sub.add_parser(
        "report",
        help="成绩册（工作簿或PDF）",
        description="赛事的成绩册：封面、名次表（全部对比项）、逐轮成绩表、交叉表或淘汰赛对阵、团体名次与台次成绩、"
        "每轮对阵及结果；写成可打印的工作簿，或（--pdf）嵌入中文字体的一个PDF。赛事文件只读不写",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--pdf", action="store_true", help="写成PDF（默认：工作簿 .xlsx）")
    s.add_argument("--out", metavar="PATH", help="输出文件（默认：赛事文件旁的“赛事名-成绩册.xlsx/.pdf”）")
    s.add_argument("--lang", choices=tuple(LANGS), help="成绩册语言（默认按 XLXQ_LANG）")  # the registered languages
    s.add_argument(
        "--font",
        metavar="PATH",
        help="PDF 嵌入的中文字体文件（.ttf/.otf/.ttc；默认：环境变量 XLXQ_PDF_FONT，否则系统字体）",
    )
    s.add_argument("--rating", action="store_true", help="加一节非官方等级分估算（工作簿“设置”要求时自动加入）")
    s.set_defaults(func=cmd_report)
