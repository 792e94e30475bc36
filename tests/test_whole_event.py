"""Issue 10's scripted whole event: 24 players in two groups (男子组 14,
女子组 10), six rounds, one absence, one late entry, one hand swap and one
undo, run (a) through the workbook as an arbiter does it (the template
filled with openpyxl, ``xlxq pair/standings/undo FILE.xlsx``, and the
编排下一轮 / 撤销本轮 buttons through xlwings' remote engine) and (b) the same
event through a JSON file of groups (``xlxq new``, the file edited as
docs/format.md says, ``xlxq pair`` / ``undo``).  The same results are typed
both ways; the final standings of each group are equal, and a few numbers
are checked by hand (请假计分, the late entry's rounds, the swapped boards)."""

from __future__ import annotations

from itertools import accumulate
from pathlib import Path

import openpyxl
import pytest

from tests import xlremote as H
from tests.cli_support import group_standings, load, run, save
from tests.conftest import template_workbook
from tests.test_workbook_support import RoundView, enter_group_results, header_map
from xlxq.backends.openpyxl_book import OpenpyxlBook

import xlxq.excel as E

pytestmark = pytest.mark.slow

MEN = [f"男{i}" for i in range(1, 15)]  # 14
WOMEN = [f"女{i}" for i in range(1, 10)]  # 9 registered, 女10 comes late
LATE = "女10"  # joins before round 3
LATE_ROUND = 3
ABSENT = "男4"  # 请假 in round 2
ABSENT_ROUND = 2
SWAP_ROUND = 4  # 男子组: the black players of boards 2 and 3 exchanged
UNDO_ROUND = 5  # paired, undone, paired again
ROUNDS = 6
SEEDS = {"男1": 1, "男2": 2, "女1": 1}
GROUPS = ["男子组", "女子组"]


# ------------------------------------------------------------------ JSON


def json_event(tmp_path: Path) -> Path:
    csv = tmp_path / "players.csv"
    rows = [(n, "男子组") for n in MEN] + [(n, "女子组") for n in WOMEN]
    csv.write_text(
        "姓名,组别,种子\n" + "".join(f"{n},{g},{SEEDS.get(n, '')}\n" for n, g in rows),
        encoding="utf-8",
    )
    f = tmp_path / "event.json"
    run("new", f, "--players", csv, "--rounds", ROUNDS, "--name", "全程赛", check_rc=0)
    d = load(f)
    for g in d["groups"]:  # 请假计分 1, as the workbook's 设置 says
        g["event"].setdefault("scoring", {})["absent"] = 1
    save(f, d)
    return f


def json_group(d: dict, name: str) -> dict:
    return next(g for g in d["groups"] if g["group"] == name)


def json_no(d: dict, group: str, name: str) -> int:
    return next(p["no"] for p in json_group(d, group)["players"] if p["name"] == name)


# ------------------------------------------------------------------ workbook


def registration(wb) -> tuple:
    ws = wb["报名表"]
    hr, h = header_map(ws, "姓名")
    return ws, hr, {k: v[0] for k, v in h.items()}


def book_row(wb, name: str) -> int:
    ws, hr, h = registration(wb)
    return next(r for r in range(hr + 1, ws.max_row + 1) if ws.cell(row=r, column=h["姓名"]).value == name)


def remote(p: Path, fn) -> H.HarnessResult:
    """A button clicked in Excel: ``fn`` through xlwings' remote engine."""
    r = H.run_workbook_function(p, fn)
    assert not r.applied.coerced, r.applied.coerced
    return r


def contents(path: Path) -> dict[str, list[list]]:
    """Every sheet's values as the program reads them (numbers as float)."""
    b = OpenpyxlBook(path)
    num = lambda v: float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v  # noqa: E731
    return {n: [[num(v) for v in row] for row in b.values(n)] for n in b.sheet_names()}


def as_before(sheets: dict[str, list[list]]) -> dict[str, list[list]]:
    """The sheets an undo gives back as they were before the pair
    (docs/workbook.md): the hidden state sheets left out, the 编排记录's
    leading spaces (trimmed by writing a block), and the swap's 人工调整
    note (written once, by the run before the pair)."""

    def keep(name: str, v):
        if isinstance(v, str) and name.endswith("编排记录"):
            return v.lstrip()
        return None if isinstance(v, str) and v.startswith("人工调整") else v

    return {n: [[keep(n, v) for v in row] for row in grid] for n, grid in sheets.items() if not n.endswith("_xlxq")}


def opponents(rounds: list[dict]) -> set[frozenset]:
    return {frozenset((b["red"], b["black"])) for rd in rounds for b in rd["boards"]}


