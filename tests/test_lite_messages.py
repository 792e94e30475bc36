"""In xlwings Lite (Pyodide) the result and errors reach the arbiter in the
workbook: the message sheet xlxq消息 (``XLXQ_NOTIFY=sheet``; the default
when ``sys.platform == "emscripten"``), with the traceback of an unexpected
error, instead of a message box and a log file in Pyodide's invisible
virtual file system."""

from __future__ import annotations

import shutil

import openpyxl
import pytest

import xlxq.excel as E
from tests import xlremote as H
from tests.test_workbook_support import new_event, open_round
from xlxq.backends.openpyxl_book import OpenpyxlBook
from tests.book_ops import pair_next_round

pytest.importorskip("xlwings")

MSG = E.MESSAGE_SHEET["zh"]


@pytest.fixture(autouse=True)
def _env(monkeypatch, tmp_path):
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    monkeypatch.setenv("XLXQ_ERROR_LOG", str(tmp_path / "xlxq-error.log"))
    monkeypatch.setenv("XLXQ_NOTIFY", "sheet")
    monkeypatch.delenv("XLXQ_LANG", raising=False)


@pytest.fixture
def event(tmp_path):
    _, a = new_event(tmp_path / "a.xlsx", rounds=5)
    return a


def officejs(path, fn, **kw):
    return H.run_workbook_function(path, fn, client="Office.js", numbers="wire", **kw)


def message(path) -> list:
    ws = openpyxl.load_workbook(path)[MSG]
    return [ws.cell(row=r, column=1).value for r in range(1, ws.max_row + 1)]


def test_notify_mode(monkeypatch):
    assert E.notify_mode() == "sheet"
    monkeypatch.delenv("XLXQ_NOTIFY")
    assert E.notify_mode() == "alert"
    monkeypatch.setattr(E.sys, "platform", "emscripten")
    assert E.notify_mode() == "sheet"
    monkeypatch.setenv("XLXQ_NOTIFY", "both")
    assert E.notify_mode() == "both"


def test_success_goes_to_the_message_sheet_not_a_box(event, tmp_path, capsys):
    b = tmp_path / "b.xlsx"
    shutil.copyfile(event, b)
    pair_next_round(OpenpyxlBook(event))
    r = officejs(b, E.pair_next_round)
    assert r.result.ok and not r.alerts
    lines = message(b)
    assert lines[0] == "xlxq · 编排下一轮" and lines[1].endswith("成功") and lines[3].startswith("已编排第1轮")
    assert r.applied.active == "第1轮"  # the new round is shown, not the message
    assert "已编排第1轮" in capsys.readouterr().out  # Lite's output pane
    wa, wb = openpyxl.load_workbook(event), openpyxl.load_workbook(b)
    assert wb.sheetnames == wa.sheetnames + [MSG]  # an arbiter's sheet: the operations leave it alone
    r2 = officejs(b, E.recompute)
    assert r2.result.ok and openpyxl.load_workbook(b).sheetnames.count(MSG) == 1
    assert message(b)[0] == "xlxq · 计算成绩"  # overwritten, not appended


def test_bad_input_is_shown_in_the_message_sheet_and_nothing_else_is_written(event):
    officejs(event, E.pair_next_round)
    wb, view = open_round(event, 1)
    row = view.rows()[2]
    view.set(row, "result", "红赢了吧")
    wb.save(event)
    r = officejs(event, E.pair_next_round)  # refused (recompute marks the cell instead: issue 10 §4)
    assert not r.result.ok and not r.alerts
    assert {a["func"] for a in r.actions} <= {"sheetClearContents", "setValues", "activateSheet"}
    lines = message(event)
    assert lines[1].endswith("失败") and r.applied.active == MSG
    text = "\n".join(str(x) for x in lines if x)
    assert "红赢了吧" in text and "工作簿未作改动" in text and "Traceback" not in text


def test_unexpected_error_puts_the_traceback_in_the_workbook(event, monkeypatch, tmp_path):
    import xlxq.operations.workbook as W

    def boom(book, *args):
        raise RuntimeError("kaputt")

    monkeypatch.setattr(W, "recompute", boom)
    r = officejs(event, E.recompute)
    assert not r.result.ok
    text = "\n".join(str(x) for x in message(event) if x)
    assert "程序内部错误" in text and f"工作表「{MSG}」" in text and "RuntimeError: kaputt" in text
    assert "Traceback (most recent call last)" in text and "in boom" in text
    assert not (tmp_path / "xlxq-error.log").exists()  # no invisible log file
    assert r.applied.active == MSG


def test_english_sheet_and_vba_client(event, monkeypatch):
    monkeypatch.setenv("XLXQ_LANG", "en")
    r = H.run_workbook_function(event, E.pair_next_round)  # VBA client: only Remote.bas actions
    assert r.result.ok and set(r.applied.funcs) <= H.VBA_CLIENT_ACTIONS
    ws = openpyxl.load_workbook(event)[E.MESSAGE_SHEET["en"]]
    assert ws["A1"].value == "xlxq · Pair next round" and ws["A4"].value.startswith("round 1 paired")
    assert r.applied.active == "第1轮"  # a zh workbook, English messages


def test_both_shows_the_box_too(event, monkeypatch):
    monkeypatch.setenv("XLXQ_NOTIFY", "both")
    r = officejs(event, E.pair_next_round)
    assert len(r.alerts) == 1 and MSG in openpyxl.load_workbook(event).sheetnames
