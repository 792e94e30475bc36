"""The identical-pairings fixture of the 定位编排 engine (issue 14).

    python tools/pairing_fixture.py record OUT.json [--events N]
    python tools/pairing_fixture.py compare FIXTURE.json

``record`` plays N random events (default 120: individual Swiss with every
定位编排 option, 积分末位淘汰, team Swiss) round by round on the code that is
importable now and writes, for every round, the pairing the engine made and a
digest of its search (every score group's decisions, node count, quality
vectors, floats, colour reasons).  ``compare`` replays the same events and
lists every round whose pairing or search differs (exit 1 on any);
tests/test_pairing_fixture.py does the same on tests/data/swiss_pairings.json.

The fixture was recorded on main at 9d618ae, before the engine's scans were
made resumable and the colour counts cached, and re-recorded for issue 22
(the group search's ranking: 原则(九) after the colour criteria).  To record it again from any
commit (this script uses only APIs that existed there: the model,
``pair_round``, ``pair_and_seat``, ``fill_results``-like random results of
its own), point PYTHONPATH at that commit's checkout:

    git worktree add /tmp/old 9d618ae
    PYTHONPATH=/tmp/old python tools/pairing_fixture.py record tests/data/swiss_pairings.json

Each event is played from round 1 to its last round; round r's random
results come from ``random.Random(f"{seed}:{r}")``, so they depend only on
the spec and on the boards the engine made.  A state is a round ≥ 2 (round 1
is not the Swiss search); a round the engine finds impossible is recorded as
such and ends the event.

Variants: picker (cxa / 以少调多), colour tie (号和 / 轮次奇偶), 方法(四)9
(cxa / broad), forfeit counts as met or not, removal after 2 forfeits, small
search budgets (the budget path), scorings (3-1-0, a bye worth a draw,
unequal draws by colour), first-round methods, odd and even fields,
withdrawals, late entries (players with no colour yet), unfinished games
(provisional draws), forfeits, rounds close to the most a field allows (many
repeats, 拆对), a few large fields (long score groups), 积分末位淘汰, and
team Swiss by 场分 and by 局分.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any, Optional

from xlxq.core.model import (
    BLACK_WIN,
    BLACK_WIN_FORFEIT,
    DOUBLE_FORFEIT,
    DRAW,
    RED_WIN,
    RED_WIN_FORFEIT,
    Event,
    EventSettings,
    PairingOptions,
    Player,
    Scoring,
)
from xlxq.systems import pair_round
from xlxq.errors import PairingImpossible

FORMAT = "xlxq-pairing-fixture/1"
WEIGHTS = ((RED_WIN, 0.38), (DRAW, 0.30), (BLACK_WIN, 0.32))


# ---------------------------------------------------------------- specs


def make_spec(i: int) -> dict[str, Any]:
    """The spec of event ``i`` (from ``i`` only)."""
    rng = random.Random(f"spec:{i}")
    if i % 6 == 5:
        return team_spec(i, rng)
    kind = i % 10
    if kind == 9:  # a large field: long score groups
        n = rng.choice([301, 600, 1001, 1500])
        rounds = rng.randint(5, 9)
    elif kind in (3, 7):  # late rounds with many repeats
        n = rng.randint(6, 16)
        rounds = min(n - 1 if n % 2 == 0 else n, rng.randint(n - 3, n + 1))
    else:
        n = rng.randint(5, 140)
        rounds = rng.randint(5, 13)
    rounds = max(rounds, 3)
    pairing: dict[str, Any] = {
        "picker": rng.choice(["cxa", "cxa", "fewer_row"]),
        "colour_tie": rng.choice(["number_sum", "number_sum", "round_parity"]),
        "last_rounds_rule": rng.choice(["cxa", "cxa", "broad"]),
        "forfeit_counts_as_met": rng.random() < 0.8,
        "forfeits_before_removal": 2 if rng.random() < 0.15 else None,
        "search_budget": rng.choice([5000] * 6 + [50, 300]),
    }
    elimination = kind == 4 and n >= 12
    if elimination:
        pairing["elimination"] = rng.choice([[[2, 2.0]], [[3, 3.0]], [[2, 1.0], [4, 4.0]]])
    scoring = rng.choice(
        [
            {},
            {},
            {},
            {"win": 3, "draw": 1, "loss": 0},
            {"bye": 1},
            {"draw_red": 0.5, "draw_black": 1.5},
        ]
    )
    first = rng.choice(["adjacent", "adjacent", "fold", "slide", "random"])
    withdrawals = {}
    if rng.random() < 0.4:
        for no in rng.sample(range(1, n + 1), k=min(n // 6, rng.randint(1, 4))):
            withdrawals[str(no)] = rng.randint(2, rounds)
    late = {}
    if rng.random() < 0.3 and rounds > 3:
        late = {str(r): rng.randint(1, 3) for r in rng.sample(range(2, rounds), k=min(2, rounds - 2))}
    return {
        "id": i,
        "kind": "individual",
        "n": n,
        "rounds": rounds,
        "seed": i,
        "first_round": first,
        "pairing": pairing,
        "scoring": scoring,
        "withdrawals": withdrawals,
        "late": late,
        "forfeit_p": 0.2 if pairing["forfeits_before_removal"] else rng.choice([0.0, 0.02, 0.05]),
        "unfinished_p": 0.0 if elimination else rng.choice([0.0, 0.0, 0.03]),
    }


def team_spec(i: int, rng: random.Random) -> dict[str, Any]:
    n = rng.randint(5, 40)
    return {
        "id": i,
        "kind": "team",
        "n": n,
        "rounds": rng.randint(4, min(11, n - 1 if n % 2 == 0 else n)),
        "seed": i,
        "boards": rng.randint(2, 6),
        "pair_by": rng.choice(["match_points", "game_points"]),
        "first_round": rng.choice(["adjacent", "fold", "slide"]),
        "pairing": {
            "picker": rng.choice(["cxa", "cxa", "fewer_row"]),
            "colour_tie": rng.choice(["number_sum", "round_parity"]),
            "last_rounds_rule": rng.choice(["cxa", "broad"]),
        },
        "withdrawals": {str(no): rng.randint(2, 5) for no in rng.sample(range(1, n + 1), k=1)}
        if rng.random() < 0.3
        else {},
        "unfinished_p": rng.choice([0.0, 0.03]),
    }


# ---------------------------------------------------------------- play


def round_text(pairs: list[tuple[int, int]], byes: list[int]) -> str:
    """``"red-black red-black …|bye"``; a long one (a large field) as ``"=" +``
    a digest of it, to keep the fixture small."""
    text = " ".join(f"{a}-{b}" for a, b in pairs) + "|" + " ".join(map(str, byes))
    return text if len(text) <= 240 else "=" + hashlib.sha256(text.encode()).hexdigest()[:16]


def reason_text(x: Any) -> Any:
    """A pair's colour reason as the Chinese text the engine gave before
    the reasons became keys (so digests recorded at 9d618ae still compare);
    anything else unchanged."""
    if not isinstance(x, str):
        return x
    try:
        from xlxq.core.record_text import colour_text
    except ImportError:  # a checkout from before the keys: the text itself
        return x
    try:
        return colour_text(x, "zh")
    except KeyError:
        return x


def search_digest(groups: list[Any]) -> str:
    """A digest of every score group's search: what it decided and how."""
    trace = []
    for g in groups:
        r = g.result
        trace.append(
            (
                g.score,
                list(g.incoming),
                [tuple(reason_text(x) for x in p) for p in r.pairs],
                list(r.floats),
                tuple(r.quality),
                tuple(r.first_quality),
                r.nodes,
                r.budget_hit,
                [tuple(s) for s in r.steps],
            )
        )
    return hashlib.sha256(repr(trace).encode()).hexdigest()[:16]


