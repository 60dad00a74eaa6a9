"""The mulligan's values a verdict needs (``opening_hand.trainer.mulligan_value``): worked out after
the hand is on screen, in slices of at most :data:`SLICE_MS` so no task holds the page for
long, and kept per deck, rule and side (the most recent :data:`KEEP`).

When the values for one side of the table are in, the other side's follow, so the next hand
(on the play or on the draw) has its verdict at once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable
from pyscript import window

if TYPE_CHECKING:  # the trainer's modules load with its reading, after the hand is painted, not at Deal
    from opening_hand.trainer.goldfish import Table
    from opening_hand.trainer.mulligan_value import Ladder, LadderKey

SLICE_MS = 35.0  # work per slice (a long task is 50); the browser paints and takes clicks in between
KEEP = 12  # ladders kept (a long session must not grow without end)


class Ladders:
    def __init__(self, on_ready: Callable[[], None]) -> None:
        self.on_ready = on_ready  # a ladder is in: the verdict can be drawn
        self.done: dict[LadderKey, Ladder] = {}
        self.queue: list[tuple[Table, LadderKey]] = []
        self.steps: Iterator[Ladder | None] | None = None
        self.working: LadderKey | None = None
        self.timer: Any = None
        self.longest = 0.0  # ms: the longest single step of the current ladder
        self.started = 0.0  # performance.now() when the current ladder began (for `make bench`)
        self.timings: list[tuple[str, float]] = []  # (rule and side, ms) of each ladder worked out

    def want(self, table: Table, key: LadderKey) -> None:
        """Work ``key``'s ladder out (first), then the other side of the table's."""
        other = replace(key, skips=not key.skips)
        for wanted in (other, key):  # the asked one goes first
            if wanted in self.done or wanted == self.working:
                continue
            self.queue = [(t, k) for t, k in self.queue if k != wanted]
            self.queue.insert(0, (table, wanted))
        self.schedule()

    def schedule(self) -> None:
        if self.timer is None and (self.steps is not None or self.queue):
            self.timer = window.setTimeout(create_once_callable(self.step), 0)

    def step(self, *_args: object) -> None:
        """One slice: work on the current ladder for up to SLICE_MS, then yield to the page."""
        self.timer = None
        now = window.performance.now
        start = float(now())
        until = start + SLICE_MS
        # A step is not cut short, so none starts that the longest one of this ladder so far
        # would carry past the slice's end (a 100-card deck's steps run up to ~20 ms).
        while True:  # one step at least, however long: the ladder always moves on
            if self.steps is None:
                if not self.queue:
                    return
                table, key = self.queue.pop(0)
                from opening_hand.trainer.mulligan_value import ladder_steps

                self.steps, self.working, self.started = ladder_steps(table, key), key, start
                self.longest = 0.0  # a slow step of an earlier ladder (a pause, a busy tab) is forgotten
            result = next(self.steps, None)
            end = float(now())
            self.longest = max(self.longest, end - start)
            if result is not None:
                self.finish(result)
                break
            if end + self.longest >= until:
                break
            start = end
        self.schedule()

    def finish(self, result: Ladder) -> None:
        self.steps, self.working = None, None
        self.done[result.key] = result
        while len(self.done) > KEEP:
            del self.done[next(iter(self.done))]
        side = "play" if result.key.skips else "draw"
        self.timings.append((f"{result.key.rule.key}/{side}", float(window.performance.now()) - self.started))
        # For `make bench` (scripts/bench/bench_trainer.py): each ladder's time, in the order worked out.
        window.document.body.dataset.ladders = " ".join(f"{ms:.0f}" for _, ms in self.timings[-KEEP:])
        # The verdict's redraw in a task of its own, not on the end of a slice's.
        window.setTimeout(create_once_callable(lambda *_args: self.on_ready()), 0)
