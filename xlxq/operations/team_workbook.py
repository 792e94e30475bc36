"""Operations on a team workbook (团体赛工作簿), shared by every backend.

The same contract as :mod:`xlxq.operations.workbook`: each operation reads every sheet
once (:func:`xlxq.sheets.read.read_team_workbook`), computes with the
pure team core (:mod:`xlxq.core.team_pairing`, :mod:`xlxq.core.team_standings`),
builds ONE :class:`~xlxq.sheets.plan.WritePlan` and returns it in the same
:class:`~xlxq.sheets.problems.Status` as the individual workbook (``plan``,
applied by the caller: :func:`xlxq.operations.book.run_op`).  Unusable data
raises :class:`~xlxq.errors.InputError` (or ``PairingImpossible``) before a
plan is made.

- :func:`pair_next_round` (编排下一轮)   - :func:`recompute` (计算成绩)
- :func:`explain` (编排记录)             - :func:`check` (检查, writes nothing)
- :func:`create_team_workbook`, :func:`team_demo`
- :func:`is_team_workbook`: whether a book is a team workbook (``xlxq.operations.workbook.dispatch`` picks the operations)

docs/workbook-teams.md describes the workbook.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence

from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.core.model import Player
from xlxq.core.standings import table_round
from xlxq.core.teams import Team, TeamEvent, TeamSettings, set_lineups, validate_team_event
from xlxq.errors import InputError
from xlxq.operations.pending import require_results
from xlxq.presentation.report import team_pairing_text, team_standings_text
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.plan import Book
from xlxq.sheets.problems import INFO, Problem, Status, locate
from xlxq.sheets.read import read_team_workbook
from xlxq.sheets.refresh import refresh
from xlxq.sheets.settings import team_switch
from xlxq.sheets.write_log import write_log
from xlxq.sheets.rules import team_rule_problems as rule_problems
from xlxq.sheets.templates import plan_fill_team_template, plan_new_team_workbook
from xlxq.sheets.script import HANT, lang_is_hant
from xlxq.sheets.team_write_rounds import add_team_round_sheet, record_generated
from xlxq.operations.workbook_common import (
    blocked_status,
    apply_status,
    check_status,
    demo_book_lang,
    demo_done,
    demo_name,
    demo_path,
    find_template,
    found_part,
    new_workbook,
    no_template,
    round1_parts,
    status_line,
    sorted_problems,
)
from xlxq.systems import system_for, team_rules
from xlxq.core.record_text import record_text
from xlxq.core.team_record import team_round_record
from xlxq.core.team_record import team_record
from xlxq.i18n import Lazy, Msg, chinese_forms
from xlxq.i18n import tr as i18n_tr

TEMPLATE_FILES = {
    ("zh", False): "xlxq-team-zh.xlsx",
    ("en", False): "xlxq-team-en.xlsx",
    ("zh", True): "xlxq-team-zh.xlsm",
    ("en", True): "xlxq-team-en.xlsm",
}

__all__ = [
    "Status",
    "is_team_workbook",
    "pair_next_round",
    "recheck",
    "recompute",
    "explain",
    "check",
    "create_team_workbook",
    "team_demo",
    "template_path",
    "demo_event",
]

#: problems recomputed by :func:`xlxq.sheets.rules.team_rule_problems`
_RULE_CODES = {
    "hand_pairing",
    "hand_colours",
    "hand_seats",
    "hand_bye",
    "rematch",
    "withdrawn",
    "unfinished",
    "second_bye",
    "byes",
    "missing",
    "team_withdrawn",
    "withdrawn_player",
    "rounds_plan",
    "odd_field",
}


# ==========================================================================
# which workbook is this
# ==========================================================================


def is_team_workbook(book: Book) -> bool:
    """True when the book has a 队伍报名 / Teams sheet and no individual
    报名表 / Registration sheet (only the sheet names are looked at: cheap,
    nothing is read)."""
    return T.is_team_book(book)


# ==========================================================================
# operations
# ==========================================================================


def recheck(data, event: TeamEvent) -> None:
    """The rule problems again, after the program changed the rounds."""
    data.problems = [p for p in data.problems if p.code not in _RULE_CODES] + rule_problems(data, event)
    locate(data)


def pair_next_round(book: Book, text_lang: str, provisional: bool = False) -> Status:
    """编排下一轮: pair the next round of the team event (team Swiss, team
    round robin or 全队轮赛制) from the sheets, seat every match from the
    出场名单 of that round (a team without a row: its default line-up), add
    the round sheet, refresh everything else, write the 编排记录.  Refused
    while an earlier game has no result, unless ``provisional`` or 设置 →
    暂计和棋编排 = 是 (:func:`xlxq.operations.pending.require_results`)."""

    data = read_team_workbook(book)
    event = data.event
    s = event.settings
    n = event.next_round
    if n > s.rounds:
        raise InputError(
            Msg("team_workbook.the-event-has-rounds-round-cannot-be", rounds=s.rounds, n=n),
        )
    out = system_for(s).pair(event)  # InputError / PairingImpossible: nothing written
    require_results(event, out.round.round, provisional or team_switch(data, "provisional"))
    new = event.with_round(out.round)
    defaults: list[int] = []
    if not system_for(s).seated_by_schedule:
        playing = {t for m in out.round.matches for t in m.teams()}
        lineups = {}
        rows = data.lineups.rows if data.lineups is not None else {}
        for (rn, t), lr in rows.items():
            if rn != n:
                continue
            if t in playing:
                lineups[t] = lr.lineup
                data.used_lineups[(n, t)] = lr.lineup
            else:
                data.problems.append(
                    Problem(
                        INFO,
                        "lineup_unused",
                        f"{event.team(t).name}第{n}轮轮空，此出场名单不用",
                        f"team {t} has a bye in round {n}; line-up not used",
                        data.lineups.name,
                        lr.row,
                        ("team",),
                        n,
                    )
                )
        defaults = sorted(playing - set(lineups))
        try:
            new = set_lineups(new, n, lineups, rules=team_rules(new.settings))
        except InputError as exc:  # checked when read; kept for safety
            raise InputError(
                Msg(
                    "team_workbook.sheet",
                    lineups_else=data.lineups.name if data.lineups else Msg("team_workbook.line-ups"),
                    exc=exc,
                ),
            ) from None
    rnd = new.get_round(n)
    canvas = Canvas(data.snapshot)
    record_generated(data, rnd)
    rs = add_team_round_sheet(canvas, data, new, rnd)
    data.event = new
    recheck(data, new)
    refresh(canvas, data, new)
    write_log(canvas, data, n, explain_team_outcome(new, out, text_lang))
    plan = canvas.finish()
    problems = sorted_problems(data.problems)
    # a team is named in Chinese, numbered in English (as before)
    bye: Any = ""
    if rnd.byes:
        bye = Msg("team_workbook.bye-part", teams=_teams(new, list(rnd.byes)))
    parts: list[Any] = [
        Msg("team_workbook.round-paired", n=n, sheet=canvas.final_name(rs.name), matches=len(rnd.matches), bye=bye),
        found_part(problems),
    ]
    if system_for(s).pairs_by_score and n == 1:
        parts += round1_parts(problems)
    unfinished = sum(1 for r in event.rounds for m in r.matches for b in m.boards if b.result is None)
    if unfinished:
        parts.append(Msg("workbook.earlier-games-paired-as-draws", unfinished=unfinished))
    if defaults and s.lineup != "fixed_boards":
        parts.append(Msg("team_workbook.no-line-up-registered-order-used", teams=_teams(new, defaults)))
    return Status(
        True,
        msg=status_line(*parts),
        details=problems,
        text=pairing_text(new, n, text_lang),
        data=rnd,
        event=new,
        plan=plan,
    )


def _teams(event: TeamEvent, nos: list[int]) -> Lazy:
    """Teams listed: their names in Chinese (北京队、上海队), their numbers in English (1, 3)."""
    names = {no: event.team(no).name for no in nos}
    return Lazy(
        lambda lang: i18n_tr(lang, "common.list-sep").join(names[no] if chinese_forms(lang) else str(no) for no in nos)
    )


def recompute(book: Book, text_lang: str, before_write: Optional[Callable[[TeamEvent], Any]] = None) -> Status:
    """计算成绩: validate the sheets (line-ups included), apply 出场名单 rows
    entered since the round was seated, highlight problems, refresh the
    program's cells and rewrite 团体成绩 and 台次成绩.  The arbiter's cells
    are never rewritten (results only when 结果规范化 = 是)."""
    data = read_team_workbook(book, mark=True)
    if data.input_errors:  # every bad cell marked, nothing else written (issue 10 §4)
        return blocked_status(data, refresh)
    if before_write is not None:  # the caller's check of the event read (as xlxq.operations.workbook.recompute)
        before_write(data.event)
    canvas = Canvas(data.snapshot)
    rows = refresh(canvas, data, data.event)
    plan = canvas.finish()

    tr = table_round(data.event)
    problems = sorted_problems(data.problems)
    head = Msg(
        "team_workbook.standings-computed",
        when=Lazy(tr.label),
        teams=data.team_standings_sheet,
        boards=data.board_standings_sheet,
    )
    return Status(
        True,
        msg=status_line(head, found_part(problems)),
        details=problems,
        text=standings_text(data.event, rows, tr, text_lang),
        data=rows,
        event=data.event,
        plan=plan,
    )


def explain(book: Book, round_no: Optional[int] = None, *, text_lang: str) -> Status:
    """编排记录 of round ``round_no`` (default: the last one): how the team
    pairing comes out of the rounds before it (score groups, 先编者, 拆对 …
    with teams as units), written into 编排记录 (the round's block replaced)."""
    data = read_team_workbook(book)
    event = data.event
    k = len(event.rounds)
    n = round_no if round_no is not None else max(k, 1)
    top = min(k + 1, event.settings.rounds)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n > top:
        raise InputError(
            Msg("team_workbook.invalid-round-the-workbook-has-round-s-1", n=n, k=k, top=top),
        )
    text = record_text(team_round_record(event, n, system_for(event.settings), style="sheet"), text_lang)
    canvas = Canvas(data.snapshot)
    write_log(canvas, data, n, text)
    plan = canvas.finish()
    return Status(
        True,
        msg=Msg("workbook.round-pairing-log-written", ko="", n=n, sheet=data.log_sheet),
        text=text,
        event=event,
        plan=plan,
    )


def check(book: Book) -> Status:
    """Read and judge the team workbook; write nothing."""
    return check_status(read_team_workbook(book, mark=True))


# ==========================================================================
# text: 编排记录, command-line tables
# ==========================================================================


def explain_team_outcome(event: TeamEvent, out, lang: str = "zh") -> str:
    """The 编排记录 block of a team round just paired: notes, the 定位编排
    steps with teams as units, the matches (:mod:`xlxq.core.team_record`,
    in the sheet's wording, by the one printer)."""
    return record_text(team_record(event, out, system_for(event.settings), style="sheet"), lang)


def pairing_text(event: TeamEvent, round_no: int, text_lang: str) -> str:
    """The round as text: each match, then its boards (:func:`xlxq.presentation.report.team_pairing_text`)."""
    return team_pairing_text(event, round_no, text_lang)


def standings_text(event: TeamEvent, rows: list, after, text_lang: str) -> str:
    """``after``: the table's :class:`~xlxq.core.standings.TableRound` (or a
    round number): :func:`xlxq.presentation.report.team_standings_text`."""
    return team_standings_text(event, rows, after, text_lang)


# ==========================================================================
# new workbooks and the demo
# ==========================================================================


def template_path(lang: str = "zh", macro: bool = False) -> Path:
    """The installed team template (xlxq/templates/ in a wheel), else the
    repository's workbook_templates/."""
    # the template files there are (tools/build_team_templates.py: 简体, English, 繁體); a
    # further language's workbook is the 简体 one until its template is built
    lang = "en" if lang == "en" else HANT if lang_is_hant(lang) else "zh"
    name = TEMPLATE_FILES.get((lang, macro)) or f"xlxq-team-{lang}{'.xlsm' if macro else '.xlsx'}"
    return find_template(name) or no_template(name, Msg("team_workbook.team-template"), "build_team_templates.py")


def create_team_workbook(
    path: str | os.PathLike,
    teams: Sequence[Team] | TeamEvent,
    settings: TeamSettings,
    lang: str = "zh",
    players: Optional[Iterable[Player]] = None,
    overwrite: bool = False,
    normalise_results: bool = False,
) -> Path:
    """A new team workbook at ``path`` (.xlsx; .xlsm once a macro team
    template exists): the team template with 设置 filled from ``settings``
    and 队伍报名 from ``teams`` (a list of :class:`Team` with ``players``, the
    registered :class:`Player` s, or a :class:`TeamEvent`)."""
    path = Path(path)
    if isinstance(teams, TeamEvent):
        event = TeamEvent(settings=settings, players=list(teams.players), teams=list(teams.teams))
    else:
        if players is None:
            raise InputError(Msg("team_workbook.create-team-workbook-needs-the-players"))
        event = TeamEvent(settings=settings, players=sorted(players, key=lambda p: p.no), teams=list(teams))
    validate_team_event(event, rules=team_rules(event.settings))
    return new_workbook(
        path,
        overwrite,
        lambda macro: template_path(lang, macro),
        lambda: plan_new_team_workbook(lang, settings, event, normalise_results),
        lambda book: plan_fill_team_template(book, settings, event, normalise_results),
    )


_DEMO_TEAMS = ("北京队", "上海队", "广东队", "四川队", "浙江队", "江苏队", "湖北队", "河北队")
_SURNAMES = "王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕"
_GIVEN = (
    "天华",
    "文博",
    "志强",
    "建国",
    "晓明",
    "海峰",
    "立新",
    "国栋",
    "子豪",
    "宇航",
    "思远",
    "明轩",
    "浩然",
    "俊杰",
    "伟东",
    "家乐",
    "振宇",
    "鹏飞",
    "嘉诚",
    "承泽",
)


def demo_event(n_teams: int = 8, boards: int = 4, reserves: int = 1, **settings: Any) -> TeamEvent:
    """A sample team event: ``n_teams`` teams of ``boards`` + ``reserves``
    players with made-up names (deterministic)."""
    players, teams, no = [], [], 1
    for t in range(1, n_teams + 1):
        tname = _DEMO_TEAMS[t - 1] if t <= len(_DEMO_TEAMS) else f"第{t}队"
        members = []
        for _ in range(boards + reserves):
            name = _SURNAMES[(no * 7) % len(_SURNAMES)] + _GIVEN[(no * 3 + t) % len(_GIVEN)]
            players.append(Player(no, name, unit=tname))
            members.append(no)
            no += 1
        teams.append(Team(t, tname, members))
    s = TeamSettings(boards=boards, **settings)
    return TeamEvent(settings=s, players=players, teams=teams)


def team_demo(dir: str | os.PathLike | None = None, lang: str = "zh") -> Path:  # noqa: A002 - the CLI's name
    """A team workbook from the zh template (the zh-Hant one when ``lang``
    is 繁體): 8 teams of 4 boards and one 替补 (分台定人制, team Swiss of 5
    rounds), round 1 paired.  Prints and returns the path (never
    overwrites: xlxq-team-demo-2.xlsx …)."""

    path = demo_path(dir, "xlxq-team-demo")
    book_lang = demo_book_lang(lang)
    event = demo_event(name=demo_name("xlxq 团体演示赛", book_lang), rounds=5)
    create_team_workbook(path, event, event.settings, lang=book_lang)
    book = OpenpyxlBook(path)
    return demo_done(
        path, apply_status(book, pair_next_round(book, lang)), Msg("team_workbook.team-demo-workbook"), lang
    )
