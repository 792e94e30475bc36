"""Groups (组别) in an individual workbook: the sheet mapping.

A 组别 column in 报名表 (header 组别, 分组, 组, group or section; optional —
blank everywhere, or no such column, is one event as before) splits the
event into groups, each paired, numbered and ranked on its own.  Every
group is an ordinary event workbook seen through a :class:`GroupView`:

- 设置 is shared (its 赛事名称 shows as "名称 组别" to the group, so the
  titles name it);
- 报名表 is shared, each group seeing only its own rows (the others' rows
  read as empty, at the same row numbers, and nothing is written to them):
  its own 序号 1 … n, numbered by the registration rule on its own;
- every other sheet is the group's own, its name prefixed with the group's:
  ``男子组 第1轮``, ``男子组 成绩表``, ``男子组 编排记录``, ``Women Round 1``
  … (group names are at most 10 characters, so that every sheet name fits
  Excel's 31).

A view never writes: its ``apply`` keeps the plan, its sheet names mapped
back (:meth:`GroupView.plan`); the caller applies every group's plan at
once (:func:`merged`), after every group has succeeded.
"""

from __future__ import annotations

import re

from dataclasses import replace
from typing import Any, Optional

from xlxq.core.groups import check_group_name, group_clash
from xlxq.errors import InputError, XlxqError
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.book_sheets import sheet_kinds, single_sheets
from xlxq.sheets.cells import find_layout, cell_at, sheet_error, text_of
from xlxq.sheets.pages import escape
from xlxq.sheets.plan import Book, Fill, MergedRange, PageSetup, Values, WritePlan, merged_ranges
from xlxq.sheets.problems import Status
from xlxq.sheets.settings import SETTING_LOOKUP
from xlxq.i18n import Lazy, Msg

__all__ = ["GROUP_HEADERS", "GroupView", "workbook_groups", "merged", "refuse_team_groups"]

#: the headers of the 组别 column (normalised as every header)
GROUP_HEADERS = ("组别", "分组", "组", "group", "section")
_GROUP_KEYS = {L.norm_key(h) for h in GROUP_HEADERS}


def _common(book: Book) -> tuple[str, str]:
    kinds = sheet_kinds(list(book.sheet_names()), L.sheet_kind)
    one = single_sheets(kinds, (L.SETTINGS, L.REGISTRATION), (L.SETTINGS, L.REGISTRATION), L.SHEET_NAMES)
    return one[L.SETTINGS], one[L.REGISTRATION]


def _group_column(name: str, grid: list[list[Any]]) -> tuple[Any, Optional[int]]:
    """报名表's table and its 组别 column (None: no such column)."""
    table = find_layout(L.REGISTRATION_TABLE, name, grid)
    header = grid[table.header_row - 1]
    gcol = next((j for j, v in enumerate(header, start=1) if isinstance(v, str) and L.norm_key(v) in _GROUP_KEYS), None)
    return table, gcol


def _row_groups(name: str, grid: list[list[Any]]) -> Optional[dict[int, str]]:
    """row → group of 报名表's player rows, or None without a 组别 column
    (or with every 组别 cell blank)."""
    table, gcol = _group_column(name, grid)
    if gcol is None:
        return None
    rows: dict[int, Optional[str]] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        no = cell_at(grid, r, table.cols["no"]) if "no" in table.cols else None
        if text_of(cell_at(grid, r, table.cols["name"])) is None and no is None:
            continue
        rows[r] = text_of(cell_at(grid, r, gcol))
    if all(g is None for g in rows.values()):
        return None
    out: dict[int, str] = {}
    seen: dict[str, str] = {}
    for r, g in rows.items():
        ref = L.cell_ref(r, gcol)
        if g is None:
            raise sheet_error(name, r, Msg("groups.this-row-has-no-group"), ref)
        try:
            out[r] = check_group_name(g)
        except InputError as exc:
            raise sheet_error(name, r, exc, ref) from None
        clash = group_clash(out[r], seen)
        if clash:
            raise sheet_error(name, r, clash, ref)
    return out


