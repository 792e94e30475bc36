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
    stage_msg,
)
from xlxq.core.checks import Issue
from xlxq.core.model import BLACK_WIN_FORFEIT, DOUBLE_FORFEIT, RED_WIN_FORFEIT, Event, EventSettings, Round
from xlxq.core.outcome import PairingOutcome
from xlxq.core.record_text import ko_game_label
from xlxq.core.steps import Record, against_engine, note_steps, pairings_step
from xlxq.i18n import Text
from xlxq.systems.base import CheckReport, PairingSystem, byes_listed, prior, report_of
from xlxq.systems.registry import register
from xlxq.i18n import Lazy, Msg, chinese_forms, tr, zh_only


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


def ko_issues(event: Event, n: int, where: Any = "") -> tuple[list[Issue], Optional[Msg]]:
    """The one check of a knockout round against the bracket, for the CLI's
    ``check`` and the workbook's 检查 alike (issue 23: it was two, with
    different rules): the issues (each with its board or players, for the
    workbook's cells; ``round`` is the round of the board at fault) and the
    verdict's place (the stage, a message rendered in any language), None when the knockout was over.
    ``where`` prefixes the round in a message (``Msg("read.knockout")``:
    "淘汰赛" / "knockout "): the knockout stage of a combined event.  The readers have already refused
    boards that are no match of the stage.

    - a round after the champion is known: an error, "over";
    - a game of the stage still without a result: an error, "waiting" (the
      match cannot go on);
    - a match due and not paired: an error, "missing";
    - game 1's red not the better seed (13.4; the toss may change it) and a
      later game's colours not swapped (13.5): warnings, "ko_colours";
    - a withdrawn player's game not scored as a forfeit: a warning, "withdrawn";
    - the byes (straight through) not the bracket's, boards not in seeding
      order: warnings, "byes", "order"."""
    before = prior(event, n)
    br = build_bracket(before)
    rnd = next(r for r in event.rounds if r.round == n)
    issues: list[Issue] = []

    def add(
        level: str, code: str, msg: Msg, board: Optional[int] = None, players: tuple[int, ...] = (), r: int = n
    ) -> None:
        issues.append(Issue.of(level, code, msg, r, board, players))

    name = {p.no: p.name for p in event.players}

    def who(no: int) -> Lazy:
        """A player in a missing match: 张三（3号）; in English the number only."""
        return Lazy(lambda lang: tr(lang, "checks.name-no", name=name[no], no=no) if chinese_forms(lang) else str(no))

    def numbered(no: int) -> Lazy:
        """A player on a board: 3 张三; in English the number only."""
        return Lazy(lambda lang: f"{no} {name[no]}" if chinese_forms(lang) else str(no))

    cur = br.current_stage
    if cur is None:
        add("error", "over", Msg("knockout.round-the-knockout-was-already-over", where=where, n=n))
        return issues, None
    total = br.stage_total
    sname = stage_msg(cur, total)
    ms = br.stages[cur - 1]
    for m in ms:
        if m.status == WAITING:
            for r, b in m.games:
                if b.result is None:
                    add(
                        "error",
                        "waiting",
                        Msg(
                            "knockout.board-had-no-result-when-round-was-paired",
                            where=where,
                            r=r,
                            board=b.board,
                            pair=zh_only("knockout.red-v-black-paren", red=b.red, black=b.black),
                            n=n,
                        ),
                        b.board,
                        r=r,
                    )
    by_pair = {frozenset((b.red, b.black)): b for b in rnd.boards}
    for m in sorted((m for m in ms if m.status == PENDING), key=br.first_rank):
        top, bottom = m.seated
        found = by_pair.get(frozenset((top, bottom)))
        if found is None:
            add(
                "error",
                "missing",
                Msg(
                    "knockout.the-match-is-due-and-not-paired",
                    where=where,
                    n=n,
                    top=who(top),
                    bottom=who(bottom),
                    stage=sname,
                    game=Lazy(
                        lambda lang, m=m: (
                            game_label(m, event.settings.games_per_match, lang) if chinese_forms(lang) else ""
                        )
                    ),
                ),
                None,
                (top, bottom),
            )
            continue
        b = found
        if not m.games:
            red = top if br.rank(top) < br.rank(bottom) else bottom
            if b.red != red:
                add(
                    "warning",
                    "ko_colours",
                    Msg(
                        "knockout.game-1-red-the-program-proposes",
                        where=where,
                        n=n,
                        board=b.board,
                        red=numbered(b.red),
                        want=numbered(red),
                    ),
                    b.board,
                )
        else:
            last = m.games[-1][1]
            if b.red != last.black:
                add(
                    "warning",
                    "ko_colours",
                    Msg(
                        "knockout.colours-not-swapped-from-round",
                        where=where,
                        n=n,
                        board=b.board,
                        prev=m.games[-1][0],
                        red=numbered(last.black),
                    ),
                    b.board,
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
            add(
                "warning",
                "withdrawn",
                Msg("knockout.a-withdrawn-player-expected", where=where, n=n, board=b.board, want=want, have=b.result),
                b.board,
            )
    first = not any(m.games for m in ms)
    want_byes = (
        sorted((m.winner for m in ms if m.status == "bye" and m.winner is not None), key=br.rank) if first else []
    )
    if sorted(rnd.byes) != sorted(want_byes):
        add(
            "warning",
            "byes",
            Msg(
                "knockout.byes-expected-the-file-has",
                where=where,
                n=n,
                want=byes_listed(want_byes),
                have=byes_listed(list(rnd.byes)),
            ),
            None,
            tuple(sorted(set(rnd.byes) ^ set(want_byes))),
        )
    order = [min(br.rank(b.red), br.rank(b.black)) for b in rnd.boards]
    if order != sorted(order):
        add("warning", "order", Msg("knockout.boards-not-in-seeding-order", where=where, n=n))
    return issues, stage_msg(cur, total)


def ko_check(event: Event, n: int, lang: str) -> tuple[list[tuple[str, Msg]], Optional[str]]:
    """:func:`ko_issues` as the CLI's ``check`` shows it: the issues and the
    verdict against the bracket."""
    t = Text(lang)
    issues, stage = ko_issues(event, n)
    findings: list[tuple[str, Msg]] = [(i.level, i.msg) for i in issues]
    if stage is None:
        return findings, None
    where = t("knockout.the-knockout", sname=stage)
    if any(i.level == "error" for i in issues):
        return findings, t("knockout.differs-from", where=where)
    if issues:
        return findings, t("knockout.the-matches-are-those-of-with-the", where=where)
    return findings, t("knockout.identical-to", where=where)


@register
class Knockout(PairingSystem[Event, PairingOutcome]):
    key = "knockout"
    rounds_from_entrants = True
    has_bracket = True
    audit_reference_id = "systems.reference-bracket"

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
