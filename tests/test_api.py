"""xlxq.api (docs/api.md): the documented example runs as written; the
functions give what the commands give (standings = ``xlxq standings
--json``, the pairing = ``xlxq pair``'s); events are values; pandas and the
API stay out of the command line and the buttons."""

from __future__ import annotations

import ast
import json

import openpyxl
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import xlxq.api as xq
from tests.conftest import ROOT
from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN, RED_WIN_FORFEIT
from xlxq.errors import InputError


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "XLXQ_LANG": "zh"}
    return subprocess.run(
        [sys.executable, "-m", "xlxq", *args], cwd=cwd, capture_output=True, text=True, encoding="utf-8", env=env
    )


def _doc_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", (ROOT / "docs" / "api.md").read_text(encoding="utf-8"), re.S)


def test_the_documented_example_runs_as_written(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    blocks = _doc_blocks()
    assert len(blocks) == 2
    scope: dict = {}
    exec(compile(blocks[0], "docs/api.md", "exec"), scope)
    out = capsys.readouterr().out.splitlines()
    event = scope["event"]
    assert len(event.rounds) == 2 and (tmp_path / "示例公开赛.json").exists()
    r1 = event.rounds[0]
    assert [b.result for b in r1.boards[:5]] == [RED_WIN, DRAW, BLACK_WIN, RED_WIN, RED_WIN_FORFEIT]
    assert all(b.result == RED_WIN for b in r1.boards[5:])
    assert out[-1] == "第2轮检查： 0 errors"
    pytest.importorskip("pandas")
    exec(compile(blocks[1], "docs/api.md", "exec"), scope)
    assert list(scope["rounds"]["board"][:3]) == [1, 2, 3]


def test_five_lines_pair_and_rank_the_sample_equal_to_the_commands(tmp_path):
    """The API's round 1, results and table equal those of ``xlxq new`` /
    ``xlxq pair`` / ``xlxq standings --json`` on the same registration."""
    event = xq.new_event(xq.sample("registration.csv"), rounds=5)
    event = xq.pair(event)
    event = xq.set_results(event, {b.board: ("1-0", "和", "0-1")[b.board % 3] for b in xq.pairings(event).boards})
    table = xq.standings(event)

    f = tmp_path / "registration.json"  # the name the API gives the event (the registration's)
    assert _cli("new", str(f), "--players", str(xq.sample()), "--rounds", "5", cwd=tmp_path).returncode == 0
    assert _cli("pair", str(f), cwd=tmp_path).returncode == 0
    data = json.loads(f.read_text(encoding="utf-8"))
    api_round = xq.pairings(event)
    assert [(b["board"], b["red"], b["black"]) for b in data["rounds"][0]["boards"]] == [
        (b.board, b.red, b.black) for b in api_round.boards
    ]
    xq.save(event, f)  # the results, written by the API, read by the command
    r = _cli("standings", str(f), "--json", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout) == table.data
    assert table.rows[0]["score"] == 2 and len(table.rows) == 24


def test_standings_dataframe_equals_the_commands_json(tmp_path):
    pd = pytest.importorskip("pandas")
    event = xq.new_event(xq.sample(), rounds=5)
    for n in (1, 2):
        event = xq.pair(event)
        event = xq.set_results(
            event, {b.board: ("1-0", "和", "0-1", "1-0")[(b.board + n) % 4] for b in event.rounds[-1].boards}
        )
    f = tmp_path / "e.json"
    xq.save(event, f)
    cmd = json.loads(_cli("standings", str(f), "--json", cwd=tmp_path).stdout)["standings"]
    df = xq.standings(xq.open_event(f)).to_pandas()
    expected = pd.DataFrame([{**{k: v for k, v in r.items() if k != "tiebreaks"}, **r["tiebreaks"]} for r in cmd])
    pd.testing.assert_frame_equal(df, expected)
    assert list(df.columns[:4]) == ["rank", "no", "name", "score"] and len(df.columns) > 4
    assert df.to_dict("records")[0]["name"] == cmd[0]["name"]
    frame = xq.pairings_frame(event)
    assert list(frame["red"]) == [b.red for b in event.rounds[-1].boards] + list(event.rounds[-1].byes)


def test_explain_check_publish_and_a_workbook_round_trip(tmp_path):
    event = xq.pair(xq.new_event(xq.sample(), rounds=3))
    f = tmp_path / "e.json"
    xq.save(event, f)
    rec = xq.explain(event)
    r = _cli("explain", str(f), "--json", cwd=tmp_path)
    assert json.loads(r.stdout) == json.loads(json.dumps(rec.data(), ensure_ascii=False))
    rep = xq.check(event, lang="en")
    assert rep.errors == [] and rep.lines("en")[0] == "Round 1 check:"
    site = xq.publish(event, tmp_path / "site")
    assert (site / "index.html").is_file()
    book = xq.save(event, tmp_path / "e.xlsx")
    back = xq.open_event(book)
    assert [(b.red, b.black) for b in back.rounds[0].boards] == [(b.red, b.black) for b in event.rounds[0].boards]


def test_events_are_values_and_bad_input_names_the_place():
    event = xq.pair(xq.new_event(xq.sample(), rounds=3))
    done = xq.set_results(event, {1: "1-0"})
    assert event.rounds[0].boards[0].result is None and done.rounds[0].boards[0].result == RED_WIN
    with pytest.raises(InputError) as e:
        xq.set_results(event, {99: "1-0"})
    assert "99" in e.value.message("en") and "board" in e.value.message("en")
    with pytest.raises(InputError) as e:
        xq.set_results(event, {2: "赢了"})
    assert "赢了" in e.value.message("zh") and "第2台" in e.value.message("zh")
    with pytest.raises(InputError):  # an unfinished round: refused, as xlxq pair refuses
        xq.pair(event)
    assert len(xq.pair(done, provisional=True).rounds) == 2  # 原则(八): the open games as draws
    with pytest.raises(InputError):
        xq.sample("nope.csv")


def test_team_events_open_pair_and_rank(tmp_path):
    f = tmp_path / "t.json"
    r = _cli("new", str(f), "--teams", str(xq.sample("teams.csv")), "--boards", "4", "--rounds", "3", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    event = xq.pair(xq.open_event(f))
    assert len(event.rounds) == 1 and xq.pairings(event).round == 1
    assert xq.standings(event).data == json.loads(
        _cli("standings", str(xq.save(event, f)), "--json", cwd=tmp_path).stdout
    )
    with pytest.raises(InputError):
        xq.set_results(event, {1: "1-0"})


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def test_only_the_api_imports_pandas_and_nothing_imports_the_api():
    """A click and the command line never pay for pandas or the API."""
    bad = []
    for path in sorted((ROOT / "xlxq").rglob("*.py")):
        mods = _imported(path)
        if path.name == "api.py" and path.parent.name == "xlxq":
            continue
        if any(m == "pandas" or m.startswith("pandas.") for m in mods):
            bad.append(f"{path.relative_to(ROOT)} imports pandas")
        if any(m == "xlxq.api" or m.startswith("xlxq.api.") for m in mods):
            bad.append(f"{path.relative_to(ROOT)} imports xlxq.api")
    for path in (ROOT / "lite" / "main.py",):
        if any(m.startswith(("pandas", "xlxq.api")) for m in _imported(path)):
            bad.append(f"{path.relative_to(ROOT)} imports pandas or xlxq.api")
    assert not bad, bad


def test_importing_the_api_loads_neither_pandas_nor_openpyxl():
    code = "import sys, xlxq.api; print(sorted(m for m in ('pandas', 'openpyxl', 'numpy') if m in sys.modules))"
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stdout + r.stderr


def test_a_hant_workbook_by_the_api_has_hant_sheets(tmp_path):
    """``save(..., lang="zh-Hant")`` writes the 繁體 workbook (設置, 報名表):
    the API took every language but English as 简体."""
    event = xq.pair(xq.new_event(xq.sample(), rounds=3))
    book = xq.save(event, tmp_path / "e.xlsx", lang="zh-Hant")
    names = openpyxl.load_workbook(book, read_only=True).sheetnames
    assert "設置" in names and "报名表" not in names, names
    back = xq.open_event(book)
    assert [(b.red, b.black) for b in back.rounds[0].boards] == [(b.red, b.black) for b in event.rounds[0].boards]
