"""Standings (名次计算): every tie-break worked by hand on small events.

Scoring is 2/1/0 unless a test says otherwise.  Comments give the hand
computation each assertion checks.
"""

from __future__ import annotations

import random

import pytest

from xlxq.core.model import (
    BLACK_WIN,
    BLACK_WIN_FORFEIT,
    DOUBLE_FORFEIT,
    DRAW,
    RED_WIN,
    RED_WIN_FORFEIT,
    Board,
    Event,
    EventSettings,
    Player,
    Round,
    Scoring,
    StandingsOptions,
)
from xlxq.core.standings import (
    BASE_KEYS,
    LABELS_ZH,
    PRESETS,
    TIEBREAK_KEYS,
    StandingRow,
    compute_standings,
    resolve_tiebreaks,
    table_round,
)
from xlxq.errors import InputError
from xlxq.i18n import Msg


def make_event(n_players, rounds, tiebreaks=None, withdrawn=None, scoring=None, **std):
    """rounds: list of (boards, byes); a board is (red, black, result[, fouls_red, fouls_black])."""
    withdrawn = withdrawn or {}
    players = [
        Player(no, f"P{no}", unit=f"U{no % 3}", withdrawn_from_round=withdrawn.get(no))
        for no in range(1, n_players + 1)
    ]
    settings = EventSettings(
        rounds=max(len(rounds), 1), scoring=scoring or Scoring(), standings=StandingsOptions(**std)
    )
    if tiebreaks is not None:
        settings.tiebreaks = tiebreaks
    rs = []
    for i, (boards, byes) in enumerate(rounds, start=1):
        bs = []
        for j, b in enumerate(boards, start=1):
            red, black, result, *fouls = b
            fr, fb = (fouls + [0, 0])[:2]
            bs.append(Board(j, red, black, result, fr, fb))
        rs.append(Round(i, bs, list(byes)))
    return Event(settings, players, rs)


def by_no(rows):
    return {r.no: r for r in rows}


def order(rows):
    return [r.no for r in rows]


# ---------------------------------------------------------------------------
# The hand event: 6 players, 3 rounds, a bye every round, a forfeit, a double
# forfeit, a foul; player 6 withdrew before round 1 and never played.
#
# R1: 1(R)-2(B) red_win      3(R)-4(B) draw               bye 5
# R2: 5(R)-1(B) black_win    2(R)-3(B) black_win_forfeit  bye 4
# R3: 1(R)-4(B) draw, 1 foul for red    3(R)-5(B) double_forfeit   bye 2
#
# round scores / total / running totals / 累进分:
#   1: 2 2 1 = 5   2 4 5   cum 11
#   2: 0 0 2 = 2   0 0 2   cum 2
#   3: 1 2 0 = 3   1 3 3   cum 7
#   4: 1 2 1 = 4   1 3 4   cum 8
#   5: 2 0 0 = 2   2 2 2   cum 6
#   6: -  -  - = 0          cum 0
# 有分棋手中的最低得分 = 2 (players 2 and 5), so each bye adds 2 to 对手分.
# 对手分: 1: 2+2+4 = 8      2: 5+3+bye 2 = 10     3: 4+2+2 = 8
#         4: 3+5+bye 2 = 10 5: bye 2+5+3 = 10     6: 0
# 胜局:   1: 2 (R1, R2)  2: 1 (bye)  3: 1 (forfeit win)  4: 1 (bye)  5: 1 (bye)
# 犯规:   1: 1
# 后走胜局: 1: 1 (R2); 3's black forfeit win does not count
# 后走局数: 1: 1 (R2)  2: 1 (R1)  3: 0 (R2 black was a forfeit)  4: 2  5: 0 (double forfeit)
# ---------------------------------------------------------------------------
HAND_ROUNDS = [
    ([(1, 2, RED_WIN), (3, 4, DRAW)], [5]),
    ([(5, 1, BLACK_WIN), (2, 3, BLACK_WIN_FORFEIT)], [4]),
    ([(1, 4, DRAW, 1, 0), (3, 5, DOUBLE_FORFEIT)], [2]),
]


def hand_event(**kw):
    return make_event(6, HAND_ROUNDS, withdrawn={6: 1}, **kw)


def test_hand_event_every_value():
    rows = by_no(compute_standings(hand_event()))
    expect = {
        #     score opp cum wins fouls bw bg   round scores
        1: (5, 8, 11, 2, 1, 1, 1, [2, 2, 1]),
        2: (2, 10, 2, 1, 0, 0, 1, [0, 0, 2]),
        3: (3, 8, 7, 1, 0, 0, 0, [1, 2, 0]),
        4: (4, 10, 8, 1, 0, 0, 2, [1, 2, 1]),
        5: (2, 10, 6, 1, 0, 0, 0, [2, 0, 0]),
        6: (0, 0, 0, 0, 0, 0, 0, [None, None, None]),
    }
    for no, (score, opp, cum, wins, fouls, bw, bg, rscores) in expect.items():
        r = rows[no]
        assert r.score == score, no
        assert r.tiebreaks == {
            "opp_score": opp,
            "cumulative": cum,
            "wins": wins,
            "fouls": fouls,
            "black_wins": bw,
            "black_games": bg,
        }, no
        assert r.round_scores == rscores, no
        assert r.name == f"P{no}" and r.unit == f"U{no % 3}"
    assert rows[6].withdrawn and not any(rows[n].withdrawn for n in range(1, 6))


