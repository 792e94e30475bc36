"""``xlxq recompute FILE`` (issue 25 §4): the button 计算成绩 on the command
line.  It writes what the button writes (the same 成绩表 as ``standings``
on a workbook, which keeps writing as it always has), says where it saved,
works on team workbooks, is in the help, and refuses a JSON file (nothing
to rewrite) with exit 2 and the file untouched."""

from __future__ import annotations

import random
import shutil

import openpyxl

from tests.cli_support import assert_bad_input, run
from tests.conftest import SAMPLE, SAMPLE_TEAMS
from tests.test_workbook_support import open_round, write_results


def sheet_values(path, name):
    return [list(r) for r in openpyxl.load_workbook(path)[name].iter_rows(values_only=True)]


def test_recompute_writes_the_standings_as_the_button_and_standings_do(tmp_path):
    path = tmp_path / "e.xlsx"
    run("new", path, "--players", SAMPLE, "--rounds", "7", check_rc=0)
    run("pair", path, check_rc=0)
    _, view = open_round(path, 1)
    write_results(path, 1, {b: "red_win" for b in view.rows()}, random.Random(3))
    twin = tmp_path / "twin.xlsx"
    shutil.copyfile(path, twin)
    before = sheet_values(path, "成绩表")
    p = run("recompute", path, check_rc=0)
    assert f"已保存到 {path}" in p.out and "成绩已计算" in p.out
    after = sheet_values(path, "成绩表")
    assert after != before and "第1轮后" in str(after[0][0])  # the results typed are in the table now
    assert max(r[4] for r in after[2:] if isinstance(r[4], (int, float))) == 2  # a win: 2 points
    run("standings", twin, check_rc=0)  # standings on a workbook writes as before: the same table
    assert sheet_values(twin, "成绩表") == after
    en = run("recompute", path, check_rc=0, lang="en")
    assert f"saved to {path}" in en.out


def test_recompute_a_team_workbook(tmp_path):
    path = tmp_path / "t.xlsx"
    run("new", path, "--teams", SAMPLE_TEAMS, "--boards", "4", "--rounds", "5", check_rc=0)
    run("pair", path, check_rc=0)
    p = run("recompute", path, check_rc=0)
    assert f"已保存到 {path}" in p.out


def test_recompute_refuses_a_json_file_and_leaves_it(tmp_path):
    path = tmp_path / "e.json"
    run("new", path, "--players", SAMPLE, "--rounds", "7", check_rc=0)
    data = path.read_bytes()
    assert_bad_input(run("recompute", path), "JSON", "xlxq standings")
    assert_bad_input(run("recompute", path, lang="en"), "JSON", "xlxq standings", lang="en")
    assert path.read_bytes() == data and sorted(x.name for x in tmp_path.iterdir()) == ["e.json"]


def test_recompute_is_in_the_help():
    p = run("--help", check_rc=0)
    assert "recompute" in p.out
    en = run("recompute", "--help", check_rc=0, lang="en")
    assert "Recompute" in en.out and "计算成绩" in en.out
