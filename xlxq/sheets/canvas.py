""":class:`Canvas`: the cells an operation wants, kept as edits on a copy
of the values read and compared with them at the end, so the
:class:`~xlxq.sheets.plan.WritePlan` holds only the cells that change.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Iterable, Optional

from xlxq.errors import XlxqError
from xlxq.sheets.cells import cell_at, same_value
from xlxq.sheets.pages import break_long_text, finish_paper
from xlxq.sheets.plan import AddSheet, Fill, SheetLook, Values, WritePlan
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.results import ResultError, parse_result
from xlxq.sheets.script import Keep, has_hant, keep_of, lang_is_hant, to_hant


class Canvas:
    """Collects the cells an operation wants, compares them with the
    values read, and emits the minimal :class:`WritePlan`."""

    def __init__(self, snapshot: dict[str, list[list[Any]]]):
        self.orig = snapshot
        self.edits: dict[str, dict[tuple[int, int], Any]] = {}
        self.fills: dict[tuple[str, int, int], Optional[str]] = {}
        self.plan = WritePlan()
        self.new_sheets: list[str] = []
        self.whole: set[str] = set()  # program-owned sheets: written as one block
        #: write in 繁體 (None: as the workbook is written, :func:`is_hant_book`)
        self.hant: Optional[bool] = None
        self._keep: Optional[Keep] = None
        #: the user's strings this plan writes that the sheets read do not hold
        #: (a new workbook's players and title): kept as typed in a 繁體 workbook
        self.user_texts: set[str] = set()
        #: the new sheets :meth:`finish` renamed (a 繁體 workbook's 第1轮 → 第1輪)
        self.renamed: dict[str, str] = {}

    def value(self, sheet: str, row: int, col: int) -> Any:
        e = self.edits.get(sheet)
        if e is not None and (row, col) in e:
            return e[(row, col)]
        return cell_at(self.orig.get(sheet, []), row, col)

    def set(self, sheet: str, row: int, col: int, value: Any) -> None:
        if value.__class__ is float and value.is_integer():  # (a float's subclass is not one the sheets make)
            value = int(value)
        edits = self.edits.get(sheet)
        if edits is None:
            edits = self.edits[sheet] = {}
        edits[(row, col)] = value

    def set_row(self, sheet: str, row: int, col: int, values: Iterable[Any]) -> None:
        for j, v in enumerate(values):
            self.set(sheet, row, col + j, v)

    def clear_sheet(self, sheet: str) -> None:
        """Empty every cell that has a value (the sheet is rewritten, and is
        program-owned: its changes go out as one rectangle)."""
        self.whole.add(sheet)
        edits: Optional[dict[tuple[int, int], Any]] = None
        for i, r in enumerate(self.orig.get(sheet, []), start=1):
            for j, v in enumerate(r, start=1):
                if v is not None:
                    if edits is None:
                        edits = self.edits.setdefault(sheet, {})
                    edits[(i, j)] = None

    def add_sheet(self, name: str, kind: str, after: Optional[str] = None) -> None:
        self.plan.add_sheets.append(AddSheet(name, kind, after))
        self.new_sheets.append(name)
        self.orig.setdefault(name, [])

    def fill(self, sheet: str, row: int, col: int, colour: Optional[str]) -> None:
        self.fills[(sheet, row, col)] = colour

    def rows(self, sheet: str) -> list[list[Any]]:
        """The sheet's values as they will be after the plan (edits applied)."""
        grid = [list(r) for r in self.orig.get(sheet, [])]
        for (r, c), v in self.edits.get(sheet, {}).items():
            while len(grid) < r:
                grid.append([])
            row = grid[r - 1]
            if len(row) < c:
                row.extend([None] * (c - len(row)))
            row[c - 1] = v
        return grid

    def finish(self) -> WritePlan:
        """The plan: the cells that change, the fills, and the print pages
        of what it writes (:func:`xlxq.sheets.pages.finish_paper`); in a
        繁體 workbook, in 繁體 (:meth:`_in_hant`)."""
        hant = self.hant if self.hant is not None else is_hant_book(self.orig, language_row(self.orig))
        if hant:
            self._in_hant()
        heights = break_long_text(self.edits, lambda s, r, c: cell_at(self.orig.get(s, []), r, c))
        plan = self._finish_cells()
        if not plan.is_empty():
            plan.looks += [SheetLook(sheet, heights=hs) for sheet, hs in heights.items()]
        names = [*self.orig, *(n for n in self.new_sheets if n not in self.orig)]
        cache: dict[str, list[list[Any]]] = {}

        def rows(sheet: str) -> list[list[Any]]:
            if sheet not in cache:
                cache[sheet] = self.rows(sheet)
            return cache[sheet]

        finish_paper(plan, [n for n in names if n not in plan.remove_sheets], rows)
        if hant:
            _page_texts_in_hant(plan, self._keep)
        return plan

    def final_name(self, name: str) -> str:
        """The name sheet ``name`` has in the plan :meth:`finish` made (a new
        sheet of a 繁體 workbook: its 繁體 name)."""
        return self.renamed.get(name, name)

    def _in_hant(self) -> None:
        """The program's words of this plan in 繁體: the new sheets' names, the
        cells' texts, the drop-down lists; the user's strings as typed
        (:func:`xlxq.sheets.script.keep_of`: those of the sheets they are
        typed in, 设置, 报名表, 队伍报名, 出场名单, and :attr:`user_texts`),
        the hidden state sheet as it is."""
        user = {s: r for s, r in self.orig.items() if _is_user_sheet(s)}
        self._keep = keep = keep_of(user, self.user_texts, is_label)
        names = {n: to_hant(n, keep) for n in self.new_sheets}
        names = {a: b for a, b in names.items() if a != b and b not in self.orig}
        if names:
            self.renamed = names
            self.new_sheets = [names.get(n, n) for n in self.new_sheets]
            for n in names:
                self.orig[names[n]] = self.orig.pop(n)
            self.edits = {names.get(n, n): e for n, e in self.edits.items()}
            self.whole = {names.get(n, n) for n in self.whole}
            self.fills = {(names.get(n, n), r, c): v for (n, r, c), v in self.fills.items()}
            _rename_sheets(self.plan, names)
        done: dict[str, str] = {}  # the same texts recur (names, headers, results)
        for sheet, edits in self.edits.items():
            if sheet.startswith(STATE_SHEET):
                continue
            for k, v in edits.items():
                if v.__class__ is str:
                    got = done.get(v)
                    if got is None:
                        got = done[v] = to_hant(v, keep)
                    edits[k] = got
        for val in self.plan.validations:
            val.choices = [to_hant(c, keep) for c in val.choices]

    def _finish_cells(self) -> WritePlan:
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
                plan.values.append(
                    Values(sheet, r0, c0, [[cells.get((r, c)) for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)])
                )
                continue
            changed = _changed(self.orig.get(sheet, []), edits)
            if sheet in self.whole and changed:
                r0, r1 = min(r for r, _ in changed), max(r for r, _ in changed)
                c0, c1 = min(c for _, c in changed), max(c for _, c in changed)
                plan.values.append(
                    Values(
                        sheet, r0, c0, [[self.value(sheet, r, c) for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)]
                    )
                )
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


