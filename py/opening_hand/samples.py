"""Sample decks, one for each format (the page offers them; tests check they are legal).

The constructed sample is also the decklist index.html shows before Python has loaded;
tests/engine/test_page_files.py checks the two stay the same.
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
    "commander": """\
Commander
1 Krenko, Mob Boss

Deck
1 Legion Loyalist
1 Goblin Lackey
1 Skirk Prospector
1 Mogg Fanatic
1 Goblin Bombardment
1 Goblin Chieftain
1 Goblin King
1 Goblin Warchief
1 Goblin Matron
1 Goblin Ringleader
1 Goblin Rabblemaster
1 Beetleback Chief
1 Siege-Gang Commander
1 Goblin Instigator
1 Legion Warboss
1 Krenko, Tin Street Kingpin
1 Conspicuous Snoop
1 Goblin Recruiter
1 Goblin Piledriver
1 Mogg War Marshal
1 Battle Cry Goblin
1 Goblin Sharpshooter
1 Goblin Trashmaster
1 Goblin Goon
1 Goblin Sledder
1 Goblin Settler
1 Mogg Infestation
1 Hordeling Outburst
1 Dragon Fodder
1 Krenko's Command
1 Goblin Rally
1 Empty the Warrens
1 Purphoros, God of the Forge
1 Impact Tremors
1 Shared Animosity
1 Coat of Arms
1 Skullclamp
1 Sol Ring
1 Arcane Signet
1 Mind Stone
1 Fire Diamond
1 Thought Vessel
1 Lightning Greaves
1 Swiftfoot Boots
1 Chaos Warp
1 Blasphemous Act
1 Vandalblast
1 Lightning Bolt
1 Chain Lightning
1 Faithless Looting
1 Wheel of Fortune
1 Shock
1 Abrade
1 Smash to Smithereens
1 Rift Bolt
1 Skewer the Critics
1 Searing Blood
1 Fling
1 Volcanic Hammer
1 Lava Spike
1 Goblin Guide
1 Monastery Swiftspear
33 Mountain
1 Castle Embereth
1 Den of the Bugbear
1 Sunbaked Canyon
1 Inspiring Vantage""",
    "brawl": """\
Commander
1 Krenko, Tin Street Kingpin

Deck
1 Legion Loyalist
1 Goblin Lackey
1 Skirk Prospector
1 Mogg Fanatic
1 Goblin Bombardment
1 Goblin Chieftain
1 Goblin King
1 Goblin Warchief
1 Goblin Matron
1 Goblin Ringleader
1 Goblin Rabblemaster
1 Beetleback Chief
1 Siege-Gang Commander
1 Goblin Instigator
1 Legion Warboss
1 Conspicuous Snoop
1 Goblin Recruiter
1 Goblin Piledriver
1 Mogg War Marshal
1 Battle Cry Goblin
1 Goblin Sharpshooter
1 Goblin Trashmaster
1 Goblin Goon
1 Goblin Sledder
1 Goblin Settler
1 Mogg Infestation
1 Hordeling Outburst
1 Dragon Fodder
1 Krenko's Command
1 Goblin Rally
1 Empty the Warrens
1 Purphoros, God of the Forge
1 Impact Tremors
1 Shared Animosity
1 Coat of Arms
21 Mountain
1 Castle Embereth
1 Den of the Bugbear
1 Sunbaked Canyon""",
    "archenemy": BURN + SCHEME_DECK,
    "vanguard": BURN,
    "planechase": BURN + PLANAR_DECK,
    "conspiracy": LIMITED + CONSPIRACIES,
}
