"""``xlxq report FILE [--pdf]`` and the button 成绩册: the final results
booklet of an event (individual or team, every system) as one
:class:`~xlxq.core.document.Document`, rendered as a workbook
(``赛事-成绩册.xlsx``) or as one PDF with its Chinese font embedded
(:mod:`xlxq.presentation.booklet`).

The numbers are the ones the CLI prints and the web pages show: the
document is built from :func:`xlxq.operations.publish.site_data` (the
standings after each round of :mod:`xlxq.presentation.report`, the cross table, the
knockout bracket, the team tables and 台次成绩, the round sheets' scores,
the unofficial 等级分), nothing is recomputed here.  :func:`booklet_document`
is pure; :func:`booklet_event` and :func:`booklet_book` write the file.

Lazy imports: the renderers (openpyxl for the workbook, fpdf2 for the PDF)
are imported in :func:`write_booklet` only (start-up time: the buttons
import this module), the workbook reader in :func:`booklet_book`.
"""

from __future__ import annotations

import datetime
import os
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional, Sequence

from xlxq.core.document import Block, Cover, Document, Paragraph, Section, Table
from xlxq.core.model import FORFEITS
from xlxq.core.rating import RatingOptions, report_options
from xlxq.i18n import Text
from xlxq.operations.booklet_tables import by_round_table, num, order_note, running_scores
from xlxq.operations.booklet_team import team_sections
from xlxq.operations.event_read import book_groups, sheets_data
from xlxq.operations.publish import site_data
from xlxq.operations.result import Outcome
from xlxq.operations.site_reading import build_time, generated_at
from xlxq.operations.source import is_team
from xlxq.sheets.problems import Status
from xlxq.text import fmt as _fmt
from xlxq.i18n import Lazy, Msg, chinese_forms, tr

__all__ = [
    "booklet_document",
    "groups_document",
    "booklet_path",
    "booklet_event",
    "booklet_book",
    "write_booklet",
    "lacking_lines",
]


def _wdl(mine: str, theirs: str, lang: str) -> str:
    """The result of a game for one side: 胜/和/负 (+/=/−), blank while open."""
    if mine == "" or theirs == "":
        return ""
    t = Text(lang)
    a, b = num(mine), num(theirs)
    return t("booklet.text") if a > b else t("booklet.text-2") if a < b else t("booklet.text-3")


def _colour(c: str, lang: str) -> str:
    """红/黑 (R/B): the side played, after the opponent's number."""
    return Text(lang)("booklet.red-side" if c == "R" else "booklet.black-side")


# --------------------------------------------------------------------------
# the individual sections
# --------------------------------------------------------------------------


def _with_rating(table: Table, site: dict, cols: Sequence[tuple[int, int]], lang: str) -> Table:
    """``table`` with a 等级分 column (显示等级分, issue 25 §3) after each
    ``(after, no_at)`` of ``cols`` (the name column, the 序号 column whose
    player it is; given right to left), unrated blank; as it was when the
    event shows no rating."""
    ratings = site.get("ratings")
    if not ratings:
        return table
    header, rows, numeric = list(table.header), [list(r) for r in table.rows], list(table.numeric)
    for after, no_at in cols:
        header.insert(after + 1, Text(lang)("booklet.rating"))
        numeric.insert(after + 1, True)
        for r in rows:
            no = r[no_at]
            r.insert(after + 1, ratings.get(int(no), "") if str(no).isdigit() else "")
    return replace(table, header=tuple(header), rows=tuple(map(tuple, rows)), numeric=tuple(numeric))


