"""Benchmark: the workbook round trip, `xlxq pair book.xlsx` at round 6.

For each N (default 300, 1 000, 3 000 players; 5 rounds played with random
results typed into the round sheets, as an arbiter does) prints the median
of several runs of
  * the whole `xlxq pair book.xlsx` process (start-up, load, read, pair,
    write, save): wall and CPU time (user + system, less sensitive to a
    loaded machine), and its peak RSS,
  * the whole `xlxq pair event.json` process on the same event (the JSON
    path, in the same run), and the ratio of the two CPU times,
  * in-process parts of the workbook path (CPU time) on a fresh copy:
    the load of the file (``OpenpyxlBook``: the sheets that are only read
    left unbuilt), reading the sheets into an event (``read_workbook``), the
    engine (``pair_round``), the write and save of the plan (``apply``:
    the sheets it writes to built, serialised and saved, the others copied
    byte for byte), and the whole ``pair_next_round`` both ways: this
    partial path and the full openpyxl load and save
    (``OpenpyxlBook(path, partial=False)``, every sheet built and written,
    as before issue 14),
then the growth exponents (of the CPU times) and the start-up (CPU time of a
fresh interpreter: bare, importing the CLI, importing what `xlxq pair
book.xlsx` imports before it reads the file).  It says whether openpyxl uses lxml (it does
when lxml is importable and OPENPYXL_LXML is not "False"): run it with and
without lxml on the path to compare, e.g. ``pip install --target DIR lxml``
and ``PYTHONPATH=DIR:. python benchmarks/bench_roundtrip.py``.

    python benchmarks/bench_roundtrip.py [--sizes 300 1000 3000] [--runs 3] [--books DIR]

Not a test: it prints figures for README.md.  Building the 3 000-player
workbook (five rounds paired through the workbook) takes a few minutes.
"""

from __future__ import annotations

import argparse
import math
import os
import shutil
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
from xlxq.systems import pair_round  # noqa: E402
from xlxq.operations.book import run_op  # noqa: E402
from xlxq.sheets.read import read_workbook  # noqa: E402
from xlxq.operations.workbook import pair_next_round  # noqa: E402


def median_cpu(fn, runs: int) -> float:
    return median_time(fn, runs, time.process_time)


def parts(book: Path, folder: Path, runs: int) -> tuple[float, ...]:
    """In-process medians (CPU): load, read into an event, pair, apply the
    plan (write and save), the whole pair_next_round partial and full."""

    def fresh() -> Path:
        work = folder / "work.xlsx"
        shutil.copy(book, work)
        return work

    t_load = median_cpu(lambda: OpenpyxlBook(fresh()), runs)
    loaded = OpenpyxlBook(fresh())
    t_read = median_cpu(lambda: read_workbook(loaded), runs)
    event = read_workbook(loaded).event
    t_engine = median_cpu(lambda: pair_round(event), runs)

    applies: list[float] = []

    def timed_apply(b: OpenpyxlBook) -> OpenpyxlBook:
        apply = b.apply

        def timed(plan) -> None:
            t = time.process_time()
            apply(plan)
            applies.append(time.process_time() - t)

        b.apply = timed  # type: ignore[method-assign]
        return b

    def whole(partial: bool) -> None:
        assert run_op(pair_next_round, timed_apply(OpenpyxlBook(fresh(), partial=partial)), "zh").ok

    t_partial = median_cpu(lambda: whole(True), runs)
    t_apply = statistics.median(applies)
    t_full = median_cpu(lambda: whole(False), runs)
    return t_load, t_read, t_engine, t_apply, t_partial, t_full


def process_cpu(code: str, runs: int) -> float:
    """Median CPU time (user + system) of ``python -c code``, this checkout first on the path."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cpu = []
    for _ in range(runs):
        proc = subprocess.Popen([sys.executable, "-c", code], env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0, code
        cpu.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(cpu)


#: what `xlxq pair book.xlsx` imports before it reads the file (the CLI, the
#: workbook operations, openpyxl as the load imports it)
WORKBOOK_IMPORTS = (
    "from xlxq.cli import main; import xlxq.cli.rounds, xlxq.operations.pair, xlxq.operations.book; "
    "from xlxq.backends.lazy_sheets import import_openpyxl; import_openpyxl(); "
    "import openpyxl.reader.excel, openpyxl.writer.excel, openpyxl.worksheet._reader"
)


def startup(runs: int) -> str:
    """The fixed cost of the workbook path: CPU time of a fresh interpreter."""
    bare = process_cpu("pass", runs)
    cli = process_cpu("from xlxq.cli import main", runs)
    book = process_cpu(WORKBOOK_IMPORTS, runs)
    return (
        f"start-up (CPU, median of {runs}): Python {bare:.3f} s, + the CLI {cli - bare:.3f} s, "
        f"+ the workbook path's modules and openpyxl {book - cli:.3f} s"
    )


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
    ap.add_argument("--books", type=Path, help="keep the built workbooks in this folder and reuse them")
    a = ap.parse_args()
    print(
        f"`xlxq pair` at round {a.played + 1} of 11 ({a.played} played, random results); median of {a.runs} runs; "
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, openpyxl {openpyxl.__version__}, "
        f"lxml {'used' if openpyxl.xml.LXML else 'not used'}"
    )
    print(
        "wall / CPU time of the whole process; the parts in-process (CPU); pair_next_round in-process,"
        " partial path and full load and save\n"
        f"{'N':>6} {'book.xlsx':>15} {'peak RSS':>9} {'event.json':>15} {'ratio':>7}"
        f" {'load':>7} {'read':>7} {'engine':>7} {'apply':>7} {'partial':>8} {'full':>7}"
    )
    rows = []
    with tempfile.TemporaryDirectory() as d:
        for n in a.sizes:
            book = Path(d) / f"book{n}.xlsx"
            kept = a.books / f"book{n}-{a.played}.xlsx" if a.books else None
            if kept is not None and kept.exists():
                shutil.copy(kept, book)
            else:
                make_workbook(book, n, a.played)
                if kept is not None:
                    kept.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(book, kept)
            event = read_workbook(OpenpyxlBook(book)).event
            js = Path(d) / f"event{n}.json"
            save_event(event, js)
            t_book, c_book, rss = time_process(book, a.runs)
            t_json, c_json, _ = time_process(js, a.runs)
            t_load, t_read, t_engine, t_apply, t_partial, t_full = parts(book, Path(d), a.runs)
            rows.append((n, c_book, c_json))
            print(
                f"{n:>6} {t_book:>6.2f} / {c_book:.2f} s {rss:>6.0f} MB {t_json:>6.2f} / {c_json:.2f} s"
                f" {c_book / c_json:>5.2f}×"
                f" {t_load:>5.2f} s {t_read:>5.2f} s {t_engine:>5.2f} s {t_apply:>5.2f} s"
                f" {t_partial:>6.2f} s {t_full:>5.2f} s"
            )
        for (n1, b1, j1), (n2, b2, j2) in zip(rows, rows[1:]):
            k = math.log(n2 / n1)
            print(
                f"growth {n1}→{n2} (CPU): book.xlsx ~N^{math.log(b2 / b1) / k:.2f}, event.json ~N^{math.log(j2 / j1) / k:.2f}"
            )
    print(startup(max(a.runs, 5)))
    print(import_cost(a.runs))


if __name__ == "__main__":
    main()
