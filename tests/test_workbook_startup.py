"""What `xlxq pair book.xlsx` on an individual event's workbook imports
(issue 14, the fixed cost under 1 000 players): none of the team modules,
and not numpy (which openpyxl imports, when it is installed, for nothing
xlxq writes: :func:`xlxq.backends.lazy_sheets.import_openpyxl`)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT, enter_results, played_swiss
from xlxq.operations import workbook as W

#: team modules an individual event may import: the team workbook's sheet
#: names (to tell a team workbook by them), the team tie-break names (the
#: messages' words) and the CLI's argument parser for `xlxq team`
TEAM_ALLOWED = {"xlxq.sheets.team_layout", "xlxq.core.team_tiebreaks", "xlxq.cli.team"}


def modules_after(args: list[str], before: str = "") -> dict:
    """Run the CLI's main on ``args`` in a fresh interpreter: its exit code
    and the modules it imported (after ``before`` ran)."""
    code = (
        "import io, json, sys\n"
        f"{before}\n"
        "from xlxq.cli import main\n"
        "sys.stdout = io.StringIO()\n"
        f"rc = main({args!r})\n"
        "sys.stdout = sys.__stdout__\n"
        "print(json.dumps({'rc': rc, 'modules': sorted(sys.modules)}))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("XLXQ_LANG", None)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr.decode()
    return json.loads(out.stdout.decode().splitlines()[-1])


@pytest.fixture
def book(tmp_path: Path) -> Path:
    path = W.demo(tmp_path)  # round 1 paired
    enter_results(path)
    return path


def test_individual_pair_imports_no_team_module(book):
    got = modules_after(["pair", str(book)])
    assert got["rc"] == 0
    team = [m for m in got["modules"] if m.startswith("xlxq") and ("team" in m or "scheveningen" in m)]
    assert set(team) <= TEAM_ALLOWED, sorted(set(team) - TEAM_ALLOWED)
    assert "xlxq.operations.workbook" in got["modules"] and "openpyxl" in got["modules"]


def test_pairing_a_json_file_imports_no_sheet_layout(tmp_path):
    """`xlxq pair event.json` imports neither the workbook's layouts nor
    openpyxl (the presets' names of the text are imported where they are
    used: 12 ms of its start-up); its output still names the tie-breaks."""
    from dataclasses import replace

    from xlxq.backends.json_file import save_event

    path = tmp_path / "event.json"
    event = played_swiss(rounds=2, seed=4, players=10)
    save_event(replace(event, settings=replace(event.settings, rounds=5)), path)
    got = modules_after(["pair", str(path)])
    assert got["rc"] == 0
    sheets = {"xlxq.sheets.layout", "xlxq.sheets.team_layout", "xlxq.sheets.book_sheets", "openpyxl"}
    assert not sheets & set(got["modules"]), sorted(sheets & set(got["modules"]))
    assert "xlxq.operations.pair" in got["modules"]


def test_a_click_imports_no_paper_site_or_team_module():
    """What every button click imports before it runs (:mod:`xlxq.excel`):
    not the paper, site and booklet operations (imported by their own
    buttons), and so none of the team modules they bring."""
    code = "import json, sys\nimport xlxq.excel\nprint(json.dumps(sorted(sys.modules)))\n"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr.decode()
    modules = set(json.loads(out.stdout.decode().splitlines()[-1]))
    later = {"xlxq.operations.publish", "xlxq.operations.paper", "xlxq.operations.booklet"}
    assert not later & modules, sorted(later & modules)
    team = {m for m in modules if m.startswith("xlxq") and ("team" in m or "scheveningen" in m)}
    assert team <= TEAM_ALLOWED, sorted(team - TEAM_ALLOWED)
    assert "xlxq.operations.buttons" in modules


def test_team_workbook_still_paired(tmp_path):
    """The team workbook is told by its sheet names and its modules
    imported then: `xlxq pair` pairs its next round."""
    from xlxq.operations.team_workbook import team_demo

    path = team_demo(tmp_path)
    enter_results(path)
    got = modules_after(["pair", str(path)])
    assert got["rc"] == 0
    assert "xlxq.operations.team_workbook" in got["modules"]


def test_openpyxl_imported_without_numpy(book):
    pytest.importorskip("numpy")
    got = modules_after(["pair", str(book)])
    assert got["rc"] == 0 and "openpyxl" in got["modules"]
    assert "numpy" not in got["modules"]


def test_numpy_imports_after_openpyxl_and_is_kept_when_there_before():
    """Hiding numpy from openpyxl's import leaves it importable afterwards;
    a process that has numpy already keeps it, and openpyxl sees it."""
    pytest.importorskip("numpy")
    code = (
        "import sys\n"
        "{first}\n"
        "from xlxq.backends.lazy_sheets import import_openpyxl\n"
        "import_openpyxl()\n"
        "import numpy, openpyxl.compat.numbers as n\n"
        "print(numpy.__name__, n.NUMPY)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for first, numpy_seen in (("", "False"), ("import numpy", "True")):
        out = subprocess.run(
            [sys.executable, "-c", code.format(first=first)], capture_output=True, env=env, timeout=120
        )
        assert out.returncode == 0, out.stderr.decode()
        assert out.stdout.decode().split() == ["numpy", numpy_seen]


def test_team_modules_list_is_not_stale():
    """Every allowed team module exists (a renamed one would make the check
    above pass for nothing)."""
    for name in TEAM_ALLOWED:
        assert (ROOT / Path(*name.split(".")).with_suffix(".py")).exists(), name
