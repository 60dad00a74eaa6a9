"""The project's index of rule numbers (``opening_hand.rules.rule_index``) against the rules texts
themselves, where they are at hand: ``../shared/rules/`` beside the checkout (its README lists
the files), or the folder ``$OH_RULES_TEXTS`` names (the Pyodide runner sets it). A user's
clone has no such folder: then every test here is skipped, saying so, and the citation tests
(``test_citations``) still check every event against the index.

Where the texts are here, the index must list exactly the rules each text numbers, each rule
must say what the steps the index gives it do (its words, below), and the index must say it in
its own words (no run of eight words copied from the text).
"""

from __future__ import annotations

import os
import re
from functools import cache
from pathlib import Path

import pytest

from opening_hand.rules.rule_index import TEXTS

pytestmark = pytest.mark.rules_texts

FOLDER = Path(os.environ.get("OH_RULES_TEXTS") or Path(__file__).resolve().parents[3] / "shared" / "rules")
MISSING = (
    f"no rules texts at {FOLDER} (a clone without ../shared/rules/): the index of rule numbers is not compared "
    "with the texts; the citation tests still check every event against the index"
)

# What each step's rule must talk about: any one of the tuples, all of its words (case-insensitive).
WORDS: dict[str, tuple[tuple[str, ...], ...]] = {
    "header": (("starting the game",),),
    "chooser": (("determine",),),
    "choose": (("choose who takes the first turn",), ("chooses which player goes first",), ("choose if",)),
    "team-start": (("starting team",),),
    "archenemy-start": (("archenemy", "first turn"),),
    "power-play": (("power play", "starting player"),),
    "shuffle": (("shuffle", "librar"),),
    "supplementary": (("supplementary deck", "shuffle"),),
    "sideboard": (("sideboard", "set aside"),),
    "companion": (("companion",),),
    "commander": (("commander", "command zone"),),
    "stickers": (("sticker sheets", "three", "random", "up to three"),),
    "conspiracy": (("conspiracy", "command zone"),),
    "life": (("life", "20"),),
    "life-2hg": (("two-headed giant", "30"),),
    "life-vanguard": (("vanguard", "life modifier"),),
    "life-commander": (("commander", "40"),),
    "life-brawl": (("brawl", "25"),),
    "life-archenemy": (("archenemy", "40"),),
    "draw": (("draw", "hand"), ("draws 10",)),
    "mulligan": (("mulligan",),),
    "bottom": (("bottom", "mulligan"),),
    "hand-vanguard": (("vanguard", "hand modifier"),),
    "any-time": (("any time", "mulligan"),),
    "free": (("first", "mulligan", "multiplayer"),),
    "free-brawl": (("brawl", "first mulligan"),),
    "free-house": (("free", "two players"),),
    "set-aside": (("setting aside unwanted hands",),),
    "team-declare": (("team", "mulligan"),),
    "scry": (("top card", "bottom"),),
    "opening": (("opening hand",),),
    "battlefield": (("battlefield",), ("into play",)),
    "leylines": (("leyline", "simultaneously", "timestamp"),),
    "reveal": (("reveal", "opening hand"),),
    "team-opening": (("starting team", "whatever order"),),
    "plane": (("plane", "planar deck"),),
    "first-turn": (("first turn",), ("go first",)),
    "skip-two-player": (("two-player", "skips the draw step"), ("skips their draw",)),
    "skip-2hg": (("two-headed giant", "skips the draw step"),),
    "skip-none": (("no player skips",),),
}


def _path(pattern: str) -> Path:
    (path,) = FOLDER.glob(pattern)
    return path


def _blocks(text: str, start: str) -> dict[str, str]:
    """Rules that begin at a line matching ``start`` (group 1: the number) and run on to the next one."""
    rules: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        match = re.match(start, line)
        if match:
            current = match.group(1)
            rules[current] = line[match.end() :]
        elif current is not None:
            rules[current] += " " + line.strip()
    return {number: " ".join(body.split()) for number, body in rules.items()}


