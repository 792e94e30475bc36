"""``xlxq audit FILE`` (xlxq/operations/audit.py): every round re-derived
from the event as it stood before it and compared with the round as played.

- events made by xlxq reproduce every round, in every Swiss variant, with
  the engine's pairing recorded and without it (an imported file);
- a hand change (players swapped between two boards, colours reversed on
  one) is reported with exactly the changed boards: 人工调整 when the file
  records the engine's pairing, 不一致 (with the step of the 编排记录 where
  they part) when it does not;
- the hand-worked case of issue 26: an imported event whose round 3 has one
  board swapped and one colour reversed.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from tests.cli_support import assert_bad_input, run
from tests.conftest import SAMPLE, played_swiss, write_csv
from xlxq.backends.registration import read_registration
from xlxq.core.model import FIRST_ROUND_COLOURS, SAME_UNIT, Event, EventSettings, PairingOptions, Round
from xlxq.operations.audit import audit_event
from xlxq.operations.import_event import import_event
from xlxq.operations.simulate import simulate_file
from xlxq.operations.source import save


def swapped(rnd: Round, a: int, b: int, c: int) -> Round:
    """``rnd`` with the blacks of boards ``a`` and ``b`` exchanged and the
    colours of board ``c`` reversed (board numbers from 1)."""
    boards = list(rnd.boards)
    x, y, z = boards[a - 1], boards[b - 1], boards[c - 1]
    boards[a - 1], boards[b - 1] = replace(x, black=y.black), replace(y, black=x.black)
    boards[c - 1] = replace(z, red=z.black, black=z.red)
    return replace(rnd, boards=boards)


def _stripped(event: Event) -> Event:
    """The event as a file of another program has it: no engine pairing kept."""
    rounds = []
    for r in event.rounds:
        r2 = replace(r)
        r2.engine = None
        rounds.append(r2)
    return replace(event, rounds=rounds)


def changed_boards(audit) -> dict[str, set]:
    out: dict[str, set] = {}
    for c in audit.changes:
        out.setdefault(c.kind, set()).add(c.board)
    return out


# ---------------------------------------------------------------- hand-worked


def test_round_3_one_board_swapped_one_colour_reversed(tmp_path):
    """Issue 26's hand-worked case, through ``xlxq import``: the rounds file
    of a 12-player event xlxq paired, round 3 changed by hand — boards 2
    and 3 exchange their black players, board 5's colours are reversed.
    The audit names exactly those boards: 2 and 3 (pairing), 5 (colours)."""
    ev = played_swiss(rounds=3, seed=3, players=12)
    r3 = ev.rounds[2]
    orig = {b.board: (b.red, b.black) for b in r3.boards}
    reg = write_csv(tmp_path / "reg.csv", ["序号", "姓名", "单位"], ([p.no, p.name, p.unit] for p in ev.players))
    rows = []
    for r in ev.rounds:
        for b in r.boards:
            red, black = b.red, b.black
            if r.round == 3 and b.board == 2:
                black = orig[3][1]
            elif r.round == 3 and b.board == 3:
                black = orig[2][1]
            elif r.round == 3 and b.board == 5:
                red, black = black, red
            rows.append([r.round, b.board, red, black, {"red_win": "1-0", "black_win": "0-1", "draw": "½-½"}[b.result]])
    rounds = write_csv(tmp_path / "rounds.csv", ["轮次", "台次", "红方序号", "黑方序号", "结果"], rows)
    out = tmp_path / "e.json"
    import_event(str(reg), str(rounds), str(out))

    p = run("audit", out)
    assert p.returncode == 1, p.err
    lines = p.out.splitlines()
    assert lines[1] == "序号：符合编号规则"
    assert lines[2] == "第1轮：一致（对照由前几轮推导的编排）"
    assert lines[3] == "第2轮：一致（对照由前几轮推导的编排）"
    assert lines[4] == "第3轮：不一致（对照由前几轮推导的编排）"
    (a2, k2), (a3, k3), (a5, k5) = orig[2], orig[3], orig[5]
    assert lines[5] == f"  第2台 {a2}-{k3}（红-黑）：对阵与推导不同，推导为 {a2}-{k2}，{a3}-{k3}"
    assert lines[6] == f"  第3台 {a3}-{k2}（红-黑）：对阵与推导不同，推导为 {a2}-{k2}，{a3}-{k3}"
    assert lines[7] == f"  第5台 {k5}-{a5}（红-黑）：先后手与推导相反（推导：{a5} 执红）"
    assert lines[8].startswith("  分歧始于编排记录：")
    assert lines[-1] == "合计：一致2轮，人工调整0轮，不一致1轮"

    data = json.loads(run("audit", out, "--json", check_rc=1).out)
    r3j = data["rounds"][2]
    assert r3j["status"] == "differs" and not r3j["engine_recorded"]
    assert [(c["kind"], c["board"]) for c in r3j["changes"]] == [("pairing", 2), ("pairing", 3), ("colours", 5)]
    assert r3j["step"]["clause"]  # the clause the derivation applies where the round leaves it
    assert [r["status"] for r in data["rounds"]] == ["same", "same", "differs"]


def test_recorded_engine_pairing_makes_it_a_hand_adjustment(tmp_path):
    """The same change in a file that keeps the engine's pairing: 人工调整,
    the same boards, worded as ``check`` words them; English output."""
    ev = played_swiss(rounds=3, seed=3, players=12)
    ev.rounds[2] = swapped(ev.rounds[2], 2, 3, 5)
    f = tmp_path / "e.json"
    save(ev, str(f))
    p = run("audit", f, lang="en")
    assert p.returncode == 1
    assert "round 3: adjusted by hand (against the recorded engine pairing)" in p.out
    assert "board 5 " in p.out and "colours swapped by hand" in p.out
    assert p.out.splitlines()[-1] == "total: 2 reproduced, 1 adjusted by hand, 0 differ"
    (a,) = [x for x in audit_event(ev) if x.round == 3]
    assert a.status == "hand" and changed_boards(a) == {"pairing": {2, 3}, "colours": {5}}


def test_recorded_engine_pairing_not_the_derivation_differs():
    """A file whose recorded engine pairing is not the method's (edited, or
    written by another program claiming to be the engine): 不一致, the
    recorded pairing's differences listed apart."""
    ev = played_swiss(rounds=3, seed=3, players=12)
    r3 = ev.rounds[2]
    fake = swapped(r3, 1, 2, 4)
    r3.engine = (tuple((b.red, b.black) for b in fake.boards), tuple(fake.byes))
    (a,) = [x for x in audit_event(ev) if x.round == 3]
    assert a.status == "differs" and a.recorded
    assert {(c.kind, c.board) for c in a.engine_changes} == {("pairing", 1), ("pairing", 2), ("colours", 4)}
    assert {(c.kind, c.board) for c in a.changes} == {("pairing", 1), ("pairing", 2), ("colours", 4)}


