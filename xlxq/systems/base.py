"""The pairing-system interface: what every system (定位编排 Swiss, round
robin, knockout …) tells the rest of the program.

A system is one object with

- ``key`` and its labels (``label(lang, games)``, ``label_id``: its row of
  the one key table :mod:`xlxq.systems.keys`, with the aliases and choices),
  ``entrants`` (players or teams: the registry keeps one table of each, the
  keys may repeat),
- the capabilities callers ask instead of testing the key:
  ``rounds_from_entrants``, ``pairs_by_score``, ``follows_order_table``,
  ``cycles``, ``has_bracket``, ``seated_by_schedule``, and the views it adds
  (``views``: "cross_table", "bracket"; ``has_cross_table``),
- ``engine``: the plug for an external pairing engine (:class:`EngineAdapter`),
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
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Optional, Protocol, Sequence, TypeVar, Union, cast

from xlxq.core.checks import ERROR, Issue, texts_msg
from xlxq.core.record_text import record_lines
from xlxq.core.records import games_label, label_text
from xlxq.core.standings import SWISS, compute_standings
from xlxq.core.tiebreaks import TieBreakRegistry
from xlxq.i18n import Lazy, Msg, Text, chinese_forms, tr
from xlxq.systems.keys import SystemKey, key_row

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


class EngineAdapter(Protocol):
    """An external pairing engine as a system uses it: ``pair`` makes round
    ``round_no`` (the next one if None) of ``event`` and returns the system's
    outcome (a :class:`~xlxq.core.outcome.PairingOutcome` for an individual
    event): write the event out in the engine's format (TRF for bbpPairings),
    run it, read its pairs back.  The notes of the outcome say what it did."""

    def pair(self, event: Any, round_no: Optional[int]) -> Any: ...


class PairingSystem(Generic[EventT, OutcomeT]):
    """Base of every system; see the module text for the interface.  The
    type parameters are the event it pairs and what ``pair`` returns
    (``Event`` and ``PairingOutcome``; a team system ``TeamEvent`` and
    ``TeamPairingOutcome``)."""

    key: ClassVar[str] = ""
    #: "players" (an ``Event``) or "teams" (a ``TeamEvent``)
    entrants: ClassVar[str] = "players"

    # -- capabilities: what callers ask instead of testing the key ---------------
    #: the rounds are fixed by the number of entrants (the order table, the
    #: bracket, the Scheveningen schedule); otherwise ``rounds`` as typed
    rounds_from_entrants: ClassVar[bool] = False
    #: each round is paired from the scores so far, by score groups and
    #: colour history (定位编排; round 1 by 方法(一)): a round needs the results
    #: of the one before, unfinished games may be counted as draws (原则(八)),
    #: the field may be cut (末位淘汰) or qualify for a knockout (晋圈)
    pairs_by_score: ClassVar[bool] = False
    #: every round comes from the 循环赛对局秩序表 (everyone meets everyone;
    #: a bye is the phantom number, worth nothing; standings by 场分 with a
    #: cross table)
    follows_order_table: ClassVar[bool] = False
    #: how often the order table is played (2: a double round robin, the
    #: second cycle with colours reversed)
    cycles: ClassVar[int] = 1
    #: a bracket (淘汰赛): winners go on, a bye goes straight through, the
    #: places come from the bracket, not from tie-breaks
    has_bracket: ClassVar[bool] = False
    #: each board's players and colours come from the schedule (全队轮赛制):
    #: no line-ups, no board-colour rule
    seated_by_schedule: ClassVar[bool] = False
    #: the id of what ``xlxq audit`` compares a round with, in the system's
    #: own words (the site's marks: 与定位编排一致, 与秩序表不一致 …)
    audit_reference_id: ClassVar[str] = "systems.reference-pairing-rules"

    #: the plug for an external pairing engine (bbpPairings, JaVaFo …): an
    #: :class:`EngineAdapter` whose ``pair(event, round_no)`` returns what
    #: ``pair`` returns.  A system that sets it is paired by it (the default
    #: ``pair`` below); the rest of the program does not know the difference.
    engine: ClassVar[Optional[EngineAdapter]] = None

    @property
    def views(self) -> tuple[str, ...]:
        """The views this system adds to the standings: "cross_table" (交叉表),
        "bracket" (对阵图)."""
        return (("cross_table",) if self.follows_order_table else ()) + (("bracket",) if self.has_bracket else ())

    @property
    def has_cross_table(self) -> bool:
        return "cross_table" in self.views

    @property
    def key_row(self) -> SystemKey:
        """This system's row of the key table (:mod:`xlxq.systems.keys`)."""
        return key_row(self.key, self.entrants)

    @property
    def label_zh(self) -> str:
        return self.key_row.zh

    @property
    def label_en(self) -> str:
        return self.key_row.en

    @property
    def label_id(self) -> str:
        return self.key_row.label_id

    def label(self, lang: str, games: int = 1) -> str:
        """The system's name in ``lang`` (单循环（每场2局） with ``games``)."""
        return games_label(label_text(lang, self.label_id, self.label_zh, self.label_en), lang, games)

    def planned_rounds(self, n: int, settings: Any) -> int:
        """The rounds of an event of ``n`` entrants (``settings``: its
        ``EventSettings`` or ``TeamSettings``)."""
        return int(settings.rounds)

    def default_tiebreaks(self, settings: Any) -> list[str]:
        """The preset the rules name for this system (one of
        ``tiebreak_registry``'s presets)."""
        return []

    @property
    def tiebreak_registry(self) -> Optional[TieBreakRegistry[Any]]:
        """The tie-breaks and presets its standings rank by (None: a bracket
        ranks by itself).  By default the Swiss table's
        (:data:`xlxq.core.standings.SWISS`)."""
        return SWISS

    def standings(self, event: EventT, after_round: Optional[int] = None) -> list[Any]:
        """The standings table after ``after_round`` (default: the last
        round): by default the Swiss table (score, then the tie-breaks)."""
        return compute_standings(cast(Any, event), after_round)

    def last_pairable_round(self, event: EventT) -> int:
        """The highest round number that ``explain`` may be asked for: the
        next round, unless the event's rounds are all made."""
        return min(len(event.rounds) + 1, int(event.settings.rounds))

    def pair(self, event: EventT, round_no: Optional[int] = None) -> OutcomeT:
        """The next round (or ``round_no``) and how it was made: by the
        external ``engine`` when one is plugged in."""
        if self.engine is None:
            raise NotImplementedError(f"system {self.key!r} pairs no round")
        return cast(OutcomeT, self.engine.pair(event, round_no))

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


