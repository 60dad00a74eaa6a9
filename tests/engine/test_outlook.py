"""The hand outlook (``opening_hand.trainer.outlook``): land drops, casting on curve and the mulligan
from here, checked against published figures, independent arithmetic, brute force and
seeded simulation."""

from __future__ import annotations

import os
import random
import re
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from math import comb, sqrt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from opening_hand.cards import CardInfo, lookup
from opening_hand.cards.decklist import parse_decklist
from opening_hand.cards.samples import SAMPLES
from opening_hand.trainer.odds import RULE_NAMES, DeckCounts, KeepRule, attempts, lands_in_hand, outcome, simulate
from opening_hand.trainer.outlook import (
    BIT,
    MAX_OPTIONS,
    MOST_LANDS,
    TURNS,
    cast_chances,
    deck_counts,
    draws,
    mulligan_from_here,
    outlook,
    parse_cost,
)

EXAMPLES = max(20, int(os.environ.get("PROPERTY_EXAMPLES", "10000")) // 50)

PLAINS = CardInfo("Plains", type_line="Basic Land — Plains")
ISLAND = CardInfo("Island", type_line="Basic Land — Island")
MOUNTAIN = CardInfo("Mountain", type_line="Basic Land — Mountain")
TUNDRA = CardInfo("Tundra", type_line="Land — Plains Island")
WASTES = CardInfo("Wastes", type_line="Basic Land", produces="C")
HOMEBREW = CardInfo("Homebrew Land", type_line="Land")  # a land of unknown colours
SPELL = CardInfo("Filler", "{3}", "Sorcery")


def a_40_card_deck(hand_lands: int) -> tuple[list[CardInfo], list[CardInfo]]:
    """A 40-card deck of 17 lands and a 7-card hand holding ``hand_lands`` of them."""
    hand = [PLAINS] * hand_lands + [SPELL] * (7 - hand_lands)
    library = [PLAINS] * (17 - hand_lands) + [SPELL] * (23 - 7 + hand_lands)
    return hand, library


def percent(value: Fraction) -> float:
    return round(float(value) * 100, 1)


# ------------------------------------------------------------------------------ land drops


def test_frank_karsten_style_published_figures() -> None:
    """Published hypergeometric figures (Frank Karsten-style tables, as in his articles on how
    many lands a deck needs): a 40-card deck with 17 lands, on the draw, a 7-card hand."""
    two = outlook(*a_40_card_deck(2))  # the library: 33 cards, 15 lands
    assert (two.library_size, two.library_lands) == (33, 15)
    assert percent(two.first_draw_land) == 45.5
    assert percent(two.draw.chance(3, 3)) == 85.0  # the third land by turn 3
    assert percent(two.draw.chance(4, 4)) == 62.6  # the fourth land by turn 4
    assert percent(outlook(*a_40_card_deck(3)).draw.chance(4, 4)) == 90.5
    assert percent(outlook(*a_40_card_deck(6)).first_draw_land) == 33.3


def hypergeometric_at_least(hand: int, size: int, lands: int, drawn: int, need: int) -> Fraction:
    """Independent arithmetic: 1 - P(fewer than need - hand lands among the cards drawn)."""
    drawn = min(drawn, size)
    short = max(0, need - hand)
    fewer = sum(comb(lands, k) * comb(size - lands, drawn - k) for k in range(min(short, drawn + 1)))
    return 1 - Fraction(fewer, comb(size, drawn))


@pytest.mark.parametrize(("hand", "size", "lands"), [(2, 33, 15), (0, 53, 24), (4, 93, 34), (7, 53, 17), (1, 8, 3)])
def test_the_land_tables_match_independent_arithmetic(hand: int, size: int, lands: int) -> None:
    hand_cards = [PLAINS] * hand + [SPELL] * (7 - hand)
    library = [PLAINS] * lands + [SPELL] * (size - lands)
    seen = outlook(hand_cards, library)
    for side, skipped in ((seen.play, 1), (seen.draw, 0)):
        for turn in range(1, TURNS + 1):
            drawn = turn - skipped  # CR 103.8a: on the play the first turn's draw is skipped
            for k in range(1, MOST_LANDS + 1):
                assert side.chance(k, turn) == hypergeometric_at_least(hand, size, lands, drawn, k), (k, turn)
            assert side.drops[turn - 1] == hypergeometric_at_least(hand, size, lands, drawn, turn)
    assert seen.first_draw_land == Fraction(lands, size)


@pytest.mark.parametrize("on_the_play", [True, False])
def test_land_drops_against_a_seeded_simulation_of_playing_a_land_each_turn(on_the_play: bool) -> None:
    """Play the game out: each turn draw (not turn 1 on the play), then play a land if one is
    in hand. Drop t is made when the t-th land hits the battlefield on turn t: the exact
    figure (t lands held by turn t) must agree, within 4 sigma, over 20,000 shuffles."""
    hand, library = a_40_card_deck(2)
    exact = outlook(hand, library)
    side = exact.play if on_the_play else exact.draw
    deck = [info.is_land for info in library]
    rng = random.Random(2024)
    trials = 20_000
    made = [0] * TURNS
    for _ in range(trials):
        rng.shuffle(deck)
        in_hand, played, position = 2, 0, 0
        for turn in range(1, TURNS + 1):
            if not (on_the_play and turn == 1):
                in_hand += deck[position]
                position += 1
            if in_hand:
                in_hand, played = in_hand - 1, played + 1
            made[turn - 1] += played == turn
    for turn in range(1, TURNS + 1):
        p = float(side.drops[turn - 1])
        sigma = sqrt(p * (1 - p) / trials) or 1e-9
        assert abs(made[turn - 1] / trials - p) < 4 * sigma, turn


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    size=st.integers(0, 100),
    lands=st.integers(0, 100),
    hand=st.integers(0, 7),
)
def test_land_chances_are_probabilities_that_grow_with_lands_in_hand_and_on_the_draw(
    size: int, lands: int, hand: int
) -> None:
    lands = min(lands, size)
    library = [PLAINS] * lands + [SPELL] * (size - lands)
    seen = outlook([PLAINS] * hand + [SPELL] * (7 - hand), library)
    more = outlook([PLAINS] * min(7, hand + 1) + [SPELL] * (6 - min(6, hand)), library)
    for turn in range(1, TURNS + 1):
        for k in range(1, MOST_LANDS + 1):
            play, draw = seen.play.chance(k, turn), seen.draw.chance(k, turn)
            assert 0 <= play <= draw <= 1  # a card more never hurts
            assert more.play.chance(k, turn) >= play and more.draw.chance(k, turn) >= draw
            if k > 1:
                assert seen.draw.chance(k - 1, turn) >= draw
            if turn > 1:
                assert seen.draw.chance(k, turn - 1) <= draw
            if k <= hand:
                assert play == 1


