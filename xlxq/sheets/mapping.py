"""The one sheet-mapping layer: workbook values ⇄ model.

Data flows one way::

    book.values(every sheet)  ──read_workbook──▶  WorkbookData (Event + problems + where things are)
                                                    │  core: pair_round / compute_standings / explain_round
                                                    │  (round robin, knockout, 积分晋圈淘汰: xlxq.sheets.formats)
    book.apply(WritePlan)     ◀──Canvas.finish──   Canvas (edits on a copy of the values)

A backend only has to implement :class:`Book`: list the sheets, give each
sheet's values (anchored at A1), and apply one :class:`WritePlan`.  The
plan is built by diffing the wanted cell values against the values read, so
unchanged cells are never written, and cells the arbiter owns (results,
fouls, registration) are never in it (docs/workbook.md, "What the program
writes").

Sheets are read by their header names (Chinese or English, see
:mod:`xlxq.sheets.layout`): inserted columns, re-sorted rows and extra sheets
do not matter.  A problem that makes the data unusable (an unknown result, an
unknown 序号 on a board, a duplicate 序号, …) raises
:class:`~xlxq.errors.InputError` naming the sheet and row; nothing is written
then.  Everything else becomes a :class:`Problem` that is highlighted.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Protocol, runtime_checkable

from xlxq.core import records
from xlxq.core.history import build_cards
from xlxq.core.model import (Board, Event, EventSettings, PairingOptions, Player, Round, Scoring, StandingsOptions,
                             outcome, validate_event)
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets.results import BYE, ResultError, display as result_display, is_standard, parse_result
from xlxq.sheets.results import choices as result_choices
from xlxq.systems import get_system

STATE_VERSION = 1

# ==========================================================================
# backend protocol and the write plan
# ==========================================================================


@dataclass
class AddSheet:
    """Create an empty worksheet ``name`` after the sheet ``after`` (None: at
    the end).  ``kind`` is the layout kind (settings, registration, round,
    standings, log, state) for backends that want to style by kind; all
    content arrives as :class:`Values` and the other operations."""

    name: str
    kind: str
    after: Optional[str] = None


@dataclass
class Values:
    """A rectangle of literal values, top-left cell (``row``, ``col``),
    1-based.  Cells are str, int, float or None (None empties the cell).
    Strings are never formulas, even when they start with '='."""

    sheet: str
    row: int
    col: int
    values: list[list[Any]]


@dataclass
class Fill:
    """Background colour of a rectangle: '#RRGGBB', or None to remove the fill."""

    sheet: str
    row: int
    col: int
    rows: int = 1
    cols: int = 1
    colour: Optional[str] = None


@dataclass
class NumberFormat:
    """Number format of a rectangle ('@' = text, so Excel keeps '2:0' and
    '1-0' as typed instead of turning them into a time or a date)."""

    sheet: str
    row: int
    col: int
    rows: int
    cols: int
    format: str


# --- optional cosmetics: a backend applies what it can ---------------------

@dataclass
class SheetLook:
    """Column widths in characters (Excel's unit over COM; openpyxl's
    ``column_dimensions[].width``), frozen panes given as the first cell
    that scrolls ((3, 1) freezes rows 1–2), hidden sheet."""

    sheet: str
    widths: dict[int, float] = field(default_factory=dict)
    freeze: Optional[tuple[int, int]] = None
    hidden: bool = False


@dataclass
class Style:
    """Font and borders of a rectangle: bold, size, thin borders on every
    cell, horizontal alignment ('left' | 'center' | 'right'), wrap."""

    sheet: str
    row: int
    col: int
    rows: int = 1
    cols: int = 1
    bold: bool = False
    size: Optional[float] = None
    border: bool = False
    align: Optional[str] = None
    wrap: bool = False


@dataclass
class ListValidation:
    """A drop-down list on a rectangle.  ``allow_other``: other text may be
    typed (no error alert), so 1-0, 2:0 … still go in."""

    sheet: str
    row: int
    col: int
    rows: int
    cols: int
    choices: list[str]
    allow_other: bool = True


@dataclass
class PageSetup:
    """Print setup: paper, orientation, fit to ``fit_width`` pages wide and
    ``fit_height`` tall (0 = as many as needed), rows repeated on each page
    (first, last), print area (row1, col1, row2, col2), centred
    horizontally, footer text (Excel codes: &P page, &N pages)."""

    sheet: str
    paper: str = "A4"
    landscape: bool = False
    fit_width: int = 1
    fit_height: int = 0
    title_rows: Optional[tuple[int, int]] = None
    area: Optional[tuple[int, int, int, int]] = None
    centre: bool = True
    footer: Optional[str] = None


@dataclass
class WritePlan:
    """Everything one operation writes.  Backends apply it in this order:
    add_sheets, number_formats, values, fills, then the optional cosmetics
    (looks, styles, validations, page_setups).  Fills that clear old
    highlights come before new ones in ``fills``."""

    add_sheets: list[AddSheet] = field(default_factory=list)
    number_formats: list[NumberFormat] = field(default_factory=list)
    values: list[Values] = field(default_factory=list)
    fills: list[Fill] = field(default_factory=list)
    looks: list[SheetLook] = field(default_factory=list)
    styles: list[Style] = field(default_factory=list)
    validations: list[ListValidation] = field(default_factory=list)
    page_setups: list[PageSetup] = field(default_factory=list)

    def is_empty(self) -> bool:
        return not (self.add_sheets or self.number_formats or self.values or self.fills or self.looks
                    or self.styles or self.validations or self.page_setups)

    def cells_written(self) -> int:
        return sum(len(v.values) * (len(v.values[0]) if v.values else 0) for v in self.values)


@runtime_checkable
class Book(Protocol):
    """What a backend implements (openpyxl file, xlwings book, …)."""

    def sheet_names(self) -> list[str]:
        """Every worksheet name, in tab order."""
        ...

    def values(self, sheet: str) -> list[list[Any]]:
        """The used range anchored at A1 as rows of values (None for empty
        cells; rows may differ in length).  Formula cells give their value."""
        ...

    def apply(self, plan: WritePlan) -> None:
        """Apply every write of ``plan`` at once (and save, for a file)."""
        ...


# ==========================================================================
# problems and status
# ==========================================================================

BLOCKING, ERROR, WARNING, INFO = "blocking", "error", "warning", "info"
_LEVEL_ORDER = {BLOCKING: 0, ERROR: 1, WARNING: 2, INFO: 3}
_LEVEL_FILL = {BLOCKING: L.ERROR_FILL, ERROR: L.ERROR_FILL, WARNING: L.WARNING_FILL, INFO: L.INFO_FILL}


@dataclass
class Problem:
    """Something recompute found.  ``blocking``: the data cannot be used
    (standings and pairing wait until it is fixed); ``error``: breaks a
    pairing rule; ``warning``: look at it; ``info``: recorded (hand-changed
    pairing, late entry, withdrawal).  ``cols`` are the column keys
    highlighted on ``row`` of ``sheet``."""

    level: str
    code: str
    zh: str
    en: str
    sheet: Optional[str] = None
    row: Optional[int] = None
    cols: tuple[str, ...] = ()
    round: Optional[int] = None
    cell: Optional[str] = None     # e.g. "F7", filled in when the cell is known

    def message(self, lang: str = "zh") -> str:
        text = self.en if lang == "en" else self.zh
        return text

    def where(self) -> str:
        if self.sheet is None:
            return ""
        if self.cell:
            return f"{self.sheet}!{self.cell}"
        return f"{self.sheet}" + (f"!{self.row}:{self.row}" if self.row else "")


@dataclass
class Status:
    """What an operation did: ok, a one-line message in both languages,
    the problems (details), an optional text (pairing table, standings,
    编排记录) and data (the new Round, the StandingRow list …)."""

    ok: bool
    message_zh: str
    message_en: str
    details: list[Problem] = field(default_factory=list)
    text: str = ""
    data: Any = None
    event: Any = None
    ko_event: Any = None        # 积分晋圈淘汰: the knockout stage's event, once qualified

    def message(self, lang: Optional[str] = None) -> str:
        return self.message_en if _lang(lang) == "en" else self.message_zh

    def lines(self, lang: Optional[str] = None) -> list[str]:
        lang = _lang(lang)
        tags = {BLOCKING: ("错误", "error"), ERROR: ("错误", "error"), WARNING: ("警告", "warning"),
                INFO: ("说明", "note")}
        out = [self.message(lang)]
        for p in self.details:
            tag = tags[p.level][1 if lang == "en" else 0]
            where = p.where()
            out.append(f"  [{tag}] " + (f"{where} " if where else "") + p.message(lang))
        return out


def _lang(lang: Optional[str]) -> str:
    import os

    lang = lang or os.environ.get("XLXQ_LANG", "zh")
    return "en" if str(lang).lower().startswith("en") else "zh"


# ==========================================================================
# small value helpers
# ==========================================================================

def _cell(grid: list[list[Any]], row: int, col: int) -> Any:
    if row < 1 or col < 1 or row > len(grid):
        return None
    r = grid[row - 1]
    if col > len(r):
        return None
    v = r[col - 1]
    if isinstance(v, str) and not v.strip():
        return None
    return v


def _text(v: Any) -> Optional[str]:
    if v is None:
        return None
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    s = str(v).replace("\u3000", " ").strip()
    return s or None


def _num(x: Any) -> Any:
    """Integral floats as int (2.0 → 2) for display."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def _as_int(v: Any) -> Optional[int]:
    """A whole number from a cell (3, 3.0, '3', '３'), else None."""
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return int(v) if v.is_integer() else None
    s = unicodedata.normalize("NFKC", str(v)).strip()
    if re.fullmatch(r"[+-]?\d+(\.0*)?", s):
        return int(float(s))
    return None


def _as_number(v: Any) -> Optional[float]:
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return _num(v) if v == v and abs(v) != float("inf") else None
    s = unicodedata.normalize("NFKC", str(v)).strip().replace(",", "")
    try:
        x = float(s)
    except ValueError:
        return None
    return _num(x) if x == x and abs(x) != float("inf") else None


def _norm_name(s: Any) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", str(s))).lower()


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, str) and not a.strip():
        a = None
    if isinstance(b, str) and not b.strip():
        b = None
    if a is None or b is None:
        return a is None and b is None
    num = (int, float)
    if isinstance(a, num) and isinstance(b, num) and not isinstance(a, bool) and not isinstance(b, bool):
        return float(a) == float(b)
    return type(a) is type(b) and a == b


def _fail(sheet: str, row: Optional[int], zh: str, en: str, cell: Optional[str] = None) -> InputError:
    where_zh = f"“{sheet}”表" + (f"第{row}行" if row else "") + (f"（{cell}）" if cell else "")
    where_en = f"sheet {sheet!r}" + (f" row {row}" if row else "") + (f" ({cell})" if cell else "")
    return InputError(f"{where_zh}：{zh}", f"{where_en}: {en}", sheet=sheet, row=row, cell=cell)


# ==========================================================================
# canvas: edits on a copy of the values, turned into one plan
# ==========================================================================

class Canvas:
    """Collects the cells an operation wants, compares them with the
    values read, and emits the minimal :class:`WritePlan`."""

    def __init__(self, snapshot: dict[str, list[list[Any]]]):
        self.orig = snapshot
        self.edits: dict[str, dict[tuple[int, int], Any]] = {}
        self.fills: dict[tuple[str, int, int], Optional[str]] = {}
        self.plan = WritePlan()
        self.new_sheets: list[str] = []
        self.whole: set[str] = set()       # program-owned sheets: written as one block

    def value(self, sheet: str, row: int, col: int) -> Any:
        e = self.edits.get(sheet)
        if e is not None and (row, col) in e:
            return e[(row, col)]
        return _cell(self.orig.get(sheet, []), row, col)

    def set(self, sheet: str, row: int, col: int, value: Any) -> None:
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        self.edits.setdefault(sheet, {})[(row, col)] = value

    def set_row(self, sheet: str, row: int, col: int, values: Iterable[Any]) -> None:
        for j, v in enumerate(values):
            self.set(sheet, row, col + j, v)

    def clear_sheet(self, sheet: str) -> None:
        """Empty every cell that has a value (the sheet is rewritten, and is
        program-owned: its changes go out as one rectangle)."""
        self.whole.add(sheet)
        for i, r in enumerate(self.orig.get(sheet, []), start=1):
            for j, v in enumerate(r, start=1):
                if v is not None:
                    self.edits.setdefault(sheet, {})[(i, j)] = None

    def add_sheet(self, name: str, kind: str, after: Optional[str] = None) -> None:
        self.plan.add_sheets.append(AddSheet(name, kind, after))
        self.new_sheets.append(name)
        self.orig.setdefault(name, [])

    def fill(self, sheet: str, row: int, col: int, colour: Optional[str]) -> None:
        self.fills[(sheet, row, col)] = colour

    def finish(self) -> WritePlan:
        plan = self.plan
        for sheet, edits in self.edits.items():
            if sheet in self.new_sheets:
                cells = {k: v for k, v in edits.items() if v is not None}
                if not cells:
                    continue
                r0 = min(r for r, _ in cells)
                r1 = max(r for r, _ in cells)
                c0 = min(c for _, c in cells)
                c1 = max(c for _, c in cells)
                plan.values.append(Values(sheet, r0, c0, [[cells.get((r, c)) for c in range(c0, c1 + 1)]
                                                          for r in range(r0, r1 + 1)]))
                continue
            grid = self.orig.get(sheet, [])
            changed = {k: v for k, v in edits.items() if not _same(_cell(grid, k[0], k[1]), v)}
            if sheet in self.whole and changed:
                r0, r1 = min(r for r, _ in changed), max(r for r, _ in changed)
                c0, c1 = min(c for _, c in changed), max(c for _, c in changed)
                plan.values.append(Values(sheet, r0, c0, [[self.value(sheet, r, c) for c in range(c0, c1 + 1)]
                                                          for r in range(r0, r1 + 1)]))
                continue
            plan.values.extend(Values(sheet, r, c, vals) for r, c, vals in _rectangles(changed))
        by_colour: dict[tuple[str, Optional[str]], dict[tuple[int, int], bool]] = {}
        for (sheet, r, c), colour in self.fills.items():
            by_colour.setdefault((sheet, colour), {})[(r, c)] = True
        clears = [k for k in by_colour if k[1] is None]
        sets = [k for k in by_colour if k[1] is not None]
        for key in clears + sets:
            sheet, colour = key
            for r, c, vals in _rectangles(by_colour[key]):
                plan.fills.append(Fill(sheet, r, c, len(vals), len(vals[0]), colour))
        return plan


