"""A simple, stated policy for the seats the user does not control.

* Chooses to play first (CR 103.1).
* Keeps a hand of 2–5 lands (counting the cards it would keep); otherwise takes a
  mulligan, but always keeps once the kept hand would be 5 cards or fewer.
* Puts cards on the bottom so the kept hand stays nearest to 40 % lands: a land when the
  hand is land-heavy, otherwise the nonland card with the highest mana value.
* Uses Serum Powder instead of a mulligan when it has one; under Partial Paris sets aside
  the cards that spoil the land count; scries a land away when it has three, a spell away
  when it has fewer than two; shuffles back what it would bottom; reveals a companion whose
  condition is not known to fail; in limited, chooses its first three sticker sheets
  (103.2d); puts every conspiracy into the command zone; keeps the
  first Backup Plan hand with 2–5 lands; takes every opening-hand action offered, the
  starting team's players in seat order (103.6c); orders timestamps as the cards came in.
* In practice turns after the game has begun, plays a land every turn it has one: the
  land that adds a colour its spells need and its lands lack, else the first land.

It decides through the same actions a person would, so the engine checks it too.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from opening_hand.cards import Card, CardPool, in_use
from opening_hand.rules.actions import (
    Action,
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
    TakeTurn,
    UseSerumPowder,
)
from opening_hand.rules.decisions import (
    ChooseBackupHand,
    ChooseBottom,
    ChooseCompanion,
    ChooseConspiracies,
    ChooseOpeningPlayer,
    ChooseShuffleBack,
    ChooseStartingPlayer,
    ChooseStickerSheets,
    DeclareMulligan,
    OpeningHandActions,
    OrderTimestamps,
    Scry,
)
from opening_hand.rules.game import apply
from opening_hand.rules.practice_turns import next_draws
from opening_hand.rules.state import GameState

POLICY_TEXT = (
    "Computer seats play first when they choose, keep 2–5 lands (always keep at 5 cards or "
    "fewer), and bottom cards to stay near 40 % lands."
)
MIN_LANDS, MAX_LANDS, ALWAYS_KEEP_AT = 2, 5, 5


def catalog_land(card: Card, pool: CardPool | None = None) -> bool:
    return in_use(pool).lookup(card.name).is_land


def choose_bottom(
    hand: Sequence[Card], count: int, is_land: Callable[[Card], bool] = catalog_land, pool: CardPool | None = None
) -> tuple[Card, ...]:
    """The ``count`` cards of ``hand`` to put on the bottom, in order; ``is_land`` says
    which cards are lands (the catalog's, or a player's marks too: ``PlayerState.is_land``); a
    spell's mana value is read in ``pool`` (None: the default)."""
    pool = in_use(pool)
    rest = list(hand)
    chosen: list[Card] = []
    for _ in range(count):
        lands = [c for c in rest if is_land(c)]
        spells = [c for c in rest if not is_land(c)]
        keep_size = len(rest) - 1
        if lands and (not spells or len(lands) - 1 >= 0.4 * keep_size):
            pick = lands[-1]
        else:
            pick = max(spells, key=lambda c: pool.lookup(c.name).mana_value)
        rest.remove(pick)
        chosen.append(pick)
    return tuple(chosen)


