"""Operations on an event workbook, shared by every backend.

Each operation reads every sheet once (:func:`xlxq.sheets.read.read_workbook`),
computes with the pure core, builds ONE :class:`~xlxq.sheets.plan.WritePlan`
and returns it in its :class:`~xlxq.sheets.problems.Status` (``plan``); the
caller applies it (:func:`xlxq.operations.book.run_op`, through
:func:`xlxq.operations.workbook_common.apply_status`).  Unusable data raises
:class:`~xlxq.errors.InputError` (or ``PairingImpossible``) before a plan is
made, so the workbook is left as it was.

- :func:`pair_next_round` (编排下一轮)   - :func:`recompute` (计算成绩)
- :func:`explain` (编排记录)             - :func:`check` (检查, writes nothing)
- :func:`schedule_round_robin` (生成循环赛对阵) - :func:`qualify_knockout` (晋圈, 积分晋圈淘汰)
- :func:`create_event_workbook`, :func:`demo`; :func:`dispatch`: which operations a book needs

``book`` is anything implementing :class:`xlxq.sheets.plan.Book`: an
:class:`xlxq.backends.openpyxl_book.OpenpyxlBook` for a file, or an xlwings
book adapter inside Excel.

Lazy imports: :mod:`xlxq.operations.team_workbook` (and the team modules under it) only
for a team workbook (start-up time of an individual event's commands).
"""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Iterable, Optional

from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.backends.registration import read_registration
from xlxq.core.combined import build_knockout, eliminated
from xlxq.core.knockout import build_bracket, stage_name
from xlxq.core.model import Event, EventSettings, Player, validate_event
from xlxq.core.standings import table_round
from xlxq.errors import InputError
from xlxq.operations.pending import require_results
from xlxq.presentation.report import book_pairing_text, book_standings_text
from xlxq.resources import sample_file
from xlxq.sheets import layout as L
from xlxq.sheets.team_layout import is_team_book
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import Table
from xlxq.sheets.data import KOStage, QualifiersSheet, WorkbookOptions
from xlxq.sheets.formats import ko_round_label, ko_rule_problems, round_scores, rr_round_label, write_qualifiers
from xlxq.sheets.plan import Book
from xlxq.sheets.problems import BLOCKING, Status, locate
from xlxq.sheets.read import read_workbook
from xlxq.sheets.refresh import refresh
from xlxq.sheets.script import HANT, lang_is_hant
from xlxq.sheets.round_problems import engine_differences
from xlxq.sheets.rules import rule_problems
from xlxq.sheets.state import Sig
from xlxq.sheets.templates import plan_fill_template, plan_new_workbook
from xlxq.core import records
from xlxq.core.steps import Record
from xlxq.sheets.write_log import played_patch, read_log_blocks, write_log, write_log_blocks
from xlxq.sheets.write_rounds import add_round_sheet
from xlxq.sheets.write_standings import scores_kept
from xlxq.systems import get_system, pair_round, system_for, system_label
from xlxq.operations.workbook_common import (
    blocked_status,
    refuse_bad_cells,
    apply_status,
    check_status,
    demo_book_lang,
    demo_done,
    demo_name,
    demo_path,
    find_template,
    new_workbook,
    no_template,
    found_part,
    round1_parts,
    status_line,
    sorted_problems,
)
from xlxq.core.record_text import record_text
from xlxq.core.steps import swiss_record
from xlxq.i18n import Lazy, Msg, zh_only
from xlxq.i18n import tr as i18n_tr
from xlxq.text import joined

TEMPLATE_FILES = {
    ("zh", False): "xlxq-event-zh.xlsx",
    ("en", False): "xlxq-event-en.xlsx",
    ("zh", True): "xlxq-event-zh.xlsm",
    ("en", True): "xlxq-event-en.xlsm",
}
SAMPLE_REGISTRATION = "registration.csv"  # in samples/

__all__ = [
    "Status",
    "pair_next_round",
    "recheck",
    "recompute",
    "explain",
    "check",
    "schedule_round_robin",
    "qualify_knockout",
    "create_event_workbook",
    "demo",
    "dispatch",
    "template_path",
    "WorkbookOptions",
]


