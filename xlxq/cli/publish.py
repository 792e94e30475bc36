"""``xlxq publish FILE OUTDIR`` (the event's static web site) and ``xlxq
rating FILE`` (the unofficial 等级分 report), on a JSON file or a workbook
(read only: :func:`xlxq.operations.event_read.read_event`).

Lazy imports: the operations (and Jinja2, segno) are imported inside the
commands (start-up time of ``xlxq --help``: the CLI imports the standard
library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import finish, language
from xlxq.i18n import LANGS

__all__ = ["cmd_publish", "cmd_rating", "add_parser"]


def _read(path: str):
    """The event and its knockout stage (积分晋圈淘汰 in a workbook; else
    None); the settings carry the 等级分 options of the JSON file's
    ``event.rating`` or the workbook's 设置 rows."""
    from xlxq.backends.safety import file_lock
    from xlxq.core.groups import Grouped
    from xlxq.operations.event_read import groups_refused, read_stages

    with file_lock(path):
        event, knockout = read_stages(path)
    if isinstance(event, Grouped):  # a JSON file of groups (a workbook's: refused by read_stages)
        raise groups_refused(path, event.names())
    return event, knockout


def cmd_publish(args: argparse.Namespace) -> int:
    from xlxq.core.rating import report_options
    from xlxq.operations.publish import publish_event, with_stage
    from xlxq.operations.rating import rating_options

    event, knockout = with_stage(args.file, *_read(args.file), args.with_file)
    asked = args.rating or args.k is not None or args.cap is not None
    rating = None
    if asked or report_options(event.settings) is not None:
        rating = rating_options(args.k, args.cap, event.settings.rating)
    sources = [args.file] + ([args.with_file] if args.with_file else [])
    return finish(publish_event(event, args.outdir, args.lang or language(), args.url, rating, knockout, sources))


def cmd_rating(args: argparse.Namespace) -> int:
    from xlxq.operations.rating import rating_options, rating_outcome

    event = _read(args.file)[0]
    return finish(rating_outcome(event, rating_options(args.k, args.cap, event.settings.rating), args.json))


def _rating_flags(s) -> None:
    s.add_argument(
        "--k",
        metavar="TABLE",
        help="K 值表“起点:K”，逗号分隔（默认：赛事文件或工作簿“设置”中的K值表，否则 0:20,2400:10）",
    )
    s.add_argument(
        "--cap", type=float, metavar="D", help="等级分差 D 的上限（默认：赛事文件或工作簿“设置”中的，否则 400）"
    )


def add_parser(sub) -> None:
    s = sub.add_parser(
        "publish",
        help="发布网页",
        description="把赛事写成静态网页文件夹（对阵、成绩、名次、交叉表或对阵图、每名棋手一页），离线、手机可看",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument(
        "outdir",
        metavar="OUTDIR",
        help="输出文件夹（新的、空的或 xlxq 发布过的；只替换 xlxq 写的文件，有别的文件则拒绝）",
    )
    s.add_argument(
        "--lang",
        choices=(*LANGS, "both", "all"),  # the registered languages
        help="网页语言（默认按 XLXQ_LANG；both：中英文可切换；all：简体、英文、繁體可切换）",
    )
    s.add_argument("--url", metavar="U", help="网页地址（http:// 或 https://）：首页和编排记录公告上印出它的二维码")
    s.add_argument("--rating", action="store_true", help="加一页非官方等级分估算（Elo；赛事设了等级分报告时总有此页）")
    s.add_argument(
        "--with",
        dest="with_file",
        metavar="OTHER",
        help="积分晋圈淘汰的另一个 JSON 文件（积分赛的淘汰赛文件，或淘汰赛的积分赛文件）：一并发布淘汰赛阶段",
    )
    _rating_flags(s)
    s.set_defaults(func=cmd_publish)

    s = sub.add_parser(
        "rating", help="等级分估算（非官方）", description="非官方等级分估算（Elo：Rn = Ro + K·(W − We)），不写文件"
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出")
    _rating_flags(s)
    s.set_defaults(func=cmd_rating)
