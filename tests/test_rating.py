"""The unofficial 等级分 report (xlxq/core/rating.py, ``xlxq rating``):
a hand-worked example, the cap on D, what is not counted, and invariants."""

from __future__ import annotations

import json
import random

import pytest

from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN, RED_WIN_FORFEIT
from xlxq.core.rating import RatingOptions, expected_score, k_factor, parse_k_table, rating_rows
from xlxq.errors import InputError
from tests.cli_support import assert_bad_input, run

# Three rated players, K 20 below 2400 and 10 from 2400 on, |D| ≤ 400:
#   A 2400 (K 10), B 2200 (K 20), C 2000 (K 20)
#   round 1  A (red) – B  draw
#   round 2  A (red) – C  red win
#   round 3  C (red) – B  red win
# Worked by hand, We = 1/(1+10^(−D/400)):
#   A: vs B D=+200 → We = 1/(1+10^−0.5) = 1/1.316228 = 0.759747
#      vs C D=+400 → We = 1/(1+10^−1)   = 1/1.1      = 0.909091
#      ΣWe = 1.668838, W = ½ + 1 = 1.5, change = 10·(1.5 − 1.668838) = −1.68838, Rn = 2398.31
#   B: vs A D=−200 → We = 0.240253; vs C D=+200 → We = 0.759747
#      ΣWe = 1.000000, W = ½ + 0 = 0.5, change = 20·(0.5 − 1) = −10, Rn = 2190
#   C: vs A D=−400 → We = 0.090909; vs B D=−200 → We = 0.240253
#      ΣWe = 0.331162, W = 0 + 1 = 1, change = 20·(1 − 0.331162) = +13.37676, Rn = 2013.38
HAND = [(1, 1, 2, DRAW), (2, 1, 3, RED_WIN), (3, 3, 2, RED_WIN)]
RATINGS = {1: 2400.0, 2: 2200.0, 3: 2000.0}


def test_hand_worked_example() -> None:
    rows = {r.no: r for r in rating_rows(RATINGS, HAND, RatingOptions(((0, 20), (2400, 10)), 400))}
    a, b, c = rows[1], rows[2], rows[3]
    assert (a.k, b.k, c.k) == (10, 20, 20)
    assert a.expected == pytest.approx(1.668838, abs=1e-6)
    assert a.change == pytest.approx(-1.68838, abs=1e-5) and a.new == pytest.approx(2398.31162, abs=1e-5)
    assert b.expected == pytest.approx(1.0, abs=1e-9) and b.change == pytest.approx(-10.0) and b.new == 2190
    assert c.expected == pytest.approx(0.331162, abs=1e-6)
    assert c.change == pytest.approx(13.37676, abs=1e-5) and c.new == pytest.approx(2013.37676, abs=1e-5)
    assert [g.diff for g in a.games] == [200, 400]
    assert a.to_dict()["change"] == -1.7 and c.to_dict()["new"] == 2013.4


def test_cap_forfeit_unrated_unfinished() -> None:
    # D = 2600 − 2000 = 600 is capped at 400: We = 1/1.1 (not 1/(1+10^−1.5))
    rows = {r.no: r for r in rating_rows({1: 2600, 2: 2000, 3: None}, [(1, 1, 2, BLACK_WIN)])}
    assert rows[1].games[0].diff == 400 and rows[2].games[0].diff == -400
    assert rows[1].expected == pytest.approx(1 / 1.1)
    # K 10 from 2400 (the default table): 10·(0 − 0.909091)
    assert rows[1].change == pytest.approx(-9.09091, abs=1e-5)
    assert 3 not in rows  # unrated: no row
    games = [(1, 1, 3, RED_WIN), (2, 1, 2, RED_WIN_FORFEIT), (3, 1, 2, None)]
    rows = {r.no: r for r in rating_rows({1: 2600, 2: 2000, 3: None}, games)}
    assert rows[1].games == [] and rows[1].change == 0  # unrated opponent, forfeit, unfinished: not counted


