"""``xlxq simulate``: random results and pairing on (a dry run written to
the file), for individual and team files.

Standard library at import; the engines are imported inside the command
(start-up time).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import RR_SYSTEMS, echo, fmt, txt, who
from xlxq.cli.workbooks import book_command

__all__ = ["cmd_simulate", "add_parser"]


def cmd_simulate(args: argparse.Namespace) -> int:
    from xlxq.operations.source import BookSource, open_source

    src = open_source(args.file)
    if isinstance(src, BookSource):
        return book_command("simulate", src, args)  # not for workbooks: says so
    return (_team_simulate if src.team else _simulate)(src.event, args)


def _simulate(event, args) -> int:
    from collections import Counter
    from dataclasses import replace

    from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN
    from xlxq.core.pairing import pair_round
    from xlxq.errors import InputError
    from xlxq.operations.source import save

    s = event.settings
    system = s.system
    if args.rounds is not None and args.rounds < 1:
        raise InputError(f"--rounds 应为正整数：{args.rounds}", f"--rounds must be positive: {args.rounds}")
    if system in RR_SYSTEMS:
        from xlxq.core.roundrobin import rr_round_count, table_players

        limit = min(
            s.rounds, rr_round_count(len(table_players(event)), system == "double_round_robin", s.games_per_match)
        )
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
        lines.append(
            txt(
                f"第{rnd.round}轮：随机填写{len(missing)}台结果（红胜{c[RED_WIN]}，和{c[DRAW]}，黑胜{c[BLACK_WIN]}）",
                f"round {rnd.round}: {len(missing)} random results "
                f"({c[RED_WIN]} red wins, {c[DRAW]} draws, {c[BLACK_WIN]} black wins)",
            )
        )

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
        for rnd in [r for r in event.rounds if not r.finished][: args.rounds]:
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
            bye = "、".join(f"{n}号" for n in out.round.byes) or txt("无", "none")
            stage = ""
            if system == "knockout" and out.notes:
                stage = txt(f"（{out.notes[0].split('（')[0]}）", f" ({out.notes[0].split('（')[0]})")
            lines.append(
                txt(
                    f"第{out.round.round}轮：已编排{len(out.round.boards)}台{stage}，轮空 {bye}",
                    f"round {out.round.round}: paired {len(out.round.boards)} boards{stage}, bye {bye}",
                )
            )
        if args.rounds is None or (system != "knockout" and len(event.rounds) >= limit):
            fill_open()
    if not changed:
        echo(txt("所有轮次均已编排并有结果，无需模拟", "every round is paired and finished; nothing to simulate"))
        return 0
    if event.settings.rounds != raised_from:
        lines.append(
            txt(
                f"加赛使轮数超过计划，赛事轮数 rounds 由{raised_from}调整为{event.settings.rounds}",
                f"play-offs went beyond the planned rounds; event rounds raised from {raised_from} "
                f"to {event.settings.rounds}",
            )
        )
    save(event, args.file)
    echo(*lines)
    if event.rounds and all(r.finished for r in event.rounds) and not can_pair():
        echo(_simulated_summary(event))
    echo(txt(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _simulated_summary(event) -> str:
    system = event.settings.system
    if system == "knockout":
        from xlxq.core.knockout import build_bracket

        ch = build_bracket(event).champion
        champ = who(event, ch) if ch is not None else txt("无（决赛双方均弃权）", "none (double forfeit in the final)")
        return txt(f"模拟结果冠军：{champ}", f"simulated champion: {champ}")
    if system in RR_SYSTEMS:
        from xlxq.core.rr_standings import compute_rr_standings

        top = [r for r in compute_rr_standings(event) if r.rank is not None][:3]
    else:
        from xlxq.core.standings import compute_standings

        top = compute_standings(event)[:3]
    return txt("模拟结果前三名：", "simulated top three: ") + txt("；", "; ").join(
        f"{r.rank}. {r.no} {r.name} {fmt(r.score)}" + txt("分", "") for r in top
    )


def _fill_random(rnd, seed: int) -> list[int]:
    """Random results for the unfinished boards of ``rnd`` (in place);
    returns their board numbers."""
    import random

    from xlxq.core.simulate import fill_results

    missing = [b.board for b in rnd.boards if b.result is None]
    if missing:
        fill_results(rnd, random.Random(f"{seed}-{rnd.round}"))
    return missing


def _team_simulate(event, args) -> int:
    from xlxq.operations.source import checked, save
    from xlxq.operations.team import pair_seat, team_limit
    from collections import Counter

    from xlxq.errors import InputError

    if args.rounds is not None and args.rounds < 1:
        raise InputError(f"--rounds 应为正整数：{args.rounds}", f"--rounds must be positive: {args.rounds}")
    limit = team_limit(event)
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
        lines.append(
            txt(
                f"第{rnd.round}轮：随机填写{len(done)}台结果（红胜{c['red_win']}，和{c['draw']}，黑胜{c['black_win']}）",
                f"round {rnd.round}: {len(done)} random results "
                f"({c['red_win']} red wins, {c['draw']} draws, {c['black_win']} black wins)",
            )
        )

    seated = _seat_open(event)
    if seated is not event:
        event, changed = seated, True
    if len(event.rounds) >= limit and args.rounds is not None:
        for rnd in [r for r in event.rounds if any(b.result is None for m in r.matches for b in m.boards)][
            : args.rounds
        ]:
            fill(rnd)
    else:
        done = 0
        while args.rounds is None or done < args.rounds:
            for rnd in event.rounds:
                fill(rnd)
            if len(event.rounds) >= limit:
                break
            event, out = pair_seat(event)
            changed = True
            done += 1
            bye = "、".join(f"{n}队" for n in out.round.byes) or txt("无", "none")
            lines.append(
                txt(
                    f"第{out.round.round}轮：已编排{len(out.round.matches)}场，轮空 {bye}",
                    f"round {out.round.round}: paired {len(out.round.matches)} matches, bye {bye}",
                )
            )
        if args.rounds is None or len(event.rounds) >= limit:
            for rnd in event.rounds:
                fill(rnd)
    if not changed:
        echo(txt("所有轮次均已编排并有结果，无需模拟", "every round is paired and finished; nothing to simulate"))
        return 0
    checked(event)
    save(event, args.file)
    echo(*lines)
    finished = all(b.result is not None for r in event.rounds for m in r.matches for b in m.boards)
    if finished and len(event.rounds) >= limit:
        from xlxq.core.team_standings import compute_team_standings

        top = compute_team_standings(event)[:3]
        echo(
            txt("模拟结果前三名：", "simulated top three: ")
            + txt("；", "; ").join(
                txt(
                    f"{r.rank}. {r.name} 场分 {fmt(r.match_points)} 局分 {fmt(r.game_points)}",
                    f"{r.rank}. {r.name} {fmt(r.match_points)} match pts {fmt(r.game_points)} game pts",
                )
                for r in top
            )
        )
    echo(txt(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


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
    from xlxq.operations.team import withdrawn_vacant

    if event.settings.system == "scheveningen":
        return event
    for r in list(event.rounds):
        if any(not m.boards for m in r.matches):
            event = set_lineups(event, r.round, withdrawn_vacant(event, r))
    return event


def add_parser(sub) -> None:
    s = sub.add_parser(
        "simulate",
        help="随机模拟比赛（试编）",
        description="随机填写未完成的结果并继续编排（淘汰赛含加赛），用于试编演练；结果写入文件",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--seed", type=int, required=True, metavar="S", help='随机种子（第n轮结果用 Random("S-n")）')
    s.add_argument(
        "--rounds",
        type=int,
        metavar="K",
        help="再编排K轮（默认：编排到最后一轮并填写其结果；已全部编排的循环赛：填写K轮结果）",
    )
    s.set_defaults(func=cmd_simulate)
