"""The round's paper as a sheet that prints as it is (seed 001 §六):

- **记分单** (:func:`score_sheet`): one score sheet a board (轮次, 台次, a
  team event's 场次 and both teams; each side's colour, 序号, 姓名, 单位,
  犯规 count and signature; the result boxes 红胜 / 和棋 / 黑胜; the 犯规
  record of the 2011 rules (长将, 长捉 and the other 禁止着法, 违例, with the
  回合); start and end time; the 裁判员's signature), in two styles:
  ``half`` (two a portrait A4 page, a cut line between them) and
  ``compact`` (节约式: :data:`COMPACT_PER_PAGE` a page);
- **编排记录公告** (:func:`notice_sheet`): the pairing list as posted
  (台次, each side's 序号 / 姓名 / 单位 / 积分; 轮空, 请假 and 迟到入场 lines;
  a team event's matches with their boards), then a name index in
  姓名拼音 order (:mod:`xlxq.sheets.name_order`): name, 序号 → 台次 and
  colour, three columns of it a page; when the event has a 网站地址 (设置,
  JSON ``event.site_url``), the site's QR code under the pairing list with
  the caption 扫码查看全部对阵与成绩 and the address as text
  (:func:`qr_block`).

Each is a :class:`PaperSheet`: the cells, row heights, styles and the
manual page breaks, computed here from the row heights (in points) so the
pages break where the layout says; printed at 100 % (a fitted page would
drop the manual breaks in Excel).  :meth:`PaperSheet.plan` gives the one
WritePlan that writes it whole (a sheet made again replaces the old one).

Lazy imports: segno (30 ms), when a notice has a QR code to draw (an event
with a 网站地址): every other sheet of paper is made without it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from io import BytesIO
from typing import Any, Callable, Optional

from xlxq.core.model import EventInfo
from xlxq.core.paper import IndexEntry, Line, RoundPaper, Seat, Slip, index_entries
from xlxq.i18n import Text
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.name_order import sort_names
from xlxq.sheets.pages import text_lines
from xlxq.sheets.plan import AddSheet, PageSetup, Picture, SheetLook, Style, Values, WritePlan

__all__ = [
    "STYLES",
    "COMPACT_PER_PAGE",
    "PAGE_HEIGHT",
    "INDEX_ROWS",
    "MARGINS",
    "NOTICE_MARGINS",
    "PaperSheet",
    "score_sheet",
    "notice_sheet",
    "scoresheet_name",
    "notice_name",
    "index_text",
    "qr_png",
    "qr_block",
    "QR_SIZE",
]

#: the two styles of 记分单
STYLES = ("half", "compact")
#: 节约式: score sheets on one page
COMPACT_PER_PAGE = 6
#: the printable height of a portrait A4 page in points at the margins below
#: (842 pt less 0.5 in top and bottom), less a safety margin for the
#: spreadsheet programs' rounding of row heights
PAGE_HEIGHT = 740.0
#: margins in inches: left, right, top, bottom
MARGINS = (0.5, 0.5, 0.5, 0.5)
#: the 编排记录公告's margins: room above and below for the header and
#: footer every sheet of the event has (event, date and venue; the 裁判长
#: line and the page number: :func:`xlxq.sheets.pages.sign_pages`), and
#: its printable height (as :data:`PAGE_HEIGHT`)
NOTICE_MARGINS = (0.5, 0.5, 0.8, 0.8)
NOTICE_PAGE_HEIGHT = PAGE_HEIGHT - 0.6 * 72
#: index rows a page (each of its three columns)
INDEX_ROWS = 38  # (24 + 18 + 38 × 17 points: the notice's page, its header and footer above and below)

_LINE = "_" * 24
_BOX = "□"


@dataclass
class PaperSheet:
    """A sheet laid out for print: ``cells`` (row, col) → value, row
    heights in points, column widths in characters, styles, manual page
    breaks (after these rows), the columns printed."""

    name: str
    cols: int
    widths: dict[int, float]
    cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    heights: dict[int, float] = field(default_factory=dict)
    styles: list[Style] = field(default_factory=list)
    breaks: list[int] = field(default_factory=list)
    footer: Optional[str] = None
    rows: int = 0
    page_height: float = PAGE_HEIGHT
    margins: tuple[float, float, float, float] = MARGINS
    pictures: list[Picture] = field(default_factory=list)
    _used: float = 0.0  # points of the current page used

    def row(self, height: float) -> int:
        """A new row of ``height`` points (a page break before it when the page is full)."""
        if self.rows and self._used + height > self.page_height:
            self.page_break()
        self.rows += 1
        self.heights[self.rows] = height
        self._used += height
        return self.rows

    def page_break(self) -> None:
        """The rows so far end a page."""
        if self.rows and (not self.breaks or self.breaks[-1] != self.rows):
            self.breaks.append(self.rows)
        self._used = 0.0

    def room(self) -> float:
        """Points left on the current page."""
        return self.page_height - self._used

    def put(self, r: int, c: int, value: Any) -> None:
        if value is not None and value != "":
            self.cells[(r, c)] = value

    def style(self, r: int, c: int, rows: int = 1, cols: int = 1, **kw: Any) -> None:
        self.styles.append(Style(self.name, r, c, rows, cols, **kw))

    def plan(self, after: Optional[str]) -> WritePlan:
        """The one write of this sheet: added after ``after`` (None: at the
        end), replacing a sheet of its name."""
        values = [[self.cells.get((r, c)) for c in range(1, self.cols + 1)] for r in range(1, self.rows + 1)]
        plan = WritePlan()
        plan.add_sheets.append(AddSheet(self.name, "paper", after, replace=True))
        if values:
            plan.values.append(Values(self.name, 1, 1, values))
        plan.looks.append(SheetLook(self.name, dict(self.widths), heights=dict(self.heights)))
        plan.styles.extend(self.styles)
        plan.pictures.extend(self.pictures)
        plan.page_setups.append(
            PageSetup(
                self.name,
                fit_width=0,
                fit_height=0,
                area=(1, 1, max(self.rows, 1), self.cols),
                footer=self.footer,
                breaks=tuple(self.breaks),
                margins=self.margins,
            )
        )
        return plan


def scoresheet_name(round_no: int, lang: str) -> str:
    return Text(lang)("paper.round-score-sheets", round_no=round_no)


def notice_name(round_no: int, lang: str) -> str:
    return Text(lang)("paper.round-pairings-notice", round_no=round_no)


def _colour(t: Text, colour: str) -> str:
    return t("paper.red") if colour == "red" else t("paper.black")


def _facts_line(t: Text, facts: EventInfo) -> str:
    """'日期：… 地点：…', a line to fill in where 设置 has none."""
    blank = "________"
    return t("paper.date") + (facts.date or blank) + "　" + t("paper.venue") + (facts.venue or blank)


def _where(t: Text, slip: Slip) -> str:
    """'第3轮　第5台', a team event's '第3轮　第2场　第1台'."""
    out = [t("paper.round", round=slip.round)]
    if slip.match is not None:
        out.append(t("paper.match-2", match=slip.match))
    out.append(t("paper.board", board=slip.board))
    return "　".join(out) if t.lang == "zh" else ", ".join(out)


