"""``xlxq convert A B`` and ``xlxq new FILE.xlsx`` (issue 10 §3): a JSON
event into a workbook and back gives the same event, every system; a team
file without rounds; the refusals."""

from __future__ import annotations

import json

import openpyxl
import pytest

from tests.cli_support import ROOT, assert_bad_input, load, run, save

REG = ROOT / "samples" / "registration.csv"
TEAMS = ROOT / "samples" / "teams.csv"

EVENTS = {
    "swiss": (["--rounds", "5"], [["pair"], ["simulate", "--seed", "2", "--rounds", "3"]]),
    "eliminate": (["--rounds", "6", "--eliminate", "3:2"], [["pair"], ["simulate", "--seed", "4"]]),
    "round_robin": (["--system", "round_robin"], [["schedule"], ["simulate", "--seed", "2", "--rounds", "4"]]),
    "knockout": (["--system", "knockout", "--games-per-match", "2"], [["pair"], ["simulate", "--seed", "2"]]),
}


@pytest.mark.parametrize("kind", sorted(EVENTS))
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_json_to_workbook_and_back_is_the_same_event(tmp_path, kind, lang):
    new_args, steps = EVENTS[kind]
    f = tmp_path / "e.json"
    run("new", f, "--players", REG, *new_args, check_rc=0)
    for step in steps:
        run(step[0], f, *step[1:], check_rc=0)
    d = load(f)
    if kind == "swiss":  # what the workbook holds besides: fouls, a withdrawal, an absence, an open game
        d["rounds"][1]["boards"][0]["fouls"] = {"red": 1, "black": 2}
        d["players"][5]["withdrawn_from_round"] = 4
        d["players"][6]["absent_rounds"] = [4]
        d["rounds"] = d["rounds"][:3]
        d["rounds"][2]["boards"][3]["result"] = None
        save(f, d)
        run("pair", f, "--provisional", check_rc=0)  # round 4 on the open game, on purpose (原则(八))
        d = load(f)
    x = tmp_path / "e.xlsx"
    p = run("convert", f, x, lang=lang, check_rc=0)
    assert p.out.startswith("已转换" if lang == "zh" else "converted")
    wb = openpyxl.load_workbook(x)
    rounds = [n for n in wb.sheetnames if n.startswith("第" if lang == "zh" else "Round ")]
    assert len(rounds) == len(d["rounds"])
    run("convert", x, tmp_path / "back.json", check_rc=0)
    back = load(tmp_path / "back.json")
    for r in d["rounds"]:
        r.pop("provisional", None)  # a workbook has no place for it (docs/format.md)
    for r in back["rounds"]:
        r.pop("provisional", None)
    assert back == d
    # the workbook works on: its standings are the file's
    js = json.loads(run("standings", f, "--json", check_rc=0).out)
    xs = json.loads(run("standings", x, "--json", check_rc=0).out)
    assert xs == js


def test_team_file_without_rounds_converts_and_back(tmp_path):
    f = tmp_path / "t.json"
    run("new", f, "--teams", TEAMS, "--boards", "4", check_rc=0)
    x = tmp_path / "t.xlsx"
    run("convert", f, x, check_rc=0)
    assert "队伍报名" in openpyxl.load_workbook(x).sheetnames
    run("convert", x, tmp_path / "back.json", check_rc=0)
    assert load(tmp_path / "back.json") == load(f)
    run("pair", f, check_rc=0)
    x2 = tmp_path / "t2.xlsx"
    assert_bad_input(run("convert", f, x2), "只能转换尚未编排的团体赛")
    assert not x2.exists()


def test_convert_refusals(tmp_path):
    f = tmp_path / "e.json"
    run("new", f, "--players", REG, check_rc=0)
    assert_bad_input(run("convert", f, tmp_path / "x.json"), "xlxq convert")
    assert_bad_input(run("convert", tmp_path / "none.json", tmp_path / "x.xlsx"), "找不到文件")
    x = tmp_path / "e.xlsx"
    run("convert", f, x, check_rc=0)
    before = x.read_bytes()
    assert_bad_input(run("convert", f, x), "文件已存在")
    assert x.read_bytes() == before
    run("convert", f, x, "--force", check_rc=0)
    assert_bad_input(run("convert", x, f), "文件已存在")


@pytest.mark.parametrize(
    "args, sheet",
    [
        (["--players", REG], "报名表"),
        (["--players", REG, "--system", "knockout"], "报名表"),
        (["--teams", TEAMS, "--boards", "4"], "队伍报名"),
    ],
)
def test_new_workbook_then_pair(tmp_path, args, sheet):
    x = tmp_path / "w.xlsx"
    p = run("new", x, *args, check_rc=0)
    assert p.out.splitlines()[-1].startswith("下一步")
    assert sheet in openpyxl.load_workbook(x).sheetnames
    assert run("pair", x, check_rc=0).out.startswith("已编排第1轮")


def test_new_member_total_workbook_refused(tmp_path):
    x = tmp_path / "w.xlsx"
    assert_bad_input(run("new", x, "--players", REG, "--member-total"), "队员总分制")
    assert not x.exists()
