"""Practice statistics: one record per practised game start, summaries per deck and
session, CSV export, and the versioned JSON kept in the browser's storage.

>>> r = GameRecord(deck="abc", session="s1", at=0, hands_seen=2, mulligans=1, kept_size=6, lands_kept=3,
...                decide_ms=(1200, 800))
>>> s = summarize([r], deck="abc")
>>> (s.games, s.hands_seen, s.keeps_by_size, s.lands_kept, s.median_decide_ms)
(1, 2, {6: 1}, {3: 1}, 1000.0)
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .errors import RulesError
from .guarded import UntrustedInputError, read_json

STORAGE_KEY = "opening-hand/stats"
VERSION = 1
MAX_RECORDS = 5_000  # the oldest are dropped first
CSV_FIELDS = ("deck", "session", "at", "hands_seen", "mulligans", "kept_size", "lands_kept", "decide_ms")


class StatsError(RulesError):
    """Stored statistics that cannot be read."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    deck: str  # deck_key of the deck practised
    session: str  # one visit of the page
    at: int  # when, in ms since the epoch
    hands_seen: int
    mulligans: int
    kept_size: int
    lands_kept: int
    decide_ms: tuple[int, ...] = ()  # time taken for each Keep/Mulligan decision


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    hands_seen: int
    keeps_by_size: dict[int, int]
    mulligans_per_game: float
    lands_kept: dict[int, int]  # lands in the kept hand -> games
    median_decide_ms: float | None


def deck_key(cards: Iterable[str]) -> str:
    """A short key naming a deck by its cards (order and spelling of the list do not matter)."""
    joined = "\n".join(sorted(name.casefold() for name in cards))
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:12]


def summarize(records: Iterable[GameRecord], deck: str, session: str | None = None) -> Summary:
    """The summary for one deck, over one session or (``session=None``) all of them."""
    import statistics  # imported when the statistics are shown, not when the page loads

    games = [r for r in records if r.deck == deck and (session is None or r.session == session)]
    times = [t for r in games for t in r.decide_ms]
    return Summary(
        games=len(games),
        hands_seen=sum(r.hands_seen for r in games),
        keeps_by_size=dict(sorted(Counter(r.kept_size for r in games).items(), reverse=True)),
        mulligans_per_game=sum(r.mulligans for r in games) / len(games) if games else 0.0,
        lands_kept=dict(sorted(Counter(r.lands_kept for r in games).items())),
        median_decide_ms=float(statistics.median(times)) if times else None,
    )


def to_csv(records: Iterable[GameRecord]) -> str:
    import csv  # imported on export, not when the page loads
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in records:
        writer.writerow([r.deck, r.session, r.at, r.hands_seen, r.mulligans, r.kept_size, r.lands_kept,
                         " ".join(str(t) for t in r.decide_ms)])  # fmt: skip
    return out.getvalue()


def add(records: list[GameRecord], record: GameRecord) -> list[GameRecord]:
    return [*records, record][-MAX_RECORDS:]


def dump_stats(records: Iterable[GameRecord]) -> str:
    rows = [[r.deck, r.session, r.at, r.hands_seen, r.mulligans, r.kept_size, r.lands_kept, list(r.decide_ms)]
            for r in records]  # fmt: skip
    return json.dumps({"app": "opening-hand-stats", "version": VERSION, "games": rows}, separators=(",", ":"))


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise StatsError("a number in the saved statistics is not valid")
    return value


def load_stats(raw: str | None) -> list[GameRecord]:
    if not raw:
        return []
    try:
        data = read_json(raw, "the saved statistics")
    except UntrustedInputError as error:
        raise StatsError(str(error)) from None
    if not isinstance(data, dict) or data.get("app") != "opening-hand-stats":
        raise StatsError("these are not Opening Hand statistics")
    if data.get("version") != VERSION:
        raise StatsError(f"the saved statistics have an unknown format ({str(data.get('version'))[:10]})")
    games = data.get("games")
    if not isinstance(games, list):
        raise StatsError("the saved statistics have no list of games")
    records = []
    for row in games[-MAX_RECORDS:]:
        if not isinstance(row, list) or len(row) != 8 or not all(isinstance(v, str) for v in row[:2]):
            raise StatsError("a game in the saved statistics is not valid")
        if not isinstance(row[7], list) or len(row[7]) > 100:
            raise StatsError("a game in the saved statistics is not valid")
        at, seen, mulligans, kept, lands = (_int(v) for v in row[2:7])
        times = tuple(_int(t) for t in row[7])
        records.append(GameRecord(row[0][:40], row[1][:40], at, seen, mulligans, kept, lands, times))
    return records
