"""Where the shipped files are: the workbook templates and the sample
registration.

One copy of each is committed, in the repository's top-level folders
``workbook_templates/`` and ``samples/``.  The build configuration
(pyproject.toml, ``[tool.setuptools.package-dir]``) maps those folders into
the package as ``xlxq/templates/`` and ``xlxq/samples/``, so an installed
wheel has them next to the code; a source checkout or an editable install
(where ``xlxq/`` is the repository's folder) finds them in the repository.
The build tools (tools/build_*.py) write the repository folders, so the
package and the tools read the same files.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Optional

#: the repository root of a source checkout (unused in an installed wheel)
REPO_ROOT = Path(__file__).resolve().parent.parent
#: the repository folders, and their names inside the package
TEMPLATES_DIR = REPO_ROOT / "workbook_templates"
SAMPLES_DIR = REPO_ROOT / "samples"
_PACKAGED = {"workbook_templates": "templates", "samples": "samples"}


def _find(folder: Path, name: str) -> Optional[Path]:
    """``name`` in the package's copy of ``folder`` (a wheel), else in the
    repository's ``folder`` (source checkout, editable install)."""
    packaged = resources.files("xlxq") / _PACKAGED[folder.name] / name
    candidates = [Path(str(packaged)), folder / name]
    for p in candidates:
        if p.is_file():
            return p
    return None


def template_file(name: str) -> Optional[Path]:
    """A workbook template (``xlxq-event-zh.xlsx`` …), or None if missing."""
    return _find(TEMPLATES_DIR, name)


def sample_file(name: str) -> Optional[Path]:
    """A sample file (``registration.csv``, ``teams.csv``), or None."""
    return _find(SAMPLES_DIR, name)
