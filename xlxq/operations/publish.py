"""``xlxq publish FILE OUTDIR`` and the button 发布网页: a static web site of
an event (individual or team, every system), for players' phones.

The page data comes from the tables the CLI prints (:mod:`xlxq.presentation.report`'s
``*_data``: the standings after each round, the cross table, the knockout
places; the team tables of :mod:`xlxq.operations.standings`; the round
sheets' scores, :func:`xlxq.sheets.formats.round_scores`), so the numbers on
the pages are the command line's.  :func:`site_data` builds it, language
by language; :mod:`xlxq.presentation.publish.render` renders it with Jinja2 into a folder
written atomically (a temporary folder, then a rename).

Lazy imports: the prize code (``operations.prizes``) only for an event
with a prize table; the renderer (Jinja2, segno) is imported in
:func:`publish_event` only (start-up time: the buttons import this module);
the workbook modules (openpyxl) in :func:`publish_book` and the round
sheets' scores in :func:`_individual_rounds`, the team tables in
:func:`xlxq.operations.publish_team.team_site` (``xlxq publish EVENT.json``
of an individual event loads neither).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Optional, Sequence

from xlxq.presentation import report
from xlxq.core.hand import HandChange, engine_pairing, hand_changes
from xlxq.core.knockout import build_bracket, stage_msg
from xlxq.core.rating import RatingOptions, event_rating_rows, report_options
from xlxq.core.record_text import dropped_text, hand_mark
from xlxq.core.rr_standings import LABELS_EN as RR_LABELS_EN
from xlxq.core.rr_standings import LABELS_ZH as RR_LABELS_ZH
from xlxq.core.standings import LABELS_EN, LABELS_ZH
from xlxq.core.steps import change_data
from xlxq.errors import InputError, XlxqError
from xlxq.i18n import Text
from xlxq.operations.event_read import sheets_data
from xlxq.operations.publish_team import team_site
from xlxq.operations.result import Outcome
from xlxq.operations.site_reading import (
    board_points,
    board_result,
    seat,
    started,
    generated_at,
    grid,
    own_result,
    rank_order,
    specials,
    status_rows,
)
from xlxq.operations.source import is_team
from xlxq.presentation.rating_report import k_table_text, unofficial_note
from xlxq.sheets.problems import Status
from xlxq.systems import system_for, system_label
from xlxq.text import fmt
from xlxq.i18n import LANGS, Lazy, Msg, tr
from xlxq.operations.workbook_common import status_line
from xlxq.i18n import labels

__all__ = [
    "site_data",
    "engine_proposals",
    "publish_event",
    "publish_book",
    "site_folder",
    "with_stage",
    "qr_line",
    "LANG_CHOICES",
    "round_checks",
    "event_file",
    "EVENT_FILE",
]

#: ``--lang``: one language, or both (zh, en) or all three with a switch on every page
LANG_CHOICES = ("zh", "en", "zh-Hant", "both", "all")


# --------------------------------------------------------------------------
# an individual event
# --------------------------------------------------------------------------


def engine_proposals(event: Any) -> dict[int, tuple[Any, list[HandChange]]]:
    """Round → (the engine's pairing of it, the round's changes from it) of
    every round of an individual event (any system) that differs from the
    engine's pairing (:func:`xlxq.core.hand.engine_pairing`: the one the
    engine made, which a workbook and a JSON file keep, else derived from
    the rounds before; a round the engine cannot pair is left unmarked)."""
    if is_team(event):
        return {}
    out = {}
    derive = system_for(event.settings).derived_round
    for rnd in event.rounds:
        try:
            pairs, byes = engine_pairing(event, rnd.round, derive)
        except XlxqError:
            continue
        changes = hand_changes(pairs, byes, rnd)
        if changes:
            out[rnd.round] = ((pairs, byes), changes)
    return out


def _hand(event: Any, proposal: Any, lang: str) -> dict:
    """A round changed by hand as the pages show it: the 人工调整 mark of
    each board and bye as played, the pairs of the engine left out, and the
    engine's pairing (the marks of the 编排记录: :func:`hand_mark`)."""
    if proposal is None:
        return {"marks": {}, "bye_marks": {}, "notes": [], "engine": None}
    (pairs, byes), changes = proposal
    name = event.player
    return {
        "marks": {c.board: hand_mark(change_data(c), lang) for c in changes if c.board is not None},
        "bye_marks": {c.red: hand_mark(change_data(c), lang) for c in changes if c.kind == "bye"},
        "notes": [
            dropped_text(change_data(c), lang, lambda no: f"{no} {name(no).name}")
            for c in changes
            if c.kind == "dropped"
        ],
        "engine": {
            "boards": [
                {"board": k, "red": seat(event, r), "black": seat(event, b)} for k, (r, b) in enumerate(pairs, 1)
            ],
            "byes": [seat(event, no) for no in byes],
        },
    }


