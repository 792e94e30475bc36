"""单循环 / 双循环 by the 棋规 循环赛对局秩序表 (seed 002; the Berger table),
with 两局制 matches: the table is :mod:`xlxq.core.roundrobin`, the standings
:mod:`xlxq.core.rr_standings`; this file explains and checks its rounds."""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional

from xlxq.core.checks import Issue, texts_msg
from xlxq.core.model import Event, EventSettings, Round, result_msg
from xlxq.core.outcome import PairingOutcome
from xlxq.core.roundrobin import (
    apply_withdrawals,
    berger_table,
    max_number,
    pair_rr_round,
    phantom,
    rr_round_count,
    table_players,
    table_position,
    table_round,
)
from xlxq.core.rr_standings import RR, compute_rr_standings, default_preset
from xlxq.core.tiebreaks import TieBreakRegistry
from xlxq.core.steps import Record, against_engine, note_steps, pairings_step
from xlxq.errors import XlxqError
from xlxq.i18n import Lazy, Msg, chinese_forms, tr
from xlxq.systems.base import CheckReport, PairingSystem, byes_listed, pairset, prior, report_of
from xlxq.systems.registry import get_system, register, system_label


def rr_context(event: Event) -> tuple[list[int], bool, int]:
    s = event.settings
    return table_players(event), get_system(s.system).cycles == 2, s.games_per_match


def rr_expected(event: Event, round_no: int, table_round_no: Optional[int] = None) -> Round:
    """The round the table gives for model round ``round_no`` (or, with
    ``table_round_no``, that table round played as round ``round_no``),
    withdrawals applied from the rounds before it."""
    nos, double, g = rr_context(event)
    tr = table_round(nos, table_round_no or round_no, double, g)
    return apply_withdrawals(prior(event, round_no), Round(round_no, tr.boards, tr.byes))


def rr_record(event: Event, n: int) -> Record:
    """The record of round ``n``: the table (棋规循环赛对局秩序表), where the
    round stands in it, its row, the numbers, the bye, the colours (第13.1条),
    the pairings."""
    nos, double, g = rr_context(event)
    N = len(nos)
    M = max_number(N)
    ph = phantom(N)
    out = pair_rr_round(prior(event, n), n, double=double)
    cycle, t, game = table_position(n, N, double, g)
    rec = Record(n, event.settings.name, names={p.no: p.name for p in event.players})
    table = "棋规循环赛对局秩序表"
    rec.add("rr_table", table, system=event.settings.system, games=g, players=N, largest=M, phantom=ph)
    rec.add("rr_position", table, cycle=cycle, table_round=t, game=game, double=double, games=g)
    row = berger_table(N)[t - 1]
    rec.add("rr_row", table, table_round=t, pairs=[list(p) for p in row], phantom=ph)
    if nos != list(range(1, N + 1)):
        rec.add("rr_numbers", table, nos=list(nos))
    for a, b in row:
        if ph in (a, b):
            rec.add("rr_bye", table, player=nos[(b if a == ph else a) - 1], phantom=M)
    swap = (cycle == 2) != (g > 1 and game % 2 == 0)
    rec.add("rr_colours", "第13.1条", cycle=cycle, game=game, games=g, swap=swap)
    note_steps(out.notes[1:], rec)
    pairings_step(rec, [(b.board, b.red, b.black, b.result) for b in out.round.boards], out.round.byes)
    against_engine(rec, out.round, next((r for r in event.rounds if r.round == n), None))
    return rec


