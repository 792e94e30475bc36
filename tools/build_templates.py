"""Build the event workbook templates (reproducibly, byte for byte).

    python tools/build_templates.py

writes ``workbook_templates/xlxq-event-zh.xlsx`` and ``xlxq-event-en.xlsx``:
the one committed copy, which the build configuration packages into the
wheel as ``xlxq/templates/`` (see :mod:`xlxq.resources`).

The sheets come from :func:`xlxq.sheets.templates.plan_new_workbook` (the same
layout the program writes at run time), applied by :class:`XlsxWriterBook`,
a write-only backend on XlsxWriter.  XlsxWriter is used because it can embed
a VBA project: the macro template is built with the same function, e.g.::

    build_template("zh", "xlxq-event-zh.xlsm", vba_project="vbaProject.bin",
                   extend=lambda wb, sheets: sheets["设置"].insert_button(
                       "E3", {"macro": "PairNextRound", "caption": "编排下一轮"}))
"""

from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from xlxq.sheets.plan import WritePlan  # noqa: E402
from xlxq.sheets.templates import plan_new_workbook  # noqa: E402

TEMPLATES = ROOT / "workbook_templates"
#: the template languages: 简体, English, 繁體 (xlxq-event-zh-Hant.xlsx)
LANGS = ("zh", "en", "zh-Hant")
FIXED_DATE = dt.datetime(2024, 1, 1, 0, 0, 0)  # document properties: reproducible bytes
_PAPER = {"A4": 9, "A3": 8, "letter": 1}


class XlsxWriterBook:
    """A write-only :class:`~xlxq.sheets.plan.Book` that creates a new
    file with XlsxWriter from one plan (the plan must create every sheet)."""

    def __init__(
        self,
        path: str | Path,
        vba_project: Optional[str | Path] = None,
        extend: Optional[Callable[[Any, dict[str, Any]], None]] = None,
    ):
        self.path = Path(path)
        self.vba_project = vba_project
        self.extend = extend

    def sheet_names(self) -> list[str]:
        return []

    def values(self, sheet: str) -> list[list[Any]]:
        return []

    def apply(self, plan: WritePlan) -> None:
        import xlsxwriter

        wb = xlsxwriter.Workbook(
            str(self.path), {"strings_to_numbers": False, "strings_to_formulas": False, "strings_to_urls": False}
        )
        wb.set_properties({"title": "xlxq event workbook", "author": "xlxq", "created": FIXED_DATE})
        if self.vba_project is not None:
            wb.add_vba_project(str(self.vba_project))
            wb.set_vba_name("ThisWorkbook")
        order: list[str] = []
        for a in plan.add_sheets:
            order.insert(order.index(a.after) + 1 if a.after in order else len(order), a.name)
        sheets = {name: wb.add_worksheet(name) for name in order}
        if self.vba_project is not None:
            for i, name in enumerate(order, start=1):
                sheets[name].set_vba_name(f"Sheet{i}")
        values: dict[tuple[str, int, int], Any] = {}
        props: dict[tuple[str, int, int], dict[str, Any]] = {}

        def cells(sheet, row, col, rows, cols):
            for r in range(row, row + rows):
                for c in range(col, col + cols):
                    yield sheet, r, c

        for nf in plan.number_formats:
            for k in cells(nf.sheet, nf.row, nf.col, nf.rows, nf.cols):
                props.setdefault(k, {})["num_format"] = nf.format
        for block in plan.values:
            for i, vals in enumerate(block.values):
                for j, v in enumerate(vals):
                    values[(block.sheet, block.row + i, block.col + j)] = v
        for f in plan.fills:
            for k in cells(f.sheet, f.row, f.col, f.rows, f.cols):
                p = props.setdefault(k, {})
                if f.colour:
                    p.update(bg_color=f.colour, pattern=1)
                else:
                    p.pop("bg_color", None)
                    p.pop("pattern", None)
        for st in plan.styles:
            for k in cells(st.sheet, st.row, st.col, st.rows, st.cols):
                p = props.setdefault(k, {})
                if st.bold:
                    p["bold"] = True
                if st.size:
                    p["font_size"] = st.size
                if st.border:
                    p.update(border=1, border_color="#808080")
                if st.align:
                    p.update(align=st.align, valign="vcenter")
                if st.wrap:
                    p.update(text_wrap=True, valign="vcenter")
        formats: dict[tuple, Any] = {}

        def fmt(p: Optional[dict]) -> Any:
            if not p:
                return None
            key = tuple(sorted(p.items()))
            if key not in formats:
                formats[key] = wb.add_format(dict(p))
            return formats[key]

        for key in sorted(set(values) | set(props), key=lambda k: (order.index(k[0]), k[1], k[2])):
            sheet, r, c = key
            ws = sheets[sheet]
            v = values.get(key)
            f = fmt(props.get(key))
            if v is None:
                if f is not None:
                    ws.write_blank(r - 1, c - 1, None, f)
            elif isinstance(v, bool):
                ws.write_boolean(r - 1, c - 1, v, f)
            elif isinstance(v, (int, float)):
                ws.write_number(r - 1, c - 1, v, f)
            else:
                ws.write_string(r - 1, c - 1, str(v), f)
        for look in plan.looks:
            ws = sheets[look.sheet]
            for col, width in sorted(look.widths.items()):
                ws.set_column(col - 1, col - 1, width)
            if look.freeze:
                ws.freeze_panes(look.freeze[0] - 1, look.freeze[1] - 1)
            if look.hidden:
                ws.hide()
            for row, height in sorted(look.heights.items()):
                if height is not None:
                    ws.set_row(row - 1, height)
        for v in plan.validations:
            sheets[v.sheet].data_validation(
                v.row - 1,
                v.col - 1,
                v.row + v.rows - 2,
                v.col + v.cols - 2,
                {"validate": "list", "source": list(v.choices), "show_error": not v.allow_other, "ignore_blank": True},
            )
        for p in plan.page_setups:
            ws = sheets[p.sheet]
            ws.set_paper(_PAPER.get(p.paper, 9))
            ws.set_landscape() if p.landscape else ws.set_portrait()
            if p.scale is not None:
                ws.set_print_scale(p.scale)
            else:
                ws.fit_to_pages(p.fit_width, p.fit_height)
            if p.title_rows:
                ws.repeat_rows(p.title_rows[0] - 1, p.title_rows[1] - 1)
            if p.area:
                r1, c1, r2, c2 = p.area
                ws.print_area(r1 - 1, c1 - 1, r2 - 1, c2 - 1)
            if p.centre:
                ws.center_horizontally()
            header = "".join(
                f"&{k}{t}" for k, t in (("L", p.header_left), ("C", p.header_centre), ("R", p.header_right)) if t
            )
            footer = "".join(f"&{k}{t}" for k, t in (("L", p.footer_left), ("C", p.footer), ("R", p.footer_right)) if t)
            if header:
                ws.set_header(header)
            if footer:
                ws.set_footer(footer)
        sheets[order[0]].activate()
        if self.extend is not None:
            self.extend(wb, sheets)
        wb.close()


