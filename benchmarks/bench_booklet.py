"""Benchmark: ``xlxq report EVENT.json [--pdf]`` (the 成绩册) on a
300-player, 9-round Swiss, and the import time of the PDF library.

Builds the event as benchmarks/bench_publish.py does (its ``build``), then
prints the median of several runs of the whole ``xlxq report`` process
(start-up, load, the tables of every round, rendering, the atomic write),
for the workbook and for the PDF: wall and CPU time, the pages or sheets and
the file's size; and the time of ``import fpdf`` in a fresh interpreter.

    python benchmarks/bench_booklet.py [--players 300] [--rounds 9] [--runs 3]

Not a test: it prints figures for docs/booklet.md.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_publish import build, timed, xlxq  # noqa: E402  (the same event, the same timing)


def import_time(module: str, runs: int) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    return statistics.median(
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
        for _ in range(runs)
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        event = build(folder, a.players, a.rounds)
        print(f"xlxq report: {a.players} players, {a.rounds} rounds, median of {a.runs} runs")
        print(f"{'output':<10} {'wall s':>7} {'CPU s':>7} {'KiB':>7}  message")
        for label, flags, out in (("xlsx", [], folder / "b.xlsx"), ("pdf", ["--pdf"], folder / "b.pdf")):
            runs = [timed(["report", str(event), "--out", str(out), *flags]) for _ in range(a.runs)]
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            message = xlxq("report", str(event), "--out", str(out), *flags).stdout.strip()
            print(f"{label:<10} {wall:7.2f} {cpu:7.2f} {out.stat().st_size / 1024:7.0f}  {message}")
        print(f"import fpdf: {import_time('fpdf', a.runs):.3f} s (fresh interpreter, median)")


if __name__ == "__main__":
    main()
