"""Every citation the engine can log, in every edition, checked against the project's own index
of rule numbers (``opening_hand.rules.rule_index``): the rule must exist in the text the citation
names, and the index must say that rule covers the step logged. These tests need no rules
texts; ``test_rule_texts`` checks the index itself against the texts where they are at hand.
"""

from __future__ import annotations

import random

import pytest

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
    ChooseBackupHand,
    ChooseBottom,
    ChooseCompanion,
    ChooseConspiracies,
    ChooseOpeningPlayer,
    ChooseShuffleBack,
    ChooseStartingPlayer,
    ChooseStickerSheets,
    DeclareMulligan,
    OrderTimestamps,
    Scry,
)
from opening_hand.rules.editions import CURRENT, EARLIER_CITATIONS, EDITIONS, FIXED, Edition
from opening_hand.rules.formats import FORMATS
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.practice_turns import next_draws
from opening_hand.rules.rule_index import TEXTS, covers, find, split
from opening_hand.rules.state import MAX_TURNS, GameState, SeatConfig, Vanguard


def steps(edition: Edition) -> list[str]:
    return sorted({*CURRENT, *edition.citations, *FIXED})


@pytest.mark.parametrize("key", sorted(EDITIONS))
def test_every_step_of_every_edition_cites_a_rule_the_index_says_covers_it(key: str) -> None:
    edition = EDITIONS[key]
    for step in steps(edition):
        citation = edition.cite(step)
        try:
            entry = find(citation)
        except KeyError as error:
            raise AssertionError(f"{key}: {step} cites {citation!r}, which the index does not have") from error
        assert step in entry.steps, f"{key}: {step} cites {citation!r}, which covers {sorted(entry.steps)}"


@pytest.mark.parametrize("key", [k for k, e in EDITIONS.items() if e.citations is not CURRENT and not e.house])
def test_an_older_edition_cites_the_current_text_only_for_what_its_own_text_lacks(key: str) -> None:
    edition = EDITIONS[key]
    for step in steps(edition):
        citation = edition.cite(step)
        if step in FIXED:
            assert citation == FIXED[step]
        elif step in edition.citations:
            assert not citation.startswith("current "), (step, citation)
        else:
            assert citation == f"current {CURRENT[step]}", (step, citation)


def test_the_current_edition_cites_the_2025_numbers_and_the_earlier_text_its_own() -> None:
    """Issue 33: a judge who looks up the numbers the log cites finds the rule under them."""
    current, earlier = EDITIONS["london"], EDITIONS["london-2019"]
    assert [current.cite(s) for s in ("shuffle", "life", "mulligan", "opening", "plane", "first-turn")] == [
        "103.3", "103.4", "103.5", "103.6", "103.7", "103.8",
    ]  # fmt: skip
    assert [earlier.cite(s) for s in ("shuffle", "life", "mulligan", "opening", "plane", "first-turn")] == [
        "2019–23 103.2", "2019–23 103.3", "2019–23 103.4", "2019–23 103.5", "2019–23 103.6", "2019–23 103.7",
    ]  # fmt: skip
    assert current.cite("stickers") == "103.2d" and current.cite("conspiracy") == "103.2e"
    assert earlier.cite("stickers") == "current 103.2d" and earlier.cite("supplementary") == "current 103.3a"
    assert set(EARLIER_CITATIONS) == set(CURRENT) - {"stickers", "supplementary"}


def test_the_fixes_a_judge_asked_for() -> None:
    """Issue 17: the original rule cites its article, not the 2001 numbers as 1994's; the
    2001 play-or-draw choice is P.1.4 (P.1.5 only says who chooses); Brawl's life under the
    2017 text is the current 103.4d (2017's 103.3d is the Archenemy rule)."""
    assert EDITIONS["original"].cite("mulligan") == "Mulligan article: Original mulligan"
    assert EDITIONS["original"].cite("shuffle") == "2001 P.1.1"
    assert EDITIONS["paris-2001"].cite("choose") == "2001 P.1.4"
    assert EDITIONS["paris-2001"].cite("chooser") == "2001 P.1.5"
    assert EDITIONS["vancouver"].cite("life-brawl") == "current 103.4d"
    assert EDITIONS["vancouver"].cite("life-archenemy") == "2017 103.3d"