@cache
def read(label: str) -> dict[str, str]:
    """A text's rules by number (the article's sections by heading, the house rules by name)."""
    text = TEXTS[label]
    raw = _path(text.source).read_text(encoding="utf-8")
    if text.label == "current":
        rules = _blocks(raw, r"(103\.\d+[a-z]?)\.? ")
    elif text.label == "2017":
        rules = _blocks(raw, r"(103\.\d+[a-z]?)\s*")
    elif text.label == "2008":
        return {**_blocks(raw.split("Note - ")[0], r"\s*(101(?:\.[0-9a-zA-Z]+)*) - "), "101": "Starting the Game"}
    elif text.label == "2001":
        return _blocks(raw.split("P.2 - ")[0], r"-? ?(P\.1(?:\.\d+)?) - ")
    elif text.label == "article":
        return _blocks(raw, r"(.+)\[ \| \]$")
    elif text.label == "house":
        section = _blocks(raw, r"(.+)\[ \| \]$")["Commander mulligan"]
        bullets = section.split("• ")[1:]  # "Gabriel Special Surprise, or GSS Mull - Where …"
        # Each bullet under its section's heading ("Commander mulligan: Partial Paris - …").
        named = {
            name.strip(): "Commander mulligan: " + part
            for part in bullets
            for name in re.split(r",? or ", part.split(" - ")[0])
        }
        return {"Commander mulligan": section, **named}
    else:  # the earlier text, as a web page: "#### <a id="2a"/> 103.2a ..."
        rules = _blocks(raw, r'#+ <a id="[^"]*"/> (103\.\d+[a-z]?) ')
    return {**rules, "103": "Starting the Game"}


COMPARED = [t for t in TEXTS.values() if t.source]


@pytest.fixture
def texts() -> None:
    if not FOLDER.is_dir():
        pytest.skip(MISSING)


def says(text: str, step: str) -> bool:
    lowered = text.lower()
    return any(all(word in lowered for word in words) for words in WORDS[step])


@pytest.mark.usefixtures("texts")
def test_the_texts_are_read_rule_by_rule() -> None:
    by_label = {t.label: read(t.label) for t in COMPARED}
    assert by_label["current"]["103.5c"].startswith("In a multiplayer game and in any Brawl game, the first mulligan")
    assert by_label["current"]["103.2d"].startswith("In a constructed game, each player playing with sticker sheets")
    assert by_label["current"]["103.8c"].startswith("In all other multiplayer games")
    assert by_label["2019–23"]["103.4c"].startswith("In a multiplayer game and in any Brawl game, the first mulligan")
    assert by_label["2017"]["103.3d"].startswith("In an Archenemy game")
    assert by_label["2008"]["101.4a"].startswith("In a multiplayer game, the first time a player takes a mulligan")
    assert "timestamp order among Leylines" in by_label["2008"]["101.Ruling.1"]
    assert by_label["2001"]["P.1.4"].startswith("One player gets to choose if they want to go first")
    assert "zero or seven lands" in by_label["article"]["Original mulligan"]
    assert "draws 10 cards" in by_label["house"]["GSS Mull"]


@pytest.mark.usefixtures("texts")
@pytest.mark.parametrize("label", [t.label for t in COMPARED])
def test_the_index_lists_the_rules_each_text_numbers(label: str) -> None:
    text = TEXTS[label]
    rules = read(label)
    missing = sorted(set(text.entries) - set(rules))
    assert not missing, f"the index lists rules the {label} text does not have: {missing}"
    if text.complete:
        unlisted = sorted(set(rules) - set(text.entries))
        assert not unlisted, f"the {label} text has rules the index does not list: {unlisted}"


@pytest.mark.usefixtures("texts")
@pytest.mark.parametrize("label", [t.label for t in COMPARED])
def test_each_rule_says_what_the_index_says_it_covers(label: str) -> None:
    rules = read(label)
    for number, entry in TEXTS[label].entries.items():
        for step in entry.steps:
            assert says(rules[number], step), f"{label} {number} covers {step}?: {rules[number][:160]!r}"


@pytest.mark.usefixtures("texts")
@pytest.mark.parametrize("label", [t.label for t in COMPARED])
def test_the_index_says_it_in_its_own_words(label: str) -> None:
    """No entry repeats eight words in a row of the rule it describes."""
    rules = read(label)
    for number, entry in TEXTS[label].entries.items():
        ours = re.findall(r"[a-z0-9']+", entry.covers.lower())
        theirs = " ".join(re.findall(r"[a-z0-9']+", rules[number].lower()))
        runs = [" ".join(ours[i : i + 8]) for i in range(len(ours) - 7)]
        assert not [run for run in runs if run in theirs], f"{label} {number}: {entry.covers!r}"
