"""The team file (``event.kind: "team"``, docs/format.md "Team events"):
lossless round trip, strict reading with messages naming the team, round,
match and board, the ``load_any`` dispatch, 队员总分制's
``event.member_total`` on an individual file, and the team registration."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from xlxq.systems import team_rules
from xlxq.backends.json_file import (
    any_from_dict,
    dumps,
    event_from_dict,
    event_to_dict,
    load_any,
    load_event,
    save_event,
)
from xlxq.backends.team_json import (
    MemberTotalOptions,
    MemberTotalSettings,
    read_team_registration,
    team_event_from_dict,
    team_event_to_dict,
    with_member_total,
)
from xlxq.core.model import Board, Event, EventSettings, PairingOptions, Player, Scoring, StandingsOptions
from xlxq.core.scheveningen import scheveningen_round
from xlxq.systems import pair_and_seat, pair_team_round
from xlxq.core.teams import (
    VACANT,
    Match,
    Team,
    TeamEvent,
    TeamRound,
    TeamScoring,
    TeamSettings,
    make_boards,
    set_lineups,
)
from xlxq.errors import InputError

from tests.conftest import SAMPLE_TEAMS as SAMPLE


def people(n_teams: int, size: int) -> tuple[list[Player], list[Team]]:
    players, teams, no = [], [], 1
    for t in range(1, n_teams + 1):
        nos = []
        for k in range(size):
            players.append(Player(no, f"{t}队{k + 1}号", unit=f"{t}队", rating=2400 - no))
            nos.append(no)
            no += 1
        teams.append(Team(t, f"{t}队", nos))
    return players, teams


def full_event() -> TeamEvent:
    """A team Swiss with every key away from its default: reserves bound to
    a board, a withdrawn team and player, an empty seat, fouls, an
    unfinished board, a match without line-ups, a bye."""
    players, teams = people(5, 5)
    teams[0] = replace(teams[0], reserve_boards={5: 2}, seed=1)
    teams[4] = replace(teams[4], withdrawn_from_round=3)
    players[23] = replace(players[23], withdrawn_from_round=2)
    s = TeamSettings(
        name="市团体赛",
        system="swiss",
        rounds=4,
        boards=4,
        lineup="fixed_boards",
        scoring=TeamScoring(
            game=Scoring(win=2, draw=1, loss=0, draw_red=1, draw_black=1.5),
            match_win=3,
            match_draw=1,
            match_loss=0,
            match_draw_first=1,
            match_draw_second=2,
            bye_match_points=2,
            bye_game_points=6,
        ),
        pair_by="game_points",
        tiebreaks=["seed001-team-2", "game_wins"],
        first_round="random",
        first_round_seed=77,
        pairing=PairingOptions(
            colour_tie="round_parity", last_rounds_rule="broad", picker="fewer_row", search_budget=900
        ),
        standings=StandingsOptions(bye_opp_score="zero", bye_counts_as_win=False, fallback_reading="round_score"),
        board_ranking="percentage",
        board_min_games=2,
    )
    ev = TeamEvent(s, players, teams)
    r1 = TeamRound(1, [Match(1, 1, 2), Match(2, 4, 3)], byes=[5])
    ev = ev.with_round(r1)
    ev = set_lineups(ev, 1, {1: [1, 5, 3, 4], 3: [11, 12, 13, VACANT]}, rules=team_rules(ev.settings))
    for m in ev.rounds[0].matches:
        for b in m.boards:
            if b.result is None:
                b.result = "red_win" if b.board % 2 else "draw"
    ev.rounds[0].matches[0].boards[1].fouls_black = 2
    ev.rounds[0].matches[0].boards[2].result = None
    ev = ev.with_round(TeamRound(2, [Match(1, 3, 1), Match(2, 2, 5)], byes=[4]))
    ev = set_lineups(ev, 2, {}, rules=team_rules(ev.settings))
    ev = ev.with_round(TeamRound(3, [Match(1, 1, 4), Match(2, 3, 2)]))
    return ev


def test_round_trip_dict_event_dict():
    ev = full_event()
    d = team_event_to_dict(ev)
    back = team_event_from_dict(json.loads(json.dumps(d)))
    assert back == ev
    assert team_event_to_dict(back) == d


def test_round_trip_through_file_and_dispatch(tmp_path):
    ev = full_event()
    f = tmp_path / "团体.json"
    save_event(ev, f)
    text = f.read_text(encoding="utf-8")
    assert text == json.dumps(team_event_to_dict(ev), ensure_ascii=False, indent=1) + "\n"
    again = load_any(f)
    assert isinstance(again, TeamEvent) and again == ev
    save_event(again, f)
    assert f.read_text(encoding="utf-8") == text
    assert [p.name for p in tmp_path.iterdir()] == ["团体.json"]  # no temporary file left


def test_written_keys_and_order():
    d = team_event_to_dict(full_event())
    assert list(d) == ["format", "event", "players", "teams", "rounds"]
    e = d["event"]
    assert list(e) == [
        "kind",
        "name",
        "system",
        "rounds",
        "boards",
        "lineup",
        "scoring",
        "match_scoring",
        "pair_by",
        "tiebreaks",
        "first_round",
        "first_round_seed",
        "colour_tie",
        "board_ranking",
        "options",
    ]
    assert e["kind"] == "team"
    assert e["scoring"] == {"win": 2, "draw": 1, "loss": 0, "draw_red": 1, "draw_black": 1.5}
    assert e["match_scoring"] == {
        "win": 3,
        "draw": 1,
        "loss": 0,
        "draw_first": 1,
        "draw_second": 2,
        "bye": 2,
        "bye_game_points": 6,
    }
    assert e["board_ranking"] == {"by": "percentage", "min_games": 2}
    assert e["options"] == {
        "last_rounds_rule": "broad",
        "picker": "fewer_row",
        "search_budget": 900,
        "bye_opp_score": "zero",
        "bye_counts_as_win": False,
        "fallback_reading": "round_score",
    }
    assert d["teams"][0] == {
        "no": 1,
        "name": "1队",
        "players": [1, 2, 3, 4, 5],
        "reserve_boards": [{"no": 5, "board": 2}],
        "seed": 1,
    }
    assert d["teams"][1] == {"no": 2, "name": "2队", "players": [6, 7, 8, 9, 10]}
    assert d["teams"][4]["withdrawn_from_round"] == 3
    m = d["rounds"][0]["matches"][1]
    assert list(m) == ["match", "first", "second", "boards"]
    assert m["boards"][3] == {"board": 4, "red": 0, "black": 19, "result": "black_win_forfeit"}  # empty seat
    assert d["rounds"][0]["matches"][0]["boards"][1]["fouls"] == {"red": 0, "black": 2}
    assert d["rounds"][0]["byes"] == [5]
    assert d["rounds"][2]["matches"][0]["boards"] == []  # line-ups not in yet


def test_defaults_for_missing_optional_keys():
    players, teams = people(2, 4)
    d = {
        "format": "xlxq/1",
        "event": {"kind": "team"},
        "players": [{"no": p.no, "name": p.name} for p in players],
        "teams": [{"no": t.no, "name": t.name, "players": t.players} for t in teams],
    }
    ev = team_event_from_dict(d)
    assert ev.settings == TeamSettings()
    assert ev.rounds == [] and ev.teams[0].reserve_boards == {}
    d["event"]["lineup"] = "临时定台制"  # Chinese names on reading
    assert team_event_from_dict(d).settings.lineup == "per_round"
    d["event"]["tiebreaks"] = ["第二种格式"]
    assert team_event_from_dict(d).settings.tiebreaks == ["第二种格式"]


def _rr(system: str, n: int) -> TeamEvent:
    players, teams = people(n, 4)
    ev = TeamEvent(TeamSettings(system=system, rounds=20, boards=4, tiebreaks=["team-rr"]), players, teams)
    for _ in range(3):
        ev, _ = pair_and_seat(ev)
    return ev


def _scheveningen() -> TeamEvent:
    players, teams = people(2, 6)
    ev = TeamEvent(TeamSettings(system="scheveningen", rounds=6, boards=6), players, teams)
    for r in range(1, 7):
        ev = ev.with_round(scheveningen_round(ev, r))
    ev.rounds[0].matches[0].boards[0].result = "draw"
    return ev


@pytest.mark.parametrize("make", [lambda: _rr("round_robin", 5), lambda: _rr("double_round_robin", 4), _scheveningen])
def test_round_trip_each_system(make, tmp_path):
    ev = make()
    f = tmp_path / "e.json"
    save_event(ev, f)
    assert load_any(f) == ev


def test_load_event_refuses_a_team_file_and_load_any_reads_both(tmp_path):
    f = tmp_path / "t.json"
    save_event(full_event(), f)
    with pytest.raises(InputError, match="团体赛文件"):
        load_event(f)
    ind = Event(EventSettings(), [Player(1, "甲"), Player(2, "乙")])
    g = tmp_path / "i.json"
    save_event(ind, g)
    assert "kind" not in json.loads(g.read_text(encoding="utf-8"))["event"]  # individual files unchanged
    assert load_any(g) == ind
    d = event_to_dict(ind)
    d["event"]["kind"] = "individual"
    assert event_from_dict(d) == ind and any_from_dict(d) == ind
    d["event"]["kind"] = "teams"
    with pytest.raises(InputError, match="event.kind"):
        any_from_dict(d)


# ------------------------------------------------------------------ strict reading


def _mutated(fn) -> dict:
    d = json.loads(json.dumps(team_event_to_dict(full_event())))
    fn(d)
    return d


def _board(d, r=0, m=0, k=0):
    return d["rounds"][r]["matches"][m]["boards"][k]


CASES = [
    (lambda d: d["event"].update(boardz=4), ["event", "boardz"]),
    (lambda d: d["event"].update(boards=11), ["每场台数", "2–10"]),
    (lambda d: d["event"].update(system="knockout"), ["event.system", "knockout"]),
    (lambda d: d["event"].update(lineup="随便"), ["event.lineup", "随便"]),
    (lambda d: d["event"].update(pair_by="points"), ["event.pair_by"]),
    (lambda d: d["event"]["options"].update(elimination=[]), ["event.options", "elimination"]),
    (lambda d: d["event"]["scoring"].update(bye=2), ["event.scoring", "bye"]),
    (lambda d: d["event"]["match_scoring"].update(win="3"), ["event.match_scoring.win"]),
    (lambda d: d["event"].update(tiebreaks=["opp_score"]), ["event.tiebreaks", "opp_score"]),
    (lambda d: d["event"]["board_ranking"].update(by="rank"), ["board_ranking.by"]),
    (lambda d: d["teams"][1].update(captain=1), ["2队", "captain"]),
    (lambda d: d["teams"][1]["players"].append(1), ["1号", "同时报名"]),
    (lambda d: d["teams"][1].update(players=[6, 7, 8]), ["2队", "少于每场4台"]),
    (lambda d: d["teams"][1].update(players=[6, 7, 8, 9, 99]), ["2队", "99", "不在报名表"]),
    (lambda d: d["teams"][0].update(reserve_boards=[{"no": 2, "board": 1}]), ["1队", "不是本队替补"]),
    (lambda d: d.pop("teams"), ["teams"]),
    (lambda d: d["rounds"][0]["matches"][0].update(home=1), ["第1轮", "home"]),
    (lambda d: _board(d).update(reslt="draw"), ["第1轮第1场", "第1台", "reslt"]),
    (lambda d: _board(d).update(result="win"), ["第1轮第1场", "第1台", "'win'"]),
    (lambda d: _board(d).update(red=-1), ["第1轮第1场", "第1台", "red"]),
    (lambda d: _board(d, 0, 0, 1).update(red=2, black=2), ["第1轮第1场", "第2台", "同一人"]),
    # the colour rule: board 1 of match 1 must have team 1 (listed first) on red
    (lambda d: _board(d).update(red=6, black=1), ["第1轮第1场第1台", "先走队单数台执红"]),
    # 分台定人制: 3号 sits on board 3 of team 1
    (
        lambda d: (_board(d, 0, 0, 2).update(red=4), _board(d, 0, 0, 3).update(black=3)),
        ["第1轮", "1队", "第3台", "分台定人制", "固定在第4台"],
    ),
    (lambda d: _board(d, 0, 1, 3).update(result="red_win"), ["第1轮第2场第4台", "空台", "black_win_forfeit"]),
    (lambda d: d["rounds"][0]["matches"][1].update(second=1), ["第1轮", "1队", "两次"]),
    (lambda d: d["rounds"][1].update(round=5), ["轮次不连续"]),
    (lambda d: d["rounds"][0]["matches"][0]["boards"].pop(), ["第1轮第1场", "应有4台"]),
    (lambda d: d["event"].update(rounds=2), ["超过计划"]),
]


@pytest.mark.parametrize("fn,needles", CASES)
def test_malformed_input_names_the_place(fn, needles):
    with pytest.raises(InputError) as ei:
        any_from_dict(_mutated(fn))
    for needle in needles:
        assert needle in ei.value.zh, (needle, ei.value.zh)
    assert ei.value.en and ei.value.en != ei.value.zh


def test_english_twin(monkeypatch):
    monkeypatch.setenv("XLXQ_LANG", "en")
    with pytest.raises(InputError) as ei:
        any_from_dict(_mutated(lambda d: _board(d).update(red=6, black=1)))
    assert "round 1 match 1 board 1" in str(ei.value)


def test_scheveningen_needs_two_teams_and_rounds_equal_boards():
    players, teams = people(3, 4)
    d = team_event_to_dict(TeamEvent(TeamSettings(boards=4, rounds=4), players, teams))
    d["event"]["system"] = "scheveningen"
    with pytest.raises(InputError, match="两队"):
        team_event_from_dict(d)
    d["event"]["rounds"] = 3
    with pytest.raises(InputError, match="应赛4轮"):
        team_event_from_dict(d)


def test_integral_floats_read_as_ints():
    d = _mutated(lambda d: (d["event"].update(boards=4.0), _board(d).update(red=1.0)))
    ev = team_event_from_dict(d)
    assert ev.settings.boards == 4 and type(ev.rounds[0].matches[0].boards[0].red) is int


# ------------------------------------------------------------------ 队员总分制


def test_member_total_round_trip_and_replace(tmp_path):
    players = [Player(i, f"P{i}", unit="甲乙丙"[i % 3]) for i in range(1, 7)]
    s = with_member_total(EventSettings(rounds=3), MemberTotalOptions(by="placings", best=2, incomplete="drop"))
    assert isinstance(s, MemberTotalSettings) and s.rounds == 3
    ev = Event(s, players)
    d = event_to_dict(ev)
    assert d["event"]["member_total"] == {"by": "placings", "best": 2, "incomplete": "drop"}
    assert list(d["event"])[-1] == "member_total"
    assert event_from_dict(json.loads(json.dumps(d))) == ev
    f = tmp_path / "m.json"
    save_event(ev, f)
    assert load_any(f) == ev and load_event(f) == ev
    moved = replace(ev, settings=replace(ev.settings, rounds=4))  # the CLI's idiom keeps it
    assert moved.settings.member_total.best == 2
    d["event"]["member_total"] = {}
    assert event_from_dict(d).settings.member_total == MemberTotalOptions()


@pytest.mark.parametrize(
    "value,needle",
    [
        ({"by": "score"}, "member_total.by"),
        ({"best": 0}, "member_total.best"),
        ({"top": 2}, "top"),
        ({"incomplete": "skip"}, "incomplete"),
    ],
)
def test_member_total_bad_values(value, needle):
    d = event_to_dict(Event(EventSettings(), [Player(1, "甲"), Player(2, "乙")]))
    d["event"]["member_total"] = value
    with pytest.raises(InputError, match=needle.replace(".", r"\.")):
        event_from_dict(d)


def test_member_total_refused_for_a_knockout():
    d = event_to_dict(
        Event(EventSettings(system="knockout", rounds=1, tiebreaks=[]), [Player(1, "甲"), Player(2, "乙")])
    )
    d["event"]["member_total"] = {}
    with pytest.raises(InputError, match="淘汰赛"):
        event_from_dict(d)


# ------------------------------------------------------------------ registration


def test_sample_registration():
    players, teams = read_team_registration(SAMPLE, 4)
    assert len(teams) == 8 and all(len(t.players) >= 4 for t in teams)
    assert [t.name for t in teams][:3] == ["北京队", "上海队", "广东队"]
    bj = teams[0]
    assert bj.players == [1, 2, 3, 4, 5] and bj.reserve_boards == {5: 2}
    assert {p.no: p.unit for p in players}[5] == "北京队"
    assert teams[2].players == [11, 12, 13, 14, 15, 16]  # two reserves, no board
    assert teams[4].reserve_boards == {25: 4}
    assert len(players) == 38 and [p.no for p in players] == list(range(1, 39))
    ev = TeamEvent(TeamSettings(boards=4), players, teams)
    assert team_event_from_dict(team_event_to_dict(ev)) == ev


def test_registration_board_order_draw_and_xlsx(tmp_path):
    f = tmp_path / "t.csv"
    f.write_text(
        "team,name,board,reserve\nA,a3,3,\nA,a1,1,\nA,a2,2,\nA,ar,,Y\nB,b1,,\nB,b2,,\nB,b3,,\n", encoding="utf-8"
    )
    players, teams = read_team_registration(f, 3)
    names = {p.no: p.name for p in players}
    assert [names[n] for n in teams[0].players] == ["a1", "a2", "a3", "ar"]
    _, kept = read_team_registration(f, 3, "per_round")
    assert kept == teams
    _, drawn = read_team_registration(f, 3, draw_seed=5)
    assert sorted(t.name for t in drawn) == ["A", "B"]
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["某某团体赛报名表"])
    ws.append(["队名", "姓名", "替补", "等级分"])
    for row in (
        ["甲", "x1", None, 2300],
        ["甲", "x2", None, 2200],
        ["乙", "y1", None, 2100],
        ["乙", "y2", "是", 2000],
        ["乙", "y3", None, 1900],
    ):
        ws.append(row)
    x = tmp_path / "t.xlsx"
    wb.save(x)
    players, teams = read_team_registration(x, 2)
    assert [len(t.players) for t in teams] == [2, 3]
    name = {p.no: p.name for p in players}
    assert [name[no] for no in teams[1].players] == ["y1", "y3", "y2"]  # the reserve last


@pytest.mark.parametrize(
    "text,lineup,needles",
    [
        ("team,name\nA,a1\nA,a2\nA,a3\n", "fixed_boards", ["A", "3名主力", "多于每场2台"]),
        ("team,name\nA,a1\n", "fixed_boards", ["A", "1名主力", "少于"]),
        ("team,name,board\nA,a1,1\nA,a2,1\n", "fixed_boards", ["第3行", "a2", "第1台", "重复"]),
        ("team,name,board\nA,a1,1\nA,a2,\n", "fixed_boards", ["第3行", "a2", "台次"]),
        ("team,name,board\nA,a1,3\nA,a2,1\n", "fixed_boards", ["第2行", "台次应为 1–2"]),
        ("team,name,reserve\nA,a1,\nA,a2,maybe\n", "fixed_boards", ["第3行", "替补", "maybe"]),
        ("name\na1\n", "fixed_boards", ["队名"]),
        ("team,name\nA,\n", "fixed_boards", ["第2行", "缺少姓名"]),
    ],
)
def test_registration_errors(tmp_path, text, lineup, needles):
    f = tmp_path / "bad.csv"
    f.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as ei:
        read_team_registration(f, 2, lineup)
    for needle in needles:
        assert needle in ei.value.zh, (needle, ei.value.zh)


def test_team_swiss_after_reading_pairs_as_before():
    ev = full_event()
    back = team_event_from_dict(team_event_to_dict(ev))
    a, b = pair_team_round(ev, 3), pair_team_round(back, 3)
    assert [(m.first, m.second) for m in a.round.matches] == [(m.first, m.second) for m in b.round.matches]
    assert dumps(back) == dumps(ev)
    assert make_boards([1, 2], [3, 4])[1] == Board(2, 4, 2)
