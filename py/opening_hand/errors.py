"""The engine's error family.

Every error the engine raises on purpose is a :class:`RulesError` (a ``ValueError``), so
the page can show ``str(error)`` to the player and carry on. Two kinds:

* :class:`DecklistError` - the input cannot be read (it carries the 1-based line number);
* :class:`IllegalActionError` - a well-formed action that the rules do not allow now
  (wrong seat, wrong number of cards, a card that is not in the hand ...).

An action that raises leaves the game state untouched: states are immutable values.
"""

from __future__ import annotations


class RulesError(ValueError):
    """Base class of every error the engine raises on purpose."""


class DecklistError(RulesError):
    """A decklist line (or the decklist as a whole) cannot be used.

    >>> str(DecklistError("quantity must be at least 1", line=3, text="0 Island"))
    'Line 3: quantity must be at least 1 ("0 Island")'
    """

    def __init__(self, message: str, line: int | None = None, text: str | None = None) -> None:
        self.message = message
        self.line = line
        self.text = text
        super().__init__(self._format())

    def _format(self) -> str:
        where = f"Line {self.line}: " if self.line is not None else ""
        shown = f' ("{self.text}")' if self.text else ""
        return f"{where}{self.message}{shown}"


class DeckCheckError(RulesError):
    """The deck can be read but breaks the format's deck rules (e.g. CR 100.2a).

    ``problems`` lists every broken rule, each naming the card and the rule.
    """

    def __init__(self, problems: tuple[str, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class IllegalActionError(RulesError):
    """An action the rules do not allow at this point of the game."""


class NotYourDecisionError(IllegalActionError):
    """The action is for a seat or a decision the game is not waiting for."""


class WrongCardCountError(IllegalActionError):
    """The action names the wrong number of cards (e.g. cards to put on the bottom)."""


class CardNotInHandError(IllegalActionError):
    """The action names a card that is not in the acting player's hand."""
