"""Match play (CR 103.1): who chooses the starting player in each game of a match.

The first game uses a random method (the game's seeded coin flip or die roll). After
that, the loser of the previous game chooses; if the previous game was a draw, the
player who made the choice in that game chooses again.

>>> m = Match(seats=2)
>>> m.next_chooser(seed=1)
(None, '')
>>> m = m.record(chooser=1, results={1: "win", 2: "loss"})
>>> m.next_chooser(seed=1)
(2, 'Seat 2 lost the previous game (CR 103.1).')
>>> m.record(chooser=2, results={1: "draw", 2: "draw"}).next_chooser(seed=1)
(2, 'the previous game was a draw; Seat 2 made the choice in that game and chooses again (CR 103.1).')
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from opening_hand.errors import RulesError

Outcome = Literal["win", "loss", "draw"]


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a match: its number, who chose the starting player, and each seat's result."""

    number: int
    chooser: int
    results: tuple[tuple[int, Outcome], ...]  # (seat, outcome), every seat

    @property
    def is_draw(self) -> bool:
        return all(outcome == "draw" for _, outcome in self.results)

    @property
    def losers(self) -> tuple[int, ...]:
        return tuple(seat for seat, outcome in self.results if outcome == "loss")


@dataclass(frozen=True, slots=True)
class Match:
    seats: int
    games: tuple[GameResult, ...] = ()

    def record(self, chooser: int, results: Mapping[int, Outcome]) -> Match:
        """The match with one more finished game. Every seat needs a result: a game is a
        draw for everyone, or has at least one winner and one loser."""
        if sorted(results) != list(range(1, self.seats + 1)):
            raise RulesError(f"a result is needed for each of the {self.seats} seats")
        outcomes = set(results.values())
        if not outcomes <= {"win", "loss", "draw"}:
            raise RulesError("each result is win, loss or draw")
        if "draw" in outcomes and outcomes != {"draw"}:
            raise RulesError("a drawn game is a draw for every player")
        if outcomes != {"draw"} and not ("win" in outcomes and "loss" in outcomes):
            raise RulesError("a game that is not a draw has a winner and a loser")
        record = GameResult(len(self.games) + 1, chooser, tuple(sorted(results.items())))
        return Match(self.seats, self.games + (record,))

    def next_chooser(self, seed: int) -> tuple[int | None, str]:
        """The seat that chooses who takes the first turn in the next game, and why; ``None``
        for the first game (a random method decides)."""
        if not self.games:
            return None, ""
        last = self.games[-1]
        if last.is_draw:
            return last.chooser, (
                f"the previous game was a draw; Seat {last.chooser} made the choice in that game "
                "and chooses again (CR 103.1)."
            )
        losers = last.losers
        if len(losers) == 1:
            return losers[0], f"Seat {losers[0]} lost the previous game (CR 103.1)."
        pick = random.Random(f"opening-hand/{seed}/match-game-{last.number + 1}").choice(losers)
        names = ", ".join(f"Seat {s}" for s in losers)
        return pick, f"{names} lost the previous game; Seat {pick} was picked at random among them (CR 103.1)."

    def score(self) -> dict[int, tuple[int, int, int]]:
        """Wins, losses and draws per seat."""
        table = {seat: [0, 0, 0] for seat in range(1, self.seats + 1)}
        for game in self.games:
            for seat, outcome in game.results:
                table[seat][("win", "loss", "draw").index(outcome)] += 1
        return {seat: (w, lo, d) for seat, (w, lo, d) in table.items()}
