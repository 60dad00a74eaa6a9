"""The odds panel in the browser: exact figures, charts with text alternatives, simulation."""

from __future__ import annotations

import re
from fractions import Fraction
from math import comb

from playwright.sync_api import expect

from opening_hand.rules.arena import TIM_LEWIS_2024
from opening_hand.trainer.odds import BASELINE, BASELINE_SIZES, DeckCounts, KeepRule, outcome
from page.texts import percent
from tests.browser.pages import AppPage


def test_the_odds_panel_shows_exact_figures_and_charts(app: AppPage) -> None:
    app.open()  # the Burn sample: 60 cards, 20 lands
    app.page.locator("summary", has_text="Odds for this deck").click()
    app.button("Compute odds").click()
    summary = app.page.get_by_test_id("odds-summary")
    expect(summary).to_contain_text("60 cards, 20 lands, 0 key cards; computed exactly in")
    three = Fraction(comb(20, 3) * comb(40, 4), comb(60, 7))  # P(exactly 3 lands in 7 from 20 of 60)
    lands = app.page.get_by_test_id("lands-chart")
    expect(lands).to_have_attribute("aria-label", re.compile(rf"3: shuffled {float(three) * 100:.1f}%"))
    arena = TIM_LEWIS_2024.land_distribution(20, 60)[3]  # and as Arena's best-of-one queues deal it
    expect(lands).to_have_attribute("aria-label", re.compile(rf"3: [^;]*, Arena best-of-one {arena * 100:.1f}%"))
    expect(app.page.get_by_test_id("arena-note")).to_contain_text("public model of Arena's behaviour")
    expect(app.page.get_by_test_id("arena-note")).to_contain_text("not Wizards' code")
    two_to_five = sum(Fraction(comb(20, n) * comb(40, 7 - n), comb(60, 7)) for n in range(2, 6))
    row = app.page.get_by_test_id("odds-table").locator('tr[data-rule="paris"]')
    # Paris on the play under the default rule (Karsten's baseline: a seven keeps 2-5 lands, a six
    # 2-4, a five 1-4; always keep four cards, counted keepable with 2-5 lands):
    # P = p7 + (1 - p7) p6 + (1 - p7)(1 - p6) p5 + (1 - p7)(1 - p6)(1 - p5) p4
    ranges = {7: (2, 5), 6: (2, 4), 5: (1, 4), 4: (2, 5)}
    p = [
        sum(Fraction(comb(20, n) * comb(40, k - n), comb(60, k)) for n in range(lo, min(hi, k) + 1))
        for k, (lo, hi) in ranges.items()
    ]
    paris = p[0] + (1 - p[0]) * p[1] + (1 - p[0]) * (1 - p[1]) * p[2] + (1 - p[0]) * (1 - p[1]) * (1 - p[2]) * p[3]
    expect(row.locator("td").first).to_have_text(f"{float(paris) * 100:.1f}%")
    assert p[0] == two_to_five
    for chart in ("lands-chart", "keep-chart", "size-chart"):
        expect(app.page.get_by_test_id(chart)).to_have_attribute("role", "img")
    assert app.page.locator(".odds-output svg rect").count() > 20
    # The Commander committee's set-aside hands: a row each without and with the free mulligan,
    # showing odds.py's exact figure; no Serum Powder rows for a deck without it.
    table = app.page.get_by_test_id("odds-table")
    burn = DeckCounts(key_lands=0, key_spells=0, lands=20, spells=40)
    for free in (False, True):
        aside = table.locator(f'tr[data-rule="london-set-aside{"-free" if free else ""}"]')
        expect(aside.locator("th")).to_have_text("London, hands set aside" + (" + free mulligan" if free else ""))
        expect(aside.locator("td").first).to_have_text(
            percent(outcome(burn, "london-set-aside", free, BASELINE).keepable)
        )
    for free in (False, True):  # Arena best-of-one: the model's exact figures
        arena_row = table.locator(f'tr[data-rule="arena-bo1{"-free" if free else ""}"]')
        expect(arena_row.locator("td").first).to_have_text(percent(outcome(burn, "arena-bo1", free, BASELINE).keepable))
    expect(table.locator("tbody tr")).to_have_count(10)
    expect(app.page.get_by_test_id("keep-chart")).to_have_attribute("aria-label", re.compile(r"Set aside \+ free: "))


