"""The team systems through the registry (issue 9): one interface for the
team Swiss, the team round robins and 全队轮赛制, the facts callers ask of a
system instead of its name, and round 1 of a team Swiss made on the teams
themselves (方法(一), no stand-in individual event)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import replace

import pytest

from tests.conftest import ROOT, make_team_event
from xlxq.core.model import Board, Event, EventSettings, Player
from xlxq.core.round1 import first_round_pairings, pair_first_round
from xlxq.systems import pair_and_seat, pair_team_round
from xlxq.core.teams import Match, TeamRound
from xlxq.errors import InputError
from xlxq.systems import all_systems, get_system, get_team_system, system_for, system_keys, team_system_keys
from xlxq.systems.base import PairingSystem


def matches(out) -> list[tuple[int, int]]:
    return [(m.first, m.second) for m in out.round.matches]


# ---------------------------------------------------------------- the registry


def test_registry_lists_every_system():
    assert system_keys() == ("swiss", "round_robin", "double_round_robin", "knockout")
    assert team_system_keys() == ("swiss", "round_robin", "double_round_robin", "scheveningen")
    systems = all_systems()
    assert len(systems) == 8
    assert [s.entrants for s in systems] == ["players"] * 4 + ["teams"] * 4
    for s in systems:  # every one implements the whole interface
        for name in ("pair", "record", "check"):
            assert getattr(type(s), name) is not getattr(PairingSystem, name), (s.key, s.entrants, name)
        assert s.label("zh") and s.label("en")


def test_one_file_per_system():
    files = {p.stem for p in (ROOT / "xlxq" / "systems").glob("*.py")}
    assert {"swiss", "roundrobin", "knockout", "team_swiss", "team_roundrobin", "scheveningen"} <= files
    registry = (ROOT / "xlxq" / "systems" / "registry.py").read_text(encoding="utf-8")
    for stem in ("swiss", "roundrobin", "knockout"):  # named: imported when an individual system is asked for
        assert re.search(rf'register_later\("players",.*"xlxq\.systems\.{stem}"', registry)
    for stem in ("team_swiss", "team_roundrobin", "scheveningen"):  # named: imported when a team system is asked for
        assert re.search(rf'register_later\("teams",.*"xlxq\.systems\.{stem}"', registry)


def test_team_systems_are_loaded_only_when_asked_for():
    code = (
        "import sys, xlxq.systems as S; a = 'xlxq.core.teams' in sys.modules; "
        "S.get_system('swiss'); b = 'xlxq.core.teams' in sys.modules; "
        "S.get_team_system('scheveningen'); print(a, b, 'xlxq.core.teams' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=SUB_ENV).stdout
    assert out.split() == ["False", "False", "True"]


SUB_ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

FACTS = {
    # (entrants, key): follows_order_table, double (cycles 2), has_bracket, pairs_by_score, seated_by_schedule,
    # rounds_from_entrants
    ("players", "swiss"): (False, False, False, True, False, False),
    ("players", "round_robin"): (True, False, False, False, False, True),
    ("players", "double_round_robin"): (True, True, False, False, False, True),
    ("players", "knockout"): (False, False, True, False, False, True),
    ("teams", "swiss"): (False, False, False, True, False, False),
    ("teams", "round_robin"): (True, False, False, False, False, True),
    ("teams", "double_round_robin"): (True, True, False, False, False, True),
    ("teams", "scheveningen"): (False, False, False, False, True, True),
}


@pytest.mark.parametrize("kind,key", sorted(FACTS))
def test_facts_callers_ask(kind, key):
    s = get_system(key) if kind == "players" else get_team_system(key)
    got = (
        s.follows_order_table,
        s.cycles == 2,
        s.has_bracket,
        s.pairs_by_score,
        s.seated_by_schedule,
        s.rounds_from_entrants,
    )
    assert got == FACTS[(kind, key)]


def test_system_for_picks_the_table_by_the_settings():
    assert system_for(EventSettings(system="swiss")) is get_system("swiss")
    ev = make_team_event(4)
    assert system_for(ev.settings) is get_team_system("swiss")
    assert system_for(ev.settings) is not get_system("swiss")
    with pytest.raises(InputError):
        get_team_system("knockout")  # no team knockout
    with pytest.raises(InputError):
        get_system("scheveningen")  # a Scheveningen match is a team event


def test_planned_rounds_and_default_tiebreaks():
    ev = make_team_event(5, system="round_robin")
    assert get_team_system("round_robin").planned_rounds(5, ev.settings) == 5  # odd: 5 rounds, one bye each
    assert get_team_system("round_robin").planned_rounds(4, ev.settings) == 3
    assert get_team_system("double_round_robin").planned_rounds(4, ev.settings) == 6
    assert get_team_system("swiss").planned_rounds(9, replace(ev.settings, rounds=7)) == 7  # as typed
    sch = make_team_event(2, boards=3, system="scheveningen", rounds=3)
    assert get_team_system("scheveningen").planned_rounds(2, sch.settings) == 3  # one round a player a side
    assert get_team_system("swiss").default_tiebreaks(ev.settings) == ["seed001-team-1"]
    assert get_team_system("round_robin").default_tiebreaks(ev.settings) == ["team-rr"]
    assert get_team_system("scheveningen").default_tiebreaks(sch.settings) == ["scheveningen"]


# ---------------------------------------------------------------- hand-worked rounds


def test_team_swiss_round_1_adjacent_by_hand():
    """方法(一) 近号配对 on 5 teams: 1-2, 4-3 (even 场次: the larger number
    goes first), 5 has the bye."""
    out = get_team_system("swiss").pair(make_team_event(5), 1)
    assert matches(out) == [(1, 2), (4, 3)] and out.round.byes == [5]
    assert [m.match for m in out.round.matches] == [1, 2] and all(not m.boards for m in out.round.matches)


@pytest.mark.parametrize(
    "method,want",
    [
        ("fold", [(1, 6), (5, 2), (3, 4)]),  # 首尾: 1-6, 2-5, 3-4
        ("slide", [(1, 4), (5, 2), (3, 6)]),  # 对半交叉: 1-4, 2-5, 3-6
    ],
)
def test_team_swiss_round_1_methods_by_hand(method, want):
    out = get_team_system("swiss").pair(make_team_event(6, first_round=method), 1)
    assert matches(out) == want and out.round.byes == []


def test_team_swiss_round_2_by_hand():
    """Round 1 1-2, 4-3; teams 1 and 4 win every board: round 2 pairs the
    two winners and the two losers (no rematch), with no bye."""
    ev = make_team_event(4)
    ev, _ = pair_and_seat(ev)
    win_first = [("red_win" if b.board % 2 else "black_win") for b in ev.rounds[0].matches[0].boards]
    rnd = ev.rounds[0]
    played = []
    for m in rnd.matches:  # the first team wins all boards: red on odd boards, black on even
        played.append(replace(m, boards=[replace(b, result=r) for b, r in zip(m.boards, win_first)]))
    ev = ev.with_round_replaced(replace(rnd, matches=played))
    out = get_team_system("swiss").pair(ev, 2)
    assert {frozenset(p) for p in matches(out)} == {frozenset((1, 4)), frozenset((2, 3))}
    assert out.cards[1].score == out.cards[4].score == 2 and out.cards[2].score == out.cards[3].score == 0


def test_team_round_robin_by_hand():
    """The 棋规 table for 4: 1-4, 2-3 / 4-3, 1-2 / 2-4, 3-1, on the team
    numbers in increasing order; the second cycle reverses who goes first."""
    ev = make_team_event(4, system="round_robin", rounds=3)
    rr = get_team_system("round_robin")
    assert [matches(rr.pair(ev, n)) for n in (1, 2, 3)] == [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]
    dev = make_team_event(4, system="double_round_robin", rounds=6)
    assert matches(get_team_system("double_round_robin").pair(dev, 4)) == [(4, 1), (3, 2)]


def test_team_round_robin_odd_field_bye():
    ev = make_team_event(5, system="round_robin")
    out = get_team_system("round_robin").pair(ev, 1)  # table 1-6, 2-5, 3-4 with 6 the phantom
    assert matches(out) == [(2, 5), (3, 4)] and out.round.byes == [1]


def test_scheveningen_round_1_by_hand():
    """Two teams of 2: the table's round 1 is A1–B1 and A2–B2 with A red on
    both boards (n = 2 cannot balance each round, docs/teams.md §5)."""
    ev = make_team_event(2, boards=2, reserves=0, system="scheveningen", rounds=2)
    out = get_team_system("scheveningen").pair(ev, 1)
    (m,) = out.round.matches
    assert (m.first, m.second) == (1, 2)
    assert [(b.board, b.red, b.black) for b in m.boards] == [(1, 1, 3), (2, 2, 4)]
    m2 = get_team_system("scheveningen").pair(ev, 2).round.matches[0]
    assert [(b.red, b.black) for b in m2.boards] == [(4, 1), (3, 2)]  # A1–B2, A2–B1, B red


def test_registry_pairs_as_the_core_dispatch():
    for system, n in (("swiss", 7), ("round_robin", 5), ("double_round_robin", 4)):
        ev = make_team_event(n, system=system, rounds=3)
        assert get_team_system(system).pair(ev, 1).round == pair_team_round(ev, 1).round


def test_explain_and_check_through_the_registry():
    ev = make_team_event(4, system="round_robin", rounds=3)
    ev, _ = pair_and_seat(ev)
    rr = get_team_system("round_robin")
    zh, en = rr.explain(ev, 1, "zh"), rr.explain(ev, 1, "en")
    assert zh[0].startswith("第1轮编排记录") and en[0].startswith("Round 1 record")
    assert "  第1场  1队（1队）（先走） — 4队（4队）" in zh
    report = rr.check(ev, 1, "zh")
    assert not report.errors and report.tail[-1] == "与团体循环赛秩序表第1轮相符"
    # a hand-edited round: 1 v 2 is not in table round 1
    bad = ev.with_round_replaced(TeamRound(1, [Match(1, 1, 2, ev.rounds[0].matches[0].boards[:0]), Match(2, 4, 3)]))
    report = rr.check(bad, 1, "en")
    assert report.errors and report.tail[-1] == "differs from table round 1"


# ---------------------------------------------------------------- round 1 on the teams


def stand_in_round_1(ev, notes):
    """How team round 1 used to be made: a stand-in individual event of the
    team numbers, paired by the individual round 1."""
    s = ev.settings
    proxy = Event(
        EventSettings(
            rounds=s.rounds,
            first_round=s.first_round,
            first_round_seed=s.first_round_seed,
            pairing=replace(s.pairing, same_unit="none"),
        ),
        [Player(t.no, t.name) for t in ev.teams],
    )
    rnd = pair_first_round(proxy, sorted(t.no for t in ev.teams), notes)
    return [(b.red, b.black) for b in rnd.boards], list(rnd.byes)


@pytest.mark.parametrize("method", ["adjacent", "fold", "slide", "random"])
@pytest.mark.parametrize("n", [2, 3, 6, 9, 12])
def test_team_round_1_without_a_stand_in_event(method, n):
    ev = make_team_event(n, first_round=method, first_round_seed=20261201 if method == "random" else None)
    old_notes: list[str] = []
    new_notes: list[str] = []
    old = stand_in_round_1(ev, old_notes)
    new = first_round_pairings([t.no for t in ev.teams], ev.settings, new_notes)
    assert new == old and new_notes == old_notes
    out = get_team_system("swiss").pair(ev, 1)
    assert (matches(out), out.round.byes) == old


def test_individual_round_1_unchanged_by_hand():
    """The individual round 1 is the same 方法(一): 1-2, 4-3 …, odd boards
    the smaller number red; with the team-mate option a clash is swapped."""
    players = [Player(i, f"P{i}", unit="A" if i in (1, 2) else "B" if i in (3, 5) else "C") for i in range(1, 7)]
    ev = Event(EventSettings(), players)
    rnd = pair_first_round(ev, [1, 2, 3, 4, 5, 6], [])
    assert [(b.red, b.black) for b in rnd.boards] == [(1, 2), (4, 3), (5, 6)]
    opts = replace(ev.settings.pairing, same_unit="round1")
    ev2 = Event(replace(ev.settings, pairing=opts), players)
    notes: list[str] = []
    rnd2 = pair_first_round(ev2, [1, 2, 3, 4, 5, 6], notes)
    assert rnd2.boards[0] != Board(1, 1, 2) and notes  # 1 and 2 are team-mates: swapped apart


# ---------------------------------------------------------------- callers ask the system


NAME_TEST = re.compile(
    r"""system\s*(==|!=)\s*["']|system\s+(not\s+)?in\s+[A-Z_(]"""  # a test of a system's name
    r"""|\.(fixed_rounds|seated_by_table)\b|\)\.(swiss|round_robin|knockout|double)\b"""  # a read of the old flags
    r"""|\b(system|kind|sys)\.(swiss|round_robin|knockout|double)\b"""
)


