"""The printed page of every sheet a plan writes (issue 13 §1): applied by
:meth:`xlxq.sheets.canvas.Canvas.finish` to each plan, from the values the
sheets will hold after it, so that no writer has to remember it:

- :func:`sign_pages`: the header (event name, round of a round sheet, date
  and venue) and the footer (``裁判长：____  编排长：____`` filled from the
  设置 rows 裁判长 / 编排长, page numbers) of every page setup;
- :func:`follow_data`: each print area reaches the last row with data in
  its columns, and the registration sheets (报名表, 队伍报名, 出场名单: rows
  the arbiter types) get a print area over their rows on every write;
- :func:`break_long_text`: the long program texts (设置's 说明, 编排记录's
  lines) broken into lines by the program, and their rows given the height
  the lines need (LibreOffice keeps an xlsx row's height on open and cuts
  the end of a line it wrapped itself); :func:`wrapped_heights`: the same
  heights for the other wrapped cells of a plan;
- :func:`readable_pages`: a table too wide for one page at a readable size
  (the 31-player × 9-round 成绩表, a round robin's: printed at about 6 pt
  when fitted) printed at :data:`PRINT_SCALE` % instead (its 11-point text
  at 9.35 pt, at least :data:`MIN_POINTS`) over as many pages as its
  columns need, the identifying columns (名次, 序号, 姓名 …) repeated at
  the left of each and the column breaks between whole columns.

Plain functions over the values (``rows(sheet)``: the sheet's final rows);
no workbook access.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Optional

from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as TL
from xlxq.sheets.plan import PageSetup, SheetLook, Style, WritePlan
from xlxq.i18n import tr

Rows = Callable[[str], list[list[Any]]]

#: points per printed line of the default 11-point font (CJK glyphs included)
LINE_POINTS = 15.0
#: a wrapped row's padding in points
ROW_PADDING = 3.0
#: the tallest row Excel takes (409 points: a taller ``ht`` is refused or cut)
MAX_ROW_POINTS = 409.5


def row_points(lines: int) -> float:
    """The height of a row of ``lines`` printed lines, at most :data:`MAX_ROW_POINTS`."""
    return min(round(lines * LINE_POINTS + ROW_PADDING, 2), MAX_ROW_POINTS)


_INFO_KEYS = ("name", "date", "venue", "chief_arbiter", "pairing_officer")
_LABELS = {
    norm: key
    for key in _INFO_KEYS
    for table in (L.SETTINGS_BY_KEY, TL.TEAM_SETTINGS_BY_KEY)
    if key in table
    for norm in table[key].names()
}
_SETTINGS_NAMES = {L.norm_key(a) for a in L.SHEET_ALIASES[L.SETTINGS]}
#: sheets whose rows the arbiter types: (kind of :func:`sheet_role`, header row)
_TYPED = {
    L.norm_key(a)
    for a in (*L.SHEET_ALIASES[L.REGISTRATION], *TL.SHEET_ALIASES[TL.TEAMS], *TL.SHEET_ALIASES[TL.LINEUPS])
}
_NOTE_HEADERS = {L.norm_key(x) for x in ("提示", "Notes", "Note", "检查", "check")}


@dataclass(frozen=True)
class PaperWords:
    """What the header and footer of the event's pages say."""

    lang: str
    name: str = ""
    date: str = ""
    venue: str = ""
    chief_arbiter: str = ""
    pairing_officer: str = ""

    def signatures(self) -> str:
        blank = "________"
        if self.lang == "zh":
            return f"裁判长：{self.chief_arbiter or blank}    编排长：{self.pairing_officer or blank}"
        return f"Chief arbiter: {self.chief_arbiter or blank}    Chief of pairings: {self.pairing_officer or blank}"


def escape(text: str) -> str:
    """Text for an Excel header/footer section ('&' starts a code)."""
    return text.replace("&", "&&")


def paper_words(names: list[str], rows: Rows) -> Optional[PaperWords]:
    """The event's name, date, venue and signers from its 设置 sheet (label
    in column A, value in B), or None without a 设置 sheet."""
    sheet = next((n for n in names if L.norm_key(n) in _SETTINGS_NAMES), None)
    if sheet is None:
        return None
    found: dict[str, str] = {}
    for row in rows(sheet):
        if len(row) >= 2 and row[1] not in (None, ""):
            key = _LABELS.get(L.norm_key(row[0]))
            if key and key not in found:
                found[key] = str(row[1]).strip()
    return PaperWords(L.lang_of_sheet(sheet), **found)


