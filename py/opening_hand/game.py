"""The start of a game (CR 103) as a pure, seeded state machine.

``new_game`` builds the first state; ``apply(state, action)`` returns the next state. The
values (states, decisions, actions) live in :mod:`.state` and are importable from here. A
state is an immutable value that says which decision it waits for (``state.pending``):
who must decide, and what. A wrong action raises an :class:`IllegalActionError` and, the
state being immutable, nothing changes. Every step appends an :class:`Event` citing the
rule that allows it.

Randomness is owned by the game: every random operation is seeded from the game's seed
and the operation's identity (the coin flip; seat N's k-th shuffle), so one seed
reproduces every shuffle, and one player's mulligans never change another player's cards.

>>> deck = ("Mountain",) * 24 + ("Lightning Bolt",) * 36
>>> state = new_game([SeatConfig("Seat 1", deck), SeatConfig("Seat 2", deck)], seed=7)
>>> type(state.pending).__name__, state.pending.player in (1, 2)
('ChooseStartingPlayer', True)
>>> state = apply(state, ChooseStarting(state.pending.player, starting_player=1))
>>> state.pending
DeclareMulligan(player=1, mulligans_taken=0, hand_size=7, cards_to_bottom_if_kept=0, hand_size_after_mulligan=6, \
serum_powders=(), set_aside=False)
>>> state = apply(apply(state, Keep(1)), Keep(2))
>>> state.phase, state.first_draw_skipped, [len(p.hand) for p in state.players]
('first_turn', (1,), [7, 7])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from .arena import deal
from .cards import Card, CardPool, in_use, normalise
from .editions import PartialParis, find_edition
from .errors import (
    CardNotInHandError,
    IllegalActionError,
    NotYourDecisionError,
    RulesError,
    WrongCardCountError,
)
from .formats import Format, find_format
from .special import (
    BACKUP_PLAN,
    GEMSTONE_CAVERNS,
    POWER_PLAY,
    SERUM_POWDER,
    is_companion,
    is_named,
)
from .state import (
    MAX_SEED,
    MAX_TURNS,
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
    Phase,
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
)

# The values live in .state; the engine's callers import them from here as well.
__all__ = [
    "MAX_SEED",
    "MAX_TURNS",
    "RANDOM_SEEDS",
    "ActNext",
    "Action",
    "BeginOnBattlefield",
    "ChooseBackupHand",
    "ChooseBottom",
    "ChooseCompanion",
    "ChooseConspiracies",
    "ChooseOpeningPlayer",
    "ChooseShuffleBack",
    "ChooseStarting",
    "ChooseStartingPlayer",
    "ChooseStickerSheets",
    "ChooseStickers",
    "CompanionOption",
    "Decision",
    "DeclareMulligan",
    "Event",
    "FinishOpeningActions",
    "GameState",
    "Keep",
    "KeepBackupHand",
    "Mulligan",
    "NextTimestamp",
    "OpeningHandActions",
    "OrderTimestamps",
    "Phase",
    "PlayerState",
    "PutConspiracies",
    "PutOnBottom",
    "RevealCompanion",
    "RevealFromHand",
    "Scry",
    "ScryDecision",
    "SeatConfig",
    "ShuffleBack",
    "TakeTurn",
    "UseSerumPowder",
    "Vanguard",
    "apply",
    "draws_skipped",
    "new_game",
    "next_draws",
    "random_seed",
]

# ----------------------------------------------------------------------- randomness


def _rng(seed: int, purpose: str) -> random.Random:
    # A string seed is hashed with SHA-512 by random.Random: stable across Python versions
    # and platforms (CPython 3.11 and Pyodide's 3.14 give the same shuffles).
    return random.Random(f"opening-hand/{seed}/{purpose}")


RANDOM_SEEDS = 9_999_999  # a fresh deal's seed has at most 7 digits: short to read out or type


def random_seed() -> int:
    """A seed for a fresh deal: any seed up to MAX_SEED deals, but a short one reads well in
    the header and the log, and ten million deals per setup are plenty to practise on."""
    return random.SystemRandom().randrange(1, RANDOM_SEEDS + 1)


# ------------------------------------------------------------------------- building


def _check_teams(
    fmt: Format, n: int, teams: Sequence[Sequence[int]] | None, archenemy: int | None
) -> tuple[tuple[int, ...], ...]:
    if fmt.archenemy:
        assert archenemy is not None
        return ((archenemy,), tuple(s for s in range(1, n + 1) if s != archenemy))
    if teams is None:
        if fmt.team_size:
            return tuple(tuple(range(i, i + fmt.team_size)) for i in range(1, n + 1, fmt.team_size))
        return tuple((s,) for s in range(1, n + 1))
    result = tuple(tuple(team) for team in teams if team)
    seats = sorted(s for team in result for s in team)
    if seats != list(range(1, n + 1)):
        raise RulesError("every seat must be on exactly one team")
    if len(result) < 2:
        raise RulesError("a game with teams needs at least two teams")
    if fmt.team_size and any(len(team) != fmt.team_size for team in result):
        raise RulesError(f"{fmt.name} is played by teams of {fmt.team_size}")
    return result


def _commander_ids(config: SeatConfig, library: tuple[Card, ...]) -> tuple[int, ...]:
    """CR 103.2c: the commanders come from the deck. Partners: up to two (CR 702.124)."""
    if not config.commanders:
        raise RulesError(f"{config.name} has no commander: add a 'Commander' section to the decklist")
    if len(config.commanders) > 2:
        raise RulesError(f"{config.name} names {len(config.commanders)} commanders; at most two (partners)")
    ids: list[int] = []
    for name in config.commanders:
        card = next((c for c in library if normalise(c.name) == normalise(name) and c.id not in ids), None)
        if card is None:
            raise RulesError(f"{config.name}'s commander {name} is not in their deck")
        ids.append(card.id)
    return tuple(ids)


def new_game(
    seats: Sequence[SeatConfig],
    seed: int,
    format: str = "constructed",
    edition: str = "london",
    *,
    teams: Sequence[Sequence[int]] | None = None,
    shared_team_turns: bool = False,
    archenemy: int = 1,
    chooser: int | None = None,
    chooser_reason: str = "",
    practice: tuple[int, str] | None = None,
    pool: CardPool | None = None,
) -> GameState:
    """Seat the players and determine who chooses the starting player (CR 103.1).

    ``chooser`` (with ``chooser_reason``) is given in the later games of a match; the
    first game picks one at random from the seed. ``teams`` (lists of seats) apply with
    ``shared_team_turns`` (103.1a) and in Two-Headed Giant; the Archenemy's opponents are
    always one team. The game reads its cards with ``pool`` (None: the default, ``cards.use_database``).
    """
    fmt = find_format(format)
    rules = find_edition(edition)
    n = len(seats)
    if not (fmt.min_players <= n <= fmt.max_players):
        raise RulesError(f"{fmt.name} is played by {fmt.min_players}–{fmt.max_players} players, not {n}")
    if not (0 <= seed <= MAX_SEED):
        raise RulesError(f"the seed must be a whole number from 0 to {MAX_SEED}")
    shared = fmt.shared_team_turns or shared_team_turns
    if shared and n < 3:
        raise RulesError("shared team turns is an option for multiplayer games only")
    if fmt.archenemy and archenemy not in range(1, n + 1):
        raise RulesError(f"there is no seat {archenemy} to be the archenemy")
    team_list = _check_teams(fmt, n, teams if shared else None, archenemy if fmt.archenemy else None)
    players: list[PlayerState] = []
    next_id = 1

    def make(names: Iterable[str], owner: int) -> tuple[Card, ...]:
        nonlocal next_id
        cards = tuple(Card(next_id + i, owner, name) for i, name in enumerate(names))
        next_id += len(cards)
        return cards

    for number, config in enumerate(seats, start=1):
        if not config.deck:
            raise RulesError(f"{config.name} has no cards in their deck")
        vanguard = config.vanguard if fmt.vanguard else None
        if fmt.vanguard and vanguard is None:
            raise RulesError(f"{config.name} needs a vanguard card in a Vanguard game")
        library = make(config.deck, number)
        players.append(
            PlayerState(
                seat=number,
                name=config.name,
                library=library,
                sideboard=make(config.sideboard, number),
                planar_deck=make(config.planar_deck, number) if fmt.planechase else (),
                scheme_deck=make(config.scheme_deck, number) if fmt.archenemy and number == archenemy else (),
                command=make((vanguard.name,), number) if vanguard else (),
                hand_size=max(0, fmt.starting_hand_size + (vanguard.hand_modifier if vanguard else 0)),
                vanguard=vanguard,
                commanders=_commander_ids(config, library) if fmt.commander else (),
                marked_lands=frozenset(normalise(name) for name in config.lands),
                pool=in_use(pool),
            )
        )
    if fmt.planechase and not any(p.planar_deck for p in players):
        raise RulesError("a Planechase game needs a planar deck: add a 'Planar deck' section to the decklist")
    # Sticker sheets (CR 103.2d) are numbered after every other card, so a deck's cards keep
    # their numbers (which links record) whether or not it brings sheets.
    for index, config in enumerate(seats):
        if config.sticker_sheets:
            players[index] = replace(players[index], sticker_sheets=make(config.sticker_sheets, index + 1))
    state = GameState(
        seed=seed,
        format=fmt,
        edition=rules,
        players=tuple(players),
        chooser=0,
        teams=team_list,
        team_life=tuple(None for _ in team_list),
        shared_team_turns=shared,
        archenemy=archenemy if fmt.archenemy else None,
        free_mulligans=rules.free_mulligans(fmt, n),
    )
    state = _log(state, "header", f"{fmt.name}: {n} players, {rules.name} ({rules.year}), seed {seed}.")
    if fmt.archenemy:
        # CR 103.1b: the archenemy takes the first turn; no one chooses.
        state = replace(state, chooser=archenemy)
        state = _log(state, "archenemy-start", f"{_name(state, archenemy)} is the archenemy and takes the first turn.")
        return _advance(_start(state, archenemy))
    if chooser is not None:
        if chooser not in state.seats:
            raise RulesError(f"there is no seat {chooser} to choose who takes the first turn")
        note = f"{_name(state, chooser)} chooses who takes the first turn: {chooser_reason}"
    else:
        chooser = _rng(seed, "starting-player-chooser").randrange(n) + 1
        method = "wins the coin flip" if n == 2 else f"rolls highest on a {n}-sided die"
        note = f"{_name(state, chooser)} {method} and chooses who takes the first turn."
    state = replace(state, chooser=chooser, chooser_note=note)
    # 2001 P.1.1, 2008 101.1, 2017 103.1: the decks are shuffled first, then the players
    # determine who chooses (2008 101.2, 2017 103.2).
    state = _advance(_start(state, None)) if rules.shuffle_before_choice else _log(state, "chooser", note)
    if practice is not None:
        state = _practice_start(state, *practice)
    return state


def _practice_start(state: GameState, seat: int, side: str) -> GameState:
    """A practice setting, not a rule: ``seat`` (its team) plays first (``side`` "play") or
    the next team round the table does ("draw"), whoever won the flip, so a player can
    practise a side on demand. Logged as a setting; the game then goes on as if the
    chooser had chosen it (CR 103.1). Where a rule names the starting player (the
    archenemy, 103.1b) the rule stands."""
    if seat not in state.seats:
        raise RulesError(f"there is no seat {seat} to practise at")
    if side not in ("play", "draw"):
        raise RulesError(f"a practice side is play or draw, not {side[:20]!r}")
    if not isinstance(state.pending, ChooseStartingPlayer):
        return state
    start = seat
    if side == "draw":
        mine = state.teams[state.team_of(seat)]
        later = [s for s in state.seats if s not in mine]
        start = next((s for s in later if s > seat), later[0])
    if state.shared_team_turns:
        start = state.teams[state.team_of(start)][0]  # CR 103.1a: a starting team
    named = replace(state, starting_player=start)
    me, first = _team_name(named, seat), _team_name(named, start)
    text = f"{me} plays first" if side == "play" else f"{me} draws first and {first} takes the first turn"
    state = replace(state, chooser=seat)
    state = _log(state, "choose", f"Practice setting: {text}, whoever won the flip.")
    return _choose_starting_now(state, start)


# ------------------------------------------------------------------------- applying


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`IllegalActionError` if the rules do not
    allow it now (``state`` itself never changes)."""
    pending = state.pending
    if isinstance(action, TakeTurn):
        return _take_turn(state, action)
    if pending is None:
        raise IllegalActionError("the game has already begun: there is no decision to make")
    expected = _ACTIONS_FOR[type(pending)]
    if action.player != pending.player or not isinstance(action, expected):
        raise NotYourDecisionError(
            f"{_describe(action, state)} is not allowed now: the game waits for {_describe_pending(pending, state)}"
        )
    handler = _HANDLERS[type(action)]
    return _advance(handler(state, action))


