"""Operations on an event workbook, shared by every backend.

Each operation reads every sheet once (:func:`xlxq.sheets.read.read_workbook`),
computes with the pure core, builds ONE :class:`~xlxq.sheets.plan.WritePlan`
and hands it to ``book.apply``.  Unusable data raises
:class:`~xlxq.errors.InputError` (or ``PairingImpossible``) before anything is
applied, so the workbook is left as it was.

- :func:`pair_next_round` (编排下一轮)   - :func:`recompute` (计算成绩)
- :func:`explain` (编排记录)             - :func:`check` (检查, writes nothing)
- :func:`schedule_round_robin` (生成循环赛对阵) - :func:`qualify_knockout` (晋圈, 积分晋圈淘汰)
- :func:`create_event_workbook`, :func:`demo`, :func:`cli_dispatch`

``book`` is anything implementing :class:`xlxq.sheets.plan.Book`: an
:class:`xlxq.backends.openpyxl_book.OpenpyxlBook` for a file, or an xlwings
book adapter inside Excel.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from xlxq.core import records
from xlxq.core.model import Event, EventSettings, Player
from xlxq.errors import InputError, XlxqError
from xlxq.i18n import env_lang
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.data import RR_SYSTEMS, WorkbookOptions
from xlxq.sheets.plan import Book, WritePlan
from xlxq.sheets.problems import BLOCKING, ERROR, INFO, WARNING, Problem, Status, locate
from xlxq.sheets.read import read_workbook
from xlxq.sheets.refresh import refresh
from xlxq.sheets.rules import rule_problems
from xlxq.sheets.state import Sig
from xlxq.sheets.templates import plan_fill_template, plan_new_workbook
from xlxq.sheets.write_log import write_log, write_log_blocks
from xlxq.sheets.write_rounds import add_round_sheet
from xlxq.systems import get_system

DATA_DIR = Path(__file__).resolve().parent / "data"
TEMPLATE_FILES = {("zh", False): "xlxq-event-zh.xlsx", ("en", False): "xlxq-event-en.xlsx",
                  ("zh", True): "xlxq-event-zh.xlsm", ("en", True): "xlxq-event-en.xlsm"}
SAMPLE_REGISTRATION = "sample-registration.csv"

__all__ = ["Status", "pair_next_round", "recompute", "explain", "check", "schedule_round_robin",
           "qualify_knockout", "create_event_workbook", "demo", "cli_dispatch", "template_path", "WorkbookOptions"]


def _sorted_problems(problems: Iterable[Problem]) -> list[Problem]:
    order = {BLOCKING: 0, ERROR: 1, WARNING: 2, INFO: 3}
    return sorted(problems, key=lambda p: order[p.level])


def _counts(problems: list[Problem]) -> tuple[int, int]:
    errors = sum(1 for p in problems if p.level in (BLOCKING, ERROR))
    warnings = sum(1 for p in problems if p.level == WARNING)
    return errors, warnings


def _found(problems: list[Problem]) -> tuple[str, str]:
    e, w = _counts(problems)
    if not e and not w:
        return "", ""
    return (f"；发现{e}个错误、{w}个警告，已在表中标出（见“提示”列）",
            f"; {e} error(s) and {w} warning(s) found and highlighted (see the Notes column)")


def round1_notes(problems: list[Problem]) -> tuple[str, str]:
    """What the round-1 message of a Swiss adds (zh, en): the 原则(二)
    warnings on 轮数 and the 原则(一) note on an odd field — a message, never
    a blocking dialog (the cells say it too: 设置's 轮数 row, the bye's 提示)."""
    zh = en = ""
    for p in problems:
        if p.code == "rounds_plan":
            zh, en = zh + f"；注意：{p.zh}", en + f"; warning: {p.en}"
    odd = next((p for p in problems if p.code == "odd_field"), None)
    if odd is not None:
        zh, en = zh + f"；说明：{odd.zh}", en + f"; note: {odd.en}"
    return zh, en


def _blocked(book: Book, data) -> Status:
    """Unusable rounds: write only the highlights and notes, then report."""
    canvas = Canvas(data.snapshot)
    refresh(canvas, data, data.event, standings=False)
    book.apply(canvas.finish())
    bad = [p for p in data.problems if p.level == BLOCKING]
    where = "、".join(sorted({p.where() for p in bad}))
    return Status(False, f"表中有必须先改正的错误（已标红：{where}），成绩与编排暂未更新",
                  f"fix the errors first (highlighted in red: {where}); standings and pairing were not updated",
                  _sorted_problems(data.problems), event=data.event)


# ==========================================================================
# operations
# ==========================================================================

_KEEP_CODES = ("unknown_setting", "numbered", "unused_setting")


def _recheck(data) -> None:
    """The rule problems again, after the program changed the rounds."""
    from xlxq.sheets.formats import ko_rule_problems

    data.problems = [p for p in data.problems if p.code in _KEEP_CODES]
    data.problems += rule_problems(data, data.event)
    if data.ko is not None:
        data.problems += ko_rule_problems(data, data.ko.event, data.ko.rounds, data.ko.bracket)
    locate(data)


def _raise_rounds(event: Event) -> Event:
    """A knockout's 加赛 goes past the planned rounds: event.rounds follows."""
    from dataclasses import replace

    if event.settings.system == "knockout" and event.next_round > event.settings.rounds:
        return replace(event, settings=replace(event.settings, rounds=event.next_round))
    return event


def _log_text(event: Event, out, stage: str = "main") -> str:
    """The 编排记录 block of a round just made: Swiss — the 定位编排 record
    of the search just run; every other system — its own record of the
    round (the same text ``explain`` writes)."""
    from xlxq.core.explain import explain_outcome

    if event.settings.system == "swiss":
        return explain_outcome(event, out)
    return _record(event, out.round.round, stage)