def test_draws_on_the_play_and_on_the_draw() -> None:
    assert [draws(t, True) for t in range(1, 5)] == [0, 1, 2, 3]  # CR 103.8a
    assert [draws(t, False) for t in range(1, 5)] == [1, 2, 3, 4]


# ------------------------------------------------------------------------------ casting

Pips = list[int]  # each pip's mask (0: generic, any land pays it)


def payable(ways: Sequence[Pips], lands: Sequence[int]) -> tuple[bool, bool]:
    """Brute force, independently of the module: (some way to pay the whole cost, some way to
    pay its coloured pips alone), each pip by a distinct land whose mask meets it."""

    def fits(pips: Pips, free: tuple[int, ...]) -> bool:  # coloured pips first, generic (0) last
        if not any(pips):
            return len(free) >= len(pips)
        pip, rest = pips[0], pips[1:]
        return any((pip == 0 or lands[i] & pip) and fits(rest, free[:n] + free[n + 1 :]) for n, i in enumerate(free))

    everything = tuple(range(len(lands)))
    whole = any(fits(sorted(pips, reverse=True), everything) for pips in ways)
    coloured = any(fits([p for p in pips if p], everything) for pips in ways)
    return whole, coloured


def exact_by_enumeration(
    ways: Sequence[Pips], hand: Sequence[int], library: Sequence[int | None], drawn: int
) -> tuple[Fraction, Fraction]:
    """Every set of ``drawn`` library cards (None: a non-land), as positions: P(whole), P(coloured)."""
    whole = coloured = total = 0
    for chosen in combinations(range(len(library)), drawn):
        lands = [*hand, *(m for i in chosen if (m := library[i]) is not None)]
        ok, colours = payable(ways, lands)
        whole, coloured, total = whole + ok, coloured + colours, total + 1
    return Fraction(whole, total), Fraction(coloured, total)


