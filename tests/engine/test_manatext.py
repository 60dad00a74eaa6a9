"""Mana facts read from Oracle text (``opening_hand.cards.manatext``): real cards as Scryfall's
Oracle Cards file has them (tests/fixtures/scryfall/*.json), each against the facts a player
reads off the card, written here by hand; the older templating; the codec of the row's pairs;
and texts no card has, which are never an error and never a guess."""

from __future__ import annotations

from typing import Any

import pytest

from opening_hand.cards.carddb import CardDatabase
from opening_hand.cards.mana import ManaFacts, decode, encode
from opening_hand.cards.manatext import read_card
from opening_hand.cards.scryfall import FORMATS, card_row
from tests.engine.deck_fixtures import card_objects

CARDS: dict[str, dict[str, Any]] = {}
for _card in card_objects():
    CARDS.setdefault(str(_card["name"]), _card)

# What a player reads off each card: the row's mana pairs (docs/card-data.md). A land that
# makes one mana of its produced_mana colours and enters untapped has none.
# fmt: off
EXPECTED: dict[str, list[str]] = {
    # fetch lands: what they find, whether it enters tapped, the life they cost
    "Arid Mesa": ["finds=Mountain/Plains,life1"],
    "Flooded Strand": ["finds=Plains/Island,life1"],
    "Polluted Delta": ["finds=Island/Swamp,life1"],
    "Bloodstained Mire": ["finds=Swamp/Mountain,life1"],
    "Wooded Foothills": ["finds=Mountain/Forest,life1"],
    "Windswept Heath": ["finds=Forest/Plains,life1"],
    "Marsh Flats": ["finds=Plains/Swamp,life1"],
    "Scalding Tarn": ["finds=Island/Mountain,life1"],
    "Verdant Catacombs": ["finds=Swamp/Forest,life1"],
    "Misty Rainforest": ["finds=Forest/Island,life1"],
    "Evolving Wilds": ["finds=basic,tapped"],
    "Terramorphic Expanse": ["finds=basic,tapped"],
    "Fabled Passage": ["finds=basic,tapped,untap4"],
    "Prismatic Vista": ["finds=basic,life1"],
    "Myriad Landscape": ["unread=1"],  # two lands that share a type, for {2}: not read
    # shock lands: 2 life, else tapped
    "Sacred Foundry": ["tapped=life:2"], "Hallowed Fountain": ["tapped=life:2"], "Watery Grave": ["tapped=life:2"],
    "Blood Crypt": ["tapped=life:2"], "Stomping Ground": ["tapped=life:2"], "Temple Garden": ["tapped=life:2"],
    "Godless Shrine": ["tapped=life:2"], "Overgrown Tomb": ["tapped=life:2"], "Breeding Pool": ["tapped=life:2"],
    "Steam Vents": ["tapped=life:2"],
    # always tapped: Guildgates, gain lands, tri-lands, triomes, surveil lands
    **{f"{guild} Guildgate": ["tapped=1"] for guild in
       ("Azorius", "Dimir", "Rakdos", "Gruul", "Selesnya", "Orzhov", "Izzet", "Golgari", "Boros", "Simic")},
    "Scoured Barrens": ["tapped=1"], "Tranquil Cove": ["tapped=1"], "Wind-Scarred Crag": ["tapped=1"],
    "Jungle Hollow": ["tapped=1"], "Swiftwater Cliffs": ["tapped=1"],
    "Jungle Shrine": ["tapped=1"], "Savage Lands": ["tapped=1"], "Arcane Sanctum": ["tapped=1"],
    "Ketria Triome": ["tapped=1"], "Zagoth Triome": ["tapped=1"],
    "Elegant Parlor": ["tapped=1"], "Meticulous Archive": ["tapped=1"], "Undercity Sewers": ["tapped=1"],
    # tapped unless: check, fast, slow, battle, snarl, Battlebond lands
    "Glacial Fortress": ["tapped=control:Plains/Island"],
    "Dragonskull Summit": ["tapped=control:Swamp/Mountain"],
    "Sunpetal Grove": ["tapped=control:Forest/Plains"],
    "Drowned Catacomb": ["tapped=control:Island/Swamp"],
    "Arena of Glory": ["tapped=control:Mountain"],  # its exert ability is a bonus; {T}: Add {R} is its mana
    "Seachrome Coast": ["tapped=few:2"], "Blackcleave Cliffs": ["tapped=few:2"], "Inspiring Vantage": ["tapped=few:2"],
    "Deserted Beach": ["tapped=many:2"], "Haunted Ridge": ["tapped=many:2"], "Shipwreck Marsh": ["tapped=many:2"],
    "Prairie Stream": ["tapped=basics:2"], "Sunken Hollow": ["tapped=basics:2"],
    "Frostboil Snarl": ["tapped=reveal:Island/Mountain"], "Shineshadow Snarl": ["tapped=reveal:Plains/Swamp"],
    "Morphic Pool": ["tapped=opponents:2"], "Luxury Suite": ["tapped=opponents:2"],
    # untapped lands with more to say
    "Adarkar Wastes": [], "Llanowar Wastes": [],  # {C}, or a colour for 1 damage: its produced_mana
    "Sunbaked Canyon": [], "Horizon Canopy": [],
    "City of Brass": [], "Mana Confluence": [],
    "Gloomlake Verge": ["adds=U", "also=B:Island/Swamp"], "Hushwood Verge": ["adds=G", "also=W:Forest/Plains"],
    "Command Tower": ["adds=*"], "Path of Ancestry": ["tapped=1", "adds=*"],
    "Exotic Orchard": ["adds=?"],  # an opponent's lands' colours: generic mana in a goldfish
    "Azorius Chancery": ["unread=1"],  # it returns a land: beyond the facts
    "Gemstone Caverns": ["unread=1"],
    "Cavern of Souls": ["unread=1"],  # its coloured mana only for creatures of a type
    "Mirrex": ["unread=1"],  # any colour only the turn it entered
    # modal double-faced cards: the land face's facts
    "Emeria's Call // Emeria, Shattered Skyclave": ["back-tapped=life:3"],
    "Agadeem's Awakening // Agadeem, the Undercrypt": ["back-tapped=life:3"],
    "Sea Gate Restoration // Sea Gate, Reborn": ["back-tapped=life:3"],
    "Fell the Profane // Fell Mire": ["back-tapped=life:3"],
    "Valakut Awakening // Valakut Stoneforge": ["back-tapped=1"],
    "Bala Ged Recovery // Bala Ged Sanctuary": ["back-tapped=1"],
    "Jwari Disruption // Jwari Ruins": ["back-tapped=1"],
    "Blightstep Pathway // Searstep Pathway": ["adds=B", "back-adds=R"],  # one face or the other
    "Hengegate Pathway // Mistgate Pathway": ["adds=W", "back-adds=U"],
    # rocks
    "Sol Ring": ["adds=C.C"], "Mana Crypt": ["adds=C.C"], "Mind Stone": ["adds=C"], "Thought Vessel": ["adds=C"],
    "Arcane Signet": ["adds=*"], "Commander's Sphere": ["adds=*"], "Fellwar Stone": ["adds=?"],
    "Worn Powerstone": ["tapped=1", "adds=C.C"], "Fire Diamond": ["tapped=1", "adds=R"],
    "Coldsteel Heart": ["tapped=1", "adds=WUBRG"],  # the colour chosen as it enters
    "Jeskai Banner": ["adds=WUR"],
    "Chromatic Lantern": ["unread=1"],  # it also makes every land any colour
    "Wayfarer's Bauble": ["unread=1"],  # {2} to find a land: not read
    "Black Lotus": ["unread=1"],
    **{f"{guild} Signet": ["adds=" + ".".join(sorted(pair, key="WUBRG".find)), "pay=1"] for guild, pair in
       (("Azorius", "WU"), ("Dimir", "UB"), ("Rakdos", "BR"), ("Gruul", "RG"), ("Selesnya", "GW"),
        ("Orzhov", "WB"), ("Izzet", "UR"), ("Golgari", "BG"), ("Boros", "RW"), ("Simic", "GU"))},
    **{f"Talisman of {name}": ["adds=" + "".join(c for c in "WUBRGC" if c in pair + "C")] for name, pair in
       (("Progress", "WU"), ("Dominance", "UB"), ("Indulgence", "BR"), ("Impulse", "RG"), ("Unity", "GW"),
        ("Hierarchy", "WB"), ("Creativity", "UR"), ("Resilience", "BG"), ("Conviction", "RW"), ("Curiosity", "GU"))},
    # dorks
    "Llanowar Elves": ["adds=G"], "Elvish Mystic": ["adds=G"], "Fyndhorn Elves": ["adds=G"],
    "Birds of Paradise": ["adds=WUBRG"], "Paradise Druid": ["adds=WUBRG"], "Noble Hierarch": ["adds=WUG"],
    "Avacyn's Pilgrim": ["adds=W"], "Elves of Deep Shadow": ["adds=B"],
    "Priest of Titania": ["unread=1"], "Elvish Archdruid": ["unread=1"],  # as many as Elves
    "Birchlore Rangers": ["unread=1"], "Heritage Druid": ["unread=1"],  # other Elves tap for it
    "Bloom Tender": ["unread=1"], "Incubation Druid": ["unread=1"],
    "Delighted Halfling": ["unread=1"],  # any colour only for legendary spells
    # ramp spells
    "Rampant Growth": ["finds=basic,tapped"], "Three Visits": ["finds=Forest"], "Nature's Lore": ["finds=Forest"],
    "Farseek": ["finds=Plains/Island/Swamp/Mountain,tapped"], "Skyshroud Claim": ["finds=Forest,count2"],
    "Cultivate": ["finds=basic,tapped,hand1"], "Kodama's Reach": ["finds=basic,tapped,hand1"],
    "Sakura-Tribe Elder": ["finds=basic,tapped"],
    # cards with no mana facts at all
    "Lightning Bolt": [], "Ragavan, Nimble Pilferer": [], "Mountain": [], "Forest": [], "Wastes": [],
    "Smothering Tithe": [],  # a Treasure's mana is in its reminder text: not this card's ability
    "Chord of Calling": [],  # it searches for a creature card: not a land
}
# fmt: on


