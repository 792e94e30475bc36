"""The build configuration: every xlxq package is listed, and a built wheel
carries the one committed copy of the templates and the samples (mapped from
workbook_templates/ and samples/), so that ``xlxq demo`` works installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = None

from tests.conftest import ROOT

DATA_PACKAGES = {"xlxq.templates": ROOT / "workbook_templates", "xlxq.samples": ROOT / "samples"}


def _setuptools_config() -> dict:
    if tomllib is None:
        pytest.skip("tomllib needs Python 3.11")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]


def test_the_explicit_package_list_names_every_package():
    cfg = _setuptools_config()
    code = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "xlxq").rglob("__init__.py")}
    assert set(cfg["packages"]) == code | set(DATA_PACKAGES)
    assert {k: ROOT / v for k, v in cfg["package-dir"].items()} == DATA_PACKAGES
    assert not (ROOT / "xlxq" / "data").exists() and not (ROOT / "xlxq" / "templates").exists()


@pytest.mark.slow
def test_a_built_wheel_carries_the_templates_and_runs_the_demo(tmp_path):
    src = tmp_path / "src"  # a clean copy: no stale build/ of the checkout leaks in
    shutil.copytree(
        ROOT,
        src,
        ignore=shutil.ignore_patterns(
            ".git", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis", "tests", "benchmarks"
        ),
    )
    r = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist"), str(src)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if r.returncode != 0:
        pytest.skip(f"pip wheel failed (offline?): {r.stderr[-500:]}")
    (wheel,) = (tmp_path / "dist").glob("xlxq-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        for pkg, folder in DATA_PACKAGES.items():
            for f in sorted(folder.iterdir()):
                member = pkg.replace(".", "/") + "/" + f.name
                assert member in names and z.read(member) == f.read_bytes(), member
        assert not any(n.startswith("xlxq/data/") for n in names)
        z.extractall(tmp_path / "site")
    run = tmp_path / "run"
    run.mkdir()
    code = (
        "import xlxq, xlxq.workbook as w, xlxq.team_workbook as t; print(xlxq.__file__);"
        "print(w.template_path('zh', macro=True)); print(t.template_path('en')); w.demo('.')"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        cwd=run,
        capture_output=True,
        text=True,
        timeout=300,
        env={"PYTHONPATH": str(tmp_path / "site"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)},
    )
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    site = str(tmp_path / "site" / "xlxq")
    assert lines[0].startswith(site) and lines[1] == site + "/templates/xlxq-event-zh.xlsm"
    assert lines[2] == site + "/templates/xlxq-team-en.xlsx"
    assert (run / "xlxq-demo.xlsx").exists()