def workbook_groups(book: Book) -> Optional[list[str]]:
    """The groups of an individual workbook in the order of 报名表, or None
    for a workbook without groups (or without 设置 and 报名表: the
    operation reports that); a bad 组别 cell is an error."""
    try:
        _, reg = _common(book)
        grid = book.values(reg)
        if _group_column(reg, grid)[1] is None:
            return None
    except XlxqError:  # no 设置 or 报名表, no 姓名 header, a formula without its value …: the operation reports it
        return None
    rows = _row_groups(reg, grid)
    if rows is None:
        return None
    return list(dict.fromkeys(rows.values()))


def refuse_team_groups(book: Book) -> None:
    """A team workbook has no groups: a 组别 column in its 队伍报名 is refused."""
    for name in book.sheet_names():
        if T.sheet_kind(name)[0] != T.TEAMS:
            continue
        for row in book.values(name)[: L.HEADER_SCAN]:
            if any(isinstance(v, str) and L.norm_key(v) in _GROUP_KEYS for v in row):
                raise InputError(
                    Msg("groups.a-team-event-has-no-groups-has-a-group", name=name),
                )


class GroupView:
    """Group ``group`` of ``book`` as an ordinary event workbook (a Book)."""

    def __init__(self, book: Book, group: str):
        self.book = book
        self.group = group
        self.settings_name, self.reg_name = _common(book)
        grid = book.values(self.reg_name)
        rows = _row_groups(self.reg_name, grid) or {}
        self.hidden_rows = {r for r, g in rows.items() if g != group}
        table, self.group_col = _group_column(self.reg_name, grid)
        self.first_row = table.header_row + 1
        self.plans: list[WritePlan] = []
        self.prefix = f"{group} "
        self.name_cell: Optional[tuple[int, int]] = None

    # --- names -----------------------------------------------------------
    def real(self, inner: str) -> str:
        return inner if inner in (self.settings_name, self.reg_name) else self.prefix + inner

    def inner(self, real: str) -> str:
        return real[len(self.prefix) :] if real.startswith(self.prefix) else real

    # --- the Book protocol -------------------------------------------------
    def sheet_names(self) -> list[str]:
        common = [n for n in self.book.sheet_names() if n in (self.settings_name, self.reg_name)]
        return common + [self.inner(n) for n in self.book.sheet_names() if n.startswith(self.prefix)]

    def values(self, sheet: str) -> list[list[Any]]:
        grid = [list(r) for r in self.book.values(self.real(sheet))]
        if sheet == self.reg_name:
            for r in self.hidden_rows:
                if r <= len(grid):
                    grid[r - 1] = [None] * len(grid[r - 1])
            for row in grid[self.first_row - 1 :]:  # the group's own rows: one ordinary event
                if self.group_col is not None and len(row) >= self.group_col:
                    row[self.group_col - 1] = None
        elif sheet == self.settings_name:
            self._name_the_group(grid)
        return grid

    def merged_ranges(self, sheet: str) -> list[MergedRange]:
        return merged_ranges(self.book, self.real(sheet))

    def apply(self, plan: WritePlan) -> None:
        self.plans.append(self._mapped(plan))

    def named(self, st: Status) -> Status:
        """``st`` of an operation on this view with the workbook's own sheet
        names: its problems placed on them (第4轮!B5 → 男子组 第4轮!B5) and
        the sheets its message quotes (工作表“第1轮” → 工作表“男子组 第1轮”,
        sheet 'Round 1' → sheet 'Women Round 1'; a place in the text,
        第一处：第1轮!F5 → 第一处：男子组 第1轮!F5)."""
        placed = sorted({p.sheet for p in st.details if p.sheet and self.real(p.sheet) != p.sheet}, key=len)
        subs: list[tuple[Any, str]] = []
        for inner in placed:  # a place in the message ("第一处：第1轮!F5")
            at = re.compile(rf"(?<=[：、（(\s]){re.escape(inner)}!")
            subs.append((at, f"{self.real(inner)}!".replace("\\", "\\\\")))  # (a group name has no backslash)
        st.details = [replace(p, sheet=self.real(p.sheet)) if p.sheet else p for p in st.details]
        added = [self.inner(a.name) for plan in self.plans for a in plan.add_sheets]
        quoted: list[tuple[str, str]] = []
        for inner in dict.fromkeys([*self.sheet_names(), *added]):
            real = self.real(inner)
            if real != inner:  # “第1轮” (Chinese) and '第1轮' (English)
                quoted += [(f"“{inner}”", f"“{real}”"), (repr(inner), repr(real))]

        def fix(text: str) -> str:
            for at, real in subs:
                text = at.sub(real, text)
            for inner, real in quoted:
                text = text.replace(inner, real)
            return text

        msg = st.msg  # renamed in the language it is rendered in
        st.msg = Msg("workbook_common.line", line=Lazy(lambda lang: fix(msg.render(lang))))
        return st

    # --- mapping -----------------------------------------------------------
    def _name_the_group(self, grid: list[list[Any]]) -> None:
        table = find_layout(L.SETTINGS_TABLE, self.settings_name, grid)
        kc, vc = table.cols["key"], table.cols["value"]
        for r in range(table.header_row + 1, len(grid) + 1):
            spec = SETTING_LOOKUP.get(L.norm_key(text_of(cell_at(grid, r, kc))))
            if spec is not None and spec.key == "name":
                name = text_of(cell_at(grid, r, vc))
                while len(grid[r - 1]) < vc:
                    grid[r - 1].append(None)
                grid[r - 1][vc - 1] = f"{name} {self.group}" if name else self.group
                self.name_cell = (r, vc)
                return

    def _mapped(self, plan: WritePlan) -> WritePlan:
        out = WritePlan()
        out.add_sheets = [
            replace(a, name=self.real(a.name), after=None if a.after is None else self.real(a.after))
            for a in plan.add_sheets
        ]
        for v in plan.values:
            out.values += self._values(v)
        for f in plan.fills:
            out.fills += self._fills(f)
        for attr in ("number_formats", "looks", "styles", "validations", "page_setups"):
            setattr(out, attr, [replace(x, sheet=self.real(x.sheet)) for x in getattr(plan, attr)])
        out.page_setups = [self._shared_page(p) for p in out.page_setups]
        out.remove_sheets = [self.real(n) for n in plan.remove_sheets]
        return out

    def _shared_page(self, p: PageSetup) -> PageSetup:
        """The page of 设置 / 报名表 as the whole event's: its print area
        down to every group's rows, the event's name (not the group's) in
        the header."""
        if p.sheet not in (self.reg_name, self.settings_name):
            return p
        grid = self.book.values(p.sheet)
        if p.area:
            r1, c1, r2, c2 = p.area
            last = max((i for i, row in enumerate(grid, start=1) if any(v not in (None, "") for v in row)), default=r2)
            p = replace(p, area=(r1, c1, max(r2, last), c2))
        if p.header_left is not None and self.name_cell is not None:
            name = text_of(cell_at(self.book.values(self.settings_name), *self.name_cell))
            p = replace(p, header_left=escape(name or ""))
        return p

    def _values(self, v: Values) -> list[Values]:
        sheet = self.real(v.sheet)
        if v.sheet not in (self.reg_name, self.settings_name):
            return [replace(v, sheet=sheet)]
        out = []
        for i, row in enumerate(v.values):
            r = v.row + i
            if v.sheet == self.reg_name and r in self.hidden_rows:
                continue  # another group's row: never written
            cells = list(row)
            if v.sheet == self.settings_name and self.name_cell is not None and r == self.name_cell[0]:
                j = self.name_cell[1] - v.col
                if 0 <= j < len(cells):  # the group's name is the view's, not the sheet's
                    out += [Values(sheet, r, v.col, [cells[:j]])] if j else []
                    out += [Values(sheet, r, v.col + j + 1, [cells[j + 1 :]])] if cells[j + 1 :] else []
                    continue
            out.append(Values(sheet, r, v.col, [cells]))
        return out

    def _fills(self, f: Fill) -> list[Fill]:
        if f.sheet != self.reg_name:
            return [replace(f, sheet=self.real(f.sheet))]
        return [replace(f, row=r, rows=1) for r in range(f.row, f.row + f.rows) if r not in self.hidden_rows]


def merged(plans: list[WritePlan]) -> WritePlan:
    """The plans of every group as one (each writes its own sheets and rows).
    The sheets the groups add go in last group first: each group's first
    sheet goes after 报名表, so the groups' sheets end up in the groups'
    order."""
    out = WritePlan()
    for p in reversed(plans):
        out.add_sheets.extend(p.add_sheets)
    for p in plans:
        for attr in (
            "number_formats",
            "values",
            "fills",
            "looks",
            "styles",
            "validations",
            "page_setups",
        ):
            getattr(out, attr).extend(getattr(p, attr))
        out.remove_sheets.extend(p.remove_sheets)
    return out