def build_template(
    lang: str,
    path: str | Path,
    vba_project: Optional[str | Path] = None,
    extend: Optional[Callable[[Any, dict[str, Any]], None]] = None,
) -> Path:
    """Build one template: ``lang`` 'zh' or 'en'; ``vba_project`` a
    vbaProject.bin for an .xlsm (sheet code names become Sheet1…SheetN,
    the workbook ThisWorkbook); ``extend(workbook, sheets_by_name)`` runs
    before the file is closed (buttons, extra sheets …)."""
    return build_from_plan(lambda: plan_new_workbook(lang), path, vba_project, extend)


def build_from_plan(
    plan: Callable[[], WritePlan],
    path: str | Path,
    vba_project: Optional[str | Path] = None,
    extend: Optional[Callable[[Any, dict[str, Any]], None]] = None,
) -> Path:
    """Write the workbook of ``plan()`` to ``path`` with XlsxWriter;
    ``vba_project`` and ``extend`` as in :func:`build_template`."""
    path = Path(path)
    if vba_project is not None and path.suffix.lower() != ".xlsm":
        raise ValueError("a template with a VBA project must be an .xlsm file")
    path.parent.mkdir(parents=True, exist_ok=True)
    XlsxWriterBook(path, vba_project, extend).apply(plan())
    return path


def build_all(out_dir: Path = TEMPLATES) -> list[Path]:
    return [build_template(lang, out_dir / f"xlxq-event-{lang}.xlsx") for lang in LANGS]


def report(paths: list[Path]) -> int:
    """Print the built files (relative to the repository); exit code 0."""
    for p in paths:
        print(p.relative_to(ROOT))
    return 0


def main() -> int:
    return report(build_all())


if __name__ == "__main__":
    raise SystemExit(main())