def round_label(sheet: str, lang: str) -> str:
    """'第3轮' / 'Round 3' for a round sheet, else ''."""
    kind, n = L.sheet_kind(sheet)
    if n is None:
        kind, n = TL.sheet_kind(sheet)
    if n is None:
        return ""
    if kind == L.KO_ROUND:
        return sheet
    return tr(lang, "layout.round", n=n)


def sign_pages(plan: WritePlan, words: PaperWords) -> None:
    """Header and footer of every page setup of ``plan`` not signed yet."""
    place = "  ".join(x for x in (words.date, words.venue) if x)
    for p in plan.page_setups:
        if p.header_left is not None:
            continue
        p.header_left = escape(words.name)
        p.header_centre = escape(round_label(p.sheet, words.lang))
        p.header_right = escape(place)
        p.footer_left = escape(words.signatures())
        p.footer_right = p.footer or L.PAGE_FOOTER  # page numbers right: the signature line is long
        p.footer = ""


def _last_row(grid: list[list[Any]], c1: int, c2: int) -> int:
    for r in range(len(grid), 0, -1):
        if any(v not in (None, "") for v in grid[r - 1][c1 - 1 : c2]):
            return r
    return 0


def _is_round(sheet: str) -> bool:
    return L.sheet_kind(sheet)[1] is not None or TL.sheet_kind(sheet)[1] is not None


def typed_sheet_setup(sheet: str, grid: list[list[Any]], written: bool = False) -> Optional[PageSetup]:
    """The page setup of a sheet whose rows change without the program's
    page setup being written: the sheets the arbiter types rows into (报名表,
    队伍报名, 出场名单), 设置 (its footer names the 裁判长 typed there), and
    a round sheet the plan ``written`` to: title and header rows repeated,
    the print area over the header's columns but 提示, down to the last row
    with data (设置: its three columns)."""
    k = L.norm_key(sheet)
    if k in _SETTINGS_NAMES:
        return PageSetup(sheet, landscape=True, title_rows=(L.TITLE_ROW, L.HEADER_ROW), area=(1, 1, len(grid), 3))
    if not (k in _TYPED or (written and _is_round(sheet))) or len(grid) < L.HEADER_ROW:
        return None
    head = grid[L.HEADER_ROW - 1]
    cols = [j for j, v in enumerate(head, start=1) if v not in (None, "") and L.norm_key(v) not in _NOTE_HEADERS]
    if not cols:
        return None
    c2 = max(cols)
    last = max(L.HEADER_ROW, _last_row(grid, 1, c2))
    return PageSetup(sheet, landscape=c2 > 11, title_rows=(L.TITLE_ROW, L.HEADER_ROW), area=(1, 1, last, c2))


def typed_rows_boxed(plan: WritePlan, sheet: str, grid: list[list[Any]], setup: PageSetup) -> None:
    """The table's thin borders over every typed row of a sheet the arbiter
    types into (its header's columns, 提示 too, down to the print area's
    last row): a row added under the table prints boxed as the others.
    Only on a write that changes the sheet anyway (a new row gets its 序号,
    a late entry its note and colour): a sheet the plan does not touch is
    not rebuilt for its borders (:mod:`xlxq.backends.partial_save`)."""
    head = grid[L.HEADER_ROW - 1]
    ncols = max((j for j, v in enumerate(head, start=1) if v not in (None, "")), default=0)
    assert setup.area is not None
    last = setup.area[2]
    if ncols and last >= L.FIRST_DATA_ROW:
        plan.styles.append(Style(sheet, L.FIRST_DATA_ROW, 1, last - L.FIRST_DATA_ROW + 1, ncols, border=True))


def follow_data(plan: WritePlan, names: list[str], rows: Rows) -> None:
    """Print areas down to the last row with data; the typed sheets' page
    setup written again (their rows change without the program)."""
    have = {p.sheet for p in plan.page_setups}
    written = {v.sheet for v in plan.values}
    touched = written | {f.sheet for f in plan.fills}
    for name in names:
        k = L.norm_key(name)
        wanted = k in _SETTINGS_NAMES or k in _TYPED or (name in written and _is_round(name))
        if wanted and name not in have and name not in plan.remove_sheets:  # (other sheets are not read)
            grid = rows(name)
            setup = typed_sheet_setup(name, grid, name in written)
            if setup is not None:
                plan.page_setups.append(setup)
                if k in _TYPED and name in touched:  # (else left unbuilt: its bytes copied on save)
                    typed_rows_boxed(plan, name, grid, setup)
    for p in plan.page_setups:
        if p.area:
            r1, c1, r2, c2 = p.area
            p.area = (r1, c1, max(r2, _last_row(rows(p.sheet), c1, c2)), c2)


