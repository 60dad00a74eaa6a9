"""The table is the page: right after Deal, the hand being decided on and its decision's
buttons are on screen without scrolling, at a desktop size and at a phone size, for the
tables players meet (two-player, four-player Commander in hot-seat, Two-Headed Giant, a
Vanguard hand of nine, draw ten); nothing is wider than the screen; no card name breaks
inside a word; the other seats are listed in turn order."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import DESKTOP, PHONE, AppPage

# name -> (format, players, hot-seat, rules)
TABLES = {
    "two-player": ("constructed", 2, False, "london"),
    "commander-hot-seat": ("commander", 4, True, "london"),
    "two-headed-giant": ("two-headed-giant", 4, False, "london"),
    "vanguard-nine": ("vanguard", 2, False, "london"),
    "draw-ten": ("constructed", 2, False, "draw-ten"),
}


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
@pytest.mark.parametrize("table", list(TABLES))
def test_the_deciding_hand_and_its_buttons_fit_the_screen_after_deal(app: AppPage, table: str, size: dict) -> None:
    fmt, players, hot_seat, rules = TABLES[table]
    app.page.set_viewport_size(size)
    app.open().choose_format(fmt, players=players, hot_seat=hot_seat)
    app.page.get_by_label("Rules").select_option(rules)
    if table == "vanguard-nine":
        app.page.get_by_label("Hand modifier").fill("2")  # 7 + 2 (103.5a)
    app.deal(seed=11)
    app.assert_decision_in_view()  # the first decision: in hot-seat, who plays first
    app.choose_to_play_if_asked()
    expect(app.deciding_hand()).to_have_count({"vanguard-nine": 9, "draw-ten": 10}.get(table, 7))
    app.assert_decision_in_view()
    app.assert_no_sideways_scrolling()
    assert app.names_broken_inside_words() == []


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_no_sideways_scrolling_with_every_panel_open(app: AppPage, size: dict) -> None:
    app.page.set_viewport_size(size)
    app.open().choose_format("vanguard")  # the vanguard box: the widest set-up
    app.deal(seed=3)
    app.button("Change").click()
    for name in ("Odds for this deck", "Practice statistics", "Mark cards as lands", "My decks"):
        app.page.locator("summary", has_text=name).click()
    app.button("Compute odds").click()
    expect(app.page.get_by_test_id("odds-summary")).not_to_be_empty()
    odds = app.page.get_by_test_id("odds-table")
    expect(odds).to_contain_text("> 99.9%")  # London on the draw: below 100 %, never shown as 100.0%
    expect(odds).not_to_contain_text("100.0%")
    app.assert_no_sideways_scrolling()
    vanguard = app.page.locator("#vanguard").bounding_box()
    panel = app.page.locator("#setup-panel").bounding_box()
    assert vanguard and panel and vanguard["x"] + vanguard["width"] <= panel["x"] + panel["width"] + 0.5


def test_other_seats_are_listed_in_turn_order_and_show_where_they_are(app: AppPage) -> None:
    app.open().choose_format("commander", players=4)
    app.deal(seed=5)
    app.choose_to_play_if_asked()
    order = [s.strip() for s in app.page.get_by_test_id("turn-order").inner_text().split("→")]
    panels = app.page.locator('[data-board="main"] [data-el="opponents"] [data-seat]')
    shown = [f"Seat {p.get_attribute('data-seat')}" for p in panels.all()]
    assert shown == [seat for seat in order if seat != "Seat 1"]
    app.button("Keep").click()
    for seat in shown:  # every computer seat has kept (2-5 lands) or declared a mulligan
        status = app.page.get_by_test_id(f"status-{seat.removeprefix('Seat ')}")
        expect(status).to_have_text(re.compile(r"kept \d|keeps \d|will mulligan|to decide"))


def test_the_setup_folds_to_a_summary_and_the_view_and_focus_go_to_the_table(app: AppPage) -> None:
    app.page.set_viewport_size(PHONE)
    app.open()
    expect(app.button("Deal")).to_be_in_viewport(ratio=1)  # a first visit: the sample deck and Deal, in view
    expect(app.page.locator("#setup-panel")).to_have_attribute("open", "")
    app.deal(seed=4)
    expect(app.page.locator("#setup-panel")).not_to_have_attribute("open", "")
    expect(app.page.locator("#deck-panel")).not_to_have_attribute("open", "")
    expect(app.page.get_by_test_id("setup-summary")).to_contain_text("Two-player constructed · London mulligan")
    expect(app.page.get_by_test_id("setup-summary")).to_contain_text("seed 4")
    focused = app.page.evaluate("document.activeElement.closest('[data-board=\"main\"]') !== null")
    assert focused, "the focus moves to the table"
    app.button("Change").click()
    expect(app.page.locator("#setup-panel")).to_have_attribute("open", "")
    expect(app.page.get_by_label("Format")).to_be_focused()


def test_next_hand_and_a_remembered_play_or_draw_make_a_kept_seven_two_actions(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Play or draw").select_option("draw")
    app.page.reload()
    app.page.wait_for_selector('body[data-ready="true"]')
    expect(app.page.get_by_label("Play or draw")).to_have_value("draw")  # remembered in this browser
    seeds = set()
    for _ in range(3):
        actions = ["n", "k"]  # the practice loop: next hand, keep
        for key in actions:
            app.page.keyboard.press(key)
            if key == "n":
                expect(app.button("Keep")).to_be_visible()
                seeds.add(app.page.get_by_test_id("seed-used").text_content())
        expect(app.prompt).to_contain_text("The game begins")
        assert len(actions) == 2
    assert len(seeds) == 3, "each Next hand has a new seed"
    expect(app.page.get_by_test_id("log")).not_to_contain_text("chooses Seat 1 to take the first turn")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_backup_plan_hands_are_rows_of_cards_that_fit_the_screen(app: AppPage, size: dict) -> None:
    app.page.set_viewport_size(size)
    app.open().choose_format("conspiracy", players=4)
    app.deal(seed=7)
    app.choose_to_play_if_asked()
    app.button("Put into the command zone").click()  # Power Play and Backup Plan (103.2e)
    expect(app.prompt).to_contain_text("Backup Plan: keep one of your hands")
    expect(app.deciding_hand()).to_have_count(14)  # two hands of seven, each a row with its button
    expect(app.page.get_by_role("group", name="Hand 2").get_by_test_id("card")).to_have_count(7)
    app.assert_decision_in_view()
    for button in ("Keep hand 1", "Keep hand 2"):
        expect(app.button(button)).to_be_in_viewport(ratio=1)
    app.assert_no_sideways_scrolling()
    app.button("Keep hand 2").click()
    expect(app.deciding_hand()).to_have_count(7)
