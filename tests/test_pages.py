"""The printed page of the sheets a plan writes (xlxq/sheets/pages.py): the
lines the program breaks, the header and footer from 设置, print areas that
follow the data after pair, recompute and undo (issue 13 §1).  The renders
themselves are in tests/test_render.py."""

from __future__ import annotations

import random
import re

import openpyxl
import pytest

from tests.book_ops import pair_next_round, recompute, undo_book
from tests.conftest import enter_results, template_workbook
from tests.test_workbook_support import book
from xlxq.cli import main
from xlxq.sheets import layout as L
from xlxq.sheets.pages import (
    BROKEN_COLUMNS,
    PaperWords,
    break_long_text,
    break_text,
    round_label,
    row_points,
    text_lines,
    unbroken,
)
from xlxq.sheets.plan import PageSetup, WritePlan
from xlxq.sheets.pages import sign_pages

NAMES = [
    "赵文博", "李明轩", "陈志远", "王海涛", "黄立新", "刘建国", "郭宏伟", "孙浩然",
    "周子豪", "吴天佑", "郑雨桐", "林晓峰", "何俊杰", "马骁勇", "胡嘉怡", "罗永健",
]  # fmt: skip
TOKENS = [
    "先编者",
    "24号",
    "曹俊豪",
    "（方法(二)5",
    "双轮次大号先编）",
    "，",
    "：",
    "红 19 黑 24",
    " ",
    "pairs by",
    "方法(三)3）",
]


def weight(s: str) -> float:
    return sum(2.3 if re.match(r"[\u2e80-\u9fff\uff00-\uffef]", c) else 1.15 for c in s)


@pytest.mark.parametrize("width", [30, 70, L.LOG_WIDTH])
def test_broken_lines_fit_lose_nothing_and_break_once(width):
    rng = random.Random(width)
    for _ in range(400):
        text = "".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 40)))
        broken = break_text(text, width)
        assert unbroken(broken) == text  # nothing dropped or added but the line breaks
        assert break_text(broken, width) == broken  # written again: the same cells
        lines = broken.split("\n")
        assert all(weight(ln) <= width - 2 + 2.3 for ln in lines)  # room for one closing mark carried over
        assert not any(ln[:1] in "）)，：" for ln in lines[1:] if ln)
        assert text_lines(broken, width) == len(lines)


def test_a_long_record_line_is_broken_where_a_reader_expects():
    line = "1. 先编者 24号曹俊豪（方法(二)5 双轮次大号先编）同位配对 19号宋一鸣：红 19 黑 24（方法(四)1 少先者先走）"
    assert break_text(line, 200) == line
    for width in range(30, 90):
        lines = break_text(line, width).split("\n")
        assert len(lines) >= 2 and not any(ln.startswith(("）", "4", "9")) for ln in lines[1:])  # not inside 24, 19
    assert {w for _, _, w in BROKEN_COLUMNS} == {L.SETTINGS_COLUMNS[2].width, L.LOG_WIDTH}


def test_record_lines_already_broken_keep_their_lines():
    """A 编排记录 line the sheet holds already broken (the same text but for
    the line breaks: written so before, or broken by the arbiter) keeps its
    lines; a new or changed line is broken; a line now short loses its set
    height."""
    long = (
        "1. 先编者 24号曹俊豪（方法(二)5 双轮次大号先编）同位配对 19号宋一鸣：红 19 黑 24（方法(四)1 少先者先走）" * 2
    )
    mine = long[:10] + "\n" + long[10:]  # the arbiter's own break
    before = {(1, 1): break_text(long, L.LOG_WIDTH), (2, 1): mine, (3, 1): "旧\n行", (5, 1): mine}
    edits = {"编排记录": {(1, 1): long, (2, 1): long, (3, 1): "短", (4, 1): long, (5, 1): long + "。"}}
    heights = break_long_text(edits, lambda s, r, c: before.get((r, c)))["编排记录"]
    cells = edits["编排记录"]
    assert cells[(1, 1)] == before[(1, 1)] and cells[(2, 1)] == mine  # kept as the sheet has them
    assert cells[(4, 1)] == cells[(1, 1)] == break_text(long, L.LOG_WIDTH)  # new: broken
    assert cells[(5, 1)] == break_text(long + "。", L.LOG_WIDTH) != mine + "。"  # changed: broken again
    assert cells[(3, 1)] == "短" and heights[3] is None
    assert heights[2] == row_points(2) and heights[1] == row_points(cells[(1, 1)].count("\n") + 1)


