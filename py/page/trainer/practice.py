"""The trainer beside the table: the hand outlook, the feedback line after each Keep or
Mulligan, and quizzes. ``App`` owns one; ``App.update`` asks it, after the table is drawn,
to read the hand on the main board (``render``) and for the feedback on the player's decision
(``feedback``); it writes nothing of another part's.
"""

from __future__ import annotations

from opening_hand.rules.actions import Action
from opening_hand.rules.state import GameState
from page.dom import Node
from page.seams import Page
from page.table.board import Shown
from page.trainer.outlook_panel import OutlookPanel
from page.trainer.quiz_panel import QuizPanel


class Practice:
    def __init__(self, box: Node, page: Page) -> None:
        self.outlook = OutlookPanel(box, page.keep_rules, refresh=page.redraw_outlook, read_turns=page.trainer_turns)
        self.quiz = QuizPanel(page, self.outlook.ladders)

    def render(self, shown: Shown | None) -> None:
        """The outlook for the hand the main board shows (left as it is before a deal)."""
        if shown is not None:
            self.outlook.render(shown)

    def answered_quiz(self, before: GameState, action: Action) -> bool:
        """A quiz hand answered: the quiz notes it and deals the next (True); it keeps its verdicts for the results."""
        return self.quiz.answered(before, action)

    def feedback(self, before: GameState, action: Action, marked: tuple[int, ...]) -> str:
        """The feedback line on the player's decision (empty: none)."""
        return self.outlook.decided(before, action, list(marked))
