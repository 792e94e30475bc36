"""Every individual format through the event workbook (real .xlsx files,
openpyxl backend), each compared with the same event run purely through
the core: round robin (7 players, scheduled at once), double round robin of
4 with two-game matches (paired round by round), knockout of 13 with 4 seeds
and 加赛, 积分晋圈淘汰 (Swiss of 20, 7 rounds, top 4 to a knockout in the same
workbook) and 积分末位淘汰; and the CLI on the workbook giving the JSON
file's standings."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from xlxq.backends.json_file import save_event
from xlxq.core.combined import build_knockout, combined_ranking, with_elimination
from xlxq.core.knockout import build_bracket, knockout_ranking
from xlxq.core.model import DRAW, RED_WIN, BLACK_WIN, Event, EventSettings, Player
from xlxq.systems import pair_round
from xlxq.core.roundrobin import schedule_rounds
from xlxq.core.rr_standings import compute_rr_standings, cross_table
from xlxq.core.simulate import fill_results
from xlxq.core.standings import compute_standings
from xlxq.errors import InputError, PairingImpossible
from xlxq.sheets import layout as L
from xlxq.sheets.read import read_workbook
from xlxq.operations.workbook import WorkbookOptions, create_event_workbook
from tests.book_ops import pair_next_round, qualify_knockout, recompute, schedule_round_robin

from tests.conftest import enter_results
from tests.test_workbook_support import book, fill_of, header_map, open_round, standings_sheet, write_results


def players(n: int, seeds: int = 0) -> list[Player]:
    return [
        Player(no=i, name=f"棋手{i}", unit=f"队{i % 5}", rating=2400 - 10 * i, seed=i if i <= seeds else None)
        for i in range(1, n + 1)
    ]


def decisive(rnd, rng: random.Random, draws: float = 0.2) -> None:
    """Results with fewer draws than fill_results (a knockout ends sooner)."""
    for b in rnd.boards:
        if b.result is None:
            x = rng.random()
            b.result = DRAW if x < draws else RED_WIN if x < (1 + draws) / 2 else BLACK_WIN


def write_all_results(path: Path, rounds, rng: random.Random, lang: str = "zh", stage: str = "main") -> None:
    """Type the results of several rounds at once (one load and save)."""
    from tests.test_workbook_support import SPELLINGS, RoundView

    wb = openpyxl.load_workbook(path)
    for rnd in rounds:
        name = L.round_sheet_name(rnd.round, lang, stage)
        view = RoundView(wb[name], lang)
        rows = view.rows()
        for b in rnd.boards:
            view.set(rows[b.board], "result", None if b.result is None else rng.choice(SPELLINGS[lang][b.result]))
            if b.fouls_red:
                view.set(rows[b.board], "fouls_red", b.fouls_red)
    wb.save(path)


def sheet_rows(path: Path, sheet: str) -> list[tuple]:
    return list(openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True))


def cli_json(capsys, *args) -> dict:
    from xlxq.cli import main

    capsys.readouterr()
    assert main([*map(str, args), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def assert_second_recompute_writes_nothing(path: Path) -> None:
    from tests.test_workbook_support import MemoryBook

    mem = MemoryBook.from_file(path)
    assert recompute(mem).ok
    assert mem.plans[-1].values == [] and mem.plans[-1].add_sheets == []


def raised(ev: Event) -> Event:
    """A knockout's rounds follow its 加赛 (as the CLI and the workbook do)."""
    if ev.next_round > ev.settings.rounds:
        return replace(ev, settings=replace(ev.settings, rounds=ev.next_round))
    return ev


# ---------------------------------------------------------------- round robin


def test_schedule_after_a_paired_round_names_the_round_kept(tmp_path):
    """Issue 25 §4: one round kept is 第1轮, not 第1–1轮 (a round with a
    result refuses the schedule, so one round without is what is kept)."""
    paired = 1
    path = tmp_path / "rr.xlsx"
    create_event_workbook(path, players(6), EventSettings(name="六人循环", system="round_robin"))
    for _ in range(paired):
        assert pair_next_round(book(path)).ok
    st = schedule_round_robin(book(path))
    assert st.ok and "（已有的第1轮保留）" in st.message_zh and "第1–1轮" not in st.message_zh, st.message_zh


