"""Random results, for dry runs (``xlxq simulate``) and the property tests."""

from __future__ import annotations

import random

from xlxq.core.model import BLACK_WIN, DRAW, RED_WIN, Round

RESULT_WEIGHTS = ((RED_WIN, 0.38), (DRAW, 0.30), (BLACK_WIN, 0.32))


def fill_results(rnd: Round, rng: random.Random, only_missing: bool = True) -> Round:
    """Give every unfinished board a random result (red 38 %, draw 30 %,
    black 32 %: roughly the red advantage of real play)."""
    results = tuple(r for r, _ in RESULT_WEIGHTS)
    weights = tuple(w for _, w in RESULT_WEIGHTS)
    for b in rnd.boards:
        if b.result is None or not only_missing:
            b.result = rng.choices(results, weights)[0]
    return rnd