def _name(state: GameState, seat: int) -> str:
    return state.player(seat).name


def _team_name(state: GameState, seat: int) -> str:
    if not state.shared_team_turns:
        return _name(state, seat)
    return f"Team {state.team_of(seat) + 1} ({' and '.join(_name(state, s) for s in state.teams[state.team_of(seat)])})"


_WHAT = {
    "ChooseStarting": "choosing the starting player",
    "RevealCompanion": "revealing a companion",
    "ChooseStickers": "choosing sticker sheets",
    "PutConspiracies": "putting conspiracies into the command zone",
    "KeepBackupHand": "choosing a Backup Plan hand",
    "Keep": "keeping",
    "Mulligan": "taking a mulligan",
    "UseSerumPowder": "using Serum Powder",
    "PutOnBottom": "putting cards on the bottom",
    "ShuffleBack": "shuffling cards back",
    "ScryDecision": "scrying",
    "BeginOnBattlefield": "putting a card onto the battlefield",
    "RevealFromHand": "revealing a card from the opening hand",
    "FinishOpeningActions": "finishing opening-hand actions",
    "ActNext": "choosing who takes opening-hand actions next",
    "NextTimestamp": "ordering timestamps",
    "TakeTurn": "taking a turn",
}


def _describe(action: Action, state: GameState) -> str:
    try:
        who = _name(state, action.player)
    except IllegalActionError:
        who = f"seat {action.player}"
    return f"{_WHAT[type(action).__name__]} by {who}"


