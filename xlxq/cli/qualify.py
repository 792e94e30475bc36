"""``xlxq qualify``: 积分晋圈淘汰, the knockout file of the top K of a
finished Swiss (a workbook: the knockout stage inside it, :mod:`xlxq.cli.workbooks`).

Standard library at import; the core is imported inside the command.
"""

from __future__ import annotations

import argparse

from xlxq.cli.files import checked, is_team, is_workbook, load, parse_playoff, round_arg, save
from xlxq.cli.new import ko_first_round_lines
from xlxq.cli.output import echo, fmt, system_label, system_of, text_table, txt
from xlxq.cli.workbooks import workbook_dispatch

__all__ = ["cmd_qualify", "add_parser"]


def cmd_qualify(args: argparse.Namespace) -> int:
    """积分晋圈淘汰: the knockout file of the top K of a finished Swiss."""
    from dataclasses import replace
    from pathlib import Path

    from xlxq.core.combined import build_knockout
    from xlxq.errors import InputError

    if is_workbook(args.swiss):  # the knockout stage inside the workbook (xlxq.workbook.qualify_knockout)
        return workbook_dispatch("qualify", args.swiss, args)
    if args.knockout is None or is_workbook(args.knockout):
        raise InputError(
            "请给出要创建的淘汰赛 JSON 文件：xlxq qualify SWISS.json KNOCKOUT.json --top K",
            "give the knockout JSON file to create: xlxq qualify SWISS.json KNOCKOUT.json --top K",
        )
    swiss = load(args.swiss)
    if is_team(swiss):
        raise InputError(
            f"{args.swiss} 是团体赛文件：积分晋圈淘汰只用于个人积分赛",
            f"{args.swiss} is a team file: qualifying is for an individual Swiss",
        )
    if not system_of(swiss.settings).swiss:
        raise InputError(
            f"{args.swiss} 应为积分编排（swiss）赛事，实为{system_label(swiss.settings.system)}",
            f"{args.swiss} must be a Swiss event, not {swiss.settings.system}",
        )
    out = Path(args.knockout)
    if out.exists() and not args.force:
        raise InputError(
            f"文件已存在：{out}（如要覆盖，加 --force）", f"{out} already exists (use --force to overwrite)"
        )
    if out.resolve() == Path(args.swiss).resolve():
        raise InputError("淘汰赛文件不能与积分赛文件相同", "the knockout file cannot be the Swiss file")
    if args.round is None:
        if len(swiss.rounds) < swiss.settings.rounds:
            raise InputError(
                f"积分赛共{swiss.settings.rounds}轮，文件中只有{len(swiss.rounds)}轮，尚未结束"
                f"（如按某轮后的名次晋级，用 --round N）",
                f"the Swiss has {swiss.settings.rounds} rounds and only {len(swiss.rounds)} are paired "
                f"(use --round N to qualify after round N)",
            )
        n = len(swiss.rounds)
    else:
        n = round_arg(swiss, args.round)
    for r in swiss.rounds[:n]:
        for b in r.boards:
            if b.result is None:
                raise InputError(
                    f"积分赛第{r.round}轮第{b.board}台（{b.red}号对{b.black}号）尚无结果，不能确定晋级名单",
                    f"Swiss round {r.round} board {b.board} ({b.red} v {b.black}) has no result",
                )
    if args.games_per_match < 1:
        raise InputError(
            f"--games-per-match 应为正整数：{args.games_per_match}",
            f"--games-per-match must be positive: {args.games_per_match}",
        )
    playoff = parse_playoff(args.playoff_games) if args.playoff_games is not None else [2]
    ko = build_knockout(
        swiss,
        args.top,
        args.round,
        games_per_match=args.games_per_match,
        playoff_games=playoff,
        armageddon=bool(args.armageddon),
        on_tie=args.on_tie,
        name=args.name,
    )
    ko = replace(ko, settings=replace(ko.settings, tiebreaks=[]))  # a knockout is ranked by its bracket
    checked(ko)
    save(ko, str(out))
    echo(
        txt(
            f"已创建 {out}：积分赛 {args.swiss} 第{n}轮后前{args.top}名进入淘汰赛"
            f"（{system_label('knockout', args.games_per_match)}，{ko.settings.rounds}轮，不计加赛）",
            f"created {out}: the top {args.top} of {args.swiss} after round {n} go to the knockout "
            f"({ko.settings.rounds} rounds without play-offs)",
        )
    )
    from xlxq.core.standings import compute_standings

    rows = {r.no: r for r in compute_standings(swiss, n)}
    header = txt("种子 序号 姓名 单位 积分赛名次 积分", "Seed No Name Unit Swiss-rank Score").split()
    table = [[p.seed, p.no, p.name, p.unit, rows[p.no].rank, fmt(rows[p.no].score)] for p in ko.players]
    echo(*text_table(header, table, [True, True, False, False, True, True]))
    echo(*ko_first_round_lines(ko))
    echo(
        txt(
            f"最终名次：xlxq standings {out} --with {args.swiss}",
            f"final order: xlxq standings {out} --with {args.swiss}",
        )
    )
    return 0


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
