"""A team workbook whose 队号 are all blank is numbered by the one
registration rule (xlxq/core/numbering.py), as the individual 报名表 is:
seeded teams (a 种子 column the arbiter adds) take the odd numbers, the
others by 设置's 编号方式 — the rows' order, the draw with 抽签种子 (the same
numbers as 抽签 gives), or 等级分 (the mean of the team's ratings)."""

from __future__ import annotations

import openpyxl

from tests.cli_support import ROOT, assert_bad_input, run
from tests.test_workbook_support import header_map

# samples/teams.csv, in the order of the teams' first rows
ORDER = ["北京队", "上海队", "广东队", "浙江队", "四川队", "江苏队", "湖北队", "河北队"]


def _blank_numbers(tmp_path, seeds=None, ratings=None, numbering=None, draw_seed=None):
    """A new 8-team workbook with every 队号 blanked; ``seeds``: team → seed
    (a 种子 column added, the seed on the team's first row); ``ratings``:
    team → the 等级分 of each member; 设置's 编号方式 and 抽签种子."""
    path = tmp_path / "t.xlsx"
    run("new", path, "--teams", ROOT / "samples" / "teams.csv", "--boards", "4", check_rc=0)
    wb = openpyxl.load_workbook(path)
    ws = wb["队伍报名"]
    hr, h = header_map(ws, "姓名")
    seed_col = ws.max_column + 1
    if seeds:
        ws.cell(row=hr, column=seed_col).value = "种子"
    done = set()
    for r in range(hr + 1, ws.max_row + 1):
        team = ws.cell(row=r, column=h["队名"][0]).value
        ws.cell(row=r, column=h["队号"][0]).value = None
        if seeds and team in seeds and team not in done:
            ws.cell(row=r, column=seed_col).value = seeds[team]
        if ratings and team in ratings:
            ws.cell(row=r, column=h["等级分"][0]).value = ratings[team]
        done.add(team)
    st = wb["设置"]
    for r in range(1, st.max_row + 1):
        label = st.cell(row=r, column=1).value
        if label == "编号方式" and numbering:
            st.cell(row=r, column=2).value = numbering
        if label == "抽签种子" and draw_seed is not None:
            st.cell(row=r, column=2).value = draw_seed
    wb.save(path)
    return path


def _team_numbers(path) -> dict[str, int]:
    ws = openpyxl.load_workbook(path)["队伍报名"]
    hr, h = header_map(ws, "姓名")
    got: dict[str, set] = {}
    for r in range(hr + 1, ws.max_row + 1):
        got.setdefault(ws.cell(row=r, column=h["队名"][0]).value, set()).add(ws.cell(row=r, column=h["队号"][0]).value)
    assert all(len(v) == 1 for v in got.values()), got
    return {k: v.pop() for k, v in got.items()}


def test_blank_team_numbers_seeds_take_the_odd_numbers(tmp_path):
    # hand-worked: seeds 河北 (1) and 湖北 (2) take 1 and 3; the others 2, 4, 5 … in the rows' order
    path = _blank_numbers(tmp_path, seeds={"河北队": 1, "湖北队": 2})
    p = run("pair", path, check_rc=0)
    assert "报名表未填队号，已2名种子选手排单号（方法(一)），其余按报名顺序编号" in p.out
    assert _team_numbers(path) == {
        "河北队": 1,
        "北京队": 2,
        "湖北队": 3,
        "上海队": 4,
        "广东队": 5,
        "浙江队": 6,
        "四川队": 7,
        "江苏队": 8,
    }


def test_blank_team_numbers_without_seeds_keep_the_rows_order(tmp_path):
    path = _blank_numbers(tmp_path)
    run("pair", path, check_rc=0)
    assert _team_numbers(path) == {t: k for k, t in enumerate(ORDER, start=1)}


def test_blank_team_numbers_by_rating_the_team_mean(tmp_path):
    ratings = {t: 2000 + 37 * ((k * 5) % 8) for k, t in enumerate(ORDER)}  # distinct team means
    path = _blank_numbers(tmp_path, seeds={"江苏队": 1}, ratings=ratings, numbering="等级分")
    run("pair", path, check_rc=0)
    others = sorted((t for t in ORDER if t != "江苏队"), key=lambda t: -ratings[t])
    want = {"江苏队": 1, **{t: n for t, n in zip(others, [2, 3, 4, 5, 6, 7, 8])}}
    assert _team_numbers(path) == want


def test_blank_team_numbers_by_draw_as_the_draw_command_gives(tmp_path):
    seeds = {"四川队": 1}
    for d in "abc":
        (tmp_path / d).mkdir()
    a = _blank_numbers(tmp_path / "a", seeds, numbering="抽签")
    assert_bad_input(run("check", a), "报名表队号全部空白，编号方式为“抽签”，但“设置”中没有抽签种子")
    b = _blank_numbers(tmp_path / "b", seeds, numbering="抽签", draw_seed=7)
    run("pair", b, check_rc=0)
    drawn = _team_numbers(b)
    c = _blank_numbers(tmp_path / "c", seeds)
    run("draw", c, "--seed", "7", check_rc=0)
    assert _team_numbers(c) == drawn and drawn["四川队"] == 1
    assert sorted(drawn.values()) == list(range(1, 9)) and drawn != {t: k for k, t in enumerate(ORDER, start=1)}


def test_a_team_with_two_seeds_is_refused_at_the_cell(tmp_path):
    path = _blank_numbers(tmp_path, seeds={"北京队": 1})
    wb = openpyxl.load_workbook(path)
    ws = wb["队伍报名"]
    hr, h = header_map(ws, "姓名")
    ws.cell(row=hr + 2, column=h["种子"][0]).value = 2  # 北京队's second row
    wb.save(path)
    assert_bad_input(run("pair", path), f"“队伍报名”表第{hr + 2}行", "北京队的种子不一致")
