"""``xlxq import --teams TEAMREG ROUNDS OUT``: a team event (团体赛) run
elsewhere into a team JSON file, to audit it by its matches (``xlxq audit``,
docs/audit.md "Importing a team event").

TEAMREG: the team registration as ``xlxq new --teams`` reads it
(:func:`xlxq.backends.team_json.read_team_registration`): the teams keep the
队号 and the members the 序号 that reader gives them.  ROUNDS: CSV or XLSX,
one row a **board** (the games are what an arbiter has), the columns found
by their headers as the individual import finds them::

    轮次 round   场次 match   台次 board   红方序号 red   黑方序号 black   结果 result

Every match is derived from its boards: its two teams are the teams of the
members on them, the team going first (先走) the one whose members have red
on the odd boards and black on the even ones.  A board that breaks that
rule is refused (the team file cannot hold it, and it is a wrong line, not
a pairing question): a reversed first mover is a match whose *every* board
is reversed, and ``audit`` reports it.  A team bye: a row whose black is
empty or 轮空/bye, its red any member of the team.  0 as a member: an empty
seat (缺人), the board lost by forfeit.

Every problem at once, each naming its file, row and cell; nothing written
then (exit 2); OUT not overwritten without ``force``.  The line-ups are
recorded as 临时定台制 (``per_round``): line-ups are the teams' choice, not
audited, and a format's rule must not refuse a file for them.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from xlxq.backends.registration import as_posint, cell_text, registration_rows
from xlxq.backends.team_json import read_team_registration
from xlxq.core.model import Board, Player, Scoring
from xlxq.core.roundrobin import rr_round_count
from xlxq.core.teams import (
    VACANT,
    Match,
    Team,
    TeamEvent,
    TeamRound,
    TeamScoring,
    TeamSettings,
    first_team_colour,
    team_named,
    vacant_result,
)
from xlxq.errors import ErrorList, InputError
from xlxq.i18n import Lazy, Msg, Text, tr
from xlxq.operations.import_event import BYE_WORDS, ROUND_HEADERS, col_letter, find_columns
from xlxq.operations.result import Outcome
from xlxq.operations.source import WORKBOOK_SUFFIXES, checked, save
from xlxq.presentation.team_report import team_system_label
from xlxq.sheets.results import BYE, ResultError, parse_result
from xlxq.systems import get_team_system, team_system_keys
from xlxq.text import joined

__all__ = ["import_team_event", "read_team_rounds", "TEAM_ROUND_HEADERS", "team_systems"]

#: the team rounds file's columns: the individual's and 场次
TEAM_ROUND_HEADERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "round": ROUND_HEADERS["round"],
    "match": ("import_event.column-match", ("场次", "場次", "match", "matchno")),
    "board": ROUND_HEADERS["board"],
    "red": ROUND_HEADERS["red"],
    "black": ROUND_HEADERS["black"],
    "result": ROUND_HEADERS["result"],
}


def team_systems() -> tuple[str, ...]:
    """The team systems a rounds file of matches can be: those whose boards
    are seated by 先走 (a system ``seated_by_schedule``, 全队轮赛制, takes
    its colours from its schedule instead), asked of the registry."""
    return tuple(k for k in team_system_keys() if not get_team_system(k).seated_by_schedule)


MIN_BOARDS, MAX_BOARDS = 2, 10


@dataclass
class _Row:
    """A board row as read (phase 1): members' numbers (VACANT: an empty seat)."""

    row: int
    round: int
    match: int
    board: int
    red: int
    black: int
    result: Optional[str]


@dataclass
class _Bye:
    row: int
    round: int
    member: int