def _record(event: Event, n: int, stage: str = "main") -> str:
    """The system's 编排记录 of round ``n`` (the knockout stage of 积分晋圈淘汰
    with its prefix)."""
    lang = env_lang()
    text = "\n".join(get_system(event.settings.system).explain(event, n, lang))
    return records.ko_stage(text, lang) if stage == "ko" else text


def _round_label(event: Event, prior: Event, rnd, lang: str) -> str:
    from xlxq.sheets.formats import ko_round_label, rr_round_label

    system = event.settings.system
    if system in RR_SYSTEMS:
        return rr_round_label(event, rnd.round, lang)
    if system == "knockout":
        return ko_round_label(prior, rnd.boards, lang)
    return ""


def _pair_message(data, event: Event, rnd, rs, label: str, stage: str) -> tuple[str, str]:
    by_no = event._by_no
    n = rnd.round
    system = event.settings.system
    what_zh = f"淘汰赛第{n}轮" if stage == "ko" else f"第{n}轮"
    what_en = f"knockout round {n}" if stage == "ko" else f"round {n}"
    if label:
        what_zh += f"（{label}）"
        what_en += f" ({label})"
    bye = "、".join(f"{no}号{by_no[no].name}" for no in rnd.byes)
    bye_en = ", ".join(f"{no} {by_no[no].name}" for no in rnd.byes)
    if bye and system in RR_SYSTEMS:
        bye += "（循环赛轮空不计分）"
    elif bye and system == "knockout":
        bye += "（直接晋级）"
    return (f"已编排{what_zh}（工作表“{rs.name}”）：{len(rnd.boards)}台" + (f"，轮空：{bye}" if bye else ""),
            f"{what_en} paired (sheet {rs.name!r}): {len(rnd.boards)} boards" + (f", bye: {bye_en}" if bye_en else ""))


def _team_ops(book: Book):
    """The team-workbook operations when ``book`` is a team workbook
    (xlxq.team_workbook; only the sheet names are looked at), else None."""
    from xlxq import team_workbook as TW

    return TW if TW.is_team_workbook(book) else None


def pair_next_round(book: Book) -> Status:
    """编排下一轮: pair the next round from the sheets (hand edits included),
    add its 对阵表 sheet, refresh everything else, write the 编排记录.

    Every system: Swiss (定位编排; 积分末位淘汰 leaves the eliminated out),
    round robin (the next round of the 棋规 table), knockout (the next game
    of every match still on, 加赛 included; refused while a result of the
    stage is missing and once the champion is known), and the knockout stage
    of 积分晋圈淘汰 once qualified (淘汰赛第N轮).

    Unfinished results of earlier Swiss rounds are allowed (原则(八): they
    count as draws for pairing) and reported as warnings."""
    if (tw := _team_ops(book)) is not None:
        return tw.pair_next_round(book)
    from xlxq.core.knockout import build_bracket
    from xlxq.core.pairing import pair_round

    data = read_workbook(book)
    if data.blocking:
        return _blocked(book, data)
    if data.ko is not None:
        return _pair_ko_stage(book, data)
    event = _raise_rounds(data.event)
    s = event.settings
    opts = data.options
    if s.system == "swiss" and opts.qualify_top is not None and len(event.rounds) >= s.rounds:
        raise InputError(f"积分赛{s.rounds}轮已编排完毕；晋圈人数为{opts.qualify_top}：请先“晋圈”生成晋级名单"
                         f"（xlxq qualify 文件 --top {opts.qualify_top}），再编排淘汰赛",
                         f"the {s.rounds} Swiss rounds are paired; qualify the top {opts.qualify_top} first "
                         f"(xlxq qualify FILE --top {opts.qualify_top}), then pair the knockout")
    out = pair_round(event)           # InputError / PairingImpossible: nothing written
    new = event.with_round(out.round)
    n = out.round.round
    canvas = Canvas(data.snapshot)
    label = _round_label(new, event, out.round, data.lang)
    rs = add_round_sheet(canvas, data, new, out.round, label=label)
    data.event = new
    if s.system == "knockout":
        data.bracket = build_bracket(new)
    data.state.generated[n] = Sig.of(out.round)
    _recheck(data)
    refresh(canvas, data, new)
    write_log(canvas, data, n, _log_text(new, out))
    book.apply(canvas.finish())
    problems = _sorted_problems(data.problems)
    msg_zh, msg_en = _pair_message(data, new, out.round, rs, label, "main")
    extra_zh, extra_en = _found(problems)
    if s.system == "swiss" and n == 1:
        z, e = round1_notes(problems)
        extra_zh, extra_en = extra_zh + z, extra_en + e
    unfinished = sum(1 for r in event.rounds for b in r.boards if b.result is None)
    if unfinished and s.system == "swiss":
        extra_zh += f"；注意：前面各轮尚有{unfinished}台未填结果，已按和棋暂计编排（原则(八)）"
        extra_en += f"; note: {unfinished} earlier game(s) have no result and were paired as draws"
    if s.pairing.elimination and n > 1:
        from xlxq.core.combined import eliminated

        now = sorted(eliminated(new, n) - eliminated(new, n - 1))
        if now:
            by_no = new._by_no
            extra_zh += "；积分末位淘汰，不再编排：" + "、".join(f"{no}号{by_no[no].name}" for no in now)
            extra_en += "; eliminated, no longer paired: " + ", ".join(f"{no} {by_no[no].name}" for no in now)
    return Status(True, msg_zh + extra_zh, msg_en + extra_en, problems, text=pairing_text(new, n, label),
                  data=out.round, event=new)


