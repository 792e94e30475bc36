"""Names, clubs and team names are one line of text (issue 11,
docs/reliability.md §4): a line break typed with Alt+Enter, a tab or another
control character in such a cell of 报名表 / 队伍报名, or of a registration
file imported by ``xlxq new --players``, is refused with one line naming the
cell and showing the text escaped (``\\n``), never printed raw; a valid
workbook reads as before.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from xlxq.cli import main
from xlxq.text import label_problem, visible


@pytest.fixture(scope="module")
def demos(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("labels")
    assert main(["demo", str(d / "i")]) == 0
    assert main(["demo", str(d / "t"), "--teams"]) == 0
    return {"individual": d / "i" / "xlxq-demo.xlsx", "team": d / "t" / "xlxq-team-demo.xlsx"}


def _run(capsys, *args) -> tuple[int, str, str]:
    capsys.readouterr()
    rc = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return rc, out, err


def _edited(src: Path, dst: Path, sheet: str, coord: str, value: str) -> Path:
    wb = load_workbook(src)
    wb[sheet][coord] = value
    wb.save(dst)
    return dst


CASES = [
    ("individual", "报名表", "B8", "张\n三", "姓名“张\\n三”含换行（单元格中按了 Alt+Enter？）"),
    # the XML reader reads CR LF as LF
    ("individual", "报名表", "B8", "张\r\n三", "姓名“张\\n三”含换行（单元格中按了 Alt+Enter？）"),
    ("individual", "报名表", "B8", "张\u2028三", "姓名“张\\u2028三”含换行（单元格中按了 Alt+Enter？）"),
    ("individual", "报名表", "C8", "上海\t象棋协会", "单位“上海\\t象棋协会”含制表符（Tab）"),
    ("team", "队伍报名", "B3", "北京\n队", "队名“北京\\n队”含换行（单元格中按了 Alt+Enter？）"),
    ("team", "队伍报名", "E3", "黄\n晓明", "姓名“黄\\n晓明”含换行（单元格中按了 Alt+Enter？）"),
]


@pytest.mark.parametrize("kind, sheet, coord, value, problem", CASES)
@pytest.mark.parametrize("command", ["check", "pair", "standings"])
def test_a_label_on_two_lines_is_refused_naming_the_cell(
    capsys, demos, tmp_path, kind, sheet, coord, value, problem, command
):
    f = _edited(demos[kind], tmp_path / "w.xlsx", sheet, coord, value)
    before = f.read_bytes()
    rc, out, err = _run(capsys, command, f)
    row = int(coord[1:])
    if command != "pair":  # issue 10 §4 (individual and team): listed (check) or marked (standings)
        assert rc == 2 and err == ""
        assert f"{sheet}!{coord} {problem}：" in out
        assert (f.read_bytes() == before) == (command == "check")
        return
    assert rc == 2 and out == ""
    assert err.splitlines() == [
        f"错误：“{sheet}”表第{row}行（{coord}）：{problem}：{problem[:2]}印在对阵表和成绩册上，只能是一行文字，请改正该单元格"
    ]
    assert f.read_bytes() == before


def test_a_line_break_at_the_ends_is_trimmed_as_before(capsys, demos, tmp_path):
    plain = _edited(demos["individual"], tmp_path / "a.xlsx", "报名表", "B8", "张三")
    ends = _edited(demos["individual"], tmp_path / "b.xlsx", "报名表", "B8", "\n张三\r\n")
    for command in ("check", "standings"):
        a, b = _run(capsys, command, plain), _run(capsys, command, ends)
        assert a[0] == 0 and ("张三" in a[1] or command == "check")
        assert b == (a[0], a[1].replace(str(plain), str(ends)), a[2])


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_the_registration_import_refuses_it_too(capsys, tmp_path, suffix):
    reg = tmp_path / f"p.{suffix}"
    rows = [["姓名", "单位"], ["李四", "北京"], ["张\n三", "上海"]]
    if suffix == "csv":
        reg.write_text('姓名,单位\n李四,北京\n"张\n三",上海\n', encoding="utf-8")
    else:
        wb = Workbook()
        for r in rows:
            wb.active.append(r)
        wb.save(reg)
    rc, out, err = _run(capsys, "new", tmp_path / "e.json", "--players", reg, "--rounds", "3")
    assert rc == 2 and out == ""
    assert err.splitlines() == [
        f"错误：p.{suffix} 第3行：姓名“张\\n三”含换行（单元格中按了 Alt+Enter？）：姓名印在对阵表和成绩册上，只能是一行文字，请改正后再导入"
    ]
    assert not (tmp_path / "e.json").exists()


def test_which_characters_are_refused():
    refused = {chr(c) for c in range(0x20)} | {chr(c) for c in range(0x7F, 0xA0)} | {"\u2028", "\u2029"}
    for c in range(0x3000):
        ch = chr(c)
        assert (label_problem(f"张{ch}三") is not None) == (ch in refused), hex(c)
        assert not refused & set(visible(f"张{ch}三"))
    assert label_problem("赵文博") is None and label_problem("Li Wei") is None and label_problem("张　三") is None


def test_the_team_registration_import_refuses_a_team_name_on_two_lines(capsys, tmp_path):
    from tests.conftest import SAMPLE_TEAMS

    lines = SAMPLE_TEAMS.read_text(encoding="utf-8").splitlines()
    team = lines[1].split(",")[0]
    reg = tmp_path / "t.csv"
    reg.write_text(
        "\n".join([lines[0], lines[1].replace(team, f'"{team[0]}\n{team[1:]}"', 1), *lines[2:]]) + "\n",
        encoding="utf-8",
    )
    rc, out, err = _run(capsys, "new", tmp_path / "e.json", "--teams", reg, "--boards", "4")
    assert rc == 2 and out == ""
    assert err.splitlines() == [
        f"错误：t.csv 第2行：队名“{team[0]}\\n{team[1:]}”含换行（单元格中按了 Alt+Enter？）：队名印在对阵表和成绩册上，"
        "只能是一行文字，请改正后再导入"
    ]
    assert not (tmp_path / "e.json").exists()
