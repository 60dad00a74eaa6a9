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
    "ShuffleBack": "game",
    "ScryDecision": "game",
    "Scry": "game",
    "ChooseShuffleBack": "game",
    "Action": "game",
    "apply": "game",
    "BeginOnBattlefield": "game",
    "Card": "cards",
    "CardInfo": "cards",
    "CardPool": "cards",
    "CardNotInHandError": "errors",
    "CATALOG": "cards",
    "check_constructed": "decklist",
    "check_deck": "decklist",
    "ChooseBackupHand": "game",
    "ChooseBottom": "game",
    "ChooseCompanion": "game",
    "ChooseConspiracies": "game",
    "ChooseStickerSheets": "game",
    "ChooseStickers": "game",
    "ChooseStarting": "game",
    "ChooseStartingPlayer": "game",
    "CompanionOption": "game",
    "Decision": "game",
    "DeckCheckError": "errors",
    "DeckEntry": "decklist",
    "Decklist": "decklist",
    "DecklistError": "errors",
    "DeclareMulligan": "game",
    "Event": "game",
    "find_format": "formats",
    "FinishOpeningActions": "game",
    "Format": "formats",
    "FORMATS": "formats",
    "GameResult": "match",
    "GameState": "game",
    "IllegalActionError": "errors",
    "Keep": "game",
    "KeepBackupHand": "game",
    "Edition": "editions",
    "EDITIONS": "editions",
    "find_edition": "editions",
    "lookup": "cards",
    "Match": "match",
    "MAX_SEED": "game",
    "Mulligan": "game",
    "new_game": "game",
    "NotYourDecisionError": "errors",
    "OpeningHandActions": "game",
    "parse_decklist": "decklist",
    "PlayerState": "game",
    "PutConspiracies": "game",
    "PutOnBottom": "game",
    "random_seed": "game",
    "RevealCompanion": "game",
    "RevealFromHand": "game",
    "RulesError": "errors",
    "SeatConfig": "game",
    "UseSerumPowder": "game",
    "Vanguard": "game",
    "WrongCardCountError": "errors",
    "ActNext": "game",
    "ChooseOpeningPlayer": "game",
    "NextTimestamp": "game",
    "OrderTimestamps": "game",
    "TakeTurn": "game",
    "MAX_TURNS": "game",
    "next_draws": "game",
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
    from .cards import CATALOG, Card, CardInfo, CardPool, lookup
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
    from .game import (
        MAX_SEED,
        Action,
        ActNext,
        BeginOnBattlefield,
        ChooseBackupHand,
        ChooseBottom,
        ChooseCompanion,
        ChooseConspiracies,
        ChooseOpeningPlayer,
        ChooseShuffleBack,
        ChooseStarting,
        ChooseStartingPlayer,
        ChooseStickers,
        ChooseStickerSheets,
        CompanionOption,
        Decision,
        DeclareMulligan,
        Event,
        FinishOpeningActions,
        GameState,
        Keep,
        KeepBackupHand,
        Mulligan,
        NextTimestamp,
        OpeningHandActions,
        OrderTimestamps,
        PlayerState,
        PutConspiracies,
        PutOnBottom,
        RevealCompanion,
        RevealFromHand,
        Scry,
        ScryDecision,
        SeatConfig,
        ShuffleBack,
        TakeTurn,
        UseSerumPowder,
        Vanguard,
        apply,
        new_game,
        next_draws,
        random_seed,
    )
    from .match import GameResult, Match
