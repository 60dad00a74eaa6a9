"""The keep-or-mulligan trainer through the page: practice turns after the game begins
(CR 504.1 draws as 103.8 says who skips, one land a turn by 305.2), carried by undo and
share links."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, expect

from tests.browser.guard import Guard
from tests.browser.pages import AppPage

SEED = 5  # Seat 1 wins the flip and chooses
LANDS = {
    "Mountain",
    "Sacred Foundry",
    "Inspiring Vantage",
    "Sunbaked Canyon",
    "Plains",
    "Arid Mesa",
    "Bloodstained Mire",
}

VERDICT = r"(Keep|Mulligan|Close, no verdict(, leaning (keep|mulligan))?): by turn 4 this hand is worth"


def test_draws_follow_the_library_then_undo_and_a_share_link_carry_them(app: AppPage) -> None:
    app.open().deal(seed=SEED)
    app.button("Play first").click()  # no draw on the first turn (103.8a)
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    draw = app.page.locator('[data-board="main"] [data-button="draw"]')
    expect(draw).to_have_text("Draw · turn 1")
    kept = app.hand_names()
    library = app.library_count(1)

    draw.click()  # turn 1: no draw for the starting player
    turns = app.page.get_by_test_id("turns-1")
    expect(turns.locator("li[data-turn]")).to_have_count(1)
    expect(turns.locator('li[data-turn="1"]')).to_contain_text("no draw")
    expect(app.page.get_by_test_id("log")).to_contain_text("Turn 1: Seat 1 skips the draw step (two-player game).")
    assert app.library_count(1) == library

    for turn in range(2, 7):
        app.page.keyboard.press("t")
        expect(turns.locator("li[data-turn]")).to_have_count(turn)
    expect(draw).to_be_hidden()  # practice stops at turn 6
    expect(app.prompt).to_contain_text("Practice stops at turn 6")
    assert app.library_count(1) == library - 5
    lands_played = turns.locator(".turn-land", has_text="▲").count()
    assert app.page.get_by_test_id("battlefield-1").locator("[data-card-name]").count() == lands_played
    expect(turns.locator(".turn-total")).to_have_text(f"{lands_played} land{'' if lands_played == 1 else 's'}")
    assert len(app.hand_names()) == len(kept) + 5 - lands_played  # five draws; each land played left the hand
    drawn = app.page.locator('[data-board="main"] [data-zone="hand"] .card-badge', has_text=re.compile("drawn turn"))
    assert 5 - lands_played <= drawn.count() <= 5
    rules = app.log_rules()
    assert rules.count("CR 504.1") == 5 and rules.count("CR 305.2") == 6  # five draws, six turns

    hand_after_six = app.hand_names()
    app.reopen_from_share_link()  # the link carries the turns: the same draws, the same hand
    expect(app.page.get_by_test_id("turns-1").locator("li[data-turn]")).to_have_count(6)
    assert app.hand_names() == hand_after_six

    app.button("Undo").click()  # back to the end of turn 5
    expect(app.page.get_by_test_id("turns-1").locator("li[data-turn]")).to_have_count(5)
    expect(draw).to_have_text("Draw · turn 6")
    for _ in range(5):
        app.button("Undo").click()
    expect(app.prompt).to_contain_text("The game begins")
    assert sorted(app.hand_names()) == sorted(kept)
    expect(app.page.get_by_test_id("turns-1")).to_have_count(0)


IN_VIEW = """(e) => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def test_the_outlook_sits_beside_the_hand_and_follows_the_cards_marked_for_the_bottom(app: AppPage) -> None:
    app.open().deal(seed=SEED)
    app.button("Play first").click()
    outlook = app.page.get_by_test_id("outlook")
    expect(outlook).to_be_visible()
    assert outlook.evaluate(IN_VIEW), "the outlook should be on screen beside the hand at 1366x900"
    lands = outlook.get_by_test_id("outlook-lands")
    expect(lands.locator('tr[data-side="play"]')).to_have_class("mine")  # seat 1 plays first: 103.8a
    held = sum(1 for name in app.hand_names() if name in LANDS)
    expect(lands.locator("caption")).to_have_text(f"Land drops (%) with {held} in hand")
    expect(outlook.get_by_test_id("outlook-mulligan")).to_contain_text("Your keep rule (2–5 lands)")
    verdict = outlook.get_by_test_id("outlook-verdict")  # first in the outlook, once a mulligan's value is in
    expect(verdict).to_contain_text(re.compile("^" + VERDICT))
    assert verdict.evaluate(IN_VIEW), "the verdict should be on screen beside the hand"

    app.button("Mulligan").click()
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")
    expect(outlook).to_be_visible()  # again while bottoming
    names = app.hand_names()
    land_index = next((i for i, n in enumerate(names) if n in LANDS), None)
    if land_index is not None:
        app.page.keyboard.press("Escape")  # clear the suggestion, then mark a land
        app.hand().nth(land_index).click()
        in_hand = sum(1 for n in names if n in LANDS) - 1
        expect(lands.locator("caption")).to_have_text(f"Land drops (%) with {in_hand} in hand")
    app.page.keyboard.press("Enter")
    expect(app.prompt).to_contain_text("Keep 6 cards")


