"""简体中文 (zh-Hans) messages: message id → ``str.format`` template (see :mod:`xlxq.i18n`).

Written by tools/catalogue_codemod.py (the ids it finds in xlxq/); entries
added by hand are kept when it runs again.  Keep the ids sorted.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "errors.n-problems": "发现{n}处错误：",
    "errors.n-problems-the-first": "发现{n}处错误，第一处：{first}",
    "problems.tag-error": "错误",
    "problems.tag-note": "说明",
    "problems.tag-warning": "警告",
}
