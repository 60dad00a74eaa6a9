"""The trainer beside the table: the hand outlook, the feedback line after each Keep or
Mulligan, and quizzes. ``App`` owns one; it sees the main board after every render and
every decision of the player's.
"""

from __future__ import annotations

from typing import Any

from outlook_panel import OutlookPanel
from quiz_panel import QuizPanel

from opening_hand import Action, GameState


class Practice:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.outlook = OutlookPanel(app.analysis.keep_rules)
        self.outlook.refresh = self.render
        self.quiz = QuizPanel(app)

    def render(self) -> None:
        board = self.app.main
        if board.state is not None:
            self.outlook.render(board.root, board.state, board.view.focus, board.users, board.marked)

    def decided(self, before: GameState, action: Action, marked: list[int]) -> None:
        if self.quiz.answered(before, action):
            return  # a quiz keeps its verdicts for the results
        self.outlook.decided(before, action, marked, self.app.main.view.feedback)
