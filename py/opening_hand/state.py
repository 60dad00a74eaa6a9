"""The values of the start of a game (CR 103): immutable states, the decisions a state
waits for and the actions that answer them. ``opening_hand.game`` turns one state into the
next (``apply``); this module only holds the values and what a state can say of itself (who
decides what next: ``GameState.pending``; turn order; free mulligans).

Every value is a frozen dataclass, so a state never changes: undo, history and share links
come from keeping states and actions.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from .cards import Card, CardPool, default_pool, normalise
from .editions import Edition, PartialParis
from .errors import IllegalActionError
from .formats import Format
from .special import (
    GEMSTONE_CAVERNS,
    SERUM_POWDER,
    begins_on_battlefield,
    companion_verdict,
    is_companion,
    is_named,
    revealed_from_opening_hand,
)

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


# ------------------------------------------------------------------------ decisions


@dataclass(frozen=True, slots=True)
class ChooseStartingPlayer:
    """CR 103.1: ``player`` chooses who takes the first turn (play or draw). In a game
    with shared team turns the options are one seat per team: that team starts (103.1a)."""

    player: int
    options: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CompanionOption:
    card_id: int
    name: str
    met: bool | None  # None: the catalog cannot tell
    reason: str


@dataclass(frozen=True, slots=True)
class ChooseCompanion:
    """CR 103.2b: ``player`` may reveal one card with companion ability from outside the game."""

    player: int
    options: tuple[CompanionOption, ...]


@dataclass(frozen=True, slots=True)
class ChooseStickerSheets:
    """CR 103.2d: in a limited game ``player`` chooses up to ``most`` (three) of their sticker
    sheets, ``options`` (card ids), and reveals them."""

    player: int
    options: tuple[int, ...]
    most: int = 3


@dataclass(frozen=True, slots=True)
class ChooseConspiracies:
    """CR 103.2e: ``player`` puts any number of conspiracies from the sideboard into the command zone."""

    player: int
    options: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChooseBackupHand:
    """Backup Plan: ``player`` keeps one of ``hands`` hands and shuffles the others away."""

    player: int
    hands: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class DeclareMulligan:
    """CR 103.5: ``player`` declares whether they take a mulligan. ``serum_powders`` are
    cards they may use first, any time they could mulligan (103.5b)."""

    player: int
    mulligans_taken: int
    hand_size: int
    cards_to_bottom_if_kept: int
    hand_size_after_mulligan: int
    serum_powders: tuple[int, ...] = ()
    set_aside: bool = False  # Partial Paris: a mulligan names the cards to set aside


@dataclass(frozen=True, slots=True)
class ChooseBottom:
    """CR 103.5: ``player`` puts ``count`` cards from their hand on the bottom of their
    library, in an order they choose."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class ChooseShuffleBack:
    """House rule (draw ten, choose three): ``player`` shuffles ``count`` cards back."""

    player: int
    count: int


@dataclass(frozen=True, slots=True)
class Scry:
    """Vancouver (2017 103.4): ``player``, below their starting hand size, looks at the top
    card of their library (``card_id``) and may put it on the bottom."""

    player: int
    card_id: int


@dataclass(frozen=True, slots=True)
class OpeningHandActions:
    """CR 103.6: ``player`` may take actions with cards in their opening hand, in any order."""

    player: int
    to_battlefield: tuple[int, ...]  # 103.6a (Leylines; Gemstone Caverns if not the starting player)
    to_reveal: tuple[int, ...]  # 103.6b (Chancellors not revealed yet)
    caverns: tuple[int, ...]  # Gemstone Caverns: also exiles a card from the hand


@dataclass(frozen=True, slots=True)
class ChooseOpeningPlayer:
    """CR 103.6c: with shared team turns, each player on the starting team may take
    opening-hand actions "in whatever order that team likes": ``player`` (the starting
    player, speaking for the team) chooses which of ``options`` acts next."""

    player: int
    options: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OrderTimestamps:
    """2008 101.Ruling.1: "The player who will be going first determines the timestamp
    order among Leylines that start the game in play." ``player`` chooses which of
    ``options`` (card ids) gets the next timestamp; the last one left gets the last."""

    player: int
    options: tuple[int, ...]


