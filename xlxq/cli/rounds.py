"""``xlxq pair`` (the next round, its 对阵表) and ``xlxq schedule`` (every
round of a round robin or 全队轮赛制 at once), for individual and team files
and workbooks: :mod:`xlxq.operations.pair`, :mod:`xlxq.operations.schedule`.

Lazy imports: the operations are imported inside the commands (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.workbooks import on_source

__all__ = ["cmd_pair", "cmd_schedule", "add_parser"]


def cmd_pair(args: argparse.Namespace) -> int:
    from xlxq.operations.pair import pair_file

    def team(event):
        from xlxq.operations.team_pair import pair_team_file  # only for a team file

        return pair_team_file(event, args.file, args.provisional)

    return on_source("pair", args, lambda ev: pair_file(ev, args.file, args.provisional), team)


def cmd_schedule(args: argparse.Namespace) -> int:
    """Round robin: every round of the table at once (生成循环赛对阵)."""
    from xlxq.operations.schedule import schedule_file, schedule_team_file

    return on_source(
        "schedule",
        args,
        lambda ev: schedule_file(ev, args.file, args.force),
        lambda ev: schedule_team_file(ev, args.file, args.force),
    )


def add_parser(sub) -> None:
    s = sub.add_parser("pair", help="编排下一轮并保存", description="编排下一轮，写入文件，显示对阵表")
    s.add_argument("file", metavar="FILE")
    s.add_argument(
        "--provisional",
        action="store_true",
        help="前面各轮尚有未填结果时，有意按和棋暂计编排（原则(八)）；一轮全无结果时仍拒绝",
    )
    s.set_defaults(func=cmd_pair)

    s = sub.add_parser(
        "schedule",
        help="循环赛：一次生成全部轮次",
        description="按棋规循环赛秩序表一次生成全部轮次（生成循环赛对阵）；已有轮次时须加 --force，且尚无任何结果",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--force", action="store_true", help="重新生成已有的轮次（仅当尚无任何结果时）")
    s.set_defaults(func=cmd_schedule)
