"""Workbook operations on real .xlsx files: demo, hand edits, highlights,
bad input, inserted columns and re-sorted rows, English workbooks, CLI."""

from __future__ import annotations

import datetime as dt
import random

import openpyxl
import pytest

from xlxq.core.model import EventSettings, PairingOptions, Scoring, StandingsOptions
from xlxq.systems import pair_round
from xlxq.core.simulate import fill_results
from xlxq.core.standings import compute_standings
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets.read import read_workbook
from xlxq.operations.workbook import check, create_event_workbook, demo
from tests.book_ops import explain, pair_next_round, recompute

from tests.test_workbook_support import (
    MemoryBook,
    RoundView,
    book,
    fill_of,
    header_map,
    new_event,
    open_round,
    sample_players,
    standings_sheet,
    write_results,
)


def _play(path, model, n, seed=None, lang="zh"):
    """Pair round n in the workbook and the model, type random results."""
    st = pair_next_round(book(path))
    assert st.ok, st.lines()
    rnd = pair_round(model).round
    model = model.with_round(rnd)
    fill_results(rnd, random.Random(seed if seed is not None else n))
    write_results(path, n, {b.board: b.result for b in rnd.boards}, random.Random(n), lang=lang)
    return model


# --------------------------------------------------------------------------


def test_demo_creates_a_workbook_with_round_1(tmp_path, capsys):
    path = demo(tmp_path)
    assert path == tmp_path / "xlxq-demo.xlsx" and path.exists()
    out = capsys.readouterr().out
    assert str(path) in out and "第1轮" in out
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[:5] == ["设置", "报名表", "第1轮", "成绩表", "编排记录"]
    assert wb["_xlxq"].sheet_state == "hidden"
    view = RoundView(wb["第1轮"])
    assert len(view.rows()) == 12
    assert view.pairs()[1] == (1, 2) and view.pairs()[2] == (4, 3)  # 近号, seeds on odd numbers
    reg = wb["报名表"]
    assert reg.cell(row=3, column=1).value == 1 and reg.cell(row=3, column=5).value == 1  # seed 1 is no 1
    assert "第1轮编排记录" in "".join(str(c.value) for c in wb["编排记录"]["A"])
    assert wb["第1轮"].freeze_panes == "A3"
    assert wb["第1轮"].print_title_rows == "$1:$2"
    assert demo(tmp_path).name == "xlxq-demo-2.xlsx"  # never overwrites
    capsys.readouterr()
    demo(tmp_path, "zh-Hant")  # its last line was English in zh-Hant (a lang == "zh" test)
    assert capsys.readouterr().out.splitlines()[-1] == f"演示工作簿：{tmp_path / 'xlxq-demo-3.xlsx'}"


def test_cli_demo_and_workbook_commands(tmp_path, capsys):
    from xlxq.cli import main

    assert main(["demo", str(tmp_path)]) == 0
    path = tmp_path / "xlxq-demo.xlsx"
    capsys.readouterr()
    wb, view = open_round(path, 1)
    for b, r in view.rows().items():
        view.set(r, "result", "1-0" if b % 2 else "和")
    wb.save(path)
    assert main(["standings", str(path)]) == 0
    out = capsys.readouterr().out
    assert "名次" in out and "成绩已计算" in out
    assert main(["standings", str(path), "--json"]) == 0
    assert '"standings"' in capsys.readouterr().out
    assert main(["pair", str(path)]) == 0
    assert "已编排第2轮" in capsys.readouterr().out
    assert main(["explain", str(path), "--round", "2"]) == 0
    assert "第2轮编排记录" in capsys.readouterr().out
    assert main(["check", str(path)]) == 0
    before = path.read_bytes()
    wb, view = open_round(path, 2)
    view.set(view.rows()[1], "result", "赢了")
    wb.save(path)
    before = path.read_bytes()
    assert main(["pair", str(path)]) == 2
    err = capsys.readouterr().err
    assert "第2轮" in err and "第3行" in err and "赢了" in err
    assert path.read_bytes() == before


