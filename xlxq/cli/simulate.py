"""``xlxq simulate``: random results and pairing on (a dry run written to
the file), for individual and team files (:mod:`xlxq.operations.simulate`).

Lazy imports: the operation is imported inside the command (start-up time
of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import language
from xlxq.cli.workbooks import on_source

__all__ = ["cmd_simulate", "add_parser"]


def cmd_simulate(args: argparse.Namespace) -> int:
    from xlxq.operations.simulate import simulate_file, simulate_team_file
    from xlxq.operations.simulate_book import simulate_book

    return on_source(
        "simulate",
        args,
        lambda ev: simulate_file(ev, args.file, args.seed, args.rounds),
        lambda ev: simulate_team_file(ev, args.file, args.seed, args.rounds),
        lambda src: simulate_book(src, args.seed, args.rounds, language(), getattr(args, "group", None)),
    )


def add_parser(sub) -> None:
    s = sub.add_parser(
        "simulate",
        help="随机模拟比赛（试编）",
        description="随机填写未完成的结果并继续编排（淘汰赛含加赛），用于试编演练；结果写入文件",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--seed", type=int, required=True, metavar="S", help='随机种子（第n轮结果用 Random("S-n")）')
    s.add_argument(
        "--rounds",
        type=int,
        metavar="K",
        help="再编排K轮（默认：编排到最后一轮并填写其结果；已全部编排的循环赛：填写K轮结果）",
    )
    s.set_defaults(func=cmd_simulate)
