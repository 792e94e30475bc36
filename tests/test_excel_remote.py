"""The Excel entry points (xlxq.excel) driven through xlwings' remote engine
(tests/xlremote.py), compared with the openpyxl path; the xlwings backend's
value normalisation, all-or-nothing writes, and its COM code on a fake."""

from __future__ import annotations

import datetime as dt
import random
import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests import xlremote as H
from tests.conftest import enter_results
from tests.test_workbook_support import new_event, open_round, standings_sheet, swap_colours, write_results


import xlxq.excel as E
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.backends.xlwings_book import (
    OFFICEJS_COSMETIC_ACTIONS,
    REMOTE_ACTIONS_USED,
    XlwingsBook,
    apply_cosmetics,
    needs_text_prefix,
    normalise,
)
from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN, Player
from xlxq.sheets.plan import (
    AddSheet,
    Fill,
    ListValidation,
    NumberFormat,
    PageSetup,
    SheetLook,
    Style,
    Values,
    WritePlan,
)
from xlxq.operations.workbook import create_event_workbook
from tests.book_ops import pair_next_round, recompute

xw = pytest.importorskip("xlwings")


@pytest.fixture(autouse=True)
def _remote(remote_engine_env):
    """Every test here drives the remote engine (tests/conftest.py)."""


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def _num(v: Any) -> Any:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


def contents(path: Path) -> dict[str, list[list[Any]]]:
    """Every sheet's values as the mapping layer reads them (numbers as float)."""
    b = OpenpyxlBook(path)
    return {n: [[_num(v) for v in row] for row in b.values(n)] for n in b.sheet_names()}


def fills(path: Path) -> dict[tuple[str, str], str]:
    """Solid fills other than white (the VBA client clears a fill by painting it white)."""
    out = {}
    for ws in openpyxl.load_workbook(path).worksheets:
        for row in ws.iter_rows():
            for c in row:
                if c.fill is not None and c.fill.fill_type == "solid":
                    rgb = str(c.fill.fgColor.rgb)[-6:].upper()
                    if rgb != "FFFFFF":
                        out[(ws.title, c.coordinate)] = rgb
    return out


def play_results(paths: list[Path], n: int, seed: int) -> None:
    """Type the same random results of round n into every workbook."""
    rng = random.Random(seed)
    _, view = open_round(paths[0], n)
    res = {b: rng.choice([RED_WIN, BLACK_WIN, DRAW, RED_WIN, BLACK_WIN]) for b in view.rows()}
    for p in paths:
        write_results(p, n, res, random.Random(seed))


def remote(path: Path, fn, *args, **kw) -> H.HarnessResult:
    r = H.run_workbook_function(path, fn, *args, **kw)
    assert not r.applied.coerced, r.applied.coerced  # every string stayed text
    looks = OFFICEJS_COSMETIC_ACTIONS if kw.get("client") == "Office.js" else set()
    assert set(r.applied.funcs) <= REMOTE_ACTIONS_USED | {"alert"} | looks
    return r


@pytest.fixture
def twin(tmp_path):
    """The same event workbook twice: a.xlsx (openpyxl path), b.xlsx (remote path)."""
    model, a = new_event(tmp_path / "a.xlsx", rounds=6)
    b = tmp_path / "b.xlsx"
    shutil.copyfile(a, b)
    return model, a, b


# --------------------------------------------------------------------------
# (a) the entry points through xlwings' remote engine
# --------------------------------------------------------------------------


def test_pair_next_round_as_runpython_caller(twin):
    _, _, b = twin
    r = remote(b, E.pair_next_round)
    st = r.result
    assert st.ok and "已编排第1轮" in st.message_zh
    assert [a["title"] for a in r.alerts] == ["xlxq · 编排下一轮"] and r.alerts[0]["mode"] == "info"
    assert r.alerts[0]["prompt"].startswith("已编排第1轮")
    assert r.actions[-1]["func"] == "alert"  # the message comes after the writes
    wb = openpyxl.load_workbook(b)
    assert wb.sheetnames == ["设置", "报名表", "第1轮", "成绩表", "编排记录", "_xlxq"]
    assert r.applied.active == "第1轮"  # the new round is shown
    assert wb["第1轮"].cell(row=3, column=6).number_format == "@"  # 结果 is Text before any value
    funcs = r.applied.funcs
    assert funcs.index("setNumberFormat") < funcs.index("setValues")
    assert "第1轮编排记录" in str(wb["编排记录"]["A"][0].value) + "".join(str(c.value) for c in wb["编排记录"]["A"])


