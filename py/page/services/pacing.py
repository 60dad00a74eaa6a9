"""Scryfall's documented rate limits, kept for every request the page sends to api.scryfall.com
(https://scryfall.com/docs/api/rate-limits): at most 10 requests a second in all (100 ms
apart), at most 2 a second to ``/cards/collection`` (500 ms apart), and after an HTTP 429 no
request at all for 30 seconds, or longer when the answer's ``Retry-After`` says so. Card
images come from cards.scryfall.io, which has no limit, and never go through here.

The clock is given (``window.performance.now`` in the page), so the rules are tested in
CPython with a clock of the test's own (tests/page/test_pacing.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

MARGIN_MS = 30.0  # kept beyond each limit: the browser starts a request a few ms after it is asked to
ANY_MS = 100.0 + MARGIN_MS  # between any two requests
ENDPOINT_MS = {
    path: 500.0 + MARGIN_MS for path in ("/cards/collection", "/cards/search", "/cards/named", "/cards/random")
}
QUIET_MS = 30_000.0  # after a 429
MAX_RETRY_AFTER_S = 3600  # a Retry-After beyond an hour is read as an hour


class Pacer:
    """When the next request to an endpoint may leave; the time of each request sent."""

    def __init__(self, now: Callable[[], float]) -> None:
        self.now = now  # milliseconds
        self.last_any = float("-inf")
        self.last: dict[str, float] = {}
        self.quiet_until = float("-inf")
        self.sent: list[tuple[float, str]] = []  # (when, endpoint), the most recent 100

    def wait_ms(self, endpoint: str) -> float:
        """How long until a request to ``endpoint`` may leave (0: now)."""
        now = self.now()
        spacing = ENDPOINT_MS.get(endpoint, ANY_MS)
        ready = max(self.quiet_until, self.last_any + ANY_MS, self.last.get(endpoint, float("-inf")) + spacing)
        return max(0.0, ready - now)

    def quiet_ms(self) -> float:
        """How long the quiet after a 429 still lasts (0: none)."""
        return max(0.0, self.quiet_until - self.now())

    def mark(self, endpoint: str) -> None:
        """A request to ``endpoint`` leaves now."""
        now = self.now()
        self.last_any = self.last[endpoint] = now
        self.sent = [*self.sent[-99:], (now, endpoint)]

    async def turn(self, endpoint: str) -> None:
        """Wait until a request to ``endpoint`` may leave, then count it as sent."""
        while (wait := self.wait_ms(endpoint)) > 0:
            await asyncio.sleep(wait / 1000)
        self.mark(endpoint)

    def too_many(self, retry_after: str | None) -> float:
        """An HTTP 429: quiet for 30 s, or for ``Retry-After`` seconds when longer; the quiet's length (ms).

        >>> clock = [1000.0]
        >>> pacer = Pacer(lambda: clock[0])
        >>> pacer.too_many("45"), pacer.too_many("5"), pacer.too_many("soon")
        (45000.0, 30000.0, 30000.0)
        >>> pacer.wait_ms("/cards/collection")
        45000.0
        """
        seconds = int(retry_after) if retry_after and retry_after.isascii() and retry_after.isdigit() else 0
        quiet = max(QUIET_MS, min(seconds, MAX_RETRY_AFTER_S) * 1000.0)
        self.quiet_until = max(self.quiet_until, self.now() + quiet)
        return quiet
