"""Round robin (循环赛): the order tables, the rounds made from them, withdrawals,
and the 2011 第14.1/14.2条 standings.

The published tables live in tests/data/roundrobin_tables.json, copied once
from shared/reference/roundrobin-tables.md (the 棋规 附录 对局秩序表, 3–20
players; rules-research.md §1.3–1.4: identical to the FIDE Berger tables,
FIDE Handbook C.05 Annex 1).  The repo never reads ../shared.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

from xlxq.core.model import (
    BLACK_WIN,
    BLACK_WIN_FORFEIT,
    DOUBLE_FORFEIT,
    DRAW,
    RED_WIN,
    RED_WIN_FORFEIT,
    Event,
    EventSettings,
    Player,
    StandingsOptions,
)
from xlxq.systems import pair_round
from xlxq.systems.roundrobin import rr_issues
from xlxq.core.roundrobin import (
    berger_table,
    max_number,
    phantom,
    rr_round_count,
    schedule_rounds,
    table_position,
    table_round,
    withdrawal_ruling,
)
from xlxq.core.rr_standings import RR_PRESETS, compute_rr_standings, cross_table, resolve_rr_tiebreaks
from xlxq.core.simulate import fill_results
from xlxq.errors import InputError

DATA = Path(__file__).parent / "data" / "roundrobin_tables.json"
PUBLISHED = json.loads(DATA.read_text(encoding="utf-8"))["tables"]


# ---------------------------------------------------------------- the table


@pytest.mark.parametrize("n", range(3, 21))
def test_table_equals_published_board_by_board(n):
    pub = PUBLISHED[str(n)]
    assert pub["phantom"] == phantom(n)
    ours = berger_table(n)
    assert len(ours) == len(pub["rounds"]) == max_number(n) - 1
    for r, (mine, theirs) in enumerate(zip(ours, pub["rounds"]), start=1):
        assert [list(p) for p in mine] == theirs, f"{n} players, round {r}"


def test_published_data_covers_3_to_20():
    assert sorted(map(int, PUBLISHED)) == list(range(3, 21))


@pytest.mark.parametrize("n", range(2, 41))
def test_table_matches_berger_closed_form(n):
    """An independent description of the Berger tables: with M the 最大号,
    i and j < M meet in round r ≡ i + j − 1 (mod M − 1), the smaller number
    red iff i + j is odd; i meets M in round r ≡ 2i − 1 (mod M − 1), M red
    in even rounds."""
    m = max_number(n)
    k = m - 1
    for r, rnd in enumerate(berger_table(n), start=1):
        assert len(rnd) == m // 2
        assert m in rnd[0], "the 最大号 pair is always on board 1"
        for red, black in rnd:
            if m in (red, black):
                i = black if red == m else red
                assert (2 * i - 1 - r) % k == 0
                assert (red == m) == (r % 2 == 0)
            else:
                assert (red + black - 1 - r) % k == 0
                lo = min(red, black)
                assert (red == lo) == ((red + black) % 2 == 1)


def test_two_players_and_errors():
    assert berger_table(2) == [[(1, 2)]]
    with pytest.raises(InputError):
        berger_table(1)


@pytest.mark.parametrize("n", range(3, 21))
def test_colour_properties(n):
    """rules-research §1.3: even N → (N−2)/2 or N/2 reds and never three of a
    colour in a row; odd N (byes skipped) → exactly (N−1)/2 reds, strict
    alternation; the 最大号 alternates every round."""
    seq = {p: [] for p in range(1, max_number(n) + 1)}
    for rnd in schedule_rounds(list(range(1, n + 1))):
        for b in rnd.boards:
            seq[b.red].append("R")
            seq[b.black].append("B")
    for p in range(1, n + 1):
        s = "".join(seq[p])
        reds = s.count("R")
        if n % 2 == 0:
            assert reds in ((n - 2) // 2, n // 2)
            assert "RRR" not in s and "BBB" not in s
        else:
            assert reds == (n - 1) // 2
            assert "RR" not in s and "BB" not in s
    if n % 2 == 0:
        assert "".join(seq[n]) == "".join("B" if r % 2 else "R" for r in range(1, n))


@pytest.mark.parametrize("double", [False, True])
@pytest.mark.parametrize("g", [1, 2, 3])
@pytest.mark.parametrize("n", list(range(2, 24)) + [31, 40])
def test_every_pair_meets_once_per_cycle(n, double, g):
    nos = [10 + 3 * i for i in range(n)]  # 序号 need not be 1..N
    rounds = schedule_rounds(nos, double=double, games_per_match=g)
    assert len(rounds) == rr_round_count(n, double, g) == (max_number(n) - 1) * (2 if double else 1) * g
    assert [r.round for r in rounds] == list(range(1, len(rounds) + 1))
    per_cycle = len(rounds) // (2 if double else 1)
    for c in range(2 if double else 1):
        cyc = rounds[c * per_cycle : (c + 1) * per_cycle]
        meet = Counter(frozenset((b.red, b.black)) for r in cyc for b in r.boards)
        assert set(meet) == {frozenset(p) for p in combinations(nos, 2)}
        assert set(meet.values()) == {g}
        byes = Counter(no for r in cyc for no in r.byes)
        assert byes == (Counter({no: g for no in nos}) if n % 2 else Counter())
    for r in rounds:
        seen = r.players()
        assert sorted(seen) == sorted(nos)  # everyone plays or has the bye
        assert [b.board for b in r.boards] == list(range(1, len(r.boards) + 1))


def test_phantom_opponent_has_the_bye():
    # rules-research §1.4: with 5 players the byes in rounds 1–5 fall to 1, 4, 2, 5, 3.
    rounds = schedule_rounds([1, 2, 3, 4, 5])
    assert [r.byes for r in rounds] == [[1], [4], [2], [5], [3]]
    # the real boards keep the table's order, numbered from 1
    assert [(b.red, b.black) for b in rounds[1].boards] == [(5, 3), (1, 2)]


def test_second_cycle_reverses_colours_and_matches_swap_colours():
    nos = list(range(1, 7))
    single = schedule_rounds(nos)
    double = schedule_rounds(nos, double=True)
    assert len(double) == 10
    for a, b in zip(single, double[5:]):
        assert [(x.black, x.red) for x in a.boards] == [(x.red, x.black) for x in b.boards]
    assert [(x.red, x.black) for x in double[0].boards] == [(x.red, x.black) for x in single[0].boards]
    two = schedule_rounds(nos, games_per_match=2)
    assert len(two) == 10
    for t, table in enumerate(single):
        g1, g2 = two[2 * t], two[2 * t + 1]
        assert [(x.red, x.black) for x in g1.boards] == [(x.red, x.black) for x in table.boards]
        assert [(x.red, x.black) for x in g2.boards] == [(x.black, x.red) for x in table.boards]
    # double round robin of two-game matches: cycle 2 game 1 = table reversed, game 2 = table
    both = schedule_rounds(nos, double=True, games_per_match=2)
    assert [(x.red, x.black) for x in both[10].boards] == [(x.black, x.red) for x in single[0].boards]
    assert [(x.red, x.black) for x in both[11].boards] == [(x.red, x.black) for x in single[0].boards]
    assert table_position(12, 6, True, 2) == (2, 1, 2)


def test_players_map_onto_table_numbers():
    rnd = table_round([11, 12, 15, 20], 2)
    assert [(b.red, b.black) for b in rnd.boards] == [(20, 15), (11, 12)]


# ---------------------------------------------------------------- pairing


def rr_event(n, system="round_robin", g=1, withdrawn=None, **kw):
    players = [Player(i, f"P{i}", withdrawn_from_round=(withdrawn or {}).get(i)) for i in range(1, n + 1)]
    total = rr_round_count(n, system == "double_round_robin", g)
    return Event(EventSettings(system=system, rounds=kw.pop("rounds", total), games_per_match=g, **kw), players)


def play_all(ev, seed=0, results=None):
    rng = random.Random(seed)
    while ev.next_round <= ev.settings.rounds:
        out = pair_round(ev)
        rnd = out.round
        if results:
            for b in rnd.boards:
                if b.result is None:
                    b.result = results.get((rnd.round, b.red, b.black))
        fill_results(rnd, rng)
        ev = ev.with_round(rnd)
    return ev


@pytest.mark.parametrize("system", ["round_robin", "double_round_robin"])
def test_pair_round_follows_the_table(system):
    ev = rr_event(7, system)
    played = play_all(ev)
    expected = schedule_rounds(list(range(1, 8)), double=(system == "double_round_robin"))
    assert [[(b.red, b.black) for b in r.boards] for r in played.rounds] == [
        [(b.red, b.black) for b in r.boards] for r in expected
    ]
    assert [r.byes for r in played.rounds] == [r.byes for r in expected]
    with pytest.raises(InputError):
        pair_round(played)


def test_pair_round_respects_settings_rounds_and_notes():
    ev = rr_event(6, rounds=3)
    out = pair_round(ev)
    assert out.notes[0] == "循环赛：秩序表第1轮"
    assert any("共5轮" in n for n in out.notes)
    ev = play_all(ev)
    assert len(ev.rounds) == 3
    with pytest.raises(InputError, match="rounds"):
        pair_round(ev)


def test_two_game_matches_pairing():
    ev = play_all(rr_event(4, g=2))
    assert len(ev.rounds) == 6
    assert [(b.red, b.black) for b in ev.rounds[1].boards] == [(4, 1), (3, 2)]


# ---------------------------------------------------------------- withdrawals


def test_withdrawal_under_half_annuls_and_gives_byes():
    # 6 players, 6 withdraws from round 3 after meeting 1 and 4 (2 of 5 < half)
    ev = rr_event(6, withdrawn={6: 3})
    ev = play_all(ev)
    assert withdrawal_ruling(ev, 6) == "annulled"
    r3, r4, r5 = ev.rounds[2:]
    assert 6 not in r3.players() and r3.byes == [2]  # table R3: 2-6, 3-1, 4-5
    assert r4.byes == [5] and r5.byes == [3]
    rows = compute_rr_standings(ev)
    assert rows[-1].no == 6 and rows[-1].rank is None and rows[-1].annulled
    # nobody keeps points from games against 6, and the 5 others each have 4 games
    assert all(r.games == 4 for r in rows[:-1])
    assert sum(r.score for r in rows[:-1]) == 2 * 10
    assert 6 not in cross_table(ev)[1]


def test_withdrawal_at_half_or_more_gives_forfeits():
    # 6 withdraws from round 4 after meeting 1, 4 and 2 (3 of 5 ≥ half)
    ev = rr_event(6, withdrawn={6: 4})
    ev = play_all(ev, results={(1, 1, 6): RED_WIN, (2, 6, 4): DRAW, (3, 2, 6): BLACK_WIN})
    assert withdrawal_ruling(ev, 6) == "forfeit"
    assert [(b.red, b.black, b.result) for b in ev.rounds[3].boards if 6 in (b.red, b.black)] == [
        (6, 5, BLACK_WIN_FORFEIT)
    ]
    assert [(b.red, b.black, b.result) for b in ev.rounds[4].boards if 6 in (b.red, b.black)] == [
        (3, 6, RED_WIN_FORFEIT)
    ]
    row6 = {r.no: r for r in compute_rr_standings(ev)}[6]
    assert row6.score == 1 + 2 and row6.rank is not None and row6.withdrawn and not row6.annulled
    # black in R1 and R3 (played); the R5 forfeit as black does not count
    assert row6.tiebreaks["black_games"] == 2


def test_check_names_a_withdrawal_result_in_the_result_sheets_words():
    """A game against a withdrawn player typed as an ordinary win is flagged
    (第20.3条) with the words an arbiter types (黑胜(弃权)), never the file's
    internal code (black_win_forfeit) — as the workbook's check printed it."""
    ev = rr_event(6, withdrawn={6: 4})
    ev = play_all(ev, results={(1, 1, 6): RED_WIN, (2, 6, 4): DRAW, (3, 2, 6): BLACK_WIN})
    r4 = ev.rounds[3]
    b = next(b for b in r4.boards if 6 in (b.red, b.black))
    assert b.result == BLACK_WIN_FORFEIT
    b.result = BLACK_WIN  # typed by hand as an ordinary win
    issues, _ = rr_issues(ev, 4)
    (issue,) = [i for i in issues if i.code == "withdrawn_result"]
    assert issue.message("zh") == f"第4轮第{b.board}台：一方已退赛，按第20.3条应记为 黑胜(弃权)，文件中为 黑胜"
    assert "black win (forfeit)" in issue.message("en") and "black_win" not in issue.message("en")


