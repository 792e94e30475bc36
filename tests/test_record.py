"""The 编排记录 as steps (xlxq/core/steps.py) and its one printer
(xlxq/core/record_text.py): a hand-worked Swiss round's steps as data,
English records of every system, the team record with teams as entrants,
one printer behind the CLI and the workbook, ``explain --json``."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import openpyxl
import pytest

from tests.conftest import enter_results
from tests.helpers import card, make_event, search_group
from tests.test_systems import players
from tests.test_teams import make_event as make_team_event
from tests.test_workbook_support import book
from xlxq.backends.json_file import save_event
from xlxq.cli import main
from xlxq.core.model import Event, EventSettings
from xlxq.systems import pair_round
from xlxq.core.record_text import record_lines, record_text
from xlxq.core.records import HEADING_RE
from xlxq.core.simulate import fill_results
from xlxq.core.steps import Record, group_steps, swiss_round_record
from xlxq.systems import pair_and_seat
from xlxq.core.team_record import team_explain, team_round_record
from xlxq.core.teams import TeamEvent
from xlxq.sheets import layout as L
from xlxq.sheets.pages import unbroken
from xlxq.systems import get_system, system_for
from xlxq.operations.workbook import create_event_workbook
from tests.book_ops import explain, pair_next_round, schedule_round_robin

from tests.test_teams import fill


def chinese_outside_brackets(line: str) -> str:
    """The Chinese left in an English line once the clauses cited (方法(二)5,
    原则(四)) and the Chinese terms given in brackets are taken out."""
    line = re.sub(r"(方法|原则)\([^)]*\)[0-9/–]*", "", line)
    while True:
        out = re.sub(r"\([^()]*\)", "", line)
        if out == line:
            break
        line = out
    return "".join(re.findall(r"[\u4e00-\u9fff]", line))


def float_down_event():
    """Round 2 of 8 (2/1/0 points): 1–2 1-0, 4–3 0-1, 5–6 =, 8–7 1-0."""
    ev = make_event(8, [[(1, 2, "1-0"), (4, 3, "0-1"), (5, 6, "="), (8, 7, "1-0")]])
    return ev.with_round(pair_round(ev).round)


def test_swiss_steps_as_data_hand_worked():
    """2 分段 {8, 3, 1}: 3 alone in 要先行, 8 and 1 in 要后行 (双轮次大号在前);
    8 is 先编者 by number (方法(二)5), takes 3 同位, 3 has red (方法(四)1
    少先者先走); 1 is left and floats (方法(三)6).  1 分段 {1↓, 6, 5}: 1 先编
    by score (方法(二)1), 同位 6, 6 red; 5 floats.  0 分段 {5↓, 7, 4, 2}: 5 by
    score takes 7 同位 (7 red), then 4 (方法(二)5) takes 2 同位 (2 red)."""
    rec = swiss_round_record(float_down_event(), 2)
    groups = rec.of_kind("group")
    assert [(g["score"], g["size"], g["incoming"], g.clause) for g in groups] == [
        (2, 3, [], "原则(四)"),
        (1, 3, [1], "原则(四)"),
        (0, 4, [5], "原则(四)"),
    ]
    rows = rec.of_kind("row")
    assert [[c["no"] for c in r["cards"]] for r in rows[:2]] == [[3], [8, 1]]
    assert [r["row"] for r in rows[:2]] == ["red", "black"]
    pairs = [
        (p.clause, p["picker"], p["partner"], p["form"], p["red"], p["black"], p["colour_clause"])
        for p in rec.of_kind("pair")
    ]
    assert pairs == [
        ("方法(二)5", 8, 3, "same_position", 3, 8, "方法(四)1"),
        ("方法(二)1", 1, 6, "same_position", 6, 1, "方法(四)1"),
        ("方法(二)1", 5, 7, "same_position", 7, 5, "方法(四)1"),
        ("方法(二)5", 4, 2, "same_position", 2, 4, "方法(四)1"),
    ]
    floats = rec.of_kind("float")
    assert [(f.clause, f["player"], f["alone"]) for f in floats] == [("方法(三)6", 1, True), ("方法(三)6", 5, True)]
    assert rec.kinds()[:2] == ["method", "group"] and rec.kinds()[-1] == "pairings"
    assert rec.of_kind("pairings")[0]["boards"] == [[1, 3, 8, None], [2, 6, 1, None], [3, 7, 5, None], [4, 2, 4, None]]
    assert not rec.of_kind("differs")


def test_swiss_steps_of_a_backtracked_group():
    """方法(五)1 (tests/test_pairing_method.py): rows 要先行 [1, 3], 要后行 [2, 4]
    (odd round, small first).  同位 1–2 would leave 3–4, who have met: the
    search undoes it (拆对) and 1 takes 4 错位, passing over 2 for the
    拆对; then 2 (the next 先编者 by number) takes 3 同位.  Both colours by
    方法(四)1 (少先 has red).  The search
    step shows the first pairing floating two, the one kept none."""
    cards = [card(1, 2, "B"), card(3, 2, "B", met={4}), card(2, 2, "R"), card(4, 2, "R", met={3})]
    low = [card(5, 0, "R"), card(6, 0, "B")]
    gs, res = search_group(cards, round_no=3, lowest=False, lower=[5, 6], all_cards=cards + low)
    rec = Record(3, "")
    group_steps(gs, res, [], 3, rec)
    assert rec.kinds() == ["group", "row", "row", "pair", "pair", "search"]
    assert [[c["no"] for c in r["cards"]] for r in rec.of_kind("row")] == [[1, 3], [2, 4]]
    got = [(p.clause, p["picker"], p["partner"], p["form"], p["skipped"], p["red"]) for p in rec.of_kind("pair")]
    assert got == [
        ("方法(二)5", 1, 4, "shifted", [{"no": 2, "why": "backtrack"}], 1),
        ("方法(二)5", 2, 3, "same_position", [], 3),
    ]
    search = rec.of_kind("search")[0]
    assert search.clause == "方法(五)" and search["first"]["floats"] == 2 and search["chosen"]["floats"] == 0
    zh = record_lines(rec, "zh")
    assert (
        "  1. 先编者 1号（方法(二)5 单轮次小号先编）错位配对 4号：红 1 黑 4（方法(四)1 少先者先走）；跳过 2（拆对）"
        in zh
    )
    en = record_lines(rec, "en")
    assert any("pairs shifted (错位) with 4" in ln and "passed over 2 (backtracking (拆对))" in ln for ln in en), en


def test_swiss_steps_wait_defer_and_bye():
    """Round 2 of 5 players after 1–2 1-0, 3–4 1-0 (5 had the bye): the
    lowest group gets the bye (原则(五)); every bye step names the player
    who has it, and that player is the round's bye."""
    ev = make_event(5, [[(1, 2, "1-0"), (3, 4, "1-0")]], byes={1: [5]})
    out = pair_round(ev)
    rec = swiss_round_record(ev.with_round(out.round), 2)
    byes = rec.of_kind("bye")
    assert [(b.clause, b["player"]) for b in byes] == [("原则(五)", n) for n in out.round.byes]
    assert byes and byes[0]["player"] != 5  # 5 has had the bye


