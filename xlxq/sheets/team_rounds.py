"""The round sheets of a team workbook: match rows, board rows (seats
by 序号 or name, results, fouls), score lines and the bye row, read by
:func:`read_team_round` into a :class:`RawRound`; its match blocks seated
and the round built by :func:`seat_team_round` (the whole workbook is read
by :func:`xlxq.sheets.read.read_team_workbook`).

**Who decides the seats.**  The round sheet is the truth: who sits on which
board is read from it (hand edits are accepted and flagged).  The program
seats a match itself (from the 出场名单 row of the team for that round, or the
format's default line-up) when it pairs the round, when the arbiter has
emptied every seat of a match, and when the arbiter has changed a match's
teams without touching its boards.  An 出场名单 row entered or changed after
the round was seated (the state sheet remembers the rows already used)
re-seats that team's boards on the next operation; results stay in their
rows.  Every line-up is checked with :func:`xlxq.core.teams.check_lineup`.
Unusable data raises :class:`~xlxq.errors.InputError` naming the sheet, row
and cell; nothing is written then.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Optional

from xlxq.core.model import Board
from xlxq.core.scheveningen import scheveningen_round
from xlxq.core.teams import (
    VACANT,
    Match,
    TeamEvent,
    TeamRound,
    TeamSettings,
    check_lineup,
    default_lineup,
    first_team_colour,
    make_boards,
    other,
    player_named,
    vacant_result,
)
from xlxq.errors import ErrorList, InputError
from xlxq.sheets import layout as L, team_layout as T
from xlxq.sheets.cells import (
    find_layout,
    refuse_merged,
    as_int,
    cells_at,
    norm_name,
    sheet_error,
    text_of,
)
from xlxq.sheets.book_sheets import OpenSheets
from xlxq.sheets.registration import Names
from xlxq.sheets.problems import INFO, WARNING, Problem
from xlxq.sheets.results import BYE, ResultError, parse_result
from xlxq.sheets.results import display as result_display
from xlxq.sheets.rounds import ROW_COLUMNS, fouls_cells, resolve_seat, result_cell
from xlxq.sheets.data import BoardRow, MatchBlock, TeamRoundSheet, TeamWorkbookData
from xlxq.sheets.state import TeamState
from xlxq.sheets.team_registration import TeamIndex, check_lineup_at, lineup_cols
from xlxq.systems import system_for
from xlxq.i18n import Lazy, Msg, by_forms, zh_only


def refuse_merged_team_rounds(sheets: OpenSheets) -> None:
    """No cells merged over several rows of a board's columns (台次, 序号,
    names, 结果, fouls) in the team round sheets; 场次 and the teams may be."""
    refuse_merged(sheets, T.ROUND, T.TEAM_ROUND_TABLE, ROW_COLUMNS)


def _team_seat(
    sheet: str,
    row: int,
    side: str,
    no_cell: Any,
    name_cell: Any,
    stored: Optional[int],
    idx: TeamIndex,
    cols: dict[str, int],
    role: str,
) -> Optional[int]:
    """The team on one side of a match row (or a bye row): 序号 column = 队号,
    红方/黑方 column = 队名; reconciled as players are (docs).  ``role``: the
    message of the team's role (轮空队, 先走队, 后走队) the Chinese names."""
    said = zh_only(role)
    no_ref = L.cell_ref(row, cols[f"{side}_no"]) if f"{side}_no" in cols else None
    name_ref = L.cell_ref(row, cols[f"{side}_name"]) if f"{side}_name" in cols else None
    t = None
    if no_cell is not None:
        t = as_int(no_cell)
        if t is None or t not in idx.by_no:
            raise sheet_error(
                sheet,
                row,
                Msg("team_rounds.team-no-is-not-registered", role=said, no_cell=no_cell),
                no_ref,
            )
    name = text_of(name_cell)
    if t is None and name is None:
        return None
    same = idx.by_name.get(norm_name(name), []) if name else []
    if t is None:
        if len(same) != 1:
            raise sheet_error(
                sheet,
                row,
                Msg("team_rounds.team-is-not-registered-or-ambiguous", role=said, name=name),
                name_ref,
            )
        return same[0].no
    if name is None or not same or any(x.no == t for x in same):
        return t
    others = [x.no for x in same]
    if stored == t and len(others) == 1:
        return others[0]  # the name was changed by hand
    if stored in others:
        return t  # the number was changed by hand
    raise sheet_error(
        sheet,
        row,
        Msg("team_rounds.team-no-does-not-match-the-name", role=said, t=t, tname=idx.by_no[t].name, name=name),
        no_ref or name_ref,
    )


