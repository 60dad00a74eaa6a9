"""The mulligan steps (CR 103.5): declaring keep or mulligan, taking the round's mulligans
together, Serum Powder (103.5b), the cards put on the bottom, and the house rules' and older
editions' variants: Partial Paris's and the Commander house rule's set-aside cards, draw
ten and choose three (shuffling back), Vancouver's scry (2017 103.4), and Backup Plan's
choice of hand before any of them.

Who declares next, and whether a decision is needed at all, is :mod:`.decisions`'s to say
(:func:`.decisions.next_to_declare`); ``game`` chains these steps.
"""

from __future__ import annotations

from dataclasses import replace

from opening_hand.errors import IllegalActionError, WrongCardCountError
from opening_hand.rules.actions import (
    Keep,
    KeepBackupHand,
    Mulligan,
    PutOnBottom,
    ScryDecision,
    ShuffleBack,
    UseSerumPowder,
)
from opening_hand.rules.editions import PartialParis
from opening_hand.rules.game_log import card_names, log_event, plural, seat_name
from opening_hand.rules.special import SERUM_POWDER, is_named
from opening_hand.rules.state import GameState, PlayerState
from opening_hand.rules.zones import card_in, deal_hand, draw_cards, rest_of_queue, shuffle_cards, with_player


def keep_backup_hand(state: GameState, action: KeepBackupHand) -> GameState:
    """Backup Plan: the player keeps one of the hands they drew and shuffles the others into
    their library."""
    p = state.player(action.player)
    if not 0 <= action.index < len(p.backup_hands):
        raise IllegalActionError(f"{p.name} has {plural(len(p.backup_hands), 'hand')}, not a hand {action.index + 1}")
    kept = set(p.backup_hands[action.index])
    back = [c for c in p.hand if c.id not in kept]
    p = replace(p, hand=tuple(c for c in p.hand if c.id in kept), backup_hands=())
    p = shuffle_cards(p, state.seed, p.library + tuple(back))
    state = with_player(state, p)
    state = log_event(
        state,
        "mulligan",
        f"Backup Plan: {p.name} keeps one hand and shuffles {plural(len(back), 'card')} into their library.",
        p.seat,
    )
    state = rest_of_queue(state)
    return state if state.queue else replace(state, phase="mulligans")


def declare(state: GameState, action: Keep | Mulligan) -> GameState:
    """CR 103.5: the player declares: keep (:func:`keep`), or take a mulligan, which the
    round's takers take together (:func:`take_mulligans`); under Partial Paris a mulligan
    names the cards to set aside."""
    p = state.player(action.player)
    if isinstance(action, Keep):
        return keep(state, p, forced=False)
    ids = tuple(action.card_ids)
    if isinstance(state.edition, PartialParis):
        if not ids:
            raise WrongCardCountError("Partial Paris: choose at least one card to set aside")
        if len(set(ids)) != len(ids):
            raise WrongCardCountError("each card can be set aside only once")
        for card_id in ids:
            card_in(p.hand, card_id, p.name, "hand")
    elif ids:
        raise IllegalActionError("a mulligan takes the whole hand: no cards are chosen")
    state = replace(state, declared=state.declared + ((p.seat, True, ids),))
    what = f"declares a mulligan, setting aside {plural(len(ids), 'card')}" if ids else "declares a mulligan"
    return log_event(state, _decl_rule(state), f"{p.name} {what}.", p.seat)


def _decl_rule(state: GameState) -> str:
    """The step of a declaration: 103.5d (2008 101.4b) when teams declare together."""
    return "team-declare" if state.shared_team_turns else "mulligan"


def use_serum_powder(state: GameState, action: UseSerumPowder) -> GameState:
    """CR 103.5b: Serum Powder - exile the hand, draw that many cards, then declare."""
    p = state.player(action.player)
    card = card_in(p.hand, action.card_id, p.name, "hand")
    if not is_named(card.name, SERUM_POWDER):
        raise IllegalActionError(f"{card.name} is not Serum Powder")
    count = len(p.hand)
    p = draw_cards(replace(p, exile=p.exile + p.hand, hand=()), count)
    state = with_player(state, p)
    return log_event(
        state,
        "any-time",
        f"{p.name} uses Serum Powder: exiles their hand and draws {plural(len(p.hand), 'card')} (not a mulligan).",
        p.seat,
    )