# --------------------------------------------------------------------------
# 记分单
# --------------------------------------------------------------------------

#: 色别, 序号, 姓名, 单位 (队名), 犯规, 签名: 73 characters (LibreOffice: about
#: 0.092 in each, 6.7 in; Excel: 7 px each, 5.5 in) inside A4's 7.27 in
SLIP_WIDTHS = {1: 7, 2: 6, 3: 14, 4: 20, 5: 8, 6: 18}
#: the rows of one half-page score sheet (points); their sum is its height
HALF_ROWS = (28, 22, 10, 22, 34, 34, 12, 32, 20, 26, 26, 26, 32)
#: the rows of one 节约式 score sheet, its cut line last
COMPACT_ROWS = (18, 16, 19, 19, 19, 16, 10)
#: the space above and below the cut line between two half-page sheets
HALF_GAP = 34.0


def score_sheet(paper: RoundPaper, style: str, lang: str, facts: Optional[EventInfo] = None) -> PaperSheet:
    """The 记分单 sheet of the round: ``style`` "half" (two a page, a cut
    line between them) or "compact" (节约式, :data:`COMPACT_PER_PAGE` a page);
    ``facts``: the event's 设置 (比赛日期, 比赛地点, 裁判长)."""
    facts = facts or EventInfo()
    t = Text(lang)
    sheet = PaperSheet(scoresheet_name(paper.round, lang), len(SLIP_WIDTHS), dict(SLIP_WIDTHS))
    for i, slip in enumerate(paper.slips):
        if style == "half":
            if i % 2 == 1:
                _cut_line(sheet, t, HALF_GAP)
            elif i:
                sheet.page_break()
            _half_slip(sheet, t, paper, slip, facts)
        else:
            if i and i % COMPACT_PER_PAGE == 0:
                sheet.page_break()
            _compact_slip(sheet, t, paper, slip, facts)
    return sheet


