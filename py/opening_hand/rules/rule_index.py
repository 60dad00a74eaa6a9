"""The project's own index of the rules it cites: for every text an edition follows, each rule
number (or section) and what it covers, in our own words, with the engine's steps it allows.

The engine cites a step by the number its edition's text gives it (``Edition.cite``); this
index says what that number means in that text, so a citation can be checked without the
texts themselves (a user's clone has no copy of them). ``tests/engine/test_citations.py``
checks every event of random games in every edition against it, and, where the texts are at
hand, the index against the texts.

How a citation names its text (:func:`find`):

* ``103.5`` - the current text, the Comprehensive Rules as published in 2025;
* ``current 103.2b`` - the same, cited by an older edition for what its own text lacks;
* ``2019–23 103.4``, ``2017 103.4``, ``2008 101.4``, ``2001 P.1.7`` - an older text, by its label;
* ``Mulligan article: London mulligan``, ``House rule: Partial Paris`` - the encyclopedia
  article on the mulligan, a section of it or a house rule it describes;
* ``Arena model: …`` - the published model of Arena's best-of-one hands (:mod:`.arena`);
* ``CR 504.1`` - a rule outside 103 (practice turns after the game has begun).

>>> find("103.5").steps >= {"mulligan", "draw", "bottom"}
True
>>> find("2019–23 103.4").covers[:40]
'Draw the starting hand; the London mulli'
>>> find("current 103.2d").steps
frozenset({'stickers'})
"""

from __future__ import annotations

from dataclasses import dataclass

from opening_hand.rules.arena import MODELS
from opening_hand.rules.editions import ARTICLE, EARLIER_LABEL, HOUSE


@dataclass(frozen=True, slots=True)
class Entry:
    """One rule of one text: its number, what it covers (our words) and the steps it allows."""

    number: str
    covers: str
    steps: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class RulesText:
    """One text the engine cites: how citations name it, what it is, where its copy would be."""

    label: str
    title: str
    source: str  # the file in ../shared/rules/ it is compared with ("" for none)
    entries: dict[str, Entry]
    complete: bool = True  # every rule of the text's section is listed (False: only the parts cited)


def _entries(*rows: tuple[str, str, str]) -> dict[str, Entry]:
    """``(number, steps separated by spaces, what it covers)`` rows as entries by number."""
    return {number: Entry(number, covers, frozenset(steps.split())) for number, steps, covers in rows}