def _describe_pending(pending: Decision, state: GameState) -> str:
    who = _name(state, pending.player)
    if isinstance(pending, ChooseStartingPlayer):
        return f"{who} to choose who takes the first turn"
    if isinstance(pending, ChooseCompanion):
        return f"{who} to reveal a companion or not"
    if isinstance(pending, ChooseConspiracies):
        return f"{who} to choose conspiracies"
    if isinstance(pending, ChooseStickerSheets):
        return f"{who} to choose up to {pending.most} sticker sheets"
    if isinstance(pending, ChooseBackupHand):
        return f"{who} to choose a Backup Plan hand"
    if isinstance(pending, DeclareMulligan):
        return f"{who} to keep or take a mulligan"
    if isinstance(pending, ChooseBottom):
        return f"{who} to put {_plural(pending.count, 'card')} on the bottom"
    if isinstance(pending, ChooseShuffleBack):
        return f"{who} to shuffle {_plural(pending.count, 'card')} back"
    if isinstance(pending, Scry):
        return f"{who} to scry"
    if isinstance(pending, ChooseOpeningPlayer):
        return f"{who} to choose which teammate takes opening-hand actions next"
    if isinstance(pending, OrderTimestamps):
        return f"{who} to order the timestamps"
    return f"{who} to take opening-hand actions"


def _log(state: GameState, step: str, text: str, seat: int | None = None, private: str = "") -> GameState:
    """Append an event for ``step`` (``"draw"``, ``"companion"``, ``"leylines"``, ...): it cites
    the edition's own number for the step, or the current text's, saying so (``Edition.cite``),
    and keeps the step, so the citation can be checked against what the rule covers
    (``rule_index``)."""
    event = Event(len(state.events) + 1, state.edition.cite(step), text, seat, private, step)
    return replace(state, events=state.events + (event,))


def _with_player(state: GameState, player: PlayerState) -> GameState:
    return replace(state, players=tuple(player if p.seat == player.seat else p for p in state.players))


def _rest_of_queue(state: GameState) -> GameState:
    return replace(state, queue=state.queue[1:])


def _shuffle(player: PlayerState, seed: int, cards: Iterable[Card], zone: str = "library") -> PlayerState:
    order = list(cards)
    _rng(seed, f"seat-{player.seat}/shuffle-{player.shuffles}").shuffle(order)
    if zone == "library":
        player = replace(player, bottomed=0)
    return replace(player, **{zone: tuple(order)}, shuffles=player.shuffles + 1)  # type: ignore[arg-type]


def _draw(player: PlayerState, count: int) -> PlayerState:
    count = min(count, len(player.library))
    return replace(player, hand=player.hand + player.library[:count], library=player.library[count:])


Note = tuple[str, str]  # an event's text and its private detail, to log once the step it belongs to is


def _deal(state: GameState, seat: int, count: int) -> tuple[GameState, Note | None]:
    """``seat`` draws a hand of ``count`` cards from the top of their library; under an
    edition of Arena's best-of-one queues, from the order :func:`arena.deal` keeps (the
    library as shuffled, or another shuffle of it, chosen by the model), with the log line
    saying which candidates there were and how one was picked (the caller logs it, after the
    draw it explains)."""
    p = state.player(seat)
    model = state.edition.smoothing
    if model is None or count <= 0 or len(p.library) < count:
        return _with_player(state, _draw(p, count)), None
    at = f"seat-{seat}/shuffle-{p.shuffles}"
    lands = {name: p.is_land(Card(0, seat, name)) for name in {c.name for c in p.library}}  # once per name

    def is_land(card: Card) -> bool:
        return lands[card.name]

    dealt = deal(p.library, is_land, count, model,
                 lambda i: _rng(state.seed, f"{at}/candidate-{i}"), _rng(state.seed, f"{at}/smoothing"))  # fmt: skip
    state = _with_player(state, _draw(replace(p, library=dealt.order), count))
    target = model.target(sum(1 for c in p.library if lands[c.name]), len(p.library), count)
    counts = ", ".join(str(n) for n in dealt.lands[:-1]) + f" and {dealt.lands[-1]}"
    weights = ", ".join(f"{w:.2f}" for w in dealt.weights)
    text = (
        f"Arena best-of-one (a public model, not Wizards' code): {p.name}'s {_plural(count, 'card')} come from "
        f"{model.candidates} shuffles of their library, whose top {count} hold {counts} lands; one is kept at random "
        f"in proportion to {model.formula(target)} (weights {weights}): shuffle {dealt.picked + 1}, with "
        f"{_plural(dealt.lands[dealt.picked], 'land')}."
    )
    private = "; ".join(f"shuffle {i + 1}: {_names(hand)}" for i, hand in enumerate(dealt.hands))
    return state, (text, private)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _names(cards: Iterable[Card]) -> str:
    return ", ".join(c.name for c in cards)


def _card_in(cards: tuple[Card, ...], card_id: int, owner: str, zone: str) -> Card:
    for card in cards:
        if card.id == card_id:
            return card
    raise CardNotInHandError(f"card {card_id} is not in {owner}'s {zone}")


# --------------------------------------------------------------------- 103.1 - 103.4


def _choose_starting(state: GameState, action: ChooseStarting) -> GameState:
    pending = state.pending
    assert isinstance(pending, ChooseStartingPlayer)
    if action.starting_player not in state.seats:
        raise IllegalActionError(f"there is no seat {action.starting_player} to take the first turn")
    start = action.starting_player
    if state.shared_team_turns:
        start = state.teams[state.team_of(start)][0]  # CR 103.1a: a starting team
    chooser = _name(state, action.player)
    starter = _team_name(replace(state, starting_player=start), start)
    rule = "team-start" if state.shared_team_turns else "choose"
    state = _log(state, rule, f"{chooser} chooses {starter} to take the first turn (on the play).")
    return _choose_starting_now(state, start)


def _choose_starting_now(state: GameState, start: int) -> GameState:
    state = replace(state, starting_player=start)
    if state.shuffled:
        return _advance(_life_and_draw(_power_play(state)))
    return _advance(_start(state, start))


def _start(state: GameState, start: int | None) -> GameState:
    """CR 103.2: the steps before shuffling, in the order 103.2a-e lists them: sideboards
    set aside, companions revealed, commanders to the command zone, sticker sheets chosen,
    conspiracies to the command zone; then the shuffle (103.3). (``start`` is None in
    editions that shuffle before the starting player is chosen.)"""
    state = replace(state, starting_player=start, phase="setup")
    for p in state.players:
        if p.sideboard:
            state = _log(
                state, "sideboard", f"{p.name} sets aside a sideboard of {_plural(len(p.sideboard), 'card')}.", p.seat
            )
    queue: list[tuple[str, int]] = []
    for seat in state.turn_order:
        if any(is_companion(c.name) for c in state.player(seat).sideboard):
            queue.append(("companion", seat))
    if state.format.limited:  # 103.2d: in limited, each player chooses their sticker sheets
        queue.extend(("stickers", seat) for seat in state.turn_order if state.player(seat).sticker_sheets)
    if state.format.conspiracy:
        for seat in state.turn_order:
            if any(state.pool.lookup(c.name).has_type("Conspiracy") for c in state.player(seat).sideboard):
                queue.append(("conspiracy", seat))
    state = replace(state, queue=tuple(queue))
    if not any(kind == "companion" for kind, _ in queue):
        state = _after_companions(state)
    return state


