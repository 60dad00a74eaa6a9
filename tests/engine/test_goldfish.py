"""The value of a hand (opening_hand.trainer.goldfish): its playout checked against an independent
count of the same policy on small decks, exactly, and its sampled estimate against that
exact average; colours, hybrid costs and cards it cannot cast."""

from __future__ import annotations

import random
from itertools import combinations, permutations
from statistics import fmean

import pytest

from opening_hand.cards import CardInfo, lookup
from opening_hand.cards.mana import decode
from opening_hand.trainer.goldfish import CAST, HELD, TEMPO, UNSPENT, Table, draws_for, turns_needed, value_of
from opening_hand.trainer.playkinds import Context
from tests.engine.decks import FOREST, MOUNTAIN, PLAINS, land, spell


def by_hand(hand: list[tuple[bool, int]], draws: list[tuple[bool, int]], skips: bool, turns: int, card: float) -> float:
    """Independent arithmetic of the policy for one colour: each card is (land?, mana value).
    Each turn: draw, play a land if there is one, cast the spells that spend the most mana
    (then the most spells) within the lands in play; then the formula of the module docstring."""
    lands = sum(1 for is_land, _ in hand if is_land)
    spells = sorted(v for is_land, v in hand if not is_land)
    there = spent = unspent = cast = tempo = 0
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
        tempo += best[1] * (turns - turn + 1)  # a spell cast with more turns ahead counts more
        spells = [v for i, v in enumerate(spells) if i not in best[2]]
    useful = sum(1 for v in spells if v <= there) + min(lands, max(0, max(spells, default=0) - there))
    return (spent + UNSPENT * unspent + CAST * cast + TEMPO * tempo / turns
            + card * (useful + HELD * (lands + len(spells))))  # fmt: skip


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
    m, p, s = (table.kind_of(c) for c in (MOUNTAIN, PLAINS, squire))
    hand, field, spent, *_ = table.turn(tuple(sorted((m, p, s))), (), False, 0)
    assert field == (p,) and hand == (m,) and spent == 1


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


# ------------------------------------------------------------------ real decks' mana (issue 39)

GATE = CardInfo("Gate", type_line="Land — Gate", produces="R", mana=decode({"tapped": "1"}))
WASTES = CardInfo("Wastes", type_line="Basic Land", produces="C")
TAPPED_WASTES = CardInfo("Tapped Wastes", type_line="Land", produces="C", mana=decode({"tapped": "1"}))
SOL_RING = CardInfo("Sol Ring", "{1}", "Artifact", mana=decode({"adds": "C.C"}))
MIND_STONE = CardInfo("Mind Stone", "{2}", "Artifact", mana=decode({"adds": "C"}))
GREY_ELF = CardInfo("Grey Elf", "{1}", "Creature — Elf", mana=decode({"adds": "C"}))
RELICS = [CardInfo(f"Relic {v}", f"{{{v}}}", "Artifact") for v in (1, 2, 3, 4)]


def best_spend(values: list[int], mana: int) -> tuple[int, list[int]]:
    """The most mana ``values`` spend within ``mana`` (then the most spells): (spent, the values cast)."""
    best: tuple[int, int, tuple[int, ...]] = (0, 0, ())
    for size in range(len(values), 0, -1):
        for pick in combinations(range(len(values)), size):
            total = sum(values[i] for i in pick)
            if total <= mana and (total, size) > best[:2]:
                best = (total, size, pick)
    return best[0], [values[i] for i in best[2]]


def by_hand_tapped(hand: list[str], draws: list[str], skips: bool, turns: int, card: float,
                   value: dict[str, int]) -> float:  # fmt: skip
    """Independent arithmetic of the policy for untapped ("L") and tapped ("T") lands of one
    colour and spells (their mana values): each turn the land that lets more mana be spent
    now, a tapped one when that is the same; a tapped land pays from the next turn."""
    held = list(hand)
    there = spent = unspent = cast = tempo = 0
    queue = list(draws)
    for turn in range(1, turns + 1):
        if not (turn == 1 and skips) and queue:
            held.append(queue.pop(0))
        spells = [value[c] for c in held if c not in "LT"]
        now = there
        options = [c for c in "TL" if c in held]
        if options:
            scored = [(best_spend(spells, there + (c == "L"))[0], c == "T", c) for c in options]
            choice = max(scored)[2]
            held.remove(choice)
            now = there + (choice == "L")
            there += 1
        mana, gone = best_spend(spells, now)
        for v in gone:
            held.remove(next(c for c in held if c not in "LT" and value[c] == v))
        spent, unspent, cast = spent + mana, unspent + now - mana, cast + len(gone)
        tempo += len(gone) * (turns - turn + 1)
    spells = [value[c] for c in held if c not in "LT"]
    lands = len(held) - len(spells)
    useful = sum(1 for v in spells if v <= there) + min(lands, max(0, max(spells, default=0) - there))
    return spent + UNSPENT * unspent + CAST * cast + TEMPO * tempo / turns + card * (useful + HELD * len(held))


