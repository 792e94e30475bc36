"""Team events: the model, board colours, line-up formats (分台定人制、分台换人制、
临时定台制) checked on entry with messages naming team/round/board, and
validation of stored rounds.  Also the helpers the other team tests use."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tests.conftest import make_team_event

from xlxq.systems import team_rules
from xlxq.core.model import BLACK_WIN_FORFEIT, DOUBLE_FORFEIT, RED_WIN_FORFEIT, Board, Scoring
from xlxq.core.teams import (
    VACANT,
    Match,
    TeamEvent,
    TeamRound,
    TeamScoring,
    TeamSettings,
    check_lineup,
    default_lineup,
    first_team_colour,
    fixed_board_of,
    lineup_format,
    make_boards,
    match_game_points,
    seats,
    set_lineups,
    validate_team_event,
)
from xlxq.errors import InputError

RESULTS = ("red_win", "draw", "black_win")
WEIGHTS = (0.38, 0.30, 0.32)


# ------------------------------------------------------------------ helpers


def make_event(
    n_teams: int,
    boards: int = 4,
    reserves: int = 1,
    lineup: str = "fixed_boards",
    system: str = "swiss",
    rounds: int = 5,
    **settings,
) -> TeamEvent:
    return make_team_event(n_teams, boards, reserves, system=system, rounds=rounds, lineup=lineup, **settings)


def random_lineup(ev: TeamEvent, team_no: int, round_no: int, rng: random.Random, vacant_p: float = 0.0) -> list[int]:
    """A valid line-up of the event's format, chosen at random."""
    s = ev.settings
    t = ev.team(team_no)
    active = [no for no in t.players if ev.player(no).active_in(round_no)]
    if s.lineup == "per_round":
        pick = rng.sample(active, min(s.boards, len(active)))
        out = pick + [VACANT] * (s.boards - len(pick))
        return [VACANT if rng.random() < vacant_p else x for x in out]
    if s.lineup == "fixed_order":
        k = min(s.boards, len(active))
        if vacant_p and rng.random() < vacant_p * s.boards:
            k = max(0, k - 1)
        pick = sorted(rng.sample(active, k), key=t.place)
        return pick + [VACANT] * (s.boards - k)
    out = []
    used = set()
    for k in range(1, s.boards + 1):
        cands = [no for no in active if no not in used and fixed_board_of(ev, team_no, no, round_no) in (k, None)]
        if not cands or rng.random() < vacant_p:
            out.append(VACANT)
            continue
        no = rng.choice(cands)
        used.add(no)
        out.append(no)
    return out


def fill(ev: TeamEvent, round_no: int, rng: random.Random, forfeit_p: float = 0.02, unfinished_p: float = 0.0):
    """Random results on every board of the round (in place)."""
    for m in ev.get_round(round_no).matches:
        for b in m.boards:
            if b.result is not None:
                continue
            x = rng.random()
            if x < unfinished_p:
                continue
            if x < unfinished_p + forfeit_p:
                b.result = rng.choice((RED_WIN_FORFEIT, BLACK_WIN_FORFEIT))
            else:
                b.result = rng.choices(RESULTS, WEIGHTS)[0]
            if rng.random() < 0.05:
                b.fouls_red = 1


def seat_randomly(ev: TeamEvent, round_no: int, rng: random.Random, vacant_p: float = 0.0) -> TeamEvent:
    rnd = ev.get_round(round_no)
    lineups = {t: random_lineup(ev, t, round_no, rng, vacant_p) for m in rnd.matches for t in m.teams()}
    return set_lineups(ev, round_no, lineups, rules=team_rules(ev.settings))


def event_with_round(ev: TeamEvent, pairs, lineups=None, results=None, byes=()) -> TeamEvent:
    """Append a round of matches ``pairs`` (first, second) seated by
    ``lineups`` (default line-ups) and, optionally, board results per match."""
    rn = ev.next_round
    ev = ev.with_round(TeamRound(rn, [Match(i, a, b) for i, (a, b) in enumerate(pairs, start=1)], list(byes)))
    ev = set_lineups(ev, rn, lineups or {}, rules=team_rules(ev.settings))
    if results:
        for m, res in zip(ev.get_round(rn).matches, results):
            for b, r in zip(m.boards, res):
                b.result = r
    return ev


# ------------------------------------------------------------------ colours and boards


def test_first_team_red_on_odd_boards():
    assert [first_team_colour(k) for k in range(1, 7)] == ["R", "B", "R", "B", "R", "B"]
    boards = make_boards([1, 2, 3, 4], [11, 12, 13, 14])
    assert [(b.red, b.black) for b in boards] == [(1, 11), (12, 2), (3, 13), (14, 4)]
    assert all(b.result is None for b in boards)


