"""Issue 10 §6, the small things a new user met: the next step after
``xlxq new``, no internal keys in messages, the standings title, the
人工调整 note written once, ``xlxq simulate`` on a workbook (``--help`` in
English: tests/test_cli_help.py)."""

from __future__ import annotations

import json

import openpyxl
import pytest

from tests.cli_support import ROOT, run

SAMPLES = ROOT / "samples"


@pytest.mark.parametrize(
    "args, step",
    [
        (["--players", SAMPLES / "registration.csv"], "下一步：xlxq pair 编排第1轮"),
        (["--players", SAMPLES / "registration.csv", "--system", "knockout"], "下一步：xlxq pair 编排第1轮"),
        (["--players", SAMPLES / "registration.csv", "--system", "round_robin"], "下一步：xlxq schedule"),
        (["--teams", SAMPLES / "teams.csv", "--boards", "4"], "下一步：xlxq pair 编排第1轮"),
    ],
)
def test_new_says_the_next_step(tmp_path, args, step):
    p = run("new", tmp_path / "e.json", *args, check_rc=0)
    assert p.out.splitlines()[-1].startswith(step)
    en = run("new", tmp_path / "f.json", *args, lang="en", check_rc=0)
    assert en.out.splitlines()[-1].startswith("next: xlxq ")


def test_new_names_the_tie_breaks_as_the_arbiter_reads_them(tmp_path):
    p = run("new", tmp_path / "t.json", "--teams", SAMPLES / "teams.csv", "--boards", "4", check_rc=0)
    assert "名次：格式一（场分优先）" in p.out and "seed001" not in p.out
    p = run("new", tmp_path / "u.json", "--teams", SAMPLES / "teams.csv", "--boards", "4", lang="en", check_rc=0)
    assert "ranking: Format 1 (match points first)" in p.out
    p = run("new", tmp_path / "e.json", "--players", SAMPLES / "registration.csv", "--eliminate", "3:2", check_rc=0)
    assert "名次计算：累进分法（001方案）" in p.out and "seed001" not in p.out
    p = run("schedule", tmp_path / "e.json")
    assert p.returncode == 2 and "本赛事为积分编排，" in p.err and "swiss" not in p.err


# ------------------------------------------------------------ the standings title


def test_standings_title_says_the_last_round_with_a_result(tmp_path):
    from tests.test_workbook_support import new_event, open_round, write_results

    f = tmp_path / "e.json"
    run("new", f, "--players", SAMPLES / "registration.csv", check_rc=0)
    run("pair", f, check_rc=0)
    assert run("standings", f, check_rc=0).out.splitlines()[0].startswith("名次表")  # no result yet
    run("simulate", f, "--seed", "1", "--rounds", "1", check_rc=0)  # round 1 played, round 2 paired
    for args in ((), ("--round", "2")):
        title = run("standings", f, *args, check_rc=0).out.splitlines()[0]
        assert title.startswith("第1轮后名次表") and "第2轮" not in title
    assert run("standings", f, lang="en", check_rc=0).out.splitlines()[0].startswith("Standings after round 1")
    # the workbook: its 成绩表 title and the message
    _, path = new_event(tmp_path / "e.xlsx", rounds=7)
    run("pair", path, check_rc=0)
    _, view = open_round(path, 1)
    write_results(path, 1, {b: "draw" for b in view.rows()}, __import__("random").Random(1))
    run("pair", path, check_rc=0)
    for args in ((), ("--round", "2")):
        p = run("standings", path, *args, check_rc=0)
        assert p.out.startswith("成绩已计算（第1轮后）") and "第2轮后" not in p.out
        assert openpyxl.load_workbook(path)["成绩表"]["A1"].value.endswith("成绩表（第1轮后）")


# ------------------------------------------------------------ 人工调整 noted once


def test_a_hand_change_is_noted_once(tmp_path):
    from tests.test_workbook_support import fill_of, new_event, open_round, swap_colours

    _, path = new_event(tmp_path / "e.xlsx", rounds=7)
    run("pair", path, check_rc=0)
    _, view = open_round(path, 1)
    row = view.rows()[2]
    red, black = swap_colours(path, 1, row)
    assert "人工调整：先后手与编排相反" in run("check", path, check_rc=0).out  # seen, not yet recorded
    first = run("standings", path, check_rc=0).out
    assert "人工调整：先后手与编排相反" in first

    def note():
        _, v = open_round(path, 1)
        return v.get(row, "note"), fill_of(path, "第1轮", row, v.c["red_name"])

    assert note() == ("人工调整：先后手与编排相反；已采用表中的先后手", "#DDEBF7")
    for cmd in ("standings", "check", "standings"):  # the note not again on later runs
        assert "已采用表中的先后手" not in run(cmd, path, check_rc=0).out
    # check lists the round's differences from the engine every time (issue 21 §1.2)
    want = f"第2台 {black}-{red}（红-黑）：人工调整，先后手与引擎编排相反（引擎：{red} 执红）"
    assert want in run("check", path, check_rc=0).out
    assert note() == (None, None)
    # the colours are still the arbiter's: the swap stands
    _, v = open_round(path, 1)
    assert (v.get(row, "red_no"), v.get(row, "black_no")) == (black, red)
    # a second change is noted again, once
    swap_colours(path, 1, view.rows()[4])
    assert run("standings", path, check_rc=0).out.count("人工调整") == 2
    assert "人工调整" not in run("standings", path, check_rc=0).out


# ------------------------------------------------------------ simulate on a workbook


def test_simulate_on_a_workbook_gives_the_json_simulation(tmp_path):
    from xlxq.backends.json_file import save_event
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.sheets.read import read_workbook
    from tests.test_workbook_support import new_event

    _, path = new_event(tmp_path / "e.xlsx", rounds=7)
    run("pair", path, check_rc=0)
    f = tmp_path / "e.json"
    save_event(read_workbook(OpenpyxlBook(path)).event, f)
    pj = run("simulate", f, "--seed", "5", "--rounds", "3", check_rc=0)
    px = run("simulate", path, "--seed", "5", "--rounds", "3", check_rc=0)
    assert [x for x in px.out.splitlines() if not x.startswith(("成绩已计算", "已保存到"))] == [
        x for x in pj.out.splitlines() if not x.startswith("已保存到")
    ]
    assert "成绩已计算（第3轮后）" in px.out
    wb = openpyxl.load_workbook(path)
    assert [n for n in wb.sheetnames if n.startswith("第")] == ["第1轮", "第2轮", "第3轮", "第4轮"]
    assert "第4轮编排记录" in "\n".join(str(r[0]) for r in wb["编排记录"].iter_rows(values_only=True))
    js = json.loads(run("standings", f, "--json", check_rc=0).out)["standings"]
    xs = json.loads(run("standings", path, "--json", check_rc=0).out)["standings"]
    assert [(r["no"], r["rank"], r["score"], r["tiebreaks"]) for r in xs] == [
        (r["no"], r["rank"], r["score"], r["tiebreaks"]) for r in js
    ]
    # to the end: every round paired and played, the same final table
    run("simulate", f, "--seed", "5", check_rc=0)
    run("simulate", path, "--seed", "5", check_rc=0)
    js = json.loads(run("standings", f, "--json", check_rc=0).out)["standings"]
    xs = json.loads(run("standings", path, "--json", check_rc=0).out)["standings"]
    assert xs == js
    p = run("simulate", path, "--seed", "5", check_rc=0)
    assert p.out.startswith("所有轮次均已编排并有结果")
