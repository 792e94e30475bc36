"""The 报名表 of an individual workbook: one player a row, read by
:func:`read_registration` (the row reader :func:`reg_entry`,
:func:`reg_rating` and :func:`one_line` serve the team registration too), and :class:`Names`,
the players by 序号 and by name for the round sheets.

Lazy imports: the parsers of the extras (``core.prizes``) only for a filled
性别/出生年份/类别 cell, so that a click on an event without them does not import
the prize code (a click's start-up, benchmarks/bench_click.py).
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any, Callable, Optional

from xlxq.core.model import Player
from xlxq.core.numbering import numbering_msg, registration_numbers
from xlxq.errors import ErrorList, InputError
from xlxq.sheets import layout as L
from xlxq.sheets.book_sheets import OpenSheets
from xlxq.sheets.cells import (
    find_layout,
    refuse_merged,
    Table,
    as_int,
    as_number,
    cells_at,
    norm_name,
    sheet_error,
    text_of,
)
from xlxq.sheets.data import RegistrationSheet
from xlxq.sheets.problems import INFO, Problem
from xlxq.sheets.script import to_hans
from xlxq.text import label_problem, visible
from xlxq.i18n import Msg


#: the columns of 报名表 read row by row, never merged over several rows (单位
#: and 组别 may be: written once for the players below)
REG_ROW_COLUMNS = ("no", "name", "rating", "seed", "withdrawn", "absent", "sex", "birth_year", "category")


def refuse_merged_registration(sheets: OpenSheets, kind: str) -> None:
    """No cells merged over several rows of a column of :data:`REG_ROW_COLUMNS` in 报名表."""
    refuse_merged(sheets, kind, L.REGISTRATION_TABLE, REG_ROW_COLUMNS)


def parse_withdrawn(v: Any) -> Optional[int]:
    if v is None:
        return None
    n = as_int(v)
    if n is not None:
        return n
    s = to_hans(unicodedata.normalize("NFKC", str(v)))  # 在賽 is 在赛
    if re.fullmatch(r"\s*(在赛|active|-)?\s*", s, re.I):
        return None
    m = re.findall(r"\d+", s)
    return int(m[0]) if len(m) == 1 and len(m[0]) <= 15 else -1


def parse_absent(v: Any) -> Optional[tuple[int, ...]]:
    """请假轮次: blank = none; "3", "3,5", "3、5", "第3轮 第5轮" = those rounds
    (sorted, no repeats); None for anything else (a 0, a word)."""
    if v is None:
        return ()
    n = as_int(v)
    if n is not None:
        return (n,) if n >= 1 else None
    s = to_hans(unicodedata.normalize("NFKC", str(v))).strip()  # 第3輪 is 第3轮
    if not s:
        return ()
    parts = [x for x in re.split(r"[,，、;；\s]+", s) if x]
    out = []
    for x in parts:
        m = re.fullmatch(r"(?:第|round|r)?(\d+)(?:轮)?", x, re.I)
        if m is None or len(m[1]) > 15 or int(m[1]) < 1:
            return None
        out.append(int(m[1]))
    return tuple(sorted(set(out)))


def absent_text(rounds: tuple[int, ...]) -> Optional[str]:
    """The 请假轮次 cell of ``absent_rounds``: "3", "3,5"; None when none."""
    return ",".join(map(str, rounds)) or None


def reg_entry(
    name: str,
    r: int,
    get: dict[str, Any],
    c: dict[str, int],
    first_no: dict[int, int],
    extra: dict[str, Any],
    errors: Optional[ErrorList] = None,
) -> Optional[dict[str, Any]]:
    """The entry of registration row ``r`` (cells ``get`` by key) with its
    name, ``extra`` and its checked 序号; None for a row with neither name
    nor number.  ``first_no`` remembers the rows of the numbers seen.  With
    ``errors``, a name on two lines goes there and the row is still read
    (its player is on the round sheets)."""
    pname = text_of(get.get("name"))
    raw_no = get.get("no")
    if pname is None and raw_no is None:
        return None
    if pname is None:
        raise sheet_error(name, r, Msg("registration.no-has-no-name", raw_no=text_of(raw_no)), L.cell_ref(r, c["name"]))
    e: dict[str, Any] = {"row": r, "name": pname, **extra}
    for key in ("name", *extra):
        if errors is None:
            one_line(name, r, c, key, e[key])
        else:
            with errors.guard():
                one_line(name, r, c, key, e[key])
    if raw_no is not None:
        n = positive_cell(raw_no, name, r, c, "no", pname, Msg("registration.no"))
        if n in first_no:
            raise sheet_error(
                name,
                r,
                Msg("registration.no-appears-twice-rows-and", n=n, no_n=first_no[n], r=r),
                L.cell_ref(r, c["no"]),
            )
        first_no[n] = r
        e["no"] = n
    return e


#: the text columns a label problem names (姓名, 单位, 队名): their messages
_WHAT = {"name": "registration.name", "unit": "registration.club", "team": "registration.team"}


def positive_cell(raw: Any, name: str, r: int, c: dict[str, int], key: str, who: str, what: Msg) -> int:
    """The whole number ≥ 1 in column ``key`` of row ``r`` (序号, 种子, 队号:
    ``what``), or the error naming the player ``who`` and the cell."""
    n = as_int(raw)
    if n is None or n < 1:
        raise sheet_error(
            name,
            r,
            Msg("registration.must-be-a-positive-whole-number-got", who=who, what=what, raw=raw),
            L.cell_ref(r, c[key]),
        )
    return n


def one_line(name: str, r: int, c: dict[str, int], key: str, text: Any) -> None:
    """Refuse a name, club or team name that is not one line of text (a
    line break typed with Alt+Enter, a tab, a control character): it is
    printed on 对阵表 and 成绩册 and in every one-line message
    (docs/reliability.md §4)."""
    problem = label_problem(text) if isinstance(text, str) else None
    if problem is None:
        return
    what = Msg(_WHAT[key]) if key in _WHAT else key
    raise sheet_error(
        name,
        r,
        Msg(
            "registration.the-it-is-printed-on-the-pairings-and-2",
            what=what,
            visible_text=visible(text),
            problem=problem,
        ),
        L.cell_ref(r, c[key]) if key in c else None,
    )


def reg_rating(e: dict[str, Any], name: str, r: int, get: dict[str, Any], c: dict[str, int]) -> None:
    """Set ``e["rating"]`` from the row's 等级分 cell, if any."""
    if get.get("rating") is not None:
        x = as_number(get["rating"])
        if x is None:
            raise sheet_error(
                name,
                r,
                Msg("registration.rating-must-be-a-number-got", e_name=e["name"], get_rating=get["rating"]),
                L.cell_ref(r, c["rating"]),
            )
        e["rating"] = x


