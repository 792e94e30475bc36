"""The rule checks of a team workbook (:func:`rule_problems`): the team
core's issues on their sheet and row, hand-changed pairings and seats,
unfinished results, withdrawals, and the 轮数 plan shared with the individual
workbook (:func:`xlxq.sheets.round_problems.plan_problems`).
"""

from __future__ import annotations

from xlxq.core.teams import TeamEvent
from xlxq.sheets.problems import ERROR, INFO, WARNING, Problem
from xlxq.sheets.round_problems import hand_pairing, plan_problems
from xlxq.sheets.data import TeamWorkbookData
from xlxq.systems import system_for


def rule_problems(data: TeamWorkbookData, event: TeamEvent) -> list[Problem]:
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
                            "人工调整：先走队与编排相反；已采用表中的先后走",
                            "first and second team swapped by hand; the sheet is used",
                            rs.name,
                            blk.row,
                            ("red_name", "black_name"),
                            n,
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
                                    f"人工调整的出场（原排：红 {event.player_label(gr)}，黑 "
                                    f"{event.player_label(gb)}）；已采用表中的出场",
                                    f"seats changed by hand (were {gr}-{gb}); the sheet is used",
                                    rs.name,
                                    blk.boards[b.board].row,
                                    ("red_name", "black_name"),
                                    n,
                                )
                            )
            if swiss and mt.second in met[mt.first]:
                out.append(
                    Problem(
                        ERROR,
                        "rematch",
                        f"{event.team(mt.first).name}与{event.team(mt.second).name}已相遇过（原则(六)：不得重复相遇）",
                        f"teams {mt.first} and {mt.second} have met before",
                        rs.name,
                        blk.row,
                        ("red_name", "black_name"),
                        n,
                    )
                )
            for t in mt.teams():
                if not event.team(t).active_in(n):
                    out.append(
                        Problem(
                            ERROR,
                            "withdrawn",
                            f"{event.team(t).name}已于第{event.team(t).withdrawn_from_round}轮起退赛，不应编排",
                            f"team {t} has withdrawn",
                            rs.name,
                            blk.row,
                            ("red_name" if t == mt.first else "black_name",),
                            n,
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
                                f"第{n}轮第{mt.match}场第{b.board}台未填结果（成绩按未赛计，编排按和棋暂计）",
                                f"round {n} match {mt.match} board {b.board} has no result",
                                rs.name,
                                blk.boards[b.board].row,
                                ("result",),
                                n,
                            )
                        )
        if gen is not None and sorted(data.state.gbyes.get(n, [])) != sorted(rnd.byes):
            for t in rnd.byes:
                was = "、".join(map(str, data.state.gbyes.get(n, []))) or "无"
                was_en = ", ".join(map(str, data.state.gbyes.get(n, []))) or "none"
                out.append(
                    Problem(
                        INFO,
                        "hand_bye",
                        f"人工调整的轮空（原编排轮空：{was}）",
                        f"bye changed by hand (was {was_en})",
                        rs.name,
                        rs.bye_rows[t],
                        ("red_name", "black_name"),
                        n,
                    )
                )
        if swiss:
            for t in rnd.byes:
                if byes_had[t]:
                    out.append(
                        Problem(
                            ERROR,
                            "second_bye",
                            f"{event.team(t).name}第二次轮空（原则(五)：轮空每队只一次）",
                            f"team {t} has a second bye",
                            rs.name,
                            rs.bye_rows[t],
                            ("red_name",),
                            n,
                        )
                    )
            if len(rnd.byes) > 1:
                for t in rnd.byes:
                    out.append(
                        Problem(
                            ERROR,
                            "byes",
                            f"第{n}轮有{len(rnd.byes)}队轮空（至多一队）",
                            f"round {n} has {len(rnd.byes)} byes",
                            rs.name,
                            rs.bye_rows[t],
                            ("red_name",),
                            n,
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
                        f"{team.name}第{n}轮未编排（如已退赛请填写全队退赛轮次）",
                        f"team {team.no} is not paired in round {n}",
                        reg.name,
                        rows[0] if rows else None,
                        ("team",),
                        n,
                    )
                )
    for team in event.teams:
        rows = reg.team_rows.get(team.no, [])
        if team.withdrawn_from_round is not None and rows:
            out.append(
                Problem(
                    INFO,
                    "team_withdrawn",
                    f"全队自第{team.withdrawn_from_round}轮起退赛，不再编排",
                    f"team withdrawn from round {team.withdrawn_from_round}",
                    reg.name,
                    rows[0],
                    ("team_withdrawn",),
                )
            )
    for p in event.players:
        if p.withdrawn_from_round is not None:
            out.append(
                Problem(
                    INFO,
                    "withdrawn_player",
                    f"自第{p.withdrawn_from_round}轮起退赛，不再出场",
                    f"withdrawn from round {p.withdrawn_from_round}",
                    reg.name,
                    reg.rows.get(p.no),
                    ("withdrawn",),
                )
            )
    return out
