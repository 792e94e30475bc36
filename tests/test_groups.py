"""Groups (组别): one event run as several groups side by side, through
the workbook (a 组别 column in 报名表, the sheets of each group) and through
JSON (a file of groups), each group paired, numbered and ranked on its own;
the same event both ways ends with the same standings per group."""

from __future__ import annotations

import random

import openpyxl
import pytest

from tests.cli_support import assert_bad_input, group_standings, load, run
from tests.conftest import template_workbook
from tests.test_workbook_support import RoundView, enter_group_results


def _field(seed: int = 3):
    """14 men and 9 women registered mixed, one seed in each group."""
    rows = [(f"男{i}", "男子组") for i in range(1, 15)] + [(f"女{i}", "女子组") for i in range(1, 10)]
    random.Random(seed).shuffle(rows)
    return rows, {"男5": 1, "女2": 1}


def _csv(tmp_path, rows, seeds):
    f = tmp_path / "p.csv"
    lines = ["姓名,组别,种子"] + [f"{n},{g},{seeds.get(n, '')}" for n, g in rows]
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return f


def test_two_groups_through_the_workbook_and_json_give_the_same_standings(tmp_path):
    rows, seeds = _field()
    f = tmp_path / "e.json"
    run("new", f, "--players", _csv(tmp_path, rows, seeds), "--rounds", 4, "--name", "测试赛", check_rc=0)
    p = template_workbook(
        tmp_path / "e.xlsx",
        [n for n, _ in rows],
        seeds=seeds,
        groups=dict(rows),
        settings={"赛事名称": "测试赛", "轮数": 4},
    )
    groups = ["男子组", "女子组"] if rows[0][1] == "男子组" else ["女子组", "男子组"]
    assert [g["group"] for g in load(f)["groups"]] == groups  # the order of registration
    for rnd in range(1, 5):
        r = run("pair", p, check_rc=0)  # one command pairs every group
        assert all(f"【{g}】" in r.out for g in groups) and r.out.count(f"已编排第{rnd}轮") == 2, r.out
        run("pair", f, check_rc=0)
        enter_group_results(f, rnd)
        enter_group_results(p, rnd)
    run("standings", p, check_rc=0)
    sj, sb = group_standings(f), group_standings(p)
    assert list(sj) == list(sb) == groups
    for g in groups:
        assert sb[g] == sj[g]
        assert len(sj[g]) == (14 if g == "男子组" else 9)
    wb = openpyxl.load_workbook(p)
    for g in groups:  # each group's own sheets, its own 序号 1 … n, its seed on 1
        assert {f"{g} 第{k}轮" for k in range(1, 5)} | {f"{g} 成绩表", f"{g} 编排记录"} <= set(wb.sheetnames)
        reg = wb["报名表"]
        nos = sorted(
            reg.cell(row=r, column=1).value for r in range(3, 3 + len(rows)) if reg.cell(row=r, column=9).value == g
        )
        assert nos == list(range(1, len(nos) + 1))
    nos = {p_["name"]: p_["no"] for g in load(f)["groups"] for p_ in g["players"]}
    assert nos["男5"] == 1 and nos["女2"] == 1
    assert "测试赛 男子组" in str(wb["男子组 成绩表"]["A1"].value)


def test_group_option_pairs_one_group(tmp_path):
    rows, seeds = _field()
    f = tmp_path / "e.json"
    run("new", f, "--players", _csv(tmp_path, rows, seeds), "--rounds", 5, check_rc=0)
    r = run("pair", f, "--group", "女子组", check_rc=0)
    assert "【女子组】" in r.out and "【男子组】" not in r.out
    d = {g["group"]: g for g in load(f)["groups"]}
    assert len(d["女子组"]["rounds"]) == 1 and len(d["男子组"]["rounds"]) == 0
    assert_bad_input(run("pair", f, "--group", "少年组"), "少年组", "男子组")
    p = template_workbook(tmp_path / "e.xlsx", [n for n, _ in rows], groups=dict(rows))
    run("pair", p, "--group", "男子组", check_rc=0)
    names = openpyxl.load_workbook(p).sheetnames
    assert "男子组 第1轮" in names and "女子组 第1轮" not in names
    for cmd in ("explain", "check"):
        r = run(cmd, f, "--group", "女子组", check_rc=0)
        assert r.out.startswith("【女子组】")


