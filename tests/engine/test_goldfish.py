"""The value of a hand (opening_hand.goldfish): its playout checked against an independent
count of the same policy on small decks, exactly, and its sampled estimate against that
exact average; colours, hybrid costs and cards it cannot cast."""

from __future__ import annotations

import random
from itertools import combinations, permutations
from statistics import fmean

import pytest

from opening_hand.cards import CardInfo
from opening_hand.goldfish import CAST, HELD, UNSPENT, Table, draws_for, turns_needed, value_of
from tests.engine.decks import FOREST, MOUNTAIN, PLAINS, spell


def by_hand(hand: list[tuple[bool, int]], draws: list[tuple[bool, int]], skips: bool, turns: int, card: float) -> float:
    """Independent arithmetic of the policy for one colour: each card is (land?, mana value).
    Each turn: draw, play a land if there is one, cast the spells that spend the most mana
    (then the most spells) within the lands in play; then the formula of the module docstring."""
    lands = sum(1 for is_land, _ in hand if is_land)
    spells = sorted(v for is_land, v in hand if not is_land)
    there = spent = unspent = cast = 0
    queue = list(draws)
    for turn in range(1, turns + 1):
        if not (turn == 1 and skips) and queue:
            is_land, value = queue.pop(0)
            if is_land:
                lands += 1
            else:
                spells.append(value)
        if lands:
            lands, there = lands - 1, there + 1
        best: tuple[int, int, tuple[int, ...]] = (0, 0, ())
        for size in range(len(spells), 0, -1):
            for pick in combinations(range(len(spells)), size):
                total = sum(spells[i] for i in pick)
                if total <= there and (total, size) > best[:2]:
                    best = (total, size, pick)
        spent += best[0]
        unspent += there - best[0]
        cast += best[1]
        spells = [v for i, v in enumerate(spells) if i not in best[2]]
    useful = sum(1 for v in spells if v <= there) + min(lands, max(0, max(spells, default=0) - there))
    return spent + UNSPENT * unspent + CAST * cast + card * (useful + HELD * (lands + len(spells)))


def mono_deck(rng: random.Random) -> list[CardInfo]:
    lands = rng.randint(3, 6)
    spells = [spell(f"S{v}", "{R}" if v == 1 else f"{{{v - 1}}}{{R}}") for v in (1, 2, 3)]
    return [MOUNTAIN] * lands + [rng.choice(spells) for _ in range(rng.randint(4, 6))]


@pytest.mark.parametrize("seed", range(12))
def test_a_playout_matches_an_independent_count_of_the_policy_over_every_draw_order(seed: int) -> None:
    rng = random.Random(seed)
    deck = mono_deck(rng)
    table = Table.of(deck)
    ids = [table.kind_of(card) for card in deck]
    plain = {table.kind_of(card): (card.is_land, int(card.mana_value)) for card in deck}
    skips, turns = rng.random() < 0.5, rng.choice((2, 3))
    picked = rng.sample(range(len(deck)), 3)
    hand = [ids[i] for i in picked]
    library = [ids[i] for i in range(len(deck)) if i not in picked]
    need = turns_needed(turns, skips)
    orders = list(permutations(library, min(need, len(library))))
    engine = fmean(table.play_out(hand, order, skips=skips, turns=turns) for order in orders)
    counted = fmean(
        by_hand([plain[k] for k in hand], [plain[k] for k in order], skips, turns, table.card_value) for order in orders
    )
    assert engine == pytest.approx(counted, abs=1e-9)


def test_the_sampled_estimate_is_within_its_error_of_the_exact_average() -> None:
    deck = [MOUNTAIN] * 7 + [spell("Goblin", "{R}")] * 5 + [spell("Raider", "{1}{R}")] * 6
    table = Table.of(deck)
    ids = [table.kind_of(card) for card in deck]
    hand, library = ids[5:10], ids[:5] + ids[10:]
    exact = fmean(table.play_out(hand, order, skips=False, turns=3) for order in permutations(library, 3))
    estimate = value_of(table, hand, draws_for(library, 3, 4000, random.Random(1)), skips=False, turns=3)
    assert estimate.samples == 4000 and estimate.se > 0
    assert abs(estimate.mean - exact) <= 4 * estimate.se


