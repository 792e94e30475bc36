"""Setting up a PC for the Excel buttons, and the doctor (诊断).

Size: set-up, doctor and the Windows trust checks share one report type and
the config-file reading; each step is a small function, kept together.

``xlxq excel-setup`` (:func:`setup`) does, once per PC and user, what the
buttons need from outside the workbook:

1. xlwings' user config (``%USERPROFILE%\\.xlwings\\xlwings.conf`` on
   Windows, ``~/Library/Containers/com.microsoft.Excel/Data/xlwings.conf`` on
   macOS -- the file the workbook's ``RunPython`` reads, ``xlwings.USER_CONFIG_FILE``)
   gets ``INTERPRETER_WIN`` / ``INTERPRETER_MAC`` = this interpreter's
   absolute path; the other lines of the file are kept.
2. macOS: the AppleScript that ``RunPython`` calls
   (``~/Library/Application Scripts/com.microsoft.Excel/xlwings-<version>.applescript``,
   what ``xlwings runpython install`` copies).
3. Windows: Excel's macro settings are read from the registry
   (``HKCU\\Software\\Microsoft\\Office\\<version>\\Excel\\Security`` and the
   policy key under ``Software\\Policies``): ``VBAWarnings`` 4 (all macros
   disabled) or 3 (signed only) stop the buttons; ``blockcontentexecutionfrominternet``
   blocks downloaded files until they are unblocked.
4. The macro templates are in place and carry the VBA of the installed
   xlwings.

It is idempotent: a step already done is reported as such; a value that
differs (another interpreter in the config, another AppleScript) is kept
unless ``force``.  Everything is returned as :class:`Report` lines (catalogue messages)
rendered in the caller's language and printed by it.

``xlxq doctor`` and the 诊断 button (:func:`doctor_report`) report what a
click depends on: the interpreter, the versions of xlxq, xlwings, openpyxl,
the config in force (the workbook's ``xlwings.conf`` sheet over the user
file), whether the workbook's path is a OneDrive/SharePoint URL, whether
the workbook's VBA is the installed xlwings' version -- as one message an
arbiter can photograph and send.

The templates ship a hidden ``xlwings.conf`` sheet (:data:`WORKBOOK_CONFIG`,
written by tools/build_xlsm.py) that fixes what must be the same on every
PC and nothing machine-specific.  ``ADD_WORKBOOK_TO_PYTHONPATH = False`` is
also xlwings' documented way around OneDrive/SharePoint paths: with it,
``prepare_sys_path`` never has to turn the workbook's URL into a local
path, which is what fails there (xlwings issues #2386, #2017, #1891).

Everything that touches the machine is a parameter (``home``, ``platform``,
``executable``, a :class:`Registry`), so the logic is tested on Linux with
fakes; :class:`WinRegistry` is the real reader (``winreg``, Windows only).

Lazy imports: the Windows modules (winreg, ctypes) exist only on Windows
and are imported where they are used; openpyxl, importlib.metadata and
the workbook operations only by the checks that need them (start-up time
of ``xlxq doctor``).
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Protocol

from xlxq import PYTHON_MIN
from xlxq.i18n import Lazy, Msg, Text, tr

#: the xlwings whose VBA module (xlwings.bas) is inside the .xlsm templates
#: (tools/build_xlsm.py XLWINGS_VERSION; the pin in pyproject.toml)
VBA_XLWINGS_VERSION = "0.37.8"

#: the name of the workbook's config sheet (xlwings' GetConfig reads it first)
CONFIG_SHEET = "xlwings.conf"

#: the rows of the templates' hidden ``xlwings.conf`` sheet: what must be
#: the same on every PC (nothing machine-specific such as the interpreter)
WORKBOOK_CONFIG: tuple[tuple[str, str], ...] = (
    # xlxq is pip-installed: the workbook's folder has no code, a stray
    # xlxq.py / openpyxl.py next to the workbook cannot shadow the package,
    # and a OneDrive/SharePoint URL (FullName with AutoSave) is never turned
    # into a local path (xlwings' documented workaround)
    ("ADD_WORKBOOK_TO_PYTHONPATH", "False"),
    # RunPython starts a fresh python with --from_xl: no UDF server / DLL
    ("USE UDF SERVER", "False"),
    # a failure before the workbook is reachable shows as xlwings' popup
    ("SHOW_ERROR_POPUPS", "True"),
)
#: the row naming the xlwings version of the workbook's VBA (xlwings itself
#: ignores keys it does not ask for); written by the build
VBA_VERSION_KEY = "XLXQ_VBA_XLWINGS_VERSION"

OK, WARN, FAIL, INFO = "ok", "warn", "fail", "info"
_MARK = {OK: "[OK]", WARN: "[!]", FAIL: "[X]", INFO: "[i]"}


@dataclass
class Line:
    """One line of a report: a level and the finding, a message rendered
    where the report is shown (``xlxq doctor``, the 诊断 button)."""

    level: str
    msg: Msg

    def text(self, lang: str) -> str:
        return self.msg.render(lang)

    @property
    def zh(self) -> str:
        return self.text("zh")

    @property
    def en(self) -> str:
        return self.text("en")


@dataclass
class Report:
    """What setup did / what the doctor found."""

    title: Msg
    lines: list[Line] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)  # files written

    def add(self, level: str, msg: Msg) -> None:
        self.lines.append(Line(level, msg))

    @property
    def ok(self) -> bool:
        return not any(ln.level == FAIL for ln in self.lines)

    @property
    def warnings(self) -> int:
        return sum(ln.level in (WARN, FAIL) for ln in self.lines)

    def text(self, lang: str = "zh") -> str:
        out = [self.title.render(lang)]
        out += [f"{_MARK[ln.level]} {ln.text(lang)}" for ln in self.lines]
        return "\n".join(out)

    localize = text  # a message's argument: Msg("excel.doctor-report", report=report)


# --------------------------------------------------------------------------
# the user config file


def user_config_path(platform: str = sys.platform, home: Optional[Path] = None) -> Path:
    """xlwings' user config as the workbook's VBA reads it (``GetConfigFilePath``)."""
    home = Path(home) if home is not None else Path.home()
    if platform.startswith("darwin"):
        return home / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / "xlwings.conf"
    return home / ".xlwings" / "xlwings.conf"


def interpreter_key(platform: str = sys.platform) -> str:
    return "INTERPRETER_MAC" if platform.startswith("darwin") else "INTERPRETER_WIN"


def parse_config(text: str) -> dict[str, str]:
    """``"KEY","value"`` lines → {KEY (upper case): value} (first wins, as
    VBA's ``GetConfigFromFile`` stops at the first match)."""
    out: dict[str, str] = {}
    for line in text.splitlines():
        values = re.findall(r'"([^"]*)"', line)
        if len(values) >= 2 and values[0].upper() not in out:
            out[values[0].upper()] = values[1]
    return out


def config_encoding(platform: str = sys.platform) -> str:
    """The encoding VBA reads the config file in (``Open … For Input``: the
    ANSI code page on Windows); UTF-8 elsewhere."""
    if platform.startswith("win"):
        try:
            import ctypes

            return f"cp{ctypes.windll.kernel32.GetACP()}"  # type: ignore[attr-defined]
        except (ImportError, AttributeError, OSError):
            return "mbcs"
    return "utf-8"


def config_value_for(executable: str, platform: str, environ: dict[str, str]) -> str:
    """The interpreter as written to the config: on Windows a path under the
    user's profile is written as ``%USERPROFILE%\\…`` (VBA expands it), so a
    non-ASCII user name survives the ANSI file."""
    if platform.startswith("win"):
        profile = environ.get("USERPROFILE", "")
        if profile and executable.lower().startswith(profile.lower().rstrip("\\") + "\\"):
            return "%USERPROFILE%" + executable[len(profile.rstrip("\\")) :]
    return executable


def expand(value: str, platform: str, environ: dict[str, str]) -> str:
    """A config value as VBA expands it (``%VAR%`` on Windows, ``$HOME`` on macOS)."""
    if platform.startswith("win"):
        return re.sub(r"%([^%]+)%", lambda m: environ.get(m.group(1), m.group(0)), value)
    if value.startswith("$HOME"):
        return environ.get("HOME", "~") + value[len("$HOME") :]
    return value


def set_config_line(text: str, key: str, value: str) -> str:
    """``text`` with the line of ``key`` set to ``value`` (appended when
    missing; other lines, and their order, kept)."""
    lines = text.splitlines()
    new = f'"{key}","{value}"'
    for i, line in enumerate(lines):
        values = re.findall(r'"([^"]*)"', line)
        if values and values[0].upper() == key.upper():
            lines[i] = new
            break
    else:
        lines = [ln for ln in lines if ln.strip()] + [new]
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Windows: Excel's macro settings


class Registry(Protocol):
    """What the trust check reads (HKEY_CURRENT_USER, paths with ``\\``)."""

    def subkeys(self, path: str) -> list[str]: ...

    def value(self, path: str, name: str) -> Any: ...


class WinRegistry:
    """HKEY_CURRENT_USER through ``winreg`` (Windows only)."""

    def __init__(self) -> None:
        import winreg  # noqa: F401  (ImportError off Windows)

    def subkeys(self, path: str) -> list[str]:
        import winreg

        try:
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, path) as k:  # type: ignore[attr-defined]
                out, i = [], 0
                while True:
                    try:
                        out.append(winreg.EnumKey(k, i))  # type: ignore[attr-defined]
                    except OSError:
                        return out
                    i += 1
        except OSError:
            return []

    def value(self, path: str, name: str) -> Any:
        import winreg

        try:
            with winreg.OpenKey(winreg.HKEY_CURRENT_USER, path) as k:  # type: ignore[attr-defined]
                return winreg.QueryValueEx(k, name)[0]  # type: ignore[attr-defined]
        except OSError:
            return None


