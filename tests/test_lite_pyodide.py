"""The xlwings Lite edition in real Pyodide (the ``pyodide`` npm package
under Node, lite/pyodide_run.mjs): the xlxq wheel built from this checkout
is installed with micropip, lite/main.py's ``@script`` functions run through
xlwings' remote engine exactly as xlwings' Pyodide runtime calls them
(``xlwings.server.custom_scripts_call`` with ``xw.Book(json=payload)``), on
the demo workbook over several rounds; the actions equal those CPython
produces from the same payload.

Needs ``bash lite/pyodide-ci-setup.sh`` (.ci/run runs it): skipped without
it.  The payloads are the Office.js client's (Lite's), built from the file
by tests/xlremote.py; the actions are carried out by its applier.
Timings: build/lite-ci/pyodide-timings.json.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import re
import shutil
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import openpyxl
import pytest

from tests import xlremote as H
from tests.test_workbook_support import open_round, write_results
import xlxq
from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN
from xlxq.operations.lite_bundle import LEFT_OUT, LITE_SCRIPTS

ROOT = Path(__file__).resolve().parent.parent
CI = Path(os.environ.get("XLXQ_LITE_CI", ROOT / "build" / "lite-ci"))
PYODIDE = CI / "node" / "node_modules" / "pyodide" / "pyodide.mjs"
WHEELS = CI / "wheels"
#: install order in Pyodide (micropip, packaging are unpacked first; xlxq last, with its dependencies)
DEPS = ["micropip", "packaging", "et_xmlfile", "openpyxl", "xlsxwriter", "networkx", "xlwings"]
SCRIPTS = [func for func, _ in LITE_SCRIPTS]
#: the 网站地址 of the Lite run's Swiss (the 编排公告's QR code)
SITE = "https://example.org/xq/2026/"

pytest.importorskip("xlwings")
if shutil.which("node") is None or not PYODIDE.exists():
    pytest.skip(f"Pyodide not installed in {CI} (run: bash lite/pyodide-ci-setup.sh)", allow_module_level=True)


def _wheel(name: str) -> Path:
    found = sorted(WHEELS.glob(f"{name}-*.whl"))
    if not found:
        pytest.skip(f"no {name} wheel in {WHEELS} (run: bash lite/pyodide-ci-setup.sh)")
    return found[-1]


def build_wheel(dest: Path) -> Path:
    """The xlxq wheel of this checkout's working tree, built offline."""
    src = dest / "src"
    # the package, and the folders pyproject.toml maps into it (templates, samples)
    for d in ("xlxq", "workbook_templates", "samples"):
        shutil.copytree(ROOT / d, src / d, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for f in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / f, src / f)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--disable-pip-version-check",
            "--no-deps",
            "--no-index",
            "--find-links",
            str(CI / "build-deps"),
            "-w",
            str(dest),
            str(src),
        ],
        check=True,
        capture_output=True,
        text=True,
    )
    return next(dest.glob("xlxq-*.whl"))


