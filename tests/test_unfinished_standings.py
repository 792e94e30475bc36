"""Standings while a round is unfinished (issue 8 §6): only games with a
result count, a round paired and not played is left out, a partly played
round is labelled 第N轮进行中; the JSON file through the CLI and the workbook
(openpyxl path, its CLI and its 成绩表) give the same table."""

from __future__ import annotations

import json
import random

from tests.cli_support import ROOT, load, run, save
from tests.test_workbook_support import new_event, open_round, standings_sheet, write_results

from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN
from xlxq.backends.openpyxl_book import OpenpyxlBook
from tests.book_ops import pair_next_round, recompute

SAMPLE = ROOT / "samples" / "registration.csv"
CYCLE = (RED_WIN, DRAW, BLACK_WIN, RED_WIN, BLACK_WIN)


def result_of(round_no: int, board: int) -> str:
    return CYCLE[(round_no * 7 + board) % len(CYCLE)]


def twins(tmp_path, capsys, played: int, partial: int = 0):
    """The same 24-player, 7-round event as a JSON file (CLI) and as a
    workbook: rounds 1..played with results, round played+1 paired, its
    first ``partial`` boards with results."""
    from xlxq.cli import main

    f = tmp_path / "ev.json"
    assert main(["new", str(f), "--players", str(SAMPLE), "--rounds", "7", "--name", "测试赛"]) == 0
    capsys.readouterr()
    _, x = new_event(tmp_path / "ev.xlsx", rounds=7)
    for n in range(1, played + 2):
        run("pair", f, check_rc=0)
        assert pair_next_round(OpenpyxlBook(x)).ok
        d = load(f)
        boards = d["rounds"][n - 1]["boards"]
        upto = len(boards) if n <= played else partial
        res = {b["board"]: result_of(n, b["board"]) for b in boards if b["board"] <= upto}
        for b in boards:
            if b["board"] in res:
                b["result"] = res[b["board"]]
        save(f, d)
        if res:
            write_results(x, n, res, random.Random(n))
        _, view = open_round(x, n)
        assert view.pairs() == {b["board"]: (b["red"], b["black"]) for b in boards}  # the same event
    return f, x


def by_hand(d: dict) -> dict[int, tuple[float, float]]:
    """(积分, 对手分) per player from the file, counting only games with a
    result and only rounds that have one (a bye: 2 points, 对手分 the lowest
    score above 0 — none in these fields, 24 players)."""
    pts = {"red_win": (2, 0), "draw": (1, 1), "black_win": (0, 2)}
    score = {p["no"]: 0.0 for p in d["players"]}
    met = {p["no"]: [] for p in d["players"]}
    for r in d["rounds"]:
        for b in r["boards"]:
            if b["result"] is None:
                continue
            a, c = pts[b["result"]]
            score[b["red"]] += a
            score[b["black"]] += c
            met[b["red"]].append(b["black"])
            met[b["black"]].append(b["red"])
    return {no: (score[no], sum(score[o] for o in met[no])) for no in score}


def compare(f, x):
    cli = json.loads(run("standings", f, "--json", check_rc=0).out)
    book = json.loads(run("standings", x, "--json", check_rc=0).out)
    assert cli == book
    hand = by_hand(load(f))
    for r in cli["standings"]:
        assert (r["score"], r["tiebreaks"]["opp_score"]) == hand[r["no"]], r
    sheet = standings_sheet(x)
    assert [(r["名次"], r["序号"], float(r["积分"]), float(r["对手分"])) for r in sheet] == [
        (r["rank"], r["no"], float(r["score"]), float(r["tiebreaks"]["opp_score"])) for r in cli["standings"]
    ]
    return cli


def test_round_paired_without_results_is_not_counted(tmp_path, capsys):
    f, x = twins(tmp_path, capsys, played=3)
    cli = compare(f, x)
    assert cli["after_round"] == 3 and cli["in_progress"] is False
    p = run("standings", f, check_rc=0)
    assert p.out.startswith("第3轮后名次表  测试赛") and "第4轮" not in p.out
    assert run("standings", f, lang="en", check_rc=0).out.startswith("Standings after round 3")
    assert run("standings", x, check_rc=0).out.count("第3轮后名次表") == 1
    st = recompute(OpenpyxlBook(x))
    assert "成绩已计算（第3轮后）" in st.message_zh
    import openpyxl

    assert openpyxl.load_workbook(x)["成绩表"]["A1"].value == "测试赛  成绩表（第3轮后）"