class _Reader:
    """The rounds file of a team event, read in two phases: its cells
    (:meth:`read`), then, with the registration, its matches (:meth:`matches`)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = path.name
        self.errors = ErrorList()
        self.rows: list[_Row] = []
        self.byes: list[_Bye] = []
        self.incomplete: set[int] = set()  # rounds with a row refused: their numbering is not judged
        self.cols: dict[str, int] = {}

    def bad(self, key: str, i: int, what: Msg) -> InputError:
        cell = f"{col_letter(self.cols[key])}{i}"
        return InputError(
            Msg(
                "import_event.row",
                name=self.name,
                i=i,
                cell=cell,
                column=Msg(TEAM_ROUND_HEADERS[key][0]),
                what=what,
            ),
            file=self.name,
            row=i,
            cell=cell,
        )

    def read(self) -> None:
        """Phase 1: every row's cells (numbers, results); a fatal problem
        of the file (not found, no header, a column missing) raised."""
        name, path = self.name, self.path
        if not path.exists():
            raise InputError(Msg("import_event.rounds-file-not-found", path=path), file=name)
        if path.is_dir() or path.suffix.lower() not in (".csv", ".txt", ".tsv", ".xlsx", ".xlsm"):
            raise InputError(Msg("import_event.the-rounds-file-should-be-a-csv-or-xlsx", name=name), file=name)
        rows = registration_rows(path)
        header, self.cols = find_columns(rows, name, TEAM_ROUND_HEADERS, "import_event.no-header-team")
        for i, row in enumerate(rows[header + 1 :], start=header + 2):
            cells = {k: (row[j] if j < len(row) else None) for k, j in self.cols.items()}
            if all(v is None or cell_text(v) == "" for v in cells.values()):
                continue
            self.read_row(i, cells)

    def number(self, key: str, i: int, v: Any, seat: bool = False) -> Optional[int]:
        """A positive whole number (``seat``: also 0, an empty seat)."""
        if seat and v is not None and cell_text(v).strip() == "0":
            return VACANT
        n = as_posint(v)
        if n is None:
            shown = "" if v is None else cell_text(v)
            self.errors.add(self.bad(key, i, Msg("import_event.must-be-a-positive-whole-number", shown=shown)))
        return n

    def read_row(self, i: int, cells: dict[str, Any]) -> None:
        before = len(self.errors.errors)
        rno = self.number("round", i, cells["round"])
        black_text = "" if cells["black"] is None else cell_text(cells["black"]).strip()
        if black_text == "" or black_text.lower() in BYE_WORDS:  # a team bye
            member = self.number("red", i, cells["red"])
            result_text = "" if cells["result"] is None else cell_text(cells["result"]).strip()
            if result_text and result_text.lower() not in BYE_WORDS:
                try:
                    ok = parse_result(cells["result"]) == BYE
                except ResultError:
                    ok = False
                if not ok:
                    what = Msg("import_event.a-bye-s-result-must-be-empty", result=result_text)
                    self.errors.add(self.bad("result", i, what))
            if rno is not None and member is not None:
                self.byes.append(_Bye(i, rno, member))
            if len(self.errors.errors) > before and rno is not None:
                self.incomplete.add(rno)
            return
        mno = self.number("match", i, cells["match"])
        bno = self.number("board", i, cells["board"])
        red = self.number("red", i, cells["red"], seat=True)
        black = self.number("black", i, cells["black"], seat=True)
        result: Optional[str] = None
        try:
            result = parse_result(cells["result"])
        except ResultError as exc:
            self.errors.add(self.bad("result", i, Msg("import_event.unknown-result", text=exc.text)))
        if result == BYE:
            self.errors.add(self.bad("result", i, Msg("import_event.a-board-with-a-black-player-cannot-be-a")))
            result = None
        if red is not None and red == black and red != VACANT:
            self.errors.add(self.bad("black", i, Msg("import_event.player-cannot-play-himself", red=red)))
        if red is not None and black is not None:
            forced = vacant_result(red, black)
            if forced is not None:  # an empty seat (缺人): the board is lost by forfeit
                if result not in (None, forced):
                    shown = cell_text(cells["result"])
                    self.errors.add(self.bad("result", i, Msg("import_event.empty-seat-result", result=shown)))
                result = forced
        if len(self.errors.errors) > before:
            if rno is not None:
                self.incomplete.add(rno)
            return
        assert None not in (rno, mno, bno, red, black)
        self.rows.append(_Row(i, rno, mno, bno, red, black, result))  # type: ignore[arg-type]

    def boards(self) -> Optional[int]:
        """The boards of a match as the file shows them: the count of
        boards most matches have (a typo's 台次 does not count), the larger
        of equals; None: no board read."""
        per: Counter[tuple[int, int]] = Counter((r.round, r.match) for r in self.rows)
        if not per:
            return None
        counts = Counter(per.values())
        return max(counts, key=lambda k: (counts[k], k))

    def matches(self, teams: list[Team], boards: int) -> list[TeamRound]:
        """Phase 2: the rounds, every match derived from its boards (its
        teams, who goes first) and checked against the registration."""
        name = self.name
        team_of = {no: t.no for t in teams for no in t.players}
        label = {t.no: team_named(t.name, t.no, t.name) for t in teams}
        by_match: dict[tuple[int, int], dict[int, _Row]] = {}
        for r in self.rows:
            known = True
            for key in ("red", "black"):
                no = getattr(r, key)
                if no != VACANT and no not in team_of:
                    what = Msg("import_event.no-member-in-the-team-registration", n=no)
                    self.errors.add(self.bad(key, r.row, what))
                    known = False
            if not known:
                self.incomplete.add(r.round)
                continue
            if r.red != VACANT and r.black != VACANT and team_of[r.red] == team_of[r.black]:
                what = Msg("import_event.both-sides-of-one-team", red=r.red, black=r.black, team=label[team_of[r.red]])
                self.errors.add(self.bad("black", r.row, what))
                self.incomplete.add(r.round)
                continue
            seen = by_match.setdefault((r.round, r.match), {})
            if r.board in seen:
                what = Msg(
                    "import_event.round-match-board-twice",
                    rno=r.round,
                    match=r.match,
                    bno=r.board,
                    row=seen[r.board].row,
                )
                self.errors.add(self.bad("board", r.row, what))
                self.incomplete.add(r.round)
                continue
            seen[r.board] = r
        byes: dict[int, list[_Bye]] = {}
        for b in self.byes:
            if b.member not in team_of:
                what = Msg("import_event.no-member-in-the-team-registration", n=b.member)
                self.errors.add(self.bad("red", b.row, what))
                self.incomplete.add(b.round)
                continue
            byes.setdefault(b.round, []).append(b)
        rounds: list[TeamRound] = []
        for rno in sorted({k[0] for k in by_match} | set(byes)):
            matches: list[Match] = []
            where: dict[int, int] = {}  # team → its first row in the round
            players: dict[int, int] = {}  # member → his row
            for (_, mno), seen in sorted((k, v) for k, v in by_match.items() if k[0] == rno):
                m = self.match(rno, mno, seen, team_of, label)
                if m is None:
                    self.incomplete.add(rno)
                    continue
                first_row = min(r.row for r in seen.values())
                for t in m.teams():
                    self.once(where, t, first_row, rno, label[t], "match")
                for r in sorted(seen.values(), key=lambda r: r.row):
                    for key in ("red", "black"):
                        if getattr(r, key) != VACANT:
                            self.player_once(players, getattr(r, key), r.row, rno, key)
                ordered = sorted(seen)
                if ordered != list(range(1, boards + 1)) and rno not in self.incomplete:
                    self.errors.add(
                        InputError(
                            Msg(
                                "import_event.match-boards-must-be-1-to-k",
                                name=name,
                                rno=rno,
                                match=mno,
                                k=boards,
                                ordered=ordered,
                            ),
                            file=name,
                            round=rno,
                        )
                    )
                m.boards = [Board(k, seen[k].red, seen[k].black, seen[k].result) for k in ordered]
                matches.append(m)
            bye_teams = []
            for b in sorted(byes.get(rno, []), key=lambda b: b.row):
                t = team_of[b.member]
                self.once(where, t, b.row, rno, label[t], "red")
                bye_teams.append(t)
            numbers = sorted({k[1] for k in by_match if k[0] == rno})
            if numbers != list(range(1, len(numbers) + 1)) and rno not in self.incomplete:
                self.errors.add(
                    InputError(
                        Msg(
                            "import_event.round-matches-must-be-1-to-n",
                            name=name,
                            rno=rno,
                            n=len(numbers),
                            ordered=numbers,
                        ),
                        file=name,
                        round=rno,
                    )
                )
            rounds.append(TeamRound(rno, matches, bye_teams))
        numbers = [r.round for r in rounds]
        if numbers != list(range(1, len(numbers) + 1)):
            self.errors.add(
                InputError(
                    Msg("import_event.the-rounds-must-be-1-to-not", name=name, n=len(numbers), numbers=numbers),
                    file=name,
                )
            )
        # in file order (a row's cells left to right), then what concerns a match or a round
        self.errors.errors.sort(
            key=lambda e: (e.place.row is None, e.place.row or 0, len(e.place.cell or ""), e.place.cell or "")
        )
        return rounds

    def once(self, where: dict[int, int], team: int, row: int, rno: int, label: Lazy, key: str) -> None:
        """A team in one match or bye of a round only (``key``: the cell
        that names it, the 场次 of a match, the member of a bye)."""
        if team in where:
            what = Msg("import_event.team-twice-in-round", team=label, rno=rno, row=where[team])
            self.errors.add(self.bad(key, row, what))
            return
        where[team] = row

    def player_once(self, players: dict[int, int], no: int, row: int, rno: int, key: str) -> None:
        if no in players:
            what = Msg("import_event.member-twice-in-round", no=no, rno=rno, row=players[no])
            self.errors.add(self.bad(key, row, what))
            return
        players[no] = row

    def match(
        self, rno: int, mno: int, seen: dict[int, _Row], team_of: dict[int, int], label: dict[int, Lazy]
    ) -> Optional[Match]:
        """The match of a round's boards: its two teams, the first (先走)
        the one whose members sit the odd boards' red and the even boards'
        black, as the lowest board with a member shows it; a board of a
        third team, or against the colours, refused at its cell."""
        role: dict[int, str] = {}  # team → "first" / "second"
        ref: dict[int, int] = {}  # team → the board that gave it its role
        ok = True
        for k in sorted(seen):
            r = seen[k]
            before = len(self.errors.errors)
            for key in ("red", "black"):
                no = getattr(r, key)
                if no == VACANT or len(self.errors.errors) > before:  # one error a board
                    continue
                t = team_of[no]
                first = first_team_colour(k) == ("R" if key == "red" else "B")
                mine = "first" if first else "second"
                if t in role:
                    if role[t] != mine:
                        self.errors.add(self.bad(key, r.row, self.colour_msg(t, role[t], ref[t], k, no, key, label)))
                        ok = False
                    continue
                if len(role) == 2:
                    teams = Lazy(
                        lambda lang, ts=tuple(role): tr(lang, "common.list-sep").join(
                            str(label[x].localize(lang)) for x in ts
                        )
                    )
                    what = Msg(
                        "import_event.third-team-in-match", rno=rno, match=mno, teams=teams, no=no, team=label[t]
                    )
                    self.errors.add(self.bad(key, r.row, what))
                    ok = False
                    continue
                if mine in role.values():  # the other team already has this role: against the colours
                    other = next(x for x in role if role[x] == mine)
                    self.errors.add(self.bad(key, r.row, self.colour_msg(other, mine, ref[other], k, no, key, label)))
                    ok = False
                    continue
                role[t], ref[t] = mine, k
        if not ok:
            return None
        if len(role) < 2:
            row = min(r.row for r in seen.values())
            self.errors.add(
                InputError(
                    Msg("import_event.match-of-one-team", name=self.name, rno=rno, match=mno),
                    file=self.name,
                    row=row,
                )
            )
            return None
        going_first = next(t for t in role if role[t] == "first")
        going_second = next(t for t in role if role[t] == "second")
        return Match(mno, going_first, going_second)

    @staticmethod
    def colour_msg(team: int, role: str, ref: int, k: int, no: int, key: str, label: dict[int, Lazy]) -> Msg:
        """A member sitting the colour of the other team's role."""
        got = "R" if key == "red" else "B"
        want = "B" if got == "R" else "R"
        return Msg(
            "import_event.colours-against-the-first-mover",
            team=label[team],
            role=Msg("import_event.role-first" if role == "first" else "import_event.role-second"),
            ref=ref,
            bno=k,
            no=no,
            want=Msg("import_event.colour-red" if want == "R" else "import_event.colour-black"),
            got=Msg("import_event.colour-red" if got == "R" else "import_event.colour-black"),
        )


def read_team_rounds(path: Path, teams: list[Team], boards: int) -> list[TeamRound]:
    """The rounds of a team rounds file (see the module text) against the
    registered ``teams`` and ``boards`` a match; every problem at once."""
    reader = _Reader(path)
    reader.read()
    rounds = reader.matches(teams, boards)
    if not rounds and not reader.errors.errors:
        reader.errors.add(InputError(Msg("import_event.no-boards", name=reader.name), file=reader.name))
    reader.errors.check()
    return rounds


def import_team_event(
    registration: str,
    rounds_file: str,
    out: str,
    force: bool = False,
    name: str = "",
    system: str = "swiss",
    boards: Optional[int] = None,
    first_round: str = "adjacent",
    planned: Optional[int] = None,
) -> Outcome:
    """The team event of ``registration`` and ``rounds_file`` written to
    ``out`` (a JSON file); every problem of both files at once."""
    if Path(out).suffix.lower() in WORKBOOK_SUFFIXES:
        raise InputError(Msg("import_event.a-team-event-is-imported-as-json", out=out), file=out)
    if os.path.exists(out) and not force:
        raise InputError(Msg("import_event.exists-use-force-to-overwrite-it", out=out), file=out)
    if system not in team_systems():
        raise InputError(Msg("import_event.team-system", system=system, systems=joined(team_systems())))
    if boards is not None and not MIN_BOARDS <= boards <= MAX_BOARDS:
        raise InputError(Msg("create.boards-must-be", MIN_BOARDS=MIN_BOARDS, MAX_BOARDS=MAX_BOARDS, k=boards))
    errors = ErrorList()
    reader = _Reader(Path(rounds_file))
    read = False
    with errors.guard():
        reader.read()
        read = True
    k = boards if boards is not None else reader.boards() if read else None
    if boards is None and k is not None and not MIN_BOARDS <= k <= MAX_BOARDS:
        what = Msg("import_event.boards-from-the-file", name=reader.name, k=k, low=MIN_BOARDS, high=MAX_BOARDS)
        errors.add(InputError(what, file=reader.name))
        k = None  # nothing to read the registration with
    players: Optional[list[Player]] = None
    teams: list[Team] = []
    if k is not None:
        with errors.guard():
            players, teams = read_team_registration(registration, k, "per_round")
    rounds: list[TeamRound] = []
    if read and players is not None and k is not None:
        rounds = reader.matches(teams, k)
    errors.errors[len(errors.errors) :] = reader.errors.errors  # the registration's first, as the individual import
    if read and not rounds and not errors.errors:
        errors.add(InputError(Msg("import_event.no-boards", name=reader.name), file=reader.name))
    errors.check()
    assert players is not None and k is not None
    if len(teams) < 2:
        raise InputError(
            Msg("create.the-registration-has-team-s-at-least-2", n=len(teams)), file=Path(registration).name
        )
    kind = get_team_system(system)
    n = len(rounds)
    if kind.pairs_by_score:
        total = max(n, planned or 0)
    else:
        total = rr_round_count(len(teams), kind.cycles == 2)
        if n > total:
            raise InputError(
                Msg("import_event.more-rounds-than-the-table", name=reader.name, n=n, teams=len(teams), rounds=total),
                file=reader.name,
            )
        if planned is not None and planned != total:  # the table's rounds, as xlxq new --teams says
            label = Lazy(lambda lang: team_system_label(system, lang))
            raise InputError(
                Msg("create.a-of-teams-has-rounds-not-rounds", n=len(teams), label=label, rounds=total, rounds2=planned)
            )
    settings = TeamSettings(
        name=name or Path(rounds_file).stem,
        system=system,
        rounds=total,
        boards=k,
        lineup="per_round",
        scoring=TeamScoring(game=Scoring(win=2, draw=1, loss=0)),
        tiebreaks=list(kind.rules.default_tiebreaks),
        first_round=first_round,
    )
    event = checked(TeamEvent(settings=settings, players=players, teams=teams, rounds=rounds))
    save(event, out)

    def lines(lang: str) -> list[str]:
        t = Text(lang)
        return [t("import_event.imported-teams", n=len(teams), m=len(players), n2=n, out=out)]

    return Outcome(render=lines)
