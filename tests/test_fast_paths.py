"""The quick paths of the workbook round trip (issue 14) give what the plain
ones give: the 积分 of every round sheet from one pass over the rounds, the
rule checks of a round made once per operation, a row's cells read at once."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace

import pytest

from tests.conftest import played_swiss
from xlxq.core.checks import check_round, check_rounds
from xlxq.core.history import build_cards
from xlxq.core.model import Board
from xlxq.sheets.cells import cell_at, cells_at, norm_name
from xlxq.sheets.layout import norm_key
from xlxq.sheets.rules import checked_round
from xlxq.sheets.formats import round_scores
from xlxq.sheets.write_standings import kept_scores_by_round, scores_before, scores_by_round, scores_kept


@pytest.mark.parametrize("seed", range(6))
def test_scores_by_round_are_the_scores_before_each_round(seed):
    """Byes, forfeits and unfinished games (a draw for the pairing) included:
    the one pass gives scores_before of every round and of the next one."""
    rng = random.Random(seed)
    event = played_swiss(rounds=rng.randint(1, 6), seed=seed, players=rng.choice([7, 11, 24]))
    last = event.rounds[-1]
    boards = list(last.boards)
    k = rng.randrange(len(boards))
    boards[k] = replace(boards[k], result=rng.choice([None, "red_win_forfeit", "double_forfeit"]))
    event = replace(event, rounds=[*event.rounds[:-1], replace(last, boards=boards)])
    got = scores_by_round(event)
    assert set(got) == {r.round for r in event.rounds} | {len(event.rounds) + 1}
    for n, scores in got.items():
        assert scores == counted(event, n) == scores_before(event, n), n
    assert scores_by_round(replace(event, rounds=event.rounds[::-1])) == ({} if len(event.rounds) > 1 else got)


def counted(event, n):
    """积分 before round n counted from the cards, no pass kept."""
    cards = build_cards(event, n, event.settings.pairing.forfeit_counts_as_met)
    return {no: c.score for no, c in cards.items()}


def test_the_kept_pass_serves_the_same_event_only():
    """An operation keeps its one pass over the rounds on its data (a
    pairing's refresh, then its text) and serves it for the very same event
    only; an event with one result changed (a new round object) is counted
    again, and what a round sheet is given is a copy (changing it changes no
    later answer)."""
    event = played_swiss(rounds=4, seed=3, players=11)
    data = SimpleNamespace(scores_by_round=None)
    n = len(event.rounds)
    assert scores_kept(data, event) is None
    kept = kept_scores_by_round(data, event)
    assert scores_kept(data, event) is kept and kept_scores_by_round(data, event) is kept
    first = round_scores(event, event.rounds[-1], scores_kept(data, event))
    assert first == kept[n] and first is not kept[n]
    first.clear()
    assert round_scores(event, event.rounds[-1], kept) == kept[n] == counted(event, n)
    last = event.rounds[-1]
    b = last.boards[0]
    flipped = "black_win" if b.result == "red_win" else "red_win"
    changed = replace(
        event, rounds=[*event.rounds[:-1], replace(last, boards=[replace(b, result=flipped), *last.boards[1:]])]
    )
    assert counted(changed, n + 1) != kept[n + 1]
    assert scores_kept(data, changed) is None
    assert kept_scores_by_round(data, changed)[n + 1] == counted(changed, n + 1)


@pytest.mark.parametrize("seed", range(8))
def test_check_rounds_in_one_pass_are_check_round_of_each(seed):
    """Every round checked with the cards as they are before it, from one
    pass: the issues check_round gives, a hand-broken round's included (a
    rematch, a player twice, a second bye), and rounds out of order each on
    their own."""
    rng = random.Random(seed)
    event = played_swiss(rounds=rng.randint(2, 6), seed=seed, players=rng.choice([7, 12, 24]))
    k = rng.randrange(1, len(event.rounds))
    rnd = event.rounds[k]
    earlier = event.rounds[k - 1].boards[0]
    broken = replace(rnd, boards=[*rnd.boards[1:], Board(board=99, red=earlier.red, black=earlier.black)])
    event = replace(event, rounds=[*event.rounds[:k], broken, *event.rounds[k + 1 :]])
    want = {r.round: check_round(event, r.round) for r in event.rounds}
    assert check_rounds(event) == want
    assert any(want.values())  # the broken round is reported
    shuffled = replace(event, rounds=event.rounds[::-1])
    assert check_rounds(shuffled) == {r.round: check_round(shuffled, r.round) for r in shuffled.rounds}


def test_checked_round_is_check_round_made_once():
    """The checks of a round serve again while the settings, players and
    rounds up to it are the same objects; a round changed is checked again."""
    event = played_swiss(rounds=3, seed=4, players=11)
    data = SimpleNamespace(round_checks={})
    for n in (1, 2, 3):
        assert checked_round(data, event, n) == check_round(event, n)
    first = dict(data.round_checks)
    later = event.with_round(event.rounds[-1].__class__(round=4))  # another round after them
    for n in (1, 2, 3):
        assert checked_round(data, later, n) == check_round(event, n)
        assert data.round_checks[n] is first[n]  # not made again
    r2 = event.rounds[1]
    b = r2.boards[0]
    twice = replace(r2, boards=[*r2.boards, Board(board=99, red=b.red, black=b.black)])  # a rematch, twice
    changed = replace(event, rounds=[event.rounds[0], twice, event.rounds[2]])
    for n in (2, 3):
        assert checked_round(data, changed, n) == check_round(changed, n)
    assert any(i.code == "twice" for i in checked_round(data, changed, 2))
    assert checked_round(data, changed, 1) == check_round(event, 1)


def test_a_rows_cells_at_once_as_each_cell():
    """cells_at gives a row's cells by key as cell_at each; the cached key
    and name forms tell 1, 1.0 and True apart (equal as dictionary keys)."""
    rng = random.Random(7)
    values = [None, "", " ", "\u3000", "x", " y ", 0, 1, 2.5, True]
    for _ in range(300):
        grid = [[rng.choice(values) for _ in range(rng.randint(0, 6))] for _ in range(rng.randint(0, 5))]
        cols = {f"k{j}": rng.randint(-1, 8) for j in range(rng.randint(0, 5))}
        for r in range(-1, len(grid) + 2):
            assert cells_at(grid, r, cols) == {k: cell_at(grid, r, c) for k, c in cols.items()}
    assert [norm_key(v) for v in (1, 1.0, True, "1")] == ["1", "1.0", "true", "1"]
    assert [norm_name(v) for v in (1, 1.0, True)] == ["1", "1.0", "true"]


def test_pillow_is_imported_only_for_images(tmp_path):
    """openpyxl is imported without Pillow (5 ms of every click): a workbook
    without images never imports it, one with an image keeps it through a
    write, Pillow imported when openpyxl reads the image."""
    import subprocess
    import sys
    import zipfile

    from openpyxl import Workbook
    from openpyxl.drawing.image import Image
    from PIL import Image as PILImage

    png = tmp_path / "logo.png"
    PILImage.new("RGB", (4, 3), (200, 0, 0)).save(png)
    with_image, plain = tmp_path / "image.xlsx", tmp_path / "plain.xlsx"
    wb = Workbook()
    wb.active.title = "封面"
    wb.active.add_image(Image(str(png)), "B2")
    wb.create_sheet("成绩表")
    wb.save(with_image)
    wb = Workbook()
    wb.active.title = "成绩表"
    wb.save(plain)
    code = (
        "import sys\n"
        "from xlxq.backends.openpyxl_book import OpenpyxlBook\n"
        "from xlxq.sheets.plan import Values, WritePlan\n"
        "book = OpenpyxlBook(sys.argv[1])\n"
        "book.apply(WritePlan(values=[Values('成绩表', 1, 1, [['名次']])]))\n"
        "print('PIL' in sys.modules)\n"
    )
    run = [sys.executable, "-c", code]
    assert subprocess.run([*run, str(plain)], capture_output=True, text=True, check=True).stdout.strip() == "False"
    assert subprocess.run([*run, str(with_image)], capture_output=True, text=True, check=True).stdout.strip() == "True"
    with zipfile.ZipFile(with_image) as z:
        assert any(n.startswith("xl/media/") for n in z.namelist())
        assert any(n.startswith("xl/drawings/") for n in z.namelist())
