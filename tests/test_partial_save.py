"""The workbook round trip of issue 14: plain sheets left unbuilt at the load
(xlxq/backends/lazy_sheets.py), the sheets a plan did not write to copied
byte for byte at the save and the written ones serialised in one string
(xlxq/backends/partial_save.py).  Checked against openpyxl itself: the
parsed cells against openpyxl's parser, the written cells against its
writer, the saved workbook against a full load and save (the same content,
cell by cell), and LibreOffice reading the result."""

from __future__ import annotations

import datetime
import re
import io
import random
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook
from openpyxl.comments import Comment
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet._reader import WorkSheetParser
from openpyxl.worksheet._writer import WorksheetWriter

from tests import book_ops as B
from tests.conftest import enter_results, load_tool
from xlxq.operations import workbook as W
from xlxq.backends.lazy_sheets import plain_cells
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.backends.partial_save import sheet_data

TEXTS = [
    "",
    " ",
    "a",
    " lead",
    "trail ",
    "a&b",
    "<x>",
    "x > y",
    "line\nbreak",
    "tab\there",
    "红胜",
    "1-0",
    "=A1",
    "&amp;",
]


def random_sheet(ws, rng: random.Random, styled: bool = True) -> None:
    """Cells of every plain kind at random places, some styled."""
    fills = [PatternFill(fill_type="solid", fgColor="FFFFFF00"), PatternFill(fill_type=None)]
    for _ in range(rng.randint(0, 60)):
        r, c = rng.randint(1, 30), rng.randint(1, 12)
        kind = rng.randrange(6)
        cell = ws.cell(row=r, column=c)
        if kind == 0:
            cell.value = rng.choice(TEXTS)
            cell.data_type = "s"  # '=A1' as text, as xlxq writes it
        elif kind == 1:
            cell.value = rng.choice([0, 1, -7, 2499, 10**12, 2**53 + 1])
        elif kind == 2:
            cell.value = rng.choice([0.5, -1.25, 1e-7, 3.0, 1e20, 2 / 3])
        elif kind == 3:
            cell.value = rng.choice([True, False])
        elif kind == 4:
            cell.value = rng.choice(["#N/A", "#DIV/0!"])
            cell.data_type = "e"
        if styled and rng.random() < 0.4:
            cell.font = Font(bold=rng.random() < 0.5, size=rng.choice([10, 11, 14]))
            cell.fill = rng.choice(fills)
            cell.alignment = Alignment(horizontal=rng.choice(["left", "center", None]))


def sheet_part(data: bytes, name: str) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return z.read(name)


def saved(wb: Workbook) -> bytes:
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


@pytest.mark.parametrize("seed", range(40))
def test_plain_cells_are_openpyxls_cells(seed):
    """Each cell of a plain part as openpyxl's own parser gives it: row,
    column, value (and its type), data type, style."""
    rng = random.Random(seed)
    wb = Workbook()
    random_sheet(wb.active, rng)
    data = saved(wb)
    part = sheet_part(data, "xl/worksheets/sheet1.xml")
    wb2 = load_workbook(io.BytesIO(data))
    plain = plain_cells(part, set(wb2._date_formats))
    assert plain is not None
    ref = [
        (c["row"], c["column"], c["value"], c["data_type"], c["style_id"] or 0)
        for _, row in WorkSheetParser(io.BytesIO(part), []).parse()
        for c in row
    ]
    assert [(*p[:3], type(p[2]), *p[3:]) for p in plain.parsed] == [(*p[:3], type(p[2]), *p[3:]) for p in ref]


_PART = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">{head}{data}{tail}</worksheet>'