def _rectangles(cells: dict[tuple[int, int], Any]) -> list[tuple[int, int, list[list[Any]]]]:
    """Group cells into rectangles: runs of columns per row, then equal runs
    on consecutive rows merged."""
    rows: dict[int, list[int]] = {}
    for r, c in cells:
        rows.setdefault(r, []).append(c)
    runs: dict[tuple[int, int], list[int]] = {}
    for r, cs in rows.items():
        cs.sort()
        start = prev = cs[0]
        for c in cs[1:] + [None]:
            if c is not None and c == prev + 1:
                prev = c
                continue
            runs.setdefault((start, prev), []).append(r)
            if c is not None:
                start = prev = c
    out = []
    for (c0, c1), rs in runs.items():
        rs.sort()
        top = last = rs[0]
        for r in rs[1:] + [None]:
            if r is not None and r == last + 1:
                last = r
                continue
            out.append((top, c0, [[cells[(i, j)] for j in range(c0, c1 + 1)] for i in range(top, last + 1)]))
            if r is not None:
                top = last = r
    out.sort(key=lambda t: (t[0], t[1]))
    return out


# ==========================================================================
# tables found by header names
# ==========================================================================

@dataclass
class Table:
    sheet: str
    header_row: int
    cols: dict[str, int]       # column key → 1-based column
    last_row: int              # last row of the sheet's values

    def col(self, key: str) -> Optional[int]:
        return self.cols.get(key)


def _header_lookup(columns: Iterable[L.Column], exclude: set[str] = frozenset()) -> dict[str, str]:
    out: dict[str, str] = {}
    for c in columns:
        for n in c.names():
            if n and n not in exclude:
                out.setdefault(n, c.key)
    return out


_GENERIC = {L.norm_key(n): g for g, names in L.SIDED_GENERIC.items() for n in names}
_ROUND_LOOKUP = _header_lookup(L.ROUND_COLUMNS, exclude=set(_GENERIC))
_REG_LOOKUP = _header_lookup(L.REGISTRATION_COLUMNS)
_SETTINGS_LOOKUP = _header_lookup(L.SETTINGS_COLUMNS)
_STANDINGS_LOOKUP = _header_lookup(L.STANDINGS_COLUMNS + (L.STANDINGS_TAIL,))


def _find_table(sheet: str, grid: list[list[Any]], lookup: dict[str, str], must: tuple[str, ...],
                what_zh: str, what_en: str, sided: bool = False) -> Table:
    for i in range(1, min(len(grid), L.HEADER_SCAN) + 1):
        row = grid[i - 1]
        normed = [L.norm_key(v) if isinstance(v, str) else "" for v in row]
        keys = [lookup.get(n) for n in normed]
        if not all(k in keys for k in must):
            continue
        cols: dict[str, int] = {}
        result_col = keys.index("result") + 1 if sided and "result" in keys else None
        for j, (n, k) in enumerate(zip(normed, keys), start=1):
            if k is None and sided and n in _GENERIC:
                k = ("red_" if j < result_col else "black_") + _GENERIC[n]
            if k is None:
                continue
            if k in cols:
                raise _fail(sheet, i, f"有两列表示同一项目（“{row[cols[k] - 1]}”与“{row[j - 1]}”），请删除或改名其中一列",
                            f"two columns mean the same ({row[cols[k] - 1]!r} and {row[j - 1]!r})")
            cols[k] = j
        return Table(sheet, i, cols, len(grid))
    raise _fail(sheet, None, f"前{L.HEADER_SCAN}行中找不到{what_zh}的表头", f"no {what_en} header in the first "
                f"{L.HEADER_SCAN} rows")


# ==========================================================================
# the state sheet (_xlxq): what the program paired and highlighted
# ==========================================================================

@dataclass
class Sig:
    """A round's pairing: board → (red, black), and the byes."""

    boards: dict[int, tuple[int, int]] = field(default_factory=dict)
    byes: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, rnd: Round) -> "Sig":
        return cls({b.board: (b.red, b.black) for b in rnd.boards}, list(rnd.byes))

    def encode(self) -> tuple[str, str]:
        return (" ".join(f"{k}:{r}-{b}" for k, (r, b) in sorted(self.boards.items())),
                " ".join(str(n) for n in self.byes))

    @classmethod
    def decode(cls, boards: Any, byes: Any) -> Optional["Sig"]:
        out = cls()
        try:
            for tok in str(boards or "").split():
                k, rb = tok.split(":")
                r, b = rb.split("-")
                out.boards[int(k)] = (int(r), int(b))
            out.byes = [int(float(x)) for x in str(byes or "").split()]
        except ValueError:
            return None
        return out


@dataclass
class HighlightRef:
    sheet: str
    rowkey: str        # "board:5", "bye:17", "player:3", "row:12"
    colkey: str
    address: str


@dataclass
class State:
    generated: dict[int, Sig] = field(default_factory=dict)
    written: dict[int, Sig] = field(default_factory=dict)
    highlights: list[HighlightRef] = field(default_factory=list)
    # the knockout stage of 积分晋圈淘汰 (its rounds are numbered from 1 too)
    ko_generated: dict[int, Sig] = field(default_factory=dict)
    ko_written: dict[int, Sig] = field(default_factory=dict)

    def sigs(self, kind: str, stage: str = "main") -> dict[int, Sig]:
        return getattr(self, ("ko_" if stage == "ko" else "") + kind)


def _read_state(grid: list[list[Any]]) -> State:
    st = State()
    for i in range(1, len(grid) + 1):
        kind = _text(_cell(grid, i, 1))
        a, b, c, d = (_cell(grid, i, j) for j in (2, 3, 4, 5))
        if kind in ("generated", "written", "ko_generated", "ko_written"):
            n = _as_int(a)
            sig = Sig.decode(b, c)
            if n and sig is not None:
                getattr(st, kind)[n] = sig
        elif kind == "highlight" and a and b and c:
            st.highlights.append(HighlightRef(str(a), str(b), str(c), str(d or "")))
    return st


# ==========================================================================
# what was read
# ==========================================================================

@dataclass
class RoundSheet:
    no: int
    name: str
    table: Table
    round: Round
    board_rows: dict[int, int] = field(default_factory=dict)      # board → row
    bye_rows: dict[int, int] = field(default_factory=dict)        # player → row
    bye_side: dict[int, str] = field(default_factory=dict)        # player → "red" | "black"
    raw_results: dict[int, Any] = field(default_factory=dict)     # board → cell value
    seats: dict[int, list[tuple[int, str]]] = field(default_factory=dict)   # player → [(row, side)]
    other_rows: list[int] = field(default_factory=list)           # rows without a player
    new: bool = False
    stage: str = "main"          # "ko": a round of the knockout stage of 积分晋圈淘汰

    def rowkey(self, row: int) -> Optional[str]:
        for k, r in self.board_rows.items():
            if r == row:
                return f"board:{k}"
        for k, r in self.bye_rows.items():
            if r == row:
                return f"bye:{k}"
        return None

    def row_of(self, rowkey: str) -> Optional[int]:
        kind, _, n = rowkey.partition(":")
        k = _as_int(n)
        if kind == "board":
            return self.board_rows.get(k)
        if kind == "bye":
            return self.bye_rows.get(k)
        return None


@dataclass
class RegistrationSheet:
    name: str
    table: Table
    rows: dict[int, int] = field(default_factory=dict)        # 序号 → row
    assigned: dict[int, int] = field(default_factory=dict)    # row → 序号 filled in by the program
    other_rows: list[int] = field(default_factory=list)


@dataclass
class SettingsSheet:
    name: str
    table: Table
    rows: dict[str, int] = field(default_factory=dict)        # setting key → row


@dataclass
class QualifiersSheet:
    """晋级名单 (积分晋圈淘汰): who plays the knockout stage, with his seed."""

    name: str
    table: Table
    rows: dict[int, int] = field(default_factory=dict)        # 序号 → row
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
class WorkbookData:
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
    options: Any = None                    # WorkbookOptions
    ko: Optional[KOStage] = None           # 积分晋圈淘汰, once qualified
    sheets: dict[str, str] = field(default_factory=dict)   # kind → name: cross, bracket, final
    bracket: Any = None                    # system knockout: the bracket replayed from the rounds

    @property
    def blocking(self) -> bool:
        return any(p.level == BLOCKING for p in self.problems)

    @property
    def system(self) -> str:
        return self.event.settings.system

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


# ==========================================================================
# reading: settings
# ==========================================================================

_SETTING_LOOKUP: dict[str, L.Setting] = {}
for _s in L.SETTINGS_ROWS:
    for _n in _s.names():
        _SETTING_LOOKUP.setdefault(_n, _s)


def _choice_value(spec: L.Setting, raw: Any) -> tuple[bool, Any]:
    if isinstance(raw, bool) and spec.kind == "bool":
        return True, raw
    k = L.norm_key(_text(raw))
    for c in spec.choices:
        if k in {L.norm_key(x) for x in (c.zh, c.en, str(c.value), *c.aliases)}:
            return True, c.value
    return False, None


def _tiebreak_value(raw: Any) -> list[str]:
    """A preset (key or label) or a list of items (keys, Chinese or English
    labels) separated by commas, 、, ; or arrows."""
    from xlxq.core.standings import LABELS_EN, PRESETS, resolve_tiebreaks

    text = _text(raw) or ""
    k = L.norm_key(text)
    for preset, (zh, en) in L.TIEBREAK_PRESET_LABELS.items():
        if k in (L.norm_key(preset), L.norm_key(zh), L.norm_key(en)):
            return [preset]
    english = {L.norm_key(v): key for key, v in LABELS_EN.items() if key != "score"}
    items: list[str] = []
    for part in (p.strip() for p in re.split(r"[,，、;；/→>]+|->", text)):
        if not part:
            continue
        if L.norm_key(part) in english:
            items.append(english[L.norm_key(part)])
        elif re.search(r"\s", part) and part not in PRESETS:
            items.extend(english.get(L.norm_key(w), w) for w in part.split())
        else:
            items.append(part)
    if len(items) == 1 and items[0] in PRESETS:
        return items
    return resolve_tiebreaks(items)   # InputError for an unknown item


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


_SYSTEM_ZH = {"swiss": "积分编排", "round_robin": "单循环", "double_round_robin": "双循环", "knockout": "淘汰赛"}
_SYSTEM_EN = {"swiss": "Swiss", "round_robin": "round robin", "double_round_robin": "double round robin",
              "knockout": "knockout"}
RR_SYSTEMS = ("round_robin", "double_round_robin")


def _parse_intlist(raw: Any) -> Optional[list[int]]:
    """'2', '2,1', '2、1', 2 → [2] / [2, 1]; None when not a list of whole numbers ≥ 1."""
    if isinstance(raw, (int, float)) and not isinstance(raw, bool):
        v = _as_int(raw)
        return [v] if v is not None and v >= 1 else None
    text = unicodedata.normalize("NFKC", str(raw)).strip()
    parts = [x for x in re.split(r"[,，、;；/\s]+", text) if x]
    out = []
    for x in parts:
        v = _as_int(x)
        if v is None or v < 1:
            return None
        out.append(v)
    return out or None


