"""繁體中文 workbooks (issue 23 item 2): a workbook written in 繁體 (設置,
報名表, 第N輪, 紅勝 …) reads exactly as its 简体 twin, what xlxq writes into it
is in 繁體 (the user's names, units and titles as typed), the zh-Hant
templates, and the generated table (xlxq/sheets/script_table.py) up to date.

The 繁體 twins are made with OpenCC (s2t), a converter independent of
xlxq's own table (the variants, 台 and 臺, 着 and 著, in the label tests);
"simplified-only" is OpenCC's s2t: a character ``c`` with ``s2t(c) != c``.
"""

from __future__ import annotations

import csv
import random
import re
import shutil
from pathlib import Path
from typing import Any, Iterable

import openpyxl
import pytest

from tests.cli_support import run
from tests.conftest import ROOT, load_tool
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import is_hant_book
from xlxq.sheets.read import read_workbook
from xlxq.sheets.results import parse_result
from xlxq.sheets.script import HANT, Keep, lang_is_hant, to_hans, to_hant

opencc = pytest.importorskip("opencc")
S2T = opencc.OpenCC("s2t")

SAMPLE = ROOT / "samples" / "registration.csv"
# the results an arbiter types in each script, by code
WORDS = {
    "zh": {"red_win": "红胜", "black_win": "黑胜", "draw": "和", "red_win_forfeit": "红胜(弃权)"},
    "hant": {"red_win": "紅勝", "black_win": "紅負", "draw": "和棋", "red_win_forfeit": "黑負(棄權)"},
}


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------


def user_strings(path: Path) -> set[str]:
    """The user's strings of a workbook: every text of its registration rows
    (names, units) and the event's title (设置 赛事名称)."""
    wb = openpyxl.load_workbook(path)
    out: set[str] = set()
    for ws in wb.worksheets:
        kind = L.sheet_kind(ws.title)[0] or T.sheet_kind(ws.title)[0]
        if kind in (L.REGISTRATION, T.TEAMS, T.LINEUPS):
            for row in ws.iter_rows(min_row=3, values_only=True):
                out |= {v for v in row if isinstance(v, str) and v.strip()}
        if kind == L.SETTINGS:
            for row in ws.iter_rows(values_only=True):
                if row and L.norm_key(row[0]) == L.norm_key("赛事名称") and isinstance(row[1], str) and row[1]:
                    out.add(row[1])
    return out


def hant_twin(src: Path, dst: Path) -> Path:
    """``src`` (a 简体 workbook) with every label in 繁體 (OpenCC s2t): sheet
    names, headers, 设置 rows and values, drop-down lists; the user's strings
    (names, units, title) and the hidden state sheet as they are."""
    user = user_strings(src)
    keep = re.compile("|".join(map(re.escape, sorted(user, key=len, reverse=True))))
    wb = openpyxl.load_workbook(src)

    def conv(text: str) -> str:
        out, last = [], 0
        for m in keep.finditer(text):
            out += [S2T.convert(text[last : m.start()]), m.group()]
            last = m.end()
        return "".join([*out, S2T.convert(text[last:])])

    for ws in wb.worksheets:
        if ws.title.startswith("_xlxq"):
            continue
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, str) and c.value not in user:
                    c.value = conv(c.value)
        for dv in ws.data_validations.dataValidation:
            dv.formula1 = conv(dv.formula1) if dv.formula1 else dv.formula1
        ws.title = S2T.convert(ws.title)
    wb.save(dst)
    return dst


def simplified_only(text: str) -> set[str]:
    return {c for c in text if S2T.convert(c) != c}


def labels_not_in_hant(path: Path, user: Iterable[str]) -> dict[str, set[str]]:
    """sheet → the simplified-only characters of the texts (users' strings
    taken out) of every sheet but the hidden state, and of the sheet names."""
    rx = re.compile("|".join(map(re.escape, sorted(set(user), key=len, reverse=True))))
    wb = openpyxl.load_workbook(path)
    bad: dict[str, set[str]] = {}
    for ws in wb.worksheets:
        if ws.title.startswith("_xlxq"):
            continue
        found = simplified_only(ws.title)
        for row in ws.iter_rows(values_only=True):
            for v in row:
                if isinstance(v, str):
                    found |= simplified_only(rx.sub("", v))
        for dv in ws.data_validations.dataValidation:
            found |= simplified_only(dv.formula1 or "")
        if found:
            bad[ws.title] = found
    return bad


def model(path: Path) -> Any:
    """The event read from a workbook (the model: numbers, results, settings)."""
    return read_workbook(OpenpyxlBook(path)).event


def rounds_of(event: Any) -> list[Any]:
    return [([(b.board, b.red, b.black, b.result) for b in r.boards], list(r.byes)) for r in event.rounds]


