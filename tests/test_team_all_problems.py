"""Every problem at once in a team workbook (issue 10 §4): bad cells in 设置,
队伍报名, 出场名单 and a round sheet are all found in one read — ``check``
lists them, ``pair`` refuses listing them and writes nothing, recompute
(``standings``, the button) marks each cell and fills each row's 提示;
one bad cell keeps the message it always had."""

from __future__ import annotations

import openpyxl
import pytest

from tests.conftest import enter_results
from tests.cli_support import ROOT, assert_bad_input, run
from tests.test_workbook_support import fill_of, header_map

RED = "#FFC7CE"


def _paired(tmp_path):
    path = tmp_path / "t.xlsx"
    run("new", path, "--teams", ROOT / "samples" / "teams.csv", "--boards", "4", check_rc=0)
    run("pair", path, check_rc=0)
    return path


def _setting_row(ws, label: str) -> int:
    return next(r for r in range(1, ws.max_row + 1) if ws.cell(row=r, column=1).value == label)


def _spoil(path):
    """Five bad cells: 每队台数 in 设置, an 等级分 and a 退赛轮次 in 队伍报名,
    a 轮次 in 出场名单, a result in 第1轮.  Returns {(sheet, cell)}."""
    wb = openpyxl.load_workbook(path)
    cells = set()
    ws = wb["设置"]
    c = ws.cell(row=_setting_row(ws, "每队台数"), column=2)
    c.value = "x"
    cells.add(("设置", c.coordinate))
    ws = wb["队伍报名"]
    hr, h = header_map(ws, "姓名")
    for k, (head, value) in enumerate((("等级分", "高"), ("退赛轮次", "abc"))):
        c = ws.cell(row=hr + 2 + k, column=h[head][0])
        c.value = value
        cells.add(("队伍报名", c.coordinate))
    ws = wb["出场名单"]
    hr, h = header_map(ws, "轮次")
    ws.cell(row=hr + 1, column=h["队号"][0]).value = 1
    ws.cell(row=hr + 1, column=h["第1台"][0]).value = 1
    c = ws.cell(row=hr + 1, column=h["轮次"][0])
    c.value = 99
    cells.add(("出场名单", c.coordinate))
    ws = wb["第1轮"]
    hr, h = header_map(ws, "场次")
    board = next(r for r in range(hr + 1, ws.max_row + 1) if ws.cell(row=r, column=h["台次"][0]).value == 2)
    c = ws.cell(row=board, column=h["结果"][0])
    c.value = "红赢了吧"
    cells.add(("第1轮", c.coordinate))
    wb.save(path)
    return cells


def _notes(path, sheet: str, cell: str):
    ws = openpyxl.load_workbook(path)[sheet]
    hr, h = header_map(ws, {"队伍报名": "姓名", "出场名单": "轮次", "第1轮": "场次"}[sheet])
    return ws.cell(row=ws[cell].row, column=h["提示"][0]).value


def test_team_workbook_check_lists_pair_refuses_recompute_marks_every_bad_cell(tmp_path):
    path = _paired(tmp_path)
    cells = _spoil(path)
    before = path.read_bytes()
    # check: all five, nothing written, exit 2
    p = run("check", path)
    assert p.returncode == 2 and "Traceback" not in p.out + p.err
    listed = [x for x in p.out.splitlines() if x.startswith("  [错误]")]
    assert len(listed) == 5
    for sheet, cell in cells:
        assert sum(f"] {sheet}!{cell} " in x for x in listed) == 1, (sheet, cell)
    assert path.read_bytes() == before
    # pair: refused, every problem on its own line, nothing written
    p = run("pair", path)
    lines = p.err.splitlines()
    assert p.returncode == 2 and lines[0] == "错误：发现5处错误：" and len(lines) == 6
    assert "第2轮" not in openpyxl.load_workbook(path).sheetnames and path.read_bytes() == before
    en = run("pair", path, lang="en").err.splitlines()
    assert en[0] == "error: 5 problems:" and len(en) == 6
    # recompute: how many and where the first is, each cell red, each row's 提示 filled
    p = run("standings", path)
    assert p.returncode == 2
    assert p.out.startswith("表中有5处必须先改正的错误（第一处：设置!")
    for sheet, cell in cells:
        ws = openpyxl.load_workbook(path)[sheet]
        assert fill_of(path, sheet, ws[cell].row, ws[cell].column) == RED, (sheet, cell)
        if sheet != "设置":  # 设置 has no 提示 column: its message names the cell
            assert _notes(path, sheet, cell), (sheet, cell)
    # the round as paired is kept: fixed, everything works again and the marks go
    wb = openpyxl.load_workbook(path)
    for sheet, cell in cells:
        wb[sheet][cell].value = None
    wb["设置"][next(c for s, c in cells if s == "设置")].value = 4
    lu = wb["出场名单"]
    row = lu[next(c for s, c in cells if s == "出场名单")].row
    for col in range(1, lu.max_column + 1):
        lu.cell(row=row, column=col).value = None
    wb.save(path)
    p = run("standings", path, check_rc=0)
    assert "人工调整" not in p.out
    for sheet, cell in cells:
        ws = openpyxl.load_workbook(path)[sheet]
        assert fill_of(path, sheet, ws[cell].row, ws[cell].column) != RED, (sheet, cell)
    enter_results(path)
    run("pair", path, check_rc=0)


