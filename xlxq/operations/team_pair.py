"""Pair the next round of a team JSON tournament file (团体赛, docs/teams.md):
the new event, seated with the default line-ups, and its 对阵表.
"""

from __future__ import annotations


from typing import Optional

from xlxq.core.notes import Note
from xlxq.i18n import Lazy, Msg, Text, tr
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
        label = team_score_label(event, lang) if system_for(s).pairs_by_score else txt("team_pair.match-pts")
        echo(*team_round_lines(new, new.get_round(out.round.round), lang, scores, label))
        for note in merge_board_notes(out.notes):
            echo(txt("pair.note", note=seated_note(note)))
        if system_for(s).pairs_by_score and out.round.round == 1:
            echo(*round1_lines(len(out.round.teams()), s.rounds, lang, team=True))
        if not system_for(s).seated_by_schedule:
            echo(
                txt(
                    "team_pair.line-ups-the-default-of-to-change-one",
                    lineup_lang=lineup_label(s.lineup, lang),
                    path=path,
                    round=out.round.round,
                )
            )
        echo(txt("lineup.saved-to", path=path))
        return echo

    return Outcome(event=new, render=render)


UNFINISHED = "team_pairing.round-match-board-is-unfinished-paired"
WITHDRAWN = "team_pairing.has-withdrawn-enter-its-match-this-round"


def _msg(note: str) -> Optional[Msg]:
    msg = getattr(note, "msg", None)
    return msg if isinstance(msg, Msg) else None


def merge_board_notes(notes: list[str]) -> list[str]:
    """One note per match for the boards paired as draws (原则(八)):
    第2轮第1场第1、2、3台未结束 … instead of one line a board (each a
    :class:`~xlxq.core.notes.Note`, in every language)."""
    out: list = []
    merged: dict[tuple[int, int], list[int]] = {}
    for note in notes:
        msg = _msg(note)
        if msg is None or msg.id != UNFINISHED:
            out.append(note)
            continue
        key = (msg.args["round"], msg.args["match"])
        if key not in merged:
            merged[key] = []
            out.append(key)  # placeholder, filled below
        merged[key].append(msg.args["board"])
    return [x if isinstance(x, str) else _boards_note(x, merged[x]) for x in out]


def _boards_note(key: tuple[int, int], boards: list[int]) -> Note:
    if len(boards) == 1:
        return Note(Msg(UNFINISHED, round=key[0], match=key[1], board=boards[0]))
    listed = Lazy(lambda lang: tr(lang, "common.list-sep").join(map(str, boards)))
    return Note(Msg("team_pair.boards-unfinished", round=key[0], match=key[1], boards=listed))


def seated_note(note: str) -> str:
    """A withdrawn team's note once its boards are seated as empty: 本轮它的各台已按空台入座，记为弃权."""
    msg = _msg(note)
    if msg is not None and msg.id == WITHDRAWN:
        return Note(Msg("team_pair.withdrawn-seated-as-forfeit", **msg.args))
    return note