#: VBAWarnings → (level, the finding)
_VBA_WARNINGS = {
    1: (OK, "excel_setup.macro-setting-enable-all"),
    2: (OK, "excel_setup.macro-setting-disable-with-notification"),
    3: (FAIL, "excel_setup.macro-setting-signed-macros-only"),
    4: (FAIL, "excel_setup.macro-setting-disable-all-without-notification"),
}


def office_versions(reg: Registry) -> list[str]:
    """The Office versions with Excel settings under HKCU (newest first)."""
    found = [
        v
        for v in reg.subkeys(r"Software\Microsoft\Office")
        if re.fullmatch(r"\d+\.\d", v) and "Excel" in reg.subkeys(rf"Software\Microsoft\Office\{v}")
    ]
    return sorted(found, key=lambda v: float(v), reverse=True)


def trust_check(reg: Registry, report: Report, workbook_dir: Optional[Path] = None) -> None:
    """Excel's macro settings (policy over user setting) into ``report``."""
    versions = office_versions(reg)
    if not versions:
        report.add(
            WARN,
            Msg("excel_setup.no-excel-settings-in-the-registry-excel"),
        )
        return
    v = versions[0]
    user = rf"Software\Microsoft\Office\{v}\Excel\Security"
    policy = rf"Software\Policies\Microsoft\Office\{v}\Excel\Security"
    warnings = reg.value(policy, "VBAWarnings")
    by_policy = warnings is not None
    if warnings is None:
        warnings = reg.value(user, "VBAWarnings")
    level, setting = _VBA_WARNINGS.get(int(warnings) if warnings is not None else 2, _VBA_WARNINGS[2])
    by_whom = Msg("excel_setup.set-by-group-policy") if by_policy else ""
    report.add(level, Msg("excel_setup.excel-macro-setting", v=v, setting=Msg(setting), policy=by_whom))
    block = reg.value(policy, "blockcontentexecutionfrominternet")
    if block is None:
        block = reg.value(user, "blockcontentexecutionfrominternet")
    if block is None or int(block) == 1:
        report.add(
            INFO,
            Msg("excel_setup.macros-in-downloaded-workbooks-are"),
        )
    locations = trusted_locations(reg, v)
    if workbook_dir is not None:
        inside = [p for p in locations if _is_within(workbook_dir, p)]
        if inside:
            report.add(
                OK,
                Msg("excel_setup.the-workbooks-folder-is-in-the-trusted", inside=inside[0]),
            )
    if reg.value(user, "AccessVBOM") == 1:
        report.add(
            INFO,
            Msg("excel_setup.trust-access-to-the-vba-project-object"),
        )