def test_hand_event_default_ranking():
    # cxa2011-opp: 1 (5), 4 (4), 3 (3), then 2 vs 5 on 2 points: 对手分 10 = 10,
    # 胜局 1 = 1, 犯规 0 = 0, 后走局数 1 > 0 -> 2 ahead; 6 last, still ranked.
    rows = compute_standings(hand_event())
    assert order(rows) == [1, 4, 3, 2, 5, 6]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]
    assert all(isinstance(r, StandingRow) for r in rows)


def test_every_row_carries_all_six_tiebreaks_whatever_the_list():
    for spec in (["cxa2011-cumulative"], ["fouls"], []):
        for r in compute_standings(hand_event(tiebreaks=spec)):
            assert tuple(r.tiebreaks) == BASE_KEYS  # the other tie-breaks only when listed (issue 26)


# ---------------------------------------------------------------------------
# 累进分 (2011 14.3.2)
# ---------------------------------------------------------------------------
def test_cumulative_28_example():
    # W W W W L with 2/1/0: running totals 2, 4, 6, 8, 8 -> 28.
    rounds = [
        ([(1, 2, RED_WIN)], []),
        ([(3, 1, BLACK_WIN)], []),
        ([(1, 4, RED_WIN)], []),
        ([(5, 1, BLACK_WIN)], []),
        ([(1, 6, BLACK_WIN)], []),
    ]
    r = by_no(compute_standings(make_event(6, rounds)))[1]
    assert r.score == 8
    assert r.tiebreaks["cumulative"] == 28
    assert r.round_scores == [2, 2, 2, 2, 0]


def test_cumulative_counts_a_bye_in_its_round_and_keeps_adding_after_withdrawal():
    # Player 1: bye in R1 (2), wins R2 (4), withdraws from round 3: running 2, 4, 4 -> 10.
    rounds = [([(2, 3, DRAW)], [1]), ([(1, 2, RED_WIN)], [3]), ([(2, 3, DRAW)], [])]
    r = by_no(compute_standings(make_event(3, rounds, withdrawn={1: 3})))[1]
    assert r.round_scores == [2, 2, None]
    assert r.tiebreaks["cumulative"] == 10
    assert r.withdrawn


# ---------------------------------------------------------------------------
# 对手分 and byes (2011 14.3.1, 14.4)
# ---------------------------------------------------------------------------
def bye_event(mode, zero_player=True):
    # R1: bye 1; 2(R)-3(B) red_win; 4(R)-5(B) draw
    # R2: 1(R)-2(B) red_win; 3(R)-4(B) draw; bye 5
    # totals: 1: 4, 2: 2, 3: 1, 4: 2, 5: 1+2 = 3; 6 (when present) never plays: 0.
    rounds = [([(2, 3, RED_WIN), (4, 5, DRAW)], [1]), ([(1, 2, RED_WIN), (3, 4, DRAW)], [5])]
    return make_event(6 if zero_player else 5, rounds, bye_opp_score=mode)


@pytest.mark.parametrize(
    "mode, zero_player, bye_value",
    [
        ("lowest_scoring", True, 1),  # 有分棋手中的最低得分: lowest of 4,2,1,2,3 (6 has 0) = 1
        ("lowest", True, 0),  # lowest of all, player 6's 0
        ("zero", True, 0),
        ("lowest_scoring", False, 1),
        ("lowest", False, 1),  # nobody on 0: lowest of all = 1
        ("zero", False, 0),
    ],
)
def test_bye_opp_score_modes(mode, zero_player, bye_value):
    rows = by_no(compute_standings(bye_event(mode, zero_player)))
    # player 1: opponent 2 (final 2) + bye; player 5: opponent 4 (final 2) + bye.
    assert rows[1].tiebreaks["opp_score"] == 2 + bye_value
    assert rows[5].tiebreaks["opp_score"] == 2 + bye_value
    # player 2 has no bye: opponents 3 (1) and 1 (4).
    assert rows[2].tiebreaks["opp_score"] == 5


