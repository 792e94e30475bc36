"""The tie-break registries (xlxq/core/tiebreaks.py): every preset's keys
are registered with both labels, and a tie-break registered from outside
(one function and its decorator) ranks a table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Optional

import pytest

from tests.test_standings import by_no, hand_event, order
from xlxq.core import rr_standings, standings, team_standings
from xlxq.core.model import DRAW, Board, Event, EventSettings, Player, Round
from xlxq.core.rr_standings import RR, RRRecord, compute_rr_standings
from xlxq.core.standings import SWISS, PlayerRecord, compute_standings, resolve_tiebreaks
from xlxq.core.team_standings import TEAM
from xlxq.core.tiebreaks import TieBreakRegistry
from xlxq.errors import InputError

REGISTRIES = {"swiss": (SWISS, standings), "round_robin": (RR, rr_standings), "team": (TEAM, team_standings)}


@pytest.mark.parametrize("kind", list(REGISTRIES))
def test_every_key_of_every_preset_is_registered_with_both_labels(kind: str) -> None:
    reg, module = REGISTRIES[kind]
    assert reg.presets
    for name, keys in reg.presets.items():
        assert keys, name
        for key in keys:
            assert key in reg, (name, key)
            assert reg[key].zh and reg[key].en, key
            assert module.LABELS_ZH[key] == reg[key].zh and module.LABELS_EN[key] == reg[key].en
            assert name in reg.presets_of(key)
    # every registered key has both labels too, and the labels dicts hold nothing else
    # than the registry's keys and its extra columns (积分 …)
    for key in reg.keys():
        assert reg[key].zh and reg[key].en
    assert set(module.LABELS_ZH) == set(module.LABELS_EN)


def test_the_public_key_tuples_are_the_registry_s() -> None:
    assert standings.BASE_KEYS == ("opp_score", "cumulative", "wins", "fouls", "black_wins", "black_games")
    # issue 26: 直胜, 小分 and the best opponent's ranking for the AXF/WXF orders
    assert standings.TIEBREAK_KEYS == (*standings.BASE_KEYS, "direct", "sb", "best_opp")
    assert standings.FALLBACK_KEYS == ("back_rounds", "drop_rounds")
    assert standings.ASCENDING_KEYS == frozenset({"fouls", "best_opp"})
    assert list(standings.LABELS_ZH)[0] == "score"
    assert rr_standings.RR_KEYS == ("sb", "game_points", "wins", "direct", "fouls", "black_games", "black_wins")
    assert list(rr_standings.LABELS_ZH)[:2] == ["score", "match_points"]
    assert team_standings.TEAM_KEYS == (
        "match_points",
        "game_points",
        "opp_match_points",
        "match_wins",
        "game_wins",
        "fouls",
        "back_rounds",
    )


def test_registering_a_key_twice_is_refused() -> None:
    with pytest.raises(ValueError):
        SWISS.register("wins", "胜局", "wins")(lambda r: 0.0)


@pytest.fixture
def round1_tiebreak() -> Iterator[TieBreakRegistry[PlayerRecord]]:
    """A toy tie-break: the points of round 1 (none: 0), higher first."""

    @SWISS.register("round1", "首轮得分", "round 1 points")
    def _round1(r: PlayerRecord) -> float:
        return r.round_scores[0] or 0.0 if r.round_scores else 0.0

    try:
        yield SWISS
    finally:
        SWISS.remove("round1")


def test_a_tie_break_registered_in_a_test_ranks_the_table(round1_tiebreak: TieBreakRegistry[PlayerRecord]) -> None:
    # The hand event: 2 and 5 are level on 2 points; the default list puts 2
    # ahead (后走局数 1 > 0), round 1 puts 5 ahead (a bye: 2 points, 2 lost).
    assert order(compute_standings(hand_event())) == [1, 4, 3, 2, 5, 6]
    for spec in (["round1"], ["首轮得分"], ["round1", "cxa2011-opp"]):
        rows = compute_standings(hand_event(tiebreaks=spec))
        assert order(rows) == [1, 4, 3, 5, 2, 6], spec
        assert by_no(rows)[5].tiebreaks["round1"] == 2.0 and by_no(rows)[2].tiebreaks["round1"] == 0.0
    assert standings.LABELS_ZH["round1"] == "首轮得分" and standings.LABELS_EN["round1"] == "round 1 points"


def test_the_toy_tie_break_is_gone_after_the_test() -> None:
    assert "round1" not in SWISS and "round1" not in standings.LABELS_ZH
    with pytest.raises(InputError):
        resolve_tiebreaks(["round1"])


def _drawn_round_robin(n: int, tiebreaks: Optional[list[str]] = None) -> Event:
    """``n`` players (even), every game of the round robin drawn: one round per pair."""
    players = [Player(no, f"P{no}") for no in range(1, n + 1)]
    rounds = []
    pairs = [(a, b) for a in range(1, n + 1) for b in range(a + 1, n + 1)]
    for i, (a, b) in enumerate(pairs, start=1):
        rounds.append(Round(i, [Board(1, a, b, DRAW)], [x for x in range(1, n + 1) if x not in (a, b)]))
    settings = EventSettings(rounds=len(rounds), system="round_robin")
    if tiebreaks is not None:
        settings.tiebreaks = tiebreaks
    return Event(settings, players, rounds)


def test_a_round_robin_tie_break_registered_in_a_test_ranks_the_table() -> None:
    @RR.register("fewer_no", "序号小者", "lower number", ascending=True)
    def _fewer_no(r: RRRecord) -> float:
        return float(r.no)

    try:
        # all drawn: 小分 and 胜局 separate nobody
        assert [r.rank for r in compute_rr_standings(_drawn_round_robin(3, ["sb", "wins"]))] == [1, 1, 1]
        rows = compute_rr_standings(_drawn_round_robin(3, ["sb", "fewer_no"]))
        assert [(r.rank, r.no) for r in rows] == [(1, 1), (2, 2), (3, 3)]
        assert rows[2].tiebreaks["fewer_no"] == 3.0
    finally:
        RR.remove("fewer_no")
    assert "fewer_no" not in RR and "fewer_no" not in rr_standings.LABELS_EN
