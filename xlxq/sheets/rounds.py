"""The round sheets (第N轮, 淘汰赛第N轮) of an individual workbook: each
board row's seats (by 序号 or by name, :func:`resolve_seat`), result and
fouls, read by :func:`read_round`.
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.model import Board, Round
from xlxq.errors import ErrorList
from xlxq.sheets import layout as L
from xlxq.sheets.book_sheets import OpenSheets
from xlxq.sheets.cells import (
    find_layout,
    refuse_merged,
    as_int,
    cells_at,
    norm_name,
    sheet_error,
    text_of,
)
from xlxq.sheets.data import RoundSheet
from xlxq.sheets.registration import Names
from xlxq.sheets.results import BYE, ResultError, parse_result
from xlxq.sheets.state import Sig
from xlxq.i18n import Msg, zh_only
from xlxq.text import joined


#: a side as its errors name it (红方 / red)
SIDE = {"red": Msg("rounds.side-red"), "black": Msg("rounds.side-black")}

#: the columns of a round sheet read row by row, never merged over several rows
ROW_COLUMNS = ("board", "red_no", "red_name", "black_no", "black_name", "result", "fouls_red", "fouls_black")


def refuse_merged_rounds(sheets: OpenSheets, kind: str) -> None:
    """No cells merged over several rows of a column of :data:`ROW_COLUMNS`
    in the round sheets of ``kind`` (individual and team workbooks)."""
    refuse_merged(sheets, kind, L.ROUND_TABLE, ROW_COLUMNS)


def result_cell(sheet: str, row: int, raw: Any, cell: str) -> Optional[str]:
    """The result typed in a 结果 cell (``parse_result``), or an error naming
    the cell and the spellings it accepts (individual and team round sheets)."""
    try:
        return parse_result(raw)
    except ResultError as exc:
        raise sheet_error(
            sheet,
            row,
            Msg("rounds.unknown-result-e-g-red-win-black-win", text=exc.text),
            cell,
        ) from None


def resolve_seat(
    sheet: str,
    row: int,
    side: str,
    no_cell: Any,
    name_cell: Any,
    stored: Optional[int],
    names: Names,
    cols: dict[str, int],
) -> Optional[int]:
    """The player in one seat from its 序号 and name cells (see docs)."""
    said = SIDE[side]

    def ref(key: str) -> Optional[str]:  # the cell named in an error (made only then)
        return L.cell_ref(row, cols[f"{side}_{key}"]) if f"{side}_{key}" in cols else None

    no = None
    if no_cell is not None:
        no = as_int(no_cell)
        if no is None or no < 1:
            raise sheet_error(
                sheet,
                row,
                Msg("rounds.no-must-be-a-positive-whole-number-got", side=said, no_cell=no_cell),
                ref("no"),
            )
        if no not in names.by_no:
            raise sheet_error(sheet, row, Msg("rounds.no-is-not-registered", side=said, no=no), ref("no"))
    name = text_of(name_cell)
    if no is None and name is None:
        return None
    matches = names.by_name.get(norm_name(name), []) if name else []
    if no is None:
        if not matches:
            raise sheet_error(
                sheet,
                row,
                Msg("rounds.is-not-registered-fill-in-the-number", side=said, name=name),
                ref("name"),
            )
        if len(matches) > 1:
            raise sheet_error(
                sheet,
                row,
                Msg(
                    "rounds.is-ambiguous-fill-in-the-number",
                    side=said,
                    name=name,
                    nos=zh_only("rounds.nos-paren", nos=joined(p.no for p in matches)),
                ),
                ref("name"),
            )
        return matches[0].no
    if name is None or any(p.no == no for p in matches) or not matches:
        return no  # agree, or the name is not a registered one (rewritten from 序号)
    others = [p.no for p in matches]
    if stored == no:
        if len(others) == 1:
            return others[0]  # the name was changed by hand
    elif stored in others:
        return no  # the 序号 was changed by hand
    raise sheet_error(
        sheet,
        row,
        Msg(
            "rounds.no-does-not-match-the-name-no-correct",
            side=said,
            no=no,
            name=names.by_no[no].name,
            name2=name,
            others=joined(others),
        ),
        ref("no") or ref("name"),
    )


def fouls_cells(name: str, r: int, get: dict[str, Any], c: dict[str, int]) -> dict[str, int]:
    """The 红犯规 / 黑犯规 cells of round-sheet row ``r`` (blank: 0), by side,
    or the error naming the cell (individual and team round sheets)."""
    fouls = {}
    for side in ("red", "black"):
        key = f"fouls_{side}"
        v = get.get(key)
        f = 0 if v is None else as_int(v)
        if f is None or f < 0:
            raise sheet_error(
                name,
                r,
                Msg(
                    "rounds.fouls-must-be-a-whole-number-0-got",
                    side=Msg("rounds.fouls-red") if side == "red" else Msg("rounds.fouls-black"),
                    v=v,
                ),
                L.cell_ref(r, c[key]),
            )
        fouls[side] = f
    return fouls


def read_round(
    n: int,
    name: str,
    grid: list[list[Any]],
    names: Names,
    written: Optional[Sig],
    stage: str = "main",
    errors: Optional[ErrorList] = None,
) -> RoundSheet:
    """A 对阵表.  A bad row goes to ``errors`` (every one, issue 10 §4) and is
    left out; without ``errors`` the first one raises."""
    errs = ErrorList() if errors is None else errors
    table = find_layout(L.ROUND_TABLE, name, grid)
    c = table.cols
    for side in ("red", "black"):
        if f"{side}_no" not in c and f"{side}_name" not in c:
            raise sheet_error(name, table.header_row, Msg("rounds.no-number-or-name-column", side=SIDE[side]))
    rows: list[dict] = []
    for r in range(table.header_row + 1, len(grid) + 1):
        with errs.guard():  # a bad row: its error kept, the row left out (issue 10 §4)
            get = cells_at(grid, r, c)
            if all(get.get(k) is None for k in ("red_no", "red_name", "black_no", "black_name")):
                rows.append({"row": r, "empty": True})
                continue
            board_raw = get.get("board")
            if L.norm_key(board_raw) in L.PRESENCE_KEYS:  # a 请假 / 迟到入场 row: shown, not read
                rows.append({"row": r, "empty": True})
                continue
            board = as_int(board_raw)
            if board_raw is not None and board is None:
                if L.norm_key(board_raw) not in ("轮空", "bye"):
                    raise sheet_error(
                        name,
                        r,
                        Msg("rounds.board-must-be-a-number-got", board_raw=board_raw),
                        L.cell_ref(r, c["board"]),
                    )
            if board is not None and board < 1:
                raise sheet_error(
                    name,
                    r,
                    Msg("rounds.board-must-be-positive-got", board_raw=board_raw),
                    L.cell_ref(r, c["board"]),
                )
            stored_pair = written.boards.get(board) if (written and board) else None
            if written and board is None and len(written.byes) == 1:
                stored_pair = (written.byes[0], written.byes[0])
            seats = {}
            for i, side in enumerate(("red", "black")):
                stored = stored_pair[i] if stored_pair else None
                seats[side] = resolve_seat(
                    name, r, side, get.get(f"{side}_no"), get.get(f"{side}_name"), stored, names, c
                )
            raw = get.get("result")
            res = result_cell(name, r, raw, L.cell_ref(r, c["result"]))
            fouls = fouls_cells(name, r, get, c)
            rows.append(
                {
                    "row": r,
                    "board": board,
                    "red": seats["red"],
                    "black": seats["black"],
                    "result": res,
                    "raw": raw,
                    "fouls": fouls,
                }
            )
    rs = RoundSheet(n, name, table, Round(round=n), stage=stage)
    boards: list[Board] = []
    used = {d["board"]: d["row"] for d in rows if not d.get("empty") and d["red"] and d["black"] and d["board"]}
    seen_board: dict[int, int] = {}
    nxt = max(used, default=0)
    for d in rows:
        with errs.guard():
            r = d["row"]
            if d.get("empty"):
                rs.other_rows.append(r)
                continue
            red, black = d["red"], d["black"]
            if red is not None and black is not None:
                if d["result"] == BYE:
                    raise sheet_error(
                        name,
                        r,
                        Msg("rounds.a-board-with-two-players-cannot-be-a-bye"),
                        L.cell_ref(r, c["result"]),
                    )
                b = d["board"]
                if b is None:
                    nxt += 1
                    b = nxt
                if b in seen_board:
                    raise sheet_error(
                        name,
                        r,
                        Msg("rounds.board-appears-twice-rows-and", b=b, board_b=seen_board[b], r=r),
                        L.cell_ref(r, c["board"]) if "board" in c else None,
                    )
                seen_board[b] = r
                boards.append(
                    Board(
                        board=b,
                        red=red,
                        black=black,
                        result=d["result"],
                        fouls_red=d["fouls"]["red"],
                        fouls_black=d["fouls"]["black"],
                    )
                )
                rs.board_rows[b] = r
                rs.raw_results[b] = d["raw"]
                rs.seats.setdefault(red, []).append((r, "red"))
                rs.seats.setdefault(black, []).append((r, "black"))
            else:
                if d["result"] not in (None, BYE):
                    raise sheet_error(
                        name,
                        r,
                        Msg("rounds.a-row-with-one-player-is-a-bye-the", d_raw=d["raw"]),
                        L.cell_ref(r, c["result"]),
                    )
                no, side = (red, "red") if red is not None else (black, "black")
                rs.round.byes.append(no)
                if no in rs.bye_rows:
                    rs.seats.setdefault(no, []).append((r, side))
                    continue
                rs.bye_rows[no] = r
                rs.bye_side[no] = side
                rs.seats.setdefault(no, []).append((r, side))
    rs.round.boards = sorted(boards, key=lambda b: b.board)
    if errors is None:
        errs.check()
    return rs