def is_hant_book(sheet_names: Iterable[Any], language: Optional[str] = None) -> bool:
    """Whether a workbook is written in 繁體: its 设置 row 语言 names 繁體
    (``language``: that cell's text; 简体 / zh-Hans says no), else its
    设置 or 报名表 sheet (队伍报名 in a team workbook) is named in 繁體
    (設置, 報名表).  A mixed workbook (設置 and 报名表) is 繁體."""
    if language is not None and str(language).strip():
        return lang_is_hant(str(language))
    return any(has_hant(n) and _is_main_sheet(n) for n in sheet_names)


def book_script(book: Any) -> Optional[Keep]:
    """For a 繁體 workbook (:func:`is_hant_book`, on a ``Book``'s sheet
    names and its 设置 row 语言), the :class:`Keep` of its user strings (the
    names, units and titles typed in 设置, 报名表 …): what a text shown about
    the workbook (a button's message, the CLI's lines) keeps as typed when
    it is put in 繁體; None for any other workbook.  A 简体 workbook costs
    its sheet names and its 设置 sheet (read again by the operation; the
    xlwings book caches it); a sheet that cannot be read counts as empty
    (the operation names it)."""

    def read(names: Iterable[str]) -> dict[str, list[list[Any]]]:
        out: dict[str, list[list[Any]]] = {}
        for n in names:
            try:
                out[n] = book.values(n)
            except XlxqError:
                out[n] = []
        return out

    names = [str(n) for n in book.sheet_names()]
    settings = read(n for n in names if L.sheet_kind(n)[0] == L.SETTINGS or T.sheet_kind(n)[0] == T.SETTINGS)
    if not is_hant_book(names, language_row(settings)):
        return None
    user = {**settings, **read(n for n in names if n not in settings and _is_user_sheet(n))}
    return keep_of(user, (), is_label)


#: the 设置 row that names the workbook's language (an arbiter may add it)
_LANGUAGE_KEYS = frozenset(L.norm_key(k) for k in ("语言", "language", "文字"))


def language_row(snapshot: dict[str, list[list[Any]]]) -> Optional[str]:
    """The value of a 设置 row 语言 (語言 | 繁體中文), if the arbiter added one."""
    for name, rows in snapshot.items():
        if L.sheet_kind(name)[0] != L.SETTINGS and T.sheet_kind(name)[0] != T.SETTINGS:
            continue
        for row in rows:
            for j, v in enumerate(row[:3]):
                if isinstance(v, str) and L.norm_key(v) in _LANGUAGE_KEYS:
                    value = row[j + 1] if j + 1 < len(row) else None
                    return str(value) if value not in (None, "") else None
    return None