def test_expected_scores_and_zero_sum() -> None:
    assert expected_score(0) == 0.5
    rnd = random.Random(13)
    for _ in range(50):
        ratings = {no: float(rnd.randint(1500, 2700)) for no in range(1, 11)}
        games = [
            (r, a, b, rnd.choice((RED_WIN, BLACK_WIN, DRAW)))
            for r in range(1, 6)
            for a, b in zip(*[iter(rnd.sample(range(1, 11), 10))] * 2)
        ]
        rows = rating_rows(ratings, games, RatingOptions(((0, 20),), 400))
        # one K for everybody: what one gains the other loses
        assert sum(r.change for r in rows) == pytest.approx(0, abs=1e-9)
        for r in rows:
            assert all(0 < g.expected < 1 and abs(g.diff) <= 400 for g in r.games)
            assert r.expected + sum(1 - g.expected for g in r.games) == pytest.approx(len(r.games))


def test_k_table() -> None:
    table = parse_k_table("0:40, 2000:20，2400：10")
    assert table == ((0, 40), (2000, 20), (2400, 10))
    assert [k_factor(x, table) for x in (1500, 2000, 2399, 2400, 2800)] == [40, 20, 20, 10, 10]
    assert parse_k_table("15") == ((0, 15),)
    for bad in ("", "0:20,0:10", "2400:10,0:20", "x:1", "0:-5"):
        with pytest.raises(InputError):
            parse_k_table(bad)


@pytest.mark.slow
def test_cli_rating(tmp_path, sample_registration) -> None:
    ev = tmp_path / "e.json"
    run("new", ev, "--players", sample_registration, "--rounds", "3", check_rc=0)
    run("simulate", ev, "--seed", "5", check_rc=0)
    before = ev.read_bytes()
    p = run("rating", ev, check_rc=0)
    assert "非官方" in p.out and "Rn = Ro + K" in p.out
    data = json.loads(run("rating", ev, "--json", "--k", "0:30", "--cap", "350", check_rc=0).out)
    assert data["unofficial"] is True and data["k_table"] == [[0, 30]] and data["cap"] == 350
    assert len(data["players"]) == 24 and all(r["k"] == 30 and r["games"] == 3 for r in data["players"])
    assert sum(r["change"] for r in data["players"]) == pytest.approx(0, abs=0.5)
    en = run("rating", ev, lang="en", check_rc=0)
    assert "unofficial" in en.out
    assert ev.read_bytes() == before  # nothing written
    assert_bad_input(run("rating", ev, "--k", "2400:10,0:20"), "K")


def _rating_rows_in_settings(path, rows) -> None:
    import openpyxl

    wb = openpyxl.load_workbook(path)
    ws = wb[wb.sheetnames[0]]
    r = ws.max_row + 1
    for i, (k, v) in enumerate(rows):
        ws.cell(r + i, 1, k)
        ws.cell(r + i, 2, v)
    wb.save(path)


@pytest.mark.slow
def test_workbook_rating_sheet(tmp_path) -> None:
    """计算成绩 writes the 等级分 sheet only when 设置 asks for it, with the
    numbers ``xlxq rating`` prints for the same K table and cap."""
    import openpyxl

    from tests.test_workbook_support import new_event, write_results

    _, plain = new_event(tmp_path / "plain.xlsx", rounds=3)
    _, rated = new_event(tmp_path / "rated.xlsx", rounds=3)
    _rating_rows_in_settings(rated, [("等级分报告", "是"), ("K值表", "0:30,2400:15"), ("等级分差上限", 350)])
    rnd = random.Random(3)
    for path in (plain, rated):
        run("pair", path, check_rc=0)
        write_results(path, 1, {b: rnd.choice((RED_WIN, BLACK_WIN, DRAW)) for b in range(1, 13)}, random.Random(1))
        run("standings", path, check_rc=0)
    assert "等级分" not in openpyxl.load_workbook(plain).sheetnames  # not asked for: as before
    wb = openpyxl.load_workbook(rated)
    assert wb.sheetnames.index("等级分") == wb.sheetnames.index("成绩表") + 1
    ws = wb["等级分"]
    assert "非官方" in ws["A1"].value
    sheet = {row[0]: row for row in ws.iter_rows(min_row=3, values_only=True) if isinstance(row[0], int)}
    cli = json.loads(run("rating", rated, "--json", check_rc=0).out)  # the K table and cap of 设置
    assert cli["k_table"] == [[0, 30], [2400, 15]] and cli["cap"] == 350
    assert len(sheet) == len(cli["players"]) == 24
    for r in cli["players"]:
        no, name, _, old, k, games, score, expected, change, new = sheet[r["no"]]
        assert (name, old, k, games, score) == (r["name"], r["old"], r["k"], r["games"], r["score"])
        assert (round(expected, 3), change, new) == (pytest.approx(r["expected"], abs=0.006), r["change"], r["new"])
    assert any("非官方" in str(c.value) for c in ws["A"])
    site = tmp_path / "site"
    run("publish", rated, site, "--rating", check_rc=0)
    assert "0:30,2400:15" in (site / "rating.html").read_text(encoding="utf-8")
    # a bad K table: refused at its cell, nothing written
    _rating_rows_in_settings(rated, [])
    wb = openpyxl.load_workbook(rated)
    ws = wb[wb.sheetnames[0]]
    cell = next(c for c in ws["A"] if c.value == "K值表")
    ws.cell(cell.row, 2, "2400:10,0:20")
    wb.save(rated)
    before = rated.read_bytes()
    assert_bad_input(run("standings", rated), f"B{cell.row}")
    assert rated.read_bytes() == before


