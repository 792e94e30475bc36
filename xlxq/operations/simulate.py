"""Simulate (``xlxq simulate``): random results and pairing on, a dry run
written to the file, for individual and team events.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from xlxq.core.knockout import build_bracket
from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN
from xlxq.core.roundrobin import rr_round_count, table_players
from xlxq.core.rr_standings import compute_rr_standings
from xlxq.core.simulate import RESULT_WEIGHTS, fill_results
from xlxq.core.standings import compute_standings
from xlxq.core.team_standings import compute_team_standings
from xlxq.core.teams import set_lineups
from xlxq.errors import InputError
from xlxq.core.notes import note_text
from xlxq.i18n import Lazy, Msg, Text, listed, tr
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome
from xlxq.operations.source import checked
from xlxq.operations.team import pair_seat, team_limit, withdrawn_vacant
from xlxq.presentation.report import who
from xlxq.text import fmt
from xlxq.systems import get_system, pair_round, system_for, team_rules

__all__ = ["simulate_file", "simulate_team_file"]


def _nothing_to_do(lang: str) -> list[str]:
    return [Text(lang)("simulate.every-round-is-paired-and-finished")]


def simulate_file(event, path: str, seed, rounds) -> Outcome:
    """Random results (``seed``) and pairing on, ``rounds`` rounds (default:
    to the end) of an individual event: the event to save."""
    s = event.settings
    system = s.system
    if rounds is not None and rounds < 1:
        raise InputError(Msg("simulate.rounds-must-be-positive", rounds=rounds))
    if get_system(system).follows_order_table:
        limit = min(
            s.rounds, rr_round_count(len(table_players(event)), get_system(system).cycles == 2, s.games_per_match)
        )
    else:
        limit = s.rounds
    lines: list[Msg] = []
    changed = False

    def fill(rnd) -> None:
        nonlocal changed
        missing = set(_fill_random(rnd, seed))
        if not missing:
            return
        changed = True
        c = Counter(b.result for b in rnd.boards if b.board in missing)
        lines.append(
            Msg(
                "simulate.random-results",
                round=rnd.round,
                n=len(missing),
                red=c[RED_WIN],
                draws=c[DRAW],
                black=c[BLACK_WIN],
            )
        )

    def fill_open() -> None:
        for rnd in event.rounds:
            fill(rnd)

    def can_pair() -> bool:
        if get_system(system).has_bracket:
            return not build_bracket(event).finished
        return len(event.rounds) < limit

    # the rounds may already be there (a round robin made by xlxq schedule):
    # then a step is one round's results
    raised_from = s.rounds
    if not can_pair() and rounds is not None:
        for rnd in [r for r in event.rounds if not r.finished][:rounds]:
            fill(rnd)
    else:
        done = 0
        while rounds is None or done < rounds:
            fill_open()
            if not can_pair():
                break
            if get_system(system).has_bracket and event.next_round > event.settings.rounds:
                # 加赛 beyond the planned rounds: event.rounds follows (docs/knockout.md §3)
                event = replace(event, settings=replace(event.settings, rounds=event.next_round))
            out = pair_round(event)
            event = event.with_round(out.round)
            changed = True
            done += 1
            stage: object = ""
            if get_system(system).has_bracket and out.notes:
                # the stage: the knockout's first note up to its bracket (淘汰赛1/4决赛 / knockout quarter-final)
                stage = Lazy(
                    lambda lang, n=out.notes[0]: tr(
                        lang, "simulate.stage", stage=note_text(n, lang).split(tr(lang, "simulate.text-2"))[0]
                    )
                )
            lines.append(
                Msg(
                    "simulate.round-paired-boards",
                    round=out.round.round,
                    n=len(out.round.boards),
                    stage=stage,
                    byes=Lazy(lambda lang, b=tuple(out.round.byes): listed(lang, b) or tr(lang, "simulate.none")),
                )
            )
        if rounds is None or (not get_system(system).has_bracket and len(event.rounds) >= limit):
            fill_open()
    if not changed:
        return Outcome(render=_nothing_to_do)
    if event.settings.rounds != raised_from:
        lines.append(Msg("simulate.rounds-raised", was=raised_from, rounds=event.settings.rounds))
    summary = bool(event.rounds) and all(r.finished for r in event.rounds) and not can_pair()
    final = event

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        echo(*(m.render(lang) for m in lines))
        if summary:
            echo(_simulated_summary(final, lang))
        echo(txt("lineup.saved-to", path=path))
        return echo

    return Outcome(event=event, render=render)


def _simulated_summary(event, lang: str) -> str:
    txt = Text(lang)
    system = event.settings.system
    if get_system(system).has_bracket:
        ch = build_bracket(event).champion
        champ = who(event, ch, lang) if ch is not None else txt("simulate.none-double-forfeit-in-the-final")
        return txt("simulate.simulated-champion", champ=champ)
    top: list
    if get_system(system).follows_order_table:
        top = [r for r in compute_rr_standings(event) if r.rank is not None][:3]
    else:
        top = compute_standings(event)[:3]
    return txt("simulate.simulated-top-three") + txt("create.text").join(
        f"{r.rank}. {r.no} {r.name} {fmt(r.score)}" + txt("simulate.text") for r in top
    )


def _fill_random(rnd, seed: int) -> list[int]:
    """Random results for the unfinished boards of ``rnd`` (in place);
    returns their board numbers."""
    missing = [b.board for b in rnd.boards if b.result is None]
    if missing:
        fill_results(rnd, random.Random(f"{seed}-{rnd.round}"))
    return missing


def simulate_team_file(event, path: str, seed, rounds) -> Outcome:
    """Random results and pairing on, for a team event."""
    if rounds is not None and rounds < 1:
        raise InputError(Msg("simulate.rounds-must-be-positive", rounds=rounds))
    limit = team_limit(event)
    lines: list[Msg] = []
    changed = False

    def fill(rnd) -> None:
        nonlocal changed
        done = _team_fill(event, rnd, seed)
        if not done:
            return
        changed = True
        picked = set(done)
        c = Counter(b.result for m in rnd.matches for b in m.boards if (m.match, b.board) in picked)
        lines.append(
            Msg(
                "simulate.random-results",
                round=rnd.round,
                n=len(done),
                red=c["red_win"],
                draws=c["draw"],
                black=c["black_win"],
            )
        )

    seated = _seat_open(event)
    if seated is not event:
        event, changed = seated, True
    if len(event.rounds) >= limit and rounds is not None:
        for rnd in [r for r in event.rounds if any(b.result is None for m in r.matches for b in m.boards)][:rounds]:
            fill(rnd)
    else:
        done = 0
        while rounds is None or done < rounds:
            for rnd in event.rounds:
                fill(rnd)
            if len(event.rounds) >= limit:
                break
            event, out = pair_seat(event)
            changed = True
            done += 1
            lines.append(
                Msg(
                    "simulate.round-paired-matches",
                    round=out.round.round,
                    n=len(out.round.matches),
                    byes=Lazy(
                        lambda lang, b=tuple(out.round.byes): (
                            listed(lang, b, "common.team-no") or tr(lang, "simulate.none")
                        )
                    ),
                )
            )
        if rounds is None or len(event.rounds) >= limit:
            for rnd in event.rounds:
                fill(rnd)
    if not changed:
        return Outcome(render=_nothing_to_do)
    checked(event)
    finished = all(b.result is not None for r in event.rounds for m in r.matches for b in m.boards)
    top = (
        compute_team_standings(event, rules=team_rules(event.settings))[:3]
        if finished and len(event.rounds) >= limit
        else None
    )

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        echo(*(m.render(lang) for m in lines))
        if top is not None:
            echo(
                txt("simulate.simulated-top-three")
                + txt("create.text").join(
                    txt(
                        "simulate.match-pts-game-pts",
                        rank=r.rank,
                        name=r.name,
                        r_match=fmt(r.match_points),
                        r_game=fmt(r.game_points),
                    )
                    for r in top
                )
            )
        echo(txt("lineup.saved-to", path=path))
        return echo

    return Outcome(event=event, render=render)


def _team_fill(event, rnd, seed: int) -> list[tuple[int, int]]:
    """Random results for the unfinished boards of ``rnd`` (in place)."""
    results, weights = zip(*RESULT_WEIGHTS)
    rng = random.Random(f"{seed}-{rnd.round}")
    done = []
    for m in rnd.matches:
        for b in m.boards:
            if b.result is None:
                b.result = rng.choices(results, weights)[0]  # type: ignore[arg-type]
                done.append((m.match, b.board))
    return done


def _seat_open(event):
    """Seat (default line-ups) every match that has none yet."""
    if system_for(event.settings).seated_by_schedule:
        return event
    for r in list(event.rounds):
        if any(not m.boards for m in r.matches):
            event = set_lineups(event, r.round, withdrawn_vacant(event, r), rules=team_rules(event.settings))
    return event