W, U, B, R, G, C = (BIT[c] for c in "WUBRGC")
COSTS: list[tuple[str, list[Pips]]] = [
    ("{1}{W}{U}", [[0, W, U]]),
    ("{W}{W}", [[W, W]]),
    ("{W/U}{B}", [[W | U, B]]),
    ("{2/W}{R}", [[0, 0, R], [W, R]]),
    ("{C}{G}", [[C, G]]),
    ("{R/P}{1}", [[0, 0]]),  # Phyrexian: the colour or life, so any land here
    ("{2}{W}{U}{B}", [[0, 0, W, U, B]]),
    ("{X}{U}{U}", [[U, U]]),
]


@pytest.mark.parametrize(("cost", "ways"), COSTS)
@pytest.mark.parametrize("on_the_play", [True, False])
def test_casting_matches_brute_force_over_every_draw(cost: str, ways: list[Pips], on_the_play: bool) -> None:
    """A 14-card library of mixed lands; the exact sum equals trying every set of cards drawn
    and every assignment of pips to lands."""
    library: list[int | None] = [W, W, U, W | U, B, B | R, R, G, C, 0, None, None, None, None]
    hand = [U | B, W]
    info = parse_cost(cost)
    drawn = draws(max(1, info.value), on_the_play)
    whole, coloured = exact_by_enumeration(ways, hand, library, drawn)
    sources = _sources(hand)
    there = _sources([m for m in library if m is not None])
    chance = cast_chances(info, sources, there, library.count(None), on_the_play)
    assert (chance.mana, chance.colours) == (whole, coloured), cost
    fewest = min(len(pips) for pips in ways)
    lands = sum(m is not None for m in library)
    assert chance.lands == hypergeometric_at_least(len(hand), len(library), lands, drawn, fewest)


def _sources(masks: Sequence[int]) -> tuple[tuple[int, int], ...]:
    counts: dict[int, int] = {}
    for mask in masks:
        counts[mask] = counts.get(mask, 0) + 1
    return tuple(sorted(counts.items()))


@settings(max_examples=EXAMPLES, deadline=None)
@given(
    library=st.lists(st.sampled_from([W, U, R, W | U, U | R, 0, C, None, None]), min_size=4, max_size=11),
    hand=st.lists(st.sampled_from([W, U, R, W | U, 0]), max_size=3),
    which=st.integers(0, len(COSTS) - 1),
    on_the_play=st.booleans(),
)
def test_casting_matches_brute_force_for_random_small_decks(
    library: list[int | None], hand: list[int], which: int, on_the_play: bool
) -> None:
    cost, ways = COSTS[which]
    info = parse_cost(cost)
    drawn = min(draws(max(1, info.value), on_the_play), len(library))
    chance = cast_chances(
        info, _sources(hand), _sources([m for m in library if m is not None]), library.count(None), on_the_play
    )
    assert (chance.mana, chance.colours) == exact_by_enumeration(ways, hand, library, drawn)
    assert 0 <= chance.mana <= min(chance.lands, chance.colours) <= 1


def test_casting_the_burn_sample_against_a_seeded_simulation() -> None:
    """Lightning Helix ({R}{W}) on turn 2 and Eidolon of the Great Revel ({R}{R}) on turn 2,
    on the play, with a one-land hand: 20,000 shuffles of the library, pips matched to lands
    by brute force, within 4 sigma of the exact figures."""
    cards = [lookup(name) for name in parse_decklist(SAMPLES["constructed"]).main_cards()]
    helix, eidolon = lookup("Lightning Helix"), lookup("Eidolon of the Great Revel")
    hand = [lookup("Mountain"), helix, eidolon, *[lookup("Lightning Bolt")] * 4]
    library = list(cards)
    for card in hand:
        library.remove(card)
    seen = outlook(hand, library)
    rows = {row.name: row for row in seen.casting}
    masks = [_mask(lib.mana_sources) if lib.is_land else None for lib in library]
    rng = random.Random(99)
    trials = 20_000
    hits = {"Lightning Helix": 0, "Eidolon of the Great Revel": 0}
    ways = {"Lightning Helix": [[R, W]], "Eidolon of the Great Revel": [[R, R]]}
    for _ in range(trials):
        rng.shuffle(masks)
        lands = [R, *(m for m in masks[:1] if m is not None)]  # turn 2 on the play: one card drawn
        for name in hits:
            hits[name] += payable(ways[name], lands)[0]
    for name, count in hits.items():
        p = float(rows[name].play.mana)
        assert abs(count / trials - p) < 4 * sqrt(p * (1 - p) / trials), name
    assert rows["Lightning Helix"].play.mana < rows["Eidolon of the Great Revel"].play.mana  # W is scarcer than R
    assert rows["Lightning Helix"].play.constraint == "W"


