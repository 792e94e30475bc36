"""The hidden state sheet (_xlxq) of a team workbook, written
(:func:`write_state`): what the program paired and last wrote (match teams
and seats), the 出场名单 rows already used, and the highlights (the rows of
:func:`xlxq.sheets.write_notes.write_state_rows`).  It is read by
:func:`xlxq.sheets.team_data.read_team_state`.
"""

from __future__ import annotations


from xlxq.core.teams import TeamEvent
from xlxq.sheets.canvas import Canvas
from xlxq.sheets.state import HighlightRef, state_head
from xlxq.sheets.team_data import STATE_VERSION, TEAM_STATE_WIDTHS, TeamWorkbookData, enc_seats
from xlxq.sheets.write_notes import state_sheet, write_state_rows


def write_state(canvas: Canvas, data: TeamWorkbookData, refs: list[HighlightRef], event: TeamEvent) -> None:
    name = state_sheet(canvas, data, TEAM_STATE_WIDTHS)
    rows = state_head(STATE_VERSION, ["kind", "team"])
    st = data.state
    for n in sorted(st.generated):
        for m, (f, s, seats) in sorted(st.generated[n].items()):
            rows.append(["generated", n, m, f, s, enc_seats(seats)])
        rows.append(["gbyes", n, " ".join(map(str, st.gbyes.get(n, [])))])
    if data.input_errors:  # bad cells: no round was built, what was last written stays (issue 10 §4)
        for n in sorted(st.written):
            for m, (f, s, seats) in sorted(st.written[n].items()):
                rows.append(["written", n, m, f, s, enc_seats(seats)])
            rows.append(["wbyes", n, " ".join(map(str, st.wbyes.get(n, [])))])
    for rnd in event.rounds:
        for mt in rnd.matches:
            rows.append(
                ["written", rnd.round, mt.match, mt.first, mt.second, enc_seats((b.red, b.black) for b in mt.boards)]
            )
        rows.append(["wbyes", rnd.round, " ".join(map(str, rnd.byes))])
    lineups = dict(st.lineups)
    lineups.update(data.used_lineups)
    for (n, t), lu in sorted(lineups.items()):
        rows.append(["lineup", n, t, " ".join(map(str, lu))])
    write_state_rows(canvas, name, rows, refs)
