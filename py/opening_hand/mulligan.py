"""Mulligan rules as small strategy objects.

The declaration loop itself lives in :mod:`opening_hand.game` and is the same for every
rule; a rule only answers the questions where the rules texts differ: how many cards a
new hand has, how many go to the bottom, and whether another mulligan is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .errors import RulesError


@dataclass(frozen=True)
class MulliganRule:
    """Base class: the questions a mulligan rule answers.

    ``counted`` is the number of mulligans that count (CR 103.4c makes a first mulligan
    free in some games; a free mulligan is a number in the format, not another rule).
    """

    key: ClassVar[str] = ""
    name: ClassVar[str] = ""
    citation: ClassVar[str] = "103.4"

    def cards_to_draw(self, hand_size: int, counted: int) -> int:
        raise NotImplementedError

    def cards_to_bottom(self, hand_size: int, counted: int) -> int:
        raise NotImplementedError

    def may_mulligan(self, hand_size: int, counted: int) -> bool:
        raise NotImplementedError

    def opening_hand_size(self, hand_size: int, counted: int) -> int:
        return max(0, self.cards_to_draw(hand_size, counted) - self.cards_to_bottom(hand_size, counted))


@dataclass(frozen=True)
class London(MulliganRule):
    """CR 103.4 (current text): draw a full new hand every time, then put on the bottom
    one card per mulligan taken; no further mulligan once the opening hand would be zero cards.

    >>> rule = London()
    >>> [rule.opening_hand_size(7, n) for n in range(8)]
    [7, 6, 5, 4, 3, 2, 1, 0]
    >>> rule.may_mulligan(7, 6), rule.may_mulligan(7, 7)
    (True, False)
    """

    key: ClassVar[str] = "london"
    name: ClassVar[str] = "London mulligan (current rules, 2019–)"

    def cards_to_draw(self, hand_size: int, counted: int) -> int:
        return hand_size

    def cards_to_bottom(self, hand_size: int, counted: int) -> int:
        return min(counted, hand_size)

    def may_mulligan(self, hand_size: int, counted: int) -> bool:
        # CR 103.4: "A player can take mulligans until their opening hand would be zero
        # cards, after which they may not take further mulligans."
        return self.opening_hand_size(hand_size, counted) > 0


MULLIGAN_RULES: dict[str, MulliganRule] = {rule.key: rule for rule in (London(),)}


def find_mulligan_rule(key: str) -> MulliganRule:
    try:
        return MULLIGAN_RULES[key.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(MULLIGAN_RULES))
        raise RulesError(f"unknown mulligan rule {key!r}; known rules: {known}") from None
