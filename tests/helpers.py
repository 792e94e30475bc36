"""Small builders for hand-worked positions."""

from __future__ import annotations

from xlxq.core.colours import ColourCtx
from xlxq.core.history import CardState
from xlxq.core.matching import Matcher
from xlxq.core.model import Board, Event, EventSettings, PairingOptions, Player, Round
from xlxq.core.swiss import GroupInput, GroupSearch

RES = {
    "1-0": "red_win",
    "0-1": "black_win",
    "=": "draw",
    None: None,
    "+-": "red_win_forfeit",
    "-+": "black_win_forfeit",
    "--": "double_forfeit",
}


def make_event(n: int, history=(), rounds: int = 9, byes=None, units=None, **settings) -> Event:
    """``history``: one list per round of (red, black, "1-0"|"0-1"|"="|None)."""
    pairing = settings.pop("pairing", PairingOptions())
    players = [Player(i, f"棋手{i}", unit=(units or {}).get(i, "")) for i in range(1, n + 1)]
    ev = Event(EventSettings(rounds=rounds, pairing=pairing, **settings), players)
    for k, rnd in enumerate(history, start=1):
        boards = [Board(i + 1, r, b, RES[res]) for i, (r, b, res) in enumerate(rnd)]
        ev = ev.with_round(Round(k, boards, list((byes or {}).get(k, []))))
    return ev


def card(no: int, score: float = 0, colours: str = "", met=(), byes: int = 0, last_float: int = 0) -> CardState:
    return CardState(no=no, score=score, colours=list(colours), opponents=set(met), byes=byes, last_float=last_float)


def search_group(
    cards, round_no=4, total=9, lower=(), lowest=True, budget=20000, picker="cxa", all_cards=None, score=None
):
    """Run one score group's search on hand-made cards (``score``: the
    group's own level, default the highest card's; cards above it floated in)."""
    everyone = {c.no: c for c in (all_cards or cards)}
    matcher = Matcher({no: c.opponents for no, c in everyone.items()}, lambda no: everyone[no].byes == 0)
    ctx = ColourCtx(round_no=round_no, total_rounds=total)
    gs = GroupSearch(
        GroupInput(
            members=list(cards),
            score=max(c.score for c in cards) if score is None else score,
            lower=list(lower),
            lowest=lowest,
        ),
        round_no,
        ctx,
        matcher,
        lambda no: everyone[no].byes == 0,
        budget,
        picker,
    )
    return gs, gs.run()


def pairs_of(rnd: Round):
    return [(b.red, b.black) for b in rnd.boards]