def _mask(letters: str) -> int:
    mask = 0
    for letter in letters:
        mask |= BIT[letter]
    return mask


def test_mana_costs_as_pips() -> None:
    assert parse_cost("{3}{R}{R}").options == ((3, (R, R)),) and parse_cost("{3}{R}{R}").value == 5
    assert parse_cost("{X}{X}{G}").value == 1  # CR 202.3: X is 0
    assert parse_cost("{G/W}{B/P}").options == ((1, (W | G,)),)  # hybrid either colour; Phyrexian any land
    assert parse_cost("{1}{R} // {1}{U}").options == ((1, (R,)),)  # a split card: its first half
    assert parse_cost("{0}").options == ((0, ()),) and parse_cost("{0}").value == 0


def test_a_card_costing_zero_is_castable_on_turn_one_and_lands_and_unknown_cards_have_no_row() -> None:
    ornithopter = CardInfo("Ornithopter", "{0}", "Artifact Creature — Thopter")
    unknown = CardInfo("Homebrew Spell")
    vision = CardInfo("Ancestral Vision", "", "Sorcery")  # no mana cost: never cast for mana (CR 202.1a)
    seen = outlook([ornithopter, unknown, vision, PLAINS], [SPELL] * 20)
    assert [(row.name, row.turn, row.play.mana, row.draw.mana) for row in seen.casting] == [("Ornithopter", 1, 1, 1)]
    assert seen.skipped == ("Homebrew Spell", "Ancestral Vision")


def test_lands_of_unknown_colours_pay_generic_pips_only_and_are_counted() -> None:
    """A land whose colours the card data does not know (no produces, no basic land type, no
    colour identity) counts for the land drops and for generic pips, never for a colour."""
    assert HOMEBREW.mana_sources == "" and HOMEBREW.produces is None
    bolt = CardInfo("Lightning Bolt", "{R}", "Instant")
    hill_giant = CardInfo("Hill Giant", "{3}{R}", "Creature — Giant")
    seen = outlook([HOMEBREW, bolt, hill_giant], [HOMEBREW] * 10 + [SPELL] * 10)
    assert seen.unknown_lands == 11
    assert seen.draw.chance(1, 1) == 1
    for row in seen.casting:
        assert row.draw.lands > 0 and row.draw.mana == 0 and row.draw.constraint == "R"
    with_a_mountain = outlook([HOMEBREW, MOUNTAIN, hill_giant], [HOMEBREW] * 10 + [SPELL] * 10)
    assert with_a_mountain.casting[0].draw.mana == with_a_mountain.casting[0].draw.lands > 0


def test_where_a_lands_colours_come_from() -> None:
    assert TUNDRA.mana_sources == "WU"  # CR 305.6: its basic land types
    assert WASTES.mana_sources == "C"  # produces, as the database writes it
    assert CardInfo("Mystery Land", type_line="Land", identity="BG").mana_sources == "BG"  # colour identity
    assert CardInfo("Odd", type_line="Land — Island", produces="RW").mana_sources == "WR"  # produces wins
    assert lookup("Inspiring Vantage").mana_sources == "WR"  # the catalog's fourth column


def test_colours_are_the_constraint_in_a_two_colour_deck() -> None:
    """{W}{W}{U} with only Plains and Islands: the lands are there more often than the colours."""
    card = CardInfo("Hallowed Spiritkeeper", "{1}{W}{W}", "Creature")
    seen = outlook([ISLAND, ISLAND, card, SPELL], [ISLAND] * 14 + [PLAINS] * 3 + [SPELL] * 20)
    row = seen.casting[0]
    assert row.turn == 3
    assert row.draw.mana < row.draw.lands and row.draw.constraint == "W"
    assert dict(row.draw.by_colour)["W"] == row.draw.colours  # W W is all the colour it asks


def test_cards_the_player_counts_as_lands() -> None:
    """The engine's is_land also counts names the player marked (an MDFC, a homebrew land)."""
    awakening = lookup("Valakut Awakening")
    assert not awakening.is_land
    marked = {awakening.name}
    seen = outlook([awakening, SPELL], [MOUNTAIN] * 5 + [SPELL] * 20, is_land=lambda i: i.is_land or i.name in marked)
    assert seen.hand_lands == 1 and [row.name for row in seen.casting] == ["Filler"]
    assert awakening.mana_sources == "R"  # the catalog's fourth column: its back face's land
    unmarked = outlook([awakening, SPELL], [MOUNTAIN] * 5 + [SPELL] * 20)  # a spell-land: a land drop, and a spell
    assert (unmarked.hand_lands, unmarked.spell_lands) == (1, 1)
    assert [row.name for row in unmarked.casting] == [awakening.name, "Filler"]
    assert unmarked.casting[0].draw.lands < 1  # it does not pay for itself: two lands more by turn 3


