"""The engine and round-trip benchmarks (benchmarks/bench_pair.py,
benchmarks/bench_roundtrip.py) run on tiny fields and print their tables:
a row per N, the growth exponents and the start-up."""

from __future__ import annotations

import importlib.util
import re
import sys

import pytest

from tests.conftest import ROOT


def bench(name: str):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    return mod


def rows(text: str, sizes: list[int]) -> list[str]:
    return [line for line in text.splitlines() if re.match(rf"\s*({'|'.join(map(str, sizes))}) ", line)]


@pytest.mark.slow
def test_the_engine_benchmark_prints_its_table(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["bench_pair.py", "--sizes", "20", "40", "--runs", "1"])
    bench("bench_pair").main()
    out = capsys.readouterr().out
    assert len(rows(out, [20, 40])) == 2
    assert re.search(r"growth 20→40 \(CPU\): process ~N\^-?[0-9.]+, engine ~N\^-?[0-9.]+", out)
    assert re.search(r"start-up .*python alone [0-9.]+ s.*imports [0-9.]+ s in all \(\d+ xlxq modules\)", out)
    assert "xlxq.core.teams" not in out and "openpyxl" not in out  # an individual event needs neither


@pytest.mark.slow
def test_the_round_trip_benchmark_prints_its_table(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["bench_roundtrip.py", "--sizes", "12", "--runs", "1", "--played", "1"])
    bench("bench_roundtrip").main()
    out = capsys.readouterr().out
    (row,) = rows(out, [12])
    assert re.search(r"[0-9.]+ / [0-9.]+ s +\d+ MB +[0-9.]+ / [0-9.]+ s +[0-9.]+×", row), row
    assert re.search(
        r"start-up \(CPU, median of \d+\): Python [0-9.]+ s, \+ the CLI -?[0-9.]+ s, \+ the workbook", out
    ), out


@pytest.mark.slow
def test_the_instruction_benchmark_prints_its_table(monkeypatch, capsys, tmp_path):
    """bench_instructions.py counts the instructions of `xlxq pair` on the
    workbook and the JSON file of a tiny event (valgrind: installed by
    .ci/run on Debian), this checkout's row first."""
    import shutil

    if shutil.which("valgrind") is None:
        pytest.skip("valgrind not installed")
    argv = ["bench_instructions.py", "--players", "12", "--played", "1", "--books", str(tmp_path)]
    monkeypatch.setattr(sys, "argv", argv)
    bench("bench_instructions").main()
    out = capsys.readouterr().out
    assert "12 players" in out, out
    (row,) = [line for line in out.splitlines() if re.search(r" G +[0-9.]+ G", line)]
    book, js = (float(x) for x in re.findall(r"([0-9.]+) G", row))
    assert 0.1 < js < book < 10, row  # billions of instructions: the workbook path costs more
    assert list(tmp_path.glob("*/book12-1.xlsx")) and list(tmp_path.glob("*/event12-1.json"))
