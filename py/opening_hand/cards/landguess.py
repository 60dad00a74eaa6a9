"""Which unknown cards are likely lands: a first guess for the player to confirm.

When the card data does not know a card, the page cannot tell whether it is a land, and
the land counts, the outlook and the verdict are wrong until it knows. The player can look
the cards up on Scryfall or, offline, mark the lands by hand; this module pre-ticks the
cards that are probably lands, so that marking them is one click to confirm. A guess, never
a fact: nothing here counts a card as a land unless the player confirms it.

A card is a likely land when the decklist's own section says so (``Lands (36)`` in a
Moxfield or Archidekt export: ``Decklist.type_hints``), when it belongs to one of the named
cycles of lands (fetch lands, shock lands, …), or when its name ends with a word lands are
named with ("Rockface Village", "Wooded Foothills", "Command Tower"). Names whose last word
is such a word are guessed only when it does not follow "the" ("Torch the Tower" is a spell);
words that name as many spells as lands ("Forge", "Garden") are left to the cycles.

>>> likely_land("Wooded Foothills"), likely_land("Rockface Village"), likely_land("Village Rites")
('a fetch land', 'a land word in its name (Village)', None)
>>> likely_land("Agadeem's Awakening // Agadeem, the Undercrypt"), likely_land("Lightning Bolt", hinted=True)
(None, 'the decklist lists it under lands')
"""

from __future__ import annotations

from opening_hand.cards import normalise