def round_sheet(wb: Any, n: int) -> Any:
    return next(wb[nm] for nm in wb.sheetnames if L.sheet_kind(nm) == (L.ROUND, n))


def type_results(path: Path, n: int, picks: dict[int, str], script: str) -> None:
    """Type the results ``picks`` (board → code) into round ``n``'s 结果 cells in ``script``'s words."""
    wb = openpyxl.load_workbook(path)
    ws = round_sheet(wb, n)
    for r in range(1, 8):
        heads = [L.norm_key(c.value) for c in ws[r]]
        if "结果" in heads:
            break
    res, board = heads.index("结果") + 1, heads.index("台次") + 1
    for row in range(r + 1, ws.max_row + 1):
        b = ws.cell(row=row, column=board).value
        if isinstance(b, int) and b in picks:
            ws.cell(row=row, column=res).value = WORDS[script][picks[b]]
    wb.save(path)


def random_picks(path: Path, n: int, seed: int) -> dict[int, str]:
    rng = random.Random(seed)
    boards = sorted(b.board for b in model(path).rounds[n - 1].boards if b.red and b.black)
    return {b: rng.choice(["red_win", "black_win", "draw", "draw", "red_win_forfeit"]) for b in boards}


def registration_csv(path: Path, n: int) -> Path:
    rows = list(csv.reader(SAMPLE.open(encoding="utf-8-sig")))
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows[: n + 1])
    return path


def play_by_cli(zh: Path, hant: Path, rounds: int) -> None:
    """Pair ``rounds`` rounds in both workbooks through ``xlxq pair``, typing
    the same results in each one's words; then ``xlxq recompute``."""
    for n in range(1, rounds + 1):
        for p in (zh, hant):
            run("pair", p, check_rc=0)
        picks = random_picks(zh, n, n)
        type_results(zh, n, picks, "zh")
        type_results(hant, n, picks, "hant")
    for p in (zh, hant):
        run("recompute", p, check_rc=0)


def assert_same_event(zh: Path, hant: Path) -> None:
    a, b = model(zh), model(hant)
    assert rounds_of(a) == rounds_of(b)
    assert a.settings == b.settings
    assert [(p.no, p.name, p.unit) for p in a.players] == [(p.no, p.name, p.unit) for p in b.players]


def standings_rows(path: Path) -> list[list[Any]]:
    """The 成绩表's rows, their words in 简体 ("3先勝(棄權)" is "3先胜(弃权)")."""
    wb = openpyxl.load_workbook(path)
    ws = next(wb[n] for n in wb.sheetnames if L.sheet_kind(n)[0] == L.STANDINGS)
    return [[to_hans(v) if isinstance(v, str) else v for v in r] for r in ws.iter_rows(min_row=3, values_only=True)]


# --------------------------------------------------------------------------
# labels
# --------------------------------------------------------------------------


def test_hant_labels_read_as_their_simplified_twins():
    assert L.sheet_kind("設置") == (L.SETTINGS, None) and L.sheet_kind("報名表") == (L.REGISTRATION, None)
    assert L.sheet_kind("第3輪") == (L.ROUND, 3) and L.sheet_kind("第 12 輪對陣表") == (L.ROUND, 12)
    assert L.sheet_kind("淘汰賽第2輪") == (L.KO_ROUND, 2)
    assert L.sheet_kind("成績表")[0] == L.STANDINGS and L.sheet_kind("編排記錄")[0] == L.LOG
    assert L.sheet_kind("交叉表")[0] == L.CROSS and L.sheet_kind("對陣圖")[0] == L.BRACKET
    assert T.sheet_kind("隊伍報名")[0] == T.TEAMS and T.sheet_kind("出場名單")[0] == T.LINEUPS
    for hant, code in (
        ("紅勝", "red_win"),
        ("黑負", "red_win"),
        ("紅負", "black_win"),
        ("黑勝", "black_win"),
        ("和棋", "draw"),
        ("和局", "draw"),
        ("紅勝（棄權）", "red_win_forfeit"),
        ("黑負(棄權)", "red_win_forfeit"),
        ("雙棄權", "double_forfeit"),
        ("雙方棄權", "double_forfeit"),
        ("輪空", "bye"),
    ):
        assert parse_result(hant) == code, hant
    # headers and 设置 keys: the normal form of a 繁體 label is its 简体 one
    for hant, hans in (
        ("序號", "序号"),
        ("臺次", "台次"),
        ("台次", "台次"),
        ("單位", "单位"),
        ("紅方", "红方"),
        ("結果", "结果"),
        ("積分", "积分"),
        ("請假輪次", "请假轮次"),
        ("退賽輪次", "退赛轮次"),
        ("遲到入場", "迟到入场"),
        ("賽制", "赛制"),
        ("瑞士制", "瑞士制"),
        ("循環賽", "循环赛"),
        ("定位編排", "定位编排"),
        ("先後手", "先后手"),
        ("著法", "着法"),  # a Taiwan variant
        ("裡", "里"),
    ):
        assert L.norm_key(hant) == L.norm_key(hans), hant