# The Comprehensive Rules as published in 2025 (cr-2025-103.txt).
CR_2025 = _entries(
    ("103", "header", "Starting the game: the section itself."),
    (
        "103.1",
        "chooser choose",
        "Who decides who goes first (any fair method in a match's first game, else the "
        "previous game's loser or, after a draw, the same chooser); the starting player; turn order runs clockwise.",
    ),
    ("103.1a", "team-start", "With shared team turns a team, not a player, starts."),
    ("103.1b", "archenemy-start", "The archenemy always takes the first turn."),
    ("103.1c", "power-play", "Power Play makes its controller the starting player, over whatever was decided."),
    ("103.2", "", "Steps some games take once the starting player is known, done in the order a to e."),
    (
        "103.2a",
        "sideboard",
        "Sideboards and cards stood in for by substitutes are set aside; what is left is the starting deck.",
    ),
    (
        "103.2b",
        "companion",
        "A player may reveal one companion they own from outside the game if the deck meets "
        "its condition; it stays outside the game.",
    ),
    ("103.2c", "commander", "Commander: each commander goes from the deck to the command zone, face up."),
    (
        "103.2d",
        "stickers",
        "Sticker sheets: in constructed, three of a player's sheets are chosen at random; in "
        "limited, the player picks up to three from their product; either way they are revealed and stay so.",
    ),
    ("103.2e", "conspiracy", "Conspiracy Draft: any number of conspiracies go from the sideboard to the command zone."),
    (
        "103.3",
        "shuffle",
        "Each deck is shuffled into a random order, opponents may shuffle or cut it, and it "
        "becomes its owner's library.",
    ),
    (
        "103.3a",
        "supplementary",
        "Supplementary decks (planar, scheme …) are shuffled by their owners too, and "
        "opponents may shuffle or cut them.",
    ),
    ("103.4", "life", "Starting life is 20 unless a variant says otherwise."),
    ("103.4a", "life-2hg", "Two-Headed Giant: 30 life per team."),
    ("103.4b", "life-vanguard", "Vanguard: 20 life adjusted by the vanguard's life modifier."),
    ("103.4c", "life-commander", "Commander: 40 life."),
    ("103.4d", "life-brawl", "Brawl: 25 life with two players, 30 with more."),
    ("103.4e", "life-archenemy", "Archenemy: the archenemy has 40 life."),
    (
        "103.5",
        "draw mulligan bottom",
        "Draw the starting hand (normally seven); the London mulligan: declare in "
        "turn order, mulligan together, shuffle the hand in, draw a full hand and bottom one card per mulligan; "
        "keeping ends it; no mulligan once the hand would be empty.",
    ),
    ("103.5a", "hand-vanguard", "Vanguard: seven cards adjusted by the vanguard's hand modifier."),
    (
        "103.5b",
        "any-time",
        "An action allowed whenever a player could mulligan (Serum Powder) is taken when "
        "declaring, then the player declares.",
    ),
    (
        "103.5c",
        "free free-brawl",
        "In multiplayer games and in every Brawl game the first mulligan is free: it "
        "neither adds a card to the bottom nor counts against the limit.",
    ),
    (
        "103.5d",
        "team-declare",
        "Shared team turns: the starting team's players declare first, then each other "
        "team; teammates may talk it over; mulligans are taken together.",
    ),
    (
        "103.6",
        "opening",
        "Actions from the opening hand, once the mulligans are done: the starting player "
        "first, then the others in turn order.",
    ),
    ("103.6a", "battlefield", "A card that may begin the game on the battlefield is put there."),
    ("103.6b", "reveal", "A card revealed from the opening hand stays revealed until the first turn, and only once."),
    (
        "103.6c",
        "team-opening",
        "Shared team turns: the starting team's players act in the order the team likes, then each other team's.",
    ),
    (
        "103.7",
        "plane",
        "Planechase: the starting player turns planar cards over until a plane appears "
        "(phenomena go to the bottom); it is the starting plane.",
    ),
    ("103.8", "first-turn", "The starting player takes the first turn."),
    ("103.8a", "skip-two-player", "Two players: whoever plays first skips their first draw."),
    ("103.8b", "skip-2hg", "Two-Headed Giant: the team that plays first skips its first draw."),
    ("103.8c", "skip-none", "Any other multiplayer game: nobody skips the first draw."),
)

