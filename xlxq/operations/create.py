"""A new event from a registration (``xlxq new``): an individual event of
any system (积分末位淘汰, 队员总分制 included) or a team event, its
settings checked as a later load checks them (docs/format.md).
"""

from __future__ import annotations

import re
import secrets
from dataclasses import replace
from pathlib import Path
from typing import Optional, Sequence

from xlxq.backends.registration import has_group_column, read_registration, read_registration_groups
from xlxq.backends.team_json import MemberTotalOptions, read_team_registration, with_member_total
from xlxq.core.checks import MIN_ROUNDS, max_swiss_rounds
from xlxq.core.combined import with_elimination
from xlxq.core.knockout import bracket_size, planned_rounds, stage_count
from xlxq.core.member_total import FIRST_ROUND_FOR, number_members
from xlxq.core.model import Event, EventSettings, PairingOptions, Scoring, validate_event
from xlxq.core.roundrobin import rr_round_count
from xlxq.core.rr_standings import default_preset
from xlxq.core.team_standings import default_preset as team_default_preset
from xlxq.core.teams import (
    MAX_BOARDS,
    MIN_BOARDS,
    TeamEvent,
    TeamScoring,
    TeamSettings,
    lineup_format,
    validate_team_event,
)
from xlxq.errors import InputError, XlxqError
from xlxq.i18n import Text
from xlxq.core.groups import in_group
from xlxq.operations.convert import created, groups_workbook_refused
from xlxq.operations.source import is_workbook
from xlxq.operations.groups import combined
from xlxq.operations.lines import Lines, ko_first_round_lines, next_step, plan_warnings, tiebreak_words
from xlxq.operations.result import Outcome
from xlxq.operations.source import checked, parse_playoff, split_list
from xlxq.operations.team import team_schedule_rounds
from xlxq.systems import find_system, find_team_system, get_system, get_team_system, system_label, team_system_keys
from xlxq.presentation.team_report import lineup_label, team_schedule_lines, team_system_label, team_table
from xlxq.text import fmt, text_table

__all__ = ["create_file"]


