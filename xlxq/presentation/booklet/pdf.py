"""The 成绩册 as one PDF (fpdf2): A4, the Chinese font embedded as a subset
(:mod:`xlxq.presentation.booklet.fonts`), so that it prints the same on any machine.

Every page but the cover has the event's name and the section in its
header and "第 N 页 / 共 M 页" in its footer.  Each section starts a page
and has a bookmark, but for one that may flow on (each round's pairings
after the first) while the page has room.  A table is drawn row by row
(boxed cells; a long table repeats its header row on every page), in the
largest font at which its columns fit across a portrait page (10 pt down
to 8 pt), else a landscape one (9 pt down to 6 pt); one still too wide is
split into parts of its columns, each repeating the leading columns (序号,
姓名: :attr:`~xlxq.core.document.Table.keep`); a long text column that
alone is too wide wraps in its cell.

Saved by :func:`~xlxq.backends.safety.atomic_save` (a temporary file
beside the target, then renamed): the old file stays whole if anything
fails.

Lazy imports: fpdf2 is imported by the caller importing this module only
(``xlxq report --pdf``, the button 成绩册: start-up time).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence, cast

from fpdf import FPDF
from fpdf.enums import Align, MethodReturnValue

from xlxq.backends.safety import atomic_save
from xlxq.presentation.booklet.fonts import FALLBACK_FONTS, CjkFont, find_font
from xlxq.core.document import Cover, Document, Paragraph, Section, Table
from xlxq.i18n import Text

__all__ = ["write_pdf", "PdfWritten", "MARGIN", "layout_table", "Fit"]

#: page margins, mm
MARGIN = 12.0
#: the width of the printable area, mm: portrait and landscape A4
WIDTH = {"P": 210.0 - 2 * MARGIN, "L": 297.0 - 2 * MARGIN}
#: (orientation, font size) tried in order until a table fits across
FITS = (("P", 10.0), ("P", 9.0), ("P", 8.0), ("L", 9.0), ("L", 8.0), ("L", 7.0), ("L", 6.0))
#: a table that fits is widened towards the page's width, by at most this
MAX_GROW = 1.4
#: the smallest size a split table's parts are set in
SPLIT_SIZE = 7.0
#: the narrowest a wrapping column is made, mm (a few characters at 6 pt:
#: fpdf2 refuses a cell too narrow for one character)
MIN_WRAP = 12.0
#: a cell's padding left and right, and above and below, mm
PAD = 1.0
VPAD = 0.4
#: the font's name in the PDF
FONT = "cjk"
HEAD_FILL = (225, 225, 225)


@dataclass(frozen=True)
class Fit:
    """How a table is set: the page orientation, the font size, the parts
    (each a list of column indexes) and each column's width in mm."""

    orientation: str
    size: float
    parts: tuple[tuple[int, ...], ...]
    widths: tuple[float, ...]


def _natural(pdf: FPDF, table: Table) -> list[float]:
    """Each column's width at 10 pt (mm), its widest cell and padding."""
    pdf.set_font(FONT, size=10)
    width = pdf.get_string_width
    out = []
    for c, head in enumerate(table.header):
        widest = max([width(head)] + [width(r[c]) for r in table.rows]) if table.rows else width(head)
        out.append(widest)
    return out


