"""The state of the start of a game (CR 103): the immutable seats, players and game state,
and what a state can say of itself (turn order; free mulligans; which decision it waits for,
``GameState.pending``, as :mod:`.decisions` works it out). ``opening_hand.rules.game`` turns one
state into the next (``apply``); the decisions a state waits for are in :mod:`.decisions`,
the actions that answer them in :mod:`.actions`.

Every value is a frozen dataclass, so a state never changes: undo, history and share links
come from keeping states and actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from opening_hand.cards import Card, CardPool, default_pool, normalise
from opening_hand.errors import IllegalActionError
from opening_hand.rules.decisions import Decision, pending_decision
from opening_hand.rules.editions import Edition
from opening_hand.rules.formats import Format

Phase = Literal["choose_starting_player", "setup", "backup_plan", "mulligans", "scry", "opening_actions", "first_turn"]

MAX_SEED = 2**53 - 1  # a seed must survive a round trip through JavaScript numbers
MAX_TURNS = 6  # practice draws ("goldfishing") go up to each player's sixth turn


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log. ``private`` is extra detail only ``seat`` may see
    (for instance which cards they put on the bottom)."""

    seq: int
    rule: str  # the citation, as the edition's text numbers it ("103.5", "2017 103.4", "current 103.2b")
    text: str
    seat: int | None = None
    private: str = ""
    step: str = ""  # the step of the game start it records ("mulligan"; editions.CURRENT lists them)


# ---------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class Vanguard:
    """A vanguard card: its name and its hand and life modifiers (CR 103.4b, 103.5a)."""

    name: str
    hand_modifier: int = 0
    life_modifier: int = 0


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """A seat at the table: a name and the cards they bring (card names).

    ``deck`` is the whole starting deck, commanders included; ``commanders`` names the
    cards of it that go to the command zone (CR 103.2c).
    """

    name: str
    deck: tuple[str, ...]
    sideboard: tuple[str, ...] = ()
    commanders: tuple[str, ...] = ()
    planar_deck: tuple[str, ...] = ()
    scheme_deck: tuple[str, ...] = ()
    vanguard: Vanguard | None = None
    lands: tuple[str, ...] = ()  # names the player marked as lands (cards the catalog does not know)
    sticker_sheets: tuple[str, ...] = ()  # CR 103.2d: the sheets the player brings (a "Stickers" section)


@dataclass(frozen=True, slots=True)
class PlayerState:
    seat: int
    name: str
    library: tuple[Card, ...]  # index 0 is the top card
    hand: tuple[Card, ...] = ()
    sideboard: tuple[Card, ...] = ()  # outside the game (CR 103.2a)
    companion: tuple[Card, ...] = ()  # revealed from outside the game, and still outside it (CR 103.2b)
    sticker_sheets: tuple[Card, ...] = ()  # the sheets brought, not (yet) chosen: outside the game
    stickers: tuple[Card, ...] = ()  # the sheets chosen, revealed; they stay revealed (CR 103.2d)
    command: tuple[Card, ...] = ()  # commanders, conspiracies, vanguard, the starting plane
    battlefield: tuple[Card, ...] = ()
    exile: tuple[Card, ...] = ()
    planar_deck: tuple[Card, ...] = ()
    scheme_deck: tuple[Card, ...] = ()
    revealed: tuple[int, ...] = ()  # ids of hand cards revealed (CR 103.6b)
    ever_revealed: tuple[int, ...] = ()  # each card may be revealed this way only once
    luck_counters: tuple[int, ...] = ()  # ids of permanents with a luck counter (Gemstone Caverns)
    backup_hands: tuple[tuple[int, ...], ...] = ()  # Backup Plan: the hands drawn
    life: int | None = None  # None in a game with team life totals
    hand_size: int = 7  # starting hand size (CR 103.5, 103.5a)
    mulligans: int = 0  # mulligans taken
    kept: bool = False
    to_bottom: int = 0  # cards still owed to the bottom after keeping
    to_shuffle: int = 0  # cards still owed back into the library (draw ten, choose three)
    set_aside: tuple[Card, ...] = ()  # Partial Paris: set aside until the hand is kept
    shuffles: int = 0  # how many times this player has shuffled (seeds the next shuffle)
    vanguard: Vanguard | None = None
    commanders: tuple[int, ...] = ()  # ids of the deck's commanders (CR 103.2c)
    marked_lands: frozenset[str] = frozenset()  # normalised names the player marked as lands
    # 2008 101.Ruling.1: cards chosen to begin on the battlefield, not yet revealed (card, card to exile)
    chosen_openers: tuple[tuple[int, int | None], ...] = ()
    bottomed: int = 0  # cards this player put on the bottom of their library since they last shuffled it
    # Practice turns taken after the game began: (card drawn or None, land played or None) per turn.
    turns: tuple[tuple[int | None, int | None], ...] = ()
    # The card data this player's cards are read with (``new_game`` gives every seat the game's);
    # not part of the game's position: two states that differ only in it are equal.
    pool: CardPool = field(default_factory=default_pool, compare=False, repr=False)

    def is_land(self, card: Card) -> bool:
        """Whether ``card`` is a land: by the card data, or because the player marked its name."""
        return self.pool.lookup(card.name).is_land or normalise(card.name) in self.marked_lands

    def lands_in_hand(self) -> int:
        return sum(1 for card in self.hand if self.is_land(card))

    def cards(self) -> tuple[Card, ...]:
        """Every card this player owns, in every zone."""
        return (
            self.library
            + self.hand
            + self.sideboard
            + self.companion
            + self.sticker_sheets
            + self.stickers
            + self.command
            + self.battlefield
            + self.exile
            + self.planar_deck
            + self.scheme_deck
            + self.set_aside
        )


