"""The 编排记录 sheet: one block per round, replaced (never repeated) when a
round is paired again (:func:`write_log`, :func:`write_log_blocks`), read
back by :func:`read_log_blocks`.  One writer for the individual and the team
workbook: the data of either names its 编排记录 sheet (``log_sheet``) and the
sheet a new one goes after (``log_after``).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional

from xlxq.core import records
from xlxq.core.model import Event
from xlxq.core.record_text import record_lines
from xlxq.core.steps import Record, played_step
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import cell_at, text_of
from xlxq.sheets.data import LogBook
from xlxq.sheets.pages import printed_text, unbroken
from xlxq.sheets.plan import PageSetup, SheetLook, Style


#: the print scale of 编排记录: its column (:data:`~xlxq.sheets.layout.LOG_WIDTH`) on A4 upright
LOG_SCALE = 100


# --- 编排记录 --------------------------------------------------------------


def write_log(canvas: Canvas, data: LogBook, round_no: int, text: str, stage: str = "main") -> None:
    """Replace (or add) the block of ``round_no`` in 编排记录."""
    write_log_blocks(canvas, data, {(stage, round_no): text})


def write_log_blocks(
    canvas: Canvas,
    data: LogBook,
    new_blocks: dict[tuple[str, int], str],
    patch: Optional[Callable[[tuple[int, int], list[Optional[str]]], list[Optional[str]]]] = None,
) -> None:
    """Replace (or add) blocks of 编排记录, keyed by (stage, round); blocks
    are kept in round order (the knockout stage of 积分晋圈淘汰 after the
    Swiss), lines before the first block are kept.  ``patch(key, lines)``:
    every block's lines as they are to be (the 实际对阵 section of a round
    changed by hand); the sheet is written only when a block is new or
    patched."""
    name = data.log_sheet
    if name is None and not new_blocks:
        return
    if name is None:
        name = L.SHEET_NAMES[L.LOG][data.lang]
        add_log_sheet(canvas, name, data.log_after)
        data.log_sheet = name
        data.names.append(name)
    preamble, blocks = read_log_blocks(data.snapshot.get(name, []), records.heading_re(), records.block_key)
    for blk in [preamble, *blocks.values()]:
        while blk and blk[-1] is None:
            blk.pop()
    changed = bool(new_blocks)
    for (stage, n), text in new_blocks.items():
        blocks[(1 if stage == "ko" else 0, n)] = text.splitlines()
    if patch is not None:
        for key, lines in blocks.items():
            now = patch(key, lines)
            changed = changed or now != lines
            blocks[key] = now
    if changed:
        write_log_lines(canvas, name, preamble, blocks)


def read_log_blocks(
    grid: list[list[Any]], block_re: re.Pattern, key_of: Callable[[re.Match], Any]
) -> tuple[list[Optional[str]], dict[Any, list[Optional[str]]]]:
    """The lines of a 编排记录 sheet: those before the first block, and the
    blocks (each starting at a line that ``block_re`` matches) by
    ``key_of(match)``."""
    cells = [cell_at(grid, i, 1) for i in range(1, len(grid) + 1)]
    # lines as written: indented, without the line breaks of the printed page
    lines = [unbroken(v).rstrip() if isinstance(v, str) and v.strip() else text_of(v) for v in cells]
    while lines and lines[-1] is None:
        lines.pop()
    preamble: list[Optional[str]] = []
    blocks: dict[Any, list[Optional[str]]] = {}
    current: Any = None
    for ln in lines:
        m = block_re.match(ln or "")
        if m:
            current = key_of(m)
            blocks[current] = [ln]
        elif current is None:
            preamble.append(ln)
        else:
            blocks[current].append(ln)
    return preamble, blocks


def write_log_lines(
    canvas: Canvas, name: str, preamble: list[Optional[str]], blocks: dict[Any, list[Optional[str]]]
) -> None:
    """Rewrite the 编排记录 sheet: the preamble, then the blocks in key
    order, one empty line between."""
    out = list(preamble)
    for key in sorted(blocks):
        if out:
            out.append(None)
        out.extend(blocks[key])
    # the sheet is the program's: every other cell emptied, the lines that are
    # there already as they would be written left alone (a round's pairing adds
    # its block at the end: the earlier thousands of lines are not written
    # again, nor their heights, which they have from their write); every line
    # styled (a style that changes nothing costs a backend little)
    canvas.whole.add(name)
    grid = canvas.orig.get(name, [])
    for i, row in enumerate(grid, start=1):
        for j, v in enumerate(row[1:], start=2):
            if v is not None:
                canvas.set(name, i, j, None)
        if i > len(out) and row and row[0] is not None:
            canvas.set(name, i, 1, None)
    for i, ln in enumerate(out, start=1):
        if not _written(cell_at(grid, i, 1), ln):
            canvas.set(name, i, 1, ln)
    if out:  # printed on A4 upright, long lines wrapped in the one column
        plan = canvas.plan
        plan.looks.append(SheetLook(name, {1: L.LOG_WIDTH}))
        plan.styles.append(Style(name, 1, 1, len(out), 1, wrap=True))
        plan.page_setups.append(PageSetup(name, area=(1, 1, len(out), 1), centre=False, scale=LOG_SCALE))


def _written(cell: Any, line: Optional[str]) -> bool:
    """Whether a 编排记录 cell holds ``line`` as it would be written
    (:func:`xlxq.sheets.pages.printed_text`), or is empty for an empty line."""
    if line is None:
        return cell is None
    return type(cell) is str and cell == printed_text(line, L.LOG_WIDTH, cell)


def add_log_sheet(canvas: Canvas, name: str, after: Optional[str]) -> None:
    """A new 编排记录 sheet after the sheet ``after``."""
    canvas.add_sheet(name, L.LOG, after)
    canvas.plan.looks.append(SheetLook(name, {1: L.LOG_WIDTH}))


# --- 实际对阵: a round changed by hand ---------------------------------------------

#: the first line of a block's 实际对阵 section and the heading of the
#: pairings before it (plain / the engine's, when the section follows), by
#: language (the record's printer writes them: core/record_text.py)
PLAYED_HEAD = {"zh": "实际对阵（", "en": "as played ("}
PAIRINGS_HEAD = {"zh": ("对阵：", "引擎编排："), "en": ("pairings:", "the engine's pairing:")}


def played_patch(
    event: Event, generated: dict[int, Any]
) -> Callable[[tuple[int, int], list[Optional[str]]], list[Optional[str]]]:
    """The patch of :func:`write_log_blocks` that gives each round's block
    (every individual system) the 实际对阵 section of the round as its sheet has it against the
    pairing the engine made (``generated``: round → :class:`Sig`), the
    comparison of recompute's 人工调整 notes (:func:`xlxq.core.hand.hand_changes`);
    a round as the engine made it has none."""
    rounds = {r.round: r for r in event.rounds}
    names = {p.no: p.name for p in event.players}

    def patch(key: tuple[int, int], lines: list[Optional[str]]) -> list[Optional[str]]:
        stage, n = key
        gen, rnd = generated.get(n), rounds.get(n)
        m = records.heading_re().match(lines[0] or "") if lines else None
        if stage or gen is None or rnd is None or m is None:
            return lines
        lang = "en" if records.heading_lang(m) == "en" else "zh"
        cut = next((i for i, ln in enumerate(lines) if ln and ln.startswith(PLAYED_HEAD[lang])), len(lines))
        out = list(lines[:cut])
        plain, engine = PAIRINGS_HEAD[lang]
        at = next((i for i in range(len(out) - 1, -1, -1) if out[i] in (plain, engine)), None)
        if at is None:
            return lines
        rec = Record(n, "", names=names)
        played_step(rec, [gen.boards[k] for k in sorted(gen.boards)], gen.byes, rnd)
        out[at] = engine if rec.steps else plain
        return out + list(record_lines(rec, lang)[1:])

    return patch
