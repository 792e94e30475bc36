"""``xlxq explain`` (the 编排记录 of a round) and ``xlxq check`` (a round
against the rules and the engine), for individual and team files and
workbooks: :mod:`xlxq.operations.explain`, :mod:`xlxq.operations.check`.

Lazy imports: the operations are imported inside the commands (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.workbooks import on_source

__all__ = ["cmd_explain", "cmd_check", "add_parser"]


def cmd_explain(args: argparse.Namespace) -> int:
    from xlxq.operations.explain import explain_file, explain_team_file

    as_json = bool(getattr(args, "json", False))
    return on_source(
        "explain",
        args,
        lambda ev: explain_file(ev, args.round, as_json),
        lambda ev: explain_team_file(ev, args.round, as_json),
    )


def cmd_check(args: argparse.Namespace) -> int:
    from xlxq.operations.check import check_file, check_team_file

    return on_source("check", args, lambda ev: check_file(ev, args.round), lambda ev: check_team_file(ev, args.round))


def add_parser(sub) -> None:
    s = sub.add_parser("explain", help="编排记录", description="显示某一轮的编排过程（编排记录、秩序表、淘汰赛对阵）")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.add_argument("--json", action="store_true", help="以 JSON 输出编排记录的各步（JSON 赛事文件）")
    s.set_defaults(func=cmd_explain)

    s = sub.add_parser(
        "check",
        help="检查一轮的编排",
        description="检查一轮：积分编排按编排原则并与引擎比较；循环赛与秩序表比较；淘汰赛与对阵比较；有错误时退出码为 1",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_check)
