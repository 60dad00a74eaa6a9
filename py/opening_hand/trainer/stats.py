"""Practice statistics: one record per practised game start, summaries per deck, session
and play or draw, CSV export, and the versioned JSON kept in the browser's storage. (The
recent hands, what was seen and decided in each game start, are :mod:`.recent`.)

>>> r = PracticeRecord(deck="abc", session="s1", at=0, hands_seen=2, mulligans=1, kept_size=6, lands_kept=3,
...                    decide_ms=(1200, 800), on_play=True)
>>> s = summarize([r], deck="abc")
>>> (s.games, s.hands_seen, s.keeps_by_size, s.lands_kept, s.median_decide_ms)
(1, 2, {6: 1}, {3: 1}, 1000.0)
>>> summarize([r], deck="abc", on_play=False).games
0

Stored statistics, version 2: ``{"app": "opening-hand-stats", "version": 2, "games": [row, …]}``,
each row ``[deck, session, at, hands_seen, mulligans, kept_size, lands_kept, [decide_ms, …],
on_play]`` with ``on_play`` true, false or null (not known). Version 1 (rows without
``on_play``) still loads, its games counted in "all" only.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from opening_hand.errors import RulesError
from opening_hand.share.guarded import UntrustedInputError, read_json
from opening_hand.share.stored import Sifted, sift, sifted

STORAGE_KEY = "opening-hand/stats"
VERSION = 2
MAX_RECORDS = 5_000  # the oldest are dropped first
LAST_TIME = 8_640_000_000_000_000  # ms since 1970: the latest time a JavaScript Date holds (ECMA-262 21.4.1.1)
CSV_FIELDS = ("deck", "session", "at", "hands_seen", "mulligans", "kept_size", "lands_kept", "decide_ms", "play_draw")


class StatsError(RulesError):
    """Stored statistics (or recent hands) that cannot be read."""


@dataclass(frozen=True, slots=True)
class PracticeRecord:
    """One practised game start of seat 1 (a match's game result is :class:`.match.GameResult`)."""

    deck: str  # deck_key of the deck practised
    session: str  # one visit of the page
    at: int  # when, in ms since the epoch
    hands_seen: int
    mulligans: int
    kept_size: int
    lands_kept: int
    decide_ms: tuple[int, ...] = ()  # time taken for each Keep/Mulligan decision
    on_play: bool | None = None  # seat 1's team took the first turn; None: not known (version 1)


@dataclass(frozen=True, slots=True)
class Summary:
    games: int
    hands_seen: int
    keeps_by_size: dict[int, int]
    mulligans_per_game: float
    lands_kept: dict[int, int]  # lands in the kept hand -> games
    median_decide_ms: float | None

    @property
    def mean_lands_kept(self) -> float | None:
        return sum(n * g for n, g in self.lands_kept.items()) / self.games if self.games else None


def deck_key(cards: Iterable[str]) -> str:
    """A short key naming a deck by its cards (order and spelling of the list do not matter)."""
    joined = "\n".join(sorted(name.casefold() for name in cards))
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:12]


def summarize(
    records: Iterable[PracticeRecord], deck: str, session: str | None = None, on_play: bool | None = None
) -> Summary:
    """The summary for one deck, over one session or (``session=None``) all of them, and
    only the games on the play (``on_play=True``) or on the draw (False), or all (None)."""
    import statistics  # imported when the statistics are shown, not when the page loads

    games = [r for r in records if r.deck == deck and (session is None or r.session == session)
             and (on_play is None or r.on_play is on_play)]  # fmt: skip
    times = [t for r in games for t in r.decide_ms]
    return Summary(
        games=len(games),
        hands_seen=sum(r.hands_seen for r in games),
        keeps_by_size=dict(sorted(Counter(r.kept_size for r in games).items(), reverse=True)),
        mulligans_per_game=sum(r.mulligans for r in games) / len(games) if games else 0.0,
        lands_kept=dict(sorted(Counter(r.lands_kept for r in games).items())),
        median_decide_ms=float(statistics.median(times)) if times else None,
    )


def play_draw(value: bool | None) -> str:
    return "" if value is None else "play" if value else "draw"


FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def as_cell(value: object) -> str:
    """A value as a spreadsheet cell that is only ever text or a number: a cell that starts as
    a formula would (``=``, ``+``, ``-``, ``@``, a tab or a line break, or their full-width
    forms, after any spaces) gets a leading ``'``, which spreadsheets read as "this is text"
    (OWASP's advice on CSV injection); a line break becomes a space (unquoted, it ends the row).
    Stored statistics are untrusted: another page of the same origin may write them.

    >>> as_cell("=SUM(A1:A9)"), as_cell("-2+3"), as_cell("@cmd"), as_cell(12), as_cell("a1b2")
    ("'=SUM(A1:A9)", "'-2+3", "'@cmd", '12', 'a1b2')
    """
    text = " ".join(str(value).replace("\r", "\n").split("\n"))  # a line break would start a new row
    return "'" + text if text.lstrip(" ").startswith(FORMULA_START) else text


def to_csv(records: Iterable[PracticeRecord]) -> str:
    import csv  # imported on export, not when the page loads
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_FIELDS)
    for r in records:
        row = [r.deck, r.session, r.at, r.hands_seen, r.mulligans, r.kept_size, r.lands_kept,
               " ".join(str(t) for t in r.decide_ms), play_draw(r.on_play)]  # fmt: skip
        writer.writerow([as_cell(value) for value in row])
    return out.getvalue()


def add(records: list[PracticeRecord], record: PracticeRecord) -> list[PracticeRecord]:
    return [*records, record][-MAX_RECORDS:]


def dump_stats(records: Iterable[PracticeRecord]) -> str:
    rows = [[r.deck, r.session, r.at, r.hands_seen, r.mulligans, r.kept_size, r.lands_kept, list(r.decide_ms),
             r.on_play] for r in records]  # fmt: skip
    return json.dumps({"app": "opening-hand-stats", "version": VERSION, "games": rows}, separators=(",", ":"))


def _int(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**53:
        raise StatsError("a number in the saved statistics is not valid")
    return value


def read_stored(raw: str, app: str, what: str) -> dict[str, Any]:
    """Stored JSON of ``app`` (untrusted: read with the guarded reader), or StatsError."""
    try:
        data = read_json(raw, f"the saved {what}")
    except UntrustedInputError as error:
        raise StatsError(str(error)) from None
    if not isinstance(data, dict) or data.get("app") != app:
        raise StatsError(f"these are not Opening Hand {what}")
    return data


def _record(row: Any, version: int) -> PracticeRecord:
    """One stored game (a row of version 1 or 2); StatsError when it is not one."""
    if (
        not isinstance(row, list)
        or len(row) != (8 if version == 1 else 9)
        or not all(isinstance(v, str) for v in row[:2])
    ):
        raise StatsError("a game in the saved statistics is not valid")
    if not isinstance(row[7], list) or len(row[7]) > 100:
        raise StatsError("a game in the saved statistics is not valid")
    play = row[8] if version == 2 else None
    if play is not None and not isinstance(play, bool):
        raise StatsError("a game in the saved statistics is not valid")
    at, seen, mulligans, kept, lands = (_int(v) for v in row[2:7])
    if at > LAST_TIME:  # no date could show it ("Invalid Date")
        raise StatsError("a game in the saved statistics has a date no calendar has")
    times = tuple(_int(t) for t in row[7])
    return PracticeRecord(row[0][:40], row[1][:40], at, seen, mulligans, kept, lands, times, play)


def load_stats(raw: str | None) -> Sifted[list[PracticeRecord]]:
    """The records in stored statistics of version 2 or 1 (whose games' play or draw is not
    known), game by game: a game that cannot be read is left out and returned as stored
    (:mod:`opening_hand.share.stored`); StatsError when the statistics as a whole cannot be read."""
    if not raw:
        return Sifted([])
    data = read_stored(raw, "opening-hand-stats", "statistics")
    version = data.get("version")
    if version not in (1, 2) or isinstance(version, bool):
        raise StatsError(f"the saved statistics have an unknown format ({str(version)[:10]})")
    games = data.get("games")
    if not isinstance(games, list):
        raise StatsError("the saved statistics have no list of games")
    found = sift(games[-MAX_RECORDS:], lambda row, _: _record(row, version))
    return sifted(found.value, found, data, "games", dump_stats)
