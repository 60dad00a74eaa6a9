#!/usr/bin/env python3
"""Arena best-of-one check and benchmark (a script that prints figures, not a test).

Deals 200,000 smoothed sevens per deck through the engine (``new_game``: two seats, so
100,000 games), for 24 lands in 60 cards and 17 in 40, under the 3-candidate model (and, with
``--all``, the 2018 and Gaussian variants), and compares the land counts with the model's
exact distribution (``Smoothing.land_distribution``): each land count expected 10 times or
more must lie within 4 standard errors of its count, the rarer ones pooled into one cell.
Prints the counts, the largest deviation in standard errors and the sevens dealt per second.
Exit status 1 if any deck is outside the bound. (The engine suite, tests/engine/test_arena.py,
deals 6,000 per deck the same way, to stay fast.)

    .venv/bin/python scripts/bench/bench_arena.py [--sevens 200000] [--all]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "py")]
from opening_hand.rules.actions import ChooseStarting  # noqa: E402
from opening_hand.rules.editions import EDITIONS  # noqa: E402
from opening_hand.rules.game import apply, new_game  # noqa: E402
from opening_hand.rules.state import SeatConfig  # noqa: E402


def deal(edition: str, lands: int, size: int, sevens: int) -> tuple[Counter[int], float]:
    cards = ("Mountain",) * lands + ("Lightning Bolt",) * (size - lands)
    fmt = "limited" if size < 60 else "constructed"
    found: Counter[int] = Counter()
    started = time.perf_counter()
    for seed in range(sevens // 2):
        state = new_game([SeatConfig("A", cards), SeatConfig("B", cards)], seed=seed, format=fmt, edition=edition)
        state = apply(state, ChooseStarting(state.chooser, 1))
        found.update(p.lands_in_hand() for p in state.players)
    return found, time.perf_counter() - started


def deviation(found: Counter[int], exact: tuple[float, ...]) -> float:
    """The largest |count - expected| in standard errors, rare land counts pooled."""
    total = sum(found.values())
    cells = [[n] for n, p in enumerate(exact) if total * p >= 10]
    cells.append([n for n, p in enumerate(exact) if total * p < 10])
    worst = 0.0
    for cell in cells:
        p = math.fsum(exact[n] for n in cell)
        seen = sum(found[n] for n in cell)
        worst = max(worst, abs(seen - total * p) / max(math.sqrt(total * p * (1 - p)), 1))
    return worst


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sevens", type=int, default=200_000)
    parser.add_argument("--all", action="store_true", help="also the 2018 and Gaussian variants")
    args = parser.parse_args()
    editions = ["arena-bo1", "arena-bo1-2018", "arena-bo1-gaussian"] if args.all else ["arena-bo1"]
    failed = False
    for edition in editions:
        model = EDITIONS[edition].smoothing
        assert model is not None
        for lands, size in ((24, 60), (17, 40)):
            found, seconds = deal(edition, lands, size, args.sevens)
            exact = model.land_distribution(lands, size)
            worst = deviation(found, exact)
            failed |= worst >= 4
            total = sum(found.values())
            shown = ", ".join(f"{n}: {found[n]} ({total * p:.0f})" for n, p in enumerate(exact) if found[n] or p > 1e-4)
            print(f"{edition} {lands}/{size}: {total:,} sevens in {seconds:.1f} s ({total / seconds:,.0f}/s); "
                  f"lands: {shown}; largest deviation {worst:.2f} standard errors "
                  f"{'(OUTSIDE 4)' if worst >= 4 else '(within 4)'}")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
