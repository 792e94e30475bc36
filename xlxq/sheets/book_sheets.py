"""The sheets of a workbook by kind, for the individual and the team reader
alike (the layout module gives the kinds: :func:`xlxq.sheets.layout.sheet_kind`
or :func:`xlxq.sheets.team_layout.sheet_kind`): the sheets found
(:func:`sheet_kinds`), the ones that must be there and the ones that may be
there once (:func:`single_sheets`), the round sheets numbered 1 … N
(:func:`numbered_sheets`) and the values read once (:func:`snapshot_of`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

from xlxq.errors import InputError
from xlxq.sheets.plan import Book

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
            raise InputError(f"工作簿中找不到“{zh}”表（英文模板为 {en}）", f"the workbook has no {en!r} sheet ({zh})")
    singles = tuple(singles)
    for kind in singles:
        if len(kinds.get(kind, [])) > 1:
            both = "、".join(f"“{n}”" for n, _ in kinds[kind])
            raise InputError(
                f"工作簿中有多张同类工作表：{both}，请删除或改名多余的一张",
                f"the workbook has more than one such sheet: {both}",
            )
    return {kind: kinds[kind][0][0] for kind in singles if kind in kinds}


def numbered_sheets(kinds: Kinds, kind: str, what_zh: str, what_en: str) -> dict[int, str]:
    """round → sheet of the sheets of ``kind``: one a round, numbered 1 … N
    (``what``: what the rounds are of, '' or '淘汰赛' / 'knockout ')."""
    by_round: dict[int, str] = {}
    for nm, n in kinds.get(kind, []):
        if n in by_round:
            raise InputError(
                f"{what_zh}第{n}轮有两张工作表：“{by_round[n]}”与“{nm}”，请删除或改名其中一张",
                f"{what_en}round {n} has two sheets: {by_round[n]!r} and {nm!r}",
            )
        by_round[n] = nm
    for i, n in enumerate(sorted(by_round), start=1):
        if n != i:
            raise InputError(
                f"缺少{what_zh}第{i}轮的工作表（已有：{'、'.join(by_round[k] for k in sorted(by_round))}）",
                f"the sheet of {what_en}round {i} is missing",
            )
    return by_round


def snapshot_of(book: Book, wanted: Iterable[str]) -> dict[str, list[list[Any]]]:
    """The values of the ``wanted`` sheets, read once."""
    return {nm: [list(r) for r in (book.values(nm) or [])] for nm in wanted}
