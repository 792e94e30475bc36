"""Registration import (报名表): a CSV or Excel sheet → numbered players.

``read_registration(path, draw_seed=None)`` reads the first sheet of an
``.xlsx``/``.xlsm`` workbook or a ``.csv``/``.txt`` file (UTF-8 with or
without BOM, then GBK/GB18030; comma, tab or semicolon separated).

Columns are found by their header, Chinese or English, case and spaces
ignored (other columns are ignored):

=========  =====================================  ==========
key        headers accepted                        required
=========  =====================================  ==========
no         序号 编号 no no. number                 no
name       姓名 棋手 name player                   yes
unit       单位 队名 代表队 队伍 unit club team    no
rating     等级分 rating elo                       no
seed       种子 种子号 seed                        no
withdrawn  退赛轮次 退赛 … (as the workbook's 报名表)   no
absent     请假轮次 请假 缺席 … (as the workbook's)     no
sex        性别 性別 sex gender (男/女, M/F)            no
birth_year 出生年份 出生日期 birth year … (a year)      no
category   类别 類別 年龄组 category age group cat     no
=========  =====================================  ==========

退赛轮次 and 请假轮次 are the workbook 报名表's columns, their headers and
cells read by the same code (:data:`xlxq.sheets.registration.ROUND_CELLS`,
the headers of :data:`xlxq.sheets.layout.REGISTRATION_COLUMNS`): "5" = from
round 5 on no longer paired; "3", "3,5", "3、5", "第3轮 第5轮" = absent in
those rounds.

The header row may be preceded by title rows (e.g. "某某赛报名表"): the first
of the first ten rows that has a name header is taken.  Empty rows are
skipped.  Errors name the row as Excel shows it (the header's row + 1 …).

Numbering (序号, fixed for the whole event):

1. A 序号 column, when present, is used as is: every row needs a positive
   whole number, all different.  Seeds are then kept as data only, and a
   draw (``draw_seed``) is refused.
2. Otherwise the registration rule of :mod:`xlxq.core.numbering` (one rule
   for ``xlxq new``, the workbook and 抽签): seeds (positive whole numbers,
   all different here) take 1, 3, 5 … (方法(一)), the others 2, 4, 6 … in
   file order, or, with ``draw_seed``, in the order of
   ``random.Random(draw_seed).shuffle`` of the file order (抽签), or by
   等级分 (``method="rating"``).

The returned list is sorted by 序号.

Lazy imports: the extras' parsers (``core.prizes``) only for a filled
性别/出生年份/类别 cell; openpyxl is imported only for an .xlsx registration (a CSV
or JSON one never loads it: start-up time of ``xlxq new``).
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path
from typing import Any, Optional

from xlxq.backends.formulas import is_formula, no_value_error
from xlxq.backends.limits import check_workbook_zip
from xlxq.core.groups import check_group_name, group_clash
from xlxq.core.model import Player
from xlxq.core.numbering import registration_numbers
from xlxq.errors import InputError
from xlxq.sheets.layout import REGISTRATION_COLUMNS, REGISTRATION_EXTRAS
from xlxq.sheets.registration import ROUND_CELLS
from xlxq.sheets.script import to_hans
from xlxq.text import label_problem, visible
import csv
import io
from xlxq.i18n import Msg, zh_only

HEADERS: dict[str, tuple[str, ...]] = {
    "no": ("序号", "编号", "no", "no.", "number", "num"),
    "name": ("姓名", "棋手", "棋手姓名", "name", "player"),
    "unit": ("单位", "队名", "代表队", "队伍", "所属单位", "unit", "club", "team"),
    "rating": ("等级分", "rating", "elo"),
    "seed": ("种子", "种子号", "种子序号", "seed"),
    "group": ("组别", "分组", "组", "group", "section"),
    # the round columns of the workbook's 报名表, by the workbook's headers
    **{c.key: tuple(sorted(c.names())) for c in REGISTRATION_COLUMNS if c.key in ROUND_CELLS},
    # 性别, 出生年份: the workbook's optional columns, by its headers
    **{c.key: tuple(sorted(c.names())) for c in REGISTRATION_EXTRAS},
}
_LABEL = {
    "no": "序号",
    "name": "姓名",
    "unit": "单位",
    "rating": "等级分",
    "seed": "种子",
    "group": "组别",
    "withdrawn": "退赛轮次",
    "absent": "请假轮次",
    "sex": "性别",
    "birth_year": "出生年份",
    "category": "类别",
}
_LOOKUP = {alias: key for key, aliases in HEADERS.items() for alias in aliases}
_HEADER_SCAN = 10


def _norm_header(h: Any) -> str:
    """A header as the lookup keys it: no spaces, lower case, no trailing
    colon, 繁體 → 简体 (性別, 類別, 單位 are 性别, 类别, 单位: the workbook's
    headers are read the same way, :func:`xlxq.sheets.layout.norm_key`)."""
    if h is None or (isinstance(h, float) and math.isnan(h)):
        return ""
    return to_hans(re.sub(r"[\s\u3000]+", "", str(h)).lower().rstrip(":："))


def _cell(v: Any) -> Any:
    """None for an empty cell, a stripped string for text, numbers as is."""
    if v is None:
        return None
    if isinstance(v, float) and math.isnan(v):
        return None
    if isinstance(v, str):
        v = v.replace("\u3000", " ").strip()
        return v or None
    return v


def cell_text(v: Any) -> str:
    """A cell as text (Excel gives 2024 as 2024.0 in an object column)."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