class Pyodide:
    """lite/pyodide_run.mjs as a subprocess: one JSON line per call."""

    def __init__(self, wheels: list[Path]):
        self.proc = subprocess.Popen(
            [
                "node",
                str(ROOT / "lite" / "pyodide_run.mjs"),
                str(PYODIDE),
                str(ROOT / "lite" / "main.py"),
                *map(str, wheels),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.ready = self._read()

    def _read(self) -> dict:
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("Pyodide runner died:\n" + self.proc.stderr.read()[-3000:])
        return json.loads(line)

    def call(self, script: str, payload: dict) -> dict:
        self.proc.stdin.write(json.dumps({"script": script, "payload": payload}, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def xlxq_wheel(tmp_path_factory) -> Path:
    """The wheel under test: ``XLXQ_WHEEL`` (the one tools/release_check.sh
    built and checked, in CI), else this checkout's, built offline."""
    given = os.environ.get("XLXQ_WHEEL")
    return Path(given) if given else build_wheel(tmp_path_factory.mktemp("wheel"))


@pytest.fixture(scope="module")
def pyodide(xlxq_wheel):
    t = time.perf_counter()
    wheel = xlxq_wheel
    build_s = time.perf_counter() - t
    t = time.perf_counter()
    runner = Pyodide([_wheel(n) for n in DEPS] + [wheel])
    runner.ready["start_s"] = time.perf_counter() - t
    runner.ready["wheel_build_s"] = build_s
    runner.calls = []
    yield runner
    runner.close()
    CI.mkdir(parents=True, exist_ok=True)
    (CI / "pyodide-timings.json").write_text(
        json.dumps({k: v for k, v in runner.ready.items() if k != "stdout"} | {"calls": runner.calls}, indent=1)
    )


@pytest.fixture
def lite_main(monkeypatch):
    """lite/main.py imported in CPython (xlwings' plain ``script`` decorator
    there: the functions take the book)."""
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    monkeypatch.setenv("XLXQ_NOTIFY", "sheet")  # what Pyodide does by default
    monkeypatch.delenv("XLXQ_LANG", raising=False)
    spec = importlib.util.spec_from_file_location("xlxq_lite_main", ROOT / "lite" / "main.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    yield mod  # main.py sets XLXQ_LANG per call: monkeypatch restores it


_STAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")


def comparable(actions: list[dict]) -> list[dict]:
    """The actions without the message sheet's time stamp."""
    return json.loads(_STAMP.sub("<time>", json.dumps(actions, ensure_ascii=False)))


def step(pyodide: Pyodide, lite_main: Any, path: Path, script: str, compare: bool = True) -> H.Applied:
    """``script`` on the file in Pyodide and in CPython; same actions (unless
    not ``compare``: 抽签 draws a fresh seed); applied to the file."""
    payload = H.payload_from_xlsx(path, client="Office.js", numbers="wire")
    got = pyodide.call(script, payload)
    assert "error" not in got["result"], got["result"]
    pyodide.calls.append({"script": script, "ms": round(got["ms"], 1), "actions": len(got["result"]["actions"])})
    if compare:
        cpython = H.run_as_caller(payload, getattr(lite_main, script), pass_book=True)
        assert comparable(got["result"]["actions"]) == comparable(cpython.actions), script
    wb = openpyxl.load_workbook(path)
    applied = H.apply_actions(
        wb, got["result"]["actions"], client="Office.js", active_sheet_index=payload["book"]["active_sheet_index"]
    )
    wb.save(path)
    return applied


def play(path: Path, n: int, seed: int) -> None:
    rng = random.Random(seed)
    _, view = open_round(path, n)
    write_results(
        path, n, {b: rng.choice([RED_WIN, BLACK_WIN, DRAW, RED_WIN]) for b in view.rows()}, random.Random(seed)
    )


def test_runs_in_pyodide_with_the_built_wheel_and_no_pandas(pyodide):
    r = pyodide.ready
    assert r["pyodide"] == "314.0.7" and r["python"].startswith("3.14")
    pk = {k.lower().replace("_", "-"): v for k, v in r["packages"].items()}
    assert pk["xlxq"] == xlxq.__version__ and pk["xlwings"] == "0.37.8"
    assert "pandas" not in pk and "numpy" not in pk  # the pins were not pulled in


def test_demo_workbook_pair_recompute_explain_equal_cpython(pyodide, lite_main, tmp_path):
    from xlxq.operations.workbook import demo

    path = demo(tmp_path)  # round 1 paired (openpyxl)
    for n in (1, 2, 3):
        play(path, n, seed=40 + n)
        a = step(pyodide, lite_main, path, "recompute")
        assert a.active is not None
        paired = step(pyodide, lite_main, path, "pair_next_round")
        assert paired.active == f"第{n + 1}轮"
        assert {"setColumnWidth", "freezePaneAtRange", "setBorderProperty"} <= {c["func"] for c in paired.cosmetics}
        step(pyodide, lite_main, path, "explain")
    wb = openpyxl.load_workbook(path)
    assert {"第4轮", "成绩表", "编排记录", "xlxq消息"} <= set(wb.sheetnames)
    assert wb["xlxq消息"]["A1"].value == "xlxq · 编排记录" and wb["xlxq消息"]["A2"].value.endswith("成功")


def test_errors_reach_the_workbook_in_pyodide(pyodide, lite_main, tmp_path):
    from xlxq.operations.workbook import demo

    path = demo(tmp_path)
    wb, view = open_round(path, 1)
    view.set(view.rows()[1], "result", "红赢了吧")
    wb.save(path)
    step(pyodide, lite_main, path, "recompute")
    wb = openpyxl.load_workbook(path)
    text = "\n".join(str(c.value) for c in wb["xlxq消息"]["A"] if c.value)
    # a bad cell is marked in red, its 提示 filled, nothing else updated (issue 10 §4)
    assert "失败" in text and "红赢了吧" in text and "已标红" in text and "成绩与编排暂未更新" in text
    assert wb.active.title == "xlxq消息"


def test_every_lite_script_is_an_entry_point(lite_main):
    import xlxq.excel as E

    # 诊断 (doctor) checks the local Python, xlwings' config and the VBA: none of them exist in Lite;
    # 发布网页 and 成绩册 write files beside the workbook: there is no folder in Lite (xlxq publish /
    # xlxq report on a copy instead)
    assert sorted(LEFT_OUT) == ["Diagnose", "PublishSite", "ResultsBooklet"]
    assert sorted(SCRIPTS) == sorted(f.__name__ for m, f in E.ENTRY_POINTS.items() if m not in LEFT_OUT)
    for name in SCRIPTS:
        assert callable(getattr(lite_main, name))


# ---------------------------------------------------------------------------
# Installed as xlwings Lite installs it: the lines of requirements.txt (as
# ``xlxq lite-bundle`` writes them) in one micropip.install, from an index
# over HTTP standing for PyPI (a PEP 503 simple index, CORS allowed as a
# wheel host must), the BUILT wheel in it; then every Lite script.


class _CorsHandler(SimpleHTTPRequestHandler):
    served: list[str] = []

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")  # what a wheel's host must allow for Lite
        super().end_headers()

    def do_GET(self) -> None:
        type(self).served.append(self.path)
        super().do_GET()

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def simple_index(root: Path, wheels: list[Path]) -> Iterator[tuple[str, list[str]]]:
    """``wheels`` as a simple index at ``<url>/simple`` (files at ``<url>/files/``):
    the server's URL, and the list of the paths it serves (filled as it goes)."""
    from packaging.utils import canonicalize_name, parse_wheel_filename

    (root / "files").mkdir(parents=True)
    projects: dict[str, list[str]] = {}
    for w in wheels:
        shutil.copy(w, root / "files" / w.name)
        projects.setdefault(canonicalize_name(parse_wheel_filename(w.name)[0]), []).append(w.name)
    for name, files in projects.items():
        (root / "simple" / name).mkdir(parents=True)
        links = "".join(f'<a href="/files/{f}">{f}</a>\n' for f in files)
        (root / "simple" / name / "index.html").write_text(f"<!DOCTYPE html><html><body>\n{links}</body></html>\n")
    handler = type("Handler", (_CorsHandler,), {"served": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", handler.served
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="module", params=["by-name", "by-url"])
def lite_installed(request, tmp_path_factory, xlxq_wheel):
    """Pyodide with xlxq installed from requirements.txt: ``xlxq==VERSION``
    (by name, from the index) or the wheel's address (``lite-bundle --wheel-url``)."""
    from xlxq.operations.lite_bundle import requirements_txt

    tmp = tmp_path_factory.mktemp("lite-index")
    wheel = xlxq_wheel
    deps = [_wheel(n) for n in ("et_xmlfile", "openpyxl", "xlsxwriter", "networkx", "xlwings", "pypinyin", "segno")]
    with simple_index(tmp / "index", [wheel, *deps]) as (url, served):
        req = tmp / "requirements.txt"
        req.write_text(requirements_txt(None if request.param == "by-name" else f"{url}/files/{wheel.name}"))
        runner = Pyodide.__new__(Pyodide)
        runner.proc = subprocess.Popen(
            [
                "node",
                str(ROOT / "lite" / "pyodide_run.mjs"),
                str(PYODIDE),
                str(ROOT / "lite" / "main.py"),
                "--lite",
                str(req),
                f"{url}/simple",
                str(_wheel("micropip")),
                str(_wheel("packaging")),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        runner.ready = runner._read()
        runner.calls = []
        runner.requirements = req.read_text()
        runner.wheel = wheel
        runner.served = served
        yield runner
        runner.close()


def _messages(path: Path) -> str:
    wb = openpyxl.load_workbook(path)
    return "\n".join(str(c.value) for c in wb["xlxq消息"]["A"] if c.value)


@pytest.mark.slow
def test_lite_installs_the_built_wheel_from_requirements_and_runs_every_script(lite_installed, lite_main, tmp_path):
    from tests.test_workbook_support import sample_players
    from xlxq.core.model import EventInfo, EventSettings
    from xlxq.excel import title
    from xlxq.operations.workbook import WorkbookOptions, create_event_workbook

    r = lite_installed.ready
    pk = {k.lower().replace("_", "-"): v for k, v in r["packages"].items()}
    assert pk["xlxq"] == xlxq.__version__ and "pypinyin" in pk and "segno" in pk and "pandas" not in pk
    assert "YOUR-HOST" not in lite_installed.requirements
    # the wheel under test came over HTTP (by name: found in the index first)
    assert f"/files/{lite_installed.wheel.name}" in lite_installed.served
    if f"xlxq=={xlxq.__version__}" in lite_installed.requirements:
        assert "/simple/xlxq/" in lite_installed.served
    # the display names Lite's task pane lists: the buttons' Chinese names
    names = {m["function_name"]: m["name"] for m in r["scripts"]}
    assert names == {func: title(op).render("zh") for func, op in LITE_SCRIPTS}
    ran = []

    def run(path: Path, script: str) -> H.Applied:
        ran.append(script)
        return step(lite_installed, lite_main, path, script, compare=script != "draw_numbers")

    swiss = tmp_path / "swiss.xlsx"
    create_event_workbook(
        swiss,
        sample_players()[:8],
        EventSettings(rounds=3, info=EventInfo(site_url=SITE)),  # 网站地址: the notice's QR code
        options=WorkbookOptions(qualify_top=4),
    )
    run(swiss, "draw_numbers")
    assert "抽签" in _messages(swiss)
    run(swiss, "pair_next_round")
    play(swiss, 1, seed=7)
    run(swiss, "recompute")
    run(swiss, "explain")
    run(swiss, "print_scoresheets")
    notice = run(swiss, "print_notice")  # the same actions as CPython's: the same PNG (test_paper_qr reads it)
    assert {"第1轮记分单", "第1轮编排公告"} <= set(openpyxl.load_workbook(swiss).sheetnames)
    # segno from requirements.txt: the QR code drawn in Pyodide, not the address alone
    assert [pic[:2] for pic in notice.pictures] == [("第1轮编排公告", "A8")]
    texts = {c.value for row in openpyxl.load_workbook(swiss)["第1轮编排公告"].iter_rows() for c in row}
    assert "扫码查看全部对阵与成绩" in texts and SITE in texts and "对阵与成绩网页：" + SITE not in texts
    run(swiss, "pair_next_round")
    run(swiss, "undo_round")  # round 2 has no result yet: undone
    text = _messages(swiss)
    assert "已撤销第2轮" in text and "备份" not in text  # Lite keeps no backup: none is promised
    assert "第2轮" not in openpyxl.load_workbook(swiss).sheetnames
    for n in (2, 3):
        run(swiss, "pair_next_round")
        play(swiss, n, seed=n)
    run(swiss, "qualify_knockout")
    assert "晋级名单" in openpyxl.load_workbook(swiss).sheetnames

    rr = tmp_path / "rr.xlsx"
    create_event_workbook(rr, sample_players()[:6], EventSettings(system="round_robin", tiebreaks=["cxa2011-rr"]))
    run(rr, "schedule_round_robin")
    assert "第5轮" in openpyxl.load_workbook(rr).sheetnames
    assert sorted(set(ran)) == sorted(SCRIPTS)


def test_the_committed_lite_files_are_what_lite_bundle_writes():
    from xlxq.operations.lite_bundle import main_py, requirements_txt

    assert (ROOT / "lite" / "main.py").read_text(encoding="utf-8") == main_py("zh")
    assert (ROOT / "lite" / "en" / "main.py").read_text(encoding="utf-8") == main_py("en")
    assert (ROOT / "lite" / "zh-Hant" / "main.py").read_text(encoding="utf-8") == main_py("zh-Hant")
    assert (ROOT / "lite" / "requirements.txt").read_text(encoding="utf-8") == requirements_txt()
    assert f"\nxlxq=={xlxq.__version__}\n" in requirements_txt()
