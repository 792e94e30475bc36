"""显示等级分 (issue 25 §3): the optional 等级分 column beside the name.

A hand-worked event of four: 1 赵一 2400, 2 钱二 unrated, 3 孙三 2200,
4 李四 2150.5; round 1 (近号) is 1–2 (赵一 red) and 4–3 (李四 red, board 2:
双数台次大号先手).  Off (the default) every table is as before; on, each
table has 等级分 after the name, 钱二's blank."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli_support import assert_bad_input, load, run
from tests.conftest import SAMPLE, enter_results, template_workbook
from tests.render_support import convert
from xlxq.core.model import Event, EventSettings, Player, StandingsOptions

REG = "序号,姓名,单位,等级分\n1,赵一,甲,2400\n2,钱二,乙,\n3,孙三,丙,2200\n4,李四,丁,2150.5\n"


def four(show: bool = True) -> Event:
    players = [
        Player(1, "赵一", unit="甲", rating=2400),
        Player(2, "钱二", unit="乙"),
        Player(3, "孙三", unit="丙", rating=2200),
        Player(4, "李四", unit="丁", rating=2150.5),
    ]
    return Event(EventSettings(name="小赛", rounds=3, standings=StandingsOptions(show_rating=show)), players)


def test_shown_only_when_on_and_someone_is_rated():
    assert four().shows_rating
    assert not four(show=False).shows_rating
    unrated = four()
    for p in unrated.players:
        p.rating = None
    assert not unrated.shows_rating
    ev = four()
    assert [ev.rating_text(n) for n in (1, 2, 3, 4)] == ["2400", "", "2200", "2150.5"]


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    d = tmp_path_factory.mktemp("show_rating")
    (d / "reg.csv").write_text(REG, encoding="utf-8")
    run("new", d / "on.json", "--players", d / "reg.csv", "--show-rating", check_rc=0)
    run("new", d / "off.json", "--players", d / "reg.csv", check_rc=0)
    return d


def test_new_writes_the_option_only_when_set(made):
    assert load(made / "on.json")["event"]["options"]["show_rating"] is True
    assert "show_rating" not in load(made / "off.json")["event"]["options"]


def test_pair_and_standings_columns(made, tmp_path):
    import shutil

    for kind in ("on", "off"):  # the module's files stay unpaired
        shutil.copyfile(made / f"{kind}.json", tmp_path / f"{kind}.json")
    made = tmp_path
    p = run("pair", made / "on.json", check_rc=0)
    lines = p.out.splitlines()
    assert lines[1].split() == "台次 序号 红方 等级分 单位 积分 序号 黑方 等级分 单位 积分".split()
    assert lines[2].split() == ["1", "1", "赵一", "2400", "甲", "0", "2", "钱二", "乙", "0"]  # 钱二 blank
    assert lines[3].split() == ["2", "4", "李四", "2150.5", "丁", "0", "3", "孙三", "2200", "丙", "0"]
    off = run("pair", made / "off.json", check_rc=0).out.splitlines()
    assert off[1].split() == "台次 序号 红方 单位 积分 序号 黑方 单位 积分".split()
    s = run("standings", made / "on.json", check_rc=0).out.splitlines()
    assert s[1].split()[:6] == "名次 序号 姓名 等级分 单位 积分".split()
    assert [row.split()[:4] for row in s[2:6]] == [
        ["1", "1", "赵一", "2400"],
        ["1", "2", "钱二", "乙"],
        ["1", "3", "孙三", "2200"],
        ["1", "4", "李四", "2150.5"],
    ]
    en = run("standings", made / "on.json", lang="en", check_rc=0).out.splitlines()
    assert en[1].split()[:6] == "Rank No Name Rating Unit Score".split()
    hant = run("standings", made / "on.json", lang="zh-Hant", check_rc=0).out.splitlines()
    assert hant[1].split()[:6] == "名次 序號 姓名 等級分 單位 積分".split()


def test_bad_setting_refused_at_its_cell(tmp_path):
    bad = template_workbook(tmp_path / "bad.xlsx", ["甲", "乙", "丙", "丁"], settings={"显示等级分": "也许"})
    before = bad.read_bytes()
    assert_bad_input(run("pair", bad), "“设置”表第43行（B43）", "显示等级分", "也许")
    assert bad.read_bytes() == before
    en = template_workbook(tmp_path / "bad-en.xlsx", ["A", "B", "C", "D"], settings={"Show rating": "maybe"}, lang="en")
    assert_bad_input(run("pair", en, lang="en"), "'Settings' row 43 (B43)", "Show rating", lang="en")


def test_json_bad_value_refused(made, tmp_path):
    d = load(made / "on.json")
    d["event"]["options"]["show_rating"] = "yes"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    assert_bad_input(run("standings", bad), "event.options.show_rating")


@pytest.mark.parametrize(
    ("lang", "label", "yes", "sheets", "rating"),
    [
        ("zh", "显示等级分", "是", ("第1轮", "成绩表"), "等级分"),
        ("en", "Show rating", "yes", ("Round 1", "Standings"), "Rating"),
        ("zh-Hant", "顯示等級分", "是", ("第1輪", "成績表"), "等級分"),
    ],
)
def test_workbook_round_sheet_and_standings(tmp_path, lang, label, yes, sheets, rating):
    import openpyxl

    names = ["赵一", "钱二", "孙三", "李四"]
    book = template_workbook(
        tmp_path / "e.xlsx",
        names,
        ratings={"赵一": 2400, "孙三": 2200, "李四": 2150.5},
        settings={label: yes},
        lang=lang,
    )
    run("pair", book, check_rc=0)
    wb = openpyxl.load_workbook(book)
    ws = wb[sheets[0]]
    head = [c.value for c in ws[2]]
    assert head[:4] == [head[0], head[1], head[2], rating]  # 序号 红方 等级分
    assert head[9:12] == [rating, head[10], head[1]]  # 单位 等级分 黑方 序号 (mirrored)
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=3, max_row=4)]
    assert [(r[1], r[3], r[9], r[11]) for r in rows] == [(1, 2400, None, 2), (4, 2150.5, 2200, 3)]
    st = wb[sheets[1]]
    assert [c.value for c in st[2]][2:5] == [st.cell(2, 3).value, rating, st.cell(2, 5).value]
    got = {r[1]: r[3] for r in st.iter_rows(min_row=3, max_row=6, values_only=True)}
    assert got == {1: 2400, 2: None, 3: 2200, 4: 2150.5}


def test_workbook_off_has_no_column(tmp_path):
    import openpyxl

    book = template_workbook(tmp_path / "e.xlsx", ["赵一", "钱二", "孙三", "李四"], ratings={"赵一": 2400})
    run("pair", book, check_rc=0)
    wb = openpyxl.load_workbook(book)
    assert "等级分" not in [c.value for c in wb["第1轮"][2]]
    assert "等级分" not in [c.value for c in wb["成绩表"][2]]


def _cells(html: str) -> list[list[str]]:
    """The first table's rows as the text of their cells."""
    import re

    table = html[html.index("<table") : html.index("</table>")]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
    return [
        [
            re.sub(r"<small[^>]*>.*?</small>|<[^>]+>", "", c).strip()
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", r, re.S)
        ]
        for r in rows
    ]


