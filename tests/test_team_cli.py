"""Team events on the command line (``python -m xlxq`` in a subprocess):
a team Swiss of 8 teams × 4 boards end to end, a team round robin of 5
(byes), a 6-a-side 全队轮赛制, a 队员总分制 event, line-ups and their errors."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from tests.cli_support import assert_bad_input, load, run, save
from tests.conftest import SAMPLE as INDIVIDUALS
from tests.conftest import SAMPLE_TEAMS as TEAMS


class _Done:
    """The result of an in-process run, shaped like ``run``'s."""

    def __init__(self, rc: int, out: str, err: str):
        self.returncode, self.out, self.err = rc, out, err


def new(capsys, *args, check_rc=None):
    """``xlxq new`` in-process: pandas (the registration reader) is slow to
    import in every subprocess; the other commands run as subprocesses."""
    from xlxq.cli import main

    capsys.readouterr()
    rc = main(["new", *map(str, args)])
    cap = capsys.readouterr()
    p = _Done(rc, cap.out, cap.err)
    if check_rc is not None:
        assert p.returncode == check_rc, (p.returncode, p.out, p.err)
    return p


def team_of(d) -> dict[int, int]:
    return {no: t["no"] for t in d["teams"] for no in t["players"]}


def check_board_colours(d) -> None:
    """The first team red on odd boards, black on even boards, everywhere."""
    owner = team_of(d)
    for r in d["rounds"]:
        for m in r["matches"]:
            assert len(m["boards"]) == d["event"]["boards"]
            for b in m["boards"]:
                first_seat = b["red"] if b["board"] % 2 else b["black"]
                second_seat = b["black"] if b["board"] % 2 else b["red"]
                assert first_seat == 0 or owner[first_seat] == m["first"]
                assert second_seat == 0 or owner[second_seat] == m["second"]


# ------------------------------------------------------------------ team Swiss


@pytest.mark.slow
def test_team_swiss_of_8_teams_end_to_end(tmp_path):
    f = tmp_path / "团体赛.json"
    p = run("new", f, "--teams", TEAMS, "--boards", 4, "--name", "市象棋团体赛", check_rc=0)
    assert "8队×4台（分台定人制）" in p.out and "积分编排团体赛" in p.out and "7轮" in p.out
    assert "周博文（第2台）" in p.out  # a reserve registered for board 2
    d = load(f)
    assert d["event"]["kind"] == "team" and d["event"]["boards"] == 4 and d["event"]["rounds"] == 7
    assert d["event"]["tiebreaks"] == ["seed001-team-1"] and d["event"]["lineup"] == "fixed_boards"
    assert len(d["teams"]) == 8 and d["teams"][0]["reserve_boards"] == [{"no": 5, "board": 2}]

    p = run("pair", f, check_rc=0)
    assert "第1轮对阵表" in p.out and "第1场  北京队（1队） 场分 0 — 上海队（2队） 场分 0" in p.out
    assert "先走队单数台执红、双数台执黑" in p.out
    d = load(f)
    r1 = d["rounds"][0]
    assert [(m["first"], m["second"]) for m in r1["matches"]] == [(1, 2), (4, 3), (5, 6), (8, 7)]  # 方法(一)
    assert r1["matches"][0]["boards"][:2] == [
        {"board": 1, "red": 1, "black": 6, "result": None},
        {"board": 2, "red": 7, "black": 2, "result": None},
    ]
    check_board_colours(d)

    p = run("simulate", f, "--seed", 11, check_rc=0)
    assert "模拟结果前三名" in p.out
    d = load(f)
    assert len(d["rounds"]) == 7
    check_board_colours(d)
    met = Counter(frozenset((m["first"], m["second"])) for r in d["rounds"] for m in r["matches"])
    assert max(met.values()) == 1  # no team meets another twice
    assert all(b["result"] for r in d["rounds"] for m in r["matches"] for b in m["boards"])

    # format 1 (default): 场分 first
    p = run("standings", f, check_rc=0)
    assert "积分编排团体赛名次表（第7轮后）" in p.out
    assert "名次计算顺序：场分、团体对手分、局分、胜场、胜局、犯规、比较前一轮场分" in p.out
    one = json.loads(run("standings", f, "--json", check_rc=0).out)
    assert one["kind"] == "team" and one["score"] == "match_points" and one["after_round"] == 7
    rows = one["standings"]
    assert len(rows) == 8 and rows[0]["rank"] == 1
    keys = [(r["match_points"], r["tiebreaks"]["opp_match_points"], r["game_points"]) for r in rows]
    assert keys == sorted(keys, reverse=True)
    assert sum(r["match_points"] for r in rows) == 4 * 7 * 2  # 2/1/0: two points a match
    assert sum(r["game_points"] for r in rows) == 4 * 7 * 4 * 2

    # format 2: 局分 first (declared before the event; here by editing the file)
    d = load(f)
    d["event"]["tiebreaks"] = ["第二种格式"]
    save(f, d)
    two = json.loads(run("standings", f, "--json", check_rc=0).out)
    assert two["tiebreak_order"][:3] == ["game_points", "match_points", "opp_match_points"]
    keys = [(r["game_points"], r["match_points"]) for r in two["standings"]]
    assert keys == sorted(keys, reverse=True)
    assert "局分  场分" in run("standings", f, check_rc=0).out

    # 台次成绩
    p = run("standings", f, "--boards", check_rc=0)
    assert "台次成绩（第7轮后）" in p.out and "第4台" in p.out and "得分率" in p.out
    boards = json.loads(run("standings", f, "--boards", "--json", check_rc=0).out)["boards"]
    assert sorted(boards) == ["1", "2", "3", "4"]
    assert sum(r["games"] for rows in boards.values() for r in rows) == 7 * 4 * 4 * 2
    b1 = boards["1"]
    assert [r["points"] for r in b1] == sorted((r["points"] for r in b1), reverse=True)
    assert {r["team"] for r in b1} == {t["name"] for t in d["teams"]}

    p = run("explain", f, "--round", 3, check_rc=0)
    assert "积分段" in p.out and "先编者" in p.out and "队（" in p.out and "对阵：" in p.out
    assert not re.search(r"\d\s?号", p.out)  # team words: 3队, not 3号
    p = run("explain", f, "--round", 1, check_rc=0)
    assert "按队序号近号配对" in p.out
    p = run("check", f, "--round", 5)
    assert p.returncode == 0, p.out + p.err
    assert "与引擎编排一致" in p.out and "读取时已检查" in p.out