def test_round_1_checked_against_the_announced_method():
    """Round 1 paired 近号 in a file announcing 首尾 (fold): 不一致, parting
    at 方法(一)."""
    ev = played_swiss(rounds=2, seed=5, players=8)
    ev = _stripped(replace(ev, settings=replace(ev.settings, first_round="fold")))
    a = audit_event(ev)[0]
    assert a.status == "differs" and a.clause == "方法(一)" and a.step is not None
    assert a.step.kind == "first_round"


def test_bad_input_exit_2(tmp_path):
    f = tmp_path / "e.json"
    assert run("new", f, "--players", SAMPLE, "--rounds", "5").returncode == 0
    assert_bad_input(run("audit", f), "无可复核")
    assert_bad_input(run("audit", tmp_path / "missing.json"), "missing.json")


def test_workbook_audit(tmp_path):
    """A workbook xlxq paired: its _xlxq engine record read, every round 一致."""
    ev = played_swiss(rounds=2, seed=4, players=8)
    f = tmp_path / "e.json"
    save(ev, str(f))
    run("convert", f, tmp_path / "e.xlsx", check_rc=0)
    p = run("audit", tmp_path / "e.xlsx", check_rc=0)
    assert p.out.splitlines()[-1] == "合计：一致2轮，人工调整0轮，不一致0轮"