def _seat(
    sheet: str,
    row: int,
    side: str,
    no_cell: Any,
    name_cell: Any,
    stored: Optional[int],
    names: Names,
    cols: dict[str, int],
) -> Optional[int]:
    """A board seat: a player, VACANT (空台), or None (blank)."""
    if (no_cell is not None and T.is_vacant_word(no_cell)) or (no_cell is None and T.is_vacant_word(name_cell)):
        return VACANT
    if T.is_vacant_word(name_cell):
        name_cell = None  # a number typed over an empty seat: the number decides
    return resolve_seat(sheet, row, side, no_cell, name_cell, stored, names, cols)


@dataclass
class RawRound:
    sheet: TeamRoundSheet
    blocks: dict[int, MatchBlock]
    byes: list[int]
    blank_blocks: set[int]  # matches whose seats are all blank


def read_team_round(
    n: int,
    name: str,
    grid: list[list[Any]],
    settings: TeamSettings,
    names: Names,
    idx: TeamIndex,
    state: TeamState,
    errors: Optional[ErrorList] = None,
) -> RawRound:
    """A team 对阵表.  A bad row goes to ``errors`` (every one, issue 10 §4)
    and is left out (a bad match row: its boards too); without ``errors``
    the first one raises."""
    errs = ErrorList() if errors is None else errors
    bad_matches: set[int] = set()
    table = find_layout(T.TEAM_ROUND_TABLE, name, grid)
    c = table.cols
    for side in ("red", "black"):
        if f"{side}_no" not in c and f"{side}_name" not in c:
            said = Msg("rounds.side-red") if side == "red" else Msg("rounds.side-black")
            raise sheet_error(name, table.header_row, Msg("rounds.no-number-or-name-column", side=said))
    if "board" not in c:
        raise sheet_error(name, table.header_row, Msg("team_rounds.no-board-column"))
    rs = TeamRoundSheet(n, name, table, next_row=len(grid) + 1)
    written = state.written.get(n, {})
    written_byes = state.wbyes.get(n, [])
    blocks: dict[int, MatchBlock] = {}
    match_rows: dict[int, int] = {}
    board_rows: dict[int, list[tuple[int, int, dict]]] = {}
    for r in range(table.header_row + 1, len(grid) + 1):
        get = cells_at(grid, r, c)
        seen = len(errs.errors)
        with errs.guard():  # a bad row: its error kept, the row left out
            if all(
                get.get(k) is None for k in ("match", "board", "red_no", "red_name", "black_no", "black_name", "result")
            ):
                rs.other_rows.append(r)
                continue
            marker = T.row_marker(get.get("board"))
            if marker == "bye":
                side = "red" if (get.get("red_no") is not None or get.get("red_name") is not None) else "black"
                stored = written_byes[0] if len(written_byes) == 1 else None
                t = _team_seat(
                    name,
                    r,
                    side,
                    get.get(f"{side}_no"),
                    get.get(f"{side}_name"),
                    stored,
                    idx,
                    c,
                    "team_rounds.role-bye",
                )
                if t is None:
                    rs.other_rows.append(r)
                    continue
                if t in rs.bye_rows:
                    raise sheet_error(
                        name,
                        r,
                        Msg(
                            "team_rounds.team-has-two-bye-rows",
                            team=by_forms(idx.by_no[t].name, t),
                            rows=zh_only("team_rounds.rows-a-and-b", a=rs.bye_rows[t], b=r),
                        ),
                        L.cell_ref(r, c["board"]),
                    )
                res = get.get("result")
                try:
                    code = parse_result(res)
                except ResultError:
                    code = "?"
                if code not in (None, BYE):
                    raise sheet_error(
                        name,
                        r,
                        Msg("team_rounds.a-bye-rows-result-should-be-empty-or-bye", res=res),
                        L.cell_ref(r, c["result"]),
                    )
                rs.bye_rows[t] = r
                rs.bye_side[t] = side
                continue
            m = as_int(get.get("match"))
            if m is None or m < 1:
                raise sheet_error(
                    name,
                    r,
                    Msg(
                        "team_rounds.match-must-be-a-positive-whole-number",
                        raw=by_forms("" if get.get("match") is None else get.get("match"), get.get("match")),
                    ),
                    L.cell_ref(r, c["match"]),
                )
            if marker == "score":
                blocks.setdefault(m, MatchBlock(m, None, 0, 0)).score_row = r
                continue
            if marker == "match":
                if m in match_rows:
                    raise sheet_error(
                        name,
                        r,
                        Msg("team_rounds.match-has-two-team-rows-rows-and", m=m, rows_m=match_rows[m], r=r),
                        L.cell_ref(r, c["match"]),
                    )
                match_rows[m] = r
                w = written.get(m)
                first = _team_seat(
                    name,
                    r,
                    "red",
                    get.get("red_no"),
                    get.get("red_name"),
                    w[0] if w else None,
                    idx,
                    c,
                    "team_rounds.role-first",
                )
                second = _team_seat(
                    name,
                    r,
                    "black",
                    get.get("black_no"),
                    get.get("black_name"),
                    w[1] if w else None,
                    idx,
                    c,
                    "team_rounds.role-second",
                )
                if first is None or second is None:
                    raise sheet_error(
                        name,
                        r,
                        Msg("team_rounds.match-give-the-first-team-red-side-and", m=m),
                        L.cell_ref(r, c["red_name" if "red_name" in c else "red_no"]),
                    )
                if first == second:
                    raise sheet_error(
                        name,
                        r,
                        Msg(
                            "team_rounds.match-a-team-is-paired-with-itself",
                            m=m,
                            team=zh_only("team_rounds.team-paren", name=idx.by_no[first].name),
                        ),
                        L.cell_ref(r, c["red_name"]),
                    )
                blk = blocks.setdefault(m, MatchBlock(m, None, 0, 0))
                blk.row, blk.first, blk.second = r, first, second
                continue
            braw = get.get("board")
            k = as_int(braw)
            if braw is not None and (k is None or k < 1):
                raise sheet_error(
                    name,
                    r,
                    Msg("team_rounds.board-must-be-a-number-or-match-score", braw=braw),
                    L.cell_ref(r, c["board"]),
                )
            if k is not None and k > settings.boards:
                raise sheet_error(
                    name,
                    r,
                    Msg("team_rounds.board-is-more-than-the-boards", k=k, boards=settings.boards),
                    L.cell_ref(r, c["board"]),
                )
            board_rows.setdefault(m, []).append((r, k or 0, get))
        bad_m = as_int(get.get("match"))
        if len(errs.errors) > seen and bad_m is not None and T.row_marker(get.get("board")) == "match":
            bad_matches.add(bad_m)  # a bad match row: its boards are not judged
    # boards of each match
    for m, rows in board_rows.items():
        if m not in blocks or blocks[m].row is None:
            blocks.pop(m, None)
            if m in bad_matches:
                continue
            r = rows[0][0]
            errs.add(
                sheet_error(
                    name,
                    r,
                    Msg("team_rounds.match-has-no-team-row-board-cell", m=m, mark=Msg("team_rounds.match-mark")),
                    L.cell_ref(r, c["match"]),
                )
            )
            continue
        blk = blocks[m]
        used = {k for _, k, _ in rows if k}
        nxt = iter(k for k in range(1, settings.boards + 1) if k not in used)
        w = written.get(m)
        wseats = w[2] if w else None
        for r, k, get in rows:
            with errs.guard():  # a bad board row: its error kept, the row left out
                if not k:
                    k = next(nxt, None)
                    if k is None:
                        raise sheet_error(
                            name,
                            r,
                            Msg("team_rounds.match-has-more-than-board-rows", m=m, boards=settings.boards),
                            L.cell_ref(r, c["board"]),
                        )
                if k in blk.boards:
                    raise sheet_error(
                        name,
                        r,
                        Msg("team_rounds.match-board-appears-twice-rows-and", m=m, k=k, row=blk.boards[k].row, r=r),
                        L.cell_ref(r, c["board"]),
                    )
                stored = wseats[k - 1] if wseats and k <= len(wseats) else None
                red = _seat(
                    name, r, "red", get.get("red_no"), get.get("red_name"), stored[0] if stored else None, names, c
                )
                black = _seat(
                    name,
                    r,
                    "black",
                    get.get("black_no"),
                    get.get("black_name"),
                    stored[1] if stored else None,
                    names,
                    c,
                )
                raw = get.get("result")
                res = result_cell(name, r, raw, L.cell_ref(r, c["result"]))
                if res == BYE:
                    raise sheet_error(
                        name,
                        r,
                        Msg("team_rounds.a-board-cannot-be-a-bye"),
                        L.cell_ref(r, c["result"]),
                    )
                fouls = fouls_cells(name, r, get, c)
                blk.boards[k] = BoardRow(
                    r,
                    k,
                    red if red is not None else -1,
                    black if black is not None else -1,
                    raw,
                    res,
                    fouls["red"],
                    fouls["black"],
                )
    for m, blk in list(blocks.items()):
        if blk.row is None:
            del blocks[m]
            if m not in bad_matches:
                errs.add(
                    sheet_error(
                        name,
                        blk.score_row,
                        Msg("team_rounds.match-has-only-a-score-row", m=m),
                        L.cell_ref(blk.score_row, c["match"]),
                    )
                )
    for t in rs.bye_rows:
        for blk in blocks.values():
            if t in (blk.first, blk.second):
                errs.add(
                    sheet_error(
                        name,
                        rs.bye_rows[t],
                        Msg(
                            "team_rounds.team-both-plays-match-and-has-a-bye",
                            name=by_forms(idx.by_no[t].name, t),
                            match=blk.match,
                        ),
                        L.cell_ref(rs.bye_rows[t], c["board"]),
                    )
                )
    seen_team: dict[int, int] = {}
    for m in sorted(blocks):
        blk = blocks[m]
        for t in (blk.first, blk.second):
            if t in seen_team:
                errs.add(
                    sheet_error(
                        name,
                        blk.row,
                        Msg(
                            "team_rounds.team-appears-in-matches-and",
                            team=by_forms(Msg("teams.name-team-no", name=idx.by_no[t].name, no=t), t),
                            a=seen_team[t],
                            m=m,
                        ),
                        L.cell_ref(blk.row, c["match"]),
                    )
                )
            seen_team[t] = m
    blank = set()
    for m, blk in blocks.items():
        if all(br.red == -1 and br.black == -1 for br in blk.boards.values()):
            blank.add(m)  # every seat empty (or no board rows): the program seats the match
        else:
            for br in blk.boards.values():
                br.red = VACANT if br.red == -1 else br.red  # one empty seat: 空台
                br.black = VACANT if br.black == -1 else br.black
    rs.matches = blocks
    if errors is None:
        errs.check()
    return RawRound(rs, blocks, sorted(rs.bye_rows), blank)


