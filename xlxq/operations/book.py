"""The commands on an Excel workbook (``xlxq CMD FILE.xlsx``, openpyxl
backend): each runs one Book operation of :mod:`xlxq.workbook` or
:mod:`xlxq.team_workbook` (``pair_next_round(book)``, ``recompute(book)``
…; they read every sheet once and apply one WritePlan) and returns its
Status as an :class:`~xlxq.operations.result.Outcome` (the Status's lines,
"saved to", exit code 0, or 1 when the workbook has errors, highlighted);
the tables come from :mod:`xlxq.report`, the same as on a JSON file.  Bad
input raises XlxqError (the file untouched).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Optional

from xlxq import report
from xlxq import team_workbook as TW
from xlxq import workbook as W
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.core.standings import compute_standings
from xlxq.core.team_standings import board_standings, compute_team_standings
from xlxq.errors import InputError, XlxqError
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome, no_lines
from xlxq.operations.source import BookSource, round_arg
from xlxq.text import nums
from xlxq.systems import system_for, system_label

__all__ = ["book_status", "SAVING", "status_outcome", "standings_json", "run_book", "run_team_book", "qualify_book"]

#: the commands whose operation saves the workbook ("saved to" is shown)
SAVING = {"pair", "schedule", "standings", "explain"}
TEAM_SAVING = {"pair", "standings", "explain"}


def book_status(command: str, book: Any, round_no: Optional[int] = None, lang: Optional[str] = None) -> Any:
    """The Book operation ``command`` names (``pair``, ``recompute``,
    ``schedule``, ``qualify``, ``explain``, ``check``) on any ``Book``
    (openpyxl, xlwings): its Status, its texts in ``lang``.  The Excel
    buttons call this."""
    if command == "pair":
        return W.pair_next_round(book, lang)
    if command == "recompute":
        return W.recompute(book, lang)
    if command == "schedule":
        return W.schedule_round_robin(book, lang)
    if command == "qualify":
        return W.qualify_knockout(book, text_lang=lang)
    if command == "check":
        return W.check(book)
    if command == "explain":
        return W.explain(book, round_no, text_lang=lang)
    raise ValueError(command)


def _status_lines(st: Any, lang: str, path: Any, saved: bool) -> list[str]:
    out = list(st.lines(lang))
    if st.text:
        out.append(st.text)
    if saved and st.ok:
        out.append(("已保存到 " if lang == "zh" else "saved to ") + str(path))
    return out


def status_outcome(st: Any, path: Any, saved: bool) -> Outcome:
    """A workbook operation's Status as a result: its lines (and "saved to"
    when the operation ``saved`` the workbook and succeeded), exit 0 or 1."""
    code = 0 if st.ok else 2 if st.bad_input else 1  # bad cells (marked): bad input, exit 2
    return Outcome(render=lambda lang: _status_lines(st, lang, path, saved), code=code)


def _round_checked(event, rnd: Optional[int]) -> Optional[int]:
    if rnd is not None:
        round_arg(event, rnd)
    return rnd


def standings_json(st: Any, lang: str, data_round: Optional[int] = None) -> dict:
    """``xlxq standings FILE.xlsx --json``: the shapes of docs/format.md, by
    system (those of a JSON file).  Swiss: ``{"standings": […]}`` (with
    ``eliminated_after`` under 积分末位淘汰); with the knockout stage of
    积分晋圈淘汰 also ``"knockout"`` (the knockout shape) and, once it is
    finished, ``"combined"``."""
    event = st.event
    out = report.standings_data(event, _round_checked(event, data_round), lang)
    ko = st.ko_event
    if system_for(event.settings).swiss and ko is not None:
        out["knockout"] = report.ko_standings_data(ko, None, lang)
        try:
            out["combined"] = report.combined_data(event, ko)
        except InputError:
            pass
    return out


def run_book(
    command: str,
    src: BookSource,
    lang: str,
    rnd: Optional[int] = None,
    as_json: bool = False,
    with_swiss: Optional[str] = None,
) -> Outcome:
    """``xlxq pair|schedule|standings|crosstable|explain|check FILE.xlsx``:
    the operation on the workbook, its result.  ``lang``: the language of its
    texts (the 编排记录 and the message tables) and of the ``--json`` labels."""
    if src.team:
        return run_team_book(command, src, lang, rnd, as_json)
    book, path = src.book, src.path
    if command == "pair":
        st = W.pair_next_round(book, lang)
    elif command == "schedule":
        st = W.schedule_round_robin(book, lang)
    elif command == "standings":
        if with_swiss is not None:
            raise InputError(
                "工作簿中的积分晋圈淘汰在同一文件中，不需要 --with", "a workbook holds both stages: no --with"
            )
        st = W.recompute(book, lang, round_check(rnd))
        if st.ok and rnd is not None and system_for(st.event.settings).swiss:
            rows = compute_standings(st.event, rnd)
            st.text = report.book_standings_text(st.event, rows, rnd, lang)
            st.data = rows
        if st.ok and as_json:
            return Outcome(data=standings_json(st, lang, rnd))
        if st.ok and rnd is not None and not system_for(st.event.settings).swiss:
            try:
                after: Optional[int] = round_arg(st.event, rnd)
            except XlxqError as exc:  # the workbook is saved: its lines, then the error
                return Outcome(render=st.lines, error=exc)

            def render(lang: str) -> list[str]:
                return list(st.lines(lang)) + report.standings_lines(st.event, after, lang)

            return Outcome(render=render)
    elif command == "crosstable":
        st = W.recompute(book, lang)
        if st.ok:
            if not system_for(st.event.settings).round_robin:
                raise InputError(
                    f"交叉表只用于循环赛，本赛事为{system_label(st.event.settings.system, 'zh')}",
                    f"a cross table is for round robins only; this event is a "
                    f"{system_label(st.event.settings.system, 'en')}",
                )
            try:
                after = round_arg(st.event, rnd) if rnd is not None else None
            except XlxqError as exc:  # the workbook is saved: its lines (not with --json), then the error
                return Outcome(render=no_lines if as_json else st.lines, error=exc)
            if as_json:
                return Outcome(data=report.cross_table_data(st.event, after))

            def render(lang: str) -> list[str]:
                return list(st.lines(lang)) + report.cross_table_lines(st.event, after, lang)

            return Outcome(render=render)
    elif command == "explain":
        st = W.explain(book, rnd, text_lang=lang)
    elif command == "check":
        st = W.check(book)
    else:
        raise XlxqError(
            f"Excel 工作簿不支持 xlxq {command}（可用：pair、schedule、standings、crosstable、explain、check、"
            f"qualify）",
            f"xlxq {command} is not available for workbooks (use pair, schedule, standings, crosstable, "
            f"explain, check, qualify)",
        )
    return status_outcome(st, path, command in SAVING)


def run_team_book(
    command: str, src: BookSource, lang: str, rnd: Optional[int] = None, as_json: bool = False
) -> Outcome:
    """``xlxq pair|standings|explain|check FILE.xlsx`` on a team workbook."""
    book, path = src.book, src.path
    if command == "pair":
        st = TW.pair_next_round(book, lang)
    elif command == "standings":
        st = TW.recompute(book, lang, round_check(rnd))
        if rnd is not None:
            rows = compute_team_standings(st.event, rnd)
            st.text = report.team_standings_text(st.event, rows, rnd, lang)
            st.data = rows
        if as_json:
            return Outcome(
                data={
                    "standings": [nums(r.to_dict()) for r in st.data],
                    "boards": {
                        str(k): [nums(r.to_dict()) for r in v] for k, v in board_standings(st.event, rnd).items()
                    },
                }
            )
    elif command == "explain":
        st = TW.explain(book, rnd, lang)
    elif command == "check":
        st = TW.check(book)
    else:
        raise XlxqError(
            f"团体赛工作簿不支持 xlxq {command}（可用：pair、standings、explain、check）",
            f"xlxq {command} is not available for team workbooks (use pair, standings, explain, check)",
        )
    return status_outcome(st, path, command in TEAM_SAVING)


def qualify_book(path: str | os.PathLike, args: Any) -> Outcome:
    """``xlxq qualify EVENT.xlsx [OUT.xlsx] --top K``: the knockout stage in
    the workbook itself, or — with a second, different workbook path — in a
    copy of it (the Swiss file is then left as it is)."""
    src = Path(path)
    out = getattr(args, "knockout", None)
    for flag, given in (
        ("--games-per-match", getattr(args, "games_per_match", 1) not in (None, 1)),
        ("--playoff-games", getattr(args, "playoff_games", None) is not None),
        ("--armageddon", bool(getattr(args, "armageddon", False))),
        ("--name", getattr(args, "name", None) is not None),
        ("--round", getattr(args, "round", None) is not None),
    ):
        if given:
            raise InputError(
                f"工作簿的淘汰赛阶段按“设置”表的每场局数、加赛局数、加赛决胜局进行，且在积分赛结束后晋圈：不用 {flag}",
                f"a workbook's knockout stage takes its settings from the Settings sheet: {flag} does not apply",
            )
    target = src
    if out is not None and Path(out).resolve() != src.resolve():
        target = Path(out)
        if target.suffix.lower() != src.suffix.lower():
            raise InputError(
                f"{target.name} 应与 {src.name} 同为 {src.suffix} 工作簿",
                f"{target.name} must be a {src.suffix} workbook like {src.name}",
            )
        if target.exists() and not getattr(args, "force", False):
            raise InputError(f"文件已存在：{target}（如要覆盖，加 --force）", f"{target} already exists (use --force)")
    on_tie = getattr(args, "on_tie", None)
    if target != src:
        OpenpyxlBook(src)  # a readable workbook, before anything is copied
        tmp = target.with_name(f".{target.stem}.new{target.suffix}")
        shutil.copyfile(src, tmp)
        try:
            st = W.qualify_knockout(
                OpenpyxlBook(tmp), getattr(args, "top", None), on_tie if on_tie == "number" else None
            )
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
    else:
        st = W.qualify_knockout(OpenpyxlBook(src), getattr(args, "top", None), on_tie if on_tie == "number" else None)

    def render(lang: str) -> list[str]:
        echo = Lines()
        echo(*st.lines(lang))
        if st.text:
            echo(st.text)
        echo(("已保存到 " if lang == "zh" else "saved to ") + str(target))
        return echo

    return Outcome(render=render, code=0 if st.ok else 1)


def round_check(rnd: Optional[int]) -> Any:
    """``--round N`` checked as on a JSON file (1 … the rounds in the
    workbook), by the recompute on the event it reads, before anything is
    written (None: nothing to check)."""
    if rnd is None:
        return None
    return lambda event: round_arg(event, rnd)
