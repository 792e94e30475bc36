"""Every problem at once (issue 10 §4): a JSON file's bad players and boards,
a workbook's bad cells in 设置, 报名表 and the round sheets — all of them
listed (and, in the workbook, marked), not only the first; one problem
keeps the message it always had."""

from __future__ import annotations

import openpyxl
import pytest

from tests.cli_support import ROOT, assert_bad_input, load, run, save
from tests.test_workbook_support import fill_of, header_map, new_event, open_round
from xlxq.errors import ErrorList, InputError, InputErrors


def test_error_list_keeps_each_error_and_raises_one_alone():
    errors = ErrorList()
    for k in range(3):
        with errors.guard():
            raise InputError(f"第{k}项坏了", f"item {k} is bad", row=k + 1)
    with errors.guard():
        pass  # no error: nothing kept
    with pytest.raises(InputErrors) as exc:
        errors.check()
    e = exc.value
    assert [x.place.row for x in e.errors] == [1, 2, 3] and e.place.row == 1
    assert e.message("zh") == "发现3处错误，第一处：第0项坏了"
    assert e.lines("en") == ["3 problems:", "item 0 is bad", "item 1 is bad", "item 2 is bad"]
    one = ErrorList()
    with one.guard():
        raise InputError("只有一处", "only one")
    with pytest.raises(InputError) as exc1:
        one.check()
    assert type(exc1.value) is InputError and exc1.value.zh == "只有一处"
    with pytest.raises(ZeroDivisionError):  # only input errors are kept
        with ErrorList().guard():
            raise ZeroDivisionError


def _bad_file(tmp_path):
    f = tmp_path / "bad.json"
    save(
        f,
        {
            "format": "xlxq/1",
            "event": {"rounds": 5},
            "players": [
                {"no": 1, "name": "A", "unit": "", "rating": "x"},
                {"no": 2, "name": "", "unit": ""},
                {"no": 3, "name": "C", "unit": ""},
                {"no": 4, "name": "D", "unit": "", "absent_rounds": [0]},
            ],
            "rounds": [
                {
                    "round": 1,
                    "boards": [
                        {"board": 1, "red": 1, "black": 3, "result": "win"},
                        {"board": 2, "red": 4, "black": 4},
                    ],
                }
            ],
        },
    )
    return f


@pytest.mark.parametrize("cmd", ["check", "pair", "standings"])
def test_json_file_every_problem_one_line_each_exit_2(tmp_path, cmd):
    f = _bad_file(tmp_path)
    before = f.read_bytes()
    p = run(cmd, f)
    assert p.returncode == 2 and "Traceback" not in p.err + p.out
    lines = p.err.splitlines()
    assert lines[0] == "错误：发现5处错误："
    assert [x.split("：")[1] for x in lines[1:]] == [
        "1号棋手（A）的等级分 rating",
        "2号棋手",
        "4号棋手（D）的请假轮次 absent_rounds",
        "第1轮第1台",
        "第1轮第2台",
    ]
    assert f.read_bytes() == before
    en = run(cmd, f, lang="en").err.splitlines()
    assert en[0] == "error: 5 problems:" and len(en) == 6 and en[2] == "error: player 2: empty name"


def test_json_file_inconsistencies_all_listed_after_the_items_read(tmp_path):
    f = tmp_path / "e.json"
    players = [{"no": i, "name": f"P{i}", "unit": ""} for i in (1, 2, 3, 4)]
    boards = [
        {"board": 1, "red": 1, "black": 9, "result": None},
        {"board": 2, "red": 2, "black": 8, "result": None},
    ]
    save(
        f, {"format": "xlxq/1", "event": {"rounds": 5}, "players": players, "rounds": [{"round": 1, "boards": boards}]}
    )
    lines = run("check", f).err.splitlines()
    assert lines == [
        "错误：发现2处错误：",
        "错误：第1轮第1台：序号 9 不在报名表中",
        "错误：第1轮第2台：序号 8 不在报名表中",
    ]


def test_json_file_one_problem_keeps_its_message(tmp_path):
    f = tmp_path / "e.json"
    save(f, {"format": "xlxq/1", "event": {"rounds": 5}, "players": [{"no": 1, "name": "", "unit": ""}]})
    assert_bad_input(run("check", f), "1号棋手：姓名为空")


