"""The commands on an Excel workbook (``xlxq CMD FILE.xlsx``, openpyxl
backend): each runs one Book operation of :mod:`xlxq.operations.workbook` or
:mod:`xlxq.operations.team_workbook` (``pair_next_round(book)``, ``recompute(book)``
…; they read every sheet once and return one WritePlan in their Status)
through :func:`run_op`, the one place that applies the plan, and returns its
Status as an :class:`~xlxq.operations.result.Outcome` (the Status's lines,
"saved to", exit code 0, or 1 when the workbook has errors, highlighted);
the tables come from :mod:`xlxq.presentation.report`, the same as on a JSON file.  Bad
input raises XlxqError (the file untouched).

Lazy imports: :mod:`xlxq.operations.team_workbook` and the team standings only in
:func:`run_team_book` (start-up time of an individual workbook's commands).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any, Callable, Optional

from xlxq.presentation import report
from xlxq.operations import workbook as W
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.core.standings import compute_standings
from xlxq.errors import InputError, XlxqError
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome, no_lines
from xlxq.operations.source import BookSource, round_arg
from xlxq.sheets.problems import Status
from xlxq.operations.undo import undo_book
from xlxq.text import nums
from xlxq.operations.workbook_common import apply_status
from xlxq.operations.workbook_draw import draw_numbers, new_draw_seed
from xlxq.operations.workbook_groups import for_each_group, group_status, workbook_groups
from xlxq.sheets.groups import GroupView, refuse_team_groups
from xlxq.sheets.team_layout import is_team_book
from xlxq.operations.groups import combined
from xlxq.systems import system_for, system_label, team_rules
from xlxq.i18n import Lazy, Msg, norm_lang, tr
from xlxq.sheets.canvas import book_script
from xlxq.sheets.script import HANT, to_hant

__all__ = [
    "run_op",
    "book_status",
    "SAVING",
    "status_outcome",
    "standings_json",
    "run_book",
    "book_outcome",
    "in_book_script",
    "run_team_book",
    "qualify_book",
]

#: the commands whose operation saves the workbook ("saved to" is shown)
SAVING = {"pair", "schedule", "standings", "recompute", "explain", "draw"}
TEAM_SAVING = {"pair", "standings", "recompute", "explain"}


def run_op(op: Callable[..., Status], book: Any, *args: Any, **kwargs: Any) -> Status:
    """Run the Book operation ``op`` on ``book`` (``W.pair_next_round``,
    ``TW.recompute`` …) and apply the WritePlan its Status carries: every
    entry point (the CLI on a workbook, the Excel buttons, xlwings Lite)
    writes a workbook through here.  On a group's view (组别) the problems
    are placed on the workbook's sheets (:meth:`GroupView.named`)."""
    st = apply_status(book, op(book, *args, **kwargs))
    return book.named(st) if isinstance(book, GroupView) else st


def book_status(
    command: str,
    book: Any,
    round_no: Optional[int] = None,
    lang: str = "zh",
    provisional: bool = False,
    force: bool = False,
) -> Any:
    """The Book operation ``command`` names (``pair``, ``recompute``,
    ``schedule``, ``qualify``, ``explain``, ``check``, ``undo``) on any
    ``Book`` (openpyxl, xlwings): its Status, its texts in ``lang``; ``draw``
    (抽签) with a fresh seed, shown and recorded in 设置.  The Excel buttons
    call this (``provisional``: pair on 原则(八) draws; ``force``: undo a
    round with results).  A workbook with groups (组别): the command on
    every group (:mod:`xlxq.operations.workbook_groups`)."""
    if grouped_book(book):
        if command == "draw":  # one seed for every group, the one recorded in 设置
            seed = new_draw_seed()
            return group_status(book, lambda view: run_op(draw_numbers, view, seed))
        return group_status(book, lambda view: book_status(command, view, round_no, lang, provisional, force))
    if command == "pair":
        return run_op(W.pair_next_round, book, lang, provisional)
    if command == "undo":
        return run_op(undo_book, book, force)
    if command == "recompute":
        return run_op(W.recompute, book, lang)
    if command == "schedule":
        return run_op(W.schedule_round_robin, book, lang)
    if command == "qualify":
        return run_op(W.qualify_knockout, book, text_lang=lang)
    if command == "check":
        return run_op(W.check, book, round_check(round_no))
    if command == "explain":
        return run_op(W.explain, book, round_no, text_lang=lang)
    if command == "draw":
        return run_op(draw_numbers, book)
    raise ValueError(command)


