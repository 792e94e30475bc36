"""积分末位淘汰 (seed 001; Match BP "第X轮未得Y分淘汰"): the option
``PairingOptions.elimination = ((X, Y), …)`` stops pairing, from round X + 1
on, every player with fewer than Y points after round X.  The Swiss pairing
asks :func:`eliminated` (one call in ``history.pairable_players``).  Seed
001 ranks such events by the 累进分 line: set ``tiebreaks`` to
:data:`ELIMINATION_TIEBREAKS` (this module does not change it for you).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable, Optional, Sequence

from xlxq.core.model import RESULTS, Event, EventSettings
from xlxq.errors import InputError
from xlxq.i18n import Lazy, Msg, chinese_forms, tr

ELIMINATION_TIEBREAKS = ["seed001-cumulative"]  # seed 001 五.1 第二种方式 (累进分 line)


def check_elimination(rules: Iterable[Any]) -> list[tuple[int, float]]:
    out = []
    for item in rules:
        try:
            x, y = item
        except (TypeError, ValueError):
            raise InputError(
                Msg("elimination.elimination-rules-must-be-round-points", item=item),
            ) from None
        if isinstance(x, bool) or not isinstance(x, int) or x < 1:
            raise InputError(Msg("elimination.invalid-elimination-round", x=x))
        if isinstance(y, bool) or not isinstance(y, (int, float)):
            raise InputError(Msg("elimination.invalid-elimination-points", y=y))
        out.append((x, float(y)))
    return sorted(out)


def elimination_rounds(event: Event, before_round: Optional[int] = None) -> dict[int, int]:
    """Player → the round X after which he was eliminated (the first rule
    (X, Y) he fell under), over the rules with X < ``before_round``
    (default: all).

    The score after round X counts finished games (``Scoring.points``) and
    byes (``Scoring.bye_points``).  If an unfinished game of rounds ≤ X could
    decide it (a loss leaves him under Y, a win does not), the question is
    open and :class:`InputError` names the game.
    """
    rules = check_elimination(event.settings.pairing.elimination)
    sc = event.settings.scoring
    out: dict[int, int] = {}
    for x, y in rules:
        if before_round is not None and x >= before_round:
            continue
        low = {p.no: 0.0 for p in event.players}
        high = dict(low)
        open_games: dict[int, tuple[int, int]] = {}  # player → (round, board) of an open game
        for r in event.rounds:
            if r.round > x:
                continue
            for b in r.boards:
                for no, col in ((b.red, "R"), (b.black, "B")):
                    if b.result is None:
                        possible = [sc.points(res, col) for res in RESULTS]
                        high[no] += max(possible)
                        low[no] += min(possible)
                        open_games[no] = (r.round, b.board)
                    else:
                        pts = sc.points(b.result, col)
                        low[no] += pts
                        high[no] += pts
            for no in r.byes:
                low[no] += sc.bye_points
                high[no] += sc.bye_points
        for p in event.players:
            if p.no in out:
                continue
            if high[p.no] < y:
                out[p.no] = x
            elif low[p.no] < y:
                rno, board = open_games[p.no]
                raise InputError(
                    Msg(
                        "elimination.s-game-has-no-result-cannot-tell",
                        who=Lazy(  # 张三（7号）; in English the number only
                            lambda lang, p=p: (
                                tr(lang, "checks.name-no", name=p.name, no=p.no) if chinese_forms(lang) else str(p.no)
                            )
                        ),
                        round=rno,
                        board=board,
                        x=x,
                        y=y,
                    ),
                    round=rno,
                    board=board,
                    player=p.no,
                )
    return out


def eliminated(event: Event, round_no: int) -> set[int]:
    """Players no longer paired in ``round_no`` under 积分末位淘汰 (empty
    when ``pairing.elimination`` is off)."""
    if not event.settings.pairing.elimination:
        return set()
    return set(elimination_rounds(event, before_round=round_no))


def with_elimination(
    settings: EventSettings, rules: Sequence[tuple[int, float]], cumulative_tiebreaks: bool = True
) -> EventSettings:
    """A copy of ``settings`` with 末位淘汰 ``rules`` on and, by default, the
    seed 001 累进分 tie-break line."""
    rules = tuple(check_elimination(rules))
    s = replace(settings, pairing=replace(settings.pairing, elimination=rules))
    if cumulative_tiebreaks:
        s = replace(s, tiebreaks=list(ELIMINATION_TIEBREAKS))
    return s


__all__ = ["check_elimination", "elimination_rounds", "eliminated", "with_elimination", "ELIMINATION_TIEBREAKS"]