def _spoil(path, lang="zh"):
    """Four bad cells: 请假轮次, 种子, 等级分 in 报名表, a result in round 1.
    Returns {(sheet, cell)}."""
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表" if lang == "zh" else "Registration"]
    hr, h = header_map(reg, "姓名" if lang == "zh" else "Name")
    heads = ("请假轮次", "种子", "等级分") if lang == "zh" else ("Absent in rounds", "Seed", "Rating")
    cells = set()
    for k, (head, value) in enumerate(zip(heads, ("x", "abc", "hi"))):
        c = reg.cell(row=hr + 3 + k, column=h[head][0])
        c.value = value
        cells.add((reg.title, c.coordinate))
    wb.save(path)
    _, view = open_round(path, 1, lang)
    row = view.rows()[5]
    wb, view = open_round(path, 1, lang)
    view.set(row, "result", "红赢了吧")
    wb.save(path)
    cells.add((view.ws.title, f"F{row}"))
    return cells


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_workbook_recompute_marks_every_bad_cell_check_lists_pair_refuses(tmp_path, lang):
    _, path = new_event(tmp_path / "e.xlsx", rounds=7, lang=lang)
    run("pair", path, check_rc=0)
    cells = _spoil(path, lang)
    before = path.read_bytes()
    # check: every problem, nothing written, exit 2
    p = run("check", path, lang=lang)
    assert p.returncode == 2
    listed = [x for x in p.out.splitlines() if x.startswith(("  [错误]", "  [error]"))]
    assert len(listed) == 4
    for sheet, cell in cells:
        assert sum(f"] {sheet}!{cell} " in x for x in listed) == 1, (sheet, cell)
    assert path.read_bytes() == before
    # pair: refused, every problem on its own line, nothing written
    p = run("pair", path, lang=lang)
    assert p.returncode == 2 and len(p.err.splitlines()) == 5
    assert p.err.splitlines()[0] == ("错误：发现4处错误：" if lang == "zh" else "error: 4 problems:")
    assert path.read_bytes() == before
    # recompute (standings): each cell red, each row's 提示 filled, how many and the first
    p = run("standings", path, lang=lang)
    assert p.returncode == 2
    first = sorted(cells)[0]
    if lang == "zh":
        assert p.out.startswith("表中有4处必须先改正的错误（第一处：报名表!")
    else:
        assert p.out.startswith("4 errors to fix first (the first: Registration!")
    wb = openpyxl.load_workbook(path)
    for sheet, cell in cells:
        ws = wb[sheet]
        assert fill_of(path, sheet, ws[cell].row, ws[cell].column) == "#FFC7CE", (sheet, cell)
        is_round = sheet.startswith(("第", "Round"))
        must = {("zh", True): "结果", ("zh", False): "姓名", ("en", True): "Result", ("en", False): "Name"}
        hr, h = header_map(ws, must[lang, is_round])
        note = ws.cell(row=ws[cell].row, column=h["提示" if lang == "zh" else "Notes"][0]).value
        assert note, (sheet, cell)
    assert first[0] in p.out
    # fixed: everything works again and the marks go
    _spoil_fix(path, lang)
    run("standings", path, check_rc=0, lang=lang)
    for sheet, cell in cells:
        ws = openpyxl.load_workbook(path)[sheet]
        assert fill_of(path, sheet, ws[cell].row, ws[cell].column) != "#FFC7CE"


def _spoil_fix(path, lang):
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表" if lang == "zh" else "Registration"]
    hr, h = header_map(reg, "姓名" if lang == "zh" else "Name")
    heads = ("请假轮次", "种子", "等级分") if lang == "zh" else ("Absent in rounds", "Seed", "Rating")
    for k, head in enumerate(heads):
        reg.cell(row=hr + 3 + k, column=h[head][0]).value = None
    wb.save(path)
    wb, view = open_round(path, 1, lang)
    view.set(view.rows()[5], "result", None)
    wb.save(path)


def test_workbook_one_bad_cell_keeps_its_message(tmp_path):
    _, path = new_event(tmp_path / "e.xlsx", rounds=7)
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表"]
    hr, h = header_map(reg, "姓名")
    reg.cell(row=hr + 2, column=h["种子"][0]).value = "abc"
    wb.save(path)
    assert_bad_input(run("pair", path), "“报名表”表第4行（E4）：", "的种子应为正整数，实为“abc”")


def test_team_file_every_problem_one_line_each(tmp_path):
    f = tmp_path / "t.json"
    run("new", f, "--teams", ROOT / "samples" / "teams.csv", "--boards", "4", check_rc=0)
    d = load(f)
    d["players"][0]["rating"] = "x"
    d["players"][1]["absent_rounds"] = [2]
    d["teams"][2]["name"] = ""
    save(f, d)
    lines = run("check", f).err.splitlines()
    assert lines[0] == "错误：发现3处错误：" and len(lines) == 4
    assert "等级分 rating" in lines[1] and "不设请假" in lines[2]


def test_recompute_button_through_the_remote_engine_marks_every_bad_cell(tmp_path, remote_engine_env):
    pytest.importorskip("xlwings")
    import xlxq.excel as E
    from tests import xlremote as H

    _, path = new_event(tmp_path / "e.xlsx", rounds=7)
    run("pair", path, check_rc=0)
    cells = _spoil(path)
    r = H.run_workbook_function(path, E.recompute)
    assert not r.result.ok and r.alerts[0]["mode"] == "critical"
    prompt = r.alerts[0]["prompt"]
    assert prompt.startswith("表中有4处必须先改正的错误（第一处：报名表!") and "Traceback" not in prompt
    for sheet, cell in cells:
        ws = openpyxl.load_workbook(path)[sheet]
        assert fill_of(path, sheet, ws[cell].row, ws[cell].column) == "#FFC7CE", (sheet, cell)
    r = H.run_workbook_function(path, E.pair_next_round)  # refused, every problem in the message
    lines = r.alerts[0]["prompt"].splitlines()
    assert not r.result.ok and lines[0] == "发现4处错误：" and len(lines) == 6 and lines[-1] == "工作簿未作改动。"
    assert "第2轮" not in openpyxl.load_workbook(path).sheetnames
