"""The one sheet-mapping layer: workbook values ⇄ model.

Data flows one way::

    book.values(every sheet)  ──read_workbook──▶  WorkbookData (Event + problems + where things are)
                                                    │  core: pair_round / compute_standings / explain_round
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
from typing import Any, Iterable, Optional, Protocol, runtime_checkable

from xlxq.core.history import build_cards
from xlxq.core.model import (Board, Event, EventSettings, PairingOptions, Player, Round, Scoring, StandingsOptions,
                             outcome, validate_event)
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets.results import BYE, ResultError, display as result_display, is_standard, parse_result
from xlxq.sheets.results import choices as result_choices

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
    return InputError(f"{where_zh}：{zh}", f"{where_en}: {en}")


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


def _read_state(grid: list[list[Any]]) -> State:
    st = State()
    for i in range(1, len(grid) + 1):
        kind = _text(_cell(grid, i, 1))
        a, b, c, d = (_cell(grid, i, j) for j in (2, 3, 4, 5))
        if kind in ("generated", "written"):
            n = _as_int(a)
            sig = Sig.decode(b, c)
            if n and sig is not None:
                (st.generated if kind == "generated" else st.written)[n] = sig
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

    @property
    def blocking(self) -> bool:
        return any(p.level == BLOCKING for p in self.problems)

    def round_sheet(self, n: int) -> Optional[RoundSheet]:
        return next((r for r in self.rounds if r.no == n), None)

    def table_of(self, sheet: str) -> Optional[Table]:
        if sheet == self.registration.name:
            return self.registration.table
        if sheet == self.settings_sheet.name:
            return self.settings_sheet.table
        rs = next((r for r in self.rounds if r.name == sheet), None)
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


def _read_settings(name: str, grid: list[list[Any]], problems: list[Problem]) -> tuple[EventSettings, bool,
                                                                                      SettingsSheet]:
    table = _find_table(name, grid, _SETTINGS_LOOKUP, ("key", "value"), "“项目、设置”", "'Setting, Value'")
    sheet = SettingsSheet(name, table)
    kc, vc = table.cols["key"], table.cols["value"]
    got: dict[str, Any] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        label = _text(_cell(grid, r, kc))
        if label is None:
            continue
        spec = _SETTING_LOOKUP.get(L.norm_key(label))
        if spec is None:
            problems.append(Problem(INFO, "unknown_setting", f"不认识的设置项目“{label}”，已忽略",
                                    f"unknown setting {label!r} ignored", name, r, ("key",)))
            continue
        if spec.key in sheet.rows:
            raise _fail(name, r, f"设置项目“{label}”与第{sheet.rows[spec.key]}行重复",
                        f"setting {label!r} repeats row {sheet.rows[spec.key]}")
        sheet.rows[spec.key] = r
        raw = _cell(grid, r, vc)
        cell = L.cell_ref(r, vc)
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
            got[spec.key] = v
        elif spec.kind in ("number", "optnumber"):
            v = _as_number(raw)
            if v is None:
                raise _fail(name, r, f"{what}应为数字，实为“{raw}”", f"{spec.en} must be a number, got {raw!r}", cell)
            got[spec.key] = v
        elif spec.kind in ("choice", "bool"):
            ok, v = _choice_value(spec, raw)
            if not ok:
                zh = "、".join(c.zh for c in spec.choices)
                en = ", ".join(c.en for c in spec.choices)
                raise _fail(name, r, f"{what}无效：“{raw}”（可选：{zh}）", f"invalid {spec.en} {raw!r} (one of {en})",
                            cell)
            got[spec.key] = v
        elif spec.kind == "tiebreaks":
            try:
                got[spec.key] = _tiebreak_value(raw)
            except InputError as exc:
                raise _fail(name, r, exc.zh, exc.en, cell) from None
    for spec in L.SETTINGS_ROWS:
        if spec.key not in got:
            got[spec.key] = _model_default(spec)
    scoring = Scoring(win=got["win"], draw=got["draw"], loss=got["loss"], bye=got["bye"],
                      draw_red=got["draw_red"], draw_black=got["draw_black"])
    pairing = PairingOptions(**{s.target.split(".")[1]: got[s.key] for s in L.SETTINGS_ROWS
                                if s.target.startswith("pairing.")})
    standings = StandingsOptions(**{s.target.split(".")[1]: got[s.key] for s in L.SETTINGS_ROWS
                                    if s.target.startswith("standings.")})
    settings = EventSettings(name=got["name"], system=got["system"], rounds=got["rounds"], scoring=scoring,
                             tiebreaks=list(got["tiebreaks"]), first_round=got["first_round"],
                             first_round_seed=got["first_round_seed"], pairing=pairing, standings=standings)
    return settings, bool(got["normalise_results"]), sheet


def _model_default(spec: L.Setting) -> Any:
    """The model's default for a settings row (workbook rows: the layout's)."""
    obj, _, attr = spec.target.partition(".")
    base = {"settings": EventSettings, "scoring": Scoring, "pairing": PairingOptions,
            "standings": StandingsOptions}.get(obj)
    if base is None:
        return spec.default
    v = getattr(base(), attr)
    return list(v) if isinstance(v, list) else v


def settings_cells(settings: EventSettings, lang: str, normalise_results: bool = False) -> dict[str, Any]:
    """The value cell of every setting, as shown in the 设置 sheet."""
    out: dict[str, Any] = {}
    for spec in L.SETTINGS_ROWS:
        obj, _, attr = spec.target.partition(".")
        src = {"settings": settings, "scoring": settings.scoring, "pairing": settings.pairing,
               "standings": settings.standings}.get(obj)
        v = normalise_results if obj == "workbook" else getattr(src, attr)
        if spec.kind in ("choice", "bool"):
            v = next((c.label(lang) for c in spec.choices if c.value == v), v)
        elif spec.kind == "tiebreaks":
            v = tiebreak_text(v, lang)
        out[spec.key] = _num(v) if isinstance(v, float) else v
    return out


def tiebreak_text(spec: list[str], lang: str) -> str:
    from xlxq.core.standings import LABELS_EN, LABELS_ZH

    if len(spec) == 1 and spec[0] in L.TIEBREAK_PRESET_LABELS:
        zh, en = L.TIEBREAK_PRESET_LABELS[spec[0]]
        return zh if lang == "zh" else en
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    return ("、" if lang == "zh" else ", ").join(labels.get(k, k) for k in spec)


def tiebreak_sequence(spec: list[str], lang: str) -> str:
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


def _read_registration(name: str, grid: list[list[Any]], problems: list[Problem]) -> tuple[list[Player],
                                                                                          RegistrationSheet]:
    table = _find_table(name, grid, _REG_LOOKUP, ("name",), "“姓名”", "'Name'")
    reg = RegistrationSheet(name, table)
    c = table.cols
    entries: list[dict] = []
    first_no: dict[int, int] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        get = {k: _cell(grid, r, j) for k, j in c.items()}
        pname = _text(get.get("name"))
        raw_no = get.get("no")
        if pname is None and raw_no is None:
            reg.other_rows.append(r)
            continue
        if pname is None:
            raise _fail(name, r, f"序号 {_text(raw_no)} 没有姓名", f"no {_text(raw_no)} has no name",
                        L.cell_ref(r, c["name"]))
        e: dict[str, Any] = {"row": r, "name": pname, "unit": _text(get.get("unit")) or ""}
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
        if get.get("rating") is not None:
            x = _as_number(get["rating"])
            if x is None:
                raise _fail(name, r, f"{pname} 的等级分应为数字，实为“{get['rating']}”",
                            f"{pname}: rating must be a number, got {get['rating']!r}", L.cell_ref(r, c["rating"]))
            e["rating"] = x
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


def _read_round(n: int, name: str, grid: list[list[Any]], names: _Names, state: State) -> RoundSheet:
    table = _find_table(name, grid, _ROUND_LOOKUP, ("result",), "“结果”", "'Result'", sided=True)
    c = table.cols
    for side, zh in (("red", "红方"), ("black", "黑方")):
        if f"{side}_no" not in c and f"{side}_name" not in c:
            raise _fail(name, table.header_row, f"找不到{zh}的“序号”或姓名列", f"no {side} number or name column")
    written = state.written.get(n)
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
    rs = RoundSheet(n, name, table, Round(round=n))
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
    for kind in (L.SETTINGS, L.REGISTRATION, L.STANDINGS, L.LOG, L.STATE):
        if len(kinds.get(kind, [])) > 1:
            both = "、".join(f"“{n}”" for n, _ in kinds[kind])
            raise InputError(f"工作簿中有多张同类工作表：{both}，请删除或改名多余的一张",
                             f"the workbook has more than one such sheet: {both}")
    settings_name = kinds[L.SETTINGS][0][0]
    reg_name = kinds[L.REGISTRATION][0][0]
    lang = L.lang_of_sheet(reg_name)
    wanted = [settings_name, reg_name] + [nm for nm, _ in kinds.get(L.ROUND, [])]
    for kind in (L.STATE, L.LOG, L.STANDINGS):
        if kind in kinds:
            wanted.append(kinds[kind][0][0])
    snapshot = {nm: [list(r) for r in (book.values(nm) or [])] for nm in wanted}
    problems: list[Problem] = []
    settings, normalise, settings_sheet = _read_settings(settings_name, snapshot[settings_name], problems)
    players, reg = _read_registration(reg_name, snapshot[reg_name], problems)
    state_name = kinds[L.STATE][0][0] if L.STATE in kinds else None
    state = _read_state(snapshot[state_name]) if state_name else State()
    by_round: dict[int, str] = {}
    for nm, n in kinds.get(L.ROUND, []):
        if n in by_round:
            raise InputError(f"第{n}轮有两张工作表：“{by_round[n]}”与“{nm}”，请删除或改名其中一张",
                             f"round {n} has two sheets: {by_round[n]!r} and {nm!r}")
        by_round[n] = nm
    for i, n in enumerate(sorted(by_round), start=1):
        if n != i:
            raise InputError(f"缺少第{i}轮的工作表（已有：{'、'.join(by_round[k] for k in sorted(by_round))}）",
                             f"the sheet of round {i} is missing")
    if len(by_round) > settings.rounds:
        raise InputError(f"工作簿中已有{len(by_round)}轮，超过“{settings_name}”表中的轮数 {settings.rounds}（请修改轮数）",
                         f"the workbook has {len(by_round)} rounds but the settings say {settings.rounds}")
    names_idx = _Names(players)
    rounds = [_read_round(n, by_round[n], snapshot[by_round[n]], names_idx, state) for n in sorted(by_round)]
    event = Event(settings=settings, players=players, rounds=[rs.round for rs in rounds])
    data = WorkbookData(names=names, snapshot=snapshot, lang=lang, settings_sheet=settings_sheet, registration=reg,
                        rounds=rounds, standings_sheet=kinds[L.STANDINGS][0][0] if L.STANDINGS in kinds else None,
                        log_sheet=kinds[L.LOG][0][0] if L.LOG in kinds else None, state_sheet=state_name,
                        event=event, normalise_results=normalise, state=state, problems=problems)
    _check_settings(data)
    data.problems.extend(structural_problems(data))
    if not data.blocking:
        validate_event(event)   # raises InputError for what the checks above do not cover
        data.problems.extend(rule_problems(data, event))
    locate(data)
    return data


def locate(data: WorkbookData) -> None:
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
    except InputError as exc:
        raise _fail(sheet.name, None, exc.zh, exc.en) from None


# ==========================================================================
# checks → problems
# ==========================================================================

def structural_problems(data: WorkbookData) -> list[Problem]:
    """Problems that make a round unusable (blocking): a player twice in a
    round, or paired with himself."""
    out: list[Problem] = []
    by_no = data.event._by_no
    for rs in data.rounds:
        for no, seats in rs.seats.items():
            if len(seats) > 1:
                rows = "、".join(str(r) for r, _ in seats)
                name = by_no[no].name
                for r, side in seats:
                    out.append(Problem(BLOCKING, "twice",
                                       f"第{rs.no}轮：{name}（{no}号）出现{len(seats)}次（第{rows}行），请改正",
                                       f"round {rs.no}: {name} (no {no}) appears {len(seats)} times (rows {rows})",
                                       rs.name, r, (f"{side}_no", f"{side}_name"), rs.no))
    return out


def _first_rounds(event: Event) -> dict[int, Optional[int]]:
    first: dict[int, Optional[int]] = {p.no: None for p in event.players}
    for r in event.rounds:
        for no in r.players():
            if first.get(no) is None:
                first[no] = r.round
    return first


def rule_problems(data: WorkbookData, event: Event) -> list[Problem]:
    """Rule checks of every round (xlxq.core.checks), hand-changed pairings,
    unfinished results, late entries and withdrawals."""
    from xlxq.core.checks import check_round

    out: list[Problem] = []
    by_no = event._by_no
    reg = data.registration
    first = _first_rounds(event)
    last = max((r.round for r in event.rounds), default=0)

    def nm(no: int) -> str:
        return f"{by_no[no].name}（{no}号）"

    for rs in data.rounds:
        n = rs.no
        gen = data.state.generated.get(n)
        changed_boards: set[int] = set()
        byes_changed = False
        if gen is not None:
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
        hand = gen is None
        for issue in check_round(event, n):
            if issue.code == "missing":
                (no,) = issue.players
                f = first.get(no)
                if f is None or f > n:
                    continue          # late entry, reported once below
                out.append(Problem(WARNING, "missing", f"第{n}轮未编排（缺席？如已退赛请填写退赛轮次）",
                                   f"not paired in round {n} (absent? if withdrawn, fill in the round)",
                                   reg.name, reg.rows.get(no), ("name",), n))
                continue
            if issue.code in ("rematch", "withdrawn", "second_bye", "byes", "twice"):
                level = ERROR
            else:            # soft colour/bye rules: judged only where the pairing is not the program's
                if not (hand or byes_changed or (issue.board in changed_boards)):
                    continue
                level = WARNING
            for row, cols in _issue_cells(rs, issue):
                out.append(Problem(level, issue.code, issue.zh, issue.en, rs.name, row, cols, n))
        if n < last:
            for b in rs.round.boards:
                if b.result is None:
                    out.append(Problem(WARNING, "unfinished", f"第{n}轮第{b.board}台未填结果（名次按未赛计，编排按和棋暂计）",
                                       f"round {n} board {b.board} has no result", rs.name, rs.board_rows[b.board],
                                       ("result",), n))
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
        if p.withdrawn_from_round is not None:
            out.append(Problem(INFO, "withdrawn", f"自第{p.withdrawn_from_round}轮起退赛，不再编排",
                               f"withdrawn from round {p.withdrawn_from_round}", reg.name, row, ("withdrawn",)))
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


def add_round_sheet(canvas: Canvas, data: WorkbookData, event: Event, rnd: Round) -> RoundSheet:
    """A new 对阵表 sheet for ``rnd`` (the program's layout)."""
    lang = data.lang
    name = L.round_sheet_name(rnd.round, lang)
    if name in data.names:
        raise InputError(f"已有名为“{name}”的工作表，请改名后再编排", f"a sheet named {name!r} already exists")
    after = data.rounds[-1].name if data.rounds else data.registration.name
    canvas.add_sheet(name, L.ROUND, after)
    cols = {c.key: i for i, c in enumerate(L.ROUND_COLUMNS, start=1)}
    ncols = len(L.ROUND_COLUMNS)
    canvas.set(name, L.TITLE_ROW, 1, L.round_title(rnd.round, event.settings.name, lang))
    canvas.set_row(name, L.HEADER_ROW, 1, _round_grid_header(lang))
    rs = RoundSheet(rnd.round, name, Table(name, L.HEADER_ROW, cols, 0), rnd, new=True)
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
    data.rounds.append(rs)
    data.names.append(name)
    # formats and looks
    res_col = cols["result"]
    plan = canvas.plan
    plan.number_formats.append(NumberFormat(name, L.FIRST_DATA_ROW, res_col, last - L.FIRST_DATA_ROW + 1
                                            + L.VALIDATION_MARGIN, 1, L.TEXT_FORMAT))
    for j in range(1, ncols + 1):
        canvas.fill(name, L.HEADER_ROW, j, L.HEADER_FILL)
    plan.looks.append(SheetLook(name, {i: c.width for i, c in enumerate(L.ROUND_COLUMNS, start=1)},
                                freeze=(L.FIRST_DATA_ROW, 1)))
    plan.styles.append(Style(name, L.TITLE_ROW, 1, bold=True, size=14))
    plan.styles.append(Style(name, L.HEADER_ROW, 1, 1, ncols, bold=True, border=True, align="center"))
    if last >= L.FIRST_DATA_ROW:
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, 1, last - L.FIRST_DATA_ROW + 1, ncols, border=True))
        for key in ("board", "red_no", "red_score", "result", "black_score", "black_no", "fouls_red", "fouls_black"):
            plan.styles.append(Style(name, L.FIRST_DATA_ROW, cols[key], last - L.FIRST_DATA_ROW + 1, 1,
                                     align="center"))
    plan.validations.append(ListValidation(name, L.FIRST_DATA_ROW, res_col, last - L.FIRST_DATA_ROW + 1
                                           + L.VALIDATION_MARGIN, 1, result_choices(lang)))
    plan.page_setups.append(PageSetup(name, landscape=True, title_rows=(L.TITLE_ROW, L.HEADER_ROW),
                                      area=(1, 1, max(last, L.HEADER_ROW), cols["fouls_black"]),
                                      footer="&P / &N"))
    return rs


