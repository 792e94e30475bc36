"""``xlxq explain`` (the 编排记录 of a round) and ``xlxq check`` (a round
against the rules and the engine), for individual and team files.

Standard library at import; the systems and the team core are imported
inside the commands (start-up time).
"""

from __future__ import annotations

import argparse

from xlxq.cli.files import event_before, round_arg
from xlxq.cli.output import RR_SYSTEMS, echo, language, txt
from xlxq.cli.team import lineup_label, team_score_label, team_system_label, tname
from xlxq.cli.workbooks import on_file

__all__ = ["cmd_explain", "cmd_check", "add_parser"]


def cmd_explain(args: argparse.Namespace) -> int:
    return on_file("explain", args, _explain, _team_explain)


def _explain(event, args) -> int:
    from xlxq.systems import get_system

    n = round_arg(event, args.round, allow_next=True)
    echo(*get_system(event.settings.system).explain(event, n, language()))
    return 0


def _team_explain(event, args) -> int:
    from xlxq.core.explain import group_record
    from xlxq.core.team_pairing import pair_team_round

    s = event.settings
    n = round_arg(event, args.round, allow_next=True)
    prior = event_before(event, n)
    lines = [
        txt(f"第{n}轮编排记录（{s.name or '赛事'}）", f"Round {n} record ({s.name or 'event'})"),
        txt(
            f"{team_system_label(s.system)}：{len(event.teams)}队，每场{s.boards}台",
            f"{team_system_label(s.system)}: {len(event.teams)} teams, {s.boards} boards a match",
        ),
    ]
    if s.system == "scheveningen":
        from xlxq.core.scheveningen import format_schedule, schedule

        a, b = sorted(event.teams, key=lambda t: t.no)
        lines.append(
            txt(
                f"全队轮赛制：A方 {a.name}（{a.no}队）、B方 {b.name}（{b.no}队）各{s.boards}人；每名队员与对方每名队员"
                f"各赛一局；A方台次固定，B方轮转；每轮两队执红数相等（单数人数时相差一），每人先后走相差不超过一、"
                f"不连走三先或三后（docs/teams.md §6）",
                f"Scheveningen: A = {a.name} ({a.no}), B = {b.name} ({b.no}), {s.boards} a side; each player "
                f"meets each opponent once; A's boards fixed, B rotates; colours balanced",
            )
        )
        lines.append(
            txt("A方：", "A: ")
            + txt("、", ", ").join(
                f"A{i}={no} {event.player(no).name}" for i, no in enumerate(a.players[: s.boards], 1)
            )
        )
        lines.append(
            txt("B方：", "B: ")
            + txt("、", ", ").join(
                f"B{i}={no} {event.player(no).name}" for i, no in enumerate(b.players[: s.boards], 1)
            )
        )
        row = format_schedule(schedule(s.boards)).splitlines()[n - 1].split(": ", 1)[1]
        lines.append(txt(f"秩序表第{n}轮（前者执红）：{row}", f"table round {n} (first listed has red): {row}"))
        out = pair_team_round(prior, n)
    elif s.system in RR_SYSTEMS:
        out = pair_team_round(prior, n)
        lines.append(
            txt(
                "团体循环赛：按棋规循环赛秩序表，表号 i = 第 i 小的队序号；号次在前的队先走（单数台执红）；"
                "双循环第二循环先后走互换；队数为单数时与虚设号相遇者轮空",
                "team round robin: the rulebook's table, table number i = the i-th smallest team number; "
                "the team listed first goes first (red on odd boards)",
            )
        )
        lines += [txt(f"注：{x}", f"note: {x}") for x in out.notes]
    else:
        out = pair_team_round(prior, n)
        lines.append(
            txt(
                f"以队为单位定位编排（与个人赛同一引擎）：积分 = {team_score_label(event)}；“先” = 先走队"
                f"（单数台执红、双数台执黑），“后” = 后走队；N队 = 队序号",
                f"the teams are paired as players are (the same engine): score = "
                f"{team_score_label(event)}; 先/red = the team that goes first (red on odd boards)",
            )
        )
        lines += [txt(f"注：{x}", f"note: {x}") for x in out.notes]
        if n == 1:
            method = {"adjacent": "近号配对", "fold": "首尾配对", "slide": "对半交叉配对", "random": "随机配对"}[
                s.first_round
            ]
            lines.append(
                txt(
                    f"第一轮：按队序号{method}；单数场次小号先走、双数场次大号先走（方法(一)）",
                    f"round 1: {s.first_round} by team number; odd matches the smaller number first",
                )
            )
        else:
            parity = "单轮次：小号在前" if n % 2 else "双轮次：大号在前"
            lines.append(
                txt(
                    f"定位编排，{parity}；同分先按方法(二)定先编者，按方法(三)配对，按方法(四)定先后走",
                    "定位编排 (see docs/pairing.md), groups below",
                )
            )
            names = {t.no: f"（{t.name}）" for t in event.teams}
            for g in out.groups:
                lines += [_team_words(x) for x in group_record(g.search, g.result, g.incoming, n, names)]
    lines.append(txt("对阵：", "matches:"))
    for m in out.round.matches:
        first = "" if s.system == "scheveningen" else txt("（先走）", " (first)")
        lines.append(
            txt(
                f"  第{m.match}场  {tname(event, m.first)}{first} — {tname(event, m.second)}",
                f"  match {m.match}  {tname(event, m.first)}{first} — {tname(event, m.second)}",
            )
        )
        if s.system == "scheveningen":
            for b in m.boards:
                lines.append(
                    txt(
                        f"    第{b.board}台  {b.red} {event.player(b.red).name}（红） — "
                        f"{b.black} {event.player(b.black).name}（黑）",
                        f"    board {b.board}  {b.red} {event.player(b.red).name} (red) — "
                        f"{b.black} {event.player(b.black).name} (black)",
                    )
                )
    for no in out.round.byes:
        lines.append(txt(f"  轮空  {tname(event, no)}", f"  bye  {tname(event, no)}"))
    have = next((r for r in event.rounds if r.round == n), None)
    if have is not None:
        mine = {(m.first, m.second) for m in out.round.matches}
        theirs = {(m.first, m.second) for m in have.matches}
        if mine != theirs or sorted(out.round.byes) != sorted(have.byes):
            lines.append(
                txt(
                    "注意：文件中的本轮对阵与引擎编排不同（可能经人工调整，或此前各轮结果已改动），详见 xlxq check",
                    "note: the round in the file differs from the engine's (edited by hand, or earlier "
                    "results changed since); see xlxq check",
                )
            )
    echo(*lines)
    return 0