def _individual_rounds(event: Any, lang: str, proposals: Optional[dict] = None) -> list[dict]:
    from xlxq.sheets.formats import round_scores  # the round sheets' 积分 cells

    out = []
    for rnd in event.rounds:
        scores = round_scores(event, rnd)
        hand = _hand(event, (proposals or {}).get(rnd.round), lang)
        boards = []
        for b in rnd.boards:
            pr, pb = board_points(event, b)
            boards.append(
                {
                    "board": b.board,
                    "red": {**seat(event, b.red), "score": fmt(scores.get(b.red))},
                    "black": {**seat(event, b.black), "score": fmt(scores.get(b.black))},
                    "result": board_result(b.result, lang),
                    "code": b.result,
                    "red_points": pr,
                    "black_points": pb,
                    "hand": hand["marks"].get(b.board, ""),
                }
            )
        bye_points = fmt(event.settings.scoring.bye_points)
        byes = [
            {
                **seat(event, no),
                "score": fmt(scores.get(no)),
                "hand": hand["bye_marks"].get(no, ""),
                "points": bye_points,
            }
            for no in rnd.byes
        ]
        seats: list[tuple[int, Optional[int], Optional[str]]] = [(b.red, b.board, "R") for b in rnd.boards]
        seats += [(b.black, b.board, "B") for b in rnd.boards]
        seats += [(no, None, None) for no in rnd.byes]
        index = [
            {"no": no, "name": event.player(no).name, "board": board, "colour": colour}
            for no, board, colour in sorted(seats, key=lambda x: x[0])
        ]
        out.append(
            {
                "round": rnd.round,
                "boards": boards,
                "byes": byes,
                **specials(event, rnd),
                "finished": rnd.finished,
                "index": index,
                "hand_notes": hand["notes"],
                "engine": hand["engine"],
            }
        )
    return out


def _labels(event: Any, lang: str) -> dict[str, str]:
    if system_for(event.settings).follows_order_table:
        return dict(labels(lang, RR_LABELS_ZH, RR_LABELS_EN))
    return dict(labels(lang, LABELS_ZH, LABELS_EN))


def _bracket(event: Any, lang: str) -> list[dict]:
    br = build_bracket(event)
    t = Text(lang)
    stages = []
    for k, matches in enumerate(br.stages, start=1):
        rows = []
        for m in matches:
            games = [
                {"round": rnd, "red": b.red, "black": b.black, "result": board_result(b.result, lang)}
                for rnd, b in m.games
            ]
            rows.append(
                {
                    "top": seat(event, m.top) if m.top is not None else None,
                    "bottom": seat(event, m.bottom) if m.bottom is not None else None,
                    "winner": m.winner,
                    "games": games,
                }
            )
        stages.append({"name": stage_msg(k, br.stage_total).render(t.lang), "matches": rows})
    return stages


def _player_games(
    event: Any, rounds: list[dict], by_no: dict, lang: str, stage: Optional[str] = None
) -> dict[int, list[dict]]:
    """Every player's games and byes of ``rounds`` (the pages' rounds),
    the opponents' scores from ``by_no`` (the final standings rows);
    ``stage``: "ko" for the knockout stage of 积分晋圈淘汰."""
    games: dict[int, list[dict]] = {p.no: [] for p in event.players}
    for r in rounds:
        for b in r["boards"]:
            for me, opp, colour, pts in (
                (b["red"], b["black"], "R", b["red_points"]),
                (b["black"], b["red"], "B", b["black_points"]),
            ):
                games.setdefault(me["no"], []).append(
                    {
                        "round": r["round"],
                        "stage": stage,
                        "player": me["no"],
                        "board": b["board"],
                        "colour": colour,
                        "opponent": opp,
                        "opp_score": fmt(by_no.get(opp["no"], {}).get("score")),
                        "result": b["result"],
                        "own": own_result(b["code"], colour, lang),
                        "hand": b.get("hand", ""),
                        "points": pts,
                    }
                )
        for p in r["byes"]:
            games.setdefault(p["no"], []).append(
                {
                    "round": r["round"],
                    "stage": stage,
                    "bye": True,
                    "player": p["no"],
                    "points": p["points"],
                    "hand": p.get("hand", ""),
                }
            )
    return games


