"""The start of a game (CR 103) as a pure, seeded state machine.

``new_game`` builds the first state; ``apply(state, action)`` returns the next state. A
state is an immutable value that says which decision it waits for (``state.pending``): who
must decide, and what. A wrong action raises an :class:`IllegalActionError` and, the state
being immutable, nothing changes. Every step appends an :class:`~.state.Event` citing the
rule that allows it.

This module chains the steps, carrying out every one that needs no decision; the steps
themselves are in :mod:`.setup_steps` (CR 103.1-103.4), :mod:`.mulligan_steps` (103.5),
:mod:`.opening_actions` (103.6) and :mod:`.practice_turns` (the turns after the game has
begun). The values live beside it: states in :mod:`.state`, the decisions a state waits for
(and which one is next) in :mod:`.decisions`, the actions that answer them in :mod:`.actions`.

Randomness is owned by the game: every random operation is seeded from the game's seed
and the operation's identity (the coin flip; seat N's k-th shuffle: ``zones.seeded_rng``),
so one seed reproduces every shuffle, and one player's mulligans never change another
player's cards.

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

from opening_hand.cards import Card, CardPool, in_use, normalise
from opening_hand.errors import IllegalActionError, NotYourDecisionError, RulesError
from opening_hand.rules import mulligan_steps, opening_actions, practice_turns, setup_steps
from opening_hand.rules.actions import (
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
from opening_hand.rules.decisions import (
    ANSWERS,
    ChooseBackupHand,
    ChooseBottom,
    ChooseCompanion,
    ChooseConspiracies,
    ChooseOpeningPlayer,
    ChooseShuffleBack,
    ChooseStartingPlayer,
    ChooseStickerSheets,
    Decision,
    DeclareMulligan,
    OrderTimestamps,
    Scry,
    cards_owed,
    may_mulligan,
    next_to_declare,
)
from opening_hand.rules.editions import find_edition
from opening_hand.rules.formats import Format, find_format
from opening_hand.rules.game_log import log_event, plural, seat_name, team_name
from opening_hand.rules.state import MAX_SEED, GameState, PlayerState, SeatConfig
from opening_hand.rules.zones import seeded_rng, with_player

__all__ = ["RANDOM_SEEDS", "apply", "new_game", "random_seed"]

# ----------------------------------------------------------------------- randomness


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
    state = log_event(state, "header", f"{fmt.name}: {n} players, {rules.name} ({rules.year}), seed {seed}.")
    if fmt.archenemy:
        # CR 103.1b: the archenemy takes the first turn; no one chooses.
        state = replace(state, chooser=archenemy)
        state = log_event(
            state, "archenemy-start", f"{seat_name(state, archenemy)} is the archenemy and takes the first turn."
        )
        return _advance(setup_steps.start_setup(state, archenemy))
    if chooser is not None:
        if chooser not in state.seats:
            raise RulesError(f"there is no seat {chooser} to choose who takes the first turn")
        note = f"{seat_name(state, chooser)} chooses who takes the first turn: {chooser_reason}"
    else:
        chooser = seeded_rng(seed, "starting-player-chooser").randrange(n) + 1
        method = "wins the coin flip" if n == 2 else f"rolls highest on a {n}-sided die"
        note = f"{seat_name(state, chooser)} {method} and chooses who takes the first turn."
    state = replace(state, chooser=chooser, chooser_note=note)
    # 2001 P.1.1, 2008 101.1, 2017 103.1: the decks are shuffled first, then the players
    # determine who chooses (2008 101.2, 2017 103.2).
    state = (
        _advance(setup_steps.start_setup(state, None))
        if rules.shuffle_before_choice
        else log_event(state, "chooser", note)
    )
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
    me, first = team_name(named, seat), team_name(named, start)
    text = f"{me} plays first" if side == "play" else f"{me} draws first and {first} takes the first turn"
    state = replace(state, chooser=seat)
    state = log_event(state, "choose", f"Practice setting: {text}, whoever won the flip.")
    return _choose_starting_now(state, start)


# ------------------------------------------------------------------------- applying


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises :class:`IllegalActionError` if the rules do not
    allow it now (``state`` itself never changes)."""
    pending = state.pending
    if isinstance(action, TakeTurn):
        return practice_turns.take_turn(state, action)
    if pending is None:
        raise IllegalActionError("the game has already begun: there is no decision to make")
    expected = ANSWERS[type(pending)]
    if action.player != pending.player or not isinstance(action, expected):
        raise NotYourDecisionError(
            f"{_describe(action, state)} is not allowed now: the game waits for {_describe_pending(pending, state)}"
        )
    handler = _HANDLERS[type(action)]
    return _advance(handler(state, action))


def _describe(action: Action, state: GameState) -> str:
    try:
        who = seat_name(state, action.player)
    except IllegalActionError:
        who = f"seat {action.player}"
    return f"{action.doing} by {who}"


def _describe_pending(pending: Decision, state: GameState) -> str:
    who = seat_name(state, pending.player)
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
        return f"{who} to put {plural(pending.count, 'card')} on the bottom"
    if isinstance(pending, ChooseShuffleBack):
        return f"{who} to shuffle {plural(pending.count, 'card')} back"
    if isinstance(pending, Scry):
        return f"{who} to scry"
    if isinstance(pending, ChooseOpeningPlayer):
        return f"{who} to choose which teammate takes opening-hand actions next"
    if isinstance(pending, OrderTimestamps):
        return f"{who} to order the timestamps"
    return f"{who} to take opening-hand actions"


# ---------------------------------------------------------------------------- 103.1


