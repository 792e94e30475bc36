"""The rule checks of a workbook.  An individual workbook's, by system
(:func:`rule_problems`): the Swiss rules of :mod:`xlxq.core.checks` turned
into problems on their sheet and row (:func:`swiss_rule_problems`); round
robin and knockout in :mod:`xlxq.sheets.formats`.  A team workbook's
(:func:`team_rule_problems`: the team rules differ): the team core's issues
on their sheet and row, hand-changed pairings and seats, unfinished results,
withdrawals.  Both share :mod:`xlxq.sheets.round_problems` (the 轮数 plan,
a hand-changed pairing).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from xlxq.core.checks import Issue, check_round, check_rounds
from xlxq.core.model import Event
from xlxq.errors import InputError
from xlxq.sheets.cells import named_no, tidy_number
from xlxq.sheets.data import TeamWorkbookData, WorkbookData, event_key
from xlxq.sheets.formats import ko_rule_problems, rr_rule_problems
from xlxq.sheets.problems import ERROR, INFO, WARNING, Problem
from xlxq.sheets.round_problems import (
    elimination_verdicts,
    first_rounds,
    hand_pairing,
    hand_problems,
    issue_cells,
    plan_problems,
    unfinished_problems,
    withdrawal_problems,
)
from xlxq.systems import get_system, system_for
from xlxq.i18n import Lazy, Msg, by_forms, tr

if TYPE_CHECKING:
    from xlxq.core.teams import TeamEvent


def rule_problems(data: WorkbookData, event: Event) -> list[Problem]:
    """Rule checks of every round of the main stage, by system: the Swiss
    rules (xlxq.core.checks), the round-robin table, the knockout bracket;
    hand-changed pairings, unfinished results, late entries and withdrawals."""
    system = event.settings.system
    if get_system(system).follows_order_table:
        return rr_rule_problems(data, event) + withdrawal_problems(data, event)
    if get_system(system).has_bracket:
        return ko_rule_problems(data, event, data.rounds, data.bracket) + withdrawal_problems(data, event)
    return swiss_rule_problems(data, event)


def checked_round(data: WorkbookData, event: Event, n: int) -> list[Issue]:
    """``check_round(event, n)``, made once per operation: a round's check
    depends on the settings, the players and the rounds up to it, and the
    pairing adds a round without changing those (the model is not changed in
    place), so the checks of the earlier rounds made when the sheets were
    read serve again after the pairing (:func:`xlxq.operations.workbook.recheck`).  The
    key is the identity of those objects, kept alive with the result."""
    key = event_key(event, n)
    got = data.round_checks.get(n)
    if got is not None and got[0] == key:
        return list(got[2])
    issues = check_round(event, n)
    data.round_checks[n] = (key, event, list(issues))
    return issues


def check_all_rounds(data: WorkbookData, event: Event) -> None:
    """The checks of the rounds not made yet, from one pass over the
    rounds (:func:`xlxq.core.checks.check_rounds`: the cards are built once,
    not once a round), kept for :func:`checked_round`.  A round whose check
    refuses (an elimination verdict still open) leaves them to be made one
    by one."""
    keys = {r.round: event_key(event, r.round) for r in event.rounds}
    if sum(data.round_checks.get(n, (None,))[0] != k for n, k in keys.items()) < 2:
        return  # one round to check (the one just paired): on its own costs no more
    try:
        made = check_rounds(event)
    except InputError:
        return
    for n, issues in made.items():
        data.round_checks[n] = (keys[n], event, list(issues))


def swiss_rule_problems(data: WorkbookData, event: Event) -> list[Problem]:

    out: list[Problem] = plan_problems(data, event)
    reg = data.registration
    first = first_rounds(event)
    last = max((r.round for r in event.rounds), default=0)
    gone, open_problems = elimination_verdicts(data, event)
    out += open_problems
    check_all_rounds(data, event)
    for rs in data.rounds:
        n = rs.no
        hand, changed_boards, byes_changed = hand_problems(data, rs)
        out += hand
        by_hand = n not in data.state.generated
        try:
            issues = checked_round(data, event, n)
        except InputError:  # an elimination verdict still open (reported above)
            issues = []
        for issue in issues:
            if issue.code == "missing":
                (no,) = issue.players
                f = first.get(no)
                if f is None or f > n:
                    continue  # late entry, reported once below
                out.append(
                    Problem(
                        WARNING,
                        "missing",
                        msg=Msg("rules.not-paired-in-round-absent-if-withdrawn", n=n),
                        sheet=reg.name,
                        row=reg.rows.get(no),
                        cols=("name",),
                        round=n,
                    )
                )
                continue
            said: Msg = issue.msg
            if issue.code == "withdrawn" and issue.players and gone.get(issue.players[0], n) < n:
                no = issue.players[0]
                said = Msg("rules.eliminated-but-paired", n=n, who=named_no(event.player(no).name, no), x=gone[no])
            if issue.code in ("rematch", "withdrawn", "absent", "second_bye", "byes", "twice"):
                level = ERROR
            else:  # soft colour/bye rules: judged only where the pairing is not the program's
                if not (by_hand or byes_changed or (issue.board in changed_boards)):
                    continue
                level = WARNING
            for row, cols in issue_cells(rs, issue):
                out.append(Problem(level, issue.code, sheet=rs.name, row=row, cols=cols, round=n, msg=said))
        if n < last:
            out += unfinished_problems(rs)
    for p in event.players:
        row = reg.rows.get(p.no)
        f = first.get(p.no)
        if (
            last
            and (f is None or f > 1)
            and (p.withdrawn_from_round is None or p.withdrawn_from_round > (f or last + 1))
        ):
            late = (
                Msg("rules.late-entry-from-next", last=last, next=last + 1)
                if f is None
                else Msg("rules.late-entry-plays-from", f=f)
            )
            out.append(Problem(INFO, "late_entry", sheet=reg.name, row=row, cols=("name",), msg=late))
    out += withdrawal_problems(data, event)
    for no, x in sorted(gone.items()):
        if x <= last:
            y = tidy_number(float(min(v for k, v in event.settings.pairing.elimination if k == x)))
            out.append(
                Problem(
                    INFO,
                    "eliminated",
                    msg=Msg("rules.eliminated-under-points-after-round-not", x=x, y=y, x2=x + 1),
                    sheet=reg.name,
                    row=reg.rows.get(no),
                    cols=("name",),
                )
            )
    return out


def team_rule_problems(data: TeamWorkbookData, event: TeamEvent) -> list[Problem]:
    """Pairing rules (team Swiss: no rematch, one bye per team, at most one
    bye a round; no withdrawn team paired), hand changes against what the
    program paired and seated, unfinished results, teams missing; a team
    Swiss's 轮数 and odd field (原则(一)(二), :func:`~xlxq.sheets.round_problems.plan_problems`)."""
    s = event.settings
    swiss = system_for(s).pairs_by_score
    out: list[Problem] = plan_problems(data, event, team=True) if swiss else []
    last = max((r.round for r in event.rounds), default=0)
    met: dict[int, set[int]] = {t.no: set() for t in event.teams}
    byes_had: dict[int, int] = {t.no: 0 for t in event.teams}
    reg = data.reg
    for rnd in event.rounds:
        n = rnd.round
        rs = data.round_sheet(n)
        gen = data.state.generated.get(n)
        gen_pairs = {frozenset((f, sc)): (f, sc, seats) for f, sc, seats in gen.values()} if gen else {}
        for mt in rnd.matches:
            blk = rs.matches[mt.match]
            key = frozenset(mt.teams())
            if gen is not None:
                if key not in gen_pairs:
                    was = [f"{f}-{sc}" for f, sc, _ in gen.values() if f in key or sc in key]
                    out.append(hand_pairing(was, rs.name, blk.row, n))
                elif gen_pairs[key][:2] != mt.teams():
                    out.append(
                        Problem(
                            INFO,
                            "hand_colours",
                            msg=Msg("team_rules.first-and-second-team-swapped-by-hand"),
                            sheet=rs.name,
                            row=blk.row,
                            cols=("red_name", "black_name"),
                            round=n,
                        )
                    )
                elif not blk.seated_by_program:
                    gseats = gen_pairs[key][2]
                    for b in mt.boards:
                        if b.board <= len(gseats) and gseats[b.board - 1] != (b.red, b.black):
                            gr, gb = gseats[b.board - 1]
                            out.append(
                                Problem(
                                    INFO,
                                    "hand_seats",
                                    msg=Msg(
                                        "rules.seats-changed-by-hand-were-the-sheet-is",
                                        label_gr=by_forms(event.player_label(gr), gr),
                                        label_gb=by_forms(event.player_label(gb), gb),
                                    ),
                                    sheet=rs.name,
                                    row=blk.boards[b.board].row,
                                    cols=("red_name", "black_name"),
                                    round=n,
                                )
                            )
            if swiss and mt.second in met[mt.first]:
                out.append(
                    Problem(
                        ERROR,
                        "rematch",
                        msg=Msg(
                            "rules.teams-and-have-met-before",
                            name=by_forms(event.team(mt.first).name, mt.first),
                            name2=by_forms(event.team(mt.second).name, mt.second),
                        ),
                        sheet=rs.name,
                        row=blk.row,
                        cols=("red_name", "black_name"),
                        round=n,
                    )
                )
            for t in mt.teams():
                if not event.team(t).active_in(n):
                    out.append(
                        Problem(
                            ERROR,
                            "withdrawn",
                            msg=Msg(
                                "rules.team-has-withdrawn",
                                name=by_forms(event.team(t).name, t),
                                n=by_forms(event.team(t).withdrawn_from_round, ""),
                            ),
                            sheet=rs.name,
                            row=blk.row,
                            cols=("red_name" if t == mt.first else "black_name",),
                            round=n,
                        )
                    )
            met[mt.first].add(mt.second)
            met[mt.second].add(mt.first)
            if n < last:
                for b in mt.boards:
                    if b.result is None:
                        out.append(
                            Problem(
                                WARNING,
                                "unfinished",
                                msg=Msg("rules.round-match-board-has-no-result", n=n, match=mt.match, board=b.board),
                                sheet=rs.name,
                                row=blk.boards[b.board].row,
                                cols=("result",),
                                round=n,
                            )
                        )
        if gen is not None and sorted(data.state.gbyes.get(n, [])) != sorted(rnd.byes):
            for t in rnd.byes:
                was = listed_or_none(data.state.gbyes.get(n, []))
                out.append(
                    Problem(
                        INFO,
                        "hand_bye",
                        msg=Msg("round_problems.bye-changed-by-hand", was=was),
                        sheet=rs.name,
                        row=rs.bye_rows[t],
                        cols=("red_name", "black_name"),
                        round=n,
                    )
                )
        if swiss:
            for t in rnd.byes:
                if byes_had[t]:
                    out.append(
                        Problem(
                            ERROR,
                            "second_bye",
                            msg=Msg("rules.team-has-a-second-bye", name=by_forms(event.team(t).name, t)),
                            sheet=rs.name,
                            row=rs.bye_rows[t],
                            cols=("red_name",),
                            round=n,
                        )
                    )
            if len(rnd.byes) > 1:
                for t in rnd.byes:
                    out.append(
                        Problem(
                            ERROR,
                            "byes",
                            msg=Msg("rules.round-has-byes", n=n, n2=len(rnd.byes)),
                            sheet=rs.name,
                            row=rs.bye_rows[t],
                            cols=("red_name",),
                            round=n,
                        )
                    )
        for t in rnd.byes:
            byes_had[t] += 1
        present = set(rnd.teams())
        for team in event.teams:
            if team.no not in present and team.active_in(n):
                rows = reg.team_rows.get(team.no, [])
                out.append(
                    Problem(
                        WARNING,
                        "missing",
                        msg=Msg("rules.team-is-not-paired-in-round", name=by_forms(team.name, team.no), n=n),
                        sheet=reg.name,
                        row=rows[0] if rows else None,
                        cols=("team",),
                        round=n,
                    )
                )
    for team in event.teams:
        rows = reg.team_rows.get(team.no, [])
        if team.withdrawn_from_round is not None and rows:
            out.append(
                Problem(
                    INFO,
                    "team_withdrawn",
                    msg=Msg("rules.team-withdrawn-from-round", withdrawn_from_round=team.withdrawn_from_round),
                    sheet=reg.name,
                    row=rows[0],
                    cols=("team_withdrawn",),
                )
            )
    for p in event.players:
        if p.withdrawn_from_round is not None:
            out.append(
                Problem(
                    INFO,
                    "withdrawn_player",
                    msg=Msg("rules.withdrawn-from-round", withdrawn_from_round=p.withdrawn_from_round),
                    sheet=reg.name,
                    row=reg.rows.get(p.no),
                    cols=("withdrawn",),
                )
            )
    return out


def listed_or_none(nos: list[int]) -> Lazy:
    """Numbers as one list in the language (3、5 / 3, 5), or 无 / none."""
    return Lazy(lambda lang: tr(lang, "common.list-sep").join(map(str, nos)) or tr(lang, "simulate.none"))
