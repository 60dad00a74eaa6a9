"""Game formats as data: a registry the page builds its menus from.

A format is a row of data (seats, life, deck rules, which CR 103 variant rules apply);
the few answers that depend on the table (life for a seat, free mulligans, who skips
the first draw) are small methods here, so the game loop itself stays one. Rules are named
by the engine's steps (``"life-brawl"``), which each edition cites by its own number
(``Edition.cite``); the comments give the current numbers (the 2025 text).
"""

from __future__ import annotations

from dataclasses import dataclass

from opening_hand.errors import RulesError


@dataclass(frozen=True, slots=True)
class Format:
    key: str
    name: str
    min_players: int = 2
    max_players: int = 2
    description: str = ""
    starting_life: int = 20  # CR 103.4
    life_rule: str = "life"  # the step that sets it (CR 103.4, 103.4a-e)
    multiplayer_life: int | None = None  # CR 103.4d: Brawl with three or more players
    team_size: int | None = None  # fixed teams (Two-Headed Giant: two teams of two)
    team_life: int | None = None  # CR 103.4a: one life total per team
    starting_hand_size: int = 7  # CR 103.5
    deck_minimum: int = 60  # CR 100.2a
    deck_exact: int | None = None  # Commander: exactly 100 (CR 903.5a)
    max_copies: int | None = 4  # CR 100.2a (basic lands exempt); 1 = singleton; None = no limit
    commander: bool = False  # CR 103.2c
    brawl: bool = False  # CR 103.5c: free first mulligan in any Brawl game
    archenemy: bool = False  # CR 103.1b, 103.4e
    vanguard: bool = False  # CR 103.4b, 103.5a
    planechase: bool = False  # CR 103.7
    conspiracy: bool = False  # CR 103.2e
    limited: bool = False  # CR 103.2d: sticker sheets are chosen by the player (else three at random)
    shared_team_turns: bool = False  # always on (Two-Headed Giant; Archenemy's team)
    aliases: tuple[str, ...] = ()

    @property
    def multiplayer(self) -> bool:
        return self.max_players > 2

    def life_for(self, players: int, archenemy: bool = False) -> tuple[int, str]:
        """A seat's starting life total and the step whose rule sets it."""
        if self.archenemy and archenemy:
            return 40, "life-archenemy"
        if self.multiplayer_life is not None and players > 2:
            return self.multiplayer_life, self.life_rule
        return self.starting_life, self.life_rule

    def first_draw_skippers(self, starting_team: tuple[int, ...], players: int) -> tuple[tuple[int, ...], str]:
        """Who skips the draw step of their first turn, and the step whose rule says so."""
        if players == 2:
            return starting_team, "skip-two-player"  # CR 103.8a: the player who plays first
        if self.team_size is not None and self.team_life is not None:
            return starting_team, "skip-2hg"  # CR 103.8b: Two-Headed Giant, the team who plays first
        return (), "skip-none"  # CR 103.8c


FORMATS: dict[str, Format] = {
    f.key: f
    for f in (
        Format(
            key="constructed",
            name="Two-player constructed",
            description="60+ card decks, at most four copies of a card except basic lands.",
            aliases=("two-player", "1v1", "standard", "modern"),
        ),
        Format(
            key="limited",
            name="Limited (sealed or draft)",
            description="40+ card decks, any number of copies.",
            deck_minimum=40,
            max_copies=None,
            limited=True,
            aliases=("sealed", "draft"),
        ),
        Format(
            key="multiplayer",
            name="Free-for-all multiplayer",
            min_players=3,
            max_players=8,
            description="3–8 players; the first mulligan is free (103.5c); no one skips the first draw (103.8c).",
            aliases=("ffa", "free-for-all"),
        ),
        Format(
            key="two-headed-giant",
            name="Two-Headed Giant",
            min_players=4,
            max_players=4,
            description="Two teams of two with shared turns; 30 life per team (103.4a).",
            team_size=2,
            team_life=30,
            life_rule="life-2hg",
            shared_team_turns=True,
            aliases=("2hg",),
        ),
        Format(
            key="commander",
            name="Commander",
            min_players=2,
            max_players=8,
            description="100-card singleton decks led by a commander in the command zone (103.2c); 40 life (103.4c).",
            starting_life=40,
            life_rule="life-commander",
            deck_minimum=100,
            deck_exact=100,
            max_copies=1,
            commander=True,
            aliases=("edh",),
        ),
        Format(
            key="brawl",
            name="Brawl",
            min_players=2,
            max_players=8,
            description="60-card singleton decks with a commander; 25 life, 30 multiplayer (103.4d); "
            "the first mulligan is free (103.5c).",
            starting_life=25,
            multiplayer_life=30,
            life_rule="life-brawl",
            deck_minimum=60,
            deck_exact=60,
            max_copies=1,
            commander=True,
            brawl=True,
        ),
        Format(
            key="archenemy",
            name="Archenemy",
            min_players=3,
            max_players=5,
            description="Seat 1 is the archenemy: takes the first turn (103.1b) with 40 life (103.4e) and a "
            "scheme deck; the others play as a team with shared turns.",
            archenemy=True,
            shared_team_turns=True,
        ),
        Format(
            key="vanguard",
            name="Vanguard",
            min_players=2,
            max_players=8,
            description="Each vanguard card modifies its player's starting life (103.4b) and hand size (103.5a).",
            vanguard=True,
        ),
        Format(
            key="planechase",
            name="Planechase",
            min_players=2,
            max_players=8,
            description="Each player brings a planar deck; the starting player turns over the starting plane (103.7).",
            planechase=True,
        ),
        Format(
            key="conspiracy",
            name="Conspiracy Draft",
            min_players=2,
            max_players=8,
            description="40+ card draft decks; conspiracies go from the sideboard to the command zone (103.2e).",
            deck_minimum=40,
            max_copies=None,
            limited=True,
            conspiracy=True,
        ),
    )
}


def find_format(name: str) -> Format:
    """The format with this key or alias, case-insensitively.

    >>> find_format("1v1").key, find_format("EDH").key, find_format("2HG").name
    ('constructed', 'commander', 'Two-Headed Giant')
    """
    wanted = name.strip().lower()
    for fmt in FORMATS.values():
        if wanted == fmt.key or wanted in fmt.aliases:
            return fmt
    known = ", ".join(sorted(FORMATS))
    raise RulesError(f"unknown format {name!r}; known formats: {known}")
