"""``xlxq CMD FILE`` on either kind of FILE, and ``xlxq demo``.

:func:`on_source` opens the event source (:func:`xlxq.operations.source.open_source`:
a JSON tournament file or an Excel workbook) and hands it to the command's
operation: a workbook to :func:`xlxq.operations.book.run_book` (the Book
operations), a file to the command's JSON operation; the result is
rendered and saved by :func:`xlxq.cli.output.finish`.

Lazy imports: the operations (the core, the backends, openpyxl) are imported
inside the functions, when a command runs: importing the CLI imports the
standard library only (``xlxq --help`` in about 50 ms).
"""

from __future__ import annotations

import argparse
from typing import Any, Callable, Optional

from xlxq.cli.output import finish, language
from xlxq.i18n import Msg

__all__ = ["on_source", "book_command", "cmd_demo", "add_parser", "add_group_option", "GROUP_COMMANDS"]


def on_source(
    command: str,
    args: argparse.Namespace,
    individual: Callable[[Any], Any],
    team: Optional[Callable[[Any], Any]] = None,
    book: Optional[Callable[[Any], Any]] = None,
) -> int:
    """The FILE commands: a workbook goes to ``book`` (given the
    BookSource; default: the Book operations of ``run_book``); a JSON
    file's event to ``team`` (a team file, when given) or ``individual``,
    each returning an Outcome; under the file's lock from the read to the
    save (docs/reliability.md)."""
    from xlxq.backends.safety import file_lock
    from xlxq.core.groups import Grouped
    from xlxq.operations.groups import per_group
    from xlxq.operations.source import BookSource, open_source

    with file_lock(args.file):
        src = open_source(args.file)
        if isinstance(src, BookSource):
            if book is not None:
                return finish(book(src))
            return book_command(command, src, args)
        only = getattr(args, "group", None)
        if isinstance(src.event, Grouped):  # a file of groups (组别): each group's event in turn
            return finish(per_group(src.event, individual, only), args.file)
        if only is not None:
            from xlxq.errors import InputError

            raise InputError(
                Msg("workbooks.group-is-for-an-event-with-groups-no"),
            )
        if team is not None and src.team:
            return finish(team(src.event), args.file)
        return finish(individual(src.event), args.file)


def book_command(command: str, src: Any, args: Any) -> int:
    """``command`` on the workbook ``src`` (its operation's result, rendered)."""
    from xlxq.operations.book import run_book

    out = run_book(
        command,
        src,
        language(),
        getattr(args, "round", None),
        bool(getattr(args, "json", False)),
        getattr(args, "with_swiss", None),
        seed=getattr(args, "seed", None) if command == "draw" else None,
        group=getattr(args, "group", None),
        provisional=bool(getattr(args, "provisional", False)),
    )
    return finish(out)


def cmd_demo(args: argparse.Namespace) -> int:
    """``xlxq demo [DIR] [--teams]``: a sample workbook, round 1 paired."""
    try:
        from xlxq.operations.workbook import demo
    except ImportError as exc:
        from xlxq.errors import XlxqError

        raise XlxqError(
            Msg("workbooks.the-demo-needs-xlxq-operations-workbook", exc=exc),
        )
    if getattr(args, "teams", False):
        from xlxq.operations.team_workbook import team_demo as demo
    rc = demo(args.dir, language()) if args.dir is not None else demo(lang=language())
    return int(rc) if isinstance(rc, int) else 0


#: the commands that take ``--group G`` (an event with groups, 组别: that group only)
GROUP_COMMANDS = (
    "pair",
    "schedule",
    "standings",
    "recompute",
    "crosstable",
    "explain",
    "check",
    "draw",
    "simulate",
    "prizes",
)


def add_group_option(sub) -> None:
    """``--group G`` on every command of :data:`GROUP_COMMANDS`."""
    for name in GROUP_COMMANDS:
        sub.choices[name].add_argument(
            "--group", metavar="G", help="分组别的赛事：只处理组别 G（默认：每个组别）/ one group only"
        )


def add_parser(sub) -> None:
    s = sub.add_parser(
        "demo", help="生成演示工作簿", description="生成演示用的 Excel 工作簿（xlxq.operations.workbook）"
    )
    s.add_argument("dir", nargs="?", metavar="DIR", help="输出文件夹")
    s.add_argument("--teams", action="store_true", help="团体赛演示工作簿（8队，团体积分编排）")
    s.set_defaults(func=cmd_demo)