def _pair_ko_stage(book: Book, data) -> Status:
    """The next round of the knockout stage of 积分晋圈淘汰."""
    from xlxq.core.knockout import build_bracket
    from xlxq.core.pairing import pair_round

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
    _recheck(data)
    refresh(canvas, data, data.event)
    write_log(canvas, data, n, _log_text(new, out, "ko"), stage="ko")
    book.apply(canvas.finish())
    problems = _sorted_problems(data.problems)
    msg_zh, msg_en = _pair_message(data, new, out.round, rs, label, "ko")
    extra_zh, extra_en = _found(problems)
    return Status(True, msg_zh + extra_zh, msg_en + extra_en, problems, text=pairing_text(new, n, label, "ko"),
                  data=out.round, event=new)


def schedule_round_robin(book: Book) -> Status:
    """生成循环赛对阵: every round sheet of a round robin at once, from the
    棋规 order table (docs/roundrobin.md §1–2): 台次 in the table's order,
    the number listed first red, the second cycle and the even games of a
    match with colours reversed, the player meeting the phantom on a 轮空
    row (odd N, no points).  Withdrawals already entered are applied.

    Refused when any result (or foul) has been entered.  Round sheets that
    exist without results are kept as they are (hand edits included) and
    only the missing rounds are added."""
    from xlxq.core.pairing import pair_round

    data = read_workbook(book)
    if data.blocking:
        return _blocked(book, data)
    event = data.event
    s = event.settings
    lang = data.lang
    if s.system not in RR_SYSTEMS:
        label = {"swiss": "积分编排", "knockout": "淘汰赛"}.get(s.system, s.system)
        raise InputError(f"“生成循环赛对阵”只用于单循环、双循环；本赛事为{label}，请用“编排下一轮”",
                         f"scheduling every round is for round robins only; this event is {s.system} "
                         f"(pair round by round)")
    for rs in data.rounds:
        for b in rs.round.boards:
            if b.result is not None or b.fouls_red or b.fouls_black:
                done = sum(1 for r in data.rounds for x in r.round.boards if x.result is not None)
                raise InputError(f"“{rs.name}”表第{rs.board_rows[b.board]}行（第{b.board}台）已有结果，"
                                 f"不能再生成全部轮次（共{done}台已录入结果）；请用“编排下一轮”编排以后各轮",
                                 f"sheet {rs.name!r} row {rs.board_rows[b.board]} (board {b.board}) already has "
                                 f"a result: the rounds cannot be made at once; pair the next rounds one by one")
    total = s.rounds
    k = len(event.rounds)
    if k >= total:
        raise InputError(f"{len(event.players)}人{'双循环' if s.system == 'double_round_robin' else '单循环'}"
                         f"共{total}轮，已全部生成", f"all {total} rounds are already in the workbook")
    canvas = Canvas(data.snapshot)
    ev = event
    blocks: dict[tuple[str, int], str] = {}
    notes: list[str] = []
    for r in range(k + 1, total + 1):
        out = pair_round(ev, r)
        ev = ev.with_round(out.round)
        add_round_sheet(canvas, data, ev, out.round, label=_round_label(ev, ev, out.round, lang))
        data.state.generated[r] = Sig.of(out.round)
        blocks[("main", r)] = _log_text(ev, out)
        notes += [f"第{r}轮：{x}" for x in out.notes[1:] if not x.startswith("赛事设定")]
    data.event = ev
    _recheck(data)
    refresh(canvas, data, ev)
    write_log_blocks(canvas, data, blocks)
    book.apply(canvas.finish())
    problems = _sorted_problems(data.problems)
    extra_zh, extra_en = _found(problems)
    byes = "；人数为单数，每轮一人轮空（不计分）" if len(ev.players) % 2 else ""
    kept = f"（已有的第1–{k}轮保留）" if k else ""
    text = "\n\n".join(pairing_text(ev, r, _round_label(ev, ev, ev.rounds[r - 1], lang))
                        for r in range(k + 1, total + 1))
    return Status(True,
                  f"已按棋规循环赛秩序表生成第{k + 1}–{total}轮对阵{kept}{byes}" + extra_zh
                  + ("；" + "；".join(notes) if notes else ""),
                  f"rounds {k + 1}–{total} made from the order table" + extra_en,
                  problems, text=text, data=ev.rounds[k:], event=ev)


