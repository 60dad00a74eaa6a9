"""The trainer's reading of a hand: the outlook (:mod:`.outlook`) for a seat's hand at its
decision, what the player's keep rule says of it, and the one line of feedback after Keep
or Mulligan.

The feedback compares two exact figures on one scale: the chance that this hand is *on
track* and the chance that the next hand, after a mulligan, is on track (its lands kept
for the best chance when cards go to the bottom). On track: the hand makes its land drops
(CR 305.2, one a turn) up to the turn its spells need, its highest mana value but at
least 2 and at most 3 (``need`` lands by turn ``need``), without holding more than one land
over the keep rule's most by turn 3. Within :data:`CLOSE` of each other the numbers give no
verdict, and the line says so. The mulligan also costs a card, which neither chance shows;
the line adds the chance that the mulligans reach a hand the keep rule keeps.

>>> from opening_hand.quiz import deciding, make_quiz
>>> from opening_hand.share import Setup
>>> setup = Setup(deck="24 Mountain\\n36 Lightning Bolt", format="constructed", players=2,
...               edition="london", seed=1, unchecked=True)
>>> state = deciding(make_quiz(setup, 1, seed=3), 0)
>>> reading = read_hand(state, 1)
>>> reading.size, reading.lands, reading.meets_rule
(7, 3, True)
>>> feedback(reading, keep=True)[:33]
'Kept 7 cards, 3 lands, on the dra'
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from math import comb

from .cards import Card, CardInfo, lookup, normalise
from .game import GameState
from .odds import LONDON, KeepRule, OddsRule, attempts
from .outlook import Lands, Outlook, at_least, draws, outlook

CLOSE = Fraction(1, 10)  # figures closer than this give no verdict
DEFAULT_RULE = KeepRule()


def odds_rule(state: GameState, powder: bool) -> OddsRule | None:
    """The :mod:`.odds` procedure of the table's rules edition (with Serum Powder played when
    ``powder``), or None for a rule it has no figures for (the original rule, Partial Paris,
    draw ten)."""
    rule = state.edition.odds
    return rule.with_powder() if rule is not None and powder else rule


@dataclass(frozen=True, slots=True)
class Reading:
    seat: int
    on_play: bool  # the seat's team takes the first turn (CR 103.1)
    skips_draw: bool  # it skips its first draw (CR 103.7a, 103.7b): the "play" figures apply
    rule: KeepRule  # the keep rule for its side of the table
    size: int  # the hand, less any cards still to go to the bottom (the best choice for the rule)
    lands: int
    meets_rule: bool
    outlook: Outlook
    mulligan_rule: OddsRule | None  # the odds procedure for "a mulligan from here", if there are figures
    next_hand: tuple[int, int] | None  # (cards drawn, cards kept) by the next mulligan
    deck: tuple[int, int] = (0, 0)  # (cards, lands) a mulligan shuffles together: hand and library

    @property
    def side(self) -> str:
        return "play" if self.on_play else "draw"

    @property
    def lands_table(self) -> Lands:
        return self.outlook.play if self.skips_draw else self.outlook.draw

    @property
    def need(self) -> int:
        """The land drops this hand's spells ask for: its highest mana value, from 2 to 3."""
        return min(3, max([2, *(row.turn for row in self.outlook.casting)]))

    @property
    def on_track(self) -> Fraction:
        """P(``need`` lands by turn ``need``, and at most the rule's most lands + 1 by turn 3)."""
        seen = self.outlook
        held, size, there = seen.hand_lands, seen.library_size, seen.library_lands
        return _on_track(held, size, there, self.need, self.skips_draw, self.rule.max_lands)

    @property
    def next_on_track(self) -> Fraction | None:
        """P(the next hand after a mulligan is on track), from the whole deck (hand and
        library shuffled together): None when no mulligan is left or the rules have no figures."""
        if self.mulligan_rule is None or self.outlook.mulligan is None or self.next_hand is None:
            return None
        drawn, keep = self.next_hand
        size, lands = self.deck
        if drawn > size:
            return None
        return next_hand_on_track(size, lands, drawn, keep, self.need, self.skips_draw, self.rule.max_lands)

    @property
    def mulligan_keepable(self) -> Fraction | None:
        return self.outlook.mulligan.keepable if self.outlook.mulligan is not None else None


def _on_track(held: int, size: int, there: int, need: int, skips: bool, most: int) -> Fraction:
    # Flooded: at least F = max(most + 2, 3) lands by turn 3. One card arrives a turn at
    # most, so a flood had F - (3 - need) >= need lands by turn ``need``: every flood made
    # the drops too, and P(enough, not flooded) = P(enough) - P(flooded).
    enough = at_least(held, size, there, draws(need, skips), need)
    return enough - at_least(held, size, there, draws(3, skips), max(most + 2, 3))


@lru_cache(maxsize=256)  # bounded: a long session must not grow it
def next_hand_on_track(size: int, lands: int, drawn: int, keep: int, need: int, skips: bool, most: int) -> Fraction:
    """P(a hand of ``drawn`` cards from ``size`` cards with ``lands`` lands, ``keep`` of them
    kept for the best chance of being on track, is on track). The cards put on the bottom
    are known not to come; the rest of the library is drawn in an unknown order."""
    total = comb(size, drawn)
    chance = Fraction(0)
    for in_hand in range(max(0, drawn - (size - lands)), min(lands, drawn) + 1):
        ways = comb(lands, in_hand) * comb(size - lands, drawn - in_hand)
        options = range(max(0, keep - (drawn - in_hand)), min(in_hand, keep) + 1)
        best = max(_on_track(kept, size - drawn, lands - in_hand, need, skips, most) for kept in options)
        chance += Fraction(ways, total) * best
    return chance


