"""``xlxq prizes FILE [--json]``: the 获奖名单 (prize winners) of an event
with a prize table (设置's 奖项 rows, a JSON file's ``event.prizes``;
docs/prizes.md), read-only (:mod:`xlxq.operations.prizes`; a workbook:
:mod:`xlxq.operations.book`).

Lazy imports: the operations are imported inside the command (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.workbooks import on_source

__all__ = ["cmd_prizes", "add_parser"]


def cmd_prizes(args: argparse.Namespace) -> int:
    from xlxq.operations.prizes import prizes_book, prizes_file

    def on_book(src):  # read only: the workbook's sheets as they stand, nothing written
        return prizes_book(src, as_json=args.json, only=getattr(args, "group", None))

    return on_source("prizes", args, lambda ev: prizes_file(ev, as_json=args.json), book=on_book)


def add_parser(sub) -> None:
    s = sub.add_parser(
        "prizes",
        help="获奖名单（按设置中的奖项）",
        description="获奖名单：按“设置”中的奖项（JSON 的 event.prizes）与最后一轮后的名次评出各奖项的获奖者"
        "（同分按名次表的顺序；兼得为“否”时一人只得所列在前的一项）；只读，不写文件",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出")
    s.set_defaults(func=cmd_prizes)
