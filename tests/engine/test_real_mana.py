"""The trainer on real decks' mana (issue 39), through its contract (``read_hand``, ``verdict``,
``reading.judgement.keep.mean``, ``reading.outlook.casting``): fetch lands, lands that enter
tapped, rocks and dorks, spell-lands, the four-land seven; the real decklists of the fixtures
on many seeded hands; and cards whose mana cannot be read, which are named, never guessed."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import replace

import pytest

from opening_hand.cards import CardInfo, lookup, use_database
from opening_hand.cards.carddb import CardDatabase
from opening_hand.rules.actions import ChooseStarting
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.state import GameState, SeatConfig
from opening_hand.trainer.reading import read_hand, unread_note, verdict, verdict_line
from tests.engine.deck_fixtures import fixture_database
from tests.engine.real_decks import real_decks


@pytest.fixture(scope="module", autouse=True)
def fixture_cards() -> Iterator[CardDatabase]:
    """The Scryfall-format fixtures as the card database, as the page has it once loaded."""
    database = fixture_database()
    use_database(database)
    try:
        yield database
    finally:
        use_database(None)


def deciding(deck: Sequence[str], hand: Sequence[str], *, on_play: bool, fmt: str = "constructed",
             commander: str = "", seed: int = 7) -> GameState:  # fmt: skip
    """A two-player game (four players for Commander) at seat 1's first keep-or-mulligan
    decision, its hand exactly ``hand`` (taken from its deck; the library keeps its order)."""
    players = 4 if fmt == "commander" else 2
    seats = [SeatConfig(f"Seat {n}", tuple(deck), commanders=(commander,) if commander else ())
             for n in range(1, players + 1)]  # fmt: skip
    state = new_game(seats, seed=seed, format=fmt)
    state = apply(state, ChooseStarting(state.chooser, 1 if on_play else 2))
    p = state.player(1)
    cards = [*p.hand, *p.library]
    chosen = []
    for name in hand:
        card = next(c for c in cards if c.name == lookup(name).name and c not in chosen)
        chosen.append(card)
    rest = tuple(c for c in cards if c not in chosen)
    players_now = tuple(replace(q, hand=tuple(chosen), library=rest) if q.seat == 1 else q for q in state.players)
    return replace(state, players=players_now)


def deck_names(name: str) -> list[str]:
    return [card.name for card in real_decks()[name].cards]


BOROS = "Modern Boros Energy (fetch lands)"
BOROS_KEEP = ["Ragavan, Nimble Pilferer", "Guide of Souls", "Galvanic Discharge", "Ajani, Nacatl Pariah",
              "Phlage, Titan of Fire's Fury"]  # fmt: skip


@pytest.mark.parametrize("on_play", [True, False], ids=["on the play", "on the draw"])
def test_two_fetch_lands_and_cheap_spells_keep_in_boros_energy(on_play: bool) -> None:
    """The issue's hand: two Arid Mesas, Ragavan, Guide of Souls, a removal spell, Ajani and
    Phlage, which every Modern player keeps; worth about what two Sacred Foundries are."""
    deck = deck_names(BOROS)
    mesas = read_hand(deciding(deck, ["Arid Mesa", "Arid Mesa", *BOROS_KEEP], on_play=on_play), 1)
    foundries = read_hand(deciding([*deck, "Sacred Foundry", "Sacred Foundry"],
                                   ["Sacred Foundry", "Sacred Foundry", *BOROS_KEEP], on_play=on_play), 1)  # fmt: skip
    assert verdict(mesas) == "keep", verdict_line(mesas)
    assert verdict(foundries) == "keep", verdict_line(foundries)
    assert mesas.judgement is not None and foundries.judgement is not None
    assert abs(mesas.judgement.keep.mean - foundries.judgement.keep.mean) < 0.5


def test_a_fetch_land_is_a_source_of_every_colour_it_can_find() -> None:
    """With two Arid Mesas in hand, Lightning Helix ({R}{W}) on turn 2: the old outlook said 0 %."""
    deck = deck_names(BOROS)
    reading = read_hand(
        deciding(deck, ["Arid Mesa", "Arid Mesa", "Lightning Helix", *BOROS_KEEP[:4]], on_play=False), 1
    )
    helix = next(row for row in reading.outlook.casting if row.name == "Lightning Helix")
    assert helix.turn == 2 and helix.draw.mana > 0.9, helix
    assert helix.draw.se is not None  # tapped and fast lands in the deck: played out, and the row says so


FOREST = "Forest"
BIG = [("Troll", "{2}{G}"), ("Beast", "{3}{G}")]


def values_of(hand: list[CardInfo], deck: list[CardInfo], on_play: bool) -> tuple[float, str | None]:
    from opening_hand.trainer.goldfish import Table
    from opening_hand.trainer.odds import LONDON
    from opening_hand.trainer.verdict import judge

    table = Table.of(deck)
    library = [table.kind_of(c) for c in deck]
    ids = []
    for card in hand:
        k = table.kind_of(card)
        ids.append(k)
        library.remove(k)
    judged = judge(table, ids, library, rule=LONDON, free=False, skips=on_play, taken=0, seed="real-mana")
    return judged.keep.mean, judged.verdict


@pytest.mark.parametrize("on_play", [True, False], ids=["on the play", "on the draw"])
def test_dorks_and_rocks_make_a_hand_worth_more_than_vanilla_two_drops(on_play: bool) -> None:
    """Two Forests, two Llanowar Elves (or two Mind Stones) and three- and four-drops, against
    the same hand with two vanilla two-drops: the mana makers' hand is worth more, and kept."""
    forest, elves, stone = lookup(FOREST), lookup("Llanowar Elves"), lookup("Mind Stone")
    bear = CardInfo("Grizzly Bears", "{1}{G}", "Creature — Bear")
    troll, beast = (CardInfo(name, cost, "Creature — Beast") for name, cost in BIG)
    deck = [forest] * 22 + [elves] * 4 + [stone] * 4 + [bear] * 8 + [troll] * 12 + [beast] * 10
    rest = [troll, troll, beast]
    dorks, dorks_verdict = values_of([forest, forest, elves, elves, *rest], deck, on_play)
    rocks, _ = values_of([forest, forest, stone, stone, *rest], deck, on_play)
    bears, _ = values_of([forest, forest, bear, bear, *rest], deck, on_play)
    assert dorks > bears + 0.5 and rocks > bears + 0.3, (dorks, rocks, bears)
    assert dorks_verdict == "keep"