def grouped_book(book: Any) -> bool:
    """Whether ``book`` is an individual workbook with groups (组别); a team
    workbook with a 组别 column is refused."""
    if is_team_book(book):
        refuse_team_groups(book)
        return False
    return workbook_groups(book) is not None


def _status_lines(st: Any, lang: str, path: Any, saved: bool) -> list[str]:
    out = list(st.lines(lang))
    if st.text:
        out.append(st.text)
    if saved and st.ok:
        out.append((tr(lang, "book.saved-to")) + str(path))
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
    if system_for(event.settings).pairs_by_score and ko is not None:
        out["knockout"] = report.ko_standings_data(ko, None, lang)
        try:
            out["combined"] = report.combined_data(event, ko)
        except InputError:
            pass
    return out


def shown_in_hant(keep: Any, render: Callable[[str], Any], lang: str) -> list[str]:
    """``render(lang)``'s lines for a 繁體 workbook (``keep``: its user
    strings, :func:`book_script`): ``lang`` zh (简体, the default) becomes
    繁體: the messages rendered by the zh-Hant catalogue, then what is still
    简体 (the 对阵表 and 名次表 printed, a message not yet in the catalogue)
    by :func:`to_hant`, as the sheets are written, the names, units and
    titles kept as typed; English as it is."""
    if norm_lang(lang) != "zh":
        return list(render(lang))
    return [to_hant(str(line), keep) for line in render(HANT)]


def in_book_script(book: Any, lang: str, make: Callable[[], Outcome]) -> Outcome:
    """``make()``'s result (an operation on ``book``) shown in the
    workbook's script: in a 繁體 workbook (:func:`book_script`) the 简体
    the user has not changed (``lang`` zh; ``XLXQ_LANG=en`` stays English)
    becomes 繁體 (:func:`shown_in_hant`): its lines, and the error it
    raises (``exc.shown``, which the CLI renders by).  ``--json`` data are
    left as they are."""
    keep = book_script(book) if norm_lang(lang) == "zh" else None
    if keep is None:
        return make()
    show = partial(shown_in_hant, keep)
    try:
        out = make()
    except XlxqError as exc:
        exc.shown = show  # type: ignore[attr-defined]
        raise
    return replace(out, render=partial(show, out.render))


def run_book(
    command: str,
    src: BookSource,
    lang: str,
    rnd: Optional[int] = None,
    as_json: bool = False,
    with_swiss: Optional[str] = None,
    seed: Optional[int] = None,
    group: Optional[str] = None,
    provisional: bool = False,
) -> Outcome:
    """``xlxq pair|schedule|standings|crosstable|explain|check FILE.xlsx``:
    :func:`book_outcome`, shown in the workbook's script (:func:`in_book_script`)."""
    return in_book_script(
        src.book, lang, lambda: book_outcome(command, src, lang, rnd, as_json, with_swiss, seed, group, provisional)
    )


