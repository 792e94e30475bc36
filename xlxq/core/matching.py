"""Can a set of players still be paired with no rematch and at most one bye?

This is plain (unweighted) perfect matching on the "have not met" graph.  It
guards every step of the 拆对 search, so that the engine never builds a round
that cannot be completed and always finds a pairing when one exists.

Cost is kept low three ways (see performance-anchors.md):
1. Dirac's theorem: if every player can still meet at least half the others,
   a Hamiltonian cycle exists, hence a perfect matching.  A player has met at
   most ``max_met`` of them, so large sets pass in O(1).
2. A min-degree greedy matching: when it pairs everyone, that proves it.
3. Otherwise an exact answer: a memoised search over bitmasks for tiny sets,
   networkx's blossom algorithm (imported only then) for the rest.

Lazy imports: networkx is imported only for the exact fall-back matching
(rare; its import costs about 100 ms on every other run).
"""

from __future__ import annotations

from functools import cache
from typing import Callable, Iterable, Mapping, Sequence, Union

SMALL = 12


def dirac_ok(n: int, max_met: int, need_bye: bool) -> bool:
    """Sufficient condition: minimum degree ≥ n/2 for even n (Dirac gives a
    Hamiltonian cycle, hence a perfect matching); for odd n with a bye,
    ≥ (n+1)/2, so that the graph minus any bye player still satisfies it."""
    if n <= 1:
        return True
    min_deg = n - 1 - max_met
    return min_deg >= ((n + 1) // 2 if need_bye else n // 2)


class Matcher:
    """Exact feasibility oracle with memo, for one round's "met" relation."""

    def __init__(self, met: dict[int, set[int]], bye_ok: Callable[[int], bool]):
        self.met = met
        self.bye_ok = bye_ok
        self.max_met = max((len(s) for s in met.values()), default=0)
        self._memo: dict[frozenset[int], bool] = {}
        self.exact_calls = 0

    def feasible(self, players: Iterable[int], bye_available: bool | None = None) -> bool:
        """True if ``players`` can all be paired, one of them taking the bye
        when their number is odd (only a bye-eligible player may)."""
        ps = players if isinstance(players, (list, tuple)) else list(players)
        n = len(ps)
        need_bye = n % 2 == 1
        if need_bye:
            if bye_available is None:
                bye_available = any(self.bye_ok(p) for p in ps)
            if not bye_available:
                return False
        if dirac_ok(n, self.max_met, need_bye):
            return True
        key = frozenset(ps)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        self.exact_calls += 1
        res = self._exact(sorted(ps), need_bye)
        self._memo[key] = res
        return res

    # -- exact ---------------------------------------------------------------
    def _exact(self, ps: Sequence[int], need_bye: bool) -> bool:
        n = len(ps)
        if _greedy_perfect(ps, self.met, need_bye, self.bye_ok):
            return True
        if n <= SMALL:
            return _small_perfect(tuple(ps), self.met, need_bye, self.bye_ok)
        import networkx as nx  # rare: large sets that fail Dirac's bound

        g = nx.Graph()
        g.add_nodes_from(ps)
        for i, a in enumerate(ps):
            ma = self.met.get(a, ())
            for b in ps[i + 1 :]:
                if b not in ma:
                    g.add_edge(a, b)
        if need_bye:
            g.add_node("BYE")
            for a in ps:
                if self.bye_ok(a):
                    g.add_edge(a, "BYE")
        m = nx.max_weight_matching(g, maxcardinality=True)
        return bool(2 * len(m) == g.number_of_nodes())


#: A node of the pairing graph: a player, or "BYE".
Node = Union[int, str]


def _greedy_perfect(
    ps: Sequence[int], met: Mapping[int, set[int]], need_bye: bool, bye_ok: Callable[[int], bool]
) -> bool:
    """Pair the player with the fewest options first, with his partner of
    fewest options; True only if everyone gets paired (a proof)."""
    nbr: dict[Node, set[Node]] = {a: {b for b in ps if b != a and b not in met.get(a, ())} for a in ps}
    if need_bye:
        nbr["BYE"] = {a for a in ps if bye_ok(a)}
        for a in nbr["BYE"]:
            nbr[a].add("BYE")
    left = set(nbr)
    while left:
        a = min(left, key=lambda v: (len(nbr[v]), str(v)))
        if not nbr[a]:
            return False
        b = min(nbr[a], key=lambda v: (len(nbr[v]), str(v)))
        for v in (a, b):
            left.discard(v)
            for w in nbr[v]:
                nbr[w].discard(v)
            nbr[v] = set()
    return True


def _small_perfect(
    ps: tuple[int, ...], met: Mapping[int, set[int]], need_bye: bool, bye_ok: Callable[[int], bool]
) -> bool:
    n = len(ps)
    adj = [0] * n
    for i, a in enumerate(ps):
        ma = met.get(a, ())
        for j, b in enumerate(ps):
            if i != j and b not in ma:
                adj[i] |= 1 << j
    byemask = 0
    if need_bye:
        for i, a in enumerate(ps):
            if bye_ok(a):
                byemask |= 1 << i

    @cache
    def solve(mask: int, bye_left: bool) -> bool:
        if mask == 0:
            return not bye_left
        # the vertex with the fewest options first
        best_i, best_opts = -1, None
        m = mask
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            opts = adj[i] & mask
            cnt = bin(opts).count("1") + (1 if bye_left and byemask >> i & 1 else 0)
            if best_opts is None or cnt < best_opts:
                best_i, best_opts = i, cnt
                if cnt == 0:
                    return False
        i = best_i
        rest = mask & ~(1 << i)
        if bye_left and byemask >> i & 1 and solve(rest, False):
            return True
        opts = adj[i] & rest
        while opts:
            low = opts & -opts
            opts ^= low
            if solve(rest & ~low, bye_left):
                return True
        return False

    return solve((1 << n) - 1, need_bye)