# --------------------------------------------------------------------------
# seating the match blocks (who decides the seats: the docstring above)
# --------------------------------------------------------------------------


def _team_seats(event: TeamEvent, first: int, second: int, boards: list[Board], team: int) -> list[int]:
    out = []
    for b in boards:
        if system_for(event.settings).seated_by_schedule:
            out.append(b.red if event.team_of(b.red) == team else b.black)
            continue
        colour = first_team_colour(b.board) if team == first else other(first_team_colour(b.board))
        out.append(b.red if colour == "R" else b.black)
    return out


def seat_team_round(data: TeamWorkbookData, before: TeamEvent, raw: RawRound) -> TeamEvent:
    """Seat the matches of one round sheet (from the sheet, the 出场名单 or the
    default line-ups), check every line-up, and append the round."""
    rs = raw.sheet
    n = rs.no
    s = data.event.settings
    ev = replace(before, rounds=list(before.rounds))
    ev.reindex()
    lu_sheet = data.lineups
    lu_cols = lineup_cols(data.lineups)
    rows = lu_sheet.rows if lu_sheet is not None else {}
    written = data.state.written.get(n, {})
    c = rs.table.cols
    matches: list[Match] = []
    for m in sorted(raw.blocks):
        blk = raw.blocks[m]
        w = written.get(m)
        reseat = m in raw.blank_blocks
        reason = "blank"
        if not reseat and w is not None and (w[0], w[1]) != (blk.first, blk.second):
            now = [(blk.boards[k].red, blk.boards[k].black) for k in sorted(blk.boards)]
            if now == w[2]:
                reseat, reason = True, "teams"
        if reseat:
            boards = _seat_match(data, ev, n, blk)
            blk.seated_by_program = True
            said = Msg(
                "team_rounds.seated-from-the-line-ups"
                if reason == "blank"
                else "team_rounds.teams-changed-by-hand-re-seated-from-the-line-ups"
            )
            data.problems.append(
                Problem(INFO, "seated", sheet=rs.name, row=blk.row, cols=("board",), round=n, msg=said)
            )
        else:
            if len(blk.boards) != s.boards:
                missing = next(k for k in range(1, s.boards + 1) if k not in blk.boards)
                raise sheet_error(
                    rs.name,
                    blk.row,
                    Msg(
                        "team_rounds.match-has-no-board",
                        m=m,
                        missing=missing,
                        detail=zh_only("team_rounds.boards-a-team-empty-to-reseat", boards=s.boards),
                    ),
                    L.cell_ref(blk.row, c["match"]),
                )
            boards = [
                Board(k, br.red, br.black, br.result, br.fouls_red, br.fouls_black)
                for k, br in sorted(blk.boards.items())
            ]
            # an 出场名单 row entered or changed since it was last used re-seats its team
            if not system_for(s).seated_by_schedule:
                for team in (blk.first, blk.second):
                    lr = rows.get((n, team))
                    if lr is None:
                        continue
                    now = _team_seats(ev, blk.first, blk.second, boards, team)
                    if lr.lineup == now:
                        data.used_lineups[(n, team)] = lr.lineup
                        continue
                    if data.state.lineups.get((n, team)) == lr.lineup:
                        data.problems.append(
                            Problem(
                                INFO,
                                "lineup_overridden",
                                msg=Msg(
                                    "team_rounds.round-the-seats-of-team-were-changed-on",
                                    n=n,
                                    name=by_forms(ev.team(team).name, team),
                                ),
                                sheet=lu_sheet.name,
                                row=lr.row,
                                cols=("team",),
                                round=n,
                            )
                        )
                        continue
                    check_lineup_at(ev, n, team, lr.lineup, lu_sheet.name, lr.row, lu_cols)
                    boards = _apply_lineup(data, rs, blk, boards, team, lr.lineup)
                    data.used_lineups[(n, team)] = lr.lineup
                    blk.seated_by_program = True
                    data.problems.append(
                        Problem(
                            INFO,
                            "lineup_applied",
                            sheet=lu_sheet.name,
                            row=lr.row,
                            cols=("team",),
                            round=n,
                            msg=Msg("team_rounds.round-match-re-seated-from-this-line-up", n=n, m=m),
                        )
                    )
        for b in boards:
            forced = vacant_result(b.red, b.black)
            br = blk.boards.get(b.board)
            if forced is not None and b.result != forced:
                if br is not None and br.result is not None and br.row is not None:
                    raise sheet_error(
                        rs.name,
                        br.row,
                        Msg(
                            "team_rounds.match-board-an-empty-seat-means",
                            m=m,
                            board=b.board,
                            result=Lazy(lambda lang, forced=forced: result_display(forced, lang)),
                            got=zh_only("team_rounds.got-quoted", raw=text_of(br.raw)),
                        ),
                        L.cell_ref(br.row, c["result"]),
                    )
                b.result = forced
        _check_team_sides(data, ev, rs, blk, boards)
        match = Match(m, blk.first, blk.second, boards)
        matches.append(match)
        for b in boards:
            br = blk.boards.get(b.board)
            if br is None:
                br = blk.boards[b.board] = BoardRow(None, b.board, raw=None)
            br.red, br.black, br.result = b.red, b.black, b.result
    rnd = TeamRound(n, matches, list(raw.byes))
    gen = data.state.generated.get(n)
    if gen is not None:  # the engine's pairing of the round it made (hand changes: xlxq.core.hand)
        rnd.engine = (tuple((f, k) for _, (f, k, _) in sorted(gen.items())), tuple(data.state.gbyes.get(n, ())))
    ev = ev.with_round(rnd)
    ev.reindex()
    if not system_for(s).seated_by_schedule:
        for match in matches:
            blk = raw.blocks[match.match]
            for team in match.teams():
                seats = _team_seats(ev, match.first, match.second, match.boards, team)
                try:
                    check_lineup(ev, n, team, seats)
                except InputError as exc:
                    k = exc.place.board
                    br = blk.boards.get(k) if k else None
                    row = br.row if br is not None and br.row is not None else blk.row
                    side = "red_name"
                    if k and br is not None:
                        side = (
                            "red_name"
                            if first_team_colour(k) == ("R" if team == match.first else "B")
                            else "black_name"
                        )
                    raise sheet_error(rs.name, row, exc, L.cell_ref(row, c.get(side, c["board"]))) from None
    return ev


