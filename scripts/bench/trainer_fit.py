#!/usr/bin/env python3
"""How the trainer's verdicts agree with the cases strong players agree on (a script that
prints figures, not a test; the tests check the decks of tests/engine/test_verdict.py).

For each deck, side and rule (the synthetic decks of tests/engine/decks.py under London,
Vancouver and Paris; the real decklists of tests/engine/real_decks.py under London, with
their format's horizon and free mulligan): seeded random hands of every land count, the trainer's
verdict on each (keep, mulligan or close), against the baseline of Frank Karsten's
land-count studies: mulligan a seven with 0, 1, 6 or 7 lands and a six with 0, 1, 5 or 6;
keep a seven with 2–4 lands and a six with 2–3 ("with ordinary cheap spells", as the baseline
is stated: tests/engine/decks.py). ``docs/trainer.md`` keeps the figures.

    .venv/bin/python scripts/bench/trainer_fit.py [--hands 20] [--deck NAME ...]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT))

from opening_hand.cards import CardInfo  # noqa: E402
from opening_hand.trainer.goldfish import TURNS, Table  # noqa: E402
from opening_hand.trainer.odds import LONDON, PARIS, VANCOUVER, OddsRule  # noqa: E402
from opening_hand.trainer.playkinds import Context  # noqa: E402
from opening_hand.trainer.verdict import judge  # noqa: E402
from tests.engine.decks import BASELINE, DECKS, ordinary_cheap  # noqa: E402
from tests.engine.real_decks import LISTS, real_decks  # noqa: E402

RULES: dict[str, OddsRule] = {"London": LONDON, "Vancouver": VANCOUVER, "Paris": PARIS}
EXAMPLES: list[str] = []  # the last run's hands against the baseline or close, with their cards


def run(
    name: str,
    deck: Sequence[CardInfo],
    hands: int,
    seed: int,
    *,
    turns: int = TURNS,
    free: bool = False,
    context: Context | None = None,
    rules: dict[str, OddsRule] = RULES,
) -> tuple[dict[str, int], list[str]]:
    """Counts: ``agree``, ``close``, ``against`` over every hand, and ``cheap_*`` over the hands
    the baseline applies to as stated (keeps only with ordinary cheap spells); and the misses."""
    table = Table.of(deck, context=context)
    ids = [table.kind_of(card) for card in deck]
    lands = [card for card, k in zip(deck, ids, strict=True) if table.kinds[k].land]
    spells = [card for card, k in zip(deck, ids, strict=True) if not table.kinds[k].land]
    counts = dict.fromkeys(("agree", "close", "against", "cheap_agree", "cheap_total"), 0)
    misses: list[str] = []
    EXAMPLES.clear()
    for rule_name, rule in rules.items():
        for skips in (True, False):
            rng = random.Random(f"{seed}/{name}/{rule_name}/{skips}")
            for size, expected in BASELINE.items():
                if size == 6 and rule is not LONDON:
                    continue
                for count, wanted in expected.items():
                    for _ in range(hands):
                        cards = rng.sample(lands, count) + rng.sample(spells, size - count)
                        hand = [table.kind_of(card) for card in cards]
                        library = list(ids)
                        for k in hand:
                            library.remove(k)
                        taken = 7 - size + (1 if free and size < 7 else 0)  # a free mulligan keeps seven
                        judged = judge(table, tuple(sorted(hand)), library, rule=rule, free=free, skips=skips,
                                       taken=taken, seed=f"{seed}/{sum(counts.values())}", turns=turns)  # fmt: skip
                        found = judged.verdict
                        key = "agree" if found == wanted else "close" if found is None else "against"
                        counts[key] += 1
                        if wanted == "mulligan" or ordinary_cheap([c for c in cards if c in spells]):
                            counts["cheap_total"] += 1
                            counts["cheap_agree"] += found == wanted
                        if found != wanted:
                            side = "play" if skips else "draw"
                            misses.append(f"{rule_name} {side} {size}:{count} -> {found or 'close'}")
                            names = ", ".join(sorted(c.name.split(" // ")[0] for c in cards))
                            EXAMPLES.append(f"{misses[-1]} ({judged.difference or 0:+.2f}): {names}")
    return counts, misses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20, help="hands per land count (default 20)")
    parser.add_argument("--deck", action="append", choices=sorted([*DECKS, *LISTS]), help="only these decks")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=0, help="hands to show of those close or against")
    args = parser.parse_args()
    real = real_decks()
    for name in args.deck or [*DECKS, *LISTS]:
        started = time.perf_counter()
        if name in DECKS:
            counts, misses = run(name, DECKS[name], args.hands, args.seed)
        else:  # a real deck, under today's rule (London), its format's horizon and free mulligan
            deck = real[name]
            counts, misses = run(name, deck.cards, args.hands, args.seed, turns=deck.turns, free=deck.free,
                                 context=deck.context, rules={"London": LONDON})  # fmt: skip
        total = counts["agree"] + counts["close"] + counts["against"]
        print(f"{name}: {counts['agree']}/{total} agree with the baseline, {counts['close']} close, "
              f"{counts['against']} against; with ordinary cheap spells for the keeps, "
              f"{counts['cheap_agree']}/{counts['cheap_total']} ({time.perf_counter() - started:.0f} s)")  # fmt: skip
        tally: dict[str, int] = {}
        for miss in misses:
            tally[miss] = tally.get(miss, 0) + 1
        for miss, n in sorted(tally.items(), key=lambda item: -item[1])[:12]:
            print(f"    {n:3d} × {miss}")
        for example in EXAMPLES[: args.examples]:
            print(f"      {example}")


if __name__ == "__main__":
    main()
