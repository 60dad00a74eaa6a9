"""End-to-end: a player deals, mulligans, bottoms chosen cards and keeps, in Chromium."""

from __future__ import annotations

import re

from playwright.sync_api import Route, expect

from tests.browser.guard import Guard
from tests.browser.pages import AppPage

SEED = 424242


def test_the_shell_paints_before_python_is_ready(app: AppPage) -> None:
    held: list[Route] = []
    app.page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    app.page.goto(app.url, wait_until="domcontentloaded")
    for _ in range(300):  # give the runtime time to ask for the wasm, which we hold (a busy machine is slow)
        if held:
            break
        app.page.wait_for_timeout(100)
    assert held, "the runtime should be asking for pyodide.asm.wasm"
    expect(app.page.locator("body")).to_have_attribute("data-ready", "false")
    expect(app.page.locator("#boot-progress")).to_be_visible()
    expect(app.decklist).to_have_value(re.compile(r"^4 Goblin Guide"))
    expect(app.button("Deal")).to_be_disabled()
    held[0].continue_()
    app.page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
    expect(app.page.locator("#boot-progress")).to_be_hidden()
    expect(app.button("Deal")).to_be_enabled()


def test_deal_mulligan_twice_bottom_after_each_mulligan_and_keep(app: AppPage) -> None:
    """CR 103.5: each mulligan puts its bottom cards right after the new hand is drawn; the
    player then declares again with the smaller hand. The bottom step comes with the
    computer policy's choice marked, which Enter confirms and clicks change."""
    app.open().deal(seed=SEED)
    expect(app.page.get_by_test_id("seed-used")).to_have_text(f"seed {SEED}")
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    expect(app.page.get_by_test_id("life-1")).to_have_text("20")
    expect(app.page.get_by_test_id("library-count-1")).to_have_text("53")
    starting = app.page.get_by_test_id("starting-player")
    expect(starting).to_have_text(re.compile(r"Seat [12]"))

    first_hand = app.hand_ids()
    app.button("Mulligan").click()
    expect(app.page.get_by_test_id("log")).to_contain_text(
        "Seat 1 shuffles their hand into their library and draws 7 cards, then puts 1 card on the bottom (mulligan 1)"
    )
    assert app.hand_ids() != first_hand
    expect(app.page.get_by_test_id("prompt")).to_contain_text("Put 1 card on the bottom as part of the mulligan")
    marked = app.page.locator('[data-testid="card"][data-zone="hand"][data-player="1"][aria-pressed="true"]')
    expect(marked).to_have_count(1)  # the suggestion
    suggested = marked.get_attribute("data-card-id")
    app.page.keyboard.press("Enter")  # confirms it
    app.expect_hand_size(6)
    assert suggested not in app.hand_ids()
    expect(app.page.get_by_test_id("prompt")).to_contain_text("Keep 6 cards, or take a mulligan")

    app.button("Mulligan").click()
    expect(app.page.get_by_test_id("log")).to_contain_text("(mulligan 2)")
    app.expect_hand_size(7)
    expect(marked).to_have_count(2)
    app.page.keyboard.press("Escape")  # clears the suggestion
    expect(marked).to_have_count(0)

    # Choose two cards, in an order that is not hand order; unmark and re-mark one.
    cards = app.hand()
    names = app.hand_names()
    cards.nth(4).click()
    cards.nth(1).click()
    expect(cards.nth(4).get_by_test_id("bottom-order")).to_have_text("1st")
    expect(cards.nth(1).get_by_test_id("bottom-order")).to_have_text("2nd")
    cards.nth(4).click()  # unmark: the other becomes 1st
    expect(cards.nth(1).get_by_test_id("bottom-order")).to_have_text("1st")
    expect(cards.nth(4)).to_have_attribute("aria-pressed", "false")
    cards.nth(4).click()
    expect(cards.nth(4).get_by_test_id("bottom-order")).to_have_text("2nd")
    app.button("Put on bottom").click()

    app.expect_hand_size(5)
    assert app.library_count(1) == 55
    app.button("Keep").click()
    last_bottom = app.log_entries.filter(has_text="on the bottom of their library").last
    expect(last_bottom).to_contain_text(f"{names[1]}, then {names[4]} ({names[4]} is now the bottom card)")
    expect(last_bottom).to_have_attribute("data-rule", "103.5")
    expect(app.page.get_by_test_id("prompt")).to_contain_text("The game begins")
    rules = app.log_rules()
    for rule in ("103.1", "103.3", "103.4", "103.5", "103.6", "103.8", "103.8a"):
        assert rule in rules
    expect(app.page.get_by_test_id("first-draw-skipped")).to_have_text(starting.inner_text())
    for name in ("Keep", "Mulligan", "Put on bottom"):
        expect(app.button(name)).to_be_hidden()


def test_the_opponent_seat_declares_by_its_policy(app: AppPage) -> None:
    app.open().deal(seed=SEED)
    app.choose_to_play_if_asked()
    app.button("Keep").click()
    expect(app.page.get_by_test_id("prompt")).to_contain_text("The game begins")
    expect(app.page.get_by_test_id("log")).to_contain_text(re.compile(r"Seat 2 (keeps|declares a mulligan)"))
    backs = app.page.locator('[data-testid="hand-2"] [data-testid="card-back"]')
    assert 1 <= backs.count() <= 7
    expect(app.hand(2)).to_have_count(0)  # the opponent's cards are never in the DOM
    assert app.library_count(2) == 60 - backs.count()