def _put(canvas: Canvas, rs: RoundSheet, row: int, key: str, value: Any) -> None:
    col = rs.table.cols.get(key)
    if col is not None:
        canvas.set(rs.name, row, col, value)


def write_round_cells(canvas: Canvas, data: WorkbookData, event: Event, rs: RoundSheet) -> None:
    """Program-owned cells of a round sheet: 序号/names made to agree with
    the pairing, 单位, 积分 before the round, the result's standard spelling
    when normalising is on."""
    by_no = event._by_no
    scores = scores_before(event, rs.no)
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
        _put(canvas, rs, row, f"{side}_score", _num(float(scores.get(no, 0))))


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
    for rs in data.rounds:
        sheets.append((rs.name, rs.table, list(rs.board_rows.values()) + list(rs.bye_rows.values())
                       + rs.other_rows))
    by_row: dict[tuple[str, int], list[str]] = {}
    for p in sorted(data.problems, key=lambda p: _LEVEL_ORDER[p.level]):
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
    for h in data.state.highlights:
        if h.sheet not in data.snapshot and h.sheet not in canvas.new_sheets:
            continue
        pos = _resolve_ref(data, h)
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
                refs.append(HighlightRef(p.sheet, _rowkey(data, p.sheet, p.row), _colkey(table, col),
                                         L.cell_ref(p.row, col)))
    return refs