def test_unfinished_games_of_a_withdrawn_player_count_as_forfeits_in_standings():
    # rounds paired in advance, then 4 withdraws from round 3 (met 1 and 2 of 3 → stands)
    n = 4
    ev = rr_event(n)
    for rnd in schedule_rounds([1, 2, 3, 4]):
        ev = ev.with_round(rnd)
    for r in ev.rounds[:2]:
        for b in r.boards:
            b.result = DRAW
    ev.players[3].withdrawn_from_round = 3
    rows = {r.no: r for r in compute_rr_standings(ev)}
    # round 3 (table: 2-4, 3-1): 2 wins by forfeit, 3-1 unfinished
    assert rows[2].score == 2 + 2 and rows[4].score == 2
    assert rows[1].games == 2


def test_withdrawal_policy_options():
    ev = rr_event(6, withdrawn={6: 4}, standings=StandingsOptions(rr_withdrawal="annul"))
    assert withdrawal_ruling(ev, 6) == "annulled"
    ev = rr_event(6, withdrawn={6: 2}, standings=StandingsOptions(rr_withdrawal="forfeit"))
    assert withdrawal_ruling(ev, 6) == "forfeit"
    ev = rr_event(6, withdrawn={6: 2}, standings=StandingsOptions(rr_withdrawal="bogus"))
    with pytest.raises(InputError):
        pair_round(ev)


