"""The way back after a click is one way: ``Board`` turns an input into an engine action and
returns what happened (an ``Outcome``); it draws nothing and calls nothing back, and the page's
``App.update`` draws the table, the trainer's reading and the feedback from it. The browser is
stood in for by stubs: nothing here touches a DOM."""

from __future__ import annotations

import ast
import inspect
import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from unittest import mock

import pytest

from opening_hand.rules.actions import Mulligan
from opening_hand.rules.decisions import ChooseBottom, DeclareMulligan
from opening_hand.rules.game import new_game
from opening_hand.rules.state import SeatConfig

PAGE = Path(__file__).resolve().parents[2] / "py" / "page"


@pytest.fixture
def board_module() -> Iterator[types.ModuleType]:
    """``page.table.board`` imported with ``pyscript`` and ``pyodide.ffi`` stood in for."""
    window = mock.MagicMock()
    window.performance.now.return_value = 0.0
    stubs = {
        "pyscript": types.SimpleNamespace(window=window, document=mock.MagicMock()),
        "pyodide": types.ModuleType("pyodide"),
        "pyodide.ffi": types.SimpleNamespace(create_once_callable=lambda f: f, create_proxy=lambda f: f),
    }
    page_modules = [name for name in sys.modules if name.startswith("page.")]
    with mock.patch.dict(sys.modules, stubs):
        for name in page_modules:
            sys.modules.pop(name)
        import page.table.board as board

        yield board
    for name in [n for n in sys.modules if n.startswith("page.") and n not in page_modules]:
        sys.modules.pop(name)


def test_board_takes_no_callbacks(board_module: types.ModuleType) -> None:
    parameters = inspect.signature(board_module.Board.__init__).parameters
    assert not [name for name, p in parameters.items() if "Callable" in str(p.annotation) or name.startswith("on_")]


def test_a_mulligan_returns_what_happened_and_draws_nothing(board_module: types.ModuleType) -> None:
    cards = ("Mountain",) * 24 + ("Lightning Bolt",) * 36
    state = new_game([SeatConfig("A", cards), SeatConfig("B", cards)], seed=7)
    board = board_module.Board(mock.MagicMock(), mock.MagicMock())
    with mock.patch.object(board.view, "render") as render, mock.patch.object(board.view, "feedback") as feedback:
        shown = board.show(state, frozenset({1}))
        assert shown.fresh and shown.action is None
        if not isinstance(board.state.pending, DeclareMulligan):
            board.on_button("play-first")
        before = board.state
        assert isinstance(before.pending, DeclareMulligan) and before.pending.player == 1
        outcome = board.on_button("mulligan")
        assert outcome == board_module.Outcome(before, Mulligan(1), (), fresh=True, begun=False)
        assert board.state is not before
        assert isinstance(board.state.pending, DeclareMulligan | ChooseBottom)
        render.assert_not_called()  # the table is drawn by App.update, once, after the outcome
        feedback.assert_not_called()  # and the feedback line once, after the trainer's reading


def test_a_refused_or_empty_input_returns_nothing(board_module: types.ModuleType) -> None:
    board = board_module.Board(mock.MagicMock(), mock.MagicMock())
    assert board.on_button("mulligan") is None  # no game yet
    assert board.undo() is None


def test_every_event_handler_names_one_app_method() -> None:
    """``app().panel.method()`` would reach past the page into a panel: each handler asks ``App``."""
    for name in ("start.py", "deck_routes.py"):
        text = (PAGE / name).read_text(encoding="utf-8")
        ast.parse(text)
        assert not re.findall(r"app\(\)\.\w+\.\w+", text), name
