"""Issue 10 §1–2: never pairing on missing results by accident, ``xlxq undo``
/ 撤销本轮, and the backups every save keeps — through the CLI on JSON files
and workbooks, the openpyxl Book operations, and the buttons (xlwings'
remote engine; a COM fake for the confirmation)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import openpyxl
import pytest

from tests.conftest import SAMPLE, enter_results
from xlxq.backends import backups as B
from xlxq.backends.json_file import load_event
from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.cli import main
from xlxq.systems import pair_round
from xlxq.errors import InputError
from xlxq.operations.pending import UnfinishedResults
from xlxq.operations.source import event_before
from tests.book_ops import undo_book
from xlxq.operations.undo import ResultsEntered


def _players(tmp_path: Path, n: int = 8) -> Path:
    csv = tmp_path / "p.csv"
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join(lines[: n + 1]) + "\n", encoding="utf-8")
    return csv


def _json_event(tmp_path: Path, *extra: str) -> Path:
    f = tmp_path / "e.json"
    rounds = [] if "--system" in extra else ["--rounds", "5"]
    assert main(["new", str(f), "--players", str(_players(tmp_path)), *rounds, *extra]) == 0
    return f


def _edit(f: Path, fn) -> None:
    d = json.loads(f.read_text(encoding="utf-8"))
    fn(d)
    f.write_text(json.dumps(d, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _open(d, rnd: int, boards: tuple[int, ...]) -> None:
    for b in d["rounds"][rnd - 1]["boards"]:
        if b["board"] in boards:
            b["result"] = None


# --------------------------------------------------------------------------
# 1. never pair on missing results
# --------------------------------------------------------------------------


def test_pair_round3_refused_with_the_boards_listed(tmp_path, capsys):
    """8 players: rounds 1 and 2 played but boards 2 and 4 of round 2 still
    on. Round 3 is refused (exit 2, the file untouched) and the message names
    both boards with their players; --provisional pairs exactly what the
    engine pairs on 原则(八) draws (the old behaviour) and records them."""
    f = _json_event(tmp_path)
    for _ in (1, 2):
        assert main(["pair", str(f)]) == 0
        enter_results(f)
    _edit(f, lambda d: _open(d, 2, (2, 4)))
    capsys.readouterr()
    before = f.read_bytes()
    assert main(["pair", str(f)]) == 2
    err = capsys.readouterr().err
    ev = load_event(f)
    r2 = {b.board: b for b in ev.rounds[1].boards}
    names = {p.no: p.name for p in ev.players}
    for k in (2, 4):
        b = r2[k]
        assert f"第2轮第{k}台 {b.red}号{names[b.red]}—{b.black}号{names[b.black]}" in err
    assert "尚有2台未填结果，未编排第3轮" in err and "xlxq pair --provisional" in err and err.count("\n") == 1
    assert "第2轮第1台" not in err and f.read_bytes() == before
    assert main(["pair", str(f), "--provisional"]) == 0
    out = capsys.readouterr().out
    assert "第2轮第2台未结束，按和棋暂计编排（原则(八)）" in out  # the wording of provisional pairings as before
    new = load_event(f)
    want = pair_round(event_before(new, 3)).round
    assert new.rounds[2] == want and want.provisional == [(2, 2), (2, 4)]


def test_a_round_without_any_result_is_refused_even_on_purpose(tmp_path, capsys):
    f = _json_event(tmp_path)
    assert main(["pair", str(f)]) == 0
    capsys.readouterr()
    before = f.read_bytes()
    for extra in ([], ["--provisional"]):
        assert main(["pair", str(f), *extra]) == 2
        err = capsys.readouterr().err
        assert "第1轮还没有任何结果，不能编排第2轮（即使按和棋暂计也不行）" in err and "共4台未填" in err
    assert f.read_bytes() == before


def test_refusal_in_english_and_for_a_team_file(tmp_path, capsys, monkeypatch):
    from tests.conftest import SAMPLE_TEAMS

    f = tmp_path / "t.json"
    assert main(["new", str(f), "--teams", str(SAMPLE_TEAMS), "--boards", "4", "--rounds", "5"]) == 0
    assert main(["pair", str(f)]) == 0
    _edit(f, lambda d: d["rounds"][0]["matches"][0]["boards"][0].update(result="draw"))
    monkeypatch.setenv("XLXQ_LANG", "en")
    capsys.readouterr()
    assert main(["pair", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "round 2 was not paired: round 1 match 1 board 2 " in err
    assert "--provisional" in err
    assert main(["pair", str(f), "--provisional"]) == 0
    assert len(load_event_any(f)["rounds"]) == 2


def load_event_any(f: Path) -> dict:
    return json.loads(f.read_text(encoding="utf-8"))


def test_round_robin_round_by_round_is_guarded_too(tmp_path, capsys):
    f = _json_event(tmp_path, "--system", "round_robin")
    assert main(["pair", str(f)]) == 0
    capsys.readouterr()
    assert main(["pair", str(f)]) == 2 and "第1轮还没有任何结果" in capsys.readouterr().err
    enter_results(f)
    assert main(["pair", str(f)]) == 0


# --------------------------------------------------------------------------
# 2. undo
# --------------------------------------------------------------------------


@pytest.mark.parametrize("system", ["swiss", "round_robin", "knockout"])
def test_undo_after_pair_gives_back_the_same_json_file(tmp_path, capsys, system):
    f = _json_event(tmp_path, "--system", system)
    for _ in (1, 2):
        assert main(["pair", str(f)]) == 0
        enter_results(f) if system != "knockout" else _edit(f, _red_wins)
    before = f.read_bytes()
    assert main(["pair", str(f)]) == 0
    assert f.read_bytes() != before
    capsys.readouterr()
    assert main(["undo", str(f)]) == 0
    assert "已撤销第3轮" in capsys.readouterr().out
    assert f.read_bytes() == before  # byte for byte


def _red_wins(d) -> None:
    for r in d["rounds"]:
        for b in r["boards"]:
            b["result"] = b["result"] or "red_win"


def test_undo_refuses_a_round_with_results_unless_forced(tmp_path, capsys):
    f = _json_event(tmp_path)
    assert main(["pair", str(f)]) == 0
    before_pair = json.loads(f.read_text(encoding="utf-8"))
    _edit(f, lambda d: d["rounds"][0]["boards"][0].update(result="red_win"))
    with_result = f.read_bytes()
    capsys.readouterr()
    assert main(["undo", str(f)]) == 2
    err = capsys.readouterr().err
    assert "第1轮已录入1台结果，未撤销" in err and "--force" in err and f.read_bytes() == with_result
    # nothing was undone: no "the file before the undo is kept among the backups" (issue 25 §4)
    assert "撤销前的文件保留在备份中" not in err and err.rstrip().endswith("文件未改动")
    assert main(["undo", str(f), "--force"]) == 0
    d = json.loads(f.read_text(encoding="utf-8"))
    assert d["rounds"] == [] and d["players"] == before_pair["players"]
    assert main(["undo", str(f)]) == 2 and "没有可撤销的" in capsys.readouterr().err


def test_undo_team_file(tmp_path, capsys):
    from tests.conftest import SAMPLE_TEAMS

    f = tmp_path / "t.json"
    assert main(["new", str(f), "--teams", str(SAMPLE_TEAMS), "--boards", "4", "--rounds", "5"]) == 0
    assert main(["pair", str(f)]) == 0
    enter_results(f)
    before = f.read_bytes()
    assert main(["pair", str(f)]) == 0
    assert main(["undo", str(f)]) == 0
    assert f.read_bytes() == before


# --------------------------------------------------------------------------
# 3. backups
# --------------------------------------------------------------------------


def test_every_write_keeps_the_previous_file(tmp_path, capsys):
    f = _json_event(tmp_path)
    assert B.backups(f) == []  # a new file: nothing before it
    first = f.read_bytes()
    assert main(["pair", str(f)]) == 0
    (kept,) = B.backups(f)
    assert kept.operation == "pair" and kept.path.read_bytes() == first
    assert kept.path.parent == tmp_path / ".xlxq-backups" / "e.json"
    assert kept.path.name.endswith("-pair.json")
    paired = f.read_bytes()
    enter_results(f)
    assert main(["standings", str(f)]) == 0  # reads only: no save, no backup
    assert len(B.backups(f)) == 1
    assert main(["pair", str(f)]) == 0
    assert [b.operation for b in B.backups(f)] == ["pair", "pair"]
    capsys.readouterr()
    assert main(["backups", str(f), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["backups"]
    assert [(r["index"], r["operation"], r["rounds"]) for r in rows] == [(1, "pair", 1), (2, "pair", 0)]
    assert rows[0]["size"] == len(B.backups(f)[0].path.read_bytes()) and paired != first


def test_restore_round_trip(tmp_path, capsys):
    f = _json_event(tmp_path)
    before = f.read_bytes()
    assert main(["pair", str(f)]) == 0
    paired = f.read_bytes()
    capsys.readouterr()
    assert main(["backups", str(f), "--restore", "1"]) == 0
    assert "已恢复" in capsys.readouterr().out
    assert f.read_bytes() == before
    newest = B.backups(f)[0]
    assert newest.operation == "restore" and newest.path.read_bytes() == paired  # the restore is undoable too
    assert main(["backups", str(f), "--restore", "1"]) == 0
    assert f.read_bytes() == paired
    assert main(["backups", str(f), "--restore", "9"]) == 2
    assert "没有第9个备份" in capsys.readouterr().err
    assert main(["backups", str(f)]) == 0
    out = capsys.readouterr().out
    assert "restore" in out and "pair" in out and ".xlxq-backups" in out


def test_rotation_keeps_the_newest_20(tmp_path, monkeypatch):
    f = tmp_path / "e.json"
    kept = []
    for k in range(25):
        f.write_text(f"version {k}\n", encoding="utf-8")
        with B.operation("pair"):
            kept.append(B.keep(f))
    left = B.backups(f)
    assert len(left) == 20 and len({b.path for b in left}) == 20
    assert [b.path.read_text(encoding="utf-8") for b in left] == [f"version {k}\n" for k in range(24, 4, -1)]
    assert all(p is not None for p in kept)
    assert B.keep(f) is None and len(B.backups(f)) == 20  # equal to the newest backup: not copied again
    monkeypatch.setenv("XLXQ_BACKUPS", "3")
    f.write_text("one more\n", encoding="utf-8")
    B.keep(f)
    assert [b.path.read_text(encoding="utf-8") for b in B.backups(f)] == ["one more\n", "version 24\n", "version 23\n"]
    monkeypatch.setenv("XLXQ_BACKUPS", "0")
    f.write_text("none\n", encoding="utf-8")
    assert B.keep(f) is None and len(B.backups(f)) == 3


def test_a_failed_save_leaves_no_backup(tmp_path, monkeypatch, capsys):
    import xlxq.backends.safety as safety

    f = _json_event(tmp_path)
    before = f.read_bytes()

    def full(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(safety, "_fsync_file", full)
    assert main(["pair", str(f)]) == 2
    assert "磁盘已满" in capsys.readouterr().err
    assert f.read_bytes() == before and not (tmp_path / ".xlxq-backups").exists()


# --------------------------------------------------------------------------
# 4. workbooks (openpyxl): the CLI and the Book operations
# --------------------------------------------------------------------------


def _cells(path: Path) -> dict[str, list[list]]:
    """Every sheet's values; the 编排记录 lines without their leading spaces
    (writing a block trims those of the earlier ones: pairing does it too)."""
    b = OpenpyxlBook(path)
    out = {}
    for n in b.sheet_names():
        rows = b.values(n)
        if n in ("编排记录", "Pairing log"):
            rows = [[v.strip() if isinstance(v, str) else v for v in r] for r in rows]
        out[n] = rows
    return out


def _set_setting(path: Path, label: str, value) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["设置"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(row=r, column=1).value == label)
    ws.cell(row=row, column=2).value = value
    wb.save(path)


def _open_boards(path: Path, n: int, boards: set[int]) -> None:
    from tests.test_workbook_support import open_round

    wb, view = open_round(path, n)
    for b, r in view.rows().items():
        if b in boards:
            view.set(r, "result", None)
    wb.save(path)


@pytest.fixture
def workbook(tmp_path) -> Path:
    """The demo workbook (24 players), rounds 1 and 2 played and recomputed."""
    assert main(["demo", str(tmp_path)]) == 0
    f = tmp_path / "xlxq-demo.xlsx"
    enter_results(f)
    assert main(["pair", str(f)]) == 0
    enter_results(f)
    assert main(["standings", str(f)]) in (0, 1)
    return f


def test_workbook_pair_refused_then_the_settings_switch(workbook, capsys):
    _open_boards(workbook, 2, {3})
    assert main(["standings", str(workbook)]) in (0, 1)
    capsys.readouterr()
    before = workbook.read_bytes()
    assert main(["pair", str(workbook)]) == 2
    err = capsys.readouterr().err
    assert "尚有1台未填结果，未编排第3轮：第2轮第3台 " in err and "暂计和棋编排" in err
    assert workbook.read_bytes() == before and "第3轮" not in openpyxl.load_workbook(workbook).sheetnames
    _set_setting(workbook, "暂计和棋编排", "是")
    assert main(["pair", str(workbook)]) == 0
    out = capsys.readouterr().out
    assert "已编排第3轮" in out and "已按和棋暂计编排（原则(八)）" in out


def test_workbook_pair_provisional_flag_and_undo_is_cell_equal(workbook, capsys):
    _open_boards(workbook, 2, {3, 5})
    assert main(["standings", str(workbook)]) in (0, 1)
    before = _cells(workbook)
    assert main(["pair", str(workbook), "--provisional"]) == 0
    assert "第3轮" in _cells(workbook)
    assert main(["undo", str(workbook)]) == 0
    assert _cells(workbook) == before
    assert [b.operation for b in B.backups(workbook)][:2] == ["undo", "pair"]


def test_workbook_undo_refuses_results_unless_forced(workbook, capsys):
    before = workbook.read_bytes()
    with pytest.raises(ResultsEntered, match="第2轮已录入12台结果"):
        undo_book(OpenpyxlBook(workbook))
    assert workbook.read_bytes() == before
    st = undo_book(OpenpyxlBook(workbook), force=True)
    assert st.ok and "已撤销第2轮" in st.message_zh and "12台结果一并删除" in st.message_zh
    wb = openpyxl.load_workbook(workbook)
    assert "第2轮" not in wb.sheetnames and "第1轮" in wb.sheetnames
    log = [c.value for c in wb["编排记录"]["A"] if c.value]
    assert any(str(v).startswith("第1轮") for v in log) and not any(str(v).startswith("第2轮") for v in log)


def test_team_workbook_refusal_and_undo(tmp_path, capsys):
    from tests.book_ops import team_pair_next_round as team_pair
    from tests.book_ops import team_recompute
    from xlxq.operations.team_workbook import team_demo

    f = team_demo(tmp_path)
    with pytest.raises(UnfinishedResults, match="第1轮还没有任何结果"):
        team_pair(OpenpyxlBook(f))
    enter_results(f)
    team_recompute(OpenpyxlBook(f))
    before = _cells(f)
    assert team_pair(OpenpyxlBook(f)).ok
    st = undo_book(OpenpyxlBook(f))
    assert st.ok and "已撤销第2轮" in st.message_zh
    assert _cells(f) == before


def test_qualified_knockout_stage_is_not_undone_here(tmp_path):
    from xlxq.core.model import EventSettings
    from tests.book_ops import pair_next_round, qualify_knockout
    from tests.test_workbook_support import sample_players
    from xlxq.operations.workbook import create_event_workbook

    f = tmp_path / "q.xlsx"
    create_event_workbook(f, sample_players()[:8], EventSettings(rounds=3))
    _set_setting(f, "晋圈人数", 4)
    for _ in range(3):
        pair_next_round(OpenpyxlBook(f))
        enter_results(f)
    qualify_knockout(OpenpyxlBook(f))
    with pytest.raises(InputError, match="淘汰赛阶段"):
        undo_book(OpenpyxlBook(f))


# --------------------------------------------------------------------------
# 5. the buttons: xlwings' remote engine, and a COM fake for the confirmation
# --------------------------------------------------------------------------


def test_buttons_on_the_remote_engine(remote_engine_env, tmp_path):
    from tests import xlremote as H
    import xlxq.excel as E

    assert main(["demo", str(tmp_path)]) == 0
    a = tmp_path / "xlxq-demo.xlsx"
    b = tmp_path / "b.xlsx"
    shutil.copyfile(a, b)
    before = _cells(b)
    r = H.run_workbook_function(b, E.pair_next_round)  # round 1 has no result: refused, nothing written
    assert not r.result.ok and "第1轮还没有任何结果" in r.result.message_zh and "工作簿未作改动" in r.result.message_zh
    assert [x["func"] for x in r.actions] == ["alert"] and _cells(b) == before
    for p in (a, b):
        enter_results(p)
    r = H.run_workbook_function(b, E.pair_next_round)
    assert r.result.ok and "第2轮" in openpyxl.load_workbook(b).sheetnames
    r = H.run_workbook_function(b, E.undo_round)
    assert r.result.ok and "已撤销第2轮" in r.result.message_zh and "sheetDelete" in r.applied.funcs
    assert r.alerts[0]["title"] == "xlxq · 撤销本轮"
    assert main(["pair", str(a)]) == 0 and main(["undo", str(a)]) == 0  # the openpyxl path, the same way
    assert _cells(a) == _cells(b)


def test_com_button_asks_before_pairing_on_provisional_draws(tmp_path, monkeypatch):
    from tests.test_excel_remote import _com_book
    import xlxq.excel as E

    assert main(["demo", str(tmp_path)]) == 0
    f = tmp_path / "xlxq-demo.xlsx"
    enter_results(f)
    _open_boards(f, 1, {2})
    monkeypatch.setattr(sys, "platform", "win32")  # XlwingsBook: COM, as on Windows
    answers = []

    def fake_for(answer: str):
        fake, _ = _com_book(f)

        def alert(prompt, title=None, buttons="ok", mode=None, callback=None):
            answers.append((buttons, prompt))
            return answer if buttons == "ok_cancel" else None

        fake.app.alert = alert
        return fake

    fake = fake_for("cancel")
    st = E.pair_next_round(fake)
    assert not st.ok and "第1轮第2台" in st.message_zh and "第2轮" not in [s.name for s in fake.order]
    assert answers[0][0] == "ok_cancel" and "确定 = 按和棋暂计编排" in answers[0][1]
    answers.clear()
    fake = fake_for("ok")
    st = E.pair_next_round(fake)
    assert st.ok and "已按和棋暂计编排" in st.message_zh and "第2轮" in [s.name for s in fake.order]
    assert [a[0] for a in answers] == ["ok_cancel", "ok"]


def test_a_button_keeps_the_file_on_disk_first(tmp_path, monkeypatch):
    from tests.test_excel_remote import _com_book
    import xlxq.excel as E

    assert main(["demo", str(tmp_path)]) == 0
    f = tmp_path / "xlxq-demo.xlsx"
    enter_results(f)
    on_disk = f.read_bytes()
    fake, _ = _com_book(f)
    fake.fullname = str(f)
    had = len(B.backups(f))  # the demo's own pairing of round 1 kept one
    assert E.recompute(fake).ok
    kept = B.backups(f)[0]
    assert len(B.backups(f)) == had + 1
    assert kept.operation == "recompute" and kept.path.read_bytes() == on_disk
    assert E.doctor(fake) is not None and len(B.backups(f)) == had + 1  # 诊断 writes nothing: no backup


def test_qualify_into_another_workbook_backs_up_no_temporary_copy(tmp_path, capsys):
    from tests.test_workbook_support import sample_players
    from tests.book_ops import pair_next_round
    from xlxq.core.model import EventSettings
    from xlxq.operations.workbook import create_event_workbook

    a, b = tmp_path / "swiss.xlsx", tmp_path / "ko.xlsx"
    create_event_workbook(a, sample_players()[:8], EventSettings(rounds=3))
    _set_setting(a, "晋圈人数", 4)
    for _ in range(3):
        pair_next_round(OpenpyxlBook(a))
        enter_results(a)
    kept = [x.path.name for x in B.backups(a)]
    assert main(["qualify", str(a), str(b), "--top", "4"]) == 0, capsys.readouterr()
    assert b.exists() and [x.path.name for x in B.backups(a)] == kept  # the Swiss file is not written
    assert sorted(p.name for p in (tmp_path / ".xlxq-backups").iterdir()) == ["swiss.xlsx"]
