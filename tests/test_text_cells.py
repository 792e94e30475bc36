"""Every text a user typed is written back as text, never as a formula
(issue 21 §2.4): names, clubs, team names and the event name beginning with
``=``, ``+``, ``-`` or ``@`` go through every writer of a workbook file —
``convert``, ``draw``, ``pair``, ``standings``, ``scoresheets``, ``notice``,
``report`` (the 成绩册), a workbook with groups (组别) and a team workbook —
and no written file holds a formula cell: none typed ``f`` by openpyxl, no
``<f>`` element in any sheet, and each hostile text is in a cell as text.
One function writes them all (:func:`xlxq.backends.formulas.write_text`).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import openpyxl

from tests.conftest import enter_results, template_workbook
from xlxq.cli import main

HOSTILE = (
    '=HYPERLINK("http://example.com/x","点此")',
    '=DDE("cmd";"/c calc";"x")',
    "+1",
    "-1",
    "@SUM(1)",
    "=1+2",
    "#N/A",
)
#: names and clubs: every hostile text as a name and as a club
ROWS = [(h, HOSTILE[(i + 1) % len(HOSTILE)]) for i, h in enumerate(HOSTILE)] + [
    ("张三", "北京"),
    ("李四", "上海"),
    ("王五", "广州"),
]


def _run(*args: object) -> None:
    assert main([str(a) for a in args]) == 0, args


def _csv(path: Path, head: str, rows: list[tuple[str, ...]]) -> Path:
    def q(s: str) -> str:
        return '"' + s.replace('"', '""') + '"'

    path.write_text(head + "\n" + "".join(",".join(map(q, r)) + "\n" for r in rows), encoding="utf-8")
    return path


def formula_cells(path: Path) -> list[str]:
    """Every formula of the file ``path``: a cell openpyxl types ``f``, an
    ``<f>`` element in a sheet's XML (what Excel would run)."""
    found = []
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            found += [f"{ws.title}!{c.coordinate}={c.value!r}" for c in row if c.data_type == "f"]
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.startswith("xl/worksheets/") and re.search(rb"<f[ >]", z.read(name)):
                found.append(f"{name}: <f>")
    return found


def texts(path: Path) -> set[str]:
    """The texts of every cell typed text."""
    wb = openpyxl.load_workbook(path)
    return {c.value for ws in wb.worksheets for row in ws.iter_rows() for c in row if c.data_type in ("s", "str")}


def test_every_writer_writes_hostile_names_as_text(tmp_path, capsys):
    reg = _csv(tmp_path / "p.csv", "姓名,单位", ROWS)
    js, book = tmp_path / "e.json", tmp_path / "e.xlsx"
    _run("new", js, "--players", reg, "--rounds", 3, "--name", '=HYPERLINK("x")赛')
    _run("convert", js, book)
    _run("draw", book)
    _run("pair", book)
    enter_results(book)
    _run("standings", book)
    _run("pair", book)
    _run("scoresheets", book)
    _run("notice", book)
    _run("report", book, "--out", tmp_path / "r.xlsx")
    _run("pair", js)
    enter_results(js)
    _run("convert", js, tmp_path / "c.xlsx")
    _run("report", js, "--out", tmp_path / "rj.xlsx")
    written = [book, tmp_path / "r.xlsx", tmp_path / "c.xlsx", tmp_path / "rj.xlsx"]

    # a workbook of groups (组别)
    names = [n for n, _ in ROWS]
    groups = template_workbook(
        tmp_path / "g.xlsx", names, groups={n: ("甲组" if i % 2 else "乙组") for i, n in enumerate(names)}
    )
    wb = openpyxl.load_workbook(groups)
    reg_ws = wb["报名表"]
    head = {c.value: c.column for c in reg_ws[2] if c.value is not None}
    for i, (name, unit) in enumerate(ROWS, start=3):  # typed as text, as Excel keeps '=… typed with a quote
        for col, text in ((head["姓名"], name), (head["单位"], unit)):
            reg_ws.cell(row=i, column=col).value = text
            reg_ws.cell(row=i, column=col).data_type = "s"
    wb.save(groups)
    assert formula_cells(groups) == []
    _run("draw", groups)
    _run("pair", groups)
    _run("standings", groups)
    written.append(groups)

    # a team workbook: hostile team names and players
    teams = _csv(
        tmp_path / "t.csv",
        "队名,姓名,台次",
        [(HOSTILE[i // 2], f"{HOSTILE[(i + 3) % len(HOSTILE)]}{'' if i < 7 else i}", str(i % 2 + 1)) for i in range(8)],
    )
    team = tmp_path / "t.xlsx"
    _run("new", team, "--teams", teams, "--boards", 2, "--rounds", 3)
    _run("pair", team)
    enter_results(team)
    _run("standings", team)
    _run("report", team, "--out", tmp_path / "rt.xlsx")
    written += [team, tmp_path / "rt.xlsx"]
    capsys.readouterr()

    for f in written:
        assert formula_cells(f) == [], f
    for f in (book, tmp_path / "r.xlsx", groups):
        assert set(HOSTILE) <= texts(f), (f, set(HOSTILE) - texts(f))  # printed as typed
    for f in (team, tmp_path / "rt.xlsx"):
        assert set(HOSTILE[:4]) <= texts(f), f


def test_write_text_is_the_one_way(tmp_path):
    """The function itself: openpyxl would make these a formula or an error
    value; written through it they are text, and read back as typed."""
    from openpyxl import Workbook

    from xlxq.backends.formulas import write_text

    wb = Workbook()
    ws = wb.active
    for i, h in enumerate(HOSTILE, start=1):
        write_text(ws.cell(row=i, column=1), h)
    wb.save(tmp_path / "w.xlsx")
    assert formula_cells(tmp_path / "w.xlsx") == []
    back = openpyxl.load_workbook(tmp_path / "w.xlsx").active
    assert [back.cell(row=i, column=1).value for i in range(1, len(HOSTILE) + 1)] == list(HOSTILE)
