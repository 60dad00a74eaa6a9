"""With "Show card images from Scryfall" on (issue 16): cards newer than the database are
looked up through Scryfall's POST /cards/collection and kept in the browser, and the images
shown are kept by the service worker for offline use.

Scryfall's hosts are routed (page.route / context.route): nothing here reaches the internet.
The answers are in Scryfall's documented list format (``object``, ``not_found``, ``data``).
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from site_build import build

from serve import serve_in_thread
from tests.browser.card_files import collection_answer, scryfall_cards
from tests.browser.guard import Guard
from tests.browser.pages import AppPage

API = "https://api.scryfall.com/"
IMAGES = "https://cards.scryfall.io/"
COLLECTION = "https://api.scryfall.com/cards/collection"
NEW_CARD = "Quantum Riverwalker"  # a card the fixture database does not have
DECK = f"4 {NEW_CARD}\n56 Mountain"
EXTRA_KEY = "opening-hand/extra-cards"
CORS = {"Access-Control-Allow-Origin": "*"}
# A 1x1 PNG, for every card image.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
)
# A card object as /cards/collection answers it (the fields of Scryfall's card objects; made-up card).
CARD: dict[str, Any] = {
    "object": "card", "id": "0c5a4d1e-8f0b-4b8e-9d55-1a2b3c4d5e6f", "oracle_id": "6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b",
    "name": NEW_CARD, "lang": "en", "released_at": "2026-12-04", "layout": "normal",
    "uri": "https://api.scryfall.com/cards/0c5a4d1e-8f0b-4b8e-9d55-1a2b3c4d5e6f",
    "image_uris": {"normal": "https://cards.scryfall.io/normal/front/0/c/0c5a4d1e-8f0b-4b8e-9d55-1a2b3c4d5e6f.jpg"},
    "mana_cost": "{1}{G}{U}", "cmc": 3.0, "type_line": "Creature — Elf Scout",
    "oracle_text": "Flash\nWhen Quantum Riverwalker enters, scry 1.", "power": "2", "toughness": "3",
    "colors": ["G", "U"], "color_identity": ["G", "U"], "keywords": ["Flash"],
    "legalities": {"standard": "legal", "pioneer": "legal", "modern": "legal", "legacy": "legal", "vintage": "legal",
                   "pauper": "not_legal", "commander": "legal", "standardbrawl": "legal", "brawl": "legal"},
    "games": ["paper", "arena"], "reserved": False, "set": "zzq", "set_name": "Test Set", "collector_number": "42",
    "rarity": "rare",
}  # fmt: skip


LOADED_MS = 60_000


def wait_for_card_data(app: AppPage) -> None:
    expect(app.page.get_by_test_id("card-data")).to_have_attribute("data-state", "loaded", timeout=LOADED_MS)


def problems(page: Page) -> list[str]:
    return page.get_by_test_id("deck-problems").locator("li").all_inner_texts()


def answer(cards: list[dict[str, Any]], not_found: list[dict[str, str]]) -> str:
    return json.dumps({"object": "list", "not_found": not_found, "data": cards})


class Scryfall:
    """Scryfall's API and image hosts, routed: records every look-up and answers as told."""

    def __init__(self, page: Page, guard: Guard | None) -> None:
        self.posts: list[dict[str, Any]] = []
        self.headers: list[dict[str, str]] = []
        self.status = 200
        self.abort = False
        assert guard is not None
        guard.allow(API)
        guard.allow(IMAGES)
        page.route(COLLECTION, self.collection)
        page.route(re.compile(r"^https://(api\.scryfall\.com/cards/named|cards\.scryfall\.io/)"), self.image)
        self.images: list[str] = []

    def collection(self, route: Route) -> None:
        request = route.request
        if request.method == "OPTIONS":  # a CORS preflight, should the browser send one
            route.fulfill(status=204, headers={**CORS, "Access-Control-Allow-Methods": "POST",
                                               "Access-Control-Allow-Headers": "content-type, accept"})  # fmt: skip
            return
        self.posts.append(json.loads(request.post_data or "null"))
        self.headers.append(request.headers)
        if self.abort:
            route.abort("timedout")
        elif self.status != 200:
            route.fulfill(status=self.status, headers=CORS, json={"object": "error", "status": self.status})
        else:
            names = [i["name"] for i in self.posts[-1]["identifiers"]]
            found = [CARD] if NEW_CARD in names else []
            missing = [{"name": n} for n in names if n != NEW_CARD]
            route.fulfill(status=200, headers=CORS, content_type="application/json", body=answer(found, missing))

    def image(self, route: Route) -> None:
        self.images.append(route.request.url)
        route.fulfill(status=200, content_type="image/png", body=PNG)


