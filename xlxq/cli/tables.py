"""``xlxq standings`` and ``xlxq crosstable``: the tables of an event, as
text or ``--json``, on a JSON file (a workbook goes to
:mod:`xlxq.cli.workbooks`).  The individual tables are those of
:mod:`xlxq.report`; the team tables and 队员总分制's are printed here.

Standard library at import; the core and :mod:`xlxq.report` are imported
inside the commands (start-up time).
"""

from __future__ import annotations

import argparse

from xlxq.cli.files import is_rr, is_team, load, round_arg
from xlxq.cli.output import echo, fmt, language, nums, system_label, system_of, text_table, txt, write_json
from xlxq.cli.team import team_system_label
from xlxq.cli.workbooks import on_file

__all__ = ["cmd_standings", "cmd_crosstable", "crosstable", "add_parser"]


def cmd_standings(args: argparse.Namespace) -> int:
    return on_file("standings", args, _standings, _team_standings)


def _standings(event, args) -> int:
    from xlxq.errors import InputError

    if args.boards:
        raise InputError("--boards（台次成绩）只用于团体赛文件", "--boards (per-board results) is for team files")
    if args.teams:
        if args.with_swiss is not None:
            raise InputError("--teams 不能与 --with 同用", "--teams cannot be combined with --with")
        return _standings_member_total(event, args)
    system = event.settings.system
    if args.with_swiss is not None:
        if not system_of(event.settings).knockout:
            raise InputError(
                f"--with 用于积分晋圈淘汰：FILE 应为淘汰赛文件，本文件为{system_label(system)}",
                f"--with is for a qualifying Swiss: FILE must be the knockout, this is {system}",
            )
        if args.round is not None:
            raise InputError(
                "--round 不能与 --with 同用（最终名次按两个文件的全部轮次）",
                "--round cannot be combined with --with (the final order uses every round)",
            )
        return _standings_combined(event, args)
    from xlxq import report

    if args.round is not None:
        round_arg(event, args.round)
    if args.json:
        write_json(report.standings_data(event, args.round, language()))
    else:
        echo(*report.standings_lines(event, args.round, language()))
    return 0


def _standings_combined(knockout, args) -> int:
    from xlxq import report
    from xlxq.errors import InputError

    swiss = load(args.with_swiss)
    if is_team(swiss) or not system_of(swiss.settings).swiss:
        raise InputError(
            f"--with {args.with_swiss}：应为积分编排（swiss）赛事文件，实为{system_label(swiss.settings.system)}",
            f"--with {args.with_swiss}: must be a Swiss event, not {swiss.settings.system}",
        )
    for p in knockout.players:
        if not swiss.has_player(p.no) or swiss.player(p.no).name != p.name:
            raise InputError(
                f"淘汰赛的{p.name}（{p.no}号）不在积分赛文件 {args.with_swiss} 中（序号与姓名应相同）",
                f"knockout player {p.name} ({p.no}) is not in the Swiss file {args.with_swiss}",
            )
    if args.json:
        write_json(report.combined_data(swiss, knockout))
    else:
        echo(*report.combined_lines(swiss, knockout, language()))
    return 0


def _team_standings(event, args) -> int:
    from xlxq.core.team_standings import (
        LABELS_EN,
        LABELS_ZH,
        board_standings,
        compute_team_standings,
        resolve_team_tiebreaks,
    )
    from xlxq.errors import InputError

    s = event.settings
    if args.with_swiss is not None:
        raise InputError(
            "--with 用于积分晋圈淘汰，不用于团体赛", "--with is for a qualifying Swiss, not for a team event"
        )
    if args.teams:
        raise InputError(
            "--teams 用于队员总分制（个人赛文件）；团体赛直接用 xlxq standings（台次成绩加 --boards）",
            "--teams is for 队员总分制 (an individual file); a team file: xlxq standings [--boards]",
        )
    from xlxq.core.standings import table_round

    if args.round is not None:
        round_arg(event, args.round)
    tr = table_round(event, args.round)  # as far as the results go (issue 8 §6)
    after = tr.after
    if args.boards:
        per_board = board_standings(event, after)
        if args.json:
            write_json(
                {
                    "kind": "team",
                    "system": s.system,
                    "after_round": after,
                    "board_ranking": {"by": s.board_ranking, "min_games": s.board_min_games},
                    "boards": {str(k): [nums(r.to_dict()) for r in rows] for k, rows in per_board.items()},
                }
            )
            return 0
        title = tr.title("台次成绩", "Board results", language())
        if s.name:
            title += f"  {s.name}"
        lines = [title]
        header = txt(
            "名次 序号 姓名 队名 局数 胜 和 负 得分 得分率 犯规", "Rank No Name Team Games W D L Points Pct Fouls"
        ).split()
        for k, rows in per_board.items():
            lines.append(txt(f"第{k}台", f"Board {k}"))
            table = [
                [
                    r.rank if r.rank is not None else "—",
                    r.no,
                    r.name,
                    r.team,
                    r.games,
                    r.wins,
                    r.draws,
                    r.losses,
                    fmt(r.points),
                    f"{r.percentage * 100:.1f}%",
                    r.fouls,
                ]
                for r in rows
            ]
            lines += ["  " + ln for ln in text_table(header, table, [True, True, False, False] + [True] * 7)]
            if not rows:
                lines.append(txt("  （尚无对局）", "  (no games yet)"))
        if s.board_min_games:
            lines.append(
                txt(
                    f"不足{s.board_min_games}局者列在最后，不排名次（—）",
                    f"fewer than {s.board_min_games} games: listed last, unranked (—)",
                )
            )
        echo(*lines)
        return 0
    rows = compute_team_standings(event, after)
    keys = resolve_team_tiebreaks(s.tiebreaks, s.system)
    if args.json:
        data = {
            "kind": "team",
            "system": s.system,
            "after_round": after,
            "in_progress": tr.in_progress,
            "score": keys[0],
            "tiebreak_order": keys,
            "standings": [nums(r.to_dict()) for r in rows],
        }
        write_json(data)
        return 0
    labels = LABELS_EN if language() == "en" else LABELS_ZH
    shown = [k for k in keys if k != "back_rounds"]
    shown += [k for k in ("match_points", "game_points") if k not in shown]
    header = txt("名次 队序号 队名", "Rank No Team").split() + [labels[k] for k in shown] + [txt("场次", "Matches")]
    table = []
    for r in rows:
        name = r.name + (txt("（退赛）", " (withdrawn)") if r.withdrawn else "")
        table.append([r.rank, r.no, name] + [fmt(r.values[k]) for k in shown] + [r.matches + r.byes])
    title = tr.title(f"{team_system_label(s.system)}名次表", f"{team_system_label(s.system)} standings", language())
    if s.name:
        title += f"  {s.name}"
    echo(title, *text_table(header, table, [True, True, False] + [True] * (len(shown) + 1)))
    order = txt("、", ", ").join(labels[k] for k in keys)
    echo(txt(f"名次计算顺序：{order}", f"ranking order: {order}"))
    return 0