def test_the_index_names_each_text_a_citation_can_name() -> None:
    assert split("103.5")[0].label == "current" and split("current 103.2b")[0].label == "current"
    assert split("2019–23 103.4")[0].label == "2019–23" and split("2008 101.Ruling.1")[1] == "101.Ruling.1"
    assert split("Mulligan article: London mulligan")[0].label == "article"
    assert split("House rule: GSS Mull")[0].label == "house"
    assert split("Arena model: Tim Lewis, Dec 2024 (17lands data)")[0].label == "arena"
    assert split("CR 504.1")[0].label == "CR"
    with pytest.raises(KeyError):
        find("103.9")  # no such rule in the 2025 text
    with pytest.raises(KeyError):
        find("1999 103.4")  # no such text
    assert not covers("103.4", "mulligan") and covers("2019–23 103.4", "mulligan")


def test_every_entry_of_the_index_says_what_it_covers() -> None:
    for text in TEXTS.values():
        for number, entry in text.entries.items():
            assert entry.number == number and len(entry.covers.split()) >= 3, (text.label, number)


# --- random games -----------------------------------------------------------------------------

SPICE = ("Serum Powder", "Leyline of the Void", "Chancellor of the Forge", "Gemstone Caverns", "Goblin Guide")
OUTSIDE = ("Lurrus of the Dream-Den", "Yorion, Sky Nomad", "Power Play", "Backup Plan", "Duress")
PLANAR = ("Krosa", "Bant", "Chaotic Aether", "Interplanar Tunnel")
STICKERS = ("Ancestral Hot Dog Minotaur", "Carnival Elephant Meteor", "Happy Dead Squirrel", "Cool Fluffy Loxodon")


def random_game(rng: random.Random, edition: str) -> GameState:
    fmt = rng.choice(sorted(FORMATS.values(), key=lambda f: f.key))
    n = fmt.min_players if fmt.team_size else rng.randint(fmt.min_players, min(fmt.max_players, 5))
    seats = []
    for i in range(1, n + 1):
        size, spice = rng.randint(20, 70), rng.sample(SPICE, rng.randint(0, 4))
        lands = rng.randint(0, size - len(spice))
        cards = (*spice, *("Mountain",) * lands, *("Shock",) * (size - lands - len(spice)))
        seats.append(SeatConfig(
            f"Seat {i}", cards, sideboard=tuple(rng.sample(OUTSIDE, rng.randint(0, 3))),
            commanders=(cards[-1],) if fmt.commander else (), planar_deck=tuple(rng.sample(PLANAR, 3)),
            scheme_deck=("All in Good Time",) * 3, vanguard=Vanguard("Avatar", rng.randint(-2, 2), rng.randint(-3, 3)),
            sticker_sheets=tuple(rng.sample(STICKERS, rng.randint(0, 4))),
        ))  # fmt: skip
    shared = n >= 4 and rng.random() < 0.5
    teams = [tuple(range(1, n + 1, 2)), tuple(range(2, n + 1, 2))] if shared else None
    return new_game(seats, seed=rng.randrange(2**53), format=fmt.key, edition=edition, shared_team_turns=shared,
                    teams=teams)  # fmt: skip


def random_action(state: GameState, rng: random.Random) -> Action:
    pending = state.pending
    assert pending is not None
    seat, hand = pending.player, state.player(pending.player).hand
    ids = [c.id for c in hand]
    if isinstance(pending, ChooseStartingPlayer):
        return ChooseStarting(seat, rng.choice(pending.options))
    if isinstance(pending, ChooseCompanion):
        return RevealCompanion(seat, rng.choice([None, *(o.card_id for o in pending.options if o.met is not False)]))
    if isinstance(pending, ChooseStickerSheets):
        return ChooseStickers(seat, tuple(rng.sample(pending.options, rng.randint(0, min(3, len(pending.options))))))
    if isinstance(pending, ChooseConspiracies):
        return PutConspiracies(seat, tuple(rng.sample(pending.options, rng.randint(0, len(pending.options)))))
    if isinstance(pending, ChooseBackupHand):
        return KeepBackupHand(seat, rng.randrange(len(pending.hands)))
    if isinstance(pending, DeclareMulligan):
        if pending.set_aside:
            return rng.choice([Keep(seat), Mulligan(seat, tuple(rng.sample(ids, rng.randint(1, len(ids)))))])
        return rng.choice([Keep(seat), Mulligan(seat), *(UseSerumPowder(seat, i) for i in pending.serum_powders)])
    if isinstance(pending, ChooseBottom):
        return PutOnBottom(seat, tuple(rng.sample(ids, pending.count)))
    if isinstance(pending, ChooseShuffleBack):
        return ShuffleBack(seat, tuple(rng.sample(ids, pending.count)))
    if isinstance(pending, Scry):
        return ScryDecision(seat, rng.random() < 0.5)
    if isinstance(pending, ChooseOpeningPlayer):
        return ActNext(seat, rng.choice(pending.options))
    if isinstance(pending, OrderTimestamps):
        return NextTimestamp(seat, rng.choice(pending.options))
    chosen = {i for pair in state.player(seat).chosen_openers for i in pair}
    options: list[Action] = [FinishOpeningActions(seat), *(RevealFromHand(seat, i) for i in pending.to_reveal)]
    for card_id in pending.to_battlefield:
        others = [i for i in ids if i != card_id and i not in chosen]
        exile = rng.choice(others) if card_id in pending.caverns and others else None
        options.append(BeginOnBattlefield(seat, card_id, exile))
    return rng.choice(options)