def _blocked(data) -> Status:
    """Unusable rounds or bad cells: write only the highlights and notes,
    then report (:func:`xlxq.operations.workbook_common.blocked_status`)."""
    return blocked_status(data, refresh)


def _read_usable(book: Book) -> tuple[Any, Optional[Status]]:
    """The workbook read, its bad cells refused (:func:`refuse_bad_cells`),
    and the status to return when its data cannot be used (None: go on)."""
    data = read_workbook(book)
    refuse_bad_cells(data)
    return data, (_blocked(data) if data.blocking else None)


def _not_for(msg_id: str, settings: Any) -> InputError:
    """The refusal of an operation that is not for the event's system
    (``msg_id`` says so; the system named in the language shown)."""
    return InputError(Msg(msg_id, system=Lazy(lambda lang: system_label(settings.system, lang))))


# ==========================================================================
# operations
# ==========================================================================

_KEEP_CODES = ("unknown_setting", "numbered", "numbering", "unused_setting")


def recheck(data) -> None:
    """The rule problems again, after the program changed the rounds."""

    data.problems = [p for p in data.problems if p.code in _KEEP_CODES]
    data.problems += rule_problems(data, data.event)
    if data.ko is not None:
        data.problems += ko_rule_problems(data, data.ko.event, data.ko.rounds, data.ko.bracket)
    locate(data)


def _raise_rounds(event: Event) -> Event:
    """A knockout's 加赛 goes past the planned rounds: event.rounds follows."""

    if system_for(event.settings).has_bracket and event.next_round > event.settings.rounds:
        return replace(event, settings=replace(event.settings, rounds=event.next_round))
    return event


def _log_text(event: Event, out, text_lang: str, stage: str = "main") -> str:
    """The 编排记录 block of a round just made: Swiss — the 定位编排 record
    of the search just run; every other system — its own record of the
    round (the same text ``explain`` writes)."""
    if system_for(event.settings).pairs_by_score:
        return record_text(swiss_record(event, out), text_lang)
    return _record(event, out.round.round, text_lang, stage)


def _record(event: Event, n: int, text_lang: str, stage: str = "main") -> str:
    """The system's 编排记录 of round ``n`` (the knockout stage of 积分晋圈淘汰
    with its prefix)."""
    rec = get_system(event.settings.system).record(event, n)
    rec.stage = stage
    return record_text(rec, text_lang)


def _log_patch(data) -> Optional[Callable[[tuple[int, int], list[Optional[str]]], list[Optional[str]]]]:
    """A workbook's 编排记录 patch (every system: the Swiss, the round robin's
    table, the knockout's bracket): each round's 实际对阵 section as its
    sheet stands against the engine's pairing (:func:`played_patch`)."""
    return played_patch(data.event, data.state.generated)


def _stored_block(data, n: int) -> Optional[list[Optional[str]]]:
    """Round ``n``'s block of the main stage in 编排记录 as it is (None: none)."""
    if data.log_sheet is None:
        return None
    _, blocks = read_log_blocks(data.snapshot.get(data.log_sheet, []), records.HEADING_RE, records.block_key)
    lines = blocks.get((0, n))
    while lines and lines[-1] is None:
        lines.pop()
    return lines or None


def _as_generated(rec: Record, gen: Optional[Sig]) -> bool:
    """Whether the engine's pairing in ``rec``, as its steps derive it, is
    the one the engine made when the round was paired (``gen``; None: not
    known, taken as so)."""
    if gen is None:
        return True
    if rec.of_kind("rederived"):  # today's derivation is another pairing; the record lists the kept one
        return False
    (st,) = rec.of_kind("pairings")
    return {b: (r, k) for b, r, k, _ in st["boards"]} == gen.boards and sorted(st["byes"]) == sorted(gen.byes)


def _round_label(event: Event, prior: Event, rnd, lang: str) -> str:

    system = event.settings.system
    if get_system(system).follows_order_table:
        return rr_round_label(event, rnd.round, lang)
    if get_system(system).has_bracket:
        return ko_round_label(prior, rnd.boards, lang)
    return ""


def _players(event: Event, nos: list[int]) -> Lazy:
    """'3号张三、5号李四' / '3 张三, 5 李四' in the language rendered."""
    by_no = event._by_no
    return Lazy(
        lambda lang: i18n_tr(lang, "common.list-sep").join(
            i18n_tr(lang, "workbook.no-name", no=no, name=by_no[no].name) for no in nos
        )
    )


