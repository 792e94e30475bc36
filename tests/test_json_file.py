"""The JSON tournament file: strict reading, lossless writing, atomic saves."""

from __future__ import annotations

import copy
import json
import os

import pytest

from xlxq.backends import json_file
from xlxq.backends.json_file import dumps, event_from_dict, event_to_dict, load_event, save_event
from xlxq.core.model import Board, Event, EventSettings, PairingOptions, Player, Round, Scoring, StandingsOptions
from xlxq.errors import InputError


def full_event() -> Event:
    """An event using every key of the format with non-default values."""
    settings = EventSettings(
        name="第一届“楚河汉界”杯",
        system="swiss",
        rounds=5,
        scoring=Scoring(win=3, draw=1, loss=0, bye=2, draw_red=1, draw_black=1.5),
        tiebreaks=["opp_score", "wins", "black_games"],
        first_round="random",
        first_round_seed=12345,
        pairing=PairingOptions(
            colour_tie="round_parity",
            last_rounds_rule="broad",
            picker="fewer_row",
            same_unit="every_round",
            first_round_colours="top_half",
            forbidden_pairs=((1, 2),),
            forfeit_counts_as_met=False,
            forfeits_before_removal=2,
            search_budget=500,
            elimination=((3, 2), (5, 4.5)),
        ),
        standings=StandingsOptions(bye_opp_score="zero", bye_counts_as_win=False, fallback_reading="round_score"),
    )
    players = [
        Player(1, "赵文博", "浙江杭州棋院", rating=2531, seed=1),
        Player(2, "李明轩", "上海象棋协会", rating=2312.5),
        Player(3, "陈志远", "北京象棋队", seed=2),
        Player(4, "王海涛", "", withdrawn_from_round=3),
        Player(5, "黄立新", "上海象棋协会"),
    ]
    rounds = [
        Round(1, [Board(1, 1, 2, "red_win"), Board(2, 4, 3, "draw", fouls_red=1, fouls_black=2)], byes=[5]),
        Round(2, [Board(1, 5, 1, "black_win_forfeit"), Board(2, 2, 3, None, fouls_black=1)], byes=[4]),
        Round(3, [Board(1, 3, 5, "double_forfeit"), Board(2, 1, 2, "red_win_forfeit")], byes=[], provisional=[(2, 2)]),
    ]
    return Event(settings, players, rounds)


def minimal() -> dict:
    return {"format": "xlxq/1", "players": [{"no": 1, "name": "甲"}, {"no": 2, "name": "乙"}, {"no": 3, "name": "丙"}]}


# ---------------------------------------------------------------- round trip


def test_round_trip_event_dict_event():
    ev = full_event()
    d = event_to_dict(ev)
    assert event_from_dict(d) == ev
    assert event_to_dict(event_from_dict(copy.deepcopy(d))) == d


def test_round_trip_through_file(tmp_path):
    ev = full_event()
    path = tmp_path / "赛事.json"
    save_event(ev, path)
    text = path.read_text(encoding="utf-8")
    assert "赵文博" in text  # ensure_ascii=False
    assert text == json.dumps(event_to_dict(ev), ensure_ascii=False, indent=1) + "\n"
    back = load_event(path)
    assert back == ev
    save_event(back, path)
    assert path.read_text(encoding="utf-8") == text


def test_dumps_matches_json_module_for_odd_values():
    ev = full_event()
    ev.players[0].name = 'A "quoted"\\ name\n\t✓ 𝄞'
    ev.settings.name = ""
    assert dumps(ev) == json.dumps(event_to_dict(ev), ensure_ascii=False, indent=1) + "\n"


