"""Team standings: 局分 → 场分 (2011 13.2), seed 001 五.2 formats 1 and 2,
团体对手分, byes, other scales (3/1/0, home/away draws), the round-by-round
fall-back, and 台次成绩 (per-board results)."""

from __future__ import annotations

import random

import pytest

from tests.test_teams import event_with_round, fill, make_event, seat_randomly
from xlxq.systems import get_team_system, team_rules
from xlxq.core.model import Scoring, StandingsOptions
from xlxq.systems import pair_team_round
from xlxq.core.team_standings import TEAM_PRESETS, board_standings, compute_team_standings, resolve_team_tiebreaks
from xlxq.core.teams import VACANT, TeamScoring, match_game_points
from xlxq.errors import InputError

W, D, L = "red_win", "draw", "black_win"


def two_round_event(**settings):
    """4 teams, 2 boards (the first team red on board 1, black on board 2).

    R1: 1 v 2 → 3:1 (board 1 team 1 wins, board 2 drawn); 3 v 4 → 0:4.
    R2: 1 v 3 → 3:1; 2 v 4 → 3:1 (team 2 first).
    Totals: 场分 1:4 2:2 4:2 3:0;  局分 1:6 4:5 2:4 3:1.
    """
    ev = make_event(4, boards=2, reserves=0, **settings)
    ev = event_with_round(ev, [(1, 2), (3, 4)], results=[[W, D], [L, W]])
    ev = event_with_round(ev, [(1, 3), (2, 4)], results=[[W, D], [W, D]])
    return ev


def test_format_1_and_format_2_differ_as_seed_001_says():
    ev = two_round_event(tiebreaks=["seed001-team-1"])
    rows = compute_team_standings(ev, rules=team_rules(ev.settings))
    assert [r.no for r in rows] == [1, 2, 4, 3]  # 场分, then 团体对手分 separates 2 (6) from 4 (2)
    by = {r.no: r for r in rows}
    assert [by[t].match_points for t in (1, 2, 3, 4)] == [4, 2, 0, 2]
    assert [by[t].game_points for t in (1, 2, 3, 4)] == [6, 4, 1, 5]
    assert by[2].values["opp_match_points"] == 6 and by[4].values["opp_match_points"] == 2
    assert [by[t].values["match_wins"] for t in (1, 2, 3, 4)] == [2, 1, 0, 1]
    assert [by[t].values["game_wins"] for t in (1, 2, 3, 4)] == [2, 1, 0, 2]
    assert by[1].round_match_points == [2, 2] and by[4].round_match_points == [2, 0]
    ev.settings.tiebreaks = ["seed001-team-2"]
    assert [r.no for r in compute_team_standings(ev, rules=team_rules(ev.settings))] == [1, 4, 2, 3]  # 局分 first


def test_presets_are_the_seed_lists():
    assert TEAM_PRESETS["seed001-team-1"] == [
        "match_points",
        "opp_match_points",
        "game_points",
        "match_wins",
        "game_wins",
        "fouls",
        "back_rounds",
    ]
    assert TEAM_PRESETS["seed001-team-2"] == [
        "game_points",
        "match_points",
        "opp_match_points",
        "match_wins",
        "fouls",
        "back_rounds",
    ]
    assert (
        resolve_team_tiebreaks(None, get_team_system("swiss").default_tiebreaks(None)) == TEAM_PRESETS["seed001-team-1"]
    )
    assert (
        resolve_team_tiebreaks(None, get_team_system("round_robin").default_tiebreaks(None)) == TEAM_PRESETS["team-rr"]
    )
    assert (
        resolve_team_tiebreaks(None, get_team_system("scheveningen").default_tiebreaks(None))
        == TEAM_PRESETS["scheveningen"]
    )
    assert resolve_team_tiebreaks(["局分", "场分", "胜局"]) == ["game_points", "match_points", "game_wins"]
    assert resolve_team_tiebreaks("第二种格式") == TEAM_PRESETS["seed001-team-2"]
    with pytest.raises(InputError, match="未知的项目"):
        resolve_team_tiebreaks(["小分"])
    with pytest.raises(InputError, match="不能为空"):
        resolve_team_tiebreaks([])