@pytest.mark.parametrize("seed", range(10))
def test_tapped_lands_against_an_independent_count_of_the_policy_over_every_draw_order(seed: int) -> None:
    rng = random.Random(f"tapped/{seed}")
    relics = RELICS[:3]
    deck = [WASTES] * rng.randint(2, 4) + [TAPPED_WASTES] * rng.randint(2, 4) + [rng.choice(relics) for _ in range(5)]
    table = Table.of(deck)
    letter = {table.kind_of(WASTES): "L", table.kind_of(TAPPED_WASTES): "T"}
    value = {f"S{v}": v for v in (1, 2, 3)}
    for relic in relics:
        letter[table.kind_of(relic)] = f"S{int(relic.mana_value)}"
    ids = [table.kind_of(card) for card in deck]
    skips, turns = rng.random() < 0.5, rng.choice((3, 4))
    picked = rng.sample(range(len(deck)), 4)
    hand = [ids[i] for i in picked]
    library = [ids[i] for i in range(len(deck)) if i not in picked]
    orders = list(permutations(library, min(turns_needed(turns, skips), len(library))))
    engine = fmean(table.play_out(hand, order, skips=skips, turns=turns) for order in orders)
    counted = fmean(by_hand_tapped([letter[k] for k in hand], [letter[k] for k in order], skips, turns,
                                   table.card_value, value) for order in orders)  # fmt: skip
    assert engine == pytest.approx(counted, abs=1e-9)


OGRE = CardInfo("Grey Ogre", "{3}", "Creature — Ogre", mana=decode({"adds": "C"}))  # a dork: taps from next turn
MAKERS = {"Sol Ring": (1, 2, True), "Mind Stone": (2, 1, True), "Grey Ogre": (3, 1, False)}  # cost, mana, at once


def cost_of(card: str) -> int:
    return MAKERS[card][0] if card in MAKERS else int(card.split()[1])


def by_hand_makers(hand: list[str], draws: list[str], skips: bool, turns: int, card: float) -> float:
    """Independent arithmetic of the policy for lands, rocks and a dork of colourless mana and
    relics (generic costs, each cost one card's): every turn but the last, the mana makers the
    turn's mana pays, the most mana first (then the one tapping at once, then the cheaper),
    unless casting the spells without them spends more now than they would add next turn; a
    rock taps at once (CR 302.6 spares artifacts), a dork from the next turn; every maker cast
    taps on later turns."""
    held = list(hand)
    lands = makers_mana = spent = unspent = cast = tempo = 0
    queue = list(draws)
    for turn in range(1, turns + 1):
        if not (turn == 1 and skips) and queue:
            held.append(queue.pop(0))
        if "Wastes" in held:
            held.remove("Wastes")
            lands += 1
        pool = lands + makers_mana
        spells = [c for c in held if c != "Wastes"]
        total, values = best_spend([cost_of(c) for c in spells], pool)
        plan = (pool, total, values, [])
        waiting = sorted(
            (c for c in spells if c in MAKERS), key=lambda m: (-MAKERS[m][1], not MAKERS[m][2], MAKERS[m][0])
        )
        if turn < turns and waiting:
            mana, paid, gain, made = pool, 0, 0, []
            while options := [m for m in waiting if MAKERS[m][0] <= mana]:
                m = options[0]
                waiting.remove(m)
                cost, adds, at_once = MAKERS[m]
                mana, paid, gain = mana - cost + (adds if at_once else 0), paid + cost, gain + adds
                made.append(m)
            others = list(spells)
            for m in made:
                others.remove(m)
            after, after_values = best_spend([cost_of(c) for c in others], mana)
            if made and paid + after + gain >= total:
                plan = (mana, after, after_values, made)
        pool_used, total, values, made = plan
        for name in made + [next(c for c in held if c != "Wastes" and cost_of(c) == v) for v in values]:
            held.remove(name)
            makers_mana += MAKERS[name][1] if name in MAKERS else 0
        spent += sum(MAKERS[m][0] for m in made) + total
        unspent += pool_used - total
        cast += len(made) + len(values)
        tempo += (len(made) + len(values)) * (turns - turn + 1)
    costs = [cost_of(c) for c in held if c != "Wastes"]
    there = lands + makers_mana
    useful = sum(1 for v in costs if v <= there) + min(held.count("Wastes"), max(0, max(costs, default=0) - there))
    return spent + UNSPENT * unspent + CAST * cast + TEMPO * tempo / turns + card * (useful + HELD * len(held))


