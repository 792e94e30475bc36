"""``xlxq report FILE [--pdf]`` and the button 成绩册: the final results
booklet of every kind of event, as a workbook and as one PDF, checked
against the event (every player, every round's every board) and against
``xlxq standings --json`` (every tie-break value); the PDF's font embedded,
its text extractable with the Chinese names, its pages inside the margins;
zh and en, JSON and workbook sources; bad input refused with nothing
written."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.cli_support import assert_bad_input, run
from tests.conftest import SAMPLE, SAMPLE_TEAMS, played_swiss
from xlxq.core.document import Table

HAVE_POPPLER = all(shutil.which(x) for x in ("pdffonts", "pdftotext", "pdftoppm"))


def _names(d: dict) -> dict[int, str]:
    return {p["no"]: p["name"] for p in d["players"]}


def _boards(r: dict) -> list[dict]:
    return [b for m in r["matches"] for b in m["boards"]] if "matches" in r else r["boards"]


# --------------------------------------------------------------------------
# the document, in process (the fast checks)
# --------------------------------------------------------------------------


def _table(doc, title_part: str) -> Table:
    return next(t for t in doc.tables() if title_part in t.title)


def test_swiss_document_is_the_standings_and_the_rounds() -> None:
    """名次表: the rows and tie-breaks of ``standings --json`` (the settings'
    keys, in order); 成绩表: every player, each round's opponent, colour,
    result and score after it; every round's every board."""
    from xlxq.presentation import report
    from xlxq.core.standings import resolve_tiebreaks
    from xlxq.operations.booklet import booklet_document

    event = played_swiss(rounds=3, players=10)
    doc = booklet_document(event, "zh")
    data = report.standings_data(event, None, "zh")
    order = resolve_tiebreaks(event.settings.tiebreaks)
    keys = [k for k in order if k in data["standings"][0]["tiebreaks"]]  # 比较前一轮成绩 is a rule, not a value
    st = _table(doc, "名次表")
    assert st.header[:5] == ("名次", "序号", "姓名", "单位", "积分")
    assert len(st.rows) == len(event.players) == len(data["standings"])
    labels = st.header[5:]
    assert len(labels) == len(keys)
    for row, want in zip(st.rows, data["standings"]):
        assert row[:3] == (str(want["rank"]), str(want["no"]), want["name"])
        assert [float(x) for x in row[5:]] == [float(want["tiebreaks"][k]) for k in keys]
    assert st.note == "名次计算顺序：积分、对手分、胜局、犯规、后走局数、比较前一轮成绩"
    res = _table(doc, "逐轮成绩表")
    assert [r[1] for r in res.rows] == [str(w["no"]) for w in data["standings"]]
    by_no = {int(r[1]): r for r in res.rows}
    for rnd in event.rounds:
        after = {w["no"]: w["score"] for w in report.standings_data(event, rnd.round, "zh")["standings"]}
        for b in rnd.boards:
            red, black = b.red, b.black
            pr = event.settings.scoring.points(b.result, "R")
            pb = event.settings.scoring.points(b.result, "B")
            want_r = "胜" if pr > pb else "负" if pr < pb else "和"
            want_b = {"胜": "负", "负": "胜", "和": "和"}[want_r]
            assert by_no[red][2 + rnd.round] == f"{black}红{want_r} {after[red]:g}"
            assert by_no[black][2 + rnd.round] == f"{red}黑{want_b} {after[black]:g}"
        pairs = _table(doc, f"第{rnd.round}轮对阵")
        assert [(int(r[0]), int(r[1]), int(r[6])) for r in pairs.rows] == [
            (b.board, b.red, b.black) for b in rnd.boards
        ]
    assert doc.cover.title == "成绩册" and doc.cover.event == "测试赛"
    assert doc.cover.signatures == ("裁判长", "编排长")