def test_zh_and_en_swiss_lines():
    ev = float_down_event()
    zh = get_system("swiss").explain(ev, 2, "zh")
    assert zh[0].startswith("第2轮编排记录")
    assert "  1. 先编者 8号棋手8（方法(二)5 双轮次大号先编）同位配对 3号棋手3：红 3 黑 8（方法(四)1 少先者先走）" in zh
    ev = replace(ev, players=[replace(p, name=f"P{p.no}") for p in ev.players])
    en = get_system("swiss").explain(ev, 2, "en")
    assert en[0].startswith("Round 2 record")
    assert not any(chinese_outside_brackets(ln) for ln in en), en
    text = "\n".join(en)
    # the terms with their Chinese once, the clause on every step
    for term in ("score group (积分段)", '"must have red" row (要先行)', '"must have black" row (要后行)'):
        assert text.count(term) == 1, term
    assert "first picker (先编者)" in text and "same position (同位)" in text and "floats down (下调)" in text
    steps = [ln for ln in en if ln.startswith("  ") and not ln.startswith("  board")]
    assert steps and all("方法(" in ln or "原则(" in ln for ln in steps), steps


def test_group_record_same_lines_as_the_round_record():
    ev = float_down_event()
    out = pair_round(ev.as_paired(2), 2)
    from xlxq.core.explain import group_record

    g = out.groups[0]
    names = {p.no: p.name for p in ev.players}
    lines = get_system("swiss").explain(ev, 2, "zh")
    got = group_record(g.search, g.result, g.incoming, 2, names)
    assert got == lines[2 : 2 + len(got)]


