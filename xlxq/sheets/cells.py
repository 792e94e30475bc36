"""Small value helpers shared by every reader and writer: a cell of a
grid, text and number conversions, names compared as the arbiter means them,
the error naming a sheet and row (:func:`sheet_error`), and :class:`Table`,
a table found by its header names (:func:`find_table`, for a
:class:`xlxq.sheets.layout.TableLayout`) and no merged cells over the rows of a column read row by row
(:func:`refuse_merged`).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterable, Optional

from xlxq.errors import SheetError, XlxqError
from xlxq.i18n import Lazy, Msg, by_forms
from xlxq.sheets import layout as L

if TYPE_CHECKING:
    from xlxq.sheets.book_sheets import OpenSheets


def cell_at(grid: list[list[Any]], row: int, col: int) -> Any:
    if row < 1 or col < 1 or row > len(grid):
        return None
    r = grid[row - 1]
    if col > len(r):
        return None
    v = r[col - 1]
    if isinstance(v, str) and not v.strip():
        return None
    return v


def cells_at(grid: list[list[Any]], row: int, cols: dict[str, int]) -> dict[str, Any]:
    """``{key: cell_at(grid, row, col)}`` for the columns ``cols`` (key → column)."""
    if row < 1 or row > len(grid):
        return dict.fromkeys(cols)
    r = grid[row - 1]
    n = len(r)
    out: dict[str, Any] = {}
    for k, col in cols.items():
        v = r[col - 1] if 0 < col <= n else None
        if isinstance(v, str) and not v.strip():
            v = None
        out[k] = v
    return out


def text_of(v: Any) -> Optional[str]:
    if v is None:
        return None
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    s = str(v).replace("\u3000", " ").strip()
    return s or None


def tidy_number(x: Any) -> Any:
    """Integral floats as int (2.0 → 2) for display."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def as_int(v: Any) -> Optional[int]:
    """A whole number from a cell (3, 3.0, '3', '３'), else None."""
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float):
        return int(v) if v.is_integer() else None
    s = unicodedata.normalize("NFKC", str(v)).strip()
    if re.fullmatch(r"[+-]?\d+(\.0*)?", s):
        whole = s.split(".")[0].lstrip("+-").lstrip("0")
        if len(whole) > 15:  # beyond the numbers a cell may hold (10^15: docs/reliability.md): not one
            return None
        return int(s.split(".")[0])
    return None


def as_number(v: Any) -> Optional[float]:
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return tidy_number(v) if v == v and abs(v) != float("inf") else None
    s = unicodedata.normalize("NFKC", str(v)).strip().replace(",", "")
    try:
        x = float(s)
    except ValueError:
        return None
    return tidy_number(x) if x == x and abs(x) != float("inf") else None


def norm_name(s: Any) -> str:
    return _norm_name_text(str(s))


@lru_cache(maxsize=8192)  # a name is looked up on every round sheet
def _norm_name_text(s: str) -> str:
    return _SPACE.sub("", unicodedata.normalize("NFKC", s)).lower()


_SPACE = re.compile(r"\s+")


def same_value(a: Any, b: Any) -> bool:
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


def sheet_error(sheet: str, row: Optional[int], msg: Msg | XlxqError, cell: Optional[str] = None) -> SheetError:
    """The error ``msg`` (a message, or an error: its message) at ``row`` and
    ``cell`` of ``sheet``: its text names the place ("“报名表”表第5行（G5）：…",
    "sheet 'Players' row 5 (G5): …"), its ``detail`` is ``msg`` alone."""
    detail = msg if isinstance(msg, Msg) else msg.msg if msg.msg is not None else Msg("cells.text", text=msg)
    if row and cell:
        said = Msg("cells.sheet-row-cell", sheet=sheet, row=row, cell=cell, text=detail)
    elif row:
        said = Msg("cells.sheet-row", sheet=sheet, row=row, text=detail)
    elif cell:
        said = Msg("cells.sheet-cell", sheet=sheet, cell=cell, text=detail)
    else:
        said = Msg("cells.sheet", sheet=sheet, text=detail)
    err = SheetError(said, detail, sheet=sheet, row=row, cell=cell)
    if not isinstance(msg, Msg):  # an error keeps where else it is (its round, board, player, team)
        err.place = replace(msg.place, sheet=sheet, row=row, cell=cell)
    return err


