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
from xlxq.i18n import Lazy, Msg, tr

__all__ = [
    "import_event",
    "read_rounds",
    "find_columns",
    "header_key",
    "col_letter",
    "ROUND_HEADERS",
    "MATCH_HEADERS",
    "BYE_WORDS",
    "HEADER_SCAN",
]

#: the rounds file's columns: key → (the message of its name, headers accepted, normalised)
ROUND_HEADERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "round": ("import_event.column-round", ("轮次", "轮", "round", "rd")),
    "board": ("import_event.column-board", ("台次", "台号", "台", "board", "bd", "table")),
    "red": ("import_event.column-red", ("红方序号", "红方", "红", "red", "white")),
    "black": ("import_event.column-black", ("黑方序号", "黑方", "黑", "black")),
    "result": ("import_event.column-result", ("结果", "result", "res")),
}
#: the 场次 column of a team rounds file (:mod:`xlxq.operations.import_team`)
MATCH_HEADERS = ("场次", "場次", "match", "matchno")
#: a bye's opponent (and result)
BYE_WORDS = {"轮空", "bye", "輪空", "-", "—"}
#: the rows searched for the header
HEADER_SCAN = 10


def header_key(h: Any) -> str:
    """A header cell normalised: spaces and a trailing colon dropped, lower case."""
    return "" if h is None else re.sub(r"[\s\u3000]+", "", str(h)).lower().rstrip(":：")


def col_letter(j: int) -> str:
    out = ""
    j += 1
    while j:
        j, r = divmod(j - 1, 26)
        out = chr(65 + r) + out
    return out


def find_columns(
    rows: list[list[Any]],
    name: str,
    headers: dict[str, tuple[str, tuple[str, ...]]],
    no_header: str = "import_event.no-header-in-the-first-rows-round-board",
) -> tuple[int, dict[str, int]]:
    """The header row of a rounds file (the first of its first
    :data:`HEADER_SCAN` rows naming a round and a red column) and the
    column of every key of ``headers`` (key → (the message of its name,
    headers accepted)), a missing one refused by name; a 场次 column is
    found too (a team rounds file), whether ``headers`` asks for it or not;
    ``no_header``: the message when no row is the header (it lists the columns)."""
    # header → (key, rank): a column named by an earlier alias wins (红方序号 over 红方, a name column)
    lookup = {h: (key, k) for key, (_, hs) in headers.items() for k, h in enumerate(hs)}
    lookup.update({h: ("match", k) for k, h in enumerate(MATCH_HEADERS)})
    header, found = -1, {}
    for i, row in enumerate(rows[:HEADER_SCAN]):
        ranked: dict[str, tuple[int, int]] = {}
        for j, h in enumerate(header_key(c) for c in row):
            if h in lookup:
                key, rank = lookup[h]
                ranked[key] = min(ranked.get(key, (rank, j)), (rank, j))
        if "round" in ranked and "red" in ranked:
            header, found = i, {key: j for key, (_, j) in ranked.items()}
            break
    if header < 0:
        raise InputError(
            Msg(no_header, name=name, HEADER_SCAN=HEADER_SCAN),
            file=name,
        )
    missing = [k for k in headers if k not in found]
    if missing:
        columns = Lazy(lambda lang: tr(lang, "common.list-sep").join(tr(lang, headers[k][0]) for k in missing))
        raise InputError(
            Msg("import_event.row-missing-columns", name=name, row=header + 1, columns=columns),
            file=name,
            row=header + 1,
        )
    return header, found