# The text before it (000_…), numbered as from 2019 to 2023.
CR_EARLIER = _entries(
    ("103", "header", "Starting the game: the section itself."),
    ("103.1", "chooser choose", "Who decides who goes first; the starting player; clockwise turn order."),
    ("103.1a", "team-start", "With shared team turns a team starts."),
    ("103.1b", "archenemy-start", "The archenemy takes the first turn."),
    ("103.1c", "power-play", "Power Play's controller is the starting player, over what was decided."),
    (
        "103.2",
        "shuffle",
        "Once the starting player is known the decks are shuffled (opponents may shuffle or cut) and become libraries.",
    ),
    ("103.2a", "sideboard", "Sideboards and substitute-card stand-ins are set aside before shuffling."),
    (
        "103.2b",
        "companion",
        "One companion may be revealed from outside the game, once the sideboard is set "
        "aside, if the deck meets its condition.",
    ),
    (
        "103.2c",
        "commander",
        "Commander: the commander goes to the command zone after the companion step and before shuffling.",
    ),
    (
        "103.2d",
        "conspiracy",
        "Conspiracy Draft: conspiracies go from the sideboard to the command zone before shuffling.",
    ),
    ("103.3", "life", "Starting life is 20 unless a variant says otherwise."),
    ("103.3a", "life-2hg", "Two-Headed Giant: 30 per team."),
    ("103.3b", "life-vanguard", "Vanguard: 20 adjusted by the life modifier."),
    ("103.3c", "life-commander", "Commander: 40 life."),
    ("103.3d", "life-brawl", "Brawl: 25 with two players, 30 with more."),
    ("103.3e", "life-archenemy", "Archenemy: the archenemy has 40."),
    (
        "103.4",
        "draw mulligan bottom",
        "Draw the starting hand; the London mulligan (declare in turn order, "
        "mulligan together, draw a full hand, bottom one card per mulligan); no mulligan once the hand would be "
        "empty.",
    ),
    ("103.4a", "hand-vanguard", "Vanguard: seven adjusted by the hand modifier."),
    ("103.4b", "any-time", "Actions allowed whenever one could mulligan come before the declaration."),
    ("103.4c", "free free-brawl", "Multiplayer and Brawl: the first mulligan is free."),
    (
        "103.4d",
        "team-declare",
        "Shared team turns: the starting team declares first, then the others; mulligans together.",
    ),
    ("103.5", "opening", "Opening-hand actions after the mulligans, starting player first."),
    ("103.5a", "battlefield", "Cards that begin the game on the battlefield go there."),
    ("103.5b", "reveal", "Cards revealed from the opening hand stay revealed until the first turn, once each."),
    ("103.5c", "team-opening", "Shared team turns: the starting team acts in its chosen order, then the others."),
    ("103.6", "plane", "Planechase: turn planar cards over until a plane; phenomena go to the bottom."),
    ("103.7", "first-turn", "The starting player takes the first turn."),
    ("103.7a", "skip-two-player", "Two players: the first player skips their first draw."),
    ("103.7b", "skip-2hg", "Two-Headed Giant: the first team skips its first draw."),
    ("103.7c", "skip-none", "Other multiplayer games: nobody skips it."),
)

# The Comprehensive Rules of about 2017 (002_…): the Vancouver mulligan.
CR_2017 = _entries(
    ("103", "header", "Starting the game: the section itself."),
    ("103.1", "shuffle", "First each deck is shuffled (opponents may shuffle or cut) and becomes a library."),
    ("103.1a", "sideboard", "Sideboards and checklist-card stand-ins are set aside before shuffling."),
    ("103.1b", "commander", "Commander: the commander goes to the command zone before shuffling."),
    ("103.1c", "conspiracy", "Conspiracy Draft: conspiracies go to the command zone before shuffling."),
    ("103.2", "chooser choose", "After shuffling, who decides who goes first; the starting player; turn order."),
    ("103.2a", "team-start", "With shared team turns a team starts."),
    ("103.2b", "archenemy-start", "The archenemy takes the first turn."),
    ("103.2c", "power-play", "Power Play's controller is the starting player."),
    ("103.3", "life", "Starting life is 20 unless a variant says otherwise."),
    ("103.3a", "life-2hg", "Two-Headed Giant: 30 per team."),
    ("103.3b", "life-vanguard", "Vanguard: 20 adjusted by the life modifier."),
    ("103.3c", "life-commander", "Commander: 40 life."),
    ("103.3d", "life-archenemy", "Archenemy: the archenemy has 40."),
    (
        "103.4",
        "draw mulligan scry",
        "Draw the starting hand; the Vancouver mulligan: declare in turn order, "
        "mulligan together, each new hand one card smaller; keep at zero; then whoever holds fewer cards than "
        "they started with may look at the top card and put it on the bottom.",
    ),
    ("103.4a", "hand-vanguard", "Vanguard: seven adjusted by the hand modifier."),
    ("103.4b", "any-time", "Actions allowed whenever one could mulligan come before the declaration."),
    ("103.4c", "free", "Multiplayer: the first mulligan keeps the hand's size."),
    ("103.4d", "team-declare", "Shared team turns: the starting team declares first; mulligans together."),
    ("103.5", "opening", "Opening-hand actions after the mulligans, starting player first."),
    ("103.5a", "battlefield", "Cards that begin the game on the battlefield go there."),
    ("103.5b", "reveal", "Cards revealed from the opening hand stay revealed until the first turn, once each."),
    ("103.5c", "team-opening", "Shared team turns: the starting team acts in its chosen order, then the others."),
    ("103.6", "plane", "Planechase: turn planar cards over until a plane; phenomena go to the bottom."),
    ("103.7", "first-turn", "The starting player takes the first turn."),
    ("103.7a", "skip-two-player", "Two players: the first player skips their first draw."),
    ("103.7b", "skip-2hg", "Two-Headed Giant: the first team skips its first draw."),
    ("103.7c", "skip-none", "Other multiplayer games: nobody skips it."),
)