def trusted_locations(reg: Registry, version: str) -> list[str]:
    base = rf"Software\Microsoft\Office\{version}\Excel\Security\Trusted Locations"
    out = []
    for k in reg.subkeys(base):
        p = reg.value(rf"{base}\{k}", "Path")
        if p:
            out.append(str(p))
    return out


def _is_within(folder: Path, location: str) -> bool:
    a = str(folder).replace("/", "\\").rstrip("\\").lower() + "\\"
    b = os.path.expandvars(location).replace("/", "\\").rstrip("\\").lower() + "\\"
    return a.startswith(b)


def zone_identifier(path: Path, opener: Callable[[str], str] = lambda p: Path(p).read_text()) -> Optional[int]:
    """The Mark of the Web of a file (Windows: the ``Zone.Identifier``
    stream; 3 = downloaded from the internet), None when there is none."""
    try:
        text = opener(str(path) + ":Zone.Identifier")
    except (OSError, ValueError):
        return None
    m = re.search(r"ZoneId\s*=\s*(\d+)", text)
    return int(m.group(1)) if m else None


# --------------------------------------------------------------------------
# setup


def applescript_name(version: str) -> str:
    return f"xlwings-{version}.applescript"


def applescript_dir(home: Path) -> Path:
    return Path(home) / "Library" / "Application Scripts" / "com.microsoft.Excel"