def test_header_and_footer_name_the_event_round_and_signers():
    plan = WritePlan(page_setups=[PageSetup("第3轮", footer="&P / &N"), PageSetup("成绩表"), PageSetup("X & Y")])
    sign_pages(plan, PaperWords("zh", "春季赛 A&B", "2026年12月1日", "杭州", "张三", ""))
    r3, st, xy = plan.page_setups
    assert (r3.header_left, r3.header_centre, r3.header_right) == ("春季赛 A&&B", "第3轮", "2026年12月1日  杭州")
    assert r3.footer_left == "裁判长：张三    编排长：________" and r3.footer_right == "&P / &N" and r3.footer == ""
    assert st.header_centre == "" and st.footer_right == "&P / &N"
    assert round_label("Round 4", "en") == "Round 4" and round_label("设置", "zh") == ""
    en = WritePlan(page_setups=[PageSetup("Round 2")])
    sign_pages(en, PaperWords("en", "Open", chief_arbiter="", pairing_officer="Li"))
    assert en.page_setups[0].footer_left == "Chief arbiter: ________    Chief of pairings: Li"


def test_print_areas_follow_the_data_through_pair_recompute_and_undo(tmp_path):
    """The template as an arbiter fills it: 报名表's print area was rows 1–2;
    after pairing it covers every player, the 裁判长 typed in 设置 is on the
    pages written, and undo leaves no print area past the data."""
    path = template_workbook(
        tmp_path / "t.xlsx", NAMES, settings={"赛事名称": "春季赛", "轮数": 7, "裁判长": "张三", "比赛日期": "12月1日"}
    )
    wb = openpyxl.load_workbook(path)
    assert wb["报名表"].print_area.endswith("$2")  # the template: header only
    assert pair_next_round(book(path)).ok
    wb = openpyxl.load_workbook(path)
    reg, r1, log, settings = wb["报名表"], wb["第1轮"], wb["编排记录"], wb["设置"]
    assert reg.print_area == "'报名表'!$A$1:$H$18" and reg.print_title_rows == "$1:$2"
    assert r1.print_area == "'第1轮'!$A$1:$L$10" and r1.page_setup.orientation == "landscape"
    assert r1.oddHeader.left.text == "春季赛" and r1.oddHeader.center.text == "第1轮"
    assert r1.oddHeader.right.text == "12月1日" and r1.oddFooter.left.text == "裁判长：张三    编排长：________"
    assert r1.oddFooter.right.text == "&P / &N" and r1.oddFooter.center.text is None
    assert settings.oddFooter.left.text.startswith("裁判长：张三")  # 设置 prints the name typed into it
    assert log.print_area == f"'编排记录'!$A$1:$A${log.max_row}" and log.page_setup.orientation == "portrait"
    assert log.column_dimensions["A"].width == L.LOG_WIDTH
    broken = [c.value for (c,) in log.iter_rows(max_col=1) if c.value and "\n" in c.value]
    assert all(log.row_dimensions[r].height for r in range(1, log.max_row + 1) if log.cell(r, 1).value in broken)
    enter_results(path)
    assert pair_next_round(book(path)).ok
    assert recompute(book(path)).ok
    two = openpyxl.load_workbook(path)["编排记录"].max_row
    assert undo_book(book(path)).ok
    wb = openpyxl.load_workbook(path)
    assert "第2轮" not in wb.sheetnames
    log = wb["编排记录"]
    last = max(r for r in range(1, log.max_row + 1) if log.cell(r, 1).value)
    assert last < two and log.print_area == f"'编排记录'!$A$1:$A${last}"


def test_groups_print_the_whole_registration_and_name_their_group(tmp_path):
    """Each group pairs in a view of 报名表 without the other groups' rows:
    the shared sheet's print area still covers every row, and its header
    names the event, a group's round sheet the group."""
    rows = [(f"男{i}", "男子组") for i in range(1, 9)] + [(f"女{i}", "女子组") for i in range(1, 7)]
    random.Random(2).shuffle(rows)
    path = template_workbook(
        tmp_path / "g.xlsx", [n for n, _ in rows], groups=dict(rows), settings={"赛事名称": "春季赛", "轮数": 5}
    )
    for group in ("男子组", "女子组"):  # one group at a time: the last one's plan must not cut the others' rows
        assert main(["pair", str(path), "--group", group]) == 0
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表"]
    assert reg.print_area.endswith(f"${2 + len(rows)}")
    assert reg.oddHeader.left.text == "春季赛"
    assert wb["女子组 第1轮"].oddHeader.left.text == "春季赛 女子组"
    assert wb["女子组 第1轮"].oddHeader.center.text == "第1轮"