def test_written_keys_and_order():
    d = event_to_dict(full_event())
    assert list(d) == ["format", "event", "players", "rounds"]
    assert list(d["event"]) == [
        "name",
        "system",
        "rounds",
        "games_per_match",
        "scoring",
        "tiebreaks",
        "first_round",
        "first_round_seed",
        "colour_tie",
        "options",
    ]
    assert d["event"]["games_per_match"] == 1
    assert d["event"]["colour_tie"] == "round_parity"
    assert d["event"]["options"] == {
        "last_rounds_rule": "broad",
        "picker": "fewer_row",
        "same_unit": "every_round",
        "first_round_colours": "top_half",
        "forbidden_pairs": [[1, 2]],
        "forfeit_counts_as_met": False,
        "forfeits_before_removal": 2,
        "search_budget": 500,
        "elimination": [[3, 2], [5, 4.5]],
        "bye_opp_score": "zero",
        "bye_counts_as_win": False,
        "fallback_reading": "round_score",
        "rr_withdrawal": "cxa",
    }
    assert list(d["event"]["options"]) == [
        "last_rounds_rule",
        "picker",
        "same_unit",
        "first_round_colours",
        "forbidden_pairs",
        "forfeit_counts_as_met",
        "forfeits_before_removal",
        "search_budget",
        "elimination",
        "bye_opp_score",
        "bye_counts_as_win",
        "fallback_reading",
        "rr_withdrawal",
    ]
    assert "knockout" not in d["event"]  # written for knockouts only
    assert d["event"]["scoring"] == {"win": 3, "draw": 1, "loss": 0, "bye": 2, "draw_red": 1, "draw_black": 1.5}
    assert d["players"][1] == {"no": 2, "name": "李明轩", "unit": "上海象棋协会", "rating": 2312.5}
    assert d["players"][3] == {"no": 4, "name": "王海涛", "unit": "", "withdrawn_from_round": 3}
    assert d["rounds"][0]["boards"][0] == {"board": 1, "red": 1, "black": 2, "result": "red_win"}
    assert d["rounds"][0]["boards"][1]["fouls"] == {"red": 1, "black": 2}
    assert d["rounds"][1]["boards"][1] == {
        "board": 2,
        "red": 2,
        "black": 3,
        "result": None,
        "fouls": {"red": 0, "black": 1},
    }
    assert d["rounds"][2]["byes"] == []
    assert d["rounds"][2]["provisional"] == [[2, 2]]  # 原则(八): paired on 2/2 as a draw
    assert list(d["rounds"][1]) == ["round", "boards", "byes"]  # none: not written


def rr_event() -> Event:
    """A double round robin of two-game matches with every round-robin key
    set away from its default, a withdrawal and results."""
    from xlxq.core.roundrobin import rr_round_count, schedule_rounds

    players = [Player(i, f"棋手{i}", f"队{i % 2}") for i in range(1, 6)]
    players[4].withdrawn_from_round = 9
    total = rr_round_count(5, double=True, games_per_match=2)
    settings = EventSettings(
        name="六虎邀请赛",
        system="double_round_robin",
        rounds=total,
        games_per_match=2,
        scoring=Scoring(win=2, draw=1, loss=0),
        tiebreaks=["game_points", "direct", "犯规"],
        standings=StandingsOptions(rr_withdrawal="annul"),
    )
    rounds = schedule_rounds([p.no for p in players], double=True, games_per_match=2)
    for r in rounds[:4]:
        for k, b in enumerate(r.boards):
            b.result = ("red_win", "draw", "black_win")[(r.round + k) % 3]
    rounds[0].boards[0].fouls_black = 1
    return Event(settings, players, rounds)


def ko_event() -> Event:
    """A knockout of six (two seeds) in two-game matches with 加赛 blocks and
    an armageddon game, played to the end."""
    import random

    from xlxq.core.knockout import build_bracket
    from xlxq.systems import pair_round
    from xlxq.core.simulate import fill_results

    players = [Player(i, f"P{i}", seed={3: 1, 5: 2}.get(i)) for i in range(1, 7)]
    ev = Event(
        EventSettings(
            name="淘汰赛",
            system="knockout",
            rounds=100,
            games_per_match=2,
            tiebreaks=[],
            playoff_games=[2, 1],
            armageddon=True,
        ),
        players,
    )
    rng = random.Random(1)
    while not build_bracket(ev).finished:
        ev = ev.with_round(fill_results(pair_round(ev).round, rng))
    ev.settings.rounds = len(ev.rounds)
    return ev


