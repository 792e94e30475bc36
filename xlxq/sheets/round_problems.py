"""Problems of a round that every system shares: a player twice
(:func:`structural_problems`), a pairing changed by hand
(:func:`hand_problems`; every difference from the engine's pairing, as
``check`` lists them: :func:`engine_differences`), results missing (:func:`unfinished_problems`),
withdrawals, the 轮数 against the field and an odd field
(:func:`plan_problems`, for players and teams), the 积分末位淘汰 verdicts,
and the cells a core issue highlights (:func:`issue_cells`).
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.checks import change_lines, odd_field_msg, round_count_msgs
from xlxq.core.combined import elimination_rounds
from xlxq.core.hand import engine_changes, hand_changes
from xlxq.core.model import Event
from xlxq.errors import InputError, XlxqError
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.data import RoundSheet, WorkbookData
from xlxq.sheets.problems import BLOCKING, INFO, WARNING, Problem
from xlxq.sheets.state import Sig
from xlxq.systems import get_system
from xlxq.i18n import Lazy, Msg, tr


def hand_pairing(was: list[str], sheet: str, row: int, n: int) -> Problem:
    """The note of a board (or a team match) paired otherwise by hand than
    the program paired it (``was``: the program's pairs), individual and team."""
    return Problem(
        INFO,
        "hand_pairing",
        msg=Msg("round_problems.pairing-changed-by-hand", was=joined(was, "common.comma-sep")),
        sheet=sheet,
        row=row,
        cols=("red_no", "red_name", "black_name", "black_no"),
        round=n,
    )


def joined(items: Any, sep: str, none: Optional[str] = None) -> Lazy:
    """``items`` joined by message ``sep`` in the language rendered
    (``none``: the message said when there are none)."""
    words = [str(x) for x in items]
    return Lazy(lambda lang: tr(lang, sep).join(words) if words or none is None else tr(lang, none))


def round_label(rs: RoundSheet) -> Msg:
    """'第3轮' / 'round 3' ('淘汰赛第3轮' for the knockout stage)."""
    if rs.stage == "ko":
        return Msg("round_problems.knockout-round", no=rs.no)
    return Msg("round_problems.round", no=rs.no)


def structural_problems(data: WorkbookData) -> list[Problem]:
    """Problems that make a round unusable (blocking): a player twice in a
    round, or paired with himself."""
    out: list[Problem] = []
    by_no = data.event._by_no
    for rs in data.all_rounds:
        label = round_label(rs)
        for no, seats in rs.seats.items():
            if len(seats) > 1:
                rows = joined((r for r, _ in seats), "common.list-sep")
                name = by_no[no].name
                for r, side in seats:
                    out.append(
                        Problem(
                            BLOCKING,
                            "twice",
                            msg=Msg(
                                "round_problems.player-appears-times",
                                round=label,
                                name=name,
                                no=no,
                                n=len(seats),
                                rows=rows,
                            ),
                            sheet=rs.name,
                            row=r,
                            cols=(f"{side}_no", f"{side}_name"),
                            round=rs.no,
                        )
                    )
    return out


def first_rounds(event: Event) -> dict[int, Optional[int]]:
    first: dict[int, Optional[int]] = {p.no: None for p in event.players}
    for r in event.rounds:
        for no in r.players():
            if first.get(no) is None:
                first[no] = r.round
    return first


def hand_problems(data: WorkbookData, rs: RoundSheet) -> tuple[list[Problem], set[int], bool]:
    """A round changed since the program paired it (the pairing recorded in
    _xlxq): info notes quoting the original, written once (issue 10 §6):
    by the first run that sees the change, not again while the round stays
    as the program last wrote it (``written``).  Returns the problems, the
    boards changed and whether the byes changed (those always)."""
    out: list[Problem] = []
    n = rs.no
    gen = data.state.sigs("generated", rs.stage).get(n)
    seen = data.state.sigs("written", rs.stage).get(n)
    noted = seen is not None and seen != gen and _same(seen, Sig.of(rs.round))
    changed_boards: set[int] = set()
    byes_changed = False
    if gen is None:
        return out, changed_boards, byes_changed
    byes_changed = sorted(gen.byes) != sorted(rs.round.byes)
    for ch in hand_changes(gen.boards.values(), gen.byes, rs.round):
        if ch.kind == "pairing":
            assert ch.board is not None
            changed_boards.add(ch.board)
            was = [f"{r}-{k}" for r, k in ch.was]
            out.append(hand_pairing(was, rs.name, rs.board_rows[ch.board], n))
        elif ch.kind == "colours":
            assert ch.board is not None
            changed_boards.add(ch.board)
            out.append(
                Problem(
                    INFO,
                    "hand_colours",
                    msg=Msg("round_problems.colours-swapped-by-hand"),
                    sheet=rs.name,
                    row=rs.board_rows[ch.board],
                    cols=("red_name", "black_name"),
                    round=n,
                )
            )
        elif ch.kind == "bye":
            out.append(
                Problem(
                    INFO,
                    "hand_bye",
                    msg=Msg(
                        "round_problems.bye-changed-by-hand",
                        was=joined(gen.byes, "common.list-sep", none="round_problems.none"),
                    ),
                    sheet=rs.name,
                    row=rs.bye_rows[ch.red],
                    cols=(f"{rs.bye_side[ch.red]}_name",),
                    round=n,
                )
            )
    return ([] if noted else out), changed_boards, byes_changed


def engine_differences(data: WorkbookData, n: int) -> list[Problem]:
    """Every difference of round ``n`` of a Swiss workbook from the engine's
    pairing of it: the one the engine made (_xlxq ``generated``), else (a
    round made by hand) the engine's pairing from the rounds before it; one
    note each, on the board's row (:func:`xlxq.core.hand.hand_changes`)."""
    rs = data.round_sheet(n)
    if rs is None or not any(r.round == n for r in data.event.rounds):
        return []
    try:
        changes = engine_changes(data.event, n)
    except XlxqError:  # the engine cannot pair it: check's rule problems say why
        return []
    out = []
    for c, msg in zip(changes, change_lines(changes)):
        if c.board is not None:
            row, cols = rs.board_rows.get(c.board), ("red_no", "red_name", "black_name", "black_no")
        elif c.kind == "bye":
            row, cols = rs.bye_rows.get(c.red), (f"{rs.bye_side.get(c.red, 'red')}_name",)
        else:
            row, cols = None, ()
        out.append(Problem(INFO, "engine_difference", sheet=rs.name, row=row, cols=cols, round=n, msg=msg))
    return out


def _same(a: Sig, b: Sig) -> bool:
    return a.boards == b.boards and sorted(a.byes) == sorted(b.byes)


def unfinished_problems(rs: RoundSheet, skip: frozenset = frozenset()) -> list[Problem]:
    label = round_label(rs)
    return [
        Problem(
            WARNING,
            "unfinished",
            msg=Msg("round_problems.board-has-no-result", round=label, board=b.board),
            sheet=rs.name,
            row=rs.board_rows[b.board],
            cols=("result",),
            round=rs.no,
        )
        for b in rs.round.boards
        if b.result is None and b.board not in skip
    ]


def withdrawal_problems(data: WorkbookData, event: Event) -> list[Problem]:
    reg = data.registration
    return [
        Problem(
            INFO,
            "withdrawn",
            msg=Msg("round_problems.withdrawn-from-round", round=p.withdrawn_from_round),
            sheet=reg.name,
            row=reg.rows.get(p.no),
            cols=("withdrawn",),
        )
        for p in event.players
        if p.withdrawn_from_round is not None
    ] + absence_problems(data, event)


def absence_problems(data: WorkbookData, event: Event) -> list[Problem]:
    """The 请假轮次 of each player, noted on his row (docs/workbook.md): not
    paired, no bye, 请假计分 points (a Swiss), or the game lost by forfeit (a
    round robin's fixed table)."""
    reg = data.registration
    pts = tidy_number(float(event.settings.scoring.absent))
    rr = get_system(event.settings.system).follows_order_table
    out = []
    for p in event.players:
        if not p.absent_rounds:
            continue
        rounds = joined(p.absent_rounds, "common.list-sep")
        if rr:
            msg = Msg("round_problems.absent-in-round-that-game-is-lost-by", zh_r=rounds)
        else:
            msg = Msg("round_problems.absent-not-paired-no-bye-points", rounds=rounds, pts=pts)
        out.append(Problem(INFO, "absent", msg=msg, sheet=reg.name, row=reg.rows.get(p.no), cols=("absent",)))
    return out


def elimination_verdicts(data: WorkbookData, event: Event) -> tuple[dict[int, int], list[Problem]]:
    """积分末位淘汰: player → round after which he went out (verdicts that are
    certain), and a warning for each game whose missing result leaves a
    verdict open."""
    if not event.settings.pairing.elimination:
        return {}, []

    out: dict[int, int] = {}
    problems: list[Problem] = []
    last = len(event.rounds)
    for x in sorted({x for x, _ in event.settings.pairing.elimination}):
        if x > last:  # round x not played yet: no verdict
            break
        try:
            out = elimination_rounds(event, before_round=x + 1)
        except InputError as exc:
            where = exc.place
            rs = data.round_sheet(where.round) if where.round is not None else None
            if rs is not None and x < len(event.rounds):
                problems.append(
                    Problem(
                        WARNING,
                        "elimination_open",
                        sheet=rs.name,
                        row=rs.board_rows.get(where.board),
                        cols=("result",),
                        round=rs.no,
                        msg=exc.msg or Msg("cells.text", text=exc),
                    )
                )
            break
    return out, problems


def plan_problems(data: Any, event: Any, team: bool = False) -> list[Problem]:
    """原则(一)(二) on a Swiss (of players, or of teams with ``team``): the
    planned 轮数 against the field (:func:`xlxq.core.checks.round_count_msgs`,
    a warning on 设置's 轮数 row; its 说明 says why: :func:`write_settings_help`),
    and an odd field noted in the 提示 of round 1's bye row."""

    out: list[Problem] = []
    sheet = data.settings_sheet
    row = sheet.rows.get("rounds")
    units = event.teams if team else event.players
    n = sum(1 for u in units if u.active_in(1))
    for msg in round_count_msgs(n, event.settings.rounds, team):
        out.append(Problem(WARNING, "rounds_plan", sheet=sheet.name, row=row, cols=("value",), msg=msg))
    rs1 = next((rs for rs in data.rounds if rs.no == 1), None)
    first = next((r for r in event.rounds if r.round == 1), None)
    odd = odd_field_msg(len(first.teams() if team else first.players()), team) if first is not None else None
    if rs1 is not None and odd is not None:
        for r in rs1.bye_rows.values():
            out.append(Problem(INFO, "odd_field", sheet=rs1.name, row=r, round=1, msg=odd))
    return out


def issue_cells(rs: RoundSheet, issue) -> list[tuple[int, tuple[str, ...]]]:
    if issue.board is not None and issue.board in rs.board_rows:
        row = rs.board_rows[issue.board]
        if issue.players and len(issue.players) == 1:
            no = issue.players[0]
            sides = [s for r, s in rs.seats.get(no, []) if r == row] or ["red"]
            return [(row, (f"{sides[0]}_no", f"{sides[0]}_name"))]
        return [(row, ("red_no", "red_name", "black_name", "black_no"))]
    out = []
    for no in issue.players:
        if no in rs.bye_rows:
            side = rs.bye_side[no]
            out.append((rs.bye_rows[no], (f"{side}_no", f"{side}_name")))
    if not out and not issue.players:
        out = [(r, (f"{rs.bye_side[no]}_name",)) for no, r in rs.bye_rows.items()]
    return out