def byes_listed(nos: Sequence[int]) -> Lazy:
    """A round's byes in a check's message: 3、5 (无) in the Chinese forms,
    [3, 5] (none) in the others, as the checks have always written them."""
    nos = list(nos)
    return Lazy(
        lambda lang: (
            tr(lang, "common.list-sep").join(map(str, nos)) or tr(lang, "simulate.none")
            if chinese_forms(lang)
            else str(nos)
            if nos
            else tr(lang, "simulate.none")
        )
    )


def pairset(rnd: Round) -> set[frozenset[int]]:
    """The pairs of a round, colours ignored."""
    return {frozenset((b.red, b.black)) for b in rnd.boards}


#: a check's finding as a system gives it to :func:`report_of`: (level, message);
#: (level, zh, en) texts are still taken (a system written before messages)
Finding = Union[tuple[str, Msg], tuple[str, str, str]]


def report_of(round_no: int, issues: Sequence[Finding], verdict: Optional[str], lang: str) -> CheckReport:
    """A check given as ``(level, message)`` (or ``(level, zh, en)``) and a
    verdict line, as a report: errors first, otherwise in the order given."""
    ordered = sorted(issues, key=lambda i: i[0] != ERROR)
    return CheckReport(
        round_no,
        [_issue(round_no, i) for i in ordered],
        Text(lang)("base.no-problems-found"),
        [verdict] if verdict else [],
    )


def _issue(round_no: int, finding: Finding) -> Issue:
    if len(finding) == 2:
        return Issue(finding[0], "", finding[1], round_no)
    level, zh, en = finding
    return Issue(level, "", texts_msg(zh, en), round_no)


__all__ = [
    "PairingSystem",
    "EngineAdapter",
    "EventLike",
    "CheckReport",
    "Finding",
    "prior",
    "who",
    "pairset",
    "report_of",
]