def test_row_heights_stop_at_excels_tallest_row():
    """A 编排记录 line of a 1 000-player event broke into 83 lines (1 248
    points); Excel takes at most 409 points a row."""
    from xlxq.sheets.pages import MAX_ROW_POINTS, row_points

    assert row_points(2) == 33.0 and row_points(83) == MAX_ROW_POINTS == 409.5


def test_a_late_entry_typed_under_the_table_prints_boxed_and_its_label_wraps(tmp_path):
    """Issue 25 §2/§4: a player typed under 报名表 after round 1 prints with
    the table's borders (as every typed row), and the 迟到入场 label in the
    narrow 台次 column of his round wraps in a row two lines tall instead of
    running into 序号."""
    path = template_workbook(tmp_path / "t.xlsx", NAMES, settings={"赛事名称": "春季赛", "轮数": 7})
    assert pair_next_round(book(path)).ok
    enter_results(path)
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表"]
    new = reg.max_row + 1
    reg.cell(row=new, column=2).value = "晚到者"
    wb.save(path)
    assert pair_next_round(book(path)).ok
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表"]
    heads = [c.value for c in reg[L.HEADER_ROW] if c.value]
    for r in (L.FIRST_DATA_ROW, new):
        for c in range(1, len(heads) + 1):
            b = reg.cell(row=r, column=c).border
            assert (b.left.style, b.right.style, b.top.style, b.bottom.style) == ("thin",) * 4, (r, c)
    r2 = wb["第2轮"]
    (late,) = [c for (c,) in r2.iter_rows(max_col=1) if c.value == "迟到入场"]
    assert late.alignment.wrap_text and r2.row_dimensions[late.row].height == row_points(2)
    assert r2.cell(row=late.row, column=6).value == "迟到入场"


def test_a_wide_table_is_split_at_a_readable_scale_with_its_names_repeated():
    """Issue 25 §2 (the render is in tests/test_render.py): the 31 × 9
    成绩表's columns at 85 % on two landscape pages, 名次/序号/姓名 repeated,
    the break after 第4轮, the header row repeated (not the title, cut at
    the repeated columns); a narrow table is left fitted; a table that is
    readable landscape goes landscape."""
    from xlxq.sheets.pages import MIN_POINTS, PRINT_SCALE, column_parts, readable_pages
    from xlxq.sheets.plan import SheetLook

    head = ["名次", "序号", "姓名", "单位", "积分", "对手分", "胜局", "犯规", "后走局数"]
    head += [f"第{k}轮" for k in range(1, 10)] + ["备注"]
    widths = [6, 6, 12, 18, 6, 9, 9, 9, 9] + [10] * 9 + [14]
    grid = [["赛 成绩表"], head]
    wide = PageSetup("成绩表", title_rows=(1, 2), area=(1, 1, 33, 19))
    narrow = PageSetup("交叉表", title_rows=(1, 2), area=(1, 1, 12, 15))
    middle = PageSetup("中", title_rows=(1, 2), area=(1, 1, 12, 12))
    plan = WritePlan(
        looks=[
            SheetLook("成绩表", dict(enumerate(widths, start=1))),
            SheetLook("交叉表", {1: 6, 2: 12, 3: 16, **{c: 5 for c in range(4, 14)}, 14: 7, 15: 6}),
            SheetLook("中", {c: 9 for c in range(1, 13)}),
        ],
        page_setups=[wide, narrow, middle],
    )
    readable_pages(plan, lambda s: grid if s == "成绩表" else [[], ["序号"]])
    assert (wide.scale, wide.landscape, wide.fit_width, wide.fit_height) == (PRINT_SCALE, True, 0, 0)
    assert wide.title_cols == (1, 3) and wide.col_breaks == (13,) and wide.title_rows == (2, 2)
    assert 11 * PRINT_SCALE / 100 >= MIN_POINTS
    assert (narrow.scale, narrow.fit_width, narrow.title_cols, narrow.col_breaks) == (None, 1, None, ())
    assert middle.landscape and middle.scale is None and middle.fit_width == 1  # 108 characters: landscape fits
    assert column_parts([10, 50, 50, 50], 1, 120) == [(2, 3), (4, 4)]
    assert column_parts([10, 200, 50], 1, 120) == [(2, 2), (3, 3)]  # too wide alone: a part of its own
