"""What a reader needs besides the boards, for the site and the 成绩册
(issue 25): each round's special cases (请假, 退赛, 迟到入场, 弃权), each
player's own result and a row for every round he did not play, how a
standings table ranks (the criteria in words, only the columns of the
preset), the Swiss cross table by rank, the time the pages were made.
Page data of :func:`xlxq.operations.publish.site_data`; pure but for
:func:`generated_at` (the clock, or ``SOURCE_DATE_EPOCH``).
"""

from __future__ import annotations

import datetime
import os
from typing import Any, Optional

from xlxq.core.standings import resolve_tiebreaks
from xlxq.core.model import DOUBLE_FORFEIT, FORFEITS, absent_players, late_entries, outcome
from xlxq.i18n import Text
from xlxq.systems import system_for
from xlxq.text import fmt

__all__ = [
    "specials",
    "own_result",
    "short_result",
    "status_rows",
    "rank_order",
    "grid",
    "generated_at",
    "build_time",
    "team_withdrawn",
    "match_forfeits",
    "team_rank_order",
]


def _who(event: Any, no: int) -> dict:
    p = event.player(no)
    return {"no": no, "name": p.name, "unit": p.unit}


def specials(event: Any, rnd: Any) -> dict:
    """What a round page lists under its boards besides the byes: the
    players absent (请假), withdrawn by then (退赛, with the round they
    withdrew from), entering late in it (迟到入场), and the boards lost by
    forfeit (弃权)."""
    there = set(rnd.players())
    withdrawn = [
        {**_who(event, p.no), "from": p.withdrawn_from_round}
        for p in event.players
        if not p.active_in(rnd.round) and p.no not in there
    ]
    return {
        "absent": [_who(event, no) for no in absent_players(event, rnd)],
        "withdrawn": withdrawn,
        "late": [_who(event, no) for no in late_entries(event, rnd)],
        "forfeits": [b.board for b in rnd.boards if b.result in FORFEITS],
    }


def own_result(result: Optional[str], colour: str, lang: str) -> str:
    """A game's result for one side, as the player reads it on his page:
    胜/负/和, 弃权胜/弃权负 (a forfeit), 双方弃权; blank while open."""
    if result is None:
        return ""
    t = Text(lang)
    if result == DOUBLE_FORFEIT:
        return t("publish.double-forfeit")
    o = outcome(result, colour)
    if result in FORFEITS:
        return t("publish.forfeit-win") if o == "W" else t("publish.forfeit-loss")
    return t({"W": "publish.win", "D": "publish.draw", "L": "publish.loss"}[o])


def short_result(result: Optional[str], colour: str, t: Text) -> str:
    """A result for one side in a cross table's cell: 胜/和/负 (+ = −), a
    forfeit marked (弃权); blank while open."""
    if result is None:
        return ""
    word = {"W": t("booklet.text"), "D": t("booklet.text-3"), "L": t("booklet.text-2")}[outcome(result, colour)]
    return word + (t("publish.forfeit-suffix") if result in FORFEITS else "")


def status_rows(event: Any, rounds: list[dict], games: dict[int, list[dict]]) -> None:
    """A row in each player's games for every round he is in no board and
    no bye: 请假 (absent), 退赛 (withdrawn, from round N), 未入场 (before his
    late entry; the round he enters is marked 迟到入场); in round order."""
    entered: dict[int, int] = {}
    for r in rounds:
        for no in [x["no"] for b in r["boards"] for x in (b["red"], b["black"])] + [x["no"] for x in r["byes"]]:
            entered.setdefault(no, r["round"])
    for r in rounds:
        for no in {x["no"] for x in r["late"]}:
            for row in games.get(no, []):
                if row.get("stage") is None and row["round"] == r["round"]:
                    row["late"] = True
        for x in r["absent"]:
            games[x["no"]].append({"round": r["round"], "stage": None, "status": "absent"})
        for x in r["withdrawn"]:
            games[x["no"]].append({"round": r["round"], "stage": None, "status": "withdrawn", "from": x["from"]})
        listed = {x["no"] for x in r["absent"]} | {x["no"] for x in r["withdrawn"]}
        for p in event.players:
            first = entered.get(p.no)
            if p.no not in listed and (first is None or first > r["round"]) and p.active_in(r["round"]):
                games[p.no].append({"round": r["round"], "stage": None, "status": "not_entered"})
    for g in games.values():
        g.sort(key=lambda row: (row.get("stage") == "ko", row["round"]))


