"""``xlxq scoresheets FILE`` (记分单) and ``xlxq notice FILE`` (编排记录公告),
the buttons 打印记分单 and 打印公告: a round's paper (:mod:`xlxq.core.paper`)
laid out for print (:mod:`xlxq.sheets.paper`).

- On a workbook (any ``Book``: the CLI's openpyxl file, a button's Excel
  book): one sheet, ``第3轮记分单`` / ``第3轮编排公告``, after the round's
  sheet, replaced when made again; nothing else is touched (the results
  stay as they are): :func:`paper_book`, a Book operation applied by
  :func:`xlxq.operations.book.run_op`.
- On a JSON file: the same sheet in a new .xlsx beside it
  (``赛事-第3轮记分单.xlsx``; ``--out`` to choose): :func:`paper_file`.

The round: ``--round N`` (default: the last paired one); a round that is
not paired is refused (exit 2, nothing written).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

from xlxq.backends.openpyxl_book import OpenpyxlBook
from xlxq.core.paper import RoundPaper, paper_round, round_paper
from xlxq.core.team_standings import compute_team_standings
from xlxq.core.teams import TeamEvent
from xlxq.systems import team_rules
from xlxq.errors import InputError
from xlxq.operations.event_read import sheets_data
from xlxq.operations.result import Outcome
from xlxq.sheets.canvas import plan_in_script
from xlxq.sheets.script import texts_of
from xlxq.sheets.formats import round_scores
from xlxq.sheets.groups import refuse_team_groups
from xlxq.sheets.pages import PaperWords, sign_pages
from xlxq.sheets.paper import COMPACT_PER_PAGE, STYLES, PaperSheet, notice_sheet, score_sheet
from xlxq.sheets.plan import WritePlan
from xlxq.sheets.problems import Status
from xlxq.operations.team_workbook import is_team_workbook
from xlxq.operations.workbook_groups import workbook_groups
from xlxq.i18n import Msg

__all__ = ["KINDS", "paper_sheet", "paper_file", "paper_book", "paper_out_path"]

#: what can be printed: 记分单, 编排记录公告
KINDS = ("scoresheets", "notice")


def _scores(event: Any, round_no: int) -> dict[int, float]:
    """The 积分 before the round: a player's as the round sheet shows it, a
    team's 场分 after the rounds before."""
    if isinstance(event, TeamEvent):
        if round_no == 1:
            return {t.no: 0.0 for t in event.teams}
        return {
            row.no: row.match_points
            for row in compute_team_standings(event, round_no - 1, rules=team_rules(event.settings))
        }
    rnd = next(r for r in event.rounds if r.round == round_no)
    return {no: v for no, v in round_scores(event, rnd).items() if v is not None}


def _paper(event: Any, round_no: Optional[int]) -> RoundPaper:
    n = paper_round(event, round_no)
    return round_paper(event, n, _scores(event, n))


def _check_style(style: Optional[str]) -> str:
    style = style or "half"
    if style not in STYLES:
        raise InputError(
            Msg("paper.the-score-sheet-style-is-half-or-compact", style=style),
        )
    return style


def paper_sheet(
    event: Any, kind: str, round_no: Optional[int], style: Optional[str], lang: str
) -> tuple[PaperSheet, RoundPaper]:
    """The sheet of ``kind`` (:data:`KINDS`) for the round, in ``lang``, and
    the round's paper it shows."""
    style = _check_style(style)
    paper = _paper(event, round_no)
    if kind == "notice":
        return notice_sheet(paper, lang, event.settings.info), paper
    return score_sheet(paper, style, lang, event.settings.info), paper


def paper_plan(kind: str, sheet: PaperSheet, event: Any, lang: str, after: Optional[str]) -> WritePlan:
    """The one write of ``sheet``; the 编排记录公告's pages get the header
    and footer of every sheet of the event (name, date, venue; the 裁判长 /
    编排长 line from 设置, the page number: :func:`sign_pages`)."""
    plan = sheet.plan(after)
    if kind == "notice":
        s = event.settings
        info = s.info
        words = PaperWords(lang, s.name, info.date, info.venue, info.chief_arbiter, info.pairing_officer)
        sign_pages(plan, words)
    return plan


def _lines(kind: str, sheet: PaperSheet, paper: RoundPaper, style: str, target: Optional[Path]) -> Msg:
    """What was made and where: the sheet of a workbook, or the file written."""
    pages = len(sheet.breaks) + 1
    n, k = paper.round, len(paper.slips)
    where = (
        Msg("paper.written-to", target=target) if target is not None else Msg("paper.in-the-sheet", sheet=sheet.name)
    )
    if kind == "notice":
        return Msg("paper.pairings-notice-round-boards-pages-with", n=n, k=k, pages=pages, where=where)
    each = Msg("paper.half-page-2-a-page") if style == "half" else Msg("paper.compact-a-page", n=COMPACT_PER_PAGE)
    return Msg("paper.score-sheets-round-pages", n=n, k=k, each=each, pages=pages, where=where)


def paper_out_path(source: str | os.PathLike, sheet_name: str) -> Path:
    """The .xlsx beside a JSON file: ``赛事-第3轮记分单.xlsx``."""
    src = Path(source)
    return src.with_name(f"{src.stem}-{sheet_name}.xlsx")


def paper_file(
    event: Any,
    source: str,
    kind: str,
    round_no: Optional[int],
    style: Optional[str],
    lang: str,
    out: Optional[str] = None,
) -> Outcome:
    """The sheet in a new .xlsx beside the JSON file ``source`` (``out``:
    that path instead); the JSON file is not written."""
    sheet, paper = paper_sheet(event, kind, round_no, style, lang)
    target = Path(out) if out else paper_out_path(source, sheet.name)
    if target.suffix.lower() != ".xlsx":
        raise InputError(Msg("paper.out-must-be-an-xlsx-file", target=target))
    if target.resolve() == Path(source).resolve():
        raise InputError(Msg("paper.will-not-overwrite-the-event-file-itself", target=target))
    book = OpenpyxlBook.new(target)
    book.apply(paper_plan(kind, sheet, event, lang, None))
    msg = _lines(kind, sheet, paper, style or "half", target)
    return Outcome(render=lambda lang: [msg.render(lang)])


def paper_book(
    book: Any, kind: str, round_no: Optional[int] = None, style: Optional[str] = None, name: str = ""
) -> Status:
    """The Book operation: the sheet of ``kind`` for the round, in the
    workbook's own language, after that round's sheet (replacing the one
    made before); its Status carries the plan (:func:`xlxq.operations.book.run_op`
    applies it).  ``name``: the workbook's, for a message.  A workbook with
    groups (组别) is refused for now."""
    team = is_team_workbook(book)
    if team:
        refuse_team_groups(book)
    elif workbook_groups(book) is not None:
        raise InputError(
            Msg("paper.score-sheets-and-the-pairings-notice-are"),
        )
    data = sheets_data(book, team, name)
    sheet, paper = paper_sheet(data.event, kind, round_no, style, data.lang)
    after = next((r.name for r in data.rounds if r.no == paper.round), None)
    st = Status(True, msg=_lines(kind, sheet, paper, style or "half", None))
    plan = paper_plan(kind, sheet, data.event, data.lang, after)
    ev = data.event
    st.plan = plan_in_script(plan, data.snapshot, texts_of(ev.settings, ev.players, getattr(ev, "teams", [])))
    return st