def _as_number(v: Any) -> Optional[float]:
    if isinstance(v, bool):
        return None
    if isinstance(v, (int, float)):
        return v if not (isinstance(v, float) and (math.isnan(v) or math.isinf(v))) else None
    try:
        x = float(str(v).replace(",", ""))
    except ValueError:
        return None
    return x if math.isfinite(x) else None


def as_posint(v: Any) -> Optional[int]:
    x = _as_number(v)
    if x is None or x != int(x) or x < 1:
        return None
    return int(x)


#: the strings pandas' readers took for "no value" (``keep_default_na``); the
#: Excel reader keeps that reading (a cell holding ``NA`` is an empty cell)
NA_STRINGS = frozenset(
    [
        "",
        "#N/A",
        "#N/A N/A",
        "#NA",
        "-1.#IND",
        "-1.#QNAN",
        "-NaN",
        "-nan",
        "1.#IND",
        "1.#QNAN",
        "<NA>",
        "N/A",
        "NA",
        "NULL",
        "NaN",
        "None",
        "n/a",
        "nan",
        "null",
    ]
)


def _sheet_rows(path: Path, data_only: bool, found: dict[tuple[int, int], Any]) -> list[list[Any]]:
    """The first sheet's cells, row by row, trailing empty cells cut.  Not
    ``data_only``: the formula cells go to ``found`` by (row, column) index
    (read as ""); ``data_only``: ``found`` gets (stored, value) of every
    cell holding a formula's stored value."""
    import openpyxl
    from openpyxl.cell.cell import TYPE_ERROR, TYPE_NUMERIC

    try:
        wb = openpyxl.load_workbook(path, read_only=True, data_only=data_only, keep_links=False)
    except FileNotFoundError:
        raise
    except Exception as exc:  # zipfile.BadZipFile, openpyxl errors …
        raise InputError(Msg("registration.cannot-read-the-excel-registration", name=path.name, exc=exc)) from None
    try:
        ws = wb.worksheets[0]
        ws.reset_dimensions()
        data: list[list[Any]] = []
        for i, row in enumerate(ws.rows):
            cells: list[Any] = []
            for j, c in enumerate(row):
                v = c.value
                if not data_only and is_formula(c):
                    found[(i, j)] = c
                    v = ""
                elif v is None:
                    if data_only and c.data_type in ("s", "str", "inlineStr"):
                        found[(i, j)] = ""  # a formula's empty text
                    v = ""
                elif c.data_type == TYPE_ERROR:
                    v = None
                elif c.data_type == TYPE_NUMERIC and not isinstance(v, bool):
                    v = int(v) if int(v) == v else float(v)
                if data_only and v != "":
                    found[(i, j)] = v
                cells.append(v)
            data.append(cells)
    finally:
        wb.close()
    for cells in data:
        while cells and cells[-1] == "":
            cells.pop()
    return data