def test_team_swiss_options_and_check_finds_rematch(tmp_path, capsys):
    f = tmp_path / "t.json"
    new(
        capsys,
        f,
        "--teams",
        TEAMS,
        "--boards",
        4,
        "--rounds",
        3,
        "--pair-by",
        "局分",
        "--match-scoring",
        "3/1:2/0",
        "--lineup",
        "临时定台制",
        "--tiebreaks",
        "seed001-team-2",
        check_rc=0,
    )
    e = load(f)["event"]
    assert e["pair_by"] == "game_points" and e["lineup"] == "per_round" and e["tiebreaks"] == ["seed001-team-2"]
    assert e["match_scoring"] == {"win": 3, "draw": 1, "loss": 0, "draw_first": 1, "draw_second": 2}
    run("pair", f, check_rc=0)
    d = load(f)
    d["rounds"][0]["matches"][-1]["boards"][0]["result"] = "draw"  # one result in: provisional allowed on purpose
    save(f, d)
    assert "--provisional" in run("pair", f, check_rc=2).err
    p = run("pair", f, "--provisional", check_rc=0)
    assert "局分" in p.out and "第1轮第1场第1、2、3、4台未结束" in p.out  # provisional draws, one line a match
    d = load(f)
    d["rounds"][1]["matches"][0]["first"], d["rounds"][1]["matches"][0]["second"] = 1, 2  # a rematch of round 1
    d["rounds"][1]["matches"][1]["first"], d["rounds"][1]["matches"][1]["second"] = 4, 3
    for m in d["rounds"][1]["matches"][:2]:
        m["boards"] = []
    d["rounds"][1]["matches"] = d["rounds"][1]["matches"][:2] + [
        m for m in d["rounds"][1]["matches"][2:] if not {m["first"], m["second"]} & {1, 2, 3, 4}
    ]
    save(f, d)
    p = run("check", f)
    assert p.returncode == 1, p.out + p.err
    assert "已相遇过" in p.out and "北京队（1队）" in p.out and "尚无出场名单" in p.out
    assert "与引擎编排的差异" in p.out


