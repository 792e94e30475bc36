"""The messages of core/, systems/, sheets/ and backends/ that were built
from two texts (a zh and an en f-string) are catalogue messages (issue 23
§2): a sheet's error (``sheet_error``), the registration's notes, the team
Swiss's findings, a system's label and the record headings.  A further
language (the pseudo-language ``qps``) renders them from its own catalogue,
繁體 renders 繁體 where the two texts gave 简体, and 简体 and English read
as before."""

from __future__ import annotations

import re
from dataclasses import replace

import openpyxl
import pytest

from tests.conftest import make_team_event
from tests.test_messages_not_pairs import outside
from xlxq.core import records
from xlxq.core.teams import Match, TeamRound
from xlxq.errors import InputError, SheetError
from xlxq.i18n import LANGS, Msg, catalogue, register_language, unregister_language
from xlxq.sheets import layout as L
from xlxq.sheets.cells import find_layout, sheet_error
from xlxq.sheets.problems import Problem
from xlxq.sheets.registration import read_registration, rule_numbers
from xlxq.systems import get_system, get_team_system, pair_and_seat
from xlxq.systems.keys import SYSTEM_KEYS


# ------------------------------------------------------------ sheet errors


def test_a_sheet_error_is_its_place_around_a_message(qps):
    err = sheet_error("报名表", 5, Msg("registration.no-players-registered"), "G5")
    assert isinstance(err, SheetError) and err.detail == Msg("registration.no-players-registered")
    assert (err.place.sheet, err.place.row, err.place.cell) == ("报名表", 5, "G5")
    assert err.message("zh") == "“报名表”表第5行（G5）：报名表中没有棋手"
    assert err.message("en") == "sheet '报名表' row 5 (G5): no players registered"
    assert err.message("zh-Hant") == "“报名表”表第5行（G5）：報名表中沒有棋手"  # the sheet's name is the user's
    assert outside(err.message(qps)) == ""
    # an error as the message: its own text, in the language asked
    inner = InputError(Msg("registration.no-players-registered"))
    assert sheet_error("S", None, inner).message("zh-Hant") == "“S”表：報名表中沒有棋手"


def test_a_missing_header_names_the_columns_in_the_language():
    with pytest.raises(SheetError) as info:
        find_layout(L.ROUND_TABLE, "第1轮", [["x"]])
    e = info.value
    assert e.message("zh") == f"“第1轮”表：前{L.HEADER_SCAN}行中找不到“结果”的表头"
    assert e.message("en") == f"sheet '第1轮': no 'Result' header in the first {L.HEADER_SCAN} rows"
    assert "結果" in e.message("zh-Hant") and "结果" not in e.message("zh-Hant")  # was 简体


def test_a_bad_registration_cell_renders_in_hant_and_the_pseudo_language(qps):
    grid = [["序号", "姓名", "单位"], [1, "张\n三", "甲"], ["x", "李四", "乙"]]
    with pytest.raises(InputError) as info:
        read_registration("报名表", grid, [])
    errors = getattr(info.value, "errors", [info.value])
    label, number = errors
    assert label.message("zh") == (
        "“报名表”表第2行（B2）：姓名“张\\n三”含换行（单元格中按了 Alt+Enter？）："
        "姓名印在对阵表和成绩册上，只能是一行文字，请改正该单元格"
    )
    assert label.message("en") == (
        "sheet '报名表' row 2 (B2): the name '张\\\\n三' holds a line break (Alt+Enter in the cell?): "
        "it is printed on the pairings and standings and must be one line of text; correct the cell"
    )
    assert "請改正該單元格" in label.message("zh-Hant")
    assert number.message("zh") == "“报名表”表第3行（A3）：李四 的序号应为正整数，实为“x”"
    assert number.message("zh-Hant") == "“报名表”表第3行（A3）：李四 的序號應為正整數，實為“x”"
    for e in errors:  # outside the markers: only the user's data (the sheet, the names, the cell)
        left = outside(e.message(qps))
        for data in ("报名表", "李四", "张", "三"):
            left = left.replace(data, "")
        assert not re.search("[\u3400-\u9fff]", left), e.message(qps)


def test_the_numbering_note_renders_its_message_in_hant():
    """The note of numbers made by the registration rule: a message (before,
    two texts; 繁體 got the 简体)."""
    entries = [{"row": 2 + i, "name": f"P{i}", "seed": None, "rating": None} for i in range(4)]
    problems: list[Problem] = []
    rule_numbers("报名表", entries, problems, "draw", 7)
    (note,) = problems
    assert note.message("zh") == "报名表未填序号，已按抽签（抽签种子 7）编号"
    assert note.message("en") == "no numbers in the registration: numbered by draw (draw seed 7)"
    assert note.message("zh-Hant") == "報名表未填序號，已按抽籤（抽籤種子 7）編號"


def test_the_draw_without_seed_says_numbers_in_english():
    """Bug fixed: the English said 'no 序号 in the registration'."""
    entries = [{"row": 2, "name": "P", "seed": None, "rating": None}]
    with pytest.raises(InputError) as info:
        rule_numbers("Players", entries, [], "draw", None)
    assert info.value.message("en").startswith("sheet 'Players': no numbers in the registration and the numbering")
    assert info.value.message("zh").startswith("“Players”表：报名表序号全部空白")
    with pytest.raises(InputError) as info:
        rule_numbers("Teams", entries, [], "draw", None, team=True)
    assert info.value.message("en").startswith("sheet 'Teams': no team no in the registration")


# ---------------------------------------------------------------- team Swiss