def _excel_rows(path: Path) -> list[list[Any]]:
    """The first sheet's rows as ``pandas.read_excel(header=None,
    dtype=object)`` gave them (it was the reader until pandas was dropped):
    whole numbers as int, error cells and the NA strings as None, trailing
    empty cells and rows cut, rows padded to the widest, and -- a quirk of
    its text parser -- blank rows dropped when the sheet is one column wide."""
    if path.exists():
        check_workbook_zip(path)  # sizes and CRCs before openpyxl unpacks anything (docs/reliability.md)
    # a formula cell is read as the value Excel stored for it, refused when
    # there is none (docs/reliability.md §3): the data_only load, made only
    # when the first load met a formula
    formulas: dict[tuple[int, int], Any] = {}
    data = _sheet_rows(path, False, formulas)
    if formulas:
        stored: dict[tuple[int, int], Any] = {}
        data = _sheet_rows(path, True, stored)
        for at, cell in sorted(formulas.items()):
            if at not in stored:
                err = no_value_error(cell.parent.title, cell)
                raise InputError(Msg("registration.name-err", name=path.name, err=err), place=err.place, file=str(path))
    last = max((i for i, r in enumerate(data) if r), default=-1)
    data = data[: last + 1]
    if not data:
        return []
    width = max(len(r) for r in data)
    data = [r + [""] * (width - len(r)) for r in data]
    if width == 1:
        data = [r for r in data if not (isinstance(r[0], str) and not r[0].strip())]
    return [[None if isinstance(v, str) and v in NA_STRINGS else v for v in r] for r in data]


def _csv_rows(path: Path, text: str) -> list[list[Any]]:
    """The rows of a CSV text as ``pandas.read_csv(header=None, dtype=str,
    keep_default_na=False, skip_blank_lines=False, engine="python")`` gave
    them: strings as written, short rows and blank lines padded with None to
    the first row's width, a longer row refused."""
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    sep = max((",", "\t", ";"), key=lambda c: (first.count(c), c == ","))
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), delimiter=sep, strict=True))
    except csv.Error as exc:
        raise InputError(Msg("registration.malformed-registration", name=path.name, exc=exc)) from None
    while rows and not rows[-1]:
        rows.pop()  # the end of the file is not a blank line
    if not rows:
        return []
    width = len(rows[0])
    for i, r in enumerate(rows, start=1):
        if len(r) > width:
            msg = f"Expected {width} fields in line {i}, saw {len(r)}"
            raise InputError(Msg("registration.malformed-registration-2", name=path.name, msg=msg))
    return [list(r) + [None] * (width - len(r)) for r in rows]


def _read_rows(path: Path) -> list[list[Any]]:
    """All rows of the file as lists of raw cells (no header handling)."""
    suffix = path.suffix.lower()
    if suffix in (".xlsx", ".xlsm"):
        return _excel_rows(path)
    if suffix == ".xls":
        raise InputError(
            Msg("registration.old-xls-files-are-not-supported-save-it", name=path.name),
        )
    if suffix not in (".csv", ".txt", ".tsv", ""):
        raise InputError(
            Msg("registration.the-registration-should-be-a-csv-or-xlsx", name=path.name),
        )
    return _csv_rows(path, decode_text(path))


def decode_text(path: Path) -> str:
    """A text registration: UTF-8 (with or without BOM), else GBK/GB18030."""
    raw = path.read_bytes()
    for enc in ("utf-8-sig", "gb18030"):
        try:
            return raw.decode(enc)
        except UnicodeDecodeError:
            continue
    raise InputError(Msg("registration.cannot-decode-expected-utf-8-or-gbk", name=path.name))


def registration_rows(path: Path) -> list[list[Any]]:
    """The rows of a registration file that exists (``_read_rows``)."""
    if not path.exists():
        raise InputError(Msg("registration.registration-file-not-found", path=path))
    if path.is_dir():
        raise InputError(Msg("registration.is-a-directory", path=path))
    return _read_rows(path)


def find_header(
    rows: list[list[Any]],
    name: str,
    lookup: dict[str, str] = _LOOKUP,
    label: dict[str, str] = _LABEL,
    missing: Optional[Msg] = None,
    en_cells: bool = True,
) -> tuple[int, dict[str, int]]:
    """The header row (the first of the first ten with a name header) and the
    column of each key; ``lookup`` maps a normalised header to its key,
    ``label`` names a key in Chinese, ``missing`` is the error (a message) when
    no row has a name header; ``en_cells``: the English message of a
    repeated column quotes both headers."""
    for i, row in enumerate(rows[:_HEADER_SCAN]):
        cols: dict[str, int] = {}
        normed = [_norm_header(h) for h in row]
        if not any(lookup.get(h) == "name" for h in normed):
            continue
        for j, h in enumerate(normed):
            key = lookup.get(h)
            if key is None:
                continue
            if key in cols:
                both = Msg("registration.both-headers", a=row[cols[key]], b=row[j]) if en_cells else ""
                raise InputError(
                    Msg(
                        "registration.two-columns-mean",
                        name=name,
                        row=i + 1,
                        label=label[key],
                        key=key,
                        a=row[cols[key]],
                        b=row[j],
                        both=both,
                    ),
                )
            cols[key] = j
        return i, cols
    if missing is not None:
        raise InputError(missing)
    raise InputError(
        Msg("registration.no-name-column-in-the-first-rows-headers", name=name, HEADER_SCAN=_HEADER_SCAN),
    )