@pytest.mark.parametrize(
    "body",
    [
        '<row r="1"><c r="A1" t="inlineStr"><is><t></t></is></c><c r="B1" t="inlineStr"><is><t/></is></c></row>',
        '<row r="1"><c r="A1" t="inlineStr" /><c r="B1" s="1" t="n" /><c r="C1" s="1"/></row>',
        '<row r="2" spans="1:3" x14ac:dyDescent="0.25"><c r="A2" t="str"><v>a&amp;b</v></c>'
        '<c r="B2" t="e"><v>#N/A</v></c><c r="C2" t="b"><v>1</v></c><c r="D2" t="s"><v>1</v></c></row>',
        '<row r="3"><c r="A3"><v>1.5</v></c><c r="B3" t="n"><v>-7</v></c><c r="C3"><v>1E-3</v></c></row><row r="4"/>',
        '<row r="5"><c r="A5" t="inlineStr"><is><t xml:space="preserve"> x &lt;y&gt; &#20013; </t></is></c></row>',
    ],
)
def test_plain_cells_hand_made(body):
    """Cells as another program writes them, each as openpyxl's parser reads them."""
    shared = ["zero", "one"]
    part = _PART.format(head="", data=f"<sheetData>{body}</sheetData>", tail="").encode()
    part = part.replace(b"<worksheet ", b'<worksheet xmlns:x14ac="urn:x14ac" ', 1)
    plain = plain_cells(part, set(), shared)
    assert plain is not None
    ref = [
        (c["row"], c["column"], c["value"], c["data_type"], c["style_id"] or 0)
        for _, row in WorkSheetParser(io.BytesIO(part), shared).parse()
        for c in row
    ]
    assert [(*p[:3], type(p[2]), *p[3:]) for p in plain.parsed] == [(*p[:3], type(p[2]), *p[3:]) for p in ref]


@pytest.mark.parametrize(
    "head, data, tail",
    [
        ("", "<sheetData/>", ""),
        ("", "<sheetData />", ""),
        ("<sheetPr/>", '<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>', "<pageMargins/>"),
    ],
)
def test_plain_empty_and_around(head, data, tail):
    plain = plain_cells(_PART.format(head=head, data=data, tail=tail).encode(), set())
    assert plain is not None and list(plain.cells) == ([(1, 1)] if "A1" in data else [])


@pytest.mark.parametrize(
    "head, body, tail",
    [
        ("<!-- note -->", "", ""),
        ("", '<row r="1"><!-- note --><c r="A1"><v>1</v></c></row>', ""),
        ("", '<row r="1"><c r="A1"><f>1+1</f><v>2</v></c></row>', ""),
        ("", '<row r="1"><c r="A1" t="inlineStr"><is><t>a\rb</t></is></c></row>', ""),
        ("", '<row r="1"><c r="A1" t="d" /></row>', ""),
        ("", '<row r="1"><c r="A1" t="inlineStr"><v>1</v></c></row>', ""),
        ("", '<row r="1"><c r="A1"><is><t>x</t></is></c></row>', ""),
        ("", '<row r="1"><c r="A1" t="x"><v>1</v></c></row>', ""),
        ("", '<row r="1" ht="30"><c r="A1"><v>1</v></c></row>', ""),  # a height without customHeight: left to openpyxl
        ("", "", '<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>'),
        ("", "", '<conditionalFormatting sqref="A1"><cfRule type="expression" priority="1"/></conditionalFormatting>'),
        ("", "", '<hyperlinks><hyperlink ref="A1" location="S!A1"/></hyperlinks>'),
        ("", "", '<legacyDrawing r:id="rId1"/>'),
        ("", "", "<sheetData/>"),
        # not well-formed inside sheetData (expat reads only the part around it)
        ("", '<row r="1" x14ac:a="1" x14ac:a="2"><c r="A1"><v>1</v></c></row>', ""),
        ("", '<row r="1"><c r="A1"><v>1</v></c>', ""),
        ("", '<c r="A1"><v>1</v></c></row>', ""),
        ("", '<row r="1"><c r="A1" t="inlineStr"><is><t>a&#1;b</t></is></c></row>', ""),
        ("", '<row r="1"><c r="A1" t="inlineStr"><is><t>a]]>b</t></is></c></row>', ""),
        ("", '<row r="1"><c r="A1" t="inlineStr"><is><t>a\x02b</t></is></c></row>', ""),
        ("", '<row r="1"><c r="A1" t="inlineStr"><is><t>a & b</t></is></c></row>', ""),
        ("", '<row r="1"><c r="A1"><v>1&#46;5</v></c></row>', ""),  # a number through a reference: openpyxl's
    ],
)
def test_not_plain_hand_made(head, body, tail):
    """Anything but plain cells, before, in or after sheetData: left to openpyxl."""
    part = _PART.format(head=head, data=f"<sheetData>{body}</sheetData>", tail=tail)
    part = part.replace("<worksheet ", '<worksheet xmlns:r="urn:r" ', 1)
    assert plain_cells(part.encode(), set(), ["s"]) is None


