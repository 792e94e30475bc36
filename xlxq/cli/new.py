"""``xlxq new``: a tournament file from a registration — an individual
event of any system (积分末位淘汰, 队员总分制 included) or a team event.

Standard library at import; the readers and the core are imported inside
the command (start-up time).
"""

from __future__ import annotations

import argparse
from typing import Sequence

from xlxq.cli.output import RR_SYSTEMS, echo, fmt, language, system_label, text_table, txt

__all__ = ["SYSTEM_CHOICES", "TEAM_SYSTEMS_CLI", "cmd_new", "plan_warnings", "ko_first_round_lines", "add_parser"]


SYSTEM_CHOICES = ["swiss", "round_robin", "double_round_robin", "knockout"]


def _parse_eliminate(items: Sequence[str]) -> list[tuple[int, float]]:
    """``--eliminate X:Y`` (repeatable; also ``X：Y``, ``X,Y``) → [(X, Y), …]."""
    import re

    from xlxq.errors import InputError

    out = []
    for item in items:
        m = re.fullmatch(r"\s*(\d+)\s*[:：,，]\s*(-?\d+(?:\.\d+)?)\s*", item)
        if not m or int(m.group(1)) < 1:
            raise InputError(
                f"--eliminate {item!r} 无效：应为 X:Y（第X轮后未得Y分者淘汰），如 --eliminate 3:2",
                f"invalid --eliminate {item!r}: expected X:Y (under Y points after round X: out), e.g. --eliminate 3:2",
            )
        y = float(m.group(2))
        out.append((int(m.group(1)), int(y) if y.is_integer() else y))
    return out