def test_an_error_names_the_group_and_nothing_is_written(tmp_path):
    rows, _ = _field()
    groups = dict(rows)
    groups["女3"] = None  # a row without its group
    p = template_workbook(tmp_path / "e.xlsx", [n for n, _ in rows], groups=groups)
    before = p.read_bytes()
    assert_bad_input(run("pair", p), "组别")
    assert p.read_bytes() == before
    groups["女3"] = "这是一个太长的组别名称啊"
    p = template_workbook(tmp_path / "f.xlsx", [n for n, _ in rows], groups=groups)
    assert_bad_input(run("pair", p), "组别", "10")


def test_blank_group_column_is_one_event(tmp_path):
    names = [f"P{i}" for i in range(1, 9)]
    p = template_workbook(tmp_path / "e.xlsx", names, groups={})
    q = template_workbook(tmp_path / "f.xlsx", names)
    run("pair", p, check_rc=0)
    run("pair", q, check_rc=0)
    assert openpyxl.load_workbook(p).sheetnames == openpyxl.load_workbook(q).sheetnames
    assert_bad_input(run("pair", q, "--group", "男子组"), "--group")


def test_team_registration_with_groups_is_refused(tmp_path):
    f = tmp_path / "t.csv"
    f.write_text("队名,姓名,组别\n甲,a1,男子组\n甲,a2,男子组\n乙,b1,男子组\n乙,b2,男子组\n", encoding="utf-8")
    assert_bad_input(run("new", tmp_path / "t.json", "--teams", f, "--boards", 2), "团体赛不分组别")


def test_group_names_fit_sheet_names():
    from xlxq.core.groups import MAX_GROUP_NAME, check_group_name
    from xlxq.errors import InputError
    from xlxq.sheets import layout as L

    longest = max(len(n[lang]) for n in L.SHEET_NAMES.values() for lang in ("zh", "en"))
    assert MAX_GROUP_NAME + 1 + max(longest, len("Round 99")) <= 31
    assert check_group_name(" 少年组 ") == "少年组"
    for bad in ("", "A/B", "x" * (MAX_GROUP_NAME + 1), "a:b"):
        with pytest.raises(InputError):
            check_group_name(bad)


def test_team_workbook_with_groups_is_refused(tmp_path):
    from tests.conftest import make_team_event
    from xlxq.operations.team_workbook import create_team_workbook

    ev = make_team_event(4, boards=2, reserves=0, rounds=3)
    p = create_team_workbook(tmp_path / "t.xlsx", ev, ev.settings)
    wb = openpyxl.load_workbook(p)
    ws = wb["队伍报名"]
    hr = next(r for r in range(1, 10) if "队名" in [c.value for c in ws[r]])
    ws.cell(row=hr, column=ws.max_column + 1).value = "组别"
    wb.save(p)
    before = p.read_bytes()
    assert_bad_input(run("pair", p), "团体赛不分组别")
    assert p.read_bytes() == before


def test_undo_takes_every_groups_round_and_messages_name_the_groups_sheets(tmp_path):
    rows, seeds = _field()
    p = template_workbook(tmp_path / "e.xlsx", [n for n, _ in rows], seeds=seeds, groups=dict(rows))
    out = run("pair", p, check_rc=0).out
    assert "[说明] 女子组 第1轮!" in out  # 9 women: the odd field's note, on the group's own sheet
    assert "] 第1轮!" not in out  # no sheet of that name in a workbook with groups
    assert "已编排第1轮（工作表“女子组 第1轮”）" in out and "“第1轮”" not in out
    assert {"男子组 第1轮", "女子组 第1轮"} <= set(openpyxl.load_workbook(p).sheetnames)
    out = run("undo", p, check_rc=0).out
    assert out.count("已撤销第1轮") == 2 and "删除了“男子组 第1轮”表" in out, out
    assert not [n for n in openpyxl.load_workbook(p).sheetnames if n.endswith("第1轮")]
    run("pair", p, check_rc=0)  # and paired again
    assert {"男子组 第1轮", "女子组 第1轮"} <= set(openpyxl.load_workbook(p).sheetnames)


