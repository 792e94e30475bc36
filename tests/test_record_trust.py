"""Issue 21 §1: the 编排记录 describes what was played.  A past round's
record is derived from the event as it stood before that round (a late
entry registered since is not in it); a round adjusted by hand shows the
round as played beside the engine's proposal, each change marked 人工调整,
and ``check`` lists every difference; undo removes all the paper of the
round."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import openpyxl
import pytest

from tests.book_ops import explain, pair_next_round, recompute, undo_book
from tests.test_workbook_support import book, open_round, swap_colours, write_results
from xlxq.core import records
from xlxq.core.hand import engine_changes
from xlxq.core.model import Event, EventSettings, Player
from xlxq.core.record_text import record_text
from xlxq.core.simulate import fill_results
from xlxq.operations.book import round_check, run_op
from xlxq.operations.paper import paper_book
from xlxq.sheets.read import read_workbook
from xlxq.sheets.write_log import read_log_blocks
from xlxq.systems import get_system
from xlxq.operations.workbook import check as check_book
from xlxq.operations.workbook import create_event_workbook


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
    """Random results typed into every board of round ``n``."""
    rng = random.Random(seed)
    _, view = open_round(path, n)
    write_results(path, n, {b: rng.choice(["red_win", "black_win", "draw"]) for b in view.rows()}, rng)


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


def hand_adjusted(path: Path) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Round 2 of ten players, then the arbiter swaps the black players of
    boards 1 and 2 and red and black on board 3; returns the engine's pairs
    of boards 1–3."""
    ten_players(path)
    assert pair_next_round(book(path)).ok
    round_results(path, 1, 1)
    assert pair_next_round(book(path)).ok
    wb, view = open_round(path, 2)
    rows = view.rows()
    pairs = tuple(view.pairs()[b] for b in (1, 2, 3))
    view.set(rows[1], "black_no", pairs[1][1])
    view.set(rows[2], "black_no", pairs[0][1])
    for b in (1, 2):
        view.set(rows[b], "black_name", None)
    wb.save(path)
    swap_colours(path, 2, rows[3])
    return pairs  # type: ignore[return-value]


def test_hand_adjusted_round_record_shows_the_round_as_played(tmp_path):
    """Issue 21 §1.2: after recompute, round 2's block in 编排记录 lists the
    engine's pairing and the round as played, each changed board marked
    人工调整 (the colour swap too); ``explain`` writes the same block; put
    back as the engine made it, the section goes again."""
    path = tmp_path / "h.xlsx"
    (r1, b1), (r2, b2), (r3, b3) = hand_adjusted(path)
    before = log_blocks(path)[2]
    assert recompute(book(path)).ok
    block = log_blocks(path)[2]
    lines = block.splitlines()
    assert lines[: lines.index("引擎编排：")] == before.splitlines()[: before.splitlines().index("对阵：")]
    played = lines[lines.index("实际对阵（经人工调整，与引擎编排不同）：") :]
    was = f"人工调整（原编排：{r1}-{b1}，{r2}-{b2}）"
    assert played[1].startswith(f"  第1台  {r1} ") and f" — {b2} " in played[1] and played[1].endswith(was)
    assert played[2].startswith(f"  第2台  {r2} ") and f" — {b1} " in played[2] and played[2].endswith(was)
    assert played[3].startswith(f"  第3台  {b3} ") and played[3].endswith("人工调整：先后手与编排相反")
    assert not any("人工调整" in ln for ln in played[4:])
    st = explain(book(path), 2)
    assert st.text == block and log_blocks(path)[2] == block
    # the arbiter puts the round back as the engine made it: the record is the engine's again
    wb, view = open_round(path, 2)
    rows = view.rows()
    for b, (r, k) in zip((1, 2, 3), ((r1, b1), (r2, b2), (r3, b3))):
        view.set(rows[b], "red_no", r)
        view.set(rows[b], "black_no", k)
        view.set(rows[b], "red_name", None)
        view.set(rows[b], "black_name", None)
    wb.save(path)
    assert recompute(book(path)).ok
    assert log_blocks(path)[2] == before


