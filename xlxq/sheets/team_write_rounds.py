"""Writing the round sheets of a team workbook: a new round sheet
(:func:`add_team_round_sheet`), its program-owned cells (seats, names, the
match score lines), the numbers the program fills in 队伍报名, and the
pairing recorded in the state (:func:`record_generated`).
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.model import Board
from xlxq.core.teams import VACANT, Match, TeamEvent, TeamRound, match_game_points, vacant_result
from xlxq.sheets import layout as L, team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import Table, tidy_number
from xlxq.sheets.plan import ListValidation, NumberFormat, Style
from xlxq.sheets.results import BYE, choices as result_choices, display as result_display, is_standard
from xlxq.sheets.data import BoardRow, MatchBlock, TeamRoundSheet, TeamWorkbookData
from xlxq.sheets.write_rounds import new_round_sheet, put_cell, round_sheet_looks
from xlxq.systems import system_for


def add_team_round_sheet(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent, rnd: TeamRound) -> TeamRoundSheet:
    """A new 对阵表 sheet for ``rnd``: per match a match row, one row per
    board and a score line; the bye row last."""
    lang = data.lang
    name = T.round_sheet_name(rnd.round, lang)
    after = data.rounds[-1].name if data.rounds else (data.lineups.name if data.lineups else data.reg.name)
    title = (
        T.scheveningen_title(rnd.round, event.settings.name, lang)
        if system_for(event.settings).seated_by_schedule
        else T.round_title(rnd.round, event.settings.name, lang, event.settings.boards)
    )
    cols = new_round_sheet(canvas, data.names, name, after, T.TEAM_ROUND_TABLE, title, lang)
    ncols = len(T.TEAM_ROUND_COLUMNS)
    rs = TeamRoundSheet(rnd.round, name, Table(name, L.HEADER_ROW, cols, 0), new=True)
    r = L.FIRST_DATA_ROW
    plan = canvas.plan
    board_blocks: list[tuple[int, int]] = []
    for m in rnd.matches:
        blk = MatchBlock(m.match, r, m.first, m.second, seated_by_program=True)
        canvas.set(name, r, cols["match"], m.match)
        canvas.set(name, r, cols["board"], T.MATCH_MARK[lang])
        plan.styles.append(Style(name, r, 1, 1, ncols - 1, bold=True))
        r += 1
        top = r
        for b in m.boards:
            canvas.set(name, r, cols["match"], m.match)
            canvas.set(name, r, cols["board"], b.board)
            blk.boards[b.board] = BoardRow(r, b.board, b.red, b.black, None, b.result)
            r += 1
        board_blocks.append((top, r - top))
        canvas.set(name, r, cols["match"], m.match)
        canvas.set(name, r, cols["board"], T.SCORE_MARK[lang])
        plan.styles.append(
            Style(name, r, cols["red_name"], 1, cols["black_name"] - cols["red_name"] + 1, align="center")
        )
        blk.score_row = r
        r += 1
        rs.matches[m.match] = blk
    for t in rnd.byes:
        canvas.set(name, r, cols["board"], T.BYE_MARK[lang])
        rs.bye_rows[t] = r
        rs.bye_side[t] = "red"
        r += 1
    last = r - 1
    rs.table.last_row = last
    rs.next_row = r
    data.rounds.append(rs)
    data.names.append(name)
    res_col = cols["result"]
    fmt = T.TEAM_ROUND_TABLE.col("result").fmt
    assert fmt is not None
    for top, count in board_blocks:
        if count:
            plan.number_formats.append(NumberFormat(name, top, res_col, count, 1, fmt))
            plan.validations.append(ListValidation(name, top, res_col, count, 1, result_choices(lang)))
    round_sheet_looks(canvas, name, T.TEAM_ROUND_TABLE, last)
    return rs


def seat_teams(event: TeamEvent, m: Match, b: Board) -> tuple[Optional[int], Optional[int]]:
    """The teams of the red and the black seat of board ``b`` of match
    ``m``: the players' teams; an empty seat's is the other seat's opponent."""
    red = event.team_of(b.red) if b.red != VACANT else None
    black = event.team_of(b.black) if b.black != VACANT else None
    if red is None and black in m.teams():
        red = m.opponent_of(black)
    if black is None and red in m.teams():
        black = m.opponent_of(red)
    return red, black


