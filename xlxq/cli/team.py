"""``xlxq lineup`` (团体赛出场名单) on a team file: :mod:`xlxq.operations.lineup`.

Lazy imports: the operation is imported inside the command (start-up time
of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.workbooks import on_source

__all__ = ["cmd_lineup", "add_parser"]


def cmd_lineup(args: argparse.Namespace) -> int:
    """团体赛出场名单: set (or reset to the default) one team's line-up in a
    round already paired; checked by the event's line-up format."""
    from xlxq.operations.lineup import lineup_file

    return on_source("lineup", args, lambda ev: lineup_file(ev, args.file, args.round, args.team, args.players))


def add_parser(sub) -> None:
    s = sub.add_parser(
        "lineup",
        help="团体赛：报出场名单（换人、临时定台）",
        description="团体赛：某队某轮的出场名单（第1台起的序号或姓名，0 = 空台），按出场方式检查后重新入座；"
        "不给 --players 则恢复默认名单",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.add_argument("--team", required=True, metavar="T", help="队序号或队名")
    s.add_argument("--players", metavar="a,b,c,d", help="第1台起的出场队员：序号或姓名，逗号分隔；0 = 空台")
    s.set_defaults(func=cmd_lineup)
