"""The pairing-system interface and registry (xlxq.systems), and the one
编排记录 printer and block finder shared by the CLI and the workbook."""

from __future__ import annotations

import random

import openpyxl
import pytest

from xlxq.core import records
from xlxq.core.model import Event, EventSettings, Player
from xlxq.core.simulate import fill_results
from xlxq.errors import InputError
from xlxq.sheets import layout as L
from xlxq.systems import get_system, system_keys, system_label
from xlxq.systems.base import PairingSystem
from xlxq.operations.workbook import create_event_workbook
from tests.book_ops import explain, pair_next_round, schedule_round_robin

from tests.test_workbook_support import book


def players(n: int, seeds: int = 0) -> list[Player]:
    return [Player(no=i, name=f"棋手{i}", unit=f"队{i % 3}", seed=i if i <= seeds else None) for i in range(1, n + 1)]


def test_every_individual_system_is_registered_once():
    assert system_keys() == ("swiss", "round_robin", "double_round_robin", "knockout")
    for key in system_keys():
        s = get_system(key)
        assert isinstance(s, PairingSystem) and s.key == key
    with pytest.raises(InputError):
        get_system("no_such_system")


@pytest.mark.parametrize(
    "key, n, g, rounds",
    [
        ("swiss", 24, 1, 9),  # as typed
        ("round_robin", 6, 1, 5),  # N − 1 table rounds
        ("round_robin", 7, 1, 7),  # odd field: M = 8, 7 rounds
        ("double_round_robin", 6, 1, 10),
        ("round_robin", 6, 2, 10),  # 两局制: two games a table round
        ("knockout", 13, 1, 4),  # 16 lines, 4 stages
        ("knockout", 8, 2, 6),
    ],
)
def test_planned_rounds(key, n, g, rounds):
    s = EventSettings(system=key, rounds=9, games_per_match=g)
    assert get_system(key).planned_rounds(n, s) == rounds


def test_labels_and_default_tiebreaks():
    assert system_label("double_round_robin", "zh", 2) == "双循环（每场2局）"
    assert system_label("knockout", "en") == "knockout"
    assert system_label("scheveningen", "zh") == "scheveningen"  # not registered: shown as is
    assert get_system("swiss").default_tiebreaks(EventSettings()) == ["cxa2011-opp"]
    assert get_system("knockout").default_tiebreaks(EventSettings(system="knockout")) == []
    rr = get_system("round_robin").default_tiebreaks(EventSettings(system="round_robin"))
    assert rr and rr != ["cxa2011-opp"]


def test_check_report_lines_errors_first():
    ev = Event(EventSettings(system="round_robin", rounds=5), players(6))
    rr = get_system("round_robin")
    ev = ev.with_round(rr.pair(ev).round)
    fill_results(ev.rounds[0], random.Random(1))
    clean = rr.check(ev, 1, "zh")
    assert clean.lines("zh")[:2] == ["第1轮检查：", "  未发现问题"] and not clean.errors
    # swap the opponents of two boards: not the table any more
    b1, b2 = ev.rounds[0].boards[:2]
    b1.black, b2.black = b2.black, b1.black
    bad = rr.check(ev, 1, "en")
    assert bad.errors and bad.lines("en")[0] == "Round 1 check:"
    tags = [ln.split("]")[0] for ln in bad.lines("en")[1:] if ln.startswith("  [")]
    assert tags == sorted(tags, key=lambda t: t != "  [error")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_heading_is_found_again_in_either_language(lang):
    for stage, n in (("main", 3), ("ko", 12)):
        text = records.heading(n, "市赛", lang)
        if stage == "ko":
            text = records.ko_stage(text, lang)
        m = records.HEADING_RE.match(text)
        assert m and records.block_key(m) == ((1 if stage == "ko" else 0), n)
    assert records.HEADING_RE.match("Round 3 recorded by hand") is None


def _log_lines(path) -> list[str]:
    ws = openpyxl.load_workbook(path)[L.SHEET_NAMES[L.LOG]["zh"]]
    return [c.value for c in ws["A"] if c.value is not None]


@pytest.mark.parametrize("env_lang", ["zh", "en"])
@pytest.mark.parametrize("system", ["round_robin", "knockout"])
def test_explain_twice_keeps_one_block_per_round(tmp_path, monkeypatch, env_lang, system):
    """The 编排记录 of a round-robin or knockout round written again (in
    either message language) replaces its block: no second copy."""
    monkeypatch.setenv("XLXQ_LANG", env_lang)
    path = tmp_path / "e.xlsx"
    create_event_workbook(path, players(6, seeds=2 if system == "knockout" else 0), EventSettings(system=system))
    if system == "round_robin":
        assert schedule_round_robin(book(path)).ok
    else:
        assert pair_next_round(book(path)).ok
    before = _log_lines(path)
    heads = [ln for ln in before if records.HEADING_RE.match(ln)]
    assert heads, before
    for _ in range(2):
        assert explain(book(path), 1).ok
    after = _log_lines(path)
    assert sorted(ln for ln in after if records.HEADING_RE.match(ln)) == sorted(heads)
    want = "Round 1 record" if env_lang == "en" else "第1轮编排记录"
    assert sum(ln.startswith(want) for ln in after) == 1