def _after_companions(state: GameState) -> GameState:
    """Once every companion is revealed or not: commanders (103.2c), then, in a constructed
    game, sticker sheets chosen at random (103.2d)."""
    state = _commanders_to_command_zone(state)
    if state.format.limited:
        return state
    for p in state.players:
        if not p.sticker_sheets:
            continue
        sheets = list(p.sticker_sheets)
        chosen = set(_rng(state.seed, f"seat-{p.seat}/stickers").sample(sheets, min(3, len(sheets))))
        kept = tuple(c for c in sheets if c in chosen)
        p = replace(p, sticker_sheets=tuple(c for c in sheets if c not in chosen), stickers=kept)
        state = _with_player(state, p)
        how = "chooses three of them at random" if len(sheets) > 3 else "uses them all (three or fewer)"
        text = (
            f"{p.name} reveals {_plural(len(sheets), 'sticker sheet')} and {how}: {_names(kept)}; these stay "
            "revealed, and only their stickers are available."
        )
        state = _log(state, "stickers", text, p.seat)
    return state


def _choose_stickers(state: GameState, action: ChooseStickers) -> GameState:
    """CR 103.2d: in a limited game, up to three sticker sheets, chosen and revealed."""
    pending = state.pending
    assert isinstance(pending, ChooseStickerSheets)
    p = state.player(action.player)
    ids = tuple(action.card_ids)
    if len(set(ids)) != len(ids):
        raise WrongCardCountError("each sticker sheet can be chosen only once")
    if len(ids) > pending.most:
        raise WrongCardCountError(f"{p.name} may choose at most {pending.most} sticker sheets (CR 103.2d)")
    for card_id in ids:
        if card_id not in pending.options:
            raise CardNotInHandError(f"card {card_id} is not one of {p.name}'s sticker sheets")
    chosen = tuple(c for c in p.sticker_sheets if c.id in ids)
    p = replace(p, sticker_sheets=tuple(c for c in p.sticker_sheets if c.id not in ids), stickers=chosen)
    state = _with_player(state, p)
    text = (
        f"{p.name} chooses and reveals {_plural(len(chosen), 'sticker sheet')}: {_names(chosen)}; these stay "
        "revealed, and only their stickers are available."
        if chosen
        else f"{p.name} chooses no sticker sheet."
    )
    return _rest_of_queue(_log(state, "stickers", text, p.seat))


def _reveal_companion(state: GameState, action: RevealCompanion) -> GameState:
    pending = state.pending
    assert isinstance(pending, ChooseCompanion)
    p = state.player(action.player)
    if action.card_id is None:
        state = _log(state, "companion", f"{p.name} reveals no companion.", p.seat)
    else:
        option = next((o for o in pending.options if o.card_id == action.card_id), None)
        if option is None:
            raise CardNotInHandError(f"card {action.card_id} is not a companion in {p.name}'s sideboard")
        if option.met is False:
            raise IllegalActionError(f"{p.name} may not reveal {option.name}: {option.reason} (CR 103.2b)")
        card = _card_in(p.sideboard, action.card_id, p.name, "sideboard")
        p = replace(p, sideboard=tuple(c for c in p.sideboard if c.id != card.id), companion=(card,))
        state = _with_player(state, p)
        state = _log(state, "companion", f"{p.name} reveals {card.name} as their companion ({option.reason}); "
                     "it remains outside the game.", p.seat)  # fmt: skip
    state = _rest_of_queue(state)
    if not any(kind == "companion" for kind, _ in state.queue):
        state = _after_companions(state)
    return state


def _commanders_to_command_zone(state: GameState) -> GameState:
    """CR 103.2c: after the chance to reveal a companion and before shuffling."""
    for p in state.players:
        if not p.commanders:
            continue
        moved = tuple(c for c in p.library if c.id in p.commanders)
        p = replace(p, library=tuple(c for c in p.library if c.id not in p.commanders), command=p.command + moved)
        state = _with_player(state, p)
        state = _log(state, "commander", f"{p.name} puts {_names(moved)} face up into the command zone.", p.seat)
    return state


def _put_conspiracies(state: GameState, action: PutConspiracies) -> GameState:
    pending = state.pending
    assert isinstance(pending, ChooseConspiracies)
    p = state.player(action.player)
    ids = tuple(action.card_ids)
    if len(set(ids)) != len(ids):
        raise WrongCardCountError("each conspiracy can be put into the command zone only once")
    for card_id in ids:
        if card_id not in pending.options:
            raise CardNotInHandError(f"card {card_id} is not a conspiracy in {p.name}'s sideboard")
    chosen = tuple(c for c in p.sideboard if c.id in ids)
    p = replace(p, sideboard=tuple(c for c in p.sideboard if c.id not in ids), command=p.command + chosen)
    state = _with_player(state, p)
    text = (
        f"{p.name} puts {_names(chosen)} into the command zone."
        if chosen
        else f"{p.name} puts no conspiracy into the command zone."
    )
    return _rest_of_queue(_log(state, "conspiracy", text, p.seat))


def _power_play(state: GameState) -> GameState:
    """CR 103.1c: Power Play's controller is the starting player; this applies after the
    starting player has been determined and supersedes it. (Several: one at random.)"""
    controllers = tuple(p.seat for p in state.players if any(is_named(c.name, POWER_PLAY) for c in p.command))
    if not controllers:
        return state
    start = controllers[0] if len(controllers) == 1 else _rng(state.seed, "power-play").choice(controllers)
    if state.shared_team_turns:
        start = state.teams[state.team_of(start)][0]
    chosen = " (chosen at random among the Power Plays)" if len(controllers) > 1 else ""
    state = replace(state, starting_player=start)
    return _log(state, "power-play", f"Power Play: {_team_name(state, start)} is the starting player{chosen}.", start)


def _shuffle_decks(state: GameState) -> GameState:
    """CR 103.3: each player shuffles their deck, which becomes their library; 103.3a: each
    supplementary deck (the planar decks of Planechase, the archenemy's scheme deck) is
    shuffled by its owner too. (Each shuffle is seeded on its own: the order of these
    shuffles changes no card.)"""
    for p in state.players:
        p = _shuffle(p, state.seed, p.library)
        if p.planar_deck:
            p = _shuffle(p, state.seed, p.planar_deck, "planar_deck")
        if p.scheme_deck:
            p = _shuffle(p, state.seed, p.scheme_deck, "scheme_deck")
        state = _with_player(state, p)
    state = _log(state, "shuffle", "Each player shuffles their deck; the decks become their libraries.")
    extra = []
    if any(p.planar_deck for p in state.players):
        extra.append("each planar deck")
    if any(p.scheme_deck for p in state.players):
        extra.append("the scheme deck")
    if extra:
        text = f"Supplementary decks are shuffled by their owners too: {' and '.join(extra)}."
        state = _log(state, "supplementary", text)
    return replace(state, shuffled=True)