def _seat_match(data: TeamWorkbookData, ev: TeamEvent, n: int, blk: MatchBlock) -> list[Board]:
    s = ev.settings
    if system_for(s).seated_by_schedule:
        boards = [replace(b) for b in scheveningen_round(ev, n).matches[0].boards]
    else:
        ups = []
        lu_cols = lineup_cols(data.lineups)
        for team in (blk.first, blk.second):
            lr = data.lineups.rows.get((n, team)) if data.lineups is not None else None
            if lr is not None:
                check_lineup_at(ev, n, team, lr.lineup, data.lineups.name, lr.row, lu_cols)
                ups.append(lr.lineup)
                data.used_lineups[(n, team)] = lr.lineup
            else:
                ups.append(default_lineup(ev, team, n))
        boards = make_boards(ups[0], ups[1])
    for b in boards:
        br = blk.boards.get(b.board)
        if br is not None:
            b.fouls_red, b.fouls_black = br.fouls_red, br.fouls_black
            if _stale_forced(br, b):
                continue
            if br.result is not None and vacant_result(b.red, b.black) is None:
                b.result = br.result
            if br.result is not None and (br.red, br.black) != (b.red, b.black):
                data.problems.append(
                    Problem(
                        WARNING,
                        "result_before_seating",
                        msg=Msg("team_read.this-board-had-a-result-before-it-was-re"),
                        sheet=data.round_sheet(n).name if data.round_sheet(n) else None,
                        row=br.row,
                        cols=("result",),
                        round=n,
                    )
                )
    return boards


