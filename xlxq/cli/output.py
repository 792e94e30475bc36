"""The edge's output: the message language, ``txt(zh, en)``, printing, the
one-line usage error, and :func:`finish`, which saves what an operation
returns and prints its result (lines in the language, or ``--json``).

Lazy imports: :mod:`xlxq.i18n` and the file backend (:mod:`xlxq.operations.source`)
are imported when first needed, so that importing the CLI imports the
standard library only (``xlxq --help`` in about 50 ms).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

__all__ = ["language", "txt", "echo", "Parser", "write_json", "finish"]


def language() -> str:
    """The message language (``XLXQ_LANG``), read at each message as before."""
    from xlxq.i18n import env_lang

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


def finish(outcome: Any, path: Any = None) -> int:
    """The edge of every command: save the event an operation returns (to
    ``outcome.path`` or ``path``), print its ``--json`` data or its lines in
    the message language, then its error if it has one; the exit code."""
    if outcome.event is not None:
        from xlxq.operations.source import save

        save(outcome.event, str(outcome.path or path))
    if outcome.data is not None:
        write_json(outcome.json(language()))
    else:
        echo(*outcome.lines(language()))
    if outcome.error is not None:
        raise outcome.error
    return outcome.exit_code()
