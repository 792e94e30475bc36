"""The ``xlxq`` command line (also ``python -m xlxq``).

    xlxq new FILE --players 报名表.csv|.xlsx [--system swiss|round_robin|double_round_robin|knockout]
             [--rounds R] [--games-per-match G] [--name N] [--first-round M] [--seed S] [--draw SEED]
             [--tiebreaks PRESET|KEY,KEY…] [--eliminate X:Y …] [--playoff-games 2,1] [--armageddon] [--force]
    xlxq pair FILE                      pair the next round, save, print the 对阵表
    xlxq schedule FILE [--force]        round robin: every round of the table at once
    xlxq standings FILE [--json] [--round N] [--with SWISS.json]
    xlxq crosstable FILE [--json] [--round N]   round robin: the 交叉表
    xlxq explain FILE [--round N]       the 编排记录 of a round
    xlxq check FILE [--round N]         rule check + comparison with the engine / table / bracket
    xlxq simulate FILE --seed S [--rounds K]   random results, pair on (dry run)
    xlxq qualify SWISS.json KNOCKOUT.json --top K [--on-tie error|number]   积分晋圈淘汰
    xlxq demo [DIR]                     sample workbook (xlxq.workbook)

Team events (团体赛, ``event.kind: "team"``, docs/teams.md):

    xlxq new FILE --teams 团体报名表.csv --boards K [--lineup fixed_boards|fixed_order|per_round]
             [--system swiss|round_robin|double_round_robin|scheveningen] [--rounds R]
             [--pair-by match_points|game_points] [--match-scoring 2/1/0] [--tiebreaks seed001-team-1]
    xlxq lineup FILE [--round N] --team T [--players a,b,c,d]   出场名单 (checked by the format)
    xlxq standings FILE [--boards]      team standings, or 台次成绩
    (pair, schedule, explain, check, simulate work on team files too)
    xlxq new FILE --players P --member-total [--best N] [--by points|placings]   队员总分制
    xlxq standings FILE --teams         队员总分制 team ranking

Every command works for every system (swiss, round_robin,
double_round_robin, knockout) where it makes sense, and says so where it
does not.  FILE is a JSON tournament file (docs/format.md); an
``.xlsx``/``.xlsm`` FILE is handed to ``xlxq.workbook.cli_dispatch``.  Bad
input prints one line ``错误：…`` on stderr and exits 2 without touching the
file (``XLXQ_LANG=en`` for English).  Exit 1 is reserved for ``check``
finding rule errors.

Start-up time matters (``xlxq pair`` on 1000 players): only the standard
library is imported here; everything else is imported inside the commands.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Optional, Sequence

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


# --------------------------------------------------------------------------
# output helpers
# --------------------------------------------------------------------------

def _lang() -> str:
    from xlxq.i18n import env_lang

    return env_lang()


def _t(zh: str, en: str) -> str:
    return en if _lang() == "en" else zh


def _num(x: Any) -> Any:
    """An int when the number is integral (2.0 → 2), else the float."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def _fmt(x: Any) -> str:
    if x is None:
        return ""
    x = _num(x)
    if isinstance(x, float):
        return f"{x:g}"
    return str(x)


def _width(s: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in s)


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[bool]) -> list[str]:
    """Aligned text columns; East Asian characters count double width."""
    cells = [[str(c) for c in header]] + [[("" if c is None else str(c)) for c in r] for r in rows]
    widths = [max(_width(r[i]) for r in cells) for i in range(len(header))]
    out = []
    for r in cells:
        parts = []
        for i, c in enumerate(r):
            pad = " " * (widths[i] - _width(c))
            parts.append(pad + c if right[i] else c + pad)
        out.append("  ".join(parts).rstrip())
    return out


def _print(*lines: str) -> None:
    for ln in lines:
        print(ln)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line, exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        hint = _t(f"（用 {self.prog} -h 查看用法）", f" (see {self.prog} -h)")
        sys.stderr.write(f"{_t('错误：', 'error: ')}{message}{hint}\n")
        raise SystemExit(2)


# --------------------------------------------------------------------------
# shared pieces
# --------------------------------------------------------------------------

RR_SYSTEMS = ("round_robin", "double_round_robin")


def _is_workbook(path: str) -> bool:
    return str(path).lower().endswith(WORKBOOK_SUFFIXES)


def _workbook_dispatch(command: str, path: str, args: argparse.Namespace) -> int:
    try:
        from xlxq.workbook import cli_dispatch
    except ImportError as exc:
        from xlxq.errors import XlxqError

        raise XlxqError(f"无法处理 Excel 工作簿 {path}：工作簿模块 xlxq.workbook 不可用（{exc}）",
                        f"cannot handle the Excel workbook {path}: xlxq.workbook is not available ({exc})")
    rc = cli_dispatch(command, path, args)
    return int(rc) if isinstance(rc, int) else 0


def _on_file(command: str, args: argparse.Namespace, individual, team=None) -> int:
    """The start shared by the FILE commands: an Excel FILE goes to
    ``xlxq.workbook``; otherwise the file is loaded and handed, with ``args``,
    to ``team`` (a team file, when given) or to ``individual``."""
    if _is_workbook(args.file):
        return _workbook_dispatch(command, args.file, args)
    event = _load(args.file)
    if team is not None and _is_team(event):
        return team(event, args)
    return individual(event, args)


def _load(path: str):
    """An ``Event``, or a ``TeamEvent`` for ``event.kind: "team"``."""
    from xlxq.backends.json_file import load_any

    return load_any(path)


def _save(event, path: str) -> None:
    from xlxq.backends.json_file import save_event

    save_event(event, path)


def _checked(event):
    """``event`` as a later load would see it (the reader's checks: tie-breaks
    per system, the knockout bracket …) before anything is saved."""
    from xlxq.backends.json_file import any_from_dict, any_to_dict

    any_from_dict(any_to_dict(event))
    return event


def _is_rr(event) -> bool:
    return event.settings.system in RR_SYSTEMS


def _system_label(system: str, games: int = 1) -> str:
    from xlxq.systems import system_label

    return system_label(system, _lang(), games)


def _prior(event, round_no: int):
    """The event as it was before ``round_no`` was paired."""
    from dataclasses import replace

    return replace(event, rounds=[r for r in event.rounds if r.round < round_no])


def _round_arg(event, n: Optional[int], allow_next: bool = False) -> int:
    """The round a command works on: ``n`` or the last round in the file."""
    from xlxq.errors import InputError

    last = len(event.rounds)
    if allow_next:
        from xlxq.systems import PairingSystem, find_system

        top = (find_system(event.settings.system) or PairingSystem()).last_pairable_round(event)
    else:
        top = last
    if n is None:
        if last == 0 and not allow_next:
            raise InputError("文件中还没有任何一轮（先用 xlxq pair 编排第1轮）",
                             "the file has no rounds yet (pair round 1 with xlxq pair first)")
        return max(last, 1)
    if n < 1 or n > top:
        raise InputError(f"轮次 --round {n} 无效：文件中有{last}轮" + (f"（可解释到第{top}轮）" if allow_next else ""),
                         f"invalid --round {n}: the file has {last} round(s)")
    return n


def _names(event) -> dict[int, Any]:
    return {p.no: p for p in event.players}


def _who(event, no: int) -> str:
    p = event.player(no)
    return _t(f"{p.name}（{no}号）", f"{p.name} ({no})")


def _pairing_table(event, rnd, scores: dict[int, float], score_label: Optional[str] = None,
                   bye_note: str = "") -> list[str]:
    by_no = _names(event)
    title = _t(f"第{rnd.round}轮对阵表", f"Round {rnd.round} pairings")
    if event.settings.name:
        title += f"  {event.settings.name}"
    sl = score_label or _t("积分", "Score")
    header = _t("台次 序号 红方 单位", "Board No Red Unit").split() + [sl] + \
        _t("序号 黑方 单位", "No Black Unit").split() + [sl]
    rows = []
    for b in rnd.boards:
        r, k = by_no[b.red], by_no[b.black]
        rows.append([b.board, r.no, r.name, r.unit, _fmt(scores.get(r.no, 0)),
                     k.no, k.name, k.unit, _fmt(scores.get(k.no, 0))])
    lines = [title] + _table(header, rows, [True, True, False, False, True, True, False, False, True])
    for no in rnd.byes:
        p = by_no[no]
        lines.append((_t(f"轮空：{p.no} {p.name} {p.unit} {sl} {_fmt(scores.get(no, 0))}",
                         f"Bye: {p.no} {p.name} {p.unit} {sl.lower()} {_fmt(scores.get(no, 0))}").rstrip()
                      + bye_note))
    return lines


def _ko_match_score(event, m) -> dict[int, float]:
    sc = event.settings.scoring
    pts = {no: 0.0 for no in m.players}
    for _, b in m.games:
        if b.result is not None:
            pts[b.red] += sc.points(b.result, "R")
            pts[b.black] += sc.points(b.result, "B")
    return pts


def _ko_pairing_table(prior, rnd) -> list[str]:
    """The 对阵表 of a knockout round: each board with its match, game and
    the match score before it (``prior``: the event before the round)."""
    from xlxq.core.knockout import build_bracket, stage_name, stage_name_en
    from xlxq.systems.knockout import game_label

    br = build_bracket(prior)
    by_no = _names(prior)
    g = prior.settings.games_per_match
    cur = br.current_stage or br.stage_total
    sname = _t(stage_name(cur, br.stage_total), stage_name_en(cur, br.stage_total))
    title = _t(f"第{rnd.round}轮对阵表  淘汰赛{sname}", f"Round {rnd.round} pairings  knockout {sname}")
    if prior.settings.name:
        title += f"  {prior.settings.name}"
    header = _t("台次 序号 红方 单位 序号 黑方 单位 局次 比分", "Board No Red Unit No Black Unit Game Score").split()
    rows = []
    for b in rnd.boards:
        m = br.match_of(b.red, b.black)
        label, score = "", ""
        if m is not None:
            label = game_label(m, g, _lang())
            if m.games:
                pts = _ko_match_score(prior, m)
                score = f"{_fmt(pts[b.red])}:{_fmt(pts[b.black])}"
        r, k = by_no[b.red], by_no[b.black]
        rows.append([b.board, r.no, r.name, r.unit, k.no, k.name, k.unit, label, score])
    lines = [title] + _table(header, rows, [True, True, False, False, True, False, False, False, True])
    first = not any(m.games for m in br.stages[cur - 1])
    for no in rnd.byes:
        p = by_no[no]
        why = _t("首轮轮空（种子），直接晋级", "first-round bye (seed), advances") if cur == 1 and first else \
            _t("对手缺席，直接晋级", "walkover, advances")
        lines.append(_t(f"轮空：{p.no} {p.name} {p.unit}（{why}）", f"Bye: {p.no} {p.name} {p.unit} ({why})"))
    return lines


def _rr_scores(event) -> dict[int, float]:
    from xlxq.core.rr_standings import compute_rr_standings

    return {r.no: r.score for r in compute_rr_standings(event)}


def _rr_score_label(event) -> str:
    return _t("场分", "Match pts") if event.settings.games_per_match > 1 else _t("积分", "Score")


def _eliminated_after(event, before_round: Optional[int] = None) -> dict[int, int]:
    """积分末位淘汰: player → the round after which he went out (only the
    verdicts already certain; empty when the option is off)."""
    if event.settings.system != "swiss" or not event.settings.pairing.elimination:
        return {}
    from xlxq.core.combined import elimination_rounds
    from xlxq.errors import InputError

    rules = sorted({x for x, _ in event.settings.pairing.elimination})
    out: dict[int, int] = {}
    for x in rules:                       # the first rules whose verdicts are known
        if before_round is not None and x >= before_round:
            break
        try:
            out = elimination_rounds(event, before_round=x + 1)
        except InputError:
            break
    return out


def _fill_random(rnd, seed: int) -> list[int]:
    """Random results for the unfinished boards of ``rnd`` (in place);
    returns their board numbers."""
    import random

    from xlxq.core.simulate import fill_results

    missing = [b.board for b in rnd.boards if b.result is None]
    if missing:
        fill_results(rnd, random.Random(f"{seed}-{rnd.round}"))
    return missing


# --------------------------------------------------------------------------
# commands
# --------------------------------------------------------------------------

def _split_tiebreaks(spec: str) -> list[str]:
    import re

    return [s for s in (x.strip() for x in re.split(r"[,，、;；\s]+", spec)) if s]


def _parse_eliminate(items: Sequence[str]) -> list[tuple[int, float]]:
    """``--eliminate X:Y`` (repeatable; also ``X：Y``, ``X,Y``) → [(X, Y), …]."""
    import re

    from xlxq.errors import InputError

    out = []
    for item in items:
        m = re.fullmatch(r"\s*(\d+)\s*[:：,，]\s*(-?\d+(?:\.\d+)?)\s*", item)
        if not m or int(m.group(1)) < 1:
            raise InputError(f"--eliminate {item!r} 无效：应为 X:Y（第X轮后未得Y分者淘汰），如 --eliminate 3:2",
                             f"invalid --eliminate {item!r}: expected X:Y (under Y points after round X: out), "
                             f"e.g. --eliminate 3:2")
        y = float(m.group(2))
        out.append((int(m.group(1)), int(y) if y.is_integer() else y))
    return out


def _parse_playoff(spec: str) -> list[int]:
    from xlxq.errors import InputError

    parts = _split_tiebreaks(spec)
    if not parts or not all(p.isdigit() and int(p) >= 1 for p in parts):
        raise InputError(f"--playoff-games {spec!r} 无效：应为逗号分隔的正整数，如 2 或 2,1",
                         f"invalid --playoff-games {spec!r}: positive whole numbers, e.g. 2 or 2,1")
    return [int(p) for p in parts]