def _pair_message(data, event: Event, rnd, sheet: str, label: str, stage: str) -> Msg:
    n = rnd.round
    system = get_system(event.settings.system)
    what = Msg("round_problems.knockout-round" if stage == "ko" else "round_problems.round", no=n)
    if label:
        what = Msg("workbook.round-labelled", round=what, label=label)
    bye: Any = ""
    if rnd.byes:
        why = (
            zh_only("workbook.rr-bye-scores-nothing")
            if system.follows_order_table
            else zh_only("workbook.bye-goes-through")
            if system.has_bracket
            else ""
        )
        bye = Msg("workbook.bye-part", players=_players(event, list(rnd.byes)), why=why)
    return Msg("workbook.round-paired", what=what, sheet=sheet, boards=len(rnd.boards), bye=bye)


def _team_ops(book: Book):
    """The team-workbook operations when ``book`` is a team workbook
    (xlxq.operations.team_workbook; only the sheet names are looked at), else None."""
    if not is_team_book(book):
        return None
    from xlxq.operations import team_workbook as TW

    return TW


def dispatch(book: Book) -> ModuleType:
    """The module whose operations fit ``book``: :mod:`xlxq.operations.team_workbook`
    for a team workbook, this one otherwise.  Both offer
    ``pair_next_round(book)``, ``recompute(book)``, ``explain(book,
    round_no=None)`` and ``check(book)``, returning a Status."""
    return _team_ops(book) or sys.modules[__name__]


def pair_next_round(book: Book, text_lang: str, provisional: bool = False) -> Status:
    """编排下一轮: pair the next round from the sheets (hand edits included),
    add its 对阵表 sheet, refresh everything else, write the 编排记录.

    Every system: Swiss (定位编排; 积分末位淘汰 leaves the eliminated out),
    round robin (the next round of the 棋规 table), knockout (the next game
    of every match still on, 加赛 included; refused while a result of the
    stage is missing and once the champion is known), and the knockout stage
    of 积分晋圈淘汰 once qualified (淘汰赛第N轮).

    Unfinished results of earlier rounds are refused unless ``provisional``
    or 设置 → 暂计和棋编排 = 是 (原则(八): they count as draws for pairing,
    reported as warnings); a round with no result at all always
    (:func:`xlxq.operations.pending.require_results`)."""
    if (tw := _team_ops(book)) is not None:
        return tw.pair_next_round(book, text_lang, provisional)

    data, blocked = _read_usable(book)
    if blocked is not None:
        return blocked
    if data.ko is not None:
        return _pair_ko_stage(book, data, text_lang)
    event = _raise_rounds(data.event)
    s = event.settings
    opts = data.options
    if system_for(s).pairs_by_score and opts.qualify_top is not None and len(event.rounds) >= s.rounds:
        raise InputError(
            Msg("workbook.the-swiss-rounds-are-paired-qualify-the", rounds=s.rounds, qualify_top=opts.qualify_top),
        )
    out = pair_round(event)  # InputError / PairingImpossible: nothing written
    if not system_for(s).has_bracket:  # a knockout refuses on its own while a result of the stage is missing
        require_results(event, out.round.round, provisional or opts.provisional)
    new = event.with_round(out.round)
    n = out.round.round
    canvas = Canvas(data.snapshot)
    label = _round_label(new, event, out.round, data.lang)
    rs = add_round_sheet(canvas, data, new, out.round, label=label)
    data.event = new
    if system_for(s).has_bracket:
        data.bracket = build_bracket(new)
    data.state.generated[n] = Sig.of(out.round)
    recheck(data)
    refresh(canvas, data, new)
    write_log_blocks(canvas, data, {("main", n): _log_text(new, out, text_lang)}, _log_patch(data))
    plan = canvas.finish()
    problems = sorted_problems(data.problems)
    parts: list[Any] = [_pair_message(data, new, out.round, canvas.final_name(rs.name), label, "main")]
    parts.append(found_part(problems))
    if system_for(s).pairs_by_score and n == 1:
        parts += round1_parts(problems)
    unfinished = sum(1 for r in event.rounds for b in r.boards if b.result is None)
    if unfinished and system_for(s).pairs_by_score:
        parts.append(Msg("workbook.earlier-games-paired-as-draws", unfinished=unfinished))
    if s.pairing.elimination and n > 1:
        now = sorted(eliminated(new, n) - eliminated(new, n - 1))
        if now:
            parts.append(Msg("workbook.eliminated-no-longer-paired", players=_players(new, now)))
    return Status(
        True,
        msg=status_line(*parts),
        details=problems,
        text=pairing_text(new, n, label, text_lang=text_lang, by_round=scores_kept(data, new)),
        data=out.round,
        event=new,
        plan=plan,
    )


