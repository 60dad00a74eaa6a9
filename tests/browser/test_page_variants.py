"""End-to-end: variant games driven through the page in hot-seat mode."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.pages import AppPage


def test_two_headed_giant_in_hot_seat(app: AppPage) -> None:
    app.open().choose_format("two-headed-giant", hot_seat=True)
    expect(app.page.get_by_role("spinbutton", name="Players")).to_have_value("4")
    app.deal(seed=11)
    expect(app.page.get_by_test_id("team-life-1")).to_have_text("—")
    prompts = app.play_through()
    assert any("this mulligan is free (103.5c)" in p for p in prompts)
    expect(app.page.get_by_test_id("team-life-1")).to_have_text("30")
    expect(app.page.get_by_test_id("team-life-2")).to_have_text("30")
    expect(app.page.get_by_test_id("life-1")).to_have_count(0)  # team life only (103.4a)
    starting = app.page.get_by_test_id("starting-player").inner_text()
    assert re.match(r"Team [12]: Seat \d, Seat \d", starting)
    skipped = app.page.get_by_test_id("first-draw-skipped").inner_text()
    assert skipped == starting.split(": ")[1]  # the starting team skips its first draw (103.8b)
    rules = app.log_rules()
    assert {"103.1a", "103.4a", "103.5d", "103.8b"} <= set(rules)
    for seat in (1, 2, 3, 4):
        expect(app.hand(seat)).to_have_count(7)


def test_four_player_commander_in_hot_seat(app: AppPage) -> None:
    app.open().choose_format("commander", players=4, hot_seat=True)
    app.deal(seed=5)
    app.play_through()
    for seat in (1, 2, 3, 4):  # 103.2c: commanders wait in the command zone
        command = app.page.locator(f'[data-testid="card"][data-zone="command"][data-player="{seat}"]')
        expect(command).to_have_attribute("data-card-name", "Krenko, Mob Boss")
    for seat in (1, 2, 3, 4):
        expect(app.page.get_by_test_id(f"life-{seat}")).to_have_text("40")
        assert app.library_count(seat) == 92  # 100 - commander - 7
    expect(app.page.get_by_test_id("first-draw-skipped")).to_have_text("no one")
    assert {"103.2c", "103.4c", "103.8c"} <= set(app.log_rules())


def test_four_player_brawl_free_mulligan_then_bottom(app: AppPage) -> None:
    app.open().choose_format("brawl", players=4, hot_seat=True)
    app.deal(seed=8)
    app.choose_to_play_if_asked()
    expect(app.prompt).to_contain_text("free (103.5c)")
    app.button("Mulligan").click()  # free: seven again, nothing to bottom
    for _ in range(3):
        app.button("Keep").click()
    expect(app.prompt).to_contain_text("Keep 7 cards, or take a mulligan (to 6)")
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    for seat in (1, 2, 3, 4):
        expect(app.page.get_by_test_id(f"life-{seat}")).to_have_text("30")  # multiplayer Brawl (103.4d)


def test_opening_hand_actions_and_companion_through_the_page(app: AppPage) -> None:
    app.open().choose_format("multiplayer", players=3, hot_seat=True)
    app.deal(seed=7)
    app.choose_to_play_if_asked()
    # 103.2b: each seat may reveal Yorion; reveal it for the first seat asked.
    reveal = app.page.get_by_role("button", name="Reveal Yorion, Sky Nomad as companion")
    reveal.click()
    expect(
        app.page.locator('[data-testid="card"][data-zone="revealed"][data-card-name="Yorion, Sky Nomad"]')
    ).to_have_count(1)
    prompts = app.play_through()
    assert any("Opening-hand actions" in p for p in prompts)
    assert "103.2b" in app.log_rules()


def test_match_play_the_loser_chooses_next(app: AppPage) -> None:
    app.open().deal(seed=21)
    app.play_through()
    match = app.page.locator("details#match")
    expect(match).to_be_visible()
    box = match.bounding_box()
    assert box and box["height"] < 80, "folded to one line, the match does not push the page down"
    match.locator("summary").click()
    app.page.get_by_label("Result of this game").select_option(label="Seat 1 won")
    app.button("Record result and deal the next game").click()
    expect(app.page.get_by_test_id("log")).to_contain_text("Seat 2 lost the previous game (CR 103.1)")
    expect(app.page.get_by_test_id("match-score")).to_be_hidden()  # shown again once this game begins
    app.play_through()
    score = app.page.get_by_test_id("match-score")
    expect(score).to_contain_text("Seat 1")
    rows = score.locator("tbody tr")
    expect(rows.nth(0)).to_have_text(re.compile(r"Seat 1\s*1\s*0\s*0"))
    expect(rows.nth(1)).to_have_text(re.compile(r"Seat 2\s*0\s*1\s*0"))


def test_formats_set_the_player_range_and_sample_decks_do_not_lose_text(app: AppPage) -> None:
    app.open()
    mine = "4 My Own Card\n56 Mountain\n"
    app.decklist.fill(mine)
    app.choose_format("commander")
    expect(app.decklist).to_have_value(re.compile(r"^Commander\n1 Krenko, Mob Boss"))
    app.button("Restore my list").click()
    expect(app.decklist).to_have_value(mine)
    players = app.page.get_by_role("spinbutton", name="Players")
    expect(players).to_have_attribute("max", "8")
    players.fill("12")
    app.deal(seed=1)
    expect(app.message).to_contain_text("Commander is played by 2–8 players")


def test_rules_editions_vancouver_scry_through_the_page(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("vancouver")
    expect(app.page.locator("#rules-description")).to_contain_text("scry 1")
    app.deal(seed=12)
    app.choose_to_play_if_asked()
    app.button("Mulligan").click()
    app.expect_hand_size(6)  # one fewer (2017 103.4)
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("Scry 1")
    top = app.page.locator('[data-testid="card"][data-zone="library"][data-player="1"]')
    expect(top).to_have_count(1)
    app.button("Put on bottom").click()
    expect(app.prompt).to_contain_text("The game begins")
    assert "2017 103.4" in app.log_rules() and "2017 103.2" in app.log_rules()


def test_house_rules_partial_paris_and_draw_ten_through_the_page(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Rules").select_option("partial-paris")
    app.deal(seed=4)
    app.choose_to_play_if_asked()
    app.hand().nth(0).click()
    app.hand().nth(1).click()
    app.button("Set aside").click()
    app.expect_hand_size(6)
    expect(app.page.locator('[data-testid="card"][data-zone="set-aside"][data-player="1"]')).to_have_count(2)
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    assert app.library_count(1) == 54  # the two set-aside cards were shuffled in

    app.change_setup()
    app.page.get_by_label("Rules").select_option("draw-ten")
    app.deal(seed=4)
    app.choose_to_play_if_asked()
    app.expect_hand_size(10)
    for i in (0, 1, 2):
        app.hand().nth(i).click()
    app.button("Shuffle back").click()
    app.expect_hand_size(7)
    expect(app.prompt).to_contain_text("The game begins")
