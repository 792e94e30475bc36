"""Standings, knockout places, cross tables and the 对阵表 of a round as data
and as text: the one printer of each table, for the CLI (on a JSON file or a
workbook) and for the workbook operations' messages.

Pure: nothing is printed or read here.  Each table comes as ``*_data``
(the ``--json`` shape of docs/format.md, a dict) and as ``*_lines`` (the
text lines, in ``lang``).  The workbook's own message text of a table
(:func:`book_standings_text`, :func:`book_pairing_text` …) is another
rendering (the round sheet's columns, results included), kept as it was
(other column names, no in-progress title); it shares the rows' pieces
(:func:`ko_result`, :func:`place_text`) and :mod:`xlxq.text`.

Lazy imports: the two team tables import the team modules when they are
called (start-up time: an individual event never loads them).
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.combined import combined_ranking, elimination_rounds
from xlxq.core.knockout import build_bracket, knockout_ranking, stage_name, stage_name_en
from xlxq.core.model import Event, absent_players
from xlxq.core.rr_standings import LABELS_EN as RR_LABELS_EN
from xlxq.core.rr_standings import LABELS_ZH as RR_LABELS_ZH
from xlxq.core.rr_standings import compute_rr_standings, cross_table, resolve_rr_tiebreaks
from xlxq.core.standings import (
    LABELS_EN,
    LABELS_ZH,
    TIEBREAK_KEYS,
    TableRound,
    compute_standings,
    resolve_tiebreaks,
    table_round,
)
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.sheets.results import display
from xlxq.systems import get_system, system_for, system_label
from xlxq.systems.knockout import game_label
from xlxq.text import fmt, num, text_table


__all__ = [
    "eliminated_after",
    "last_played",
    "swiss_standings_data",
    "swiss_standings_lines",
    "rr_standings_data",
    "rr_standings_lines",
    "ko_standings_data",
    "ko_standings_lines",
    "standings_data",
    "standings_lines",
    "combined_data",
    "combined_lines",
    "cross_table_data",
    "cross_table_lines",
    "rr_score_label",
    "place_text",
    "ko_result",
    "who",
    "pairing_lines",
    "ko_pairing_lines",
    "book_pairing_text",
    "team_pairing_text",
    "book_standings_text",
    "book_rr_text",
    "book_ko_text",
    "team_standings_text",
]


# --------------------------------------------------------------------------
# pieces
# --------------------------------------------------------------------------


def eliminated_after(event: Event, before_round: Optional[int] = None) -> dict[int, int]:
    """积分末位淘汰: player → the round after which he went out (only the
    verdicts already certain; empty when the option is off)."""
    if not system_for(event.settings).pairs_by_score or not event.settings.pairing.elimination:
        return {}
    rules = sorted({x for x, _ in event.settings.pairing.elimination})
    out: dict[int, int] = {}
    for x in rules:  # the first rules whose verdicts are known
        if before_round is not None and x >= before_round:
            break
        try:
            out = elimination_rounds(event, before_round=x + 1)
        except InputError:
            break
    return out


def last_played(event: Event) -> int:
    """The last round with a result."""
    return max((r.round for r in event.rounds if any(b.result is not None for b in r.boards)), default=0)


def who(event: Event, no: int, lang: str) -> str:
    """``name（7号）`` / ``name (7)``."""
    p = event.player(no)
    return Text(lang)(f"{p.name}（{no}号）", f"{p.name} ({no})")


def rr_score_label(event: Event, lang: str) -> str:
    t = Text(lang)
    return t("场分", "Match pts") if event.settings.games_per_match > 1 else t("积分", "Score")


def place_text(p: Any) -> str:
    """A knockout place: ``3`` or a shared ``5-8``."""
    if p.place is None:
        return ""
    return str(p.place) if p.place_to in (None, p.place) else f"{p.place}-{p.place_to}"


def ko_result(p: Any, total: int, lang: str) -> str:
    """What became of a knockout player: 冠军, 半决赛负, 仍在比赛."""
    t = Text(lang)
    if p.place == 1:
        return t("冠军", "champion")
    if p.stage_out is not None:
        return t(f"{stage_name(p.stage_out, total)}负", f"lost in the {stage_name_en(p.stage_out, total)}")
    return t("仍在比赛", "still in")


def _titled(title: str, event: Event) -> str:
    return title + (f"  {event.settings.name}" if event.settings.name else "")


def _swiss_keys_in_rr(keys: list[str]) -> list[str]:
    """Keys of a round-robin row in --json: the list actually used, then the
    Swiss keys that mean the same in a round robin (胜局, 犯规, 后走胜局,
    后走局数; 对手分 and 累进分 do not: in a complete round robin 对手分 is
    everyone's total minus one's own, and 累进分 depends on the table's order)."""
    return keys + [k for k in ("wins", "fouls", "black_wins", "black_games") if k not in keys]


# --------------------------------------------------------------------------
# Swiss
# --------------------------------------------------------------------------


def _swiss(event: Event, round_no: Optional[int]):
    tr = table_round(event, round_no)  # as far as the results go (issue 8 §6)
    rows = compute_standings(event, tr.after)
    return tr, rows, eliminated_after(event, tr.after + 1)


def swiss_standings_data(event: Event, round_no: Optional[int] = None) -> dict:
    """``xlxq standings --json`` of a Swiss (after ``round_no``, default as
    far as the results go)."""
    tr, rows, out = _swiss(event, round_no)
    data = {
        "after_round": tr.after,
        "in_progress": tr.in_progress,
        "standings": [
            {
                "rank": r.rank,
                "no": r.no,
                "name": r.name,
                "score": num(r.score),
                "tiebreaks": {k: num(v) for k, v in r.tiebreaks.items()},
            }
            for r in rows
        ],
    }
    if event.settings.pairing.elimination:
        for d in data["standings"]:
            d["eliminated_after"] = out.get(d["no"])
    return data


def swiss_standings_lines(event: Event, round_no: Optional[int], lang: str) -> list[str]:
    t = Text(lang)
    tr, rows, out = _swiss(event, round_no)
    keys = resolve_tiebreaks(event.settings.tiebreaks)
    labels = [(LABELS_EN.get(k, k) if lang == "en" else LABELS_ZH.get(k, k)) for k in keys]
    shown = [k for k in keys if k in (rows[0].tiebreaks if rows else {})]
    labels = [lab for k, lab in zip(keys, labels) if k in shown]
    header = t("名次 序号 姓名 单位 积分", "Rank No Name Unit Score").split() + labels
    table = []
    for r in rows:
        name = r.name + (t("（退赛）", " (withdrawn)") if r.withdrawn else "")
        if r.no in out:
            name += t(f"（第{out[r.no]}轮后淘汰）", f" (out after round {out[r.no]})")
        table.append([r.rank, r.no, name, r.unit, fmt(r.score)] + [fmt(r.tiebreaks.get(k)) for k in shown])
    title = _titled(tr.title("名次表", "Standings", lang, when_first=True), event)
    return [title, *text_table(header, table, [True, True, False, False, True] + [True] * len(shown))]


# --------------------------------------------------------------------------
# round robin
# --------------------------------------------------------------------------


def _rr(event: Event, round_no: Optional[int]):
    if round_no is not None:
        after = table_round(event, round_no).after  # a round not started is not counted
        rows = compute_rr_standings(event, after)
    else:
        after = last_played(event)
        rows = compute_rr_standings(event)
    return after, rows, resolve_rr_tiebreaks(event.settings.tiebreaks, event.settings.games_per_match)


def rr_standings_data(event: Event, round_no: Optional[int] = None) -> dict:
    """``xlxq standings --json`` of a round robin."""
    after, rows, keys = _rr(event, round_no)
    g = event.settings.games_per_match
    shown = _swiss_keys_in_rr(keys)
    return {
        "system": event.settings.system,
        "games_per_match": g,
        "score": "match_points" if g > 1 else "points",
        "after_round": after,
        "tiebreak_order": keys,
        "standings": [
            {
                "rank": r.rank,
                "no": r.no,
                "name": r.name,
                "score": num(r.score),
                "tiebreaks": {k: num(r.tiebreaks.get(k)) for k in shown},
                "withdrawn": r.withdrawn,
                "annulled": r.annulled,
            }
            for r in rows
        ],
    }


def rr_standings_lines(event: Event, round_no: Optional[int], lang: str) -> list[str]:
    t = Text(lang)
    after, rows, keys = _rr(event, round_no)
    g = event.settings.games_per_match
    labels = RR_LABELS_EN if lang == "en" else RR_LABELS_ZH
    header = (
        t("名次 序号 姓名 单位", "Rank No Name Unit").split()
        + [labels["match_points" if g > 1 else "score"]]
        + [labels.get(k, k) for k in keys]
    )
    table = []
    for r in rows:
        name = r.name
        if r.annulled:
            name += t("（退赛，成绩注销）", " (withdrawn, results annulled)")
        elif r.withdrawn:
            name += t("（退赛）", " (withdrawn)")
        table.append(
            [r.rank if r.rank is not None else "—", r.no, name, r.unit, fmt(r.score)]
            + [fmt(r.tiebreaks.get(k)) for k in keys]
        )
    label = system_label(event.settings.system, lang, g)
    title = _titled(table_round(event, after).title(f"{label}名次表", f"{label} standings", lang), event)
    lines = [title, *text_table(header, table, [True, True, False, False, True] + [True] * len(keys))]
    if "direct" in keys:
        lines.append(t("直胜：只在并列者之间全部相遇后比较；空白 = 未用到", "direct encounter: blank = not used"))
    return lines


# --------------------------------------------------------------------------
# knockout
# --------------------------------------------------------------------------


def _ko(event: Event, round_no: Optional[int]):
    if round_no is not None:
        after = round_no
        br = build_bracket(event, before_round=after + 1)
    else:
        after = len(event.rounds)
        br = build_bracket(event)
    return after, br, knockout_ranking(event, br)


def _stage(s: Optional[int], total: int, lang: str) -> Optional[str]:
    return Text(lang)(stage_name(s, total), stage_name_en(s, total)) if s else None


def ko_standings_data(event: Event, round_no: Optional[int], lang: str) -> dict:
    """``xlxq standings --json`` of a knockout (stage names in ``lang``)."""
    after, br, places = _ko(event, round_no)
    total = br.stage_total
    return {
        "system": "knockout",
        "after_round": after,
        "finished": br.finished,
        "champion": br.champion,
        "stage": _stage(br.current_stage, total, lang),
        "standings": [
            {
                "place": p.place,
                "place_to": p.place_to,
                "no": p.no,
                "name": event.player(p.no).name,
                "seed_rank": p.seed_rank,
                "stage_out": p.stage_out,
                "stage_out_name": _stage(p.stage_out, total, lang),
            }
            for p in places
        ],
    }


def ko_standings_lines(event: Event, round_no: Optional[int], lang: str) -> list[str]:
    t = Text(lang)
    after, br, places = _ko(event, round_no)
    total = br.stage_total
    if br.finished:
        title = t("淘汰赛名次", "Knockout places") + (
            t(f"（冠军：{who(event, br.champion, lang)}）", f" (champion: {who(event, br.champion, lang)})")
            if br.champion is not None
            else ""
        )
    else:
        stage = _stage(br.current_stage, total, lang)
        title = t(
            f"淘汰赛名次（第{after}轮后，{stage}进行中）", f"Knockout places (after round {after}; {stage} in progress)"
        )
    header = t("名次 序号 姓名 单位 种子顺位 成绩", "Place No Name Unit Seeding Result").split()
    table = []
    for p in places:
        pl = event.player(p.no)
        table.append([place_text(p), p.no, pl.name, pl.unit, p.seed_rank, ko_result(p, total, lang)])
    return [_titled(title, event), *text_table(header, table, [True, True, False, False, True, False])]


# --------------------------------------------------------------------------
# by system
# --------------------------------------------------------------------------


def standings_data(event: Event, round_no: Optional[int], lang: str) -> dict:
    """The ``--json`` standings of an individual event, by its system."""
    system = event.settings.system
    if get_system(system).follows_order_table:
        return rr_standings_data(event, round_no)
    if get_system(system).has_bracket:
        return ko_standings_data(event, round_no, lang)
    return swiss_standings_data(event, round_no)


def standings_lines(event: Event, round_no: Optional[int], lang: str) -> list[str]:
    """The standings of an individual event as text, by its system."""
    system = event.settings.system
    if get_system(system).follows_order_table:
        return rr_standings_lines(event, round_no, lang)
    if get_system(system).has_bracket:
        return ko_standings_lines(event, round_no, lang)
    return swiss_standings_lines(event, round_no, lang)


# --------------------------------------------------------------------------
# 积分晋圈淘汰: the final order of a Swiss and its knockout
# --------------------------------------------------------------------------


def combined_data(swiss: Event, knockout: Event) -> dict:
    return {"system": "combined", "standings": [r.to_dict() for r in combined_ranking(swiss, knockout)]}


def combined_lines(swiss: Event, knockout: Event, lang: str) -> list[str]:
    t = Text(lang)
    header = t(
        "名次 序号 姓名 单位 决出方式 积分赛名次 淘汰赛名次", "Rank No Name Unit Decided-by Swiss Knockout"
    ).split()
    table = []
    for r in combined_ranking(swiss, knockout):
        unit = swiss.player(r.no).unit if swiss.has_player(r.no) else ""
        src = t("淘汰赛", "knockout") if r.source == "knockout" else t("积分赛", "Swiss")
        ko = (
            ""
            if r.knockout_place is None
            else (
                str(r.knockout_place)
                if r.knockout_place_to in (None, r.knockout_place)
                else f"{r.knockout_place}-{r.knockout_place_to}"
            )
        )
        table.append([r.rank, r.no, r.name, unit, src, r.swiss_rank, ko])
    title = t("积分晋圈淘汰最终名次", "Final order (Swiss, then knockout)")
    name = knockout.settings.name or swiss.settings.name
    if name:
        title += f"  {name}"
    return [title, *text_table(header, table, [True, True, False, False, False, True, True])]


# --------------------------------------------------------------------------
# the 交叉表 of a round robin
# --------------------------------------------------------------------------


def _cross(event: Event, after: Optional[int]):
    """The points by opponent after round ``after`` (None: every round), the
    standings rows by number, the numbers in order."""
    ct = cross_table(event, after)
    rows = {r.no: r for r in compute_rr_standings(event, after)}
    return ct, rows, sorted(p.no for p in event.players)


def cross_table_data(event: Event, after: Optional[int]) -> dict:
    """``xlxq crosstable --json``."""
    ct, rows, nos = _cross(event, after)
    return {
        "system": event.settings.system,
        "players": nos,
        "cross": {str(a): {str(b): [num(x) for x in ct[a][b]] for b in sorted(ct[a])} for a in nos},
        "score": {str(a): num(rows[a].score) for a in nos},
        "rank": {str(a): rows[a].rank for a in nos},
    }


def cross_table_lines(event: Event, after: Optional[int], lang: str) -> list[str]:
    t = Text(lang)
    ct, rows, nos = _cross(event, after)
    header = (
        t("序号 姓名", "No Name").split() + [str(no) for no in nos] + [rr_score_label(event, lang), t("名次", "Rank")]
    )
    table = []
    for a in nos:
        cells = []
        for b in nos:
            if a == b:
                cells.append("×")
            else:
                games = ct[a].get(b, [])
                cells.append("/".join("." if x is None else fmt(x) for x in games))
        r = rows[a]
        table.append([a, event.player(a).name] + cells + [fmt(r.score), r.rank if r.rank is not None else "—"])
    title = _titled(t("交叉表", "Cross table"), event)
    return [
        title,
        *text_table(header, table, [True, False] + [True] * (len(nos) + 2)),
        t(
            "格内为该棋手对该对手每局所得分（按轮次，/ 分隔；. = 尚无结果）",
            "each cell: the row player's points in each game against the column player (. = no result yet)",
        ),
    ]


# --------------------------------------------------------------------------
# the 对阵表 of a round
# --------------------------------------------------------------------------


def pairing_lines(
    event: Event, rnd: Any, scores: dict[int, float], lang: str, score_label: Optional[str] = None, bye_note: str = ""
) -> list[str]:
    """``xlxq pair``'s 对阵表 of a Swiss or round-robin round: each board with
    the scores before it (``scores``), then the byes."""
    t = Text(lang)
    by_no = {p.no: p for p in event.players}
    title = _titled(t(f"第{rnd.round}轮对阵表", f"Round {rnd.round} pairings"), event)
    sl = score_label or t("积分", "Score")
    header = (
        t("台次 序号 红方 单位", "Board No Red Unit").split()
        + [sl]
        + t("序号 黑方 单位", "No Black Unit").split()
        + [sl]
    )
    rows = []
    for b in rnd.boards:
        r, k = by_no[b.red], by_no[b.black]
        rows.append(
            [b.board, r.no, r.name, r.unit, fmt(scores.get(r.no, 0)), k.no, k.name, k.unit, fmt(scores.get(k.no, 0))]
        )
    lines = [title] + text_table(header, rows, [True, True, False, False, True, True, False, False, True])
    for no in rnd.byes:
        p = by_no[no]
        lines.append(
            (
                t(
                    f"轮空：{p.no} {p.name} {p.unit} {sl} {fmt(scores.get(no, 0))}",
                    f"Bye: {p.no} {p.name} {p.unit} {sl.lower()} {fmt(scores.get(no, 0))}",
                ).rstrip()
                + bye_note
            )
        )
    for no in absent_players(event, rnd):  # 请假 (docs/pairing.md §2.6b)
        p = by_no[no]
        lines.append(
            t(f"请假：{p.no} {p.name} {p.unit}（本轮不编排）", f"Absent: {p.no} {p.name} {p.unit} (not paired)")
        )
    return lines


def _ko_match_score(event: Event, m: Any) -> dict[int, float]:
    sc = event.settings.scoring
    pts = {no: 0.0 for no in m.players}
    for _, b in m.games:
        if b.result is not None:
            pts[b.red] += sc.points(b.result, "R")
            pts[b.black] += sc.points(b.result, "B")
    return pts


def ko_pairing_lines(prior: Event, rnd: Any, lang: str) -> list[str]:
    """The 对阵表 of a knockout round: each board with its match, game and
    the match score before it (``prior``: the event before the round)."""
    t = Text(lang)
    br = build_bracket(prior)
    by_no = {p.no: p for p in prior.players}
    g = prior.settings.games_per_match
    cur = br.current_stage or br.stage_total
    sname = t(stage_name(cur, br.stage_total), stage_name_en(cur, br.stage_total))
    title = _titled(t(f"第{rnd.round}轮对阵表  淘汰赛{sname}", f"Round {rnd.round} pairings  knockout {sname}"), prior)
    header = t("台次 序号 红方 单位 序号 黑方 单位 局次 比分", "Board No Red Unit No Black Unit Game Score").split()
    rows = []
    for b in rnd.boards:
        m = br.match_of(b.red, b.black)
        label, score = "", ""
        if m is not None:
            label = game_label(m, g, lang)
            if m.games:
                pts = _ko_match_score(prior, m)
                score = f"{fmt(pts[b.red])}:{fmt(pts[b.black])}"
        r, k = by_no[b.red], by_no[b.black]
        rows.append([b.board, r.no, r.name, r.unit, k.no, k.name, k.unit, label, score])
    lines = [title] + text_table(header, rows, [True, True, False, False, True, False, False, False, True])
    first = not any(m.games for m in br.stages[cur - 1])
    for no in rnd.byes:
        p = by_no[no]
        why = (
            t("首轮轮空（种子），直接晋级", "first-round bye (seed), advances")
            if cur == 1 and first
            else t("对手缺席，直接晋级", "walkover, advances")
        )
        lines.append(t(f"轮空：{p.no} {p.name} {p.unit}（{why}）", f"Bye: {p.no} {p.name} {p.unit} ({why})"))
    return lines


def book_pairing_text(
    event: Event, rnd: Any, scores: dict[int, Any], lang: str, label: str = "", stage: str = "main"
) -> str:
    """A workbook operation's message text of a round: each board with the
    scores of its round sheet (``scores``) and its result, the byes last."""
    by_no = {p.no: p for p in event.players}
    round_no = rnd.round
    if stage == "ko":
        title = f"淘汰赛第{round_no}轮对阵表" if lang == "zh" else f"Knockout round {round_no} pairings"
    else:
        title = f"第{round_no}轮对阵表" if lang == "zh" else f"Round {round_no} pairings"
    if label:
        title += f"（{label}）" if lang == "zh" else f" ({label})"
    title = _titled(title, event)
    header = (
        "台次 序号 红方 单位 积分 结果 积分 单位 黑方 序号"
        if lang == "zh"
        else "Bd No Red Club Pts Result Pts Club Black No"
    ).split()
    rows = []
    for b in rnd.boards:
        r, k = by_no[b.red], by_no[b.black]
        rows.append(
            [
                b.board,
                r.no,
                r.name,
                r.unit,
                fmt(scores.get(r.no)),
                display(b.result, lang) or "",
                fmt(scores.get(k.no)),
                k.unit,
                k.name,
                k.no,
            ]
        )
    for no in rnd.byes:
        p = by_no[no]
        rows.append(["轮空" if lang == "zh" else "bye", p.no, p.name, p.unit, fmt(scores.get(no)), "", "", "", "", ""])
    for no in absent_players(event, rnd):  # the 请假 row of the sheet
        p = by_no[no]
        rows.append(["请假" if lang == "zh" else "absent", p.no, p.name, p.unit, "", "", "", "", "", ""])
    return "\n".join(
        [title] + text_table(header, rows, [True, True, False, False, True, False, True, False, False, True])
    )


def team_pairing_text(event: Any, round_no: int, lang: str) -> str:
    """A team workbook operation's message text of a round: each match, then its boards."""
    rnd = event.get_round(round_no)
    out = [
        (f"第{round_no}轮对阵表" if lang == "zh" else f"Round {round_no} pairings")
        + (f"  {event.settings.name}" if event.settings.name else "")
    ]
    from xlxq.sheets.team_layout import vacant_text  # lazy: start-up time (module text)

    for m in rnd.matches:
        out.append(
            f"第{m.match}场  {event.team(m.first).name}（先走） — {event.team(m.second).name}（后走）"
            if lang == "zh"
            else f"Match {m.match}  {event.team(m.first).name} (first) - {event.team(m.second).name} (second)"
        )
        rows = [
            [
                b.board,
                b.red or "",
                event.player(b.red).name if b.red else vacant_text(lang),
                display(b.result, lang) or "",
                event.player(b.black).name if b.black else vacant_text(lang),
                b.black or "",
            ]
            for b in m.boards
        ]
        head = ("台次 序号 红方 结果 黑方 序号" if lang == "zh" else "Bd No Red Result Black No").split()
        out += ["  " + ln for ln in text_table(head, rows)]
    for t in rnd.byes:
        out.append(("轮空：" if lang == "zh" else "bye: ") + event.team(t).name)
    return "\n".join(out)


# --------------------------------------------------------------------------
# the workbook operations' message text (Status.text)
# --------------------------------------------------------------------------


def book_standings_text(
    event: Event, rows: list, after: Optional[int], lang: str, ko_event: Optional[Event] = None, ko_bracket: Any = None
) -> str:
    """The standings of a workbook operation as text, by system (``after``:
    the round asked for, default as far as the results go); a Swiss with the
    knockout stage of 积分晋圈淘汰 (``ko_event``, ``ko_bracket``) adds its
    places and, once known, the final order."""
    system = event.settings.system
    tr = table_round(event, after)
    after = tr.after
    if get_system(system).follows_order_table:
        return book_rr_text(event, rows, after, lang)
    if get_system(system).has_bracket:
        return book_ko_text(event, rows, lang)
    keys = [k for k in resolve_tiebreaks(event.settings.tiebreaks) if k in TIEBREAK_KEYS]
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    header = ("名次 序号 姓名 单位 积分" if lang == "zh" else "Rank No Name Club Pts").split() + [
        labels[k] for k in keys
    ]
    table = []
    for r in rows:
        name = r.name + (("（退赛）" if lang == "zh" else " (withdrawn)") if r.withdrawn else "")
        table.append([r.rank, r.no, name, r.unit, fmt(r.score)] + [fmt(r.tiebreaks[k]) for k in keys])
    title = _titled(tr.title("名次表", "Standings", lang, when_first=True), event)
    out = "\n".join([title] + text_table(header, table, [True, True, False, False, True] + [True] * len(keys)))
    if ko_event is not None and ko_bracket is not None:
        out += "\n\n" + book_ko_text(ko_event, knockout_ranking(ko_event, ko_bracket), lang)
        try:
            final = combined_ranking(event, ko_event)
        except InputError:
            final = None
        if final:
            head = ("名次 序号 姓名 决出方式 积分赛名次" if lang == "zh" else "Rank No Name Decided-by Swiss").split()
            body = [
                [
                    r.rank,
                    r.no,
                    r.name,
                    ("淘汰赛" if r.source == "knockout" else "积分赛") if lang == "zh" else r.source,
                    r.swiss_rank,
                ]
                for r in final
            ]
            out += "\n\n" + "\n".join(
                [("积分晋圈淘汰最终名次" if lang == "zh" else "Final ranking")]
                + text_table(head, body, [True, True, False, False, True])
            )
    return out


def book_rr_text(event: Event, rows: list, after: int, lang: str) -> str:
    g = event.settings.games_per_match
    keys = resolve_rr_tiebreaks(event.settings.tiebreaks, g)
    labels = RR_LABELS_ZH if lang == "zh" else RR_LABELS_EN
    header = (
        ("名次 序号 姓名 单位" if lang == "zh" else "Rank No Name Club").split()
        + [labels["match_points" if g > 1 else "score"]]
        + [labels[k] for k in keys]
    )
    table = []
    for r in rows:
        name = r.name + (
            ("（成绩注销）" if lang == "zh" else " (annulled)")
            if r.annulled
            else ("（退赛）" if lang == "zh" else " (withdrawn)")
            if r.withdrawn
            else ""
        )
        table.append(
            [r.rank if r.rank is not None else "—", r.no, name, r.unit, fmt(r.score)]
            + [fmt(r.tiebreaks.get(k)) for k in keys]
        )
    title = _titled(table_round(event, after).title("循环赛名次表", "Round-robin standings", lang), event)
    return "\n".join([title] + text_table(header, table, [True, True, False, False, True] + [True] * len(keys)))


def book_ko_text(event: Event, places: list, lang: str) -> str:
    br = build_bracket(event)
    header = ("名次 序号 姓名 单位 种子顺位 成绩" if lang == "zh" else "Place No Name Club Seeding Result").split()
    table = []
    for p in places:
        pl = event.player(p.no)
        table.append([place_text(p), p.no, pl.name, pl.unit, p.seed_rank, ko_result(p, br.stage_total, lang)])
    title = "淘汰赛名次" if lang == "zh" else "Knockout places"
    if br.champion is not None:
        ch = event.player(br.champion)
        title += f"（冠军：{ch.name}）" if lang == "zh" else f" (champion: {ch.name})"
    return "\n".join([title] + text_table(header, table, [True, True, False, False, True, False]))


def team_standings_text(event: Any, rows: list, after: Any, lang: str) -> str:
    """A team workbook's standings as text (``after``: the table's
    :class:`~xlxq.core.standings.TableRound`, or a round number)."""
    from xlxq.core.team_standings import LABELS_EN as TEAM_EN  # lazy: start-up time (module text)
    from xlxq.core.team_standings import LABELS_ZH as TEAM_ZH
    from xlxq.core.team_standings import resolve_team_tiebreaks

    s = event.settings
    keys = [k for k in resolve_team_tiebreaks(s.tiebreaks, s.system) if k != "back_rounds"]
    labels = TEAM_ZH if lang == "zh" else TEAM_EN
    header = ("名次 队号 队名" if lang == "zh" else "Rank No Team").split() + [labels[k] for k in keys]
    table = [
        [r.rank, r.no, r.name + (("（退赛）" if lang == "zh" else " (withdrawn)") if r.withdrawn else "")]
        + [fmt(r.values[k]) for k in keys]
        for r in rows
    ]
    tr = after if isinstance(after, TableRound) else table_round(event, after)
    title = tr.title("团体名次", "Team standings", lang, when_first=True)
    if s.name:
        title += f"  {s.name}"
    return "\n".join([title] + text_table(header, table))
