"""The Book operations of :mod:`xlxq.operations.workbook` and :mod:`xlxq.operations.team_workbook`
as the entry points run them: each returns its WritePlan in its Status, and
:func:`xlxq.operations.book.run_op` applies it.  For the tests that drive a
workbook through the operations directly (the same names, applied)."""

from __future__ import annotations

import inspect
from functools import wraps
from typing import Any, Callable

from xlxq.i18n import env_lang

from xlxq.operations import team_workbook as TW
from xlxq.operations import workbook as W
from xlxq.operations.book import run_op
from xlxq.sheets.problems import Status
from xlxq.operations import workbook_draw as D
from xlxq.operations import undo as U


def applied(op: Callable[..., Status]) -> Callable[..., Status]:
    """``op(book, …)`` with its plan applied to ``book``; the messages'
    language (``text_lang``), when the test does not give it, as an entry
    point decides it (``XLXQ_LANG``)."""
    sig = inspect.signature(op)

    @wraps(op)
    def run(book: Any, *args: Any, **kwargs: Any) -> Status:
        if "text_lang" in sig.parameters and "text_lang" not in sig.bind_partial(book, *args, **kwargs).arguments:
            kwargs["text_lang"] = env_lang()
        return run_op(op, book, *args, **kwargs)

    return run


pair_next_round = applied(W.pair_next_round)
recompute = applied(W.recompute)
explain = applied(W.explain)
schedule_round_robin = applied(W.schedule_round_robin)
qualify_knockout = applied(W.qualify_knockout)
team_pair_next_round = applied(TW.pair_next_round)
team_recompute = applied(TW.recompute)
team_explain = applied(TW.explain)
draw_numbers = applied(D.draw_numbers)
undo_book = applied(U.undo_book)