def test_empty_seats_are_forfeits():
    boards = make_boards([1, VACANT, VACANT, 4], [11, 12, VACANT, 14])
    assert boards[0].result is None
    assert boards[1].red == 12 and boards[1].black == VACANT and boards[1].result == RED_WIN_FORFEIT
    assert boards[2].result == DOUBLE_FORFEIT
    boards = make_boards([VACANT, 2], [11, 12])
    assert boards[0].result == BLACK_WIN_FORFEIT


def test_match_points_default_and_other_scales():
    sc = TeamScoring()
    assert (sc.match_points(5, 3, True), sc.match_points(3, 5, False), sc.match_points(4, 4, True)) == (2, 0, 1)
    xiangjia = TeamScoring(match_win=3, match_draw=1, match_loss=0, match_draw_first=1, match_draw_second=2)
    assert xiangjia.match_points(4, 4, True) == 1 and xiangjia.match_points(4, 4, False) == 2
    assert xiangjia.match_points(6, 2, False) == 3
    assert sc.bye_match() == 2 and sc.bye_games(4) == 8
    assert TeamScoring(bye_match_points=1, bye_game_points=4).bye_games(4) == 4


def test_match_game_points_and_colour_dependent_draws():
    ev = make_event(2, boards=4)
    ev = event_with_round(ev, [(1, 2)], results=[["red_win", "red_win", "draw", "black_win"]])
    m = ev.rounds[0].matches[0]
    # board 1: first team red wins; board 2: second team (red) wins; draw; board 4: first team (black) wins
    assert match_game_points(ev, m) == (5.0, 3.0, True)
    ev.settings.scoring = TeamScoring(game=Scoring(draw_red=1, draw_black=2))
    assert match_game_points(ev, m) == (5.0, 4.0, True)  # board 3: first team red 1, second black 2
    m.boards[1].result = "draw"  # board 2: first team black 2, second red 1
    assert match_game_points(ev, m) == (7.0, 3.0, True)
    m.boards[0].result = None
    assert match_game_points(ev, m) == (5.0, 3.0, False)  # unfinished boards add nothing
    assert match_game_points(ev, m, provisional=True) == (6.0, 5.0, False)  # … or a draw for pairing


# ------------------------------------------------------------------ line-up formats


def test_fixed_boards_registered_and_reserve_boards():
    ev = make_event(2, boards=4, reserves=2)
    t1 = ev.team(1)  # players 1..6: 1-4 主力, 5-6 替补
    t1.reserve_boards = {5: 2}
    ev = ev.with_round(TeamRound(1, [Match(1, 1, 2)]))
    check_lineup(ev, 1, 1, [1, 2, 3, 4])
    check_lineup(ev, 1, 1, [1, 5, 3, 4])  # the 替补 registered for board 2
    check_lineup(ev, 1, 1, [1, 2, 6, 4])  # an unbound 替补 anywhere, the first time
    check_lineup(ev, 1, 1, [1, VACANT, 3, 4])
    with pytest.raises(InputError) as e:
        check_lineup(ev, 1, 1, [2, 1, 3, 4])
    assert "第1轮 1队（1队） 第1台" in e.value.zh and "分台定人制" in e.value.zh and "固定在第2台" in e.value.zh
    assert e.value.place.as_dict() == {"round": 1, "team": 1, "board": 1}  # where, without the text
    with pytest.raises(InputError, match="第3台.*固定在第2台"):
        check_lineup(ev, 1, 1, [1, 2, 5, 4])
    # the unbound 替补 6 plays board 3 in round 1: bound to it from then on
    ev = set_lineups(ev, 1, {1: [1, 2, 6, 4]}, rules=team_rules(ev.settings))
    ev = ev.with_round(TeamRound(2, [Match(1, 2, 1)]))
    assert fixed_board_of(ev, 1, 6, 2) == 3
    check_lineup(ev, 2, 1, [1, 2, 6, 4])
    with pytest.raises(InputError, match="首次出场"):
        check_lineup(ev, 2, 1, [6, 2, 3, 4])


def test_fixed_order_keeps_registered_order():
    ev = make_event(2, boards=4, reserves=2, lineup="fixed_order")
    ev = ev.with_round(TeamRound(1, [Match(1, 1, 2)]))
    check_lineup(ev, 1, 1, [1, 2, 3, 4])
    check_lineup(ev, 1, 1, [1, 3, 4, 6])  # 替补 6 in, 2 and 5 out: order kept
    check_lineup(ev, 1, 1, [2, 3, 5, VACANT])  # short-handed: empty bottom board
    with pytest.raises(InputError) as e:
        check_lineup(ev, 1, 1, [1, 3, 2, 4])
    assert "第1轮 1队（1队） 第3台" in e.value.zh and "分台换人制须保持报名顺序" in e.value.zh
    with pytest.raises(InputError, match="空台只能在最后"):
        check_lineup(ev, 1, 1, [1, VACANT, 3, 4])


