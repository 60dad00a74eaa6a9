"""Real decks' mana on the page (issue 39): the site built from the Scryfall-format fixtures
(scripts/build/cards.py, as `make cards` builds it), a Modern Boros Energy list, and a hand of two
fetch lands: the verdict keeps it, and the outlook counts the fetch lands as sources of the
colours they can find, saying the figure is played out."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from opening_hand.rules.actions import ChooseStarting
from opening_hand.share.share_link import Setup, encode_setup
from tests.browser.pages import READY_TIMEOUT_MS, AppPage
from tests.engine.deck_fixtures import decklist

LOADED_MS = 60_000
# Seat 1 chooses, and its seven: two Arid Mesas, Guide of Souls, Ocelot Pride, Phlage, Lightning Helix, Blood Moon.
SEED = 125


def test_a_hand_of_two_fetch_lands_is_kept_and_they_are_sources_of_what_they_find(app: AppPage, card_db: Path) -> None:
    setup = Setup(deck=decklist("boros-energy-mtgo.txt"), format="constructed", players=2, edition="london",
                  seed=SEED, actions=(ChooseStarting(1, 1),))  # fmt: skip
    app.page.goto(app.url + "#" + encode_setup(setup))
    app.page.wait_for_selector('body[data-ready="true"]', timeout=READY_TIMEOUT_MS)
    expect(app.page.get_by_test_id("card-data")).to_have_attribute("data-state", "loaded", timeout=LOADED_MS)
    names = app.deciding_hand().locator(".card-name").all_inner_texts()
    assert sorted(names).count("Arid Mesa") == 2, names
    verdict = app.page.get_by_test_id("outlook-verdict")
    expect(verdict).to_contain_text("Keep:", timeout=LOADED_MS)
    expect(verdict).not_to_contain_text("unreliable")
    helix = app.page.get_by_test_id("outlook-cast").locator('li[data-card="Lightning Helix"]')
    expect(helix).to_contain_text("T2")
    expect(helix).to_contain_text(re.compile(r"100 %\s*±0 played out"))
    phlage = app.page.get_by_test_id("outlook-cast").locator("li", has_text="Phlage")
    expect(phlage).to_contain_text(re.compile(r"T3 \d+ %"))