def write_round_cells(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent, rs: TeamRoundSheet) -> None:
    """Program-owned cells of a round sheet: the teams of each match row,
    序号/names of the seats made to agree, the score lines, the bye rows;
    the forced result of an empty seat when the cell is blank; results in
    the standard spelling when 结果规范化 is on."""
    lang = data.lang
    rnd = event.get_round(rs.no)
    sc = event.settings.scoring
    for m in rnd.matches:
        blk = rs.matches[m.match]
        put_cell(canvas, rs, blk.row, "red_no", m.first)
        put_cell(canvas, rs, blk.row, "red_name", event.team(m.first).name)
        put_cell(canvas, rs, blk.row, "result", T.VS_TEXT[lang])
        put_cell(canvas, rs, blk.row, "black_name", event.team(m.second).name)
        put_cell(canvas, rs, blk.row, "black_no", m.second)
        for b in m.boards:
            br = blk.boards[b.board]
            if br.row is None:  # a board the program adds below the table
                br.row = rs.next_row
                rs.next_row += 1
                put_cell(canvas, rs, br.row, "match", m.match)
                put_cell(canvas, rs, br.row, "board", b.board)
            teams = seat_teams(event, m, b)
            for side, team in zip(("red", "black"), teams):
                put_cell(canvas, rs, br.row, f"{side}_team", event.team(team).name if team is not None else None)
            for side, no in (("red", b.red), ("black", b.black)):
                if no == VACANT:
                    put_cell(canvas, rs, br.row, f"{side}_no", None)
                    put_cell(canvas, rs, br.row, f"{side}_name", T.vacant_text(lang))
                else:
                    put_cell(canvas, rs, br.row, f"{side}_no", no)
                    put_cell(canvas, rs, br.row, f"{side}_name", event.player(no).name)
            raw_blank = br.raw is None or (isinstance(br.raw, str) and not br.raw.strip())
            if br.clear_result:
                put_cell(canvas, rs, br.row, "result", None)
            elif b.result is not None and raw_blank and vacant_result(b.red, b.black) is not None:
                put_cell(canvas, rs, br.row, "result", result_display(b.result, lang))
            elif data.normalise_results and b.result is not None and not is_standard(br.raw, b.result, lang):
                put_cell(canvas, rs, br.row, "result", result_display(b.result, lang))
        if blk.score_row is not None:
            gf, gs, finished = match_game_points(event, m)
            mf = sc.match_points(gf, gs, True) if finished else None
            ms = sc.match_points(gs, gf, False) if finished else None
            started = any(b.result is not None for b in m.boards)
            put_cell(canvas, rs, blk.score_row, "red_no", None)
            put_cell(canvas, rs, blk.score_row, "red_name", tidy_number(gf) if started else None)
            put_cell(canvas, rs, blk.score_row, "result", T.score_line(gf, gs, mf, ms, lang) if started else None)
            put_cell(canvas, rs, blk.score_row, "black_name", tidy_number(gs) if started else None)
            put_cell(canvas, rs, blk.score_row, "black_no", None)
    for t in rnd.byes:
        row = rs.bye_rows[t]
        side = rs.bye_side.get(t, "red")
        put_cell(canvas, rs, row, f"{side}_no", t)
        put_cell(canvas, rs, row, f"{side}_name", event.team(t).name)
        put_cell(canvas, rs, row, "result", result_display(BYE, lang))


# ==========================================================================
# writing: registration, the pairing recorded
# ==========================================================================


def write_registration_cells(canvas: Canvas, data: TeamWorkbookData) -> None:
    reg = data.reg
    for key, assigned in (("no", reg.assigned), ("team_no", reg.assigned_team)):
        col = reg.table.cols.get(key)
        if col is None:
            continue
        for row, v in assigned.items():
            canvas.set(reg.name, row, col, v)


def record_generated(data: TeamWorkbookData, rnd: TeamRound) -> None:
    data.state.generated[rnd.round] = {
        m.match: (m.first, m.second, [(b.red, b.black) for b in m.boards]) for m in rnd.matches
    }
    data.state.gbyes[rnd.round] = list(rnd.byes)


def record_program_seating(data: TeamWorkbookData, event: TeamEvent) -> None:
    """Matches the program seated in this operation become the 'generated'
    seating, so that only the arbiter's own changes are flagged later."""
    for rs in data.rounds:
        gen = data.state.generated.get(rs.no)
        if gen is None or not any(blk.seated_by_program for blk in rs.matches.values()):
            continue  # (a workbook with bad cells: no round built, nothing seated)
        rnd = event.get_round(rs.no)
        for mt in rnd.matches:
            blk = rs.matches.get(mt.match)
            if blk is None or not blk.seated_by_program:
                continue
            for gm, (f, s, _) in list(gen.items()):
                if {f, s} == set(mt.teams()):
                    gen[gm] = (f, s, [(b.red, b.black) for b in mt.boards])
