"""`xlxq check`, 原则(五): the bye is flagged only when a lower-scored player
who has not had a bye could have taken it with the rest of the round still
pairable (issue 8 §3).  Hand-worked events, through the CLI on JSON and the
workbook's 提示 column (openpyxl path)."""

from __future__ import annotations

from tests.cli_support import run, save

W, D, L = "red_win", "draw", "black_win"


def event_file(path, n, rounds, total=None, withdrawn=None):
    """``rounds``: [(boards as (red, black, result), byes)], one a round."""
    withdrawn = withdrawn or {}
    d = {
        "format": "xlxq/1",
        "event": {"name": "t", "system": "swiss", "rounds": total or len(rounds)},
        "players": [
            dict({"no": i, "name": f"P{i}"}, **({"withdrawn_from_round": withdrawn[i]} if i in withdrawn else {}))
            for i in range(1, n + 1)
        ],
        "rounds": [
            {
                "round": k,
                "boards": [
                    {"board": j, "red": r, "black": b, "result": res} for j, (r, b, res) in enumerate(boards, 1)
                ],
                "byes": byes,
            }
            for k, (boards, byes) in enumerate(rounds, 1)
        ],
    }
    save(path, d)
    return path


# 5 players.  R1 1-2 (1 wins), 3-4 (3 wins), bye 5; R2 1-5 (1 wins), 2-3 (2 wins),
# bye 4; R3 4-5 (4 wins), 1-3 (3 wins), bye 2.  After R3: 1, 2, 3, 4 have 4
# points, 5 has 2 but had the bye in round 1.  R4 as the engine pairs it:
# 4-1, 5-2, bye 3 (4 points, the lowest of those without a bye).
HAD_BYE = [
    ([(1, 2, W), (3, 4, W)], [5]),
    ([(1, 5, W), (2, 3, W)], [4]),
    ([(4, 5, W), (1, 3, L)], [2]),
    ([(4, 1, None), (5, 2, None)], [3]),
]


def test_no_warning_when_every_lower_player_had_the_bye(tmp_path):
    f = event_file(tmp_path / "e.json", 5, HAD_BYE)
    p = run("check", f, "--round", 4, check_rc=0)
    assert "原则(五)" not in p.out and "警告" not in p.out, p.out
    assert "未发现违反编排原则的问题" in p.out and "与引擎编排一致" in p.out


# 5 players, R1 1-2 (1 wins), 3-4 (3 wins), bye 5: 1, 3, 5 have 2 points, 2
# and 4 none and no bye.  R2 gives the bye to 1 (2 points): 2 or 4 could have
# had it, the other four still pair (without 2: 1-4? no, 1-3/4-5; without 4:
# 1-3? 2-5 …), so the warning names both.
LOWER_FREE = [([(1, 2, W), (3, 4, W)], [5]), ([(2, 3, None), (4, 5, None)], [1])]


def test_warning_names_the_lower_player_who_could_have_had_it(tmp_path):
    f = event_file(tmp_path / "e.json", 5, LOWER_FREE)
    p = run("check", f, "--round", 2, check_rc=0)  # a warning never fails the check
    assert (
        "[警告] 第2轮：轮空的P1（1号）有2分，不在最低分段：P2（2号）、P4（4号）只有0分、未轮空过，"
        "由其轮空其余仍可全部编排（原则(五)）" in p.out
    ), p.out
    p = run("check", f, "--round", 2, lang="en", check_rc=0)
    assert (
        "[warning] round 2: the bye (1, 2 pts) is not in the lowest score group: 2, 4 (0 pts, no bye yet) "
        "could have had it with the rest still pairable" in p.out
    ), p.out


# 7 registered, 6 and 7 withdrawn from round 4.  R1 1-2 (1 wins), 3-5 (3
# wins), 4-6 draw, bye 7; R2 1-3 draw, 2-7 (2 wins), 4-5 (4 wins), bye 6; R3
# 1-4 draw, 2-6 (2 wins), 5-7 (7 wins), bye 3.  Before R4: 1, 2, 4 have 4
# points and no bye, 3 has 5, 5 has 0 and no bye.  But 1 has met 2, 3 and 4:
# with 5 on the bye, 1 has nobody left, so the bye goes up to 4 points.  R4:
# bye 2, 5-1, 3-4 (the engine's round) is right and not flagged.
LOWER_STUCK = [
    ([(1, 2, W), (3, 5, W), (4, 6, D)], [7]),
    ([(1, 3, D), (2, 7, W), (4, 5, W)], [6]),
    ([(1, 4, D), (2, 6, W), (5, 7, L)], [3]),
    ([(5, 1, None), (3, 4, None)], [2]),
]


def test_no_warning_when_the_lower_player_on_the_bye_leaves_the_rest_unpairable(tmp_path):
    f = event_file(tmp_path / "e.json", 7, LOWER_STUCK, withdrawn={6: 4, 7: 4})
    p = run("check", f, "--round", 4, check_rc=0)
    assert "原则(五)" not in p.out and "警告" not in p.out, p.out
    # …and the engine gives this very bye (at 4 points; 2, 4 and 1 all fit)
    assert "与引擎编排一致" in p.out and "轮空：引擎" not in p.out, p.out


