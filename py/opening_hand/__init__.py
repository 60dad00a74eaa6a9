"""Opening Hand: the start of a Magic: The Gathering game (Comprehensive Rules 103) as a
pure, seeded, standard-library-only state machine. No module here imports ``js`` or
``pyscript``: the page's adapter (``py/main.py``) is the only code that touches the DOM.
"""

from .cards import CATALOG, Card, CardInfo, lookup
from .decklist import Decklist, DeckEntry, check_constructed, parse_decklist
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
    "CATALOG", "Card", "CardInfo", "lookup",
    "Decklist", "DeckEntry", "check_constructed", "parse_decklist",
    "CardNotInHandError", "DeckCheckError", "DecklistError", "IllegalActionError",
    "NotYourDecisionError", "RulesError", "WrongCardCountError",
    "FORMATS", "Format", "find_format",
    "MAX_SEED", "Action", "ChooseBottom", "ChooseStarting", "ChooseStartingPlayer", "Decision",
    "DeclareMulligan", "Event", "GameState", "Keep", "Mulligan", "PlayerState", "PutOnBottom",
    "SeatConfig", "apply", "new_game", "random_seed",
    "MULLIGAN_RULES", "London", "MulliganRule", "find_mulligan_rule",
]