def _pair_ko_stage(book: Book, data, text_lang: str) -> Status:
    """The next round of the knockout stage of 积分晋圈淘汰."""

    ko = data.ko
    event = _raise_rounds(ko.event)
    out = pair_round(event)
    new = event.with_round(out.round)
    n = out.round.round
    canvas = Canvas(data.snapshot)
    label = _round_label(new, event, out.round, data.lang)
    rs = add_round_sheet(canvas, data, new, out.round, stage="ko", label=label)
    ko.event = new
    ko.bracket = build_bracket(new)
    data.state.ko_generated[n] = Sig.of(out.round)
    recheck(data)
    refresh(canvas, data, data.event)
    write_log(canvas, data, n, _log_text(new, out, text_lang, "ko"), stage="ko")
    plan = canvas.finish()
    problems = sorted_problems(data.problems)
    head = _pair_message(data, new, out.round, canvas.final_name(rs.name), label, "ko")
    return Status(
        True,
        msg=status_line(head, found_part(problems)),
        details=problems,
        text=pairing_text(new, n, label, "ko", text_lang=text_lang),
        data=out.round,
        event=new,
        plan=plan,
    )


def schedule_round_robin(book: Book, text_lang: str) -> Status:
    """生成循环赛对阵: every round sheet of a round robin at once, from the
    棋规 order table (docs/roundrobin.md §1–2): 台次 in the table's order,
    the number listed first red, the second cycle and the even games of a
    match with colours reversed, the player meeting the phantom on a 轮空
    row (odd N, no points).  Withdrawals already entered are applied.

    Refused when any result (or foul) has been entered.  Round sheets that
    exist without results are kept as they are (hand edits included) and
    only the missing rounds are added."""

    data, blocked = _read_usable(book)
    if blocked is not None:
        return blocked
    event = data.event
    s = event.settings
    lang = data.lang
    if not system_for(s).follows_order_table:
        raise _not_for("workbook.scheduling-every-round-is-for-round", s)
    for rs in data.rounds:
        for b in rs.round.boards:
            if b.result is not None or b.fouls_red or b.fouls_black:
                done = sum(1 for r in data.rounds for x in r.round.boards if x.result is not None)
                raise InputError(
                    Msg(
                        "workbook.sheet-row-already-has-a-result-the-rounds",
                        sheet=rs.name,
                        row=rs.board_rows[b.board],
                        board=b.board,
                        done=done,
                    )
                )
    total = s.rounds
    k = len(event.rounds)
    if k >= total:
        raise InputError(
            Msg(
                "workbook.all-rounds-of-are-already-in-the-workbook",
                table=Msg(
                    "roundrobin.n-players-system",
                    n=len(event.players),
                    label=Lazy(lambda lang: system_for(s).label(lang)),
                ),
                total=total,
            )
        )
    canvas = Canvas(data.snapshot)
    ev = event
    blocks: dict[tuple[str, int], str] = {}
    notes: list[Any] = []
    for r in range(k + 1, total + 1):
        out = pair_round(ev, r)
        ev = ev.with_round(out.round)
        add_round_sheet(canvas, data, ev, out.round, label=_round_label(ev, ev, out.round, lang))
        data.state.generated[r] = Sig.of(out.round)
        blocks[("main", r)] = _log_text(ev, out, text_lang)
        notes += [zh_only("workbook.round-note", r=r, note=x) for x in out.notes[1:] if not x.startswith("赛事设定")]
    data.event = ev
    recheck(data)
    refresh(canvas, data, ev)
    write_log_blocks(canvas, data, blocks)
    plan = canvas.finish()
    problems = sorted_problems(data.problems)
    # the rounds kept, the byes and the pairing notes: said in Chinese only (as before)
    byes = zh_only("workbook.odd-field-one-bye-each-round") if len(ev.players) % 2 else ""
    kept = (zh_only("workbook.round-1-kept") if k == 1 else zh_only("workbook.rounds-kept", k=k)) if k else ""
    text = "\n\n".join(
        pairing_text(ev, r, _round_label(ev, ev, ev.rounds[r - 1], lang), text_lang=text_lang)
        for r in range(k + 1, total + 1)
    )
    head = Msg("workbook.rounds-made-from-the-order-table", first=k + 1, total=total, kept=kept, byes=byes)
    return Status(
        True,
        msg=status_line(head, found_part(problems), *notes),
        details=problems,
        text=text,
        data=ev.rounds[k:],
        event=ev,
        plan=plan,
    )


