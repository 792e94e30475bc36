"""Issue 25 §2: the printed 编排公告 carries the site's QR code when the
event has a 网站地址 (设置, JSON ``event.site_url``): a picture in the sheet
(:class:`xlxq.sheets.plan.Picture`) under the pairing list, the caption
扫码查看全部对阵与成绩 and the address in text beside it; kept by every later
save of the workbook by xlxq; placed by the remote engine (addPicture);
printed by LibreOffice.  No 网站地址: no picture, the sheet as before."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
import sys
import zipfile
from io import BytesIO
from pathlib import Path

import openpyxl
import pytest
import segno

from tests.cli_support import load, run
from tests.conftest import SAMPLE, enter_results, template_workbook
from tests.render_support import convert
from tests.test_paper import cells, hand_event
from xlxq.core.paper import round_paper
from xlxq.sheets import paper as P

URL = "https://example.org/spring/"
EMU_PER_PT = 12700


def _modules(png: bytes, border: int = 2, scale: int = 8) -> list[list[int]]:
    """The dark (1) and light (0) modules read back from the PNG, each at its centre."""
    from PIL import Image

    img = Image.open(BytesIO(png)).convert("L")
    n = img.width // scale - 2 * border
    assert img.width == img.height == (n + 2 * border) * scale
    at = lambda i: (i + border) * scale + scale // 2  # noqa: E731
    return [[1 if img.getpixel((at(c), at(r))) < 128 else 0 for c in range(n)] for r in range(n)]


def _notice(url: str = ""):
    ev = hand_event()
    info = dataclasses.replace(ev.settings.info, site_url=url)
    return P.notice_sheet(round_paper(ev, 2, {1: 2, 2: 0, 3: 1, 4: 1, 5: 0, 6: 2}), "zh", info)


def test_the_qr_block_by_hand_under_the_list_and_the_index_after_it():
    """The hand event's notice (test_paper.test_notice_by_hand…): rows 1–7
    the title, facts, header, two boards, 轮空 and 请假; then an 8-pt gap,
    the caption (row 9) and the address (row 10) in column 4, a row making
    the block 104 pt high, the QR code over rows 9–11 at A9 (2 pt in), 100
    × 100 pt: below the table, never over it; the index from a new page."""
    plain, sheet = _notice(), _notice(URL)
    assert plain.pictures == [] and plain.plan(None).pictures == []
    for r in range(1, 8):
        assert cells(sheet, r) == cells(plain, r)
    assert [sheet.heights[r] for r in (8, 9, 10, 11)] == [8.0, 18.0, 16.0, 70.0]
    assert cells(sheet, 8) == [None] * 9 and cells(sheet, 11) == [None] * 9
    assert cells(sheet, 9) == [None, None, None, "扫码查看全部对阵与成绩", None, None, None, None, None]
    assert cells(sheet, 10) == [None, None, None, URL, None, None, None, None, None]
    (pic,) = sheet.pictures
    assert (pic.sheet, pic.row, pic.col, pic.width, pic.height, pic.dx, pic.dy) == (
        "第2轮编排公告",
        9,
        1,
        100.0,
        100.0,
        2.0,
        2.0,
    )
    assert pic.dy + pic.height <= sum(sheet.heights[r] for r in (9, 10, 11))  # inside its own rows
    assert sheet.breaks == [11] and cells(sheet, 12)[0] == "姓名索引（按姓名拼音排序）"
    assert cells(sheet, 14)[0] == cells(plain, 10)[0] == "Anderson（4）轮空"
    # the picture is the address's QR code (error correction M, as notice.html's)
    code = segno.make(URL, error="m")
    assert _modules(pic.png) == [list(row) for row in code.matrix]
    plan = sheet.plan("第2轮")
    assert plan.pictures == [pic] and not plan.is_empty()


def test_no_room_left_the_qr_block_starts_the_next_page():
    """A list that fills the page but for less than the block: the block
    begins the next page (a picture is never cut by a page break)."""
    sheet = P.PaperSheet("S", 9, dict(P.NOTICE_WIDTHS))
    sheet.page_height = P.NOTICE_PAGE_HEIGHT
    while sheet.room() >= 17 + 60:
        sheet.row(17)
    rows = sheet.rows
    P.qr_block(sheet, P.Text("en"), URL)
    assert sheet.breaks == [rows] and sheet.pictures[0].row == rows + 1
    assert sheet.cells[(rows + 1, 4)] == "scan for every pairing and result" and sheet.cells[(rows + 2, 4)] == URL


def test_an_address_too_long_for_a_qr_code_or_no_segno_the_address_alone(monkeypatch):
    """No code to draw (an address past a QR code's capacity; xlwings Lite,
    which has no segno): no picture, no caption, the address in one line
    under the list (row 9, after the gap)."""
    url = "https://example.org/" + "a" * 3000
    sheet = _notice(url)
    assert sheet.pictures == [] and cells(sheet, 9)[0] == "对阵与成绩网页：" + url
    assert "扫码查看全部对阵与成绩" not in sheet.cells.values() and sheet.breaks == [9]
    monkeypatch.setitem(sys.modules, "segno", None)  # import segno fails
    sheet = _notice(URL)
    assert sheet.pictures == [] and cells(sheet, 9)[0] == "对阵与成绩网页：" + URL


def _drawings(path: Path) -> list[str]:
    return sorted(n for n in zipfile.ZipFile(path).namelist() if "drawing" in n or "media" in n)


def _qr(path: Path, sheet: str):
    """(anchor row, anchor column, width pt, height pt, png) of the sheet's one picture."""
    wb = openpyxl.load_workbook(path)
    (img,) = wb[sheet]._images
    a = img.anchor
    return (
        a._from.row + 1,
        a._from.col + 1,
        round(a.ext.width / EMU_PER_PT),
        round(a.ext.height / EMU_PER_PT),
        img._data(),
    )


