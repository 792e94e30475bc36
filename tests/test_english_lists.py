"""Issue 25 §4: an English message lists rows, rounds, sheets and numbers
with ", ", never with the Chinese 、 or ， of its Chinese twin."""

from __future__ import annotations

import openpyxl
import pytest

from tests.book_ops import pair_next_round, recompute
from tests.helpers import make_event
from tests.test_workbook_support import book, new_event, open_round
from xlxq.core.knockout import pair_knockout_round
from xlxq.core.model import Board, Round
from xlxq.core.steps import Record
from xlxq.core.record_text import record_lines
from xlxq.errors import InputError, PairingImpossible
from xlxq.sheets.read import read_workbook
from xlxq.systems import get_system

CJK_LIST = ("、", "，")


def test_a_player_twice_names_his_rows_with_commas(tmp_path):
    _, path = new_event(tmp_path / "e.xlsx", rounds=5)
    assert pair_next_round(book(path)).ok
    wb, view = open_round(path, 1)
    rows = view.rows()
    view.set(rows[3], "red_no", view.get(rows[1], "red_no"))
    view.set(rows[3], "red_name", None)
    wb.save(path)
    st = recompute(book(path))
    twice = [p for p in st.details if p.code == "twice"]
    assert twice and all(f"rows {rows[1]}, {rows[3]}" in p.en for p in twice), [p.en for p in twice]
    assert not any(c in p.en for p in twice for c in CJK_LIST)
    assert not any(c in st.message_en for c in CJK_LIST), st.message_en


def test_two_registration_sheets_are_named_with_commas(tmp_path):
    _, path = new_event(tmp_path / "e.xlsx", rounds=5)
    wb = openpyxl.load_workbook(path)
    wb.copy_worksheet(wb["报名表"]).title = "Registration"
    wb.save(path)
    with pytest.raises(InputError) as e:
        read_workbook(book(path))
    assert "'报名表', 'Registration'" in e.value.en and not any(c in e.value.en for c in CJK_LIST), e.value.en


def test_knockout_results_missing_lists_the_games_in_english():
    ev = make_event(8, system="knockout", rounds=3)
    r1 = pair_knockout_round(ev, 1).round
    boards = [Board(b.board, b.red, b.black, None if i < 2 else "red_win") for i, b in enumerate(r1.boards)]
    ev = ev.with_round(Round(1, boards, list(r1.byes)))
    with pytest.raises(PairingImpossible) as e:
        pair_knockout_round(ev, 2)
    assert "round 1 board 1 (" in e.value.en and ", round 1 board 2 (" in e.value.en, e.value.en
    assert not any(c in e.value.en for c in CJK_LIST) and "第1轮第1台" in e.value.zh


def test_english_record_lines_list_with_commas():
    ko = make_event(8, system="knockout", rounds=3)
    rec = get_system("knockout").record(ko.with_round(pair_knockout_round(ko, 1).round), 1)
    assert rec.of_kind("ko_seeding")
    rr = Record(1, "", names={1: "甲", 2: "乙", 3: "丙"})
    rr.add("rr_numbers", "棋规循环赛对局秩序表", nos=[3, 1, 2])  # the table's numbers when 序号 are not 1…N
    for r in (rec, rr):
        en = record_lines(r, "en")
        assert not any(c in line for line in en for c in CJK_LIST), en
    assert "table number → no: 1→3, 2→1, 3→2" in record_lines(rr, "en")
    assert "台号 → 序号：1→3，2→1，3→2" in record_lines(rr, "zh")