def qualify_knockout(book: Book, top_k: Optional[int] = None, on_tie: Optional[str] = None) -> Status:
    """晋圈 (积分晋圈淘汰制): the top ``top_k`` (default: 设置 → 晋圈人数) of the
    finished Swiss go on to a knockout **in the same workbook**: a 晋级名单
    sheet (种子 = Swiss place, so the best get the byes) and the 对阵图 are
    added; 编排下一轮 then pairs 淘汰赛第1轮, 第2轮 … and recompute writes
    the 最终名次 once the champion is known (combined.combined_ranking).

    ``on_tie`` ("error" or "number", default: 设置 → 晋圈并列) decides a tie
    across the cut.  The knockout's 每场局数 / 加赛局数 / 加赛决胜局 are the
    设置 rows of those names.  Refused until every Swiss round is paired and
    has its results, and once a 晋级名单 exists."""
    from dataclasses import replace

    from xlxq.core.combined import build_knockout
    from xlxq.core.knockout import build_bracket
    from xlxq.sheets import layout as L
    from xlxq.sheets.formats import write_qualifiers
    from xlxq.sheets.cells import Table
    from xlxq.sheets.data import KOStage, QualifiersSheet

    data = read_workbook(book)
    if data.blocking:
        return _blocked(book, data)
    event = data.event
    s = event.settings
    opts = data.options
    if s.system != "swiss":
        raise InputError(f"晋圈（积分晋圈淘汰）只用于积分编排；本赛事赛制为{s.system}",
                         f"qualifying for a knockout is for a Swiss; this event is {s.system}")
    if data.ko is not None:
        raise InputError(f"已有“{data.ko.qualifiers.name}”表，淘汰赛阶段已生成；如要重新晋圈，请先删除该表"
                         + ("及淘汰赛各轮工作表" if data.ko.rounds else ""),
                         f"the sheet {data.ko.qualifiers.name!r} already exists (delete it, and the knockout "
                         f"rounds, to qualify again)")
    k = top_k if top_k is not None else opts.qualify_top
    if k is None:
        raise InputError(f"请在“{data.settings_sheet.name}”表填写晋圈人数（或指定晋级人数）",
                         f"fill in 'Qualifiers to knockout' in {data.settings_sheet.name!r} (or give the number)")
    if isinstance(k, bool) or not isinstance(k, int) or k < 2:
        raise InputError(f"晋级人数应至少为2（现为{k!r}）", f"at least 2 players must qualify (got {k!r})")
    if len(event.rounds) < s.rounds:
        raise InputError(f"积分赛共{s.rounds}轮，工作簿中只有{len(event.rounds)}轮，尚未结束，不能晋圈",
                         f"the Swiss has {s.rounds} rounds and only {len(event.rounds)} are paired")
    for rs in data.rounds:
        for b in rs.round.boards:
            if b.result is None:
                raise InputError(f"“{rs.name}”表第{rs.board_rows[b.board]}行（第{b.board}台）尚无结果，不能确定晋级名单",
                                 f"sheet {rs.name!r} row {rs.board_rows[b.board]} (board {b.board}) has no result")
    tie = on_tie or opts.qualify_on_tie
    ko = build_knockout(event, k, games_per_match=opts.ko_games, playoff_games=opts.ko_playoff,
                        armageddon=opts.ko_armageddon, on_tie=tie)
    ko = replace(ko, settings=replace(ko.settings, tiebreaks=[]))
    canvas = Canvas(data.snapshot)
    qname = write_qualifiers(canvas, data, event, ko, len(event.rounds))
    cols = {c.key: i for i, c in enumerate(L.QUALIFIER_COLUMNS, start=1)}
    qs = QualifiersSheet(qname, Table(qname, L.HEADER_ROW, cols, L.HEADER_ROW + len(ko.players)),
                         {p.no: L.FIRST_DATA_ROW + i for i, p in enumerate(ko.players)})
    data.ko = KOStage(qs, [], ko, build_bracket(ko))
    _recheck(data)
    rows = refresh(canvas, data, event)
    book.apply(canvas.finish())
    problems = _sorted_problems(data.problems)
    by_no = event._by_no
    who = "、".join(f"{p.seed}.{by_no[p.no].name}（{p.no}号）" for p in ko.players)
    byes = data.ko.bracket.byes()
    bye_zh = ("；首轮轮空：" + "、".join(f"{by_no[no].name}" for no in byes)) if byes else ""
    return Status(True, f"积分赛前{k}名进入淘汰赛（“{qname}”“{data.sheets.get(L.BRACKET)}”已生成）：{who}{bye_zh}；"
                        f"请用“编排下一轮”编排淘汰赛第1轮",
                  f"the top {k} go on to the knockout ({qname!r} and the bracket written); pair knockout round 1 "
                  f"next", problems, text=standings_text(data, rows), data=ko, event=event)


def recompute(book: Book) -> Status:
    """计算成绩: validate the sheets, highlight problems, refresh the
    program's cells (names, scores before each round, notes) and rewrite
    成绩表 and the sheets of the system: 交叉表 (round robin), 对阵图
    (knockout, and the knockout stage of 积分晋圈淘汰), 最终名次 (积分晋圈淘汰,
    once the champion is known).  The arbiter's cells are never rewritten
    (results only when 结果规范化 = 是)."""
    if (tw := _team_ops(book)) is not None:
        return tw.recompute(book)
    from xlxq.core.standings import table_round
    from xlxq.sheets import layout as L

    data = read_workbook(book)
    if data.blocking:
        return _blocked(book, data)
    canvas = Canvas(data.snapshot)
    rows = refresh(canvas, data, data.event)
    book.apply(canvas.finish())
    event = data.event
    tr = table_round(event)
    problems = _sorted_problems(data.problems)
    extra_zh, extra_en = _found(problems)
    system = event.settings.system
    if system == "knockout":
        from xlxq.core.knockout import stage_name

        br = data.bracket
        if br.finished:
            state = f"冠军：{event.player(br.champion).name}" if br.champion is not None else "决赛双方弃权"
        else:
            state = f"{stage_name(br.current_stage, br.stage_total)}进行中"
        zh = f"淘汰赛名次已计算（{state}），写入“{data.standings_sheet}”“{data.sheets[L.BRACKET]}”表"
        en = f"knockout places computed into {data.standings_sheet!r} and {data.sheets[L.BRACKET]!r}"
    else:
        sheets = [data.standings_sheet] + [data.sheets[k] for k in (L.CROSS, L.BRACKET, L.FINAL) if k in data.sheets]
        where = "".join(f"“{x}”" for x in sheets)
        zh = f"成绩已计算（{tr.label('zh')}），写入{where}表"
        en = f"standings computed ({tr.label('en')}) into " + ", ".join(repr(x) for x in sheets)
        if data.ko is not None and data.ko.bracket is not None and data.ko.bracket.champion is not None:
            ch = data.ko.bracket.champion
            zh += f"；淘汰赛冠军：{event.player(ch).name}"
            en += f"; knockout champion: {event.player(ch).name}"
    return Status(True, zh + extra_zh, en + extra_en, problems, text=standings_text(data, rows), data=rows,
                  event=event, ko_event=data.ko.event if data.ko is not None else None)