# The last word of many land names, and the first words of a few ("Temple of Malady").
LAND_WORDS = frozenset((
    "Foothills", "Village", "Tower", "Towers", "Port", "Catacombs", "Catacomb", "Grove", "Harbor", "Fortress",
    "Chapel", "Cemetery", "Orchard", "Pool", "Headquarters", "Triome", "Canyon", "Mesa", "Heath", "Delta",
    "Rainforest", "Tarn", "Strand", "Flats", "Mire", "Expanse", "Wilds", "Barrens", "Landscape", "Bastion", "Crag",
    "Falls", "Vista", "Stream", "Hollow", "Ruins", "Garrison", "Sanctuary", "Citadel", "Stronghold", "Outpost",
    "Ridge", "Peaks", "Crossroads", "Wastes", "Marsh", "Bog", "Lagoon", "Glade", "Thicket", "Quarry", "Caverns",
    "Cavern", "Grotto", "Spire", "Vale", "Ziggurat", "Tomb", "Crypt", "Shrine", "Highlands", "Lowlands", "Shore",
    "Coast", "Reef", "Springs", "Basin", "Dunes", "Oasis", "Island", "Isle", "Cove", "Grounds", "Fens", "Fen",
    "Keep", "Manor", "Ramparts", "Palace", "Verge", "Pathway", "Courtyard", "Promenade", "Hideaway", "Lair",
    "Spring", "Tundra", "Savannah", "Plateau", "Taiga", "Badlands", "Bayou", "Scrubland", "Skyclave",
))  # fmt: skip
LAND_STARTS = ("Temple of ", "Halls of ")
NOT_LANDS = frozenset(
    normalise(name)
    for name in (
        "Rampant Growth", "Cultivate", "Farseek", "Path to Exile", "Swords to Plowshares", "Crop Rotation",
        "Lay of the Land", "Harrow", "Stone Rain", "Wrath of God", "Blood Moon", "Land Tax", "Armageddon",
        "Sacred Mesa", "Nature's Lore", "Three Visits", "Kodama's Reach", "Explosive Vegetation", "Howling Mine",
        "Darksteel Forge", "Castle Siege",
    )
)  # fmt: skip
# Named cycles of lands, by what players call them (names as Scryfall spells them).
CYCLES: dict[str, tuple[str, ...]] = {
    "a fetch land": (
        "Arid Mesa", "Bloodstained Mire", "Flooded Strand", "Marsh Flats", "Misty Rainforest", "Polluted Delta",
        "Scalding Tarn", "Verdant Catacombs", "Windswept Heath", "Wooded Foothills", "Prismatic Vista",
        "Fabled Passage", "Evolving Wilds", "Terramorphic Expanse",
    ),
    "a shock land": (
        "Blood Crypt", "Breeding Pool", "Godless Shrine", "Hallowed Fountain", "Overgrown Tomb", "Sacred Foundry",
        "Steam Vents", "Stomping Ground", "Temple Garden", "Watery Grave",
    ),
    "an original dual land": (
        "Badlands", "Bayou", "Plateau", "Savannah", "Scrubland", "Taiga", "Tropical Island", "Tundra",
        "Underground Sea", "Volcanic Island",
    ),
    "a check land": (
        "Clifftop Retreat", "Dragonskull Summit", "Drowned Catacomb", "Glacial Fortress", "Hinterland Harbor",
        "Isolated Chapel", "Rootbound Crag", "Sulfur Falls", "Sunpetal Grove", "Woodland Cemetery",
    ),
    "a pain land": (
        "Adarkar Wastes", "Battlefield Forge", "Brushland", "Caves of Koilos", "Karplusan Forest", "Llanowar Wastes",
        "Shivan Reef", "Sulfurous Springs", "Underground River", "Yavimaya Coast",
    ),
    "a fast land": (
        "Blackcleave Cliffs", "Blooming Marsh", "Botanical Sanctum", "Concealed Courtyard", "Copperline Gorge",
        "Darkslick Shores", "Inspiring Vantage", "Razorverge Thicket", "Seachrome Coast", "Spirebluff Canal",
    ),
    "a slow land": (
        "Deathcap Glade", "Deserted Beach", "Dreamroot Cascade", "Haunted Ridge", "Overgrown Farmland",
        "Rockfall Vale", "Shattered Sanctum", "Shipwreck Marsh", "Stormcarved Coast", "Sundown Pass",
    ),
    "a surveil land": (
        "Commercial District", "Elegant Parlor", "Hedge Maze", "Lush Portico", "Meticulous Archive",
        "Raucous Theater", "Shadowy Backstreet", "Thundering Falls", "Undercity Sewers", "Underground Mortuary",
    ),
    "a horizon land": (
        "Fiery Islet", "Horizon Canopy", "Nurturing Peatland", "Silent Clearing", "Sunbaked Canyon",
        "Waterlogged Grove",
    ),
    "a triome": (
        "Indatha Triome", "Jetmir's Garden", "Ketria Triome", "Raffine's Tower", "Raugrin Triome", "Savai Triome",
        "Spara's Headquarters", "Xander's Lounge", "Zagoth Triome", "Ziatora's Proving Ground",
    ),
    "a pathway": (
        "Barkchannel Pathway", "Blightstep Pathway", "Branchloft Pathway", "Brightclimb Pathway",
        "Clearwater Pathway", "Cragcrown Pathway", "Darkbore Pathway", "Hengegate Pathway", "Needleverge Pathway",
        "Riverglide Pathway",
    ),
    "a utility land": (
        "Arena of Glory", "Command Tower", "Exotic Orchard", "Path of Ancestry", "Reflecting Pool", "City of Brass",
        "Mana Confluence", "Urborg, Tomb of Yawgmoth", "Gaea's Cradle", "Ancient Tomb", "Urza's Saga",
        "Boseiju, Who Endures", "Otawara, Soaring City", "Takenuma, Abandoned Mire", "Eiganjo, Seat of the Empire",
        "Sokenzan, Crucible of Defiance", "Field of the Dead", "Bojuka Bog", "Reliquary Tower", "Karn's Bastion",
        "Myriad Landscape", "War Room", "Castle Embereth", "Den of the Bugbear", "Mutavault", "Cavern of Souls",
        "Vault of the Archangel", "Rogue's Passage", "Strip Mine", "Wasteland", "Ash Barrens", "Fetid Pools",
        "Canopy Vista", "Cinder Glade", "Prairie Stream", "Smoldering Marsh", "Sunken Hollow", "Castle Ardenvale",
        "Castle Locthwain", "Castle Vantress", "Castle Garenbrig", "City of Traitors", "Mystic Sanctuary",
    ),
}  # fmt: skip
_CYCLE_OF = {normalise(name): cycle for cycle, names in CYCLES.items() for name in names}


def likely_land(name: str, hinted: bool = False) -> str | None:
    """Why a card the card data does not know is probably a land, or None. ``hinted``: the
    decklist lists it under lands. The front face decides for a card with faces (a modal
    double-faced spell with a land on its back is not guessed)."""
    if hinted:
        return "the decklist lists it under lands"
    key = normalise(name)
    front = name.split(" // ")[0].strip()
    cycle = _CYCLE_OF.get(key) or _CYCLE_OF.get(normalise(front))
    if cycle is not None:
        return cycle
    if key in NOT_LANDS or normalise(front) in NOT_LANDS:
        return None
    if front.startswith(LAND_STARTS):
        return "a land word in its name (" + front.split()[0] + ")"
    words = front.replace(",", " ").split()
    if len(words) > 1 and words[-1] in LAND_WORDS and words[-2].casefold() != "the":  # not "Torch the Tower"
        return f"a land word in its name ({words[-1]})"
    return None