def _standings(event: Any, site: dict, lang: str) -> Table:
    t = Text(lang)
    final = site["tables"][-1] if site["tables"] else {"standings": []}
    rows = final["standings"]
    unit = {p.no: p.unit for p in event.players}
    title = t("booklet.standings", system_label=site["system_label"])
    if site["knockout"]:
        header = t("booklet.place-no-name-unit-seeding-result").split()
        body = []
        for r in rows:
            place = str(r["place"]) if r["place_to"] in (None, r["place"]) else f"{r['place']}-{r['place_to']}"
            out = (
                t("booklet.champion")
                if r["no"] == final.get("champion")
                else (t("booklet.lost-in-the", out_name=r["stage_out_name"]) if r["stage_out_name"] else "")
            )
            body.append((place, str(r["no"]), r["name"], unit[r["no"]], _fmt(r["seed_rank"]), out))
        return Table(title, tuple(header), tuple(body), (True, True, False, False, True, False), keep=3)
    labels = site["labels"]
    if site["round_robin"]:
        keys = list(final.get("tiebreak_order", []))
        score = labels["match_points" if final.get("score") == "match_points" else "score"]
    else:
        from xlxq.core.standings import resolve_tiebreaks

        keys = resolve_tiebreaks(event.settings.tiebreaks)
        score = labels["score"]
    order = order_note([score, *(labels.get(k, k) for k in keys)], lang)
    keys = [k for k in keys if rows and k in rows[0]["tiebreaks"]]
    out_col = any("eliminated_after" in r for r in rows)
    header = [*t("booklet.rank-no-name-unit").split(), score, *(labels.get(k, k) for k in keys)]
    if out_col:
        header.append(t("booklet.out"))
    body = []
    for r in rows:
        name = r["name"]
        if r.get("annulled"):
            name += t("booklet.withdrawn-annulled")
        elif r.get("withdrawn") or (event.player(r["no"]).withdrawn_from_round is not None):
            name += t("booklet.withdrawn")
        cells = [_fmt(r["rank"]) or "—", str(r["no"]), name, unit[r["no"]], _fmt(r["score"])]
        cells += [_fmt(r["tiebreaks"].get(k)) for k in keys]
        if out_col:
            after = r.get("eliminated_after")
            cells.append(t("booklet.after-r", after=after) if after else "")
        body.append(tuple(cells))
    note = order
    if "direct" in keys:
        note += t("booklet.direct-encounter-blank-not-used")
    numeric = (True, True, False, False, True, *([True] * len(keys)), *([False] if out_col else []))
    return _with_rating(Table(title, tuple(header), tuple(body), numeric, keep=3, note=note), site, [(2, 1)], lang)


def _results(event: Any, site: dict, lang: str) -> Table:
    """成绩表: each player's opponent, colour and result per round, and his
    score after it."""
    t = Text(lang)
    running = running_scores(site)
    cells: dict[int, dict[int, str]] = {p.no: {} for p in event.players}
    for rnd in site["rounds"]:
        n = rnd["round"]
        after = running.get(n, {})
        for b in rnd["boards"]:
            for me, opp, c, mine, theirs in (
                (b["red"], b["black"], "R", b["red_points"], b["black_points"]),
                (b["black"], b["red"], "B", b["black_points"], b["red_points"]),
            ):
                text = f"{opp['no']}{_colour(c, lang)}{_wdl(mine, theirs, lang)}"
                if b.get("code") in FORFEITS:  # 弃权: marked, as the round's result says
                    text += t("publish.forfeit-suffix")
                if me["no"] in after:
                    text += f" {after[me['no']]}"
                cells[me["no"]][n] = text
        for p in rnd["byes"]:
            cells[p["no"]][n] = t("booklet.bye-2") + (f" {after[p['no']]}" if p["no"] in after else "")
        for key, mark in (("absent", "booklet.mark-absent"), ("withdrawn", "booklet.mark-withdrawn")):
            for p in rnd.get(key, []):
                cells[p["no"]][n] = t(mark) + (f" {after[p['no']]}" if p["no"] in after else "")
    special = _before_entry(site, cells)
    note = t(
        "booklet.each-cell-opponents-number-colour-r-red",
    )
    if site["knockout"]:
        note = t("booklet.each-cell-opponents-number-colour-result")
    if special:
        note += t("booklet.legend-special-cells")
    heads = t("booklet.rank-no-name").split()
    return by_round_table(event, site, cells, heads, t("booklet.round-by-round-results"), note, lang)


def _before_entry(site: dict, cells: dict[int, dict[int, str]]) -> bool:
    """The cells of the rounds before a player's late entry marked — (an
    empty cell reads as a missing result); whether the table has a special
    cell at all (请假, 退赛, —): then its note carries the legend."""
    rounds = [r["round"] for r in site["rounds"]]
    special = any(r.get("absent") or r.get("withdrawn") for r in site["rounds"])
    late = {p["no"] for r in site["rounds"] for p in r.get("late", [])}
    for no in late:
        for n in rounds:
            if n in cells[no]:
                break
            cells[no][n] = Text(site["lang"])("booklet.mark-not-entered")
            special = True
    return special


