"""``xlxq qualify``: 积分晋圈淘汰, the knockout file of the top K of a
finished Swiss (:mod:`xlxq.operations.qualify`); a workbook: the knockout
stage inside it (:func:`xlxq.operations.book.qualify_book`).

Lazy imports: the operations are imported inside the command (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import finish, language

__all__ = ["cmd_qualify", "add_parser"]


def cmd_qualify(args: argparse.Namespace) -> int:
    """积分晋圈淘汰: the knockout file of the top K of a finished Swiss."""
    from xlxq.operations.source import is_workbook, require_workbooks

    opts = dict(
        on_tie=args.on_tie,
        round_no=args.round,
        games_per_match=args.games_per_match,
        playoff_games=args.playoff_games,
        armageddon=args.armageddon,
        name=args.name,
        force=args.force,
    )
    if is_workbook(args.swiss):  # the knockout stage inside the workbook (xlxq.operations.workbook.qualify_knockout)
        require_workbooks(args.swiss)
        from xlxq.backends.safety import file_lock, refuse_open_elsewhere
        from xlxq.operations.book import qualify_book

        if args.knockout is not None:  # another workbook written: not open in a spreadsheet program
            refuse_open_elsewhere(args.knockout)
        with file_lock(args.swiss):  # from the read to the save (docs/reliability.md)
            return finish(qualify_book(args.swiss, args.knockout, args.top, lang=language(), **opts))
    from xlxq.operations.qualify import qualify_file

    return finish(qualify_file(args.swiss, args.knockout, args.top, **opts))


def add_parser(sub) -> None:
    s = sub.add_parser(
        "qualify",
        help="积分晋圈淘汰：由积分赛前K名生成淘汰赛文件",
        description="积分晋圈淘汰制：按积分赛名次取前K名（种子 = 积分赛名次）生成淘汰赛文件",
    )
    s.add_argument("swiss", metavar="SWISS.json", help="已结束的积分赛文件")
    s.add_argument(
        "knockout", metavar="KNOCKOUT.json", nargs="?", help="要创建的淘汰赛文件（工作簿：省略则在原工作簿中进行）"
    )
    s.add_argument("--top", type=int, required=True, metavar="K", help="晋级人数（2 = 前两名决赛）")
    s.add_argument(
        "--on-tie",
        dest="on_tie",
        default="error",
        choices=["error", "number"],
        help="第K名与第K+1名完全并列时：error 报错（默认，按规程处理），number 按序号取舍",
    )
    s.add_argument("--round", type=int, metavar="N", help="按第N轮后的名次晋级（默认：全部轮次，积分赛须已结束）")
    s.add_argument(
        "--games-per-match", dest="games_per_match", type=int, default=1, metavar="G", help="淘汰赛每场局数（默认 1）"
    )
    s.add_argument("--playoff-games", dest="playoff_games", metavar="2,1", help="战平后的加赛局数（默认 2）")
    s.add_argument("--armageddon", action="store_true", help="加赛后仍平则一局决胜，和棋判黑方胜")
    s.add_argument("--name", metavar="N", help="淘汰赛名称（默认：积分赛名称 + 淘汰赛）")
    s.add_argument("--force", action="store_true", help="覆盖已存在的淘汰赛文件")
    s.set_defaults(func=cmd_qualify)