def cmd_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from xlxq.operations.source import checked, parse_playoff, save, split_list

    from xlxq.backends.registration import read_registration
    from xlxq.core.model import Event, EventSettings, Scoring, validate_event
    from xlxq.errors import InputError

    path = Path(args.file)
    if path.exists() and not args.force:
        raise InputError(
            f"文件已存在：{path}（如要覆盖，加 --force）", f"{path} already exists (use --force to overwrite)"
        )
    if path.is_dir():
        raise InputError(f"{path} 是文件夹", f"{path} is a directory")
    if args.teams is not None:
        return _team_new(args, path)
    system = args.system
    if args.players is None:
        raise InputError(
            "须给出报名表：--players 报名表（个人赛）或 --teams 团体赛报名表（团体赛）",
            "give a registration: --players FILE (individual) or --teams FILE (team event)",
        )
    for flag, given in (
        ("--boards", args.boards),
        ("--lineup", args.lineup),
        ("--pair-by", args.pair_by),
        ("--match-scoring", args.match_scoring),
    ):
        if given is not None:
            raise InputError(f"{flag} 只用于团体赛（--teams 团体赛报名表）", f"{flag} is for a team event (--teams)")
    if system == "scheveningen":
        raise InputError(
            "全队轮赛制是团体赛：用 --teams 给出两队的报名表", "a Scheveningen match is a team event: use --teams"
        )
    if not args.member_total:
        for flag, given in (
            ("--best", args.best),
            ("--by", args.by),
            ("--numbering", args.numbering),
            ("--incomplete", args.incomplete),
        ):
            if given is not None:
                raise InputError(f"{flag} 只用于队员总分制（--member-total）", f"{flag} is for --member-total only")
    elif system == "knockout":
        raise InputError(
            "队员总分制（--member-total）用于积分编排或循环赛，不用于淘汰赛",
            "--member-total is for a Swiss or a round robin, not a knockout",
        )
    if args.best is not None and args.best < 1:
        raise InputError(f"--best 应为正整数：{args.best}", f"--best must be positive: {args.best}")
    g = args.games_per_match
    label = system_label(system)
    # options that belong to other systems: refused before anything is read
    if g is not None and g < 1:
        raise InputError(f"--games-per-match 应为正整数：{g}", f"--games-per-match must be positive: {g}")
    if system == "swiss" and g not in (None, 1):
        raise InputError(
            "积分编排（swiss）每轮一局，--games-per-match 只用于循环赛和淘汰赛",
            "a Swiss plays one game a round: --games-per-match is for round robins and knockouts",
        )
    if system != "swiss":
        for flag, given in (("--first-round", args.first_round), ("--seed", args.seed)):
            if given is not None:
                raise InputError(
                    f"{flag} 只用于积分编排（swiss），{label}不用", f"{flag} is for a Swiss only, not for a {label}"
                )
    if args.eliminate and system != "swiss":
        raise InputError(
            f"--eliminate（积分末位淘汰）只用于积分编排（swiss），不用于{label}",
            f"--eliminate is for a Swiss only, not for a {label}",
        )
    if system != "knockout" and (args.playoff_games is not None or args.armageddon):
        flag = "--playoff-games" if args.playoff_games is not None else "--armageddon"
        raise InputError(f"{flag}（加赛）只用于淘汰赛（knockout）", f"{flag} (play-offs) is for a knockout only")
    if system == "knockout" and args.tiebreaks:
        raise InputError(
            "淘汰赛按对阵决出名次，不用名次计算方法 --tiebreaks",
            "a knockout is ranked by its bracket: --tiebreaks does not apply",
        )
    g = g or 1
    eliminate = _parse_eliminate(args.eliminate or [])
    playoff = parse_playoff(args.playoff_games) if args.playoff_games is not None else [2]

    players = read_registration(args.players, draw_seed=None if args.member_total else args.draw)
    numbering = None
    if args.member_total:
        players, numbering = _member_total_numbering(players, args)
    n = len(players)
    if n < 2:
        raise InputError(
            f"报名表只有{n}名棋手，至少需要2名", f"the registration has {n} player(s); at least 2 are needed"
        )
    if args.rounds is not None and args.rounds < 1:
        raise InputError(f"轮数 --rounds 应为正整数：{args.rounds}", f"--rounds must be positive: {args.rounds}")
    seed = args.seed
    first_round = args.first_round or "adjacent"
    if numbering is not None and args.first_round is None:
        from xlxq.core.member_total import FIRST_ROUND_FOR

        first_round = FIRST_ROUND_FOR[numbering]  # upper half meets lower half in round 1
    scoring = Scoring(win=2, draw=1, loss=0, bye=2)
    extra = ""
    if system == "swiss":
        from xlxq.core.checks import MIN_ROUNDS, max_swiss_rounds

        # default 7 (原则(二)), or fewer if the field cannot pair seven; any other
        # count is the organiser's: warned about below, never refused
        rounds = min(MIN_ROUNDS, max_swiss_rounds(n)) if args.rounds is None else args.rounds
        if first_round == "random" and seed is None:
            import secrets

            seed = secrets.randbelow(1_000_000_000)
        tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else ["cxa2011-opp"]
        for x, y in eliminate:
            if x >= rounds:
                raise InputError(
                    f"--eliminate {x}:{fmt(y)}：第{x}轮后已无比赛（共{rounds}轮），应小于{rounds}",
                    f"--eliminate {x}:{fmt(y)}: no round follows round {x} (the event has {rounds})",
                )
    elif system in RR_SYSTEMS:
        from xlxq.core.roundrobin import rr_round_count
        from xlxq.core.rr_standings import default_preset

        double = system == "double_round_robin"
        rounds = rr_round_count(n, double, g)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(
                f"{n}人{system_label(system, g)}共{rounds}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                f"a {system_label(system, g)} of {n} players has {rounds} rounds, "
                f"not --rounds {args.rounds} (leave --rounds out)",
            )
        tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else [default_preset(g)]
        scoring = Scoring(win=2, draw=1, loss=0)  # a round-robin bye scores nothing
        if n % 2:
            extra = txt("，人数为单数，每轮一人轮空（不计分）", ", odd field: one bye a round (no points)")
    else:
        from xlxq.core.knockout import bracket_size, planned_rounds, stage_count

        rounds = planned_rounds(n, g)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(
                f"{n}人淘汰赛（{stage_count(n)}阶段，每场{g}局）不计加赛共{rounds}轮，"
                f"--rounds {args.rounds} 不符（可省略 --rounds；加赛时轮数自动增加）",
                f"a knockout of {n} players ({stage_count(n)} stages, {g} game(s) a match) has {rounds} "
                f"rounds without play-offs, not --rounds {args.rounds} (play-offs add rounds by themselves)",
            )
        tiebreaks = []
        scoring = Scoring(win=2, draw=1, loss=0)
        extra = txt(
            f"，{bracket_size(n)}个签位、{stage_count(n)}阶段，加赛 {','.join(map(str, playoff))} 局"
            + ("后和棋判黑胜的决胜局" if args.armageddon else ""),
            f", {bracket_size(n)} lines, {stage_count(n)} stages, play-offs of {','.join(map(str, playoff))}"
            + (" then an armageddon game" if args.armageddon else ""),
        )
    settings = EventSettings(
        name=args.name if args.name is not None else path.stem,
        system=system,
        rounds=rounds,
        scoring=scoring,
        tiebreaks=tiebreaks,
        first_round=first_round,
        first_round_seed=seed,
        games_per_match=g,
        playoff_games=playoff,
        armageddon=bool(args.armageddon),
    )
    if eliminate:
        from xlxq.core.combined import with_elimination

        # the 累进分 line goes with 末位淘汰 (seed 001) unless a list was given
        settings = with_elimination(settings, eliminate, cumulative_tiebreaks=not args.tiebreaks)
        settings = _keep_given_numbers(settings, eliminate)
    if args.member_total:
        from xlxq.backends.team_json import MemberTotalOptions, with_member_total

        settings = with_member_total(
            settings, MemberTotalOptions(by=args.by or "points", best=args.best, incomplete=args.incomplete or "last")
        )
    event = Event(settings=settings, players=players)
    validate_event(event)
    checked(event)  # the same checks as a later load (tie-breaks per system …)
    save(event, str(path))
    if system == "swiss":
        method = {
            "adjacent": txt("近号配对", "adjacent"),
            "fold": txt("首尾配对", "fold"),
            "slide": txt("对半交叉配对", "slide"),
            "random": txt("随机配对", "random"),
        }[first_round]
        extra = txt(f"，随机种子 {seed}", f", random seed {seed}") if first_round == "random" else ""
        draw = txt(f"；抽签种子 {args.draw}", f"; draw seed {args.draw}") if args.draw is not None else ""
        echo(
            txt(
                f"已创建 {path}：{n}名棋手，{rounds}轮，首轮{method}{extra}{draw}",
                f"created {path}: {n} players, {rounds} rounds, first round {method}{extra}{draw}",
            )
        )
        echo(*plan_warnings(n, rounds))
        if eliminate:
            rules = txt("；", "; ").join(
                txt(f"第{x}轮后未得{fmt(y)}分淘汰", f"under {fmt(y)} after round {x}: out") for x, y in eliminate
            )
            echo(
                txt(
                    f"积分末位淘汰：{rules}；名次计算：{'、'.join(settings.tiebreaks)}",
                    f"elimination: {rules}; tie-breaks: {', '.join(settings.tiebreaks)}",
                )
            )
    else:
        draw = txt(f"；抽签种子 {args.draw}", f"; draw seed {args.draw}") if args.draw is not None else ""
        echo(
            txt(
                f"已创建 {path}：{n}名棋手，{system_label(system, g)}，{rounds}轮{extra}{draw}",
                f"created {path}: {n} players, {system_label(system, g)}, {rounds} rounds{extra}{draw}",
            )
        )
    if args.member_total:
        mt = settings.member_total
        how = (
            txt("单双号（上半区单号、下半区双号）", "odd/even (upper half odd, lower half even)")
            if numbering == "odd_even"
            else txt("上下半区（上半区小号、下半区大号）", "halves (upper half first)")
        )
        by = txt("积分总和", "points") if mt.by == "points" else txt("名次总和", "placings")
        best = txt(f"每队计前{mt.best}名", f"best {mt.best} a team") if mt.best else txt("每队全部队员", "every member")
        echo(
            txt(
                f"队员总分制：同队队员分在上下半区，按{how}编号（{'抽签' if args.draw is not None else '等级分'}排序），"
                f"首轮避免同队相遇；团体成绩按{by}，{best}：xlxq standings {path} --teams",
                f"member totals: team-mates split between the halves, numbered {how}; team ranking by {by}, "
                f"{best}: xlxq standings {path} --teams",
            )
        )
    header = txt("序号 姓名 单位 等级分 种子", "No Name Unit Rating Seed").split()
    rows = [[p.no, p.name, p.unit, fmt(p.rating), fmt(p.seed)] for p in players]
    echo(*text_table(header, rows, [True, False, False, True, True]))
    if system == "knockout":
        echo(*ko_first_round_lines(event))
    elif system in RR_SYSTEMS:
        echo(
            txt(
                "下一步：xlxq schedule 一次生成全部轮次（或 xlxq pair 逐轮编排）",
                "next: xlxq schedule writes every round at once (or xlxq pair, one round at a time)",
            )
        )
    return 0