def test_check_lists_every_difference_from_the_engine(tmp_path):
    """Issue 21 §1.2: ``check --round 2`` on the workbook lists the three
    changes (it said 未发现问题), in English under XLXQ_LANG=en."""
    path = tmp_path / "h.xlsx"
    (r1, b1), (r2, b2), (r3, b3) = hand_adjusted(path)
    st = check_book(book(path), round_check(2))
    notes = [p for p in st.details if p.code == "engine_difference"]
    assert [p.zh for p in notes] == [
        f"第1台 {r1}-{b2}（红-黑）：人工调整的对阵，引擎编排为 {r1}-{b1}，{r2}-{b2}",
        f"第2台 {r2}-{b1}（红-黑）：人工调整的对阵，引擎编排为 {r1}-{b1}，{r2}-{b2}",
        f"第3台 {b3}-{r3}（红-黑）：人工调整，先后手与引擎编排相反（引擎：{r3} 执红）",
    ]
    assert notes[2].en == f"board 3 {b3}-{r3} (red-black): colours swapped by hand (the engine gives red to {r3})"
    assert "第2轮与引擎编排有3处不同（人工调整）" in st.message_zh
    assert "round 2 differs from the engine's pairing in 3 place(s)" in st.message_en
    assert all(p.cell for p in notes)


def test_check_and_explain_of_a_json_round_changed_by_hand():
    """Issue 21 §1.2 on an event as data (a JSON file): the record prints
    the engine's pairing and the round as played, marked; check lists the
    changes in the language asked."""
    ev, engine = json_event_changed_by_hand()
    system = get_system("swiss")
    text = record_text(system.record(ev, 2), "en")
    assert "the engine's pairing:" in text and "as played (changed by hand (人工调整)" in text
    was = f"changed by hand (was {engine[0][0]}-{engine[0][1]}, {engine[1][0]}-{engine[1][1]})"
    assert sum(ln.endswith(was) for ln in text.splitlines()) == 2
    assert sum(ln.endswith("changed by hand: colours swapped") for ln in text.splitlines()) == 1
    lines = system.check(ev, 2, "en").lines("en")
    assert "Differences from the engine's pairing:" in lines
    assert sum("by hand" in ln for ln in lines) == 3
    assert not any(re.search(r"[\u4e00-\u9fff]", ln) for ln in lines)


def sheet_names(path: Path) -> list[str]:
    return openpyxl.load_workbook(path, read_only=True).sheetnames


def delete_sheet(path: Path, name: str) -> None:
    """The arbiter deletes a sheet by hand."""
    wb = openpyxl.load_workbook(path)
    del wb[name]
    wb.save(path)


def test_undo_removes_the_rounds_paper_and_record(tmp_path):
    """Issue 21 §1.3: undo takes the round's 记分单 and 编排公告 with it and
    says so; after round 3's sheet was deleted by hand, undoing round 2 takes
    round 3's record block and paper too."""
    path = ten_players(tmp_path / "u.xlsx")
    assert pair_next_round(book(path)).ok
    round_results(path, 1, 1)
    assert pair_next_round(book(path)).ok
    before = sheet_names(path)
    for kind in ("scoresheets", "notice"):
        assert run_op(paper_book, book(path), kind, 2).ok
    assert {"第2轮记分单", "第2轮编排公告"} <= set(sheet_names(path))
    st = undo_book(book(path))
    assert st.ok
    assert sheet_names(path) == [x for x in before if x != "第2轮"]
    assert sorted(log_blocks(path)) == [1]
    assert "删除了“第2轮”“第2轮编排公告”“第2轮记分单”表及第2轮编排记录" in st.message_zh  # in the workbook's order
    assert "sheet(s) '第2轮', '第2轮编排公告', '第2轮记分单' and the pairing log of round(s) 2 removed" in st.message_en
    # round 3 paired and its paper printed, then its sheet deleted by hand: undo takes round 2 and all of 3's
    assert pair_next_round(book(path)).ok
    round_results(path, 2, 2)
    assert pair_next_round(book(path)).ok
    assert run_op(paper_book, book(path), "scoresheets", 3).ok
    delete_sheet(path, "第3轮")
    assert sorted(log_blocks(path)) == [1, 2, 3]
    st = undo_book(book(path), force=True)
    assert st.ok and "删除了“第2轮”“第3轮记分单”表及第2、3轮编排记录" in st.message_zh
    assert sorted(log_blocks(path)) == [1]
    assert not [x for x in sheet_names(path) if x.startswith(("第2轮", "第3轮"))]
    assert pair_next_round(book(path)).ok  # and round 2 is paired again, its record written
    assert sorted(log_blocks(path)) == [1, 2]


