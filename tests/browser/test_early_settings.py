"""Settings changed while Python starts: the setup and deck panels are on the page before it
is ready, and what the player changes there takes effect once it is, as if changed then; no
saved setting overrides it."""

from __future__ import annotations

from playwright.sync_api import Route, expect

from tests.browser.pages import READY_TIMEOUT_MS, AppPage
from tests.browser.test_scryfall_option import Scryfall

BUILT = "performance.getEntriesByName('oh:app-built').length > 0"  # page.running: the App is made


def hold_python(app: AppPage) -> Route:
    """Open the page with Pyodide's WebAssembly held back: the panels are there, Python is not."""
    held: list[Route] = []
    app.page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    app.page.goto(app.url, wait_until="domcontentloaded")
    for _ in range(300):  # until the runtime asks for the wasm (a busy machine is slow)
        if held:
            break
        app.page.wait_for_timeout(100)
    assert held, "the runtime should be asking for pyodide.asm.wasm"
    app.page.unroute("**/pyodide.asm.wasm")  # the next visit's comes at once
    return held[0]


def test_images_and_play_or_draw_chosen_before_ready_are_in_force_after_it(app: AppPage) -> None:
    scryfall = Scryfall(app.page, app.guard)  # answered here: never the real internet
    held = hold_python(app)
    expect(app.page.locator("body")).to_have_attribute("data-ready", "false")
    app.page.get_by_label("Show card images from Scryfall").check()
    app.page.get_by_label("Play or draw").select_option("practice-draw")
    expect(app.page.locator("body")).to_have_attribute("data-ready", "false")  # both before ready
    held.continue_()
    app.page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_MS)
    app.page.wait_for_function(BUILT, timeout=READY_TIMEOUT_MS)  # the page restores saved settings there
    expect(app.page.get_by_label("Show card images from Scryfall")).to_be_checked()
    expect(app.page.get_by_label("Play or draw")).to_have_value("practice-draw")
    stored = "(key) => localStorage.getItem(key)"
    assert app.page.evaluate(stored, "opening-hand/settings") == "images"  # kept, as if ticked now
    assert app.page.evaluate(stored, "opening-hand/play-draw") == "practice-draw"
    for _ in range(300):  # Scryfall on: the sample's cards the built-in catalog lacks are looked up
        if scryfall.posts:
            break
        app.page.wait_for_timeout(100)
    assert scryfall.posts, "the images option is on, so the page should look the unknown cards up"
    app.deal(seed=3)
    expect(app.page.get_by_test_id("log")).to_contain_text("Practice setting: Seat 1 draws first")
    app.page.goto("about:blank")
    app.open()  # a new visit: both come back as saved settings
    app.page.wait_for_function(BUILT, timeout=READY_TIMEOUT_MS)
    expect(app.page.get_by_label("Show card images from Scryfall")).to_be_checked()
    expect(app.page.get_by_label("Play or draw")).to_have_value("practice-draw")


def test_a_saved_setting_never_overrides_one_changed_before_ready(app: AppPage) -> None:
    Scryfall(app.page, app.guard)  # the saved setting turns look-ups on: answered here
    app.page.goto(app.url + "static/icons/icon-192.png")  # same origin, no app: the settings saved before
    app.page.evaluate("() => { localStorage.setItem('opening-hand/settings', 'images');"
                      " localStorage.setItem('opening-hand/play-draw', 'play'); }")  # fmt: skip
    held = hold_python(app)
    app.page.get_by_label("Play or draw").select_option("draw")
    app.page.get_by_label("Players").fill("2")  # a setting changed back to what the page had: nothing to do
    held.continue_()
    app.page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_MS)
    app.page.wait_for_function(BUILT, timeout=READY_TIMEOUT_MS)
    expect(app.page.get_by_label("Show card images from Scryfall")).to_be_checked()  # untouched: the saved one
    expect(app.page.get_by_label("Play or draw")).to_have_value("draw")  # the player's, not the saved "play"
    assert app.page.evaluate("() => localStorage.getItem('opening-hand/play-draw')") == "draw"