def test_withdrawal_before_start():
    # 6 registered, one out before round 1 → 5 remain (odd): his slot is the bye
    ev = play_all(rr_event(6, withdrawn={3: 1}))
    assert all(3 not in r.players() for r in ev.rounds)
    assert [len(r.byes) for r in ev.rounds] == [1, 1, 1, 1, 1]
    # 5 registered, one out → 4 remain (even): the rules say redraw
    with pytest.raises(InputError, match="重新抽签"):
        pair_round(rr_event(5, withdrawn={2: 1}))


def test_both_players_withdrawn_double_forfeit():
    ev = rr_event(6, withdrawn={5: 5, 1: 5}, standings=StandingsOptions(rr_withdrawal="forfeit"))
    ev = play_all(ev)
    # table R5: 3-6, 4-2, 5-1
    assert [(b.red, b.black, b.result) for b in ev.rounds[4].boards if b.red == 5] == [(5, 1, DOUBLE_FORFEIT)]


# ---------------------------------------------------------------- standings


def event_with(n, results, g=1, tiebreaks=None, double=False):
    """``results``: {(red, black): result} for the table's games."""
    ev = rr_event(n, "double_round_robin" if double else "round_robin", g)
    if tiebreaks is not None:
        ev.settings.tiebreaks = tiebreaks
    for rnd in schedule_rounds(list(range(1, n + 1)), double=double, games_per_match=g):
        for b in rnd.boards:
            b.result = (
                results[(rnd.round, b.red, b.black)]
                if (rnd.round, b.red, b.black) in results
                else results[(b.red, b.black)]
            )
        ev = ev.with_round(rnd)
    return ev