def test_undo_team_workbook_removes_the_rounds_paper(tmp_path):
    """Issue 21 §1.3 on a team workbook: the same sheets go with the round."""
    from tests.book_ops import team_pair_next_round, team_recompute
    from tests.conftest import enter_results
    from xlxq.operations.team_workbook import team_demo

    f = team_demo(tmp_path)
    enter_results(f)
    team_recompute(book(f))
    assert team_pair_next_round(book(f)).ok
    before = sheet_names(f)
    for kind in ("scoresheets", "notice"):
        assert run_op(paper_book, book(f), kind, 2).ok
    st = undo_book(book(f))
    assert st.ok and "第2轮记分单" in st.message_zh and "第2轮编排公告" in st.message_zh
    round2 = [x for x in before if x.startswith("第2轮")]
    assert round2 and sheet_names(f) == [x for x in before if x not in round2]


def test_undo_with_groups_takes_each_groups_later_records(tmp_path):
    """Issue 21 §1.3 with groups (组别): a group whose round-2 sheet was
    deleted by hand loses its records of rounds 1 and 2 with its round 1;
    the other group its round 2 only."""
    from tests.conftest import template_workbook
    from tests.test_workbook_support import enter_group_results
    from xlxq.operations.book import book_status

    rows = [(f"男{i}", "男子组") for i in range(1, 9)] + [(f"女{i}", "女子组") for i in range(1, 7)]
    p = template_workbook(tmp_path / "g.xlsx", [n for n, _ in rows], groups=dict(rows), settings={"轮数": 4})
    assert book_status("pair", book(p)).ok
    enter_group_results(p, 1)
    assert book_status("pair", book(p)).ok
    delete_sheet(p, "男子组 第2轮")
    book_status("undo", book(p), force=True)
    wb = openpyxl.load_workbook(p)
    for group, left in (("男子组", []), ("女子组", [1])):
        grid = [[c.value for c in row] for row in wb[f"{group} 编排记录"].iter_rows()]
        _, blocks = read_log_blocks(grid, records.HEADING_RE, records.block_key)
        assert sorted(n for _, n in blocks) == left, group


def test_explain_keeps_the_record_made_when_the_round_was_paired(tmp_path):
    """Issue 21 §1.1: "a stored record is never replaced by a different
    pairing".  Round 1's results corrected after round 2 was paired (every
    winner now the loser): pairing round 2 from today's data gives other
    pairs, so explain keeps round 2's block as written and says why."""
    path = ten_players(tmp_path / "k.xlsx")
    assert pair_next_round(book(path)).ok
    _, view = open_round(path, 1)
    write_results(path, 1, {b: "red_win" for b in view.rows()}, random.Random(1))
    assert pair_next_round(book(path)).ok
    written = log_blocks(path)[2]
    write_results(path, 1, {b: "black_win" for b in view.rows()}, random.Random(1))
    st = explain(book(path), 2)
    assert st.ok and "保留原记录" in st.message_zh and "is kept" in st.message_en
    assert st.text == written and log_blocks(path)[2] == written
    # today's data does pair round 2 otherwise (the test would prove nothing if not)
    assert record_text(get_system("swiss").record(st.event, 2), "zh") != written


def json_event_changed_by_hand() -> tuple[Event, list[tuple[int, int]]]:
    """Ten players, round 2 changed by hand: the black players of boards 1
    and 2 swapped, red and black of board 3; and the engine's pairs."""
    players = [Player(no=i, name=f"P{i}") for i in range(1, 11)]
    ev = Event(settings=EventSettings(name="e", rounds=5), players=players)
    system = get_system("swiss")
    ev = ev.with_round(fill_results(system.pair(ev).round, random.Random(5)))
    rnd = system.pair(ev).round
    engine = [(b.red, b.black) for b in rnd.boards]
    b0, b1, b2 = rnd.boards[0], rnd.boards[1], rnd.boards[2]
    b0.black, b1.black = b1.black, b0.black
    b2.red, b2.black = b2.black, b2.red
    return ev.with_round(rnd), engine