# --------------------------------------------------------------------------
# the rating settings of a JSON event (event.rating), both ways through convert
# --------------------------------------------------------------------------


def _with_rating(path, rating) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    if rating is None:
        data["event"].pop("rating", None)
    else:
        data["event"]["rating"] = rating
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")


def test_json_rating_settings_read_and_checked(tmp_path) -> None:
    from xlxq.backends.json_file import event_from_dict, event_to_dict
    from xlxq.core.model import RatingOptions

    ev = played_swiss_file(tmp_path / "e.json")
    _with_rating(ev, {"report": True, "k": "0:30,2400:15", "cap": 350})
    data = json.loads(run("rating", ev, "--json", check_rc=0).out)
    assert data["k_table"] == [[0, 30], [2400, 15]] and data["cap"] == 350
    assert all(r["k"] == (15 if r["old"] >= 2400 else 30) for r in data["players"])
    # a flag overrides the file's value, the other one is still the file's
    data = json.loads(run("rating", ev, "--json", "--cap", "200", check_rc=0).out)
    assert data["k_table"] == [[0, 30], [2400, 15]] and data["cap"] == 200
    data = json.loads(run("rating", ev, "--json", "--k", "25", check_rc=0).out)
    assert data["k_table"] == [[0, 25]] and data["cap"] == 350
    # report: true → the site has the rating page without --rating; report: false → not
    run("publish", ev, tmp_path / "site", check_rc=0)
    assert "0:30,2400:15" in (tmp_path / "site" / "rating.html").read_text(encoding="utf-8")
    _with_rating(ev, {"k": "0:30"})  # report defaults to false (等级分报告 否)
    run("publish", ev, tmp_path / "site2", check_rc=0)
    assert not (tmp_path / "site2" / "rating.html").exists()
    assert json.loads(run("rating", ev, "--json", check_rc=0).out)["k_table"] == [[0, 30]]
    # the dictionary round trip keeps it; a file without the key has none
    d = json.loads(ev.read_text(encoding="utf-8"))
    assert event_from_dict(d).settings.rating == RatingOptions(((0, 30),), 400, False)
    assert event_to_dict(event_from_dict(d))["event"]["rating"] == {"report": False, "k": "0:30", "cap": 400}
    _with_rating(ev, None)
    assert "rating" not in event_to_dict(event_from_dict(json.loads(ev.read_text(encoding="utf-8"))))["event"]
    # bad values: exit 2 naming the key, with the 设置 rows' messages; nothing written
    for bad, needles in (
        ({"k": "2400:10,0:20"}, ("event.rating.k（K值表）", "K 值表")),
        ({"cap": -5}, ("event.rating.cap（等级分差上限）", "等级分差上限应为正数")),
        ({"cap": "400"}, ("event.rating.cap",)),
        ({"report": "是"}, ("event.rating.report（等级分报告）",)),
        ({"K": "0:20"}, ("event.rating",)),
        ([1], ("event.rating",)),
    ):
        _with_rating(ev, bad)
        assert_bad_input(run("rating", ev), *needles)
        assert_bad_input(run("publish", ev, tmp_path / "bad"), *needles)
        assert not (tmp_path / "bad").exists()
    _with_rating(ev, {"cap": 0})
    assert_bad_input(run("rating", ev, lang="en"), "event.rating.cap", "must be positive", lang="en")


