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


def txt(zh: str, en: str | None = None, /, **args: Any) -> str:
    """A catalogue message ``txt("id", **args)`` (or one of a pair
    ``txt("中文", "English")``) in the message language."""
    from xlxq.i18n import Text

    return Text(language())(zh, en, **args)


def echo(*lines: str) -> None:
    """Print each line."""
    for ln in lines:
        print(ln)


#: the help texts by their 简体, per language (messages ``help.*``; built at the first use)
_HELP: dict[str, dict[str, str]] = {}


def help_text(text: Any) -> Any:
    """A help text (description, help, Chinese metavar) in the message
    language: the command modules write the 简体, the catalogue's ``help.*``
    messages have it in every language (tests/test_cli_help.py fails on a
    help text without its message)."""
    if not isinstance(text, str):
        return text
    from xlxq.i18n import catalogue, norm_lang

    code = norm_lang(language())
    if code == "zh":
        return text
    table = _HELP.get(code)
    if table is None:
        hans, there = catalogue("zh"), catalogue(code)
        table = _HELP[code] = {hans[k]: there[k] for k in hans if k.startswith("help.") and k in there}
    return table.get(text, text)


class Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line, exit 2, and shows
    its help in the message language (issue 10 §6: the modules write the
    Chinese, the catalogue has it in every language: :func:`help_text`)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        if "description" in kw:
            kw["description"] = help_text(kw["description"])
        super().__init__(*args, **kw)

    def add_argument(self, *args: Any, **kw: Any) -> Any:
        for key in ("help", "metavar"):
            if key in kw:
                kw[key] = help_text(kw[key])
        return super().add_argument(*args, **kw)

    def add_subparsers(self, **kw: Any) -> Any:
        if "metavar" in kw:
            kw["metavar"] = help_text(kw["metavar"])
        action = super().add_subparsers(**kw)
        add = action.add_parser

        def add_parser(name: str, **more: Any) -> Any:
            if "help" in more:
                more["help"] = help_text(more["help"])
            return add(name, **more)

        action.add_parser = add_parser  # type: ignore[method-assign]
        return action

    def error(self, message: str) -> None:  # type: ignore[override]
        hint = txt("output.see-h", prog=self.prog)
        sys.stderr.write(f"{txt('cli.error')}{message}{hint}\n")
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
