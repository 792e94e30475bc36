"""Every round of a round robin (the rulebook's order table) or of a team
round robin / 全队轮赛制 at once, for a JSON file.  A workbook:
:func:`xlxq.operations.workbook.schedule_round_robin`.
"""

from __future__ import annotations

from dataclasses import replace

from xlxq.core.roundrobin import rr_round_count, table_players
from xlxq.core.teams import vacant_result
from xlxq.errors import InputError
from xlxq.i18n import Lazy, Text
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome
from xlxq.operations.source import checked
from xlxq.operations.team import team_schedule_rounds
from xlxq.systems import system_for, system_label
from xlxq.presentation.team_report import team_schedule_lines, team_system_label
from xlxq.i18n import Msg

__all__ = ["schedule_file", "schedule_team_file"]


def schedule_file(event, path: str, force: bool) -> Outcome:
    s = event.settings
    if not system_for(s).follows_order_table:
        raise InputError(
            Msg(
                "schedule.xlxq-schedule-is-for-round-robins-only",
                system=Lazy(lambda lang: system_label(s.system, lang)),
            ),
        )
    if event.rounds:
        done = [
            (r.round, b.board)
            for r in event.rounds
            for b in r.boards
            if b.result is not None or b.fouls_red or b.fouls_black
        ]
        if done:
            r, b = done[0]
            raise InputError(
                Msg("schedule.round-board-already-has-a-result-boards", r=r, b=b, n=len(done)),
            )
        if not force:
            raise InputError(
                Msg("schedule.the-file-already-has-round-s-no-results", n=len(event.rounds)),
            )
    double = system_for(s).cycles == 2
    nos = table_players(event)
    total = rr_round_count(len(nos), double, s.games_per_match)
    ev = replace(event, rounds=[])
    notes: list[str] = []
    for r in range(1, total + 1):
        out = system_for(s).pair(ev, r)
        ev = ev.with_round(out.round)
        notes += [f"第{r}轮：{n}" for n in out.notes[1:] if not n.startswith("赛事设定 rounds")]
        if r == 1:
            notes += [n for n in out.notes[1:] if n.startswith("赛事设定 rounds")]
    checked(ev)
    by_no = {p.no: p for p in ev.players}

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        label = system_label(s.system, lang, s.games_per_match)
        echo(
            txt(
                "schedule.made-all-rounds-of-the-of-players-the",
                n=len(nos),
                label=label,
                total=total,
            )
        )
        for rnd in ev.rounds:
            boards = txt("record.sep").join(
                f"{b.board}. {b.red} {by_no[b.red].name} — {b.black} {by_no[b.black].name}" for b in rnd.boards
            )
            bye = "".join(txt("schedule.bye", no=no, name=by_no[no].name) for no in rnd.byes)
            echo(txt("schedule.round", round=rnd.round) + boards + bye)
        for note in notes:
            echo(txt("pair.note", note=note))
        echo(txt("lineup.saved-to", path=path))
        return echo

    return Outcome(event=ev, render=render)


def schedule_team_file(event, path: str, force: bool) -> Outcome:
    s = event.settings
    if not system_for(s).follows_order_table and not system_for(s).seated_by_schedule:
        raise InputError(
            Msg("schedule.xlxq-schedule-is-for-team-round-robins"),
        )
    if event.rounds:
        done = [
            (r.round, m.match, b.board)
            for r in event.rounds
            for m in r.matches
            for b in m.boards
            if (b.result is not None and vacant_result(b.red, b.black) is None) or b.fouls_red or b.fouls_black
        ]
        if done:
            r, m, b = done[0]
            raise InputError(
                Msg("schedule.round-match-board-already-has-a-result", r=r, m=m, b=b, n=len(done)),
            )
        if not force:
            raise InputError(
                Msg("schedule.the-file-already-has-round-s-no-results-2", n=len(event.rounds)),
            )
    ev = team_schedule_rounds(event)
    checked(ev)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        label = team_system_label(s.system, lang)
        what = txt("schedule.of-teams", n=len(ev.teams), label=label)
        echo(
            txt(
                "schedule.made-all-rounds-of-the-from-the-table",
                what=what,
                n=len(ev.rounds),
            )
        )
        echo(*team_schedule_lines(ev, lang))
        echo(txt("lineup.saved-to", path=path))
        return echo

    return Outcome(event=ev, render=render)
