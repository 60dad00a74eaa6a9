"""The bugs players met on the old page, each pinned by a test that failed there."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.pages import PHONE, AppPage


def test_enter_after_deal_confirms_the_bottom_card_instead_of_dealing_again(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Play or draw").select_option("play")
    app.deal(seed=31)  # a click: Deal would keep the focus
    app.page.keyboard.press("m")
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")
    app.page.keyboard.press("Escape")  # the suggested card is unmarked
    app.page.keyboard.press("2")
    expect(app.hand().nth(1)).to_have_attribute("aria-pressed", "true")
    app.page.keyboard.press("Enter")
    expect(app.prompt).to_contain_text("Keep 6 cards")
    app.page.keyboard.press("k")
    expect(app.prompt).to_contain_text("The game begins")
    expect(app.page.get_by_test_id("log")).to_contain_text("puts 1 card on the bottom")
    assert app.log_rules().count("103") == 1, "Enter must not have dealt a new game"


def test_the_deck_summary_follows_a_paste_before_the_box_loses_focus(app: AppPage) -> None:
    app.open()
    app.decklist.fill("4 Lightning Bolt\n56 Mountain\n")  # typed or pasted: no blur, no change event
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 56 lands")
    expect(app.decklist).to_be_focused()


def test_typing_a_player_count_then_clicking_load_sample_deck_loads_it(app: AppPage) -> None:
    app.open()
    app.decklist.fill("")
    app.page.get_by_label("Format").select_option("multiplayer")
    players = app.page.get_by_role("spinbutton", name="Players")
    players.fill("")
    players.press_sequentially("4")  # no change event yet: the field still has the focus
    app.button("Load sample deck").click()  # the press blurs the field; the release must still hit
    expect(app.decklist).not_to_have_value("")
    expect(app.page.get_by_label("Shared team turns")).to_be_visible()


def test_the_scryfall_checkbox_sits_on_the_line_of_its_label(app: AppPage) -> None:
    app.page.set_viewport_size(PHONE)
    app.open()
    box = app.page.get_by_label("Show card images from Scryfall (needs internet)").bounding_box()
    label = app.page.locator("label", has_text="Show card images").evaluate(
        "(l) => { const r = document.createRange(); r.selectNodeContents(l); const b = r.getClientRects();"
        " const t = [...b].find((x) => x.width > 20); return {top: t.top, bottom: t.bottom, left: t.left}; }"
    )
    assert box is not None
    middle = box["y"] + box["height"] / 2
    assert label["top"] <= middle <= label["bottom"], (box, label)


def test_choices_without_an_order_are_not_numbered_and_0_chooses_the_tenth_card(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("draw-ten")
    app.page.get_by_label("Play or draw").select_option("draw")
    app.deal(seed=4)
    app.expect_hand_size(10)
    app.page.keyboard.press("0")
    app.page.keyboard.press("1")
    expect(app.hand().nth(9)).to_have_attribute("aria-pressed", "true")
    marks = app.page.get_by_test_id("bottom-order")
    expect(marks).to_have_text(["✓", "✓"])  # draw ten, shuffle three back: the order does not matter
    app.page.keyboard.press("Escape")
    expect(marks).to_have_count(0)


def test_partial_paris_marks_are_not_numbered(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("partial-paris")
    app.page.get_by_label("Play or draw").select_option("play")
    app.deal(seed=4)
    app.hand().nth(0).click()
    app.hand().nth(3).click()
    expect(app.page.get_by_test_id("bottom-order")).to_have_text(["✓", "✓"])


def test_the_scry_answers_are_drawn_alike(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("vancouver")
    app.page.get_by_label("Play or draw").select_option("play")
    app.deal(seed=12)
    app.button("Mulligan").click()
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("Scry 1")
    for name in ("Put on bottom", "Keep on top"):
        expect(app.button(name)).not_to_have_class(re.compile(r"\bprimary\b"))
    # Drawn alike, though Enter is a key for "Keep on top" (named on that button, issue 32).
    assert app.button("Keep on top").get_attribute("title") == "Keep on top (key Enter)"


def test_an_empty_deck_is_not_told_to_skip_lines(app: AppPage) -> None:
    app.open().deal(deck="")
    expect(app.message).to_contain_text("no main-deck cards")
    expect(app.message).not_to_contain_text("Skip lines")


def test_unreadable_lines_are_marked_in_the_deck_panel_and_select_their_line(app: AppPage) -> None:
    app.open().deal(deck="56 Mountain\n0 Island\n4 Lightning Bolt\n999 Island\n")
    expect(app.message).to_contain_text("Line 2")  # beside the prompt, where the player looks
    problems = app.page.get_by_test_id("deck-problems").get_by_role("button")
    expect(problems).to_have_count(2)
    expect(problems.nth(1)).to_contain_text("Line 4")
    problems.nth(1).click()
    selected = app.decklist.evaluate("(t) => t.value.slice(t.selectionStart, t.selectionEnd)")
    assert selected == "999 Island"
    expect(app.decklist).to_have_value("56 Mountain\n0 Island\n4 Lightning Bolt\n999 Island\n")


def test_a_refused_action_is_explained_beside_its_prompt(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Play or draw").select_option("play")
    app.deal(seed=31)
    app.button("Mulligan").click()
    app.page.keyboard.press("Escape")  # unmark the suggested card
    app.button("Put on bottom").click()  # no card chosen
    expect(app.message).not_to_be_empty()
    prompt, message = app.prompt.bounding_box(), app.message.bounding_box()
    assert prompt and message and 0 <= message["y"] - prompt["y"] < 120


def test_digit_like_keys_and_seeds_get_a_message_not_a_traceback(app: AppPage) -> None:
    app.open()
    for seed in ("²", "①", "9" * 5000):  # isdigit() is true for each; int() refuses them
        app.seed.fill(seed)
        app.button("Deal").click()
        expect(app.message).to_contain_text("The seed must be a whole number")
    app.page.get_by_label("Play or draw").select_option("play")
    app.deal(seed=5)
    before = app.hand_ids()
    for key in ("²", "③", "①"):  # the ² key is a real key on French keyboards
        press_key(app, key)
    assert app.hand_ids() == before
    app.button("Mulligan").click()
    app.page.keyboard.press("Escape")  # unmark the suggested card
    press_key(app, "³")
    expect(app.page.get_by_test_id("bottom-order")).to_have_count(0)


def press_key(app: AppPage, key: str) -> None:
    """A keydown Playwright's keyboard cannot type (it knows no "²" key), as the browser sends it."""
    app.page.evaluate(
        "(key) => (document.activeElement || document.body)"
        ".dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true}))",
        key,
    )