def _cross(event: Any, site: dict, lang: str) -> Table:
    t = Text(lang)
    cross = site["cross"]
    nos = cross["players"]
    header = (*t("booklet.no-name").split(), *(str(n) for n in nos), site["labels"]["score"], t("booklet.rank"))
    body = []
    for a in nos:
        row = cross["cross"][str(a)]
        cells = ["×" if a == b else " ".join(_fmt(x) for x in row.get(str(b), [])) for b in nos]
        body.append((str(a), event.player(a).name, *cells, _fmt(cross["score"][str(a)]), _fmt(cross["rank"][str(a)])))
    return Table(t("booklet.cross-table"), header, tuple(body), (True, False, *([True] * (len(nos) + 2))), keep=2)


def _bracket(site: dict, lang: str) -> list[Block]:
    t = Text(lang)
    out: list[Block] = []
    for stage in site["bracket"]:
        header = (
            t("booklet.top"),
            t("booklet.bottom"),
            t("booklet.games-round-red-black-result"),
            t("booklet.winner"),
        )
        body = []
        for m in stage["matches"]:
            top = f"{m['top']['no']} {m['top']['name']}" if m["top"] else t("booklet.bye-2")
            bottom = f"{m['bottom']['no']} {m['bottom']['name']}" if m["bottom"] else t("booklet.bye-2")
            games = "; ".join(f"{g['round']}: {g['red']}-{g['black']} {g['result']}".strip() for g in m["games"])
            body.append((top, bottom, games, _fmt(m["winner"])))
        out.append(Table(stage["name"], header, tuple(body), (False, False, False, True)))
    return out


def _round_table(event: Any, rnd: dict, lang: str, site: Optional[dict] = None) -> list[Block]:
    t = Text(lang)
    header = t("booklet.board-no-red-unit-score-result-no-black").split()
    body = tuple(
        (
            str(b["board"]),
            str(b["red"]["no"]),
            b["red"]["name"],
            b["red"]["unit"],
            b["red"]["score"],
            b["result"],
            str(b["black"]["no"]),
            b["black"]["name"],
            b["black"]["unit"],
            b["black"]["score"],
        )
        for b in rnd["boards"]
    )
    numeric = (True, True, False, False, True, False, True, False, False, True)
    table = Table(t("booklet.round-pairings-and-results", rnd_round=rnd["round"]), tuple(header), body, numeric)
    blocks: list[Block] = [_with_rating(table, site or {}, [(7, 6), (2, 1)], lang)]
    if rnd["byes"]:
        names = t("record_text.text-3").join(f"{p['no']} {p['name']}" for p in rnd["byes"])
        blocks.append(Paragraph(t("booklet.bye-3", names=names)))
    blocks += _special_lines(rnd, lang)
    if rnd.get("engine"):
        blocks += _engine_blocks(rnd, lang)
    return blocks


def _special_lines(rnd: dict, lang: str) -> list[Block]:
    """Under a round's table, as the site's round page: 请假, 退赛 (from
    which round), 迟到入场, 弃权 (the boards)."""
    t = Text(lang)
    sep = t("record_text.text-3")
    out: list[Block] = []
    if rnd.get("absent"):
        out.append(Paragraph(t("booklet.absent-list", names=sep.join(f"{p['no']} {p['name']}" for p in rnd["absent"]))))
    if rnd.get("withdrawn"):
        names = sep.join(
            t("booklet.withdrawn-from", name=f"{p['no']} {p['name']}", n=p["from"]) for p in rnd["withdrawn"]
        )
        out.append(Paragraph(t("booklet.withdrawn-list", names=names)))
    if rnd.get("late"):
        out.append(Paragraph(t("booklet.late-list", names=sep.join(f"{p['no']} {p['name']}" for p in rnd["late"]))))
    if rnd.get("forfeits"):
        boards = sep.join(t("site.board-n", n=n) for n in rnd["forfeits"])
        out.append(Paragraph(t("booklet.forfeit-list", boards=boards)))
    return out


