"""The tables of a JSON tournament file (``xlxq standings``, ``xlxq
crosstable``): the individual tables of :mod:`xlxq.presentation.report`, the team
tables (名次表, 台次成绩) and 队员总分制's, as ``--json`` data or as text
lines.  A workbook: :func:`xlxq.operations.workbook.recompute` (:mod:`xlxq.operations.book`).
"""

from __future__ import annotations

from typing import Any, Optional

from xlxq.presentation import report
from xlxq.backends.team_json import MemberTotalOptions
from xlxq.core.member_total import member_total_standings
from xlxq.core.standings import table_round
from xlxq.core.team_standings import (
    LABELS_EN,
    LABELS_ZH,
    board_standings,
    compute_team_standings,
    resolve_team_tiebreaks,
)
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.operations.lines import Lines
from xlxq.operations.result import Outcome
from xlxq.operations.source import is_rr, is_team, load, round_arg
from xlxq.systems import get_system, system_for, system_label, team_rules
from xlxq.presentation.team_report import team_system_label
from xlxq.text import fmt, nums, text_table
from xlxq.i18n import Lazy, Msg, chinese_forms, tr
from xlxq.i18n import labels as i18n_labels

__all__ = [
    "standings_file",
    "team_standings_file",
    "crosstable_file",
    "team_table_data",
    "board_table_data",
    "check_with_swiss",
]


def standings_file(
    event,
    *,
    round_no: Optional[int] = None,
    as_json: bool = False,
    with_swiss: Optional[str] = None,
    boards: bool = False,
    teams: bool = False,
) -> Outcome:
    """``xlxq standings FILE`` on an individual event: the table after
    ``round_no`` (``--round``; None: the last), as ``--json`` data when
    ``as_json``; ``with_swiss`` (``--with``): the Swiss file of a
    积分晋圈淘汰 knockout, the final order; ``teams`` (``--teams``):
    队员总分制; ``boards`` (``--boards``) is refused (team files only)."""
    if boards:
        raise InputError(Msg("standings.boards-per-board-results-is-for-team"))
    if teams:
        if with_swiss is not None:
            raise InputError(Msg("standings.teams-cannot-be-combined-with-with"))
        return _standings_member_total(event, round_no, as_json)
    system = event.settings.system
    if with_swiss is not None:
        if not get_system(system).has_bracket:
            raise InputError(
                Msg(
                    "standings.with-is-for-a-qualifying-swiss-file-must",
                    system=system_named(system),
                ),
            )
        if round_no is not None:
            raise InputError(
                Msg("standings.round-cannot-be-combined-with-with-the"),
            )
        return _standings_combined(event, with_swiss, as_json)
    if round_no is not None:
        round_arg(event, round_no)
    if as_json:
        return Outcome(data=lambda lang: report.standings_data(event, round_no, lang))
    return Outcome(render=lambda lang: report.standings_lines(event, round_no, lang))


def _standings_combined(knockout, with_swiss: str, as_json: bool) -> Outcome:
    swiss = load(with_swiss)
    check_with_swiss(knockout, swiss, with_swiss)
    if as_json:
        return Outcome(data=report.combined_data(swiss, knockout))
    return Outcome(render=lambda lang: report.combined_lines(swiss, knockout, lang))


def system_named(key: str) -> Lazy:
    """An individual system in a refusal: its name in a language of the
    Chinese forms (淘汰赛), the key as the file says it otherwise (knockout)."""
    return Lazy(lambda lang: system_label(key, lang) if chinese_forms(lang) else key)


def check_with_swiss(knockout: Any, swiss: Any, with_swiss: str) -> None:
    """``--with SWISS``: ``swiss`` (read from ``with_swiss``) must be an
    individual Swiss holding every player of ``knockout`` under the same 序号
    and name (积分晋圈淘汰: two files, nothing links them)."""
    if is_team(swiss) or not system_for(swiss.settings).pairs_by_score:
        raise InputError(
            Msg(
                "standings.with-must-be-a-swiss-event-not",
                with_swiss=with_swiss,
                system=system_named(swiss.settings.system),
            ),
        )
    for p in knockout.players:
        if not swiss.has_player(p.no) or swiss.player(p.no).name != p.name:
            raise InputError(
                Msg("standings.knockout-player-is-not-in-the-swiss-file", name=p.name, no=p.no, with_swiss=with_swiss),
            )