def layout_table(natural: Sequence[float], keep: int) -> Fit:
    """The orientation, size and parts of a table whose columns are
    ``natural`` mm wide at 10 pt (padding aside)."""
    n = len(natural)
    for orient, size in FITS:
        widths = tuple(w * size / 10 + 2 * PAD for w in natural)
        if sum(widths) <= WIDTH[orient]:
            grow = min(WIDTH[orient] / sum(widths), MAX_GROW)  # wider cells, up to the page
            return Fit(orient, size, (tuple(range(n)),), tuple(w * grow for w in widths))
    size = SPLIT_SIZE
    widths = tuple(w * size / 10 + 2 * PAD for w in natural)
    room = WIDTH["L"]
    lead = tuple(range(min(keep, n)))
    if keep and sum(widths[i] for i in lead) < room / 2 and n > keep + 1:
        parts: list[tuple[int, ...]] = []
        cur: list[int] = []
        base = sum(widths[i] for i in lead)
        for i in range(len(lead), n):
            if cur and base + sum(widths[j] for j in cur) + widths[i] > room:
                parts.append(lead + tuple(cur))
                cur = []
            cur.append(i)
        parts.append(lead + tuple(cur))
        if all(sum(widths[j] for j in p) <= room for p in parts):
            return Fit("L", size, tuple(parts), widths)
    # long text columns: the widest shrink to one width, where the columns
    # fill the page, and their text wraps; the narrow ones keep theirs
    size = FITS[-1][1]
    widths_l = [w * size / 10 + 2 * PAD for w in natural]
    cap = max(_cap(widths_l, room), MIN_WRAP)
    return Fit("L", size, (tuple(range(n)),), tuple(min(w, cap) for w in widths_l))


def _cap(widths: Sequence[float], room: float) -> float:
    """The width ``cap`` at which ``sum(min(w, cap))`` is ``room`` (the
    columns narrower than it keep their width)."""
    left, rest = room, len(widths)
    for w in sorted(widths):
        if w * rest > left:
            return left / rest
        left -= w
        rest -= 1
    return max(widths, default=room)


