"""The 队伍报名 sheet (one row per player, with its team; the
player rows read by :func:`xlxq.sheets.registration.reg_entry`) and the
出场名单 sheet (a line-up per round and team) of a team workbook; the
line-ups of rounds not yet seated checked (:func:`check_pending_lineups`).
"""

from __future__ import annotations

import re
from typing import Any, Optional

from xlxq.core.model import Player
from xlxq.core.teams import VACANT, Team, TeamEvent, TeamSettings, check_lineup
from xlxq.errors import ErrorList, InputError
from xlxq.sheets import layout as L, team_layout as T
from xlxq.sheets.cells import (
    find_layout,
    refuse_merged,
    as_int,
    cell_at,
    cells_at,
    norm_name,
    sheet_error,
    text_of,
)
from xlxq.sheets.book_sheets import OpenSheets
from xlxq.sheets.problems import INFO, WARNING, Problem
from xlxq.sheets.registration import (
    Names,
    number_entries,
    one_line,
    positive_cell,
    reg_entries,
    rule_numbers,
    reg_rating,
    withdrawn_cell,
)
from xlxq.sheets.data import LineupRow, LineupSheet, TeamRegSheet, TeamWorkbookData
from xlxq.systems import system_for
from xlxq.i18n import Msg, by_forms, zh_only
from xlxq.text import joined


#: the columns of 队伍报名 read row by row, never merged over several rows
#: (队号, 队名, 种子 and 全队退赛 may be: written once for the team's rows)
TEAM_REG_ROW_COLUMNS = ("place", "no", "name", "rating", "reserve_board", "withdrawn")


def refuse_merged_teams(sheets: OpenSheets) -> None:
    """No cells merged over several rows of a column of :data:`TEAM_REG_ROW_COLUMNS`."""
    refuse_merged(sheets, T.TEAMS, T.TEAMS_TABLE, TEAM_REG_ROW_COLUMNS)


# ==========================================================================
# reading: 队伍报名
# ==========================================================================