#: what expat refuses (or might) that the cell grammar could let through,
#: put anywhere in a body of plain cells
_HAZARDS = [
    "&",
    "& ",
    "&foo;",
    "&#1;",
    "&#x0;",
    "&#xD800;",
    "&#65;",
    "&#x4e2d;",
    "&amp;",
    "&lt;",
    "]]>",
    "]]",
    "\x01",
    "\x0b",
    "\x1f",
    "\ufffe",
    "\uffff",
    "\t",
    "\n",
    '<row r="9">',
    "</row>",
    '<row r="9"/>',
    '<row r="9" x14ac:dyDescent="0.25" x14ac:dyDescent="0.3">',
    '<row r="9" x14ac:dyDescent="0.25" x14ac:a="1">',
    '<c r="Z9"/>',
    "<",
    ">",
    '"',
]


@pytest.mark.parametrize("seed", range(30))
def test_plain_only_where_expat_reads_the_whole_part(seed):
    """The part around sheetData goes through expat and the body through
    the tokens' grammar and its checks instead (expat over the whole part
    was a fifth of a load): whatever plain_cells takes as plain, expat reads
    as well-formed XML; a body of plain cells is plain."""
    from xml.parsers import expat

    rng = random.Random(seed)
    rows = []
    for r in range(1, rng.randint(2, 8)):
        cells = "".join(
            rng.choice(
                [
                    f'<c r="A{r}" t="inlineStr"><is><t>a&amp;b中文</t></is></c>',
                    f'<c r="B{r}" s="1" t="n"><v>{r}.5</v></c>',
                    f'<c r="C{r}" t="b"><v>1</v></c>',
                    f'<c r="D{r}" s="1" />',
                ]
            )
            for _ in range(rng.randint(0, 3))
        )
        if r == 1:
            cells = '<c r="A1" t="inlineStr"><is><t>第一行</t></is></c>' + cells.replace('r="A1"', 'r="E1"')
        rows.append(f'<row r="{r}" x14ac:dyDescent="0.25">{cells}</row>')
    body = "".join(rows)
    ok = _PART.format(head="", data=f"<sheetData>{body}</sheetData>", tail="")
    ok = ok.replace("<worksheet ", '<worksheet xmlns:x14ac="urn:x14ac" ', 1)
    assert plain_cells(ok.encode(), set(), None) is not None
    plain_seen = 0
    for _ in range(200):
        part = ok
        for _ in range(rng.randint(1, 3)):
            texts = [m.end() for m in re.finditer("<t>", part)]
            if texts and rng.random() < 0.5:  # in a text, where the grammar takes anything but "<"
                at = rng.choice(texts)
            else:
                at = rng.randrange(part.index("<sheetData>") + 11, part.index("</sheetData>") + 1)
            part = part[:at] + rng.choice(_HAZARDS) + part[at:]
        data = part.encode("utf-8")
        if plain_cells(data, set(), None) is None:
            continue
        plain_seen += 1
        expat.ParserCreate().Parse(data, True)  # raises if it is not well-formed
    assert plain_seen  # some changes keep the part plain (text that stays text)


@pytest.mark.parametrize(
    "change",
    [
        lambda ws: ws.merge_cells("A1:B1"),
        lambda ws: setattr(ws["A2"], "value", "=1+1"),
        lambda ws: setattr(ws["A3"], "comment", Comment("note", "arbiter")),
        lambda ws: setattr(ws["A4"], "value", datetime.date(2026, 12, 1)),
        lambda ws: setattr(ws["A5"], "hyperlink", "#Sheet!A1"),
        lambda ws: setattr(ws.row_dimensions[6], "hidden", True),
    ],
    ids=["merged", "formula", "comment", "date", "hyperlink", "hidden-row"],
)
def test_not_plain(change):
    """What openpyxl reads into more than cell values is left to openpyxl."""
    wb = Workbook()
    ws = wb.active
    ws.title = "Sheet"
    ws["A1"] = "x"
    change(ws)
    assert sheet_data(ws) is None
    data = saved(wb)
    wb2 = load_workbook(io.BytesIO(data))
    assert plain_cells(sheet_part(data, "xl/worksheets/sheet1.xml"), set(wb2._date_formats)) is None


