"""Absence for one round (请假, issue 10 §5b): the model, the Swiss, the
round robin, the knockout, the standings, the record, JSON files and the
workbook (docs/pairing.md and docs/standings.md "Absence")."""

from __future__ import annotations

import random
import json
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from tests.cli_support import assert_bad_input, load, run, save
from tests.helpers import make_event
from tests.test_workbook_support import header_map, new_event, open_round, write_results
from xlxq.core.checks import check_round
from xlxq.core.history import build_cards
from xlxq.core.knockout import build_bracket
from xlxq.core.model import (
    BLACK_WIN_FORFEIT,
    RED_WIN_FORFEIT,
    Event,
    EventSettings,
    Player,
    Scoring,
    absent_players,
    late_entries,
    validate_event,
)
from xlxq.systems import pair_round
from xlxq.core.record_text import record_lines
from xlxq.core.roundrobin import pair_rr_round
from xlxq.core.simulate import fill_results
from xlxq.core.standings import compute_standings
from xlxq.core.rr_standings import compute_rr_standings
from xlxq.errors import InputError
from xlxq.systems import get_system

ROUND1 = [(1, 2, "1-0"), (4, 3, "="), (5, 6, "0-1"), (8, 7, "1-0")]


def absent(ev: Event, no: int, *rounds: int) -> Event:
    """``ev`` with player ``no`` marked absent for ``rounds``."""
    players = [replace(p, absent_rounds=tuple(rounds)) if p.no == no else p for p in ev.players]
    return replace(ev, players=players)


def test_swiss_leaves_the_absent_player_out_with_no_bye_and_takes_him_back():
    ev = absent(make_event(8, [ROUND1]), 3, 2)
    r2 = pair_round(ev, 2).round
    assert 3 not in r2.players()
    assert sorted(r2.players()) == [1, 2, 4, 5, 6, 7, 8]  # the seven others, one of them with the bye
    assert len(r2.byes) == 1 and r2.byes[0] != 3
    assert check_round(ev.with_round(r2), 2) == []  # neither "missing" nor a bye problem
    ev2 = ev.with_round(fill_results(r2, random.Random(1)))
    r3 = pair_round(ev2, 3).round
    assert 3 in r3.players() and r3.byes == [] and len(r3.boards) == 4


def test_a_board_with_an_absent_player_is_an_error_of_check():
    ev = make_event(8, [ROUND1, [(1, 6, None), (3, 2, None), (5, 4, None), (7, 8, None)]])
    ev = absent(ev, 3, 2)
    issues = [i for i in check_round(ev, 2) if i.code == "absent"]
    assert len(issues) == 1
    (i,) = issues
    assert i.level == "error" and i.board == 2 and i.players == (3,)
    assert "请假" in i.zh and "absent" in i.en


def test_standings_count_the_absence_with_its_points_and_no_opponent():
    # round 2: 3 absent; 1-2 1-0, 4-5 =, 6-8 0-1, 7 bye
    ev = absent(make_event(8, [ROUND1, [(1, 4, "1-0"), (6, 8, "0-1"), (5, 2, "=")]], byes={2: [7]}), 3, 2)
    rows = {r.no: r for r in compute_standings(ev)}
    three = rows[3]
    assert three.round_scores == [1.0, 0.0]  # the absence counts as a round, 0 points
    assert three.score == 1.0
    assert three.tiebreaks["opp_score"] == rows[4].score  # only his round-1 opponent
    assert three.tiebreaks["wins"] == 0
    # 请假计分 1 (和棋分): the round scores 1, still no opponent, no win
    ev1 = replace(ev, settings=replace(ev.settings, scoring=Scoring(absent=1)))
    rows1 = {r.no: r for r in compute_standings(ev1)}
    assert rows1[3].round_scores == [1.0, 1.0] and rows1[3].score == 2.0
    assert rows1[3].tiebreaks["opp_score"] == rows1[4].score
    assert rows1[3].tiebreaks["cumulative"] == 1.0 + 2.0
    # pairing sees the same points: his card after round 2
    assert build_cards(ev1, 3)[3].score == 2.0
    assert build_cards(ev, 3)[3].score == 1.0


