"""Every round of a round robin (the rulebook's order table) or of a team
round robin / 全队轮赛制 at once, for a JSON file.  A workbook:
:func:`xlxq.operations.workbook.schedule_round_robin`.
"""

from __future__ import annotations

from dataclasses import replace

from xlxq.core.roundrobin import rr_round_count, table_players
from xlxq.core.teams import vacant_result
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome
from xlxq.operations.source import checked
from xlxq.operations.team import team_schedule_rounds
from xlxq.systems import system_for, system_label
from xlxq.presentation.team_report import team_schedule_lines, team_system_label

__all__ = ["schedule_file", "schedule_team_file"]


def schedule_file(event, path: str, force: bool) -> Outcome:
    s = event.settings
    if not system_for(s).follows_order_table:
        raise InputError(
            f"xlxq schedule 只用于循环赛（round_robin、double_round_robin），本赛事为"
            f"{system_label(s.system, 'zh')}，请用 xlxq pair 逐轮编排",
            f"xlxq schedule is for round robins only; this event is a {system_label(s.system, 'en')} (use xlxq pair)",
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
                f"第{r}轮第{b}台已有结果，不能重新生成全部轮次（共{len(done)}台已录入结果）；请用 xlxq pair 编排下一轮",
                f"round {r} board {b} already has a result ({len(done)} boards recorded): the rounds "
                f"cannot be made again; use xlxq pair for the next round",
            )
        if not force:
            raise InputError(
                f"文件中已有{len(event.rounds)}轮（尚无结果），如要按秩序表重新生成全部轮次，加 --force",
                f"the file already has {len(event.rounds)} round(s) (no results yet); "
                f"use --force to make every round again from the table",
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
                f"已生成{len(nos)}人{label}全部{total}轮（按棋规循环赛秩序表）",
                f"made all {total} rounds of the {label} of {len(nos)} players (the rulebook's order table)",
            )
        )
        for rnd in ev.rounds:
            boards = txt("；", "; ").join(
                f"{b.board}. {b.red} {by_no[b.red].name} — {b.black} {by_no[b.black].name}" for b in rnd.boards
            )
            bye = "".join(txt(f"；轮空 {no} {by_no[no].name}", f"; bye {no} {by_no[no].name}") for no in rnd.byes)
            echo(txt(f"第{rnd.round}轮：", f"round {rnd.round}: ") + boards + bye)
        for note in notes:
            echo(txt(f"说明：{note}", f"note: {note}"))
        echo(txt(f"已保存到 {path}", f"saved to {path}"))
        return echo

    return Outcome(event=ev, render=render)


def schedule_team_file(event, path: str, force: bool) -> Outcome:
    s = event.settings
    if not system_for(s).follows_order_table and not system_for(s).seated_by_schedule:
        raise InputError(
            "xlxq schedule 只用于团体循环赛和全队轮赛制；积分编排团体赛请用 xlxq pair 逐轮编排",
            "xlxq schedule is for team round robins and Scheveningen matches; a team Swiss: xlxq pair",
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
                f"第{r}轮第{m}场第{b}台已有结果，不能重新生成全部轮次（共{len(done)}台已录入结果）",
                f"round {r} match {m} board {b} already has a result ({len(done)} boards recorded): "
                f"the rounds cannot be made again",
            )
        if not force:
            raise InputError(
                f"文件中已有{len(event.rounds)}轮（尚无结果），如要按秩序表重新生成全部轮次，加 --force",
                f"the file already has {len(event.rounds)} round(s) (no results yet); use --force",
            )
    ev = team_schedule_rounds(event)
    checked(ev)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        label = team_system_label(s.system, lang)
        what = txt(f"{len(ev.teams)}队{label}", f"{label} of {len(ev.teams)} teams")
        echo(
            txt(
                f"已生成{what}全部{len(ev.rounds)}轮（按秩序表，出场名单按报名顺序默认）",
                f"made all {len(ev.rounds)} rounds of the {what} (from the table, default line-ups)",
            )
        )
        echo(*team_schedule_lines(ev, lang))
        echo(txt(f"已保存到 {path}", f"saved to {path}"))
        return echo

    return Outcome(event=ev, render=render)