def images_on(app: AppPage) -> None:
    app.page.get_by_label("Show card images from Scryfall").check()


def scryfall_state(app: AppPage, state: str) -> None:
    expect(app.page.get_by_test_id("card-data")).to_have_attribute("data-scryfall", state, timeout=LOADED_MS)


def test_a_name_the_database_lacks_is_looked_up_once_and_kept(app: AppPage, card_db: Path) -> None:
    scryfall = Scryfall(app.page, app.guard)
    app.open()
    wait_for_card_data(app)
    app.change_setup()
    app.decklist.fill(DECK)
    expect(app.page.get_by_test_id("deck-problems")).to_contain_text(f"no card named “{NEW_CARD}”")
    app.page.wait_for_timeout(1000)
    assert scryfall.posts == [], "the option is off: nothing is sent"

    images_on(app)
    scryfall_state(app, "looked-up")
    expect(app.page.get_by_test_id("card-data")).to_contain_text("1 card looked up on Scryfall")
    assert scryfall.posts == [{"identifiers": [{"name": NEW_CARD}]}]
    assert "application/json" in scryfall.headers[0].get("accept", "")
    expect(app.page.get_by_test_id("deck-problems")).not_to_contain_text(NEW_CARD)
    assert problems(app.page) == []
    app.deal(seed=3)
    app.choose_to_play_if_asked()
    riverwalker = app.hand().filter(has_text=NEW_CARD).first
    expect(riverwalker.locator(".card-type")).to_have_text("Creature — Elf Scout")
    app.page.wait_for_timeout(1000)  # more decklist events (the deal, the summaries): no second look-up
    assert len(scryfall.posts) == 1

    kept = json.loads(app.page.evaluate(f"localStorage.getItem('{EXTRA_KEY}')"))
    assert kept["rows"] == ["Quantum Riverwalker\t{1}{G}{U}\t3\tCreature — Elf Scout\tUG\tUG\tLLLLL-LLL\t"]
    # Its image is the one its image_uris name, on Scryfall's image host; the API is never asked for one.
    image = CARD["image_uris"]["normal"]
    assert kept["images"] == {"quantum riverwalker": image.removeprefix(IMAGES + "normal/")}
    expect(riverwalker.locator("img.card-image")).to_have_attribute("src", image)
    assert scryfall.images and all(url.startswith(IMAGES) for url in scryfall.images)

    # After a reload the card is known from the browser's copy, with no request.
    app.page.reload()
    app.page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
    wait_for_card_data(app)
    scryfall_state(app, "kept")
    app.change_setup()
    app.decklist.fill(DECK)
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards")
    app.page.wait_for_timeout(1500)
    assert problems(app.page) == []
    assert len(scryfall.posts) == 1


def test_with_the_option_off_nothing_is_sent(app: AppPage, card_db: Path) -> None:
    scryfall = Scryfall(app.page, app.guard)
    app.open()
    wait_for_card_data(app)
    app.change_setup()
    app.decklist.fill(DECK)
    app.deal(seed=1, unchecked=True)
    app.choose_to_play_if_asked()
    app.page.wait_for_timeout(1500)
    assert scryfall.posts == []
    assert app.page.locator("img.card-image").count() == 0
    expect(app.page.get_by_test_id("card-data")).not_to_have_attribute("data-scryfall", re.compile(".+"))


