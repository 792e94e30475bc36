"""Failures that speak: a click run as RunPython runs it, under failure
conditions made here.

Each test runs, in a fresh interpreter, the argv that the embedded
``xlwings`` module of the shipped .xlsm builds for a button
(tests/runpython.py evaluates the VBA's own statements), and looks at the
exit code, at stderr (what xlwings' error popup would show: RunPython sends
stderr to its log and shows the log when the exit code is not 0) and, when
the workbook is reachable, at the message box (the ``alert`` action of the
remote engine, which stands in for COM here: benchmarks/bench_click.py's
``sitecustomize`` sets the payload's book as ``Book.caller()``)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.runpython import windows_click
from xlxq import excel as E
from xlxq.operations import excel_setup as S
from xlxq.i18n import Msg
from xlxq.sheets.problems import Status

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.filterwarnings("ignore:.*deprecated.*:DeprecationWarning")


def _bench():
    spec = importlib.util.spec_from_file_location("bench_click", ROOT / "benchmarks" / "bench_click.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def click_argv(
    command: str = "import xlxq.excel; xlxq.excel.pair_next_round()",
    name: str = "赛事.xlsm",
    config: dict | None = None,
) -> list[str]:
    c = windows_click(
        command,
        name,
        "C:\\Users\\arbiter\\Documents\\" + name,
        {"ADD_WORKBOOK_TO_PYTHONPATH": "False"} if config is None else config,
    )
    assert c.argv[0] == "python" and "--from_xl=1" in c.argv
    return [sys.executable] + c.argv[1:]


@pytest.fixture()
def site(tmp_path):
    """A sitecustomize folder: the remote-engine caller (when a payload is
    given) plus whatever a test appends."""
    folder = tmp_path / "site"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(_bench().SITECUSTOMIZE, encoding="utf-8")
    return folder


def run(argv, site: Path, tmp_path: Path, payload: Path | None = None, **env):
    e = dict(os.environ)
    e.pop("XLWINGS_LICENSE_KEY", None)
    e.update(
        {
            "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]),
            "XLXQ_CLICK_OUT": str(tmp_path / "out.json"),
            "XLXQ_ERROR_LOG": str(tmp_path / "xlxq-error.log"),
            "XLXQ_NOTIFY": "alert",
        }
    )
    if payload is not None:
        e.update(XLXQ_CLICK_PAYLOAD=str(payload), XLWINGS_LICENSE_KEY="noncommercial")
    e.update(env)
    p = subprocess.run(argv, env=e, capture_output=True, cwd=str(tmp_path))
    out = tmp_path / "out.json"
    rec = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    return p, rec


# --------------------------------------------------------------- no workbook


def test_no_workbook_reachable_exits_1_with_the_chinese_message(site, tmp_path):
    p, _ = run(click_argv(), site, tmp_path)
    assert p.returncode == 1
    err = p.stderr.decode("utf-8")
    assert err.startswith("xlxq 连接不到工作簿「赛事.xlsm」，工作簿未作改动。")
    assert "xlxq doctor" in err and "再点一次按钮" in err
    assert "Traceback" not in err


def test_english_under_xlxq_lang_en(site, tmp_path):
    p, _ = run(click_argv(), site, tmp_path, XLXQ_LANG="en")
    assert p.returncode == 1
    err = p.stderr.decode("utf-8")
    assert err.startswith("xlxq cannot reach the workbook '赛事.xlsm'; the workbook was not changed.")
    assert "xlxq doctor" in err


def test_wrong_xlwings_version_says_which_and_what_to_install(site, tmp_path):
    with open(site / "sitecustomize.py", "a", encoding="utf-8") as f:
        f.write("\nimport xlwings\nxlwings.__version__ = '0.36.1'\n")
    p, _ = run(click_argv(), site, tmp_path)
    assert p.returncode == 1
    err = p.stderr.decode("utf-8")
    assert f"工作簿的 VBA 为 {S.VBA_XLWINGS_VERSION}，Python 中为 0.36.1" in err
    assert f'-m pip install "xlwings=={S.VBA_XLWINGS_VERSION}"' in err


def test_the_doctor_button_with_no_workbook_still_reports(site, tmp_path):
    p, _ = run(click_argv("import xlxq.excel; xlxq.excel.doctor()"), site, tmp_path, HOME=str(tmp_path))
    assert p.returncode == 1
    err = p.stderr.decode("utf-8")
    assert "连接不到工作簿" in err and "xlxq 诊断" in err and f"xlwings {S.VBA_XLWINGS_VERSION}" in err


def test_every_button_of_the_template_fails_the_same_way(site, tmp_path):
    from tests.test_xlsm_build import macro_sources, subs

    import re

    bodies = subs(macro_sources()["XlxqButtons"])
    for macro in E.ENTRY_POINTS:
        command = re.search(r'XlxqRun\s+"((?:[^"]|"")*)"', bodies[macro]).group(1)
        p, _ = run(click_argv(command), site, tmp_path)
        assert p.returncode == 1 and "连接不到工作簿" in p.stderr.decode("utf-8"), macro


def test_called_outside_excel_returns_a_status_and_exits_0(site, tmp_path):
    p, _ = run([sys.executable, "-c", "import xlxq.excel; print(xlxq.excel.pair_next_round().ok)"], site, tmp_path)
    assert p.returncode == 0 and p.stdout.decode().strip() == "False"
    assert "请从 Excel 中的按钮运行" in p.stderr.decode("utf-8")


def test_the_log_is_written_in_the_code_page_excel_reads():
    st = Status(False, msg=Msg("excel.cannot-reach-the-workbook", name="event.xlsm"))
    en = b"xlxq cannot reach the workbook 'event.xlsm'; the workbook was not changed."
    assert E.excel_log_bytes(st, "zh", "cp936") == st.message_zh.encode("cp936")
    assert E.excel_log_bytes(st, "zh", "cp1252") == en  # Chinese does not fit
    assert E.excel_log_bytes(st, "en", "cp936") == en
    assert E.from_excel(["-c", "--wb=x.xlsm", "--from_xl=1"]) and not E.from_excel(["-c"])


# --------------------------------------------------------------- workbook reachable


@pytest.fixture(scope="module")
def payload(tmp_path_factory):
    """The VBA client's payload of a 24-player workbook made from the .xlsm
    template (so it has the hidden xlwings.conf sheet), round 1 not paired."""
    from tests import xlremote as H
    from xlxq.backends.registration import read_registration
    from xlxq.core.model import EventSettings
    from xlxq.operations.workbook import create_event_workbook

    d = tmp_path_factory.mktemp("click")
    wb = create_event_workbook(
        d / "赛事.xlsm", read_registration(ROOT / "samples" / "registration.csv"), EventSettings(rounds=7)
    )
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
    p = d / "payload.json"
    p.write_text(json.dumps(H.payload_from_xlsx(wb), ensure_ascii=False), encoding="utf-8")
    return p


def test_a_click_that_works_exits_0_with_its_message(site, tmp_path, payload):
    p, rec = run(click_argv(), site, tmp_path, payload)
    assert p.returncode == 0, p.stderr.decode("utf-8")
    assert "addSheet" in rec["actions"] and rec["alert"].startswith("已编排第1轮")
    assert p.stderr == b""


def test_a_python_error_shows_the_internal_error_message_and_logs_the_traceback(site, tmp_path, payload):
    with open(site / "sitecustomize.py", "a", encoding="utf-8") as f:
        f.write(
            "\nimport xlxq.operations.workbook\n"
            "def _boom(book, *args):\n    raise RuntimeError('boom')\n"
            "xlxq.operations.workbook.pair_next_round = _boom\n"
        )
    p, rec = run(click_argv(), site, tmp_path, payload)
    assert p.returncode == 0  # the workbook is reachable: its message box speaks
    assert rec["actions"] == ["alert"]  # nothing else written
    assert rec["alert"].startswith("程序内部错误，工作簿未作改动。") and "RuntimeError: boom" in rec["alert"]
    assert str(tmp_path / "xlxq-error.log") in rec["alert"]
    assert "Traceback" in (tmp_path / "xlxq-error.log").read_text(encoding="utf-8")


def test_the_doctor_button_reads_the_workbooks_config_sheet(site, tmp_path, payload):
    p, rec = run(click_argv("import xlxq.excel; xlxq.excel.doctor()"), site, tmp_path, payload, HOME=str(tmp_path))
    assert p.returncode == 0, p.stderr.decode("utf-8")
    assert rec["actions"] == ["alert"]
    text = rec["alert"]
    assert text.startswith("xlxq 诊断") and "xlwings.conf 表：ADD_WORKBOOK_TO_PYTHONPATH=False" in text
    assert f"工作簿的 VBA 与 Python 的 xlwings 一致（{S.VBA_XLWINGS_VERSION}）" in text
    assert "尚未设置解释器" in text  # this HOME has no user config


def test_the_command_line_comes_from_the_vba():
    # the evaluated VBA gives what xlwings documents: -B -c "import xlwings.utils;…prepare_sys_path(…); cmd"
    c = windows_click("import xlxq.excel; xlxq.excel.recompute()", "a & b.xlsm", "C:\\x\\a & b.xlsm")
    assert c.cmdline.startswith('cmd.exe /C python -B -c "import xlwings.utils;xlwings.utils.prepare_sys_path(\\"')
    assert c.argv[:3] == ["python", "-B", "-c"]
    assert c.argv[3] == (
        'import xlwings.utils;xlwings.utils.prepare_sys_path("true;C:\\\\x\\\\a & b.xlsm;'
        'C:\\\\x\\\\a & b.xlsm;;;;"); import xlxq.excel; xlxq.excel.recompute()'
    )
    assert c.argv[4:6] == ["--wb=a & b.xlsm", "--from_xl=1"] and c.argv[-1] == "--hwnd=4242"
    assert c.log.endswith(".log")
