"""Tie-break profiles of international events (issue 26 §4): the Asian
Xiangqi Federation's order (preset ``axf``) and the World Xiangqi
Federation's (``wxf2023``), their new tie-breaks (直胜 in a Swiss, best
opponent's ranking, 小分), worked by hand on a small event where they rank
differently from the CXA default (``cxa2011-opp``)."""

from __future__ import annotations

import openpyxl
import pytest

from tests.test_standings import make_event
from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN
from xlxq.core.standings import PRESETS, compute_standings, resolve_tiebreaks
from xlxq.sheets.layout import TIEBREAK_PRESET_LABELS
from xlxq.sheets.settings import tiebreak_text

# 6 players, 3 rounds, 2/1/0:
# R1: 1(R)-2(B) 1 wins   3(R)-4(B) draw    5(R)-6(B) draw
# R2: 1(R)-3(B) draw     2(R)-5(B) 2 wins  4(R)-6(B) 6 wins
# R3: 1(R)-4(B) draw     2(R)-6(B) 2 wins  3(R)-5(B) draw
# totals: 1: 2+1+1=4  2: 0+2+2=4  3: 1+1+1=3  4: 1+0+1=2  5: 1+0+1=2  6: 1+2+0=3
# 对手分 (Buchholz): 1: t2+t3+t4 = 4+3+2 = 9   2: t1+t5+t6 = 4+2+3 = 9
#                    3: t4+t1+t5 = 2+4+2 = 8   6: t5+t4+t2 = 2+2+4 = 8
#                    4: t3+t6+t1 = 3+3+4 = 10  5: t6+t2+t3 = 3+4+3 = 10
# wins: 1: 1, 2: 2, 6: 1, 3: 0, 4: 0, 5: 0
# 1 and 2 tie on 积分 and 对手分; 1 beat 2 (直胜), 2 has more wins.
ROUNDS = [
    ([(1, 2, RED_WIN), (3, 4, DRAW), (5, 6, DRAW)], []),
    ([(1, 3, DRAW), (2, 5, RED_WIN), (4, 6, BLACK_WIN)], []),
    ([(1, 4, DRAW), (2, 6, RED_WIN), (3, 5, DRAW)], []),
]


def ranks(rows):
    return [(r.rank, r.no) for r in rows]


def test_the_cxa_default_ranks_the_tie_by_wins():
    rows = compute_standings(make_event(6, ROUNDS))  # default cxa2011-opp
    # 2 ahead of 1 (opp 9 = 9, wins 2 > 1); 6 ahead of 3 (opp 8 = 8, wins 1 > 0);
    # 4 and 5 equal on everything (opp 10, 0 wins, no fouls, 2 black games, running 1, 1)
    assert ranks(rows) == [(1, 2), (2, 1), (3, 6), (4, 3), (5, 4), (5, 5)]


@pytest.mark.parametrize("preset", ["axf", "wxf2023"])
def test_the_international_orders_rank_the_tie_by_direct_encounter(preset):
    rows = compute_standings(make_event(6, ROUNDS, tiebreaks=[preset]))
    # 1 ahead of 2: opp 9 = 9, then 直胜: 1 beat 2 (2 points to 0);
    # 3 and 6 never met (直胜 not applied): 6 by wins; 4 and 5 never met,
    # equal on wins 0, black wins 0, black games 2, best opponent (1 and 2, 4 pts: 1st), fouls 0
    assert ranks(rows) == [(1, 1), (2, 2), (3, 6), (4, 3), (5, 4), (5, 5)]
    tb = {r.no: r.tiebreaks for r in rows}
    assert (tb[1]["direct"], tb[2]["direct"]) == (2.0, 0.0)
    assert tb[3]["direct"] is None and tb[6]["direct"] is None  # they never met
    assert tb[4]["best_opp"] == tb[5]["best_opp"] == 1.0


def test_the_presets_lists_and_the_wxf_first_tie_break_is_buchholz():
    assert resolve_tiebreaks(["axf"]) == [
        "opp_score", "direct", "wins", "black_wins", "black_games", "best_opp", "fouls",
    ]  # fmt: skip
    # WXF 2023 "opponent score (also called Sonneborn–Berger)": 对手分 is computed
    assert PRESETS["wxf2023"][0] == "opp_score"
    rows = {r.no: r for r in compute_standings(make_event(6, ROUNDS, tiebreaks=["wxf2023"]))}
    assert rows[1].tiebreaks["opp_score"] == 9.0
    assert "sb" not in rows[1].tiebreaks  # 小分 only when listed


def test_sonneborn_berger_on_request():
    rows = {r.no: r for r in compute_standings(make_event(6, ROUNDS, tiebreaks=["sb", "wins"]))}
    # 小分: 1 beat 2 (4) + half of 3 (1.5) + half of 4 (1) = 6.5; 2 beat 5 (2) and 6 (3) = 5
    assert (rows[1].tiebreaks["sb"], rows[2].tiebreaks["sb"]) == (6.5, 5.0)
    assert rows[1].rank == 1 and rows[2].rank == 2


