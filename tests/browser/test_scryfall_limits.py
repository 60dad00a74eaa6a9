"""Scryfall's answers are untrusted and its limits are kept (issue 34): /cards/collection
requests carry at most 75 names and leave at least 500 ms apart; after an HTTP 429 nothing
leaves for 30 seconds, not even a name typed meanwhile; card images come only from
cards.scryfall.io, named by the card data's image_uris, however fast hands are dealt; an
answer with another image host, markup in its fields, or too deep to read changes nothing
but one message. Every Scryfall host is routed: nothing reaches the internet.
"""

from __future__ import annotations

import json
from itertools import pairwise
from pathlib import Path
from typing import Any

from playwright.sync_api import Route, expect

from tests.browser.card_files import collection_answer, scryfall_cards
from tests.browser.pages import AppPage

API = "https://api.scryfall.com/"
COLLECTION = "https://api.scryfall.com/cards/collection"
IMAGES = "https://cards.scryfall.io/"
CORS = {"Access-Control-Allow-Origin": "*"}
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201e2a2c8a60000000049454e44ae426082"
)
LOADED_MS = 60_000


class Scryfall:
    """Every Scryfall host routed; the collection answers as the test says."""

    def __init__(self, app: AppPage) -> None:
        assert app.guard is not None
        app.guard.allow(API)
        app.guard.allow(IMAGES)
        self.page = app.page
        self.cards = scryfall_cards()
        self.asked: list[list[str]] = []
        self.replies: list[tuple[int, dict[str, str], str] | None] = []  # the next answers; None: from the fixtures
        self.api: list[str] = []  # every request to the API
        self.images: list[str] = []
        app.page.route(f"{API}**", self.answer)
        app.page.route(f"{IMAGES}**", self.image)

    def answer(self, route: Route) -> None:
        request = route.request
        if request.method == "OPTIONS":
            route.fulfill(status=204, headers={**CORS, "Access-Control-Allow-Methods": "POST",
                                               "Access-Control-Allow-Headers": "content-type, accept"})  # fmt: skip
            return
        self.api.append(request.url)
        if request.url != COLLECTION:
            route.fulfill(status=404, headers=CORS, json={"object": "error"})
            return
        identifiers = json.loads(request.post_data or "{}")["identifiers"]
        self.asked.append([i["name"] for i in identifiers])
        reply = self.replies.pop(0) if self.replies else None
        if reply is None:
            body = json.dumps(collection_answer(identifiers, self.cards))
            route.fulfill(status=200, headers=CORS, content_type="application/json", body=body)
        else:
            status, headers, body = reply
            route.fulfill(status=status, headers={**CORS, **headers}, content_type="application/json", body=body)

    def image(self, route: Route) -> None:
        self.images.append(route.request.url)
        route.fulfill(status=200, content_type="image/png", body=PNG)

    def starts(self) -> list[float]:
        return self.page.evaluate(
            "(url) => performance.getEntriesByType('resource').filter((e) => e.name === url).map((e) => e.startTime)",
            COLLECTION,
        )


def paste(app: AppPage, text: str) -> None:
    app.change_setup()
    app.decklist.fill(text)
    app.decklist.dispatch_event("change")


def look_up(app: AppPage) -> None:
    app.page.get_by_test_id("unknown-notice").get_by_role("button", name="Look them up on Scryfall").click()


def status(app: AppPage) -> Any:
    return app.page.get_by_test_id("unknown-status")


def made_up(count: int, start: int = 1) -> str:
    return "\n".join(f"1 Made-Up Card Number {n}" for n in range(start, start + count))


def test_a_long_list_goes_in_requests_of_75_names_at_least_500_ms_apart(app: AppPage) -> None:
    scryfall = Scryfall(app)
    app.open()
    paste(app, made_up(160) + "\n40 Mountain")
    look_up(app)
    expect(status(app)).to_contain_text("Scryfall knows no card by 160 names of the deck", timeout=LOADED_MS)
    assert [len(batch) for batch in scryfall.asked] == [75, 75, 10]
    assert len({n for batch in scryfall.asked for n in batch}) == 160, "each name once"
    starts = scryfall.starts()
    assert len(starts) == 3 and all(b - a >= 500 for a, b in pairwise(starts)), starts
    look_up(app)  # asked once per visit: a name Scryfall does not know is not asked for again
    app.page.wait_for_timeout(1500)
    assert len(scryfall.asked) == 3


