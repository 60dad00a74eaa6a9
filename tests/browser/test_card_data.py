"""The full card database in the page (issue 16): loaded after ready, every card known by
its real type line, misspelt names reported with one-click fixes, lines that are not cards,
legality and colour identity, oracle text, and a page that carries on when the data is bad.

The database is the one scripts/build/cards.py builds from tests/fixtures/scryfall/ (a few hundred
real cards in Scryfall's bulk format); requests for it are routed, nothing leaves the page.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

from playwright.sync_api import Page, Route, expect

from tests.browser.card_files import ROOT, serve_card_files
from tests.browser.pages import AppPage

ARENA_EXPORT = ROOT / "tests/fixtures/scryfall/modern-arena.txt"
LOADED_MS = 60_000


def wait_for_card_data(app: AppPage, state: str = "loaded") -> None:
    expect(app.page.get_by_test_id("card-data")).to_have_attribute("data-state", state, timeout=LOADED_MS)


def problems(page: Page) -> list[str]:
    return page.get_by_test_id("deck-problems").locator("li").all_inner_texts()


def test_without_a_database_the_page_says_it_uses_the_built_in_catalog(app: AppPage) -> None:
    app.open()
    wait_for_card_data(app, "built-in")
    expect(app.page.get_by_test_id("card-data")).to_contain_text("the built-in catalog (")
    expect(app.page.get_by_test_id("credits")).to_contain_text("Scryfall")
    expect(app.page.get_by_test_id("credits")).to_contain_text("Wizards of the Coast")


def test_the_database_loads_after_ready_and_says_its_date_and_size(app: AppPage, card_db: Path) -> None:
    requested: list[str] = []
    app.page.on("request", lambda request: requested.append(request.url))
    app.open()
    # Nothing of the database is on the start-up path: ready comes first.
    wait_for_card_data(app)
    status = app.page.get_by_test_id("card-data")
    expect(status).to_contain_text("Card data: Scryfall, 20")
    count = int(status.inner_text().rsplit(": ", 1)[1].split()[0].replace(",", ""))
    assert count > 150
    assert any("/static/data/cards-" in url for url in requested)
    assert not any("/static/data/text-" in url for url in requested), "oracle text is fetched only when needed"


def test_an_arena_export_reads_every_land_and_every_face(app: AppPage, card_db: Path) -> None:
    app.open()
    wait_for_card_data(app)
    app.change_setup()
    app.decklist.fill(ARENA_EXPORT.read_text(encoding="utf-8"))
    summary = app.page.get_by_test_id("deck-summary")
    expect(summary).to_contain_text("Read as an Arena export: 60 cards, 24 lands")
    assert problems(app.page) == []
    # Every card is known, so no card is left to mark as a land by hand.
    expect(app.page.locator("#land-marks input")).to_have_count(0)
    app.deal(seed=7)
    app.choose_to_play_if_asked()
    types = app.hand().locator(".card-type").all_inner_texts()
    assert len(types) == 7
    assert "Card (type unknown)" not in types, types
    assert all(t.strip() for t in types)


def test_a_misspelt_name_is_reported_at_its_line_with_a_fix_a_click_applies(app: AppPage, card_db: Path) -> None:
    app.open()
    wait_for_card_data(app)
    app.change_setup()
    app.decklist.fill("20 Mountain\n4 Lightening Bolt (M11) 146\n4 Sacred Fondry\n32 Mountain")
    found = app.page.get_by_test_id("deck-problems")
    expect(found).to_contain_text("Line 2: no card named “Lightening Bolt” — did you mean Lightning Bolt")
    expect(found).to_contain_text("Line 3: no card named “Sacred Fondry” — did you mean Sacred Foundry")
    app.button("Use Lightning Bolt").click()
    expect(app.decklist).to_have_value("20 Mountain\n4 Lightning Bolt (M11) 146\n4 Sacred Fondry\n32 Mountain")
    expect(found).not_to_contain_text("Lightening")
    # The fix is an edit like typing: the browser's undo takes it back.
    app.decklist.press("Control+z")
    expect(app.decklist).to_have_value("20 Mountain\n4 Lightening Bolt (M11) 146\n4 Sacred Fondry\n32 Mountain")
    # A deal with an unknown name is refused, and says where to look; skipping the checks deals it.
    app.button("Deal").click()
    expect(app.message).to_contain_text("card problems in the deck")
    app.deal(unchecked=True)
    app.choose_to_play_if_asked()
    expect(app.hand()).to_have_count(7)


def test_lines_that_cannot_be_cards_are_reported_as_such(app: AppPage, card_db: Path) -> None:
    app.open()
    wait_for_card_data(app)
    app.change_setup()
    app.decklist.fill(
        "four Monastery Swiftspear\n<<<>>> ???\n-1 Mountain\nhttps://moxfield.com/decks/abc123\n56 Mountain"
    )
    found = app.page.get_by_test_id("deck-problems")
    expect(found).to_contain_text("Line 1: write the quantity as a number: 4 Monastery Swiftspear")
    expect(found).to_contain_text("Line 2: not a card line")
    expect(found).to_contain_text("Line 3: a quantity cannot be negative")
    expect(found).to_contain_text("Line 4: deck links cannot be opened here: export the list as text and paste it")
    app.button("Use 4 Monastery Swiftspear").click()
    expect(app.decklist).to_have_value(
        "4 Monastery Swiftspear\n<<<>>> ???\n-1 Mountain\nhttps://moxfield.com/decks/abc123\n56 Mountain"
    )


def test_a_banned_card_in_the_chosen_pool_is_reported_and_can_be_practised_anyway(app: AppPage, card_db: Path) -> None:
    app.open()
    wait_for_card_data(app)
    app.change_setup()
    app.decklist.fill("4 Oko, Thief of Crowns\n4 Lightning Bolt\n52 Forest")
    assert problems(app.page) == []  # any cards: nothing to say
    app.page.get_by_label("Card pool").select_option("modern")
    expect(app.page.get_by_test_id("deck-problems")).to_contain_text("Line 1: Oko, Thief of Crowns is banned in Modern")
    app.page.get_by_label("Card pool").select_option("pauper")
    expect(app.page.get_by_test_id("deck-problems")).to_contain_text("Oko, Thief of Crowns is not legal in Pauper")
    app.button("Deal").click()
    expect(app.message).to_contain_text("Skip deck checks")
    app.deal(unchecked=True)
    app.choose_to_play_if_asked()
    expect(app.hand()).to_have_count(7)


def test_commander_decks_are_checked_against_the_commanders_colour_identity(app: AppPage, card_db: Path) -> None:
    app.open()
    wait_for_card_data(app)
    app.choose_format("commander", players=2)
    app.change_setup()
    app.decklist.fill("Commander\n1 Kenrith, the Returned King\n\nDeck\n1 Lightning Bolt\n98 Mountain")
    expect(app.page.get_by_test_id("deck-problems")).not_to_contain_text("colour identity")
    app.decklist.fill("Commander\n1 Monastery Swiftspear\n\nDeck\n1 Oko, Thief of Crowns\n98 Mountain")
    expect(app.page.get_by_test_id("deck-problems")).to_contain_text(
        "Line 5: Oko, Thief of Crowns has UG in its colour identity, outside the commander's (CR 903.5c)"
    )


def test_the_enlarged_card_shows_its_oracle_text(app: AppPage, card_db: Path) -> None:
    app.open()
    wait_for_card_data(app)
    app.deal(seed=3, deck="60 Lightning Bolt", unchecked=True)
    app.choose_to_play_if_asked()
    app.hand().first.click(button="right")  # a long press on a phone
    expect(app.page.get_by_test_id("oracle-text")).to_contain_text("Lightning Bolt deals 3 damage to any target.")


def test_a_vanguard_name_brings_its_modifiers(app: AppPage, card_db: Path) -> None:
    app.open()
    wait_for_card_data(app)
    app.choose_format("vanguard")
    name = app.page.get_by_label("Vanguard card")
    name.fill("momir vig, simic visionary avatar")
    name.dispatch_event("change")
    expect(name).to_have_value("Momir Vig, Simic Visionary Avatar")
    expect(app.page.get_by_label("Hand modifier")).to_have_value("0")
    expect(app.page.get_by_label("Life modifier")).to_have_value("4")


def test_a_damaged_database_leaves_the_built_in_catalog_working(app: AppPage, card_files: Path) -> None:
    cut = next(card_files.glob("cards-*.txt.gz")).read_bytes()
    truncated = cut[: len(cut) // 2]

    def answer(route: Route) -> None:
        url = route.request.url
        if url.endswith("cards.json"):
            route.fulfill(path=card_files / "cards.json")
        else:
            route.fulfill(body=truncated, content_type="application/gzip")

    app.page.route("**/static/data/*", answer)
    app.open()
    wait_for_card_data(app, "unavailable")
    expect(app.page.get_by_test_id("card-data")).to_contain_text(
        "Card data unavailable: the card data file does not match its index"
    )
    app.deal(seed=5)
    app.choose_to_play_if_asked()
    expect(app.hand()).to_have_count(7)


def test_a_database_of_another_format_is_refused_with_a_message(app: AppPage, card_files: Path, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    index = json.loads((card_files / "cards.json").read_text())
    data = gzip.compress(b"opening-hand-cards\t9\t2030-01-01\t0\tstandard\n", mtime=0)
    index["cards"] = f"cards-{hashlib.sha256(data).hexdigest()[:12]}.txt.gz"  # named as the build names it
    (folder / "cards.json").write_text(json.dumps(index))
    (folder / index["cards"]).write_bytes(data)
    serve_card_files(app.page, folder)
    app.open()
    wait_for_card_data(app, "unavailable")
    expect(app.page.get_by_test_id("card-data")).to_contain_text("format '9'")


def test_a_file_other_than_the_one_its_index_names_is_refused(app: AppPage, card_files: Path, tmp_path: Path) -> None:
    """A whole, readable database, but not the one the index names (its hash differs): it is
    not read at all, and the built-in catalog carries on (issue 34)."""
    folder = tmp_path / "data"
    folder.mkdir()
    index = json.loads((card_files / "cards.json").read_text())
    text = gzip.decompress((card_files / index["cards"]).read_bytes()).decode()
    head, _, body = text.partition("\n")
    rows = body.split("\n")[:-1]
    swapped = head.replace(f"\t{len(rows)}\t", "\t1\t") + "\nLightning Bolt\t{R}\t1\tLand\tR\tR\tLLLLLLLLL\t\n"
    (folder / "cards.json").write_text(json.dumps(index))
    (folder / index["cards"]).write_bytes(gzip.compress(swapped.encode(), mtime=0))
    serve_card_files(app.page, folder)
    app.open()
    wait_for_card_data(app, "unavailable")
    expect(app.page.get_by_test_id("card-data")).to_contain_text("does not match its index")
    app.deal(seed=2, deck="60 Lightning Bolt", unchecked=True)
    app.choose_to_play_if_asked()
    expect(app.hand().first.locator(".card-type")).to_have_text("Instant"), "the swapped row was never read"


def test_a_file_larger_than_any_database_is_refused_before_it_is_read(app: AppPage, card_files: Path) -> None:
    def answer(route: Route) -> None:
        if route.request.url.endswith("cards.json"):
            route.fulfill(path=card_files / "cards.json")
        else:
            route.fulfill(body=b"\x1f\x8b" + bytes(25_000_000), content_type="application/gzip")

    app.page.route("**/static/data/*", answer)
    app.open()
    wait_for_card_data(app, "unavailable")
    expect(app.page.get_by_test_id("card-data")).to_contain_text("the card data file is too large")