def test_per_round_any_order():
    ev = make_event(2, boards=4, reserves=2, lineup="per_round")
    ev = ev.with_round(TeamRound(1, [Match(1, 1, 2)]))
    check_lineup(ev, 1, 1, [6, 4, 1, 3])
    check_lineup(ev, 1, 1, [VACANT, 4, 1, 3])


@pytest.mark.parametrize("fmt", ["fixed_boards", "fixed_order", "per_round"])
def test_checks_common_to_every_format(fmt):
    ev = make_event(2, boards=4, reserves=1, lineup=fmt)
    ev = ev.with_round(TeamRound(1, [Match(1, 1, 2)]))
    with pytest.raises(InputError, match="应有4台"):
        check_lineup(ev, 1, 1, [1, 2, 3])
    with pytest.raises(InputError, match="第2台.*不是本队报名队员（属于2队）"):
        check_lineup(ev, 1, 1, [1, 7, 3, 4])
    with pytest.raises(InputError, match="未报名"):
        check_lineup(ev, 1, 1, [1, 99, 3, 4])
    with pytest.raises(InputError, match="同一轮不能出场两次"):
        check_lineup(ev, 1, 1, [1, 1, 3, 4])
    with pytest.raises(InputError, match="序号无效"):
        check_lineup(ev, 1, 1, [1, "2", 3, 4])
    ev.player(2).withdrawn_from_round = 1
    with pytest.raises(InputError, match="已退赛"):
        check_lineup(ev, 1, 1, [1, 2, 3, 4])
    assert 2 not in default_lineup(ev, 1, 1)


def test_messages_in_english_too():
    ev = make_event(2, boards=2, reserves=0, lineup="fixed_order")
    ev = ev.with_round(TeamRound(1, [Match(1, 1, 2)]))
    with pytest.raises(InputError) as e:
        check_lineup(ev, 1, 1, [2, 1])
    assert e.value.en.startswith("round 1, team 1队 (1), board 2: fixed order")


def test_lineup_format_names():
    assert lineup_format("分台定人制") == "fixed_boards"
    assert lineup_format("分台换人制") == "fixed_order"
    assert lineup_format("临时定台制") == "per_round"
    assert lineup_format("per_round") == "per_round"
    with pytest.raises(InputError):
        lineup_format("全队轮")


def test_default_lineups():
    ev = make_event(2, boards=3, reserves=2, lineup="fixed_boards")
    ev.team(1).reserve_boards = {4: 2}
    assert default_lineup(ev, 1, 1) == [1, 2, 3]
    ev.player(2).withdrawn_from_round = 1
    assert default_lineup(ev, 1, 1) == [1, 4, 3]  # the 替补 of board 2
    ev.player(1).withdrawn_from_round = 1
    assert default_lineup(ev, 1, 1) == [5, 4, 3]  # the unbound 替补 fills board 1
    ev2 = make_event(2, boards=3, reserves=0, lineup="fixed_order")
    ev2.player(3).withdrawn_from_round = 1
    assert default_lineup(ev2, 1, 1) == [1, 2, VACANT]


# ------------------------------------------------------------------ set_lineups and validation


def test_set_lineups_builds_boards_and_keeps_results():
    ev = make_event(2, boards=4, reserves=1, lineup="per_round")
    ev = ev.with_round(TeamRound(1, [Match(1, 2, 1)]))
    ev = set_lineups(ev, 1, {1: [4, 3, 2, 1]}, rules=team_rules(ev.settings))
    m = ev.rounds[0].matches[0]
    assert seats(ev, m, 2) == [6, 7, 8, 9] and seats(ev, m, 1) == [4, 3, 2, 1]
    assert (m.boards[0].red, m.boards[0].black) == (6, 4)  # team 2 listed first: red on board 1
    m.boards[0].result = "draw"
    ev = set_lineups(
        ev, 1, {2: [6, 7, 8, 10]}, rules=team_rules(ev.settings)
    )  # board 4 changes, board 1 keeps its result
    m = ev.rounds[0].matches[0]
    assert m.boards[0].result == "draw" and m.boards[3].result is None
    with pytest.raises(InputError, match="本轮没有比赛"):
        set_lineups(ev.with_round(TeamRound(2, [], [1, 2])), 2, {1: [1, 2, 3, 4]}, rules=team_rules(TeamSettings()))