def read_teams(
    name: str,
    grid: list[list[Any]],
    settings: TeamSettings,
    problems: list[Problem],
    errors: Optional[ErrorList] = None,
) -> tuple[list[Player], list[Team], TeamRegSheet]:
    """The players and teams of the 队伍报名.  A bad cell goes to ``errors``
    (every one of them, issue 10 §4; a row without its team is left out);
    without ``errors`` the first one raises."""
    errs = ErrorList() if errors is None else errors
    table = find_layout(T.TEAMS_TABLE, name, grid)
    c = table.cols
    if "team_no" not in c and "team" not in c:
        raise sheet_error(name, table.header_row, Msg("team_registration.no-team-no-or-team-column"))
    reg = TeamRegSheet(name, table)
    boards = settings.boards
    first_no: dict[int, int] = {}

    def member_cells(e: dict[str, Any], r: int, get: dict[str, Any]) -> None:
        pname = e["name"]
        traw = get.get("team_no")
        e["team"] = text_of(get.get("team"))
        e["place"] = (None, None)
        with errs.guard():
            if traw is not None:
                e["team_no"] = positive_cell(traw, name, r, c, "team_no", pname, Msg("team_registration.team-no"))
        with errs.guard():
            one_line(name, r, c, "team", e["team"])
        if "team_no" not in e and e["team"] is None:
            e["bad"] = True  # no team: the row is left out
            if traw is not None:
                return  # its bad 队号 is the error
            raise sheet_error(
                name,
                r,
                Msg("team_registration.has-no-team", pname=pname),
                L.cell_ref(r, c.get("team", c.get("team_no"))),
            )
        with errs.guard():
            place_cells(e, r, get)
        with errs.guard():
            reg_rating(e, name, r, get, c)
        if get.get("seed") is not None:
            with errs.guard():
                e["seed"] = positive_cell(get["seed"], name, r, c, "seed", pname, Msg("registration.seed"))
        for key, column in (
            ("withdrawn", "team_registration.withdrawn-from-round"),
            ("team_withdrawn", "team_registration.team-withdrawn-from-round"),
        ):
            with errs.guard():
                e[key] = withdrawn_cell(name, r, get, c, key, pname, Msg(column))

    def place_cells(e: dict[str, Any], r: int, get: dict[str, Any]) -> None:
        pname = e["name"]
        kind, k = T.parse_place(get.get("place"))
        if kind == "bad" or (kind == "main" and k is not None and k < 1) or (kind == "reserve" and k == 0):
            raise sheet_error(
                name,
                r,
                Msg(
                    "team_registration.board-must-be-1-or-reserve-got",
                    pname=pname,
                    boards=boards,
                    get_place=get.get("place"),
                ),
                L.cell_ref(r, c["place"]),
            )
        if kind == "main" and k > boards:  # a registered place after the boards: a 替补 in that order
            kind, k = "reserve", k - boards
        e["place"] = (kind, k)
        rb = get.get("reserve_board")
        if rb is not None:
            x = as_int(rb)
            if x is None or not 1 <= x <= boards:
                raise sheet_error(
                    name,
                    r,
                    Msg("team_registration.reserve-board-must-be-1-got", pname=pname, boards=boards, rb=rb),
                    L.cell_ref(r, c["reserve_board"]),
                )
            e["reserve_board"] = x

    def member_row(e: dict[str, Any], r: int, get: dict[str, Any]) -> None:
        with errs.guard():
            member_cells(e, r, get)

    errors_before = len(errs.errors)
    entries = [
        e for e in reg_entries(name, grid, table, first_no, reg.other_rows, member_row, errs) if not e.get("bad")
    ]
    rows_bad = len(errs.errors) > errors_before
    if not entries and not errs:
        raise sheet_error(name, None, Msg("team_registration.no-players-registered"))
    # teams: by 队号, else by 队名
    team_name: dict[int, tuple[str, int]] = {}
    for e in entries:
        t = e.get("team_no")
        if t is not None and e["team"] is not None:
            if t in team_name and norm_name(team_name[t][0]) != norm_name(e["team"]):
                errs.add(
                    sheet_error(
                        name,
                        e["row"],
                        Msg(
                            "team_registration.team-no-is-on-row-but-here",
                            t=t,
                            name_t=team_name[t][1],
                            name_t2=team_name[t][0],
                            e_team=e["team"],
                        ),
                        L.cell_ref(e["row"], c["team"]),
                    )
                )
            team_name.setdefault(t, (e["team"], e["row"]))
    by_name: dict[str, int] = {}
    for t, (nm, r) in team_name.items():
        k = norm_name(nm)
        if k in by_name and by_name[k] != t:
            errs.add(
                sheet_error(
                    name,
                    r,
                    Msg(
                        "team_registration.team-has-two-numbers",
                        nm=nm,
                        nos=zh_only("team_registration.used-for-nos", a=by_name[k], b=t),
                    ),
                    L.cell_ref(r, c["team"]),
                )
            )
        by_name[k] = t
    if "team_no" in c and entries and not any("team_no" in e for e in entries):
        with errs.guard():  # every 队号 blank: the registration rule, as the 报名表's 序号
            _rule_team_numbers(name, c, entries, settings, problems, by_name, team_name)
    nxt = max([e["team_no"] for e in entries if "team_no" in e], default=0)
    for e in entries:
        if "team_no" in e:
            if e["team_no"] not in team_name:
                if "team" in c:
                    errs.add(
                        sheet_error(
                            name,
                            e["row"],
                            Msg("team_registration.team-no-has-no-name", team_no=e["team_no"]),
                            L.cell_ref(e["row"], c["team"]),
                        )
                    )
                team_name[e["team_no"]] = (f"{e['team_no']}队", e["row"])
            continue
        k = norm_name(e["team"])
        if k not in by_name:
            nxt += 1
            by_name[k] = nxt
            team_name[nxt] = (e["team"], e["row"])
        e["team_no"] = by_name[k]
        if "team_no" in c:
            reg.assigned_team[e["row"]] = e["team_no"]
            problems.append(
                Problem(
                    INFO,
                    "team_numbered",
                    sheet=name,
                    row=e["row"],
                    cols=("team_no",),
                    msg=Msg("team_registration.team-no-filled-in-from-the-team-name", name=e["name"], no=e["team_no"]),
                )
            )
    # player numbers
    try:
        number_entries(entries, name, c, first_no, reg.assigned, problems, Msg("team_registration.team-registration"))
    except InputError as exc:  # no 序号 column: nothing more can be read
        errs.add(exc)
        errs.check()
    # members in registered order
    members: dict[int, list[dict]] = {}
    for e in entries:
        members.setdefault(e["team_no"], []).append(e)
        reg.rows[e["no"]] = e["row"]
        reg.team_rows.setdefault(e["team_no"], []).append(e["row"])
    players: list[Player] = []
    teams: list[Team] = []
    for t in sorted(members):
        es = members[t]
        tname = team_name[t][0]
        mains = [e for e in es if e["place"][0] == "main"]
        seen: dict[int, dict] = {}
        for e in mains:
            k = e["place"][1]
            if k in seen:
                errs.add(
                    sheet_error(
                        name,
                        e["row"],
                        Msg(
                            "team_registration.team-two-players-on-board",
                            tname=tname,
                            k=k,
                            names=zh_only("team_registration.two-names", a=seen[k]["name"], b=e["name"]),
                        ),
                        L.cell_ref(e["row"], c["place"]),
                    )
                )
            seen[k] = e
        if mains and sorted(seen) != list(range(1, len(seen) + 1)):
            gap = next(k for k in range(1, len(seen) + 2) if k not in seen)
            e = max(mains, key=lambda x: x["place"][1])
            errs.add(
                sheet_error(
                    name,
                    e["row"],
                    Msg("team_registration.team-no-player-registered-on-board", tname=tname, gap=gap),
                    L.cell_ref(e["row"], c["place"]),
                )
            )
        blanks = [e for e in es if e["place"][0] is None]
        numbered = sorted(
            (e for e in es if e["place"][0] == "reserve" and e["place"][1] is not None), key=lambda e: e["place"][1]
        )
        for a, b in zip(numbered, numbered[1:]):
            if a["place"][1] == b["place"][1]:
                errs.add(
                    sheet_error(
                        name,
                        b["row"],
                        Msg(
                            "team_registration.team-two-players-registered-as-reserve",
                            tname=tname,
                            k=b["place"][1],
                            names=zh_only("team_registration.two-names", a=a["name"], b=b["name"]),
                        ),
                        L.cell_ref(b["row"], c["place"]),
                    )
                )
        plain = [e for e in es if e["place"][0] == "reserve" and e["place"][1] is None]
        order = sorted(mains, key=lambda e: e["place"][1]) + blanks + numbered + plain
        if rows_bad:
            pass  # a row with a bad cell (perhaps left out) may be this team's: its size waits
        elif len(order) < settings.boards:
            errs.add(
                sheet_error(
                    name,
                    es[0]["row"],
                    Msg(
                        "team_registration.team-registers-players-fewer-than-boards",
                        tname=tname,
                        team=zh_only("team_registration.team-no-paren", t=t),
                        n=len(order),
                        boards=settings.boards,
                    ),
                    L.cell_ref(es[0]["row"], c["name"]),
                )
            )
        elif (mains or numbered or plain) and len(mains) + len(blanks) < settings.boards:
            e = (numbered + plain)[0]
            errs.add(
                sheet_error(
                    name,
                    e["row"],
                    Msg(
                        "team_registration.team-fewer-main-players-than-boards",
                        tname=tname,
                        detail=zh_only(
                            "team_registration.only-main-players",
                            n=len(mains) + len(blanks),
                            boards=settings.boards,
                            name=e["name"],
                        ),
                    ),
                    L.cell_ref(e["row"], c["place"]),
                )
            )
        reserve_boards: dict[int, int] = {}
        for i, e in enumerate(order, start=1):
            if "reserve_board" in e:
                if i <= settings.boards:
                    errs.add(
                        sheet_error(
                            name,
                            e["row"],
                            Msg(
                                "team_registration.plays-board-only-reserves-have-a-reserve",
                                name=e["name"],
                                team=by_forms(tname, ""),
                                i=i,
                            ),
                            L.cell_ref(e["row"], c["reserve_board"]),
                        )
                    )
                reserve_boards[e["no"]] = e["reserve_board"]
        wds = {e["team_withdrawn"] for e in es if e.get("team_withdrawn") is not None}
        if len(wds) > 1:
            e = next(e for e in es if e.get("team_withdrawn") is not None)
            errs.add(
                sheet_error(
                    name,
                    e["row"],
                    Msg(
                        "team_registration.team-different-team-withdrawal-rounds",
                        tname=tname,
                        rounds=zh_only("team_registration.rounds-paren", rounds=joined(sorted(wds))),
                    ),
                    L.cell_ref(e["row"], c["team_withdrawn"]),
                )
            )
        for e in order:
            players.append(
                Player(
                    no=e["no"],
                    name=e["name"],
                    unit=tname,
                    rating=e.get("rating"),
                    withdrawn_from_round=e.get("withdrawn"),
                )
            )
        seeds = sorted({e["seed"] for e in es if e.get("seed") is not None})
        teams.append(
            Team(
                no=t,
                name=tname,
                seed=seeds[0] if seeds else None,
                players=[e["no"] for e in order],
                reserve_boards=reserve_boards,
                withdrawn_from_round=min(wds) if wds else None,
            )
        )
    players.sort(key=lambda p: p.no)
    if errors is None:
        errs.check()
    return players, teams, reg


