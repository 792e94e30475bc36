"""Light sheets (xlxq/backends/light_sheets.py): a plan written to plain
sheets and to the sheets it adds without openpyxl's cell objects gives the
file that the openpyxl cells give, byte for byte, member by member (the
save time in docProps/core.xml aside), over random sheets and random plans
of every kind of write; values of other kinds go through openpyxl cells."""

from __future__ import annotations

import datetime
import random
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook
from openpyxl.utils.exceptions import IllegalCharacterError

from tests.test_partial_save import random_sheet
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.errors import XlxqError
from xlxq.sheets.plan import (
    AddSheet,
    Fill,
    ListValidation,
    NumberFormat,
    PageSetup,
    SheetLook,
    Style,
    Values,
    WritePlan,
)

SHEETS = ["设置", "报名表", "第1轮", "成绩表"]
VALUES = [None, "", "红胜", " 前后空格 ", "=A1", "#N/A", "a&b<c>", "line\nbreak", 0, 7, -2.5, 1e14, True, False]


def random_book(path: Path, rng: random.Random) -> None:
    wb = Workbook()
    wb.active.title = SHEETS[0]
    for name in SHEETS[1:]:
        wb.create_sheet(name)
    for ws in wb.worksheets:
        random_sheet(ws, rng)
        for row in ws.iter_rows():
            for cell in row:
                if isinstance(cell.value, (int, float)) and abs(cell.value) > 1e15:
                    cell.value = 12345  # what the reading refuses (tests/test_partial_save.py covers it)
        for r in rng.sample(range(1, 12), k=rng.randint(0, 3)):
            ws.row_dimensions[r].height = rng.choice([15, 30.75, 409.5])
    wb.save(path)


def random_plan(rng: random.Random, names: list[str], dated: bool) -> WritePlan:
    plan = WritePlan()
    if rng.random() < 0.5:
        new = rng.choice(["第2轮", "成绩表"])
        plan.add_sheets.append(AddSheet(new, "round", after=rng.choice(names), replace=new in names))
        names = [*names, new]
    targets = rng.sample(names, k=rng.randint(1, len(names)))

    def spot() -> tuple[str, int, int]:
        return rng.choice(targets), rng.randint(1, 32), rng.randint(1, 14)

    for _ in range(rng.randint(0, 6)):
        sheet, r, c = spot()
        h, w = rng.randint(1, 6), rng.randint(1, 4)
        pool = VALUES + ([datetime.date(2026, 12, 1)] if dated else [])
        plan.values.append(Values(sheet, r, c, [[rng.choice(pool) for _ in range(w)] for _ in range(h)]))
    for _ in range(rng.randint(0, 3)):
        sheet, r, c = spot()
        plan.fills.append(
            Fill(sheet, r, c, rng.randint(1, 4), rng.randint(1, 3), rng.choice([None, "FFFF00", "FFC7CE"]))
        )
    for _ in range(rng.randint(0, 4)):
        sheet, r, c = spot()
        plan.styles.append(
            Style(
                sheet,
                r,
                c,
                rng.randint(0, 5),
                rng.randint(0, 3),
                bold=rng.random() < 0.5,
                size=rng.choice([None, 10, 14]),
                border=rng.random() < 0.4,
                align=rng.choice([None, "left", "center"]),
                wrap=rng.random() < 0.4,
            )
        )
    for _ in range(rng.randint(0, 2)):
        sheet, r, c = spot()
        plan.number_formats.append(
            NumberFormat(sheet, r, c, rng.randint(1, 3), 1, rng.choice(["0.0", "General", "0%", "0.00;[红色]-0.00"]))
        )
    for sheet in rng.sample(targets, k=rng.randint(0, len(targets))):
        heights = {rng.randint(1, 40): rng.choice([None, 15.0, 42.5, 409.5]) for _ in range(rng.randint(0, 4))}
        freeze = (rng.randint(1, 4), rng.randint(1, 3)) if rng.random() < 0.4 else None
        plan.looks.append(SheetLook(sheet, {rng.randint(1, 6): rng.choice([8.0, 12.5])}, freeze, heights=heights))
    if rng.random() < 0.4:
        sheet, r, c = spot()
        plan.validations.append(ListValidation(sheet, r, c, 3, 1, ["红胜", "黑胜", "和"]))
    if rng.random() < 0.5:
        sheet = rng.choice(targets)
        plan.page_setups.append(PageSetup(sheet, area=(1, 1, 30, 8), title_rows=(1, 2), header_left="比赛"))
    spare = [n for n in names if n not in targets and n not in {a.name for a in plan.add_sheets}]
    if spare and len(names) > 2 and rng.random() < 0.2:
        plan.remove_sheets.append(rng.choice(spare))
    return plan


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist() if n != "docProps/core.xml"}


def outcome(path: Path, plans: list[WritePlan], light: bool, read: bool = False):
    """The file after the plans, or the error they end in; ``read``: the
    sheets' values read after each plan too (as a later operation in the
    same process reads them), returned beside it.  (openpyxl's reading of a
    built sheet makes an empty cell at every place of its used range, which
    the file then has: the bytes are compared without those reads.)"""
    book = OpenpyxlBook(path, light=light)  # both partial: the sheets not written are their bytes
    seen = []
    try:
        for plan in plans:
            book.apply(plan)
            if read:
                seen.append({name: book.values(name) for name in book.sheet_names()})
    except (IllegalCharacterError, ValueError) as exc:
        return type(exc).__name__
    except XlxqError as exc:
        return exc.message("en")
    return (members(path), seen) if read else members(path)