def explain(book: Book, round_no: Optional[int] = None, stage: Optional[str] = None) -> Status:
    """编排记录: how round ``round_no`` (default: the last one) is paired
    from the rounds before it, written into the 编排记录 sheet (the round's
    block is replaced).  A round changed by hand is noted as such.  Swiss:
    the 定位编排 record; round robin: the table row, colours, the bye;
    knockout: the stage, each match's game and colours.  ``stage`` "ko": the
    knockout stage of 积分晋圈淘汰 (the default when it has rounds and no
    round is given)."""
    if (tw := _team_ops(book)) is not None:
        return tw.explain(book, round_no)
    data = read_workbook(book)
    if data.blocking:
        bad = [p for p in data.problems if p.level == BLOCKING]
        return Status(False, "表中有必须先改正的错误，无法生成编排记录（请先“计算成绩”查看标红处）",
                      "fix the errors first (run recompute to see them highlighted)", _sorted_problems(bad))
    if stage is None:
        stage = "ko" if (data.ko is not None and data.ko.rounds and round_no is None) else "main"
    if stage == "ko" and data.ko is None:
        raise InputError("本工作簿还没有淘汰赛阶段（请先晋圈）", "the workbook has no knockout stage yet")
    event = data.ko.event if stage == "ko" else data.event
    k = len(event.rounds)
    n = round_no if round_no is not None else max(k, 1)
    system = get_system(event.settings.system)
    top = system.last_pairable_round(event)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n > top:
        raise InputError(f"轮次 {n} 无效：工作簿中有{k}轮（可解释第1–{top}轮）",
                         f"invalid round {n}: the workbook has {k} round(s) (1–{top} can be explained)")
    text = _record(event, n, stage)
    canvas = Canvas(data.snapshot)
    write_log(canvas, data, n, text, stage=stage)
    book.apply(canvas.finish())
    what = f"淘汰赛第{n}轮" if stage == "ko" else f"第{n}轮"
    return Status(True, f"{what}编排记录已写入“{data.log_sheet}”表", f"round {n} pairing log written to "
                  f"{data.log_sheet!r}", [], text=text, event=event)


def check(book: Book) -> Status:
    """Read and judge the workbook; write nothing."""
    if (tw := _team_ops(book)) is not None:
        return tw.check(book)
    return _check_status(read_workbook(book))


def _check_status(data: Any) -> Status:
    """The result of ``check`` on the workbook ``data`` read."""
    problems = _sorted_problems(data.problems)
    e, w = _counts(problems)
    if not e and not w:
        return Status(True, "未发现问题", "no problems found", problems, event=data.event)
    return Status(e == 0, f"发现{e}个错误、{w}个警告", f"{e} error(s) and {w} warning(s) found", problems,
                  event=data.event)


# ==========================================================================
# text output (command line)
# ==========================================================================

def _width(s: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in s)


def _table(header: list[str], rows: list[list[Any]], right: Optional[list[bool]] = None) -> list[str]:
    """Aligned text columns (by display width); ``right``: which columns are
    right-aligned (default none)."""
    right = right or [False] * len(header)
    cells = [header] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(_width(r[i]) for r in cells) for i in range(len(header))]
    out = []
    for r in cells:
        parts = [(" " * (widths[i] - _width(c)) + c) if right[i] else (c + " " * (widths[i] - _width(c)))
                 for i, c in enumerate(r)]
        out.append("  ".join(parts).rstrip())
    return out


def _fmt(x: Any) -> str:
    if x is None:
        return ""
    if isinstance(x, float):
        return str(int(x)) if x.is_integer() else f"{x:g}"
    return str(x)


def pairing_text(event: Event, round_no: int, label: str = "", stage: str = "main") -> str:
    from xlxq.sheets.formats import round_scores
    from xlxq.sheets.results import display

    lang = env_lang()
    rnd = next(r for r in event.rounds if r.round == round_no)
    sc = round_scores(event, rnd)
    by_no = event._by_no
    if stage == "ko":
        title = f"淘汰赛第{round_no}轮对阵表" if lang == "zh" else f"Knockout round {round_no} pairings"
    else:
        title = f"第{round_no}轮对阵表" if lang == "zh" else f"Round {round_no} pairings"
    if label:
        title += f"（{label}）" if lang == "zh" else f" ({label})"
    if event.settings.name:
        title += f"  {event.settings.name}"
    header = ("台次 序号 红方 单位 积分 结果 积分 单位 黑方 序号" if lang == "zh"
              else "Bd No Red Club Pts Result Pts Club Black No").split()
    rows = []
    for b in rnd.boards:
        r, k = by_no[b.red], by_no[b.black]
        rows.append([b.board, r.no, r.name, r.unit, _fmt(sc.get(r.no)), display(b.result, lang) or "",
                     _fmt(sc.get(k.no)), k.unit, k.name, k.no])
    for no in rnd.byes:
        p = by_no[no]
        rows.append(["轮空" if lang == "zh" else "bye", p.no, p.name, p.unit, _fmt(sc.get(no)), "", "", "", "", ""])
    return "\n".join([title] + _table(header, rows, [True, True, False, False, True, False, True, False, False,
                                                         True]))