def _parse_elimination(raw: Any) -> Optional[list[tuple[int, Any]]]:
    """'3:2', '3:2, 5:4', '第3轮2分' → [(3, 2), (5, 4)].  A cell Excel turned
    into a time (3:02) reads as 3:2.  None when unreadable."""
    import datetime as dt

    if isinstance(raw, (dt.time, dt.datetime)):
        return [(raw.hour, raw.minute)] if raw.hour >= 1 else None
    if isinstance(raw, float) and 0 < raw < 1:
        minutes = round(raw * 1440)
        return [(minutes // 60, minutes % 60)] if minutes >= 60 else None
    if isinstance(raw, (int, float)):
        return None
    text = unicodedata.normalize("NFKC", str(raw)).strip()
    out = []
    for part in (x.strip() for x in re.split(r"[,，、;；]+", text)):
        if not part:
            continue
        m = re.fullmatch(r"(?:第)?\s*(\d+)\s*(?:轮后?\s*(?:未得)?|[:：])\s*(-?\d+(?:\.\d+)?)\s*分?", part)
        if not m or int(m.group(1)) < 1:
            return None
        y = float(m.group(2))
        out.append((int(m.group(1)), int(y) if y.is_integer() else y))
    return sorted(out) or None


def _rr_tiebreak_value(raw: Any, games_per_match: int) -> list[str]:
    """The round-robin tie-break row: an RR preset (key or label), the Swiss
    default label (= the 14.1/14.2 default), or RR items (小分、胜局、直胜 …)."""
    from xlxq.core.rr_standings import LABELS_EN as RR_EN
    from xlxq.core.rr_standings import RR_KEYS, resolve_rr_tiebreaks

    text = _text(raw) or ""
    k = L.norm_key(text)
    for preset, (zh, en) in L.TIEBREAK_PRESET_LABELS.items():
        if k in (L.norm_key(preset), L.norm_key(zh), L.norm_key(en)):
            if preset in L.SWISS_PRESETS and preset != "cxa2011-opp":
                rr = "、".join(L.TIEBREAK_PRESET_LABELS[p][0] for p in L.RR_PRESETS)
                raise InputError(f"循环赛不用积分编排的名次计算方法“{text}”（可选：{rr}，或小分、胜局、直胜、犯规、后走局数等项目）",
                                 f"a round robin cannot use the Swiss tie-breaks {text!r}")
            return [preset]
    english = {L.norm_key(v): key for key, v in RR_EN.items() if key in RR_KEYS}
    items = [english.get(L.norm_key(p), p.strip()) for p in re.split(r"[,，、;；/→>]+|->", text) if p.strip()]
    return resolve_rr_tiebreaks(items, games_per_match)   # InputError for an unknown item


def _setting_rows(name: str, grid: list[list[Any]], table: Table, lookup: dict[str, L.Setting],
                  rows: dict[str, int], problems: list[Problem]) -> Iterable[tuple[int, L.Setting, Any, str]]:
    """``(row, setting, raw value, value cell)`` of each known setting of a
    设置 sheet (``lookup``: normalised label → setting), remembering its row
    in ``rows``; unknown labels become problems, a repeated one fails."""
    kc, vc = table.cols["key"], table.cols["value"]
    for r in range(table.header_row + 1, len(grid) + 1):
        label = _text(_cell(grid, r, kc))
        if label is None:
            continue
        spec = lookup.get(L.norm_key(label))
        if spec is None:
            problems.append(Problem(INFO, "unknown_setting", f"不认识的设置项目“{label}”，已忽略",
                                    f"unknown setting {label!r} ignored", name, r, ("key",)))
            continue
        if spec.key in rows:
            raise _fail(name, r, f"设置项目“{label}”与第{rows[spec.key]}行重复",
                        f"setting {label!r} repeats row {rows[spec.key]}")
        rows[spec.key] = r
        yield r, spec, _cell(grid, r, vc), L.cell_ref(r, vc)


def _number_setting(name: str, r: int, spec: L.Setting, raw: Any, cell: str) -> float:
    v = _as_number(raw)
    if v is None:
        raise _fail(name, r, f"{spec.label('zh')}应为数字，实为“{raw}”", f"{spec.en} must be a number, got {raw!r}",
                    cell)
    return v


def _choice_setting(name: str, r: int, spec: L.Setting, raw: Any, cell: str) -> Any:
    ok, v = _choice_value(spec, raw)
    if not ok:
        zh = "、".join(c.zh for c in spec.choices)
        en = ", ".join(c.en for c in spec.choices)
        raise _fail(name, r, f"{spec.label('zh')}无效：“{raw}”（可选：{zh}）", f"invalid {spec.en} {raw!r} (one of {en})",
                    cell)
    return v


def _read_settings(name: str, grid: list[list[Any]], problems: list[Problem]) -> tuple[EventSettings,
                                                                                      WorkbookOptions,
                                                                                      SettingsSheet]:
    table = _find_table(name, grid, _SETTINGS_LOOKUP, ("key", "value"), "“项目、设置”", "'Setting, Value'")
    sheet = SettingsSheet(name, table)
    vc = table.cols["value"]
    got: dict[str, Any] = {}
    raw_tiebreaks: Any = None
    for r, spec, raw, cell in _setting_rows(name, grid, table, _SETTING_LOOKUP, sheet.rows, problems):
        what = spec.label("zh")
        if raw is None:
            got[spec.key] = None if spec.kind.startswith("opt") else _model_default(spec)
            continue
        if spec.kind == "text":
            got[spec.key] = _text(raw) or ""
        elif spec.kind in ("int", "optint"):
            v = _as_int(raw)
            if v is None or v < (0 if spec.key == "first_round_seed" else 1):
                raise _fail(name, r, f"{what}应为正整数，实为“{raw}”", f"{spec.en} must be a whole number, got {raw!r}",
                            cell)
            if spec.key == "qualify_top" and v < 2:
                raise _fail(name, r, f"晋圈人数应至少为2，实为“{raw}”", f"at least 2 must qualify, got {raw!r}", cell)
            got[spec.key] = v
        elif spec.kind in ("number", "optnumber"):
            got[spec.key] = _number_setting(name, r, spec, raw, cell)
        elif spec.kind in ("choice", "bool"):
            got[spec.key] = _choice_setting(name, r, spec, raw, cell)
        elif spec.kind == "intlist":
            v = _parse_intlist(raw)
            if v is None:
                raise _fail(name, r, f"{what}应为逗号分隔的正整数（如 2 或 2,1），实为“{raw}”",
                            f"{spec.en} must be whole numbers ≥ 1 separated by commas (2 or 2,1), got {raw!r}", cell)
            got[spec.key] = v
        elif spec.kind == "elimination":
            v = _parse_elimination(raw)
            if v is None:
                raise _fail(name, r, f"{what}应写作 X:Y（第X轮后未得Y分者淘汰），多项用逗号分隔，如 3:2, 5:4；实为“{raw}”",
                            f"{spec.en} must be X:Y (under Y points after round X), e.g. 3:2, 5:4; got {raw!r}", cell)
            got[spec.key] = tuple(v)
        elif spec.kind == "tiebreaks":
            raw_tiebreaks = raw
    for spec in L.SETTINGS_ROWS:
        if spec.key not in got:
            got[spec.key] = None if spec.kind.startswith("opt") else _model_default(spec)
    system, g = got["system"], got["games_per_match"]
    # tie-breaks by system (the row may come before or after 赛制)
    if system == "knockout":
        got["tiebreaks"] = []                  # a knockout is ranked by its bracket
    elif raw_tiebreaks is not None:
        r = sheet.rows["tiebreaks"]
        try:
            got["tiebreaks"] = (_rr_tiebreak_value(raw_tiebreaks, g) if system in RR_SYSTEMS
                                else _tiebreak_value(raw_tiebreaks))
        except InputError as exc:
            raise _fail(name, r, exc.zh, exc.en, L.cell_ref(r, vc)) from None
    opts = WorkbookOptions(normalise_results=bool(got["normalise_results"]), qualify_top=got["qualify_top"],
                           qualify_on_tie=got["qualify_on_tie"], ko_games=g, ko_playoff=list(got["playoff_games"]),
                           ko_armageddon=bool(got["armageddon"]))

    def unused(key: str) -> None:
        row = sheet.rows.get(key)
        spec = L.SETTINGS_BY_KEY[key]
        problems.append(Problem(INFO, "unused_setting",
                                f"赛制为{_SYSTEM_ZH[system]}，“{spec.zh}”不用，已忽略",
                                f"the system is {_SYSTEM_EN[system]}: {spec.en!r} does not apply and is ignored",
                                name, row, ("key", "value")))

    default_po = EventSettings().playoff_games
    knockout_rows_used = system == "knockout" or (system == "swiss" and got["qualify_top"] is not None)
    if system == "swiss":
        if g != 1 and got["qualify_top"] is None:
            unused("games_per_match")
        got["games_per_match"] = 1             # a Swiss plays one game a round
    if not knockout_rows_used:
        if list(got["playoff_games"]) != list(default_po):
            unused("playoff_games")
        if got["armageddon"]:
            unused("armageddon")
    if system != "knockout":
        got["playoff_games"], got["armageddon"] = list(default_po), False
    if system != "swiss":
        if got["elimination"]:
            unused("elimination")
        if got["qualify_top"] is not None:
            unused("qualify_top")
        got["elimination"] = ()
        opts.qualify_top = None
    scoring = Scoring(win=got["win"], draw=got["draw"], loss=got["loss"], bye=got["bye"],
                      draw_red=got["draw_red"], draw_black=got["draw_black"])
    pairing = PairingOptions(**{s.target.split(".")[1]: got[s.key] for s in L.SETTINGS_ROWS
                                if s.target.startswith("pairing.")})
    standings = StandingsOptions(**{s.target.split(".")[1]: got[s.key] for s in L.SETTINGS_ROWS
                                    if s.target.startswith("standings.")})
    settings = EventSettings(name=got["name"], system=system, rounds=got["rounds"], scoring=scoring,
                             tiebreaks=list(got["tiebreaks"]), first_round=got["first_round"],
                             first_round_seed=got["first_round_seed"], pairing=pairing, standings=standings,
                             games_per_match=got["games_per_match"], playoff_games=list(got["playoff_games"]),
                             armageddon=bool(got["armageddon"]))
    if pairing.elimination:
        from xlxq.core.combined import _check_elimination

        try:
            _check_elimination(pairing.elimination)
        except InputError as exc:
            r = sheet.rows["elimination"]
            raise _fail(name, r, exc.zh, exc.en, L.cell_ref(r, vc)) from None
    return settings, opts, sheet


def _model_default(spec: L.Setting) -> Any:
    """The model's default for a settings row (workbook rows: the layout's)."""
    obj, _, attr = spec.target.partition(".")
    base = {"settings": EventSettings, "scoring": Scoring, "pairing": PairingOptions,
            "standings": StandingsOptions}.get(obj)
    if base is None:
        return spec.default
    v = getattr(base(), attr)
    return list(v) if isinstance(v, list) else v


def settings_cells(settings: EventSettings, lang: str, normalise_results: bool = False,
                   options: Optional[WorkbookOptions] = None) -> dict[str, Any]:
    """The value cell of every setting, as shown in the 设置 sheet.  For a
    Swiss with qualifiers (``options.qualify_top``), 每场局数 / 加赛局数 /
    加赛决胜局 show the knockout stage's values from ``options``."""
    opts = options or WorkbookOptions(normalise_results=normalise_results)
    ko_stage = settings.system == "swiss" and options is not None and options.qualify_top is not None
    out: dict[str, Any] = {}
    for spec in L.SETTINGS_ROWS:
        obj, _, attr = spec.target.partition(".")
        src = {"settings": settings, "scoring": settings.scoring, "pairing": settings.pairing,
               "standings": settings.standings}.get(obj)
        if obj == "workbook":
            v = getattr(opts, attr)
        elif ko_stage and spec.key in ("games_per_match", "playoff_games", "armageddon"):
            v = {"games_per_match": opts.ko_games, "playoff_games": opts.ko_playoff,
                 "armageddon": opts.ko_armageddon}[spec.key]
        else:
            v = getattr(src, attr)
        if spec.kind in ("choice", "bool"):
            v = next((c.label(lang) for c in spec.choices if c.value == v), v)
        elif spec.kind == "tiebreaks":
            v = tiebreak_text(v, lang, settings.system) or None
        elif spec.kind == "intlist":
            v = ",".join(str(x) for x in v) if v else None
        elif spec.kind == "elimination":
            v = ", ".join(f"{x}:{_num(float(y))}" for x, y in v) if v else None
        out[spec.key] = _num(v) if isinstance(v, float) else v
    return out


def tiebreak_text(spec: list[str], lang: str, system: str = "swiss") -> str:
    from xlxq.core.standings import LABELS_EN, LABELS_ZH

    if len(spec) == 1 and spec[0] in L.TIEBREAK_PRESET_LABELS:
        zh, en = L.TIEBREAK_PRESET_LABELS[spec[0]]
        return zh if lang == "zh" else en
    if system in RR_SYSTEMS:
        from xlxq.core.rr_standings import LABELS_EN, LABELS_ZH   # noqa: F811 - the round-robin labels
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    return ("、" if lang == "zh" else ", ").join(labels.get(k, k) for k in spec)


def tiebreak_sequence(spec: list[str], lang: str, system: str = "swiss", games_per_match: int = 1) -> str:
    """The order actually used, as shown in the 说明 of 排名方法."""
    if system == "knockout":
        return ("淘汰赛按对阵决出名次（冠军、亚军、并列第3–4名…），不用此项" if lang == "zh"
                else "a knockout is ranked by its bracket; not used")
    if system in RR_SYSTEMS:
        from xlxq.core.rr_standings import LABELS_EN, LABELS_ZH, resolve_rr_tiebreaks

        labels = LABELS_ZH if lang == "zh" else LABELS_EN
        keys = ["match_points" if games_per_match > 1 else "score"] + resolve_rr_tiebreaks(spec, games_per_match)
        head = ("循环赛（2011规则14.2）：" if games_per_match > 1 else "循环赛（2011规则14.1）：") if lang == "zh" \
            else "round robin: "
        return head + " → ".join(labels.get(k, k) for k in keys)
    from xlxq.core.standings import LABELS_EN, LABELS_ZH, resolve_tiebreaks

    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    keys = ["score"] + resolve_tiebreaks(spec)
    return " → ".join(labels.get(k, k) for k in keys)


# ==========================================================================
# reading: registration
# ==========================================================================

def _parse_withdrawn(v: Any) -> Optional[int]:
    if v is None:
        return None
    n = _as_int(v)
    if n is not None:
        return n
    s = unicodedata.normalize("NFKC", str(v))
    if re.fullmatch(r"\s*(在赛|active|-)?\s*", s, re.I):
        return None
    m = re.findall(r"\d+", s)
    return int(m[0]) if len(m) == 1 else -1


def _reg_entry(name: str, r: int, get: dict[str, Any], c: dict[str, int], first_no: dict[int, int],
               extra: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The entry of registration row ``r`` (cells ``get`` by key) with its
    name, ``extra`` and its checked 序号; None for a row with neither name
    nor number.  ``first_no`` remembers the rows of the numbers seen."""
    pname = _text(get.get("name"))
    raw_no = get.get("no")
    if pname is None and raw_no is None:
        return None
    if pname is None:
        raise _fail(name, r, f"序号 {_text(raw_no)} 没有姓名", f"no {_text(raw_no)} has no name",
                    L.cell_ref(r, c["name"]))
    e: dict[str, Any] = {"row": r, "name": pname, **extra}
    if raw_no is not None:
        n = _as_int(raw_no)
        if n is None or n < 1:
            raise _fail(name, r, f"{pname} 的序号应为正整数，实为“{raw_no}”",
                        f"{pname}: no must be a positive whole number, got {raw_no!r}", L.cell_ref(r, c["no"]))
        if n in first_no:
            raise _fail(name, r, f"序号 {n} 重复（第{first_no[n]}行与第{r}行），序号必须唯一",
                        f"no {n} appears twice (rows {first_no[n]} and {r})", L.cell_ref(r, c["no"]))
        first_no[n] = r
        e["no"] = n
    return e


def _reg_rating(e: dict[str, Any], name: str, r: int, get: dict[str, Any], c: dict[str, int]) -> None:
    """Set ``e["rating"]`` from the row's 等级分 cell, if any."""
    if get.get("rating") is not None:
        x = _as_number(get["rating"])
        if x is None:
            raise _fail(name, r, f"{e['name']} 的等级分应为数字，实为“{get['rating']}”",
                        f"{e['name']}: rating must be a number, got {get['rating']!r}", L.cell_ref(r, c["rating"]))
        e["rating"] = x


def _read_registration(name: str, grid: list[list[Any]], problems: list[Problem]) -> tuple[list[Player],
                                                                                          RegistrationSheet]:
    table = _find_table(name, grid, _REG_LOOKUP, ("name",), "“姓名”", "'Name'")
    reg = RegistrationSheet(name, table)
    c = table.cols
    entries: list[dict] = []
    first_no: dict[int, int] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        get = {k: _cell(grid, r, j) for k, j in c.items()}
        e = _reg_entry(name, r, get, c, first_no, {"unit": _text(get.get("unit")) or ""})
        if e is None:
            reg.other_rows.append(r)
            continue
        pname = e["name"]
        _reg_rating(e, name, r, get, c)
        if get.get("seed") is not None:
            x = _as_int(get["seed"])
            if x is None or x < 1:
                raise _fail(name, r, f"{pname} 的种子应为正整数，实为“{get['seed']}”",
                            f"{pname}: seed must be a positive whole number, got {get['seed']!r}",
                            L.cell_ref(r, c["seed"]))
            e["seed"] = x
        wd = _parse_withdrawn(get.get("withdrawn"))
        if wd is not None and wd < 1:
            raise _fail(name, r, f"{pname} 的退赛轮次应为轮次数字（如 5 表示从第5轮起不再编排），实为“{get['withdrawn']}”",
                        f"{pname}: withdrawn-from-round must be a round number, got {get['withdrawn']!r}",
                        L.cell_ref(r, c["withdrawn"]))
        e["withdrawn"] = wd
        entries.append(e)
    if not entries:
        raise _fail(name, None, "报名表中没有棋手", "no players registered")
    nxt = max(first_no, default=0)
    for e in entries:
        if "no" not in e:
            nxt += 1
            e["no"] = nxt
            reg.assigned[e["row"]] = nxt
            if "no" in c:
                problems.append(Problem(INFO, "numbered", f"{e['name']} 未填序号，已自动编为 {nxt} 号",
                                        f"{e['name']} had no number; numbered {nxt}", name, e["row"], ("no",)))
            else:
                raise _fail(name, None, "报名表没有“序号”列，请加一列“序号”", "the registration has no 'No' column")
    players = []
    for e in entries:
        reg.rows[e["no"]] = e["row"]
        players.append(Player(no=e["no"], name=e["name"], unit=e["unit"], rating=e.get("rating"),
                              seed=e.get("seed"), withdrawn_from_round=e["withdrawn"]))
    players.sort(key=lambda p: p.no)
    return players, reg


# ==========================================================================
# reading: round sheets
# ==========================================================================

class _Names:
    def __init__(self, players: list[Player]):
        self.by_no = {p.no: p for p in players}
        self.by_name: dict[str, list[Player]] = {}
        for p in players:
            self.by_name.setdefault(_norm_name(p.name), []).append(p)


def _resolve_seat(sheet: str, row: int, side: str, no_cell: Any, name_cell: Any, stored: Optional[int],
                  names: _Names, cols: dict[str, int]) -> Optional[int]:
    """The player in one seat from its 序号 and name cells (see docs)."""
    side_zh = "红方" if side == "red" else "黑方"
    no_ref = L.cell_ref(row, cols[f"{side}_no"]) if f"{side}_no" in cols else None
    name_ref = L.cell_ref(row, cols[f"{side}_name"]) if f"{side}_name" in cols else None
    no = None
    if no_cell is not None:
        no = _as_int(no_cell)
        if no is None or no < 1:
            raise _fail(sheet, row, f"{side_zh}序号应为正整数，实为“{no_cell}”",
                        f"{side} no must be a positive whole number, got {no_cell!r}", no_ref)
        if no not in names.by_no:
            raise _fail(sheet, row, f"{side_zh}序号 {no} 不在报名表中", f"{side} no {no} is not registered", no_ref)
    name = _text(name_cell)
    if no is None and name is None:
        return None
    matches = names.by_name.get(_norm_name(name), []) if name else []
    if no is None:
        if not matches:
            raise _fail(sheet, row, f"{side_zh}“{name}”不在报名表中（请填写序号）",
                        f"{side} {name!r} is not registered (fill in the number)", name_ref)
        if len(matches) > 1:
            raise _fail(sheet, row, f"{side_zh}“{name}”在报名表中重名（{'、'.join(str(p.no) for p in matches)}号），请填写序号",
                        f"{side} {name!r} is ambiguous; fill in the number", name_ref)
        return matches[0].no
    if name is None or any(p.no == no for p in matches) or not matches:
        return no          # agree, or the name is not a registered one (rewritten from 序号)
    others = [p.no for p in matches]
    if stored == no:
        if len(others) == 1:
            return others[0]   # the name was changed by hand
    elif stored in others:
        return no              # the 序号 was changed by hand
    raise _fail(sheet, row, f"{side_zh}序号 {no}（{names.by_no[no].name}）与姓名“{name}”（{'、'.join(map(str, others))}号）"
                f"不一致，请改正序号或姓名", f"{side} no {no} ({names.by_no[no].name}) does not match the name "
                f"{name!r} (no {', '.join(map(str, others))}); correct one of them", no_ref or name_ref)


def _read_round(n: int, name: str, grid: list[list[Any]], names: _Names, written: Optional[Sig],
                stage: str = "main") -> RoundSheet:
    table = _find_table(name, grid, _ROUND_LOOKUP, ("result",), "“结果”", "'Result'", sided=True)
    c = table.cols
    for side, zh in (("red", "红方"), ("black", "黑方")):
        if f"{side}_no" not in c and f"{side}_name" not in c:
            raise _fail(name, table.header_row, f"找不到{zh}的“序号”或姓名列", f"no {side} number or name column")
    rows: list[dict] = []
    for r in range(table.header_row + 1, len(grid) + 1):
        get = {k: _cell(grid, r, j) for k, j in c.items()}
        if all(get.get(k) is None for k in ("red_no", "red_name", "black_no", "black_name")):
            rows.append({"row": r, "empty": True})
            continue
        board_raw = get.get("board")
        board = _as_int(board_raw)
        if board_raw is not None and board is None:
            if L.norm_key(board_raw) not in ("轮空", "bye"):
                raise _fail(name, r, f"台次应为数字，实为“{board_raw}”", f"board must be a number, got {board_raw!r}",
                            L.cell_ref(r, c["board"]))
        if board is not None and board < 1:
            raise _fail(name, r, f"台次应为正整数，实为“{board_raw}”", f"board must be positive, got {board_raw!r}",
                        L.cell_ref(r, c["board"]))
        stored_pair = written.boards.get(board) if (written and board) else None
        if written and board is None and len(written.byes) == 1:
            stored_pair = (written.byes[0], written.byes[0])
        seats = {}
        for i, side in enumerate(("red", "black")):
            stored = stored_pair[i] if stored_pair else None
            seats[side] = _resolve_seat(name, r, side, get.get(f"{side}_no"), get.get(f"{side}_name"), stored,
                                        names, c)
        raw = get.get("result")
        try:
            res = parse_result(raw)
        except ResultError as exc:
            raise _fail(name, r, f"无法识别的结果“{exc.text}”（可填：红胜、黑胜、和、1-0、0-1、½-½、2:0、红弃权、黑弃权、双弃权 等）",
                        f"unknown result {exc.text!r} (e.g. red win, black win, draw, 1-0, 0-1, ½-½, double forfeit)",
                        L.cell_ref(r, c["result"])) from None
        fouls = {}
        for side in ("red", "black"):
            key = f"fouls_{side}"
            v = get.get(key)
            if v is None:
                fouls[side] = 0
                continue
            f = _as_int(v)
            if f is None or f < 0:
                raise _fail(name, r, f"{'红' if side == 'red' else '黑'}犯规次数应为0或正整数，实为“{v}”",
                            f"{side} fouls must be a whole number ≥ 0, got {v!r}", L.cell_ref(r, c[key]))
            fouls[side] = f
        rows.append({"row": r, "board": board, "red": seats["red"], "black": seats["black"], "result": res,
                     "raw": raw, "fouls": fouls})
    rs = RoundSheet(n, name, table, Round(round=n), stage=stage)
    boards: list[Board] = []
    used = {d["board"]: d["row"] for d in rows if not d.get("empty") and d["red"] and d["black"] and d["board"]}
    seen_board: dict[int, int] = {}
    nxt = max(used, default=0)
    for d in rows:
        r = d["row"]
        if d.get("empty"):
            rs.other_rows.append(r)
            continue
        red, black = d["red"], d["black"]
        if red is not None and black is not None:
            if d["result"] == BYE:
                raise _fail(name, r, "双方都有棋手的对局不能填“轮空”", "a board with two players cannot be a bye",
                            L.cell_ref(r, c["result"]))
            b = d["board"]
            if b is None:
                nxt += 1
                b = nxt
            if b in seen_board:
                raise _fail(name, r, f"台次 {b} 重复（第{seen_board[b]}行与第{r}行）",
                            f"board {b} appears twice (rows {seen_board[b]} and {r})", L.cell_ref(r, c["board"])
                            if "board" in c else None)
            seen_board[b] = r
            boards.append(Board(board=b, red=red, black=black, result=d["result"],
                                fouls_red=d["fouls"]["red"], fouls_black=d["fouls"]["black"]))
            rs.board_rows[b] = r
            rs.raw_results[b] = d["raw"]
            rs.seats.setdefault(red, []).append((r, "red"))
            rs.seats.setdefault(black, []).append((r, "black"))
        else:
            if d["result"] not in (None, BYE):
                raise _fail(name, r, f"只有一名棋手的行是轮空行，结果栏应为空或“轮空”，实为“{d['raw']}”",
                            f"a row with one player is a bye; the result should be empty or 'bye', got {d['raw']!r}",
                            L.cell_ref(r, c["result"]))
            no, side = (red, "red") if red is not None else (black, "black")
            rs.round.byes.append(no)
            if no in rs.bye_rows:
                rs.seats.setdefault(no, []).append((r, side))
                continue
            rs.bye_rows[no] = r
            rs.bye_side[no] = side
            rs.seats.setdefault(no, []).append((r, side))
    rs.round.boards = sorted(boards, key=lambda b: b.board)
    return rs


# ==========================================================================
# read the whole workbook
# ==========================================================================

def _numbered_sheets(kinds: dict, kind: str, what_zh: str, what_en: str) -> dict[int, str]:
    by_round: dict[int, str] = {}
    for nm, n in kinds.get(kind, []):
        if n in by_round:
            raise InputError(f"{what_zh}第{n}轮有两张工作表：“{by_round[n]}”与“{nm}”，请删除或改名其中一张",
                             f"{what_en}round {n} has two sheets: {by_round[n]!r} and {nm!r}")
        by_round[n] = nm
    for i, n in enumerate(sorted(by_round), start=1):
        if n != i:
            raise InputError(f"缺少{what_zh}第{i}轮的工作表（已有：{'、'.join(by_round[k] for k in sorted(by_round))}）",
                             f"the sheet of {what_en}round {i} is missing")
    return by_round


def read_workbook(book: Book) -> WorkbookData:
    """Read every sheet once and build the event.  Raises InputError for
    unusable data; other problems are in ``.problems``."""
    names = list(book.sheet_names())
    kinds: dict[str, list[tuple[str, Optional[int]]]] = {}
    for nm in names:
        kind, n = L.sheet_kind(nm)
        if kind:
            kinds.setdefault(kind, []).append((nm, n))
    for kind in (L.SETTINGS, L.REGISTRATION):
        if kind not in kinds:
            zh, en = L.SHEET_NAMES[kind]["zh"], L.SHEET_NAMES[kind]["en"]
            raise InputError(f"工作簿中找不到“{zh}”表（英文模板为 {en}）", f"the workbook has no {en!r} sheet ({zh})")
    singles = (L.SETTINGS, L.REGISTRATION, L.STANDINGS, L.LOG, L.STATE, L.CROSS, L.BRACKET, L.QUALIFIERS, L.FINAL)
    for kind in singles:
        if len(kinds.get(kind, [])) > 1:
            both = "、".join(f"“{n}”" for n, _ in kinds[kind])
            raise InputError(f"工作簿中有多张同类工作表：{both}，请删除或改名多余的一张",
                             f"the workbook has more than one such sheet: {both}")
    one = {kind: kinds[kind][0][0] for kind in singles if kind in kinds}
    settings_name = one[L.SETTINGS]
    reg_name = one[L.REGISTRATION]
    lang = L.lang_of_sheet(reg_name)
    wanted = [settings_name, reg_name] + [nm for nm, _ in kinds.get(L.ROUND, []) + kinds.get(L.KO_ROUND, [])]
    wanted += [one[k] for k in (L.STATE, L.LOG, L.STANDINGS, L.CROSS, L.BRACKET, L.QUALIFIERS, L.FINAL) if k in one]
    snapshot = {nm: [list(r) for r in (book.values(nm) or [])] for nm in wanted}
    problems: list[Problem] = []
    settings, opts, settings_sheet = _read_settings(settings_name, snapshot[settings_name], problems)
    players, reg = _read_registration(reg_name, snapshot[reg_name], problems)
    state_name = one.get(L.STATE)
    state = _read_state(snapshot[state_name]) if state_name else State()
    by_round = _numbered_sheets(kinds, L.ROUND, "", "")
    system = settings.system
    settings.rounds = _system_rounds(settings, len(players), len(by_round))
    if len(by_round) > settings.rounds:
        if system in RR_SYSTEMS:
            raise InputError(f"工作簿中已有{len(by_round)}轮，超过{len(players)}人{_SYSTEM_ZH[system]}的{settings.rounds}轮",
                             f"the workbook has {len(by_round)} rounds but a {_SYSTEM_EN[system]} of "
                             f"{len(players)} has {settings.rounds}")
        raise InputError(f"工作簿中已有{len(by_round)}轮，超过“{settings_name}”表中的轮数 {settings.rounds}（请修改轮数）",
                         f"the workbook has {len(by_round)} rounds but the settings say {settings.rounds}")
    names_idx = _Names(players)
    rounds = [_read_round(n, by_round[n], snapshot[by_round[n]], names_idx, state.written.get(n))
              for n in sorted(by_round)]
    event = Event(settings=settings, players=players, rounds=[rs.round for rs in rounds])
    ko = _read_ko_stage(kinds, one, snapshot, settings, opts, players, names_idx, state, lang)
    data = WorkbookData(names=names, snapshot=snapshot, lang=lang, settings_sheet=settings_sheet, registration=reg,
                        rounds=rounds, standings_sheet=one.get(L.STANDINGS), log_sheet=one.get(L.LOG),
                        state_sheet=state_name, event=event, normalise_results=opts.normalise_results, state=state,
                        problems=problems, options=opts, ko=ko,
                        sheets={k: one[k] for k in (L.CROSS, L.BRACKET, L.FINAL) if k in one})
    _check_settings(data)
    if system in RR_SYSTEMS or system == "knockout":
        _refuse_late_entries(data)
    data.problems.extend(structural_problems(data))
    if not data.blocking:
        validate_event(event)   # raises InputError for what the checks above do not cover
        if system == "knockout":
            data.bracket = replay_bracket(data, event, data.rounds)
        if ko is not None:
            validate_event(ko.event)
            ko.bracket = replay_bracket(data, ko.event, ko.rounds)
        data.problems.extend(rule_problems(data, event))
        if ko is not None:
            from xlxq.sheets.formats import ko_rule_problems

            data.problems.extend(ko_rule_problems(data, ko.event, ko.rounds, ko.bracket))
    locate(data)
    return data


def _system_rounds(settings: EventSettings, n_players: int, n_sheets: int) -> int:
    """轮数 as the model needs it: as typed for a Swiss; from the number of
    players for a round robin (the table) and a knockout (stages × games,
    raised by the 加赛 rounds already in the workbook)."""
    system = get_system(settings.system)
    if not system.fixed_rounds:
        return settings.rounds
    if n_players < 2:
        return max(settings.rounds, n_sheets)
    planned = system.planned_rounds(n_players, settings)
    return planned if settings.system in RR_SYSTEMS else max(planned, n_sheets)


def _refuse_late_entries(data: WorkbookData) -> None:
    """A round robin's table and a knockout's bracket come from the
    registration: once round 1 exists, a new player cannot be fitted in."""
    if not data.rounds:
        return
    first = set(data.rounds[0].round.players())
    for p in data.event.players:
        if p.no in first or p.withdrawn_from_round == 1:
            continue
        if data.system == "knockout":
            zh, en = "淘汰赛的对阵按报名表确定", "a knockout's bracket is made from the registration"
        else:
            zh, en = "循环赛的秩序表按报名人数确定", "a round robin's table is made from the registration"
        raise _fail(data.registration.name, data.registration.rows.get(p.no),
                    f"{p.name}（{p.no}号）不在第1轮中：{zh}，比赛开始后不能再加入棋手（请删除此行，或在“退赛轮次”填 1）",
                    f"{p.name} (no {p.no}) is not in round 1: {en}; no player can join after the start "
                    f"(delete the row, or put 1 in 'Withdrawn from round')")


def _read_ko_stage(kinds: dict, one: dict, snapshot: dict, settings: EventSettings, opts: WorkbookOptions,
                   players: list[Player], names_idx: _Names, state: State, lang: str) -> Optional[KOStage]:
    """The knockout stage of 积分晋圈淘汰: 晋级名单 + 淘汰赛第N轮."""
    if L.QUALIFIERS not in one and L.KO_ROUND not in kinds:
        return None
    ko_sheets = _numbered_sheets(kinds, L.KO_ROUND, "淘汰赛", "knockout ")
    if settings.system != "swiss":
        what = one.get(L.QUALIFIERS) or ko_sheets[min(ko_sheets)]
        raise InputError(f"工作表“{what}”属于积分晋圈淘汰的淘汰赛阶段，而本赛事赛制为{_SYSTEM_ZH[settings.system]}"
                         f"（请删除或改名该表）",
                         f"sheet {what!r} belongs to the knockout stage of a Swiss, but the event is a "
                         f"{_SYSTEM_EN[settings.system]}")
    if L.QUALIFIERS not in one:
        zh, en = L.SHEET_NAMES[L.QUALIFIERS]["zh"], L.SHEET_NAMES[L.QUALIFIERS]["en"]
        raise InputError(f"有淘汰赛轮次的工作表，但找不到“{zh}”表（晋圈后生成）", f"knockout rounds but no {en!r} sheet")
    qname = one[L.QUALIFIERS]
    grid = snapshot[qname]
    lookup = _header_lookup(L.QUALIFIER_COLUMNS)
    table = _find_table(qname, grid, lookup, ("seed",), "“种子”", "'Seed'")
    c = table.cols
    if "no" not in c and "name" not in c:
        raise _fail(qname, table.header_row, "找不到“序号”或“姓名”列", "no number or name column")
    qs = QualifiersSheet(qname, table)
    by_no = names_idx.by_no
    seeds: dict[int, int] = {}
    seed_row: dict[int, int] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        raw_no = _cell(grid, r, c["no"]) if "no" in c else None
        name = _text(_cell(grid, r, c["name"])) if "name" in c else None
        raw_seed = _cell(grid, r, c["seed"])
        if raw_no is None and name is None:
            qs.other_rows.append(r)
            continue
        if raw_no is not None:
            no = _as_int(raw_no)
            if no is None or no not in by_no:
                raise _fail(qname, r, f"序号“{raw_no}”不在报名表中", f"no {raw_no!r} is not registered",
                            L.cell_ref(r, c["no"]))
        else:
            found = names_idx.by_name.get(_norm_name(name), [])
            if len(found) != 1:
                raise _fail(qname, r, f"“{name}”不在报名表中或重名，请填写序号", f"{name!r} is unknown or ambiguous: "
                            f"fill in the number", L.cell_ref(r, c["name"]))
            no = found[0].no
        seed = _as_int(raw_seed)
        if seed is None or seed < 1:
            raise _fail(qname, r, f"{by_no[no].name}（{no}号）的种子应为正整数，实为“{raw_seed}”",
                        f"{no}: the seed must be a positive whole number, got {raw_seed!r}", L.cell_ref(r, c["seed"]))
        if no in seeds:
            raise _fail(qname, r, f"{by_no[no].name}（{no}号）在晋级名单中出现两次（第{qs.rows[no]}行与第{r}行）",
                        f"{no} is listed twice (rows {qs.rows[no]} and {r})")
        if seed in seed_row:
            raise _fail(qname, r, f"种子 {seed} 重复（第{seed_row[seed]}行与第{r}行）",
                        f"seed {seed} appears twice (rows {seed_row[seed]} and {r})", L.cell_ref(r, c["seed"]))
        seeds[no] = seed
        seed_row[seed] = r
        qs.rows[no] = r
    if len(seeds) < 2:
        raise _fail(qname, None, "晋级名单中至少要有2名棋手", "at least 2 qualifiers are needed")
    from xlxq.core.knockout import planned_rounds

    ko_players = [Player(no=p.no, name=p.name, unit=p.unit, rating=p.rating, seed=seeds[p.no])
                  for p in sorted((by_no[no] for no in seeds), key=lambda p: (seeds[p.no], p.no))]
    name = settings.name
    ko_settings = EventSettings(name=f"{name} 淘汰赛" if name else "淘汰赛", system="knockout",
                                rounds=max(planned_rounds(len(ko_players), opts.ko_games), len(ko_sheets)),
                                scoring=settings.scoring, tiebreaks=[], games_per_match=opts.ko_games,
                                playoff_games=list(opts.ko_playoff), armageddon=opts.ko_armageddon)
    rounds = []
    for n in sorted(ko_sheets):
        rs = _read_round(n, ko_sheets[n], snapshot[ko_sheets[n]], names_idx, state.ko_written.get(n), stage="ko")
        for no, seats in rs.seats.items():
            if no not in seeds:
                row = seats[0][0]
                raise _fail(rs.name, row, f"{by_no[no].name}（{no}号）不在“{qname}”中，不能参加淘汰赛",
                            f"{by_no[no].name} (no {no}) is not in {qname!r}: not in the knockout")
        rounds.append(rs)
    ko_event = Event(settings=ko_settings, players=ko_players, rounds=[rs.round for rs in rounds])
    return KOStage(qs, rounds, ko_event)


def replay_bracket(data: WorkbookData, event: Event, rounds: list[RoundSheet]):
    """build_bracket, with its errors naming the sheet and row."""
    from xlxq.core.knockout import build_bracket

    try:
        return build_bracket(event)
    except InputError as exc:
        where = exc.place
        rs = next((r for r in rounds if r.no == where.round), None)
        if rs is not None:
            row = rs.board_rows.get(where.board) if where.board is not None else None
            raise _fail(rs.name, row, exc.zh, exc.en) from None
        raise


def locate(data: Any) -> None:
    """Fill in ``Problem.cell`` (the first highlighted cell) where known."""
    for p in data.problems:
        if p.sheet is None or p.row is None or p.cell is not None:
            continue
        table = data.table_of(p.sheet)
        cols = [table.cols[k] for k in p.cols if k in table.cols] if table else []
        if cols:
            p.cell = L.cell_ref(p.row, cols[0])


def _check_settings(data: WorkbookData) -> None:
    """Model-level settings checks, with the sheet and row named."""
    s = data.event.settings
    sheet = data.settings_sheet
    try:
        validate_event(Event(settings=s, players=[]))
        from xlxq.core.standings import _check_options  # noqa: PLC0415 - shared validation

        _check_options(data.event)
        if s.system == "knockout":
            from xlxq.core.knockout import check_knockout_settings

            check_knockout_settings(data.event)
        if data.ko is not None:
            from xlxq.core.knockout import check_knockout_settings

            check_knockout_settings(data.ko.event)
        if s.system in RR_SYSTEMS:
            from xlxq.core.roundrobin import _check_policy

            _check_policy(data.event)
    except InputError as exc:
        raise _fail(sheet.name, None, exc.zh, exc.en) from None


# ==========================================================================
# checks → problems
# ==========================================================================

def round_label(rs: RoundSheet) -> tuple[str, str]:
    """'第3轮' / 'round 3' ('淘汰赛第3轮' for the knockout stage)."""
    if rs.stage == "ko":
        return f"淘汰赛第{rs.no}轮", f"knockout round {rs.no}"
    return f"第{rs.no}轮", f"round {rs.no}"


def structural_problems(data: WorkbookData) -> list[Problem]:
    """Problems that make a round unusable (blocking): a player twice in a
    round, or paired with himself."""
    out: list[Problem] = []
    by_no = data.event._by_no
    for rs in data.all_rounds:
        zh_r, en_r = round_label(rs)
        for no, seats in rs.seats.items():
            if len(seats) > 1:
                rows = "、".join(str(r) for r, _ in seats)
                name = by_no[no].name
                for r, side in seats:
                    out.append(Problem(BLOCKING, "twice",
                                       f"{zh_r}：{name}（{no}号）出现{len(seats)}次（第{rows}行），请改正",
                                       f"{en_r}: {name} (no {no}) appears {len(seats)} times (rows {rows})",
                                       rs.name, r, (f"{side}_no", f"{side}_name"), rs.no))
    return out


def _first_rounds(event: Event) -> dict[int, Optional[int]]:
    first: dict[int, Optional[int]] = {p.no: None for p in event.players}
    for r in event.rounds:
        for no in r.players():
            if first.get(no) is None:
                first[no] = r.round
    return first


def hand_problems(data: WorkbookData, rs: RoundSheet) -> tuple[list[Problem], set[int], bool]:
    """A round changed since the program paired it (the pairing recorded in
    _xlxq): info notes quoting the original.  Returns the problems, the
    boards changed and whether the byes changed."""
    out: list[Problem] = []
    n = rs.no
    gen = data.state.sigs("generated", rs.stage).get(n)
    changed_boards: set[int] = set()
    byes_changed = False
    if gen is None:
        return out, changed_boards, byes_changed
    gen_pairs = {frozenset(p): p for p in gen.boards.values()}
    for b in rs.round.boards:
        key = frozenset((b.red, b.black))
        row = rs.board_rows[b.board]
        if key not in gen_pairs:
            changed_boards.add(b.board)
            was = [f"{r}-{k}" for r, k in gen.boards.values() if b.red in (r, k) or b.black in (r, k)]
            out.append(Problem(INFO, "hand_pairing",
                               f"人工调整的对阵（原编排：{'，'.join(was)}）；已采用表中的对阵",
                               f"pairing changed by hand (was {', '.join(was)}); the sheet is used",
                               rs.name, row, ("red_no", "red_name", "black_name", "black_no"), n))
        elif gen_pairs[key] != (b.red, b.black):
            changed_boards.add(b.board)
            out.append(Problem(INFO, "hand_colours", "人工调整：先后手与编排相反；已采用表中的先后手",
                               "colours swapped by hand; the sheet is used",
                               rs.name, row, ("red_name", "black_name"), n))
    if sorted(gen.byes) != sorted(rs.round.byes):
        byes_changed = True
        for no in rs.round.byes:
            out.append(Problem(INFO, "hand_bye",
                               f"人工调整的轮空（原编排轮空：{'、'.join(map(str, gen.byes)) or '无'}）",
                               f"bye changed by hand (was {', '.join(map(str, gen.byes)) or 'none'})",
                               rs.name, rs.bye_rows[no], (f"{rs.bye_side[no]}_name",), n))
    return out, changed_boards, byes_changed


def unfinished_problems(rs: RoundSheet, skip: frozenset = frozenset()) -> list[Problem]:
    zh_r, en_r = round_label(rs)
    return [Problem(WARNING, "unfinished", f"{zh_r}第{b.board}台未填结果（名次按未赛计，编排按和棋暂计）",
                    f"{en_r} board {b.board} has no result", rs.name, rs.board_rows[b.board], ("result",), rs.no)
            for b in rs.round.boards if b.result is None and b.board not in skip]


def withdrawal_problems(data: WorkbookData, event: Event) -> list[Problem]:
    reg = data.registration
    return [Problem(INFO, "withdrawn", f"自第{p.withdrawn_from_round}轮起退赛，不再编排",
                    f"withdrawn from round {p.withdrawn_from_round}", reg.name, reg.rows.get(p.no), ("withdrawn",))
            for p in event.players if p.withdrawn_from_round is not None]


def rule_problems(data: WorkbookData, event: Event) -> list[Problem]:
    """Rule checks of every round of the main stage, by system: the Swiss
    rules (xlxq.core.checks), the round-robin table, the knockout bracket;
    hand-changed pairings, unfinished results, late entries and withdrawals."""
    system = event.settings.system
    if system in RR_SYSTEMS:
        from xlxq.sheets.formats import rr_rule_problems

        return rr_rule_problems(data, event) + withdrawal_problems(data, event)
    if system == "knockout":
        from xlxq.sheets.formats import ko_rule_problems

        return ko_rule_problems(data, event, data.rounds, data.bracket) + withdrawal_problems(data, event)
    return swiss_rule_problems(data, event)


def _elimination_verdicts(data: WorkbookData, event: Event) -> tuple[dict[int, int], list[Problem]]:
    """积分末位淘汰: player → round after which he went out (verdicts that are
    certain), and a warning for each game whose missing result leaves a
    verdict open."""
    if not event.settings.pairing.elimination:
        return {}, []
    from xlxq.core.combined import elimination_rounds

    out: dict[int, int] = {}
    problems: list[Problem] = []
    last = len(event.rounds)
    for x in sorted({x for x, _ in event.settings.pairing.elimination}):
        if x > last:                  # round x not played yet: no verdict
            break
        try:
            out = elimination_rounds(event, before_round=x + 1)
        except InputError as exc:
            where = exc.place
            rs = data.round_sheet(where.round) if where.round is not None else None
            if rs is not None and x < len(event.rounds):
                problems.append(Problem(WARNING, "elimination_open", exc.zh, exc.en, rs.name,
                                        rs.board_rows.get(where.board), ("result",), rs.no))
            break
    return out, problems


def plan_problems(data: Any, event: Any, team: bool = False) -> list[Problem]:
    """原则(一)(二) on a Swiss (of players, or of teams with ``team``): the
    planned 轮数 against the field (:func:`xlxq.core.checks.round_count_warnings`,
    a warning on 设置's 轮数 row; its 说明 says why: :func:`write_settings_help`),
    and an odd field noted in the 提示 of round 1's bye row."""
    from xlxq.core.checks import odd_field_note, round_count_warnings

    out: list[Problem] = []
    sheet = data.settings_sheet
    row = sheet.rows.get("rounds")
    units = event.teams if team else event.players
    n = sum(1 for u in units if u.active_in(1))
    for zh, en in round_count_warnings(n, event.settings.rounds, team):
        out.append(Problem(WARNING, "rounds_plan", zh, en, sheet.name, row, ("value",)))
    rs1 = next((rs for rs in data.rounds if rs.no == 1), None)
    first = next((r for r in event.rounds if r.round == 1), None)
    odd = odd_field_note(len(first.teams() if team else first.players()), team) if first is not None else None
    if rs1 is not None and odd:
        for r in rs1.bye_rows.values():
            out.append(Problem(INFO, "odd_field", odd[0], odd[1], rs1.name, r, (), 1))
    return out


def swiss_rule_problems(data: WorkbookData, event: Event) -> list[Problem]:
    from xlxq.core.checks import check_round

    out: list[Problem] = plan_problems(data, event)
    reg = data.registration
    first = _first_rounds(event)
    last = max((r.round for r in event.rounds), default=0)
    gone, open_problems = _elimination_verdicts(data, event)
    out += open_problems
    for rs in data.rounds:
        n = rs.no
        hand, changed_boards, byes_changed = hand_problems(data, rs)
        out += hand
        by_hand = n not in data.state.generated
        try:
            issues = check_round(event, n)
        except InputError:          # an elimination verdict still open (reported above)
            issues = []
        for issue in issues:
            if issue.code == "missing":
                (no,) = issue.players
                f = first.get(no)
                if f is None or f > n:
                    continue          # late entry, reported once below
                out.append(Problem(WARNING, "missing", f"第{n}轮未编排（缺席？如已退赛请填写退赛轮次）",
                                   f"not paired in round {n} (absent? if withdrawn, fill in the round)",
                                   reg.name, reg.rows.get(no), ("name",), n))
                continue
            zh, en = issue.zh, issue.en
            if issue.code == "withdrawn" and issue.players and gone.get(issue.players[0], n) < n:
                no = issue.players[0]
                zh = f"第{n}轮：{event.player(no).name}（{no}号）已于第{gone[no]}轮后积分末位淘汰，却被编排"
                en = f"round {n}: player {no} was eliminated after round {gone[no]} but is paired"
            if issue.code in ("rematch", "withdrawn", "second_bye", "byes", "twice"):
                level = ERROR
            else:            # soft colour/bye rules: judged only where the pairing is not the program's
                if not (by_hand or byes_changed or (issue.board in changed_boards)):
                    continue
                level = WARNING
            for row, cols in _issue_cells(rs, issue):
                out.append(Problem(level, issue.code, zh, en, rs.name, row, cols, n))
        if n < last:
            out += unfinished_problems(rs)
    for p in event.players:
        row = reg.rows.get(p.no)
        f = first.get(p.no)
        if last and (f is None or f > 1) and (p.withdrawn_from_round is None
                                                or p.withdrawn_from_round > (f or last + 1)):
            if f is None:
                zh = f"中途加入：前{last}轮未参赛，从第{last + 1}轮起编排"
                en = f"late entry: not in rounds 1–{last}; paired from round {last + 1}"
            else:
                zh = f"中途加入：自第{f}轮起参赛"
                en = f"late entry: plays from round {f}"
            out.append(Problem(INFO, "late_entry", zh, en, reg.name, row, ("name",)))
    out += withdrawal_problems(data, event)
    for no, x in sorted(gone.items()):
        if x <= last:
            y = _num(float(min(v for k, v in event.settings.pairing.elimination if k == x)))
            out.append(Problem(INFO, "eliminated", f"积分末位淘汰：第{x}轮后未得{y}分，自第{x + 1}轮起不再编排",
                               f"eliminated: under {y} points after round {x}, not paired from round {x + 1}",
                               reg.name, reg.rows.get(no), ("name",)))
    return out


def _issue_cells(rs: RoundSheet, issue) -> list[tuple[int, tuple[str, ...]]]:
    if issue.board is not None and issue.board in rs.board_rows:
        row = rs.board_rows[issue.board]
        if issue.players and len(issue.players) == 1:
            no = issue.players[0]
            sides = [s for r, s in rs.seats.get(no, []) if r == row] or ["red"]
            return [(row, (f"{sides[0]}_no", f"{sides[0]}_name"))]
        return [(row, ("red_no", "red_name", "black_name", "black_no"))]
    out = []
    for no in issue.players:
        if no in rs.bye_rows:
            side = rs.bye_side[no]
            out.append((rs.bye_rows[no], (f"{side}_no", f"{side}_name")))
    if not out and not issue.players:
        out = [(r, (f"{rs.bye_side[no]}_name",)) for no, r in rs.bye_rows.items()]
    return out


# ==========================================================================
# writing
# ==========================================================================

def scores_before(event: Event, round_no: int) -> dict[int, float]:
    """积分 before ``round_no`` as the pairing saw it (unfinished = draw)."""
    cards = build_cards(event, round_no, event.settings.pairing.forfeit_counts_as_met)
    return {no: c.score for no, c in cards.items()}


def _round_grid_header(lang: str) -> list[str]:
    return [c.header(lang) for c in L.ROUND_COLUMNS]


def add_round_sheet(canvas: Canvas, data: WorkbookData, event: Event, rnd: Round, stage: str = "main",
                    label: str = "") -> RoundSheet:
    """A new 对阵表 sheet for ``rnd`` (the program's layout).  ``stage`` "ko":
    a round of the knockout stage of 积分晋圈淘汰 (淘汰赛第N轮).  ``label``
    goes into the title (秩序表第3轮, 半决赛 第2局 …)."""
    lang = data.lang
    name = L.round_sheet_name(rnd.round, lang, stage)
    if name in data.names:
        raise InputError(f"已有名为“{name}”的工作表，请改名后再编排", f"a sheet named {name!r} already exists")
    if stage == "ko":
        assert data.ko is not None
        after = (data.ko.rounds[-1].name if data.ko.rounds
                 else data.sheets.get(L.BRACKET) or data.ko.qualifiers.name)
    else:
        after = data.rounds[-1].name if data.rounds else data.registration.name
    canvas.add_sheet(name, L.ROUND, after)          # kind "round" for both stages (a round sheet)
    cols = {c.key: i for i, c in enumerate(L.ROUND_COLUMNS, start=1)}
    ncols = len(L.ROUND_COLUMNS)
    canvas.set(name, L.TITLE_ROW, 1, L.round_title(rnd.round, data.event.settings.name, lang, stage, label))
    canvas.set_row(name, L.HEADER_ROW, 1, _round_grid_header(lang))
    rs = RoundSheet(rnd.round, name, Table(name, L.HEADER_ROW, cols, 0), rnd, new=True, stage=stage)
    r = L.FIRST_DATA_ROW
    for b in rnd.boards:
        canvas.set(name, r, cols["board"], b.board)
        rs.board_rows[b.board] = r
        rs.raw_results[b.board] = None
        rs.seats.setdefault(b.red, []).append((r, "red"))
        rs.seats.setdefault(b.black, []).append((r, "black"))
        r += 1
    for no in rnd.byes:
        canvas.set(name, r, cols["board"], "轮空" if lang == "zh" else "bye")
        canvas.set(name, r, cols["result"], result_display(BYE, lang))
        rs.bye_rows[no] = r
        rs.bye_side[no] = "red"
        rs.seats.setdefault(no, []).append((r, "red"))
        r += 1
    last = r - 1
    rs.table.last_row = last
    (data.ko.rounds if stage == "ko" else data.rounds).append(rs)
    data.names.append(name)
    # formats and looks
    res_col = cols["result"]
    plan = canvas.plan
    plan.number_formats.append(NumberFormat(name, L.FIRST_DATA_ROW, res_col, last - L.FIRST_DATA_ROW + 1
                                            + L.VALIDATION_MARGIN, 1, L.TEXT_FORMAT))
    table_looks(canvas, name, {i: c.width for i, c in enumerate(L.ROUND_COLUMNS, start=1)}, ncols, last,
                (L.FIRST_DATA_ROW, 1))
    if last >= L.FIRST_DATA_ROW:
        for key in ("board", "red_no", "red_score", "result", "black_score", "black_no", "fouls_red", "fouls_black"):
            plan.styles.append(Style(name, L.FIRST_DATA_ROW, cols[key], last - L.FIRST_DATA_ROW + 1, 1,
                                     align="center"))
    plan.validations.append(ListValidation(name, L.FIRST_DATA_ROW, res_col, last - L.FIRST_DATA_ROW + 1
                                           + L.VALIDATION_MARGIN, 1, result_choices(lang)))
    plan.page_setups.append(PageSetup(name, landscape=True, title_rows=(L.TITLE_ROW, L.HEADER_ROW),
                                      area=(1, 1, max(last, L.HEADER_ROW), cols["fouls_black"]),
                                      footer="&P / &N"))
    return rs


def _put(canvas: Canvas, rs: Any, row: Optional[int], key: str, value: Any) -> None:
    col = rs.table.cols.get(key)
    if col is not None and row is not None:
        canvas.set(rs.name, row, col, value)


def write_round_cells(canvas: Canvas, data: WorkbookData, event: Event, rs: RoundSheet) -> None:
    """Program-owned cells of a round sheet: 序号/names made to agree with
    the pairing, 单位, 积分 before the round, the result's standard spelling
    when normalising is on."""
    from xlxq.sheets.formats import round_scores

    by_no = event._by_no
    scores = round_scores(event, rs.round)
    seats = []
    for b in rs.round.boards:
        row = rs.board_rows[b.board]
        seats += [(row, "red", b.red), (row, "black", b.black)]
        if data.normalise_results and b.result is not None and not is_standard(rs.raw_results.get(b.board),
                                                                                b.result, data.lang):
            _put(canvas, rs, row, "result", result_display(b.result, data.lang))
    for no, row in rs.bye_rows.items():
        seats.append((row, rs.bye_side[no], no))
    for row, side, no in seats:
        p = by_no[no]
        _put(canvas, rs, row, f"{side}_no", no)
        _put(canvas, rs, row, f"{side}_name", p.name)
        _put(canvas, rs, row, f"{side}_unit", p.unit or None)
        score = scores.get(no)
        _put(canvas, rs, row, f"{side}_score", None if score is None else _num(float(score)))


def write_registration_cells(canvas: Canvas, data: WorkbookData) -> None:
    reg = data.registration
    col = reg.table.cols.get("no")
    if col is None:
        return
    for row, no in reg.assigned.items():
        canvas.set(reg.name, row, col, no)


def write_notes(canvas: Canvas, data: WorkbookData) -> None:
    """The 提示 columns (program-owned): one line per row with its problems."""
    lang = data.lang
    sheets = [(data.registration.name, data.registration.table,
               list(data.registration.rows.values()) + data.registration.other_rows)]
    for rs in data.all_rounds:
        sheets.append((rs.name, rs.table, list(rs.board_rows.values()) + list(rs.bye_rows.values())
                       + rs.other_rows))
    if data.ko is not None:
        q = data.ko.qualifiers
        sheets.append((q.name, q.table, list(q.rows.values()) + q.other_rows))
    write_row_notes(canvas, data.problems, lang, sheets)


def write_row_notes(canvas: Canvas, problems: list[Problem], lang: str,
                    sheets: list[tuple[str, Table, list[int]]]) -> None:
    """Write the messages of ``problems`` into the 备注 column of their rows
    (most serious first); the other rows of ``sheets`` get an empty note."""
    by_row: dict[tuple[str, int], list[str]] = {}
    for p in sorted(problems, key=lambda p: _LEVEL_ORDER[p.level]):
        if p.sheet is not None and p.row is not None:
            msgs = by_row.setdefault((p.sheet, p.row), [])
            m = p.message(lang)
            if m and m not in msgs:
                msgs.append(m)
    for sheet, table, rows in sheets:
        col = table.cols.get("note")
        if col is None:
            continue
        for row in rows:
            msgs = by_row.get((sheet, row))
            canvas.set(sheet, row, col, ("；" if lang == "zh" else "; ").join(msgs) if msgs else None)


def write_highlights(canvas: Canvas, data: WorkbookData) -> list[HighlightRef]:
    """Clear the program's previous highlights (from the state sheet) and
    colour the cells of the current problems.  Returns the new list."""
    return paint_highlights(canvas, data, _resolve_ref, _rowkey)


def paint_highlights(canvas: Canvas, data: Any, resolve_ref: Callable[[Any, HighlightRef], Optional[tuple[int, int]]],
                     rowkey: Callable[[Any, str, int], str]) -> list[HighlightRef]:
    """:func:`write_highlights` for any workbook data (individual or team):
    ``resolve_ref`` finds a remembered highlight's cell, ``rowkey`` names a
    row so that it can be found again after rows moved."""
    for h in data.state.highlights:
        if h.sheet not in data.snapshot and h.sheet not in canvas.new_sheets:
            continue
        pos = resolve_ref(data, h)
        if pos is not None:
            canvas.fill(h.sheet, pos[0], pos[1], None)
    refs: list[HighlightRef] = []
    done: set[tuple[str, int, int]] = set()
    for p in sorted(data.problems, key=lambda p: -_LEVEL_ORDER[p.level]):   # most serious colour wins
        if p.sheet is None or p.row is None:
            continue
        table = data.table_of(p.sheet)
        if table is None:
            continue
        cols = [table.cols[k] for k in p.cols if k in table.cols]
        if cols and p.cell is None:
            p.cell = L.cell_ref(p.row, cols[0])
        for col in cols:
            canvas.fill(p.sheet, p.row, col, _LEVEL_FILL[p.level])
            key = (p.sheet, p.row, col)
            if key not in done:
                done.add(key)
                refs.append(HighlightRef(p.sheet, rowkey(data, p.sheet, p.row), _colkey(table, col),
                                         L.cell_ref(p.row, col)))
    return refs


def _colkey(table: Table, col: int) -> str:
    return next((k for k, c in table.cols.items() if c == col), f"col:{col}")


def _rowkey(data: WorkbookData, sheet: str, row: int) -> str:
    if sheet == data.registration.name:
        no = next((n for n, r in data.registration.rows.items() if r == row), None)
        if no is not None:
            return f"player:{no}"
    rs = next((r for r in data.all_rounds if r.name == sheet), None)
    if rs is not None:
        k = rs.rowkey(row)
        if k:
            return k
    return f"row:{row}"


def _resolve_ref(data: WorkbookData, h: HighlightRef) -> Optional[tuple[int, int]]:
    table = data.table_of(h.sheet)
    row = col = None
    if table is not None:
        kind, _, n = h.rowkey.partition(":")
        if kind == "player":
            row = data.registration.rows.get(_as_int(n))
        elif kind in ("board", "bye"):
            rs = next((r for r in data.all_rounds if r.name == h.sheet), None)
            row = rs.row_of(h.rowkey) if rs else None
        col = table.cols.get(h.colkey)
    return _cell_or_address(row, col, h.address)


def _cell_or_address(row: Optional[int], col: Optional[int], address: str) -> Optional[tuple[int, int]]:
    """``(row, col)`` when both are known, else the remembered address."""
    if row is None or col is None:
        m = re.fullmatch(r"([A-Z]+)(\d+)", address or "")
        if not m:
            return None
        c = 0
        for ch in m.group(1):
            c = c * 26 + ord(ch) - 64
        return int(m.group(2)), c
    return row, col


def write_state(canvas: Canvas, data: WorkbookData, refs: list[HighlightRef], event: Event) -> None:
    name = data.state_sheet
    if name is None:
        name = L.SHEET_NAMES[L.STATE]["zh"]
        canvas.add_sheet(name, L.STATE, None)
        canvas.plan.looks.append(SheetLook(name, {1: 12, 2: 14, 3: 60, 4: 20, 5: 10}, hidden=True))
        data.state_sheet = name
    canvas.clear_sheet(name)
    rows: list[list[Any]] = [["xlxq", "内部记录，请勿修改 / internal record of xlxq, do not edit"],
                             ["version", STATE_VERSION]]
    for n in sorted(data.state.generated):
        rows.append(["generated", n, *data.state.generated[n].encode()])
    # While a round is unusable its cells are not rewritten: keep the old record.
    written = data.state.written if data.blocking else {r.round: Sig.of(r) for r in event.rounds}
    for n in sorted(written):
        rows.append(["written", n, *written[n].encode()])
    for n in sorted(data.state.ko_generated):
        rows.append(["ko_generated", n, *data.state.ko_generated[n].encode()])
    ko_written = data.state.ko_written if (data.blocking or data.ko is None) else \
        {r.round: Sig.of(r) for r in data.ko.event.rounds}
    for n in sorted(ko_written):
        rows.append(["ko_written", n, *ko_written[n].encode()])
    write_state_rows(canvas, name, rows, refs)


def write_state_rows(canvas: Canvas, name: str, rows: list[list[Any]], refs: list[HighlightRef]) -> None:
    """Write the state sheet's ``rows`` and then the highlight rows."""
    rows = rows + [["highlight", h.sheet, h.rowkey, h.colkey, h.address] for h in refs]
    for i, row in enumerate(rows, start=1):
        canvas.set_row(name, i, 1, [v if v != "" else None for v in row])


# --- standings ------------------------------------------------------------

def standings_after(event: Event) -> int:
    """The last round with at least one result (0 if none): the N of the
    tables (:func:`xlxq.core.standings.table_round`)."""
    from xlxq.core.standings import table_round

    return table_round(event).after


def _round_cell(rnd: Round, seat: dict[int, Board], no: int, lang: str) -> Optional[str]:
    """One round of a player in 成绩表: '12先胜', '7后和', '3先负(弃权)', '轮空'."""
    if no in rnd.byes:
        return result_display(BYE, lang)
    b = seat.get(no)
    if b is None:
        return None
    red = no == b.red
    opp = b.black if red else b.red
    s = f"{opp}{'先' if red else '后'}" if lang == "zh" else f"{opp}{'R' if red else 'B'}"
    if b.result is None:
        return s
    o = outcome(b.result, "R" if red else "B")
    s += {"W": "胜", "D": "和", "L": "负"}[o] if lang == "zh" else {"W": "+", "D": "=", "L": "-"}[o]
    if b.forfeit:
        s += "(弃权)" if lang == "zh" else "F"
    return s


def write_standings(canvas: Canvas, data: WorkbookData, event: Event) -> list:
    """Rewrite the 成绩表 (program-owned).  Returns the StandingRow list."""
    from xlxq.core.standings import (LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, compute_standings, resolve_tiebreaks,
                                     table_round)

    lang = data.lang
    tr = table_round(event)
    after = tr.after
    rows = compute_standings(event, after)
    keys = [k for k in resolve_tiebreaks(event.settings.tiebreaks) if k in TIEBREAK_KEYS]
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    name = data.standings_sheet
    if name is None:
        name = L.SHEET_NAMES[L.STANDINGS][lang]
        after_sheet = data.rounds[-1].name if data.rounds else data.registration.name
        canvas.add_sheet(name, L.STANDINGS, after_sheet)
        data.standings_sheet = name
    canvas.clear_sheet(name)
    rnd_by_no = {r.round: r for r in event.rounds}
    seats = {r.round: {no: b for b in r.boards for no in (b.red, b.black)} for r in event.rounds}
    header = [c.header(lang) for c in L.STANDINGS_COLUMNS]
    header += [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys]
    header += [L.round_col_header(n, lang) for n in range(1, after + 1)]
    header.append(L.STANDINGS_TAIL.header(lang))
    canvas.set(name, L.TITLE_ROW, 1, L.standings_title(tr, event.settings.name, lang))
    canvas.set_row(name, L.HEADER_ROW, 1, header)
    by_no = event._by_no
    gone, _ = _elimination_verdicts(data, event)
    elim = {x: min(y for k, y in event.settings.pairing.elimination if k == x) for x in set(gone.values())}
    seeds = {p.no: p.seed for p in data.ko.event.players} if data.ko is not None else {}
    r = L.FIRST_DATA_ROW
    for row in rows:
        p = by_no[row.no]
        notes = []
        if p.withdrawn_from_round is not None and not p.active_in(after + 1):
            notes.append(f"第{p.withdrawn_from_round}轮起退赛" if lang == "zh"
                         else f"withdrawn from round {p.withdrawn_from_round}")
        if row.no in gone:
            x = gone[row.no]
            y = _num(float(elim[x]))
            notes.append(f"第{x}轮后淘汰（未得{y}分）" if lang == "zh" else f"eliminated after round {x} (under {y})")
        if row.no in seeds:
            notes.append(f"晋级淘汰赛（种子{seeds[row.no]}）" if lang == "zh" else f"to the knockout (seed {seeds[row.no]})")
        note = ("；" if lang == "zh" else "; ").join(notes) or None
        vals = [row.rank, row.no, row.name, row.unit or None, _num(row.score)]
        vals += [_num(row.tiebreaks[k]) for k in keys]
        vals += [_round_cell(rnd_by_no[n], seats[n], row.no, lang) for n in range(1, after + 1)]
        vals.append(note)
        canvas.set_row(name, r, 1, vals)
        r += 1
    last = r - 1
    ncols = len(header)
    widths = L.standings_widths([c.width for c in L.STANDINGS_COLUMNS], len(keys), L.TIEBREAK_WIDTH, after,
                                L.ROUND_CELL_WIDTH, L.STANDINGS_TAIL.width)
    standings_looks(canvas, name, widths, ncols, last, 5)
    return rows


def table_looks(canvas: Canvas, name: str, widths: dict[int, float], ncols: int, last: int,
                freeze: tuple[int, int]) -> None:
    """The usual looks of a table of ``ncols`` columns under a title whose
    data end at row ``last``: header fill and style, widths, frozen panes,
    title style, borders."""
    plan = canvas.plan
    for c in range(1, ncols + 1):
        canvas.fill(name, L.HEADER_ROW, c, L.HEADER_FILL)
    plan.looks.append(SheetLook(name, widths, freeze=freeze))
    plan.styles.append(Style(name, L.TITLE_ROW, 1, bold=True, size=14))
    plan.styles.append(Style(name, L.HEADER_ROW, 1, 1, ncols, bold=True, border=True, align="center"))
    if last >= L.FIRST_DATA_ROW:
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, 1, last - L.FIRST_DATA_ROW + 1, ncols, border=True))


def standings_looks(canvas: Canvas, name: str, widths: dict[int, float], ncols: int, last: int,
                    centre_from: int) -> None:
    """Header fill, widths, borders and print setup of a standings table of
    ``ncols`` columns whose data end at row ``last``; columns 1–2 and from
    ``centre_from`` on are centred."""
    plan = canvas.plan
    table_looks(canvas, name, widths, ncols, last, (L.FIRST_DATA_ROW, 4))
    if last >= L.FIRST_DATA_ROW:
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, 1, last - L.FIRST_DATA_ROW + 1, 2, align="center"))
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, centre_from, last - L.FIRST_DATA_ROW + 1,
                                 ncols - centre_from, align="center"))
    plan.page_setups.append(PageSetup(name, landscape=ncols > 12, title_rows=(L.TITLE_ROW, L.HEADER_ROW),
                                      area=(1, 1, max(last, L.HEADER_ROW), ncols), footer="&P / &N"))