def reg_entries(
    name: str,
    grid: list[list[Any]],
    table: Table,
    first_no: dict[int, int],
    other_rows: list[int],
    cells: Callable[[dict[str, Any], int, dict[str, Any]], None],
    errors: ErrorList,
    extra: Callable[[dict[str, Any]], dict[str, Any]] = lambda get: {},
) -> list[dict[str, Any]]:
    """The entries of the rows of a registration sheet, individual or team
    (:func:`reg_entry`, with ``extra(cells)``; ``cells(entry, row, cells)``
    reads the sheet's own columns); the rows with neither name nor number
    go to ``other_rows``.  A bad 序号 or 姓名 goes to ``errors`` and its row
    is left out (issue 10 §4); ``cells`` keeps its own errors there too."""
    c = table.cols
    entries: list[dict[str, Any]] = []
    for r in range(table.header_row + 1, len(grid) + 1):
        get = cells_at(grid, r, c)
        e: Optional[dict[str, Any]] = None
        with errors.guard():
            e = reg_entry(name, r, get, c, first_no, extra(get), errors)
            if e is None:
                other_rows.append(r)
        if e is None:
            continue
        cells(e, r, get)
        entries.append(e)
    return entries


def withdrawn_cell(
    name: str, r: int, get: dict[str, Any], c: dict[str, int], key: str, who: str, column: Msg
) -> Optional[int]:
    """The round number in the 退赛轮次 column ``key`` of row ``r`` (None:
    blank or 在赛), or the error naming the player ``who`` and the cell
    (:func:`round_cell`, the column named ``column``)."""
    what = (_withdrawn_value, Msg("registration.must-be-a-round-number", column=column))
    return round_cell(name, r, c, get, key, who, what)


