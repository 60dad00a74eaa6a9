"""The engine's error family.

Every error the engine raises on purpose is a :class:`RulesError` (a ``ValueError``), so
the page can show ``str(error)`` to the player and carry on. Two kinds:

* :class:`DecklistError` - the input cannot be read (it carries the 1-based line number);
* :class:`IllegalActionError` - a well-formed action that the rules do not allow now
  (wrong seat, wrong number of cards, a card that is not in the hand ...).

An action that raises leaves the game state untouched: states are immutable values.
"""

from __future__ import annotations

from dataclasses import dataclass


class RulesError(ValueError):
    """Base class of every error the engine raises on purpose."""


@dataclass(frozen=True, slots=True)
class LineProblem:
    """One line of a decklist that cannot be read: its 1-based number (None for the list as
    a whole), the text as typed (shortened when long), and why."""

    line: int | None
    text: str | None
    reason: str
    fixes: tuple[tuple[str, str], ...] = ()  # (what it says, the corrected line) for one-click fixes

    def __str__(self) -> str:
        where = f"Line {self.line}: " if self.line is not None else ""
        shown = f' ("{self.text}")' if self.text else ""
        return f"{where}{self.reason}{shown}"


class DecklistError(RulesError):
    """A decklist cannot be used: one or more lines cannot be read, or the whole list.

    ``problems`` lists every unreadable line; ``line``/``text``/``message`` describe the first.

    >>> str(DecklistError("quantity must be at least 1", line=3, text="0 Island"))
    'Line 3: quantity must be at least 1 ("0 Island")'
    >>> error = DecklistError.of([LineProblem(2, "0 Shock", "quantity must be at least 1"),
    ...                           LineProblem(4, "4", "a quantity needs a card name after it")])
    >>> print(error)
    2 lines cannot be read:
    Line 2: quantity must be at least 1 ("0 Shock")
    Line 4: a quantity needs a card name after it ("4")
    """

    def __init__(
        self, message: str, line: int | None = None, text: str | None = None, fixes: tuple[tuple[str, str], ...] = ()
    ) -> None:
        self.message = message
        self.line = line
        self.text = text
        self.problems: tuple[LineProblem, ...] = (LineProblem(line, text, message, fixes),)
        super().__init__(str(self.problems[0]))

    @classmethod
    def of(cls, problems: list[LineProblem] | tuple[LineProblem, ...]) -> DecklistError:
        """One error listing every problem (at least one)."""
        first = problems[0]
        error = cls(first.reason, first.line, first.text)
        error.problems = tuple(problems)
        if len(problems) > 1:
            error.args = (f"{len(problems)} lines cannot be read:\n" + "\n".join(str(p) for p in problems),)
        return error


class DeckCheckError(RulesError):
    """The deck can be read but breaks the format's deck rules (e.g. CR 100.2a).

    ``problems`` lists every broken rule, each naming the card and the rule.
    """

    def __init__(self, problems: tuple[str, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


class CardCheckError(DeckCheckError):
    """Cards the full database does not know, or that may not be played in the chosen
    format (``cardcheck``); each problem has its line, and maybe fixes to apply."""

    def __init__(self, lines: tuple[LineProblem, ...]) -> None:
        self.lines = lines
        super().__init__(tuple(str(problem) for problem in lines))


class IllegalActionError(RulesError):
    """An action the rules do not allow at this point of the game."""


class NotYourDecisionError(IllegalActionError):
    """The action is for a seat or a decision the game is not waiting for."""


class WrongCardCountError(IllegalActionError):
    """The action names the wrong number of cards (e.g. cards to put on the bottom)."""


class CardNotInHandError(IllegalActionError):
    """The action names a card that is not in the acting player's hand."""
