"""Render checks of printed sheets (issue 13 §1, Done-when): every visible
sheet of a workbook printed by LibreOffice to PDF, the pages turned into
images and text, and checked as an arbiter would look at them:

- **nothing cut**: every non-empty cell of the print area (the whole used
  range when the sheet has none) appears in the PDF text of that sheet, and
  the print area reaches the last row with data in its columns (a 报名表 whose
  print area stopped at the header fails);
- **ink inside the paper**: no dark pixel within :data:`EDGE_MM` of a page
  edge (a column run off the right margin leaves ink there or is missing
  from the text);
- **no overlapping text**: the word boxes of ``pdftotext -bbox-layout`` do
  not intersect (a long text spilling over its neighbour, wrapped lines
  printed over the next row);
- **names present**: every given name is in the workbook's PDF text.

It iterates over EVERY visible sheet of the workbook, so sheets added later
are checked with no change here.  Each sheet goes to its own one-sheet copy
(values only), and all copies are converted in one ``soffice`` call.
Callers skip with :func:`missing_tools`.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Optional

#: dark pixels (grey below 200 of 255) this close to a page edge fail
EDGE_MM = 4.0
_TOOLS = ("soffice", "pdftoppm", "pdftotext")


def missing_tools() -> Optional[str]:
    """Why the render checks cannot run here, or None."""
    gone = [t for t in _TOOLS if shutil.which(t) is None]
    if gone:
        return f"{', '.join(gone)} not installed (apt-get install libreoffice-calc-nogui poppler-utils)"
    return None


@dataclass
class Word:
    text: str
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass
class Page:
    width: float
    height: float
    words: list[Word]


@dataclass
class SheetRender:
    """One sheet's print: its pages (word boxes), its raw text, its page
    images and the cells that should have been printed."""

    sheet: str
    pdf: Path
    pages: list[Page]
    text: str
    images: list[Path]
    cells: dict[str, str] = field(default_factory=dict)  # coordinate → shown text
    area_short: list[str] = field(default_factory=list)  # data cells outside the print area


def _shown(value: Any, number_format: str) -> Optional[str]:
    """The text LibreOffice prints for a cell value (None: empty)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if value.is_integer():
            return str(int(value))
        m = re.fullmatch(r"0\.(0+)", number_format or "")
        return f"{value:.{len(m.group(1))}f}" if m else f"{value:g}"
    text = str(value).strip()
    return text or None


def _area(ws: Any) -> Optional[tuple[int, int, int, int]]:
    from openpyxl.utils.cell import range_boundaries

    area = ws.print_area
    if not area:
        return None
    ref = str(area).split(",")[0].split("!")[-1].replace("$", "")
    c1, r1, c2, r2 = range_boundaries(ref)
    return r1, c1, r2, c2


def sheet_copies(
    workbook: Path, outdir: Path, only: Optional[Iterable[str]] = None
) -> dict[str, tuple[Path, dict[str, str], list[str]]]:
    """Each visible sheet of ``workbook`` (those named ``only``, when given)
    alone in ``outdir/NN.xlsx`` (values only), with the cells it should
    print and the data cells its print area leaves out."""
    import openpyxl

    outdir.mkdir(parents=True, exist_ok=True)
    names = [
        ws.title for ws in openpyxl.load_workbook(workbook, read_only=True).worksheets if ws.sheet_state == "visible"
    ]
    if only is not None:
        names = [n for n in names if n in set(only)]
    out = {}
    for i, name in enumerate(names, start=1):
        wb = openpyxl.load_workbook(workbook, data_only=True)
        ws = wb[name]
        area = _area(ws)
        r1, c1, r2, c2 = area or (1, 1, ws.max_row, ws.max_column)
        cells, short = {}, []
        for row in ws.iter_rows():
            for cell in row:
                text = _shown(cell.value, cell.number_format)
                if text is None:
                    continue
                if c1 <= cell.column <= c2 and cell.row > r2:
                    short.append(cell.coordinate)
                elif r1 <= cell.row <= r2 and c1 <= cell.column <= c2:
                    cells[cell.coordinate] = text
        for other in [s for s in wb.worksheets if s.title != name]:
            wb.remove(other)
        wb.active = 0
        path = outdir / f"{i:02d}.xlsx"
        wb.save(path)
        out[name] = (path, cells, short)
    return out


