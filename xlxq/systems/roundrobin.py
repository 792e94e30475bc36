"""单循环 / 双循环 by the 棋规 循环赛对局秩序表 (seed 002; the Berger table),
with 两局制 matches: the table is :mod:`xlxq.core.roundrobin`, the standings
:mod:`xlxq.core.rr_standings`; this file explains and checks its rounds."""

from __future__ import annotations

from typing import Optional

from xlxq.core.model import Event, EventSettings, Round
from xlxq.core.outcome import PairingOutcome
from xlxq.core.records import SYSTEM_NAMES
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
from xlxq.core.rr_standings import default_preset
from xlxq.core.steps import Record, against_engine, note_steps, pairings_step
from xlxq.errors import XlxqError
from xlxq.i18n import Text
from xlxq.systems.base import CheckReport, PairingSystem, pairset, prior, report_of
from xlxq.systems.registry import get_system, register, system_label
from xlxq.i18n import Pair


def rr_context(event: Event) -> tuple[list[int], bool, int]:
    s = event.settings
    return table_players(event), get_system(s.system).double, s.games_per_match


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
    out = pair_rr_round(prior(event, n), n)
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


def rr_check(event: Event, n: int, lang: str) -> tuple[list[tuple[str, str, str]], Optional[str]]:
    T = Text(lang)
    """A round-robin round against the order table: the pairs and byes must be
    the table's (withdrawals applied); a changed colour, board order or round
    order is accepted but flagged.  Pairs of the second cycle are the first
    cycle's again: that is the table, not a rematch."""
    nos, double, g = rr_context(event)
    s = event.settings
    rnd = event.rounds[n - 1]
    issues: list[tuple[str, str, str]] = []
    total = rr_round_count(len(nos), double, g)
    if s.rounds != total:
        issues.append(
            (
                "warning",
                f"赛事设定 rounds = {s.rounds}，而{len(nos)}人{system_label(s.system, T.lang, g)}共{total}轮",
                f"event rounds = {s.rounds}, but a {system_label(s.system, T.lang, g)} of {len(nos)} has {total}",
            )
        )
    if n > total:
        issues.append(
            (
                "error",
                f"{len(nos)}人{system_label(s.system, T.lang, g)}共{total}轮，秩序表中没有第{n}轮",
                f"the table has {total} rounds, not {n}",
            )
        )
        return issues, None
    try:
        want = rr_expected(event, n)
    except XlxqError as exc:
        return issues + [("error", exc.zh, exc.en)], None
    name = {p.no: p.name for p in event.players}
    cycle, t, game = table_position(n, len(nos), double, g)
    where_zh = (f"第{cycle}循环" if double else "") + f"秩序表第{t}轮" + (f"第{game}局" if g > 1 else "")
    where_en = (f"cycle {cycle} " if double else "") + f"table round {t}" + (f" game {game}" if g > 1 else "")
    if pairset(rnd) != pairset(want) or sorted(rnd.byes) != sorted(want.byes):
        alt = None
        for k in range(1, total + 1):
            if k == n:
                continue
            cand = rr_expected(event, n, table_round_no=k)
            if pairset(cand) == pairset(rnd) and sorted(cand.byes) == sorted(rnd.byes):
                alt = k
                break
        if alt is not None:
            c2, t2, g2 = table_position(alt, len(nos), double, g)
            w2 = (f"第{c2}循环" if double else "") + f"秩序表第{t2}轮" + (f"第{g2}局" if g > 1 else "")
            issues.append(
                (
                    "warning",
                    f"第{n}轮的对阵是{w2}（第{alt}轮）的对阵，不是{where_zh}：轮次顺序经手工调整",
                    f"round {n} holds the pairs of table round {alt}, not {where_en}: rounds reordered by hand",
                )
            )
            other = next((r for r in event.rounds if r.round == alt), None)
            if other is not None and pairset(other) == pairset(rnd):
                issues.append(
                    (
                        "error",
                        f"第{n}轮与第{alt}轮的对阵相同（同一轮秩序表用了两次）",
                        f"rounds {n} and {alt} hold the same pairs (a table round used twice)",
                    )
                )
            want = rr_expected(event, n, table_round_no=alt)
        else:
            have_pairs = {frozenset((b.red, b.black)): b for b in rnd.boards}
            want_pairs = {frozenset((b.red, b.black)): b for b in want.boards}
            for key, b in want_pairs.items():
                if key not in have_pairs:
                    issues.append(
                        (
                            "error",
                            f"{where_zh}应有 {b.red} {name[b.red]} — {b.black} {name[b.black]}，第{n}轮中没有此对局",
                            f"{where_en} has {b.red} v {b.black}; round {n} does not",
                        )
                    )
            for key, b in have_pairs.items():
                if key not in want_pairs:
                    issues.append(
                        (
                            "error",
                            f"第{n}轮第{b.board}台 {b.red} {name[b.red]} — {b.black} {name[b.black]}"
                            f"不是{where_zh}的对局",
                            f"round {n} board {b.board}: {b.red} v {b.black} is not a pair of {where_en}",
                        )
                    )
            if sorted(rnd.byes) != sorted(want.byes):
                issues.append(
                    (
                        "error",
                        f"第{n}轮轮空：秩序表为 {'、'.join(map(str, want.byes)) or '无'}，"
                        f"文件中为 {'、'.join(map(str, rnd.byes)) or '无'}",
                        f"round {n} byes: the table has {want.byes or 'none'}, the file {rnd.byes or 'none'}",
                    )
                )
            return issues, T("roundrobin.differs-from", where=Pair(where_zh, where_en))
    wb = {frozenset((b.red, b.black)): b for b in want.boards}
    for b in rnd.boards:
        w = wb[frozenset((b.red, b.black))]
        if (b.red, b.black) != (w.red, w.black):
            issues.append(
                (
                    "warning",
                    f"第{n}轮第{b.board}台：按秩序表 {w.red} {name[w.red]} 执红，文件中 {b.red} "
                    f"{name[b.red]} 执红（先后手经调整；第13.1条号次在前者执红）",
                    f"round {n} board {b.board}: the table gives red to {w.red}, the file to {b.red} "
                    f"(colours changed by hand)",
                )
            )
        if w.result is not None and b.result is not None and b.result != w.result:
            issues.append(
                (
                    "warning",
                    f"第{n}轮第{b.board}台：一方已退赛，按第20.3条应记为 {w.result}，文件中为 {b.result}",
                    f"round {n} board {b.board}: a withdrawn player: expected {w.result}, the file has {b.result}",
                )
            )
    order_have = [frozenset((b.red, b.black)) for b in rnd.boards]
    order_want = [frozenset((b.red, b.black)) for b in want.boards]
    if order_have != order_want:
        issues.append(
            (
                "warning",
                f"第{n}轮的台次顺序与秩序表不同（经手工调整）",
                f"round {n}: the board order differs from the table (edited by hand)",
            )
        )
    if issues:
        return issues, T("roundrobin.the-pairs-are-those-of-with-the-changes", where=Pair(where_zh, where_en))
    return issues, T("roundrobin.identical-to", where=Pair(where_zh, where_en))


@register
class RoundRobin(PairingSystem[Event, PairingOutcome]):
    key = "round_robin"
    label_zh, label_en = SYSTEM_NAMES[key]
    fixed_rounds = True
    round_robin = True

    def planned_rounds(self, n: int, settings: EventSettings) -> int:
        return rr_round_count(n, self.double, settings.games_per_match)

    def default_tiebreaks(self, settings: EventSettings) -> list[str]:
        return [default_preset(settings.games_per_match)]

    def pair(self, event: Event, round_no: Optional[int] = None) -> PairingOutcome:
        return pair_rr_round(event, round_no)

    def record(self, event: Event, round_no: int) -> Record:
        return rr_record(event, round_no)

    def check(self, event: Event, round_no: int, lang: str) -> CheckReport:
        return report_of(round_no, *rr_check(event, round_no, lang), lang)


@register
class DoubleRoundRobin(RoundRobin):
    key = "double_round_robin"
    label_zh, label_en = SYSTEM_NAMES[key]
    double = True
