"""xlxq: 象棋 (Chinese chess) tournament pairing and results in Excel.

The version is defined here, once (pyproject.toml reads it: ``dynamic =
["version"]``).  The public Python API is :mod:`xlxq.api` (docs/api.md).

The supported Pythons start at :data:`PYTHON_MIN` (the xlwings the
workbooks' VBA is pinned to needs 3.11).  pip refuses an older Python with
one line (``requires-python``); a source checkout run by one stops here with
one line too (no traceback on the command line or from a button).
"""

import sys

__version__ = "0.1.0"

#: the oldest supported Python (pyproject.toml's requires-python, README, docs, the VBA message, doctor)
PYTHON_MIN = (3, 11)


def python_too_old_message(version: "tuple[int, ...]" = tuple(sys.version_info[:3])) -> str:
    """The one line an older Python gets (Chinese, then English)."""
    have = ".".join(map(str, version))
    need = ".".join(map(str, PYTHON_MIN))
    return (
        f"xlxq 需要 Python {need} 或更高版本，当前为 Python {have}：请安装新版 Python 后重新安装 xlxq。"
        f" / xlxq needs Python {need} or later, this is Python {have}: install a newer Python, then xlxq."
    )


if sys.version_info < PYTHON_MIN:  # pragma: no cover - exercised with a real older Python (tests/test_packaging.py)
    _msg = python_too_old_message()
    _argv0 = sys.argv[0] if sys.argv else ""
    # the command line (`xlxq …`, `python -m xlxq`) and a button's RunPython (`python -c …`): the line, exit 2
    if _argv0 in ("-m", "-c") or _argv0.replace("\\", "/").rsplit("/", 1)[-1].lower().startswith("xlxq"):
        sys.stderr.write(_msg + "\n")
        raise SystemExit(2)
    raise ImportError(_msg)