def test_no_answer_leaves_a_message_and_the_name_unknown(app: AppPage, card_db: Path) -> None:
    scryfall = Scryfall(app.page, app.guard)
    scryfall.status = 500
    app.open()
    wait_for_card_data(app)
    images_on(app)
    app.change_setup()
    app.decklist.fill(DECK)
    scryfall_state(app, "failed")
    expect(app.page.get_by_test_id("card-data")).to_contain_text("Scryfall did not answer (HTTP 500)")
    expect(app.page.get_by_test_id("deck-problems")).to_contain_text(f"no card named “{NEW_CARD}”")
    assert len(scryfall.posts) == 1
    # A time-out: another name, another message; the first name is not asked for again.
    scryfall.status, scryfall.abort = 200, True
    app.decklist.fill(DECK + "\n1 Never Printed Card")
    expect(app.page.get_by_test_id("card-data")).to_contain_text("offline, or no answer in time")
    assert scryfall.posts[1:] == [{"identifiers": [{"name": "Never Printed Card"}]}]
    assert app.page.evaluate(f"localStorage.getItem('{EXTRA_KEY}')") is None


@pytest.mark.parametrize(
    "damaged",
    [
        "not json {",
        json.dumps({"format": 1, "formats": ["modern"], "rows": [f"{NEW_CARD}\tbroken"]}),
        json.dumps({"format": 2, "rows": [f"{NEW_CARD}\t\t1\tCreature\tG\tG\tL\t"]}),
        json.dumps([1, 2, 3]),
        json.dumps({"format": 1, "formats": "modern", "rows": None}),
    ],
)
def test_a_damaged_kept_value_is_ignored(app: AppPage, card_db: Path, damaged: str) -> None:
    Scryfall(app.page, app.guard)
    script = f"""if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');
        localStorage.setItem({json.dumps(EXTRA_KEY)}, {json.dumps(damaged)});
        localStorage.setItem('opening-hand/other', 'keep me'); }}"""
    app.page.context.add_init_script(script)
    app.open()
    wait_for_card_data(app)
    expect(app.page.get_by_test_id("card-data")).not_to_have_attribute("data-scryfall", "kept")
    app.change_setup()
    app.decklist.fill(DECK)
    expect(app.page.get_by_test_id("deck-problems")).to_contain_text(f"no card named “{NEW_CARD}”")
    assert app.page.evaluate("localStorage.getItem('opening-hand/other')") == "keep me"
    assert app.page.evaluate(f"localStorage.getItem('{EXTRA_KEY}')") == damaged  # not deleted either


# ---------------------------------------------------------------- images kept by the service worker


def image_limit() -> int:
    text = (Path(__file__).resolve().parents[2] / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"^const MAX_IMAGES = (\d+);", text, re.MULTILINE)
    assert found, "sw.js names its image limit MAX_IMAGES"
    return int(found.group(1))


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    folder = tmp_path / "_site"
    build(folder)
    server, url = serve_in_thread(root=folder)
    yield url, folder
    server.shutdown()


def route_images(context: BrowserContext, online: dict[str, bool], asked: list[str]) -> None:
    """Scryfall's image host for the whole context (the service worker's requests too), and its
    API's /cards/collection, where a page without a card database finds the images' addresses."""

    def answer(route: Route) -> None:
        asked.append(route.request.url)
        if online["yes"]:
            route.fulfill(status=200, content_type="image/png", body=PNG)
        else:
            route.abort("internetdisconnected")

    cards = scryfall_cards()

    def collection(route: Route) -> None:
        if route.request.method == "OPTIONS":
            route.fulfill(status=204, headers={**CORS, "Access-Control-Allow-Methods": "POST",
                                               "Access-Control-Allow-Headers": "content-type, accept"})  # fmt: skip
        elif not online["yes"]:
            route.abort("internetdisconnected")
        else:
            found = collection_answer(json.loads(route.request.post_data or "{}")["identifiers"], cards)
            route.fulfill(status=200, headers=CORS, content_type="application/json", body=json.dumps(found))

    context.route(re.compile(r"^https://cards\.scryfall\.io/"), answer)
    context.route(COLLECTION, collection)


