"""``xlxq draw FILE [--seed S]`` (抽签): the 序号 (a team event: the 队号)
made by the registration rule — seeds take the odd numbers (方法(一)), the
others by a draw with the seed S — and the method and seed recorded (a JSON
file's ``event.numbering``, a workbook's 设置), so that the draw can be
repeated in public; refused once round 1 is paired
(:mod:`xlxq.operations.draw`, :mod:`xlxq.operations.workbook_draw`).

Lazy imports: the operations are imported inside the command (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.workbooks import on_source

__all__ = ["cmd_draw", "add_parser"]


def cmd_draw(args: argparse.Namespace) -> int:
    from xlxq.operations.draw import draw_file, draw_team_file

    return on_source("draw", args, lambda ev: draw_file(ev, args.seed), lambda ev: draw_team_file(ev, args.seed))


def add_parser(sub) -> None:
    s = sub.add_parser(
        "draw",
        help="抽签定序号（第1轮编排之前）",
        description="抽签定序号（团体赛：队号）：种子选手排单号（方法(一)），其余按抽签；"
        "抽签种子记入文件（JSON 的 event.numbering、工作簿的“设置”），同一种子再抽得到同样的号码",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--seed", type=int, metavar="S", help="抽签种子（整数；默认随机选取并记录）")
    s.set_defaults(func=cmd_draw)
