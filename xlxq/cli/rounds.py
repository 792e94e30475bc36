"""``xlxq pair`` (the next round, its 对阵表) and ``xlxq schedule`` (every
round of a round robin or 全队轮赛制 at once), for individual and team files.

Standard library at import; the engines are imported inside the commands
(start-up time: ``xlxq pair`` on 1000 players).
"""

from __future__ import annotations

import argparse

from xlxq.cli.files import checked, save
from xlxq.cli.new import plan_warnings
from xlxq.cli.output import echo, fmt, language, players_by_no, system_label, system_of, txt, who
from xlxq.cli.team import (
    lineup_label,
    pair_seat,
    team_round_lines,
    team_schedule_lines,
    team_schedule_rounds,
    team_score_label,
    team_scores,
    team_system_label,
)
from xlxq.cli.workbooks import on_file

__all__ = ["cmd_pair", "cmd_schedule", "round1_lines", "add_parser"]


def cmd_pair(args: argparse.Namespace) -> int:
    return on_file("pair", args, _pair, _team_pair)


def _pair(event, args) -> int:
    from dataclasses import replace

    from xlxq.core.pairing import pair_round
    from xlxq.report import eliminated_after, ko_pairing_lines, pairing_lines, rr_score_label

    s = event.settings
    raised = None
    if system_of(s).knockout and event.next_round > s.rounds:
        # 加赛 goes beyond the planned rounds: raise event.rounds with it
        # (docs/knockout.md §3), so that the file stays readable
        raised = s.rounds
        event = replace(event, settings=replace(s, rounds=event.next_round))
    out = pair_round(event)
    new = event.with_round(out.round)
    save(new, args.file)
    if system_of(s).knockout:
        echo(*ko_pairing_lines(event, out.round, language()))
    elif system_of(s).round_robin:
        echo(
            *pairing_lines(
                new,
                out.round,
                _rr_scores(event),
                language(),
                rr_score_label(event, language()),
                txt("（循环赛轮空，不计分）", " (round-robin bye, no points)"),
            )
        )
    else:
        scores = {no: c.score for no, c in out.cards.items()}
        echo(*pairing_lines(new, out.round, scores, language()))
    for note in out.notes:
        echo(txt(f"说明：{note}", f"note: {note}"))
    if system_of(s).swiss and out.round.round == 1:
        echo(*round1_lines(len(out.round.players()), s.rounds))
    if raised is not None:
        echo(
            txt(
                f"说明：加赛使轮数超过计划，赛事轮数 rounds 由{raised}调整为{new.settings.rounds}",
                f"note: play-offs go beyond the planned rounds; event rounds raised from {raised} "
                f"to {new.settings.rounds}",
            )
        )
    out_now = {no: x for no, x in eliminated_after(event, out.round.round).items() if x == out.round.round - 1}
    if out_now:
        y = min(v for x, v in s.pairing.elimination if x == out.round.round - 1)
        echo(
            txt(
                f"说明：积分末位淘汰，第{out.round.round - 1}轮后未得{fmt(y)}分，不再编排：",
                f"note: elimination, under {fmt(y)} after round {out.round.round - 1}, no longer paired: ",
            )
            + txt("、", ", ").join(who(event, no) for no in sorted(out_now))
        )
    echo(txt(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def round1_lines(n: int, rounds: int, team: bool = False) -> list[str]:
    """What the round-1 message of a Swiss adds: the plan's warnings and an
    odd field's note (原则(一))."""
    from xlxq.core.checks import odd_field_note

    odd = odd_field_note(n, team)
    return plan_warnings(n, rounds, team) + ([txt(f"说明：{odd[0]}", f"note: {odd[1]}")] if odd else [])


def _rr_scores(event) -> dict[int, float]:
    from xlxq.core.rr_standings import compute_rr_standings

    return {r.no: r.score for r in compute_rr_standings(event)}


def _team_pair(event, args) -> int:
    s = event.settings
    new, out = pair_seat(event)
    checked(new)
    save(new, args.file)
    if system_of(s).swiss:
        scores, label = {no: c.score for no, c in out.cards.items()}, team_score_label(event)
    else:
        scores, label = team_scores(event), txt("场分", "Match pts")
    echo(*team_round_lines(new, new.get_round(out.round.round), scores, label))
    for note in _merge_board_notes(out.notes):
        note = note.replace("本轮对它的比赛请按弃权录入", "本轮它的各台已按空台入座，记为弃权")
        echo(txt(f"说明：{note}", f"note: {note}"))
    if system_of(s).swiss and out.round.round == 1:
        echo(*round1_lines(len(out.round.teams()), s.rounds, team=True))
    if not system_of(s).seated_by_table:
        echo(
            txt(
                f"出场名单：按报名顺序默认（{lineup_label(s.lineup)}）；更换：xlxq lineup {args.file} "
                f"--round {out.round.round} --team 队 --players 序号,…",
                f"line-ups: the default of {lineup_label(s.lineup)}; to change one: xlxq lineup {args.file} "
                f"--round {out.round.round} --team T --players no,…",
            )
        )
    echo(txt(f"已保存到 {args.file}", f"saved to {args.file}"))
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
            out.append(key)  # placeholder, filled below
        merged[key].append(m.group(2))
    return [x if isinstance(x, str) else f"{x[0]}第{'、'.join(merged[x])}台{x[1]}" for x in out]


def cmd_schedule(args: argparse.Namespace) -> int:
    """Round robin: every round of the table at once (生成循环赛对阵)."""
    return on_file("schedule", args, _schedule, _team_schedule)


def _schedule(event, args) -> int:
    from dataclasses import replace

    from xlxq.core.roundrobin import pair_rr_round, rr_round_count, table_players
    from xlxq.errors import InputError

    s = event.settings
    if not system_of(s).round_robin:
        raise InputError(
            f"xlxq schedule 只用于循环赛（round_robin、double_round_robin），本赛事为"
            f"{system_label(s.system)}（{s.system}），请用 xlxq pair 逐轮编排",
            f"xlxq schedule is for round robins only; this event is {s.system} (use xlxq pair)",
        )
    if event.rounds:
        done = [
            (r.round, b.board)
            for r in event.rounds
            for b in r.boards
            if b.result is not None or b.fouls_red or b.fouls_black
        ]
        if done:
            r, b = done[0]
            raise InputError(
                f"第{r}轮第{b}台已有结果，不能重新生成全部轮次（共{len(done)}台已录入结果）；请用 xlxq pair 编排下一轮",
                f"round {r} board {b} already has a result ({len(done)} boards recorded): the rounds "
                f"cannot be made again; use xlxq pair for the next round",
            )
        if not args.force:
            raise InputError(
                f"文件中已有{len(event.rounds)}轮（尚无结果），如要按秩序表重新生成全部轮次，加 --force",
                f"the file already has {len(event.rounds)} round(s) (no results yet); "
                f"use --force to make every round again from the table",
            )
    double = system_of(s).double
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
    checked(ev)
    save(ev, args.file)
    by_no = players_by_no(ev)
    echo(
        txt(
            f"已生成{len(nos)}人{system_label(s.system, s.games_per_match)}全部{total}轮（按棋规循环赛秩序表）",
            f"made all {total} rounds of the {system_label(s.system, s.games_per_match)} of {len(nos)} players "
            f"(the rulebook's order table)",
        )
    )
    for rnd in ev.rounds:
        boards = txt("；", "; ").join(
            f"{b.board}. {b.red} {by_no[b.red].name} — {b.black} {by_no[b.black].name}" for b in rnd.boards
        )
        bye = "".join(txt(f"；轮空 {no} {by_no[no].name}", f"; bye {no} {by_no[no].name}") for no in rnd.byes)
        echo(txt(f"第{rnd.round}轮：", f"round {rnd.round}: ") + boards + bye)
    for note in notes:
        echo(txt(f"说明：{note}", f"note: {note}"))
    echo(txt(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _team_schedule(event, args) -> int:
    from xlxq.core.teams import vacant_result
    from xlxq.errors import InputError

    s = event.settings
    if not system_of(s).fixed_rounds:
        raise InputError(
            "xlxq schedule 只用于团体循环赛和全队轮赛制；积分编排团体赛请用 xlxq pair 逐轮编排",
            "xlxq schedule is for team round robins and Scheveningen matches; a team Swiss: xlxq pair",
        )
    if event.rounds:
        done = [
            (r.round, m.match, b.board)
            for r in event.rounds
            for m in r.matches
            for b in m.boards
            if (b.result is not None and vacant_result(b.red, b.black) is None) or b.fouls_red or b.fouls_black
        ]
        if done:
            r, m, b = done[0]
            raise InputError(
                f"第{r}轮第{m}场第{b}台已有结果，不能重新生成全部轮次（共{len(done)}台已录入结果）",
                f"round {r} match {m} board {b} already has a result ({len(done)} boards recorded): "
                f"the rounds cannot be made again",
            )
        if not args.force:
            raise InputError(
                f"文件中已有{len(event.rounds)}轮（尚无结果），如要按秩序表重新生成全部轮次，加 --force",
                f"the file already has {len(event.rounds)} round(s) (no results yet); use --force",
            )
    ev = team_schedule_rounds(event)
    checked(ev)
    save(ev, args.file)
    what = txt(
        f"{len(ev.teams)}队{team_system_label(s.system)}", f"{team_system_label(s.system)} of {len(ev.teams)} teams"
    )
    echo(
        txt(
            f"已生成{what}全部{len(ev.rounds)}轮（按秩序表，出场名单按报名顺序默认）",
            f"made all {len(ev.rounds)} rounds of the {what} (from the table, default line-ups)",
        )
    )
    echo(*team_schedule_lines(ev))
    echo(txt(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def add_parser(sub) -> None:
    s = sub.add_parser("pair", help="编排下一轮并保存", description="编排下一轮，写入文件，显示对阵表")
    s.add_argument("file", metavar="FILE")
    s.set_defaults(func=cmd_pair)

    s = sub.add_parser(
        "schedule",
        help="循环赛：一次生成全部轮次",
        description="按棋规循环赛秩序表一次生成全部轮次（生成循环赛对阵）；已有轮次时须加 --force，且尚无任何结果",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--force", action="store_true", help="重新生成已有的轮次（仅当尚无任何结果时）")
    s.set_defaults(func=cmd_schedule)