def _engine_blocks(rnd: dict, lang: str) -> list[Block]:
    """A round changed by hand: each board and bye changed, marked 人工调整
    (the table above is the round as played), then the engine's pairing."""
    t = Text(lang)
    lines = [t("booklet.board", b_board=b["board"], b_hand=b["hand"]) for b in rnd["boards"] if b["hand"]]
    lines += [t("booklet.bye", p_no=p["no"], p_hand=p["hand"]) for p in rnd["byes"] if p["hand"]]
    lines += rnd["hand_notes"]
    engine = rnd["engine"]
    body = tuple(
        (str(b["board"]), str(b["red"]["no"]), b["red"]["name"], str(b["black"]["no"]), b["black"]["name"])
        for b in engine["boards"]
    )
    out: list[Block] = [Paragraph(line) for line in lines]
    out.append(
        Table(
            t(
                "booklet.round-the-engines-pairing-the-round-was",
                rnd_round=rnd["round"],
            ),
            tuple(t("booklet.board-no-red-no-black").split()),
            body,
            (True, True, False, True, False),
        )
    )
    if engine["byes"]:
        names = t("record_text.text-3").join(f"{p['no']} {p['name']}" for p in engine["byes"])
        out.append(Paragraph(t("booklet.the-engines-bye", names=names)))
    return out


def _rating(site: dict, lang: str) -> Section:
    t = Text(lang)
    r = site["rating"]
    header = t("booklet.no-name-old-k-games-score-expected").split()
    body = tuple(
        (str(x["no"]), x["name"], x["old"], x["k"], str(x["games"]), x["score"], x["expected"], x["change"], x["new"])
        for x in r["rows"]
    )
    table = Table(t("booklet.rating-estimate-unofficial"), tuple(header), body, (True, False, *[True] * 7), 2)
    text = t("booklet.k-table-difference-cap", k_table=r["k_table"], r_cap=r["cap"])
    return Section(table.title, t("booklet.rating"), (Paragraph(r["note"]), Paragraph(text), table))


def _prizes(site: dict, lang: str) -> Section:
    """The 获奖名单 (docs/prizes.md): the winners, the 兼得 and tie rules, each condition."""
    t = Text(lang)
    pz = site["prizes"]
    body = tuple(tuple(r["cells"]) for r in pz["rows"])
    table = Table(t("prizes.title"), tuple(pz["header"]), body, (False, True, True, False, False, True), 0)
    notes = [pz["not_final"]] if pz["not_final"] else []
    notes += [pz["rule"], pz["ties"]]
    notes += [t("prizes.condition-line", name=c["name"], condition=c["text"]).strip() for c in pz["conditions"]]
    return Section(table.title, t("prizes.title"), (table, *(Paragraph(n) for n in notes)))


def _individual(event: Any, site: dict, lang: str) -> list[Section]:
    t = Text(lang)
    sections = [Section(t("booklet.standings-2"), t("booklet.standings-2"), (_standings(event, site, lang),))]
    if site["rounds"]:
        res = _results(event, site, lang)
        sections.append(Section(res.title, t("booklet.results"), (res,)))
    if site["cross"]:
        sections.append(Section(t("booklet.cross-table"), t("booklet.cross-table"), (_cross(event, site, lang),)))
    if site["bracket"]:
        sections.append(Section(t("booklet.knockout-bracket"), t("booklet.bracket"), tuple(_bracket(site, lang))))
    for k, rnd in enumerate(site["rounds"]):
        name = t("booklet.round", rnd_round=rnd["round"])
        sections.append(Section(name, name, tuple(_round_table(event, rnd, lang, site)), flow=k > 0))
    return sections


# --------------------------------------------------------------------------
# the document
# --------------------------------------------------------------------------


def _cover(event: Any, site: dict, lang: str) -> Cover:
    t = Text(lang)
    s = event.settings
    played = len(event.rounds)
    facts = [(t("booklet.system"), site["system_label"])]
    info = getattr(s, "info", None)
    for attr, zh, en in (
        ("organizer", "主办单位", "Organizer"),
        ("venue", "比赛地点", "Venue"),
        ("date", "比赛日期", "Dates"),
    ):
        value = getattr(info, attr, "") if info is not None else ""
        if value:
            facts.append((t(zh, en), value))
    rounds = t("booklet.played", played=played) + (t("booklet.of", rounds=s.rounds) if s.rounds != played else "")
    facts.append((t("booklet.rounds"), rounds))
    if is_team(event):
        facts.append(
            (
                t("booklet.teams"),
                t(
                    "booklet.teams-players",
                    n=len(event.teams),
                    n2=len(event.players),
                ),
            )
        )
    else:
        facts.append((t("booklet.players"), t("booklet.n", n=len(event.players))))
    signatures = []
    for attr, id in (("chief_arbiter", "booklet.chief-arbiter"), ("pairing_officer", "booklet.pairing-officer")):
        value = getattr(info, attr)
        signatures.append(t(id) + (t("booklet.value", value=value) if value else ""))
    return Cover(t("booklet.results-booklet"), site["name"], tuple(facts), tuple(signatures))