# --- 编排记录 --------------------------------------------------------------



def write_log(canvas: Canvas, data: WorkbookData, round_no: int, text: str, stage: str = "main") -> None:
    """Replace (or add) the block of ``round_no`` in 编排记录."""
    write_log_blocks(canvas, data, {(stage, round_no): text})


def write_log_blocks(canvas: Canvas, data: WorkbookData, new_blocks: dict[tuple[str, int], str]) -> None:
    """Replace (or add) blocks of 编排记录, keyed by (stage, round); blocks
    are kept in round order (the knockout stage of 积分晋圈淘汰 after the
    Swiss), lines before the first block are kept."""
    name = data.log_sheet
    if name is None:
        name = L.SHEET_NAMES[L.LOG][data.lang]
        canvas.add_sheet(name, L.LOG, data.standings_sheet or None)
        canvas.plan.looks.append(SheetLook(name, {1: L.LOG_WIDTH}))
        data.log_sheet = name
        data.names.append(name)
    preamble, blocks = read_log_blocks(data.snapshot.get(name, []), records.HEADING_RE, records.block_key)
    for blk in [preamble, *blocks.values()]:
        while blk and blk[-1] is None:
            blk.pop()
    for (stage, n), text in new_blocks.items():
        blocks[(1 if stage == "ko" else 0, n)] = text.splitlines()
    write_log_lines(canvas, name, preamble, blocks)


