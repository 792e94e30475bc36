"""The xlwings Lite edition's two files (``xlxq lite-bundle``; lite/README.md):
``main.py`` (one ``@script`` a button, with its display name in the
edition's language) and ``requirements.txt`` (xlxq by name and version, or
the address of a wheel the arbiter's maintainer hosts).

One source: the committed lite/main.py (简体), lite/zh-Hant/main.py (繁體),
lite/en/main.py (English) and lite/requirements.txt are this module's output (tests/test_lite_bundle.py
checks it), so the files an arbiter pastes from the repository and those the
command writes are the same.

The scripts are the buttons that work without a file on disk: 诊断 (the
local Python), 发布网页 and 成绩册 (files beside the workbook) are left
out; :data:`LITE_SCRIPTS` names them by the functions of :mod:`xlxq.excel`
(the same names in main.py) and their operation, which main.py runs with
:func:`xlxq.operations.buttons.run_button` (lite/ is an entry point of its
own: it imports no other); the display names are the buttons' own
(:func:`xlxq.operations.buttons.title`).

Lazy imports: :mod:`xlxq.operations.buttons` (the button names) only when a
bundle is written, not when the operations package is imported.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Optional

from xlxq import __version__
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.text import joined
from xlxq.operations.result import Outcome
from xlxq.i18n import Msg

__all__ = ["LITE_SCRIPTS", "LEFT_OUT", "main_py", "requirements_txt", "write_bundle", "check_wheel_url"]

#: the Lite scripts: (function of xlxq.excel and of main.py, the button's operation), in the task pane's order
LITE_SCRIPTS: tuple[tuple[str, str], ...] = (
    ("pair_next_round", "pair"),
    ("recompute", "recompute"),
    ("explain", "explain"),
    ("schedule_round_robin", "schedule"),
    ("qualify_knockout", "qualify"),
    ("draw_numbers", "draw"),
    ("undo_round", "undo"),
    ("print_scoresheets", "scoresheets"),
    ("print_notice", "notice"),
)
#: the buttons that are not Lite scripts (VBA macro names), and why
LEFT_OUT = {
    "Diagnose": "the local Python, xlwings' config and the VBA: none exist in Lite",
    "PublishSite": "writes a folder beside the workbook: Lite has none (xlxq publish on a copy)",
    "ResultsBooklet": "writes files beside the workbook: Lite has none (xlxq report on a copy)",
}

#: what a script does, after its display name (main.py's docstrings, both editions)
_WHAT = {
    "pair": "pair the next round, add its sheet, refresh the rest.",
    "recompute": "check the results, highlight problems, rewrite 成绩表.",
    "explain": "why the round of the active sheet (else the last round) was paired so.",
    "schedule": "every round sheet of a round robin at once.",
    "qualify": "the top K of the Swiss start the knockout stage.",
    "draw": "序号 by a draw (seeds odd), the seed kept in 设置; before round 1 only.",
    "undo": "remove the last round sheet and its pairing log, recompute the standings (a round with results is "
    "refused here: Lite cannot ask; no file on disk, so no backup either).",
    "scoresheets": "one 记分单 a board of the active round sheet's round (else the last), two a page.",
    "notice": "the round's pairings as posted, with a 姓名拼音 index (pypinyin in requirements.txt) and, when 设置 has a 网站地址, its QR code (segno).",
}

_HEAD = {
    "zh": '''"""xlxq 象棋编排 · xlwings Lite 版（中文）——把本文件的全部内容粘贴到工作簿的 main.py。

