"""``xlxq lite-bundle`` (xlxq/operations/lite_bundle.py): the Lite
edition's main.py and requirements.txt, and 撤销本轮's message where no
backup was kept (xlwings Lite; the remote engine here: no file on disk).
Pyodide itself: tests/test_lite_pyodide.py."""

from __future__ import annotations

import ast
import shutil

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xlxq
from tests.cli_support import assert_bad_input, run
from xlxq.errors import InputError
from xlxq.excel import title
from xlxq.operations.lite_bundle import LITE_SCRIPTS, check_wheel_url, main_py, requirements_txt, write_bundle


def _scripts(source: str) -> dict[str, str]:
    """function → the display name its ``@script(name=…)`` gives."""
    out = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef):
            for d in node.decorator_list:
                if isinstance(d, ast.Call) and getattr(d.func, "id", "") == "script":
                    out[node.name] = next(k.value.value for k in d.keywords if k.arg == "name")
    return out


@pytest.mark.parametrize("lang", ["zh", "zh-Hant", "en"])
def test_every_script_has_the_buttons_display_name(lang):
    from xlxq.i18n import hant_text

    names = _scripts(main_py(lang))
    assert list(names) == [f for f, _ in LITE_SCRIPTS]
    assert names == {f: title(op).render(lang) for f, op in LITE_SCRIPTS}
    if lang == "zh-Hant":  # the 繁體 of the 简体 names, as the catalogue has them
        assert names == {f: hant_text(title(op).render("zh")) for f, op in LITE_SCRIPTS}
    first = {"zh": "编排下一轮", "zh-Hant": "編排下一輪", "en": "Pair next round"}
    assert names["pair_next_round"] == first[lang]


def test_the_hant_edition_is_committed_and_in_hant_throughout():
    """lite/zh-Hant/main.py is what ``xlxq lite-bundle --lang zh-Hant``
    writes (main_py("zh-Hant") was a KeyError: ``XLXQ_LANG=zh-Hant xlxq
    lite-bundle DIR`` failed); its display names and docstrings are 繁體
    (計算成績 … rewrite 成績表): no simplified-only character."""
    opencc = pytest.importorskip("opencc")
    s2t = opencc.OpenCC("s2t")
    from tests.conftest import ROOT

    text = main_py("zh-Hant")
    assert (ROOT / "lite" / "zh-Hant" / "main.py").read_text(encoding="utf-8") == text
    assert not sorted({c for c in text if "\u4e00" <= c <= "\u9fff" and s2t.convert(c) != c})
    assert "rewrite 成績表" in text and '@script(name="撤銷本輪")' in text
    compile(text, "main.py", "exec")  # a Python file Lite can run


def test_the_hant_edition_by_the_command_and_by_xlxq_lang(tmp_path):
    run("lite-bundle", tmp_path / "a", "--lang", "zh-Hant", check_rc=0)
    run("lite-bundle", tmp_path / "b", lang="zh-Hant", check_rc=0)
    for d in ("a", "b"):
        assert (tmp_path / d / "main.py").read_text(encoding="utf-8") == main_py("zh-Hant")


def test_requirements_name_xlxq_with_its_version_or_the_given_wheel():
    assert requirements_txt().splitlines()[-1] == f"xlxq=={xlxq.__version__}"
    url = "https://example.org/dl/xlxq-0.1.0-py3-none-any.whl"
    assert requirements_txt(url).splitlines()[-1] == url
    for bad in (
        "http://example.org/xlxq-0.1.0-py3-none-any.whl",  # not https (CORS pages must be https in Excel)
        "https://example.org/xlxq.whl",
        "https://example.org/other-0.1.0-py3-none-any.whl",
        "https://example.org/xlxq-0.1.0-cp311-cp311-win_amd64.whl",
        "YOUR-HOST",
    ):
        with pytest.raises(InputError):
            check_wheel_url(bad)
    assert check_wheel_url("http://127.0.0.1:8000/files/xlxq-0.2.0-py3-none-any.whl") == "0.2.0"


