"""What reading a workbook gives: the event and, for every sheet, where
things are.  An individual workbook (:class:`WorkbookData`):
:class:`RoundSheet`, :class:`RegistrationSheet`, :class:`SettingsSheet`,
:class:`QualifiersSheet`, :class:`KOStage`; the workbook settings that are
not in the model (:class:`WorkbookOptions`).  A team workbook (团体赛,
:class:`TeamWorkbookData`): the same 设置 and registration places (队伍报名:
:class:`TeamRegSheet`, with the team rows), and its own where the rules
differ: the line-ups (出场名单, :class:`LineupSheet`) and the round sheets'
match blocks (:class:`TeamRoundSheet`, :class:`MatchBlock`,
:class:`BoardRow`).  Both share :class:`SheetsData` (the problems, whether
they block).  The state sheets are in :mod:`xlxq.sheets.state`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional, Protocol

from xlxq.core.model import Event, Round
from xlxq.core.rating import RatingOptions
from xlxq.sheets.cells import Table
from xlxq.sheets.problems import BLOCKING, Problem
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.state import STATE_VERSION, Sig, State, TeamState, enc_seats, state_head, team_state_head

if TYPE_CHECKING:
    from xlxq.core.teams import TeamEvent

#: an empty seat (``xlxq.core.teams.VACANT``, not imported: an individual
#: workbook's operations import no team module, issue 14)
VACANT = 0


class SheetsData:
    """What every workbook's data has: the problems found, and whether one
    blocks the writing of results and standings."""

    problems: list[Problem]

    @property
    def blocking(self) -> bool:
        return any(p.level == BLOCKING for p in self.problems)


class LogBook(Protocol):
    """What the one 编排记录 writer (:mod:`xlxq.sheets.write_log`) needs of
    a workbook's data, individual or team: the snapshot, the language, the
    sheet names, the 编排记录 sheet (None: not yet) and the sheet a new one
    goes after."""

    snapshot: dict[str, list[list[Any]]]
    lang: str
    names: list[str]
    log_sheet: Optional[str]

    @property
    def log_after(self) -> Optional[str]: ...


def event_key(event: Any, upto: Optional[int] = None) -> tuple[int, ...]:
    """The identity of what a round's checks and scores are made from: the
    settings, the players and the rounds (up to round ``upto``).  The model is
    not changed in place (a pairing makes a new event sharing the earlier
    rounds), so an operation's caches on :class:`WorkbookData` key by it and
    keep the event alive with the result, so that the ids stay its own."""
    rounds = event.rounds if upto is None else [r for r in event.rounds if r.round <= upto]
    return (id(event.settings), id(event.players), *(id(r) for r in rounds))


@dataclass
class RoundSheet:
    no: int
    name: str
    table: Table
    round: Round
    board_rows: dict[int, int] = field(default_factory=dict)  # board → row
    bye_rows: dict[int, int] = field(default_factory=dict)  # player → row
    bye_side: dict[int, str] = field(default_factory=dict)  # player → "red" | "black"
    raw_results: dict[int, Any] = field(default_factory=dict)  # board → cell value
    seats: dict[int, list[tuple[int, str]]] = field(default_factory=dict)  # player → [(row, side)]
    other_rows: list[int] = field(default_factory=list)  # rows without a player
    new: bool = False
    stage: str = "main"  # "ko": a round of the knockout stage of 积分晋圈淘汰

    def rowkeys(self) -> dict[str, int]:
        """Row key ("board:5", "bye:17") → row: how a highlight finds its row
        again after rows moved."""
        return {
            **{f"board:{k}": r for k, r in self.board_rows.items()},
            **{f"bye:{k}": r for k, r in self.bye_rows.items()},
        }


@dataclass
class RegistrationSheet:
    name: str
    table: Table
    rows: dict[int, int] = field(default_factory=dict)  # 序号 → row
    assigned: dict[int, int] = field(default_factory=dict)  # row → 序号 filled in by the program
    other_rows: list[int] = field(default_factory=list)


@dataclass
class SettingsSheet:
    name: str
    table: Table
    rows: dict[str, int] = field(default_factory=dict)  # setting key → row
    # the header row of the prize block (奖项 | 名额 | 条件), when there is one
    prize_header: Optional[int] = None


@dataclass
class QualifiersSheet:
    """晋级名单 (积分晋圈淘汰): who plays the knockout stage, with his seed."""

    name: str
    table: Table
    rows: dict[int, int] = field(default_factory=dict)  # 序号 → row
    other_rows: list[int] = field(default_factory=list)


@dataclass
class KOStage:
    """The knockout stage of 积分晋圈淘汰 inside the Swiss workbook: the
    qualifiers, its round sheets (淘汰赛第N轮) and its own event."""

    qualifiers: QualifiersSheet
    rounds: list[RoundSheet]
    event: Event
    bracket: Any = None


@dataclass
class WorkbookData(SheetsData):
    names: list[str]
    snapshot: dict[str, list[list[Any]]]
    lang: str
    settings_sheet: SettingsSheet
    registration: RegistrationSheet
    rounds: list[RoundSheet]
    standings_sheet: Optional[str]
    log_sheet: Optional[str]
    state_sheet: Optional[str]
    event: Event
    normalise_results: bool
    state: State
    problems: list[Problem] = field(default_factory=list)
    options: Any = None  # WorkbookOptions
    ko: Optional[KOStage] = None  # 积分晋圈淘汰, once qualified
    sheets: dict[str, str] = field(default_factory=dict)  # kind → name: cross, bracket, final
    bracket: Any = None  # system knockout: the bracket replayed from the rounds
    input_errors: list[Any] = field(default_factory=list)  # the bad cells read (InputError), issue 10 §4
    #: the rule checks of each round made during this operation, by what they
    #: were made from (:func:`xlxq.sheets.rules.checked_round`)
    round_checks: dict[int, tuple[tuple[int, ...], Any, list[Any]]] = field(
        default_factory=dict, repr=False, compare=False
    )
    #: the 积分 before each round from the last one pass over the rounds of
    #: this operation, by what it was made from
    #: (:func:`xlxq.sheets.write_standings.kept_scores_by_round`)
    scores_by_round: Optional[tuple[tuple[int, ...], Any, dict[int, dict[int, float]]]] = field(
        default=None, repr=False, compare=False
    )

    #: the hidden state sheet's table (:func:`xlxq.sheets.write_notes.write_state`)
    state_table = L.STATE_TABLE

    def state_rows(self, event: Event) -> list[list[Any]]:
        """The state sheet's rows (before the highlights): what the program
        paired, generated and written, of both stages (read by
        :func:`xlxq.sheets.state.read_state`)."""
        rows = state_head(STATE_VERSION)
        st = self.state
        for n in sorted(st.generated):
            rows.append(["generated", n, *st.generated[n].encode()])
        # While a round is unusable its cells are not rewritten: keep the old record.
        written = st.written if self.blocking else {r.round: Sig.of(r) for r in event.rounds}
        for n in sorted(written):
            rows.append(["written", n, *written[n].encode()])
        for n in sorted(st.ko_generated):
            rows.append(["ko_generated", n, *st.ko_generated[n].encode()])
        ko_written = (
            st.ko_written if (self.blocking or self.ko is None) else {r.round: Sig.of(r) for r in self.ko.event.rounds}
        )
        for n in sorted(ko_written):
            rows.append(["ko_written", n, *ko_written[n].encode()])
        return rows

    @property
    def system(self) -> str:
        return self.event.settings.system

    @property
    def log_after(self) -> Optional[str]:
        """A new 编排记录 sheet goes after 成绩表."""
        return self.standings_sheet or None

    @property
    def all_rounds(self) -> list[RoundSheet]:
        return self.rounds + (self.ko.rounds if self.ko else [])

    def round_sheet(self, n: int, stage: str = "main") -> Optional[RoundSheet]:
        rounds = (self.ko.rounds if self.ko else []) if stage == "ko" else self.rounds
        return next((r for r in rounds if r.no == n), None)

    def table_of(self, sheet: str) -> Optional[Table]:
        if sheet == self.registration.name:
            return self.registration.table
        if sheet == self.settings_sheet.name:
            return self.settings_sheet.table
        if self.ko is not None and sheet == self.ko.qualifiers.name:
            return self.ko.qualifiers.table
        rs = next((r for r in self.all_rounds if r.name == sheet), None)
        return rs.table if rs else None

    def rowkeys(self, sheet: str) -> dict[str, int]:
        """Row key → row of a sheet (:func:`xlxq.sheets.write_notes.rowkey`)."""
        if sheet == self.registration.name:
            return {f"player:{no}": r for no, r in self.registration.rows.items()}
        rs = next((r for r in self.all_rounds if r.name == sheet), None)
        return rs.rowkeys() if rs else {}

    def note_row(self, sheet: str, row: int) -> None:
        """A row left out for its bad cell still gets its 提示 (``other_rows``)."""
        if sheet == self.registration.name:
            known = list(self.registration.rows.values()) + self.registration.other_rows
            if row not in known:
                self.registration.other_rows.append(row)
            return
        rs = next((r for r in self.all_rounds if r.name == sheet), None)
        if rs is not None and row not in [*rs.board_rows.values(), *rs.bye_rows.values(), *rs.other_rows]:
            rs.other_rows.append(row)

    def note_sheets(self) -> list[tuple[str, Table, list[int]]]:
        """The sheets whose 提示 column the program writes, with their rows."""
        reg = self.registration
        sheets = [(reg.name, reg.table, list(reg.rows.values()) + reg.other_rows)]
        for rs in self.all_rounds:
            sheets.append(
                (rs.name, rs.table, list(rs.board_rows.values()) + list(rs.bye_rows.values()) + rs.other_rows)
            )
        if self.ko is not None:
            q = self.ko.qualifiers
            sheets.append((q.name, q.table, list(q.rows.values()) + q.other_rows))
        return sheets


@dataclass
class WorkbookOptions:
    """Settings of the workbook that are not in the model: 结果规范化, and for
    积分晋圈淘汰 the number of qualifiers, the tie rule at the cut and the
    knockout stage's 每场局数 / 加赛局数 / 加赛决胜局 (a Swiss itself always
    plays one game a round)."""

    normalise_results: bool = False
    qualify_top: Optional[int] = None
    qualify_on_tie: str = "error"
    ko_games: int = 1
    ko_playoff: list[int] = field(default_factory=lambda: [2])
    ko_armageddon: bool = False
    rating: Optional[RatingOptions] = None  # the unofficial 等级分 sheet, when 设置 asks for it
    provisional: bool = False  # 暂计和棋编排: pair on unfinished games on purpose (原则(八))


#: the 设置 sheet's places: those of the individual workbook's
SettingsInfo = SettingsSheet


@dataclass
class TeamRegSheet(RegistrationSheet):
    """队伍报名: the registration's places (player 序号 → row, the 序号 the
    program filled in), with each team's rows and the 队号 filled in."""

    team_rows: dict[int, list[int]] = field(default_factory=dict)  # team no → rows
    assigned_team: dict[int, int] = field(default_factory=dict)  # row → 队号 filled in by the program