def round_points(rounds: list[dict], no: int) -> list[tuple]:
    """(opponent, "bye" or None; points 2/1/0) of player ``no`` in each round."""
    out: list[tuple] = []
    for rd in rounds:
        if no in rd["byes"]:
            out.append(("bye", 2))
            continue
        games = [b for b in rd["boards"] if no in (b["red"], b["black"])]
        if not games:
            out.append((None, 0))
            continue
        (b,) = games
        red = b["red"] == no
        won = b["result"] == ("red_win" if red else "black_win")
        out.append((b["black"] if red else b["red"], 2 if won else 1 if b["result"] == "draw" else 0))
    return out


# ------------------------------------------------------------------ the steps


def mark_absent(f: Path, p: Path) -> None:
    """请假: JSON ``absent_rounds``; the workbook's 报名表 请假轮次."""
    d = load(f)
    for pl in json_group(d, "男子组")["players"]:
        if pl["name"] == ABSENT:
            pl["absent_rounds"] = [ABSENT_ROUND]
    save(f, d)
    wb = openpyxl.load_workbook(p)
    ws, _, h = registration(wb)
    ws.cell(row=book_row(wb, ABSENT), column=h["请假轮次"]).value = str(ABSENT_ROUND)
    wb.save(p)


def enter_late(f: Path, p: Path) -> None:
    """迟到入场: a player added to the group's ``players`` with the next
    number; a row added to 报名表 with its 组别 and 序号 blank."""
    d = load(f)
    women = json_group(d, "女子组")["players"]
    women.append({"no": max(x["no"] for x in women) + 1, "name": LATE, "unit": ""})
    save(f, d)
    wb = openpyxl.load_workbook(p)
    ws, _, h = registration(wb)
    r = ws.max_row + 1
    ws.cell(row=r, column=h["姓名"]).value = LATE
    ws.cell(row=r, column=h["组别"]).value = "女子组"
    wb.save(p)


def hand_swap(f: Path, p: Path, rnd: int) -> dict[int, tuple[int, int]]:
    """The arbiter exchanges the black players of two neighbouring 男子组
    boards (the first two whose exchange makes no rematch): in the JSON
    file's boards, and on the round sheet (序号 swapped, names cleared for
    the program to fill).  Returns the two boards as set."""
    d = load(f)
    g = json_group(d, "男子组")
    met = opponents(g["rounds"][: rnd - 1])
    boards = {b["board"]: b for b in g["rounds"][rnd - 1]["boards"]}
    x = next(
        k
        for k in sorted(boards)[:-1]
        if not {
            frozenset((boards[k]["red"], boards[k + 1]["black"])),
            frozenset((boards[k + 1]["red"], boards[k]["black"])),
        }
        & met
    )
    a, b = boards[x], boards[x + 1]
    a["black"], b["black"] = b["black"], a["black"]
    save(f, d)
    wb = openpyxl.load_workbook(p)
    view = RoundView(wb[f"男子组 第{rnd}轮"])
    rows = view.rows()
    bx, by = view.get(rows[x], "black_no"), view.get(rows[x + 1], "black_no")
    assert (bx, by) == (b["black"], a["black"])  # the program had paired both the same
    view.set(rows[x], "black_no", by)
    view.set(rows[x + 1], "black_no", bx)
    view.set(rows[x], "black_name", None)
    view.set(rows[x + 1], "black_name", None)
    wb.save(p)
    return {x: (a["red"], a["black"]), x + 1: (b["red"], b["black"])}


# ------------------------------------------------------------------ the event


