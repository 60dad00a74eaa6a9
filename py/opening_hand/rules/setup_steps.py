"""The steps before the mulligans (CR 103.1-103.4): sideboards set aside, companions
revealed, commanders and conspiracies to the command zone, sticker sheets chosen (103.2);
Power Play (103.1c); the decks shuffled (103.3); starting life (103.4) and the first hands
drawn (103.5, with Backup Plan's extra hands). ``game`` chains them and asks the decisions
they queue.
"""

from __future__ import annotations

from dataclasses import replace

from opening_hand.errors import CardNotInHandError, IllegalActionError, WrongCardCountError
from opening_hand.rules.actions import ChooseStickers, PutConspiracies, RevealCompanion
from opening_hand.rules.decisions import ChooseCompanion, ChooseConspiracies, ChooseStickerSheets
from opening_hand.rules.game_log import Note, card_names, log_event, plural, team_name
from opening_hand.rules.special import BACKUP_PLAN, POWER_PLAY, is_companion, is_named
from opening_hand.rules.state import GameState
from opening_hand.rules.zones import (
    card_in,
    deal_hand,
    draw_cards,
    rest_of_queue,
    seeded_rng,
    shuffle_cards,
    with_player,
)


def start_setup(state: GameState, start: int | None) -> GameState:
    """CR 103.2: the steps before shuffling, in the order 103.2a-e lists them: sideboards
    set aside, companions revealed, commanders to the command zone, sticker sheets chosen,
    conspiracies to the command zone; then the shuffle (103.3). (``start`` is None in
    editions that shuffle before the starting player is chosen.)"""
    state = replace(state, starting_player=start, phase="setup")
    for p in state.players:
        if p.sideboard:
            state = log_event(
                state, "sideboard", f"{p.name} sets aside a sideboard of {plural(len(p.sideboard), 'card')}.", p.seat
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
        chosen = set(seeded_rng(state.seed, f"seat-{p.seat}/stickers").sample(sheets, min(3, len(sheets))))
        kept = tuple(c for c in sheets if c in chosen)
        p = replace(p, sticker_sheets=tuple(c for c in sheets if c not in chosen), stickers=kept)
        state = with_player(state, p)
        how = "chooses three of them at random" if len(sheets) > 3 else "uses them all (three or fewer)"
        text = (
            f"{p.name} reveals {plural(len(sheets), 'sticker sheet')} and {how}: {card_names(kept)}; these stay "
            "revealed, and only their stickers are available."
        )
        state = log_event(state, "stickers", text, p.seat)
    return state


def choose_stickers(state: GameState, action: ChooseStickers) -> GameState:
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
    state = with_player(state, p)
    text = (
        f"{p.name} chooses and reveals {plural(len(chosen), 'sticker sheet')}: {card_names(chosen)}; these stay "
        "revealed, and only their stickers are available."
        if chosen
        else f"{p.name} chooses no sticker sheet."
    )
    return rest_of_queue(log_event(state, "stickers", text, p.seat))


def reveal_companion(state: GameState, action: RevealCompanion) -> GameState:
    """CR 103.2b: the player reveals a companion from their sideboard, or none; it remains
    outside the game."""
    pending = state.pending
    assert isinstance(pending, ChooseCompanion)
    p = state.player(action.player)
    if action.card_id is None:
        state = log_event(state, "companion", f"{p.name} reveals no companion.", p.seat)
    else:
        option = next((o for o in pending.options if o.card_id == action.card_id), None)
        if option is None:
            raise CardNotInHandError(f"card {action.card_id} is not a companion in {p.name}'s sideboard")
        if option.met is False:
            raise IllegalActionError(f"{p.name} may not reveal {option.name}: {option.reason} (CR 103.2b)")
        card = card_in(p.sideboard, action.card_id, p.name, "sideboard")
        p = replace(p, sideboard=tuple(c for c in p.sideboard if c.id != card.id), companion=(card,))
        state = with_player(state, p)
        state = log_event(state, "companion", f"{p.name} reveals {card.name} as their companion ({option.reason}); "
                     "it remains outside the game.", p.seat)  # fmt: skip
    state = rest_of_queue(state)
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
        state = with_player(state, p)
        state = log_event(
            state, "commander", f"{p.name} puts {card_names(moved)} face up into the command zone.", p.seat
        )
    return state


def put_conspiracies(state: GameState, action: PutConspiracies) -> GameState:
    """CR 103.2e: the chosen conspiracies go from the sideboard into the command zone."""
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
    state = with_player(state, p)
    text = (
        f"{p.name} puts {card_names(chosen)} into the command zone."
        if chosen
        else f"{p.name} puts no conspiracy into the command zone."
    )
    return rest_of_queue(log_event(state, "conspiracy", text, p.seat))


def power_play(state: GameState) -> GameState:
    """CR 103.1c: Power Play's controller is the starting player; this applies after the
    starting player has been determined and supersedes it. (Several: one at random.)"""
    controllers = tuple(p.seat for p in state.players if any(is_named(c.name, POWER_PLAY) for c in p.command))
    if not controllers:
        return state
    start = controllers[0] if len(controllers) == 1 else seeded_rng(state.seed, "power-play").choice(controllers)
    if state.shared_team_turns:
        start = state.teams[state.team_of(start)][0]
    chosen = " (chosen at random among the Power Plays)" if len(controllers) > 1 else ""
    state = replace(state, starting_player=start)
    return log_event(
        state, "power-play", f"Power Play: {team_name(state, start)} is the starting player{chosen}.", start
    )


def shuffle_decks(state: GameState) -> GameState:
    """CR 103.3: each player shuffles their deck, which becomes their library; 103.3a: each
    supplementary deck (the planar decks of Planechase, the archenemy's scheme deck) is
    shuffled by its owner too. (Each shuffle is seeded on its own: the order of these
    shuffles changes no card.)"""
    for p in state.players:
        p = shuffle_cards(p, state.seed, p.library)
        if p.planar_deck:
            p = shuffle_cards(p, state.seed, p.planar_deck, "planar_deck")
        if p.scheme_deck:
            p = shuffle_cards(p, state.seed, p.scheme_deck, "scheme_deck")
        state = with_player(state, p)
    state = log_event(state, "shuffle", "Each player shuffles their deck; the decks become their libraries.")
    extra = []
    if any(p.planar_deck for p in state.players):
        extra.append("each planar deck")
    if any(p.scheme_deck for p in state.players):
        extra.append("the scheme deck")
    if extra:
        text = f"Supplementary decks are shuffled by their owners too: {' and '.join(extra)}."
        state = log_event(state, "supplementary", text)
    return replace(state, shuffled=True)


def life_and_draw(state: GameState) -> GameState:
    """CR 103.4 (life) and 103.5 (each player draws their starting hand size)."""
    state = _starting_life(state)
    queue: list[tuple[str, int]] = []
    notes: list[tuple[int, Note]] = []
    for seat in state.turn_order:
        p = state.player(seat)
        state, note = deal_hand(state, seat, state.edition.initial_draw(p.hand_size))
        if note is not None:
            notes.append((seat, note))
        backups = sum(1 for c in p.command if is_named(c.name, BACKUP_PLAN))
        if backups:
            p = state.player(seat)
            hands = [tuple(c.id for c in p.hand)]
            for _ in range(backups):
                before = len(p.hand)
                p = draw_cards(p, p.hand_size)
                hands.append(tuple(c.id for c in p.hand[before:]))
            state = with_player(state, replace(p, backup_hands=tuple(hands)))
            queue.append(("backup", seat))
            state = log_event(state, "draw", f"Backup Plan: {p.name} draws {plural(backups, 'additional hand')}.", seat)
    sizes = {state.edition.initial_draw(p.hand_size) for p in state.players}
    # CR 103.5a: in a Vanguard game each starting hand size comes from the vanguard card.
    draw_rule = "hand-vanguard" if state.format.vanguard else "draw"
    if len(sizes) == 1:
        state = log_event(state, draw_rule, f"Each player draws a hand of {plural(sizes.pop(), 'card')}.")
    else:
        for p in state.players:
            rule = "hand-vanguard" if p.vanguard else "draw"
            size = state.edition.initial_draw(p.hand_size)
            state = log_event(state, rule, f"{p.name} draws a hand of {plural(size, 'card')}.", p.seat)
    for seat, (text, private) in notes:
        state = log_event(state, "smoothing", text, seat, private)
    for p in state.players:
        wanted = state.edition.initial_draw(p.hand_size)
        if len(p.hand) < wanted:  # a library smaller than a hand: draw what there is
            state = log_event(
                state,
                "draw",
                f"{p.name}'s deck has only {plural(len(p.hand), 'card')}, fewer than a hand of {wanted}: "
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
        return log_event(state, "life-2hg", f"Each team begins the game with {fmt.team_life} life.")
    lives: list[tuple[int, str]] = []
    for p in state.players:
        life, rule = fmt.life_for(n, archenemy=p.seat == state.archenemy)
        if p.vanguard:
            life, rule = life + p.vanguard.life_modifier, "life-vanguard"
        lives.append((life, rule))
        state = with_player(state, replace(p, life=life))
    if len(set(lives)) == 1:
        life, rule = lives[0]
        return log_event(state, rule, f"Each player begins the game with {life} life.")
    for p, (life, rule) in zip(state.players, lives, strict=True):
        state = log_event(state, rule, f"{p.name} begins the game with {life} life.", p.seat)
    return state
