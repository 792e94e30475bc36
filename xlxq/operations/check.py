"""``check``: a round against the rules and the engine (docs/checks.md).
An individual event is checked by its pairing system
(``get_system(system).check``); a team event here (its format's table, the
principles of a team Swiss, the engine's pairing).  A workbook:
:func:`xlxq.workbook.check`.
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.checks import bye_warning
from xlxq.core.colours import after as colour_after
from xlxq.core.scheveningen import scheveningen_round
from xlxq.core.team_pairing import build_team_cards, pair_team_round, pairable_teams
from xlxq.errors import XlxqError
from xlxq.i18n import Text
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome
from xlxq.operations.source import RR_SYSTEMS, event_before, round_arg
from xlxq.systems import get_system
from xlxq.systems.base import CheckReport, report_of
from xlxq.team_report import lineup_label, tname

__all__ = ["check_file", "check_team_file"]


def check_file(event, round_no) -> Outcome:
    """Round ``round_no`` (default: the last) of an individual event, by its
    system's check; exit 1 when it finds rule errors."""
    n = round_arg(event, round_no)
    system = get_system(event.settings.system)
    reports: dict[str, CheckReport] = {}  # by language: the system writes its report in one

    def report(lang: str) -> CheckReport:
        if lang not in reports:
            reports[lang] = system.check(event, n, lang)
        return reports[lang]

    def code() -> int:
        return 1 if report(next(iter(reports), "zh")).errors else 0

    return Outcome(render=lambda lang: list(report(lang).lines(lang)), code=code)


def check_team_file(event, round_no) -> Outcome:
    """A round of a team event against its format and the engine."""
    s = event.settings
    n = round_arg(event, round_no)
    rnd = event.get_round(n)
    issues: list[tuple[str, str, str]] = []
    verdict: Optional[tuple[str, str]] = None

    def nm(no: int) -> str:
        return tname(event, no, "zh")  # in the Chinese texts; the English ones give the number

    def nm_en(no: int) -> str:
        return tname(event, no, "en")

    if s.system == "scheveningen":
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
        verdict = (
            f"与全队轮赛制秩序表第{n}轮{'不符' if issues else '一致'}",
            f"{'differs from' if issues else 'identical to'} table round {n}",
        )
    elif s.system in RR_SYSTEMS:
        want_round = pair_team_round(event_before(event, n), n).round
        have_pairs = {frozenset(m.teams()): m for m in rnd.matches}
        want_pairs = {frozenset(m.teams()): m for m in want_round.matches}
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
        if sorted(rnd.byes) != sorted(want_round.byes):
            issues.append(
                (
                    "error",
                    f"第{n}轮轮空：秩序表为 {'、'.join(map(str, want_round.byes)) or '无'}，"
                    f"文件中为 {'、'.join(map(str, rnd.byes)) or '无'}",
                    f"round {n} byes: the table has {want_round.byes or 'none'}, the file {rnd.byes or 'none'}",
                )
            )
        verdict = (
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
                word, word_en = ("先走", "first") if col == "R" else ("后走", "second")
                if abs(st) >= 3 and abs(c.streak) < 3:
                    issues.append(
                        (
                            "warning",
                            f"第{n}轮第{m.match}场：{nm(t)}连续三轮{word}（原则(十一)）",
                            f"round {n} match {m.match}: team {t} goes {word_en} a third time in a row",
                        )
                    )
                if abs(d) >= 3 and abs(c.diff) < 3:
                    issues.append(
                        (
                            "warning",
                            f"第{n}轮第{m.match}场：{nm(t)}{word}比{'后走' if col == 'R' else '先走'}"
                            f"多三轮（原则(十一)）",
                            f"round {n} match {m.match}: team {t} reaches three more {word_en} than not",
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
                zh, en = bye_warning(cards, in_round, t, nm, nm_en)
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
            verdict = (
                f"引擎无法编排此轮，未作比较：{exc.message('zh')}",
                f"the engine cannot pair this round: {exc.message('en')}",
            )
        else:
            want_m = {frozenset(m.teams()): m for m in mine.matches}
            have_m = {frozenset(m.teams()): m for m in rnd.matches}
            diffs: list[tuple[str, str]] = []
            for key, m in want_m.items():
                if key not in have_m:
                    diffs.append(
                        (
                            f"引擎编排第{m.match}场 {m.first}-{m.second}（先走-后走），文件中没有此场",
                            f"the engine pairs match {m.match} {m.first}-{m.second}; the file does not",
                        )
                    )
                elif have_m[key].first != m.first:
                    diffs.append(
                        (
                            f"{m.first}-{m.second}：引擎 {m.first} 队先走，文件中 {have_m[key].first} 队先走",
                            f"{m.first}-{m.second}: the engine has {m.first} first, the file {have_m[key].first}",
                        )
                    )
            for key, m in have_m.items():
                if key not in want_m:
                    diffs.append(
                        (
                            f"文件第{m.match}场 {m.first}-{m.second} 不是引擎的配对",
                            f"match {m.match} {m.first}-{m.second} of the file is not the engine's",
                        )
                    )
            if sorted(mine.byes) != sorted(rnd.byes):
                diffs.append(
                    (
                        f"轮空：引擎 {mine.byes or '无'}，文件 {rnd.byes or '无'}",
                        f"bye: the engine {mine.byes or 'none'}, the file {rnd.byes or 'none'}",
                    )
                )
            if diffs:
                verdict = (
                    "\n".join(["与引擎编排的差异（以当前各轮结果重新编排）："] + [f"  {d[0]}" for d in diffs]),
                    "\n".join(["Differences from the engine's pairing:"] + [f"  {d[1]}" for d in diffs]),
                )
            else:
                verdict = ("与引擎编排一致", "identical to the engine's pairing")
    for m in rnd.matches:
        if not m.boards:
            issues.append(
                (
                    "warning",
                    f"第{n}轮第{m.match}场（{nm(m.first)} — {nm(m.second)}）尚无出场名单",
                    f"round {n} match {m.match}: no line-ups yet",
                )
            )

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        echo(*report_of(n, issues, None, lang).lines(lang))
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
                    f"台次先后（先走队单数台执红、双数台执黑）与出场名单（{lineup_label(s.lineup, lang)}）：读取时已检查，符合",
                    f"board colours (first team red on odd boards) and line-ups ({lineup_label(s.lineup, lang)}): "
                    f"checked on reading, valid",
                )
            )
        if verdict:
            echo(txt(*verdict))
        return echo

    return Outcome(render=render, code=1 if any(level == "error" for level, _, _ in issues) else 0)
