"""The registration rule (xlxq/core/numbering.py) where it is used: the
pure rule (seeds odd, the others by order, draw or 等级分), the workbook
with 序号 left blank, ``xlxq draw`` on JSON and workbooks (individual and
team), and the 抽签 button through xlwings' remote engine."""

from __future__ import annotations

import random
import shutil

import openpyxl
import pytest

from tests.cli_support import assert_bad_input, load, run
from tests.conftest import template_workbook
from tests.test_workbook_support import open_round
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.core.numbering import registration_numbers
from xlxq.errors import InputError

NAMES = [f"P{i}" for i in range(1, 9)]


# ---------------------------------------------------------------- the rule


def test_seeds_take_the_odd_numbers_in_seed_order():
    # seed 000 方法(一): 4 seeds among 10, listed out of order
    assert registration_numbers([None, 3, None, 1, None, 4, None, 2, None, None]) == [2, 5, 4, 1, 6, 7, 8, 3, 9, 10]
    # more seeds than others: 5 seeds among 7 — seeds 1, 3, 5, 6, 7; others 2, 4
    assert registration_numbers([1, 2, 3, 4, 5, None, None]) == [1, 3, 5, 6, 7, 2, 4]
    # no seed: the registration order
    assert registration_numbers([None] * 4) == [1, 2, 3, 4]


def test_rating_order_highest_first_unrated_last_ties_in_order():
    # P3 is seed 1 (序号 1); then 2100 (P4), 1800 (P1, before P5: registration order), unrated P2
    assert registration_numbers([None, None, 1, None, None], [1800, None, 2500, 2100, 1800], "rating") == [
        3,
        5,
        1,
        2,
        4,
    ]


def test_draw_is_fixed_by_its_seed():
    # the numbers of a public draw: random.Random(2025).shuffle, on every machine
    assert registration_numbers([None] * 8, [], "draw", 2025) == [4, 8, 2, 6, 3, 7, 1, 5]
    # seeds stay on 1 and 3 (seed order), only the others are drawn
    assert registration_numbers([None, 2, None, 1, None, None, None, None], [], "draw", 2025) == [
        7,
        3,
        2,
        1,
        4,
        6,
        8,
        5,
    ]
    with pytest.raises(InputError, match="抽签种子"):
        registration_numbers([None] * 3, [], "draw", None)


@pytest.mark.parametrize("method", ["order", "draw", "rating"])
def test_every_field_gets_1_to_n_and_the_seeds_the_odd_numbers(method):
    rng = random.Random(method)
    for _ in range(300):
        n = rng.randint(1, 40)
        k = rng.randint(0, n)
        seed_values = rng.sample(range(1, 100), k)
        seeds = [None] * n
        for i, v in zip(rng.sample(range(n), k), seed_values):
            seeds[i] = v
        ratings = [rng.choice([None, 1500, 1800, 2100, rng.randint(1000, 2600)]) for _ in range(n)]
        nums = registration_numbers(seeds, ratings, method, rng.randrange(1000))
        assert sorted(nums) == list(range(1, n + 1))
        by_seed = sorted((s, no) for s, no in zip(seeds, nums) if s is not None)
        seeded_numbers = [no for _, no in by_seed]
        for j, no in enumerate(seeded_numbers):
            if j <= n - k:  # while the others last, seed j+1 is on 2j+1 (then the rest run on)
                assert no == 2 * j + 1
        assert seeded_numbers == sorted(seeded_numbers)  # seed 1 gets the smallest number


# ---------------------------------------------------------------- the workbook, 序号 blank


def _numbers(path, sheet="报名表"):
    ws = openpyxl.load_workbook(path)[sheet]
    return {ws.cell(row=r, column=2).value: ws.cell(row=r, column=1).value for r in range(3, ws.max_row + 1)}


