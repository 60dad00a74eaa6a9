"""Accessibility: an axe-core audit of the page in its main states, and the keyboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from pages import AppPage

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def audit(app: AppPage) -> list[str]:
    """axe-core's violations (WCAG 2.x A and AA rules and best practices) as readable lines."""
    assert app.page.evaluate("typeof window.axe !== 'undefined'"), "axe-core was not injected (with_axe)"
    result: dict[str, Any] = app.page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:4])
        for v in result["violations"]
    ]


def with_axe(app: AppPage) -> None:
    """Inject axe-core into every document of the page before its scripts run. (An inline
    script tag would be refused by the page's Content-Security-Policy, rightly.)"""
    assert AXE.exists(), "axe-core is missing: run `npm ci` (make test does)"
    app.page.add_init_script(path=str(AXE))


def test_axe_finds_no_violations_in_the_main_states(app: AppPage) -> None:
    with_axe(app)
    app.open()
    assert audit(app) == []  # set-up form
    app.deal(seed=3)
    app.choose_to_play_if_asked()
    app.button("Mulligan").click()
    assert audit(app) == []  # a hand and a decision
    app.button("Keep").click()
    app.hand().first.click()
    assert audit(app) == []  # choosing cards for the bottom
    app.page.locator("summary", has_text="Odds for this deck").click()
    app.button("Compute odds").click()
    app.page.locator("summary", has_text="Practice statistics").click()
    app.page.get_by_label("Compare with").select_option("vancouver")
    app.deal(seed=3)
    assert audit(app) == []  # compare view, odds and statistics open


def test_every_control_can_be_reached_and_used_with_the_keyboard(app: AppPage) -> None:
    app.open()
    app.page.get_by_label("Seed").fill("12")
    app.button("Deal").focus()
    app.page.keyboard.press("Enter")
    if app.button("Play first").is_visible():
        app.button("Play first").focus()
        app.page.keyboard.press("Enter")
    expect(app.hand()).to_have_count(7)
    app.page.evaluate("document.activeElement.blur()")  # Enter on a focused button would press it
    app.page.locator("body").press("m")  # M: mulligan
    expect(app.page.get_by_test_id("log")).to_contain_text("takes a mulligan")
    app.page.locator("body").press("k")  # K: keep
    expect(app.prompt).to_contain_text("Click 1 card")
    app.page.locator("body").press("3")  # 3: mark the third card
    expect(app.hand().nth(2)).to_have_attribute("aria-pressed", "true")
    app.page.locator("body").press("Enter")  # Enter: confirm
    expect(app.prompt).to_contain_text("The game begins")
    # Focus is visible: the focused control draws an outline.
    app.button("Deal").focus()
    outline = app.page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), outline


def test_shortcuts_do_nothing_while_typing(app: AppPage) -> None:
    app.open().deal(seed=12)
    app.choose_to_play_if_asked()
    before = app.hand_ids()
    app.page.get_by_label("Seed").press("m")
    app.page.get_by_label("Seed").press("k")
    assert app.hand_ids() == before
    assert sorted(app.page.get_by_label("Seed").input_value()) == sorted("12mk")  # typed, not shortcuts