@dataclass(frozen=True, slots=True)
class GameState:
    seed: int
    format: Format
    edition: Edition
    players: tuple[PlayerState, ...]
    chooser: int
    teams: tuple[tuple[int, ...], ...]  # one team per player unless teams play
    team_life: tuple[int | None, ...]
    shared_team_turns: bool = False
    archenemy: int | None = None
    phase: Phase = "choose_starting_player"
    starting_player: int | None = None
    queue: tuple[tuple[str, int], ...] = ()  # setup decisions still to ask: (kind, seat)
    declared: tuple[tuple[int, bool, tuple[int, ...]], ...] = ()  # this round: (seat, mulligan?, cards set aside)
    shuffled: bool = False  # the decks have become libraries (CR 103.3)
    chooser_note: str = ""  # how the chooser was determined, logged when the edition says
    free_mulligans: int = 0
    first_draw_skipped: tuple[int, ...] = ()
    starting_plane: int | None = None
    timestamps: tuple[int, ...] = ()  # cards that began on the battlefield, earliest timestamp first
    unordered: tuple[int, ...] = ()  # 2008 101.Ruling.1: put in together, timestamps not yet ordered
    events: tuple[Event, ...] = ()

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players)

    @property
    def pool(self) -> CardPool:
        """The card data the game reads its cards with (its players'; ``new_game`` gives them one)."""
        return self.players[0].pool if self.players else default_pool()

    def with_pool(self, pool: CardPool) -> GameState:
        """The same game read with other card data (the page's, once more of it has loaded)."""
        return replace(self, players=tuple(replace(p, pool=pool) for p in self.players))

    def player(self, seat: int) -> PlayerState:
        for p in self.players:
            if p.seat == seat:
                return p
        raise IllegalActionError(f"there is no seat {seat} at this table")

    def team_of(self, seat: int) -> int:
        """The 0-based index of ``seat``'s team."""
        for i, team in enumerate(self.teams):
            if seat in team:
                return i
        raise IllegalActionError(f"there is no seat {seat} at this table")

    @property
    def starting_team(self) -> tuple[int, ...]:
        if self.starting_player is None:
            return ()
        return self.teams[self.team_of(self.starting_player)] if self.shared_team_turns else (self.starting_player,)

    @property
    def will_skip_first_draw(self) -> tuple[int, ...] | None:
        """Who will skip the draw step of their first turn (CR 103.8a-c), known as soon as
        the starting player is (None before); ``first_draw_skipped`` once the game begins."""
        if self.starting_player is None:
            return None
        return self.format.first_draw_skippers(self.starting_team, len(self.players))[0]

    @property
    def turn_order(self) -> tuple[int, ...]:
        """CR 103.1: turn order begins with the starting player and proceeds clockwise.
        With shared team turns (103.5d, 103.6c) each team's players come together, the
        starting team first, then each other team in turn order."""
        if self.starting_player is None:
            return self.seats
        if self.shared_team_turns:
            first = self.team_of(self.starting_player)
            teams = self.teams[first:] + self.teams[:first]
            return tuple(seat for team in teams for seat in team)
        seats = self.seats
        i = seats.index(self.starting_player)
        return seats[i:] + seats[:i]

    def counted_mulligans(self, player: PlayerState) -> int:
        """CR 103.5c: free mulligans don't count toward cards to bottom or the limit."""
        return max(0, player.mulligans - self.free_mulligans)

    def owed_on_keeping(self, player: PlayerState, counted: int) -> int:
        """Cards a player keeping now puts on the bottom: none as CR 103.5 reads (they went
        with each mulligan); one per counted mulligan where they go on keeping (MTGO)."""
        if not self.edition.bottom_when_kept:
            return 0
        return min(self.edition.cards_to_bottom(player.hand_size, counted), len(player.hand))

    @property
    def free_rule(self) -> str:
        """The citation that makes a first mulligan free at this table (CR 103.5c)."""
        return self.edition.cite(self.edition.free_step(self.format, len(self.players)))

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or ``None`` once the first turn has begun
        (:func:`.decisions.pending_decision`)."""
        return pending_decision(self)
