"""The command line that a button click runs, built from the VBA itself.

RunPython (the standalone ``xlwings`` module inside the .xlsm) starts Python
through ``cmd.exe`` on Windows.  Rather than copying that command by hand,
this module reads the VBA of the committed template (oletools' olevba, as
tests/test_xlsm_build.py does) and evaluates the very statements that build
it:

* ``PYTHONPATH = AddExcelDir & ";" & ActiveFullName & … & GetConfig("PYTHONPATH")``
  (the Windows branch of ``RunPython``),
* the ``PYTHONPATH = Replace(PYTHONPATH, …)`` escapes of ``ExecuteWindows``,
* ``RunCommand = CondaCmd & PythonInterpreter & " -B -c ""import xlwings.utils;…``,
* the first argument of ``WScript.Run("cmd.exe /C " & DriveCommand & …)``,

with a small evaluator of VBA string expressions (literals with ``""``,
``&``, ``Chr(34)``, ``GetConfig("KEY")``, variables and ``Application.…`` /
``ThisWorkbook.…`` from a dict).  :func:`windows_argv` then does what
``cmd.exe /C`` and the C runtime do with that string: the ``2> "log"``
redirect is split off, carets outside quotes are removed, and the rest is
split into argv by the ``CommandLineToArgvW`` rules.  The interpreter is
replaced by this one, so the result can be run here with ``subprocess``.

What this does not cover: ``cmd.exe`` itself, ``WScript.Shell.Run``, COM.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "workbook_templates" / "xlxq-event-zh.xlsm"


def embedded_modules(path: Path = TEMPLATE) -> dict[str, str]:
    """module name → VBA source of a workbook (olevba)."""
    from oletools.olevba import VBA_Parser

    parser = VBA_Parser(str(path))
    try:
        out = {}
        for _, _, _, code in parser.extract_macros():
            m = re.match(r'Attribute VB_Name = "([^"]+)"', code)
            if m:
                out[m.group(1)] = code.replace("\r\n", "\n")
        return out
    finally:
        parser.close()


def _logical_lines(code: str) -> list[str]:
    """Lines with VBA's `` _`` continuations joined."""
    return re.sub(r" _\n\s*", " ", code).split("\n")


def _function(code: str, name: str) -> str:
    m = re.search(rf"^(?:Public |Private )?(?:Function|Sub) {name}\(.*?^End (?:Function|Sub)", code, re.M | re.S)
    assert m, f"{name} not found in the xlwings module"
    return m.group(0)


# --------------------------------------------------------------------------
# a VBA string-expression evaluator


_TOKEN = re.compile(
    r'\s*(?:(?P<str>"(?:[^"]|"")*")|(?P<amp>&)|(?P<call>(?:Chr|GetConfig)\()|'
    r"(?P<name>[A-Za-z_][\w.]*)|(?P<close>\))|(?P<num>\d+))"
)


def vba_eval(expr: str, names: dict[str, Any], config: dict[str, str]) -> str:
    """The value of a VBA string expression made of ``&``-joined literals,
    names, ``Chr(n)`` and ``GetConfig("KEY"[, default])``."""
    pos, out = 0, []
    expr = expr.strip()
    while pos < len(expr):
        m = _TOKEN.match(expr, pos)
        assert m, f"cannot evaluate {expr[pos:]!r}"
        pos = m.end()
        if m.group("amp"):
            continue
        if m.group("str"):
            out.append(m.group("str")[1:-1].replace('""', '"'))
        elif m.group("call"):
            close = _matching(expr, pos)
            args = _split_args(expr[pos:close])
            pos = close + 1
            if m.group("call") == "Chr(":
                out.append(chr(int(args[0])))
            else:
                key = vba_eval(args[0], names, config)
                default = vba_eval(args[1], names, config) if len(args) > 1 else ""
                out.append(str(config.get(key.upper(), default)))
        elif m.group("name"):
            assert m.group("name") in names, f"unknown VBA name {m.group('name')!r} in {expr!r}"
            out.append(str(names[m.group("name")]))
        else:
            raise AssertionError(f"unexpected {m.group(0)!r} in {expr!r}")
    return "".join(out)


def _scan(s: str, start: int = 0, depth: int = 0):
    """(index, character, depth after it) outside VBA string literals."""
    quoted = False
    for i in range(start, len(s)):
        c = s[i]
        if c == '"':
            quoted = not quoted
            continue
        if not quoted:
            depth += (c == "(") - (c == ")")
            yield i, c, depth


def _matching(expr: str, pos: int) -> int:
    """The index of the ``)`` closing the parenthesis opened before ``pos``."""
    for i, c, depth in _scan(expr, pos, 1):
        if c == ")" and depth == 0:
            return i
    raise AssertionError(f"unbalanced {expr!r}")


def _split_args(s: str) -> list[str]:
    """The top-level comma-separated arguments of an argument list."""
    args, start = [], 0
    for i, c, depth in _scan(s):
        if c == "," and depth == 0:
            args.append(s[start:i])
            start = i + 1
    args.append(s[start:])
    return [a.strip() for a in args if a.strip()]


# --------------------------------------------------------------------------
# the Windows command