def test_hant_values_of_registration_and_settings_cells_read():
    from xlxq.sheets.registration import parse_absent, parse_withdrawn
    from xlxq.sheets.settings import parse_pairs

    assert parse_absent("第3輪、第5輪") == (3, 5) and parse_withdrawn("在賽") is None
    assert parse_pairs("3與7、12和15") == [(3, 7), (12, 15)]


def test_scoresheets_and_undo_in_a_hant_workbook(tmp_path):
    """The paper sheet is named in 繁體 (第1輪記分單) and undo still finds it."""
    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", registration_csv(tmp_path / "p.csv", 6), "--rounds", "3", check_rc=0)
    hant = hant_twin(zh, tmp_path / "t.xlsx")
    run("pair", hant, check_rc=0)
    run("scoresheets", hant, check_rc=0)
    names = openpyxl.load_workbook(hant).sheetnames
    assert "第1輪記分單" in names, names
    run("undo", hant, check_rc=0)
    names = openpyxl.load_workbook(hant).sheetnames
    assert not any(L.sheet_kind(n)[0] == L.ROUND or "記分單" in n for n in names), names


def test_the_normaliser_never_touches_data_and_round_trips_our_words():
    # to_hans is for keys; a name read from a cell is read as typed (the readers use norm_key for labels only)
    assert to_hans("報名表") == "报名表" and to_hans("Registration") == "Registration"
    # every word xlxq writes, converted to 繁體 and back, is the word again
    for word in ("第3轮记分单", "编排记录", "红胜(弃权)", "请假", "退赛", "迟到入场", "轮空", "双弃权", "对手分"):
        assert to_hans(to_hant(word)) == word
        assert not simplified_only(to_hant(word)), word
    keep = Keep(["韩振东", "江苏南京棋社"])
    assert to_hant("第1台 韩振东（红）江苏南京棋社", keep) == "第1臺 韩振东（紅）江苏南京棋社"
    assert lang_is_hant("zh-Hant") and lang_is_hant("zh_TW") and lang_is_hant("繁體") and not lang_is_hant("zh")


def test_a_workbook_is_hant_by_its_settings_or_registration_sheet():
    assert is_hant_book(["設置", "報名表", "第1轮"]) and is_hant_book(["設置", "报名表"])
    assert not is_hant_book(["设置", "报名表", "第1輪"])  # a round sheet alone does not decide
    assert not is_hant_book(["设置", "报名表", "我的統計"])  # nor the arbiter's own sheet
    assert is_hant_book(["设置", "队伍报名"], language="繁體中文") and not is_hant_book(["設置"], language="简体")


@pytest.mark.slow
def test_the_generated_table_is_up_to_date():
    tool = load_tool("build_script_table")
    assert (ROOT / "xlxq" / "sheets" / "script_table.py").read_text(encoding="utf-8") == tool.build(), (
        "run python tools/build_script_table.py"
    )


# --------------------------------------------------------------------------
# whole events
# --------------------------------------------------------------------------


@pytest.mark.slow
def test_swiss_event_through_the_cli_in_a_hant_workbook(tmp_path):
    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", SAMPLE, "--rounds", "5", "--name", "全港象棋公开赛", check_rc=0)
    hant = hant_twin(zh, tmp_path / "t.xlsx")
    assert openpyxl.load_workbook(hant).sheetnames[:2] == ["設置", "報名表"]
    play_by_cli(zh, hant, 3)
    assert_same_event(zh, hant)
    assert standings_rows(zh) == standings_rows(hant)
    wb = openpyxl.load_workbook(hant)
    assert wb.sheetnames == ["設置", "報名表", "第1輪", "第2輪", "第3輪", "成績表", "編排記錄", "_xlxq"]
    assert [c.value for c in wb["第3輪"][2]][:6] == ["臺次", "序號", "紅方", "單位", "積分", "結果"]
    assert wb["第3輪"]["A1"].value == "全港象棋公开赛  第3輪對陣表"  # the title as typed, the words in 繁體
    user = user_strings(hant)
    assert labels_not_in_hant(hant, user) == {}
    # the user's 简体 names stay as typed, in the round sheets and the 编排记录
    names = {p.name for p in model(zh).players}
    assert "韩振东" in names and any("韩振东" in str(v) for row in wb["編排記錄"].values for v in row)
    # the same standings printed (the messages name the workbook's own sheets: 設置!B10)
    a, b = run("standings", zh, check_rc=0), run("standings", hant, check_rc=0)
    assert "設置!" in b.out and "设置!" in a.out
    assert to_hans(a.out.replace(str(zh), "F")) == to_hans(b.out.replace(str(hant), "F"))