def test_the_cover_prints_the_event_facts() -> None:
    from dataclasses import replace

    from xlxq.core.model import EventInfo
    from xlxq.operations.booklet import booklet_document

    event = played_swiss(rounds=1, players=6)
    info = EventInfo(
        date="2026年12月1日", venue="北京棋院", organizer="北京象棋协会", chief_arbiter="张三", pairing_officer="李四"
    )
    event = replace(event, settings=replace(event.settings, info=info))
    cover = booklet_document(event, "zh").cover
    assert ("主办单位", "北京象棋协会") in cover.facts and ("比赛地点", "北京棋院") in cover.facts
    assert ("比赛日期", "2026年12月1日") in cover.facts
    assert cover.signatures == ("裁判长：张三", "编排长：李四")
    en = booklet_document(event, "en").cover
    assert en.title == "Results booklet" and en.signatures == ("Chief arbiter: 张三", "Pairing officer: 李四")


def test_the_rating_section_is_the_rating_report() -> None:
    """With the rating options (``--rating``, 设置's 等级分报告): the
    unofficial note and every rated player's row of ``xlxq rating --json``."""
    from xlxq.operations.booklet import booklet_document
    from xlxq.operations.rating import rating_options
    from xlxq.presentation.rating_report import rating_data, unofficial_note

    event = played_swiss(rounds=2, players=8)
    assert not any(s.sheet == "等级分" for s in booklet_document(event, "zh").sections)
    options = rating_options()
    doc = booklet_document(event, "zh", options)
    section = doc.sections[-1]
    assert section.sheet == "等级分" and section.blocks[0].text == unofficial_note("zh")
    table = section.tables()[0]
    want = rating_data(event, options, "zh")["players"]
    assert [(int(r[0]), float(r[-1])) for r in table.rows] == [
        (p["no"], pytest.approx(p["new"], abs=0.05)) for p in want
    ]


def test_a_ragged_table_is_refused() -> None:
    with pytest.raises(ValueError):
        Table("x", ("a", "b"), (("1",),))


def test_wide_tables_go_landscape_then_split() -> None:
    """The layout: a narrow table portrait at 9 pt; a wider one landscape;
    one too wide even then is split into parts that each fit and repeat
    the kept columns, every column in exactly one part (besides the kept)."""
    from xlxq.presentation.booklet.pdf import WIDTH, layout_table

    narrow = layout_table([20.0] * 5, 2)
    assert narrow.orientation == "P" and narrow.size == 10
    assert sum(narrow.widths) <= WIDTH["P"] and narrow.widths[0] > 20.0 + 2  # widened towards the page
    assert layout_table([20.0] * 9, 2).size < 10  # smaller type before landscape
    assert layout_table([20.0] * 9, 2).orientation == "P"
    wide = layout_table([20.0] * 14, 2)
    assert wide.orientation == "L" and len(wide.parts) == 1
    cross = layout_table([12.0, 30.0] + [8.0] * 60, 2)
    assert len(cross.parts) > 1
    assert all(p[:2] == (0, 1) for p in cross.parts)
    assert sorted(c for p in cross.parts for c in p[2:]) == list(range(2, 62))
    assert all(sum(cross.widths[c] for c in p) <= WIDTH["L"] for p in cross.parts)
    text = layout_table([10.0, 10.0, 900.0, 10.0], 0)  # one long text column: it wraps
    assert sum(text.widths) <= WIDTH["L"] + 1e-6


def test_no_font_exits_2_and_writes_nothing(tmp_path, monkeypatch, capsys) -> None:
    from xlxq.presentation.booklet import fonts
    from xlxq.cli import main
    from xlxq.operations.source import save

    ev = tmp_path / "e.json"
    save(played_swiss(rounds=1, players=6), str(ev))
    monkeypatch.setattr(fonts, "system_candidates", lambda: iter(()))
    monkeypatch.delenv(fonts.ENV, raising=False)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(["report", str(ev), "--pdf"]) == 2
    err = capsys.readouterr().err
    assert "找不到中文字体" in err and "--font" in err and fonts.ENV in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    monkeypatch.setenv(fonts.ENV, str(tmp_path / "none.ttf"))
    assert main(["report", str(ev), "--pdf"]) == 2
    assert "找不到字体文件" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils not installed")