def rr_issues(event: Event, n: int) -> tuple[list[Issue], Optional[Msg]]:
    """The one check of a round-robin round, for the CLI's ``check`` and the
    workbook's 检查 alike (issue 23: it was two, with different rules): the
    issues (each with its board or players, for the workbook's cells) and
    the verdict against the order table (a message).

    - the event's rounds against the table's (a warning), a round beyond
      the table (an error);
    - a pair meeting more often than the table allows (cycles × games a
      match): an error, "rematch";
    - the pairs and byes must be the table's (withdrawals applied): a pair
      or bye that is not, an error; the pairs of another table round, a
      warning (rounds reordered by hand), an error if that round holds them
      too; pairs of the second cycle are the first cycle's again: that is
      the table, not a rematch;
    - a changed colour, board order or withdrawal result: a warning;
    - a registered player neither paired nor given the bye: a warning,
      "missing" (everyone plays or has the bye in a round robin)."""
    nos, double, g = rr_context(event)
    s = event.settings
    rnd = next(r for r in event.rounds if r.round == n)
    issues: list[Issue] = []

    def add(level: str, code: str, msg: Msg, board: Optional[int] = None, players: tuple[int, ...] = ()) -> None:
        issues.append(Issue.of(level, code, msg, n, board, players))

    def where(k: int) -> Lazy:
        """Round ``k``'s place in the table: 第2循环秩序表第3轮第2局 / cycle 2 table round 3 game 2."""
        cycle, t, game = table_position(k, len(nos), double, g)

        def text(lang: str) -> str:
            out = tr(lang, "roundrobin.table-round-t", t=t)
            if double:
                out = tr(lang, "roundrobin.cycle", cycle=cycle) + out
            return out + (tr(lang, "roundrobin.game", game=game) if g > 1 else "")

        return Lazy(text)

    def numbered(no: int) -> Lazy:
        """A player in a pair: 3 张三; in English the number only."""
        return Lazy(lambda lang: f"{no} {name[no]}" if chinese_forms(lang) else str(no))

    def who(no: int) -> Lazy:
        """A player in a warning: 张三（3号）; in English the number only."""
        return Lazy(lambda lang: tr(lang, "checks.name-no", name=name[no], no=no) if chinese_forms(lang) else str(no))

    total = rr_round_count(len(nos), double, g)
    label = Lazy(lambda lang: system_label(s.system, lang, g))
    if s.rounds != total:
        add(
            "warning",
            "rounds",
            Msg("roundrobin.event-rounds-but-a-of-has", rounds=s.rounds, n=len(nos), label=label, total=total),
        )
    if n > total:
        add(
            "error",
            "no_round",
            Msg(
                "roundrobin.the-table-has-rounds-not-n",
                table=Lazy(  # 6人单循环; the English says "the table"
                    lambda lang: (
                        tr(lang, "roundrobin.n-players-system", n=len(nos), label=label)
                        if chinese_forms(lang)
                        else tr(lang, "roundrobin.the-table")
                    )
                ),
                total=total,
                round=n,
            ),
        )
        return issues, None
    try:
        want = rr_expected(event, n)
    except XlxqError as exc:
        issues.append(Issue("error", "table", exc.msg if exc.msg is not None else texts_msg(exc.zh, exc.en), n))
        return issues, None
    name = {p.no: p.name for p in event.players}
    allowed = (2 if double else 1) * g
    met: Counter[frozenset[int]] = Counter()
    for r in event.rounds:
        if r.round < n:
            met.update(frozenset((b.red, b.black)) for b in r.boards)
    rematch: set[frozenset[int]] = set()
    for b in rnd.boards:
        key = frozenset((b.red, b.black))
        met[key] += 1
        if met[key] > allowed:
            rematch.add(key)
            add(
                "error",
                "rematch",
                Msg(
                    "roundrobin.round-board-and-have-already-played-their",
                    round=n,
                    board=b.board,
                    red=who(b.red),
                    black=who(b.black),
                    allowed=allowed,
                ),
                b.board,
            )
    present = set(rnd.players())
    for p in event.players:
        if p.no not in present and p.active_in(n) and p.withdrawn_from_round != 1:
            add(
                "warning",
                "missing",
                Msg("roundrobin.round-player-is-not-in-it", round=n, who=who(p.no)),
                players=(p.no,),
            )
    here = where(n)
    if pairset(rnd) != pairset(want) or sorted(rnd.byes) != sorted(want.byes):
        alt = None
        for k in range(1, total + 1):
            if k == n:
                continue
            cand = rr_expected(event, n, table_round_no=k)
            if pairset(cand) == pairset(rnd) and sorted(cand.byes) == sorted(rnd.byes):
                alt = k
                break
        if alt is None:
            have_pairs = {frozenset((b.red, b.black)): b for b in rnd.boards}
            want_pairs = {frozenset((b.red, b.black)): b for b in want.boards}
            for key, b in want_pairs.items():
                if key not in have_pairs:
                    add(
                        "error",
                        "off_table",
                        Msg(
                            "roundrobin.has-v-round-does-not",
                            where=here,
                            red=numbered(b.red),
                            black=numbered(b.black),
                            round=n,
                        ),
                        players=(b.red, b.black),
                    )
            for key, b in have_pairs.items():
                if key not in want_pairs and key not in rematch:
                    add(
                        "error",
                        "off_table",
                        Msg(
                            "roundrobin.round-board-v-is-not-a-pair-of",
                            round=n,
                            board=b.board,
                            red=numbered(b.red),
                            black=numbered(b.black),
                            where=here,
                        ),
                        b.board,
                    )
            if sorted(rnd.byes) != sorted(want.byes):
                add(
                    "error",
                    "byes",
                    Msg(
                        "roundrobin.round-byes-the-table-has-the-file",
                        round=n,
                        want=byes_listed(want.byes),
                        have=byes_listed(rnd.byes),
                    ),
                    players=tuple(sorted(set(rnd.byes) ^ set(want.byes))),
                )
            return issues, Msg("roundrobin.differs-from", where=here)
        add(
            "warning",
            "reordered",
            Msg(
                "roundrobin.round-holds-the-pairs-of-table-round",
                round=n,
                other=Lazy(lambda lang: where(alt).localize(lang) if chinese_forms(lang) else ""),
                alt=alt,
                where=here,
            ),
        )
        other = next((r for r in event.rounds if r.round == alt), None)
        if other is not None and pairset(other) == pairset(rnd):
            add("error", "twice", Msg("roundrobin.rounds-and-hold-the-same-pairs", round=n, alt=alt))
        want = rr_expected(event, n, table_round_no=alt)
    wb = {frozenset((b.red, b.black)): b for b in want.boards}
    for b in rnd.boards:
        w = wb[frozenset((b.red, b.black))]
        if (b.red, b.black) != (w.red, w.black):
            add(
                "warning",
                "colours",
                Msg(
                    "roundrobin.round-board-the-table-gives-red-to",
                    round=n,
                    board=b.board,
                    want=numbered(w.red),
                    have=numbered(b.red),
                ),
                b.board,
            )
        if w.result is not None and b.result is not None and b.result != w.result:
            add(
                "warning",
                "withdrawn_result",
                Msg(
                    "roundrobin.round-board-a-withdrawn-player-expected",
                    round=n,
                    board=b.board,
                    want=result_msg(w.result),
                    have=result_msg(b.result),
                ),
                b.board,
            )
    order_have = [frozenset((b.red, b.black)) for b in rnd.boards]
    order_want = [frozenset((b.red, b.black)) for b in want.boards]
    if order_have != order_want:
        add("warning", "order", Msg("roundrobin.round-the-board-order-differs-from-the", round=n))
    if issues:
        return issues, Msg("roundrobin.the-pairs-are-those-of-with-the-changes", where=here)
    return issues, Msg("roundrobin.identical-to", where=here)


