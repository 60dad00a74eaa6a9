"""Accessibility: an axe-core audit of the page in its main states, and the keyboard."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.browser.pages import AppPage

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"


def audit(app: AppPage) -> list[str]:
    """axe-core's violations (WCAG 2.x A and AA rules and best practices, and WCAG 2.2's
    target size, 2.5.8, which axe leaves off by default) as readable lines."""
    assert app.page.evaluate("typeof window.axe !== 'undefined'"), "axe-core was not injected (with_axe)"
    result: dict[str, Any] = app.page.evaluate(
        "async () => await axe.run(document, {resultTypes: ['violations'], rules: {'target-size': {enabled: true}}})"
    )
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:8])
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
    assert audit(app) == []  # a hand and a decision
    app.button("Mulligan").click()
    assert audit(app) == []  # choosing cards for the bottom (the suggestion marked)
    app.hand().first.click()
    app.button("Put on bottom").click()
    assert audit(app) == []  # a smaller hand and a decision again
    app.button("Keep").click()
    app.page.locator("summary", has_text="Odds for this deck").click()
    app.button("Compute odds").click()
    app.page.locator("summary", has_text="Practice statistics").click()
    app.change_setup()
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
    expect(app.prompt).to_contain_text("Put 1 card on the bottom")
    app.page.locator("body").press("Escape")  # Esc: clear the suggested card
    app.page.locator("body").press("3")  # 3: mark the third card
    expect(app.hand().nth(2)).to_have_attribute("aria-pressed", "true")
    app.page.locator("body").press("Enter")  # Enter: confirm
    app.page.locator("body").press("k")  # K: keep
    expect(app.prompt).to_contain_text("The game begins")
    # Focus is visible: the focused control draws an outline.
    app.button("Deal").focus()
    outline = app.page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("none", ""), outline


CONTROLS = """() => [...document.querySelectorAll(
    'button, input, select, textarea, summary, a[href], [tabindex]:not([tabindex="-1"])')]
  .filter((e) => !e.disabled && e.checkVisibility({ visibilityProperty: true }) && e.tabIndex >= 0)
  .map((e, i) => { e.dataset.kbd = String(i); return i; }).length"""

FOCUSED = """() => { const e = document.activeElement; const style = getComputedStyle(e);
  return { kbd: e.dataset.kbd ?? null, what: e.outerHTML.slice(0, 70), visible: e.matches(':focus-visible'),
           outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 }; }"""


def test_tab_reaches_every_control_and_each_shows_its_focus(app: AppPage) -> None:
    app.open().deal(seed=12)
    app.choose_to_play_if_asked()
    app.change_setup()  # the set-up and deck panels fold once a game is dealt: unfold them
    for name in ("Odds for this deck", "Practice statistics"):  # the folded panels, opened
        app.page.locator("summary", has_text=name).click()
    total = app.page.evaluate(CONTROLS)
    assert total > 30, total  # the set-up form, the table with its seven cards, the panels
    app.page.evaluate("document.activeElement.blur()")
    reached: set[str] = set()
    unseen_focus: list[str] = []
    for _ in range(total * 2):
        app.page.keyboard.press("Tab")
        focused = app.page.evaluate(FOCUSED)
        if focused["kbd"] is None:
            continue
        if not (focused["visible"] and focused["outline"]):
            unseen_focus.append(focused["what"])
        reached.add(focused["kbd"])
        if len(reached) == total:
            break
    missing = app.page.evaluate(
        "(reached) => [...document.querySelectorAll('[data-kbd]')].filter((e) => !reached.includes(e.dataset.kbd))"
        ".map((e) => e.outerHTML.slice(0, 70))",
        sorted(reached),
    )
    print(f"tab reached {len(reached)} of {total} controls")
    assert missing == [], missing
    assert unseen_focus == [], unseen_focus


def test_shortcuts_do_nothing_while_typing(app: AppPage) -> None:
    app.open().deal(seed=12)
    app.choose_to_play_if_asked()
    before = app.hand_ids()
    app.change_setup()
    app.page.get_by_label("Seed").press("m")
    app.page.get_by_label("Seed").press("k")
    assert app.hand_ids() == before
    assert sorted(app.page.get_by_label("Seed").input_value()) == sorted("12mk")  # typed, not shortcuts


def test_axe_finds_no_violations_with_the_odds_open_on_a_phone(app: AppPage) -> None:
    """At 390 px the odds tables scroll sideways: a keyboard user must be able to reach and
    scroll them (axe's scrollable-region-focusable)."""
    app.page.set_viewport_size({"width": 390, "height": 844})
    with_axe(app)
    app.open()
    app.deal(seed=3)
    app.choose_to_play_if_asked()
    app.page.locator("summary", has_text="Odds for this deck").click()
    app.button("Compute odds").click()
    expect(app.page.get_by_test_id("odds-table")).to_be_visible()
    tables = app.page.get_by_test_id("odds-table")
    assert tables.evaluate("t => t.scrollWidth > t.clientWidth"), "the table fits: the test does not test scrolling"
    assert audit(app) == []
