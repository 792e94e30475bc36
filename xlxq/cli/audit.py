"""``xlxq audit FILE`` (every round against the 定位编排 method, the
table or the bracket: :mod:`xlxq.operations.audit`) and ``xlxq import REG
ROUNDS OUT`` (an event run elsewhere into a JSON file or a workbook:
:mod:`xlxq.operations.import_event`).

Lazy imports: the operations are imported inside the commands (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import finish

__all__ = ["cmd_audit", "cmd_import", "add_parser"]


def cmd_audit(args: argparse.Namespace) -> int:
    """Read-only: a JSON file or a workbook (its sheets as 计算成绩 reads
    them), never written."""
    from xlxq.errors import XlxqError
    from xlxq.operations.audit import audit_file
    from xlxq.operations.event_read import read_event_or_groups
    from xlxq.operations.groups import combined, in_group

    event, groups = read_event_or_groups(args.file)
    if groups is None:
        return finish(audit_file(event, args.json))
    outs = []  # an event with groups (组别): each group's audit in turn
    for g, ev in groups:
        try:
            outs.append((g, audit_file(ev, args.json)))
        except XlxqError as exc:
            raise in_group(g, exc) from None
    return finish(combined(outs))


def cmd_import(args: argparse.Namespace) -> int:
    from xlxq.cli.output import language
    from xlxq.errors import InputError
    from xlxq.i18n import Msg

    if args.teams:  # a team event: the boards of its matches (xlxq/operations/import_team.py)
        from xlxq.operations.import_team import import_team_event

        return finish(
            import_team_event(
                args.registration,
                args.rounds,
                args.out,
                args.force,
                name=args.name or "",
                system=args.system or "swiss",
                boards=args.boards,
                first_round=args.first_round,
                planned=args.planned,
            )
        )
    for flag, value in (("--boards", args.boards), ("--system", args.system)):
        if value is not None:
            raise InputError(Msg("import_event.only-with-teams", flag=flag))
    from xlxq.operations.import_event import import_event

    return finish(
        import_event(
            args.registration,
            args.rounds,
            args.out,
            args.force,
            name=args.name or "",
            first_round=args.first_round,
            planned=args.planned,
            lang=language(),
        )
    )


def add_parser(sub) -> None:
    s = sub.add_parser(
        "audit",
        help="复核每一轮的编排",
        description="复核：每一轮按此前各轮的成绩重新推导编排，与实际对阵比较（一致 / 人工调整 / 不一致）；"
        "全部一致时退出码为 0，否则为 1",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出复核结果")
    s.set_defaults(func=cmd_audit)

    s = sub.add_parser(
        "import",
        help="导入其他程序编排的赛事",
        description="导入：报名表（序号、姓名、单位，可选等级分/种子）和对阵成绩表（轮次、台次、红方序号、黑方序号、结果），"
        "CSV 或 XLSX，写成 JSON 赛事文件或工作簿；团体赛加 --teams：团体报名表和每行一台的对阵成绩表（另有场次列），写成 JSON",
    )
    s.add_argument(
        "--teams",
        action="store_true",
        help="团体赛：REG 为团体报名表（如 xlxq new --teams），对阵成绩表每行一台，另有场次列",
    )
    s.add_argument("registration", metavar="REG")
    s.add_argument("rounds", metavar="ROUNDS")
    s.add_argument("out", metavar="OUT")
    s.add_argument("--force", action="store_true", help="覆盖已存在的 OUT")
    s.add_argument("--name", metavar="N", help="赛事名称（默认：对阵成绩表的文件名）")
    s.add_argument(
        "--first-round",
        default="adjacent",
        choices=("adjacent", "fold", "slide", "random"),
        help="积分编排第一轮配对：adjacent 近号（默认）、fold 首尾、slide 对半交叉、random 随机",
    )
    s.add_argument("--rounds", dest="planned", type=int, metavar="R", help="计划轮数（默认：已赛轮数）")
    s.add_argument("--boards", type=int, metavar="K", help="团体赛每场台数 2–10（默认：对阵成绩表中多数场次的台数）")
    s.add_argument(
        "--system",
        metavar="SYSTEM",
        help="团体赛赛制：swiss 积分编排（默认）、round_robin 单循环、double_round_robin 双循环",
    )
    s.set_defaults(func=cmd_import)
