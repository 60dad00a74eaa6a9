"""Opening Hand: the start of a Magic: The Gathering game (Comprehensive Rules 103) as a
pure, seeded, standard-library-only state machine. No module here imports ``js`` or
``pyscript``: the page's adapter (``py/main.py``) is the only code that touches the DOM.
"""

from .cards import CATALOG, Card, CardInfo, lookup
from .decklist import DeckEntry, Decklist, check_constructed, parse_decklist
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
    ChooseBottom,
    ChooseStarting,
    ChooseStartingPlayer,
    Decision,
    DeclareMulligan,
    Event,
    GameState,
    Keep,
    Mulligan,
    PlayerState,
    PutOnBottom,
    SeatConfig,
    apply,
    new_game,
    random_seed,
)
from .mulligan import MULLIGAN_RULES, London, MulliganRule, find_mulligan_rule

__all__ = [
    "CATALOG",
    "FORMATS",
    "MAX_SEED",
    "MULLIGAN_RULES",
    "Action",
    "Card",
    "CardInfo",
    "CardNotInHandError",
    "ChooseBottom",
    "ChooseStarting",
    "ChooseStartingPlayer",
    "Decision",
    "DeckCheckError",
    "DeckEntry",
    "Decklist",
    "DecklistError",
    "DeclareMulligan",
    "Event",
    "Format",
    "GameState",
    "IllegalActionError",
    "Keep",
    "London",
    "Mulligan",
    "MulliganRule",
    "NotYourDecisionError",
    "PlayerState",
    "PutOnBottom",
    "RulesError",
    "SeatConfig",
    "WrongCardCountError",
    "apply",
    "check_constructed",
    "find_format",
    "find_mulligan_rule",
    "lookup",
    "new_game",
    "parse_decklist",
    "random_seed",
]
