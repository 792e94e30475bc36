"""What the 编排卡 (pairing card) of each player says before a round.

The card records, round by round, the opponent's number, the colour (先/后)
and the score.  Pairing reads only this: score (with unfinished games counted
as draws, 原则(八)), the colour sequence, the opponents met, byes, and whether
the player floated (下调/上调) last round (原则(九)).

Forfeited pairings stay on the card with their colours (the hand method writes
them on the card the same way); a bye has no colour (seed 000, rules-research
§7.3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Optional

from xlxq.core.elimination import eliminated
from xlxq.core.model import FORFEITS, Event, Round

DOWN, UP = -1, 1


@dataclass
class CardState:
    no: int
    score: float = 0.0
    colours: list[str] = field(default_factory=list)  # 'R'/'B' per paired round, byes skipped
    opponents: set[int] = field(default_factory=set)
    byes: int = 0
    last_float: int = 0  # DOWN, UP or 0 in the previous round
    forfeit_streak: int = 0  # consecutive rounds lost by forfeit (ending with the last one)
    # The colour counts, counted once per card: the pairing reads them many
    # times (every candidate pair, every sort key).  ``colours`` only grows
    # (``append`` while the cards are built), so they are counted again when
    # it is another list or has another length.
    _counted: Optional[list[str]] = field(default=None, init=False, repr=False, compare=False)
    _length: int = field(default=0, init=False, repr=False, compare=False)
    _reds: int = field(default=0, init=False, repr=False, compare=False)
    _streak: int = field(default=0, init=False, repr=False, compare=False)

    def _count(self) -> None:
        cols = self.colours
        self._counted, self._length, self._reds = cols, len(cols), cols.count("R")
        k = 0
        if cols:
            last = cols[-1]
            for c in reversed(cols):
                if c != last:
                    break
                k += 1
            if last != "R":
                k = -k
        self._streak = k

    @property
    def reds(self) -> int:
        if self._counted is not self.colours or self._length != len(self.colours):
            self._count()
        return self._reds

    @property
    def blacks(self) -> int:
        return len(self.colours) - self.reds

    @property
    def diff(self) -> int:
        """红先数 − 黑后数: >0 多先, <0 少先 (多后), 0 平先."""
        if self._counted is not self.colours or self._length != len(self.colours):
            self._count()
        return 2 * self._reds - self._length

    @property
    def streak(self) -> int:
        """Signed run of the last colours: +k = k reds in a row (连先 when
        k ≥ 2, 上先 when k = 1), −k = k blacks in a row."""
        if self._counted is not self.colours or self._length != len(self.colours):
            self._count()
        return self._streak

    @property
    def last_colour(self) -> Optional[str]:
        return self.colours[-1] if self.colours else None


#: one game on the cards: (the entrant who had 先/red, the one who had
#: 后/black, their points, whether they count as met, whether each lost by
#: forfeit) — a board of an individual event, a match of a team event
CardGame = tuple[int, int, float, float, bool, bool, bool]


def cards_from_games(
    numbers: Iterable[int],
    rounds: Iterable[tuple[Iterable[CardGame], Iterable[int]]],
    bye_points: float,
    absent_points: Optional[Callable[[int, int], float]] = None,
    starts: Optional[list[dict[int, float]]] = None,
    before_each: Optional[Callable[[int, dict[int, CardState]], None]] = None,
) -> dict[int, CardState]:
    """The 编排卡 of the entrants ``numbers`` (players or teams) from their
    ``rounds``, each the games played (:data:`CardGame`) and the byes (worth
    ``bye_points``, no colour): colours, opponents met, score, 上调/下调 of
    the last round, byes and the forfeit streak; ``absent_points(no, k)``:
    the points of an entrant seated nowhere in the k-th of ``rounds``
    (请假计分; None: nothing); ``starts``: a list given gets each entrant's
    score at the start of each round (one pass serving every round's
    积分 column); ``before_each(i, cards)``: called with the cards as they
    are before the i-th of ``rounds`` (to be read, not changed: every
    round's checks from one pass).  The one card builder:
    :func:`build_cards` gives it the boards, the team pairing
    (:func:`xlxq.core.team_pairing.build_team_cards`) the matches."""
    cards = {no: CardState(no) for no in numbers}
    for i, (games, byes) in enumerate(rounds):
        start = {no: c.score for no, c in cards.items()}
        if starts is not None:
            starts.append(start)
        if before_each is not None:
            before_each(i, cards)
        seen: set[int] = set()
        for red, black, red_points, black_points, met, lost_r, lost_k in games:
            r, k = cards[red], cards[black]
            r.colours.append("R")
            k.colours.append("B")
            if met:
                r.opponents.add(black)
                k.opponents.add(red)
            r.score += red_points
            k.score += black_points
            sr, sk = start[red], start[black]
            r.last_float = DOWN if sr > sk else UP if sr < sk else 0
            k.last_float = DOWN if sk > sr else UP if sk < sr else 0
            r.forfeit_streak = r.forfeit_streak + 1 if lost_r else 0
            k.forfeit_streak = k.forfeit_streak + 1 if lost_k else 0
            seen.update((red, black))
        for no in byes:
            c = cards[no]
            c.byes += 1
            c.score += bye_points
            c.last_float = 0
            c.forfeit_streak = 0
            seen.add(no)
        for no, c in cards.items():
            if no not in seen:
                c.last_float = 0
                c.forfeit_streak = 0
                if absent_points is not None:
                    c.score += absent_points(no, i)  # 请假计分 (docs/pairing.md "Absence")
    return cards


def build_cards(
    event: Event,
    before_round: int,
    forfeit_counts_as_met: bool = True,
    starts: Optional[list[dict[int, float]]] = None,
    before_each: Optional[Callable[[int, dict[int, CardState]], None]] = None,
) -> dict[int, CardState]:
    """Cards of every registered player from the rounds before ``before_round``
    (``starts``, ``before_each``: see :func:`cards_from_games`)."""
    sc = event.settings.scoring

    def games(rnd: Round) -> Iterator[CardGame]:
        for b in rnd.boards:
            yield (
                b.red,
                b.black,
                sc.points(b.result, "R", provisional_draw=True),
                sc.points(b.result, "B", provisional_draw=True),
                b.result not in FORFEITS or forfeit_counts_as_met,
                b.result in ("black_win_forfeit", "double_forfeit"),
                b.result in ("red_win_forfeit", "double_forfeit"),
            )

    before = list(event.rounds_before(before_round))

    def absent(no: int, k: int) -> float:
        return sc.absent if event.player(no).absent_in(before[k].round) else 0.0

    rounds = ((games(rnd), rnd.byes) for rnd in before)
    return cards_from_games((p.no for p in event.players), rounds, sc.bye_points, absent, starts, before_each)


def pairable_players(event: Event, round_no: int, cards: dict[int, CardState]) -> list[int]:
    """Players to pair in ``round_no``: registered, not withdrawn, not
    absent (请假, ``absent_rounds``), not removed for repeated forfeits (option ``forfeits_before_removal``), and
    not eliminated by 积分末位淘汰 (option ``elimination``, off by default)."""
    limit = event.settings.pairing.forfeits_before_removal
    gone: set[int] = set()
    if event.settings.pairing.elimination:
        gone = eliminated(event, round_no)
    out = []
    for p in event.players:
        if not p.plays_in(round_no) or p.no in gone:
            continue
        if limit and cards[p.no].forfeit_streak >= limit:
            continue
        out.append(p.no)
    return sorted(out)


def round_finished(rnd: Round) -> bool:
    return rnd.finished
