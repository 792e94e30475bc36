"""``xlxq standings`` and ``xlxq crosstable``: the tables of an event, as
text or ``--json``, on a JSON file or a workbook
(:mod:`xlxq.operations.standings`, :mod:`xlxq.operations.book`); ``xlxq
recompute``: the button 计算成绩 on a workbook (checks the rounds, marks
the bad cells, rewrites 成绩表 and the other derived sheets, saves).  On a
workbook ``standings`` does the same before printing the table (as it
always has); ``recompute`` is the command that says so.

Lazy imports: the operations are imported inside the commands (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.workbooks import on_source
from xlxq.i18n import Msg

__all__ = ["cmd_standings", "cmd_crosstable", "cmd_recompute", "add_parser"]


def cmd_standings(args: argparse.Namespace) -> int:
    from xlxq.operations.standings import standings_file, team_standings_file

    opts = dict(
        round_no=args.round, as_json=args.json, with_swiss=args.with_swiss, boards=args.boards, teams=args.teams
    )
    return on_source(
        "standings", args, lambda ev: standings_file(ev, **opts), lambda ev: team_standings_file(ev, **opts)
    )


def cmd_recompute(args: argparse.Namespace) -> int:
    """The button 计算成绩 (Recompute) on a workbook; a JSON file has no
    sheets to rewrite: refused, pointing at ``standings``, nothing written."""

    def json_file(_event: object) -> None:
        from xlxq.errors import InputError

        raise InputError(
            Msg("tables.xlxq-recompute-rewrites-the-standings", file=args.file),
            file=args.file,
        )

    return on_source("recompute", args, json_file, json_file)


def cmd_crosstable(args: argparse.Namespace) -> int:
    """Round robin: the 交叉表 (points of each game, by opponent)."""
    from xlxq.operations.standings import crosstable_file

    return on_source("crosstable", args, lambda ev: crosstable_file(ev, round_no=args.round, as_json=args.json))


def add_parser(sub) -> None:
    s = sub.add_parser("standings", help="名次表", description="计算名次：积分编排、循环赛（14.1/14.2）、淘汰赛名次")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出")
    s.add_argument("--round", type=int, metavar="N", help="计算到第N轮（默认：最后一轮）")
    s.add_argument(
        "--with",
        dest="with_swiss",
        metavar="SWISS.json",
        help="积分晋圈淘汰：FILE 为淘汰赛，SWISS.json 为积分赛，输出最终名次",
    )
    s.add_argument("--boards", action="store_true", help="团体赛：台次成绩（各台队员成绩）")
    s.add_argument("--teams", action="store_true", help="队员总分制：按队员成绩的团体名次")
    s.set_defaults(func=cmd_standings)

    s = sub.add_parser(
        "recompute",
        help="计算成绩（写回工作簿）",
        description="“计算成绩”按钮的命令：检查各轮结果（有问题的格子标色，“提示”列写明原因），重写成绩表"
        "（及交叉表、对阵图、最终名次、团体与台次成绩），保存工作簿；只用于 Excel 工作簿（JSON 文件的名次用 xlxq standings）",
    )
    s.add_argument("file", metavar="FILE")
    s.set_defaults(func=cmd_recompute)

    s = sub.add_parser("crosstable", help="循环赛交叉表", description="循环赛交叉表：每名棋手对每个对手各局所得分")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出")
    s.add_argument("--round", type=int, metavar="N", help="计算到第N轮（默认：全部）")
    s.set_defaults(func=cmd_crosstable)