def test_round_robin_of_seven_scheduled_at_once(tmp_path, capsys):
    path = tmp_path / "rr.xlsx"
    settings = EventSettings(name="七人循环", system="round_robin", tiebreaks=["cxa2011-rr"])
    create_event_workbook(path, players(7), settings)
    st = schedule_round_robin(book(path))
    assert st.ok and "第1–7轮" in st.message_zh and "轮空" in st.message_zh
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[2:9] == [f"第{n}轮" for n in range(1, 8)]
    assert {"成绩表", "交叉表", "编排记录"} <= set(wb.sheetnames)
    model = Event(settings=replace(settings, rounds=7), players=players(7), rounds=schedule_rounds(list(range(1, 8))))
    for rnd in model.rounds:
        _, view = open_round(path, rnd.round)
        assert view.pairs() == {b.board: (b.red, b.black) for b in rnd.boards}
        bye_rows = [r for r in range(3, view.ws.max_row + 1) if view.get(r, "board") == "轮空"]
        assert [view.get(r, "red_no") for r in bye_rows] == rnd.byes
        assert [view.get(r, "result") for r in bye_rows] == ["轮空"]
    assert "秩序表第3轮" in sheet_rows(path, "第3轮")[0][0]
    # nothing can be paired any more; results typed in every spelling
    with pytest.raises(InputError) as e:
        pair_next_round(book(path))
    assert "已编排完毕" in e.value.zh
    for rnd in model.rounds:
        fill_results(rnd, random.Random(rnd.round))
    model.rounds[1].boards[0].fouls_red = 1
    write_all_results(path, model.rounds, random.Random(7))
    st = recompute(book(path))
    assert st.ok and not [p for p in st.details if p.level in ("blocking", "error", "warning")], st.lines()
    assert read_workbook(book(path)).event.rounds == model.rounds
    want = compute_rr_standings(model)
    got = standings_sheet(path)
    assert [(r["名次"], r["序号"], r["积分"]) for r in got] == [(w.rank, w.no, w.score) for w in want]
    for r, w in zip(got, want):
        for key, label in (
            ("sb", "小分"),
            ("wins", "胜局"),
            ("fouls", "犯规"),
            ("black_games", "后走局数"),
            ("direct", "直胜"),
        ):
            assert r[label] == w.tiebreaks[key], (label, r, w)
    assert "14.1" in next(row[2] for row in sheet_rows(path, "设置") if row[0] == "排名方法")
    # the cross table
    ct = cross_table(model)
    rows = sheet_rows(path, "交叉表")
    assert rows[1][:4] == ("序号", "姓名", "单位", "1")
    for row in rows[2:9]:
        a = row[0]
        for j, b in enumerate(range(1, 8), start=3):
            assert row[j] == ("×" if a == b else ct[a][b][0])
        assert (row[-2], row[-1]) == next((w.score, w.rank) for w in want if w.no == a)
    # schedule again: refused, nothing written
    before = path.read_bytes()
    with pytest.raises(InputError) as e:
        schedule_round_robin(book(path))
    assert "已有结果" in e.value.zh and "第1轮" in e.value.zh and "第3行" in e.value.zh
    assert path.read_bytes() == before
    # a bad result names the sheet, row and cell; nothing written
    wb, view = open_round(path, 5)
    row = view.rows()[2]
    view.set(row, "result", "红大胜")
    wb.save(path)
    before = path.read_bytes()
    with pytest.raises(InputError) as e:
        pair_next_round(book(path))  # refused; recompute marks it instead (issue 10 §4)
    assert "第5轮" in e.value.zh and f"第{row}行" in e.value.zh and "红大胜" in e.value.zh
    assert path.read_bytes() == before
    # a hand edit: colours swapped on one board (noted), two blacks swapped in round 4 (pairs met already)
    view.set(row, "result", "和")
    b = model.rounds[4].boards[1]
    b.result = DRAW
    wb.save(path)
    wb, view = open_round(path, 4)
    r1, r2 = view.rows()[1], view.rows()[2]
    for k in ("black_no", "black_name"):
        v1, v2 = view.get(r1, k), view.get(r2, k)
        view.set(r1, k, v2)
        view.set(r2, k, v1)
    wb.save(path)
    st = recompute(book(path))
    assert st.ok
    codes = {(p.code, p.sheet, p.row) for p in st.details}
    assert ("hand_pairing", "第4轮", r1) in codes and ("rematch", "第4轮", r1) in codes
    assert fill_of(path, "第4轮", r1, view.c["red_name"]) == L.ERROR_FILL
    _, view = open_round(path, 4)
    assert "已赛满1局" in view.get(r1, "note")
    # the CLI on the workbook: the JSON file's standings for the same event
    for k in ("black_no", "black_name"):
        v1, v2 = view.get(r1, k), view.get(r2, k)
        view.set(r1, k, v2)
        view.set(r2, k, v1)
    view.ws.parent.save(path)
    assert recompute(book(path)).ok
    assert fill_of(path, "第4轮", r1, view.c["red_name"]) is None
    assert_second_recompute_writes_nothing(path)
    save_event(model, tmp_path / "rr.json")
    from_json = cli_json(capsys, "standings", tmp_path / "rr.json")
    from_workbook = cli_json(capsys, "standings", path)
    assert from_workbook == from_json and from_json["system"] == "round_robin"
    assert cli_json(capsys, "crosstable", path) == cli_json(capsys, "crosstable", tmp_path / "rr.json")


