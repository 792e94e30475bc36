"""What a round's paper holds (seed 001 §六: 记分单, 编排记录公告): the
score sheets (one :class:`Slip` a board: 轮次, 台次, team events 场次 and
both teams, each side's 序号, 姓名, 单位 and colour) and the posted pairing
list (the boards with the 积分 before the round, the 轮空 / 请假 / 迟到入场
lines, a team event's matches) with the entries of its name index.

Pure data of the model; the sheets layer lays it out on paper
(:mod:`xlxq.sheets.paper`) and sorts the index (:mod:`xlxq.sheets.name_order`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Optional, Union

from xlxq.core.model import Event, absent_players, late_entries
from xlxq.core.teams import VACANT, TeamEvent, team_side
from xlxq.errors import InputError
from xlxq.i18n import Msg

__all__ = [
    "Seat",
    "Slip",
    "Line",
    "MatchHead",
    "RoundPaper",
    "IndexEntry",
    "paper_round",
    "round_paper",
    "index_entries",
]

AnyEvent = Union[Event, TeamEvent]


@dataclass(frozen=True)
class Seat:
    """One side of a board: ``colour`` "red" or "black"; ``no`` None and
    ``name`` "" when a team's line-up is not in yet (filled in by hand)."""

    colour: str
    no: Optional[int]
    name: str
    unit: str
    score: Optional[float] = None
    rating: Optional[float] = None  # 显示等级分 (RoundPaper.rated)


@dataclass(frozen=True)
class Slip:
    """One 记分单: a board of a round (``match``: its 场次 in a team event,
    with both teams' names)."""

    round: int
    board: int
    red: Seat
    black: Seat
    match: Optional[int] = None
    red_team: str = ""
    black_team: str = ""


@dataclass(frozen=True)
class Line:
    """A line under the boards: ``kind`` "bye" (轮空), "absent" (请假) or
    "late" (迟到入场, he also sits at a board); a team event's bye is a team."""

    kind: str
    no: int
    name: str
    unit: str
    score: Optional[float] = None
    rating: Optional[float] = None  # 显示等级分 (RoundPaper.rated)


@dataclass(frozen=True)
class MatchHead:
    """A team match: 场次, the team that goes first (red on odd boards) and
    the second, each with its 场分 before the round."""

    match: int
    first_no: int
    first: str
    second_no: int
    second: str
    first_score: Optional[float] = None
    second_score: Optional[float] = None


@dataclass
class RoundPaper:
    """Everything the round's paper shows."""

    event_name: str
    round: int
    team: bool
    slips: list[Slip] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    matches: list[MatchHead] = field(default_factory=list)
    #: 显示等级分 (issue 25 §3): the 编排公告 has a 等级分 column beside each name
    rated: bool = False


@dataclass(frozen=True)
class IndexEntry:
    """A name of the index and where he plays: ``kind`` "board" (``board``,
    ``colour``, ``match`` in a team event), "bye", "absent"; a team event
    also lists each team (``team``: True) at its match."""

    name: str
    no: int
    kind: str
    board: Optional[int] = None
    colour: str = ""
    match: Optional[int] = None
    team: bool = False


def paper_round(event: AnyEvent, round_no: Optional[int]) -> int:
    """The round asked for (default: the last paired one); a round that is
    not paired is refused, with its place."""
    paired = [r.round for r in event.rounds]
    if round_no is None:
        if not paired:
            raise InputError(Msg("paper.no-round-has-been-paired-yet"))
        return paired[-1]
    if round_no not in paired:
        last = paired[-1] if paired else 0
        raise InputError(
            Msg("paper.round-is-not-paired-paired-up-to-round", round_no=round_no, last=last),
            round=round_no,
        )
    return round_no


def round_paper(event: AnyEvent, round_no: int, scores: Mapping[int, float] = {}) -> RoundPaper:
    """The paper of the paired round ``round_no``; ``scores``: each
    entrant's 积分 before the round (a player's, or a team's 场分)."""
    if isinstance(event, TeamEvent):
        return _team_paper(event, round_no, scores)
    rnd = next(r for r in event.rounds if r.round == round_no)
    out = RoundPaper(event.settings.name, round_no, False, rated=event.shows_rating)

    def seat(colour: str, no: int) -> Seat:
        p = event.player(no)
        return Seat(colour, no, p.name, p.unit, scores.get(no), p.rating)

    for b in rnd.boards:
        out.slips.append(Slip(round_no, b.board, seat("red", b.red), seat("black", b.black)))
    for kind, nos in (
        ("bye", list(rnd.byes)),
        ("absent", absent_players(event, rnd)),
        ("late", late_entries(event, rnd)),
    ):
        for no in nos:
            p = event.player(no)
            out.lines.append(Line(kind, no, p.name, p.unit, scores.get(no), p.rating))
    return out


def _team_paper(event: TeamEvent, round_no: int, scores: Mapping[int, float]) -> RoundPaper:
    rnd = event.get_round(round_no)
    out = RoundPaper(event.settings.name, round_no, True)
    for m in rnd.matches:
        first, second = event.team(m.first), event.team(m.second)
        out.matches.append(
            MatchHead(
                m.match, first.no, first.name, second.no, second.name, scores.get(first.no), scores.get(second.no)
            )
        )
        boards = {b.board: b for b in m.boards}
        for k in range(1, event.settings.boards + 1):
            red_team, black_team = (first, second) if k % 2 == 1 else (second, first)
            b = boards.get(k)
            if b is not None:
                red_team = first if team_side(event, m, first.no, b) == "R" else second
                black_team = second if red_team is first else first
                red, black = _seat(event, "red", b.red, red_team.name), _seat(event, "black", b.black, black_team.name)
            else:  # the line-ups are not in: the seats are filled in by hand
                red, black = Seat("red", None, "", red_team.name), Seat("black", None, "", black_team.name)
            out.slips.append(Slip(round_no, k, red, black, m.match, red_team.name, black_team.name))
    for no in rnd.byes:
        t = event.team(no)
        out.lines.append(Line("bye", no, t.name, "", scores.get(no)))
    return out


def _seat(event: TeamEvent, colour: str, no: int, team: str) -> Seat:
    """A team board's seat; an empty seat (nobody fielded) has no name."""
    if no == VACANT:
        return Seat(colour, None, "", team)
    return Seat(colour, no, event.player(no).name, team)


def index_entries(paper: RoundPaper) -> list[IndexEntry]:
    """Every name of the round and where it plays, unsorted: the players at
    the boards (a team event: the teams at their matches too), the byes and
    the absent (a late entry is at his board)."""
    out: list[IndexEntry] = []
    for m in paper.matches:
        out.append(IndexEntry(m.first, m.first_no, "board", match=m.match, colour="first", team=True))
        out.append(IndexEntry(m.second, m.second_no, "board", match=m.match, colour="second", team=True))
    for s in paper.slips:
        for seat in (s.red, s.black):
            if seat.no is not None:
                out.append(IndexEntry(seat.name, seat.no, "board", s.board, seat.colour, s.match))
    for line in paper.lines:
        if line.kind in ("bye", "absent"):
            out.append(IndexEntry(line.name, line.no, line.kind, team=paper.team))
    return out