class BookletPdf(FPDF):
    """The pages' header (the event, the section) and footer (the page)."""

    def __init__(self, doc: Document, font: CjkFont) -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.doc = doc
        self.t = Text(doc.lang)
        self.section = ""
        self.set_margins(MARGIN, MARGIN + 6, MARGIN)
        self.set_auto_page_break(True, margin=MARGIN + 4)
        self.c_margin = PAD  # a cell's text from its left and right edges
        self.add_font(FONT, fname=font.path, collection_font_number=font.index)
        self.set_title(f"{doc.name} {doc.cover.title}")
        self.set_creator("xlxq")
        if doc.created is not None:  # the time it says it was made (SOURCE_DATE_EPOCH: the same bytes)
            self.set_creation_date(doc.created)
        self.set_lang({"en": "en", "zh-Hant": "zh-Hant"}.get(doc.lang, "zh-CN"))

    def header(self) -> None:
        if self.page_no() == 1:
            return
        self.set_font(FONT, size=8)
        self.set_xy(MARGIN, MARGIN)
        w = self.w - 2 * MARGIN
        self.cell(w / 2, 4, self.doc.name, align=Align.L)
        self.cell(w / 2, 4, self.section, align=Align.R)
        self.line(MARGIN, MARGIN + 4.5, self.w - MARGIN, MARGIN + 4.5)
        self.set_xy(MARGIN, MARGIN + 6)

    def footer(self) -> None:
        if self.page_no() == 1:
            return
        self.set_y(-MARGIN - 2)
        self.set_font(FONT, size=8)
        text = self.t(
            "pdf.page-of",
            name=self.doc.name,
            page_no=self.page_no(),
        )
        self.cell(0, 4, text, align=Align.C)
        if self.doc.generated:  # 更新于 …, as the site's footer
            self.set_x(MARGIN)
            self.cell(self.w - 2 * MARGIN, 4, self.t("site.updated-at", time=self.doc.generated), align=Align.R)

    # ------------------------------------------------------------------

    def cover(self, cover: Cover) -> None:
        self.add_page()
        self.start_section(cover.title)
        self.set_y(60)
        self.set_font(FONT, size=26)
        self.multi_cell(0, 14, cover.event, align=Align.C, new_x="LMARGIN", new_y="NEXT")
        self.ln(4)
        self.set_font(FONT, size=20)
        self.cell(0, 12, cover.title, align=Align.C, new_x="LMARGIN", new_y="NEXT")
        self.ln(16)
        self.set_font(FONT, size=12)
        label_w = 40.0
        left = (self.w - 120) / 2
        for label, value in cover.facts:
            self.set_x(left)
            self.cell(label_w, 9, label, align=Align.L)
            self.multi_cell(120 - label_w, 9, value, align=Align.L, new_x="LMARGIN", new_y="NEXT")
        self.set_y(max(self.get_y() + 20, 220))
        for label in cover.signatures:
            self.set_x(left)
            self.cell(60, 12, label, align=Align.L)
            self.cell(60, 12, "", border="B")
            self.ln(16)
        if self.doc.generated:
            self.set_font(FONT, size=9)
            self.set_x(left)
            self.cell(120, 6, self.t("site.updated-at", time=self.doc.generated), align=Align.L)

    def paragraph(self, p: Paragraph, size: float = 9.0) -> None:
        self.set_font(FONT, size=size)
        self.multi_cell(0, size * 0.5, p.text, new_x="LMARGIN", new_y="NEXT")
        self.ln(1.5)

    def table_part(self, table: Table, fit: Fit, cols: tuple[int, ...], title: str) -> None:
        size = fit.size
        if self.get_y() > self.h - MARGIN - 30:  # a title alone at the foot of a page
            self.add_page(orientation=fit.orientation)
        self.set_font(FONT, size=size + 2)
        self.cell(0, (size + 2) * 0.55, title, new_x="LMARGIN", new_y="NEXT")
        self.ln(1)
        self.set_font(FONT, size=size)
        widths = [fit.widths[c] for c in cols]
        line = size * 0.48
        head = [table.header[c] for c in cols]
        self.grid_row(head, widths, ["C"] * len(cols), line, True)
        align = ["R" if table.right(c) else "L" for c in cols]
        for r in table.rows:
            if self.will_page_break(self.row_height([r[c] for c in cols], widths, line)):
                self.add_page(orientation=self.cur_orientation.value)
                self.grid_row(head, widths, ["C"] * len(cols), line, True)  # the header again
            self.grid_row([r[c] for c in cols], widths, align, line, False)
        self.ln(2)
        if table.note:
            self.paragraph(Paragraph(table.note), size=max(size - 1, 6.0))

    def row_height(self, texts: Sequence[str], widths: Sequence[float], line: float) -> float:
        """One line, or the lines of the cell whose text wraps."""
        lines = 1
        for w, text in zip(widths, texts):
            if self.get_string_width(text) > w - 2 * PAD:
                wrapped = self.multi_cell(w, line, text, dry_run=True, output=MethodReturnValue.LINES)
                lines = max(lines, len(cast(list, wrapped)))
        return lines * line + 2 * VPAD

    def grid_row(
        self, texts: Sequence[str], widths: Sequence[float], align: Sequence[str], line: float, head: bool
    ) -> None:
        """A row of boxed cells (the header's filled) at the current place:
        a plain ``cell`` where the text fits, else a wrapped ``multi_cell``
        (fpdf2's ``table`` measures every cell twice: five times slower)."""
        h = self.row_height(texts, widths, line)
        x0 = x = self.l_margin
        y = self.get_y()
        if head:
            self.set_fill_color(*HEAD_FILL)
        for w, text, a in zip(widths, texts, align):
            self.rect(x, y, w, h, style="DF" if head else "D")
            self.set_xy(x, y + VPAD)
            if self.get_string_width(text) <= w - 2 * PAD:
                self.cell(w, line, text, align=a)
            else:
                self.multi_cell(w, line, text, align=a)
            x += w
        self.set_xy(x0, y + h)

    def section_pages(self, section: Section) -> None:
        fits = {id(t): layout_table(_natural(self, t), t.keep) for t in section.tables()}
        orient = "L" if any(f.orientation == "L" for f in fits.values()) else "P"
        self.section = section.title
        room = self.page_no() > 1 and self.cur_orientation.value == orient and self.get_y() < self.h - 80
        if section.flow and room:
            self.ln(4)
        else:
            self.add_page(orientation=orient)
        self.start_section(section.title)
        for block in section.blocks:
            if isinstance(block, Paragraph):
                self.paragraph(block)
                continue
            fit = fits[id(block)]
            if fit.orientation != orient:  # the section's widest table sets the page
                fit = Fit(orient, fit.size, fit.parts, fit.widths)
            parts = fit.parts
            for k, cols in enumerate(parts, start=1):
                title = block.title
                if len(parts) > 1:
                    title += self.t("pdf.part-of", k=k, n=len(parts))
                if k > 1:
                    self.add_page(orientation=orient)
                self.table_part(block, fit, cols, title)