def random_result(rng: random.Random, forfeit_p: float, unfinished_p: float) -> Optional[str]:
    x = rng.random()
    if x < unfinished_p:
        return None
    if x < unfinished_p + forfeit_p:
        return rng.choice((RED_WIN_FORFEIT, BLACK_WIN_FORFEIT, DOUBLE_FORFEIT))
    return rng.choices([r for r, _ in WEIGHTS], [w for _, w in WEIGHTS])[0]


def play(spec: dict[str, Any]) -> list[str]:
    """Every round of the event: ``"red-black …|byes#digest"`` (:func:`round_text`,
    :func:`search_digest`), or ``"!impossible"`` for a round that cannot be paired."""
    return play_team(spec) if spec["kind"] == "team" else play_individual(spec)


def play_individual(spec: dict[str, Any]) -> list[str]:
    n, rounds = spec["n"], spec["rounds"]
    p = dict(spec["pairing"])
    if "elimination" in p:
        p["elimination"] = tuple((int(x), float(y)) for x, y in p["elimination"])
    settings = EventSettings(
        name=f"fixture {spec['id']}",
        rounds=rounds,
        scoring=Scoring(**spec["scoring"]),
        first_round=spec["first_round"],
        first_round_seed=spec["seed"] if spec["first_round"] == "random" else None,
        pairing=PairingOptions(**p),
    )
    wd = {int(k): v for k, v in spec["withdrawals"].items()}
    players = [Player(no, f"P{no}", unit=f"U{no % 7}", withdrawn_from_round=wd.get(no)) for no in range(1, n + 1)]
    ev = Event(settings, players)
    out: list[str] = []
    open_games: list[Any] = []
    for rno in range(1, rounds + 1):
        rng = random.Random(f"{spec['seed']}:{rno}")
        add = spec["late"].get(str(rno), 0)
        if add:
            top = max(pl.no for pl in ev.players)
            ev = replace(ev, players=ev.players + [Player(top + k, f"P{top + k}") for k in range(1, add + 1)])
        try:
            res = pair_round(ev)
        except PairingImpossible:
            out.append("!impossible")
            break
        pairs = [(b.red, b.black) for b in res.round.boards]
        out.append(round_text(pairs, list(res.round.byes)) + "#" + search_digest(res.groups))
        for b in open_games:  # last round's unfinished games end now
            b.result = random_result(rng, spec["forfeit_p"], 0.0)
        open_games = []
        for b in res.round.boards:
            b.result = random_result(rng, spec["forfeit_p"], spec["unfinished_p"])
            if b.result is None:
                open_games.append(b)
        ev = ev.with_round(res.round)
    return out


