"""``xlxq excel-setup`` and ``xlxq doctor``: the Excel buttons' set-up and
diagnosis on this PC (the work is :mod:`xlxq.operations.excel_setup`).

Lazy imports: :mod:`xlxq.operations.excel_setup` is imported only by these two
commands (start-up time of ``xlxq --help``).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import language

__all__ = ["add_parser"]


def cmd_excel_setup(args: argparse.Namespace) -> int:
    from xlxq.operations.excel_setup import run_setup

    return run_setup(args.force, args.workbook, language())


def cmd_doctor(args: argparse.Namespace) -> int:
    from xlxq.operations.excel_setup import run_doctor

    return run_doctor(args.workbook, language())


def add_parser(sub) -> None:
    s = sub.add_parser(
        "excel-setup",
        help="设置本机的 Excel 按钮（装好 xlxq 后运行一次）",
        description="把本 Python 写入 xlwings 的用户设置，Mac 上安装 AppleScript，检查 Excel 的宏设置和模板",
    )
    s.add_argument("--force", action="store_true", help="覆盖已有的不同设置")
    s.add_argument("--workbook", metavar="FILE", help="同时检查这个工作簿（.xlsm）")
    s.set_defaults(func=cmd_excel_setup)
    s = sub.add_parser("doctor", help="诊断 Excel 按钮的环境", description="显示按钮所依赖的一切（可拍照发给维护者）")
    s.add_argument("workbook", nargs="?", metavar="FILE", help="工作簿（.xlsm）")
    s.set_defaults(func=cmd_doctor)
