"""The system is the unit (issue 23 item 1): a new pairing system is one
class and its row of the key table, and the normal commands pair it, rank
it, explain it and check it, in a JSON file and in a workbook; a new
tie-break preset is one registration.  docs/architecture.md, "Adding a
system" and "Adding a tie-break preset", list the files.

The toy is 折叠编排 ("fold"): each round the players present, ranked by
score then number, are folded (first v last, second v second-last …; an
odd field's middle player has the bye), the higher-ranked red in odd rounds.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Optional

import openpyxl
import pytest

from tests.conftest import ROOT, template_workbook
from xlxq.cli import main
from xlxq.core.history import build_cards, pairable_players
from xlxq.core.model import Board, Event, EventSettings, Player, Round
from xlxq.core.outcome import PairingOutcome
from xlxq.core.standings import resolve_tiebreaks
from xlxq.core.steps import Record, against_engine, pairings_step
from xlxq.errors import InputError
from xlxq.systems import get_system, pair_round, system_for
from xlxq.systems.base import CheckReport, EngineAdapter, PairingSystem, pairset, prior, report_of
from xlxq.systems.keys import SystemKey, add_key, drop_key
from xlxq.systems.registry import register, unregister

# ------------------------------------------------------------------ the toy system: one class and one key row

FOLD_KEY = SystemKey("fold", "players", "system.fold", "折叠编排", "fold", "折叠编排", "Fold", ("折叠", "foldpairing"))


class Fold(PairingSystem[Event, PairingOutcome]):
    """折叠编排 (a toy): see the module text."""

    key = "fold"

    def default_tiebreaks(self, settings: EventSettings) -> list[str]:
        return ["cxa2011-opp"]

    def pair(self, event: Event, round_no: Optional[int] = None) -> PairingOutcome:
        n = event.next_round if round_no is None else round_no
        if n > event.settings.rounds:
            raise InputError(f"本赛事共{event.settings.rounds}轮", f"the event has {event.settings.rounds} rounds")
        cards = build_cards(event, n, event.settings.pairing.forfeit_counts_as_met)
        order = sorted(pairable_players(event, n, cards), key=lambda no: (-cards[no].score, no))
        byes = [order.pop(len(order) // 2)] if len(order) % 2 else []
        boards = []
        for i in range(len(order) // 2):
            hi, lo = order[i], order[-1 - i]
            red, black = (hi, lo) if n % 2 else (lo, hi)
            boards.append(Board(i + 1, red, black))
        return PairingOutcome(round=Round(n, boards, byes), cards=cards)

    def record(self, event: Event, round_no: int) -> Record:
        out = self.pair(prior(event, round_no), round_no)
        rec = Record(round_no, event.settings.name, names={p.no: p.name for p in event.players})
        pairings_step(rec, [(b.board, b.red, b.black, b.result) for b in out.round.boards], out.round.byes)
        against_engine(rec, out.round, next((r for r in event.rounds if r.round == round_no), None))
        return rec

    def check(self, event: Event, round_no: int, lang: str) -> CheckReport:
        rnd = next(r for r in event.rounds if r.round == round_no)
        want = self.pair(prior(event, round_no), round_no).round
        issues = []
        if pairset(rnd) != pairset(want) or sorted(rnd.byes) != sorted(want.byes):
            issues.append(("error", f"第{round_no}轮不是折叠编排的对阵", f"round {round_no} is not the fold"))
        return report_of(round_no, issues, None, lang)


@pytest.fixture
def fold():
    """Registered for one test, taken out after it."""
    add_key(FOLD_KEY)
    register(Fold)
    yield get_system("fold")
    unregister("fold")
    drop_key("fold")


# ------------------------------------------------------------------ the interface


def test_a_system_is_asked_not_named(fold):
    assert fold.label("zh") == "折叠编排" and fold.label("en") == "fold" and fold.label_id == "system.fold"
    assert fold.views == () and not fold.has_cross_table and not fold.has_bracket
    assert not fold.pairs_by_score and not fold.rounds_from_entrants and fold.cycles == 1
    assert system_for(EventSettings(system="fold")) is fold
    for key in ("round_robin", "double_round_robin"):
        assert get_system(key).views == ("cross_table",) and get_system(key).has_cross_table
    assert get_system("knockout").views == ("bracket",) and get_system("knockout").has_bracket
    assert get_system("double_round_robin").cycles == 2


def test_an_unknown_system_is_an_error_never_a_swiss():
    ev = Event(EventSettings(system="dutch", rounds=3), [Player(i, f"P{i}") for i in range(1, 5)])
    with pytest.raises(InputError) as exc:
        pair_round(ev)
    assert "赛制 system 无效：'dutch'（可选 swiss, round_robin, double_round_robin, knockout）" in exc.value.zh


def test_the_key_table_is_the_one_list(fold):
    from xlxq.sheets import layout as L
    from xlxq.systems.keys import cli_choices

    assert cli_choices()[-1] == "fold"  # xlxq new --system offers it
    assert [c.value for c in L.SETTINGS_BY_KEY["system"].choices][-1] == "fold"  # the 设置 dropdown too


class Reversed:
    """An external engine as a plug (here: in the same process): round 1 pairs 1 v n, 2 v n-1 …"""

    def pair(self, event: Event, round_no: Optional[int]) -> PairingOutcome:
        nos = [p.no for p in event.players]
        boards = [Board(i + 1, nos[i], nos[-1 - i]) for i in range(len(nos) // 2)]
        return PairingOutcome(round=Round(round_no or event.next_round, boards, []), cards={})


def test_an_external_engine_plugs_in():
    class Outside(PairingSystem[Event, PairingOutcome]):
        key = "outside"
        engine: EngineAdapter = Reversed()

    ev = Event(EventSettings(system="outside", rounds=1), [Player(i, f"P{i}") for i in range(1, 7)])
    out = Outside().pair(ev)
    assert [(b.red, b.black) for b in out.round.boards] == [(1, 6), (2, 5), (3, 4)]
    with pytest.raises(NotImplementedError):
        PairingSystem().pair(ev)


# ------------------------------------------------------------------ through the normal commands


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    got = capsys.readouterr()
    return code, got.out, got.err


def registration(tmp_path: Path, n: int) -> Path:
    path = tmp_path / "players.csv"
    path.write_text("姓名,单位\n" + "".join(f"棋手{i},队{i % 3}\n" for i in range(1, n + 1)), encoding="utf-8")
    return path


def test_fold_through_the_cli_json(fold, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XLXQ_LANG", "zh")
    ev = tmp_path / "fold.json"
    code, out, err = run(capsys, "new", ev, "--players", registration(tmp_path, 7), "--system", "fold", "--rounds", "3")
    assert code == 0, err
    assert "7名棋手，折叠编排，3轮" in out
    d = json.loads(ev.read_text(encoding="utf-8"))
    assert d["event"]["system"] == "fold" and d["event"]["tiebreaks"] == ["cxa2011-opp"]
    code, out, err = run(capsys, "pair", ev)
    assert code == 0, err
    d = json.loads(ev.read_text(encoding="utf-8"))
    r1 = d["rounds"][0]
    assert [(b["red"], b["black"]) for b in r1["boards"]] == [(1, 7), (2, 6), (3, 5)] and r1["byes"] == [4]
    for i, b in enumerate(r1["boards"]):  # 1 and 2 win, 3 draws
        b["result"] = ("red_win", "red_win", "draw")[i]
    ev.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    code, out, err = run(capsys, "pair", ev)
    assert code == 0, err
    d = json.loads(ev.read_text(encoding="utf-8"))
    # after round 1: 1, 2, 4 (bye) on 2; 3, 5 on 1; 6, 7 on 0: folded, the higher-ranked black in round 2
    assert [(b["red"], b["black"]) for b in d["rounds"][1]["boards"]] == [(7, 1), (6, 2), (5, 4)]
    assert d["rounds"][1]["byes"] == [3]
    code, out, err = run(capsys, "standings", ev)
    assert code == 0, err and "棋手1" in out
    code, out, err = run(capsys, "explain", ev, "--round", "2")
    assert code == 0, err
    assert "7 棋手7" in out or "棋手7" in out
    code, out, err = run(capsys, "check", ev, "--round", "2")
    assert code == 0, err
    assert "未发现问题" in out
    d["rounds"][1]["boards"][0]["black"], d["rounds"][1]["boards"][1]["black"] = 2, 1  # edited by hand
    ev.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    code, out, err = run(capsys, "check", ev, "--round", "2")
    assert "第2轮不是折叠编排的对阵" in out + err


def test_fold_through_the_workbook(fold, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XLXQ_LANG", "zh")
    book = template_workbook(
        tmp_path / "fold.xlsx", [f"棋手{i}" for i in range(1, 7)], settings={"赛制": "折叠", "轮数": 3}
    )
    code, out, err = run(capsys, "pair", book)
    assert code == 0, err
    wb = openpyxl.load_workbook(book)
    assert "第1轮" in wb.sheetnames
    settings = wb["设置"]
    row = next(r for r in range(1, settings.max_row + 1) if settings.cell(row=r, column=1).value == "赛制")
    assert settings.cell(row=row, column=2).value == "折叠"  # an alias of the key table, kept as typed
    ws = wb["第1轮"]
    text = "\n".join(" ".join(str(c.value) for c in row if c.value is not None) for row in ws.iter_rows())
    assert re.search(r"1\D+棋手1.*棋手6\D+6", text), text
    code, out, err = run(capsys, "check", book)
    assert code == 0, err


# ------------------------------------------------------------------ a new tie-break preset


def test_a_tie_break_preset_is_one_registration(fold):
    """A preset is one line on the system's tie-break registry; the system
    may name it as its default, and the standings rank by it."""
    registry = fold.tiebreak_registry
    assert registry is get_system("swiss").tiebreak_registry
    registry.add_preset("fold-wins", ["wins", "opp_score"])
    try:
        assert resolve_tiebreaks(["fold-wins"]) == ["wins", "opp_score"]
        assert "fold-wins" in registry.presets
        with pytest.raises(ValueError):
            registry.add_preset("fold-bad", ["no_such_key"])
    finally:
        registry.remove_preset("fold-wins")
    assert get_system("knockout").tiebreak_registry is None  # ranked by its bracket


def test_the_docs_list_the_files():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    assert "## Adding a system" in text and "## Adding a tie-break preset" in text


# ------------------------------------------------------------------ one check, the CLI and the workbook alike


def test_one_round_robin_check_for_the_cli_and_the_workbook(tmp_path, capsys, monkeypatch):
    """The round-robin check was two (``rr_check`` for the CLI,
    ``rr_rule_problems`` for the workbook) with different rules: now the
    workbook's 检查 and ``xlxq check`` of the same event say the same."""
    monkeypatch.setenv("XLXQ_LANG", "zh")
    ev = tmp_path / "rr.json"
    code, out, err = run(capsys, "new", ev, "--players", registration(tmp_path, 6), "--system", "round_robin")
    assert code == 0, err
    for _ in range(2):
        assert run(capsys, "pair", ev)[0] == 0
        d = json.loads(ev.read_text(encoding="utf-8"))
        for b in d["rounds"][-1]["boards"]:
            b["result"] = "draw"
        ev.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    d = json.loads(ev.read_text(encoding="utf-8"))
    r1, r2 = d["rounds"][0]["boards"], d["rounds"][1]["boards"]
    # the boards of round 2 where round 1's board 1 players sit, (a, x) and (b, y), made (a, b): a
    # rematch, and (x, y): a pair the table does not have in round 2
    a, b = r1[0]["red"], r1[0]["black"]
    (i, ba), (j, bb) = [
        (k, bd) for k, bd in enumerate(r2) if a in (bd["red"], bd["black"]) or b in (bd["red"], bd["black"])
    ]
    x = ba["black"] if ba["red"] in (a, b) else ba["red"]
    y = bb["black"] if bb["red"] in (a, b) else bb["red"]
    r2[i]["red"], r2[i]["black"] = a, b
    r2[j]["red"], r2[j]["black"] = x, y
    ev.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    code, cli, err = run(capsys, "check", ev, "--round", "2")
    assert "已赛满1局，循环赛中不应再相遇" in cli, cli + err
    assert "不是秩序表" in cli
    book = tmp_path / "rr.xlsx"
    code, out, err = run(capsys, "convert", ev, book)
    assert code == 0, err
    code, wb_out, err = run(capsys, "check", book)
    for line in cli.splitlines():
        m = re.match(r"\s*\[错误\] (.*)", line)
        if m:
            assert m.group(1) in wb_out + err, (m.group(1), wb_out, err)


def test_the_key_table_costs_the_cli_nothing():
    """The CLI reads the key table while it builds its parser: the table
    imports the standard library only, and neither the registry nor an
    engine is loaded by it."""
    import os
    import subprocess
    import sys

    code = (
        "import sys, xlxq.systems.keys as K; K.cli_choices(); "
        "print(sorted(m for m in sys.modules if m.startswith('xlxq') and m not in "
        "('xlxq', 'xlxq.systems', 'xlxq.systems.keys')), 'dataclasses' in sys.modules)"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.split() == ["[]", "False"]