def test_a_long_table_repeats_its_header_on_every_page(tmp_path) -> None:
    """A 300-row table: every page after the cover starts with its header
    row and carries the page number; every row is printed once."""
    from xlxq.presentation.booklet.pdf import write_pdf
    from xlxq.core.document import Cover, Document, Section

    rows = tuple((str(i), f"棋手{i:03d}", "北京") for i in range(1, 301))
    table = Table("名次表", ("序号", "姓名", "单位"), rows, (True, False, False))
    doc = Document("长表测试", "zh", Cover("成绩册", "长表测试"), (Section("名次表", "名次表", (table,)),))
    out = tmp_path / "long.pdf"
    pages = write_pdf(doc, out).pages
    assert pages > 3
    texts = _pdf_text(out).split("\f")[:pages]
    for n, text in enumerate(texts[1:], start=2):
        body = [x.split() for x in text.splitlines() if x.strip()]
        assert body[0] == ["长表测试", "名次表"] and ["序号", "姓名", "单位"] in body[1:4], n
        assert f"第 {n} 页 / 共 {pages} 页" in text
    printed = [x.split()[1] for text in texts[1:] for x in text.splitlines() if "棋手" in x]
    assert printed == [r[1] for r in rows]


@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils not installed")
def test_two_very_long_units_wrap_and_print(tmp_path, capsys) -> None:
    """Issue 21 §2.6: two 200-character units (red and black on one board)
    made fpdf2 fail ("Not enough horizontal space"); they wrap in their
    columns, the narrow columns keep their width, every name is printed."""
    from xlxq.cli import main

    csv = tmp_path / "p.csv"
    rows = [f"棋手{i},{('长' * 199 + str(i)) if i < 2 else '北京'}" for i in range(8)]
    csv.write_text("姓名,单位\n" + "\n".join(rows) + "\n", encoding="utf-8")
    ev, out = tmp_path / "e.json", tmp_path / "e.pdf"
    assert main(["new", str(ev), "--players", str(csv), "--rounds", "3"]) == 0
    assert main(["pair", str(ev)]) == 0
    capsys.readouterr()
    assert main(["report", str(ev), "--pdf", "--out", str(out)]) == 0, capsys.readouterr().err
    text = _pdf_text(out)
    assert all(f"棋手{i}" in text for i in range(8))
    assert text.count("长") >= 2 * 199  # wrapped, not cut
    assert not _inside_margins(out, tmp_path, 5)


def test_many_wide_columns_keep_the_narrow_ones() -> None:
    """The last resort of the layout: the wide columns share what the narrow
    ones leave, no column narrower than a few characters."""
    from xlxq.presentation.booklet.pdf import MIN_WRAP, WIDTH, layout_table

    fit = layout_table([6.0, 6.0, 20.0, 700.0, 8.0, 6.0, 8.0, 700.0, 20.0, 6.0], 2)
    assert len(fit.parts) == 1 and abs(sum(fit.widths) - WIDTH["L"]) < 1e-6
    assert fit.widths[3] == fit.widths[7] > MIN_WRAP
    assert fit.widths[0] == pytest.approx(6.0 * 0.6 + 2)  # the narrow columns as they are
    many = layout_table([300.0] * 40, 0)
    assert min(many.widths) >= MIN_WRAP


# --------------------------------------------------------------------------
# every kind of event, through the command line
# --------------------------------------------------------------------------


def _events(tmp: Path) -> dict[str, Path]:
    eight = tmp / "eight.csv"
    eight.write_text("\n".join(SAMPLE.read_text(encoding="utf-8").splitlines()[:9]) + "\n", encoding="utf-8")
    two = tmp / "two.csv"  # 全队轮赛: two teams
    lines = SAMPLE_TEAMS.read_text(encoding="utf-8").splitlines()
    two.write_text(
        "\n".join(x for x in lines if x.split(",")[0] in ("队名", "北京队", "上海队")) + "\n", encoding="utf-8"
    )
    out = {}
    for key, new in (
        ("swiss", ["--players", SAMPLE, "--rounds", "5", "--eliminate", "3:2"]),
        ("rr", ["--players", eight, "--system", "round_robin"]),
        ("drr", ["--players", eight, "--system", "double_round_robin", "--games-per-match", "2"]),
        ("ko", ["--players", eight, "--system", "knockout"]),
        ("team", ["--teams", SAMPLE_TEAMS, "--boards", "4", "--rounds", "4"]),
        ("team_rr", ["--teams", SAMPLE_TEAMS, "--boards", "4", "--system", "round_robin"]),
        ("scheveningen", ["--teams", two, "--boards", "4", "--system", "scheveningen"]),
    ):
        ev = tmp / f"{key}.json"
        run("new", ev, *new, check_rc=0)
        if key in ("rr", "drr", "team_rr"):
            run("schedule", ev, check_rc=0)
        run("simulate", ev, "--seed", "7", check_rc=0)
        out[key] = ev
    return out


