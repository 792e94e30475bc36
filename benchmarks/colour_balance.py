"""Colour balance over random events: who ends more than one 先 apart.

Plays a sample of random Swiss events (the property tests' result seeds, as
``tests/test_properties.py::test_random_events_7_to_120_players``; sizes
7–``--max-players``, 7–13 rounds) and prints

  * player-rounds, new 连三 and new 多三 (``xlxq check``'s warnings), each also
    counted in the last round alone;
  * how many players end with |先 − 后| ≥ 2 (原则(十二): "最后一轮编排完毕，应尽可能
    地使全部参赛运动员的先后走局数只相差一先"), among every player and among
    those who played every round;
  * floats in a row (原则(九)): players who float down, or are pulled up, in
    two rounds running, and floaters floated on through two score levels in
    one round;
  * hard faults (an error of ``xlxq check``: a rematch, a second bye, a
    player paired twice or left out; a bye above a lower player who could
    have had it) and nondeterministic rounds (the round paired twice, from
    the same event, gives another pairing); both must be 0.

    PYTHONPATH=$PWD python benchmarks/colour_balance.py [--events 1500] [--max-players 150] [--procs 2]

``--same-unit every_round`` (players in five clubs, U0–U4 by number) and
``--forbidden K`` (K random forbidden pairs an event; one paired counts as a
hard fault) run the 补充规定 of issue 22.

Not a test: it prints figures for docs/pairing.md and README.md.  Run it on
two checkouts to compare them.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random

from xlxq.core.checks import ERROR, check_round
from xlxq.core.history import DOWN, UP, build_cards
from xlxq.core.model import Event, EventSettings, PairingOptions, Player
from xlxq.systems import pair_round
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
    "floats",
    "refloats",
    "float_on",
    "faults",
    "nondeterministic",
    "rounds",
    "club_mates",
)


#: the 补充规定 of the run (``--same-unit``, ``--forbidden``): set in main, read by the workers
RULES: dict[str, object] = {"same_unit": "none", "forbidden": 0}


def run_event(args) -> dict[str, int]:
    idx, n, rounds = args
    rng = random.Random(idx * 7919 + n)  # as tests/test_properties.py
    pairing = PairingOptions()
    if RULES["same_unit"] != "none" or RULES["forbidden"]:
        pick = random.Random(f"rules:{idx}")
        pairs = {tuple(sorted(pick.sample(range(1, n + 1), 2))) for _ in range(int(str(RULES["forbidden"])))}
        pairing = PairingOptions(same_unit=str(RULES["same_unit"]), forbidden_pairs=tuple(sorted(pairs)))
    players = [Player(i, f"P{i}", unit=f"U{i % 5}") for i in range(1, n + 1)]
    ev = Event(EventSettings(rounds=rounds, name=f"e{idx}", pairing=pairing), players)
    st = dict.fromkeys(KEYS, 0)
    st["events"] = 1
    for r in range(1, rounds + 1):
        try:
            out = pair_round(ev)
        except PairingImpossible:
            return st
        again = pair_round(ev).round
        st["rounds"] += 1
        if [(b.red, b.black) for b in again.boards] != [(b.red, b.black) for b in out.round.boards] or list(
            again.byes
        ) != list(out.round.byes):
            st["nondeterministic"] += 1
        if r > 1:
            float_counts(out, st)
        forbidden = set(pairing.forbidden_pairs)
        for b in out.round.boards:
            st["faults"] += (min(b.red, b.black), max(b.red, b.black)) in forbidden
            st["club_mates"] += b.red % 5 == b.black % 5
        fill_results(out.round, rng)
        ev = ev.with_round(out.round)
        k = len(out.round.players())
        st["pr"] += k
        for issue in check_round(ev, r):
            if issue.code in ("three_in_row", "three_surplus"):
                st[issue.code] += 1
                if r == rounds:
                    st["last_" + issue.code] += 1
            elif issue.level == ERROR or issue.code == "bye_not_lowest":
                st["faults"] += 1
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


def float_counts(out, st: dict[str, int]) -> None:
    """Who floats this round (a pair across two scores: the higher floats
    down, the lower up), who floated the same way last round too, and who
    came down into a score group and floated on from it."""
    cards = out.cards
    for b in out.round.boards:
        hi, lo = cards[b.red], cards[b.black]
        if hi.score == lo.score:
            continue
        if hi.score < lo.score:
            hi, lo = lo, hi
        st["floats"] += 2
        st["refloats"] += (hi.last_float == DOWN) + (lo.last_float == UP)
    for g in out.groups:
        st["float_on"] += sum(1 for no in g.result.floats if cards[no].score > g.score)


def jobs(events: int, max_players: int = 120) -> list[tuple[int, int, int]]:
    rng = random.Random(2026)
    return [(i, rng.randint(7, max_players), rng.randint(7, 13)) for i in range(events)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=1500)
    ap.add_argument("--max-players", type=int, default=150)
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--same-unit", default="none", choices=("none", "round1", "every_round"))
    ap.add_argument("--forbidden", type=int, default=0, help="random forbidden pairs per event")
    a = ap.parse_args()
    RULES.update(same_unit=a.same_unit, forbidden=a.forbidden)
    with mp.get_context("fork").Pool(a.procs) as pool:
        res = pool.map(run_event, jobs(a.events, a.max_players), chunksize=8)
    t = {k: sum(s[k] for s in res) for k in KEYS}
    pct = lambda x, y: 100 * x / y if y else 0.0  # noqa: E731
    print(
        f"{t['events']} events, 7–{a.max_players} players, 7–13 rounds; {t['rounds']} rounds, "
        f"{t['pr']} player-rounds ({t['pr_last']} in last rounds)"
    )
    print(f"hard faults: {t['faults']}; nondeterministic rounds: {t['nondeterministic']}")
    if a.same_unit != "none" or a.forbidden:
        print(
            f"补充规定: same_unit {a.same_unit}, {a.forbidden} random forbidden pairs an event; "
            f"club-mates paired: {t['club_mates']} of {t['pr'] // 2} pairs"
        )
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
    print(
        f"floats (rounds ≥ 2): {t['floats']} player-floats; the same way as last round {t['refloats']} "
        f"({pct(t['refloats'], t['floats']):.2f} %); floated in and on in one round {t['float_on']}"
    )


if __name__ == "__main__":
    main()