def mana_pairs(card: dict[str, Any]) -> list[str]:
    facts = read_card(card)
    return encode(facts) if facts is not None else []


def test_the_fixtures_hold_the_cards_of_every_kind() -> None:
    assert len(EXPECTED) >= 40
    assert [name for name in EXPECTED if name not in CARDS] == []


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_a_cards_oracle_text_gives_the_facts_a_player_reads(name: str) -> None:
    assert mana_pairs(CARDS[name]) == EXPECTED[name]


@pytest.mark.parametrize(
    ("name", "text", "produced", "pairs"),
    [
        ("Boros Guildgate", "Boros Guildgate enters the battlefield tapped.\n{T}: Add {R} or {W}.", "RW", ["tapped=1"]),
        ("Sacred Foundry", "As Sacred Foundry enters the battlefield, you may pay 2 life. If you don't, it enters the "
         "battlefield tapped.", "RW", ["tapped=life:2"]),
        ("Glacial Fortress", "Glacial Fortress enters the battlefield tapped unless you control a Plains or an Island."
         "\n{T}: Add {W} or {U}.", "WU", ["tapped=control:Plains/Island"]),
        ("Arid Mesa", "{T}, Pay 1 life, Sacrifice Arid Mesa: Search your library for a Mountain or Plains card and "
         "put it onto the battlefield. Then shuffle your library.", "", ["finds=Mountain/Plains,life1"]),
        ("Evolving Wilds", "{T}, Sacrifice Evolving Wilds: Search your library for a basic land card and put it onto "
         "the battlefield tapped. Then shuffle your library.", "", ["finds=basic,tapped"]),
        ("Den of the Bugbear", "If you control two or more other lands, Den of the Bugbear enters the battlefield "
         "tapped.\n{T}: Add {R}.", "R", ["tapped=few:1"]),
        ("Talisman of Progress", "{T}: Add {C}.\n{T}: Add {W} or {U}. Talisman of Progress deals 1 damage to you.",
         "WUC", ["adds=WUC"]),
    ],
)  # fmt: skip
def test_the_older_templating_reads_the_same(name: str, text: str, produced: str, pairs: list[str]) -> None:
    """Oracle text before the 2024 update: "enters the battlefield", the card's own name."""
    type_line = "Artifact" if name.startswith("Talisman") else "Land"
    card = {"name": name, "type_line": type_line, "oracle_text": text, "produced_mana": list(produced)}
    assert mana_pairs(card) == pairs


