"""Opening-hand actions (CR 103.6): in turn order from the starting player, each player
with a card that allows it puts cards onto the battlefield (103.6a: Leylines, Gemstone
Caverns) and reveals cards (103.6b: Chancellors); the starting team's players act in the
order the team chooses (103.6c). Under 2008 101.Ruling.1 the cards are chosen in turn and
put onto the battlefield together, the starting player ordering their timestamps.
"""

from __future__ import annotations

from dataclasses import replace

from opening_hand.cards import Card
from opening_hand.errors import IllegalActionError
from opening_hand.rules.actions import ActNext, BeginOnBattlefield, FinishOpeningActions, NextTimestamp, RevealFromHand
from opening_hand.rules.decisions import ChooseOpeningPlayer, OpeningHandActions, opening_options
from opening_hand.rules.game_log import card_names, log_event, plural, seat_name, team_name
from opening_hand.rules.special import GEMSTONE_CAVERNS, is_named
from opening_hand.rules.state import GameState
from opening_hand.rules.zones import card_in, rest_of_queue, with_player


def opening_queue(state: GameState) -> tuple[tuple[str, int], ...]:
    """CR 103.6: the starting player first, then each other player in turn order.
    103.6c: each player of the starting team "in whatever order that team likes" (the
    team chooses when two or more of them have actions), then each other team's players
    in turn order."""
    seats = [seat for seat in state.turn_order if any(opening_options(state, state.player(seat)))]
    team = [seat for seat in seats if state.shared_team_turns and seat in state.starting_team]
    if len(team) < 2:
        return tuple(("opening", seat) for seat in seats)
    return tuple(("opening-order", seat) for seat in team) + tuple(("opening", s) for s in seats if s not in team)


def act_next(state: GameState, action: ActNext) -> GameState:
    """CR 103.6c: the starting team names the teammate who takes opening-hand actions next."""
    pending = state.pending
    assert isinstance(pending, ChooseOpeningPlayer)
    if action.seat not in pending.options:
        raise IllegalActionError(f"seat {action.seat} is not a player of the starting team still to act (CR 103.6c)")
    queue = (("opening", action.seat),) + tuple(item for item in state.queue if item != ("opening-order", action.seat))
    state = replace(state, queue=queue)
    text = (
        f"{team_name(state, action.player)} chooses {seat_name(state, action.seat)} to take opening-hand actions next."
    )
    return log_event(state, "team-opening", text, action.player)


def openers_together(state: GameState) -> GameState:
    """2008 101.Ruling.1: "Each player chooses, in turn order, which Leylines to put into
    play, then they all reveal their choices simultaneously and put the cards into play
    simultaneously." The starting player then orders their timestamps (two or more)."""
    together: list[int] = []
    parts: list[str] = []
    for seat in state.turn_order:
        p = state.player(seat)
        if not p.chosen_openers:
            continue
        exiled: list[Card] = []
        begun: list[Card] = []
        for card_id, exile_id in p.chosen_openers:
            card = card_in(p.hand, card_id, p.name, "hand")
            begun.append(card)
            if exile_id is not None:
                exiled.append(card_in(p.hand, exile_id, p.name, "hand"))
        gone = {c.id for c in begun + exiled}
        luck = tuple(c.id for c in begun if is_named(c.name, GEMSTONE_CAVERNS))
        p = replace(p, hand=tuple(c for c in p.hand if c.id not in gone), battlefield=p.battlefield + tuple(begun),
                    exile=p.exile + tuple(exiled), luck_counters=p.luck_counters + luck, chosen_openers=())  # fmt: skip
        state = with_player(state, p)
        together.extend(c.id for c in begun)
        exile_note = f" (exiling {plural(len(exiled), 'card')} from their hand)" if exiled else ""
        parts.append(f"{p.name}: {card_names(begun)}{exile_note}")
    state = log_event(
        state,
        "leylines",
        "Every player reveals their choices; the cards go onto the battlefield at the same time — " + "; ".join(parts),
    )
    if len(together) < 2:
        return replace(state, timestamps=state.timestamps + tuple(together))
    assert state.starting_player is not None
    return replace(state, unordered=tuple(together), queue=(("timestamps", state.starting_player),))