# ------------------------------------------------------------------ line-ups


@pytest.mark.slow
def test_lineups_and_their_errors(tmp_path, capsys):
    f = tmp_path / "t.json"
    new(capsys, f, "--teams", TEAMS, "--boards", 4, check_rc=0)
    run("pair", f, check_rc=0)
    before = f.read_bytes()
    # 分台定人制: 孙海峰 (3) is registered on board 3
    p = run("lineup", f, "--round", 1, "--team", "北京队", "--players", "1,3,2,4")
    assert_bad_input(p, "第1轮", "北京队（1队）", "第2台", "分台定人制", "孙海峰（3号）固定在第3台")
    assert f.read_bytes() == before
    p = run("lineup", f, "--team", "1", "--players", "1,2,3,99")
    assert_bad_input(p, "第1轮", "北京队（1队）", "第4台", "99号不是本队报名队员（未报名）")
    p = run("lineup", f, "--team", "1", "--players", "1,2,3,吴天宇")
    assert_bad_input(p, "北京队（1队）", "第4台", "吴天宇（6号）", "属于上海队")
    p = run("lineup", f, "--team", "北京队", "--players", "1,2,3,无名氏")
    assert_bad_input(p, "北京队（1队）", "第4台", "无名氏")
    p = run("lineup", f, "--team", "北京队", "--players", "1,2,3")
    assert_bad_input(p, "北京队（1队）", "应有4台")
    p = run("lineup", f, "--team", "9", "--players", "1,2,3,4")
    assert_bad_input(p, "没有这支队伍")
    p = run("lineup", f, "--round", 2, "--team", "1", "--players", "1,2,3,4")
    assert_bad_input(p, "第2轮尚未编排")
    p = run("lineup", f, "--team", "1", "--players", "1,3,2,4", lang="en")
    assert_bad_input(p, "round 1", "board 2", lang="en")
    assert f.read_bytes() == before

    # the reserve 周博文 (5) is registered for board 2; an empty seat on board 4 forfeits it
    p = run("lineup", f, "--team", "北京队", "--players", "赵文博,周博文,3,0", check_rc=0)
    assert "1.赵文博、2.周博文、3.孙海峰、4.（空台）" in p.out
    m = load(f)["rounds"][0]["matches"][0]
    assert [b["red"] if b["board"] % 2 else b["black"] for b in m["boards"]] == [1, 5, 3, 0]
    assert m["boards"][3]["result"] == "red_win_forfeit"  # 上海队 board 4 red wins
    p = run("lineup", f, "--team", "北京队", check_rc=0)  # back to the default
    assert "1.赵文博、2.钱立群、3.孙海峰、4.李振华" in p.out
    d = load(f)
    d["rounds"][0]["matches"][0]["boards"][0]["result"] = "draw"
    save(f, d)
    p = run("lineup", f, "--team", "上海队", "--players", "10,7,8,9")
    assert_bad_input(p, "上海队（2队）", "第1台已有结果")

    # a file whose stored line-up breaks the format is refused on reading
    d = load(f)
    b = d["rounds"][0]["matches"][0]["boards"]
    b[2]["red"], b[3]["black"] = 4, 3
    save(f, d)
    before = f.read_bytes()
    for cmd in (("standings",), ("pair",), ("check",)):
        assert_bad_input(run(*cmd, f), "第1轮", "北京队（1队）", "第3台", "分台定人制")
    assert f.read_bytes() == before


def test_registration_errors_name_the_team(tmp_path, capsys):
    bad = tmp_path / "bad.csv"
    bad.write_text("队名,姓名\n甲队,a\n甲队,b\n甲队,c\n乙队,d\n乙队,e\n", encoding="utf-8")
    out = tmp_path / "x.json"
    assert_bad_input(run("new", out, "--teams", bad, "--boards", 2), "甲队", "3名主力", "替补")  # one subprocess
    assert not out.exists()
    assert_bad_input(new(capsys, out, "--teams", TEAMS), "--boards")
    assert_bad_input(new(capsys, out, "--teams", TEAMS, "--boards", 4, "--system", "knockout"), "knockout")
    assert_bad_input(new(capsys, out, "--teams", TEAMS, "--boards", 4, "--system", "scheveningen"), "两队")
    assert_bad_input(new(capsys, out, "--teams", TEAMS, "--boards", 4, "--eliminate", "3:2"), "--eliminate")
    assert_bad_input(new(capsys, out, "--players", INDIVIDUALS, "--boards", 4), "--boards", "团体赛")
    assert_bad_input(new(capsys, out, "--teams", TEAMS, "--boards", 4, "--match-scoring", "3-1-0"), "--match-scoring")
    assert not out.exists()


