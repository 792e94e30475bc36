"""The 编排记录 of a round (``xlxq explain``, the 编排记录 sheet): an
individual event's comes from its pairing system
(``get_system(system).explain``); a team event's is written here.  A
workbook: :func:`xlxq.workbook.explain`.
"""

from __future__ import annotations

import re

from xlxq.core.explain import group_record
from xlxq.core.scheveningen import format_schedule, schedule
from xlxq.core.team_pairing import pair_team_round
from xlxq.i18n import Text
from xlxq.operations.result import Outcome
from xlxq.operations.source import RR_SYSTEMS, event_before, round_arg
from xlxq.systems import get_system
from xlxq.team_report import team_score_label, team_system_label, tname

__all__ = ["explain_file", "explain_team_file", "team_explain_lines"]


def explain_file(event, round_no) -> Outcome:
    """The 编排记录 of ``round_no`` (default: the last round) of an individual event."""
    n = round_arg(event, round_no, allow_next=True)
    return Outcome(render=lambda lang: list(get_system(event.settings.system).explain(event, n, lang)))


def explain_team_file(event, round_no) -> Outcome:
    n = round_arg(event, round_no, allow_next=True)
    return Outcome(render=lambda lang: team_explain_lines(event, n, lang))


def team_explain_lines(event, n: int, lang: str) -> list[str]:
    """The 编排记录 of round ``n`` of a team event (the engine's pairing of it
    from the rounds before, compared with the file's)."""
    txt = Text(lang)
    s = event.settings
    prior = event_before(event, n)
    lines = [
        txt(f"第{n}轮编排记录（{s.name or '赛事'}）", f"Round {n} record ({s.name or 'event'})"),
        txt(
            f"{team_system_label(s.system, lang)}：{len(event.teams)}队，每场{s.boards}台",
            f"{team_system_label(s.system, lang)}: {len(event.teams)} teams, {s.boards} boards a match",
        ),
    ]
    if s.system == "scheveningen":
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
                f"以队为单位定位编排（与个人赛同一引擎）：积分 = {team_score_label(event, lang)}；“先” = 先走队"
                f"（单数台执红、双数台执黑），“后” = 后走队；N队 = 队序号",
                f"the teams are paired as players are (the same engine): score = "
                f"{team_score_label(event, lang)}; 先/red = the team that goes first (red on odd boards)",
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
                f"  第{m.match}场  {tname(event, m.first, lang)}{first} — {tname(event, m.second, lang)}",
                f"  match {m.match}  {tname(event, m.first, lang)}{first} — {tname(event, m.second, lang)}",
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
        lines.append(txt(f"  轮空  {tname(event, no, lang)}", f"  bye  {tname(event, no, lang)}"))
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
    return lines


def _team_words(line: str) -> str:
    """The individual 编排记录 in team words: 7号 → 7队, 红/黑 → 先走/后走."""
    line = re.sub(r"(\d)号", r"\1队", line)
    line = re.sub(r"(\d) 号", r"\1 队", line)
    line = re.sub(r"分，(\d+) 人", r"分，\1 队", line)
    line = re.sub(r"：红 (\d+) 黑 (\d+)（", r"：先走 \1 后走 \2（", line)
    return line.replace("排在最后一台", "排在最后").replace("按胜局计分", "按胜一场计分")