def decide(state: GameState) -> Action:
    """The policy's action for the pending decision."""
    pending = state.pending
    if isinstance(pending, ChooseStartingPlayer):
        return ChooseStarting(pending.player, starting_player=pending.player)
    if isinstance(pending, ChooseBottom):
        player = state.player(pending.player)
        chosen = choose_bottom(player.hand, pending.count, player.is_land, player.pool)
        return PutOnBottom(pending.player, tuple(c.id for c in chosen))
    if isinstance(pending, DeclareMulligan):
        player = state.player(pending.player)
        hand = player.hand
        kept = set(choose_bottom(hand, pending.cards_to_bottom_if_kept, player.is_land, player.pool))
        lands = sum(1 for c in hand if c not in kept and player.is_land(c))
        keep_size = len(hand) - len(kept)
        if keep_size <= ALWAYS_KEEP_AT or MIN_LANDS <= lands <= MAX_LANDS:
            return Keep(pending.player)
        if pending.serum_powders:
            return UseSerumPowder(pending.player, pending.serum_powders[0])
        if pending.set_aside:  # Partial Paris: set aside the cards that spoil the land count
            chosen = choose_bottom(hand, 2 if lands < MIN_LANDS else lands - 4, player.is_land, player.pool)
            return Mulligan(pending.player, tuple(c.id for c in chosen))
        return Mulligan(pending.player)
    if isinstance(pending, ChooseShuffleBack):
        player = state.player(pending.player)
        chosen = choose_bottom(player.hand, pending.count, player.is_land, player.pool)
        return ShuffleBack(pending.player, tuple(c.id for c in chosen))
    if isinstance(pending, Scry):
        p = state.player(pending.player)
        lands = p.lands_in_hand()
        top_is_land = p.is_land(p.library[0])
        return ScryDecision(pending.player, to_bottom=(top_is_land and lands >= 3) or (not top_is_land and lands < 2))
    if isinstance(pending, ChooseCompanion):
        usable = [o.card_id for o in pending.options if o.met is not False]
        return RevealCompanion(pending.player, usable[0] if usable else None)
    if isinstance(pending, ChooseConspiracies):
        return PutConspiracies(pending.player, pending.options)
    if isinstance(pending, ChooseStickerSheets):
        return ChooseStickers(pending.player, pending.options[: pending.most])
    if isinstance(pending, ChooseBackupHand):
        player = state.player(pending.player)
        by_id = {c.id: c for c in player.hand}
        for index, hand_ids in enumerate(pending.hands):
            if MIN_LANDS <= sum(player.is_land(by_id[i]) for i in hand_ids) <= MAX_LANDS:
                return KeepBackupHand(pending.player, index)
        return KeepBackupHand(pending.player, 0)
    if isinstance(pending, OpeningHandActions):
        player = state.player(pending.player)
        hand = player.hand
        if pending.to_battlefield:
            card_id = pending.to_battlefield[0]
            exile = None
            if card_id in pending.caverns:
                others = tuple(c for c in hand if c.id != card_id)
                exile = choose_bottom(others, 1, player.is_land, player.pool)[0].id if others else None
            return BeginOnBattlefield(pending.player, card_id, exile)
        if pending.to_reveal:
            return RevealFromHand(pending.player, pending.to_reveal[0])
        return FinishOpeningActions(pending.player)
    if isinstance(pending, ChooseOpeningPlayer):
        return ActNext(pending.player, pending.options[0])
    if isinstance(pending, OrderTimestamps):
        return NextTimestamp(pending.player, pending.options[0])
    raise ValueError("no decision is pending")


def autoplay(state: GameState, seats: Collection[int]) -> GameState:
    """Let the policy decide for ``seats`` until the game waits for another seat (or begins)."""
    while state.pending is not None and state.pending.player in seats:
        state = apply(state, decide(state))
    return state


_BASIC_COLOURS = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def land_colours(card: Card, pool: CardPool | None = None) -> str:
    """The colours a land can add, as far as the card data says (CR 305.6: a basic land
    type adds its colour): the database's produced mana, else the basic land types."""
    info = in_use(pool).lookup(card.name)
    known = getattr(info, "mana_sources", None)
    if isinstance(known, str):
        return known
    return "".join(colour for kind, colour in _BASIC_COLOURS.items() if kind in info.subtypes)


def take_turn(state: GameState, seat: int) -> TakeTurn:
    """The next practice turn for ``seat``: the card the draw step brings (if any) joins the
    hand, then the policy's land, if the hand holds one."""
    p = state.player(seat)
    upcoming = next_draws(state, seat)
    drawn = upcoming[0][1] if upcoming else None
    hand = p.hand + ((drawn,) if drawn is not None else ())
    lands = [c for c in hand if p.is_land(c)]
    if not lands:
        return TakeTurn(seat, None)
    wanted = {colour for c in hand if not p.is_land(c) for colour in p.pool.lookup(c.name).colours}
    have = {colour for c in p.battlefield if p.is_land(c) for colour in land_colours(c, p.pool)}
    best = max(lands, key=lambda c: len((set(land_colours(c, p.pool)) & wanted) - have))
    return TakeTurn(seat, best.id)