def row_named(fname: str, row: int, who: str) -> Msg:
    """A registration row in a message: 报名表.xlsx 第3行（张三）; in English
    the file and row only."""
    return Msg("registration.row-named", name=fname, i=row, who=zh_only("registration.who-paren", who=who))


def _refuse_repeats(name: str, entries: list[dict], key: str, msg_id: str) -> None:
    """Refuse two rows of the registration ``name`` with the same ``key``
    (种子, 序号): the later row named, the earlier one's row beside it."""
    first: dict[int, dict] = {}
    for e in entries:
        if key not in e:
            continue
        if e[key] in first:
            o = first[e[key]]
            where = row_named(name, e["row"], e["name"])
            who = zh_only("registration.who-paren", who=o["name"])
            raise InputError(Msg(msg_id, where=where, row=o["row"], who=who, **{key: e[key]}))
        first[e[key]] = e


#: the text columns a row's label problem names: 姓名/name, 单位/club, 队名/team
_COLUMN_NAMES = {"name": "registration.name", "unit": "registration.club", "team": "registration.team"}


def named_rows(rows: list[list[Any]], header: int, cols: dict[str, int], name: str):
    """Each non-empty row under the header as (Excel row number, cells by key,
    the player's name, the row's place: a message); a row without a name is refused."""
    for i, row in enumerate(rows[header + 1 :], start=header + 2):  # Excel row number
        if all(_cell(v) is None for v in row):
            continue
        cells = {k: _cell(row[j]) if j < len(row) else None for k, j in cols.items()}
        where = Msg("registration.row-3", name=name, i=i)
        if cells.get("name") is None:
            raise InputError(Msg("registration.missing-name", where=where))
        for key in ("name", "unit", "team"):
            text = cells.get(key)
            problem = label_problem(text) if isinstance(text, str) else None
            if problem is not None and isinstance(text, str):
                raise InputError(
                    Msg(
                        "registration.the-it-is-printed-on-the-pairings-and",
                        where=where,
                        what=Msg(_COLUMN_NAMES[key]),
                        visible_text=visible(text),
                        problem=problem,
                    ),
                    file=name,
                    row=i,
                )
        pname = cell_text(cells["name"])
        yield i, cells, pname, row_named(name, i, pname)


def rating_value(v: Any, where: Any) -> float:
    """A 等级分 cell as a number (whole numbers as int)."""
    r = _as_number(v)
    if r is None:
        raise InputError(Msg("registration.rating-should-be-a-number-got", where=where, v=v))
    return int(r) if float(r).is_integer() else float(r)


def number_players(entries: list[dict], draw_seed: Optional[int] = None, method: Optional[str] = None) -> list[int]:
    """序号 for each entry (``seed`` and ``rating`` keys may be set) by the
    registration rule (:func:`xlxq.core.numbering.registration_numbers`):
    ``method`` ``order``, ``draw`` or ``rating``; default: a draw when
    ``draw_seed`` is given, else the registration order."""
    method = method or ("draw" if draw_seed is not None else "order")
    return registration_numbers([e.get("seed") for e in entries], [e.get("rating") for e in entries], method, draw_seed)


def read_registration(
    path: str | os.PathLike, draw_seed: Optional[int] = None, method: Optional[str] = None
) -> list[Player]:
    """Players of a registration file, numbered (see module doc; ``method``:
    :data:`xlxq.core.numbering.NUMBERINGS`, default a draw with
    ``draw_seed``, else the file order).  A 组别 column is not looked at
    (:func:`read_registration_groups`)."""
    name, cols, entries = _registration_entries(Path(path))
    return _numbered(name, "no" in cols, entries, draw_seed, method)


def read_registration_groups(
    path: str | os.PathLike, draw_seed: Optional[int] = None, method: Optional[str] = None
) -> Optional[list[tuple[str, list[Player]]]]:
    """The groups (组别) of a registration with a 组别 column — (group,
    its players numbered 1 … n by the same rule, on their own) in the order
    the groups first appear — or None without one (or with every 组别 cell
    blank).  A row without a 组别 among filled ones is refused."""
    name, cols, entries = _registration_entries(Path(path))
    if "group" not in cols or all(e.get("group") is None for e in entries):
        return None
    by_group: dict[str, list[dict]] = {}
    seen: dict[str, str] = {}
    for e in entries:
        if e.get("group") is None:
            raise InputError(Msg("registration.missing-group", where=row_named(name, e["row"], e["name"])))
        try:
            g = check_group_name(e["group"])
        except InputError as exc:
            raise InputError(Msg("registration.row", name=name, e_row=e["row"], exc=exc)) from None
        if group_clash(g, seen):
            clash = Msg("groups.group-differs-from-only-by-case-a-groups", g=g, other=seen[g.casefold()])
            raise InputError(Msg("registration.row-2", name=name, e_row=e["row"], clash=clash))
        by_group.setdefault(g, []).append(e)
    return [(g, _numbered(name, "no" in cols, es, draw_seed, method)) for g, es in by_group.items()]