def test_bye_opp_score_lowest_scoring_is_zero_when_nobody_has_scored():
    # Bye worth 0 points, one game unfinished, the other a double forfeit: every total is 0.
    ev = make_event(5, [([(1, 2, None), (3, 4, DOUBLE_FORFEIT)], [5])], scoring=Scoring(bye=0))
    rows = by_no(compute_standings(ev))
    assert rows[5].score == 0 and rows[5].tiebreaks["opp_score"] == 0


def test_bye_mode_changes_ranking():
    # R1: bye 1; 2(R)-3(B) red_win; 5(R)-4(B) draw
    # R2: 1(R)-3(B) red_win; 2(R)-4(B) draw; bye 5
    # totals: 1: 4, 2: 3, 3: 0, 4: 2, 5: 1+2 = 3.  有分棋手中的最低得分 = 2; lowest of all = 0.
    # 2 and 5 on 3 points.  对手分: 2 = 3 (0) + 4 (2) = 2; 5 = 4 (2) + bye.
    #   lowest_scoring: 5 has 4 > 2 -> 5 first.
    #   lowest / zero:  2 = 2; 胜局 1 = 1 (5's bye); 犯规 0; 后走局数 0 = 0;
    #                   running total after R1: 2 has 2 > 5's 1 -> 2 first.
    rounds = [([(2, 3, RED_WIN), (5, 4, DRAW)], [1]), ([(1, 3, RED_WIN), (2, 4, DRAW)], [5])]
    for mode, first in (("lowest_scoring", 5), ("lowest", 2), ("zero", 2)):
        rows = compute_standings(make_event(5, rounds, bye_opp_score=mode))
        assert order(rows) == [1, first, 7 - first, 4, 3], mode
        assert [r.rank for r in rows] == [1, 2, 3, 4, 5]


def test_opp_score_uses_final_scores_and_counts_withdrawn_and_forfeiting_opponents():
    # R1: 1(R)-2(B) red_win_forfeit (2 did not come), 3(R)-4(B) double_forfeit
    # R2: 2(R)-3(B) red_win; 1(R)-4(B) black_win.  2 withdraws from round 3.
    # R3: 1(R)-3(B) draw; bye 4
    # totals: 1: 2+0+1 = 3, 2: 0+2 = 2, 3: 0+0+1 = 1, 4: 0+2+2 = 4
    rounds = [
        ([(1, 2, RED_WIN_FORFEIT), (3, 4, DOUBLE_FORFEIT)], []),
        ([(2, 3, RED_WIN), (1, 4, BLACK_WIN)], []),
        ([(1, 3, DRAW)], [4]),
    ]
    rows = by_no(compute_standings(make_event(4, rounds, withdrawn={2: 3})))
    assert [rows[n].score for n in (1, 2, 3, 4)] == [3, 2, 1, 4]
    # 1 met 2 (forfeit, withdrawn later: final 2), 4 (4), 3 (1) -> 7
    assert rows[1].tiebreaks["opp_score"] == 7
    # 3 met 4 (double forfeit, counted: 4), 2 (2), 1 (3) -> 9
    assert rows[3].tiebreaks["opp_score"] == 9
    # 4 met 3 (1), 1 (3), bye -> lowest scoring = 1 -> 5
    assert rows[4].tiebreaks["opp_score"] == 5
    assert rows[2].withdrawn and rows[2].round_scores == [0, 2, None]


# ---------------------------------------------------------------------------
# 胜局, 后走胜局, 后走局数 with forfeits, double forfeits, byes, unfinished games
# ---------------------------------------------------------------------------
def test_forfeits_count_as_wins_but_not_as_black_games():
    # R1: 1(R)-2(B) black_win_forfeit; 3(R)-4(B) double_forfeit
    # R2: 3(R)-2(B) black_win;         4(R)-1(B) red_win_forfeit
    rounds = [
        ([(1, 2, BLACK_WIN_FORFEIT), (3, 4, DOUBLE_FORFEIT)], []),
        ([(3, 2, BLACK_WIN), (4, 1, RED_WIN_FORFEIT)], []),
    ]
    rows = by_no(compute_standings(make_event(4, rounds)))
    # 2: forfeit win as black + real win as black -> 2 wins, 1 black win, 1 black game
    assert rows[2].score == 4
    assert (rows[2].tiebreaks["wins"], rows[2].tiebreaks["black_wins"], rows[2].tiebreaks["black_games"]) == (2, 1, 1)
    # 4: double forfeit as black (0 points, no win, no black game), forfeit win as red
    assert rows[4].score == 2 and rows[4].tiebreaks["wins"] == 1
    assert rows[4].tiebreaks["black_games"] == 0
    # 1: two forfeit losses, one of them as black: no black game
    assert rows[1].score == 0 and rows[1].tiebreaks["black_games"] == 0
    assert rows[1].round_scores == [0, 0]
    # double forfeit scores loss points for both, and each counts the other in 对手分
    assert rows[3].round_scores == [0, 0]
    assert rows[3].tiebreaks["opp_score"] == rows[4].score + rows[2].score