def create_file(args, lang: str = "zh", players: Optional[list] = None) -> Outcome:
    """``xlxq new FILE``: the event of a registration (``args``: the options
    of ``xlxq new``), to be saved as ``args.file``; a team registration
    (``--teams``) makes a team event; a registration with a 组别 column, a
    file of groups (each group an event of its own, numbered on its own,
    with the same options).  ``players``: one group's, already read.
    FILE.xlsx/.xlsm: the workbook is built from the template, its sheets in
    ``args.book_lang`` if set ("zh-Hant": in 繁體), else ``lang`` (:func:`created`)."""
    path = Path(args.file)
    if path.exists() and not args.force:
        raise InputError(
            f"文件已存在：{path}（如要覆盖，加 --force）", f"{path} already exists (use --force to overwrite)"
        )
    if path.is_dir():
        raise InputError(f"{path} 是文件夹", f"{path} is a directory")
    if args.teams is not None:
        return _team_new(args, path, lang)
    system = args.system
    if args.players is None:
        raise InputError(
            "须给出报名表：--players 报名表（个人赛）或 --teams 团体赛报名表（团体赛）",
            "give a registration: --players FILE (individual) or --teams FILE (team event)",
        )
    _refuse(
        (
            ("--boards", args.boards),
            ("--lineup", args.lineup),
            ("--pair-by", args.pair_by),
            ("--match-scoring", args.match_scoring),
        ),
        "{flag} 只用于团体赛（--teams 团体赛报名表）",
        "{flag} is for a team event (--teams)",
    )
    if find_system(system) is None and find_team_system(system) is not None:  # a team-only system
        raise InputError(
            f"{get_team_system(system).label_zh}是团体赛：用 --teams 给出两队的报名表",
            f"a {get_team_system(system).label_en} is a team event: use --teams",
        )
    kind = get_system(system)  # the system's facts (round robin, knockout …)
    if not args.member_total:
        _refuse(
            (
                ("--best", args.best),
                ("--by", args.by),
                ("--numbering", args.numbering),
                ("--incomplete", args.incomplete),
            ),
            "{flag} 只用于队员总分制（--member-total）",
            "{flag} is for --member-total only",
        )
    elif kind.has_bracket:
        raise InputError(
            "队员总分制（--member-total）用于积分编排或循环赛，不用于淘汰赛",
            "--member-total is for a Swiss or a round robin, not a knockout",
        )
    if args.best is not None and args.best < 1:
        raise InputError(f"--best 应为正整数：{args.best}", f"--best must be positive: {args.best}")
    g = args.games_per_match
    label, label_en = system_label(system, "zh"), system_label(system, "en")
    # options that belong to other systems: refused before anything is read
    if g is not None and g < 1:
        raise InputError(f"--games-per-match 应为正整数：{g}", f"--games-per-match must be positive: {g}")
    if kind.pairs_by_score and g not in (None, 1):
        raise InputError(
            "积分编排（swiss）每轮一局，--games-per-match 只用于循环赛和淘汰赛",
            "a Swiss plays one game a round: --games-per-match is for round robins and knockouts",
        )
    if not kind.pairs_by_score:
        _refuse(
            (
                ("--first-round", args.first_round),
                ("--seed", args.seed),
                ("--first-round-colours", getattr(args, "first_round_colours", None)),
                ("--same-unit", getattr(args, "same_unit", None)),
                ("--forbid", getattr(args, "forbid", None)),
            ),
            f"{{flag}} 只用于积分编排（swiss），{label}不用",
            f"{{flag}} is for a Swiss only, not for a {label_en}",
        )
    if args.eliminate and not kind.pairs_by_score:
        raise InputError(
            f"--eliminate（积分末位淘汰）只用于积分编排（swiss），不用于{label}",
            f"--eliminate is for a Swiss only, not for a {label_en}",
        )
    if not kind.has_bracket and (args.playoff_games is not None or args.armageddon):
        flag = "--playoff-games" if args.playoff_games is not None else "--armageddon"
        raise InputError(f"{flag}（加赛）只用于淘汰赛（knockout）", f"{flag} (play-offs) is for a knockout only")
    if kind.has_bracket and args.tiebreaks:
        raise InputError(
            "淘汰赛按对阵决出名次，不用名次计算方法 --tiebreaks",
            "a knockout is ranked by its bracket: --tiebreaks does not apply",
        )
    g = g or 1
    eliminate = _parse_eliminate(args.eliminate or [])
    playoff = parse_playoff(args.playoff_games) if args.playoff_games is not None else [2]

    by_rating = bool(getattr(args, "by_rating", False))
    if by_rating and (args.draw is not None or args.member_total):
        raise InputError(
            "--by-rating 不能与 --draw 或 --member-total 同用（编号只有一种方式）",
            "--by-rating cannot be used with --draw or --member-total (one way of numbering)",
        )
    method = "rating" if by_rating else None
    if players is None:
        groups = read_registration_groups(
            args.players, draw_seed=None if args.member_total else args.draw, method=method
        )
        if groups is not None:
            if args.member_total:
                raise InputError(
                    "队员总分制（--member-total）不分组别：报名表有“组别”列",
                    "--member-total has no groups (组别 column)",
                )
            if is_workbook(path):  # each group would be written over the one before: refused before any
                raise groups_workbook_refused(path, [g for g, _ in groups])
            return combined([(g, _in_group(g, args, ps, lang)) for g, ps in groups], created=True)
        players = read_registration(args.players, draw_seed=None if args.member_total else args.draw, method=method)
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
    colours = getattr(args, "first_round_colours", None) or "board_parity"
    pairing = PairingOptions(
        same_unit=getattr(args, "same_unit", None) or "none",
        first_round_colours=colours,
        forbidden_pairs=parse_forbid(getattr(args, "forbid", None) or []),
    )
    if numbering is not None and args.first_round is None:
        first_round = FIRST_ROUND_FOR[numbering]  # upper half meets lower half in round 1
    scoring = Scoring(win=2, draw=1, loss=0, bye=2)
    extra_rr = ("", "")
    if kind.pairs_by_score:
        # default 7 (原则(二)), or fewer if the field cannot pair seven; any other
        # count is the organiser's: warned about below, never refused
        rounds = min(MIN_ROUNDS, max_swiss_rounds(n)) if args.rounds is None else args.rounds
        if (first_round == "random" or colours == "draw") and seed is None:
            seed = secrets.randbelow(1_000_000_000)
        tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else ["cxa2011-opp"]
        for x, y in eliminate:
            if x >= rounds:
                raise InputError(
                    f"--eliminate {x}:{fmt(y)}：第{x}轮后已无比赛（共{rounds}轮），应小于{rounds}",
                    f"--eliminate {x}:{fmt(y)}: no round follows round {x} (the event has {rounds})",
                )
    elif kind.follows_order_table:
        double = kind.cycles == 2
        rounds = rr_round_count(n, double, g)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(
                f"{n}人{system_label(system, 'zh', g)}共{rounds}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                f"a {system_label(system, 'en', g)} of {n} players has {rounds} rounds, "
                f"not --rounds {args.rounds} (leave --rounds out)",
            )
        tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else [default_preset(g)]
        scoring = Scoring(win=2, draw=1, loss=0)  # a round-robin bye scores nothing
        if n % 2:
            extra_rr = ("，人数为单数，每轮一人轮空（不计分）", ", odd field: one bye a round (no points)")
    elif not kind.has_bracket:
        # a system of its own (docs/architecture.md, "Adding a system"): the
        # rounds it plans (as typed, or fixed by the field), its tie-break preset
        plan = EventSettings(system=system, rounds=MIN_ROUNDS if args.rounds is None else args.rounds)
        rounds = kind.planned_rounds(n, plan)
        if kind.rounds_from_entrants and args.rounds is not None and args.rounds != rounds:
            raise InputError(
                f"{n}人{label}共{rounds}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                f"a {label_en} of {n} players has {rounds} rounds, not --rounds {args.rounds} (leave --rounds out)",
            )
        tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else kind.default_tiebreaks(plan)
    else:
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
        extra_rr = (
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
        numbering="rating" if by_rating else "order",
        games_per_match=g,
        playoff_games=playoff,
        armageddon=bool(args.armageddon),
        pairing=pairing,
    )
    if eliminate:
        # the 累进分 line goes with 末位淘汰 (seed 001) unless a list was given
        settings = with_elimination(settings, eliminate, cumulative_tiebreaks=not args.tiebreaks)
        settings = _keep_given_numbers(settings, eliminate)
    if args.member_total:
        settings = with_member_total(
            settings, MemberTotalOptions(by=args.by or "points", best=args.best, incomplete=args.incomplete or "last")
        )
    event = Event(settings=settings, players=players)
    validate_event(event)
    checked(event)  # the same checks as a later load (tie-breaks per system …)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        if kind.pairs_by_score:
            method = {
                "adjacent": txt("近号配对", "adjacent"),
                "fold": txt("首尾配对", "fold"),
                "slide": txt("对半交叉配对", "slide"),
                "random": txt("随机配对", "random"),
            }[first_round]
            drawn = first_round == "random" or colours == "draw"
            extra = txt(f"，随机种子 {seed}", f", random seed {seed}") if drawn else ""
            extra += {
                "board_parity": ("", ""),
                "top_half": ("，上半区先手", ", top half red"),
                "odd_number": ("，单数序号先手", ", odd numbers red"),
                "draw": ("，先后手抽签", ", colours drawn"),
            }[colours][0 if lang == "zh" else 1]
            draw = txt(f"；抽签种子 {args.draw}", f"; draw seed {args.draw}") if args.draw is not None else ""
            draw += txt("；非种子选手按等级分编号", "; the others numbered by rating") if by_rating else ""
            echo(
                txt(
                    f"已创建 {path}：{n}名棋手，{rounds}轮，首轮{method}{extra}{draw}",
                    f"created {path}: {n} players, {rounds} rounds, first round {method}{extra}{draw}",
                )
            )
            echo(*plan_warnings(n, rounds, lang))
            if eliminate:
                rules = txt("；", "; ").join(
                    txt(f"第{x}轮后未得{fmt(y)}分淘汰", f"under {fmt(y)} after round {x}: out") for x, y in eliminate
                )
                echo(
                    txt(
                        f"积分末位淘汰：{rules}；名次计算：{tiebreak_words(settings.tiebreaks, lang)}",
                        f"elimination: {rules}; tie-breaks: {tiebreak_words(settings.tiebreaks, lang)}",
                    )
                )
        else:
            extra = txt(*extra_rr)
            draw = txt(f"；抽签种子 {args.draw}", f"; draw seed {args.draw}") if args.draw is not None else ""
            draw += txt("；非种子选手按等级分编号", "; the others numbered by rating") if by_rating else ""
            echo(
                txt(
                    f"已创建 {path}：{n}名棋手，{system_label(system, lang, g)}，{rounds}轮{extra}{draw}",
                    f"created {path}: {n} players, {system_label(system, lang, g)}, {rounds} rounds{extra}{draw}",
                )
            )
        if args.member_total:
            mt = settings.member_total  # type: ignore[attr-defined]
            how = (
                txt("单双号（上半区单号、下半区双号）", "odd/even (upper half odd, lower half even)")
                if numbering == "odd_even"
                else txt("上下半区（上半区小号、下半区大号）", "halves (upper half first)")
            )
            by = txt("积分总和", "points") if mt.by == "points" else txt("名次总和", "placings")
            best = (
                txt(f"每队计前{mt.best}名", f"best {mt.best} a team")
                if mt.best
                else txt("每队全部队员", "every member")
            )
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
        if kind.has_bracket:
            echo(*ko_first_round_lines(event, lang))
        echo(next_step(lang, schedule=kind.follows_order_table))
        return echo

    return created(event, path, render, args.force, getattr(args, "book_lang", None) or lang)