def test_bad_input_names_sheet_and_row_and_writes_nothing(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=5)
    model = _play(path, model, 1)
    # unknown result text
    wb, view = open_round(path, 1)
    row = view.rows()[4]
    view.set(row, "result", "红赢了吧")
    wb.save(path)
    before = path.read_bytes()
    for op in (pair_next_round, explain):  # refused, nothing written, the message as before issue 10 §4
        with pytest.raises(InputError) as e:
            op(book(path))
        assert "第1轮" in e.value.zh and f"第{row}行" in e.value.zh and "红赢了吧" in e.value.zh
        assert f"row {row}" in e.value.en
        assert path.read_bytes() == before
    st = check(book(path))  # lists it, writes nothing
    assert not st.ok and st.bad_input and path.read_bytes() == before
    (p,) = [p for p in st.details if p.level == "blocking"]
    assert p.sheet == "第1轮" and p.row == row and "红赢了吧" in p.zh and p.cell == f"F{row}"
    st = recompute(book(path))  # marks the cell and fills its 提示; no standings
    assert not st.ok and "已标红：第1轮!F" in st.message_zh
    _, view2 = open_round(path, 1)
    assert "红赢了吧" in str(view2.get(row, "note"))
    view.set(row, "result", "和")
    # unknown 序号 on a board
    view.set(view.rows()[2], "black_no", 99)
    wb.save(path)
    before = path.read_bytes()
    with pytest.raises(InputError) as e:
        pair_next_round(book(path))
    assert "99" in e.value.zh and "不在报名表" in e.value.zh and f"第{view.rows()[2]}行" in e.value.zh
    assert path.read_bytes() == before
    view.set(view.rows()[2], "black_no", model.rounds[0].boards[1].black)
    wb.save(path)
    # duplicate 序号 in the registration
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表"]
    reg.cell(row=6, column=1).value = 1
    wb.save(path)
    before = path.read_bytes()
    with pytest.raises(InputError) as e:
        pair_next_round(book(path))
    assert "报名表" in e.value.zh and "序号 1 重复" in e.value.zh and "第6行" in e.value.zh
    assert path.read_bytes() == before


def test_highlights_and_notes_come_and_go(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=5)
    model = _play(path, model, 1)
    model = _play(path, model, 2)
    # hand edit: board 1 of round 2 becomes a rematch of round 1 board 1
    r1 = model.rounds[0].boards[0]
    wb, view = open_round(path, 2)
    row = view.rows()[1]
    old = (view.get(row, "red_no"), view.get(row, "black_no"))
    view.set(row, "red_no", r1.red)
    view.set(row, "red_name", None)
    view.set(row, "black_no", r1.black)
    view.set(row, "black_name", None)
    # ... and put the two displaced players together on the board they left
    others = {r1.red, r1.black} - set(old)
    displaced = [x for x in old if x not in (r1.red, r1.black)]
    for b, r in view.rows().items():
        if b == 1:
            continue
        for side in ("red", "black"):
            if view.get(r, f"{side}_no") in others:
                view.set(r, f"{side}_no", displaced.pop())
                view.set(r, f"{side}_name", None)
    wb.save(path)
    st = recompute(book(path))
    assert st.ok
    rematch = [p for p in st.details if p.code == "rematch"]
    assert rematch and rematch[0].sheet == "第2轮" and rematch[0].row == row
    assert fill_of(path, "第2轮", row, view.c["red_name"]) == L.ERROR_FILL
    wb, view = open_round(path, 2)
    assert "已相遇" in view.get(row, "note")
    assert view.get(row, "red_name") == model.player(r1.red).name  # names filled in from 序号
    # undo the edit: highlight and note cleared
    for b, r in view.rows().items():
        rb = next(x for x in model.rounds[1].boards if x.board == b)
        view.set(r, "red_no", rb.red)
        view.set(r, "black_no", rb.black)
        view.set(r, "red_name", None)
        view.set(r, "black_name", None)
    wb.save(path)
    st = recompute(book(path))
    assert not [p for p in st.details if p.level in ("error", "blocking")]
    assert fill_of(path, "第2轮", row, view.c["red_name"]) is None
    _, view = open_round(path, 2)
    assert view.get(row, "note") is None