def rank_order(event: Any, tables: list[dict], labels: dict[str, str], lang: str) -> None:
    """Each standings table told how it ranks: ``order``, the criteria in
    words (积分 then the tie-breaks of the event's preset, those without a
    column such as 比较前一轮成绩 included), ``columns``, the tie-breaks the
    table shows (those of the preset that have a number: no 累进分 or
    后走胜局 when the preset does not use them); each row its ``unit`` and
    ``withdrawn_from`` (退赛 from that round, or None)."""
    system = system_for(event.settings)
    for tbl in tables:
        rows = tbl["standings"]
        if system.has_bracket:
            tbl["order"], tbl["columns"] = [], []
        else:
            if system.follows_order_table:
                keys = list(tbl.get("tiebreak_order", []))
                score = labels["match_points" if tbl.get("score") == "match_points" else "score"]
            else:
                keys = resolve_tiebreaks(event.settings.tiebreaks)
                score = labels["score"]
            tbl["order"] = list(dict.fromkeys([score, *(labels.get(k, k) for k in keys)]))
            have = set(rows[0].get("tiebreaks", {})) if rows else set()
            tbl["columns"] = [k for k in keys if k in have]
        for row in rows:  # 退赛 by the table's time: not paired after its round
            p = event.player(row["no"])
            row["unit"] = p.unit
            gone = p.withdrawn_from_round
            row["withdrawn_from"] = gone if gone is not None and gone <= tbl["round"] + 1 else None
        tbl["withdrawn"] = [
            {"no": row["no"], "name": row["name"], "from": row["withdrawn_from"]}
            for row in rows
            if row["withdrawn_from"] is not None
        ]


def grid(event: Any, rounds: list[dict], table: Optional[dict], lang: str) -> Optional[dict]:
    """The Swiss cross table by rank (逐轮成绩表): a row per player in the
    order of the last table (名次, 序号, 姓名, 单位, 积分), a cell per round:
    the opponent's number, the colour and the player's result (``12红胜``),
    or 轮空, 请假, 退赛, 未入场 (before a late entry)."""
    if table is None:
        return None
    t = Text(lang)
    marks = {
        "absent": t("publish.mark-absent"),
        "withdrawn": t("publish.mark-withdrawn"),
        "not_entered": t("publish.mark-not-entered"),
    }
    cells: dict[int, dict[int, tuple[str, str]]] = {p.no: {} for p in event.players}
    for r in rounds:
        n = r["round"]
        for b in r["boards"]:
            for me, opp, colour in ((b["red"], b["black"], "R"), (b["black"], b["red"], "B")):
                word = {"R": t("site.r"), "B": t("site.b")}[colour]
                cells[me["no"]][n] = (f"{opp['no']}{word}{short_result(b['code'], colour, t)}", "g")
        for x in r["byes"]:
            cells[x["no"]][n] = (t("booklet.bye-2"), "bye")
        for key in ("absent", "withdrawn"):
            for x in r[key]:
                cells[x["no"]][n] = (marks[key], key)
    first: dict[int, int] = {}
    for r in rounds:
        for no, got in cells.items():
            if r["round"] in got and got[r["round"]][1] in ("g", "bye"):
                first.setdefault(no, r["round"])
    for r in rounds:
        for p in event.players:
            if r["round"] not in cells[p.no] and (p.no not in first or first[p.no] > r["round"]):
                cells[p.no][r["round"]] = (marks["not_entered"], "not_entered")
    seen = [row["no"] for row in table["standings"]]
    order = seen + sorted({p.no for p in event.players} - set(seen))
    by_no = {row["no"]: row for row in table["standings"]}
    return {
        "round": table["round"],
        "rounds": [r["round"] for r in rounds],
        "rows": [
            {
                "rank": by_no.get(no, {}).get("rank"),
                "no": no,
                "name": event.player(no).name,
                "unit": event.player(no).unit,
                "score": fmt(by_no.get(no, {}).get("score")),
                "withdrawn_from": event.player(no).withdrawn_from_round,
                "cells": [
                    {"text": cells[no].get(r["round"], ("", ""))[0], "kind": cells[no].get(r["round"], ("", ""))[1]}
                    for r in rounds
                ],
            }
            for no in order
        ],
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


def build_time() -> datetime.datetime:
    """When the pages (or the 成绩册) are made: now, in the computer's local
    time (the arbiter's clock, which the players share); ``SOURCE_DATE_EPOCH``
    (seconds since 1970, the reproducible-builds convention; read as UTC)
    fixes it: two builds of the same event then give the same bytes (tests)."""
    fixed = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if fixed.isdigit():
        return datetime.datetime.fromtimestamp(int(fixed), tz=datetime.timezone.utc)
    return datetime.datetime.now().astimezone()


def generated_at(now: Optional[datetime.datetime] = None) -> str:
    """The time a site or a 成绩册 says it was made (更新于 …), to the
    minute: ``now``, or :func:`build_time`."""
    return (now or build_time()).strftime("%Y-%m-%d %H:%M")
