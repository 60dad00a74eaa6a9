"""Opening Hand: the start of a Magic: The Gathering game (Comprehensive Rules 103) as a
pure, seeded, standard-library-only state machine. No module here imports ``js`` or
``pyscript``: the page (``py/page/``) is the only code that touches the DOM.

The engine's rooms, by theme:

* ``opening_hand.rules``: the start of a game. ``game`` (``new_game``, ``apply``),
  ``state`` (the immutable states), ``decisions`` (what a state waits for: ``state.pending``)
  and ``actions`` (what answers it), the CR 103 steps (``setup_steps``, ``mulligan_steps``,
  ``opening_actions``, ``practice_turns``, with ``zones`` and ``game_log``), ``editions``,
  ``formats``, ``special`` (cards the rules name), ``match``, ``policy`` (computer seats),
  ``rule_index`` and ``arena`` (Arena's hand smoothing).
* ``opening_hand.cards``: what cards are. The package itself holds ``Card``, ``CardInfo``,
  the built-in catalog and ``CardPool`` (the card data a game reads); beside it the full
  database (``carddb``, ``scryfall``), ``mana`` and ``manatext`` (cards' mana as facts),
  ``decklist``, ``cardcheck``, ``formatfit``, ``landguess`` and ``samples``.
* ``opening_hand.trainer``: ``odds`` and ``outlook`` (exact figures), ``playkinds``,
  ``goldfish``, ``curve``, ``mulligan_value`` and ``verdict`` (the value model), ``reading``
  (the trainer's reading of a hand), ``quiz``, ``stats`` and ``recent``.
* ``opening_hand.share``: ``share_link`` (share links), ``library`` (saved decks), ``stored``
  and ``guarded`` (untrusted JSON read safely).
* ``opening_hand.errors``: the engine's error family.

Code imports each name from the module that defines it. For scripts, this package also
names the few it takes to play a game start (``PUBLIC``) and every action and decision
(``rules.actions.ACTIONS``, ``rules.decisions.ANSWERS``), loaded on first use (PEP 562), so
importing a small module (the format registry, say) never loads the whole engine.
"""

from __future__ import annotations

import importlib
from typing import Any

# The one export list: name -> the module that defines it.
PUBLIC = {
    "new_game": "rules.game",
    "apply": "rules.game",
    "random_seed": "rules.game",
    "GameState": "rules.state",
    "SeatConfig": "rules.state",
    "Action": "rules.actions",
    "Decision": "rules.decisions",
    "RulesError": "errors",
    "IllegalActionError": "errors",
    "CardPool": "cards",
    "parse_decklist": "cards.decklist",
    "read_hand": "trainer.reading",
    "verdict": "trainer.reading",
}


def _steps() -> dict[str, Any]:
    """Every action and every decision, by class name (their one list is in ``rules``)."""
    actions = importlib.import_module("opening_hand.rules.actions")
    decisions = importlib.import_module("opening_hand.rules.decisions")
    return {kind.__name__: kind for kind in (*actions.ACTIONS, *decisions.ANSWERS)}


def __getattr__(name: str) -> Any:
    if name in PUBLIC:
        value = getattr(importlib.import_module(f"opening_hand.{PUBLIC[name]}"), name)
    elif name[:1].isupper() and name in (steps := _steps()):
        value = steps[name]
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *PUBLIC, *_steps()})