@pytest.mark.slow
def test_round_robin_through_the_cli_in_a_hant_workbook(tmp_path):
    players = registration_csv(tmp_path / "p.csv", 6)
    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", players, "--system", "round_robin", check_rc=0)
    hant = hant_twin(zh, tmp_path / "t.xlsx")
    assert model(hant).settings.system == "round_robin"  # 單循環 read from 設置
    play_by_cli(zh, hant, 5)
    assert_same_event(zh, hant)
    assert standings_rows(zh) == standings_rows(hant)
    assert labels_not_in_hant(hant, user_strings(hant)) == {}
    assert "第5輪" in openpyxl.load_workbook(hant).sheetnames


def type_team_results(path: Path, n: int, script: str, seed: int) -> None:
    """Random results in every board row (台次 a number) of team round ``n``, in ``script``'s words."""
    rng = random.Random(seed)
    wb = openpyxl.load_workbook(path)
    ws = round_sheet(wb, n)
    heads = [L.norm_key(c.value) for c in ws[2]]
    res, board = heads.index("结果") + 1, heads.index("台次") + 1
    for row in range(3, ws.max_row + 1):
        if isinstance(ws.cell(row=row, column=board).value, int):
            code = rng.choice(["red_win", "black_win", "draw", "red_win_forfeit"])
            ws.cell(row=row, column=res).value = WORDS[script][code]
    wb.save(path)


@pytest.mark.slow
def test_team_event_through_the_cli_in_a_hant_workbook(tmp_path):
    """A team Swiss made with XLXQ_LANG=zh-Hant (its 繁體 template) and one
    made in 简体: the same matches, results typed in each script, the same
    standings."""
    from xlxq.sheets.read import read_team_workbook

    zh, hant = tmp_path / "s.xlsx", tmp_path / "t.xlsx"
    teams = ROOT / "samples" / "teams.csv"
    for p, lang in ((zh, None), (hant, HANT)):
        run(
            "new",
            p,
            "--teams",
            teams,
            "--rounds",
            "3",
            "--boards",
            "4",
            "--name",
            "港澳台团体赛",
            lang=lang,
            check_rc=0,
        )
    names = openpyxl.load_workbook(hant).sheetnames
    assert names[:3] == ["設置", "隊伍報名", "出場名單"], names
    for n in (1, 2):
        for p in (zh, hant):
            run("pair", p, check_rc=0)
        type_team_results(zh, n, "zh", n)
        type_team_results(hant, n, "hant", n)
    for p in (zh, hant):
        run("pair", p, check_rc=0)
        run("recompute", p, check_rc=0)
    a = read_team_workbook(OpenpyxlBook(zh)).event
    b = read_team_workbook(OpenpyxlBook(hant)).event
    assert len(a.rounds) == 3

    def games(ev: Any) -> list[Any]:
        return [
            [(m.match, m.first, m.second, [(g.red, g.black, g.result) for g in m.boards]) for m in r.matches]
            for r in ev.rounds
        ]

    assert games(a) == games(b)
    assert [t.name for t in a.teams] == [t.name for t in b.teams]
    assert "第3輪" in openpyxl.load_workbook(hant).sheetnames
    assert labels_not_in_hant(hant, user_strings(hant)) == {}
    a_out, b_out = run("standings", zh, check_rc=0).out, run("standings", hant, check_rc=0).out
    assert to_hans(a_out.replace(str(zh), "F")) == to_hans(b_out.replace(str(hant), "F"))


def test_mixed_simplified_and_hant_labels_read_and_write_in_hant(tmp_path):
    """A workbook whose 设置 is 繁體 but whose 报名表, headers and results
    are partly 简体 reads like the 简体 one; it is 繁體 (its 设置 says so), so
    what xlxq writes is 繁體, the 简体 words the arbiter typed as typed."""
    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", registration_csv(tmp_path / "p.csv", 8), "--rounds", "3", check_rc=0)
    run("pair", zh, check_rc=0)
    mixed = tmp_path / "m.xlsx"
    wb = openpyxl.load_workbook(zh)
    wb["设置"].title = "設置"
    ws = wb["第1轮"]
    ws["B2"].value, ws["F2"].value = "序號", "結果"  # one 繁體 header beside 简体 ones
    wb.save(mixed)
    picks = random_picks(zh, 1, 7)
    type_results(zh, 1, picks, "zh")
    type_results(mixed, 1, {b: c for b, c in picks.items() if b % 2}, "hant")
    type_results(mixed, 1, {b: c for b, c in picks.items() if not b % 2}, "zh")
    for p in (zh, mixed):
        run("pair", p, check_rc=0)
    assert_same_event(zh, mixed)
    names = openpyxl.load_workbook(mixed).sheetnames
    assert names[:4] == ["設置", "报名表", "第1轮", "第2輪"], names
    # the 简体 headers of 报名表 are labels, not the user's strings: written in 繁體 elsewhere
    bad = labels_not_in_hant(mixed, user_strings(mixed))
    assert "第2輪" not in bad and bad["成绩表"] == {"绩"}, bad  # its cells rewritten in 繁體, the arbiter's name kept


