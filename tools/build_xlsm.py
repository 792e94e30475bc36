"""Build the macro templates (.xlsm with buttons) from macros/ (reproducibly).

    pip install -e ".[build]"          # pyOpenVBA (pinned), xlwings 0.37.8
    python tools/build_xlsm.py         # writes the .xlsm templates
    python tools/build_xlsm.py --check # exit 1 if the committed ones are stale

Writes ``workbook_templates/xlxq-{event,team}-{zh,en,zh-Hant}.xlsm`` (the templates
``xlxq new … FILE.xlsm`` / ``create_event_workbook`` copy; the wheel packages
that folder as ``xlxq/templates/``).  The result is committed, so arbiters
and CI need none of these tools.

How (docs/excel.md, "How the .xlsm is built"):

1. The VBA project starts from the ``vbaProject.bin`` of
   ``quickstart_standalone.xlsm`` shipped inside the pinned xlwings wheel: an
   Office-authored project holding the standalone ``xlwings`` module (which
   provides ``RunPython``), the ``Dictionary`` class (used on macOS),
   ``Module1`` and the document modules ThisWorkbook, Sheet1, Sheet2.
2. The sheets come from ``tools/build_templates.py`` (XlsxWriter, the same
   layout as the .xlsx templates), which embeds that project
   (``add_vba_project``), names the code names ThisWorkbook, Sheet1…SheetN and
   lets this script add the buttons (``insert_button``: legacy Form controls
   whose macro is ``[0]!PairNextRound`` …) on 设置 and 报名表, and the hidden
   last sheet ``xlwings.conf`` (xlxq.operations.excel_setup.WORKBOOK_CONFIG and the
   VBA's xlwings version; docs/excel.md, "Set-up and the doctor").
3. pyOpenVBA then rewrites the project in place: ``Module1`` becomes the
   first module of macros/ (renamed, source replaced), further macros/*.bas
   files are added, and a document module is added for every sheet code name
   the quickstart project lacks (Sheet3…), declared ``Document=`` as Excel
   does, so that code names and document modules match.

Every step is deterministic: XlsxWriter with a fixed creation date and zip
timestamps, pyOpenVBA rewriting only ``xl/vbaProject.bin``.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import tempfile
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MACROS = ROOT / "macros"
TEMPLATES = ROOT / "workbook_templates"

#: the versions the committed .xlsm were built with ([build] extra)
XLWINGS_VERSION = "0.37.8"
PYOPENVBA_VERSION = "6.5.0"
WORKSHEET_BASE = "0{00020820-0000-0000-C000-000000000046}"

#: button → macro, per language; where they go (sheet kind → first cell)
BUTTONS = (
    ("PairNextRound", "编排下一轮", "Pair next round"),
    ("Recompute", "计算成绩", "Recompute standings"),
    ("ExplainRound", "编排记录", "Pairing log"),
    ("ScheduleRoundRobin", "生成循环赛对阵", "Round-robin schedule"),
    ("QualifyKnockout", "晋级淘汰赛", "Start the knockout"),
    ("Diagnose", "诊断", "Diagnose"),
    ("PublishSite", "发布网页", "Publish web pages"),
    ("DrawNumbers", "抽签", "Draw numbers"),
    ("UndoRound", "撤销本轮", "Undo last round"),
    ("PrintScoreSheets", "打印记分单", "Print score sheets"),
    ("PrintNotice", "打印公告", "Print pairings notice"),
    ("ResultsBooklet", "成绩册", "Results booklet"),
)
#: the team workbook has the first three (they dispatch on the workbook kind),
#: 诊断, 发布网页, 抽签, 撤销本轮, 打印记分单 and 打印公告
TEAM_BUTTONS = BUTTONS[:3] + BUTTONS[5:]
BUTTON_SIZE = {"width": 120, "height": 32}  # pixels
BUTTON_GAP = 8
#: sheet kind → (0-based row, col) of the first button: a toolbar in the
#: frozen title row 1 (B1 on 设置, E1 on 报名表), made 30 pt tall
BUTTON_PLACES = {"settings": (0, 1), "registration": (0, 4)}
TITLE_ROW_HEIGHT = 30  # points


def _templates_module() -> Any:
    spec = importlib.util.spec_from_file_location("build_templates", ROOT / "tools" / "build_templates.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def quickstart_project() -> bytes:
    """``xl/vbaProject.bin`` of the installed xlwings' quickstart_standalone.xlsm."""
    import xlwings

    if xlwings.__version__ != XLWINGS_VERSION:
        raise SystemExit(
            f'build with xlwings {XLWINGS_VERSION} (installed: {xlwings.__version__}); pip install -e ".[build]"'
        )
    path = Path(xlwings.__file__).parent / "quickstart_standalone.xlsm"
    with zipfile.ZipFile(path) as z:
        return z.read("xl/vbaProject.bin")