def test_double_round_robin_of_four_with_two_game_matches(tmp_path):
    path = tmp_path / "drr.xlsx"
    settings = EventSettings(
        name="双循环两局制", system="double_round_robin", games_per_match=2, tiebreaks=["cxa2011-rr-match"]
    )
    create_event_workbook(path, players(4), settings, lang="en")
    data = read_workbook(book(path))
    assert data.event.settings == replace(settings, rounds=12)
    model = Event(settings=replace(settings, rounds=12), players=players(4))
    for _ in range(1, 13):
        st = pair_next_round(book(path))
        assert st.ok, st.lines()
        enter_results(path)  # played (the real results are written below): the next round may be paired
        rnd = pair_round(model).round
        model = model.with_round(rnd)
        assert [(b.red, b.black) for b in st.data.boards] == [(b.red, b.black) for b in rnd.boards]
    for n in (1, 2, 7, 12):
        _, view = open_round(path, n, "en")
        assert view.pairs() == {b.board: (b.red, b.black) for b in model.rounds[n - 1].boards}
    for rnd in model.rounds:
        fill_results(rnd, random.Random(100 + rnd.round))
    write_all_results(path, model.rounds, random.Random(4), lang="en")
    assert "cycle 2" in sheet_rows(path, "Round 7")[0][0] and "game 1" in sheet_rows(path, "Round 7")[0][0]
    with pytest.raises(InputError):
        pair_next_round(book(path))
    st = recompute(book(path))
    assert st.ok and not [p for p in st.details if p.level != "info"], st.lines()
    want = compute_rr_standings(model)
    got = standings_sheet(path, "en")
    assert [(r["Rank"], r["No"], r["Match points"], r["Game points"]) for r in got] == [
        (w.rank, w.no, w.score, w.tiebreaks["game_points"]) for w in want
    ]
    rows = sheet_rows(path, "Cross table")
    ct = cross_table(model)
    assert rows[2][4] == "/".join(str(int(x)) for x in ct[1][2])  # four games between 1 and 2
    assert len(ct[1][2]) == 4


# ---------------------------------------------------------------- knockout