@pytest.mark.parametrize("seed", range(10))
def test_rocks_and_a_dork_against_an_independent_count_of_the_policy_over_every_draw_order(seed: int) -> None:
    rng = random.Random(f"makers/{seed}")
    relics = [CardInfo(f"Relic {v}", f"{{{v}}}", "Artifact") for v in (4, 5)]
    deck = [WASTES] * rng.randint(3, 5) + [SOL_RING, MIND_STONE, OGRE] + [rng.choice(relics) for _ in range(3)]
    table = Table.of(deck)
    name = {table.kind_of(card): card.name for card in deck}
    ids = [table.kind_of(card) for card in deck]
    skips, turns = rng.random() < 0.5, rng.choice((3, 4))
    picked = rng.sample(range(len(deck)), 4)
    hand = [ids[i] for i in picked]
    library = [ids[i] for i in range(len(deck)) if i not in picked]
    orders = list(permutations(library, min(turns_needed(turns, skips), len(library))))
    engine = fmean(table.play_out(hand, order, skips=skips, turns=turns) for order in orders)
    counted = fmean(by_hand_makers([name[k] for k in hand], [name[k] for k in order], skips, turns, table.card_value)
                    for order in orders)  # fmt: skip
    assert engine == pytest.approx(counted, abs=1e-9)


def exact_value(table: Table, hand: list[int], library: list[int], skips: bool, turns: int) -> float:
    """The expected value of a hand over every draw, by recursion on the library's counts: the
    playout's own turns (``Table.turn``), a card a search takes leaving the library, which is
    then shuffled (every later card equally likely any of the rest). Independent of the
    sampling of :class:`Draws`, which this checks."""
    kinds = table.kinds

    def go(turn: int, held: tuple[int, ...], field: tuple[int, ...], counts: tuple[int, ...]) -> float:
        if turn > turns:
            return table.card_value * table.held(held, field)
        total = sum(counts)
        branches: list[tuple[float, tuple[int, ...], tuple[int, ...]]] = []
        if not (turn == 1 and skips) and total:
            for k, n in enumerate(counts):
                if n:
                    rest = list(counts)
                    rest[k] -= 1
                    branches.append((n / total, tuple(sorted((*held, k))), tuple(rest)))
        else:
            branches.append((1.0, held, counts))
        value = 0.0
        for p, now, left in branches:
            searching = any(kinds[k].search is not None or (kinds[k].face >= 0 and kinds[kinds[k].face].search)
                            for k in now)  # fmt: skip
            avail = sum(1 << k for k, n in enumerate(left) if n and kinds[k].land) if searching else 0
            after, on_field, spent, unspent, cast, _, taken = table.turn(now, field, turn == turns, avail)
            shrunk = list(left)
            for k in taken:
                shrunk[k] = max(0, shrunk[k] - 1)
            score = spent + UNSPENT * unspent + CAST * cast + TEMPO * cast * (turns - turn + 1) / turns
            value += p * (score + go(turn + 1, after, on_field, tuple(shrunk)))
        return value

    counts = [0] * len(kinds)
    for k in library:
        counts[k] += 1
    return go(1, tuple(sorted(hand)), (), tuple(counts))


MESA = CardInfo("Arid Mesa", type_line="Land", mana=decode({"finds": "Mountain/Plains,life1"}))
WILDS = CardInfo("Evolving Wilds", type_line="Land", mana=decode({"finds": "basic,tapped"}))
FOUNDRY = CardInfo(
    "Sacred Foundry", type_line="Land — Mountain Plains", produces="WR", mana=decode({"tapped": "life:2"})
)


@pytest.mark.parametrize(
    ("fetch", "skips"), [(MESA, True), (MESA, False), (WILDS, False)], ids=["Mesa, play", "Mesa, draw", "Wilds, draw"]
)
def test_a_fetch_lands_library_shrinks_exactly_as_the_recursion_says(fetch: CardInfo, skips: bool) -> None:
    """One Plains in the library: a fetch land takes it, and no later draw brings it. The
    sampled value (luck settles which copy was taken) agrees with the exact recursion."""
    squire, helix, goblin = spell("Squire", "{W}"), spell("Helix", "{R}{W}"), spell("Goblin", "{R}")
    deck = [fetch, fetch, MOUNTAIN, MOUNTAIN, PLAINS, squire, squire, helix, goblin, goblin, goblin]
    table = Table.of(deck)
    ids = [table.kind_of(card) for card in deck]
    hand = [ids[0], ids[5], ids[7]]  # the fetch land, a Squire and a Helix
    library = ids[1:5] + [ids[6]] + ids[8:]
    exact = exact_value(table, hand, library, skips, 3)
    estimate = value_of(table, hand, table.draws(library, turns_needed(3, skips), 30_000, random.Random(7)),
                        skips=skips, turns=3)  # fmt: skip
    assert abs(estimate.mean - exact) <= 4 * estimate.se, (estimate, exact)


