"""What reading a team workbook gives (团体赛): the sheets' places
(:class:`SettingsInfo`, :class:`TeamRegSheet`, :class:`LineupSheet`,
:class:`TeamRoundSheet` with its :class:`MatchBlock` and :class:`BoardRow`
rows), the team state sheet (:class:`TeamState`, :func:`read_team_state`)
and :class:`TeamWorkbookData`.

Sheets: 设置, 队伍报名 (one row per player), 出场名单 (one row per round and
team), 第N轮 (per match: a match row, one row per board, a score line; the
bye row), 团体成绩, 台次成绩, 编排记录 and the hidden _xlxq.  Same design and
same shared pieces as the individual workbook (:mod:`xlxq.sheets.cells`,
:mod:`~xlxq.sheets.canvas`, :mod:`~xlxq.sheets.problems`,
:mod:`~xlxq.sheets.write_notes` …); the layout is :mod:`xlxq.sheets.team_layout`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from xlxq.core.teams import VACANT, TeamEvent
from xlxq.sheets import team_layout as T
from xlxq.sheets.cells import Table, as_int, cell_at, text_of
from xlxq.sheets.data import SettingsSheet
from xlxq.sheets.problems import BLOCKING, Problem
from xlxq.sheets.state import HighlightRef, state_head


STATE_VERSION = 1


#: the 设置 sheet's places: those of the individual workbook's
SettingsInfo = SettingsSheet


@dataclass
class TeamRegSheet:
    name: str
    table: Table
    rows: dict[int, int] = field(default_factory=dict)  # player no → row
    team_rows: dict[int, list[int]] = field(default_factory=dict)  # team no → rows
    assigned_no: dict[int, int] = field(default_factory=dict)  # row → 序号 filled in by the program
    assigned_team: dict[int, int] = field(default_factory=dict)  # row → 队号 filled in by the program
    other_rows: list[int] = field(default_factory=list)


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
class TeamState:
    """The hidden _xlxq sheet of a team workbook: what the program paired
    (generated), what it last wrote (written: match teams and seats), the
    出场名单 rows already used, and the cells it highlighted."""

    generated: dict[int, dict[int, tuple[int, int, list[tuple[int, int]]]]] = field(default_factory=dict)
    gbyes: dict[int, list[int]] = field(default_factory=dict)
    written: dict[int, dict[int, tuple[int, int, list[tuple[int, int]]]]] = field(default_factory=dict)
    wbyes: dict[int, list[int]] = field(default_factory=dict)
    lineups: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    highlights: list[HighlightRef] = field(default_factory=list)


def team_state_head() -> list[list[Any]]:
    """The first rows of a team workbook's state sheet."""
    return state_head(STATE_VERSION, ["kind", "team"])


def enc_seats(seats: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{r}-{b}" for r, b in seats)


def _dec_seats(text: Any) -> Optional[list[tuple[int, int]]]:
    out = []
    try:
        for tok in str(text or "").split():
            r, b = tok.split("-")
            out.append((int(r), int(b)))
    except ValueError:
        return None
    return out


def _dec_ints(text: Any) -> Optional[list[int]]:
    try:
        return [int(float(x)) for x in str(text or "").split()]
    except ValueError:
        return None


def read_team_state(grid: list[list[Any]]) -> TeamState:
    st = TeamState()
    for i in range(1, len(grid) + 1):
        kind = text_of(cell_at(grid, i, 1))
        vals = [cell_at(grid, i, j) for j in range(2, 7)]
        if kind in ("generated", "written"):
            n, m, f, s = (as_int(v) for v in vals[:4])
            seats = _dec_seats(vals[4])
            if n and m and f and s and seats is not None:
                (st.generated if kind == "generated" else st.written).setdefault(n, {})[m] = (f, s, seats)
        elif kind in ("gbyes", "wbyes"):
            n = as_int(vals[0])
            byes = _dec_ints(vals[1])
            if n and byes is not None:
                (st.gbyes if kind == "gbyes" else st.wbyes)[n] = byes
        elif kind == "lineup":
            n, t = as_int(vals[0]), as_int(vals[1])
            lu = _dec_ints(vals[2])
            if n and t and lu is not None:
                st.lineups[(n, t)] = lu
        elif kind == "highlight" and vals[0] and vals[1] and vals[2]:
            st.highlights.append(HighlightRef(str(vals[0]), str(vals[1]), str(vals[2]), str(vals[3] or "")))
    return st


@dataclass
class TeamWorkbookData:
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

    @property
    def blocking(self) -> bool:
        return any(p.level == BLOCKING for p in self.problems)

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