def test_knockout_of_thirteen_with_four_seeds_to_the_champion(tmp_path, capsys):
    path = tmp_path / "ko.xlsx"
    create_event_workbook(path, players(13, seeds=4), EventSettings(name="淘汰赛", system="knockout"))
    model = read_workbook(book(path)).event
    assert model.settings.rounds == 4 and model.settings.tiebreaks == []
    rng = random.Random(13)
    n = 0
    while not build_bracket(model).finished:
        n += 1
        st = pair_next_round(book(path))
        assert st.ok, st.lines()
        model = raised(model)
        rnd = pair_round(model).round
        model = model.with_round(rnd)
        _, view = open_round(path, n)
        assert view.pairs() == {b.board: (b.red, b.black) for b in rnd.boards}
        if n == 1:
            assert sorted(rnd.byes) == [1, 2, 3] and "轮空" in st.message_zh
            # a missing result: the next round waits, nothing written
            before = path.read_bytes()
            with pytest.raises(PairingImpossible):
                pair_next_round(book(path))
            assert path.read_bytes() == before
            rnd.boards[0].result = DRAW  # → 加赛
            # a pairing that is no match of the bracket: refused, naming the sheet and row
            wb, view = open_round(path, 1)
            r1, r2 = view.rows()[1], view.rows()[2]
            b1, b2 = view.get(r1, "black_no"), view.get(r2, "black_no")
            view.set(r1, "black_no", b2)
            view.set(r2, "black_no", b1)
            wb.save(path)
            before = path.read_bytes()
            with pytest.raises(InputError) as e:
                recompute(book(path))
            assert "第1轮" in e.value.zh and f"第{r1}行" in e.value.zh and "不是淘汰赛" in e.value.zh
            assert (e.value.place.sheet, e.value.place.row) == (L.round_sheet_name(1, "zh"), r1)
            assert path.read_bytes() == before
            view.set(r1, "black_no", b1)
            view.set(r2, "black_no", b2)
            wb.save(path)
        decisive(rnd, rng, draws=0.1)
        write_results(path, n, {b.board: b.result for b in rnd.boards}, rng)
        assert n < 30
    assert any("加赛" in (sheet_rows(path, f"第{k}轮")[0][0] or "") for k in range(2, n + 1))
    with pytest.raises(InputError) as e:
        pair_next_round(book(path))
    assert "淘汰赛已经结束" in e.value.zh
    st = recompute(book(path))
    assert st.ok and not [p for p in st.details if p.level != "info"], st.lines()
    br = build_bracket(model)
    champion = model.player(br.champion).name
    assert champion in st.message_zh
    rows = sheet_rows(path, "对阵图")
    assert champion in rows[0][0]
    assert rows[1] == ("1/8决赛", "1/4决赛", "半决赛", "决赛", "冠军")
    assert [r[4] for r in rows[2:] if r[4]] == [f"{br.champion} {champion}"]
    assert any(isinstance(c, str) and "加赛" in c for r in rows for c in r[:4])
    places = knockout_ranking(model)
    got = standings_sheet(path)
    assert [(r["名次"], r["序号"]) for r in got] == [
        (p.place if p.place_to == p.place else f"{p.place}-{p.place_to}", p.no) for p in places
    ]
    assert got[0]["成绩"] == "冠军"
    assert_second_recompute_writes_nothing(path)
    save_event(model, tmp_path / "ko.json")
    assert cli_json(capsys, "standings", path) == cli_json(capsys, "standings", tmp_path / "ko.json")


# ---------------------------------------------------------------- 积分晋圈淘汰