def keep(state: GameState, p: PlayerState, forced: bool) -> GameState:
    """CR 103.5: ``p`` keeps their hand (``forced``: the edition allows them no further
    mulligan), owing the cards the edition has them put on the bottom on keeping (MTGO) or
    shuffle back (draw ten, choose three); set-aside cards go back into the library."""
    owed = state.owed_on_keeping(p, state.counted_mulligans(p))
    back = min(len(p.hand) - p.hand_size, len(p.hand)) if state.edition.initial_draw(p.hand_size) > p.hand_size else 0
    state = with_player(state, replace(p, kept=True, to_bottom=owed, to_shuffle=max(0, back)))
    state = replace(state, declared=state.declared + ((p.seat, False, ()),))
    bottom = f" and will put {plural(owed, 'card')} on the bottom" if owed else ""
    if back > 0:
        bottom = f" and will shuffle {plural(back, 'card')} back into their library"
    if forced:
        text = f"{p.name} may not take further mulligans ({state.edition.no_mulligan_reason}) and keeps{bottom}."
    else:
        text = f"{p.name} keeps {plural(len(p.hand), 'card')}{bottom}."
    state = log_event(state, _decl_rule(state), text, p.seat)
    if p.set_aside:
        # Partial Paris, and the Commander house rule's set-aside hands: once a hand is kept,
        # the set-aside cards are shuffled into the library (before any bottom cards go).
        kept = state.player(p.seat)
        kept = shuffle_cards(replace(kept, set_aside=()), state.seed, kept.library + kept.set_aside)
        state = with_player(state, kept)
        state = log_event(
            state,
            "set-aside" if state.edition.set_aside_hands else "mulligan",
            f"{p.name} shuffles {plural(len(p.set_aside), 'set-aside card')} into their library.",
            p.seat,
        )
    return state


def shuffle_back(state: GameState, action: ShuffleBack) -> GameState:
    """House rule (draw ten, choose three): the chosen cards are shuffled into the library."""
    p = state.player(action.player)
    ids = tuple(action.card_ids)
    if len(set(ids)) != len(ids) or len(ids) != p.to_shuffle:
        raise WrongCardCountError(f"{p.name} must shuffle back exactly {plural(p.to_shuffle, 'different card')}")
    chosen = tuple(card_in(p.hand, i, p.name, "hand") for i in ids)
    p = replace(p, hand=tuple(c for c in p.hand if c.id not in set(ids)), to_shuffle=0)
    p = shuffle_cards(p, state.seed, p.library + chosen)
    state = with_player(state, p)
    return log_event(state, "mulligan", f"{p.name} shuffles {plural(len(chosen), 'card')} back into their library; "
                f"the opening hand is {plural(len(p.hand), 'card')}.", p.seat, card_names(chosen))  # fmt: skip


def scry(state: GameState, action: ScryDecision) -> GameState:
    """Vancouver (2017 103.4): look at the top card and may put it on the bottom."""
    p = state.player(action.player)
    top = p.library[0]
    if action.to_bottom:
        p = replace(p, library=p.library[1:] + (top,), bottomed=p.bottomed + 1)
        state = with_player(state, p)
    where = "on the bottom" if action.to_bottom else "on top"
    state = log_event(state, "scry", f"{p.name} scries 1 and leaves the card {where}.", p.seat, top.name)
    return rest_of_queue(state)


def put_on_bottom(state: GameState, action: PutOnBottom) -> GameState:
    """CR 103.5: the player puts the cards they owe on the bottom of their library, in the
    order given."""
    p = state.player(action.player)
    ids = tuple(action.card_ids)
    if len(set(ids)) != len(ids):
        raise WrongCardCountError("each card can be put on the bottom only once")
    if len(ids) != p.to_bottom:
        raise WrongCardCountError(
            f"{p.name} must put exactly {plural(p.to_bottom, 'card')} on the bottom, not {len(ids)}"
        )
    chosen = tuple(card_in(p.hand, i, p.name, "hand") for i in ids)
    hand = tuple(c for c in p.hand if c.id not in set(ids))
    p = replace(p, hand=hand, library=p.library + chosen, to_bottom=0, bottomed=p.bottomed + len(chosen))
    state = with_player(state, p)
    names = ", then ".join(c.name for c in chosen)
    private = f"{names} ({chosen[-1].name} is now the bottom card)" if chosen else ""
    now = "the opening hand is" if p.kept else "their hand is now"
    return log_event(
        state,
        "bottom",
        f"{p.name} puts {plural(len(chosen), 'card')} on the bottom of their library; {now} "
        f"{plural(len(hand), 'card')}.",
        p.seat,
        private,
    )


