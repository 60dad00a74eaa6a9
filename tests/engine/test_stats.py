"""Practice statistics: summaries, CSV, storage round trips and bad stored data."""

from __future__ import annotations

import contextlib
import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from opening_hand.stats import (
    MAX_RECORDS,
    GameRecord,
    StatsError,
    add,
    deck_key,
    dump_stats,
    load_stats,
    summarize,
    to_csv,
)

A, B = deck_key(["Mountain", "Lightning Bolt"]), deck_key(["Island"])


def record(deck: str = A, session: str = "s1", mulligans: int = 0, kept: int = 7, lands: int = 3,
           times: tuple[int, ...] = (900,)) -> GameRecord:  # fmt: skip
    return GameRecord(deck, session, 1_700_000_000_000, mulligans + 1, mulligans, kept, lands, times)


def test_deck_key_ignores_order_and_case() -> None:
    assert deck_key(["lightning bolt", "MOUNTAIN"]) == A != B


def test_summary_per_deck_and_session() -> None:
    records = [record(), record(mulligans=1, kept=6, lands=2, times=(3000, 1000)), record(session="s2"), record(B)]
    this = summarize(records, A, "s1")
    assert (this.games, this.hands_seen, this.keeps_by_size, this.lands_kept) == (2, 3, {7: 1, 6: 1}, {2: 1, 3: 1})
    assert this.mulligans_per_game == 0.5 and this.median_decide_ms == 1000.0
    assert summarize(records, A).games == 3 and summarize(records, "none").median_decide_ms is None


def test_csv_export_has_one_row_per_game() -> None:
    rows = list(csv.reader(io.StringIO(to_csv([record(), record(B, times=(1, 2))]))))
    assert rows[0][:3] == ["deck", "session", "at"] and len(rows) == 3 and rows[2][-1] == "1 2"


def test_storage_round_trip_and_the_cap() -> None:
    records = [record(), record(B, mulligans=2, kept=5, lands=1, times=())]
    assert load_stats(dump_stats(records)) == records
    assert len(add([record()] * MAX_RECORDS, record(B))) == MAX_RECORDS


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("{", "not valid JSON"),
        ('{"app": "x"}', "not Opening Hand statistics"),
        ('{"app": "opening-hand-stats", "version": 2, "games": []}', "unknown format"),
        ('{"app": "opening-hand-stats", "version": 1, "games": [[1]]}', "not valid"),
        ('{"app": "opening-hand-stats", "version": 1, "games": [["a", "b", -1, 1, 0, 7, 3, []]]}', "not valid"),
    ],
)
def test_bad_stored_statistics_are_reported(raw: str, message: str) -> None:
    with pytest.raises(StatsError, match=message):
        load_stats(raw)


@given(st.text(max_size=200))
def test_any_stored_text_gives_records_or_the_typed_error(raw: str) -> None:
    with contextlib.suppress(StatsError):
        assert isinstance(load_stats(raw), list)
