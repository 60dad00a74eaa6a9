"""The keep-or-mulligan trainer through the page: practice turns after the game begins
(CR 504.1 draws as 103.7 says who skips, one land a turn by 305.2), carried by undo and
share links."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from pages import AppPage

SEED = 5  # Seat 1 wins the flip and chooses


def test_draws_follow_the_library_then_undo_and_a_share_link_carry_them(app: AppPage) -> None:
    app.open().deal(seed=SEED)
    app.button("Play first").click()  # no draw on the first turn (103.7a)
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