@pytest.mark.parametrize("on_play", [True, False], ids=["on the play", "on the draw"])
def test_lands_that_enter_tapped_make_a_hand_worth_less(on_play: bool) -> None:
    """Three Guildgates against three untapped lands of the same colours (CR 305: a tapped
    land pays from the next turn)."""
    gate, foundry = lookup("Boros Guildgate"), lookup("Sacred Foundry")
    helix, boros = lookup("Lightning Helix"), lookup("Boros Charm")
    bear = CardInfo("Bear", "{1}{R}", "Creature — Bear")
    spells = [helix, boros, bear, bear]
    deck = [gate] * 12 + [foundry] * 12 + [helix] * 12 + [boros] * 12 + [bear] * 12
    gates, _ = values_of([gate, gate, gate, *spells], deck, on_play)
    untapped, _ = values_of([foundry, foundry, foundry, *spells], deck, on_play)
    assert gates < untapped - 0.5, (gates, untapped)


AGGRO = (["Mountain"] * 24 + ["Legion Loyalist"] * 4 + ["Lightning Bolt"] * 4 + ["Monastery Swiftspear"] * 4
         + ["Goblin Instigator"] * 12 + ["Goblin Rabblemaster"] * 8 + ["Goblin Goon"] * 4)  # fmt: skip


@pytest.mark.parametrize("on_play", [True, False], ids=["on the play", "on the draw"])
def test_four_lands_and_three_one_drops_is_a_keep(on_play: bool) -> None:
    """A 24-land deck of one- to four-drops: four Mountains, Legion Loyalist, Lightning Bolt and
    Monastery Swiftspear. The baseline keeps every seven of 2–4 lands with castable spells."""
    hand = ["Mountain"] * 4 + ["Legion Loyalist", "Lightning Bolt", "Monastery Swiftspear"]
    reading = read_hand(deciding(AGGRO, hand, on_play=on_play), 1)
    assert verdict(reading) == "keep", verdict_line(reading)


def test_two_lands_sol_ring_and_arcane_signet_is_the_commander_keep() -> None:
    deck = deck_names("Commander Atraxa (rocks, dorks)")
    hand = ["Island", "Forest", "Sol Ring", "Arcane Signet", "Counterspell", "Rhystic Study", "Cultivate"]
    reading = read_hand(deciding(["Atraxa, Praetors' Voice", *deck], hand, on_play=True, fmt="commander",
                                 commander="Atraxa, Praetors' Voice"), 1)  # fmt: skip
    assert verdict(reading) == "keep", verdict_line(reading)


def test_a_card_whose_mana_cannot_be_read_is_named_and_nothing_breaks() -> None:
    """Bloom Tender's mana depends on the colours of the permanents: it is played as a plain
    two-drop, and the verdict line names it."""
    deck = deck_names("Commander Atraxa (rocks, dorks)")
    hand = ["Island", "Forest", "Plains", "Bloom Tender", "Counterspell", "Rhystic Study", "Cultivate"]
    reading = read_hand(deciding(["Atraxa, Praetors' Voice", *deck], hand, on_play=True, fmt="commander",
                                 commander="Atraxa, Praetors' Voice"), 1)  # fmt: skip
    assert "Bloom Tender" in reading.outlook.unread
    assert "Not counted: the mana of Bloom Tender." in verdict_line(reading)
    note = unread_note(reading)  # the deck's others (Nissa's extra mana, Rishkar's counters), not the hand's again
    assert note.startswith("In the deck, mana not read for ") and "Nissa" in note and "Bloom Tender" not in note


