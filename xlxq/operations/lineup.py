"""团体赛出场名单 (``xlxq lineup``): set, or reset to the default, one
team's line-up in a round already paired, checked by the event's line-up
format (docs/teams.md §3).
"""

from __future__ import annotations

import re

from xlxq.core.teams import VACANT, default_lineup, set_lineups, team_named, vacant_result
from xlxq.errors import InputError
from xlxq.i18n import Lazy, Text, chinese_forms, zh_only
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome
from xlxq.operations.source import checked, is_team
from xlxq.presentation.team_report import lineup_label, match_lines, result_label, seat_cells
from xlxq.systems import system_for, team_rules
from xlxq.i18n import Msg

__all__ = ["lineup_file"]


def lineup_file(event, path: str, round_no, team_spec, players) -> Outcome:
    """One team's line-up in a round already paired (``players``: the
    ``--players`` text, or ``None`` for the default), checked by the event's
    line-up format; the event with it."""
    if not is_team(event):
        raise InputError(Msg("lineup.xlxq-lineup-is-for-team-files-event-kind"))
    s = event.settings
    if system_for(s).seated_by_schedule:
        raise InputError(
            Msg("lineup.a-scheveningen-match-is-seated-from-its"),
        )
    last = len(event.rounds)
    n = round_no if round_no is not None else last
    if n < 1 or n > last:
        if last and n == last + 1 or (not last and n in (0, 1)):
            raise InputError(
                Msg("lineup.round-is-not-paired-yet-pair-it-with", max_n=max(n, 1)),
            )
        raise InputError(Msg("lineup.invalid-round-the-file-has-round-s", n=n, last=last))
    rnd = event.get_round(n)
    team = _find_team(event, team_spec)
    if team.no in rnd.byes:
        raise InputError(Msg("lineup.round-team-has-a-bye", n=n, team=team_named(team.name, team.no, team.name)))
    m_old = next((m for m in rnd.matches if team.no in m.teams()), None)
    if m_old is None:
        raise InputError(Msg("lineup.round-team-has-no-match", n=n, team=team_named(team.name, team.no, team.name)))
    if players is not None:
        lineup = _parse_lineup(event, team, n, players)
    else:
        lineup = default_lineup(event, team.no, n)
    new = set_lineups(event, n, {team.no: lineup}, rules=team_rules(event.settings))
    m_new = next(m for m in new.get_round(n).matches if m.match == m_old.match)
    for ob, nb in zip(m_old.boards, m_new.boards):
        if (
            ob.result is not None
            and vacant_result(ob.red, ob.black) is None
            and (ob.red, ob.black) != (nb.red, nb.black)
        ):
            raise InputError(
                Msg(
                    "lineup.board-already-has-a-result",
                    where=Msg("teams.where-round-team-board", round=n, name=team.name, team=team.no, board=ob.board),
                    result=Lazy(lambda lang, r=ob.result: result_label(r, lang) if chinese_forms(lang) else ""),
                )
            )
    checked(new)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        seated = [b.red if m_new.side(team.no, b) == "R" else b.black for b in m_new.boards]
        who = txt("record_text.text-3").join(
            f"{k}.{seat_cells(new, no, lang)[1]}" for k, no in enumerate(seated, start=1)
        )
        echo(
            txt(
                "lineup.round-team-line-up",
                n=n,
                name=team.name,
                no=team.no,
                lineup_lang=lineup_label(s.lineup, lang),
                who=who,
            )
        )
        echo(*match_lines(new, m_new, lang))
        echo(txt("lineup.saved-to", path=path))
        return echo

    return Outcome(event=new, render=render)


def _find_team(event, spec: str):
    spec = str(spec).strip()
    key = spec[:-1] if spec.endswith("队") and spec[:-1].isdigit() else spec
    if key.isdigit() and int(key) in {t.no for t in event.teams}:
        return event.team(int(key))
    hits = [t for t in event.teams if t.name == spec]
    if len(hits) == 1:
        return hits[0]
    raise InputError(
        Msg(
            "lineup.no-such-team",
            spec=spec,
            choices=zh_only("lineup.team-choices", teams="、".join(f"{t.no} {t.name}" for t in event.teams)),
        )
    )


def _parse_lineup(event, team, round_no: int, spec: str) -> list[int]:
    """``--players``: 序号 or names, board 1 first; 0 / 空 / - for an empty seat."""
    items = [x for x in re.split(r"[,，、;；\s]+", spec.strip()) if x]
    out = []
    for k, item in enumerate(items, start=1):
        if item in ("0", "空", "空台", "-", "—"):
            out.append(VACANT)
        elif item.isdigit():
            out.append(int(item))
        else:
            mine = [no for no in team.players if event.player(no).name == item]
            anyone = [p.no for p in event.players if p.name == item]
            if mine or anyone:
                out.append((mine or anyone)[0])
            else:
                raise InputError(
                    Msg(
                        "lineup.round-team-board-no-registered-player",
                        round_no=round_no,
                        name=team.name,
                        no=team.no,
                        k=k,
                        item=item,
                    ),
                )
    return out
