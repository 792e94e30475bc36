"""原则(一) and (二) (issue 8 §4): a Swiss planned for fewer than seven rounds,
or for more than its field can pair, is warned about (never refused) by
`xlxq new`, by `pair` of round 1 and by the workbook (设置's 轮数 row and the
status message); an odd field is noted in the round-1 message.  Players and
teams alike."""

from __future__ import annotations

import openpyxl

from tests.cli_support import ROOT, load, run
from tests.test_workbook_support import fill_of, new_event

from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.core.checks import max_swiss_rounds, odd_field_msg, round_count_msgs
from xlxq.sheets.pages import unbroken
from tests.book_ops import pair_next_round, recompute

SAMPLE = ROOT / "samples" / "registration.csv"
TEAMS = ROOT / "samples" / "teams.csv"
FEW = "少于七轮（原则(二)：积分编排最低不得少于七轮，以减少偶然性）"


def test_bounds_and_messages():
    # even: everyone meets the other n−1 once; odd: the other n−1 once and one bye each (a full round robin)
    assert [max_swiss_rounds(n) for n in (2, 3, 4, 5, 13, 24)] == [1, 3, 3, 5, 13, 23]
    assert round_count_msgs(24, 7) == [] and round_count_msgs(24, 23) == []
    assert round_count_msgs(13, 13) == []
    (m,) = round_count_msgs(24, 5)
    assert m.render("zh") == "计划5轮，" + FEW
    assert m.render("en") == "5 rounds planned: fewer than seven (原则(二): at least seven rounds, to reduce chance)"
    (m,) = round_count_msgs(24, 24)
    assert (
        m.render("zh")
        == "计划24轮，超过24名棋手积分编排最多能编排的23轮（每人遇其余23人各一次），其后各轮将无法不重复相遇地编排（原则(六)）"
    )
    (m,) = round_count_msgs(13, 14)
    assert "最多能编排的13轮（单数，每人遇其余12人各一次、轮空一次）" in m.render("zh")
    (m,) = round_count_msgs(5, 5)  # the field is too small for seven
    assert m.render("zh") == "计划5轮，" + FEW + "；5名棋手最多只能编排5轮"
    assert round_count_msgs(5, 6)[0].render("zh").startswith("计划6轮，超过5名棋手")
    assert len(round_count_msgs(5, 6)) == 2
    (m,) = round_count_msgs(6, 4, team=True)
    assert m.render("zh") == "计划4轮，" + FEW + "；6支队伍最多只能编排5轮"
    assert odd_field_msg(24) is None
    odd, odd_team = odd_field_msg(13), odd_field_msg(7, team=True)
    assert odd is not None and odd_team is not None
    assert odd.render("zh") == "参赛13名棋手为单数，每轮一人轮空（原则(一)：参赛运动员数宜为双数）"
    assert odd_team.render("zh") == "参赛7支队伍为单数，每轮一队轮空（原则(一)：参赛队数宜为双数）"


def test_new_warns_and_writes(tmp_path):
    f = tmp_path / "a.json"
    p = run("new", f, "--players", SAMPLE, "--rounds", 5, check_rc=0)
    assert f"警告：计划5轮，{FEW}" in p.out and load(f)["event"]["rounds"] == 5
    g = tmp_path / "b.json"
    p = run("new", g, "--players", SAMPLE, "--rounds", 30, check_rc=0)  # warned, not refused
    assert "警告：计划30轮，超过24名棋手积分编排最多能编排的23轮" in p.out and load(g)["event"]["rounds"] == 30
    p = run("new", tmp_path / "c.json", "--players", SAMPLE, "--rounds", 9, check_rc=0)
    assert "警告" not in p.out
    p = run("new", tmp_path / "d.json", "--players", SAMPLE, "--rounds", 4, lang="en", check_rc=0)
    assert "warning: 4 rounds planned: fewer than seven" in p.out


def test_pair_round_1_warns_and_notes_an_odd_field(tmp_path):
    reg = tmp_path / "r.csv"
    reg.write_text("姓名\n" + "".join(f"P{i}\n" for i in range(1, 6)), encoding="utf-8")
    f = tmp_path / "e.json"
    p = run("new", f, "--players", reg, check_rc=0)  # default: min(7, 5) = 5 rounds
    assert f"警告：计划5轮，{FEW}；5名棋手最多只能编排5轮" in p.out
    p = run("pair", f, check_rc=0)
    assert f"警告：计划5轮，{FEW}；5名棋手最多只能编排5轮" in p.out
    assert "说明：参赛5名棋手为单数，每轮一人轮空（原则(一)：参赛运动员数宜为双数）" in p.out
    assert len(load(f)["rounds"]) == 1
    d = load(f)
    for b in d["rounds"][0]["boards"]:
        b["result"] = "draw"
    f.write_text(__import__("json").dumps(d, ensure_ascii=False), encoding="utf-8")
    p = run("pair", f, check_rc=0)  # said once, in round 1
    assert "警告" not in p.out and "原则(一)" not in p.out
    # an even field planned for seven: nothing to say
    g = tmp_path / "g.json"
    run("new", g, "--players", SAMPLE, check_rc=0)
    p = run("pair", g, check_rc=0)
    assert "警告" not in p.out and "原则(一)" not in p.out