# --------------------------------------------------------------------------
# the Excel entry point (xlwings remote, no Excel)
# --------------------------------------------------------------------------


@pytest.mark.slow
def test_excel_buttons_on_a_hant_workbook(tmp_path, remote_engine_env):
    pytest.importorskip("xlwings")
    import xlxq.excel as E
    from tests import xlremote as H

    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", SAMPLE, "--rounds", "5", check_rc=0)
    hant = hant_twin(zh, tmp_path / "t.xlsx")
    for n in (1, 2):
        for p in (zh, hant):
            r = H.run_workbook_function(p, E.pair_next_round)
            assert r.result.ok and not r.applied.coerced
        picks = random_picks(zh, n, 20 + n)
        type_results(zh, n, picks, "zh")
        type_results(hant, n, picks, "hant")
        for p in (zh, hant):
            assert H.run_workbook_function(p, E.recompute).result.ok
    r = H.run_workbook_function(hant, E.pair_next_round)
    assert r.applied.active == "第3輪"  # the new round is shown: its 繁體 name
    # the message box in 繁體 (issue 23), the names as typed
    (box,) = r.alerts
    assert box["title"] == "xlxq · 編排下一輪" and box["prompt"].startswith("已編排第3輪（工作表“第3輪”）")
    assert hans_left(box["prompt"], user_strings(hant)) == set(), box["prompt"]
    refused = H.run_workbook_function(hant, E.pair_next_round).alerts[0]  # round 3 has no result
    assert refused["title"] == "xlxq · 編排下一輪" and "錯誤" not in refused["prompt"], refused
    assert hans_left(refused["prompt"], user_strings(hant)) == set(), refused["prompt"]
    H.run_workbook_function(zh, E.pair_next_round)
    assert_same_event(zh, hant)
    assert standings_rows(zh) == standings_rows(hant)
    assert labels_not_in_hant(hant, user_strings(hant)) == {}


# --------------------------------------------------------------------------
# templates
# --------------------------------------------------------------------------


def test_hant_templates_are_in_hant():
    for name in ("xlxq-event-zh-Hant.xlsx", "xlxq-team-zh-Hant.xlsx"):
        path = ROOT / "workbook_templates" / name
        assert labels_not_in_hant(path, ()) == {}, name
    wb = openpyxl.load_workbook(ROOT / "workbook_templates" / "xlxq-event-zh-Hant.xlsx")
    assert wb.sheetnames == ["設置", "報名表", "成績表", "編排記錄", "_xlxq"]
    # the same layout as the 简体 template, cell for cell, in 繁體
    zh = openpyxl.load_workbook(ROOT / "workbook_templates" / "xlxq-event-zh.xlsx")
    for a, b in zip(zh.worksheets, wb.worksheets):
        va = [[to_hans(v) if isinstance(v, str) else v for v in r] for r in a.iter_rows(values_only=True)]
        vb = [[to_hans(v) if isinstance(v, str) else v for v in r] for r in b.iter_rows(values_only=True)]
        assert va == vb, a.title


def test_new_with_xlxq_lang_zh_hant_makes_a_hant_workbook_keeping_names(tmp_path):
    path = tmp_path / "h.xlsx"
    run("new", path, "--players", SAMPLE, "--rounds", "5", "--name", "全港象棋公开赛", lang=HANT, check_rc=0)
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["設置", "報名表", "成績表", "編排記錄", "_xlxq"]
    reg = wb["報名表"]
    assert reg["A1"].value == "全港象棋公开赛  報名表"
    assert [c.value for c in reg[3]][:3] == [1, "赵文博", "浙江杭州棋院"]  # names and units as typed
    assert labels_not_in_hant(path, user_strings(path)) == {}
    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", SAMPLE, "--rounds", "5", "--name", "全港象棋公开赛", check_rc=0)
    assert_same_event(zh, path)


