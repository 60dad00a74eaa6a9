"""Rules editions and house rules, as small strategy objects.

The game loop (``opening_hand.rules.game``) is one for every edition: each round, the players
the edition names declare in turn, then all who chose to mulligan do so at the same
time, until no one does. An edition only answers the questions where its text differs:

* which players declare in a round (all at once since ~2015; one after another in the
  2001 and 2008 Paris rules; team by team in the 2008 Two-Headed Giant procedure);
* how many cards a new hand has, and how many go to the bottom;
* whether a player may mulligan again (the zero-card rule, once-only, all-land/no-land);
* how many first mulligans are free; whether players scry after keeping (Vancouver);
* whether the decks are shuffled before the starting player is chosen;
* when a London player puts cards on the bottom: as CR 103.5 reads, as part of each
  mulligan (the player then declares again holding the smaller hand), or only on keeping,
  as MTGO and Arena do;
* whether each seven is dealt as Arena's best-of-one queues deal it (a public model of its
  hand smoothing, :mod:`.arena`);
* and the rule number each step cites in that edition's own text.

The current edition cites the Comprehensive Rules as published in 2025 (mulligan 103.5,
first turn 103.8). The text before it (the same game, numbered as from 2019 to 2023:
mulligan 103.4, first turn 103.7) is an edition of its own, ``london-2019``, kept for
comparison and for links made before the change (``share``).

**Later variants under older editions** (one policy, everywhere): a step follows the
edition's own text. A variant or card that text does not cover (because it came later:
companions, Commander, Brawl, Power Play, Serum Powder under 2001, Planechase...) follows
the current text for its own rules, and the log cites that explicitly ("current 103.2b").
The mulligan procedure itself, and the free multiplayer mulligan (2007 onward: 2008
101.4a), are always the edition's: a plain multiplayer game under 2001 has no free mulligan,
while any Brawl game has Brawl's own free first mulligan (current 103.5c).

>>> [EDITIONS[k].opening_hand_size(7, n) for k in ("london", "vancouver", "paris-2008") for n in (0, 1, 2)]
[7, 6, 5, 7, 6, 5, 7, 6, 5]
>>> EDITIONS["london"].cards_to_draw(7, 2), EDITIONS["vancouver"].cards_to_draw(7, 2)
(7, 5)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from opening_hand.errors import RulesError
from opening_hand.rules.arena import ARENA_2018, GAUSSIAN_2026, TIM_LEWIS_2024, Smoothing
from opening_hand.trainer.odds import (
    ARENA,
    ARENA_2018_ODDS,
    ARENA_GAUSSIAN,
    LONDON,
    LONDON_MTGO,
    LONDON_SET_ASIDE,
    PARIS,
    VANCOUVER,
    OddsRule,
)

if TYPE_CHECKING:
    from opening_hand.rules.formats import Format

Declarations = Literal["rounds", "sequential"]

# The current text, the Comprehensive Rules as published in 2025 (the numbers players look up
# today): every step of the game start and its rule number. The project's own index of these
# numbers, and of every other text's, is ``rule_index``.
CURRENT: dict[str, str] = {
    "header": "103",
    "chooser": "103.1",  # who chooses who takes the first turn
    "choose": "103.1",  # the choice itself
    "team-start": "103.1a",
    "archenemy-start": "103.1b",
    "power-play": "103.1c",
    "sideboard": "103.2a",
    "companion": "103.2b",
    "commander": "103.2c",
    "stickers": "103.2d",
    "conspiracy": "103.2e",
    "shuffle": "103.3",
    "supplementary": "103.3a",  # planar and scheme decks
    "life": "103.4",
    "life-2hg": "103.4a",
    "life-vanguard": "103.4b",
    "life-commander": "103.4c",
    "life-brawl": "103.4d",
    "life-archenemy": "103.4e",
    "draw": "103.5",
    "mulligan": "103.5",
    "bottom": "103.5",
    "hand-vanguard": "103.5a",
    "any-time": "103.5b",
    "free": "103.5c",  # the first mulligan in a multiplayer game
    "free-brawl": "103.5c",  # the first mulligan in any Brawl game
    "team-declare": "103.5d",
    "opening": "103.6",
    "battlefield": "103.6a",
    "reveal": "103.6b",
    "team-opening": "103.6c",
    "plane": "103.7",
    "first-turn": "103.8",
    "skip-two-player": "103.8a",
    "skip-2hg": "103.8b",
    "skip-none": "103.8c",
}
# Steps cited the same under every edition: practice turns after the game has begun follow
# rules outside 103 (CR 504.1: the draw step; CR 305.2: one land a turn).
FIXED: dict[str, str] = {"turn-draw": "CR 504.1", "turn-land": "CR 305.2"}
# The encyclopedia article (003): the source of the original rule, of the London mulligan
# as Wizards announced it (bottom when you keep) and of the Commander house rules.
ARTICLE = "Mulligan article: "
HOUSE = "House rule: "


def labelled(label: str, numbers: dict[str, str]) -> dict[str, str]:
    """An older text's numbers, each prefixed with the text's year ("2008 101.4")."""
    return {step: f"{label} {number}" for step, number in numbers.items()}


@dataclass(frozen=True)
class Edition:
    """The questions where editions differ. The defaults are the current rules."""

    key: str
    name: str
    year: str
    summary: str
    citations: dict[str, str] = field(default_factory=lambda: dict(CURRENT))
    declarations: Declarations = "rounds"
    team_rounds: bool = False  # 2008 101.4b: the starting team first, then the other team
    shuffle_before_choice: bool = False
    scry: bool = False
    house: bool = False
    bottom_when_kept: bool = False  # London as on MTGO and Arena: the bottom cards go on keeping
    smoothing: Smoothing | None = None  # Arena best-of-one: each seven is dealt by this model (arena.py)
    set_aside_hands: bool = False  # Commander house rule: rejected hands wait outside the library
    simultaneous_leylines: bool = False  # 2008 101.Ruling.1: chosen in turn order, put in together
    no_mulligan_reason: str = "the opening hand would be zero cards"
    odds: OddsRule | None = None  # the procedure the odds and the trainer play out (None: no figures)

    @property
    def menu_name(self) -> str:
        """The name in the page's Rules menus (index.html lists them, in the order of EDITIONS).

        >>> EDITIONS["vancouver"].menu_name, EDITIONS["paris-2008"].menu_name
        ('Vancouver mulligan (2015–2019)', 'Paris mulligan (2008 rulings)')
        """
        return self.name if self.year.lower() in self.name.lower() else f"{self.name} ({self.year})"

    def cite(self, step: str) -> str:
        """The citation for ``step`` in this edition's text; a step the text does not cover
        (a later variant or card) cites the current text, saying so.

        >>> EDITIONS["paris-2008"].cite("mulligan"), EDITIONS["paris-2008"].cite("companion")
        ('2008 101.4', 'current 103.2b')
        >>> EDITIONS["london"].cite("mulligan"), EDITIONS["london-2019"].cite("mulligan")
        ('103.5', '2019–23 103.4')
        """
        if step in FIXED:
            return FIXED[step]
        cited = self.citations.get(step)
        return cited if cited is not None else f"current {CURRENT[step]}"

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
        (Vancouver 103.4c, 2008 101.4a, including Two-Headed Giant, 101.4b); in any Brawl
        game it is free by Brawl's own rule (current 103.5c)."""
        return 1 if players > 2 or fmt.brawl else 0

    def free_step(self, fmt: Format, players: int) -> str:
        """The step whose rule makes a first mulligan free at this table."""
        return "free" if players > 2 else "free-brawl"

    def reveals_hand(self) -> bool:
        return False