def _small_groups(tmp_path, rounds: int):
    rows = [(f"男{i}", "男子组") for i in range(1, 9)] + [(f"女{i}", "女子组") for i in range(1, 7)]
    return template_workbook(tmp_path / "e.xlsx", [n for n, _ in rows], groups=dict(rows), settings={"轮数": rounds})


def test_qualify_on_a_workbook_with_groups_qualifies_each_group(tmp_path):
    """``xlxq qualify FILE.xlsx --top K`` on groups: each group's top K into
    its own 晋级名单 and knockout, as the 晋圈 button does; then one pair
    makes each group's knockout round 1."""
    p = _small_groups(tmp_path, 2)
    groups = ["男子组", "女子组"]
    for rnd in (1, 2):
        run("pair", p, check_rc=0)
        enter_group_results(p, rnd)
    r = run("qualify", p, "--top", 4, check_rc=0)
    assert r.out.count("积分赛前4名进入淘汰赛") == 2 and all(f"【{g}】" in r.out for g in groups)
    names = openpyxl.load_workbook(p).sheetnames
    for g in groups:
        assert {f"{g} 晋级名单", f"{g} 对阵图"} <= set(names)
        ws = openpyxl.load_workbook(p)[f"{g} 晋级名单"]
        listed = [c.value for c in ws["C"] if isinstance(c.value, str) and c.value.startswith(g[0])]
        assert len(listed) == 4, listed  # the group's own players only
    run("pair", p, check_rc=0)
    names = openpyxl.load_workbook(p).sheetnames
    assert all(f"{g} 淘汰赛第1轮" in names for g in groups)


def test_problems_of_a_group_name_the_real_sheets(tmp_path):
    """The CLI on a workbook with groups names the workbook's sheets
    ("男子组 第1轮"), not the group's inner ones ("第1轮"), as the buttons do:
    in ``check``'s list, ``pair``'s refusal and ``standings``."""
    p = _small_groups(tmp_path, 5)
    run("pair", p, check_rc=0)
    wb = openpyxl.load_workbook(p)
    view = RoundView(wb["男子组 第1轮"])
    rows = view.rows()
    view.set(rows[1], "result", "红赢了吧")
    view.set(rows[2], "result", "也不知道")
    wb.save(p)
    col = openpyxl.utils.get_column_letter(view.c["result"])
    cells = {f"男子组 第1轮!{col}{rows[b]}" for b in (1, 2)}
    out = run("check", p)
    assert out.returncode == 2
    listed = [x for x in out.out.splitlines() if x.startswith("  [错误]")]
    assert len(listed) == 2 and all(any(x.startswith(f"  [错误] {c} ") for x in listed) for c in cells), listed
    before = p.read_bytes()
    err = run("pair", p).err.splitlines()
    assert err[0] == "错误：发现2处错误：" and len(err) == 3, err
    assert all(f"组别“男子组”：“男子组 第1轮”表第{rows[b]}行（{col}{rows[b]}）：" in x for x, b in zip(err[1:], (1, 2)))
    assert p.read_bytes() == before
    st = run("standings", p)
    assert st.returncode == 2 and all(f"  [错误] {c} " in st.out for c in cells), st.out
    assert f"表中有2处必须先改正的错误（第一处：男子组 第1轮!{col}{rows[1]}，" in st.out


@pytest.mark.parametrize("values", [("A", "A ", "a"), ("男子组", "男子組", "Open", "open")])
def test_groups_that_differ_only_by_case_are_refused(tmp_path, values):
    """Issue 21 §2.6: 组别 A, "A " and a in one event gave 程序内部错误
    (the sheets "A 第1轮" and "a 第1轮" are one sheet to Excel, which
    ignores case); refused naming the cell ("A " is A: cells are trimmed).
    男子组 and 男子組 are two groups (two sheet names), Open and open one."""
    rows = [(f"棋手{i}", values[i % len(values)]) for i in range(12)]
    book = template_workbook(tmp_path / "e.xlsx", [n for n, _ in rows], groups=dict(rows))
    before = book.read_bytes()
    bad = "a" if "a" in values else "open"
    assert_bad_input(run("pair", book), "报名表", f"组别“{bad}”", "只差大小写")
    assert book.read_bytes() == before
    f = tmp_path / "p.csv"
    f.write_text("姓名,组别\n" + "".join(f"{n},{g}\n" for n, g in rows), encoding="utf-8")
    assert_bad_input(run("new", tmp_path / "e.json", "--players", f), "p.csv", "只差大小写")
    assert not (tmp_path / "e.json").exists()