def _in_group(group: str, args, players: list, lang: str) -> Outcome:
    """``xlxq new`` for one group's players; an error names the group."""
    try:
        return create_file(args, lang, players)
    except XlxqError as exc:
        raise in_group(group, exc) from None


def _refuse(options, zh: str, en: str) -> None:
    """The first of the ``(flag, value)`` options that is given (not None):
    an error, ``{flag}`` in its texts naming it."""
    for flag, given in options:
        if given is not None:
            raise InputError(zh.replace("{flag}", flag), en.replace("{flag}", flag))


def parse_forbid(items: list[str]) -> tuple[tuple[int, int], ...]:
    """``--forbid A-B`` (repeatable) → the forbidden pairs (亲属回避)."""
    out = set()
    for item in items:
        m = re.fullmatch(r"\s*(\d+)\s*[-–:]\s*(\d+)\s*", item)
        if not m or int(m.group(1)) == int(m.group(2)):
            raise InputError(
                f"--forbid 应写作 A-B（两个不同的序号），实为 {item!r}",
                f"--forbid must be A-B (two different numbers), got {item!r}",
            )
        a, b = int(m.group(1)), int(m.group(2))
        out.add((min(a, b), max(a, b)))
    return tuple(sorted(out))


def _parse_eliminate(items: Sequence[str]) -> list[tuple[int, float]]:
    """``--eliminate X:Y`` (repeatable; also ``X：Y``, ``X,Y``) → [(X, Y), …]."""
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