def macro_sources(folder: Path = MACROS) -> dict[str, str]:
    """module name → source (CRLF, as stored in a VBA project) of macros/*.bas."""
    out = {}
    for p in sorted(folder.glob("*.bas")):
        text = p.read_bytes().decode("ascii")  # VBA module text is ANSI: keep it ASCII
        m = re.match(r'Attribute VB_Name = "([^"]+)"', text)
        if not m:
            raise SystemExit(f'{p}: the first line must be Attribute VB_Name = "..."')
        out[m.group(1)] = text.replace("\r\n", "\n").replace("\n", "\r\n")
    if not out:
        raise SystemExit(f"no .bas files in {folder}")
    return out


def add_buttons(lang: str, team: bool = False) -> Any:
    """The ``extend`` hook of build_template: the buttons on 设置 and 报名表
    (team workbook: 设置 and 队伍报名)."""
    from xlxq.sheets.script import script_of, to_hant

    hant, base = script_of(lang)
    if team:
        from xlxq.sheets import team_layout as T

        names = {"settings": T.SHEET_NAMES[T.SETTINGS][base], "registration": T.SHEET_NAMES[T.TEAMS][base]}
        buttons = TEAM_BUTTONS
    else:
        from xlxq.sheets import layout as L

        names = {kind: L.SHEET_NAMES[kind][base] for kind in BUTTON_PLACES}
        buttons = BUTTONS
    if hant:  # the 繁體 template: its sheets and captions in 繁體
        names = {k: to_hant(v) for k, v in names.items()}
        buttons = [(macro, to_hant(zh), en) for macro, zh, en in buttons]

    def extend(wb: Any, sheets: dict[str, Any]) -> None:
        add_config_sheet(wb, len(sheets) + 1)
        for kind, (row, col) in BUTTON_PLACES.items():
            ws = sheets[names[kind]]
            ws.set_row(row, TITLE_ROW_HEIGHT)
            for i, (macro, zh, en) in enumerate(buttons):
                ws.insert_button(
                    row,
                    col,
                    {
                        "macro": macro,
                        "caption": zh if base == "zh" else en,
                        "x_offset": 4 + i * (BUTTON_SIZE["width"] + BUTTON_GAP),
                        "y_offset": 4,
                        **BUTTON_SIZE,
                    },
                )

    return extend


def add_config_sheet(wb: Any, number: int) -> None:
    """The hidden ``xlwings.conf`` sheet (last; code name Sheet<number>):
    what RunPython must do the same on every PC (xlxq.operations.excel_setup.WORKBOOK_CONFIG)
    and the xlwings version of the embedded VBA."""
    from xlxq.operations.excel_setup import CONFIG_SHEET, VBA_VERSION_KEY, WORKBOOK_CONFIG

    ws = wb.add_worksheet(CONFIG_SHEET)
    ws.set_vba_name(f"Sheet{number}")
    for i, (key, value) in enumerate(WORKBOOK_CONFIG + ((VBA_VERSION_KEY, XLWINGS_VERSION),)):
        ws.write_string(i, 0, key)
        ws.write_string(i, 1, value)
    ws.set_column(0, 0, 30)
    ws.hide()