def cmd_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from xlxq.backends.registration import read_registration
    from xlxq.core.model import Event, EventSettings, Scoring, validate_event
    from xlxq.errors import InputError

    path = Path(args.file)
    if path.exists() and not args.force:
        raise InputError(f"文件已存在：{path}（如要覆盖，加 --force）", f"{path} already exists (use --force to overwrite)")
    if path.is_dir():
        raise InputError(f"{path} 是文件夹", f"{path} is a directory")
    if args.teams is not None:
        return _team_new(args, path)
    system = args.system
    if args.players is None:
        raise InputError("须给出报名表：--players 报名表（个人赛）或 --teams 团体赛报名表（团体赛）",
                         "give a registration: --players FILE (individual) or --teams FILE (team event)")
    for flag, given in (("--boards", args.boards), ("--lineup", args.lineup), ("--pair-by", args.pair_by),
                        ("--match-scoring", args.match_scoring)):
        if given is not None:
            raise InputError(f"{flag} 只用于团体赛（--teams 团体赛报名表）", f"{flag} is for a team event (--teams)")
    if system == "scheveningen":
        raise InputError("全队轮赛制是团体赛：用 --teams 给出两队的报名表", "a Scheveningen match is a team event: use --teams")
    if not args.member_total:
        for flag, given in (("--best", args.best), ("--by", args.by), ("--numbering", args.numbering),
                            ("--incomplete", args.incomplete)):
            if given is not None:
                raise InputError(f"{flag} 只用于队员总分制（--member-total）", f"{flag} is for --member-total only")
    elif system == "knockout":
        raise InputError("队员总分制（--member-total）用于积分编排或循环赛，不用于淘汰赛",
                         "--member-total is for a Swiss or a round robin, not a knockout")
    if args.best is not None and args.best < 1:
        raise InputError(f"--best 应为正整数：{args.best}", f"--best must be positive: {args.best}")
    g = args.games_per_match
    label = _system_label(system)
    # options that belong to other systems: refused before anything is read
    if g is not None and g < 1:
        raise InputError(f"--games-per-match 应为正整数：{g}", f"--games-per-match must be positive: {g}")
    if system == "swiss" and g not in (None, 1):
        raise InputError("积分编排（swiss）每轮一局，--games-per-match 只用于循环赛和淘汰赛",
                         "a Swiss plays one game a round: --games-per-match is for round robins and knockouts")
    if system != "swiss":
        for flag, given in (("--first-round", args.first_round), ("--seed", args.seed)):
            if given is not None:
                raise InputError(f"{flag} 只用于积分编排（swiss），{label}不用",
                                 f"{flag} is for a Swiss only, not for a {label}")
    if args.eliminate and system != "swiss":
        raise InputError(f"--eliminate（积分末位淘汰）只用于积分编排（swiss），不用于{label}",
                         f"--eliminate is for a Swiss only, not for a {label}")
    if system != "knockout" and (args.playoff_games is not None or args.armageddon):
        flag = "--playoff-games" if args.playoff_games is not None else "--armageddon"
        raise InputError(f"{flag}（加赛）只用于淘汰赛（knockout）", f"{flag} (play-offs) is for a knockout only")
    if system == "knockout" and args.tiebreaks:
        raise InputError("淘汰赛按对阵决出名次，不用名次计算方法 --tiebreaks",
                         "a knockout is ranked by its bracket: --tiebreaks does not apply")
    g = g or 1
    eliminate = _parse_eliminate(args.eliminate or [])
    playoff = _parse_playoff(args.playoff_games) if args.playoff_games is not None else [2]

    players = read_registration(args.players, draw_seed=None if args.member_total else args.draw)
    numbering = None
    if args.member_total:
        players, numbering = _member_total_numbering(players, args)
    n = len(players)
    if n < 2:
        raise InputError(f"报名表只有{n}名棋手，至少需要2名", f"the registration has {n} player(s); at least 2 are needed")
    if args.rounds is not None and args.rounds < 1:
        raise InputError(f"轮数 --rounds 应为正整数：{args.rounds}", f"--rounds must be positive: {args.rounds}")
    seed = args.seed
    first_round = args.first_round or "adjacent"
    if numbering is not None and args.first_round is None:
        from xlxq.core.member_total import FIRST_ROUND_FOR

        first_round = FIRST_ROUND_FOR[numbering]   # upper half meets lower half in round 1
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
        tiebreaks = _split_tiebreaks(args.tiebreaks) if args.tiebreaks else ["cxa2011-opp"]
        for x, y in eliminate:
            if x >= rounds:
                raise InputError(f"--eliminate {x}:{_fmt(y)}：第{x}轮后已无比赛（共{rounds}轮），应小于{rounds}",
                                 f"--eliminate {x}:{_fmt(y)}: no round follows round {x} (the event has {rounds})")
    elif system in RR_SYSTEMS:
        from xlxq.core.roundrobin import rr_round_count
        from xlxq.core.rr_standings import default_preset

        double = system == "double_round_robin"
        rounds = rr_round_count(n, double, g)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(f"{n}人{_system_label(system, g)}共{rounds}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                             f"a {_system_label(system, g)} of {n} players has {rounds} rounds, "
                             f"not --rounds {args.rounds} (leave --rounds out)")
        tiebreaks = _split_tiebreaks(args.tiebreaks) if args.tiebreaks else [default_preset(g)]
        scoring = Scoring(win=2, draw=1, loss=0)        # a round-robin bye scores nothing
        if n % 2:
            extra = _t("，人数为单数，每轮一人轮空（不计分）", ", odd field: one bye a round (no points)")
    else:
        from xlxq.core.knockout import bracket_size, planned_rounds, stage_count

        rounds = planned_rounds(n, g)
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(f"{n}人淘汰赛（{stage_count(n)}阶段，每场{g}局）不计加赛共{rounds}轮，"
                             f"--rounds {args.rounds} 不符（可省略 --rounds；加赛时轮数自动增加）",
                             f"a knockout of {n} players ({stage_count(n)} stages, {g} game(s) a match) has {rounds} "
                             f"rounds without play-offs, not --rounds {args.rounds} (play-offs add rounds by themselves)")
        tiebreaks = []
        scoring = Scoring(win=2, draw=1, loss=0)
        extra = _t(f"，{bracket_size(n)}个签位、{stage_count(n)}阶段，加赛 {','.join(map(str, playoff))} 局"
                   + ("后和棋判黑胜的决胜局" if args.armageddon else ""),
                   f", {bracket_size(n)} lines, {stage_count(n)} stages, play-offs of {','.join(map(str, playoff))}"
                   + (" then an armageddon game" if args.armageddon else ""))
    settings = EventSettings(name=args.name if args.name is not None else path.stem, system=system,
                             rounds=rounds, scoring=scoring, tiebreaks=tiebreaks, first_round=first_round,
                             first_round_seed=seed, games_per_match=g, playoff_games=playoff,
                             armageddon=bool(args.armageddon))
    if eliminate:
        from xlxq.core.combined import with_elimination

        # the 累进分 line goes with 末位淘汰 (seed 001) unless a list was given
        settings = with_elimination(settings, eliminate, cumulative_tiebreaks=not args.tiebreaks)
        settings = _keep_given_numbers(settings, eliminate)
    if args.member_total:
        from xlxq.backends.team_json import MemberTotalOptions, with_member_total

        settings = with_member_total(settings, MemberTotalOptions(by=args.by or "points", best=args.best,
                                                                  incomplete=args.incomplete or "last"))
    event = Event(settings=settings, players=players)
    validate_event(event)
    _checked(event)   # the same checks as a later load (tie-breaks per system …)
    _save(event, str(path))
    if system == "swiss":
        method = {"adjacent": _t("近号配对", "adjacent"), "fold": _t("首尾配对", "fold"),
                  "slide": _t("对半交叉配对", "slide"), "random": _t("随机配对", "random")}[first_round]
        extra = _t(f"，随机种子 {seed}", f", random seed {seed}") if first_round == "random" else ""
        draw = _t(f"；抽签种子 {args.draw}", f"; draw seed {args.draw}") if args.draw is not None else ""
        _print(_t(f"已创建 {path}：{n}名棋手，{rounds}轮，首轮{method}{extra}{draw}",
                  f"created {path}: {n} players, {rounds} rounds, first round {method}{extra}{draw}"))
        _print(*_plan_warnings(n, rounds))
        if eliminate:
            rules = _t("；", "; ").join(_t(f"第{x}轮后未得{_fmt(y)}分淘汰", f"under {_fmt(y)} after round {x}: out")
                                       for x, y in eliminate)
            _print(_t(f"积分末位淘汰：{rules}；名次计算：{'、'.join(settings.tiebreaks)}",
                      f"elimination: {rules}; tie-breaks: {', '.join(settings.tiebreaks)}"))
    else:
        draw = _t(f"；抽签种子 {args.draw}", f"; draw seed {args.draw}") if args.draw is not None else ""
        _print(_t(f"已创建 {path}：{n}名棋手，{_system_label(system, g)}，{rounds}轮{extra}{draw}",
                  f"created {path}: {n} players, {_system_label(system, g)}, {rounds} rounds{extra}{draw}"))
    if args.member_total:
        mt = settings.member_total
        how = _t("单双号（上半区单号、下半区双号）", "odd/even (upper half odd, lower half even)") \
            if numbering == "odd_even" else _t("上下半区（上半区小号、下半区大号）", "halves (upper half first)")
        by = _t("积分总和", "points") if mt.by == "points" else _t("名次总和", "placings")
        best = _t(f"每队计前{mt.best}名", f"best {mt.best} a team") if mt.best else _t("每队全部队员", "every member")
        _print(_t(f"队员总分制：同队队员分在上下半区，按{how}编号（{'抽签' if args.draw is not None else '等级分'}排序），"
                  f"首轮避免同队相遇；团体成绩按{by}，{best}：xlxq standings {path} --teams",
                  f"member totals: team-mates split between the halves, numbered {how}; team ranking by {by}, "
                  f"{best}: xlxq standings {path} --teams"))
    header = _t("序号 姓名 单位 等级分 种子", "No Name Unit Rating Seed").split()
    rows = [[p.no, p.name, p.unit, _fmt(p.rating), _fmt(p.seed)] for p in players]
    _print(*_table(header, rows, [True, False, False, True, True]))
    if system == "knockout":
        _print(*_ko_first_round_lines(event))
    elif system in RR_SYSTEMS:
        _print(_t("下一步：xlxq schedule 一次生成全部轮次（或 xlxq pair 逐轮编排）",
                  "next: xlxq schedule writes every round at once (or xlxq pair, one round at a time)"))
    return 0


def _plan_warnings(n: int, rounds: int, team: bool = False) -> list[str]:
    """``警告：…`` lines on a Swiss of ``n`` players (teams) planned for
    ``rounds`` rounds (原则(二); more than the field can pair)."""
    from xlxq.core.checks import round_count_warnings

    return [_t(f"警告：{zh}", f"warning: {en}") for zh, en in round_count_warnings(n, rounds, team)]


def _round1_lines(n: int, rounds: int, team: bool = False) -> list[str]:
    """What the round-1 message of a Swiss adds: the plan's warnings and an
    odd field's note (原则(一))."""
    from xlxq.core.checks import odd_field_note

    odd = odd_field_note(n, team)
    return _plan_warnings(n, rounds, team) + ([_t(f"说明：{odd[0]}", f"note: {odd[1]}")] if odd else [])


def _keep_given_numbers(settings, rules):
    """``with_elimination`` stores Y as a float; keep the number as typed
    (3:2 → [3, 2] in the file, not [3, 2.0])."""
    from dataclasses import replace

    ordered = tuple(sorted((x, y) for x, y in rules))
    return replace(settings, pairing=replace(settings.pairing, elimination=ordered))


def _ko_first_round_lines(event) -> list[str]:
    """The first-round draw of a knockout: byes (to the seeds) and matches."""
    from xlxq.core.knockout import build_bracket

    br = build_bracket(event)
    lines = []
    byes = br.byes()
    if byes:
        lines.append(_t("首轮轮空（种子顺位在前者）：", "first-round byes (top of the seeding): ")
                     + _t("、", ", ").join(_who(event, no) for no in byes))
    matches = [m for m in br.stages[0] if m.top is not None and m.bottom is not None]
    lines.append(_t("首轮对阵：", "first-round matches: ")
                 + _t("；", "; ").join(f"{_who(event, m.top)} — {_who(event, m.bottom)}" for m in matches))
    return lines


def cmd_pair(args: argparse.Namespace) -> int:
    return _on_file("pair", args, _pair, _team_pair)


def _pair(event, args) -> int:
    from dataclasses import replace

    from xlxq.core.pairing import pair_round

    s = event.settings
    raised = None
    if s.system == "knockout" and event.next_round > s.rounds:
        # 加赛 goes beyond the planned rounds: raise event.rounds with it
        # (docs/knockout.md §3), so that the file stays readable
        raised = s.rounds
        event = replace(event, settings=replace(s, rounds=event.next_round))
    out = pair_round(event)
    new = event.with_round(out.round)
    _save(new, args.file)
    if s.system == "knockout":
        _print(*_ko_pairing_table(event, out.round))
    elif s.system in RR_SYSTEMS:
        _print(*_pairing_table(new, out.round, _rr_scores(event), _rr_score_label(event),
                               _t("（循环赛轮空，不计分）", " (round-robin bye, no points)")))
    else:
        scores = {no: c.score for no, c in out.cards.items()}
        _print(*_pairing_table(new, out.round, scores))
    for note in out.notes:
        _print(_t(f"说明：{note}", f"note: {note}"))
    if s.system == "swiss" and out.round.round == 1:
        _print(*_round1_lines(len(out.round.players()), s.rounds))
    if raised is not None:
        _print(_t(f"说明：加赛使轮数超过计划，赛事轮数 rounds 由{raised}调整为{new.settings.rounds}",
                  f"note: play-offs go beyond the planned rounds; event rounds raised from {raised} "
                  f"to {new.settings.rounds}"))
    out_now = {no: x for no, x in _eliminated_after(event, out.round.round).items() if x == out.round.round - 1}
    if out_now:
        y = min(v for x, v in s.pairing.elimination if x == out.round.round - 1)
        _print(_t(f"说明：积分末位淘汰，第{out.round.round - 1}轮后未得{_fmt(y)}分，不再编排：",
                  f"note: elimination, under {_fmt(y)} after round {out.round.round - 1}, no longer paired: ")
               + _t("、", ", ").join(_who(event, no) for no in sorted(out_now)))
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def cmd_schedule(args: argparse.Namespace) -> int:
    """Round robin: every round of the table at once (生成循环赛对阵)."""
    return _on_file("schedule", args, _schedule, _team_schedule)