def test_the_facts_travel_in_the_row_and_come_back_from_the_database() -> None:
    names = ["Arid Mesa", "Sol Ring", "Azorius Signet", "Sacred Foundry", "Emeria's Call // Emeria, Shattered Skyclave",
             "Gloomlake Verge", "Cultivate", "Priest of Titania", "Lightning Bolt"]  # fmt: skip
    rows = sorted(row for name in names if (row := card_row(CARDS[name])) is not None)
    head = "\t".join(("opening-hand-cards", "1", "2026-11-20", str(len(rows)), ",".join(FORMATS)))
    db = CardDatabase.parse(head + "\n" + "\n".join(rows) + "\n")
    for name in names:
        info = db.info(name)
        assert info is not None
        assert info.mana == read_card(CARDS[name]), name
    assert db.info("Emeria, Shattered Skyclave").mana.back.tapped.number == 3  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "pairs",
    [
        {"tapped": "maybe"}, {"tapped": "control:Plains/Swampy"}, {"adds": "XYZ"}, {"adds": "W.W.W.W.W.W.W.W.W"},
        {"pay": "-1"}, {"pay": "99"}, {"finds": "basic,tapped,wings"}, {"finds": "basicland"}, {"also": "B:"},
        {"finds": "Mountain,count0"}, {"tapped": "few:１"},
    ],
)  # fmt: skip
def test_a_value_this_version_cannot_read_makes_the_card_unread_never_an_error(pairs: dict[str, str]) -> None:
    assert decode(pairs) == ManaFacts(unread=True)