def book_outcome(
    command: str,
    src: BookSource,
    lang: str,
    rnd: Optional[int] = None,
    as_json: bool = False,
    with_swiss: Optional[str] = None,
    seed: Optional[int] = None,
    group: Optional[str] = None,
    provisional: bool = False,
) -> Outcome:
    """``xlxq pair|schedule|standings|crosstable|explain|check FILE.xlsx``:
    the operation on the workbook, its result.  ``lang``: the language of its
    texts (the 编排记录 and the message tables) and of the ``--json`` labels;
    ``seed``: the draw seed of ``draw`` (抽签, individual and team workbooks);
    ``group``: of a workbook with groups (组别), that group only (default:
    each group in turn, the results one after the other)."""
    if grouped_book(src.book):
        if command == "draw" and seed is None:  # one seed for every group, the one recorded in 设置
            seed = new_draw_seed()
        done = for_each_group(
            src.book,
            lambda view: book_outcome(
                command, BookSource(src.path, view, False), lang, rnd, as_json, with_swiss, seed, None, provisional
            ),
            group,
        )
        return combined([(view.group, out) for view, out in done])
    if group is not None:
        raise InputError(
            Msg("book.group-is-for-a-workbook-with-groups-no"),
        )
    if command == "draw":
        return status_outcome(run_op(draw_numbers, src.book, seed), src.path, True)
    if src.team:
        return run_team_book(command, src, lang, rnd, as_json, provisional)
    book, path = src.book, src.path
    if command == "pair":
        st = run_op(W.pair_next_round, book, lang, provisional)
    elif command == "schedule":
        st = run_op(W.schedule_round_robin, book, lang)
    elif command == "standings":
        if with_swiss is not None:
            raise InputError(Msg("book.a-workbook-holds-both-stages-no-with"))
        st = run_op(W.recompute, book, lang, round_check(rnd))
        if st.ok and rnd is not None and system_for(st.event.settings).pairs_by_score:
            rows = compute_standings(st.event, rnd)
            st.text = report.book_standings_text(st.event, rows, rnd, lang)
            st.data = rows
        if st.ok and as_json:
            return Outcome(data=standings_json(st, lang, rnd))
        if st.ok and rnd is not None and not system_for(st.event.settings).pairs_by_score:
            try:
                after: Optional[int] = round_arg(st.event, rnd)
            except XlxqError as exc:  # the workbook is saved: its lines, then the error
                return Outcome(render=st.lines, error=exc)

            def render(lang: str) -> list[str]:
                return list(st.lines(lang)) + report.standings_lines(st.event, after, lang)

            return Outcome(render=render)
    elif command == "recompute":  # the button 计算成绩
        st = run_op(W.recompute, book, lang)
    elif command == "crosstable":
        st = run_op(W.recompute, book, lang)
        if st.ok:
            if not system_for(st.event.settings).follows_order_table:
                raise InputError(
                    Msg(
                        "book.a-cross-table-is-for-round-robins-only",
                        system=Lazy(lambda lang: system_label(st.event.settings.system, lang)),
                    ),
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
        st = run_op(W.explain, book, rnd, text_lang=lang)
    elif command == "check":
        st = run_op(W.check, book, round_check(rnd))
    else:
        raise XlxqError(
            Msg("book.xlxq-is-not-available-for-workbooks-use", command=command),
        )
    return status_outcome(st, path, command in SAVING)


def run_team_book(
    command: str,
    src: BookSource,
    lang: str,
    rnd: Optional[int] = None,
    as_json: bool = False,
    provisional: bool = False,
) -> Outcome:
    """``xlxq pair|standings|explain|check FILE.xlsx`` on a team workbook."""
    from xlxq.operations import team_workbook as TW
    from xlxq.core.team_standings import board_standings, compute_team_standings

    book, path = src.book, src.path
    if command == "pair":
        st = run_op(TW.pair_next_round, book, lang, provisional)
    elif command == "standings":
        st = run_op(TW.recompute, book, lang, round_check(rnd))
        if rnd is not None:
            rows = compute_team_standings(st.event, rnd, rules=team_rules(st.event.settings))
            st.text = report.team_standings_text(st.event, rows, rnd, lang)
            st.data = rows
        if as_json:
            return Outcome(
                data={
                    "standings": [nums(r.to_dict()) for r in st.data],
                    "boards": {
                        str(k): [nums(r.to_dict()) for r in v]
                        for k, v in board_standings(st.event, rnd, rules=team_rules(st.event.settings)).items()
                    },
                }
            )
    elif command == "recompute":  # the button 计算成绩
        st = run_op(TW.recompute, book, lang)
    elif command == "explain":
        st = run_op(TW.explain, book, rnd, text_lang=lang)
    elif command == "check":
        st = run_op(TW.check, book)
    else:
        raise XlxqError(
            Msg("book.xlxq-is-not-available-for-team-workbooks", command=command),
        )
    return status_outcome(st, path, command in TEAM_SAVING)


def qualify_book(
    path: str | os.PathLike,
    knockout: Optional[str | os.PathLike] = None,
    top: Optional[int] = None,
    *,
    on_tie: Optional[str] = None,
    force: bool = False,
    games_per_match: Optional[int] = None,
    playoff_games: Optional[str] = None,
    armageddon: bool = False,
    name: Optional[str] = None,
    round_no: Optional[int] = None,
    lang: str,
) -> Outcome:
    """``xlxq qualify EVENT.xlsx [OUT.xlsx] --top K``: the knockout stage in
    the workbook itself, or — with a second, different workbook path
    ``knockout`` — in a copy of it (the Swiss file is then left as it is;
    ``force``: over an existing file).  ``top``: K (None: 设置 → 晋圈人数);
    ``on_tie`` "number": a tie across the cut by number.  The options of a
    JSON file's knockout (``games_per_match`` other than 1,
    ``playoff_games``, ``armageddon``, ``name``, ``round_no``) are refused:
    a workbook takes them from its 设置 sheet and qualifies at the end."""
    src = Path(path)
    out = knockout
    for flag, given in (
        ("--games-per-match", games_per_match not in (None, 1)),
        ("--playoff-games", playoff_games is not None),
        ("--armageddon", armageddon),
        ("--name", name is not None),
        ("--round", round_no is not None),
    ):
        if given:
            raise InputError(
                Msg("book.a-workbooks-knockout-stage-takes-its", flag=flag),
            )
    book = OpenpyxlBook(src)  # a readable workbook, before anything is copied; its script
    return in_book_script(book, lang, lambda: _qualify_outcome(src, book, out, force, top, on_tie, lang))


def _qualify_outcome(
    src: Path,
    book: Any,
    out: Optional[str | os.PathLike],
    force: bool,
    top: Optional[int],
    on_tie: Optional[str],
    lang: str,
) -> Outcome:
    """:func:`qualify_book` on ``book`` (read from ``src``), or on a copy at ``out``."""
    target = src
    if out is not None and Path(out).resolve() != src.resolve():
        target = Path(out)
        if target.suffix.lower() != src.suffix.lower():
            raise InputError(
                Msg("book.must-be-a-workbook-like", name=target.name, name2=src.name, suffix=src.suffix),
            )
        if target.exists() and not force:
            raise InputError(Msg("book.already-exists-use-force", target=target))
    if target != src:
        tmp = target.with_name(f".{target.stem}.new{target.suffix}")
        shutil.copyfile(src, tmp)
        try:
            st = _qualify(OpenpyxlBook(tmp), top, on_tie, lang)
            os.replace(tmp, target)
        finally:
            tmp.unlink(missing_ok=True)
    else:
        st = _qualify(book, top, on_tie, lang)

    def render(lang: str) -> list[str]:
        echo = Lines()
        echo(*st.lines(lang))
        if st.text:
            echo(st.text)
        echo((tr(lang, "book.saved-to")) + str(target))
        return echo

    return Outcome(render=render, code=0 if st.ok else 1)


def _qualify(book: Any, top: Optional[int], on_tie: Optional[str], lang: str) -> Any:
    """积分晋圈淘汰 in ``book``; with groups (组别), in every group: each
    group's top ``top`` (设置's 晋圈人数) into its own 晋级名单 and knockout
    rounds, as the 晋圈 button does."""
    tie = on_tie if on_tie == "number" else None
    if grouped_book(book):
        return group_status(book, lambda view: run_op(W.qualify_knockout, view, top, tie, text_lang=lang))
    return run_op(W.qualify_knockout, book, top, tie, text_lang=lang)


def round_check(rnd: Optional[int]) -> Any:
    """``--round N`` checked as on a JSON file (1 … the rounds in the
    workbook), by the recompute on the event it reads, before anything is
    written (None: nothing to check)."""
    if rnd is None:
        return None
    return lambda event: round_arg(event, rnd)
