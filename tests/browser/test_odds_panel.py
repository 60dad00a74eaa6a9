"""The odds panel in the browser: exact figures, charts with text alternatives, simulation."""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb

from playwright.sync_api import expect

from pages import AppPage


def test_the_odds_panel_shows_exact_figures_and_charts(app: AppPage) -> None:
    app.open()  # the Burn sample: 60 cards, 20 lands
    app.page.locator("summary", has_text="Odds for this deck").click()
    app.button("Compute odds").click()
    summary = app.page.get_by_test_id("odds-summary")
    expect(summary).to_contain_text("60 cards, 20 lands, 0 key cards; computed exactly in")
    three = Fraction(comb(20, 3) * comb(40, 4), comb(60, 7))  # P(exactly 3 lands in 7 from 20 of 60)
    lands = app.page.get_by_test_id("lands-chart")
    expect(lands).to_have_attribute("aria-label", re.compile(rf"3: {float(three) * 100:.1f}%"))
    two_to_five = sum(Fraction(comb(20, n) * comb(40, 7 - n), comb(60, 7)) for n in range(2, 6))
    row = app.page.get_by_test_id("odds-table").locator('tr[data-rule="paris"]')
    # Paris on the play, keep 2-5, always keep 5: P = p7 + (1 - p7) p6 + (1 - p7)(1 - p6) p5
    p = [sum(Fraction(comb(20, n) * comb(40, k - n), comb(60, k)) for n in range(2, 6)) for k in (7, 6, 5)]
    paris = p[0] + (1 - p[0]) * p[1] + (1 - p[0]) * (1 - p[1]) * p[2]
    expect(row.locator("td").first).to_have_text(f"{float(paris) * 100:.1f}%")
    assert p[0] == two_to_five
    for chart in ("lands-chart", "keep-chart", "size-chart"):
        expect(app.page.get_by_test_id(chart)).to_have_attribute("role", "img")
    assert app.page.locator(".odds-output svg rect").count() > 20


def test_key_cards_and_a_bad_keep_rule(app: AppPage) -> None:
    app.open()
    app.page.locator("summary", has_text="Odds for this deck").click()
    app.page.get_by_label("Key cards (choose any)").select_option(["Goblin Guide", "Monastery Swiftspear"])
    app.page.get_by_label("At least this many").fill("1")
    app.button("Compute odds").click()
    expect(app.page.get_by_test_id("odds-summary")).to_contain_text("8 key cards")
    app.page.get_by_label("Fewest lands").first.fill("6")
    app.button("Compute odds").click()
    expect(app.page.get_by_test_id("odds-message")).to_contain_text("fewest lands to keep is more than the most")


def test_simulation_agrees_and_can_be_cancelled(app: AppPage) -> None:
    app.open()
    app.page.locator("summary", has_text="Odds for this deck").click()
    app.page.get_by_label("Check by simulation").select_option("london")
    app.button("Simulate").click()
    result = app.page.get_by_test_id("sim-result")
    expect(result).to_contain_text("Simulated 200,000 games", timeout=60_000)
    text = result.inner_text()
    found = re.search(r"keepable ([\d.]+)% ± ([\d.]+)% \(exact ([\d.]+)%\)", text)
    assert found, text
    simulated, margin, exact = (float(g) for g in found.groups())
    assert abs(simulated - exact) <= 2 * margin + 0.05  # 4 sigma (the margin shown is 2 sigma)

    app.button("Simulate").click()
    app.button("Cancel").click()
    expect(result).to_contain_text(re.compile(r"Cancelled after [\d,]+ games|Simulation cancelled"))
