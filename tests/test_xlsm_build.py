"""The macro templates (.xlsm): the VBA inside is the macros/ source, every
button names a macro that exists and calls a Python function that exists,
the package parts are consistent, the build is reproducible, the openpyxl
path keeps the VBA and the buttons, and LibreOffice opens the file, binds
the buttons to the macros and renders it to PDF."""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT, load_tool
from xlxq.sheets.script import script_of, to_hant

# oletools 0.60 uses pyparsing's old names
pytestmark = pytest.mark.filterwarnings("ignore:.*deprecated.*:DeprecationWarning")

MACROS = ROOT / "macros"
LANGS = ("zh", "en", "zh-Hant")
KINDS = ("event", "team")
TEMPLATES = [ROOT / "workbook_templates" / f"xlxq-{kind}-{lang}.xlsm" for kind in KINDS for lang in LANGS]
CAPTIONS = {
    "zh": {
        "PairNextRound": "编排下一轮",
        "Recompute": "计算成绩",
        "ExplainRound": "编排记录",
        "ScheduleRoundRobin": "生成循环赛对阵",
        "QualifyKnockout": "晋级淘汰赛",
        "Diagnose": "诊断",
        "PublishSite": "发布网页",
        "DrawNumbers": "抽签",
        "UndoRound": "撤销本轮",
        "PrintScoreSheets": "打印记分单",
        "PrintNotice": "打印公告",
        "ResultsBooklet": "成绩册",
    },
    "en": {
        "PairNextRound": "Pair next round",
        "Recompute": "Recompute standings",
        "ExplainRound": "Pairing log",
        "ScheduleRoundRobin": "Round-robin schedule",
        "QualifyKnockout": "Start the knockout",
        "Diagnose": "Diagnose",
        "PublishSite": "Publish web pages",
        "DrawNumbers": "Draw numbers",
        "UndoRound": "Undo last round",
        "PrintScoreSheets": "Print score sheets",
        "PrintNotice": "Print pairings notice",
        "ResultsBooklet": "Results booklet",
    },
}
CAPTIONS["zh-Hant"] = {m: to_hant(c) for m, c in CAPTIONS["zh"].items()}  # 編排下一輪 …
assert CAPTIONS["zh-Hant"]["PairNextRound"] == "編排下一輪"
#: the team workbook has the three buttons that dispatch on the workbook kind, 诊断, 发布网页, 抽签, 撤销本轮,
#: 打印记分单, 打印公告 and 成绩册
TEAM_MACROS = {
    "PairNextRound",
    "Recompute",
    "ExplainRound",
    "Diagnose",
    "PublishSite",
    "DrawNumbers",
    "UndoRound",
    "PrintScoreSheets",
    "PrintNotice",
    "ResultsBooklet",
}
#: worksheets per template: the layout's, and the hidden xlwings.conf
N_SHEETS = {"event": 6, "team": 8}


def _builder():
    return load_tool("build_xlsm")


def _norm(code: str) -> str:
    return code.replace("\r\n", "\n").rstrip("\n")


def vba_modules(path: Path) -> dict[str, str]:
    """module name → source, extracted with oletools' olevba."""
    from oletools.olevba import VBA_Parser

    parser = VBA_Parser(str(path))
    try:
        out = {}
        for _, _, _, code in parser.extract_macros():
            m = re.match(r'Attribute VB_Name = "([^"]+)"', code)
            assert m, code[:80]
            out[m.group(1)] = code
        return out
    finally:
        parser.close()


def macro_sources() -> dict[str, str]:
    out = {}
    for p in sorted(MACROS.glob("*.bas")):
        text = p.read_text(encoding="ascii")
        out[re.match(r'Attribute VB_Name = "([^"]+)"', text).group(1)] = text
    return out


def subs(code: str) -> dict[str, str]:
    """Sub name → body (Public/Private/none; with or without arguments)."""
    return {
        m.group(1): m.group(2)
        for m in re.finditer(
            r"^(?:Public |Private )?Sub (\w+)\([^)]*\)\s*\n(.*?)^End Sub", code.replace("\r\n", "\n"), re.M | re.S
        )
    }


