"""The deck library: save, rename, duplicate, delete, import/export, and bad stored data."""

from __future__ import annotations

import contextlib
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from opening_hand.share.library import (
    MAX_NAME,
    Library,
    LibraryError,
    SavedDeck,
    dump_library,
    load_library,
)

BURN = SavedDeck("Burn", "4 Lightning Bolt\n20 Mountain", "constructed", ("Homebrew Land",))


def test_save_replaces_a_deck_of_the_same_name_and_keeps_the_text_as_typed() -> None:
    library = Library().save(BURN).save(SavedDeck("  Elves  ", "4 Llanowar Elves\n", "limited"))
    assert library.names() == ("Burn", "Elves")
    library = library.save(SavedDeck("Burn", "4 Chain Lightning  \n\n", "constructed"))
    assert library.names() == ("Burn", "Elves")
    assert library.get("Burn").text == "4 Chain Lightning  \n\n"


def test_rename_duplicate_delete() -> None:
    library = Library().save(BURN).duplicate("Burn").duplicate("Burn")
    assert library.names() == ("Burn", "Burn (copy)", "Burn (copy 2)")
    assert library.get("Burn (copy)").lands == ("Homebrew Land",)
    library = library.rename("Burn (copy)", "Boros Burn")
    assert library.names() == ("Burn", "Boros Burn", "Burn (copy 2)")
    with pytest.raises(LibraryError, match="already a deck called"):
        library.rename("Boros Burn", "Burn")
    library = library.delete("Burn")
    assert library.names() == ("Boros Burn", "Burn (copy 2)")
    with pytest.raises(LibraryError, match="no saved deck"):
        library.delete("Burn")


@pytest.mark.parametrize(
    ("name", "message"),
    [("", "needs a name"), ("   ", "needs a name"), ("a\x07b", "control characters"), ("x" * 81, "at most 80")],
)
def test_bad_deck_names_are_refused(name: str, message: str) -> None:
    with pytest.raises(LibraryError, match=message):
        Library().save(SavedDeck(name, "1 Island"))


def test_export_then_import_gives_the_same_library() -> None:
    library = Library().save(BURN).save(SavedDeck("<img src=x onerror=alert(1)>", "1 Island", "commander"))
    assert load_library(dump_library(library)).value == library


def test_importing_merges_and_renames_clashes() -> None:
    mine = Library().save(BURN)
    theirs = Library().save(SavedDeck("Burn", "60 Mountain")).save(BURN.__class__("Elves", "4 Llanowar Elves"))
    merged, added = mine.merge(theirs)
    assert merged.names() == ("Burn", "Burn (imported)", "Elves") and added == 2
    again, added = merged.merge(Library().save(BURN))
    assert again == merged and added == 0  # an identical deck is not imported twice


def test_version_0_storage_is_converted() -> None:
    library = load_library(json.dumps({"Burn": "4 Lightning Bolt", "Elves": "4 Llanowar Elves"})).value
    assert library.names() == ("Burn", "Elves") and library.get("Elves").format == "constructed"


def test_a_version_0_deck_that_cannot_be_read_is_left_out_and_the_others_load() -> None:
    stored = {"Burn": "4 Lightning Bolt", "Bad\x07name": "4 Llanowar Elves"}
    found = load_library(json.dumps(stored))
    assert found.value.names() == ("Burn",) and "control characters" in str(found.error)
    assert json.loads(found.aside) == {"Bad\x07name": "4 Llanowar Elves"}  # as stored
    assert load_library(found.kept).value == found.value  # stored again as version 1


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2, 3]", "not an Opening Hand deck library"),
        ('{"app": "something-else", "version": 1, "decks": []}', "not an Opening Hand"),
        ('{"app": "opening-hand", "decks": []}', "no version number"),
        ('{"app": "opening-hand", "version": 99, "decks": []}', "newer version"),
        ('{"app": "opening-hand", "version": 1, "decks": {}}', "no list of decks"),
    ],
)
def test_corrupt_or_foreign_storage_is_reported(raw: str, message: str) -> None:
    with pytest.raises(LibraryError, match=message):
        load_library(raw)


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        ({"name": "x"}, "saved deck 2 needs"),
        ({"name": "x", "text": "", "lands": [3]}, "saved deck 2 has a bad list of lands"),
        (7, "saved deck 2 is not an object"),
        ({"name": "x\x07", "text": ""}, "control characters"),
        ({"name": "x", "text": "1 Island" * 30_000}, "saved deck 2 has a decklist longer than"),
        ({"name": "Burn", "text": "60 Mountain"}, "saved deck 2 has the name of an earlier one (“Burn”)"),
    ],
)
def test_a_saved_deck_that_cannot_be_read_is_left_out_and_the_others_load(deck: object, message: str) -> None:
    """Deck by deck: the readable decks load; the other comes back as stored, with the texts
    the page stores (it alone, to set aside; the readable ones, in its place). A file the player
    imports is taken whole or refused."""
    elves = {"name": "Elves", "format": "limited", "text": "4 Llanowar Elves", "lands": []}
    stored = {"app": "opening-hand", "version": 1, "decks": [json.loads(dump_library(Library().save(BURN)))["decks"][0],
              deck, elves]}  # fmt: skip
    found = load_library(json.dumps(stored))
    assert found.value.names() == ("Burn", "Elves") and found.rejected == (deck,) and found.total == 3
    assert message in str(found.error)
    assert json.loads(found.aside) == {**stored, "decks": [deck]}
    assert load_library(found.kept).value == found.value and load_library(found.kept).rejected == ()
    if "earlier one" not in message:  # an imported file's clash of names is settled by the merge
        with pytest.raises(LibraryError, match=message.split(" (")[0]):
            load_library(json.dumps(stored), imported=True).whole()


def test_nothing_stored_is_an_empty_library() -> None:
    assert load_library(None).value == Library() == load_library("").value


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
stored = (
    st.text(max_size=300)
    | json_values.map(json.dumps)
    | json_values.map(lambda decks: json.dumps({"app": "opening-hand", "version": 1, "decks": decks}))
)


@given(stored)
def test_any_stored_text_gives_a_library_or_the_typed_error(raw: str) -> None:
    with contextlib.suppress(LibraryError):
        assert isinstance(load_library(raw).value, Library)


names = st.text(st.characters(blacklist_categories=("Cc", "Cs")), min_size=1, max_size=MAX_NAME).filter(
    lambda s: s.strip() != ""
)


@given(st.lists(st.tuples(names, st.text(max_size=200), st.sampled_from(["constructed", "commander"])), max_size=8))
def test_dump_then_load_round_trips(decks: list[tuple[str, str, str]]) -> None:
    library = Library()
    for name, text, fmt in decks:
        library = library.save(SavedDeck(name, text, fmt))
    assert load_library(dump_library(library)).value == library
