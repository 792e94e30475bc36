"""The rule checks of an individual workbook, by system
(:func:`rule_problems`): the Swiss rules of :mod:`xlxq.core.checks` turned
into problems on their sheet and row (:func:`swiss_rule_problems`); round
robin and knockout in :mod:`xlxq.sheets.formats`.
"""

from __future__ import annotations

from xlxq.core.checks import Issue, check_round, check_rounds
from xlxq.core.model import Event
from xlxq.errors import InputError
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.data import WorkbookData
from xlxq.sheets.formats import ko_rule_problems, rr_rule_problems
from xlxq.sheets.problems import ERROR, INFO, WARNING, Problem
from xlxq.sheets.round_problems import (
    elimination_verdicts,
    first_rounds,
    hand_problems,
    issue_cells,
    plan_problems,
    unfinished_problems,
    withdrawal_problems,
)
from xlxq.systems import get_system


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
    key = _check_key(event, n)
    got = data.round_checks.get(n)
    if got is not None and got[0] == key:
        return list(got[2])
    issues = check_round(event, n)
    data.round_checks[n] = (key, event, list(issues))
    return issues


def _check_key(event: Event, n: int) -> tuple[int, ...]:
    return (id(event.settings), id(event.players), *(id(r) for r in event.rounds if r.round <= n))


def check_all_rounds(data: WorkbookData, event: Event) -> None:
    """The checks of the rounds not made yet, from one pass over the
    rounds (:func:`xlxq.core.checks.check_rounds`: the cards are built once,
    not once a round), kept for :func:`checked_round`.  A round whose check
    refuses (an elimination verdict still open) leaves them to be made one
    by one."""
    keys = {r.round: _check_key(event, r.round) for r in event.rounds}
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
                        f"第{n}轮未编排（缺席？如已退赛请填写退赛轮次）",
                        f"not paired in round {n} (absent? if withdrawn, fill in the round)",
                        reg.name,
                        reg.rows.get(no),
                        ("name",),
                        n,
                    )
                )
                continue
            zh, en = issue.zh, issue.en
            if issue.code == "withdrawn" and issue.players and gone.get(issue.players[0], n) < n:
                no = issue.players[0]
                zh = f"第{n}轮：{event.player(no).name}（{no}号）已于第{gone[no]}轮后积分末位淘汰，却被编排"
                en = f"round {n}: player {no} was eliminated after round {gone[no]} but is paired"
            if issue.code in ("rematch", "withdrawn", "absent", "second_bye", "byes", "twice"):
                level = ERROR
            else:  # soft colour/bye rules: judged only where the pairing is not the program's
                if not (by_hand or byes_changed or (issue.board in changed_boards)):
                    continue
                level = WARNING
            for row, cols in issue_cells(rs, issue):
                out.append(Problem(level, issue.code, zh, en, rs.name, row, cols, n))
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
            if f is None:
                zh = f"中途加入：前{last}轮未参赛，从第{last + 1}轮起编排"
                en = f"late entry: not in rounds 1–{last}; paired from round {last + 1}"
            else:
                zh = f"中途加入：自第{f}轮起参赛"
                en = f"late entry: plays from round {f}"
            out.append(Problem(INFO, "late_entry", zh, en, reg.name, row, ("name",)))
    out += withdrawal_problems(data, event)
    for no, x in sorted(gone.items()):
        if x <= last:
            y = tidy_number(float(min(v for k, v in event.settings.pairing.elimination if k == x)))
            out.append(
                Problem(
                    INFO,
                    "eliminated",
                    f"积分末位淘汰：第{x}轮后未得{y}分，自第{x + 1}轮起不再编排",
                    f"eliminated: under {y} points after round {x}, not paired from round {x + 1}",
                    reg.name,
                    reg.rows.get(no),
                    ("name",),
                )
            )
    return out