@pytest.fixture(scope="module")
def events(tmp_path_factory) -> dict[str, Path]:
    return _events(tmp_path_factory.mktemp("booklet"))


def _sheets(path: Path) -> dict[str, list[tuple]]:
    wb = openpyxl.load_workbook(path, read_only=True)
    return {
        ws.title: [tuple("" if v is None else str(v) for v in r) for r in ws.iter_rows(values_only=True)] for ws in wb
    }


def _cells(rows: list[tuple]) -> set[str]:
    return {c for r in rows for c in r if c}


@pytest.mark.slow
def test_every_kind_as_a_workbook(events, tmp_path) -> None:
    """The 成绩册 workbook of every kind: every player in the standings and
    results, every board of every round on its round's sheet, the
    standings' tie-breaks those of ``xlxq standings --json``; print-ready
    (A4, fit to width, the header row repeated)."""
    for key, ev in events.items():
        out = tmp_path / f"{key}.xlsx"
        p = run("report", ev, "--out", out, check_rc=0)
        assert str(out) in p.out
        data = json.loads(ev.read_text(encoding="utf-8"))
        names = _names(data)
        sheets = _sheets(out)
        team = "teams" in data
        first = "团体名次" if team else "名次表"
        assert list(sheets)[:2] == ["封面", first], key
        standings = json.loads(run("standings", ev, "--json", check_rc=0).out)
        rows = sheets[first]
        head = next(i for i, r in enumerate(rows) if r[:2] in (("名次", "序号"), ("名次", "队号")))
        body = [r for r in rows[head + 1 :] if r[0]]
        want = standings["standings"]
        if "place" in want[0]:  # knockout: places, not ranks
            assert [int(r[1]) for r in body] == [w["no"] for w in want], key
        else:
            assert [int(r[1]) for r in body[: len(want)]] == [w["no"] for w in want], key
            header = rows[head]
            labels = _labels(key)
            for r, w in zip(body, want):
                for k, v in w["tiebreaks"].items():
                    if labels.get(k) in header:
                        cell = r[header.index(labels[k])]
                        assert (cell == "") if v is None else float(cell) == pytest.approx(float(v)), (key, k, r)
        for r in data["rounds"]:
            sheet = sheets[f"第{r['round']}轮"]
            cells = " ".join(_cells(sheet))
            for b in _boards(r):
                assert names[b["red"]] in cells and names[b["black"]] in cells, (key, r["round"], b)
        if not team:
            results = _cells(sheets["成绩表"])
            assert set(names.values()) <= results, key
        else:
            boards = _cells(sheets["台次成绩"])
            played = {n for r in data["rounds"] for b in _boards(r) for n in (b["red"], b["black"])}
            assert {names[n] for n in played} <= boards, key
        if key in ("rr", "drr"):
            assert "交叉表" in sheets
        if key == "team_rr":
            assert "交叉表" in sheets
        if key == "ko":
            assert "淘汰赛" in sheets
        wb = openpyxl.load_workbook(out)
        for ws in wb.worksheets:
            assert int(ws.page_setup.paperSize) == 9, (key, ws.title)
            if ws.sheet_properties.pageSetUpPr.fitToPage:  # fitted to one page wide
                assert int(ws.page_setup.fitToWidth) == 1, (key, ws.title)
            else:  # too wide for that at 9 pt: at 85 % over pages, 名次/序号/姓名 repeated (sheets.pages.readable_pages)
                assert int(ws.page_setup.scale) == 85 and ws.print_title_cols and ws.col_breaks.brk, (key, ws.title)
            assert ws.oddFooter.center.text and "&P" in ws.oddFooter.center.text
        assert wb[first].print_title_rows == f"${head + 1}:${head + 1}"
        assert json.loads(ev.read_text(encoding="utf-8")) == data  # the event is read, not written


