"""团体成绩 and 台次成绩 of a team workbook (:func:`write_team_standings`,
:func:`write_board_standings`) and their looks.
"""

from __future__ import annotations

from typing import Optional

from xlxq.core.standings import table_round
from xlxq.core.team_standings import (
    LABELS_EN,
    LABELS_ZH,
    board_standings,
    compute_team_standings,
    resolve_team_tiebreaks,
)
from xlxq.core.teams import TeamEvent, TeamRound, TeamSettings, match_game_points
from xlxq.systems import team_rules
from xlxq.sheets import layout as L
from xlxq.sheets import team_layout as T
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.cells import tidy_number
from xlxq.sheets.looks import layout_looks, standings_looks, write_head
from xlxq.sheets.plan import PageSetup, Style
from xlxq.sheets.results import BYE
from xlxq.sheets.results import display as result_display
from xlxq.sheets.data import TeamWorkbookData
from xlxq.sheets.write_standings import standings_header, withdrawn_note
from xlxq.i18n import labels as i18n_labels


def _team_round_cell(event: TeamEvent, rnd: TeamRound, team: int, lang: str) -> Optional[str]:
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

    keys = [
        k
        for k in resolve_team_tiebreaks(settings.tiebreaks, team_rules(settings).default_tiebreaks)
        if k != "back_rounds"
    ]
    labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
    return keys, standings_header(T.TEAM_STANDINGS_TABLE, keys, labels, after, lang)


def write_team_standings(canvas: Canvas, data: TeamWorkbookData, event: TeamEvent) -> list:
    """Rewrite 团体成绩 (program-owned).  Returns the TeamStandingRow list."""

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
    canvas.plan.page_setups.append(
        PageSetup(
            name, title_rows=(L.TITLE_ROW, L.HEADER_ROW), area=(1, 1, max(last, L.HEADER_ROW), ncols), footer="&P / &N"
        )
    )
