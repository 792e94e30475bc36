"""The round sheets of a team workbook: match rows, board rows (seats
by 序号 or name, results, fouls), score lines and the bye row, read by
:func:`read_team_round` into a :class:`RawRound` (the round is built in
:mod:`xlxq.sheets.team_read`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from xlxq.core.teams import VACANT, TeamSettings
from xlxq.errors import ErrorList
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
from xlxq.sheets.results import BYE, ResultError, parse_result
from xlxq.sheets.rounds import ROW_COLUMNS, fouls_cells, resolve_seat, result_cell
from xlxq.sheets.data import BoardRow, MatchBlock, TeamRoundSheet
from xlxq.sheets.state import TeamState
from xlxq.sheets.team_registration import TeamIndex


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
    role_zh: str,
) -> Optional[int]:
    """The team on one side of a match row (or a bye row): 序号 column = 队号,
    红方/黑方 column = 队名; reconciled as players are (docs)."""
    no_ref = L.cell_ref(row, cols[f"{side}_no"]) if f"{side}_no" in cols else None
    name_ref = L.cell_ref(row, cols[f"{side}_name"]) if f"{side}_name" in cols else None
    t = None
    if no_cell is not None:
        t = as_int(no_cell)
        if t is None or t not in idx.by_no:
            raise sheet_error(
                sheet,
                row,
                f"{role_zh}队号“{no_cell}”不在队伍报名表中",
                f"team no {no_cell!r} is not registered",
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
                f"{role_zh}“{name}”不在队伍报名表中（或重名），请填写队号",
                f"team {name!r} is not registered (or ambiguous); fill in the team no",
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
        f"{role_zh}队号 {t}（{idx.by_no[t].name}）与队名“{name}”不一致，请改正其中之一",
        f"team no {t} ({idx.by_no[t].name}) does not match the name {name!r}; correct one of them",
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
    for side, zh in (("red", "红方"), ("black", "黑方")):
        if f"{side}_no" not in c and f"{side}_name" not in c:
            raise sheet_error(name, table.header_row, f"找不到{zh}的“序号”或姓名列", f"no {side} number or name column")
    if "board" not in c:
        raise sheet_error(name, table.header_row, "找不到“台次”列", "no 'Board' column")
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
                t = _team_seat(name, r, side, get.get(f"{side}_no"), get.get(f"{side}_name"), stored, idx, c, "轮空队")
                if t is None:
                    rs.other_rows.append(r)
                    continue
                if t in rs.bye_rows:
                    raise sheet_error(
                        name,
                        r,
                        f"{idx.by_no[t].name}的轮空行重复（第{rs.bye_rows[t]}行与第{r}行）",
                        f"team {t} has two bye rows",
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
                        f"轮空行的结果栏应为空或“轮空”，实为“{res}”",
                        f"a bye row's result should be empty or 'bye', got {res!r}",
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
                    f"场次应为正整数，实为“{get.get('match') if get.get('match') is not None else ''}”",
                    f"match must be a positive whole number, got {get.get('match')!r}",
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
                        f"第{m}场有两行对阵（第{match_rows[m]}行与第{r}行）",
                        f"match {m} has two team rows (rows {match_rows[m]} and {r})",
                        L.cell_ref(r, c["match"]),
                    )
                match_rows[m] = r
                w = written.get(m)
                first = _team_seat(
                    name, r, "red", get.get("red_no"), get.get("red_name"), w[0] if w else None, idx, c, "先走队"
                )
                second = _team_seat(
                    name, r, "black", get.get("black_no"), get.get("black_name"), w[1] if w else None, idx, c, "后走队"
                )
                if first is None or second is None:
                    raise sheet_error(
                        name,
                        r,
                        f"第{m}场的对阵行应填写先走队（红方栏）与后走队（黑方栏）",
                        f"match {m}: give the first team (red side) and the second team (black side)",
                        L.cell_ref(r, c["red_name" if "red_name" in c else "red_no"]),
                    )
                if first == second:
                    raise sheet_error(
                        name,
                        r,
                        f"第{m}场对阵双方是同一队（{idx.by_no[first].name}）",
                        f"match {m}: a team is paired with itself",
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
                    f"台次应为数字（或“对阵”“局分”“轮空”），实为“{braw}”",
                    f"board must be a number (or 'Match', 'Score', 'bye'), got {braw!r}",
                    L.cell_ref(r, c["board"]),
                )
            if k is not None and k > settings.boards:
                raise sheet_error(
                    name,
                    r,
                    f"台次 {k} 超过每队台数 {settings.boards}",
                    f"board {k} is more than the {settings.boards} boards",
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
                    f"第{m}场没有对阵行（台次栏为“{T.MATCH_MARK['zh']}”、填写两队的一行）",
                    f"match {m} has no team row (Board cell '{T.MATCH_MARK['en']}')",
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
                            f"第{m}场的台次行多于{settings.boards}台",
                            f"match {m} has more than {settings.boards} board rows",
                            L.cell_ref(r, c["board"]),
                        )
                if k in blk.boards:
                    raise sheet_error(
                        name,
                        r,
                        f"第{m}场第{k}台重复（第{blk.boards[k].row}行与第{r}行）",
                        f"match {m} board {k} appears twice (rows {blk.boards[k].row} and {r})",
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
                        "台次行的结果不能是“轮空”（轮空行的台次栏填“轮空”）",
                        "a board cannot be a bye",
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
                        f"第{m}场只有局分行，没有对阵行",
                        f"match {m} has only a score row",
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
                        f"{idx.by_no[t].name}既在第{blk.match}场比赛又轮空",
                        f"team {t} both plays match {blk.match} and has a bye",
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
                        f"{idx.by_no[t].name}（{t}队）在第{seen_team[t]}场与第{m}场都出现",
                        f"team {t} appears in matches {seen_team[t]} and {m}",
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
