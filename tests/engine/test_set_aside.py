"""Set-aside hands (the Commander rules committee's advice, ``commander-set-aside``): each
rejected hand waits outside the library, so the next seven come from the cards left; when
fewer cards remain than the next hand needs, the set-aside cards are shuffled back first, and
the log says so. The engine, the odds (``odds._walk``) and the trainer (``read_hand``) count
the same way: on a 40-card deck, six mulligans in a row deal seven cards every time.
"""

from __future__ import annotations

import random
from fractions import Fraction

from opening_hand.rules.actions import ChooseStarting, Keep, Mulligan, PutOnBottom
from opening_hand.rules.decisions import ChooseBottom, DeclareMulligan
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.state import GameState, SeatConfig
from opening_hand.trainer.odds import LONDON_SET_ASIDE, DeckCounts, KeepRule, keepable, outcome
from opening_hand.trainer.reading import read_hand

LANDS, SIZE = 17, 40
DECK = ("Mountain",) * LANDS + ("Lightning Bolt",) * (SIZE - LANDS)
COUNTS = DeckCounts(0, 0, LANDS, SIZE - LANDS)


def game(seed: int) -> GameState:
    seats = [SeatConfig(f"Seat {i}", DECK) for i in (1, 2)]
    state = new_game(seats, seed=seed, format="limited", edition="commander-set-aside")
    return apply(state, ChooseStarting(state.chooser, 1))


def counts(cards: tuple[object, ...], state: GameState) -> DeckCounts:
    lands = sum(1 for c in cards if state.player(1).is_land(c))  # type: ignore[arg-type]
    return DeckCounts(0, 0, lands, len(cards) - lands)


def test_six_mulligans_on_a_40_card_deck_deal_seven_every_time_and_the_odds_and_trainer_agree() -> None:
    """Each hand set aside, the next seven come from what is left: 26, 19, 12 and 5 cards stay
    in the library; at the fifth mulligan 5 cards are fewer than a hand, so the 35 set-aside
    cards are shuffled back first (logged), and the fifth and sixth mulligans deal seven too.
    At every decision the trainer's figure for a mulligan is the odds' exact figure for the
    cards out of the library then, and the engine shuffles back exactly when the odds' model
    does (fewer than seven cards left once the hand is set aside)."""
    rule = KeepRule(2, 4, floor=0)
    state = game(3)
    libraries, backs = [], []
    for taken in range(6):
        assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 1
        p = state.player(1)
        assert len(p.hand) == 7 and len(p.library) + len(p.set_aside) + len(p.hand) == SIZE
        trainer = read_hand(state, 1, rule, rule).outlook.mulligan
        out = counts(p.set_aside + p.hand, state)
        assert trainer == outcome(COUNTS, LONDON_SET_ASIDE, True, rule, start=taken + 1, out=out)
        odds_shuffle_back = SIZE - len(p.set_aside) - len(p.hand) < 7
        seen = len(state.events)
        state = apply(state, Mulligan(1))
        while isinstance(state.pending, DeclareMulligan) and state.pending.player == 2:
            state = apply(state, Keep(2))
        back = [e for e in state.events[seen:] if "shuffles the" in e.text and "set-aside" in e.text]
        assert bool(back) == odds_shuffle_back
        backs.append(bool(back))
        libraries.append(len(state.player(1).library))
    assert libraries == [26, 19, 12, 5, 33, 26] and backs == [False, False, False, False, True, False]
    (line,) = [e for e in state.events if "first shuffles" in e.text]
    assert line.rule == "House rule: Commander mulligan" and line.step == "set-aside"
    assert "Only 5 cards remain in Seat 1's library, fewer than the 7 of the next hand" in line.text
    assert "the 35 set-aside cards back" in line.text
    state = apply(state, Keep(1))  # the set-aside cards go back in, then five cards to the bottom
    assert isinstance(state.pending, ChooseBottom) and state.pending.count == 5
    state = apply(state, PutOnBottom(1, tuple(c.id for c in state.player(1).hand[:5])))
    p = state.player(1)
    assert len(p.hand) == 2 and not p.set_aside and len(p.library) == 38


def keeps(state: GameState, rule: KeepRule) -> bool:
    """The keep rule on the seven in hand, for the size kept (the bottom cards go on keeping)."""
    p = state.player(1)
    assert isinstance(state.pending, DeclareMulligan)
    size = len(p.hand) - state.pending.cards_to_bottom_if_kept
    if size <= rule.floor:
        return True
    lands = p.lands_in_hand()
    return keepable((0, 0, lands, len(p.hand) - lands), size, rule)


def test_the_engine_played_by_a_keep_rule_ends_as_the_odds_say() -> None:
    """A keep rule strict down to four cards (5 lands in a seven or a six, 4 or 5 in a five, 4
    in a four) and easy below (1 or 2 lands in three cards), so most games set four hands
    aside and reach the shuffle back, then keep three cards: 2,000 engine games against the
    exact odds, the chance of a keepable hand and the mean size kept within 4 standard errors.
    Before the shuffle back, the engine's fifth mulligan dealt 5 cards and its sixth none, and
    its mean size came out far below the odds'."""
    rule = KeepRule(5, 5, floor=0, by_size=((6, 5, 5), (5, 4, 5), (4, 4, 4), (3, 1, 2), (2, 1, 1), (1, 1, 1)))
    exact = outcome(COUNTS, LONDON_SET_ASIDE, True, rule)
    rng = random.Random(5)
    games = 2_000
    good = sizes = 0
    for _ in range(games):
        state = game(rng.randrange(2**40))
        while isinstance(state.pending, DeclareMulligan):
            seat = state.pending.player
            action = Keep(seat) if seat == 2 or keeps(state, rule) else Mulligan(seat)
            state = apply(state, action)
        if isinstance(state.pending, ChooseBottom):  # the policy-free bottom: keep what the rule wants
            p = state.player(1)
            keep = len(p.hand) - state.pending.count
            lands = [c for c in p.hand if p.is_land(c)]
            spells = [c for c in p.hand if not p.is_land(c)]
            kept_lands = min(len(lands), max(rule.lands_for(keep)[0], keep - len(spells)), keep)
            kept = lands[:kept_lands] + spells[: keep - kept_lands]
            state = apply(state, PutOnBottom(1, tuple(c.id for c in p.hand if c not in kept)))
        hand = state.player(1).hand
        lands = sum(1 for c in hand if state.player(1).is_land(c))
        low, high = rule.lands_for(len(hand))
        good += len(hand) > 0 and low <= lands <= high
        sizes += len(hand)
    p, mean = good / games, sizes / games
    error = (float(exact.keepable) * (1 - float(exact.keepable)) / games) ** 0.5
    assert abs(p - float(exact.keepable)) < 4 * error, (p, float(exact.keepable))
    variance = float(sum((s - exact.expected_size) ** 2 * q for s, q in exact.sizes.items()))
    assert abs(mean - float(exact.expected_size)) < 4 * (variance / games) ** 0.5, (mean, float(exact.expected_size))
    assert exact.sizes.get(0, Fraction(0)) > 0  # some games do mulligan to zero: the deep hands are reached