def next_timestamp(state: GameState, action: NextTimestamp) -> GameState:
    """2008 101.Ruling.1: the starting player orders the timestamps, earliest first."""
    if action.card_id not in state.unordered:
        raise IllegalActionError(f"card {action.card_id} has no timestamp left to order")
    rest = tuple(i for i in state.unordered if i != action.card_id)
    order = state.timestamps + (action.card_id,) + (rest if len(rest) == 1 else ())
    state = replace(state, timestamps=order, unordered=rest if len(rest) > 1 else ())
    if state.unordered:
        return state
    names = {c.id: c.name for p in state.players for c in p.battlefield}
    state = log_event(state, "leylines", f"{seat_name(state, action.player)} orders their timestamps: "
                 + ", then ".join(names[i] for i in order if i in names) + ".", action.player)  # fmt: skip
    return rest_of_queue(state)


def begin_on_battlefield(state: GameState, action: BeginOnBattlefield) -> GameState:
    """CR 103.6a: a card of the opening hand begins the game on the battlefield (Gemstone
    Caverns with a luck counter, exiling a card from the hand). Under 2008 101.Ruling.1 it
    is only chosen now, and revealed with every player's choices later."""
    pending = state.pending
    assert isinstance(pending, OpeningHandActions)
    p = state.player(action.player)
    if action.card_id not in pending.to_battlefield:
        raise IllegalActionError(f"card {action.card_id} cannot begin the game on the battlefield now (CR 103.6a)")
    card = card_in(p.hand, action.card_id, p.name, "hand")
    chosen = {i for pair in p.chosen_openers for i in pair}
    hand = tuple(c for c in p.hand if c.id != card.id)
    chosen_hand = tuple(c for c in hand if c.id not in chosen)
    exiled: tuple[Card, ...] = ()
    if action.card_id in pending.caverns:
        if chosen_hand and action.exile_id is None:
            raise IllegalActionError("Gemstone Caverns: choose a card to exile from your hand")
        if chosen_hand and action.exile_id is not None:
            exiled = (card_in(chosen_hand, action.exile_id, p.name, "hand"),)
    elif action.exile_id is not None:
        raise IllegalActionError(f"{card.name} does not exile a card")
    if state.edition.simultaneous_leylines:  # 2008 101.Ruling.1: chosen now, revealed together later
        pair = (card.id, exiled[0].id if exiled else None)
        state = with_player(state, replace(p, chosen_openers=p.chosen_openers + (pair,)))
        text = f"{p.name} chooses a card to begin the game on the battlefield (revealed once every player has chosen)."
        return log_event(state, "leylines", text, p.seat, card.name)
    state = replace(state, timestamps=state.timestamps + (card.id,))
    if action.card_id in pending.caverns:
        hand = tuple(c for c in hand if c not in exiled)
        p = replace(p, hand=hand, battlefield=p.battlefield + (card,), exile=p.exile + exiled,
                    luck_counters=p.luck_counters + (card.id,))  # fmt: skip
        state = with_player(state, p)
        return log_event(
            state,
            "battlefield",
            f"{p.name} begins the game with Gemstone Caverns on the battlefield with a luck counter"
            f"{' and exiles a card from their hand' if exiled else ''}.",
            p.seat,
            f"Exiled: {exiled[0].name}" if exiled else "",
        )
    state = with_player(state, replace(p, hand=hand, battlefield=p.battlefield + (card,)))
    return log_event(state, "battlefield", f"{p.name} begins the game with {card.name} on the battlefield.", p.seat)


def reveal_from_hand(state: GameState, action: RevealFromHand) -> GameState:
    """CR 103.6b: the player reveals a card from their opening hand (each card once)."""
    pending = state.pending
    assert isinstance(pending, OpeningHandActions)
    p = state.player(action.player)
    if action.card_id not in pending.to_reveal:
        raise IllegalActionError(f"card {action.card_id} cannot be revealed now (CR 103.6b: once per card)")
    card = card_in(p.hand, action.card_id, p.name, "hand")
    p = replace(p, revealed=p.revealed + (card.id,), ever_revealed=p.ever_revealed + (card.id,))
    state = with_player(state, p)
    return log_event(state, "reveal", f"{p.name} reveals {card.name} from their opening hand.", p.seat)


def finish_opening(state: GameState, action: FinishOpeningActions) -> GameState:
    """CR 103.6: the player is done with opening-hand actions; the next one acts."""
    state = log_event(
        state, "opening", f"{seat_name(state, action.player)} is done with opening-hand actions.", action.player
    )
    return rest_of_queue(state)
