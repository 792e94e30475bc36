"""The 编排记录 of a team round as steps (:mod:`xlxq.core.steps`): the team
Swiss (teams paired as players are, the same 定位编排 steps), the team round
robin (the 棋规 table) and the 全队轮赛制 (its table); worded by the one
printer (:mod:`xlxq.core.record_text`) with "team" as the entrant.

:func:`team_round_record` is what ``explain`` gives for any team system
(the CLI, the team workbook, and the team systems' ``record``);
:func:`team_explain` its lines in a language.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Protocol

from xlxq.core.model import Board, Round
from xlxq.core.record_text import record_lines
from xlxq.core.scheveningen import format_schedule, schedule
from xlxq.core.steps import Record, against_engine, note_steps, swiss_steps
from xlxq.core.team_pairing import TeamPairingOutcome
from xlxq.core.teams import TeamEvent, TeamRound


class TeamFacts(Protocol):
    """What a team record needs of its system (a
    :class:`xlxq.systems.team_common.TeamSystem`, passed down: the core sits
    below the systems and does not name them): its facts and its pairing."""

    @property
    def pairs_by_score(self) -> bool: ...

    @property
    def follows_order_table(self) -> bool: ...

    @property
    def seated_by_schedule(self) -> bool: ...

    def pair(self, event: TeamEvent, round_no: Optional[int] = None) -> TeamPairingOutcome: ...


def team_record(event: TeamEvent, out: TeamPairingOutcome, system: TeamFacts, style: str = "") -> Record:
    """The record of a team round just paired (``out``) by ``system``.
    ``style`` "sheet": as the team workbook's 编排记录 sheet words it (no
    system line, the Swiss steps in the individual words)."""
    s = event.settings
    n = out.round.round
    rec = Record(
        n,
        s.name,
        entrant="team",
        names={t.no: t.name for t in event.teams},
        player_names={p.no: p.name for p in event.players},
        default_name="team_event" if style == "sheet" else "event",
        style=style,
    )
    sch = system.seated_by_schedule
    if style == "sheet":
        note_steps(out.notes, rec)
        if system.pairs_by_score:
            team_swiss_steps(event, out, rec)
    else:
        rec.add("team_system", system=s.system, teams=len(event.teams), boards=s.boards)
        if sch:
            a, b = sorted(event.teams, key=lambda t: t.no)
            rec.add(
                "sch_sides",
                a=a.no,
                b=b.no,
                boards=s.boards,
                a_players=list(a.players[: s.boards]),
                b_players=list(b.players[: s.boards]),
            )
            row = format_schedule(schedule(s.boards)).splitlines()[n - 1].split(": ", 1)[1]
            rec.add("sch_row", round=n, cells=row)
        elif system.follows_order_table:
            rec.add("team_rr", "棋规循环赛对局秩序表")
            note_steps(out.notes, rec)
        else:
            rec.add("team_swiss", basis=s.pair_by)
            note_steps(out.notes, rec)
            team_swiss_steps(event, out, rec)
    rec.add(
        "matches",
        matches=[
            [m.match, m.first, m.second, [[b.board, b.red, b.black] for b in m.boards] if sch else []]
            for m in out.round.matches
        ],
        byes=list(out.round.byes),
        scheveningen=sch,
    )
    return rec


def team_swiss_steps(event: TeamEvent, out: TeamPairingOutcome, rec: Record) -> None:
    """The 定位编排 steps of a team Swiss round (teams as units)."""
    swiss_steps(out.groups, event.settings.first_round, rec, basis=event.settings.pair_by)


def team_round_record(event: TeamEvent, round_no: int, system: TeamFacts, style: str = "") -> Record:
    """Re-pair team round ``round_no`` from the rounds before it by
    ``system`` and record it; a round in the file that differs (edited by
    hand) is shown as played after the engine's pairing, the one it made
    where the file keeps it (the 实际对阵 section, each change marked
    人工调整: :func:`~xlxq.core.steps.against_engine`)."""
    prior = replace(event, rounds=event.rounds_before(round_no))
    out = system.pair(prior, round_no)
    rec = team_record(event, out, system, style)
    have = next((r for r in event.rounds if r.round == round_no), None)
    against_engine(rec, as_boards(out.round), as_boards(have) if have is not None else None)
    return rec


def as_boards(rnd: TeamRound) -> Round:
    """A team round's matches as the boards of a round (match number,
    first team as red, second as black), its byes and the pairing the
    engine made of it where the file keeps it: what the comparison
    with the engine's pairing (:func:`~xlxq.core.hand.hand_changes`) reads."""
    return Round(rnd.round, [Board(m.match, m.first, m.second) for m in rnd.matches], list(rnd.byes), engine=rnd.engine)


def team_explain(event: TeamEvent, round_no: int, system: TeamFacts, lang: str, style: str = "") -> list[str]:
    """The lines of :func:`team_round_record` in ``lang``."""
    return record_lines(team_round_record(event, round_no, system, style), lang)


__all__ = ["team_record", "team_round_record", "team_explain", "team_swiss_steps", "as_boards"]
