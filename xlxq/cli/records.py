"""``xlxq explain`` (the 编排记录 of a round) and ``xlxq check`` (a round
against the rules and the engine), for individual and team files.

Standard library at import; the systems and the team core are imported
inside the commands (start-up time).
"""

from __future__ import annotations

import argparse

from xlxq.cli.files import event_before, round_arg
from xlxq.cli.output import RR_SYSTEMS, echo, language, txt, write_json
from xlxq.cli.team import lineup_label, tname
from xlxq.cli.workbooks import on_file

__all__ = ["cmd_explain", "cmd_check", "add_parser"]


def cmd_explain(args: argparse.Namespace) -> int:
    return on_file("explain", args, _explain, _team_explain)


def _explain(event, args) -> int:
    from xlxq.core.record_text import record_lines
    from xlxq.systems import get_system

    n = round_arg(event, args.round, allow_next=True)
    rec = get_system(event.settings.system).record(event, n)
    if getattr(args, "json", False):
        write_json(rec.data())
    else:
        echo(*record_lines(rec, language()))
    return 0


def _team_explain(event, args) -> int:
    from xlxq.core.record_text import record_lines
    from xlxq.core.team_record import team_round_record

    n = round_arg(event, args.round, allow_next=True)
    rec = team_round_record(event, n)
    if getattr(args, "json", False):
        write_json(rec.data())
    else:
        echo(*record_lines(rec, language()))
    return 0


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
    s.add_argument("--json", action="store_true", help="以 JSON 输出编排记录的各步（JSON 赛事文件）")
    s.set_defaults(func=cmd_explain)

    s = sub.add_parser(
        "check",
        help="检查一轮的编排",
        description="检查一轮：积分编排按编排原则并与引擎比较；循环赛与秩序表比较；淘汰赛与对阵比较；有错误时退出码为 1",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_check)