def named_no(name: Any, no: int) -> Lazy:
    """A player in a sheet's error: 张三（7号） where the language writes the
    Chinese forms, else the number alone (7)."""
    return by_forms(Msg("checks.name-no", name=name, no=no), str(no))


# ==========================================================================
# tables found by header names
# ==========================================================================


@dataclass
class Table:
    sheet: str
    header_row: int
    cols: dict[str, int]  # column key → 1-based column
    last_row: int  # last row of the sheet's values

    def col(self, key: str) -> Optional[int]:
        return self.cols.get(key)


SIDED_GENERIC_KEYS = {L.norm_key(n): g for g, names in L.SIDED_GENERIC.items() for n in names}


def find_table(
    sheet: str,
    grid: list[list[Any]],
    lookup: dict[str, str],
    must: tuple[str, ...],
    what: Msg,
    sided: bool = False,
) -> Table:
    for i in range(1, min(len(grid), L.HEADER_SCAN) + 1):
        row = grid[i - 1]
        normed = [L.norm_key(v) if isinstance(v, str) else "" for v in row]
        keys = [lookup.get(n) for n in normed]
        if not all(k in keys for k in must):
            continue
        cols: dict[str, int] = {}
        result_col = keys.index("result") + 1 if sided and "result" in keys else None
        for j, (n, k) in enumerate(zip(normed, keys), start=1):
            if k is None and sided and n in SIDED_GENERIC_KEYS:
                k = ("red_" if j < result_col else "black_") + SIDED_GENERIC_KEYS[n]
            if k is None:
                continue
            if k in cols:
                raise sheet_error(
                    sheet,
                    i,
                    Msg("cells.two-columns-mean-the-same-and", cols_k=row[cols[k] - 1], row_j=row[j - 1]),
                )
            cols[k] = j
        return Table(sheet, i, cols, len(grid))
    raise sheet_error(sheet, None, Msg("cells.no-header-in-the-first-rows", what=what, n=L.HEADER_SCAN))


def find_layout(layout: L.TableLayout, sheet: str, grid: list[list[Any]]) -> Table:
    """The table of ``layout`` on ``sheet`` (values ``grid``), found by its
    headers in the first rows; an error naming its required headers."""
    return find_table(sheet, grid, layout.lookup, layout.required, layout.what(), sided=layout.sided)


def refuse_merged(sheets: "OpenSheets", kind: str, layout: L.TableLayout, keys: Iterable[str]) -> None:
    """An error naming the sheet and the range when cells merged over several
    rows cover a column of ``keys`` below the header of a sheet of ``kind``
    (its table found as its reader finds it: ``layout``).  The file backend reads a cell merged down a column on every
    row of the merge (a club written once for the players below it); for a
    column read row by row (a 结果, a 序号, a name) that would count one cell
    for every row, silently (issue 21 §2.5: 第3轮 F3:F8 merged gave F3's
    result to six boards)."""
    keys = tuple(keys)
    for name, _ in sheets.kinds.get(kind, []):
        spans = sheets.merged.get(name)
        if not spans:
            continue
        grid = sheets.snapshot[name]
        table = find_layout(layout, name, grid)
        cols = {table.cols[k]: k for k in keys if k in table.cols}
        for r1, c1, r2, c2 in sorted(spans):
            if r2 <= table.header_row:
                continue
            hit = next((c for c in range(c1, c2 + 1) if c in cols), None)
            if hit is None:
                continue
            head_row = grid[table.header_row - 1]
            head = head_row[hit - 1] if hit <= len(head_row) else cols[hit]
            rng = f"{L.cell_ref(r1, c1)}:{L.cell_ref(r2, c2)}"
            top = L.cell_ref(r1, c1)
            raise sheet_error(
                name,
                None,
                Msg("cells.merged-cells-over-several-rows-of-the", head=head, top=top),
                rng,
            )