@pytest.mark.parametrize("system", ["round_robin", "double_round_robin", "knockout"])
def test_en_records_of_the_table_and_the_bracket(system):
    ps = [replace(p, name=f"P{p.no}") for p in players(7, seeds=2)]

    s = EventSettings(system=system, rounds=get_system(system).planned_rounds(7, EventSettings(system=system)))
    ev = Event(s, ps)
    rng = random.Random(3)
    for _ in range(2):
        out = get_system(system).pair(ev)
        ev = ev.with_round(fill_results(out.round, rng))
    for n in (1, 2, 3):
        en = get_system(system).explain(ev, n, "en")
        zh = get_system(system).explain(ev, n, "zh")
        assert en[0] == f"Round {n} record (event)" and zh[0] == f"第{n}轮编排记录（赛事）"
        assert len(en) == len(zh)
        assert not any(chinese_outside_brackets(ln) for ln in en), en  # notes too
        if system != "knockout":
            assert any("(13.1)" in ln for ln in en)
        else:
            assert any("(13.4)" in ln or "(13.5)" in ln for ln in en)


def team_event(system: str, rounds: int = 3) -> TeamEvent:
    rng = random.Random(5)
    boards = rounds if system == "scheveningen" else 4
    ev = make_team_event(6 if system != "scheveningen" else 2, boards=boards, system=system, rounds=rounds)
    ev = replace(
        ev,
        teams=[replace(t, name=f"T{t.no}") for t in ev.teams],
        players=[replace(p, name=f"P{p.no}", unit="") for p in ev.players],
    )
    for n in range(1, rounds):
        ev, _ = pair_and_seat(ev, n)
        fill(ev, n, rng)
    return ev


@pytest.mark.parametrize("system", ["swiss", "round_robin", "scheveningen"])
def test_team_records_zh_and_en(system):
    ev = team_event(system)
    for n in (1, 2, 3):
        zh = team_explain(ev, n, system_for(ev.settings), "zh")
        en = team_explain(ev, n, system_for(ev.settings), "en")
        assert zh[0] == f"第{n}轮编排记录（赛事）" and en[0] == f"Round {n} record (event)"
        assert not any(chinese_outside_brackets(ln) for ln in en), en  # notes too
        assert any(ln.startswith("matches:") for ln in en)
    if system == "swiss":
        zh = "\n".join(team_explain(ev, 2, system_for(ev.settings), "zh"))
        en = "\n".join(team_explain(ev, 2, system_for(ev.settings), "en"))
        # teams are the entrants: 7队, 先走/后走; "team 7", first/second
        steps = zh.split("对阵：")[0]
        assert "积分段" in steps and "队（T" in steps and "：先走 " in steps
        assert not re.search(r"\d号|\d 号|红 \d", steps)
        steps = en.split("matches:")[0].split("\n", 3)[3]
        assert "team " in steps and "first picker (先编者)" in en and not re.search(r"\bred\b", steps)
        rec = team_round_record(ev, 2, system_for(ev.settings))
        assert rec.entrant == "team" and rec.of_kind("pair")
        assert {p["picker"] for p in rec.of_kind("pair")} <= {t.no for t in ev.teams}
    if system == "scheveningen":
        assert "Scheveningen (全队轮赛制)" in "\n".join(team_explain(ev, 2, system_for(ev.settings), "en"))