def has_group_column(path: str | os.PathLike) -> bool:
    """Whether a registration file has a 组别 column (the team import refuses one)."""
    rows = registration_rows(Path(path))
    return any(_LOOKUP.get(_norm_header(h)) == "group" for row in rows[:_HEADER_SCAN] for h in row)


def _registration_entries(path: Path) -> tuple[str, dict[str, int], list[dict]]:
    name = path.name
    rows = registration_rows(path)
    header, cols = find_header(rows, name)
    entries: list[dict] = []
    for i, cells, pname, where in named_rows(rows, header, cols, name):
        e: dict[str, Any] = {"row": i, "name": pname}
        unit = cells.get("unit")
        e["unit"] = "" if unit is None else cell_text(unit)
        if cells.get("group") is not None:
            e["group"] = cell_text(cells["group"])
        if cells.get("rating") is not None:
            e["rating"] = rating_value(cells["rating"], where)
        if cells.get("seed") is not None:
            sd = as_posint(cells["seed"])
            if sd is None:
                raise InputError(
                    Msg(
                        "registration.seed-should-be-a-positive-whole-number",
                        where=where,
                        cells_seed=cells["seed"],
                    ),
                )
            e["seed"] = sd
        for key in ("sex", "birth_year", "category"):  # the extras (docs/prizes.md)
            if cells.get(key) is not None:
                from xlxq.core.prizes import EXTRA_PARSERS  # only for a filled extra

                try:
                    e[key] = EXTRA_PARSERS[key](cells[key])
                except InputError as exc:
                    raise InputError(
                        Msg("registration.got-extra", where=where, exc=exc),
                        file=name,
                        row=i,
                    ) from None
        for key, (parse, should) in ROUND_CELLS.items():  # 退赛轮次, 请假轮次: read as the workbook reads them
            v = cells.get(key)
            if v is None:
                continue
            ok, value = parse(v)
            if not ok:
                raise InputError(Msg("registration.got", where=where, zh=should, v=v), file=name, row=i)
            e[key] = value
        if "no" in cols:
            if cells.get("no") is None:
                raise InputError(
                    Msg("registration.missing-no-the-no-column-must-be-filled", where=where),
                )
            n = as_posint(cells["no"])
            if n is None:
                raise InputError(
                    Msg(
                        "registration.no-should-be-a-positive-whole-number-got",
                        where=where,
                        cells_no=cells["no"],
                    ),
                )
            e["no"] = n
        entries.append(e)
    if not entries:
        raise InputError(Msg("registration.no-players-in-the-registration", name=name))
    return name, cols, entries


def _numbered(
    name: str, has_no: bool, entries: list[dict], draw_seed: Optional[int], method: Optional[str]
) -> list[Player]:
    """The players of ``entries`` (one group), numbered: the 序号 column as
    is (checked: all different), else the registration rule."""
    _refuse_repeats(name, entries, "seed", "registration.seed-repeats-row")
    if has_no:
        if draw_seed is not None or method not in (None, "order"):
            raise InputError(
                Msg("registration.already-has-a-no-column-cannot-draw", name=name),
            )
        _refuse_repeats(name, entries, "no", "registration.no-repeats-row")
        numbers = [e["no"] for e in entries]
    else:
        numbers = number_players(entries, draw_seed, method)
    players = [
        Player(
            no=n,
            name=e["name"],
            unit=e["unit"],
            rating=e.get("rating"),
            seed=e.get("seed"),
            withdrawn_from_round=e.get("withdrawn"),
            absent_rounds=e.get("absent") or (),
            sex=e.get("sex"),
            birth_year=e.get("birth_year"),
            category=e.get("category"),
        )
        for n, e in zip(numbers, entries)
    ]
    return sorted(players, key=lambda p: p.no)


__all__ = [
    "read_registration",
    "read_registration_groups",
    "has_group_column",
    "number_players",
    "HEADERS",
    "NA_STRINGS",
    "decode_text",
]
