"""Decks in the browser: every list format, files, land marks, the library, images."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Route, expect

from tests.browser.card_files import collection_answer, scryfall_cards
from tests.browser.pages import AppPage

BURN_MAIN = [
    ("Goblin Guide", 4), ("Monastery Swiftspear", 4), ("Eidolon of the Great Revel", 4), ("Lightning Bolt", 4),
    ("Chain Lightning", 4), ("Lava Spike", 4), ("Rift Bolt", 4), ("Skewer the Critics", 4), ("Boros Charm", 4),
    ("Lightning Helix", 4), ("Inspiring Vantage", 4), ("Sacred Foundry", 4), ("Sunbaked Canyon", 4),
    ("Mountain", 7), ("Plains", 1),
]  # fmt: skip
BURN_SIDE = [("Path to Exile", 3), ("Smash to Smithereens", 2), ("Kor Firewalker", 4), ("Deflecting Palm", 3)]
SETS = {"Mountain": "(DMU) 269", "Plains": "(DMU) 262", "Lightning Bolt": "(2XM) 129", "Goblin Guide": "(ZEN) 126"}

ARENA = (
    "About\nName Boros Burn\n\nDeck\n"
    + "\n".join(f"{n} {name} {SETS.get(name, '(MH2) 1')}" for name, n in BURN_MAIN)
    + "\n\nSideboard\n"
    + "\n".join(f"{n} {name}" for name, n in BURN_SIDE)
)

MOXFIELD = (
    "Creatures (12)\n4 Goblin Guide\n4 Monastery Swiftspear\n4 Eidolon of the Great Revel\n\n"
    "Instants (12)\n4 Lightning Bolt *F*\n4 Boros Charm\n4 Lightning Helix\n\n"
    "Sorceries (16)\n4 Chain Lightning\n4 Lava Spike\n4 Rift Bolt\n4 Skewer the Critics\n\n"
    "Lands (20)\n4 Inspiring Vantage\n4 Sacred Foundry\n4 Sunbaked Canyon\n7 Mountain\n1 Plains\n\n"
    "Sideboard (12)\n3 Path to Exile\n2 Smash to Smithereens\n4 Kor Firewalker\n3 Deflecting Palm\n"
)

MTGO_DEK = (
    '<?xml version="1.0" encoding="utf-8"?>\n'
    '<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
    "  <NetDeckID>0</NetDeckID>\n  <PreconstructedDeckID>0</PreconstructedDeckID>\n"
    + "".join(
        f'  <Cards CatID="{1000 + i}" Quantity="{n}" Sideboard="false" Name="{name}" Annotation="0" />\n'
        for i, (name, n) in enumerate(BURN_MAIN)
    )
    + "".join(
        f'  <Cards CatID="{2000 + i}" Quantity="{n}" Sideboard="true" Name="{name}" Annotation="0" />\n'
        for i, (name, n) in enumerate(BURN_SIDE)
    )
    + "</Deck>\n"
)

COCKATRICE_COD = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddeck version="1">\n'
    '    <deckname>Boros Burn</deckname>\n    <comments></comments>\n    <zone name="main">\n'
    + "".join(f'        <card number="{n}" name="{name}"/>\n' for name, n in BURN_MAIN)
    + '    </zone>\n    <zone name="side">\n'
    + "".join(f'        <card number="{n}" name="{name}"/>\n' for name, n in BURN_SIDE)
    + "    </zone>\n</cockatrice_carddeck>\n"
)

CORS = {"Access-Control-Allow-Origin": "*"}
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="
)


def summary(app: AppPage) -> str:
    return app.page.get_by_test_id("deck-summary").inner_text()


@pytest.mark.parametrize(
    ("text", "source"),
    [
        (ARENA, "an Arena export"),
        (MOXFIELD, "a Moxfield/Archidekt/MTGGoldfish list"),
        (MTGO_DEK, "an MTGO .dek file"),
        (COCKATRICE_COD, "a Cockatrice .cod file"),
        ("\n".join(f"{n}x {name}" for name, n in BURN_MAIN) + "\n\n" + "\n".join(f"{n} {m}" for m, n in BURN_SIDE),
         "a plain list"),
    ],
    ids=["arena", "moxfield", "mtgo", "cockatrice", "mtggoldfish-plain"],
)  # fmt: skip
def test_each_list_format_pastes_and_deals(app: AppPage, text: str, source: str) -> None:
    app.open()
    app.decklist.fill(text)
    app.decklist.dispatch_event("change")
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text(f"Read as {source}: 60 cards, 20 lands")
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("sideboard 12")
    app.deal(seed=3)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    expect(app.decklist).to_have_value(text)  # nothing the player pasted is rewritten


def test_a_dek_file_upload_and_a_dropped_cod_file(app: AppPage, tmp_path: Path) -> None:
    app.open()
    mine = "4 My Own Card\n"
    app.decklist.fill(mine)
    dek = tmp_path / "burn.dek"
    dek.write_text(MTGO_DEK, encoding="utf-8")
    app.page.get_by_label("Deck file").set_input_files(str(dek))
    expect(app.decklist).to_have_value(MTGO_DEK)
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("Read as an MTGO .dek file: 60 cards")
    app.button("Restore my list").click()  # what the player had typed is kept
    expect(app.decklist).to_have_value(mine)

    transfer = app.page.evaluate_handle(
        """text => { const data = new DataTransfer();
                     data.items.add(new File([text], "burn.cod", { type: "application/xml" }));
                     return data; }""",
        COCKATRICE_COD,
    )
    app.decklist.dispatch_event("drop", {"dataTransfer": transfer})
    expect(app.decklist).to_have_value(COCKATRICE_COD)
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("Read as a Cockatrice .cod file")


def test_bad_lines_are_all_reported_and_can_be_skipped(app: AppPage) -> None:
    app.open()
    text = "4 Lightning Bolt\n0 Shock\n56 Mountain\n999 Island\n"
    app.deal(seed=1, deck=text, unchecked=True)
    expect(app.message).to_contain_text("Line 2")
    expect(app.message).to_contain_text("Line 4")
    expect(app.hand()).to_have_count(0)
    app.change_setup()
    app.page.get_by_label("Skip lines that cannot be read").check()
    app.deal(seed=1)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    expect(app.decklist).to_have_value(text)
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("2 lines skipped")


def test_export_as_an_arena_list(app: AppPage) -> None:
    app.open()
    app.button("Copy as Arena list").click()
    exported = app.page.get_by_test_id("export-text")
    expect(exported).to_be_visible()
    value = exported.input_value()
    assert value.startswith("Deck\n4 Goblin Guide\n") and "\nSideboard\n3 Path to Exile" in value


def test_mark_a_card_as_a_land_save_reload_and_find_the_deck_again(app: AppPage) -> None:
    app.open()
    deck = "30 Homebrew Land\n30 Lightning Bolt\n"
    app.decklist.fill(deck)
    app.decklist.dispatch_event("change")
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 0 lands")
    app.page.locator("summary", has_text="Mark cards as lands").click()
    app.page.get_by_label("Homebrew Land (unknown)").check()
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 30 lands")
    app.my_decks()
    app.page.get_by_label("Name", exact=True).fill("Homebrew")
    app.button("Save deck").click()
    expect(app.page.get_by_test_id("library-message")).to_have_text("Saved “Homebrew”.")

    app.page.reload()
    app.page.wait_for_selector('body[data-ready="true"]')
    saved = app.page.get_by_label("Saved", exact=True)
    expect(saved.locator("option")).to_have_text(["Homebrew"])
    app.my_decks()  # folded after the reload
    app.button("Open").click()
    expect(app.decklist).to_have_value(deck)
    expect(app.page.get_by_label("Homebrew Land (unknown)")).to_be_checked()
    app.deal(seed=2, unchecked=True)
    app.choose_to_play_if_asked()
    land = app.page.locator('[data-zone="hand"][data-player="1"][data-card-name="Homebrew Land"]').first
    expect(land).to_have_class(re.compile(r"\bframe-land\b"))
    expect(land).to_contain_text("Land (marked)")


def test_rename_duplicate_delete_and_undo(app: AppPage) -> None:
    app.open()
    app.my_decks()
    name = app.page.get_by_label("Name", exact=True)
    saved = app.page.get_by_label("Saved", exact=True)
    name.fill("Burn")
    app.button("Save deck").click()
    app.button("Duplicate").click()
    expect(saved.locator("option")).to_have_text(["Burn", "Burn (copy)"])
    name.fill("Boros Burn")
    app.button("Rename").click()  # the chosen deck, the copy
    expect(saved.locator("option")).to_have_text(["Burn", "Boros Burn"])
    saved.select_option("Burn")
    app.button("Delete").click()
    expect(saved.locator("option")).to_have_text(["Boros Burn"])
    app.button("Undo delete").click()
    expect(saved.locator("option")).to_have_text(["Boros Burn", "Burn"])


def test_export_and_import_the_library(app: AppPage, tmp_path: Path) -> None:
    app.open()
    app.my_decks()
    app.page.get_by_label("Name", exact=True).fill("Burn")
    app.button("Save deck").click()
    with app.page.expect_download() as info:
        app.button("Export library").click()
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert exported["version"] == 1 and [d["name"] for d in exported["decks"]] == ["Burn"]

    exported["decks"][0]["name"] = "Friend's Burn"
    upload = tmp_path / "decks.json"
    upload.write_text(json.dumps(exported), encoding="utf-8")
    app.page.get_by_label("Import library").set_input_files(str(upload))
    expect(app.page.get_by_test_id("library-message")).to_have_text("Imported 1 deck from decks.json.")
    expect(app.page.get_by_label("Saved", exact=True).locator("option")).to_have_text(["Burn", "Friend's Burn"])

    upload.write_text("{broken", encoding="utf-8")
    app.page.get_by_label("Import library").set_input_files(str(upload))
    message = app.page.get_by_test_id("library-message")
    expect(message).to_contain_text("could not be imported: the saved library is not valid JSON")


def test_a_corrupt_saved_library_is_reported_and_kept_aside(app: AppPage) -> None:
    app.page.add_init_script('localStorage.setItem(\'opening-hand/library\', \'{"app": "opening-hand", "vers\')')
    app.open()
    expect(app.page.get_by_test_id("library-message")).to_contain_text("Your saved decks could not be read")
    kept = app.page.evaluate(
        "Object.keys(localStorage).filter((k) => k.startsWith('opening-hand/library.unreadable.'))"
        ".map((k) => localStorage.getItem(k))"
    )
    assert kept == ['{"app": "opening-hand", "vers']
    app.deal(seed=5)  # the page works
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)


def test_a_hostile_deck_name_is_shown_as_text(app: AppPage) -> None:
    app.open()
    hostile = "<img src=x onerror=alert(1)>"
    app.my_decks()
    app.page.get_by_label("Name", exact=True).fill(hostile)
    app.button("Save deck").click()
    expect(app.page.get_by_label("Saved", exact=True).locator("option")).to_have_text([hostile])
    expect(app.page.get_by_test_id("library-message")).to_have_text(f"Saved “{hostile}”.")
    assert app.page.locator("img").count() == 0  # no element was made from the name


def test_scryfall_images_when_chosen_with_the_proxy_face_as_fallback(app: AppPage) -> None:
    assert app.guard is not None
    app.guard.allow("https://api.scryfall.com/")
    app.guard.allow("https://cards.scryfall.io/")
    asked: list[str] = []
    cards = scryfall_cards()

    def collection(route: Route) -> None:  # never the real internet: answer here, from the fixtures
        asked.append(route.request.url)
        if route.request.method == "OPTIONS":
            route.fulfill(status=204, headers={**CORS, "Access-Control-Allow-Headers": "content-type, accept"})
            return
        found = collection_answer(json.loads(route.request.post_data or "{}")["identifiers"], cards)
        route.fulfill(status=200, headers=CORS, content_type="application/json", body=json.dumps(found))

    def image(route: Route) -> None:
        asked.append(route.request.url)
        mountain = str(cards["mountain"]["image_uris"]["normal"])  # type: ignore[index]
        if route.request.url == mountain:
            route.fulfill(status=200, content_type="image/png", body=PNG)
        else:
            route.abort()

    app.page.route("https://api.scryfall.com/cards/collection", collection)
    app.page.route("https://cards.scryfall.io/**", image)
    app.open()
    app.deal(seed=9, deck="60 Mountain\n", unchecked=True)  # images are off by default
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    assert asked == [] and app.page.locator(".card-image").count() == 0

    app.change_setup()
    # On: with no card database, the deck's names are asked of /cards/collection for their image_uris.
    app.page.get_by_label("Show card images from Scryfall (needs internet)").check()
    images = app.page.locator('[data-zone="hand"][data-player="1"] img.card-image')
    expect(images).to_have_count(7)
    expect(images.first).to_have_js_property("complete", True)
    assert app.page.evaluate("document.querySelector('img.card-image').naturalWidth") == 1
    assert asked[0] == "https://api.scryfall.com/cards/collection"
    assert all(url.startswith("https://cards.scryfall.io/normal/front/") for url in asked[1:])

    app.deal(seed=9, deck="60 Lightning Bolt\n")
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    # The image cannot load: it is removed and the proxy face (name, type line) shows.
    expect(app.page.locator('[data-zone="hand"][data-player="1"] img.card-image')).to_have_count(0)
    expect(app.hand().first.locator(".card-name")).to_have_text("Lightning Bolt")


def test_a_dealt_hand_fits_a_phone_screen(app: AppPage) -> None:
    app.page.set_viewport_size({"width": 390, "height": 844})
    app.open().deal(seed=42)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    width = app.page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
    for card in app.hand().all():
        box = card.bounding_box()
        assert box is not None and box["width"] >= 90, "cards stay readable at hand size"
