"""Result cells: every accepted spelling and the rejected ones."""

from __future__ import annotations

import datetime as dt

import pytest

from xlxq.core.model import BLACK_WIN, BLACK_WIN_FORFEIT, DOUBLE_FORFEIT, DRAW, RED_WIN, RED_WIN_FORFEIT, RESULTS
from xlxq.sheets.results import BYE, ResultError, choices, display, is_standard, parse_result

TABLE = [
    # standard Chinese
    ("红胜", RED_WIN),
    ("黑胜", BLACK_WIN),
    ("和", DRAW),
    ("和棋", DRAW),
    ("和局", DRAW),
    ("红胜(弃权)", RED_WIN_FORFEIT),
    ("红胜（弃权）", RED_WIN_FORFEIT),
    ("黑胜(弃权)", BLACK_WIN_FORFEIT),
    ("红弃权", BLACK_WIN_FORFEIT),
    ("黑弃权", RED_WIN_FORFEIT),
    ("双弃权", DOUBLE_FORFEIT),
    ("双方弃权", DOUBLE_FORFEIT),
    ("红方胜", RED_WIN),
    ("先胜", RED_WIN),
    ("后胜", BLACK_WIN),
    ("红负", BLACK_WIN),
    ("黑负", RED_WIN),
    ("轮空", BYE),
    # scores
    ("1-0", RED_WIN),
    ("0-1", BLACK_WIN),
    ("½-½", DRAW),
    ("0.5-0.5", DRAW),
    ("1/2-1/2", DRAW),
    ("2:0", RED_WIN),
    ("1:1", DRAW),
    ("0:2", BLACK_WIN),
    ("2-0", RED_WIN),
    ("0-2", BLACK_WIN),
    ("+-", RED_WIN_FORFEIT),
    ("-+", BLACK_WIN_FORFEIT),
    ("--", DOUBLE_FORFEIT),
    ("0-0", DOUBLE_FORFEIT),
    ("+/-", RED_WIN_FORFEIT),
    ("1-0F", RED_WIN_FORFEIT),
    ("0-1 (ff)", BLACK_WIN_FORFEIT),
    # English
    ("red win", RED_WIN),
    ("Red Wins", RED_WIN),
    ("BLACK WIN", BLACK_WIN),
    ("draw", DRAW),
    ("red win (forfeit)", RED_WIN_FORFEIT),
    ("black win (forfeit)", BLACK_WIN_FORFEIT),
    ("double forfeit", DOUBLE_FORFEIT),
    ("red forfeits", BLACK_WIN_FORFEIT),
    ("bye", BYE),
    # whitespace, full width, dashes
    ("  红胜 ", RED_WIN),
    ("红 胜", RED_WIN),
    ("１－０", RED_WIN),
    ("０：１", BLACK_WIN),
    ("１：１", DRAW),
    ("1–0", RED_WIN),
    ("0—1", BLACK_WIN),
    ("½–½", DRAW),
    ("\u3000和\u3000", DRAW),
    # model codes
    *((c, c) for c in RESULTS),
    # empty: unfinished
    (None, None),
    ("", None),
    ("   ", None),
    # Excel turned 2:0 / 1:1 / 0:2 into times
    (dt.time(2, 0), RED_WIN),
    (dt.time(1, 1), DRAW),
    (dt.time(0, 2), BLACK_WIN),
    (dt.datetime(1899, 12, 30, 2, 0), RED_WIN),
    (2 / 24, RED_WIN),
    (61 / 1440, DRAW),
    (2 / 1440, BLACK_WIN),
    ("1899-12-30T02:00:00.000Z", RED_WIN),
    ("1899-12-30T01:01:00", DRAW),
]


@pytest.mark.parametrize("value,code", TABLE)
def test_accepted(value, code):
    assert parse_result(value) == code


@pytest.mark.parametrize(
    "value",
    ["红赢了", "2-1", "1", 3, 0.5, "?", "红", "black", "1-0-1", True, dt.time(3, 0), dt.datetime(2024, 1, 1), "胜"],
)
def test_rejected(value):
    with pytest.raises(ResultError):
        parse_result(value)


def test_display_round_trips_and_dropdown():
    for lang in ("zh", "en"):
        for code in RESULTS + (BYE,):
            assert parse_result(display(code, lang)) == code
            assert is_standard(display(code, lang), code, lang)
        assert len(choices(lang)) == len(RESULTS)
        assert len(",".join(choices(lang))) < 255  # Excel's limit for a list validation
    assert choices("zh") == ["红胜", "黑胜", "和", "红胜(弃权)", "黑胜(弃权)", "双弃权"]
    assert not is_standard("1-0", RED_WIN, "zh")