@pytest.mark.slow
def test_swiss_of_twenty_then_top_four_knockout_in_the_same_workbook(tmp_path, capsys):
    from xlxq.cli import main

    path = tmp_path / "open.xlsx"
    settings = EventSettings(name="公开赛", rounds=7)
    create_event_workbook(path, players(20), settings, options=WorkbookOptions(qualify_top=4, qualify_on_tie="number"))
    assert read_workbook(book(path)).options.qualify_top == 4
    swiss = Event(settings=settings, players=players(20))
    for n in range(1, 8):
        assert pair_next_round(book(path)).ok
        rnd = pair_round(swiss).round
        swiss = swiss.with_round(rnd)
        fill_results(rnd, random.Random(n))
        write_results(path, n, {b.board: b.result for b in rnd.boards}, random.Random(n))
        if n == 3:
            with pytest.raises(InputError) as e:
                qualify_knockout(book(path), 4)
            assert "尚未结束" in e.value.zh
    with pytest.raises(InputError) as e:
        pair_next_round(book(path))
    assert "晋圈" in e.value.zh
    capsys.readouterr()
    assert main(["qualify", str(path), "--top", "4"]) == 0  # 晋圈并列 = 按序号 from 设置
    assert "前4名进入淘汰赛" in capsys.readouterr().out
    ko = build_knockout(swiss, 4, on_tie="number")
    ko = replace(ko, settings=replace(ko.settings, tiebreaks=[]))
    data = read_workbook(book(path))
    assert data.ko is not None and data.ko.event == ko
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames.index("晋级名单") == wb.sheetnames.index("第7轮") + 1
    assert "对阵图" in wb.sheetnames
    seeds = [r for r in sheet_rows(path, "晋级名单")[2:] if r[0]]
    assert [(r[0], r[1]) for r in seeds] == [(p.seed, p.no) for p in ko.players]
    notes = {r["序号"]: r["备注"] for r in standings_sheet(path)}
    assert all(notes[p.no] == f"晋级淘汰赛（种子{p.seed}）" for p in ko.players)
    with pytest.raises(InputError) as e:
        qualify_knockout(book(path), 4)
    assert "晋级名单" in e.value.zh
    rng = random.Random(4)
    n = 0
    while not build_bracket(ko).finished:
        n += 1
        st = pair_next_round(book(path))
        assert st.ok and f"淘汰赛第{n}轮" in st.message_zh, st.lines()
        ko = raised(ko)
        rnd = pair_round(ko).round
        ko = ko.with_round(rnd)
        wb = openpyxl.load_workbook(path)
        view_ws = wb[f"淘汰赛第{n}轮"]
        hr, h = header_map(view_ws, "结果")
        pairs = {
            view_ws.cell(row=r, column=1).value: (
                view_ws.cell(row=r, column=h["序号"][0]).value,
                view_ws.cell(row=r, column=h["序号"][1]).value,
            )
            for r in range(hr + 1, view_ws.max_row + 1)
            if isinstance(view_ws.cell(row=r, column=1).value, int)
        }
        assert pairs == {b.board: (b.red, b.black) for b in rnd.boards}
        decisive(rnd, rng, draws=0.3 if n == 1 else 0)
        res = {b.board: {"red_win": "红胜", "black_win": "黑胜", "draw": "和"}[b.result] for b in rnd.boards}
        for r in range(hr + 1, view_ws.max_row + 1):
            board = view_ws.cell(row=r, column=1).value
            if board in res:
                view_ws.cell(row=r, column=h["结果"][0]).value = res[board]
        wb.save(path)
        assert n < 20
    st = recompute(book(path))
    assert st.ok and "淘汰赛冠军" in st.message_zh, st.lines()
    assert read_workbook(book(path)).ko.event.rounds == ko.rounds
    final = combined_ranking(swiss, ko)
    rows = [r for r in sheet_rows(path, "最终名次")[2:] if r[0] is not None]
    assert [(r[0], r[1]) for r in rows] == [(f.rank, f.no) for f in final]
    champion = ko.player(build_bracket(ko).champion).name
    assert champion in sheet_rows(path, "对阵图")[0][0]
    assert_second_recompute_writes_nothing(path)
    # the same through the JSON path: standings of the Swiss, the knockout and the final order
    got = cli_json(capsys, "standings", path)
    save_event(swiss, tmp_path / "swiss.json")
    save_event(ko, tmp_path / "ko.json")
    assert got["standings"] == cli_json(capsys, "standings", tmp_path / "swiss.json")["standings"]
    assert got["knockout"] == cli_json(capsys, "standings", tmp_path / "ko.json")
    assert got["combined"] == cli_json(capsys, "standings", tmp_path / "ko.json", "--with", tmp_path / "swiss.json")