# The rulings compilation of March 2008, rule 101 (001_…): the Paris mulligan.
RULINGS_2008 = _entries(
    ("101", "header", "Starting the game: the section itself."),
    ("101.1", "shuffle", "Each deck is shuffled (opponents may shuffle it) and becomes a library."),
    (
        "101.2",
        "chooser choose",
        "After shuffling, an agreed method (or the previous game's loser) settles who chooses the first player.",
    ),
    ("101.3", "life draw", "Once the starting player is known: 20 life each and a hand of seven."),
    ("101.3a", "life-2hg", "Two-Headed Giant: a shared 30 per team."),
    (
        "101.4",
        "mulligan",
        "The Paris mulligan: the starting player takes all their mulligans first, one card "
        "fewer each time down to zero, then each other player in turn order.",
    ),
    ("101.4a", "free", "Multiplayer: the first mulligan draws seven again."),
    (
        "101.4b",
        "team-declare",
        "Two-Headed Giant: a team mulligans together, the starting team first; a "
        "teammate may go on after the other keeps.",
    ),
    (
        "101.5",
        "opening battlefield",
        "After everyone keeps, cards that begin the game in play are put there, starting player first.",
    ),
    ("101.6", "first-turn", "The starting player takes the first turn."),
    ("101.6a", "skip-two-player", "Two players: the first player skips their first draw."),
    (
        "101.6b",
        "skip-2hg skip-none",
        "Two-Headed Giant: the first team skips its first draw; in other multiplayer games nobody does.",
    ),
    (
        "101.Ruling.1",
        "leylines",
        "Leylines: chosen in turn order, revealed and put in play together; the "
        "starting player orders their timestamps.",
    ),
)

# The rulings compilation of 2001, P.1 (004_…).
RULINGS_2001 = _entries(
    ("P.1", "header", "Starting the game: the section itself."),
    ("P.1.1", "shuffle", "Each player shuffles their deck (the opponent may too); it becomes the library."),
    ("P.1.2", "", "Deck sizes: at least 60 constructed, 40 sealed."),
    ("P.1.3", "", "At most four of a card but basic lands in constructed; any number in sealed."),
    (
        "P.1.4",
        "choose first-turn skip-two-player",
        "One player chooses to play or draw; whoever goes first skips their first draw.",
    ),
    ("P.1.5", "chooser", "Who gets that choice: at random in a match's first game, else the previous loser."),
    ("P.1.6", "life draw", "Then each player draws seven and starts at 20 life."),
    (
        "P.1.7",
        "mulligan",
        "The mulligan: shuffle the hand in and draw one fewer, down to zero; the player going "
        "first settles their hand before the next player decides.",
    ),
)