@dataclass
class Click:
    """What RunPython would run for a button (Windows)."""

    cmdline: str  # the string given to WScript.Run
    argv: list[str] = field(default_factory=list)  # python's argv, interpreter first
    log: str = ""  # where cmd.exe sends stderr


def windows_click(
    python_command: str,
    workbook: str,
    fullname: Optional[str] = None,
    config: Optional[dict[str, str]] = None,
    interpreter: str = "python",
    xlsm: Path = TEMPLATE,
    hwnd: int = 4242,
    app_path: str = r"C:\Program Files\Microsoft Office\root\Office16",
    log: str = r"C:\Users\arbiter\AppData\Local\Temp\xlwings-1234.log",
) -> Click:
    """The command line that the embedded xlwings module of ``xlsm`` builds
    for ``RunPython python_command`` in workbook ``workbook`` (its full name
    ``fullname``), with the workbook/user config ``config`` (keys upper case)."""
    code = embedded_modules(xlsm)["xlwings"]
    config = {k.upper(): v for k, v in (config or {}).items()}
    run = _logical_lines(_function(code, "RunPython"))
    execute = _logical_lines(_function(code, "ExecuteWindows"))
    # RunPython: AddExcelDir and the Windows PYTHONPATH line (the one naming *_WIN settings)
    add_dir = config.get("ADD_WORKBOOK_TO_PYTHONPATH", "true")
    names: dict[str, Any] = {
        "AddExcelDir": add_dir,
        "ActiveFullName": fullname or workbook,
        "ThisFullName": fullname or workbook,
    }
    pp_line = next(ln for ln in run if re.match(r"\s*PYTHONPATH = AddExcelDir .*_WIN", ln))
    pythonpath = vba_eval(pp_line.split("=", 1)[1], names, config)
    for ln in execute:
        m = re.match(r'\s*PYTHONPATH = Replace\(PYTHONPATH, ("(?:[^"]|"")*"), ("(?:[^"]|"")*")\)', ln)
        if m:
            pythonpath = pythonpath.replace(vba_eval(m.group(1), {}, {}), vba_eval(m.group(2), {}, {}))
    assert interpreter in ("python", "pythonw"), "only the PATH interpreter (no DriveCommand) is modelled"
    names = {
        "CondaCmd": "",
        "PythonInterpreter": interpreter,
        "PYTHONPATH": pythonpath,
        "PythonCommand": python_command,
        "DriveCommand": "",
        "ThisWorkbook.Name": workbook,
        "Application.Path": app_path,
        "Application.Name": "Microsoft Excel",
        "Application.Hwnd": hwnd,
        "LOG_FILE": log,
    }
    rc_line = next(ln for ln in execute if re.match(r"\s*RunCommand = CondaCmd ", ln))
    names["RunCommand"] = vba_eval(rc_line.split("=", 1)[1], names, config)
    run_line = next(ln for ln in execute if "WScript.Run(" in ln)
    inner = run_line[run_line.index("WScript.Run(") + len("WScript.Run(") :]
    cmdline = vba_eval(_split_args(inner[: _matching(inner, 0)])[0], names, config)
    argv, log_file = windows_argv(cmdline)
    return Click(cmdline, argv, log_file)


def windows_argv(cmdline: str) -> tuple[list[str], str]:
    """``cmd.exe /C <command> 2> "log"`` → (python's argv, the log file)."""
    assert cmdline.startswith("cmd.exe /C "), cmdline
    rest = cmdline[len("cmd.exe /C ") :]
    m = re.search(r'\s2>\s*"([^"]*)"\s*$', rest)
    assert m, f"no stderr redirect in {cmdline!r}"
    rest, log = rest[: m.start()], m.group(1)
    # cmd.exe: a caret outside double quotes escapes the next character
    out, quoted, i = [], False, 0
    while i < len(rest):
        c = rest[i]
        if c == '"':
            quoted = not quoted
        elif c == "^" and not quoted and i + 1 < len(rest):
            i += 1
            c = rest[i]
        out.append(c)
        i += 1
    return command_line_to_argv("".join(out)), log


def command_line_to_argv(s: str) -> list[str]:
    """Split a command line as ``CommandLineToArgvW`` / the MSVC runtime do:
    2n backslashes + quote → n backslashes, toggle quoting; 2n+1 → n and a
    literal quote; other backslashes are literal."""
    args: list[str] = []
    cur: list[str] = []
    in_arg = quoted = False
    i = 0
    while i < len(s):
        c = s[i]
        if c in " \t" and not quoted:
            if in_arg:
                args.append("".join(cur))
                cur, in_arg = [], False
            i += 1
            continue
        in_arg = True
        if c == "\\":
            j = i
            while j < len(s) and s[j] == "\\":
                j += 1
            n = j - i
            if j < len(s) and s[j] == '"':
                cur.append("\\" * (n // 2))
                if n % 2:
                    cur.append('"')
                    i = j + 1
                else:
                    i = j
                continue
            cur.append("\\" * n)
            i = j
            continue
        if c == '"':
            if quoted and i + 1 < len(s) and s[i + 1] == '"':  # "" inside quotes: a literal quote
                cur.append('"')
                i += 2
                continue
            quoted = not quoted
            i += 1
            continue
        cur.append(c)
        i += 1
    if in_arg:
        args.append("".join(cur))
    return args
