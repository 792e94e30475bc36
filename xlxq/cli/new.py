"""``xlxq new``: a tournament file from a registration — an individual
event of any system (积分末位淘汰, 队员总分制 included) or a team event
(:mod:`xlxq.operations.create`).

Lazy imports: the operation is imported inside the command (start-up time
of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse
import os

from xlxq.cli.output import finish, language

__all__ = ["cmd_new", "add_parser"]


def cmd_new(args: argparse.Namespace) -> int:
    from xlxq.operations.create import create_file
    from xlxq.sheets.script import HANT, lang_is_hant

    # XLXQ_LANG=zh-Hant: the new workbook is written in 繁體 (its own templates)
    args.book_lang = HANT if lang_is_hant(os.environ.get("XLXQ_LANG")) else None
    return finish(create_file(args, language()))


def _hans(value: str) -> str:
    """A Chinese name typed in 繁體 (對手分, 臨時定台制, 場分) read as its 简体
    twin, as a 繁體 workbook's 设置 is."""
    from xlxq.sheets.script import to_hans

    return to_hans(value)


def add_parser(sub) -> None:
    # the one key table of the systems: standard library only (start-up time)
    from xlxq.systems.keys import cli_choices

    s = sub.add_parser("new", help="从报名表新建赛事文件", description="从报名表（CSV 或 Excel）新建 JSON 赛事文件")
    s.add_argument("file", metavar="FILE", help="要创建的赛事文件（.json，或工作簿 .xlsx/.xlsm）")
    s.add_argument("--players", metavar="报名表", help="个人赛报名表 .csv 或 .xlsx（姓名、单位、等级分、种子…）")
    s.add_argument(
        "--teams",
        metavar="团体报名表",
        help="团体赛报名表 .csv 或 .xlsx，每行一名队员：队名、姓名，可选 台次、替补、等级分（示例 samples/teams.csv）",
    )
    s.add_argument(
        "--system",
        default="swiss",
        choices=cli_choices(),
        help="赛制：swiss 积分编排（默认）、round_robin 单循环、double_round_robin 双循环、knockout 淘汰赛；"
        "团体赛另有 scheveningen 全队轮赛制（两队）",
    )
    s.add_argument(
        "--rounds",
        type=int,
        metavar="R",
        help="轮数（积分编排默认 7，人数少时取能编排的最大轮数；循环赛、淘汰赛由人数算出，可省略）",
    )
    s.add_argument(
        "--games-per-match",
        dest="games_per_match",
        type=int,
        metavar="G",
        help="循环赛、淘汰赛每场局数（两局制 = 2；默认 1）",
    )
    s.add_argument("--name", metavar="N", help="赛事名称（默认取文件名）")
    s.add_argument(
        "--first-round",
        dest="first_round",
        default=None,
        choices=["adjacent", "fold", "slide", "random"],
        help="积分编排第一轮配对：adjacent 近号（默认）、fold 首尾、slide 对半交叉、random 随机",
    )
    s.add_argument(
        "--seed", type=int, metavar="S", help="第一轮随机配对的随机种子（random 时不给则自动选取并记入文件）"
    )
    s.add_argument(
        "--first-round-colours",
        dest="first_round_colours",
        default=None,
        choices=["board_parity", "top_half", "odd_number", "draw"],
        help="积分编排第一轮先后手：board_parity 单数台次小号先手、双数台次大号先手（默认）、top_half 上半区先手、"
        "odd_number 单数序号先手、draw 抽签（随机种子记入文件）",
    )
    s.add_argument(
        "--same-unit",
        dest="same_unit",
        default=None,
        choices=["none", "round1", "every_round"],
        help="同单位回避（赛前补充规定）：none 不回避（默认，原则(七)）、round1 首轮调开、every_round 以后各轮也尽量不配",
    )
    s.add_argument(
        "--forbid",
        action="append",
        metavar="A-B",
        help="回避配对（亲属回避）：序号A与B永不相遇（可重复）",
    )
    s.add_argument(
        "--show-rating",
        dest="show_rating",
        action="store_true",
        help="显示等级分：对阵、成绩、网页、成绩册与公告在姓名旁加等级分列（event.options.show_rating）",
    )
    s.add_argument("--draw", type=int, metavar="SEED", help="抽签定序号的随机种子（种子选手不参加抽签）")
    s.add_argument(
        "--by-rating",
        action="store_true",
        help="非种子选手按等级分高低编号（默认按报名顺序；种子选手总排单号）",
    )
    s.add_argument(
        "--tiebreaks",
        metavar="PRESET",
        type=_hans,
        help="名次计算方法：预设名或逗号分隔的项目（默认：积分编排 cxa2011-opp；循环赛 cxa2011-rr，"
        "两局制 cxa2011-rr-match；末位淘汰 seed001-cumulative；国际赛事：亚洲象联 axf、世界象联 wxf2023）",
    )
    s.add_argument(
        "--eliminate", action="append", metavar="X:Y", help="积分末位淘汰：第X轮后未得Y分者不再编排（可重复）"
    )
    s.add_argument(
        "--playoff-games",
        dest="playoff_games",
        metavar="2,1",
        help="淘汰赛战平后的加赛局数，逗号分隔，末项重复（默认 2）",
    )
    s.add_argument("--armageddon", action="store_true", help="淘汰赛加赛后仍平则一局决胜，和棋判黑方胜")
    s.add_argument("--boards", type=int, metavar="K", help="团体赛每场台数 2–10（全队轮赛制：每队人数）")
    s.add_argument(
        "--lineup",
        metavar="FORMAT",
        type=_hans,
        help="团体赛出场方式：fixed_boards 分台定人制（默认）、fixed_order 分台换人制、per_round 临时定台制（中文名亦可）",
    )
    s.add_argument(
        "--pair-by",
        dest="pair_by",
        type=_hans,
        choices=["match_points", "game_points", "场分", "局分"],
        help="积分编排团体赛的编排依据：match_points 场分（默认）或 game_points 局分",
    )
    s.add_argument(
        "--match-scoring",
        dest="match_scoring",
        metavar="W/D/L",
        help="团体赛场分：胜/和/负，默认 2/1/0，如 3/1/0；主客和棋不同：3/1:2/0",
    )
    s.add_argument(
        "--member-total",
        dest="member_total",
        action="store_true",
        help="队员总分制：个人赛（--players，单位 = 队），同队队员分在上下半区编号，另按队员成绩排团体名次",
    )
    s.add_argument("--best", type=int, metavar="N", help="队员总分制：每队计前N名队员（默认全部）")
    s.add_argument(
        "--by", choices=["points", "placings"], help="队员总分制：points 积分总和（默认）或 placings 名次总和"
    )
    s.add_argument(
        "--numbering",
        choices=["odd_even", "halves"],
        help="队员总分制编号：odd_even 上半区单号、下半区双号（默认，首轮近号）或 halves 上下半区（首轮对半交叉）",
    )
    s.add_argument(
        "--incomplete",
        choices=["last", "drop", "count"],
        help="队员总分制：人数不足N的队 last 列在最后（默认）、drop 不列、count 照常计算",
    )
    s.add_argument("--force", action="store_true", help="覆盖已存在的文件")
    s.set_defaults(func=cmd_new)