# The encyclopedia article "Mulligan" (003_…), by section; and the house rules it describes.
ARTICLE_SECTIONS = _entries(
    (
        "Original mulligan",
        "mulligan",
        "The first official rule: a hand of no lands or all lands may be shown, "
        "shuffled back and redrawn at seven, once a game.",
    ),
    ("Paris mulligan", "", "One card fewer each time, for any reason, until satisfied or at zero."),
    ("Vancouver mulligan", "", "One card fewer each time; afterwards a player below their starting size may scry 1."),
    (
        "London mulligan",
        "bottom",
        "Seven every time; the cards go to the bottom when the player is satisfied, one per mulligan; no scry.",
    ),
    ("Multiplayer bonus", "", "With more than two players each player's first mulligan is free."),
    (
        "Commander mulligan",
        "",
        "Commander follows the official rule, with the committee's informal advice and the casual variants below.",
    ),
)
HOUSE_RULES = _entries(
    (
        "Commander mulligan",
        "free-house set-aside",
        "The Commander committee's advice: a free first mulligan "
        "with two players too, and rejected hands set aside until one is kept instead of shuffled in each time.",
    ),
    (
        "Partial Paris",
        "mulligan",
        "Set aside any cards and draw that many minus one, as often as liked; the "
        "set-aside cards are shuffled in once a hand is kept.",
    ),
    ("GSS Mull", "draw mulligan", "Draw ten, shuffle back the three least wanted; no mulligans."),
)

# The published models of Arena's best-of-one hands (no text of them is kept: see arena.py).
ARENA_MODELS = {
    model.source.removeprefix("Arena model: "): Entry(
        model.source.removeprefix("Arena model: "),
        f"Arena best-of-one hand smoothing: {model.name}; the cards of every seven come from the candidate kept.",
        frozenset({"smoothing"}),
    )
    for model in MODELS.values()
}

# Rules outside 103 that practice turns cite, and those the trainer's playout follows (goldfish.py,
# playkinds.py: cited in the code, not in the event log).
BEYOND_103 = _entries(
    ("504.1", "turn-draw", "In the draw step the active player draws a card."),
    ("305.2", "turn-land", "A player may normally play one land a turn."),
    (
        "302.6",
        "",
        "A creature's ability with the tap symbol in its cost waits until its controller's turn has "
        "begun with the creature already under their control (summoning sickness).",
    ),
    ("305.6", "", "The basic land types each give a land the ability to tap for one mana of their colour."),
    (
        "712.8a",
        "",
        "Outside the battlefield and the stack, a double-faced card has only its front face's characteristics.",
    ),
    ("903.4", "", "A commander's colour identity; mana tied to it is not made when there is no commander."),
)

TEXTS: dict[str, RulesText] = {
    t.label: t
    for t in (
        RulesText("current", "Comprehensive Rules 103, 2025", "cr-2025-103.txt", CR_2025),
        RulesText(EARLIER_LABEL, "Comprehensive Rules 103, numbered as from 2019 to 2023", "000_*.txt", CR_EARLIER),
        RulesText("2017", "Comprehensive Rules 103, about 2017", "002_*.txt", CR_2017),
        RulesText("2008", "Rulings compilation, rule 101, March 2008", "001_*.txt", RULINGS_2008),
        RulesText("2001", "Rulings compilation, P.1, 2001", "004_*.txt", RULINGS_2001),
        RulesText("article", "Encyclopedia article “Mulligan”", "003_*.txt", ARTICLE_SECTIONS, complete=False),
        RulesText("house", "House rules in the article's Commander section", "003_*.txt", HOUSE_RULES, complete=False),
        RulesText("arena", "Published models of Arena's best-of-one hands", "", ARENA_MODELS),
        RulesText("CR", "Comprehensive Rules beyond 103", "", BEYOND_103, complete=False),
    )
}
ARENA_PREFIX = "Arena model: "


def split(citation: str) -> tuple[RulesText, str]:
    """The text a citation names and the number (or section) in it; KeyError for a text we do not index."""
    for prefix, label in ((ARTICLE, "article"), (HOUSE, "house"), (ARENA_PREFIX, "arena")):
        if citation.startswith(prefix):
            return TEXTS[label], citation.removeprefix(prefix)
    label, _, number = citation.rpartition(" ")
    return TEXTS[label or "current"], number


def find(citation: str) -> Entry:
    """The index's entry for a citation as the log shows it; KeyError when the index has no such rule."""
    text, number = split(citation)
    return text.entries[number]


def covers(citation: str, step: str) -> bool:
    """Whether the rule a citation names allows ``step`` (in the index)."""
    try:
        return step in find(citation).steps
    except KeyError:
        return False