def rr_check(event: Event, n: int, lang: str) -> tuple[list[tuple[str, Msg]], Optional[str]]:
    """:func:`rr_issues` as the CLI's ``check`` prints it."""
    issues, verdict = rr_issues(event, n)
    return [(i.level, i.msg) for i in issues], verdict.render(lang) if verdict is not None else None


@register
class RoundRobin(PairingSystem[Event, PairingOutcome]):
    key = "round_robin"
    rounds_from_entrants = True
    follows_order_table = True
    audit_reference_id = "systems.reference-order-table"

    def planned_rounds(self, n: int, settings: EventSettings) -> int:
        return rr_round_count(n, self.cycles == 2, settings.games_per_match)

    def default_tiebreaks(self, settings: EventSettings) -> list[str]:
        return [default_preset(settings.games_per_match)]

    @property
    def tiebreak_registry(self) -> TieBreakRegistry[Any]:
        return RR

    def standings(self, event: Event, after_round: Optional[int] = None) -> list[Any]:
        return list(compute_rr_standings(event, after_round))

    def pair(self, event: Event, round_no: Optional[int] = None) -> PairingOutcome:
        return pair_rr_round(event, round_no, double=self.cycles == 2)

    def record(self, event: Event, round_no: int) -> Record:
        return rr_record(event, round_no)

    def check(self, event: Event, round_no: int, lang: str) -> CheckReport:
        return report_of(round_no, *rr_check(event, round_no, lang), lang)


@register
class DoubleRoundRobin(RoundRobin):
    key = "double_round_robin"
    cycles = 2
