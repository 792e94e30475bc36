"""The ``xlxq`` command line (also ``python -m xlxq``).

    xlxq new FILE --players 报名表.csv|.xlsx [--system swiss|round_robin|double_round_robin|knockout]
             [--rounds R] [--games-per-match G] [--name N] [--first-round M] [--seed S] [--draw SEED]
             [--tiebreaks PRESET|KEY,KEY…] [--eliminate X:Y …] [--playoff-games 2,1] [--armageddon] [--force]
    xlxq draw FILE [--seed S]           抽签: 序号 (队号) by a recorded draw, before round 1
    xlxq pair FILE [--provisional]      pair the next round, save, print the 对阵表 (refused while
                                        a result is missing, unless --provisional: 原则(八))
    xlxq schedule FILE [--force]        round robin: every round of the table at once
    xlxq standings FILE [--json] [--round N] [--with SWISS.json]
    xlxq recompute FILE                 计算成绩: a workbook's standings sheets rewritten, saved
    xlxq crosstable FILE [--json] [--round N]   round robin: the 交叉表
    xlxq explain FILE [--round N]       the 编排记录 of a round
    xlxq check FILE [--round N]         rule check + comparison with the engine / table / bracket
    xlxq audit FILE [--json]            every round re-derived and compared: 一致 / 人工调整 / 不一致 (exit 1)
    xlxq import REG ROUNDS OUT [--force]   an event run elsewhere (CSV/XLSX) into OUT.json or OUT.xlsx
    xlxq simulate FILE --seed S [--rounds K]   random results, pair on (dry run)
    xlxq qualify SWISS.json KNOCKOUT.json --top K [--on-tie error|number]   积分晋圈淘汰
    xlxq demo [DIR]                     sample workbook (xlxq.operations.workbook)
    xlxq publish FILE OUTDIR [--lang zh|en|both] [--url U] [--rating] [--with OTHER]   static web site of the event
    xlxq rating FILE [--json] [--k 0:20,2400:10] [--cap 400]   unofficial Elo report (等级分)
    xlxq report FILE [--pdf] [--out PATH] [--font F]   成绩册: the results booklet (.xlsx or PDF)
    xlxq undo FILE [--force]            remove the last round (standings, 编排记录 recomputed)
    xlxq backups FILE [--restore K]     the backups every save keeps (.xlxq-backups/ beside FILE)
    xlxq convert A B [--force]          a JSON event file into a workbook (.xlsx) or back
    xlxq scoresheets FILE [--round N] [--style half|compact] [--out X.xlsx]   记分单, one a board
    xlxq notice FILE [--round N] [--out X.xlsx]   编排记录公告 with its 姓名拼音 index
    xlxq lite-bundle DIR [--wheel-url URL] [--lang zh|zh-Hant|en]   xlwings Lite's main.py and requirements.txt

Team events (团体赛, ``event.kind: "team"``, docs/teams.md):

    xlxq new FILE --teams 团体报名表.csv --boards K [--lineup fixed_boards|fixed_order|per_round]
             [--system swiss|round_robin|double_round_robin|scheveningen] [--rounds R]
             [--pair-by match_points|game_points] [--match-scoring 2/1/0] [--tiebreaks seed001-team-1]
    xlxq lineup FILE [--round N] --team T [--players a,b,c,d]   出场名单 (checked by the format)
    xlxq standings FILE [--boards]      team standings, or 台次成绩
    (pair, schedule, explain, check, simulate work on team files too)
    xlxq new FILE --players P --member-total [--best N] [--by points|placings]   队员总分制
    xlxq standings FILE --teams         队员总分制 team ranking

Every command works for every system (swiss, round_robin,
double_round_robin, knockout) where it makes sense, and says so where it
does not.  FILE is a JSON tournament file (docs/format.md); an
``.xlsx``/``.xlsm`` FILE runs the workbook operations (:mod:`xlxq.cli.workbooks`).  Bad
input prints one line ``错误：…`` on stderr and exits 2 without touching the
file (``XLXQ_LANG=en`` for English).  Exit 1 is reserved for ``check``
finding rule errors.

The package, one module per command group, each a thin caller of the
operations layer (:mod:`xlxq.operations`): parse the arguments, open the
event source (a JSON file or a workbook), call the operation, render its
result in the message language, save once:

- :mod:`~xlxq.cli.output`: the language, ``txt(zh, en)``, ``echo``, ``finish`` (save and print a result);
- :mod:`~xlxq.cli.workbooks`: ``on_source`` (a workbook or a JSON file to its operation), ``demo``;
- :mod:`~xlxq.cli.new`, :mod:`~xlxq.cli.rounds` (pair, schedule), :mod:`~xlxq.cli.tables` (standings,
  crosstable), :mod:`~xlxq.cli.records` (explain, check), :mod:`~xlxq.cli.simulate`,
  :mod:`~xlxq.cli.qualify`, :mod:`~xlxq.cli.team` (``lineup``), :mod:`~xlxq.cli.excel`.

A new command (group): a module with ``add_parser(sub)`` (its sub-parsers,
each with ``set_defaults(func=…)``) and one line in :data:`COMMAND_GROUPS`;
its work is an operation in :mod:`xlxq.operations`.

Lazy imports: importing the package imports only the standard library (and
the command modules, themselves standard library only at their top); the
operations (the core, the backends, :mod:`xlxq.presentation.report`, the workbook
modules) are imported inside the commands — start-up time: ``xlxq --help``
in about 50 ms, where importing the operations costs about 150 ms more.
"""

