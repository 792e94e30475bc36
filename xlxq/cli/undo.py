"""``xlxq undo FILE [--force]`` (remove the last round: :mod:`xlxq.operations.undo`)
and ``xlxq backups FILE [--restore K] [--json]`` (the backups every save
keeps: :mod:`xlxq.operations.backups`), on JSON files and workbooks.

Lazy imports: the operations are imported inside the commands (start-up
time of ``xlxq --help``: the CLI imports the standard library only).
"""

from __future__ import annotations

import argparse

from xlxq.cli.output import finish
from xlxq.cli.workbooks import on_source

__all__ = ["cmd_undo", "cmd_backups", "add_parser"]


def cmd_undo(args: argparse.Namespace) -> int:
    from xlxq.cli.output import language
    from xlxq.operations.book import book_status, in_book_script, status_outcome
    from xlxq.operations.undo import undo_file

    def individual(event):
        return undo_file(event, args.file, args.force)

    def book(src):
        return in_book_script(
            src.book,
            language(),
            lambda: status_outcome(book_status("undo", src.book, force=args.force), src.path, True),
        )

    return on_source("undo", args, individual, individual, book)


def cmd_backups(args: argparse.Namespace) -> int:
    from xlxq.backends.safety import file_lock
    from xlxq.operations.backups import backups_outcome, restore_backup

    if args.restore is None:
        return finish(backups_outcome(args.file, args.json))
    with file_lock(args.file):
        return finish(restore_backup(args.file, args.restore))


def add_parser(sub) -> None:
    s = sub.add_parser(
        "undo",
        help="撤销最后一轮（重算成绩与编排记录）",
        description="撤销最后一轮：删除该轮（工作簿：该轮工作表及其编排记录），按前面各轮重算成绩；"
        "该轮已录入结果时须加 --force。撤销前的文件保留在备份中（xlxq backups）",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--force", action="store_true", help="该轮已有结果时也撤销（这些结果一并删除）")
    s.set_defaults(func=cmd_undo)

    s = sub.add_parser(
        "backups",
        help="列出或恢复备份",
        description="每次写入前，原文件自动备份到旁边的 .xlxq-backups/文件名/ 中（保留最近20个，XLXQ_BACKUPS 可改）；"
        "列出它们，或用 --restore K 恢复第K个（恢复前的文件也先备份）",
    )
    s.add_argument("file", metavar="FILE")
    s.add_argument("--restore", type=int, metavar="K", help="恢复第K个备份（1 = 最新）")
    s.add_argument("--json", action="store_true", help="以 JSON 输出备份列表")
    s.set_defaults(func=cmd_backups)
