"""Sticker sheets on the page (CR 103.2d, the 2025 text): a "Stickers" section in the
decklist; in limited the player chooses up to three and reveals them (a decision of its own),
in constructed three are chosen at random; the chosen sheets stay revealed beside the seat."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.pages import AppPage

SHEETS = ["Ancestral Hot Dog Minotaur", "Carnival Elephant Meteor", "Happy Dead Squirrel", "Cool Fluffy Loxodon",
          "Eldrazi Guacamole Tightrope"]  # fmt: skip
DECK = "17 Mountain\n23 Lightning Bolt\n\nStickers\n" + "\n".join(f"1 {name}" for name in SHEETS) + "\n"


def sticker_zone(app: AppPage, seat: int = 1) -> list[str]:
    tags = app.page.locator(f'[data-board="main"] [data-testid="stickers-{seat}"] [data-card-name]')
    return [t.get_attribute("data-card-name") or "" for t in tags.all()]


def test_in_limited_the_player_ticks_up_to_three_sheets_and_reveals_them(app: AppPage) -> None:
    app.open().choose_format("limited")
    app.decklist.fill(DECK)
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("sticker sheets 5")
    app.deal(seed=8, deck=DECK)
    app.choose_to_play_if_asked()
    expect(app.prompt).to_contain_text("Choose up to 3 of your sticker sheets to play with and reveal them (103.2d)")
    boxes = app.page.locator('[data-board="main"] [data-el="choices"] input[type="checkbox"]')
    expect(boxes).to_have_count(5)
    for index in range(4):  # four is one too many: the engine says so and nothing changes
        boxes.nth(index).check()
    app.button("Reveal the sheets ticked").click()
    expect(app.message).to_contain_text("at most 3 sticker sheets")
    expect(app.prompt).to_contain_text("Choose up to 3 of your sticker sheets")
    boxes.nth(0).uncheck()
    boxes.nth(3).uncheck()
    app.button("Reveal the sheets ticked").click()
    expect(app.prompt).to_contain_text("Keep 7 cards")
    expect(app.message).to_have_text("")
    assert sticker_zone(app) == SHEETS[1:3]
    revealed = app.page.get_by_test_id("log").locator('[data-rule="103.2d"]')
    expect(revealed.filter(has_text="Seat 1 chooses")).to_contain_text(
        "Seat 1 chooses and reveals 2 sticker sheets: Carnival Elephant Meteor, Happy Dead Squirrel"
    )
    expect(revealed).to_have_count(2)  # the computer's seat chose too
    assert len(sticker_zone(app, 2)) == 3


def test_in_constructed_three_sheets_are_chosen_at_random_and_a_link_shows_the_same(app: AppPage) -> None:
    spells = ("Lightning Bolt", "Shock", "Lava Spike", "Rift Bolt", "Skewer the Critics", "Monastery Swiftspear",
              "Goblin Guide", "Eidolon of the Great Revel", "Boros Charm")  # fmt: skip
    deck = "24 Mountain\n" + "".join(f"4 {name}\n" for name in spells)
    deck += "\nStickers\n" + "".join(f"1 {name}\n" for name in SHEETS)
    app.open().deal(seed=5, deck=deck)
    app.choose_to_play_if_asked()
    expect(app.prompt).to_contain_text("Keep 7 cards")
    chosen = sticker_zone(app)
    assert len(chosen) == 3 and set(chosen) <= set(SHEETS)
    expect(app.page.get_by_test_id("log").locator('[data-rule="103.2d"]').first).to_contain_text(
        "reveals 5 sticker sheets and chooses three of them at random"
    )
    app.reopen_from_share_link()
    app.choose_to_play_if_asked()
    expect(app.prompt).to_contain_text("Keep 7 cards")
    assert sticker_zone(app) == chosen
