"""The start of a game (CR 103) as a pure, seeded state machine.

``new_game`` builds the first state; ``apply(state, action)`` returns the next state. A
state is an immutable value that says which decision it waits for (``state.pending``):
who must decide, and what. A wrong action raises an :class:`IllegalActionError` and, the
state being immutable, nothing changes. Every step appends an :class:`Event` citing the
rule that allows it.

Randomness is owned by the game: every random operation is seeded from the game's seed
and the operation's identity (the coin flip; seat N's k-th shuffle), so one seed
reproduces every shuffle, and one player's mulligans never change another player's cards.

>>> deck = ("Mountain",) * 24 + ("Lightning Bolt",) * 36
>>> state = new_game([SeatConfig("Seat 1", deck), SeatConfig("Seat 2", deck)], seed=7)
>>> type(state.pending).__name__, state.pending.player in (1, 2)
('ChooseStartingPlayer', True)
>>> state = apply(state, ChooseStarting(state.pending.player, starting_player=1))
>>> state.pending
DeclareMulligan(player=1, mulligans_taken=0, hand_size=7, cards_to_bottom_if_kept=0, hand_size_after_mulligan=6)
>>> state = apply(apply(state, Keep(1)), Keep(2))
>>> state.phase, state.first_draw_skipped, [len(p.hand) for p in state.players]
('first_turn', (1,), [7, 7])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .cards import Card
from .errors import (
    CardNotInHandError,
    IllegalActionError,
    NotYourDecisionError,
    RulesError,
    WrongCardCountError,
)
from .formats import Format, find_format
from .mulligan import MulliganRule, find_mulligan_rule

Phase = Literal["choose_starting_player", "mulligans", "first_turn"]

MAX_SEED = 2**53 - 1  # a seed must survive a round trip through JavaScript numbers


# --------------------------------------------------------------------------- events


@dataclass(frozen=True, slots=True)
class Event:
    """One line of the game log. ``private`` is extra detail only ``seat`` may see
    (for instance which cards they put on the bottom)."""

    seq: int
    rule: str
    text: str
    seat: int | None = None
    private: str = ""


# ------------------------------------------------------------------------ decisions


@dataclass(frozen=True, slots=True)
class ChooseStartingPlayer:
    """CR 103.1: ``player`` chooses who takes the first turn (play or draw)."""

    player: int
    options: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DeclareMulligan:
    """CR 103.4: ``player`` declares whether they take a mulligan."""

    player: int
    mulligans_taken: int
    hand_size: int
    cards_to_bottom_if_kept: int
    hand_size_after_mulligan: int


@dataclass(frozen=True, slots=True)
class ChooseBottom:
    """CR 103.4: ``player`` puts ``count`` cards from their hand on the bottom of their
    library, in an order they choose."""

    player: int
    count: int


Decision = ChooseStartingPlayer | DeclareMulligan | ChooseBottom

# -------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class ChooseStarting:
    player: int
    starting_player: int


@dataclass(frozen=True, slots=True)
class Keep:
    player: int


@dataclass(frozen=True, slots=True)
class Mulligan:
    player: int


@dataclass(frozen=True, slots=True)
class PutOnBottom:
    """Cards go to the bottom one at a time in the order given: the last id ends up as
    the bottom card of the library."""

    player: int
    card_ids: tuple[int, ...]


Action = ChooseStarting | Keep | Mulligan | PutOnBottom

# ---------------------------------------------------------------------------- state


@dataclass(frozen=True, slots=True)
class SeatConfig:
    """A seat at the table: a name, a main deck and an optional sideboard (card names)."""

    name: str
    deck: tuple[str, ...]
    sideboard: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerState:
    seat: int
    name: str
    library: tuple[Card, ...]  # index 0 is the top card
    hand: tuple[Card, ...] = ()
    sideboard: tuple[Card, ...] = ()  # set aside, outside the game (CR 103.2a)
    life: int = 0
    mulligans: int = 0  # mulligans taken
    kept: bool = False
    to_bottom: int = 0  # cards still owed to the bottom after keeping
    shuffles: int = 0  # how many times this player has shuffled (seeds the next shuffle)

    def cards(self) -> tuple[Card, ...]:
        """Every card this player owns, in every zone."""
        return self.library + self.hand + self.sideboard


@dataclass(frozen=True, slots=True)
class GameState:
    seed: int
    format: Format
    rule: MulliganRule
    players: tuple[PlayerState, ...]
    chooser: int
    phase: Phase = "choose_starting_player"
    starting_player: int | None = None
    declared: tuple[tuple[int, bool], ...] = ()  # this round's declarations: (seat, mulligan?)
    free_mulligans: int = 0
    first_draw_skipped: tuple[int, ...] = ()
    events: tuple[Event, ...] = ()

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players)

    def player(self, seat: int) -> PlayerState:
        for p in self.players:
            if p.seat == seat:
                return p
        raise IllegalActionError(f"there is no seat {seat} at this table")

    @property
    def turn_order(self) -> tuple[int, ...]:
        """CR 103.1: turn order begins with the starting player and proceeds clockwise."""
        seats = self.seats
        if self.starting_player is None:
            return seats
        i = seats.index(self.starting_player)
        return seats[i:] + seats[:i]

    def counted_mulligans(self, player: PlayerState) -> int:
        """CR 103.4c: free mulligans don't count toward cards to bottom or the limit."""
        return max(0, player.mulligans - self.free_mulligans)

    @property
    def pending(self) -> Decision | None:
        """The decision the game waits for, or ``None`` once the first turn has begun."""
        if self.phase == "choose_starting_player":
            return ChooseStartingPlayer(self.chooser, self.seats)
        if self.phase != "mulligans":
            return None
        for seat in self.turn_order:
            p = self.player(seat)
            if p.kept and p.to_bottom:
                return ChooseBottom(seat, p.to_bottom)
        declaring = self._next_to_declare()
        if declaring is None:
            return None
        p = self.player(declaring)
        counted = self.counted_mulligans(p)
        size = self.format.starting_hand_size
        after = self.rule.opening_hand_size(size, self.counted_mulligans(replace(p, mulligans=p.mulligans + 1)))
        return DeclareMulligan(
            player=declaring,
            mulligans_taken=p.mulligans,
            hand_size=len(p.hand),
            cards_to_bottom_if_kept=min(self.rule.cards_to_bottom(size, counted), len(p.hand)),
            hand_size_after_mulligan=after,
        )

    def _next_to_declare(self) -> int | None:
        """CR 103.4: the starting player declares first, then each other player in turn order."""
        declared = {seat for seat, _ in self.declared}
        for seat in self.turn_order:
            if not self.player(seat).kept and seat not in declared:
                return seat
        return None