ALL_SHOWN = """() => { const images = [...document.querySelectorAll('img.card-image')];
                       return images.length === 7 && images.every((i) => i.complete && i.naturalWidth > 0); }"""


def shown_images(page: Page) -> list[str]:
    """The card images that loaded (a failed one is removed: the proxy face shows)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('img.card-image')]
                 .filter((img) => img.complete && img.naturalWidth > 0).map((img) => img.dataset.imageFor)"""
    )


def test_images_shown_once_online_are_shown_offline(browser: Browser, site: tuple[str, Path]) -> None:
    url, _folder = site
    context = browser.new_context(service_workers="allow")
    context.add_init_script("globalThis.openingHandSnapshot = false;")
    online, asked = {"yes": True}, []
    route_images(context, online, asked)
    try:
        page = context.new_page()
        guard = Guard(page, url)
        guard.allow(API)
        guard.allow(IMAGES)
        app = AppPage(page, url, guard).open()
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.reload()  # now the service worker controls the page
        page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
        assert page.evaluate("!!navigator.serviceWorker.controller")
        images_on(app)
        app.deal(seed=11)
        app.choose_to_play_if_asked()
        expect(app.hand()).to_have_count(7)
        page.wait_for_function(ALL_SHOWN)
        names = sorted(set(shown_images(page)))
        assert len(names) >= 2 and asked
        context.set_offline(True)
        online["yes"] = False
        page.reload()
        page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
        app.deal(seed=11)
        app.choose_to_play_if_asked()
        expect(app.hand()).to_have_count(7)
        page.wait_for_function(ALL_SHOWN)
        assert sorted(set(shown_images(page))) == names, "every image from the service worker's cache"
        assert not guard.problems, guard.problems
    finally:
        context.close()


def test_the_image_cache_keeps_only_the_most_recent(browser: Browser, site: tuple[str, Path]) -> None:
    url, folder = site
    assert image_limit() >= 100  # the published limit; this test runs the worker with a limit of 3
    sw = folder / "sw.js"
    sw.write_text(re.sub(r"^const MAX_IMAGES = \d+;", "const MAX_IMAGES = 3;", sw.read_text(), flags=re.MULTILINE))
    context = browser.new_context(service_workers="allow")
    context.add_init_script("globalThis.openingHandSnapshot = false;")
    online, asked = {"yes": True}, []
    route_images(context, online, asked)
    try:
        page = context.new_page()
        guard = Guard(page, url)
        guard.allow(API)
        guard.allow(IMAGES)
        AppPage(page, url, guard).open()
        page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        page.reload()
        page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
        names = [f"{IMAGES}normal/front/{n}/{n}/{n}{n}000000-0000-4000-8000-00000000000{n}.jpg" for n in range(5)]
        page.evaluate(
            """async (names) => {
                 for (const name of names) {  // one after another, as a player sees them
                   const img = new Image();
                   img.src = name;
                   await img.decode();
                 }
               }""",
            names,
        )
        kept: list[str] = []
        for _ in range(40):  # the worker trims after storing
            kept = page.evaluate(
                """async () => { const name = (await caches.keys()).find((k) => k.endsWith(' images'));
                                 const keys = name ? await (await caches.open(name)).keys() : [];
                                 return keys.map((r) => r.url); }"""
            )
            if kept == names[-3:]:
                break
            page.wait_for_timeout(250)
        assert kept == names[-3:], kept
        assert not guard.problems, guard.problems
    finally:
        context.close()