def xlwings_info() -> tuple[Optional[str], Optional[Path]]:
    """(version, package folder) of the installed xlwings, without importing it
    (importing xlwings pulls in pandas when it is installed)."""
    import importlib.util
    from importlib.metadata import PackageNotFoundError, version

    try:
        v: Optional[str] = version("xlwings")
    except PackageNotFoundError:
        v = None
    spec = importlib.util.find_spec("xlwings")
    folder = Path(spec.origin).parent if spec is not None and spec.origin else None
    return v, folder


def setup(
    force: bool = False,
    platform: str = sys.platform,
    home: Optional[Path] = None,
    executable: str = sys.executable,
    environ: Optional[dict[str, str]] = None,
    registry: Optional[Registry] = None,
    xlwings: Optional[tuple[Optional[str], Optional[Path]]] = None,
    templates: Optional[Iterable[Path]] = None,
    workbook: Optional[Path] = None,
    encoding: Optional[str] = None,
) -> Report:
    """Set this PC up for the buttons (see the module doc); idempotent.
    ``encoding``: the config file's (by default :func:`config_encoding`)."""
    environ = dict(os.environ if environ is None else environ)
    home = Path(home) if home is not None else Path.home()
    report = Report(Msg("excel_setup.xlxq-excel-setup-setting-this-pc-up-for"))
    xw_version, xw_folder = xlwings if xlwings is not None else xlwings_info()
    check_xlwings(report, xw_version, VBA_XLWINGS_VERSION, executable)

    # 1. the user config
    path = user_config_path(platform, home)
    key = interpreter_key(platform)
    want = config_value_for(executable, platform, environ)
    enc = encoding or config_encoding(platform)
    text = path.read_text(encoding=enc, errors="replace") if path.is_file() else ""
    have = parse_config(text).get(key)
    if have == want:
        report.add(OK, Msg("excel_setup.already-has-unchanged", path=path, key=key, want=want))
    elif have is not None and not force and Path(expand(have, platform, environ)).is_file():
        report.add(
            WARN,
            Msg("excel_setup.names-another-python-as-kept-force-sets", path=path, key=key, have=have, want=want),
        )
    else:
        try:
            want.encode(enc)
        except (UnicodeEncodeError, LookupError):
            report.add(
                FAIL,
                Msg("excel_setup.the-path-has-characters-the-ansi-code", want=want, enc=enc),
            )
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(set_config_line(text, key, want), encoding=enc)
            report.changed.append(str(path))
            verb = Msg("excel_setup.changed-to" if have is not None else "excel_setup.written")
            report.add(OK, Msg("excel_setup.path-key-verb-want", path=path, key=key, verb=verb, want=want))

    # 2. macOS: the AppleScript RunPython calls
    if platform.startswith("darwin"):
        version = xw_version or VBA_XLWINGS_VERSION
        src = (xw_folder / applescript_name(version)) if xw_folder is not None else None
        dst = applescript_dir(home) / applescript_name(VBA_XLWINGS_VERSION)
        if src is None or not src.is_file():
            report.add(
                FAIL,
                Msg("excel_setup.xlwings-applescript-is-missing-reinstall", name_version=applescript_name(version)),
            )
        elif dst.is_file() and dst.read_bytes() == src.read_bytes():
            report.add(OK, Msg("excel_setup.already-installed-unchanged", dst=dst))
        elif dst.is_file() and not force:
            report.add(
                WARN,
                Msg("excel_setup.differs-from-xlwings-s-kept-force", dst=dst, version=version),
            )
        else:
            dst.parent.mkdir(parents=True, exist_ok=True)
            dst.write_bytes(src.read_bytes())
            report.changed.append(str(dst))
            report.add(
                OK,
                Msg("excel_setup.installed-what-xlwings-runpython-install", dst=dst),
            )

    # 3. Windows: Excel's macro settings
    if platform.startswith("win"):
        reg = registry
        if reg is None:
            try:
                reg = WinRegistry()
            except ImportError:
                reg = None
        if reg is not None:
            trust_check(reg, report, workbook.parent if workbook is not None else None)
    else:
        report.add(
            INFO,
            Msg("excel_setup.excels-macro-settings-are-checked-on"),
        )

    # 4. the templates
    for tpl in templates if templates is not None else default_templates():
        check_template(Path(tpl), report)
    if workbook is not None:
        check_workbook_file(Path(workbook), report, platform)
    return report


