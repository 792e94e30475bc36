"""``xlxq lite-bundle OUTDIR``: the xlwings Lite edition's main.py and
requirements.txt (the work is :mod:`xlxq.operations.lite_bundle`).

Lazy imports: the operation (and :mod:`xlxq.operations.buttons`, whose button names it
uses) only when the command runs (start-up time of ``xlxq --help``).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import finish, language
from xlxq.i18n import LANGS

__all__ = ["add_parser"]


def cmd_lite_bundle(args: argparse.Namespace) -> int:
    from xlxq.operations.lite_bundle import write_bundle

    return finish(write_bundle(args.outdir, args.lang or language(), args.wheel_url, args.force))


def add_parser(sub) -> None:
    s = sub.add_parser(
        "lite-bundle",
        help="写出 xlwings Lite 版的 main.py 和 requirements.txt",
        description="写出 xlwings Lite 版的 main.py 和 requirements.txt（粘贴到 Lite 任务窗格；lite/README.md）",
    )
    s.add_argument("outdir", metavar="DIR", help="写入的文件夹（没有则新建）")
    s.add_argument(
        "--wheel-url",
        metavar="URL",
        help="xlxq 安装包（wheel）的 https 网址，代替 PyPI 上的 xlxq（服务器须允许跨域访问 CORS）",
    )
    s.add_argument("--lang", choices=tuple(LANGS), help="脚本名称的语言（默认：消息语言）")  # the registered languages
    s.add_argument("--force", action="store_true", help="覆盖已有的文件")
    s.set_defaults(func=cmd_lite_bundle)
