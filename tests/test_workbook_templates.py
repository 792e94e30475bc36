"""The templates: reproducible, the committed ones up to date, readable by
the mapping layer, and rendered by LibreOffice (PDF)."""

from __future__ import annotations

import os
import shutil
import subprocess

import openpyxl
import pytest

from tests.conftest import ROOT, load_tool
from tests.test_workbook_support import book

from xlxq.operations.workbook import template_path


def _builder():
    return load_tool("build_templates")


def test_build_is_reproducible_and_committed_templates_are_current(tmp_path):
    b = _builder()
    for lang in ("zh", "en", "zh-Hant"):
        one = b.build_template(lang, tmp_path / f"a-{lang}.xlsx").read_bytes()
        two = b.build_template(lang, tmp_path / f"b-{lang}.xlsx").read_bytes()
        assert one == two
        committed = ROOT / "workbook_templates" / f"xlxq-event-{lang}.xlsx"
        assert committed.read_bytes() == one, f"{committed} is stale: run python tools/build_templates.py"


def test_builder_accepts_a_vba_project_hook(tmp_path):
    b = _builder()
    seen = {}
    with pytest.raises(ValueError):
        b.build_template("zh", tmp_path / "x.xlsx", vba_project=tmp_path / "vbaProject.bin")
    b.build_template("zh", tmp_path / "y.xlsx", extend=lambda wb, sheets: seen.update(sheets))
    assert list(seen)[:4] == ["设置", "报名表", "成绩表", "编排记录"]


def test_templates_layout():
    for lang, names in (
        ("zh", ["设置", "报名表", "成绩表", "编排记录", "_xlxq"]),
        ("en", ["Settings", "Registration", "Standings", "Pairing log", "_xlxq"]),
        ("zh-Hant", ["設置", "報名表", "成績表", "編排記錄", "_xlxq"]),
    ):
        wb = openpyxl.load_workbook(template_path(lang))
        assert wb.sheetnames == names
        assert wb["_xlxq"].sheet_state == "hidden"
        s = wb[names[0]]
        assert s.freeze_panes == "A3"
        assert [c.value for c in s[2]][:3] == (
            {"zh": ["项目", "设置", "说明"], "zh-Hant": ["項目", "設置", "説明"]}.get(lang)
            or ["Setting", "Value", "Description"]
        )
        reg = wb[names[1]]
        assert reg.cell(row=2, column=2).value == ("Name" if lang == "en" else "姓名")
        assert reg.column_dimensions["B"].width >= 10
        assert s.data_validations.dataValidation  # drop-downs on the choices


def test_a_source_checkout_reads_the_one_committed_copy():
    # (the wheel's copy: tests/test_packaging.py)
    assert template_path("zh").parent == ROOT / "workbook_templates"
    assert template_path("en", macro=True) == ROOT / "workbook_templates" / "xlxq-event-en.xlsm"
    assert template_path("zh-Hant") == ROOT / "workbook_templates" / "xlxq-event-zh-Hant.xlsx"


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("soffice") is None,
    reason="LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui",
)
def test_libreoffice_renders_template_and_a_paired_workbook(tmp_path):
    from xlxq.operations.workbook import demo

    path = demo(tmp_path)
    env = dict(os.environ, HOME=str(tmp_path))
    for src in (template_path("zh"), template_path("en"), template_path("zh-Hant"), path):
        out = tmp_path / "pdf"
        r = subprocess.run(
            ["soffice", "--headless", "--norestore", "--convert-to", "pdf", "--outdir", str(out), str(src)],
            capture_output=True,
            text=True,
            timeout=180,
            env=env,
        )
        pdf = out / (src.stem + ".pdf")
        assert r.returncode == 0 and pdf.exists(), r.stderr
        assert pdf.read_bytes()[:5] == b"%PDF-"
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(out / "xlxq-demo.pdf"), "-"], capture_output=True, text=True).stdout
        assert "第1轮对阵表" in text and "赵文博" in text
        hant = subprocess.run(["pdftotext", str(out / "xlxq-event-zh-Hant.pdf"), "-"], capture_output=True, text=True)
        assert "賽事設置" in hant.stdout and "报名" not in hant.stdout
    assert book(path).sheet_names()[2] == "第1轮"