def test_a_fetch_land_finds_the_land_the_hand_needs_and_nothing_when_none_is_left() -> None:
    squire, bolt = spell("Squire", "{W}"), spell("Goblin", "{R}")
    table = Table.of([MESA, MOUNTAIN, PLAINS, FOUNDRY, squire, bolt, WASTES])
    mesa, mountain, plains, foundry, s, b = (table.kind_of(c) for c in (MESA, MOUNTAIN, PLAINS, FOUNDRY, squire, bolt))
    every = (1 << mountain) | (1 << plains) | (1 << foundry)
    _, _, spent, _, _, _, taken = table.turn(tuple(sorted((mesa, s, b))), (), False, every)
    assert taken == (foundry,) and spent == 1  # both colours: Sacred Foundry (its 2 life paid), a one-drop cast
    assert table.turn(tuple(sorted((mesa, s))), (), False, (1 << mountain) | (1 << plains))[6] == (plains,)
    _, field, spent, _, _, _, taken = table.turn(tuple(sorted((mesa, s))), (), False, 1 << table.kind_of(WASTES))
    assert taken == () and spent == 0 and len(field) == 1  # no Mountain or Plains left: it stays, making nothing


def test_a_land_that_enters_tapped_unless_pays_from_the_turn_its_condition_holds() -> None:
    check = CardInfo(
        "Glacial Fortress", type_line="Land", produces="WU", mana=decode({"tapped": "control:Plains/Island"})
    )
    fast = CardInfo("Seachrome Coast", type_line="Land", produces="WU", mana=decode({"tapped": "few:2"}))
    bear = spell("Bear", "{1}{W}")
    table = Table.of([check, fast, PLAINS, bear])
    c, f, p, b = (table.kind_of(x) for x in (check, fast, PLAINS, bear))
    assert table.turn((c, b), (), False, 0)[5] == ()  # turn 1, no Plains or Island: tapped
    assert len(table.turn((c, b), (table._settle[p],), False, 0)[5]) == 2  # a Plains there: untapped
    three = tuple(sorted(table._settle[k] for k in (p, p, p)))
    assert len(table.turn((f, b), three[:2], False, 0)[5]) == 3  # two other lands: untapped
    assert len(table.turn((f, b), three, False, 0)[5]) == 3  # three others: tapped, the three pay


def test_arcane_signet_makes_no_mana_without_a_commander_cr_903_4() -> None:
    signet = CardInfo("Arcane Signet", "{2}", "Artifact", mana=decode({"adds": "*"}))
    alone = Table.of([signet])
    assert alone.kinds[alone.kind_of(signet)].units == ()
    assert not alone.kinds[alone.kind_of(signet)].producer  # cast as a spell, never for its mana
    led = Table.of([signet], context=Context(identity=0b11000))  # a red-green commander
    assert led.kinds[led.kind_of(signet)].units == (0b11000,)


def test_a_signet_turns_one_mana_into_two_and_a_verge_its_second_colour_needs_the_type() -> None:
    signet = CardInfo("Boros Signet", "{2}", "Artifact", mana=decode({"adds": "R.W", "pay": "1"}))
    verge = CardInfo(
        "Hushwood Verge", type_line="Land", produces="GW", mana=decode({"adds": "G", "also": "W:Forest/Plains"})
    )
    forest = land("Forest", "G")
    table = Table.of([signet, verge, forest, WASTES])
    s, v, f, w = (table.kind_of(x) for x in (signet, verge, forest, WASTES))
    settled = [table._settle[k] for k in (s, v, f, w)]
    red, white, green = 8, 1, 16  # outlook.BIT
    assert sorted(table.pool([settled[3], settled[0]], [])) == sorted([red, white])  # {C} paid: {R}{W}
    assert table.pool([settled[0]], []) == []  # nothing to pay its {1} with
    assert table.pool([settled[1]], [settled[1]]) == [green]  # no Forest or Plains: green only
    assert table.pool([settled[1]], [settled[1], settled[2]]) == [green | white]


def test_a_spell_land_is_a_land_drop_only_when_the_hand_holds_no_other_land() -> None:
    emeria = lookup("Emeria's Call")
    assert emeria.layout == "modal_dfc" and emeria.land_on_back
    squire = spell("Squire", "{W}")
    table = Table.of([emeria, PLAINS, squire])
    e, p, s = (table.kind_of(x) for x in (emeria, PLAINS, squire))
    hand, _, spent, *_ = table.turn(tuple(sorted((e, s))), (), False, 0)
    assert e not in hand and spent == 1  # played as Emeria, Shattered Skyclave (3 life: untapped), the Squire cast
    hand, _, spent, *_ = table.turn(tuple(sorted((e, p, s))), (), False, 0)
    assert e in hand and spent == 1  # the Plains is played; Emeria's Call stays a spell
