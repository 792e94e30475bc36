"""The Book operations on a workbook with groups (组别, :mod:`xlxq.sheets.groups`):
each group's operation runs on its :class:`~xlxq.sheets.groups.GroupView`
as on an ordinary event workbook — one 编排下一轮 click pairs the next round
of every group, 计算成绩 recomputes them all — and the plans of every group
are applied at once, after every group has succeeded (an error in one group
names it, and nothing is written).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Optional, TypeVar

from xlxq.core.groups import in_group
from xlxq.errors import InputError, InputErrors, SheetError, XlxqError
from xlxq.sheets.cells import sheet_error
from xlxq.sheets.groups import GroupView, merged, workbook_groups
from xlxq.sheets.plan import Book
from xlxq.sheets.problems import Status
from xlxq.i18n import Lazy, Msg, tr
from xlxq.text import joined

__all__ = ["workbook_groups", "selected_groups", "for_each_group", "group_status", "real_error"]

T = TypeVar("T")


def selected_groups(book: Book, only: Optional[str] = None) -> list[str]:
    """The groups (组别) of ``book``, or the one ``only`` names (an unknown
    name: an InputError listing the groups)."""
    groups = workbook_groups(book) or []
    if only is None:
        return groups
    if only.strip() not in groups:
        raise InputError(
            Msg(
                "workbook_groups.no-group-the-groups-in-the-registration",
                only=only,
                join_groups=joined(groups),
            ),
        )
    return [only.strip()]


def for_each_group(book: Book, run: Callable[[GroupView], T], only: Optional[str] = None) -> list[tuple[GroupView, T]]:
    """``run`` on the view of every group (or of the one ``only`` names),
    then every plan applied to ``book`` in one write."""
    out: list[tuple[GroupView, T]] = []
    for g in selected_groups(book, only):
        view = GroupView(book, g)
        try:
            out.append((view, run(view)))
        except XlxqError as exc:
            raise in_group(g, real_error(view, exc)) from None
    plan = merged([p for view, _ in out for p in view.plans])
    if not plan.is_empty():
        book.apply(plan)
    return out


def real_error(view: GroupView, exc: XlxqError) -> XlxqError:
    """``exc`` raised on a group's view, naming the workbook's sheets: a
    sheet's error (:class:`~xlxq.errors.SheetError`) made again with the
    real sheet name, several problems each; any other as it is."""
    if isinstance(exc, InputErrors):
        return InputErrors([_real_one(view, e) for e in exc.errors])
    return _real_one(view, exc)


def _real_one(view: GroupView, exc: Any) -> Any:
    sheet = exc.place.sheet
    if not isinstance(exc, SheetError) or sheet is None or view.real(sheet) == sheet:
        return exc
    new = sheet_error(view.real(sheet), exc.place.row, exc.detail, exc.place.cell)
    new.place = replace(exc.place, sheet=view.real(sheet))
    return new


def group_status(book: Book, run: Callable[[GroupView], Status], only: Optional[str] = None) -> Status:
    """The Status of ``run`` on every group as one: each group's message on
    its own line headed by the group, the problems with the group's sheet
    names, ok when every group is."""
    done = for_each_group(book, run, only)
    details = [p for _, st in done for p in st.details]  # placed by run_op (GroupView.named)
    texts = [f"【{view.group}】\n{st.text}" for view, st in done if st.text]
    lines = [(view.group, st) for view, st in done]
    said = Lazy(
        lambda lang: "\n".join(tr(lang, "workbook_groups.group-head", group=g) + st.message(lang) for g, st in lines)
    )
    return Status(
        all(st.ok for _, st in done),
        msg=Msg("workbook_common.line", line=said),
        details=details,
        text="\n".join(texts),
    )