def plan_warnings(n: int, rounds: int, team: bool = False) -> list[str]:
    """``警告：…`` lines on a Swiss of ``n`` players (teams) planned for
    ``rounds`` rounds (原则(二); more than the field can pair)."""
    from xlxq.operations.lines import plan_warnings as warnings

    return warnings(n, rounds, language(), team)


def _keep_given_numbers(settings, rules):
    """``with_elimination`` stores Y as a float; keep the number as typed
    (3:2 → [3, 2] in the file, not [3, 2.0])."""
    from dataclasses import replace

    ordered = tuple(sorted((x, y) for x, y in rules))
    return replace(settings, pairing=replace(settings.pairing, elimination=ordered))


def ko_first_round_lines(event) -> list[str]:
    """The first-round draw of a knockout: byes (to the seeds) and matches."""
    from xlxq.operations.lines import ko_first_round_lines as lines

    return lines(event, language())


def _member_total_numbering(players, args):
    """队员总分制 numbering (docs/teams.md §7): team-mates split between the
    halves, round 1 without team-mates where possible."""
    from xlxq.core.member_total import number_members

    numbering = args.numbering or "odd_even"
    order = "draw" if args.draw is not None else "rating"
    return number_members(players, numbering=numbering, order=order, seed=args.draw), numbering


