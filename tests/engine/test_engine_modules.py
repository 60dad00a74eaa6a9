"""The engine's modules keep to their seams (issue 40): each action is defined once, in
``actions.Action``, and every decision says which actions answer it; no module reaches into
another's private names."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import get_args

from opening_hand.rules.actions import ACTIONS, Action, TakeTurn
from opening_hand.rules.decisions import ANSWERS, Decision

ENGINE = Path(__file__).resolve().parents[2] / "py" / "opening_hand"
# Left for later: the playout's module shares its goldfish helper under a private name.


def test_the_list_of_actions_is_the_action_union_and_each_says_what_it_does() -> None:
    assert get_args(Action) == ACTIONS
    assert len(set(ACTIONS)) == len(ACTIONS)
    assert all(isinstance(action.doing, str) and action.doing for action in ACTIONS)


def test_every_decision_is_answered_and_every_action_but_a_practice_turn_answers_one() -> None:
    assert set(ANSWERS) == set(get_args(Decision))
    answering: list[type] = []
    for answers in ANSWERS.values():
        answering.extend(answers if isinstance(answers, tuple) else (answers,))
    assert sorted(answering, key=lambda a: a.__name__) == sorted(
        (a for a in ACTIONS if a is not TakeTurn), key=lambda a: a.__name__
    )


def test_no_engine_module_imports_another_modules_private_names() -> None:
    found = set()
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").startswith("opening_hand")):
                found |= {(path.name, node.module, a.name) for a in node.names if a.name.startswith("_")}
            elif (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
                and isinstance(node.value, ast.Name)
                and node.value.id not in ("self", "cls")
            ):
                found.add((path.name, node.value.id, node.attr))
    assert found == set()