def read_log_blocks(grid: list[list[Any]], block_re: re.Pattern, key_of: Callable[[re.Match], Any]
                    ) -> tuple[list[Optional[str]], dict[Any, list[Optional[str]]]]:
    """The lines of a 编排记录 sheet: those before the first block, and the
    blocks (each starting at a line that ``block_re`` matches) by
    ``key_of(match)``."""
    lines = [_text(_cell(grid, i, 1)) for i in range(1, len(grid) + 1)]
    while lines and lines[-1] is None:
        lines.pop()
    preamble: list[Optional[str]] = []
    blocks: dict[Any, list[Optional[str]]] = {}
    current: Any = None
    for ln in lines:
        m = block_re.match(ln or "")
        if m:
            current = key_of(m)
            blocks[current] = [ln]
        elif current is None:
            preamble.append(ln)
        else:
            blocks[current].append(ln)
    return preamble, blocks


def write_log_lines(canvas: Canvas, name: str, preamble: list[Optional[str]],
                    blocks: dict[Any, list[Optional[str]]]) -> None:
    """Rewrite the 编排记录 sheet: the preamble, then the blocks in key
    order, one empty line between."""
    out = list(preamble)
    for key in sorted(blocks):
        if out:
            out.append(None)
        out.extend(blocks[key])
    canvas.clear_sheet(name)
    for i, ln in enumerate(out, start=1):
        canvas.set(name, i, 1, ln)