def test_fouls_fewer_is_better_and_shared_ranks():
    ev = make_event(2, boards=2, reserves=0, tiebreaks=["match_points", "fouls"])
    ev = event_with_round(ev, [(1, 2)], results=[[W, W]])  # 2:2, drawn
    rows = compute_team_standings(ev, rules=team_rules(ev.settings))
    assert [r.rank for r in rows] == [1, 1]
    ev.rounds[0].matches[0].boards[0].fouls_red = 1  # team 1's player (red on board 1)
    rows = compute_team_standings(ev, rules=team_rules(ev.settings))
    assert [(r.no, r.rank) for r in rows] == [(2, 1), (1, 2)]
    assert rows[1].values["fouls"] == 1


def test_other_scales_and_home_away_draws():
    # 象甲 2011: 场分 win 3, loss 0, home (listed first) draw 1, away draw 2
    ev = make_event(
        2, boards=2, reserves=0, scoring=TeamScoring(match_win=3, match_loss=0, match_draw_first=1, match_draw_second=2)
    )
    ev = event_with_round(ev, [(1, 2)], results=[[W, W]])
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert by[1].match_points == 1 and by[2].match_points == 2
    ev = make_event(2, boards=2, reserves=0, scoring=TeamScoring(match_win=3, match_draw=1, match_loss=0))
    ev = event_with_round(ev, [(1, 2)], results=[[W, D]])
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert (by[1].match_points, by[2].match_points) == (3, 0)
    # 局分 on another scale too: 1/0.5/0
    ev.settings.scoring = TeamScoring(game=Scoring(win=1, draw=0.5, loss=0))
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert (by[1].game_points, by[2].game_points) == (1.5, 0.5)


def test_swiss_bye_and_its_opponent_score():
    ev = make_event(3, boards=4, reserves=0)
    ev = event_with_round(ev, [(1, 2)], results=[[W, D, D, D]], byes=[3])
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert by[3].match_points == 2 and by[3].game_points == 8 and by[3].byes == 1
    assert by[3].values["match_wins"] == 1 and by[3].values["game_wins"] == 0
    # 团体对手分 of the bye: the lowest 场分 among teams that have scored (team 1 and 3 on 2 → 2)
    assert by[3].values["opp_match_points"] == 2
    ev.settings.standings = StandingsOptions(bye_opp_score="zero", bye_counts_as_win=False)
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert by[3].values["opp_match_points"] == 0 and by[3].values["match_wins"] == 0
    ev.settings.scoring = TeamScoring(bye_match_points=1, bye_game_points=4)
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert (by[3].match_points, by[3].game_points) == (1, 4)


def test_round_robin_bye_is_worth_nothing():
    ev = make_event(3, boards=2, reserves=0, system="round_robin", rounds=3)
    ev = event_with_round(ev, [(2, 3)], results=[[W, W]], byes=[1])
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert by[1].match_points == 0 and by[1].game_points == 0 and by[1].round_match_points == [0]


def test_unfinished_match_scores_no_match_points():
    ev = make_event(2, boards=2, reserves=0)
    ev = event_with_round(ev, [(1, 2)], results=[[W, None]])
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert by[1].match_points == 0 and by[1].game_points == 2 and by[1].matches == 0
    assert by[1].round_match_points == [None]


def test_back_rounds_readings():
    # teams 1 and 2 each win one of two rounds against others: equal 场分;
    # team 1 won round 1, team 2 round 2
    ev = make_event(4, boards=2, reserves=0, tiebreaks=["match_points", "back_rounds"])
    ev = event_with_round(ev, [(1, 3), (2, 4)], results=[[W, D], [L, D]])  # 1 beats 3, 2 loses to 4
    ev = event_with_round(ev, [(1, 4), (2, 3)], results=[[L, D], [W, D]])  # 1 loses to 4, 2 beats 3
    rows = compute_team_standings(ev, rules=team_rules(ev.settings))
    order = [r.no for r in rows]
    assert order.index(1) < order.index(2)  # 场分 after round 1: 2 against 0
    ev.settings.standings = StandingsOptions(fallback_reading="round_score")
    rows = compute_team_standings(ev, rules=team_rules(ev.settings))
    order = [r.no for r in rows]
    assert order.index(1) < order.index(2)


def test_after_round():
    ev = two_round_event()
    rows = compute_team_standings(ev, after_round=1, rules=team_rules(ev.settings))
    by = {r.no: r for r in rows}
    assert by[4].match_points == 2 and by[4].game_points == 4 and len(by[4].round_match_points) == 1
    with pytest.raises(InputError):
        compute_team_standings(ev, after_round=-1, rules=team_rules(ev.settings))