def buttons(path: Path) -> list[dict]:
    """Each Form button: sheet name, caption, macro (FmlaMacro)."""
    with zipfile.ZipFile(path) as z:
        wbxml = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
        targets = dict(re.findall(r'Id="(rId\d+)"[^>]*Target="([^"]+)"', rels))
        targets.update({k: v for v, k in re.findall(r'Target="([^"]+)"[^>]*Id="(rId\d+)"', rels)})
        out = []
        for name, rid in re.findall(r'<sheet name="([^"]+)"[^>]*r:id="(rId\d+)"', wbxml):
            part = "xl/" + targets[rid].lstrip("/").removeprefix("xl/")
            rel_name = part.replace("worksheets/", "worksheets/_rels/") + ".rels"
            if rel_name not in z.namelist():
                continue
            for target in re.findall(r'Target="([^"]+\.vml)"', z.read(rel_name).decode()):
                vml = z.read("xl/drawings/" + target.split("/")[-1]).decode()
                for shape in re.findall(r"<v:shape .*?</v:shape>", vml, re.S):
                    if 'ObjectType="Button"' not in shape:
                        continue
                    out.append(
                        {
                            "sheet": name,
                            "caption": re.sub(
                                r"<[^>]+>", "", re.search(r"<v:textbox.*?</v:textbox>", shape, re.S).group()
                            ).strip(),
                            "macro": re.search(r"<x:FmlaMacro>([^<]*)</x:FmlaMacro>", shape).group(1),
                        }
                    )
        return out


def resolve_runpython(body: str) -> list:
    """The Python callables a macro body's RunPython strings call (directly
    or through XlxqRun, which passes its argument to RunPython)."""
    found = []
    for command in re.findall(r'(?:RunPython|XlxqRun)\s+"((?:[^"]|"")*)"', body):
        command = command.replace('""', '"')
        imported = []
        for stmt in (s.strip() for s in command.split(";")):
            m = re.fullmatch(r"import ([\w.]+)", stmt)
            if m:
                importlib.import_module(m.group(1))
                imported.append(m.group(1))
                continue
            m = re.fullmatch(r"([\w.]+)\(\)", stmt)
            assert m, f"unexpected RunPython statement {stmt!r}"
            module, _, func = m.group(1).rpartition(".")
            assert module in imported, f"{module} is not imported in {command!r}"
            fn = getattr(importlib.import_module(module), func)
            assert callable(fn)
            inspect.signature(fn).bind()  # callable as f() from RunPython
            found.append(fn)
    return found


