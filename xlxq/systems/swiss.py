"""积分编排制 by the CXA 定位编排 method (seed 000): the engine is
:mod:`xlxq.core.pairing` and :mod:`xlxq.core.swiss`; this file tells the rest
of the program about it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from xlxq.core.checks import check_round, compare_with_engine
from xlxq.core.pairing import pair_swiss_round
from xlxq.core.standings import DEFAULT_PRESET
from xlxq.core.steps import Record, swiss_round_record
from xlxq.errors import XlxqError
from xlxq.i18n import Text
from xlxq.systems.base import CheckReport, PairingSystem
from xlxq.systems.registry import register

if TYPE_CHECKING:
    from xlxq.core.model import Event, EventSettings, Round
    from xlxq.core.outcome import PairingOutcome


@register
class Swiss(PairingSystem["Event", "PairingOutcome"]):
    key = "swiss"
    pairs_by_score = True
    audit_reference_id = "systems.reference-swiss"

    def default_tiebreaks(self, settings: EventSettings) -> list[str]:
        return [DEFAULT_PRESET]

    def pair(self, event: Event, round_no: Optional[int] = None) -> PairingOutcome:
        return pair_swiss_round(event, round_no)

    def record(self, event: Event, round_no: int) -> Record:
        return swiss_round_record(event, round_no)

    def derived_round(self, event: Event, round_no: int) -> Round:
        """From the event as it stood before the round (:meth:`Event.as_paired`)."""
        return pair_swiss_round(event.as_paired(round_no), round_no).round

    def check(self, event: Event, round_no: int, lang: str) -> CheckReport:
        t = Text(lang)
        report = CheckReport(round_no, check_round(event, round_no), t("swiss.no-rule-problems-found"))
        try:
            diffs = compare_with_engine(event, round_no)
        except XlxqError as exc:
            report.tail.append(
                t(
                    "swiss.the-engine-cannot-pair-this-round",
                    t_lang=exc.message(t.lang),
                )
            )
        else:
            if diffs:
                report.tail.append(t("swiss.differences-from-the-engines-pairing"))
                report.tail += [f"  {d.render(t.lang)}" for d in diffs]
            else:
                report.tail.append(t("swiss.identical-to-the-engines-pairing"))
        return report