def _info(card: Card) -> CardInfo:
    return lookup(card.name)


def read_hand(
    state: GameState,
    seat: int,
    play: KeepRule = DEFAULT_RULE,
    draw: KeepRule = DEFAULT_RULE,
    keys: Collection[str] = (),
    bottom: Sequence[int] = (),
) -> Reading:
    """The reading of ``seat``'s hand now; ``bottom``: ids of hand cards the player has
    marked for the bottom (they count as gone from the hand and known at the bottom)."""
    p = state.player(seat)
    key_names = {normalise(k) for k in keys}
    marked = set(bottom)

    def is_land(info: CardInfo) -> bool:
        return info.is_land or normalise(info.name) in p.marked_lands

    def is_key(info: CardInfo) -> bool:
        return normalise(info.name) in key_names

    team = state.team_of(seat) if state.starting_player is not None else None
    on_play = team is not None and state.team_of(state.starting_player or 0) == team
    if state.starting_player is not None and state.phase != "first_turn":
        skippers, _rule = state.format.first_draw_skippers(state.starting_team, len(state.players))
    else:
        skippers = state.first_draw_skipped
    skips = seat in skippers if state.starting_player is not None else False
    rule = play if on_play else draw
    hand = [_info(c) for c in p.hand if c.id not in marked]
    known = len(p.library) - p.bottomed if p.bottomed else len(p.library)
    library = [_info(c) for c in p.library[:known]]
    at_bottom = [_info(c) for c in p.library[known:]] + [_info(c) for c in p.hand if c.id in marked]
    aside = [_info(c) for c in (*p.set_aside, *p.exile)]
    powder = any(normalise(i.name) == normalise("Serum Powder") for i in (*hand, *library, *at_bottom))
    mulligan_rule = odds_rule(state, powder)
    seen = outlook(
        hand,
        library,
        bottom=at_bottom,
        aside=aside,
        is_land=is_land,
        is_key=is_key,
        keep_rule=rule,
        rule=mulligan_rule or LONDON,
        free=state.free_mulligans > p.mulligans,
        mulligans_taken=p.mulligans,
    )
    if mulligan_rule is None:
        seen = _without_mulligan(seen)
    lands = sum(1 for i in hand if is_land(i))
    keys_held = sum(1 for i in hand if is_key(i))
    owed = p.to_bottom or (0 if p.kept else state.owed_on_keeping(p, state.counted_mulligans(p)))
    size = len(hand) - max(0, owed - len(marked))
    meets = _meets(lands, len(hand) - lands, keys_held, size, rule)
    plan = list(attempts(mulligan_rule or LONDON, state.free_mulligans > 0, p.hand_size))
    following = plan[p.mulligans + 1] if p.mulligans + 1 < len(plan) else None
    whole = [*hand, *library, *at_bottom]
    deck = (len(whole), sum(1 for i in whole if is_land(i)))
    return Reading(seat, on_play, skips, rule, size, min(lands, size), meets, seen, mulligan_rule, following, deck)


def _without_mulligan(seen: Outlook) -> Outlook:
    return replace(seen, mulligan=None)


def _meets(lands: int, spells: int, keys: int, size: int, rule: KeepRule) -> bool:
    """Whether ``size`` of the hand's cards can be kept to meet ``rule`` (or the hand is at
    the rule's floor, where it is always kept)."""
    if size <= rule.floor:
        return True
    for kept_lands in range(rule.min_lands, min(rule.max_lands, lands, size) + 1):
        if size - kept_lands <= spells and min(keys, size) >= rule.min_keys:
            return True
    return False


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.0f} %"


def _lands(n: int) -> str:
    return f"{n} land{'' if n == 1 else 's'}"


def verdict(reading: Reading) -> str | None:
    """What the numbers favour: "keep", "mulligan", or None (close, or no figures)."""
    following = reading.next_on_track
    if following is None or abs(reading.on_track - following) < CLOSE:
        return None
    return "keep" if reading.on_track > following else "mulligan"


def feedback(reading: Reading, keep: bool) -> str:
    """One line comparing the decision with the keep rule and with the odds."""
    r = reading.rule
    what = "Kept" if keep else "Mulligan from"
    need = reading.need
    line = f"{what} {reading.size} cards, {_lands(reading.lands)}, on the {reading.side}. "
    line += f"On track ({need} lands by turn {need}): {percent(reading.on_track)}"
    mulligan, following = reading.mulligan_keepable, reading.next_on_track
    size = reading.outlook.mulligan.expected_size if reading.outlook.mulligan is not None else None
    if mulligan is not None and size is not None and following is not None and reading.next_hand:
        line += f"; after a mulligan to {reading.next_hand[1]}: {percent(following)}"
        line += f" (a hand your rule keeps: {percent(mulligan)}, mean {float(size):.1f} cards)"
    elif reading.mulligan_rule is None:
        line += "; no mulligan figures for these rules"
    else:
        line += "; no mulligan is left"
    says = "keep" if reading.meets_rule else "mulligan"
    rule_text = f"{r.min_lands}–{r.max_lands} lands" + (f", {r.min_keys}+ key cards" if r.min_keys else "")
    followed = (says == "keep") == keep
    line += f". Your keep rule ({rule_text}) says {says}: you {'followed' if followed else 'went against'} it"
    favoured = verdict(reading)
    if following is None:
        return line + "."
    if favoured is None:
        return line + "; the numbers are close: no verdict."
    with_numbers = (favoured == "keep") == keep
    ending = ", as you chose." if with_numbers else ", not what you chose."
    return line + f"; the numbers favour {'keeping' if favoured == 'keep' else 'a mulligan'}{ending}"