def _schedule(event, args) -> int:
    from dataclasses import replace

    from xlxq.core.roundrobin import pair_rr_round, rr_round_count, table_players
    from xlxq.errors import InputError

    s = event.settings
    if s.system not in RR_SYSTEMS:
        raise InputError(f"xlxq schedule 只用于循环赛（round_robin、double_round_robin），本赛事为"
                         f"{_system_label(s.system)}（{s.system}），请用 xlxq pair 逐轮编排",
                         f"xlxq schedule is for round robins only; this event is {s.system} (use xlxq pair)")
    if event.rounds:
        done = [(r.round, b.board) for r in event.rounds for b in r.boards
                if b.result is not None or b.fouls_red or b.fouls_black]
        if done:
            r, b = done[0]
            raise InputError(f"第{r}轮第{b}台已有结果，不能重新生成全部轮次（共{len(done)}台已录入结果）；"
                             f"请用 xlxq pair 编排下一轮",
                             f"round {r} board {b} already has a result ({len(done)} boards recorded): the rounds "
                             f"cannot be made again; use xlxq pair for the next round")
        if not args.force:
            raise InputError(f"文件中已有{len(event.rounds)}轮（尚无结果），如要按秩序表重新生成全部轮次，加 --force",
                             f"the file already has {len(event.rounds)} round(s) (no results yet); "
                             f"use --force to make every round again from the table")
    double = s.system == "double_round_robin"
    nos = table_players(event)
    total = rr_round_count(len(nos), double, s.games_per_match)
    ev = replace(event, rounds=[])
    notes: list[str] = []
    for r in range(1, total + 1):
        out = pair_rr_round(ev, r)
        ev = ev.with_round(out.round)
        notes += [f"第{r}轮：{n}" for n in out.notes[1:] if not n.startswith("赛事设定 rounds")]
        if r == 1:
            notes += [n for n in out.notes[1:] if n.startswith("赛事设定 rounds")]
    _checked(ev)
    _save(ev, args.file)
    by_no = _names(ev)
    _print(_t(f"已生成{len(nos)}人{_system_label(s.system, s.games_per_match)}全部{total}轮（按棋规循环赛秩序表）",
              f"made all {total} rounds of the {_system_label(s.system, s.games_per_match)} of {len(nos)} players "
              f"(the rulebook's order table)"))
    for rnd in ev.rounds:
        boards = _t("；", "; ").join(f"{b.board}. {b.red} {by_no[b.red].name} — {b.black} {by_no[b.black].name}"
                                    for b in rnd.boards)
        bye = "".join(_t(f"；轮空 {no} {by_no[no].name}", f"; bye {no} {by_no[no].name}") for no in rnd.byes)
        _print(_t(f"第{rnd.round}轮：", f"round {rnd.round}: ") + boards + bye)
    for note in notes:
        _print(_t(f"说明：{note}", f"note: {note}"))
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _swiss_keys_in_rr(keys: list[str]) -> list[str]:
    """Keys of a round-robin row in --json: the list actually used, then the
    Swiss keys that mean the same in a round robin (胜局, 犯规, 后走胜局,
    后走局数; 对手分 and 累进分 do not: in a complete round robin 对手分 is
    everyone's total minus one's own, and 累进分 depends on the table's order)."""
    return keys + [k for k in ("wins", "fouls", "black_wins", "black_games") if k not in keys]


def _last_played(event) -> int:
    return max((r.round for r in event.rounds if any(b.result is not None for b in r.boards)), default=0)


def cmd_standings(args: argparse.Namespace) -> int:
    return _on_file("standings", args, _standings, _team_standings)


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
        if system != "knockout":
            raise InputError(f"--with 用于积分晋圈淘汰：FILE 应为淘汰赛文件，本文件为{_system_label(system)}",
                             f"--with is for a qualifying Swiss: FILE must be the knockout, this is {system}")
        if args.round is not None:
            raise InputError("--round 不能与 --with 同用（最终名次按两个文件的全部轮次）",
                             "--round cannot be combined with --with (the final order uses every round)")
        return _standings_combined(event, args)
    if system in RR_SYSTEMS:
        return _standings_rr(event, args)
    if system == "knockout":
        return _standings_ko(event, args)
    return _standings_swiss(event, args)


def _standings_swiss(event, args) -> int:
    from xlxq.core.standings import LABELS_ZH, compute_standings, resolve_tiebreaks, table_round

    if args.round is not None:
        _round_arg(event, args.round)
    tr = table_round(event, args.round)        # as far as the results go (issue 8 §6)
    after = tr.after
    rows = compute_standings(event, after)
    out = _eliminated_after(event, after + 1)
    if args.json:
        import json

        data = {"after_round": after, "in_progress": tr.in_progress,
                "standings": [{"rank": r.rank, "no": r.no, "name": r.name, "score": _num(r.score),
                               "tiebreaks": {k: _num(v) for k, v in r.tiebreaks.items()}} for r in rows]}
        if event.settings.pairing.elimination:
            for d in data["standings"]:
                d["eliminated_after"] = out.get(d["no"])
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    keys = resolve_tiebreaks(event.settings.tiebreaks)
    try:
        from xlxq.core.standings import LABELS_EN
    except ImportError:  # pragma: no cover
        LABELS_EN = {}
    labels = [(LABELS_EN.get(k, k) if _lang() == "en" else LABELS_ZH.get(k, k)) for k in keys]
    shown = [k for k in keys if k in (rows[0].tiebreaks if rows else {})]
    labels = [lab for k, lab in zip(keys, labels) if k in shown]
    header = _t("名次 序号 姓名 单位 积分", "Rank No Name Unit Score").split() + labels
    table = []
    for r in rows:
        name = r.name + (_t("（退赛）", " (withdrawn)") if r.withdrawn else "")
        if r.no in out:
            name += _t(f"（第{out[r.no]}轮后淘汰）", f" (out after round {out[r.no]})")
        table.append([r.rank, r.no, name, r.unit, _fmt(r.score)] + [_fmt(r.tiebreaks.get(k)) for k in shown])
    title = tr.title("名次表", "Standings", _lang(), when_first=True)
    if event.settings.name:
        title += f"  {event.settings.name}"
    _print(title, *_table(header, table, [True, True, False, False, True] + [True] * len(shown)))
    return 0


def _standings_rr(event, args) -> int:
    from xlxq.core.rr_standings import LABELS_EN, LABELS_ZH, compute_rr_standings, resolve_rr_tiebreaks
    from xlxq.core.standings import table_round

    g = event.settings.games_per_match
    if args.round is not None:
        after = table_round(event, _round_arg(event, args.round)).after    # a round not started is not counted
        rows = compute_rr_standings(event, after)
    else:
        after = _last_played(event)
        rows = compute_rr_standings(event)
    keys = resolve_rr_tiebreaks(event.settings.tiebreaks, g)
    if args.json:
        import json

        shown = _swiss_keys_in_rr(keys)
        data = {"system": event.settings.system, "games_per_match": g,
                "score": "match_points" if g > 1 else "points", "after_round": after,
                "tiebreak_order": keys,
                "standings": [{"rank": r.rank, "no": r.no, "name": r.name, "score": _num(r.score),
                               "tiebreaks": {k: _num(r.tiebreaks.get(k)) for k in shown},
                               "withdrawn": r.withdrawn, "annulled": r.annulled} for r in rows]}
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    labels = LABELS_EN if _lang() == "en" else LABELS_ZH
    header = _t("名次 序号 姓名 单位", "Rank No Name Unit").split() + \
        [labels["match_points" if g > 1 else "score"]] + [labels.get(k, k) for k in keys]
    table = []
    for r in rows:
        name = r.name
        if r.annulled:
            name += _t("（退赛，成绩注销）", " (withdrawn, results annulled)")
        elif r.withdrawn:
            name += _t("（退赛）", " (withdrawn)")
        table.append([r.rank if r.rank is not None else "—", r.no, name, r.unit, _fmt(r.score)]
                     + [_fmt(r.tiebreaks.get(k)) for k in keys])
    label = _system_label(event.settings.system, g)
    title = table_round(event, after).title(f"{label}名次表", f"{label} standings", _lang())   # 第N轮后 / 进行中
    if event.settings.name:
        title += f"  {event.settings.name}"
    _print(title, *_table(header, table, [True, True, False, False, True] + [True] * len(keys)))
    if "direct" in keys:
        _print(_t("直胜：只在并列者之间全部相遇后比较；空白 = 未用到", "direct encounter: blank = not used"))
    return 0


def _place(p) -> str:
    if p.place is None:
        return ""
    return str(p.place) if p.place_to in (None, p.place) else f"{p.place}-{p.place_to}"


def _standings_ko(event, args) -> int:
    from xlxq.core.knockout import build_bracket, knockout_ranking, stage_name, stage_name_en

    if args.round is not None:
        after = _round_arg(event, args.round)
        br = build_bracket(event, before_round=after + 1)
    else:
        after = len(event.rounds)
        br = build_bracket(event)
    places = knockout_ranking(event, br)
    total = br.stage_total

    def stage(s):
        return _t(stage_name(s, total), stage_name_en(s, total)) if s else None

    if args.json:
        import json

        data = {"system": "knockout", "after_round": after, "finished": br.finished, "champion": br.champion,
                "stage": stage(br.current_stage),
                "standings": [{"place": p.place, "place_to": p.place_to, "no": p.no,
                               "name": event.player(p.no).name, "seed_rank": p.seed_rank,
                               "stage_out": p.stage_out, "stage_out_name": stage(p.stage_out)} for p in places]}
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    if br.finished:
        title = _t("淘汰赛名次", "Knockout places") + (
            _t(f"（冠军：{_who(event, br.champion)}）", f" (champion: {_who(event, br.champion)})")
            if br.champion is not None else "")
    else:
        title = _t(f"淘汰赛名次（第{after}轮后，{stage(br.current_stage)}进行中）",
                   f"Knockout places (after round {after}; {stage(br.current_stage)} in progress)")
    if event.settings.name:
        title += f"  {event.settings.name}"
    header = _t("名次 序号 姓名 单位 种子顺位 成绩", "Place No Name Unit Seeding Result").split()
    table = []
    for p in places:
        pl = event.player(p.no)
        if p.place == 1:
            res = _t("冠军", "champion")
        elif p.stage_out is not None:
            res = _t(f"{stage(p.stage_out)}负", f"lost in the {stage(p.stage_out)}")
        else:
            res = _t("仍在比赛", "still in")
        table.append([_place(p), p.no, pl.name, pl.unit, p.seed_rank, res])
    _print(title, *_table(header, table, [True, True, False, False, True, False]))
    return 0


def _standings_combined(knockout, args) -> int:
    from xlxq.core.combined import combined_ranking
    from xlxq.errors import InputError

    swiss = _load(args.with_swiss)
    if _is_team(swiss) or swiss.settings.system != "swiss":
        raise InputError(f"--with {args.with_swiss}：应为积分编排（swiss）赛事文件，实为{_system_label(swiss.settings.system)}",
                         f"--with {args.with_swiss}: must be a Swiss event, not {swiss.settings.system}")
    for p in knockout.players:
        if not swiss.has_player(p.no) or swiss.player(p.no).name != p.name:
            raise InputError(f"淘汰赛的{p.name}（{p.no}号）不在积分赛文件 {args.with_swiss} 中（序号与姓名应相同）",
                             f"knockout player {p.name} ({p.no}) is not in the Swiss file {args.with_swiss}")
    rows = combined_ranking(swiss, knockout)
    if args.json:
        import json

        data = {"system": "combined", "standings": [r.to_dict() for r in rows]}
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    header = _t("名次 序号 姓名 单位 决出方式 积分赛名次 淘汰赛名次", "Rank No Name Unit Decided-by Swiss Knockout").split()
    table = []
    for r in rows:
        unit = swiss.player(r.no).unit if swiss.has_player(r.no) else ""
        src = _t("淘汰赛", "knockout") if r.source == "knockout" else _t("积分赛", "Swiss")
        ko = "" if r.knockout_place is None else (str(r.knockout_place) if r.knockout_place_to in (None, r.knockout_place)
                                                  else f"{r.knockout_place}-{r.knockout_place_to}")
        table.append([r.rank, r.no, r.name, unit, src, r.swiss_rank, ko])
    title = _t("积分晋圈淘汰最终名次", "Final order (Swiss, then knockout)")
    name = knockout.settings.name or swiss.settings.name
    if name:
        title += f"  {name}"
    _print(title, *_table(header, table, [True, True, False, False, False, True, True]))
    return 0


def cmd_crosstable(args: argparse.Namespace) -> int:
    """Round robin: the 交叉表 (points of each game, by opponent)."""
    return _on_file("crosstable", args, _crosstable)


def _crosstable(event, args) -> int:
    from xlxq.errors import InputError

    if _is_team(event):
        raise InputError("交叉表只用于个人循环赛；团体赛请用 xlxq standings（台次成绩加 --boards）",
                         "a cross table is for individual round robins; a team event: xlxq standings [--boards]")
    if not _is_rr(event):
        raise InputError(f"交叉表只用于循环赛，本赛事为{_system_label(event.settings.system)}（{event.settings.system}）",
                         f"a cross table is for round robins only; this event is {event.settings.system}")
    after = _round_arg(event, args.round) if args.round is not None else None
    ct, rows, nos = _cross_table_parts(event, after)
    if args.json:
        _write_cross_table_json(event, ct, rows, nos)
        return 0
    header = _t("序号 姓名", "No Name").split() + [str(no) for no in nos] + \
        [_rr_score_label(event), _t("名次", "Rank")]
    table = []
    for a in nos:
        cells = []
        for b in nos:
            if a == b:
                cells.append("×")
            else:
                games = ct[a].get(b, [])
                cells.append("/".join("." if x is None else _fmt(x) for x in games))
        r = rows[a]
        table.append([a, event.player(a).name] + cells + [_fmt(r.score), r.rank if r.rank is not None else "—"])
    title = _t("交叉表", "Cross table") + (f"  {event.settings.name}" if event.settings.name else "")
    _print(title, *_table(header, table, [True, False] + [True] * (len(nos) + 2)))
    _print(_t("格内为该棋手对该对手每局所得分（按轮次，/ 分隔；. = 尚无结果）",
              "each cell: the row player's points in each game against the column player (. = no result yet)"))
    return 0