def _knockout_stage(swiss: Any, ko: Any, lang: str) -> dict:
    """The knockout stage of 积分晋圈淘汰 (``ko``: its event, the qualifiers
    under their Swiss 序号): its rounds, bracket, places and, once it is
    finished, the final order of both stages (``xlxq standings KO --with
    SWISS``'s)."""
    rounds = _individual_rounds(ko, lang, engine_proposals(ko))
    try:
        final: Optional[list[dict]] = report.combined_data(swiss, ko)["standings"]
    except InputError:  # not finished: no final order yet
        final = None
    places = report.standings_data(ko, None, lang)["standings"] if rounds else []
    return {
        "name": ko.settings.name,
        "system_label": system_label(ko.settings.system, lang, ko.settings.games_per_match),
        "rounds": rounds,
        "qualified": len(ko.players),
        "bracket": _bracket(ko, lang),
        "places": places,
        "final": final,
        "games": _player_games(ko, rounds, {}, lang, "ko"),
    }


def _individual(event: Any, lang: str, knockout: Any = None, proposals: Optional[dict] = None) -> dict:
    rounds = _individual_rounds(event, lang, proposals)
    played = [r["round"] for r in rounds]
    tables = started([{"round": n, **report.standings_data(event, n, lang)} for n in played])
    final = tables[-1]["standings"] if tables else []
    by_no = {row["no"]: row for row in final}
    system = system_for(event.settings)
    labels = _labels(event, lang)
    rank_order(event, tables, labels, lang)
    games = _player_games(event, rounds, by_no, lang)
    status_rows(event, rounds, games)
    ko = _knockout_stage(event, knockout, lang) if knockout is not None else None
    final_rank = {row["no"]: row["rank"] for row in (ko["final"] or [])} if ko is not None else {}
    if ko is not None:
        for no, ko_games in ko["games"].items():
            games.setdefault(no, []).extend(ko_games)
    shown = set(tables[-1]["columns"]) if tables else set()  # a player's tie-breaks: the standings' columns
    players = []
    for p in event.players:
        row = by_no.get(p.no, {})
        players.append(
            {
                "no": p.no,
                "name": p.name,
                "unit": p.unit,
                "withdrawn_from": p.withdrawn_from_round,
                "rating": fmt(p.rating),
                "rank": row.get("rank", row.get("place")),
                "score": fmt(row.get("score")),
                "tiebreaks": {k: fmt(v) for k, v in row.get("tiebreaks", {}).items() if k in shown},
                "final_rank": final_rank.get(p.no),
                "games": games[p.no],
            }
        )
    return {
        "kind": "individual",
        "system_label": system_label(event.settings.system, lang, event.settings.games_per_match),
        "round_robin": system.follows_order_table,
        "knockout": system.has_bracket,
        "rounds": rounds,
        "tables": tables,
        "labels": labels,
        "cross": report.cross_table_data(event, None) if system.follows_order_table and played else None,
        "grid": grid(event, rounds, tables[-1] if tables else None, lang) if system.pairs_by_score else None,
        "bracket": _bracket(event, lang) if system.has_bracket else None,
        "ko": ko,
        "players": players,
        "cross_names": {p.no: p.name for p in event.players},
        # 显示等级分 (issue 25 §3): the round and standings pages' 等级分 column; None: not shown
        "ratings": {p.no: event.rating_text(p.no) for p in event.players} if event.shows_rating else None,
    }


# --------------------------------------------------------------------------
# a team event
# --------------------------------------------------------------------------


# --------------------------------------------------------------------------
# the site
# --------------------------------------------------------------------------