def test_bye_counts_as_win_option():
    rounds = [([(2, 3, DRAW)], [1])]
    on = by_no(compute_standings(make_event(3, rounds)))[1]
    off = by_no(compute_standings(make_event(3, rounds, bye_counts_as_win=False)))[1]
    assert on.tiebreaks["wins"] == 1 and off.tiebreaks["wins"] == 0
    assert on.score == off.score == 2
    assert on.tiebreaks["black_games"] == on.tiebreaks["black_wins"] == 0


def test_unfinished_game_counts_nothing_and_the_round_is_in_progress():
    # R1: 1(R)-2(B) red_win, 3(R)-4(B) red_win; R2: 3(R)-1(B) unfinished, foul 1 each side; 2(R)-4(B) draw.
    # Only games with a result count (issue 8 §6): 1 has played 2 alone (1 point) -> 对手分 1;
    # 3 has played 4 alone (1 point) -> 1; the fouls of the unfinished game wait for its result.
    rounds = [([(1, 2, RED_WIN), (3, 4, RED_WIN)], []), ([(3, 1, None, 1, 1), (2, 4, DRAW)], [])]
    ev = make_event(4, rounds)
    rows = by_no(compute_standings(ev))
    assert rows[1].score == 2 and rows[1].round_scores == [2, None]
    assert rows[1].tiebreaks["black_games"] == 0  # not finished: not counted
    assert rows[1].tiebreaks["opp_score"] == 1  # 2 (1 point); 3 not played yet
    assert rows[3].tiebreaks["opp_score"] == 1  # 4 (1 point)
    assert rows[1].tiebreaks["fouls"] == rows[3].tiebreaks["fouls"] == 0
    assert rows[1].tiebreaks["cumulative"] == 2 + 2
    tr = table_round(ev)
    assert (tr.after, dict(tr.unfinished), tr.in_progress) == (2, {2: 1}, True)
    assert tr.title(Msg("report.standings"), "zh", when_first=True) == "第2轮进行中名次表（尚有1台未完成）"
    assert tr.title(Msg("layout.standings"), "zh") == "成绩表（第2轮进行中，尚有1台未完成）"
    assert tr.title(Msg("layout.standings"), "en") == "Standings (round 2 in progress, 1 game unfinished)"
    # once the game has its result, the fouls count
    ev.rounds[1].boards[0].result = DRAW
    assert by_no(compute_standings(ev))[1].tiebreaks["fouls"] == 1
    assert table_round(ev).title(Msg("report.standings"), "zh", when_first=True) == "第2轮后名次表"
    assert table_round(ev).title(Msg("report.standings"), "en") == "Standings after round 2"


def test_a_round_paired_but_not_started_is_left_out():
    # R1: 1(R)-2(B) red_win, 3(R)-4(B) black_win, bye 5; R2 paired, no result yet: 4(R)-1(B), 5(R)-3(B), bye 2.
    # The table is after round 1: R2's pairings add no 对手分 and its bye no points.
    rounds = [([(1, 2, RED_WIN), (3, 4, BLACK_WIN)], [5]), ([(4, 1, None), (5, 3, None)], [2])]
    ev = make_event(5, rounds)
    tr = table_round(ev)
    assert (tr.after, dict(tr.unfinished), tr.in_progress) == (1, {}, False)
    rows = by_no(compute_standings(ev))
    assert all(len(r.round_scores) == 1 for r in rows.values())
    assert rows[2].score == 0  # R2's bye not counted
    assert rows[1].tiebreaks["opp_score"] == 0  # 2 (0); 4 not played yet
    assert rows[4].tiebreaks["opp_score"] == 0  # 3 (0)
    assert rows[5].tiebreaks["opp_score"] == 2  # bye: lowest scoring = 2
    assert compute_standings(ev, 2) == compute_standings(ev, 1)
    # an earlier round still unfinished is noted under round N
    ev.rounds[0].boards[1].result = None
    ev.rounds[1].boards[0].result = RED_WIN
    tr = table_round(ev)
    assert (tr.after, dict(tr.unfinished)) == (2, {1: 1, 2: 1})
    assert tr.title(Msg("layout.standings"), "zh") == "成绩表（第2轮进行中，第1轮尚有1台未完成，尚有1台未完成）"
    assert (
        tr.title(Msg("layout.standings"), "en")
        == "Standings (round 2 in progress, 1 game of round 1 unfinished; 1 game unfinished)"
    )


def test_custom_scoring_colour_dependent_draw():
    # win 3, draw red 1 / black 2 (2011 13.3)
    sc = Scoring(win=3, draw=1, loss=0, draw_red=1, draw_black=2)
    rows = by_no(compute_standings(make_event(3, [([(1, 2, DRAW)], [3])], scoring=sc)))
    assert (rows[1].score, rows[2].score, rows[3].score) == (1, 2, 3)


