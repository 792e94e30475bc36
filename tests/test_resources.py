"""Every file and archive an operation opens is closed by the operation
(issue 14): nothing is left for the garbage collector to close, so a
process may collect late (the CLI's raised GC threshold) without
"Exception ignored" or a ``ResourceWarning``.

The operations run with the collector off, then one collection at the end
gathers everything they left in reference cycles together (the order in
which an unclosed ``ZipFile`` and its buffer are finalised is then the
collector's: the case that printed "Exception ignored in ZipFile.__del__").
"""

from __future__ import annotations

import gc
import sys
import warnings
import zipfile
from pathlib import Path
from typing import Any, Callable

import pytest

from tests.conftest import enter_results


def leftovers(monkeypatch: pytest.MonkeyPatch, work: Callable[[], Any]) -> list[str]:
    """What ``work`` left to be closed at collection: the unraisable
    exceptions (a ``ResourceWarning`` of an unclosed file is one when
    warnings are errors) of one collection after it."""
    seen: list[str] = []
    monkeypatch.setattr(
        sys, "unraisablehook", lambda u: seen.append(f"{u.exc_type.__name__}: {u.exc_value} in {u.object!r}")
    )
    gc.collect()
    was = gc.isenabled()
    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)
        gc.disable()
        try:
            work()
        finally:
            gc.collect()
            if was:
                gc.enable()
    return seen


@pytest.mark.parametrize("suffix", [".xlsx", ".xlsm"])
def test_new_pair_recompute_on_a_workbook_leave_nothing_open(tmp_path, monkeypatch, sample_registration, suffix):
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.cli import main
    from xlxq.operations.workbook import recompute

    path = tmp_path / f"event{suffix}"

    def work() -> None:
        assert main(["new", str(path), "--players", str(sample_registration)]) == 0
        assert main(["pair", str(path)]) == 0
        enter_results(path)
        assert recompute(OpenpyxlBook(path), "en").ok
        assert main(["pair", str(path)]) == 0
        assert main(["standings", str(path)]) == 0

    assert leftovers(monkeypatch, work) == []
    with zipfile.ZipFile(path) as z:  # the .xlsm kept its VBA project through the read and the saves
        assert ("xl/vbaProject.bin" in z.namelist()) == (suffix == ".xlsm")


def test_a_workbook_refused_at_load_is_closed(tmp_path, monkeypatch):
    """A part openpyxl fails on while parsing it (a broken sheet) left the
    file open until the failure's frames were collected."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.errors import XlxqError
    from xlxq.operations.workbook import demo

    path = demo(tmp_path)
    with zipfile.ZipFile(path) as z:
        infos = z.infolist()
        data = {i.filename: z.read(i.filename) for i in infos}
    sheets = sorted(n for n in data if n.startswith("xl/worksheets/sheet"))
    data[sheets[0]] = data[sheets[0]].replace(b"<sheetData>", b"<sheetData><row r=", 1)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for info in infos:
            z.writestr(info, data[info.filename])

    def work() -> None:
        for partial in (True, False):
            with pytest.raises(XlxqError):
                OpenpyxlBook(path, partial=partial)

    assert leftovers(monkeypatch, work) == []


def test_reading_a_font_closes_it(monkeypatch):
    from xlxq.presentation.booklet.fonts import KNOWN_FONTS, read_face

    found = [p for p in KNOWN_FONTS if Path(p).is_file()]
    if not found:
        pytest.skip("no CJK font installed")
    assert leftovers(monkeypatch, lambda: read_face(found[0])) == []


def test_a_command_collects_late_and_restores_the_collector(tmp_path, monkeypatch, sample_registration):
    """``main`` raises the collector's first threshold for the command (the
    whole of it: the operation runs inside) and restores the thresholds
    after it, whether it succeeds, fails on bad input or exits in argparse:
    ``main`` runs in-process in the tests and in a caller's script."""
    import contextlib

    import xlxq.backends.backups as backups
    from xlxq.cli import COLLECT_AFTER, main

    seen: list[tuple[int, int, int]] = []
    operation = backups.operation

    @contextlib.contextmanager
    def watched(name: str):
        seen.append(gc.get_threshold())
        with operation(name):
            yield

    monkeypatch.setattr(backups, "operation", watched)
    before = gc.get_threshold()
    path = tmp_path / "event.xlsx"
    assert main(["new", str(path), "--players", str(sample_registration)]) == 0
    assert gc.get_threshold() == before
    assert main(["pair", str(tmp_path / "none.xlsx")]) == 2
    assert gc.get_threshold() == before
    with pytest.raises(SystemExit):
        main(["pair", "--no-such-option"])
    assert gc.get_threshold() == before and gc.isenabled()
    assert seen == [(COLLECT_AFTER, *before[1:])] * 2


def test_only_the_command_line_changes_the_collector(root):
    """The Excel entry points run inside a long-lived host (xlwings, the
    Lite edition's Pyodide): nothing they reach sets the collector's
    thresholds, disables or freezes it; only the CLI's ``main`` does, for
    its own command."""
    import re

    changes = re.compile(r"\bgc\.(set_threshold|disable|freeze)\(")
    found = sorted(
        str(p.relative_to(root))
        for folder in ("xlxq", "lite")
        for p in (root / folder).rglob("*.py")
        if changes.search(p.read_text(encoding="utf-8"))
    )
    assert found == ["xlxq/cli/__init__.py"]
