"""What the individual and the team workbook operations share
(:mod:`xlxq.operations.workbook`, :mod:`xlxq.operations.team_workbook`): problems in order and
counted, the notes a message adds, the judgement of ``check``, the one
function that applies an operation's plan (:func:`apply_status`), templates,
a new workbook from a template, the demo's path and message.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.errors import ErrorList, InputError
from xlxq.resources import template_file
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.plan import Book, WritePlan
from xlxq.sheets.problems import BLOCKING, ERROR, INFO, WARNING, Problem, Status
from xlxq.sheets.script import HANT, lang_is_hant, to_hant
from xlxq.i18n import Lazy, Msg
from xlxq.text import joined

__all__ = [
    "sorted_problems",
    "count_problems",
    "found_part",
    "round1_parts",
    "status_line",
    "check_status",
    "blocked_status",
    "refuse_bad_cells",
    "apply_status",
    "find_template",
    "no_template",
    "new_workbook",
    "demo_path",
    "demo_done",
]


def sorted_problems(problems: Iterable[Problem]) -> list[Problem]:
    order = {BLOCKING: 0, ERROR: 1, WARNING: 2, INFO: 3}
    return sorted(problems, key=lambda p: order[p.level])


def count_problems(problems: list[Problem]) -> tuple[int, int]:
    errors = sum(1 for p in problems if p.level in (BLOCKING, ERROR))
    warnings = sum(1 for p in problems if p.level == WARNING)
    return errors, warnings


def found_part(problems: list[Problem]) -> Any:
    """How many errors and warnings were found, a part of a :func:`status_line`
    ("" when nothing was found)."""
    e, w = count_problems(problems)
    return Msg("workbook_common.error-s-and-warning-s-found-and", e=e, w=w) if e or w else ""


def status_line(*parts: Any) -> Msg:
    """A status line made of parts (messages, problems, language-neutral
    text), rendered when shown and in that language only: a click loads
    one catalogue."""
    kept = [p for p in parts if p]
    return Msg(
        "workbook_common.line",
        line=Lazy(lambda lang: "".join(p if isinstance(p, str) else p.localize(lang) for p in kept)),
    )


def round1_parts(problems: list[Problem]) -> list[Msg]:
    """What the round-1 message of a Swiss adds, parts of a :func:`status_line`:
    how the blank 序号 were filled, the 原则(二) warnings on 轮数 and the
    原则(一) note on an odd field — a message, never a blocking dialog (the
    cells say it too: 设置's 轮数 row, the bye's 提示)."""
    out = [Msg("workbook_common.then", part=p) for p in problems if p.code == "numbering"]
    out += [Msg("workbook_common.then-warning", part=p) for p in problems if p.code == "rounds_plan"]
    odd = next((p for p in problems if p.code == "odd_field"), None)
    if odd is not None:
        out.append(Msg("workbook_common.then-note", part=odd))
    return out


def blocked_status(data: Any, refresh: Callable[..., Any]) -> Status:
    """Unusable rounds or bad cells in a workbook read (individual or team;
    ``refresh``: its refresh): write only the highlights and notes, then
    report (several bad cells: how many and where the first is, issue 10 §4)."""
    canvas = Canvas(data.snapshot)
    refresh(canvas, data, data.event, standings=False)
    plan = canvas.finish()
    bad = [p for p in data.problems if p.level == BLOCKING]
    places = sorted({p.where() for p in bad})
    if len(bad) > 1 and data.input_errors:
        first = sorted_problems(bad)[0].where()
        msg = Msg("workbook_common.errors-to-fix-first-the-first", n=len(bad), first=first)
    else:
        msg = Msg("workbook_common.fix-the-errors-first-highlighted-in-red", where=joined(places))
    return Status(
        False,
        msg=msg,
        details=sorted_problems(data.problems),
        event=data.event,
        bad_input=bool(data.input_errors),
        plan=plan,
    )


def refuse_bad_cells(data: Any) -> None:
    """A command that pairs or writes a record refuses a workbook with bad
    cells and writes nothing: every one of them in its error (recompute
    marks them, issue 10 §4)."""
    if data.input_errors:
        errors = ErrorList()
        for e in data.input_errors:
            errors.add(e)
        errors.check()


def check_status(data: Any, then: Any = "") -> Status:
    """The result of ``check`` on the workbook ``data`` read; ``then``: a
    part the message adds (:func:`status_line`)."""
    problems = sorted_problems(data.problems)
    e, w = count_problems(problems)
    if not e and not w:
        return Status(True, msg=status_line(Msg("base.no-problems-found"), then), details=problems, event=data.event)
    return Status(
        e == 0,
        msg=status_line(Msg("workbook_common.errors-and-warnings-found", e=e, w=w), then),
        details=problems,
        event=data.event,
        bad_input=bool(getattr(data, "input_errors", ())),
    )


def apply_status(book: Book, st: Status) -> Status:
    """Apply the WritePlan a Book operation returned in its Status (none:
    nothing to write) to ``book``, the Status.  The one place a Book
    operation's plan is applied: every entry point reaches it through
    :func:`xlxq.operations.book.run_op`, the demos (a new workbook, round 1
    paired) directly."""
    if st.plan is not None:
        book.apply(st.plan)
    return st


def find_template(name: str) -> Optional[Path]:
    """``name`` in the package (a wheel), else in the repository's
    workbook_templates/ (:mod:`xlxq.resources`)."""
    return template_file(name)


def no_template(name: str, what: Msg, tool: str) -> Path:
    """The refusal when template ``name`` (``what``: which one) is missing."""
    raise InputError(Msg("workbook_common.not-found-run-python-tools", what=what, name=name, tool=tool))


def new_workbook(
    path: Path,
    overwrite: bool,
    template: Callable[[bool], Path],
    plan_new: Callable[[], WritePlan],
    plan_fill: Callable[[Book], WritePlan],
) -> Path:
    """Write a new .xlsx/.xlsm workbook at ``path``: a copy of
    ``template(macro)`` filled by ``plan_fill(book)``, or (no .xlsx template)
    built from nothing by ``plan_new()``."""

    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise InputError(Msg("workbook_common.the-workbook-must-be-xlsx-or-xlsm", name=path.name))
    if path.exists() and not overwrite:
        raise InputError(Msg("workbook_common.already-exists", path=path))
    macro = path.suffix.lower() == ".xlsm"
    try:
        tpl = template(macro)
    except InputError:
        if macro:
            raise
        book = OpenpyxlBook.new(path)
        book.apply(plan_new())
        return path
    tmp = path.with_name(f".{path.stem}.new{path.suffix}")
    shutil.copyfile(tpl, tmp)
    try:
        book = OpenpyxlBook(tmp)
        book.apply_in_memory(plan_fill(book))
        book.save(path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def demo_path(folder: str | os.PathLike | None, stem: str) -> Path:
    """``stem``.xlsx in ``folder`` (default: here), made if missing; never an
    existing file (``stem``-2.xlsx …)."""
    folder = Path(folder) if folder is not None else Path.cwd()
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{stem}.xlsx"
    k = 2
    while path.exists():
        path = folder / f"{stem}-{k}.xlsx"
        k += 1
    return path


def demo_book_lang(lang: str) -> str:
    """The language of a demo's sheets: 繁體 for a 繁體 user, else 简体 (the
    sample is a Chinese event: English users get it in 简体 too)."""
    return HANT if lang_is_hant(lang) else "zh"


def demo_name(name: str, book_lang: str) -> str:
    """The demo event's title in the script of its sheets (演示賽 in 繁體)."""
    return to_hant(name) if book_lang == HANT else name


def demo_done(path: Path, st: Status, what: Msg, lang: str) -> Path:
    """The demo's lines in ``lang``: round 1 paired (``st``), then ``what``
    (演示工作簿：) and the path."""
    print(st.message(lang))
    print(what.render(lang) + str(path))
    return path