def check_xlwings(report: Report, installed: Optional[str], vba: Optional[str], executable: str) -> None:
    """Python's xlwings against the workbook's VBA (``vba``; None: unknown,
    an older workbook) into ``report``, with the pip command that fixes it."""
    pin = vba or VBA_XLWINGS_VERSION
    pip = f'"{executable}" -m pip install "xlwings=={pin}"'
    if installed is None:
        report.add(FAIL, Msg("excel_setup.xlwings-is-not-installed-for-this-python", pip=pip))
    elif vba is None:
        report.add(
            WARN,
            Msg("excel_setup.the-workbooks-vba-version-is-unknown-an", installed=installed),
        )
    elif installed != vba:
        report.add(
            FAIL,
            Msg("excel_setup.xlwings-versions-differ-the-workbooks", vba=vba, installed=installed, pip=pip),
        )
    else:
        report.add(
            OK,
            Msg("excel_setup.the-workbooks-vba-matches-pythons", installed=installed),
        )


def default_templates() -> list[Path]:
    from xlxq.operations.workbook import template_path

    return [template_path(lang, macro=True) for lang in ("zh", "en")]


def check_template(path: Path, report: Report) -> None:
    if not path.is_file():
        report.add(FAIL, Msg("excel_setup.the-template-is-missing-reinstall-xlxq", path=path))
        return
    version = workbook_file_vba_version(path)
    if version == VBA_XLWINGS_VERSION:
        report.add(OK, Msg("excel_setup.template-vba-xlwings", name=path.name, version=version))
    else:
        report.add(
            WARN,
            Msg(
                "excel_setup.template-has-vba-xlwings-expected",
                name=path.name,
                version_or=version or Msg("excel_setup.unknown-version"),
                VBA_XLWINGS_VERSION=VBA_XLWINGS_VERSION,
            ),
        )