def test_book_argument_style_gives_the_same_actions(twin):
    _, a, b = twin
    by_caller = remote(b, E.recompute)
    by_book = H.run_workbook_function(a, E.recompute, pass_book=True)
    assert by_book.actions == by_caller.actions


def test_every_action_is_one_the_vba_client_has(twin):
    _, _, b = twin
    seen: set[str] = set()
    for n in (1, 2):
        seen |= set(remote(b, E.pair_next_round).applied.funcs)
        play_results([b], n, n)
        seen |= set(remote(b, E.recompute).applied.funcs)
        seen |= set(remote(b, E.explain).applied.funcs)
    assert seen <= H.VBA_CLIENT_ACTIONS
    assert {"addSheet", "setValues", "setRangeColor", "setNumberFormat", "alert"} <= seen


# --------------------------------------------------------------------------
# (c) the same workbook content as the openpyxl path
# --------------------------------------------------------------------------


@pytest.mark.slow
def test_remote_and_openpyxl_paths_give_the_same_workbook(twin):
    _, a, b = twin
    for n in (1, 2, 3):
        st = pair_next_round(OpenpyxlBook(a))
        r = remote(b, E.pair_next_round)
        assert st.message_zh == r.result.message_zh
        assert contents(a) == contents(b), f"after pairing round {n}"
        assert fills(a) == fills(b)
        play_results([a, b], n, seed=10 + n)
        recompute(OpenpyxlBook(a))
        remote(b, E.recompute)
        assert contents(a) == contents(b), f"after recomputing round {n}"
        assert fills(a) == fills(b)
    assert openpyxl.load_workbook(a).sheetnames == openpyxl.load_workbook(b).sheetnames


@pytest.mark.slow
def test_multi_round_event_ends_with_the_same_standings(tmp_path):
    model, a = new_event(tmp_path / "a.xlsx", rounds=7)
    b, c = tmp_path / "b.xlsx", tmp_path / "c.xlsx"
    shutil.copyfile(a, b)
    shutil.copyfile(a, c)
    for n in range(1, 8):
        pair_next_round(OpenpyxlBook(a))
        remote(b, E.pair_next_round)  # VBA client, numbers as floats (COM)
        remote(c, E.pair_next_round, client="Office.js", numbers="wire")
        play_results([a, b, c], n, seed=100 + n)
        if n == 3:  # a hand edit: swap colours on board 1
            for p in (a, b, c):
                swap_colours(p, 3, open_round(p, 3)[1].rows()[1])
        recompute(OpenpyxlBook(a))
        remote(b, E.recompute)
        remote(c, E.recompute, client="Office.js", numbers="wire")
    final = standings_sheet(a)
    assert len(final) == 24 and final[0]["名次"] == 1
    assert standings_sheet(b) == final and standings_sheet(c) == final
    assert contents(a) == contents(b) == contents(c)
    assert fills(a) == fills(b)


def test_round_plan_warning_is_in_the_message_not_a_blocking_dialog(twin):
    # issue 8 §4: 24 players, 6 rounds planned (原则(二): at least seven) — the
    # round is paired, the message box is the usual information one and says why
    _, a, b = twin
    st = pair_next_round(OpenpyxlBook(a))
    r = remote(b, E.pair_next_round)
    assert st.message_zh == r.result.message_zh
    assert [x["mode"] for x in r.alerts] == ["info"]
    assert "；注意：计划6轮，少于七轮（原则(二)：积分编排最低不得少于七轮，以减少偶然性）" in r.alerts[0]["prompt"]
    wb = openpyxl.load_workbook(b)
    assert "第1轮" in wb.sheetnames
    row = next(c.row for c in wb["设置"]["A"] if c.value == "轮数")  # (the 设置 rows of EventInfo come before it)
    assert wb["设置"].cell(row=row, column=3).value.startswith("注意：计划6轮，少于七轮")
    assert contents(a) == contents(b) and fills(a) == fills(b)
    assert fills(b)[("设置", f"B{row}")] == "FFEB9C"


