"""The sheets of a workbook by kind, for the individual and the team reader
alike (the layout module gives the kinds: :func:`xlxq.sheets.layout.sheet_kind`
or :func:`xlxq.sheets.team_layout.sheet_kind`): the sheets found
(:func:`sheet_kinds`), the ones that must be there and the ones that may be
there once (:func:`single_sheets`), the round sheets numbered 1 … N
(:func:`numbered_sheets`) and the values read once (:func:`snapshot_of`),
with their merged ranges over several rows
(:func:`xlxq.sheets.cells.refuse_merged` refuses them over a column read
row by row);
:func:`open_sheets` does all of it for a :class:`BookLayout` (the individual
workbook's :data:`xlxq.sheets.layout.BOOK`, the team workbook's
:data:`xlxq.sheets.team_layout.BOOK`), and :func:`too_many_rounds` is the
error both readers give for more round sheets than 轮数.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional

from xlxq.errors import InputError
from xlxq.sheets.plan import Book, MergedRange, merged_ranges
from xlxq.i18n import Lazy, Msg, tr, zh_only

Kinds = dict[str, list[tuple[str, Optional[int]]]]


def sheet_kinds(names: Iterable[str], kind_of: Callable[[str], tuple[Optional[str], Optional[int]]]) -> Kinds:
    """kind → [(sheet name, round number)] of the sheets that belong to the event."""
    kinds: Kinds = {}
    for nm in names:
        kind, n = kind_of(nm)
        if kind:
            kinds.setdefault(kind, []).append((nm, n))
    return kinds


def single_sheets(
    kinds: Kinds, required: Iterable[str], singles: Iterable[str], sheet_names: dict[str, dict[str, str]]
) -> dict[str, str]:
    """kind → name of the sheets there may be once; an error when one of
    ``required`` is missing (``sheet_names``: the layout's names) or a kind of
    ``singles`` has more than one sheet."""
    for kind in required:
        if kind not in kinds:
            zh, en = sheet_names[kind]["zh"], sheet_names[kind]["en"]
            raise InputError(Msg("book_sheets.the-workbook-has-no-sheet", zh=zh, en=en))
    singles = tuple(singles)
    for kind in singles:
        if len(kinds.get(kind, [])) > 1:
            both = [n for n, _ in kinds[kind]]
            raise InputError(Msg("book_sheets.the-workbook-has-more-than-one-such", both=_quoted(both)))
    return {kind: kinds[kind][0][0] for kind in singles if kind in kinds}


def _quoted(names: list[str]) -> Lazy:
    """Sheet names as one list: “a”、“b” / 'a', 'b'."""
    return Lazy(
        lambda lang: tr(lang, "common.list-sep").join(tr(lang, "book_sheets.sheet-name", name=n) for n in names)
    )


def numbered_sheets(kinds: Kinds, kind: str, what: Any = "") -> dict[int, str]:
    """round → sheet of the sheets of ``kind``: one a round, numbered 1 … N
    (``what``: what the rounds are of, '' or ``Msg("read.knockout")``:
    '淘汰赛' / 'knockout ')."""
    by_round: dict[int, str] = {}
    for nm, n in kinds.get(kind, []):
        if n in by_round:
            raise InputError(
                Msg("book_sheets.round-has-two-sheets-and", what=what, n=n, round_n=by_round[n], nm=nm),
            )
        by_round[n] = nm
    for i, n in enumerate(sorted(by_round), start=1):
        if n != i:
            raise InputError(
                Msg(
                    "book_sheets.the-sheet-of-round-is-missing",
                    what=what,
                    i=i,
                    present=zh_only(
                        "book_sheets.present-paren", names="、".join(by_round[k] for k in sorted(by_round))
                    ),
                )
            )
    return by_round


def snapshot_of(book: Book, wanted: Iterable[str]) -> dict[str, list[list[Any]]]:
    """The values of the ``wanted`` sheets, read once."""
    return {nm: [list(r) for r in (book.values(nm) or [])] for nm in wanted}


@dataclass(frozen=True)
class BookLayout:
    """The sheets of one kind of workbook, as the readers open it:
    ``sheet_kind`` (name → kind, round), ``sheet_names`` (kind → zh/en),
    the kinds that must be there (``required``; the language is that of the
    last one's name, the registration sheet), the kinds there may be once
    (``singles``), and the order the sheets are read in: the singles
    ``first``, the round sheets of ``round_kinds``, the singles ``after``."""

    sheet_kind: Callable[[str], tuple[Optional[str], Optional[int]]]
    lang_of_sheet: Callable[[str], str]
    sheet_names: dict[str, dict[str, str]]
    required: tuple[str, ...]
    singles: tuple[str, ...]
    first: tuple[str, ...]
    round_kinds: tuple[str, ...]
    after: tuple[str, ...] = ()


@dataclass
class OpenSheets:
    """A workbook's sheets found and read once (:func:`open_sheets`)."""

    names: list[str]
    kinds: Kinds
    one: dict[str, str]  # kind → name of the single sheets there are
    lang: str
    snapshot: dict[str, list[list[Any]]]
    #: sheet → its merged ranges over more than one row (none: not there)
    merged: dict[str, list[MergedRange]]


def open_sheets(book: Book, layout: BookLayout) -> OpenSheets:
    """The sheets of ``book`` by the kinds of ``layout``, the required ones
    checked, the event's sheets read once."""
    names = list(book.sheet_names())
    kinds = sheet_kinds(names, layout.sheet_kind)
    one = single_sheets(kinds, layout.required, layout.singles, layout.sheet_names)
    lang = layout.lang_of_sheet(one[layout.required[-1]])
    wanted = [one[k] for k in layout.first if k in one]
    wanted += [nm for kind in layout.round_kinds for nm, _ in kinds.get(kind, [])]
    wanted += [one[k] for k in layout.after if k in one]
    merged = {}
    for nm in wanted:
        spans = [m for m in merged_ranges(book, nm) if m[2] > m[0]]
        if spans:
            merged[nm] = spans
    return OpenSheets(names, kinds, one, lang, snapshot_of(book, wanted), merged)


def too_many_rounds(n_sheets: int, rounds: int, settings_name: str) -> InputError:
    """More round sheets than the 轮数 of the 设置 sheet."""
    return InputError(
        Msg(
            "book_sheets.more-rounds-than-the-settings",
            n=n_sheets,
            sheet=zh_only("book_sheets.quoted-sheet", name=settings_name),
            rounds=rounds,
        )
    )