def _booklet_sheets(path) -> dict[str, list[tuple]]:
    wb = openpyxl.load_workbook(path, read_only=True)
    return {
        ws.title: [tuple("" if v is None else str(v) for v in r) for r in ws.iter_rows(values_only=True)] for ws in wb
    }


def test_the_booklet_of_an_event_with_groups_has_a_part_per_group(tmp_path, monkeypatch):
    """``xlxq report`` (and the button 成绩册) on a workbook with groups and
    on a JSON file of groups: one booklet, each group's standings, results
    and rounds headed by the group (its own 序号, as ``standings`` ranks
    them), the cover naming the groups; the workbook's and the file's
    booklets equal; the workbook read, not written."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796396520")  # the covers' 更新于 line: one time for every build
    rows = [(f"男{i}", "男子组") for i in range(1, 9)] + [(f"女{i}", "女子组") for i in range(1, 7)]
    f = tmp_path / "e.json"
    reg = tmp_path / "p.csv"
    reg.write_text("姓名,组别\n" + "".join(f"{n},{g}\n" for n, g in rows), encoding="utf-8")
    run("new", f, "--players", reg, "--rounds", 2, "--name", "测试赛", check_rc=0)
    p = template_workbook(
        tmp_path / "e.xlsx", [n for n, _ in rows], groups=dict(rows), settings={"赛事名称": "测试赛", "轮数": 2}
    )
    for rnd in (1, 2):
        run("pair", p, check_rc=0)
        run("pair", f, check_rc=0)
        enter_group_results(f, rnd)
        enter_group_results(p, rnd)
    run("standings", p, check_rc=0)
    before = p.read_bytes()
    booklets = {}
    for src in (p, f):
        out = tmp_path / f"{src.suffix[1:]}-booklet.xlsx"
        r = run("report", src, "--out", out, check_rc=0)
        assert r.out.startswith(f"成绩册已写入 {out}（9张工作表）"), r.out
        booklets[src] = _booklet_sheets(out)
    assert p.read_bytes() == before
    book, data = booklets[p], booklets[f]
    groups = ["男子组", "女子组"]
    parts = ["名次表", "成绩表", "第1轮", "第2轮"]
    assert list(book) == list(data) == ["封面"] + [f"{g} {s}" for g in groups for s in parts]
    cover = {c for r in book["封面"] for c in r if c}
    assert {"测试赛", "男子组、女子组", "男子组8名，女子组6名，共14名"} <= cover, cover
    standings = group_standings(f)
    for g in groups:
        table = book[f"{g} 名次表"]
        assert table[0][0] == f"{g} 积分编排名次表"
        assert [r[2] for r in table[2:] if r[2]] == [row["name"] for row in standings[g]]
        assert {r[2] for r in table[2:] if r[2]} == {n for n, gg in rows if gg == g}  # its own players only
        assert book[f"{g} 第1轮"][0][0] == f"{g} 第1轮对阵及结果"
    for name in book:
        if name != "封面":
            assert book[name] == data[name], name
    # the PDF, and the button (any Book) beside the workbook
    r = run("report", p, "--pdf", "--out", tmp_path / "b.pdf", check_rc=0)
    assert r.out.startswith(f"成绩册已写入 {tmp_path / 'b.pdf'}（PDF，")
    from xlxq.operations.booklet import booklet_book
    from xlxq.operations.source import open_book

    st = booklet_book(open_book(p).book, p, "zh")
    assert st.ok and _booklet_sheets(tmp_path / "e-成绩册.xlsx") == book
    assert (tmp_path / "e-成绩册.pdf").exists() and p.read_bytes() == before


def test_publish_and_rating_say_they_do_not_take_groups_yet(tmp_path):
    """``xlxq publish`` and ``xlxq rating`` on an event with groups: a clear
    refusal naming the groups (not the 序号 of the groups read as one event's
    errors, not an internal error on a JSON file of groups); nothing written."""
    rows = [(f"男{i}", "男子组") for i in range(1, 5)] + [(f"女{i}", "女子组") for i in range(1, 5)]
    f = tmp_path / "e.json"
    reg = tmp_path / "p.csv"
    reg.write_text("姓名,组别\n" + "".join(f"{n},{g}\n" for n, g in rows), encoding="utf-8")
    run("new", f, "--players", reg, "--rounds", 2, check_rc=0)
    p = template_workbook(tmp_path / "e.xlsx", [n for n, _ in rows], groups=dict(rows), settings={"轮数": 2})
    run("pair", p, check_rc=0)
    for src in (p, f):
        before = src.read_bytes()
        assert_bad_input(run("publish", src, tmp_path / "site"), "分组别的赛事", "男子组、女子组", "xlxq report")
        assert_bad_input(run("rating", src), "分组别的赛事")
        assert_bad_input(run("rating", src, lang="en"), "is an event with groups (男子组, 女子组)", lang="en")
        assert src.read_bytes() == before and not (tmp_path / "site").exists()


def test_a_new_or_converted_workbook_of_groups_is_refused_before_writing(tmp_path):
    """``xlxq new E.xlsx`` of a registration with groups wrote the first
    group's workbook and then failed on the second ("文件已存在"), a
    half-made file left; ``xlxq convert G.json G.xlsx`` stopped on an
    internal error: both refused naming the groups, nothing written."""
    rows = [(f"男{i}", "男子组") for i in range(1, 5)] + [(f"女{i}", "女子组") for i in range(1, 5)]
    reg = tmp_path / "p.csv"
    reg.write_text("姓名,组别\n" + "".join(f"{n},{g}\n" for n, g in rows), encoding="utf-8")
    book = tmp_path / "e.xlsx"
    assert_bad_input(run("new", book, "--players", reg, "--rounds", 2), "分组别的赛事", "男子组、女子组", ".json")
    assert not book.exists()
    f = tmp_path / "e.json"
    run("new", f, "--players", reg, "--rounds", 2, check_rc=0)
    assert_bad_input(run("convert", f, book), "分组别的赛事", "未写入任何文件")
    assert_bad_input(run("convert", f, book, lang="en"), "an event with groups (男子组, 女子组)", lang="en")
    assert not book.exists()


def test_simulate_a_workbook_with_groups_runs_each_group_like_its_json_twin(tmp_path):
    """``xlxq simulate`` on a workbook with groups (组别) simulated it as one
    event (sheets 第1轮 … over every player). Each group is now simulated on
    its own sheets, with the results and pairings of the JSON command on the
    same groups and seed; ``--group`` simulates one group only."""
    rows, seeds = _field()
    f = tmp_path / "e.json"
    run("new", f, "--players", _csv(tmp_path, rows, seeds), "--rounds", 4, "--name", "测试赛", check_rc=0)
    p = template_workbook(
        tmp_path / "e.xlsx",
        [n for n, _ in rows],
        seeds=seeds,
        groups=dict(rows),
        settings={"赛事名称": "测试赛", "轮数": 4},
    )
    rj = run("simulate", f, "--seed", 7, check_rc=0)
    rb = run("simulate", p, "--seed", 7, check_rc=0)
    assert rb.out.count("【") == rj.out.count("【") == 2, rb.out
    assert group_standings(p) == group_standings(f)
    names = openpyxl.load_workbook(p).sheetnames
    assert not [n for n in names if n.startswith("第")], names  # no sheet of a one-event simulation
    assert {f"{g} 第{k}轮" for g in ("男子组", "女子组") for k in range(1, 5)} <= set(names)

    q = template_workbook(tmp_path / "q.xlsx", [n for n, _ in rows], seeds=seeds, groups=dict(rows))
    r = run("simulate", q, "--seed", 7, "--rounds", 1, "--group", "女子组", check_rc=0)
    assert "【女子组】" in r.out and "【男子组】" not in r.out
    names = openpyxl.load_workbook(q).sheetnames
    assert "女子组 第1轮" in names and not [n for n in names if n.startswith("男子组 第")]
    assert_bad_input(run("simulate", q, "--seed", 7, "--group", "少年组"), "少年组", "男子组")