def test_player_twice_blocks_until_fixed(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=5)
    model = _play(path, model, 1)
    standings_before = standings_sheet(path)
    wb, view = open_round(path, 1)
    rows = view.rows()
    keep = view.get(rows[3], "red_no")
    view.set(rows[3], "red_no", view.get(rows[1], "red_no"))
    view.set(rows[3], "red_name", None)
    wb.save(path)
    st = pair_next_round(book(path))
    assert not st.ok and "标红" in st.message_zh
    assert "第2轮" not in openpyxl.load_workbook(path).sheetnames
    assert fill_of(path, "第1轮", rows[3], view.c["red_no"]) == L.ERROR_FILL
    assert fill_of(path, "第1轮", rows[1], view.c["red_no"]) == L.ERROR_FILL
    assert standings_sheet(path) == standings_before  # not recomputed from bad data
    wb, view = open_round(path, 1)
    assert "出现2次" in view.get(rows[3], "note")
    view.set(rows[3], "red_no", keep)
    wb.save(path)
    assert recompute(book(path)).ok
    assert fill_of(path, "第1轮", rows[3], view.c["red_no"]) is None
    assert pair_next_round(book(path)).ok


def test_inserted_columns_and_resorted_rows(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=5)
    model = _play(path, model, 1)
    model = _play(path, model, 2)
    assert recompute(book(path)).ok
    before = standings_sheet(path)
    wb = openpyxl.load_workbook(path)
    # an extra column in the round sheet and in the registration
    ws = wb["第2轮"]
    ws.insert_cols(4)
    ws.cell(row=2, column=4).value = "裁判备注"
    reg = wb["报名表"]
    reg.insert_cols(2)
    reg.cell(row=2, column=2).value = "籍贯"
    # re-sort: round 2 by 台次 descending, registration by name
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=3, max_row=ws.max_row)]
    rows = [r for r in rows if isinstance(r[0], int)]
    rows.sort(key=lambda r: -r[0])
    for i, r in enumerate(rows, start=3):
        for j, v in enumerate(r, start=1):
            ws.cell(row=i, column=j).value = v
    ws.cell(row=5, column=4).value = "迟到5分钟"
    prow = [[c.value for c in r] for r in reg.iter_rows(min_row=3, max_row=reg.max_row)]
    prow.sort(key=lambda r: r[2])
    for i, r in enumerate(prow, start=3):
        for j, v in enumerate(r, start=1):
            reg.cell(row=i, column=j).value = v
    wb.save(path)
    st = recompute(book(path))
    # (the only warning: 5 rounds planned, fewer than seven — 原则(二), tests/test_round_plan.py)
    assert st.ok and [p.code for p in st.details if p.level != "info"] == ["rounds_plan"]
    assert standings_sheet(path) == before
    ws = openpyxl.load_workbook(path)["第2轮"]
    assert ws.cell(row=2, column=4).value == "裁判备注" and ws.cell(row=5, column=4).value == "迟到5分钟"
    assert ws.cell(row=3, column=1).value == max(r[0] for r in rows)  # still sorted descending
    model = _play(path, model, 3)
    data = read_workbook(book(path))
    assert data.event.rounds == model.rounds


def test_manual_results_survive_and_normalising_is_opt_in(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=5)
    pair_next_round(book(path))
    wb, view = open_round(path, 1)
    rows = view.rows()
    typed = {1: "1-0", 2: "½-½", 3: "2:0", 4: "黑弃权", 5: dt.time(2, 0), 6: " 和棋 "}
    for b, v in typed.items():
        view.set(rows[b], "result", v)
    view.set(rows[1], "fouls_red", 2)
    wb.save(path)
    assert recompute(book(path)).ok
    _, view = open_round(path, 1)
    assert view.get(rows[1], "result") == "1-0" and view.get(rows[2], "result") == "½-½"
    assert view.get(rows[4], "result") == "黑弃权" and view.get(rows[1], "fouls_red") == 2
    ev = read_workbook(book(path)).event
    assert [b.result for b in ev.rounds[0].boards[:6]] == [
        "red_win",
        "draw",
        "red_win",
        "red_win_forfeit",
        "red_win",
        "draw",
    ]
    # 结果规范化 = 是
    wb = openpyxl.load_workbook(path)
    ws = wb["设置"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(row=r, column=1).value == "结果规范化")
    ws.cell(row=row, column=2).value = "是"
    wb.save(path)
    assert recompute(book(path)).ok
    _, view = open_round(path, 1)
    assert [view.get(rows[b], "result") for b in range(1, 7)] == ["红胜", "和", "红胜", "红胜(弃权)", "红胜", "和"]
    assert view.get(rows[7], "result") is None