# ---------------------------------------------------------------------------
# 犯规 ascending, shared ranks
# ---------------------------------------------------------------------------
def test_fouls_fewer_is_better_and_shared_rank():
    # One round: 1-2, 3-4, 5-6 all red wins; red of boards 2 and 3 had a foul.
    # Winners 1, 3, 5: score 2, 对手分 0, 胜局 1 -> 犯规 0 < 1: 1 first, 3 and 5
    # share rank 2.  Losers 2, 4, 6 are equal on everything: shared rank 4.
    rounds = [([(1, 2, RED_WIN), (3, 4, RED_WIN, 1, 0), (5, 6, RED_WIN, 1, 0)], [])]
    ev = make_event(6, rounds)
    ev.players.reverse()  # table order must come from the ranking, then 序号
    ev.reindex()
    rows = compute_standings(ev)
    assert order(rows) == [1, 3, 5, 2, 4, 6]
    assert [r.rank for r in rows] == [1, 2, 2, 4, 4, 4]


def test_fouls_ascending_only_within_the_list():
    # Same event with fouls removed from the list: 1, 3, 5 all share rank 1.
    rounds = [([(1, 2, RED_WIN), (3, 4, RED_WIN, 1, 0), (5, 6, RED_WIN, 1, 0)], [])]
    rows = compute_standings(make_event(6, rounds, tiebreaks=["opp_score", "wins"]))
    assert [r.rank for r in rows] == [1, 1, 1, 4, 4, 4]


def test_all_equal_after_round_zero():
    rows = compute_standings(hand_event(), after_round=0)
    assert [r.rank for r in rows] == [1] * 6
    assert order(rows) == [1, 2, 3, 4, 5, 6]
    assert all(r.score == 0 and r.round_scores == [] for r in rows)
    assert not any(r.withdrawn for r in rows[:5]) and by_no(rows)[6].withdrawn


# ---------------------------------------------------------------------------
# Presets: the order of keys changes the ranking
# ---------------------------------------------------------------------------
# 7 players, 3 rounds.  A = 1 and B = 2 both end on 3 points with 对手分 10 and
# 1 win, 0 fouls, 累进分 7, but A: 后走胜局 1 / 后走局数 1, B: 后走胜局 0 / 后走局数 2.
# R1: 3(R)-1(B) black_win   4(R)-5(B) black_win   6(R)-7(B) red_win   bye 2
# R2: 1(R)-4(B) black_win   5(R)-2(B) red_win     3(R)-6(B) draw      bye 7
# R3: 1(R)-6(B) draw        7(R)-2(B) draw        3(R)-5(B) draw      bye 4
# totals: 1: 3, 2: 3, 3: 0+1+1 = 2, 4: 0+2+2 = 4, 5: 2+2+1 = 5, 6: 2+1+1 = 4, 7: 0+2+1 = 3
# lowest scoring = 2.  对手分: A = 3's 2 + 4's 4 + 6's 4 = 10; B = bye 2 + 5's 5 + 7's 3 = 10
# 累进分: A 2+2+3 = 7; B 2+2+3 = 7.  Player 7: 对手分 4 + 2 + 3 = 9, 累进分 0+2+3 = 5.
PRESET_ROUNDS = [
    ([(3, 1, BLACK_WIN), (4, 5, BLACK_WIN), (6, 7, RED_WIN)], [2]),
    ([(1, 4, BLACK_WIN), (5, 2, RED_WIN), (3, 6, DRAW)], [7]),
    ([(1, 6, DRAW), (7, 2, DRAW), (3, 5, DRAW)], [4]),
]


def test_preset_event_hand_values():
    rows = by_no(compute_standings(make_event(7, PRESET_ROUNDS)))
    for no in (1, 2):
        assert rows[no].score == 3
        assert rows[no].tiebreaks["opp_score"] == 10
        assert rows[no].tiebreaks["cumulative"] == 7
        assert rows[no].tiebreaks["wins"] == 1
        assert rows[no].tiebreaks["fouls"] == 0
    assert (rows[1].tiebreaks["black_wins"], rows[1].tiebreaks["black_games"]) == (1, 1)
    assert (rows[2].tiebreaks["black_wins"], rows[2].tiebreaks["black_games"]) == (0, 2)
    assert rows[7].score == 3 and rows[7].tiebreaks["opp_score"] == 9
    assert rows[7].tiebreaks["cumulative"] == 5