from __future__ import annotations

import argparse
import atexit
import errno
import gc
import os
import sys
from contextlib import contextmanager
from typing import Any, Iterator, NoReturn, Optional, Sequence

from xlxq.cli import (
    audit,
    booklet,
    convert,
    draw,
    excel,
    lite,
    new,
    paper,
    prizes,
    publish,
    qualify,
    records,
    rounds,
    simulate,
    tables,
    team,
    undo,
    workbooks,
)
from xlxq.cli.output import Parser, language, txt

__all__ = ["main", "entry", "leave", "run", "collecting_late", "build_parser", "COMMAND_GROUPS"]

#: the command groups, in the order of ``xlxq -h``: each module's
#: ``add_parser(sub)`` adds its sub-commands.  A new group: one line here.
COMMAND_GROUPS = (
    new,  # new
    team,  # lineup
    rounds,  # pair, schedule
    tables,  # standings, crosstable
    prizes,  # prizes
    records,  # explain, check
    simulate,  # simulate
    qualify,  # qualify
    workbooks,  # demo
    convert,  # convert
    excel,  # excel-setup, doctor
    lite,  # lite-bundle
    publish,  # publish, rating
    draw,  # draw
    undo,  # undo, backups
    paper,  # scoresheets, notice
    booklet,  # report
    audit,  # audit, import
)


def version_text() -> str:
    """``xlxq 0.1.0 (Python 3.12.3)``: the installed package's version (the
    one an arbiter quotes in a report) and the Python running it."""
    import platform
    from importlib.metadata import PackageNotFoundError, version

    try:
        mine = version("xlxq")
    except PackageNotFoundError:  # run from a source tree that is not installed
        mine = "(not installed)"
    return f"xlxq {mine} (Python {platform.python_version()})"


