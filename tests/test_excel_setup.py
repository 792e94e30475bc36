"""xlxq excel-setup and the doctor (xlxq/operations/excel_setup.py), on Linux with a
HOME of the test's own, fake platforms and a fake registry; the templates'
hidden xlwings.conf sheet; the VBA's own messages."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from xlxq.i18n import Msg
from xlxq.operations import excel_setup as S

ROOT = Path(__file__).resolve().parent.parent
XLWINGS = (S.VBA_XLWINGS_VERSION, None)


def run(tmp_path, **kw):
    kw.setdefault("home", tmp_path)
    kw.setdefault("xlwings", XLWINGS)
    kw.setdefault("templates", [])
    kw.setdefault("environ", {})
    return S.setup(**kw)


# --------------------------------------------------------------- user config


def test_writes_this_interpreter_into_the_user_config_windows_and_mac(tmp_path):
    r = run(tmp_path, platform="win32", executable=r"C:\Python312\python.exe", encoding="cp936", registry=FakeReg({}))
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    assert conf.read_text(encoding="cp936") == '"INTERPRETER_WIN","C:\\Python312\\python.exe"\n'
    assert r.changed == [str(conf)] and r.ok
    r = run(
        tmp_path,
        platform="darwin",
        executable="/usr/local/bin/python3",
        xlwings=(S.VBA_XLWINGS_VERSION, fake_xlwings(tmp_path)),
    )
    mac = tmp_path / "Library" / "Containers" / "com.microsoft.Excel" / "Data" / "xlwings.conf"
    assert mac.read_text(encoding="utf-8") == '"INTERPRETER_MAC","/usr/local/bin/python3"\n'
    assert str(mac) in r.changed


def test_setup_is_idempotent_and_keeps_other_lines(tmp_path):
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    conf.parent.mkdir()
    conf.write_text('"CONDA PATH","C:\\conda"\n"LICENSE_KEY","x"\n', encoding="cp1252")
    exe = str(tmp_path / "python.exe")
    Path(exe).write_text("")
    kw = dict(platform="win32", executable=exe, encoding="cp1252", registry=FakeReg({}))
    first = run(tmp_path, **kw)
    text = conf.read_text(encoding="cp1252")
    assert text == f'"CONDA PATH","C:\\conda"\n"LICENSE_KEY","x"\n"INTERPRETER_WIN","{exe}"\n'
    second = run(tmp_path, **kw)
    assert conf.read_text(encoding="cp1252") == text and second.changed == [] and first.changed
    assert any("unchanged" in ln.en for ln in second.lines)


def test_another_existing_interpreter_is_kept_without_force(tmp_path):
    other = tmp_path / "other-python.exe"
    other.write_text("")
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    conf.parent.mkdir()
    conf.write_text(f'"INTERPRETER_WIN","{other}"\n', encoding="cp1252")
    kw = dict(platform="win32", executable=r"C:\New\python.exe", encoding="cp1252", registry=FakeReg({}))
    r = run(tmp_path, **kw)
    assert conf.read_text(encoding="cp1252") == f'"INTERPRETER_WIN","{other}"\n'
    assert any(ln.level == S.WARN and "--force" in ln.en for ln in r.lines)
    r = run(tmp_path, force=True, **kw)
    assert conf.read_text(encoding="cp1252") == '"INTERPRETER_WIN","C:\\New\\python.exe"\n' and r.changed
    # an existing entry that points nowhere is replaced without --force
    conf.write_text('"INTERPRETER_WIN","C:\\Gone\\python.exe"\n', encoding="cp1252")
    run(tmp_path, **kw)
    assert "C:\\New\\python.exe" in conf.read_text(encoding="cp1252")


def test_a_profile_path_is_written_with_userprofile_and_unencodable_paths_are_refused(tmp_path):
    env = {"USERPROFILE": "C:\\Users\\张三"}
    r = run(
        tmp_path,
        platform="win32",
        executable="C:\\Users\\张三\\AppData\\Local\\Programs\\Python\\python.exe",
        environ=env,
        encoding="cp1252",
        registry=FakeReg({}),
    )
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    assert (
        conf.read_text(encoding="cp1252")
        == '"INTERPRETER_WIN","%USERPROFILE%\\AppData\\Local\\Programs\\Python\\python.exe"\n'
    )
    assert r.ok
    r = run(tmp_path / "b", platform="win32", executable="D:\\棋\\python.exe", encoding="cp1252", registry=FakeReg({}))
    assert not r.ok and not (tmp_path / "b" / ".xlwings" / "xlwings.conf").exists()
    assert any("ASCII" in ln.en for ln in r.lines)
    assert S.expand("%USERPROFILE%\\x", "win32", env) == "C:\\Users\\张三\\x"


def test_parse_and_set_config_lines():
    text = '"INTERPRETER_WIN","C:\\a"\n"interpreter_win","C:\\b"\n\n"PYTHONPATH",""\n'
    assert S.parse_config(text) == {"INTERPRETER_WIN": "C:\\a", "PYTHONPATH": ""}
    assert S.set_config_line(text, "PYTHONPATH", "x").splitlines()[3] == '"PYTHONPATH","x"'
    assert S.set_config_line("", "K", "v") == '"K","v"\n'


def test_wrong_or_missing_xlwings_is_reported_with_the_command(tmp_path):
    r = run(tmp_path, platform="linux", xlwings=("0.36.0", None), executable="/py")
    assert not r.ok and any(f'pip install "xlwings=={S.VBA_XLWINGS_VERSION}"' in ln.zh for ln in r.lines)
    r = run(tmp_path, platform="linux", xlwings=(None, None), executable="/py")
    assert not r.ok and any("没有安装 xlwings" in ln.zh for ln in r.lines)


# --------------------------------------------------------------- macOS


def fake_xlwings(tmp_path: Path) -> Path:
    folder = tmp_path / "site-packages" / "xlwings"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / S.applescript_name(S.VBA_XLWINGS_VERSION)).write_text("on VbaHandler(p)\nend VbaHandler\n")
    return folder


def test_macos_installs_the_applescript_like_runpython_install(tmp_path):
    folder = fake_xlwings(tmp_path)
    kw = dict(platform="darwin", executable="/usr/bin/python3", xlwings=(S.VBA_XLWINGS_VERSION, folder))
    r = run(tmp_path, **kw)
    dst = (
        tmp_path
        / "Library"
        / "Application Scripts"
        / "com.microsoft.Excel"
        / f"xlwings-{S.VBA_XLWINGS_VERSION}.applescript"
    )
    assert dst.read_bytes() == (folder / dst.name).read_bytes() and str(dst) in r.changed
    assert str(dst) not in run(tmp_path, **kw).changed  # idempotent
    dst.write_text("changed")
    r = run(tmp_path, **kw)
    assert dst.read_text() == "changed" and any(ln.level == S.WARN for ln in r.lines)
    run(tmp_path, force=True, **kw)
    assert dst.read_bytes() == (folder / dst.name).read_bytes()


def test_the_real_applescript_ships_with_the_pinned_xlwings():
    version, folder = S.xlwings_info()
    if version != S.VBA_XLWINGS_VERSION:
        pytest.skip(f"xlwings {version} installed")
    assert (folder / S.applescript_name(version)).is_file()


# --------------------------------------------------------------- Windows trust


class FakeReg:
    """HKCU as {key path: {value name: value}} (subkeys from the paths)."""

    def __init__(self, values: dict[str, dict[str, object]]):
        self.values = values

    def subkeys(self, path):
        prefix = path + "\\"
        return sorted({k[len(prefix) :].split("\\")[0] for k in self.values if k.startswith(prefix)})

    def value(self, path, name):
        return self.values.get(path, {}).get(name)


SEC = r"Software\Microsoft\Office\16.0\Excel\Security"
POL = r"Software\Policies\Microsoft\Office\16.0\Excel\Security"


def trust(values, workbook_dir=None):
    report = S.Report(Msg("excel_setup.xlxq-doctor-photograph-this-and-send-it"))
    S.trust_check(FakeReg(values), report, workbook_dir)
    return report


def test_trust_settings_that_stop_the_buttons_fail_with_what_to_do():
    assert not trust({SEC: {"VBAWarnings": 4}}).ok
    assert not trust({SEC: {"VBAWarnings": 3}}).ok
    r = trust({SEC: {"VBAWarnings": 2, "blockcontentexecutionfrominternet": 0}})
    assert r.ok and len(r.lines) == 1 and "Enable Content" in r.lines[0].en
    # group policy wins over the user's setting, and says so
    r = trust({SEC: {"VBAWarnings": 2}, POL: {"VBAWarnings": 4}})
    assert not r.ok and "group policy" in r.lines[0].en and "信任中心" in r.lines[0].zh
    # no Excel settings at all
    r = trust({r"Software\Microsoft\Office\Common": {"x": 1}})
    assert r.lines[0].level == S.WARN
    # the newest Office version is read
    r = trust({r"Software\Microsoft\Office\15.0\Excel\Security": {"VBAWarnings": 4}, SEC: {"VBAWarnings": 2}})
    assert r.ok and r.lines[0].en.startswith("Excel 16.0")


def test_mark_of_the_web_and_trusted_locations():
    r = trust({SEC: {}})
    assert any("Unblock" in ln.en for ln in r.lines)  # default: downloads are blocked
    loc = SEC + r"\Trusted Locations\Location3"
    r = trust({SEC: {}, loc: {"Path": "C:\\Chess\\"}}, Path("C:\\Chess\\2026"))
    assert any("Trusted Location C:\\Chess\\" in ln.en for ln in r.lines)
    assert S.zone_identifier(Path("x.xlsm"), lambda p: "[ZoneTransfer]\r\nZoneId=3\r\n") == 3
    assert S.zone_identifier(Path("x.xlsm"), lambda p: (_ for _ in ()).throw(FileNotFoundError(p))) is None


def test_setup_on_windows_reads_the_registry(tmp_path):
    r = run(
        tmp_path,
        platform="win32",
        executable="C:\\P\\python.exe",
        encoding="cp1252",
        registry=FakeReg({SEC: {"VBAWarnings": 4}}),
    )
    assert not r.ok and any("macro setting" in ln.en for ln in r.lines)


# --------------------------------------------------------------- templates


def test_the_templates_carry_the_config_sheet_and_setup_finds_them(tmp_path):
    import openpyxl

    b = _builder()
    assert S.VBA_XLWINGS_VERSION == b.XLWINGS_VERSION
    for path in sorted((ROOT / "workbook_templates").glob("*.xlsm")):
        conf = S.workbook_file_config(path)
        assert conf == {**dict(S.WORKBOOK_CONFIG), S.VBA_VERSION_KEY: b.XLWINGS_VERSION}
        ws = openpyxl.load_workbook(path)[S.CONFIG_SHEET]
        assert ws.sheet_state == "hidden"
        assert all(isinstance(c.value, str) for row in ws.iter_rows() for c in row if c.value is not None)
    r = S.setup(home=tmp_path, platform="linux", executable="/py", xlwings=XLWINGS, environ={})
    assert sum("VBA xlwings" in ln.en for ln in r.lines) == 2 and r.ok


def test_a_workbook_made_from_the_template_keeps_the_config_sheet(tmp_path):
    from xlxq.backends.registration import read_registration
    from xlxq.core.model import EventSettings
    from xlxq.operations.workbook import create_event_workbook

    p = create_event_workbook(
        tmp_path / "赛事.xlsm", read_registration(ROOT / "samples" / "registration.csv"), EventSettings(rounds=5)
    )
    assert S.workbook_file_config(p)[S.VBA_VERSION_KEY] == S.VBA_XLWINGS_VERSION
    r = S.Report(Msg("excel_setup.xlxq-doctor-photograph-this-and-send-it"))
    S.check_workbook_file(p, r, platform="linux")
    assert r.ok and "ADD_WORKBOOK_TO_PYTHONPATH=False" in r.lines[0].en


def _builder():
    spec = importlib.util.spec_from_file_location("build_xlsm", ROOT / "tools" / "build_xlsm.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_config_sheet_reads_as_vba_reads_it():
    rows = [("add_workbook_to_pythonpath", False), ("X", None), (None, "ignored"), ("AFTER", "gap")]
    assert S.config_from_rows(rows) == {"ADD_WORKBOOK_TO_PYTHONPATH": "False", "X": ""}


# --------------------------------------------------------------- the doctor


def doctor(tmp_path, **kw):
    kw.setdefault("home", tmp_path)
    kw.setdefault("environ", {})
    kw.setdefault(
        "versions", {"xlxq": "0.1.0", "xlwings": S.VBA_XLWINGS_VERSION, "openpyxl": "3.1.5", "pywin32": "311"}
    )
    return S.doctor_report(**kw)


def test_doctor_reports_versions_interpreter_and_config(tmp_path):
    exe = tmp_path / "python.exe"
    exe.write_text("")
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    conf.parent.mkdir()
    conf.write_text(f'"INTERPRETER_WIN","{exe}"\n', encoding="utf-8")
    sheet = {**dict(S.WORKBOOK_CONFIG), S.VBA_VERSION_KEY: S.VBA_XLWINGS_VERSION}
    r = doctor(
        tmp_path,
        platform="linux",
        executable=str(exe),
        book_fullname="C:\\x\\赛事.xlsm",
        book_config=sheet,
        has_book=True,
    )
    text = r.text("zh")
    assert r.ok, text
    for part in (
        "xlxq 0.1.0",
        f"xlwings {S.VBA_XLWINGS_VERSION}",
        "openpyxl 3.1.5",
        str(exe),
        "ADD_WORKBOOK_TO_PYTHONPATH=False",
    ):
        assert part in text
    assert "photograph" in r.text("en")
    assert len(r.text("zh")) < 1000  # fits the message box


def test_doctor_in_traditional_chinese_is_wholly_traditional(tmp_path):
    """Every line of the report is a catalogue message: the 繁體 report has no
    简体 part left (the versions line, the default interpreter, the macro
    setting and its policy note were 简体 pieces before), names kept."""
    r = doctor(
        tmp_path,
        platform="win32",
        executable="C:\\赛事\\python.exe",
        versions={"xlxq": "0.1.0", "xlwings": S.VBA_XLWINGS_VERSION, "openpyxl": "3.1.5", "pywin32": None},
        environ={"XLXQ_LANG": "zh-Hant"},
        registry=FakeReg({SEC: {"VBAWarnings": 2}, POL: {"VBAWarnings": 4}}),
    )
    lines = r.text("zh-Hant").splitlines()
    assert lines[0] == "xlxq 診斷（可拍照發給維護者）"
    assert "[i] 版本：xlxq 0.1.0，xlwings " + S.VBA_XLWINGS_VERSION + "，openpyxl 3.1.5，pywin32 未安裝" in lines
    assert "[i] INTERPRETER_WIN = python（來自 默認（PATH 上的 python））" in lines
    assert any(ln.startswith("[X] 沒有安裝 pywin32") and "C:\\赛事\\python.exe" in ln for ln in lines)  # the path kept
    assert any(
        ln.startswith("[X] Excel 16.0 宏設置：禁用所有宏且不通知") and ln.endswith("（由組策略設定，請聯繫管理員）")
        for ln in lines
    )
    assert "[i] XLXQ_LANG=zh-Hant XLXQ_NOTIFY=" in lines
    assert (
        "[i] 版本：xlxq 0.1.0，xlwings " + S.VBA_XLWINGS_VERSION + "，openpyxl 3.1.5，pywin32 未安装"
        in r.text("zh").splitlines()
    )
    assert (
        "[i] versions: xlxq 0.1.0, xlwings " + S.VBA_XLWINGS_VERSION + ", openpyxl 3.1.5, pywin32 not installed"
        in r.text("en").splitlines()
    )


def test_doctor_finds_each_problem(tmp_path):
    sheet = {**dict(S.WORKBOOK_CONFIG), S.VBA_VERSION_KEY: "0.37.7"}
    r = doctor(tmp_path, platform="linux", executable="/py", book_config=sheet, has_book=True)
    assert not r.ok and any('pip install "xlwings==0.37.7"' in ln.en for ln in r.lines)
    assert any("xlxq excel-setup" in ln.zh for ln in r.lines)  # no interpreter set
    r = doctor(
        tmp_path,
        platform="linux",
        executable="/py",
        has_book=True,
        book_config=None,
        book_fullname="https://d.docs.live.net/abc/赛事.xlsm",
    )
    assert not r.ok and any("OneDrive" in ln.en and "ADD_WORKBOOK_TO_PYTHONPATH | False" in ln.en for ln in r.lines)
    r = doctor(
        tmp_path,
        platform="linux",
        executable="/py",
        has_book=True,
        book_config=dict(S.WORKBOOK_CONFIG),
        book_fullname="https://x-my.sharepoint.com/personal/a/Documents/e.xlsm",
    )
    assert any(ln.level == S.OK and "URL" in ln.en for ln in r.lines)
    r = doctor(
        tmp_path,
        platform="win32",
        executable="C:\\P\\python.exe",
        versions={"xlxq": "0.1.0", "xlwings": S.VBA_XLWINGS_VERSION, "openpyxl": "3.1.5", "pywin32": None},
        environ={},
        registry=FakeReg({SEC: {"VBAWarnings": 4}}),
    )
    assert not r.ok and any("pywin32" in ln.en for ln in r.lines) and any("macro setting" in ln.en for ln in r.lines)
    conf = tmp_path / ".xlwings" / "xlwings.conf"
    conf.parent.mkdir()
    conf.write_text('"INTERPRETER_WIN","C:\\Gone\\python.exe"\n', encoding="utf-8")
    r = doctor(tmp_path, platform="linux", executable="/py")
    assert any("--force" in ln.en for ln in r.lines if ln.level == S.FAIL)
    r = doctor(tmp_path, platform="darwin", executable="/py")
    assert any("excel-setup" in ln.en and "applescript" in ln.en for ln in r.lines)


# --------------------------------------------------------------- the VBA's own messages


def test_the_vba_messages_decode_to_the_python_ones():
    bas = (ROOT / "macros" / "XlxqButtons.bas").read_text(encoding="ascii")
    for name, (zh, en) in S.VBA_MESSAGES.items():
        m = re.search(rf'^Private Const MSG_{name}_ZH As String = "([0-9A-F ]+)"$', bas, re.M)
        assert m, name
        assert "".join(chr(int(h, 16)) for h in m.group(1).split()) == zh
        m = re.search(rf"^Private Const MSG_{name}_EN As String = (.+)$", bas, re.M)
        parts = re.findall(r'"((?:[^"]|"")*)"', m.group(1))
        assert "\n".join(p.replace('""', '"') for p in parts) == en
        assert m.group(1).count("vbLf") == en.count("\n")
    assert S.vba_hex("诊断") == "8BCA 65AD"


# --------------------------------------------------------------- the commands


def test_the_commands_run_with_a_home_of_their_own(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path), USERPROFILE=str(tmp_path), PYTHONPATH=str(ROOT), XLXQ_LANG="en")
    p = subprocess.run([sys.executable, "-m", "xlxq", "excel-setup"], env=env, capture_output=True, text=True)
    assert p.returncode == 0, p.stdout + p.stderr
    assert "INTERPRETER_" in p.stdout and "Done." in p.stdout
    conf = S.user_config_path(sys.platform, tmp_path)
    assert S.parse_config(conf.read_text(encoding="utf-8"))[S.interpreter_key()] == sys.executable
    p2 = subprocess.run([sys.executable, "-m", "xlxq", "excel-setup"], env=env, capture_output=True, text=True)
    assert "unchanged" in p2.stdout
    d = subprocess.run(
        [sys.executable, "-m", "xlxq", "doctor", str(ROOT / "workbook_templates" / "xlxq-event-zh.xlsm")],
        env=dict(env, XLXQ_LANG="zh"),
        capture_output=True,
        text=True,
    )
    assert d.returncode == 0, d.stdout + d.stderr
    assert "xlxq 诊断" in d.stdout and "ADD_WORKBOOK_TO_PYTHONPATH=False" in d.stdout


def test_doctor_fails_an_older_python_than_the_supported_range(tmp_path):
    from xlxq import PYTHON_MIN

    r = doctor(tmp_path, platform="linux", executable="/py", python=(3, 10, 13))
    assert not r.ok and any(ln.level == S.FAIL and "3.11" in ln.en for ln in r.lines), r.text("en")
    r = doctor(tmp_path, platform="linux", executable="/py", python=PYTHON_MIN)
    assert not any("or later" in ln.en for ln in r.lines)