def _rule_team_numbers(
    name: str,
    c: dict[str, int],
    entries: list[dict[str, Any]],
    settings: TeamSettings,
    problems: list[Problem],
    by_name: dict[str, int],
    team_name: dict[int, tuple[str, int]],
) -> None:
    """队号 for teams registered without any (each team by its 队名, in the
    order of its first row) by the registration rule
    (:func:`xlxq.sheets.registration.rule_numbers`: seeded teams — the
    optional 种子 column — take the odd numbers, the others by 设置's
    编号方式: the rows' order, the draw with 抽签种子, or 等级分 — the mean
    of its members' given ratings).  Fills ``by_name`` and ``team_name``."""
    first: dict[str, dict[str, Any]] = {}
    for e in entries:
        k = norm_name(e["team"])
        t = first.setdefault(k, {"row": e["row"], "team": e["team"], "seeds": {}, "ratings": []})
        if e.get("seed") is not None:
            t["seeds"].setdefault(e["seed"], e["row"])
        if e.get("rating") is not None:
            t["ratings"].append(e["rating"])
    for t in first.values():
        if len(t["seeds"]) > 1:
            (a, ra), (b, rb) = sorted(t["seeds"].items(), key=lambda x: x[1])[:2]
            raise sheet_error(
                name,
                rb,
                Msg("team_registration.team-two-seeds-on-row-here-a-team-has", t_team=t["team"], ra=ra, a=a, b=b),
                L.cell_ref(rb, c["seed"]),
            )
        t["seed"] = next(iter(t["seeds"]), None)
        t["rating"] = sum(t["ratings"]) / len(t["ratings"]) if t["ratings"] else None
    teams = list(first.values())
    rule_numbers(name, teams, problems, settings.numbering, settings.numbering_seed, team=True)
    for k, t in zip(first, teams):
        by_name[k] = t["no"]
        team_name[t["no"]] = (t["team"], t["row"])


