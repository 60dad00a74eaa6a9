"""Opening Hand: the start of a Magic: The Gathering game (Comprehensive Rules 103) as a
pure, seeded, standard-library-only state machine. No module here imports ``js`` or
``pyscript``: the page's adapter (``py/main.py``) is the only code that touches the DOM.
"""

# The package imports nothing at start-up: names load on first use (PEP 562), so the page
# can import the small format registry without paying for the whole engine.

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "ShuffleBack": "actions",
    "ScryDecision": "actions",
    "Scry": "decisions",
    "ChooseShuffleBack": "decisions",
    "Action": "actions",
    "apply": "game",
    "BeginOnBattlefield": "actions",
    "Card": "cards",
    "CardInfo": "cards",
    "CardPool": "cards",
    "CardNotInHandError": "errors",
    "CATALOG": "cards",
    "check_constructed": "decklist",
    "check_deck": "decklist",
    "ChooseBackupHand": "decisions",
    "ChooseBottom": "decisions",
    "ChooseCompanion": "decisions",
    "ChooseConspiracies": "decisions",
    "ChooseStickerSheets": "decisions",
    "ChooseStickers": "actions",
    "ChooseStarting": "actions",
    "ChooseStartingPlayer": "decisions",
    "CompanionOption": "decisions",
    "Decision": "decisions",
    "DeckCheckError": "errors",
    "DeckEntry": "decklist",
    "Decklist": "decklist",
    "DecklistError": "errors",
    "DeclareMulligan": "decisions",
    "Event": "state",
    "find_format": "formats",
    "FinishOpeningActions": "actions",
    "Format": "formats",
    "FORMATS": "formats",
    "GameResult": "match",
    "GameState": "state",
    "IllegalActionError": "errors",
    "Keep": "actions",
    "KeepBackupHand": "actions",
    "Edition": "editions",
    "EDITIONS": "editions",
    "find_edition": "editions",
    "lookup": "cards",
    "Match": "match",
    "MAX_SEED": "state",
    "Mulligan": "actions",
    "new_game": "game",
    "NotYourDecisionError": "errors",
    "OpeningHandActions": "decisions",
    "parse_decklist": "decklist",
    "PlayerState": "state",
    "PutConspiracies": "actions",
    "PutOnBottom": "actions",
    "random_seed": "game",
    "RevealCompanion": "actions",
    "RevealFromHand": "actions",
    "RulesError": "errors",
    "SeatConfig": "state",
    "UseSerumPowder": "actions",
    "Vanguard": "state",
    "WrongCardCountError": "errors",
    "ActNext": "actions",
    "ChooseOpeningPlayer": "decisions",
    "NextTimestamp": "actions",
    "OrderTimestamps": "decisions",
    "TakeTurn": "actions",
    "MAX_TURNS": "state",
    "next_draws": "practice_turns",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    try:
        module = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from .actions import (
        Action,
        ActNext,
        BeginOnBattlefield,
        ChooseStarting,
        ChooseStickers,
        FinishOpeningActions,
        Keep,
        KeepBackupHand,
        Mulligan,
        NextTimestamp,
        PutConspiracies,
        PutOnBottom,
        RevealCompanion,
        RevealFromHand,
        ScryDecision,
        ShuffleBack,
        TakeTurn,
        UseSerumPowder,
    )
    from .cards import CATALOG, Card, CardInfo, CardPool, lookup
    from .decisions import (
        ChooseBackupHand,
        ChooseBottom,
        ChooseCompanion,
        ChooseConspiracies,
        ChooseOpeningPlayer,
        ChooseShuffleBack,
        ChooseStartingPlayer,
        ChooseStickerSheets,
        CompanionOption,
        Decision,
        DeclareMulligan,
        OpeningHandActions,
        OrderTimestamps,
        Scry,
    )
    from .decklist import DeckEntry, Decklist, check_constructed, check_deck, parse_decklist
    from .editions import EDITIONS, Edition, find_edition
    from .errors import (
        CardNotInHandError,
        DeckCheckError,
        DecklistError,
        IllegalActionError,
        NotYourDecisionError,
        RulesError,
        WrongCardCountError,
    )
    from .formats import FORMATS, Format, find_format
    from .game import apply, new_game, random_seed
    from .match import GameResult, Match
    from .practice_turns import next_draws
    from .state import MAX_SEED, Event, GameState, PlayerState, SeatConfig, Vanguard
