"""Practice statistics in the browser: recorded per game, split on the play and on the draw,
kept across visits (also those saved by the previous version), exported as CSV and JSON,
reset; and the recent hands: what was seen, decided and drawn next, reopened from the list."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from playwright.sync_api import expect

from opening_hand.cards.decklist import parse_decklist
from opening_hand.cards.samples import SAMPLES
from opening_hand.rules.actions import Keep
from opening_hand.rules.game import apply
from opening_hand.rules.policy import decide
from opening_hand.rules.practice_turns import next_draws
from opening_hand.share.share_link import decode_setup, game_from_setup, replay
from opening_hand.trainer.recent import RECENT_KEY
from opening_hand.trainer.stats import STORAGE_KEY, deck_key
from tests.browser.pages import PHONE, AppPage

SAMPLE_KEY = deck_key(parse_decklist(SAMPLES["constructed"]).main_cards())  # the deck the page opens with
STORED = "(key) => localStorage.getItem(key)"
LEAVE = "() => window.dispatchEvent(new Event('pagehide'))"  # the page writes at once when left


def play_one_game(app: AppPage, seed: int, mulligans: int, side: str) -> list[str]:
    """Deal ``seed``, take ``mulligans`` mulligans (the suggested cards to the bottom) and keep;
    ``side`` is what the deal gives seat 1: "play" (seat 1 chooses, and plays first) or "draw"
    (the computer chooses, and takes the first turn). Returns the names of the hand kept."""
    app.deal(seed=seed)
    if side == "play":
        app.button("Play first").click()
    else:
        expect(app.button("Keep")).to_be_visible()  # the computer chose, and plays first
        expect(app.page.get_by_test_id("log")).to_contain_text("Seat 2 to take the first turn")
    for _ in range(mulligans):
        app.button("Mulligan").click()
        app.button("Put on bottom").click()  # the suggested cards (CR 103.5)
    expect(app.button("Keep")).to_be_visible()
    kept = app.hand_names()
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    return kept


def poison(app: AppPage, values: dict[str, str]) -> None:
    """Storage as an earlier version or a damaged disk left it, before the page starts."""
    app.page.goto(app.url + "static/icons/icon-192.png")  # same origin, no app
    app.page.evaluate("(values) => Object.entries(values).forEach(([k, v]) => localStorage.setItem(k, v))", values)


def test_statistics_split_on_the_play_and_the_draw_kept_exported_and_reset(app: AppPage, tmp_path: Path) -> None:
    app.open()
    app.open_stats()
    expect(app.page.get_by_text("None yet: play a game")).to_be_visible()
    play_one_game(app, seed=10, mulligans=1, side="play")
    expect(app.recent_hands).to_have_count(1)
    assert app.stats_figure("Games") == {"This session": "1", "All": "1", "On the play": "1", "On the draw": "0"}
    assert app.stats_figure("Hands seen") == {"This session": "2", "All": "2", "On the play": "2", "On the draw": "0"}
    sizes = app.stats_figure("Keeps (cards: games)")
    assert (sizes["All"], sizes["On the play"], sizes["On the draw"]) == ("6: 1", "6: 1", "—")
    per_game = app.stats_figure("Mulligans per game")
    assert (per_game["All"], per_game["On the draw"]) == ("1.00", "—")
    assert app.stats_figure("Median time to decide")["On the play"].endswith(" s")
    expect(app.page.get_by_test_id("stats-lands-chart")).to_be_visible()

    app.page.reload()  # leaving writes the statistics and the recent hands
    app.page.wait_for_selector('body[data-ready="true"]')
    app.open_stats()
    expect(app.recent_hands).to_have_count(1)  # read back from storage
    play_one_game(app, seed=11, mulligans=0, side="draw")
    expect(app.recent_hands).to_have_count(2)
    assert app.stats_figure("Games") == {"This session": "1", "All": "2", "On the play": "1", "On the draw": "1"}
    sizes = app.stats_figure("Keeps (cards: games)")
    assert (sizes["This session"], sizes["All"], sizes["On the draw"]) == (
        "7: 1",
        "7: 1\n6: 1",
        "7: 1",
    )
    expect(app.recent_hands.first).to_contain_text("On the draw")  # newest first
    expect(app.recent_hands.nth(1)).to_contain_text("On the play")

    with app.page.expect_download() as info:
        app.button("Export as CSV").click()
    rows = list(csv.DictReader(Path(info.value.path()).read_text(encoding="utf-8").splitlines()))
    assert [(r["play_draw"], r["kept_size"]) for r in rows] == [("play", "6"), ("draw", "7")]

    with app.page.expect_download() as info:
        app.button("Export as JSON").click()
    exported = json.loads(Path(info.value.path()).read_text(encoding="utf-8"))
    assert [g["play_draw"] for g in exported["games"]] == ["play", "draw"]
    assert [h["on_play"] for h in exported["recent_hands"]] == [False, True]
    assert [h["decision"] for h in exported["recent_hands"][1]["hands"]] == ["mulligan", "keep"]
    expect(app.page.get_by_test_id("stats-message")).to_have_text("Exported 2 games and 2 recent hands.")

    app.button("Reset statistics").click()
    expect(app.page.get_by_test_id("stats-message")).to_have_text("Statistics reset.")
    assert app.stats_figure("Games")["All"] == "0"
    expect(app.recent_hands).to_have_count(0)
    expect(app.page.get_by_text("None yet: play a game")).to_be_visible()
    assert app.page.evaluate(STORED, STORAGE_KEY) is None and app.page.evaluate(STORED, RECENT_KEY) is None


def test_a_recent_hand_shows_each_hand_the_decisions_and_the_next_draws(app: AppPage) -> None:
    app.open()
    app.open_stats()
    kept = play_one_game(app, seed=10, mulligans=1, side="play")
    entry = app.recent_hands.first
    lines = entry.locator(".recent-line")
    expect(lines).to_have_count(3)  # two hands, then the next draws
    expect(lines.nth(0)).to_contain_text("1. Mulligan")
    expect(lines.nth(1)).to_contain_text("2. Kept")
    expect(lines.nth(1)).to_contain_text("on the bottom")
    moved = lines.nth(1).locator(".recent-card.moved")
    expect(moved).to_have_count(1)  # the card put on the bottom, crossed out
    shown = [c.inner_text() for c in lines.nth(1).locator(".recent-card:not(.moved)").all()]
    assert sorted(shown) == sorted(kept) and len(shown) == 6
    assert [c.inner_text() for c in lines.nth(0).locator(".recent-card").all()] != shown
    draws = [c.inner_text() for c in lines.nth(2).locator(".recent-card").all()]
    assert draws[0] == "T1 no draw" and [d.split(" ")[0] for d in draws] == ["T1", "T2", "T3", "T4", "T5", "T6"]
    expect(entry).to_contain_text("kept 6")
    expect(entry).to_contain_text("Sample deck (constructed)")

    app.page.evaluate(LEAVE)
    (stored,) = json.loads(app.page.evaluate(STORED, RECENT_KEY))["hands"]
    assert [name for _, name in stored["draws"]] == [
        None,
        *(d.removeprefix(f"T{n} ") for n, d in enumerate(draws[1:], 2)),
    ]
    state = replay(game_from_setup(decode_setup(stored["link"])), decode_setup(stored["link"]).actions)
    state = apply(state, Keep(1))
    while state.pending is not None:  # the computer's seat
        state = apply(state, decide(state))
    assert stored["draws"] == [[turn, card.name if card else None] for turn, card in next_draws(state, 1)]


def test_a_recent_hand_reopens_at_the_decision_on_the_kept_hand(app: AppPage) -> None:
    app.open()
    kept = play_one_game(app, seed=10, mulligans=2, side="play")
    play_one_game(app, seed=11, mulligans=0, side="draw")
    app.open_stats()
    expect(app.recent_hands).to_have_count(2)
    app.recent_hands.nth(1).get_by_role("button", name="Reopen").click()
    expect(app.prompt).to_contain_text("Keep")
    expect(app.button("Keep")).to_be_in_viewport()  # the table is brought into view
    assert app.hand_names() == kept  # the hand kept, before the Keep: decide again
    assert app.page.evaluate("() => location.hash").startswith("#v1.")
    assert app.page.locator("#seed").input_value() == "10"
    app.button("Mulligan").click()  # another choice this time
    app.button("Put on bottom").click()
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    expect(app.recent_hands).to_have_count(3)
    expect(app.recent_hands.first.locator(".recent-line")).to_have_count(5)  # four hands, then the next draws
    app.page.go_back()  # back to the game before the reopened one
    expect(app.page.locator("#seed")).to_have_value("11")


def test_statistics_saved_by_the_previous_version_still_count(app: AppPage) -> None:
    rows = [[SAMPLE_KEY, "1700000000000", 1_700_000_000_000 + i, 2, 1, 6, 2, [1200, 700]] for i in range(3)]
    saved = json.dumps({"app": "opening-hand-stats", "version": 1, "games": rows})
    poison(app, {STORAGE_KEY: saved})
    app.open()
    app.open_stats()
    play_one_game(app, seed=10, mulligans=0, side="play")
    assert app.stats_figure("Games") == {"This session": "1", "All": "4", "On the play": "1", "On the draw": "0"}
    assert app.stats_figure("Keeps (cards: games)")["All"] == "7: 1\n6: 3"
    expect(app.page.get_by_test_id("stats-message")).to_have_text("")  # read without a complaint
    app.page.evaluate(LEAVE)
    stored = json.loads(app.page.evaluate(STORED, STORAGE_KEY))
    assert stored["version"] == 2 and [row[:8] for row in stored["games"][:3]] == rows  # nothing lost
    assert [row[8] for row in stored["games"]] == [None, None, None, True]


def test_unreadable_recent_hands_are_kept_aside_and_stored_text_stays_text(app: AppPage) -> None:
    poison(app, {RECENT_KEY: "{damaged"})
    app.open()
    message = app.page.get_by_test_id("stats-message")
    expect(message).to_contain_text("Your saved recent hands could not be read")
    expect(message).to_contain_text("Nothing is deleted")
    aside = app.page.evaluate("() => Object.keys(localStorage).filter((k) => k.includes('recent-hands.unreadable'))")
    assert len(aside) == 1 and app.page.evaluate(STORED, aside[0]) == "{damaged"

    hostile = '<img src="https://example.com/x.png" onerror="alert(1)">'
    entry = {"deck": "x", "name": hostile, "at": 1_700_000_000_000, "on_play": True, "kept": [hostile],
             "hands": [{"cards": [hostile] * 7, "decision": "keep", "moves": []}],
             "draws": [[1, None], [2, hostile]], "link": "v1.not-a-real-link"}  # fmt: skip
    poison(app, {RECENT_KEY: json.dumps({"app": "opening-hand-recent-hands", "version": 1, "hands": [entry]})})
    app.open()
    app.open_stats()
    expect(app.recent_hands).to_have_count(1)
    expect(app.recent_hands.first).to_contain_text(hostile)  # shown as text
    assert app.page.locator("#recent-hands img").count() == 0
    app.recent_hands.first.get_by_role("button", name="Reopen").click()
    expect(app.message).to_contain_text("This link cannot be opened")
    assert app.page.evaluate("() => location.hash") == ""  # nothing changed
    play_one_game(app, seed=10, mulligans=0, side="play")  # the page works on, and the list grows
    expect(app.recent_hands).to_have_count(2)


def test_the_panel_reads_on_a_phone(app: AppPage) -> None:
    app.page.set_viewport_size(PHONE)
    app.open()
    play_one_game(app, seed=10, mulligans=1, side="play")
    app.open_stats()
    app.page.locator("details#stats").scroll_into_view_if_needed()
    expect(app.recent_hands).to_have_count(1)
    app.assert_no_sideways_scrolling()
    reopen = app.recent_hands.first.get_by_role("button", name="Reopen")
    reopen.scroll_into_view_if_needed()
    box = reopen.bounding_box()
    assert box is not None and box["x"] + box["width"] <= PHONE["width"]
