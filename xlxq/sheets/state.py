"""The hidden state sheet (_xlxq) of an individual workbook: what the program
paired (:class:`Sig` per round, generated and written) and which cells it
highlighted (:class:`HighlightRef`), read by :func:`read_state` and written
by :func:`xlxq.sheets.write_notes.write_state`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from xlxq.core.model import Round
from xlxq.sheets.cells import as_int, cell_at, text_of


STATE_VERSION = 1


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
        elif kind == "highlight" and a and b and c:
            st.highlights.append(HighlightRef(str(a), str(b), str(c), str(d or "")))
    return st