def booklet_document(
    event: Any, lang: str, rating: Optional[RatingOptions] = None, when: Optional[datetime.datetime] = None
) -> Document:
    """The 成绩册 of ``event`` in ``lang``; ``rating``: the unofficial
    等级分 section (the event asks for it: 设置's 等级分报告, ``--rating``);
    ``when``: the time it says it was made (更新于 …; None: now, or
    ``SOURCE_DATE_EPOCH``, :func:`~xlxq.operations.site_reading.build_time`)."""
    lang = Text(lang).lang
    when = when or build_time()
    site = site_data(event, lang, rating)
    sections = team_sections(event, site, lang) if is_team(event) else _individual(event, site, lang)
    if site["rating"] is not None:
        sections.append(_rating(site, lang))
    if site.get("prizes") is not None:
        sections.append(_prizes(site, lang))
    return Document(site["name"], lang, _cover(event, site, lang), tuple(sections), generated_at(when), created=when)


def groups_document(groups: list[tuple[str, Any]], lang: str, rating: Optional[RatingOptions] = None) -> Document:
    """The one 成绩册 of an event with groups (组别): each group's booklet
    (:func:`booklet_document`) as its sections, in registration order, their
    titles, tables and sheets headed by the group (``男子组 名次表``, ``Women Round 1``:
    a group's name is at most 10 characters, so a sheet name fits Excel's
    31), each group starting a page; one cover: the event, its groups and
    their players."""
    t = Text(lang)
    when = build_time()  # one time for every group
    docs = [(g, booklet_document(event, lang, rating, when)) for g, event in groups]
    sections: list[Section] = []
    for g, doc in docs:
        for k, s in enumerate(doc.sections):
            blocks = tuple(replace(b, title=f"{g} {b.title}") if isinstance(b, Table) else b for b in s.blocks)
            sections.append(
                replace(s, title=f"{g} {s.title}", sheet=f"{g} {s.sheet}", blocks=blocks, flow=s.flow and k > 0)
            )
    first_group, first = docs[0]
    # the event's name: a workbook's group sees "名称 组别" (its titles name it)
    name = first.name[: -len(first_group) - 1] if first.name.endswith(f" {first_group}") else first.name
    players = t("booklet.players")
    facts = [f for f in first.cover.facts if f[0] != players]
    counts = [(g, len(event.players)) for g, event in groups]
    facts.append((t("booklet.groups"), t("record_text.text-3").join(g for g, _ in counts)))
    facts.append(
        (
            players,
            t(
                "，".join(f"{g}{n}名" for g, n in counts) + f"，共{sum(n for _, n in counts)}名",
                ", ".join(f"{g} {n}" for g, n in counts) + f"; {sum(n for _, n in counts)} in all",
            ),
        )
    )
    cover = replace(first.cover, event=name, facts=tuple(facts))
    return Document(name, first.lang, cover, tuple(sections), first.generated, created=when)


# --------------------------------------------------------------------------
# the files
# --------------------------------------------------------------------------


def booklet_path(source: str | os.PathLike, lang: str, pdf: bool) -> Path:
    """Beside the event: ``赛事-成绩册.xlsx`` (``.pdf``; ``event-booklet`` in English)."""
    src = Path(source)
    return src.with_name(src.stem + Text(lang)("booklet.booklet") + (".pdf" if pdf else ".xlsx"))


def write_booklet(doc: Document, out: Path, pdf: bool, font: Any = None) -> tuple[int, frozenset[str]]:
    """Render ``doc`` into ``out`` (written whole or not at all); ``font``:
    the PDF's (a font file, a :class:`~xlxq.presentation.booklet.fonts.CjkFont`, None:
    found); the pages (PDF) or sheets (workbook) written, and the
    characters the PDF's fonts lack (printed blank: :func:`lacking_lines`)."""
    if pdf:
        from xlxq.presentation.booklet.pdf import write_pdf

        done = write_pdf(doc, out, font)
        return done.pages, done.missing
    from xlxq.presentation.booklet.xlsx import write_xlsx

    return write_xlsx(doc, out), frozenset()


