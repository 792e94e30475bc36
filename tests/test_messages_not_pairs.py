"""The core, systems, sheets and backends messages that carried a (zh, en)
``Pair`` argument are messages made of messages (issue 23 §2): a further
language (the pseudo-language ``qps`` of tests/test_pseudo_language.py)
renders each from its own catalogue, 繁體 renders 繁體 where the pair gave
简体, and 简体 and English read as before."""

from __future__ import annotations

import re
from typing import Any

import pytest

from xlxq.errors import InputError
from xlxq.i18n import Msg


def outside(text: str) -> str:
    """What a pseudo-language text says outside its markers (nested
    markers flattened)."""
    depth, out = 0, []
    for ch in text:
        if ch == "⟦":
            depth += 1
        elif ch == "⟧":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def texts(msg: Any) -> dict[str, str]:
    render = getattr(msg, "render", None) or msg.message
    return {lang: render(lang) for lang in ("zh", "en", "zh-Hant")}


def test_absent_round_beyond_the_rounds(qps):
    from xlxq.core.model import absent_beyond

    m = absent_beyond(12, 9, "张三", 7)
    assert texts(m) == {
        "zh": "张三（7号）的请假轮次 12 超出计划的9轮：请改正请假轮次，或先增加轮数",
        "en": "张三 (no 7): absent round 12 is beyond the 9 rounds planned: correct it, or raise the number of rounds first",
        "zh-Hant": "张三（7號）的請假輪次 12 超出計劃的9輪：請改正請假輪次，或先增加輪數",
    }
    assert m.render(qps).startswith("⟦⟦张三 (no 7)⟧: absent round 12")


def test_a_bye_not_in_the_lowest_group_names_the_players_by_language(qps):
    """The 原则(五) warning was two texts put in as one Pair: a further
    language said it in 简体."""
    from xlxq.core.checks import check_round
    from xlxq.core.model import RED_WIN, Board, Event, EventSettings, Player, Round

    ev = Event(EventSettings(system="swiss", rounds=3), [Player(i, f"P{i}") for i in range(1, 6)])
    ev = ev.with_round(Round(1, [Board(1, 1, 2, RED_WIN), Board(2, 3, 4, RED_WIN)], [5]))
    ev = ev.with_round(Round(2, [Board(1, 2, 3), Board(2, 4, 5)], [1]))
    (issue,) = [i for i in check_round(ev, 2) if i.code == "bye_not_lowest"]
    assert texts(issue) == {
        "zh": "第2轮：轮空的P1（1号）有2分，不在最低分段：P2（2号）、P4（4号）只有0分、未轮空过，由其轮空其余仍可全部编排（原则(五)）",
        "en": "round 2: the bye (1, 2 pts) is not in the lowest score group: 2, 4 (0 pts, no bye yet) could have had it with the rest still pairable",
        "zh-Hant": "第2輪：輪空的P1（1號）有2分，不在最低分段：P2（2號）、P4（4號）只有0分、未輪空過，由其輪空其餘仍可全部編排（原則(五)）",
    }
    assert issue.zh == texts(issue)["zh"] and issue.en == texts(issue)["en"]
    said = issue.message(qps)
    assert said.startswith("⟦round 2: ⟦the bye (1, 2 pts)") and not re.search(r"[A-Za-z\u4e00-\u9fff]", outside(said))


def test_the_knockout_is_over_names_the_champion_in_each_language(qps):
    """Champion: 张三（7号） / 7 (zh-Hant said 7号); a final both forfeited
    said "champion: None" in English."""
    from tests.test_knockout import ko_event, run
    from xlxq.core.model import DOUBLE_FORFEIT
    from xlxq.systems import pair_round

    with pytest.raises(InputError) as over:
        pair_round(run(ko_event(4)))
    assert texts(over.value) == {
        "zh": "淘汰赛已经结束，冠军：P4（4号）",
        "en": "the knockout is over; champion: 4",
        "zh-Hant": "淘汰賽已經結束，冠軍：P4（4號）",
    }
    assert over.value.message(qps) == "⟦the knockout is over; champion: 4⟧"
    ev = ko_event(2)
    rnd = pair_round(ev).round
    rnd.boards[0].result = DOUBLE_FORFEIT
    with pytest.raises(InputError) as none:
        pair_round(ev.with_round(rnd))
    assert none.value.message("en") == "the knockout is over; champion: none (double forfeit in the final)"
    assert none.value.message("zh") == "淘汰赛已经结束，冠军：无（决赛双方均弃权）"