def test_team_workbook_one_bad_cell_keeps_its_message(tmp_path):
    path = _paired(tmp_path)
    wb = openpyxl.load_workbook(path)
    ws = wb["队伍报名"]
    hr, h = header_map(ws, "姓名")
    ws.cell(row=hr + 2, column=h["等级分"][0]).value = "高"
    wb.save(path)
    col = openpyxl.utils.get_column_letter(h["等级分"][0])
    assert_bad_input(run("pair", path), f"“队伍报名”表第{hr + 2}行（{col}{hr + 2}）：", "的等级分应为数字，实为“高”")


def test_team_bad_team_number_and_bad_match_row_each_reported_once(tmp_path):
    """A row whose 队号 is bad is left out with that one error (not also
    "no team", nor its team's size); its seat on the round sheet is then an
    unknown player (as in the individual workbook); a bad match row leaves
    its boards out (not also "no team row")."""
    path = _paired(tmp_path)
    wb = openpyxl.load_workbook(path)
    ws = wb["队伍报名"]
    hr, h = header_map(ws, "姓名")
    r = ws.max_row
    ws.cell(row=r, column=h["队号"][0]).value = "x"
    ws.cell(row=r, column=h["队名"][0]).value = None
    rs = wb["第1轮"]
    rhr, rh = header_map(rs, "场次")
    match_row = next(x for x in range(rhr + 1, rs.max_row + 1) if rs.cell(row=x, column=rh["台次"][0]).value == "对阵")
    rs.cell(row=match_row, column=rh["场次"][0]).value = 1
    rs.cell(row=match_row, column=rh["红方"][0]).value = "没有这个队"
    rs.cell(row=match_row, column=rh["序号"][0]).value = None
    wb.save(path)
    p = run("check", path)
    lines = p.out.splitlines()
    assert p.returncode == 2, (p.out, p.err)
    listed = [x for x in lines if x.startswith("  [错误]")]
    assert len(listed) == 3 and not any("没有对阵行" in x or "只报名" in x for x in listed), lines
    assert any(x.startswith(f"  [错误] 队伍报名!{openpyxl.utils.get_column_letter(h['队号'][0])}{r} ") for x in listed)
    assert any("] 第1轮!" in x and "没有这个队" in x for x in listed)
    assert any("] 第1轮!" in x and "38 不在报名表中" in x for x in listed)  # the row left out: 水振东


def test_team_recompute_button_through_the_remote_engine_marks_every_bad_cell(tmp_path, remote_engine_env):
    pytest.importorskip("xlwings")
    import xlxq.excel as E
    from tests import xlremote as H

    path = _paired(tmp_path)
    cells = _spoil(path)
    r = H.run_workbook_function(path, E.recompute)
    assert not r.result.ok and r.alerts[0]["mode"] == "critical"
    prompt = r.alerts[0]["prompt"]
    assert prompt.startswith("表中有5处必须先改正的错误（第一处：设置!") and "Traceback" not in prompt
    for sheet, cell in cells:
        ws = openpyxl.load_workbook(path)[sheet]
        assert fill_of(path, sheet, ws[cell].row, ws[cell].column) == RED, (sheet, cell)
    r = H.run_workbook_function(path, E.pair_next_round)  # refused, every problem in the message
    lines = r.alerts[0]["prompt"].splitlines()
    assert not r.result.ok and lines[0] == "发现5处错误：" and len(lines) == 7 and lines[-1] == "工作簿未作改动。"
    assert "第2轮" not in openpyxl.load_workbook(path).sheetnames