def _team_words(line: str) -> str:
    """The individual 编排记录 in team words: 7号 → 7队, 红/黑 → 先走/后走."""
    import re

    line = re.sub(r"(\d)号", r"\1队", line)
    line = re.sub(r"(\d) 号", r"\1 队", line)
    line = re.sub(r"分，(\d+) 人", r"分，\1 队", line)
    line = re.sub(r"：红 (\d+) 黑 (\d+)（", r"：先走 \1 后走 \2（", line)
    return line.replace("排在最后一台", "排在最后").replace("按胜局计分", "按胜一场计分")


def cmd_check(args: argparse.Namespace) -> int:
    return on_file("check", args, _check, _team_check)


def _check(event, args) -> int:
    from xlxq.systems import get_system

    n = round_arg(event, args.round)
    report = get_system(event.settings.system).check(event, n, language())
    echo(*report.lines(language()))
    return 1 if report.errors else 0


def _team_check(event, args) -> int:
    from xlxq.core.colours import after as colour_after
    from xlxq.core.checks import bye_warning
    from xlxq.core.team_pairing import build_team_cards, pair_team_round, pairable_teams
    from xlxq.errors import XlxqError

    s = event.settings
    n = round_arg(event, args.round)
    rnd = event.get_round(n)
    issues: list[tuple[str, str, str]] = []
    verdict = None
    nm = lambda no: tname(event, no)  # noqa: E731
    if s.system == "scheveningen":
        from xlxq.core.scheveningen import scheveningen_round

        want = {b.board: b for m in scheveningen_round(event, n).matches for b in m.boards}
        for m in rnd.matches:
            for b in m.boards:
                w = want.get(b.board)
                if w is not None and (w.red, w.black) != (b.red, b.black):
                    issues.append(
                        (
                            "error",
                            f"第{n}轮第{b.board}台：秩序表为 {w.red}（红）— {w.black}，文件中为 "
                            f"{b.red}（红）— {b.black}",
                            f"round {n} board {b.board}: the table has {w.red} (red) v {w.black}, "
                            f"the file {b.red} v {b.black}",
                        )
                    )
        verdict = txt(
            f"与全队轮赛制秩序表第{n}轮{'不符' if issues else '一致'}",
            f"{'differs from' if issues else 'identical to'} table round {n}",
        )
    elif s.system in RR_SYSTEMS:
        want = pair_team_round(event_before(event, n), n).round
        have_pairs = {frozenset(m.teams()): m for m in rnd.matches}
        want_pairs = {frozenset(m.teams()): m for m in want.matches}
        for key, m in want_pairs.items():
            h = have_pairs.get(key)
            if h is None:
                issues.append(
                    (
                        "error",
                        f"秩序表第{n}轮应有 {nm(m.first)} — {nm(m.second)}，文件中没有此场",
                        f"table round {n} has {m.first} v {m.second}; the file does not",
                    )
                )
            elif h.first != m.first:
                issues.append(
                    (
                        "warning",
                        f"第{n}轮第{h.match}场：按秩序表 {nm(m.first)} 先走，文件中 {nm(h.first)} 先走",
                        f"round {n} match {h.match}: the table has {m.first} first, the file {h.first}",
                    )
                )
        for key, m in have_pairs.items():
            if key not in want_pairs:
                issues.append(
                    (
                        "error",
                        f"第{n}轮第{m.match}场 {nm(m.first)} — {nm(m.second)} 不是秩序表第{n}轮的对阵",
                        f"round {n} match {m.match}: {m.first} v {m.second} is not in table round {n}",
                    )
                )
        if sorted(rnd.byes) != sorted(want.byes):
            issues.append(
                (
                    "error",
                    f"第{n}轮轮空：秩序表为 {'、'.join(map(str, want.byes)) or '无'}，"
                    f"文件中为 {'、'.join(map(str, rnd.byes)) or '无'}",
                    f"round {n} byes: the table has {want.byes or 'none'}, the file {rnd.byes or 'none'}",
                )
            )
        verdict = txt(
            f"与团体循环赛秩序表第{n}轮{'不符' if any(i[0] == 'error' for i in issues) else '相符'}",
            f"{'differs from' if any(i[0] == 'error' for i in issues) else 'matches'} table round {n}",
        )
    else:
        cards = build_team_cards(event, n)
        expected = set(pairable_teams(event, n))
        seen: set[int] = set()
        for m in rnd.matches:
            seen.update(m.teams())
            if m.second in cards[m.first].opponents:
                issues.append(
                    (
                        "error",
                        f"第{n}轮第{m.match}场：{nm(m.first)}与{nm(m.second)}已相遇过（原则(六)，不得重复相遇）",
                        f"round {n} match {m.match}: teams {m.first} and {m.second} have already met",
                    )
                )
            for t, col in ((m.first, "R"), (m.second, "B")):
                c = cards[t]
                d, st = colour_after(c, col)
                word = txt("先走" if col == "R" else "后走", "first" if col == "R" else "second")
                if abs(st) >= 3 and abs(c.streak) < 3:
                    issues.append(
                        (
                            "warning",
                            f"第{n}轮第{m.match}场：{nm(t)}连续三轮{word}（原则(十一)）",
                            f"round {n} match {m.match}: team {t} goes {word} a third time in a row",
                        )
                    )
                if abs(d) >= 3 and abs(c.diff) < 3:
                    issues.append(
                        (
                            "warning",
                            f"第{n}轮第{m.match}场：{nm(t)}{word}比{'后走' if col == 'R' else '先走'}"
                            f"多三轮（原则(十一)）",
                            f"round {n} match {m.match}: team {t} reaches three more {word} than not",
                        )
                    )
        for t in rnd.byes:
            seen.add(t)
            if cards[t].byes:
                issues.append(
                    ("error", f"第{n}轮：{nm(t)}已轮空过，不应再轮空", f"round {n}: team {t} already had a bye")
                )
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
            issues.append(
                (
                    "error",
                    f"第{n}轮：{nm(t)}自第{event.team(t).withdrawn_from_round}轮起退赛，却被编排",
                    f"round {n}: team {t} has withdrawn but is paired",
                )
            )
        try:
            mine = pair_team_round(event_before(event, n), n).round
        except XlxqError as exc:
            verdict = txt(
                f"引擎无法编排此轮，未作比较：{exc.message()}", f"the engine cannot pair this round: {exc.message()}"
            )
        else:
            want = {frozenset(m.teams()): m for m in mine.matches}
            have = {frozenset(m.teams()): m for m in rnd.matches}
            diffs = []
            for key, m in want.items():
                if key not in have:
                    diffs.append(
                        txt(
                            f"引擎编排第{m.match}场 {m.first}-{m.second}（先走-后走），文件中没有此场",
                            f"the engine pairs match {m.match} {m.first}-{m.second}; the file does not",
                        )
                    )
                elif have[key].first != m.first:
                    diffs.append(
                        txt(
                            f"{m.first}-{m.second}：引擎 {m.first} 队先走，文件中 {have[key].first} 队先走",
                            f"{m.first}-{m.second}: the engine has {m.first} first, the file {have[key].first}",
                        )
                    )
            for key, m in have.items():
                if key not in want:
                    diffs.append(
                        txt(
                            f"文件第{m.match}场 {m.first}-{m.second} 不是引擎的配对",
                            f"match {m.match} {m.first}-{m.second} of the file is not the engine's",
                        )
                    )
            if sorted(mine.byes) != sorted(rnd.byes):
                diffs.append(
                    txt(
                        f"轮空：引擎 {mine.byes or '无'}，文件 {rnd.byes or '无'}",
                        f"bye: the engine {mine.byes or 'none'}, the file {rnd.byes or 'none'}",
                    )
                )
            if diffs:
                verdict = "\n".join(
                    [txt("与引擎编排的差异（以当前各轮结果重新编排）：", "Differences from the engine's pairing:")]
                    + [f"  {d}" for d in diffs]
                )
            else:
                verdict = txt("与引擎编排一致", "identical to the engine's pairing")
    for m in rnd.matches:
        if not m.boards:
            issues.append(
                (
                    "warning",
                    f"第{n}轮第{m.match}场（{nm(m.first)} — {nm(m.second)}）尚无出场名单",
                    f"round {n} match {m.match}: no line-ups yet",
                )
            )
    from xlxq.systems.base import report_of

    echo(*report_of(n, issues, None, language()).lines(language()))
    if s.system == "scheveningen":
        echo(
            txt(
                "每台各一名两队队员，由秩序表定先后：读取时已检查",
                "one player of each team on every board: checked on reading",
            )
        )
    else:
        echo(
            txt(
                f"台次先后（先走队单数台执红、双数台执黑）与出场名单（{lineup_label(s.lineup)}）：读取时已检查，符合",
                f"board colours (first team red on odd boards) and line-ups ({lineup_label(s.lineup)}): "
                f"checked on reading, valid",
            )
        )
    if verdict:
        echo(verdict)
    return 1 if any(level == "error" for level, _, _ in issues) else 0


def add_parser(sub) -> None:
    s = sub.add_parser("explain", help="编排记录", description="显示某一轮的编排过程（编排记录、秩序表、淘汰赛对阵）")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_explain)

    s = sub.add_parser(
        "check",
        help="检查一轮的编排",
        description="检查一轮：积分编排按编排原则并与引擎比较；循环赛与秩序表比较；淘汰赛与对阵比较；有错误时退出码为 1",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_check)
