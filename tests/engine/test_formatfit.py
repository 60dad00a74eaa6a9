"""The format follows the deck (issue 31): a Commander section, or 100 singleton cards with a
legendary creature first, offers "Deal as Commander"; under Commander a list that is no
Commander deck gets the fixes "Deal as Two-player constructed" and "Load the Commander
sample deck"; a deck that fits its format gets no advice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from opening_hand.cards import use_database
from opening_hand.cards.decklist import parse_decklist
from opening_hand.cards.formatfit import FormatAdvice, advise, first_card_commander
from opening_hand.cards.samples import SAMPLES
from opening_hand.rules.formats import FORMATS
from tests.engine.deck_fixtures import decklist, fixture_database

COMMANDER, CONSTRUCTED, BRAWL = FORMATS["commander"], FORMATS["constructed"], FORMATS["brawl"]


@pytest.fixture(params=["catalog", "database"])
def card_data(request: pytest.FixtureRequest) -> Iterator[str]:
    if request.param == "database":
        use_database(fixture_database())
    yield str(request.param)
    use_database(None)


def test_a_commander_section_offers_deal_as_commander(card_data: str) -> None:
    deck = parse_decklist(decklist("atraxa-moxfield-categories.txt"))
    (found,) = advise(deck, CONSTRUCTED)
    assert found == FormatAdvice(
        "deal:commander",
        "Deal as Commander",
        "The list has a Commander section (Atraxa, Praetors' Voice): it is a Commander deck.",
    )
    assert advise(deck, COMMANDER) == ()


def test_a_plain_export_with_the_commander_first_offers_it_too(card_data: str) -> None:
    deck = parse_decklist(decklist("atraxa-moxfield.txt"))
    assert not deck.commander and first_card_commander(deck) == "Atraxa, Praetors' Voice"
    (found,) = advise(deck, CONSTRUCTED)
    assert (found.action, found.label, found.first_as_commander) == ("deal:commander", "Deal as Commander", True)
    (under_commander,) = advise(deck, COMMANDER)
    assert under_commander.first_as_commander and "its first card, Atraxa, Praetors' Voice" in under_commander.reason


def test_a_constructed_list_under_commander_names_both_fixes(card_data: str) -> None:
    deck = parse_decklist(decklist("boros-energy-mtgo.txt"))
    assert advise(deck, CONSTRUCTED) == ()
    labels = [a.label for a in advise(deck, COMMANDER)]
    assert labels == ["Deal as Two-player constructed", "Load the Commander sample deck"]
    assert [a.label for a in advise(deck, BRAWL)] == ["Deal as Two-player constructed", "Load the Brawl sample deck"]
    small = parse_decklist("20 Mountain\n20 Lightning Bolt")
    assert [a.action for a in advise(small, COMMANDER)] == ["sample:commander"], "40 cards fit no constructed deck"


def test_not_a_commander_deck_when_a_card_has_copies_or_the_first_is_no_legend(card_data: str) -> None:
    plain = decklist("atraxa-moxfield.txt").splitlines()
    signet = plain.index("1 Arcane Signet")
    swapped = "\n".join([plain[signet], *plain[1:signet], plain[0], *plain[signet + 1 :]])  # Arcane Signet first
    assert sum(e.count for e in parse_decklist(swapped).main) == 100
    assert first_card_commander(parse_decklist(swapped)) is None
    doubled = parse_decklist("\n".join(line.replace("Arcane Signet", "Sol Ring") for line in plain))
    assert sum(e.count for e in doubled.main) == 100 and first_card_commander(doubled) is None


def test_every_sample_deck_fits_its_own_format() -> None:
    for key, text in SAMPLES.items():
        assert advise(parse_decklist(text), FORMATS[key]) == (), key