def test_an_absence_in_a_round_not_yet_played_adds_nothing():
    ev = absent(make_event(8, [ROUND1]), 3, 2)
    (row,) = [r for r in compute_standings(ev) if r.no == 3]
    assert row.round_scores == [1.0]


def test_random_absences_never_paired_everyone_else_paired_once():
    for seed in range(60):
        rng = random.Random(seed)
        n = rng.randint(6, 30)
        ev = Event(EventSettings(rounds=7), [Player(i, f"P{i}") for i in range(1, n + 1)])
        marks = {i: tuple(sorted(rng.sample(range(1, 8), rng.randint(0, 2)))) for i in range(1, n + 1)}
        ev = replace(ev, players=[replace(p, absent_rounds=marks[p.no]) for p in ev.players])
        for k in range(1, 8):
            try:
                rnd = pair_round(ev, k).round
            except Exception:  # a field too small to pair: not this test's point
                break
            here = rnd.players()
            want = [p.no for p in ev.players if k not in p.absent_rounds]
            assert sorted(here) == sorted(want), (seed, k)
            assert len(rnd.byes) == len(want) % 2
            assert absent_players(ev.with_round(rnd), rnd) == [p.no for p in ev.players if k in p.absent_rounds]
            assert not [i for i in check_round(ev.with_round(rnd), k) if i.level == "error"], (seed, k)
            ev = ev.with_round(fill_results(rnd, rng))
        table = compute_standings(ev)
        for row in table:
            for k in marks[row.no]:
                if k <= len(ev.rounds):
                    assert row.round_scores[k - 1] == 0.0


def test_record_says_who_is_absent_and_who_joins_late_in_zh_and_en():
    ev = absent(make_event(8, [ROUND1]), 3, 2)
    ev = replace(ev, players=[*ev.players, Player(9, "晚到")])
    r2 = pair_round(ev, 2).round
    assert late_entries(ev.with_round(r2), r2) == [9]
    rec = get_system("swiss").record(ev.with_round(r2), 2)
    (step,) = rec.of_kind("absent")
    assert step.clause == "原则(三)" and step["players"] == [3] and step["points"] == 0
    assert rec.of_kind("late_entry")[0]["players"] == [9]
    zh, en = record_lines(rec, "zh"), record_lines(rec, "en")
    assert "请假：3号棋手3 本轮不编排、不轮空，计0分，下轮恢复编排（原则(三)）" in zh
    assert any(x.startswith("迟到入场：9号晚到 自本轮起编排") for x in zh)
    assert any(x.startswith("absent (请假): 3 棋手3: not paired this round, no bye, 0 pts") for x in en)
    assert any(x.startswith("late entry (迟到入场): 9 晚到") for x in en)
    # a player absent in round 1 who comes in round 2 is not a late entry
    ev1 = absent(make_event(8), 3, 1)
    r1 = pair_round(ev1, 1).round
    ev1 = ev1.with_round(fill_results(r1, random.Random(2)))
    r2 = pair_round(ev1, 2).round
    assert 3 in r2.players() and late_entries(ev1.with_round(r2), r2) == []


def test_round_robin_absence_is_a_forfeit_loss_of_the_fixed_game():
    ev = Event(EventSettings(system="round_robin", rounds=5), [Player(i, f"P{i}") for i in range(1, 7)])
    ev = absent(ev, 2, 1)
    out = pair_rr_round(ev, 1, double=False)
    (b,) = [b for b in out.round.boards if 2 in (b.red, b.black)]
    assert b.result == (BLACK_WIN_FORFEIT if b.red == 2 else RED_WIN_FORFEIT)
    assert any("请假" in str(n) for n in out.notes)
    # an unfinished game of an absent player counts as his forfeit loss too
    rnd = replace(out.round, boards=[replace(x, result=None) for x in out.round.boards])
    rows = {r.no: r for r in compute_rr_standings(ev.with_round(rnd))}
    assert rows[2].score == 0 and rows[b.opponent_of(2)].score == 2


def test_knockout_refuses_an_absence():
    ev = absent(Event(EventSettings(system="knockout", rounds=2), [Player(i, f"P{i}") for i in range(1, 5)]), 2, 1)
    with pytest.raises(InputError) as exc:
        build_bracket(ev)
    assert "淘汰赛不设请假" in exc.value.zh and "forfeit" in exc.value.en
    validate_event(ev)  # the data itself is sound