def standings_text(data_or_event: Any, rows: list, after: Optional[int] = None) -> str:
    """The standings as text, by system (``data_or_event``: the WorkbookData
    of the operation, or an Event; ``after``: the round asked for, default
    as far as the results go — :func:`~xlxq.core.standings.table_round`)."""
    from xlxq.core.standings import table_round

    lang = env_lang()
    data = None if isinstance(data_or_event, Event) else data_or_event
    event = data_or_event if data is None else data.event
    system = event.settings.system
    tr = table_round(event, after)
    after = tr.after
    if system in RR_SYSTEMS:
        return _rr_text(event, rows, after, lang)
    if system == "knockout":
        return _ko_text(event, rows, lang)
    from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, resolve_tiebreaks

    keys = [k for k in resolve_tiebreaks(event.settings.tiebreaks) if k in TIEBREAK_KEYS]
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    header = ("名次 序号 姓名 单位 积分" if lang == "zh" else "Rank No Name Club Pts").split() + [labels[k] for k in keys]
    table = []
    for r in rows:
        name = r.name + (("（退赛）" if lang == "zh" else " (withdrawn)") if r.withdrawn else "")
        table.append([r.rank, r.no, name, r.unit, _fmt(r.score)] + [_fmt(r.tiebreaks[k]) for k in keys])
    title = tr.title("名次表", "Standings", lang, when_first=True)
    if event.settings.name:
        title += f"  {event.settings.name}"
    out = "\n".join([title] + _table(header, table, [True, True, False, False, True] + [True] * len(keys)))
    if data is not None and data.ko is not None and data.ko.bracket is not None:
        from xlxq.core.knockout import knockout_ranking

        out += "\n\n" + _ko_text(data.ko.event, knockout_ranking(data.ko.event, data.ko.bracket), lang)
        try:
            from xlxq.core.combined import combined_ranking

            final = combined_ranking(event, data.ko.event)
        except InputError:
            final = None
        if final:
            head = ("名次 序号 姓名 决出方式 积分赛名次" if lang == "zh" else "Rank No Name Decided-by Swiss").split()
            body = [[r.rank, r.no, r.name, ("淘汰赛" if r.source == "knockout" else "积分赛") if lang == "zh"
                     else r.source, r.swiss_rank] for r in final]
            out += "\n\n" + "\n".join([("积分晋圈淘汰最终名次" if lang == "zh" else "Final ranking")]
                                        + _table(head, body, [True, True, False, False, True]))
    return out


def _rr_text(event: Event, rows: list, after: int, lang: str) -> str:
    from xlxq.core.rr_standings import LABELS_EN, LABELS_ZH, resolve_rr_tiebreaks

    g = event.settings.games_per_match
    keys = resolve_rr_tiebreaks(event.settings.tiebreaks, g)
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    header = ("名次 序号 姓名 单位" if lang == "zh" else "Rank No Name Club").split() + \
        [labels["match_points" if g > 1 else "score"]] + [labels[k] for k in keys]
    table = []
    for r in rows:
        name = r.name + (("（成绩注销）" if lang == "zh" else " (annulled)") if r.annulled else
                         ("（退赛）" if lang == "zh" else " (withdrawn)") if r.withdrawn else "")
        table.append([r.rank if r.rank is not None else "—", r.no, name, r.unit, _fmt(r.score)]
                     + [_fmt(r.tiebreaks.get(k)) for k in keys])
    from xlxq.core.standings import table_round

    title = table_round(event, after).title("循环赛名次表", "Round-robin standings", lang)
    if event.settings.name:
        title += f"  {event.settings.name}"
    return "\n".join([title] + _table(header, table, [True, True, False, False, True] + [True] * len(keys)))


def _ko_text(event: Event, places: list, lang: str) -> str:
    from xlxq.core.knockout import build_bracket, stage_name, stage_name_en

    br = build_bracket(event)
    total = br.stage_total
    header = ("名次 序号 姓名 单位 种子顺位 成绩" if lang == "zh" else "Place No Name Club Seeding Result").split()
    table = []
    for p in places:
        pl = event.player(p.no)
        if p.place == 1:
            res = "冠军" if lang == "zh" else "champion"
        elif p.stage_out is not None:
            res = (f"{stage_name(p.stage_out, total)}负" if lang == "zh"
                   else f"lost in the {stage_name_en(p.stage_out, total)}")
        else:
            res = "仍在比赛" if lang == "zh" else "still in"
        place = "" if p.place is None else (str(p.place) if p.place_to in (None, p.place) else
                                            f"{p.place}-{p.place_to}")
        table.append([place, p.no, pl.name, pl.unit, p.seed_rank, res])
    title = "淘汰赛名次" if lang == "zh" else "Knockout places"
    if br.champion is not None:
        ch = event.player(br.champion)
        title += f"（冠军：{ch.name}）" if lang == "zh" else f" (champion: {ch.name})"
    return "\n".join([title] + _table(header, table, [True, True, False, False, True, False]))


# ==========================================================================
# new workbooks
# ==========================================================================

def template_path(lang: str = "zh", macro: bool = False) -> Path:
    """The installed template (xlxq/data/), else the repository's
    workbook_templates/ (a source checkout)."""
    lang = "en" if lang == "en" else "zh"
    name = TEMPLATE_FILES[(lang, macro)]
    return _find_template(name) or _no_template(name, "模板文件", "template", "build_templates.py")


def _find_template(name: str) -> Optional[Path]:
    """``name`` in xlxq/data/, else in the repository's workbook_templates/."""
    for d in (DATA_DIR, Path(__file__).resolve().parent.parent / "workbook_templates"):
        if (d / name).exists():
            return d / name
    return None


def _no_template(name: str, zh: str, en: str, tool: str) -> Path:
    raise InputError(f"找不到{zh} {name}（请运行 python tools/{tool}）",
                     f"{en} {name} not found (run python tools/{tool})")