def team_standings_file(
    event,
    *,
    round_no: Optional[int] = None,
    as_json: bool = False,
    with_swiss: Optional[str] = None,
    boards: bool = False,
    teams: bool = False,
) -> Outcome:
    """``xlxq standings FILE`` on a team event: the team table after
    ``round_no`` (None: as far as the results go), or with ``boards`` the
    台次成绩; ``with_swiss`` and ``teams`` are refused (individual files)."""
    s = event.settings
    if with_swiss is not None:
        raise InputError(Msg("standings.with-is-for-a-qualifying-swiss-not-for-a"))
    if teams:
        raise InputError(
            Msg("standings.teams-is-for-an-individual-file-a-team"),
        )
    if round_no is not None:
        round_arg(event, round_no)
    tr = table_round(event, round_no)  # as far as the results go (issue 8 §6)
    after = tr.after
    if boards:
        per_board = board_standings(event, after, rules=team_rules(event.settings))
        if as_json:
            return Outcome(data=board_table_data(event, round_no))

        def board_lines(lang: str) -> list[str]:
            txt, echo = Text(lang), Lines()
            title = tr.title(Msg("standings.board-results"), lang)
            if s.name:
                title += f"  {s.name}"
            lines = [title]
            header = txt("standings.rank-no-name-team-games-w-d-l-points-pct").split()
            for k, rows in per_board.items():
                lines.append(txt("standings.board", k=k))
                table = [
                    [
                        r.rank if r.rank is not None else "—",
                        r.no,
                        r.name,
                        r.team,
                        r.games,
                        r.wins,
                        r.draws,
                        r.losses,
                        fmt(r.points),
                        f"{r.percentage * 100:.1f}%",
                        r.fouls,
                    ]
                    for r in rows
                ]
                lines += ["  " + ln for ln in text_table(header, table, [True, True, False, False] + [True] * 7)]
                if not rows:
                    lines.append(txt("standings.no-games-yet"))
            if s.board_min_games:
                lines.append(
                    txt(
                        "standings.fewer-than-games-listed-last-unranked",
                        board_min_games=s.board_min_games,
                    )
                )
            echo(*lines)
            return echo

        return Outcome(render=board_lines)
    rows = compute_team_standings(event, after, rules=team_rules(event.settings))
    keys = resolve_team_tiebreaks(s.tiebreaks, team_rules(s).default_tiebreaks)
    if as_json:
        return Outcome(data=team_table_data(event, round_no))

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        labels = i18n_labels(lang, LABELS_ZH, LABELS_EN)
        shown = [k for k in keys if k != "back_rounds"]
        shown += [k for k in ("match_points", "game_points") if k not in shown]
        header = txt("standings.rank-no-team").split() + [labels[k] for k in shown] + [txt("booklet.matches")]
        table = []
        for r in rows:
            name = r.name + (txt("booklet.withdrawn") if r.withdrawn else "")
            table.append([r.rank, r.no, name] + [fmt(r.values[k]) for k in shown] + [r.matches + r.byes])
        title = tr.title(Msg("report.label-standings", label=team_system_label(s.system, lang)), lang)
        if s.name:
            title += f"  {s.name}"
        echo(title, *text_table(header, table, [True, True, False] + [True] * (len(shown) + 1)))
        order = txt("record_text.text-3").join(labels[k] for k in keys)
        echo(txt("booklet.ranking-order", order=order))
        return echo

    return Outcome(render=render)


def team_table_data(event, round_no: Optional[int] = None) -> dict:
    """``xlxq standings TEAM.json --json``: the team table after ``round_no``
    (default: as far as the results go)."""
    s = event.settings
    tr = table_round(event, round_no)
    keys = resolve_team_tiebreaks(s.tiebreaks, team_rules(s).default_tiebreaks)
    return {
        "kind": "team",
        "system": s.system,
        "after_round": tr.after,
        "in_progress": tr.in_progress,
        "score": keys[0],
        "tiebreak_order": keys,
        "standings": [
            nums(r.to_dict()) for r in compute_team_standings(event, tr.after, rules=team_rules(event.settings))
        ],
    }


