"""Every individual format end to end through the command line (``python -m
xlxq`` in a subprocess): round robin (odd field, double, two-game matches),
knockout (seeds' byes, 加赛 beyond the planned rounds), 积分晋圈淘汰 (Swiss →
top-K knockout → final order) and 积分末位淘汰."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from tests.cli_support import ROOT, assert_bad_input, load, run, save


def registration(tmp_path, n, seeds=None, name="r.csv") -> Path:
    rows = ["姓名,单位,等级分,种子"]
    for i in range(1, n + 1):
        seed = (seeds or {}).get(i, "")
        rows.append(f"棋手{i},队{i % 5},{2400 - 10 * i},{seed}")
    f = tmp_path / name
    f.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return f


def standings(path, *extra) -> dict:
    return json.loads(run("standings", path, "--json", *extra, check_rc=0).out)


def pairs(rnd) -> set:
    return {frozenset((b["red"], b["black"])) for b in rnd["boards"]}


# ---------------------------------------------------------------- round robin


@pytest.mark.slow
def test_round_robin_of_seven_schedule_simulate_standings(tmp_path):
    f = tmp_path / "rr.json"
    p = run("new", f, "--players", registration(tmp_path, 7), "--system", "round_robin", check_rc=0)
    assert "单循环" in p.out and "7轮" in p.out and "xlxq schedule" in p.out
    e = load(f)["event"]
    assert e["system"] == "round_robin" and e["rounds"] == 7 and e["games_per_match"] == 1
    assert e["tiebreaks"] == ["cxa2011-rr"]
    assert "bye" not in e["scoring"]  # a round-robin bye scores nothing

    p = run("schedule", f, check_rc=0)
    assert "全部7轮" in p.out and "轮空" in p.out
    d = load(f)
    assert [r["round"] for r in d["rounds"]] == list(range(1, 8))
    assert all(len(r["boards"]) == 3 and len(r["byes"]) == 1 for r in d["rounds"])
    assert sorted(no for r in d["rounds"] for no in r["byes"]) == list(range(1, 8))  # one bye each
    met = Counter(pr for r in d["rounds"] for pr in pairs(r))
    assert set(met) == {frozenset(c) for c in combinations(range(1, 8), 2)} and set(met.values()) == {1}
    assert d["rounds"][0]["byes"] == [1]  # 人数逢单，1号首轮轮空
    assert all(b["result"] is None for r in d["rounds"] for b in r["boards"])

    before = f.read_bytes()
    assert_bad_input(run("schedule", f), "--force")  # rounds exist
    assert f.read_bytes() == before
    run("schedule", f, "--force", check_rc=0)  # allowed: no result yet
    assert load(f) == d
    assert_bad_input(run("pair", f), "已编排完毕")

    p = run("explain", f, "--round", 3, check_rc=0)
    assert "秩序表第3轮" in p.out and "轮空" in p.out and "第13.1条" in p.out
    run("check", f, "--round", 3, check_rc=0)

    p = run("simulate", f, "--seed", 5, "--rounds", 2, check_rc=0)
    d = load(f)
    assert all(b["result"] for r in d["rounds"][:2] for b in r["boards"])
    assert not any(b["result"] for r in d["rounds"][2:] for b in r["boards"])
    p = run("simulate", f, "--seed", 5, check_rc=0)
    assert "模拟结果前三名" in p.out
    d = load(f)
    assert all(b["result"] for r in d["rounds"] for b in r["boards"])
    before = f.read_bytes()
    assert_bad_input(run("schedule", f, "--force"), "已有结果")
    assert f.read_bytes() == before

    s = standings(f)
    assert s["system"] == "round_robin" and s["score"] == "points" and s["after_round"] == 7
    assert s["tiebreak_order"] == ["sb", "wins", "direct", "fouls", "black_games"]
    rows = s["standings"]
    assert len(rows) == 7 and rows[0]["rank"] == 1
    for r in rows:
        assert list(r) == ["rank", "no", "name", "score", "tiebreaks", "withdrawn", "annulled"]
        assert list(r["tiebreaks"]) == ["sb", "wins", "direct", "fouls", "black_games", "black_wins"]
        assert r["tiebreaks"]["black_games"] == 3  # 6 games, 3 with black; the bye counts nowhere
    assert sum(r["score"] for r in rows) == 21 * 2
    assert [r["score"] for r in rows] == sorted((r["score"] for r in rows), reverse=True)

    ct = json.loads(run("crosstable", f, "--json", check_rc=0).out)
    assert ct["players"] == list(range(1, 8))
    for a, b in combinations(range(1, 8), 2):
        x, y = ct["cross"][str(a)][str(b)], ct["cross"][str(b)][str(a)]
        assert len(x) == len(y) == 1 and x[0] + y[0] == 2
    assert {str(r["no"]): r["score"] for r in rows} == ct["score"]
    p = run("crosstable", f, check_rc=0)
    assert "交叉表" in p.out and "×" in p.out
    p = run("standings", f, check_rc=0)
    assert "小分" in p.out and "直胜" in p.out and "后走局数" in p.out


@pytest.mark.slow
def test_double_round_robin_of_four_pair_by_pair(tmp_path):
    f = tmp_path / "drr.json"
    run("new", f, "--players", registration(tmp_path, 4), "--system", "double_round_robin", check_rc=0)
    assert load(f)["event"]["rounds"] == 6
    p = run("pair", f, check_rc=0)
    assert "第1轮对阵表" in p.out and "循环赛：第1循环秩序表第1轮" in p.out
    run("simulate", f, "--seed", 2, check_rc=0)  # results, pair on, to the end
    d = load(f)
    assert len(d["rounds"]) == 6 and all(b["result"] for r in d["rounds"] for b in r["boards"])
    for k in range(3):  # cycle 2 = cycle 1, colours reversed
        first = {(b["red"], b["black"]) for b in d["rounds"][k]["boards"]}
        second = {(b["black"], b["red"]) for b in d["rounds"][k + 3]["boards"]}
        assert first == second
    for n in range(1, 7):  # the second cycle is the table, not a rematch
        p = run("check", f, "--round", n, check_rc=0)
        assert "一致" in p.out and "已相遇" not in p.out and "错误" not in p.out
    p = run("explain", f, "--round", 5, check_rc=0)
    assert "第2循环秩序表第2轮" in p.out and "先后手互换" in p.out
    s = standings(f)
    assert s["system"] == "double_round_robin"
    assert sum(r["score"] for r in s["standings"]) == 12 * 2
    ct = json.loads(run("crosstable", f, "--json", check_rc=0).out)
    assert all(len(v) == 2 for row in ct["cross"].values() for v in row.values())


def test_two_game_round_robin_ranks_by_match_points(tmp_path):
    f = tmp_path / "m.json"
    reg = registration(tmp_path, 4)
    assert_bad_input(
        run("new", f, "--players", reg, "--system", "round_robin", "--games-per-match", 2, "--rounds", 3), "共6轮"
    )
    assert not f.exists()
    run("new", f, "--players", reg, "--system", "round_robin", "--games-per-match", 2, check_rc=0)
    e = load(f)["event"]
    assert e["rounds"] == 6 and e["games_per_match"] == 2 and e["tiebreaks"] == ["cxa2011-rr-match"]
    run("schedule", f, check_rc=0)
    d = load(f)
    for k in (0, 2, 4):  # game 2 of a match swaps the colours
        assert {(b["red"], b["black"]) for b in d["rounds"][k]["boards"]} == {
            (b["black"], b["red"]) for b in d["rounds"][k + 1]["boards"]
        }
    run("simulate", f, "--seed", 9, check_rc=0)
    s = standings(f)
    assert s["score"] == "match_points" and s["games_per_match"] == 2
    assert s["tiebreak_order"] == ["game_points", "wins", "direct", "fouls", "black_wins"]
    assert sum(r["score"] for r in s["standings"]) == 6 * 2  # six matches, 2 match points each
    assert sum(r["tiebreaks"]["game_points"] for r in s["standings"]) == 12 * 2
    p = run("standings", f, check_rc=0)
    assert "场分" in p.out and "局分总和" in p.out


def test_round_robin_check_flags_hand_changes(tmp_path):
    f = tmp_path / "rr.json"
    run("new", f, "--players", registration(tmp_path, 6), "--system", "round_robin", check_rc=0)
    run("schedule", f, check_rc=0)
    d = load(f)
    b = d["rounds"][1]["boards"][0]
    b["red"], b["black"] = b["black"], b["red"]  # colours swapped by hand
    d["rounds"][2]["boards"].reverse()  # board order changed
    d["rounds"][3], d["rounds"][4] = d["rounds"][4], d["rounds"][3]  # two rounds swapped
    d["rounds"][3]["round"], d["rounds"][4]["round"] = 4, 5
    save(f, d)
    p = run("check", f, "--round", 2, check_rc=0)
    assert "警告" in p.out and "执红" in p.out and "相符" in p.out
    p = run("check", f, "--round", 3, check_rc=0)
    assert "台次顺序" in p.out
    p = run("check", f, "--round", 4, check_rc=0)
    assert "轮次顺序" in p.out
    r1 = d["rounds"][0]["boards"]
    r1[0]["black"], r1[1]["black"] = r1[1]["black"], r1[0]["black"]  # not the table's pairs
    save(f, d)
    p = run("check", f, "--round", 1)
    assert p.returncode == 1, (p.out, p.err)
    assert "错误" in p.out and "不是秩序表第1轮的对局" in p.out


# ---------------------------------------------------------------- knockout


@pytest.mark.slow
def test_knockout_of_13_with_4_seeds(tmp_path):
    f = tmp_path / "ko.json"
    seeds = {1: 1, 2: 2, 3: 3, 4: 4}  # file rows 1–4 are the seeds
    p = run("new", f, "--players", registration(tmp_path, 13, seeds), "--system", "knockout", check_rc=0)
    assert "首轮轮空" in p.out
    d = load(f)
    assert d["event"]["rounds"] == 4 and d["event"]["knockout"] == {"playoff_games": [2], "armageddon": False}
    assert d["event"]["tiebreaks"] == []
    seeded = {p["seed"]: p["no"] for p in d["players"] if "seed" in p}
    p = run("pair", f, check_rc=0)
    assert "淘汰赛1/8决赛" in p.out and "直接晋级" in p.out
    r1 = load(f)["rounds"][0]
    assert sorted(r1["byes"]) == sorted(seeded[s] for s in (1, 2, 3))  # 16 − 13 = 3 byes, to the top seeds
    assert len(r1["boards"]) == 5
    assert seeded[4] in {x for b in r1["boards"] for x in (b["red"], b["black"])}
    p = run("explain", f, check_rc=0)
    assert "种子顺位" in p.out and "第13.4条" in p.out
    p = run("check", f, check_rc=0)
    assert "对阵一致" in p.out
    assert_bad_input(run("pair", f), "尚无结果")  # a knockout waits for every result

    run("simulate", f, "--seed", 11, check_rc=0)
    d = load(f)
    assert d["event"]["rounds"] == len(d["rounds"]) >= 4
    assert_bad_input(run("pair", f), "冠军")
    for n in range(1, len(d["rounds"]) + 1):
        assert run("check", f, "--round", n).returncode == 0
    s = standings(f)
    assert s["system"] == "knockout" and s["finished"] is True
    places = Counter((r["place"], r["place_to"]) for r in s["standings"])
    assert places == {(1, 1): 1, (2, 2): 1, (3, 4): 2, (5, 8): 4, (9, 13): 5}
    assert s["standings"][0]["no"] == s["champion"]
    p = run("standings", f, check_rc=0)
    assert "冠军" in p.out and "半决赛负" in p.out


def test_two_game_knockout_playoff_raises_the_rounds(tmp_path):
    f = tmp_path / "final.json"
    run("new", f, "--players", registration(tmp_path, 2), "--system", "knockout", "--games-per-match", 2, check_rc=0)
    assert load(f)["event"]["rounds"] == 2
    for _ in range(2):  # both games drawn
        run("pair", f, check_rc=0)
        d = load(f)
        d["rounds"][-1]["boards"][0]["result"] = "draw"
        save(f, d)
    p = run("pair", f, check_rc=0)
    assert "加赛第1局" in p.out and "2:2" in p.out and "调整为3" in p.out
    d = load(f)
    assert d["event"]["rounds"] == 3 and len(d["rounds"]) == 3
    g2, g3 = d["rounds"][1]["boards"][0], d["rounds"][2]["boards"][0]
    assert (g3["red"], g3["black"]) == (g2["black"], g2["red"])  # colours alternate (13.5)
    d["rounds"][2]["boards"][0]["result"] = "red_win"
    g3["red"], g3["black"] = g3["black"], g3["red"]  # hand-swapped colours
    save(f, d)
    p = run("check", f, check_rc=0)
    assert "警告" in p.out and "第13.5条" in p.out
    run("simulate", f, "--seed", 1, check_rc=0)
    s = standings(f)
    assert s["finished"] and s["champion"] in (1, 2)


# ---------------------------------------------------------------- combined formats


def test_swiss_of_20_qualifies_top_4_for_a_knockout(tmp_path):
    sw, ko = tmp_path / "swiss.json", tmp_path / "ko.json"
    run("new", sw, "--players", registration(tmp_path, 20), "--rounds", 7, check_rc=0)
    assert_bad_input(run("qualify", sw, ko, "--top", 4), "尚未结束")
    assert not ko.exists()
    run("simulate", sw, "--seed", 3, check_rc=0)
    run("qualify", sw, ko, "--top", 4, "--on-tie", "number", check_rc=0)
    k = load(ko)
    swiss_rows = standings(sw)["standings"]
    assert k["event"]["system"] == "knockout" and k["event"]["rounds"] == 2
    assert [(p["seed"], p["no"]) for p in k["players"]] == [(i + 1, r["no"]) for i, r in enumerate(swiss_rows[:4])]
    assert_bad_input(run("qualify", sw, ko, "--top", 4), "--force")
    assert_bad_input(run("standings", ko, "--with", sw), "尚未结束")
    p = run("pair", ko, check_rc=0)
    assert "半决赛" in p.out
    r1 = load(ko)["rounds"][0]
    top = [r["no"] for r in swiss_rows[:4]]
    assert pairs(r1) == {frozenset((top[0], top[3])), frozenset((top[1], top[2]))}  # 1–4, 2–3
    run("simulate", ko, "--seed", 4, check_rc=0)
    c = standings(ko, "--with", sw)
    assert c["system"] == "combined"
    rows = c["standings"]
    assert len(rows) == 20 and [r["source"] for r in rows] == ["knockout"] * 4 + ["swiss"] * 16
    assert [r["rank"] for r in rows[:4]] == [1, 2, 3, 3]
    assert [r["no"] for r in rows[4:]] == [r["no"] for r in swiss_rows[4:]]
    assert all(r["rank"] >= 5 for r in rows[4:])
    p = run("standings", ko, "--with", sw, check_rc=0)
    assert "积分晋圈淘汰最终名次" in p.out


def test_elimination_of_the_lowest_scorers(tmp_path):
    f = tmp_path / "e.json"
    p = run(
        "new",
        f,
        "--players",
        registration(tmp_path, 20),
        "--rounds",
        6,
        "--eliminate",
        "2:2",
        "--eliminate",
        "4:5",
        check_rc=0,
    )
    assert "末位淘汰" in p.out
    e = load(f)["event"]
    assert e["options"]["elimination"] == [[2, 2], [4, 5]]
    assert e["tiebreaks"] == ["seed001-cumulative"]  # the 累进分 line (seed 001)
    run("simulate", f, "--seed", 8, check_rc=0)
    d = load(f)
    assert len(d["rounds"]) == 6

    def score_after(x):
        pts = Counter()
        for r in d["rounds"][:x]:
            for b in r["boards"]:
                pts[b["red"]] += {"red_win": 2, "draw": 1}.get(b["result"], 0)
                pts[b["black"]] += {"black_win": 2, "draw": 1}.get(b["result"], 0)
            for no in r["byes"]:
                pts[no] += 2
        return pts

    def paired_in(r):
        return {x for b in r["boards"] for x in (b["red"], b["black"])} | set(r["byes"])

    out2 = {no for no in range(1, 21) if score_after(2)[no] < 2}
    out4 = {no for no in range(1, 21) if no not in out2 and score_after(4)[no] < 5}
    assert out2 and out4
    assert all(not (paired_in(r) & out2) for r in d["rounds"][2:])
    assert all(not (paired_in(r) & out4) for r in d["rounds"][4:])
    assert paired_in(d["rounds"][5]) == set(range(1, 21)) - out2 - out4
    s = standings(f)["standings"]
    assert {r["no"]: r["eliminated_after"] for r in s if r["eliminated_after"]} == {
        **{no: 2 for no in out2},
        **{no: 4 for no in out4},
    }
    keys = [(r["score"], r["tiebreaks"]["cumulative"]) for r in s]
    assert keys == sorted(keys, reverse=True)  # ranked by 积分, then 累进分
    survivors = [r for r in s if not r["eliminated_after"]]
    assert s[: len(survivors)] == survivors  # nobody eliminated outranks a survivor
    p = run("standings", f, check_rc=0)
    assert "累进分" in p.out and "第2轮后淘汰" in p.out


# ---------------------------------------------------------------- bad input


def test_options_of_another_system_are_refused(tmp_path):
    reg = registration(tmp_path, 6)
    f = tmp_path / "x.json"
    for args, needle in [
        (("--system", "swiss", "--games-per-match", 2), "--games-per-match"),
        (("--system", "round_robin", "--eliminate", "2:2"), "--eliminate"),
        (("--system", "knockout", "--tiebreaks", "cxa2011-rr"), "--tiebreaks"),
        (("--system", "round_robin", "--first-round", "fold"), "--first-round"),
        (("--system", "round_robin", "--armageddon"), "--armageddon"),
        (
            (
                "--eliminate",
                "two:2",
            ),
            "X:Y",
        ),
        (("--rounds", 5, "--eliminate", "5:2"), "第5轮"),
        (("--system", "round_robin", "--tiebreaks", "opp_score"), "opp_score"),
        (("--system", "knockout", "--rounds", 7), "共3轮"),
        (("--system", "knockout", "--playoff-games", "2,0"), "--playoff-games"),
    ]:
        assert_bad_input(run("new", f, "--players", reg, *args), needle)
        assert not f.exists()


def test_commands_refused_for_the_wrong_system(tmp_path):
    sw, rr = tmp_path / "sw.json", tmp_path / "rr.json"
    reg = registration(tmp_path, 5)
    run("new", sw, "--players", reg, "--rounds", 3, check_rc=0)
    run("new", rr, "--players", reg, "--system", "round_robin", check_rc=0)
    before = sw.read_bytes()
    assert_bad_input(run("schedule", sw), "只用于循环赛")
    assert_bad_input(run("crosstable", sw), "交叉表只用于循环赛")
    assert_bad_input(run("standings", sw, "--with", rr), "--with")
    assert_bad_input(run("qualify", rr, tmp_path / "k.json", "--top", 2), "swiss")
    assert sw.read_bytes() == before and not (tmp_path / "k.json").exists()


def test_bad_round_robin_and_knockout_files_exit_2_untouched(tmp_path):
    rr, ko = tmp_path / "rr.json", tmp_path / "ko.json"
    run("new", rr, "--players", registration(tmp_path, 4), "--system", "round_robin", check_rc=0)
    run("new", ko, "--players", registration(tmp_path, 4), "--system", "knockout", check_rc=0)
    d = load(rr)
    d["event"]["tiebreaks"] = ["opp_score"]
    save(rr, d)
    d = load(ko)
    d["rounds"] = [{"round": 1, "boards": [{"board": 1, "red": 1, "black": 2, "result": None}], "byes": []}]
    save(ko, d)
    for f, needle in ((rr, "event.tiebreaks"), (ko, "第1轮第1台")):
        before = f.read_bytes()
        for cmd in ("pair", "standings", "simulate", "schedule"):
            extra = ["--seed", 1] if cmd == "simulate" else []
            assert_bad_input(run(cmd, f, *extra), needle)
        assert f.read_bytes() == before


@pytest.mark.parametrize("system", ["round_robin", "knockout"])
def test_english_messages_for_the_new_systems(tmp_path, system):
    env_run = subprocess.run(
        [
            sys.executable,
            "-m",
            "xlxq",
            "crosstable" if system == "knockout" else "qualify",
            str(tmp_path / "missing.json"),
        ]
        + ([] if system == "knockout" else [str(tmp_path / "k.json"), "--top", "2"]),
        capture_output=True,
        env=dict(os.environ, PYTHONPATH=str(ROOT), XLXQ_LANG="en"),
        timeout=60,
    )
    err = env_run.stderr.decode()
    assert env_run.returncode == 2 and err.startswith("error: ") and "file not found" in err
