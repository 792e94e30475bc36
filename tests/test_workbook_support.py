"""Helpers for the workbook tests: act like an arbiter on the .xlsx with
openpyxl (find columns by header, type results), and mirror the event in
the pure model.  (No tests in this module.)"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Optional

import openpyxl

from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.core.model import (
    BLACK_WIN,
    BLACK_WIN_FORFEIT,
    DOUBLE_FORFEIT,
    DRAW,
    RED_WIN,
    RED_WIN_FORFEIT,
    Event,
    EventSettings,
    Player,
)

from tests.conftest import ROOT, SAMPLE  # noqa: F401 - re-exported for the workbook tests

SPELLINGS = {
    "zh": {
        RED_WIN: ["红胜", "1-0", "2:0", "红方胜", " 红胜 ", "１－０"],
        BLACK_WIN: ["黑胜", "0-1", "0:2", "黑方胜", "红负"],
        DRAW: ["和", "和棋", "½-½", "0.5-0.5", "1:1"],
        RED_WIN_FORFEIT: ["红胜(弃权)", "黑弃权", "红胜（弃权）"],
        BLACK_WIN_FORFEIT: ["红弃权", "黑胜(弃权)"],
        DOUBLE_FORFEIT: ["双弃权"],
    },
    "en": {
        RED_WIN: ["red win", "1-0", "Red wins"],
        BLACK_WIN: ["black win", "0-1"],
        DRAW: ["draw", "½-½"],
        RED_WIN_FORFEIT: ["red win (forfeit)", "+-"],
        BLACK_WIN_FORFEIT: ["-+"],
        DOUBLE_FORFEIT: ["double forfeit"],
    },
}


def sample_players() -> list[Player]:
    from xlxq.backends.registration import read_registration

    return read_registration(SAMPLE)


def header_map(ws, must: str) -> tuple[int, dict[str, list[int]]]:
    """(header row, header text → columns) of the first row holding ``must``."""
    for r in range(1, 11):
        vals = [ws.cell(row=r, column=c).value for c in range(1, ws.max_column + 1)]
        if must in vals:
            out: dict[str, list[int]] = {}
            for c, v in enumerate(vals, start=1):
                if v is not None:
                    out.setdefault(str(v), []).append(c)
            return r, out
    raise AssertionError(f"no header {must!r} in {ws.title}")


class RoundView:
    """A round sheet as the arbiter sees it (zh or en headers)."""

    def __init__(self, ws, lang: str = "zh"):
        self.ws = ws
        self.lang = lang
        res = "结果" if lang == "zh" else "Result"
        self.header_row, h = header_map(ws, res)
        no = h["序号" if lang == "zh" else "No"]
        self.c = {
            "board": h["台次" if lang == "zh" else "Board"][0],
            "result": h[res][0],
            "red_no": no[0],
            "black_no": no[1],
            "red_name": h["红方" if lang == "zh" else "Red"][0],
            "black_name": h["黑方" if lang == "zh" else "Black"][0],
            "fouls_red": h["红犯规" if lang == "zh" else "Red fouls"][0],
            "note": h["提示" if lang == "zh" else "Notes"][0],
        }

    def rows(self) -> dict[int, int]:
        """board → row (board rows only)."""
        out = {}
        for r in range(self.header_row + 1, self.ws.max_row + 1):
            b = self.ws.cell(row=r, column=self.c["board"]).value
            if isinstance(b, int) and self.ws.cell(row=r, column=self.c["black_no"]).value is not None:
                out[b] = r
        return out

    def get(self, row: int, key: str) -> Any:
        return self.ws.cell(row=row, column=self.c[key]).value

    def set(self, row: int, key: str, value: Any) -> None:
        self.ws.cell(row=row, column=self.c[key]).value = value

    def pairs(self) -> dict[int, tuple[int, int]]:
        return {b: (self.get(r, "red_no"), self.get(r, "black_no")) for b, r in self.rows().items()}


def open_round(path: Path, n: int, lang: str = "zh"):
    wb = openpyxl.load_workbook(path)
    name = f"第{n}轮" if lang == "zh" else f"Round {n}"
    return wb, RoundView(wb[name], lang)


def write_results(
    path: Path,
    n: int,
    results: dict[int, Optional[str]],
    rng: random.Random,
    lang: str = "zh",
    fouls: dict[int, int] | None = None,
) -> None:
    """Type the results of round ``n`` (board → code) in varied spellings."""
    wb, view = open_round(path, n, lang)
    rows = view.rows()
    for board, code in results.items():
        view.set(rows[board], "result", None if code is None else rng.choice(SPELLINGS[lang][code]))
    for board, f in (fouls or {}).items():
        view.set(rows[board], "fouls_red", f)
    wb.save(path)


def swap_colours(path: Path, n: int, row: int, lang: str = "zh") -> tuple[int, int]:
    """The arbiter swaps red and black on ``row`` of round ``n`` (the 序号
    swapped, the names cleared for the program to fill); returns (red, black)
    as they were."""
    wb, view = open_round(path, n, lang)
    red, black = view.get(row, "red_no"), view.get(row, "black_no")
    view.set(row, "red_no", black)
    view.set(row, "black_no", red)
    view.set(row, "red_name", None)
    view.set(row, "black_name", None)
    wb.save(path)
    return red, black


GROUP_RESULTS = ["red_win", "black_win", "draw", "red_win", "black_win"]
SHEET_RESULT = {"red_win": "红胜", "black_win": "黑胜", "draw": "和"}


def group_results(group: str, rnd: int, boards: int) -> dict[int, str]:
    """The results typed into ``group``'s round ``rnd`` (board → code), the
    same for a JSON file of groups and a workbook with groups."""
    rng = random.Random(f"{group}-{rnd}")
    return {b: rng.choice(GROUP_RESULTS) for b in range(1, boards + 1)}


def enter_group_results(path: Path, rnd: int) -> None:
    """Type :func:`group_results` into round ``rnd`` of every group of
    ``path``: a JSON file of groups (each group's boards) or a workbook with
    groups (the 结果 cells of each '组别 第N轮' sheet)."""
    import json

    path = Path(path)
    if path.suffix == ".json":
        d = json.loads(path.read_text(encoding="utf-8"))
        for g in d["groups"]:
            boards = g["rounds"][rnd - 1]["boards"]
            res = group_results(g["group"], rnd, len(boards))
            for b in boards:
                b["result"] = res[b["board"]]
        path.write_text(json.dumps(d, ensure_ascii=False, indent=1), encoding="utf-8")
        return
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        group, _, rest = ws.title.partition(" ")
        if rest != f"第{rnd}轮":
            continue
        view = RoundView(ws)
        rows = view.rows()
        res = group_results(group, rnd, len(rows))
        for b, r in rows.items():
            view.set(r, "result", SHEET_RESULT[res[b]])
    wb.save(path)


def standings_sheet(path: Path, lang: str = "zh") -> list[dict[str, Any]]:
    wb = openpyxl.load_workbook(path)
    ws = wb["成绩表" if lang == "zh" else "Standings"]
    hr, h = header_map(ws, "名次" if lang == "zh" else "Rank")
    out = []
    for r in range(hr + 1, ws.max_row + 1):
        row = {k: ws.cell(row=r, column=cs[0]).value for k, cs in h.items()}
        if row.get("名次" if lang == "zh" else "Rank") is not None:
            out.append(row)
    return out


def new_event(path: Path, rounds: int = 9, lang: str = "zh", **kw) -> tuple[Event, Path]:
    from xlxq.operations.workbook import create_event_workbook

    players = sample_players()
    settings = EventSettings(name="测试赛" if lang == "zh" else "Test open", rounds=rounds, **kw)
    create_event_workbook(path, players, settings, lang=lang)
    return Event(settings=settings, players=players), path


def book(path: Path) -> OpenpyxlBook:
    return OpenpyxlBook(path)


def fill_of(path: Path, sheet: str, row: int, col: int) -> Optional[str]:
    ws = openpyxl.load_workbook(path)[sheet]
    f = ws.cell(row=row, column=col).fill
    if f is None or f.fill_type is None:
        return None
    return "#" + str(f.fgColor.rgb)[-6:]


class MemoryBook:
    """A minimal backend, like xlwings' remote engine: values, added
    sheets and fills only; cosmetics are ignored.  Proves the protocol
    needs nothing else."""

    def __init__(self, sheets: dict[str, list[list[Any]]]):
        self.sheets = {k: [list(r) for r in v] for k, v in sheets.items()}
        self.order = list(sheets)
        self.fills: dict[tuple[str, int, int], Optional[str]] = {}
        self.plans: list = []

    @classmethod
    def from_file(cls, path: Path) -> "MemoryBook":
        b = OpenpyxlBook(path)
        return cls({n: b.values(n) for n in b.sheet_names()})

    def sheet_names(self) -> list[str]:
        return list(self.order)

    def values(self, sheet: str) -> list[list[Any]]:
        rows = [list(r) for r in self.sheets[sheet]]
        while rows and all(v is None for v in rows[-1]):
            rows.pop()
        return rows

    def apply(self, plan) -> None:
        self.plans.append(plan)
        for a in plan.add_sheets:
            assert a.name not in self.sheets
            self.sheets[a.name] = []
            i = self.order.index(a.after) + 1 if a.after in self.order else len(self.order)
            self.order.insert(i, a.name)
        for block in plan.values:
            grid = self.sheets[block.sheet]
            for i, vals in enumerate(block.values):
                r = block.row + i
                while len(grid) < r:
                    grid.append([])
                row = grid[r - 1]
                for j, v in enumerate(vals):
                    c = block.col + j
                    while len(row) < c:
                        row.append(None)
                    row[c - 1] = v
        for f in plan.fills:
            for r in range(f.row, f.row + f.rows):
                for c in range(f.col, f.col + f.cols):
                    self.fills[(f.sheet, r, c)] = f.colour