def _stale_forced(br: BoardRow, b: Board) -> bool:
    """The result cell holds the forced result of an empty seat that the new
    seating fills: the program wrote it, so the program clears it."""
    old = vacant_result(br.red, br.black) if br.red >= 0 and br.black >= 0 else None
    if old is not None and br.result == old and vacant_result(b.red, b.black) is None:
        b.result = None
        br.clear_result = True
        return True
    return False


def _apply_lineup(
    data: TeamWorkbookData, rs: TeamRoundSheet, blk: MatchBlock, boards: list[Board], team: int, lineup: list[int]
) -> list[Board]:
    out = []
    for b in boards:
        colour = first_team_colour(b.board) if team == blk.first else other(first_team_colour(b.board))
        nb = replace(b, red=lineup[b.board - 1]) if colour == "R" else replace(b, black=lineup[b.board - 1])
        br = blk.boards.get(b.board)
        if (nb.red, nb.black) != (b.red, b.black) and br is not None and not _stale_forced(br, nb):
            nb.result = br.result
            if br.result is not None and vacant_result(nb.red, nb.black) is None:
                data.problems.append(
                    Problem(
                        WARNING,
                        "result_before_seating",
                        msg=Msg("team_read.this-board-had-a-result-before-the-line"),
                        sheet=rs.name,
                        row=br.row,
                        cols=("result",),
                        round=rs.no,
                    )
                )
        out.append(nb)
    return out