@dataclass(frozen=True)
class PdfWritten:
    """What :func:`write_pdf` wrote: the pages, and the characters of the
    document that no font had (printed blank: the caller warns)."""

    pages: int
    missing: frozenset[str] = frozenset()


def _texts(doc: Document) -> Iterator[str]:
    """Every text the PDF prints."""
    c = doc.cover
    yield from (doc.name, c.title, c.event, *c.signatures, *(x for fact in c.facts for x in fact))
    for s in doc.sections:
        yield s.title
        for b in s.blocks:
            if isinstance(b, Paragraph):
                yield b.text
            else:
                yield from (b.title, b.note, *b.header, *(x for row in b.rows for x in row))


def _cmap(pdf: FPDF, name: str) -> Any:
    """The characters of an added TrueType font (fpdf2 read them on adding it)."""
    return getattr(pdf.fonts[name], "cmap", {})


def _fallbacks(pdf: FPDF, lacking: set[str]) -> set[str]:
    """The fonts of :data:`~xlxq.presentation.booklet.fonts.FALLBACK_FONTS` there are
    that have some of the ``lacking`` characters, added as the PDF's
    fallback fonts (fpdf2 draws a character the main font lacks in the
    first that has it); the characters none has."""
    names = []
    for i, path in enumerate(FALLBACK_FONTS):
        if not lacking:
            break
        if not Path(path).is_file():
            continue
        name = f"fallback{i}"
        try:
            pdf.add_font(name, fname=path)
        except Exception:  # noqa: BLE001 - a font fpdf2 cannot read is not used (the warning says what is missing)
            continue
        has = {ch for ch in lacking if ord(ch) in _cmap(pdf, name)}
        if has:
            names.append(name)
            lacking -= has
    if names:
        pdf.set_fallback_fonts(names, exact_match=False)
    return lacking


def write_pdf(doc: Document, out: Path, font: Any = None) -> PdfWritten:
    """Write ``doc`` as a PDF into ``out``; ``font``: a :class:`CjkFont`, a
    font file, or None (:func:`~xlxq.presentation.booklet.fonts.find_font`); the pages
    and the characters no font had (issue 21 §2.7: never dropped silently)."""
    face = font if isinstance(font, CjkFont) else find_font(font)
    pdf = BookletPdf(doc, face)
    have = _cmap(pdf, FONT)
    lacking = {
        ch for text in _texts(doc) for ch in text if ord(ch) not in have and ch.isprintable() and not ch.isspace()
    }
    if lacking:
        lacking = _fallbacks(pdf, lacking)
    pdf.cover(doc.cover)
    for section in doc.sections:
        pdf.section_pages(section)
    pages = pdf.page_no()
    log = logging.getLogger("fpdf")  # its English "missing glyphs" line: the caller's warning says it
    level = log.level
    log.setLevel(logging.ERROR)
    try:
        data = bytes(pdf.output())
    finally:
        log.setLevel(level)

    def write(tmp: str) -> None:
        Path(tmp).write_bytes(data)

    atomic_save(out, write)
    return PdfWritten(pages, frozenset(lacking))