def test_serum_powder_rows_for_a_deck_that_holds_it(app: AppPage) -> None:
    app.open()
    app.decklist.fill("4 Serum Powder\n16 Mountain\n40 Lightning Bolt")
    app.page.locator("summary", has_text="Odds for this deck").click()
    app.page.get_by_label("Fewest lands").first.fill("3")  # on the play: keep 3-4 lands
    app.page.get_by_label("Most lands").first.fill("4")
    app.button("Compute odds").click()
    expect(app.page.get_by_test_id("odds-summary")).to_contain_text("60 cards, 16 lands, 0 key cards, 4 Serum Powders;")
    table = app.page.get_by_test_id("odds-table")
    expect(table.locator("tbody tr")).to_have_count(14)
    deck = DeckCounts(key_lands=0, key_spells=0, lands=16, spells=40, powders=4)
    play = KeepRule(3, 4, 0, 4, BASELINE_SIZES)  # the fields set sevens; sixes and fives keep the baseline
    for rule, name in (("london-powder", "London + Serum Powder"),
                       ("london-mtgo-powder", "London (MTGO/Arena) + Serum Powder")):  # fmt: skip
        for free in (False, True):
            row = table.locator(f'tr[data-rule="{rule}{"-free" if free else ""}"]')
            expect(row.locator("th")).to_have_text(name + (" + free mulligan" if free else ""))
            exact = outcome(deck, rule, free, play).keepable
            expect(row.locator("td").first).to_have_text(percent(exact))
            assert exact > outcome(deck, "london", free, play).keepable  # Powder helps: the London row is lower
    # Serum Powder is a kind of its own: never offered as a key card.
    expect(app.page.get_by_label("Key cards (choose any)").locator("option")).to_have_text(["Lightning Bolt"])
    expect(app.page.get_by_test_id("size-chart").locator("rect.bar-11")).not_to_have_count(0)


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
    found = re.search(r"keepable ([\d.]+)% ± (?:< )?([\d.]+)% \(exact ([\d.]+)%\)", text)
    assert found, text
    simulated, margin, exact = (float(g) for g in found.groups())
    assert abs(simulated - exact) <= 2 * margin + 0.05  # 4 sigma (the margin shown is 2 sigma)

    app.button("Simulate").click()
    app.button("Cancel").click()
    expect(result).to_contain_text(re.compile(r"Cancelled after [\d,]+ games|Simulation cancelled"))


def test_karstens_keepable_hand_figures_come_out_of_the_keep_rule_controls(app: AppPage) -> None:
    """2-3 lands and at least 2 spells at every size, down to 0: Karsten's published London
    figures for 24 lands in 60, size by size."""
    app.open()
    app.decklist.fill("24 Mountain\n36 Lightning Bolt")
    app.page.locator("summary", has_text="Odds for this deck").click()
    for side in (0, 1):
        app.page.get_by_label("Fewest lands").nth(side).fill("2")
        app.page.get_by_label("Most lands").nth(side).fill("3")
    app.page.get_by_label("Fewest spells (non-land cards) kept").fill("2")
    app.page.get_by_label("The same land range at every hand size").check()
    app.page.get_by_label("Always keep this many cards or fewer").fill("0")
    app.button("Compute odds").click()
    london = app.page.get_by_test_id("odds-by-size").locator('tr[data-rule="london"] td')
    expect(london).to_have_text(["57.812 %", "90.489 %", "98.515 %", "99.768 %", "99.768 %", "99.768 %", "99.768 %"])
    vancouver = app.page.get_by_test_id("odds-by-size").locator('tr[data-rule="vancouver"] td')
    expect(vancouver.nth(3)).to_have_text("95.742 %")
