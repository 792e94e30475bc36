"""Operations on an event workbook, shared by every backend.

Each operation reads every sheet once (:func:`xlxq.sheets.mapping.read_workbook`),
computes with the pure core, builds ONE :class:`~xlxq.sheets.mapping.WritePlan`
and hands it to ``book.apply``.  Unusable data raises
:class:`~xlxq.errors.InputError` (or ``PairingImpossible``) before anything is
applied, so the workbook is left as it was.

- :func:`pair_next_round` (编排下一轮)   - :func:`recompute` (计算成绩)
- :func:`explain` (编排记录)             - :func:`check` (检查, writes nothing)
- :func:`create_event_workbook`, :func:`demo`, :func:`cli_dispatch`

``book`` is anything implementing :class:`xlxq.sheets.mapping.Book`: an
:class:`xlxq.backends.openpyxl_book.OpenpyxlBook` for a file, or an xlwings
book adapter inside Excel.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any, Iterable, Optional

from xlxq.core.model import Event, EventSettings, Player
from xlxq.errors import InputError, XlxqError
from xlxq.sheets.mapping import (BLOCKING, ERROR, INFO, WARNING, Book, Canvas, Problem, Sig, Status,
                                 add_round_sheet, locate, plan_fill_template, plan_new_workbook, read_workbook,
                                 refresh, rule_problems, write_log)

DATA_DIR = Path(__file__).resolve().parent / "data"
TEMPLATE_FILES = {("zh", False): "xlxq-event-zh.xlsx", ("en", False): "xlxq-event-en.xlsx",
                  ("zh", True): "xlxq-event-zh.xlsm", ("en", True): "xlxq-event-en.xlsm"}
SAMPLE_REGISTRATION = "sample-registration.csv"

__all__ = ["Status", "pair_next_round", "recompute", "explain", "check", "create_event_workbook", "demo",
           "cli_dispatch", "template_path"]


def _sorted_problems(problems: Iterable[Problem]) -> list[Problem]:
    order = {BLOCKING: 0, ERROR: 1, WARNING: 2, INFO: 3}
    return sorted(problems, key=lambda p: order[p.level])


def _counts(problems: list[Problem]) -> tuple[int, int]:
    errors = sum(1 for p in problems if p.level in (BLOCKING, ERROR))
    warnings = sum(1 for p in problems if p.level == WARNING)
    return errors, warnings


def _found(problems: list[Problem]) -> tuple[str, str]:
    e, w = _counts(problems)
    if not e and not w:
        return "", ""
    return (f"；发现{e}个错误、{w}个警告，已在表中标出（见“提示”列）",
            f"; {e} error(s) and {w} warning(s) found and highlighted (see the Notes column)")


def _blocked(book: Book, data) -> Status:
    """Unusable rounds: write only the highlights and notes, then report."""
    canvas = Canvas(data.snapshot)
    refresh(canvas, data, data.event, standings=False)
    book.apply(canvas.finish())
    bad = [p for p in data.problems if p.level == BLOCKING]
    where = "、".join(sorted({p.where() for p in bad}))
    return Status(False, f"表中有必须先改正的错误（已标红：{where}），成绩与编排暂未更新",
                  f"fix the errors first (highlighted in red: {where}); standings and pairing were not updated",
                  _sorted_problems(data.problems), event=data.event)


# ==========================================================================
# operations
# ==========================================================================

def pair_next_round(book: Book) -> Status:
    """编排下一轮: pair the next round from the sheets (hand edits included),
    add its 对阵表 sheet, refresh everything else, write the 编排记录.

    Unfinished results of earlier rounds are allowed (原则(八): they count as
    draws for pairing) and reported as warnings."""
    from xlxq.core.explain import explain_outcome
    from xlxq.core.pairing import pair_round

    data = read_workbook(book)
    if data.blocking:
        return _blocked(book, data)
    event = data.event
    if event.settings.system != "swiss":
        raise InputError(f"目前只能编排积分编排（swiss）赛制，本赛事为“{event.settings.system}”",
                         f"only Swiss events can be paired at present; this event is {event.settings.system!r}")
    out = pair_round(event)           # InputError / PairingImpossible: nothing written
    new = event.with_round(out.round)
    n = out.round.round
    canvas = Canvas(data.snapshot)
    add_round_sheet(canvas, data, new, out.round)
    data.event = new
    data.state.generated[n] = Sig.of(out.round)
    data.problems = [p for p in data.problems if p.code in ("unknown_setting", "numbered")]
    data.problems += rule_problems(data, new)
    locate(data)
    refresh(canvas, data, new)
    write_log(canvas, data, n, explain_outcome(new, out))
    book.apply(canvas.finish())
    by_no = new._by_no
    bye = "、".join(f"{no}号{by_no[no].name}" for no in out.round.byes)
    bye_en = ", ".join(f"{no} {by_no[no].name}" for no in out.round.byes)
    problems = _sorted_problems(data.problems)
    extra_zh, extra_en = _found(problems)
    unfinished = sum(1 for r in event.rounds for b in r.boards if b.result is None)
    if unfinished:
        extra_zh += f"；注意：前面各轮尚有{unfinished}台未填结果，已按和棋暂计编排（原则(八)）"
        extra_en += f"; note: {unfinished} earlier game(s) have no result and were paired as draws"
    rs = data.round_sheet(n)
    return Status(True,
                  f"已编排第{n}轮（工作表“{rs.name}”）：{len(out.round.boards)}台" + (f"，轮空：{bye}" if bye else "")
                  + extra_zh,
                  f"round {n} paired (sheet {rs.name!r}): {len(out.round.boards)} boards"
                  + (f", bye: {bye_en}" if bye_en else "") + extra_en,
                  problems, text=pairing_text(new, n), data=out.round, event=new)


def recompute(book: Book) -> Status:
    """计算成绩: validate the sheets, highlight problems, refresh the
    program's cells (names, scores before each round, notes) and rewrite
    成绩表.  The arbiter's cells are never rewritten (results only when
    结果规范化 = 是)."""
    data = read_workbook(book)
    if data.blocking:
        return _blocked(book, data)
    canvas = Canvas(data.snapshot)
    rows = refresh(canvas, data, data.event)
    book.apply(canvas.finish())
    from xlxq.sheets.mapping import standings_after

    after = standings_after(data.event)
    problems = _sorted_problems(data.problems)
    extra_zh, extra_en = _found(problems)
    return Status(True, f"成绩已计算（第{after}轮后），写入“{data.standings_sheet}”表" + extra_zh,
                  f"standings computed after round {after} into {data.standings_sheet!r}" + extra_en,
                  problems, text=standings_text(data.event, rows, after), data=rows, event=data.event)


def explain(book: Book, round_no: Optional[int] = None) -> Status:
    """编排记录: how round ``round_no`` (default: the last one) is paired
    from the rounds before it, written into the 编排记录 sheet (the round's
    block is replaced).  A round changed by hand is noted as such."""
    from xlxq.core.explain import explain_round

    data = read_workbook(book)
    if data.blocking:
        bad = [p for p in data.problems if p.level == BLOCKING]
        return Status(False, "表中有必须先改正的错误，无法生成编排记录（请先“计算成绩”查看标红处）",
                      "fix the errors first (run recompute to see them highlighted)", _sorted_problems(bad))
    event = data.event
    k = len(event.rounds)
    n = round_no if round_no is not None else max(k, 1)
    top = min(k + 1, event.settings.rounds)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n > top:
        raise InputError(f"轮次 {n} 无效：工作簿中有{k}轮（可解释第1–{top}轮）",
                         f"invalid round {n}: the workbook has {k} round(s) (1–{top} can be explained)")
    text = explain_round(event, n)
    canvas = Canvas(data.snapshot)
    write_log(canvas, data, n, text)
    book.apply(canvas.finish())
    return Status(True, f"第{n}轮编排记录已写入“{data.log_sheet}”表", f"round {n} pairing log written to "
                  f"{data.log_sheet!r}", [], text=text, event=event)


def check(book: Book) -> Status:
    """Read and judge the workbook; write nothing."""
    data = read_workbook(book)
    problems = _sorted_problems(data.problems)
    e, w = _counts(problems)
    if not e and not w:
        return Status(True, "未发现问题", "no problems found", problems, event=data.event)
    return Status(e == 0, f"发现{e}个错误、{w}个警告", f"{e} error(s) and {w} warning(s) found", problems,
                  event=data.event)


# ==========================================================================
# text output (command line)
# ==========================================================================

def _width(s: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in ("W", "F") else 1 for c in s)


def _table(header: list[str], rows: list[list[Any]], right: list[bool]) -> list[str]:
    cells = [header] + [["" if c is None else str(c) for c in r] for r in rows]
    widths = [max(_width(r[i]) for r in cells) for i in range(len(header))]
    out = []
    for r in cells:
        parts = [(" " * (widths[i] - _width(c)) + c) if right[i] else (c + " " * (widths[i] - _width(c)))
                 for i, c in enumerate(r)]
        out.append("  ".join(parts).rstrip())
    return out


def _fmt(x: Any) -> str:
    if x is None:
        return ""
    if isinstance(x, float):
        return str(int(x)) if x.is_integer() else f"{x:g}"
    return str(x)


def _cli_lang() -> str:
    return "en" if os.environ.get("XLXQ_LANG", "zh").lower().startswith("en") else "zh"


def pairing_text(event: Event, round_no: int) -> str:
    from xlxq.sheets.mapping import scores_before
    from xlxq.sheets.results import display

    lang = _cli_lang()
    rnd = next(r for r in event.rounds if r.round == round_no)
    sc = scores_before(event, round_no)
    by_no = event._by_no
    title = (f"第{round_no}轮对阵表" if lang == "zh" else f"Round {round_no} pairings")
    if event.settings.name:
        title += f"  {event.settings.name}"
    header = ("台次 序号 红方 单位 积分 结果 积分 单位 黑方 序号" if lang == "zh"
              else "Bd No Red Club Pts Result Pts Club Black No").split()
    rows = []
    for b in rnd.boards:
        r, k = by_no[b.red], by_no[b.black]
        rows.append([b.board, r.no, r.name, r.unit, _fmt(sc[r.no]), display(b.result, lang) or "",
                     _fmt(sc[k.no]), k.unit, k.name, k.no])
    for no in rnd.byes:
        p = by_no[no]
        rows.append(["轮空" if lang == "zh" else "bye", p.no, p.name, p.unit, _fmt(sc[no]), "", "", "", "", ""])
    return "\n".join([title] + _table(header, rows, [True, True, False, False, True, False, True, False, False,
                                                         True]))


def standings_text(event: Event, rows: list, after: int) -> str:
    from xlxq.core.standings import LABELS_EN, LABELS_ZH, TIEBREAK_KEYS, resolve_tiebreaks

    lang = _cli_lang()
    keys = [k for k in resolve_tiebreaks(event.settings.tiebreaks) if k in TIEBREAK_KEYS]
    labels = LABELS_ZH if lang == "zh" else LABELS_EN
    header = ("名次 序号 姓名 单位 积分" if lang == "zh" else "Rank No Name Club Pts").split() + [labels[k] for k in keys]
    table = []
    for r in rows:
        name = r.name + (("（退赛）" if lang == "zh" else " (withdrawn)") if r.withdrawn else "")
        table.append([r.rank, r.no, name, r.unit, _fmt(r.score)] + [_fmt(r.tiebreaks[k]) for k in keys])
    title = f"第{after}轮后名次表" if lang == "zh" else f"Standings after round {after}"
    if event.settings.name:
        title += f"  {event.settings.name}"
    return "\n".join([title] + _table(header, table, [True, True, False, False, True] + [True] * len(keys)))


# ==========================================================================
# new workbooks
# ==========================================================================

def template_path(lang: str = "zh", macro: bool = False) -> Path:
    """The installed template (xlxq/data/), else the repository's
    workbook_templates/ (a source checkout)."""
    lang = "en" if lang == "en" else "zh"
    name = TEMPLATE_FILES[(lang, macro)]
    for d in (DATA_DIR, Path(__file__).resolve().parent.parent / "workbook_templates"):
        if (d / name).exists():
            return d / name
    raise InputError(f"找不到模板文件 {name}（请运行 python tools/build_templates.py）",
                     f"template {name} not found (run python tools/build_templates.py)")


def create_event_workbook(path: str | os.PathLike, players: Iterable[Player], settings: EventSettings,
                          lang: str = "zh", overwrite: bool = False, normalise_results: bool = False) -> Path:
    """A new event workbook at ``path`` (.xlsx, or .xlsm from the macro
    template): the template with 设置 filled from ``settings`` and 报名表
    from ``players`` (序号 as given)."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.core.model import validate_event

    path = Path(path)
    players = sorted(players, key=lambda p: p.no)
    validate_event(Event(settings=settings, players=players))
    if path.suffix.lower() not in (".xlsx", ".xlsm"):
        raise InputError(f"工作簿应为 .xlsx 或 .xlsm 文件：{path.name}", f"the workbook must be .xlsx or .xlsm: {path.name}")
    if path.exists() and not overwrite:
        raise InputError(f"文件已存在：{path}", f"{path} already exists")
    macro = path.suffix.lower() == ".xlsm"
    try:
        template = template_path(lang, macro)
    except InputError:
        if macro:
            raise
        book = OpenpyxlBook.new(path)
        book.apply(plan_new_workbook(lang, settings, players, normalise_results))
        return path
    tmp = path.with_name(f".{path.stem}.new{path.suffix}")
    shutil.copyfile(template, tmp)
    try:
        book = OpenpyxlBook(tmp)
        book.apply_in_memory(plan_fill_template(book, settings, players, normalise_results))
        book.save(path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def _sample_csv() -> Path:
    for p in (DATA_DIR / SAMPLE_REGISTRATION,
              Path(__file__).resolve().parent.parent / "samples" / "registration.csv"):
        if p.exists():
            return p
    raise InputError("找不到示例报名表", "the sample registration is missing")


def demo(dir: str | os.PathLike | None = None) -> Path:  # noqa: A002 - the CLI's name
    """``xlxq demo [DIR]``: a workbook from the zh template with the sample
    报名表 (24 players, 8 clubs, 4 seeds on the odd numbers), round 1 paired.
    Prints and returns the path (never overwrites: xlxq-demo-2.xlsx …)."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook
    from xlxq.backends.registration import read_registration

    folder = Path(dir) if dir is not None else Path.cwd()
    folder.mkdir(parents=True, exist_ok=True)
    players = read_registration(_sample_csv())
    settings = EventSettings(name="xlxq 演示赛", rounds=9, tiebreaks=["cxa2011-opp"])
    path = folder / "xlxq-demo.xlsx"
    k = 2
    while path.exists():
        path = folder / f"xlxq-demo-{k}.xlsx"
        k += 1
    create_event_workbook(path, players, settings, lang="zh")
    st = pair_next_round(OpenpyxlBook(path))
    lang = _cli_lang()
    print(st.message(lang))
    print(("演示工作簿：" if lang == "zh" else "demo workbook: ") + str(path))
    return path


# ==========================================================================
# command line
# ==========================================================================

def cli_dispatch(command: str, path: str | os.PathLike, args: Any = None) -> int:
    """``xlxq pair|standings|explain|check FILE.xlsx``: run the operation on
    the file (openpyxl backend), print the result.  Exit code 0, or 1 when
    the workbook has errors (highlighted); bad input raises XlxqError (the
    CLI prints it and exits 2, the file untouched)."""
    from xlxq.backends.openpyxl_book import OpenpyxlBook

    lang = _cli_lang()
    book = OpenpyxlBook(path)
    rnd = getattr(args, "round", None)
    if command == "pair":
        st = pair_next_round(book)
    elif command == "standings":
        st = recompute(book)
        if st.ok and rnd is not None:
            from xlxq.core.standings import compute_standings

            rows = compute_standings(st.event, rnd)
            st.text = standings_text(st.event, rows, min(rnd, len(st.event.rounds)))
            st.data = rows
        if st.ok and getattr(args, "json", False):
            import json

            out = {"standings": [{"rank": r.rank, "no": r.no, "name": r.name, "score": _json_num(r.score),
                                  "tiebreaks": {k: _json_num(v) for k, v in r.tiebreaks.items()}}
                                 for r in st.data]}
            sys.stdout.write(json.dumps(out, ensure_ascii=False, indent=1) + "\n")
            return 0
    elif command == "explain":
        st = explain(book, rnd)
    elif command == "check":
        st = check(book)
    else:
        raise XlxqError(f"Excel 工作簿不支持 xlxq {command}（可用：pair、standings、explain、check）",
                        f"xlxq {command} is not available for workbooks (use pair, standings, explain, check)")
    for line in st.lines(lang):
        print(line)
    if st.text:
        print(st.text)
    if command in ("pair", "standings", "explain") and st.ok:
        print(("已保存到 " if lang == "zh" else "saved to ") + str(path))
    return 0 if st.ok else 1


def _json_num(x: float) -> Any:
    return int(x) if isinstance(x, float) and x.is_integer() else x