# ---------------------------------------------------------------- 积分末位淘汰


@pytest.mark.slow
def test_elimination_of_the_lowest_scorers(tmp_path, capsys):
    path = tmp_path / "elim.xlsx"
    settings = with_elimination(EventSettings(name="末位淘汰赛", rounds=6), [(2, 2), (4, 5)])
    create_event_workbook(path, players(16), settings)
    data = read_workbook(book(path))
    assert data.event.settings == settings
    cell = next(r[1] for r in sheet_rows(path, "设置") if r[0] == "末位淘汰")
    assert cell == "2:2, 4:5"
    model = Event(settings=settings, players=players(16))
    for n in range(1, 7):
        st = pair_next_round(book(path))
        assert st.ok, st.lines()
        rnd = pair_round(model).round
        model = model.with_round(rnd)
        _, view = open_round(path, n)
        assert view.pairs() == {b.board: (b.red, b.black) for b in rnd.boards}
        if n == 3:
            assert "积分末位淘汰" in st.message_zh
        fill_results(rnd, random.Random(n))
        write_results(path, n, {b.board: b.result for b in rnd.boards}, random.Random(n))
    st = recompute(book(path))
    assert st.ok
    from xlxq.core.combined import elimination_rounds

    gone = elimination_rounds(model)
    assert gone and len(model.rounds[-1].players()) == 16 - len(gone)
    want = compute_standings(model)
    got = standings_sheet(path)
    assert [(r["名次"], r["序号"], r["积分"], r["累进分"]) for r in got] == [
        (w.rank, w.no, w.score, w.tiebreaks["cumulative"]) for w in want
    ]
    for r in got:
        if r["序号"] in gone:
            assert f"第{gone[r['序号']]}轮后淘汰" in r["备注"]
        else:
            assert r["备注"] is None
    eliminated = [p for p in st.details if p.code == "eliminated"]
    assert {p.row for p in eliminated} == {data.registration.rows[no] for no in gone}
    # a hand edit pairing an eliminated player is flagged
    wb, view = open_round(path, 6)
    row = view.rows()[1]
    out = min(gone)
    view.set(row, "red_no", out)
    view.set(row, "red_name", None)
    wb.save(path)
    st = recompute(book(path))
    flagged = next(p for p in st.details if p.code == "withdrawn" and p.row == row)
    name = model.player(out).name
    assert flagged.message("zh") == f"第6轮：{name}（{out}号）已于第{gone[out]}轮后积分末位淘汰，却被编排"
    assert flagged.message("en") == f"round 6: player {out} was eliminated after round {gone[out]} but is paired"
    assert flagged.message("zh-Hant") == f"第6輪：{name}（{out}號）已於第{gone[out]}輪後積分末位淘汰，卻被編排"
    # CLI JSON: eliminated_after as for the JSON file
    view.set(row, "red_no", model.rounds[5].boards[0].red)
    wb.save(path)
    save_event(model, tmp_path / "elim.json")
    assert cli_json(capsys, "standings", path) == cli_json(capsys, "standings", tmp_path / "elim.json")


# ---------------------------------------------------------------- settings and the CLI