def test_after_a_429_nothing_leaves_for_30_s_not_even_a_new_name(app: AppPage) -> None:
    scryfall = Scryfall(app)
    scryfall.replies = [(429, {"Retry-After": "30"}, json.dumps({"object": "error", "status": 429}))]
    app.open()
    paste(app, made_up(2) + "\n58 Mountain")
    look_up(app)
    expect(status(app)).to_contain_text("too many requests; nothing is sent for 30 s", timeout=LOADED_MS)
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 58 lands")  # what the page had
    # A new unknown name, and the player asks again at once: it waits for the quiet to end.
    paste(app, made_up(3) + "\n57 Mountain")
    look_up(app)
    expect(status(app)).to_contain_text("Scryfall asked for a pause: looking up again in")
    app.page.wait_for_timeout(5000)
    assert len(scryfall.asked) == 1, "nothing sent during the quiet"
    expect(status(app)).to_contain_text("Scryfall knows no card by 3 names", timeout=45_000)
    first, second = scryfall.starts()
    assert second - first >= 30_000, (first, second)
    assert sorted(scryfall.asked[1]) == [f"Made-Up Card Number {n}" for n in (1, 2, 3)]


def test_card_images_come_only_from_the_image_host_however_fast_hands_are_dealt(app: AppPage, card_db: Path) -> None:
    scryfall = Scryfall(app)
    app.open()
    expect(app.page.get_by_test_id("card-data")).to_have_attribute("data-state", "loaded", timeout=LOADED_MS)
    app.page.get_by_label("Show card images from Scryfall").check()
    paste(app, (Path(__file__).resolve().parents[1] / "fixtures/decklists/boros-energy-mtgo.txt").read_text())
    app.deal(seed=3)
    app.choose_to_play_if_asked()
    for _ in range(4):  # four Next-hand presses 330 ms apart
        app.page.wait_for_timeout(330)
        app.button("Next hand").click()
    app.choose_to_play_if_asked()
    expect(app.page.locator('[data-board="main"] [data-el="hand"] img.card-image')).to_have_count(7, timeout=LOADED_MS)
    app.page.wait_for_timeout(1000)
    assert scryfall.api == [], "the database names every image: the API is not asked at all"
    assert scryfall.images and all(url.startswith(IMAGES + "normal/front/") for url in scryfall.images)
    sources = app.page.locator("img.card-image").evaluate_all("(images) => images.map((i) => i.src)")
    assert sources and all(src.startswith(IMAGES) for src in sources)


def hostile_card(cards: dict[str, dict[str, Any]]) -> dict[str, Any]:
    card = json.loads(json.dumps(cards["rockface village"]))
    card["image_uris"] = {"normal": "https://evil.example/normal/front/a/b/ab000000-0000-4000-8000-000000000000.jpg"}
    card["type_line"] = 'Land <img src=x onerror="document.title=1">'
    return card


def test_a_hostile_answer_shows_its_text_as_text_and_no_image_from_another_host(app: AppPage) -> None:
    scryfall = Scryfall(app)
    card = hostile_card(scryfall.cards)
    scryfall.replies = [(200, {}, json.dumps({"object": "list", "not_found": [], "data": [card]}))]
    app.open()
    app.page.get_by_label("Show card images from Scryfall").check()
    paste(app, "60 Rockface Village")
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 60 lands", timeout=LOADED_MS)
    app.deal(seed=2, unchecked=True)  # 60 copies: not a legal deck, a deck of this one card
    app.choose_to_play_if_asked()
    expect(app.hand()).to_have_count(7)
    expect(app.hand().locator(".card-type")).to_have_text([card["type_line"]] * 7)  # text, never markup
    expect(app.page.locator("img.card-image")).to_have_count(0)
    assert app.page.evaluate("document.title") != "1"
    kept = json.loads(app.page.evaluate("localStorage.getItem('opening-hand/extra-cards')"))
    assert kept["images"] == {}, "an image elsewhere than cards.scryfall.io is never kept"


def test_an_answer_too_deep_to_read_changes_nothing_but_one_message(app: AppPage) -> None:
    scryfall = Scryfall(app)
    deep = '{"object": "list", "data": ' + "[" * 5000 + "]" * 5000 + "}"
    scryfall.replies = [(200, {}, deep)]
    app.open()
    paste(app, "2 Rockface Village\n58 Mountain")
    look_up(app)
    expect(status(app)).to_have_text("Scryfall did not answer (an answer that is not JSON): 1 name not looked up.")
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 58 lands")
    expect(
        app.page.get_by_test_id("unknown-notice").get_by_role("button", name="Look them up on Scryfall")
    ).to_be_enabled()
    look_up(app)  # asked again at the player's click: the fixtures' answer this time
    expect(app.page.get_by_test_id("deck-summary")).to_contain_text("60 cards, 60 lands", timeout=LOADED_MS)
    assert len(scryfall.asked) == 2