def played_swiss_file(path):
    """A 3-round Swiss of the sample (24 players, random ratings) as a JSON file."""
    from xlxq.backends.json_file import save_event
    from tests.conftest import played_swiss

    ev = played_swiss(3, seed=4)
    save_event(ev, path)
    return path


@pytest.mark.slow
@pytest.mark.parametrize("report", [True, False])
def test_json_rating_settings_round_trip_through_a_workbook(tmp_path, report) -> None:
    """JSON → workbook: the 设置 rows 等级分报告, K值表, 等级分差上限 written
    (and, asked for, the 等级分 sheet); workbook → JSON: event.rating back."""
    import openpyxl

    ev = played_swiss_file(tmp_path / "e.json")
    rating = {"report": report, "k": "0:30,2400:15", "cap": 350}
    _with_rating(ev, rating)
    run("convert", ev, tmp_path / "e.xlsx", check_rc=0)
    wb = openpyxl.load_workbook(tmp_path / "e.xlsx")
    rows = {r[0]: r[1] for r in wb["设置"].iter_rows(values_only=True)}
    assert (rows["等级分报告"], rows["K值表"], rows["等级分差上限"]) == ("是" if report else "否", "0:30,2400:15", 350)
    run("standings", tmp_path / "e.xlsx", check_rc=0)
    assert ("等级分" in openpyxl.load_workbook(tmp_path / "e.xlsx").sheetnames) is report
    run("convert", tmp_path / "e.xlsx", tmp_path / "back.json", check_rc=0)
    back = json.loads((tmp_path / "back.json").read_text(encoding="utf-8"))
    assert back["event"]["rating"] == rating
    assert json.loads(run("rating", tmp_path / "e.xlsx", "--json", check_rc=0).out)["cap"] == 350
    # a workbook without the rows converts to a file without the key, as before
    _with_rating(ev, None)
    run("convert", ev, tmp_path / "plain.xlsx", check_rc=0)
    run("convert", tmp_path / "plain.xlsx", tmp_path / "plain.json", check_rc=0)
    assert "rating" not in json.loads((tmp_path / "plain.json").read_text(encoding="utf-8"))["event"]


# --------------------------------------------------------------------------
# the 等级分 sheet of a team workbook, hand-worked
# --------------------------------------------------------------------------