def test_team_sheet_record_keeps_its_wording():
    """The team workbook's 编排记录 sheet: its heading default (团体赛), the
    individual wording of the steps (号, 红/黑), the matches with 先走/后走."""
    ev = team_event("swiss")
    zh = record_text(team_round_record(ev, 2, system_for(ev.settings), style="sheet"), "zh").splitlines()
    assert zh[0] == "第2轮编排记录（团体赛）"
    assert zh[1].startswith("团体定位编排（以队为单位，按场分分段），双轮次：大号在前")
    assert any("号" in ln and "红 " in ln for ln in zh)
    assert any(ln.startswith("  第1场  ") and ln.endswith("（后走）") for ln in zh)


def test_one_printer_for_cli_json_file_and_workbook(tmp_path, capsys, monkeypatch):
    """``xlxq explain`` on a JSON file, the workbook's explain (its message
    text and its 编排记录 block) give the printer's lines of the same
    record, in either language."""
    for lang in ("zh", "en"):
        monkeypatch.setenv("XLXQ_LANG", lang)
        path = tmp_path / f"{lang}.xlsx"
        create_event_workbook(path, players(6), EventSettings(system="round_robin"))
        assert schedule_round_robin(book(path)).ok
        st = explain(book(path), 2)
        want = get_system("round_robin").explain(st.event, 2, lang)
        assert st.text.splitlines() == want
        ws = openpyxl.load_workbook(path)[L.SHEET_NAMES[L.LOG]["zh"]]
        col = [unbroken(c.value) if c.value else c.value for c in ws["A"]]
        start = next(i for i, v in enumerate(col) if v and HEADING_RE.match(v) and v == want[0])
        assert col[start : start + len(want)] == want
        f = tmp_path / f"{lang}.json"
        save_event(st.event, f)
        capsys.readouterr()
        assert main(["explain", str(f), "--round", "2"]) == 0
        assert capsys.readouterr().out.splitlines() == want


def test_swiss_workbook_record_is_the_printers(tmp_path, monkeypatch):
    monkeypatch.setenv("XLXQ_LANG", "en")
    path = tmp_path / "s.xlsx"
    create_event_workbook(path, players(8), EventSettings(rounds=5))
    assert pair_next_round(book(path)).ok
    st = explain(book(path), 1)
    assert st.text.splitlines() == record_lines(swiss_round_record(st.event, 1), "en")
    assert st.text.startswith("Round 1 record") and "(方法(一))" in st.text