def test_standings_button_mid_round_like_the_openpyxl_path(twin):
    # issue 8 §6: round 3 paired without results is not counted (第2轮后); with
    # two of its 12 results typed it is 第3轮进行中 and counts those two
    _, a, b = twin
    for n in (1, 2):
        pair_next_round(OpenpyxlBook(a))
        remote(b, E.pair_next_round)
        play_results([a, b], n, seed=30 + n)
    pair_next_round(OpenpyxlBook(a))
    remote(b, E.pair_next_round)
    for label, done in (("第2轮后", {}), ("第3轮进行中，尚有10台未完成", {1: RED_WIN, 2: DRAW})):
        if done:
            for p in (a, b):
                write_results(p, 3, done, random.Random(3))
        st = recompute(OpenpyxlBook(a))
        r = remote(b, E.recompute)
        assert f"成绩已计算（{label}）" in st.message_zh
        assert r.alerts[0]["prompt"].startswith(f"成绩已计算（{label}）") and r.alerts[0]["mode"] == "info"
        assert openpyxl.load_workbook(b)["成绩表"]["A1"].value == f"测试赛  成绩表（{label}）"
        assert contents(a) == contents(b)
    rows = standings_sheet(b)
    assert sum(float(x["积分"]) for x in rows) == 2 * 12 * 2 + 2 + 2  # two rounds of 12 games, then a win and a draw


def test_new_sheets_land_in_place_whatever_sheet_is_active(twin):
    # Remote.bas adds a sheet before the active one and then moves it:
    # the backend activates the first sheet so that the move is right.
    _, a, b = twin
    pair_next_round(OpenpyxlBook(a))
    remote(b, E.pair_next_round, active_sheet="编排记录")
    play_results([a, b], 1, 1)
    pair_next_round(OpenpyxlBook(a))
    r = remote(b, E.pair_next_round, active_sheet="成绩表")
    assert r.applied.active == "第2轮"
    assert openpyxl.load_workbook(a).sheetnames == openpyxl.load_workbook(b).sheetnames
    assert contents(a) == contents(b)


def test_strings_excel_would_convert_stay_text(tmp_path):
    players = [
        Player(no=i, name=name, unit=unit)
        for i, (name, unit) in enumerate(
            [
                ("=SUM(A1)", "1-2-3"),
                ("007", "2024"),
                ("+86", "3/4"),
                ("TRUE", "12:30"),
                ("-1", "50%"),
                ("'quoted", "2024-01-01"),
                ("Jan 5", "1月2日"),
                ("王五", "#N/A"),
            ],
            start=1,
        )
    ]
    from xlxq.core.model import EventSettings

    a = create_event_workbook(tmp_path / "a.xlsx", players, EventSettings(rounds=3))
    b = tmp_path / "b.xlsx"
    shutil.copyfile(a, b)
    pair_next_round(OpenpyxlBook(a))
    r = remote(b, E.pair_next_round)  # asserts nothing was coerced
    assert r.result.ok
    assert contents(a) == contents(b)
    prefixed = [
        v
        for act in r.actions
        if act["func"] == "setValues"
        for row in act["values"]
        for v in row
        if isinstance(v, str) and v.startswith("'")
    ]
    assert "'=SUM(A1)" in prefixed and "'007" in prefixed and "'1-2-3" in prefixed


def test_needs_text_prefix():
    for s in (
        "=A1",
        "+1",
        "-",
        "@x",
        "'a",
        "12",
        " 3.5 ",
        "1-2-3",
        "2:0",
        "12:30",
        "50%",
        "1/2",
        "TRUE",
        "false",
        "#N/A",
        "1月2日",
        "2024年1月",
        "Jan 5",
        "5-Mar",
        "1e5",
        "(12)",
        "$5",
        "１２",
    ):
        assert needs_text_prefix(s), s
    for s in (
        "",
        "王五",
        "红胜",
        "12先胜",
        "第1轮编排记录（近号）",
        "Round 1",
        "A-1 Club",
        "Li Wei",
        "1队",
        "bye",
        "3R+",
        "Mary Jane",
    ):
        assert not needs_text_prefix(s), s


