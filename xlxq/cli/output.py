"""What every command shares for its output: the language, ``txt(zh, en)``,
printing, the number and table formatting of :mod:`xlxq.text`, the one-line
usage error.

Standard library (and :mod:`xlxq.text`, itself standard library only) at
import: the language and the system labels are looked up when first needed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

from xlxq.text import fmt, num, nums, text_table

__all__ = [
    "language",
    "txt",
    "echo",
    "Parser",
    "RR_SYSTEMS",
    "system_label",
    "players_by_no",
    "who",
    "write_json",
    "fmt",
    "num",
    "nums",
    "text_table",
]


def language() -> str:
    """The message language (``XLXQ_LANG``), read at each message as before."""
    from xlxq.i18n import env_lang  # lazy: start-up time

    return env_lang()


def txt(zh: str, en: str) -> str:
    """``zh`` or ``en``, by the message language."""
    return en if language() == "en" else zh


def echo(*lines: str) -> None:
    """Print each line."""
    for ln in lines:
        print(ln)


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line, exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        hint = txt(f"（用 {self.prog} -h 查看用法）", f" (see {self.prog} -h)")
        sys.stderr.write(f"{txt('错误：', 'error: ')}{message}{hint}\n")
        raise SystemExit(2)


RR_SYSTEMS = ("round_robin", "double_round_robin")


def system_label(system: str, games: int = 1) -> str:
    from xlxq.systems import system_label as label  # lazy: start-up time

    return label(system, language(), games)


def players_by_no(event) -> dict[int, Any]:
    return {p.no: p for p in event.players}


def who(event, no: int) -> str:
    """``name（7号）`` (:func:`xlxq.report.who` in the message language)."""
    from xlxq.report import who as who_in  # lazy: start-up time

    return who_in(event, no, language())


def write_json(data: Any) -> None:
    """``--json`` output: ``data`` on stdout, indented, non-ASCII kept; always
    valid JSON (a number that is not finite is written as null)."""
    try:
        text = json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False)
    except ValueError:
        text = json.dumps(_finite(data), ensure_ascii=False, indent=1, allow_nan=False)
    sys.stdout.write(text + "\n")


def _finite(v: Any) -> Any:
    if isinstance(v, float) and not math.isfinite(v):
        return None
    if isinstance(v, dict):
        return {k: _finite(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_finite(x) for x in v]
    return v
