"""The Swiss 成绩表 of an individual workbook (:func:`write_standings`),
with the helpers the other systems' tables use: the points before a round
(:func:`scores_before`), the round the table is after
(:func:`standings_after`) and a round's cell of a player (:func:`round_cell`).
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.history import build_cards
from xlxq.core.model import Board, Entrant, Event, Round, outcome
from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, compute_standings, resolve_tiebreaks, table_round
from xlxq.sheets import layout as L
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.data import WorkbookData
from xlxq.sheets.looks import standings_looks, write_head
from xlxq.sheets.results import BYE
from xlxq.sheets.results import display as result_display
from xlxq.sheets.round_problems import elimination_verdicts


def scores_before(event: Event, round_no: int) -> dict[int, float]:
    """积分 before ``round_no`` as the pairing saw it (unfinished = draw)."""
    cards = build_cards(event, round_no, event.settings.pairing.forfeit_counts_as_met)
    return {no: c.score for no, c in cards.items()}


def scores_by_round(event: Event) -> dict[int, dict[int, float]]:
    """:func:`scores_before` of every round of the event and of the next one,
    from one pass over the rounds (a refresh shows the 积分 of every round
    sheet); empty when the rounds are not in order (each is then counted on
    its own)."""
    rounds = event.rounds
    if any(a.round >= b.round for a, b in zip(rounds, rounds[1:])):
        return {}
    starts: list[dict[int, float]] = []
    last = rounds[-1].round if rounds else 0
    cards = build_cards(event, last + 1, event.settings.pairing.forfeit_counts_as_met, starts)
    out = {r.round: start for r, start in zip(rounds, starts)}
    out[last + 1] = {no: c.score for no, c in cards.items()}
    return out


# --- standings ------------------------------------------------------------


def standings_after(event: Event) -> int:
    """The last round with at least one result (0 if none): the N of the
    tables (:func:`xlxq.core.standings.table_round`)."""

    return table_round(event).after


def round_cell(rnd: Round, seat: dict[int, Board], no: int, lang: str) -> Optional[str]:
    """One round of a player in 成绩表: '12先胜', '7后和', '3先负(弃权)', '轮空'."""
    if no in rnd.byes:
        return result_display(BYE, lang)
    b = seat.get(no)
    if b is None:
        return None
    red = no == b.red
    opp = b.black if red else b.red
    s = f"{opp}{'先' if red else '后'}" if lang == "zh" else f"{opp}{'R' if red else 'B'}"
    if b.result is None:
        return s
    o = outcome(b.result, "R" if red else "B")
    s += {"W": "胜", "D": "和", "L": "负"}[o] if lang == "zh" else {"W": "+", "D": "=", "L": "-"}[o]
    if b.forfeit:
        s += "(弃权)" if lang == "zh" else "F"
    return s


def write_standings(canvas: Canvas, data: WorkbookData, event: Event) -> list:
    """Rewrite the 成绩表 (program-owned).  Returns the StandingRow list."""

    lang = data.lang
    tr = table_round(event)
    after = tr.after
    rows = compute_standings(event, after)
    keys = [k for k in resolve_tiebreaks(event.settings.tiebreaks) if k in TIEBREAK_KEYS]
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    name = data.standings_sheet
    if name is None:
        name = L.SHEET_NAMES[L.STANDINGS][lang]
        after_sheet = data.rounds[-1].name if data.rounds else data.registration.name
        canvas.add_sheet(name, L.STANDINGS, after_sheet)
        data.standings_sheet = name
    canvas.clear_sheet(name)
    rnd_by_no = {r.round: r for r in event.rounds}
    seats = {r.round: {no: b for b in r.boards for no in (b.red, b.black)} for r in event.rounds}
    header = standings_header(L.STANDINGS_TABLE, keys, labels, after, lang)
    write_head(canvas, name, L.STANDINGS_TABLE, lang, L.standings_title(tr, event.settings.name, lang), header)
    by_no = event._by_no
    gone, _ = elimination_verdicts(data, event)
    elim = {x: min(y for k, y in event.settings.pairing.elimination if k == x) for x in set(gone.values())}
    seeds = {p.no: p.seed for p in data.ko.event.players} if data.ko is not None else {}
    r = L.FIRST_DATA_ROW
    for row in rows:
        p = by_no[row.no]
        notes = []
        wd = withdrawn_note(p, after, lang)
        if wd is not None:
            notes.append(wd)
        away = [k for k in p.absent_rounds if k <= after and p.absent_in(k)]
        if away:  # 请假 rounds counted in this table (docs/standings.md §3a)
            zh_k, en_k = "、".join(map(str, away)), ", ".join(map(str, away))
            notes.append(f"第{zh_k}轮请假" if lang == "zh" else f"absent in round {en_k}")
        if row.no in gone:
            x = gone[row.no]
            y = tidy_number(float(elim[x]))
            notes.append(f"第{x}轮后淘汰（未得{y}分）" if lang == "zh" else f"eliminated after round {x} (under {y})")
        if row.no in seeds:
            notes.append(
                f"晋级淘汰赛（种子{seeds[row.no]}）" if lang == "zh" else f"to the knockout (seed {seeds[row.no]})"
            )
        note = ("；" if lang == "zh" else "; ").join(notes) or None
        vals = [row.rank, row.no, row.name, row.unit or None, tidy_number(row.score)]
        vals += [tidy_number(row.tiebreaks[k]) for k in keys]
        vals += [round_cell(rnd_by_no[n], seats[n], row.no, lang) for n in range(1, after + 1)]
        vals.append(note)
        canvas.set_row(name, r, 1, vals)
        r += 1
    standings_looks(canvas, name, L.STANDINGS_TABLE, len(keys), after, r - 1)
    return rows


def standings_header(table: L.TableLayout, keys: list[str], labels: dict[str, str], after: int, lang: str) -> list[str]:
    """The header of a standings ``table``, individual or team: its
    columns, the tie-break columns ``keys`` (their ``labels``), one column a
    round up to ``after``, its tail column."""
    header = [c.header(lang) for c in table.columns]
    header += [labels[k] if lang == "zh" else labels[k].capitalize() for k in keys]
    header += [L.round_col_header(n, lang) for n in range(1, after + 1)]
    header += [c.header(lang) for c in table.tail]
    return header


def withdrawn_note(entrant: Entrant, after: int, lang: str) -> Optional[str]:
    """The 备注 of a player or team withdrawn by the round after ``after``."""
    if entrant.withdrawn_from_round is not None and not entrant.active_in(after + 1):
        n = entrant.withdrawn_from_round
        return f"第{n}轮起退赛" if lang == "zh" else f"withdrawn from round {n}"
    return None
