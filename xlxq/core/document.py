"""A printable document as data: a cover, then sections of titled tables
and text.  The 成绩册 (:mod:`xlxq.operations.booklet`) is built as one
:class:`Document` and rendered twice, as a workbook and as a PDF
(:mod:`xlxq.presentation.booklet`), so both show the same cells.

Pure: no I/O, nothing about pages or fonts; the renderers choose the page
(orientation, font size, split columns) from the table's shape.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from typing import Optional, Union

__all__ = ["Table", "Paragraph", "Block", "Section", "Cover", "Document"]


@dataclass(frozen=True)
class Table:
    """A titled table: ``header`` over ``rows`` (all text); ``numeric``:
    the columns aligned right; ``keep``: the leading columns repeated on
    every part when a renderer splits a table too wide for the page (序号,
    姓名)."""

    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: tuple[bool, ...] = ()
    keep: int = 0
    note: str = ""

    def __post_init__(self) -> None:
        n = len(self.header)
        bad = [i for i, r in enumerate(self.rows) if len(r) != n]
        if bad:
            raise ValueError(f"table {self.title!r}: row {bad[0]} has {len(self.rows[bad[0]])} cells, header {n}")
        if self.numeric and len(self.numeric) != n:
            raise ValueError(f"table {self.title!r}: {len(self.numeric)} alignments for {n} columns")

    def right(self, col: int) -> bool:
        return bool(self.numeric) and self.numeric[col]


@dataclass(frozen=True)
class Paragraph:
    text: str


Block = Union[Table, Paragraph]


@dataclass(frozen=True)
class Section:
    """A part of the document: a title, its blocks; ``sheet``: the short
    name of its worksheet (at most 31 characters, no ``[]:*?/\\``);
    ``flow``: on paper it may go on under the section before (each round's
    pairings), where a section otherwise starts a page."""

    title: str
    sheet: str
    blocks: tuple[Block, ...]
    flow: bool = False

    def tables(self) -> list[Table]:
        return [b for b in self.blocks if isinstance(b, Table)]


@dataclass(frozen=True)
class Cover:
    """The first page: ``title`` (成绩册), the event's name, the facts as
    (label, value) lines, the signature lines' labels (裁判长, 编排长)."""

    title: str
    event: str
    facts: tuple[tuple[str, str], ...] = ()
    signatures: tuple[str, ...] = ()


@dataclass(frozen=True)
class Document:
    """``name``: the event (every page's header); ``lang``: zh or en."""

    name: str
    lang: str
    cover: Cover
    sections: tuple[Section, ...] = field(default_factory=tuple)
    # when it was made: the text printed (更新于 …, as the site's footer:
    # ``generated``, "2026-12-04 15:02") and the time (the PDF's creation
    # date); None: not said
    generated: str = ""
    created: Optional[datetime.datetime] = None

    def tables(self) -> list[Table]:
        return [t for s in self.sections for t in s.tables()]