def _title(t: Text, paper: RoundPaper) -> str:
    word = t("paper.score-sheet")
    return f"{paper.event_name}　{word}" if paper.event_name else word


def _seat_rows(sheet: PaperSheet, t: Text, team: bool, slip: Slip, heights: tuple[float, float, float]) -> None:
    """The header row and the two seats (bordered): 色别, 序号, 姓名, 单位 (队名),
    犯规, 签名."""
    r = sheet.row(heights[0])
    head = [t("paper.side"), t("paper.no"), t("paper.name"), t("paper.team") if team else t("paper.club")]
    head += [t("paper.fouls"), t("paper.signature")]
    for c, v in enumerate(head, start=1):
        sheet.put(r, c, v)
    sheet.style(r, 1, 1, 6, bold=True, border=True, align="center")
    for seat, h in ((slip.red, heights[1]), (slip.black, heights[2])):
        r = sheet.row(h)
        sheet.put(r, 1, _colour(t, seat.colour))
        sheet.put(r, 2, seat.no)
        sheet.put(r, 3, seat.name)
        sheet.put(r, 4, seat.unit)
        sheet.style(r, 1, 1, 6, border=True, size=12)
        sheet.style(r, 1, 1, 2, bold=True, align="center")
        sheet.style(r, 3, 1, 4, align="left")  # (and centred vertically)


def _result_text(t: Text) -> str:
    words = (t("paper.red-wins"), t("paper.draw"), t("paper.black-wins"))
    return "　　".join(f"{_BOX} {w}" for w in words)


def _half_slip(sheet: PaperSheet, t: Text, paper: RoundPaper, slip: Slip, facts: EventInfo) -> None:
    h = HALF_ROWS
    r = sheet.row(h[0])
    sheet.put(r, 1, _title(t, paper))
    sheet.style(r, 1, bold=True, size=14)
    r = sheet.row(h[1])
    where = _where(t, slip)
    if slip.match is not None:  # a team event: both teams, the one on red first
        where += t("paper.v", red_team=slip.red_team, black_team=slip.black_team)
    sheet.put(r, 1, where)
    sheet.style(r, 1, bold=True, size=12)
    sheet.put(r, 5 if slip.match is not None else 4, _facts_line(t, facts))
    sheet.row(h[2])
    _seat_rows(sheet, t, paper.team, slip, (h[3], h[4], h[5]))
    sheet.row(h[6])
    r = sheet.row(h[7])
    sheet.put(r, 1, t("paper.result"))
    sheet.put(r, 3, _result_text(t) + t("paper.tick-one"))
    sheet.style(r, 1, bold=True, size=12)
    sheet.style(r, 3, size=12)
    r = sheet.row(h[8])
    sheet.put(
        r,
        1,
        t(
            "paper.fouls-perpetual-check-or-chase-other",
        ),
    )
    for colour, height in (("red", h[9]), ("black", h[10])):
        r = sheet.row(height)
        sheet.put(r, 1, _colour(t, colour) + t("paper.text"))
        sheet.put(r, 2, _LINE * 3)
    r = sheet.row(h[11])
    sheet.put(
        r,
        1,
        t(
            "paper.start-end-moves",
        ),
    )
    r = sheet.row(h[12])
    sheet.put(r, 1, t("paper.arbiters-signature"))
    sheet.put(r, 5, t("paper.chief-arbiter") + (facts.chief_arbiter or "________"))
    sheet.style(r, 1, bold=True)


