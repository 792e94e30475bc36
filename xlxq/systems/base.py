"""The pairing-system interface: what every system (定位编排 Swiss, round
robin, knockout …) tells the rest of the program.

A system is one object with

- ``key`` and its labels (``label(lang, games)``), ``entrants`` (players or
  teams: the registry keeps one table of each, the keys may repeat) and the
  facts callers ask instead of testing the name (``fixed_rounds``,
  ``round_robin``, ``double``, ``knockout``, ``swiss``, ``seated_by_table``),
- ``planned_rounds(n, settings)``: the rounds the event has for ``n``
  entrants (as typed for a Swiss; from the table or bracket otherwise),
- ``default_tiebreaks(settings)``: the preset the rules name for it,
- ``pair(event, round_no)``: the next round and how it was made
  (:class:`~xlxq.core.pairing.PairingOutcome`),
- ``record(event, round_no)``: the 编排记录 of a round as steps
  (:class:`~xlxq.core.steps.Record`, language-free), and
  ``explain(event, round_no, lang)``: its lines, by the one printer
  (:mod:`xlxq.core.record_text`),
- ``check(event, round_no, lang)``: a :class:`CheckReport` of a round made
  by the engine or by hand.

Systems live one per file in this package and are registered in
:mod:`xlxq.systems` (``register``).  They are pure: no file, sheet or
environment is read here; the language is passed in.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Optional, Protocol, Sequence, TypeVar, cast

from xlxq.core.checks import ERROR, Issue
from xlxq.core.record_text import record_lines
from xlxq.core.records import games_label
from xlxq.i18n import Text

if TYPE_CHECKING:
    from xlxq.core.model import Event, Round
    from xlxq.core.steps import Record


class EventLike(Protocol):
    """What the interface needs of an event: an individual ``Event`` or a
    ``TeamEvent``."""

    @property
    def rounds(self) -> Sequence[Any]: ...
    @property
    def settings(self) -> Any: ...


EventT = TypeVar("EventT", bound=EventLike)
OutcomeT = TypeVar("OutcomeT")


@dataclass
class CheckReport:
    """A round judged: ``issues`` (errors and warnings, in the order to
    show), ``clean`` (what to say when there are none) and ``tail`` (the
    lines after the issues: the comparison with the engine, table or
    bracket)."""

    round: int
    issues: list[Issue] = field(default_factory=list)
    clean: str = ""
    tail: list[str] = field(default_factory=list)

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.issues if i.level == ERROR]

    def lines(self, lang: str) -> list[str]:
        """The report as the CLI prints it: a head, one tagged line per issue
        (or ``clean``), then ``tail``."""
        t = Text(lang)
        out = [t("base.round-check", round=self.round)]
        if not self.issues:
            out.append(f"  {self.clean}")
        for i in self.issues:
            tag = t("problems.tag-error") if i.level == ERROR else t("problems.tag-warning")
            out.append(f"  [{tag}] {i.message(t.lang)}")
        return out + self.tail


class PairingSystem(Generic[EventT, OutcomeT]):
    """Base of every system; see the module text for the interface.  The
    type parameters are the event it pairs and what ``pair`` returns
    (``Event`` and ``PairingOutcome``; a team system ``TeamEvent`` and
    ``TeamPairingOutcome``)."""

    key: ClassVar[str] = ""
    label_zh: ClassVar[str] = ""
    label_en: ClassVar[str] = ""
    #: "players" (an ``Event``) or "teams" (a ``TeamEvent``)
    entrants: ClassVar[str] = "players"
    #: the round robin and the knockout make their rounds from a table or a
    #: bracket fixed by the number of entrants; a Swiss takes ``rounds`` as typed
    fixed_rounds: ClassVar[bool] = False
    #: the rounds come from the 循环赛 order table (single or double)
    round_robin: ClassVar[bool] = False
    #: a double round robin: the second cycle with colours reversed
    double: ClassVar[bool] = False
    #: a bracket (淘汰赛)
    knockout: ClassVar[bool] = False
    #: 定位编排 by score groups (the Swiss engine; round 1 by 方法(一))
    swiss: ClassVar[bool] = False
    #: 全队轮赛制: each board's players and colours come from the schedule
    #: (no line-ups, no board-colour rule)
    seated_by_table: ClassVar[bool] = False

    def label(self, lang: str, games: int = 1) -> str:
        return games_label(Text(lang)(self.label_zh, self.label_en), lang, games)

    def planned_rounds(self, n: int, settings: Any) -> int:
        """The rounds of an event of ``n`` entrants (``settings``: its
        ``EventSettings`` or ``TeamSettings``)."""
        return int(settings.rounds)

    def default_tiebreaks(self, settings: Any) -> list[str]:
        return []

    def last_pairable_round(self, event: EventT) -> int:
        """The highest round number that ``explain`` may be asked for: the
        next round, unless the event's rounds are all made."""
        return min(len(event.rounds) + 1, int(event.settings.rounds))

    def pair(self, event: EventT, round_no: Optional[int] = None) -> OutcomeT:
        raise NotImplementedError

    def record(self, event: EventT, round_no: int) -> Record:
        raise NotImplementedError

    def derived_round(self, event: Any, round_no: int) -> Any:
        """Round ``round_no`` as the engine pairs it from the rounds before:
        the engine's pairing of a round where the file does not keep the
        one it made (``Round.engine``; a file written before it was kept)."""
        return cast(Any, self.pair(prior(event, round_no), round_no)).round

    def explain(self, event: EventT, round_no: int, lang: str) -> list[str]:
        return record_lines(self.record(event, round_no), lang)

    def check(self, event: EventT, round_no: int, lang: str) -> CheckReport:
        raise NotImplementedError


# ---------------------------------------------------------------- shared bits


def prior(event: EventT, round_no: int) -> EventT:
    """The event (individual or team) as it was before ``round_no`` was
    paired (every later round removed)."""
    out: EventT = replace(cast(Any, event), rounds=[r for r in event.rounds if r.round < round_no])
    return out


def who(event: Event, no: int, t: Text) -> str:
    """A player as messages name him: 姓名（序号号）."""
    p = event.player(no)
    return t("report.name-no", name=p.name, no=no)


def pairset(rnd: Round) -> set[frozenset[int]]:
    """The pairs of a round, colours ignored."""
    return {frozenset((b.red, b.black)) for b in rnd.boards}


def report_of(round_no: int, issues: list[tuple[str, str, str]], verdict: Optional[str], lang: str) -> CheckReport:
    """A check given as ``(level, zh, en)`` triples and a verdict line, as a
    report: errors first, otherwise in the order given."""
    issues = sorted(issues, key=lambda i: i[0] != ERROR)
    return CheckReport(
        round_no,
        [Issue(level, "", zh, en, round_no) for level, zh, en in issues],
        Text(lang)("base.no-problems-found"),
        [verdict] if verdict else [],
    )


__all__ = ["PairingSystem", "EventLike", "CheckReport", "prior", "who", "pairset", "report_of"]