def qualify_knockout(
    book: Book, top_k: Optional[int] = None, on_tie: Optional[str] = None, *, text_lang: str
) -> Status:
    """晋圈 (积分晋圈淘汰制): the top ``top_k`` (default: 设置 → 晋圈人数) of the
    finished Swiss go on to a knockout **in the same workbook**: a 晋级名单
    sheet (种子 = Swiss place, so the best get the byes) and the 对阵图 are
    added; 编排下一轮 then pairs 淘汰赛第1轮, 第2轮 … and recompute writes
    the 最终名次 once the champion is known (combined.combined_ranking).

    ``on_tie`` ("error" or "number", default: 设置 → 晋圈并列) decides a tie
    across the cut.  The knockout's 每场局数 / 加赛局数 / 加赛决胜局 are the
    设置 rows of those names.  Refused until every Swiss round is paired and
    has its results, and once a 晋级名单 exists."""

    data, blocked = _read_usable(book)
    if blocked is not None:
        return blocked
    event = data.event
    s = event.settings
    opts = data.options
    if not system_for(s).pairs_by_score:
        raise _not_for("workbook.qualifying-for-a-knockout-is-for-a-swiss", s)
    if data.ko is not None:
        raise InputError(
            f"已有“{data.ko.qualifiers.name}”表，淘汰赛阶段已生成；如要重新晋圈，请先删除该表"
            + ("及淘汰赛各轮工作表" if data.ko.rounds else ""),
            f"the sheet {data.ko.qualifiers.name!r} already exists (delete it, and the knockout "
            f"rounds, to qualify again)",
        )
    k = top_k if top_k is not None else opts.qualify_top
    if k is None:
        raise InputError(
            Msg("workbook.fill-in-qualifiers-to-knockout-in-or", name=data.settings_sheet.name),
        )
    if isinstance(k, bool) or not isinstance(k, int) or k < 2:
        raise InputError(Msg("combined.at-least-2-players-must-qualify-got", k=k))
    if len(event.rounds) < s.rounds:
        raise InputError(
            Msg("workbook.the-swiss-has-rounds-and-only-are-paired", rounds=s.rounds, n=len(event.rounds)),
        )
    for rs in data.rounds:
        for b in rs.round.boards:
            if b.result is None:
                raise InputError(
                    Msg(
                        "workbook.sheet-row-board-has-no-result",
                        name=rs.name,
                        b_board=rs.board_rows[b.board],
                        board=b.board,
                    ),
                )
    tie = on_tie or opts.qualify_on_tie
    ko = build_knockout(
        event,
        k,
        games_per_match=opts.ko_games,
        playoff_games=opts.ko_playoff,
        armageddon=opts.ko_armageddon,
        on_tie=tie,
    )
    ko = replace(ko, settings=replace(ko.settings, tiebreaks=[]))
    canvas = Canvas(data.snapshot)
    qname = write_qualifiers(canvas, data, event, ko, len(event.rounds))
    cols = {c.key: i for i, c in enumerate(L.QUALIFIER_COLUMNS, start=1)}
    qs = QualifiersSheet(
        qname,
        Table(qname, L.HEADER_ROW, cols, L.HEADER_ROW + len(ko.players)),
        {p.no: L.FIRST_DATA_ROW + i for i, p in enumerate(ko.players)},
    )
    data.ko = KOStage(qs, [], ko, build_bracket(ko))
    recheck(data)
    rows = refresh(canvas, data, event)
    plan = canvas.finish()
    problems = sorted_problems(data.problems)
    by_no = event._by_no
    seeded = [(p.seed, by_no[p.no].name, p.no) for p in ko.players]
    who = Lazy(
        lambda lang: i18n_tr(lang, "common.list-sep").join(
            i18n_tr(lang, "workbook.seeded-player", seed=seed, name=name, no=no) for seed, name, no in seeded
        )
    )
    byes = data.ko.bracket.byes()
    bye = Msg("workbook.first-round-byes", names=joined(by_no[no].name for no in byes)) if byes else ""
    # the bracket's sheet and who goes on: said in Chinese only (as before)
    msg = Msg(
        "workbook.the-top-go-on-to-the-knockout",
        k=k,
        qname=qname,
        bracket=zh_only("workbook.quoted-sheet", sheet=data.sheets.get(L.BRACKET)),
        who=zh_only("workbook.qualified", who=who, bye=bye),
    )
    return Status(
        True,
        msg=msg,
        details=problems,
        text=standings_text(data, rows, text_lang=text_lang),
        data=ko,
        event=event,
        plan=plan,
    )