def test_partly_played_round_is_in_progress(tmp_path, capsys):
    f, x = twins(tmp_path, capsys, played=3, partial=3)
    cli = compare(f, x)
    assert cli["after_round"] == 4 and cli["in_progress"] is True
    p = run("standings", f, check_rc=0)
    assert p.out.startswith("第4轮进行中名次表（尚有9台未完成）  测试赛"), p.out
    assert run("standings", f, lang="en", check_rc=0).out.startswith(
        "Standings (round 4 in progress, 9 games unfinished)"
    )
    st = recompute(OpenpyxlBook(x))
    assert "成绩已计算（第4轮进行中，尚有9台未完成）" in st.message_zh
    import openpyxl

    assert openpyxl.load_workbook(x)["成绩表"]["A1"].value == "测试赛  成绩表（第4轮进行中，尚有9台未完成）"


# ------------------------------------------------------------------ team Swiss


def test_team_match_in_progress_adds_no_opponent(tmp_path):
    # 4 teams × 2 boards (team t: players 2t−1, 2t).  R1: T1 beats T2 2:0 on
    # both boards, T3 beats T4 likewise.  R2 paired T1–T3, T2–T4; only board
    # 1 of T1–T3 has a result (T1 wins it).  场分 after R1: T1 2, T3 2, T2 0, T4 0.
    # 团体对手分 counts finished matches only: T1 met T2 (0) → 0, T3 met T4 (0) → 0
    # (the old reading added T3's 2 for T1 and T1's 2 for T3).  局分: T1 2 + 2
    # (R2 board 1), T3 2 + 0.  The table is 第2轮进行中, 3 boards unfinished.
    W, L = "red_win", "black_win"

    def match(no, f, s, r1, r2):
        return {
            "match": no,
            "first": f,
            "second": s,
            "boards": [
                {"board": 1, "red": 2 * f - 1, "black": 2 * s - 1, "result": r1},
                {"board": 2, "red": 2 * s, "black": 2 * f, "result": r2},
            ],
        }

    d = {
        "format": "xlxq/1",
        "event": {"kind": "team", "name": "t", "system": "swiss", "rounds": 3, "boards": 2},
        "players": [{"no": i, "name": f"P{i}"} for i in range(1, 9)],
        "teams": [{"no": t, "name": f"T{t}", "players": [2 * t - 1, 2 * t]} for t in (1, 2, 3, 4)],
        "rounds": [
            {"round": 1, "matches": [match(1, 1, 2, W, L), match(2, 3, 4, W, L)], "byes": []},
            {"round": 2, "matches": [match(1, 1, 3, W, None), match(2, 2, 4, None, None)], "byes": []},
        ],
    }
    f = tmp_path / "t.json"
    save(f, d)
    out = json.loads(run("standings", f, "--json", check_rc=0).out)
    assert out["after_round"] == 2 and out["in_progress"] is True
    rows = {r["no"]: r for r in out["standings"]}
    assert [rows[t]["match_points"] for t in (1, 2, 3, 4)] == [2, 0, 2, 0]
    assert [rows[t]["tiebreaks"]["opp_match_points"] for t in (1, 2, 3, 4)] == [0, 2, 0, 2]
    assert [rows[t]["game_points"] for t in (1, 3)] == [6, 4]
    p = run("standings", f, check_rc=0)
    assert p.out.startswith("积分编排团体赛名次表（第2轮进行中，尚有3台未完成）"), p.out
    # no result at all in round 2: the table is after round 1
    for m in d["rounds"][1]["matches"]:
        for b in m["boards"]:
            b["result"] = None
    save(f, d)
    out = json.loads(run("standings", f, "--json", check_rc=0).out)
    assert out["after_round"] == 1 and out["in_progress"] is False
    assert run("standings", f, check_rc=0).out.startswith("积分编排团体赛名次表（第1轮后）")