def _rating(event: Any, options: RatingOptions, lang: str) -> dict:
    rows = event_rating_rows(event, options)
    return {
        "note": unofficial_note(lang),
        "k_table": k_table_text(options),
        "cap": fmt(options.cap),
        "rows": [
            {
                "no": r.no,
                "name": event.player(r.no).name,
                "old": fmt(r.old),
                "k": fmt(r.k),
                "games": len(r.games),
                "score": fmt(r.score),
                "expected": f"{r.expected:.2f}",
                "change": f"{r.change:+.1f}",
                "new": f"{r.new:.1f}",
            }
            for r in rows
        ],
    }


def _prizes(event: Any, lang: str) -> Optional[dict]:
    """The 获奖名单 (docs/prizes.md) of an individual event with a prize
    table, by its standings after the last round; None without one."""
    if is_team(event):
        return None
    if event.settings.prizes is None:
        return None
    from xlxq.core.prizes import conditions_text, prize_header, prize_rows  # the prize code: only with a prize table
    from xlxq.operations.prizes import awards_of

    awards = awards_of(event)
    if awards is None:
        return None
    after = len(event.rounds)
    rows = prize_rows(awards, {p.no: p for p in event.players}, lang)
    return {
        "header": prize_header(lang),
        "rows": [{"cells": ["" if v is None else str(v) for v in row], "no": row[2]} for row in rows],
        "rule": tr(lang, "prizes.double-yes" if awards.double else "prizes.double-no"),
        "ties": tr(lang, "prizes.ties"),
        "conditions": [{"name": a.prize.name, "text": conditions_text(a.prize, lang)} for a in awards.awards],
        "not_final": None if after >= int(event.settings.rounds) else tr(lang, "prizes.not-final", n=after),
    }


#: the event file the site includes (issue 26 §3: anyone re-runs ``xlxq audit`` on it)
EVENT_FILE = "event.json"
#: the knockout stage's file of a 积分晋圈淘汰, beside it
KO_FILE = "event-ko.json"


def event_file(event: Any, sources: Sequence[str | os.PathLike] = (), knockout: Any = None) -> dict[str, str]:
    """The event file(s) the site includes (name → text): a copy of the
    JSON file the event was read from (one JSON source, no knockout stage);
    else the event as ``xlxq convert`` saves it (a workbook's JSON export);
    the knockout stage of 积分晋圈淘汰 in :data:`KO_FILE`."""
    from xlxq.backends.json_file import dumps
    from xlxq.operations.source import is_workbook

    files = {}
    if knockout is None and len(sources) == 1 and not is_workbook(sources[0]):
        try:
            files[EVENT_FILE] = Path(sources[0]).read_bytes().decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):
            pass
    files.setdefault(EVENT_FILE, dumps(event))
    if knockout is not None:
        files[KO_FILE] = dumps(knockout)
    return files


def round_checks(event: Any, files: Sequence[str] = (EVENT_FILE,)) -> dict:
    """What the round pages show of the audit (issue 26 §3): each round's
    verdict (:func:`xlxq.operations.audit.site_audits`; None when ``audit``
    refuses the event: no mark) and its 编排记录 (the system's record, as
    ``xlxq explain`` prints it), and the event files the site includes."""
    from xlxq.operations.audit import site_audits

    system = system_for(event.settings)
    records = {}
    for rnd in event.rounds:
        try:
            records[rnd.round] = system.record(event, rnd.round)
        except (XlxqError, NotImplementedError):
            continue
    return {"audits": site_audits(event), "records": records, "files": list(files)}


def _user_texts(event: Any) -> Optional["re.Pattern[str]"]:
    """A pattern of every text a user typed that a 编排记录 line may hold
    (the event's name, the players' names and units), longest first."""
    texts = {event.settings.name or ""} | {p.name for p in event.players} | {p.unit or "" for p in event.players}
    texts.discard("")
    if not texts:
        return None
    return re.compile("|".join(re.escape(x) for x in sorted(texts, key=len, reverse=True)))