# --------------------------------------------------------------------------
# errors reach the arbiter; nothing is written
# --------------------------------------------------------------------------


def test_bad_input_gives_a_chinese_message_and_writes_nothing(twin):
    _, _, b = twin
    remote(b, E.pair_next_round)
    wb, view = open_round(b, 1)
    row = view.rows()[2]
    view.set(row, "result", "红赢了吧")
    wb.save(b)
    before = contents(b)
    for fn in (E.pair_next_round, E.explain):  # recompute marks the cell instead (issue 10 §4, below)
        r = remote(b, fn)
        assert [a["func"] for a in r.actions] == ["alert"]
        alert = r.alerts[0]
        assert alert["mode"] == "critical"
        assert "第1轮" in alert["prompt"] and f"第{row}行" in alert["prompt"] and "红赢了吧" in alert["prompt"]
        assert "工作簿未作改动" in alert["prompt"] and "Traceback" not in alert["prompt"]
        assert not r.result.ok
        assert contents(b) == before
    r = remote(b, E.recompute)
    assert not r.result.ok and r.alerts[0]["mode"] == "critical"
    assert f"已标红：第1轮!F{row}" in r.alerts[0]["prompt"] and "红赢了吧" in r.alerts[0]["prompt"]
    after = contents(b)
    assert after != before and "红赢了吧" in str(after["第1轮"][row - 1])  # the row's 提示


def test_english_message_with_xlxq_lang(twin, monkeypatch):
    _, _, b = twin
    monkeypatch.setenv("XLXQ_LANG", "en")
    r = remote(b, E.pair_next_round)
    assert r.alerts[0]["title"] == "xlxq · Pair next round" and r.alerts[0]["prompt"].startswith("round 1 paired")


def test_unexpected_error_is_logged_not_shown_as_traceback(twin, monkeypatch, tmp_path):
    _, _, b = twin
    import xlxq.operations.workbook as W

    def boom(book, *args):
        raise RuntimeError("kaputt")

    monkeypatch.setattr(W, "recompute", boom)
    before = contents(b)
    r = remote(b, E.recompute)
    assert [a["func"] for a in r.actions] == ["alert"]
    prompt = r.alerts[0]["prompt"]
    assert "程序内部错误" in prompt and "RuntimeError: kaputt" in prompt and "xlxq-error.log" in prompt
    assert "Traceback" not in prompt
    log = (tmp_path / "xlxq-error.log").read_text(encoding="utf-8")
    assert "Traceback" in log and "kaputt" in log and "b.xlsx" in log
    assert contents(b) == before


def test_failure_inside_apply_drops_the_queued_actions(twin, monkeypatch):
    _, _, b = twin
    original = XlwingsBook._apply_core

    def half(self, plan, journal):
        original(self, plan, journal)  # everything queued …
        raise RuntimeError("Excel said no")  # … then a failure

    monkeypatch.setattr(XlwingsBook, "_apply_core", half)
    before = contents(b)
    r = remote(b, E.pair_next_round)
    assert [a["func"] for a in r.actions] == ["alert"] and "Excel said no" in r.alerts[0]["prompt"]
    assert contents(b) == before and "第1轮" not in openpyxl.load_workbook(b).sheetnames


def test_not_called_from_excel_returns_a_status():
    st = E.recompute()
    assert not st.ok and "请从 Excel 中的按钮运行" in st.message_zh


def test_explain_uses_the_active_round_sheet(twin):
    _, _, b = twin
    remote(b, E.pair_next_round)
    play_results([b], 1, 1)
    remote(b, E.pair_next_round)
    wb = openpyxl.load_workbook(b)
    ws = wb["编排记录"]
    ws.delete_rows(1, ws.max_row)
    ws["A1"] = "编排记录"
    wb.save(b)
    r = remote(b, E.explain, active_sheet="第1轮")
    assert r.result.ok and "第1轮编排记录" in r.alerts[0]["prompt"]
    log = [c.value for c in openpyxl.load_workbook(b)["编排记录"]["A"] if c.value]
    assert any(str(v).startswith("第1轮编排记录") for v in log)
    assert not any(str(v).startswith("第2轮编排记录") for v in log)
    assert r.applied.active == "编排记录"
    r = remote(b, E.explain, active_sheet="设置")  # not a round sheet: the last round
    assert "第2轮编排记录" in r.alerts[0]["prompt"]