# ----------------------------------------------------------------------- randomness


def _rng(seed: int, purpose: str) -> random.Random:
    # A string seed is hashed with SHA-512 by random.Random: stable across Python versions
    # and platforms (CPython 3.11 and Pyodide's 3.14 give the same shuffles).
    return random.Random(f"opening-hand/{seed}/{purpose}")


def random_seed() -> int:
    return random.SystemRandom().randrange(1, MAX_SEED)


# ------------------------------------------------------------------------- building


def new_game(
    seats: Sequence[SeatConfig],
    seed: int,
    format: str = "constructed",
    mulligan_rule: str = "london",
) -> GameState:
    """Seat the players and determine who chooses the starting player (CR 103.1)."""
    fmt = find_format(format)
    rule = find_mulligan_rule(mulligan_rule)
    if not (fmt.min_players <= len(seats) <= fmt.max_players):
        raise RulesError(f"{fmt.name} is played by {fmt.min_players}–{fmt.max_players} players, not {len(seats)}")
    if not (0 <= seed <= MAX_SEED):
        raise RulesError(f"the seed must be a whole number from 0 to {MAX_SEED}")
    players: list[PlayerState] = []
    next_id = 1
    for number, config in enumerate(seats, start=1):
        if not config.deck:
            raise RulesError(f"{config.name} has no cards in their deck")
        library = tuple(Card(next_id + i, number, name) for i, name in enumerate(config.deck))
        next_id += len(library)
        side = tuple(Card(next_id + i, number, name) for i, name in enumerate(config.sideboard))
        next_id += len(side)
        players.append(PlayerState(seat=number, name=config.name, library=library, sideboard=side))
    n = len(players)
    chooser = _rng(seed, "starting-player-chooser").randrange(n) + 1
    method = "wins the coin flip" if n == 2 else f"rolls highest on a {n}-sided die"
    state = GameState(
        seed=seed,
        format=fmt,
        rule=rule,
        players=tuple(players),
        chooser=chooser,
        free_mulligans=fmt.free_mulligans_for(n),
    )
    return _log(
        state,
        "103.1",
        f"{players[chooser - 1].name} {method} (seed {seed}) and chooses who takes the first turn.",
    )