TEAM_SYSTEMS_CLI = ("swiss", "round_robin", "double_round_robin", "scheveningen")


def _parse_match_scoring(spec: str) -> dict:
    """``W/D/L`` (e.g. ``3/1/0``); the draw may be ``H:A`` for a different
    draw of the first (home) and second (away) team (``3/1:2/0``)."""
    import re

    from xlxq.errors import InputError

    num = r"(-?\d+(?:\.\d+)?)"
    m = re.fullmatch(rf"\s*{num}\s*[/,，]\s*{num}(?:\s*[:：]\s*{num})?\s*[/,，]\s*{num}\s*", spec)
    if not m:
        raise InputError(
            f"--match-scoring {spec!r} 无效：应为 胜/和/负 的场分，如 2/1/0、3/1/0，"
            f"主客和棋不同时写 3/1:2/0（先走队和 1、后走队和 2）",
            f"invalid --match-scoring {spec!r}: W/D/L match points, e.g. 2/1/0 or 3/1/0; "
            f"3/1:2/0 for a home draw 1 and an away draw 2",
        )

    def n(x):
        v = float(x)
        return int(v) if v.is_integer() else v

    out = {"match_win": n(m.group(1)), "match_draw": n(m.group(2)), "match_loss": n(m.group(4))}
    if m.group(3) is not None:
        out["match_draw_first"] = out["match_draw"]
        out["match_draw_second"] = n(m.group(3))
    return out


