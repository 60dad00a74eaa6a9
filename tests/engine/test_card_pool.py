"""Card data as a value (issue 40): the engine reads cards in the ``CardPool`` it is given, so
two decks read with two databases give two answers in one process, with nothing to reset; a
pool given wins over the default; a game carries the pool it was dealt with; and the engine
keeps no card data at module level but the one default (``cards.use_database``, for scripts)."""

from __future__ import annotations

import ast
from pathlib import Path

from opening_hand.cards import CardPool, default_pool, lookup, read_name, use_database
from opening_hand.cards.carddb import CardDatabase
from opening_hand.cards.decklist import check_deck, parse_decklist
from opening_hand.rules.decisions import DeclareMulligan
from opening_hand.rules.formats import find_format
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.policy import decide
from opening_hand.rules.state import SeatConfig
from opening_hand.trainer.reading import read_hand

HEADER = "opening-hand-cards\t1\t2026-01-01\t1\tstandard,modern\n"
# A card no built-in catalog knows: a land in one database, a sorcery in the other.
AS_LAND = CardDatabase.parse(HEADER + "Homebrew Vista\t\t0\tLand\t\tR\t-L\tproduces=R\n")
AS_SPELL = CardDatabase.parse(HEADER + "Homebrew Vista\t{2}{R}\t3\tSorcery\tR\tR\t-L\t\n")
LANDS, SPELLS = CardPool(AS_LAND), CardPool(AS_SPELL)
DECK = ("Homebrew Vista",) * 24 + ("Lightning Bolt",) * 36
ENGINE = Path(__file__).resolve().parents[2] / "py" / "opening_hand"


def test_two_pools_read_the_same_name_two_ways_in_one_process() -> None:
    assert LANDS.lookup("homebrew vista").is_land and not SPELLS.lookup("homebrew vista").is_land
    assert lookup("Homebrew Vista", LANDS).type_line == "Land"
    assert lookup("Homebrew Vista", SPELLS).mana_value == 3
    assert not lookup("Homebrew Vista").known, "the default pool (the catalog) was never touched"
    assert not CardPool().lookup("Homebrew Vista").known


def test_two_decks_read_with_two_databases_get_two_readings_without_a_reset() -> None:
    seats = [SeatConfig("Seat 1", DECK), SeatConfig("Seat 2", DECK)]
    games = [new_game(seats, seed=11, pool=pool) for pool in (LANDS, SPELLS)]
    assert games[0] == games[1], "the same deal: the pool is not part of the position"
    assert games[0].pool is LANDS and games[1].pool is SPELLS
    while not isinstance(games[0].pending, DeclareMulligan):  # the same decisions, to the first keep
        action = decide(games[0])
        games = [apply(game, action) for game in games]
    readings = [read_hand(game, 1, wait=False) for game in games]
    hand = [c.name for c in games[0].player(1).hand]
    assert readings[0].lands == min(hand.count("Homebrew Vista"), readings[0].size) > 0
    assert readings[1].lands == 0, "the same hand has no land in the other database"
    assert read_hand(games[0], 1, wait=False, pool=SPELLS).lands == 0, "a pool given wins over the game's"


def test_a_game_keeps_its_pool_through_every_action_and_can_be_read_with_another() -> None:
    state = new_game([SeatConfig("Seat 1", DECK), SeatConfig("Seat 2", DECK)], seed=5, pool=LANDS)
    while state.pending is not None:
        state = apply(state, decide(state))
        assert state.pool is LANDS and all(p.pool is LANDS for p in state.players)
    card = next(c for c in state.player(1).library if c.name == "Homebrew Vista")
    assert state.player(1).is_land(card)
    other = state.with_pool(SPELLS)
    assert other == state and other.pool is SPELLS and not other.player(1).is_land(card)


def test_deck_checks_and_name_readings_use_the_pool_given() -> None:
    db = CardDatabase.parse(HEADER + "Homebrew Basic\t\t0\tBasic Land — Mountain\t\tR\t-L\t\n")
    deck = parse_decklist("60 homebrew basic", pool=CardPool(db))
    assert deck.main[0].name == "Homebrew Basic", "spelled as the pool's card"
    check_deck(deck, find_format("constructed"), CardPool(db))  # basic: any number of copies
    assert read_name("homebrew basic").name == "homebrew basic", "unknown to the default pool"


def test_a_pool_given_wins_over_the_default_and_the_default_stays_for_scripts() -> None:
    before = default_pool()
    use_database(AS_LAND)
    try:
        assert lookup("Homebrew Vista").is_land, "use_database sets the default: scripts keep working"
        assert default_pool().database is AS_LAND and default_pool() != before
        assert not lookup("Homebrew Vista", SPELLS).is_land, "a pool given wins"
        assert not lookup("Homebrew Vista", CardPool()).known, "even a pool of the catalog only"
        game = new_game([SeatConfig("Seat 1", DECK), SeatConfig("Seat 2", DECK)], seed=3)
        assert game.pool.database is AS_LAND, "a game given no pool reads with the default"
    finally:
        use_database(None)
    assert default_pool().database is None


def _holds_card_data(node: ast.AST) -> bool:
    """Whether a module-level assignment creates or holds card data (a pool or a source)."""
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and sub.func.id in ("CardPool", "CardDatabase"):
            return True
    annotation = getattr(node, "annotation", None)
    return annotation is not None and any(w in ast.unparse(annotation) for w in ("CardSource", "CardDatabase"))


def test_the_engine_keeps_no_card_data_at_module_level_but_the_one_default() -> None:
    holders, buckets, globals_ = [], [], []
    for path in sorted(ENGINE.rglob("*.py")):
        module = ".".join(path.relative_to(ENGINE).with_suffix("").parts).removesuffix(".__init__")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if not isinstance(node, ast.Assign | ast.AnnAssign):
                continue
            names = [ast.unparse(t) for t in (node.targets if isinstance(node, ast.Assign) else [node.target])]
            if _holds_card_data(node):
                holders += [f"{module}.{name}" for name in names]
            empty = isinstance(node.value, ast.List | ast.Dict | ast.Set) and not ast.unparse(node.value)[1:-1]
            if empty:
                buckets += [f"{module}.{name}" for name in names]
        globals_ += [f"{module}: {n.names}" for n in ast.walk(tree) if isinstance(n, ast.Global)]
    assert holders == ["cards._default"]
    # Filled once from the built-in catalog file, whatever card data is in use:
    assert sorted(buckets) == ["cards.CAST_FOR", "cards._catalog_short"]
    assert globals_ == []
