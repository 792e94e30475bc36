"""``xlxq import --teams TEAMREG ROUNDS OUT`` (xlxq/operations/import_team.py):
a team event run elsewhere, one row a board, its matches derived from their
boards (the two teams, who goes first), audited by ``xlxq audit`` by its
matches; every refused input exits 2 naming its row and cell, nothing
written."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from tests.cli_support import assert_bad_input, load, run
from tests.conftest import make_team_event, write_csv
from xlxq.backends.json_file import load_any
from xlxq.core.model import BLACK_WIN_FORFEIT, DRAW, RED_WIN
from xlxq.core.team_standings import compute_team_standings
from xlxq.core.teams import Match, TeamEvent
from xlxq.errors import InputError, InputErrors
from xlxq.operations.audit import audit_team_event, step_text
from xlxq.operations.import_team import import_team_event
from xlxq.operations.simulate import simulate_team_file
from xlxq.systems import team_rules

HEADER = ["轮次", "场次", "台次", "红方序号", "黑方序号", "结果"]
WORDS = {"red_win": "1-0", "black_win": "0-1", "draw": "和", None: ""}


def registration(path: Path, teams: int, boards: int) -> Path:
    """Teams 甲1 …, ``boards`` members each, numbered team by team as
    ``xlxq new --teams`` numbers them (team t: (t-1)·boards+1 …)."""
    rows = [[f"甲{t}", f"队员{t}-{k}"] for t in range(1, teams + 1) for k in range(1, boards + 1)]
    return write_csv(path, ["队名", "姓名"], rows)


def exported(event: TeamEvent, folder: Path) -> tuple[Path, Path]:
    """An xlxq-made team event as another program would give it: its team
    registration (队名, 序号, 姓名, 替补) and its rounds file, one row a board,
    a bye a row of one member and 轮空."""
    reg = write_csv(
        folder / "reg.csv",
        ["队名", "序号", "姓名", "替补"],
        [
            [t.name, no, event.player(no).name, "是" if k >= event.settings.boards else ""]
            for t in event.teams
            for k, no in enumerate(t.players)
        ],
    )
    rows: list[list] = []
    for r in event.rounds:
        for m in r.matches:
            rows += [[r.round, m.match, b.board, b.red, b.black, WORDS[b.result]] for b in m.boards]
        rows += [[r.round, "", "", event.team(t).players[0], "轮空", ""] for t in r.byes]
    return reg, write_csv(folder / "rounds.csv", HEADER, rows)


def swiss(teams: int = 6, rounds: int = 3, seed: int = 5) -> TeamEvent:
    ev = make_team_event(teams, boards=4, system="swiss", rounds=rounds)
    return simulate_team_file(ev, "unused.json", seed, None).event


def imported(folder: Path, reg: Path, rounds: Path, **kw) -> TeamEvent:
    out = folder / "out.json"
    import_team_event(str(reg), str(rounds), str(out), force=True, **kw)
    ev = load_any(out)
    assert isinstance(ev, TeamEvent)
    return ev


def ranking(e: TeamEvent) -> list[tuple[int, float, float]]:
    return [(r.no, r.match_points, r.game_points) for r in compute_team_standings(e, rules=team_rules(e.settings))]


def reversed_match(m: Match) -> Match:
    """``m`` with the other team going first: every board's colours reversed."""
    return replace(m, first=m.second, second=m.first, boards=[replace(b, red=b.black, black=b.red) for b in m.boards])


# ---------------------------------------------------------------- a team Swiss


def test_team_swiss_exported_and_imported_is_the_same_event_and_audits_same(tmp_path):
    """6 teams × 4 boards, 3 rounds made by xlxq, exported as another
    program's files and imported: the same matches (teams, who goes first,
    boards, results), no engine pairing kept, every round 一致 by the
    derivation; the standings are the original's."""
    ev = swiss()
    reg, rounds = exported(ev, tmp_path)
    back = imported(tmp_path, reg, rounds, name="团体赛")
    assert back.settings.name == "团体赛" and back.settings.boards == 4 and back.settings.rounds == 3
    assert back.settings.lineup == "per_round"  # line-ups are not audited: no format refuses them
    assert [t.players for t in back.teams] == [t.players for t in ev.teams]
    for mine, theirs in zip(back.rounds, ev.rounds):
        assert [(m.match, m.first, m.second, m.boards) for m in mine.matches] == [
            (m.match, m.first, m.second, m.boards) for m in theirs.matches
        ]
        assert mine.byes == theirs.byes and mine.engine is None
    assert [a.status for a in audit_team_event(back)] == ["same", "same", "same"]
    assert all(not a.recorded for a in audit_team_event(back))
    assert ranking(back) == ranking(ev)