def test_long_problem_lists_are_cut_in_the_message():
    from xlxq.i18n import Msg
    from xlxq.sheets.problems import Problem, Status

    problems = [Problem("warning", "x", f"问题{i}", f"p{i}", "第1轮", i + 3) for i in range(40)]
    st = Status(True, msg=Msg("excel.as-is", text="完成"), details=problems)
    text = E.message_text(st)
    assert text.count("• [警告]") == E.MAX_LINES and "另有28条" in text


# --------------------------------------------------------------------------
# the backend's reading
# --------------------------------------------------------------------------


@pytest.mark.parametrize("client,numbers", [("VBA", "com"), ("VBA", "wire"), ("Office.js", "wire")])
def test_values_read_like_openpyxl(tmp_path, client, numbers):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "S"
    ws["C4"] = 3
    ws["D4"] = 2.5
    ws["E4"] = "x"
    ws["C5"] = dt.datetime(2024, 5, 1, 9, 30)
    ws["D5"] = True
    ws["E5"] = "#N/A"
    ws["F6"] = dt.time(2, 0)
    ws["B2"].number_format = "@"  # formatted but empty: part of the used range
    wb.create_sheet("Empty")
    wb.save(tmp_path / "v.xlsx")
    want = {n: OpenpyxlBook(tmp_path / "v.xlsx").values(n) for n in ("S", "Empty")}
    payload = H.payload_from_xlsx(tmp_path / "v.xlsx", client=client, numbers=numbers)
    got = H.run_as_caller(payload, lambda: {n: XlwingsBook(xw.Book.caller()).values(n) for n in ("S", "Empty")})
    s = got.result["S"]
    assert s[3][2:5] == [3, 2.5, "x"] and type(s[3][2]) is int
    assert s[4][2:5] == [dt.datetime(2024, 5, 1, 9, 30), True, "#N/A"]
    assert s[5][5] == dt.datetime(1899, 12, 30, 2, 0)  # a time, as Excel gives it
    assert got.result["Empty"] == []
    for r_got, r_want in zip(s, want["S"]):
        assert [x for x in r_got if not isinstance(x, dt.datetime)] == [
            x for x in r_want if not isinstance(x, (dt.datetime, dt.time))
        ]


def test_normalise():
    assert normalise(3.0) == 3 and type(normalise(3.0)) is int
    assert normalise(2.5) == 2.5 and normalise("") is None and normalise(None) is None
    assert normalise(True) is True and normalise("a") == "a"
    assert normalise(dt.datetime(2024, 1, 1, tzinfo=dt.timezone.utc)) == dt.datetime(2024, 1, 1)


def test_xlsm_through_the_remote_path_keeps_vba(tmp_path):
    from xlxq.backends.registration import read_registration
    from xlxq.core.model import EventSettings
    from tests.test_workbook_support import SAMPLE

    p = create_event_workbook(tmp_path / "e.xlsm", read_registration(SAMPLE), EventSettings(rounds=5))
    vba = _zip_member(p, "xl/vbaProject.bin")
    r = remote(p, E.pair_next_round)
    assert r.result.ok
    assert _zip_member(p, "xl/vbaProject.bin") == vba
    assert b"PairNextRound" in _zip_member(p, "xl/drawings/vmlDrawing1.vml")


def _zip_member(path: Path, name: str) -> bytes:
    import zipfile

    with zipfile.ZipFile(path) as z:
        return z.read(name)


# --------------------------------------------------------------------------
# the COM code paths, on fakes (no Excel here)
# --------------------------------------------------------------------------