def lacking_lines(event: Any, missing: frozenset[str]) -> list[Msg]:
    """The warning when the PDF's fonts lack characters of the booklet (an
    emoji, 𠀀, 𪚥 …: printed blank, a name of only such characters a blank
    cell): the characters, and the players and teams whose name or club has
    them (issue 21 §2.7)."""
    if not missing:
        return []
    chars = [Msg("booklet.char-code", c=c, code=f"{ord(c):04X}") for c in sorted(missing)]
    who: list[Msg] = []
    for e in [*getattr(event, "players", ()), *getattr(event, "teams", ())]:
        if any(c in missing for c in f"{e.name}{getattr(e, 'unit', '') or ''}"):
            who.append(Msg("booklet.no", no=e.no, name=e.name))
    if any(c in missing for c in event.settings.name or ""):
        who.append(Msg("booklet.the-event-name"))
    shown = who[:12]
    where: Any = ""
    if who:
        # 等N处 counts them all; " and M more" the ones not listed
        more = Lazy(
            lambda lang: (
                ""
                if len(who) == len(shown)
                else tr(lang, "booklet.places-in-all", total=len(who))
                if chinese_forms(lang)
                else tr(lang, "booklet.and-more", more=len(who) - len(shown))
            )
        )
        where = Msg("booklet.lacking-where", who=_joined(shown, "common.list-sep"), more=more)
    return [Msg("booklet.fonts-lack-these-characters", chars=_joined(chars, "booklet.chars-sep"), where=where)]


def _joined(items: list[Msg], sep: str) -> Lazy:
    return Lazy(lambda lang: tr(lang, sep).join(m.render(lang) for m in items))


def _lacking(event: Any, groups: Optional[list[tuple[str, Any]]], missing: frozenset[str]) -> list[Msg]:
    """:func:`lacking_lines` of ``event``, or of each group, headed by it."""
    if groups is None:
        return lacking_lines(event, missing)
    out = []
    for g, ev in groups:
        out += [Msg("booklet.g-zh", g=g, zh=m) for m in lacking_lines(ev, missing)]
    return out


def _done(out: Path, pdf: bool, count: int) -> Msg:
    if pdf:
        return Msg("booklet.booklet-written-to-pdf-pages", out=out, count=count)
    return Msg("booklet.booklet-written-to-sheets", out=out, count=count)


def booklet_event(
    event: Any,
    out: str | os.PathLike,
    lang: str,
    pdf: bool = False,
    font: Optional[str] = None,
    rating: Optional[RatingOptions] = None,
    groups: Optional[list[tuple[str, Any]]] = None,
) -> Outcome:
    """Write the 成绩册 of ``event`` into ``out`` (a workbook, or a PDF);
    ``groups`` instead of ``event``: an event with groups (组别), (group,
    event) each, in one booklet (:func:`groups_document`)."""
    doc = booklet_document(event, lang, rating) if groups is None else groups_document(groups, lang, rating)
    path = Path(out)
    count, missing = write_booklet(doc, path, pdf, font)
    lines = [_done(path, pdf, count), *_lacking(event, groups, missing)]
    return Outcome(render=lambda lang: [m.render(lang) for m in lines])


def booklet_book(book: Any, workbook: str | os.PathLike, lang: str, font: Optional[str] = None) -> Any:
    """成绩册 (the button): the workbook and the PDF beside the workbook
    ``book`` (any ``Book``; ``workbook`` its file name), in ``lang``, with the
    等级分 section when 设置 asks for it; the workbook is read, not written.
    The PDF's font is found first, so that nothing is written without it.
    A Status."""
    from xlxq.presentation.booklet.fonts import find_font
    from xlxq.operations.team_workbook import is_team_workbook

    team, name = is_team_workbook(book), Path(workbook).name
    groups = book_groups(book, team, name)  # 组别: one booklet, a part per group
    event: Any = sheets_data(book, team, name).event if groups is None else None
    face = find_font(font)
    settings = (event if groups is None else groups[0][1]).settings
    rating = report_options(settings)
    doc = booklet_document(event, lang, rating) if groups is None else groups_document(groups, lang, rating)
    lines: list[Msg] = []
    for pdf in (False, True):
        path = booklet_path(workbook, lang, pdf)
        count, missing = write_booklet(doc, path, pdf, face)
        lines += [_done(path, pdf, count), *_lacking(event, groups, missing)]
    text = Lazy(lambda lang: "\n".join(m.render(lang) for m in lines))
    return Status(True, msg=Msg("workbook_common.line", line=text))