def text_lines(text: str, width: float) -> int:
    """Printed lines of ``text`` wrapped in a column ``width`` characters
    wide (a CJK character takes about two; words do not break)."""
    lines = 0
    room = max(1.0, width - 1.0)
    for part in str(text).split("\n"):
        if len(part) * 2.3 <= room:
            lines += 1
            continue
        need = sum(2.3 if unicodedata.east_asian_width(c) in ("W", "F") else 1.15 for c in part)
        lines += max(1, math.ceil(need / room))
    return lines


def fit_header_words(plan: WritePlan, rows: Rows) -> None:
    """Columns of the plan's looks widened to their header's longest word
    (bold) where the header row is wrapped, so that the header wraps
    between words and no word runs into the next column."""
    wrapped = {(st.sheet, st.row) for st in plan.styles if st.wrap and st.row == L.HEADER_ROW and st.rows == 1}
    for look in plan.looks:
        if (look.sheet, L.HEADER_ROW) not in wrapped or not look.widths:
            continue
        grid = rows(look.sheet)
        head = grid[L.HEADER_ROW - 1] if len(grid) >= L.HEADER_ROW else []
        for c, width in list(look.widths.items()):
            value = head[c - 1] if c <= len(head) else None
            if value in (None, ""):
                continue
            # CJK text breaks anywhere, words at spaces and after hyphens
            words = re.split(r"[\s\u2e80-\u9fff\uff00-\uffef]+|(?<=-)", str(value))
            longest = max((sum(_weight(x) for x in word) for word in words if word), default=0.0)
            look.widths[c] = max(width, round(longest * 1.25 + 1.5, 1))  # bold


def wrapped_heights(plan: WritePlan, rows: Rows) -> None:
    """Row heights of the wrapped cells of ``plan`` (its wrap styles, the
    widths of its looks): lines × :data:`LINE_POINTS`, rows of one line
    left alone."""
    widths: dict[str, dict[int, float]] = {}
    for look in plan.looks:
        widths.setdefault(look.sheet, {}).update(look.widths)
    heights: dict[str, dict[int, float]] = {}
    broken = {(names, col) for names, col, _ in BROKEN_COLUMNS}
    for st in plan.styles:
        if not st.wrap or st.sheet not in widths:
            continue
        if any(L.norm_key(st.sheet) in names and st.col == col and st.cols == 1 for names, col in broken):
            continue  # heights given where the program broke the lines
        grid = rows(st.sheet)
        for r in range(st.row, min(st.row + st.rows, len(grid) + 1)):
            row = grid[r - 1]
            for c in range(st.col, st.col + st.cols):
                value = row[c - 1] if c <= len(row) else None
                width = widths[st.sheet].get(c)
                if value in (None, "") or not width:
                    continue
                n = text_lines(str(value), width)
                if n > 1:
                    h = row_points(n)
                    heights.setdefault(st.sheet, {})[r] = max(h, heights.get(st.sheet, {}).get(r, 0.0))
    for sheet, hs in heights.items():
        plan.looks.append(SheetLook(sheet, heights=hs))


_WEIGHTS: dict[str, float] = {}


def _weight(c: str) -> float:
    """The width of a character in column units (CJK about two), kept."""
    w = _WEIGHTS.get(c)
    if w is None:
        w = _WEIGHTS[c] = 2.3 if unicodedata.east_asian_width(c) in ("W", "F") else 1.15
    return w


_CLOSERS = set("）)]】」』》〉，。；：、！？,.;:!?”’")