def play_team(spec: dict[str, Any]) -> list[str]:
    from xlxq.systems import pair_and_seat
    from xlxq.core.teams import Team, TeamEvent, TeamSettings

    n, boards = spec["n"], spec["boards"]
    wd = {int(k): v for k, v in spec["withdrawals"].items()}
    players, teams, no = [], [], 1
    for t in range(1, n + 1):
        members = []
        for k in range(boards + 1):
            players.append(Player(no, f"T{t}-{k + 1}"))
            members.append(no)
            no += 1
        teams.append(Team(t, f"T{t}", members, withdrawn_from_round=wd.get(t)))
    settings = TeamSettings(
        name=f"fixture {spec['id']}",
        rounds=spec["rounds"],
        boards=boards,
        pair_by=spec["pair_by"],
        first_round=spec["first_round"],
        pairing=PairingOptions(**spec["pairing"]),
    )
    ev = TeamEvent(settings, players, teams)
    out: list[str] = []
    open_boards: list[Any] = []
    for rno in range(1, spec["rounds"] + 1):
        rng = random.Random(f"{spec['seed']}:{rno}")
        try:
            ev, res = pair_and_seat(ev)
        except PairingImpossible:
            out.append("!impossible")
            break
        pairs = [(m.first, m.second) for m in res.round.matches]
        out.append(round_text(pairs, list(res.round.byes)) + "#" + search_digest(res.groups))
        for b in open_boards:
            b.result = random_result(rng, 0.02, 0.0)
        open_boards = []
        for m in ev.rounds[-1].matches:
            for b in m.boards:
                b.result = random_result(rng, 0.02, spec["unfinished_p"])
                if b.result is None:
                    open_boards.append(b)
    return out


# ---------------------------------------------------------------- record / compare


def record(path: Path, events: int) -> int:
    data = {"format": FORMAT, "events": []}
    states = 0
    for i in range(events):
        spec = make_spec(i)
        rounds = play(spec)
        states += sum(1 for k, r in enumerate(rounds) if k > 0 and not r.startswith("!"))
        data["events"].append({"spec": spec, "rounds": rounds})
    # one event a line, so that a re-recorded fixture diffs by event
    lines = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in data["events"]]
    head = json.dumps({"format": FORMAT}, separators=(",", ":"))[:-1]
    path.write_text(head + ',"events":[\n' + ",\n".join(lines) + "\n]}\n", encoding="utf-8")
    print(f"recorded {events} events, {states} states (rounds ≥ 2) to {path}")
    return 0


def what_differs(got: str, want: str) -> str:
    """The pairs only one side has, or that only the search differs."""
    pg, _, dg = got.partition("#")
    pw, _, dw = want.partition("#")
    if pg == pw:
        return f"same pairing, another search (digest {dg} for {dw})"
    if pg.startswith("=") or pw.startswith("="):
        return f"another pairing (digest {pg} for {pw})"
    a, b = set(pg.replace("|", " | ").split()), set(pw.replace("|", " | ").split())
    return f"pairs/byes only now: {' '.join(sorted(a - b))}; only recorded: {' '.join(sorted(b - a))}"


def differences(data: dict[str, Any]) -> tuple[int, list[str]]:
    """(states compared, one line per differing event: its id and first differing round)."""
    assert data["format"] == FORMAT, data["format"]
    diffs: list[str] = []
    states = 0
    for e in data["events"]:
        want = e["rounds"]
        got = play(e["spec"])
        states += sum(1 for k, r in enumerate(want) if k > 0 and not r.startswith("!"))
        if got != want:
            k = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            a = got[k] if k < len(got) else "(none)"
            b = want[k] if k < len(want) else "(none)"
            diffs.append(f"event {e['spec']['id']} ({e['spec']['kind']}) round {k + 1}: {what_differs(a, b)}")
    return states, diffs


def main(argv: Optional[list[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out", type=Path)
    r.add_argument("--events", type=int, default=120)
    c = sub.add_parser("compare")
    c.add_argument("fixture", type=Path)
    a = ap.parse_args(argv)
    if a.cmd == "record":
        return record(a.out, a.events)
    states, diffs = differences(json.loads(a.fixture.read_text(encoding="utf-8")))
    print(f"compared {states} states: {len(diffs)} events differ")
    for d in diffs:
        print("  " + d)
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
