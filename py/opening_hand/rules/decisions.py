"""The decisions a game start waits for (CR 103), and which one it waits for now.

Each decision is a frozen dataclass naming the ``player`` who must decide; :data:`ANSWERS`
says which actions (:mod:`.actions`) answer it. :func:`pending_decision` is the one place
that says what the game waits for (``GameState.pending`` asks it); the game's loop
(``game.apply``) asks the same functions whether a step needs a decision before carrying
it out on its own: :func:`cards_owed`, :func:`next_to_declare` and :func:`may_mulligan`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from opening_hand.rules.actions import (
    ActNext,
    BeginOnBattlefield,
    ChooseStarting,
    ChooseStickers,
    FinishOpeningActions,
    Keep,
    KeepBackupHand,
    Mulligan,
    NextTimestamp,
    PutConspiracies,
    PutOnBottom,
    RevealCompanion,
    RevealFromHand,
    ScryDecision,
    ShuffleBack,
    UseSerumPowder,
)
from opening_hand.rules.editions import PartialParis
from opening_hand.rules.special import (
    GEMSTONE_CAVERNS,
    SERUM_POWDER,
    begins_on_battlefield,
    companion_verdict,
    is_companion,
    is_named,
    revealed_from_opening_hand,
)

if TYPE_CHECKING:
    from opening_hand.rules.state import GameState, PlayerState


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

ANSWERS: dict[type, type | tuple[type, ...]] = {
    ChooseStartingPlayer: ChooseStarting,
    ChooseCompanion: RevealCompanion,
    ChooseStickerSheets: ChooseStickers,
    ChooseConspiracies: PutConspiracies,
    ChooseBackupHand: KeepBackupHand,
    DeclareMulligan: (Keep, Mulligan, UseSerumPowder),
    ChooseBottom: PutOnBottom,
    ChooseShuffleBack: ShuffleBack,
    Scry: ScryDecision,
    OpeningHandActions: (BeginOnBattlefield, RevealFromHand, FinishOpeningActions),
    ChooseOpeningPlayer: ActNext,
    OrderTimestamps: NextTimestamp,
}

# ------------------------------------------------------------------ the next decision


def pending_decision(state: GameState) -> Decision | None:
    """The decision ``state`` waits for, or ``None`` once the first turn has begun
    (``GameState.pending``)."""
    if state.phase == "choose_starting_player":
        options = tuple(team[0] for team in state.teams) if state.shared_team_turns else state.seats
        return ChooseStartingPlayer(state.chooser, options)
    if state.phase in ("setup", "backup_plan", "scry", "opening_actions"):
        return queued_decision(state) if state.queue else None
    if state.phase != "mulligans":
        return None
    owed = cards_owed(state)
    if owed is not None:
        return owed
    declaring = next_to_declare(state)
    if declaring is None:
        return None
    p = state.player(declaring)
    counted = state.counted_mulligans(p)
    after = state.edition.opening_hand_size(p.hand_size, state.counted_mulligans(replace(p, mulligans=p.mulligans + 1)))
    return DeclareMulligan(
        player=declaring,
        mulligans_taken=p.mulligans,
        hand_size=len(p.hand),
        cards_to_bottom_if_kept=state.owed_on_keeping(p, counted),
        hand_size_after_mulligan=after,
        serum_powders=tuple(c.id for c in p.hand if is_named(c.name, SERUM_POWDER)),
        set_aside=isinstance(state.edition, PartialParis),
    )


def cards_owed(state: GameState) -> ChooseBottom | ChooseShuffleBack | None:
    """The first player in turn order who still owes cards from their hand, and how many:
    to the bottom, or back into the library (draw ten, choose three). No one declares a
    mulligan while cards are owed."""
    for seat in state.turn_order:
        p = state.player(seat)
        if p.to_bottom:  # CR 103.5: part of taking a mulligan (or of keeping, as on MTGO)
            return ChooseBottom(seat, p.to_bottom)
        if p.kept and p.to_shuffle:
            return ChooseShuffleBack(seat, p.to_shuffle)
    return None


def queued_decision(state: GameState) -> Decision:
    """The decision of the first step in ``state.queue`` (which must not be empty)."""
    kind, seat = state.queue[0]
    p = state.player(seat)
    if kind == "companion":
        deck = tuple(c.name for c in p.library)  # the starting deck: commanders are still in it
        options = []
        for card in p.sideboard:
            if is_companion(card.name):
                verdict = companion_verdict(card.name, deck, state.format.deck_minimum, p.pool)
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
        assert state.starting_player is not None
        return ChooseOpeningPlayer(state.starting_player, tuple(s for k, s in state.queue if k == kind))
    if kind == "timestamps":
        return OrderTimestamps(seat, state.unordered)
    return OpeningHandActions(seat, *opening_options(state, p))


def opening_options(state: GameState, p: PlayerState) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """CR 103.6: the cards of ``p``'s hand that may begin the game on the battlefield
    (103.6a), those that may be revealed (103.6b), and the Gemstone Caverns among the
    first: the fields of :class:`OpeningHandActions`. A player with none takes no turn at
    opening-hand actions."""
    chosen = {i for pair in p.chosen_openers for i in pair}
    leylines = tuple(c.id for c in p.hand if begins_on_battlefield(c.name) and c.id not in chosen)
    # Gemstone Caverns: "If Gemstone Caverns is in your opening hand and you're not the
    # starting player ..." (with shared team turns: not on the starting team).
    caverns = tuple(
        c.id
        for c in p.hand
        if is_named(c.name, GEMSTONE_CAVERNS) and p.seat not in state.starting_team and c.id not in chosen
    )
    reveal = tuple(c.id for c in p.hand if revealed_from_opening_hand(c.name) and c.id not in p.ever_revealed)
    return leylines + caverns, reveal, caverns


def round_seats(state: GameState) -> tuple[int, ...]:
    """The players who declare in this round, in order. CR 103.5: every player still
    deciding, the starting player first (103.5d: by team). Paris (2001 P.1.7, 2008
    101.4): one player at a time; 2008 101.4b: one team at a time."""
    declared = {seat for seat, *_ in state.declared}
    active = [s for s in state.turn_order if not state.player(s).kept or s in declared]
    if state.edition.declarations == "rounds" or not active:
        return tuple(active)
    if state.edition.team_rounds and state.shared_team_turns:
        team = state.team_of(active[0])
        return tuple(s for s in active if state.team_of(s) == team)
    return (active[0],)


def next_to_declare(state: GameState) -> int | None:
    """The player of this round (:func:`round_seats`) who declares next: keep or mulligan
    (CR 103.5); ``None`` once everyone of the round has declared."""
    declared = {seat for seat, *_ in state.declared}
    for seat in round_seats(state):
        if not state.player(seat).kept and seat not in declared:
            return seat
    return None


def may_mulligan(state: GameState, p: PlayerState) -> bool:
    """Whether ``p``, who declares next, may take a mulligan at all under the edition; if
    not, the game keeps the hand for them and no decision is asked."""
    return state.edition.may_mulligan(
        p.hand_size, state.counted_mulligans(p), p.mulligans, len(p.hand), p.lands_in_hand()
    )