def test_the_team_swiss_findings_are_messages(qps):
    ev = make_team_event(4, system="swiss", rounds=3)
    ev, _ = pair_and_seat(ev)
    again = TeamRound(2, [Match(k, m.first, m.second) for k, m in enumerate(ev.rounds[0].matches, 1)])
    ev = replace(ev, rounds=[ev.rounds[0], again])
    report = get_team_system("swiss").check(ev, 2, "zh")
    met = [i for i in report.errors if "已相遇过" in i.message("zh")]
    assert met and all(i.msg is not None for i in report.issues)
    first = ev.rounds[0].matches[0]
    assert met[0].message("en") == f"round 2 match 1: teams {first.first} and {first.second} have already met"
    assert "已相遇過" in met[0].message("zh-Hant")  # was 简体
    assert "⟦" in met[0].message(qps)


# ---------------------------------------------------------------- labels


def test_every_system_label_is_a_message_of_its_key_row():
    for k in SYSTEM_KEYS:
        assert (catalogue("zh")[k.label_id], catalogue("en")[k.label_id]) == (k.zh, k.en)


def test_a_system_label_is_its_own_message_in_a_further_language():
    """``label`` renders the system's ``label_id``: a further language no
    longer looks the label up by its 简体 text (淘汰赛 is also the 成绩册's
    bracket, booklet.bracket)."""
    table = dict(catalogue("en"), **{"system.knockout": "KO!", "booklet.bracket": "Bracket!"})
    register_language("xx", messages=table)
    try:
        assert get_system("knockout").label("xx") == "KO!"
        assert records.system_name("knockout", "xx", 2) == "KO!" + table["records.games-a-match"].format(games=2)
    finally:
        unregister_language("xx")
    assert get_system("knockout").label("zh") == "淘汰赛" and get_system("knockout").label("en") == "knockout"
    assert get_system("round_robin").label("zh", 2) == "单循环（每场2局）"


# ---------------------------------------------------------------- record headings


def test_the_built_in_headings_are_the_catalogues():
    for lang in ("zh", "en", "zh-Hant"):
        assert records.BUILT_IN_HEADINGS[lang] == records.heading_parts(lang)


def test_record_headings_of_every_language_are_recognised(qps):
    table = dict(catalogue("en"), **{"records.round-record": "Vòng {round_no} biên bản ({default})"})
    table["records.ko-prefix"] = "Loại trực tiếp: "
    register_language("vi", messages=table)
    try:
        pattern = records.heading_re()
        for text, key, lang in [
            ("第3轮编排记录（赛）", (0, 3), "zh"),
            ("Round 4 record (x)", (0, 4), "en"),
            ("第5輪編排記錄（賽）", (0, 5), "zh-Hant"),
            ("淘汰賽第1輪編排記錄（賽）", (1, 1), "zh-Hant"),
            ("淘汰赛第2轮编排记录（赛）", (1, 2), "zh"),
            ("Knockout: Round 2 record (x)", (1, 2), "en"),
            ("Vòng 6 biên bản (x)", (0, 6), "vi"),
            ("Loại trực tiếp: Vòng 1 biên bản (x)", (1, 1), "vi"),
        ]:
            m = pattern.match(text)
            assert m is not None, text
            assert (records.block_key(m), records.heading_lang(m)) == (key, lang)
        assert pattern.match("Round 3 recorded by hand") is None
        assert records.heading(2, "E", "vi").startswith("Vòng 2 biên bản")
    finally:
        unregister_language("vi")
    assert "vi" not in LANGS and records.heading_re().match("Vòng 6 biên bản (x)") is None
    assert records.HEADING_RE.match("第3轮编排记录（x）").group(2) == "3"


def test_the_knockout_stage_prefix_in_every_language(qps):
    """Bug fixed: a 繁體 (or further-language) record of the knockout stage
    raised KeyError (the prefix knew zh and en only)."""
    assert records.ko_stage("第1轮编排记录", "zh") == "淘汰赛第1轮编排记录"
    assert records.ko_stage("Round 1 record", "en") == "Knockout: Round 1 record"
    assert records.ko_stage("第1輪編排記錄", "zh-Hant") == "淘汰賽第1輪編排記錄"
    assert records.ko_stage("x", qps).startswith("⟦")


def test_a_team_workbook_s_rule_notes_are_messages_in_every_language(tmp_path):
    """The round sheet's rule notes (sheets/rules.py, team_registration.py,
    team_rounds.py: written from two texts, so 繁體 showed the 简体): a team
    withdrawn (全队退赛) yet paired in round 1, checked in three languages."""
    from tests.cli_support import ROOT as CLI_ROOT, run

    path = tmp_path / "t.xlsx"
    run("new", path, "--teams", CLI_ROOT / "samples" / "teams.csv", "--boards", "4", check_rc=0)
    run("pair", path, check_rc=0)
    wb = openpyxl.load_workbook(path)
    ws = wb["队伍报名"]
    head = next((r, c) for r in range(1, 6) for c in range(1, ws.max_column + 1) if ws.cell(r, c).value == "全队退赛")
    ws.cell(head[0] + 1, head[1]).value = 1
    wb.save(path)
    out = {lang: run("check", path, lang=lang, check_rc=1).stdout.decode() for lang in ("zh", "en", "zh-Hant")}
    assert "北京队已于第1轮起退赛，不应编排" in out["zh"] and "全队自第1轮起退赛，不再编排" in out["zh"]
    assert "team 1 has withdrawn" in out["en"] and "team withdrawn from round 1" in out["en"]
    assert "已於第1輪起退賽，不應編排" in out["zh-Hant"] and "全隊自第1輪起退賽，不再編排" in out["zh-Hant"]
