"""Pair the next round of a JSON tournament file (individual or team): the
new event and its 对阵表 (docs/pairing.md, docs/teams.md).  A workbook:
:func:`xlxq.workbook.pair_next_round` (:mod:`xlxq.operations.book`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from xlxq.core.pairing import pair_round
from xlxq.core.rr_standings import compute_rr_standings
from xlxq.i18n import Text
from xlxq.operations.lines import Lines, round1_lines
from xlxq.operations.result import Outcome
from xlxq.operations.source import RR_SYSTEMS, checked
from xlxq.operations.team import pair_seat, team_scores
from xlxq.report import eliminated_after, ko_pairing_lines, pairing_lines, rr_score_label, who
from xlxq.team_report import lineup_label, team_round_lines, team_score_label
from xlxq.text import fmt

__all__ = ["pair_file", "pair_team_file", "merge_board_notes"]


def pair_file(event, path: str) -> Outcome:
    """The next round of an individual event: the event with it, and its
    对阵表, notes and 说明 lines."""
    s = event.settings
    raised = None
    if s.system == "knockout" and event.next_round > s.rounds:
        # 加赛 goes beyond the planned rounds: raise event.rounds with it
        # (docs/knockout.md §3), so that the file stays readable
        raised = s.rounds
        event = replace(event, settings=replace(s, rounds=event.next_round))
    out = pair_round(event)
    new = event.with_round(out.round)
    rr_scores = _rr_scores(event) if s.system in RR_SYSTEMS else {}
    out_now = {no: x for no, x in eliminated_after(event, out.round.round).items() if x == out.round.round - 1}

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        if s.system == "knockout":
            echo(*ko_pairing_lines(event, out.round, lang))
        elif s.system in RR_SYSTEMS:
            echo(
                *pairing_lines(
                    new,
                    out.round,
                    rr_scores,
                    lang,
                    rr_score_label(event, lang),
                    txt("（循环赛轮空，不计分）", " (round-robin bye, no points)"),
                )
            )
        else:
            scores = {no: c.score for no, c in out.cards.items()}
            echo(*pairing_lines(new, out.round, scores, lang))
        for note in out.notes:
            echo(txt(f"说明：{note}", f"note: {note}"))
        if s.system == "swiss" and out.round.round == 1:
            echo(*round1_lines(len(out.round.players()), s.rounds, lang))
        if raised is not None:
            echo(
                txt(
                    f"说明：加赛使轮数超过计划，赛事轮数 rounds 由{raised}调整为{new.settings.rounds}",
                    f"note: play-offs go beyond the planned rounds; event rounds raised from {raised} "
                    f"to {new.settings.rounds}",
                )
            )
        if out_now:
            y = min(v for x, v in s.pairing.elimination if x == out.round.round - 1)
            echo(
                txt(
                    f"说明：积分末位淘汰，第{out.round.round - 1}轮后未得{fmt(y)}分，不再编排：",
                    f"note: elimination, under {fmt(y)} after round {out.round.round - 1}, no longer paired: ",
                )
                + txt("、", ", ").join(who(event, no, lang) for no in sorted(out_now))
            )
        echo(txt(f"已保存到 {path}", f"saved to {path}"))
        return echo

    return Outcome(event=new, render=render)


def _rr_scores(event) -> dict[int, float]:
    return {r.no: r.score for r in compute_rr_standings(event)}


def pair_team_file(event, path: str) -> Outcome:
    """The next round of a team event, seated (default line-ups)."""
    s = event.settings
    new, out = pair_seat(event)
    checked(new)
    scores = {no: c.score for no, c in out.cards.items()} if s.system == "swiss" else team_scores(event)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        label = team_score_label(event, lang) if s.system == "swiss" else txt("场分", "Match pts")
        echo(*team_round_lines(new, new.get_round(out.round.round), lang, scores, label))
        for note in merge_board_notes(out.notes):
            note = note.replace("本轮对它的比赛请按弃权录入", "本轮它的各台已按空台入座，记为弃权")
            echo(txt(f"说明：{note}", f"note: {note}"))
        if s.system == "swiss" and out.round.round == 1:
            echo(*round1_lines(len(out.round.teams()), s.rounds, lang, team=True))
        if s.system != "scheveningen":
            echo(
                txt(
                    f"出场名单：按报名顺序默认（{lineup_label(s.lineup, lang)}）；更换：xlxq lineup {path} "
                    f"--round {out.round.round} --team 队 --players 序号,…",
                    f"line-ups: the default of {lineup_label(s.lineup, lang)}; to change one: xlxq lineup {path} "
                    f"--round {out.round.round} --team T --players no,…",
                )
            )
        echo(txt(f"已保存到 {path}", f"saved to {path}"))
        return echo

    return Outcome(event=new, render=render)


def merge_board_notes(notes: list[str]) -> list[str]:
    """One note per match for the boards paired as draws (原则(八)):
    第2轮第1场第1、2、3台未结束 … instead of one line a board."""
    out: list = []
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
