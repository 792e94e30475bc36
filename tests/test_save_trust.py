"""Issue 21, files: a save that cannot be made says why, once, and nothing
else: a full disk with ``XLXQ_BACKUPS=0`` (no ``ZipFile.__del__``
traceback after the message), a file name too long for the save's
temporary file (named as such, not as a folder that cannot be written)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli_support import assert_bad_input, run
from tests.conftest import SAMPLE


@pytest.fixture
def full_disk(tmp_path):
    """A small tmpfs (root only), to be filled up by the test."""
    mnt = tmp_path / "disk"
    mnt.mkdir()
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)], capture_output=True)
    if p.returncode != 0:
        pytest.skip("no tmpfs can be mounted here (not root)")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def _fill(folder: Path) -> None:
    with open(folder / "filler", "wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError:
            pass


@pytest.mark.slow
def test_a_full_disk_without_backups_says_so_once(tmp_path, full_disk, monkeypatch):
    """Every workbook writer (the event workbook through the partial save,
    the 成绩册 workbook through openpyxl's writer) and the JSON file: one
    line, the file unchanged, no temporary file left, no traceback."""
    run("demo", tmp_path / "demo", check_rc=0)
    book = full_disk / "e.xlsx"
    shutil.copyfile(tmp_path / "demo" / "xlxq-demo.xlsx", book)
    ev = full_disk / "e.json"
    run("new", ev, "--players", SAMPLE, "--rounds", "5", check_rc=0)
    shutil.rmtree(full_disk / ".xlxq-backups", ignore_errors=True)
    before = {p.name: p.read_bytes() for p in (book, ev)}
    _fill(full_disk)
    monkeypatch.setenv("XLXQ_BACKUPS", "0")
    for args in (
        ("standings", book),
        ("simulate", book, "--seed", "1", "--rounds", "1"),
        ("report", book, "--out", full_disk / "r.xlsx"),
        ("pair", ev),
    ):
        p = run(*args)
        assert_bad_input(p, "磁盘已满")
        assert "Exception ignored" not in p.err and "ZipFile" not in p.err
        assert {q.name: q.read_bytes() for q in (book, ev)} == before
        assert sorted(os.listdir(full_disk)) == ["e.json", "e.xlsx", "filler"], args


def test_a_name_too_long_for_the_temporary_file_is_named(tmp_path):
    """80 Chinese characters + .json (245 bytes) is a valid name, but the
    save's temporary file (.NAME.XXXXXXXX.tmp, 14 bytes more) is not: the
    message says the name is too long and how short it must be."""
    for suffix in (".json", ".xlsx"):
        name = "赛" * 80 + suffix
        p = run("new", tmp_path / name, "--players", SAMPLE, "--rounds", "5")
        assert_bad_input(p, "文件名太长（245 字节）", "241 字节以内", f"78 个汉字加 {suffix}")
        assert "不可写" not in p.err and os.listdir(tmp_path) == []
        en = run("new", tmp_path / name, "--players", SAMPLE, "--rounds", "5", lang="en")
        assert_bad_input(en, "the file name is too long (245 bytes)", lang="en")
    # a file with such a name that exists (made elsewhere): refused the same way, unchanged
    made = tmp_path / "short.json"
    run("new", made, "--players", SAMPLE, "--rounds", "5", check_rc=0)
    long = tmp_path / ("赛" * 80 + ".json")
    made.rename(long)
    data = long.read_bytes()
    assert_bad_input(run("pair", long), "文件名太长")
    assert long.read_bytes() == data
    # longer than any name: the generic message says so too
    p = run("new", tmp_path / ("赛" * 90 + ".json"), "--players", SAMPLE, "--rounds", "5")
    assert_bad_input(p, "文件名太长")