@pytest.mark.parametrize(
    "preset, expected",
    [
        ("cxa2011-opp", [5, 4, 6, 2, 1, 7, 3]),  # 后走局数: B (2) before A (1)
        ("seed001-opp", [5, 4, 6, 1, 2, 7, 3]),  # 后走胜局 first: A (1) before B (0)
        ("cxa2011-cumulative", [5, 4, 6, 2, 1, 7, 3]),
        ("seed001-cumulative", [5, 4, 6, 1, 2, 7, 3]),
    ],
)
def test_presets_change_the_ranking(preset, expected):
    # 4 and 6 on 4 points: 对手分 4 met 5 (5), 1 (3), bye (2) = 10;
    # 6 met 7 (3), 3 (2), 1 (3) = 8 -> 4 first.  累进分 4: 0+2+4 = 6; 6: 2+3+4 = 9
    # -> 6 first under the cumulative presets (checked below).
    rows = compute_standings(make_event(7, PRESET_ROUNDS, tiebreaks=[preset]))
    got = order(rows)
    if "cumulative" in preset:
        expected = [5, 6, 4] + expected[3:]
    assert got == expected


def test_opp_line_and_cumulative_line_differ_on_hand_event():
    # 2 and 5 on 2 points, 对手分 10 each: the 对手分 line goes on to 后走局数
    # (2 ahead); the 累进分 line has 5's 6 > 2's 2 (5 ahead).
    opp = order(compute_standings(hand_event(tiebreaks=["cxa2011-opp"])))
    cum = order(compute_standings(hand_event(tiebreaks=["cxa2011-cumulative"])))
    assert opp.index(2) < opp.index(5)
    assert cum.index(5) < cum.index(2)


# ---------------------------------------------------------------------------
# Fall-backs
# ---------------------------------------------------------------------------
# Four rounds; A = 1 scores 2,0,1,1 and B = 2 scores 0,2,1,1 (both 4 points).
# running totals: A 2,2,3,4; B 0,2,3,4.
#   running_total: after R3 3 = 3, after R2 2 = 2, after R1 2 > 0 -> A first
#   round_score:   R3 1 = 1, R2 0 < 2 -> B first
#   drop_rounds:   4-2 = 2 < 4-0 = 4 -> B first
FALLBACK_ROUNDS = [
    ([(1, 3, RED_WIN), (4, 2, RED_WIN)], []),
    ([(5, 1, RED_WIN), (2, 6, RED_WIN)], []),
    ([(1, 7, DRAW), (8, 2, DRAW)], []),
    ([(9, 1, DRAW), (2, 10, DRAW)], []),
]


@pytest.mark.parametrize(
    "key, reading, first",
    [
        ("back_rounds", "running_total", 1),
        ("back_rounds", "round_score", 2),
        ("drop_rounds", "running_total", 2),
        ("drop_rounds", "round_score", 2),  # the reading only concerns back_rounds
    ],
)
def test_fallback_readings(key, reading, first):
    ev = make_event(10, FALLBACK_ROUNDS, tiebreaks=[key], fallback_reading=reading)
    rows = [r for r in compute_standings(ev) if r.no in (1, 2)]
    assert [r.no for r in rows][0] == first
    assert rows[0].rank < rows[1].rank


def test_back_rounds_running_total_n_minus_one_first():
    # 3 rounds: A = 1 scores 0,2,1 ; B = 2 scores 2,1,0 (both 3, 1 win 1 draw 1 loss)
    # running_total: after R2 A 2 < B 3 -> B first.  round_score: R2 A 2 > B 1 -> A first.
    rounds = [
        ([(3, 1, RED_WIN), (2, 4, RED_WIN)], []),
        ([(1, 5, RED_WIN), (2, 6, DRAW)], []),
        ([(1, 7, DRAW), (8, 2, RED_WIN)], []),
    ]
    rt = compute_standings(make_event(8, rounds, tiebreaks=["back_rounds"]))
    rs = compute_standings(make_event(8, rounds, tiebreaks=["back_rounds"], fallback_reading="round_score"))
    assert [r.no for r in rt if r.no in (1, 2)] == [2, 1]
    assert [r.no for r in rs if r.no in (1, 2)] == [1, 2]


@pytest.mark.parametrize("reading", ["running_total", "round_score"])
def test_back_rounds_starts_at_round_n_minus_one_not_round_one(reading):
    # 4 rounds: A = 1 scores 0,2,2,0 (running 0,2,4,4); B = 2 scores 2,0,1,1 (running 2,2,3,4).
    # Round N-1 = R3 decides: running total 4 > 3, round score 2 > 1 -> A first in both
    # readings (comparing from round 1 upward would put B first).
    rounds = [
        ([(3, 1, RED_WIN), (2, 4, RED_WIN)], []),
        ([(1, 5, RED_WIN), (6, 2, RED_WIN)], []),
        ([(1, 7, RED_WIN), (2, 8, DRAW)], []),
        ([(9, 1, RED_WIN), (10, 2, DRAW)], []),
    ]
    rows = compute_standings(make_event(10, rounds, tiebreaks=["back_rounds"], fallback_reading=reading))
    assert [r.no for r in rows if r.no in (1, 2)] == [1, 2]