def test_template_with_blank_numbers_seeds_odd_before_round_1(tmp_path):
    """The bug seen: seed 1 got 序号 4 and met seed 2's neighbour.  Now the
    seeds take 1 and 3, round 1 pairs 1-2 and 4-3 (近号), and the message
    says how the numbers were made."""
    p = template_workbook(tmp_path / "e.xlsx", NAMES, seeds={"P4": 1, "P7": 2})
    r = run("pair", p, check_rc=0)
    assert "2名种子选手排单号" in r.out, r.out
    nos = _numbers(p)
    assert nos["P4"] == 1 and nos["P7"] == 3
    assert [nos[n] for n in ("P1", "P2", "P3", "P5", "P6", "P8")] == [2, 4, 5, 6, 7, 8]
    _, view = open_round(p, 1)
    assert sorted(tuple(sorted(x)) for x in view.pairs().values()) == [(1, 2), (3, 4), (5, 6), (7, 8)]


def test_template_numbered_by_rating(tmp_path):
    ratings = {"P1": 1900, "P2": 2300, "P3": None, "P4": 2100}
    p = template_workbook(tmp_path / "e.xlsx", NAMES[:4], ratings=ratings, settings={"编号方式": "等级分"})
    run("standings", p, check_rc=0)
    assert _numbers(p) == {"P2": 1, "P4": 2, "P1": 3, "P3": 4}


def test_template_draw_without_seed_is_refused(tmp_path):
    p = template_workbook(tmp_path / "e.xlsx", NAMES, settings={"编号方式": "抽签"})
    before = p.read_bytes()
    assert_bad_input(run("pair", p), "抽签种子")
    assert p.read_bytes() == before


# ---------------------------------------------------------------- xlxq draw


def _json_event(tmp_path, seeds=True):
    csv = tmp_path / "p.csv"
    rows = ["姓名,种子"] + [f"{n},{s}" for n, s in zip(NAMES, ["", 2, "", 1, "", "", "", ""] if seeds else [""] * 8)]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    f = tmp_path / "e.json"
    run("new", f, "--players", csv, "--rounds", 5, check_rc=0)
    return f


def test_draw_on_json_is_repeatable_and_recorded(tmp_path):
    f = _json_event(tmp_path)
    r = run("draw", f, "--seed", 31, check_rc=0)
    assert "抽签种子 31" in r.out
    d = load(f)
    assert d["event"]["numbering"] == {"method": "draw", "seed": 31}
    first = {p["name"]: p["no"] for p in d["players"]}
    assert first["P4"] == 1 and first["P2"] == 3  # seeds 1 and 2 on the odd numbers
    assert sorted(first.values()) == list(range(1, 9))
    run("draw", f, "--seed", 31, check_rc=0)  # again, in public: the same numbers
    assert {p["name"]: p["no"] for p in load(f)["players"]} == first
    run("draw", f, "--seed", 32, check_rc=0)
    assert {p["name"]: p["no"] for p in load(f)["players"]} != first
    run("pair", f, check_rc=0)
    before = f.read_bytes()
    assert_bad_input(run("draw", f, "--seed", 31), "已编排1轮", "第1轮编排之前")
    assert f.read_bytes() == before


def test_draw_without_seed_picks_and_records_one(tmp_path):
    f = _json_event(tmp_path, seeds=False)
    run("draw", f, check_rc=0, lang="en")
    seed = load(f)["event"]["numbering"]["seed"]
    drawn = {p["name"]: p["no"] for p in load(f)["players"]}
    run("draw", f, "--seed", seed, check_rc=0)
    assert {p["name"]: p["no"] for p in load(f)["players"]} == drawn


def test_draw_on_a_team_file_draws_team_numbers(tmp_path):
    from xlxq.backends.json_file import save_team_event
    from tests.conftest import make_team_event

    f = tmp_path / "t.json"
    save_team_event(make_team_event(6, boards=2, reserves=0, rounds=3), f)
    run("draw", f, "--seed", 5, check_rc=0)
    d = load(f)
    nos = [t["no"] for t in d["teams"]]
    assert sorted(nos) == list(range(1, 7)) and nos == registration_numbers([None] * 6, [], "draw", 5)
    assert d["event"]["numbering"] == {"method": "draw", "seed": 5}
    run("pair", f, check_rc=0)
    assert_bad_input(run("draw", f, "--seed", 5), "队号")