def _sheet_code_names(path: Path) -> list[str]:
    """The code names of the worksheets (sheetPr/@codeName), in part order."""
    out = []
    with zipfile.ZipFile(path) as z:
        parts = [n for n in z.namelist() if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", n)]
        for n in sorted(parts, key=lambda n: int(re.search(r"(\d+)\.xml$", n).group(1))):
            m = re.search(rb'<sheetPr[^>]*codeName="([^"]+)"', z.read(n))
            if m:
                out.append(m.group(1).decode())
    return out


def rewrite_project(path: Path, out: Path, sources: dict[str, str]) -> None:
    """Module1 → our macros, document modules for every sheet code name."""
    import pyopenvba
    from pyopenvba import ExcelFile, VBAModuleKind
    from pyopenvba._new_project import document_header

    version = getattr(pyopenvba, "__version__", None) or _dist_version("pyOpenVBA")
    if version != PYOPENVBA_VERSION:
        raise SystemExit(f'build with pyOpenVBA {PYOPENVBA_VERSION} (installed: {version}); pip install -e ".[build]"')
    with ExcelFile(path) as x:
        project = x.vba_project()
        have = {m.casefold() for m in project.module_names()}
        for name, src in sources.items():
            if name.casefold() in have:
                x.set_module(name, src)
            elif "module1" in have:
                project.rename_module("Module1", name)
                have = {m.casefold() for m in project.module_names()}
                x.set_module(name, src)
            else:
                project.add_module(name, src)
                have.add(name.casefold())
        for code in _sheet_code_names(path):
            if code.casefold() not in have:
                project.add_module(code, document_header(code, WORKSHEET_BASE), kind=VBAModuleKind.other)
                # pyOpenVBA declares a module it adds as Document= only if it
                # knows it as a document module (as add_vba_project does).
                x._document_names.add(code.casefold())
                have.add(code.casefold())
        x.save(out)
    with ExcelFile(out) as x:
        problems = x.validate()
    if problems:
        raise SystemExit(f"{out}: VBA project inconsistent: {problems}")


def _dist_version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def _team_templates_module() -> Any:
    spec = importlib.util.spec_from_file_location("build_team_templates", ROOT / "tools" / "build_team_templates.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


#: (kind, lang) → file name of every macro template
def template_names() -> dict[tuple[str, str], str]:
    return {(kind, lang): f"xlxq-{kind}-{lang}.xlsm" for kind in ("event", "team") for lang in ("zh", "en", "zh-Hant")}


def build_xlsm(lang: str, out: Path, kind: str = "event") -> Path:
    """One macro template (``kind`` "event": individual, "team": 团体赛)."""
    out = Path(out)
    with tempfile.TemporaryDirectory() as tmp:
        vba = Path(tmp) / "vbaProject.bin"
        vba.write_bytes(quickstart_project())
        raw = Path(tmp) / f"raw-{lang}.xlsm"
        if kind == "team":
            _team_templates_module().build_team_template(
                lang, raw, vba_project=vba, extend=add_buttons(lang, team=True)
            )
        else:
            _templates_module().build_template(lang, raw, vba_project=vba, extend=add_buttons(lang))
        out.parent.mkdir(parents=True, exist_ok=True)
        rewrite_project(raw, out, macro_sources())
    return out


def build_all(out_dir: Path = TEMPLATES) -> list[Path]:
    return [build_xlsm(lang, out_dir / name, kind) for (kind, lang), name in template_names().items()]


def check() -> int:
    """0 when the committed templates equal a fresh build."""
    stale = []
    with tempfile.TemporaryDirectory() as tmp:
        for (kind, lang), name in template_names().items():
            fresh = build_xlsm(lang, Path(tmp) / name, kind).read_bytes()
            p = TEMPLATES / name
            if not p.exists() or p.read_bytes() != fresh:
                stale.append(p)
    for p in stale:
        print(f"stale: {p.relative_to(ROOT)} (run python tools/build_xlsm.py)")
    return 1 if stale else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only check that the committed .xlsm are current")
    a = ap.parse_args(argv)
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    if a.check:
        return check()
    for p in build_all():
        print(p.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