# --------------------------------------------------------------------------


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_vba_in_the_xlsm_is_the_macros_source(path):
    mods = vba_modules(path)
    src = macro_sources()
    assert src, "macros/*.bas missing"
    for name, code in src.items():
        assert name in mods, f"{name} missing from {path.name}"
        assert _norm(mods[name]) == _norm(code), f"{path.name}: module {name} differs from macros/ (rebuild)"
        assert code.isascii()
    # the rest is xlwings' standalone module, its Dictionary class and the document modules
    n_sheets = N_SHEETS["team" if "-team-" in path.name else "event"]
    assert set(mods) - set(src) == {"xlwings", "Dictionary", "ThisWorkbook"} | {
        f"Sheet{i}" for i in range(1, n_sheets + 1)
    }
    b = _builder()
    m = re.search(r'XLWINGS_VERSION As String = "([^"]+)"', mods["xlwings"])
    assert m and m.group(1) == b.XLWINGS_VERSION
    import xlwings

    if xlwings.__version__ == b.XLWINGS_VERSION:
        ours = (Path(xlwings.__file__).parent / "xlwings.bas").read_text(encoding="utf-8")
        assert _norm(mods["xlwings"]) == _norm(ours)


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_button_runs_an_existing_macro_that_calls_an_existing_function(path):
    import xlxq.excel as E
    from xlxq.sheets import layout as L

    from xlxq.sheets import team_layout as T

    lang = next(x for x in LANGS if path.name.endswith(f"-{x}.xlsm"))
    team = "-team-" in path.name
    mods = vba_modules(path)
    all_subs = {}
    for code in mods.values():
        all_subs.update(subs(code))
    found = buttons(path)
    hant, base = script_of(lang)
    sheets = (
        {T.SHEET_NAMES[T.SETTINGS][base], T.SHEET_NAMES[T.TEAMS][base]}
        if team
        else {L.SHEET_NAMES[L.SETTINGS][base], L.SHEET_NAMES[L.REGISTRATION][base]}
    )
    assert {b["sheet"] for b in found} == ({to_hant(n) for n in sheets} if hant else sheets)
    for b in found:
        macro = b["macro"].removeprefix("[0]!").split(".")[-1]
        assert macro in all_subs, f"button {b['caption']!r} names {b['macro']!r}: no such Sub"
        fns = resolve_runpython(all_subs[macro])
        assert fns == [E.ENTRY_POINTS[macro]]
        assert b["caption"] == CAPTIONS[lang][macro]
    assert {b["macro"].removeprefix("[0]!") for b in found} == (TEAM_MACROS if team else set(E.ENTRY_POINTS))
    # every RunPython in macros/ resolves, not only those on buttons
    for code in macro_sources().values():
        for body in subs(code).values():
            resolve_runpython(body)
    # XlxqRun hands its command to RunPython, unchanged
    run = subs(macro_sources()["XlxqButtons"])["XlxqRun"]
    assert re.search(r"^\s*RunPython PythonCommand\s*$", run, re.M)
    assert "Private Sub XlxqRun(ByVal PythonCommand As String)" in macro_sources()["XlxqButtons"]


def test_resolver_catches_a_missing_function():
    with pytest.raises(AttributeError):
        resolve_runpython('    RunPython "import xlxq.excel; xlxq.excel.no_such_function()"\n')
    with pytest.raises(ModuleNotFoundError):
        resolve_runpython('    RunPython "import xlxq.nothere; xlxq.nothere.f()"\n')


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_package_parts_are_consistent(path):
    import olefile

    with zipfile.ZipFile(path) as z:
        types = z.read("[Content_Types].xml").decode()
        assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in types
        assert 'Extension="bin" ContentType="application/vnd.ms-office.vbaProject"' in types
        assert "vbaProject.bin" in z.read("xl/_rels/workbook.xml.rels").decode()
        assert 'codeName="ThisWorkbook"' in z.read("xl/workbook.xml").decode()
        codes = {
            m.group(1).decode()
            for n in z.namelist()
            if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", n)
            for m in [re.search(rb'<sheetPr[^>]*codeName="([^"]+)"', z.read(n))]
            if m
        }
        project = olefile.OleFileIO(z.read("xl/vbaProject.bin")).openstream("PROJECT").read().decode("cp1252")
    documents = set(re.findall(r"^Document=(\w+)/", project, re.M))
    n_sheets = N_SHEETS["team" if "-team-" in path.name else "event"]
    assert codes == {f"Sheet{i}" for i in range(1, n_sheets + 1)}
    assert documents == codes | {"ThisWorkbook"}  # one document module per code name
    assert re.findall(r"^Module=(\w+)", project, re.M) == sorted(
        set(macro_sources()) | {"xlwings"}, key=lambda n: n != "XlxqButtons"
    )
    assert re.findall(r"^Class=(\w+)", project, re.M) == ["Dictionary"]


def test_committed_xlsm_equal_a_fresh_build(tmp_path):
    pytest.importorskip("pyopenvba", reason='the build needs pyOpenVBA: pip install -e ".[build]"')
    import xlwings

    b = _builder()
    if xlwings.__version__ != b.XLWINGS_VERSION:
        pytest.skip(f"the build needs xlwings {b.XLWINGS_VERSION} (installed {xlwings.__version__})")
    for kind in KINDS:
        for lang in LANGS:
            one = b.build_xlsm(lang, tmp_path / f"a-{kind}-{lang}.xlsm", kind).read_bytes()
            two = b.build_xlsm(lang, tmp_path / f"b-{kind}-{lang}.xlsm", kind).read_bytes()
            assert one == two
            for path in TEMPLATES:
                if path.name == f"xlxq-{kind}-{lang}.xlsm":
                    assert path.read_bytes() == one, f"{path} is stale: run python tools/build_xlsm.py"


