"""编排记录 of a Swiss round, as text: the steps of :mod:`xlxq.core.steps`
worded by the one printer (:mod:`xlxq.core.record_text`).

An arbiter can follow it with the 编排卡 in hand: per score group the two
rows (要先行/要后行), who was 先编者 and why, each pair with its form (同位,
错位, 异行, 同行, 下调) and colour reason, the players skipped and why, and how
much 拆对 (backtracking) the search needed.
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.model import Event
from xlxq.core.outcome import PairingOutcome
from xlxq.core.record_text import record_lines, record_text
from xlxq.core.steps import Record, group_steps, swiss_record, swiss_round_record
from xlxq.core.swiss import GroupResult, GroupSearch


def group_record(
    gs: GroupSearch,
    res: GroupResult,
    incoming: list[int],
    round_no: int,
    names: dict[int, str],
    lang: str = "zh",
) -> list[str]:
    """The lines of one score group's steps (no heading)."""
    rec = Record(round_no, "", names=names)
    group_steps(gs, res, incoming, round_no, rec)
    return record_lines(rec, lang)[1:]


def explain_outcome(event: Event, out: PairingOutcome, lang: str = "zh") -> str:
    """The record of a Swiss round just paired."""
    return record_text(swiss_record(event, out), lang)


def explain_round(event: Event, round_no: Optional[int] = None, lang: str = "zh") -> str:
    """Re-pair ``round_no`` from the rounds before it and explain it.  If the
    file's round differs (paired by hand), say so."""
    return record_text(swiss_round_record(event, round_no), lang)


__all__ = ["group_record", "explain_outcome", "explain_round"]
