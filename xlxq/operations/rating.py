"""``xlxq rating FILE``: the UNOFFICIAL Elo report (:mod:`xlxq.presentation.rating_report`)
of a JSON tournament file or a workbook (read only, nothing written), its
K table and cap on D from the event (``event.rating``, the 设置 rows) or
the command line (``--k``, ``--cap``: each overrides the event's)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from xlxq.core.rating import RatingOptions, parse_k_table
from xlxq.operations.result import Outcome
from xlxq.presentation.rating_report import rating_data, rating_lines

__all__ = ["rating_options", "rating_outcome"]


def rating_options(
    k: Optional[str] = None, cap: Optional[float] = None, event: Optional[RatingOptions] = None
) -> RatingOptions:
    """The options the flags give, each one not given the event's
    (``event``: its settings' ``rating``), else the default."""
    base = event or RatingOptions()
    return replace(
        base,
        k_table=parse_k_table(k) if k is not None else base.k_table,
        cap=float(cap) if cap is not None else base.cap,
    )


def rating_outcome(event: Any, options: RatingOptions, as_json: bool) -> Outcome:
    """The report of ``event``: the text table, or the ``--json`` data."""
    rating_data(event, options, "zh")  # bad options fail before anything is shown
    if as_json:
        return Outcome(data=lambda lang: rating_data(event, options, lang))
    return Outcome(render=lambda lang: rating_lines(event, options, lang))