def test_numbers_against_the_numbering_rule():
    """Seeds take 1, 3, 5 … in seed order (方法(一) 种子选手排单号); 编号方式
    等级分 puts the others in falling 等级分.  A file whose seed 1 is 序号 2
    is reported, as a note: the exit code follows the rounds (序号 typed in a
    workbook's 报名表 are the event's numbers)."""
    from xlxq.operations.audit import audit_file, numbering_problems

    ev = played_swiss(rounds=1, seed=2, players=8)
    assert numbering_problems(ev) == []
    seeds = {p.no: p.seed for p in ev.players}
    assert seeds[1] == 1 and seeds[3] == 2
    ev.players[0] = replace(ev.players[0], seed=None)
    ev.players[1] = replace(ev.players[1], seed=1)
    ev.reindex()
    assert [m.render("zh") for m in numbering_problems(ev)] == [
        "1号（等级分2531）按编号规则应为2号",
        "2号（种子1）按编号规则应为1号",
    ]
    out = audit_file(ev)
    assert out.exit_code() == 0
    assert out.lines("zh")[1:3] == [
        "注意：序号与编号规则不符（种子排单号、编号方式；不影响退出码）：",
        "  1号（等级分2531）按编号规则应为2号",
    ]
    rated = played_swiss(rounds=1, seed=2, players=8)
    rated = replace(rated, settings=replace(rated.settings, numbering="rating"))
    rated.players = [replace(p, seed=None, rating=2000 - p.no) for p in rated.players]
    rated.reindex()
    assert numbering_problems(rated) == []
    rated.players[4] = replace(rated.players[4], rating=2500)
    rated.reindex()
    assert "5号（等级分2500）按编号规则应为1号" in [m.render("zh") for m in numbering_problems(rated)]


# ---------------------------------------------------------------- property


def random_swiss(rng: random.Random) -> Event:
    """A Swiss of the sample registration with random settings over every
    variant the engine has (首轮 method, 首轮 colours, 方法(四)8 colour tie,
    方法(四)9 reading, 先编者 rule, 同单位回避), paired and played by
    ``xlxq simulate``'s operation."""
    n = rng.randint(5, 16)
    first = rng.choice(["adjacent", "fold", "slide", "random"])
    options = PairingOptions(
        colour_tie=rng.choice(["number_sum", "round_parity"]),
        last_rounds_rule=rng.choice(["cxa", "broad"]),
        picker=rng.choice(["cxa", "fewer_row"]),
        same_unit=rng.choice(SAME_UNIT),
        first_round_colours=rng.choice([c for c in FIRST_ROUND_COLOURS if c != "draw"]),
    )
    rounds = min(rng.randint(3, 6), n // 2)  # small fields run out of pairings without rematches
    settings = EventSettings(
        name="随机赛",
        rounds=rounds,
        first_round=first,
        first_round_seed=rng.randrange(1000) if first == "random" else None,
        pairing=options,
    )
    event = Event(settings, read_registration(SAMPLE)[:n])
    return simulate_file(event, "unused.json", rng.randrange(10**6), None).event


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(60))
def test_events_made_by_xlxq_reproduce_and_hand_changes_are_found_exactly(seed):
    rng = random.Random(seed)
    ev = random_swiss(rng)
    for e in (ev, _stripped(ev)):
        assert [a.status for a in audit_event(e)] == ["same"] * len(ev.rounds), ev.settings
    # a hand change of the last round: two boards exchange their blacks, one board's colours reversed
    last = ev.rounds[-1]
    if len(last.boards) < 3:
        return
    a, b, c = rng.sample(range(1, len(last.boards) + 1), 3)
    ev.rounds[-1] = changed = swapped(last, a, b, c)
    changed.engine = last.engine
    audit = audit_event(ev)[-1]
    assert audit.status == "hand" and changed_boards(audit) == {"pairing": {a, b}, "colours": {c}}
    audit = audit_event(_stripped(ev))[-1]
    assert audit.status == "differs" and changed_boards(audit) == {"pairing": {a, b}, "colours": {c}}
    assert audit.step is not None and audit.clause