def test_141_sonneborn_berger_by_hand():
    # 4 players, table: R1 1-4 2-3 | R2 4-3 1-2 | R3 2-4 3-1
    ev = event_with(
        4, {(1, 4): RED_WIN, (2, 3): DRAW, (4, 3): RED_WIN, (1, 2): BLACK_WIN, (2, 4): DRAW, (3, 1): RED_WIN}
    )
    rows = compute_rr_standings(ev)
    # scores: 1 → 2, 2 → 4, 3 → 3, 4 → 3
    # 小分: 3 beat 1 (2) + ½·2's 4 = 4;  4 beat 3 (3) + ½·2's 4 = 5
    assert [(r.rank, r.no, r.score) for r in rows] == [(1, 2, 4), (2, 4, 3), (3, 3, 3), (4, 1, 2)]
    tb = {r.no: r.tiebreaks for r in rows}
    assert tb[3]["sb"] == 4 and tb[4]["sb"] == 5
    assert tb[2]["sb"] == 2 + 3 / 2 + 3 / 2  # beat 1, drew 3 and 4
    assert tb[3]["direct"] is None  # separated before 直胜 was reached


def test_direct_two_way_is_the_mutual_result():
    ev = event_with(
        4,
        {(1, 4): RED_WIN, (2, 3): DRAW, (4, 3): RED_WIN, (1, 2): BLACK_WIN, (2, 4): DRAW, (3, 1): RED_WIN},
        tiebreaks=["direct"],
    )
    rows = compute_rr_standings(ev)
    assert [(r.rank, r.no) for r in rows] == [(1, 2), (2, 4), (3, 3), (4, 1)]
    tb = {r.no: r.tiebreaks for r in rows}
    assert (tb[4]["direct"], tb[3]["direct"]) == (2, 0)