def test_core_lower_byes():
    from xlxq.backends.json_file import event_from_dict
    from xlxq.core.checks import lower_byes
    from xlxq.core.history import build_cards
    import json
    import tempfile
    import pathlib

    with tempfile.TemporaryDirectory() as tmp:
        f = event_file(pathlib.Path(tmp) / "e.json", 7, LOWER_STUCK, withdrawn={6: 4, 7: 4})
        ev = event_from_dict(json.loads(f.read_text(encoding="utf-8")))
    cards = build_cards(ev, 4)
    assert cards[5].score == 0 and cards[5].byes == 0
    assert lower_byes(cards, [1, 2, 3, 4, 5], 2) == []  # 5 is lower but stuck
    assert lower_byes(cards, [1, 2, 3, 4, 5], 3) == [1, 2, 4]  # 4 pts < 5 pts, and all three fit


# ------------------------------------------------------------------ team Swiss


def team_file(path, rounds):
    """3 teams × 2 boards (team t: players 2t−1, 2t); ``rounds``:
    [(matches as (first, second, first wins?), byes)].  A won match: both
    boards to the winner."""

    def boards(f, s, first_wins):
        a1, a2, b1, b2 = 2 * f - 1, 2 * f, 2 * s - 1, 2 * s
        return [
            {"board": 1, "red": a1, "black": b1, "result": W if first_wins else L},
            {"board": 2, "red": b2, "black": a2, "result": L if first_wins else W},
        ]

    d = {
        "format": "xlxq/1",
        "event": {"kind": "team", "name": "t", "system": "swiss", "rounds": 3, "boards": 2},
        "players": [{"no": i, "name": f"P{i}"} for i in range(1, 7)],
        "teams": [{"no": t, "name": f"T{t}", "players": [2 * t - 1, 2 * t]} for t in (1, 2, 3)],
        "rounds": [
            {
                "round": k,
                "matches": [
                    {"match": j, "first": f, "second": s, "boards": boards(f, s, w)}
                    for j, (f, s, w) in enumerate(ms, 1)
                ],
                "byes": byes,
            }
            for k, (ms, byes) in enumerate(rounds, 1)
        ],
    }
    save(path, d)
    return path


def test_team_check_bye(tmp_path):
    # R1 T1 beats T2, bye T3; R2 T1 beats T3, bye T2; R3 bye T1 (4 场分) while
    # T2 and T3 have 2: lower, but both had their bye — no warning.
    f = team_file(tmp_path / "t.json", [([(1, 2, True)], [3]), ([(1, 3, True)], [2]), ([(2, 3, True)], [1])])
    p = run("check", f, "--round", 3, check_rc=0)
    assert "原则(五)" not in p.out, p.out
    # R2 with the bye to T1 (2 场分) instead: T2 has 0 and no bye, and T1–T3
    # have not met — T2 could have had it.
    f = team_file(tmp_path / "u.json", [([(1, 2, True)], [3]), ([(2, 3, True)], [1])])
    p = run("check", f, "--round", 2, check_rc=0)
    assert (
        "第2轮：轮空的T1（1队）有2分，不在最低分段：T2（2队）只有0分、未轮空过，由其轮空其余仍可全部编排（原则(五)）"
        in p.out
    ), p.out


# ------------------------------------------------------------------ workbook


def test_workbook_flags_a_hand_made_bye_and_names_who_could_have_had_it(tmp_path):
    import random

    import openpyxl

    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.core.model import EventSettings, Player
    from xlxq.operations.workbook import create_event_workbook
    from tests.book_ops import pair_next_round, recompute

    from tests.test_workbook_support import open_round, write_results

    path = create_event_workbook(
        tmp_path / "b.xlsx", [Player(i, f"P{i}") for i in range(1, 6)], EventSettings(rounds=5)
    )
    assert pair_next_round(OpenpyxlBook(path)).ok  # R1: 1-2, 4-3, bye 5
    write_results(path, 1, {1: W, 2: W}, random.Random(1))  # 1 and 4 win: 1, 4, 5 on 2; 2, 3 on 0
    assert pair_next_round(OpenpyxlBook(path)).ok
    wb, view = open_round(path, 2)
    ws = view.ws
    bye_row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "轮空")
    low = ws.cell(bye_row, view.c["red_no"]).value
    assert low in (2, 3)  # the engine: the bye at 0 points
    # by hand: 1 (2 points) takes the bye, the engine's bye player takes 1's seat
    for r in view.rows().values():
        for side in ("red", "black"):
            if view.get(r, f"{side}_no") == 1:
                view.set(r, f"{side}_no", low)
                view.set(r, f"{side}_name", None)
    ws.cell(bye_row, view.c["red_no"]).value = 1
    ws.cell(bye_row, view.c["red_name"]).value = None
    wb.save(path)
    st = recompute(OpenpyxlBook(path))
    msgs = [p.zh for p in st.details if p.code == "bye_not_lowest"]
    assert msgs == [
        "第2轮：轮空的P1（1号）有2分，不在最低分段：P2（2号）、P3（3号）只有0分、未轮空过，"
        "由其轮空其余仍可全部编排（原则(五)）"
    ], [p.zh for p in st.details]
    note = openpyxl.load_workbook(path)["第2轮"].cell(bye_row, view.c["note"]).value
    assert msgs[0] in note