@pytest.mark.parametrize("seed", range(60))
def test_light_sheets_write_what_openpyxl_cells_write(tmp_path, seed):
    rng = random.Random(seed)
    light, built = tmp_path / "light.xlsx", tmp_path / "built.xlsx"
    random_book(light, rng)
    built.write_bytes(light.read_bytes())
    plans, names = [], list(SHEETS)
    for _ in range(rng.randint(1, 3)):
        plan = random_plan(rng, names, dated=seed % 7 == 3)
        names = [n for n in dict.fromkeys([*names, *(a.name for a in plan.add_sheets)]) if n not in plan.remove_sheets]
        plans.append(plan)
    got, ref = outcome(light, plans, True), outcome(built, plans, False)
    assert isinstance(ref, dict) and isinstance(got, dict), (got, ref)
    assert got.keys() == ref.keys()
    for name in ref:
        assert got[name] == ref[name], name


def test_light_sheet_reads_back_what_it_wrote(tmp_path):
    """A light sheet read after the write (another operation in the same
    process) has the values written; a date written to it later makes it
    openpyxl's cells first (the date's number format is the cell's)."""
    path = tmp_path / "b.xlsx"
    wb = Workbook()
    wb.active.title = "成绩表"
    wb.active.append(["名次", "姓名"])
    wb.save(path)
    book = OpenpyxlBook(path)
    book.apply(WritePlan(values=[Values("成绩表", 4, 2, [["第一", 3, 2.5, True, None]])]))
    assert "成绩表" in book._light
    assert book.values("成绩表") == [
        ["名次", "姓名", None, None, None],
        [None] * 5,
        [None] * 5,
        [None, "第一", 3, 2.5, True],
    ]
    book.apply(WritePlan(values=[Values("成绩表", 5, 1, [[datetime.date(2026, 12, 1)]])]))
    assert "成绩表" not in book._light
    again = OpenpyxlBook(path)
    assert again.values("成绩表")[4][0] == datetime.datetime(2026, 12, 1)
    assert again.values("成绩表")[3][1:5] == ["第一", 3, 2.5, True]


@pytest.mark.parametrize("seed", range(20))
def test_light_sheets_read_back_what_openpyxl_cells_read(tmp_path, seed):
    """After each plan, every sheet reads the same values both ways."""
    rng = random.Random(seed)
    light, built = tmp_path / "light.xlsx", tmp_path / "built.xlsx"
    random_book(light, rng)
    built.write_bytes(light.read_bytes())
    plans, names = [], list(SHEETS)
    for _ in range(rng.randint(2, 3)):
        plan = random_plan(rng, names, dated=False)
        names = [n for n in dict.fromkeys([*names, *(a.name for a in plan.add_sheets)]) if n not in plan.remove_sheets]
        plans.append(plan)
    got, ref = outcome(light, plans, True, read=True), outcome(built, plans, False, read=True)
    assert isinstance(got, tuple) and isinstance(ref, tuple), (got, ref)
    assert got[1] == ref[1]


def test_cells_restyled_alike_stay_their_own(tmp_path):
    """Two cells of one loaded style made bold together, then only the first
    given a border: the second has no border (a changed loaded style is
    worked out once, each cell then gets its own copy), both ways alike."""
    from openpyxl.styles import Font

    wb = Workbook()
    ws = wb.active
    ws.title = "成绩表"
    for ref in ("A1", "B1"):
        ws[ref] = "名次"
        ws[ref].font = Font(size=12)
    wb.save(tmp_path / "light.xlsx")
    wb.save(tmp_path / "built.xlsx")
    plans = [WritePlan(styles=[Style("成绩表", 1, 1, 1, 2, bold=True), Style("成绩表", 1, 1, 1, 1, border=True)])]
    got = outcome(tmp_path / "light.xlsx", plans, True)
    assert got == outcome(tmp_path / "built.xlsx", plans, False)
    from openpyxl import load_workbook

    ws = load_workbook(tmp_path / "light.xlsx")["成绩表"]
    assert ws["A1"].font.b and ws["B1"].font.b
    assert ws["A1"].border.left.style and not ws["B1"].border.left.style


def test_text_written_again_is_left_or_made_as_openpyxl_makes_it(tmp_path):
    """The same text written again to a light cell leaves it alone, but an
    error code or an over-long text goes through openpyxl's assignment (an
    error cell; cut at 32 767 characters), both ways alike."""
    from xlxq.backends.light_sheets import unchanged_text

    wb = Workbook()
    ws = wb.active
    ws.title = "成绩表"
    ws["A1"], ws["B1"], ws["C1"] = "名次", "#N/A", "长" * 40000
    for ref in ("B1", "C1"):
        ws[ref].data_type = "s"
    wb.save(tmp_path / "light.xlsx")
    wb.save(tmp_path / "built.xlsx")
    wb.save(tmp_path / "cells.xlsx")
    book = OpenpyxlBook(tmp_path / "cells.xlsx")
    book.apply(WritePlan(values=[Values("成绩表", 2, 1, [["x"]])]))
    cells = book._light["成绩表"].cells
    assert unchanged_text(cells[(1, 1)], "名次") and not unchanged_text(cells[(1, 1)], "名")
    assert not unchanged_text(cells[(1, 2)], "#N/A") and not unchanged_text(cells[(1, 3)], "长" * 40000)
    plans = [WritePlan(values=[Values("成绩表", 1, 1, [["名次", "#N/A", "长" * 40000]])])]
    assert outcome(tmp_path / "light.xlsx", plans, True) == outcome(tmp_path / "built.xlsx", plans, False)