def _team_new(args: argparse.Namespace, path) -> int:
    from xlxq.operations.source import checked, save, split_list
    from xlxq.operations.team import team_schedule_rounds
    from xlxq.team_report import lineup_label, team_schedule_lines, team_system_label, team_table
    from xlxq.backends.team_json import read_team_registration
    from xlxq.core.model import Scoring
    from xlxq.core.teams import (
        MAX_BOARDS,
        MIN_BOARDS,
        TeamEvent,
        TeamScoring,
        TeamSettings,
        lineup_format,
        validate_team_event,
    )
    from xlxq.errors import InputError

    system = args.system
    if system not in TEAM_SYSTEMS_CLI:
        raise InputError(
            f"团体赛赛制可选 {'、'.join(TEAM_SYSTEMS_CLI)}，不支持 {system}",
            f"a team event is one of {', '.join(TEAM_SYSTEMS_CLI)}, not {system}",
        )
    if args.players is not None:
        raise InputError(
            "--players（个人赛报名表）与 --teams（团体赛报名表）不能同用",
            "--players (individual registration) and --teams (team registration) exclude each other",
        )
    for flag, given in (
        ("--games-per-match", args.games_per_match),
        ("--eliminate", args.eliminate),
        ("--playoff-games", args.playoff_games),
        ("--armageddon", args.armageddon or None),
        ("--member-total", args.member_total or None),
        ("--best", args.best),
        ("--by", args.by),
        ("--numbering", args.numbering),
        ("--incomplete", args.incomplete),
    ):
        if given is not None:
            raise InputError(f"{flag} 不用于团体赛（--teams）", f"{flag} is not for a team event (--teams)")
    label = team_system_label(system, language())
    if system != "swiss":
        for flag, given in (("--first-round", args.first_round), ("--seed", args.seed), ("--pair-by", args.pair_by)):
            if given is not None:
                raise InputError(
                    f"{flag} 只用于积分编排团体赛（swiss），{label}不用",
                    f"{flag} is for a team Swiss only, not for a {label}",
                )
    if system == "scheveningen" and args.lineup is not None:
        raise InputError(
            "全队轮赛制的出场顺序由秩序表决定，不用 --lineup",
            "a Scheveningen match is seated from its table: --lineup does not apply",
        )
    k = args.boards
    if k is None:
        raise InputError(
            f"团体赛须给出每场台数 --boards K（{MIN_BOARDS}–{MAX_BOARDS}；全队轮赛制为每队人数）",
            f"a team event needs --boards K ({MIN_BOARDS}–{MAX_BOARDS}; Scheveningen: players a side)",
        )
    if not MIN_BOARDS <= k <= MAX_BOARDS:
        raise InputError(
            f"--boards 应为 {MIN_BOARDS}–{MAX_BOARDS}：{k}", f"--boards must be {MIN_BOARDS}–{MAX_BOARDS}: {k}"
        )
    lineup = lineup_format(args.lineup) if args.lineup is not None else "fixed_boards"
    pair_by = "match_points"
    if args.pair_by is not None:
        pair_by = {"场分": "match_points", "局分": "game_points"}.get(args.pair_by, args.pair_by)
    if args.rounds is not None and args.rounds < 1:
        raise InputError(f"轮数 --rounds 应为正整数：{args.rounds}", f"--rounds must be positive: {args.rounds}")
    match = _parse_match_scoring(args.match_scoring) if args.match_scoring is not None else {}

    players, teams = read_team_registration(args.teams, k, lineup, draw_seed=args.draw)
    n = len(teams)
    if n < 2:
        raise InputError(
            f"报名表只有{n}支队伍，至少需要2队", f"the registration has {n} team(s); at least 2 are needed"
        )
    seed = args.seed
    first_round = args.first_round or "adjacent"
    if system == "swiss":
        from xlxq.core.checks import MIN_ROUNDS, max_swiss_rounds

        rounds = min(MIN_ROUNDS, max_swiss_rounds(n)) if args.rounds is None else args.rounds  # warned below
        if first_round == "random" and seed is None:
            import secrets

            seed = secrets.randbelow(1_000_000_000)
    elif system == "scheveningen":
        if n != 2:
            raise InputError(
                f"全队轮赛制只能在两队之间进行，报名表中有{n}支队伍",
                f"a Scheveningen match is between two teams; the registration has {n}",
            )
        rounds = k
        if args.rounds is not None and args.rounds != k:
            raise InputError(
                f"每队{k}人的全队轮赛制共{k}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                f"a Scheveningen match of {k} a side has {k} rounds, not --rounds {args.rounds}",
            )
    else:
        from xlxq.core.roundrobin import rr_round_count

        rounds = rr_round_count(n, system == "double_round_robin")
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(
                f"{n}队{label}共{rounds}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                f"a {label} of {n} teams has {rounds} rounds, not --rounds {args.rounds}",
            )
    from xlxq.core.team_standings import default_preset

    tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else [default_preset(system)]
    settings = TeamSettings(
        name=args.name if args.name is not None else path.stem,
        system=system,
        rounds=rounds,
        boards=k,
        lineup=lineup,
        scoring=TeamScoring(game=Scoring(win=2, draw=1, loss=0), **match),
        pair_by=pair_by,
        tiebreaks=tiebreaks,
        first_round=first_round,
        first_round_seed=seed,
    )
    event = TeamEvent(settings=settings, players=players, teams=teams)
    validate_team_event(event)
    if system == "scheveningen":
        event = team_schedule_rounds(event)
    checked(event)
    save(event, str(path))
    sc = settings.scoring
    draw = (
        fmt(sc.match_draw) if sc.match_draw_first is None else f"{fmt(sc.match_draw_first)}:{fmt(sc.match_draw_second)}"
    )
    ms = f"{fmt(sc.match_win)}/{draw}/{fmt(sc.match_loss)}"
    what = txt(
        f"{n}队×{k}台（{lineup_label(lineup, language())}）",
        f"{n} teams × {k} boards ({lineup_label(lineup, language())})",
    )
    if system == "scheveningen":
        what = txt(f"两队各{k}人", f"two teams of {k}")
    extra = ""
    if system == "swiss":
        method = {
            "adjacent": txt("近号配对", "adjacent"),
            "fold": txt("首尾配对", "fold"),
            "slide": txt("对半交叉配对", "slide"),
            "random": txt("随机配对", "random"),
        }[first_round]
        extra = txt(f"，首轮{method}（队序号）", f", first round {method} (team numbers)")
        if first_round == "random":
            extra += txt(f"，随机种子 {seed}", f", random seed {seed}")
        if pair_by == "game_points":
            extra += txt("，按局分编排", ", paired by game points")
    elif system in RR_SYSTEMS and n % 2:
        extra = txt("，队数为单数，每轮一队轮空（不计分）", ", odd number of teams: one bye a round (no points)")
    if args.draw is not None:
        extra += txt(f"；抽签定队序号，种子 {args.draw}", f"; team numbers drawn, seed {args.draw}")
    echo(
        txt(
            f"已创建 {path}：{what}，{label}，{rounds}轮，场分 {ms}，名次：{'、'.join(tiebreaks)}{extra}",
            f"created {path}: {what}, {label}, {rounds} rounds, match points {ms}, ranking: "
            f"{', '.join(tiebreaks)}{extra}",
        )
    )
    if system == "swiss":
        echo(*plan_warnings(n, rounds, team=True))
    echo(*team_table(event, language()))
    if system == "scheveningen":
        echo(*team_schedule_lines(event, language()))
        echo(txt("已按全队轮赛制秩序表写入全部轮次", "every round written from the Scheveningen table"))
    elif system in RR_SYSTEMS:
        echo(
            txt(
                "下一步：xlxq schedule 一次生成全部轮次（或 xlxq pair 逐轮编排）",
                "next: xlxq schedule writes every round at once (or xlxq pair, one round at a time)",
            )
        )
    else:
        echo(txt("下一步：xlxq pair 编排第1轮", "next: xlxq pair pairs round 1"))
    return 0