def _cut_line(sheet: PaperSheet, t: Text, gap: float) -> None:
    sheet.row(gap)
    r = sheet.row(16)
    sheet.put(r, 1, "✂" + " - " * 34 + t("paper.cut-here"))
    sheet.row(gap)


def _compact_slip(sheet: PaperSheet, t: Text, paper: RoundPaper, slip: Slip, facts: EventInfo) -> None:
    h = COMPACT_ROWS
    r = sheet.row(h[0])
    title = f"{_title(t, paper)}　{_where(t, slip)}"
    date = t("paper.date") + (facts.date or "________")
    # the date in column 5 when the title (11 pt bold) ends before it, else
    # after the title in the same cell: a text running into a filled cell
    # is cut or overprinted (an English or long event name)
    if text_lines(title, sum(SLIP_WIDTHS[c] for c in range(1, 5)) * 10 / 11.5) == 1:
        sheet.put(r, 1, title)
        sheet.put(r, 5, date)
    else:
        sheet.put(r, 1, f"{title}　{date}")
    sheet.style(r, 1, bold=True, size=11)
    _seat_rows(sheet, t, paper.team, slip, (h[1], h[2], h[3]))
    r = sheet.row(h[4])
    sheet.put(r, 1, t("paper.result"))
    sheet.put(r, 2, _result_text(t))
    # one cell, overflowing into the empty column 6 (a label cell beside a
    # filled one is cut at its border: the render test caught the colon)
    sheet.put(r, 5, t("paper.arbiter"))
    sheet.style(r, 1, bold=True)
    r = sheet.row(h[5])
    sheet.put(r, 1, t("paper.fouls-perpetual-check-chase-move"))
    sheet.put(r, 5, t("paper.end"))
    r = sheet.row(h[6])
    sheet.put(r, 1, "- " * 62)
    sheet.style(r, 1, size=8)


# --------------------------------------------------------------------------
# 编排记录公告
# --------------------------------------------------------------------------

#: 台次 | 序号 姓名 单位 积分 (红方) | 序号 姓名 单位 积分 (黑方): 73 characters
#: (as the 记分单's); the index's three columns over columns 1–3, 4–6, 7–9
#: (21, 22, 30 characters)
NOTICE_WIDTHS = {1: 5, 2: 4, 3: 12, 4: 13, 5: 5, 6: 4, 7: 12, 8: 13, 9: 5}
#: 显示等级分: 台次 | 序号 姓名 等级分 单位 积分 | 序号 姓名 等级分 单位 积分, the
#: same 73 characters (LibreOffice puts a wider list on a second page across):
#: names and 单位 give up 2 and 4 each (a long 单位 is cut short)
RATED_NOTICE_WIDTHS = {1: 5, 2: 4, 3: 10, 4: 6, 5: 9, 6: 5, 7: 4, 8: 10, 9: 6, 10: 9, 11: 5}
#: the first cell of each column of the index (an entry overflows to the right)
INDEX_COLUMNS = (1, 4, 7)
_ROW = 17.0


def _score(v: Optional[float]) -> Any:
    return tidy_number(v) if v is not None else None