# --- settings help of the tie-break row -----------------------------------

def write_settings_help(canvas: Canvas, data: WorkbookData) -> None:
    """The 说明 of 排名方法 (the order actually used) and, for a round robin
    or knockout, of 轮数 (computed from the number of players)."""
    sheet = data.settings_sheet
    col = sheet.table.cols.get("help")
    if col is None:
        return
    s = data.event.settings
    lang = data.lang
    row = sheet.rows.get("tiebreaks")
    if row is not None:
        canvas.set(sheet.name, row, col, tiebreak_sequence(s.tiebreaks, lang, s.system, s.games_per_match))
    row = sheet.rows.get("rounds")
    if row is not None:
        spec = L.SETTINGS_BY_KEY["rounds"]
        text = spec.help_zh if lang == "zh" else spec.help_en
        plan = [p.message(lang) for p in data.problems if p.code == "rounds_plan"]
        if plan:                   # 原则(二): why 轮数 is flagged (the 提示 of this row)
            text = ("注意：" if lang == "zh" else "note: ") + ("；" if lang == "zh" else "; ").join(plan)
        n = len(data.event.players)
        label = (_SYSTEM_ZH if lang == "zh" else _SYSTEM_EN)[s.system]
        games = (f"每场{s.games_per_match}局" if lang == "zh" else f"{s.games_per_match} games a match") \
            if s.games_per_match > 1 else ""
        if s.system in RR_SYSTEMS:
            text = (f"由人数算出：{n}人{label}{games}共{s.rounds}轮（本栏不用）" if lang == "zh"
                    else f"computed: a {label} of {n} players{', ' + games if games else ''} has {s.rounds} "
                         f"rounds (this cell is not used)")
        elif s.system == "knockout":
            from xlxq.core.knockout import planned_rounds

            planned = planned_rounds(n, s.games_per_match) if n >= 2 else s.rounds
            text = (f"由人数算出：{n}人淘汰赛{games}不计加赛共{planned}轮，加赛另增（本栏不用）" if lang == "zh"
                    else f"computed: a knockout of {n} players has {planned} rounds without play-offs "
                         f"(this cell is not used)")
        canvas.set(sheet.name, row, col, text)