def test_fallback_with_full_preset_breaks_a_tie_left_by_the_other_keys():
    # Two mirror-image players equal on every key except the round order.
    # R1: 1(R)-3(B) red_win   2(R)-4(B) black_win
    # R2: 4(R)-1(B) red_win   3(R)-2(B) black_win
    # 1: 2,0 ; 2: 0,2.  对手分: 1 = 3 (2) + 4 (2) = 4 ; 2 = 4 (2) + 3 (2) = 4.
    # wins 1/1, fouls 0, 后走局数 1/1, 后走胜局 0 (1 lost as black) vs 1 (2 won as black)!
    # Use cxa2011-opp (no 后走胜局): back_rounds running_total after R1: 1 has 2 > 0.
    rounds = [([(1, 3, RED_WIN), (2, 4, BLACK_WIN)], []), ([(4, 1, RED_WIN), (3, 2, BLACK_WIN)], [])]
    rows = by_no(compute_standings(make_event(4, rounds)))
    assert rows[1].tiebreaks["opp_score"] == rows[2].tiebreaks["opp_score"] == 4
    assert rows[1].tiebreaks["black_games"] == rows[2].tiebreaks["black_games"] == 1
    assert rows[1].rank < rows[2].rank
    # seed001-opp compares 后走胜局 first: 2 ahead.
    rows = by_no(compute_standings(make_event(4, rounds, tiebreaks=["seed001-opp"])))
    assert rows[2].rank < rows[1].rank
    # Without the fall-back they share.
    rows = by_no(compute_standings(make_event(4, rounds, tiebreaks=["opp_score", "wins", "fouls", "black_games"])))
    assert rows[1].rank == rows[2].rank


# ---------------------------------------------------------------------------
# after_round
# ---------------------------------------------------------------------------
def test_after_round_uses_scores_at_that_round():
    # After R2 of the hand event: totals 1: 4, 2: 0, 3: 3, 4: 3, 5: 2, 6: 0.
    # 有分棋手中的最低得分 = 2.
    rows = by_no(compute_standings(hand_event(), after_round=2))
    assert {n: r.score for n, r in rows.items()} == {1: 4, 2: 0, 3: 3, 4: 3, 5: 2, 6: 0}
    assert rows[1].round_scores == [2, 2]
    # 1 met 2 (0) and 5 (2) -> 2 ; 4 met 3 (3) + bye 2 -> 5 ; 3 met 4 (3) + 2 (0) -> 3
    assert rows[1].tiebreaks["opp_score"] == 2
    assert rows[4].tiebreaks["opp_score"] == 5
    assert rows[3].tiebreaks["opp_score"] == 3
    assert rows[1].tiebreaks["fouls"] == 0  # the foul was in R3
    assert rows[4].tiebreaks["black_games"] == 1
    order2 = order(compute_standings(hand_event(), after_round=2))
    # 3 and 4 on 3: 对手分 3 < 5 -> 4 first
    assert order2[:3] == [1, 4, 3]


def test_after_round_beyond_the_file_is_the_last_round():
    full = compute_standings(hand_event())
    assert [r.to_dict() for r in compute_standings(hand_event(), after_round=9)] == [r.to_dict() for r in full]
    assert [r.to_dict() for r in compute_standings(hand_event(), after_round=3)] == [r.to_dict() for r in full]


def test_withdrawn_flag_follows_after_round():
    ev = make_event(4, [([(1, 2, RED_WIN), (3, 4, DRAW)], []), ([(1, 3, DRAW), (2, 4, DRAW)], [])], withdrawn={4: 3})
    assert by_no(compute_standings(ev, after_round=1))[4].withdrawn is False
    assert by_no(compute_standings(ev))[4].withdrawn is True  # will not play round 3


@pytest.mark.parametrize("bad", [-1, 1.5, "2", True])
def test_bad_after_round(bad):
    with pytest.raises(InputError):
        compute_standings(hand_event(), after_round=bad)


# ---------------------------------------------------------------------------
# resolve_tiebreaks and options
# ---------------------------------------------------------------------------
def test_resolve_presets_and_keys():
    for name, keys in PRESETS.items():
        assert resolve_tiebreaks([name]) == keys
    assert resolve_tiebreaks(["opp_score", "fouls"]) == ["opp_score", "fouls"]
    assert resolve_tiebreaks("cxa2011-opp") == PRESETS["cxa2011-opp"]
    assert resolve_tiebreaks([]) == []
    assert resolve_tiebreaks(["对手分", "胜局", "犯规"]) == ["opp_score", "wins", "fouls"]
    assert resolve_tiebreaks(["wins", "wins", "fouls"]) == ["wins", "fouls"]
    assert PRESETS["cxa2011-opp"] == ["opp_score", "wins", "fouls", "black_games", "back_rounds"]
    assert PRESETS["cxa2011-cumulative"] == ["cumulative", "wins", "fouls", "black_games", "drop_rounds"]
    assert PRESETS["seed001-opp"] == ["opp_score", "wins", "fouls", "black_wins", "black_games", "back_rounds"]
    assert PRESETS["seed001-cumulative"] == ["cumulative", "wins", "fouls", "black_wins", "drop_rounds"]