def add_parser(sub) -> None:
    s = sub.add_parser("new", help="从报名表新建赛事文件", description="从报名表（CSV 或 Excel）新建 JSON 赛事文件")
    s.add_argument("file", metavar="FILE", help="要创建的赛事文件（.json）")
    s.add_argument("--players", metavar="报名表", help="个人赛报名表 .csv 或 .xlsx（姓名、单位、等级分、种子…）")
    s.add_argument(
        "--teams",
        metavar="团体报名表",
        help="团体赛报名表 .csv 或 .xlsx，每行一名队员：队名、姓名，可选 台次、替补、等级分（示例 samples/teams.csv）",
    )
    s.add_argument(
        "--system",
        default="swiss",
        choices=SYSTEM_CHOICES + ["scheveningen"],
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
    s.add_argument("--draw", type=int, metavar="SEED", help="抽签定序号的随机种子（种子选手不参加抽签）")
    s.add_argument(
        "--tiebreaks",
        metavar="PRESET",
        help="名次计算方法：预设名或逗号分隔的项目（默认：积分编排 cxa2011-opp；循环赛 cxa2011-rr，"
        "两局制 cxa2011-rr-match；末位淘汰 seed001-cumulative）",
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
        help="团体赛出场方式：fixed_boards 分台定人制（默认）、fixed_order 分台换人制、per_round 临时定台制（中文名亦可）",
    )
    s.add_argument(
        "--pair-by",
        dest="pair_by",
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
