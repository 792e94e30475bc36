"""``xlxq rating FILE``: the UNOFFICIAL Elo report (:mod:`xlxq.rating_report`)
of a JSON tournament file or a workbook (read only, nothing written), its
K table and cap on D from the command line (``--k``, ``--cap``)."""

from __future__ import annotations

from typing import Any, Optional

from xlxq.core.rating import DEFAULT_CAP, DEFAULT_K_TABLE, RatingOptions, parse_k_table
from xlxq.operations.result import Outcome
from xlxq.rating_report import rating_data, rating_lines

__all__ = ["rating_options", "rating_outcome"]


def rating_options(k: Optional[str] = None, cap: Optional[float] = None) -> RatingOptions:
    """The options the flags give (each default when not given)."""
    return RatingOptions(
        parse_k_table(k) if k is not None else DEFAULT_K_TABLE, float(cap) if cap is not None else DEFAULT_CAP
    )


def rating_outcome(event: Any, options: RatingOptions, as_json: bool) -> Outcome:
    """The report of ``event``: the text table, or the ``--json`` data."""
    rating_data(event, options, "zh")  # bad options fail before anything is shown
    if as_json:
        return Outcome(data=lambda lang: rating_data(event, options, lang))
    return Outcome(render=lambda lang: rating_lines(event, options, lang))