def test_system_settings_rows_and_errors(tmp_path):
    path = tmp_path / "s.xlsx"
    create_event_workbook(path, players(6), EventSettings(name="设置", rounds=5))
    rows = {r[0]: r for r in sheet_rows(path, "设置")}
    for label in ("赛制", "每场局数", "加赛局数", "加赛决胜局", "末位淘汰", "晋圈人数", "晋圈并列", "循环赛退赛处理"):
        assert label in rows
    wb = openpyxl.load_workbook(path)
    ws = wb["设置"]
    at = {ws.cell(row=r, column=1).value: r for r in range(1, ws.max_row + 1)}
    ws.cell(row=at["赛制"], column=2).value = "双循环"
    ws.cell(row=at["每场局数"], column=2).value = 2
    ws.cell(row=at["排名方法"], column=2).value = "局分总和、胜局、直胜"
    ws.cell(row=at["末位淘汰"], column=2).value = "3:2"
    wb.save(path)
    data = read_workbook(book(path))
    s = data.event.settings
    assert (s.system, s.games_per_match, s.rounds, s.tiebreaks) == (
        "double_round_robin",
        2,
        20,
        ["game_points", "wins", "direct"],
    )
    assert s.pairing.elimination == ()
    assert any(p.code == "unused_setting" and p.row == at["末位淘汰"] for p in data.problems)
    for label, value, needle in (
        ("排名方法", "对手分、胜局", "对手分"),
        ("加赛局数", "两局", "加赛局数"),
        ("赛制", "车轮战", "赛制"),
        ("晋圈人数", 1, "晋圈人数"),
    ):
        wb = openpyxl.load_workbook(path)
        ws = wb["设置"]
        old = ws.cell(row=at[label], column=2).value
        ws.cell(row=at[label], column=2).value = value
        wb.save(path)
        before = path.read_bytes()
        with pytest.raises(InputError) as e:
            schedule_round_robin(book(path))
        assert "设置" in e.value.zh and f"第{at[label]}行" in e.value.zh and needle in e.value.zh, e.value.zh
        assert path.read_bytes() == before
        ws.cell(row=at[label], column=2).value = old
        wb.save(path)
    # an Excel time in 末位淘汰 (3:02 typed as 3:2) reads as 3:2
    import datetime as dt

    wb = openpyxl.load_workbook(path)
    wb["设置"].cell(row=at["赛制"], column=2).value = "Swiss"
    wb["设置"].cell(row=at["排名方法"], column=2).value = None
    wb["设置"].cell(row=at["末位淘汰"], column=2).value = dt.time(3, 2)
    wb.save(path)
    assert read_workbook(book(path)).event.settings.pairing.elimination == ((3, 2),)


def test_cli_schedule_pair_and_refusals_on_workbooks(tmp_path, capsys):
    from xlxq.cli import main

    rr = tmp_path / "rr.xlsx"
    create_event_workbook(rr, players(5), EventSettings(system="round_robin"))
    capsys.readouterr()
    assert main(["schedule", str(rr)]) == 0
    out = capsys.readouterr().out
    assert "第1–5轮" in out and "已保存到" in out
    assert openpyxl.load_workbook(rr).sheetnames[2:7] == [f"第{n}轮" for n in range(1, 6)]
    assert main(["pair", str(rr)]) == 2
    assert "已编排完毕" in capsys.readouterr().err
    assert main(["crosstable", str(rr)]) == 0
    assert "交叉表" in capsys.readouterr().out
    ko = tmp_path / "ko.xlsx"
    create_event_workbook(ko, players(6, seeds=2), EventSettings(system="knockout"))
    assert main(["schedule", str(ko)]) == 2
    assert "只用于单循环、双循环" in capsys.readouterr().err
    assert main(["pair", str(ko)]) == 0
    out = capsys.readouterr().out
    assert "1/4决赛" in out and "轮空" in out
    assert main(["qualify", str(ko), "--top", "2"]) == 2
    assert "只用于积分编排" in capsys.readouterr().err
    # qualify into a second workbook: the Swiss file stays as it was
    sw = tmp_path / "sw.xlsx"
    create_event_workbook(sw, players(6), EventSettings(rounds=3))
    for n in range(1, 4):
        assert pair_next_round(book(sw)).ok
        _, view = open_round(sw, n)
        write_results(sw, n, {b: RED_WIN for b in view.rows()}, random.Random(n))
    before = sw.read_bytes()
    assert main(["qualify", str(sw), str(tmp_path / "ko2.xlsx"), "--top", "2", "--on-tie", "number"]) == 0
    assert sw.read_bytes() == before
    assert "晋级名单" in openpyxl.load_workbook(tmp_path / "ko2.xlsx").sheetnames
    assert main(["qualify", str(sw), "--top", "2", "--games-per-match", "2"]) == 2
    assert "--games-per-match" in capsys.readouterr().err