def _colkey(table: Table, col: int) -> str:
    return next((k for k, c in table.cols.items() if c == col), f"col:{col}")


def _rowkey(data: WorkbookData, sheet: str, row: int) -> str:
    if sheet == data.registration.name:
        no = next((n for n, r in data.registration.rows.items() if r == row), None)
        if no is not None:
            return f"player:{no}"
    rs = next((r for r in data.rounds if r.name == sheet), None)
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
            rs = next((r for r in data.rounds if r.name == h.sheet), None)
            row = rs.row_of(h.rowkey) if rs else None
        col = table.cols.get(h.colkey)
    if row is None or col is None:
        m = re.fullmatch(r"([A-Z]+)(\d+)", h.address or "")
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
    for h in refs:
        rows.append(["highlight", h.sheet, h.rowkey, h.colkey, h.address])
    for i, row in enumerate(rows, start=1):
        canvas.set_row(name, i, 1, [v if v != "" else None for v in row])


# --- standings ------------------------------------------------------------

def standings_after(event: Event) -> int:
    """The last round with at least one result (0 if none)."""
    done = [r.round for r in event.rounds if any(b.result is not None for b in r.boards) or
            (r.byes and not r.boards)]
    return max(done, default=0)


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
    from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, compute_standings, resolve_tiebreaks

    lang = data.lang
    after = standings_after(event)
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
    unfinished = sum(1 for b in rnd_by_no[after].boards if b.result is None) if after else 0
    header = [c.header(lang) for c in L.STANDINGS_COLUMNS]
    header += [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys]
    header += [L.round_col_header(n, lang) for n in range(1, after + 1)]
    header.append(L.STANDINGS_TAIL.header(lang))
    canvas.set(name, L.TITLE_ROW, 1, L.standings_title(after, event.settings.name, lang, unfinished))
    canvas.set_row(name, L.HEADER_ROW, 1, header)
    by_no = event._by_no
    r = L.FIRST_DATA_ROW
    for row in rows:
        p = by_no[row.no]
        note = None
        if p.withdrawn_from_round is not None and not p.active_in(after + 1):
            note = f"第{p.withdrawn_from_round}轮起退赛" if lang == "zh" else f"withdrawn from round {p.withdrawn_from_round}"
        vals = [row.rank, row.no, row.name, row.unit or None, _num(row.score)]
        vals += [_num(row.tiebreaks[k]) for k in keys]
        vals += [_round_cell(rnd_by_no[n], seats[n], row.no, lang) for n in range(1, after + 1)]
        vals.append(note)
        canvas.set_row(name, r, 1, vals)
        r += 1
    last = r - 1
    ncols = len(header)
    widths = {i: c.width for i, c in enumerate(L.STANDINGS_COLUMNS, start=1)}
    j = len(L.STANDINGS_COLUMNS) + 1
    for _ in keys:
        widths[j] = L.TIEBREAK_WIDTH
        j += 1
    for _ in range(after):
        widths[j] = L.ROUND_CELL_WIDTH
        j += 1
    widths[j] = L.STANDINGS_TAIL.width
    plan = canvas.plan
    for c in range(1, ncols + 1):
        canvas.fill(name, L.HEADER_ROW, c, L.HEADER_FILL)
    plan.looks.append(SheetLook(name, widths, freeze=(L.FIRST_DATA_ROW, 4)))
    plan.styles.append(Style(name, L.TITLE_ROW, 1, bold=True, size=14))
    plan.styles.append(Style(name, L.HEADER_ROW, 1, 1, ncols, bold=True, border=True, align="center"))
    if last >= L.FIRST_DATA_ROW:
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, 1, last - L.FIRST_DATA_ROW + 1, ncols, border=True))
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, 1, last - L.FIRST_DATA_ROW + 1, 2, align="center"))
        plan.styles.append(Style(name, L.FIRST_DATA_ROW, 5, last - L.FIRST_DATA_ROW + 1, ncols - 5,
                                 align="center"))
    plan.page_setups.append(PageSetup(name, landscape=ncols > 12, title_rows=(L.TITLE_ROW, L.HEADER_ROW),
                                      area=(1, 1, max(last, L.HEADER_ROW), ncols), footer="&P / &N"))
    return rows


