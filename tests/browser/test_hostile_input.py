"""Hostile input, round two: poisoned storage, hostile links, files and keys. After each,
the page is ready, says what happened next to where the player looks, deals, mulligans
and keeps; nothing the player saved is deleted. Every test fails on a console error or a
Python traceback (the `app` fixture's guard)."""

from __future__ import annotations

import base64
import json
import random
import string
import zlib
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.pages import READY_TIMEOUT_MS, AppPage

DEEP = "[" * 100_000
LIBRARY = "opening-hand/library"
STATS = "opening-hand/stats"
PRESS = "(key) => document.body.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}))"
SET_VALUE = "(box, text) => { box.value = text; box.dispatchEvent(new Event('change')); }"
ASIDE_KEYS = """(key) => Object.keys(localStorage)
  .filter((k) => k.startsWith(key + ".unreadable")).sort()"""


def link(raw: str) -> str:
    packed = zlib.compress(raw.encode("utf-8", "surrogatepass"), 9)
    return "#v1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def poison(app: AppPage, values: dict[str, str]) -> None:
    """Storage as another version, a damaged disk or an attacker left it, before the page starts."""
    app.page.goto(app.url + "static/icons/icon-192.png")  # same origin, no app: storage written before it ever runs
    app.page.evaluate("(values) => Object.entries(values).forEach(([k, v]) => localStorage.setItem(k, v))", values)


def play_a_hand(app: AppPage) -> None:
    app.deal(seed=11)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    app.mulligan_once_and_begin()


# ------------------------------------------------------------------ storage


@pytest.mark.parametrize("key", [LIBRARY, STATS, "opening-hand/extra-cards", "opening-hand/images"])
def test_deeply_nested_stored_data_never_stops_the_page(app: AppPage, key: str) -> None:
    poison(app, {key: DEEP})
    app.open()
    play_a_hand(app)
    if key in (LIBRARY, STATS):  # the player's data: kept aside, word for word
        aside = app.page.evaluate(ASIDE_KEYS, key)
        assert len(aside) == 1 and app.page.evaluate("(k) => localStorage.getItem(k)", aside[0]) == DEEP
        message = "library-message" if key == LIBRARY else "stats-message"
        expect(app.page.get_by_test_id(message)).to_contain_text("nested more deeply")
        expect(app.page.get_by_test_id(message)).to_contain_text("Nothing is deleted")


def test_a_second_unreadable_library_is_kept_beside_the_first(app: AppPage) -> None:
    poison(app, {LIBRARY + ".unreadable": "from an older release", LIBRARY: "{damaged"})
    app.open()
    expect(app.page.get_by_test_id("library-message")).to_contain_text("1 older unreadable copy is kept too")
    values = app.page.evaluate(f"(key) => ({ASIDE_KEYS})(key).map((k) => localStorage.getItem(k))", LIBRARY)
    assert values == ["from an older release", "{damaged"]
    app.my_decks()  # a new library starts, and saves
    app.page.get_by_label("Name", exact=True).fill("Burn")
    app.button("Save deck").click()
    expect(app.page.get_by_test_id("library-message")).to_have_text("Saved “Burn”.")
    assert json.loads(app.page.evaluate("(k) => localStorage.getItem(k)", LIBRARY))["decks"][0]["name"] == "Burn"


def test_when_every_aside_slot_is_taken_the_unreadable_library_stays_where_it_is(app: AppPage) -> None:
    slots = {f"{LIBRARY}.unreadable.{1_700_000_000_000 + i}": f"copy {i}" for i in range(5)}
    poison(app, {**slots, LIBRARY: "[not ours"})
    app.open()
    message = app.page.get_by_test_id("library-message")
    expect(message).to_contain_text("5 unreadable copies are already kept aside (the oldest from")
    expect(message).to_contain_text(f"{LIBRARY}.unreadable.1700000000000")
    expect(message).to_contain_text("decks saved now are kept for this visit only")
    app.my_decks()
    app.page.get_by_label("Name", exact=True).fill("Burn")
    app.button("Save deck").click()  # works for this visit, and writes over nothing
    expect(app.page.get_by_label("Saved", exact=True).locator("option")).to_have_text(["Burn"])
    assert app.page.evaluate("(k) => localStorage.getItem(k)", LIBRARY) == "[not ours"
    assert len(app.page.evaluate(ASIDE_KEYS, LIBRARY)) == 5
    play_a_hand(app)


