"""Rules editions and house rules, as small strategy objects.

The game loop (``opening_hand.game``) is one for every edition: each round, the players
the edition names declare in turn, then all who chose to mulligan do so at the same
time, until no one does. An edition only answers the questions where its text differs:

* which players declare in a round (all at once since ~2015; one after another in the
  2001 and 2008 Paris rules; team by team in the 2008 Two-Headed Giant procedure);
* how many cards a new hand has, and how many go to the bottom;
* whether a player may mulligan again (the zero-card rule, once-only, all-land/no-land);
* how many first mulligans are free; whether players scry after keeping (Vancouver);
* whether the decks are shuffled before the starting player is chosen;
* and the rule number each step cites in that edition's own text.

>>> [EDITIONS[k].opening_hand_size(7, n) for k in ("london", "vancouver", "paris-2008") for n in (0, 1, 2)]
[7, 6, 5, 7, 6, 5, 7, 6, 5]
>>> EDITIONS["london"].cards_to_draw(7, 2), EDITIONS["vancouver"].cards_to_draw(7, 2)
(7, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from .errors import RulesError

if TYPE_CHECKING:
    from .formats import Format

Declarations = Literal["rounds", "sequential"]

# The current text (000): every step of the game start and its rule number.
CURRENT: dict[str, str] = {
    "header": "103",
    "choose": "103.1",
    "team-start": "103.1a",
    "archenemy-start": "103.1b",
    "power-play": "103.1c",
    "shuffle": "103.2",
    "sideboard": "103.2a",
    "companion": "103.2b",
    "commander": "103.2c",
    "conspiracy": "103.2d",
    "life": "103.3",
    "life-2hg": "103.3a",
    "life-vanguard": "103.3b",
    "life-commander": "103.3c",
    "life-brawl": "103.3d",
    "life-archenemy": "103.3e",
    "draw": "103.4",
    "mulligan": "103.4",
    "hand-vanguard": "103.4a",
    "any-time": "103.4b",
    "free": "103.4c",
    "team-declare": "103.4d",
    "scry": "103.4",  # no scry in the current text; Vancouver's is in its 103.4
    "opening": "103.5",
    "battlefield": "103.5a",
    "reveal": "103.5b",
    "team-opening": "103.5c",
    "plane": "103.6",
    "first-turn": "103.7",
    "skip-two-player": "103.7a",
    "skip-2hg": "103.7b",
    "skip-none": "103.7c",
}


@dataclass(frozen=True)
class Edition:
    """The questions where editions differ. The defaults are the current rules."""

    key: str
    name: str
    year: str
    summary: str
    label: str = ""  # prefix of citations, e.g. "2008"; "" for the current text
    citations: dict[str, str] = field(default_factory=lambda: dict(CURRENT))
    declarations: Declarations = "rounds"
    team_rounds: bool = False  # 2008 101.4b: the starting team first, then the other team
    shuffle_before_choice: bool = False
    companion_rule: bool = True
    scry: bool = False
    house: bool = False
    no_mulligan_reason: str = "the opening hand would be zero cards"

    def cite(self, step: str) -> str:
        """The rule number for ``step`` in this edition's text; a step the text does not
        cover (a later variant) cites the current rule."""
        number = self.citations.get(step)
        if number is None:
            return CURRENT[step]
        return f"{self.label} {number}".strip()

    # --- hand sizes -------------------------------------------------------------

    def cards_to_draw(self, hand_size: int, counted: int) -> int:
        """The size of a new hand after ``counted`` mulligans that count."""
        return max(0, hand_size - counted)

    def cards_to_bottom(self, hand_size: int, counted: int) -> int:
        return 0

    def opening_hand_size(self, hand_size: int, counted: int) -> int:
        return max(0, self.cards_to_draw(hand_size, counted) - self.cards_to_bottom(hand_size, counted))

    def initial_draw(self, hand_size: int) -> int:
        return hand_size

    def may_mulligan(self, hand_size: int, counted: int, taken: int, cards: int, lands: int) -> bool:
        """Whether the player may mulligan again, holding ``cards`` cards of which ``lands`` are lands.

        Paris and Vancouver: one fewer card each time, until the hand is zero cards."""
        return self.opening_hand_size(hand_size, counted) > 0

    def free_mulligans(self, fmt: Format, players: int) -> int:
        """The first mulligan in a multiplayer game draws as many cards as before
        (Vancouver 103.4c, 2008 101.4a, including Two-Headed Giant, 101.4b)."""
        return 1 if players > 2 else 0

    def reveals_hand(self) -> bool:
        return False


@dataclass(frozen=True)
class London(Edition):
    """CR 103.4 (current text): draw a full new hand every time, then put on the bottom
    one card per mulligan taken; no further mulligan once the opening hand would be zero
    cards. The first mulligan is free in multiplayer and in any Brawl game (103.4c)."""

    def cards_to_draw(self, hand_size: int, counted: int) -> int:
        return hand_size

    def cards_to_bottom(self, hand_size: int, counted: int) -> int:
        return min(counted, hand_size)

    def free_mulligans(self, fmt: Format, players: int) -> int:
        return 1 if players > 2 or fmt.brawl else 0


@dataclass(frozen=True)
class CommanderFreeMulligan(London):
    """House rule: the Commander "free" first mulligan also in two-player games."""

    def free_mulligans(self, fmt: Format, players: int) -> int:
        return 1


@dataclass(frozen=True)
class Paris2001(Edition):
    """2001 rulings P.1.7: one fewer card each time, down to zero; the player who goes
    first keeps before the next player decides. No multiplayer rule."""

    def free_mulligans(self, fmt: Format, players: int) -> int:
        return 0


@dataclass(frozen=True)
class AllLandNoLand(Edition):
    """The original rule (1994): a player whose hand has zero or seven lands may reveal
    it, shuffle it back and draw a new seven; once per game; no other mulligan."""

    def cards_to_draw(self, hand_size: int, counted: int) -> int:
        return hand_size

    def may_mulligan(self, hand_size: int, counted: int, taken: int, cards: int, lands: int) -> bool:
        return taken == 0 and cards > 0 and lands in (0, cards)

    def free_mulligans(self, fmt: Format, players: int) -> int:
        return 0

    def reveals_hand(self) -> bool:
        return True


@dataclass(frozen=True)
class PartialParis(Edition):
    """House rule: as many times as you like, set aside any number of cards and draw that
    many minus one; on keeping, the set-aside cards are shuffled into the library."""

    def may_mulligan(self, hand_size: int, counted: int, taken: int, cards: int, lands: int) -> bool:
        return cards > 0

    def free_mulligans(self, fmt: Format, players: int) -> int:
        return 0


@dataclass(frozen=True)
class DrawTenShuffleThree(Edition):
    """House rule ("GSS"): draw ten, choose three you don't want and shuffle them back
    into the library. No mulligans."""

    extra: int = 3

    def initial_draw(self, hand_size: int) -> int:
        return hand_size + self.extra

    def may_mulligan(self, hand_size: int, counted: int, taken: int, cards: int, lands: int) -> bool:
        return False

    def free_mulligans(self, fmt: Format, players: int) -> int:
        return 0


VANCOUVER_CITATIONS = {
    "header": "103",
    "shuffle": "103.1",
    "sideboard": "103.1a",
    "commander": "103.1b",
    "conspiracy": "103.1c",
    "choose": "103.2",
    "team-start": "103.2a",
    "archenemy-start": "103.2b",
    "power-play": "103.2c",
    "life": "103.3",
    "life-2hg": "103.3a",
    "life-vanguard": "103.3b",
    "life-commander": "103.3c",
    "life-archenemy": "103.3d",
    "draw": "103.4",
    "mulligan": "103.4",
    "scry": "103.4",
    "hand-vanguard": "103.4a",
    "any-time": "103.4b",
    "free": "103.4c",
    "team-declare": "103.4d",
    "opening": "103.5",
    "battlefield": "103.5a",
    "reveal": "103.5b",
    "team-opening": "103.5c",
    "plane": "103.6",
    "first-turn": "103.7",
    "skip-two-player": "103.7a",
    "skip-2hg": "103.7b",
    "skip-none": "103.7c",
}
PARIS_2008_CITATIONS = {
    "header": "101",
    "shuffle": "101.1",
    "choose": "101.2",
    "life": "101.3",
    "draw": "101.3",
    "life-2hg": "101.3a",
    "mulligan": "101.4",
    "free": "101.4a",
    "team-declare": "101.4b",
    "opening": "101.5",
    "battlefield": "101.5",
    "first-turn": "101.6",
    "skip-two-player": "101.6a",
    "skip-2hg": "101.6b",
    "skip-none": "101.6b",
}
PARIS_2001_CITATIONS = {
    "header": "P.1",
    "shuffle": "P.1.1",
    "choose": "P.1.5",
    "life": "P.1.6",
    "draw": "P.1.6",
    "mulligan": "P.1.7",
    "first-turn": "P.1.4",
    "skip-two-player": "P.1.4",
}
ORIGINAL_CITATIONS = {**PARIS_2001_CITATIONS, "header": "Mulligan", "mulligan": "Mulligan: original (all land/no land)"}

EDITIONS: dict[str, Edition] = {
    e.key: e
    for e in (
        London(
            "london",
            "London mulligan — current rules",
            "2019–",
            "Draw seven every time; on keeping, put one card on the bottom per mulligan. Declarations in turn "
            "order, mulligans at the same time. First mulligan free in multiplayer and Brawl (103.4c).",
        ),
        Edition(
            "vancouver",
            "Vancouver mulligan",
            "2015–2019",
            "Each mulligan draws one card fewer; simultaneous declarations; the first multiplayer mulligan keeps "
            "the same size (103.4c). After all keep, players below their starting hand size may scry 1.",
            label="2017",
            citations=VANCOUVER_CITATIONS,
            shuffle_before_choice=True,
            companion_rule=False,
            scry=True,
        ),
        Edition(
            "paris-2008",
            "Paris mulligan (2008 rulings)",
            "2008",
            "The starting player takes all their mulligans first, then each other player in turn order; one card "
            "fewer each time down to zero; the first multiplayer mulligan draws seven (101.4a); Two-Headed Giant "
            "teams mulligan together (101.4b).",
            label="2008",
            citations=PARIS_2008_CITATIONS,
            declarations="sequential",
            team_rounds=True,
            shuffle_before_choice=True,
            companion_rule=False,
        ),
        Paris2001(
            "paris-2001",
            "Paris mulligan (2001 rulings)",
            "2001",
            "The player going first keeps before the next decides; one card fewer each time down to zero.",
            label="2001",
            citations=PARIS_2001_CITATIONS,
            declarations="sequential",
            shuffle_before_choice=True,
            companion_rule=False,
        ),
        AllLandNoLand(
            "original",
            "Original all-land/no-land rule",
            "1994",
            "A hand with zero or seven lands may be revealed, shuffled back and replaced by a new seven; once per "
            "game; no other mulligan.",
            label="1994",
            citations=ORIGINAL_CITATIONS,
            declarations="sequential",
            shuffle_before_choice=True,
            companion_rule=False,
            no_mulligan_reason="only a hand of zero or seven lands may be replaced, once per game",
        ),
        CommanderFreeMulligan(
            "commander-free",
            "House rule: Commander free mulligan in two-player games",
            "house rule",
            "The London mulligan, with the first mulligan free even in two-player games.",
            citations={**CURRENT, "free": "House rule (Commander free mulligan)"},
            house=True,
        ),
        PartialParis(
            "partial-paris",
            "House rule: Partial Paris",
            "house rule",
            "As often as you like, set aside any number of cards and draw that many minus one; on keeping, the "
            "set-aside cards are shuffled into the library.",
            citations={**CURRENT, "mulligan": "House rule (Partial Paris)"},
            house=True,
        ),
        DrawTenShuffleThree(
            "draw-ten",
            "House rule: draw ten, choose three",
            "house rule",
            "Draw ten, choose three you don't want and shuffle them back. No mulligans.",
            citations={**CURRENT, "draw": "House rule (draw ten)", "mulligan": "House rule (draw ten)"},
            house=True,
            no_mulligan_reason="draw ten, choose three has no mulligans",
        ),
    )
}


def find_edition(key: str) -> Edition:
    """The edition or house rule with this key.

    >>> find_edition("Vancouver").name
    'Vancouver mulligan'
    """
    try:
        return EDITIONS[key.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(EDITIONS))
        raise RulesError(f"unknown rules edition {key!r}; known: {known}") from None