def test_team_swiss_odd_teams_bye_row(tmp_path):
    """5 teams: a bye each round, a row of one member and 轮空: imported as
    the team's bye, every round 一致."""
    ev = swiss(teams=5, rounds=3, seed=2)
    assert all(len(r.byes) == 1 for r in ev.rounds)
    back = imported(tmp_path, *exported(ev, tmp_path))
    assert [r.byes for r in back.rounds] == [r.byes for r in ev.rounds]
    assert [a.status for a in audit_team_event(back)] == ["same", "same", "same"]


def test_first_mover_reversed_is_reported(tmp_path):
    """Round 2's match 1 played with the other team going first (every
    board's colours reversed): imported (the boards follow the rule, only
    the first mover differs), and the audit says round 2 不一致 with the
    colours of match 1 and nothing else; round 1 一致."""
    ev = swiss()
    r2 = ev.rounds[1]
    m1 = r2.matches[0]
    ev.rounds[1] = replace(r2, matches=[reversed_match(m1)] + r2.matches[1:])
    back = imported(tmp_path, *exported(ev, tmp_path))
    assert (back.rounds[1].matches[0].first, back.rounds[1].matches[0].second) == (m1.second, m1.first)
    audits = audit_team_event(back)
    assert [a.status for a in audits[:2]] == ["same", "differs"]
    assert [(c.kind, c.board, c.red, c.black) for c in audits[1].changes] == [("colours", 1, m1.second, m1.first)]


def test_teams_swapped_between_matches_is_reported(tmp_path):
    """Round 3: the second teams of matches 1 and 2 swapped (with their
    line-ups): the audit names both matches as pairings that are not the
    derivation."""
    ev = swiss()
    r3 = ev.rounds[2]
    a, b = r3.matches[0], r3.matches[1]

    def seated(m: Match, second: Match) -> Match:
        # the first team's players where they sat, the other match's second team's in theirs
        boards = [
            replace(x, red=x.red if k % 2 else y.red, black=y.black if k % 2 else x.black)
            for k, (x, y) in enumerate(zip(m.boards, second.boards), start=1)
        ]
        return replace(m, second=second.second, boards=boards)

    ev.rounds[2] = replace(r3, matches=[seated(a, b), seated(b, a)] + r3.matches[2:])
    back = imported(tmp_path, *exported(ev, tmp_path))
    assert [(m.first, m.second) for m in back.rounds[2].matches[:2]] == [(a.first, b.second), (b.first, a.second)]
    audits = audit_team_event(back)
    assert audits[2].status == "differs"
    assert {(c.kind, c.board) for c in audits[2].changes} == {("pairing", 1), ("pairing", 2)}


# ---------------------------------------------------------------- a team round robin, by hand


def rr_rows(table: list[list[tuple[int, int]]]) -> list[list]:
    """Rounds of 2-board matches of teams of 2 (team t: members 2t-1, 2t):
    board 1 the first team's member red, board 2 the second team's red;
    every game drawn."""
    rows = []
    for rno, matches in enumerate(table, start=1):
        for k, (a, b) in enumerate(matches, start=1):
            rows += [[rno, k, 1, 2 * a - 1, 2 * b - 1, "和"], [rno, k, 2, 2 * b, 2 * a, "和"]]
    return rows


#: 4 teams, the 棋规 table (shared/reference/roundrobin-tables.md, 4): listed first goes first
RR_TABLE = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def test_team_round_robin_against_the_table(tmp_path):
    """4 teams × 2 boards, the table's 3 rounds typed by hand: imported as a
    team round robin (3 rounds planned), every round 一致 with the table;
    the matches as the table lists them."""
    reg = registration(tmp_path / "reg.csv", 4, 2)
    rounds = write_csv(tmp_path / "r.csv", HEADER, rr_rows(RR_TABLE))
    ev = imported(tmp_path, reg, rounds, system="round_robin")
    assert ev.settings.system == "round_robin" and ev.settings.rounds == 3
    assert [[(m.first, m.second) for m in r.matches] for r in ev.rounds] == RR_TABLE
    assert ev.rounds[0].matches[0].boards[1].result == DRAW
    assert [a.status for a in audit_team_event(ev)] == ["same", "same", "same"]


