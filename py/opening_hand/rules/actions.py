"""The actions that answer a game start's decisions (CR 103), and the one list of them.

Each action is a frozen dataclass naming the ``player`` who takes it; ``doing`` says what it
is in words ("keeping"), for the log and for the message of an action not allowed now.
:data:`Action` is every action the engine takes; :data:`ACTIONS` is the same list as a
tuple, which share links number their decisions by (``share``): a new action is added at
the end of :data:`Action`, never in between, so an old link's numbers keep their meaning.
Which actions answer which decision is :data:`opening_hand.rules.decisions.ANSWERS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, get_args


@dataclass(frozen=True, slots=True)
class ChooseStarting:
    doing: ClassVar[str] = "choosing the starting player"

    player: int
    starting_player: int


@dataclass(frozen=True, slots=True)
class RevealCompanion:
    """Reveal ``card_id`` as companion, or ``None`` to reveal none."""

    doing: ClassVar[str] = "revealing a companion"

    player: int
    card_id: int | None


@dataclass(frozen=True, slots=True)
class ChooseStickers:
    """CR 103.2d: the sticker sheets (card ids) a player in a limited game chooses and reveals."""

    doing: ClassVar[str] = "choosing sticker sheets"

    player: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PutConspiracies:
    doing: ClassVar[str] = "putting conspiracies into the command zone"

    player: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KeepBackupHand:
    doing: ClassVar[str] = "choosing a Backup Plan hand"

    player: int
    index: int


@dataclass(frozen=True, slots=True)
class Keep:
    doing: ClassVar[str] = "keeping"

    player: int


@dataclass(frozen=True, slots=True)
class Mulligan:
    """Take a mulligan. Under Partial Paris, ``card_ids`` are the cards to set aside."""

    doing: ClassVar[str] = "taking a mulligan"

    player: int
    card_ids: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class UseSerumPowder:
    doing: ClassVar[str] = "using Serum Powder"

    player: int
    card_id: int


@dataclass(frozen=True, slots=True)
class PutOnBottom:
    """Cards go to the bottom one at a time in the order given: the last id ends up as
    the bottom card of the library."""

    doing: ClassVar[str] = "putting cards on the bottom"

    player: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ShuffleBack:
    doing: ClassVar[str] = "shuffling cards back"

    player: int
    card_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ScryDecision:
    """Keep the looked-at card on top (``to_bottom=False``) or put it on the bottom."""

    doing: ClassVar[str] = "scrying"

    player: int
    to_bottom: bool


@dataclass(frozen=True, slots=True)
class BeginOnBattlefield:
    """CR 103.6a. For Gemstone Caverns, ``exile_id`` is the card exiled from the hand."""

    doing: ClassVar[str] = "putting a card onto the battlefield"

    player: int
    card_id: int
    exile_id: int | None = None


@dataclass(frozen=True, slots=True)
class RevealFromHand:
    """CR 103.6b."""

    doing: ClassVar[str] = "revealing a card from the opening hand"

    player: int
    card_id: int


@dataclass(frozen=True, slots=True)
class FinishOpeningActions:
    doing: ClassVar[str] = "finishing opening-hand actions"

    player: int


@dataclass(frozen=True, slots=True)
class ActNext:
    """CR 103.6c: ``seat`` of the starting team takes opening-hand actions next."""

    doing: ClassVar[str] = "choosing who takes opening-hand actions next"

    player: int
    seat: int


@dataclass(frozen=True, slots=True)
class NextTimestamp:
    """2008 101.Ruling.1: ``card_id`` gets the next timestamp."""

    doing: ClassVar[str] = "ordering timestamps"

    player: int
    card_id: int


@dataclass(frozen=True, slots=True)
class TakeTurn:
    """Practice after the game has begun ("goldfishing"): ``player`` takes their next turn
    alone. They draw for it (CR 504.1), except on a first turn whose draw step they skip
    (CR 103.8a, 103.8b), and play ``land`` from their hand as the turn's land (CR 305.2:
    one land a turn), or no land. Up to :data:`MAX_TURNS` turns."""

    doing: ClassVar[str] = "taking a turn"

    player: int
    land: int | None = None


Action = (
    ChooseStarting
    | RevealCompanion
    | PutConspiracies
    | KeepBackupHand
    | Keep
    | Mulligan
    | UseSerumPowder
    | PutOnBottom
    | ShuffleBack
    | ScryDecision
    | BeginOnBattlefield
    | RevealFromHand
    | FinishOpeningActions
    | ActNext
    | NextTimestamp
    | TakeTurn
    | ChooseStickers
)
# Append-only (see the module's docstring): share links number actions by their place here.
ACTIONS: tuple[type[Action], ...] = get_args(Action)