def test_team_workbook_mid_round_same_table_as_the_json_file(tmp_path):
    """The team workbook and its event saved as a JSON file give the same
    团体成绩 through the CLI, paired-not-played and in progress alike."""
    import openpyxl

    from xlxq.backends.json_file import save_event
    from xlxq.sheets.read import read_team_workbook
    from xlxq.operations.team_workbook import create_team_workbook, demo_event
    from tests.book_ops import team_pair_next_round as team_pair
    from tests.book_ops import team_recompute

    ev = demo_event(n_teams=6, boards=2, reserves=0, rounds=7)
    x = create_team_workbook(tmp_path / "t.xlsx", ev, ev.settings)

    def type_results(n, upto):
        wb = openpyxl.load_workbook(x)
        ws = wb[f"第{n}轮"]
        res = [c.value for c in ws[2]].index("结果") + 1
        k = 0
        for r in range(3, ws.max_row + 1):
            if isinstance(ws.cell(r, 2).value, int):  # a board row (台次)
                k += 1
                if k <= upto:
                    ws.cell(r, res).value = ("红胜", "和", "黑胜")[(n + k) % 3]
        wb.save(x)

    def same(after, in_progress, title):
        st = team_recompute(OpenpyxlBook(x))
        assert st.ok
        f = tmp_path / "t.json"
        save_event(read_team_workbook(OpenpyxlBook(x)).event, f)
        cli = json.loads(run("standings", f, "--json", check_rc=0).out)
        book = json.loads(run("standings", x, "--json", check_rc=0).out)
        assert (cli["after_round"], cli["in_progress"]) == (after, in_progress)
        assert cli["standings"] == book["standings"]
        assert openpyxl.load_workbook(x)["团体成绩"]["A1"].value == title
        assert run("standings", f, check_rc=0).out.startswith(f"积分编排团体赛名次表（{title.split('（', 1)[1]}")
        return cli

    assert team_pair(OpenpyxlBook(x)).ok
    type_results(1, 6)
    assert team_pair(OpenpyxlBook(x)).ok  # round 2 paired, no result
    same(1, False, "团体成绩（第1轮后）")
    type_results(2, 3)  # match 1 finished, match 2 half
    cli = same(2, True, "团体成绩（第2轮进行中，尚有3台未完成）")
    # 团体对手分 by hand from the saved file: the final 场分 of teams met in finished matches
    d = load(tmp_path / "t.json")
    mp = {r["no"]: r["match_points"] for r in cli["standings"]}
    met = {t: [] for t in mp}
    for rnd in d["rounds"]:
        for m in rnd["matches"]:
            if all(b["result"] is not None for b in m["boards"]):
                met[m["first"]].append(m["second"])
                met[m["second"]].append(m["first"])
    assert {r["no"]: r["tiebreaks"]["opp_match_points"] for r in cli["standings"]} == {
        t: sum(mp[o] for o in met[t]) for t in mp
    }
    assert sum(len(v) for v in met.values()) == 2 * (3 + 1)  # 3 matches of round 1, 1 of round 2


def test_round_robin_title_in_progress(tmp_path):
    # 4 players, the whole table written by schedule; round 1 played, one game of round 2
    reg = tmp_path / "r.csv"
    reg.write_text("姓名\nA\nB\nC\nD\n", encoding="utf-8")
    f = tmp_path / "rr.json"
    run("new", f, "--players", reg, "--system", "round_robin", check_rc=0)
    run("schedule", f, check_rc=0)
    d = load(f)
    for b in d["rounds"][0]["boards"]:
        b["result"] = "red_win"
    save(f, d)
    assert run("standings", f, check_rc=0).out.startswith("单循环名次表（第1轮后）")
    d["rounds"][1]["boards"][0]["result"] = "draw"
    save(f, d)
    assert run("standings", f, check_rc=0).out.startswith("单循环名次表（第2轮进行中，尚有1台未完成）")
    p = run("standings", f, "--round", 3, "--json", check_rc=0)  # round 3: nothing played yet
    assert json.loads(p.out)["after_round"] == 2
