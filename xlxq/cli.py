"""The ``xlxq`` command line (also ``python -m xlxq``).

    xlxq new FILE --players 报名表.csv|.xlsx [--rounds R] [--name N]
             [--first-round adjacent|fold|slide|random] [--seed S] [--draw SEED]
             [--tiebreaks PRESET|KEY,KEY…] [--force]
    xlxq pair FILE                      pair the next round, save, print the 对阵表
    xlxq standings FILE [--json] [--round N]
    xlxq explain FILE [--round N]       the 编排记录 of a round
    xlxq check FILE [--round N]         rule check + comparison with the engine
    xlxq simulate FILE --seed S [--rounds K]   random results, pair on (dry run)
    xlxq demo [DIR]                     sample workbook (xlxq.workbook)

FILE is a JSON tournament file (docs/format.md); an ``.xlsx``/``.xlsm`` FILE
is handed to ``xlxq.workbook.cli_dispatch``.  Bad input prints one line
``错误：…`` on stderr and exits 2 without touching the file (``XLXQ_LANG=en``
for English).  Exit 1 is reserved for ``check`` finding rule errors.

Start-up time matters (``xlxq pair`` on 1000 players): only the standard
library is imported here; everything else is imported inside the commands.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Optional, Sequence

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")


# --------------------------------------------------------------------------
# output helpers
# --------------------------------------------------------------------------

def _lang() -> str:
    return "en" if os.environ.get("XLXQ_LANG", "zh").lower().startswith("en") else "zh"


def _t(zh: str, en: str) -> str:
    return en if _lang() == "en" else zh


def _num(x: Any) -> Any:
    """An int when the number is integral (2.0 → 2), else the float."""
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return x


def _fmt(x: Any) -> str:
    if x is None:
        return ""
    x = _num(x)
    if isinstance(x, float):
        return f"{x:g}"
    return str(x)


def _width(s: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in s)


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]], right: Sequence[bool]) -> list[str]:
    """Aligned text columns; East Asian characters count double width."""
    cells = [[str(c) for c in header]] + [[("" if c is None else str(c)) for c in r] for r in rows]
    widths = [max(_width(r[i]) for r in cells) for i in range(len(header))]
    out = []
    for r in cells:
        parts = []
        for i, c in enumerate(r):
            pad = " " * (widths[i] - _width(c))
            parts.append(pad + c if right[i] else c + pad)
        out.append("  ".join(parts).rstrip())
    return out


def _print(*lines: str) -> None:
    for ln in lines:
        print(ln)


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line, exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        hint = _t(f"（用 {self.prog} -h 查看用法）", f" (see {self.prog} -h)")
        sys.stderr.write(f"{_t('错误：', 'error: ')}{message}{hint}\n")
        raise SystemExit(2)


# --------------------------------------------------------------------------
# shared pieces
# --------------------------------------------------------------------------

def _is_workbook(path: str) -> bool:
    return str(path).lower().endswith(WORKBOOK_SUFFIXES)


def _workbook_dispatch(command: str, path: str, args: argparse.Namespace) -> int:
    try:
        from xlxq.workbook import cli_dispatch
    except ImportError as exc:
        from xlxq.errors import XlxqError

        raise XlxqError(f"无法处理 Excel 工作簿 {path}：工作簿模块 xlxq.workbook 不可用（{exc}）",
                        f"cannot handle the Excel workbook {path}: xlxq.workbook is not available ({exc})")
    rc = cli_dispatch(command, path, args)
    return int(rc) if isinstance(rc, int) else 0


def _load(path: str):
    from xlxq.backends.json_file import load_event

    return load_event(path)


def _save(event, path: str) -> None:
    from xlxq.backends.json_file import save_event

    save_event(event, path)


def _round_arg(event, n: Optional[int], allow_next: bool = False) -> int:
    """The round a command works on: ``n`` or the last round in the file."""
    from xlxq.errors import InputError

    last = len(event.rounds)
    top = min(last + 1, event.settings.rounds) if allow_next else last
    if n is None:
        if last == 0 and not allow_next:
            raise InputError("文件中还没有任何一轮（先用 xlxq pair 编排第1轮）",
                             "the file has no rounds yet (pair round 1 with xlxq pair first)")
        return max(last, 1)
    if n < 1 or n > top:
        raise InputError(f"轮次 --round {n} 无效：文件中有{last}轮" + (f"（可解释到第{top}轮）" if allow_next else ""),
                         f"invalid --round {n}: the file has {last} round(s)")
    return n


def _names(event) -> dict[int, Any]:
    return {p.no: p for p in event.players}


def _pairing_table(event, rnd, scores: dict[int, float]) -> list[str]:
    by_no = _names(event)
    title = _t(f"第{rnd.round}轮对阵表", f"Round {rnd.round} pairings")
    if event.settings.name:
        title += f"  {event.settings.name}"
    header = _t("台次 序号 红方 单位 积分 序号 黑方 单位 积分", "Board No Red Unit Score No Black Unit Score").split()
    rows = []
    for b in rnd.boards:
        r, k = by_no[b.red], by_no[b.black]
        rows.append([b.board, r.no, r.name, r.unit, _fmt(scores.get(r.no, 0)),
                     k.no, k.name, k.unit, _fmt(scores.get(k.no, 0))])
    lines = [title] + _table(header, rows, [True, True, False, False, True, True, False, False, True])
    for no in rnd.byes:
        p = by_no[no]
        lines.append(_t(f"轮空：{p.no} {p.name} {p.unit} 积分 {_fmt(scores.get(no, 0))}",
                        f"Bye: {p.no} {p.name} {p.unit} score {_fmt(scores.get(no, 0))}").rstrip())
    return lines


# --------------------------------------------------------------------------
# commands
# --------------------------------------------------------------------------

def _split_tiebreaks(spec: str) -> list[str]:
    import re

    return [s for s in (x.strip() for x in re.split(r"[,，、;；\s]+", spec)) if s]


def cmd_new(args: argparse.Namespace) -> int:
    from pathlib import Path

    from xlxq.backends.registration import read_registration
    from xlxq.core.model import Event, EventSettings, Scoring, validate_event
    from xlxq.errors import InputError

    path = Path(args.file)
    if path.exists() and not args.force:
        raise InputError(f"文件已存在：{path}（如要覆盖，加 --force）", f"{path} already exists (use --force to overwrite)")
    if path.is_dir():
        raise InputError(f"{path} 是文件夹", f"{path} is a directory")
    players = read_registration(args.players, draw_seed=args.draw)
    n = len(players)
    if n < 2:
        raise InputError(f"报名表只有{n}名棋手，至少需要2名", f"the registration has {n} player(s); at least 2 are needed")
    max_rounds = n if n % 2 else n - 1   # each pair meets once; with an odd field each has one bye
    if args.rounds is None:
        rounds = min(7, max_rounds)
    else:
        rounds = args.rounds
        if rounds < 1:
            raise InputError(f"轮数 --rounds 应为正整数：{rounds}", f"--rounds must be positive: {rounds}")
        if rounds > max_rounds:
            raise InputError(f"{n}名棋手最多只能编排{max_rounds}轮（不重复相遇），--rounds {rounds} 太多",
                             f"{n} players allow at most {max_rounds} rounds without rematches; --rounds {rounds} is too many")
    seed = args.seed
    if args.first_round == "random" and seed is None:
        import secrets

        seed = secrets.randbelow(1_000_000_000)
    tiebreaks = _split_tiebreaks(args.tiebreaks) if args.tiebreaks else ["cxa2011-opp"]
    settings = EventSettings(name=args.name if args.name is not None else path.stem, system=args.system,
                             rounds=rounds, scoring=Scoring(win=2, draw=1, loss=0, bye=2),
                             tiebreaks=tiebreaks, first_round=args.first_round, first_round_seed=seed)
    event = Event(settings=settings, players=players)
    validate_event(event)
    from xlxq.backends.json_file import event_from_dict, event_to_dict

    event_from_dict(event_to_dict(event))   # the same checks as a later load (tie-breaks …)
    _save(event, str(path))
    method = {"adjacent": _t("近号配对", "adjacent"), "fold": _t("首尾配对", "fold"),
              "slide": _t("对半交叉配对", "slide"), "random": _t("随机配对", "random")}[args.first_round]
    extra = _t(f"，随机种子 {seed}", f", random seed {seed}") if args.first_round == "random" else ""
    draw = _t(f"；抽签种子 {args.draw}", f"; draw seed {args.draw}") if args.draw is not None else ""
    _print(_t(f"已创建 {path}：{n}名棋手，{rounds}轮，首轮{method}{extra}{draw}",
              f"created {path}: {n} players, {rounds} rounds, first round {method}{extra}{draw}"))
    header = _t("序号 姓名 单位 等级分 种子", "No Name Unit Rating Seed").split()
    rows = [[p.no, p.name, p.unit, _fmt(p.rating), _fmt(p.seed)] for p in players]
    _print(*_table(header, rows, [True, False, False, True, True]))
    return 0


def cmd_pair(args: argparse.Namespace) -> int:
    if _is_workbook(args.file):
        return _workbook_dispatch("pair", args.file, args)
    from xlxq.core.pairing import pair_round
    from xlxq.errors import InputError

    event = _load(args.file)
    if event.settings.system != "swiss":
        raise InputError(f"xlxq pair 目前只编排积分编排（swiss）赛制，本赛事为 {event.settings.system}",
                         f"xlxq pair only pairs Swiss events; this event is {event.settings.system}")
    out = pair_round(event)
    new = event.with_round(out.round)
    _save(new, args.file)
    scores = {no: c.score for no, c in out.cards.items()}
    _print(*_pairing_table(new, out.round, scores))
    for note in out.notes:
        _print(_t(f"说明：{note}", f"note: {note}"))
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def cmd_standings(args: argparse.Namespace) -> int:
    if _is_workbook(args.file):
        return _workbook_dispatch("standings", args.file, args)
    from xlxq.core.standings import LABELS_ZH, compute_standings, resolve_tiebreaks

    event = _load(args.file)
    after = _round_arg(event, args.round) if (args.round is not None or event.rounds) else 0
    rows = compute_standings(event, after)
    if args.json:
        import json

        data = {"standings": [{"rank": r.rank, "no": r.no, "name": r.name, "score": _num(r.score),
                               "tiebreaks": {k: _num(v) for k, v in r.tiebreaks.items()}} for r in rows]}
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
        return 0
    keys = resolve_tiebreaks(event.settings.tiebreaks)
    try:
        from xlxq.core.standings import LABELS_EN
    except ImportError:  # pragma: no cover
        LABELS_EN = {}
    labels = [(LABELS_EN.get(k, k) if _lang() == "en" else LABELS_ZH.get(k, k)) for k in keys]
    shown = [k for k in keys if k in (rows[0].tiebreaks if rows else {})]
    labels = [lab for k, lab in zip(keys, labels) if k in shown]
    header = _t("名次 序号 姓名 单位 积分", "Rank No Name Unit Score").split() + labels
    table = []
    for r in rows:
        name = r.name + (_t("（退赛）", " (withdrawn)") if r.withdrawn else "")
        table.append([r.rank, r.no, name, r.unit, _fmt(r.score)] + [_fmt(r.tiebreaks.get(k)) for k in shown])
    title = _t(f"第{after}轮后名次表", f"Standings after round {after}")
    if event.settings.name:
        title += f"  {event.settings.name}"
    _print(title, *_table(header, table, [True, True, False, False, True] + [True] * len(shown)))
    return 0


def cmd_explain(args: argparse.Namespace) -> int:
    if _is_workbook(args.file):
        return _workbook_dispatch("explain", args.file, args)
    from xlxq.core.explain import explain_round

    event = _load(args.file)
    n = _round_arg(event, args.round, allow_next=True)
    _print(explain_round(event, n))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    if _is_workbook(args.file):
        return _workbook_dispatch("check", args.file, args)
    from xlxq.core.checks import ERROR, check_round, compare_with_engine
    from xlxq.errors import XlxqError

    event = _load(args.file)
    n = _round_arg(event, args.round)
    issues = check_round(event, n)
    lang = _lang()
    errors = [i for i in issues if i.level == ERROR]
    _print(_t(f"第{n}轮检查：", f"Round {n} check:"))
    if not issues:
        _print(_t("  未发现违反编排原则的问题", "  no rule problems found"))
    for i in issues:
        tag = _t("错误", "error") if i.level == ERROR else _t("警告", "warning")
        _print(f"  [{tag}] {i.message(lang)}")
    try:
        diffs = compare_with_engine(event, n)
    except XlxqError as exc:
        _print(_t(f"引擎无法编排此轮，未作比较：{exc.message()}", f"the engine cannot pair this round: {exc.message()}"))
    else:
        if diffs:
            _print(_t("与引擎编排的差异：", "Differences from the engine's pairing:"))
            _print(*(f"  {d}" for d in diffs))
        else:
            _print(_t("与引擎编排一致", "identical to the engine's pairing"))
    return 1 if errors else 0


def cmd_simulate(args: argparse.Namespace) -> int:
    if _is_workbook(args.file):
        return _workbook_dispatch("simulate", args.file, args)
    import random
    from collections import Counter

    from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN
    from xlxq.core.pairing import pair_round
    from xlxq.core.simulate import fill_results
    from xlxq.errors import InputError

    event = _load(args.file)
    if event.settings.system != "swiss":
        raise InputError(f"xlxq simulate 目前只支持积分编排（swiss），本赛事为 {event.settings.system}",
                         f"xlxq simulate only supports Swiss events; this event is {event.settings.system}")
    remaining = event.settings.rounds - len(event.rounds)
    if args.rounds is not None and args.rounds < 1:
        raise InputError(f"--rounds 应为正整数：{args.rounds}", f"--rounds must be positive: {args.rounds}")
    todo = remaining if args.rounds is None else min(args.rounds, remaining)
    lines: list[str] = []

    def fill_last() -> None:
        if not event.rounds:
            return
        rnd = event.rounds[-1]
        missing = [b.board for b in rnd.boards if b.result is None]
        if not missing:
            return
        fill_results(rnd, random.Random(f"{args.seed}-{rnd.round}"))
        c = Counter(b.result for b in rnd.boards if b.board in set(missing))
        lines.append(_t(f"第{rnd.round}轮：随机填写{len(missing)}台结果（红胜{c[RED_WIN]}，和{c[DRAW]}，黑胜{c[BLACK_WIN]}）",
                        f"round {rnd.round}: {len(missing)} random results "
                        f"({c[RED_WIN]} red wins, {c[DRAW]} draws, {c[BLACK_WIN]} black wins)"))

    if todo == 0 and (not event.rounds or event.rounds[-1].finished):
        _print(_t("所有轮次均已编排并有结果，无需模拟", "every round is paired and finished; nothing to simulate"))
        return 0
    for _ in range(todo):
        fill_last()
        out = pair_round(event)
        event = event.with_round(out.round)
        bye = "、".join(f"{n}号" for n in out.round.byes) or _t("无", "none")
        lines.append(_t(f"第{out.round.round}轮：已编排{len(out.round.boards)}台，轮空 {bye}",
                        f"round {out.round.round}: paired {len(out.round.boards)} boards, bye {bye}"))
    if len(event.rounds) == event.settings.rounds:
        fill_last()
    _save(event, args.file)
    _print(*lines)
    if len(event.rounds) == event.settings.rounds and event.rounds[-1].finished:
        try:
            from xlxq.core.standings import compute_standings

            top = compute_standings(event)[:3]
            _print(_t("模拟结果前三名：", "simulated top three: ")
                   + _t("；", "; ").join(f"{r.rank}. {r.no} {r.name} {_fmt(r.score)}" + _t("分", "") for r in top))
        except ImportError:  # pragma: no cover
            pass
    _print(_t(f"已保存到 {args.file}", f"saved to {args.file}"))
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    try:
        from xlxq.workbook import demo
    except ImportError as exc:
        from xlxq.errors import XlxqError

        raise XlxqError(f"演示需要工作簿模块 xlxq.workbook，但它不可用（{exc}）",
                        f"the demo needs xlxq.workbook, which is not available ({exc})")
    rc = demo(args.dir) if args.dir is not None else demo()
    return int(rc) if isinstance(rc, int) else 0


# --------------------------------------------------------------------------
# parser and main
# --------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="xlxq", description="象棋积分编排（中国象棋协会定位编排法）与成绩处理")
    sub = p.add_subparsers(dest="command", metavar="命令", parser_class=_Parser)
    sub.required = True

    s = sub.add_parser("new", help="从报名表新建赛事文件", description="从报名表（CSV 或 Excel）新建 JSON 赛事文件")
    s.add_argument("file", metavar="FILE", help="要创建的赛事文件（.json）")
    s.add_argument("--players", required=True, metavar="报名表", help="报名表 .csv 或 .xlsx（姓名、单位、等级分、种子…）")
    s.add_argument("--rounds", type=int, metavar="R", help="轮数（默认 7，人数少时取能编排的最大轮数）")
    s.add_argument("--system", default="swiss", choices=["swiss"], help="赛制（目前只有 swiss 积分编排）")
    s.add_argument("--name", metavar="N", help="赛事名称（默认取文件名）")
    s.add_argument("--first-round", dest="first_round", default="adjacent",
                   choices=["adjacent", "fold", "slide", "random"],
                   help="第一轮配对：adjacent 近号（默认）、fold 首尾、slide 对半交叉、random 随机")
    s.add_argument("--seed", type=int, metavar="S", help="第一轮随机配对的随机种子（random 时不给则自动选取并记入文件）")
    s.add_argument("--draw", type=int, metavar="SEED", help="抽签定序号的随机种子（种子选手不参加抽签）")
    s.add_argument("--tiebreaks", metavar="PRESET", help="名次计算方法：预设名（默认 cxa2011-opp）或逗号分隔的项目")
    s.add_argument("--force", action="store_true", help="覆盖已存在的文件")
    s.set_defaults(func=cmd_new)

    s = sub.add_parser("pair", help="编排下一轮并保存", description="编排下一轮，写入文件，显示对阵表")
    s.add_argument("file", metavar="FILE")
    s.set_defaults(func=cmd_pair)

    s = sub.add_parser("standings", help="名次表", description="计算名次（积分及破同分方法）")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--json", action="store_true", help="以 JSON 输出")
    s.add_argument("--round", type=int, metavar="N", help="计算到第N轮（默认：最后一轮）")
    s.set_defaults(func=cmd_standings)

    s = sub.add_parser("explain", help="编排记录", description="显示某一轮的编排过程（编排记录）")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_explain)

    s = sub.add_parser("check", help="检查一轮的编排", description="按编排原则检查一轮，并与引擎编排比较；有错误时退出码为 1")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--round", type=int, metavar="N", help="轮次（默认：文件中最后一轮）")
    s.set_defaults(func=cmd_check)

    s = sub.add_parser("simulate", help="随机模拟比赛（试编）",
                       description="随机填写未完成的结果并继续编排，用于试编演练；结果写入文件")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--seed", type=int, required=True, metavar="S", help="随机种子（第n轮结果用 Random(\"S-n\")）")
    s.add_argument("--rounds", type=int, metavar="K", help="再编排K轮（默认：编排到最后一轮并填写其结果）")
    s.set_defaults(func=cmd_simulate)

    s = sub.add_parser("demo", help="生成演示工作簿", description="生成演示用的 Excel 工作簿（xlxq.workbook）")
    s.add_argument("dir", nargs="?", metavar="DIR", help="输出文件夹")
    s.set_defaults(func=cmd_demo)
    return p


def _utf8_streams() -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(encoding="utf-8", errors="replace")  # type: ignore[attr-defined]
        except (AttributeError, ValueError, OSError):
            pass


def _error(msg: str) -> int:
    line = " ".join(str(msg).split())
    sys.stderr.write(f"{_t('错误：', 'error: ')}{line}\n")
    return 2


def main(argv: Optional[Sequence[str]] = None) -> int:
    _utf8_streams()
    parser = build_parser()
    args = parser.parse_args(argv)
    from xlxq.errors import XlxqError

    try:
        return int(args.func(args) or 0)
    except XlxqError as exc:
        return _error(exc.message())
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except OSError as exc:
        name = exc.filename or ""
        return _error(_t(f"无法读写文件 {name}：{exc.strerror or exc}", f"cannot access {name}: {exc.strerror or exc}"))
    except Exception as exc:  # never a traceback for an arbiter
        if os.environ.get("XLXQ_DEBUG"):
            raise
        return _error(_t(f"程序内部错误（{type(exc).__name__}: {exc}），设置 XLXQ_DEBUG=1 可看详细信息",
                         f"internal error ({type(exc).__name__}: {exc}); set XLXQ_DEBUG=1 for details"))


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
