"""淘汰赛: the bracket with seeds' byes and 加赛 is :mod:`xlxq.core.knockout`;
this file tells the rest of the program about it, and explains and checks
its rounds against the bracket."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Optional

from xlxq.core.knockout import (
    ARMAGEDDON,
    MAIN,
    PENDING,
    WAITING,
    Match,
    build_bracket,
    knockout_ranking,
    pair_knockout_round,
    planned_rounds,
    stage_name,
    stage_name_en,
)
from xlxq.core.model import BLACK_WIN_FORFEIT, DOUBLE_FORFEIT, RED_WIN_FORFEIT, Event, EventSettings, Round
from xlxq.core.outcome import PairingOutcome
from xlxq.core.record_text import ko_game_label
from xlxq.core.steps import Record, against_engine, note_steps, pairings_step
from xlxq.i18n import Text
from xlxq.systems.base import CheckReport, PairingSystem, prior, report_of
from xlxq.systems.registry import register
from xlxq.i18n import Pair


def game_kind(m: Match, g: int) -> tuple[str, int]:
    """(kind, number) of the next game of knockout match ``m``: main,
    playoff or armageddon, and its number in the match."""
    kind = "main" if m.next_kind == MAIN else "armageddon" if m.next_kind == ARMAGEDDON else "playoff"
    return kind, len(m.games) + 1


def game_label(m: Match, g: int, lang: str) -> str:
    """What the next game of knockout match ``m`` is (第2局, 加赛第1局 …)."""
    kind, k = game_kind(m, g)
    return ko_game_label(kind, k, g, lang)


def ko_record(event: Event, n: int) -> Record:
    """The record of knockout round ``n``: the bracket, the seeding (before
    the first game), the engine's notes, each board with its stage, game and
    colour reason (第13.4条 seeding for game 1, 第13.5条 swapped after)."""
    s = event.settings
    before = prior(event, n)
    before = replace(before, settings=replace(s, rounds=max(s.rounds, n)))
    out = pair_knockout_round(before, n)
    br = build_bracket(before)
    g = s.games_per_match
    rec = Record(n, s.name, names={p.no: p.name for p in event.players})
    po = ",".join(map(str, s.playoff_games)) or "1"
    rec.add(
        "ko_bracket",
        players=len(br.order),
        size=br.size,
        stages=br.stage_total,
        games=g,
        playoffs=po,
        armageddon=s.armageddon,
    )
    if br.current_stage == 1 and not any(m.games for m in br.stages[0]):
        rec.add("ko_seeding", order=list(br.order))
    note_steps(out.notes, rec)
    matches: list[Optional[dict[str, Any]]] = []
    for b in out.round.boards:
        m = br.match_of(b.red, b.black)
        if m is None:
            matches.append(None)
            continue
        kind, k = game_kind(m, g)
        matches.append(
            {
                "stage": m.stage,
                "stages": br.stage_total,
                "kind": kind,
                "k": k,
                "games": g,
                "seed_rank": br.rank(b.red) if not m.games else None,
                "clause": "第13.5条" if m.games else "第13.4条",
            }
        )
    pairings_step(rec, [(b.board, b.red, b.black, None) for b in out.round.boards], out.round.byes, ko=matches)
    against_engine(rec, out.round, next((r for r in event.rounds if r.round == n), None))
    return rec


def ko_check(event: Event, n: int, lang: str) -> tuple[list[tuple[str, str, str]], Optional[str]]:
    t = Text(lang)
    """A knockout round against the bracket (the reader has already refused
    boards that are no match of the stage): every match due must be paired,
    its colours as 13.4/13.5 say (a changed game-1 colour is the 猜先 and is
    only noted), byes and walkovers listed, results of withdrawn players."""
    before = prior(event, n)
    br = build_bracket(before)
    rnd = event.rounds[n - 1]
    issues: list[tuple[str, str, str]] = []
    name = {p.no: p.name for p in event.players}
    cur = br.current_stage
    if cur is None:
        return [
            ("error", f"第{n}轮：淘汰赛此前已决出冠军，不应再有本轮", f"round {n}: the knockout was already over")
        ], None
    total = br.stage_total
    sname_zh, sname_en = stage_name(cur, total), stage_name_en(cur, total)
    ms = br.stages[cur - 1]
    for m in ms:
        if m.status == WAITING:
            for r, b in m.games:
                if b.result is None:
                    issues.append(
                        (
                            "error",
                            f"第{r}轮第{b.board}台（{b.red}号对{b.black}号）尚无结果，淘汰赛须待结果录入后"
                            f"才能编排第{n}轮",
                            f"round {r} board {b.board} had no result when round {n} was paired",
                        )
                    )
    by_pair = {frozenset((b.red, b.black)): b for b in rnd.boards}
    for m in sorted((m for m in ms if m.status == PENDING), key=br.first_rank):
        top, bottom = m.seated
        found = by_pair.get(frozenset((top, bottom)))
        if found is None:
            issues.append(
                (
                    "error",
                    f"第{n}轮：{name[top]}（{top}号）对{name[bottom]}（{bottom}号）的{sname_zh}"
                    f"{game_label(m, event.settings.games_per_match, t.lang) or ''}应在本轮进行，文件中没有",
                    f"round {n}: the {sname_en} match {top} v {bottom} is due and not paired",
                )
            )
            continue
        b = found
        if not m.games:
            red = top if br.rank(top) < br.rank(bottom) else bottom
            if b.red != red:
                issues.append(
                    (
                        "warning",
                        f"第{n}轮第{b.board}台：第一局由 {b.red} {name[b.red]} 执红，程序建议种子顺位在前的"
                        f" {red} {name[red]}（按猜先结果可互换，第13.4条）",
                        f"round {n} board {b.board}: game 1 red is {b.red}; the program proposes {red} "
                        f"(the toss may change it, 13.4)",
                    )
                )
        else:
            last = m.games[-1][1]
            if b.red != last.black:
                issues.append(
                    (
                        "warning",
                        f"第{n}轮第{b.board}台：未与上一局（第{m.games[-1][0]}轮）交换先后，"
                        f"应由 {last.black} {name[last.black]} 执红（第13.5条）",
                        f"round {n} board {b.board}: colours not swapped from round {m.games[-1][0]} "
                        f"({last.black} should have red, 13.5)",
                    )
                )
        gone_r = not event.player(b.red).active_in(n)
        gone_b = not event.player(b.black).active_in(n)
        want = (
            DOUBLE_FORFEIT
            if gone_r and gone_b
            else BLACK_WIN_FORFEIT
            if gone_r
            else RED_WIN_FORFEIT
            if gone_b
            else None
        )
        if want is not None and b.result not in (None, want):
            issues.append(
                (
                    "warning",
                    f"第{n}轮第{b.board}台：一方已退赛，应记为 {want}，文件中为 {b.result}",
                    f"round {n} board {b.board}: a withdrawn player: expected {want}, the file has {b.result}",
                )
            )
    first = not any(m.games for m in ms)
    want_byes = (
        sorted((m.winner for m in ms if m.status == "bye" and m.winner is not None), key=br.rank) if first else []
    )
    if sorted(rnd.byes) != sorted(want_byes):
        issues.append(
            (
                "warning",
                f"第{n}轮轮空（直接晋级）：应为 {'、'.join(map(str, want_byes)) or '无'}，"
                f"文件中为 {'、'.join(map(str, rnd.byes)) or '无'}",
                f"round {n} byes: expected {want_byes or 'none'}, the file has {rnd.byes or 'none'}",
            )
        )
    order = [min(br.rank(b.red), br.rank(b.black)) for b in rnd.boards]
    if order != sorted(order):
        issues.append(
            (
                "warning",
                f"第{n}轮的台次顺序与种子顺位不同（经手工调整）",
                f"round {n}: boards not in seeding order (edited by hand)",
            )
        )
    where = t("knockout.the-knockout", sname=Pair(sname_zh, sname_en))
    if any(level == "error" for level, _, _ in issues):
        return issues, t("knockout.differs-from", where=where)
    if issues:
        return issues, t("knockout.the-matches-are-those-of-with-the", where=where)
    return issues, t("knockout.identical-to", where=where)


@register
class Knockout(PairingSystem[Event, PairingOutcome]):
    key = "knockout"
    rounds_from_entrants = True
    has_bracket = True

    def planned_rounds(self, n: int, settings: EventSettings) -> int:
        return planned_rounds(n, settings.games_per_match)

    @property
    def tiebreak_registry(self) -> None:
        return None  # ranked by the bracket

    def standings(self, event: Event, after_round: Optional[int] = None) -> list[Any]:
        """The places the bracket gives (冠军、亚军、并列第3–4名…)."""
        return list(knockout_ranking(event))

    def pair(self, event: Event, round_no: Optional[int] = None) -> PairingOutcome:
        return pair_knockout_round(event, round_no)

    def derived_round(self, event: Event, round_no: int) -> Round:
        """From the bracket of the rounds before (加赛 may go beyond the planned rounds: as :func:`ko_record`)."""
        s = event.settings
        before = replace(prior(event, round_no), settings=replace(s, rounds=max(s.rounds, round_no)))
        return pair_knockout_round(before, round_no).round

    def last_pairable_round(self, event: Event) -> int:
        return len(event.rounds) + 1  # 加赛 add rounds as they are needed

    def record(self, event: Event, round_no: int) -> Record:
        return ko_record(event, round_no)

    def check(self, event: Event, round_no: int, lang: str) -> CheckReport:
        return report_of(round_no, *ko_check(event, round_no, lang), lang)