def number_entries(
    entries: list[dict[str, Any]],
    name: str,
    c: dict[str, int],
    first_no: dict[int, int],
    assigned: dict[int, int],
    problems: list[Problem],
    sheet: Msg,
) -> None:
    """序号 for the entries without one, after the largest given, noted
    (``assigned``: row → 序号 filled in); refused when the sheet (``sheet``:
    its name in the message) has no 序号 column."""
    nxt = max(first_no, default=0)
    for e in entries:
        if e.get("ruled"):  # numbered by the registration rule (rule_numbers)
            assigned[e["row"]] = e["no"]
            problems.append(number_note(name, e, e["no"]))
        elif "no" not in e:
            if "no" not in c:
                raise sheet_error(name, None, Msg("registration.the-has-no-no-column", sheet=sheet))
            nxt += 1
            e["no"] = nxt
            assigned[e["row"]] = nxt
            problems.append(number_note(name, e, nxt))


def _withdrawn_value(v: Any) -> tuple[bool, Optional[int]]:
    wd = parse_withdrawn(v)
    return wd is None or wd >= 1, wd


def _absent_value(v: Any) -> tuple[bool, tuple[int, ...]]:
    rounds = parse_absent(v)
    return rounds is not None, rounds or ()


#: The 报名表 cells that name rounds: how each is read ((valid, value)),
#: and what it should be (a message).
ROUND_CELLS: dict[str, tuple[Callable[[Any], tuple[bool, Any]], Msg]] = {
    "withdrawn": (_withdrawn_value, Msg("registration.withdrawn-must-be-a-round-number")),
    "absent": (_absent_value, Msg("registration.absent-must-be-round-numbers")),
}


def round_cell(
    name: str,
    r: int,
    c: dict[str, int],
    get: dict[str, Any],
    key: str,
    who: str,
    what: tuple[Callable[[Any], tuple[bool, Any]], Msg],
) -> Any:
    """The rounds in cell ``key`` of row ``r`` (退赛轮次, 请假轮次), or the
    error naming the player ``who`` and the cell."""
    parse, should = what
    v = get.get(key)
    ok, value = parse(v)
    if not ok:
        raise sheet_error(name, r, Msg("registration.got-2", who=who, should=should, v=v), L.cell_ref(r, c[key]))
    return value


#: the registration extras (性别, 出生年份, 类别: docs/prizes.md), each cell
#: read by its parser of :mod:`xlxq.core.prizes`
EXTRAS = ("sex", "birth_year", "category")


def extra_cell(name: str, r: int, c: dict[str, int], get: dict[str, Any], key: str, who: str) -> Any:
    """The value of the extra ``key`` of row ``r`` (None: blank or no such
    column), or the error naming the player ``who`` and the cell."""
    v = get.get(key)
    if v is None:
        return None
    from xlxq.core.prizes import EXTRA_PARSERS  # only for a filled 性别/出生年份/类别 cell

    read = EXTRA_PARSERS[key]
    try:
        return read(v)
    except InputError as exc:
        raise sheet_error(name, r, Msg("registration.who-exc", who=who, exc=exc), L.cell_ref(r, c[key])) from None