def _life_and_draw(state: GameState) -> GameState:
    """CR 103.4 (life) and 103.5 (each player draws their starting hand size)."""
    state = _starting_life(state)
    queue: list[tuple[str, int]] = []
    notes: list[tuple[int, Note]] = []
    for seat in state.turn_order:
        p = state.player(seat)
        state, note = _deal(state, seat, state.edition.initial_draw(p.hand_size))
        if note is not None:
            notes.append((seat, note))
        backups = sum(1 for c in p.command if is_named(c.name, BACKUP_PLAN))
        if backups:
            p = state.player(seat)
            hands = [tuple(c.id for c in p.hand)]
            for _ in range(backups):
                before = len(p.hand)
                p = _draw(p, p.hand_size)
                hands.append(tuple(c.id for c in p.hand[before:]))
            state = _with_player(state, replace(p, backup_hands=tuple(hands)))
            queue.append(("backup", seat))
            state = _log(state, "draw", f"Backup Plan: {p.name} draws {_plural(backups, 'additional hand')}.", seat)
    sizes = {state.edition.initial_draw(p.hand_size) for p in state.players}
    # CR 103.5a: in a Vanguard game each starting hand size comes from the vanguard card.
    draw_rule = "hand-vanguard" if state.format.vanguard else "draw"
    if len(sizes) == 1:
        state = _log(state, draw_rule, f"Each player draws a hand of {_plural(sizes.pop(), 'card')}.")
    else:
        for p in state.players:
            rule = "hand-vanguard" if p.vanguard else "draw"
            size = state.edition.initial_draw(p.hand_size)
            state = _log(state, rule, f"{p.name} draws a hand of {_plural(size, 'card')}.", p.seat)
    for seat, (text, private) in notes:
        state = _log(state, "smoothing", text, seat, private)
    for p in state.players:
        wanted = state.edition.initial_draw(p.hand_size)
        if len(p.hand) < wanted:  # a library smaller than a hand: draw what there is
            state = _log(
                state,
                "draw",
                f"{p.name}'s deck has only {_plural(len(p.hand), 'card')}, fewer than a hand of {wanted}: "
                f"{p.name} draws all of them and has no library left.",
                p.seat,
            )
    if queue:
        return replace(state, phase="backup_plan", queue=tuple(queue))
    return replace(state, phase="mulligans", queue=())


def _starting_life(state: GameState) -> GameState:
    fmt, n = state.format, len(state.players)
    if fmt.team_life is not None:
        state = replace(state, team_life=tuple(fmt.team_life for _ in state.teams))
        return _log(state, "life-2hg", f"Each team begins the game with {fmt.team_life} life.")
    lives: list[tuple[int, str]] = []
    for p in state.players:
        life, rule = fmt.life_for(n, archenemy=p.seat == state.archenemy)
        if p.vanguard:
            life, rule = life + p.vanguard.life_modifier, "life-vanguard"
        lives.append((life, rule))
        state = _with_player(state, replace(p, life=life))
    if len(set(lives)) == 1:
        life, rule = lives[0]
        return _log(state, rule, f"Each player begins the game with {life} life.")
    for p, (life, rule) in zip(state.players, lives, strict=True):
        state = _log(state, rule, f"{p.name} begins the game with {life} life.", p.seat)
    return state


def _keep_backup_hand(state: GameState, action: KeepBackupHand) -> GameState:
    p = state.player(action.player)
    if not 0 <= action.index < len(p.backup_hands):
        raise IllegalActionError(f"{p.name} has {_plural(len(p.backup_hands), 'hand')}, not a hand {action.index + 1}")
    kept = set(p.backup_hands[action.index])
    back = [c for c in p.hand if c.id not in kept]
    p = replace(p, hand=tuple(c for c in p.hand if c.id in kept), backup_hands=())
    p = _shuffle(p, state.seed, p.library + tuple(back))
    state = _with_player(state, p)
    state = _log(
        state,
        "mulligan",
        f"Backup Plan: {p.name} keeps one hand and shuffles {_plural(len(back), 'card')} into their library.",
        p.seat,
    )
    state = _rest_of_queue(state)
    return state if state.queue else replace(state, phase="mulligans")


# ---------------------------------------------------------------------------- 103.5


def _declare(state: GameState, action: Keep | Mulligan) -> GameState:
    p = state.player(action.player)
    if isinstance(action, Keep):
        return _keep(state, p, forced=False)
    ids = tuple(action.card_ids)
    if isinstance(state.edition, PartialParis):
        if not ids:
            raise WrongCardCountError("Partial Paris: choose at least one card to set aside")
        if len(set(ids)) != len(ids):
            raise WrongCardCountError("each card can be set aside only once")
        for card_id in ids:
            _card_in(p.hand, card_id, p.name, "hand")
    elif ids:
        raise IllegalActionError("a mulligan takes the whole hand: no cards are chosen")
    state = replace(state, declared=state.declared + ((p.seat, True, ids),))
    what = f"declares a mulligan, setting aside {_plural(len(ids), 'card')}" if ids else "declares a mulligan"
    return _log(state, _decl_rule(state), f"{p.name} {what}.", p.seat)


def _decl_rule(state: GameState) -> str:
    """The step of a declaration: 103.5d (2008 101.4b) when teams declare together."""
    return "team-declare" if state.shared_team_turns else "mulligan"


def _serum_powder(state: GameState, action: UseSerumPowder) -> GameState:
    """CR 103.5b: Serum Powder - exile the hand, draw that many cards, then declare."""
    p = state.player(action.player)
    card = _card_in(p.hand, action.card_id, p.name, "hand")
    if not is_named(card.name, SERUM_POWDER):
        raise IllegalActionError(f"{card.name} is not Serum Powder")
    count = len(p.hand)
    p = _draw(replace(p, exile=p.exile + p.hand, hand=()), count)
    state = _with_player(state, p)
    return _log(
        state,
        "any-time",
        f"{p.name} uses Serum Powder: exiles their hand and draws {_plural(len(p.hand), 'card')} (not a mulligan).",
        p.seat,
    )


def _keep(state: GameState, p: PlayerState, forced: bool) -> GameState:
    owed = state.owed_on_keeping(p, state.counted_mulligans(p))
    back = min(len(p.hand) - p.hand_size, len(p.hand)) if state.edition.initial_draw(p.hand_size) > p.hand_size else 0
    state = _with_player(state, replace(p, kept=True, to_bottom=owed, to_shuffle=max(0, back)))
    state = replace(state, declared=state.declared + ((p.seat, False, ()),))
    bottom = f" and will put {_plural(owed, 'card')} on the bottom" if owed else ""
    if back > 0:
        bottom = f" and will shuffle {_plural(back, 'card')} back into their library"
    if forced:
        text = f"{p.name} may not take further mulligans ({state.edition.no_mulligan_reason}) and keeps{bottom}."
    else:
        text = f"{p.name} keeps {_plural(len(p.hand), 'card')}{bottom}."
    state = _log(state, _decl_rule(state), text, p.seat)
    if p.set_aside:
        # Partial Paris, and the Commander house rule's set-aside hands: once a hand is kept,
        # the set-aside cards are shuffled into the library (before any bottom cards go).
        kept = state.player(p.seat)
        kept = _shuffle(replace(kept, set_aside=()), state.seed, kept.library + kept.set_aside)
        state = _with_player(state, kept)
        state = _log(
            state,
            "set-aside" if state.edition.set_aside_hands else "mulligan",
            f"{p.name} shuffles {_plural(len(p.set_aside), 'set-aside card')} into their library.",
            p.seat,
        )
    return state


def _shuffle_back(state: GameState, action: ShuffleBack) -> GameState:
    """House rule (draw ten, choose three): the chosen cards are shuffled into the library."""
    p = state.player(action.player)
    ids = tuple(action.card_ids)
    if len(set(ids)) != len(ids) or len(ids) != p.to_shuffle:
        raise WrongCardCountError(f"{p.name} must shuffle back exactly {_plural(p.to_shuffle, 'different card')}")
    chosen = tuple(_card_in(p.hand, i, p.name, "hand") for i in ids)
    p = replace(p, hand=tuple(c for c in p.hand if c.id not in set(ids)), to_shuffle=0)
    p = _shuffle(p, state.seed, p.library + chosen)
    state = _with_player(state, p)
    return _log(state, "mulligan", f"{p.name} shuffles {_plural(len(chosen), 'card')} back into their library; "
                f"the opening hand is {_plural(len(p.hand), 'card')}.", p.seat, _names(chosen))  # fmt: skip


