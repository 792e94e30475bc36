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

__all__ = ["on_source", "book_command", "cmd_demo", "add_parser"]


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
    from xlxq.operations.source import BookSource, open_source

    with file_lock(args.file):
        src = open_source(args.file)
        if isinstance(src, BookSource):
            return finish(book(src)) if book is not None else book_command(command, src, args)
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
    )
    return finish(out)


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
