"""What an operation on a JSON file returns: :class:`Outcome`.

Language-free: the event to save (``None``: nothing is written), the text
as a function of the language (rendered by the edge, which chooses zh or
en), the ``--json`` data, and the exit code (0, or 1 when ``check`` finds
rule errors).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from xlxq.errors import XlxqError

__all__ = ["Outcome", "Render", "no_lines"]

#: the lines of a result in a language ("zh" or "en")
Render = Callable[[str], list[str]]


def no_lines(lang: str) -> list[str]:
    return []


@dataclass
class Outcome:
    """The result of an operation on a JSON tournament file.

    ``event``: the new event, to be saved to ``path`` (``None``: the file the
    operation read); ``event=None``: nothing is written.  ``render(lang)``:
    the lines to show once it is saved, in the language of the edge.
    ``data``: the ``--json`` output (shown instead of the lines), or a
    function of the language giving it (its labels).
    ``code``: the exit code (or a function giving it, for a result that is
    judged while it is rendered: read it after the lines).  ``error``: an error to report after the lines
    (a workbook operation that saved before an argument turned out wrong).
    """

    event: Any = None
    render: Render = no_lines
    path: Optional[str] = None
    data: Any = None
    code: Union[int, Callable[[], int]] = 0
    error: Optional[XlxqError] = None

    def lines(self, lang: str) -> list[str]:
        return self.render(lang)

    def json(self, lang: str) -> Any:
        return self.data(lang) if callable(self.data) else self.data

    def exit_code(self) -> int:
        return int(self.code() if callable(self.code) else self.code)