def _scry(state: GameState, action: ScryDecision) -> GameState:
    """Vancouver (2017 103.4): look at the top card and may put it on the bottom."""
    p = state.player(action.player)
    top = p.library[0]
    if action.to_bottom:
        p = replace(p, library=p.library[1:] + (top,), bottomed=p.bottomed + 1)
        state = _with_player(state, p)
    where = "on the bottom" if action.to_bottom else "on top"
    state = _log(state, "scry", f"{p.name} scries 1 and leaves the card {where}.", p.seat, top.name)
    return _rest_of_queue(state)


def _put_on_bottom(state: GameState, action: PutOnBottom) -> GameState:
    p = state.player(action.player)
    ids = tuple(action.card_ids)
    if len(set(ids)) != len(ids):
        raise WrongCardCountError("each card can be put on the bottom only once")
    if len(ids) != p.to_bottom:
        raise WrongCardCountError(
            f"{p.name} must put exactly {_plural(p.to_bottom, 'card')} on the bottom, not {len(ids)}"
        )
    chosen = tuple(_card_in(p.hand, i, p.name, "hand") for i in ids)
    hand = tuple(c for c in p.hand if c.id not in set(ids))
    p = replace(p, hand=hand, library=p.library + chosen, to_bottom=0, bottomed=p.bottomed + len(chosen))
    state = _with_player(state, p)
    names = ", then ".join(c.name for c in chosen)
    private = f"{names} ({chosen[-1].name} is now the bottom card)" if chosen else ""
    now = "the opening hand is" if p.kept else "their hand is now"
    return _log(
        state,
        "bottom",
        f"{p.name} puts {_plural(len(chosen), 'card')} on the bottom of their library; {now} "
        f"{_plural(len(hand), 'card')}.",
        p.seat,
        private,
    )


def _take_mulligans(state: GameState) -> GameState:
    """CR 103.5: all players who declared a mulligan take it at the same time (in the
    Paris editions a round has one player, or one team: 2008 101.4b)."""
    takers = [(seat, ids) for seat, mulligan, ids in state.declared if mulligan]
    names = " and ".join(_name(state, s) for s, _ in takers)
    verb = "takes a mulligan" if len(takers) == 1 else "take mulligans at the same time"
    state = _log(state, _decl_rule(state), f"{names} {verb}.")
    for seat, ids in takers:
        p = state.player(seat)
        p = replace(p, mulligans=p.mulligans + 1)
        free = p.mulligans <= state.free_mulligans
        note = f" (mulligan {p.mulligans}{', free' if free else ''})"
        if ids:  # Partial Paris: set the chosen cards aside, draw that many minus one
            chosen = tuple(c for c in p.hand if c.id in ids)
            p = replace(p, hand=tuple(c for c in p.hand if c.id not in ids), set_aside=p.set_aside + chosen)
            p = _draw(p, len(chosen) - 1)
            drew = _plural(len(chosen) - 1, "card")
            text = f"{p.name} sets aside {_plural(len(chosen), 'card')} and draws {drew}{note}."
            state = _log(_with_player(state, p), "mulligan", text, seat, _names(chosen))
            continue
        revealed = p.hand
        counted = state.counted_mulligans(p)
        draw = state.edition.cards_to_draw(p.hand_size, counted)
        if state.edition.set_aside_hands:  # Commander house rule: the hand waits outside the library
            p = replace(p, hand=(), set_aside=p.set_aside + p.hand)
            what = "sets their hand aside"
        else:
            p = replace(_shuffle(p, state.seed, p.library + p.hand), hand=())
            what = "shuffles their hand into their library"
        state = _with_player(state, p)
        if p.set_aside and len(p.library) < draw:
            state = _set_aside_back(state, seat, draw)
        state, dealt = _deal(state, seat, draw)
        p = state.player(seat)
        # CR 103.5: "draws a new hand ..., then puts [one card per mulligan] on the bottom".
        owed = (
            0
            if state.edition.bottom_when_kept
            else min(state.edition.cards_to_bottom(p.hand_size, counted), len(p.hand))
        )
        p = replace(p, to_bottom=owed)
        state = _with_player(state, p)
        shown = f"reveals {_names(revealed)}, " if state.edition.reveals_hand() else ""
        then = f", then puts {_plural(owed, 'card')} on the bottom" if owed else ""
        step = state.edition.free_step(state.format, len(state.players)) if free else "mulligan"
        if state.edition.set_aside_hands and not free:
            step = "set-aside"
        state = _log(
            state,
            step,
            f"{p.name} {shown}{what} and draws {_plural(len(p.hand), 'card')}{then}{note}.",
            seat,
        )
        if dealt is not None:
            state = _log(state, "smoothing", dealt[0], seat, dealt[1])
    return replace(state, declared=())


def _set_aside_back(state: GameState, seat: int, draw: int) -> GameState:
    """Set-aside hands (the Commander house rule): when fewer cards remain in the library
    than the next hand needs, the set-aside cards are shuffled back into it first, so every
    hand is a full one (the odds and the trainer count the same way: ``odds._walk``)."""
    p = state.player(seat)
    back = len(p.set_aside)
    left = len(p.library)
    p = _shuffle(replace(p, set_aside=()), state.seed, p.library + p.set_aside)
    text = (
        f"Only {_plural(left, 'card')} remain in {p.name}'s library, fewer than the {draw} of the next hand: "
        f"{p.name} first shuffles the {_plural(back, 'set-aside card')} back into their library."
    )
    return _log(_with_player(state, p), "set-aside", text, seat)


# ---------------------------------------------------------------------------- 103.6


def _scry_queue(state: GameState) -> tuple[tuple[str, int], ...]:
    """Vancouver (2017 103.4): after all keep, each player in turn order whose hand is
    smaller than their starting hand size may scry 1."""
    if not state.edition.scry:
        return ()
    return tuple(
        ("scry", seat)
        for seat in state.turn_order
        if len(state.player(seat).hand) < state.player(seat).hand_size and state.player(seat).library
    )


def _opening_queue(state: GameState) -> tuple[tuple[str, int], ...]:
    """CR 103.6: the starting player first, then each other player in turn order.
    103.6c: each player of the starting team "in whatever order that team likes" (the
    team chooses when two or more of them have actions), then each other team's players
    in turn order."""
    seats = [seat for seat in state.turn_order if any(state._opening_options(state.player(seat)))]
    team = [seat for seat in seats if state.shared_team_turns and seat in state.starting_team]
    if len(team) < 2:
        return tuple(("opening", seat) for seat in seats)
    return tuple(("opening-order", seat) for seat in team) + tuple(("opening", s) for s in seats if s not in team)


def _act_next(state: GameState, action: ActNext) -> GameState:
    """CR 103.6c: the starting team names the teammate who takes opening-hand actions next."""
    pending = state.pending
    assert isinstance(pending, ChooseOpeningPlayer)
    if action.seat not in pending.options:
        raise IllegalActionError(f"seat {action.seat} is not a player of the starting team still to act (CR 103.6c)")
    queue = (("opening", action.seat),) + tuple(item for item in state.queue if item != ("opening-order", action.seat))
    state = replace(state, queue=queue)
    text = f"{_team_name(state, action.player)} chooses {_name(state, action.seat)} to take opening-hand actions next."
    return _log(state, "team-opening", text, action.player)