def recompute(book: Book, text_lang: str, before_write: Optional[Callable[[Event], Any]] = None) -> Status:
    """计算成绩: validate the sheets, highlight problems, refresh the
    program's cells (names, scores before each round, notes) and rewrite
    成绩表 and the sheets of the system: 交叉表 (round robin), 对阵图
    (knockout, and the knockout stage of 积分晋圈淘汰), 最终名次 (积分晋圈淘汰,
    once the champion is known).  The arbiter's cells are never rewritten
    (results only when 结果规范化 = 是).  ``before_write(event)``: the
    caller's own check of the event read (``standings --round N``), run
    before anything is written; its error leaves the workbook as it was."""
    if (tw := _team_ops(book)) is not None:
        return tw.recompute(book, text_lang, before_write)

    data = read_workbook(book)
    if data.blocking:
        return _blocked(data)
    if before_write is not None:
        before_write(data.event)
    canvas = Canvas(data.snapshot)
    rows = refresh(canvas, data, data.event)
    if (patch := _log_patch(data)) is not None:
        write_log_blocks(canvas, data, {}, patch)
    plan = canvas.finish()
    event = data.event
    tr = table_round(event)
    problems = sorted_problems(data.problems)
    system = event.settings.system
    parts: list[Any] = []
    if get_system(system).has_bracket:
        br = data.bracket
        if br.finished:
            state = (
                zh_only("workbook.champion", name=event.player(br.champion).name)
                if br.champion is not None
                else zh_only("workbook.both-finalists-forfeited")
            )
        else:
            state = zh_only("workbook.stage-in-progress", stage=stage_name(br.current_stage, br.stage_total))
        parts.append(
            Msg(
                "workbook.knockout-places-computed",
                state=state,
                standings=data.standings_sheet,
                bracket=data.sheets[L.BRACKET],
            )
        )
    else:
        sheets = [data.standings_sheet] + [data.sheets[k] for k in (L.CROSS, L.BRACKET, L.FINAL) if k in data.sheets]
        where = Lazy(
            lambda lang: i18n_tr(lang, "workbook.sheets-sep").join(
                i18n_tr(lang, "workbook.quoted-sheet", sheet=x) for x in sheets
            )
        )
        parts.append(Msg("workbook.standings-computed", when=Lazy(tr.label), where=where))
        if data.ko is not None and data.ko.bracket is not None and data.ko.bracket.champion is not None:
            ch = data.ko.bracket.champion
            parts.append(Msg("workbook.knockout-champion", name=event.player(ch).name))
    parts.append(found_part(problems))
    return Status(
        True,
        msg=status_line(*parts),
        details=problems,
        text=standings_text(data, rows, text_lang=text_lang),
        data=rows,
        event=event,
        ko_event=data.ko.event if data.ko is not None else None,
        plan=plan,
    )