def test_second_recompute_writes_nothing(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=5)
    model = _play(path, model, 1)
    assert recompute(book(path)).ok
    mem = MemoryBook.from_file(path)
    assert recompute(mem).ok
    plan = mem.plans[-1]
    assert plan.values == [] and plan.add_sheets == []
    assert all(f.colour is not None for f in plan.fills)  # only header colours re-applied


def test_memory_backend_runs_an_event(tmp_path):
    """A backend with values and fills only (like xlwings' remote engine)."""
    model, path = new_event(tmp_path / "e.xlsx", rounds=4)
    mem = MemoryBook.from_file(path)
    rng = random.Random(5)
    for n in range(1, 5):
        assert pair_next_round(mem).ok
        rnd = pair_round(model).round
        model = model.with_round(rnd)
        fill_results(rnd, rng)
        name = f"第{n}轮"
        grid = mem.sheets[name]
        hdr = grid[1]
        bcol, rcol = hdr.index("台次"), hdr.index("结果")
        for row in grid[2:]:
            if isinstance(row[bcol], int):
                row[rcol] = {"red_win": "红胜", "black_win": "黑胜", "draw": "和"}[
                    next(b.result for b in rnd.boards if b.board == row[bcol])
                ]
    st = recompute(mem)
    assert st.ok
    want = compute_standings(model)
    assert [(r.no, r.score, r.tiebreaks) for r in st.data] == [(r.no, r.score, r.tiebreaks) for r in want]
    assert mem.order[:6] == ["设置", "报名表", "第1轮", "第2轮", "第3轮", "第4轮"]


def test_late_entry_and_withdrawal(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=6)
    model = _play(path, model, 1)
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表"]
    hr, h = header_map(reg, "姓名")
    new_row = reg.max_row + 1
    reg.cell(row=new_row, column=h["姓名"][0]).value = "新来者"
    reg.cell(row=new_row, column=h["单位"][0]).value = "天津棋院"
    wd_row = next(r for r in range(hr + 1, reg.max_row + 1) if reg.cell(row=r, column=1).value == 5)
    reg.cell(row=wd_row, column=h["退赛轮次"][0]).value = "退赛@2"
    wb.save(path)
    st = recompute(book(path))
    assert st.ok
    codes = {p.code: p for p in st.details}
    assert codes["numbered"].row == new_row and codes["late_entry"].row == new_row
    late = codes["late_entry"]  # a message in every language (繁體 was 简体: two f-strings)
    assert [late.message(x) for x in ("zh", "en", "zh-Hant")] == [
        "中途加入：前1轮未参赛，从第2轮起编排",
        "late entry: not in rounds 1–1; paired from round 2",
        "中途加入：前1輪未參賽，從第2輪起編排",
    ]
    assert codes["withdrawn"].row == wd_row
    reg = openpyxl.load_workbook(path)["报名表"]
    assert reg.cell(row=new_row, column=1).value == 25  # 序号 filled in
    assert "中途加入" in reg.cell(row=new_row, column=h["提示"][0]).value
    assert fill_of(path, "报名表", new_row, h["姓名"][0]) == L.INFO_FILL
    assert pair_next_round(book(path)).ok
    _, view = open_round(path, 2)
    playing = {x for p in view.pairs().values() for x in p}
    assert 25 in playing and 5 not in playing
    ev = read_workbook(book(path)).event
    assert ev.player(5).withdrawn_from_round == 2


def test_missing_player_is_flagged(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=5)
    model = _play(path, model, 1)
    pair_next_round(book(path))
    wb, view = open_round(path, 2)
    row = view.rows()[5]
    gone = view.get(row, "black_no")
    view.set(row, "black_no", None)
    view.set(row, "black_name", None)  # the red player now has a bye row
    wb.save(path)
    st = recompute(book(path))
    assert st.ok
    missing = [p for p in st.details if p.code == "missing"]
    assert missing and missing[0].sheet == "报名表"
    assert missing[0].row == read_workbook(book(path)).registration.rows[gone]
    assert any(p.code == "hand_bye" for p in st.details)


