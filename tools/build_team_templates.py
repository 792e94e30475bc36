"""Build the team workbook templates (reproducibly, byte for byte).

    python tools/build_team_templates.py

writes ``workbook_templates/xlxq-team-zh.xlsx`` and ``xlxq-team-en.xlsx`` (the
one committed copy, packaged into the wheel as ``xlxq/templates/``).

The sheets come from :func:`xlxq.sheets.team_templates.plan_new_team_workbook`
(the same layout the program writes at run time), applied by the
XlsxWriter backend of ``tools/build_templates.py`` (``XlsxWriterBook``,
imported, not copied: same styles, same fixed document date).  Like
``build_template``, :func:`build_team_template` takes ``vba_project`` and
``extend`` so that ``tools/build_xlsm.py`` can build a team .xlsm with the
same buttons.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from xlxq.sheets.templates import plan_new_team_workbook  # noqa: E402

TEMPLATES = ROOT / "workbook_templates"
NAMES = {lang: f"xlxq-team-{lang}.xlsx" for lang in ("zh", "en", "zh-Hant")}


def _individual_builder() -> Any:
    """tools/build_templates.py as a module (XlsxWriterBook, FIXED_DATE)."""
    name = "xlxq_build_templates"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / "build_templates.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def build_team_template(
    lang: str,
    path: str | Path,
    vba_project: Optional[str | Path] = None,
    extend: Optional[Callable[[Any, dict[str, Any]], None]] = None,
) -> Path:
    """Build one team template: ``lang`` 'zh' or 'en'; ``vba_project`` and
    ``extend`` as in ``build_templates.build_template``."""
    return _individual_builder().build_from_plan(lambda: plan_new_team_workbook(lang), path, vba_project, extend)


def build_all(out_dir: Path = TEMPLATES) -> list[Path]:
    return [build_team_template(lang, out_dir / name) for lang, name in NAMES.items()]


def main() -> int:
    return _individual_builder().report(build_all())


if __name__ == "__main__":
    raise SystemExit(main())