def played(state: GameState, rng: random.Random) -> GameState:
    """The game start with random decisions, then a few practice turns of one seat."""
    while state.pending is not None:
        state = apply(state, random_action(state, rng))
    seat = rng.choice(state.seats)
    for _ in range(rng.randint(0, MAX_TURNS)):
        drawn = next_draws(state, seat)[0][1]
        lands = [
            c.id for c in (*state.player(seat).hand, *((drawn,) if drawn else ())) if state.player(seat).is_land(c)
        ]
        if drawn is None and state.player(seat).turns:
            break
        state = apply(state, TakeTurn(seat, rng.choice([None, *lands])))
    return state


GAMES = 40  # per edition: every format comes up, with companions, stickers, Powder, Leylines, teams


@pytest.mark.parametrize("key", sorted(EDITIONS))
def test_every_event_of_random_games_cites_a_rule_of_its_text_that_covers_it(key: str) -> None:
    rng = random.Random(f"citations/{key}")
    seen: set[str] = set()
    for _ in range(GAMES):
        state = played(random_game(rng, key), rng)
        for event in state.events:
            assert event.step, event
            assert event.rule == EDITIONS[key].cite(event.step), (key, event)
            assert covers(event.rule, event.step), f"{key}: {event.rule!r} does not cover {event.step!r}: {event.text}"
            seen.add(event.step)
    # The random games reach the steps every edition has (and so the test can fail on them).
    assert {"header", "shuffle", "draw", "mulligan", "first-turn", "life", "commander", "companion"} <= seen, seen
    assert "stickers" in seen and "supplementary" in seen
    if EDITIONS[key].smoothing is not None:
        assert "smoothing" in seen


# --- scenarios ----------------------------------------------------------------------------------


def started(state: GameState) -> GameState:
    """The chooser plays first."""
    assert isinstance(state.pending, ChooseStartingPlayer)
    return apply(state, ChooseStarting(state.pending.player, state.pending.player))


@pytest.mark.parametrize("hands", [(0, 0), (1, 1), (2, -1)])
def test_103_5a_a_vanguard_game_cites_the_vanguard_hand_size_whatever_the_modifiers(hands: tuple[int, int]) -> None:
    seats = [
        SeatConfig(f"Seat {i}", ("Mountain",) * 30, vanguard=Vanguard("Avatar", hand, 0))
        for i, hand in enumerate(hands, start=1)
    ]
    state = started(new_game(seats, seed=1, format="vanguard"))
    draws = [e for e in state.events if "draws a hand" in e.text]
    assert draws and all(e.rule == "103.5a" and e.step == "hand-vanguard" for e in draws)


def test_the_commander_house_rule_is_cited_only_where_the_rules_do_not_give_the_free_mulligan() -> None:
    for n, expected in ((2, "House rule: Commander mulligan"), (3, "103.5c")):
        seats = [SeatConfig(f"Seat {i}", ("Mountain",) * 30 + ("Shock",) * 30) for i in range(1, n + 1)]
        fmt = "constructed" if n == 2 else "multiplayer"
        state = started(new_game(seats, seed=2, format=fmt, edition="commander-free"))
        assert state.free_rule == expected
        assert isinstance(state.pending, DeclareMulligan)
        state = apply(state, Mulligan(state.pending.player))
        while isinstance(state.pending, DeclareMulligan):
            state = apply(state, Keep(state.pending.player))
        assert any(e.rule == expected and "free" in e.text for e in state.events)
