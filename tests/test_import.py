"""``xlxq import REG ROUNDS OUT`` (xlxq/operations/import_event.py): an
event paired elsewhere, read from a registration and a rounds file (CSV or
XLSX), written as a JSON file or a workbook; every problem at once, each
with its file, row and column; nothing written on bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_support import assert_bad_input, load, run
from tests.conftest import write_csv
from xlxq.backends.json_file import load_event
from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN, RED_WIN_FORFEIT
from xlxq.errors import InputError, InputErrors
from xlxq.operations.import_event import import_event

HEADER_ZH = ["轮次", "台次", "红方序号", "黑方序号", "结果"]
HEADER_EN = ["round", "board", "red", "black", "result"]


def registration(path: Path, n: int = 5) -> Path:
    return write_csv(
        path, ["序号", "姓名", "单位", "等级分"], [[i, f"棋手{i}", f"单位{i % 2}", 2000 + i] for i in range(1, n + 1)]
    )


#: five players, two rounds: results in several spellings, a bye each round
ROWS = [
    [1, 1, 1, 2, "1-0"],
    [1, 2, 4, 3, "和"],
    [1, "", 5, "轮空", ""],
    [2, 1, 3, 1, "黑胜"],
    [2, 2, 2, 5, "红胜弃权"],
    [2, "", 4, "", "轮空"],
]


def test_import_csv_to_json(tmp_path):
    reg = registration(tmp_path / "reg.csv")
    rounds = write_csv(tmp_path / "r.csv", HEADER_ZH, ROWS)
    out = tmp_path / "e.json"
    import_event(str(reg), str(rounds), str(out), name="月赛")
    ev = load_event(out)
    assert ev.settings.name == "月赛" and ev.settings.rounds == 2
    assert [(p.no, p.name, p.unit, p.rating) for p in ev.players][:2] == [
        (1, "棋手1", "单位1", 2001),
        (2, "棋手2", "单位0", 2002),
    ]
    r1, r2 = ev.rounds
    assert [(b.board, b.red, b.black, b.result) for b in r1.boards] == [(1, 1, 2, RED_WIN), (2, 4, 3, DRAW)]
    assert r1.byes == [5] and r2.byes == [4]
    assert [(b.red, b.black, b.result) for b in r2.boards] == [(3, 1, BLACK_WIN), (2, 5, RED_WIN_FORFEIT)]
    assert all(r.engine is None for r in ev.rounds)  # paired elsewhere: no engine pairing kept


def test_import_english_headers_xlsx_to_workbook(tmp_path):
    import openpyxl

    reg = registration(tmp_path / "reg.csv")
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Results of the club event"])  # a title row above the header
    ws.append(HEADER_EN)
    for r in ROWS:
        ws.append([None if v == "" else v for v in r])
    wb.save(tmp_path / "r.xlsx")
    out = tmp_path / "e.xlsx"
    p = run("import", reg, tmp_path / "r.xlsx", out, check_rc=0)
    assert "5名棋手，2轮" in p.out
    p = run("convert", out, tmp_path / "back.json", check_rc=0)
    back = load(tmp_path / "back.json")
    assert [[b["red"], b["black"], b["result"]] for b in back["rounds"][1]["boards"]] == [
        [3, 1, "black_win"],
        [2, 5, "red_win_forfeit"],
    ]


def test_every_problem_at_once_with_file_row_and_column(tmp_path):
    reg = registration(tmp_path / "reg.csv")
    rows = [
        [1, 1, 1, 2, "1-0"],
        [1, 2, 4, 9, "和"],  # 9 is not registered: row 3, column D
        [1, 3, 5, 3, "赢了"],  # not a result: row 4, column E
        [2, 1, 1, 3, ""],
        [2, 1, 2, 4, ""],  # board 1 twice: row 6, column B
        [2, 2, "x", 5, ""],  # not a number: row 7, column C
    ]
    rounds = write_csv(tmp_path / "r.csv", HEADER_ZH, rows)
    out = tmp_path / "e.json"
    with pytest.raises(InputErrors) as exc:
        import_event(str(reg), str(rounds), str(out))
    got = [(e.place.file, e.place.row, e.place.cell) for e in exc.value.errors]
    assert got == [("r.csv", 3, "D3"), ("r.csv", 4, "E4"), ("r.csv", 6, "B6"), ("r.csv", 7, "C7")]
    assert "报名表中没有序号 9" in exc.value.errors[0].zh and "赢了" in exc.value.errors[1].zh
    assert not out.exists()


def test_player_twice_in_a_round_and_rounds_not_from_one(tmp_path):
    reg = registration(tmp_path / "reg.csv")
    rounds = write_csv(tmp_path / "r.csv", HEADER_ZH, [[2, 1, 1, 2, ""], [2, 2, 2, 3, ""]])
    with pytest.raises(InputErrors) as exc:
        import_event(str(reg), str(rounds), str(tmp_path / "e.json"))
    texts = [e.zh for e in exc.value.errors]
    assert any("2号在第2轮出场两次" in t for t in texts) and any("轮次应为 1 至 1" in t for t in texts)


def test_out_is_never_overwritten_without_force(tmp_path):
    reg = registration(tmp_path / "reg.csv")
    rounds = write_csv(tmp_path / "r.csv", HEADER_ZH, ROWS)
    out = tmp_path / "e.json"
    out.write_text("mine", encoding="utf-8")
    p = run("import", reg, rounds, out)
    assert_bad_input(p, "e.json", "--force")
    assert out.read_text(encoding="utf-8") == "mine"
    run("import", reg, rounds, out, "--force", check_rc=0)
    assert load(out)["players"][0]["name"] == "棋手1"


def test_bad_registration_and_bad_rounds_reported_together(tmp_path):
    reg = write_csv(tmp_path / "reg.csv", ["序号", "单位"], [[1, "x"]])  # no 姓名 column
    rounds = write_csv(tmp_path / "r.csv", HEADER_ZH, [[1, 1, 1, 2, "什么"]])
    with pytest.raises(InputErrors) as exc:
        import_event(str(reg), str(rounds), str(tmp_path / "e.json"))
    assert [e.place.file for e in exc.value.errors][1:] == ["r.csv"]
    assert "姓名" in exc.value.errors[0].zh


def test_missing_column_named(tmp_path):
    reg = registration(tmp_path / "reg.csv")
    rounds = write_csv(tmp_path / "r.csv", ["round", "board", "red", "black"], [[1, 1, 1, 2]])
    with pytest.raises(InputError) as exc:
        import_event(str(reg), str(rounds), str(tmp_path / "e.json"))
    assert "缺少列 结果" in exc.value.zh and "missing column(s) result" in exc.value.en


def test_cli_english_message(tmp_path):
    reg = registration(tmp_path / "reg.csv")
    rounds = write_csv(tmp_path / "r.csv", HEADER_EN, [[1, 1, 1, 2, "won"]])
    p = run("import", reg, rounds, tmp_path / "e.json", lang="en")
    assert_bad_input(p, "r.csv row 2 (E2) result", lang="en")
    assert not (tmp_path / "e.json").exists()
