"""Errors an arbiter sees.  Every message exists in Chinese (shown by default,
in Excel and on the command line) and English (``XLXQ_LANG=en``).

Besides its two texts an error carries *where* it is, as language-free
fields (:class:`Place`: file, sheet, row, cell, round, board, player, team),
so that a caller can point at the cell or board without reading the text.
The language is chosen at the edge: ``message(lang)``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from typing import Any, Optional

from xlxq.i18n import Msg, norm_lang, tr


@dataclass(frozen=True)
class Place:
    """Where a problem is; every field is optional."""

    file: Optional[str] = None
    sheet: Optional[str] = None
    row: Optional[int] = None
    cell: Optional[str] = None
    round: Optional[int] = None
    board: Optional[int] = None
    player: Optional[int] = None
    team: Optional[int] = None

    def merged(self, **more: Any) -> "Place":
        """This place with the given fields added (a given None changes nothing)."""
        return replace(self, **{k: v for k, v in more.items() if v is not None})

    def as_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) is not None}


class XlxqError(Exception):
    """Base class: a problem with the input, explained to the arbiter."""

    def __init__(self, zh: str | Msg, en: str | None = None, *, place: Optional[Place] = None, **where: Any):
        self.msg: Optional[Msg] = zh if isinstance(zh, Msg) else None
        self._zh: Optional[str] = None
        self._en: Optional[str] = None
        if self.msg is None:
            assert isinstance(zh, str)
            self._zh, self._en = zh, en or zh
        super().__init__(self.zh)
        self.place = (place or Place()).merged(**where)

    # the 简体 and English texts (rendered from the message when it has one)
    @property
    def zh(self) -> str:
        return self._zh if self._zh is not None else self.message("zh")

    @zh.setter
    def zh(self, text: str) -> None:
        if self.msg is not None:
            self._en, self.msg = self.msg.render("en"), None
        self._zh = text

    @property
    def en(self) -> str:
        return self._en if self._en is not None else self.message("en")

    @en.setter
    def en(self, text: str) -> None:
        if self.msg is not None:
            self._zh, self.msg = self.msg.render("zh"), None
        self._en = text

    def message(self, lang: str | None = None) -> str:
        code = norm_lang(lang or os.environ.get("XLXQ_LANG", "zh"))
        if self.msg is not None:
            return self.msg.render(code)
        return (self._en if code == "en" else self._zh) or ""

    localize = message

    def lines(self, lang: str | None = None) -> list[str]:
        """The message as lines (one; :class:`InputErrors`: one a problem)."""
        return [self.message(lang)]

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message()


class InputError(XlxqError):
    """The tournament data is inconsistent or malformed."""


class SheetError(InputError):
    """An input error in one place of a sheet: its message names the place
    ("“报名表”表第5行（G5）：…"); ``detail`` is the message after it, for the
    cell's 提示 (the row's note names no place)."""

    def __init__(self, msg: Msg, detail: Msg, **where: Any):
        super().__init__(msg, **where)
        self.detail = detail


class PairingImpossible(XlxqError):
    """No legal pairing of the round exists (no rematch, at most one bye)."""


class InputErrors(InputError):
    """Every problem one read found (issue 10 §4), each an
    :class:`InputError` with its own place; this error's place is the
    first's.  ``message``: "发现3处错误，第一处：…" ("3 problems; the first: …");
    ``lines``: that, then each problem on its own line.  A read that finds
    one problem raises it alone (:meth:`ErrorList.check`), so its message is
    what it always was."""

    def __init__(self, errors: list[InputError]):
        self.errors = list(errors)
        first = self.errors[0]
        n = len(self.errors)
        super().__init__(Msg("errors.n-problems-the-first", n=n, first=first), place=first.place)

    def lines(self, lang: str | None = None) -> list[str]:
        n = len(self.errors)
        code = norm_lang(lang or os.environ.get("XLXQ_LANG", "zh"))
        return [tr(code, "errors.n-problems", n=n)] + [e.message(code) for e in self.errors]


class ErrorList:
    """Collects :class:`InputError` s instead of stopping at the first:
    ``with errors.guard(): …`` around each item read (a row, a player, a
    board) keeps the error and goes on; :meth:`check` raises what was
    found: nothing, the one error as it is, or :class:`InputErrors`."""

    def __init__(self) -> None:
        self.errors: list[InputError] = []

    def guard(self) -> "_Guard":
        return _Guard(self)

    def add(self, exc: InputError) -> None:
        self.errors.extend(exc.errors if isinstance(exc, InputErrors) else [exc])

    def __bool__(self) -> bool:
        return bool(self.errors)

    def check(self) -> None:
        if len(self.errors) == 1:
            raise self.errors[0]
        if self.errors:
            raise InputErrors(self.errors)


class _Guard:
    def __init__(self, owner: ErrorList) -> None:
        self.owner = owner

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> bool:
        if isinstance(exc, InputError):
            self.owner.add(exc)
            return True
        return False