def test_feedback_after_keep_and_mulligan_can_be_switched_off(app: AppPage) -> None:
    app.open().deal(seed=SEED)
    app.button("Play first").click()
    feedback = app.page.get_by_test_id("feedback")
    app.button("Mulligan").click()
    expect(feedback).to_contain_text("Mulligan from 7 cards")
    expect(feedback).to_contain_text(re.compile(r"Your keep rule \(2–5 lands\) says (keep|mulligan)"))
    app.button("Undo").click()
    expect(feedback).to_be_empty()
    expect(app.page.get_by_test_id("outlook-verdict")).not_to_contain_text("Working out")
    app.button("Keep").click()
    expect(feedback).to_contain_text("Kept 7 cards")
    expect(feedback).to_contain_text(re.compile(VERDICT))

    app.button("Undo").click()
    app.page.get_by_test_id("feedback-toggle").uncheck()
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    expect(feedback).to_be_empty()
    app.page.reload()
    app.page.wait_for_selector('body[data-ready="true"]')
    app.deal(seed=SEED)
    app.button("Play first").click()
    expect(app.page.get_by_test_id("feedback-toggle")).not_to_be_checked()  # remembered in this browser


def answer_quiz(app: AppPage, answers: str) -> list[list[str]]:
    """Answer each hand (k or m); returns the hands seen."""
    hands = []
    for number, key in enumerate(answers, start=1):
        expect(app.page.locator('[data-board="main"] [data-el="heading"]')).to_have_text(
            f"Quiz · hand {number} of {len(answers)}"
        )
        expect(app.prompt).to_contain_text("Keep 7 cards")
        hands.append(app.hand_names())
        app.page.keyboard.press(key)
    return hands


def test_a_quiz_is_a_link_a_group_answers_the_same_hands(app: AppPage, context: BrowserContext) -> None:
    app.open()
    app.page.locator("#quiz summary").click()
    app.page.get_by_label("Hands", exact=True).fill("3")
    app.page.get_by_role("button", name="Make a quiz and start").click()
    hands = answer_quiz(app, "kmk")
    rows = app.page.get_by_test_id("quiz-row")
    expect(rows).to_have_count(3)
    expect(app.page.get_by_test_id("quiz-score")).to_contain_text("You agree with the trainer on")
    expect(app.page.get_by_test_id("feedback")).to_contain_text("Quiz done.")
    for row, hand, answer in zip(rows.all(), hands, ("keep", "mulligan", "keep"), strict=True):
        expect(row.locator('[data-part="cards"]')).to_have_text(" · ".join(hand))
        expect(row.locator('[data-part="answer"]')).to_contain_text(f"You: {answer}")
        figures = row.locator('[data-part="figures"]')
        expect(figures).to_contain_text(re.compile(r"by turn 4 this hand is worth \d+\.\d"))
    expect(app.prompt).to_contain_text("Keep 7 cards")  # the last hand stays as it was answered
    assert app.hand_names() == hands[-1]
    link = app.page.get_by_test_id("quiz-url").input_value()
    assert re.search(r"#q1\.[A-Za-z0-9_-]+$", link) and link.startswith(app.url)

    other = context.new_page()
    guard = Guard(other, app.url)
    friend = AppPage(other, link, guard).open()
    assert answer_quiz(friend, "mmm") == hands  # the same hands for everyone
    expect(other.get_by_test_id("quiz-row")).to_have_count(3)
    expect(other.get_by_test_id("quiz-row").first.locator('[data-part="answer"]')).to_contain_text("You: mulligan")
    assert not guard.problems, guard.problems


def test_a_tampered_quiz_link_changes_nothing(app: AppPage) -> None:
    app.page.goto(app.url + "#q1.eJyrVkrNU7JSMjQwUCoG0qbQ")
    app.page.wait_for_selector('body[data-ready="true"]')
    expect(app.message).to_contain_text("This quiz link cannot be opened")
    expect(app.decklist).to_have_value(re.compile(r"^4 Goblin Guide"))
    app.deal(seed=SEED)
    expect(app.page.locator('[data-board="main"] [data-el="heading"]')).to_have_text("Table")


def test_the_bottom_comes_marked_with_the_models_best_and_another_choice_is_graded(app: AppPage) -> None:
    from opening_hand.share.share_link import decode_setup, game_from_setup, replay
    from opening_hand.trainer.reading import advise

    app.open().deal(seed=SEED)
    app.button("Play first").click()
    expect(app.page.get_by_test_id("outlook-verdict")).not_to_contain_text("Working out")
    app.button("Mulligan").click()
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")
    marked = [c.get_attribute("data-card-id") for c in app.hand().all() if c.get_attribute("aria-pressed") == "true"]
    app.button("Copy link").click()
    setup = decode_setup(app.page.get_by_test_id("share-url").input_value().split("#", 1)[1])
    state = replay(game_from_setup(setup), setup.actions)  # the same state, in CPython
    bottoming = advise(state, 1, 1)
    assert bottoming is not None and marked == [str(card) for card in bottoming.best]

    worst = max(state.player(1).hand, key=lambda card: bottoming.cost((card.id,)))
    app.page.keyboard.press("Escape")
    app.page.locator(f'[data-card-id="{worst.id}"][data-zone="hand"]').click()
    app.button("Put on bottom").click()
    cost = bottoming.cost((worst.id,))
    feedback = app.page.get_by_test_id("feedback")
    if cost > 0.05:
        expect(feedback).to_contain_text(f"Bottom: {cost:.1f} mana worse by turn 4 than the model's best")
    else:
        expect(feedback).to_contain_text("Bottom: as good as the model's best")