def test_simplified_workbook_is_written_as_before(tmp_path):
    """A 简体 workbook gets no 繁體 character (the conversion is for 繁體 ones only)."""
    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", registration_csv(tmp_path / "p.csv", 8), "--rounds", "3", check_rc=0)
    run("pair", zh, check_rc=0)
    wb = openpyxl.load_workbook(zh)
    assert wb.sheetnames[:3] == ["设置", "报名表", "第1轮"]
    texts = "".join(str(v) for ws in wb.worksheets for row in ws.iter_rows(values_only=True) for v in row if v)
    assert "紅" not in texts and "輪" not in texts and "红" in texts


def test_a_hant_workbook_built_without_its_template_is_hant(tmp_path, monkeypatch):
    """No zh-Hant template (an install without it): the workbook is built from nothing, in 繁體."""
    import xlxq.operations.workbook as W
    from xlxq.core.model import EventSettings, Player

    def missing(lang: str = "zh", macro: bool = False) -> Path:
        raise W.InputError("no template", "no template")

    monkeypatch.setattr(W, "template_path", missing)
    path = W.create_event_workbook(
        tmp_path / "h.xlsx",
        [Player(1, "韩振东", unit="江苏队"), Player(2, "陈志远")],
        EventSettings(rounds=1),
        lang=HANT,
    )
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[:2] == ["設置", "報名表"]
    assert [c.value for c in wb["報名表"][3]][:3] == [1, "韩振东", "江苏队"]
    assert labels_not_in_hant(path, {"韩振东", "江苏队", "陈志远"}) == {}


def test_template_builders_know_zh_hant(tmp_path):
    b = load_tool("build_templates")
    assert "zh-Hant" in b.LANGS
    one = b.build_template("zh-Hant", tmp_path / "a.xlsx").read_bytes()
    assert one == (ROOT / "workbook_templates" / "xlxq-event-zh-Hant.xlsx").read_bytes()
    shutil.rmtree(tmp_path, ignore_errors=True)


def test_a_settings_row_language_decides(tmp_path):
    """A 设置 row 语言 the arbiter adds decides the script of what xlxq writes,
    whatever the sheets are named: 繁體中文 in a 简体 workbook, 简体 in a 繁體 one."""

    def with_language(path: Path, value: str) -> Path:
        wb = openpyxl.load_workbook(path)
        ws = next(wb[n] for n in wb.sheetnames if L.sheet_kind(n)[0] == L.SETTINGS)
        row = ws.max_row + 1
        ws.cell(row=row, column=1).value, ws.cell(row=row, column=2).value = "語言", value
        wb.save(path)
        return path

    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", registration_csv(tmp_path / "p.csv", 6), "--rounds", "3", check_rc=0)
    hant = hant_twin(zh, tmp_path / "t.xlsx")
    with_language(zh, "繁體中文")
    with_language(hant, "简体")
    for p in (zh, hant):
        run("pair", p, check_rc=0)
    assert "第1輪" in openpyxl.load_workbook(zh).sheetnames
    assert "第1轮" in openpyxl.load_workbook(hant).sheetnames
    assert_same_event(zh, hant)


def test_new_macro_workbook_in_hant(tmp_path):
    """XLXQ_LANG=zh-Hant xlxq new E.xlsm: the 繁體 macro template, its buttons' captions in 繁體."""
    import zipfile

    path = tmp_path / "h.xlsm"
    run("new", path, "--players", registration_csv(tmp_path / "p.csv", 6), "--rounds", "3", lang=HANT, check_rc=0)
    wb = openpyxl.load_workbook(path, keep_vba=True)
    assert wb.sheetnames[:2] == ["設置", "報名表"] and wb.vba_archive is not None
    wb.vba_archive.close()
    with zipfile.ZipFile(path) as z:
        drawings = "".join(z.read(n).decode("utf-8") for n in z.namelist() if "vmlDrawing" in n)
    assert "編排下一輪" in drawings and "编排下一轮" not in drawings


# --------------------------------------------------------------------------
# what the CLI and the buttons say about a 繁體 workbook
# --------------------------------------------------------------------------


def hans_left(text: str, user: Iterable[str]) -> set[str]:
    """The simplified-only characters of ``text`` outside the user's strings."""
    for u in sorted(user, key=len, reverse=True):
        text = text.replace(u, "")
    return simplified_only(text)