# ------------------------------------------------------------------ JSON, CLI


def test_cli_json_absence_round_trip_and_standings(tmp_path):
    f = tmp_path / "e.json"
    d = {
        "format": "xlxq/1",
        "event": {"name": "t", "rounds": 5, "scoring": {"win": 2, "draw": 1, "loss": 0, "absent": 1}},
        "players": [{"no": i, "name": f"P{i}", "unit": ""} for i in range(1, 9)],
        "rounds": [],
    }
    d["players"][2]["absent_rounds"] = [2]
    save(f, d)
    run("pair", f, check_rc=0)
    run("simulate", f, "--seed", "1", "--rounds", "2", check_rc=0)
    got = load(f)
    assert got["players"][2]["absent_rounds"] == [2]
    assert got["event"]["scoring"]["absent"] == 1
    r2 = got["rounds"][1]
    nos = {n for b in r2["boards"] for n in (b["red"], b["black"])} | set(r2["byes"])
    assert 3 not in nos and len(r2["byes"]) == 1
    p = run("standings", f, "--json", check_rc=0)
    table = {r["no"]: r for r in json.loads(p.out)["standings"]}
    (b,) = [b for b in got["rounds"][0]["boards"] if 3 in (b["red"], b["black"])]
    first = Scoring().points(b["result"], "R" if b["red"] == 3 else "B")
    opp = b["black"] if b["red"] == 3 else b["red"]
    assert table[3]["score"] == first + 1  # 请假计分 1 for round 2
    assert table[3]["tiebreaks"]["cumulative"] == first + (first + 1)
    assert table[3]["tiebreaks"]["opp_score"] == table[opp]["score"]  # round 2 adds no opponent
    p = run("explain", f, "--round", "2", check_rc=0)
    assert "请假：3号P3" in p.out


@pytest.mark.parametrize("bad", [[0], ["x"], 3])
def test_cli_json_bad_absent_rounds_exit_2(tmp_path, bad):
    f = tmp_path / "e.json"
    save(
        f,
        {
            "format": "xlxq/1",
            "event": {"rounds": 5},
            "players": [
                {"no": i, "name": f"P{i}", "unit": "", **({"absent_rounds": bad} if i == 2 else {})} for i in (1, 2)
            ],
            "rounds": [],
        },
    )
    assert_bad_input(run("pair", f), "absent_rounds")


# ------------------------------------------------------------------ workbook


def mark_absent(path: Path, row_of: int, value, lang: str = "zh") -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["报名表" if lang == "zh" else "Registration"]
    hr, h = header_map(ws, "姓名" if lang == "zh" else "Name")
    col = h["请假轮次" if lang == "zh" else "Absent in rounds"][0]
    for r in range(hr + 1, ws.max_row + 1):
        if ws.cell(row=r, column=h["序号" if lang == "zh" else "No"][0]).value == row_of:
            ws.cell(row=r, column=col).value = value
    wb.save(path)


def rows_of(path: Path, sheet: str) -> list[tuple]:
    return [r for r in openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True) if any(v is not None for v in r)]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_workbook_absence_row_record_and_standings(tmp_path, lang):
    _, path = new_event(tmp_path / "e.xlsx", rounds=7, lang=lang)
    mark_absent(path, 3, "2,4", lang)
    run("pair", path, check_rc=0)
    _, view = open_round(path, 1, lang)
    write_results(path, 1, {b: "red_win" for b in view.rows()}, random.Random(1), lang)
    run("pair", path, check_rc=0)
    sheet = "第2轮" if lang == "zh" else "Round 2"
    rows = rows_of(path, sheet)
    label = "请假" if lang == "zh" else "absent"
    (row,) = [r for r in rows if r[0] == label]
    assert row[1] == 3 and row[5] == label
    assert not any(r[1] == 3 or r[9] == 3 for r in rows if r[0] != label)
    bye = [r for r in rows if r[0] in ("轮空", "bye")]
    assert len(bye) == 1  # 23 players: one bye, not the absentee
    # the row survives a recompute and is not read as a bye or a board
    _, view = open_round(path, 2, lang)
    write_results(path, 2, {b: "draw" for b in view.rows()}, random.Random(2), lang)
    p = run("check", path, check_rc=0, lang=lang)
    assert ("请假：第2、4轮" if lang == "zh" else "absent in round 2, 4") in p.out
    p = run("standings", path, "--json", check_rc=0)
    table = {r["no"]: r for r in json.loads(p.out)["standings"]}
    # round 1: 4-3 on board 2, red won every board; round 2: absent, 0 points, no opponent
    assert table[3]["score"] == 0 and table[3]["tiebreaks"]["cumulative"] == 0
    assert table[3]["tiebreaks"]["opp_score"] == table[4]["score"]
    standings = rows_of(path, "成绩表" if lang == "zh" else "Standings")
    (srow,) = [r for r in standings if len(r) > 2 and r[1] == 3]
    assert srow[-1] == ("第2轮请假" if lang == "zh" else "absent in round 2")  # round 4 not played yet
    log = "编排记录" if lang == "zh" else "Pairing log"
    text = "\n".join(str(r[0]) for r in rows_of(path, log))
    assert "请假：3号" in text  # the 编排记录 is in Chinese in both workbooks (seed 000's wording)