xlwings Lite runs Python (Pyodide) inside Excel on Windows, macOS and Excel
on the web, without a Python installation.  Each ``@script`` below is one
button of the macro workbook; in Lite you run it from the xlwings Lite task
pane by its name (编排下一轮 …: choose it in the script list, then Run or F5).
requirements.txt must list xlxq (lite/README.md).  English names:
lite/en/main.py (``xlxq lite-bundle --lang en``).
''',
    "zh-Hant": '''"""xlxq 象棋編排 · xlwings Lite 版（繁體中文）——把本檔案的全部內容貼到活頁簿的 main.py。

xlwings Lite runs Python (Pyodide) inside Excel on Windows, macOS and Excel
on the web, without a Python installation.  Each ``@script`` below is one
button of the macro workbook; in Lite you run it from the xlwings Lite task
pane by its name (編排下一輪 …: choose it in the script list, then Run or F5).
requirements.txt must list xlxq (lite/README.md).  簡體 names: lite/main.py
(``xlxq lite-bundle --lang zh``); English: lite/en/main.py.  A workbook in
繁體 (設置, 報名表 …) gets its messages in 繁體.
''',
    "en": '''"""xlxq xiangqi pairing · xlwings Lite edition (English) -- paste this file into the workbook's main.py.

xlwings Lite runs Python (Pyodide) inside Excel on Windows, macOS and Excel
on the web, without a Python installation.  Each ``@script`` below is one
button of the macro workbook; in Lite you run it from the xlwings Lite task
pane by its name (Pair next round …: choose it in the script list, then Run
or F5).  requirements.txt must list xlxq (lite/README.md).  Chinese names:
lite/main.py (``xlxq lite-bundle --lang zh``).
''',
}

_BODY = '''
Written by ``xlxq lite-bundle`` (xlxq/operations/lite_bundle.py); edit that, not this.
Every script runs its button on the ``book`` Lite passes in, with the code
the VBA button runs (``xlxq.operations.buttons.run_button``, which
``xlxq.excel.<name>()`` calls too).  The result and any error are written
into the sheet ``xlxq消息`` (English: ``xlxq messages``) and printed to
Lite's output pane; the sheet is shown when the operation failed.  Messages
are in the workbook's language (a workbook with Chinese sheet names gets
Chinese) unless the environment variable XLXQ_LANG is set in Lite's
settings.
"""

import os

import xlwings as xw
from xlwings import script

from xlxq.i18n import norm_lang
from xlxq.operations.buttons import run_button

_USER_LANG = os.environ.get("XLXQ_LANG")


def _language(book: xw.Book) -> str:
    """The language of this call (set as XLXQ_LANG): the user's setting, else the workbook's language."""
    if not _USER_LANG:
        cjk = any("\\u4e00" <= ch <= "\\u9fff" for s in book.sheets for ch in s.name)
        os.environ["XLXQ_LANG"] = "zh" if cjk else "en"
    return norm_lang(os.environ["XLXQ_LANG"])
'''

_SCRIPT = '''

@script(name={display})
def {func}(book: xw.Book):
    """{zh} / {en}: {what}"""
    run_button("{op}", book, _language(book))
'''


def _titles() -> dict[str, Msg]:
    from xlxq.operations.buttons import title  # lazy: the whole button machinery, for its names

    return {op: title(op) for _, op in LITE_SCRIPTS}


def main_py(lang: str = "zh") -> str:
    """main.py of the ``lang`` edition (zh: 简体 display names; zh-Hant: 繁體,
    the catalogue's; en: English)."""
    lang = Text(lang).lang
    titles = _titles()
    out = _HEAD[lang] + _BODY
    for func, op in LITE_SCRIPTS:
        name = titles[op]
        zh, en = name.render("zh"), name.render("en")
        what, display = _WHAT[op], name.render(lang)
        if lang == "zh-Hant":  # the catalogue's 繁體 names; the Chinese terms of the docstrings (成績表) too
            from xlxq.sheets.script import to_hant

            zh, what = display, to_hant(what)
        out += _SCRIPT.format(
            display=json.dumps(display, ensure_ascii=False),
            func=func,
            op=op,
            zh=zh,
            en=en,
            what=what,
        )
    return out


def requirements_txt(wheel_url: Optional[str] = None) -> str:
    """requirements.txt: xlxq by name and this version (from PyPI), or the
    wheel at ``wheel_url`` (before a release, or a build of one's own)."""
    xlxq_line = wheel_url or f"xlxq=={__version__}"
    where = (
        "# xlxq: the wheel hosted at this address (HTTPS, CORS allowed: see lite/README.md)\n"
        if wheel_url
        else f"# xlxq {__version__} from PyPI (a wheel of one's own: xlxq lite-bundle DIR --wheel-url URL)\n"
    )
    return (
        "# requirements.txt for the xlxq xlwings Lite edition: paste into Lite's requirements.txt tab,\n"
        "# then restart xlwings Lite (menu → Restart).  Written by `xlxq lite-bundle`.\n"
        "# xlwings: keep whatever xlwings Lite itself put here; xlxq needs 0.37.8 or later\n"
        "# (in Pyodide xlxq does not pin xlwings and does not need pandas).\n"
        "xlwings>=0.37.8\n"
        "# the 编排记录公告's 姓名拼音 index (打印公告)\n"
        "pypinyin>=0.55,<0.56\n"
        "# the 编排公告's QR code of the site's address (设置 网站地址; pure Python)\n"
        "segno>=1.6,<2\n" + where + xlxq_line + "\n"
    )


_WHEEL_NAME = re.compile(r"xlxq-(?P<version>[0-9][^-]*)-py3-none-any\.whl")


def check_wheel_url(url: str) -> Optional[str]:
    """The version of the xlxq wheel ``url`` names; refused unless it is an
    https:// address (http:// only for this computer: localhost, 127.0.0.1)
    ending in a pure xlxq wheel's file name (micropip reads the name)."""
    m = re.fullmatch(r"(https://[^/\s]+|http://(?:localhost|127\.0\.0\.1)(?::\d+)?)/\S*?([^/\s]+)", url)
    name = m.group(2) if m else ""
    w = _WHEEL_NAME.fullmatch(name)
    if not m or not w:
        raise InputError(
            Msg("lite_bundle.wheel-url-must-be-the-https-address-of", url=url),
        )
    return w.group("version")


def write_bundle(
    outdir: str | os.PathLike, lang: str = "zh", wheel_url: Optional[str] = None, force: bool = False
) -> Outcome:
    """``xlxq lite-bundle OUTDIR``: main.py and requirements.txt written into
    ``outdir`` (made if missing); existing ones only with ``force``."""
    version = check_wheel_url(wheel_url) if wheel_url else __version__
    out = Path(outdir)
    if out.exists() and not out.is_dir():
        raise InputError(Msg("lite_bundle.is-not-a-folder", out=out), file=str(out))
    files = {"main.py": main_py(lang), "requirements.txt": requirements_txt(wheel_url)}
    there = [n for n in files if (out / n).exists()]
    if there and not force:
        raise InputError(
            Msg(
                "lite_bundle.already-has-use-force-to-overwrite",
                out=out,
                join_there=joined(there),
            ),
            file=str(out / there[0]),
        )
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        tmp = out / f".{name}.xlxq-tmp"
        tmp.write_text(text, encoding="utf-8", newline="\n")
        os.replace(tmp, out / name)

    def render(lang: str) -> list[str]:
        t = Text(lang)
        lines = [
            t(
                "lite_bundle.wrote-and-xlwings-lite-paste-them-into",
                main_py=out / "main.py",
                requirements_txt=out / "requirements.txt",
            )
        ]
        if wheel_url:
            lines.append(
                t(
                    "lite_bundle.the-wheels-server-must-allow-cross",
                )
            )
        if version != __version__:
            lines.append(
                t(
                    "lite_bundle.note-the-wheel-is-xlxq-main-py-was",
                    version=version,
                    version2=__version__,
                )
            )
        return lines

    return Outcome(render=render)
