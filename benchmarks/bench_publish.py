"""Benchmark: ``xlxq publish EVENT.json OUTDIR`` on a 300-player, 9-round
Swiss (issue 13: ≤ 2 s required).

Builds the event (300 players with random 等级分, 9 rounds paired and given
random results by ``xlxq simulate``), then prints the median of several runs
of the whole ``xlxq publish`` process (start-up, load, the tables of every
round, rendering every page, the atomic write): wall and CPU time, the
pages written and the folder's size; with ``--both`` also zh+en with the
rating page and a QR code.

    python benchmarks/bench_publish.py [--players 300] [--rounds 9] [--runs 5]

Not a test: it prints figures for README.md and docs/publish.md.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def xlxq(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("XLXQ_LANG", None)
    return subprocess.run([sys.executable, "-m", "xlxq", *args], env=env, capture_output=True, text=True, check=True)


def build(folder: Path, players: int, rounds: int) -> Path:
    rnd = random.Random(13)
    csv = folder / "players.csv"
    rows = ["姓名,单位,等级分"] + [
        f"棋手{i:03d},单位{i % 25 + 1},{rnd.randint(1600, 2600)}" for i in range(1, players + 1)
    ]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    event = folder / "event.json"
    xlxq("new", str(event), "--players", str(csv), "--rounds", str(rounds), "--name", "基准赛")
    xlxq("simulate", str(event), "--seed", "1")
    return event


def timed(args: list[str]) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    xlxq(*args)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--both", action="store_true", help="also zh+en, --rating and --url")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        event = build(folder, a.players, a.rounds)
        site = folder / "site"
        cases = [("zh", [str(event), str(site)])]
        if a.both:
            cases.append(
                (
                    "zh+en, rating, QR",
                    [str(event), str(site), "--lang", "both", "--rating", "--url", "https://example.org/e"],
                )
            )
        print(f"xlxq publish: {a.players} players, {a.rounds} rounds, median of {a.runs} runs")
        print(f"{'pages':<22} {'wall s':>7} {'CPU s':>7} {'files':>6} {'KiB':>7}")
        for label, args in cases:
            times = [timed(["publish", *args]) for _ in range(a.runs)]
            files = [p for p in site.rglob("*") if p.is_file()]
            kib = sum(p.stat().st_size for p in files) / 1024
            wall = statistics.median(t[0] for t in times)
            cpu = statistics.median(t[1] for t in times)
            print(f"{label:<22} {wall:7.2f} {cpu:7.2f} {len(files):6d} {kib:7.0f}")
        print("required: ≤ 2 s (issue 13)")


if __name__ == "__main__":
    main()