def test_draw_on_a_workbook_fills_numbers_and_settings(tmp_path):
    p = template_workbook(tmp_path / "e.xlsx", NAMES, seeds={"P4": 1, "P7": 2})
    r = run("draw", p, "--seed", 2025, check_rc=0)
    assert "抽签种子 2025" in r.out
    drawn = _numbers(p)
    # the rows' order, drawn: the rule itself
    expect = registration_numbers([None, None, None, 1, None, None, 2, None], [], "draw", 2025)
    assert [drawn[n] for n in NAMES] == expect
    ws = openpyxl.load_workbook(p)["设置"]
    got = {ws.cell(row=r, column=1).value: ws.cell(row=r, column=2).value for r in range(1, ws.max_row + 1)}
    assert got["编号方式"] == "抽签" and got["抽签种子"] == 2025
    run("draw", p, "--seed", 2025, check_rc=0)
    assert _numbers(p) == drawn
    # 序号 blank again, 设置 says 抽签 with seed 2025: the reader makes the same numbers
    q = template_workbook(
        tmp_path / "q.xlsx", NAMES, seeds={"P4": 1, "P7": 2}, settings={"编号方式": "抽签", "抽签种子": 2025}
    )
    run("pair", q, check_rc=0)
    assert _numbers(q) == drawn
    run("pair", p, check_rc=0)
    before = p.read_bytes()
    assert_bad_input(run("draw", p), "第1轮编排之前")
    assert p.read_bytes() == before


def test_draw_on_a_team_workbook(tmp_path):
    from xlxq.operations.team_workbook import create_team_workbook
    from tests.conftest import make_team_event

    ev = make_team_event(6, boards=2, reserves=0, rounds=3)
    p = create_team_workbook(tmp_path / "t.xlsx", ev, ev.settings)
    run("draw", p, "--seed", 5, check_rc=0)
    ws = openpyxl.load_workbook(p)["队伍报名"]
    head = {c.value: c.column for row in ws.iter_rows(min_row=1, max_row=3) for c in row if c.value}
    got = {}
    for r in range(1, ws.max_row + 1):
        team, no = ws.cell(row=r, column=head["队名"]).value, ws.cell(row=r, column=head["队号"]).value
        if isinstance(no, int):
            got.setdefault(team, set()).add(no)
    assert all(len(v) == 1 for v in got.values())
    assert [got[f"{t}队"].pop() for t in range(1, 7)] == registration_numbers([None] * 6, [], "draw", 5)
    run("pair", p, check_rc=0)


# ---------------------------------------------------------------- the 抽签 button


def test_draw_button_through_the_remote_engine(tmp_path, monkeypatch, remote_engine_env):
    pytest.importorskip("xlwings")
    import xlxq.excel as E
    import xlxq.operations.workbook_draw as D
    from tests import xlremote as H
    from tests.book_ops import draw_numbers

    monkeypatch.setattr(D, "new_draw_seed", lambda: 77)
    a = template_workbook(tmp_path / "a.xlsx", NAMES, seeds={"P2": 1})
    b = tmp_path / "b.xlsx"
    shutil.copyfile(a, b)
    st = draw_numbers(OpenpyxlBook(a))
    r = H.run_workbook_function(b, E.draw_numbers)
    assert st.ok and r.result.ok and st.message_zh == r.result.message_zh
    assert "抽签种子 77" in r.result.message_zh
    assert [x["title"] for x in r.alerts] == ["xlxq · 抽签"]
    assert _numbers(a) == _numbers(b) and _numbers(b)["P2"] == 1
    ob, bb = OpenpyxlBook(a), OpenpyxlBook(b)
    assert ob.values("设置") == bb.values("设置")


def test_new_by_rating_numbers_the_unseeded_by_rating(tmp_path):
    csv = tmp_path / "p.csv"
    csv.write_text("姓名,种子,等级分\nA,,1900\nB,1,\nC,,2300\nD,,\nE,,2100\n", encoding="utf-8")
    f = tmp_path / "e.json"
    r = run("new", f, "--players", csv, "--by-rating", check_rc=0)
    assert "按等级分编号" in r.out
    d = load(f)
    assert {p["name"]: p["no"] for p in d["players"]} == {"B": 1, "C": 2, "E": 3, "A": 4, "D": 5}
    assert d["event"]["numbering"] == {"method": "rating"}
    assert_bad_input(run("new", tmp_path / "x.json", "--players", csv, "--by-rating", "--draw", 3), "--by-rating")