def test_the_base_tie_breaks_are_what_a_row_carries_without_the_new_ones():
    row = compute_standings(make_event(6, ROUNDS))[0]
    assert set(row.tiebreaks) == {"opp_score", "cumulative", "wins", "fouls", "black_wins", "black_games"}


def test_direct_encounter_alone_after_the_score():
    # four players who all met: 1 beat 2, 2 drew 3, 3 drew 1; 4 beat 3 and 1, lost to 2
    rounds = [
        ([(1, 2, RED_WIN), (3, 4, BLACK_WIN)], []),
        ([(2, 3, DRAW), (4, 1, RED_WIN)], []),
        ([(3, 1, DRAW), (2, 4, RED_WIN)], []),
    ]
    # totals: 1: 2+0+1 = 3; 2: 0+1+2 = 3; 3: 0+1+1 = 2; 4: 2+2+0 = 4
    rows = compute_standings(make_event(4, rounds, tiebreaks=["direct"]))
    assert ranks(rows) == [(1, 4), (2, 1), (3, 2), (4, 3)]  # 1 and 2 tied on 3: 1 beat 2
    without = compute_standings(make_event(4, rounds, tiebreaks=[]))
    assert ranks(without) == [(1, 4), (2, 1), (2, 2), (4, 3)]  # the test fails without 直胜


def test_the_labels_of_the_presets():
    assert TIEBREAK_PRESET_LABELS["axf"] == ("亚洲象棋联合会（AXF）", "Asian Xiangqi Fed. (AXF)")
    assert tiebreak_text(["wxf2023"], "en") == "World Xiangqi Fed. (WXF 2023)"
    assert tiebreak_text(["opp_score", "direct", "best_opp"], "zh") == "对手分、直胜、最佳对手名次"


def test_xlxq_new_with_the_axf_preset(tmp_path, capsys):
    from tests.test_cli_formats import registration
    from tests.test_system_unit import run

    out = tmp_path / "e.json"
    code, _, err = run(capsys, "new", out, "--players", registration(tmp_path, 6), "--tiebreaks", "axf")
    assert code == 0, err
    import json

    assert json.loads(out.read_text(encoding="utf-8"))["event"]["tiebreaks"] == ["axf"]
    book = tmp_path / "e.xlsx"
    code, _, err = run(capsys, "new", book, "--players", registration(tmp_path, 6), "--tiebreaks", "wxf2023")
    assert code == 0, err
    ws = openpyxl.load_workbook(book)["设置"]
    values = [c.value for row in ws.iter_rows() for c in row]
    assert "世界象棋联合会（WXF 2023）" in values


@pytest.mark.parametrize("lang", ["zh", "en", "zh-Hant"])
def test_the_preset_dropdown_stays_within_excel_s_255_characters(lang):
    """A data-validation list typed in (the 设置 dropdown) is at most 255
    characters in Excel: the two new labels must fit."""
    from xlxq.sheets.script import to_hant

    labels = [zh if lang != "en" else en for zh, en in TIEBREAK_PRESET_LABELS.values()]
    if lang == "zh-Hant":
        labels = [to_hant(x) for x in labels]
    assert len(",".join(labels)) <= 255


def test_standings_command_with_the_axf_preset_in_three_languages(tmp_path):
    """The hand event as a JSON file with the AXF order: ``xlxq standings``
    ranks 1 before 2 (直胜), and names the tie-breaks in each language."""
    import json

    from tests.cli_support import run
    from xlxq.operations.source import save

    f = tmp_path / "e.json"
    save(make_event(6, ROUNDS, tiebreaks=["axf"]), str(f))
    data = json.loads(run("standings", f, "--json", check_rc=0).out)
    assert [(r["rank"], r["no"]) for r in data["standings"]] == [(1, 1), (2, 2), (3, 6), (4, 3), (5, 4), (5, 5)]
    heads = {lang: run("standings", f, lang=lang, check_rc=0).out.splitlines()[1] for lang in ("zh", "en", "zh-Hant")}
    assert heads["zh"].split()[-7:] == ["对手分", "直胜", "胜局", "后走胜局", "后走局数", "最佳对手名次", "犯规"]
    assert "direct encounter" in heads["en"] and "best opponent's ranking" in heads["en"]
    assert heads["zh-Hant"].split()[-7:] == ["對手分", "直勝", "勝局", "後走勝局", "後走局數", "最佳對手名次", "犯規"]


@pytest.mark.parametrize(
    ("typed", "keys"),
    [
        ("亚洲象棋联合会（AXF）", ["axf"]),
        ("亞洲象棋聯合會（AXF）", ["axf"]),
        ("World Xiangqi Fed. (WXF 2023)", ["wxf2023"]),
        ("对手分、直胜、胜局、最佳对手名次", ["opp_score", "direct", "wins", "best_opp"]),
        ("opponents' score, direct encounter, best opponent's ranking", ["opp_score", "direct", "best_opp"]),
        ("小分、胜局", ["sb", "wins"]),
    ],
)
def test_the_settings_row_reads_the_presets_and_the_new_items(typed, keys):
    from xlxq.sheets.settings import _tiebreak_value

    assert _tiebreak_value(typed) == keys
