"""The text of a team event (团体赛, docs/teams.md), for the team
operations' results: labels, the registration table, a match and its
boards, a round, the table of every round.

Pure, as :mod:`xlxq.presentation.report`: nothing is printed or read here; each function
renders in the ``lang`` it is given.
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.teams import LINEUP_NAMES, VACANT
from xlxq.core.records import team_system_name
from xlxq.i18n import Text
from xlxq.text import fmt, text_table
from xlxq.systems import system_for

__all__ = [
    "RESULT_ZH",
    "RESULT_EN",
    "team_system_label",
    "lineup_label",
    "tname",
    "result_label",
    "team_score_label",
    "team_table",
    "seat_cells",
    "match_lines",
    "team_round_lines",
    "team_schedule_lines",
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


def team_system_label(system: str, lang: str) -> str:
    """积分编排团体赛, 团体单循环 … (the team system's name)."""
    return team_system_name(system, lang)


def lineup_label(lineup: str, lang: str) -> str:
    en = {"fixed_boards": "fixed boards", "fixed_order": "fixed order", "per_round": "line-up each round"}
    return Text(lang)(LINEUP_NAMES.get(lineup, lineup), en.get(lineup, lineup))


def tname(event, no: int, lang: str) -> str:
    t = event.team(no)
    return Text(lang)("team_common.name-no", name=t.name, no=no)


def result_label(result: Optional[str], lang: str) -> str:
    if result is None:
        return ""
    return Text(lang)(RESULT_ZH.get(result, result), RESULT_EN.get(result, result))


def team_score_label(event, lang: str) -> str:
    t = Text(lang)
    if event.settings.pair_by == "game_points" and system_for(event.settings).pairs_by_score:
        return t("team_swiss.game-pts")
    return t("team_pair.match-pts")


def team_table(event, lang: str) -> list[str]:
    """The registration: each team's 主力 by board, then its 替补."""
    t_ = Text(lang)
    k = event.settings.boards
    header = (
        t_("team_report.no-team").split()
        + [t_("team_report.board", i=i) for i in range(1, k + 1)]
        + [t_("team_report.reserves")]
    )
    rows = []
    for t in event.teams:
        cells = [f"{no} {event.player(no).name}" for no in t.players[:k]]
        res = []
        for no in t.players[k:]:
            cell = f"{no} {event.player(no).name}"
            if no in t.reserve_boards:
                cell += t_("team_report.board-2", boards_no=t.reserve_boards[no])
            res.append(cell)
        rows.append([t.no, t.name] + cells + [t_("record_text.text-3").join(res)])
    return text_table(header, rows, [True, False] + [False] * (k + 1))


def seat_cells(event, no: int, lang: str) -> tuple[str, str, str]:
    if no == VACANT:
        return "—", Text(lang)("team_report.empty"), ""
    p = event.player(no)
    t = event.team_of(no)
    return str(no), p.name, event.team(t).name if t is not None else p.unit


def match_lines(event, m, lang: str, scores: Optional[dict] = None, label: str = "") -> list[str]:
    """A match: its headline and its boards."""
    t = Text(lang)
    a, b = tname(event, m.first, lang), tname(event, m.second, lang)
    if scores is not None:
        a += f" {label} {fmt(scores.get(m.first, 0))}"
        b += f" {label} {fmt(scores.get(m.second, 0))}"
    lines = [t("team_report.match", match=m.match, a=a, b=b)]
    if not m.boards:
        lines.append(t("team_report.no-line-ups-yet"))
        return lines
    with_results = any(x.result is not None for x in m.boards)
    header = t("team_report.board-no-red-team-no-black-team").split()
    if with_results:
        header.append(t("paper.result"))
    rows = []
    for x in m.boards:
        row = [x.board, *seat_cells(event, x.red, lang), *seat_cells(event, x.black, lang)]
        if with_results:
            row.append(result_label(x.result, lang))
        rows.append(row)
    right = [True, True, False, False, True, False, False] + ([False] if with_results else [])
    lines += ["  " + ln for ln in text_table(header, rows, right)]
    return lines


def team_round_lines(
    event, rnd, lang: str, scores: Optional[dict] = None, label: str = "", title: Optional[str] = None
) -> list[str]:
    t = Text(lang)
    s = event.settings
    if title is None:
        title = t("report.round-pairings", round=rnd.round)
        if s.name:
            title += f"  {s.name}"
    lines = [title]
    if not system_for(s).seated_by_schedule:
        lines.append(t("team_report.the-first-team-has-red-on-odd-boards"))
    for m in rnd.matches:
        lines += match_lines(event, m, lang, scores, label)
    for no in rnd.byes:
        sc = s.scoring
        if system_for(s).pairs_by_score:
            why = t(
                "team_report.counts-as-a-won-match-match-points-game",
                sc_bye=fmt(sc.bye_match()),
                sc_bye2=fmt(sc.bye_games(s.boards)),
            )
        else:
            why = t("team_report.round-robin-bye-no-points")
        sc_txt = f" {label} {fmt(scores.get(no, 0))}" if scores is not None else ""
        lines.append(t("team_report.bye", no_lang=tname(event, no, lang), sc_txt=sc_txt, why=why))
    return lines


def team_schedule_lines(event, lang: str) -> list[str]:
    t = Text(lang)
    lines = []
    for rnd in event.rounds:
        if system_for(event.settings).seated_by_schedule:
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
        cells += [t("team_report.bye-2", no=no, name=event.team(no).name) for no in rnd.byes]
        lines.append(t("schedule.round", round=rnd.round) + t("create.text").join(cells))
    return lines