def create_event_workbook(path: str | os.PathLike, players: Iterable[Player], settings: EventSettings,
                          lang: str = "zh", overwrite: bool = False, normalise_results: bool = False,
                          options: Optional[WorkbookOptions] = None) -> Path:
    """A new event workbook at ``path`` (.xlsx, or .xlsm from the macro
    template): the template with 设置 filled from ``settings`` and 报名表
    from ``players`` (序号 as given).  Every system: for a round robin or a
    knockout 轮数 is computed from the players.  ``options`` carries the
    workbook's own settings (结果规范化, and for 积分晋圈淘汰 晋圈人数 and the
    knockout stage's 每场局数 / 加赛局数 / 加赛决胜局)."""
    from dataclasses import replace

    from xlxq.core.model import validate_event

    path = Path(path)
    players = sorted(players, key=lambda p: p.no)
    if options is not None:
        normalise_results = normalise_results or options.normalise_results
    system = get_system(settings.system)
    if len(players) >= 2 and system.fixed_rounds:
        settings = replace(settings, rounds=system.planned_rounds(len(players), settings))
        if settings.tiebreaks == EventSettings().tiebreaks or settings.system == "knockout":
            # the Swiss default means 14.1 / 14.2 in a round robin; a knockout has none
            settings = replace(settings, tiebreaks=system.default_tiebreaks(settings))
    validate_event(Event(settings=settings, players=players))
    return _new_workbook(path, overwrite, lambda macro: template_path(lang, macro),
                         lambda: plan_new_workbook(lang, settings, players, normalise_results, options),
                         lambda book: plan_fill_template(book, settings, players, normalise_results, options))


def _new_workbook(path: Path, overwrite: bool, template: Callable[[bool], Path], plan_new: Callable[[], WritePlan],
                  plan_fill: Callable[[Book], WritePlan]) -> Path:
    """Write a new .xlsx/.xlsm workbook at ``path``: a copy of
    ``template(macro)`` filled by ``plan_fill(book)``, or (no .xlsx template)
    built from nothing by ``plan_new()``."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook

    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise InputError(f"工作簿应为 .xlsx 或 .xlsm 文件：{path.name}", f"the workbook must be .xlsx or .xlsm: {path.name}")
    if path.exists() and not overwrite:
        raise InputError(f"文件已存在：{path}", f"{path} already exists")
    macro = path.suffix.lower() == ".xlsm"
    try:
        tpl = template(macro)
    except InputError:
        if macro:
            raise
        book = OpenpyxlBook.new(path)
        book.apply(plan_new())
        return path
    tmp = path.with_name(f".{path.stem}.new{path.suffix}")
    shutil.copyfile(tpl, tmp)
    try:
        book = OpenpyxlBook(tmp)
        book.apply_in_memory(plan_fill(book))
        book.save(path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def _demo_path(folder: str | os.PathLike | None, stem: str) -> Path:
    """``stem``.xlsx in ``folder`` (default: here), made if missing; never an
    existing file (``stem``-2.xlsx …)."""
    folder = Path(folder) if folder is not None else Path.cwd()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.xlsx"
    k = 2
    while path.exists():
        path = folder / f"{stem}-{k}.xlsx"
        k += 1
    return path


def _demo_done(path: Path, st: Status, zh: str, en: str) -> Path:
    lang = env_lang()
    print(st.message(lang))
    print((zh if lang == "zh" else en) + str(path))
    return path


def _sample_csv() -> Path:
    for p in (DATA_DIR / SAMPLE_REGISTRATION,
              Path(__file__).resolve().parent.parent / "samples" / "registration.csv"):
        if p.exists():
            return p
    raise InputError("找不到示例报名表", "the sample registration is missing")


def demo(dir: str | os.PathLike | None = None) -> Path:  # noqa: A002 - the CLI's name
    """``xlxq demo [DIR]``: a workbook from the zh template with the sample
    报名表 (24 players, 8 clubs, 4 seeds on the odd numbers), round 1 paired.
    Prints and returns the path (never overwrites: xlxq-demo-2.xlsx …)."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.backends.registration import read_registration

    path = _demo_path(dir, "xlxq-demo")
    players = read_registration(_sample_csv())
    settings = EventSettings(name="xlxq 演示赛", rounds=9, tiebreaks=["cxa2011-opp"])
    create_event_workbook(path, players, settings, lang="zh")
    return _demo_done(path, pair_next_round(OpenpyxlBook(path)), "演示工作簿：", "demo workbook: ")


# ==========================================================================
# command line
# ==========================================================================

def _captured_json(fn, *args) -> Any:
    """Run a ``xlxq.cli`` standings printer and return what it printed as
    JSON (so the workbook's ``--json`` is the JSON file's, shape for shape)."""
    import contextlib
    import io
    import json

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn(*args)
    return json.loads(buf.getvalue())


def standings_json(st: Status, data_round: Optional[int] = None) -> dict:
    """``xlxq standings FILE.xlsx --json``: the shapes of docs/format.md, by
    system.  Swiss: ``{"standings": […]}`` (with ``eliminated_after`` under
    积分末位淘汰); with the knockout stage of 积分晋圈淘汰 also ``"knockout"``
    (the knockout shape) and, once it is finished, ``"combined"``."""
    from types import SimpleNamespace

    from xlxq import cli

    event = st.event
    args = SimpleNamespace(json=True, round=data_round, with_swiss=None)
    system = event.settings.system
    if system in RR_SYSTEMS:
        return _captured_json(cli._standings_rr, event, args)
    if system == "knockout":
        return _captured_json(cli._standings_ko, event, args)
    out = _captured_json(cli._standings_swiss, event, args)     # the very table of the CLI on JSON
    ko = st.ko_event
    if ko is not None:
        out["knockout"] = _captured_json(cli._standings_ko, ko, SimpleNamespace(json=True, round=None))
        from xlxq.core.combined import combined_ranking

        try:
            out["combined"] = {"system": "combined",
                               "standings": [r.to_dict() for r in combined_ranking(event, ko)]}
        except InputError:
            pass
    return out


