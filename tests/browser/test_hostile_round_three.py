"""Hostile input, round three (issue 34): quiz links, quizzes the page cannot answer, and a
card row no card has. Each test fails on a console error or a Python traceback (the `app`
fixture's guard). Scryfall's limits and answers: test_scryfall_limits.py."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

from playwright.sync_api import expect

from opening_hand.cards.samples import SAMPLES
from opening_hand.share.share_link import Setup, encode_setup, unpack
from opening_hand.trainer.quiz import Quiz, QuizHand, encode_quiz, has_decision
from tests.browser.pages import AppPage
from tests.browser.test_scryfall_option import CARD, EXTRA_KEY, NEW_CARD, wait_for_card_data

SETUP = Setup(deck=SAMPLES["constructed"], format="constructed", players=2, edition="london", seed=1)
HEADING = '[data-board="main"] [data-el="heading"]'


def packed(prefix: str, data: object) -> str:
    raw = json.dumps(data).encode()
    return f"{prefix}." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def test_a_quiz_link_naming_a_format_alias_opens_with_the_format_in_its_menu(app: AppPage) -> None:
    setup = {**unpack(encode_setup(SETUP).partition(".")[2], "the link"), "f": "modern", "e": "London"}
    quiz = {"s": packed("v1", setup), "h": [[5, True], [6, False]], "k": [[2, 5, 0, 5], [2, 5, 0, 5]], "n": []}
    app.page.goto(app.url + "#" + packed("q1", quiz))
    app.page.wait_for_selector('body[data-ready="true"]')
    expect(app.page.locator(HEADING)).to_have_text("Quiz · hand 1 of 2")
    expect(app.page.get_by_label("Format")).to_have_value("constructed")
    expect(app.page.get_by_label("Rules", exact=True)).to_have_value("london")
    app.page.keyboard.press("k")
    expect(app.page.locator(HEADING)).to_have_text("Quiz · hand 2 of 2")
    app.page.keyboard.press("m")
    expect(app.page.get_by_test_id("quiz-row")).to_have_count(2)
    app.deal(seed=3)  # the setup it left is one the page deals
    expect(app.button("Keep")).to_be_visible()


def test_a_quiz_is_refused_for_rules_without_a_keep_or_mulligan_decision(app: AppPage) -> None:
    app.open()
    app.change_setup()
    app.page.get_by_label("Rules", exact=True).select_option("draw-ten")
    app.page.locator("#quiz summary").click()
    app.page.get_by_role("button", name="Make a quiz and start").click()
    expect(app.page.get_by_test_id("quiz-status")).to_contain_text("no keep-or-mulligan decision to quiz")
    expect(app.page.locator(HEADING)).to_have_text("Table")


def test_a_quiz_under_the_original_rule_asks_only_hands_that_may_mulligan(app: AppPage) -> None:
    app.open()
    app.change_setup()
    app.page.get_by_label("Rules", exact=True).select_option("original")
    app.page.locator("#quiz summary").click()
    app.page.get_by_label("Hands", exact=True).fill("2")
    app.page.get_by_role("button", name="Make a quiz and start").click()
    for number in (1, 2):
        expect(app.page.locator(HEADING)).to_have_text(f"Quiz · hand {number} of 2")
        expect(app.button("Keep")).to_be_visible()
        expect(app.button("Mulligan")).to_be_visible()
        app.page.keyboard.press("k")
    expect(app.page.get_by_test_id("quiz-row")).to_have_count(2)


def test_a_made_up_quiz_hand_without_a_decision_is_skipped_and_said(app: AppPage) -> None:
    original = Setup(deck=SAMPLES["constructed"], format="constructed", players=2, edition="original", seed=1)
    seeds = [s for s in range(1, 400) if not has_decision(Quiz(original, (QuizHand(s, True),)), 0)][:1]
    seeds += [s for s in range(1, 4000) if has_decision(Quiz(original, (QuizHand(s, True),)), 0)][:1]
    quiz = Quiz(original, (QuizHand(seeds[0], True), QuizHand(seeds[1], True)))
    app.page.goto(app.url + "#" + encode_quiz(quiz))
    app.page.wait_for_selector('body[data-ready="true"]')
    expect(app.page.locator(HEADING)).to_have_text("Quiz · hand 2 of 2")  # hand 1 asks nothing: skipped
    expect(app.button("Keep")).to_be_visible()
    app.page.keyboard.press("k")
    expect(app.page.get_by_test_id("quiz-row")).to_have_count(1)
    expect(app.page.get_by_test_id("quiz-score")).to_contain_text(
        re.compile(r"1 of the link.s hands asks for no decision")
    )


def test_a_kept_card_costing_two_dozen_hybrid_pips_deals_at_once(app: AppPage, card_db: Path) -> None:
    """A valid row a hostile page of the same origin could keep (24 × {2/W}, 120 characters)
    made the outlook try 2^24 ways to pay it: Deal froze for more than 10 s."""
    from opening_hand.cards.scryfall import FORMATS, card_row

    row = card_row({**CARD, "mana_cost": "{2/W}" * 24, "cmc": 48.0})
    assert row is not None
    kept = json.dumps({"format": 1, "formats": list(FORMATS), "rows": [row]})
    app.page.context.add_init_script(f"localStorage.setItem({json.dumps(EXTRA_KEY)}, {json.dumps(kept)});")
    app.open()
    wait_for_card_data(app)
    app.deal(deck=f"30 {NEW_CARD}\n30 Mountain", seed=4, unchecked=True)
    app.choose_to_play_if_asked()
    expect(app.button("Keep")).to_be_visible()
    expect(app.page.get_by_test_id("outlook-cast")).to_contain_text(NEW_CARD)
    app.button("Mulligan").click()
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")