class Rec:
    """A recording stand-in for an Excel COM object: every attribute set and
    call is logged with its path; ``fail`` substrings raise."""

    def __init__(self, path: str, log: list, fail: tuple = (), returns: dict | None = None):
        object.__setattr__(self, "_p", (path, log, fail, returns or {}))

    def __getattr__(self, name: str) -> "Rec":
        path, log, fail, returns = self._p
        return Rec(f"{path}.{name}", log, fail, returns)

    def __call__(self, *args: Any) -> Any:
        path, log, fail, returns = self._p
        p = f"{path}({', '.join(map(repr, args))})"
        log.append((p, None))
        if p in returns:
            return returns[p]
        return Rec(p, log, fail, returns)

    def __setattr__(self, name: str, value: Any) -> None:
        path, log, fail, _ = self._p
        p = f"{path}.{name}"
        if any(f in p for f in fail):
            raise RuntimeError(f"COM error setting {p}")
        log.append((p, value))

    def __repr__(self) -> str:
        return self._p[0]


def sets_of(log: list, key: str) -> Any:
    return dict(log)[key]


def test_cosmetics_over_com_use_the_excel_object_model():
    log: list = []
    app = Rec("Excel", log, fail=("PaperSize",), returns={"Excel.International(5)": ";"})
    sheets = {"S": Rec("S", log, fail=("PaperSize",)), "H": Rec("H", log)}
    plan = WritePlan(
        looks=[SheetLook("S", {1: 6, 3: 18}, freeze=(3, 2), heights={4: 33.0}), SheetLook("H", {}, hidden=True)],
        styles=[
            Style("S", 2, 1, 1, 4, bold=True, size=14, border=True, align="center"),
            Style("S", 3, 3, 5, 1, wrap=True),
        ],
        validations=[
            ListValidation("S", 3, 6, 10, 1, ["红胜", "黑胜", "和"], allow_other=True),
            ListValidation("S", 3, 7, 1, 1, ["x" * 200, "y" * 100]),
        ],
        page_setups=[
            PageSetup(
                "S",
                landscape=True,
                title_rows=(1, 2),
                area=(1, 1, 30, 11),
                footer="&P / &N",
                header_left="赛事",
                header_centre="第1轮",
                footer_left="裁判长：________",
            ),
            PageSetup("H", scale=80),
        ],
    )
    errors: list[str] = []
    apply_cosmetics(app, sheets, plan, errors)
    assert sets_of(log, "S.Rows(4).RowHeight") == 33.0
    assert sets_of(log, "S.PageSetup.LeftHeader") == "赛事" and sets_of(log, "S.PageSetup.CenterHeader") == "第1轮"
    assert sets_of(log, "S.PageSetup.LeftFooter") == "裁判长：________"
    assert "S.PageSetup.RightHeader" not in dict(log)  # not given: left as it is
    assert sets_of(log, "H.PageSetup.Zoom") == 80 and "H.PageSetup.FitToPagesWide" not in dict(log)
    sets = dict(log)
    assert sets["S.Columns(1).ColumnWidth"] == 6 and sets["S.Columns(3).ColumnWidth"] == 18
    assert sets["Excel.ActiveWindow.SplitRow"] == 2 and sets["Excel.ActiveWindow.SplitColumn"] == 1
    assert sets["Excel.ActiveWindow.FreezePanes"] is True
    assert sets["H.Visible"] == 0
    rng = "S.Range(S.Cells(2, 1), S.Cells(2, 4))"
    assert sets[f"{rng}.Font.Bold"] is True and sets[f"{rng}.Font.Size"] == 14
    assert sets[f"{rng}.Borders.LineStyle"] == 1 and sets[f"{rng}.Borders.Color"] == 0x808080
    assert sets[f"{rng}.HorizontalAlignment"] == -4108
    assert sets["S.Range(S.Cells(3, 3), S.Cells(7, 3)).WrapText"] is True
    v = "S.Range(S.Cells(3, 6), S.Cells(12, 6)).Validation"
    assert f"{v}.Add(3, 1, 1, '红胜;黑胜;和')" in sets  # the locale's list separator
    assert sets[f"{v}.ShowError"] is False
    assert any("longer than 255" in e for e in errors)
    assert sets["S.PageSetup.Orientation"] == 2 and sets["S.PageSetup.PrintArea"] == "$A$1:$K$30"
    assert sets["S.PageSetup.PrintTitleRows"] == "$1:$2" and sets["S.PageSetup.CenterFooter"] == "&P / &N"
    assert any("page setup" in e and "PaperSize" in e for e in errors)  # no printer: recorded, not fatal
    assert sets["Excel.PrintCommunication"] is True  # switched back on


