"""The cards' moves every step of the game start shares: shuffling (seeded), drawing, dealing
a hand (with Arena's smoothing where the edition has it), finding a card in a zone, and
replacing a player in the immutable state.

Randomness is owned by the game: every random operation has a source of its own, seeded
from the game's seed and the operation's identity (:func:`seeded_rng`).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from opening_hand.cards import Card
from opening_hand.errors import CardNotInHandError
from opening_hand.rules.arena import deal
from opening_hand.rules.game_log import Note, card_names, plural
from opening_hand.rules.state import GameState, PlayerState


def seeded_rng(seed: int, purpose: str) -> random.Random:
    """The random source of one operation of the game seeded ``seed``: ``purpose`` names it
    (``"starting-player-chooser"``, ``"seat-2/shuffle-3"``), so each operation has a source
    of its own and one player's shuffles never change another's cards."""
    # A string seed is hashed with SHA-512 by random.Random: stable across Python versions
    # and platforms (CPython 3.11 and Pyodide's 3.14 give the same shuffles).
    return random.Random(f"opening-hand/{seed}/{purpose}")


def with_player(state: GameState, player: PlayerState) -> GameState:
    """``state`` with ``player`` in place of the player of the same seat."""
    return replace(state, players=tuple(player if p.seat == player.seat else p for p in state.players))


def rest_of_queue(state: GameState) -> GameState:
    """``state`` with its first queued step (``state.queue``), now done, taken off."""
    return replace(state, queue=state.queue[1:])


def shuffle_cards(player: PlayerState, seed: int, cards: Iterable[Card], zone: str = "library") -> PlayerState:
    """``player`` with ``cards``, shuffled, as their ``zone`` (the library unless named), with
    the shuffle seeded by the player's own count of shuffles."""
    order = list(cards)
    seeded_rng(seed, f"seat-{player.seat}/shuffle-{player.shuffles}").shuffle(order)
    if zone == "library":
        player = replace(player, bottomed=0)
    return replace(player, **{zone: tuple(order)}, shuffles=player.shuffles + 1)  # type: ignore[arg-type]


def draw_cards(player: PlayerState, count: int) -> PlayerState:
    """``player`` after drawing ``count`` cards from the top of their library (what there is)."""
    count = min(count, len(player.library))
    return replace(player, hand=player.hand + player.library[:count], library=player.library[count:])


def deal_hand(state: GameState, seat: int, count: int) -> tuple[GameState, Note | None]:
    """``seat`` draws a hand of ``count`` cards from the top of their library; under an
    edition of Arena's best-of-one queues, from the order :func:`arena.deal` keeps (the
    library as shuffled, or another shuffle of it, chosen by the model), with the log line
    saying which candidates there were and how one was picked (the caller logs it, after the
    draw it explains)."""
    p = state.player(seat)
    model = state.edition.smoothing
    if model is None or count <= 0 or len(p.library) < count:
        return with_player(state, draw_cards(p, count)), None
    at = f"seat-{seat}/shuffle-{p.shuffles}"
    lands = {name: p.is_land(Card(0, seat, name)) for name in {c.name for c in p.library}}  # once per name

    def is_land(card: Card) -> bool:
        return lands[card.name]

    dealt = deal(p.library, is_land, count, model,
                 lambda i: seeded_rng(state.seed, f"{at}/candidate-{i}"),
                 seeded_rng(state.seed, f"{at}/smoothing"))  # fmt: skip
    state = with_player(state, draw_cards(replace(p, library=dealt.order), count))
    target = model.target(sum(1 for c in p.library if lands[c.name]), len(p.library), count)
    counts = ", ".join(str(n) for n in dealt.lands[:-1]) + f" and {dealt.lands[-1]}"
    weights = ", ".join(f"{w:.2f}" for w in dealt.weights)
    text = (
        f"Arena best-of-one (a public model, not Wizards' code): {p.name}'s {plural(count, 'card')} come from "
        f"{model.candidates} shuffles of their library, whose top {count} hold {counts} lands; one is kept at random "
        f"in proportion to {model.formula(target)} (weights {weights}): shuffle {dealt.picked + 1}, with "
        f"{plural(dealt.lands[dealt.picked], 'land')}."
    )
    private = "; ".join(f"shuffle {i + 1}: {card_names(hand)}" for i, hand in enumerate(dealt.hands))
    return state, (text, private)


def card_in(cards: tuple[Card, ...], card_id: int, owner: str, zone: str) -> Card:
    """The card ``card_id`` among ``cards`` (``owner``'s ``zone``), or a :class:`CardNotInHandError`."""
    for card in cards:
        if card.id == card_id:
            return card
    raise CardNotInHandError(f"card {card_id} is not in {owner}'s {zone}")
