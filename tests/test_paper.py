"""记分单 and 编排记录公告 (issue 13 §1): ``xlxq scoresheets`` / ``xlxq
notice`` and the buttons 打印记分单 / 打印公告, on JSON files and workbooks,
individual and team, zh and en.

A six-player event worked by hand: its round 2 score sheets and name index
are listed cell by cell below; the 姓名拼音 order with the polyphonic
surnames (单 Shàn, 曾 Zēng, 解 Xiè …), tones and 序号 breaking ties, Latin
names among the pinyin; both styles' pages (the manual breaks at the rows
the layout gives, the print area, 100 %); the errors (a round not paired:
exit 2, nothing written); the buttons through xlwings' remote engine; a
LibreOffice render of both sheets (page count, every name in the PDF text).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.cli_support import assert_bad_input, load, run
from tests.conftest import SAMPLE, SAMPLE_TEAMS, played_swiss, template_workbook
from tests.helpers import make_event
from tests.render_support import convert
from xlxq.core.model import EventInfo, Player
from xlxq.core.paper import round_paper
from xlxq.operations.event_read import read_event
from xlxq.sheets import paper as P
from xlxq.sheets.name_order import name_key, sort_names, syllables

NAMES = {
    1: ("单雄信", "北京"),
    2: ("曾国藩", "湖南"),
    3: ("张三", "上海"),
    4: ("Anderson", "伦敦"),
    5: ("解缙", "江西"),
}
NAMES[6] = ("李四", "四川")


def hand_event():
    """Six players; round 1: 1–2 红胜, 3–4 和, 5–6 黑胜 (积分 after it: 2, 0,
    1, 1, 0, 2); round 2 (by hand): 李四 (6) is absent (请假), board 1
    曾国藩 (2) – 解缙 (5), board 2 单雄信 (1) – 张三 (3), Anderson (4) has the bye."""
    ev = make_event(6, [[(1, 2, "1-0"), (3, 4, "="), (5, 6, "0-1")], [(2, 5, None), (1, 3, None)]], byes={2: [4]})
    ev.players = [
        Player(no, name, unit=unit, absent_rounds=(2,) if no == 6 else ()) for no, (name, unit) in NAMES.items()
    ]
    ev.reindex()
    ev.settings.name = "测试赛"
    ev.settings.info = EventInfo(date="2026年12月1日", venue="体育馆", chief_arbiter="王裁判")
    return ev


def cells(sheet: P.PaperSheet, row: int) -> list:
    return [sheet.cells.get((row, c)) for c in range(1, sheet.cols + 1)]


# --------------------------------------------------------------------------
# the content, by hand
# --------------------------------------------------------------------------


def test_round_paper_of_the_hand_event():
    ev = hand_event()
    paper = round_paper(ev, 2, {1: 2, 2: 0, 3: 1, 4: 1, 5: 0, 6: 2})
    assert [(s.board, s.red.no, s.red.name, s.red.unit, s.black.no, s.black.name) for s in paper.slips] == [
        (1, 2, "曾国藩", "湖南", 5, "解缙"),
        (2, 1, "单雄信", "北京", 3, "张三"),
    ]
    assert [(x.kind, x.no, x.name) for x in paper.lines] == [("bye", 4, "Anderson"), ("absent", 6, "李四")]
    assert paper.slips[1].red.score == 2 and paper.slips[1].black.score == 1


def test_half_page_score_sheet_cells_by_hand():
    ev = hand_event()
    sheet = P.score_sheet(round_paper(ev, 2), "half", "zh", ev.settings.info)
    assert sheet.name == "第2轮记分单"
    assert cells(sheet, 1)[0] == "测试赛　记分单"
    assert cells(sheet, 2) == ["第2轮　第1台", None, None, "日期：2026年12月1日　地点：体育馆", None, None]
    assert cells(sheet, 4) == ["色别", "序号", "姓名", "单位", "犯规", "棋手签名"]
    assert cells(sheet, 5) == ["红方", 2, "曾国藩", "湖南", None, None]
    assert cells(sheet, 6) == ["黑方", 5, "解缙", "江西", None, None]
    assert cells(sheet, 8)[0] == "结果" and cells(sheet, 8)[2].startswith("□ 红胜　　□ 和棋　　□ 黑胜")
    assert cells(sheet, 9)[0].startswith("犯规记录（长将、长捉等禁止着法")
    assert cells(sheet, 10)[0] == "红方：" and cells(sheet, 11)[0] == "黑方："
    assert cells(sheet, 12)[0].startswith("开始时间：")
    assert cells(sheet, 13)[0] == "裁判员签名：________________" and cells(sheet, 13)[4] == "裁判长：王裁判"
    # the cut line between the two sheets of the page, then board 2
    n = len(P.HALF_ROWS)
    assert cells(sheet, n + 2)[0].startswith("✂") and "沿此线剪开" in cells(sheet, n + 2)[0]
    assert cells(sheet, n + 4 + 1)[0] == "第2轮　第2台"
    assert cells(sheet, n + 4 + 4) == ["红方", 1, "单雄信", "北京", None, None]
    assert cells(sheet, n + 4 + 5) == ["黑方", 3, "张三", "上海", None, None]
    assert sheet.rows == 2 * n + 3 and sheet.breaks == []  # two boards: one page


def test_english_score_sheet_and_blank_facts():
    ev = hand_event()
    ev.settings.info = EventInfo()
    sheet = P.score_sheet(round_paper(ev, 2), "compact", "en")
    assert sheet.name == "Round 2 score sheets"
    # the English title (11 pt bold, about 44 characters wide) does not end before column 5: the date follows it
    assert cells(sheet, 1)[0] == "测试赛　Score sheet　Round 2, board 1　Date: ________" and cells(sheet, 1)[4] is None
    assert cells(sheet, 2) == ["Side", "No", "Name", "Club", "Fouls", "Signature"]
    assert cells(sheet, 3)[:4] == ["Red", 2, "曾国藩", "湖南"] and cells(sheet, 4)[:4] == ["Black", 5, "解缙", "江西"]
    assert (
        cells(sheet, 5)[1] == "□ Red wins　　□ Draw　　□ Black wins"
        and cells(sheet, 5)[4] == "Arbiter: ________________"
    )
    # a short one keeps the date in its column (zh: 测试赛　记分单　第2轮　第1台, 29 wide)
    zh = P.score_sheet(round_paper(ev, 2), "compact", "zh")
    assert cells(zh, 1)[0] == "测试赛　记分单　第2轮　第1台" and cells(zh, 1)[4] == "日期：________"


def test_notice_by_hand_and_its_pinyin_index():
    ev = hand_event()
    sheet = P.notice_sheet(round_paper(ev, 2, {1: 2, 2: 0, 3: 1, 4: 1, 5: 0, 6: 2}), "zh", ev.settings.info)
    assert sheet.name == "第2轮编排公告"
    assert cells(sheet, 1)[0] == "测试赛　第2轮编排记录公告"
    assert cells(sheet, 2)[0] == "日期：2026年12月1日　地点：体育馆　裁判长：王裁判"
    assert cells(sheet, 3) == ["台次", "序号", "红方", "单位", "积分", "序号", "黑方", "单位", "积分"]
    assert cells(sheet, 4) == [1, 2, "曾国藩", "湖南", 0, 5, "解缙", "江西", 0]
    assert cells(sheet, 5) == [2, 1, "单雄信", "北京", 2, 3, "张三", "上海", 1]
    assert cells(sheet, 6) == ["轮空", 4, "Anderson", "伦敦", 1, None, None, None, None]
    assert cells(sheet, 7) == ["请假", 6, "李四", "四川", 2, None, None, None, None]
    # the index from a new page: 6 names, 2 a column, down then across, in 姓名拼音 order
    assert sheet.breaks == [7]
    assert cells(sheet, 8)[0] == "姓名索引（按姓名拼音排序）"
    assert cells(sheet, 10)[0] == "Anderson（4）轮空" and cells(sheet, 11)[0] == "李四（6）请假"
    assert cells(sheet, 10)[3] == "单雄信（1）2台红" and cells(sheet, 11)[3] == "解缙（5）1台黑"
    assert cells(sheet, 10)[6] == "曾国藩（2）1台红" and cells(sheet, 11)[6] == "张三（3）2台黑"
    assert sheet.rows == 11 and sheet.footer == "第 &P 页，共 &N 页"


# --------------------------------------------------------------------------
# 姓名拼音 order
# --------------------------------------------------------------------------


def test_surnames_read_as_surnames():
    assert syllables("单雄信")[0] == "shan4" and syllables("曾国藩")[0] == "zeng1"
    assert syllables("解缙")[0] == "xie4" and syllables("仇英")[0] == "qiu2"
    assert syllables("朴树")[0] == "piao2" and syllables("区永")[0] == "ou1"
    assert syllables("尉迟恭")[:2] == ["yu4", "chi2"]
    # only the surname: the same character later in the name keeps its reading
    assert syllables("王单")[1] == "dan1" and syllables("李曾")[1] == "ceng2"
    assert syllables("Zhang Wei") == ["zhang", "wei"] and syllables("Ｌｉ　Ｍｉｎｇ") == ["li", "ming"]


def test_order_by_letters_then_tones_then_number():
    people = [(1, "马一"), (2, "麻一"), (3, "妈一"), (4, "Ma Yi"), (9, "王伟"), (5, "王伟"), (6, "单田芳"), (7, "丹心")]
    people += [(8, "曾志"), (10, "张三"), (11, "Zhang San"), (12, "安")]
    order = sort_names(people, lambda p: p[1], lambda p: p[0])
    # 安 ān; 丹 dān before 单 Shàn (a surname); Latin 'Ma Yi' (no tone) before 妈 mā, 麻 má, 马 mǎ;
    # the two 王伟 by 序号; 曾 Zēng before zhāng (e < h); 'Zhang San' (no tone) before 张三
    assert [no for no, _ in order] == [12, 7, 4, 3, 2, 1, 6, 5, 9, 8, 11, 10]
    assert name_key("张三", 1) < name_key("张三", 2) < name_key("张山", 1)  # 三 sān, 山 shān: letters first


# --------------------------------------------------------------------------
# pages
# --------------------------------------------------------------------------


def test_both_styles_break_pages_at_the_layouts_rows():
    ev = played_swiss(rounds=2)  # 24 players: 12 boards a round
    paper = round_paper(ev, 2)
    half = P.score_sheet(paper, "half", "zh")
    n = len(P.HALF_ROWS)
    per_page = 2 * n + 3  # two sheets and the gap, cut line, gap between them
    assert half.rows == 6 * per_page and half.breaks == [per_page * k for k in range(1, 6)]
    compact = P.score_sheet(paper, "compact", "zh")
    block = len(P.COMPACT_ROWS)
    assert compact.rows == 12 * block and compact.breaks == [P.COMPACT_PER_PAGE * block]
    for sheet in (half, compact):  # every page within the printable height
        tops = [0] + sheet.breaks + [sheet.rows]
        for a, b in zip(tops, tops[1:]):
            assert sum(sheet.heights[r] for r in range(a + 1, b + 1)) <= P.PAGE_HEIGHT
        # a page starts with a score sheet's title
        for b in sheet.breaks:
            assert "记分单" in sheet.cells[(b + 1, 1)]
    plan = half.plan("第2轮")
    (setup,) = plan.page_setups
    assert setup.area == (1, 1, half.rows, 6) and setup.breaks == tuple(half.breaks)
    assert (setup.fit_width, setup.fit_height) == (0, 0) and setup.margins == P.MARGINS
    assert plan.add_sheets[0].replace and plan.add_sheets[0].after == "第2轮"


def test_a_long_pairing_list_repeats_its_header_on_each_page_and_the_index_runs_three_columns():
    players = [Player(no, f"棋手{no:03d}", unit="某某市象棋协会") for no in range(1, 201)]
    ev = make_event(200, [[(2 * k - 1, 2 * k, None) for k in range(1, 101)]])
    ev.players = players
    ev.reindex()
    sheet = P.notice_sheet(round_paper(ev, 1), "zh")
    head = ["台次", "序号", "红方", "单位", "积分", "序号", "黑方", "单位", "积分"]
    assert cells(sheet, 2) == head
    first_index = next(r for (r, c), v in sheet.cells.items() if v == "姓名索引（按姓名拼音排序）" and c == 1)
    list_breaks = [b for b in sheet.breaks if b < first_index - 1]
    assert list_breaks  # 100 boards: more than a page
    for b in list_breaks:
        assert cells(sheet, b + 1) == head
    boards = [v for (r, c), v in sheet.cells.items() if c == 1 and isinstance(v, int)]
    assert sorted(boards) == list(range(1, 101))
    # 200 names: one page of 3 × 38, one of 86 (29 rows a column)
    titles = sorted(r for (r, c), v in sheet.cells.items() if v == "姓名索引（按姓名拼音排序）")
    assert len(titles) == 2 and all(t - 1 in sheet.breaks for t in titles)
    entries = [v for (r, c), v in sorted(sheet.cells.items()) if r > titles[0] + 1 and c in (1, 4, 7)]
    entries = [e for e in entries if e.startswith("棋手")]
    assert len(entries) == 200
    first_page = {c: [sheet.cells.get((titles[0] + 2 + k, c)) for k in range(P.INDEX_ROWS)] for c in (1, 4, 7)}
    assert first_page[1][0] == "棋手001（1）1台红" and first_page[4][0] == "棋手039（39）20台红"
    assert first_page[7][P.INDEX_ROWS - 1] == "棋手114（114）57台黑"


# --------------------------------------------------------------------------
# JSON files and workbooks through the command line
# --------------------------------------------------------------------------


def _values(path: Path) -> dict:
    wb = openpyxl.load_workbook(path)
    return {ws.title: [[c.value for c in row] for row in ws.iter_rows()] for ws in wb.worksheets}


def test_json_file_gets_an_xlsx_beside_it(tmp_path):
    ev_path = tmp_path / "ev.json"
    run("new", ev_path, "--players", SAMPLE, "--rounds", 5, "--name", "公开赛", check_rc=0)
    run("pair", ev_path, check_rc=0)
    before = ev_path.read_bytes()
    p = run("scoresheets", ev_path, check_rc=0)
    out = tmp_path / "ev-第1轮记分单.xlsx"
    assert "记分单：第1轮，12张（半页式，每页2张），共6页，已写入" in p.out and str(out) in p.out
    assert ev_path.read_bytes() == before  # the event file is not written
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames == ["第1轮记分单"]
    ws = wb["第1轮记分单"]
    assert ws.print_area == "'第1轮记分单'!$A$1:$F$174"
    assert [b.id for b in ws.row_breaks.brk] == [29, 58, 87, 116, 145]
    assert ws.sheet_properties.pageSetUpPr.fitToPage is False and ws.page_margins.left == 0.5
    assert ws.row_dimensions[5].height == P.HALF_ROWS[4]
    p = run("notice", ev_path, "--out", tmp_path / "n.xlsx", lang="en", check_rc=0)
    assert "pairings notice: round 1, 12 boards, 2 pages with the name index, written to" in p.out
    ws = openpyxl.load_workbook(tmp_path / "n.xlsx")["Round 1 pairings notice"]
    assert ws["A1"].value == "公开赛　Round 1: pairings" and ws["C2"].value == "Red"


def test_errors_exit_2_and_write_nothing(tmp_path):
    ev_path = tmp_path / "ev.json"
    run("new", ev_path, "--players", SAMPLE, "--rounds", 5, check_rc=0)
    assert_bad_input(run("scoresheets", ev_path), "还没有编排任何一轮")
    run("pair", ev_path, check_rc=0)
    assert_bad_input(run("scoresheets", ev_path, "--round", 3), "第3轮还没有编排（已编排到第1轮）")
    assert_bad_input(run("notice", ev_path, "--round", 2, lang="en"), "round 2 is not paired", lang="en")
    assert_bad_input(run("notice", ev_path, "--out", tmp_path / "x.pdf"), ".xlsx")
    assert_bad_input(run("scoresheets", ev_path, "--out", ev_path.with_suffix(".xlsx").with_name("ev.json")), ".xlsx")
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".xlsx") == []
    p = run("scoresheets", ev_path, "--style", "tiny")
    assert p.returncode == 2 and "Traceback" not in p.err


def test_workbook_gets_one_sheet_replaced_when_made_again_and_nothing_else_changes(tmp_path):
    book = template_workbook(tmp_path / "e.xlsx", [f"棋手{k}" for k in range(1, 9)])
    run("pair", book, check_rc=0)
    before = _values(book)
    p = run("scoresheets", book, check_rc=0)
    assert "写入工作表“第1轮记分单”" in p.out
    after = _values(book)
    assert [n for n in after if n not in before] == ["第1轮记分单"]
    assert {n: v for n, v in after.items() if n in before} == before  # results and the rest untouched
    names = openpyxl.load_workbook(book).sheetnames
    assert names.index("第1轮记分单") == names.index("第1轮") + 1
    run("scoresheets", book, "--style", "compact", check_rc=0)
    wb = openpyxl.load_workbook(book)
    assert wb.sheetnames == names  # replaced, in its place
    ws = wb["第1轮记分单"]
    assert ws.max_row == 4 * len(P.COMPACT_ROWS) and not ws.row_breaks.brk  # 4 boards: one page
    ev = read_event(str(book))
    b = ev.rounds[0].boards[0]
    assert (ws["B3"].value, ws["C3"].value) == (b.red, ev.player(b.red).name)
    assert (ws["B4"].value, ws["C4"].value) == (b.black, ev.player(b.black).name)
    run("notice", book, check_rc=0)
    assert "第1轮编排公告" in openpyxl.load_workbook(book).sheetnames
    run("standings", book, check_rc=0)  # the new sheets are not the event's: they are left alone
    assert_bad_input(run("notice", book, "--round", 2), "第2轮还没有编排")
    assert_bad_input(run("notice", book, "--out", tmp_path / "x.xlsx"), "--out")


def test_the_notice_has_the_header_and_footer_of_every_sheet(tmp_path):
    """Issue 25 §2: the printed 编排公告 has the event, date and venue above,
    the 裁判长 / 编排长 line (filled from 设置) and the page number below,
    as the round sheets, with margins that leave them room."""
    book = template_workbook(
        tmp_path / "e.xlsx",
        [f"棋手{k}" for k in range(1, 9)],
        settings={"赛事名称": "春季赛", "比赛日期": "12月1日", "比赛地点": "杭州", "裁判长": "张三"},
    )
    run("pair", book, check_rc=0)
    run("notice", book, check_rc=0)
    wb = openpyxl.load_workbook(book)
    ws, r1 = wb["第1轮编排公告"], wb["第1轮"]
    assert ws.oddHeader.left.text == "春季赛" and ws.oddHeader.right.text == "12月1日  杭州"
    assert ws.oddFooter.left.text == "裁判长：张三    编排长：________" == r1.oddFooter.left.text
    assert ws.oddFooter.right.text == "第 &P 页，共 &N 页" and ws.oddFooter.center.text is None
    assert ws.page_margins.top == ws.page_margins.bottom == P.NOTICE_MARGINS[2] > ws.page_margins.header
    # a JSON file's notice too, in the language asked for
    ev = tmp_path / "ev.json"
    run("new", ev, "--players", SAMPLE, "--rounds", 5, "--name", "公开赛", check_rc=0)
    run("pair", ev, check_rc=0)
    run("notice", ev, "--out", tmp_path / "n.xlsx", lang="en", check_rc=0)
    ws = openpyxl.load_workbook(tmp_path / "n.xlsx").worksheets[0]
    assert ws.oddHeader.left.text == "公开赛" and ws.oddFooter.left.text.startswith("Chief arbiter: ________")


def test_english_workbook_sheet_is_english(tmp_path):
    book = template_workbook(tmp_path / "e.xlsx", [f"P{k}" for k in range(1, 7)], lang="en")
    run("pair", book, check_rc=0)
    run("notice", book, check_rc=0)  # messages in zh, the sheet in the workbook's language
    ws = openpyxl.load_workbook(book)["Round 1 pairings notice"]
    assert ws["A2"].value == "Bd" and ws["C2"].value == "Red" and ws["G2"].value == "Black"


def test_team_event_score_sheets_and_notice(tmp_path):
    ev_path = tmp_path / "t.json"
    run("new", ev_path, "--teams", SAMPLE_TEAMS, "--boards", 4, check_rc=0)
    run("pair", ev_path, check_rc=0)
    d = load(ev_path)
    (m1,) = [m for m in d["rounds"][0]["matches"] if m["match"] == 1]
    names = {p["no"]: p["name"] for p in d["players"]}
    run("scoresheets", ev_path, check_rc=0)
    ws = openpyxl.load_workbook(tmp_path / "t-第1轮记分单.xlsx")["第1轮记分单"]
    assert ws["A2"].value.startswith("第1轮　第1场　第1台　")
    assert ws["D4"].value == "队名"
    run("notice", ev_path, check_rc=0)
    ws = openpyxl.load_workbook(tmp_path / "t-第1轮编排公告.xlsx")["第1轮编排公告"]
    assert ws["A3"].value == "第1场" and ws["C3"].value.endswith("（先走）") and ws["D2"].value == "队名"
    assert [ws.cell(row=4 + k, column=1).value for k in range(4)] == [1, 2, 3, 4]
    assert m1["first"] == ws["B3"].value
    b1 = m1["boards"][0]  # board 1: the first team on red
    assert [ws.cell(row=4, column=c).value for c in (2, 3, 6, 7)] == [
        b1["red"],
        names[b1["red"]],
        b1["black"],
        names[b1["black"]],
    ]


# --------------------------------------------------------------------------
# the buttons (xlwings' remote engine), the backends
# --------------------------------------------------------------------------


def test_the_buttons_through_the_remote_engine(tmp_path, remote_engine_env):
    import xlxq.excel as E
    from tests import xlremote as H

    book = template_workbook(tmp_path / "e.xlsx", [f"棋手{k}" for k in range(1, 11)])
    run("pair", book, check_rc=0)
    before = _values(book)
    r = H.run_workbook_function(book, E.print_scoresheets, dst=tmp_path / "a.xlsx")
    assert r.result.ok, r.result.message_zh
    assert [a["title"] for a in r.alerts] == ["xlxq · 打印记分单"] and "第1轮记分单" in r.alerts[0]["prompt"]
    after = _values(tmp_path / "a.xlsx")
    assert {n: v for n, v in after.items() if n in before} == before
    ws = openpyxl.load_workbook(tmp_path / "a.xlsx")["第1轮记分单"]
    assert ws["A2"].value == "第1轮　第1台" and ws["A5"].value == "红方"
    # again: the old sheet renamed, the new one added in its place, the old one deleted
    r = H.run_workbook_function(tmp_path / "a.xlsx", E.print_scoresheets, dst=tmp_path / "b.xlsx")
    funcs = [a["func"] for a in r.actions]
    assert funcs.index("setSheetName") < funcs.index("addSheet") < funcs.index("sheetDelete")
    assert (
        openpyxl.load_workbook(tmp_path / "b.xlsx").sheetnames == openpyxl.load_workbook(tmp_path / "a.xlsx").sheetnames
    )
    # 打印公告 from the Office.js client: the print area is sent too
    r = H.run_workbook_function(tmp_path / "b.xlsx", E.print_notice, dst=tmp_path / "c.xlsx", client="Office.js")
    assert r.result.ok and "setPrintArea" in [a["func"] for a in r.actions]
    assert "第1轮编排公告" in openpyxl.load_workbook(tmp_path / "c.xlsx").sheetnames


def test_the_button_on_a_round_not_paired_writes_nothing(tmp_path, remote_engine_env):
    import xlxq.excel as E
    from tests import xlremote as H

    book = template_workbook(tmp_path / "e.xlsx", [f"棋手{k}" for k in range(1, 7)])
    r = H.run_workbook_function(book, E.print_notice, dst=tmp_path / "a.xlsx")
    assert not r.result.ok and "还没有编排任何一轮" in r.result.message_zh and "工作簿未作改动" in r.result.message_zh
    assert [a["func"] for a in r.actions] == ["alert"]


def test_the_team_workbook_button(tmp_path, remote_engine_env):
    import xlxq.excel as E
    from tests import xlremote as H
    from xlxq.operations.team_workbook import team_demo

    team_demo(str(tmp_path))
    book = next(tmp_path.glob("*.xlsx"))
    r = H.run_workbook_function(book, E.print_scoresheets, dst=tmp_path / "a.xlsx")
    assert r.result.ok, r.result.message_zh
    ws = openpyxl.load_workbook(tmp_path / "a.xlsx")["第1轮记分单"]
    assert ws["A2"].value.startswith("第1轮　第1场　第1台") and ws["D4"].value == "队名"


def test_openpyxl_backend_replaces_a_sheet_in_its_place_with_breaks_heights_and_margins(tmp_path):
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.sheets.plan import AddSheet, PageSetup, SheetLook, Values, WritePlan

    path = tmp_path / "b.xlsx"
    book = OpenpyxlBook.new(path)
    book.apply(WritePlan(add_sheets=[AddSheet("A", "x"), AddSheet("P", "paper"), AddSheet("Z", "x")]))
    book = OpenpyxlBook(path)
    book.apply(WritePlan(values=[Values("P", 1, 1, [["old"], ["old"], ["old"]])]))
    plan = WritePlan(
        add_sheets=[AddSheet("P", "paper", None, replace=True)],
        values=[Values("P", 1, 1, [["new"]])],
        looks=[SheetLook("P", {1: 9}, heights={1: 30.5})],
        page_setups=[
            PageSetup("P", fit_width=0, fit_height=0, area=(1, 1, 1, 1), breaks=(1,), margins=(0.5, 0.4, 0.3, 0.2))
        ],
    )
    OpenpyxlBook(path).apply(plan)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["A", "P", "Z"]
    ws = wb["P"]
    assert [[c.value for c in row] for row in ws.iter_rows()] == [["new"]]  # nothing of the old sheet
    assert ws.row_dimensions[1].height == 30.5 and [b.id for b in ws.row_breaks.brk] == [1]
    assert ws.sheet_properties.pageSetUpPr.fitToPage is False
    assert (ws.page_margins.left, ws.page_margins.right, ws.page_margins.top, ws.page_margins.bottom) == (
        0.5,
        0.4,
        0.3,
        0.2,
    )


def test_com_backend_sets_heights_breaks_margins_and_prints_at_100_percent():
    from tests.test_excel_remote import Rec
    from xlxq.backends.xlwings_book import apply_cosmetics
    from xlxq.sheets.plan import PageSetup, SheetLook, WritePlan

    log: list = []
    sheets = {"S": Rec("S", log)}
    plan = WritePlan(
        looks=[SheetLook("S", {}, heights={3: 28.0})],
        page_setups=[PageSetup("S", fit_width=0, fit_height=0, breaks=(29, 58), margins=(0.5, 0.5, 0.5, 0.5))],
    )
    errors: list[str] = []
    apply_cosmetics(Rec("Excel", log), sheets, plan, errors)
    sets = dict(log)
    assert sets["S.Rows(3).RowHeight"] == 28.0
    assert sets["S.PageSetup.Zoom"] == 100 and sets["S.PageSetup.LeftMargin"] == 36
    calls = [p for p, _ in log]
    assert "S.ResetAllPageBreaks()" in calls
    assert "S.HPageBreaks.Add(S.Rows(30))" in calls and "S.HPageBreaks.Add(S.Rows(59))" in calls
    assert errors == []


# --------------------------------------------------------------------------
# rendered by LibreOffice
# --------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None or shutil.which("pdftotext") is None, reason="no LibreOffice")
@pytest.mark.parametrize(
    "kind,style,pages", [("scoresheets", "half", 6), ("scoresheets", "compact", 2), ("notice", None, 2)]
)
def test_libreoffice_prints_the_pages_the_layout_says(tmp_path, kind, style, pages):
    ev_path = tmp_path / "ev.json"
    run("new", ev_path, "--players", SAMPLE, "--rounds", 5, "--name", "公开赛", check_rc=0)
    run("pair", ev_path, check_rc=0)
    out = tmp_path / "p.xlsx"
    run(kind, ev_path, "--out", out, *(("--style", style) if style else ()), check_rc=0)
    convert([out], tmp_path, tmp_path / "lo")  # one LibreOffice run (tests/render_support.py)
    pdf = tmp_path / "p.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert f"Pages:           {pages}" in info
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    d = load(ev_path)
    for p in d["players"]:  # every name on the paper (the notice: at its board and in its index)
        assert text.count(p["name"]) == (2 if kind == "notice" else 1), p["name"]
    if kind == "scoresheets":
        assert text.count("裁判员签名") == 12 and text.count("棋手签名") == 12  # nothing cut off on the right