def _cross_table_parts(event, after: Optional[int]):
    """The cross table after round ``after`` (None: every round): the
    points by opponent, the standings rows by number, the numbers in order."""
    from xlxq.core.rr_standings import compute_rr_standings, cross_table

    ct = cross_table(event, after)
    rows = {r.no: r for r in compute_rr_standings(event, after)}
    return ct, rows, sorted(p.no for p in event.players)


def _write_cross_table_json(event, ct, rows, nos) -> None:
    """``crosstable --json`` on stdout (what ``_cross_table_parts`` gives)."""
    import json

    data = {"system": event.settings.system, "players": nos,
            "cross": {str(a): {str(b): [_num(x) for x in ct[a][b]] for b in sorted(ct[a])} for a in nos},
            "score": {str(a): _num(rows[a].score) for a in nos},
            "rank": {str(a): rows[a].rank for a in nos}}
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")


def cmd_explain(args: argparse.Namespace) -> int:
    return _on_file("explain", args, _explain, _team_explain)


def _explain(event, args) -> int:
    from xlxq.systems import get_system

    n = _round_arg(event, args.round, allow_next=True)
    _print(*get_system(event.settings.system).explain(event, n, _lang()))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    return _on_file("check", args, _check, _team_check)


def _check(event, args) -> int:
    from xlxq.systems import get_system

    n = _round_arg(event, args.round)
    report = get_system(event.settings.system).check(event, n, _lang())
    _print(*report.lines(_lang()))
    return 1 if report.errors else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    return _on_file("simulate", args, _simulate, _team_simulate)


def _simulate(event, args) -> int:
    from collections import Counter
    from dataclasses import replace

    from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN
    from xlxq.core.pairing import pair_round
    from xlxq.errors import InputError

    s = event.settings
    system = s.system
    if args.rounds is not None and args.rounds < 1:
        raise InputError(f"--rounds 应为正整数：{args.rounds}", f"--rounds must be positive: {args.rounds}")
    if system in RR_SYSTEMS:
        from xlxq.core.roundrobin import rr_round_count, table_players

        limit = min(s.rounds, rr_round_count(len(table_players(event)), system == "double_round_robin",
                                             s.games_per_match))
    else:
        limit = s.rounds
    lines: list[str] = []
    changed = False

    def fill(rnd) -> None:
        nonlocal changed
        missing = set(_fill_random(rnd, args.seed))
        if not missing:
            return
        changed = True
        c = Counter(b.result for b in rnd.boards if b.board in missing)
        lines.append(_t(f"第{rnd.round}轮：随机填写{len(missing)}台结果（红胜{c[RED_WIN]}，和{c[DRAW]}，黑胜{c[BLACK_WIN]}）",
                        f"round {rnd.round}: {len(missing)} random results "
                        f"({c[RED_WIN]} red wins, {c[DRAW]} draws, {c[BLACK_WIN]} black wins)"))

    def fill_open() -> None:
        for rnd in event.rounds:
            fill(rnd)

    def can_pair() -> bool:
        if system == "knockout":
            from xlxq.core.knockout import build_bracket

            return not build_bracket(event).finished
        return len(event.rounds) < limit

    # the rounds may already be there (a round robin made by xlxq schedule):
    # then a step is one round's results
    raised_from = s.rounds
    if not can_pair() and args.rounds is not None:
        for rnd in [r for r in event.rounds if not r.finished][:args.rounds]:
            fill(rnd)
    else:
        done = 0
        while args.rounds is None or done < args.rounds:
            fill_open()
            if not can_pair():
                break
            if system == "knockout" and event.next_round > event.settings.rounds:
                # 加赛 beyond the planned rounds: event.rounds follows (docs/knockout.md §3)
                event = replace(event, settings=replace(event.settings, rounds=event.next_round))
            out = pair_round(event)
            event = event.with_round(out.round)
            changed = True
            done += 1
            bye = "、".join(f"{n}号" for n in out.round.byes) or _t("无", "none")
            stage = ""
            if system == "knockout" and out.notes:
                stage = _t(f"（{out.notes[0].split('（')[0]}）", f" ({out.notes[0].split('（')[0]})")
            lines.append(_t(f"第{out.round.round}轮：已编排{len(out.round.boards)}台{stage}，轮空 {bye}",
                            f"round {out.round.round}: paired {len(out.round.boards)} boards{stage}, bye {bye}"))
        if args.rounds is None or (system != "knockout" and len(event.rounds) >= limit):
            fill_open()
    if not changed:
        _print(_t("所有轮次均已编排并有结果，无需模拟", "every round is paired and finished; nothing to simulate"))
        return 0
    if event.settings.rounds != raised_from:
        lines.append(_t(f"加赛使轮数超过计划，赛事轮数 rounds 由{raised_from}调整为{event.settings.rounds}",
                        f"play-offs went beyond the planned rounds; event rounds raised from {raised_from} "
                        f"to {event.settings.rounds}"))
    _save(event, args.file)
    _print(*lines)
    if event.rounds and all(r.finished for r in event.rounds) and not can_pair():
        _print(_simulated_summary(event))
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _simulated_summary(event) -> str:
    system = event.settings.system
    if system == "knockout":
        from xlxq.core.knockout import build_bracket

        ch = build_bracket(event).champion
        who = _who(event, ch) if ch is not None else _t("无（决赛双方均弃权）", "none (double forfeit in the final)")
        return _t(f"模拟结果冠军：{who}", f"simulated champion: {who}")
    if system in RR_SYSTEMS:
        from xlxq.core.rr_standings import compute_rr_standings

        top = [r for r in compute_rr_standings(event) if r.rank is not None][:3]
    else:
        from xlxq.core.standings import compute_standings

        top = compute_standings(event)[:3]
    return (_t("模拟结果前三名：", "simulated top three: ")
            + _t("；", "; ").join(f"{r.rank}. {r.no} {r.name} {_fmt(r.score)}" + _t("分", "") for r in top))


def cmd_qualify(args: argparse.Namespace) -> int:
    """积分晋圈淘汰: the knockout file of the top K of a finished Swiss."""
    from dataclasses import replace
    from pathlib import Path

    from xlxq.core.combined import build_knockout
    from xlxq.errors import InputError

    if _is_workbook(args.swiss):      # the knockout stage inside the workbook (xlxq.workbook.qualify_knockout)
        return _workbook_dispatch("qualify", args.swiss, args)
    if args.knockout is None or _is_workbook(args.knockout):
        raise InputError("请给出要创建的淘汰赛 JSON 文件：xlxq qualify SWISS.json KNOCKOUT.json --top K",
                         "give the knockout JSON file to create: xlxq qualify SWISS.json KNOCKOUT.json --top K")
    swiss = _load(args.swiss)
    if _is_team(swiss):
        raise InputError(f"{args.swiss} 是团体赛文件：积分晋圈淘汰只用于个人积分赛",
                         f"{args.swiss} is a team file: qualifying is for an individual Swiss")
    if swiss.settings.system != "swiss":
        raise InputError(f"{args.swiss} 应为积分编排（swiss）赛事，实为{_system_label(swiss.settings.system)}",
                         f"{args.swiss} must be a Swiss event, not {swiss.settings.system}")
    out = Path(args.knockout)
    if out.exists() and not args.force:
        raise InputError(f"文件已存在：{out}（如要覆盖，加 --force）", f"{out} already exists (use --force to overwrite)")
    if out.resolve() == Path(args.swiss).resolve():
        raise InputError("淘汰赛文件不能与积分赛文件相同", "the knockout file cannot be the Swiss file")
    if args.round is None:
        if len(swiss.rounds) < swiss.settings.rounds:
            raise InputError(f"积分赛共{swiss.settings.rounds}轮，文件中只有{len(swiss.rounds)}轮，尚未结束"
                             f"（如按某轮后的名次晋级，用 --round N）",
                             f"the Swiss has {swiss.settings.rounds} rounds and only {len(swiss.rounds)} are paired "
                             f"(use --round N to qualify after round N)")
        n = len(swiss.rounds)
    else:
        n = _round_arg(swiss, args.round)
    for r in swiss.rounds[:n]:
        for b in r.boards:
            if b.result is None:
                raise InputError(f"积分赛第{r.round}轮第{b.board}台（{b.red}号对{b.black}号）尚无结果，不能确定晋级名单",
                                 f"Swiss round {r.round} board {b.board} ({b.red} v {b.black}) has no result")
    if args.games_per_match < 1:
        raise InputError(f"--games-per-match 应为正整数：{args.games_per_match}",
                         f"--games-per-match must be positive: {args.games_per_match}")
    playoff = _parse_playoff(args.playoff_games) if args.playoff_games is not None else [2]
    ko = build_knockout(swiss, args.top, args.round, games_per_match=args.games_per_match, playoff_games=playoff,
                        armageddon=bool(args.armageddon), on_tie=args.on_tie, name=args.name)
    ko = replace(ko, settings=replace(ko.settings, tiebreaks=[]))   # a knockout is ranked by its bracket
    _checked(ko)
    _save(ko, str(out))
    _print(_t(f"已创建 {out}：积分赛 {args.swiss} 第{n}轮后前{args.top}名进入淘汰赛"
              f"（{_system_label('knockout', args.games_per_match)}，{ko.settings.rounds}轮，不计加赛）",
              f"created {out}: the top {args.top} of {args.swiss} after round {n} go to the knockout "
              f"({ko.settings.rounds} rounds without play-offs)"))
    from xlxq.core.standings import compute_standings

    rows = {r.no: r for r in compute_standings(swiss, n)}
    header = _t("种子 序号 姓名 单位 积分赛名次 积分", "Seed No Name Unit Swiss-rank Score").split()
    table = [[p.seed, p.no, p.name, p.unit, rows[p.no].rank, _fmt(rows[p.no].score)] for p in ko.players]
    _print(*_table(header, table, [True, True, False, False, True, True]))
    _print(*_ko_first_round_lines(ko))
    _print(_t(f"最终名次：xlxq standings {out} --with {args.swiss}",
              f"final order: xlxq standings {out} --with {args.swiss}"))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    try:
        from xlxq.workbook import demo
    except ImportError as exc:
        from xlxq.errors import XlxqError

        raise XlxqError(f"演示需要工作簿模块 xlxq.workbook，但它不可用（{exc}）",
                        f"the demo needs xlxq.workbook, which is not available ({exc})")
    if getattr(args, "teams", False):
        from xlxq.team_workbook import team_demo as demo
    rc = demo(args.dir) if args.dir is not None else demo()
    return int(rc) if isinstance(rc, int) else 0


# --------------------------------------------------------------------------
# team events (团体赛: event.kind "team", docs/teams.md, docs/format.md) and
# 队员总分制 (an individual event with event.member_total)
# --------------------------------------------------------------------------

TEAM_SYSTEMS_CLI = ("swiss", "round_robin", "double_round_robin", "scheveningen")
_RESULT_ZH = {"red_win": "红胜", "black_win": "黑胜", "draw": "和", "red_win_forfeit": "红胜（黑方弃权）",
              "black_win_forfeit": "黑胜（红方弃权）", "double_forfeit": "双方弃权"}
_RESULT_EN = {"red_win": "1-0", "black_win": "0-1", "draw": "draw", "red_win_forfeit": "1-0 (forfeit)",
              "black_win_forfeit": "0-1 (forfeit)", "double_forfeit": "double forfeit"}


def _is_team(event) -> bool:
    from xlxq.core.teams import TeamEvent

    return isinstance(event, TeamEvent)


def _team_system_label(system: str) -> str:
    zh = {"swiss": "积分编排团体赛", "round_robin": "团体单循环", "double_round_robin": "团体双循环",
          "scheveningen": "全队轮赛制"}
    en = {"swiss": "team Swiss", "round_robin": "team round robin", "double_round_robin": "team double round robin",
          "scheveningen": "Scheveningen match"}
    return _t(zh.get(system, system), en.get(system, system))


def _lineup_label(lineup: str) -> str:
    from xlxq.core.teams import LINEUP_NAMES

    en = {"fixed_boards": "fixed boards", "fixed_order": "fixed order", "per_round": "line-up each round"}
    return _t(LINEUP_NAMES.get(lineup, lineup), en.get(lineup, lineup))


def _tname(event, no: int) -> str:
    t = event.team(no)
    return _t(f"{t.name}（{no}队）", f"{t.name} ({no})")


def _result_label(result: Optional[str]) -> str:
    if result is None:
        return ""
    return _t(_RESULT_ZH.get(result, result), _RESULT_EN.get(result, result))


