"""Benchmark: the whole Python side of a button click, as RunPython runs it.

Each run is a fresh interpreter started with the exact argv that the
embedded ``xlwings`` module of the .xlsm builds for the 编排下一轮 button
(``python -B -c "import xlwings.utils;xlwings.utils.prepare_sys_path(…);
import xlxq.excel; xlxq.excel.pair_next_round()" --wb=… --from_xl=1 …``,
read from the VBA by tests/runpython.py), so it pays for everything a click
pays for in Python: start-up, ``import xlwings`` (which imports pandas and
numpy when they are installed), ``import xlxq.excel``, reading every sheet,
pairing, queueing the writes and the message.

The workbook is reached through xlwings' remote engine instead of COM: a
``sitecustomize`` put on ``PYTHONPATH`` loads the payload that Excel's VBA
client would send (built beforehand from the file, as Excel would) and sets
it as ``Book.caller()``; at exit it records the actions.  That set-up (the
remote engine's import and licence check, decoding the payload) is counted
in the wall time and also reported on its own: over COM it is replaced by
pywin32's import and the COM calls, which cannot be measured here.

Two environments: "as installed" (here pandas and numpy are installed, so
xlwings imports them), and "no pandas/numpy" (a meta-path hook in the same
``sitecustomize`` makes them unimportable, as on a PC where ``pip install
xlxq`` no longer brings pandas).

    python benchmarks/bench_click.py [--players 24 300 1000] [--runs 5]

Needs XLWINGS_LICENSE_KEY for the remote engine; sets ``noncommercial`` for
itself if unset.  Figures go to README.md and docs/excel.md.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

COMMAND = "import xlxq.excel; xlxq.excel.pair_next_round()"
NO_PANDAS = "pandas,numpy"

#: put on PYTHONPATH of the click: the remote engine's book as Book.caller()
SITECUSTOMIZE = r"""
import atexit, json, os, sys, time
_t0 = time.perf_counter()
_block = [m for m in os.environ.get("XLXQ_CLICK_BLOCK", "").split(",") if m]
if _block:
    import importlib.abc

    class _Blocker(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in _block:
                raise ModuleNotFoundError(f"No module named {name!r}", name=name)
            return None

    sys.meta_path.insert(0, _Blocker())
_payload = os.environ.get("XLXQ_CLICK_PAYLOAD")
if _payload:
    # a click from Excel has no licence key: xlwings then skips xlwings.pro
    # at import; the remote engine (xlwings.pro) is loaded afterwards and
    # counted as set-up
    _key = os.environ.pop("XLWINGS_LICENSE_KEY", None)
    import xlwings as _xw
    _t1 = time.perf_counter()
    os.environ["XLWINGS_LICENSE_KEY"] = _key or "noncommercial"
    from xlwings.pro import _xlremote
    if "remote" not in [e.name for e in _xw.engines]:
        _xw.engines.add(_xw.main.Engine(impl=_xlremote.engine))
    with open(_payload, encoding="utf-8") as _f:
        _book = _xw.Book(json=json.load(_f))
    _book.set_mock_caller()
    _t2 = time.perf_counter()

    @atexit.register
    def _record():
        actions = _book.json()["actions"]
        out = {"actions": [a["func"] for a in actions], "mock_s": _t2 - _t1, "xlwings_import_s": _t1 - _t0,
               "modules": sorted(m for m in ("pandas", "numpy", "openpyxl", "networkx") if m in sys.modules),
               "alert": next((a["args"][0] for a in actions if a["func"] == "alert"), None)}
        with open(os.environ["XLXQ_CLICK_OUT"], "w", encoding="utf-8") as f:
            json.dump(out, f, ensure_ascii=False)
"""


def _bench_workbook():
    spec = importlib.util.spec_from_file_location("bench_workbook", ROOT / "benchmarks" / "bench_workbook.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def click_argv(workbook_name: str, fullname: str) -> list[str]:
    """This interpreter's argv for the 编排下一轮 click, from the embedded VBA."""
    from tests.runpython import windows_click

    click = windows_click(COMMAND, workbook_name, fullname, {"ADD_WORKBOOK_TO_PYTHONPATH": "False"})
    return [sys.executable] + click.argv[1:]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_click(
    argv: list[str], payload: Path, out: Path, site: Path, block: str = "", extra_env: dict[str, str] | None = None
) -> tuple[float, dict, subprocess.CompletedProcess]:
    """One click: (wall time, what the sitecustomize recorded -- with the
    process's CPU time as ``cpu_s`` --, the process)."""
    env = dict(os.environ)
    env.update(
        {
            "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]),
            "XLXQ_CLICK_PAYLOAD": str(payload),
            "XLXQ_CLICK_OUT": str(out),
            "XLXQ_CLICK_BLOCK": block,
        }
    )
    env.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
    env.update(extra_env or {})
    if out.exists():
        out.unlink()
    cpu = _children_cpu()
    t = time.perf_counter()
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, cwd=str(site))
    wall = time.perf_counter() - t
    rec = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    rec["cpu_s"] = _children_cpu() - cpu
    return wall, rec, proc


