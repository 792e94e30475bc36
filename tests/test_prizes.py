"""Prizes (奖项) and the registration extras (性别, 出生年份, 类别): the
winners of hand-worked categories over a 20-player event, ties by the
standings order, 兼得 否 and 是, vacant places; conditions refused with
their place; the extras read from a CSV, a JSON file and a workbook's 报名表,
kept and written back (docs/prizes.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Optional

import pytest

from tests.cli_support import assert_bad_input, load, run, save
from xlxq.core.prizes import (
    FEMALE,
    MALE,
    PrizeTable,
    award,
    category_keys,
    conditions_text,
    make_prize,
    parse_birth_year,
    parse_category,
    parse_condition,
    parse_sex,
)
from xlxq.errors import InputError


@dataclass
class P:
    no: int
    name: str
    sex: Optional[str]
    birth_year: Optional[int]
    rating: Optional[float]
    unit: str = "某队"
    category: Optional[str] = None


# The final standings of a 20-player event, first to last: (序号, rank).
# 5 and 6 share rank 5 (every tie-break equal): 5 is listed first.
ORDER = [(1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 5)] + [(n, n) for n in range(7, 21)]
PLAYERS = {
    p.no: p
    for p in [
        P(1, "甲", MALE, 1990, 2400),
        P(2, "乙", FEMALE, 2011, 2300),  # a girl at rank 2: overall, best woman and junior all fit
        P(3, "丙", MALE, 1985, 2350),
        P(4, "丁", MALE, 2012, 1950),
        P(5, "戊", FEMALE, 1995, 2100),  # rank 5, listed before 6
        P(6, "己", FEMALE, 2010, 1980),  # rank 5 too
        P(7, "庚", MALE, 2013, None),  # unrated: not in a rating band
        P(8, "辛", MALE, 2009, 1900),
        P(9, "壬", MALE, 2014, 1850),
        P(10, "癸", FEMALE, 2015, 1700),
        *[P(n, f"棋手{n}", MALE, 1980 + n, 2000 + n) for n in range(11, 20)],
        P(20, "无资料", None, None, None),
    ]
}
CATEGORIES = [
    ("名次奖", 3, ""),
    ("最佳女棋手", 1, "性别=女"),
    ("少年组前三", 3, "出生年份>=2010"),
    ("等级分2000以下", 2, "等级分<2000"),
    ("女子少年", 2, "性别=女，出生年份>=2014"),
]


def winners(double: bool) -> dict[str, list[int]]:
    table = PrizeTable(tuple(make_prize(*c) for c in CATEGORIES), double)
    got = award(table, ORDER, PLAYERS)
    return {a.prize.name: [no for no, _ in a.winners] for a in got.awards}


def test_hand_worked_categories_without_double_prizes() -> None:
    # 兼得 否: categories in the order listed, a winner passed over after.
    # 名次奖 1, 2, 3.  最佳女棋手: 2 has a prize, 5 and 6 share rank 5 and
    # the standings list 5 first: 5.  少年组 (born 2010 on): 2 taken, then 4
    # (2012), 6 (2010), 7 (2013).  等级分<2000: 4 and 6 taken, 7 unrated,
    # then 8 (1900), 9 (1850).  女子少年 (女, 2014 on): only 10, one place vacant.
    assert winners(False) == {
        "名次奖": [1, 2, 3],
        "最佳女棋手": [5],
        "少年组前三": [4, 6, 7],
        "等级分2000以下": [8, 9],
        "女子少年": [10],
    }


def test_hand_worked_categories_with_double_prizes() -> None:
    # 兼得 是: each category its best eligible players, whoever won what.
    assert winners(True) == {
        "名次奖": [1, 2, 3],
        "最佳女棋手": [2],
        "少年组前三": [2, 4, 6],
        "等级分2000以下": [4, 6],
        "女子少年": [10],
    }


def test_ranks_and_vacant_places_are_kept() -> None:
    table = PrizeTable(tuple(make_prize(*c) for c in CATEGORIES), False)
    got = {a.prize.name: a for a in award(table, ORDER, PLAYERS).awards}
    assert got["最佳女棋手"].winners == ((5, 5),)
    assert got["女子少年"].vacant == 1
    assert got["名次奖"].vacant == 0


def test_a_tie_goes_by_the_standings_order_not_the_number() -> None:
    # the same two players tied at rank 5, listed the other way round
    order = [(1, 1), (2, 2), (3, 3), (4, 4), (6, 5), (5, 5)]
    table = PrizeTable((make_prize("名次奖", 3, None), make_prize("最佳女棋手", 1, "性别=女")), False)
    got = award(table, order, PLAYERS)
    assert [no for no, _ in got.awards[1].winners] == [6]


@pytest.mark.parametrize(
    "text, needle",
    [
        ("年龄<12", "年龄"),
        ("性别=X", "性别"),
        ("性别>女", "性别"),
        ("等级分<abc", "abc"),
        ("出生年份>=1800", "1900"),
        ("女子", "女子"),
    ],
)
def test_bad_conditions_are_refused(text: str, needle: str) -> None:
    with pytest.raises(InputError) as ei:
        parse_condition(text)
    assert needle in ei.value.zh and text.split("，")[0] in ei.value.zh
    assert ei.value.en


def test_condition_words() -> None:
    assert parse_condition("性別 ＝ 女") == parse_condition("sex=F") == parse_condition("性别=女")
    (c,) = parse_condition("等级分≥2000")
    assert (c.field, c.op, c.value) == ("rating", ">=", 2000)
    assert parse_condition("") == parse_condition(None) == ()
    assert len(parse_condition("性别=女；出生年份<=2012 且 单位=北京")) == 3


def test_a_club_condition_keeps_the_clubs_inner_spaces() -> None:
    # the spaces of the condition were all dropped: 单位=Beijing Club read as
    # BeijingClub and matched no one
    (c,) = parse_condition("单位 = Beijing Club")
    assert c.value == "Beijing Club" and c.text("en") == "club=Beijing Club"
    assert c.holds(P(1, "甲", None, None, None, "Beijing Club")) and not c.holds(
        P(2, "乙", None, None, None, "Beijing")
    )


def test_registration_extra_values() -> None:
    assert [parse_sex(v) for v in ("男", "女", "M", "f", " Female ", "男子", None, "")] == [
        MALE,
        FEMALE,
        MALE,
        FEMALE,
        FEMALE,
        MALE,
        None,
        None,
    ]
    import datetime

    assert [parse_birth_year(v) for v in (2010, 2010.0, "2010", "2010年", "2010-05-03", "2010/5/3", "2010年5月")] == [
        2010
    ] * 7
    assert parse_birth_year(datetime.datetime(2011, 3, 4)) == 2011
    for bad in ("X", "两千", "10", 1850, "2010-13-45x", True):
        with pytest.raises(InputError):
            parse_birth_year(bad)
    with pytest.raises(InputError):
        parse_sex("?")


# --------------------------------------------------------------------------
# 类别: a player's own categories (少年组, U12, 女子), not 组别
# --------------------------------------------------------------------------

# The same 20 players and standings (5 and 6 tied at rank 5, 5 listed
# first), with a 类别 on some: 2 is in two categories (少年组 and 女子).
CATEGORY_OF = {2: "少年组、女子", 3: "少年组", 5: " 少年组", 6: "少年组", 7: "少年组", 10: "女子"}
CAT_PLAYERS = {
    no: P(p.no, p.name, p.sex, p.birth_year, p.rating, p.unit, CATEGORY_OF.get(no)) for no, p in PLAYERS.items()
}
CAT_PRIZES = [
    ("总名次前三", 3, ""),
    ("少年组前三", 3, "类别=少年组"),
    ("最佳女棋手", 1, "性别=女"),
    ("女子组冠军", 1, "类别=女子"),
]


def category_winners(double: bool, order=ORDER) -> dict[str, list[int]]:
    table = PrizeTable(tuple(make_prize(*c) for c in CAT_PRIZES), double)
    got = award(table, order, CAT_PLAYERS)
    return {a.prize.name: [no for no, _ in a.winners] for a in got.awards}


def test_hand_worked_categories_by_the_players_category_without_double_prizes() -> None:
    # 兼得 否.  总名次前三: 1, 2, 3.  少年组前三 (类别 names 少年组): 2 and 3
    # have a prize; 5 and 6 (rank 5, 5 listed first), then 7.  最佳女棋手:
    # 2, 5, 6 have a prize, the next woman is 10.  女子组冠军 (类别 女子): 2
    # and 10 have a prize: vacant.
    assert category_winners(False) == {
        "总名次前三": [1, 2, 3],
        "少年组前三": [5, 6, 7],
        "最佳女棋手": [10],
        "女子组冠军": [],
    }


def test_hand_worked_categories_by_the_players_category_with_double_prizes() -> None:
    # 兼得 是: 2 (少年组 and 女子) takes every prize she is eligible for;
    # 少年组's third place goes to 5, listed before 6 at the shared rank 5.
    assert category_winners(True) == {
        "总名次前三": [1, 2, 3],
        "少年组前三": [2, 3, 5],
        "最佳女棋手": [2],
        "女子组冠军": [2],
    }
    # the standings listing 6 before 5: 6 takes it
    swapped = [(6, 5) if no == 5 else (5, 5) if no == 6 else (no, r) for no, r in ORDER]
    assert category_winners(True, swapped)["少年组前三"] == [2, 3, 6]
    assert category_winners(False, swapped)["少年组前三"] == [6, 5, 7]


def test_a_category_condition_reads_a_set() -> None:
    # != takes the players without that category, a blank cell included
    table = PrizeTable((make_prize("非少年组", 3, "类别!=少年组"),), True)
    assert [no for no, _ in award(table, ORDER, CAT_PLAYERS).awards[0].winners] == [1, 4, 8]
    # full width, case and spaces do not matter; 简体 and 繁體 are two names
    assert (
        category_keys("U12、女子") == category_keys(" u12 ; 女子 ") == category_keys("Ｕ１２，女子") == {"u12", "女子"}
    )
    assert category_keys("少年組") != category_keys("少年组")
    assert category_keys(None) == category_keys("、 ,") == frozenset()
    (c,) = parse_condition("類別 ＝ Ｕ12")
    assert (c.field, c.op) == ("category", "=")
    for word in ("类别", "年龄组", "category", "Age Group", "cat"):
        assert parse_condition(f"{word}=U12")[0].field == "category"
    assert len(parse_condition("类别=U12，类别=女子")) == 2  # both must hold


def test_a_category_condition_in_each_language() -> None:
    prize = make_prize("少年女子", 2, "类别=少年组，性别=女")
    assert conditions_text(prize, "zh") == "类别=少年组，性别=女"
    assert conditions_text(prize, "zh-Hant") == "類別=少年组，性別=女"  # the category as typed
    assert conditions_text(prize, "en") == "category=少年组, sex=F"


@pytest.mark.parametrize(
    "text, needle_zh, needle_en",
    [
        ("类别>少年组", "类别只能用 = 或 !=", "takes only = or !="),
        ("类别>=U12", "类别只能用 = 或 !=", "takes only = or !="),
        ("类别=\u3000", "看不懂", "not understood"),
        ("组别=甲组", "组别不是奖项条件", "not a prize condition"),
        ("組別!=甲组", "组别不是奖项条件", "not a prize condition"),
    ],
)
def test_a_bad_category_condition_is_refused(text: str, needle_zh: str, needle_en: str) -> None:
    with pytest.raises(InputError) as ei:
        parse_condition(text)
    assert needle_zh in ei.value.zh and needle_en in ei.value.en


def test_category_values() -> None:
    assert [parse_category(v) for v in ("少年组", " U12、女子 ", 12, 12.0, None, "  ")] == [
        "少年组",
        "U12、女子",
        "12",
        "12",
        None,
        None,
    ]
    for bad, needle in (("少" * 101, "太长"), ("少年组\n女子", "换行"), (True, "文字")):
        with pytest.raises(InputError) as ei:
            parse_category(bad)
        assert needle in ei.value.zh, ei.value.zh


def test_the_import_reads_the_category(tmp_path) -> None:
    from xlxq.backends.registration import read_registration

    csv = tmp_path / "reg.csv"
    csv.write_text('姓名,性別,類別,组别\n甲,男,少年组,\n乙,女,"U12、女子",\n丙,男,,\n', encoding="utf-8")
    got = [(p.name, p.sex, p.category) for p in read_registration(csv)]
    assert got == [("甲", "M", "少年组"), ("乙", "F", "U12、女子"), ("丙", "M", None)]
    csv.write_text("姓名,年龄组\n甲,U12\n乙,少年组\u2028女子\n", encoding="utf-8")
    with pytest.raises(InputError) as ei:
        read_registration(csv)
    assert ei.value.place.row == 3 and "乙" in ei.value.zh and "类别" in ei.value.zh


def test_the_json_file_reads_and_writes_the_category(tmp_path, simulated) -> None:
    from xlxq.backends.json_file import load_event, save_event

    path = event_file(
        tmp_path, simulated, prizes={"categories": [{"name": "少年组前三", "places": 3, "condition": "类别=少年组"}]}
    )
    d = load(path)
    d["players"][1]["category"] = "少年组、女子"
    d["players"][4]["category"] = "少年组"
    save(path, d)
    ev = load_event(str(path))
    assert [p.category for p in ev.players[:5]] == [None, "少年组、女子", None, None, "少年组"]
    out = tmp_path / "again.json"
    save_event(ev, str(out))
    back = load(out)["players"]
    assert back[1]["category"] == "少年组、女子" and "category" not in back[0]  # written only when given
    got = json.loads(run("prizes", path, "--json", check_rc=0).out)
    order = [r["no"] for r in json.loads(run("standings", path, "--json", check_rc=0).out)["standings"]]
    assert [w["no"] for w in got["prizes"][0]["winners"]] == [n for n in order if n in (2, 5)]
    assert got["prizes"][0]["vacant"] == 1
    d["players"][1]["category"] = "少" * 101
    save(path, d)
    assert_bad_input(run("prizes", path), "2号棋手", "类别", "太长")


# --------------------------------------------------------------------------
# a JSON file and the command
# --------------------------------------------------------------------------

PRIZES = {
    "double": False,
    "categories": [
        {"name": "名次奖", "places": 3},
        {"name": "最佳女棋手", "places": 1, "condition": "性别=女"},
        {"name": "少年组前三", "places": 3, "condition": "出生年份>=2010"},
    ],
}


@pytest.fixture(scope="module")
def simulated(tmp_path_factory) -> dict[int, dict]:
    """The sample registration (24 players; 性别 column) with a 出生日期
    column added, read as ``xlxq new`` reads it, 1 and 3 rounds simulated
    (in process: ``xlxq simulate``'s operation): rounds → the JSON file."""
    from tests.conftest import SAMPLE
    from xlxq.backends.json_file import save_event
    from xlxq.backends.registration import read_registration
    from xlxq.core.model import Event, EventSettings
    from xlxq.operations.simulate import simulate_file

    tmp = tmp_path_factory.mktemp("prizes")
    rows = SAMPLE.read_text(encoding="utf-8").splitlines()
    out = [rows[0] + ",出生日期"] + [r + f",{2004 + i % 10}-0{1 + i % 9}-15" for i, r in enumerate(rows[1:])]
    csv = tmp / "reg.csv"
    csv.write_text("\n".join(out) + "\n", encoding="utf-8")
    files = {}
    for rounds in (1, 3):
        event = Event(EventSettings(name="测试赛", rounds=rounds), read_registration(csv))
        path = tmp / f"e{rounds}.json"
        save_event(simulate_file(event, str(path), 3, None).event, str(path))
        files[rounds] = load(path)
    return files


def event_file(tmp_path, simulated, prizes=PRIZES, rounds=3):
    """The simulated event of ``rounds`` rounds with ``prizes`` set, at tmp_path/e.json."""
    d = json.loads(json.dumps(simulated[rounds]))
    if prizes is not None:
        d["event"]["prizes"] = prizes
    path = tmp_path / "e.json"
    save(path, d)
    return path


@pytest.mark.slow
def test_prizes_command_follows_the_standings(tmp_path, simulated) -> None:
    path = event_file(tmp_path, simulated)
    d = load(path)
    by_no = {p["no"]: p for p in d["players"]}
    # the extras were read from the CSV and kept in the file
    assert {p["sex"] for p in d["players"]} == {"M", "F"}
    assert all(2004 <= p["birth_year"] <= 2013 for p in d["players"])
    order = [r["no"] for r in json.loads(run("standings", path, "--json", check_rc=0).out)["standings"]]
    got = json.loads(run("prizes", path, "--json", check_rc=0).out)
    assert got["double"] is False and got["after_round"] == 3
    cats = {c["name"]: [w["no"] for w in c["winners"]] for c in got["prizes"]}
    # worked out here the plain way: the first eligible players in the standings order
    overall = order[:3]
    woman = [n for n in order if by_no[n]["sex"] == "F" and n not in overall][:1]
    junior = [n for n in order if by_no[n]["birth_year"] >= 2010 and n not in overall + woman][:3]
    assert cats == {"名次奖": overall, "最佳女棋手": woman, "少年组前三": junior}
    text = run("prizes", path, check_rc=0).out
    assert "获奖名单" in text and "兼得：否" in text and by_no[woman[0]]["name"] in text
    en = run("prizes", path, lang="en", check_rc=0).out
    assert "Prize winners" in en and "sex=F" in en
    # read-only: the file is unchanged
    assert load(path) == d


def test_the_prize_table_and_extras_are_written_back(tmp_path, simulated) -> None:
    from xlxq.backends.json_file import load_event, save_event

    path = event_file(tmp_path, simulated)
    ev = load_event(str(path))
    assert ev.settings.prizes is not None and len(ev.settings.prizes.prizes) == 3
    out = tmp_path / "again.json"
    save_event(ev, str(out))
    a, b = load(path), load(out)
    assert b["event"]["prizes"] == PRIZES
    assert a["players"] == b["players"]


def test_without_a_prize_table_the_command_says_how(tmp_path, simulated) -> None:
    path = event_file(tmp_path, simulated, prizes=None, rounds=1)
    assert_bad_input(run("prizes", path), "event.prizes")


@pytest.mark.parametrize(
    "category, needle",
    [
        ({"name": "甲", "places": 1, "condition": "年龄<12"}, "event.prizes.categories[0]"),
        ({"name": "甲", "places": 0}, "1"),
        ({"name": "甲", "places": 1, "condition": "性别=未知"}, "性别"),
        ({"name": "甲"}, "places"),
        ({"name": "甲", "places": 1, "colour": "红"}, "colour"),
    ],
)
def test_a_bad_prize_table_is_refused_with_its_place(tmp_path, simulated, category, needle) -> None:
    path = event_file(tmp_path, simulated, prizes={"categories": [category]}, rounds=1)
    before = path.read_bytes()
    p = run("prizes", path, lang="en")
    assert_bad_input(p, needle, lang="en")
    assert path.read_bytes() == before


def test_a_prize_listed_twice_is_refused(tmp_path, simulated) -> None:
    twice = {"categories": [{"name": "甲", "places": 1}, {"name": "甲", "places": 2}]}
    path = event_file(tmp_path, simulated, prizes=twice, rounds=1)
    assert_bad_input(run("prizes", path), "甲", "两次")


@pytest.mark.slow
def test_new_keeps_the_extras_and_refuses_a_bad_one_by_its_row(tmp_path) -> None:
    csv = tmp_path / "reg.csv"
    csv.write_text("姓名,性别,出生年份\n甲,男,2010\n乙,女,\n丙,,2011-09-01\n", encoding="utf-8")
    run("new", "--players", csv, tmp_path / "ok.json", check_rc=0)
    got = [(p["name"], p.get("sex"), p.get("birth_year")) for p in load(tmp_path / "ok.json")["players"]]
    assert got == [("甲", "M", 2010), ("乙", "F", None), ("丙", None, 2011)]
    csv.write_text("姓名,性别,出生年份\n甲,男,2010\n乙,未知,2011\n", encoding="utf-8")
    p = run("new", "--players", csv, tmp_path / "e.json")
    assert_bad_input(p, "第3行", "性别", "未知")
    assert not (tmp_path / "e.json").exists()
    csv.write_text("姓名,性别,出生年份\n甲,男,二〇一〇\n", encoding="utf-8")
    assert_bad_input(run("new", "--players", csv, tmp_path / "e.json"), "第2行", "出生年份")


def test_a_bad_extra_in_a_json_player_names_the_player(tmp_path, simulated) -> None:
    path = event_file(tmp_path, simulated, prizes=None, rounds=1)
    d = load(path)
    d["players"][1]["birth_year"] = "2010"
    save(path, d)
    assert_bad_input(run("standings", path), "2号棋手", "birth_year")
    d["players"][1]["birth_year"] = 2010
    d["players"][1]["sex"] = "X"
    save(path, d)
    assert_bad_input(run("standings", path), "2号棋手", "sex")


# --------------------------------------------------------------------------
# the workbook's 报名表
# --------------------------------------------------------------------------


def test_workbook_registration_extras(tmp_path) -> None:
    import openpyxl

    from tests.conftest import template_workbook
    from xlxq.sheets.registration import read_registration

    path = template_workbook(tmp_path / "e.xlsx", ["甲", "乙", "丙"])
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表"]
    col = reg.max_column + 1
    reg.cell(row=2, column=col).value = "性别"
    reg.cell(row=2, column=col + 1).value = "出生日期"
    for r, (sex, born) in enumerate([("男", 2010), ("女", "2012-03-04"), (None, None)], start=3):
        reg.cell(row=r, column=col).value = sex
        reg.cell(row=r, column=col + 1).value = born
    grid = [[c.value for c in row] for row in reg.iter_rows()]
    players, _ = read_registration("报名表", grid, [])
    assert [(p.name, p.sex, p.birth_year) for p in players] == [
        ("甲", "M", 2010),
        ("乙", "F", 2012),
        ("丙", None, None),
    ]
    grid[3][col - 1] = "X"
    with pytest.raises(InputError) as ei:
        read_registration("报名表", grid, [])
    assert ei.value.place.sheet == "报名表" and ei.value.place.row == 4
    assert ei.value.place.cell == f"{openpyxl.utils.get_column_letter(col)}4"


# --------------------------------------------------------------------------
# the workbook's 设置: the row 兼得 and the block 奖项 | 名额 | 条件
# --------------------------------------------------------------------------


def prize_workbook(path, rows, sexes=None, categories=None):
    """The template with ten players (``sexes``: 性别 by row; ``categories``:
    类别 by row) and ``rows`` (项目, 设置, 说明) added under the last row of 设置."""
    import openpyxl

    from tests.conftest import template_workbook

    template_workbook(path, [f"选手{i}" for i in range(1, 11)])
    wb = openpyxl.load_workbook(path)
    for header, values in (("性别", sexes), ("类别", categories)):
        if values is None:
            continue
        reg = wb["报名表"]
        col = reg.max_column + 1
        reg.cell(row=2, column=col).value = header
        for i, v in enumerate(values, start=3):
            reg.cell(row=i, column=col).value = v
    ws = wb["设置"]
    last = ws.max_row
    for i, row in enumerate(rows, start=last + 1):
        for j, v in enumerate(row, start=1):
            ws.cell(row=i, column=j).value = v
    wb.save(path)
    return path, last


def settings_of(path):
    import openpyxl

    from xlxq.sheets.settings import read_settings

    ws = openpyxl.load_workbook(path)["设置"]
    grid = [[c.value for c in row] for row in ws.iter_rows()]
    problems: list = []
    settings, _, _ = read_settings("设置", grid, problems)
    return settings, problems


BLOCK = [("兼得", "是", None), (None, None, None), ("奖项", "名额", "条件"), ("名次奖", 3, None)]


def test_the_settings_prize_block_is_read(tmp_path) -> None:
    path, last = prize_workbook(tmp_path / "w.xlsx", [*BLOCK, ("最佳女棋手", "1", "性别=女")])
    settings, problems = settings_of(path)
    table = settings.prizes
    assert table is not None and table.double is True
    assert [(p.name, p.places, p.condition_text) for p in table.prizes] == [
        ("名次奖", 3, ""),
        ("最佳女棋手", 1, "性别=女"),
    ]
    # the block's rows are not unknown settings
    assert not [p for p in problems if p.code == "unknown_setting"]


def test_without_the_block_a_workbook_has_no_prizes(tmp_path) -> None:
    settings, problems = settings_of(prize_workbook(tmp_path / "w.xlsx", [])[0])
    assert settings.prizes is None and not problems


@pytest.mark.parametrize(
    "row, cell_col, needle",
    [
        (("少年组", 3, "年龄<12"), "C", "年龄"),
        (("少年组", 0, "出生年份>=2010"), "B", "名额"),
        (("少年组", None, None), "B", "名额"),
        ((None, 3, "性别=女"), "A", "奖项"),
        (("名次奖", 1, None), "A", "重复"),
        # by the cell at fault, not by the words (it was routed by 名额 in the text):
        (("少年组", 3, "名额=3"), "C", "名额"),  # a condition that says 名额 is the 条件 cell
        (("少年\n组", 3, None), "A", "换行"),  # the name's fault is the 奖项 cell (was 条件)
        (("少年组", 3, "性别=女" * 40), "C", "条件"),
        (("少年组", "三", None), "B", "名额"),
    ],
)
def test_a_bad_prize_row_is_refused_at_its_cell(tmp_path, row, cell_col, needle) -> None:
    path, last = prize_workbook(tmp_path / "w.xlsx", [*BLOCK, row])
    r = last + len(BLOCK) + 1
    with pytest.raises(InputError) as ei:
        settings_of(path)
    assert ei.value.place.sheet == "设置" and ei.value.place.row == r
    assert ei.value.place.cell == f"{cell_col}{r}"
    assert needle in ei.value.zh


@pytest.mark.slow
def test_prizes_of_a_workbook(tmp_path) -> None:
    sexes = ["女" if i % 3 == 0 else "男" for i in range(10)]
    path, _ = prize_workbook(tmp_path / "w.xlsx", [*BLOCK[1:], ("最佳女棋手", 1, "性别=女")], sexes)
    run("pair", path, check_rc=0)
    run("simulate", "--seed", "2", path, check_rc=0)
    got = json.loads(run("prizes", path, "--json", check_rc=0).out)
    order = [r["no"] for r in json.loads(run("standings", path, "--json", check_rc=0).out)["standings"]]
    women = {1, 4, 7, 10}  # 选手1, 4, 7, 10 (rows 3, 6, 9, 12): 女
    cats = {c["name"]: [w["no"] for w in c["winners"]] for c in got["prizes"]}
    assert cats["名次奖"] == order[:3]
    assert cats["最佳女棋手"] == [n for n in order if n in women and n not in order[:3]][:1]
    assert got["double"] is False
    mid = path.read_bytes()  # (standings rewrote the derived sheets) prizes itself writes nothing
    run("prizes", path, check_rc=0)
    assert path.read_bytes() == mid
    # 计算成绩 wrote the 获奖名单 sheet after 成绩表: the same winners
    import openpyxl

    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames.index("获奖名单") == wb.sheetnames.index("成绩表") + 1
    ws = wb["获奖名单"]
    assert [c.value for c in ws[2]] == ["奖项", "名次", "序号", "姓名", "单位", "总名次"]
    sheet = [(r[0], r[2]) for r in ws.iter_rows(min_row=3, max_row=6, values_only=True)]
    assert sheet == [("名次奖", n) for n in cats["名次奖"]] + [("最佳女棋手", cats["最佳女棋手"][0])]
    assert ws.cell(row=8, column=1).value.startswith("兼得：否")


def test_workbook_registration_category(tmp_path) -> None:
    import openpyxl

    from tests.conftest import template_workbook
    from xlxq.sheets.registration import read_registration

    path = template_workbook(tmp_path / "e.xlsx", ["甲", "乙", "丙"])
    reg = openpyxl.load_workbook(path)["报名表"]
    col = reg.max_column + 1
    reg.cell(row=2, column=col).value = "年齡組"
    for r, v in enumerate(["少年组", "U12、女子", None], start=3):
        reg.cell(row=r, column=col).value = v
    grid = [[c.value for c in row] for row in reg.iter_rows()]
    players, _ = read_registration("报名表", grid, [])
    assert [p.category for p in players] == ["少年组", "U12、女子", None]
    grid[3][col - 1] = "U12\n女子"
    with pytest.raises(InputError) as ei:
        read_registration("报名表", grid, [])
    assert ei.value.place.cell == f"{openpyxl.utils.get_column_letter(col)}4" and "类别" in ei.value.zh


@pytest.mark.slow
def test_category_prizes_of_a_workbook(tmp_path) -> None:
    """报名表 with 类别 (one player in two categories), the 设置 block with
    类别=少年组: 计算成绩 writes the 获奖名单 by the standings; convert keeps
    the column both ways."""
    sexes = ["女" if i % 3 == 0 else "男" for i in range(10)]
    cats = ["少年组、女子", None, "少年组", "U12", "少年组", None, "少年组", None, "少年组", None]
    block = [*BLOCK[1:], ("少年组前三", 3, "类别=少年组"), ("最佳女棋手", 1, "性别=女")]
    path, _ = prize_workbook(tmp_path / "w.xlsx", block, sexes, cats)
    run("pair", path, check_rc=0)
    run("simulate", "--seed", "1", path, check_rc=0)
    run("recompute", path, check_rc=0)
    order = [r["no"] for r in json.loads(run("standings", path, "--json", check_rc=0).out)["standings"]]
    juniors, women = {1, 3, 5, 7, 9}, {1, 4, 7, 10}
    overall = order[:3]
    junior = [n for n in order if n in juniors and n not in overall][:3]
    woman = [n for n in order if n in women and n not in overall + junior][:1]
    import openpyxl

    ws = openpyxl.load_workbook(path)["获奖名单"]
    sheet = [(r[0], r[2]) for r in ws.iter_rows(min_row=3, max_row=9, values_only=True)]
    assert len(junior) == 3 and len(woman) == 1  # (this seed's standings leave one woman for 最佳女棋手)
    assert sheet == [("名次奖", n) for n in overall] + [("少年组前三", n) for n in junior] + [("最佳女棋手", woman[0])]
    notes = [ws.cell(row=r, column=1).value for r in range(11, 16)]
    assert "  少年组前三：类别=少年组" in notes
    back = tmp_path / "back.json"
    run("convert", path, back, check_rc=0)
    assert [p.get("category") for p in load(back)["players"]] == cats
    again = tmp_path / "again.xlsx"
    run("convert", back, again, check_rc=0)
    reg = openpyxl.load_workbook(again)["报名表"]
    head = [c.value for c in reg[2]]
    col = head.index("类别") + 1
    assert [reg.cell(row=r, column=col).value for r in range(3, 13)] == cats


@pytest.mark.slow
def test_a_workbook_without_prizes_gets_no_prize_sheet(tmp_path) -> None:
    path, _ = prize_workbook(tmp_path / "w.xlsx", [])
    run("pair", path, check_rc=0)
    run("recompute", path, check_rc=0)
    import openpyxl

    assert "获奖名单" not in openpyxl.load_workbook(path).sheetnames


# --------------------------------------------------------------------------
# groups (组别): the prize table applies within each group
# --------------------------------------------------------------------------


def _group_winners(standings: list[dict], juniors: set[str]) -> dict[str, list[int]]:
    """名次奖 2 and 少年组 1 (类别=少年组), 兼得 否, worked out the plain
    way from one group's standings rows."""
    order = [(r["no"], r["name"]) for r in standings]
    overall = [no for no, _ in order[:2]]
    junior = [no for no, name in order if name in juniors and no not in overall][:1]
    return {"名次奖": overall, "少年组": junior}


GROUP_BLOCK = [(None, None, None), ("奖项", "名额", "条件"), ("名次奖", 2, None), ("少年组", 1, "类别=少年组")]


@pytest.mark.slow
def test_prizes_of_a_workbook_with_groups(tmp_path) -> None:
    """A workbook of two groups sharing 设置's prize table: 计算成绩 writes
    each group's 获奖名单 by the group's own standings; ``xlxq prizes`` lists
    them group by group (``--group``: one); the JSON file of groups made from
    the same registration gives each group the same winners."""
    import openpyxl

    from tests.cli_support import group_standings
    from tests.conftest import template_workbook

    rows = [(f"男{i}", "甲组") for i in range(1, 7)] + [(f"女{i}", "乙组") for i in range(1, 5)]
    juniors = {"男2", "男5", "男6", "女1", "女3"}
    path = template_workbook(tmp_path / "g.xlsx", [n for n, _ in rows], groups=dict(rows), settings={"轮数": 3})
    wb = openpyxl.load_workbook(path)
    reg = wb["报名表"]
    col = reg.max_column + 1
    reg.cell(row=2, column=col).value = "类别"
    for i, (name, _) in enumerate(rows, start=3):
        reg.cell(row=i, column=col).value = "少年组" if name in juniors else None
    ws = wb["设置"]
    last = ws.max_row
    for i, row in enumerate(GROUP_BLOCK, start=last + 1):
        for j, v in enumerate(row, start=1):
            ws.cell(row=i, column=j).value = v
    wb.save(path)
    run("pair", path, check_rc=0)
    run("simulate", "--seed", "4", path, check_rc=0)
    run("recompute", path, check_rc=0)
    standings = group_standings(path)
    expected = {g: _group_winners(standings[g], juniors) for g in ("甲组", "乙组")}
    assert all(len(w["少年组"]) == 1 for w in expected.values())  # a junior left in each group
    wb = openpyxl.load_workbook(path)
    for g in ("甲组", "乙组"):  # each group its own sheet: its own 序号 and winners
        sheet = [(r[0], r[2]) for r in wb[f"{g} 获奖名单"].iter_rows(min_row=3, max_row=5, values_only=True)]
        assert sheet == [(k, n) for k, ns in expected[g].items() for n in ns], g
    assert "获奖名单" not in wb.sheetnames  # no table of the whole event: the groups are ranked apart
    before = path.read_bytes()
    got = json.loads(run("prizes", path, "--json", check_rc=0).out)
    assert [c["group"] for c in got["groups"]] == ["甲组", "乙组"]
    for c in got["groups"]:
        assert {p["name"]: [w["no"] for w in p["winners"]] for p in c["prizes"]} == expected[c["group"]]
    text = run("prizes", path, check_rc=0).out
    assert text.index("【甲组】") < text.index("【乙组】") and "类别=少年组" in text
    one = json.loads(run("prizes", path, "--group", "乙组", "--json", check_rc=0).out)
    assert [c["group"] for c in one["groups"]] == ["乙组"]
    assert_bad_input(run("prizes", path, "--group", "丙组"), "丙组", "甲组")
    # the 成绩册: each group's part ends with its 获奖名单
    run("report", path, "--out", tmp_path / "b.xlsx", check_rc=0)
    booklet = openpyxl.load_workbook(tmp_path / "b.xlsx")
    for g in ("甲组", "乙组"):
        ws = booklet[f"{g} 获奖名单"]
        nos = [int(r[2]) for r in ws.iter_rows(values_only=True) if r[0] in ("名次奖", "少年组") and r[2] is not None]
        assert nos == [n for ns in expected[g].values() for n in ns], g
    assert path.read_bytes() == before  # read only
    # the JSON twin: a file of groups from the same registration, each group's own event.prizes
    csv = tmp_path / "reg.csv"
    csv.write_text(
        "姓名,组别,类别\n" + "".join(f"{n},{g},{'少年组' if n in juniors else ''}\n" for n, g in rows), encoding="utf-8"
    )
    f = tmp_path / "g.json"
    run("new", f, "--players", csv, "--rounds", 3, check_rc=0)
    d = load(f)
    for grp in d["groups"]:
        assert {p["name"] for p in grp["players"] if p.get("category") == "少年组"} <= juniors
        grp["event"]["prizes"] = {
            "categories": [
                {"name": "名次奖", "places": 2},
                {"name": "少年组", "places": 1, "condition": "类别=少年组"},
            ]
        }
    save(f, d)
    run("simulate", "--seed", "4", f, check_rc=0)
    standings = group_standings(f)
    got = json.loads(run("prizes", f, "--json", check_rc=0).out)
    for c in got["groups"]:
        want = _group_winners(standings[c["group"]], juniors)
        assert {p["name"]: [w["no"] for w in p["winners"]] for p in c["prizes"]} == want


# --------------------------------------------------------------------------
# the web site's prizes page and the 成绩册's prize section
# --------------------------------------------------------------------------


def test_site_and_booklet_show_the_winners(tmp_path, simulated) -> None:
    from xlxq.backends.json_file import load_event
    from xlxq.operations.booklet import booklet_document
    from xlxq.operations.prizes import awards_of
    from xlxq.operations.publish import publish_event

    ev = load_event(str(event_file(tmp_path, simulated)))
    winners = [(a.prize.name, no) for a in awards_of(ev).awards for no, _ in a.winners]
    assert len(winners) == 7
    publish_event(ev, tmp_path / "site", "both")
    for folder, title in ((tmp_path / "site", "获奖名单"), (tmp_path / "site" / "en", "Prize winners")):
        page = (folder / "prizes.html").read_text(encoding="utf-8")
        assert f"<h1>{title}</h1>" in page
        for _name, no in winners:
            assert f'<a href="player-{no}.html"><bdi>{ev.player(no).name}</bdi></a>' in page
        assert 'href="prizes.html"' in (folder / "index.html").read_text(encoding="utf-8")
    doc = booklet_document(ev, "zh")
    (section,) = [s for s in doc.sections if s.title == "获奖名单"]
    (table,) = section.tables()
    assert [(r[0], int(r[2])) for r in table.rows] == winners


def test_site_and_booklet_show_a_category_condition_in_each_language(tmp_path, simulated) -> None:
    """The prizes page and the 成绩册's section name the 类别 condition in the
    page's language (类别 / 類別 / category), the category as typed."""
    from xlxq.backends.json_file import load_event
    from xlxq.core.document import Paragraph
    from xlxq.operations.booklet import booklet_document
    from xlxq.operations.publish import publish_event

    prizes = {"categories": [{"name": "少年组前三", "places": 3, "condition": "类别=少年组"}]}
    path = event_file(tmp_path, simulated, prizes=prizes)
    d = load(path)
    for p in d["players"][::3]:
        p["category"] = "少年组"
    save(path, d)
    ev = load_event(str(path))
    publish_event(ev, tmp_path / "site", "both")
    publish_event(ev, tmp_path / "hant", "zh-Hant")
    for folder, lang, text in (
        (tmp_path / "site", "zh", "类别=少年组"),
        (tmp_path / "site" / "en", "en", "category=少年组"),
        (tmp_path / "hant", "zh-Hant", "類別=少年组"),
    ):
        assert text in (folder / "prizes.html").read_text(encoding="utf-8"), lang
        doc = booklet_document(ev, lang)
        (section,) = [s for s in doc.sections if s.title in ("获奖名单", "獲獎名單", "Prize winners")]
        notes = [b.text for b in section.blocks if isinstance(b, Paragraph)]
        assert any(text in n for n in notes), (lang, notes)
        (table,) = section.tables()
        assert len(table.rows) == 3 and all(ev.player(int(r[2])).category == "少年组" for r in table.rows)


def test_no_prizes_page_without_a_prize_table(tmp_path, simulated) -> None:
    from xlxq.backends.json_file import load_event
    from xlxq.operations.booklet import booklet_document
    from xlxq.operations.publish import publish_event

    ev = load_event(str(event_file(tmp_path, simulated, prizes=None)))
    publish_event(ev, tmp_path / "site", "zh")
    assert not (tmp_path / "site" / "prizes.html").exists()
    assert 'href="prizes.html"' not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert not [s for s in booklet_document(ev, "zh").sections if s.title == "获奖名单"]


@pytest.mark.slow
def test_prizes_page_on_a_phone(tmp_path, simulated) -> None:
    """The prizes page in Debian's chromium at 390 px: no sideways overflow,
    every winner a link to his page; the screenshot is kept beside the site."""
    import shutil
    from pathlib import Path

    pw = pytest.importorskip("playwright.sync_api")
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        pytest.skip("chromium is not installed")
    from xlxq.backends.json_file import load_event
    from xlxq.operations.publish import publish_event

    ev = load_event(str(event_file(tmp_path, simulated)))
    publish_event(ev, tmp_path / "site", "zh")
    with pw.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--headless", "--no-sandbox", "--disable-gpu"])
        page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto((tmp_path / "site" / "prizes.html").as_uri())
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        links = page.eval_on_selector_all("table.prizes a", "els => els.map(e => e.getAttribute('href'))")
        assert len(links) == 7 and all(h.startswith("player-") for h in links)
        assert page.inner_text("h1") == "获奖名单"
        page.screenshot(path=str(tmp_path / "prizes-phone.png"), full_page=True)
        browser.close()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_convert_keeps_the_prize_table_and_the_extras(tmp_path, simulated, lang) -> None:
    """JSON → workbook → JSON: the prize table (设置's 兼得 row and block) and
    每名棋手's 性别, 出生年份 and 类别 (报名表 columns added) come back as they were."""
    path = event_file(tmp_path, simulated, prizes={**PRIZES, "double": True})
    d = load(path)
    for p in d["players"][::4]:
        p["category"] = "少年组、U12"
    save(path, d)
    book = tmp_path / "e.xlsx"
    run("convert", path, book, lang=lang, check_rc=0)
    import openpyxl

    reg = openpyxl.load_workbook(book)["报名表" if lang == "zh" else "Registration"]
    head = [c.value for c in reg[2]]
    assert ("性别" if lang == "zh" else "Sex") in head and ("出生年份" if lang == "zh" else "Birth year") in head
    assert ("类别" if lang == "zh" else "Category") in head
    back = tmp_path / "back.json"
    run("convert", book, back, check_rc=0)
    a, b = load(path), load(back)
    assert b["event"]["prizes"] == a["event"]["prizes"]
    assert [(p.get("sex"), p.get("birth_year"), p.get("category")) for p in b["players"]] == [
        (p.get("sex"), p.get("birth_year"), p.get("category")) for p in a["players"]
    ]
    assert json.loads(run("prizes", book, "--json", check_rc=0).out) == json.loads(
        run("prizes", path, "--json", check_rc=0).out
    )


def test_prizes_in_hant_have_no_simplified_character(tmp_path, simulated) -> None:
    """``xlxq prizes`` under XLXQ_LANG=zh-Hant, the zh-Hant site's prizes
    page and the zh-Hant 成绩册's section: 繁體 throughout, the conditions
    too (性別=女, typed 性别=女: they printed the field names in 简体), the
    user's own text (names, units, title) taken out."""
    import html as html_mod
    import re

    opencc = pytest.importorskip("opencc")
    s2t = opencc.OpenCC("s2t")
    from xlxq.backends.json_file import load_event
    from xlxq.core.document import Paragraph
    from xlxq.operations.booklet import booklet_document
    from xlxq.operations.publish import publish_event

    hant = {
        "double": True,
        "categories": [
            {"name": "名次獎", "places": 3},
            {"name": "最佳女棋手", "places": 1, "condition": "性别=女"},
            {"name": "少年組", "places": 2, "condition": "出生年份>=2010，等级分<2300"},
            {"name": "本隊", "places": 1, "condition": "单位!=北京隊"},
        ],
    }
    path = event_file(tmp_path, simulated, prizes=hant)
    ev = load_event(str(path))
    own = sorted({ev.settings.name, *(p.name for p in ev.players), *(p.unit for p in ev.players if p.unit)}, key=len)
    texts = {"cli": run("prizes", path, lang="zh-Hant", check_rc=0).out}
    publish_event(ev, tmp_path / "site", "zh-Hant")
    page = (tmp_path / "site" / "prizes.html").read_text(encoding="utf-8")
    page = re.sub(r"<bdi>.*?</bdi>", " ", page, flags=re.S)
    page = re.sub(r"<(script|style|title)\b.*?</\1>", " ", page, flags=re.S)
    texts["site"] = html_mod.unescape(re.sub(r"<[^>]+>", " ", page))
    (section,) = [s for s in booklet_document(ev, "zh-Hant").sections if s.title == "獲獎名單"]
    texts["booklet"] = "\n".join(
        b.text if isinstance(b, Paragraph) else "\n".join(" ".join(r) for r in (b.header, *b.rows))
        for b in section.blocks
    )
    bad = []
    for where, text in texts.items():
        assert "性別=女" in text and "出生年份>=2010，等級分<2300" in text and "單位!=北京隊" in text, where
        for line in text.splitlines():
            for s in reversed(own):
                line = line.replace(s, " ")
            chars = sorted({c for c in line if "\u4e00" <= c <= "\u9fff" and s2t.convert(c) != c})
            if chars:
                bad.append(f"{where}: {''.join(chars)}: {line.strip()[:80]}")
    assert not bad, "\n".join(bad)