class FakeRange:
    def __init__(self, sheet: "FakeSheet", r1: int, c1: int, r2: int, c2: int):
        self.sheet, self.r1, self.c1, self.r2, self.c2 = sheet, r1, c1, r2, c2

    def options(self, **kw: Any) -> "FakeRange":
        return self

    def _cells(self):
        return [[(r, c) for c in range(self.c1, self.c2 + 1)] for r in range(self.r1, self.r2 + 1)]

    @property
    def value(self):
        return [[self.sheet.cells.get(k) for k in row] for row in self._cells()]

    @value.setter
    def value(self, rows):
        if self.sheet.protected:
            raise RuntimeError("the sheet is protected")
        for krow, vrow in zip(self._cells(), rows):
            for k, v in zip(krow, vrow):
                self.sheet.cells[k] = (
                    None if v in ("", None) else (v[1:] if isinstance(v, str) and v.startswith("'") else v)
                )

    @property
    def formula(self):
        return tuple(
            tuple("" if self.sheet.cells.get(k) is None else self.sheet.cells[k] for k in row) for row in self._cells()
        )

    @formula.setter
    def formula(self, rows):
        for krow, vrow in zip(self._cells(), rows):
            for k, v in zip(krow, vrow):
                self.sheet.cells[k] = None if v == "" else v

    color = None
    number_format = None

    @property
    def last_cell(self):
        return FakeRange(self.sheet, self.r2, self.c2, self.r2, self.c2)

    @property
    def row(self):
        return self.r1

    @property
    def column(self):
        return self.c1


class FakeSheet:
    def __init__(self, book: "FakeBook", name: str):
        self.book, self.name, self.cells, self.protected = book, name, {}, False
        self.api = Rec(name, book.log)

    def range(self, a, b=None):
        b = b or a
        return FakeRange(self, a[0], a[1], b[0], b[1])

    @property
    def used_range(self):
        keys = [k for k, v in self.cells.items() if v is not None] or [(1, 1)]
        return FakeRange(self, 1, 1, max(r for r, _ in keys), max(c for _, c in keys))

    def activate(self):
        self.book.active = self.name

    def delete(self):
        self.book.order.remove(self)


class FakeSheets:
    def __init__(self, book: "FakeBook"):
        self.book = book

    def __iter__(self):
        return iter(list(self.book.order))

    def __len__(self):
        return len(self.book.order)

    def __getitem__(self, key):
        if isinstance(key, int):
            return self.book.order[key]
        return next(s for s in self.book.order if s.name == key)

    def add(self, name, after=None):
        s = FakeSheet(self.book, name)
        self.book.order.insert(self.book.order.index(after) + 1 if after else len(self.book.order), s)
        return s

    @property
    def active(self):
        return self[self.book.active]


class FakeApp:
    class engine:
        name = "excel"

    def __init__(self, book):
        self.screen_updating, self.calculation, self.display_alerts = True, "automatic", True
        self.status_bar = False
        self.api = Rec("Excel", book.log, returns={"Excel.International(5)": ","})
        self.alerts: list = []

    def alert(self, prompt, title=None, buttons="ok", mode=None, callback=None):
        self.alerts.append((prompt, title, mode))


class FakeBook:
    """Enough of an xw.Book over COM for XlwingsBook (no Excel here)."""

    name = "fake.xlsm"

    def __init__(self, grids: dict[str, list[list[Any]]]):
        self.log: list = []
        self.order = []
        for n, grid in grids.items():
            s = FakeSheet(self, n)
            for i, row in enumerate(grid, start=1):
                for j, v in enumerate(row, start=1):
                    if v is not None:
                        s.cells[(i, j)] = float(v) if isinstance(v, int) and not isinstance(v, bool) else v
            self.order.append(s)
        self.active = self.order[0].name
        self.sheets = FakeSheets(self)
        self.app = FakeApp(self)


def _com_book(path: Path) -> tuple[FakeBook, XlwingsBook]:
    ob = OpenpyxlBook(path)
    fake = FakeBook({n: ob.values(n) for n in ob.sheet_names()})
    xb = XlwingsBook(fake)
    xb.com = True  # as on Windows
    return fake, xb


