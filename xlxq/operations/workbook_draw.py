"""抽签 on a workbook (the 抽签 button, ``xlxq draw FILE.xlsx``): the 序号
of every 报名表 row (a team workbook: the 队号 of every team) made by the
registration rule (:mod:`xlxq.core.numbering`: seeds take the odd numbers,
the others drawn by ``random.Random(seed).shuffle`` of the rows' order), and
设置's 编号方式 = 抽签 and 抽签种子 = the seed written with them, in one
WritePlan: the same seed on the same 报名表 gives the same numbers, so the
draw can be repeated in public.  Refused once round 1 is paired (a round
sheet exists), before anything is written.

The rows are never moved: the draw writes numbers only, so drawing again
with the same seed gives the same numbers.

Lazy imports: the team workbook's readers only for a team workbook
(start-up time of an individual workbook's commands).
"""

from __future__ import annotations

import secrets
from typing import Any, Optional

from xlxq.core.numbering import check_not_paired, numbering_msg, registration_numbers
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets.book_sheets import sheet_kinds, single_sheets, snapshot_of
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import Table, cell_at
from xlxq.sheets.plan import Book
from xlxq.sheets.problems import Status
from xlxq.sheets.registration import read_registration
from xlxq.sheets.settings import append_setting_row, read_settings, settings_cells
from xlxq.sheets.team_layout import is_team_book
from xlxq.i18n import Msg

__all__ = ["draw_numbers", "new_draw_seed"]

_KEYS = ("numbering", "numbering_seed")


def new_draw_seed() -> int:
    """A fresh draw seed when none is given (shown and recorded)."""
    return secrets.randbelow(1_000_000)


def draw_numbers(book: Book, seed: Optional[int] = None) -> Status:
    """抽签: fill 序号 (队号) by the draw with ``seed`` (None: a fresh one) and
    record the method and the seed in 设置; the cells to write are the
    Status's plan (applied by :func:`xlxq.operations.book.run_op`)."""
    seed = new_draw_seed() if seed is None else seed
    if is_team_book(book):
        return _team_draw(book, seed)
    names = list(book.sheet_names())
    kinds = sheet_kinds(names, L.sheet_kind)
    one = single_sheets(kinds, (L.SETTINGS, L.REGISTRATION), (L.SETTINGS, L.REGISTRATION), L.SHEET_NAMES)
    check_not_paired(len(kinds.get(L.ROUND, [])) + len(kinds.get(L.KO_ROUND, [])))
    sname, rname = one[L.SETTINGS], one[L.REGISTRATION]
    snapshot = snapshot_of(book, [sname, rname])
    settings, opts, ssheet = read_settings(sname, snapshot[sname], [])
    players, reg = read_registration(rname, snapshot[rname], [])  # the cells checked, in the rows' order below
    if "no" not in reg.table.cols:
        raise InputError(Msg("workbook_draw.has-no-no-column", rname=rname))
    in_rows = sorted(players, key=lambda p: reg.rows[p.no])
    numbers = registration_numbers([p.seed for p in in_rows], [p.rating for p in in_rows], "draw", seed)
    lang = L.lang_of_sheet(rname)
    canvas = Canvas(snapshot)
    col = reg.table.cols["no"]
    for p, n in zip(in_rows, numbers):
        canvas.set(rname, reg.rows[p.no], col, n)
    settings.numbering, settings.numbering_seed = "draw", seed
    _record(canvas, sname, ssheet.table, ssheet.rows, settings_cells(settings, lang, options=opts), lang)
    seeded = sum(1 for p in in_rows if p.seed is not None)
    count = Msg("workbook_draw.n-players", n=len(in_rows))
    st = _drawn_status(seed, seeded, count, Msg("workbook_draw.no-column"), rname, sname)
    st.plan = canvas.finish()
    return st


def _team_draw(book: Book, seed: int) -> Status:
    from xlxq.sheets.read import read_team_workbook
    from xlxq.sheets.settings import team_settings_cells

    data = read_team_workbook(book)
    check_not_paired(len(data.rounds), team=True)
    reg = data.reg
    if "team_no" not in reg.table.cols:
        raise InputError(Msg("workbook_draw.has-no-team-no-column", name=reg.name))
    teams = sorted(data.event.teams, key=lambda t: min(reg.team_rows[t.no]))
    numbers = registration_numbers([t.seed for t in teams], [], "draw", seed)
    canvas = Canvas(data.snapshot)
    col = reg.table.cols["team_no"]
    for t, n in zip(teams, numbers):
        for r in reg.team_rows[t.no]:
            canvas.set(reg.name, r, col, n)
    settings = data.event.settings
    settings.numbering, settings.numbering_seed = "draw", seed
    ss = data.settings_sheet
    _record(
        canvas, ss.name, ss.table, ss.rows, team_settings_cells(settings, data.lang, data.normalise_results), data.lang
    )
    seeded = sum(1 for t in teams if t.seed is not None)
    count = Msg("workbook_draw.n-teams", n=len(teams))
    st = _drawn_status(seed, seeded, count, Msg("workbook_draw.team-no-column"), reg.name, ss.name)
    st.plan = canvas.finish()
    return st


def _drawn_status(seed: int, seeded: int, count: Msg, col: Msg, reg: str, settings: str) -> Status:
    """What 抽签 did: ``count`` entrants drawn, their ``col`` column of ``reg``."""
    note = numbering_msg("draw", seed, seeded)
    return Status(
        True,
        msg=Msg(
            "workbook_draw.numbers-drawn-written-in-s-column-the",
            count=count,
            note=note,
            reg=reg,
            col=col,
            settings=settings,
        ),
    )


def _record(canvas: Canvas, sname: str, table: Table, rows: dict[str, int], values: dict[str, Any], lang: str) -> None:
    """编号方式 and 抽签种子 into 设置 (rows an older sheet lacks: appended)."""
    grid, kc = canvas.orig[sname], table.cols["key"]
    last = max([table.header_row] + [r for r in range(1, len(grid) + 1) if cell_at(grid, r, kc) is not None])
    for key in _KEYS:
        if key in rows:
            canvas.set(sname, rows[key], table.cols["value"], values[key])
        else:
            last += 1
            append_setting_row(canvas, sname, table, last, L.SETTINGS_BY_KEY[key], values[key], lang)