def workbook_file_config(path: Path) -> Optional[dict[str, str]]:
    """The ``xlwings.conf`` sheet of a workbook file (None when it has none)."""
    import openpyxl

    wb = openpyxl.load_workbook(path, read_only=True, data_only=True, keep_vba=False)
    try:
        if CONFIG_SHEET not in wb.sheetnames:
            return None
        return config_from_rows(list(wb[CONFIG_SHEET].iter_rows(values_only=True)))
    finally:
        wb.close()


def config_from_rows(rows: Iterable[Iterable[Any]]) -> dict[str, str]:
    """The config sheet as VBA's ``GetConfigFromSheet`` reads it: keys in A
    from A1 down to the first empty cell (upper case), values in B."""
    out: dict[str, str] = {}
    for row in rows:
        row = list(row) + [None, None]
        if row[0] is None or str(row[0]) == "":
            break
        out.setdefault(str(row[0]).upper(), "" if row[1] is None else str(row[1]))
    return out


def workbook_file_vba_version(path: Path) -> Optional[str]:
    conf = workbook_file_config(path)
    return None if conf is None else conf.get(VBA_VERSION_KEY)


def is_url(fullname: str) -> bool:
    return "://" in fullname


def check_workbook_file(path: Path, report: Report, platform: str = sys.platform) -> None:
    """A workbook on disk: exists, .xlsm, config sheet, Mark of the Web."""
    if not path.is_file():
        report.add(FAIL, Msg("excel_setup.workbook-not-found", path=path))
        return
    if path.suffix.lower() != ".xlsm":
        report.add(
            WARN,
            Msg("excel_setup.is-not-an-xlsm-the-buttons-need-the", name=path.name),
        )
        return
    conf = workbook_file_config(path)
    config_lines(conf, report)
    if platform.startswith("win") and zone_identifier(path) == 3:
        report.add(
            FAIL,
            Msg("excel_setup.is-marked-as-downloaded-so-its-macros", name=path.name),
        )


def config_lines(conf: Optional[dict[str, str]], report: Report, fullname: Optional[str] = None) -> None:
    """The workbook's config sheet and the OneDrive question, into ``report``."""
    if conf is None:
        report.add(
            WARN,
            Msg("excel_setup.the-workbook-has-no-sheet-an-older", CONFIG_SHEET=CONFIG_SHEET),
        )
    else:
        shown = ", ".join(f"{k}={v}" for k, v in conf.items())
        report.add(OK, Msg("excel_setup.sheet", CONFIG_SHEET=CONFIG_SHEET, shown=shown))
    add_dir = (conf or {}).get("ADD_WORKBOOK_TO_PYTHONPATH", "True")
    if fullname is not None and is_url(fullname):
        if add_dir.lower() == "false":
            report.add(
                OK,
                Msg("excel_setup.the-workbooks-path-is-a-url-onedrive", fullname=fullname),
            )
        else:
            report.add(
                FAIL,
                Msg("excel_setup.the-workbooks-path-is-a-url-onedrive-2", fullname=fullname, CONFIG_SHEET=CONFIG_SHEET),
            )


# --------------------------------------------------------------------------
# the doctor


def _version(dist: str) -> Optional[str]:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(dist)
    except PackageNotFoundError:
        return None