def _keep_given_numbers(settings, rules):
    """``with_elimination`` stores Y as a float; keep the number as typed
    (3:2 → [3, 2] in the file, not [3, 2.0])."""
    ordered = tuple(sorted((x, y) for x, y in rules))
    return replace(settings, pairing=replace(settings.pairing, elimination=ordered))


def _member_total_numbering(players, args):
    """队员总分制 numbering (docs/teams.md §7): team-mates split between the
    halves, round 1 without team-mates where possible."""
    numbering = args.numbering or "odd_even"
    order = "draw" if args.draw is not None else "rating"
    return number_members(players, numbering=numbering, order=order, seed=args.draw), numbering


def _parse_match_scoring(spec: str) -> dict:
    """``W/D/L`` (e.g. ``3/1/0``); the draw may be ``H:A`` for a different
    draw of the first (home) and second (away) team (``3/1:2/0``)."""
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


def _team_new(args, path, lang: str = "zh") -> Outcome:
    system = args.system
    if find_team_system(system) is None:
        raise InputError(
            f"团体赛赛制可选 {'、'.join(team_system_keys())}，不支持 {system}",
            f"a team event is one of {', '.join(team_system_keys())}, not {system}",
        )
    kind = get_team_system(system)
    if args.players is not None:
        raise InputError(
            "--players（个人赛报名表）与 --teams（团体赛报名表）不能同用",
            "--players (individual registration) and --teams (team registration) exclude each other",
        )
    _refuse(
        (
            ("--games-per-match", args.games_per_match),
            ("--eliminate", args.eliminate),
            ("--playoff-games", args.playoff_games),
            ("--armageddon", args.armageddon or None),
            ("--member-total", args.member_total or None),
            ("--best", args.best),
            ("--by", args.by),
            ("--numbering", args.numbering),
            ("--incomplete", args.incomplete),
            ("--same-unit", getattr(args, "same_unit", None)),
            ("--forbid", getattr(args, "forbid", None)),
            ("--first-round-colours", getattr(args, "first_round_colours", None)),
        ),
        "{flag} 不用于团体赛（--teams）",
        "{flag} is not for a team event (--teams)",
    )
    label, label_en = team_system_label(system, "zh"), team_system_label(system, "en")
    if not kind.pairs_by_score:
        _refuse(
            (("--first-round", args.first_round), ("--seed", args.seed), ("--pair-by", args.pair_by)),
            f"{{flag}} 只用于积分编排团体赛（swiss），{label}不用",
            f"{{flag}} is for a team Swiss only, not for a {label_en}",
        )
    if kind.seated_by_schedule and args.lineup is not None:
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

    if has_group_column(args.teams):
        raise InputError(
            "团体赛不分组别：报名表中有“组别”列（每个组别各建一个团体赛文件）",
            "a team event has no groups: the registration has a 组别 (group) column (one team event per group)",
        )
    players, teams = read_team_registration(args.teams, k, lineup, draw_seed=args.draw)
    n = len(teams)
    if n < 2:
        raise InputError(
            f"报名表只有{n}支队伍，至少需要2队", f"the registration has {n} team(s); at least 2 are needed"
        )
    seed = args.seed
    first_round = args.first_round or "adjacent"
    if kind.pairs_by_score:
        rounds = min(MIN_ROUNDS, max_swiss_rounds(n)) if args.rounds is None else args.rounds  # warned below
        if first_round == "random" and seed is None:
            seed = secrets.randbelow(1_000_000_000)
    elif kind.seated_by_schedule:
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
        rounds = rr_round_count(n, kind.cycles == 2)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(
                f"{n}队{label}共{rounds}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                f"a {label_en} of {n} teams has {rounds} rounds, not --rounds {args.rounds}",
            )
    tiebreaks = split_list(args.tiebreaks) if args.tiebreaks else [team_default_preset(system)]
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
    if kind.seated_by_schedule:
        event = team_schedule_rounds(event)
    checked(event)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        label = team_system_label(system, lang)
        sc = settings.scoring
        draw = (
            fmt(sc.match_draw)
            if sc.match_draw_first is None
            else f"{fmt(sc.match_draw_first)}:{fmt(sc.match_draw_second)}"
        )
        ms = f"{fmt(sc.match_win)}/{draw}/{fmt(sc.match_loss)}"
        what = txt(
            f"{n}队×{k}台（{lineup_label(lineup, lang)}）",
            f"{n} teams × {k} boards ({lineup_label(lineup, lang)})",
        )
        if kind.seated_by_schedule:
            what = txt(f"两队各{k}人", f"two teams of {k}")
        extra = ""
        if kind.pairs_by_score:
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
        elif kind.follows_order_table and n % 2:
            extra = txt("，队数为单数，每轮一队轮空（不计分）", ", odd number of teams: one bye a round (no points)")
        if args.draw is not None:
            extra += txt(f"；抽签定队序号，种子 {args.draw}", f"; team numbers drawn, seed {args.draw}")
        echo(
            txt(
                f"已创建 {path}：{what}，{label}，{rounds}轮，场分 {ms}，名次：{tiebreak_words(tiebreaks, lang)}{extra}",
                f"created {path}: {what}, {label}, {rounds} rounds, match points {ms}, ranking: "
                f"{tiebreak_words(tiebreaks, lang)}{extra}",
            )
        )
        if kind.pairs_by_score:
            echo(*plan_warnings(n, rounds, lang, team=True))
        echo(*team_table(event, lang))
        if kind.seated_by_schedule:
            echo(*team_schedule_lines(event, lang))
            echo(txt("已按全队轮赛制秩序表写入全部轮次", "every round written from the Scheveningen table"))
        else:
            echo(next_step(lang, schedule=kind.follows_order_table))
        return echo

    return created(event, path, render, args.force, getattr(args, "book_lang", None) or lang)
