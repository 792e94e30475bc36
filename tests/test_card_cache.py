"""The 编排卡 kept between builds (issue 14: every check and every 积分
column asked for them from round 1 again): a build equals a build from
round 1 whatever was built before, a change to any round, result, bye,
absence or option is seen, and the cards a caller gets are its own."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.conftest import played_swiss
from xlxq.core.history import CARDS_KEPT, build_cards, forget_cards, kept_cards
from xlxq.core.model import Scoring


def afresh(event, n, met=True):
    forget_cards()
    cards = build_cards(event, n, met)
    forget_cards()
    return cards


@pytest.mark.parametrize("seed", range(12))
def test_kept_cards_equal_cards_built_from_round_one(seed):
    rng = random.Random(seed)
    event = played_swiss(rounds=rng.randint(3, 6), seed=seed, players=rng.randint(10, 24))
    last = len(event.rounds) + 1
    want = {(n, met): afresh(event, n, met) for n in range(1, last + 1) for met in (True, False)}
    order = list(want)
    rng.shuffle(order)
    for n, met in order + order:  # in any order, kept or not
        assert build_cards(event, n, met) == want[(n, met)]

    # the caller's cards are its own: changing them changes no later build
    mine = build_cards(event, last)
    for c in mine.values():
        c.score += 100
        c.colours.append("R")
        c.opponents.add(-1)
    assert build_cards(event, last) == want[(last, True)]

    # a result, a bye, an absence, the scoring changed: seen from that round on
    k = rng.randrange(len(event.rounds))
    board = event.rounds[k].boards[0]
    board.result = {"red_win": "black_win"}.get(board.result, "red_win")
    assert build_cards(event, last) == afresh(event, last)
    assert build_cards(event, k + 1) == want[(k + 1, True)]
    event.players[0].absent_rounds = (1,)
    event.settings = dataclasses.replace(event.settings, scoring=Scoring(absent=1))
    assert build_cards(event, last) == afresh(event, last)
    assert build_cards(event, last)[event.players[0].no].score == afresh(event, last)[event.players[0].no].score


def test_at_most_cards_kept_are_kept():
    event = played_swiss(rounds=5, seed=3)
    forget_cards()
    for _ in range(CARDS_KEPT // (5 * len(event.players)) + 2):
        event.players.append(dataclasses.replace(event.players[-1], no=event.players[-1].no + 1))
        event.reindex()
        build_cards(event, 6)
        assert 0 < kept_cards() <= CARDS_KEPT
    forget_cards()