@dataclass(frozen=True)
class London(Edition):
    """CR 103.5 (current text): draw a full new hand every time, then put on the bottom
    one card per mulligan taken; no further mulligan once the opening hand would be zero
    cards. The first mulligan is free in multiplayer and in any Brawl game (103.5c).

    As the text reads, the bottom cards are part of taking the mulligan ("draws a new hand
    ... then puts ... on the bottom"): the player declares again holding the smaller hand.
    With ``bottom_when_kept`` they go only when the player keeps, as MTGO and Arena do."""

    def cards_to_draw(self, hand_size: int, counted: int) -> int:
        return hand_size

    def cards_to_bottom(self, hand_size: int, counted: int) -> int:
        return min(counted, hand_size)


@dataclass(frozen=True)
class CommanderFreeMulligan(London):
    """House rule: the Commander "free" first mulligan also in two-player games."""

    def free_mulligans(self, fmt: Format, players: int) -> int:
        return 1

    def free_step(self, fmt: Format, players: int) -> str:
        if players > 2 or fmt.brawl:
            return super().free_step(fmt, players)  # the rules give it anyway (103.5c)
        return "free-house"


@dataclass(frozen=True)
class Paris2001(Edition):
    """2001 rulings P.1.7: one fewer card each time, down to zero; the player who goes
    first keeps before the next player decides. No multiplayer rule (the free multiplayer
    mulligan came in 2007), so only Brawl's own free mulligan applies."""

    def free_mulligans(self, fmt: Format, players: int) -> int:
        return 1 if fmt.brawl else 0

    def free_step(self, fmt: Format, players: int) -> str:
        return "free-brawl"