# ==========================================================================
# reading: 出场名单
# ==========================================================================


class TeamIndex:
    def __init__(self, teams: list[Team]):
        self.by_no = {t.no: t for t in teams}
        self.by_name: dict[str, list[Team]] = {}
        for t in teams:
            self.by_name.setdefault(norm_name(t.name), []).append(t)


def _round_of_cell(v: Any) -> Optional[int]:
    n = as_int(v)
    if n is not None:
        return n
    if v is None:
        return None
    m = re.fullmatch(r"(?:第)?(\d+)(?:轮)?|(?:round|rd|r)(\d+)", L.norm_key(v))
    if m:
        return int(m.group(1) or m.group(2))
    return -1


def _team_of_row(
    sheet: str, row: int, no_cell: Any, name_cell: Any, idx: TeamIndex, cols: dict[str, int], no_key: str, name_key: str
) -> Optional[int]:
    """A team from a 队号 cell and a 队名 cell (队号 decides when both agree or
    the name is unknown; a name alone must be unambiguous)."""
    name = text_of(name_cell)
    if no_cell is not None:
        t = as_int(no_cell)
        if t is None or t not in idx.by_no:
            raise sheet_error(
                sheet,
                row,
                Msg("team_registration.team-no-is-not-registered", no_cell=no_cell),
                L.cell_ref(row, cols[no_key]),
            )
        if name is not None:
            same = idx.by_name.get(norm_name(name), [])
            if same and all(x.no != t for x in same):
                raise sheet_error(
                    sheet,
                    row,
                    Msg("team_registration.team-no-does-not-match-the-name", t=t, name=idx.by_no[t].name, name2=name),
                    L.cell_ref(row, cols[no_key]),
                )
        return t
    if name is None:
        return None
    same = idx.by_name.get(norm_name(name), [])
    if len(same) != 1:
        raise sheet_error(
            sheet,
            row,
            Msg("team_registration.team-is-not-registered-or-ambiguous-fill", name=name),
            L.cell_ref(row, cols[name_key]),
        )
    return same[0].no


