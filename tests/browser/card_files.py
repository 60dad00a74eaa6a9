"""The card database's files served to the page by routing (``static/data/*``).

A module of its own, not conftest.py: test modules import it, and ``conftest`` is also the
name of tests/engine/conftest.py when both folders are collected in one run."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, Route

ROOT = Path(__file__).resolve().parents[2]


def serve_card_files(page: Page, folder: Path) -> None:
    """Answer the page's requests for static/data/* from ``folder`` (a 404 for anything else)."""

    def answer(route: Route) -> None:
        name = route.request.url.split("?")[0].rsplit("/", 1)[-1]
        path = folder / name
        if path.is_file():
            kind = "application/json" if name.endswith(".json") else "application/gzip"
            route.fulfill(body=path.read_bytes(), content_type=kind)
        else:
            route.fulfill(status=404, body="not found")

    page.route("**/static/data/*", answer)


def scryfall_cards() -> dict[str, dict[str, object]]:
    """The fixtures' card objects by lookup key of their name and of each face's name, as
    Scryfall's /cards/collection finds a card by its name."""
    from opening_hand.cards import normalise
    from tests.engine.deck_fixtures import card_objects

    found: dict[str, dict[str, object]] = {}
    for card in card_objects():
        name = str(card["name"])
        for spelled in (name, *name.split(" // ")):
            found.setdefault(normalise(spelled), card)
    return found


def collection_answer(identifiers: list[dict[str, str]], cards: dict[str, dict[str, object]]) -> dict[str, object]:
    """Scryfall's answer to POST /cards/collection: a list object of the cards found (each
    once, in the order asked) and the identifiers not found."""
    from opening_hand.cards import normalise

    data: list[dict[str, object]] = []
    missing: list[dict[str, str]] = []
    for identifier in identifiers:
        card = cards.get(normalise(identifier.get("name", "")))
        if card is None:
            missing.append(identifier)
        elif card not in data:
            data.append(card)
    return {"object": "list", "not_found": missing, "data": data}
