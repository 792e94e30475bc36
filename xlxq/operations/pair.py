"""Pair the next round of an individual JSON tournament file: the new event
and its 对阵表 (docs/pairing.md).  A team file: :mod:`xlxq.operations.team_pair`
(its own module, so that pairing an individual event does not import the
team engine); a workbook: :func:`xlxq.operations.workbook.pair_next_round`
(:mod:`xlxq.operations.book`).
"""

from __future__ import annotations

from dataclasses import replace

from xlxq.core.rr_standings import compute_rr_standings
from xlxq.i18n import Text
from xlxq.operations.lines import Lines, round1_lines
from xlxq.operations.pending import require_results
from xlxq.operations.result import Outcome

from xlxq.presentation.report import eliminated_after, ko_pairing_lines, pairing_lines, rr_score_label, who
from xlxq.text import fmt
from xlxq.systems import pair_round, system_for

__all__ = ["pair_file"]


def pair_file(event, path: str, provisional: bool = False) -> Outcome:
    """The next round of an individual event: the event with it, and its
    对阵表, notes and 说明 lines.  Refused while an earlier game has no
    result, unless ``provisional`` (:func:`xlxq.operations.pending.require_results`)."""
    s = event.settings
    raised = None
    if system_for(s).has_bracket and event.next_round > s.rounds:
        # 加赛 goes beyond the planned rounds: raise event.rounds with it
        # (docs/knockout.md §3), so that the file stays readable
        raised = s.rounds
        event = replace(event, settings=replace(s, rounds=event.next_round))
    out = pair_round(event)
    if not system_for(s).has_bracket:  # a knockout refuses on its own while a result of the stage is missing
        require_results(event, out.round.round, provisional)
    new = event.with_round(out.round)
    rr_scores = _rr_scores(event) if system_for(s).follows_order_table else {}
    out_now = {no: x for no, x in eliminated_after(event, out.round.round).items() if x == out.round.round - 1}

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        if system_for(s).has_bracket:
            echo(*ko_pairing_lines(event, out.round, lang))
        elif system_for(s).follows_order_table:
            echo(
                *pairing_lines(
                    new,
                    out.round,
                    rr_scores,
                    lang,
                    rr_score_label(event, lang),
                    txt("pair.round-robin-bye-no-points"),
                )
            )
        else:
            scores = {no: c.score for no, c in out.cards.items()}
            echo(*pairing_lines(new, out.round, scores, lang))
        for note in out.notes:
            echo(txt("pair.note", note=note))
        if system_for(s).pairs_by_score and out.round.round == 1:
            echo(*round1_lines(len(out.round.players()), s.rounds, lang))
        if raised is not None:
            echo(
                txt(
                    "pair.note-play-offs-go-beyond-the-planned",
                    raised=raised,
                    rounds=new.settings.rounds,
                )
            )
        if out_now:
            y = min(v for x, v in s.pairing.elimination if x == out.round.round - 1)
            echo(
                txt(
                    "pair.note-elimination-under-after-round-no",
                    round_round=out.round.round - 1,
                    y=fmt(y),
                )
                + txt("record_text.text-3").join(who(event, no, lang) for no in sorted(out_now))
            )
        echo(txt("lineup.saved-to", path=path))
        return echo

    return Outcome(event=new, render=render)


def _rr_scores(event) -> dict[int, float]:
    return {r.no: r.score for r in compute_rr_standings(event)}
