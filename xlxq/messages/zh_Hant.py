"""繁體中文 (zh-Hant) messages: message id → ``str.format`` template (see :mod:`xlxq.i18n`).

Generated from zh_Hans.py by tools/catalogue_codemod.py with OpenCC s2tw and
the reviewed terms (HANT_TERMS) there; entries in HANT_OVERRIDES of that tool
win.  Do not edit by hand: change zh_Hans.py or the tool and run it.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "errors.n-problems": "發現{n}處錯誤：",
    "errors.n-problems-the-first": "發現{n}處錯誤，第一處：{first}",
    "problems.tag-error": "錯誤",
    "problems.tag-note": "說明",
    "problems.tag-warning": "警告",
}
