"""English messages: message id → ``str.format`` template (see :mod:`xlxq.i18n`).

Written by tools/catalogue_codemod.py (the ids it finds in xlxq/); entries
added by hand are kept when it runs again.  Keep the ids sorted.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    "errors.n-problems": "{n} problems:",
    "errors.n-problems-the-first": "{n} problems; the first: {first}",
    "problems.tag-error": "error",
    "problems.tag-note": "note",
    "problems.tag-warning": "warning",
}