def read_registration(
    name: str,
    grid: list[list[Any]],
    problems: list[Problem],
    errors: Optional[ErrorList] = None,
    numbering: str = "order",
    numbering_seed: Optional[int] = None,
) -> tuple[list[Player], RegistrationSheet]:
    """The players of the 报名表.  A bad cell goes to ``errors`` (every one
    of them, issue 10 §4) and its row is read without it (a bad 序号 or
    姓名: without the row); without ``errors`` the first one raises.  When
    every 序号 is blank they are numbered by the registration rule
    (:mod:`xlxq.core.numbering`: seeds odd, the others by ``numbering`` —
    设置's 编号方式 and 抽签种子); blank 序号 among filled ones (a late
    entry) take the next free numbers."""
    table = find_layout(L.REGISTRATION_TABLE, name, grid)
    reg = RegistrationSheet(name, table)
    c = table.cols
    first_no: dict[int, int] = {}
    entries: list[dict[str, Any]] = []
    errs = ErrorList() if errors is None else errors
    extras = [k for k in EXTRAS if k in c]  # a column missing: the extra is blank
    for r in range(table.header_row + 1, len(grid) + 1):
        get = cells_at(grid, r, c)
        e: Optional[dict[str, Any]] = None
        with errs.guard():
            e = reg_entry(name, r, get, c, first_no, {"unit": text_of(get.get("unit")) or ""}, errs)
            if e is None:
                reg.other_rows.append(r)
        if e is None:
            continue
        pname = e["name"]
        with errs.guard():
            reg_rating(e, name, r, get, c)
        if get.get("seed") is not None:
            with errs.guard():
                e["seed"] = positive_cell(get["seed"], name, r, c, "seed", pname, Msg("registration.seed"))
        e["withdrawn"], e["absent"] = None, ()
        for key, what in ROUND_CELLS.items():
            with errs.guard():
                e[key] = round_cell(name, r, c, get, key, pname, what)
        e.update(dict.fromkeys(EXTRAS))
        for key in extras:
            with errs.guard():
                e[key] = extra_cell(name, r, c, get, key, pname)
        entries.append(e)
    if errors is None:
        errs.check()
    if not entries and not errs:
        raise sheet_error(name, None, Msg("registration.no-players-registered"))
    if not first_no and "no" in c:
        rule_numbers(name, entries, problems, numbering, numbering_seed)
    number_entries(entries, name, c, first_no, reg.assigned, problems, Msg("registration.registration"))
    players = []
    for e in entries:
        reg.rows[e["no"]] = e["row"]
        players.append(
            Player(
                no=e["no"],
                name=e["name"],
                unit=e["unit"],
                rating=e.get("rating"),
                seed=e.get("seed"),
                withdrawn_from_round=e["withdrawn"],
                absent_rounds=e["absent"],
                sex=e.get("sex"),
                birth_year=e.get("birth_year"),
                category=e.get("category"),
            )
        )
    players.sort(key=lambda p: p.no)
    return players, reg


def number_note(name: str, e: dict[str, Any], no: int) -> Problem:
    """The note on a 序号 the program filled in."""
    return Problem(
        INFO,
        "numbered",
        sheet=name,
        row=e["row"],
        cols=("no",),
        msg=Msg("registration.had-no-number-numbered", name=e["name"], no=no),
    )


def rule_numbers(
    name: str,
    entries: list[dict[str, Any]],
    problems: list[Problem],
    method: str,
    seed: Optional[int],
    team: bool = False,
) -> None:
    """Number ``entries`` (none has a 序号; a team workbook's, ``team``: its
    teams, none with a 队号) by the registration rule, and say how (one
    ``numbering`` note) when it is more than the rows' order."""
    # the column the draw needs filled in, and the numbers the note names
    column = "team_registration.team-no" if team else "numbering.numbers"
    noun = "numbering.team-numbers" if team else "numbering.numbers"
    seeds = [e.get("seed") for e in entries]
    if method == "draw" and seed is None:
        raise sheet_error(
            name,
            None,
            Msg("registration.no-in-the-registration-and-the-numbering", what=Msg(column)),
        )
    numbers = registration_numbers(seeds, [e.get("rating") for e in entries], method, seed)
    for e, n in zip(entries, numbers):
        e["no"], e["ruled"] = n, True
    seeded = sum(1 for v in seeds if v is not None)
    if seeded or method != "order":
        how = numbering_msg(method, seed, seeded)
        problems.append(
            Problem(
                INFO,
                "numbering",
                sheet=name,
                msg=Msg("registration.no-numbers-in-the-registration", numbers=Msg(noun), how=how),
            )
        )


class Names:
    def __init__(self, players: list[Player]):
        self.by_no = {p.no: p for p in players}
        self.by_name: dict[str, list[Player]] = {}
        for p in players:
            self.by_name.setdefault(norm_name(p.name), []).append(p)
