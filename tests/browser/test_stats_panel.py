"""Practice statistics in the browser: recorded per game, kept across visits, CSV, reset."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import expect

from pages import AppPage


def row(app: AppPage, label: str) -> list[str]:
    cells = app.page.get_by_test_id("stats-table").locator("tbody tr", has_text=label).locator("td")
    return [c.inner_text() for c in cells.all()]


def play_one_game(app: AppPage, seed: int, mulligans: int) -> None:
    app.deal(seed=seed)
    app.choose_to_play_if_asked()
    for _ in range(mulligans):
        app.button("Mulligan").click()
        app.button("Put on bottom").click()  # the suggested cards (CR 103.4)
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")


def test_statistics_are_recorded_kept_exported_and_reset(app: AppPage) -> None:
    app.open()
    app.page.locator("summary", has_text="Practice statistics").click()
    play_one_game(app, seed=10, mulligans=1)
    expect(app.page.get_by_test_id("stats-table").locator("tbody tr").first).to_contain_text("6 cards: 1")
    games, hands, sizes, per_game, decide = row(app, "This session")
    assert (games, hands, sizes, per_game) == ("1", "2", "6 cards: 1", "1.00") and decide.endswith(" s")
    expect(app.page.get_by_test_id("stats-lands-chart")).to_be_visible()

    app.page.reload()
    app.page.wait_for_selector('body[data-ready="true"]')
    app.page.locator("summary", has_text="Practice statistics").click()
    play_one_game(app, seed=11, mulligans=0)
    expect(app.page.get_by_test_id("stats-table").locator("tbody tr").nth(1)).to_contain_text("7 cards: 1, 6 cards: 1")
    assert row(app, "This session")[:3] == ["1", "1", "7 cards: 1"]
    assert row(app, "All sessions")[:2] == ["2", "3"]

    with app.page.expect_download() as info:
        app.button("Export as CSV").click()
    lines = Path(info.value.path()).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("deck,session,at,hands_seen") and len(lines) == 3

    app.button("Reset statistics").click()
    expect(app.page.get_by_test_id("stats-message")).to_have_text("Statistics reset.")
    assert row(app, "All sessions")[0] == "0"
