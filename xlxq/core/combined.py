"""Combined formats (组合赛制, seed 000): 积分晋圈淘汰制 and 积分末位淘汰.

积分晋圈淘汰制 (a Swiss, then the top K by knockout; e.g. the 8th China–ASEAN
open: 9 Swiss rounds, top 8 to a knockout; the WXF 18th: a final between the
top 2).  The Swiss stays one event (one file); :func:`build_knockout` makes
a second, knockout event from its standings, seeded by Swiss rank, so the
top Swiss players get the byes (seed 000).  :func:`combined_ranking` joins
the two: the qualifiers by their knockout places, then everyone else by the
Swiss table.

积分末位淘汰 (seed 001; Match BP "第X轮未得Y分淘汰") is in
:mod:`xlxq.core.elimination` (the Swiss pairing asks it who is still
paired); its names are imported here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Sequence

from xlxq.core.elimination import ELIMINATION_TIEBREAKS, eliminated, elimination_rounds, with_elimination
from xlxq.core.knockout import check_knockout_settings, knockout_ranking, planned_rounds
from xlxq.core.model import Event, EventSettings, Player, validate_event
from xlxq.core.standings import compute_standings
from xlxq.errors import InputError
from xlxq.i18n import Msg
from xlxq.text import joined

TIE_AT_CUT = ("error", "number")


# ------------------------------------------------------------ 积分晋圈淘汰制


def qualifiers(event: Event, k: int, after_round: Optional[int] = None, on_tie: str = "error") -> list[int]:
    """序号 of the top ``k`` of the Swiss standings after ``after_round``
    (default: all rounds), best first.  Players who withdrew during those
    rounds (``withdrawn_from_round`` ≤ ``after_round``) cannot qualify and
    are skipped; one marked withdrawn from the round after can (that is how
    the finalists are left out of a last Swiss round played alongside the
    final).  When the standings give the k-th and the next player the
    same rank (equal on everything), ``on_tie="error"`` raises (the organiser
    must decide, e.g. by a play-off); ``"number"`` takes the table order
    (序号)."""
    if not isinstance(k, int) or isinstance(k, bool) or k < 2:
        raise InputError(Msg("combined.at-least-2-players-must-qualify-got", k=k))
    if on_tie not in TIE_AT_CUT:
        raise InputError(Msg("combined.unknown-on-tie", on_tie=on_tie))
    last = max((r.round for r in event.rounds), default=0)
    n = last if after_round is None else min(after_round, last)
    left = {p.no for p in event.players if p.withdrawn_from_round is not None and p.withdrawn_from_round <= n}
    rows = [r for r in compute_standings(event, after_round) if r.no not in left]
    if len(rows) < k:
        raise InputError(Msg("combined.only-players-can-qualify-not", n=len(rows), k=k))
    if on_tie == "error" and len(rows) > k and rows[k - 1].rank == rows[k].rank:
        tied = [f"{r.name}（{r.no}号）" for r in rows if r.rank == rows[k - 1].rank]
        raise InputError(
            Msg(
                "combined.a-tie-across-the-qualifying-cut-at-place",
                k=k,
                join_tied=joined(tied),
            ),
        )
    return [r.no for r in rows[:k]]


def build_knockout(
    event: Event,
    k: int,
    after_round: Optional[int] = None,
    *,
    games_per_match: int = 1,
    playoff_games: Sequence[int] = (2,),
    armageddon: bool = False,
    on_tie: str = "error",
    name: Optional[str] = None,
) -> Event:
    """The knockout event of 积分晋圈淘汰制: the top ``k`` of ``event``
    (序号, names, units and ratings kept; ``seed`` = Swiss place, so the
    best get the byes and meet the weakest qualifiers), system ``knockout``,
    no rounds yet, ``rounds`` = the knockout's rounds without 加赛.  ``k`` = 2
    is a final between the top two."""
    validate_event(event)
    nos = qualifiers(event, k, after_round, on_tie)
    by_no = {p.no: p for p in event.players}
    players = [
        Player(no=no, name=by_no[no].name, unit=by_no[no].unit, rating=by_no[no].rating, seed=i)
        for i, no in enumerate(nos, start=1)
    ]
    settings = EventSettings(
        name=name if name is not None else (f"{event.settings.name} 淘汰赛" if event.settings.name else "淘汰赛"),
        system="knockout",
        rounds=planned_rounds(k, games_per_match),
        scoring=event.settings.scoring,
        games_per_match=games_per_match,
        playoff_games=list(playoff_games),
        armageddon=armageddon,
    )
    ko = Event(settings=settings, players=players)
    check_knockout_settings(ko)
    return ko


@dataclass
class CombinedRow:
    rank: int
    no: int
    name: str
    source: str  # "knockout" or "swiss"
    swiss_rank: int  # place in the Swiss standings used for qualifying
    knockout_place: Optional[int] = None
    knockout_place_to: Optional[int] = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "no": self.no,
            "name": self.name,
            "source": self.source,
            "swiss_rank": self.swiss_rank,
            "knockout_place": self.knockout_place,
            "knockout_place_to": self.knockout_place_to,
        }


def combined_ranking(swiss: Event, knockout: Event, after_round: Optional[int] = None) -> list[CombinedRow]:
    """Final order of 积分晋圈淘汰制: qualifiers by knockout place (those
    knocked out in the same stage share it, e.g. 3, 3; listed by Swiss
    place), then the non-qualifiers by the Swiss standings, their ranks
    continuing after the qualifiers.  A qualifier still in the knockout has
    no place yet: the ranking refuses until the knockout is finished."""
    rows = compute_standings(swiss, after_round)
    swiss_rank = {r.no: i for i, r in enumerate(rows, start=1)}
    places = knockout_ranking(knockout)
    if any(p.place is None for p in places):
        raise InputError(Msg("combined.the-knockout-is-not-finished-yet"))
    names = {r.no: r.name for r in rows}
    out: list[CombinedRow] = []
    placed = [(p.place, p) for p in places if p.place is not None]  # every one (checked above)
    for place, p in sorted(placed, key=lambda pp: (pp[0], swiss_rank.get(pp[1].no, 0))):
        out.append(
            CombinedRow(
                place,
                p.no,
                names.get(p.no, knockout.player(p.no).name),
                "knockout",
                swiss_rank.get(p.no, 0),
                p.place,
                p.place_to,
            )
        )
    k = len(places)
    qualified = {p.no for p in places}
    rest = [r for r in rows if r.no not in qualified]
    prev_key, prev_rank = None, 0
    for i, r in enumerate(rest):
        rank = prev_rank if r.rank == prev_key else k + i + 1
        prev_key, prev_rank = r.rank, rank
        out.append(CombinedRow(rank, r.no, r.name, "swiss", swiss_rank[r.no]))
    return out


__all__ = [
    "qualifiers",
    "build_knockout",
    "combined_ranking",
    "CombinedRow",
    "eliminated",
    "elimination_rounds",
    "with_elimination",
    "ELIMINATION_TIEBREAKS",
]