def test_a_deck_of_only_rocks_and_a_fetch_land_with_nothing_to_find_do_not_break_the_reading() -> None:
    rocks = ["Sol Ring"] * 20 + ["Mind Stone"] * 20 + ["Arid Mesa"] * 20
    for on_play in (True, False):
        reading = read_hand(deciding(rocks, ["Arid Mesa", "Arid Mesa", "Sol Ring"] + ["Mind Stone"] * 4,
                                     on_play=on_play), 1)  # fmt: skip
        assert reading.judgement is not None
        assert verdict_line(reading)


# ------------------------------------------------------------------ the real decklists, many hands

# The share of seeded sevens that agree with the baseline, a little under what was measured
# (2026-11-27: 0.91, 0.82, 0.82, 0.71, 0.64; docs/trainer.md says where and why the others part).
REAL_FLOOR = {BOROS: 0.85, "Azorius Control (tapped lands)": 0.75, "Limited Jeskai (gain lands)": 0.75,
              "Modern Elves (dorks)": 0.65, "Commander Atraxa (rocks, dorks)": 0.55}  # fmt: skip
SEVEN = {0: "mulligan", 1: "mulligan", 2: "keep", 3: "keep", 4: "keep", 6: "mulligan", 7: "mulligan"}


@pytest.mark.parametrize("name", sorted(REAL_FLOOR))
def test_the_real_decklists_agree_with_the_baseline_on_seeded_hands(name: str) -> None:
    """Seeded sevens of every land count of the baseline, on the play and the draw: no land or
    all lands always a mulligan, and at least the measured share in agreement (docs/trainer.md)."""
    from opening_hand.trainer.goldfish import Table
    from opening_hand.trainer.odds import LONDON
    from opening_hand.trainer.verdict import judge

    deck = real_decks()[name]
    table = Table.of(deck.cards, context=deck.context)
    ids = [table.kind_of(card) for card in deck.cards]
    lands = [k for k in ids if table.kinds[k].land]
    spells = [k for k in ids if not table.kinds[k].land]
    found = []
    for on_play in (True, False):
        rng = random.Random(f"real/{name}/{on_play}")
        for count, wanted in SEVEN.items():
            for _ in range(4):
                hand = rng.sample(lands, count) + rng.sample(spells, 7 - count)
                library = list(ids)
                for k in hand:
                    library.remove(k)
                judged = judge(table, tuple(sorted(hand)), library, rule=LONDON, free=deck.free, skips=on_play,
                               taken=0, seed=str(hand), turns=deck.turns)  # fmt: skip
                found.append((count, wanted, judged.verdict))
    extreme = [f for f in found if f[0] in (0, 7) and f[2] != "mulligan"]
    agree = sum(1 for f in found if f[1] == f[2]) / len(found)
    assert not extreme, extreme
    assert agree >= REAL_FLOOR[name], (agree, [f for f in found if f[1] != f[2]])


def test_the_bottom_advice_keeps_the_sol_ring_and_bottoms_the_seven_drop() -> None:
    """Bottom advice follows from the same model: a London mulligan's seven with Sol Ring and a
    seven-drop, one to the bottom."""
    from opening_hand.trainer.goldfish import Table
    from opening_hand.trainer.verdict import advise_bottom

    island, ring = lookup("Island"), lookup("Sol Ring")
    seven = CardInfo("Big Dragon", "{5}{U}{U}", "Creature — Dragon")
    three, four = CardInfo("Sprite", "{2}{U}", "Creature — Faerie"), CardInfo("Sphinx", "{3}{U}", "Creature — Sphinx")
    deck = [island] * 38 + [ring] + [seven] * 8 + [three] * 27 + [four] * 25
    table = Table.of(deck)
    hand = [table.kind_of(c) for c in (island, island, island, ring, seven, three, four)]
    library = [table.kind_of(c) for c in deck]
    for k in hand:
        library.remove(k)
    for skips in (True, False):
        advice = advise_bottom(table, hand, 1, library, skips=skips, seed="sol-ring", turns=5)
        assert table.kind_of(ring) in advice.best and table.kind_of(seven) not in advice.best
        without = {card: [k for k in hand if k != table.kind_of(card)] for card in (ring, four)}
        # Bottoming the Ring costs more than bottoming a four-drop (as a one-mana spell it cost far less).
        assert advice.cost(without[ring]) > advice.cost(without[four]) + 1, advice.values
