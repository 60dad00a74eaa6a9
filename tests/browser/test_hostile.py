"""Hostile and impossible input: huge lists, empty or tiny decks, rapid repeated clicks."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.pages import AppPage


def test_a_ten_thousand_line_decklist_gets_a_limit_message_and_the_page_stays_usable(app: AppPage) -> None:
    app.open()
    huge = "\n".join(f"1 Card number {i}" for i in range(10_000))
    app.page.evaluate("text => { const box = document.getElementById('decklist'); box.value = text; }", huge)
    app.decklist.dispatch_event("change")  # as a paste does
    app.deal(seed=1, unchecked=True)
    expect(app.message).to_contain_text("a decklist may have at most 2000 lines; this one has 10000")
    expect(app.decklist).to_have_value(huge)  # kept as typed
    app.change_setup()
    app.button("Load sample deck").click()
    app.deal(seed=1)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)


def test_half_a_million_cards_get_a_limit_message_with_the_line_and_the_page_stays_usable(app: AppPage) -> None:
    app.open()
    huge = "250 Relentless Rats\n" * 2000  # within the line limit, even with deck checks skipped
    app.page.evaluate("text => { document.getElementById('decklist').value = text; }", huge)
    app.decklist.dispatch_event("change")
    app.deal(seed=1, unchecked=True)
    expect(app.message).to_contain_text("Line 5: a decklist may hold at most 1000 cards in all; this one has 500000")
    expect(app.decklist).to_have_value(huge)
    app.change_setup()
    app.button("Load sample deck").click()
    app.deal(seed=1)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)


def test_an_empty_deck_and_a_deck_smaller_than_a_hand(app: AppPage) -> None:
    app.open()
    app.deal(seed=1, deck="")
    expect(app.message).to_contain_text("the decklist has no main-deck cards")
    app.deal(seed=1, deck="3 Lightning Bolt")
    expect(app.message).to_contain_text("the deck has 3 cards; Two-player constructed decks need at least 60")
    expect(app.message).to_contain_text("(CR 100.2a)")
    app.change_setup()
    app.page.get_by_label("Skip deck checks").check()
    app.deal(seed=1)
    app.choose_to_play_if_asked()
    app.expect_hand_size(3)
    expect(app.page.get_by_test_id("log")).to_contain_text("Seat 1's deck has only 3 cards, fewer than a hand of 7")


def test_rapid_repeated_clicks_never_lose_or_double_cards(app: AppPage) -> None:
    app.open().deal(seed=5)
    app.choose_to_play_if_asked()
    # Twenty clicks in one task, faster than any person: each is handled in turn, against
    # the state the previous one left; a click on a button that is no longer offered does nothing.
    app.page.evaluate(
        """() => { const board = document.querySelector('[data-board="main"]');
                   for (let i = 0; i < 10; i++) {
                     board.querySelector('[data-button="mulligan"]').click();
                     board.querySelector('[data-button="keep"]').click(); } }"""
    )
    cards = app.page.evaluate(
        """() => [...document.querySelectorAll('[data-player="1"][data-testid="card"]')].map(c => c.dataset.cardId)"""
    )
    library = app.library_count(1)
    assert len(cards) == len(set(cards)), "a card shown twice"
    assert len(cards) + library == 60, (len(cards), library)  # no card lost
    mulligans = len(re.findall(r"Seat 1 takes a mulligan", app.page.get_by_test_id("log").inner_text()))
    keeps = len(re.findall(r"Seat 1 keeps", app.page.get_by_test_id("log").inner_text()))
    # Mulligan, then the bottom step (CR 103.5): every later Keep or Mulligan click is refused.
    assert mulligans == 1 and keeps == 0
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")


def log_count(app: AppPage, pattern: str) -> int:
    return len(re.findall(pattern, app.page.get_by_test_id("log").inner_text()))


def test_a_double_click_or_a_held_key_is_one_action(app: AppPage) -> None:
    app.open().deal(seed=5)
    app.choose_to_play_if_asked()
    app.button("Mulligan").dblclick()  # one mulligan, not two
    expect(app.button("Put on bottom")).to_be_visible()
    assert log_count(app, r"Seat 1 takes a mulligan") == 1
    app.button("Put on bottom").dblclick()  # the suggested card, once
    expect(app.button("Keep")).to_be_visible()
    assert log_count(app, r"Seat 1 puts 1 card on the bottom") == 1
    app.page.keyboard.down("m")  # the M shortcut held down: the browser repeats the key
    app.page.keyboard.down("m")
    app.page.keyboard.down("m")
    app.page.keyboard.up("m")
    assert log_count(app, r"Seat 1 takes a mulligan") == 2
    app.page.keyboard.press("Enter")  # Enter: put the two suggested cards on the bottom
    expect(app.button("Mulligan")).to_be_visible()
    app.button("Mulligan").focus()  # Enter held on the focused button
    app.page.keyboard.down("Enter")
    app.page.keyboard.down("Enter")
    app.page.keyboard.down("Enter")
    app.page.keyboard.up("Enter")
    assert log_count(app, r"Seat 1 takes a mulligan") == 3
    app.page.keyboard.press("Escape")  # clear the suggestion
    first = app.hand().first
    first.dblclick()  # chosen - not chosen and un-chosen again
    expect(first).to_have_attribute("aria-pressed", "true")
    app.hand().nth(1).click()  # three mulligans: three cards go to the bottom (CR 103.5)
    app.hand().nth(2).click()
    app.button("Put on bottom").click()
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    cards = app.page.evaluate(
        """() => [...document.querySelectorAll('[data-player="1"][data-testid="card"]')].map(c => c.dataset.cardId)"""
    )
    assert len(cards) + app.library_count(1) == 60 and len(cards) == len(set(cards))
    assert log_count(app, r"Seat 1 keeps") == 1
    app.expect_hand_size(4)


def test_the_content_security_policy_refuses_inline_script(app: AppPage) -> None:
    app.open()
    policy = app.page.locator('meta[http-equiv="Content-Security-Policy"]').get_attribute("content") or ""
    assert "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';" in policy and "unsafe-inline" not in policy
    assert "object-src 'none'" in policy and "connect-src 'self'" in policy
    # Markup that slipped into the DOM could not run: inline handlers and scripts are refused.
    app.page.evaluate(
        """() => { const img = document.createElement('img');
                   img.setAttribute('onerror', 'window.pwned = 1'); img.src = 'data:,x';
                   document.body.append(img); }"""
    )
    app.page.wait_for_timeout(200)
    assert app.page.evaluate("window.pwned") is None
    assert app.guard is not None
    refused = [p for p in app.guard.problems if "Content Security Policy" in p]
    assert refused, "the browser should report the refused inline handler"
    app.guard.problems[:] = [p for p in app.guard.problems if p not in refused]


# Each payload would raise window.__pwned if the page ever parsed it as markup or code.
PAYLOADS = (
    '<img src=x onerror="window.__pwned=1">',
    "<script>window.__pwned=1</script>",
    '"><svg onload="window.__pwned=1">',
    "javascript:window.__pwned=1",
    '<a href="javascript:window.__pwned=1">x</a>',
)

EXECUTED_OR_PARSED = """() => ({
  pwned: window.__pwned === undefined ? null : window.__pwned,
  handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on')))
    .map((e) => e.outerHTML.slice(0, 80)),
  made: document.querySelectorAll(
    'script:not([src]):not([type]), body img:not(.card-image), a[href^="javascript:"]').length,
})"""


def test_markup_and_script_anywhere_the_user_or_a_link_writes_are_only_ever_text(app: AppPage) -> None:
    app.open()
    app.choose_format("vanguard")
    app.page.locator("#vanguard-name").fill(PAYLOADS[1])
    main = "".join(f"1 {p}\n" for p in PAYLOADS) + "55 Mountain\nSideboard\n" + f"1 {PAYLOADS[2]}\n"
    app.deal(seed=11, deck=main, unchecked=True)
    app.mulligan_once_and_begin()
    page_text = app.page.locator("body").inner_text()
    assert PAYLOADS[1] in page_text  # the vanguard, by its name, as text
    app.my_decks()
    app.page.get_by_label("Name", exact=True).fill(PAYLOADS[0])  # a deck saved under a hostile name
    app.button("Save deck").click()
    expect(app.page.get_by_label("Saved", exact=True).locator("option")).to_contain_text([PAYLOADS[0]])
    assert app.page.evaluate(EXECUTED_OR_PARSED) == {"pwned": None, "handlers": [], "made": 0}

    # The same through a share link, in a fresh page: the decklist and vanguard come back as typed.
    app.reopen_from_share_link()
    expect(app.decklist).to_have_value(main)
    expect(app.page.locator("#vanguard-name")).to_have_value(PAYLOADS[1])
    expect(app.prompt).to_contain_text("The game begins")
    assert app.page.evaluate(EXECUTED_OR_PARSED) == {"pwned": None, "handlers": [], "made": 0}

    # A tampered link whose fields carry markup where a number belongs: a message, as text.
    app.page.evaluate("h => { location.hash = h; }", "#v1." + PAYLOADS[0])
    expect(app.message).to_contain_text("This link cannot be opened")
    assert app.page.evaluate(EXECUTED_OR_PARSED) == {"pwned": None, "handlers": [], "made": 0}
