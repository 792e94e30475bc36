"""``xlxq explain`` (the 编排记录 of a round) and ``xlxq check`` (a round
against the rules and the engine), for individual and team files.

Standard library at import; the systems and the team core are imported
inside the commands (start-up time).
"""

from __future__ import annotations

import argparse

from xlxq.cli.files import round_arg
from xlxq.cli.output import echo, language
from xlxq.cli.workbooks import on_file

__all__ = ["cmd_explain", "cmd_check", "add_parser"]


def cmd_explain(args: argparse.Namespace) -> int:
    return on_file("explain", args, _explain, _team_explain)


def _explain(event, args) -> int:
    from xlxq.systems import get_system

    n = round_arg(event, args.round, allow_next=True)
    echo(*get_system(event.settings.system).explain(event, n, language()))
    return 0


def _team_explain(event, args) -> int:
    from xlxq.systems import get_team_system

    n = round_arg(event, args.round, allow_next=True)
    echo(*get_team_system(event.settings.system).explain(event, n, language()))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    return on_file("check", args, _check, _team_check)


def _check(event, args) -> int:
    from xlxq.systems import get_system

    n = round_arg(event, args.round)
    report = get_system(event.settings.system).check(event, n, language())
    echo(*report.lines(language()))
    return 1 if report.errors else 0


def _team_check(event, args) -> int:
    from xlxq.systems import get_team_system

    n = round_arg(event, args.round)
    report = get_team_system(event.settings.system).check(event, n, language())
    echo(*report.lines(language()))
    return 1 if report.errors else 0


def add_parser(sub) -> None:
    s = sub.add_parser("explain", help="编排记录", description="显示某一轮的编排过程（编排记录、秩序表、淘汰赛对阵）")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_explain)

    s = sub.add_parser(
        "check",
        help="检查一轮的编排",
        description="检查一轮：积分编排按编排原则并与引擎比较；循环赛与秩序表比较；淘汰赛与对阵比较；有错误时退出码为 1",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_check)