@pytest.mark.parametrize("lang", LANGS)
def test_xlsm_has_the_layout_of_the_xlsx_template(lang):
    # without pyOpenVBA: a layout change that left the .xlsm behind still shows
    import openpyxl

    from xlxq.backends.openpyxl_book import OpenpyxlBook

    xlsx = ROOT / "workbook_templates" / f"xlxq-event-{lang}.xlsx"
    xlsm = ROOT / "workbook_templates" / f"xlxq-event-{lang}.xlsm"
    a, b = OpenpyxlBook(xlsx), OpenpyxlBook(xlsm)
    assert a.sheet_names() + ["xlwings.conf"] == b.sheet_names()  # the .xlsm adds the hidden config sheet
    for n in a.sheet_names():
        assert a.values(n) == b.values(n), f"{xlsm.name} sheet {n} is stale: run python tools/build_xlsm.py"
    wa, wb = openpyxl.load_workbook(xlsx), openpyxl.load_workbook(xlsm)
    for n in a.sheet_names():
        assert wa[n].sheet_state == wb[n].sheet_state and wa[n].freeze_panes == wb[n].freeze_panes
        assert len(wa[n].data_validations.dataValidation) == len(wb[n].data_validations.dataValidation)


def test_the_openpyxl_path_keeps_vba_and_buttons(tmp_path):
    from tests.test_workbook_support import SAMPLE

    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.backends.registration import read_registration
    from xlxq.core.model import EventSettings
    from xlxq.operations.workbook import create_event_workbook, template_path
    from tests.book_ops import pair_next_round

    src = template_path("zh", macro=True)
    assert src.suffix == ".xlsm"
    p = create_event_workbook(tmp_path / "event.xlsm", read_registration(SAMPLE), EventSettings(rounds=5))
    assert pair_next_round(OpenpyxlBook(p)).ok
    with zipfile.ZipFile(src) as z:
        vba = z.read("xl/vbaProject.bin")
    with zipfile.ZipFile(p) as z:
        assert z.read("xl/vbaProject.bin") == vba
    assert [b["macro"] for b in buttons(p)] == [b["macro"] for b in buttons(src)]
    assert vba_modules(p)["XlxqButtons"] == vba_modules(src)["XlxqButtons"]


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("soffice") is None,
    reason="LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui",
)
def test_libreoffice_opens_the_xlsm_binds_the_buttons_and_renders_pdf(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path))
    srcs = [ROOT / "workbook_templates" / f"xlxq-event-{lang}.xlsm" for lang in LANGS]
    r = subprocess.run(
        [
            "soffice",
            "--headless",
            "--norestore",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp_path / "pdf"),
            *map(str, srcs),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
    )
    for s in srcs:
        pdf = tmp_path / "pdf" / (s.stem + ".pdf")
        assert r.returncode == 0 and pdf.exists() and pdf.stat().st_size > 1000, r.stderr
        assert pdf.read_bytes().startswith(b"%PDF")
    # LibreOffice imports the VBA and resolves each button to its Sub
    r = subprocess.run(
        [
            "soffice",
            "--headless",
            "--norestore",
            "--convert-to",
            "ods",
            "--outdir",
            str(tmp_path / "ods"),
            str(srcs[0]),
        ],
        capture_output=True,
        text=True,
        timeout=240,
        env=env,
    )
    ods = tmp_path / "ods" / (srcs[0].stem + ".ods")
    assert r.returncode == 0 and ods.exists(), r.stderr
    with zipfile.ZipFile(ods) as z:
        content = z.read("content.xml").decode()
        names = z.namelist()
    bound = set(re.findall(r"vnd\.sun\.star\.script:VBAProject\.(\w+\.\w+)\?language=Basic", content))
    assert bound == {f"XlxqButtons.{m}" for m in CAPTIONS["zh"]}
    assert "Basic/VBAProject/XlxqButtons.xml" in names and "Basic/VBAProject/xlwings.xml" in names