def test_com_path_pairs_like_openpyxl_and_applies_cosmetics(twin):
    _, a, b = twin
    fake, xb = _com_book(b)
    st = pair_next_round(xb)
    pair_next_round(OpenpyxlBook(a))
    assert st.ok
    want = contents(a)
    got = {s.name: [[_num(v) for v in row] for row in XlwingsBook(fake).values(s.name)] for s in fake.order}
    assert got == want
    assert fake.app.screen_updating is True and fake.app.calculation == "automatic"  # restored
    sets = dict(fake.log)
    assert sets["第1轮.Columns(1).ColumnWidth"] == 6 and "第1轮.PageSetup.PrintTitleRows" in sets


def test_com_failure_restores_cells_and_removes_added_sheets(twin):
    _, _, b = twin
    fake, xb = _com_book(b)

    def cells():
        return {s.name: {k: v for k, v in s.cells.items() if v is not None} for s in fake.order}

    before = cells()
    names = [s.name for s in fake.order]
    plan = WritePlan(
        add_sheets=[AddSheet("第1轮", "round", "报名表")],
        number_formats=[NumberFormat("第1轮", 3, 6, 2, 1, "@")],
        values=[
            Values("第1轮", 1, 1, [["x", "y"]]),
            Values("设置", 3, 2, [["changed"]]),
            Values("报名表", 3, 8, [["note"]]),
        ],
        fills=[Fill("设置", 3, 2, colour="#FFC7CE")],
    )
    fake.sheets["报名表"].protected = True
    with pytest.raises(RuntimeError, match="protected"):
        xb.apply(plan)
    assert [s.name for s in fake.order] == names
    assert cells() == before
    assert fake.app.screen_updating is True


def test_com_entry_point_shows_the_message_box(twin):
    _, _, b = twin
    fake, _ = _com_book(b)
    st = E.pair_next_round(fake)
    assert st.ok and fake.app.alerts and fake.app.alerts[0][1] == "xlxq · 编排下一轮"
    assert fake.app.status_bar is False
    assert fake.active == "第1轮"


# --------------------------------------------------------------------------
# the other buttons and the team workbook, through the same remote path
# --------------------------------------------------------------------------


def test_round_robin_button_writes_every_round_like_the_openpyxl_path(tmp_path):
    from xlxq.core.model import EventSettings
    from xlxq.core.roundrobin import rr_round_count
    from tests.book_ops import schedule_round_robin

    players = [Player(i, f"棋手{i}", unit=f"单位{i % 3}") for i in range(1, 8)]
    a = create_event_workbook(
        tmp_path / "a.xlsx", players, EventSettings(system="round_robin", rounds=rr_round_count(7), tiebreaks=[])
    )
    b = tmp_path / "b.xlsx"
    shutil.copyfile(a, b)
    st = schedule_round_robin(OpenpyxlBook(a))
    r = remote(b, E.schedule_round_robin)
    assert st.ok and r.result.ok and st.message_zh == r.result.message_zh
    assert contents(a) == contents(b)
    names = openpyxl.load_workbook(b).sheetnames
    assert [n for n in names if n.startswith("第")] == [f"第{k}轮" for k in range(1, 8)]


def test_team_workbook_buttons_dispatch_to_the_team_operations(tmp_path):
    from xlxq.operations.team_workbook import team_demo

    a = team_demo(tmp_path / "a")
    b = tmp_path / "b.xlsx"
    shutil.copyfile(a, b)
    shutil.copyfile(a, tmp_path / "a.xlsx")
    a = tmp_path / "a.xlsx"
    for n in (2, 3):
        enter_results(a)  # the round before played: the next may be paired
        enter_results(b)
        st = pair_next_round(OpenpyxlBook(a))  # xlxq.operations.workbook dispatches on the workbook kind
        r = remote(b, E.pair_next_round)
        assert st.ok and r.result.ok, (st.lines(), r.result.lines())
        assert st.message_zh == r.result.message_zh and f"第{n}轮" in st.message_zh
        assert contents(a) == contents(b)
        assert recompute(OpenpyxlBook(a)).ok and remote(b, E.recompute).result.ok
        assert contents(a) == contents(b)