def cli_dispatch(command: str, path: str | os.PathLike, args: Any = None) -> int:
    """``xlxq pair|schedule|standings|crosstable|explain|check|qualify
    FILE.xlsx``: run the operation on the file (openpyxl backend), print the
    result.  Exit code 0, or 1 when the workbook has errors (highlighted);
    bad input raises XlxqError (the CLI prints it and exits 2, the file
    untouched)."""
    import json

    from xlxq.backends.openpyxl_book import OpenpyxlBook

    lang = env_lang()
    rnd = getattr(args, "round", None)
    if command == "qualify":
        return _cli_qualify(path, args, lang)
    book = OpenpyxlBook(path)
    if (tw := _team_ops(book)) is not None:
        return tw.cli_dispatch(command, path, args, book=book)
    if command == "pair":
        st = pair_next_round(book)
    elif command == "schedule":
        st = schedule_round_robin(book)
    elif command == "standings":
        if getattr(args, "with_swiss", None) is not None:
            raise InputError("工作簿中的积分晋圈淘汰在同一文件中，不需要 --with", "a workbook holds both stages: no --with")
        st = recompute(book)
        if st.ok and rnd is not None and st.event.settings.system == "swiss":
            from xlxq.core.standings import compute_standings

            rows = compute_standings(st.event, rnd)
            st.text = standings_text(st.event, rows, rnd)
            st.data = rows
        if st.ok and getattr(args, "json", False):
            sys.stdout.write(json.dumps(standings_json(st, rnd), ensure_ascii=False, indent=1) + "\n")
            return 0
        if st.ok and rnd is not None and st.event.settings.system != "swiss":
            from types import SimpleNamespace

            from xlxq import cli

            fn = cli._standings_rr if st.event.settings.system in RR_SYSTEMS else cli._standings_ko
            for line in st.lines(lang):
                print(line)
            fn(st.event, SimpleNamespace(json=False, round=rnd, with_swiss=None))
            return 0
    elif command == "crosstable":
        st = recompute(book)
        if st.ok:
            from types import SimpleNamespace

            from xlxq import cli

            if st.event.settings.system not in RR_SYSTEMS:
                raise InputError(f"交叉表只用于循环赛，本赛事为{st.event.settings.system}",
                                 f"a cross table is for round robins only; this event is {st.event.settings.system}")
            cli_args = SimpleNamespace(json=getattr(args, "json", False), round=rnd, file=str(path))
            if not cli_args.json:
                for line in st.lines(lang):
                    print(line)
            return cli._crosstable(st.event, cli_args)
    elif command == "explain":
        st = explain(book, rnd)
    elif command == "check":
        st = check(book)
    else:
        raise XlxqError(f"Excel 工作簿不支持 xlxq {command}（可用：pair、schedule、standings、crosstable、explain、check、"
                        f"qualify）",
                        f"xlxq {command} is not available for workbooks (use pair, schedule, standings, crosstable, "
                        f"explain, check, qualify)")
    return _cli_report(st, lang, path, command in ("pair", "schedule", "standings", "explain"))


def _cli_report(st: Status, lang: str, path: Any, saved: bool) -> int:
    """Print ``st`` (and "saved to" when the operation ``saved`` the workbook
    and succeeded); the exit code."""
    for line in st.lines(lang):
        print(line)
    if st.text:
        print(st.text)
    if saved and st.ok:
        print(("已保存到 " if lang == "zh" else "saved to ") + str(path))
    return 0 if st.ok else 1


def _cli_qualify(path: str | os.PathLike, args: Any, lang: str) -> int:
    """``xlxq qualify EVENT.xlsx [OUT.xlsx] --top K``: the knockout stage in
    the workbook itself, or — with a second, different workbook path — in a
    copy of it (the Swiss file is then left as it is)."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook

    src = Path(path)
    out = getattr(args, "knockout", None)
    for flag, given in (("--games-per-match", getattr(args, "games_per_match", 1) not in (None, 1)),
                        ("--playoff-games", getattr(args, "playoff_games", None) is not None),
                        ("--armageddon", bool(getattr(args, "armageddon", False))),
                        ("--name", getattr(args, "name", None) is not None),
                        ("--round", getattr(args, "round", None) is not None)):
        if given:
            raise InputError(f"工作簿的淘汰赛阶段按“设置”表的每场局数、加赛局数、加赛决胜局进行，且在积分赛结束后晋圈：不用 {flag}",
                             f"a workbook's knockout stage takes its settings from the Settings sheet: {flag} "
                             f"does not apply")
    target = src
    if out is not None and Path(out).resolve() != src.resolve():
        target = Path(out)
        if target.suffix.lower() != src.suffix.lower():
            raise InputError(f"{target.name} 应与 {src.name} 同为 {src.suffix} 工作簿",
                             f"{target.name} must be a {src.suffix} workbook like {src.name}")
        if target.exists() and not getattr(args, "force", False):
            raise InputError(f"文件已存在：{target}（如要覆盖，加 --force）", f"{target} already exists (use --force)")
    on_tie = getattr(args, "on_tie", None)
    if target != src:
        OpenpyxlBook(src)                # a readable workbook, before anything is copied
        tmp = target.with_name(f".{target.stem}.new{target.suffix}")
        shutil.copyfile(src, tmp)
        try:
            st = qualify_knockout(OpenpyxlBook(tmp), getattr(args, "top", None), on_tie if on_tie == "number" else None)
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
    else:
        st = qualify_knockout(OpenpyxlBook(src), getattr(args, "top", None), on_tie if on_tie == "number" else None)
    for line in st.lines(lang):
        print(line)
    if st.text:
        print(st.text)
    print(("已保存到 " if lang == "zh" else "saved to ") + str(target))
    return 0 if st.ok else 1