def test_english_workbook(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=3, lang="en")
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[:4] == ["Settings", "Registration", "Standings", "Pairing log"]
    for n in (1, 2, 3):
        model = _play(path, model, n, lang="en")
    st = recompute(book(path))
    assert st.ok
    rows = standings_sheet(path, "en")
    want = compute_standings(model)
    assert [(r["Rank"], r["No"], r["Pts"]) for r in rows] == [(w.rank, w.no, w.score) for w in want]
    assert "Opponents' score" in rows[0]
    ws = openpyxl.load_workbook(path)["Round 1"]
    assert ws.cell(row=2, column=1).value == "Board"


def test_settings_round_trip(tmp_path):
    settings = EventSettings(
        name="省赛",
        rounds=8,
        scoring=Scoring(win=3, draw=1, loss=0, bye=2),
        tiebreaks=["cumulative", "wins", "fouls"],
        first_round="random",
        first_round_seed=42,
        pairing=PairingOptions(
            colour_tie="round_parity",
            same_unit="every_round",
            first_round_colours="odd_number",
            forbidden_pairs=((1, 3),),
            forfeits_before_removal=2,
            picker="fewer_row",
        ),
        standings=StandingsOptions(bye_opp_score="zero", fallback_reading="round_score"),
    )
    for lang in ("zh", "en"):
        path = tmp_path / f"s-{lang}.xlsx"
        create_event_workbook(path, sample_players(), settings, lang=lang)
        data = read_workbook(book(path))
        assert data.event.settings == settings
        assert data.lang == lang
        assert pair_next_round(book(path)).ok
    with pytest.raises(InputError):
        create_event_workbook(tmp_path / "s-zh.xlsx", sample_players(), settings)


def test_bad_setting_names_the_row(tmp_path):
    _, path = new_event(tmp_path / "e.xlsx", rounds=5)
    wb = openpyxl.load_workbook(path)
    ws = wb["设置"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(row=r, column=1).value == "首轮配对")
    ws.cell(row=row, column=2).value = "乱配"
    wb.save(path)
    with pytest.raises(InputError) as e:
        pair_next_round(book(path))
    assert "设置" in e.value.zh and f"第{row}行" in e.value.zh and "近号" in e.value.zh


def test_forbidden_pairs_and_same_unit_typed_in_settings(tmp_path):
    """设置's 回避配对 row as an arbiter types it (full-width dash, 、, 与), and
    the old 同单位首轮回避 = 是 of a workbook made before issue 22; a bad pair
    names the row."""
    _, path = new_event(tmp_path / "e.xlsx", rounds=5)
    wb = openpyxl.load_workbook(path)
    ws = wb["设置"]
    rows = {ws.cell(row=r, column=1).value: r for r in range(1, ws.max_row + 1)}
    ws.cell(row=rows["回避配对"], column=2).value = "3－7、12与2"
    ws.cell(row=rows["同单位回避"], column=1).value = "同单位首轮回避"
    ws.cell(row=rows["同单位回避"], column=2).value = "是"
    ws.cell(row=rows["首轮先后手"], column=2).value = "上半区先手"
    wb.save(path)
    p = read_workbook(book(path)).event.settings.pairing
    assert (p.forbidden_pairs, p.same_unit, p.first_round_colours) == (((2, 12), (3, 7)), "round1", "top_half")
    ws.cell(row=rows["回避配对"], column=2).value = "3到7"
    wb.save(path)
    with pytest.raises(InputError) as e:
        pair_next_round(book(path))
    assert "回避配对" in e.value.zh and f"第{rows['回避配对']}行" in e.value.zh


def test_explain_replaces_the_rounds_block(tmp_path):
    model, path = new_event(tmp_path / "e.xlsx", rounds=5)
    model = _play(path, model, 1)
    model = _play(path, model, 2)
    st = explain(book(path), 2)
    assert st.ok and st.text.startswith("第2轮编排记录")
    st = explain(book(path))
    col = [c.value for c in openpyxl.load_workbook(path)["编排记录"]["A"]]
    heads = [v for v in col if isinstance(v, str) and v.startswith("第") and "轮编排记录" in v]
    assert [h[:3] for h in heads] == ["第1轮", "第2轮"]
    st = explain(book(path), 3)  # the next round, not yet paired
    assert "第3轮编排记录" in st.text
    with pytest.raises(InputError):
        explain(book(path), 7)
