"""The table as a player feels it (issue 32): reading cards never hides or blocks a decision,
a phone hand is readable and tappable, every decision has a key, the practice sides hold on
every deal, and compared boards each fit the screen.

Geometry is tested as the browser lays the page out: bounding boxes inside the viewport,
and ``document.elementFromPoint`` at a button's centre for what a click there really hits.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Locator, expect

from tests.browser.pages import AppPage

LAPTOP = {"width": 1280, "height": 720}
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
SIZES = {"desktop": DESKTOP, "laptop": LAPTOP, "phone": PHONE}

ON_TOP = """(el) => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit === el || el.contains(hit); }"""
BOX = "(el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
# Every visible piece of text on the main board, with its computed size.
TEXT_SIZES = """() => { const out = []; const walk = document.createTreeWalker(
    document.querySelector('[data-board="main"]'), NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) { const t = walk.currentNode; if (!t.data.trim()) continue;
    const el = t.parentElement; const r = el.getBoundingClientRect();
    if (!r.width || !el.checkVisibility() || el.closest('.sr-only')) continue;
    out.push([t.data.trim().slice(0, 30), parseFloat(getComputedStyle(el).fontSize)]); }
  return out; }"""
# Card names drawn cut off (clipped by their box) in the deciding hand.
CLIPPED_NAMES = """() => [...document.querySelectorAll('[data-board="main"] [data-el="hand"] .card-name')]
  .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
  .map((el) => el.textContent)"""


def practise(app: AppPage, side: str) -> None:
    """Set "Play or draw" to practise a side (the setup panel is open before the first deal)."""
    app.change_setup()
    app.page.get_by_label("Play or draw").select_option(f"practice-{side}")


def buttons(app: AppPage) -> list[Locator]:
    return app.decision_buttons().all()


def overlaps(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_buttons_on_top(app: AppPage, when: str) -> None:
    hidden = [b.inner_text() for b in buttons(app) if not b.evaluate(ON_TOP)]
    assert hidden == [], f"{when}: something else takes the click at the centre of {hidden}"


# ------------------------------------------------------------------- reading cards


@pytest.mark.parametrize("size", list(SIZES))
def test_the_decision_stays_clickable_with_the_pointer_on_each_card(app: AppPage, size: str) -> None:
    app.page.set_viewport_size(SIZES[size])
    app.open()
    practise(app, "play")
    app.deal(seed=7)
    steps = ["after Deal", "after a mulligan, choosing the bottom", "after two mulligans, choosing the bottom"]
    for step, when in enumerate(steps):
        if step:
            if step == 2:
                app.button("Put on bottom").click()
            app.button("Mulligan").click()
            expect(app.prompt).to_contain_text(f"Put {step} card")
        app.assert_decision_in_view()
        assert_buttons_on_top(app, when)
        docked = []
        for index, card in enumerate(app.deciding_hand().all()):
            card.hover()
            if index == 0:
                app.page.wait_for_timeout(450)  # the dock's short delay (Preview.HOVER_DELAY)
            assert_buttons_on_top(app, f"{when}, pointer on card {index + 1}")
            preview = app.page.locator("#preview")
            if size != "phone":
                expect(preview).to_have_attribute("data-mode", "hover")
                expect(preview.get_by_role("img")).to_have_attribute(
                    "aria-label", card.get_attribute("data-card-name") or "?"
                )
                dock = preview.evaluate(BOX)
                for part in ('[data-el="decision"]', '[data-el="hand"]', '[data-el="outlook"]'):
                    area = app.page.locator(f'[data-board="main"] {part}')
                    if area.is_visible():
                        assert not overlaps(dock, area.evaluate(BOX)), f"{when}: the dock covers {part}"
                docked.append(index)
            else:
                expect(preview).to_be_hidden()  # no dock beside a phone's table
        if size == "phone":
            widths = [card.bounding_box()["width"] for card in app.deciding_hand().all()]  # type: ignore[index]
            assert min(widths) >= 44, f"hand cards as narrow as {min(widths)} px to tap"
        else:
            assert docked == list(range(app.deciding_hand().count()))
        app.page.mouse.move(2, 2)


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_reading_a_card_while_deciding_keep_or_mulligan_is_not_an_error(app: AppPage, size: str) -> None:
    app.page.set_viewport_size(SIZES[size])
    app.open()
    practise(app, "draw")
    app.deal(seed=12)
    expect(app.button("Keep")).to_be_visible()
    preview = app.page.locator("#preview")
    for index, card in enumerate(app.deciding_hand().all()):
        name = card.get_attribute("data-card-name")
        card.click()
        expect(preview).to_have_attribute("data-mode", "open")
        expect(preview.get_by_role("img")).to_have_attribute("aria-label", name or "?")
        assert app.page.locator(".preview .card").count() == 1, "one preview at a time"
        expect(app.message).to_be_empty()  # no alert: reading a card is not a mistake
        if index % 2:
            app.page.keyboard.press("Escape")
        else:
            preview.click()  # a second tap on it
        expect(preview).to_be_hidden()
    # hovering another card while one is open keeps the open one (still only one)
    if size == "desktop":
        app.deciding_hand().nth(0).click()
        app.deciding_hand().nth(3).hover()
        app.page.wait_for_timeout(450)
        assert app.page.locator(".preview .card").count() == 1
        expect(preview).to_have_attribute("data-mode", "open")
    expect(app.button("Keep")).to_be_visible()  # nothing was decided by reading


# ------------------------------------------------------------------- a phone hand


# The visible buttons and summaries of the table (as Playwright's :visible: a non-empty box)
# under 44 px in width or height.
TINY_TARGETS = """() => [...document.querySelectorAll('[data-board="main"] button, [data-board="main"] summary')]
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([el, r]) => r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden")
  .filter(([, r]) => Math.min(r.width, r.height) < 44)
  .map(([el]) => el.innerText.slice(0, 20))"""


def test_a_phone_hand_is_readable_and_tappable(app: AppPage) -> None:
    app.page.set_viewport_size(PHONE)
    app.open()
    practise(app, "play")
    app.deal(seed=3)
    app.button("Mulligan").click()  # the hand and the bottom choice together
    app.assert_decision_in_view()
    assert app.page.evaluate(CLIPPED_NAMES) == [], "card names cut off in the hand"
    small = [(text, px) for text, px in app.page.evaluate(TEXT_SIZES) if px < 14]
    assert small == [], f"text under 14 px on a phone: {small[:8]}"
    # Measured in one go: the outlook beside the hand may be redrawn between two round trips.
    tiny = app.page.evaluate(TINY_TARGETS)
    assert tiny == [], f"tap targets under 44 px: {tiny}"
    hand = app.deciding_hand()
    unmarked = next(i for i in range(hand.count()) if hand.nth(i).get_attribute("aria-pressed") == "false")
    hand.nth(unmarked).click()  # one card to choose: a tap on another moves the mark there
    expect(hand.nth(unmarked)).to_have_attribute("aria-pressed", "true")
    expect(app.page.locator('[data-board="main"] [data-el="hand"] [aria-pressed="true"]')).to_have_count(1)
    expect(app.message).to_be_empty()


# ------------------------------------------------------------------- practising a side


@pytest.mark.parametrize(("fmt", "players"), [("constructed", 2), ("two-headed-giant", 4)])
def test_practice_on_the_draw_puts_seat_1_on_the_draw_in_every_game(app: AppPage, fmt: str, players: int) -> None:
    app.open()
    if fmt != "constructed":
        app.choose_format(fmt, players=players)
    practise(app, "draw")
    app.deal()
    starting = app.page.get_by_test_id("starting-player")
    seeds = set()
    for game in range(20):
        if game:
            app.page.keyboard.press("n")
        seed = app.page.get_by_test_id("seed-used")
        expect(seed).not_to_have_text(sorted(seeds)[-1] if seeds else "")
        seeds.add(seed.text_content() or "")
        expect(starting).not_to_contain_text("Seat 1")  # seat 1 (its team) is on the draw
        expect(starting).not_to_have_text("—")
        expect(app.page.get_by_test_id("log")).to_contain_text("Practice setting:")
        expect(app.page.get_by_test_id("log")).to_contain_text("draws first")
        expect(app.button("Play first")).to_be_hidden()
    assert len(seeds) == 20


def test_practice_on_the_play_makes_next_hand_then_keep_two_keys(app: AppPage) -> None:
    app.open()
    practise(app, "play")
    app.page.evaluate("document.activeElement.blur()")
    for _ in range(10):
        app.page.keyboard.press("n")
        expect(app.button("Keep")).to_be_visible()
        expect(app.page.get_by_test_id("starting-player")).to_have_text("Seat 1 (you)")
        app.page.keyboard.press("k")
        expect(app.prompt).to_contain_text("The game begins")


def test_always_play_first_says_it_applies_when_you_win_the_flip(app: AppPage) -> None:
    app.open()
    options = app.page.get_by_label("Play or draw").locator("option").all_inner_texts()
    assert "Play first when I win the flip" in options
    assert {"Practise on the play (every game)", "Practise on the draw (every game)"} <= set(options)


# ------------------------------------------------------------------- keys


def strip(app: AppPage) -> list[str]:
    return app.page.locator('[data-board="main"] [data-el="keys"] kbd').all_inner_texts()


def test_keyboard_only_deal_mulligan_bottom_undo_keep_and_next_hand(app: AppPage) -> None:
    app.open()
    practise(app, "play")
    app.page.get_by_label("Seed").fill("40")
    app.page.evaluate("document.activeElement.blur()")
    keys = app.page.keyboard
    keys.press("d")
    expect(app.button("Keep")).to_be_visible()
    assert strip(app) == ["K", "M", "1–7", "N", "D"]
    for key in ("b", "u", "t", "Enter", "s"):  # keys not in the strip do nothing now
        keys.press(key)
    expect(app.prompt).to_contain_text("Keep 7 cards")
    assert app.log_entries.count() == (before := app.log_entries.count())
    keys.press("m")
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")
    assert strip(app) == ["Enter / B", "U", "1–7", "Esc", "N", "D"]
    assert app.button("Put on bottom").get_attribute("title") == "Bottom (key Enter or B)"
    assert app.button("Undo").get_attribute("aria-keyshortcuts") == "U Control+Z Meta+Z"
    keys.press("Escape")  # clear the suggestion, choose the third card by its number
    assert "Esc" not in strip(app)
    keys.press("3")
    third = app.deciding_hand().nth(2)
    expect(third).to_have_attribute("aria-pressed", "true")
    chosen = third.get_attribute("data-card-id")
    keys.press("Enter")
    expect(app.prompt).to_contain_text("Keep 6 cards")
    assert chosen not in app.hand_ids()
    keys.press("u")  # take back the bottom
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")
    keys.press("b")
    expect(app.prompt).to_contain_text("Keep 6 cards")
    keys.press("k")
    expect(app.prompt).to_contain_text("The game begins")
    keys.press("Control+z")  # take back the keep
    expect(app.prompt).to_contain_text("Keep 6 cards")
    keys.press("Meta+z")  # and the bottom
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")
    keys.press("Enter")
    keys.press("k")
    expect(app.prompt).to_contain_text("The game begins")
    assert app.log_entries.count() > before
    seed = app.page.get_by_test_id("seed-used").text_content() or ""
    keys.press("n")
    expect(app.page.get_by_test_id("seed-used")).not_to_have_text(seed)
    expect(app.button("Keep")).to_be_visible()


def test_ctrl_z_in_the_decklist_is_the_fields_own_undo(app: AppPage) -> None:
    app.open()
    practise(app, "play")
    app.deal(seed=5)
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    app.change_setup()
    app.decklist.focus()
    app.page.keyboard.press("Control+z")
    expect(app.prompt).to_contain_text("The game begins")  # the game's keep stands


def test_keyboard_only_vancouver_scry(app: AppPage) -> None:
    app.open()
    practise(app, "play")
    app.page.get_by_label("Rules", exact=True).select_option("vancouver")
    app.page.get_by_label("Seed").fill("8")
    app.page.evaluate("document.activeElement.blur()")
    keys = app.page.keyboard
    keys.press("d")
    keys.press("m")
    expect(app.prompt).to_contain_text("Keep 6 cards")
    keys.press("k")
    expect(app.prompt).to_contain_text("Scry 1")
    assert strip(app) == ["Enter", "B", "U", "1–6", "N", "D"]
    assert app.button("Keep on top").get_attribute("title") == "Keep on top (key Enter)"
    assert app.button("Put on bottom").get_attribute("title") == "Bottom (key B)"
    top = app.page.get_by_test_id("library-1").get_by_test_id("card").get_attribute("data-card-name")
    keys.press("b")
    expect(app.prompt).to_contain_text("The game begins")
    expect(app.page.get_by_test_id("log")).to_contain_text("bottom")
    keys.press("u")
    expect(app.prompt).to_contain_text("Scry 1")
    keys.press("Enter")
    expect(app.prompt).to_contain_text("The game begins")
    assert top


# ------------------------------------------------------------------- compare


def test_compared_boards_are_stacked_and_each_fits_the_screen(app: AppPage) -> None:
    app.page.set_viewport_size(DESKTOP)
    app.open()
    app.page.get_by_label("Compare with").select_option("vancouver")
    app.deal(seed=2)
    main = app.page.locator('[data-board="main"]')
    other = app.page.locator('[data-board="compare"]')
    a, b = main.bounding_box(), other.bounding_box()
    assert a and b and b["y"] >= a["y"] + a["height"], "the compared board is below the main one"
    assert abs(a["width"] - b["width"]) < 1
    for board in (main, other):
        first = board.get_by_role("button", name=re.compile("^(Play first|Keep)$")).first
        expect(first).to_be_visible()  # each board has its own decision
        focus = board.locator('[data-el="focus"]')
        focus.scroll_into_view_if_needed()
        box = focus.bounding_box()
        assert box and box["height"] <= DESKTOP["height"], "the board's hand and decision fit one screen"
        for part in board.locator('[data-el="hand"] [data-testid="card"], [data-el="controls"] button:visible').all():
            part.scroll_into_view_if_needed()
        focus.evaluate("(el) => el.scrollIntoView({block: 'end'})")
        outside = [
            n
            for n in board.locator('[data-el="hand"] [data-testid="card"]').all()
            if not n.evaluate(
                "(e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
            )
        ]
        assert outside == []


# ------------------------------------------------------------------- the small things


def test_the_small_things(app: AppPage) -> None:
    app.page.set_viewport_size(DESKTOP)
    app.open()
    # before the first deal: no "skips first draw —", and the decklist on the first screen
    expect(app.page.get_by_test_id("first-draw-skipped")).to_be_hidden()
    box = app.decklist.bounding_box()
    assert box and box["y"] < DESKTOP["height"] - 100, "the decklist is on the first screen"
    app.decklist.fill("24 Mountain\n36 Lightning Bolt\n")
    app.decklist.dispatch_event("change")
    expect(app.prompt).to_have_text("Press Deal (D) to deal your deck, or change the setup first.")
    app.button("Load sample deck").click()
    practise(app, "draw")
    app.button("Deal").click()
    seed = app.page.get_by_test_id("seed-used").text_content() or ""
    assert re.fullmatch(r"seed \d{1,7}", seed), seed
    expect(app.page.get_by_test_id("first-draw-skipped")).to_have_text("Seat 2")
    cast = app.page.get_by_test_id("outlook-cast").locator("li[data-card]")
    expect(cast.first).to_be_visible()
    names = [li.get_attribute("data-card") for li in cast.all()]
    assert len(names) == len(set(names)), f"a card listed twice in the outlook: {names}"
    # the quiz link wraps in its panel, with a Copy button
    app.page.locator("summary", has_text="Quiz: keep or mulligan?").click()
    app.page.get_by_role("button", name="Make a quiz and start").click()
    link, copy = app.page.get_by_test_id("quiz-url"), app.page.locator("#quiz-copy")
    expect(copy).to_be_visible()
    panel = app.page.locator("#quiz").bounding_box()
    for part in (link, copy):
        part_box = part.bounding_box()
        assert panel and part_box and part_box["x"] + part_box["width"] <= panel["x"] + panel["width"]
    copy.click()
    expect(app.page.get_by_test_id("quiz-status")).to_contain_text("Quiz link")


def test_commander_has_no_empty_band_between_the_seat_and_its_decision(app: AppPage) -> None:
    app.page.set_viewport_size(DESKTOP)
    app.open()
    app.choose_format("commander", players=2)
    practise(app, "play")
    app.deal(seed=4)
    expect(app.button("Keep")).to_be_visible()
    head = app.page.locator('[data-board="main"] [data-el="focus-zones"]').bounding_box()
    prompt = app.prompt.bounding_box()
    assert head and prompt and prompt["y"] - (head["y"] + head["height"]) < 24


LOG_AT_END = """() => { const log = document.getElementById("log");
  return { overflows: log.scrollHeight > log.clientHeight + 1,
           atEnd: log.scrollTop + log.clientHeight >= log.scrollHeight - 1 }; }"""


def test_the_log_keeps_its_newest_event_in_sight(app: AppPage) -> None:
    """The log follows the game (it scrolls in the frame after each step, not during the
    click: measuring it there made the browser lay the page out mid-click)."""
    app.page.set_viewport_size({"width": 1366, "height": 900})
    app.open().deal(seed=5)
    app.choose_to_play_if_asked()
    entries = app.log_entries.count()
    for bottom in (1, 2, 3):
        app.button("Mulligan").click()
        expect(app.prompt).to_contain_text(f"Put {bottom} card")
        app.button("Put on bottom").click()
        expect(app.log_entries).not_to_have_count(entries)
        entries = app.log_entries.count()
    app.page.wait_for_function(f"({LOG_AT_END})().atEnd", timeout=5_000)
    state = app.page.evaluate(LOG_AT_END)
    assert state["overflows"], "the log must be longer than its box for this test to mean anything"
    assert state["atEnd"]
    expect(app.log_entries.last).to_be_in_viewport()