@pytest.mark.parametrize("seed", range(40))
def test_sheet_data_is_openpyxls_writer(seed):
    """The written cells are byte for byte openpyxl's writer's (style numbers
    appended in the same order), empty grid cells included."""
    rng = random.Random(seed)
    wb = Workbook()
    ws = wb.active
    random_sheet(ws, rng)
    if rng.random() < 0.5:
        for _ in ws.iter_rows():  # the empty cells a read leaves
            pass
    for r in rng.sample(range(1, ws.max_row + 4), k=min(3, seed % 4)):  # set heights, on rows with cells or none
        ws.row_dimensions[r].height = rng.choice([30, 12.75, 409.5])
    other = None  # a row dimension with more than a height: left to openpyxl
    if seed % 5 == 1:
        ws.row_dimensions[ws.max_row + 2]  # a dimension made by looking at it: nothing set
    elif seed % 5 in (2, 3, 4):
        other = ws.max_row + 1
        dim = ws.row_dimensions[other]
        if seed % 5 == 2:
            dim.hidden = True
        elif seed % 5 == 3:
            dim.outlineLevel = 1
        else:
            dim.height = 0
    before = len(wb._cell_styles)
    body = sheet_data(ws)
    if other is not None:
        assert body is None
        return
    styles_fast = list(wb._cell_styles)
    w = WorksheetWriter(ws, out=io.BytesIO())
    w.write()
    ref = w.out.getvalue()
    if not ws._cells and not ws.row_dimensions:
        assert body is None and b"<sheetData></sheetData>" in ref
        return
    assert body is not None
    i, j = ref.find(b"<sheetData"), ref.find(b"</sheetData>") + len(b"</sheetData>")
    assert body.encode() == ref[i:j]
    assert list(wb._cell_styles) == styles_fast and len(styles_fast) >= before


def paired_demo(tmp_path: Path, rounds: int) -> Path:
    """The demo workbook with ``rounds`` rounds paired, every result entered."""
    path = W.demo(tmp_path)
    for _ in range(rounds - 1):
        enter_results(path)
        st = B.pair_next_round(OpenpyxlBook(path))
        assert st.ok, st.lines()
    enter_results(path)
    return path


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as z:
        return {n: z.read(n) for n in z.namelist()}


def test_untouched_sheets_copied_and_content_as_full_save(tmp_path):
    """Pairing a round through the partial path: every sheet the plan did
    not write to keeps its bytes (under openpyxl's part name), every other
    member is valid XML, and the workbook's content is the full openpyxl
    load and save's, cell by cell (tools/snapshot.py's content hash)."""
    snap = load_tool("snapshot")
    path = paired_demo(tmp_path, 3)
    full = tmp_path / "full.xlsx"
    shutil.copy(path, full)
    old = members(path)
    old_names = load_workbook(path).sheetnames
    book = OpenpyxlBook(path)
    assert B.pair_next_round(book).ok
    assert B.pair_next_round(OpenpyxlBook(full, partial=False)).ok
    new = members(path)
    assert snap.content_hash(path.read_bytes()) == snap.content_hash(full.read_bytes())
    wb = load_workbook(path)
    assert wb.sheetnames == load_workbook(full).sheetnames
    assert len(wb.sheetnames) == len(old_names) + 1
    kept = 0
    for i, name in enumerate(old_names, 1):
        new_index = wb.sheetnames.index(name) + 1
        if old[f"xl/worksheets/sheet{i}.xml"] == new[f"xl/worksheets/sheet{new_index}.xml"]:
            kept += 1
    assert kept >= 3  # 设置, 报名表, the earlier round sheets
    from xml.parsers import expat

    for name, data in new.items():
        if name.endswith(".xml") or name.endswith(".rels"):
            expat.ParserCreate().Parse(data, True)
    assert zipfile.ZipFile(path).testzip() is None