def test_the_workbook_notice_has_the_qr_code_and_every_later_save_keeps_it(tmp_path):
    """`xlxq notice` on a workbook whose 设置 has 网站地址: the picture at
    A8 (4 boards; no 日期 line), 100 pt, the caption and the address in D8,
    D9; then results typed, `xlxq recompute`, `xlxq pair` (round 2, the
    file saved part by part: the notice sheet, built, is written again) and
    a full openpyxl load and save (partial=False) keep it as it was; the
    round-2 notice gets its own."""
    book = template_workbook(
        tmp_path / "e.xlsx", [f"棋手{k}" for k in range(1, 9)], settings={"赛事名称": "春季赛", "网站地址": URL}
    )
    run("pair", book, check_rc=0)
    assert _drawings(book) == []
    run("notice", book, check_rc=0)
    assert _drawings(book) == ["xl/drawings/_rels/drawing1.xml.rels", "xl/drawings/drawing1.xml", "xl/media/image1.png"]
    first = _qr(book, "第1轮编排公告")
    assert first[:4] == (8, 1, 100, 100)
    assert _modules(first[4]) == [list(row) for row in segno.make(URL, error="m").matrix]
    ws = openpyxl.load_workbook(book)["第1轮编排公告"]
    assert (ws["D8"].value, ws["D9"].value) == ("扫码查看全部对阵与成绩", URL)
    assert ws.print_area == "'第1轮编排公告'!$A$1:$I$15"  # the block inside the printed area (the index: rows 11–15)

    enter_results(book)
    run("recompute", book, check_rc=0)
    assert _qr(book, "第1轮编排公告") == first
    run("pair", book, check_rc=0)
    assert _qr(book, "第1轮编排公告") == first
    run("notice", book, check_rc=0)  # round 2 (the last paired): a sheet of its own, with its own code
    assert _qr(book, "第1轮编排公告") == first and _qr(book, "第2轮编排公告")[:4] == first[:4]

    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.sheets.plan import Values, WritePlan

    OpenpyxlBook(book, partial=False, light=False).apply(WritePlan(values=[Values("第2轮", 1, 12, [["x"]])]))
    assert _qr(book, "第1轮编排公告") == first
    run("notice", book, "--round", 1, check_rc=0)  # made again: one picture, in the new sheet
    assert _qr(book, "第1轮编排公告")[:4] == first[:4]
    assert len([n for n in _drawings(book) if n.startswith("xl/media/")]) == 2


