"""The examples in the engine's docstrings are tests too (here and inside Pyodide)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import opening_hand

MODULES = sorted(m.name for m in pkgutil.walk_packages(opening_hand.__path__, "opening_hand."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_examples_exist() -> None:
    total = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert total >= 10