def test_cli_on_a_hant_workbook_speaks_hant(tmp_path):
    """Issue 23: the operation's texts on a 繁體 workbook are 繁體 (its
    messages, the 对阵表 and 名次表 printed, a refusal, ``undo``), the names
    as typed; ``XLXQ_LANG=en`` is English; a 简体 workbook prints 简体."""
    path = tmp_path / "h.xlsx"
    run("new", path, "--players", SAMPLE, "--rounds", "5", "--name", "全港象棋公开赛", lang=HANT, check_rc=0)
    user = user_strings(path)
    paired = run("pair", path, check_rc=0)
    assert paired.out.startswith("已編排第1輪（工作表“第1輪”）：12臺")
    assert "臺次  序號  紅方" in paired.out and "赵文博" in paired.out  # the table printed, a 简体 name as typed
    refused = run("pair", path)
    assert refused.returncode == 2 and refused.err.startswith("錯誤：第1輪還沒有任何結果")
    assert "1號赵文博—2號李明轩" in refused.err
    shown = [paired.out, refused.err, run("standings", path, check_rc=0).out, run("undo", path, check_rc=0).out]
    assert shown[-1].startswith("已撤銷第1輪")
    for text in shown:
        assert hans_left(text, user) == set(), text
    english = run("pair", path, lang="en", check_rc=0).out
    assert english.startswith("round 1 paired (sheet '第1輪')")  # the sheet's name as written (it said 第1轮)
    assert hans_left(english.replace("原则", ""), user) == set()  # a rule clause in Chinese beside the English
    zh = tmp_path / "s.xlsx"
    run("new", zh, "--players", SAMPLE, "--rounds", "5", check_rc=0)
    assert run("pair", zh, check_rc=0).out.startswith("已编排第1轮（工作表“第1轮”）：12台")


@pytest.mark.slow
def test_a_hant_workbook_with_groups_plays_as_its_simplified_twin(tmp_path):
    """A 繁體 workbook with groups (組別): two rounds paired and recomputed give
    the pairings and standings of its 简体 twin (组别), what is printed is
    繁體, and ``xlxq qualify`` speaks 繁體 on it too (it printed 简体)."""
    from tests.cli_support import group_standings
    from tests.conftest import template_workbook
    from tests.test_workbook_support import group_results

    def type_group_results(path: Path, rnd: int, script: str) -> None:
        """:func:`group_results` typed into each group's round ``rnd``, in ``script``'s words."""
        wb = openpyxl.load_workbook(path)
        for g in ("男子", "女子"):
            ws = next(wb[nm] for nm in wb.sheetnames if nm in (f"{g} 第{rnd}轮", f"{g} 第{rnd}輪"))
            r = next(r for r in range(1, 8) if "结果" in [L.norm_key(c.value) for c in ws[r]])
            heads = [L.norm_key(c.value) for c in ws[r]]
            res, board = heads.index("结果") + 1, heads.index("台次") + 1
            boards = [row for row in range(r + 1, ws.max_row + 1) if isinstance(ws.cell(row, board).value, int)]
            picks = group_results(g, rnd, len(boards))
            for row in boards:
                ws.cell(row, res).value = WORDS[script][picks[ws.cell(row, board).value]]
        wb.save(path)

    rows = [(f"男{i}", "男子") for i in range(1, 9)] + [(f"女{i}", "女子") for i in range(1, 7)]
    zh = template_workbook(tmp_path / "s.xlsx", [n for n, _ in rows], groups=dict(rows), settings={"轮数": 2})
    hant = hant_twin(zh, tmp_path / "t.xlsx")
    assert "組別" in [c.value for c in openpyxl.load_workbook(hant)["報名表"][2]]
    user = user_strings(hant)
    printed = []
    for rnd in (1, 2):
        a, b = run("pair", zh, check_rc=0), run("pair", hant, check_rc=0)
        assert a.out.count(f"已编排第{rnd}轮") == 2 and b.out.count(f"已編排第{rnd}輪") == 2, b.out
        printed.append(b.out)
        type_group_results(zh, rnd, "zh")
        type_group_results(hant, rnd, "hant")
    for p in (zh, hant):
        run("recompute", p, check_rc=0)
    wa, wb = openpyxl.load_workbook(zh), openpyxl.load_workbook(hant)
    for g in ("男子", "女子"):
        for rnd in (1, 2):
            a = [r[:4] for r in wa[f"{g} 第{rnd}轮"].iter_rows(min_row=3, values_only=True) if isinstance(r[0], int)]
            b = [r[:4] for r in wb[f"{g} 第{rnd}輪"].iter_rows(min_row=3, values_only=True) if isinstance(r[0], int)]
            assert a == b and len(a) == (4 if g == "男子" else 3)
    assert group_standings(zh) == group_standings(hant)
    assert {f"{g} 成績表" for g in ("男子", "女子")} <= set(wb.sheetnames)
    shown = {k: v for k, v in labels_not_in_hant(hant, user).items() if not k.endswith(" _xlxq")}
    assert shown == {}  # (each group's hidden state sheet, '男子 _xlxq', as the hidden _xlxq)
    q = run("qualify", hant, "--top", 2, check_rc=0)
    assert q.out.count("積分賽前2名進入淘汰賽") == 2, q.out
    printed.append(q.out)
    for text in printed:
        assert hans_left(text, user) == set(), text
    assert "积分赛前2名进入淘汰赛" in run("qualify", zh, "--top", 2, check_rc=0).out


