"""Nothing moves as the page starts: the shell reserves the room the ready page uses, so the
layout shift from navigation to a second after ready (and after the page is built, should
that come later) stays under 0.05 on a desktop and on a phone ("good" is 0.1 or less).

Measured with the browser's own Layout Instability API: every ``layout-shift`` entry since
navigation (``buffered``), as Core Web Vitals count them (not those right after an input)."""

from __future__ import annotations

import pytest

from tests.browser.pages import DESKTOP, PHONE, READY_TIMEOUT_MS, AppPage

MAX_SHIFT = 0.05
OBSERVE = """window.__shifts = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput)
  window.__shifts.push({ value: e.value, at: Math.round(e.startTime), moved: e.sources.map((s) =>
    `${s.node?.id || s.node?.className || s.node?.nodeName} ${JSON.stringify(s.previousRect)} -> `
    + JSON.stringify(s.currentRect)) }); })
  .observe({ type: "layout-shift", buffered: true });
addEventListener("DOMContentLoaded", () => { window.__texts = TEXTS(); });"""
# Texts the page writes as it starts: the shell must show them already (tests/page/test_page_files.py).
TEXTS = """() => Object.fromEntries(["setup-summary", "deck-summary", "card-types-summary", "policy", "prompt"]
  .map((id) => [id, (document.getElementById(id) ?? document.querySelector(`[data-el="${id}"]`)).textContent]))"""
BUILT = "performance.getEntriesByName('oh:app-built').length > 0"  # page.running: the App is made


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_page_does_not_move_from_navigation_to_a_second_after_ready(app: AppPage, size: dict[str, int]) -> None:
    app.page.set_viewport_size(size)
    app.page.add_init_script(OBSERVE.replace("TEXTS()", f"({TEXTS})()"))
    app.open()
    app.page.wait_for_timeout(1000)
    app.page.wait_for_function(BUILT, timeout=READY_TIMEOUT_MS)
    shifts = app.page.evaluate("window.__shifts")
    total = sum(s["value"] for s in shifts)
    print(f"layout shift at {size['width']}x{size['height']}: {total:.4f} {shifts}")
    assert total <= MAX_SHIFT, f"{total:.4f}: {shifts}"
    assert app.page.evaluate(TEXTS) == app.page.evaluate("window.__texts")  # what the shell said, word for word