def test_a_macro_workbook_keeps_its_vba_and_the_qr_code(tmp_path):
    """An .xlsm (`xlxq new`, the buttons' workbook): the notice's picture
    is added beside the VBA project and the buttons' parts (nothing of them
    lost), and pair, recompute and the next pair keep it (its sheet's parts
    renumbered by tab position, its picture the same)."""
    book = tmp_path / "e.xlsm"
    run("new", book, "--players", SAMPLE, check_rc=0)
    wb = openpyxl.load_workbook(book, keep_vba=True)
    ws = wb["设置"]
    (row,) = [c.row for c in ws["A"] if c.value == "网站地址"]
    ws.cell(row=row, column=2).value = URL
    wb.save(book)
    wb.vba_archive.close()
    before = set(zipfile.ZipFile(book).namelist())
    run("pair", book, check_rc=0)
    run("notice", book, check_rc=0)
    after = set(zipfile.ZipFile(book).namelist())
    assert before <= after and "xl/vbaProject.bin" in after
    assert {"xl/drawings/drawing1.xml", "xl/media/image1.png"} <= after
    first = _qr(book, "第1轮编排公告")
    assert first[:4] == (16, 1, 100, 100)  # 12 boards in rows 3–14 (no 日期 line), the gap row 15
    enter_results(book)
    run("recompute", book, check_rc=0)
    run("pair", book, check_rc=0)
    assert _qr(book, "第1轮编排公告") == first and "xl/vbaProject.bin" in zipfile.ZipFile(book).namelist()


def test_no_site_address_no_picture_and_a_json_events_notice_has_it(tmp_path):
    ev = tmp_path / "ev.json"
    run("new", ev, "--players", SAMPLE, "--rounds", 5, "--name", "公开赛", check_rc=0)
    run("pair", ev, check_rc=0)
    run("notice", ev, "--out", tmp_path / "a.xlsx", check_rc=0)
    assert _drawings(tmp_path / "a.xlsx") == []
    ws = openpyxl.load_workbook(tmp_path / "a.xlsx").worksheets[0]
    assert "扫码查看全部对阵与成绩" not in [c.value for row in ws.iter_rows() for c in row]
    d = load(ev)
    d["event"]["site_url"] = URL
    import json

    ev.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    run("notice", ev, "--out", tmp_path / "b.xlsx", lang="en", check_rc=0)
    row, col, w, h, png = _qr(tmp_path / "b.xlsx", "Round 1 pairings notice")
    ws = openpyxl.load_workbook(tmp_path / "b.xlsx").worksheets[0]
    assert ws.cell(row=row, column=4).value == "scan for every pairing and result"
    assert ws.cell(row=row + 1, column=4).value == URL and (col, w, h) == (1, 100, 100)
    assert ws.cell(row=row - 2, column=1).value == 12  # under the last board (12 boards, one gap row)