def test_direct_mini_table_then_again_among_the_still_tied():
    # 1..4 all on 6 points; among them 1 → 5, 4 → 3, 2 → 2, 3 → 2; and 2 beat 3.
    w = {
        frozenset((1, 2)): 1,
        frozenset((1, 3)): 1,
        frozenset((1, 4)): None,
        frozenset((2, 3)): 2,
        frozenset((2, 4)): 4,
        frozenset((3, 4)): 3,
        frozenset((1, 5)): None,
        frozenset((1, 6)): 6,
        frozenset((4, 5)): 4,
        frozenset((4, 6)): None,
        frozenset((2, 5)): 2,
        frozenset((2, 6)): 2,
        frozenset((3, 5)): 3,
        frozenset((3, 6)): 3,
        frozenset((5, 6)): None,
    }
    results = {}
    for r in berger_table(6):
        for red, black in r:
            win = w[frozenset((red, black))]
            results[(red, black)] = DRAW if win is None else RED_WIN if win == red else BLACK_WIN
    ev = event_with(6, results, tiebreaks=["direct"])
    rows = compute_rr_standings(ev)
    assert {r.no: r.score for r in rows} == {1: 6, 2: 6, 3: 6, 4: 6, 5: 2, 6: 4}
    assert [(r.rank, r.no) for r in rows] == [(1, 1), (2, 4), (3, 2), (4, 3), (5, 6), (6, 5)]
    assert {r.no: r.tiebreaks["direct"] for r in rows if r.no <= 4} == {1: 5, 4: 3, 2: 2, 3: 2}
    # with no tie-breaks at all the four share first place, listed by 序号
    ev.settings.tiebreaks = []
    assert [(r.rank, r.no) for r in compute_rr_standings(ev)][:4] == [(1, 1), (1, 2), (1, 3), (1, 4)]


def test_direct_needs_every_pair_to_have_met():
    ev = event_with(
        4, {(1, 4): DRAW, (2, 3): DRAW, (4, 3): DRAW, (1, 2): DRAW, (2, 4): DRAW, (3, 1): DRAW}, tiebreaks=["direct"]
    )
    rows = compute_rr_standings(ev, after_round=1)
    assert all(r.rank == 1 and r.tiebreaks["direct"] is None for r in rows)


def test_fouls_ascending_and_black_games():
    ev = event_with(
        4,
        {(1, 4): DRAW, (2, 3): DRAW, (4, 3): DRAW, (1, 2): DRAW, (2, 4): DRAW, (3, 1): DRAW},
        tiebreaks=["fouls", "black_games"],
    )
    ev.rounds[0].boards[0].fouls_red = 1  # 1 fouled once
    rows = compute_rr_standings(ev)
    # all on 3 points; 1 has a foul → last; the others by 后走局数:
    # blacks: 2 → R2 (1-2) = 1; 3 → R1, R2 (4-3) = 2; 4 → R1 (1-4), R3 (2-4) = 2
    assert [(r.rank, r.no) for r in rows] == [(1, 3), (1, 4), (3, 2), (4, 1)]


def test_142_match_points_then_game_points():
    # 3 players, two-game matches: model rounds 1–2 = 2v3, 3–4 = 1v2, 5–6 = 3v1
    ev = event_with(
        3,
        {
            (1, 2, 3): RED_WIN,
            (2, 3, 2): BLACK_WIN,  # 2 beats 3 4:0
            (3, 1, 2): RED_WIN,
            (4, 2, 1): DRAW,  # 1 beats 2 3:1
            (5, 3, 1): RED_WIN,
            (6, 1, 3): DRAW,
        },
        g=2,
    )  # 3 beats 1 3:1
    rows = compute_rr_standings(ev)
    # 场分 2 each; 局分总和 2 → 5, 1 → 4, 3 → 3
    assert [(r.rank, r.no, r.score, r.tiebreaks["game_points"]) for r in rows] == [
        (1, 2, 2, 5),
        (2, 1, 2, 4),
        (3, 3, 2, 3),
    ]
    assert {r.no: r.tiebreaks["black_wins"] for r in rows} == {1: 0, 2: 1, 3: 0}
    # a match counts only when complete
    part = compute_rr_standings(ev, after_round=3)
    assert {r.no: r.score for r in part} == {1: 0, 2: 2, 3: 0}


def test_byes_count_nowhere():
    ev = event_with(3, {(2, 3): DRAW, (1, 2): DRAW, (3, 1): DRAW})
    rows = compute_rr_standings(ev)
    assert all(r.score == 2 and r.tiebreaks["wins"] == 0 and r.tiebreaks["black_games"] == 1 for r in rows)


def test_tiebreak_resolution():
    assert resolve_rr_tiebreaks(["cxa2011-opp"], 1) == RR_PRESETS["cxa2011-rr"]
    assert resolve_rr_tiebreaks(None, 2) == RR_PRESETS["cxa2011-rr-match"]
    assert resolve_rr_tiebreaks(["小分", "直胜", "胜局"], 1) == ["sb", "direct", "wins"]
    assert resolve_rr_tiebreaks([], 1) == []
    with pytest.raises(InputError):
        resolve_rr_tiebreaks(["opp_score"], 1)