def test_colours_are_paid_by_lands_that_make_them() -> None:
    helix, twin, hybrid = spell("Helix", "{R}{W}"), spell("Twin", "{W}{W}"), spell("Hybrid", "{W/U}")
    island = CardInfo("Island", type_line="Basic Land — Island", produces="U")
    table = Table.of([MOUNTAIN, PLAINS, FOREST, island, helix, twin, hybrid])
    m, p, i = (table.kinds[table.kind_of(c)].mask for c in (MOUNTAIN, PLAINS, island))
    h, t, y = (table.kind_of(c) for c in (helix, twin, hybrid))
    assert table.cast(tuple(sorted((m, p))), (h,))[0] == 2  # {R}{W} from a Mountain and a Plains
    assert table.cast(tuple(sorted((m, p))), (t,))[0] == 0  # {W}{W} needs two white sources
    assert table.cast((i,), (y,))[0] == 1  # a hybrid {W/U} pip is paid by an Island
    assert table.cast((m,), (y,))[0] == 0


def test_a_land_of_unknown_colours_pays_generic_mana_only() -> None:
    odd = CardInfo("Odd Land", type_line="Land")  # no produced_mana, no basic type
    relic, goblin = spell("Relic", "{2}"), spell("Goblin", "{R}")
    table = Table.of([odd, relic, goblin])
    assert table.kinds[table.kind_of(odd)].mask == 0
    assert table.cast((0, 0), (table.kind_of(relic),))[0] == 2
    assert table.cast((0,), (table.kind_of(goblin),))[0] == 0


def test_cards_with_no_mana_cost_or_unknown_are_never_cast() -> None:
    vision, unknown = CardInfo("Ancestral Vision", "", "Sorcery"), CardInfo("Homebrew Wonder")
    table = Table.of([MOUNTAIN, vision, unknown])
    assert table.kinds[table.kind_of(unknown)].unknown
    red = table.kinds[table.kind_of(MOUNTAIN)].mask
    assert table.cast((red,) * 8, tuple(sorted((table.kind_of(vision), table.kind_of(unknown)))))[0] == 0


def test_the_land_played_is_the_one_that_lets_a_spell_be_cast() -> None:
    squire = spell("Squire", "{W}")
    table = Table.of([MOUNTAIN, PLAINS, squire])
    m, p = (table.kinds[table.kind_of(c)].mask for c in (MOUNTAIN, PLAINS))
    lands = tuple(sorted((m, p)))
    assert lands[table.land_to_play((), lands, (table.kind_of(squire),))] == p


def test_two_cheap_spells_are_cast_rather_than_one_of_the_same_mana() -> None:
    goblin, raider = spell("Goblin", "{R}"), spell("Raider", "{1}{R}")
    table = Table.of([MOUNTAIN, goblin, raider])
    red = table.kinds[table.kind_of(MOUNTAIN)].mask
    spells = tuple(sorted((table.kind_of(goblin), table.kind_of(goblin), table.kind_of(raider))))
    spent, left = table.cast((red, red), spells)
    assert spent == 2 and left == (table.kind_of(raider),)  # two one-drops: more spells for the same mana


def test_a_card_usually_cast_for_another_cost_is_paid_at_that_cost() -> None:
    from opening_hand.cards import CAST_FOR, lookup

    assert CAST_FOR["rift bolt"] == "{R}"  # the catalog's cast column: suspend 1 for {R}
    rift = lookup("Rift Bolt")
    table = Table.of([MOUNTAIN, rift])
    kind = table.kinds[table.kind_of(rift)]
    assert kind.value == 1 and rift.mana_value == 3  # its mana value stays 3 for the rules