def read_lineups(
    name: str,
    grid: list[list[Any]],
    settings: TeamSettings,
    players: list[Player],
    teams: TeamIndex,
    errors: Optional[ErrorList] = None,
) -> LineupSheet:
    """The 出场名单 rows.  A bad row goes to ``errors`` (every one, issue 10
    §4) and is left out; without ``errors`` the first one raises."""
    errs = ErrorList() if errors is None else errors
    table = find_layout(T.LINEUPS_TABLE, name, grid)
    c = table.cols
    if "team_no" not in c and "team" not in c:
        raise sheet_error(name, table.header_row, Msg("team_registration.no-team-no-or-team-column"))
    board_cols = {int(k[1:]): j for k, j in c.items() if re.fullmatch(r"b\d+", k)}
    if not board_cols:
        raise sheet_error(name, table.header_row, Msg("team_registration.no-board-1-columns"))
    sheet = LineupSheet(name, table)
    names = Names(players)
    for r in range(table.header_row + 1, len(grid) + 1):
        with errs.guard():  # a bad row: its error kept, the row left out
            cells = cells_at(grid, r, board_cols)
            rraw = cell_at(grid, r, c["round"])
            traw = cell_at(grid, r, c["team_no"]) if "team_no" in c else None
            tname = cell_at(grid, r, c["team"]) if "team" in c else None
            if all(v is None for v in cells.values()):
                sheet.other_rows.append(r)  # nothing submitted on this row
                continue
            n = _round_of_cell(rraw)
            if n is None or n < 1 or n > settings.rounds:
                raise sheet_error(
                    name,
                    r,
                    Msg(
                        "team_registration.round-must-be-1-got",
                        rounds=settings.rounds,
                        raw=by_forms("" if rraw is None else rraw, rraw),
                    ),
                    L.cell_ref(r, c["round"]),
                )
            t = _team_of_row(name, r, traw, tname, teams, c, "team_no", "team")
            if t is None:
                raise sheet_error(
                    name, r, Msg("team_registration.no-team-given"), L.cell_ref(r, c.get("team_no", c.get("team")))
                )
            members = teams.by_no[t].players
            lineup: list[int] = []
            for k in sorted(cells):
                v = cells[k]
                ref = L.cell_ref(r, board_cols[k])
                if k > settings.boards:
                    if v is not None:
                        raise sheet_error(
                            name,
                            r,
                            Msg("team_registration.there-are-only-boards-board-must-be", boards=settings.boards, k=k),
                            ref,
                        )
                    continue
                if v is None or T.is_vacant_word(v):
                    lineup.append(VACANT)
                    continue
                no = as_int(v)
                if no is not None:
                    if no not in names.by_no:
                        raise sheet_error(
                            name,
                            r,
                            Msg("team_registration.board-no-is-not-registered", k=k, no=no),
                            ref,
                        )
                    lineup.append(no)
                    continue
                cands = names.by_name.get(norm_name(v), [])
                own = [p for p in cands if p.no in members]
                pick = own or cands
                if len(pick) != 1:
                    said = "team_registration.board-ambiguous" if pick else "team_registration.board-not-registered"
                    raise sheet_error(name, r, Msg(said, k=k, v=text_of(v)), ref)
                lineup.append(pick[0].no)
            for _ in range(len(lineup) + 1, settings.boards + 1):
                lineup.append(VACANT)  # a board column missing from the sheet: nobody named
            if (n, t) in sheet.rows:
                raise sheet_error(
                    name,
                    r,
                    Msg(
                        "team_registration.round-team-a-second-line-up-row",
                        n=n,
                        team=by_forms(teams.by_no[t].name, t),
                        row=sheet.rows[n, t].row,
                    ),
                    L.cell_ref(r, c["round"]),
                )
            sheet.rows[(n, t)] = LineupRow(r, n, t, lineup)
    if errors is None:
        errs.check()
    return sheet