def _openers_together(state: GameState) -> GameState:
    """2008 101.Ruling.1: "Each player chooses, in turn order, which Leylines to put into
    play, then they all reveal their choices simultaneously and put the cards into play
    simultaneously." The starting player then orders their timestamps (two or more)."""
    together: list[int] = []
    parts: list[str] = []
    for seat in state.turn_order:
        p = state.player(seat)
        if not p.chosen_openers:
            continue
        exiled: list[Card] = []
        begun: list[Card] = []
        for card_id, exile_id in p.chosen_openers:
            card = _card_in(p.hand, card_id, p.name, "hand")
            begun.append(card)
            if exile_id is not None:
                exiled.append(_card_in(p.hand, exile_id, p.name, "hand"))
        gone = {c.id for c in begun + exiled}
        luck = tuple(c.id for c in begun if is_named(c.name, GEMSTONE_CAVERNS))
        p = replace(p, hand=tuple(c for c in p.hand if c.id not in gone), battlefield=p.battlefield + tuple(begun),
                    exile=p.exile + tuple(exiled), luck_counters=p.luck_counters + luck, chosen_openers=())  # fmt: skip
        state = _with_player(state, p)
        together.extend(c.id for c in begun)
        exile_note = f" (exiling {_plural(len(exiled), 'card')} from their hand)" if exiled else ""
        parts.append(f"{p.name}: {_names(begun)}{exile_note}")
    state = _log(
        state,
        "leylines",
        "Every player reveals their choices; the cards go onto the battlefield at the same time — " + "; ".join(parts),
    )
    if len(together) < 2:
        return replace(state, timestamps=state.timestamps + tuple(together))
    assert state.starting_player is not None
    return replace(state, unordered=tuple(together), queue=(("timestamps", state.starting_player),))


def _next_timestamp(state: GameState, action: NextTimestamp) -> GameState:
    """2008 101.Ruling.1: the starting player orders the timestamps, earliest first."""
    if action.card_id not in state.unordered:
        raise IllegalActionError(f"card {action.card_id} has no timestamp left to order")
    rest = tuple(i for i in state.unordered if i != action.card_id)
    order = state.timestamps + (action.card_id,) + (rest if len(rest) == 1 else ())
    state = replace(state, timestamps=order, unordered=rest if len(rest) > 1 else ())
    if state.unordered:
        return state
    names = {c.id: c.name for p in state.players for c in p.battlefield}
    state = _log(state, "leylines", f"{_name(state, action.player)} orders their timestamps: "
                 + ", then ".join(names[i] for i in order if i in names) + ".", action.player)  # fmt: skip
    return _rest_of_queue(state)


def _begin_on_battlefield(state: GameState, action: BeginOnBattlefield) -> GameState:
    pending = state.pending
    assert isinstance(pending, OpeningHandActions)
    p = state.player(action.player)
    if action.card_id not in pending.to_battlefield:
        raise IllegalActionError(f"card {action.card_id} cannot begin the game on the battlefield now (CR 103.6a)")
    card = _card_in(p.hand, action.card_id, p.name, "hand")
    chosen = {i for pair in p.chosen_openers for i in pair}
    hand = tuple(c for c in p.hand if c.id != card.id)
    chosen_hand = tuple(c for c in hand if c.id not in chosen)
    exiled: tuple[Card, ...] = ()
    if action.card_id in pending.caverns:
        if chosen_hand and action.exile_id is None:
            raise IllegalActionError("Gemstone Caverns: choose a card to exile from your hand")
        if chosen_hand and action.exile_id is not None:
            exiled = (_card_in(chosen_hand, action.exile_id, p.name, "hand"),)
    elif action.exile_id is not None:
        raise IllegalActionError(f"{card.name} does not exile a card")
    if state.edition.simultaneous_leylines:  # 2008 101.Ruling.1: chosen now, revealed together later
        pair = (card.id, exiled[0].id if exiled else None)
        state = _with_player(state, replace(p, chosen_openers=p.chosen_openers + (pair,)))
        text = f"{p.name} chooses a card to begin the game on the battlefield (revealed once every player has chosen)."
        return _log(state, "leylines", text, p.seat, card.name)
    state = replace(state, timestamps=state.timestamps + (card.id,))
    if action.card_id in pending.caverns:
        hand = tuple(c for c in hand if c not in exiled)
        p = replace(p, hand=hand, battlefield=p.battlefield + (card,), exile=p.exile + exiled,
                    luck_counters=p.luck_counters + (card.id,))  # fmt: skip
        state = _with_player(state, p)
        return _log(
            state,
            "battlefield",
            f"{p.name} begins the game with Gemstone Caverns on the battlefield with a luck counter"
            f"{' and exiles a card from their hand' if exiled else ''}.",
            p.seat,
            f"Exiled: {exiled[0].name}" if exiled else "",
        )
    state = _with_player(state, replace(p, hand=hand, battlefield=p.battlefield + (card,)))
    return _log(state, "battlefield", f"{p.name} begins the game with {card.name} on the battlefield.", p.seat)


def _reveal_from_hand(state: GameState, action: RevealFromHand) -> GameState:
    pending = state.pending
    assert isinstance(pending, OpeningHandActions)
    p = state.player(action.player)
    if action.card_id not in pending.to_reveal:
        raise IllegalActionError(f"card {action.card_id} cannot be revealed now (CR 103.6b: once per card)")
    card = _card_in(p.hand, action.card_id, p.name, "hand")
    p = replace(p, revealed=p.revealed + (card.id,), ever_revealed=p.ever_revealed + (card.id,))
    state = _with_player(state, p)
    return _log(state, "reveal", f"{p.name} reveals {card.name} from their opening hand.", p.seat)


def _finish_opening(state: GameState, action: FinishOpeningActions) -> GameState:
    state = _log(state, "opening", f"{_name(state, action.player)} is done with opening-hand actions.", action.player)
    return _rest_of_queue(state)


# ------------------------------------------------------------------ advancing the game


def _advance(state: GameState) -> GameState:
    """Carry out every step that needs no decision, until one does or the game begins."""
    while True:
        if state.phase == "setup":
            if state.queue:
                return state
            if not state.shuffled:
                state = _shuffle_decks(state)
            if state.starting_player is None:  # the editions that shuffle before choosing
                state = _log(replace(state, phase="choose_starting_player"), "chooser", state.chooser_note)
                return state
            state = _life_and_draw(_power_play(state))
        elif state.phase == "backup_plan":
            if state.queue:
                return state
            state = replace(state, phase="mulligans")
        elif state.phase == "mulligans":
            if any(p.to_bottom or (p.kept and p.to_shuffle) for p in state.players):
                return state
            seat = state._next_to_declare()
            if seat is not None:
                p = state.player(seat)
                if state.edition.may_mulligan(
                    p.hand_size, state.counted_mulligans(p), p.mulligans, len(p.hand), p.lands_in_hand()
                ):
                    return state
                state = _keep(state, p, forced=True)
            elif any(mulligan for _, mulligan, _ids in state.declared):
                state = _take_mulligans(state)
            elif not all(p.kept for p in state.players):
                state = replace(state, declared=())  # the next player (Paris) or team (2008 101.4b)
            else:
                state = _log(replace(state, declared=()), "mulligan", "The mulligan process is complete.")
                state = replace(state, phase="scry", queue=_scry_queue(state))
        elif state.phase == "scry":
            if state.queue:
                return state
            queue = _opening_queue(state)
            if not queue:
                state = _log(state, "opening", "No card in an opening hand allows an action.")
            state = replace(state, phase="opening_actions", queue=queue)
        elif state.phase == "opening_actions":
            if state.queue:
                kind, seat = state.queue[0]
                if kind == "opening-order" and sum(k == kind for k, _ in state.queue) == 1:
                    state = replace(state, queue=(("opening", seat),) + state.queue[1:])  # the last of the team
                    continue
                return state
            if any(p.chosen_openers for p in state.players):
                state = _openers_together(state)
                continue
            state = _begin_first_turn(_starting_plane(state))
        else:
            return state