def test_team_round_robin_first_mover_reversed_by_hand(tmp_path):
    """Round 3 match 1 played 4–2 (the table says 2 goes first): round 3
    不一致, its match 1's colours; rounds 1, 2 一致."""
    reg = registration(tmp_path / "reg.csv", 4, 2)
    table = [RR_TABLE[0], RR_TABLE[1], [(4, 2), (3, 1)]]
    ev = imported(tmp_path, reg, write_csv(tmp_path / "r.csv", HEADER, rr_rows(table)), system="round_robin")
    audits = audit_team_event(ev)
    assert [a.status for a in audits] == ["same", "same", "differs"]
    assert [(c.kind, c.board, c.red, c.black) for c in audits[2].changes] == [("colours", 1, 4, 2)]


def test_team_round_robin_parting_line_names_the_match(tmp_path):
    """The audit's 分歧始于 line of a differing team round names the match
    of the table that differs (it printed the listing's heading 引擎编排：
    alone); English has the space after the heading's colon."""
    reg = registration(tmp_path / "reg.csv", 4, 2)
    table = [RR_TABLE[0], RR_TABLE[1], [(4, 2), (3, 1)]]
    ev = imported(tmp_path, reg, write_csv(tmp_path / "r.csv", HEADER, rr_rows(table)), system="round_robin")
    a = audit_team_event(ev)[2]
    zh, en = step_text(a, "zh"), step_text(a, "en")
    assert re.fullmatch(r"引擎编排：第1场\s+\S*（2队）（先走） — \S*（4队）", zh), zh
    assert re.fullmatch(r"the engine's pairing: match 1\s+\S* \(2\) \(first\) — \S* \(4\)", en), en
    assert "3队" not in zh  # the match that differs, not the round's list


def test_round_robin_more_rounds_than_the_table(tmp_path):
    reg = registration(tmp_path / "reg.csv", 4, 2)
    rounds = write_csv(tmp_path / "r.csv", HEADER, rr_rows(RR_TABLE + [RR_TABLE[0]]))
    with pytest.raises(InputError) as exc:
        imported(tmp_path, reg, rounds, system="round_robin")
    assert "4队的循环赛共3轮，文件中有4轮" in exc.value.zh
    with pytest.raises(InputError) as exc:  # --rounds of a round robin: the table's or nothing
        imported(
            tmp_path, reg, write_csv(tmp_path / "r.csv", HEADER, rr_rows(RR_TABLE)), system="round_robin", planned=5
        )
    assert "共3轮" in exc.value.zh and "5" in exc.value.zh
    one = write_csv(tmp_path / "one.csv", ["队名", "姓名"], [["甲", "a"], ["甲", "b"]])
    byes = write_csv(tmp_path / "byes.csv", HEADER, [[1, "", "", 1, "轮空", ""]])
    with pytest.raises(InputError) as exc:  # one team: nothing to import
        imported(tmp_path, one, byes, boards=2)
    assert exc.value.place.file == "one.csv"


# ---------------------------------------------------------------- what is read


def test_empty_seat_and_boards_from_the_file(tmp_path):
    """0 is an empty seat (缺人): the board is lost by forfeit whatever the
    result cell says when it is empty; the boards a match (2) come from
    the file when --boards is not given."""
    reg = registration(tmp_path / "reg.csv", 2, 2)
    rows = [[1, 1, 1, 1, 3, "1-0"], [1, 1, 2, 0, 2, ""]]  # team 2 (3, 4) has nobody on board 2
    ev = imported(tmp_path, reg, write_csv(tmp_path / "r.csv", HEADER, rows), system="round_robin")
    m = ev.rounds[0].matches[0]
    assert (m.first, m.second, ev.settings.boards) == (1, 2, 2)
    assert [(b.red, b.black, b.result) for b in m.boards] == [(1, 3, RED_WIN), (0, 2, BLACK_WIN_FORFEIT)]