class VersionAction(argparse.Action):
    """``--version``: the text is looked up only when asked for (the
    package metadata costs start-up time on every other run)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: Optional[str] = None) -> None:  # noqa: A002
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: Optional[str] = None) -> None:
        print(version_text())
        parser.exit()


def build_parser() -> Parser:
    p = Parser(
        prog="xlxq", description="象棋赛事编排与成绩：积分编排（中国象棋协会定位编排法）、循环赛、淘汰赛及组合赛制"
    )
    p.add_argument("--version", action=VersionAction, help="显示版本")
    sub = p.add_subparsers(dest="command", metavar="命令", parser_class=Parser)
    sub.required = True
    for group in COMMAND_GROUPS:
        group.add_parser(sub)
    workbooks.add_group_option(sub)
    return p


def _utf8_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[attr-defined]
        except (AttributeError, ValueError, OSError):
            pass


def _error(*msgs: str, label: Optional[str] = None) -> int:
    """Each message on one line after 错误： / error: (``label``; several:
    every problem a read found, issue 10 §4); exit 2."""
    label = txt("cli.error") if label is None else label
    for msg in msgs:
        line = " ".join(str(msg).split())
        sys.stderr.write(f"{label}{line}\n")
    return 2


def _error_of(exc: Any) -> int:
    """:func:`_error` of an error; one about a 繁體 workbook in 繁體
    (``exc.shown``: :func:`xlxq.operations.book.in_book_script`)."""
    shown = getattr(exc, "shown", None)
    if shown is None:
        return _error(*exc.lines())
    from xlxq.i18n import tr

    lang = language()
    return _error(*shown(exc.lines, lang), label=shown(lambda code: [tr(code, "cli.error")], lang)[0])


#: the collector's first threshold during a command (Python's default: 700)
COLLECT_AFTER = 100_000
#: the same in the ``xlxq`` process itself (:func:`entry`), which ends with
#: the command: not set back at the end (setting it back to 700 ran a last
#: collection of the command's young objects, 17 ms, for memory the process
#: gives back at once), and higher (one collection fewer on the way)
PROCESS_COLLECT_AFTER = 300_000


@contextmanager
def collecting_late(threshold: int = COLLECT_AFTER) -> Iterator[None]:
    """Python's cyclic garbage collector run every ``threshold`` allocations
    (net of frees) instead of every 700, the thresholds as they were
    restored at the end (``main`` may run inside a longer process: the
    tests, a caller's script).  A command's objects (the event, the
    workbook's cells) live to its end, so every collection scans them again
    for nothing: 12–17 % of ``xlxq pair book.xlsx`` at 1 000 players.  The
    garbage in reference cycles between collections stays bounded (at most
    ``threshold`` objects); every file and archive is closed by the code
    that opens it (tests/test_resources.py), none is left for a late
    collection to close."""
    before = gc.get_threshold()
    gc.set_threshold(threshold, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def main(argv: Optional[Sequence[str]] = None) -> int:
    with collecting_late():
        return run(argv)


def entry() -> NoReturn:
    """The ``xlxq`` console script and ``python -m xlxq``: :func:`main`, then
    the process ends at once (:func:`leave`), the collector's threshold
    :data:`PROCESS_COLLECT_AFTER` to the end.  ``main`` returns as usual for
    a caller in a longer process (the tests, tools/snapshot.py)."""
    gc.set_threshold(PROCESS_COLLECT_AFTER, *gc.get_threshold()[1:])
    leave(run())


def leave(code: int) -> NoReturn:
    """End the process with ``code`` without freeing its objects one by one.
    At its exit Python frees every object the command made (the workbook's
    cells, the event, the modules): 30 ms, 6 % of ``xlxq pair book.xlsx`` at
    1 000 players, memory the operating system takes back at once anyway.
    As mypy's fast exit does, with the exit handlers run first (logging's
    flush, filelock's release of a lock still held, openpyxl's temporary
    files) and the standard streams flushed; every file a command writes is
    saved and closed by the code that writes it before ``main`` returns
    (tests/test_resources.py), and no thread is left running."""
    try:
        atexit._run_exitfuncs()
    except Exception:  # noqa: BLE001 - a handler's failure does not change the command's outcome
        pass
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (xlxq … | head), a closed stream
            pass
    os._exit(code)


def run(argv: Optional[Sequence[str]] = None) -> int:
    """:func:`main` without the collector's thresholds changed."""
    _utf8_streams()
    parser = build_parser()
    args = parser.parse_args(argv)
    from xlxq.backends.backups import operation
    from xlxq.errors import XlxqError

    try:
        with operation(str(args.command)):  # named in the backups every save keeps
            return int(args.func(args) or 0)
    except XlxqError as exc:
        return _error_of(exc)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except OSError as exc:
        name = exc.filename or ""
        if exc.errno == errno.ENAMETOOLONG:  # not "cannot access": the name is the cause
            return _error(
                txt(
                    "cli.cannot-access-the-file-name-is-too-long",
                    name=name,
                    strerror=exc.strerror,
                )
            )
        return _error(txt("cli.cannot-access", name=name, or_exc=exc.strerror or exc))
    except Exception as exc:  # never a traceback for an arbiter
        if os.environ.get("XLXQ_DEBUG"):
            raise
        return _error(
            txt(
                "cli.internal-error-set-xlxq-debug-1-for",
                name=type(exc).__name__,
                exc=exc,
            )
        )
