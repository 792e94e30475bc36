"""The web site's data of a team event (``xlxq publish`` of a team Swiss,
team round robin or 全队轮赛制): each round's matches with their boards and
special cases (轮空, 退赛, 弃权), each team's own results, each member's
games with his own result, the team standings with how they rank, the
台次成绩.  Called by :func:`xlxq.operations.publish.site_data`.

Lazy imports: the team tables (``core.team_standings``, ``core.teams``,
``operations.standings``) inside :func:`team_site`, so publishing an
individual event (and a button that imports :mod:`xlxq.operations.publish`)
loads none of them.
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.model import FORFEITS, outcome
from xlxq.i18n import Text, labels
from xlxq.operations.site_reading import (
    board_points,
    board_result,
    own_result,
    seat,
    started,
)
from xlxq.presentation.team_report import team_system_label
from xlxq.text import fmt

__all__ = ["team_site"]


def _match_word(event: Any, forfeited_by: Optional[dict], tno: int, mine: float, theirs: float, t: Text) -> str:
    """A team's own result of a finished match, in words: 胜/负/和, or
    弃权胜/弃权负 when one team lost every board by forfeit (全场弃权)."""
    if forfeited_by is not None:
        return t("publish.forfeit-loss" if forfeited_by["no"] == tno else "publish.forfeit-win")
    return t(
        {"W": "publish.win", "D": "publish.draw", "L": "publish.loss"}[
            event.settings.scoring.match_outcome(mine, theirs)
        ]
    )


def team_site(event: Any, lang: str) -> dict:
    """The page data of a team event (:func:`xlxq.operations.publish.site_data`'s body)."""
    from xlxq.core.team_standings import LABELS_EN as T_EN
    from xlxq.core.team_standings import LABELS_ZH as T_ZH
    from xlxq.core.teams import match_game_points, team_side
    from xlxq.operations.standings import board_table_data, team_table_data

    t = Text(lang)
    rounds = []
    games: dict[int, list[dict]] = {p.no: [] for p in event.players}
    team_matches: dict[int, list[dict]] = {tm.no: [] for tm in event.teams}
    for rnd in event.rounds:
        matches = []
        for m in rnd.matches:
            a, b, done = match_game_points(event, m)
            boards = []
            for bd in m.boards:
                pr, pb = board_points(event, bd)
                boards.append(
                    {
                        "board": bd.board,
                        "red": seat(event, bd.red),
                        "black": seat(event, bd.black),
                        "result": board_result(bd.result, lang),
                        "red_points": pr,
                        "black_points": pb,
                    }
                )
                for me, opp, pts in ((bd.red, bd.black, pr), (bd.black, bd.red, pb)):
                    if me:
                        games[me].append(
                            {
                                "round": rnd.round,
                                "board": bd.board,
                                "colour": "R" if me == bd.red else "B",
                                "opponent": seat(event, opp),
                                "result": board_result(bd.result, lang),
                                "own": own_result(bd.result, "R" if me == bd.red else "B", lang),
                                "points": pts,
                            }
                        )
            row = {
                "match": m.match,
                "first": {"no": m.first, "name": event.team(m.first).name},
                "second": {"no": m.second, "name": event.team(m.second).name},
                "score": f"{fmt(a)}:{fmt(b)}" if m.boards else "",
                "finished": done,
                "boards": boards,
                "forfeits": match_forfeits(event, m),
            }
            matches.append(row)
            for tno, opp, mine, theirs in ((m.first, m.second, a, b), (m.second, m.first, b, a)):
                colours = "".join(team_side(event, m, tno, bd) for bd in m.boards)
                team_matches[tno].append(
                    {
                        "round": rnd.round,
                        "match": m.match,
                        "opponent": {"no": opp, "name": event.team(opp).name},
                        "score": f"{fmt(mine)}:{fmt(theirs)}" if m.boards else "",
                        "colours": colours,
                        "boards": boards,
                        # the team's own result of the match (胜/负/和; 弃权胜/弃权负 of a
                        # match one team forfeited whole), once every board is in
                        "own": _match_word(event, row["forfeits"]["by"], tno, mine, theirs, t) if done else "",
                    }
                )
        byes = [{"no": tno, "name": event.team(tno).name} for tno in rnd.byes]
        for tno in rnd.byes:
            team_matches[tno].append({"round": rnd.round, "bye": True})
        withdrawn = team_withdrawn(event, rnd.round)
        seated = set(rnd.teams())
        for x in withdrawn:  # 退赛 rows on the team's page: the rounds it is no longer paired in
            if x["no"] not in seated:
                team_matches[x["no"]].append({"round": rnd.round, "withdrawn": True, "from": x["from"]})
        rounds.append({"round": rnd.round, "matches": matches, "byes": byes, "withdrawn": withdrawn})
    played = [r["round"] for r in rounds]
    tables = started([{"round": n, **team_table_data(event, n)} for n in played])
    team_labels = labels(lang, T_ZH, T_EN)
    team_rank_order(event, tables, team_labels)
    final = {row["no"]: row for row in (tables[-1]["standings"] if tables else [])}
    boards = board_table_data(event, None)["boards"] if played else {}
    rows_of = {row["no"]: row for rows in boards.values() for row in rows}
    for played_games in games.values():
        for g in played_games:  # the opponent's points (台次成绩), as an individual page's 对手积分
            g["opp_score"] = fmt(rows_of.get(g["opponent"]["no"], {}).get("points"))
    players = []
    for p in event.players:
        tno = event.team_of(p.no)
        row = rows_of.get(p.no, {})
        players.append(
            {
                "no": p.no,
                "name": p.name,
                "unit": event.team(tno).name if tno is not None else p.unit,
                "team_no": tno,
                "rating": fmt(p.rating),
                "board_row": {k: fmt(v) for k, v in row.items()},
                "games": games[p.no],
            }
        )
    shown = tables[-1]["columns"] if tables else []  # a team's numbers: the standings' columns
    teams = []
    for tm in event.teams:
        row = final.get(tm.no, {})
        teams.append(
            {
                "no": tm.no,
                "name": tm.name,
                "rank": row.get("rank"),
                "match_points": fmt(row.get("match_points")),
                "game_points": fmt(row.get("game_points")),
                "tiebreaks": {k: fmt(row["tiebreaks"][k]) for k in shown if k in row.get("tiebreaks", {})},
                "withdrawn_from": tm.withdrawn_from_round,
                "members": [seat(event, no) for no in tm.players],
                "matches": team_matches[tm.no],
            }
        )
    return {
        "kind": "team",
        "system_label": team_system_label(event.settings.system, lang),
        "round_robin": False,
        "knockout": False,
        "rounds": rounds,
        "tables": tables,
        "labels": team_labels,
        "cross": None,
        "grid": None,
        "bracket": None,
        "ko": None,
        "players": players,
        "teams": teams,
        "board_tables": {k: [{kk: fmt(vv) for kk, vv in r.items()} for r in v] for k, v in boards.items()},
    }


def team_withdrawn(event: Any, round_no: int) -> list[dict]:
    """The teams withdrawn by ``round_no`` (退赛 from round N ≤ it), listed
    on that round's page whether or not the team is still seated (a team
    round robin seats a withdrawn team, its boards forfeited)."""
    return [
        {"no": tm.no, "name": tm.name, "from": tm.withdrawn_from_round}
        for tm in event.teams
        if tm.withdrawn_from_round is not None and tm.withdrawn_from_round <= round_no
    ]


def match_forfeits(event: Any, m: Any) -> dict:
    """A team match's forfeits (弃权): ``boards``, the boards decided by
    forfeit (an empty seat, 缺人, or a forfeit result); ``by``, the team
    that lost every board by forfeit (the whole match, 全场弃权), else
    None."""
    from xlxq.core.teams import team_side

    boards = [bd.board for bd in m.boards if bd.result in FORFEITS]
    by = None
    if m.boards and len(boards) == len(m.boards):
        for tno in m.teams():
            if all(outcome(bd.result, team_side(event, m, tno, bd)) == "L" for bd in m.boards):
                if by is None:
                    by = {"no": tno, "name": event.team(tno).name}
                else:  # both lost every board (double forfeits): no one team forfeited the match
                    by = None
                    break
    return {"boards": boards, "by": by}


def team_rank_order(event: Any, tables: list[dict], labels: dict[str, str]) -> None:
    """Each team table told how it ranks: ``order``, the event's team
    tie-break list in words (场分、局分、… in its order, 比较前一轮场分
    included), ``columns``, those of the list the table has a number for
    (no 团体对手分 column when the list does not use it); each row its
    ``withdrawn_from`` (退赛 from that round, marked from the table after
    round N − 1 on, as for players), and ``withdrawn`` under the table."""
    for tbl in tables:
        rows = tbl["standings"]
        keys = list(tbl.get("tiebreak_order", []))
        tbl["order"] = [labels.get(k, k) for k in keys]
        have = set(rows[0].get("tiebreaks", {})) if rows else set()
        tbl["columns"] = [k for k in keys if k in have]
        for row in rows:
            gone = event.team(row["no"]).withdrawn_from_round
            row["withdrawn_from"] = gone if gone is not None and gone <= tbl["round"] + 1 else None
        tbl["withdrawn"] = [
            {"no": row["no"], "name": row["name"], "from": row["withdrawn_from"]}
            for row in rows
            if row["withdrawn_from"] is not None
        ]