def test_callers_ask_the_system_not_its_name():
    found = {}
    for path in sorted((ROOT / "xlxq").rglob("*.py")):
        if path.relative_to(ROOT / "xlxq").parts[0] in ("systems", "messages"):
            continue  # a system knows its own name and capabilities; the catalogues hold its label (system.swiss …)
        code = [ln for ln in path.read_text(encoding="utf-8").splitlines() if not ln.lstrip().startswith("#")]
        k = sum(len(NAME_TEST.findall(ln)) for ln in code)
        if k:
            found[str(path.relative_to(ROOT))] = k
    assert found == {}  # the team model takes its system's facts as TeamRules (issue 23)


RULES = {
    # key: seated_by_schedule, bye_wins_match, default_tiebreaks
    "swiss": (False, True, ("seed001-team-1",)),
    "round_robin": (False, False, ("team-rr",)),
    "double_round_robin": (False, False, ("team-rr",)),
    "scheveningen": (True, False, ("scheveningen",)),
}


@pytest.mark.parametrize("key", sorted(RULES))
def test_the_rules_a_team_system_passes_to_the_core(key):
    r = get_team_system(key).rules
    assert (r.seated_by_schedule, r.bye_wins_match, r.default_tiebreaks) == RULES[key]


def test_the_core_follows_the_rules_it_is_given():
    """The same data judged by other rules: a team Swiss's round seated by
    the board rule fails the schedule's rules (two teams, one player of each
    team on every board, rounds = boards); its bye counts as a match won only
    under ``bye_wins_match``."""
    from xlxq.core.team_standings import compute_team_standings
    from xlxq.core.teams import TeamRules, validate_team_event

    ev = make_team_event(3, boards=2, rounds=2)
    ev, _ = pair_and_seat(ev)
    validate_team_event(ev, rules=get_team_system("swiss").rules)
    with pytest.raises(InputError, match="两队"):
        validate_team_event(ev, rules=TeamRules(seated_by_schedule=True, default_tiebreaks=("scheveningen",)))
    for b in ev.rounds[0].matches[0].boards:
        b.result = "draw"
    (bye,) = ev.rounds[0].byes
    won = {r.no: r for r in compute_team_standings(ev, rules=get_team_system("swiss").rules)}
    plain = {
        r.no: r for r in compute_team_standings(ev, rules=replace(get_team_system("swiss").rules, bye_wins_match=False))
    }
    assert won[bye].match_points > plain[bye].match_points
    assert plain[bye].match_points == 0