def test_site_and_booklet_show_the_round_as_played_and_the_engines(tmp_path):
    """Issue 21 §1.2: the web pages and the 成绩册 mark each changed board
    人工调整 (the colour swap too) and give the engine's pairing beside the
    round as played; a round as the engine made it has no mark."""
    from xlxq.operations.booklet import booklet_document
    from xlxq.operations.publish import publish_event, site_data

    ev, engine = json_event_changed_by_hand()
    site = site_data(ev, "zh")
    r1, r2 = site["rounds"]
    assert r1["engine"] is None and not any(b["hand"] for b in r1["boards"])
    was = f"人工调整（原编排：{engine[0][0]}-{engine[0][1]}，{engine[1][0]}-{engine[1][1]}）"
    assert [b["hand"] for b in r2["boards"]][:4] == [was, was, "人工调整：先后手与编排相反", ""]
    assert [(b["red"]["no"], b["black"]["no"]) for b in r2["engine"]["boards"]] == engine
    en = site_data(ev, "en")["rounds"][1]
    assert en["boards"][2]["hand"] == "changed by hand: colours swapped"
    publish_event(ev, tmp_path / "site", "zh")
    page = (tmp_path / "site" / "round-2.html").read_text(encoding="utf-8")
    assert page.count('<small class="hand">') == 3 and "引擎编排（本轮对阵经人工调整，上表为实际对阵）" in page
    assert '<small class="hand">' not in (tmp_path / "site" / "round-1.html").read_text(encoding="utf-8")
    doc = booklet_document(ev, "zh")
    texts = [blk.text for sec in doc.sections for blk in sec.blocks if hasattr(blk, "text")]
    assert f"第1台：{was}" in texts and "第3台：人工调整：先后手与编排相反" in texts
    titles = [blk.title for sec in doc.sections for blk in sec.blocks if hasattr(blk, "title")]
    assert "第2轮引擎编排（本轮经人工调整）" in titles and "第1轮引擎编排（本轮经人工调整）" not in titles


def test_workbook_pages_compare_with_the_pairing_the_engine_made(tmp_path):
    """A workbook keeps the engine's pairing of each round (_xlxq): its
    pages mark the hand changes against it, and a round 1 result corrected
    after round 2 was paired does not make round 2 look changed by hand."""
    from xlxq.operations.publish import site_data

    path = tmp_path / "h.xlsx"
    hand_adjusted(path)
    event = read_workbook(book(path)).event
    assert sum(bool(b["hand"]) for b in site_data(event, "zh")["rounds"][1]["boards"]) == 3
    path = ten_players(tmp_path / "k.xlsx")
    assert pair_next_round(book(path)).ok
    _, view = open_round(path, 1)
    write_results(path, 1, {b: "red_win" for b in view.rows()}, random.Random(1))
    assert pair_next_round(book(path)).ok
    write_results(path, 1, {b: "black_win" for b in view.rows()}, random.Random(1))
    event = read_workbook(book(path)).event
    assert engine_changes(event, 2) == []
    assert all(r["engine"] is None for r in site_data(event, "zh")["rounds"])
    event.rounds[1].engine = None  # without the kept pairing, today's data pairs round 2 otherwise
    assert engine_changes(event, 2) != []


@pytest.mark.parametrize("n", ["0", "-3", "3", "x"])
def test_check_round_out_of_range_on_a_workbook(tmp_path, capsys, n):
    """``check FILE.xlsx --round N`` names the round when there is none such:
    exit 2, the file untouched."""
    from xlxq.cli import main

    path = ten_players(tmp_path / "c.xlsx")
    assert pair_next_round(book(path)).ok
    before = path.read_bytes()
    with pytest.raises(SystemExit) if n == "x" else contextlib.nullcontext():
        assert main(["check", str(path), "--round", n]) == 2
    assert "--round" in capsys.readouterr().err
    assert path.read_bytes() == before