def test_vacant_board_is_a_forfeit_loss():
    ev = make_event(2, boards=2, reserves=0, lineup="per_round")
    ev = event_with_round(ev, [(1, 2)], lineups={1: [1, VACANT]})
    m = ev.rounds[0].matches[0]
    m.boards[0].result = D
    assert match_game_points(ev, m) == (1.0, 3.0, True)
    by = {r.no: r for r in compute_team_standings(ev, rules=team_rules(ev.settings))}
    assert by[2].match_points == 2 and by[2].values["game_wins"] == 1


# ------------------------------------------------------------------ 台次成绩


def test_board_standings():
    ev = two_round_event()
    tables = board_standings(ev, rules=team_rules(ev.settings))
    assert set(tables) == {1, 2}
    b1 = tables[1]
    # board 1: team 1's first player won twice (4), team 2's won once (2) …
    first = b1[0]
    assert (first.no, first.points, first.games, first.wins, first.percentage) == (1, 4.0, 2, 2, 1.0)
    assert first.rank == 1 and first.team == "1队"
    assert sum(r.points for r in b1) == 2 * 2 * 2  # 4 games of 2 points each
    b2 = {r.no: r for r in tables[2]}
    assert b2[8].points == 3.0 and b2[8].wins == 1 and b2[8].draws == 1


def test_board_standings_percentage_and_minimum():
    ev = make_event(2, boards=2, reserves=1, lineup="per_round", board_ranking="percentage")
    ev = event_with_round(ev, [(1, 2)], lineups={1: [1, 2], 2: [4, 5]}, results=[[W, D]])
    ev = event_with_round(ev, [(2, 1)], lineups={1: [3, 2], 2: [4, 5]}, results=[[D, L]])
    b1 = {r.no: r for r in board_standings(ev, rules=team_rules(ev.settings))[1]}
    # board 1: player 1 one win (100 %), player 3 one draw, player 4 a loss and a draw (1 of 4 = 25 %)
    assert b1[1].rank == 1 and b1[3].percentage == 0.5 and b1[4].percentage == 0.25
    ev.settings.board_ranking = "points"
    ev.settings.board_min_games = 2
    rows = board_standings(ev, rules=team_rules(ev.settings))[1]
    assert [r.no for r in rows if r.rank is not None] == [4]
    assert all(r.rank is None for r in rows if r.no in (1, 3))


# ------------------------------------------------------------------ random events


@pytest.mark.parametrize("seed", range(12))
def test_random_event_totals(seed):
    rng = random.Random(seed)
    n = rng.randint(8, 17)
    ev = make_event(
        n,
        boards=rng.randint(2, 8),
        reserves=1,
        rounds=5,
        lineup=rng.choice(("fixed_boards", "fixed_order", "per_round")),
    )
    for r in range(1, 6):
        ev = ev.with_round(pair_team_round(ev).round)
        ev = seat_randomly(ev, r, rng, vacant_p=0.03)
        fill(ev, r, rng)
    for preset in ("seed001-team-1", "seed001-team-2"):
        ev.settings.tiebreaks = [preset]
        rows = compute_team_standings(ev, rules=team_rules(ev.settings))
        assert sorted(r.no for r in rows) == list(range(1, n + 1))
        matches = sum(len(rd.matches) for rd in ev.rounds)
        byes = sum(len(rd.byes) for rd in ev.rounds)
        # every finished match hands out 2 场分 in all (2+0 or 1+1), every bye 2
        assert sum(r.match_points for r in rows) == 2 * matches + 2 * byes
        boards = matches * ev.settings.boards
        forfeit_both = sum(1 for rd in ev.rounds for m in rd.matches for b in m.boards if b.result == "double_forfeit")
        assert sum(r.game_points for r in rows) == 2 * (boards - forfeit_both) + 2 * ev.settings.boards * byes
        keys = resolve_team_tiebreaks([preset])
        for a, b in zip(rows, rows[1:]):
            ka = tuple(-a.values[k] if k != "fouls" else a.values[k] for k in keys if k != "back_rounds")
            kb = tuple(-b.values[k] if k != "fouls" else b.values[k] for k in keys if k != "back_rounds")
            assert ka <= kb
        boards_tables = board_standings(ev, rules=team_rules(ev.settings))
        assert sum(r.games for t in boards_tables.values() for r in t) == sum(
            (b.red != VACANT) + (b.black != VACANT) for rd in ev.rounds for m in rd.matches for b in m.boards
        )