# --- 编排记录 --------------------------------------------------------------

_BLOCK_RE = re.compile(r"^第(\d+)轮编排记录")


def write_log(canvas: Canvas, data: WorkbookData, round_no: int, text: str) -> None:
    """Replace (or add) the block of ``round_no`` in 编排记录; blocks are kept
    in round order, lines before the first block are kept."""
    name = data.log_sheet
    if name is None:
        name = L.SHEET_NAMES[L.LOG][data.lang]
        canvas.add_sheet(name, L.LOG, data.standings_sheet or None)
        canvas.plan.looks.append(SheetLook(name, {1: L.LOG_WIDTH}))
        data.log_sheet = name
    grid = data.snapshot.get(name, [])
    lines = [_text(_cell(grid, i, 1)) for i in range(1, len(grid) + 1)]
    while lines and lines[-1] is None:
        lines.pop()
    preamble: list[Optional[str]] = []
    blocks: dict[int, list[Optional[str]]] = {}
    current: Optional[int] = None
    for ln in lines:
        m = _BLOCK_RE.match(ln or "")
        if m:
            current = int(m.group(1))
            blocks[current] = [ln]
        elif current is None:
            preamble.append(ln)
        else:
            blocks[current].append(ln)
    for blk in blocks.values():
        while blk and blk[-1] is None:
            blk.pop()
    blocks[round_no] = text.splitlines()
    out = list(preamble)
    for n in sorted(blocks):
        if out:
            out.append(None)
        out.extend(blocks[n])
    canvas.clear_sheet(name)
    for i, ln in enumerate(out, start=1):
        canvas.set(name, i, 1, ln)