def test_xlsx_rounds_with_english_headers_and_a_title_row(tmp_path):
    """An XLSX rounds file: a title above the header, English headers in
    another order, numbers as numbers, an empty seat typed 0: the same
    matches as the CSV's."""
    import openpyxl

    reg = registration(tmp_path / "reg.csv", 4, 2)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Team round robin, 4 teams"])
    ws.append(["Round", "Match", "Board", "Result", "Red", "Black"])
    rows = rr_rows(RR_TABLE)
    rows[-1] = [3, 2, 2, 0, 6, ""]  # round 3 match 2 (3–1) board 2: team 1 (going second: red on board 2) has nobody
    for rno, mno, bno, red, black, result in rows:
        ws.append([rno, mno, bno, result or None, red, black])
    wb.save(tmp_path / "r.xlsx")
    ev = imported(tmp_path, reg, tmp_path / "r.xlsx", system="round_robin")
    assert [[(m.first, m.second) for m in r.matches] for r in ev.rounds] == RR_TABLE
    last = ev.rounds[2].matches[1].boards[1]
    assert (last.red, last.black, last.result) == (0, 6, BLACK_WIN_FORFEIT)
    assert [a.status for a in audit_team_event(ev)] == ["same", "same", "same"]


def test_same_input_same_bytes(tmp_path):
    ev = swiss()
    reg, rounds = exported(ev, tmp_path)
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    import_team_event(str(reg), str(rounds), str(a), name="x")
    import_team_event(str(reg), str(rounds), str(b), name="x")
    assert a.read_bytes() == b.read_bytes()


# ---------------------------------------------------------------- refused: row and cell, nothing written

#: 3 teams × 2 boards: team 1 members 1, 2; team 2: 3, 4; team 3: 5, 6.  Columns A 轮次 B 场次 C 台次 D 红方 E 黑方 F 结果
GOOD = [[1, 1, 1, 1, 3, "1-0"], [1, 1, 2, 4, 2, "和"], [1, "", "", 5, "轮空", ""]]

REFUSED = {
    "unknown-member": ([[1, 1, 1, 1, 9, "1-0"], [1, 1, 2, 4, 2, "和"]], 2, "E2", "团体报名表中没有序号 9 的队员"),
    "one-team-both-sides": ([[1, 1, 1, 1, 2, "1-0"], [1, 1, 2, 4, 3, "和"]], 2, "E2", "同属甲1（1队）"),
    "third-team": ([[1, 1, 1, 1, 3, "1-0"], [1, 1, 2, 6, 2, "和"]], 3, "D3", "是甲3（3队）的队员"),
    "colours-not-alternating": (
        [[1, 1, 1, 1, 3, "1-0"], [1, 1, 2, 2, 4, "和"]],
        3,
        "D3",
        "甲1（1队）在第1台为先走队，第2台2号应执黑而不是红",
    ),
    "board-twice": ([[1, 1, 1, 1, 3, "1-0"], [1, 1, 1, 4, 2, "和"]], 3, "C3", "第1轮第1场第1台重复（又见第2行）"),
    "team-twice": (
        [*GOOD[:2], [1, 2, 1, 5, 4, ""], [1, 2, 2, 3, 6, ""]],
        4,
        "B4",
        "甲2（2队）在第1轮出场两次（又见第2行）",
    ),
    "player-twice": ([[1, 1, 1, 1, 3, "1-0"], [1, 1, 2, 4, 1, "和"]], 3, "E3", "1号在第1轮出场两次（又见第2行）"),
    "result-not-understood": ([[1, 1, 1, 1, 3, "赢了"], [1, 1, 2, 4, 2, "和"]], 2, "F2", "无法识别的结果“赢了”"),
    "bye-with-a-result": ([*GOOD[:2], [1, "", "", 5, "轮空", "1-0"]], 4, "F4", "轮空行的结果"),
    "match-not-a-number": ([[1, "一", 1, 1, 3, "1-0"], [1, 1, 2, 4, 2, "和"]], 2, "B2", "应为正整数"),
    "empty-seat-result": ([[1, 1, 1, 1, 3, "1-0"], [1, 1, 2, 0, 2, "和"]], 3, "F3", "有空台（0）"),
}