# ==========================================================================
# a whole refresh (recompute / after pairing)
# ==========================================================================

def write_system_standings(canvas: Canvas, data: WorkbookData, event: Event) -> list:
    """成绩表 and the sheets that go with it, by system: Swiss (with the
    knockout stage of 积分晋圈淘汰: 对阵图, 最终名次), round robin (交叉表),
    knockout (places, 对阵图).  Returns the standing rows of the main stage."""
    from xlxq.sheets import formats as F

    system = event.settings.system
    if system in RR_SYSTEMS:
        rows = F.write_rr_standings(canvas, data, event)
        F.write_cross_table(canvas, data, event)
        return rows
    if system == "knockout":
        from xlxq.core.knockout import build_bracket

        bracket = data.bracket or build_bracket(event)
        rows = F.write_ko_standings(canvas, data, event, bracket)
        F.write_bracket(canvas, data, event, bracket, data.standings_sheet)
        return rows
    rows = write_standings(canvas, data, event)
    if data.ko is not None:
        from xlxq.core.knockout import build_bracket

        ko = data.ko
        ko.bracket = ko.bracket or build_bracket(ko.event)
        F.write_bracket(canvas, data, ko.event, ko.bracket, ko.qualifiers.name)
        F.write_final_ranking(canvas, data, event, ko.event)
    return rows