def test_a_team_without_a_match_is_its_number_outside_the_chinese(qps):
    from tests.conftest import make_team_event
    from xlxq.core.teams import set_lineups
    from xlxq.systems import pair_and_seat
    from xlxq.systems.registry import team_rules

    ev, _ = pair_and_seat(make_team_event(3))
    bye = ev.rounds[0].byes[0]
    with pytest.raises(InputError) as no_match:
        set_lineups(ev, 1, {bye: []}, rules=team_rules(ev.settings))
    assert texts(no_match.value) == {
        "zh": f"第1轮：{bye}队本轮没有比赛",
        "en": f"round 1: team {bye} has no match",
        "zh-Hant": f"第1輪：{bye}队本輪沒有比賽",  # the team's name as typed
    }
    assert no_match.value.message(qps) == f"⟦round 1: team {bye} has no match⟧"


def test_round1_keep_apart_notes(qps):
    from xlxq.core.notes import note_text
    from xlxq.core.round1 import _keep_apart

    notes: list[str] = []
    _keep_apart([(1, 2), (3, 4), (5, 6)], {3: "A", 4: "A"}, {1: {2}, 2: {1}}, notes)
    _keep_apart([(1, 2), (3, 4)], {1: "A", 2: "A", 3: "A", 4: "A"}, {}, notes)
    assert [note_text(n, "en") for n in notes] == [
        "forbidden pair kept apart: 2 and 4 swapped (boards 1, 2)",
        "same club: 1 and 2 cannot be kept apart",
        "same club: 3 and 4 cannot be kept apart",
    ]
    assert notes[1] == "同单位回避：1号与2号无法调开"
    assert note_text(notes[1], qps) == "⟦⟦same club⟧: 1 and 2 cannot be kept apart⟧"


def test_two_sheets_of_one_kind_are_listed_in_the_language(qps):
    from xlxq.sheets.book_sheets import single_sheets

    with pytest.raises(InputError) as two:
        single_sheets({"s": [("设置", None), ("Settings", None)]}, (), ("s",), {})
    assert two.value.message("zh") == "工作簿中有多张同类工作表：“设置”、“Settings”，请删除或改名多余的一张"
    assert two.value.message("en") == "the workbook has more than one such sheet: '设置', 'Settings'"
    assert two.value.message(qps) == "⟦the workbook has more than one such sheet: ⟦'设置'⟧⟦, ⟧⟦'Settings'⟧⟧"


def test_knockout_rounds_without_the_qualifiers_sheet(tmp_path, monkeypatch, capsys):
    """The sheet's name was a Pair of the layout's names: 简体 in 繁體."""
    from openpyxl import load_workbook

    from xlxq.cli import main

    assert main(["demo", str(tmp_path)]) == 0
    wb = load_workbook(tmp_path / "xlxq-demo.xlsx")
    wb.create_sheet("淘汰赛第1轮")
    wb.save(tmp_path / "ko.xlsx")
    said = {}
    for lang in ("zh", "en", "zh-Hant"):
        monkeypatch.setenv("XLXQ_LANG", lang)
        capsys.readouterr()
        main(["check", str(tmp_path / "ko.xlsx")])
        said[lang] = capsys.readouterr().err.strip()
    assert said == {
        "zh": "错误：有淘汰赛轮次的工作表，但找不到“晋级名单”表（晋圈后生成）",
        "en": "error: knockout rounds but no 'Qualifiers' sheet",
        "zh-Hant": "錯誤：有淘汰賽輪次的工作表，但找不到“晉級名單”表（晉圈後生成）",
    }


def test_the_computed_rounds_help_of_a_match_of_several_games(qps, monkeypatch):
    """设置's 轮数 help: the games a match were a Pair whose English had a
    comma before it; a further language lost the comma."""
    from types import SimpleNamespace

    from xlxq.core.model import Event, EventSettings, Player
    from xlxq.sheets import settings

    got: dict = {}
    monkeypatch.setattr(settings, "write_help_cells", lambda canvas, sheet, cells: got.update(cells))
    ev = Event(
        EventSettings(system="round_robin", rounds=7, games_per_match=2), [Player(i, f"P{i}") for i in range(1, 9)]
    )

    def help_in(lang: str) -> str:
        settings.write_settings_help(None, SimpleNamespace(event=ev, lang=lang, problems=[], settings_sheet=None))
        return got["rounds"]()

    assert help_in("zh") == "由人数算出：8人单循环每场2局共7轮（本栏不用）"
    assert help_in("en") == "computed: a round robin of 8 players, 2 games a match has 7 rounds (this cell is not used)"
    assert "of 8 players⟦, ⟦2 games a match⟧⟧ has 7 rounds" in help_in(qps)