@pytest.mark.parametrize("client", ["VBA", "Office.js"])
def test_the_button_places_the_qr_code_through_the_remote_engine(tmp_path, remote_engine_env, client):
    """打印公告 on xlwings' remote engine: ``addPicture`` with the PNG at the
    caption's row in column A, then its width and height (100 pt); the
    file the client leaves has the picture where the CLI puts it."""
    import base64

    import xlxq.excel as E
    from tests import xlremote as H

    book = template_workbook(
        tmp_path / "e.xlsx", [f"棋手{k}" for k in range(1, 9)], settings={"赛事名称": "春季赛", "网站地址": URL}
    )
    run("pair", book, check_rc=0)
    r = H.run_workbook_function(book, E.print_notice, dst=tmp_path / "a.xlsx", client=client)
    assert r.result.ok, r.result.message_zh
    pics = [a for a in r.actions if "Picture" in a["func"]]
    assert [a["func"] for a in pics] == ["addPicture", "setPictureWidth", "setPictureHeight"]
    add = pics[0]
    assert add["args"][1:] == [0, 7, 0, 0] and [a["args"] for a in pics[1:]] == [[0, 100.0], [0, 100.0]]
    names = openpyxl.load_workbook(tmp_path / "a.xlsx").sheetnames
    assert add["sheet_position"] == names.index("第1轮编排公告")
    png = base64.b64decode(add["args"][0])
    assert _modules(png) == [list(row) for row in segno.make(URL, error="m").matrix]
    assert r.applied.pictures == [("第1轮编排公告", "A8", 0, 0)]
    wb = openpyxl.load_workbook(tmp_path / "a.xlsx")
    (img,) = wb["第1轮编排公告"]._images
    assert round(img.anchor.ext.width / EMU_PER_PT) == 100
    # no 网站地址: no picture action
    plain = template_workbook(tmp_path / "p.xlsx", [f"棋手{k}" for k in range(1, 9)])
    run("pair", plain, check_rc=0)
    r = H.run_workbook_function(plain, E.print_notice, dst=tmp_path / "b.xlsx", client=client)
    assert r.result.ok and not [a for a in r.actions if "Picture" in a["func"]]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None or shutil.which("pdfimages") is None, reason="no LibreOffice")