def json_file_event(tmp_path: Path, players: int = 10, system: str = "swiss", rounds: int = 5) -> Path:
    """A JSON event file of ``players`` players, ``system``, nothing paired."""
    from xlxq.backends.json_file import save_event

    ev = Event(
        settings=EventSettings(name="e", rounds=rounds, system=system),
        players=[Player(no=i, name=f"P{i}") for i in range(1, players + 1)],
    )
    path = tmp_path / "ev.json"
    save_event(ev, path)
    return path


def set_json_results(path: Path, round_no: int, result: str) -> None:
    """Every board of round ``round_no`` of the JSON file given ``result``
    (the file as an arbiter edits it)."""
    import json

    d = json.loads(path.read_text(encoding="utf-8"))
    for b in d["rounds"][round_no - 1]["boards"]:
        b["result"] = result
    path.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")


def test_json_keeps_the_engines_pairing_so_a_corrected_result_is_no_hand_change(tmp_path, capsys):
    """A JSON file keeps the pairing the engine made of each round (its
    ``engine``, as a workbook's _xlxq): round 1's results corrected after
    round 2 was paired (every winner now the loser) do not make round 2 look
    changed by hand in the record, check, the pages or the 成绩册; without
    the kept pairing (a file written before), today's data pairs round 2
    otherwise (the test would prove nothing if not)."""
    import json

    from xlxq.backends.json_file import load_event
    from xlxq.cli import main
    from xlxq.operations.booklet import booklet_document
    from xlxq.operations.publish import site_data

    path = json_file_event(tmp_path)
    assert main(["pair", str(path)]) == 0
    set_json_results(path, 1, "red_win")
    assert main(["pair", str(path)]) == 0
    d = json.loads(path.read_text(encoding="utf-8"))
    assert [r["engine"]["boards"] for r in d["rounds"]] == [
        [[b["red"], b["black"]] for b in r["boards"]] for r in d["rounds"]
    ]
    set_json_results(path, 1, "black_win")
    ev = load_event(path)
    assert engine_changes(ev, 2) == []
    text = record_text(get_system("swiss").record(ev, 2), "zh")
    assert "实际对阵" not in text and "人工调整" not in text
    assert "此前各轮的成绩或报名" in text  # the steps follow today's results, the pairings are the engine's
    pairs = [ln for ln in text.splitlines() if ln.startswith("  第")]
    assert pairs == [
        f"  第{k}台  {r} P{r}（红） — {b} P{b}（黑）" for k, (r, b) in enumerate(d["rounds"][1]["engine"]["boards"], 1)
    ]
    capsys.readouterr()
    assert main(["check", str(path), "--round", "2"]) == 0
    out = capsys.readouterr().out
    assert "与引擎编排一致" in out and "人工调整" not in out
    assert all(r["engine"] is None for r in site_data(ev, "zh")["rounds"])
    titles = [blk.title for sec in booklet_document(ev, "zh").sections for blk in sec.blocks if hasattr(blk, "title")]
    assert not any("引擎编排" in t for t in titles)
    ev.rounds[1].engine = None  # an old file: derived from today's data, round 2 looks changed
    assert engine_changes(ev, 2) != []


def test_json_hand_swap_is_still_a_hand_change_and_undo_drops_the_engines_pairing(tmp_path, capsys):
    """A hand swap typed into the JSON file's round 2 is reported against
    the kept pairing (check, record); undo drops the round with its
    ``engine``; a round's ``engine`` naming no player is refused."""
    import json

    from xlxq.cli import main

    path = json_file_event(tmp_path)
    assert main(["pair", str(path)]) == 0
    set_json_results(path, 1, "draw")
    assert main(["pair", str(path)]) == 0
    d = json.loads(path.read_text(encoding="utf-8"))
    b = d["rounds"][1]["boards"]
    b[0]["black"], b[1]["black"] = b[1]["black"], b[0]["black"]
    path.write_text(json.dumps(d), encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(path), "--round", "2"]) in (0, 1)  # 1: the swap may make a rematch
    out = capsys.readouterr().out
    assert out.count("人工调整的对阵") == 2
    assert main(["explain", str(path), "--round", "2"]) == 0
    out = capsys.readouterr().out
    assert "实际对阵（经人工调整，与引擎编排不同）：" in out and "此前各轮的成绩或报名" not in out
    assert main(["undo", str(path)]) == 0
    d = json.loads(path.read_text(encoding="utf-8"))
    assert len(d["rounds"]) == 1 and "engine" in d["rounds"][0]
    d["rounds"][0]["engine"]["boards"][0] = [1, 99]
    path.write_text(json.dumps(d), encoding="utf-8")
    capsys.readouterr()
    assert main(["check", str(path)]) == 2
    assert "engine" in capsys.readouterr().err


