"""The hidden state sheet (_xlxq) of a workbook: what the program paired
and which cells it highlighted (:class:`HighlightRef`), written by
:func:`xlxq.sheets.write_notes.write_state`.  An individual workbook's
(:class:`State`, :func:`read_state`): a :class:`Sig` per round, generated and
written; a team workbook's (:class:`TeamState`, :func:`read_team_state`):
match teams and seats, generated and written, and the 出场名单 rows used.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional

from xlxq.core.model import Round
from xlxq.sheets.cells import as_int, cell_at, text_of


STATE_VERSION = 1
TEAM_STATE_VERSION = 1


def state_head(version: int, *more: list[Any]) -> list[list[Any]]:
    """The first rows of a state sheet (individual or team: ``more``)."""
    return [["xlxq", "内部记录，请勿修改 / internal record of xlxq, do not edit"], ["version", version], *more]


@dataclass
class Sig:
    """A round's pairing: board → (red, black), and the byes."""

    boards: dict[int, tuple[int, int]] = field(default_factory=dict)
    byes: list[int] = field(default_factory=list)

    @classmethod
    def of(cls, rnd: Round) -> "Sig":
        return cls({b.board: (b.red, b.black) for b in rnd.boards}, list(rnd.byes))

    def encode(self) -> tuple[str, str]:
        return (
            " ".join(f"{k}:{r}-{b}" for k, (r, b) in sorted(self.boards.items())),
            " ".join(str(n) for n in self.byes),
        )

    @classmethod
    def decode(cls, boards: Any, byes: Any) -> Optional["Sig"]:
        out = cls()
        try:
            for tok in str(boards or "").split():
                k, rb = tok.split(":")
                r, b = rb.split("-")
                out.boards[int(k)] = (int(r), int(b))
            out.byes = [int(float(x)) for x in str(byes or "").split()]
        except ValueError:
            return None
        return out


@dataclass
class HighlightRef:
    sheet: str
    rowkey: str  # "board:5", "bye:17", "player:3", "row:12"
    colkey: str
    address: str


@dataclass
class State:
    generated: dict[int, Sig] = field(default_factory=dict)
    written: dict[int, Sig] = field(default_factory=dict)
    highlights: list[HighlightRef] = field(default_factory=list)
    # the knockout stage of 积分晋圈淘汰 (its rounds are numbered from 1 too)
    ko_generated: dict[int, Sig] = field(default_factory=dict)
    ko_written: dict[int, Sig] = field(default_factory=dict)

    def sigs(self, kind: str, stage: str = "main") -> dict[int, Sig]:
        return getattr(self, ("ko_" if stage == "ko" else "") + kind)


def _highlight(a: Any, b: Any, c: Any, d: Any) -> Optional[HighlightRef]:
    """A highlight row's reference (sheet, row key, column key, address)."""
    return HighlightRef(str(a), str(b), str(c), str(d or "")) if a and b and c else None


def read_state(grid: list[list[Any]]) -> State:
    st = State()
    for i in range(1, len(grid) + 1):
        kind = text_of(cell_at(grid, i, 1))
        a, b, c, d = (cell_at(grid, i, j) for j in (2, 3, 4, 5))
        if kind in ("generated", "written", "ko_generated", "ko_written"):
            n = as_int(a)
            sig = Sig.decode(b, c)
            if n and sig is not None:
                getattr(st, kind)[n] = sig
        elif kind == "highlight" and (ref := _highlight(a, b, c, d)) is not None:
            st.highlights.append(ref)
    return st


@dataclass
class TeamState:
    """The hidden _xlxq sheet of a team workbook: what the program paired
    (generated), what it last wrote (written: match teams and seats), the
    出场名单 rows already used, and the cells it highlighted."""

    generated: dict[int, dict[int, tuple[int, int, list[tuple[int, int]]]]] = field(default_factory=dict)
    gbyes: dict[int, list[int]] = field(default_factory=dict)
    written: dict[int, dict[int, tuple[int, int, list[tuple[int, int]]]]] = field(default_factory=dict)
    wbyes: dict[int, list[int]] = field(default_factory=dict)
    lineups: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    highlights: list[HighlightRef] = field(default_factory=list)


def team_state_head() -> list[list[Any]]:
    """The first rows of a team workbook's state sheet."""
    return state_head(TEAM_STATE_VERSION, ["kind", "team"])


def enc_seats(seats: Iterable[tuple[int, int]]) -> str:
    return " ".join(f"{r}-{b}" for r, b in seats)


def _dec_seats(text: Any) -> Optional[list[tuple[int, int]]]:
    out = []
    try:
        for tok in str(text or "").split():
            r, b = tok.split("-")
            out.append((int(r), int(b)))
    except ValueError:
        return None
    return out


def _dec_ints(text: Any) -> Optional[list[int]]:
    try:
        return [int(float(x)) for x in str(text or "").split()]
    except ValueError:
        return None


def read_team_state(grid: list[list[Any]]) -> TeamState:
    st = TeamState()
    for i in range(1, len(grid) + 1):
        kind = text_of(cell_at(grid, i, 1))
        vals = [cell_at(grid, i, j) for j in range(2, 7)]
        if kind in ("generated", "written"):
            n, m, f, s = (as_int(v) for v in vals[:4])
            seats = _dec_seats(vals[4])
            if n and m and f and s and seats is not None:
                (st.generated if kind == "generated" else st.written).setdefault(n, {})[m] = (f, s, seats)
        elif kind in ("gbyes", "wbyes"):
            n = as_int(vals[0])
            byes = _dec_ints(vals[1])
            if n and byes is not None:
                (st.gbyes if kind == "gbyes" else st.wbyes)[n] = byes
        elif kind == "lineup":
            n, t = as_int(vals[0]), as_int(vals[1])
            lu = _dec_ints(vals[2])
            if n and t and lu is not None:
                st.lineups[(n, t)] = lu
        elif kind == "highlight" and (ref := _highlight(*vals[:4])) is not None:
            st.highlights.append(ref)
    return st
