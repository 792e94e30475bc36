"""Issue 21 §1: the 编排记录 describes what was played.  A past round's
record is derived from the event as it stood before that round (a late
entry registered since is not in it); a round adjusted by hand shows the
round as played beside the engine's proposal, each change marked 人工调整,
and ``check`` lists every difference; undo removes all the paper of the
round."""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl

from tests.book_ops import explain, pair_next_round
from tests.test_workbook_support import book, write_results
from xlxq.core import records
from xlxq.core.model import Event, EventSettings, Player
from xlxq.core.record_text import record_text
from xlxq.core.simulate import fill_results
from xlxq.sheets.write_log import read_log_blocks
from xlxq.systems import get_system
from xlxq.workbook import create_event_workbook


def log_blocks(path: Path) -> dict[int, str]:
    """The 编排记录 sheet's blocks of the main stage, by round."""
    ws = openpyxl.load_workbook(path)["编排记录"]
    grid = [[c.value for c in row] for row in ws.iter_rows()]
    _, blocks = read_log_blocks(grid, records.HEADING_RE, records.block_key)
    out = {}
    for (stage, n), lines in blocks.items():
        while lines and lines[-1] is None:
            lines.pop()
        if stage == 0:
            out[n] = "\n".join(ln or "" for ln in lines)
    return out


def ten_players(path: Path, rounds: int = 5) -> Path:
    players = [Player(no=i, name=f"棋手{i}", unit=f"队{i % 3}") for i in range(1, 11)]
    create_event_workbook(path, players, EventSettings(name="r", rounds=rounds))
    return path


def round_results(path: Path, n: int, seed: int) -> None:
    rng = random.Random(seed)
    wb = openpyxl.load_workbook(path)
    boards = sum(1 for _ in wb[f"第{n}轮"].iter_rows())  # enough keys: the writer skips boards not there
    codes = {b: rng.choice(["red_win", "black_win", "draw"]) for b in range(1, boards + 1)}
    wb.close()
    from tests.test_workbook_support import open_round

    _, view = open_round(path, n)
    write_results(path, n, {b: codes[b] for b in view.rows()}, rng)


def add_registration_row(path: Path, name: str) -> None:
    """The arbiter types a new row into 报名表: a name, no 序号."""
    wb = openpyxl.load_workbook(path)
    ws = wb["报名表"]
    ws.cell(row=ws.max_row + 1, column=2).value = name
    wb.save(path)


def test_explain_past_round_after_late_entry_keeps_the_round_as_played(tmp_path):
    """Issue 21 §1.1: 10 players, two rounds played, 李逍遥 registered and
    paired from round 3; explaining round 2 gives round 2's record as it was
    written when round 2 was paired (no 迟到入场, no board with 11), and the
    block in 编排记录 stays that record."""
    path = ten_players(tmp_path / "r.xlsx")
    assert pair_next_round(book(path)).ok
    round_results(path, 1, 1)
    assert pair_next_round(book(path)).ok
    round_results(path, 2, 2)
    written = log_blocks(path)[2]
    add_registration_row(path, "李逍遥")
    st = pair_next_round(book(path))
    assert st.ok
    assert any(11 in (b.red, b.black) for b in st.event.rounds[2].boards) or 11 in st.event.rounds[2].byes
    st = explain(book(path), 2)
    assert st.ok
    assert "李逍遥" not in st.text and "迟到入场" not in st.text and "注意" not in st.text
    assert st.text == written
    assert log_blocks(path)[2] == written


def test_explain_json_past_round_ignores_a_later_entry():
    """The same on an event as data (a JSON file): the record of round 2
    from the event with a player registered after round 2 equals the record
    from the event as it stood then."""
    players = [Player(no=i, name=f"P{i}") for i in range(1, 11)]
    ev = Event(settings=EventSettings(name="e", rounds=5), players=players)
    system = get_system("swiss")
    rng = random.Random(3)
    for _ in range(2):
        ev = ev.with_round(fill_results(system.pair(ev).round, rng))
    then = record_text(system.record(ev, 2), "zh")
    late = Event(settings=ev.settings, players=[*players, Player(no=11, name="李逍遥")], rounds=ev.rounds)
    late = late.with_round(system.pair(late).round)
    assert any(11 in r.players() for r in late.rounds[2:])
    assert record_text(system.record(late, 2), "zh") == then
    assert record_text(system.record(late, 1), "zh") == record_text(system.record(ev, 1), "zh")