@pytest.mark.parametrize("make", [full_event, rr_event, ko_event], ids=["swiss", "double_rr", "knockout"])
def test_round_trip_each_system(make, tmp_path):
    ev = make()
    d = event_to_dict(ev)
    assert event_from_dict(copy.deepcopy(d)) == ev
    path = tmp_path / "e.json"
    save_event(ev, path)
    assert load_event(path) == ev
    assert json.loads(path.read_text(encoding="utf-8")) == d


def test_round_robin_keys_written():
    d = event_to_dict(rr_event())
    e = d["event"]
    assert e["system"] == "double_round_robin" and e["games_per_match"] == 2 and e["rounds"] == 20
    assert e["tiebreaks"] == ["game_points", "direct", "犯规"]
    assert e["options"]["rr_withdrawal"] == "annul"
    assert "knockout" not in e
    assert d["players"][4]["withdrawn_from_round"] == 9


def test_knockout_keys_written():
    ev = ko_event()
    e = event_to_dict(ev)["event"]
    assert list(e)[-1] == "knockout"
    assert e["knockout"] == {"playoff_games": [2, 1], "armageddon": True}
    assert e["games_per_match"] == 2 and e["tiebreaks"] == []
    assert len(ev.rounds) >= 4  # at least 3 stages (8 lines), two games in the first


def test_knockout_defaults_and_any_tiebreak_list():
    d = {
        "format": "xlxq/1",
        "event": {"system": "knockout", "rounds": 2, "tiebreaks": ["cxa2011-opp"]},
        "players": [{"no": 1, "name": "甲"}, {"no": 2, "name": "乙"}, {"no": 3, "name": "丙"}],
    }
    ev = event_from_dict(d)
    assert ev.settings.playoff_games == [2] and ev.settings.armageddon is False
    assert event_to_dict(ev)["event"]["knockout"] == {"playoff_games": [2], "armageddon": False}


def test_round_robin_tiebreaks_checked_by_the_round_robin_rules():
    base = {"format": "xlxq/1", "players": [{"no": 1, "name": "甲"}, {"no": 2, "name": "乙"}]}
    ok = [["cxa2011-rr"], ["cxa2011-rr-match"], ["小分", "胜局", "直胜"], [], ["cxa2011-opp"]]
    for tb in ok:
        ev = event_from_dict({**base, "event": {"system": "round_robin", "rounds": 1, "tiebreaks": tb}})
        assert ev.settings.tiebreaks == tb
    with pytest.raises(InputError, match="event.tiebreaks"):
        event_from_dict({**base, "event": {"system": "round_robin", "rounds": 1, "tiebreaks": ["opp_score"]}})
    with pytest.raises(InputError, match="event.tiebreaks"):
        event_from_dict({**base, "event": {"system": "swiss", "rounds": 1, "tiebreaks": ["game_points"]}})


def test_elimination_read_in_order_given():
    d = minimal()
    d["event"] = {"rounds": 5, "options": {"elimination": [[3, 4], [2, 1.5]]}}
    ev = event_from_dict(d)
    assert ev.settings.pairing.elimination == ((3, 4), (2, 1.5))
    assert event_to_dict(ev)["event"]["options"]["elimination"] == [[3, 4], [2, 1.5]]


def test_issue22_options_read_and_written():
    """同单位回避 none / round1 / every_round, the round-1 colour method and the
    forbidden pairs (亲属回避, each pair once, small number first); the key of
    before issue 22 (avoid_same_unit_round1: true/false) still reads."""
    d = minimal()
    d["players"] = [{"no": i, "name": f"P{i}"} for i in range(1, 9)]
    d["event"] = {
        "rounds": 5,
        "options": {
            "same_unit": "every_round",
            "first_round_colours": "draw",
            "forbidden_pairs": [[7, 3], [1, 2], [3, 7]],
        },
    }
    ev = event_from_dict(d)
    p = ev.settings.pairing
    assert (p.same_unit, p.first_round_colours, p.forbidden_pairs) == ("every_round", "draw", ((1, 2), (3, 7)))
    assert event_to_dict(ev)["event"]["options"]["forbidden_pairs"] == [[1, 2], [3, 7]]
    for old, same in ((True, "round1"), (False, "none")):
        d["event"] = {"rounds": 5, "options": {"avoid_same_unit_round1": old}}
        assert event_from_dict(d).settings.pairing.same_unit == same
    for bad, where in (
        ({"forbidden_pairs": [[1, 9]]}, "序号 9 不在报名表中"),
        ({"forbidden_pairs": [[1]]}, "event.options.forbidden_pairs[0]"),
        ({"first_round_colours": "coin"}, "event.options.first_round_colours"),
        ({"same_unit": "always"}, "event.options.same_unit"),
    ):
        d["event"] = {"rounds": 5, "options": bad}
        with pytest.raises(InputError) as e:
            event_from_dict(d)
        assert where in e.value.zh