def explain(book: Book, round_no: Optional[int] = None, stage: Optional[str] = None, *, text_lang: str) -> Status:
    """编排记录: how round ``round_no`` (default: the last one) is paired
    from the rounds before it, written into the 编排记录 sheet (the round's
    block is replaced).  A round changed by hand is noted as such.  Swiss:
    the 定位编排 record; round robin: the table row, colours, the bye;
    knockout: the stage, each match's game and colours.  ``stage`` "ko": the
    knockout stage of 积分晋圈淘汰 (the default when it has rounds and no
    round is given)."""
    if (tw := _team_ops(book)) is not None:
        return tw.explain(book, round_no, text_lang=text_lang)
    data = read_workbook(book)
    refuse_bad_cells(data)
    if data.blocking:
        bad = [p for p in data.problems if p.level == BLOCKING]
        return Status(False, msg=Msg("workbook.fix-the-errors-first-run-recompute-to"), details=sorted_problems(bad))
    if stage is None:
        stage = "ko" if (data.ko is not None and data.ko.rounds and round_no is None) else "main"
    if stage == "ko" and data.ko is None:
        raise InputError(Msg("workbook.the-workbook-has-no-knockout-stage-yet"))
    event = data.ko.event if stage == "ko" else data.event
    k = len(event.rounds)
    n = round_no if round_no is not None else max(k, 1)
    system = get_system(event.settings.system)
    top = system.last_pairable_round(event)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n > top:
        raise InputError(
            Msg("team_workbook.invalid-round-the-workbook-has-round-s-1", n=n, k=k, top=top),
        )
    rec = system.record(event, n)
    rec.stage = stage
    text = record_text(rec, text_lang)
    canvas = Canvas(data.snapshot)
    patch = _log_patch(data) if stage == "main" else None
    stored = _stored_block(data, n) if patch is not None else None
    if patch is not None and stored is not None and not _as_generated(rec, data.state.generated.get(n)):
        # the engine's pairing from today's data is not the one it made then: the record made then stays
        text = "\n".join(ln or "" for ln in patch((0, n), stored))
        write_log_blocks(canvas, data, {}, patch)
        plan = canvas.finish()
        return Status(
            True,
            msg=Msg("workbook.round-the-record-made-when-it-was-paired-is-kept", n=n, sheet=data.log_sheet),
            text=text,
            event=event,
            plan=plan,
        )
    write_log_blocks(canvas, data, {(stage, n): text}, patch)
    plan = canvas.finish()
    ko = zh_only("workbook.knockout-stage") if stage == "ko" else ""  # 淘汰赛 (the English does not say it)
    return Status(
        True,
        msg=Msg("workbook.round-pairing-log-written", ko=ko, n=n, sheet=data.log_sheet),
        text=text,
        event=event,
        plan=plan,
    )


def check(book: Book, round_of: Optional[Callable[[Event], int]] = None) -> Status:
    """Read and judge the workbook; write nothing.  A Swiss: every
    difference of a round from the engine's pairing of it is listed too
    (:func:`engine_differences`): ``round_of(event)``, the round asked for
    (``--round N`` checked: :func:`xlxq.operations.book.round_check`), else
    the last."""
    if (tw := _team_ops(book)) is not None:
        return tw.check(book)
    data = read_workbook(book)
    n = round_of(data.event) if round_of is not None else len(data.event.rounds)
    if not system_for(data.event.settings).pairs_by_score or not n:
        return check_status(data)
    diffs = engine_differences(data, n)
    data.problems += diffs
    locate(data)
    return check_status(data, Msg("workbook.round-differs-from-the-engine", n=n, k=len(diffs)) if diffs else "")


# ==========================================================================
# text output (command line)
# ==========================================================================


def pairing_text(
    event: Event, round_no: int, label: str = "", stage: str = "main", *, text_lang: str, by_round: Any = None
) -> str:
    """Round ``round_no`` as the operation's message text, with the scores
    of its round sheet (``by_round``: the refresh's pass, when made):
    :func:`xlxq.presentation.report.book_pairing_text`."""

    rnd = next(r for r in event.rounds if r.round == round_no)
    return book_pairing_text(event, rnd, round_scores(event, rnd, by_round), text_lang, label, stage)


