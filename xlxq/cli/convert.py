"""``xlxq convert A B``: a JSON event file into a workbook (.xlsx/.xlsm) or
a workbook into a JSON file (:mod:`xlxq.operations.convert`).

Lazy imports: the operation is imported inside the command (start-up time
of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import finish, language

__all__ = ["cmd_convert", "add_parser"]


def cmd_convert(args: argparse.Namespace) -> int:
    from xlxq.backends.safety import file_lock
    from xlxq.operations.convert import convert_file

    with file_lock(args.target):
        return finish(convert_file(args.source, args.target, args.force, language()))


def add_parser(sub) -> None:
    s = sub.add_parser(
        "convert",
        help="JSON 赛事文件与工作簿互相转换",
        description="把 JSON 赛事文件转为 Excel 工作簿（.xlsx/.xlsm，含各轮对阵与结果），或把工作簿转为 JSON 赛事文件",
    )
    s.add_argument("source", metavar="A", help="要转换的文件（.json 或 .xlsx/.xlsm）")
    s.add_argument("target", metavar="B", help="要创建的文件（另一种）")
    s.add_argument("--force", action="store_true", help="覆盖已存在的文件")
    s.set_defaults(func=cmd_convert)
