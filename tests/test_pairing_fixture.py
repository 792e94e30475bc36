"""The engine pairs as it did before issue 14's speed-up: tests/data/swiss_pairings.json
holds the pairing and a digest of the 定位编排 search (each score group's
decisions, node count, quality, floats, colour reasons) of every round of
200 random events (individual Swiss with every option, 积分末位淘汰, team
Swiss; 1 473 states of rounds ≥ 2), recorded on main at 9d618ae by
tools/pairing_fixture.py (its docstring says how to record it again)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT, load_tool

FIXTURE = ROOT / "tests" / "data" / "swiss_pairings.json"


def fixture_events(small: bool) -> dict:
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["events"] = [e for e in data["events"] if (e["spec"]["n"] <= 60) == small]
    return data


def test_fixture_covers_every_variant():
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    events = [e["spec"] for e in data["events"]]
    states = sum(len(e["rounds"]) - 1 for e in data["events"])
    assert states >= 200
    ind = [s for s in events if s["kind"] == "individual"]
    assert {s["pairing"]["picker"] for s in ind} == {"cxa", "fewer_row"}
    assert {s["pairing"]["colour_tie"] for s in ind} == {"number_sum", "round_parity"}
    assert {s["pairing"]["last_rounds_rule"] for s in ind} == {"cxa", "broad"}
    assert any("elimination" in s["pairing"] for s in ind)
    assert any(s["pairing"]["forfeits_before_removal"] for s in ind)
    assert any(not s["pairing"]["forfeit_counts_as_met"] for s in ind)
    assert {s["n"] % 2 for s in ind} == {0, 1} and max(s["n"] for s in ind) >= 1000
    assert any(s["rounds"] >= s["n"] - 2 for s in ind)  # late rounds, many repeats
    assert any(s["late"] for s in ind) and any(s["withdrawals"] for s in ind)
    assert {s["pair_by"] for s in events if s["kind"] == "team"} == {"match_points", "game_points"}


@pytest.mark.parametrize("small", [True, pytest.param(False, marks=pytest.mark.slow)], ids=["small", "large"])
def test_pairings_and_searches_are_as_recorded(small):
    tool = load_tool("pairing_fixture")
    states, diffs = tool.differences(fixture_events(small))
    assert states > 100
    assert not diffs, "\n".join(diffs[:20])
