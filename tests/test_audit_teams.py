"""``xlxq audit`` of team events (issue 26): team Swiss, team round robin
(single, double), 全队轮赛制 — every round's matches (which teams meet, which
goes first) and byes derived from the rounds before and compared with the
round as played; a 全队轮赛制 round also its seats (players, colours) by the
schedule.  Line-ups are the teams' choice: not audited, and the report says
so."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from tests.cli_support import run
from tests.conftest import make_team_event
from xlxq.core.model import DRAW, Board
from xlxq.core.teams import Match, TeamEvent, TeamRound
from tests.test_audit import _stripped as stripped
from tests.test_audit import changed_boards as changed
from xlxq.operations.audit import audit_team_event
from xlxq.operations.simulate import simulate_team_file
from xlxq.operations.source import save


def played(system: str, n_teams: int, rounds: int, seed: int = 3, boards: int = 3) -> TeamEvent:
    ev = make_team_event(n_teams, boards=boards, system=system, rounds=rounds)
    return simulate_team_file(ev, "unused.json", seed, None).event


def reversed_match(m: Match) -> Match:
    """``m`` with the other team going first: every board's colours reversed too
    (the team going first is red on the odd boards)."""
    return replace(m, first=m.second, second=m.first, boards=[replace(b, red=b.black, black=b.red) for b in m.boards])


def rr_match(k: int, first: int, second: int, boards: int = 2) -> Match:
    """Match ``k`` of 2-board teams of 3 (players t*3-2, t*3-1; board 1 the
    first team red, board 2 the second), every game drawn."""
    a, b = (first - 1) * 3 + 1, (second - 1) * 3 + 1
    return Match(k, first, second, [Board(1, a, b, DRAW), Board(2, b + 1, a + 1, DRAW)][:boards])


# ---------------------------------------------------------------- hand-worked


def test_team_round_robin_against_the_table_by_hand():
    """4 teams, the 棋规 table (shared/reference/roundrobin-tables.md, 4):
    R1 1-4, 2-3; R2 4-3, 1-2; R3 2-4, 3-1 (listed first goes first).  The
    file's round 3 has 4-2: the table's match with the order reversed;
    match 2 as the table.  Exactly match 1 is reported (colours)."""
    ev = make_team_event(4, boards=2, system="round_robin", rounds=3)
    ev.rounds = [
        TeamRound(1, [rr_match(1, 1, 4), rr_match(2, 2, 3)]),
        TeamRound(2, [rr_match(1, 4, 3), rr_match(2, 1, 2)]),
        TeamRound(3, [rr_match(1, 4, 2), rr_match(2, 3, 1)]),
    ]
    audits = audit_team_event(ev)
    assert [a.status for a in audits] == ["same", "same", "differs"]
    assert audits[2].derived == (((2, 4), (3, 1)), ())
    assert changed(audits[2]) == {"colours": {1}}
    assert audits[2].changes[0].was == ((2, 4),)


def test_team_swiss_round_1_by_hand():
    """4 teams, 首轮 近号: 1-2, 4-3 (seed 000 方法(一): the odd match's
    smaller number first, the even match's larger).  The file pairs 1-3 and
    4-2: both matches reported (pairing); round 1 parts at 方法(一)."""
    ev = make_team_event(4, boards=2, system="swiss", rounds=3)
    ev.rounds = [TeamRound(1, [rr_match(1, 1, 3), rr_match(2, 4, 2)])]
    (a,) = audit_team_event(ev)
    assert a.derived == (((1, 2), (4, 3)), ())
    assert a.status == "differs" and changed(a) == {"pairing": {1, 2}}
    assert a.clause == "方法(一)"
    ev.rounds = [TeamRound(1, [rr_match(1, 1, 2), rr_match(2, 4, 3)])]
    assert [x.status for x in audit_team_event(ev)] == ["same"]


def test_team_swiss_changed_round_reported_exactly_with_and_without_the_engine_record():
    """A played team Swiss of 7 teams; its last round (4) changed: matches 1 and 2
    exchange their second teams, match 3's order reversed.  With the engine
    pairing recorded: 人工调整 with those matches; without: 不一致 with
    the same matches and the step where the record parts."""
    ev = played("swiss", 7, 4)
    r3 = ev.rounds[3]
    ms = list(r3.matches)
    ms[0], ms[1] = replace(ms[0], second=ms[1].second), replace(ms[1], second=ms[0].second)
    ms[2] = reversed_match(ms[2])
    new = replace(r3, matches=ms)
    new.engine = r3.engine
    ev.rounds[3] = new
    a = audit_team_event(ev)[3]
    assert a.status == "hand" and changed(a) == {"pairing": {1, 2}, "colours": {3}}
    audits = audit_team_event(stripped(ev))
    assert [x.status for x in audits] == ["same", "same", "same", "differs"]
    assert changed(audits[3]) == {"pairing": {1, 2}, "colours": {3}}
    assert audits[3].step is not None and audits[3].clause


def test_scheveningen_seats_against_the_schedule():
    ev = played("scheveningen", 2, 3)
    assert [a.status for a in audit_team_event(stripped(ev))] == ["same"] * 3
    m = ev.rounds[1].matches[0]
    b = m.boards[0]
    m.boards[0] = replace(b, red=b.black, black=b.red)
    a = audit_team_event(ev)[1]
    assert a.status == "differs" and not a.changes  # the match is the schedule's, a seat is not
    assert [(c.kind, c.board, c.red, c.black) for c in a.seat_changes] == [("colours", 1, b.black, b.red)]


# ---------------------------------------------------------------- CLI


def test_cli_team_audit_text_json_and_exit_codes(tmp_path):
    ev = played("swiss", 5, 3)
    f = tmp_path / "t.json"
    save(ev, str(f))
    p = run("audit", f, check_rc=0)
    lines = p.out.splitlines()
    assert lines[1] == "复核范围：每轮各场的对阵（哪两队相遇、哪队先走）与轮空；出场名单由各队自定，不在复核之内"
    assert lines[-1] == "合计：一致3轮，人工调整0轮，不一致0轮"
    ev = stripped(ev)
    r2 = ev.rounds[1]
    m = r2.matches[0]
    r2.matches[0] = reversed_match(m)
    save(ev, str(f))
    p = run("audit", f, "--json", check_rc=1)
    data = json.loads(p.out)
    assert data["team"] is True and data["lineups_audited"] is False and data["reproduced"] is False
    rnd = data["rounds"][1]
    assert rnd["status"] == "differs" and rnd["entrants"] == "teams"
    assert [(c["kind"], c["board"], c["red"], c["black"]) for c in rnd["changes"]] == [
        ("colours", 1, m.second, m.first)
    ]
    en = run("audit", f, lang="en", check_rc=1).out.splitlines()
    assert f"  match 1 {m.second}-{m.first} (first-second): order reversed (derived: team {m.first} first)" in en


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["team-swiss", "team-rr", "scheveningen"])
def test_the_team_snapshot_events_reproduce(tmp_path, fmt):
    """The team events tools/snapshot.py plays (JSON files and team
    workbooks: every line-up format, pair-by, match scoring, single and
    double round robin, withdrawals), audited: every round 一致."""
    from tests.conftest import snapshot_events
    from xlxq.operations.audit import audit_file
    from xlxq.operations.event_read import read_event_or_groups

    seen = books = 0
    for event_id, f in snapshot_events(fmt, tmp_path):
        event, _ = read_event_or_groups(str(f))
        if event.rounds:
            seen += 1
            books += f.suffix == ".xlsx"
            assert {a.status for a in audit_team_event(event)} == {"same"}, (event_id, f.name)
            assert audit_file(event).code == 0
    assert seen >= 6 and books >= 1


# ---------------------------------------------------------------- property


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(24))
def test_team_events_made_by_xlxq_reproduce(seed):
    rng = random.Random(seed)
    system = rng.choice(["swiss", "round_robin", "double_round_robin", "scheveningen"])
    if system == "scheveningen":
        boards = rng.randint(2, 5)
        ev = played(system, 2, boards, rng.randrange(10**6), boards)
    else:
        n = rng.randint(3, 8)
        # a Swiss of few teams runs out of pairings without rematches: n // 2 rounds at most
        rounds = {"swiss": max(2, min(rng.randint(3, 5), n // 2))}.get(system, 3)
        ev = played(system, n, rounds, rng.randrange(10**6), rng.randint(2, 4))
    for e in (ev, stripped(ev)):
        assert [a.status for a in audit_team_event(e)] == ["same"] * len(ev.rounds), system