def test_an_unreadable_library_too_large_to_copy_stays_and_the_page_works(app: AppPage) -> None:
    garbage = "x" * 3_000_000  # a second copy does not fit in the origin's storage
    poison(app, {LIBRARY: garbage})
    app.open()
    message = app.page.get_by_test_id("library-message")
    expect(message).to_contain_text("no room for a copy, so it stays where it is")
    play_a_hand(app)
    assert app.page.evaluate("(k) => localStorage.getItem(k).length", LIBRARY) == len(garbage)


def test_a_full_storage_is_said_where_the_statistics_are_and_the_game_goes_on(app: AppPage) -> None:
    app.open()
    fill = """() => { let n = 0;
      for (const size of [1 << 20, 1 << 10, 32, 1]) {
        const chunk = "x".repeat(size);
        for (;;) { try { localStorage.setItem("f" + n++, chunk); } catch { break; } } } }"""
    app.page.evaluate(fill)
    play_a_hand(app)
    app.page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")
    expect(app.page.get_by_test_id("stats-message")).to_contain_text("the browser's storage is full")
    app.my_decks()
    app.page.get_by_label("Name", exact=True).fill("Burn")
    app.button("Save deck").click()
    expect(app.page.get_by_test_id("library-message")).to_contain_text(
        "The deck could not be saved: the browser's storage is full"
    )


def test_statistics_at_their_limit_are_kept_and_extended(app: AppPage) -> None:
    rows = [["abc", "1", 1_700_000_000_000 + i, 1, 0, 7, 3, [900]] for i in range(5000)]
    poison(app, {STATS: json.dumps({"app": "opening-hand-stats", "version": 1, "games": rows})})
    app.open()
    play_a_hand(app)
    app.page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")  # written at once when leaving
    stored = json.loads(app.page.evaluate("(k) => localStorage.getItem(k)", STATS))
    assert len(stored["games"]) == 5000 and stored["games"][-1][0] != "abc"  # the oldest gave way to this game


# ------------------------------------------------------------------ imports and saved decks


def test_a_library_file_nested_thirty_thousand_deep_is_refused(app: AppPage, tmp_path: Path) -> None:
    app.open()
    upload = tmp_path / "decks.json"
    upload.write_text('{"a":' * 30_000 + "1" + "}" * 30_000, encoding="utf-8")
    app.my_decks()
    app.page.get_by_label("Import library").set_input_files(str(upload))
    expect(app.page.get_by_test_id("library-message")).to_have_text(
        "decks.json could not be imported: the saved library is nested more deeply than Opening Hand ever writes."
    )
    play_a_hand(app)


def test_an_imported_deck_with_an_unknown_format_is_refused_by_name(app: AppPage, tmp_path: Path) -> None:
    app.open()
    upload = tmp_path / "decks.json"
    deck = {"name": "Old EDH", "format": "EDH", "text": "1 Sol Ring"}
    upload.write_text(json.dumps({"app": "opening-hand", "version": 1, "decks": [deck]}), encoding="utf-8")
    app.my_decks()
    app.page.get_by_label("Import library").set_input_files(str(upload))
    expect(app.page.get_by_test_id("library-message")).to_have_text(
        "decks.json could not be imported: saved deck 1 (“Old EDH”) has a format this version does not know (“EDH”)."
    )


def test_a_saved_deck_of_a_newer_format_opens_as_constructed_and_keeps_its_format(app: AppPage) -> None:
    deck = {"name": "Future", "format": "oathbreaker", "text": "4 Lightning Bolt\n56 Mountain", "lands": []}
    poison(app, {LIBRARY: json.dumps({"app": "opening-hand", "version": 1, "decks": [deck]})})
    app.open()
    app.my_decks()
    app.page.get_by_label("Saved", exact=True).select_option("Future")
    app.button("Open").click()
    expect(app.page.get_by_test_id("library-message")).to_contain_text("its format (“oathbreaker”) is not one")
    expect(app.page.get_by_label("Format")).to_have_value("constructed")
    app.button("Duplicate").click()  # the library is written: the unknown format survives it
    stored = json.loads(app.page.evaluate("(k) => localStorage.getItem(k)", LIBRARY))
    assert [d["format"] for d in stored["decks"]] == ["oathbreaker", "oathbreaker"]
    app.deal(seed=2)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)


def test_every_replaced_list_comes_back_one_step_at_a_time(app: AppPage, tmp_path: Path) -> None:
    app.open()
    typed = "4 Lightning Bolt\n56 Mountain"
    app.decklist.fill(typed)
    for name, text in (("a.txt", "60 Island"), ("b.txt", "60 Swamp")):
        (tmp_path / name).write_text(text, encoding="utf-8")
        app.page.get_by_label("Deck file").set_input_files(str(tmp_path / name))
        expect(app.decklist).to_have_value(text)
    restore = app.page.get_by_role("button", name="Restore my list")
    expect(restore).to_have_text("Restore my list (1 more before it)")
    restore.click()
    expect(app.decklist).to_have_value("60 Island")
    restore.click()
    expect(app.decklist).to_have_value(typed)
    expect(restore).to_be_hidden()
    # The browser's own undo takes a replacement back too.
    app.page.get_by_label("Deck file").set_input_files(str(tmp_path / "b.txt"))
    expect(app.decklist).to_have_value("60 Swamp")
    app.decklist.focus()
    app.page.keyboard.press("Control+z")
    expect(app.decklist).to_have_value(typed)