def doctor_report(
    book_fullname: Optional[str] = None,
    book_config: Optional[dict[str, str]] = None,
    has_book: bool = False,
    platform: str = sys.platform,
    home: Optional[Path] = None,
    executable: str = sys.executable,
    environ: Optional[dict[str, str]] = None,
    versions: Optional[dict[str, Optional[str]]] = None,
    registry: Optional[Registry] = None,
    python: tuple[int, ...] = tuple(sys.version_info[:3]),
) -> Report:
    """What a click depends on (see the module doc).  ``has_book``: called
    from a workbook (the 诊断 button), whose full name and ``xlwings.conf``
    sheet (None: no such sheet) are given."""
    environ = dict(os.environ if environ is None else environ)
    home = Path(home) if home is not None else Path.home()
    report = Report(Msg("excel_setup.xlxq-doctor-photograph-this-and-send-it"))
    v = versions if versions is not None else {d: _version(d) for d in ("xlxq", "xlwings", "openpyxl", "pywin32")}
    report.add(
        INFO,
        Msg("excel_setup.python", version_split=sys.version.split()[0], executable=executable, platform=platform),
    )
    if python < PYTHON_MIN:  # a checkout run by an older Python (an install refuses it)
        need = ".".join(map(str, PYTHON_MIN))
        report.add(
            FAIL,
            Msg("excel_setup.xlxq-needs-python-or-later-install-one", need=need),
        )
    names = ["xlxq", "xlwings", "openpyxl"] + (["pywin32"] if platform.startswith("win") else [])
    not_installed = Msg("excel_setup.not-installed")
    parts = [
        Msg("excel_setup.version-of", name=d, version=v.get(d) or ("?" if d == "xlxq" else not_installed))
        for d in names
    ]
    report.add(
        INFO,
        Msg(
            "excel_setup.versions",
            parts=Lazy(lambda lang: tr(lang, "excel_setup.versions-sep").join(p.render(lang) for p in parts)),
        ),
    )
    xw = v.get("xlwings")
    vba = (book_config or {}).get(VBA_VERSION_KEY) if has_book else VBA_XLWINGS_VERSION
    check_xlwings(report, xw, vba, executable)
    if platform.startswith("win") and v.get("pywin32") is None:
        report.add(
            FAIL,
            Msg("excel_setup.pywin32-is-missing-python-cannot-reach", executable=executable),
        )
    # the config in force: the workbook's sheet over the user file
    path = user_config_path(platform, home)
    user = parse_config(path.read_text(encoding=config_encoding(platform), errors="replace")) if path.is_file() else {}
    key = interpreter_key(platform)
    sheet = book_config or {}
    source, value = (
        ("sheet", sheet[key]) if key in sheet else (("user", user[key]) if key in user else ("default", "python"))
    )
    where = {
        "sheet": Msg("excel_setup.the-sheet", CONFIG_SHEET=CONFIG_SHEET),
        "user": str(path),
        "default": Msg("excel_setup.default-python-on-path"),
    }[source]
    report.add(INFO, Msg("excel_setup.from", key=key, value=value, where=where))
    if source == "default":
        report.add(
            WARN,
            Msg("excel_setup.no-interpreter-is-set-run-xlxq-excel"),
        )
    else:
        target = expand(value, platform, environ)
        if not Path(target).is_file():
            report.add(
                FAIL,
                Msg("excel_setup.the-python-that-is-set-does-not-exist", target=target),
            )
        elif has_book and os.path.normcase(os.path.abspath(target)) != os.path.normcase(os.path.abspath(executable)):
            report.add(WARN, Msg("excel_setup.the-buttons-start-another-python", target=target))
    if platform.startswith("darwin"):
        script = applescript_dir(home) / applescript_name(xw or VBA_XLWINGS_VERSION)
        if script.is_file():
            report.add(OK, Msg("excel_setup.installed", name=script.name))
        else:
            report.add(FAIL, Msg("excel_setup.is-missing-run-xlxq-excel-setup", script=script))
    if has_book:
        config_lines(book_config, report, book_fullname)
    if platform.startswith("win") and registry is not None:
        trust_check(registry, report)
    lang = environ.get("XLXQ_LANG")
    if lang or environ.get("XLXQ_NOTIFY"):
        report.add(
            INFO, Msg("excel_setup.xlxq-lang-xlxq-notify", lang=lang or "", notify=environ.get("XLXQ_NOTIFY", ""))
        )
    return report


def book_config(book: Any) -> Optional[dict[str, str]]:
    """The ``xlwings.conf`` sheet of an ``xw.Book`` (None when it has none)."""
    names = [s.name for s in book.sheets]
    if CONFIG_SHEET not in names:
        return None
    rows = book.sheets[CONFIG_SHEET].range("A1:B30").options(ndim=2).value
    return config_from_rows(rows or [])