def convert(paths: Iterable[Path], outdir: Path, home: Path) -> None:
    """PDFs of ``paths`` in ``outdir``, by one LibreOffice run."""
    paths = list(paths)
    r = subprocess.run(
        ["soffice", "--headless", "--norestore", "--convert-to", "pdf", "--outdir", str(outdir), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=600,
        env=dict(os.environ, HOME=str(home)),
    )
    missing = [p.name for p in paths if not (outdir / (p.stem + ".pdf")).exists()]
    assert r.returncode == 0 and not missing, (missing, r.stderr)


def read_pages(pdf: Path) -> list[Page]:
    """The word boxes of every page (``pdftotext -bbox-layout``)."""
    xml = subprocess.run(["pdftotext", "-bbox-layout", str(pdf), "-"], capture_output=True, check=True).stdout
    root = ET.fromstring(xml.decode("utf-8"))
    ns = {"h": "http://www.w3.org/1999/xhtml"}
    pages = []
    for p in root.iter("{http://www.w3.org/1999/xhtml}page"):
        words = [
            Word(w.text or "", *(float(w.attrib[k]) for k in ("xMin", "yMin", "xMax", "yMax")))
            for w in p.iterfind(".//h:word", ns)
        ]
        pages.append(Page(float(p.attrib["width"]), float(p.attrib["height"]), words))
    return pages


def render_workbook(
    workbook: Path, tmp: Path, dpi: int = 40, only: Optional[Iterable[str]] = None
) -> dict[str, SheetRender]:
    """Every visible sheet of ``workbook`` (those named ``only``, when
    given) printed: its :class:`SheetRender`."""
    copies = sheet_copies(workbook, tmp / "sheets", only)
    pdfdir = tmp / "pdf"
    convert([p for p, _, _ in copies.values()], pdfdir, tmp)
    out = {}
    for name, (path, cells, short) in copies.items():
        pdf = pdfdir / (path.stem + ".pdf")
        text = subprocess.run(["pdftotext", "-raw", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
        prefix = tmp / "png" / path.stem
        prefix.parent.mkdir(exist_ok=True)
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(pdf), str(prefix)], check=True)
        images = sorted(prefix.parent.glob(path.stem + "-*.pgm"))
        out[name] = SheetRender(name, pdf, read_pages(pdf), text, images, cells, short)
    return out


def text_sizes(pdf: Path) -> list[list[tuple[float, str]]]:
    """Each page's pieces of text with the size they print at (points: the
    font size times the text and page matrices' scale, as pypdf reads them;
    a sheet printed at 85 % sets its 11-point text at 9.35)."""
    import math

    from pypdf import PdfReader

    pages = []
    for page in PdfReader(pdf).pages:
        got: list[tuple[float, str]] = []

        def visit(text: str, cm: Any, tm: Any, _font: Any, size: float, got: list = got) -> None:
            if not text.strip():
                return
            a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
            got.append((round(size * math.sqrt(abs(a * d - b * c)), 2), text.strip()))

        page.extract_text(visitor_text=visit)
        pages.append(got)
    return pages


def _squash(s: str) -> str:
    return re.sub(r"\s+", "", s)


def missing_cells(r: SheetRender) -> list[str]:
    """Cells of the print area whose text is not in the sheet's PDF text."""
    text = _squash(r.text)
    return [f"{c}={v!r}" for c, v in r.cells.items() if _squash(v) not in text]


def overlaps(r: SheetRender, tolerance: float = 0.25) -> list[str]:
    """Pairs of words on a page whose boxes intersect by more than
    ``tolerance`` of the smaller box's height and width."""
    bad = []
    for n, page in enumerate(r.pages, start=1):
        words = sorted(page.words, key=lambda w: w.x0)
        for i, a in enumerate(words):
            for b in words[i + 1 :]:
                if b.x0 >= a.x1:
                    break
                dx = min(a.x1, b.x1) - max(a.x0, b.x0)
                dy = min(a.y1, b.y1) - max(a.y0, b.y0)
                if dx > tolerance * min(a.x1 - a.x0, b.x1 - b.x0) and dy > tolerance * min(a.y1 - a.y0, b.y1 - b.y0):
                    bad.append(f"page {n}: {a.text!r} × {b.text!r}")
    return bad


def ink_at_edges(r: SheetRender, dpi: int = 40) -> list[str]:
    """Pages with dark pixels within :data:`EDGE_MM` of an edge."""
    from PIL import Image

    edge = max(1, round(EDGE_MM / 25.4 * dpi))
    bad = []
    for n, img in enumerate(r.images, start=1):
        im = Image.open(img).convert("L")
        w, h = im.size
        px = im.load()
        for x0, y0, x1, y1, side in (
            (0, 0, w, edge, "top"),
            (0, h - edge, w, h, "bottom"),
            (0, 0, edge, h, "left"),
            (w - edge, 0, w, h, "right"),
        ):
            if any(px[x, y] < 200 for x in range(x0, x1) for y in range(y0, y1)):
                bad.append(f"page {n}: ink at the {side} edge")
    return bad


def problems(r: SheetRender) -> list[str]:
    """Everything wrong with one sheet's print."""
    out = []
    if not r.pages:
        out.append("no page printed")
    if r.area_short:
        out.append(f"print area ends above data: {r.area_short[:5]}")
    out += [f"not printed: {m}" for m in missing_cells(r)[:10]]
    out += overlaps(r)[:10]
    out += ink_at_edges(r)
    return out


def check_workbook(workbook: Path, tmp: Path, names: Iterable[str] = ()) -> dict[str, SheetRender]:
    """Render ``workbook`` and assert :func:`problems` is empty for every
    visible sheet and every name of ``names`` is printed somewhere."""
    renders = render_workbook(workbook, tmp)
    found = {name: problems(r) for name, r in renders.items()}
    bad = {name: p for name, p in found.items() if p}
    assert not bad, bad
    text = _squash("".join(r.text for r in renders.values()))
    absent = [n for n in names if _squash(n) not in text]
    assert not absent, absent
    return renders