def _labels(key: str) -> dict[str, str]:
    """The 名次表's column label of each ``--json`` tie-break key."""
    from xlxq.core import rr_standings, standings, team_standings

    if key.startswith("team") or key == "scheveningen":
        return team_standings.LABELS_ZH
    return rr_standings.LABELS_ZH if key in ("rr", "drr") else standings.LABELS_ZH


def _pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def _inside_margins(path: Path, tmp: Path, margin_mm: float) -> list[str]:
    """The pages (pdftoppm images) with ink closer to the edge than
    ``margin_mm``."""
    from PIL import Image

    subprocess.run(["pdftoppm", "-r", "40", "-png", str(path), str(tmp / "pg")], check=True)
    bad = []
    for png in sorted(tmp.glob("pg-*.png")):
        im = Image.open(png).convert("L")
        w, h = im.size
        px = margin_mm / 25.4 * 40
        box = im.point(lambda v: 255 if v < 200 else 0).getbbox()
        if box is None:
            bad.append(f"{png.name}: blank")
            continue
        left, top, right, bottom = box
        if left < px or top < px or right > w - px or bottom > h - px:
            bad.append(f"{png.name}: {box} of {im.size}")
    return bad


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils (pdffonts, pdftotext, pdftoppm) not installed")
def test_every_kind_as_a_pdf(events, tmp_path) -> None:
    """One PDF per kind: its fonts embedded (a subset), every player's
    Chinese name in its text, each round's title, the page numbers, every
    page's ink inside the margins."""
    from pypdf import PdfReader

    for key, ev in events.items():
        out = tmp_path / f"{key}.pdf"
        run("report", ev, "--pdf", "--out", out, check_rc=0)
        fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True, check=True).stdout
        lines = fonts.splitlines()[2:]
        assert lines, key
        for line in lines:
            cols = line.split()
            assert cols[-5:-3] == ["yes", "yes"], (key, line)  # emb, sub
        text = _pdf_text(out)
        data = json.loads(ev.read_text(encoding="utf-8"))
        for name in _names(data).values():
            assert name in text, (key, name)
        for r in data["rounds"]:
            assert f"第{r['round']}轮对阵及结果" in text, (key, r["round"])
        pages = len(PdfReader(out).pages)
        assert f"第 {pages} 页 / 共 {pages} 页" in text, key
        folder = tmp_path / f"png-{key}"
        folder.mkdir()
        assert _inside_margins(out, folder, 8.0) == [], key


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils not installed")
def test_english(events, tmp_path) -> None:
    ev = events["team"]
    out = tmp_path / "team-en.pdf"
    p = run("report", ev, "--pdf", "--out", out, lang="en", check_rc=0)
    assert p.out.startswith(f"booklet written to {out} (PDF, ")
    text = _pdf_text(out)
    assert "Results booklet" in text and "Board results" in text and "Round 1: pairings and results" in text
    assert "page 2 of" in text and "四川队" in text
    p = run("report", ev, "--lang", "en", check_rc=0)
    book = ev.with_name("team-booklet.xlsx")
    assert str(book) in p.out and list(_sheets(book))[:3] == ["Cover", "Team standings", "Rosters"]