# ------------------------------------------------------------------ team round robin


def test_team_round_robin_of_5_with_byes(tmp_path, capsys):
    csv = tmp_path / "five.csv"
    csv.write_text("\n".join(TEAMS.read_text(encoding="utf-8").splitlines()[:25]) + "\n", encoding="utf-8")
    f = tmp_path / "rr.json"
    p = new(capsys, f, "--teams", csv, "--boards", 4, "--system", "round_robin", check_rc=0)
    assert "5队×4台" in p.out and "团体单循环，5轮" in p.out and "每轮一队轮空" in p.out
    p = run("schedule", f, check_rc=0)
    assert "全部5轮" in p.out
    d = load(f)
    assert len(d["rounds"]) == 5
    assert all(len(r["byes"]) == 1 and len(r["matches"]) == 2 for r in d["rounds"])
    assert sorted(no for r in d["rounds"] for no in r["byes"]) == [1, 2, 3, 4, 5]
    met = Counter(frozenset((m["first"], m["second"])) for r in d["rounds"] for m in r["matches"])
    assert len(met) == 10 and set(met.values()) == {1}  # everyone meets everyone once
    check_board_colours(d)
    assert_bad_input(run("pair", f), "5轮")
    p = run("simulate", f, "--seed", 3, check_rc=0)
    assert "第5轮：随机填写8台结果" in p.out
    rows = json.loads(run("standings", f, "--json", check_rc=0).out)
    assert rows["tiebreak_order"] == ["match_points", "game_points", "match_wins", "game_wins", "fouls"]
    assert all(r["byes"] == 1 and r["matches"] == 4 for r in rows["standings"])
    assert sum(r["match_points"] for r in rows["standings"]) == 10 * 2  # a round-robin bye is worth nothing
    p = run("standings", f, check_rc=0)
    assert "团体单循环名次表（第5轮后）" in p.out
    p = run("check", f, "--round", 2, check_rc=0)
    assert "与团体循环赛秩序表第2轮相符" in p.out
    p = run("explain", f, "--round", 4, check_rc=0)
    assert "秩序表第4轮" in p.out and "轮空" in p.out
    assert_bad_input(run("crosstable", f), "团体赛")


# ------------------------------------------------------------------ 全队轮赛制


def test_scheveningen_six_a_side(tmp_path, capsys):
    csv = tmp_path / "two.csv"
    csv.write_text(
        "team,name,reserve\n"
        + "\n".join(f"红队,甲{i}," for i in range(1, 7))
        + "\n"
        + "\n".join(f"蓝队,乙{i}," for i in range(1, 7))
        + "\n蓝队,乙替,是\n",
        encoding="utf-8",
    )
    f = tmp_path / "s.json"
    p = new(capsys, f, "--teams", csv, "--boards", 6, "--system", "scheveningen", check_rc=0)
    assert "两队各6人" in p.out and "全队轮赛制" in p.out and "第6轮：" in p.out
    d = load(f)
    assert d["event"]["system"] == "scheveningen" and d["event"]["rounds"] == 6 and len(d["rounds"]) == 6
    a, b = d["teams"][0]["players"][:6], d["teams"][1]["players"][:6]
    games = [(x["red"], x["black"]) for r in d["rounds"] for m in r["matches"] for x in m["boards"]]
    assert len(games) == 36
    assert {frozenset(g) for g in games} == {frozenset((x, y)) for x in a for y in b}  # everyone meets everyone once
    reds = Counter(red for red, _ in games)
    assert all(reds[x] == 3 for x in a + b)  # 3 reds, 3 blacks each
    for r in d["rounds"]:
        red_a = sum(1 for x in r["matches"][0]["boards"] if x["red"] in a)
        assert red_a == 3  # balanced every round
    assert_bad_input(run("pair", f), "6轮")
    assert_bad_input(run("lineup", f, "--team", 1, "--players", "1,2,3,4,5,6"), "秩序表")
    p = run("schedule", f, "--force", check_rc=0)
    assert load(f)["rounds"] == d["rounds"]
    p = run("simulate", f, "--seed", 2, check_rc=0)
    assert "第6轮：随机填写6台结果" in p.out
    st = json.loads(run("standings", f, "--json", check_rc=0).out)
    assert st["tiebreak_order"] == ["game_points", "game_wins", "fouls"]
    assert sum(r["game_points"] for r in st["standings"]) == 36 * 2
    p = run("check", f, "--round", 4, check_rc=0)
    assert "与全队轮赛制秩序表第4轮一致" in p.out
    p = run("explain", f, "--round", 2, check_rc=0)
    assert "秩序表第2轮" in p.out and "A1=" in p.out
    assert_bad_input(run("schedule", f, "--force"), "已有结果")