@pytest.mark.parametrize(("lang", "word"), [("zh", "等级分"), ("en", "Rating"), ("zh-Hant", "等級分")])
def test_site_round_and_standings_pages(made, tmp_path, lang, word):
    import shutil

    for kind in ("on", "off"):
        f = tmp_path / f"{kind}.json"
        shutil.copyfile(made / f"{kind}.json", f)
        run("pair", f, check_rc=0)
        enter_results(f)  # every game drawn: a standings page after round 1
        run("publish", f, tmp_path / kind, "--lang", lang, check_rc=0)
    rnd = _cells((tmp_path / "on" / "round-1.html").read_text(encoding="utf-8"))
    assert rnd[0][2] == word and rnd[0][6] == word
    assert [(r[1], r[2], r[6], r[7]) for r in rnd[1:3]] == [
        ("1 赵一", "2400", "", "2 钱二"),
        ("4 李四", "2150.5", "2200", "3 孙三"),
    ]
    st = _cells((tmp_path / "on" / "standings-1.html").read_text(encoding="utf-8"))
    assert st[0][2] == word
    assert {r[1]: r[2] for r in st[1:]} == {"1 赵一": "2400", "2 钱二": "", "3 孙三": "2200", "4 李四": "2150.5"}
    for page in ("round-1.html", "standings-1.html"):
        assert word not in _cells((tmp_path / "off" / page).read_text(encoding="utf-8"))[0]


@pytest.mark.parametrize(("lang", "word"), [("zh", "等级分"), ("en", "Rating"), ("zh-Hant", "等級分")])
def test_booklet_standings_and_round_tables(made, tmp_path, lang, word):
    import shutil

    from xlxq.backends.json_file import load_event
    from xlxq.operations.booklet import booklet_document

    docs = {}
    for kind in ("on", "off"):
        f = tmp_path / f"{kind}.json"
        shutil.copyfile(made / f"{kind}.json", f)
        run("pair", f, check_rc=0)
        enter_results(f)
        docs[kind] = list(booklet_document(load_event(f), lang).tables())
    st, rnd = docs["on"][0], next(t for t in docs["on"] if "1" in t.title and t.header[0] != docs["on"][0].header[0])
    assert st.header[3] == word and st.keep == 3
    assert {r[1]: r[3] for r in st.rows} == {"1": "2400", "2": "", "3": "2200", "4": "2150.5"}
    assert rnd.header[3] == word and rnd.header[9] == word  # 台次 序号 红方 等级分 … 序号 黑方 等级分 单位 积分
    assert [(r[1], r[3], r[7], r[9]) for r in rnd.rows] == [("1", "2400", "2", ""), ("4", "2150.5", "3", "2200")]
    assert all(word not in t.header for t in docs["off"])


