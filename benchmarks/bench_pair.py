"""Benchmark: pairing one Swiss round, round 6 of an 11-round event.

Prints, for each N, the median of several runs of
  * the whole `xlxq pair FILE` process (start-up, JSON read, pair, JSON write),
  * the engine alone in-process (`pair_round`),
and the peak memory (max RSS of the `xlxq pair` process; tracemalloc peak of
the engine call), then the growth exponent between successive N, and the
start-up: the interpreter alone, `import xlxq.cli`, and what `xlxq pair` on
a JSON file imports (python -X importtime: the total, and the team, sheet
and workbook modules an individual event does not need).

    python benchmarks/bench_pair.py [--sizes 1000 5000 20000] [--runs 5]

Not a test: it prints figures for README.md.
"""

from __future__ import annotations

import argparse
import math
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from xlxq.backends.json_file import save_event
from xlxq.core.model import Event, EventSettings, Player
from xlxq.systems import pair_round
from xlxq.core.simulate import fill_results


def make_event(n: int, played: int = 5, seed: int = 1) -> Event:
    rng = random.Random(seed)
    ev = Event(
        EventSettings(name=f"bench {n}", rounds=11),
        [Player(i, f"棋手{i}", unit=f"单位{i % 37}") for i in range(1, n + 1)],
    )
    for _ in range(played):
        out = pair_round(ev)
        fill_results(out.round, rng)
        ev = ev.with_round(out.round)
    return ev


#: runs a command and prints its wall time, CPU time, peak RSS (KB) and exit
#: code.  The command is started from this small process, not from the
#: benchmark: Linux carries a process's peak RSS over an exec, so a command
#: started by a large process (one that built the events) reports that
#: process's memory as its own
_RUNNER = (
    "import json, os, subprocess, sys, time\n"
    "t = time.perf_counter()\n"
    "p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)\n"
    "_, s, u = os.wait4(p.pid, 0)\n"
    "print(json.dumps([time.perf_counter() - t, u.ru_utime + u.ru_stime, u.ru_maxrss, os.waitstatus_to_exitcode(s)]))\n"
)


def time_process(path: Path, runs: int) -> tuple[float, float, float]:
    """Median wall time, median CPU time (user + system: less sensitive to
    a loaded machine) and max RSS (MB) of `xlxq pair` on a fresh copy each run."""
    times, cpu, rss = [], [], 0.0
    exe = [sys.executable, "-m", "xlxq", "pair"]
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as d:
            f = Path(d) / path.name
            shutil.copy(path, f)
            out = subprocess.run(
                [sys.executable, "-c", _RUNNER, *exe, str(f)], capture_output=True, text=True, check=True
            )
            wall, used, peak, code = json.loads(out.stdout)
            assert code == 0, path
            times.append(wall)
            cpu.append(used)
            rss = max(rss, peak / 1024)
    return statistics.median(times), statistics.median(cpu), rss


def time_engine(ev: Event, runs: int) -> tuple[float, float, float]:
    """Median wall and CPU time of ``pair_round`` in-process, and its tracemalloc peak (MB)."""
    times, cpu = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        pair_round(ev)
        times.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    tracemalloc.start()
    pair_round(ev)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return statistics.median(times), statistics.median(cpu), peak / 2**20


def median_wall(argv: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


#: modules an individual Swiss event's `xlxq pair FILE.json` should not need
NOT_NEEDED = (
    "xlxq.core.team",
    "xlxq.sheets",
    "xlxq.team_",
    "xlxq.operations.workbook",
    "openpyxl",
    "xlwings",
    "pandas",
    "numpy",
)


def startup(path: Path, runs: int) -> None:
    """The fixed cost every `xlxq pair` pays before it reads the file."""
    py = median_wall([sys.executable, "-c", "pass"], runs)
    cli = median_wall([sys.executable, "-c", "import xlxq.cli"], runs)
    imports: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "event.json"
        shutil.copy(path, f)
        err = subprocess.run(
            [sys.executable, "-X", "importtime", "-m", "xlxq", "pair", str(f)],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        ).stderr
    for line in err.splitlines():
        if not line.startswith("import time:") or "|" not in line[12:]:
            continue
        _, cum, name = line[12:].split("|")
        if cum.strip().isdigit():
            imports.append((name.rstrip(), int(cum) / 1e6))
    top = sum(t for name, t in imports if not name.startswith("  "))  # top-level imports only
    ours = [name.strip() for name, _ in imports if name.strip().startswith("xlxq")]
    extra = [(name.strip(), t) for name, t in imports if name.strip().startswith(NOT_NEEDED)]
    print(
        f"start-up (median of {runs}): python alone {py:.3f} s; python -c 'import xlxq.cli' {cli:.3f} s; "
        f"`xlxq pair FILE.json` imports {top:.3f} s in all ({len(ours)} xlxq modules)"
    )
    names = ", ".join(f"{n} {t * 1000:.1f} ms" for n, t in extra) or "none"
    print(f"  modules an individual event does not need, each with what it imports: {names}")


def compile_package() -> None:
    """Byte-compile xlxq first, as ``pip install`` does: otherwise, with
    PYTHONDONTWRITEBYTECODE set (as on this machine), every run would
    measure compiling the CLI's source too."""
    import compileall

    import xlxq

    compileall.compile_dir(Path(xlxq.__file__).parent, quiet=1)


def main() -> None:
    compile_package()
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 5000, 20000])
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    print(
        f"Pairing round 6 of 11 (5 rounds played, random results); median of {a.runs} runs; "
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}"
    )
    print("wall / CPU time")
    print(f"{'N':>6} {'xlxq pair (process)':>20} {'peak RSS':>9} {'engine only':>16} {'engine peak':>12}")
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n in a.sizes:
            ev = make_event(n)
            p = Path(d) / f"e{n}.json"
            save_event(ev, p)
            proc, proc_cpu, rss = time_process(p, a.runs)
            eng, eng_cpu, peak = time_engine(ev, a.runs)
            rows.append((n, proc_cpu, eng_cpu))
            print(
                f"{n:>6} {proc:>9.2f} / {proc_cpu:.2f} s {rss:>6.0f} MB {eng:>7.3f} / {eng_cpu:.3f} s {peak:>9.1f} MB"
            )
        for (n1, p1, e1), (n2, p2, e2) in zip(rows, rows[1:]):
            k = math.log(n2 / n1)
            print(
                f"growth {n1}→{n2} (CPU): process ~N^{math.log(p2 / p1) / k:.2f}, engine ~N^{math.log(e2 / e1) / k:.2f}"
            )
        startup(Path(d) / f"e{a.sizes[0]}.json", a.runs)


if __name__ == "__main__":
    main()