@dataclass(frozen=True)
class AllLandNoLand(Paris2001):
    """The original rule (1994): a player whose hand has zero or seven lands may reveal
    it, shuffle it back and draw a new seven; once per game (a free Brawl mulligan does not
    count toward that once); no other mulligan."""

    def cards_to_draw(self, hand_size: int, counted: int) -> int:
        return hand_size

    def may_mulligan(self, hand_size: int, counted: int, taken: int, cards: int, lands: int) -> bool:
        return counted == 0 and cards > 0 and lands in (0, cards)

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


# The text before the 2025 one (000): the same game, numbered as from 2019 to 2023, before rule
# 103.2 gathered the steps before shuffling (sticker sheets and supplementary decks came later).
EARLIER_LABEL = "2019–23"
EARLIER_CITATIONS = labelled(
    EARLIER_LABEL,
    {
        "header": "103",
        "chooser": "103.1",
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
        "bottom": "103.4",
        "hand-vanguard": "103.4a",
        "any-time": "103.4b",
        "free": "103.4c",
        "free-brawl": "103.4c",
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
    },
)
VANCOUVER_CITATIONS = labelled(
    "2017",
    {
        "header": "103",
        "shuffle": "103.1",
        "sideboard": "103.1a",
        "commander": "103.1b",
        "conspiracy": "103.1c",
        "chooser": "103.2",
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
    },
)
PARIS_2008_CITATIONS = labelled(
    "2008",
    {
        "header": "101",
        "shuffle": "101.1",
        "chooser": "101.2",
        "choose": "101.2",
        "life": "101.3",
        "draw": "101.3",
        "life-2hg": "101.3a",
        "mulligan": "101.4",
        "free": "101.4a",
        "team-declare": "101.4b",
        "opening": "101.5",
        "battlefield": "101.5",
        "leylines": "101.Ruling.1",
        "first-turn": "101.6",
        "skip-two-player": "101.6a",
        "skip-2hg": "101.6b",
        "skip-none": "101.6b",
    },
)
PARIS_2001_CITATIONS = labelled(
    "2001",
    {
        "header": "P.1",
        "shuffle": "P.1.1",
        "chooser": "P.1.5",  # who gets the choice
        "choose": "P.1.4",  # the play-or-draw choice
        "life": "P.1.6",
        "draw": "P.1.6",
        "mulligan": "P.1.7",
        "first-turn": "P.1.4",
        "skip-two-player": "P.1.4",
    },
)
# The original rule's only source is the article; for every other step the 1994 edition
# follows the oldest rules text there is, the 2001 rulings, and cites them as such.
ORIGINAL_CITATIONS = {
    **PARIS_2001_CITATIONS,
    "mulligan": ARTICLE + "Original mulligan",
}
LONDON_AS_ANNOUNCED = ARTICLE + "London mulligan"  # "When you are satisfied, put a card back on the bottom"
COMMANDER_HOUSE = HOUSE + "Commander mulligan"

