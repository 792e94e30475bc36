"""``xlxq backups FILE`` (the backups every save keeps, newest first: time,
operation, rounds, size) and ``xlxq backups FILE --restore K`` (backup K
back in place of FILE, the file as it is kept first as a backup
``restore``).  Where they are and how they rotate:
:mod:`xlxq.backends.backups` (docs/reliability.md).
"""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path
from typing import Any, Optional

from xlxq.backends.backups import Backup, backups, folder_of, keep_count, operation
from xlxq.backends.safety import atomic_save
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.operations.result import Outcome
from xlxq.operations.source import is_workbook
from xlxq.sheets import layout as L

__all__ = ["rounds_in", "backups_outcome", "restore_backup"]

_SHEET_NAME = re.compile(r'<sheet\b[^>]*\bname="([^"]*)"')


def rounds_in(path: Path) -> Optional[int]:
    """The rounds a backup holds: a JSON file's ``rounds``, a workbook's round
    sheets (from its sheet list, the workbook is not loaded); None when it
    cannot be read."""
    try:
        if is_workbook(path):
            with zipfile.ZipFile(path) as z:
                text = z.read("xl/workbook.xml").decode("utf-8", "replace")
            kinds = [L.sheet_kind(n)[0] for n in _SHEET_NAME.findall(text)]
            return sum(1 for k in kinds if k in (L.ROUND, L.KO_ROUND))
        data = json.loads(path.read_text(encoding="utf-8"))
        return len(data.get("rounds", []))
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, AttributeError):
        return None


def _row(k: int, b: Backup) -> dict[str, Any]:
    return {
        "index": k,
        "time": b.time.strftime("%Y-%m-%d %H:%M:%S"),
        "operation": b.operation,
        "rounds": rounds_in(b.path),
        "size": b.size,
        "file": str(b.path),
    }


def backups_outcome(path: str, as_json: bool = False) -> Outcome:
    """The list of the backups of ``path`` (``as_json``: the rows as data)."""
    rows = [_row(k, b) for k, b in enumerate(backups(path), start=1)]

    def render(lang: str) -> list[str]:
        txt = Text(lang)
        folder = folder_of(path)
        if not rows:
            return [
                txt(
                    f"{path} 还没有备份（每次保存前自动备份到 {folder}）",
                    f"{path} has no backups yet (each save keeps one in {folder} first)",
                )
            ]
        out = [
            txt(
                f"{path} 的备份（{folder}，保留最近{keep_count()}个，最新在前；每个是该操作之前的文件）：",
                f"backups of {path} (in {folder}, the newest {keep_count()} kept, newest first; each is the "
                f"file as it was before the operation):",
            ),
            txt(
                "  序  时间                 操作        轮数   大小",
                "   #  time                 operation  rounds  size",
            ),
        ]
        for r in rows:
            rounds = "?" if r["rounds"] is None else str(r["rounds"])
            out.append(f"  {r['index']:>2}  {r['time']}  {r['operation']:<10} {rounds:>5}  {r['size']:>8}")
        out.append(txt(f"恢复：xlxq backups {path} --restore 序号", f"to restore one: xlxq backups {path} --restore #"))
        return out

    return Outcome(render=render, data={"backups": rows} if as_json else None)


def restore_backup(path: str, k: int) -> Outcome:
    """Backup ``k`` (1 = the newest) in place of ``path``; the file as it is
    is kept first (operation ``restore``)."""
    found = backups(path)
    if not 1 <= k <= len(found):
        raise InputError(
            f"没有第{k}个备份：{path} 共有{len(found)}个备份（xlxq backups {path} 列出）",
            f"there is no backup {k}: {path} has {len(found)} (xlxq backups {path} lists them)",
            file=path,
        )
    chosen = found[k - 1]
    data = chosen.path.read_bytes()  # read first: keeping the current file may rotate this one out

    def write(tmp: str) -> None:
        Path(tmp).write_bytes(data)

    with operation("restore"):
        atomic_save(path, write, workbook=is_workbook(path))
    when = chosen.time.strftime("%Y-%m-%d %H:%M:%S")

    def render(lang: str) -> list[str]:
        txt = Text(lang)
        return [
            txt(
                f"已恢复 {path}：{when} 的备份（{chosen.operation} 之前）；恢复前的文件已另存为备份",
                f"restored {path} from the backup of {when} (before {chosen.operation}); the file as it was "
                f"is kept as a backup too",
            )
        ]

    return Outcome(render=render)