def test_round_robin_workbook_standings(tmp_path):
    import openpyxl

    (tmp_path / "reg.csv").write_text(REG, encoding="utf-8")
    book = tmp_path / "rr.xlsx"
    run("new", book, "--players", tmp_path / "reg.csv", "--system", "round_robin", "--show-rating", check_rc=0)
    out = run("pair", book, check_rc=0).out.splitlines()
    # 秩序表第1轮: 1–4, 2–3
    assert out[2].split() == "台次 序号 红方 等级分 单位 积分 结果 积分 单位 等级分 黑方 序号".split()
    assert out[3].split() == ["1", "1", "赵一", "2400", "甲", "0", "0", "丁", "2150.5", "李四", "4"]
    assert out[4].split() == ["2", "2", "钱二", "乙", "0", "0", "丙", "2200", "孙三", "3"]
    run("recompute", book, check_rc=0)
    st = openpyxl.load_workbook(book)["成绩表"]
    assert [c.value for c in st[2]][:6] == ["名次", "序号", "姓名", "等级分", "单位", "积分"]
    assert {r[1]: r[3] for r in st.iter_rows(min_row=3, max_row=6, values_only=True)} == {
        1: 2400,
        2: None,
        3: 2200,
        4: 2150.5,
    }


def test_notice_has_the_column(made, tmp_path):
    import shutil

    import openpyxl

    f = tmp_path / "on.json"
    shutil.copyfile(made / "on.json", f)
    run("pair", f, check_rc=0)
    run("notice", f, "--out", tmp_path / "n.xlsx", check_rc=0)
    ws = openpyxl.load_workbook(tmp_path / "n.xlsx").active
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=2, max_row=4)]
    assert rows[0] == "台次 序号 红方 等级分 单位 积分 序号 黑方 等级分 单位 积分".split()
    assert rows[1] == [1, 1, "赵一", 2400, "甲", 0, 2, "钱二", None, "乙", 0]
    assert rows[2] == [2, 4, "李四", 2150.5, "丁", 0, 3, "孙三", 2200, "丙", 0]
    off = tmp_path / "off.json"
    shutil.copyfile(made / "off.json", off)
    run("pair", off, check_rc=0)
    run("notice", off, "--out", tmp_path / "m.xlsx", check_rc=0)
    head = [c.value for c in openpyxl.load_workbook(tmp_path / "m.xlsx").active[2]]
    assert head == "台次 序号 红方 单位 积分 序号 黑方 单位 积分".split()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None or shutil.which("pdfinfo") is None, reason="no LibreOffice")
def test_libreoffice_prints_the_rated_notice_one_page_wide(tmp_path):
    """24 players with 等级分: the list on one portrait page (its 11 columns
    not spilling onto a second page across), the index on the next."""
    ev = tmp_path / "ev.json"
    run("new", ev, "--players", SAMPLE, "--rounds", 5, "--show-rating", check_rc=0)
    run("pair", ev, check_rc=0)
    out = tmp_path / "p.xlsx"
    run("notice", ev, "--out", out, check_rc=0)
    convert([out], tmp_path, tmp_path / "lo")  # one LibreOffice run (tests/render_support.py)
    info = subprocess.run(["pdfinfo", str(tmp_path / "p.pdf")], capture_output=True, text=True, check=True).stdout
    assert "Pages:           2" in info
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "p.pdf"), "-"], capture_output=True, text=True).stdout
    first = text.split("\f")[0]
    for p in load(ev)["players"]:
        if "rating" in p:
            assert f"{p['rating']:g}" in first, p


@pytest.mark.slow
@pytest.mark.skipif(not Path(shutil.which("chromium") or "/usr/bin/chromium").exists(), reason="no chromium")
def test_site_on_a_phone_and_a_desktop(tmp_path):
    """The 24-player sample with 等级分, results of two rounds: on a 390-px phone the
    等级分 goes under the name with the 单位 (the columns hidden: no page
    scrolls sideways, the deciding column in view); on a desktop it is a
    column of the round and standings pages."""
    sync = pytest.importorskip("playwright.sync_api")
    ev = tmp_path / "ev.json"
    run("new", ev, "--players", SAMPLE, "--rounds", 5, "--show-rating", check_rc=0)
    run("simulate", ev, "--seed", 1, "--rounds", 3, check_rc=0)
    run("publish", ev, tmp_path / "site", check_rc=0)
    root = (tmp_path / "site").resolve()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for width, phone in ((390, True), (1280, False)):
            pg = browser.new_context(viewport={"width": width, "height": 844}).new_page()
            for name in ("round-2.html", "standings-2.html"):
                pg.goto((root / name).as_uri())
                sw, cw = pg.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
                assert sw <= cw, (width, name, sw, cw)
                text = " ".join(pg.inner_text("body").split())
                assert ("· 2531" in text) == phone, (width, name)  # 赵文博 2531 under his name on the phone
                assert pg.locator("th.rating").first.is_visible() == (not phone), (width, name)
            last = pg.locator("table.standings thead th").last.bounding_box()
            assert last is not None and last["x"] + last["width"] <= width
        browser.close()