def test_knockout_board_outside_the_bracket_names_round_and_board():
    d = {
        "format": "xlxq/1",
        "event": {"system": "knockout", "rounds": 2},
        "players": [{"no": i, "name": f"P{i}"} for i in range(1, 5)],
        "rounds": [{"round": 1, "boards": [{"board": 1, "red": 1, "black": 4}, {"board": 2, "red": 2, "black": 3}]}],
    }
    event_from_dict(copy.deepcopy(d))  # 1–4 and 2–3 are the bracket's matches
    d["rounds"][0]["boards"] = [{"board": 1, "red": 1, "black": 2}]
    with pytest.raises(InputError, match="第1轮第1台") as ei:
        event_from_dict(d)
    assert "round 1 board 1" in ei.value.en


def test_defaults_for_missing_optional_keys():
    ev = event_from_dict(minimal())
    assert ev.settings == EventSettings()
    assert ev.settings.scoring.bye is None and ev.settings.scoring.bye_points == 2
    assert ev.players[0] == Player(1, "甲", "")
    assert ev.rounds == []
    d = event_to_dict(ev)
    assert "bye" not in d["event"]["scoring"]  # not set → not written
    assert event_from_dict(d) == ev


def test_partial_options_and_fouls_default():
    d = minimal()
    d["event"] = {"rounds": 3, "options": {"picker": "fewer_row"}, "scoring": {"win": 3}}
    d["rounds"] = [{"round": 1, "boards": [{"board": 1, "red": 2, "black": 1, "fouls": {"red": 2}}]}]
    ev = event_from_dict(d)
    assert ev.settings.pairing == PairingOptions(picker="fewer_row")
    assert ev.settings.scoring == Scoring(win=3)
    b = ev.rounds[0].boards[0]
    assert (b.result, b.fouls_red, b.fouls_black) == (None, 2, 0)
    assert ev.rounds[0].byes == []


def test_integral_float_read_as_int():
    d = minimal()
    d["players"][0]["no"] = 1.0
    d["event"] = {"rounds": 3.0}
    ev = event_from_dict(d)
    assert ev.players[0].no == 1 and type(ev.players[0].no) is int
    assert ev.settings.rounds == 3 and type(ev.settings.rounds) is int


def test_bom_accepted(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(minimal(), ensure_ascii=False).encode("utf-8"))
    assert len(load_event(path).players) == 3


# ---------------------------------------------------------------- errors


def _with_round(boards, byes=None, rounds=None):
    d = minimal()
    d["players"].append({"no": 4, "name": "丁"})
    if rounds:
        d["event"] = {"rounds": rounds}
    d["rounds"] = [{"round": 1, "boards": boards, "byes": byes or []}]
    return d