def import_time(block: str, runs: int, site: Path, code: str = "import xlwings.utils") -> tuple[float, float]:
    """Median (wall, CPU) time of ``python -B -c code`` (no licence key, as from Excel)."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]), XLXQ_CLICK_BLOCK=block)
    env.pop("XLXQ_CLICK_PAYLOAD", None)
    env.pop("XLWINGS_LICENSE_KEY", None)
    walls, cpus = [], []
    for _ in range(runs):
        cpu = _children_cpu()
        t = time.perf_counter()
        subprocess.run([sys.executable, "-B", "-c", code], env=env, check=True)
        walls.append(time.perf_counter() - t)
        cpus.append(_children_cpu() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def prepare(folder: Path, players: int, played: int = 5) -> Path:
    """The payload (VBA client) of a workbook with ``played`` rounds done."""
    from tests import xlremote as H

    wb = _bench_workbook().make_workbook(folder / f"event-{players}.xlsm", players, played)
    payload = folder / f"payload-{players}.json"
    payload.write_text(json.dumps(H.payload_from_xlsx(wb), ensure_ascii=False), encoding="utf-8")
    return payload


def measure(players: int, runs: int, folder: Path, blocks: tuple[str, ...] = ("", NO_PANDAS)) -> dict:
    """Median wall time of the click per environment, and the details."""
    site = folder / "site"
    site.mkdir(exist_ok=True)
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
    payload = prepare(folder, players)
    name = f"event-{players}.xlsm"
    argv = click_argv(name, str(folder / name))
    out = {}
    for block in blocks:
        walls, mocks, cpus = [], [], []
        rec: dict = {}
        for _ in range(runs):
            wall, rec, proc = run_click(argv, payload, folder / "out.json", site, block)
            assert proc.returncode == 0, proc.stderr
            assert "addSheet" in rec.get("actions", []), (rec, proc.stderr)
            walls.append(wall)
            mocks.append(rec["mock_s"])
            cpus.append(rec["cpu_s"])
        out[block or "installed"] = {
            "wall_s": statistics.median(walls),
            "cpu_s": statistics.median(cpus),
            "mock_s": statistics.median(mocks),
            "modules": rec["modules"],
            "actions": len(rec["actions"]),
        }
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, nargs="+", default=[24, 300, 1000])
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
    import xlwings

    print(
        f"click = fresh `python -B -c …` with the embedded xlwings.bas's argv, pairing round 6 of 11; "
        f"median of {a.runs}; {os.cpu_count()} cores, Python {sys.version.split()[0]}, xlwings {xlwings.__version__}"
    )
    with tempfile.TemporaryDirectory() as d:
        folder = Path(d)
        site = folder / "site"
        site.mkdir()
        (site / "sitecustomize.py").write_text(SITECUSTOMIZE, encoding="utf-8")
        base = import_time("", a.runs, site, "pass")
        t_with = import_time("", a.runs, site)
        t_without = import_time(NO_PANDAS, a.runs, site)
        print(
            f"machine: `python -c pass` {base[0]:.3f} s wall / {base[1]:.3f} s CPU; load average "
            f"{os.getloadavg()[0]:.1f}"
        )
        print(
            f"`import xlwings.utils`, fresh interpreter (wall / CPU): {t_with[0]:.3f} / {t_with[1]:.3f} s with "
            f"pandas+numpy, {t_without[0]:.3f} / {t_without[1]:.3f} s without: pandas costs "
            f"{t_with[0] - t_without[0]:.3f} s wall, {t_with[1] - t_without[1]:.3f} s CPU"
        )
        print(f"{'players':>7}  {'environment':<14} {'wall':>7} {'CPU':>7}  {'remote set-up':>13}  modules")
        for n in a.players:
            sub = folder / str(n)
            sub.mkdir()
            for env, r in measure(n, a.runs, sub).items():
                print(
                    f"{n:>7}  {env:<14} {r['wall_s']:6.3f}s {r['cpu_s']:6.3f}s  {r['mock_s']:12.3f}s  "
                    f"{','.join(r['modules'])}"
                )


if __name__ == "__main__":
    main()