TEAM_EVENT = {
    "format": "xlxq/1",
    "event": {
        "kind": "team",
        "name": "团体测试",
        "system": "swiss",
        "rounds": 1,
        "boards": 3,
        "rating": {"report": True, "k": "20", "cap": 400},
    },
    "players": [
        {"no": 1, "name": "甲", "rating": 2000},
        {"no": 2, "name": "乙", "rating": 1800},
        {"no": 3, "name": "戊", "rating": 1600},
        {"no": 4, "name": "丙", "rating": 1900},
        {"no": 5, "name": "丁", "rating": 1700},
        {"no": 6, "name": "己", "rating": 1500},
    ],
    "teams": [{"no": 1, "name": "一队", "players": [1, 2, 3]}, {"no": 2, "name": "二队", "players": [4, 5, 6]}],
    "rounds": [],
}


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_team_workbook_rating_sheet_hand_worked(tmp_path, lang) -> None:
    """一队 (甲 2000, 乙 1800, 戊 1600) v 二队 (丙 1900, 丁 1700, 己 1500), K 20:
    board 1 甲–丙 甲 wins, board 2 丁–乙 draw, board 3 戊–己 forfeit (not counted).
      甲: D = +100, We = 1/(1+10^−0.25) = 0.640065, W 1,  Δ = 20·0.359935 = +7.2 → 2007.2
      丙: D = −100, We = 0.359935,                 W 0,  Δ = −7.2             → 1892.8
      乙: D = +100, We = 0.640065,                 W ½,  Δ = 20·(−0.140065) = −2.8 → 1797.2
      丁: D = −100, We = 0.359935,                 W ½,  Δ = +2.8             → 1702.8
      戊, 己: no game counted, Δ 0."""
    import openpyxl

    src = tmp_path / "t.json"
    src.write_text(json.dumps(TEAM_EVENT, ensure_ascii=False), encoding="utf-8")
    book = tmp_path / "t.xlsx"
    run("convert", src, book, lang=lang, check_rc=0)
    run("pair", book, check_rc=0)
    wb = openpyxl.load_workbook(book)
    ws = wb["第1轮" if lang == "zh" else "Round 1"]
    head = next(r for r in range(1, 6) if ws.cell(r, 1).value in ("场次", "Match"))
    words = {
        "zh": ("红胜", "黑胜", "和", "红胜(弃权)", "黑胜(弃权)"),
        "en": ("red win", "black win", "draw", "+-", "-+"),
    }
    red_win, black_win, draw, red_ff, black_ff = words[lang]
    res = next(c for c in range(1, ws.max_column + 1) if ws.cell(head, c).value in ("结果", "Result"))
    for r in range(head + 1, ws.max_row + 1):
        board, red = ws.cell(r, 2).value, ws.cell(r, 3).value
        if board == 1:  # 甲 wins, whichever colour he has
            ws.cell(r, res).value = red_win if red == 1 else black_win
        elif board == 2:
            ws.cell(r, res).value = draw
        elif board == 3:
            ws.cell(r, res).value = red_ff if red == 3 else black_ff
    wb.save(book)
    run("standings", book, check_rc=0)
    wb = openpyxl.load_workbook(book)
    name = "等级分" if lang == "zh" else "Rating"
    assert wb.sheetnames.index(name) == wb.sheetnames.index("台次成绩" if lang == "zh" else "Board results") + 1
    ws = wb[name]
    assert ("非官方" if lang == "zh" else "unofficial") in ws["A1"].value
    assert [c.value for c in ws[2]][:3] == (["序号", "姓名", "队名"] if lang == "zh" else ["No", "Name", "Team"])
    got = {row[0]: row[1:] for row in ws.iter_rows(min_row=3, values_only=True) if isinstance(row[0], int)}
    assert got == {
        1: ("甲", "一队", 2000, 20, 1, 1, 0.64, 7.2, 2007.2),
        2: ("乙", "一队", 1800, 20, 1, 0.5, 0.64, -2.8, 1797.2),
        3: ("戊", "一队", 1600, 20, 0, 0, 0, 0, 1600),
        4: ("丙", "二队", 1900, 20, 1, 0, 0.36, -7.2, 1892.8),
        5: ("丁", "二队", 1700, 20, 1, 0.5, 0.36, 2.8, 1702.8),
        6: ("己", "二队", 1500, 20, 0, 0, 0, 0, 1500),
    }
    notes = " ".join(str(c.value) for c in ws["A"] if isinstance(c.value, str))
    assert ("团体赛：每台对局" if lang == "zh" else "every board game counts") in notes
    # the same numbers from ``xlxq rating`` (the 设置 rows of the team workbook)
    cli = json.loads(run("rating", book, "--json", check_rc=0).out)
    assert cli["k_table"] == [[0, 20]] and {r["no"]: r["new"] for r in cli["players"]}[1] == 2007.2
    # and back to JSON with its settings (a paired team workbook converts to its file)
    run("convert", book, tmp_path / "back.json", check_rc=0)
    assert json.loads((tmp_path / "back.json").read_text(encoding="utf-8"))["event"]["rating"] == TEAM_EVENT["event"][
        "rating"
    ] | {"k": "0:20"}
    # 等级分报告 否: no sheet
    plain = dict(TEAM_EVENT, event={k: v for k, v in TEAM_EVENT["event"].items() if k != "rating"})
    src.write_text(json.dumps(plain, ensure_ascii=False), encoding="utf-8")
    run("convert", src, tmp_path / "plain.xlsx", lang=lang, check_rc=0)
    run("pair", tmp_path / "plain.xlsx", check_rc=0)
    assert name not in openpyxl.load_workbook(tmp_path / "plain.xlsx").sheetnames