BAD = {
    "bad result": (_with_round([{"board": 1, "red": 1, "black": 2, "result": "红胜"}]), "第1轮第1台"),
    "duplicate no": (
        {"format": "xlxq/1", "players": [{"no": 1, "name": "甲"}, {"no": 1, "name": "乙"}]},
        "序号 1 重复",
    ),
    "unknown player on board": (_with_round([{"board": 1, "red": 1, "black": 9}]), "序号 9 不在报名表中"),
    "unknown player bye": (_with_round([], byes=[7]), "轮空"),
    "player twice": (_with_round([{"board": 1, "red": 1, "black": 2}, {"board": 2, "red": 2, "black": 3}]), "出现两次"),
    "duplicate board": (
        _with_round([{"board": 1, "red": 1, "black": 2}, {"board": 1, "red": 3, "black": 4}]),
        "台次 1 重复",
    ),
    "board missing red": (_with_round([{"board": 1, "black": 2}]), "red"),
    "board unknown key": (_with_round([{"board": 1, "red": 1, "black": 2, "reslt": "draw"}]), "reslt"),
    "negative foul": (_with_round([{"board": 1, "red": 1, "black": 2, "fouls": {"red": -1}}]), "fouls.red"),
    "unknown option": ({**minimal(), "event": {"options": {"pickr": "cxa"}}}, "pickr"),
    "bad option value": ({**minimal(), "event": {"options": {"picker": "best"}}}, "event.options.picker"),
    "bool option type": ({**minimal(), "event": {"options": {"bye_counts_as_win": "yes"}}}, "bye_counts_as_win"),
    "wrong format": ({**minimal(), "format": "xlxq/2"}, "format"),
    "no format": ({"players": []}, "format"),
    "no players": ({"format": "xlxq/1"}, "players"),
    "rounds as string": ({**minimal(), "event": {"rounds": "7"}}, "event.rounds"),
    "rounds bool": ({**minimal(), "event": {"rounds": True}}, "event.rounds"),
    "bad first_round": ({**minimal(), "event": {"first_round": "zigzag"}}, "first_round"),
    "bad colour_tie": ({**minimal(), "event": {"colour_tie": "coin"}}, "colour_tie"),
    "bad system": ({**minimal(), "event": {"system": "arena"}}, "event.system"),
    "unknown tiebreak": ({**minimal(), "event": {"tiebreaks": ["magic"]}}, "event.tiebreaks"),
    "scoring text": ({**minimal(), "event": {"scoring": {"win": "2"}}}, "event.scoring.win"),
    "unknown top key": ({**minimal(), "extra": 1}, "extra"),
    "player missing name": ({"format": "xlxq/1", "players": [{"no": 1}]}, "1号棋手"),
    "player empty name": ({"format": "xlxq/1", "players": [{"no": 1, "name": " "}]}, "姓名为空"),
    "player bad no": ({"format": "xlxq/1", "players": [{"no": 0, "name": "甲"}]}, "players 第1项"),
    "player bad rating": ({"format": "xlxq/1", "players": [{"no": 1, "name": "甲", "rating": "高"}]}, "等级分"),
    "player unknown key": ({"format": "xlxq/1", "players": [{"no": 1, "name": "甲", "gender": "男"}]}, "gender"),
    "round gap": ({**minimal(), "rounds": [{"round": 2, "boards": []}]}, "轮次不连续"),
    "too many rounds": (
        _with_round([{"board": 1, "red": 1, "black": 2}], rounds=None)
        | {"event": {"rounds": 1}, "rounds": [{"round": 1, "boards": []}, {"round": 2, "boards": []}]},
        "超过赛事设定",
    ),
    "self pairing": (_with_round([{"board": 1, "red": 1, "black": 1}]), "同一人"),
    "players not list": ({"format": "xlxq/1", "players": {"no": 1}}, "players"),
    "top not object": ([1, 2], "文件顶层"),
    "provisional not pair": (
        {
            **_with_round([{"board": 1, "red": 1, "black": 2}]),
            "rounds": [{"round": 1, "boards": []}, {"round": 2, "boards": [], "provisional": [1]}],
        },
        "第2轮 provisional",
    ),
    "provisional not before": (
        {**_with_round([]), "rounds": [{"round": 1, "boards": [], "provisional": [[1, 1]]}]},
        "不在本轮之前",
    ),
    "provisional no board": (
        {
            **_with_round([]),
            "rounds": [{"round": 1, "boards": []}, {"round": 2, "boards": [], "provisional": [[1, 3]]}],
        },
        "第1轮没有第3台",
    ),
    "games_per_match zero": (
        {**minimal(), "event": {"system": "round_robin", "games_per_match": 0}},
        "event.games_per_match",
    ),
    "games_per_match text": (
        {**minimal(), "event": {"system": "knockout", "games_per_match": "2"}},
        "event.games_per_match",
    ),
    "swiss two games": ({**minimal(), "event": {"games_per_match": 2}}, "event.games_per_match"),
    "rr swiss tiebreak": (
        {**minimal(), "event": {"system": "round_robin", "tiebreaks": ["cumulative"]}},
        "event.tiebreaks",
    ),
    "bad rr_withdrawal": (
        {**minimal(), "event": {"options": {"rr_withdrawal": "maybe"}}},
        "event.options.rr_withdrawal",
    ),
    "knockout block on swiss": ({**minimal(), "event": {"knockout": {"armageddon": True}}}, "event.knockout"),
    "knockout unknown key": ({**minimal(), "event": {"system": "knockout", "knockout": {"playoff": [2]}}}, "playoff"),
    "playoff zero": (
        {**minimal(), "event": {"system": "knockout", "knockout": {"playoff_games": [2, 0]}}},
        "event.knockout.playoff_games[1]",
    ),
    "playoff not list": (
        {**minimal(), "event": {"system": "knockout", "knockout": {"playoff_games": 2}}},
        "event.knockout.playoff_games",
    ),
    "armageddon text": (
        {**minimal(), "event": {"system": "knockout", "knockout": {"armageddon": "yes"}}},
        "event.knockout.armageddon",
    ),
    "elimination pair": ({**minimal(), "event": {"options": {"elimination": [[3]]}}}, "event.options.elimination"),
    "elimination round 0": ({**minimal(), "event": {"options": {"elimination": [[0, 2]]}}}, "轮次 X"),
    "elimination points text": ({**minimal(), "event": {"options": {"elimination": [[2, "2"]]}}}, "分数 Y"),
    "elimination not list": ({**minimal(), "event": {"options": {"elimination": "3:2"}}}, "event.options.elimination"),
    "elimination round robin": (
        {**minimal(), "event": {"system": "round_robin", "options": {"elimination": [[2, 2]]}}},
        "只用于积分编排",
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_malformed_input_raises_input_error(case):
    data, needle = BAD[case]
    with pytest.raises(InputError) as ei:
        event_from_dict(copy.deepcopy(data))
    assert needle in ei.value.zh, ei.value.zh
    assert ei.value.en and ei.value.en != ei.value.zh


def test_english_message(monkeypatch):
    data, _ = BAD["bad result"]
    with pytest.raises(InputError) as ei:
        event_from_dict(data)
    monkeypatch.setenv("XLXQ_LANG", "en")
    assert "round 1 board 1" in ei.value.message()
    assert "红胜" in ei.value.message()  # the bad value is quoted


def test_load_errors(tmp_path):
    with pytest.raises(InputError, match="找不到文件"):
        load_event(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "xlxq/1",\n "players": [}', encoding="utf-8")
    with pytest.raises(InputError, match="第2行"):
        load_event(bad)
    gbk = tmp_path / "gbk.json"
    gbk.write_bytes('{"format": "xlxq/1", "players": [{"no": 1, "name": "张三"}]}'.encode("gbk"))
    with pytest.raises(InputError, match="UTF-8"):
        load_event(gbk)
    with pytest.raises(InputError, match="文件夹"):
        load_event(tmp_path)


# ---------------------------------------------------------------- atomic save


def test_save_leaves_no_temp_files_and_keeps_old_file_on_failure(tmp_path, monkeypatch):
    path = tmp_path / "e.json"
    save_event(full_event(), path)
    before = path.read_bytes()
    save_event(full_event(), path)
    assert sorted(os.listdir(tmp_path)) == ["e.json"]

    def boom(*a, **k):
        raise OSError("disk full")

    monkeypatch.setattr(json_file.os, "replace", boom)
    ev = full_event()
    ev.settings.name = "changed"
    with pytest.raises(InputError, match="e.json"):  # an arbiter's error naming the file (issue 11)
        save_event(ev, path)
    assert path.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["e.json"]


def test_save_relative_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    save_event(full_event(), "rel.json")
    assert load_event("rel.json") == full_event()


def test_save_into_missing_folder(tmp_path):
    with pytest.raises(InputError, match="不存在"):
        save_event(full_event(), tmp_path / "no" / "e.json")