# ------------------------------------------------------------------------------ mulligan from here

BURN_COUNTS = DeckCounts(key_lands=0, key_spells=0, lands=24, spells=36)


def test_mulligan_from_the_first_hand_by_hand_arithmetic() -> None:
    """London, keep 2-5 lands, always keep five: after the first seven, the next hand keeps six
    of seven (2-6 lands will do: bottom an extra land), else five (2-7 lands)."""
    sevens = lands_in_hand(BURN_COUNTS)
    p6, p5 = sum(sevens[2:7], Fraction(0)), sum(sevens[2:8], Fraction(0))
    result = mulligan_from_here(BURN_COUNTS, "london", False, KeepRule(2, 5, 0, 5), 0)
    assert result is not None
    assert result.keepable == p6 + (1 - p6) * p5
    assert result.sizes == {6: p6, 5: 1 - p6}
    assert result.expected_size == 6 * p6 + 5 * (1 - p6)


@pytest.mark.parametrize("rule", ["london", "london-mtgo", "vancouver", "paris"])
@pytest.mark.parametrize("free", [False, True])
def test_a_process_is_its_first_hand_then_the_mulligan_from_there(rule: str, free: bool) -> None:
    """Total probability: P(keepable) = p0 + (1 - p0) P(keepable | mulligan from the first hand),
    p0 the first seven's own chance (counted here from the hypergeometric, not the module)."""
    keep = KeepRule(2, 4, 0, 4)
    sevens = lands_in_hand(BURN_COUNTS)
    p0 = sum(sevens[2:5], Fraction(0))
    whole = outcome(BURN_COUNTS, rule, free, keep)
    rest = mulligan_from_here(BURN_COUNTS, rule, free, keep, 0)
    assert rest is not None
    assert whole.keepable == p0 + (1 - p0) * rest.keepable
    for size in {*whole.sizes, *rest.sizes}:
        assert whole.sizes.get(size, 0) == (p0 if size == 7 else 0) + (1 - p0) * rest.sizes.get(size, 0), size
    if free:
        assert 7 in rest.sizes  # CR 103.5c: the free mulligan draws seven again


def test_london_mtgo_gives_londons_figures_and_no_mulligan_is_left_at_zero_cards() -> None:
    keep = KeepRule(2, 5, 0, 3)
    for taken in range(7):
        mtgo = mulligan_from_here(BURN_COUNTS, "london-mtgo", False, keep, taken)
        london = mulligan_from_here(BURN_COUNTS, "london", False, keep, taken)
        assert mtgo is not None and london is not None
        assert (mtgo.keepable, mtgo.expected_size, mtgo.sizes) == (london.keepable, london.expected_size, london.sizes)
    last = len(list(attempts("london", False))) - 1  # the hand of zero cards
    assert mulligan_from_here(BURN_COUNTS, "london", False, keep, last) is None
    assert mulligan_from_here(BURN_COUNTS, "london", True, keep, last) is not None  # the free one: a card more
    with pytest.raises(ValueError, match="unknown mulligan rule"):
        mulligan_from_here(BURN_COUNTS, "mystery", False, keep, 0)


def test_set_aside_hands_by_hand_on_a_fourteen_card_deck() -> None:
    """Commander's set-aside hands: with the first seven (no land) set aside, the next seven are
    the other seven cards, all four lands among them: keepable for certain. Shuffled back
    (plain London), the next seven are a fresh draw from all fourteen."""
    keep = KeepRule(2, 5, 0, 5)
    hand = [SPELL] * 7
    library = [PLAINS] * 4 + [SPELL] * 3
    aside = outlook(hand, library, keep_rule=keep, rule="london-set-aside")
    assert aside.mulligan is not None
    assert aside.mulligan.keepable == 1 and aside.mulligan.sizes == {6: 1}
    plain = outlook(hand, library, keep_rule=keep, rule="london")
    p = Fraction(sum(comb(4, k) * comb(10, 7 - k) for k in range(2, 5)), comb(14, 7))  # 2-4 lands of 4
    assert plain.mulligan is not None  # keep six of seven with 2-4 lands, else five of the next (the floor)
    assert plain.mulligan.keepable == p + (1 - p) * p and plain.mulligan.sizes == {6: p, 5: 1 - p}


