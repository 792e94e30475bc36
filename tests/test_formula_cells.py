"""Formula cells in the cells xlxq reads (报名表, a round sheet's 结果, 设置),
on real .xlsx files (issue 11, docs/reliability.md): the value Excel stored
is read (never a blank), kept through every save, and the formula is never
replaced by a constant; a formula with no stored value is refused, naming
the cell and what to do.

The stored values are written into the sheet XML as Excel writes them
(``<c><f>…</f><v>…</v></c>``); one test has LibreOffice calculate and store
them instead (``soffice --headless --convert-to xlsx``).
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.hostile import sheet_parts
from xlxq.cli import main

#: sheet → cell → (formula, the value Excel would store)
FORMULAS = {
    "报名表": {
        **{f"A{r}": ("=ROW()-2", r - 2) for r in range(3, 27)},
        "B8": ('="周"&"六"', "周六"),
    },
    "第1轮": {"F3": ('="红"&"胜"', "红胜")},
    "设置": {"B12": ("=1+1", 2)},
}


def _with_formulas(src: Path, dst: Path) -> None:
    wb = load_workbook(src)
    for sheet, cells in FORMULAS.items():
        for coord, (formula, _) in cells.items():
            wb[sheet][coord] = formula
    for r in range(4, 15):
        wb["第1轮"].cell(r, 6).value = "和"
    wb.save(dst)


def _store_values(path: Path) -> None:
    """Put each formula's value into the file as Excel stores it."""
    parts = sheet_parts(path.read_bytes())
    with zipfile.ZipFile(path) as z:
        members = [(i, z.read(i.filename)) for i in z.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in members:
            sheet = next((s for s, p in parts.items() if p == info.filename), None)
            if sheet in FORMULAS:
                xml = data.decode("utf-8")
                for coord, (_, value) in FORMULAS[sheet].items():
                    t = ' t="str"' if isinstance(value, str) else ""
                    xml, n = re.subn(
                        rf'<c r="{coord}"([^>]*)><f>([^<]*)</f><v ?/></c>',
                        lambda m, t=t, v=value, c=coord: f'<c r="{c}"{m.group(1)}{t}><f>{m.group(2)}</f><v>{v}</v></c>',
                        xml,
                    )
                    assert n == 1, (sheet, coord)
                data = xml.encode("utf-8")
            z.writestr(info, data)
    path.write_bytes(out.getvalue())


@pytest.fixture
def demo(tmp_path) -> Path:
    assert main(["demo", str(tmp_path)]) == 0
    return tmp_path / "xlxq-demo.xlsx"


def _run(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return rc, out, err


def _formulas_and_values(path: Path) -> tuple[dict, dict]:
    f = load_workbook(path)
    v = load_workbook(path, data_only=True)
    formulas = {(s, c): f[s][c].value for s, cells in FORMULAS.items() for c in cells}
    values = {(s, c): v[s][c].value for s, cells in FORMULAS.items() for c in cells}
    return formulas, values


def _check_kept(path: Path) -> None:
    formulas, values = _formulas_and_values(path)
    assert formulas == {(s, c): fv[0] for s, cells in FORMULAS.items() for c, fv in cells.items()}
    assert values == {(s, c): fv[1] for s, cells in FORMULAS.items() for c, fv in cells.items()}


def test_stored_values_are_read_kept_and_never_overwritten(demo, tmp_path, capsys):
    f = tmp_path / "f.xlsx"
    _with_formulas(demo, f)
    _store_values(f)
    rc, out1, err = _run(capsys, "standings", f)
    assert rc == 0, err
    # board 1: 1 赵文博 beat 2 李明轩 by a formula "红"&"胜": 2 points (the 设置 win =1+1)
    leader = next(ln for ln in out1.splitlines() if ln.split()[:1] == ["1"])
    assert "赵文博" in leader and leader.split()[4] == "2", out1
    assert "周六" in out1  # the name given by a formula
    _check_kept(f)
    rc, out2, _ = _run(capsys, "standings", f)  # the second run reads the same
    assert rc == 0 and out2 == out1
    rc, out, err = _run(capsys, "pair", f)
    assert rc == 0 and "已编排第2轮" in out, err
    _check_kept(f)
    rc, out3, _ = _run(capsys, "standings", f, "--round", "1")
    assert rc == 0 and leader in out3


def test_no_stored_value_names_the_cell(demo, tmp_path, capsys):
    f = tmp_path / "f.xlsx"
    _with_formulas(demo, f)  # saved by openpyxl: no values stored
    before = f.read_bytes()
    for cmd in ("pair", "standings", "check", "explain"):
        rc, out, err = _run(capsys, cmd, f)
        assert rc == 2, (cmd, out, err)
        assert "“设置”表（B12）" in err and "=1+1" in err  # the first sheet read
        assert "在 Excel 中打开并保存" in err and "直接输入数值" in err
        assert f.read_bytes() == before


@pytest.mark.parametrize("sheet, coord", [("第1轮", "F3"), ("设置", "B12"), ("报名表", "B8")])
def test_each_read_sheet_refuses_a_formula_without_value(demo, tmp_path, capsys, sheet, coord):
    f = tmp_path / "f.xlsx"
    wb = load_workbook(demo)
    wb[sheet][coord] = FORMULAS[sheet][coord][0]
    wb.save(f)
    before = f.read_bytes()
    rc, _, err = _run(capsys, "standings", f)
    assert rc == 2 and f"“{sheet}”表（{coord}）" in err, err
    assert f.read_bytes() == before


def test_a_formula_where_xlxq_must_write_is_refused(demo, tmp_path, capsys):
    """A formula in 成绩表 whose value is not what the table needs there:
    refused by cell, the file unchanged (never written over)."""
    f = tmp_path / "f.xlsx"
    wb = load_workbook(demo)
    ws = wb["成绩表"]
    coord = next(c.coordinate for row in ws.iter_rows(min_row=3, max_row=3) for c in row if c.value)
    ws[coord] = '="x"'
    wb.save(f)
    xml_part = sheet_parts(f.read_bytes())["成绩表"]
    with zipfile.ZipFile(f) as z:
        members = [(i, z.read(i.filename)) for i in z.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for info, data in members:
            if info.filename == xml_part:
                data = re.sub(
                    rb"(<c r=\"" + coord.encode() + rb"\"[^>]*)><f>([^<]*)</f><v ?/>",
                    rb'\1 t="str"><f>\2</f><v>x</v>',
                    data,
                )
            z.writestr(info, data)
    f.write_bytes(out.getvalue())
    before = f.read_bytes()
    rc, _, err = _run(capsys, "standings", f)
    assert rc == 2 and f"（{coord}）" in err and "不会改写公式" in err, err
    assert f.read_bytes() == before


def test_merged_club_cells_read_down(demo, tmp_path, capsys):
    """单位 written once for the players below it (merged C3:C5) counts for each."""
    f = tmp_path / "f.xlsx"
    wb = load_workbook(demo)
    ws = wb["报名表"]
    club = ws["C3"].value
    ws["C4"] = ws["C5"] = None
    ws.merge_cells("C3:C5")
    wb.save(f)
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.sheets.read import read_workbook

    units = {p.no: p.unit for p in read_workbook(OpenpyxlBook(f)).event.players}
    assert units[1] == units[2] == units[3] == club and units[4] != club
    rc, out, err = _run(capsys, "standings", f)
    assert rc == 0, err
    assert sum(club in ln for ln in out.splitlines()) >= 3


def _merged(src: Path, dst: Path, sheet: str, rng: str, fill: dict[str, object] | None = None) -> bytes:
    wb = load_workbook(src)
    ws = wb[sheet]
    for coord, v in (fill or {}).items():
        ws[coord] = v
    ws.merge_cells(rng)
    wb.save(dst)
    return dst.read_bytes()


@pytest.mark.parametrize(
    "sheet, rng, head",
    [
        ("第1轮", "F3:F8", "结果"),  # issue 21 §2.5: F3's result counted for six boards
        ("第1轮", "A5:A6", "台次"),
        ("第1轮", "B3:C4", "序号"),
        ("第1轮", "K7:L9", "红犯规"),
        ("报名表", "A3:A5", "序号"),
        ("报名表", "B10:B11", "姓名"),
        ("报名表", "D4:D7", "等级分"),
    ],
)
def test_merged_cells_over_a_column_read_row_by_row_are_refused(demo, tmp_path, capsys, sheet, rng, head):
    """Cells merged over several rows of a column read row by row: every
    command refuses, naming the sheet, the range and the column; nothing
    written.  (Read down, F3:F8 merged gave F3's 红胜 to boards 1-6 and
    paired round 2 on it.)"""
    f = tmp_path / "m.xlsx"
    before = _merged(demo, f, sheet, rng, {"F3": "红胜", **{f"F{r}": "和" for r in range(9, 15)}})
    for cmd in ("pair", "standings", "check", "explain"):
        rc, out, err = _run(capsys, cmd, f)
        assert rc == 2, (cmd, out, err)
        assert f"“{sheet}”表（{rng}）：合并单元格跨越多行" in err and f"“{head}”列" in err, err
        assert err.count("\n") == 1 and f.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["m.xlsx", "xlxq-demo.xlsx"]


def test_merged_cells_elsewhere_still_read(demo, tmp_path, capsys):
    """A merge over one row (across columns) or in a column not read row by
    row (单位, 备注) is read as before."""
    f = tmp_path / "m.xlsx"
    wb = load_workbook(demo)
    wb["报名表"].merge_cells("H3:H6")  # 备注
    wb["第1轮"].merge_cells("D3:D4")  # 单位 (the program's)
    wb.save(f)
    rc, out, err = _run(capsys, "check", f)
    assert rc in (0, 1) and "合并" not in err, err


def test_merged_cells_in_a_team_workbook_are_refused(tmp_path, capsys):
    from tests.conftest import SAMPLE_TEAMS

    f = tmp_path / "t.xlsx"
    assert main(["new", str(f), "--teams", str(SAMPLE_TEAMS), "--boards", "4", "--rounds", "3"]) == 0
    assert main(["pair", str(f)]) == 0
    wb = load_workbook(f)
    heads = {c.value: c.column_letter for c in wb["第1轮"][2] if c.value}
    res = heads["结果"]
    for case, (sheet, rng, head) in enumerate(
        (("队伍报名", "E3:E5", "姓名"), ("第1轮", f"{res}4:{res}6", "结果"), ("队伍报名", "B3:B6", None))
    ):
        g = tmp_path / f"t{case}.xlsx"
        before = _merged(f, g, sheet, rng)
        rc, out, err = _run(capsys, "standings", g)
        if head is None:  # 队名 written once for the team's rows: read down as before
            assert "合并" not in err, err
            continue
        assert rc == 2 and f"“{sheet}”表（{rng}）：合并单元格跨越多行" in err and f"“{head}”列" in err, err
        assert g.read_bytes() == before


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice not installed")
def test_libreoffice_calculated_values(demo, tmp_path, capsys):
    src = tmp_path / "src" / "f.xlsx"
    src.parent.mkdir()
    _with_formulas(demo, src)
    out_dir = tmp_path / "calc"
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "xlsx", "--outdir", str(out_dir), str(src)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    f = out_dir / "f.xlsx"
    rc, out1, err = _run(capsys, "standings", f)
    assert rc == 0, err
    assert "周六" in out1
    formulas, values = _formulas_and_values(f)
    assert values[("报名表", "A3")] == 1 and values[("第1轮", "F3")] == "红胜"
    assert formulas[("报名表", "A3")] == "=ROW()-2"
    rc, out2, _ = _run(capsys, "standings", f)
    assert rc == 0 and out2 == out1


# ==========================================================================
# the registration import: xlxq new EVENT.json --players P.xlsx
# ==========================================================================

#: a registration with formulas: cell → (formula, the value Excel would store)
REG_FORMULAS = {"A2": ("=ROW()-1", 1), "A3": ("=ROW()-1", 2), "B3": ('="李"&"四"', "李四"), "C3": ('=""', "")}


def _registration(path: Path, stored: bool) -> None:
    """A three-column registration of two players written by openpyxl (its
    formulas without values), or, ``stored``, with the values Excel stores."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["序号", "姓名", "单位"])
    ws.append([None, "张三", "北京"])
    ws.append([None, None, None])
    for coord, (formula, _) in REG_FORMULAS.items():
        ws[coord] = formula
    wb.save(path)
    if not stored:
        return
    with zipfile.ZipFile(path) as z:
        members = [(i, z.read(i.filename)) for i in z.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, data in members:
            if info.filename == "xl/worksheets/sheet1.xml":
                xml = data.decode("utf-8")
                for coord, (_, value) in REG_FORMULAS.items():
                    t = ' t="str"' if isinstance(value, str) else ""
                    xml, n = re.subn(
                        rf'<c r="{coord}"([^>]*)><f>([^<]*)</f><v ?/></c>',
                        lambda m, t=t, v=value, c=coord: f'<c r="{c}"{m.group(1)}{t}><f>{m.group(2)}</f><v>{v}</v></c>',
                        xml,
                    )
                    assert n == 1, coord
                data = xml.encode("utf-8")
            z.writestr(info, data)
    path.write_bytes(out.getvalue())


def _players(event: Path) -> list[tuple]:
    import json

    return [(p["no"], p["name"], p.get("unit", "")) for p in json.loads(event.read_text(encoding="utf-8"))["players"]]


def test_registration_formulas_read_as_their_stored_values(tmp_path, capsys):
    reg = tmp_path / "p.xlsx"
    _registration(reg, stored=True)
    rc, _, err = _run(capsys, "new", tmp_path / "e.json", "--players", reg, "--rounds", "1")
    assert rc == 0, err
    assert _players(tmp_path / "e.json") == [(1, "张三", "北京"), (2, "李四", "")]


def test_registration_formula_without_value_names_the_cell(tmp_path, capsys):
    reg = tmp_path / "p.xlsx"
    _registration(reg, stored=False)
    rc, out, err = _run(capsys, "new", tmp_path / "e.json", "--players", reg, "--rounds", "1")
    assert rc == 2 and out == ""
    assert err.strip() == (
        "错误：p.xlsx：“Sheet”表（A2）：公式 =ROW()-1 在文件中没有保存计算结果（文件由不计算公式的程序保存过），"
        "xlxq 不计算公式：请在 Excel 中打开并保存一次，或在该单元格直接输入数值"
    )
    assert not (tmp_path / "e.json").exists()


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice not installed")
def test_registration_calculated_by_libreoffice(tmp_path, capsys):
    reg = tmp_path / "src" / "p.xlsx"
    reg.parent.mkdir()
    _registration(reg, stored=False)
    subprocess.run(
        ["soffice", "--headless", "--convert-to", "xlsx", "--outdir", str(tmp_path / "calc"), str(reg)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    rc, _, err = _run(capsys, "new", tmp_path / "e.json", "--players", tmp_path / "calc" / "p.xlsx", "--rounds", "1")
    assert rc == 0, err
    assert _players(tmp_path / "e.json") == [(1, "张三", "北京"), (2, "李四", "")]


def test_merged_result_cells_in_a_group_name_the_groups_sheet(tmp_path, capsys):
    from tests.conftest import template_workbook

    names = [f"棋手{i}" for i in range(10)]
    f = template_workbook(
        tmp_path / "g.xlsx", names, groups={n: "甲组" if i % 2 else "乙组" for i, n in enumerate(names)}
    )
    assert main(["pair", str(f)]) == 0
    g = tmp_path / "g1.xlsx"
    before = _merged(f, g, "乙组 第1轮", "F3:F5")
    rc, out, err = _run(capsys, "standings", g)
    assert rc == 2 and "组别“乙组”：“乙组 第1轮”表（F3:F5）：合并单元格跨越多行，盖住了“结果”列" in err, err
    assert g.read_bytes() == before