def take_mulligans(state: GameState) -> GameState:
    """CR 103.5: all players who declared a mulligan take it at the same time (in the
    Paris editions a round has one player, or one team: 2008 101.4b)."""
    takers = [(seat, ids) for seat, mulligan, ids in state.declared if mulligan]
    names = " and ".join(seat_name(state, s) for s, _ in takers)
    verb = "takes a mulligan" if len(takers) == 1 else "take mulligans at the same time"
    state = log_event(state, _decl_rule(state), f"{names} {verb}.")
    for seat, ids in takers:
        p = state.player(seat)
        p = replace(p, mulligans=p.mulligans + 1)
        free = p.mulligans <= state.free_mulligans
        note = f" (mulligan {p.mulligans}{', free' if free else ''})"
        if ids:  # Partial Paris: set the chosen cards aside, draw that many minus one
            chosen = tuple(c for c in p.hand if c.id in ids)
            p = replace(p, hand=tuple(c for c in p.hand if c.id not in ids), set_aside=p.set_aside + chosen)
            p = draw_cards(p, len(chosen) - 1)
            drew = plural(len(chosen) - 1, "card")
            text = f"{p.name} sets aside {plural(len(chosen), 'card')} and draws {drew}{note}."
            state = log_event(with_player(state, p), "mulligan", text, seat, card_names(chosen))
            continue
        revealed = p.hand
        counted = state.counted_mulligans(p)
        draw = state.edition.cards_to_draw(p.hand_size, counted)
        if state.edition.set_aside_hands:  # Commander house rule: the hand waits outside the library
            p = replace(p, hand=(), set_aside=p.set_aside + p.hand)
            what = "sets their hand aside"
        else:
            p = replace(shuffle_cards(p, state.seed, p.library + p.hand), hand=())
            what = "shuffles their hand into their library"
        state = with_player(state, p)
        if p.set_aside and len(p.library) < draw:
            state = _set_aside_back(state, seat, draw)
        state, dealt = deal_hand(state, seat, draw)
        p = state.player(seat)
        # CR 103.5: "draws a new hand ..., then puts [one card per mulligan] on the bottom".
        owed = (
            0
            if state.edition.bottom_when_kept
            else min(state.edition.cards_to_bottom(p.hand_size, counted), len(p.hand))
        )
        p = replace(p, to_bottom=owed)
        state = with_player(state, p)
        shown = f"reveals {card_names(revealed)}, " if state.edition.reveals_hand() else ""
        then = f", then puts {plural(owed, 'card')} on the bottom" if owed else ""
        step = state.edition.free_step(state.format, len(state.players)) if free else "mulligan"
        if state.edition.set_aside_hands and not free:
            step = "set-aside"
        state = log_event(
            state,
            step,
            f"{p.name} {shown}{what} and draws {plural(len(p.hand), 'card')}{then}{note}.",
            seat,
        )
        if dealt is not None:
            state = log_event(state, "smoothing", dealt[0], seat, dealt[1])
    return replace(state, declared=())


def _set_aside_back(state: GameState, seat: int, draw: int) -> GameState:
    """Set-aside hands (the Commander house rule): when fewer cards remain in the library
    than the next hand needs, the set-aside cards are shuffled back into it first, so every
    hand is a full one (the odds and the trainer count the same way: ``odds._walk``)."""
    p = state.player(seat)
    back = len(p.set_aside)
    left = len(p.library)
    p = shuffle_cards(replace(p, set_aside=()), state.seed, p.library + p.set_aside)
    text = (
        f"Only {plural(left, 'card')} remain in {p.name}'s library, fewer than the {draw} of the next hand: "
        f"{p.name} first shuffles the {plural(back, 'set-aside card')} back into their library."
    )
    return log_event(with_player(state, p), "set-aside", text, seat)


def scry_queue(state: GameState) -> tuple[tuple[str, int], ...]:
    """Vancouver (2017 103.4): after all keep, each player in turn order whose hand is
    smaller than their starting hand size may scry 1."""
    if not state.edition.scry:
        return ()
    return tuple(
        ("scry", seat)
        for seat in state.turn_order
        if len(state.player(seat).hand) < state.player(seat).hand_size and state.player(seat).library
    )
