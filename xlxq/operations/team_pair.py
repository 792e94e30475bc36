"""Pair the next round of a team JSON tournament file (团体赛, docs/teams.md):
the new event, seated with the default line-ups, and its 对阵表.
"""

from __future__ import annotations

import re

from xlxq.i18n import Text
from xlxq.operations.lines import Lines, round1_lines
from xlxq.operations.pending import require_results
from xlxq.operations.result import Outcome
from xlxq.operations.source import checked
from xlxq.operations.team import pair_seat, team_scores
from xlxq.presentation.team_report import lineup_label, team_round_lines, team_score_label
from xlxq.systems import system_for

__all__ = ["pair_team_file", "merge_board_notes"]


def pair_team_file(event, path: str, provisional: bool = False) -> Outcome:
    """The next round of a team event, seated (default line-ups); refused
    while an earlier game has no result, unless ``provisional``."""
    s = event.settings
    new, out = pair_seat(event)
    require_results(event, out.round.round, provisional)
    checked(new)
    scores = {no: c.score for no, c in out.cards.items()} if system_for(s).pairs_by_score else team_scores(event)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        label = team_score_label(event, lang) if system_for(s).pairs_by_score else txt("场分", "Match pts")
        echo(*team_round_lines(new, new.get_round(out.round.round), lang, scores, label))
        for note in merge_board_notes(out.notes):
            note = note.replace("本轮对它的比赛请按弃权录入", "本轮它的各台已按空台入座，记为弃权")
            echo(txt(f"说明：{note}", f"note: {note}"))
        if system_for(s).pairs_by_score and out.round.round == 1:
            echo(*round1_lines(len(out.round.teams()), s.rounds, lang, team=True))
        if not system_for(s).seated_by_schedule:
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