# ------------------------------------------------------------------------- applying


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`IllegalActionError` if the rules do not
    allow it now (``state`` itself never changes)."""
    pending = state.pending
    if pending is None:
        raise IllegalActionError("the game has already begun: there is no decision to make")
    expected = _ACTION_FOR[type(pending)]
    if action.player != pending.player or not isinstance(action, expected):
        raise NotYourDecisionError(
            f"{_describe(action, state)} is not allowed now: the game waits for {_describe_pending(pending, state)}"
        )
    if isinstance(action, ChooseStarting):
        state = _choose_starting(state, action)
    elif isinstance(action, Keep | Mulligan):
        state = _declare(state, action)
    else:
        state = _put_on_bottom(state, action)
    return _advance(state)


_ACTION_FOR: dict[type, type | tuple[type, ...]] = {
    ChooseStartingPlayer: ChooseStarting,
    DeclareMulligan: (Keep, Mulligan),
    ChooseBottom: PutOnBottom,
}


def _name(state: GameState, seat: int) -> str:
    return state.player(seat).name


def _describe(action: Action, state: GameState) -> str:
    try:
        who = _name(state, action.player)
    except IllegalActionError:
        who = f"seat {action.player}"
    what = {
        ChooseStarting: "choosing the starting player",
        Keep: "keeping",
        Mulligan: "taking a mulligan",
        PutOnBottom: "putting cards on the bottom",
    }[type(action)]
    return f"{what} by {who}"


def _describe_pending(pending: Decision, state: GameState) -> str:
    who = _name(state, pending.player)
    if isinstance(pending, ChooseStartingPlayer):
        return f"{who} to choose who takes the first turn"
    if isinstance(pending, DeclareMulligan):
        return f"{who} to keep or take a mulligan"
    return f"{who} to put {pending.count} card{'s' if pending.count != 1 else ''} on the bottom"


def _log(state: GameState, rule: str, text: str, seat: int | None = None, private: str = "") -> GameState:
    event = Event(len(state.events) + 1, rule, text, seat, private)
    return replace(state, events=state.events + (event,))


def _with_player(state: GameState, player: PlayerState) -> GameState:
    return replace(state, players=tuple(player if p.seat == player.seat else p for p in state.players))


def _shuffle(player: PlayerState, seed: int, cards: Iterable[Card]) -> PlayerState:
    order = list(cards)
    _rng(seed, f"seat-{player.seat}/shuffle-{player.shuffles}").shuffle(order)
    return replace(player, library=tuple(order), shuffles=player.shuffles + 1)


def _draw(player: PlayerState, count: int) -> PlayerState:
    count = min(count, len(player.library))
    return replace(player, hand=player.hand + player.library[:count], library=player.library[count:])


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _choose_starting(state: GameState, action: ChooseStarting) -> GameState:
    if action.starting_player not in state.seats:
        raise IllegalActionError(f"there is no seat {action.starting_player} to take the first turn")
    chooser = _name(state, action.player)
    starter = _name(state, action.starting_player)
    state = replace(state, starting_player=action.starting_player, phase="mulligans")
    others = ", ".join(_name(state, s) for s in state.turn_order[1:])
    state = _log(
        state,
        "103.1",
        f"{chooser} chooses {starter} to take the first turn: {starter} is the starting player "
        f"(on the play); {others} {'is' if len(state.seats) == 2 else 'are'} on the draw.",
    )
    # CR 103.2a: the sideboard is set aside before shuffling.
    for p in state.players:
        if p.sideboard:
            state = _log(
                state, "103.2a", f"{p.name} sets aside a sideboard of {_plural(len(p.sideboard), 'card')}.", p.seat
            )
    # CR 103.2: each player shuffles their deck; the decks become libraries.
    for p in state.players:
        state = _with_player(state, _shuffle(p, state.seed, p.library))
    state = _log(state, "103.2", "Each player shuffles their deck; the decks become their libraries.")
    # CR 103.3: starting life totals.
    life = state.format.starting_life
    state = replace(state, players=tuple(replace(p, life=life) for p in state.players))
    state = _log(state, "103.3", f"Each player begins the game with {life} life.")
    # CR 103.4: each player draws their starting hand size.
    size = state.format.starting_hand_size
    for seat in state.turn_order:
        state = _with_player(state, _draw(state.player(seat), size))
    return _log(state, "103.4", f"Each player draws a hand of {_plural(size, 'card')}.")


def _declare(state: GameState, action: Keep | Mulligan) -> GameState:
    p = state.player(action.player)
    if isinstance(action, Mulligan):
        state = replace(state, declared=state.declared + ((p.seat, True),))
        return _log(state, "103.4", f"{p.name} declares a mulligan.", p.seat)
    return _keep(state, p, forced=False)


def _keep(state: GameState, p: PlayerState, forced: bool) -> GameState:
    owed = min(state.rule.cards_to_bottom(state.format.starting_hand_size, state.counted_mulligans(p)), len(p.hand))
    state = _with_player(state, replace(p, kept=True, to_bottom=owed))
    state = replace(state, declared=state.declared + ((p.seat, False),))
    bottom = f" and will put {_plural(owed, 'card')} on the bottom" if owed else ""
    if forced:
        text = f"{p.name} may not take further mulligans (the opening hand would be zero cards) and keeps{bottom}."
    else:
        text = f"{p.name} keeps {_plural(len(p.hand), 'card')}{bottom}."
    return _log(state, "103.4", text, p.seat)


def _put_on_bottom(state: GameState, action: PutOnBottom) -> GameState:
    p = state.player(action.player)
    ids = tuple(action.card_ids)
    if len(set(ids)) != len(ids):
        raise WrongCardCountError("each card can be put on the bottom only once")
    if len(ids) != p.to_bottom:
        raise WrongCardCountError(
            f"{p.name} must put exactly {_plural(p.to_bottom, 'card')} on the bottom, not {len(ids)}"
        )
    in_hand = {c.id: c for c in p.hand}
    missing = [i for i in ids if i not in in_hand]
    if missing:
        raise CardNotInHandError(f"card {missing[0]} is not in {p.name}'s hand")
    chosen = tuple(in_hand[i] for i in ids)
    hand = tuple(c for c in p.hand if c.id not in set(ids))
    state = _with_player(state, replace(p, hand=hand, library=p.library + chosen, to_bottom=0))
    names = ", then ".join(c.name for c in chosen)
    private = f"{names} ({chosen[-1].name} is now the bottom card)" if chosen else ""
    state = _log(
        state,
        "103.4",
        f"{p.name} puts {_plural(len(chosen), 'card')} on the bottom of their library; "
        f"the opening hand is {_plural(len(hand), 'card')}.",
        p.seat,
        private,
    )
    return state


def _take_mulligans(state: GameState) -> GameState:
    """CR 103.4: all players who declared a mulligan take it at the same time."""
    takers = [seat for seat, mulligan in state.declared if mulligan]
    size = state.format.starting_hand_size
    names = " and ".join(_name(state, s) for s in takers)
    state = _log(
        state, "103.4", f"{names} {'takes a mulligan' if len(takers) == 1 else 'take mulligans at the same time'}."
    )
    for seat in takers:
        p = state.player(seat)
        p = replace(p, mulligans=p.mulligans + 1)
        counted = state.counted_mulligans(p)
        draw = state.rule.cards_to_draw(size, counted)
        p = _draw(replace(_shuffle(p, state.seed, p.library + p.hand), hand=()), draw)
        free = " (a free mulligan, CR 103.4c)" if p.mulligans <= state.free_mulligans else ""
        state = _with_player(state, p)
        state = _log(
            state,
            "103.4",
            f"{p.name} shuffles their hand into their library and draws {_plural(len(p.hand), 'card')}"
            f" (mulligan {p.mulligans}){free}.",
            seat,
        )
    return replace(state, declared=())


def _advance(state: GameState) -> GameState:
    """Carry out every step that needs no decision, until one does or the game begins."""
    while state.phase == "mulligans":
        if any(p.kept and p.to_bottom for p in state.players):
            return state
        seat = state._next_to_declare()
        if seat is not None:
            p = state.player(seat)
            if state.rule.may_mulligan(state.format.starting_hand_size, state.counted_mulligans(p)):
                return state
            state = _keep(state, p, forced=True)
            continue
        if any(mulligan for _, mulligan in state.declared):
            state = _take_mulligans(state)
            continue
        state = _begin_first_turn(state)
    return state


def _begin_first_turn(state: GameState) -> GameState:
    starter = state.starting_player
    assert starter is not None
    state = _log(state, "103.5", "The mulligan process is complete; no card in an opening hand allows an action now.")
    skippers = state.format.first_draw_skippers(starter, state.turn_order)
    state = replace(state, phase="first_turn", declared=(), first_draw_skipped=skippers)
    state = _log(state, "103.7", f"{_name(state, starter)} takes the first turn.", starter)
    if skippers:
        who = ", ".join(_name(state, s) for s in skippers)
        return _log(state, "103.7a", f"{who} skips the draw step of their first turn (two-player game).", starter)
    return _log(state, "103.7c", "No player skips the draw step of their first turn.")
