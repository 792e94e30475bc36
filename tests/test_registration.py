"""Registration import: headers, numbering with seeds, draws, errors."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from xlxq.backends.registration import number_players, read_registration
from xlxq.errors import InputError

from tests.conftest import SAMPLE


def write_csv(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


def write_xlsx(path: Path, rows: list[list]) -> Path:
    openpyxl = pytest.importorskip("openpyxl")
    wb = openpyxl.Workbook()
    ws = wb.active
    for r in rows:
        ws.append(r)
    wb.save(path)
    return path


# ---------------------------------------------------------------- sample


def test_sample_file_24_players_8_units_4_seeds():
    players = read_registration(SAMPLE)
    assert len(players) == 24
    assert [p.no for p in players] == list(range(1, 25))
    assert len({p.unit for p in players}) == 8
    seeds = {p.seed: p for p in players if p.seed is not None}
    assert sorted(seeds) == [1, 2, 3, 4]
    assert [seeds[s].no for s in (1, 2, 3, 4)] == [1, 3, 5, 7]
    # the four seeds are the four best ratings
    best = sorted(players, key=lambda p: -p.rating)[:4]
    assert {p.no for p in best} == {1, 3, 5, 7}
    by_no = {p.no: p.name for p in players}
    assert [by_no[n] for n in range(1, 10)] == [
        "赵文博",
        "李明轩",
        "陈志远",
        "王海涛",
        "黄立新",
        "刘建国",
        "郭宏伟",
        "孙浩然",
        "周子豪",
    ]
    assert all(isinstance(p.rating, int) for p in players)


# ---------------------------------------------------------------- headers


def test_csv_chinese_headers_file_order(tmp_path):
    f = write_csv(tmp_path / "r.csv", "姓名,单位,等级分\n张三,北京,2100\n李四,上海,\n王五,,1980.5\n")
    ps = read_registration(f)
    assert [(p.no, p.name, p.unit, p.rating, p.seed) for p in ps] == [
        (1, "张三", "北京", 2100, None),
        (2, "李四", "上海", None, None),
        (3, "王五", "", 1980.5, None),
    ]


def test_csv_english_headers_case_and_space_insensitive(tmp_path):
    f = write_csv(tmp_path / "r.csv", " Name ,CLUB, Rating,Seed,Sex\nAlice,Beijing,2000,,F\nBob,Shanghai,2100,1,M\n")
    ps = read_registration(f)
    assert [(p.no, p.name, p.unit, p.seed) for p in ps] == [(1, "Bob", "Shanghai", 1), (2, "Alice", "Beijing", None)]


def test_csv_team_header_and_bom_and_gbk(tmp_path):
    text = "序号,姓名,队名\n2,张三,甲队\n1,李四,乙队\n"
    for enc in ("utf-8-sig", "gbk"):
        f = write_csv(tmp_path / f"r-{enc}.csv", text, enc)
        ps = read_registration(f)
        assert [(p.no, p.name, p.unit) for p in ps] == [(1, "李四", "乙队"), (2, "张三", "甲队")]


def test_tab_separated_and_blank_rows(tmp_path):
    f = write_csv(tmp_path / "r.txt", "姓名\t单位\n张三\t北京\n\t\n\n李四\t上海\n")
    assert [p.name for p in read_registration(f)] == ["张三", "李四"]


def test_xlsx_chinese_headers_with_title_row(tmp_path):
    f = write_xlsx(
        tmp_path / "报名表.xlsx",
        [
            ["2025年象棋公开赛报名表"],
            ["序号", "姓名", "单位", "等级分", "种子"],
            [3, "张三", "北京", 2100, None],
            [1, "李四", "上海", 2200.0, 1],
            [None, None, None, None, None],
            [2, "王五", "广州", None, None],
        ],
    )
    ps = read_registration(f)
    assert [(p.no, p.name, p.unit, p.rating, p.seed) for p in ps] == [
        (1, "李四", "上海", 2200, 1),
        (2, "王五", "广州", None, None),
        (3, "张三", "北京", 2100, None),
    ]


def test_xlsx_english_headers_and_seeds(tmp_path):
    f = write_xlsx(
        tmp_path / "players.xlsx",
        [
            ["NAME", "Unit", "rating", "SEED"],
            ["A", "X", 1900, None],
            ["B", "Y", 2400, 2],
            ["C", "Z", 2500, 1],
            ["D", "X", 1800, None],
            ["E", "Y", 1700, None],
        ],
    )
    ps = read_registration(f)
    assert [(p.no, p.name) for p in ps] == [(1, "C"), (2, "A"), (3, "B"), (4, "D"), (5, "E")]


# ---------------------------------------------------------------- numbering


def _entries(seeds):
    return [{"seed": s} for s in seeds]


def test_number_players_rules():
    # no seeds: file order
    assert number_players(_entries([None] * 4)) == [1, 2, 3, 4]
    # 4 seeds among 10 (seeds listed out of order)
    nums = number_players(_entries([None, 3, None, 1, None, 4, None, 2, None, None]))
    assert nums == [2, 5, 4, 1, 6, 7, 8, 3, 9, 10]
    # more seeds than others: 5 seeds among 7
    nums = number_players(_entries([1, 2, 3, 4, 5, None, None]))
    assert nums == [1, 3, 5, 6, 7, 2, 4]
    # everyone seeded
    assert number_players(_entries([2, 1, 3])) == [2, 1, 3]


def test_draw_seed_deterministic_no_seeds(tmp_path):
    f = write_csv(tmp_path / "r.csv", "姓名\n" + "".join(f"P{i}\n" for i in range(1, 11)))
    a = [p.name for p in read_registration(f, draw_seed=7)]
    b = [p.name for p in read_registration(f, draw_seed=7)]
    c = [p.name for p in read_registration(f, draw_seed=8)]
    assert a == b != c
    expected = [f"P{i}" for i in range(1, 11)]
    random.Random(7).shuffle(expected)
    assert a == expected


def test_draw_seed_keeps_seeds_on_odd_numbers():
    a = read_registration(SAMPLE, draw_seed=2025)
    plain = read_registration(SAMPLE)
    assert {p.no: p.name for p in a if p.seed} == {p.no: p.name for p in plain if p.seed}
    assert [p.name for p in a] != [p.name for p in plain]
    assert read_registration(SAMPLE, draw_seed=2025) == a


def test_no_column_with_draw_refused(tmp_path):
    f = write_csv(tmp_path / "r.csv", "序号,姓名\n1,A\n2,B\n")
    with pytest.raises(InputError, match="抽签"):
        read_registration(f, draw_seed=1)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "text, needle",
    [
        ("姓名,单位\n张三,北京\n,上海\n", "第3行"),  # row without a name
        ("姓名,等级分\n张三,2100\n李四,高手\n", "第3行（李四）：等级分"),
        ("姓名,种子\n张三,1\n李四,1\n", "种子 1 与第2行"),
        ("姓名,种子\n张三,0\n", "种子应为正整数"),
        ("姓名,种子\n张三,一\n", "第2行"),
        ("序号,姓名\n1,张三\n1,李四\n", "序号 1 与第2行"),
        ("序号,姓名\n1,张三\n,李四\n", "第3行（李四）：缺少序号"),
        ("序号,姓名\n1,张三\n2.5,李四\n", "序号应为正整数"),
        ("单位,等级分\n北京,2000\n", "姓名"),
        ("姓名,Name\n张三,Zhang\n", "两列"),
        ("姓名\n", "没有棋手"),
        ("", "姓名"),
    ],
)
def test_errors_name_the_row(tmp_path, text, needle):
    f = write_csv(tmp_path / "r.csv", text)
    with pytest.raises(InputError) as ei:
        read_registration(f)
    assert needle in ei.value.zh, ei.value.zh


def test_xlsx_error_row_is_excel_row(tmp_path):
    f = write_xlsx(tmp_path / "r.xlsx", [["比赛报名表"], [], ["姓名", "等级分"], ["张三", 2000], ["李四", "abc"]])
    with pytest.raises(InputError, match="第5行"):
        read_registration(f)


def test_file_errors(tmp_path):
    with pytest.raises(InputError, match="找不到"):
        read_registration(tmp_path / "none.csv")
    (tmp_path / "old.xls").write_bytes(b"x")
    with pytest.raises(InputError, match="xls"):
        read_registration(tmp_path / "old.xls")
    (tmp_path / "broken.xlsx").write_bytes(b"not a zip")
    with pytest.raises(InputError, match="Excel"):
        read_registration(tmp_path / "broken.xlsx")
    (tmp_path / "list.pdf").write_bytes(b"%PDF")
    with pytest.raises(InputError):
        read_registration(tmp_path / "list.pdf")


# ---------------------------------------------------------------- 退赛轮次, 请假轮次 (as the workbook reads them)


def test_withdrawn_and_absent_columns_read_as_the_workbook_reads_them(tmp_path):
    """The import reads the 报名表's 退赛轮次 and 请假轮次 (their headers and
    cells as the workbook reads them), in a CSV and an .xlsx, groups too;
    ``xlxq new e.json`` writes them, an .xlsx writes them in its 报名表."""
    import json

    from xlxq.backends.registration import read_registration_groups
    from xlxq.cli import main
    from xlxq.sheets.registration import parse_absent

    text = '姓名,单位,请假轮次,退赛轮次\n甲,A,3,\n乙,B,"2,4",\n丙,C,,5\n丁,D,第1轮 第2轮,在赛\n戊,E,3、5,\n'
    want_absent = [(3,), (2, 4), (), (1, 2), (3, 5)]
    assert [parse_absent(v) for v in ("3", "2,4", None, "第1轮 第2轮", "3、5")] == want_absent
    csv_path = write_csv(tmp_path / "x.csv", text)
    ps = read_registration(csv_path)
    assert [p.absent_rounds for p in ps] == want_absent
    assert [p.withdrawn_from_round for p in ps] == [None, None, 5, None, None]
    rows = [line.split(",") for line in text.replace('"2,4"', "2，4").splitlines()]
    rows = [["Name", "Club", "Absent in rounds", "Withdrawn from round"]] + rows[1:]
    xp = read_registration(write_xlsx(tmp_path / "x.xlsx", rows))
    assert [p.absent_rounds for p in xp] == want_absent and xp[2].withdrawn_from_round == 5
    grouped = write_csv(tmp_path / "g.csv", "组别,姓名,请假\n甲组,甲,2\n甲组,乙,\n乙组,丙,3\n乙组,丁,\n")
    groups = read_registration_groups(grouped)
    assert groups is not None and [[p.absent_rounds for p in ps] for _, ps in groups] == [[(2,), ()], [(3,), ()]]
    # xlxq new: the JSON file has them, the workbook's 报名表 too
    out = tmp_path / "e.json"
    assert main(["new", str(out), "--players", str(csv_path), "--rounds", "5"]) == 0
    players = json.loads(out.read_text(encoding="utf-8"))["players"]
    assert [p.get("absent_rounds", []) for p in players] == [list(a) for a in want_absent]
    assert [p.get("withdrawn_from_round") for p in players] == [None, None, 5, None, None]
    book = tmp_path / "e.xlsx"
    assert main(["new", str(book), "--players", str(csv_path), "--rounds", "5"]) == 0
    import openpyxl

    ws = openpyxl.load_workbook(book)["报名表"]
    header = [c.value for c in ws[2]]
    absent = [r[header.index("请假轮次")] for r in ws.iter_rows(min_row=3, max_row=7, values_only=True)]
    assert absent == ["3", "2,4", None, "1,2", "3,5"]
    assert [r[header.index("退赛轮次")] for r in ws.iter_rows(min_row=3, max_row=7, values_only=True)][2] == 5


@pytest.mark.parametrize(
    "text, needle",
    [
        ("姓名,请假轮次\n甲,x\n乙,\n", "第2行（甲）：请假轮次应为轮次数字"),
        ("姓名,请假轮次\n甲,0\n乙,\n", "第2行（甲）：请假轮次应为轮次数字"),
        ("姓名,退赛轮次\n甲,\n乙,第二轮\n", "第3行（乙）：退赛轮次应为轮次数字"),
    ],
)
def test_bad_withdrawn_or_absent_cell_names_the_row(tmp_path, text, needle):
    with pytest.raises(InputError) as exc:
        read_registration(write_csv(tmp_path / "r.csv", text))
    assert needle in exc.value.zh


def test_absent_beyond_the_rounds_refused_by_new(tmp_path, capsys):
    """A 请假轮次 beyond the rounds planned is refused as the workbook
    refuses it: exit 2, nothing written."""
    from xlxq.cli import main

    reg = write_csv(tmp_path / "r.csv", "姓名,请假轮次\n甲,9\n乙,\n丙,\n")
    out = tmp_path / "e.json"
    assert main(["new", str(out), "--players", str(reg), "--rounds", "3"]) == 2
    assert "请假轮次 9 超出计划的3轮" in capsys.readouterr().err and not out.exists()