def _starting_plane(state: GameState) -> GameState:
    """CR 103.7: the starting player turns over planar cards until a plane; phenomena go
    to the bottom of their planar deck. The plane is the starting plane."""
    if not state.format.planechase:
        return state
    assert state.starting_player is not None
    p = state.player(state.starting_player)
    if not p.planar_deck:
        return _log(state, "plane", f"{p.name} has no planar deck: there is no starting plane.", p.seat)
    deck = p.planar_deck
    for _ in range(len(deck)):
        top, deck = deck[0], deck[1:]
        if p.pool.lookup(top.name).has_type("Phenomenon"):
            deck = deck + (top,)
            state = _log(
                state, "plane", f"{p.name} turns over {top.name}, a phenomenon, and puts it on the bottom.", p.seat
            )
            continue
        p = replace(p, planar_deck=deck, command=p.command + (top,))
        state = replace(_with_player(state, p), starting_plane=top.id)
        return _log(state, "plane", f"{p.name} turns over {top.name}: it is the starting plane.", p.seat)
    state = _with_player(state, replace(p, planar_deck=deck))
    return _log(state, "plane", f"{p.name}'s planar deck has no plane card: there is no starting plane.", p.seat)


def _begin_first_turn(state: GameState) -> GameState:
    starter = state.starting_player
    assert starter is not None
    for p in state.players:
        if p.revealed:
            state = _with_player(state, replace(p, revealed=()))
            state = _log(
                state, "reveal", f"{p.name}'s revealed cards stop being revealed as the first turn begins.", p.seat
            )
    skippers, rule = state.format.first_draw_skippers(state.starting_team, len(state.players))
    state = replace(state, phase="first_turn", queue=(), first_draw_skipped=skippers)
    state = _log(state, "first-turn", f"{_team_name(state, starter)} takes the first turn.", starter)
    if skippers:
        who = " and ".join(_name(state, s) for s in skippers)
        why = "two-player game" if rule == "skip-two-player" else "Two-Headed Giant: the team who plays first"
        return _log(
            state, rule, f"{who} skip{'s' if len(skippers) == 1 else ''} the draw step of the first turn ({why})."
        )
    return _log(state, "skip-none", "No player skips the draw step of their first turn (multiplayer game).")


# ---------------------------------------------------------------- practice turns


def draws_skipped(state: GameState, seat: int) -> bool:
    """Whether ``seat`` skips the draw step of their first turn (CR 103.8a-c): known once the
    game has begun."""
    return seat in state.first_draw_skipped


def next_draws(state: GameState, seat: int, turns: int = MAX_TURNS) -> tuple[tuple[int, Card | None], ...]:
    """``seat``'s next turns after those already taken, each with the card its draw step
    would draw (CR 504.1), up to turn ``turns``: ``None`` for a first turn whose draw is
    skipped (CR 103.8a, 103.8b) or once the library is empty. The library's order is
    fixed, so these are the cards practice turns will draw."""
    p = state.player(seat)
    upcoming: list[tuple[int, Card | None]] = []
    position = 0
    for turn in range(len(p.turns) + 1, turns + 1):
        if turn == 1 and draws_skipped(state, seat):
            upcoming.append((turn, None))
            continue
        upcoming.append((turn, p.library[position] if position < len(p.library) else None))
        position += 1
    return tuple(upcoming)


def _take_turn(state: GameState, action: TakeTurn) -> GameState:
    if state.pending is not None or state.phase != "first_turn":
        raise IllegalActionError("Turns are practised once the game has begun: finish the start of the game first.")
    p = state.player(action.player)
    turn = len(p.turns) + 1
    if turn > MAX_TURNS:
        raise IllegalActionError(f"Practice turns stop after turn {MAX_TURNS}: deal again or undo.")
    drawn: Card | None = None
    if turn == 1 and draws_skipped(state, p.seat):
        who = "two-player game" if len(state.players) == 2 else "Two-Headed Giant: the team who plays first"
        state = _log(state, state.format.first_draw_skippers(state.starting_team, len(state.players))[1],
                     f"Turn 1: {p.name} skips the draw step ({who}).", p.seat)  # fmt: skip
    elif not p.library:
        raise IllegalActionError(
            f"{p.name}'s library is empty: a player who would draw from it loses the game (CR 704.5b)."
        )
    else:
        drawn = p.library[0]
        p = _draw(p, 1)
        state = _log(state, "turn-draw", f"Turn {turn}: {p.name} draws a card.", p.seat, drawn.name)
    played: Card | None = None
    if action.land is not None:
        played = _card_in(p.hand, action.land, p.name, "hand")
        if not p.is_land(played):
            raise IllegalActionError(f"{played.name} is not a land: only a land is played as the turn's land.")
        p = replace(p, hand=tuple(c for c in p.hand if c.id != played.id), battlefield=p.battlefield + (played,))
        lands = sum(1 for _drawn, land in p.turns if land is not None) + 1
        state = _log(state, "turn-land", f"Turn {turn}: {p.name} plays {played.name} (land drop {lands}).", p.seat)
    elif any(p.is_land(c) for c in p.hand):
        state = _log(state, "turn-land", f"Turn {turn}: {p.name} plays no land.", p.seat)
    else:
        state = _log(state, "turn-land", f"Turn {turn}: {p.name} has no land to play: a missed land drop.", p.seat)
    p = replace(p, turns=p.turns + ((drawn.id if drawn else None, played.id if played else None),))
    return _with_player(state, p)


_ACTIONS_FOR: dict[type, type | tuple[type, ...]] = {
    ChooseStartingPlayer: ChooseStarting,
    ChooseCompanion: RevealCompanion,
    ChooseStickerSheets: ChooseStickers,
    ChooseConspiracies: PutConspiracies,
    ChooseBackupHand: KeepBackupHand,
    DeclareMulligan: (Keep, Mulligan, UseSerumPowder),
    ChooseBottom: PutOnBottom,
    ChooseShuffleBack: ShuffleBack,
    Scry: ScryDecision,
    OpeningHandActions: (BeginOnBattlefield, RevealFromHand, FinishOpeningActions),
    ChooseOpeningPlayer: ActNext,
    OrderTimestamps: NextTimestamp,
}

_HANDLERS: dict[type, Callable[[GameState, Any], GameState]] = {
    ChooseStarting: _choose_starting,
    RevealCompanion: _reveal_companion,
    ChooseStickers: _choose_stickers,
    PutConspiracies: _put_conspiracies,
    KeepBackupHand: _keep_backup_hand,
    Keep: _declare,
    Mulligan: _declare,
    UseSerumPowder: _serum_powder,
    PutOnBottom: _put_on_bottom,
    ShuffleBack: _shuffle_back,
    ScryDecision: _scry,
    BeginOnBattlefield: _begin_on_battlefield,
    RevealFromHand: _reveal_from_hand,
    FinishOpeningActions: _finish_opening,
    ActNext: _act_next,
    NextTimestamp: _next_timestamp,
}