def _check_team_sides(
    data: TeamWorkbookData, ev: TeamEvent, rs: TeamRoundSheet, blk: MatchBlock, boards: list[Board]
) -> None:
    """Each seat holds a player of the team the board rule gives it (先走队
    单数台执红、双数台执黑); 全队轮赛制: one player of each team per board."""
    c = rs.table.cols
    for b in boards:
        br = blk.boards.get(b.board)
        row = br.row if br is not None and br.row is not None else blk.row
        if system_for(ev.settings).seated_by_schedule:
            teams = {ev.team_of(b.red), ev.team_of(b.black)}
            if VACANT in (b.red, b.black) or teams != {blk.first, blk.second}:
                raise sheet_error(
                    rs.name,
                    row,
                    Msg("team_rounds.scheveningen-board-one-player-of-each", board=b.board),
                    L.cell_ref(row, c["board"]),
                )
            continue
        for side, no in (("red", b.red), ("black", b.black)):
            if no == VACANT:
                continue
            colour = "R" if side == "red" else "B"
            team = blk.first if first_team_colour(b.board) == colour else blk.second
            if ev.team_of(no) != team:
                raise sheet_error(
                    rs.name,
                    row,
                    Msg(
                        "team_rounds.match-board-player-is-not-of-team",
                        match=blk.match,
                        board=b.board,
                        side=Msg("rounds.side-red") if side == "red" else Msg("rounds.side-black"),
                        player=player_named(ev, no),
                        team=by_forms(ev.team(team).name, team),
                    ),
                    L.cell_ref(row, c.get(f"{side}_name", c["board"])),
                )
