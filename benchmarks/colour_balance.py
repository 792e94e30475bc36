"""Colour balance over random events: who ends more than one 先 apart.

Plays the property tests' sample of random Swiss events (the same event
sizes, round counts and result seeds as
``tests/test_properties.py::test_random_events_7_to_120_players``) and prints

  * player-rounds, new 连三 and new 多三 (``xlxq check``'s warnings), each also
    counted in the last round alone;
  * how many players end with |先 − 后| ≥ 2 (原则(十二): "最后一轮编排完毕，应尽可能
    地使全部参赛运动员的先后走局数只相差一先"), among every player and among
    those who played every round.

    PYTHONPATH=$PWD python benchmarks/colour_balance.py [--events 1500] [--procs 2]

Not a test: it prints figures for docs/pairing.md and README.md.  Run it on
two checkouts to compare them.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random

from xlxq.core.checks import check_round
from xlxq.core.history import build_cards
from xlxq.core.model import Event, EventSettings, Player
from xlxq.core.pairing import pair_round
from xlxq.core.simulate import fill_results
from xlxq.errors import PairingImpossible

KEYS = (
    "pr",
    "pr_last",
    "three_in_row",
    "three_surplus",
    "last_three_in_row",
    "last_three_surplus",
    "players",
    "apart",
    "players_full",
    "apart_full",
    "events",
)


def run_event(args) -> dict[str, int]:
    idx, n, rounds = args
    rng = random.Random(idx * 7919 + n)  # as tests/test_properties.py
    ev = Event(EventSettings(rounds=rounds, name=f"e{idx}"), [Player(i, f"P{i}") for i in range(1, n + 1)])
    st = dict.fromkeys(KEYS, 0)
    st["events"] = 1
    for r in range(1, rounds + 1):
        try:
            out = pair_round(ev)
        except PairingImpossible:
            return st
        fill_results(out.round, rng)
        ev = ev.with_round(out.round)
        k = len(out.round.players())
        st["pr"] += k
        for issue in check_round(ev, r):
            if issue.code in ("three_in_row", "three_surplus"):
                st[issue.code] += 1
                if r == rounds:
                    st["last_" + issue.code] += 1
        if r == rounds:
            st["pr_last"] += k
    for c in build_cards(ev, rounds + 1).values():
        if not c.colours:
            continue
        st["players"] += 1
        st["apart"] += abs(c.diff) >= 2
        if len(c.colours) == rounds:
            st["players_full"] += 1
            st["apart_full"] += abs(c.diff) >= 2
    return st


def jobs(events: int) -> list[tuple[int, int, int]]:
    rng = random.Random(2026)
    return [(i, rng.randint(7, 120), rng.randint(7, 13)) for i in range(events)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=1500)
    ap.add_argument("--procs", type=int, default=2)
    a = ap.parse_args()
    with mp.get_context("fork").Pool(a.procs) as pool:
        res = pool.map(run_event, jobs(a.events), chunksize=8)
    t = {k: sum(s[k] for s in res) for k in KEYS}
    pct = lambda x, y: 100 * x / y if y else 0.0  # noqa: E731
    print(f"{t['events']} events, 7–120 players, 7–13 rounds; {t['pr']} player-rounds ({t['pr_last']} in last rounds)")
    print(
        f"new 连三: {t['three_in_row']} ({pct(t['three_in_row'], t['pr']):.3f} % of player-rounds); "
        f"in the last round {t['last_three_in_row']} ({pct(t['last_three_in_row'], t['pr_last']):.3f} %)"
    )
    print(
        f"new 多三: {t['three_surplus']} ({pct(t['three_surplus'], t['pr']):.3f} %); "
        f"in the last round {t['last_three_surplus']} ({pct(t['last_three_surplus'], t['pr_last']):.3f} %)"
    )
    print(
        f"end |先−后| ≥ 2: {t['apart']} of {t['players']} players ({pct(t['apart'], t['players']):.2f} %); "
        f"of those who played every round {t['apart_full']} of {t['players_full']} "
        f"({pct(t['apart_full'], t['players_full']):.2f} %)"
    )


if __name__ == "__main__":
    main()
