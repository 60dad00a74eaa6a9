"""Scryfall's rate limits as the page keeps them (page.services.pacing), on a clock of the
test's own: /cards/collection 2 a second, 10 a second in all, 30 s of quiet after a 429 (or
its Retry-After when longer)."""

from __future__ import annotations

import asyncio
import doctest
from concurrent.futures import ThreadPoolExecutor
from itertools import pairwise

import pytest

from page.services import pacing
from page.services.pacing import ANY_MS, ENDPOINT_MS, QUIET_MS, Pacer


def test_docstring_examples() -> None:
    result = doctest.testmod(pacing)
    assert result.attempted >= 2 and result.failed == 0


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def run_requests(pacer: Pacer, clock: Clock, endpoints: list[str]) -> list[float]:
    """Send one request per endpoint, each as soon as the pacer allows; the times they left."""

    async def sleep(seconds: float) -> None:
        clock.now += seconds * 1000

    async def all_of_them() -> list[float]:
        sent = []
        for endpoint in endpoints:
            await pacer.turn(endpoint)
            sent.append(clock.now)
        return sent

    real = asyncio.sleep
    asyncio.sleep = sleep  # type: ignore[assignment]
    try:
        # A thread of its own: in the full suite pytest-playwright's sync API keeps an event loop
        # running in this thread, and asyncio.run refuses to start a second one there.
        with ThreadPoolExecutor(max_workers=1) as pool:
            return pool.submit(asyncio.run, all_of_them()).result()
    finally:
        asyncio.sleep = real


def test_collection_requests_leave_at_least_500_ms_apart_and_any_two_100_ms() -> None:
    clock = Clock()
    pacer = Pacer(clock)
    sent = run_requests(pacer, clock, ["/cards/collection"] * 4 + ["/sets", "/sets", "/cards/collection"])
    gaps = [b - a for a, b in pairwise(sent)]
    assert all(gap >= 500 for gap in gaps[:3]) and ENDPOINT_MS["/cards/collection"] >= 500
    assert all(gap >= 100 for gap in gaps) and ANY_MS >= 100
    assert sent[-1] - sent[3] >= 500, "the collection's own spacing holds across other requests"
    assert len(pacer.sent) == 7


@pytest.mark.parametrize(("retry_after", "quiet"), [(None, 30), ("30", 30), ("5", 30), ("90", 90), ("x", 30)])
def test_after_a_429_nothing_leaves_for_30_s_or_for_its_retry_after(retry_after: str | None, quiet: int) -> None:
    clock = Clock()
    pacer = Pacer(clock)
    run_requests(pacer, clock, ["/cards/collection"])
    clock.now += 200  # the answer: 429
    assert pacer.too_many(retry_after) == quiet * 1000 >= QUIET_MS
    clock.now += 1000  # a new name a second later
    assert pacer.quiet_ms() == quiet * 1000 - 1000
    (sent,) = run_requests(pacer, clock, ["/cards/collection"])
    assert sent >= 200 + quiet * 1000


def test_a_retry_after_beyond_an_hour_is_an_hour() -> None:
    clock = Clock()
    assert Pacer(clock).too_many("99999999") == 3_600_000