def notice_sheet(paper: RoundPaper, lang: str, facts: Optional[EventInfo] = None) -> PaperSheet:
    """The 编排记录公告 sheet of the round: the pairing list, then (from a
    new page) the name index in 姓名拼音 order; ``facts``: the event's 设置."""
    facts = facts or EventInfo()
    t = Text(lang)
    widths = RATED_NOTICE_WIDTHS if paper.rated else NOTICE_WIDTHS
    n = len(widths)  # the pairing list's columns: 9, or 11 with 等级分
    sheet = PaperSheet(notice_name(paper.round, lang), n, dict(widths))
    sheet.page_height, sheet.margins = NOTICE_PAGE_HEIGHT, NOTICE_MARGINS
    sheet.footer = t("paper.page-p-of-n")
    title = t("paper.round-pairings", round=paper.round)
    r = sheet.row(26)
    sheet.put(r, 1, f"{paper.event_name}　{title}" if paper.event_name else title)
    sheet.style(r, 1, bold=True, size=15)
    line = "　".join(
        x
        for x in (
            t("paper.date") + facts.date if facts.date else "",
            t("paper.venue") + facts.venue if facts.venue else "",
            t("paper.chief-arbiter") + facts.chief_arbiter if facts.chief_arbiter else "",
            t("paper.chief-of-pairings") + facts.pairing_officer if facts.pairing_officer else "",
        )
        if x
    )
    if line:
        r = sheet.row(18)
        sheet.put(r, 1, line)

    unit = t("paper.team") if paper.team else t("paper.club")

    def header() -> None:
        r = sheet.row(20)
        heads = [t("paper.bd-2")]
        for side in (t("paper.red"), t("paper.black")):
            heads += [t("paper.no"), side, *([t("booklet.rating")] if paper.rated else []), unit, t("paper.pts")]
        for c, v in enumerate(heads, start=1):
            sheet.put(r, c, v)
        sheet.style(r, 1, 1, n, bold=True, border=True, align="center")

    def data_row(height: float = _ROW) -> int:
        if sheet.room() < height:
            sheet.page_break()
            header()
        return sheet.row(height)

    header()
    if paper.team:
        _team_rows(sheet, t, paper, data_row)
    else:
        for s in paper.slips:
            _board_row(sheet, data_row(), s, paper.rated)
    for ln in paper.lines:
        r = data_row()
        sheet.put(r, 1, _line_word(t, ln.kind))
        _side(sheet, r, 2, ln, paper.rated)
        sheet.style(r, 1, 1, n, border=True)
        _centre(sheet, r, paper.rated)
    if facts.site_url:
        qr_block(sheet, t, facts.site_url)
    _index(sheet, t, paper)
    return sheet


#: the QR code's side in points (1.4 in, 35 mm: read by a phone from an arm's
#: length off the wall), within columns 1–3 of the notice (21 characters:
#: 147 px in Excel, 1.9 in in LibreOffice)
QR_SIZE = 100.0
#: the caption's and the address's rows beside it (points)
_QR_ROWS = (18.0, 16.0)


def qr_png(url: str) -> Optional[bytes]:
    """The QR code of ``url`` as a PNG (error correction M, as the site's;
    8 px a module: sharp when printed at :data:`QR_SIZE`), or None when the
    address is too long for a QR code or segno is not there (an xlwings
    Lite whose requirements.txt predates segno): the address stays in text."""
    try:
        import segno  # (30 ms: only for an event with a 网站地址)
    except ImportError:  # a Lite without segno in its requirements.txt: the address in text
        return None
    try:
        code = segno.make(url, error="m")
    except segno.DataOverflowError:
        return None
    out = BytesIO()
    code.save(out, kind="png", scale=8, border=2)
    return out.getvalue()


def qr_block(sheet: PaperSheet, t: Text, url: str) -> None:
    """The site's QR code under the pairing list (rows of its own: it never
    covers the table; on the next page when this one has no room), the
    caption 扫码查看全部对阵与成绩 and the address beside it in text (what
    a backend that cannot place a picture still shows).  No code to draw
    (an address too long for one, no segno in xlwings Lite): the address
    alone, labelled."""
    gap = 8.0
    png = qr_png(url)
    if png is None:
        sheet.row(gap)
        r = sheet.row(_QR_ROWS[0])
        sheet.put(r, 1, t("paper.site-address", url=url))
        return
    if sheet.room() < gap + QR_SIZE + 4:
        sheet.page_break()
    else:
        sheet.row(gap)
    first = sheet.row(_QR_ROWS[0])
    sheet.put(first, 4, t("site.scan-for-every-pairing-and-result"))
    sheet.style(first, 4, bold=True, size=12)
    r = sheet.row(_QR_ROWS[1])
    sheet.put(r, 4, url)
    sheet.row(QR_SIZE + 4 - sum(_QR_ROWS))
    sheet.pictures.append(Picture(sheet.name, first, 1, png, QR_SIZE, QR_SIZE, dx=2.0, dy=2.0))


