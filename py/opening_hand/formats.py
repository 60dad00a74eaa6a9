"""Game formats as data: a registry the page builds its menus from.

A format says how many seats play, the starting life total and hand size, the deck
rules, how many first mulligans are free and who skips the first draw.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import RulesError


@dataclass(frozen=True, slots=True)
class Format:
    key: str
    name: str
    min_players: int
    max_players: int
    starting_life: int = 20  # CR 103.3
    starting_hand_size: int = 7  # CR 103.4
    deck_minimum: int = 60  # CR 100.2a
    max_copies: int | None = 4  # CR 100.2a (basic lands exempt); None = no limit
    free_mulligans: int = 0  # CR 103.4c
    aliases: tuple[str, ...] = ()

    def first_draw_skippers(self, starting_player: int, seats: tuple[int, ...]) -> tuple[int, ...]:
        """CR 103.7a: in a two-player game the starting player skips the draw step of
        their first turn; CR 103.7c: in other multiplayer games no one does."""
        return (starting_player,) if len(seats) == 2 else ()

    def free_mulligans_for(self, seats: int) -> int:
        """CR 103.4c: in a multiplayer game the first mulligan is free."""
        return max(self.free_mulligans, 1 if seats > 2 else 0)


FORMATS: dict[str, Format] = {
    f.key: f
    for f in (
        Format(
            key="constructed",
            name="Two-player constructed",
            min_players=2,
            max_players=2,
            aliases=("two-player", "1v1", "standard", "modern"),
        ),
    )
}


def find_format(name: str) -> Format:
    """The format with this key or alias, case-insensitively.

    >>> find_format("1v1").key
    'constructed'
    """
    wanted = name.strip().lower()
    for fmt in FORMATS.values():
        if wanted == fmt.key or wanted in fmt.aliases:
            return fmt
    known = ", ".join(sorted(FORMATS))
    raise RulesError(f"unknown format {name!r}; known formats: {known}")
