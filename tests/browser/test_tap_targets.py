"""Tap targets: every control a player taps is at least 24 x 24 CSS px (WCAG 2.2, 2.5.8,
"Target Size (Minimum)"), is really what a tap at its middle reaches, and the folding
panels' summary lines leave room between them: on a desktop and on a phone, before a deal
and with a game dealt and every panel open. axe-core's own target-size rule runs in
test_accessibility.py."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.pages import DESKTOP, PHONE, AppPage

MIN = 24  # CSS px
# Every visible control; a checkbox is tapped by its label too (its words tick it), so its
# target is the label around it. Each is brought into view, then document.elementFromPoint
# says what a tap at the middle of its box reaches.
TARGETS = """() => [...document.querySelectorAll(
    'button, summary, select, input:not([type="hidden"]), textarea, a[href]')]
  .filter((e) => e.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
  .map((e) => {
    const target = e.matches('input[type="checkbox"], input[type="radio"]') ? e.closest("label") ?? e : e;
    target.scrollIntoView({ block: "center", inline: "center" });
    const r = target.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return { what: e.id || e.getAttribute("data-button") || e.outerHTML.slice(0, 80), summary: e.tagName === "SUMMARY",
             width: r.width, height: r.height, reached: !!hit && (target.contains(hit) || hit === e),
             top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left + scrollX, right: r.right + scrollX };
  })"""


def targets(app: AppPage) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = app.page.evaluate(TARGETS)
    assert len(found) > 10, found
    return found


def check(app: AppPage, state: str) -> None:
    found = targets(app)
    small = [f"{t['what']} {t['width']:.0f}x{t['height']:.0f}" for t in found if min(t["width"], t["height"]) < MIN]
    assert small == [], f"{state}: smaller than {MIN} x {MIN} px: {small}"
    unreached = [t["what"] for t in found if not t["reached"]]
    assert unreached == [], f"{state}: a tap at the middle reaches something else: {unreached}"
    # The summaries of the folding panels: no two touch, nor another control (room to aim).
    summaries = [t for t in found if t["summary"]]
    assert summaries, state
    for s in summaries:
        near = [t["what"] for t in found if t is not s and not (t["left"] >= s["right"] or t["right"] <= s["left"])
                and t["top"] < s["bottom"] + 1 and t["bottom"] > s["top"] - 1
                and not (s["top"] <= t["top"] and t["bottom"] <= s["bottom"])]  # fmt: skip
        assert near == [], f"{state}: {s['what']} touches {near}"


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_control_is_at_least_24_px_and_reached_by_a_tap(app: AppPage, size: dict[str, int]) -> None:
    app.page.set_viewport_size(size)
    app.open()
    check(app, "the setup")
    app.deal(seed=3)
    app.choose_to_play_if_asked()
    app.button("Mulligan").click()
    check(app, "the bottom step")
    app.button("Put on bottom").click()
    app.button("Keep").click()
    for name in ("Odds for this deck", "Quiz: keep or mulligan?", "Practice statistics"):
        app.page.locator("summary", has_text=name).click()
    app.button("Compute odds").click()
    app.my_decks()
    app.page.locator("summary", has_text="Mark cards as lands").click()
    check(app, "a game with every panel open")
