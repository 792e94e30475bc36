"""The 等级分 sheet: the UNOFFICIAL Elo estimate (:mod:`xlxq.core.rating`),
rewritten whole by 计算成绩 when the 设置 rows ask for it (等级分报告 = 是;
K值表, 等级分差上限), after the standings sheet (a team workbook's after
台次成绩: :func:`write_rating_table` with the team names).  Every row of it
says that it is unofficial: no CXA formula is public (rules-research.md §5)."""

from __future__ import annotations

from typing import Any, Mapping, Optional

from xlxq.core.model import Event
from xlxq.i18n import pick
from xlxq.core.rating import RatingOptions, event_rating_rows
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.data import WorkbookData
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.formats import program_sheet, write_table

__all__ = ["write_rating", "write_rating_table"]


def _t(lang: str, zh: str, en: str) -> str:
    return pick(lang, zh, en)


def write_rating(canvas: Canvas, data: WorkbookData, event: Event, options: RatingOptions) -> None:
    """The 等级分 sheet of an individual workbook, after its standings sheet."""
    name = program_sheet(canvas, data, L.RATING, data.standings_sheet)
    write_rating_table(canvas, name, data.lang, event, options)


def write_rating_table(
    canvas: Canvas,
    name: str,
    lang: str,
    event: Any,
    options: RatingOptions,
    teams: Optional[Mapping[int, str]] = None,
) -> None:
    """序号, 姓名, 单位 (``teams``: a team event's 队名 by player), 原等级分, K,
    局数, 得分 W, 期望得分 We, 变化, 新等级分; then the formula, the K table
    and cap, and the unrated players, into the emptied sheet ``name``."""
    rows = event_rating_rows(event, options)
    header = [
        _t(lang, h[0], h[1])
        for h in (
            ("序号", "No"),
            ("姓名", "Name"),
            ("队名", "Team") if teams is not None else ("单位", "Club"),
            ("原等级分", "Old"),
            ("K", "K"),
            ("局数", "Games"),
            ("得分 W", "Score W"),
            ("期望得分 We", "Expected We"),
            ("变化", "Change"),
            ("新等级分", "New"),
        )
    ]
    table = []
    for r in rows:
        p = event.player(r.no)
        table.append(
            [
                r.no,
                p.name,
                (teams.get(r.no) if teams is not None else p.unit) or None,
                tidy_number(r.old),
                tidy_number(r.k),
                len(r.games),
                tidy_number(r.score),
                round(r.expected, 2),
                round(r.change, 1),
                round(r.new, 1),
            ]
        )
    title = _t(lang, "等级分估算（非官方）", "Rating estimate (unofficial)")
    widths = {1: 6, 2: 12, 3: 16, 4: 9, 5: 5, 6: 6, 7: 8, 8: 11, 9: 8, 10: 9}
    write_table(canvas, name, L.titled(event.settings.name, title), header, table, widths, freeze=(L.FIRST_DATA_ROW, 3))
    k = ",".join(f"{tidy_number(at)}:{tidy_number(v)}" for at, v in options.k_table)
    cap = tidy_number(options.cap)
    row = L.FIRST_DATA_ROW + len(table) + 1
    notes = [
        _t(
            lang,
            "非官方等级分估算（Elo 公式，中国象棋协会未公布其计算方法），仅供参考",
            "unofficial rating estimate (Elo formula; the CXA has not published its method), for reference only",
        ),
        _t(
            lang,
            f"Rn = Ro + K·(W − We)，We = 1/(1+10^(−D/400))；K值表 {k}（起点:K），等级分差 D 上限 ±{cap}；"
            "轮空、弃权与未完成的对局不计",
            f"Rn = Ro + K·(W − We), We = 1/(1+10^(−D/400)); K table {k} (from:K), D capped at ±{cap}; "
            "byes, forfeits and unfinished games not counted",
        ),
    ]
    if teams is not None:
        notes.append(
            _t(
                lang,
                "团体赛：每台对局算作两名棋手之间的一局（按各自所坐台次），空台、弃权不计",
                "team event: every board game counts as a game between its two players (on the boards they sat), "
                "empty boards and forfeits not counted",
            )
        )
    unrated = [p for p in event.players if p.rating is None]
    if unrated:
        sep = _t(lang, "、", ", ")
        names = sep.join(f"{p.no} {p.name}" for p in unrated)
        notes.append(_t(lang, f"无等级分（未计）：{names}", f"unrated (not counted): {names}"))
    for i, text in enumerate(notes):
        canvas.set(name, row + i, 1, text)
