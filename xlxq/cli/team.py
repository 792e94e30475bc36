"""Team events (团体赛: ``event.kind: "team"``, docs/teams.md): the pieces
every team command prints (labels, the registration, a match and its
boards, a round), pairing and seating a round, the whole table of a team
round robin or 全队轮赛制, and ``xlxq lineup`` (出场名单).

Standard library at import; the team core is imported inside the functions
(start-up time).
"""

from __future__ import annotations

import argparse
from typing import Optional

from xlxq.cli.files import checked, is_team, save
from xlxq.cli.output import RR_SYSTEMS, echo, fmt, language, text_table, txt
from xlxq.cli.workbooks import on_file

__all__ = [
    "RESULT_ZH",
    "RESULT_EN",
    "team_system_label",
    "lineup_label",
    "tname",
    "team_score_label",
    "team_table",
    "seat_cells",
    "match_lines",
    "team_round_lines",
    "withdrawn_vacant",
    "pair_seat",
    "team_scores",
    "team_limit",
    "team_schedule_rounds",
    "team_schedule_lines",
    "cmd_lineup",
    "add_parser",
]


RESULT_ZH = {
    "red_win": "红胜",
    "black_win": "黑胜",
    "draw": "和",
    "red_win_forfeit": "红胜（黑方弃权）",
    "black_win_forfeit": "黑胜（红方弃权）",
    "double_forfeit": "双方弃权",
}


RESULT_EN = {
    "red_win": "1-0",
    "black_win": "0-1",
    "draw": "draw",
    "red_win_forfeit": "1-0 (forfeit)",
    "black_win_forfeit": "0-1 (forfeit)",
    "double_forfeit": "double forfeit",
}


def team_system_label(system: str) -> str:
    from xlxq.core.records import team_system_name

    return team_system_name(system, language())


def lineup_label(lineup: str) -> str:
    from xlxq.core.teams import LINEUP_NAMES

    en = {"fixed_boards": "fixed boards", "fixed_order": "fixed order", "per_round": "line-up each round"}
    return txt(LINEUP_NAMES.get(lineup, lineup), en.get(lineup, lineup))


def tname(event, no: int) -> str:
    t = event.team(no)
    return txt(f"{t.name}（{no}队）", f"{t.name} ({no})")


def _result_label(result: Optional[str]) -> str:
    if result is None:
        return ""
    return txt(RESULT_ZH.get(result, result), RESULT_EN.get(result, result))


def team_score_label(event) -> str:
    if event.settings.pair_by == "game_points" and event.settings.system == "swiss":
        return txt("局分", "Game pts")
    return txt("场分", "Match pts")


def team_table(event) -> list[str]:
    """The registration: each team's 主力 by board, then its 替补."""
    k = event.settings.boards
    header = (
        txt("队序号 队名", "No Team").split()
        + [txt(f"第{i}台", f"Board {i}") for i in range(1, k + 1)]
        + [txt("替补", "Reserves")]
    )
    rows = []
    for t in event.teams:
        cells = [f"{no} {event.player(no).name}" for no in t.players[:k]]
        res = []
        for no in t.players[k:]:
            cell = f"{no} {event.player(no).name}"
            if no in t.reserve_boards:
                cell += txt(f"（第{t.reserve_boards[no]}台）", f" (board {t.reserve_boards[no]})")
            res.append(cell)
        rows.append([t.no, t.name] + cells + [txt("、", ", ").join(res)])
    return text_table(header, rows, [True, False] + [False] * (k + 1))


def seat_cells(event, no: int) -> tuple[str, str, str]:
    from xlxq.core.teams import VACANT

    if no == VACANT:
        return "—", txt("（空台）", "(empty)"), ""
    p = event.player(no)
    t = event.team_of(no)
    return str(no), p.name, event.team(t).name if t is not None else p.unit


