"""Reading a whole team workbook (:func:`read_team_workbook`).

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

import re
from dataclasses import replace

from xlxq.core.model import Board
from xlxq.core.scheveningen import scheveningen_round
from xlxq.core.teams import (
    VACANT,
    Match,
    TeamEvent,
    TeamRound,
    check_lineup,
    default_lineup,
    first_team_colour,
    make_boards,
    other,
    vacant_result,
    validate_team_event,
)
from xlxq.errors import ErrorList, InputError
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.book_sheets import numbered_sheets, open_sheets, too_many_rounds
from xlxq.sheets.cells import sheet_error, text_of
from xlxq.sheets.plan import Book
from xlxq.sheets.problems import INFO, WARNING, Problem, locate
from xlxq.sheets.read import cell_problems
from xlxq.sheets.registration import Names
from xlxq.sheets.results import display as result_display
from xlxq.sheets.data import BoardRow, MatchBlock, TeamRoundSheet, TeamWorkbookData
from xlxq.sheets.state import TeamState, read_team_state
from xlxq.sheets.team_registration import TeamIndex, check_lineup_at, read_lineups, read_teams, refuse_merged_teams
from xlxq.sheets.team_rounds import RawRound, read_team_round, refuse_merged_team_rounds
from xlxq.sheets.rules import team_rule_problems
from xlxq.sheets.settings import read_team_settings
from xlxq.systems import system_for, team_rules


def is_team_book(book: Book) -> bool:
    return T.is_team_sheet_names(list(book.sheet_names()))


def read_team_workbook(book: Book, mark: bool = False) -> TeamWorkbookData:
    """Read every sheet once and build the team event.  Raises InputError
    for unusable data; other problems are in ``.problems``.  Every bad cell
    of 设置, 队伍报名, 出场名单 and the rounds is found at once (issue 10 §4):
    they are raised together, or with ``mark`` (recompute, check) returned
    as blocking problems, each cell to be marked (``.input_errors``)."""
    sheets = open_sheets(book, T.BOOK)
    if sheets.merged:
        refuse_merged_teams(sheets)
        refuse_merged_team_rounds(sheets)
    names, kinds, one, lang, snapshot = sheets.names, sheets.kinds, sheets.one, sheets.lang, sheets.snapshot
    problems: list[Problem] = []
    errors = ErrorList()
    settings, normalise, settings_sheet = read_team_settings(
        one[T.SETTINGS], snapshot[one[T.SETTINGS]], problems, errors
    )
    players, teams, reg = read_teams(one[T.TEAMS], snapshot[one[T.TEAMS]], settings, problems, errors)
    base = TeamEvent(settings=settings, players=players, teams=teams)
    if not errors:
        try:
            validate_team_event(base, rules=team_rules(base.settings))
        except InputError as exc:
            raise sheet_error(reg.name, None, exc.zh, exc.en) from None
    state = read_team_state(snapshot[one[T.STATE]]) if T.STATE in one else TeamState()
    by_round = numbered_sheets(kinds, T.ROUND, "", "")
    if len(by_round) > settings.rounds:
        raise too_many_rounds(len(by_round), settings.rounds, settings_sheet.name)
    idx = TeamIndex(teams)
    names_idx = Names(players)
    lineups = (
        read_lineups(one[T.LINEUPS], snapshot[one[T.LINEUPS]], settings, players, idx, errors)
        if T.LINEUPS in one
        else None
    )
    data = TeamWorkbookData(
        names=names,
        snapshot=snapshot,
        lang=lang,
        settings_sheet=settings_sheet,
        reg=reg,
        lineups=lineups,
        rounds=[],
        team_standings_sheet=one.get(T.TEAM_STANDINGS),
        board_standings_sheet=one.get(T.BOARD_STANDINGS),
        log_sheet=one.get(T.LOG),
        state_sheet=one.get(T.STATE),
        rating_sheet=one.get(T.RATING),
        event=base,
        normalise_results=normalise,
        state=state,
        problems=problems,
    )
    raws = [
        read_team_round(n, by_round[n], snapshot[by_round[n]], settings, names_idx, idx, state, errors)
        for n in sorted(by_round)
    ]
    data.rounds = [raw.sheet for raw in raws]
    if errors:
        if not mark:
            errors.check()
        cell_problems(data, errors)  # each bad cell marked and noted; no rule is judged on the rest
        locate(data)
        return data
    event = base
    for raw in raws:
        event = _build_round(data, event, raw)
    data.event = event
    try:
        validate_team_event(event, rules=team_rules(event.settings))
    except InputError as exc:
        sheet = next((rs.name for rs in data.rounds if f"第{rs.no}轮" in exc.zh), data.reg.name)
        raise sheet_error(sheet, None, exc.zh, exc.en) from None
    _check_pending_lineups(data)
    data.problems.extend(team_rule_problems(data, event))
    locate(data)
    return data


def _lineup_cols(data: TeamWorkbookData) -> dict[int, int]:
    if data.lineups is None:
        return {}
    return {int(k[1:]): j for k, j in data.lineups.table.cols.items() if re.fullmatch(r"b\d+", k)}


def _team_seats(event: TeamEvent, first: int, second: int, boards: list[Board], team: int) -> list[int]:
    out = []
    for b in boards:
        if system_for(event.settings).seated_by_schedule:
            out.append(b.red if event.team_of(b.red) == team else b.black)
            continue
        colour = first_team_colour(b.board) if team == first else other(first_team_colour(b.board))
        out.append(b.red if colour == "R" else b.black)
    return out


def _build_round(data: TeamWorkbookData, before: TeamEvent, raw: RawRound) -> TeamEvent:
    """Seat the matches of one round sheet (from the sheet, the 出场名单 or the
    default line-ups), check every line-up, and append the round."""
    rs = raw.sheet
    n = rs.no
    s = data.event.settings
    ev = replace(before, rounds=list(before.rounds))
    ev.reindex()
    lu_sheet = data.lineups
    lu_cols = _lineup_cols(data)
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
            msg = (
                "已按出场名单（或默认名单）排台"
                if reason == "blank"
                else "对阵已人工调整，已按出场名单（或默认名单）重新排台"
            )
            msg_en = (
                "seated from the line-ups (or the default line-ups)"
                if reason == "blank"
                else "teams changed by hand: re-seated from the line-ups (or the default line-ups)"
            )
            data.problems.append(Problem(INFO, "seated", msg, msg_en, rs.name, blk.row, ("board",), n))
        else:
            if len(blk.boards) != s.boards:
                missing = next(k for k in range(1, s.boards + 1) if k not in blk.boards)
                raise sheet_error(
                    rs.name,
                    blk.row,
                    f"第{m}场缺少第{missing}台（每队{s.boards}台）；如要由程序重新排台，请清空该场各台的序号与姓名",
                    f"match {m} has no board {missing}",
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
                                f"第{n}轮对阵表中{ev.team(team).name}的出场已人工调整，以对阵表为准",
                                f"round {n}: the seats of team {team} were changed on the round sheet; the sheet is used",
                                lu_sheet.name,
                                lr.row,
                                ("team",),
                                n,
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
                            f"已按此出场名单重排第{n}轮第{m}场",
                            f"round {n} match {m} re-seated from this line-up",
                            lu_sheet.name,
                            lr.row,
                            ("team",),
                            n,
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
                        f"第{m}场第{b.board}台有空台，结果应为“{result_display(forced)}”，实为“{text_of(br.raw)}”",
                        f"match {m} board {b.board}: an empty seat means {result_display(forced, 'en')}",
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
                    raise sheet_error(rs.name, row, exc.zh, exc.en, L.cell_ref(row, c.get(side, c["board"]))) from None
    return ev


def _seat_match(data: TeamWorkbookData, ev: TeamEvent, n: int, blk: MatchBlock) -> list[Board]:
    s = ev.settings
    if system_for(s).seated_by_schedule:
        boards = [replace(b) for b in scheveningen_round(ev, n).matches[0].boards]
    else:
        ups = []
        lu_cols = _lineup_cols(data)
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
                        "此台已有结果，但对局者由程序重新排定，请核对结果",
                        "this board had a result before it was re-seated; check it",
                        data.round_sheet(n).name if data.round_sheet(n) else None,
                        br.row,
                        ("result",),
                        n,
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
                        "此台已有结果，但出场名单改动后对局者已变，请核对结果",
                        "this board had a result before the line-up changed; check it",
                        rs.name,
                        br.row,
                        ("result",),
                        rs.no,
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
                    f"全队轮赛制第{b.board}台应为两队各一名队员",
                    f"Scheveningen board {b.board}: one player of each team",
                    L.cell_ref(row, c["board"]),
                )
            continue
        for side, no in (("red", b.red), ("black", b.black)):
            if no == VACANT:
                continue
            colour = "R" if side == "red" else "B"
            team = blk.first if first_team_colour(b.board) == colour else blk.second
            if ev.team_of(no) != team:
                rule = "先走队单数台执红、双数台执黑"
                raise sheet_error(
                    rs.name,
                    row,
                    f"第{blk.match}场第{b.board}台：{'红方' if side == 'red' else '黑方'}"
                    f"{ev.player_label(no)}不是{ev.team(team).name}的队员（{rule}）；如调整了对阵，"
                    "请清空该场各台的序号与姓名，程序将重新排台",
                    f"match {blk.match} board {b.board}: the {side} player {no} is not of team {team} (the "
                    "first team has red on odd boards); after changing the teams, empty the seats of the match",
                    L.cell_ref(row, c.get(f"{side}_name", c["board"])),
                )


def _check_pending_lineups(data: TeamWorkbookData) -> None:
    """出场名单 rows of the next round (checked now, used when it is paired)
    and of rounds where the team has no match."""
    if data.lineups is None:
        return
    ev = data.event
    nxt = ev.next_round
    cols = _lineup_cols(data)
    for (n, t), lr in sorted(data.lineups.rows.items()):
        if system_for(ev.settings).seated_by_schedule:
            data.problems.append(
                Problem(
                    INFO,
                    "lineup_unused",
                    "全队轮赛制按秩序表排台，出场名单不用",
                    "Scheveningen boards come from the table; line-ups are not used",
                    data.lineups.name,
                    lr.row,
                    ("round",),
                    n,
                )
            )
            continue
        if n == nxt and n <= ev.settings.rounds:
            if not ev.team(t).active_in(n):
                data.problems.append(
                    Problem(
                        WARNING,
                        "lineup_withdrawn",
                        f"{ev.team(t).name}已退赛，本轮不编排",
                        f"team {t} has withdrawn",
                        data.lineups.name,
                        lr.row,
                        ("team",),
                        n,
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
                        f"{ev.team(t).name}第{n}轮没有比赛，此出场名单不用",
                        f"team {t} has no match in round {n}; line-up not used",
                        data.lineups.name,
                        lr.row,
                        ("round", "team"),
                        n,
                    )
                )
