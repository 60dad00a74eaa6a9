"""Saved lists are read entry by entry: one saved deck, game or recent hand that cannot be
read is set aside in this browser's storage (nothing is deleted), the panel says how many
and where, and every other entry is there, its text shown as text."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from opening_hand.trainer.recent import RECENT_KEY
from opening_hand.trainer.stats import STORAGE_KEY as STATS_KEY
from tests.browser.pages import AppPage
from tests.browser.test_stats_panel import SAMPLE_KEY, play_one_game, poison

LIBRARY_KEY = "opening-hand/library"
HOSTILE = '<img src="x.png" onerror="alert(1)">'
STORED = "(key) => localStorage.getItem(key)"
ASIDE = """(key) => Object.keys(localStorage).filter((k) => k.startsWith(key + ".unreadable."))
  .map((k) => [k, localStorage.getItem(k)])"""


def aside(app: AppPage, key: str) -> tuple[str, object]:
    """The one copy kept aside for ``key``: (its key, its value read as JSON)."""
    copies = app.page.evaluate(ASIDE, key)
    assert len(copies) == 1, copies
    return copies[0][0], json.loads(copies[0][1])


def test_a_saved_deck_that_cannot_be_read_is_set_aside_and_the_others_are_listed(app: AppPage) -> None:
    good = {"name": f"Burn {HOSTILE}", "format": "constructed", "text": "4 Lightning Bolt\n56 Mountain", "lands": []}
    bad = {"name": "Broken", "format": "constructed", "text": 12, "lands": []}
    stored = {"app": "opening-hand", "version": 1, "decks": [good, bad]}
    poison(app, {LIBRARY_KEY: json.dumps(stored)})
    app.open()
    message = app.page.get_by_test_id("library-message")
    expect(message).to_be_visible()  # the library opens to say it
    expect(message).to_contain_text(
        "1 of your 2 saved decks could not be read (saved deck 2 needs a name, a format and a decklist text). "
        "Nothing is deleted: it is set aside in this browser's storage under “opening-hand/library.unreadable."
    )
    expect(app.page.get_by_label("Saved", exact=True).locator("option")).to_have_text([good["name"]])
    assert app.page.locator("img").count() == 0  # the name is text, never markup
    key, kept = aside(app, LIBRARY_KEY)
    expect(message).to_contain_text(f"“{key}”")
    assert kept == {**stored, "decks": [bad]}  # the entry, as it was stored
    assert json.loads(app.page.evaluate(STORED, LIBRARY_KEY))["decks"] == [good]
    app.page.get_by_label("Saved", exact=True).select_option(good["name"])
    app.button("Open").click()
    expect(app.decklist).to_have_value(good["text"])


def test_a_saved_game_and_a_recent_hand_that_cannot_be_read_are_set_aside_and_the_others_count(app: AppPage) -> None:
    good_game = [SAMPLE_KEY, "1700000000000", 1_700_000_000_000, 2, 1, 6, 2, [1200], True]
    bad_game = [SAMPLE_KEY, "1700000000000", 1_700_000_000_001, 2, 1, 6, 2, "1200 ms", True]
    games = {"app": "opening-hand-stats", "version": 2, "games": [good_game, bad_game]}
    good_hand = {"deck": SAMPLE_KEY, "name": f"Burn {HOSTILE}", "at": 1_700_000_000_000, "on_play": True,
                 "hands": [{"cards": [HOSTILE] * 7, "decision": "keep", "moves": []}], "kept": [HOSTILE] * 7,
                 "draws": [[1, None], [2, HOSTILE]], "link": ""}  # fmt: skip
    bad_hand = {**good_hand, "at": "yesterday"}
    hands = {"app": "opening-hand-recent-hands", "version": 1, "hands": [bad_hand, good_hand]}
    poison(app, {STATS_KEY: json.dumps(games), RECENT_KEY: json.dumps(hands)})
    app.open()
    message = app.page.get_by_test_id("stats-message")
    expect(message).to_be_visible()  # the statistics open to say it
    expect(message).to_contain_text(
        "1 of your 2 saved games could not be read (a game in the saved statistics is not valid). "
        "Nothing is deleted: it is set aside in this browser's storage under “opening-hand/stats.unreadable."
    )
    expect(message).to_contain_text(
        "1 of your 2 recent hands could not be read (a hand in the saved recent hands is not valid). "
        "Nothing is deleted: it is set aside in this browser's storage under “opening-hand/recent-hands.unreadable."
    )
    expect(app.recent_hands).to_have_count(1)
    expect(app.recent_hands.first).to_contain_text(f"Burn {HOSTILE}")  # shown as text
    expect(app.recent_hands.first).to_contain_text(HOSTILE)
    assert app.page.locator("img").count() == 0
    for key, bad, field in ((STATS_KEY, bad_game, "games"), (RECENT_KEY, bad_hand, "hands")):
        name, kept = aside(app, key)
        expect(message).to_contain_text(f"“{name}”")
        assert kept == {**(games if key == STATS_KEY else hands), field: [bad]}
    assert json.loads(app.page.evaluate(STORED, STATS_KEY))["games"] == [good_game]
    assert json.loads(app.page.evaluate(STORED, RECENT_KEY))["hands"] == [good_hand]
    play_one_game(app, seed=10, mulligans=0, side="play")  # the readable game counts with this one
    assert app.stats_figure("Games") == {"This session": "1", "All": "2", "On the play": "2", "On the draw": "0"}
    expect(app.recent_hands).to_have_count(2)


def test_with_no_room_for_a_copy_the_list_stays_as_it_is_and_the_readable_decks_work(app: AppPage) -> None:
    good = {"name": "Burn", "format": "constructed", "text": "4 Lightning Bolt\n56 Mountain", "lands": []}
    stored = json.dumps({"app": "opening-hand", "version": 1, "decks": [good, 7]})
    slots = {f"{LIBRARY_KEY}.unreadable.{1_700_000_000_000 + i}": f"copy {i}" for i in range(5)}
    poison(app, {**slots, LIBRARY_KEY: stored})
    app.open()
    message = app.page.get_by_test_id("library-message")
    expect(message).to_contain_text(
        "1 of your 2 saved decks could not be read (saved deck 2 is not an object). Nothing is deleted: "
        "5 unreadable copies are already kept aside (the oldest from"
    )
    expect(message).to_contain_text("so it stays where it is; decks saved now are kept for this visit only.")
    expect(app.page.get_by_label("Saved", exact=True).locator("option")).to_have_text(["Burn"])
    app.page.get_by_label("Name", exact=True).fill("Elves")
    app.button("Save deck").click()  # for this visit, writing over nothing
    expect(app.page.get_by_label("Saved", exact=True).locator("option")).to_have_text(["Burn", "Elves"])
    assert app.page.evaluate(STORED, LIBRARY_KEY) == stored
    assert len(app.page.evaluate(ASIDE, LIBRARY_KEY)) == 5
