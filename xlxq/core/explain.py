"""编排记录: how a round was paired, step by step, in the words of seed 000.

An arbiter can follow it with the 编排卡 in hand: per score group the two
rows (要先行/要后行), who was 先编者 and why, each pair with its form (同位,
错位, 异行, 同行, 下调) and colour reason, the players skipped and why, and how
much 拆对 (backtracking) the search needed.
"""

from __future__ import annotations

from typing import Iterable

from xlxq.core.history import CardState
from xlxq.core.model import Event
from xlxq.core.pairing import GroupLog, PairingOutcome, pair_round
from xlxq.core.records import heading
from xlxq.core.swiss import Q_NAMES, ROW_A, ROW_B, GroupResult, GroupSearch, aligned_run


def fmt_score(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def describe(c: CardState) -> str:
    """e.g. '7号 4分 先3后2 多先1 上先'."""
    d, s = c.diff, c.streak
    bal = f"多先{d}" if d > 0 else f"少先{-d}" if d < 0 else "平先"
    if s >= 2:
        run = f"连先{s}"
    elif s == 1:
        run = "上先"
    elif s <= -2:
        run = f"连后{-s}"
    elif s == -1:
        run = "上后"
    else:
        run = "无先后"
    return f"{c.no}号 {fmt_score(c.score)}分 先{c.reds}后{c.blacks} {bal} {run}"


def _picker_reason(gs: GroupSearch, i: int, others: list[int], round_no: int) -> str:
    """Which clause of 方法(二) made i the 先编者 over the others."""
    c = gs.cards[i]
    rest = [gs.cards[j] for j in others if j != i]
    if not rest:
        return "本段仅剩一人"
    if all(o.score < c.score for o in rest):
        return "方法(二)1 高分先编"
    same = [o for o in rest if o.score == c.score]
    if all(abs(o.diff) < abs(c.diff) for o in same):
        return "方法(二)2 与平先之差的绝对值最大"
    same = [o for o in same if abs(o.diff) == abs(c.diff)]
    if all(aligned_run(o) < aligned_run(c) for o in same):
        return "方法(二)3/4 连走次数多者先编"
    return "方法(二)5 单轮次小号先编" if round_no % 2 else "方法(二)5 双轮次大号先编"


def group_record(
    gs: GroupSearch, res: GroupResult, incoming: list[int], round_no: int, names: dict[int, str]
) -> list[str]:
    lines: list[str] = []

    def name(i: int) -> str:
        return f"{gs.nos[i]}号{names.get(gs.nos[i], '')}"

    head = f"积分段 {fmt_score(gs.group_score)} 分，{gs.n} 人"
    if incoming:
        head += f"（含上段下调 {'、'.join(str(n) for n in incoming)} 号）"
    lines.append(head)
    for r, label in ((ROW_A, "要先行"), (ROW_B, "要后行")):
        lines.append(f"  {label}：" + ("；".join(describe(gs.cards[i]) for i in gs.rows[r]) or "（空）"))
    alive = [True] * gs.n
    deferred = [False] * gs.n
    pair_info = {(p[3], p[4]): p for p in res.pairs}
    step = 0
    waiting: list[int] = []  # players who, one after another, found no partner across the rows

    def flush() -> None:
        if len(waiting) == 1:
            lines.append(f"  ·  {name(waiting[0])} 在异行已无可配对者，由次先编者异行配对（方法(三)3）")
        elif waiting:
            lines.append(
                f"  ·  {'、'.join(str(gs.nos[i]) for i in waiting)}号 在异行均已无可配对者，"
                f"依次由次先编者异行配对（方法(三)3），余者同行配对（方法(三)4）"
            )
        waiting.clear()

    for st in res.steps:
        kind = st[0]
        x = st[1]
        if kind != "defer":
            flush()
        if kind in ("pair", "defer") and (st[0] == "defer" or st[3] == 1):
            pool = [i for i in range(gs.n) if alive[i] and not deferred[i]]
        else:
            pool = [i for i in range(gs.n) if alive[i]]
        why = _picker_reason(gs, x, pool, round_no)
        if kind == "pair":
            j, phase = st[2], st[3]
            red, black, creason = pair_info[(x, j)][:3]
            step += 1
            if phase == 1:
                order = gs.rows[1 - gs.row[x]]
                cands = [i for i in order if i != x and alive[i] and not deferred[i]]
                before = cands[: cands.index(j)]
                form = "同位" if not before else "错位"
                skipped = [f"{gs.nos[i]}（{'已相遇' if gs.nos[i] in gs.met[x] else '拆对'}）" for i in before]
            else:
                form = "同行" if gs.row[x] == gs.row[j] else "异行补配"
                skipped = []
            line = f"  {step}. 先编者 {name(x)}（{why}）{form}配对 {name(j)}：红 {red} 黑 {black}（{creason}）"
            if skipped:
                line += "；跳过 " + "、".join(skipped)
            lines.append(line)
            alive[x] = alive[j] = False
        elif kind == "defer":
            deferred[x] = True
            order = gs.rows[1 - gs.row[x]]
            legal = [i for i in order if alive[i] and not deferred[i] and gs.nos[i] not in gs.met[x]]
            if legal:
                flush()
                lines.append(
                    f"  ·  拆对：{name(x)} 暂不异行配对（异行 {'、'.join(str(gs.nos[i]) for i in legal)} "
                    f"可配但方案较差），由次先编者异行配对（方法(五)、方法(三)3）"
                )
            elif sum(alive) == 1:
                pass
            else:
                waiting.append(x)
                continue
        elif kind == "float":
            alive[x] = False
            lines.append(f"  ·  {name(x)} {'本段仅剩一人，' if sum(alive) == 0 else ''}下调至下一积分段（方法(三)6）")
        elif kind == "bye":
            alive[x] = False
            lines.append(f"  ·  {name(x)} 轮空，排在最后一台，按胜局计分（原则(五)）")
    flush()
    if res.nodes > len(res.steps) or res.first_quality != res.quality:
        q0 = "，".join(f"{Q_NAMES[k]}{res.first_quality[k]}" for k in gs.qorder)
        q1 = "，".join(f"{Q_NAMES[k]}{res.quality[k]}" for k in gs.qorder)
        lines.append(
            f"  拆对：搜索 {res.nodes} 步；首个方案（{q0}）→ 采用方案（{q1}）"
            + ("；已达搜索上限，取已得最佳方案" if res.budget_hit else "")
        )
    return lines


def first_round_method(first_round: str) -> str:
    """The 编排记录 name of a first-round pairing method."""
    return {"adjacent": "近号配对", "fold": "首尾配对", "slide": "对半交叉配对", "random": "随机配对"}[first_round]


def parity_text(n: int) -> str:
    """Who is listed first in round ``n`` of 定位编排."""
    return "单轮次：小号在前" if n % 2 else "双轮次：大号在前"


def groups_record(groups: Iterable[GroupLog], n: int, names: dict[int, str]) -> list[str]:
    """The :func:`group_record` lines of every score group of round ``n``."""
    lines: list[str] = []
    for g in groups:
        lines += group_record(g.search, g.result, g.incoming, n, names)
    return lines


def explain_outcome(event: Event, out: PairingOutcome) -> str:
    n = out.round.round
    names = {p.no: p.name for p in event.players}
    lines = [heading(n, event.settings.name)]
    lines += [f"注：{t}" for t in out.notes]
    if n == 1:
        lines.append(
            f"第一轮：{first_round_method(event.settings.first_round)}；单号台次小号先走、双号台次大号先走（方法(一)）"
        )
    else:
        lines.append(f"定位编排，{parity_text(n)}；同分先按方法(二)定先编者，按方法(三)配对，按方法(四)定先后走")
        lines += groups_record(out.groups, n, names)
    lines.append("对阵：")
    for b in out.round.boards:
        lines.append(f"  第{b.board}台  {b.red} {names[b.red]}（红） — {b.black} {names[b.black]}（黑）")
    for no in out.round.byes:
        lines.append(f"  轮空  {no} {names[no]}")
    return "\n".join(lines)


def explain_round(event: Event, round_no: int | None = None) -> str:
    """Re-pair ``round_no`` from the rounds before it and explain it.  If the
    file's round differs (paired by hand), say so."""
    if round_no is None:
        round_no = max((r.round for r in event.rounds), default=1)
    out = pair_round(event.as_paired(round_no), round_no)
    text = explain_outcome(event, out)
    have = next((r for r in event.rounds if r.round == round_no), None)
    if have is not None:
        mine = {(b.red, b.black) for b in out.round.boards}
        theirs = {(b.red, b.black) for b in have.boards}
        if mine != theirs or sorted(out.round.byes) != sorted(have.byes):
            text += "\n注意：文件中的本轮对阵与引擎编排不同（可能经人工调整），详见 xlxq check"
    return text
