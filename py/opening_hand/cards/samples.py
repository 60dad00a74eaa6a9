"""Sample decks, one for each format (the page offers them; tests check they are legal).

The constructed sample is also the decklist index.html shows before Python has loaded;
tests/page/test_page_files.py checks the two stay the same.
"""

BURN = """\
4 Goblin Guide
4 Monastery Swiftspear
4 Eidolon of the Great Revel
4 Lightning Bolt
4 Chain Lightning
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Boros Charm
4 Lightning Helix
4 Inspiring Vantage
4 Sacred Foundry
4 Sunbaked Canyon
7 Mountain
1 Plains

Sideboard
3 Path to Exile
2 Smash to Smithereens
4 Kor Firewalker
3 Deflecting Palm
3 Searing Blood"""

LIMITED = """\
9 Mountain
8 Forest
2 Llanowar Elves
2 Grizzly Bears
2 Giant Growth
2 Shock
2 Hill Giant
1 Raging Goblin
1 Craw Wurm
1 Lightning Bolt
2 Rampant Growth
2 Centaur Courser
2 Goblin Piker
1 Fling
1 Titanic Growth
2 Volcanic Hammer"""

PLANAR_DECK = """\


Planar deck
1 Academy at Tolaria West
1 Bant
1 Cliffside Market
1 Eloren Wilds
1 The Fourth Sphere
1 Goldmeadow
1 Krosa
1 Llanowar
1 Chaotic Aether
1 Interplanar Tunnel"""

SCHEME_DECK = """\


Scheme deck
1 All in Good Time
1 Approach My Molten Realm
1 Behold the Power of Destruction
1 Choose Your Champion
1 Dance, Pathetic Marionette
1 The Dead Shall Serve
1 A Display of My Dark Power
1 Embrace My Diabolical Vision
1 Every Hope Shall Vanish
1 Feed the Machine
1 I Bask in Your Silent Awe
1 I Call on the Ancient Magics
1 I Delight in Your Convulsions
1 I Know All, I See All
1 Ignite the Cloneforge!
1 Into the Earthen Maw
1 Introductions Are in Order
1 Look Skyward and Despair
1 May Civilization Collapse
1 Mortal Flesh Is Weak"""

CONSPIRACIES = """\


Sideboard
1 Power Play
1 Backup Plan
2 Shock
1 Hill Giant"""

# One pool of red singleton cards for both commander samples.
GOBLINS = (
    "Legion Loyalist",
    "Goblin Lackey",
    "Skirk Prospector",
    "Mogg Fanatic",
    "Goblin Bombardment",
    "Goblin Chieftain",
    "Goblin King",
    "Goblin Warchief",
    "Goblin Matron",
    "Goblin Ringleader",
    "Goblin Rabblemaster",
    "Beetleback Chief",
    "Siege-Gang Commander",
    "Goblin Instigator",
    "Legion Warboss",
    "Krenko, Tin Street Kingpin",
    "Conspicuous Snoop",
    "Goblin Recruiter",
    "Goblin Piledriver",
    "Mogg War Marshal",
    "Battle Cry Goblin",
    "Goblin Sharpshooter",
    "Goblin Trashmaster",
    "Goblin Goon",
    "Goblin Sledder",
    "Goblin Settler",
    "Mogg Infestation",
    "Hordeling Outburst",
    "Dragon Fodder",
    "Krenko's Command",
    "Goblin Rally",
    "Empty the Warrens",
    "Purphoros, God of the Forge",
    "Impact Tremors",
    "Shared Animosity",
    "Coat of Arms",
    "Skullclamp",
    "Sol Ring",
    "Arcane Signet",
    "Mind Stone",
    "Fire Diamond",
    "Thought Vessel",
    "Lightning Greaves",
    "Swiftfoot Boots",
    "Chaos Warp",
    "Blasphemous Act",
    "Vandalblast",
    "Lightning Bolt",
    "Chain Lightning",
    "Faithless Looting",
    "Wheel of Fortune",
    "Shock",
    "Abrade",
    "Smash to Smithereens",
    "Rift Bolt",
    "Skewer the Critics",
    "Searing Blood",
    "Fling",
    "Volcanic Hammer",
    "Lava Spike",
    "Goblin Guide",
    "Monastery Swiftspear",
)

COMMANDER = (
    "Commander\n1 Krenko, Mob Boss\n\nDeck\n"
    + "".join(f"1 {name}\n" for name in GOBLINS)
    + """\
33 Mountain
1 Castle Embereth
1 Den of the Bugbear
1 Sunbaked Canyon
1 Inspiring Vantage"""
)

BRAWL = (
    "Commander\n1 Krenko, Tin Street Kingpin\n\nDeck\n"
    + "".join([f"1 {name}\n" for name in GOBLINS if name != "Krenko, Tin Street Kingpin"][:35])
    + """\
21 Mountain
1 Castle Embereth
1 Den of the Bugbear
1 Sunbaked Canyon"""
)

SAMPLES: dict[str, str] = {
    "constructed": BURN,
    "limited": LIMITED,
    "multiplayer": """\
4 Leyline of Sanctity
4 Chancellor of the Forge
4 Gemstone Caverns
4 Serum Powder
4 Goblin Guide
4 Monastery Swiftspear
4 Eidolon of the Great Revel
4 Lightning Bolt
4 Chain Lightning
4 Lava Spike
4 Rift Bolt
4 Skewer the Critics
4 Boros Charm
4 Lightning Helix
4 Inspiring Vantage
4 Sacred Foundry
4 Sunbaked Canyon
10 Mountain
2 Plains

Companion
1 Yorion, Sky Nomad""",
    "two-headed-giant": BURN,
    "commander": COMMANDER,
    "brawl": BRAWL,
    "archenemy": BURN + SCHEME_DECK,
    "vanguard": BURN,
    "planechase": BURN + PLANAR_DECK,
    "conspiracy": LIMITED + CONSPIRACIES,
}
