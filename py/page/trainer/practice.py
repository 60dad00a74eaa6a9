"""The trainer beside the table: the hand outlook, the feedback line after each Keep or
Mulligan, and quizzes. ``App`` owns one; it sees the main board after every render and
every decision of the player's.
"""

from __future__ import annotations

from opening_hand import Action, GameState
from page.seams import Page
from page.table.board import Board
from page.trainer.outlook_panel import OutlookPanel
from page.trainer.quiz_panel import QuizPanel


class Practice:
    def __init__(self, board: Board, page: Page) -> None:
        self.board = board
        self.outlook = OutlookPanel(page.keep_rules, refresh=self.render, read_turns=page.trainer_turns)
        self.quiz = QuizPanel(page, board, self.outlook.ladders)

    def render(self) -> None:
        board = self.board
        if board.state is not None:
            self.outlook.render(board.root, board.state, board.view.focus, board.users, board.marked)

    def decided(self, before: GameState, action: Action, marked: list[int]) -> None:
        if self.quiz.answered(before, action):
            return  # a quiz keeps its verdicts for the results
        self.outlook.decided(before, action, marked, self.board.view.feedback)