def test_explain_json(tmp_path, capsys):
    ev = float_down_event()
    f = tmp_path / "e.json"
    save_event(ev, f)
    capsys.readouterr()
    assert main(["explain", str(f), "--round", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["round"] == 2 and data["entrant"] == "player"
    kinds = [s["kind"] for s in data["steps"]]
    assert kinds.count("group") == 3 and kinds[-1] == "pairings"
    first = next(s for s in data["steps"] if s["kind"] == "pair")
    assert (first["clause"], first["picker"], first["partner"], first["colour"]) == ("方法(二)5", 8, 3, "m4.1")
    # the data renders to the same record
    assert data == swiss_round_record(ev, 2).data()


def test_record_heading_found_in_both_languages():
    for lang in ("zh", "en"):
        for stage in ("main", "ko"):
            head = record_lines(Record(3, "x", stage=stage), lang)[0]
            m = HEADING_RE.match(head)
            assert m is not None and int(m.group(2) or m.group(3)) == 3 and bool(m.group(1)) == (stage == "ko")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_team_workbook_record_is_the_printers(tmp_path, monkeypatch, lang):
    """The team workbook's 编排记录: written when a round is paired and again
    by explain, the printer's lines of the sheet-style record, one block a
    round in either language."""
    from xlxq.operations import team_workbook as TW
    from tests import book_ops as B
    from xlxq.sheets.read import read_team_workbook

    monkeypatch.setenv("XLXQ_LANG", lang)
    ev = TW.demo_event(6, 4, reserves=1, rounds=4)
    path = TW.create_team_workbook(tmp_path / "t.xlsx", ev, ev.settings)
    for _ in (1, 2):
        assert B.team_pair_next_round(book(path)).ok
        enter_results(path)  # played: the next round may be paired
    st = B.team_explain(book(path), 2)
    want = record_lines(team_round_record(st.event, 2, system_for(st.event.settings), style="sheet"), lang)
    assert st.text.splitlines() == want and want[0].startswith("Round 2" if lang == "en" else "第2轮")
    sheet = read_team_workbook(book(path)).log_sheet
    col = [unbroken(c.value) if c.value else c.value for c in openpyxl.load_workbook(path)[sheet]["A"]]
    heads = [v for v in col if v and HEADING_RE.match(v)]
    assert len(heads) == len(set(heads)) == 2 and want[0] in heads
    assert col[col.index(want[0]) : col.index(want[0]) + len(want)] == want


def test_team_log_keeps_one_blank_line_under_its_heading(tmp_path):
    """The team workbook's 编排记录 is written by the individual workbook's
    writer: the lines above the first block (the template's heading) are
    kept with one empty line after them however often a round is written;
    before, the team copy added an empty line there on every write."""
    from tests import book_ops as B
    from xlxq.operations import team_workbook as TW
    from xlxq.sheets.read import read_team_workbook

    ev = TW.demo_event(6, 4, reserves=1, rounds=4)
    path = TW.create_team_workbook(tmp_path / "t.xlsx", ev, ev.settings)

    def column() -> list:
        sheet = read_team_workbook(book(path)).log_sheet
        return [c.value for c in openpyxl.load_workbook(path)[sheet]["A"]]

    for _ in (1, 2, 3):
        assert B.team_pair_next_round(book(path)).ok
        enter_results(path)  # played: the next round may be paired
    once = column()
    assert B.team_explain(book(path), 2).ok and B.team_explain(book(path), 3).ok
    col = column()
    first = next(i for i, v in enumerate(col) if v and HEADING_RE.match(v))
    assert col[:first] == ["编排记录", None] and once[:first] == col[:first]
    heads = [v for v in col if v and HEADING_RE.match(v)]
    assert [HEADING_RE.match(h).group(2) for h in heads] == ["1", "2", "3"]
    assert col == once


def test_the_book_operations_take_the_language_passed_in(tmp_path, monkeypatch):
    """The language of the 编排记录 and the message texts is the caller's
    (the CLI's ``language()``, the button's), not read from the environment
    inside the operation: with XLXQ_LANG=zh, ``text_lang="en"`` writes the
    English record, and the default still follows the environment."""
    monkeypatch.setenv("XLXQ_LANG", "zh")
    path = tmp_path / "s.xlsx"
    create_event_workbook(path, players(8), EventSettings(rounds=5))
    st = pair_next_round(book(path), "en")
    assert st.ok
    ws = openpyxl.load_workbook(path)[L.SHEET_NAMES[L.LOG]["zh"]]
    col = [c.value for c in ws["A"] if c.value]
    assert any(v.startswith("Round 1 record") for v in col)
    assert not any(v.startswith("第1轮编排记录") for v in col)
    assert explain(book(path), 1, text_lang="en").text.startswith("Round 1 record")
    assert explain(book(path), 1).text.startswith("第1轮编排记录")
