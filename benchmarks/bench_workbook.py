"""Benchmark: 编排下一轮 on a 300-player event workbook (read + pair + write).

Prints the median of several runs of pairing round 6 (5 rounds played, random
results) through
  * the openpyxl path: ``run_op(xlxq.operations.workbook.pair_next_round, OpenpyxlBook(file), "zh")``,
    i.e. load the .xlsx, read every sheet, pair, write the plan, save
    (target ≤ 2 s);
  * the xlwings remote engine: the Python side of a button click,
    ``xw.Book(json=payload)`` + ``xlxq.excel.pair_next_round()`` (read, pair,
    queue the write actions, the message box) + the actions as JSON
    (target ≤ 1 s of Python time).  The payload is what Excel's VBA client
    would send; building it (here with openpyxl) and carrying out the actions
    are Excel's side and are reported separately;
  * the pairing engine alone (``pair_round``), for reference.

    python benchmarks/bench_workbook.py [--players 300] [--runs 5]

Needs the remote engine's licence key; the script sets
XLWINGS_LICENSE_KEY=noncommercial for itself if unset.  Not a test: it prints
figures for README.md / docs/excel.md.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import openpyxl  # noqa: E402

from xlxq.backends.openpyxl_book import OpenpyxlBook  # noqa: E402
from xlxq.core.model import EventSettings, Player  # noqa: E402
from xlxq.systems import pair_round  # noqa: E402
from xlxq.sheets.read import read_workbook  # noqa: E402
from xlxq.operations.book import run_op  # noqa: E402
from xlxq.operations.workbook import create_event_workbook, pair_next_round  # noqa: E402


def make_workbook(path: Path, n: int, played: int, seed: int = 1) -> Path:
    """A zh event workbook with ``played`` rounds paired and all results typed."""
    rng = random.Random(seed)
    players = [Player(i, f"棋手{i}", unit=f"单位{i % 37}", rating=1500 + (n - i)) for i in range(1, n + 1)]
    create_event_workbook(path, players, EventSettings(name=f"bench {n}", rounds=11))
    for k in range(1, played + 1):
        st = run_op(pair_next_round, OpenpyxlBook(path), "zh")
        assert st.ok, st.lines()
        wb = openpyxl.load_workbook(path)
        ws = wb[f"第{k}轮"]
        header = [c.value for c in ws[2]]
        res_col = header.index("结果") + 1
        for r in range(3, ws.max_row + 1):
            if isinstance(ws.cell(row=r, column=1).value, int) and ws.cell(row=r, column=res_col + 4).value:
                ws.cell(row=r, column=res_col).value = rng.choice(["红胜", "黑胜", "和", "1-0", "0-1"])
        wb.save(path)
    return path


def median_time(fn, runs: int, clock=time.perf_counter) -> float:
    """Median of ``fn()``'s time by ``clock`` (wall; ``time.process_time``: CPU)."""
    times = []
    for _ in range(runs):
        t = clock()
        fn()
        times.append(clock() - t)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=300)
    ap.add_argument("--played", type=int, default=5)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    import xlwings as xw

    from tests import xlremote as H
    import xlxq.excel as E

    print(
        f"{a.players} players, pairing round {a.played + 1} of 11 ({a.played} played, random results); "
        f"median of {a.runs} runs; {os.cpu_count()} cores, Python {sys.version.split()[0]}, "
        f"xlwings {xw.__version__}"
    )
    with tempfile.TemporaryDirectory() as d:
        base = make_workbook(Path(d) / "base.xlsx", a.players, a.played)
        work = Path(d) / "work.xlsx"

        def openpyxl_path():
            shutil.copyfile(base, work)
            assert run_op(pair_next_round, OpenpyxlBook(work), "zh").ok

        t_openpyxl = median_time(openpyxl_path, a.runs)

        payload = H.payload_from_xlsx(base)
        wire = json.dumps(payload, ensure_ascii=False)
        actions: list = []

        def remote_path():
            H.ensure_remote_engine()
            run = H.run_as_caller(json.loads(wire), E.pair_next_round)
            assert run.result.ok, run.result.lines()
            actions[:] = run.actions

        t_remote = median_time(remote_path, a.runs)
        t_payload = median_time(lambda: H.payload_from_xlsx(base), a.runs)

        def apply_back():
            wb = openpyxl.load_workbook(base)
            H.apply_actions(wb, actions, active_sheet_index=payload["book"]["active_sheet_index"])

        t_apply = median_time(apply_back, a.runs)
        event = read_workbook(OpenpyxlBook(base)).event
        t_engine = median_time(lambda: pair_round(event), a.runs)
        cells = sum(len(r) for act in actions if act["func"] == "setValues" for r in act["values"])
        print(f"{'openpyxl path (load, read, pair, write, save)':<58} {t_openpyxl:7.3f} s   target ≤ 2 s")
        print(f"{'remote engine, Python side (read, pair, queue, JSON)':<58} {t_remote:7.3f} s   target ≤ 1 s")
        print(f"{'  pairing engine alone (pair_round)':<58} {t_engine:7.3f} s")
        print(f"{'  [Excel side, emulated] payload from the file':<58} {t_payload:7.3f} s")
        print(f"{'  [Excel side, emulated] applying the actions (openpyxl)':<58} {t_apply:7.3f} s")
        print(f"payload {len(wire) / 1024:.0f} KiB; {len(actions)} actions, {cells} cells written")


if __name__ == "__main__":
    main()
