"""The 编排记录 as data: a round's record is a heading and a list of
:class:`Step` s, each naming the clause of the rules it applies (原则(五),
方法(二)3, 方法(四)9 …, as seed 000 numbers them; 第13.1条 for the 棋规), with
language-free fields only: numbers of players or teams, scores, colours,
reason keys.  :mod:`xlxq.core.record_text` words a record in zh or en (the
one printer of the CLI, the workbook and the web page); :meth:`Record.data`
is its ``--json`` form.

The Swiss steps come from the search itself: each score group's
:class:`~xlxq.core.swiss.GroupSearch` records the decisions of the pairing it
kept (``GroupResult.steps``: who was 先编者, whom he took in which phase, who
waited, floated or had the bye) and the colours with their 方法(四) reason;
:func:`group_steps` adds to each decision what the arbiter checks it by (the
clause of 方法(二) that made him 先编者, the players of the other row he
passed over and why, the form 同位/错位/同行/异行补配).  The round robin, the
knockout and the team systems build their steps in their own files
(xlxq/systems/, :mod:`xlxq.core.team_record`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from xlxq.core.colours import reason_clause
from xlxq.core.hand import HandChange, hand_changes
from xlxq.core.history import CardState
from xlxq.core.model import Event, Round, absent_players, late_entries
from xlxq.core.notes import note_en
from xlxq.core.outcome import GroupLog, PairingOutcome
from xlxq.core.pairing import pair_swiss_round
from xlxq.core.swiss import Q_UNIT, ROW_A, ROW_B, GroupResult, GroupSearch, aligned_run

#: The criteria of a group pairing's quality (core/swiss.py Q_*), by key.
Q_KEYS = ("floats", "hard", "refloat", "strong", "weak", "apart", "floaton", "unit")


@dataclass(frozen=True)
class Step:
    """One step of a record: its ``kind`` (what the printer words), the
    ``clause`` it applies (empty where it applies none) and its fields."""

    kind: str
    clause: str = ""
    data: dict[str, Any] = field(default_factory=dict, hash=False)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def as_data(self) -> dict[str, Any]:
        return {"kind": self.kind, "clause": self.clause, **self.data}


@dataclass
class Record:
    """A round's 编排记录: ``round``, the event's name, whom it pairs
    (``entrant`` "player" or "team"), the entrants' names by number (and,
    for team boards, the players'), and the steps.  ``stage`` "ko": the
    knockout stage of 积分晋圈淘汰 (its heading prefixed).  ``style``
    "sheet": a team record as the team workbook's 编排记录 sheet has always
    been written (its own heading and lines, the steps worded as the
    individual ones: 号, 红/黑)."""

    round: int
    event_name: str
    steps: list[Step] = field(default_factory=list)
    entrant: str = "player"
    names: dict[int, str] = field(default_factory=dict)
    player_names: dict[int, str] = field(default_factory=dict)
    stage: str = "main"
    default_name: str = "event"  # "event" (赛事) or "team_event" (团体赛)
    style: str = ""  # "" or "sheet"

    def add(self, kind: str, clause: str = "", **data: Any) -> Step:
        st = Step(kind, clause, data)
        self.steps.append(st)
        return st

    def kinds(self) -> list[str]:
        return [s.kind for s in self.steps]

    def of_kind(self, kind: str) -> list[Step]:
        return [s for s in self.steps if s.kind == kind]

    def data(self) -> dict[str, Any]:
        """The record as JSON data (``xlxq explain --json``)."""
        return {
            "round": self.round,
            "event": self.event_name,
            "stage": self.stage,
            "entrant": self.entrant,
            "names": {str(k): v for k, v in sorted(self.names.items())},
            "steps": [s.as_data() for s in self.steps],
        }


# ---------------------------------------------------------------- the Swiss


def card_data(c: CardState) -> dict[str, Any]:
    """A 编排卡 as a step shows it: number, score, reds, blacks, reds −
    blacks and the signed run of the last colours."""
    return {"no": c.no, "score": c.score, "reds": c.reds, "blacks": c.blacks, "diff": c.diff, "streak": c.streak}


def picker_reason(gs: GroupSearch, i: int, others: list[int], round_no: int) -> tuple[str, str]:
    """(clause, reason key): which clause of 方法(二) made i the 先编者 over
    the others ("alone" when nobody else is left)."""
    c = gs.cards[i]
    rest = [gs.cards[j] for j in others if j != i]
    if not rest:
        return "", "alone"
    if all(o.score < c.score for o in rest):
        return "方法(二)1", "score"
    same = [o for o in rest if o.score == c.score]
    balance = abs(c.diff)
    if all(abs(o.diff) < balance for o in same):
        return "方法(二)2", "balance"
    same = [o for o in same if abs(o.diff) == balance]
    run = aligned_run(c)
    if all(aligned_run(o) < run for o in same):
        return "方法(二)3/4", "run"
    return "方法(二)5", "number_odd" if round_no % 2 else "number_even"


def group_steps(gs: GroupSearch, res: GroupResult, incoming: list[int], round_no: int, rec: Record) -> None:
    """The steps of one score group: the group, its two rows, then the
    search's decisions in order (see the module text), then the 拆对 the
    search needed."""
    no = gs.nos
    rec.add("group", "原则(四)", score=gs.group_score, size=gs.n, incoming=list(incoming))
    for r, key in ((ROW_A, "red"), (ROW_B, "black")):
        rec.add("row", "方法(二)", row=key, cards=[card_data(gs.cards[i]) for i in gs.rows[r]])
    alive = [True] * gs.n
    deferred = [False] * gs.n
    pair_info = {(p[3], p[4]): p for p in res.pairs}
    count = 0
    waiting: list[int] = []  # players who, one after another, found no partner across the rows

    def flush() -> None:
        if waiting:
            rec.add("wait", "方法(三)3", players=[no[i] for i in waiting])
        waiting.clear()

    for st in res.steps:
        kind, x = st[0], st[1]
        if kind != "defer":
            flush()
        if kind == "defer" or (kind == "pair" and st[3] == 1):
            pool = [i for i in range(gs.n) if alive[i] and not deferred[i]]
        else:
            pool = [i for i in range(gs.n) if alive[i]]
        if kind == "pair":
            clause, why = picker_reason(gs, x, pool, round_no)
            j, phase = st[2], st[3]
            red, black, creason = pair_info[(x, j)][:3]
            count += 1
            skipped: list[dict[str, Any]] = []
            if phase == 1:
                order = gs.rows[1 - gs.row[x]]
                cands = [i for i in order if i != x and alive[i] and not deferred[i]]
                before = cands[: cands.index(j)]
                form = "same_position" if not before else "shifted"
                skipped = [{"no": no[i], "why": skip_reason(gs, x, i)} for i in before]
            else:
                form = "same_row" if gs.row[x] == gs.row[j] else "cross_fill"
            rec.add(
                "pair",
                clause,
                n=count,
                picker=no[x],
                why=why,
                form=form,
                partner=no[j],
                red=red,
                black=black,
                colour=creason,
                colour_clause=reason_clause(creason),
                skipped=skipped,
            )
            alive[x] = alive[j] = False
        elif kind == "defer":
            deferred[x] = True
            order = gs.rows[1 - gs.row[x]]
            legal = [i for i in order if alive[i] and not deferred[i] and no[i] not in gs.met[x]]
            if legal:
                flush()
                rec.add("defer", "方法(五)", player=no[x], legal=[no[i] for i in legal])
            elif sum(alive) > 1:
                waiting.append(x)
        elif kind == "float":
            alive[x] = False
            rec.add("float", "方法(三)6", player=no[x], alone=sum(alive) == 0)
        elif kind == "bye":
            alive[x] = False
            rec.add("bye", "原则(五)", player=no[x])
    flush()
    if res.nodes > len(res.steps) or res.first_quality != res.quality:
        rec.add(
            "search",
            "方法(五)",
            nodes=res.nodes,
            first={Q_KEYS[k]: res.first_quality[k] for k in gs.qorder},
            chosen={Q_KEYS[k]: res.quality[k] for k in gs.qorder},
            budget_hit=res.budget_hit,
        )
    if gs.units is not None:
        units = gs.units
        met = [(p[0], p[1]) for p in res.pairs if units.get(p[0]) and units.get(p[0]) == units.get(p[1])]
        avoided = res.first_quality[Q_UNIT] - res.quality[Q_UNIT]
        if met or avoided > 0:
            rec.add("same_unit", "原则(七)", avoided=max(0, avoided), unavoidable=[list(p) for p in met])


def skip_reason(gs: GroupSearch, x: int, i: int) -> str:
    """Why the 先编者 ``x`` passed over ``i``: "met" (原则(六)), "forbidden"
    (亲属回避, a 补充规定) or "backtrack" (拆对)."""
    if gs.nos[i] in gs.cards[x].opponents:
        return "met"
    return "forbidden" if gs.nos[i] in gs.met[x] else "backtrack"


def groups_steps(groups: Iterable[GroupLog], round_no: int, rec: Record) -> None:
    """The :func:`group_steps` of every score group of round ``round_no``."""
    for g in groups:
        group_steps(g.search, g.result, g.incoming, round_no, rec)


def swiss_steps(
    groups: Iterable[GroupLog], first_round: str, rec: Record, colours: str = "board_parity", **method: Any
) -> None:
    """The body of a Swiss round's record (individual or teams as units):
    the first round's method, or the 定位编排 of each score group
    (``method``: more fields of its method step, e.g. a team Swiss's score
    basis)."""
    n = rec.round
    if n == 1:
        # the colour method only when it is not 方法(一)'s own (seed 001 §二.3)
        rec.add(
            "first_round", "方法(一)", method=first_round, **({} if colours == "board_parity" else {"colours": colours})
        )
    else:
        rec.add("method", "方法(二)", parity="odd" if n % 2 else "even", **method)
        groups_steps(groups, n, rec)


def note_steps(notes: Iterable[str], rec: Record) -> None:
    """The engine's notes (:class:`~xlxq.core.notes.Note`): their Chinese
    text and their English (the Chinese again for a note without one)."""
    for t in notes:
        rec.add("note", text=t, en=note_en(t))  # the Note itself (a str): record_text renders it in any language


def presence_steps(event: Event, rnd: Round, rec: Record) -> None:
    """Who is not in ``rnd`` by the arbiter's leave and who joins in it
    (原则(三): every round pairs everyone, save these): the players absent
    (请假, ``absent_rounds``: not paired, no bye, ``Scoring.absent`` points)
    and the late entries (迟到入场)."""
    absent = absent_players(event, rnd)
    if absent:
        rec.add("absent", "原则(三)", players=absent, points=event.settings.scoring.absent)
    late = late_entries(event, rnd)
    if late:
        rec.add("late_entry", "原则(三)", players=late)


def pairings_step(
    rec: Record, boards: list[tuple[int, int, int, Optional[str]]], byes: list[int], **extra: Any
) -> Step:
    """The pairings of a round: ``(board, red, black, result)`` and byes."""
    return rec.add("pairings", boards=[list(b) for b in boards], byes=list(byes), **extra)


def swiss_record(event: Event, out: PairingOutcome) -> Record:
    """The record of a Swiss round just paired (``out``)."""
    n = out.round.round
    rec = Record(n, event.settings.name, names={p.no: p.name for p in event.players})
    note_steps(out.notes, rec)
    presence_steps(event, out.round, rec)
    swiss_steps(out.groups, event.settings.first_round, rec, event.settings.pairing.first_round_colours)
    pairings_step(rec, [(b.board, b.red, b.black, None) for b in out.round.boards], out.round.byes)
    return rec


def swiss_round_record(event: Event, round_no: Optional[int] = None) -> Record:
    """Re-pair ``round_no`` (default: the last) from the rounds before it and
    record it; a round in the file that differs (paired by hand) is said so."""
    if round_no is None:
        round_no = max((r.round for r in event.rounds), default=1)
    then = event.as_paired(round_no)
    out = pair_swiss_round(then, round_no)
    rec = swiss_record(then, out)
    against_engine(rec, out.round, next((r for r in event.rounds if r.round == round_no), None))
    return rec


def against_engine(rec: Record, derived: Round, have: Optional[Round]) -> None:
    """The round in the file (``have``; None: a round not yet paired; a
    team round as :func:`xlxq.core.team_record.as_boards` gives it)
    against the engine's pairing of it, for the record of every system: the
    pairing the engine made when the file keeps it (``Round.engine``), else
    ``derived``, the record's own derivation from the rounds before.  Where
    the kept pairing is not the derivation (a result of an earlier round
    corrected since), the record's pairings are the kept ones, after a note
    that the steps above follow today's results (``rederived``); then the
    round as played where it differs (:func:`played_step`)."""
    if have is None:
        return
    pairs = tuple((b.red, b.black) for b in derived.boards)
    byes = tuple(derived.byes)
    if have.engine is not None and have.engine != (pairs, byes):
        pairs, byes = have.engine
        k = next(i for i, st in enumerate(rec.steps) if st.kind in ("pairings", "matches"))
        st = rec.steps[k]
        data = {key: v for key, v in st.data.items() if key != "ko"}  # the bracket's notes are today's
        if st.kind == "matches":  # a team round: (first, second) by match
            data.update(matches=[[j, f, s, []] for j, (f, s) in enumerate(pairs, 1)], byes=list(byes))
        else:
            data.update(boards=[[j, r, b, None] for j, (r, b) in enumerate(pairs, 1)], byes=list(byes))
        rec.steps[k : k + 1] = [Step("rederived"), Step(st.kind, st.clause, data)]
    played_step(rec, list(pairs), list(byes), have)


def played_step(rec: Record, proposed: list[tuple[int, int]], proposed_byes: list[int], played: Round) -> None:
    """The round as played (实际对阵) after the proposal's pairings, when it
    differs from the proposal (:func:`~xlxq.core.hand.hand_changes`): every
    board, each change marked 人工调整."""
    changes = hand_changes(proposed, proposed_byes, played)
    if changes:
        rec.add(
            "played",
            boards=[[b.board, b.red, b.black] for b in played.boards],
            byes=list(played.byes),
            changes=[change_data(c) for c in changes],
        )


def change_data(c: HandChange) -> dict[str, Any]:
    """A change of a round from the engine's pairing as a step shows it."""
    return {
        "kind": c.kind,
        "board": c.board,
        "red": c.red,
        "black": c.black,
        "was": [list(p) for p in c.was],
        "byes_was": list(c.byes_was),
    }


__all__ = [
    "Step",
    "Record",
    "Q_KEYS",
    "card_data",
    "picker_reason",
    "group_steps",
    "groups_steps",
    "swiss_steps",
    "note_steps",
    "presence_steps",
    "pairings_step",
    "played_step",
    "against_engine",
    "change_data",
    "swiss_record",
    "swiss_round_record",
]