# ------------------------------------------------------------------ 队员总分制


def test_member_total_event(tmp_path, capsys):
    f = tmp_path / "m.json"
    p = new(capsys, f, "--players", INDIVIDUALS, "--member-total", "--best", 2, "--rounds", 5, check_rc=0)
    assert "队员总分制" in p.out and "xlxq standings" in p.out
    d = load(f)
    assert d["event"]["member_total"] == {"by": "points", "best": 2, "incomplete": "last"}
    assert "kind" not in d["event"]
    unit = {x["no"]: x["unit"] for x in d["players"]}
    for team in set(unit.values()):  # team-mates in both halves
        nos = [no for no, u in unit.items() if u == team]
        assert abs(sum(no % 2 for no in nos) - sum(1 - no % 2 for no in nos)) <= 1
    run("pair", f, check_rc=0)
    r1 = load(f)["rounds"][0]
    assert all(unit[b["red"]] != unit[b["black"]] for b in r1["boards"])  # round 1 without team-mates
    run("simulate", f, "--seed", 5, check_rc=0)
    assert load(f)["event"]["member_total"]["best"] == 2  # kept through pair / simulate
    p = run("standings", f, "--teams", check_rc=0)
    assert "队员总分制团体名次（第5轮后；按积分总和，每队计前2名）" in p.out
    st = json.loads(run("standings", f, "--teams", "--json", check_rc=0).out)
    assert st["kind"] == "member_total" and len(st["standings"]) == len(set(unit.values()))
    pts = [r["points"] for r in st["standings"]]
    assert pts == sorted(pts, reverse=True) and all(len(r["counted"]) == 2 for r in st["standings"])
    ind = json.loads(run("standings", f, "--json", check_rc=0).out)["standings"]
    best2 = {}
    for row in ind:
        best2.setdefault(unit[row["no"]], []).append(row["score"])
    assert sorted(pts, reverse=True) == sorted((sum(v[:2]) for v in best2.values()), reverse=True)
    d = load(f)
    d["event"]["member_total"]["by"] = "placings"
    save(f, d)
    st = json.loads(run("standings", f, "--teams", "--json", check_rc=0).out)["standings"]
    assert [r["placings"] for r in st] == sorted(r["placings"] for r in st)
    assert_bad_input(new(capsys, tmp_path / "y.json", "--players", INDIVIDUALS, "--best", 2), "--member-total")
    assert_bad_input(run("standings", f, "--boards"), "--boards")


def test_chinese_option_values_typed_in_traditional_characters(tmp_path, capsys):
    """A 繁體 arbiter's CLI: 臨時定台制, 場分 and 對手分/勝局 are read as their
    简体 twins, as a 繁體 workbook's 设置 is (they were refused)."""
    f = tmp_path / "t.json"
    new(capsys, f, "--teams", TEAMS, "--boards", 4, "--lineup", "臨時定台制", "--pair-by", "局分", "--force")
    assert load(f)["event"]["lineup"] == "per_round"
    new(capsys, f, "--teams", TEAMS, "--boards", 4, "--lineup", "分檯換人制", "--pair-by", "場分", "--force")
    e = load(f)["event"]
    assert (e["lineup"], e["pair_by"]) == ("fixed_order", "match_points")
    g = tmp_path / "i.json"
    new(capsys, g, "--players", INDIVIDUALS, "--tiebreaks", "對手分,勝局,後走勝局")
    assert load(g)["event"]["tiebreaks"] == ["对手分", "胜局", "后走胜局"]  # as typed, in 简体