# --------------------------------------------------------------------------
# the two commands (xlxq excel-setup, xlxq doctor): print, exit code


def _print(text: str) -> None:
    try:
        print(text)
    except UnicodeEncodeError:  # a console that cannot show Chinese
        print(text.encode("ascii", "backslashreplace").decode("ascii"))


def windows_registry() -> Optional[Registry]:
    """The real registry on Windows, else None."""
    if not sys.platform.startswith("win"):
        return None
    try:
        return WinRegistry()
    except ImportError:
        return None


def run_setup(force: bool = False, workbook: Optional[str] = None, lang: str = "zh") -> int:
    """``xlxq excel-setup``: 0 when everything is in place, 1 otherwise."""
    report = setup(force=force, workbook=Path(workbook) if workbook else None)
    _print(report.text(lang))
    if report.ok:
        _print(
            Text(lang)(
                "excel_setup.done-open-the-xlsm-workbook-in-excel",
            )
        )
    return 0 if report.ok else 1


def run_doctor(workbook: Optional[str] = None, lang: str = "zh") -> int:
    """``xlxq doctor [FILE]``: the report; 0 when nothing failed."""
    if workbook:
        path = Path(workbook)
        conf = workbook_file_config(path) if path.is_file() and path.suffix.lower() in (".xlsx", ".xlsm") else None
        report = doctor_report(str(path.resolve()), conf, has_book=True, registry=windows_registry())
    else:
        report = doctor_report(registry=windows_registry())
    _print(report.text(lang))
    return 0 if report.ok else 1


# --------------------------------------------------------------------------
# what the VBA says when no Python can be started (macros/XlxqButtons.bas)

#: name → (zh, en) of the messages ``XlxqButtons.bas`` shows itself, before
#: RunPython (no Python, so no Python message).  The .bas holds the Chinese
#: as hex code points (VBA module text is ANSI); tests/test_excel_setup.py
#: checks that it decodes to these.
VBA_MESSAGES: dict[str, tuple[str, str]] = {
    "NO_PYTHON": (
        "找不到 Python：xlwings 没有设置解释器，PATH 上也没有 python.exe。\n"
        "请安装 Python 3.11 或更高版本（64 位），按说明安装 xlxq，然后在命令提示符中运行一次：\n"
        "xlxq excel-setup\n再点按钮。",
        "Python not found: no interpreter is set for xlwings and there is no python.exe on PATH.\n"
        "Install Python 3.11 or later (64-bit), install xlxq as described, then run once in a terminal:\n"
        "xlxq excel-setup\nand click the button again.",
    ),
    "MISSING_PYTHON": (
        "xlwings 设置的 Python 不存在（已卸载或移动？）。请在命令提示符中用装有 xlxq 的 Python 运行：\n"
        "xlxq excel-setup --force\n设置的路径：",
        "The Python set for xlwings does not exist (uninstalled or moved?). In a terminal, with the "
        "Python that has xlxq, run:\nxlxq excel-setup --force\nThe path that is set:",
    ),
}


def vba_hex(text: str) -> str:
    """``text`` as the .bas stores it: space-separated hex code points."""
    return " ".join(f"{ord(c):04X}" for c in text)


__all__ = [
    "VBA_XLWINGS_VERSION",
    "CONFIG_SHEET",
    "WORKBOOK_CONFIG",
    "VBA_VERSION_KEY",
    "Report",
    "Line",
    "Registry",
    "WinRegistry",
    "setup",
    "doctor_report",
    "user_config_path",
    "parse_config",
    "set_config_line",
    "trust_check",
    "zone_identifier",
    "config_from_rows",
    "book_config",
    "is_url",
    "check_workbook_file",
    "workbook_file_config",
    "windows_registry",
    "run_setup",
    "run_doctor",
    "VBA_MESSAGES",
    "vba_hex",
]