ARENA_SUMMARY = (
    "Each seven — the opening hand and every mulligan's — is dealt as Arena's best-of-one queues deal it: "
    "{how}; the cards go to the bottom when you keep, as on Arena. A public model of Arena's behaviour ({who}), "
    "not Wizards' code."
)


def _arena(model: Smoothing, name: str, year: str, odds: OddsRule, who: str, how: str) -> Edition:
    return London(
        model.key,
        name,
        year,
        ARENA_SUMMARY.format(how=how, who=who),
        citations={**CURRENT, "bottom": LONDON_AS_ANNOUNCED, "smoothing": model.source},
        bottom_when_kept=True,
        smoothing=model,
        odds=odds,
    )


EDITIONS: dict[str, Edition] = {
    e.key: e
    for e in (
        London(
            "london",
            "London mulligan — current rules",
            "2025–",
            "Draw seven every time, then put one card on the bottom per mulligan and decide again with the "
            "smaller hand, as CR 103.5 reads. Declarations in turn order, mulligans at the same time. First "
            "mulligan free in multiplayer and Brawl (103.5c). Cited by the 2025 Comprehensive Rules.",
            odds=LONDON,
        ),
        London(
            "london-mtgo",
            "London mulligan — as on MTGO and Arena best-of-three (bottom when you keep)",
            "2019–",
            "Draw seven every time; only when you keep, put one card on the bottom per mulligan, as MTGO and "
            "Arena's best-of-three queues do and as Wizards announced the rule. Otherwise the current rules.",
            citations={**CURRENT, "bottom": LONDON_AS_ANNOUNCED},
            bottom_when_kept=True,
            odds=LONDON_MTGO,
        ),
        _arena(
            TIM_LEWIS_2024,
            "Arena best-of-one — hand smoothing, 3 candidates",
            "2024 model",
            ARENA,
            "Tim Lewis, December 2024, fitted to 17lands data",
            "three shuffles are dealt and one is kept, each with a chance of 4^−|l − 7L/N|^2.5 (l lands in its "
            "seven; L lands of the N cards in the deck)",
        ),
        _arena(
            ARENA_2018,
            "Arena best-of-one — hand smoothing as in 2018, 2 candidates",
            "2018",
            ARENA_2018_ODDS,
            "Tim Lewis, December 2024: the 2018 version",
            "two shuffles are dealt and one is kept, each with a chance of 4^−|l − 7L/N|^2.5",
        ),
        _arena(
            GAUSSIAN_2026,
            "Arena best-of-one — hand smoothing, Gaussian weights",
            "2026 model",
            ARENA_GAUSSIAN,
            "avenger.games, 2026, from 4,844 hands",
            "three shuffles are dealt and one is kept, each with a Gaussian weight, σ = 0.5626, around 7L/N lands",
        ),
        London(
            "london-2019",
            "London mulligan — earlier numbering",
            "2019–2023",
            "The same game as the current rules, cited by the text before the 2025 numbering: the mulligan is "
            "103.4, opening-hand actions 103.5, the first turn 103.7 (sticker sheets and supplementary decks came "
            "later: they cite the current text). Kept for comparison, and for links made before the change.",
            citations=EARLIER_CITATIONS,
            odds=LONDON,
        ),
        Edition(
            "vancouver",
            "Vancouver mulligan",
            "2015–2019",
            "Each mulligan draws one card fewer; simultaneous declarations; the first multiplayer mulligan keeps "
            "the same size (103.4c). After all keep, players below their starting hand size may scry 1.",
            citations=VANCOUVER_CITATIONS,
            shuffle_before_choice=True,
            scry=True,
            odds=VANCOUVER,
        ),
        Edition(
            "paris-2008",
            "Paris mulligan (2008 rulings)",
            "2008",
            "The starting player takes all their mulligans first, then each other player in turn order; one card "
            "fewer each time down to zero; the first multiplayer mulligan draws seven (101.4a); Two-Headed Giant "
            "teams mulligan together (101.4b); Leylines are chosen in turn order and put onto the battlefield "
            "together (101.Ruling.1).",
            citations=PARIS_2008_CITATIONS,
            declarations="sequential",
            team_rounds=True,
            shuffle_before_choice=True,
            simultaneous_leylines=True,
            odds=PARIS,
        ),
        Paris2001(
            "paris-2001",
            "Paris mulligan (2001 rulings)",
            "2001",
            "The player going first keeps before the next decides; one card fewer each time down to zero.",
            citations=PARIS_2001_CITATIONS,
            declarations="sequential",
            shuffle_before_choice=True,
            odds=PARIS,
        ),
        AllLandNoLand(
            "original",
            "Original all-land/no-land rule",
            "1994",
            "A hand with zero or seven lands may be revealed, shuffled back and replaced by a new seven; once per "
            "game; no other mulligan. The other steps follow the 2001 rulings, the oldest text there is.",
            citations=ORIGINAL_CITATIONS,
            declarations="sequential",
            shuffle_before_choice=True,
            no_mulligan_reason="only a hand of zero or seven lands may be replaced, once per game",
        ),
        CommanderFreeMulligan(
            "commander-free",
            "House rule: Commander free mulligan in two-player games",
            "house rule",
            "The London mulligan, with the first mulligan free even in two-player games.",
            citations={**CURRENT, "free-house": COMMANDER_HOUSE},
            house=True,
            odds=LONDON,
        ),
        CommanderFreeMulligan(
            "commander-free-mtgo",
            "House rule: Commander free mulligan, bottom when you keep",
            "house rule",
            "The London mulligan as on MTGO and Arena (bottom when you keep), with the first mulligan free even "
            "in two-player games.",
            citations={**CURRENT, "free-house": COMMANDER_HOUSE, "bottom": LONDON_AS_ANNOUNCED},
            house=True,
            bottom_when_kept=True,
            odds=LONDON_MTGO,
        ),
        CommanderFreeMulligan(
            "commander-set-aside",
            "House rule: Commander set-aside hands",
            "house rule",
            "The Commander rules committee's advice: the first mulligan free even in two-player games, and each "
            "rejected hand set aside instead of shuffled back, so the next hand is drawn without it; on keeping, "
            "the set-aside cards are shuffled into the library, then the bottom cards go.",
            citations={
                **CURRENT,
                "free-house": COMMANDER_HOUSE,
                "set-aside": COMMANDER_HOUSE,
                "bottom": LONDON_AS_ANNOUNCED,
            },
            house=True,
            bottom_when_kept=True,
            set_aside_hands=True,
            odds=LONDON_SET_ASIDE,
        ),
        PartialParis(
            "partial-paris",
            "House rule: Partial Paris",
            "house rule",
            "As often as you like, set aside any number of cards and draw that many minus one; on keeping, the "
            "set-aside cards are shuffled into the library.",
            citations={**CURRENT, "mulligan": HOUSE + "Partial Paris"},
            house=True,
        ),
        DrawTenShuffleThree(
            "draw-ten",
            "House rule: draw ten, choose three",
            "house rule",
            "Draw ten, choose three you don't want and shuffle them back. No mulligans.",
            citations={**CURRENT, "draw": HOUSE + "GSS Mull", "mulligan": HOUSE + "GSS Mull"},
            house=True,
            no_mulligan_reason="draw ten, choose three has no mulligans",
        ),
    )
}
# Links made before the bottom step followed the mulligan rule as it reads recorded London
# games with the bottom cards chosen on keeping: they open under the procedure they were
# played with.
LEGACY_KEYS = {"london": "london-mtgo", "commander-free": "commander-free-mtgo"}
# Links made before the current edition followed the 2025 text named, as "london", the text
# before it: they open under that text, so they replay the same game with the same log.
RENUMBERED_KEYS = {"london": "london-2019"}


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