@pytest.mark.parametrize(
    ("text", "unread"),
    [
        ("", False),
        ("(\u202e{T}: Add {C}{C}.)", False),  # reminder text: not an ability
        ("{T}: Add " + "{C}" * 5000 + ".", True),  # longer than any card's text
        ("Search your library for " + "a Forest, " * 300 + "card, put it onto the battlefield, then shuffle.", True),
        ("This land enters tapped unless you control " + "a Forest or " * 200 + "a Plains.", True),
        ("{T}: Add {Q}.", True),
        ("{T}: Add one mana of any color that a goblin dreams of.", True),
        ("{T}, Sacrifice this: Search your library for up to X basic land cards, put them onto the battlefield, then "
         "shuffle.", True),
        ("This land enters tapped unless a player has 13 or less life.", True),
    ],
)  # fmt: skip
def test_hostile_or_unknown_text_is_unread_or_nothing_never_an_exception(text: str, unread: bool) -> None:
    for type_line in ("Land", "Artifact", "Creature — Elf", "Instant", ""):
        facts = read_card({"name": "Hostile", "type_line": type_line, "oracle_text": text})
        assert (facts is not None and facts.unread) == unread, (type_line, facts)


def test_what_is_not_a_card_gives_no_facts() -> None:
    assert read_card({}) is None
    assert read_card({"name": 5, "oracle_text": ["no"], "card_faces": "x"}) is None