def read_rounds(path: Path, players: Optional[set[int]]) -> list[Round]:
    """The rounds of a rounds file (see the module text); ``players``: the
    registered numbers (None: the registration could not be read, numbers
    are not checked against it).  Every problem at once."""
    name = path.name
    if not path.exists():
        raise InputError(Msg("import_event.rounds-file-not-found", path=path), file=name)
    if path.is_dir() or path.suffix.lower() not in (".csv", ".txt", ".tsv", ".xlsx", ".xlsm"):
        raise InputError(
            Msg("import_event.the-rounds-file-should-be-a-csv-or-xlsx", name=name),
            file=name,
        )
    rows = registration_rows(path)
    header, cols = find_columns(rows, name, ROUND_HEADERS)
    if "match" in cols:  # a 场次 column: the boards of a team event's matches
        raise InputError(
            Msg("import_event.a-match-column-use-teams", name=name, row=header + 1), file=name, row=header + 1
        )
    errors = ErrorList()
    boards: dict[int, dict[int, tuple[int, Board]]] = {}  # round → board → (row, board)
    byes: dict[int, list[tuple[int, int]]] = {}  # round → (row, player)
    incomplete: set[int] = set()  # rounds with a row refused
    for i, row in enumerate(rows[header + 1 :], start=header + 2):
        cells = {k: (row[j] if j < len(row) else None) for k, j in cols.items()}
        if all(v is None or cell_text(v) == "" for v in cells.values()):
            continue

        def bad(key: str, what: Msg, i: int = i) -> InputError:
            cell = f"{col_letter(cols[key])}{i}"
            return InputError(
                Msg("import_event.row", name=name, i=i, cell=cell, column=Msg(ROUND_HEADERS[key][0]), what=what),
                file=name,
                row=i,
                cell=cell,
            )

        def number(key: str, cells: dict[str, Any] = cells) -> Optional[int]:
            v = cells[key]
            n = as_posint(v)
            if n is None:
                shown = "" if v is None else cell_text(v)
                errors.add(bad(key, Msg("import_event.must-be-a-positive-whole-number", shown=shown)))
                return None
            if key in ("red", "black") and players is not None and n not in players:
                errors.add(bad(key, Msg("import_event.no-player-in-the-registration", n=n)))
                return None
            return n

        before = len(errors.errors)
        rno = number("round")
        black_text = "" if cells["black"] is None else cell_text(cells["black"])
        is_bye = black_text.strip().lower() in BYE_WORDS or black_text.strip() == ""
        red = number("red")
        if is_bye:
            result_text = "" if cells["result"] is None else cell_text(cells["result"])
            if result_text and result_text.strip().lower() not in BYE_WORDS:
                try:
                    ok = parse_result(cells["result"]) == BYE
                except ResultError:
                    ok = False
                if not ok:
                    errors.add(bad("result", Msg("import_event.a-bye-s-result-must-be-empty", result=result_text)))
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
            errors.add(bad("result", Msg("import_event.unknown-result", text=exc.text)))
            result = None
        if result == BYE:
            errors.add(bad("result", Msg("import_event.a-board-with-a-black-player-cannot-be-a")))
            result = None
        if red is not None and red == black:
            errors.add(bad("black", Msg("import_event.player-cannot-play-himself", red=red)))
        if len(errors.errors) > before and rno is not None:
            incomplete.add(rno)  # a row refused: the round's board numbers are not judged
        if None in (rno, bno, red, black) or red == black:
            continue
        assert rno is not None and bno is not None and red is not None and black is not None
        if bno in boards.setdefault(rno, {}):
            errors.add(bad("board", Msg("import_event.round-board-twice", rno=rno, bno=bno, row=boards[rno][bno][0])))
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
                            Msg(
                                "import_event.row-player-twice-in-round-also-row",
                                name=name,
                                i=i,
                                no=no,
                                rno=rno,
                                seen_no=seen[no],
                            ),
                            file=name,
                            row=i,
                        )
                    )
                seen[no] = i
        for i, no in byes.get(rno, []):
            if no in seen:
                errors.add(
                    InputError(
                        Msg(
                            "import_event.row-player-twice-in-round-also-row",
                            name=name,
                            i=i,
                            no=no,
                            rno=rno,
                            seen_no=seen[no],
                        ),
                        file=name,
                        row=i,
                    )
                )
            seen[no] = i
        ordered = sorted(boards.get(rno, {}))
        if ordered != list(range(1, len(ordered) + 1)) and rno not in incomplete:
            errors.add(
                InputError(
                    Msg(
                        "import_event.round-s-boards-must-be-1-to-not",
                        name=name,
                        rno=rno,
                        n=len(ordered),
                        ordered=ordered,
                    ),
                    file=name,
                    round=rno,
                )
            )
        rounds.append(Round(rno, [boards[rno][k][1] for k in ordered], [no for _, no in byes.get(rno, [])]))
    numbers = [r.round for r in rounds]
    if numbers != list(range(1, len(numbers) + 1)):
        errors.add(
            InputError(
                Msg("import_event.the-rounds-must-be-1-to-not", name=name, n=len(numbers), numbers=numbers),
                file=name,
            )
        )
    if not rounds and not errors.errors:
        errors.add(InputError(Msg("import_event.no-boards", name=name), file=name))
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
        raise InputError(Msg("import_event.exists-use-force-to-overwrite-it", out=out), file=out)
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
                "import_event.imported-players-rounds-written-to-audit",
                n=len(players),
                n2=len(rounds),
                out=out,
            )
        ]

    return Outcome(render=lines)