@lru_cache(maxsize=8192)  # 编排记录's earlier blocks are broken again at every write
def break_text(text: str, width: float) -> str:
    """``text`` with line breaks where a column ``width`` characters wide
    would wrap it, with room to spare: LibreOffice lays wrapped text out
    with screen metrics and prints it wider, cutting the last characters of
    a line that just fits, so the program breaks the lines itself.  Breaks
    at a space when there is one in the line's last third, else between
    any two characters; existing line breaks are kept.  Nothing is dropped:
    removing the line breaks gives ``text`` back (:func:`unbroken`)."""
    room = max(4.0, width - 2.0)
    out: list[str] = []
    for part in str(text).split("\n"):
        if len(part) * 2.3 <= room:  # fits whatever its characters
            out.append(part)
            continue
        try:
            weights = list(map(_WEIGHTS.__getitem__, part))  # the characters met before
        except KeyError:
            weights = [_weight(c) for c in part]
        start, used = 0, 0.0  # the line being filled is part[start:i]
        for i, c in enumerate(part):
            w = weights[i]
            if used + w > room and i > start:
                line = part[start:i]
                cut = line.rfind(" ")
                run = len(line)
                while run > 0 and line[run - 1].isascii() and line[run - 1].isalnum() and c.isascii() and c.isalnum():
                    run -= 1  # not inside a number or a word
                if cut > len(line) * 2 // 3:  # the space stays at the end of its line
                    k = cut + 1
                elif 0 < run < len(line) and len(line) - run < 12:
                    k = run
                else:
                    k = len(line)
                while k > 1 and (line[k:] + c)[0] in _CLOSERS:  # no line starts with a closing mark
                    k -= 1
                out.append(line[:k])
                start += k
                used = sum(weights[start:i])
            used += w
        out.append(part[start:])
    return "\n".join(out)


def printed_text(text: str, width: float, old: Any = None) -> str:
    """``text`` as a cell of a column ``width`` wide gets it: broken by
    :func:`break_text`, or ``old`` (what the cell holds) when that is the
    same text already broken into lines (when it was written, or by the
    arbiter): kept as it is."""
    if isinstance(old, str) and "\n" in old and unbroken(old) == text:
        return old
    return break_text(text, width)


def unbroken(text: str) -> str:
    """A text broken by :func:`break_text` as it was."""
    return text.replace("\n", "")


#: program-written columns of long text, broken into lines on every write:
#: (sheet aliases, column, width)
BROKEN_COLUMNS: tuple[tuple[frozenset[str], int, float], ...] = (
    (frozenset(_SETTINGS_NAMES), 3, L.SETTINGS_COLUMNS[2].width),
    (frozenset(L.norm_key(a) for a in L.SHEET_ALIASES[L.LOG]), 1, L.LOG_WIDTH),
)


def break_long_text(
    edits: dict[str, dict[tuple[int, int], Any]], before: Callable[[str, int, int], Any]
) -> dict[str, dict[int, Optional[float]]]:
    """Break the long texts of :data:`BROKEN_COLUMNS` among ``edits`` (sheet
    → (row, col) → value, changed in place); the row heights their lines
    need, and None (the default height) for a row whose broken text
    (``before``: the value read) is now one line or gone.  A text the cell
    holds already with line breaks (the same text but for them: broken
    when it was written, or by the arbiter) keeps its lines."""
    heights: dict[str, dict[int, Optional[float]]] = {}
    for sheet, cells in edits.items():
        k = L.norm_key(sheet)
        for names, col, width in BROKEN_COLUMNS:
            if k not in names:
                continue
            for (r, c), v in cells.items():
                if c != col:
                    continue
                old = before(sheet, r, c)
                if not isinstance(v, str) or "\n" not in (text := printed_text(v, width, old)):
                    if isinstance(old, str) and "\n" in old:
                        heights.setdefault(sheet, {})[r] = None
                    continue
                cells[(r, c)] = text
                lines = text.count("\n") + 1
                if lines > 1:
                    heights.setdefault(sheet, {})[r] = row_points(lines)
    return heights


#: the smallest printed size (points) of a table's text (11 pt in the sheet)
#: that :func:`readable_pages` allows: below it a wide table is split
MIN_POINTS = 9.0
#: the body text's size in the sheets (the workbook's default font)
BODY_POINTS = 11.0
#: the print scale (%) of a table split over pages: 11 pt × 85 % = 9.35 pt
PRINT_SCALE = 85
#: the width (points) a column of one character takes in print, and the
#: padding of every column: LibreOffice's, measured (a 188-character-wide
#: 成绩表 of 19 columns fitted to the 741 points of a landscape A4 page
#: at 56 %); Excel's are narrower (5.25 points), so a part fits there too
CHAR_POINTS = 6.6
COLUMN_PADDING = 3.75
#: the printable width of an A4 page (points) inside the program's margins
#: (0.7 inch left and right): portrait, landscape
PAGE_POINTS = {False: 595.0 - 100.8, True: 842.0 - 100.8}
#: the headers of the columns that name a row, repeated on each page of a
#: split table (the leading columns up to the last of them)
_IDENTIFYING = {L.norm_key(x) for x in ("名次", "序号", "姓名", "队名", "Rank", "No", "No.", "Name", "Team", "#")}