def _standings_member_total(event, args) -> int:
    """队员总分制: the teams (单位) ranked by their members' results."""
    from xlxq import report
    from xlxq.backends.team_json import MemberTotalOptions
    from xlxq.core.member_total import member_total_standings
    from xlxq.errors import InputError

    if system_of(event.settings).knockout:
        raise InputError(
            "队员总分制（--teams）只用于积分编排和循环赛", "--teams (队员总分制) is for a Swiss or a round robin"
        )
    mt = getattr(event.settings, "member_total", None) or MemberTotalOptions()
    after = round_arg(event, args.round) if args.round is not None else None
    rows = member_total_standings(event, mt.by, mt.best, mt.incomplete, after_round=after)
    if is_rr(event):
        shown_after = after if after is not None else report.last_played(event)
        when = txt(f"第{shown_after}轮后", f"after round {shown_after}")
    else:
        from xlxq.core.standings import table_round

        tr = table_round(event, after)  # as the individual table counts it (issue 8 §6)
        shown_after, when = tr.after, tr.label(language())
    if args.json:
        data = {
            "kind": "member_total",
            "by": mt.by,
            "best": mt.best,
            "incomplete": mt.incomplete,
            "after_round": shown_after,
            "standings": [nums(r.to_dict()) for r in rows],
        }
        write_json(data)
        return 0
    by = txt("积分总和", "points") if mt.by == "points" else txt("名次总和（小者列前）", "placings (lower first)")
    best = txt(f"每队计前{mt.best}名", f"best {mt.best} a team") if mt.best else txt("每队全部队员", "every member")
    title = txt(
        f"队员总分制团体名次（{when}；按{by}，{best}）", f"Team ranking by members' results ({when}; by {by}, {best})"
    )
    if event.settings.name:
        title += f"  {event.settings.name}"
    header = txt(
        "名次 队名 计入人数 积分和 名次和 最好名次 计入队员（个人名次）",
        "Rank Team Counted Points Placings Best Members(rank)",
    ).split()
    table = []
    for r in rows:
        members = txt("、", ", ").join(
            txt(f"{no}号{event.player(no).name}（第{rk}名）", f"{no} {event.player(no).name} ({rk})")
            for no, rk, _ in r.counted
        )
        team = r.team + ("" if r.complete else txt("（人数不足）", " (short)"))
        table.append(
            [
                r.rank if r.rank is not None else "—",
                team,
                len(r.counted),
                fmt(r.points),
                r.placings,
                r.best_placing,
                members,
            ]
        )
    echo(title, *text_table(header, table, [True, False, True, True, True, True, False]))
    return 0


def cmd_crosstable(args: argparse.Namespace) -> int:
    """Round robin: the 交叉表 (points of each game, by opponent)."""
    return on_file("crosstable", args, crosstable)


def crosstable(event, args) -> int:
    """The 交叉表 of a round robin (``--json``, ``--round N``)."""
    from xlxq import report
    from xlxq.errors import InputError

    if is_team(event):
        raise InputError(
            "交叉表只用于个人循环赛；团体赛请用 xlxq standings（台次成绩加 --boards）",
            "a cross table is for individual round robins; a team event: xlxq standings [--boards]",
        )
    if not is_rr(event):
        raise InputError(
            f"交叉表只用于循环赛，本赛事为{system_label(event.settings.system)}（{event.settings.system}）",
            f"a cross table is for round robins only; this event is {event.settings.system}",
        )
    after = round_arg(event, args.round) if args.round is not None else None
    if args.json:
        write_json(report.cross_table_data(event, after))
    else:
        echo(*report.cross_table_lines(event, after, language()))
    return 0


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

    s = sub.add_parser("crosstable", help="循环赛交叉表", description="循环赛交叉表：每名棋手对每个对手各局所得分")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出")
    s.add_argument("--round", type=int, metavar="N", help="计算到第N轮（默认：全部）")
    s.set_defaults(func=cmd_crosstable)