def test_the_command_writes_both_files_and_never_overwrites_without_force(tmp_path):
    out = tmp_path / "lite"
    url = "https://example.org/xlxq-0.1.0-py3-none-any.whl"
    p = run("lite-bundle", out, "--wheel-url", url, "--lang", "en", check_rc=0)
    assert "main.py" in p.out and "CORS" in p.out
    assert (out / "main.py").read_text(encoding="utf-8") == main_py("en")
    assert (out / "requirements.txt").read_text(encoding="utf-8") == requirements_txt(url)
    (out / "main.py").write_text("# mine\n", encoding="utf-8")
    assert_bad_input(run("lite-bundle", out), "--force", "main.py")
    assert (out / "main.py").read_text(encoding="utf-8") == "# mine\n"
    run("lite-bundle", out, "--force", "--lang", "zh", check_rc=0)
    assert (out / "main.py").read_text(encoding="utf-8") == main_py("zh")
    assert sorted(x.name for x in out.iterdir()) == ["main.py", "requirements.txt"]  # no temporary file left
    assert_bad_input(run("lite-bundle", out, "--force", "--wheel-url", "https://YOUR-HOST/x.whl"), "xlxq-")
    (tmp_path / "file").write_text("x")
    assert_bad_input(run("lite-bundle", tmp_path / "file"), "file")


def test_a_wheel_of_another_version_is_noted(tmp_path):
    out = write_bundle(tmp_path, "zh", "https://example.org/xlxq-9.9.9-py3-none-any.whl")
    assert any("xlxq 9.9.9" in ln and xlxq.__version__ in ln for ln in out.lines("en"))
    assert not any("note" in ln for ln in write_bundle(tmp_path / "b", "zh").lines("en"))


def test_undo_on_a_book_without_a_file_promises_no_backup(remote_engine_env, tmp_path):
    """The remote engine (as xlwings Lite): the book is not a file on disk,
    nothing is kept, and the message says nothing of a backup; a workbook
    file (the command line) keeps one and says so."""
    from tests import xlremote as H
    import xlxq.excel as E
    from xlxq.cli import main

    pytest.importorskip("xlwings")
    assert main(["demo", str(tmp_path)]) == 0
    f = tmp_path / "xlxq-demo.xlsx"
    r = H.run_workbook_function(f, E.undo_round)
    assert r.result.ok and "已撤销第1轮" in r.result.message_zh
    assert "备份" not in r.result.message_zh and "backup" not in r.result.message_en
    g = tmp_path / "g.xlsx"
    assert main(["demo", str(tmp_path / "d2")]) == 0
    shutil.copy(tmp_path / "d2" / "xlxq-demo.xlsx", g)
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.operations.undo import undo_book

    assert undo_book(OpenpyxlBook(g)).message_zh.endswith("撤销前的文件保留在备份中")


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(
        st.text(),
        st.builds(
            lambda host, name: f"https://{host}/{name}",
            st.text(min_size=0, max_size=20),
            st.text(min_size=0, max_size=40),
        ),
    )
)
def test_any_wheel_url_is_accepted_or_refused_with_a_message(url):
    """Hostile --wheel-url values: a version, or an InputError naming the value; nothing else."""
    try:
        version = check_wheel_url(url)
    except InputError as e:
        assert url in e.message("en")
    else:
        assert url.endswith(f"xlxq-{version}-py3-none-any.whl") and "\n" not in url


@pytest.mark.parametrize(
    ("asked", "lang"), [("zh-Hant", "zh-Hant"), ("zh-TW", "zh-Hant"), ("en-GB", "en"), ("zh", "zh")]
)
def test_the_lite_edition_keeps_the_language_the_arbiter_set(monkeypatch, asked, lang):
    """XLXQ_LANG set in Lite's settings is the buttons' language, any
    registered one (zh-Hant and zh-TW were taken as 简体)."""
    import importlib.util

    from tests.conftest import ROOT

    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")
    monkeypatch.setenv("XLXQ_LANG", asked)
    spec = importlib.util.spec_from_file_location("xlxq_lite_main_lang", ROOT / "lite" / "main.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod._language(None) == lang
