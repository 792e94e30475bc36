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
from xlxq.core.knockout import build_bracket, knockout_ranking, stage_msg
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
from xlxq.systems import get_system, system_for, system_label, team_rules
from xlxq.systems.knockout import game_label
from xlxq.text import fmt, num, text_table
from xlxq.i18n import tr as i18n_tr
from xlxq.i18n import labels as i18n_labels
from xlxq.i18n import Msg, chinese_forms


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
    return Text(lang)("report.name-no", name=p.name, no=no)


def rr_score_label(event: Event, lang: str) -> str:
    t = Text(lang)
    return t("team_pair.match-pts") if event.settings.games_per_match > 1 else t("report.score")


def place_text(p: Any) -> str:
    """A knockout place: ``3`` or a shared ``5-8``."""
    if p.place is None:
        return ""
    return str(p.place) if p.place_to in (None, p.place) else f"{p.place}-{p.place_to}"


def ko_result(p: Any, total: int, lang: str) -> str:
    """What became of a knockout player: 冠军, 半决赛负, 仍在比赛."""
    t = Text(lang)
    if p.place == 1:
        return t("booklet.champion")
    if p.stage_out is not None:
        return t("report.lost-in-the", out_total=stage_msg(p.stage_out, total))
    return t("report.still-in")