# --------------------------------------------------------------------------
# 设置 排名方法 typed in 繁體 (issue 23 §2)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("system", "typed", "hans"),
    [
        ("瑞士制", "對手分、勝局、後走勝局", "对手分、胜局、后走胜局"),
        ("瑞士制", "累進分 → 犯規", "累进分 → 犯规"),
        ("單循環", "小分、勝局、直勝", "小分、胜局、直胜"),
    ],
)
def test_hant_tiebreak_items_in_settings_read_as_their_simplified_twin(system, typed, hans):
    """設置's 排名方法 with 繁體 items (對手分、勝局) reads as its 简体 twin
    (it was refused: 名次计算顺序中有未知的项目：'對手分')."""
    from xlxq.sheets.settings import read_settings

    def tiebreaks(value: str) -> list[str]:
        grid = [["項目", "設置"], ["賽制", system], ["排名方法", value]]
        return read_settings("設置", grid, [])[0].tiebreaks

    assert tiebreaks(typed) == tiebreaks(hans)
    assert len(tiebreaks(typed)) >= 2


def test_an_unknown_hant_tiebreak_item_is_named_as_typed():
    from xlxq.errors import InputError
    from xlxq.sheets.settings import read_settings

    with pytest.raises(InputError) as exc:
        read_settings("設置", [["項目", "設置"], ["排名方法", "對手分、勝負"]], [])
    assert "勝負" in str(exc.value) and "B2" in str(exc.value)


def test_hant_team_tiebreak_items_in_settings_read_as_their_simplified_twin():
    from xlxq.sheets.settings import read_team_settings

    def tiebreaks(value: str) -> Any:
        return read_team_settings("設置", [["項目", "設置"], ["排名方法", value]], [])[0].tiebreaks

    assert tiebreaks("場分、局分、團體對手分、勝場") == tiebreaks("场分、局分、团体对手分、胜场")
    assert tiebreaks("局分、場分") == tiebreaks("局分、场分") != tiebreaks("场分、局分")


@pytest.mark.slow
def test_the_prize_sheet_of_a_hant_workbook_is_in_hant(tmp_path):
    """A 繁體 workbook with a prize table (獎項 | 名額 | 條件): its 獲獎名單
    sheet in 繁體 throughout, the conditions too (性別=女, 等級分<3000)."""
    from tests.test_prizes import BLOCK, prize_workbook

    zh, _ = prize_workbook(
        tmp_path / "s.xlsx",
        [*BLOCK[1:], ("最佳女棋手", 1, "性别=女"), ("高分", 1, "等级分<3000，单位!=某队")],
        ["女" if i % 3 == 0 else "男" for i in range(10)],
    )
    hant = hant_twin(zh, tmp_path / "t.xlsx")
    for step in (["pair"], ["simulate", "--seed", "2"], ["recompute"]):
        run(*step, hant, check_rc=0)
    wb = openpyxl.load_workbook(hant)
    assert wb.sheetnames.index("獲獎名單") == wb.sheetnames.index("成績表") + 1
    cells = [str(v) for row in wb["獲獎名單"].iter_rows(values_only=True) for v in row if v is not None]
    assert cells[1:7] == ["獎項", "名次", "序號", "姓名", "單位", "總名次"]
    assert "  最佳女棋手：性別=女" in cells and "  高分：等級分<3000，單位!=某隊" in cells
    own = {f"选手{i}" for i in range(1, 11)}
    assert not [c for c in cells if c not in own and S2T.convert(c) != c]


@pytest.mark.parametrize("teams", [False, True])
def test_the_demo_of_a_hant_user_is_a_hant_workbook(tmp_path, teams):
    """``XLXQ_LANG=zh-Hant xlxq demo`` writes the 繁體 workbook (it wrote the
    简体 one): its sheets, labels and the demo's title in 繁體, round 1 paired."""
    p = run("demo", tmp_path, *(["--teams"] if teams else []), lang="zh-Hant", check_rc=0)
    assert "已編排第1輪" in p.out and not simplified_only(p.out.replace(str(tmp_path), ""))
    path = tmp_path / ("xlxq-team-demo.xlsx" if teams else "xlxq-demo.xlsx")
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames[0] == "設置" and "第1輪" in wb.sheetnames
    assert wb["設置"]["B3"].value == ("xlxq 團體演示賽" if teams else "xlxq 演示賽")
    assert labels_not_in_hant(path, user_strings(path)) == {}
