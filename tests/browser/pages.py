"""Page object for the Opening Hand page: the tests speak in player actions."""

from __future__ import annotations

from playwright.sync_api import Locator, Page, expect

from tests.browser.guard import Guard

READY_TIMEOUT_MS = 90_000
DESKTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}

# Hands a test PyScript's interpreter as window.__python (the page itself exposes nothing for this).
PYTHON_HOOK = """import(new URL('static/vendor/pyscript/core.js', location.href))
  .then(({ hooks }) => hooks.main.onReady.add((wrap) => { window.__python = wrap.interpreter; }));"""

# When the page's Python bytecode was fetched, against Pyodide's WebAssembly (its resource
# timing entry) and the interpreter (the "oh:interpreter" mark), all by the page's clock.
FILES_TIMING = """() => {
  const entry = (name) => performance.getEntriesByType("resource").find((e) => e.name.endsWith(name));
  const [wasm, bytecode] = ["pyodide.asm.wasm", "python-bytecode.gz"].map(entry);
  return { wasmEnd: wasm.responseEnd, files: [bytecode.startTime],
           interpreter: performance.getEntriesByName("oh:interpreter")[0].startTime };
}"""


IN_VIEW = """(e) => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""
# Words of card names drawn on more than one line ("Lightnin|g Bolt").
BROKEN_WORDS = """() => [...document.querySelectorAll('[data-board="main"] .card-name')].flatMap((el) => {
  const text = el.firstChild; const broken = []; const words = /\\S+/g; let m;
  while (text && (m = words.exec(text.data))) {
    const range = document.createRange(); range.setStart(text, m.index); range.setEnd(text, m.index + m[0].length);
    if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push(text.data);
  }
  return broken; })"""


class AppPage:
    def __init__(self, page: Page, url: str, guard: Guard | None = None) -> None:
        self.page = page
        self.url = url
        self.guard = guard

    def open(self) -> AppPage:
        self.page.goto(self.url)
        self.page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_MS)
        return self

    # controls
    def button(self, name: str) -> Locator:
        return self.page.get_by_role("button", name=name, exact=True)

    @property
    def decklist(self) -> Locator:
        return self.page.get_by_label("Decklist", exact=True)  # also while the deck panel is folded

    @property
    def seed(self) -> Locator:
        return self.page.get_by_role("textbox", name="Seed")

    @property
    def message(self) -> Locator:
        return self.page.get_by_test_id("message")

    def change_setup(self) -> None:
        """Unfold the setup and deck panels (they fold once a game is dealt), as a player does with Change."""
        if self.page.locator("#setup-panel").get_attribute("open") is None:
            self.button("Change").click()

    def my_decks(self) -> None:
        """Open the deck library (folded inside the deck panel)."""
        self.change_setup()
        library = self.page.locator("details.library")
        if library.get_attribute("open") is None:
            library.locator("summary").click()

    def deal(self, seed: int | None = None, deck: str | None = None, unchecked: bool = False) -> None:
        if deck is not None or seed is not None or unchecked:
            self.change_setup()
        if deck is not None:
            self.decklist.fill(deck)
        if seed is not None:
            self.seed.fill(str(seed))
        if unchecked:
            self.page.get_by_label("Skip deck checks").check()
        self.button("Deal").click()

    def choose_to_play_if_asked(self) -> None:
        if self.button("Play first").is_visible():
            self.button("Play first").click()

    def mulligan_once_and_begin(self) -> None:
        """After a deal: play first if asked, one mulligan, the suggested card to the bottom
        (CR 103.5), keep - until the game begins."""
        self.choose_to_play_if_asked()
        self.button("Mulligan").click()
        expect(self.prompt).to_contain_text("Put 1 card on the bottom")
        self.button("Put on bottom").click()
        self.button("Keep").click()
        expect(self.prompt).to_contain_text("The game begins")

    def reopen_from_share_link(self) -> str:
        """Copy the share link, leave the page and open the link afresh; returns the link."""
        self.button("Copy link").click()
        link = self.page.get_by_test_id("share-url").input_value()
        self.page.goto("about:blank")
        self.page.goto(link)
        self.page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_MS)
        return link

    # the table
    def hand(self, seat: int = 1) -> Locator:
        return self.page.locator(f'[data-testid="card"][data-zone="hand"][data-player="{seat}"]')

    def hand_ids(self, seat: int = 1) -> list[str]:
        return [c.get_attribute("data-card-id") or "" for c in self.hand(seat).all()]

    def hand_names(self, seat: int = 1) -> list[str]:
        return [c.get_attribute("data-card-name") or "" for c in self.hand(seat).all()]

    def library_count(self, seat: int) -> int:
        return int(self.page.get_by_test_id(f"library-count-{seat}").inner_text())

    def life(self, seat: int) -> int:
        return int(self.page.get_by_test_id(f"life-{seat}").inner_text())

    @property
    def log_entries(self) -> Locator:
        return self.page.get_by_test_id("log").locator("[data-rule]")

    def log_rules(self) -> list[str]:
        return [e.get_attribute("data-rule") or "" for e in self.log_entries.all()]

    def expect_hand_size(self, size: int, seat: int = 1) -> None:
        expect(self.hand(seat)).to_have_count(size)

    # set-up for variants
    def choose_format(self, key: str, players: int | None = None, hot_seat: bool = False) -> None:
        self.change_setup()
        self.page.get_by_label("Format").select_option(key)
        if players is not None:
            self.page.get_by_role("spinbutton", name="Players").fill(str(players))
            self.page.get_by_role("spinbutton", name="Players").dispatch_event("change")
        if hot_seat:
            self.page.get_by_label("Control").select_option("all")
        self.button("Load sample deck").click()

    @property
    def prompt(self) -> Locator:
        return self.page.get_by_test_id("prompt")

    def play_through(self, max_steps: int = 80) -> list[str]:
        """Hot-seat: answer every decision (play first, keep, no companion, done) until the
        first turn begins; returns the prompts seen."""
        prompts: list[str] = []
        for _ in range(max_steps):
            text = self.prompt.inner_text()
            prompts.append(text)
            if text.startswith("The game begins"):
                return prompts
            for name in ("Play first", "Keep", "Put on bottom"):
                if self.button(name).is_visible():
                    self.button(name).click()  # Put on bottom: the suggested cards come marked
                    break
            else:
                choices = self.page.locator('[data-board="main"] [data-el="choices"] button')
                assert choices.count(), f"no control for the prompt {text!r}"
                choices.last.click()
        raise AssertionError(f"the game did not begin within {max_steps} steps: {prompts[-3:]}")

    def deciding_hand(self) -> Locator:
        """The hand at the bottom of the table, the one the decision is about."""
        return self.page.locator('[data-board="main"] [data-el="hand"] [data-testid="card"][data-zone="hand"]')

    def decision_buttons(self) -> Locator:
        return self.page.locator('[data-board="main"] [data-el="controls"] button:visible')

    # layout
    def assert_decision_in_view(self) -> None:
        """Every card of the deciding hand and every button of the decision, inside the viewport."""
        outside = [
            f"{what} {n}: {node.bounding_box()}"
            for what, nodes in (("card", self.deciding_hand()), ("button", self.decision_buttons()))
            for n, node in enumerate(nodes.all())
            if not node.evaluate(IN_VIEW)
        ]
        assert outside == [], f"outside the viewport {self.page.viewport_size}: {outside}"
        assert self.decision_buttons().count() > 0

    def assert_no_sideways_scrolling(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        viewport = self.page.viewport_size
        assert viewport and width <= viewport["width"], f"the page is {width} px wide on a {viewport} screen"

    def names_broken_inside_words(self) -> list[str]:
        return self.page.evaluate(BROKEN_WORDS)

    # statistics
    def open_stats(self) -> None:
        """Unfold the practice statistics (their figures and recent hands are drawn on opening)."""
        stats = self.page.locator("details#stats")
        if stats.get_attribute("open") is None:
            stats.locator("summary").click()

    def stats_figure(self, figure: str) -> dict[str, str]:
        """One row of the statistics table: column ("This session", "All", "On the play",
        "On the draw") -> the value shown."""
        label = self.page.get_by_role("rowheader", name=figure, exact=True)
        cells = self.page.get_by_test_id("stats-table").locator("tbody tr", has=label).locator("td")
        return {c.get_attribute("data-column") or "": c.inner_text() for c in cells.all()}

    @property
    def recent_hands(self) -> Locator:
        """The entries of the list of recent hands, newest first."""
        return self.page.get_by_test_id("recent-hand")