def _nums(x: Any) -> Any:
    """``_num`` through dictionaries and lists (JSON output)."""
    if isinstance(x, dict):
        return {k: _nums(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_nums(v) for v in x]
    return _num(x)


def _team_score_label(event) -> str:
    if event.settings.pair_by == "game_points" and event.settings.system == "swiss":
        return _t("局分", "Game pts")
    return _t("场分", "Match pts")


def _parse_match_scoring(spec: str) -> dict:
    """``W/D/L`` (e.g. ``3/1/0``); the draw may be ``H:A`` for a different
    draw of the first (home) and second (away) team (``3/1:2/0``)."""
    import re

    from xlxq.errors import InputError

    num = r"(-?\d+(?:\.\d+)?)"
    m = re.fullmatch(rf"\s*{num}\s*[/,，]\s*{num}(?:\s*[:：]\s*{num})?\s*[/,，]\s*{num}\s*", spec)
    if not m:
        raise InputError(f"--match-scoring {spec!r} 无效：应为 胜/和/负 的场分，如 2/1/0、3/1/0，"
                         f"主客和棋不同时写 3/1:2/0（先走队和 1、后走队和 2）",
                         f"invalid --match-scoring {spec!r}: W/D/L match points, e.g. 2/1/0 or 3/1/0; "
                         f"3/1:2/0 for a home draw 1 and an away draw 2")

    def n(x):
        v = float(x)
        return int(v) if v.is_integer() else v

    out = {"match_win": n(m.group(1)), "match_draw": n(m.group(2)), "match_loss": n(m.group(4))}
    if m.group(3) is not None:
        out["match_draw_first"] = out["match_draw"]
        out["match_draw_second"] = n(m.group(3))
    return out


def _team_new(args: argparse.Namespace, path) -> int:
    from xlxq.backends.team_json import read_team_registration
    from xlxq.core.model import Scoring
    from xlxq.core.teams import (MAX_BOARDS, MIN_BOARDS, TeamEvent, TeamScoring, TeamSettings, lineup_format,
                                 validate_team_event)
    from xlxq.errors import InputError

    system = args.system
    if system not in TEAM_SYSTEMS_CLI:
        raise InputError(f"团体赛赛制可选 {'、'.join(TEAM_SYSTEMS_CLI)}，不支持 {system}",
                         f"a team event is one of {', '.join(TEAM_SYSTEMS_CLI)}, not {system}")
    if args.players is not None:
        raise InputError("--players（个人赛报名表）与 --teams（团体赛报名表）不能同用",
                         "--players (individual registration) and --teams (team registration) exclude each other")
    for flag, given in (("--games-per-match", args.games_per_match), ("--eliminate", args.eliminate),
                        ("--playoff-games", args.playoff_games), ("--armageddon", args.armageddon or None),
                        ("--member-total", args.member_total or None), ("--best", args.best), ("--by", args.by),
                        ("--numbering", args.numbering), ("--incomplete", args.incomplete)):
        if given is not None:
            raise InputError(f"{flag} 不用于团体赛（--teams）", f"{flag} is not for a team event (--teams)")
    label = _team_system_label(system)
    if system != "swiss":
        for flag, given in (("--first-round", args.first_round), ("--seed", args.seed), ("--pair-by", args.pair_by)):
            if given is not None:
                raise InputError(f"{flag} 只用于积分编排团体赛（swiss），{label}不用",
                                 f"{flag} is for a team Swiss only, not for a {label}")
    if system == "scheveningen" and args.lineup is not None:
        raise InputError("全队轮赛制的出场顺序由秩序表决定，不用 --lineup",
                         "a Scheveningen match is seated from its table: --lineup does not apply")
    k = args.boards
    if k is None:
        raise InputError(f"团体赛须给出每场台数 --boards K（{MIN_BOARDS}–{MAX_BOARDS}；全队轮赛制为每队人数）",
                         f"a team event needs --boards K ({MIN_BOARDS}–{MAX_BOARDS}; Scheveningen: players a side)")
    if not MIN_BOARDS <= k <= MAX_BOARDS:
        raise InputError(f"--boards 应为 {MIN_BOARDS}–{MAX_BOARDS}：{k}", f"--boards must be {MIN_BOARDS}–{MAX_BOARDS}: {k}")
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
        raise InputError(f"报名表只有{n}支队伍，至少需要2队", f"the registration has {n} team(s); at least 2 are needed")
    seed = args.seed
    first_round = args.first_round or "adjacent"
    if system == "swiss":
        from xlxq.core.checks import MIN_ROUNDS, max_swiss_rounds

        rounds = min(MIN_ROUNDS, max_swiss_rounds(n)) if args.rounds is None else args.rounds   # warned below
        if first_round == "random" and seed is None:
            import secrets

            seed = secrets.randbelow(1_000_000_000)
    elif system == "scheveningen":
        if n != 2:
            raise InputError(f"全队轮赛制只能在两队之间进行，报名表中有{n}支队伍",
                             f"a Scheveningen match is between two teams; the registration has {n}")
        rounds = k
        if args.rounds is not None and args.rounds != k:
            raise InputError(f"每队{k}人的全队轮赛制共{k}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                             f"a Scheveningen match of {k} a side has {k} rounds, not --rounds {args.rounds}")
    else:
        from xlxq.core.roundrobin import rr_round_count

        rounds = rr_round_count(n, system == "double_round_robin")
        if args.rounds is not None and args.rounds != rounds:
            raise InputError(f"{n}队{label}共{rounds}轮，--rounds {args.rounds} 不符（可省略 --rounds）",
                             f"a {label} of {n} teams has {rounds} rounds, not --rounds {args.rounds}")
    from xlxq.core.team_standings import default_preset

    tiebreaks = _split_tiebreaks(args.tiebreaks) if args.tiebreaks else [default_preset(system)]
    settings = TeamSettings(name=args.name if args.name is not None else path.stem, system=system, rounds=rounds,
                            boards=k, lineup=lineup, scoring=TeamScoring(game=Scoring(win=2, draw=1, loss=0), **match),
                            pair_by=pair_by, tiebreaks=tiebreaks, first_round=first_round, first_round_seed=seed)
    event = TeamEvent(settings=settings, players=players, teams=teams)
    validate_team_event(event)
    if system == "scheveningen":
        event = _team_schedule_rounds(event)
    _checked(event)
    _save(event, str(path))
    sc = settings.scoring
    draw = _fmt(sc.match_draw) if sc.match_draw_first is None else f"{_fmt(sc.match_draw_first)}:{_fmt(sc.match_draw_second)}"
    ms = f"{_fmt(sc.match_win)}/{draw}/{_fmt(sc.match_loss)}"
    what = _t(f"{n}队×{k}台（{_lineup_label(lineup)}）", f"{n} teams × {k} boards ({_lineup_label(lineup)})")
    if system == "scheveningen":
        what = _t(f"两队各{k}人", f"two teams of {k}")
    extra = ""
    if system == "swiss":
        method = {"adjacent": _t("近号配对", "adjacent"), "fold": _t("首尾配对", "fold"),
                  "slide": _t("对半交叉配对", "slide"), "random": _t("随机配对", "random")}[first_round]
        extra = _t(f"，首轮{method}（队序号）", f", first round {method} (team numbers)")
        if first_round == "random":
            extra += _t(f"，随机种子 {seed}", f", random seed {seed}")
        if pair_by == "game_points":
            extra += _t("，按局分编排", ", paired by game points")
    elif system in RR_SYSTEMS and n % 2:
        extra = _t("，队数为单数，每轮一队轮空（不计分）", ", odd number of teams: one bye a round (no points)")
    if args.draw is not None:
        extra += _t(f"；抽签定队序号，种子 {args.draw}", f"; team numbers drawn, seed {args.draw}")
    _print(_t(f"已创建 {path}：{what}，{label}，{rounds}轮，场分 {ms}，名次：{'、'.join(tiebreaks)}{extra}",
              f"created {path}: {what}, {label}, {rounds} rounds, match points {ms}, ranking: "
              f"{', '.join(tiebreaks)}{extra}"))
    if system == "swiss":
        _print(*_plan_warnings(n, rounds, team=True))
    _print(*_team_table(event))
    if system == "scheveningen":
        _print(*_team_schedule_lines(event))
        _print(_t("已按全队轮赛制秩序表写入全部轮次", "every round written from the Scheveningen table"))
    elif system in RR_SYSTEMS:
        _print(_t("下一步：xlxq schedule 一次生成全部轮次（或 xlxq pair 逐轮编排）",
                  "next: xlxq schedule writes every round at once (or xlxq pair, one round at a time)"))
    else:
        _print(_t("下一步：xlxq pair 编排第1轮", "next: xlxq pair pairs round 1"))
    return 0


def _team_table(event) -> list[str]:
    """The registration: each team's 主力 by board, then its 替补."""
    k = event.settings.boards
    header = _t("队序号 队名", "No Team").split() + [_t(f"第{i}台", f"Board {i}") for i in range(1, k + 1)] + \
        [_t("替补", "Reserves")]
    rows = []
    for t in event.teams:
        cells = [f"{no} {event.player(no).name}" for no in t.players[:k]]
        res = []
        for no in t.players[k:]:
            cell = f"{no} {event.player(no).name}"
            if no in t.reserve_boards:
                cell += _t(f"（第{t.reserve_boards[no]}台）", f" (board {t.reserve_boards[no]})")
            res.append(cell)
        rows.append([t.no, t.name] + cells + [_t("、", ", ").join(res)])
    return _table(header, rows, [True, False] + [False] * (k + 1))


def _seat(event, no: int) -> tuple[str, str, str]:
    from xlxq.core.teams import VACANT

    if no == VACANT:
        return "—", _t("（空台）", "(empty)"), ""
    p = event.player(no)
    t = event.team_of(no)
    return str(no), p.name, event.team(t).name if t is not None else p.unit


def _match_lines(event, m, scores: Optional[dict] = None, label: str = "") -> list[str]:
    """A match: its headline and its boards."""
    a, b = _tname(event, m.first), _tname(event, m.second)
    if scores is not None:
        a += f" {label} {_fmt(scores.get(m.first, 0))}"
        b += f" {label} {_fmt(scores.get(m.second, 0))}"
    lines = [_t(f"第{m.match}场  {a} — {b}", f"Match {m.match}  {a} — {b}")]
    if not m.boards:
        lines.append(_t("  （尚无出场名单）", "  (no line-ups yet)"))
        return lines
    with_results = any(x.result is not None for x in m.boards)
    header = _t("台次 序号 红方 队名 序号 黑方 队名", "Board No Red Team No Black Team").split()
    if with_results:
        header.append(_t("结果", "Result"))
    rows = []
    for x in m.boards:
        row = [x.board, *_seat(event, x.red), *_seat(event, x.black)]
        if with_results:
            row.append(_result_label(x.result))
        rows.append(row)
    right = [True, True, False, False, True, False, False] + ([False] if with_results else [])
    lines += ["  " + ln for ln in _table(header, rows, right)]
    return lines


def _team_round_lines(event, rnd, scores: Optional[dict] = None, label: str = "", title: Optional[str] = None) -> list[str]:
    s = event.settings
    if title is None:
        title = _t(f"第{rnd.round}轮对阵表", f"Round {rnd.round} pairings")
        if s.name:
            title += f"  {s.name}"
    lines = [title]
    if s.system != "scheveningen":
        lines.append(_t("先走队单数台执红、双数台执黑", "the first team has red on odd boards, black on even boards"))
    for m in rnd.matches:
        lines += _match_lines(event, m, scores, label)
    for no in rnd.byes:
        sc = s.scoring
        if s.system == "swiss":
            why = _t(f"按胜一场计：场分 {_fmt(sc.bye_match())}、局分 {_fmt(sc.bye_games(s.boards))}（原则(五)）",
                     f"counts as a won match: {_fmt(sc.bye_match())} match points, "
                     f"{_fmt(sc.bye_games(s.boards))} game points")
        else:
            why = _t("循环赛轮空，不计分", "round-robin bye, no points")
        sc_txt = f" {label} {_fmt(scores.get(no, 0))}" if scores is not None else ""
        lines.append(_t(f"轮空：{_tname(event, no)}{sc_txt}（{why}）", f"Bye: {_tname(event, no)}{sc_txt} ({why})"))
    return lines


def _withdrawn_vacant(event, rnd) -> dict:
    """Line-ups of empty seats for the withdrawn teams of a round robin
    round: their matches are forfeited board by board."""
    from xlxq.core.teams import VACANT

    k = event.settings.boards
    return {t: [VACANT] * k for m in rnd.matches for t in m.teams() if not event.team(t).active_in(rnd.round)}


def _pair_seat(event, round_no: Optional[int] = None):
    """Pair the next round (or ``round_no``), append it and seat it: default
    line-ups, empty seats for withdrawn teams (round robin), the table for
    全队轮赛制."""
    from xlxq.core.team_pairing import pair_team_round
    from xlxq.core.teams import set_lineups

    out = pair_team_round(event, round_no)
    ev = event.with_round(out.round)
    if event.settings.system != "scheveningen":
        ev = set_lineups(ev, out.round.round, _withdrawn_vacant(ev, out.round))
    return ev, out


def _team_scores(event) -> dict:
    from xlxq.core.team_standings import compute_team_standings

    return {r.no: r.match_points for r in compute_team_standings(event)}


def _team_pair(event, args) -> int:
    s = event.settings
    new, out = _pair_seat(event)
    _checked(new)
    _save(new, args.file)
    if s.system == "swiss":
        scores, label = {no: c.score for no, c in out.cards.items()}, _team_score_label(event)
    else:
        scores, label = _team_scores(event), _t("场分", "Match pts")
    _print(*_team_round_lines(new, new.get_round(out.round.round), scores, label))
    for note in _merge_board_notes(out.notes):
        note = note.replace("本轮对它的比赛请按弃权录入", "本轮它的各台已按空台入座，记为弃权")
        _print(_t(f"说明：{note}", f"note: {note}"))
    if s.system == "swiss" and out.round.round == 1:
        _print(*_round1_lines(len(out.round.teams()), s.rounds, team=True))
    if s.system != "scheveningen":
        _print(_t(f"出场名单：按报名顺序默认（{_lineup_label(s.lineup)}）；更换：xlxq lineup {args.file} "
                  f"--round {out.round.round} --team 队 --players 序号,…",
                  f"line-ups: the default of {_lineup_label(s.lineup)}; to change one: xlxq lineup {args.file} "
                  f"--round {out.round.round} --team T --players no,…"))
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _merge_board_notes(notes: list[str]) -> list[str]:
    """One note per match for the boards paired as draws (原则(八)):
    第2轮第1场第1、2、3台未结束 … instead of one line a board."""
    import re

    out: list[str] = []
    merged: dict[tuple[str, str], list[str]] = {}
    for note in notes:
        m = re.fullmatch(r"(第\d+轮第\d+场)第(\d+)台(未结束，按和棋暂计编排（原则\(八\)）)", note)
        if m is None:
            out.append(note)
            continue
        key = (m.group(1), m.group(3))
        if key not in merged:
            merged[key] = []
            out.append(key)                      # placeholder, filled below
        merged[key].append(m.group(2))
    return [x if isinstance(x, str) else f"{x[0]}第{'、'.join(merged[x])}台{x[1]}" for x in out]


def _find_team(event, spec: str):
    from xlxq.errors import InputError

    spec = str(spec).strip()
    key = spec[:-1] if spec.endswith("队") and spec[:-1].isdigit() else spec
    if key.isdigit() and int(key) in {t.no for t in event.teams}:
        return event.team(int(key))
    hits = [t for t in event.teams if t.name == spec]
    if len(hits) == 1:
        return hits[0]
    raise InputError(f"没有这支队伍：{spec}（可用队序号或队名：{'、'.join(f'{t.no} {t.name}' for t in event.teams)}）",
                     f"no team {spec!r} (give a team number or name)")


def _parse_lineup(event, team, round_no: int, spec: str) -> list[int]:
    """``--players``: 序号 or names, board 1 first; 0 / 空 / - for an empty seat."""
    import re

    from xlxq.core.teams import VACANT
    from xlxq.errors import InputError

    items = [x for x in re.split(r"[,，、;；\s]+", spec.strip()) if x]
    out = []
    for k, item in enumerate(items, start=1):
        if item in ("0", "空", "空台", "-", "—"):
            out.append(VACANT)
        elif item.isdigit():
            out.append(int(item))
        else:
            mine = [no for no in team.players if event.player(no).name == item]
            anyone = [p.no for p in event.players if p.name == item]
            if mine or anyone:
                out.append((mine or anyone)[0])
            else:
                raise InputError(f"第{round_no}轮 {team.name}（{team.no}队） 第{k}台：没有名为“{item}”的报名棋手",
                                 f"round {round_no}, team {team.name} ({team.no}), board {k}: "
                                 f"no registered player named {item!r}")
    return out


def cmd_lineup(args: argparse.Namespace) -> int:
    """团体赛出场名单: set (or reset to the default) one team's line-up in a
    round already paired; checked by the event's line-up format."""
    return _on_file("lineup", args, _lineup)


def _lineup(event, args) -> int:
    from xlxq.core.teams import default_lineup, set_lineups, vacant_result
    from xlxq.errors import InputError

    if not _is_team(event):
        raise InputError("xlxq lineup 只用于团体赛文件（event.kind: \"team\"）",
                         "xlxq lineup is for team files (event.kind: \"team\")")
    s = event.settings
    if s.system == "scheveningen":
        raise InputError("全队轮赛制的出场顺序由秩序表决定，不能另报出场名单",
                         "a Scheveningen match is seated from its table; line-ups cannot be changed")
    last = len(event.rounds)
    n = args.round if args.round is not None else last
    if n < 1 or n > last:
        if last and n == last + 1 or (not last and n in (0, 1)):
            raise InputError(f"第{max(n, 1)}轮尚未编排：先用 xlxq pair 编排，再报出场名单（编排时已按默认名单入座）",
                             f"round {max(n, 1)} is not paired yet: pair it with xlxq pair first")
        raise InputError(f"轮次 --round {n} 无效：文件中有{last}轮", f"invalid --round {n}: the file has {last} round(s)")
    rnd = event.get_round(n)
    team = _find_team(event, args.team)
    if team.no in rnd.byes:
        raise InputError(f"第{n}轮 {team.name}（{team.no}队）轮空，没有比赛", f"round {n}: team {team.name} has a bye")
    m_old = next((m for m in rnd.matches if team.no in m.teams()), None)
    if m_old is None:
        raise InputError(f"第{n}轮 {team.name}（{team.no}队）本轮没有比赛", f"round {n}: team {team.name} has no match")
    if args.players is not None:
        lineup = _parse_lineup(event, team, n, args.players)
    else:
        lineup = default_lineup(event, team.no, n)
    new = set_lineups(event, n, {team.no: lineup})
    m_new = next(m for m in new.get_round(n).matches if m.match == m_old.match)
    for ob, nb in zip(m_old.boards, m_new.boards):
        if (ob.result is not None and vacant_result(ob.red, ob.black) is None
                and (ob.red, ob.black) != (nb.red, nb.black)):
            raise InputError(f"第{n}轮 {team.name}（{team.no}队） 第{ob.board}台已有结果（{_RESULT_ZH.get(ob.result)}），"
                             f"不能更换出场队员；如确需更换，请先清除该台结果",
                             f"round {n}, team {team.name} ({team.no}), board {ob.board} already has a result: "
                             f"its players cannot be changed (clear the result first)")
    _checked(new)
    _save(new, args.file)
    seated = [b.red if m_new.side(team.no, b) == "R" else b.black for b in m_new.boards]
    who = _t("、", ", ").join(f"{k}.{_seat(new, no)[1]}" for k, no in enumerate(seated, start=1))
    _print(_t(f"第{n}轮 {team.name}（{team.no}队）出场名单（{_lineup_label(s.lineup)}）：{who}",
              f"round {n}, team {team.name} ({team.no}) line-up ({_lineup_label(s.lineup)}): {who}"))
    _print(*_match_lines(new, m_new))
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _team_standings(event, args) -> int:
    from xlxq.core.team_standings import (LABELS_EN, LABELS_ZH, board_standings, compute_team_standings,
                                          resolve_team_tiebreaks)
    from xlxq.errors import InputError

    s = event.settings
    if args.with_swiss is not None:
        raise InputError("--with 用于积分晋圈淘汰，不用于团体赛", "--with is for a qualifying Swiss, not for a team event")
    if args.teams:
        raise InputError("--teams 用于队员总分制（个人赛文件）；团体赛直接用 xlxq standings（台次成绩加 --boards）",
                         "--teams is for 队员总分制 (an individual file); a team file: xlxq standings [--boards]")
    from xlxq.core.standings import table_round

    if args.round is not None:
        _round_arg(event, args.round)
    tr = table_round(event, args.round)        # as far as the results go (issue 8 §6)
    after = tr.after
    if args.boards:
        per_board = board_standings(event, after)
        if args.json:
            import json

            data = {"kind": "team", "system": s.system, "after_round": after,
                    "board_ranking": {"by": s.board_ranking, "min_games": s.board_min_games},
                    "boards": {str(k): [_nums(r.to_dict()) for r in rows] for k, rows in per_board.items()}}
            sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
            return 0
        title = tr.title("台次成绩", "Board results", _lang())
        if s.name:
            title += f"  {s.name}"
        lines = [title]
        header = _t("名次 序号 姓名 队名 局数 胜 和 负 得分 得分率 犯规",
                    "Rank No Name Team Games W D L Points Pct Fouls").split()
        for k, rows in per_board.items():
            lines.append(_t(f"第{k}台", f"Board {k}"))
            table = [[r.rank if r.rank is not None else "—", r.no, r.name, r.team, r.games, r.wins, r.draws,
                      r.losses, _fmt(r.points), f"{r.percentage * 100:.1f}%", r.fouls] for r in rows]
            lines += ["  " + ln for ln in _table(header, table, [True, True, False, False] + [True] * 7)]
            if not rows:
                lines.append(_t("  （尚无对局）", "  (no games yet)"))
        if s.board_min_games:
            lines.append(_t(f"不足{s.board_min_games}局者列在最后，不排名次（—）",
                            f"fewer than {s.board_min_games} games: listed last, unranked (—)"))
        _print(*lines)
        return 0
    rows = compute_team_standings(event, after)
    keys = resolve_team_tiebreaks(s.tiebreaks, s.system)
    if args.json:
        import json

        data = {"kind": "team", "system": s.system, "after_round": after, "in_progress": tr.in_progress,
                "score": keys[0],
                "tiebreak_order": keys, "standings": [_nums(r.to_dict()) for r in rows]}
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    labels = LABELS_EN if _lang() == "en" else LABELS_ZH
    shown = [k for k in keys if k != "back_rounds"]
    shown += [k for k in ("match_points", "game_points") if k not in shown]
    header = _t("名次 队序号 队名", "Rank No Team").split() + [labels[k] for k in shown] + [_t("场次", "Matches")]
    table = []
    for r in rows:
        name = r.name + (_t("（退赛）", " (withdrawn)") if r.withdrawn else "")
        table.append([r.rank, r.no, name] + [_fmt(r.values[k]) for k in shown] + [r.matches + r.byes])
    title = tr.title(f"{_team_system_label(s.system)}名次表", f"{_team_system_label(s.system)} standings", _lang())
    if s.name:
        title += f"  {s.name}"
    _print(title, *_table(header, table, [True, True, False] + [True] * (len(shown) + 1)))
    order = _t("、", ", ").join(labels[k] for k in keys)
    _print(_t(f"名次计算顺序：{order}", f"ranking order: {order}"))
    return 0


def _standings_member_total(event, args) -> int:
    """队员总分制: the teams (单位) ranked by their members' results."""
    from xlxq.backends.team_json import MemberTotalOptions
    from xlxq.core.member_total import member_total_standings
    from xlxq.errors import InputError

    if event.settings.system == "knockout":
        raise InputError("队员总分制（--teams）只用于积分编排和循环赛", "--teams (队员总分制) is for a Swiss or a round robin")
    mt = getattr(event.settings, "member_total", None) or MemberTotalOptions()
    after = _round_arg(event, args.round) if args.round is not None else None
    rows = member_total_standings(event, mt.by, mt.best, mt.incomplete, after_round=after)
    if _is_rr(event):
        shown_after = after if after is not None else _last_played(event)
        when = _t(f"第{shown_after}轮后", f"after round {shown_after}")
    else:
        from xlxq.core.standings import table_round

        tr = table_round(event, after)             # as the individual table counts it (issue 8 §6)
        shown_after, when = tr.after, tr.label(_lang())
    if args.json:
        import json

        data = {"kind": "member_total", "by": mt.by, "best": mt.best, "incomplete": mt.incomplete,
                "after_round": shown_after, "standings": [_nums(r.to_dict()) for r in rows]}
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    by = _t("积分总和", "points") if mt.by == "points" else _t("名次总和（小者列前）", "placings (lower first)")
    best = _t(f"每队计前{mt.best}名", f"best {mt.best} a team") if mt.best else _t("每队全部队员", "every member")
    title = _t(f"队员总分制团体名次（{when}；按{by}，{best}）",
               f"Team ranking by members' results ({when}; by {by}, {best})")
    if event.settings.name:
        title += f"  {event.settings.name}"
    header = _t("名次 队名 计入人数 积分和 名次和 最好名次 计入队员（个人名次）",
                "Rank Team Counted Points Placings Best Members(rank)").split()
    table = []
    for r in rows:
        members = _t("、", ", ").join(_t(f"{no}号{event.player(no).name}（第{rk}名）", f"{no} {event.player(no).name} ({rk})")
                                     for no, rk, _ in r.counted)
        team = r.team + ("" if r.complete else _t("（人数不足）", " (short)"))
        table.append([r.rank if r.rank is not None else "—", team, len(r.counted), _fmt(r.points), r.placings,
                      r.best_placing, members])
    _print(title, *_table(header, table, [True, False, True, True, True, True, False]))
    return 0


def _team_words(line: str) -> str:
    """The individual 编排记录 in team words: 7号 → 7队, 红/黑 → 先走/后走."""
    import re

    line = re.sub(r"(\d)号", r"\1队", line)
    line = re.sub(r"(\d) 号", r"\1 队", line)
    line = re.sub(r"分，(\d+) 人", r"分，\1 队", line)
    line = re.sub(r"：红 (\d+) 黑 (\d+)（", r"：先走 \1 后走 \2（", line)
    return line.replace("排在最后一台", "排在最后").replace("按胜局计分", "按胜一场计分")


def _team_explain(event, args) -> int:
    from xlxq.core.explain import group_record
    from xlxq.core.team_pairing import pair_team_round

    s = event.settings
    n = _round_arg(event, args.round, allow_next=True)
    prior = _prior(event, n)
    lines = [_t(f"第{n}轮编排记录（{s.name or '赛事'}）", f"Round {n} record ({s.name or 'event'})"),
             _t(f"{_team_system_label(s.system)}：{len(event.teams)}队，每场{s.boards}台",
                f"{_team_system_label(s.system)}: {len(event.teams)} teams, {s.boards} boards a match")]
    if s.system == "scheveningen":
        from xlxq.core.scheveningen import format_schedule, schedule

        a, b = sorted(event.teams, key=lambda t: t.no)
        lines.append(_t(f"全队轮赛制：A方 {a.name}（{a.no}队）、B方 {b.name}（{b.no}队）各{s.boards}人；每名队员与对方每名队员"
                        f"各赛一局；A方台次固定，B方轮转；每轮两队执红数相等（单数人数时相差一），每人先后走相差不超过一、"
                        f"不连走三先或三后（docs/teams.md §6）",
                        f"Scheveningen: A = {a.name} ({a.no}), B = {b.name} ({b.no}), {s.boards} a side; each player "
                        f"meets each opponent once; A's boards fixed, B rotates; colours balanced"))
        lines.append(_t("A方：", "A: ") + _t("、", ", ").join(f"A{i}={no} {event.player(no).name}"
                                                            for i, no in enumerate(a.players[:s.boards], 1)))
        lines.append(_t("B方：", "B: ") + _t("、", ", ").join(f"B{i}={no} {event.player(no).name}"
                                                            for i, no in enumerate(b.players[:s.boards], 1)))
        row = format_schedule(schedule(s.boards)).splitlines()[n - 1].split(": ", 1)[1]
        lines.append(_t(f"秩序表第{n}轮（前者执红）：{row}", f"table round {n} (first listed has red): {row}"))
        out = pair_team_round(prior, n)
    elif s.system in RR_SYSTEMS:
        out = pair_team_round(prior, n)
        lines.append(_t("团体循环赛：按棋规循环赛秩序表，表号 i = 第 i 小的队序号；号次在前的队先走（单数台执红）；"
                        "双循环第二循环先后走互换；队数为单数时与虚设号相遇者轮空",
                        "team round robin: the rulebook's table, table number i = the i-th smallest team number; "
                        "the team listed first goes first (red on odd boards)"))
        lines += [_t(f"注：{x}", f"note: {x}") for x in out.notes]
    else:
        out = pair_team_round(prior, n)
        lines.append(_t(f"以队为单位定位编排（与个人赛同一引擎）：积分 = {_team_score_label(event)}；“先” = 先走队"
                        f"（单数台执红、双数台执黑），“后” = 后走队；N队 = 队序号",
                        f"the teams are paired as players are (the same engine): score = "
                        f"{_team_score_label(event)}; 先/red = the team that goes first (red on odd boards)"))
        lines += [_t(f"注：{x}", f"note: {x}") for x in out.notes]
        if n == 1:
            method = {"adjacent": "近号配对", "fold": "首尾配对", "slide": "对半交叉配对",
                      "random": "随机配对"}[s.first_round]
            lines.append(_t(f"第一轮：按队序号{method}；单数场次小号先走、双数场次大号先走（方法(一)）",
                            f"round 1: {s.first_round} by team number; odd matches the smaller number first"))
        else:
            parity = "单轮次：小号在前" if n % 2 else "双轮次：大号在前"
            lines.append(_t(f"定位编排，{parity}；同分先按方法(二)定先编者，按方法(三)配对，按方法(四)定先后走",
                            "定位编排 (see docs/pairing.md), groups below"))
            names = {t.no: f"（{t.name}）" for t in event.teams}
            for g in out.groups:
                lines += [_team_words(x) for x in group_record(g.search, g.result, g.incoming, n, names)]
    lines.append(_t("对阵：", "matches:"))
    for m in out.round.matches:
        first = "" if s.system == "scheveningen" else _t("（先走）", " (first)")
        lines.append(_t(f"  第{m.match}场  {_tname(event, m.first)}{first} — {_tname(event, m.second)}",
                        f"  match {m.match}  {_tname(event, m.first)}{first} — {_tname(event, m.second)}"))
        if s.system == "scheveningen":
            for b in m.boards:
                lines.append(_t(f"    第{b.board}台  {b.red} {event.player(b.red).name}（红） — "
                                f"{b.black} {event.player(b.black).name}（黑）",
                                f"    board {b.board}  {b.red} {event.player(b.red).name} (red) — "
                                f"{b.black} {event.player(b.black).name} (black)"))
    for no in out.round.byes:
        lines.append(_t(f"  轮空  {_tname(event, no)}", f"  bye  {_tname(event, no)}"))
    have = next((r for r in event.rounds if r.round == n), None)
    if have is not None:
        mine = {(m.first, m.second) for m in out.round.matches}
        theirs = {(m.first, m.second) for m in have.matches}
        if mine != theirs or sorted(out.round.byes) != sorted(have.byes):
            lines.append(_t("注意：文件中的本轮对阵与引擎编排不同（可能经人工调整，或此前各轮结果已改动），详见 xlxq check",
                            "note: the round in the file differs from the engine's (edited by hand, or earlier "
                            "results changed since); see xlxq check"))
    _print(*lines)
    return 0


def _team_check(event, args) -> int:
    from xlxq.core.colours import after as colour_after
    from xlxq.core.checks import bye_warning
    from xlxq.core.team_pairing import build_team_cards, pair_team_round, pairable_teams
    from xlxq.errors import XlxqError

    s = event.settings
    n = _round_arg(event, args.round)
    rnd = event.get_round(n)
    issues: list[tuple[str, str, str]] = []
    verdict = None
    nm = lambda no: _tname(event, no)  # noqa: E731
    if s.system == "scheveningen":
        from xlxq.core.scheveningen import scheveningen_round

        want = {b.board: b for m in scheveningen_round(event, n).matches for b in m.boards}
        for m in rnd.matches:
            for b in m.boards:
                w = want.get(b.board)
                if w is not None and (w.red, w.black) != (b.red, b.black):
                    issues.append(("error", f"第{n}轮第{b.board}台：秩序表为 {w.red}（红）— {w.black}，文件中为 "
                                            f"{b.red}（红）— {b.black}",
                                   f"round {n} board {b.board}: the table has {w.red} (red) v {w.black}, "
                                   f"the file {b.red} v {b.black}"))
        verdict = _t(f"与全队轮赛制秩序表第{n}轮{'不符' if issues else '一致'}",
                     f"{'differs from' if issues else 'identical to'} table round {n}")
    elif s.system in RR_SYSTEMS:
        want = pair_team_round(_prior(event, n), n).round
        have_pairs = {frozenset(m.teams()): m for m in rnd.matches}
        want_pairs = {frozenset(m.teams()): m for m in want.matches}
        for key, m in want_pairs.items():
            h = have_pairs.get(key)
            if h is None:
                issues.append(("error", f"秩序表第{n}轮应有 {nm(m.first)} — {nm(m.second)}，文件中没有此场",
                               f"table round {n} has {m.first} v {m.second}; the file does not"))
            elif h.first != m.first:
                issues.append(("warning", f"第{n}轮第{h.match}场：按秩序表 {nm(m.first)} 先走，文件中 {nm(h.first)} 先走",
                               f"round {n} match {h.match}: the table has {m.first} first, the file {h.first}"))
        for key, m in have_pairs.items():
            if key not in want_pairs:
                issues.append(("error", f"第{n}轮第{m.match}场 {nm(m.first)} — {nm(m.second)} 不是秩序表第{n}轮的对阵",
                               f"round {n} match {m.match}: {m.first} v {m.second} is not in table round {n}"))
        if sorted(rnd.byes) != sorted(want.byes):
            issues.append(("error", f"第{n}轮轮空：秩序表为 {'、'.join(map(str, want.byes)) or '无'}，"
                                    f"文件中为 {'、'.join(map(str, rnd.byes)) or '无'}",
                           f"round {n} byes: the table has {want.byes or 'none'}, the file {rnd.byes or 'none'}"))
        verdict = _t(f"与团体循环赛秩序表第{n}轮{'不符' if any(i[0] == 'error' for i in issues) else '相符'}",
                     f"{'differs from' if any(i[0] == 'error' for i in issues) else 'matches'} table round {n}")
    else:
        cards = build_team_cards(event, n)
        expected = set(pairable_teams(event, n))
        seen: set[int] = set()
        for m in rnd.matches:
            seen.update(m.teams())
            if m.second in cards[m.first].opponents:
                issues.append(("error", f"第{n}轮第{m.match}场：{nm(m.first)}与{nm(m.second)}已相遇过（原则(六)，不得重复相遇）",
                               f"round {n} match {m.match}: teams {m.first} and {m.second} have already met"))
            for t, col in ((m.first, "R"), (m.second, "B")):
                c = cards[t]
                d, st = colour_after(c, col)
                word = _t("先走" if col == "R" else "后走", "first" if col == "R" else "second")
                if abs(st) >= 3 and abs(c.streak) < 3:
                    issues.append(("warning", f"第{n}轮第{m.match}场：{nm(t)}连续三轮{word}（原则(十一)）",
                                   f"round {n} match {m.match}: team {t} goes {word} a third time in a row"))
                if abs(d) >= 3 and abs(c.diff) < 3:
                    issues.append(("warning", f"第{n}轮第{m.match}场：{nm(t)}{word}比{'后走' if col == 'R' else '先走'}"
                                              f"多三轮（原则(十一)）",
                                   f"round {n} match {m.match}: team {t} reaches three more {word} than not"))
        for t in rnd.byes:
            seen.add(t)
            if cards[t].byes:
                issues.append(("error", f"第{n}轮：{nm(t)}已轮空过，不应再轮空", f"round {n}: team {t} already had a bye"))
            if n > 1 and rnd.matches:
                in_round = sorted({x for m in rnd.matches for x in m.teams()} | set(rnd.byes))
                zh, en = bye_warning(cards, in_round, t, nm, nm)
                if zh:
                    issues.append(("warning", f"第{n}轮：{zh}", f"round {n}: {en}"))
        if len(rnd.byes) > 1:
            issues.append(("error", f"第{n}轮有{len(rnd.byes)}个轮空，最多一个", f"round {n} has {len(rnd.byes)} byes"))
        for t in sorted(expected - seen):
            issues.append(("error", f"第{n}轮：{nm(t)}未被编排", f"round {n}: team {t} is not paired"))
        for t in sorted(seen - expected):
            issues.append(("error", f"第{n}轮：{nm(t)}自第{event.team(t).withdrawn_from_round}轮起退赛，却被编排",
                           f"round {n}: team {t} has withdrawn but is paired"))
        try:
            mine = pair_team_round(_prior(event, n), n).round
        except XlxqError as exc:
            verdict = _t(f"引擎无法编排此轮，未作比较：{exc.message()}", f"the engine cannot pair this round: {exc.message()}")
        else:
            want = {frozenset(m.teams()): m for m in mine.matches}
            have = {frozenset(m.teams()): m for m in rnd.matches}
            diffs = []
            for key, m in want.items():
                if key not in have:
                    diffs.append(_t(f"引擎编排第{m.match}场 {m.first}-{m.second}（先走-后走），文件中没有此场",
                                    f"the engine pairs match {m.match} {m.first}-{m.second}; the file does not"))
                elif have[key].first != m.first:
                    diffs.append(_t(f"{m.first}-{m.second}：引擎 {m.first} 队先走，文件中 {have[key].first} 队先走",
                                    f"{m.first}-{m.second}: the engine has {m.first} first, the file {have[key].first}"))
            for key, m in have.items():
                if key not in want:
                    diffs.append(_t(f"文件第{m.match}场 {m.first}-{m.second} 不是引擎的配对",
                                    f"match {m.match} {m.first}-{m.second} of the file is not the engine's"))
            if sorted(mine.byes) != sorted(rnd.byes):
                diffs.append(_t(f"轮空：引擎 {mine.byes or '无'}，文件 {rnd.byes or '无'}",
                                f"bye: the engine {mine.byes or 'none'}, the file {rnd.byes or 'none'}"))
            if diffs:
                verdict = "\n".join([_t("与引擎编排的差异（以当前各轮结果重新编排）：", "Differences from the engine's pairing:")]
                                    + [f"  {d}" for d in diffs])
            else:
                verdict = _t("与引擎编排一致", "identical to the engine's pairing")
    for m in rnd.matches:
        if not m.boards:
            issues.append(("warning", f"第{n}轮第{m.match}场（{nm(m.first)} — {nm(m.second)}）尚无出场名单",
                           f"round {n} match {m.match}: no line-ups yet"))
    from xlxq.systems.base import report_of

    _print(*report_of(n, issues, None, _lang()).lines(_lang()))
    if s.system == "scheveningen":
        _print(_t("每台各一名两队队员，由秩序表定先后：读取时已检查", "one player of each team on every board: checked on reading"))
    else:
        _print(_t(f"台次先后（先走队单数台执红、双数台执黑）与出场名单（{_lineup_label(s.lineup)}）：读取时已检查，符合",
                  f"board colours (first team red on odd boards) and line-ups ({_lineup_label(s.lineup)}): "
                  f"checked on reading, valid"))
    if verdict:
        _print(verdict)
    return 1 if any(level == "error" for level, _, _ in issues) else 0


def _team_fill(event, rnd, seed: int) -> list[tuple[int, int]]:
    """Random results for the unfinished boards of ``rnd`` (in place)."""
    import random

    from xlxq.core.simulate import RESULT_WEIGHTS

    results, weights = zip(*RESULT_WEIGHTS)
    rng = random.Random(f"{seed}-{rnd.round}")
    done = []
    for m in rnd.matches:
        for b in m.boards:
            if b.result is None:
                b.result = rng.choices(results, weights)[0]
                done.append((m.match, b.board))
    return done


def _seat_open(event):
    """Seat (default line-ups) every match that has none yet."""
    from xlxq.core.teams import set_lineups

    if event.settings.system == "scheveningen":
        return event
    for r in list(event.rounds):
        if any(not m.boards for m in r.matches):
            event = set_lineups(event, r.round, _withdrawn_vacant(event, r))
    return event


def _team_limit(event) -> int:
    s = event.settings
    if s.system in RR_SYSTEMS:
        from xlxq.core.team_pairing import team_rr_round_count

        return min(s.rounds, team_rr_round_count(event))
    if s.system == "scheveningen":
        return min(s.rounds, s.boards)
    return s.rounds


def _team_simulate(event, args) -> int:
    from collections import Counter

    from xlxq.errors import InputError

    if args.rounds is not None and args.rounds < 1:
        raise InputError(f"--rounds 应为正整数：{args.rounds}", f"--rounds must be positive: {args.rounds}")
    limit = _team_limit(event)
    lines: list[str] = []
    changed = False

    def fill(rnd) -> None:
        nonlocal changed
        done = _team_fill(event, rnd, args.seed)
        if not done:
            return
        changed = True
        picked = set(done)
        c = Counter(b.result for m in rnd.matches for b in m.boards if (m.match, b.board) in picked)
        lines.append(_t(f"第{rnd.round}轮：随机填写{len(done)}台结果（红胜{c['red_win']}，和{c['draw']}，黑胜{c['black_win']}）",
                        f"round {rnd.round}: {len(done)} random results "
                        f"({c['red_win']} red wins, {c['draw']} draws, {c['black_win']} black wins)"))

    seated = _seat_open(event)
    if seated is not event:
        event, changed = seated, True
    if len(event.rounds) >= limit and args.rounds is not None:
        for rnd in [r for r in event.rounds if any(b.result is None for m in r.matches for b in m.boards)][:args.rounds]:
            fill(rnd)
    else:
        done = 0
        while args.rounds is None or done < args.rounds:
            for rnd in event.rounds:
                fill(rnd)
            if len(event.rounds) >= limit:
                break
            event, out = _pair_seat(event)
            changed = True
            done += 1
            bye = "、".join(f"{n}队" for n in out.round.byes) or _t("无", "none")
            lines.append(_t(f"第{out.round.round}轮：已编排{len(out.round.matches)}场，轮空 {bye}",
                            f"round {out.round.round}: paired {len(out.round.matches)} matches, bye {bye}"))
        if args.rounds is None or len(event.rounds) >= limit:
            for rnd in event.rounds:
                fill(rnd)
    if not changed:
        _print(_t("所有轮次均已编排并有结果，无需模拟", "every round is paired and finished; nothing to simulate"))
        return 0
    _checked(event)
    _save(event, args.file)
    _print(*lines)
    finished = all(b.result is not None for r in event.rounds for m in r.matches for b in m.boards)
    if finished and len(event.rounds) >= limit:
        from xlxq.core.team_standings import compute_team_standings

        top = compute_team_standings(event)[:3]
        _print(_t("模拟结果前三名：", "simulated top three: ")
               + _t("；", "; ").join(_t(f"{r.rank}. {r.name} 场分 {_fmt(r.match_points)} 局分 {_fmt(r.game_points)}",
                                         f"{r.rank}. {r.name} {_fmt(r.match_points)} match pts "
                                         f"{_fmt(r.game_points)} game pts") for r in top))
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _team_schedule_rounds(event):
    """Every round of a team round robin or a 全队轮赛制 at once, seated."""
    from dataclasses import replace

    ev = replace(event, rounds=[])
    for r in range(1, _team_limit(event) + 1):
        ev, _ = _pair_seat(ev, r)
    return ev


def _team_schedule_lines(event) -> list[str]:
    lines = []
    for rnd in event.rounds:
        if event.settings.system == "scheveningen":
            cells = [f"{b.board}. {b.red} {event.player(b.red).name} — {b.black} {event.player(b.black).name}"
                     for m in rnd.matches for b in m.boards]
        else:
            cells = [f"{m.match}. {m.first} {event.team(m.first).name} — {m.second} {event.team(m.second).name}"
                     for m in rnd.matches]
        cells += [_t(f"轮空 {no} {event.team(no).name}", f"bye {no} {event.team(no).name}") for no in rnd.byes]
        lines.append(_t(f"第{rnd.round}轮：", f"round {rnd.round}: ") + _t("；", "; ").join(cells))
    return lines


def _team_schedule(event, args) -> int:
    from xlxq.core.teams import vacant_result
    from xlxq.errors import InputError

    s = event.settings
    if s.system not in RR_SYSTEMS and s.system != "scheveningen":
        raise InputError("xlxq schedule 只用于团体循环赛和全队轮赛制；积分编排团体赛请用 xlxq pair 逐轮编排",
                         "xlxq schedule is for team round robins and Scheveningen matches; a team Swiss: xlxq pair")
    if event.rounds:
        done = [(r.round, m.match, b.board) for r in event.rounds for m in r.matches for b in m.boards
                if (b.result is not None and vacant_result(b.red, b.black) is None) or b.fouls_red or b.fouls_black]
        if done:
            r, m, b = done[0]
            raise InputError(f"第{r}轮第{m}场第{b}台已有结果，不能重新生成全部轮次（共{len(done)}台已录入结果）",
                             f"round {r} match {m} board {b} already has a result ({len(done)} boards recorded): "
                             f"the rounds cannot be made again")
        if not args.force:
            raise InputError(f"文件中已有{len(event.rounds)}轮（尚无结果），如要按秩序表重新生成全部轮次，加 --force",
                             f"the file already has {len(event.rounds)} round(s) (no results yet); use --force")
    ev = _team_schedule_rounds(event)
    _checked(ev)
    _save(ev, args.file)
    what = _t(f"{len(ev.teams)}队{_team_system_label(s.system)}", f"{_team_system_label(s.system)} of {len(ev.teams)} teams")
    _print(_t(f"已生成{what}全部{len(ev.rounds)}轮（按秩序表，出场名单按报名顺序默认）",
              f"made all {len(ev.rounds)} rounds of the {what} (from the table, default line-ups)"))
    _print(*_team_schedule_lines(ev))
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _member_total_numbering(players, args):
    """队员总分制 numbering (docs/teams.md §7): team-mates split between the
    halves, round 1 without team-mates where possible."""
    from xlxq.core.member_total import number_members

    numbering = args.numbering or "odd_even"
    order = "draw" if args.draw is not None else "rating"
    return number_members(players, numbering=numbering, order=order, seed=args.draw), numbering


# --------------------------------------------------------------------------
# parser and main
# --------------------------------------------------------------------------

SYSTEM_CHOICES = ["swiss", "round_robin", "double_round_robin", "knockout"]


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="xlxq", description="象棋赛事编排与成绩：积分编排（中国象棋协会定位编排法）、循环赛、淘汰赛及组合赛制")
    sub = p.add_subparsers(dest="command", metavar="命令", parser_class=_Parser)
    sub.required = True

    s = sub.add_parser("new", help="从报名表新建赛事文件", description="从报名表（CSV 或 Excel）新建 JSON 赛事文件")
    s.add_argument("file", metavar="FILE", help="要创建的赛事文件（.json）")
    s.add_argument("--players", metavar="报名表", help="个人赛报名表 .csv 或 .xlsx（姓名、单位、等级分、种子…）")
    s.add_argument("--teams", metavar="团体报名表",
                   help="团体赛报名表 .csv 或 .xlsx，每行一名队员：队名、姓名，可选 台次、替补、等级分（示例 samples/teams.csv）")
    s.add_argument("--system", default="swiss", choices=SYSTEM_CHOICES + ["scheveningen"],
                   help="赛制：swiss 积分编排（默认）、round_robin 单循环、double_round_robin 双循环、knockout 淘汰赛；"
                        "团体赛另有 scheveningen 全队轮赛制（两队）")
    s.add_argument("--rounds", type=int, metavar="R",
                   help="轮数（积分编排默认 7，人数少时取能编排的最大轮数；循环赛、淘汰赛由人数算出，可省略）")
    s.add_argument("--games-per-match", dest="games_per_match", type=int, metavar="G",
                   help="循环赛、淘汰赛每场局数（两局制 = 2；默认 1）")
    s.add_argument("--name", metavar="N", help="赛事名称（默认取文件名）")
    s.add_argument("--first-round", dest="first_round", default=None,
                   choices=["adjacent", "fold", "slide", "random"],
                   help="积分编排第一轮配对：adjacent 近号（默认）、fold 首尾、slide 对半交叉、random 随机")
    s.add_argument("--seed", type=int, metavar="S", help="第一轮随机配对的随机种子（random 时不给则自动选取并记入文件）")
    s.add_argument("--draw", type=int, metavar="SEED", help="抽签定序号的随机种子（种子选手不参加抽签）")
    s.add_argument("--tiebreaks", metavar="PRESET",
                   help="名次计算方法：预设名或逗号分隔的项目（默认：积分编排 cxa2011-opp；循环赛 cxa2011-rr，"
                        "两局制 cxa2011-rr-match；末位淘汰 seed001-cumulative）")
    s.add_argument("--eliminate", action="append", metavar="X:Y",
                   help="积分末位淘汰：第X轮后未得Y分者不再编排（可重复）")
    s.add_argument("--playoff-games", dest="playoff_games", metavar="2,1",
                   help="淘汰赛战平后的加赛局数，逗号分隔，末项重复（默认 2）")
    s.add_argument("--armageddon", action="store_true", help="淘汰赛加赛后仍平则一局决胜，和棋判黑方胜")
    s.add_argument("--boards", type=int, metavar="K", help="团体赛每场台数 2–10（全队轮赛制：每队人数）")
    s.add_argument("--lineup", metavar="FORMAT",
                   help="团体赛出场方式：fixed_boards 分台定人制（默认）、fixed_order 分台换人制、per_round 临时定台制（中文名亦可）")
    s.add_argument("--pair-by", dest="pair_by", choices=["match_points", "game_points", "场分", "局分"],
                   help="积分编排团体赛的编排依据：match_points 场分（默认）或 game_points 局分")
    s.add_argument("--match-scoring", dest="match_scoring", metavar="W/D/L",
                   help="团体赛场分：胜/和/负，默认 2/1/0，如 3/1/0；主客和棋不同：3/1:2/0")
    s.add_argument("--member-total", dest="member_total", action="store_true",
                   help="队员总分制：个人赛（--players，单位 = 队），同队队员分在上下半区编号，另按队员成绩排团体名次")
    s.add_argument("--best", type=int, metavar="N", help="队员总分制：每队计前N名队员（默认全部）")
    s.add_argument("--by", choices=["points", "placings"], help="队员总分制：points 积分总和（默认）或 placings 名次总和")
    s.add_argument("--numbering", choices=["odd_even", "halves"],
                   help="队员总分制编号：odd_even 上半区单号、下半区双号（默认，首轮近号）或 halves 上下半区（首轮对半交叉）")
    s.add_argument("--incomplete", choices=["last", "drop", "count"],
                   help="队员总分制：人数不足N的队 last 列在最后（默认）、drop 不列、count 照常计算")
    s.add_argument("--force", action="store_true", help="覆盖已存在的文件")
    s.set_defaults(func=cmd_new)

    s = sub.add_parser("lineup", help="团体赛：报出场名单（换人、临时定台）",
                       description="团体赛：某队某轮的出场名单（第1台起的序号或姓名，0 = 空台），按出场方式检查后重新入座；"
                                   "不给 --players 则恢复默认名单")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.add_argument("--team", required=True, metavar="T", help="队序号或队名")
    s.add_argument("--players", metavar="a,b,c,d", help="第1台起的出场队员：序号或姓名，逗号分隔；0 = 空台")
    s.set_defaults(func=cmd_lineup)

    s = sub.add_parser("pair", help="编排下一轮并保存", description="编排下一轮，写入文件，显示对阵表")
    s.add_argument("file", metavar="FILE")
    s.set_defaults(func=cmd_pair)

    s = sub.add_parser("schedule", help="循环赛：一次生成全部轮次",
                       description="按棋规循环赛秩序表一次生成全部轮次（生成循环赛对阵）；已有轮次时须加 --force，且尚无任何结果")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--force", action="store_true", help="重新生成已有的轮次（仅当尚无任何结果时）")
    s.set_defaults(func=cmd_schedule)

    s = sub.add_parser("standings", help="名次表", description="计算名次：积分编排、循环赛（14.1/14.2）、淘汰赛名次")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出")
    s.add_argument("--round", type=int, metavar="N", help="计算到第N轮（默认：最后一轮）")
    s.add_argument("--with", dest="with_swiss", metavar="SWISS.json",
                   help="积分晋圈淘汰：FILE 为淘汰赛，SWISS.json 为积分赛，输出最终名次")
    s.add_argument("--boards", action="store_true", help="团体赛：台次成绩（各台队员成绩）")
    s.add_argument("--teams", action="store_true", help="队员总分制：按队员成绩的团体名次")
    s.set_defaults(func=cmd_standings)

    s = sub.add_parser("crosstable", help="循环赛交叉表", description="循环赛交叉表：每名棋手对每个对手各局所得分")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出")
    s.add_argument("--round", type=int, metavar="N", help="计算到第N轮（默认：全部）")
    s.set_defaults(func=cmd_crosstable)

    s = sub.add_parser("explain", help="编排记录", description="显示某一轮的编排过程（编排记录、秩序表、淘汰赛对阵）")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_explain)

    s = sub.add_parser("check", help="检查一轮的编排",
                       description="检查一轮：积分编排按编排原则并与引擎比较；循环赛与秩序表比较；淘汰赛与对阵比较；有错误时退出码为 1")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_check)

    s = sub.add_parser("simulate", help="随机模拟比赛（试编）",
                       description="随机填写未完成的结果并继续编排（淘汰赛含加赛），用于试编演练；结果写入文件")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--seed", type=int, required=True, metavar="S", help="随机种子（第n轮结果用 Random(\"S-n\")）")
    s.add_argument("--rounds", type=int, metavar="K",
                   help="再编排K轮（默认：编排到最后一轮并填写其结果；已全部编排的循环赛：填写K轮结果）")
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("qualify", help="积分晋圈淘汰：由积分赛前K名生成淘汰赛文件",
                       description="积分晋圈淘汰制：按积分赛名次取前K名（种子 = 积分赛名次）生成淘汰赛文件")
    s.add_argument("swiss", metavar="SWISS.json", help="已结束的积分赛文件")
    s.add_argument("knockout", metavar="KNOCKOUT.json", nargs="?", help="要创建的淘汰赛文件（工作簿：省略则在原工作簿中进行）")
    s.add_argument("--top", type=int, required=True, metavar="K", help="晋级人数（2 = 前两名决赛）")
    s.add_argument("--on-tie", dest="on_tie", default="error", choices=["error", "number"],
                   help="第K名与第K+1名完全并列时：error 报错（默认，按规程处理），number 按序号取舍")
    s.add_argument("--round", type=int, metavar="N", help="按第N轮后的名次晋级（默认：全部轮次，积分赛须已结束）")
    s.add_argument("--games-per-match", dest="games_per_match", type=int, default=1, metavar="G",
                   help="淘汰赛每场局数（默认 1）")
    s.add_argument("--playoff-games", dest="playoff_games", metavar="2,1", help="战平后的加赛局数（默认 2）")
    s.add_argument("--armageddon", action="store_true", help="加赛后仍平则一局决胜，和棋判黑方胜")
    s.add_argument("--name", metavar="N", help="淘汰赛名称（默认：积分赛名称 + 淘汰赛）")
    s.add_argument("--force", action="store_true", help="覆盖已存在的淘汰赛文件")
    s.set_defaults(func=cmd_qualify)

    s = sub.add_parser("demo", help="生成演示工作簿", description="生成演示用的 Excel 工作簿（xlxq.workbook）")
    s.add_argument("dir", nargs="?", metavar="DIR", help="输出文件夹")
    s.add_argument("--teams", action="store_true", help="团体赛演示工作簿（8队，团体积分编排）")
    s.set_defaults(func=cmd_demo)

    # Excel buttons: set-up and doctor (xlxq/excel_setup.py)
    s = sub.add_parser("excel-setup", help="设置本机的 Excel 按钮（装好 xlxq 后运行一次）",
                       description="把本 Python 写入 xlwings 的用户设置，Mac 上安装 AppleScript，检查 Excel 的宏设置和模板")
    s.add_argument("--force", action="store_true", help="覆盖已有的不同设置")
    s.add_argument("--workbook", metavar="FILE", help="同时检查这个工作簿（.xlsm）")
    s.set_defaults(func=lambda a: _excel_setup().run_setup(a.force, a.workbook, _lang()))
    s = sub.add_parser("doctor", help="诊断 Excel 按钮的环境", description="显示按钮所依赖的一切（可拍照发给维护者）")
    s.add_argument("workbook", nargs="?", metavar="FILE", help="工作簿（.xlsm）")
    s.set_defaults(func=lambda a: _excel_setup().run_doctor(a.workbook, _lang()))
    return p


def _excel_setup():  # lazy: only these two commands need it
    import xlxq.excel_setup

    return xlxq.excel_setup


def _utf8_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[attr-defined]
        except (AttributeError, ValueError, OSError):
            pass


def _error(msg: str) -> int:
    line = " ".join(str(msg).split())
    sys.stderr.write(f"{_t('错误：', 'error: ')}{line}\n")
    return 2


def main(argv: Optional[Sequence[str]] = None) -> int:
    _utf8_streams()
    parser = build_parser()
    args = parser.parse_args(argv)
    from xlxq.errors import XlxqError

    try:
        return int(args.func(args) or 0)
    except XlxqError as exc:
        return _error(exc.message())
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except OSError as exc:
        name = exc.filename or ""
        return _error(_t(f"无法读写文件 {name}：{exc.strerror or exc}", f"cannot access {name}: {exc.strerror or exc}"))
    except Exception as exc:  # never a traceback for an arbiter
        if os.environ.get("XLXQ_DEBUG"):
            raise
        return _error(_t(f"程序内部错误（{type(exc).__name__}: {exc}），设置 XLXQ_DEBUG=1 可看详细信息",
                         f"internal error ({type(exc).__name__}: {exc}); set XLXQ_DEBUG=1 for details"))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
