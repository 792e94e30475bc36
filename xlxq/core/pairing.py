"""Pair the next round of an individual Swiss: the engine's entry point.

``pair_swiss_round(event)`` returns the new :class:`Round` and a log
(编排记录) of how it was made.  Nothing here reads or writes files.

An event of any system is paired by its system
(:func:`xlxq.systems.pair_round`: the Swiss here, the round robin's table,
the knockout's bracket); the core does not choose among them.
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.colours import ColourCtx
from xlxq.core.history import CardState, build_cards, pairable_players
from xlxq.core.matching import Matcher
from xlxq.core.model import Board, Event, PairingOptions, Round
from xlxq.core.outcome import GroupLog, PairingOutcome
from xlxq.core.round1 import pair_first_round
from xlxq.core.swiss import GroupInput, GroupSearch, order_key
from xlxq.errors import InputError, PairingImpossible
from xlxq.core.notes import Note
from xlxq.text import joined
from xlxq.i18n import Msg


def pair_swiss_round(event: Event, round_no: Optional[int] = None) -> PairingOutcome:
    """Pair ``round_no`` (default: the next one) of a Swiss from the rounds before it."""
    if round_no is None:
        round_no = event.next_round
    if round_no > event.settings.rounds:
        raise InputError(
            Msg("pairing.the-event-has-rounds-round-cannot-be", rounds=event.settings.rounds, round_no=round_no),
        )
    opts = event.settings.pairing
    cards = build_cards(event, round_no, opts.forfeit_counts_as_met)
    players = pairable_players(event, round_no, cards)
    out = PairingOutcome(round=Round(round=round_no), cards=cards)
    if len(players) < 2:
        raise PairingImpossible(Msg("pairing.round-fewer-than-two-players-to-pair", round_no=round_no))
    for r in event.rounds_before(round_no):
        for b in r.boards:
            if b.result is None:
                out.provisional.append((r.round, b.board))
                out.notes.append(
                    Note(
                        Msg("pairing.round-board-is-unfinished-paired-as-a", round=r.round, board=b.board),
                    )
                )
    if round_no == 1:
        out.round = pair_first_round(event, players, out.notes).as_made()
        return out

    units = {p.no: (p.unit or "").strip() for p in event.players} if opts.avoid_same_unit_later else None
    pairs, byes = pair_score_groups(cards, players, round_no, event.settings.rounds, opts, out.groups, units=units)
    boards = [Board(board=i, red=red, black=black) for i, (red, black) in enumerate(pairs, start=1)]
    out.round = Round(round=round_no, boards=boards, byes=byes, provisional=list(out.provisional)).as_made()
    return out


def pair_score_groups(
    cards: dict[int, CardState],
    players: list[int],
    round_no: int,
    total_rounds: int,
    opts: PairingOptions,
    groups: Optional[list[GroupLog]] = None,
    noun: str = "pairing.players",
    units: Optional[dict[int, str]] = None,
) -> tuple[list[tuple[int, int]], list[int]]:
    """The 定位编排 of one round ≥ 2 over any kind of unit (players, or teams
    in a team Swiss): ``cards`` are the units' 编排卡, ``players`` the
    numbers to pair.  Returns ``(pairs, byes)``: ``(red, black)`` numbers in
    board order, and the unit with the bye (if any).  Each score group's
    search is appended to ``groups`` (the 编排记录).  ``noun`` names the units
    in the message when no pairing exists (the id of a message: the Chinese
    with its measure word).  ``units``: each unit's 单位, for 同单位回避 in every round (a
    补充规定; None: off).  ``opts.forbidden_pairs`` (亲属回避) count as met
    (原则(六)).  Raises :class:`PairingImpossible`.
    """
    groups = groups if groups is not None else []

    def bye_ok(no: int) -> bool:
        return cards[no].byes == 0

    forbidden = opts.forbidden_with()
    met = {no: cards[no].opponents | forbidden[no] if no in forbidden else cards[no].opponents for no in players}
    matcher = Matcher(met, bye_ok)
    if not matcher.feasible(players):
        odd = len(players) % 2
        if forbidden and Matcher({no: cards[no].opponents for no in players}, bye_ok).feasible(players):
            raise PairingImpossible(
                Msg(
                    "pairing.round-cannot-be-paired-the-forbidden",
                    round_no=round_no,
                    shown=joined(f"{a}-{b}" for a, b in opts.forbidden_pairs),
                    n=len(players),
                    noun=Msg(noun),
                    odd_else=Msg("pairing.with-a-bye-for-one-who-has-not-had-one") if odd else "",
                ),
            )
        raise PairingImpossible(
            Msg(
                "pairing.round-cannot-be-paired-no-pairing-of-the",
                round_no=round_no,
                n=len(players),
                noun=Msg(noun),
                odd_else=Msg("pairing.with-a-bye-for-one-who-has-not-had-one") if odd else "",
            ),
        )

    if len(players) % 2:
        # 原则(五): the bye goes to the lowest score group.  Take the lowest
        # score at which some eligible player can have the bye with the rest
        # of the round still pairable, and allow the bye only at that score.
        for cap in sorted({cards[no].score for no in players if cards[no].byes == 0}):

            def capped(no: int, cap: float = cap) -> bool:
                return cards[no].byes == 0 and cards[no].score <= cap

            m = Matcher(met, capped)
            if m.feasible(players):
                matcher, bye_ok = m, capped
                break

    ctx = ColourCtx(
        round_no=round_no, total_rounds=total_rounds, colour_tie=opts.colour_tie, last_rounds_rule=opts.last_rounds_rule
    )
    levels = sorted({cards[no].score for no in players}, reverse=True)
    by_level: dict[float, list[CardState]] = {lv: [] for lv in levels}
    for no in players:
        by_level[cards[no].score].append(cards[no])
    pairs: list[tuple[int, int]] = []
    carry: list[CardState] = []
    byes: list[int] = []
    for gi, lv in enumerate(levels):
        residents = by_level[lv]
        lower = [no for l2 in levels[gi + 1 :] for no in (c.no for c in by_level[l2])]
        members = carry + residents
        gs = GroupSearch(
            GroupInput(
                members=members,
                score=lv,
                lower=lower,
                lowest=(gi == len(levels) - 1),
                units=units,
                forbidden=forbidden,
            ),
            round_no,
            ctx,
            matcher,
            bye_ok,
            opts.search_budget,
            opts.picker,
        )
        res = gs.run()
        groups.append(GroupLog(score=lv, incoming=[c.no for c in carry], search=gs, result=res))
        for red, black, *_ in res.pairs:
            pairs.append((red, black))
        if gi == len(levels) - 1:
            byes = list(res.floats)
        else:
            carry = [cards[no] for no in res.floats]
    return pairs, byes


def group_rows(gs: GroupSearch) -> tuple[list[int], list[int]]:
    """The 要先行 and 要后行 of a group, in row order (for the log); a player
    with no colour yet stands at the end of one of them (docs/pairing.md §2.2)."""
    return [gs.nos[i] for i in gs.rows[0]], [gs.nos[i] for i in gs.rows[1]]


__all__ = [
    "pair_swiss_round",
    "pair_score_groups",
    "PairingOutcome",
    "GroupLog",
    "group_rows",
    "order_key",
]
