"""定位编排: the CXA Swiss pairing method (seed 000), rounds ≥ 2.

The method, as implemented (docs/pairing.md has the same steps with reasons):

* Score groups from the top (原则(四)).  A group is one score level plus the
  players floated down into it (下调, 方法(三)6); they head the group.
* In each group the players split into the 要先行 (due red) and 要后行 (due
  black) rows, each ordered as 方法(二) lists it: score, |red−black|, then
  要先行 连后 > 上后 > 上先 > 连先 (要后行 the mirror), then number (odd round:
  small first; even round: large first).  The 先编者 is chosen by its own key,
  方法(二)1–5: score, |red−black|, a 连 run in the needed direction, number.
* Pairing is a depth-first search whose branches come in the method's own
  preference order:
    phase 1  the 先编者 takes the first player of the other row (同位), else
             the next one down (错位); if none fits he waits and the next
             先编者 pairs across (异行);
    phase 2  those left pair inside their rows (同行), each picking in the
             order of 方法(三)1–4;
    last     who is still left floats down (下调), or, in the lowest group,
             takes the bye (原则(五)).
  Undoing the latest pairs first and taking the next branch is 拆对 (方法(五)).
* Every branch keeps the rest of the round pairable (perfect matching on the
  "not met" graph), so a legal pairing is found whenever one exists, and the
  upper groups float exactly those players the lower ones need (方法(五)2).
* Among complete group pairings the search keeps the first, in that order,
  that is best by (1) fewest floats (原则(十) 最充分配对), (2) fewest new
  连三/多三 (原则(十一)), (3) fewest players denied the colour their surplus
  needs, (4) fewest 平先 players who fail to alternate (原则(十); (2)–(4) are
  方法(五)'s 最佳平衡先后走, the only ground besides 排不通 to undo pairs),
  (5) fewest players floated into the group who float on (方法(三)6 下调到
  下一个积分段优先编排: he is the 先编者), (6) fewest repeated floats
  (原则(九), choosing only among pairings equal by (1)–(5)).  In the last
  round fewest players ending more than one 先 apart (原则(十二)) comes
  second, before (2) (docs/pairing.md §2.4).  Lower bounds prune
  the search; a node budget keeps it bounded (the best found is then used and
  the log says so).
* Cost: each scan for the next 先编者 or partner resumes where the last one
  stopped (players before it are paired, floated or waiting; undoing a step
  moves it back), and the cards count their colours once, so a score group
  of g players costs about g, not g², along the search's path (issue 14:
  the decisions are those of the full scans, tests/test_identical_pairings.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import itemgetter
from typing import Callable, Iterator, Optional, Sequence

from xlxq.core.colours import ColourCtx, allocate, avoidably_apart, hard_violations, preference
from xlxq.core.history import DOWN, UP, CardState
from xlxq.core.matching import Matcher, dirac_ok

# categories of 方法(三)
DUO_HOU, LIAN_HOU, SHANG_HOU, SHANG_XIAN, LIAN_XIAN, DUO_XIAN, WU = range(7)
# A player with no colour yet (WU) stands at the end of a row (docs/pairing.md
# §2.2): WU_A in 要先行 after its 上后, WU_B in 要后行 after its 上先.  In the
# lists below he stands where the end of his row does: after 上后 where 要先行
# is listed in row order (多后, 连后, 上后), before it where the row is listed
# backwards (上后, 连后, 多后); the same for 要后行 and 上先.
WU_A, WU_B = WU, WU + 1
CAT_NAMES = ("多后", "连后", "上后", "上先", "连先", "多先", "无先后", "无先后")
PREFS = {
    DUO_XIAN: (DUO_HOU, LIAN_HOU, SHANG_HOU, WU_A, WU_B, SHANG_XIAN, LIAN_XIAN, DUO_XIAN),  # 方法(三)1
    LIAN_XIAN: (DUO_HOU, LIAN_HOU, SHANG_HOU, WU_A, WU_B, SHANG_XIAN, LIAN_XIAN, DUO_XIAN),  # 方法(三)1
    DUO_HOU: (DUO_XIAN, LIAN_XIAN, SHANG_XIAN, WU_B, WU_A, SHANG_HOU, LIAN_HOU, DUO_HOU),  # 方法(三)2
    LIAN_HOU: (DUO_XIAN, LIAN_XIAN, SHANG_XIAN, WU_B, WU_A, SHANG_HOU, LIAN_HOU, DUO_HOU),  # 方法(三)2
    SHANG_XIAN: (DUO_HOU, LIAN_HOU, SHANG_HOU, WU_A, DUO_XIAN, LIAN_XIAN, SHANG_XIAN, WU_B),  # 方法(三)3
    SHANG_HOU: (DUO_XIAN, LIAN_XIAN, SHANG_XIAN, WU_B, DUO_HOU, LIAN_HOU, SHANG_HOU, WU_A),  # 方法(三)4
}
PREFS[WU_A] = PREFS[SHANG_HOU]  # the last of 要先行 takes 方法(三)4's list (平先上后)
PREFS[WU_B] = PREFS[SHANG_XIAN]  # the last of 要后行 takes 方法(三)3's list (平先上先)
ROW_A, ROW_B, ROW_N = 0, 1, 2  # 要先行, 要后行; ROW_N: the need of a player with no colour yet
ROW_NAMES = ("要先行", "要后行")


def category(c: CardState) -> int:
    d, s = c.diff, c.streak
    if d < 0:
        return DUO_HOU
    if d > 0:
        return DUO_XIAN
    if s <= -2:
        return LIAN_HOU
    if s == -1:
        return SHANG_HOU
    if s == 1:
        return SHANG_XIAN
    if s >= 2:
        return LIAN_XIAN
    return WU


def row_of(c: CardState) -> int:
    """The row a player's colours ask for; ROW_N if he has none yet (he is
    then put in the shorter row, see :class:`GroupSearch`)."""
    p = preference(c)
    return ROW_A if p == "R" else ROW_B if p == "B" else ROW_N


def aligned_run(c: CardState) -> int:
    """Length of a 连 run (≥ 2) in the direction the player needs
    (少先连后, 多先连先, 平先连先/连后), else 0 (方法(二)3–4)."""
    d, s = c.diff, c.streak
    if abs(s) < 2:
        return 0
    if d < 0:
        return -s if s < 0 else 0
    if d > 0:
        return s if s > 0 else 0
    return abs(s)


def order_key(c: CardState, round_no: int) -> tuple[float, int, int, int]:
    """The 先编者 order, 方法(二)1–5: 高分先编; |多先/少先| 大者先; 少先连后/多先连先
    (平先: 连先或连后) 连走多者先; 单轮小号/双轮大号.  Only 连 runs (≥ 2) in
    the needed direction count here: 上先, 上后 and a run against the need
    are equal, and the number decides."""
    return (-c.score, -abs(c.diff), -aligned_run(c), c.no if round_no % 2 else -c.no)


def row_run_rank(c: CardState, row: int) -> int:
    """Where the last colours put a player inside his row at equal |先−后|
    (方法(二)'s lists): 要先行 少先连后 < 少先上后 < 少先上先 < 少先连先, 平先连后 <
    平先上后; 要后行 the mirror (多先连先 < 多先上先 < 多先上后 < 多先连后, 平先连先 <
    平先上先).  This is the signed run s towards the need: a longer run towards
    it first, a longer run against it last; no colour yet (s = 0) sits after
    上后/上先."""
    return c.streak if row == ROW_A else -c.streak


def row_key(c: CardState, row: int, round_no: int) -> tuple[float, int, int, int]:
    """The order inside 要先行/要后行 (方法(二)): score (floaters from above
    first, 原则(四) 首先同分者编对); |先−后| larger first; the list order
    (:func:`row_run_rank`); 单轮次小号在前，双轮次大号在前."""
    return (-c.score, -abs(c.diff), row_run_rank(c, row), c.no if round_no % 2 else -c.no)


# quality vector indexes
Q_FLOATS, Q_HARD, Q_REFLOAT, Q_STRONG, Q_WEAK, Q_APART, Q_FLOATON, Q_UNIT = range(8)
Q_NAMES = (
    "下调人数",
    "连三/多三",
    "连续上下调",
    "先后走不平衡",
    "未变换先后走",
    "终局相差两先以上",
    "下调者再下调",
    "同单位相遇",
)
# the order the criteria are compared in: every round but the last, and the
# last, where 原则(十二) (everyone within one 先 at the end) comes before
# 原则(十一) (docs/pairing.md §2.4).  The floats of 原则(九) (Q_FLOATON,
# Q_REFLOAT) come after every colour criterion: 方法(五) undoes pairs only
# when a group 排不通 or is not 最佳平衡先后走, so they only choose among
# pairings the colours leave equal, a player floated in first (方法(三)6).
Q_ORDER = (Q_FLOATS, Q_HARD, Q_STRONG, Q_WEAK, Q_FLOATON, Q_REFLOAT)
Q_ORDER_LAST = (Q_FLOATS, Q_APART, Q_HARD, Q_STRONG, Q_WEAK, Q_FLOATON, Q_REFLOAT)


def with_units(order: tuple[int, ...]) -> tuple[int, ...]:
    """The order with 同单位回避 in every round (a 补充规定, 原则(七)): right
    after full pairing, before every colour criterion (docs/pairing.md §2.4)."""
    return order[:1] + (Q_UNIT,) + order[1:]


#: A quality vector (indexes Q_*), fewer is better in each.
Quality = tuple[int, ...]
#: A pair of a group: (red, black, colour reason, i, j, phase); i, j index the group's cards.
GroupPair = tuple[int, int, str, int, int, int]
#: One decision of the search, for the log: (kind, i, j, phase); kind "pair"
#: (i with j, in phase 1 or 2), "defer", "float" or "bye" (j −1, phase 0).
Step = tuple[str, int, int, int]
#: A branch of a decision: (kind, j) as in :data:`Step` (j −1 but for "pair").
Option = tuple[str, int]
#: :meth:`GroupSearch.pair_eval`: (red, black, reason, hard, refloat, strong, weak, apart, unit).
PairEval = tuple[int, int, str, int, int, int, int, int, int]
#: :meth:`GroupSearch._counts`: (quality, alive, isolated, must black, must red,
#: alive per need row, strong A, strong B, near A, near B).
Counts = tuple[Quality, int, int, int, int, tuple[int, ...], int, int, int, int]


class Frame:
    """One decision of the search: the 先编者 ``x`` (an index in the group),
    the phase (1: across the rows, 2: in the rows), its options still to
    try, and the option applied now (None: none yet)."""

    __slots__ = ("x", "phase", "options", "applied")

    def __init__(self, x: int, phase: int, options: Iterator[Option]) -> None:
        self.x = x
        self.phase = phase
        self.options = options
        self.applied: Optional[Option] = None


@dataclass
class GroupResult:
    pairs: list[GroupPair]
    floats: list[int]
    quality: Quality
    nodes: int
    first_quality: Quality
    budget_hit: bool
    steps: list[Step]  # the decision path, for the log


@dataclass
class GroupInput:
    members: list[CardState]  # floaters from above first, then residents
    score: float  # the group's own score level
    lower: list[int]  # everyone below (for feasibility)
    lowest: bool
    # 同单位回避 in every round: each unit's name by number (None: off)
    units: Optional[dict[int, str]] = None
    # 亲属回避: each number's forbidden partners (they count as met, 原则(六))
    forbidden: dict[int, set[int]] = field(default_factory=dict)


class GroupSearch:
    def __init__(
        self,
        gi: GroupInput,
        round_no: int,
        ctx: ColourCtx,
        matcher: Matcher,
        bye_ok: Callable[[int], bool],
        budget: int,
        picker: str = "cxa",
    ) -> None:
        self.round_no = round_no
        self.ctx = ctx
        self.matcher = matcher
        self.budget = budget
        self.picker = picker
        self.lowest = gi.lowest
        self.lower = gi.lower
        m = sorted(gi.members, key=lambda c: order_key(c, round_no))
        self.cards = m
        n = len(m)
        self.n = n
        self.nos = [c.no for c in m]
        self.forbidden = gi.forbidden
        self.met = [c.opponents | gi.forbidden[c.no] if c.no in gi.forbidden else c.opponents for c in m]
        self.units = gi.units
        # need: the row the colours ask for (ROW_N: none yet); row: where he stands
        self.need = [row_of(c) for c in m]
        self.row = self._place_no_history(m, round_no)
        self.cat = [WU_B if category(c) == WU and self.row[i] == ROW_B else category(c) for i, c in enumerate(m)]
        self.byeok = [bool(bye_ok(c.no)) for c in m]
        self.score = [c.score for c in m]
        self.group_score = gi.score
        # floated down into this group this round (方法(三)6: paired first here)
        self.floated_in = [1 if c.score > gi.score else 0 for c in m]
        # colour-need classes for the bounds
        self.strong = [1 if c.diff != 0 else 0 for c in m]
        self.must_black = [1 if hard_violations(c, "R") else 0 for c in m]
        self.must_red = [1 if hard_violations(c, "B") else 0 for c in m]
        # last round: who ends more than one 先 apart if denied his colour (|d| 1 or 2)
        self.last = ctx.last_round
        self.qorder: tuple[int, ...] = Q_ORDER_LAST if self.last else Q_ORDER
        if gi.units is not None:
            self.qorder = with_units(self.qorder)
        # a quality vector in the order it is compared
        self.rank: Callable[[Sequence[int]], tuple[int, ...]] = itemgetter(*self.qorder)
        self.near = [1 if self.last and 1 <= abs(c.diff) <= 2 else 0 for c in m]
        # the rows in 方法(二)'s row order; the cards themselves are in 先编者 order
        self.rows = [
            sorted((i for i in range(n) if self.row[i] == r), key=lambda i: row_key(m[i], r, round_no))
            for r in (ROW_A, ROW_B)
        ]
        self.rowpos = [0] * n
        for r in self.rows:
            for k, i in enumerate(r):
                self.rowpos[i] = k
        # each category in row order (方法(三): "within a category, row order")
        self.by_cat = [
            sorted((i for i in range(n) if self.cat[i] == k), key=lambda i: (self.row[i], self.rowpos[i]))
            for k in range(8)
        ]
        self.catpos = [0] * n
        for lst in self.by_cat:
            for k, i in enumerate(lst):
                self.catpos[i] = k
        self.n_lower = len(gi.lower)
        self.lower_bye = sum(1 for p in gi.lower if bye_ok(p))
        self._pq: dict[tuple[int, int], PairEval] = {}

    @staticmethod
    def _place_no_history(m: list[CardState], round_no: int) -> list[int]:
        """Rows: each player in the row his colours ask for; a player with no
        colour yet (only byes so far) at the end of the shorter row, 要先行 when
        they are equal, several such players one by one in row order
        (docs/pairing.md §2.2)."""
        row = [row_of(c) for c in m]
        size = [row.count(ROW_A), row.count(ROW_B)]
        for i in sorted((i for i in range(len(m)) if row[i] == ROW_N), key=lambda i: row_key(m[i], ROW_A, round_no)):
            r = ROW_A if size[ROW_A] <= size[ROW_B] else ROW_B
            row[i] = r
            size[r] += 1
        return row

    # -- pair evaluation -------------------------------------------------------
    def pair_eval(self, i: int, j: int) -> PairEval:
        key = (i, j) if i < j else (j, i)
        hit = self._pq.get(key)
        if hit is not None:
            return hit
        ci, cj = self.cards[i], self.cards[j]
        red, black, why = allocate(ci, cj, self.ctx)
        cr, cb = (ci, cj) if red == ci.no else (cj, ci)
        hard = hard_violations(cr, "R") + hard_violations(cb, "B")
        strong = weak = 0
        for c, col in ((cr, "R"), (cb, "B")):
            if c.diff != 0:
                if preference(c) != col:
                    strong += 1
            elif c.last_colour == col:
                weak += 1
        refloat = 0
        if ci.score != cj.score:
            lo = ci if ci.score < cj.score else cj
            if lo.last_float == UP:
                refloat = 1
        apart = (avoidably_apart(cr, "R") + avoidably_apart(cb, "B")) if self.last else 0
        unit = 0
        if self.units is not None:
            u = self.units.get(ci.no, "")
            unit = 1 if u and u == self.units.get(cj.no, "") else 0
        res: PairEval = (red, black, why, hard, refloat, strong, weak, apart, unit)
        self._pq[key] = res
        return res

    # -- the search ------------------------------------------------------------
    def run(self) -> GroupResult:
        n = self.n
        alive = bytearray(b"\x01") * n
        deferred = bytearray(n)
        self.alive, self.deferred = alive, deferred
        self.n_alive = n
        # by need: the bounds treat a player with no colour yet as free either way
        self.cnt_row = [self.need.count(r) for r in range(3)]
        self.cnt_strong_row = [sum(self.strong[i] for i in range(n) if self.need[i] == r) for r in range(3)]
        self.cnt_near_row = [sum(self.near[i] for i in range(n) if self.need[i] == r) for r in range(3)]
        self.cnt_mb = sum(self.must_black)
        self.cnt_mr = sum(self.must_red)
        self.cnt_bye = sum(self.byeok)
        # Resumable scans (each a lower bound, moved back when a player
        # returns): before ``first_open`` no one is alive and not deferred
        # (先编者 order), before ``first_alive`` no one is alive; before
        # ``row_first[r]`` no one of row r is alive and not deferred, before
        # ``cat_first[k]`` no one of category k is alive.  ``row_open[r]``:
        # how many of row r are alive and not deferred.
        self.first_open = 0
        self.first_alive = 0
        self.row_first = [0, 0]
        self.cat_first = [0] * 8
        self.row_open = [len(self.rows[ROW_A]), len(self.rows[ROW_B])]
        self.floats: list[int] = []
        self.float_bye = 0
        self.pairs: list[GroupPair] = []
        self.path: list[Step] = []
        self.q = [0] * len(Q_NAMES)
        self.bye_taken = False
        self.best: Optional[Quality] = None
        self.best_sol: Optional[tuple[list[GroupPair], list[int], list[Step]]] = None
        self.first_q: Optional[Quality] = None
        self.nodes = 0
        self._root = self._counts()
        budget_hit = False

        stack: list[Frame] = []
        frame = self._new_frame()
        if frame is None:
            self._record_leaf()
        else:
            stack.append(frame)
        while stack:
            fr = stack[-1]
            if fr.applied is not None:
                self._undo(fr)
            opt = next(fr.options, None)
            if opt is None:
                stack.pop()
                continue
            if self.best is not None and self.nodes >= self.budget:
                budget_hit = True
                break
            self.nodes += 1
            if not self._apply(fr, opt):
                continue
            if self.best is not None and self._prune():
                continue
            nxt = self._new_frame()
            if nxt is None:
                self._record_leaf()
                if self._optimal():
                    break
                continue
            stack.append(nxt)
        # unwind not needed: state is discarded
        assert self.best_sol is not None and self.best is not None and self.first_q is not None
        pairs, floats, steps = self.best_sol
        return GroupResult(
            pairs=pairs,
            floats=floats,
            quality=self.best,
            nodes=self.nodes,
            first_quality=self.first_q,
            budget_hit=budget_hit,
            steps=steps,
        )

    def _new_frame(self) -> Optional[Frame]:
        """The next decision: who is 先编者 now, and his options in order."""
        alive, deferred = self.alive, self.deferred
        if self.n_alive == 0:
            return None
        # phase 1: first alive, not deferred, in 先编者 order
        x = self._pick_phase1()
        if x is not None:
            return Frame(x, 1, self._opts1(x))
        i, n = self.first_alive, self.n
        while i < n and not alive[i]:
            i += 1
        self.first_alive = i
        if i < n:
            return Frame(i, 2, self._opts2(i))
        return None

    def _pick_phase1(self) -> Optional[int]:
        alive, deferred = self.alive, self.deferred
        if self.picker == "fewer_row":
            # seed 001 以少调多: the head of the shorter row picks from the longer
            heads: list[tuple[int, int, int]] = []
            for r in (ROW_A, ROW_B):
                if self.row_open[r]:
                    heads.append((self.row_open[r], r, self.rows[r][self._row_head(r)]))
            if heads:
                if len(heads) == 2 and heads[0][0] == heads[1][0]:
                    a, b = heads[0][2], heads[1][2]
                    small = a if self.nos[a] < self.nos[b] else b
                    large = b if small == a else a
                    return small if self.round_no % 2 else large
                return min(heads)[2]
            return None
        i, n = self.first_open, self.n
        while i < n and not (alive[i] and not deferred[i]):
            i += 1
        self.first_open = i
        return i if i < n else None

    def _row_head(self, r: int) -> int:
        """The position in row r of its first player alive and not deferred
        (len(row) if none)."""
        alive, deferred, order = self.alive, self.deferred, self.rows[r]
        k, n = self.row_first[r], len(order)
        while k < n and not (alive[order[k]] and not deferred[order[k]]):
            k += 1
        self.row_first[r] = k
        return k

    def _opts1(self, x: int) -> Iterator[Option]:
        """Phase 1 (同位/错位/异行): the other row in order, then 'wait'.
        Those before the row's head are gone or waiting, so the scan starts
        there (the options are taken with the state as it was when the
        frame was made: the search undoes every deeper step before it asks
        for the next one)."""
        alive, deferred, met_x, nos = self.alive, self.deferred, self.met[x], self.nos
        r = 1 - self.row[x]
        order = self.rows[r]
        for k in range(self._row_head(r), len(order)):
            j = order[k]
            if j != x and alive[j] and not deferred[j] and nos[j] not in met_x:
                yield ("pair", j)
        yield ("defer", -1)

    def preference_list(self, x: int) -> list[int]:
        """Everyone else in the group in the order 方法(三)1–4 gives x:
        by category, then by row order."""
        return [j for k in PREFS[self.cat[x]] for j in self.by_cat[k] if j != x]

    def _opts2(self, x: int) -> Iterator[Option]:
        """Phase 2 (同行): everyone left, in 方法(三)'s order for x (the
        :meth:`preference_list`, each category from its first player still
        alive); then 下调."""
        alive, met_x, nos, by_cat, cat_first = self.alive, self.met[x], self.nos, self.by_cat, self.cat_first
        for c in PREFS[self.cat[x]]:
            lst = by_cat[c]
            k, n = cat_first[c], len(lst)
            while k < n and not alive[lst[k]]:
                k += 1
            cat_first[c] = k
            for pos in range(k, n):
                j = lst[pos]
                if j != x and alive[j] and nos[j] not in met_x:
                    yield ("pair", j)
        if self.lowest:
            if not self.bye_taken and self.byeok[x] and (self.n_alive % 2 == 1):
                yield ("bye", -1)
        else:
            yield ("float", -1)

    # -- state changes -----------------------------------------------------------
    def _remove(self, i: int) -> None:
        self.alive[i] = 0
        self.n_alive -= 1
        if not self.deferred[i]:
            self.row_open[self.row[i]] -= 1
        r = self.need[i]
        self.cnt_row[r] -= 1
        self.cnt_strong_row[r] -= self.strong[i]
        self.cnt_near_row[r] -= self.near[i]
        self.cnt_mb -= self.must_black[i]
        self.cnt_mr -= self.must_red[i]
        self.cnt_bye -= self.byeok[i]

    def _restore(self, i: int) -> None:
        self.alive[i] = 1
        self.n_alive += 1
        if i < self.first_alive:
            self.first_alive = i
        c = self.cat[i]
        if self.catpos[i] < self.cat_first[c]:
            self.cat_first[c] = self.catpos[i]
        if not self.deferred[i]:
            self._reopen(i)
        r = self.need[i]
        self.cnt_row[r] += 1
        self.cnt_strong_row[r] += self.strong[i]
        self.cnt_near_row[r] += self.near[i]
        self.cnt_mb += self.must_black[i]
        self.cnt_mr += self.must_red[i]
        self.cnt_bye += self.byeok[i]

    def _reopen(self, i: int) -> None:
        """i is alive and not deferred again: the scans may start at him."""
        row = self.row[i]
        self.row_open[row] += 1
        if self.rowpos[i] < self.row_first[row]:
            self.row_first[row] = self.rowpos[i]
        if i < self.first_open:
            self.first_open = i

    def _apply(self, fr: Frame, opt: Option) -> bool:
        x = fr.x
        kind = opt[0]
        fr.applied = opt
        if kind == "pair":
            j = opt[1]
            red, black, why, hard, refloat, strong, weak, apart, unit = self.pair_eval(x, j)
            self._remove(x)
            self._remove(j)
            q = self.q
            q[Q_HARD] += hard
            q[Q_REFLOAT] += refloat
            q[Q_STRONG] += strong
            q[Q_WEAK] += weak
            q[Q_APART] += apart
            q[Q_UNIT] += unit
            self.pairs.append((red, black, why, x, j, fr.phase))
            self.path.append(("pair", x, j, fr.phase))
            if not self._feasible():
                return False
            return True
        if kind == "defer":
            self.deferred[x] = 1
            self.row_open[self.row[x]] -= 1
            self.path.append(("defer", x, -1, 0))
            return True
        if kind == "float":
            self._remove(x)
            self.floats.append(x)
            self.float_bye += self.byeok[x]
            self.q[Q_FLOATS] += 1
            self.q[Q_FLOATON] += self.floated_in[x]
            if self.cards[x].last_float == DOWN:
                self.q[Q_REFLOAT] += 1
            self.path.append(("float", x, -1, 0))
            return True
        if kind == "bye":
            self._remove(x)
            self.floats.append(x)
            self.q[Q_FLOATS] += 1
            self.q[Q_FLOATON] += self.floated_in[x]
            self.bye_taken = True
            self.path.append(("bye", x, -1, 0))
            return self._feasible()
        raise AssertionError(kind)

    def _undo(self, fr: Frame) -> None:
        opt = fr.applied
        assert opt is not None
        fr.applied = None
        x = fr.x
        kind = opt[0]
        self.path.pop()
        if kind == "pair":
            j = opt[1]
            red, black, why, hard, refloat, strong, weak, apart, unit = self.pair_eval(x, j)
            q = self.q
            q[Q_HARD] -= hard
            q[Q_REFLOAT] -= refloat
            q[Q_STRONG] -= strong
            q[Q_WEAK] -= weak
            q[Q_APART] -= apart
            q[Q_UNIT] -= unit
            self.pairs.pop()
            self._restore(x)
            self._restore(j)
        elif kind == "defer":
            self.deferred[x] = 0
            self._reopen(x)
        elif kind == "float":
            self.floats.pop()
            self.float_bye -= self.byeok[x]
            self.q[Q_FLOATS] -= 1
            self.q[Q_FLOATON] -= self.floated_in[x]
            if self.cards[x].last_float == DOWN:
                self.q[Q_REFLOAT] -= 1
            self._restore(x)
        elif kind == "bye":
            self.floats.pop()
            self.q[Q_FLOATS] -= 1
            self.q[Q_FLOATON] -= self.floated_in[x]
            self.bye_taken = False
            self._restore(x)

    def _feasible(self) -> bool:
        """Is everyone not yet paired still pairable (rest of the round)?"""
        if self.lowest:
            n_u = self.n_alive
            bye_avail = (not self.bye_taken) and self.cnt_bye > 0
        else:
            n_u = self.n_alive + len(self.floats) + self.n_lower
            bye_avail = (self.cnt_bye + self.float_bye + self.lower_bye) > 0
        need_bye = n_u % 2 == 1
        if need_bye and (not bye_avail or (self.lowest and self.bye_taken)):
            return False
        if dirac_ok(n_u, self.matcher.max_met, need_bye):
            return True
        u = [self.nos[i] for i in range(self.n) if self.alive[i]]
        if not self.lowest:
            u += [self.nos[i] for i in self.floats]
            u += self.lower
        return self.matcher.feasible(u, bye_avail)

    # -- bounds ------------------------------------------------------------------
    def _counts(self) -> Counts:
        """Counts the bounds need: the current state, or the root's."""
        iso = 0
        if self.n_alive <= 40:
            alive, nos = self.alive, self.nos
            idx = [i for i in range(self.n) if alive[i]]
            for i in idx:
                mi = self.met[i]
                if not any(j != i and nos[j] not in mi for j in idx):
                    iso += 1
        return (
            tuple(self.q),
            self.n_alive,
            iso,
            self.cnt_mb,
            self.cnt_mr,
            tuple(self.cnt_row),
            self.cnt_strong_row[ROW_A],
            self.cnt_strong_row[ROW_B],
            self.cnt_near_row[ROW_A],
            self.cnt_near_row[ROW_B],
        )

    def _lower_bound(self, best: Optional[Quality], counts: Optional[Counts] = None) -> Quality:
        """Componentwise lower bound on the final quality, each component
        valid when the earlier ones (in ``qorder``) tie with ``best``: each
        needs only the floats, the weak bound also the strong count, and both
        come earlier in either order."""
        q, na, iso, mb, mr, (a, b, nn), sa, sb, ea, eb = counts or self._counts()
        lb1 = q[Q_FLOATS] + iso + ((na - iso) % 2)
        f = max(0, best[Q_FLOATS] - q[Q_FLOATS]) if best else na
        lb2 = q[Q_HARD] + max(0, (mb - (na - mb) - f + 1) // 2) + max(0, (mr - (na - mr) - f + 1) // 2)
        s4a = max(0, (sa - (na - sa) - f + 1) // 2) + max(0, (sb - (na - sb) - f + 1) // 2)
        same_row = max(0, (abs(a - b) - nn - f + 1) // 2)
        lb4a = q[Q_STRONG] + s4a
        allow_a = max(0, best[Q_STRONG] - q[Q_STRONG]) if best else s4a
        lb4b = q[Q_WEAK] + max(0, same_row - allow_a)
        # 原则(十二): players of one row within one of balance beyond all the
        # others must pair among themselves, and one of each such pair ends apart
        lb6 = q[Q_APART] + max(0, (ea - (na - ea) - f + 1) // 2) + max(0, (eb - (na - eb) - f + 1) // 2)
        return (lb1, lb2, q[Q_REFLOAT], lb4a, lb4b, lb6, q[Q_FLOATON], q[Q_UNIT])

    def _prune(self) -> bool:
        assert self.best is not None
        return self.rank(self._lower_bound(self.best)) >= self.rank(self.best)

    def _record_leaf(self) -> None:
        q = tuple(self.q)
        if self.first_q is None:
            self.first_q = q
        if self.best is None or self.rank(q) < self.rank(self.best):
            self.best_at = self.nodes
            self.best = q
            self.best_sol = (
                list(self.pairs),
                [self.nos[i] for i in self.floats],
                list(self.path),
            )

    def _optimal(self) -> bool:
        """Stop early when the best equals the lower bound at the root."""
        assert self.best is not None
        return self.rank(self.best) <= self.rank(self._lower_bound(self.best, self._root))
