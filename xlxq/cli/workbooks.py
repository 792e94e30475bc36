"""``xlxq CMD FILE.xlsx``: the commands on an Excel workbook (openpyxl
backend), and :func:`on_file`, which hands a FILE to them or to the JSON
command.  Each runs one operation of :mod:`xlxq.workbook` or
:mod:`xlxq.team_workbook` (``pair_next_round(book)``, ``recompute(book)`` …)
and prints its Status; the tables come from :mod:`xlxq.report`, the same as
on a JSON file.  Exit code 0, or 1 when the workbook has errors
(highlighted); bad input raises XlxqError (exit 2, the file untouched).

Standard library at import; the workbook modules (openpyxl) are imported
when a workbook is met (start-up time).
"""

from __future__ import annotations

import argparse
import os
import shutil
from pathlib import Path
from typing import Any, Optional

from xlxq.cli.files import is_team, is_workbook, load, round_arg
from xlxq.cli.output import RR_SYSTEMS, echo, language, nums, write_json

__all__ = [
    "on_file",
    "workbook_dispatch",
    "dispatch",
    "team_dispatch",
    "standings_json",
    "report_status",
    "cmd_demo",
    "add_parser",
]


def on_file(command: str, args: argparse.Namespace, individual, team=None) -> int:
    """The start shared by the FILE commands: an Excel FILE goes to
    :func:`workbook_dispatch`; otherwise the file is loaded and handed, with
    ``args``, to ``team`` (a team file, when given) or to ``individual``;
    under the file's lock from the read to the save (docs/reliability.md)."""
    from xlxq.backends.safety import file_lock  # lazy: start-up time

    with file_lock(args.file):
        if is_workbook(args.file):
            return workbook_dispatch(command, args.file, args)
        event = load(args.file)
        if team is not None and is_team(event):
            return team(event, args)
        return individual(event, args)


def workbook_dispatch(command: str, path: str, args: argparse.Namespace) -> int:
    """``command`` on the workbook ``path``, or a clear error when the
    workbook modules cannot be imported (openpyxl missing)."""
    try:
        import xlxq.workbook  # noqa: F401  (lazy: openpyxl only for a workbook)
    except ImportError as exc:
        from xlxq.errors import XlxqError

        raise XlxqError(
            f"无法处理 Excel 工作簿 {path}：工作簿模块 xlxq.workbook 不可用（{exc}）",
            f"cannot handle the Excel workbook {path}: xlxq.workbook is not available ({exc})",
        )
    rc = dispatch(command, path, args)
    return int(rc) if isinstance(rc, int) else 0


def report_status(st: Any, lang: str, path: Any, saved: bool) -> int:
    """Print ``st`` (and "saved to" when the operation ``saved`` the workbook
    and succeeded); the exit code."""
    for line in st.lines(lang):
        print(line)
    if st.text:
        print(st.text)
    if saved and st.ok:
        print(("已保存到 " if lang == "zh" else "saved to ") + str(path))
    return 0 if st.ok else 1


def _round_given(book: Any, rnd: Optional[int], team: bool = False) -> None:
    """``--round N`` checked as on a JSON file (1 … the rounds in the
    workbook) before anything is written; a workbook the reader stops on is
    left to the operation, which reports it."""
    if rnd is None:
        return
    from xlxq.errors import XlxqError

    try:
        if team:
            from xlxq.sheets.team_read import read_team_workbook

            event = read_team_workbook(book).event
        else:
            from xlxq.sheets.read import read_workbook

            data = read_workbook(book)
            if data.blocking:
                return
            event = data.event
    except XlxqError:
        return
    round_arg(event, rnd)


def _round_checked(event, rnd: Optional[int]) -> Optional[int]:
    if rnd is not None:
        round_arg(event, rnd)
    return rnd


def standings_json(st: Any, data_round: Optional[int] = None) -> dict:
    """``xlxq standings FILE.xlsx --json``: the shapes of docs/format.md, by
    system (those of a JSON file).  Swiss: ``{"standings": […]}`` (with
    ``eliminated_after`` under 积分末位淘汰); with the knockout stage of
    积分晋圈淘汰 also ``"knockout"`` (the knockout shape) and, once it is
    finished, ``"combined"``."""
    from xlxq import report
    from xlxq.errors import InputError

    event = st.event
    lang = language()
    out = report.standings_data(event, _round_checked(event, data_round), lang)
    ko = st.ko_event
    if event.settings.system == "swiss" and ko is not None:
        out["knockout"] = report.ko_standings_data(ko, None, lang)
        try:
            out["combined"] = report.combined_data(event, ko)
        except InputError:
            pass
    return out