def _segments(text: str, users: Optional["re.Pattern[str]"]) -> list[tuple[str, bool]]:
    """``text`` cut into (piece, typed by a user) pieces: the page isolates
    each typed piece (``<bdi>``), so a name holding U+202E reverses only
    itself, never the record line it sits in."""
    if users is None or not text:
        return [(text, False)]
    out: list[tuple[str, bool]] = []
    at = 0
    for m in users.finditer(text):
        if m.start() > at:
            out.append((text[at : m.start()], False))
        out.append((m.group(), True))
        at = m.end()
    if at < len(text):
        out.append((text[at:], False))
    return out


def _with_checks(event: Any, rounds: list[dict], checks: Optional[dict], lang: str) -> None:
    """Each round page's mark (``audit``: None when there is none; its
    lines as :func:`_segments`) and 编排记录 (``record``: its lines, as
    :func:`_segments`)."""
    from xlxq.core.record_text import record_lines
    from xlxq.operations.audit import mark_data

    audits = (checks or {}).get("audits") or {}
    records = (checks or {}).get("records") or {}
    users = _user_texts(event) if audits or records else None
    for r in rounds:
        a = audits.get(r["round"])
        r["audit"] = mark_data(a, event, lang) if a is not None else None
        if r["audit"] is not None:
            mark = r["audit"]
            mark["lines"] = [_segments(x, users) for x in mark["lines"] + [mark["step"], mark["error"]] if x]
        rec = records.get(r["round"])
        r["record"] = [_segments(x, users) for x in record_lines(rec, lang)] if rec is not None else []


def site_data(
    event: Any,
    lang: str,
    rating: Optional[RatingOptions] = None,
    knockout: Any = None,
    proposals: Optional[dict] = None,
    generated: Optional[str] = None,
    checks: Optional[dict] = None,
    ko_checks: Optional[dict] = None,
) -> dict:
    """Everything the pages of ``event`` show, in ``lang``; ``knockout``:
    the knockout stage of a 积分晋圈淘汰 Swiss (its event); ``proposals``:
    :func:`engine_proposals` of the event (made here when not given);
    ``generated``: the time the pages say they were made (:func:`generated_at`);
    ``checks`` (``ko_checks``: of the knockout stage): :func:`round_checks`,
    the audit marks and 编排记录 of the round pages and the 如何复核 page
    (none when not given: the 成绩册)."""
    if proposals is None:
        proposals = engine_proposals(event)
    body = team_site(event, lang) if is_team(event) else _individual(event, lang, knockout, proposals)
    _with_checks(event, body["rounds"], checks, lang)
    if body.get("ko"):
        _with_checks(knockout, body["ko"]["rounds"], ko_checks, lang)
    audits = (checks or {}).get("audits")
    body["audit"] = {
        "files": (checks or {}).get("files", []),
        "available": audits is not None,
        "rounds": [{"round": r["round"], "mark": r["audit"]} for r in body["rounds"] if r["audit"] is not None],
    }
    s = event.settings
    body.update(
        {
            "lang": lang,
            "name": s.name or Text(lang)("publish.xiangqi-event"),
            "system": s.system,
            "planned_rounds": s.rounds,
            "generated": generated,
            "rating": _rating(event, rating, lang) if rating is not None else None,
            "prizes": _prizes(event, lang),
        }
    )
    body["latest"] = body["tables"][-1]["round"] if body["tables"] else None
    for pl in body["players"]:
        pl["rating_row"] = None
    if body["rating"] is not None:
        by_no = {r["no"]: r for r in body["rating"]["rows"]}
        for pl in body["players"]:
            pl["rating_row"] = by_no.get(pl["no"])
    return body


def _langs(lang: str) -> list[str]:
    if lang in ("both", "all"):
        return ["zh", "en"] if lang == "both" else list(LANGS)  # all: every registered language
    return [Text(lang).lang]