@dataclass
class LineupRow:
    row: int
    round: int
    team: int
    lineup: list[int]


@dataclass
class LineupSheet:
    name: str
    table: Table
    rows: dict[tuple[int, int], LineupRow] = field(default_factory=dict)
    other_rows: list[int] = field(default_factory=list)


@dataclass
class BoardRow:
    row: Optional[int]  # None: not on the sheet yet (the program adds it)
    board: int
    red: int = VACANT
    black: int = VACANT
    raw: Any = None  # the result cell as read
    result: Optional[str] = None
    fouls_red: int = 0
    fouls_black: int = 0
    clear_result: bool = False  # the program's forced result of an empty seat, no longer true: cleared


@dataclass
class MatchBlock:
    match: int
    row: Optional[int]
    first: int
    second: int
    boards: dict[int, BoardRow] = field(default_factory=dict)
    score_row: Optional[int] = None
    seated_by_program: bool = False  # seats written by the program in this operation


@dataclass
class TeamRoundSheet:
    no: int
    name: str
    table: Table
    matches: dict[int, MatchBlock] = field(default_factory=dict)
    bye_rows: dict[int, int] = field(default_factory=dict)  # team → row
    bye_side: dict[int, str] = field(default_factory=dict)
    other_rows: list[int] = field(default_factory=list)
    next_row: int = 0  # first free row (rows the program adds)
    new: bool = False

    def rowkeys(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for m, blk in self.matches.items():
            if blk.row is not None:
                out[f"match:{m}"] = blk.row
            if blk.score_row is not None:
                out[f"score:{m}"] = blk.score_row
            for k, br in blk.boards.items():
                if br.row is not None:
                    out[f"board:{m}:{k}"] = br.row
        for t, r in self.bye_rows.items():
            out[f"bye:{t}"] = r
        return out

    def all_rows(self) -> list[int]:
        return list(self.rowkeys().values()) + list(self.other_rows)


@dataclass
class TeamWorkbookData(SheetsData):
    names: list[str]
    snapshot: dict[str, list[list[Any]]]
    lang: str
    settings_sheet: SettingsInfo
    reg: TeamRegSheet
    lineups: Optional[LineupSheet]
    rounds: list[TeamRoundSheet]
    team_standings_sheet: Optional[str]
    board_standings_sheet: Optional[str]
    log_sheet: Optional[str]
    state_sheet: Optional[str]
    event: TeamEvent
    normalise_results: bool
    state: TeamState
    problems: list[Problem] = field(default_factory=list)
    used_lineups: dict[tuple[int, int], list[int]] = field(default_factory=dict)  # rows applied now
    input_errors: list[Any] = field(default_factory=list)  # the bad cells read (InputError), issue 10 §4
    rating_sheet: Optional[str] = None  # the unofficial 等级分 sheet, when there is one

    #: the hidden state sheet's table (:func:`xlxq.sheets.write_notes.write_state`)
    state_table = T.TEAM_STATE_TABLE

    def state_rows(self, event: TeamEvent) -> list[list[Any]]:
        """The state sheet's rows (before the highlights): what the program
        paired (match teams and seats), generated and written, and the
        出场名单 rows used (read by :func:`read_team_state`)."""
        rows = team_state_head()
        st = self.state
        for n in sorted(st.generated):
            for m, (f, s, seats) in sorted(st.generated[n].items()):
                rows.append(["generated", n, m, f, s, enc_seats(seats)])
            rows.append(["gbyes", n, " ".join(map(str, st.gbyes.get(n, [])))])
        if self.input_errors:  # bad cells: no round was built, what was last written stays (issue 10 §4)
            for n in sorted(st.written):
                for m, (f, s, seats) in sorted(st.written[n].items()):
                    rows.append(["written", n, m, f, s, enc_seats(seats)])
                rows.append(["wbyes", n, " ".join(map(str, st.wbyes.get(n, [])))])
        for rnd in event.rounds:
            for mt in rnd.matches:
                seats = enc_seats((b.red, b.black) for b in mt.boards)
                rows.append(["written", rnd.round, mt.match, mt.first, mt.second, seats])
            rows.append(["wbyes", rnd.round, " ".join(map(str, rnd.byes))])
        lineups = dict(st.lineups)
        lineups.update(self.used_lineups)
        for (n, t), lu in sorted(lineups.items()):
            rows.append(["lineup", n, t, " ".join(map(str, lu))])
        return rows

    @property
    def log_after(self) -> Optional[str]:
        """A new 编排记录 sheet goes after 台次成绩 (else 团体成绩)."""
        return self.board_standings_sheet or self.team_standings_sheet or None

    def round_sheet(self, n: int) -> Optional[TeamRoundSheet]:
        return next((r for r in self.rounds if r.no == n), None)

    def table_of(self, sheet: str) -> Optional[Table]:
        if sheet == self.reg.name:
            return self.reg.table
        if sheet == self.settings_sheet.name:
            return self.settings_sheet.table
        if self.lineups is not None and sheet == self.lineups.name:
            return self.lineups.table
        rs = next((r for r in self.rounds if r.name == sheet), None)
        return rs.table if rs else None

    def rowkeys(self, sheet: str) -> dict[str, int]:
        if sheet == self.reg.name:
            return {f"player:{no}": r for no, r in self.reg.rows.items()}
        if self.lineups is not None and sheet == self.lineups.name:
            return {f"lineup:{n}:{t}": lr.row for (n, t), lr in self.lineups.rows.items()}
        rs = next((r for r in self.rounds if r.name == sheet), None)
        return rs.rowkeys() if rs else {}

    def note_row(self, sheet: str, row: int) -> None:
        """A row left out for its bad cell still gets its 提示 (``other_rows``)."""
        places: list[tuple[str, list[int], list[int]]] = [
            (self.reg.name, list(self.reg.rows.values()), self.reg.other_rows)
        ]
        if self.lineups is not None:
            places.append((self.lineups.name, [lr.row for lr in self.lineups.rows.values()], self.lineups.other_rows))
        places += [(rs.name, list(rs.rowkeys().values()), rs.other_rows) for rs in self.rounds]
        for name, rows, other in places:
            if name == sheet and row not in rows and row not in other:
                other.append(row)

    def note_sheets(self) -> list[tuple[str, Table, list[int]]]:
        """The sheets whose 提示 column the program writes, with their rows."""
        sheets = [(self.reg.name, self.reg.table, list(self.reg.rows.values()) + self.reg.other_rows)]
        if self.lineups is not None:
            sheets.append(
                (
                    self.lineups.name,
                    self.lineups.table,
                    [lr.row for lr in self.lineups.rows.values()] + self.lineups.other_rows,
                )
            )
        for rs in self.rounds:
            sheets.append((rs.name, rs.table, rs.all_rows()))
        return sheets
