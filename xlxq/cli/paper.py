"""``xlxq scoresheets FILE`` (记分单, one a board) and ``xlxq notice FILE``
(编排记录公告 with its name index) for a round: on a workbook one sheet
(``第3轮记分单`` / ``第3轮编排公告``, replaced when made again), on a JSON file
an .xlsx beside it (:mod:`xlxq.operations.paper`).

Lazy imports: the operations are imported inside the commands (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import language
from xlxq.cli.workbooks import on_source
from xlxq.i18n import Msg

__all__ = ["cmd_scoresheets", "cmd_notice", "add_parser"]


def _run(kind: str, args: argparse.Namespace) -> int:
    from xlxq.operations.book import run_op, status_outcome
    from xlxq.operations.paper import paper_book, paper_file

    style = getattr(args, "style", None)

    def on_file(event):
        return paper_file(event, args.file, kind, args.round, style, language(), args.out)

    def on_book(src):
        if args.out:
            from xlxq.errors import InputError

            raise InputError(Msg("paper.out-is-for-a-json-file-a-workbook-gets-a"))
        st = run_op(paper_book, src.book, kind, args.round, style, src.path)
        return status_outcome(st, src.path, saved=True)

    return on_source(kind, args, on_file, on_file, book=on_book)


def cmd_scoresheets(args: argparse.Namespace) -> int:
    return _run("scoresheets", args)


def cmd_notice(args: argparse.Namespace) -> int:
    return _run("notice", args)


def _common(s) -> None:
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：最后编排的一轮）")
    s.add_argument("--out", metavar="PATH", help="JSON 赛事文件：写入的 .xlsx（默认：文件旁的“文件名-第N轮….xlsx”）")


def add_parser(sub) -> None:
    s = sub.add_parser(
        "scoresheets",
        help="打印记分单",
        description="一轮的记分单，每台一张（台次、双方序号/姓名/单位/红黑、结果框、犯规记录、签名）：工作簿中写入“第N轮记分单”表，"
        "JSON 文件写成旁边的 .xlsx",
    )
    _common(s)
    s.add_argument(
        "--style",
        choices=("half", "compact"),
        default="half",
        help="half：每页2张（半页，有剪切线，默认）；compact：节约式，每页6张",
    )
    s.set_defaults(func=cmd_scoresheets)

    s = sub.add_parser(
        "notice",
        help="打印编排记录公告",
        description="一轮的编排记录公告（张贴用的对阵表，轮空、请假、迟到入场）及按姓名拼音排序的索引（姓名→台次、红黑）：工作簿中写入"
        "“第N轮编排公告”表，JSON 文件写成旁边的 .xlsx",
    )
    _common(s)
    s.set_defaults(func=cmd_notice)