def test_team_swiss_new_and_round_1(tmp_path):
    f = tmp_path / "t.json"
    p = run("new", f, "--teams", TEAMS, "--boards", 4, "--rounds", 9, check_rc=0)  # 8 teams: at most 7
    assert "警告：计划9轮，超过8支队伍积分编排最多能编排的7轮（每队遇其余7队各一次）" in p.out
    p = run("pair", f, check_rc=0)
    assert "警告：计划9轮，超过8支队伍" in p.out and "原则(一)" not in p.out


def test_workbook_warns_in_the_status_and_on_the_rounds_row(tmp_path):
    _, path = new_event(tmp_path / "w.xlsx", rounds=5)  # 24 players, 5 rounds
    st = pair_next_round(OpenpyxlBook(path))
    assert st.ok  # a warning never blocks
    assert f"；注意：计划5轮，{FEW}" in st.message_zh
    assert "; warning: 5 rounds planned: fewer than seven" in st.message_en
    assert "原则(一)" not in st.message_zh  # 24: even
    ws = openpyxl.load_workbook(path)["设置"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "轮数")
    assert unbroken(ws.cell(row, 3).value) == f"注意：计划5轮，{FEW}"  # 轮数's 说明 says why
    assert fill_of(path, "设置", row, 2) == "#FFEB9C"  # the value cell, yellow
    assert "第1轮" in openpyxl.load_workbook(path).sheetnames
    # the arbiter sets 7 rounds: the warning, its note and its colour go
    wb = openpyxl.load_workbook(path)
    wb["设置"].cell(row, 2).value = 7
    wb.save(path)
    st = recompute(OpenpyxlBook(path))
    assert "警告" not in st.message_zh and not [p for p in st.details if p.code == "rounds_plan"]
    ws = openpyxl.load_workbook(path)["设置"]
    from xlxq.sheets.layout import SETTINGS_BY_KEY

    assert ws.cell(row, 3).value == SETTINGS_BY_KEY["rounds"].help_zh
    assert fill_of(path, "设置", row, 2) is None


def test_workbook_odd_field_note_on_the_bye_row(tmp_path):
    from xlxq.core.model import EventSettings, Player
    from xlxq.operations.workbook import create_event_workbook

    path = create_event_workbook(
        tmp_path / "o.xlsx", [Player(i, f"P{i}") for i in range(1, 14)], EventSettings(name="单数", rounds=9)
    )
    st = pair_next_round(OpenpyxlBook(path))
    assert st.ok and "警告" not in st.message_zh
    assert "；说明：参赛13名棋手为单数，每轮一人轮空（原则(一)：参赛运动员数宜为双数）" in st.message_zh
    ws = openpyxl.load_workbook(path)["第1轮"]
    bye = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "轮空")
    assert ws.cell(bye, 13).value == "参赛13名棋手为单数，每轮一人轮空（原则(一)：参赛运动员数宜为双数）"


def test_team_workbook_warns_and_notes_the_odd_team(tmp_path):
    from xlxq.operations.team_workbook import create_team_workbook, demo_event
    from tests.book_ops import team_pair_next_round as team_pair

    ev = demo_event(n_teams=5, boards=2, reserves=0, rounds=5)
    x = create_team_workbook(tmp_path / "t.xlsx", ev, ev.settings)
    st = team_pair(OpenpyxlBook(x))
    assert st.ok
    assert f"；注意：计划5轮，{FEW}；5支队伍最多只能编排5轮" in st.message_zh
    assert "；说明：参赛5支队伍为单数，每轮一队轮空（原则(一)：参赛队数宜为双数）" in st.message_zh
    wb = openpyxl.load_workbook(x)
    ws = wb["设置"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "轮数")
    assert unbroken(ws.cell(row, 3).value) == f"注意：计划5轮，{FEW}；5支队伍最多只能编排5轮"
    assert fill_of(x, "设置", row, 2) == "#FFEB9C"
    r1 = wb["第1轮"]
    bye = next(r for r in range(1, r1.max_row + 1) if r1.cell(r, 2).value == "轮空")
    note = [c.value for c in r1[2]].index("提示") + 1
    assert r1.cell(bye, note).value == "参赛5支队伍为单数，每轮一队轮空（原则(一)：参赛队数宜为双数）"


def test_rounds_below_the_rounds_played_are_refused_in_the_workbook(tmp_path):
    """Issue 21 §2.7: 轮数 lowered below the rounds already paired (2 with
    3 rounds), or 0, never pairs round 4: refused naming 设置 (the arbiter
    meant fewer rounds, or typed a slip: either way the plan is his to
    correct before a round more is made); 轮数 = 3 with 3 rounds: the event
    is over.  A blank 轮数 is the default (7), as in a new workbook."""
    from tests.cli_support import assert_bad_input
    from tests.conftest import SAMPLE, enter_results

    js, book = tmp_path / "e.json", tmp_path / "e.xlsx"
    run("new", js, "--players", SAMPLE, "--rounds", 7, check_rc=0)
    run("simulate", js, "--rounds", 3, "--seed", 1, check_rc=0)
    run("convert", js, book, check_rc=0)
    enter_results(book)
    wb = openpyxl.load_workbook(book)
    row = next(r for r in range(1, 30) if wb["设置"].cell(row=r, column=1).value == "轮数")
    for value, words in ((2, ("已有3轮", "轮数 2")), (0, ("轮数应为正整数", f"B{row}")), (3, ("已编排完毕",))):
        wb["设置"].cell(row=row, column=2).value = value
        f = tmp_path / f"r{value}.xlsx"
        wb.save(f)
        before = f.read_bytes()
        assert_bad_input(run("pair", f), *words)
        assert f.read_bytes() == before