Decision = (
    ChooseStartingPlayer
    | ChooseCompanion
    | ChooseStickerSheets
    | ChooseConspiracies
    | ChooseBackupHand
    | DeclareMulligan
    | ChooseBottom
    | ChooseShuffleBack
    | Scry
    | OpeningHandActions
    | ChooseOpeningPlayer
    | OrderTimestamps
)

# -------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class ChooseStarting:
    player: int
    starting_player: int


@dataclass(frozen=True, slots=True)
class RevealCompanion:
    """Reveal ``card_id`` as companion, or ``None`` to reveal none."""

    player: int
    card_id: int | None


@dataclass(frozen=True, slots=True)
class ChooseStickers:
    """CR 103.2d: the sticker sheets (card ids) a player in a limited game chooses and reveals."""

    player: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PutConspiracies:
    player: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KeepBackupHand:
    player: int
    index: int


@dataclass(frozen=True, slots=True)
class Keep:
    player: int


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Take a mulligan. Under Partial Paris, ``card_ids`` are the cards to set aside."""

    player: int
    card_ids: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class UseSerumPowder:
    player: int
    card_id: int


@dataclass(frozen=True, slots=True)
class PutOnBottom:
    """Cards go to the bottom one at a time in the order given: the last id ends up as
    the bottom card of the library."""

    player: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ShuffleBack:
    player: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScryDecision:
    """Keep the looked-at card on top (``to_bottom=False``) or put it on the bottom."""

    player: int
    to_bottom: bool


@dataclass(frozen=True, slots=True)
class BeginOnBattlefield:
    """CR 103.6a. For Gemstone Caverns, ``exile_id`` is the card exiled from the hand."""

    player: int
    card_id: int
    exile_id: int | None = None


@dataclass(frozen=True, slots=True)
class RevealFromHand:
    """CR 103.6b."""

    player: int
    card_id: int


@dataclass(frozen=True, slots=True)
class FinishOpeningActions:
    player: int


@dataclass(frozen=True, slots=True)
class ActNext:
    """CR 103.6c: ``seat`` of the starting team takes opening-hand actions next."""

    player: int
    seat: int


@dataclass(frozen=True, slots=True)
class NextTimestamp:
    """2008 101.Ruling.1: ``card_id`` gets the next timestamp."""

    player: int
    card_id: int


@dataclass(frozen=True, slots=True)
class TakeTurn:
    """Practice after the game has begun ("goldfishing"): ``player`` takes their next turn
    alone. They draw for it (CR 504.1), except on a first turn whose draw step they skip
    (CR 103.8a, 103.8b), and play ``land`` from their hand as the turn's land (CR 305.2:
    one land a turn), or no land. Up to :data:`MAX_TURNS` turns."""

    player: int
    land: int | None = None


Action = (
    ChooseStarting
    | RevealCompanion
    | PutConspiracies
    | KeepBackupHand
    | Keep
    | Mulligan
    | UseSerumPowder
    | PutOnBottom
    | ShuffleBack
    | ScryDecision
    | BeginOnBattlefield
    | RevealFromHand
    | FinishOpeningActions
    | ActNext
    | NextTimestamp
    | TakeTurn
    | ChooseStickers
)

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
        """The decision the game waits for, or ``None`` once the first turn has begun."""
        if self.phase == "choose_starting_player":
            options = tuple(team[0] for team in self.teams) if self.shared_team_turns else self.seats
            return ChooseStartingPlayer(self.chooser, options)
        if self.phase in ("setup", "backup_plan", "scry", "opening_actions"):
            return self._queued_decision() if self.queue else None
        if self.phase != "mulligans":
            return None
        for seat in self.turn_order:
            p = self.player(seat)
            if p.to_bottom:  # CR 103.5: part of taking a mulligan (or of keeping, as on MTGO)
                return ChooseBottom(seat, p.to_bottom)
            if p.kept and p.to_shuffle:
                return ChooseShuffleBack(seat, p.to_shuffle)
        declaring = self._next_to_declare()
        if declaring is None:
            return None
        p = self.player(declaring)
        counted = self.counted_mulligans(p)
        after = self.edition.opening_hand_size(
            p.hand_size, self.counted_mulligans(replace(p, mulligans=p.mulligans + 1))
        )
        return DeclareMulligan(
            player=declaring,
            mulligans_taken=p.mulligans,
            hand_size=len(p.hand),
            cards_to_bottom_if_kept=self.owed_on_keeping(p, counted),
            hand_size_after_mulligan=after,
            serum_powders=tuple(c.id for c in p.hand if is_named(c.name, SERUM_POWDER)),
            set_aside=isinstance(self.edition, PartialParis),
        )

    def _queued_decision(self) -> Decision:
        kind, seat = self.queue[0]
        p = self.player(seat)
        if kind == "companion":
            deck = tuple(c.name for c in p.library)  # the starting deck: commanders are still in it
            options = []
            for card in p.sideboard:
                if is_companion(card.name):
                    verdict = companion_verdict(card.name, deck, self.format.deck_minimum, p.pool)
                    options.append(CompanionOption(card.id, card.name, verdict.met, verdict.reason))
            return ChooseCompanion(seat, tuple(options))
        if kind == "stickers":
            return ChooseStickerSheets(seat, tuple(c.id for c in p.sticker_sheets))
        if kind == "conspiracy":
            return ChooseConspiracies(
                seat, tuple(c.id for c in p.sideboard if p.pool.lookup(c.name).has_type("Conspiracy"))
            )
        if kind == "backup":
            return ChooseBackupHand(seat, p.backup_hands)
        if kind == "scry":
            return Scry(seat, p.library[0].id)
        if kind == "opening-order":
            assert self.starting_player is not None
            return ChooseOpeningPlayer(self.starting_player, tuple(s for k, s in self.queue if k == kind))
        if kind == "timestamps":
            return OrderTimestamps(seat, self.unordered)
        return OpeningHandActions(seat, *self._opening_options(p))

    def _opening_options(self, p: PlayerState) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
        chosen = {i for pair in p.chosen_openers for i in pair}
        leylines = tuple(c.id for c in p.hand if begins_on_battlefield(c.name) and c.id not in chosen)
        # Gemstone Caverns: "If Gemstone Caverns is in your opening hand and you're not the
        # starting player ..." (with shared team turns: not on the starting team).
        caverns = tuple(
            c.id
            for c in p.hand
            if is_named(c.name, GEMSTONE_CAVERNS) and p.seat not in self.starting_team and c.id not in chosen
        )
        reveal = tuple(c.id for c in p.hand if revealed_from_opening_hand(c.name) and c.id not in p.ever_revealed)
        return leylines + caverns, reveal, caverns

    def round_seats(self) -> tuple[int, ...]:
        """The players who declare in this round, in order. CR 103.5: every player still
        deciding, the starting player first (103.5d: by team). Paris (2001 P.1.7, 2008
        101.4): one player at a time; 2008 101.4b: one team at a time."""
        declared = {seat for seat, *_ in self.declared}
        active = [s for s in self.turn_order if not self.player(s).kept or s in declared]
        if self.edition.declarations == "rounds" or not active:
            return tuple(active)
        if self.edition.team_rounds and self.shared_team_turns:
            team = self.team_of(active[0])
            return tuple(s for s in active if self.team_of(s) == team)
        return (active[0],)

    def _next_to_declare(self) -> int | None:
        declared = {seat for seat, *_ in self.declared}
        for seat in self.round_seats():
            if not self.player(seat).kept and seat not in declared:
                return seat
        return None