@lru_cache(maxsize=64)
def _is_main_sheet(name: str) -> bool:
    return L.sheet_kind(name)[0] in (L.SETTINGS, L.REGISTRATION) or T.sheet_kind(name)[0] in (T.SETTINGS, T.TEAMS)


def is_label(text: str) -> bool:
    """Whether ``text`` is one of the program's words (a header, a sheet name,
    a 设置 key, choice or 说明, a result word) rather than the user's: a 简体
    header in a 繁體 workbook is written in 繁體 again, not kept."""
    if L.norm_key(text) in _label_keys():
        return True
    try:
        return parse_result(text) is not None
    except ResultError:
        return False


@lru_cache(maxsize=1)
def _label_keys() -> frozenset[str]:
    """The normal forms of every label of both layouts (columns, 设置 rows and
    their choices and 说明, sheet names)."""
    keys: set[str] = set()
    for mod in (L, T):
        for value in vars(mod).values():
            for x in value if isinstance(value, tuple) else (value,):
                if isinstance(x, (L.Column, L.Setting)):
                    keys |= x.names()
                if isinstance(x, L.Setting):
                    keys |= {L.norm_key(w) for c in x.choices for w in (c.zh, c.en, *c.aliases)}
                    keys |= {L.norm_key(x.help_zh)}
        for aliases in getattr(mod, "SHEET_ALIASES", {}).values():
            keys |= {L.norm_key(a) for a in aliases}
    for zh, _ in L.TIEBREAK_PRESET_LABELS.values():
        keys.add(L.norm_key(zh))
    keys.discard("")
    return frozenset(keys)


@lru_cache(maxsize=64)
def _is_user_sheet(name: str) -> bool:
    """Whether the user's own strings (names, units, titles) are typed in this sheet."""
    return _is_main_sheet(name) or T.sheet_kind(name)[0] == T.LINEUPS


#: the hidden state sheet (_xlxq): machine data, never converted
STATE_SHEET = "_xlxq"
_PAGE_TEXTS = ("footer", "header_left", "header_centre", "header_right", "footer_left", "footer_right")


def plan_in_script(plan: WritePlan, snapshot: dict[str, list[list[Any]]], user_texts: Iterable[str]) -> WritePlan:
    """A plan made without a :class:`Canvas` (a paper sheet: 记分单, 编排公告)
    for a workbook whose sheets read are ``snapshot``: in a 繁體 workbook its
    new sheets' names, texts and page texts in 繁體, ``user_texts`` (the
    event's names, units, title) as typed; the plan as it is in any other."""
    if not is_hant_book(snapshot, language_row(snapshot)):
        return plan
    names = set(snapshot)
    keep = Keep(user_texts)
    new = {a.name: to_hant(a.name, keep) for a in plan.add_sheets}
    _rename_sheets(plan, {a: b for a, b in new.items() if a != b and b not in names})
    for v in plan.values:
        v.values = [[to_hant(x, keep) if x.__class__ is str else x for x in row] for row in v.values]
    for val in plan.validations:
        val.choices = [to_hant(c, keep) for c in val.choices]
    _page_texts_in_hant(plan, keep)
    return plan


def _rename_sheets(plan: WritePlan, names: dict[str, str]) -> None:
    """The sheets ``names`` (old → new) renamed everywhere in ``plan``."""
    if not names:
        return
    for a in plan.add_sheets:
        a.name = names.get(a.name, a.name)
        a.after = names.get(a.after, a.after) if a.after is not None else None
    plan.remove_sheets = [names.get(n, n) for n in plan.remove_sheets]
    parts = (plan.number_formats, plan.values, plan.fills, plan.looks, plan.styles, plan.validations)
    for part in (*parts, plan.page_setups, plan.pictures):
        for x in part:
            x.sheet = names.get(x.sheet, x.sheet)


def _page_texts_in_hant(plan: WritePlan, keep: Optional[Keep]) -> None:
    """The headers and footers of the printed pages in 繁體 (the event's own title as typed)."""
    for p in plan.page_setups:
        for attr in _PAGE_TEXTS:
            v = getattr(p, attr)
            if v:
                setattr(p, attr, to_hant(v, keep))


def _changed(grid: list[list[Any]], edits: dict[tuple[int, int], Any]) -> dict[tuple[int, int], Any]:
    """The edits whose value is not the grid's (:func:`same_value` of
    :func:`cell_at`, which it equals: ``same_value`` reads blank text as
    empty itself; a value of the same type and equal is the same, checked
    first: most cells of a refresh do not change)."""
    out = {}
    height = len(grid)
    for k, v in edits.items():
        r, c = k
        old = None
        if 0 < r <= height:
            row = grid[r - 1]
            if 0 < c <= len(row):
                old = row[c - 1]
        if type(old) is type(v) and old == v:
            continue
        if not same_value(old, v):
            out[k] = v
    return out


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
