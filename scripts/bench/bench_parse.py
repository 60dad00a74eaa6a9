#!/usr/bin/env python3
"""Decklist parsing benchmark (a script that prints figures, not a test; CPython, no browser).

For each family of hostile lines (long runs of spaces or tabs between words, "(" or "["
repeated, foil markers or Archidekt labels repeated, slashes, colons and digits, a header
followed by spaces, number words before combining marks), prints:
* the time to parse a text of 2,000 such lines (MAX_LINES), each exactly as long as a line
  may be (MAX_LINE_CHARS: every pattern runs on it);
* the worst time for a single such line of 500, 1,000, 10,000 or 100,000 characters (the
  longer ones are reported as too long before any pattern reads them), and its length;
and the time to parse the 60-card and 100-card sample lists; then the guarded JSON reader
(``opening_hand.share.guarded``) on what links, storage and imports may hold: input nested
100,000 deep (refused before parsing), a library of 500 decks near the 5 MB storage limit,
the statistics at their 5,000 records, and the largest share link. Each figure is the
median of 5 rounds.

Target: the worst 2,000-line hostile text parses in <= 50 ms.
"""

from __future__ import annotations

import contextlib
import random
import statistics
import string
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "py")]
from opening_hand.cards.decklist import MAX_LINE_CHARS, MAX_LINES, MAX_NAME_LENGTH, parse_decklist  # noqa: E402
from opening_hand.cards.samples import SAMPLES  # noqa: E402
from opening_hand.errors import DecklistError  # noqa: E402
from opening_hand.share.guarded import UntrustedInputError, read_json  # noqa: E402
from opening_hand.share.library import Library, SavedDeck, dump_library, load_library  # noqa: E402
from opening_hand.share.share_link import Setup, decode_setup, encode_setup  # noqa: E402
from opening_hand.trainer.outlook import parse_cost  # noqa: E402
from opening_hand.trainer.stats import PracticeRecord, dump_stats, load_stats  # noqa: E402

TARGET_MS = 50.0
ROUNDS = 5
LENGTHS = (MAX_LINE_CHARS, 1_000, 10_000, 100_000)


def filled(head: str, piece: str, tail: str = "", most: int | None = None) -> Callable[[int], str]:
    """Lines of n characters (of at most ``most`` characters after ``head``): ``head``, then
    ``piece`` repeated, then ``tail``."""

    def line(n: int) -> str:
        room = n - len(head) - len(tail) if most is None else min(most, n - len(head) - len(tail))
        return head + (piece * (room // len(piece) + 1))[:room] + tail

    return line


FAMILIES: dict[str, Callable[[int], str]] = {
    "spaces between words": filled("4 Lightning", " ", "Bolt"),
    "tabs between words": filled("4 Lightning", "\t", "Bolt"),
    '"(" repeated': filled("4 Lightning Bolt ", "("),
    '"[" repeated': filled("4 Lightning Bolt ", "["),
    '" *F*" repeated': filled("4 Lightning Bolt", " *F*", " x"),
    '" ^a^" repeated': filled("4 Lightning Bolt", " ^a^", " x"),
    '"/" then spaces': filled("4 Fire/", " ", "Ice"),
    '" / " repeated': filled("4 Fire", " / ", "Ice"),
    '":" repeated': filled("Sideboard", ":", " x"),
    '":" then spaces': filled("Sideboard:", " ", "x"),
    "digits": filled("", "1", " Mountain"),
    '"(" then digits': filled("Ramp (", "1", " x"),
    "header, spaces, (12": filled("Creatures", " ", "(12"),
    "number word, accents": filled("four ", "é"),
    "number word, combining marks": filled("four ", "\u0f73"),
    "150-char name, combining marks": filled("1 ", "\u0301\u0316", most=MAX_NAME_LENGTH),
}


def parse_ms(text: str) -> float:
    """Median milliseconds to parse ``text`` (a list, or the error listing its bad lines)."""
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        with contextlib.suppress(DecklistError):
            parse_decklist(text)
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    print(f"Opening Hand decklist parsing benchmark (CPython {sys.version.split()[0]}, median of {ROUNDS} rounds)")
    print(f"  {'hostile lines':<32} {MAX_LINES:,} lines of {MAX_LINE_CHARS}   worst single line (its length)")
    worst_ms, worst_family = 0.0, ""
    for family, line in FAMILIES.items():
        text_ms = parse_ms("\n".join([line(MAX_LINE_CHARS)] * MAX_LINES))
        single_ms, length = max((parse_ms(line(n)), n) for n in LENGTHS)
        print(f"  {family:<32} {text_ms:10.1f} ms {single_ms:14.3f} ms ({length:,})")
        if text_ms > worst_ms:
            worst_ms, worst_family = text_ms, family
    for key, label in (("constructed", "60-card"), ("commander", "100-card")):
        text = SAMPLES[key]
        print(f"  normal {label} list ({len(text.splitlines())} lines)   {parse_ms(text):10.2f} ms")
    print(f"  worst hostile {MAX_LINES:,}-line text: {worst_ms:.1f} ms ({worst_family})   "
          f"target <= {TARGET_MS:.0f} ms  {'ok' if worst_ms <= TARGET_MS else 'MISSED'}")  # fmt: skip

    print("  guarded JSON readers")
    deep_ms = timed_ms(lambda: _refused("[" * 100_000))
    print(f"  {'100,000 nested brackets (refused)':<32} {deep_ms:10.1f} ms")
    library = Library(tuple(SavedDeck(f"Deck {i}", SAMPLES["commander"] * 5, "commander") for i in range(500)))
    stored = dump_library(library)
    print(
        f"  {f'library, 500 decks ({len(stored) / 1e6:.1f} MB)':<32} {timed_ms(lambda: load_library(stored)):10.1f} ms"
    )
    games = [PracticeRecord("d" + str(i % 40), "s", 1_700_000_000_000 + i, 2, 1, 6, 3, (800, 900)) for i in range(5000)]
    stats = dump_stats(games)
    print(f"  {'statistics, 5,000 games':<32} {timed_ms(lambda: load_stats(stats)):10.1f} ms")
    rng = random.Random(1)  # 1,000 cards of 150 random letters: nothing to compress
    names = "\n".join("1 " + "".join(rng.choice(string.ascii_letters) for _ in range(150)) for _ in range(1000))
    link = encode_setup(Setup(deck=names, format="constructed", players=2, edition="london", seed=1))
    print(f"  {f'largest link ({len(link):,} chars)':<32} {timed_ms(lambda: decode_setup(link)):10.1f} ms")
    quotes = '"' + '\\"' * 150_000  # a 425-character quiz link once compressed (issue 34: it froze the page)
    print(f"  {'150,000 escaped quotes':<32} {timed_ms(lambda: _refused(quotes)):10.1f} ms")
    nested = "<cockatrice_carddeck>" + '<zone name="x">' * 60_000  # 65,000 nested zones took 6.7 s
    print(f"  {'a .cod of 60,000 nested zones':<32} {parse_ms(nested):10.1f} ms")
    print(f"  {'a cost of 24 hybrid {2/W} pips':<32} {timed_ms(lambda: parse_cost('{2/W}' * 24)):10.1f} ms")


def _refused(text: str) -> None:
    with contextlib.suppress(UntrustedInputError):
        read_json(text, "the test")


def timed_ms(work: Callable[[], object]) -> float:
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        work()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


if __name__ == "__main__":
    main()