# ------------------------------------------------------------------ links


def test_a_short_link_nested_ten_thousand_deep_is_refused_before_and_after_ready(app: AppPage) -> None:
    hostile = link("[" * 10_000)
    assert len(hostile) < 100
    app.page.goto(app.url + hostile)
    app.page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_MS)
    expect(app.message).to_contain_text("This link cannot be opened: the link is nested more deeply")
    app.page.evaluate("(h) => { location.hash = h; }", link("{" * 10_000))  # hashchange, once ready
    expect(app.message).to_contain_text("the link is nested more deeply")
    play_a_hand(app)


@pytest.mark.parametrize(
    "deck",
    [
        '<?xml version="1.0"?><Deck><Cards Quantity="60" Sideboard="false" Name="Isl\\ud800and"/></Deck>',
        "60 Island\\ud800",
        "word" + " " * 20_000 + "word",
    ],
    ids=["dek-with-a-lone-surrogate", "name-with-a-lone-surrogate", "twenty-thousand-spaces"],
)
def test_hostile_decks_in_links_are_answered_and_the_page_works(app: AppPage, deck: str) -> None:
    raw = '{"d":"' + deck.replace('"', '\\"') + '","f":"constructed","n":2,"e":"london","s":1,"u":true,"k":true}'
    app.page.goto(app.url + link(raw))
    app.page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_MS)
    # Dealt (the hand is on the table) or refused (the message says why): either way, answered.
    answered = app.page.locator('[data-testid="message"]:not(:empty), [data-zone="hand"][data-player="1"]')
    expect(answered.first).to_be_visible()
    app.change_setup()
    app.decklist.fill("60 Mountain")
    play_a_hand(app)


def test_the_largest_deck_the_page_deals_can_be_shared_and_reopened(app: AppPage) -> None:
    rng = random.Random(5)
    names = ["".join(rng.choice(string.ascii_letters) for _ in range(150)) for _ in range(1000)]
    app.open()
    app.decklist.evaluate(SET_VALUE, "\n".join(f"1 {n}" for n in names))
    app.deal(seed=4, unchecked=True)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    hand = app.hand_ids()
    app.reopen_from_share_link()
    app.choose_to_play_if_asked()
    assert app.hand_ids() == hand


def test_a_deck_no_link_can_hold_is_refused_before_dealing(app: AppPage) -> None:
    rng = random.Random(6)
    comments = "\n".join("# " + "".join(chr(rng.randrange(0x4E00, 0x9FFF)) for _ in range(400)) for _ in range(1500))
    app.open()
    app.decklist.evaluate(SET_VALUE, "60 Mountain\n" + comments)  # as a paste would; fill() types for long
    app.deal(seed=4)
    expect(app.message).to_contain_text("too large to share as a link, so it is not dealt")
    expect(app.hand()).to_have_count(0)


# ------------------------------------------------------------------ fields and keys


def test_any_unicode_in_fields_and_keys_is_answered_without_an_error(app: AppPage) -> None:
    app.open()
    app.deal(seed=1)
    app.choose_to_play_if_asked()
    for key in ("²", "①", "³", "٣", "ß", "€", "\ud800", "Dead"):  # AZERTY's ² key, other digits, a dead key
        app.page.evaluate(PRESS, key)
    app.expect_hand_size(7)
    app.change_setup()
    for seed in ("²", "①", "9" * 5000):
        app.seed.fill(seed)
        app.button("Deal").click()
        expect(app.page.get_by_test_id("setup-message")).to_contain_text("The seed must be a whole number")
    app.seed.fill("3")
    app.decklist.evaluate("(box) => { box.value = '60 Island\\ud800'; box.dispatchEvent(new Event('input')); }")
    app.page.get_by_label("Skip deck checks").check()
    app.button("Deal").click()
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    app.button("Copy link").click()  # the link is made from text that cannot be encoded as it stands
    expect(app.page.get_by_test_id("share-url")).to_have_value(lambda_free_prefix(app.url))


def lambda_free_prefix(url: str) -> object:
    import re

    return re.compile("^" + re.escape(url) + "#v1\\.")