def test_labels():
    assert LABELS_ZH["opp_score"] == "对手分" and LABELS_ZH["cumulative"] == "累进分"
    assert LABELS_ZH["wins"] == "胜局" and LABELS_ZH["fouls"] == "犯规"
    assert LABELS_ZH["black_wins"] == "后走胜局" and LABELS_ZH["black_games"] == "后走局数"
    assert all(k in LABELS_ZH for k in TIEBREAK_KEYS + ("back_rounds", "drop_rounds"))


def test_unknown_key_is_an_input_error_in_chinese():
    with pytest.raises(InputError) as ei:
        resolve_tiebreaks(["opp_score", "buchholz"])
    assert "buchholz" in ei.value.zh and "未知" in ei.value.zh
    assert "buchholz" in ei.value.en
    with pytest.raises(InputError):
        compute_standings(hand_event(tiebreaks=["sonneborn"]))


@pytest.mark.parametrize("opt", [{"bye_opp_score": "median"}, {"fallback_reading": "opp_reverse"}])
def test_bad_options(opt):
    with pytest.raises(InputError):
        compute_standings(hand_event(**opt))


# ---------------------------------------------------------------------------
# Invariants on random events
# ---------------------------------------------------------------------------
def random_event(rng, n, n_rounds):
    results = [RED_WIN, BLACK_WIN, DRAW, RED_WIN_FORFEIT, BLACK_WIN_FORFEIT, DOUBLE_FORFEIT, None]
    rounds = []
    for _ in range(n_rounds):
        nos = list(range(1, n + 1))
        rng.shuffle(nos)
        byes = [nos.pop()] if len(nos) % 2 else []
        boards = [
            (nos[i], nos[i + 1], rng.choice(results), rng.randint(0, 1), rng.randint(0, 1))
            for i in range(0, len(nos), 2)
        ]
        rounds.append((boards, byes))
    return make_event(
        n,
        rounds,
        tiebreaks=[rng.choice(list(PRESETS))],
        bye_opp_score=rng.choice(["lowest_scoring", "lowest", "zero"]),
        fallback_reading=rng.choice(["running_total", "round_score"]),
    )


@pytest.mark.parametrize("seed", range(40))
def test_random_invariants(seed):
    rng = random.Random(seed)
    ev = random_event(rng, rng.randint(2, 11), rng.randint(1, 7))
    rows = compute_standings(ev)
    assert sorted(r.no for r in rows) == [p.no for p in ev.players]
    totals = {r.no: r.score for r in rows}
    listed = resolve_tiebreaks(ev.settings.tiebreaks)
    for i, r in enumerate(rows):
        assert tuple(r.tiebreaks) == tuple(k for k in TIEBREAK_KEYS if k in BASE_KEYS or k in listed)
        assert r.rank == i + 1 or (i > 0 and r.rank == rows[i - 1].rank)
        if i > 0:
            assert rows[i - 1].score >= r.score
            if rows[i - 1].rank == r.rank:
                assert rows[i - 1].no < r.no
                used = [k for k in resolve_tiebreaks(ev.settings.tiebreaks) if k in TIEBREAK_KEYS]
                assert all(rows[i - 1].tiebreaks[k] == r.tiebreaks[k] for k in used)
        assert r.score == sum(s for s in r.round_scores if s is not None)
        assert r.tiebreaks["black_wins"] <= r.tiebreaks["black_games"]
    # Σ 对手分 without byes = Σ score × games played (with a result; each counts both ways),
    # in the rounds the table counts (up to the last with a result)
    counted = [rnd for rnd in ev.rounds if rnd.round <= table_round(ev).after]
    bye_opp = {r.no: 0 for r in rows}
    boards_of = {r.no: 0 for r in rows}
    for rnd in counted:
        for b in rnd.boards:
            if b.result is not None:
                boards_of[b.red] += 1
                boards_of[b.black] += 1
    n_byes = {r.no: sum(r.no in rnd.byes for rnd in counted) for r in rows}
    opts = ev.settings.standings
    if opts.bye_opp_score == "zero":
        bv = 0
    elif opts.bye_opp_score == "lowest":
        bv = min(totals.values())
    else:
        bv = min([t for t in totals.values() if t > 0], default=0)
    for no in bye_opp:
        bye_opp[no] = n_byes[no] * bv
    assert sum(r.tiebreaks["opp_score"] - bye_opp[r.no] for r in rows) == sum(
        totals[no] * boards_of[no] for no in totals
    )
