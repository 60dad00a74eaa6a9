"""The full card database (``carddb``), the checks it makes possible (``cardcheck``) and the
decklist lines that cannot be cards at all (issue 16)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from opening_hand.cards import canonical_name, database, lookup, use_database
from opening_hand.cards.cardcheck import POOLS, card_problems, pool_for
from opening_hand.cards.carddb import CardDatabase, CardDataError
from opening_hand.cards.decklist import parse_decklist
from opening_hand.errors import DecklistError
from opening_hand.rules.formats import find_format
from opening_hand.rules.special import companion_verdict
from opening_hand.share.share_link import POOL_NAMES

FORMATS = "standard,pioneer,modern,legacy,vintage,pauper,commander,standardbrawl,brawl"
ROWS = [
    # name, cost, mana value, type line, colours, identity, legalities, extra
    "Ancestral Recall\t{U}\t1\tInstant\tU\tU\t---RR----\t",
    "Arid Mesa\t\t0\tLand\t\t\t-LLLL-L-L\t",
    "Brazen Borrower // Petty Theft\t{1}{U}{U} // {1}{U}\t3\tCreature — Faerie Rogue // Instant — Adventure"
    "\tU\tU\t--LLL-L-L\tlayout=adventure",
    "Counterspell\t{U}{U}\t2\tInstant\tU\tU\t---LLLL-L\t",
    "Delver of Secrets // Insectile Aberration\t{U} // \t1\tCreature — Human Wizard // Creature — Human Insect"
    "\tU\tU\t-LLLLLL-L\tlayout=transform",
    "Agadeem's Awakening // Agadeem, the Undercrypt\t{X}{B}{B}{B} // \t3\tSorcery // Land\tB\tB\t-LLLL-L-L"
    "\tlayout=modal_dfc",
    "Eladamri\t\t0\tVanguard\t\t\t---------\thand=-1;life=+15;layout=vanguard",
    "Fire // Ice\t{1}{R} // {1}{U}\t4\tInstant // Instant\tUR\tUR\t--LLL-L-L\tlayout=split",
    "Kenrith, the Returned King\t{4}{W}\t5\tLegendary Creature — Human Noble\tW\tWUBRG\t--LLL-L-L\t",
    "Lightning Bolt\t{R}\t1\tInstant\tR\tR\t--LLLLL-L\t",
    "Lim-Dûl's Vault\t{U}{B}\t2\tInstant\tUB\tUB\t---LL-L-L\t",
    "Monastery Swiftspear\t{R}\t1\tCreature — Human Monk\tR\tR\tLLLLLLL-L\t",
    "Mountain\t\t0\tBasic Land — Mountain\t\tR\tLLLLLLLLL\t",
    "Oko, Thief of Crowns\t{1}{G}{U}\t3\tLegendary Planeswalker — Oko\tUG\tUG\t-BBLL-L-L\t",
    "Sacred Foundry\t\t0\tLand — Mountain Plains\t\tRW\t-LLLL-L-L\tproduces=RW?",
]


def text(rows: list[str] = ROWS, count: int | None = None, version: str = "1") -> str:
    head = f"opening-hand-cards\t{version}\t2026-11-20T09:03:45.073+00:00\t{len(rows) if count is None else count}"
    return head + f"\t{FORMATS}\n" + "\n".join(rows) + "\n"


DB = CardDatabase.parse(text())


@pytest.fixture
def full_database() -> Iterator[CardDatabase]:
    use_database(DB)
    try:
        yield DB
    finally:
        use_database(None)


# ---------------------------------------------------------------- reading the database


def test_the_header_says_the_date_and_the_count() -> None:
    assert (DB.updated[:10], DB.count, len(DB)) == ("2026-11-20", len(ROWS), len(ROWS))
    assert DB.formats[0] == "standard" and DB.formats[-1] == "brawl"


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("", "not an Opening Hand card database"),
        ("{}\n", "not an Opening Hand card database"),
        (text(version="2"), "format '2'"),
        (text(count=len(ROWS) + 5), f"incomplete: {len(ROWS)} of {len(ROWS) + 5} cards"),
        (text(ROWS[:-1] + ["Sacred Foundry\t\t0"]), "damaged row"),
        ("opening-hand-cards\t1\t2026\tmany\tstandard\n", "no card count"),
    ],
)
def test_anything_but_a_whole_database_is_refused(body: str, reason: str) -> None:
    with pytest.raises(CardDataError, match=reason):
        CardDatabase.parse(body)


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("Lightning Bolt", "Lightning Bolt"),
        ("  lightning   BOLT ", "Lightning Bolt"),
        ("Fire", "Fire // Ice"),
        ("ice", "Fire // Ice"),
        ("Fire // Ice", "Fire // Ice"),
        ("Petty Theft", "Brazen Borrower // Petty Theft"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration"),
        ("Lim-Dul's Vault", "Lim-Dûl's Vault"),
        ("LIM-DÛL’S VAULT", "Lim-Dûl's Vault"),
    ],
)
def test_a_card_is_found_by_any_of_its_names(typed: str, found: str) -> None:
    info = DB.info(typed)
    assert info is not None and info.name == found


def test_cards_have_their_characteristics_in_the_hand() -> None:
    delver = DB.info("Delver of Secrets")
    assert delver is not None
    # CR 712.8a: a double-faced card in a hand has only its front face's characteristics.
    assert (delver.mana_cost, delver.type_line, delver.mana_value) == ("{U}", "Creature — Human Wizard", 1)
    assert delver.full_type_line.endswith("Creature — Human Insect")
    fire = DB.info("Fire // Ice")
    assert fire is not None  # CR 709.4: a split card has both halves' characteristics
    assert (fire.mana_cost, fire.mana_value, fire.colours, fire.types) == ("{1}{R} // {1}{U}", 4, "UR", ("Instant",))
    assert not fire.land_on_back and not delver.land_on_back
    mesa = DB.info("Arid Mesa")
    assert mesa is not None and mesa.is_land and not mesa.is_basic_land and mesa.known
    assert DB.info("Mountain") is not None and DB.info("Mountain").is_basic_land  # type: ignore[union-attr]
    kenrith = DB.info("Kenrith, the Returned King")
    assert kenrith is not None and (kenrith.colours, kenrith.colour_identity) == ("W", "WUBRG")
    agadeem = DB.info("Agadeem, the Undercrypt")
    assert agadeem is not None and agadeem.land_on_back and not agadeem.is_land and agadeem.types == ("Sorcery",)
    vanguard = DB.info("Eladamri")
    assert vanguard is not None and (vanguard.hand_modifier, vanguard.life_modifier) == (-1, 15)
    assert vanguard.has_type("Vanguard")


def test_a_lands_mana_is_its_produces_pair_else_its_basic_land_types_else_its_colour_identity() -> None:
    foundry, mountain, mesa, agadeem = (
        DB.info(n) for n in ("Sacred Foundry", "Mountain", "Arid Mesa", "Agadeem, the Undercrypt")
    )
    assert foundry is not None and (foundry.produces, foundry.mana_sources) == ("WR", "WR")  # WUBRGC order, "?" dropped
    assert mountain is not None and (mountain.produces, mountain.mana_sources) == (None, "R")  # CR 305.6
    assert agadeem is not None and agadeem.mana_sources == "B"  # no pair: its colour identity
    assert mesa is not None and mesa.mana_sources == ""  # a fetch land: unknown


def test_legalities_read_letter_by_format() -> None:
    oko = DB.info("Oko, Thief of Crowns")
    recall = DB.info("Ancestral Recall")
    assert oko is not None and recall is not None
    assert [oko.legality(f) for f in ("standard", "pioneer", "modern", "legacy")] == [
        "not_legal", "banned", "banned", "legal"
    ]  # fmt: skip
    assert (recall.legality("vintage"), recall.legality("nonsense")) == ("restricted", "unknown")


@pytest.mark.parametrize(
    ("typo", "meant"),
    [
        ("Lightening Bolt", "Lightning Bolt"),
        ("Sacred Fondry", "Sacred Foundry"),
        ("Monastary Swiftspear", "Monastery Swiftspear"),
        ("Counterspel", "Counterspell"),
        ("Insectile Abberation", "Delver of Secrets // Insectile Aberration"),
        ("lightning bolt", "Lightning Bolt"),
    ],
)
def test_a_misspelt_name_gets_the_card_that_was_meant(typo: str, meant: str) -> None:
    assert DB.suggest(typo)[0] == meant


def test_a_name_like_no_card_gets_no_suggestion() -> None:
    assert DB.suggest("Xyzzy Quux Plover") == ()
    assert DB.suggest("") == ()
    assert len(DB.suggest("M", limit=3)) <= 3


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_a_lookup_or_a_suggestion_never_an_error(name: str) -> None:
    DB.info(name)
    assert len(DB.suggest(name)) <= 3


def test_oracle_text_is_read_from_its_own_file_and_unescaped() -> None:
    db = CardDatabase.parse(text())
    assert not db.has_text and db.oracle_text("Lightning Bolt") is None
    db.add_text(
        "opening-hand-text\t1\t2026-11-20\t2\n"
        "Lightning Bolt\tLightning Bolt deals 3 damage to any target.\n"
        "Fire // Ice\tFire deals 2 damage divided as you choose.\\n//\\nTap target permanent.\\nDraw a card. C:\\\\\n"
    )
    assert db.oracle_text("bolt") is None
    assert db.oracle_text("lightning bolt") == "Lightning Bolt deals 3 damage to any target."
    ice = "Fire deals 2 damage divided as you choose.\n//\nTap target permanent.\nDraw a card. C:\\"
    assert db.oracle_text("Ice") == ice
    with pytest.raises(CardDataError):
        db.add_text("opening-hand-cards\t1\t2026\t0\n")


# ---------------------------------------------------------------- the engine with the database


def test_the_engine_looks_cards_up_in_the_database_once_it_is_in_use(full_database: CardDatabase) -> None:
    assert database() is full_database
    assert lookup("Arid Mesa").is_land
    assert canonical_name("sacred foundry") == "Sacred Foundry"
    assert lookup("Mountain").is_basic_land  # still known (the database has it too)
    use_database(None)
    assert not lookup("Agadeem's Awakening").known  # back to the built-in catalog


def test_the_decklist_parser_spells_names_as_the_database_does(full_database: CardDatabase) -> None:
    deck = parse_decklist("4 arid mesa\n2 Fire/Ice\n1 lim-dul's vault")
    assert [e.name for e in deck.main] == ["Arid Mesa", "Fire // Ice", "Lim-Dûl's Vault"]


# ---------------------------------------------------------------- checks with the database

CONSTRUCTED = find_format("constructed")


def check(deck: str, pool: str = "", fmt: str = "constructed") -> list[tuple[int | None, str, tuple[str, ...]]]:
    found = card_problems(deck, parse_decklist(deck), find_format(fmt), pool, DB)
    return [(p.line, p.reason, tuple(fixed for _label, fixed in p.fixes)) for p in found]


def test_an_unknown_name_is_reported_at_its_line_with_fixes_that_keep_the_rest_of_the_line() -> None:
    assert check("20 Mountain\n4 Lightening Bolt (M11) 146 *F*\n\nSideboard\n2 Counterspel") == [
        (2, "no card named “Lightening Bolt” — did you mean Lightning Bolt?", ("4 Lightning Bolt (M11) 146 *F*",)),
        (5, "no card named “Counterspel” — did you mean Counterspell?", ("2 Counterspell",)),
    ]
    assert check("20 Mountain\n1 Qwxzv Plugh") == [(2, "no card named “Qwxzv Plugh”", ())]


def test_lines_of_an_xml_deck_are_fixed_in_place() -> None:
    deck = '<?xml version="1.0"?>\n<Deck>\n<Cards Quantity="4" Sideboard="false" Name="Lightening Bolt"/>\n</Deck>'
    assert check(deck)[0][2] == ('<Cards Quantity="4" Sideboard="false" Name="Lightning Bolt"/>',)


def test_cards_are_checked_against_the_chosen_pool() -> None:
    deck = "4 Oko, Thief of Crowns\n4 Monastery Swiftspear\n2 Ancestral Recall\n50 Mountain"
    assert check(deck) == []  # any cards
    assert check(deck, "modern") == [
        (1, "Oko, Thief of Crowns is banned in Modern", ()),
        (3, "Ancestral Recall is not legal in Modern", ()),
    ]
    assert check(deck, "vintage") == [(3, "Ancestral Recall is restricted in Vintage: at most one copy, not 2", ())]
    assert check(deck, "standard")[0] == (1, "Oko, Thief of Crowns is not legal in Standard", ())
    assert check(deck.replace("2 Ancestral", "1 Ancestral"), "vintage") == []


def test_limited_and_the_variants_use_any_card_commander_and_brawl_their_own_lists() -> None:
    assert pool_for(find_format("limited"), "modern") == ("", "")
    assert pool_for(find_format("planechase"), "modern") == ("", "")
    assert pool_for(find_format("commander"), "") == ("commander", "Commander")
    assert pool_for(find_format("brawl"), "pauper") == ("standardbrawl", "Brawl")
    assert tuple(POOLS) == POOL_NAMES  # the share link knows every pool the page offers


def test_commander_decks_keep_to_the_commanders_colour_identity() -> None:
    fine = "Commander\n1 Kenrith, the Returned King\nDeck\n1 Counterspell\n98 Mountain"
    assert check(fine, fmt="commander") == []
    off = "Commander\n1 Monastery Swiftspear\nDeck\n1 Counterspell\n1 Lim-Dûl's Vault\n97 Mountain"
    assert check(off, fmt="commander") == [
        (4, "Counterspell has U in its colour identity, outside the commander's (CR 903.5c)", ()),
        (5, "Lim-Dûl's Vault has UB in its colour identity, outside the commander's (CR 903.5c)", ()),
    ]


def test_a_list_of_nonsense_reports_the_first_names_and_how_many_more() -> None:
    deck = "\n".join(f"1 Nonsense card {i}" for i in range(100))
    found = check(deck)
    assert len(found) == 61 and found[-1] == (None, "40 more names not found", ())


# ---------------------------------------------------------------- lines that cannot be cards


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("https://moxfield.com/decks/abc123", "deck links cannot be opened here: export the list as text and paste it"),
        ("1 https://www.moxfield.com/decks/abc123", "deck links cannot be opened here"),
        ("www.mtggoldfish.com/deck/123", "deck links cannot be opened here"),
        ("-1 Mountain", "a quantity cannot be negative"),
        ("−2 Mountain", "a quantity cannot be negative"),
        ("<<<>>> ???", "not a card line: no card name, only symbols"),
        ("*** --- ***", "not a card line"),
        ("four Lightning Bolt", "write the quantity as a number: 4 Lightning Bolt"),
        ("Twelve Mountain", "write the quantity as a number: 12 Mountain"),
    ],
)
def test_lines_that_cannot_be_cards_are_reported_as_such(line: str, reason: str) -> None:
    with pytest.raises(DecklistError) as caught:
        parse_decklist(f"20 Mountain\n{line}\n20 Island")
    problem = caught.value.problems[0]
    assert problem.line == 2 and problem.reason.startswith(reason)


def test_a_spelled_quantity_comes_with_its_fix_and_real_card_names_are_left_alone() -> None:
    with pytest.raises(DecklistError) as caught:
        parse_decklist("four Lightning Bolt (M11) 146")
    assert caught.value.problems[0].fixes == (("4 Lightning Bolt (M11) 146",) * 2,)
    # Names that begin with a number word are cards, not quantities.
    assert parse_decklist("Seven Dwarves\nOne with Nothing").main[0].name == "Seven Dwarves"
    assert parse_decklist("3 Three Visits").main[0].count == 3


def test_zirdas_condition_is_decided_from_the_rules_text_once_it_is_loaded(full_database: CardDatabase) -> None:
    """CR 103.2b: Zirda needs every permanent card to have an activated ability (CR 602.1)."""
    db = CardDatabase.parse(
        text(ROWS + ["Zirda, the Dawnwaker\t{1}{R/W}{R/W}\t3\tLegendary Creature — Elemental Fox\tRW\tRW\t--LLL-L-L\t"])
    )
    use_database(db)
    deck = ["Mountain"] * 20 + ["Monastery Swiftspear"] * 20 + ["Lightning Bolt"] * 20
    assert companion_verdict("Zirda, the Dawnwaker", deck, 60).met is None  # no text yet
    db.add_text(
        "opening-hand-text\t1\t2026-11-20\t3\n"
        "Mountain\t({T}: Add {R}.)\n"
        "Monastery Swiftspear\tHaste\\nProwess\n"
        "Lightning Bolt\tLightning Bolt deals 3 damage to any target.\n"
        "Arid Mesa\t{T}, Pay 1 life, Sacrifice Arid Mesa: Search your library for a Mountain or Plains card.\n"
    )
    verdict = companion_verdict("Zirda, the Dawnwaker", deck, 60)
    assert (verdict.met, verdict.reason.split(" breaks")[0]) == (False, "Monastery Swiftspear")
    assert companion_verdict("Zirda, the Dawnwaker", ["Arid Mesa"] * 20 + ["Lightning Bolt"] * 40, 60).met is True
    # A basic land type gives its land a mana ability (CR 305.6), printed only as reminder text.
    assert companion_verdict("Zirda, the Dawnwaker", ["Mountain"] * 40 + ["Sacred Foundry"] * 20, 60).met is True