def test_libreoffice_prints_the_qr_code_on_the_notices_first_page(tmp_path):
    """The 24-player notice with a 网站地址 through LibreOffice: still 2
    pages, one image on page 1 (the QR code: 29 modules + the border, 8 px
    each = 264 px), the caption and the address printed; the image
    rendered at about 100 pt."""
    import json

    ev = tmp_path / "ev.json"
    run("new", ev, "--players", SAMPLE, "--rounds", 5, "--name", "公开赛", check_rc=0)
    run("pair", ev, check_rc=0)
    d = load(ev)
    d["event"]["site_url"] = URL
    ev.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "p.xlsx"
    run("notice", ev, "--out", out, check_rc=0)
    convert([out], tmp_path, tmp_path / "lo")  # one LibreOffice run (tests/render_support.py)
    pdf = tmp_path / "p.pdf"
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "Pages:           2" in info
    listing = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True, text=True, check=True).stdout
    images = [line.split() for line in listing.splitlines()[2:] if line.strip()]
    size = segno.make(URL, error="m").symbol_size(scale=8, border=2)
    assert [(int(i[0]), i[2], int(i[3]), int(i[4])) for i in images] == [(1, "image", *size)]
    x_ppi = float(images[0][12])  # pixels a printed inch: 264 px over 100 pt is 190 ppi
    assert abs(size[0] / x_ppi * 72 - 100) < 3
    # the printed image (LibreOffice stores it as a JPEG) still reads as the address's code
    subprocess.run(["pdfimages", "-png", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "img")], check=True)
    printed = (tmp_path / "img-000.png").read_bytes()
    assert _modules(printed) == [list(row) for row in segno.make(URL, error="m").matrix]
    text = subprocess.run(
        ["pdftotext", "-f", "1", "-l", "1", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "扫码查看全部对阵与成绩" in text and URL in text


class _FakeSheet:
    """An xlwings sheet of Excel's own engine (COM) as far as a picture
    goes: ``range((r, c))`` with the cell's left and top in points (rows of
    20 pt, columns of 50 pt), ``pictures.add`` recorded (the PNG read from
    the file it is given) or refused."""

    def __init__(self, refuse: bool = False):
        self.added: list = []
        self.refuse = refuse
        self.pictures = self

    def range(self, cell):
        from types import SimpleNamespace

        r, c = cell
        return SimpleNamespace(left=(c - 1) * 50.0, top=(r - 1) * 20.0)

    def add(self, path, **kw):
        from types import SimpleNamespace

        if self.refuse:
            raise RuntimeError("the sheet is protected")
        shape = SimpleNamespace(api=SimpleNamespace(Placement=None))
        self.added.append((Path(path).read_bytes(), kw, shape))
        return shape


def test_excel_over_com_places_the_picture_at_its_cell_moved_not_sized():
    """The xlwings backend on Excel's own engine: ``pictures.add`` with the
    PNG, at the cell's corner moved by dx, dy, 100 × 100 pt, after the
    values; the temporary PNG file removed; a picture Excel refuses is
    recorded in ``cosmetic_errors`` and the write goes on."""
    from types import SimpleNamespace

    from xlxq.backends.xlwings_book import XlwingsBook
    from xlxq.sheets.plan import Picture, WritePlan

    sheet = _FakeSheet()
    book = SimpleNamespace(app=SimpleNamespace(engine=SimpleNamespace(name="excel")), sheets={"S": sheet})
    xb = XlwingsBook(book)
    png = P.qr_png(URL)
    xb.apply(WritePlan(pictures=[Picture("S", 9, 2, png, 100.0, 100.0, dx=2.0, dy=2.0)]))
    ((data, kw, shape),) = sheet.added
    assert data == png and kw == {"left": 52.0, "top": 162.0, "width": 100.0, "height": 100.0}
    assert shape.api.Placement == 2  # xlMove: row heights changed later do not stretch it
    assert xb.cosmetic_errors == []
    refused = _FakeSheet(refuse=True)
    book = SimpleNamespace(app=SimpleNamespace(engine=SimpleNamespace(name="excel")), sheets={"S": refused})
    xb = XlwingsBook(book)
    xb.apply(WritePlan(pictures=[Picture("S", 9, 1, png, 100.0, 100.0)]))
    assert xb.cosmetic_errors == ["S picture at A9: the sheet is protected"]


def test_a_hant_workbook_gets_its_notice_in_hant_with_the_qr_code(tmp_path):
    """A 繁體 workbook: the sheet 第1輪編排公告 (the plan's sheets renamed
    into 繁體, its picture with them), the caption in 繁體, the address as typed."""
    from tests.test_hant_workbook import hant_twin

    zh = template_workbook(tmp_path / "s.xlsx", [f"棋手{k}" for k in range(1, 9)], settings={"网站地址": URL})
    hant = hant_twin(zh, tmp_path / "t.xlsx")
    run("pair", hant, check_rc=0)
    run("notice", hant, check_rc=0)
    row, col, w, h, png = _qr(hant, "第1輪編排公告")
    ws = openpyxl.load_workbook(hant)["第1輪編排公告"]
    assert (ws.cell(row=row, column=4).value, ws.cell(row=row + 1, column=4).value) == ("掃碼查看全部對陣與成績", URL)
    assert (col, w, h) == (1, 100, 100) and _modules(png) == [list(r) for r in segno.make(URL, error="m").matrix]


def test_a_team_events_notice_has_the_qr_code_under_its_matches(tmp_path):
    import json

    from tests.conftest import SAMPLE_TEAMS

    ev = tmp_path / "t.json"
    run("new", ev, "--teams", SAMPLE_TEAMS, "--boards", 4, check_rc=0)
    run("pair", ev, check_rc=0)
    d = load(ev)
    d["event"]["site_url"] = URL
    ev.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    run("notice", ev, check_rc=0)
    out = tmp_path / "t-第1轮编排公告.xlsx"
    row, col, w, h, _png = _qr(out, "第1轮编排公告")
    ws = openpyxl.load_workbook(out).worksheets[0]
    last = max(m["match"] for m in d["rounds"][0]["matches"])
    boards = sum(len(m["boards"]) for m in d["rounds"][0]["matches"])
    # title, header, each match's line and its boards, the gap: then the block
    assert row == 2 + last + boards + 2 and ws.cell(row=row - 2, column=1).value == 4  # the last match's board 4
    assert ws.cell(row=row, column=4).value == "扫码查看全部对阵与成绩" and (col, w, h) == (1, 100, 100)
