"""Share links, back/forward between setups, and undo, in the browser."""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import BrowserContext, expect

from tests.browser.guard import Guard
from tests.browser.pages import AppPage


def test_a_copied_link_opens_the_same_hands_at_the_same_point_in_a_new_page(
    app: AppPage, context: BrowserContext
) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("vancouver")
    app.deal(seed=31337)
    app.choose_to_play_if_asked()
    app.button("Mulligan").click()
    app.expect_hand_size(6)
    hand = app.hand_names()
    app.button("Copy link").click()
    link = app.page.get_by_test_id("share-url").input_value()
    assert re.search(r"#v1\.[A-Za-z0-9_-]+$", link) and link.startswith(app.url)

    other = context.new_page()
    guard = Guard(other, app.url)
    receiver = AppPage(other, link, guard).open()
    receiver.expect_hand_size(6)
    assert receiver.hand_names() == hand
    expect(other.get_by_label("Rules")).to_have_value("vancouver")
    expect(other.get_by_label("Seed")).to_have_value("31337")
    expect(receiver.prompt).to_contain_text("Keep 6 cards")
    assert receiver.log_rules() == app.log_rules()
    assert not guard.problems, guard.problems


def test_back_and_forward_move_between_practice_setups(app: AppPage) -> None:
    app.open().deal(seed=1)
    app.choose_to_play_if_asked()
    first = app.hand_names()
    app.deal(seed=2)
    app.choose_to_play_if_asked()
    second = app.hand_names()
    assert first != second
    app.page.go_back()
    expect(app.page.get_by_label("Seed")).to_have_value("1")
    app.choose_to_play_if_asked()
    expect(app.hand()).to_have_count(7)
    assert app.hand_names() == first
    app.page.go_forward()
    expect(app.page.get_by_label("Seed")).to_have_value("2")
    app.choose_to_play_if_asked()
    expect(app.hand()).to_have_count(7)
    assert app.hand_names() == second


def test_a_tampered_link_shows_a_message_and_the_page_stays_usable(app: AppPage) -> None:
    app.page.goto(app.url + "#v1.eJyrVkrNU7JSMjQwUCoG0qbQ")  # cut short
    app.page.wait_for_selector('body[data-ready="true"]')
    expect(app.message).to_contain_text("This link cannot be opened")
    expect(app.decklist).to_have_value(re.compile(r"^4 Goblin Guide"))  # the sample is still there
    app.deal(seed=4)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)

    mine = "4 My Card\n56 Mountain\n"
    app.change_setup()
    app.decklist.fill(mine)
    app.page.evaluate("location.hash = '#v1.' + 'A'.repeat(40)")
    expect(app.message).to_contain_text("This link cannot be opened")
    expect(app.decklist).to_have_value(mine)  # nothing the user had is lost


def test_a_link_with_markup_in_the_deck_shows_it_as_text(app: AppPage) -> None:
    app.open()
    hostile = '1 <img src=x onerror="alert(1)">\n59 Mountain\n'
    app.deal(seed=8, deck=hostile, unchecked=True)
    app.choose_to_play_if_asked()
    app.reopen_from_share_link()
    expect(app.decklist).to_have_value(hostile)
    assert app.page.locator("img").count() == 0


def test_undo_takes_back_a_misclicked_mulligan_exactly(app: AppPage) -> None:
    app.open().deal(seed=77)
    app.choose_to_play_if_asked()
    before = app.hand_ids()
    log = app.log_rules()
    app.button("Mulligan").click()
    assert app.hand_ids() != before
    app.button("Undo").click()
    assert app.hand_ids() == before
    assert app.log_rules() == log
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    app.button("Undo").click()  # even after the game has begun
    expect(app.prompt).to_contain_text("Keep 7 cards")
    assert app.hand_ids() == before


def test_a_link_made_before_the_2025_text_opens_under_the_text_it_named(app: AppPage) -> None:
    """A link of the previous version (generation 2) naming "london" meant the text before
    2025: it opens under that edition, replays, and cites that text's numbers."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "links" / "london-before-2025.json"
    old = json.loads(fixture.read_text(encoding="utf-8"))
    app.page.goto(app.url + "#" + old["link"])
    app.page.wait_for_selector('body[data-ready="true"]')
    expect(app.page.get_by_label("Rules")).to_have_value("london-2019")
    expect(app.prompt).to_contain_text("The game begins")
    assert app.hand_names() == old["hands"][0]
    assert app.log_rules() == [f"2019–23 {rule}" for rule, _text in old["events"]]
