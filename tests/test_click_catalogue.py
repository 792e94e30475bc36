"""A click loads one catalogue: the buttons render their messages in the
click's language only (issue 23 §2.5), so a 简体 click imports
``xlxq.messages.zh_Hans`` and never the English (≈3 ms) or 繁體 one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.book_ops import pair_next_round, team_pair_next_round
from tests.conftest import enter_results, make_team_event
from tests.test_workbook_support import new_event
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.operations.team_workbook import create_team_workbook

ROOT = Path(__file__).resolve().parent.parent

#: in a fresh interpreter: buttons (by default 编排下一轮 and 计算成绩) on the
#: workbook through xlwings' remote engine (tests/xlremote.py), then the catalogues imported
CLICKS = """
import json, sys
from tests import xlremote as H
import xlxq.excel as E
path = sys.argv[1]
shown = []
for name in sys.argv[2].split(","):
    run = H.run_workbook_function(path, getattr(E, name))
    shown += [a["args"][0] for a in run.actions if a["func"] == "alert"]
print(json.dumps({"shown": shown, "catalogues": sorted(m for m in sys.modules if m.startswith("xlxq.messages."))}))
"""


def clicks(path: Path, tmp_path: Path, buttons: str = "pair_next_round,recompute") -> dict:
    """The buttons' messages and the catalogues the clicks imported."""
    env = {k: v for k, v in os.environ.items() if k not in ("XLXQ_LANG", "XLXQ_NOTIFY")}
    env.update(XLWINGS_LICENSE_KEY="noncommercial", XLXQ_ERROR_LOG=str(tmp_path / "xlxq-error.log"))
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT)] + [p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p])
    done = subprocess.run(
        [sys.executable, "-c", CLICKS, str(path), buttons],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.slow
def test_a_zh_click_after_round_1_loads_the_zh_catalogue_only(tmp_path):
    _, path = new_event(tmp_path / "e.xlsx", rounds=5)
    pair_next_round(OpenpyxlBook(path), "zh")
    enter_results(path)
    out = clicks(path, tmp_path)
    pair, standings = out["shown"]
    assert pair.startswith("已编排第2轮（工作表“第2轮”）：12台") and standings.startswith("成绩已计算（第1轮后）")
    assert out["catalogues"] == ["xlxq.messages.zh_Hans"]


@pytest.mark.slow
def test_a_zh_click_on_a_team_workbook_loads_the_zh_catalogue_only(tmp_path):
    ev = make_team_event(5)
    path = create_team_workbook(tmp_path / "t.xlsx", ev, ev.settings)
    team_pair_next_round(OpenpyxlBook(path), "zh")
    enter_results(path)
    out = clicks(path, tmp_path)
    pair, standings = out["shown"]
    assert pair.startswith("已编排第2轮（工作表“第2轮”）：2场，轮空：") and standings.startswith(
        "成绩已计算（第1轮后）"
    )
    assert out["catalogues"] == ["xlxq.messages.zh_Hans"]


@pytest.mark.slow
def test_zh_clicks_of_explain_paper_and_undo_load_the_zh_catalogue_only(tmp_path):
    """Their status lines were two texts (the paper's rendered both languages,
    importing the English catalogue): now messages."""
    _, path = new_event(tmp_path / "e.xlsx", rounds=5)
    pair_next_round(OpenpyxlBook(path), "zh")
    out = clicks(path, tmp_path, "explain,print_scoresheets,undo_round")
    explain, paper, undo = out["shown"]
    assert explain.startswith("第1轮编排记录已写入“编排记录”表") and paper.startswith("记分单：第1轮，12张（半页式")
    assert undo.startswith("已撤销第1轮：删除了“第1轮”“第1轮记分单”表")
    assert out["catalogues"] == ["xlxq.messages.zh_Hans"]