@pytest.mark.slow
def test_a_workbook_gives_the_booklet_of_its_json(events, tmp_path) -> None:
    """The same event as a workbook and as JSON (``xlxq convert``: a Swiss
    file into a workbook; a team workbook, its round 1 played, into a file):
    the same booklet cells; the workbook is read, not written; the booklet
    beside it by default."""
    from tests.conftest import enter_results

    book = tmp_path / "swiss.xlsx"
    run("convert", events["swiss"], book, check_rc=0)
    pairs = [(book, events["swiss"])]
    run("demo", tmp_path / "team", "--teams", check_rc=0)
    team_book = next((tmp_path / "team").glob("*.xlsx"))
    enter_results(team_book)
    run("convert", team_book, tmp_path / "team.json", check_rc=0)
    pairs.append((team_book, tmp_path / "team.json"))
    for book, ev in pairs:
        before = book.read_bytes()
        run("report", book, check_rc=0)
        assert book.read_bytes() == before
        from_book = _sheets(book.with_name(f"{book.stem}-成绩册.xlsx"))
        out = tmp_path / f"{ev.stem}-json.xlsx"
        run("report", ev, "--out", out, check_rc=0)
        from_json = _sheets(out)
        assert from_book.keys() == from_json.keys()
        assert len(from_json) > 3
        for name in from_json:
            if name != "封面":  # the cover's event name may differ (the file's name)
                assert from_book[name] == from_json[name], (book, name)


@pytest.mark.slow
def test_bad_output_and_font(events, tmp_path) -> None:
    ev = events["swiss"]
    before = ev.read_bytes()
    assert_bad_input(run("report", ev, "--out", tmp_path / "no" / "b.pdf", "--pdf"), "不存在")
    assert_bad_input(run("report", ev, "--out", ev), "不能覆盖赛事文件")
    dejavu = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    if dejavu.exists():
        assert_bad_input(run("report", ev, "--pdf", "--font", dejavu, "--out", tmp_path / "x.pdf"), "不是含中文字形")
    assert_bad_input(
        run("report", ev, "--pdf", "--font", tmp_path / "none.ttf", "--out", tmp_path / "x.pdf"), "找不到字体文件"
    )
    assert not (tmp_path / "x.pdf").exists() and ev.read_bytes() == before


@pytest.mark.slow
def test_the_button_writes_both_beside_the_workbook(tmp_path, monkeypatch, remote_engine_env) -> None:
    """成绩册 through xlwings' remote engine: the workbook and the PDF in the
    working folder (the book's full name there is its file name)."""
    import xlxq.excel as E
    from tests import xlremote as H

    run("demo", tmp_path, check_rc=0)
    book = next(tmp_path.glob("*.xlsx"))
    before = book.read_bytes()
    monkeypatch.chdir(tmp_path)
    r = H.run_workbook_function(book, E.results_booklet, dst=tmp_path / "after.xlsx")
    assert r.result.ok, r.result.message_zh
    assert (tmp_path / f"{book.stem}-成绩册.xlsx").exists() and (tmp_path / f"{book.stem}-成绩册.pdf").exists()
    assert [a["title"] for a in r.alerts] == ["xlxq · 成绩册"]
    assert [a["func"] for a in r.actions] == ["alert"]  # nothing written into the workbook
    assert book.read_bytes() == before


def test_wrapped_rows_stop_at_excels_tallest_row() -> None:
    """A cell of very long wrapped text gets rows for its lines, at most
    Excel's 409.5 points (as the plans' rows: tests/test_pages.py)."""
    from openpyxl.styles import Alignment

    from xlxq.presentation.booklet.xlsx import _wrapped_heights
    from xlxq.sheets.pages import MAX_ROW_POINTS

    wb = openpyxl.Workbook()
    ws = wb.active
    ws["A1"], ws["A2"] = "甲乙丙丁" * 40, "甲乙丙丁" * 400
    for ref in ("A1", "A2"):
        ws[ref].alignment = Alignment(wrap_text=True)
    _wrapped_heights(ws, {1: 20})
    assert 15 < ws.row_dimensions[1].height < MAX_ROW_POINTS
    assert ws.row_dimensions[2].height == MAX_ROW_POINTS