def _board_row(sheet: PaperSheet, r: int, s: Slip, rated: bool = False) -> None:
    """A board of the list in row ``r``: 台次, then each side (``rated``:
    with its 等级分)."""
    sheet.put(r, 1, s.board)
    _side(sheet, r, 2, s.red, rated)
    _side(sheet, r, 7 if rated else 6, s.black, rated)
    sheet.style(r, 1, 1, 11 if rated else 9, border=True)
    _centre(sheet, r, rated)


def _centre(sheet: PaperSheet, r: int, rated: bool = False) -> None:
    for c in (1, 2, 4, 6, 7, 9, 11) if rated else (1, 2, 5, 6, 9):
        sheet.style(r, c, align="center")


def _side(sheet: PaperSheet, r: int, c: int, seat: Seat | Line, rated: bool = False) -> None:
    """序号 姓名 (等级分) 单位 积分 of one side from column ``c``."""
    values = [seat.no, seat.name, seat.unit, _score(seat.score)]
    if rated:
        values.insert(2, _score(seat.rating))  # unrated: blank
    for k, v in enumerate(values):
        sheet.put(r, c + k, v)


def _line_word(t: Text, kind: str) -> str:
    return {"bye": t("booklet.bye-2"), "absent": t("report.absent"), "late": t("paper.late-entry")}[kind]


def _team_rows(sheet: PaperSheet, t: Text, paper: RoundPaper, data_row: Callable[..., int]) -> None:
    """A team event: each match (场次, both teams with their 场分), then its boards."""
    for m in paper.matches:
        r = data_row(19)
        sheet.put(r, 1, t("paper.match-3", match=m.match))
        sheet.put(r, 2, m.first_no)
        sheet.put(r, 3, m.first + t("record_text.first"))
        sheet.put(r, 5, _score(m.first_score))
        sheet.put(r, 6, m.second_no)
        sheet.put(r, 7, m.second)
        sheet.put(r, 9, _score(m.second_score))
        sheet.style(r, 1, 1, 9, bold=True, border=True)
        _centre(sheet, r)
        for s in paper.slips:
            if s.match == m.match:
                _board_row(sheet, data_row(), s)  # a team event: no 等级分 column


def _place(t: Text, e: IndexEntry) -> str:
    """Where an index entry plays: '5台红', a team's board '2场1台黑', a
    team '第2场 先走', '轮空', '请假'."""
    if e.kind != "board":
        return _line_word(t, e.kind)
    if e.team:
        side = t("paper.first") if e.colour == "first" else t("paper.second")
        return t("paper.match", match=e.match, side=side)
    side = t("paper.red-2") if e.colour == "red" else t("paper.black-2")
    if e.match is not None:
        return t("paper.m-bd", match=e.match, board=e.board, side=side)
    return t("paper.bd", board=e.board, side=side)


def _index(sheet: PaperSheet, t: Text, paper: RoundPaper) -> None:
    """The name index from a new page, :data:`INDEX_ROWS` names down each
    of its three columns, then the next page."""
    entries = sort_names(index_entries(paper), lambda e: e.name, lambda e: e.no)
    if not entries:
        return
    per_page = INDEX_ROWS * len(INDEX_COLUMNS)
    for start in range(0, len(entries), per_page):
        sheet.page_break()
        page = entries[start : start + per_page]
        r = sheet.row(24)
        sheet.put(r, 1, t("paper.name-index-in-pinyin-order"))
        sheet.style(r, 1, bold=True, size=13)
        r = sheet.row(18)
        for col in INDEX_COLUMNS:
            sheet.put(r, col, t("paper.name-no-board-side"))
        sheet.style(r, 1, 1, 9, bold=True)
        first = sheet.rows + 1
        rows = min(INDEX_ROWS, -(-len(page) // len(INDEX_COLUMNS)))
        for _ in range(rows):
            sheet.row(_ROW)
        for k, e in enumerate(page):
            col, row = divmod(k, rows)
            sheet.put(first + row, INDEX_COLUMNS[col], index_text(t, e))


def index_text(t: Text, e: IndexEntry) -> str:
    """One entry of the index: '单雄信（12）5台红'."""
    if t.lang == "zh":
        return f"{e.name}（{e.no}）{_place(t, e)}"
    return f"{e.name} ({e.no}) {_place(t, e)}"
