"""The one knockout check (issue 23): :func:`xlxq.systems.knockout.ko_issues`
serves the CLI's ``check`` and the workbook's 检查; a hand-broken knockout
round shows the same problems both ways, whether it was broken in the JSON
file or in the workbook's cells."""

from __future__ import annotations

from pathlib import Path

from xlxq.backends.json_file import load_event, save_event
from xlxq.core.model import RED_WIN, Event, EventSettings, Player
from xlxq.operations.convert import convert_file
from xlxq.sheets.read import read_workbook
from xlxq.systems import get_system, pair_round
from xlxq.systems.knockout import ko_issues
from tests.test_workbook_support import book, open_round

KO_CODES = {"over", "waiting", "missing", "ko_colours", "withdrawn", "byes", "order"}


def two_rounds() -> Event:
    """8 players, 2-game matches: round 1 played (red wins), round 2 paired
    (game 2, colours swapped by 13.5)."""
    ev = Event(
        EventSettings(system="knockout", games_per_match=2, rounds=6),
        [Player(i, f"棋手{i}", seed=i if i <= 2 else None) for i in range(1, 9)],
    )
    r1 = pair_round(ev).round
    for b in r1.boards:
        b.result = RED_WIN
    ev = ev.with_round(r1)
    return ev.with_round(pair_round(ev).round)


def cli_problems(ev: Event, n: int) -> set[tuple[str, str]]:
    """What ``xlxq check`` reports of round ``n``: (level, message)."""
    report = get_system("knockout").check(ev, n, "zh")
    return {(i.level, i.zh) for i in report.issues}


def book_problems(path: Path) -> set[tuple[str, str]]:
    """The workbook's problems of the knockout check: (level, message)."""
    data = read_workbook(book(path))
    return {(p.level, p.zh) for p in data.problems if p.code in KO_CODES}


def codes(path: Path) -> set[str]:
    return {p.code for p in read_workbook(book(path)).problems if p.code in KO_CODES}


def test_the_cli_check_is_the_one_check():
    ev = two_rounds()
    assert get_system("knockout").check(ev, 2, "zh").issues == []
    b = ev.rounds[1].boards[0]
    b.red, b.black = b.black, b.red  # game 2 not swapped (13.5)
    issues, stage = ko_issues(ev, 2)
    assert [(i.level, i.code, i.board) for i in issues] == [("warning", "ko_colours", 1)]
    assert stage is not None
    assert cli_problems(ev, 2) == {(i.level, i.zh) for i in issues}


def test_broken_in_the_json_file_the_workbook_finds_the_same(tmp_path):
    ev = two_rounds()
    rnd = ev.rounds[1]
    b = rnd.boards[0]
    b.red, b.black = b.black, b.red  # colours not swapped from game 1 (a warning)
    rnd.boards[1], rnd.boards[2] = rnd.boards[2], rnd.boards[1]  # boards out of seeding order (a warning)
    for k, bd in enumerate(rnd.boards, start=1):
        bd.board = k
    del rnd.boards[3]  # a match due and not paired (an error)
    assert sorted(i.code for i in ko_issues(ev, 2)[0]) == ["ko_colours", "missing", "order"]
    cli = cli_problems(ev, 2)
    src = tmp_path / "ko.json"
    save_event(ev, src)
    convert_file(str(src), str(tmp_path / "ko.xlsx"), False, "zh")
    assert book_problems(tmp_path / "ko.xlsx") == cli
    assert codes(tmp_path / "ko.xlsx") == {"missing", "ko_colours", "order"}


def test_broken_in_the_workbook_the_cli_finds_the_same(tmp_path):
    src = tmp_path / "ko.json"
    save_event(two_rounds(), src)
    path = tmp_path / "ko.xlsx"
    convert_file(str(src), str(path), False, "zh")
    assert book_problems(path) == set()
    wb, view = open_round(path, 2)
    row = view.rows()[1]  # board 1
    red, black = view.get(row, "red_no"), view.get(row, "black_no")
    view.set(row, "red_no", black)  # game 2 not swapped: a warning, on both sides
    view.set(row, "black_no", red)
    wb.save(path)
    found = book_problems(path)
    assert codes(path) == {"ko_colours"} and len(found) == 1
    back = tmp_path / "back.json"
    convert_file(str(path), str(back), False, "zh")
    assert cli_problems(load_event(back), 2) == found