@pytest.mark.parametrize("key", REFUSED)
def test_refused_names_row_and_cell_and_writes_nothing(tmp_path, key):
    rows, row, cell, text = REFUSED[key]
    reg = registration(tmp_path / "reg.csv", 3, 2)
    rounds = write_csv(tmp_path / "r.csv", HEADER, rows)
    out = tmp_path / "out.json"
    with pytest.raises(InputError) as exc:
        import_team_event(str(reg), str(rounds), str(out), boards=2)
    errors = exc.value.errors if isinstance(exc.value, InputErrors) else [exc.value]
    hit = [e for e in errors if text in e.zh]
    assert hit, [e.zh for e in errors]
    assert (hit[0].place.file, hit[0].place.row, hit[0].place.cell) == ("r.csv", row, cell)
    assert not out.exists()


def test_no_header_names_the_team_columns(tmp_path):
    reg = registration(tmp_path / "reg.csv", 2, 2)
    rounds = write_csv(tmp_path / "r.csv", ["a", "b"], [[1, 2]])
    with pytest.raises(InputError) as exc:
        import_team_event(str(reg), str(rounds), str(tmp_path / "o.json"), boards=2)
    assert "（轮次、场次、台次、红方序号、黑方序号、结果）" in exc.value.zh and exc.value.place.file == "r.csv"
    assert not (tmp_path / "o.json").exists()


def test_every_problem_at_once(tmp_path):
    """Three bad rows, three errors, in file order, with the registration's
    numbers checked in the same pass."""
    reg = registration(tmp_path / "reg.csv", 3, 2)
    rows = [[1, 1, 1, 1, 9, "1-0"], [1, 1, 2, 4, 2, "赢了"], [1, 2, 1, 5, 6, ""], [1, 2, 2, 6, 5, ""]]
    with pytest.raises(InputErrors) as exc:
        import_team_event(str(reg), str(write_csv(tmp_path / "r.csv", HEADER, rows)), str(tmp_path / "o.json"))
    got = [(e.place.row, e.place.cell) for e in exc.value.errors]
    assert got == [(2, "E2"), (3, "F3"), (4, "E4"), (5, "E5")]


def test_match_boards_not_one_to_k(tmp_path):
    """Boards 1 and 3 of a 2-board match (colours by the rule: board 3 odd,
    the first team red): the match's boards named."""
    reg = registration(tmp_path / "reg.csv", 2, 2)
    rows = [[1, 1, 1, 1, 3, "1-0"], [1, 1, 3, 2, 4, "和"]]
    with pytest.raises(InputError) as exc:
        import_team_event(str(reg), str(write_csv(tmp_path / "r.csv", HEADER, rows)), str(tmp_path / "o.json"))
    assert "r.csv：第1轮第1场的台次应为 1 至 2，而不是 [1, 3]" in exc.value.zh
    assert exc.value.place.round == 1 and not (tmp_path / "o.json").exists()


def test_cli_team_import_audit_and_refusals(tmp_path):
    """The command line: ``xlxq import --teams`` writes the file, ``audit``
    exits 0 on it; a workbook OUT, --boards without --teams, a 场次 column
    without --teams, an existing OUT: exit 2, one line, nothing written."""
    reg = registration(tmp_path / "reg.csv", 4, 2)
    rounds = write_csv(tmp_path / "r.csv", HEADER, rr_rows(RR_TABLE))
    out = tmp_path / "e.json"
    p = run("import", "--teams", reg, rounds, out, "--system", "round_robin", check_rc=0)
    assert "4队（8名队员），3轮" in p.out
    assert load(out)["event"]["kind"] == "team"
    p = run("audit", out, check_rc=0)
    assert "合计：一致3轮，人工调整0轮，不一致0轮" in p.out
    run("standings", out, check_rc=0)
    assert_bad_input(run("import", "--teams", reg, rounds, out), "已存在", "--force")
    assert_bad_input(run("import", "--teams", reg, rounds, tmp_path / "e.xlsx"), "JSON")
    assert_bad_input(run("import", reg, rounds, tmp_path / "i.json", "--boards", "2"), "--boards", "--teams")
    assert_bad_input(run("import", reg, rounds, tmp_path / "i.json"), "r.csv 第1行", "--teams")
    bad = write_csv(tmp_path / "bad.csv", HEADER, [[1, 1, 1, 1, 2, "1-0"]])
    p = run("import", "--teams", reg, bad, tmp_path / "x.json", "--boards", "2", lang="en")
    assert_bad_input(p, "bad.csv row 2 (E2) black", "both of", lang="en")
    assert not (tmp_path / "e.xlsx").exists() and not (tmp_path / "i.json").exists()
    assert not (tmp_path / "x.json").exists()
