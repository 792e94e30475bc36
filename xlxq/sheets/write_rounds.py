"""Writing the round sheets of an individual workbook: a new 对阵表
(:func:`add_round_sheet`), the program-owned cells of a round
(:func:`write_round_cells`: 序号/names, scores before the round) and the 序号
the program fills in 报名表 (:func:`write_registration_cells`).
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.model import Event, Round, absent_players, late_entries
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import Table, tidy_number
from xlxq.sheets.data import RoundSheet, WorkbookData
from xlxq.sheets.formats import round_scores
from xlxq.sheets.looks import layout_looks, write_head
from xlxq.sheets.plan import ListValidation, NumberFormat, Style
from xlxq.sheets.results import BYE, choices as result_choices, display as result_display, is_standard
from xlxq.i18n import Msg, tr


def add_round_sheet(
    canvas: Canvas, data: WorkbookData, event: Event, rnd: Round, stage: str = "main", label: str = ""
) -> RoundSheet:
    """A new 对阵表 sheet for ``rnd`` (the program's layout).  ``stage`` "ko":
    a round of the knockout stage of 积分晋圈淘汰 (淘汰赛第N轮).  ``label``
    goes into the title (秩序表第3轮, 半决赛 第2局 …)."""
    lang = data.lang
    name = L.round_sheet_name(rnd.round, lang, stage)
    if stage == "ko":
        assert data.ko is not None
        after = data.ko.rounds[-1].name if data.ko.rounds else data.sheets.get(L.BRACKET) or data.ko.qualifiers.name
    else:
        after = data.rounds[-1].name if data.rounds else data.registration.name
    title = L.round_title(rnd.round, data.event.settings.name, lang, stage, label)
    table = L.RATED_ROUND_TABLE if event.shows_rating else L.ROUND_TABLE
    cols = new_round_sheet(canvas, data.names, name, after, table, title, lang)
    rs = RoundSheet(rnd.round, name, Table(name, L.HEADER_ROW, cols, 0), rnd, new=True, stage=stage)
    r = L.FIRST_DATA_ROW
    for b in rnd.boards:
        canvas.set(name, r, cols["board"], b.board)
        rs.board_rows[b.board] = r
        rs.raw_results[b.board] = None
        rs.seats.setdefault(b.red, []).append((r, "red"))
        rs.seats.setdefault(b.black, []).append((r, "black"))
        r += 1
    for no in rnd.byes:
        canvas.set(name, r, cols["board"], tr(lang, "booklet.bye-2"))
        canvas.set(name, r, cols["result"], result_display(BYE, lang))
        rs.bye_rows[no] = r
        rs.bye_side[no] = "red"
        rs.seats.setdefault(no, []).append((r, "red"))
        r += 1
    for key, nos in (("absent", absent_players(event, rnd)), ("late", late_entries(event, rnd))):
        label = L.PRESENCE_ROWS[key][0 if lang == "zh" else 1]
        for no in nos:
            p = event.player(no)
            for col, v in (
                ("board", label),
                ("red_no", no),
                ("red_name", p.name),
                ("red_unit", p.unit or None),
                ("red_rating", tidy_number(float(p.rating)) if p.rating is not None else None),
            ):
                if col in cols:
                    canvas.set(name, r, cols[col], v)
            canvas.set(name, r, cols["result"], label)
            rs.other_rows.append(r)
            # the label wraps in the narrow 台次 (迟到入场 over two lines, the row as tall)
            canvas.plan.styles.append(Style(name, r, cols["board"], wrap=True))
            r += 1
    last = r - 1
    rs.table.last_row = last
    (data.ko.rounds if stage == "ko" else data.rounds).append(rs)
    data.names.append(name)
    # formats and looks
    res_col = cols["result"]
    plan = canvas.plan
    fmt = L.ROUND_TABLE.col("result").fmt
    assert fmt is not None
    plan.number_formats.append(
        NumberFormat(name, L.FIRST_DATA_ROW, res_col, last - L.FIRST_DATA_ROW + 1 + L.VALIDATION_MARGIN, 1, fmt)
    )
    plan.validations.append(
        ListValidation(
            name, L.FIRST_DATA_ROW, res_col, last - L.FIRST_DATA_ROW + 1 + L.VALIDATION_MARGIN, 1, result_choices(lang)
        )
    )
    round_sheet_looks(canvas, name, table, last)
    return rs


def new_round_sheet(
    canvas: Canvas, names: list[str], name: str, after: str, table: L.TableLayout, title: str, lang: str
) -> dict[str, int]:
    """A new round sheet ``name`` after the sheet ``after``, individual or
    team (``table``: the layout's round table): its title and header
    written; the column of each key."""
    if name in names:
        raise InputError(Msg("write_rounds.a-sheet-named-already-exists", name=name))
    canvas.add_sheet(name, L.ROUND, after)  # kind "round" for both stages (a round sheet)
    write_head(canvas, name, table, lang, title)
    return {c.key: i for i, c in enumerate(table.columns, start=1)}


def round_sheet_looks(canvas: Canvas, name: str, table: L.TableLayout, last: int) -> None:
    """The looks of a new round sheet whose rows end at ``last``, individual
    or team: the table's, its centred columns centred, printed up to
    黑犯规 with the title rows repeated, landscape when that is over 11
    columns (the individual sheet; the team one fits upright)."""
    cols = {c.key: i for i, c in enumerate(table.columns, start=1)}
    plan = canvas.plan
    layout_looks(canvas, name, table, last)
    if last >= L.FIRST_DATA_ROW:
        for c in table.columns:
            if c.centred:
                plan.styles.append(
                    Style(name, L.FIRST_DATA_ROW, cols[c.key], last - L.FIRST_DATA_ROW + 1, 1, align="center")
                )
    plan.page_setups.append(L.table_page(name, last, cols["fouls_black"], landscape=cols["fouls_black"] > 11))


def put_cell(canvas: Canvas, rs: Any, row: Optional[int], key: str, value: Any) -> None:
    col = rs.table.cols.get(key)
    if col is not None and row is not None:
        canvas.set(rs.name, row, col, value)


def write_round_cells(
    canvas: Canvas,
    data: WorkbookData,
    event: Event,
    rs: RoundSheet,
    by_round: Optional[dict[int, dict[int, float]]] = None,
) -> None:
    """Program-owned cells of a round sheet: 序号/names made to agree with
    the pairing, 单位, 积分 before the round, the result's standard spelling
    when normalising is on."""
    by_no = event._by_no
    scores = round_scores(event, rs.round, by_round)
    seats = []
    for b in rs.round.boards:
        row = rs.board_rows[b.board]
        seats += [(row, "red", b.red), (row, "black", b.black)]
        if (
            data.normalise_results
            and b.result is not None
            and not is_standard(rs.raw_results.get(b.board), b.result, data.lang)
        ):
            put_cell(canvas, rs, row, "result", result_display(b.result, data.lang))
    for no, row in rs.bye_rows.items():
        seats.append((row, rs.bye_side[no], no))
    cols = rs.table.cols
    side_cols: dict[str, list[Optional[int]]] = {}  # a side's 序号, name, 单位, 积分 columns (put_cell's)
    for row, side, no in seats:
        p = by_no[no]
        score = scores.get(no)
        if row is None:
            continue
        c = side_cols.get(side)
        if c is None:
            c = side_cols[side] = [cols.get(f"{side}_{key}") for key in ("no", "name", "unit", "score", "rating")]
        # 显示等级分: a new sheet's column
        rating = None if p.rating is None or c[4] is None else tidy_number(float(p.rating))
        values = (no, p.name, p.unit or None, None if score is None else tidy_number(float(score)), rating)
        for col, value in zip(c, values):
            if col is not None:
                canvas.set(rs.name, row, col, value)


def write_registration_cells(canvas: Canvas, data: WorkbookData) -> None:
    reg = data.registration
    col = reg.table.cols.get("no")
    if col is None:
        return
    for row, no in reg.assigned.items():
        canvas.set(reg.name, row, col, no)