def test_a_workbook_that_cannot_be_opened_says_why_in_the_language(qps, tmp_path):
    """The reasons of backends/limits.py were two f-strings put in as a Pair:
    简体 in 繁體 and in a further language."""
    from xlxq.backends.limits import check_workbook_zip, xml_attack_error

    bad = tmp_path / "x.xlsx"
    bad.write_bytes(b"not a zip")
    with pytest.raises(InputError) as no_zip:
        check_workbook_zip(bad)
    assert texts(no_zip.value) == {
        "zh": "无法打开 Excel 工作簿 x.xlsx：不是有效的 .xlsx/.xlsm 文件或已损坏（File is not a zip file）",
        "en": "cannot open the workbook x.xlsx: not a valid .xlsx/.xlsm file, or damaged (File is not a zip file)",
        "zh-Hant": "無法打開 Excel 工作簿 x.xlsx：不是有效的 .xlsx/.xlsm 文件或已損壞（File is not a zip file）",
    }
    assert no_zip.value.message(qps) == (
        "⟦cannot open the workbook x.xlsx: ⟦not a valid .xlsx/.xlsm file, or damaged (File is not a zip file)⟧⟧"
    )
    attack = xml_attack_error(bad, ValueError("x"))
    assert attack.message("zh-Hant").endswith(
        "其中的 XML 聲明了實體（ValueError），這是 XML 攻擊（實體擴展/外部實體）的手法，已拒絕讀取"
    )


def test_a_formula_cell_xlxq_would_write_over(qps):
    from types import SimpleNamespace

    from xlxq.backends.formulas import formula_overwrite_error

    cell = SimpleNamespace(coordinate="B3", row=3, value="=A1+1", data_type="f")
    blank = formula_overwrite_error("S", cell, 7, None)
    assert "xlxq 要在此写入 空白，" in blank.message("zh")
    assert "xlxq has to write 'a blank' there" in blank.message("en")
    assert "xlxq has to write '⟦a blank⟧' there" in blank.message(qps)
    assert "xlxq has to write 'Zhang' there" in formula_overwrite_error("S", cell, 7, "Zhang").message("en")


def test_an_error_in_a_group_keeps_its_message(qps):
    """groups.in_group set the two texts: a further language said 简体."""
    from xlxq.core.groups import in_group

    err = in_group("A", InputError(Msg("numbering.unknown-numbering-method", method="x"), row=3))
    assert err.place.row == 3 and err.zh == "组别“A”：编号方式无效：'x'"
    assert err.en == "group A: unknown numbering method 'x'"
    assert err.message(qps) == "⟦group A: ⟦unknown numbering method 'x'⟧⟧"


def test_no_message_is_passed_on_as_a_pair_of_texts(qps):
    """The (zh, en) tuples of ``Msg.pair()`` are gone (``Msg.pair`` and its
    ``Said`` with them): a round robin's verdict, a check's engine
    differences, a button's title are messages, rendered where they are
    shown, so a further language says them from its own catalogue."""
    import xlxq.i18n
    from tests.test_roundrobin import play_all, rr_event
    from xlxq.core.checks import change_lines
    from xlxq.core.hand import HandChange
    from xlxq.operations.buttons import title
    from xlxq.systems.roundrobin import rr_issues

    assert not hasattr(Msg, "pair") and not hasattr(xlxq.i18n, "Said")
    issues, verdict = rr_issues(play_all(rr_event(4)), 1)
    assert issues == [] and isinstance(verdict, Msg)
    assert texts(verdict) == {
        "zh": "与秩序表第1轮一致",
        "en": "identical to table round 1",
        "zh-Hant": "與秩序表第1輪一致",
    }
    assert verdict.render(qps) == "⟦identical to ⟦table round 1⟧⟧"
    (line,) = change_lines([HandChange("colours", 2, 3, 4)])
    assert isinstance(line, Msg) and line.render(qps).startswith("⟦") and line.render("zh").startswith("第2台")
    assert texts(title("pair")) == {"zh": "编排下一轮", "en": "Pair next round", "zh-Hant": "編排下一輪"}
    assert title("pair").render(qps) == "⟦Pair next round⟧"
