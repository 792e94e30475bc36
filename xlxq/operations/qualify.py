"""积分晋圈淘汰 (``xlxq qualify``): the knockout event of the top K of a
finished Swiss, from a JSON file (docs/knockout.md §5).  A workbook: the
knockout stage inside it, :func:`xlxq.operations.book.qualify_book`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Optional

from xlxq.core.combined import build_knockout
from xlxq.core.standings import compute_standings
from xlxq.errors import InputError
from xlxq.i18n import Text
from xlxq.operations.lines import Lines, ko_first_round_lines
from xlxq.operations.result import Outcome
from xlxq.operations.standings import system_named
from xlxq.operations.source import checked, is_team, is_workbook, load, parse_playoff, round_arg
from xlxq.systems import system_for, system_label
from xlxq.text import fmt, text_table
from xlxq.i18n import Msg, chinese_forms

__all__ = ["qualify_file"]


def qualify_file(
    swiss_path: str,
    knockout_path: Optional[str],
    top: int,
    *,
    on_tie: str = "error",
    round_no: Optional[int] = None,
    games_per_match: int = 1,
    playoff_games: Optional[str] = None,
    armageddon: bool = False,
    name: Optional[str] = None,
    force: bool = False,
) -> Outcome:
    """积分晋圈淘汰: the knockout event of the top ``top`` of the finished
    Swiss in ``swiss_path`` (after round ``round_no``: ``--round``), to be
    saved as ``knockout_path`` (``force``: over an existing file); ``on_tie``
    ("error" or "number") decides a tie across the cut; the knockout's
    ``games_per_match``, ``playoff_games`` (text: "2,1"), ``armageddon`` and
    ``name``."""
    if knockout_path is None or is_workbook(knockout_path):
        raise InputError(
            Msg("qualify.give-the-knockout-json-file-to-create"),
        )
    swiss = load(swiss_path)
    if is_team(swiss):
        raise InputError(
            Msg("qualify.is-a-team-file-qualifying-is-for-an", swiss_path=swiss_path),
        )
    if not system_for(swiss.settings).pairs_by_score:
        raise InputError(
            Msg(
                "qualify.must-be-a-swiss-event-not",
                swiss_path=swiss_path,
                system=system_named(swiss.settings.system),
            ),
        )
    out = Path(knockout_path)
    if out.exists() and not force:
        raise InputError(Msg("qualify.already-exists-use-force-to-overwrite", out=out))
    if out.resolve() == Path(swiss_path).resolve():
        raise InputError(Msg("qualify.the-knockout-file-cannot-be-the-swiss"))
    if round_no is None:
        if len(swiss.rounds) < swiss.settings.rounds:
            raise InputError(
                Msg(
                    "qualify.the-swiss-has-rounds-and-only-are-paired",
                    rounds=swiss.settings.rounds,
                    n=len(swiss.rounds),
                ),
            )
        n = len(swiss.rounds)
    else:
        n = round_arg(swiss, round_no)
    for r in swiss.rounds[:n]:
        for b in r.boards:
            if b.result is None:
                raise InputError(
                    Msg(
                        "qualify.swiss-round-board-v-has-no-result",
                        round=r.round,
                        board=b.board,
                        red=b.red,
                        black=b.black,
                    ),
                )
    if games_per_match < 1:
        raise InputError(
            Msg("qualify.games-per-match-must-be-positive", games_per_match=games_per_match),
        )
    playoff = parse_playoff(playoff_games) if playoff_games is not None else [2]
    ko = build_knockout(
        swiss,
        top,
        round_no,
        games_per_match=games_per_match,
        playoff_games=playoff,
        armageddon=armageddon,
        on_tie=on_tie,
        name=name,
    )
    ko = replace(ko, settings=replace(ko.settings, tiebreaks=[]))  # a knockout is ranked by its bracket
    checked(ko)
    rows = {r.no: r for r in compute_standings(swiss, n)}

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        echo(
            txt(
                "qualify.created",
                out=out,
                swiss_path=swiss_path,
                n=n,
                top=top,
                # the system's name in Chinese only (the English says "knockout" already)
                label=txt("qualify.label", label=system_label("knockout", lang, games_per_match))
                if chinese_forms(lang)
                else "",
                rounds=ko.settings.rounds,
            )
        )
        header = txt("qualify.seed-no-name-unit-swiss-rank-score").split()
        table = [[p.seed, p.no, p.name, p.unit, rows[p.no].rank, fmt(rows[p.no].score)] for p in ko.players]
        echo(*text_table(header, table, [True, True, False, False, True, True]))
        echo(*ko_first_round_lines(ko, lang))
        echo(
            txt(
                "qualify.final-order-xlxq-standings-with",
                out=out,
                swiss_path=swiss_path,
            )
        )
        return echo

    return Outcome(event=ko, path=str(out), render=render)