def test_round_robin_round_changed_by_hand_is_shown_as_played(tmp_path, capsys):
    """Issue 21 §1.2 for a round robin (a JSON file, ``schedule``): round 2
    with red and black swapped on board 1 and the black players of boards 2
    and 3 swapped prints the table's pairing, then the round as played, each
    change marked 人工调整 (it printed an old "differs" note); the pages and
    the 成绩册 mark the same boards."""
    import json

    from xlxq.backends.json_file import load_event
    from xlxq.cli import main
    from xlxq.operations.booklet import booklet_document
    from xlxq.operations.publish import site_data

    path = json_file_event(tmp_path, players=6, system="round_robin")
    assert main(["schedule", str(path)]) == 0
    d = json.loads(path.read_text(encoding="utf-8"))
    b = d["rounds"][1]["boards"]
    engine = [(x["red"], x["black"]) for x in b]
    b[0]["red"], b[0]["black"] = b[0]["black"], b[0]["red"]
    b[1]["black"], b[2]["black"] = b[2]["black"], b[1]["black"]
    path.write_text(json.dumps(d), encoding="utf-8")
    ev = load_event(path)
    text = record_text(get_system("round_robin").record(ev, 2), "zh")
    assert "注意" not in text and "引擎编排：" in text
    played = text.splitlines()[text.splitlines().index("实际对阵（经人工调整，与引擎编排不同）：") :]
    (r0, k0), (r1, k1), (r2, k2) = engine
    was = f"人工调整（原编排：{r1}-{k1}，{r2}-{k2}）"
    assert played[1] == f"  第1台  {k0} P{k0}（红） — {r0} P{r0}（黑）  人工调整：先后手与编排相反"
    assert played[2] == f"  第2台  {r1} P{r1}（红） — {k2} P{k2}（黑）  {was}"
    assert played[3] == f"  第3台  {r2} P{r2}（红） — {k1} P{k1}（黑）  {was}"
    en = record_text(get_system("round_robin").record(ev, 2), "en")
    assert "as played (changed by hand (人工调整), differs from the engine's pairing):" in en
    assert "note: the round in the file differs" not in en
    marks = [x["hand"] for x in site_data(ev, "zh")["rounds"][1]["boards"]]
    assert marks == ["人工调整：先后手与编排相反", was, was]
    titles = [blk.title for sec in booklet_document(ev, "zh").sections for blk in sec.blocks if hasattr(blk, "title")]
    assert "第2轮引擎编排（本轮经人工调整）" in titles
    capsys.readouterr()
    assert main(["check", str(path), "--round", "2"]) == 1  # pairs not the table's: errors, as before
    assert "不是秩序表第2轮的对局" in capsys.readouterr().out