def test_workbook_check_flags_a_board_of_a_player_marked_absent_after_pairing(tmp_path):
    _, path = new_event(tmp_path / "e.xlsx", rounds=7)
    run("pair", path, check_rc=0)
    mark_absent(path, 3, "1")
    p = run("check", path)
    assert "本轮请假，却被编排" in p.out


@pytest.mark.parametrize("value", ["x", "0", "3-5"])
def test_workbook_bad_absent_cell_exit_2_names_the_cell(tmp_path, value):
    _, path = new_event(tmp_path / "e.xlsx", rounds=7)
    mark_absent(path, 3, value)
    before = path.read_bytes()
    assert_bad_input(run("pair", path), "请假轮次", "报名表")
    assert path.read_bytes() == before


@pytest.mark.parametrize("value, want", [("3", (3,)), ("3,5", (3, 5)), ("第5轮、3", (3, 5)), (4, (4,)), (None, ())])
def test_absent_cell_readings(value, want):
    from xlxq.sheets.registration import parse_absent

    assert parse_absent(value) == want


def test_pair_button_through_the_remote_engine_gives_the_openpyxl_workbook(tmp_path, remote_engine_env):
    pytest.importorskip("xlwings")
    import shutil

    import xlxq.excel as E
    from tests import xlremote as H
    from tests.test_excel_remote import contents
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from tests.book_ops import pair_next_round, recompute

    _, a = new_event(tmp_path / "a.xlsx", rounds=7)
    mark_absent(a, 3, "2")
    b = tmp_path / "b.xlsx"
    shutil.copyfile(a, b)
    for n in (1, 2):
        pair_next_round(OpenpyxlBook(a))
        r = H.run_workbook_function(b, E.pair_next_round)
        assert r.result.ok
        _, view = open_round(a, n)
        res = {k: "red_win" for k in view.rows()}
        for p in (a, b):
            write_results(p, n, res, random.Random(n))
        recompute(OpenpyxlBook(a))
        H.run_workbook_function(b, E.recompute)
    assert contents(a) == contents(b)
    assert [r for r in rows_of(b, "第2轮") if r[0] == "请假"][0][1] == 3


def test_pair_prints_the_absent_players_json_and_workbook(tmp_path):
    f = tmp_path / "e.json"
    players = [{"no": i, "name": f"P{i}", "unit": ""} for i in range(1, 9)]
    players[2]["absent_rounds"] = [1]
    save(f, {"format": "xlxq/1", "event": {"rounds": 5}, "players": players, "rounds": []})
    out = run("pair", f, check_rc=0).out.splitlines()
    assert "请假：3 P3 （本轮不编排）" in out and any(x.startswith("轮空：") for x in out)
    g = tmp_path / "g.json"
    save(g, {"format": "xlxq/1", "event": {"rounds": 5}, "players": players, "rounds": []})
    assert "Absent: 3 P3  (not paired)" in run("pair", g, lang="en", check_rc=0).out.splitlines()
    _, path = new_event(tmp_path / "e.xlsx", rounds=7)
    mark_absent(path, 3, "1")
    out = run("pair", path, check_rc=0).out.splitlines()
    assert any(x.split()[:3] == ["请假", "3", "陈志远"] for x in out)
