"""积分晋圈淘汰 (``xlxq qualify``): the knockout event of the top K of a
finished Swiss, from a JSON file (docs/knockout.md §5).  A workbook: the
knockout stage inside it, :func:`xlxq.operations.book.qualify_book`.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

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


def qualify_file(args) -> Outcome:
    """积分晋圈淘汰: the knockout event of the top K of a finished Swiss
    (``args``: ``swiss``, ``knockout``, ``top``, ``on_tie``, ``round``,
    ``games_per_match``, ``playoff_games``, ``armageddon``, ``name``,
    ``force``), to be saved as ``args.knockout``."""
    if args.knockout is None or is_workbook(args.knockout):
        raise InputError(
            "请给出要创建的淘汰赛 JSON 文件：xlxq qualify SWISS.json KNOCKOUT.json --top K",
            "give the knockout JSON file to create: xlxq qualify SWISS.json KNOCKOUT.json --top K",
        )
    swiss = load(args.swiss)
    if is_team(swiss):
        raise InputError(
            f"{args.swiss} 是团体赛文件：积分晋圈淘汰只用于个人积分赛",
            f"{args.swiss} is a team file: qualifying is for an individual Swiss",
        )
    if not system_for(swiss.settings).swiss:
        raise InputError(
            f"{args.swiss} 应为积分编排（swiss）赛事，实为{system_label(swiss.settings.system, 'zh')}",
            f"{args.swiss} must be a Swiss event, not {swiss.settings.system}",
        )
    out = Path(args.knockout)
    if out.exists() and not args.force:
        raise InputError(
            f"文件已存在：{out}（如要覆盖，加 --force）", f"{out} already exists (use --force to overwrite)"
        )
    if out.resolve() == Path(args.swiss).resolve():
        raise InputError("淘汰赛文件不能与积分赛文件相同", "the knockout file cannot be the Swiss file")
    if args.round is None:
        if len(swiss.rounds) < swiss.settings.rounds:
            raise InputError(
                f"积分赛共{swiss.settings.rounds}轮，文件中只有{len(swiss.rounds)}轮，尚未结束"
                f"（如按某轮后的名次晋级，用 --round N）",
                f"the Swiss has {swiss.settings.rounds} rounds and only {len(swiss.rounds)} are paired "
                f"(use --round N to qualify after round N)",
            )
        n = len(swiss.rounds)
    else:
        n = round_arg(swiss, args.round)
    for r in swiss.rounds[:n]:
        for b in r.boards:
            if b.result is None:
                raise InputError(
                    f"积分赛第{r.round}轮第{b.board}台（{b.red}号对{b.black}号）尚无结果，不能确定晋级名单",
                    f"Swiss round {r.round} board {b.board} ({b.red} v {b.black}) has no result",
                )
    if args.games_per_match < 1:
        raise InputError(
            f"--games-per-match 应为正整数：{args.games_per_match}",
            f"--games-per-match must be positive: {args.games_per_match}",
        )
    playoff = parse_playoff(args.playoff_games) if args.playoff_games is not None else [2]
    ko = build_knockout(
        swiss,
        args.top,
        args.round,
        games_per_match=args.games_per_match,
        playoff_games=playoff,
        armageddon=bool(args.armageddon),
        on_tie=args.on_tie,
        name=args.name,
    )
    ko = replace(ko, settings=replace(ko.settings, tiebreaks=[]))  # a knockout is ranked by its bracket
    checked(ko)
    rows = {r.no: r for r in compute_standings(swiss, n)}

    def render(lang: str) -> list[str]:
        txt, echo = Text(lang), Lines()
        echo(
            txt(
                f"已创建 {out}：积分赛 {args.swiss} 第{n}轮后前{args.top}名进入淘汰赛"
                f"（{system_label('knockout', lang, args.games_per_match)}，{ko.settings.rounds}轮，不计加赛）",
                f"created {out}: the top {args.top} of {args.swiss} after round {n} go to the knockout "
                f"({ko.settings.rounds} rounds without play-offs)",
            )
        )
        header = txt("种子 序号 姓名 单位 积分赛名次 积分", "Seed No Name Unit Swiss-rank Score").split()
        table = [[p.seed, p.no, p.name, p.unit, rows[p.no].rank, fmt(rows[p.no].score)] for p in ko.players]
        echo(*text_table(header, table, [True, True, False, False, True, True]))
        echo(*ko_first_round_lines(ko, lang))
        echo(
            txt(
                f"最终名次：xlxq standings {out} --with {args.swiss}",
                f"final order: xlxq standings {out} --with {args.swiss}",
            )
        )
        return echo

    return Outcome(event=ko, path=str(out), render=render)
