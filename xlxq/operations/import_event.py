"""``xlxq import REG ROUNDS OUT``: an individual Swiss run elsewhere (Match
BP Online, an Office 编排程序, by hand …) into a JSON tournament file or a
workbook, to continue it or to audit it (``xlxq audit``, docs/audit.md).

REG: the registration (序号, 姓名, 单位, optional 等级分/种子), read by the
registration reader of ``xlxq new`` (:func:`xlxq.backends.registration.read_registration`):
the players keep the 序号 the file gives them.  ROUNDS: CSV or XLSX, one
row a board, the columns found by their headers::

    轮次 round   台次 board   红方序号 red   黑方序号 black   结果 result

a bye (轮空) is a row whose black is empty or the word 轮空/bye; a result
in every spelling the workbook's 对阵表 accepts (:func:`xlxq.sheets.results.parse_result`:
1-0, 红胜, 2:0, ½-½ …), empty for a game not finished.

Every problem of the rounds file is reported at once (:class:`~xlxq.errors.ErrorList`),
each naming its file, row and column; nothing is written then (exit 2).
OUT must not exist unless ``force``.  The file keeps no engine pairing (the
rounds were paired elsewhere): ``audit`` compares every round with the
derivation, a difference is 不一致.

Lazy imports: the workbook writer (:mod:`xlxq.operations.convert`, the
template and openpyxl) only for an .xlsx/.xlsm OUT.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Optional

from xlxq.backends.registration import as_posint, cell_text, read_registration, registration_rows
from xlxq.core.model import Board, Event, EventSettings, Round
from xlxq.errors import ErrorList, InputError
from xlxq.i18n import Text
from xlxq.operations.result import Outcome
from xlxq.operations.source import WORKBOOK_SUFFIXES, checked, save
from xlxq.sheets.results import BYE, ResultError, parse_result

__all__ = ["import_event", "read_rounds", "ROUND_HEADERS"]

#: the rounds file's columns: key → (zh label, headers accepted, normalised)
ROUND_HEADERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "round": ("轮次", ("轮次", "轮", "round", "rd")),
    "board": ("台次", ("台次", "台号", "台", "board", "bd", "table")),
    "red": ("红方序号", ("红方序号", "红方", "红", "red", "white")),
    "black": ("黑方序号", ("黑方序号", "黑方", "黑", "black")),
    "result": ("结果", ("结果", "result", "res")),
}
_LOOKUP = {h: key for key, (_, hs) in ROUND_HEADERS.items() for h in hs}
_BYE_WORDS = {"轮空", "bye", "輪空", "-", "—"}
_HEADER_SCAN = 10


def _header(h: Any) -> str:
    """A header cell normalised: spaces and a trailing colon dropped, lower case."""
    return "" if h is None else re.sub(r"[\s\u3000]+", "", str(h)).lower().rstrip(":：")


def _col_letter(j: int) -> str:
    out = ""
    j += 1
    while j:
        j, r = divmod(j - 1, 26)
        out = chr(65 + r) + out
    return out


def read_rounds(path: Path, players: Optional[set[int]]) -> list[Round]:
    """The rounds of a rounds file (see the module text); ``players``: the
    registered numbers (None: the registration could not be read, numbers
    are not checked against it).  Every problem at once."""
    name = path.name
    if not path.exists():
        raise InputError(f"找不到对阵成绩表：{path}", f"rounds file not found: {path}", file=name)
    if path.is_dir() or path.suffix.lower() not in (".csv", ".txt", ".tsv", ".xlsx", ".xlsm"):
        raise InputError(
            f"对阵成绩表应为 .csv 或 .xlsx 文件：{name}",
            f"the rounds file should be a .csv or .xlsx file: {name}",
            file=name,
        )
    rows = registration_rows(path)
    header, cols = -1, {}
    for i, row in enumerate(rows[:_HEADER_SCAN]):
        found = {_LOOKUP[h]: j for j, h in enumerate(_header(c) for c in row) if h in _LOOKUP}
        if "round" in found and "red" in found:
            header, cols = i, found
            break
    if header < 0:
        raise InputError(
            f"{name}：前{_HEADER_SCAN}行中找不到表头（轮次、台次、红方序号、黑方序号、结果）",
            f"{name}: no header in the first {_HEADER_SCAN} rows (round, board, red, black, result)",
            file=name,
        )
    missing = [k for k in ROUND_HEADERS if k not in cols]
    if missing:
        raise InputError(
            f"{name} 第{header + 1}行：缺少列 " + "、".join(ROUND_HEADERS[k][0] for k in missing),
            f"{name} row {header + 1}: missing column(s) " + ", ".join(missing),
            file=name,
            row=header + 1,
        )
    errors = ErrorList()
    boards: dict[int, dict[int, tuple[int, Board]]] = {}  # round → board → (row, board)
    byes: dict[int, list[tuple[int, int]]] = {}  # round → (row, player)
    incomplete: set[int] = set()  # rounds with a row refused
    for i, row in enumerate(rows[header + 1 :], start=header + 2):
        cells = {k: (row[j] if j < len(row) else None) for k, j in cols.items()}
        if all(v is None or cell_text(v) == "" for v in cells.values()):
            continue

        def bad(key: str, zh: str, en: str, i: int = i) -> InputError:
            cell = f"{_col_letter(cols[key])}{i}"
            return InputError(
                f"{name} 第{i}行（{cell}）{ROUND_HEADERS[key][0]}：{zh}",
                f"{name} row {i} ({cell}) {key}: {en}",
                file=name,
                row=i,
                cell=cell,
            )

        def number(key: str, cells: dict[str, Any] = cells) -> Optional[int]:
            v = cells[key]
            n = as_posint(v)
            if n is None:
                shown = "" if v is None else cell_text(v)
                errors.add(bad(key, f"应为正整数，而不是“{shown}”", f"must be a positive whole number, not {shown!r}"))
                return None
            if key in ("red", "black") and players is not None and n not in players:
                errors.add(bad(key, f"报名表中没有序号 {n}", f"no player {n} in the registration"))
                return None
            return n

        before = len(errors.errors)
        rno = number("round")
        black_text = "" if cells["black"] is None else cell_text(cells["black"])
        is_bye = black_text.strip().lower() in _BYE_WORDS or black_text.strip() == ""
        red = number("red")
        if is_bye:
            result_text = "" if cells["result"] is None else cell_text(cells["result"])
            if result_text and result_text.strip().lower() not in _BYE_WORDS:
                try:
                    ok = parse_result(cells["result"]) == BYE
                except ResultError:
                    ok = False
                if not ok:
                    errors.add(
                        bad(
                            "result",
                            f"轮空行的结果应为空或“轮空”，而不是“{result_text}”",
                            f"a bye's result must be empty or 'bye', not {result_text!r}",
                        )
                    )
            if rno is not None and red is not None:
                byes.setdefault(rno, []).append((i, red))
            if len(errors.errors) > before and rno is not None:
                incomplete.add(rno)
            continue
        bno = number("board")
        black = number("black")
        try:
            result = parse_result(cells["result"])
        except ResultError as exc:
            errors.add(bad("result", f"无法识别的结果“{exc.text}”", f"unknown result {exc.text!r}"))
            result = None
        if result == BYE:
            errors.add(bad("result", "有黑方的台次不能是轮空", "a board with a black player cannot be a bye"))
            result = None
        if red is not None and red == black:
            errors.add(bad("black", f"{red}号不能与自己对局", f"player {red} cannot play himself"))
        if len(errors.errors) > before and rno is not None:
            incomplete.add(rno)  # a row refused: the round's board numbers are not judged
        if None in (rno, bno, red, black) or red == black:
            continue
        assert rno is not None and bno is not None and red is not None and black is not None
        if bno in boards.setdefault(rno, {}):
            errors.add(
                bad(
                    "board",
                    f"第{rno}轮第{bno}台重复（又见第{boards[rno][bno][0]}行）",
                    f"round {rno} board {bno} twice (also row {boards[rno][bno][0]})",
                )
            )
            continue
        boards[rno][bno] = (i, Board(bno, red, black, result))
    rounds: list[Round] = []
    for rno in sorted(set(boards) | set(byes)):
        seen: dict[int, int] = {}
        for i, b in sorted(boards.get(rno, {}).values(), key=lambda x: x[1].board):
            for no in (b.red, b.black):
                if no in seen:
                    errors.add(
                        InputError(
                            f"{name} 第{i}行：{no}号在第{rno}轮出场两次（又见第{seen[no]}行）",
                            f"{name} row {i}: player {no} twice in round {rno} (also row {seen[no]})",
                            file=name,
                            row=i,
                        )
                    )
                seen[no] = i
        for i, no in byes.get(rno, []):
            if no in seen:
                errors.add(
                    InputError(
                        f"{name} 第{i}行：{no}号在第{rno}轮出场两次（又见第{seen[no]}行）",
                        f"{name} row {i}: player {no} twice in round {rno} (also row {seen[no]})",
                        file=name,
                        row=i,
                    )
                )
            seen[no] = i
        ordered = sorted(boards.get(rno, {}))
        if ordered != list(range(1, len(ordered) + 1)) and rno not in incomplete:
            errors.add(
                InputError(
                    f"{name}：第{rno}轮的台次应为 1 至 {len(ordered)}，而不是 {ordered}",
                    f"{name}: round {rno}'s boards must be 1 to {len(ordered)}, not {ordered}",
                    file=name,
                    round=rno,
                )
            )
        rounds.append(Round(rno, [boards[rno][k][1] for k in ordered], [no for _, no in byes.get(rno, [])]))
    numbers = [r.round for r in rounds]
    if numbers != list(range(1, len(numbers) + 1)):
        errors.add(
            InputError(
                f"{name}：轮次应为 1 至 {len(numbers)}，而不是 {numbers}",
                f"{name}: the rounds must be 1 to {len(numbers)}, not {numbers}",
                file=name,
            )
        )
    if not rounds and not errors.errors:
        errors.add(InputError(f"{name}：没有任何对局", f"{name}: no boards", file=name))
    errors.check()
    return rounds


def import_event(
    registration: str,
    rounds_file: str,
    out: str,
    force: bool = False,
    name: str = "",
    first_round: str = "adjacent",
    planned: Optional[int] = None,
    lang: str = "zh",
) -> Outcome:
    """The event of ``registration`` and ``rounds_file`` written to ``out``
    (.json, or .xlsx/.xlsm: a workbook); every problem of both files at once."""
    if os.path.exists(out) and not force:
        raise InputError(f"{out} 已存在（覆盖请加 --force）", f"{out} exists (use --force to overwrite it)", file=out)
    errors = ErrorList()
    players = None
    with errors.guard():
        players = read_registration(registration)
    rounds: list[Round] = []
    with errors.guard():
        rounds = read_rounds(Path(rounds_file), {p.no for p in players} if players is not None else None)
    errors.check()
    assert players is not None
    settings = EventSettings(
        name=name or Path(rounds_file).stem, rounds=max(len(rounds), planned or 0), first_round=first_round
    )
    event = checked(Event(settings, players, rounds))
    suffix = Path(out).suffix.lower()
    if suffix in WORKBOOK_SUFFIXES:
        from xlxq.operations.convert import write_workbook

        write_workbook(event, out, lang, overwrite=force)
    else:
        save(event, out)

    def lines(lang: str) -> list[str]:
        t = Text(lang)
        return [
            t(
                f"已导入：{len(players)}名棋手，{len(rounds)}轮，写入 {out}（复核：xlxq audit {out}）",
                f"imported: {len(players)} players, {len(rounds)} rounds, written to {out} (audit: xlxq audit {out})",
            )
        ]

    return Outcome(render=lines)