@pytest.mark.parametrize(
    ("rule", "out"),
    [
        ("london-set-aside", DeckCounts(0, 0, 1, 13)),  # this hand and one before it set aside
        ("london-set-aside", DeckCounts(0, 0, 20, 35)),  # so many aside that they are shuffled back
        ("london-powder", DeckCounts(0, 0, 2, 5, 1)),  # a hand Serum Powder exiled
        ("london-mtgo-powder", DeckCounts(0, 0, 0, 6, 1)),
    ],
)
def test_the_walk_from_here_agrees_with_a_simulation(rule: str, out: DeckCounts) -> None:
    deck = DeckCounts(0, 0, 22, 34, 4) if "powder" in rule else DeckCounts(0, 0, 22, 38)
    keep = KeepRule(2, 4, 0, 5)
    exact = mulligan_from_here(deck, rule, True, keep, 1, out)
    assert exact is not None
    p, mean, games, _ = simulate(deck, rule, True, keep, 20_000, random.Random(13), start=2, out=out)
    sigma = sqrt(float(exact.keepable) * (1 - float(exact.keepable)) / games)
    assert abs(p - float(exact.keepable)) < 4 * sigma
    variance = sum(p * (size - exact.expected_size) ** 2 for size, p in exact.sizes.items())
    assert abs(mean - float(exact.expected_size)) < 4 * sqrt(float(variance) / games) + 1e-9


@pytest.mark.parametrize("rule", sorted(RULE_NAMES))
def test_the_outlook_carries_the_mulligan_from_here_for_the_whole_deck(rule: str) -> None:
    powder = lookup("Serum Powder")
    hand = [MOUNTAIN, powder, *[SPELL] * 5]
    library = [MOUNTAIN] * 21 + [powder] * 3 + [SPELL] * 29
    keep = KeepRule(2, 5, 0, 5)
    seen = outlook(hand, library, keep_rule=keep, rule=rule, free=True, mulligans_taken=1)
    deck = deck_counts([*hand, *library], lambda i: i.is_land, lambda i: False)
    assert deck == DeckCounts(0, 0, 22, 34, 4)
    out = deck_counts(hand, lambda i: i.is_land, lambda i: False) if rule == "london-set-aside" else None
    assert seen.mulligan == mulligan_from_here(deck, rule, True, keep, 1, out)


# --- hybrid costs (issue 34: 24 × {2/W} enumerated 2^24 ways) ----------------------------------


def _ways_one_pip_at_a_time(text: str) -> set[tuple[int, tuple[int, ...]]]:
    """Every way to pay a cost's {n/C} pips, each pip on its own (the 2^n enumeration)."""
    from itertools import product

    cost = parse_cost(re.sub(r"\{\d+/[WUBRG]\}", "", text))
    (generic, coloured), *_ = cost.options
    pips = [(int(n), BIT[c]) for n, c in re.findall(r"\{(\d+)/([WUBRG])\}", text)]
    return {
        (generic + sum(n for (n, _), g in zip(pips, choice, strict=True) if g),
         tuple(sorted([*coloured, *(m for (_, m), g in zip(pips, choice, strict=True) if not g)])))
        for choice in product((True, False), repeat=len(pips))
    }  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["{2/W}", "{2/U}", "{3/W}", "{W}", "{1}", "{U/B}"]), max_size=9))
def test_alike_hybrid_pips_give_the_same_ways_to_pay_as_one_pip_at_a_time(symbols: list[str]) -> None:
    text = "".join(symbols)
    assert set(parse_cost(text).options) == _ways_one_pip_at_a_time(text)


def test_two_dozen_hybrid_pips_are_read_at_once() -> None:
    cost = parse_cost("{2/W}" * 24)
    assert cost.value == 48 and len(cost.options) == 25
    assert cost.options[0] == (48, ()) and cost.options[-1] == (0, (BIT["W"],) * 24)
    reaper_king = parse_cost("{2/W}{2/U}{2/B}{2/R}{2/G}")
    assert len(reaper_king.options) == 32
    # a cost no card has: at most MAX_OPTIONS ways, the further kinds paid as generic
    hostile = parse_cost("{2/W}{2/U}{2/B}{2/R}{2/G}{3/W}{3/U}{4/B}" * 3)
    assert 0 < len(hostile.options) <= MAX_OPTIONS