# --- settings help of the tie-break row -----------------------------------

def write_settings_help(canvas: Canvas, data: WorkbookData) -> None:
    sheet = data.settings_sheet
    col = sheet.table.cols.get("help")
    row = sheet.rows.get("tiebreaks")
    if col is None or row is None:
        return
    canvas.set(sheet.name, row, col, tiebreak_sequence(data.event.settings.tiebreaks, data.lang))


# ==========================================================================
# a whole refresh (recompute / after pairing)
# ==========================================================================

def refresh(canvas: Canvas, data: WorkbookData, event: Event, standings: bool = True) -> list:
    """Every program-owned cell from ``event`` and ``data.problems``: round
    sheets, registration numbers, notes, highlights, standings, state."""
    rows: list = []
    if not data.blocking:
        for rs in data.rounds:
            write_round_cells(canvas, data, event, rs)
        write_settings_help(canvas, data)
        if standings:
            rows = write_standings(canvas, data, event)
    write_registration_cells(canvas, data)
    write_notes(canvas, data)
    refs = write_highlights(canvas, data)
    write_state(canvas, data, refs, event)
    return rows


# ==========================================================================
# a new workbook (templates, create_event_workbook)
# ==========================================================================

def plan_new_workbook(lang: str = "zh", settings: Optional[EventSettings] = None,
                      players: Iterable[Player] = (), normalise_results: bool = False) -> WritePlan:
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
    values = settings_cells(settings, lang, normalise_results)
    plan = canvas.plan
    for i, spec in enumerate(L.SETTINGS_ROWS, start=3):
        help_text = spec.help_zh if lang == "zh" else spec.help_en
        if spec.key == "tiebreaks":
            help_text = tiebreak_sequence(settings.tiebreaks, lang)
        canvas.set_row(sname, i, 1, [spec.label(lang), values[spec.key], help_text])
        if spec.choices:
            plan.validations.append(ListValidation(sname, i, 2, 1, 1, [c.label(lang) for c in spec.choices],
                                                   allow_other=True))
        if spec.kind == "tiebreaks":
            plan.validations.append(ListValidation(sname, i, 2, 1, 1, [v[0 if lang == "zh" else 1] for v in
                                                                       L.TIEBREAK_PRESET_LABELS.values()]))
    last = 2 + len(L.SETTINGS_ROWS)
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
                       normalise_results: bool = False) -> WritePlan:
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
    values = settings_cells(settings, lang, normalise_results)
    for r in range(table.header_row + 1, len(grid) + 1):
        spec = _SETTING_LOOKUP.get(L.norm_key(_text(_cell(grid, r, table.cols["key"]))))
        if spec is not None:
            canvas.set(sname, r, table.cols["value"], values[spec.key])
            if spec.key == "tiebreaks" and "help" in table.cols:
                canvas.set(sname, r, table.cols["help"], tiebreak_sequence(settings.tiebreaks, lang))
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
    "Status", "Style", "Values", "WorkbookData", "WritePlan", "add_round_sheet", "plan_new_workbook",
    "plan_fill_template", "read_workbook", "refresh", "settings_cells", "write_log", "write_standings",
]
