"""The cosmetics (widths, freeze, hidden sheet, bold/size, borders,
alignment, wrap, print area) reach Office.js clients (xlwings Server's
add-in, xlwings Lite) through xlwings' remote engine, and never the VBA
client; the values stay those of the openpyxl path."""

from __future__ import annotations

import shutil
from collections import Counter

import openpyxl
import pytest

import xlxq.excel as E
from tests import xlremote as H
from tests.test_workbook_support import new_event
from xlxq.backends import xlwings_book as XB
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.sheets.plan import ListValidation, PageSetup, SheetLook, Style, WritePlan
from tests.book_ops import pair_next_round

xw = pytest.importorskip("xlwings")


@pytest.fixture(autouse=True)
def _remote(remote_engine_env):
    """Every test here drives the remote engine (tests/conftest.py)."""


def _book(client: str):
    """An empty two-sheet remote book (not the caller)."""
    H.ensure_remote_engine()
    payload = {
        "client": client,
        "version": xw.__version__,
        "book": {"name": "t.xlsx", "active_sheet_index": 0, "selection": "A1"},
        "names": [],
        "sheets": [
            {
                "name": n,
                "values": [[""]] if client == "Office.js" else [[]],
                "pictures": [],
                "tables": [],
                "visibility": "Visible",
            }
            for n in ("a", "b")
        ],
    }
    return xw.Book(json=payload)


def _plan() -> WritePlan:
    return WritePlan(
        looks=[SheetLook("a", {1: 6, 3: 20}, freeze=(3, 4)), SheetLook("b", {}, freeze=(2, 1), hidden=True)],
        styles=[
            Style("a", 1, 1, 1, 3, bold=True, size=14),
            Style("a", 2, 1, 3, 2, border=True, align="center", wrap=True),
        ],
        validations=[
            ListValidation("a", 3, 6, 10, 1, ["1-0", "0-1"], allow_other=True),
            ListValidation("a", 3, 7, 10, 1, ["是", "否"], allow_other=False),
        ],
        page_setups=[PageSetup("a", landscape=True, area=(1, 1, 12, 8))],
    )


def test_officejs_cosmetics_emit_the_office_js_actions():
    book = _book("Office.js")
    errors: list[str] = []
    XB.officejs_cosmetics(book, _plan(), errors)
    acts = book.json()["actions"]
    assert not errors
    funcs = Counter(a["func"] for a in acts)
    assert set(funcs) <= XB.OFFICEJS_COSMETIC_ACTIONS
    widths = [(a["start_column"], a["row_count"], a["args"][0]) for a in acts if a["func"] == "setColumnWidth"]
    assert widths == [(0, 1048576, XB.column_width_points(6)), (2, 1048576, XB.column_width_points(20))]
    assert [(a["sheet_position"], a["args"][0]) for a in acts if a["func"] == "freezePaneAtRange"] == [
        (0, "A1:C2"),
        (1, "1:1"),
    ]
    assert [(a["sheet_position"], a["args"][0]) for a in acts if a["func"] == "setSheetVisibility"] == [(1, "Hidden")]
    assert funcs["setFontProperty"] == 2  # bold, size
    assert funcs["setBorderProperty"] == 6 * 3  # 6 grid sides x style, weight, colour
    assert [a["args"][0] for a in acts if a["func"] == "setHorizontalAlignment"] == ["Center"]
    assert [a["args"][0] for a in acts if a["func"] == "setVerticalAlignment"] == ["Center"]
    assert [a["args"][0] for a in acts if a["func"] == "setWrapText"] == [True]
    # only the strict list: a list that must accept other input (结果) is left out
    lists = [a for a in acts if a["func"] == "setDataValidationList"]
    assert [(a["start_column"], a["args"][0]["values"]) for a in lists] == [(6, ["是", "否"])]
    assert [a["args"][0] for a in acts if a["func"] == "setPrintArea"] == ["A1:H12"]


def test_widths_and_frozen_ranges():
    assert XB.column_width_points(8.43) == 48.0  # Excel's default column: 64 px = 48 pt
    assert XB.column_width_points(0) == 3.75
    assert XB.frozen_address(3, 1) == "1:2"
    assert XB.frozen_address(1, 3) == "A:B"
    assert XB.frozen_address(3, 3) == "A1:B2"


def test_a_refused_cosmetic_costs_nothing_else(monkeypatch):
    book = _book("Office.js")
    errors: list[str] = []
    from xlwings.pro import _xlremote

    def refuse(self, value):
        raise NotImplementedError("no")

    monkeypatch.setattr(_xlremote.Range, "wrap_text", property(None, refuse))
    XB.officejs_cosmetics(book, _plan(), errors)
    assert len(errors) == 1 and errors[0].startswith("a style")
    assert "setPrintArea" in {a["func"] for a in book.json()["actions"]}


@pytest.mark.parametrize("client", ["VBA", "Office.js"])
def test_pairing_sends_the_looks_only_to_office_js(tmp_path, client):
    _, a = new_event(tmp_path / "a.xlsx", rounds=5)
    b = tmp_path / "b.xlsx"
    shutil.copyfile(a, b)
    pair_next_round(OpenpyxlBook(a))
    r = H.run_workbook_function(b, E.pair_next_round, client=client, numbers="wire" if client == "Office.js" else "com")
    assert r.result.ok
    funcs = set(r.applied.funcs)
    if client == "VBA":
        assert funcs <= H.VBA_CLIENT_ACTIONS and not funcs & XB.OFFICEJS_COSMETIC_ACTIONS
        return
    assert {
        "setColumnWidth",
        "freezePaneAtRange",
        "setFontProperty",
        "setBorderProperty",
        "setHorizontalAlignment",
    } <= funcs
    # after the values and fills, before the message
    order = r.applied.funcs
    first_look = min(i for i, f in enumerate(order) if f in XB.OFFICEJS_COSMETIC_ACTIONS)
    assert max(i for i, f in enumerate(order) if f in ("setValues", "setRangeColor")) < first_look
    assert order[-1] == "alert"
    # the values are the openpyxl path's
    wa, wb = openpyxl.load_workbook(a), openpyxl.load_workbook(b)
    assert wa.sheetnames == wb.sheetnames
    for ws in wa.worksheets:
        assert [[c.value for c in row] for row in ws.iter_rows()] == [
            [c.value for c in row] for row in wb[ws.title].iter_rows(max_row=ws.max_row, max_col=ws.max_column)
        ]