def refresh(canvas: Canvas, data: WorkbookData, event: Event, standings: bool = True) -> list:
    """Every program-owned cell from ``event`` and ``data.problems``: round
    sheets, registration numbers, notes, highlights, standings, state."""
    rows: list = []
    if not data.blocking:
        for rs in data.rounds:
            write_round_cells(canvas, data, event, rs)
        if data.ko is not None:
            for rs in data.ko.rounds:
                write_round_cells(canvas, data, data.ko.event, rs)
        write_settings_help(canvas, data)
        if standings:
            rows = write_system_standings(canvas, data, event)
    write_registration_cells(canvas, data)
    write_notes(canvas, data)
    refs = write_highlights(canvas, data)
    write_state(canvas, data, refs, event)
    return rows


# ==========================================================================
# a new workbook (templates, create_event_workbook)
# ==========================================================================

def settings_looks(canvas: Canvas, sname: str, last: int) -> None:
    """Header fill, widths, borders and print setup of a 设置 sheet whose
    rows end at ``last``."""
    plan = canvas.plan
    for j in range(1, 4):
        canvas.fill(sname, 2, j, L.HEADER_FILL)
    plan.looks.append(SheetLook(sname, {i: c.width for i, c in enumerate(L.SETTINGS_COLUMNS, start=1)},
                                freeze=(3, 1)))
    plan.styles += [Style(sname, 1, 1, bold=True, size=14),
                    Style(sname, 2, 1, 1, 3, bold=True, border=True, align="center"),
                    Style(sname, 3, 1, last - 2, 3, border=True),
                    Style(sname, 3, 3, last - 2, 1, wrap=True),
                    Style(sname, 3, 2, last - 2, 1, align="left")]
    plan.page_setups.append(PageSetup(sname, landscape=True, area=(1, 1, last, 3)))


def plan_new_workbook(lang: str = "zh", settings: Optional[EventSettings] = None,
                      players: Iterable[Player] = (), normalise_results: bool = False,
                      options: Optional[WorkbookOptions] = None) -> WritePlan:
    """The plan that builds an event workbook from nothing: 设置, 报名表,
    成绩表, 编排记录 and the hidden state sheet.  Used by the template
    builder (XlsxWriter) and by :func:`xlxq.workbook.create_event_workbook`."""
    settings = settings or EventSettings(tiebreaks=["cxa2011-opp"])
    canvas = Canvas({})
    names = L.SHEET_NAMES
    # 设置
    sname = names[L.SETTINGS][lang]
    canvas.add_sheet(sname, L.SETTINGS)
    canvas.set(sname, 1, 1, "赛事设置" if lang == "zh" else "Event settings")
    canvas.set_row(sname, 2, 1, [c.header(lang) for c in L.SETTINGS_COLUMNS])
    values = settings_cells(settings, lang, normalise_results, options)
    plan = canvas.plan
    for i, spec in enumerate(L.SETTINGS_ROWS, start=3):
        help_text = spec.help_zh if lang == "zh" else spec.help_en
        if spec.key == "tiebreaks":
            help_text = tiebreak_sequence(settings.tiebreaks, lang, settings.system, settings.games_per_match)
        canvas.set_row(sname, i, 1, [spec.label(lang), values[spec.key], help_text])
        if spec.kind in ("intlist", "elimination"):
            plan.number_formats.append(NumberFormat(sname, i, 2, 1, 1, L.TEXT_FORMAT))
        if spec.choices:
            plan.validations.append(ListValidation(sname, i, 2, 1, 1, [c.label(lang) for c in spec.choices],
                                                   allow_other=True))
        if spec.kind == "tiebreaks":
            plan.validations.append(ListValidation(sname, i, 2, 1, 1, [v[0 if lang == "zh" else 1] for v in
                                                                       L.TIEBREAK_PRESET_LABELS.values()]))
    settings_looks(canvas, sname, 2 + len(L.SETTINGS_ROWS))
    # 报名表
    rname = names[L.REGISTRATION][lang]
    canvas.add_sheet(rname, L.REGISTRATION, sname)
    canvas.set(rname, 1, 1, (f"{settings.name}  " if settings.name else "") + ("报名表" if lang == "zh" else
                                                                              "Registration"))
    canvas.set_row(rname, 2, 1, [c.header(lang) for c in L.REGISTRATION_COLUMNS])
    players = sorted(players, key=lambda p: p.no)
    for i, p in enumerate(players, start=3):
        canvas.set_row(rname, i, 1, [p.no, p.name, p.unit or None, _num(p.rating) if p.rating is not None else None,
                                     p.seed, p.withdrawn_from_round, None, None])
    ncols = len(L.REGISTRATION_COLUMNS)
    for j in range(1, ncols + 1):
        canvas.fill(rname, 2, j, L.HEADER_FILL)
    plan.looks.append(SheetLook(rname, {i: c.width for i, c in enumerate(L.REGISTRATION_COLUMNS, start=1)},
                                freeze=(3, 3)))
    plan.styles += [Style(rname, 1, 1, bold=True, size=14),
                    Style(rname, 2, 1, 1, ncols, bold=True, border=True, align="center")]
    if players:
        plan.styles.append(Style(rname, 3, 1, len(players), ncols, border=True))
    plan.page_setups.append(PageSetup(rname, title_rows=(1, 2), area=(1, 1, max(2, 2 + len(players)), ncols - 1),
                                      footer="&P / &N"))
    # 成绩表
    tname = names[L.STANDINGS][lang]
    canvas.add_sheet(tname, L.STANDINGS, rname)
    _empty_standings(canvas, tname, settings, lang)
    # 编排记录
    lname = names[L.LOG][lang]
    canvas.add_sheet(lname, L.LOG, tname)
    canvas.set(lname, 1, 1, "编排记录" if lang == "zh" else "Pairing log (in Chinese)")
    plan.looks.append(SheetLook(lname, {1: L.LOG_WIDTH}))
    plan.styles.append(Style(lname, 1, 1, bold=True, size=14))
    # state
    stname = names[L.STATE][lang]
    canvas.add_sheet(stname, L.STATE, lname)
    canvas.set_row(stname, 1, 1, ["xlxq", "内部记录，请勿修改 / internal record of xlxq, do not edit"])
    canvas.set_row(stname, 2, 1, ["version", STATE_VERSION])
    plan.looks.append(SheetLook(stname, {1: 12, 2: 14, 3: 60, 4: 20, 5: 10}, hidden=True))
    return canvas.finish()


def _empty_standings(canvas: Canvas, name: str, settings: EventSettings, lang: str) -> None:
    from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, resolve_tiebreaks

    plan = canvas.plan
    if settings.system in RR_SYSTEMS:
        from xlxq.core.rr_standings import LABELS_EN as RR_EN
        from xlxq.core.rr_standings import LABELS_ZH as RR_ZH
        from xlxq.core.rr_standings import resolve_rr_tiebreaks

        g = settings.games_per_match
        labels = RR_ZH if lang == "zh" else RR_EN
        keys = ["match_points" if g > 1 else "score"] + resolve_rr_tiebreaks(settings.tiebreaks, g)
        header = [c.header(lang) for c in L.STANDINGS_COLUMNS[:4]] + \
            [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys] + [L.STANDINGS_TAIL.header(lang)]
    elif settings.system == "knockout":
        header = (["名次", "序号", "姓名", "单位", "种子顺位", "成绩", "备注"] if lang == "zh"
                  else ["Rank", "No", "Name", "Club", "Seeding", "Result", "Notes"])
    else:
        keys = [k for k in resolve_tiebreaks(settings.tiebreaks) if k in TIEBREAK_KEYS]
        labels = LABELS_ZH if lang == "zh" else LABELS_EN
        header = [c.header(lang) for c in L.STANDINGS_COLUMNS] + \
            [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys] + [L.STANDINGS_TAIL.header(lang)]
    canvas.clear_sheet(name)
    canvas.set(name, 1, 1, L.standings_title(0, settings.name, lang))
    canvas.set_row(name, 2, 1, header)
    for j in range(1, len(header) + 1):
        canvas.fill(name, 2, j, L.HEADER_FILL)
    widths = {i: c.width for i, c in enumerate(L.STANDINGS_COLUMNS, start=1)}
    for j in range(len(L.STANDINGS_COLUMNS) + 1, len(header)):
        widths[j] = L.TIEBREAK_WIDTH
    widths[len(header)] = L.STANDINGS_TAIL.width
    plan.looks.append(SheetLook(name, widths, freeze=(3, 4)))
    plan.styles += [Style(name, 1, 1, bold=True, size=14),
                    Style(name, 2, 1, 1, len(header), bold=True, border=True, align="center")]
    plan.page_setups.append(PageSetup(name, title_rows=(1, 2), area=(1, 1, 2, len(header)), footer="&P / &N"))


def plan_fill_template(book: Book, settings: EventSettings, players: Iterable[Player],
                       normalise_results: bool = False, options: Optional[WorkbookOptions] = None) -> WritePlan:
    """Fill a fresh copy of the template: the settings values, the players
    in 报名表, the titles and the 成绩表 header for these tie-breaks."""
    names = list(book.sheet_names())
    kinds = {L.sheet_kind(n)[0]: n for n in names}
    if L.SETTINGS not in kinds or L.REGISTRATION not in kinds:
        raise InputError("模板中缺少“设置”或“报名表”", "the template has no Settings or Registration sheet")
    snapshot = {n: [list(r) for r in book.values(n)] for n in (kinds[L.SETTINGS], kinds[L.REGISTRATION])}
    lang = L.lang_of_sheet(kinds[L.REGISTRATION])
    canvas = Canvas(snapshot)
    sname = kinds[L.SETTINGS]
    grid = snapshot[sname]
    table = _find_table(sname, grid, _SETTINGS_LOOKUP, ("key", "value"), "“项目、设置”", "'Setting, Value'")
    values = settings_cells(settings, lang, normalise_results, options)
    seen: set[str] = set()
    last = table.header_row
    for r in range(table.header_row + 1, len(grid) + 1):
        spec = _SETTING_LOOKUP.get(L.norm_key(_text(_cell(grid, r, table.cols["key"]))))
        if _text(_cell(grid, r, table.cols["key"])) is not None:
            last = r
        if spec is not None:
            seen.add(spec.key)
            canvas.set(sname, r, table.cols["value"], values[spec.key])
            if spec.key == "tiebreaks" and "help" in table.cols:
                canvas.set(sname, r, table.cols["help"], tiebreak_sequence(settings.tiebreaks, lang, settings.system,
                                                                           settings.games_per_match))
    for spec in L.SETTINGS_ROWS:          # an older template: the rows it lacks go at the end
        if spec.key in seen:
            continue
        last += 1
        canvas.set(sname, last, table.cols["key"], spec.label(lang))
        canvas.set(sname, last, table.cols["value"], values[spec.key])
        if "help" in table.cols:
            canvas.set(sname, last, table.cols["help"], spec.help_zh if lang == "zh" else spec.help_en)
        canvas.plan.styles.append(Style(sname, last, 1, 1, max(table.cols.values()), border=True))
    rname = kinds[L.REGISTRATION]
    grid = snapshot[rname]
    table = _find_table(rname, grid, _REG_LOOKUP, ("name",), "“姓名”", "'Name'")
    if table.header_row > 1:
        canvas.set(rname, 1, 1, (f"{settings.name}  " if settings.name else "") +
                   ("报名表" if lang == "zh" else "Registration"))
    players = sorted(players, key=lambda p: p.no)
    ncols = max(table.cols.values())
    for i, p in enumerate(players, start=table.header_row + 1):
        row = {"no": p.no, "name": p.name, "unit": p.unit or None,
               "rating": _num(p.rating) if p.rating is not None else None, "seed": p.seed,
               "withdrawn": p.withdrawn_from_round}
        for k, v in row.items():
            if k in table.cols:
                canvas.set(rname, i, table.cols[k], v)
    if players:
        canvas.plan.styles.append(Style(rname, table.header_row + 1, 1, len(players), ncols, border=True))
        canvas.plan.page_setups.append(PageSetup(rname, title_rows=(1, table.header_row),
                                                 area=(1, 1, table.header_row + len(players),
                                                       table.cols.get("remark", ncols)), footer="&P / &N"))
    if L.STANDINGS in kinds:
        snapshot[kinds[L.STANDINGS]] = [list(r) for r in book.values(kinds[L.STANDINGS])]
        _empty_standings(canvas, kinds[L.STANDINGS], settings, lang)
    return canvas.finish()


__all__ = [
    "AddSheet", "Book", "Canvas", "Fill", "ListValidation", "NumberFormat", "PageSetup", "Problem", "SheetLook",
    "Status", "Style", "Values", "WorkbookData", "WorkbookOptions", "WritePlan", "KOStage", "QualifiersSheet",
    "add_round_sheet", "plan_new_workbook", "plan_fill_template", "read_workbook", "refresh", "settings_cells",
    "write_log", "write_log_blocks", "write_standings", "write_system_standings",
]