def dispatch(command: str, path: str | os.PathLike, args: Any = None) -> int:
    """``xlxq pair|schedule|standings|crosstable|explain|check|qualify
    FILE.xlsx``: run the operation on the file, print the result."""
    from xlxq import report
    from xlxq import team_workbook as TW
    from xlxq import workbook as W
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.errors import InputError, XlxqError

    lang = language()
    rnd = getattr(args, "round", None)
    if command == "qualify":
        from xlxq.backends.safety import file_lock

        with file_lock(path):
            return _qualify(path, args, lang)
    book = OpenpyxlBook(path)
    if TW.is_team_workbook(book):
        return team_dispatch(command, path, args, book=book)
    if command == "pair":
        st = W.pair_next_round(book)
    elif command == "schedule":
        st = W.schedule_round_robin(book)
    elif command == "standings":
        if getattr(args, "with_swiss", None) is not None:
            raise InputError(
                "工作簿中的积分晋圈淘汰在同一文件中，不需要 --with", "a workbook holds both stages: no --with"
            )
        _round_given(book, rnd)
        st = W.recompute(book)
        if st.ok and rnd is not None and st.event.settings.system == "swiss":
            from xlxq.core.standings import compute_standings

            rows = compute_standings(st.event, rnd)
            st.text = report.book_standings_text(st.event, rows, rnd, lang)
            st.data = rows
        if st.ok and getattr(args, "json", False):
            write_json(standings_json(st, rnd))
            return 0
        if st.ok and rnd is not None and st.event.settings.system != "swiss":
            for line in st.lines(lang):
                print(line)
            echo(*report.standings_lines(st.event, round_arg(st.event, rnd), lang))
            return 0
    elif command == "crosstable":
        st = W.recompute(book)
        if st.ok:
            if st.event.settings.system not in RR_SYSTEMS:
                raise InputError(
                    f"交叉表只用于循环赛，本赛事为{st.event.settings.system}",
                    f"a cross table is for round robins only; this event is {st.event.settings.system}",
                )
            as_json = getattr(args, "json", False)
            if not as_json:
                for line in st.lines(lang):
                    print(line)
            after = round_arg(st.event, rnd) if rnd is not None else None
            if as_json:
                write_json(report.cross_table_data(st.event, after))
            else:
                echo(*report.cross_table_lines(st.event, after, lang))
            return 0
    elif command == "explain":
        st = W.explain(book, rnd)
    elif command == "check":
        st = W.check(book)
    else:
        raise XlxqError(
            f"Excel 工作簿不支持 xlxq {command}（可用：pair、schedule、standings、crosstable、explain、check、"
            f"qualify）",
            f"xlxq {command} is not available for workbooks (use pair, schedule, standings, crosstable, "
            f"explain, check, qualify)",
        )
    return report_status(st, lang, path, command in ("pair", "schedule", "standings", "explain"))


def team_dispatch(command: str, path: str | os.PathLike, args: Any = None, book: Any = None) -> int:
    """``xlxq pair|standings|explain|check FILE.xlsx`` on a team workbook
    (openpyxl backend unless ``book`` is given)."""
    from xlxq import report
    from xlxq import team_workbook as TW
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.errors import XlxqError

    lang = language()
    book = book if book is not None else OpenpyxlBook(path)
    rnd = getattr(args, "round", None)
    if command == "pair":
        st = TW.pair_next_round(book)
    elif command == "standings":
        _round_given(book, rnd, team=True)
        st = TW.recompute(book)
        if rnd is not None:
            from xlxq.core.team_standings import compute_team_standings

            rows = compute_team_standings(st.event, rnd)
            st.text = report.team_standings_text(st.event, rows, rnd, lang)
            st.data = rows
        if getattr(args, "json", False):
            from xlxq.core.team_standings import board_standings

            out = {
                "standings": [nums(r.to_dict()) for r in st.data],
                "boards": {str(k): [nums(r.to_dict()) for r in v] for k, v in board_standings(st.event, rnd).items()},
            }
            write_json(out)
            return 0
    elif command == "explain":
        st = TW.explain(book, rnd)
    elif command == "check":
        st = TW.check(book)
    else:
        raise XlxqError(
            f"团体赛工作簿不支持 xlxq {command}（可用：pair、standings、explain、check）",
            f"xlxq {command} is not available for team workbooks (use pair, standings, explain, check)",
        )
    return report_status(st, lang, path, command in ("pair", "standings", "explain"))


def _qualify(path: str | os.PathLike, args: Any, lang: str) -> int:
    """``xlxq qualify EVENT.xlsx [OUT.xlsx] --top K``: the knockout stage in
    the workbook itself, or — with a second, different workbook path — in a
    copy of it (the Swiss file is then left as it is)."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.errors import InputError
    from xlxq.workbook import qualify_knockout

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


def cmd_demo(args: argparse.Namespace) -> int:
    """``xlxq demo [DIR] [--teams]``: a sample workbook, round 1 paired."""
    try:
        from xlxq.workbook import demo
    except ImportError as exc:
        from xlxq.errors import XlxqError

        raise XlxqError(
            f"演示需要工作簿模块 xlxq.workbook，但它不可用（{exc}）",
            f"the demo needs xlxq.workbook, which is not available ({exc})",
        )
    if getattr(args, "teams", False):
        from xlxq.team_workbook import team_demo as demo
    rc = demo(args.dir) if args.dir is not None else demo()
    return int(rc) if isinstance(rc, int) else 0


def add_parser(sub) -> None:
    s = sub.add_parser("demo", help="生成演示工作簿", description="生成演示用的 Excel 工作簿（xlxq.workbook）")
    s.add_argument("dir", nargs="?", metavar="DIR", help="输出文件夹")
    s.add_argument("--teams", action="store_true", help="团体赛演示工作簿（8队，团体积分编排）")
    s.set_defaults(func=cmd_demo)
