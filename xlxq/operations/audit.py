"""``xlxq audit FILE``: every round of an event re-derived from the event as
it stood before it and compared with the round as played (docs/audit.md).

Per round one verdict:

- ``same`` (一致): the round as played is the method's pairing;
- ``hand`` (人工调整): the file records the engine's pairing of the round
  (a workbook's _xlxq, a JSON round's ``engine``), that record is the
  derivation, and the round as played differs from it: the changed boards;
- ``differs`` (不一致): the round as played (no engine record: an imported
  or hand-made file), or the recorded engine pairing itself, is not the
  derivation: the boards that differ and the first step of the 编排记录
  where the derivation and the round part, with its clause; also a round
  the engine cannot pair at all from the state before it.

The derivation is the system's own (:meth:`PairingSystem.derived_round`):
a Swiss from :meth:`Event.as_paired` (the results as they stood, the 原则(八)
provisional draws the file records, the players entered by then; round 1
by the announced 首轮 method and the numbers), a round robin's table, a
knockout's bracket.  A team event (team Swiss, team round robin, 全队轮赛制)
is audited by its matches: which teams meet and which goes first (先走:
red on the odd boards), and the byes — the line-ups are the teams' choice,
not audited; a 全队轮赛制 round also by its seats (every board's players
and colours, the schedule's).  The comparison is the one of ``check`` and the
人工调整 notes (:func:`xlxq.core.hand.hand_changes`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Optional

from xlxq.core.checks import change_lines
from xlxq.core.hand import HandChange, hand_changes
from xlxq.core.model import Board, Event, Round
from xlxq.core.numbering import registration_numbers
from xlxq.core.record_text import Printer, clause_text
from xlxq.core.steps import Record, Step
from xlxq.errors import InputError, XlxqError
from xlxq.i18n import Text
from xlxq.operations.result import Outcome
from xlxq.operations.source import is_team
from xlxq.systems import get_system
from xlxq.systems.registry import get_team_system
from xlxq.i18n import Msg, tr

__all__ = ["RoundAudit", "audit_event", "audit_team_event", "audit_file", "VERDICTS", "site_audits", "mark_data"]

#: verdict key: (zh, en)
VERDICTS = {
    "same": ("一致", "reproduced"),
    "hand": ("人工调整", "adjusted by hand"),
    "differs": ("不一致", "differs"),
}

Pairing = tuple[tuple[tuple[int, int], ...], tuple[int, ...]]


@dataclass
class RoundAudit:
    """The verdict on one round: ``status`` (a :data:`VERDICTS` key),
    ``recorded`` (the file keeps the engine's pairing of the round),
    ``changes`` (the round as played against the reference: the recorded
    engine pairing for ``hand``, the derivation otherwise),
    ``engine_changes`` (the recorded engine pairing against the derivation,
    when they differ), ``step`` (the first step of the derivation's 编排记录
    the round leaves), ``error`` (the engine could not pair the round)."""

    round: int
    status: str
    recorded: bool
    derived: Optional[Pairing] = None
    changes: list[HandChange] = field(default_factory=list)
    engine_changes: list[HandChange] = field(default_factory=list)
    step: Optional[Step] = None
    clause: str = ""
    record: Optional[Record] = field(default=None, repr=False)
    error: Optional[XlxqError] = None
    #: "players" (an individual event: ``changes`` are boards) or "teams"
    #: (``changes`` are matches: ``board`` the 场次, ``red`` the team going
    #: first, ``black`` the other)
    entrants: str = "players"
    #: a 全队轮赛制 round: its boards against the schedule's (players, colours)
    seat_changes: list[HandChange] = field(default_factory=list)

    def data(self, lang: str) -> dict[str, Any]:
        t = Text(lang)
        out: dict[str, Any] = {
            "round": self.round,
            "status": self.status,
            "label": t(*VERDICTS[self.status]),
            "engine_recorded": self.recorded,
            "changes": [change_dict(c) for c in self.changes],
        }
        if self.derived is not None:
            out["derived"] = {"boards": [list(p) for p in self.derived[0]], "byes": list(self.derived[1])}
        if self.engine_changes:
            out["engine_changes"] = [change_dict(c) for c in self.engine_changes]
        if self.step is not None:
            out["step"] = {"kind": self.step.kind, "clause": self.clause}
            out["step"].update({k: v for k, v in self.step.data.items() if k in STEP_FIELDS})
        if self.error is not None:
            out["error"] = self.error.message(t.lang)
        if self.entrants == "teams":  # the changes are matches: 场次, the team first, the other
            out["entrants"] = "teams"
            out["seat_changes"] = [change_dict(c) for c in self.seat_changes]
        return out


#: the fields of a parting step the report shows
STEP_FIELDS = ("picker", "partner", "player", "red", "black", "method", "score", "form", "colour_clause")


def change_dict(c: HandChange) -> dict[str, Any]:
    return {
        "kind": c.kind,
        "board": c.board,
        "red": c.red,
        "black": c.black,
        "was": [list(p) for p in c.was],
        "byes_was": list(c.byes_was),
    }


def as_round(round_no: int, pairing: Pairing) -> Round:
    pairs, byes = pairing
    return Round(round_no, [Board(k, r, b) for k, (r, b) in enumerate(pairs, 1)], list(byes))


def audit_event(event: Event) -> list[RoundAudit]:
    """The verdict on every round of ``event`` (an individual event), in
    order."""
    system = get_system(event.settings.system)
    return [audit_round(event, system, rnd) for rnd in sorted(event.rounds, key=lambda r: r.round)]


def audit_round(event: Event, system: Any, rnd: Round) -> RoundAudit:
    n = rnd.round
    try:
        mine = system.derived_round(event, n)
    except XlxqError as exc:
        return RoundAudit(n, "differs", rnd.engine is not None, error=exc)
    derived: Pairing = (tuple((b.red, b.black) for b in mine.boards), tuple(mine.byes))
    return verdict(event, system, n, derived, rnd.engine, rnd)


def verdict(event: Any, system: Any, n: int, derived: Pairing, engine: Optional[Pairing], played: Round) -> RoundAudit:
    """Round ``n`` as ``played`` against the ``derived`` pairing and the
    ``engine`` pairing the file records (None: not recorded): 一致, 人工调整
    (the engine record is the derivation, the round differs from it) or 不一致."""
    if engine is not None:
        off = hand_changes(*derived, as_round(n, engine))
        if off:  # the recorded engine pairing is not the method's
            out = RoundAudit(n, "differs", True, derived, hand_changes(*engine, played), off)
            out.step, out.clause, out.record = parting_step(event, system, n, derived, as_round(n, engine))
            return out
        changes = hand_changes(*engine, played)
        return RoundAudit(n, "hand" if changes else "same", True, derived, changes)
    changes = hand_changes(*derived, played)
    if not changes:
        return RoundAudit(n, "same", False, derived)
    out = RoundAudit(n, "differs", False, derived, changes)
    out.step, out.clause, out.record = parting_step(event, system, n, derived, played)
    return out


def matches_round(rnd: Any) -> Round:
    """A team round as a round of its matches: board = 场次, red = the team
    going first (先走), black = the other; the byes (teams)."""
    return Round(rnd.round, [Board(m.match, m.first, m.second) for m in rnd.matches], list(rnd.byes))


def seats_round(rnd: Any) -> Round:
    """A team round's boards (players, colours) as one round, the matches'
    boards in order."""
    return Round(rnd.round, [b for m in rnd.matches for b in m.boards], [])


def audit_team_event(event: Any) -> list[RoundAudit]:
    """The verdict on every round of a team event (team Swiss, team round
    robin, 全队轮赛制), in order: its matches (teams, who goes first) and
    byes against the round derived from the rounds before (and the engine
    pairing the file records); a 全队轮赛制 round also its seats against
    the schedule's.  Line-ups are the teams' choice: not audited."""
    system = get_team_system(event.settings.system)
    out = []
    for rnd in sorted(event.rounds, key=lambda r: r.round):
        n = rnd.round
        try:
            mine = system.derived_round(event, n)
        except XlxqError as exc:
            out.append(RoundAudit(n, "differs", rnd.engine is not None, error=exc, entrants="teams"))
            continue
        derived: Pairing = (tuple((m.first, m.second) for m in mine.matches), tuple(mine.byes))
        a = verdict(event, system, n, derived, rnd.engine, matches_round(rnd))
        a.entrants = "teams"
        if system.seated_by_schedule and all(m.boards for m in rnd.matches):
            want = seats_round(mine)
            a.seat_changes = hand_changes([(b.red, b.black) for b in want.boards], [], seats_round(rnd))
            if a.seat_changes:
                a.status = "differs"
        out.append(a)
    return out


def parting_step(
    event: Event, system: Any, n: int, derived: Pairing, played: Round
) -> tuple[Optional[Step], str, Optional[Record]]:
    """The first step of round ``n``'s 编排记录 (the derivation's) that
    concerns a player whose board differs between ``derived`` and
    ``played``: a pair, a float (下调), a bye, a deferral; round 1 its
    首轮 method; a table's or bracket's pairings; and its clause (a pair the
    round kept with the colours reversed: its colour rule, 方法(四)…)."""
    played_pairs = {(b.red, b.black) for b in played.boards}
    moved: set[int] = set()
    for r, k in derived[0]:
        if (r, k) not in played_pairs:
            moved.update((r, k))
    moved.update(no for no in derived[1] if no not in played.byes)
    moved.update(no for no in played.byes if no not in derived[1])
    try:
        rec = system.record(event, n)
    except (XlxqError, NotImplementedError):
        return None, "", None
    for st in rec.steps:
        if st.kind == "first_round":
            return st, st.clause, rec
        if st.kind == "pair" and moved & {st["picker"], st["partner"]}:
            if (st["black"], st["red"]) in played_pairs:
                return st, st.data.get("colour_clause") or st.clause, rec
            return st, st.clause, rec
        if st.kind in ("float", "bye", "defer") and st["player"] in moved:
            return st, st.clause, rec
    # a table (棋规循环赛对局秩序表 row, colours by 第13.1条) or a bracket
    derived_sets = {frozenset(p) for p in derived[0]}
    colours_only = all(frozenset(p) in derived_sets for p in played_pairs) and set(derived[1]) == set(played.byes)
    for kinds in (("rr_colours",) if colours_only else ("rr_row",), ("ko_bracket",), ("pairings", "matches")):
        st = next((x for x in rec.steps if x.kind in kinds), None)
        if st is not None:
            return st, st.clause, rec
    return None, "", None


#: the record's steps that list a round's boards or matches (the step a
#: table's or a bracket's round parts at when no finer step names it)
LISTINGS = {"pairings": "boards", "matches": "matches"}


def _one_entry(step: Step, a: RoundAudit) -> Optional[Step]:
    """``step`` (a listing of the boards or matches) cut to the first entry
    that concerns an entrant of a difference (a board or match, else a bye),
    so that the parting line names it; None when none does."""
    moved = {no for c in a.changes for no in (c.red, c.black) if no} | {
        no for c in a.changes for pair in c.was for no in pair
    }
    key = LISTINGS[step.kind]
    entries = step[key]
    k = next((i for i, e in enumerate(entries) if moved & {e[1], e[2]}), None)
    data = dict(step.data)
    if k is not None:
        data.update({key: [entries[k]], "byes": []})
        if data.get("ko") is not None:
            data["ko"] = [data["ko"][k]]
    else:
        byes = [no for no in step["byes"] if no in moved]
        if not byes:
            return None
        data.update({key: [], "byes": byes[:1], "ko": None} if "ko" in data else {key: [], "byes": byes[:1]})
    return Step(step.kind, step.clause, data)


def step_text(a: RoundAudit, lang: str) -> str:
    """The parting step as the 编排记录 words it (its first line, by the one
    printer), after the clause it parts at."""
    assert a.step is not None and a.record is not None
    step = a.step
    listed = step.kind in LISTINGS and _one_entry(step, a)
    if listed:
        step = listed
    lines = getattr(Printer(a.record, lang), "k_" + step.kind)(step)
    text = re.sub(r"^(?:\d+\.|·)\s*", "", lines[0].strip()) if lines else step.kind
    if listed and len(lines) > 1:  # a listing's heading (引擎编排：) and the entry that differs
        text += ("" if text.endswith("：") else " ") + lines[1].strip()
    clause = clause_text(a.clause, lang)
    return tr(lang, "audit.clause-text", clause=clause, text=text) if clause else text


#: :func:`change_lines`' words for a difference from the derivation
DIFFER_WORDS = (
    "audit.board-red-black-not-the-derived-pairing",
    "audit.board-red-black-colours-reversed-derived",
    "audit.bye-the-derived-bye-is",
    "audit.derived-red-black-neither-player-is-in",
    "audit.derived-bye-not-in-the-round",
)


#: the same for the matches of a team round (场次, the team going first)
TEAM_DIFFER_WORDS = (
    "audit.match-first-second-not-the-derived-pairing",
    "audit.match-first-second-reversed-derived",
    "audit.team-bye-the-derived-bye-is",
    "audit.derived-match-neither-team-is-in",
    "audit.derived-team-bye-not-in-the-round",
)
#: :func:`change_lines`' words for a team round changed from the recorded engine pairing
TEAM_HAND_WORDS = (
    "audit.match-first-second-changed-by-hand",
    "audit.match-first-second-reversed-by-hand",
    "audit.team-bye-changed-by-hand",
    "audit.the-engines-match-neither-team-is-in",
    "audit.the-engines-team-bye-not-in-the-round",
)


def differ_lines(changes: list[HandChange], teams: bool = False) -> list[Msg]:
    """The boards of a round that are not the derivation's, a message each:
    worded as differences (``check``'s words, :func:`change_lines`, say
    人工调整, what a round is only when the file records the engine's
    pairing); ``teams``: the matches of a team round."""
    return change_lines(changes, TEAM_DIFFER_WORDS if teams else DIFFER_WORDS)


def report_lines(event: Any, audits: list[RoundAudit], lang: str, system: Any = None) -> list[str]:
    t = Text(lang)
    name = event.settings.name or t("record_text.event")
    system = system or get_system(event.settings.system)
    out = [
        t(
            "audit.audit-rounds",
            name=name,
            label_lang=system.label(lang),
            n=len(audits),
        )
    ]
    for a in audits:
        label = t(*VERDICTS[a.status])
        basis = (
            t("audit.against-the-recorded-engine-pairing")
            if a.recorded
            else t("audit.against-the-pairing-derived-from-the")
        )
        out.append(t("audit.round", round=a.round, label=label, basis=basis))
        if a.error is not None:
            out.append("  " + t("audit.the-engine-cannot-pair-it", message=a.error))
            continue
        teams = a.entrants == "teams"
        if a.engine_changes:
            out.append("  " + t("audit.the-recorded-engine-pairing-is-not-the"))
            out += ["    " + line.render(t.lang) for line in differ_lines(a.engine_changes, teams)]
            if a.changes:
                out.append("  " + t("audit.the-round-as-played-against-the-recorded"))
        if a.recorded:
            lines = change_lines(a.changes, TEAM_HAND_WORDS) if teams else change_lines(a.changes)
        else:
            lines = differ_lines(a.changes, teams)
        out += ["  " + line.render(t.lang) for line in lines]
        if a.seat_changes:
            out.append("  " + t("audit.the-seats-against-the-schedule"))
            out += ["    " + line.render(t.lang) for line in differ_lines(a.seat_changes)]
        if a.step is not None:
            out.append("  " + t("audit.parts-from-the-record-at") + step_text(a, lang))
    counts = {k: sum(a.status == k for a in audits) for k in VERDICTS}
    out.append(
        t(
            "audit.total-reproduced-adjusted-by-hand-differ",
            counts_same=counts["same"],
            counts_hand=counts["hand"],
            counts_differs=counts["differs"],
        )
    )
    return out


def numbering_problems(event: Event) -> list[Msg]:
    """The 序号 of the players entered by round 1 against the registration
    rule (:mod:`xlxq.core.numbering`) as far as the file can show it: the
    seeds (种子) on the numbers the rule gives them, in seed order; with
    编号方式 等级分 the others in falling 等级分 (equal ratings in any order).
    Registration order and a draw are not in the file: not checked."""

    if not get_system(event.settings.system).pairs_by_score:  # a knockout's seeds place the bracket, a table its own
        return []
    first = event.entered_by(1) if event.rounds else set()
    players = sorted((p for p in event.players if p.no in first), key=lambda p: p.no)
    if not players:
        return []
    seeds = [p.seed for p in players]
    ratings = [p.rating for p in players]
    # the rule's numbers for these entrants, registration order taken as the 序号 order
    method = event.settings.numbering if event.settings.numbering == "rating" else "order"
    want = registration_numbers(seeds, ratings, method)
    out: list[Msg] = []
    for p, k in zip(players, want):
        mine = players[k - 1]
        same_rating = method == "rating" and p.seed is None and mine.seed is None and p.rating == mine.rating
        if players.index(p) + 1 != k and not same_rating:
            why = (
                Msg("audit.seed", seed=p.seed)
                if p.seed is not None
                else Msg("audit.rating", rating=p.rating)
                if p.rating is not None
                else Msg("audit.unrated")
            )
            out.append(Msg("audit.should-be-by-the-numbering-rule", no=p.no, why=why, no2=mine.no))
    return out


def audit_file(event: Any, as_json: bool = False) -> Outcome:
    """The audit of an individual event: every round's verdict; exit 0 when
    every round reproduces (一致), else 1 (人工调整 counts as a difference,
    named apart)."""
    if not event.rounds:
        raise InputError(Msg("audit.no-round-is-paired-yet-nothing-to-audit"))
    if is_team(event):
        return audit_team_file(event, as_json)
    audits = audit_event(event)
    numbering = numbering_problems(event)
    ok = all(a.status == "same" for a in audits)  # the numbers: a warning (序号 typed in a 报名表 are kept)

    def data(lang: str) -> dict[str, Any]:
        t = Text(lang)
        return {
            "event": event.settings.name,
            "system": event.settings.system,
            "reproduced": ok,
            "numbering": [x.render(t.lang) for x in numbering],
            "rounds": [a.data(lang) for a in audits],
        }

    def render(lang: str) -> list[str]:
        t = Text(lang)
        lines = report_lines(event, audits, lang)
        if numbering:
            lines[1:1] = [
                t(
                    "audit.note-numbers-not-by-the-numbering-rule",
                )
            ]
            lines[2:2] = ["  " + x.render(t.lang) for x in numbering]
        else:
            lines[1:1] = [t("audit.numbers-by-the-numbering-rule")]
        return lines

    return Outcome(render=render, data=data if as_json else None, code=0 if ok else 1)


def audit_team_file(event: Any, as_json: bool = False) -> Outcome:
    """The audit of a team event: every round's matches (and a 全队轮赛制
    round's seats); the same verdicts and exit codes as an individual
    event's.  The line-ups are not audited (the teams' choice), and the
    report says so; the team numbers are not checked against a rule."""
    system = get_team_system(event.settings.system)
    audits = audit_team_event(event)
    ok = all(a.status == "same" for a in audits)
    scope = (
        "audit.seats-audited-by-the-schedule" if system.seated_by_schedule else "audit.line-ups-are-the-teams-choice"
    )

    def data(lang: str) -> dict[str, Any]:
        t = Text(lang)
        return {
            "event": event.settings.name,
            "system": event.settings.system,
            "team": True,
            "lineups_audited": bool(system.seated_by_schedule),
            "scope": t(scope),
            "reproduced": ok,
            "rounds": [a.data(lang) for a in audits],
        }

    def render(lang: str) -> list[str]:
        lines = report_lines(event, audits, lang, system)
        lines[1:1] = [Text(lang)(scope)]
        return lines

    return Outcome(render=render, data=data if as_json else None, code=0 if ok else 1)


def site_audits(event: Any) -> Optional[dict[int, RoundAudit]]:
    """Round → its verdict, for the web site's marks (a team event's by its
    matches); None when ``audit`` refuses the event (nothing paired): the
    site then shows no mark."""
    try:
        audits = audit_team_event(event) if is_team(event) else audit_event(event)
    except InputError:
        return None
    return {a.round: a for a in audits}


#: verdict key: the id of its mark on a round page
MARKS = {"same": "audit.mark-same", "hand": "audit.mark-hand", "differs": "audit.mark-differs"}


def mark_data(a: RoundAudit, event: Any, lang: str) -> dict[str, Any]:
    """A round's verdict as a round page shows it: ``status``, the ``mark``
    in the system's own words (与定位编排一致 / 人工调整 / 与秩序表不一致 …:
    the system's ``audit_reference_id``), the changed or differing boards
    (``check``'s words), the step of the 编排记录 where a differing round
    parts, or why the engine could not pair it."""
    t = Text(lang)
    system = get_team_system(event.settings.system) if is_team(event) else get_system(event.settings.system)
    reference = t(system.audit_reference_id)
    mark = t(MARKS[a.status], reference=reference)
    lines: list[str] = []
    teams = a.entrants == "teams"
    if a.engine_changes:
        lines.append(t("audit.the-recorded-engine-pairing-is-not-the"))
        lines += [line.render(t.lang) for line in differ_lines(a.engine_changes, teams)]
    if a.status == "hand":
        lines += [
            line.render(t.lang)
            for line in (change_lines(a.changes, TEAM_HAND_WORDS) if teams else change_lines(a.changes))
        ]
    else:
        lines += [line.render(t.lang) for line in differ_lines(a.changes, teams)]
    if a.seat_changes:
        lines.append(t("audit.the-seats-against-the-schedule"))
        lines += [line.render(t.lang) for line in differ_lines(a.seat_changes)]
    boards = sorted({c.board for c in a.changes if c.board is not None})
    return {
        "status": a.status,
        "mark": mark,
        "boards": boards,
        "boards_text": t(
            "audit.mark-matches" if a.entrants == "teams" else "audit.mark-boards",
            boards=tr(lang, "common.list-sep").join(map(str, boards)),
        )
        if boards
        else "",
        "lines": lines,
        "step": t("audit.parts-from-the-record-at") + step_text(a, lang) if a.step is not None else "",
        "error": a.error.message(t.lang) if a.error is not None else "",
    }