def test_a_wrong_number_of_cards_to_bottom_gets_a_message_and_changes_nothing(app: AppPage) -> None:
    app.open().deal(seed=SEED)
    app.choose_to_play_if_asked()
    app.hand().first.click()  # reading a card while deciding Keep or Mulligan is no mistake
    expect(app.page.locator("#preview")).to_have_attribute("data-mode", "open")
    expect(app.message).to_be_hidden()
    app.page.keyboard.press("Escape")
    app.button("Mulligan").click()
    app.page.keyboard.press("Escape")  # clear the suggested card
    app.button("Put on bottom").click()  # nothing chosen
    expect(app.message).to_contain_text("must put exactly 1 card on the bottom, not 0")
    app.expect_hand_size(7)
    app.hand().nth(2).click()
    app.hand().nth(3).click()  # one card to choose: a click on another moves the mark
    expect(app.hand().nth(2)).to_have_attribute("aria-pressed", "false")
    expect(app.hand().nth(3)).to_have_attribute("aria-pressed", "true")
    app.button("Put on bottom").click()
    app.expect_hand_size(6)
    expect(app.message).to_be_hidden()
    app.button("Keep").click()
    expect(app.page.get_by_test_id("prompt")).to_contain_text("The game begins")


def test_choosing_more_cards_than_the_bottom_takes_is_refused_with_a_message(app: AppPage) -> None:
    app.open().deal(seed=SEED)
    app.choose_to_play_if_asked()
    app.button("Mulligan").click()
    app.button("Put on bottom").click()
    app.button("Mulligan").click()
    expect(app.prompt).to_contain_text("Put 2 cards on the bottom")
    app.page.keyboard.press("Escape")
    for index in (0, 1, 2):
        app.hand().nth(index).click()
    expect(app.message).to_contain_text("already chosen 2")
    expect(app.hand().nth(2)).to_have_attribute("aria-pressed", "false")
    app.button("Put on bottom").click()
    app.expect_hand_size(5)


def test_a_bad_decklist_names_the_line_and_keeps_the_text(app: AppPage) -> None:
    app.open()
    text = "4 Mountain\n4 Lightning Bolt\n0 Island\n"
    app.deal(deck=text)
    expect(app.message).to_contain_text('Line 3: quantity must be at least 1 ("0 Island")')
    expect(app.decklist).to_have_value(text)
    expect(app.hand()).to_have_count(0)


def test_deck_checks_name_the_rule_and_can_be_skipped(app: AppPage) -> None:
    app.open()
    deck = "20 Mountain\n5 Lightning Bolt\n15 Goblin Guide\n"
    app.deal(deck=deck, seed=7)
    expect(app.message).to_contain_text("40 cards; Two-player constructed decks need at least 60 (CR 100.2a)")
    expect(app.message).to_contain_text("5 copies of Lightning Bolt")
    app.deal(unchecked=True)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    expect(app.page.get_by_test_id("library-count-1")).to_have_text("33")


def test_a_bad_seed_gets_a_message(app: AppPage) -> None:
    app.open().deal(seed="twelve")  # type: ignore[arg-type]
    expect(app.message).to_contain_text("The seed must be a whole number")
    expect(app.hand()).to_have_count(0)


def test_a_hostile_card_name_is_shown_as_text(app: AppPage) -> None:
    hostile = "<img src=x onerror=alert(1)>"
    app.open().deal(deck=f"7 {hostile}\n", unchecked=True, seed=3)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    assert set(app.hand_names()) == {hostile}
    expect(app.hand().first).to_contain_text(hostile)
    assert app.page.locator(".seats img").count() == 0


def test_the_guard_sees_console_errors_off_origin_requests_and_dialogs(page, server_url: str) -> None:
    guard = Guard(page, server_url)
    page.goto(server_url + "static/app.css")
    page.evaluate("console.error('boom')")
    page.evaluate("fetch('http://198.51.100.1/x').catch(() => {})")
    page.evaluate("setTimeout(() => alert('hi'), 0)")
    page.wait_for_timeout(200)
    assert any("boom" in p for p in guard.problems)
    assert any("198.51.100.1" in p for p in guard.problems)
    assert guard.dialogs == ["hi"]


def test_card_faces_show_mana_symbols_from_the_vendored_font(app: AppPage) -> None:
    app.open().deal(seed=SEED)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)
    cost = app.page.locator('[data-testid="card"] .card-cost i.ms-cost').first
    expect(cost).to_be_attached()
    symbol = cost.get_attribute("data-symbol") or ""
    assert f"ms-{symbol.lower()}" in (cost.get_attribute("class") or "").split()
    # The glyph comes from mana-font served by this site (the guard fails any other origin).
    loaded = app.page.evaluate("async () => { await document.fonts.ready; return document.fonts.check('12px Mana'); }")
    assert loaded, "the Mana font did not load"
    glyph = app.page.evaluate("el => getComputedStyle(el, '::before').content", cost.element_handle())
    assert glyph not in ("none", "normal", ""), glyph