def test_team_round_changed_by_hand_is_shown_as_played(tmp_path):
    """Issue 21 §1.2 for a team event: a team Swiss's round 2 with the
    second teams of matches 1 and 2 swapped, and 先走/后走 swapped in match
    3, prints the engine's matches then the round as played, each change
    marked 人工调整 (zh and en; it printed a "differs" note).  The file keeps
    the engine's pairing (``engine``) through a save and a load, and check
    compares with it."""
    from tests.conftest import make_team_event
    from xlxq.backends.json_file import load_team_event, save_team_event
    from xlxq.systems import pair_and_seat
    from xlxq.systems import get_team_system

    ev = make_team_event(6, system="swiss", rounds=5)
    ev, _ = pair_and_seat(ev, 1)
    rng = random.Random(2)
    for m in ev.rounds[0].matches:
        for b in m.boards:
            b.result = rng.choice(["red_win", "draw", "black_win"])
    ev, _ = pair_and_seat(ev, 2)
    rnd = ev.rounds[1]
    engine = [(m.first, m.second) for m in rnd.matches]
    assert rnd.engine == (tuple(engine), ())
    path = tmp_path / "t.json"
    save_team_event(ev, path)
    ev = load_team_event(path)
    assert ev.rounds[1].engine == (tuple(engine), ())
    m0, m1, m2 = ev.rounds[1].matches
    m0.second, m1.second = m1.second, m0.second
    m2.first, m2.second = m2.second, m2.first
    system = get_team_system("swiss")
    text = record_text(system.record(ev, 2), "zh")
    assert "注意" not in text and "引擎编排：" in text
    played = text.splitlines()[text.splitlines().index("实际对阵（经人工调整，与引擎编排不同）：") :]
    (a0, b0), (a1, b1), (a2, b2) = engine
    was = f"人工调整（原编排：{a0}-{b0}，{a1}-{b1}）"
    assert played[1] == f"  第1场  {a0}队（{a0}队）（先走） — {b1}队（{b1}队）  {was}"
    assert played[2] == f"  第2场  {a1}队（{a1}队）（先走） — {b0}队（{b0}队）  {was}"
    assert played[3] == f"  第3场  {b2}队（{b2}队）（先走） — {a2}队（{a2}队）  人工调整：先后手与编排相反"
    en = record_text(system.record(ev, 2), "en")
    assert "as played (changed by hand (人工调整), differs from the engine's pairing):" in en
    assert f"  match 3  {b2}队 ({b2}) (first) — {a2}队 ({a2})  changed by hand: colours swapped" in en
    tail = system.check(ev, 2, "zh").tail
    assert "与引擎编排一致" not in tail and any("引擎编排" in ln for ln in tail)


def test_knockout_round_changed_by_hand_is_shown_as_played(tmp_path):
    """A knockout's first game with red and black swapped (the toss went
    the other way): the record prints the bracket's pairing, then the round
    as played with that board marked 人工调整 (it printed nothing: colours
    were not compared)."""
    import json

    from xlxq.backends.json_file import load_event
    from xlxq.cli import main

    path = json_file_event(tmp_path, players=8, system="knockout", rounds=3)
    assert main(["pair", str(path)]) == 0
    d = json.loads(path.read_text(encoding="utf-8"))
    b = d["rounds"][0]["boards"][0]
    b["red"], b["black"] = b["black"], b["red"]
    path.write_text(json.dumps(d), encoding="utf-8")
    lines = record_text(get_system("knockout").record(load_event(path), 1), "zh").splitlines()
    played = lines[lines.index("实际对阵（经人工调整，与引擎编排不同）：") :]
    assert (
        played[1]
        == f"  第1台  {b['red']} P{b['red']}（红） — {b['black']} P{b['black']}（黑）  人工调整：先后手与编排相反"
    )
    assert sum("人工调整" in ln for ln in played) == 2 and "引擎编排：" in lines


def test_team_json_result_corrected_after_the_next_round_is_no_hand_change(tmp_path):
    """A team Swiss file keeps the engine's pairing of round 2: round 1's
    results reversed after round 2 was paired do not make round 2 look
    changed by hand (record and check); without the kept pairing they do."""
    from tests.conftest import make_team_event
    from xlxq.backends.json_file import load_team_event, save_team_event
    from xlxq.systems import pair_and_seat
    from xlxq.systems import get_team_system

    ev = make_team_event(8, system="swiss", rounds=5)
    ev, _ = pair_and_seat(ev, 1)
    for m in ev.rounds[0].matches:
        for b in m.boards:
            b.result = "red_win" if b.red in ev.team(m.first).players else "black_win"  # the first team wins
    ev, _ = pair_and_seat(ev, 2)
    m = ev.rounds[0].matches[0]
    for b in m.boards:
        b.result = "black_win" if b.red in ev.team(m.first).players else "red_win"  # corrected: match 1's second won
    path = tmp_path / "t.json"
    save_team_event(ev, path)
    ev = load_team_event(path)
    system = get_team_system("swiss")
    text = record_text(system.record(ev, 2), "zh")
    assert "实际对阵" not in text and "此前各轮的成绩或报名" in text
    assert system.check(ev, 2, "zh").tail[-1] == "与引擎编排一致"
    ev.rounds[1].engine = None  # an old file: derived from today's results, round 2 looks changed
    assert "实际对阵" in record_text(system.record(ev, 2), "zh")