def test_validation_of_stored_rounds():
    ev = make_event(3, boards=2, reserves=0)
    validate_team_event(ev, rules=team_rules(ev.settings))
    good = event_with_round(ev, [(1, 2)], byes=[3])
    validate_team_event(good, rules=team_rules(good.settings))

    def broken(mutate):
        e = event_with_round(ev, [(1, 2)], byes=[3])
        mutate(e.rounds[0])
        return e

    cases = [
        (lambda r: setattr(r.matches[0].boards[0], "red", 5), "不是1队的队员（先走队单数台执红"),
        (lambda r: r.byes.append(1), "既有比赛又轮空"),
        (lambda r: setattr(r.matches[0], "second", 1), "出现两次"),
        (lambda r: r.matches[0].boards.pop(), "应有2台"),
        (lambda r: setattr(r.matches[0].boards[1], "board", 5), "台次编号应为2"),
        (lambda r: setattr(r.matches[0].boards[0], "result", "win"), "结果无效"),
        (lambda r: setattr(r.matches[0].boards[0], "fouls_red", -1), "犯规次数无效"),
        (lambda r: setattr(r.matches[0].boards[0], "red", VACANT), "有空台，结果应为 black_win_forfeit"),
    ]
    for mutate, msg in cases:
        with pytest.raises(InputError, match=msg) as ei:
            validate_team_event(broken(mutate), rules=team_rules(TeamSettings()))
        assert ei.value.place.round == 1  # the round at fault as a field (a reader's sheet), not only in the words
    with pytest.raises(InputError) as ei:  # a registration fault names no round
        validate_team_event(replace(ev, teams=ev.teams[:1] + ev.teams), rules=team_rules(ev.settings))
    assert ei.value.place.round is None
    # the colour rule names the board: the second team's player sitting red on board 1
    e = broken(lambda r: setattr(r.matches[0].boards[0], "red", 5))
    with pytest.raises(InputError, match="第1轮第1场第1台"):
        validate_team_event(e, rules=team_rules(e.settings))


def test_validation_of_registration():
    ev = make_event(2, boards=2, reserves=0)
    ev.teams[1].players = [3, 1]
    with pytest.raises(InputError, match="同时报名"):
        validate_team_event(ev, rules=team_rules(ev.settings))
    ev = make_event(2, boards=2, reserves=0)
    ev.teams[1].players = [3]
    with pytest.raises(InputError, match="少于每场2台"):
        validate_team_event(ev, rules=team_rules(ev.settings))
    for bad in (1, 11):
        with pytest.raises(InputError, match="2–10"):
            validate_team_event(
                make_event(2, boards=2, reserves=0, **{})
                if False
                else replace(make_event(2, boards=2), settings=TeamSettings(boards=bad)),
                rules=team_rules(TeamSettings()),
            )
    ev = make_event(2, boards=2, reserves=1)
    ev.team(1).reserve_boards = {1: 1}
    with pytest.raises(InputError, match="不是本队替补"):
        validate_team_event(ev, rules=team_rules(ev.settings))
    ev.team(1).reserve_boards = {3: 4}
    with pytest.raises(InputError, match="替补3号登记的台次无效"):
        validate_team_event(ev, rules=team_rules(ev.settings))
    with pytest.raises(InputError, match="出场方式"):
        validate_team_event(make_event(2, lineup="floating"), rules=team_rules(TeamSettings()))
    with pytest.raises(InputError, match="团体名次计算顺序"):
        validate_team_event(make_event(2, tiebreaks=["小分"]), rules=team_rules(TeamSettings()))


def test_rounds_history_line_ups_checked():
    """A stored round whose seats break 分台定人制 is refused by validation."""
    ev = make_event(2, boards=2, reserves=0, lineup="fixed_boards")
    ev = ev.with_round(TeamRound(1, [Match(1, 1, 2, [Board(1, 2, 3), Board(2, 4, 1)])]))
    with pytest.raises(InputError, match="分台定人制"):
        validate_team_event(ev, rules=team_rules(ev.settings))


@pytest.mark.parametrize("fmt", ["fixed_boards", "fixed_order", "per_round"])
def test_random_lineups_always_valid(fmt):
    rng = random.Random(fmt)
    ev = make_event(8, boards=5, reserves=2, lineup=fmt, rounds=5)
    from xlxq.systems import pair_team_round

    for _ in range(5):
        out = pair_team_round(ev)
        ev = ev.with_round(out.round)
        ev = seat_randomly(ev, out.round.round, rng, vacant_p=0.05)
        fill(ev, out.round.round, rng)
        validate_team_event(ev, rules=team_rules(ev.settings))