def test_round_paired_on_provisional_draws_derived_from_the_results_then():
    """原则(八): round 3 paired while a game of round 2 was unfinished (counted
    a draw); its result, entered later, is a win.  The file records the
    provisional game (JSON ``provisional``): round 3 is derived from the
    results as they stood then, 一致; without that record the derivation
    uses today's win."""
    from xlxq.core.model import RED_WIN
    from xlxq.operations.pair import pair_file

    ev = played_swiss(rounds=3, seed=3, players=12)
    ev.rounds = ev.rounds[:2]
    ev.rounds[1].boards[0].result = None
    ev = pair_file(ev, "unused.json", provisional=True).event
    assert ev.rounds[2].provisional == [(2, 1)]
    ev.rounds[1].boards[0].result = RED_WIN
    assert [a.status for a in audit_event(ev)] == ["same"] * 3
    assert [a.status for a in audit_event(_stripped(ev))] == ["same"] * 3
    ev.rounds[2].provisional = []
    assert [a.status for a in audit_event(ev)] == ["same", "same", "differs"]


def test_round_robin_checked_against_the_table(tmp_path):
    """A round robin: each round against the 棋规 table; two boards of round
    5 exchanging their blacks part at the table's row."""
    f = tmp_path / "rr.json"
    run("new", f, "--players", SAMPLE, "--system", "round_robin", check_rc=0)
    run("simulate", f, "--seed", "3", check_rc=0)
    d = json.loads(f.read_text(encoding="utf-8"))
    assert len(d["rounds"]) == 23 and all("engine" in r for r in d["rounds"])
    run("audit", f, check_rc=0)
    for r in d["rounds"]:
        del r["engine"]
    b = d["rounds"][4]["boards"]
    b[0]["black"], b[1]["black"] = b[1]["black"], b[0]["black"]
    f.write_text(json.dumps(d, ensure_ascii=False), encoding="utf-8")
    out = json.loads(run("audit", f, "--json", check_rc=1).out)
    assert [r["round"] for r in out["rounds"] if r["status"] != "same"] == [5]
    r5 = out["rounds"][4]
    assert [(c["kind"], c["board"]) for c in r5["changes"]] == [("pairing", 1), ("pairing", 2)]
    assert r5["step"] == {"kind": "rr_row", "clause": "棋规循环赛对局秩序表"}


def test_workbook_with_groups_audits_each_group(tmp_path):
    from tests.conftest import template_workbook

    rows = [(f"男{i}", "男子组") for i in range(1, 9)] + [(f"女{i}", "女子组") for i in range(1, 7)]
    p = template_workbook(tmp_path / "e.xlsx", [n for n, _ in rows], groups=dict(rows), settings={"轮数": 3})
    run("pair", p, check_rc=0)
    out = run("audit", p, check_rc=0).out
    assert out.count("第1轮：一致（对照文件记录的引擎编排）") == 2 and "男子组" in out and "女子组" in out