def board_table_data(event, round_no: Optional[int] = None) -> dict:
    """``xlxq standings TEAM.json --boards --json``: 台次成绩 after ``round_no``."""
    s = event.settings
    after = table_round(event, round_no).after
    return {
        "kind": "team",
        "system": s.system,
        "after_round": after,
        "board_ranking": {"by": s.board_ranking, "min_games": s.board_min_games},
        "boards": {
            str(k): [nums(r.to_dict()) for r in rows]
            for k, rows in board_standings(event, after, rules=team_rules(event.settings)).items()
        },
    }


def _standings_member_total(event, round_no: Optional[int], as_json: bool) -> Outcome:
    """队员总分制: the teams (单位) ranked by their members' results."""
    if system_for(event.settings).has_bracket:
        raise InputError(Msg("standings.teams-is-for-a-swiss-or-a-round-robin"))
    mt = getattr(event.settings, "member_total", None) or MemberTotalOptions()
    after = round_arg(event, round_no) if round_no is not None else None
    rows = member_total_standings(
        event, mt.by, mt.best, mt.incomplete, after_round=after, table=system_for(event.settings).standings
    )
    if is_rr(event):
        shown_after = after if after is not None else report.last_played(event)

        def when(lang: str) -> str:
            return Text(lang)("standings.after-round", shown_after=shown_after)
    else:
        tr = table_round(event, after)  # as the individual table counts it (issue 8 §6)
        shown_after, when = tr.after, tr.label
    if as_json:
        data = {
            "kind": "member_total",
            "by": mt.by,
            "best": mt.best,
            "incomplete": mt.incomplete,
            "after_round": shown_after,
            "standings": [nums(r.to_dict()) for r in rows],
        }
        return Outcome(data=data)

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        by = txt("create.points") if mt.by == "points" else txt("standings.placings-lower-first")
        best = txt("create.best-a-team", best=mt.best) if mt.best else txt("create.every-member")
        title = txt(
            "standings.team-ranking-by-members-results-by",
            when_lang=when(lang),
            by=by,
            best=best,
        )
        if event.settings.name:
            title += f"  {event.settings.name}"
        header = txt(
            "standings.rank-team-counted-points-placings-best",
        ).split()
        table = []
        for r in rows:
            members = txt("record_text.text-3").join(
                txt("standings.no-name-rk", no=no, name=event.player(no).name, rk=rk) for no, rk, _ in r.counted
            )
            team = r.team + ("" if r.complete else txt("standings.short"))
            table.append(
                [
                    r.rank if r.rank is not None else "—",
                    team,
                    len(r.counted),
                    fmt(r.points),
                    r.placings,
                    r.best_placing,
                    members,
                ]
            )
        echo(title, *text_table(header, table, [True, False, True, True, True, True, False]))
        return echo

    return Outcome(render=render)


def crosstable_file(event, *, round_no: Optional[int] = None, as_json: bool = False) -> Outcome:
    """The 交叉表 of a round robin after ``round_no`` (``--round``; None:
    every round), as ``--json`` data when ``as_json``."""
    if is_team(event):
        raise InputError(
            Msg("standings.a-cross-table-is-for-individual-round"),
        )
    if not is_rr(event):
        key = event.settings.system
        raise InputError(
            Msg(
                "standings.a-cross-table-is-for-round-robins-only",
                system=Lazy(  # 积分编排（swiss）; in English the key
                    lambda lang: (
                        tr(lang, "standings.label-key", label=system_label(key, lang), key=key)
                        if chinese_forms(lang)
                        else key
                    )
                ),
            )
        )
    after = round_arg(event, round_no) if round_no is not None else None
    if as_json:
        return Outcome(data=report.cross_table_data(event, after))
    return Outcome(render=lambda lang: report.cross_table_lines(event, after, lang))