@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils not installed")
def test_characters_the_font_lacks_are_never_dropped_silently(tmp_path, capsys) -> None:
    """Issue 21 §2.7: a character the Chinese font lacks (an emoji, 𠀀, 𪚥)
    is drawn in a fallback font where the machine has one that has it
    (DejaVu Sans has 😀 and ★), else the command warns, naming the
    characters and the players (a name of only such characters prints
    blank), and still writes the PDF."""
    from xlxq.presentation.booklet.fonts import FALLBACK_FONTS, find_font, read_face
    from xlxq.cli import main

    face = find_font()
    from fontTools.ttLib import TTCollection, TTFont

    with open(face.path, "rb") as fh:
        main_font = (
            TTCollection(fh, lazy=True).fonts[face.index] if face.path.endswith(".ttc") else TTFont(fh, lazy=True)
        )
        have = set(main_font.getBestCmap())
    assert 0x20000 not in have and 0x2A6A5 not in have, "this test needs a font without 𠀀 and 𪚥"
    csv = tmp_path / "p.csv"
    csv.write_text("姓名,单位\n😀王,北京\n𠀀,上海\n张三,𪚥\n李四,★队\n王五,广州\n赵六,深圳\n", encoding="utf-8")
    ev, out = tmp_path / "e.json", tmp_path / "e.pdf"
    assert main(["new", str(ev), "--players", str(csv), "--rounds", "3"]) == 0
    assert main(["pair", str(ev)]) == 0
    capsys.readouterr()
    assert main(["report", str(ev), "--pdf", "--out", str(out)]) == 0
    got = capsys.readouterr()
    lines = [x for x in got.out.splitlines() if x.startswith("警告：")]
    assert len(lines) == 1 and "𠀀（U+20000）" in lines[0] and "𪚥（U+2A6A5）" in lines[0], got.out
    assert "2号𠀀" in lines[0] and "3号张三" in lines[0] and "--font" in lines[0]
    assert got.err == ""  # fpdf2's English log line is not shown beside it
    dejavu = any("DejaVuSans" in p and Path(p).is_file() for p in FALLBACK_FONTS)
    if dejavu:  # drawn from the fallback, not named
        assert "😀" not in lines[0] and "★" not in lines[0]
        text = _pdf_text(out)
        assert "😀王" in text and "★队" in text
    assert read_face(face.path) is not None


@pytest.mark.slow  # four PDFs with their font (about 10 s on the shared machine)
@pytest.mark.skipif(not HAVE_POPPLER, reason="poppler-utils not installed")
def test_the_booklet_says_when_it_was_made(tmp_path, monkeypatch) -> None:
    """更新于 … on the cover and in every page's footer, PDF and workbook,
    as the site's footer; SOURCE_DATE_EPOCH fixes it, so two PDFs of the
    same event are the same bytes (the PDF's creation date is that time)."""
    from xlxq.operations.booklet import booklet_document, write_booklet

    event = played_swiss(rounds=2, players=6)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796396520")  # 2026-12-04 15:02 UTC
    pdfs = []
    for k in (1, 2):
        out = tmp_path / f"b{k}.pdf"
        pages, _ = write_booklet(booklet_document(event, "zh"), out, pdf=True)
        pdfs.append(out.read_bytes())
    assert pdfs[0] == pdfs[1]
    texts = _pdf_text(tmp_path / "b1.pdf").split("\f")[:pages]
    assert pages > 1 and all("更新于 2026-12-04 15:02" in text for text in texts), texts
    assert b"D:20261204150200" in pdfs[0]  # the creation date: the same time
    out = tmp_path / "b.xlsx"
    write_booklet(booklet_document(event, "zh"), out, pdf=False)
    wb = openpyxl.load_workbook(out)
    assert "更新于 2026-12-04 15:02" in [c.value for r in wb.worksheets[0].iter_rows() for c in r]
    assert {ws.oddFooter.right.text for ws in wb.worksheets} == {"更新于 2026-12-04 15:02"}
    write_booklet(booklet_document(event, "en"), tmp_path / "en.pdf", pdf=True)
    assert "Updated 2026-12-04 15:02" in _pdf_text(tmp_path / "en.pdf")
    write_booklet(booklet_document(event, "zh-Hant"), tmp_path / "hant.pdf", pdf=True)
    assert "更新於 2026-12-04 15:02" in _pdf_text(tmp_path / "hant.pdf")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796400120")  # an hour later: another booklet
    write_booklet(booklet_document(event, "zh"), tmp_path / "later.pdf", pdf=True)
    assert "更新于 2026-12-04 16:02" in _pdf_text(tmp_path / "later.pdf")
    assert (tmp_path / "later.pdf").read_bytes() != pdfs[0]