def standings_text(data_or_event: Any, rows: list, after: Optional[int] = None, *, text_lang: str) -> str:
    """The standings as the operation's message text (``data_or_event``: the
    WorkbookData of the operation, or an Event; ``after``: the round asked
    for, default as far as the results go): :func:`xlxq.presentation.report.book_standings_text`,
    with the knockout stage of 积分晋圈淘汰 when the workbook has one."""
    data = None if isinstance(data_or_event, Event) else data_or_event
    event = data_or_event if data is None else data.event
    ko = data.ko if data is not None else None
    return book_standings_text(
        event,
        rows,
        after,
        text_lang,
        ko.event if ko is not None else None,
        ko.bracket if ko is not None else None,
    )


# ==========================================================================
# new workbooks
# ==========================================================================


def template_path(lang: str = "zh", macro: bool = False) -> Path:
    """The installed template (xlxq/templates/ in a wheel), else the
    repository's workbook_templates/ (a source checkout)."""
    # the template files there are (tools/build_templates.py: 简体, English, 繁體); a
    # further language's workbook is the 简体 one until its template is built
    lang = "en" if lang == "en" else HANT if lang_is_hant(lang) else "zh"
    name = TEMPLATE_FILES.get((lang, macro)) or f"xlxq-event-{lang}{'.xlsm' if macro else '.xlsx'}"
    return find_template(name) or no_template(name, Msg("workbook.template"), "build_templates.py")


def create_event_workbook(
    path: str | os.PathLike,
    players: Iterable[Player],
    settings: EventSettings,
    lang: str = "zh",
    overwrite: bool = False,
    normalise_results: bool = False,
    options: Optional[WorkbookOptions] = None,
) -> Path:
    """A new event workbook at ``path`` (.xlsx, or .xlsm from the macro
    template): the template with 设置 filled from ``settings`` and 报名表
    from ``players`` (序号 as given).  Every system: for a round robin or a
    knockout 轮数 is computed from the players.  ``options`` carries the
    workbook's own settings (结果规范化, and for 积分晋圈淘汰 晋圈人数 and the
    knockout stage's 每场局数 / 加赛局数 / 加赛决胜局)."""

    path = Path(path)
    players = sorted(players, key=lambda p: p.no)
    if options is not None:
        normalise_results = normalise_results or options.normalise_results
    system = get_system(settings.system)
    if len(players) >= 2 and system.rounds_from_entrants:
        settings = replace(settings, rounds=system.planned_rounds(len(players), settings))
        if settings.tiebreaks == EventSettings().tiebreaks or system_for(settings).has_bracket:
            # the Swiss default means 14.1 / 14.2 in a round robin; a knockout has none
            settings = replace(settings, tiebreaks=system.default_tiebreaks(settings))
    validate_event(Event(settings=settings, players=players))
    return new_workbook(
        path,
        overwrite,
        lambda macro: template_path(lang, macro),
        lambda: plan_new_workbook(lang, settings, players, normalise_results, options),
        lambda book: plan_fill_template(book, settings, players, normalise_results, options),
    )


def _sample_csv() -> Path:

    p = sample_file(SAMPLE_REGISTRATION)
    if p is not None:
        return p
    raise InputError(Msg("workbook.the-sample-registration-is-missing"))


def demo(dir: str | os.PathLike | None = None, lang: str = "zh") -> Path:  # noqa: A002 - the CLI's name
    """``xlxq demo [DIR]``: a workbook from the zh template (the zh-Hant one
    when ``lang`` is 繁體) with the sample 报名表 (24 players, 8 clubs, 4 seeds
    on the odd numbers), round 1 paired.  Prints (in ``lang``) and returns
    the path (never overwrites: xlxq-demo-2.xlsx …)."""

    path = demo_path(dir, "xlxq-demo")
    players = read_registration(_sample_csv())
    book_lang = demo_book_lang(lang)
    settings = EventSettings(name=demo_name("xlxq 演示赛", book_lang), rounds=9, tiebreaks=["cxa2011-opp"])
    create_event_workbook(path, players, settings, lang=book_lang)
    book = OpenpyxlBook(path)
    return demo_done(path, apply_status(book, pair_next_round(book, lang)), Msg("workbook.demo-workbook"), lang)


# ==========================================================================
# command line
# ==========================================================================