def match_lines(event, m, scores: Optional[dict] = None, label: str = "") -> list[str]:
    """A match: its headline and its boards."""
    a, b = tname(event, m.first), tname(event, m.second)
    if scores is not None:
        a += f" {label} {fmt(scores.get(m.first, 0))}"
        b += f" {label} {fmt(scores.get(m.second, 0))}"
    lines = [txt(f"第{m.match}场  {a} — {b}", f"Match {m.match}  {a} — {b}")]
    if not m.boards:
        lines.append(txt("  （尚无出场名单）", "  (no line-ups yet)"))
        return lines
    with_results = any(x.result is not None for x in m.boards)
    header = txt("台次 序号 红方 队名 序号 黑方 队名", "Board No Red Team No Black Team").split()
    if with_results:
        header.append(txt("结果", "Result"))
    rows = []
    for x in m.boards:
        row = [x.board, *seat_cells(event, x.red), *seat_cells(event, x.black)]
        if with_results:
            row.append(_result_label(x.result))
        rows.append(row)
    right = [True, True, False, False, True, False, False] + ([False] if with_results else [])
    lines += ["  " + ln for ln in text_table(header, rows, right)]
    return lines


def team_round_lines(
    event, rnd, scores: Optional[dict] = None, label: str = "", title: Optional[str] = None
) -> list[str]:
    s = event.settings
    if title is None:
        title = txt(f"第{rnd.round}轮对阵表", f"Round {rnd.round} pairings")
        if s.name:
            title += f"  {s.name}"
    lines = [title]
    if s.system != "scheveningen":
        lines.append(txt("先走队单数台执红、双数台执黑", "the first team has red on odd boards, black on even boards"))
    for m in rnd.matches:
        lines += match_lines(event, m, scores, label)
    for no in rnd.byes:
        sc = s.scoring
        if s.system == "swiss":
            why = txt(
                f"按胜一场计：场分 {fmt(sc.bye_match())}、局分 {fmt(sc.bye_games(s.boards))}（原则(五)）",
                f"counts as a won match: {fmt(sc.bye_match())} match points, {fmt(sc.bye_games(s.boards))} game points",
            )
        else:
            why = txt("循环赛轮空，不计分", "round-robin bye, no points")
        sc_txt = f" {label} {fmt(scores.get(no, 0))}" if scores is not None else ""
        lines.append(txt(f"轮空：{tname(event, no)}{sc_txt}（{why}）", f"Bye: {tname(event, no)}{sc_txt} ({why})"))
    return lines


def withdrawn_vacant(event, rnd) -> dict:
    """Line-ups of empty seats for the withdrawn teams of a round robin
    round: their matches are forfeited board by board."""
    from xlxq.core.teams import VACANT

    k = event.settings.boards
    return {t: [VACANT] * k for m in rnd.matches for t in m.teams() if not event.team(t).active_in(rnd.round)}


def pair_seat(event, round_no: Optional[int] = None):
    """Pair the next round (or ``round_no``), append it and seat it: default
    line-ups, empty seats for withdrawn teams (round robin), the table for
    全队轮赛制."""
    from xlxq.core.team_pairing import pair_team_round
    from xlxq.core.teams import set_lineups

    out = pair_team_round(event, round_no)
    ev = event.with_round(out.round)
    if event.settings.system != "scheveningen":
        ev = set_lineups(ev, out.round.round, withdrawn_vacant(ev, out.round))
    return ev, out


def team_scores(event) -> dict:
    from xlxq.core.team_standings import compute_team_standings

    return {r.no: r.match_points for r in compute_team_standings(event)}


def team_limit(event) -> int:
    s = event.settings
    if s.system in RR_SYSTEMS:
        from xlxq.core.team_pairing import team_rr_round_count

        return min(s.rounds, team_rr_round_count(event))
    if s.system == "scheveningen":
        return min(s.rounds, s.boards)
    return s.rounds


def team_schedule_rounds(event):
    """Every round of a team round robin or a 全队轮赛制 at once, seated."""
    from dataclasses import replace

    ev = replace(event, rounds=[])
    for r in range(1, team_limit(event) + 1):
        ev, _ = pair_seat(ev, r)
    return ev


def team_schedule_lines(event) -> list[str]:
    lines = []
    for rnd in event.rounds:
        if event.settings.system == "scheveningen":
            cells = [
                f"{b.board}. {b.red} {event.player(b.red).name} — {b.black} {event.player(b.black).name}"
                for m in rnd.matches
                for b in m.boards
            ]
        else:
            cells = [
                f"{m.match}. {m.first} {event.team(m.first).name} — {m.second} {event.team(m.second).name}"
                for m in rnd.matches
            ]
        cells += [txt(f"轮空 {no} {event.team(no).name}", f"bye {no} {event.team(no).name}") for no in rnd.byes]
        lines.append(txt(f"第{rnd.round}轮：", f"round {rnd.round}: ") + txt("；", "; ").join(cells))
    return lines


