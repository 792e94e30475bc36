"""Benchmark: the workbook round trip, `xlxq pair book.xlsx` at round 6.

For each N (default 300, 1 000, 3 000 players; 5 rounds played with random
results typed into the round sheets, as an arbiter does) prints the median
of several runs of
  * the whole `xlxq pair book.xlsx` process (start-up, load, read, pair,
    write, save): wall and CPU time (user + system, less sensitive to a
    loaded machine), and its peak RSS,
  * the whole `xlxq pair event.json` process on the same event (the JSON
    path, in the same run), and the ratio of the two CPU times,
  * in-process parts of the workbook path (CPU time): openpyxl's load of the file,
    reading the sheets into an event (``read_workbook``), the engine
    (``pair_round``), and openpyxl's save of the loaded workbook unchanged
    (the cost of rewriting every sheet),
then the growth exponents (of the CPU times).  It says whether openpyxl uses lxml (it does
when lxml is importable and OPENPYXL_LXML is not "False"): run it with and
without lxml on the path to compare, e.g. ``pip install --target DIR lxml``
and ``PYTHONPATH=DIR:. python benchmarks/bench_roundtrip.py``.

    python benchmarks/bench_roundtrip.py [--sizes 300 1000 3000] [--runs 3]

Not a test: it prints figures for README.md.  Building the 3 000-player
workbook (five rounds paired through the workbook) takes a few minutes.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import openpyxl  # noqa: E402
import openpyxl.xml  # noqa: E402
from bench_pair import compile_package, time_process  # noqa: E402
from bench_workbook import make_workbook, median_time  # noqa: E402

from xlxq.backends.json_file import save_event  # noqa: E402
from xlxq.backends.openpyxl_book import OpenpyxlBook  # noqa: E402
from xlxq.core.pairing import pair_round  # noqa: E402
from xlxq.sheets.read import read_workbook  # noqa: E402


def median_cpu(fn, runs: int) -> float:
    return median_time(fn, runs, time.process_time)


def parts(book: Path, out: Path, runs: int) -> tuple[float, float, float, float]:
    """In-process medians: load, read into an event, pair, save unchanged."""
    t_load = median_cpu(lambda: OpenpyxlBook(book), runs)
    loaded = OpenpyxlBook(book)
    t_read = median_cpu(lambda: read_workbook(loaded), runs)
    event = read_workbook(loaded).event
    t_engine = median_cpu(lambda: pair_round(event), runs)
    t_save = median_cpu(lambda: loaded.wb.save(out), runs)
    return t_load, t_read, t_engine, t_save


def import_cost(runs: int) -> str:
    """What importing lxml.etree adds to a fresh interpreter, if it is there."""
    try:
        import lxml  # noqa: F401
    except ImportError:
        return "lxml not installed"

    def once(code: str) -> float:
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - t

    base = statistics.median(once("import openpyxl") for _ in range(runs))
    with_lxml = statistics.median(once("import lxml.etree, openpyxl") for _ in range(runs))
    return f"importing lxml.etree adds {max(0.0, with_lxml - base) * 1000:.0f} ms to `import openpyxl`"


def main() -> None:
    compile_package()
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="+", default=[300, 1000, 3000])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--played", type=int, default=5)
    a = ap.parse_args()
    print(
        f"`xlxq pair` at round {a.played + 1} of 11 ({a.played} played, random results); median of {a.runs} runs; "
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, openpyxl {openpyxl.__version__}, "
        f"lxml {'used' if openpyxl.xml.LXML else 'not used'}"
    )
    print(
        "wall / CPU time of the whole process; the parts in-process (CPU)\n"
        f"{'N':>6} {'book.xlsx':>15} {'peak RSS':>9} {'event.json':>15} {'ratio':>6}"
        f" {'load':>7} {'read':>7} {'engine':>7} {'save':>7}"
    )
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n in a.sizes:
            book = make_workbook(Path(d) / f"book{n}.xlsx", n, a.played)
            event = read_workbook(OpenpyxlBook(book)).event
            js = Path(d) / f"event{n}.json"
            save_event(event, js)
            t_book, c_book, rss = time_process(book, a.runs)
            t_json, c_json, _ = time_process(js, a.runs)
            t_load, t_read, t_engine, t_save = parts(book, Path(d) / "saved.xlsx", a.runs)
            rows.append((n, c_book, c_json))
            print(
                f"{n:>6} {t_book:>6.2f} / {c_book:.2f} s {rss:>6.0f} MB {t_json:>6.2f} / {c_json:.2f} s"
                f" {c_book / c_json:>5.1f}×"
                f" {t_load:>5.2f} s {t_read:>5.2f} s {t_engine:>5.2f} s {t_save:>5.2f} s"
            )
        for (n1, b1, j1), (n2, b2, j2) in zip(rows, rows[1:]):
            k = math.log(n2 / n1)
            print(
                f"growth {n1}→{n2} (CPU): book.xlsx ~N^{math.log(b2 / b1) / k:.2f}, event.json ~N^{math.log(j2 / j1) / k:.2f}"
            )
    print(import_cost(a.runs))


if __name__ == "__main__":
    main()