def _choose_starting(state: GameState, action: ChooseStarting) -> GameState:
    pending = state.pending
    assert isinstance(pending, ChooseStartingPlayer)
    if action.starting_player not in state.seats:
        raise IllegalActionError(f"there is no seat {action.starting_player} to take the first turn")
    start = action.starting_player
    if state.shared_team_turns:
        start = state.teams[state.team_of(start)][0]  # CR 103.1a: a starting team
    chooser = seat_name(state, action.player)
    starter = team_name(replace(state, starting_player=start), start)
    rule = "team-start" if state.shared_team_turns else "choose"
    state = log_event(state, rule, f"{chooser} chooses {starter} to take the first turn (on the play).")
    return _choose_starting_now(state, start)


def _choose_starting_now(state: GameState, start: int) -> GameState:
    state = replace(state, starting_player=start)
    if state.shuffled:
        return _advance(setup_steps.life_and_draw(setup_steps.power_play(state)))
    return _advance(setup_steps.start_setup(state, start))


# ------------------------------------------------------------------ advancing the game


def _advance(state: GameState) -> GameState:
    """Carry out every step that needs no decision, until one does or the game begins."""
    while True:
        if state.phase == "setup":
            if state.queue:
                return state
            if not state.shuffled:
                state = setup_steps.shuffle_decks(state)
            if state.starting_player is None:  # the editions that shuffle before choosing
                state = log_event(replace(state, phase="choose_starting_player"), "chooser", state.chooser_note)
                return state
            state = setup_steps.life_and_draw(setup_steps.power_play(state))
        elif state.phase == "backup_plan":
            if state.queue:
                return state
            state = replace(state, phase="mulligans")
        elif state.phase == "mulligans":
            if cards_owed(state) is not None:
                return state
            seat = next_to_declare(state)
            if seat is not None:
                p = state.player(seat)
                if may_mulligan(state, p):
                    return state
                state = mulligan_steps.keep(state, p, forced=True)
            elif any(mulligan for _, mulligan, _ids in state.declared):
                state = mulligan_steps.take_mulligans(state)
            elif not all(p.kept for p in state.players):
                state = replace(state, declared=())  # the next player (Paris) or team (2008 101.4b)
            else:
                state = log_event(replace(state, declared=()), "mulligan", "The mulligan process is complete.")
                state = replace(state, phase="scry", queue=mulligan_steps.scry_queue(state))
        elif state.phase == "scry":
            if state.queue:
                return state
            queue = opening_actions.opening_queue(state)
            if not queue:
                state = log_event(state, "opening", "No card in an opening hand allows an action.")
            state = replace(state, phase="opening_actions", queue=queue)
        elif state.phase == "opening_actions":
            if state.queue:
                kind, seat = state.queue[0]
                if kind == "opening-order" and sum(k == kind for k, _ in state.queue) == 1:
                    state = replace(state, queue=(("opening", seat),) + state.queue[1:])  # the last of the team
                    continue
                return state
            if any(p.chosen_openers for p in state.players):
                state = opening_actions.openers_together(state)
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
        return log_event(state, "plane", f"{p.name} has no planar deck: there is no starting plane.", p.seat)
    deck = p.planar_deck
    for _ in range(len(deck)):
        top, deck = deck[0], deck[1:]
        if p.pool.lookup(top.name).has_type("Phenomenon"):
            deck = deck + (top,)
            state = log_event(
                state, "plane", f"{p.name} turns over {top.name}, a phenomenon, and puts it on the bottom.", p.seat
            )
            continue
        p = replace(p, planar_deck=deck, command=p.command + (top,))
        state = replace(with_player(state, p), starting_plane=top.id)
        return log_event(state, "plane", f"{p.name} turns over {top.name}: it is the starting plane.", p.seat)
    state = with_player(state, replace(p, planar_deck=deck))
    return log_event(state, "plane", f"{p.name}'s planar deck has no plane card: there is no starting plane.", p.seat)


def _begin_first_turn(state: GameState) -> GameState:
    starter = state.starting_player
    assert starter is not None
    for p in state.players:
        if p.revealed:
            state = with_player(state, replace(p, revealed=()))
            state = log_event(
                state, "reveal", f"{p.name}'s revealed cards stop being revealed as the first turn begins.", p.seat
            )
    skippers, rule = state.format.first_draw_skippers(state.starting_team, len(state.players))
    state = replace(state, phase="first_turn", queue=(), first_draw_skipped=skippers)
    state = log_event(state, "first-turn", f"{team_name(state, starter)} takes the first turn.", starter)
    if skippers:
        who = " and ".join(seat_name(state, s) for s in skippers)
        why = "two-player game" if rule == "skip-two-player" else "Two-Headed Giant: the team who plays first"
        return log_event(
            state, rule, f"{who} skip{'s' if len(skippers) == 1 else ''} the draw step of the first turn ({why})."
        )
    return log_event(state, "skip-none", "No player skips the draw step of their first turn (multiplayer game).")


_HANDLERS: dict[type, Callable[[GameState, Any], GameState]] = {
    ChooseStarting: _choose_starting,
    RevealCompanion: setup_steps.reveal_companion,
    ChooseStickers: setup_steps.choose_stickers,
    PutConspiracies: setup_steps.put_conspiracies,
    KeepBackupHand: mulligan_steps.keep_backup_hand,
    Keep: mulligan_steps.declare,
    Mulligan: mulligan_steps.declare,
    UseSerumPowder: mulligan_steps.use_serum_powder,
    PutOnBottom: mulligan_steps.put_on_bottom,
    ShuffleBack: mulligan_steps.shuffle_back,
    ScryDecision: mulligan_steps.scry,
    BeginOnBattlefield: opening_actions.begin_on_battlefield,
    RevealFromHand: opening_actions.reveal_from_hand,
    FinishOpeningActions: opening_actions.finish_opening,
    ActNext: opening_actions.act_next,
    NextTimestamp: opening_actions.next_timestamp,
}