def publish_event(
    event: Any,
    outdir: str | os.PathLike,
    lang: str,
    url: Optional[str] = None,
    rating: Optional[RatingOptions] = None,
    knockout: Any = None,
    sources: Sequence[str | os.PathLike] = (),
) -> Outcome:
    """Write the site of ``event`` into ``outdir`` (xlxq's own files
    replaced, never half-written; refused when the folder holds other files:
    :func:`xlxq.presentation.publish.render.write_site`); ``lang``: zh, en
    or both (zh at the top, en in ``en/``, a switch on every page);
    ``url``: the site's address, for a QR code on the index and the
    编排记录公告 page; ``rating``: the unofficial 等级分 page; ``knockout``:
    the knockout stage of a 积分晋圈淘汰 Swiss (its event: the bracket, its
    rounds, the final order, the players' knockout games); ``sources``: the
    files the event was read from (never inside the folder).  Without
    ``url``, the event's 网站地址 (设置, JSON ``event.site_url``) when set."""
    from xlxq.presentation.publish.render import check_url, write_site  # Jinja2, segno: only when publishing

    if url is None:
        url = event.settings.info.site_url or None
    check_url(url)
    proposals = engine_proposals(event)  # once for both languages
    stamp = generated_at()
    files = event_file(event, sources, knockout)
    checks = round_checks(event, list(files))
    ko_checks = round_checks(knockout, list(files)) if knockout is not None else None
    sites = {
        code: site_data(event, code, rating, knockout, proposals, stamp, checks, ko_checks) for code in _langs(lang)
    }
    out = Path(outdir)
    pages = write_site(sites, out, url, sources, files)

    def render(lang: str) -> list[str]:
        t = Text(lang)
        return [
            t(
                "publish.web-pages-written-to-pages-open-index",
                out=out,
                pages=pages,
            ),
            qr_line(url, lang),
        ]

    return Outcome(render=render)


def with_stage(path: str, event: Any, knockout: Any, other: Optional[str]) -> tuple[Any, Any]:
    """(the Swiss, its knockout stage) to publish: ``event`` read from
    ``path`` and ``knockout`` its workbook's knockout stage (or None);
    ``other`` (``--with``): the other JSON file of a 积分晋圈淘汰 (the
    knockout file with the Swiss, or the Swiss with the knockout), checked
    as ``xlxq standings KO --with SWISS`` checks it."""
    if other is None:
        return event, knockout
    from xlxq.operations.source import is_workbook, load
    from xlxq.operations.standings import check_with_swiss  # lazy: the team tables (module text)

    if is_workbook(path) or is_workbook(other):
        raise InputError(
            Msg("publish.with-is-for-the-two-json-files-of-a"),
        )
    second = load(other)
    kinds = [not is_team(x) and system_for(x.settings).has_bracket for x in (event, second)]
    if kinds == [True, False]:
        check_with_swiss(event, second, other)
        return second, event
    if kinds == [False, True]:
        check_with_swiss(second, event, path)
        return event, second
    raise InputError(
        Msg("publish.with-of-the-two-files-of-a-qualifying", other=other),
    )


def qr_line(url: Optional[str], lang: str, button: bool = False) -> str:
    """What the message says of the QR code: where it points, or how to
    have one (``--url``; the button has no URL: the command line's)."""
    t = Text(lang)
    if url:
        return t(
            "publish.the-qr-code-on-the-index-and-the-notice",
            url=url,
        )
    if button:
        return t(
            "publish.for-a-qr-code-on-the-pairing-notice-run",
        )
    return t(
        "publish.for-a-qr-code-on-the-pairing-notice",
    )


def site_folder(workbook: str | os.PathLike, lang: str) -> Path:
    """The button's folder: beside the workbook, named after it
    (``赛事-网页``, ``event-web``)."""
    wb = Path(workbook)
    return wb.with_name(wb.stem + Text(lang)("publish.web"))


def publish_book(book: Any, workbook: str | os.PathLike, lang: str) -> Any:
    """发布网页 (the button): the site of the workbook ``book`` (any
    ``Book``; ``workbook`` its file name) into :func:`site_folder`, in
    ``lang``, with the 等级分 page when 设置 asks for the report; the
    workbook is read, not written.  A Status."""
    from xlxq.operations.team_workbook import is_team_workbook

    data = sheets_data(book, is_team_workbook(book), Path(workbook).name)
    folder = site_folder(workbook, lang)
    ko = data.ko.event if getattr(data, "ko", None) is not None else None
    out = publish_event(
        data.event, folder, lang, rating=report_options(data.event.settings), knockout=ko, sources=[workbook]
    )
    index = folder / "index.html"
    url = data.event.settings.info.site_url or None  # 设置 网站地址
    written = Lazy(lambda lang: out.lines(lang)[0])
    qr = Lazy(lambda lang: qr_line(url, lang, button=True))
    return Status(True, msg=status_line(written, f"\n{index}\n", qr))