def column_points(width: float) -> float:
    """The printed width (points, at 100 %) of a column ``width`` characters wide."""
    return width * CHAR_POINTS + COLUMN_PADDING


def column_parts(widths: list[float], keep: int, room: float) -> list[tuple[int, int]]:
    """The columns after the first ``keep`` (repeated on every page) in
    parts that fit ``room`` points beside them: (first, last) of each part,
    1-based; a column wider than the room alone is a part of its own."""
    lead = sum(widths[:keep])
    parts: list[tuple[int, int]] = []
    start, used = keep + 1, lead
    for c in range(keep + 1, len(widths) + 1):
        w = widths[c - 1]
        if used + w > room and c > start:
            parts.append((start, c - 1))
            start, used = c, lead
        used += w
    if start <= len(widths):
        parts.append((start, len(widths)))
    return parts


def readable_pages(plan: WritePlan, rows: Rows) -> None:
    """Each page setup of ``plan`` fitted to one page wide whose columns
    (their widths in the plan's looks) would print below :data:`MIN_POINTS`
    there: landscape when that is enough, else printed at
    :data:`PRINT_SCALE` % over several pages, the identifying columns (the
    leading ones up to the last 名次 / 序号 / 姓名 …) repeated on each and
    a column break after each page's last column."""
    widths: dict[str, dict[int, float]] = {}
    for look in plan.looks:
        widths.setdefault(look.sheet, {}).update(look.widths)
    for p in plan.page_setups:
        if p.scale is not None or p.fit_width != 1 or not p.area or p.sheet not in widths:
            continue
        _r1, c1, _r2, c2 = p.area
        if c1 != 1:
            continue
        cols = [column_points(widths[p.sheet].get(c, 8.43)) for c in range(1, c2 + 1)]
        total = sum(cols)
        if BODY_POINTS * PAGE_POINTS[p.landscape] / total >= MIN_POINTS:
            continue  # fitted as it is: readable
        if BODY_POINTS * PAGE_POINTS[True] / total >= MIN_POINTS:
            p.landscape = True
            continue
        grid = rows(p.sheet)
        head = grid[L.HEADER_ROW - 1] if len(grid) >= L.HEADER_ROW else []
        keep = 0
        for c, v in enumerate(head[: min(len(head), 4)], start=1):
            if v not in (None, "") and L.norm_key(v) in _IDENTIFYING:
                keep = c
        room = PAGE_POINTS[True] * 100 / PRINT_SCALE
        if sum(cols[:keep]) > room / 2:
            keep = 0
        parts = column_parts(cols, keep, room)
        p.landscape, p.scale, p.fit_width, p.fit_height = True, PRINT_SCALE, 0, 0
        p.title_cols = (1, keep) if keep else None
        p.col_breaks = tuple(last for _first, last in parts[:-1])
        if p.title_rows and p.title_rows[1] > p.title_rows[0]:  # the header row only: the title in A1 would be
            p.title_rows = (p.title_rows[1], p.title_rows[1])  # cut at the repeated columns' edge


def finish_paper(plan: WritePlan, names: list[str], rows: Rows) -> None:
    """Everything above, on a plan that writes something."""
    if plan.is_empty():
        return
    follow_data(plan, names, rows)
    fit_header_words(plan, rows)
    wrapped_heights(plan, rows)
    readable_pages(plan, rows)
    words = paper_words(names, rows)
    if words is not None:
        sign_pages(plan, words)


__all__ = [
    "PaperWords",
    "paper_words",
    "sign_pages",
    "follow_data",
    "typed_sheet_setup",
    "wrapped_heights",
    "fit_header_words",
    "text_lines",
    "finish_paper",
    "break_text",
    "printed_text",
    "unbroken",
    "break_long_text",
    "BROKEN_COLUMNS",
    "round_label",
    "escape",
    "LINE_POINTS",
    "readable_pages",
    "column_parts",
    "column_points",
    "MIN_POINTS",
    "PRINT_SCALE",
]
