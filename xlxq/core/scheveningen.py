"""全队轮赛制 (舍文宁根制, Scheveningen): every player of team A meets every
player of team B once (seed 000: 甲方所有队员与乙方所有队员逐一对弈一局，应该
每轮各队先后走保证平衡，且每个人总的先后走也要平衡).

For two teams of ``n`` players (2 ≤ n ≤ 10) :func:`schedule` gives ``n``
rounds in which

1. every A player meets every B player exactly once;
2. each round, A and B have as many reds as each other (odd ``n``: they
   differ by one, the extra red alternating between the teams from round to
   round, so over the match the teams differ by one at most);
3. each player's reds and blacks differ by at most one;
4. nobody has three of one colour in a row.

``n = 2`` is the one size where 2 and 3 cannot both hold (proof in
:func:`strict_possible` and docs/teams.md §5): the schedule keeps 3 (each
player one red, one black) and the match total (two reds each), and gives
one team both reds in round 1 and the other both reds in round 2.

The schedules are found by a deterministic depth-first search, run on
demand and cached (all ``n`` ≤ 10 together take well under a second):

* stage 1, the cyclic pairing (A_i meets B_{i+r} in round r, the usual
  hand-made table): only the colours are searched, round by round;
* stage 2, when stage 1 has no answer (``n = 6``: rules-research §3.3 found
  by exhaustive search that the cyclic pairing cannot be balanced; stage 1
  confirms it): pairings and colours are searched together, A player by A
  player within a round, round by round;
* stage 3, ``n = 2`` only: stage 2 without the per-round balance.

A schedule is a list of rounds; a round is a list of ``(a, b, a_red)``,
``a`` and ``b`` the players' places 1..n in their teams' line-ups and
``a_red`` True when the A player has red.  Board i of every round is A's
i-th player (A's line-up keeps its board order; B's players move).
:func:`check_schedule` re-verifies every property independently.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Optional, Sequence

from xlxq.core.model import Board
from xlxq.core.teams import Match, TeamEvent, TeamRound
from xlxq.errors import InputError
from xlxq.i18n import Msg

MIN_N, MAX_N = 2, 10
Game = tuple[int, int, bool]  # (a, b, a_red), places from 1
Schedule = list[list[Game]]

_BUDGET = 2_000_000  # search nodes per stage; never reached for n ≤ 10


class _OutOfBudget(Exception):
    pass


def round_targets(n: int) -> list[int]:
    """A's reds in each round: n/2 for even n; for odd n, (n+1)/2 in odd
    rounds and (n−1)/2 in even rounds (the teams take the extra red in turn)."""
    m = n // 2
    if n % 2 == 0:
        return [m] * n
    return [m + 1 if r % 2 == 0 else m for r in range(n)]


def _allowed(hist: list[str], reds: int, blacks: int, cap: int) -> set[str]:
    """The colours a player may take next: not a third of a kind in a row,
    not beyond ``cap`` of either colour."""
    out = {"R", "B"}
    if len(hist) >= 2 and hist[-1] == hist[-2]:
        out.discard(hist[-1])
    if reds >= cap:
        out.discard("R")
    if blacks >= cap:
        out.discard("B")
    return out


def _colour_search(
    n: int, pairings: Sequence[Sequence[tuple[int, int]]], targets: list[int], budget: int = _BUDGET
) -> Optional[Schedule]:
    """Colours for fixed pairings (``pairings[r]`` = the (a, b) games of round
    r, places from 0): round by round, every way to give A the round's number
    of reds, players needing red first.  None when no colouring exists
    (exhaustive); :class:`_OutOfBudget` when the budget runs out."""
    cap = (n + 1) // 2
    ar, ab, br, bb = [0] * n, [0] * n, [0] * n, [0] * n
    ah: list[list[str]] = [[] for _ in range(n)]
    bh: list[list[str]] = [[] for _ in range(n)]
    chosen: list[set[int]] = []
    nodes = 0

    def rec(r: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        if r == n:
            return True
        games = pairings[r]
        must, free = [], []
        for k, (i, j) in enumerate(games):
            opts = _allowed(ah[i], ar[i], ab[i], cap)
            opts &= {"R" if c == "B" else "B" for c in _allowed(bh[j], br[j], bb[j], cap)}
            if not opts:
                return False
            if opts == {"R"}:
                must.append(k)
            elif len(opts) == 2:
                free.append(k)
        t = targets[r] - len(must)
        if t < 0 or t > len(free):
            return False
        # red first to the games whose A player is shortest of reds and whose
        # B player is shortest of blacks; then board order
        free.sort(key=lambda k: ((ar[games[k][0]] - ab[games[k][0]]) - (br[games[k][1]] - bb[games[k][1]]), k))
        for sub in combinations(free, t):
            reds = set(must) | set(sub)
            for k, (i, j) in enumerate(games):
                a_red = k in reds
                ar[i] += a_red
                ab[i] += not a_red
                bb[j] += a_red
                br[j] += not a_red
                ah[i].append("R" if a_red else "B")
                bh[j].append("B" if a_red else "R")
            chosen.append(reds)
            if rec(r + 1):
                return True
            chosen.pop()
            for k, (i, j) in enumerate(games):
                a_red = k in reds
                ar[i] -= a_red
                ab[i] -= not a_red
                bb[j] -= a_red
                br[j] -= not a_red
                ah[i].pop()
                bh[j].pop()
        return False

    if not rec(0):
        return None
    return [[(i + 1, j + 1, k in chosen[r]) for k, (i, j) in enumerate(pairings[r])] for r in range(n)]


def _joint_search(
    n: int, targets: Optional[list[int]], budget: int = _BUDGET, order: Optional[list[list[list[int]]]] = None
) -> Optional[Schedule]:
    """Pairings and colours together: round by round, A's players in order
    each take an unmet, unused B player and a colour (the one the A player
    is short of first).  ``order[r][i]`` is the order in which A_i tries the
    B players in round r (default: cyclic from B_{i+r}).  ``targets`` None
    drops the per-round balance (stage 3).  None when no schedule exists
    (exhaustive); :class:`_OutOfBudget` when the budget runs out."""
    if order is None:
        order = [[[(i + r + k) % n for k in range(n)] for i in range(n)] for r in range(n)]
    cap = (n + 1) // 2
    met = [[False] * n for _ in range(n)]
    ar, ab, br, bb = [0] * n, [0] * n, [0] * n, [0] * n
    ah: list[list[str]] = [[] for _ in range(n)]
    bh: list[list[str]] = [[] for _ in range(n)]
    sched: list[list[Optional[Game]]] = [[None] * n for _ in range(n)]
    nodes = 0

    def run_ok(h: list[str], c: str) -> bool:
        return not (len(h) >= 2 and h[-1] == c and h[-2] == c)

    def rec(r: int, i: int, used: int, reds: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        if i == n:
            if targets is not None and reds != targets[r]:
                return False
            return True if r + 1 == n else rec(r + 1, 0, 0, 0)
        left = n - i
        for j in order[r][i]:
            if used >> j & 1 or met[i][j]:
                continue
            for a_red in (True, False) if ar[i] <= ab[i] else (False, True):
                nr = reds + a_red
                if targets is not None and (nr > targets[r] or nr + left - 1 < targets[r]):
                    continue
                if (ar[i] if a_red else ab[i]) >= cap or (bb[j] if a_red else br[j]) >= cap:
                    continue
                ca, cb = ("R", "B") if a_red else ("B", "R")
                if not run_ok(ah[i], ca) or not run_ok(bh[j], cb):
                    continue
                met[i][j] = True
                ar[i] += a_red
                ab[i] += not a_red
                bb[j] += a_red
                br[j] += not a_red
                ah[i].append(ca)
                bh[j].append(cb)
                sched[r][i] = (i + 1, j + 1, a_red)
                if rec(r, i + 1, used | (1 << j), nr):
                    return True
                ah[i].pop()
                bh[j].pop()
                ar[i] -= a_red
                ab[i] -= not a_red
                bb[j] -= a_red
                br[j] -= not a_red
                met[i][j] = False
        return False

    if not rec(0, 0, 0, 0):
        return None
    return [list(rnd) for rnd in sched]  # type: ignore[arg-type]


def cyclic_pairings(n: int) -> list[list[tuple[int, int]]]:
    """A_i meets B_{(i + r) mod n} in round r (places from 0)."""
    return [[(i, (i + r) % n) for i in range(n)] for r in range(n)]


def _check_n(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or not MIN_N <= n <= MAX_N:
        raise InputError(
            Msg("scheveningen.a-scheveningen-match-needs-players-a", MIN_N=MIN_N, MAX_N=MAX_N, n=n),
        )


def _permutations(n: int, attempt: int) -> list[list[list[int]]]:
    """B-player orders for restart ``attempt`` of stage 2: Fisher–Yates
    shuffles driven by a fixed 64-bit LCG (Knuth's MMIX constants), so the
    tables never depend on Python's ``random`` implementation."""
    state = (n * 1_000_003 + attempt * 7_919 + 1) & 0xFFFFFFFFFFFFFFFF

    def below(k: int) -> int:
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (state >> 33) % k

    out = []
    for _ in range(n):
        rnd = []
        for _ in range(n):
            p = list(range(n))
            for k in range(n - 1, 0, -1):
                m = below(k + 1)
                p[k], p[m] = p[m], p[k]
            rnd.append(p)
        out.append(rnd)
    return out


_STAGE1_BUDGET = 5_000  # cyclic colours: n = 6 is refuted in ~300 nodes, n = 10 gives up here
_STAGE2_BUDGET = 20_000  # per restart of the joint search
_STAGE2_ATTEMPTS = 200


@cache
def _build(n: int) -> tuple[str, tuple[tuple[Game, ...], ...]]:
    targets = round_targets(n)
    try:
        found = _colour_search(n, cyclic_pairings(n), targets, _STAGE1_BUDGET)
    except _OutOfBudget:
        found = None
    if found is not None:
        return "cyclic", tuple(tuple(sorted(rnd)) for rnd in found)
    proven_none = False
    try:
        found = _joint_search(n, targets, _STAGE2_BUDGET)
        proven_none = found is None
    except _OutOfBudget:
        found = None
    attempt = 1
    while found is None and not proven_none and attempt <= _STAGE2_ATTEMPTS:
        try:
            found = _joint_search(n, targets, _STAGE2_BUDGET, _permutations(n, attempt))
        except _OutOfBudget:
            found = None
        attempt += 1
    if found is not None:
        return "search", tuple(tuple(sorted(rnd)) for rnd in found)
    if proven_none:
        # no schedule keeps every round balanced (n = 2): keep each player's
        # balance and the match total, drop the per-round balance
        found = _joint_search(n, None)
        if found is not None:
            return "relaxed", tuple(tuple(sorted(rnd)) for rnd in found)
    raise InputError(Msg("scheveningen.no-scheveningen-schedule-found-for", n=n))  # pragma: no cover


def schedule(n: int) -> Schedule:
    """The 全队轮赛制 order table for ``n`` a side (see the module doc)."""
    _check_n(n)
    return [list(rnd) for rnd in _build(n)[1]]


def schedule_stage(n: int) -> str:
    """How the table for ``n`` was found: ``cyclic``, ``search`` or ``relaxed``."""
    _check_n(n)
    return _build(n)[0]


def strict_possible(n: int) -> bool:
    """Whether a schedule with every property, the per-round balance
    included, exists: True when one was found; False only when the
    exhaustive search proved there is none (``n = 2``)."""
    _check_n(n)
    return _build(n)[0] != "relaxed"


# ------------------------------------------------------------------ checks


def colour_sequences(sched: Schedule, n: int) -> tuple[dict[int, str], dict[int, str]]:
    """Each player's colours round by round ("RBR…"), A's and B's."""
    a = {i: "" for i in range(1, n + 1)}
    b = {j: "" for j in range(1, n + 1)}
    for rnd in sched:
        for i, j, a_red in rnd:
            a[i] += "R" if a_red else "B"
            b[j] += "B" if a_red else "R"
    return a, b


def check_schedule(sched: Schedule, n: int, round_balance: bool = True) -> list[str]:
    """Every property of the module doc that ``sched`` breaks (empty: all
    hold).  ``round_balance=False`` leaves out property 2 (for ``n = 2``)."""
    problems: list[str] = []
    if len(sched) != n:
        problems.append(f"{len(sched)} rounds, not {n}")
    seen: dict[tuple[int, int], int] = {}
    for r, rnd in enumerate(sched, start=1):
        a_nos = sorted(g[0] for g in rnd)
        b_nos = sorted(g[1] for g in rnd)
        if a_nos != list(range(1, n + 1)) or b_nos != list(range(1, n + 1)):
            problems.append(f"round {r}: not everyone plays exactly once")
        for i, j, _ in rnd:
            if (i, j) in seen:
                problems.append(f"A{i}-B{j} meet twice (rounds {seen[(i, j)]} and {r})")
            seen[(i, j)] = r
        if round_balance:
            a_reds = sum(1 for g in rnd if g[2])
            b_reds = len(rnd) - a_reds
            if abs(a_reds - b_reds) > (n % 2):
                problems.append(f"round {r}: A has {a_reds} reds, B {b_reds}")
    if len(seen) != n * n:
        problems.append(f"{n * n - len(seen)} pairs never meet")
    a_total = sum(1 for rnd in sched for g in rnd if g[2])
    b_total = sum(1 for rnd in sched for g in rnd if not g[2])
    if abs(a_total - b_total) > 1:
        problems.append(f"match total: A {a_total} reds, B {b_total}")
    a_seq, b_seq = colour_sequences(sched, n)
    for team, seqs in (("A", a_seq), ("B", b_seq)):
        for p, seq in seqs.items():
            if abs(seq.count("R") - seq.count("B")) > 1:
                problems.append(f"{team}{p}: {seq.count('R')} reds, {seq.count('B')} blacks")
            if "RRR" in seq or "BBB" in seq:
                problems.append(f"{team}{p}: three of a colour in a row ({seq})")
    return problems


def format_schedule(sched: Schedule) -> str:
    """The table as text, one round a line: ``A1-B5`` = A1 red, ``B4-A4`` = B4 red."""
    lines = []
    for r, rnd in enumerate(sched, start=1):
        cells = [f"A{i}-B{j}" if red else f"B{j}-A{i}" for i, j, red in rnd]
        lines.append(f"R{r}: " + " ".join(cells))
    return "\n".join(lines)


# ------------------------------------------------------------------ events


def scheveningen_round(event: TeamEvent, round_no: int) -> TeamRound:
    """Round ``round_no`` of a two-team 全队轮赛制 event
    (``settings.system = "scheveningen"``, ``settings.boards`` = n a side):
    team A is the smaller team number, listed first; A_i / B_j are the
    teams' i-th / j-th registered players; board i holds A_i, colours as the
    table says.  Returns a :class:`~xlxq.core.teams.TeamRound` with one match."""
    s = event.settings
    n = s.boards
    _check_n(n)
    if len(event.teams) != 2:
        raise InputError(
            Msg("scheveningen.a-scheveningen-match-is-between-two", n=len(event.teams)),
        )
    if not 1 <= round_no <= n or round_no > s.rounds:
        raise InputError(
            Msg("scheveningen.a-scheveningen-match-of-a-side-has", n=n, s_rounds=min(n, s.rounds), round_no=round_no),
        )
    a, b = sorted(event.teams, key=lambda t: t.no)
    pa, pb = a.players[:n], b.players[:n]
    boards = []
    for i, j, a_red in schedule(n)[round_no - 1]:
        red, black = (pa[i - 1], pb[j - 1]) if a_red else (pb[j - 1], pa[i - 1])
        boards.append(Board(board=i, red=red, black=black))
    return TeamRound(round=round_no, matches=[Match(match=1, first=a.no, second=b.no, boards=boards)]).as_made()


__all__ = [
    "scheveningen_round",
    "schedule",
    "schedule_stage",
    "strict_possible",
    "check_schedule",
    "colour_sequences",
    "round_targets",
    "cyclic_pairings",
    "format_schedule",
    "MIN_N",
    "MAX_N",
]