def with_rating(event: Event, header: list[str], rows: list[list], after: int, lang: str, no_at: int = 1) -> list[bool]:
    """The 等级分 column (显示等级分, issue 25 §3) put into ``header`` and each
    of ``rows`` after column ``after`` (the name), the rating of the player
    numbered in column ``no_at``; returns the columns' right-alignment to
    insert with it (``[True]``), or ``[]`` when the event shows no rating."""
    if not event.shows_rating:
        return []
    header.insert(after + 1, Text(lang)("booklet.rating"))
    for row in rows:
        no = row[no_at]
        row.insert(after + 1, event.rating_text(no) if isinstance(no, int) and not isinstance(no, bool) else "")
    return [True]


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
    labels = [i18n_labels(lang, LABELS_ZH, LABELS_EN).get(k, k) for k in keys]
    shown = [k for k in keys if k in (rows[0].tiebreaks if rows else {})]
    labels = [lab for k, lab in zip(keys, labels) if k in shown]
    header = t("report.rank-no-name-unit-score").split() + labels
    table = []
    for r in rows:
        name = r.name + (t("booklet.withdrawn") if r.withdrawn else "")
        if r.no in out:
            name += t("report.out-after-round", r_no=out[r.no])
        table.append([r.rank, r.no, name, r.unit, fmt(r.score)] + [fmt(r.tiebreaks.get(k)) for k in shown])
    rc = with_rating(event, header, table, 2, lang)
    title = _titled(tr.title(Msg("report.standings"), lang, when_first=True), event)
    return [title, *text_table(header, table, [True, True, False, *rc, False, True] + [True] * len(shown))]


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
    labels = i18n_labels(lang, RR_LABELS_ZH, RR_LABELS_EN)
    header = (
        t("booklet.rank-no-name-unit").split()
        + [labels["match_points" if g > 1 else "score"]]
        + [labels.get(k, k) for k in keys]
    )
    table = []
    for r in rows:
        name = r.name
        if r.annulled:
            name += t("report.withdrawn-results-annulled")
        elif r.withdrawn:
            name += t("booklet.withdrawn")
        table.append(
            [r.rank if r.rank is not None else "—", r.no, name, r.unit, fmt(r.score)]
            + [fmt(r.tiebreaks.get(k)) for k in keys]
        )
    rc = with_rating(event, header, table, 2, lang)
    label = system_label(event.settings.system, lang, g)
    title = _titled(table_round(event, after).title(Msg("report.label-standings", label=label), lang), event)
    lines = [title, *text_table(header, table, [True, True, False, *rc, False, True] + [True] * len(keys))]
    if "direct" in keys:
        lines.append(t("report.direct-encounter-blank-not-used"))
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
    return stage_msg(s, total).render(lang) if s else None


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
        title = t("report.knockout-places") + (
            t("report.champion-2", champion_lang=who(event, br.champion, lang)) if br.champion is not None else ""
        )
    else:
        stage = _stage(br.current_stage, total, lang)
        title = t("report.knockout-places-after-round-in-progress", after=after, stage=stage)
    header = t("booklet.place-no-name-unit-seeding-result").split()
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
    header = t("report.rank-no-name-unit-decided-by-swiss").split()
    table = []
    for r in combined_ranking(swiss, knockout):
        unit = swiss.player(r.no).unit if swiss.has_player(r.no) else ""
        src = t("report.knockout") if r.source == "knockout" else t("report.swiss")
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
    title = t("report.final-order-swiss-then-knockout")
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
    header = t("booklet.no-name").split() + [str(no) for no in nos] + [rr_score_label(event, lang), t("booklet.rank")]
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
    title = _titled(t("booklet.cross-table"), event)
    return [
        title,
        *text_table(header, table, [True, False] + [True] * (len(nos) + 2)),
        t(
            "report.each-cell-the-row-players-points-in-each",
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
    title = _titled(t("report.round-pairings", round=rnd.round), event)
    sl = score_label or t("report.score")
    header = t("report.board-no-red-unit").split() + [sl] + t("report.no-black-unit").split() + [sl]
    rows = []
    for b in rnd.boards:
        r, k = by_no[b.red], by_no[b.black]
        rows.append(
            [b.board, r.no, r.name, r.unit, fmt(scores.get(r.no, 0)), k.no, k.name, k.unit, fmt(scores.get(k.no, 0))]
        )
    rk = with_rating(event, header, rows, 6, lang, no_at=5)  # black's first: red's columns keep their place
    rc = with_rating(event, header, rows, 2, lang)
    right = [True, True, False, *rc, False, True, True, False, *rk, False, True]
    lines = [title] + text_table(header, rows, right)
    for no in rnd.byes:
        p = by_no[no]
        lines.append(
            (
                t(
                    "report.bye-3",
                    no=p.no,
                    name=p.name,
                    unit=p.unit,
                    sl=sl if chinese_forms(lang) else sl.lower(),  # lower case within the English line
                    scores_get=fmt(scores.get(no, 0)),
                ).rstrip()
                + bye_note
            )
        )
    for no in absent_players(event, rnd):  # 请假 (docs/pairing.md §2.6b)
        p = by_no[no]
        lines.append(t("report.absent-not-paired", no=p.no, name=p.name, unit=p.unit))
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
    sname = stage_msg(cur, br.stage_total).render(t.lang)
    title = _titled(t("report.round-pairings-knockout", round=rnd.round, sname=sname), prior)
    header = t("report.board-no-red-unit-no-black-unit-game").split()
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
        why = t("report.first-round-bye-seed-advances") if cur == 1 and first else t("report.walkover-advances")
        lines.append(t("report.bye", no=p.no, name=p.name, unit=p.unit, why=why))
    return lines


def book_pairing_text(
    event: Event, rnd: Any, scores: dict[int, Any], lang: str, label: str = "", stage: str = "main"
) -> str:
    """A workbook operation's message text of a round: each board with the
    scores of its round sheet (``scores``) and its result, the byes last."""
    by_no = {p.no: p for p in event.players}
    round_no = rnd.round
    if stage == "ko":
        title = i18n_tr(lang, "report.knockout-round-pairings", round_no=round_no)
    else:
        title = i18n_tr(lang, "report.round-pairings-2", round_no=round_no)
    if label:
        title += i18n_tr(lang, "report.label", label=label)
    title = _titled(title, event)
    header = (i18n_tr(lang, "report.bd-no-red-club-pts-result-pts-club-black")).split()
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
        rows.append([i18n_tr(lang, "booklet.bye-2"), p.no, p.name, p.unit, fmt(scores.get(no)), "", "", "", "", ""])
    for no in absent_players(event, rnd):  # the 请假 row of the sheet
        p = by_no[no]
        rows.append([i18n_tr(lang, "report.absent"), p.no, p.name, p.unit, "", "", "", "", "", ""])
    rk = with_rating(event, header, rows, 7, lang, no_at=9)  # black's mirrored: 单位 等级分 黑方 序号
    rc = with_rating(event, header, rows, 2, lang)
    right = [True, True, False, *rc, False, True, False, True, False, *rk, False, True]
    return "\n".join([title] + text_table(header, rows, right))


def team_pairing_text(event: Any, round_no: int, lang: str) -> str:
    """A team workbook operation's message text of a round: each match, then its boards."""
    rnd = event.get_round(round_no)
    out = [
        (i18n_tr(lang, "report.round-pairings-2", round_no=round_no))
        + (f"  {event.settings.name}" if event.settings.name else "")
    ]
    from xlxq.sheets.team_layout import vacant_text  # lazy: start-up time (module text)

    for m in rnd.matches:
        out.append(
            i18n_tr(
                lang,
                "report.match-first-second",
                match=m.match,
                name=event.team(m.first).name,
                name2=event.team(m.second).name,
            )
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
        head = (i18n_tr(lang, "report.bd-no-red-result-black-no")).split()
        out += ["  " + ln for ln in text_table(head, rows)]
    for t in rnd.byes:
        out.append((i18n_tr(lang, "report.bye-2")) + event.team(t).name)
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
    labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
    header = (i18n_tr(lang, "report.rank-no-name-club-pts")).split() + [labels[k] for k in keys]
    table = []
    for r in rows:
        name = r.name + ((i18n_tr(lang, "booklet.withdrawn")) if r.withdrawn else "")
        table.append([r.rank, r.no, name, r.unit, fmt(r.score)] + [fmt(r.tiebreaks[k]) for k in keys])
    rc = with_rating(event, header, table, 2, lang)
    title = _titled(tr.title(Msg("report.standings"), lang, when_first=True), event)
    right = [True, True, False, *rc, False, True] + [True] * len(keys)
    out = "\n".join([title] + text_table(header, table, right))
    if ko_event is not None and ko_bracket is not None:
        out += "\n\n" + book_ko_text(ko_event, knockout_ranking(ko_event, ko_bracket), lang)
        try:
            final = combined_ranking(event, ko_event)
        except InputError:
            final = None
        if final:
            head = (i18n_tr(lang, "report.rank-no-name-decided-by-swiss")).split()
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
                [(i18n_tr(lang, "report.final-ranking"))] + text_table(head, body, [True, True, False, False, True])
            )
    return out


def book_rr_text(event: Event, rows: list, after: int, lang: str) -> str:
    g = event.settings.games_per_match
    keys = resolve_rr_tiebreaks(event.settings.tiebreaks, g)
    labels = i18n_labels(lang, RR_LABELS_ZH, RR_LABELS_EN)
    header = (
        (i18n_tr(lang, "report.rank-no-name-club")).split()
        + [labels["match_points" if g > 1 else "score"]]
        + [labels[k] for k in keys]
    )
    table = []
    for r in rows:
        name = r.name + (
            (i18n_tr(lang, "report.annulled"))
            if r.annulled
            else (i18n_tr(lang, "booklet.withdrawn"))
            if r.withdrawn
            else ""
        )
        table.append(
            [r.rank if r.rank is not None else "—", r.no, name, r.unit, fmt(r.score)]
            + [fmt(r.tiebreaks.get(k)) for k in keys]
        )
    rc = with_rating(event, header, table, 2, lang)
    title = _titled(table_round(event, after).title(Msg("report.round-robin-standings"), lang), event)
    right = [True, True, False, *rc, False, True] + [True] * len(keys)
    return "\n".join([title] + text_table(header, table, right))


def book_ko_text(event: Event, places: list, lang: str) -> str:
    br = build_bracket(event)
    header = (i18n_tr(lang, "report.place-no-name-club-seeding-result")).split()
    table = []
    for p in places:
        pl = event.player(p.no)
        table.append([place_text(p), p.no, pl.name, pl.unit, p.seed_rank, ko_result(p, br.stage_total, lang)])
    title = i18n_tr(lang, "report.knockout-places")
    if br.champion is not None:
        ch = event.player(br.champion)
        title += i18n_tr(lang, "report.champion", name=ch.name)
    return "\n".join([title] + text_table(header, table, [True, True, False, False, True, False]))


def team_standings_text(event: Any, rows: list, after: Any, lang: str) -> str:
    """A team workbook's standings as text (``after``: the table's
    :class:`~xlxq.core.standings.TableRound`, or a round number)."""
    from xlxq.core.team_standings import LABELS_EN as TEAM_EN  # lazy: start-up time (module text)
    from xlxq.core.team_standings import LABELS_ZH as TEAM_ZH
    from xlxq.core.team_standings import resolve_team_tiebreaks

    s = event.settings
    keys = [k for k in resolve_team_tiebreaks(s.tiebreaks, team_rules(s).default_tiebreaks) if k != "back_rounds"]
    labels = TEAM_ZH if lang == "zh" else TEAM_EN
    header = (i18n_tr(lang, "booklet.rank-no-team")).split() + [labels[k] for k in keys]
    table = [
        [r.rank, r.no, r.name + ((i18n_tr(lang, "booklet.withdrawn")) if r.withdrawn else "")]
        + [fmt(r.values[k]) for k in keys]
        for r in rows
    ]
    tr = after if isinstance(after, TableRound) else table_round(event, after)
    title = tr.title(Msg("report.team-standings"), lang, when_first=True)
    if s.name:
        title += f"  {s.name}"
    return "\n".join([title] + text_table(header, table))