@pytest.mark.filterwarnings("ignore:Unknown extension")  # openpyxl's own reading, in the test
def test_arbiters_sheet_kept_as_written(tmp_path):
    """An arbiter's own sheet with something openpyxl does not read back (an
    extension list) is copied as it is: before, openpyxl dropped it."""
    path = paired_demo(tmp_path, 1)
    wb = load_workbook(path)
    wb.create_sheet("我的笔记").append(["裁判长", "电话"])
    wb.save(path)
    with zipfile.ZipFile(path) as z:
        data = {n: z.read(n) for n in z.namelist()}
        infos = z.infolist()
    index = load_workbook(path).sheetnames.index("我的笔记") + 1
    part = f"xl/worksheets/sheet{index}.xml"
    ext = b'<extLst><ext uri="{00000000-0000-0000-0000-000000000001}"><x14:note xmlns:x14="urn:x">kept</x14:note></ext></extLst>'
    data[part] = data[part].replace(b"</worksheet>", ext + b"</worksheet>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info in infos:
            z.writestr(info, data[info.filename])
    assert B.pair_next_round(OpenpyxlBook(path)).ok
    wb = load_workbook(path)
    index = wb.sheetnames.index("我的笔记") + 1
    assert ext in sheet_part(path.read_bytes(), f"xl/worksheets/sheet{index}.xml")
    assert [c.value for c in wb["我的笔记"][1]] == ["裁判长", "电话"]


def test_not_plain_sheets_still_saved_whole(tmp_path):
    """A comment (a part of its own) on an untouched sheet: that sheet is
    written by openpyxl as before and the comment survives."""
    path = paired_demo(tmp_path, 1)
    wb = load_workbook(path)
    wb["设置"]["C1"].comment = Comment("裁判长的批注", "arbiter")
    wb.save(path)
    assert B.pair_next_round(OpenpyxlBook(path)).ok
    assert load_workbook(path)["设置"]["C1"].comment.text == "裁判长的批注"


def values_of(path: Path) -> dict[str, list[list]]:
    def norm(v):
        return int(v) if isinstance(v, float) and v.is_integer() else v

    wb = load_workbook(path, data_only=True)
    out = {}
    for ws in wb.worksheets:
        rows = [[norm(v) for v in row] for row in ws.iter_rows(values_only=True)]
        out[ws.title] = [[v for v in r] for r in rows if any(v not in (None, "") for v in r)]
    return out


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice (soffice) is not installed")
def test_libreoffice_reads_partially_written_workbook(tmp_path):
    """LibreOffice opens a partially written workbook: converted to .xlsx and
    read back, every sheet has the same values; it prints it to PDF; and the
    LibreOffice-saved file (shared strings, its own XML) pairs the next round
    through the full path."""
    path = paired_demo(tmp_path, 2)
    assert B.pair_next_round(OpenpyxlBook(path)).ok  # round 3, partially written
    enter_results(path)
    out = tmp_path / "lo"
    for fmt in ("xlsx", "pdf"):
        subprocess.run(
            ["soffice", "--headless", "--norestore", "--convert-to", fmt, "--outdir", str(out), str(path)],
            check=True,
            capture_output=True,
            timeout=180,
        )
    back = out / path.name
    assert (out / (path.stem + ".pdf")).stat().st_size > 1000
    ours, theirs = values_of(path), values_of(back)
    assert list(theirs) == list(ours)
    for name in ours:
        if name.startswith("_"):
            continue  # the hidden state sheet: LibreOffice keeps it too, compared below
        assert theirs[name] == ours[name], name
    assert theirs["_xlxq"] == ours["_xlxq"]
    enter_results(back)
    assert B.pair_next_round(OpenpyxlBook(back)).ok
    assert "第4轮" in load_workbook(back).sheetnames


_INLINE = re.compile(
    r'<c r="([A-Z]+[0-9]+)"( s="[0-9]+")? t="inlineStr"><is><t(?: xml:space="preserve")?>([^<]*)</t></is></c>'
)
_SST_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
_SST_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings"


def as_excel_writes_it(path: Path) -> None:
    """Rewrite an openpyxl-saved workbook as Excel writes its cells: every
    text in the shared-string table (``t="s"``), rows with Excel's
    ``spans`` and ``x14ac:dyDescent``."""
    with zipfile.ZipFile(path) as z:
        infos = z.infolist()
        data = {i.filename: z.read(i.filename) for i in infos}
    table: list[str] = []
    index: dict[str, int] = {}

    def shared(m: re.Match) -> str:
        text = m.group(3)
        if text not in index:
            index[text] = len(table)
            table.append(text)
        return f'<c r="{m.group(1)}"{m.group(2) or ""} t="s"><v>{index[text]}</v></c>'

    ns = 'xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"'
    for name in data:
        if name.startswith("xl/worksheets/sheet"):
            xml = _INLINE.sub(shared, data[name].decode())
            xml = re.sub(r'<row r="([0-9]+)">', r'<row r="\1" spans="1:9" x14ac:dyDescent="0.25">', xml)
            xml = xml.replace("<worksheet ", f"<worksheet {ns} ", 1)
            data[name] = xml.encode()
    items = "".join(f'<si><t xml:space="preserve">{t}</t></si>' for t in table)
    sst = f'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="{len(table)}" uniqueCount="{len(table)}">{items}</sst>'
    data["xl/sharedStrings.xml"] = sst.encode()
    ct = data["[Content_Types].xml"].decode()
    data["[Content_Types].xml"] = ct.replace(
        "</Types>", f'<Override PartName="/xl/sharedStrings.xml" ContentType="{_SST_TYPE}"/></Types>'
    ).encode()
    rels = data["xl/_rels/workbook.xml.rels"].decode()
    data["xl/_rels/workbook.xml.rels"] = rels.replace(
        "</Relationships>", f'<Relationship Id="rIdSst" Type="{_SST_REL}" Target="sharedStrings.xml"/></Relationships>'
    ).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info in infos:
            z.writestr(info, data[info.filename])
        z.writestr("xl/sharedStrings.xml", data["xl/sharedStrings.xml"])


def test_sheets_as_excel_writes_them(tmp_path):
    """A workbook whose sheets use shared strings and Excel's row attributes
    (a file saved by Excel) reads the same values as through openpyxl's
    full load, and pairs the next round to the same content as the full
    load and save; those sheets are written again (inline: openpyxl writes
    no shared strings), so the next run copies them."""
    snap = load_tool("snapshot")
    path = paired_demo(tmp_path, 2)
    as_excel_writes_it(path)
    assert b' t="s"' in sheet_part(path.read_bytes(), "xl/worksheets/sheet2.xml")
    lazy, full = OpenpyxlBook(path), OpenpyxlBook(path, partial=False)
    for name in lazy.sheet_names():
        assert lazy.values(name) == full.values(name), name
    copy = tmp_path / "full.xlsx"
    shutil.copy(path, copy)
    assert B.pair_next_round(OpenpyxlBook(path)).ok
    assert B.pair_next_round(OpenpyxlBook(copy, partial=False)).ok
    assert snap.content_hash(path.read_bytes()) == snap.content_hash(copy.read_bytes())
    assert b' t="s"' not in sheet_part(path.read_bytes(), "xl/worksheets/sheet2.xml")
    assert load_workbook(path)["报名表"]["B3"].value == load_workbook(copy)["报名表"]["B3"].value


@pytest.mark.parametrize(
    "bad, error",
    [
        (b'<c r="B3" s="999" t="n"><v>1</v></c>', "style"),
        (b'<c r="B3" t="n"><v>x1</v></c>', "number"),
        (b'<c r="B3" t="b"><v>yes</v></c>', "boolean"),
    ],
)
def test_broken_plain_sheet_refused_at_load(tmp_path, bad, error):
    """A broken cell in a sheet that would be left unbuilt is refused at the
    load, as openpyxl's load refuses it (exit 2, naming the file)."""
    from xlxq.errors import XlxqError

    path = paired_demo(tmp_path, 1)
    with zipfile.ZipFile(path) as z:
        infos = z.infolist()
        data = {i.filename: z.read(i.filename) for i in infos}
    part = "xl/worksheets/sheet2.xml"
    data[part] = re.sub(rb'<c r="B3"[^>]*>.*?</c>', bad, data[part], count=1)
    assert bad in data[part]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info in infos:
            z.writestr(info, data[info.filename])
    with pytest.raises(XlxqError) as got:
        OpenpyxlBook(path)
    assert path.name in got.value.message("en"), error
    with pytest.raises(XlxqError) as full:
        OpenpyxlBook(path, partial=False)
    assert full.value.message("en") == got.value.message("en")


@pytest.mark.parametrize(
    "change",
    [
        lambda wb: setattr(wb["S"]["A1"], "value", "y"),
        lambda wb: setattr(wb["S"]["A1"], "fill", PatternFill(fill_type="solid", fgColor="FFFF0000")),
        lambda wb: setattr(wb["S"]["A1"], "font", Font(bold=True)),
        lambda wb: setattr(wb["S"]["C9"], "value", 0),
        lambda wb: setattr(wb["S"].column_dimensions["A"], "width", 30),
        lambda wb: setattr(wb["S"], "print_title_rows", "1:2"),
        lambda wb: setattr(wb["S"]["A1"], "comment", Comment("x", "y")),
        lambda wb: wb["S"].merge_cells("A3:B3"),
        lambda wb: setattr(wb["S"], "title", "T"),
        lambda wb: setattr(wb["S"], "sheet_state", "hidden") or wb.create_sheet("V"),
        lambda wb: setattr(wb["S"].page_setup, "orientation", "landscape"),
    ],
)
def test_content_hash_sees_what_an_arbiter_sees(change):
    """tools/snapshot.py --hash content: the same content in other bytes (the
    empty rows a read leaves) hashes the same; any visible change does not."""
    snap = load_tool("snapshot")
    wb = Workbook()
    ws = wb.active
    ws.title = "S"
    ws["A1"], ws["B2"] = "x", 2
    ws["A5"].font = Font(size=14)
    first = saved(wb)
    wb2 = load_workbook(io.BytesIO(first))
    for _ in wb2["S"].iter_rows():
        pass
    second = saved(wb2)
    assert sheet_part(first, "xl/worksheets/sheet1.xml") != sheet_part(second, "xl/worksheets/sheet1.xml")
    assert snap.content_hash(first) == snap.content_hash(second)
    change(wb2)
    assert snap.content_hash(saved(wb2)) != snap.content_hash(first)


@pytest.mark.parametrize("seed", range(12))
def test_rows_with_a_set_height_stay_plain_and_build_as_openpyxl_loads(seed):
    """A part whose rows have set heights (``ht`` + ``customHeight``, as the
    print-ready sheets write them) is plain: the sheet built from it has the
    cells and the row dimensions openpyxl's load gives, and saving it writes
    the same sheetData."""
    from xlxq.backends.lazy_sheets import build

    rng = random.Random(seed)
    wb = Workbook()
    random_sheet(wb.active, rng)
    for r in rng.sample(range(1, wb.active.max_row + 4), k=3):
        wb.active.row_dimensions[r].height = rng.choice([33, 15.75, 409.5])
    data = saved(wb)
    part = sheet_part(data, "xl/worksheets/sheet1.xml")
    ref = load_workbook(io.BytesIO(data))
    plain = plain_cells(part, set(ref._date_formats))
    assert plain is not None and plain.heights
    lazy = load_workbook(io.BytesIO(data))
    ws = lazy.create_sheet("built")
    build(ws, plain)
    want = ref.active
    assert {r: dict(d) for r, d in ws.row_dimensions.items()} == {r: dict(d) for r, d in want.row_dimensions.items()}
    assert sheet_data(ws) == sheet_data(want) is not None


def raw_members(path: Path) -> dict[str, tuple[int, int, bytes]]:
    """Each member's CRC, size and compressed bytes as they are in the file."""
    import struct

    out = {}
    with zipfile.ZipFile(path) as z, open(path, "rb") as f:
        for info in z.infolist():
            f.seek(info.header_offset)
            head = f.read(30)
            n, m = struct.unpack("<HH", head[26:30])
            f.seek(info.header_offset + 30 + n + m)
            out[info.filename] = (info.CRC, info.file_size, f.read(info.compress_size))
    return out


def sheet_members(path: Path) -> dict[str, str]:
    """Sheet name → its part's name (openpyxl numbers them by tab position)."""
    return {name: f"xl/worksheets/sheet{i}.xml" for i, name in enumerate(load_workbook(path).sheetnames, 1)}


def test_unchanged_print_setup_leaves_sheet_untouched_and_compressed_bytes_copied(tmp_path):
    """设置 and 报名表 get their print setup again on every write; when it is
    the one they have, they are not rewritten: their part is the original
    one, compressed bytes and all (copied from the file, not compressed
    again), and the file still reads back whole."""
    path = paired_demo(tmp_path, 2)
    before_parts, before_raw = sheet_members(path), raw_members(path)
    before_values = values_of(path)
    book = OpenpyxlBook(path)
    st = B.pair_next_round(book)
    assert st.ok
    assert {p.sheet for p in st.plan.page_setups} >= {"设置", "报名表"}  # the plan sets them ...
    assert not {"设置", "报名表"} & book._touched  # ... and they stay unbuilt
    after_parts, after_raw = sheet_members(path), raw_members(path)
    for name in ("设置", "报名表", "第1轮"):
        assert after_raw[after_parts[name]] == before_raw[before_parts[name]], name
    assert after_raw[after_parts["成绩表"]] != before_raw[before_parts["成绩表"]]
    assert zipfile.ZipFile(path).testzip() is None
    after_values = values_of(path)
    for name in ("设置", "报名表", "第1轮", "第2轮"):
        assert after_values[name] == before_values[name], name


def test_setup_changes_compares_what_would_be_written(tmp_path):
    """setup_changes: the page setup a sheet has changes nothing; another
    header, print area, orientation or margin does."""
    from dataclasses import replace

    from xlxq.backends.openpyxl_book import setup_changes

    path = paired_demo(tmp_path, 1)
    book = OpenpyxlBook(path)
    st = B.pair_next_round(OpenpyxlBook(path))  # the plan of the next write: its setups as the sheets have them
    setup = next(p for p in st.plan.page_setups if p.sheet == "报名表")
    book = OpenpyxlBook(path)
    ws, plain = book.wb["报名表"], book._unbuilt["报名表"]
    assert not setup_changes(ws, plain, setup)
    assert setup.area is not None
    r1, c1, r2, c2 = setup.area
    for other in (
        replace(setup, header_left="另一个比赛"),
        replace(setup, area=(r1, c1, r2 + 1, c2)),
        replace(setup, landscape=not setup.landscape),
        replace(setup, margins=(0.1, 0.1, 0.1, 0.1)),
        replace(setup, title_rows=(1, 3)),
        replace(setup, footer_right="第&P页"),
    ):
        assert setup_changes(ws, plain, other), other


def test_copy_compressed_refuses_other_bytes(tmp_path):
    """copy_compressed copies a member only when it holds exactly the bytes
    the writer has for it; else it writes nothing and the caller compresses."""
    from xlxq.backends.partial_save import copy_compressed

    path = paired_demo(tmp_path, 1)
    part = sheet_members(path)["报名表"]
    with zipfile.ZipFile(path) as z:
        data = z.read(part)
    out = tmp_path / "out.zip"
    with zipfile.ZipFile(path) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        assert not copy_compressed(src, part, data + b" ", dst, "a.xml")
        assert not copy_compressed(src, "xl/worksheets/none.xml", data, dst, "b.xml")
        assert copy_compressed(src, part, data, dst, "c.xml")
        dst.writestr("d.xml", b"<d/>")  # the archive goes on as usual after a copy
    with zipfile.ZipFile(out) as z:
        assert z.namelist() == ["c.xml", "d.xml"]
        assert z.read("c.xml") == data and z.read("d.xml") == b"<d/>"
        assert z.testzip() is None
    assert raw_members(out)["c.xml"] == raw_members(path)[part]