def other_program(tmp_path: Path, n: int = 12, rounds: int = 5, seed: int = 7) -> tuple[Path, Path]:
    """The files of an event "from another program": round 1 近号 (as the
    method), later rounds by a plain greedy rule many simple programs use —
    players by score then number, each paired with the first he has not met,
    red to the one with fewer reds — random results.  The registration
    (序号, 姓名, 单位, 等级分) and the rounds file, as ``xlxq import`` reads them."""
    rng = random.Random(seed)
    players = read_registration(SAMPLE)[:n]
    rows = ([i, p.name, p.unit, p.rating] for i, p in enumerate(players, 1))
    reg = write_csv(tmp_path / "reg.csv", ["序号", "姓名", "单位", "等级分"], rows)
    score = {i: 0.0 for i in range(1, n + 1)}
    met: dict[int, set[int]] = {i: set() for i in score}
    reds = dict.fromkeys(score, 0)
    rows = []
    points = {"1-0": 1.0, "0-1": 0.0, "½-½": 0.5}
    for rd in range(1, rounds + 1):
        if rd == 1:
            pairs = [(i, i + 1) if (i // 2) % 2 == 0 else (i + 1, i) for i in range(1, n, 2)]
        else:
            left = sorted(score, key=lambda p: (-score[p], p))
            pairs = []
            while left:
                a = left.pop(0)
                b = next(x for x in left if x not in met[a])
                left.remove(b)
                pairs.append((a, b) if reds[a] <= reds[b] else (b, a))
        for k, (r, b) in enumerate(pairs, 1):
            res = rng.choice(["1-0", "0-1", "½-½", "1-0", "0-1"])
            rows.append([rd, k, r, b, res])
            met[r].add(b)
            met[b].add(r)
            reds[r] += 1
            score[r] += points[res]
            score[b] += 1 - points[res]
    rounds_file = write_csv(tmp_path / "rounds.csv", ["轮次", "台次", "红方序号", "黑方序号", "结果"], rows)
    return reg, rounds_file


def test_an_event_from_another_program_gets_a_report_per_round(tmp_path):
    """Issue 26: an imported event of another program, 12 players, 5
    rounds: a verdict for every round; the boards reported are exactly the
    boards whose pair (red, black) is not the derived one; each 不一致 names
    its parting step and clause."""
    reg, rounds = other_program(tmp_path)
    out = tmp_path / "e.json"
    run("import", reg, rounds, out, "--name", "某俱乐部月赛", check_rc=0)
    data = json.loads(run("audit", out, "--json", check_rc=1).out)
    played = json.loads(out.read_text(encoding="utf-8"))["rounds"]
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3, 4, 5]
    assert data["rounds"][0]["status"] == "same"  # round 1 近号, as announced
    assert {r["status"] for r in data["rounds"][1:]} == {"differs"}
    for r, p in zip(data["rounds"], played):
        derived = {tuple(x) for x in r["derived"]["boards"]}
        off = {b["board"] for b in p["boards"] if (b["red"], b["black"]) not in derived}
        assert {c["board"] for c in r["changes"]} == off
        if r["status"] == "differs":
            assert r["step"]["clause"]
    text = run("audit", out, check_rc=1).out
    assert text.splitlines()[0] == "复核：某俱乐部月赛（积分编排，5轮）"
    assert text.splitlines()[-1] == "合计：一致1轮，人工调整0轮，不一致4轮"


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["swiss", "eliminate", "rr", "knockout"])
def test_the_snapshot_events_reproduce(tmp_path, fmt):
    """The events tools/snapshot.py plays (the lead's replay at merge time:
    withdrawals, late entries, 淘汰 after round X, draws, every 首轮 method,
    JSON files and workbooks), audited: every round 一致."""
    from tests.conftest import snapshot_events
    from xlxq.operations.event_read import read_event_or_groups

    seen = 0
    for event_id, f in snapshot_events(fmt, tmp_path):
        event, groups = read_event_or_groups(str(f))
        for ev in [event] if groups is None else [e for _, e in groups]:
            if ev.rounds:
                seen += 1
                assert {a.status for a in audit_event(ev)} == {"same"}, (event_id, f.name)
    assert seen >= 8