def check_lineup_at(
    event: TeamEvent, n: int, t: int, lineup: list[int], sheet: str, row: int, cols: dict[int, int]
) -> None:
    """check_lineup, the error naming the sheet, row and board cell."""
    try:
        check_lineup(event, n, t, lineup)
    except InputError as exc:
        k = exc.place.board
        raise sheet_error(sheet, row, exc, L.cell_ref(row, cols[k]) if k in cols else None) from None


def lineup_cols(lineups: Optional[LineupSheet]) -> dict[int, int]:
    """Board number → column of the 出场名单's board columns (b1, b2 …)."""
    if lineups is None:
        return {}
    return {int(k[1:]): j for k, j in lineups.table.cols.items() if re.fullmatch(r"b\d+", k)}


def check_pending_lineups(data: TeamWorkbookData) -> None:
    """出场名单 rows of the next round (checked now, used when it is paired)
    and of rounds where the team has no match."""
    if data.lineups is None:
        return
    ev = data.event
    nxt = ev.next_round
    cols = lineup_cols(data.lineups)
    for (n, t), lr in sorted(data.lineups.rows.items()):
        if system_for(ev.settings).seated_by_schedule:
            data.problems.append(
                Problem(
                    INFO,
                    "lineup_unused",
                    msg=Msg("team_read.scheveningen-boards-come-from-the-table"),
                    sheet=data.lineups.name,
                    row=lr.row,
                    cols=("round",),
                    round=n,
                )
            )
            continue
        if n == nxt and n <= ev.settings.rounds:
            if not ev.team(t).active_in(n):
                data.problems.append(
                    Problem(
                        WARNING,
                        "lineup_withdrawn",
                        msg=Msg("team_registration.team-has-withdrawn", name=by_forms(ev.team(t).name, t)),
                        sheet=data.lineups.name,
                        row=lr.row,
                        cols=("team",),
                        round=n,
                    )
                )
                continue
            check_lineup_at(ev, n, t, lr.lineup, data.lineups.name, lr.row, cols)
        elif n < nxt:
            rnd = ev.get_round(n)
            if t not in [x for m in rnd.matches for x in m.teams()]:
                data.problems.append(
                    Problem(
                        WARNING,
                        "lineup_unused",
                        msg=Msg(
                            "team_registration.team-has-no-match-in-round-line-up-not",
                            name=by_forms(ev.team(t).name, t),
                            n=n,
                        ),
                        sheet=data.lineups.name,
                        row=lr.row,
                        cols=("round", "team"),
                        round=n,
                    )
                )
