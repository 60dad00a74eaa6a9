"""Names players type (issue 31): a legendary card's short name, a front face, an Arena name,
accents and curly apostrophes find the card and are reported under the list as "read as …";
an ambiguous short name is a problem at its line with one fix per card. With the database
and with only the built-in catalog."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from tests.browser.pages import AppPage

LOADED_MS = 60_000


def paste(app: AppPage, text: str) -> None:
    app.change_setup()
    app.decklist.fill(text)
    app.decklist.dispatch_event("change")


def test_names_as_players_type_them_are_read_and_reported(app: AppPage, card_db: Path) -> None:
    app.open()
    expect(app.page.get_by_test_id("card-data")).to_have_attribute("data-state", "loaded", timeout=LOADED_MS)
    paste(app, "4 Ragavan\n4 Lim-Dul’s Vault\n4 Ajani, Nacatl Pariah\n2 A-Lightning Bolt\n1 Urborg\n45 Mountain")
    readings = app.page.get_by_test_id("deck-readings").locator("li")
    expect(readings).to_have_text([
        "Line 1: “Ragavan” read as Ragavan, Nimble Pilferer (a short name)",
        "Line 2: “Lim-Dul’s Vault” read as Lim-Dûl's Vault (accents and apostrophes)",
        "Line 3: “Ajani, Nacatl Pariah” read as Ajani, Nacatl Pariah // Ajani, Nacatl Avenger (the front face's name)",
        "Line 4: “A-Lightning Bolt” read as Lightning Bolt (the paper card of an Arena (A-) name)",
        "Line 5: “Urborg” read as Urborg, Tomb of Yawgmoth (a short name)",
    ])  # fmt: skip
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 46 lands")
    expect(app.page.get_by_test_id("deck-problems")).to_be_hidden()


def test_an_ambiguous_short_name_lists_its_choices_and_a_click_picks_one(app: AppPage, card_db: Path) -> None:
    app.open()
    expect(app.page.get_by_test_id("card-data")).to_have_attribute("data-state", "loaded", timeout=LOADED_MS)
    app.choose_format("commander")
    paste(app, "Commander\n1 Atraxa\n\nDeck\n99 Forest")
    found = app.page.get_by_test_id("deck-problems")
    expect(found).to_contain_text("Line 2: “Atraxa” could be Atraxa, Grand Unifier or Atraxa, Praetors' Voice")
    expect(found).not_to_contain_text("no card named")
    app.button("Use Atraxa, Praetors' Voice").click()
    expect(app.decklist).to_have_value("Commander\n1 Atraxa, Praetors' Voice\n\nDeck\n99 Forest")
    expect(found).to_be_hidden()


def test_with_only_the_built_in_catalog_short_names_are_read_and_ambiguous_ones_reported(app: AppPage) -> None:
    app.open()
    paste(app, "1 Boseiju\n4 Krenko\n55 Mountain")
    expect(app.page.get_by_test_id("deck-readings")).to_contain_text(
        "Line 1: “Boseiju” read as Boseiju, Who Endures (a short name)"
    )
    expect(app.page.get_by_test_id("deck-problems")).to_contain_text(
        "Line 2: “Krenko” could be Krenko, Mob Boss or Krenko, Tin Street Kingpin"
    )
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 56 lands")
