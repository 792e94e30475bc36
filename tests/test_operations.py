"""The operations layer (xlxq/operations/) on the two event sources: the
same event as a JSON tournament file and as an openpyxl workbook gives the
same pairing, the same standings, the same 编排记录 and the same verdict of
``check``, round after round; and an Outcome is language-free (rendered in
zh or en by the edge)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from xlxq.backends.json_file import save_event
from xlxq.core.roundrobin import rr_round_count
from xlxq.core.simulate import fill_results
from xlxq.core.standings import compute_standings
from xlxq.errors import XlxqError
from xlxq.operations.book import book_status, run_book
from xlxq.operations.check import check_file
from xlxq.operations.explain import explain_file
from xlxq.operations.pair import pair_file
from xlxq.operations.source import BookSource, FileSource, open_source
from xlxq.operations.team_pair import pair_team_file
from xlxq.operations.team_workbook import create_team_workbook, demo_event
from tests.book_ops import team_pair_next_round

from tests.test_workbook_support import book, new_event, write_results


def _pairs(rnd) -> tuple[list[tuple[int, int]], list[int]]:
    return [(b.red, b.black) for b in rnd.boards], sorted(rnd.byes)


@pytest.fixture(autouse=True)
def _chinese(monkeypatch):
    monkeypatch.delenv("XLXQ_LANG", raising=False)


@pytest.mark.parametrize("system", ["swiss", "round_robin"])
def test_a_json_file_and_a_workbook_give_the_same_results(tmp_path, system):
    rounds = 5 if system == "swiss" else None
    kw = {"system": system} if system != "swiss" else {}
    event, xlsx = new_event(tmp_path / "event.xlsx", rounds=rounds or 23, **kw)
    if system != "swiss":
        event = replace(event, settings=replace(event.settings, rounds=rr_round_count(len(event.players), False)))
    path = str(tmp_path / "event.json")
    save_event(event, path)
    assert isinstance(open_source(path), FileSource) and isinstance(open_source(str(xlsx)), BookSource)
    for n in range(1, 4):
        # pair: the new event for the file, the round sheet for the book
        out = pair_file(event, path)
        assert out.event is not None and out.code == 0
        event = out.event
        st = book_status("pair", book(xlsx))
        assert st.ok, st.lines("zh")
        assert _pairs(st.event.rounds[n - 1]) == _pairs(event.rounds[n - 1])
        # explain: the same record
        record = explain_file(event, n).lines("zh")
        st = book_status("explain", book(xlsx), n)
        assert st.ok and st.text == "\n".join(record)
        # check: both clean on the engine's own round
        assert check_file(event, n).lines("zh") and check_file(event, n).exit_code() == 0
        assert book_status("check", book(xlsx)).ok
        # the same results into both, then recompute
        fill_results(event.rounds[n - 1], random.Random(n))
        write_results(xlsx, n, {b.board: b.result for b in event.rounds[n - 1].boards}, random.Random(n))
        st = book_status("recompute", book(xlsx))
        assert st.ok, st.lines("zh")
        if system == "swiss":
            mine = [(r.no, r.rank, r.score) for r in compute_standings(event)]
            assert [(r.no, r.rank, r.score) for r in st.data] == mine
        assert [b.result for b in st.event.rounds[n - 1].boards] == [b.result for b in event.rounds[n - 1].boards]


def test_a_team_file_and_a_team_workbook_pair_alike(tmp_path):
    ev = demo_event(8, 4, reserves=1, rounds=5)
    xlsx = create_team_workbook(tmp_path / "team.xlsx", ev, ev.settings)
    path = str(tmp_path / "team.json")
    save_event(ev, path)
    assert open_source(str(xlsx)).team and open_source(path).team
    out = pair_team_file(ev, path)
    st = team_pair_next_round(book(xlsx))
    assert st.ok, st.lines("zh")
    mine, theirs = out.event.get_round(1), st.event.get_round(1)
    assert [(m.first, m.second) for m in mine.matches] == [(m.first, m.second) for m in theirs.matches]
    assert [(b.red, b.black) for m in mine.matches for b in m.boards] == [
        (b.red, b.black) for m in theirs.matches for b in m.boards
    ]


def test_an_outcome_is_rendered_in_the_language_of_the_edge(tmp_path):
    event, _ = new_event(tmp_path / "e.xlsx", rounds=5)
    path = str(tmp_path / "e.json")
    out = pair_file(event, path)
    zh, en = out.lines("zh"), out.lines("en")
    assert zh[-1] == f"已保存到 {path}" and en[-1] == f"saved to {path}"
    assert zh[0].startswith("第1轮") and en[0].startswith("Round 1")
    assert len(zh) == len(en)


def test_a_workbook_command_that_does_not_exist_says_so(tmp_path):
    _, xlsx = new_event(tmp_path / "e.xlsx", rounds=5)
    with pytest.raises(XlxqError, match="simulate"):
        run_book("simulate", open_source(str(xlsx)), "zh")