def cmd_lineup(args: argparse.Namespace) -> int:
    """团体赛出场名单: set (or reset to the default) one team's line-up in a
    round already paired; checked by the event's line-up format."""
    return on_file("lineup", args, _lineup)


def _lineup(event, args) -> int:
    from xlxq.core.teams import default_lineup, set_lineups, vacant_result
    from xlxq.errors import InputError

    if not is_team(event):
        raise InputError(
            'xlxq lineup 只用于团体赛文件（event.kind: "team"）', 'xlxq lineup is for team files (event.kind: "team")'
        )
    s = event.settings
    if s.system == "scheveningen":
        raise InputError(
            "全队轮赛制的出场顺序由秩序表决定，不能另报出场名单",
            "a Scheveningen match is seated from its table; line-ups cannot be changed",
        )
    last = len(event.rounds)
    n = args.round if args.round is not None else last
    if n < 1 or n > last:
        if last and n == last + 1 or (not last and n in (0, 1)):
            raise InputError(
                f"第{max(n, 1)}轮尚未编排：先用 xlxq pair 编排，再报出场名单（编排时已按默认名单入座）",
                f"round {max(n, 1)} is not paired yet: pair it with xlxq pair first",
            )
        raise InputError(
            f"轮次 --round {n} 无效：文件中有{last}轮", f"invalid --round {n}: the file has {last} round(s)"
        )
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
        if (
            ob.result is not None
            and vacant_result(ob.red, ob.black) is None
            and (ob.red, ob.black) != (nb.red, nb.black)
        ):
            raise InputError(
                f"第{n}轮 {team.name}（{team.no}队） 第{ob.board}台已有结果（{RESULT_ZH.get(ob.result)}），"
                f"不能更换出场队员；如确需更换，请先清除该台结果",
                f"round {n}, team {team.name} ({team.no}), board {ob.board} already has a result: "
                f"its players cannot be changed (clear the result first)",
            )
    checked(new)
    save(new, args.file)
    seated = [b.red if m_new.side(team.no, b) == "R" else b.black for b in m_new.boards]
    who = txt("、", ", ").join(f"{k}.{seat_cells(new, no)[1]}" for k, no in enumerate(seated, start=1))
    echo(
        txt(
            f"第{n}轮 {team.name}（{team.no}队）出场名单（{lineup_label(s.lineup)}）：{who}",
            f"round {n}, team {team.name} ({team.no}) line-up ({lineup_label(s.lineup)}): {who}",
        )
    )
    echo(*match_lines(new, m_new))
    echo(txt(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def _find_team(event, spec: str):
    from xlxq.errors import InputError

    spec = str(spec).strip()
    key = spec[:-1] if spec.endswith("队") and spec[:-1].isdigit() else spec
    if key.isdigit() and int(key) in {t.no for t in event.teams}:
        return event.team(int(key))
    hits = [t for t in event.teams if t.name == spec]
    if len(hits) == 1:
        return hits[0]
    raise InputError(
        f"没有这支队伍：{spec}（可用队序号或队名：{'、'.join(f'{t.no} {t.name}' for t in event.teams)}）",
        f"no team {spec!r} (give a team number or name)",
    )


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
                raise InputError(
                    f"第{round_no}轮 {team.name}（{team.no}队） 第{k}台：没有名为“{item}”的报名棋手",
                    f"round {round_no}, team {team.name} ({team.no}), board {k}: no registered player named {item!r}",
                )
    return out


def add_parser(sub) -> None:
    s = sub.add_parser(
        "lineup",
        help="团体赛：报出场名单（换人、临时定台）",
        description="团体赛：某队某轮的出场名单（第1台起的序号或姓名，0 = 空台），按出场方式检查后重新入座；"
        "不给 --players 则恢复默认名单",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.add_argument("--team", required=True, metavar="T", help="队序号或队名")
    s.add_argument("--players", metavar="a,b,c,d", help="第1台起的出场队员：序号或姓名，逗号分隔；0 = 空台")
    s.set_defaults(func=cmd_lineup)