def test_whole_event_workbook_and_json_end_with_the_same_standings(tmp_path, remote_engine_env):
    f = json_event(tmp_path)
    p = template_workbook(
        tmp_path / "event.xlsx",
        MEN + WOMEN,
        seeds=SEEDS,
        groups={**{n: "男子组" for n in MEN}, **{n: "女子组" for n in WOMEN}},
        settings={"赛事名称": "全程赛", "轮数": ROUNDS, "请假计分": 1},
    )
    swapped: dict[int, tuple[int, int]] = {}
    hand_notes: list[str] = []  # the workbook's output after the swap, run by run
    for rnd in range(1, ROUNDS + 1):
        if rnd == ABSENT_ROUND:
            mark_absent(f, p)
        if rnd == LATE_ROUND:
            enter_late(f, p)
        before_pair = contents(p)
        # the workbook: 编排下一轮 clicked (remote engine) in round 2, xlxq pair otherwise
        if rnd == 2:
            r = remote(p, E.pair_next_round)
            out = r.alerts[0]["prompt"]
        else:
            out = run("pair", p, check_rc=0).out
        assert out.count(f"已编排第{rnd}轮") == 2, out
        run("pair", f, check_rc=0)
        if rnd == UNDO_ROUND:  # paired, undone (xlxq undo; the 撤销本轮 button on a copy), paired again
            q = tmp_path / "button.xlsx"
            q.write_bytes(p.read_bytes())
            out = run("undo", p, check_rc=0).out
            assert out.count(f"已撤销第{rnd}轮") == 2, out
            assert not any(s.endswith(f"第{rnd}轮") for s in openpyxl.load_workbook(p).sheetnames)
            assert remote(q, E.undo_round).alerts[0]["prompt"].count(f"已撤销第{rnd}轮") == 2
            assert contents(q) == contents(p)
            assert as_before(contents(p)) == as_before(before_pair)  # the workbook as before the pair
            assert f"{rnd}" in run("backups", p, check_rc=0).out
            run("undo", f, check_rc=0)
            assert all(len(g["rounds"]) == rnd - 1 for g in load(f)["groups"])
            r = remote(p, E.pair_next_round)  # and paired again by the button
            assert r.alerts[0]["prompt"].count(f"已编排第{rnd}轮") == 2
            run("pair", f, check_rc=0)
        if rnd == SWAP_ROUND:
            swapped = hand_swap(f, p, rnd)
        # the same pairings both ways
        d, wb = load(f), openpyxl.load_workbook(p)
        for g in GROUPS:
            want = {b["board"]: (b["red"], b["black"]) for b in json_group(d, g)["rounds"][rnd - 1]["boards"]}
            assert RoundView(wb[f"{g} 第{rnd}轮"]).pairs() == want, (g, rnd)
        enter_group_results(f, rnd)  # the same results typed both ways
        enter_group_results(p, rnd)
        out = run("standings", p, check_rc=0).out
        if rnd >= SWAP_ROUND:
            hand_notes.append(out)
        if rnd == SWAP_ROUND:  # the first run that sees the swap notes it on both rows
            view = RoundView(openpyxl.load_workbook(p)[f"男子组 第{rnd}轮"])
            rows = view.rows()
            assert [b for b in rows if str(view.get(rows[b], "note") or "").startswith("人工调整")] == sorted(swapped)

    sj, sb = group_standings(f), group_standings(p)
    assert list(sj) == list(sb) == GROUPS
    for g in GROUPS:
        assert sb[g] == sj[g], g
    assert len(sj["男子组"]) == 14 and len(sj["女子组"]) == 10

    d = load(f)
    by_name = {g: {r["name"]: r for r in sj[g]} for g in GROUPS}
    # the absent player: round 2 scored 请假计分 = 1, with no opponent and no bye
    no = json_no(d, "男子组", ABSENT)
    per_round = round_points(json_group(d, "男子组")["rounds"], no)
    assert per_round[ABSENT_ROUND - 1] == (None, 0)
    scores = [1 if opp is None else pts for opp, pts in per_round]
    me = by_name["男子组"][ABSENT]
    assert me["score"] == sum(scores)
    assert me["tiebreaks"]["cumulative"] == sum(accumulate(scores))
    men = {r["no"]: r["score"] for r in sj["男子组"]}
    assert me["tiebreaks"]["opp_score"] == sum(men[o] for o, _ in per_round if isinstance(o, int))
    # the late entry: 女子组's 10, paired from round 3 on, 0 points before
    late = json_no(d, "女子组", LATE)
    assert late == 10
    per_round = round_points(json_group(d, "女子组")["rounds"], late)
    assert [k for k, (o, _) in enumerate(per_round, start=1) if o is not None] == list(range(LATE_ROUND, ROUNDS + 1))
    scores = [pts for _, pts in per_round]
    assert by_name["女子组"][LATE]["score"] == sum(scores)
    assert by_name["女子组"][LATE]["tiebreaks"]["cumulative"] == sum(accumulate(scores))
    # both shown on their round sheets (and the workbook numbered the late entry 10 too)
    wb = openpyxl.load_workbook(p)
    labels = [r[0] for r in wb[f"男子组 第{ABSENT_ROUND}轮"].iter_rows(values_only=True)]
    assert labels.count("请假") == 1
    labels = [r[0] for r in wb[f"女子组 第{LATE_ROUND}轮"].iter_rows(values_only=True)]
    assert labels.count("迟到入场") == 1
    ws, _, h = registration(wb)
    assert ws.cell(row=book_row(wb, LATE), column=h["序号"]).value == 10
    # the swapped boards stay as the arbiter set them, noted 人工调整 once
    view = RoundView(wb[f"男子组 第{SWAP_ROUND}轮"])
    assert {b: v for b, v in view.pairs().items() if b in swapped} == swapped
    assert [out.count("人工调整") for out in hand_notes] == [2, 0, 0]
    assert f"[说明] 男子组 第{SWAP_ROUND}轮!B" in hand_notes[0]  # the group's own sheet named
    assert not any(str(view.get(r, "note") or "").startswith("人工调整") for r in view.rows().values())
