"""The ``xlxq`` command line, run as ``python -m xlxq`` in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.cli_support import assert_bad_input, load, run, save
from tests.conftest import ROOT, SAMPLE, enter_results


def set_results(path, round_no, results=("red_win", "draw", "black_win")):
    d = load(path)
    rnd = d["rounds"][round_no - 1]
    for i, b in enumerate(rnd["boards"]):
        b["result"] = results[i % len(results)]
    save(path, d)


@pytest.fixture
def event(tmp_path, capsys):
    """A fresh 24-player, 5-round event (made in-process: pandas is slow to
    import, and ``new`` itself is tested through subprocesses below)."""
    from xlxq.cli import main

    f = tmp_path / "赛事.json"
    assert main(["new", str(f), "--players", str(SAMPLE), "--rounds", "5", "--name", "测试公开赛"]) == 0
    capsys.readouterr()
    return f


@pytest.fixture
def paired(event):
    run("pair", event, check_rc=0)
    set_results(event, 1)
    run("pair", event, check_rc=0)
    set_results(event, 2)
    return event


# ---------------------------------------------------------------- new


def test_new_from_sample_csv(event):
    d = load(event)
    assert d["format"] == "xlxq/1"
    assert d["event"]["name"] == "测试公开赛" and d["event"]["rounds"] == 5
    assert d["event"]["system"] == "swiss" and d["event"]["first_round"] == "adjacent"
    assert d["event"]["scoring"] == {"win": 2, "draw": 1, "loss": 0, "bye": 2}
    assert d["event"]["tiebreaks"] == ["cxa2011-opp"]
    assert d["rounds"] == []
    assert len(d["players"]) == 24
    seeded = {p["seed"]: p["no"] for p in d["players"] if "seed" in p}
    assert seeded == {1: 1, 2: 3, 3: 5, 4: 7}


def test_new_output_lists_players(tmp_path):
    p = run("new", tmp_path / "a.json", "--players", SAMPLE, check_rc=0)
    assert "已创建" in p.out and "24名棋手" in p.out and "赵文博" in p.out
    assert load(tmp_path / "a.json")["event"]["rounds"] == 7
    assert load(tmp_path / "a.json")["event"]["name"] == "a"


def test_new_from_xlsx_english_headers(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Name", "Club", "Rating", "Seed"])
    for n, c, r, s in [
        ("Ann", "A", 2000, None),
        ("Ben", "B", 2300, 1),
        ("Cid", "C", 1900, None),
        ("Dan", "A", 2100, 2),
        ("Eve", "B", 1800, None),
    ]:
        ws.append([n, c, r, s])
    wb.save(tmp_path / "players.xlsx")
    f = tmp_path / "e.json"
    run("new", f, "--players", tmp_path / "players.xlsx", check_rc=0)
    d = load(f)
    assert [(p["no"], p["name"]) for p in d["players"]] == [(1, "Ben"), (2, "Ann"), (3, "Dan"), (4, "Cid"), (5, "Eve")]
    assert d["event"]["rounds"] == 5  # 5 players: at most 5 rounds


def test_new_from_xlsx_chinese_headers(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["姓名", "单位", "等级分"])
    for n in ("甲", "乙", "丙", "丁"):
        ws.append([n, "某队", 2000])
    wb.save(tmp_path / "报名.xlsx")
    f = tmp_path / "e.json"
    run("new", f, "--players", tmp_path / "报名.xlsx", "--rounds", 3, check_rc=0)
    assert [p["name"] for p in load(f)["players"]] == ["甲", "乙", "丙", "丁"]


def test_new_refuses_overwrite_without_force(event):
    before = event.read_bytes()
    p = run("new", event, "--players", SAMPLE)
    assert_bad_input(p)
    assert "--force" in p.err
    assert event.read_bytes() == before
    run("new", event, "--players", SAMPLE, "--rounds", 3, "--force", check_rc=0)
    assert load(event)["event"]["rounds"] == 3


def test_new_random_first_round_records_seed(tmp_path):
    run("new", tmp_path / "a.json", "--players", SAMPLE, "--first-round", "random", check_rc=0)
    seed = load(tmp_path / "a.json")["event"]["first_round_seed"]
    assert isinstance(seed, int)
    run("new", tmp_path / "b.json", "--players", SAMPLE, "--first-round", "random", "--seed", 99, check_rc=0)
    assert load(tmp_path / "b.json")["event"]["first_round_seed"] == 99
    # the recorded seed reproduces round 1
    run("new", tmp_path / "c.json", "--players", SAMPLE, "--first-round", "random", "--seed", seed, check_rc=0)
    run("pair", tmp_path / "a.json", check_rc=0)
    run("pair", tmp_path / "c.json", check_rc=0)
    assert load(tmp_path / "a.json")["rounds"] == load(tmp_path / "c.json")["rounds"]


def test_new_draw_is_deterministic(tmp_path):
    run("new", tmp_path / "a.json", "--players", SAMPLE, "--draw", 42, check_rc=0)
    run("new", tmp_path / "b.json", "--players", SAMPLE, "--draw", 42, check_rc=0)
    run("new", tmp_path / "c.json", "--players", SAMPLE, check_rc=0)
    a, b, c = (load(tmp_path / f"{x}.json")["players"] for x in "abc")
    assert a == b and a != c
    assert {p["no"] for p in a if "seed" in p} == {1, 3, 5, 7}


def test_new_tiebreaks_and_bad_values(tmp_path):
    run("new", tmp_path / "a.json", "--players", SAMPLE, "--tiebreaks", "cumulative,wins", check_rc=0)
    assert load(tmp_path / "a.json")["event"]["tiebreaks"] == ["cumulative", "wins"]
    assert_bad_input(run("new", tmp_path / "b.json", "--players", SAMPLE, "--tiebreaks", "magic"))
    assert_bad_input(run("new", tmp_path / "c.json", "--players", SAMPLE, "--rounds", 0))  # 30: a warning now
    assert_bad_input(run("new", tmp_path / "d.json", "--players", tmp_path / "missing.csv"))
    assert not any((tmp_path / f"{x}.json").exists() for x in "bcd")


def test_new_pairing_rules_of_issue22(tmp_path):
    """xlxq new --same-unit / --first-round-colours / --forbid: written in the
    file; a drawn colour method gets a recorded seed; hostile values refused
    (exit 2, one line, no file)."""
    f = tmp_path / "a.json"
    args = ("--same-unit", "every_round", "--first-round-colours", "draw", "--forbid", "3-1", "--forbid", "5-7")
    run("new", f, "--players", SAMPLE, *args, check_rc=0)
    ev = load(f)["event"]
    assert ev["options"]["same_unit"] == "every_round" and ev["options"]["first_round_colours"] == "draw"
    assert ev["options"]["forbidden_pairs"] == [[1, 3], [5, 7]] and isinstance(ev["first_round_seed"], int)
    run("pair", f, check_rc=0)
    assert {1, 3} not in [{b["red"], b["black"]} for b in load(f)["rounds"][0]["boards"]]
    bad = (
        ("--forbid", "3"),
        ("--forbid", "3-3"),
        ("--forbid", "1-999"),
        ("--forbid", "a-b"),
        ("--forbid", "1-" + "9" * 400),
        ("--same-unit", "always"),
        ("--first-round-colours", "coin"),
    )
    for i, extra in enumerate(bad):
        assert_bad_input(run("new", tmp_path / f"b{i}.json", "--players", SAMPLE, *extra))
        assert not (tmp_path / f"b{i}.json").exists()


def test_new_bad_registration_names_row(tmp_path):
    reg = tmp_path / "r.csv"
    reg.write_text("姓名,等级分\n张三,2000\n李四,很高\n", encoding="utf-8")
    p = run("new", tmp_path / "e.json", "--players", reg)
    assert_bad_input(p)
    assert "第3行" in p.err
    assert not (tmp_path / "e.json").exists()


# ---------------------------------------------------------------- pair


def test_pair_round1_results_round2(event):
    p = run("pair", event, check_rc=0)
    assert "第1轮对阵表" in p.out and "台次" in p.out and "红方" in p.out and "黑方" in p.out
    assert "赵文博" in p.out
    d = load(event)
    assert len(d["rounds"]) == 1 and len(d["rounds"][0]["boards"]) == 12
    assert d["rounds"][0]["boards"][0] == {"board": 1, "red": 1, "black": 2, "result": None}
    set_results(event, 1)
    p = run("pair", event, check_rc=0)
    assert "第2轮对阵表" in p.out
    d = load(event)
    assert len(d["rounds"]) == 2
    met1 = {frozenset((b["red"], b["black"])) for b in d["rounds"][0]["boards"]}
    met2 = {frozenset((b["red"], b["black"])) for b in d["rounds"][1]["boards"]}
    assert not met1 & met2
    # scores shown in the table: round-1 winners have 2
    assert " 2 " in p.out


def test_pair_with_unfinished_round_is_refused_unless_provisional(event):
    run("pair", event, check_rc=0)
    before = event.read_bytes()
    p = run("pair", event, check_rc=2)  # round 1 has no result at all: refused, even on purpose
    assert "第1轮还没有任何结果" in p.err and "第1轮第12台" in p.err and event.read_bytes() == before
    run("pair", event, "--provisional", check_rc=2)
    d = load(event)
    d["rounds"][0]["boards"][0]["result"] = "red_win"
    save(event, d)
    before = event.read_bytes()
    p = run("pair", event, check_rc=2)
    assert "尚有11台未填结果，未编排第2轮：第1轮第2台 4号" in p.err and "xlxq pair --provisional" in p.err
    assert "第1轮第1台" not in p.err and event.read_bytes() == before
    p = run("pair", event, "--provisional", check_rc=0)
    assert "按和棋暂计" in p.out
    d = load(event)
    assert d["rounds"][1]["provisional"] == [[1, b] for b in range(2, 13)]  # recorded in the file (原则(八))
    set_results(event, 1)  # the results arrive after round 2 was paired
    p = run("check", event, check_rc=0)
    assert "与引擎编排一致" in p.out


def test_pair_odd_field_prints_bye(tmp_path):
    reg = tmp_path / "r.csv"
    reg.write_text("姓名,单位\n甲,A\n乙,B\n丙,C\n", encoding="utf-8")
    f = tmp_path / "e.json"
    run("new", f, "--players", reg, check_rc=0)
    p = run("pair", f, check_rc=0)
    assert "轮空：3 丙 C" in p.out
    assert load(f)["rounds"][0]["byes"] == [3]


# ---------------------------------------------------------------- standings


def test_standings_json_shape(paired):
    p = run("standings", paired, "--json", check_rc=0)
    data = json.loads(p.out)
    assert list(data) == ["after_round", "in_progress", "standings"]
    assert data["after_round"] == 2 and data["in_progress"] is False
    rows = data["standings"]
    assert len(rows) == 24
    for r in rows:
        assert list(r) == ["rank", "no", "name", "score", "tiebreaks"]
        assert set(r["tiebreaks"]) == {"opp_score", "cumulative", "wins", "fouls", "black_wins", "black_games"}
        assert isinstance(r["score"], int)
        assert all(isinstance(v, (int, float)) for v in r["tiebreaks"].values())
    assert rows[0]["rank"] == 1
    assert sum(r["score"] for r in rows) == 2 * 12 * 2
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)


def test_standings_text_and_round(paired):
    p = run("standings", paired, check_rc=0)
    assert "名次" in p.out and "积分" in p.out and "对手分" in p.out
    p1 = run("standings", paired, "--round", 1, "--json", check_rc=0)
    assert sum(r["score"] for r in json.loads(p1.out)["standings"]) == 2 * 12
    assert_bad_input(run("standings", paired, "--round", 9))


def test_standings_empty_event(event):
    p = run("standings", event, "--json", check_rc=0)
    assert all(r["score"] == 0 for r in json.loads(p.out)["standings"])


# ---------------------------------------------------------------- explain / check / simulate


def test_explain(paired):
    p = run("explain", paired, check_rc=0)
    assert "第2轮" in p.out
    p = run("explain", paired, "--round", 1, check_rc=0)
    assert "第1轮" in p.out
    p = run("explain", paired, "--round", 3, check_rc=0)  # preview of the next round
    assert "第3轮" in p.out
    assert_bad_input(run("explain", paired, "--round", 7))


def test_check_clean_round(paired):
    p = run("check", paired, check_rc=0)
    assert "第2轮" in p.out and "与引擎编排一致" in p.out


def test_check_finds_rematch(paired):
    d = load(paired)
    d["rounds"][1]["boards"] = [dict(b, result=None) for b in d["rounds"][0]["boards"]]
    paired.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    p = run("check", paired)
    assert p.returncode == 1, (p.out, p.err)
    assert "已相遇" in p.out and "错误" in p.out


def test_check_without_rounds(event):
    assert_bad_input(run("check", event))


def test_simulate_to_the_end_is_deterministic(tmp_path, event):
    other = tmp_path / "copy.json"
    other.write_bytes(event.read_bytes())
    p = run("simulate", event, "--seed", 7, check_rc=0)
    assert p.out.count("已编排") == 5
    d = load(event)
    assert len(d["rounds"]) == 5
    assert all(b["result"] for r in d["rounds"] for b in r["boards"])
    run("simulate", other, "--seed", 7, check_rc=0)
    assert load(other) == d
    # a finished event: nothing to do, file unchanged
    before = event.read_bytes()
    run("simulate", event, "--seed", 7, check_rc=0)
    assert event.read_bytes() == before
    run("check", event, "--round", 5, check_rc=0)
    run("standings", event, check_rc=0)


def test_simulate_some_rounds(event):
    run("simulate", event, "--seed", 3, "--rounds", 2, check_rc=0)
    d = load(event)
    assert len(d["rounds"]) == 2
    assert all(b["result"] for b in d["rounds"][0]["boards"])
    assert not any(b["result"] for b in d["rounds"][1]["boards"])  # left for the arbiter
    run("simulate", event, "--seed", 3, "--rounds", 1, check_rc=0)
    d = load(event)
    assert len(d["rounds"]) == 3 and all(b["result"] for b in d["rounds"][1]["boards"])


# ---------------------------------------------------------------- bad input


@pytest.fixture(scope="module")
def round1_text(tmp_path_factory):
    f = tmp_path_factory.mktemp("tpl") / "e.json"
    run("new", f, "--players", SAMPLE, "--rounds", 3, check_rc=0)
    run("pair", f, check_rc=0)
    return f.read_text(encoding="utf-8")


def _mutate(path, fn):
    d = load(path)
    fn(d)
    save(path, d)


def _bad_result(d):
    d["rounds"][0]["boards"][0]["result"] = "红胜"


def _dup_no(d):
    d["players"][1]["no"] = d["players"][0]["no"]


def _unknown_player(d):
    d["rounds"][0]["boards"][0]["black"] = 99


def _unknown_option(d):
    d["event"]["options"]["pickr"] = "cxa"


@pytest.mark.parametrize(
    "mutate, needle",
    [
        (_bad_result, "第1轮第1台"),
        (_dup_no, "重复"),
        (_unknown_player, "99"),
        (_unknown_option, "pickr"),
    ],
)
@pytest.mark.parametrize("command", ["pair", "standings", "check", "explain", "simulate", "schedule", "crosstable"])
def test_bad_file_exit_2_file_untouched(tmp_path, round1_text, mutate, needle, command):
    f = tmp_path / "e.json"
    f.write_text(round1_text, encoding="utf-8")
    _mutate(f, mutate)
    before = f.read_bytes()
    extra = ["--seed", "1"] if command == "simulate" else []
    p = run(command, f, *extra)
    assert_bad_input(p)
    assert needle in p.err
    assert f.read_bytes() == before


def test_malformed_json(tmp_path):
    f = tmp_path / "e.json"
    f.write_text('{"format": "xlxq/1", "players": [', encoding="utf-8")
    before = f.read_bytes()
    for cmd in ("pair", "standings", "check"):
        p = run(cmd, f)
        assert_bad_input(p)
        assert "JSON" in p.err
    assert f.read_bytes() == before


def test_missing_file(tmp_path):
    p = run("pair", tmp_path / "nope.json")
    assert_bad_input(p)
    assert "找不到文件" in p.err
    assert not (tmp_path / "nope.json").exists()


def test_pair_beyond_planned_rounds(tmp_path):
    f = tmp_path / "e.json"
    run("new", f, "--players", SAMPLE, "--rounds", 1, check_rc=0)
    run("pair", f, check_rc=0)
    before = f.read_bytes()
    p = run("pair", f)
    assert_bad_input(p)
    assert "第2轮" in p.err
    assert f.read_bytes() == before


def test_english_messages(tmp_path):
    p = run("pair", tmp_path / "nope.json", lang="en")
    assert_bad_input(p, lang="en")
    assert "file not found" in p.err


def test_usage_error_is_one_line():
    p = run("pair")
    assert_bad_input(p)
    p = run("frobnicate")
    assert_bad_input(p)


def test_workbook_file_is_dispatched_or_reported(tmp_path):
    p = run("pair", tmp_path / "missing.xlsx")
    assert p.returncode == 2
    assert "Traceback" not in p.err
    assert len(p.err.splitlines()) == 1


def test_help_runs():
    p = run("--help", check_rc=0)
    for cmd in ("pair", "standings", "schedule", "crosstable", "qualify", "simulate"):
        assert cmd in p.out
    p = run("new", "--help", check_rc=0)
    assert "round_robin" in p.out and "knockout" in p.out and "--eliminate" in p.out


# ---------------------------------------------------------------- direct calls and start-up cost


def test_main_in_process(tmp_path, capsys):
    from xlxq.cli import main

    f = tmp_path / "e.json"
    assert main(["new", str(f), "--players", str(SAMPLE), "--rounds", "2"]) == 0
    assert main(["pair", str(f)]) == 0
    enter_results(f)
    assert main(["pair", str(f)]) == 0
    enter_results(f)
    assert main(["pair", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("错误：")


def test_pair_does_not_import_heavy_modules(tmp_path):
    f = tmp_path / "e.json"
    run("new", f, "--players", SAMPLE, check_rc=0)
    code = (
        "import sys, io\n"
        "from xlxq.cli import main\n"
        "sys.stdout = io.StringIO()\n"
        f"rc = main(['pair', {str(f)!r}])\n"
        "sys.stdout = sys.__stdout__\n"
        "print(rc, sorted(m for m in ('pandas', 'networkx', 'openpyxl', 'numpy') if m in sys.modules))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=60)
    assert out.stdout.decode().split("\n")[0] == "0 []", out.stderr.decode()


def test_new_into_missing_folder(tmp_path):
    p = run("new", tmp_path / "no" / "e.json", "--players", SAMPLE)
    assert_bad_input(p)
    assert "不存在" in p.err


def test_new_builds_a_workbook_under_a_workbook_name(tmp_path, capsys, sample_registration):
    """``xlxq new x.xlsx`` used to write JSON text into a file named .xlsx
    (then was refused, issue 10); now it builds the workbook from the
    template (issue 10 §3): the same event as ``xlxq new x.json`` reads back
    from it; an existing workbook is replaced only with --force."""
    from xlxq.backends.json_file import load_event
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.cli import main
    from xlxq.sheets.read import read_workbook

    target = tmp_path / "event.xlsx"
    assert main(["new", str(target), "--players", str(sample_registration), "--name", "event"]) == 0
    out = capsys.readouterr().out
    assert "已创建" in out and "下一步" in out
    assert main(["new", str(tmp_path / "event.json"), "--players", str(sample_registration)]) == 0
    want = load_event(tmp_path / "event.json")
    got = read_workbook(OpenpyxlBook(target)).event
    assert got.players == want.players and got.settings == want.settings
    before = target.read_bytes()
    assert main(["new", str(target), "--players", str(sample_registration)]) == 2  # exists
    assert target.read_bytes() == before
    m = tmp_path / "EVENT.XLSM"
    assert main(["new", str(m), "--players", str(sample_registration)]) == 0
    assert read_workbook(OpenpyxlBook(m)).event.players == want.players


def test_version(capsys):
    """``xlxq --version``: the installed package's version and Python's,
    exit 0 (issue 10 §6)."""
    from importlib.metadata import version

    from xlxq.cli import main

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith(f"xlxq {version('xlxq')} (Python ") and out.endswith(")")
