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
from xlxq.operations.source import checked, is_team, is_workbook, load, parse_playoff, round_arg
from xlxq.systems import system_for, system_label
from xlxq.text import fmt, text_table

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
            "请给出要创建的淘汰赛 JSON 文件：xlxq qualify SWISS.json KNOCKOUT.json --top K",
            "give the knockout JSON file to create: xlxq qualify SWISS.json KNOCKOUT.json --top K",
        )
    swiss = load(swiss_path)
    if is_team(swiss):
        raise InputError(
            f"{swiss_path} 是团体赛文件：积分晋圈淘汰只用于个人积分赛",
            f"{swiss_path} is a team file: qualifying is for an individual Swiss",
        )
    if not system_for(swiss.settings).pairs_by_score:
        raise InputError(
            f"{swiss_path} 应为积分编排（swiss）赛事，实为{system_label(swiss.settings.system, 'zh')}",
            f"{swiss_path} must be a Swiss event, not {swiss.settings.system}",
        )
    out = Path(knockout_path)
    if out.exists() and not force:
        raise InputError(
            f"文件已存在：{out}（如要覆盖，加 --force）", f"{out} already exists (use --force to overwrite)"
        )
    if out.resolve() == Path(swiss_path).resolve():
        raise InputError("淘汰赛文件不能与积分赛文件相同", "the knockout file cannot be the Swiss file")
    if round_no is None:
        if len(swiss.rounds) < swiss.settings.rounds:
            raise InputError(
                f"积分赛共{swiss.settings.rounds}轮，文件中只有{len(swiss.rounds)}轮，尚未结束"
                f"（如按某轮后的名次晋级，用 --round N）",
                f"the Swiss has {swiss.settings.rounds} rounds and only {len(swiss.rounds)} are paired "
                f"(use --round N to qualify after round N)",
            )
        n = len(swiss.rounds)
    else:
        n = round_arg(swiss, round_no)
    for r in swiss.rounds[:n]:
        for b in r.boards:
            if b.result is None:
                raise InputError(
                    f"积分赛第{r.round}轮第{b.board}台（{b.red}号对{b.black}号）尚无结果，不能确定晋级名单",
                    f"Swiss round {r.round} board {b.board} ({b.red} v {b.black}) has no result",
                )
    if games_per_match < 1:
        raise InputError(
            f"--games-per-match 应为正整数：{games_per_match}",
            f"--games-per-match must be positive: {games_per_match}",
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
                f"已创建 {out}：积分赛 {swiss_path} 第{n}轮后前{top}名进入淘汰赛"
                f"（{system_label('knockout', lang, games_per_match)}，{ko.settings.rounds}轮，不计加赛）",
                f"created {out}: the top {top} of {swiss_path} after round {n} go to the knockout "
                f"({ko.settings.rounds} rounds without play-offs)",
            )
        )
        header = txt("种子 序号 姓名 单位 积分赛名次 积分", "Seed No Name Unit Swiss-rank Score").split()
        table = [[p.seed, p.no, p.name, p.unit, rows[p.no].rank, fmt(rows[p.no].score)] for p in ko.players]
        echo(*text_table(header, table, [True, True, False, False, True, True]))
        echo(*ko_first_round_lines(ko, lang))
        echo(
            txt(
                f"最终名次：xlxq standings {out} --with {swiss_path}",
                f"final order: xlxq standings {out} --with {swiss_path}",
            )
        )
        return echo

    return Outcome(event=ko, path=str(out), render=render)
