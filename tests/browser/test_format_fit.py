"""The format follows the deck, and the deck the format (issue 31): a Commander list pasted
under two-player constructed is offered "Deal as Commander" beside the hand; a plain export
with its commander first gets its Commander section as an edit the player can undo; a
constructed list under Commander is refused with a message naming both fixes; a companion
section shows its companion; the table's first prompt names the sample deck only while it is
the list."""

from __future__ import annotations

from playwright.sync_api import expect

from opening_hand.cards.samples import SAMPLES
from tests.browser.pages import AppPage
from tests.engine.deck_fixtures import decklist


def paste(app: AppPage, text: str) -> None:
    app.change_setup()
    app.decklist.fill(text)
    app.decklist.dispatch_event("change")


def advice(app: AppPage) -> object:
    return app.page.get_by_test_id("format-advice")


def test_a_commander_list_pasted_under_constructed_is_offered_and_dealt_as_commander(app: AppPage) -> None:
    app.open()
    paste(app, decklist("atraxa-moxfield-categories.txt"))
    found = app.page.get_by_test_id("format-advice")
    expect(found).to_contain_text("The list has a Commander section (Atraxa, Praetors' Voice): it is a Commander deck.")
    found.get_by_role("button", name="Deal as Commander").click()
    app.choose_to_play_if_asked()
    expect(app.page.get_by_label("Format")).to_have_value("commander")
    expect(app.deciding_hand()).to_have_count(7)
    command = app.page.locator('[data-testid="card"][data-zone="command"][data-player="1"]')
    expect(command).to_have_attribute("data-card-name", "Atraxa, Praetors' Voice")
    assert app.life(1) == 40
    expect(found).to_be_hidden()


def test_a_plain_export_gets_its_commander_section_as_an_edit_and_is_dealt(app: AppPage) -> None:
    app.open()
    text = decklist("atraxa-moxfield.txt")
    paste(app, text)
    found = app.page.get_by_test_id("format-advice")
    expect(found).to_contain_text("100 singleton cards with a legendary creature first (Atraxa, Praetors' Voice)")
    found.get_by_role("button", name="Deal as Commander").click()
    app.choose_to_play_if_asked()
    expect(app.deciding_hand()).to_have_count(7)
    lines = text.splitlines()
    expect(app.decklist).to_have_value("\n".join(["Commander", lines[0], "", "Deck", *lines[1:]]) + "\n")
    command = app.page.locator('[data-testid="card"][data-zone="command"][data-player="1"]')
    expect(command).to_have_attribute("data-card-name", "Atraxa, Praetors' Voice")
    app.change_setup()
    app.decklist.press("Control+z")  # the browser's own undo takes the edit back
    expect(app.decklist).to_have_value(text)


def test_a_constructed_list_under_commander_is_refused_with_both_fixes_named(app: AppPage) -> None:
    app.open()
    app.choose_format("commander")
    mine = decklist("boros-energy-mtgo.txt")
    paste(app, mine)
    app.button("Deal").click()
    expect(app.message).to_contain_text("Commander")
    expect(app.message).to_contain_text(
        "Deal as Two-player constructed, or Load the Commander sample deck (beside the hand)."
    )
    found = app.page.get_by_test_id("format-advice")
    expect(found.get_by_role("button")).to_have_text(
        ["Deal as Two-player constructed", "Load the Commander sample deck"]
    )
    found.get_by_role("button", name="Load the Commander sample deck").click()
    expect(app.decklist).to_have_value(SAMPLES["commander"])
    expect(app.button("Restore my list")).to_be_visible()  # nothing the player had is lost
    app.button("Restore my list").click()
    expect(app.decklist).to_have_value(mine)
    app.page.get_by_test_id("format-advice").get_by_role("button", name="Deal as Two-player constructed").click()
    app.choose_to_play_if_asked()
    expect(app.page.get_by_label("Format")).to_have_value("constructed")
    expect(app.deciding_hand()).to_have_count(7)
    assert app.life(1) == 20


def test_a_companion_section_shows_its_companion(app: AppPage) -> None:
    app.open()
    paste(app, "Companion\n1 Lurrus of the Dream-Den\n\nDeck\n4 Lightning Bolt\n56 Mountain")
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("companion Lurrus of the Dream-Den")


def test_the_first_prompt_names_the_sample_deck_only_while_it_is_the_list(app: AppPage) -> None:
    app.open()
    prompt = app.prompt
    expect(prompt).to_have_text("Press Deal (D) to deal the sample deck, or change the setup first.")
    app.page.get_by_label("Format").select_option("commander")  # the sample follows the format
    expect(app.decklist).to_have_value(SAMPLES["commander"])
    expect(prompt).to_contain_text("the sample deck")
    paste(app, decklist("standard-arena.txt"))
    expect(prompt).to_have_text("Press Deal (D) to deal your deck, or change the setup first.")
    app.page.get_by_label("Format").select_option("constructed")  # the player's own list never changes
    expect(app.decklist).to_have_value(decklist("standard-arena.txt"))
    expect(prompt).not_to_contain_text("sample")
