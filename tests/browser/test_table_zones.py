"""The table's zones and seats in the variants, the enlarged card, the keys that deal and
choose who plays first, and an accessibility audit of those states."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.pages import AppPage
from tests.browser.test_accessibility import audit, with_axe


def test_hot_seat_shows_the_deciding_seat_at_the_bottom(app: AppPage) -> None:
    with_axe(app)
    app.open().choose_format("commander", players=4, hot_seat=True)
    app.deal(seed=5)
    assert audit(app) == []  # who plays first, the other seats as panels
    app.choose_to_play_if_asked()
    focus = app.page.locator('[data-board="main"] [data-el="focus"]')
    seen = set()
    for _ in range(4):
        expect(app.prompt).to_have_text(re.compile(r"^Seat \d: Keep"))
        deciding = app.prompt.inner_text().split(":")[0].removeprefix("Seat ")
        expect(focus).to_have_attribute("data-seat", deciding)
        expect(app.page.get_by_test_id(f"status-{deciding}")).to_have_text("deciding")
        seen.add(deciding)
        app.button("Keep").click()
    assert seen == {"1", "2", "3", "4"}
    expect(app.prompt).to_contain_text("The game begins")
    assert audit(app) == []  # four kept hands, the hot-seat hands folded in the panels


def test_the_starting_plane_and_the_scheme_deck_are_zones_of_the_table(app: AppPage) -> None:
    with_axe(app)
    app.open().choose_format("archenemy", players=3)
    app.deal(seed=2)
    scheme = app.page.get_by_test_id("scheme-deck")
    expect(scheme).to_contain_text(re.compile(r"Scheme deck \(Seat 1, archenemy\)\s*20 cards face down"))
    assert audit(app) == []
    app.choose_format("planechase", players=2)
    app.deal(seed=2)
    app.play_through()
    plane = app.page.get_by_test_id("starting-plane").get_by_test_id("card")
    expect(plane).to_have_count(1)  # 103.7: the top card of the starting player's planar deck
    expect(app.page.get_by_test_id("log")).to_contain_text(plane.get_attribute("data-card-name") or "?")
    assert audit(app) == []


def test_a_tap_enlarges_a_card_and_another_closes_it(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Play or draw").select_option("play")
    app.deal(seed=9)
    card = app.hand().nth(2)
    name = card.get_attribute("data-card-name")
    card.click()
    preview = app.page.locator("#preview")
    expect(preview).to_be_visible()
    expect(preview.get_by_role("img", name=name or "?")).to_be_visible()
    preview.click()
    expect(preview).to_be_hidden()
    app.hand().nth(2).click()
    app.page.keyboard.press("Escape")
    expect(preview).to_be_hidden()


def test_keys_deal_and_choose_who_plays_first(app: AppPage) -> None:
    app.open()
    for seed in range(1, 12):  # a seed where Seat 1 wins the flip and is asked
        app.change_setup()
        app.page.get_by_label("Seed").fill(str(seed))
        app.page.evaluate("document.activeElement.blur()")
        app.page.keyboard.press("d")
        expect(app.page.get_by_test_id("seed-used")).to_have_text(f"seed {seed}")
        if app.button("Play first").is_visible():
            break
    app.page.keyboard.press("p")
    expect(app.page.get_by_test_id("starting-player")).to_have_text("Seat 1 (you)")
    expect(app.button("Keep")).to_be_visible()


def test_a_long_press_enlarges_a_card_while_choosing_the_bottom(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Play or draw").select_option("play")
    app.deal(seed=9)
    app.button("Mulligan").click()
    app.page.keyboard.press("Escape")  # no card marked
    card = app.hand().nth(4)
    card.dispatch_event("contextmenu")  # what a long press on a touch screen sends
    expect(app.page.locator("#preview")).to_be_visible()
    expect(card).to_have_attribute("aria-pressed", "false")  # enlarged, not chosen
