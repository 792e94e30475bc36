"""The standings sheets.  The Swiss 成绩表 of an individual workbook
(:func:`write_standings`), with the helpers the other systems' tables use:
the points before a round (:func:`scores_before`), the round the table is
after (:func:`standings_after`), a round's cell of a player
(:func:`round_cell`), the header (:func:`standings_header`) and the
withdrawal note (:func:`withdrawn_note`) that the team table shares.  A
team workbook's (the team rules differ): 团体成绩
(:func:`write_team_standings`, :func:`team_standings_header`) and 台次成绩
(:func:`write_board_standings`, :func:`board_looks`).

Lazy imports: the team core (``core.teams``, ``core.team_standings``) is imported inside the team functions,
so that an individual workbook's operations import no team module
(issue 14; tests/test_workbook_startup.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional

from xlxq.core.history import build_cards
from xlxq.core.model import Board, Entrant, Event, Round, outcome
from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, compute_standings, resolve_tiebreaks, table_round
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.data import TeamWorkbookData, WorkbookData, event_key
from xlxq.sheets.looks import layout_looks, standings_looks, write_head
from xlxq.sheets.plan import Style
from xlxq.sheets.results import BYE
from xlxq.sheets.results import display as result_display
from xlxq.sheets.round_problems import elimination_verdicts
from xlxq.i18n import tr as i18n_tr
from xlxq.text import joined
from xlxq.systems import team_rules

if TYPE_CHECKING:
    from xlxq.core.teams import TeamEvent, TeamRound, TeamSettings
from xlxq.i18n import labels as i18n_labels


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


def kept_scores_by_round(data: WorkbookData, event: Event) -> dict[int, dict[int, float]]:
    """:func:`scores_by_round` of ``event``, made once per operation (a
    pairing's refresh, then its text): kept on ``data`` by what it was made
    from (:func:`xlxq.sheets.data.event_key`), as the round checks are."""
    out = scores_kept(data, event)
    if out is None:
        out = scores_by_round(event)
        data.scores_by_round = (event_key(event), event, out)
    return out


def scores_kept(data: WorkbookData, event: Event) -> Optional[dict[int, dict[int, float]]]:
    """The pass :func:`kept_scores_by_round` kept on ``data`` for this very
    event, else None (nothing counted)."""
    kept = data.scores_by_round
    return kept[2] if kept is not None and kept[0] == event_key(event) else None


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
        s += i18n_tr(lang, "write_standings.f")
    return s


def write_standings(canvas: Canvas, data: WorkbookData, event: Event) -> list:
    """Rewrite the 成绩表 (program-owned).  Returns the StandingRow list."""

    lang = data.lang
    tr = table_round(event)
    after = tr.after
    rows = compute_standings(event, after)
    keys = [k for k in resolve_tiebreaks(event.settings.tiebreaks) if k in TIEBREAK_KEYS]
    labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
    name = data.standings_sheet
    if name is None:
        name = L.SHEET_NAMES[L.STANDINGS][lang]
        after_sheet = data.rounds[-1].name if data.rounds else data.registration.name
        canvas.add_sheet(name, L.STANDINGS, after_sheet)
        data.standings_sheet = name
    canvas.clear_sheet(name)
    rnd_by_no = {r.round: r for r in event.rounds}
    seats = {r.round: {no: b for b in r.boards for no in (b.red, b.black)} for r in event.rounds}
    table = L.RATED_STANDINGS_TABLE if event.shows_rating else L.STANDINGS_TABLE
    header = standings_header(table, keys, labels, after, lang)
    write_head(canvas, name, table, lang, L.standings_title(tr, event.settings.name, lang), header)
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
            notes.append(i18n_tr(lang, "write_standings.absent-in-round", zh_k=joined(away)))
        if row.no in gone:
            x = gone[row.no]
            y = tidy_number(float(elim[x]))
            notes.append(i18n_tr(lang, "write_standings.eliminated-after-round-under", x=x, y=y))
        if row.no in seeds:
            notes.append(i18n_tr(lang, "write_standings.to-the-knockout-seed", row_no=seeds[row.no]))
        note = (i18n_tr(lang, "create.text")).join(notes) or None
        vals = [row.rank, row.no, row.name, row.unit or None, tidy_number(row.score)]
        if table is L.RATED_STANDINGS_TABLE:  # 显示等级分: beside the name, unrated blank
            vals.insert(3, None if p.rating is None else tidy_number(float(p.rating)))
        vals += [tidy_number(row.tiebreaks[k]) for k in keys]
        vals += [round_cell(rnd_by_no[n], seats[n], row.no, lang) for n in range(1, after + 1)]
        vals.append(note)
        canvas.set_row(name, r, 1, vals)
        r += 1
    standings_looks(canvas, name, table, len(keys), after, r - 1)
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
        return i18n_tr(lang, "write_standings.withdrawn-from-round", n=n)
    return None


# ==========================================================================
# the team workbook (团体赛): 团体成绩 and 台次成绩
# ==========================================================================


def _team_round_cell(event: TeamEvent, rnd: TeamRound, team: int, lang: str) -> Optional[str]:
    from xlxq.core.teams import match_game_points

    if team in rnd.byes:
        return result_display(BYE, lang)
    for m in rnd.matches:
        if team not in m.teams():
            continue
        first = team == m.first
        opp = m.opponent_of(team)
        gf, gs, finished = match_game_points(event, m)
        mine, theirs = (gf, gs) if first else (gs, gf)
        s = f"{opp}{'先' if first else '后'}" if lang == "zh" else f"{opp}{'F' if first else 'S'}"
        if not m.boards:
            return s
        if not finished:
            return s + (f" {tidy_number(mine)}:{tidy_number(theirs)}…")
        o = "W" if mine > theirs else "L" if mine < theirs else "D"
        s += {"W": "胜", "D": "和", "L": "负"}[o] if lang == "zh" else {"W": "+", "D": "=", "L": "-"}[o]
        return f"{s} {tidy_number(mine)}:{tidy_number(theirs)}"
    return None


def ensure_sheet(
    canvas: Canvas, data: TeamWorkbookData, attr: str, kind: str, after: Optional[str], looks: str = L.STANDINGS
) -> str:
    """The program's sheet of ``kind`` (its name in ``data.<attr>``), added
    after ``after`` when the workbook has none."""
    name = getattr(data, attr)
    if name is None:
        name = T.SHEET_NAMES[kind][data.lang]
        canvas.add_sheet(name, looks, after)
        setattr(data, attr, name)
        data.names.append(name)
    return name


def _last_round_sheet(data: TeamWorkbookData) -> str:
    if data.rounds:
        return data.rounds[-1].name
    return data.lineups.name if data.lineups is not None else data.reg.name


def team_standings_header(settings: TeamSettings, lang: str, after: int) -> tuple[list[str], list[str]]:
    from xlxq.core.team_standings import LABELS_EN as TEAM_EN
    from xlxq.core.team_standings import LABELS_ZH as TEAM_ZH
    from xlxq.core.team_standings import resolve_team_tiebreaks

    keys = [
        k
        for k in resolve_team_tiebreaks(settings.tiebreaks, team_rules(settings).default_tiebreaks)
        if k != "back_rounds"
    ]
    labels = i18n_labels(lang, TEAM_ZH, TEAM_EN)
    return keys, standings_header(T.TEAM_STANDINGS_TABLE, keys, labels, after, lang)


def write_team_standings(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> list:
    """Rewrite 团体成绩 (program-owned).  Returns the TeamStandingRow list."""
    from xlxq.core.team_standings import compute_team_standings

    lang = data.lang
    tr = table_round(event)
    after = tr.after
    rows = compute_team_standings(event, after, rules=team_rules(event.settings))
    name = ensure_sheet(canvas, data, "team_standings_sheet", T.TEAM_STANDINGS, _last_round_sheet(data))
    canvas.clear_sheet(name)
    keys, header = team_standings_header(event.settings, lang, after)
    rnd_by_no = {r.round: r for r in event.rounds}
    write_head(
        canvas, name, T.TEAM_STANDINGS_TABLE, lang, T.team_standings_title(tr, event.settings.name, lang), header
    )
    r = L.FIRST_DATA_ROW
    for row in rows:
        note = withdrawn_note(event.team(row.no), after, lang)
        vals = [row.rank, row.no, row.name] + [tidy_number(row.values[k]) for k in keys]
        vals += [_team_round_cell(event, rnd_by_no[n], row.no, lang) for n in range(1, after + 1)]
        vals.append(note)
        canvas.set_row(name, r, 1, vals)
        r += 1
    standings_looks(canvas, name, T.TEAM_STANDINGS_TABLE, len(keys), after, r - 1)
    return rows


def write_board_standings(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> dict:
    """Rewrite 台次成绩 (program-owned): every board's players ranked."""
    from xlxq.core.team_standings import board_standings

    lang = data.lang
    tr = table_round(event)
    table = board_standings(event, tr.after, rules=team_rules(event.settings))
    name = ensure_sheet(
        canvas, data, "board_standings_sheet", T.BOARD_STANDINGS, data.team_standings_sheet or _last_round_sheet(data)
    )
    canvas.clear_sheet(name)
    write_head(canvas, name, T.BOARD_STANDINGS_TABLE, lang, T.board_standings_title(tr, event.settings.name, lang))
    r = L.FIRST_DATA_ROW
    for k in sorted(table):
        if r > L.FIRST_DATA_ROW and table[k]:
            r += 1  # a blank row between boards
        for row in table[k]:
            canvas.set_row(
                name,
                r,
                1,
                [
                    k,
                    row.rank,
                    row.no,
                    row.name,
                    row.team,
                    tidy_number(row.points),
                    row.games,
                    row.wins,
                    row.draws,
                    row.losses,
                    row.fouls,
                    f"{row.percentage * 100:.1f}%" if row.games else None,
                ],
            )
            r += 1
    board_looks(canvas, name, r - 1)
    return table


def board_looks(canvas: Canvas, name: str, last: int) -> None:
    ncols = len(T.BOARD_STANDINGS_COLUMNS)
    layout_looks(canvas, name, T.BOARD_STANDINGS_TABLE, last)
    if last >= L.FIRST_DATA_ROW:  # the numbers centred: printed, 犯规 and 得分率 must not run together
        rows = last - L.FIRST_DATA_ROW + 1
        canvas.plan.styles += [
            Style(name, L.FIRST_DATA_ROW, 1, rows, 3, align="center"),
            Style(name, L.FIRST_DATA_ROW, 6, rows, ncols - 5, align="center"),
        ]
    canvas.plan.page_setups.append(L.table_page(name, last, ncols))
