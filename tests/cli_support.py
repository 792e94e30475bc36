"""Shared by the command-line tests: ``run`` starts ``python -m xlxq`` in a
subprocess, with this checkout first on ``PYTHONPATH`` and ``XLXQ_LANG`` /
``XLXQ_DEBUG`` cleared (``lang`` sets ``XLXQ_LANG``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT  # noqa: F401 - re-exported for the CLI tests


def run(*args, cwd=None, lang=None, check_rc=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("XLXQ_LANG", None)
    env.pop("XLXQ_DEBUG", None)
    if lang:
        env["XLXQ_LANG"] = lang
    p = subprocess.run(
        [sys.executable, "-m", "xlxq", *map(str, args)], capture_output=True, cwd=cwd, env=env, timeout=120
    )
    p.out = p.stdout.decode("utf-8")
    p.err = p.stderr.decode("utf-8")
    if check_rc is not None:
        assert p.returncode == check_rc, (p.returncode, p.out, p.err)
    return p


def assert_bad_input(p, *needles, lang="zh"):
    """Exit 2, one line ``错误：…`` (``error: …`` with ``lang="en"``) naming
    what is wrong, no traceback."""
    assert p.returncode == 2, (p.returncode, p.out, p.err)
    lines = p.err.splitlines()
    assert len(lines) == 1, p.err
    assert lines[0].startswith("错误：" if lang == "zh" else "error: "), p.err
    assert "Traceback" not in p.err + p.out
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])


def load(path) -> dict:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def save(path, d) -> None:
    Path(path).write_text(json.dumps(d, ensure_ascii=False, indent=1), encoding="utf-8")


def group_standings(path) -> dict:
    """``xlxq standings PATH --json`` of an event with groups: group → its rows."""
    out = json.loads(run("standings", path, "--json", check_rc=0).out)
    return {g["group"]: g["standings"] for g in out["groups"]}
