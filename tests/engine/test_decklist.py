"""Decklist reading and the constructed deck checks (CR 100.2a)."""

from __future__ import annotations

import pytest

from opening_hand.cards import lookup
from opening_hand.cards.decklist import check_constructed, parse_decklist
from opening_hand.errors import DeckCheckError, DecklistError


def test_quantities_names_and_sections() -> None:
    deck = parse_decklist(
        "// Burn\n4 Lightning Bolt\n4x  lightning   bolt\nMountain\n\n"
        "2 Sacred Foundry (GRN) 254\nSideboard:\n3 Path to Exile\nDeck\nSB: 1 Duress\n1 Island\n"
    )
    assert [(e.count, e.name, e.line) for e in deck.main] == [
        (4, "Lightning Bolt", 2),
        (4, "Lightning Bolt", 3),
        (1, "Mountain", 4),
        (2, "Sacred Foundry", 6),
        (1, "Island", 11),
    ]
    assert [(e.count, e.name) for e in deck.sideboard] == [(3, "Path to Exile"), (1, "Duress")]
    assert len(deck.main_cards()) == 12 and deck.sideboard_cards().count("Path to Exile") == 3


def test_unknown_names_are_kept_as_typed() -> None:
    deck = parse_decklist("3 Séance of the Ünknown\n")
    assert deck.main[0].name == "Séance of the Ünknown"
    assert lookup("Séance of the Ünknown").type_line == ""


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("4 Mountain\n0 Island", 2, "quantity must be at least 1"),
        ("4 Mountain\n\n4", 3, "needs a card name"),
        ("4 Mountain\n4x ", 2, "needs a card name"),
        ("999 Mountain", 1, "at most 250"),
        ("4 " + "A" * 151, 1, "longer than 150"),
        ("Sideboard\n2 Duress", None, "no main-deck cards"),
        ("", None, "no main-deck cards"),
    ],
)
def test_bad_lines_raise_with_their_line_number(text: str, line: int | None, message: str) -> None:
    with pytest.raises(DecklistError, match=message) as info:
        parse_decklist(text)
    assert info.value.line == line
    if line is not None:
        assert str(info.value).startswith(f"Line {line}: ")


def test_a_huge_paste_is_refused_with_a_clear_limit() -> None:
    with pytest.raises(DecklistError, match="at most 2000 lines"):
        parse_decklist("1 Mountain\n" * 2001)


@pytest.mark.parametrize("skip_bad_lines", [False, True])
def test_more_than_a_thousand_cards_in_all_are_refused_at_the_line_that_passes_the_limit(skip_bad_lines: bool) -> None:
    # 2,000 lines of 250 copies would be half a million cards: a stalled page, not a deck.
    with pytest.raises(DecklistError) as info:
        parse_decklist("250 Relentless Rats\n" * 2000, skip_bad_lines=skip_bad_lines)
    assert info.value.line == 5
    assert "at most 1000 cards in all; this one has 500000" in str(info.value)
    # The sideboard and the other sections count too; exactly a thousand is fine.
    deck = parse_decklist("250 Island\n250 Swamp\n250 Forest\nSideboard\n250 Plains")
    assert len(deck.main_cards()) + len(deck.sideboard_cards()) == 1000
    with pytest.raises(DecklistError, match=r"Line 6: .* this one has 1001"):
        parse_decklist("250 Island\n250 Swamp\n250 Forest\nSideboard\n250 Plains\n1 Mountain")


def test_constructed_checks_size_and_copies_but_not_basic_lands() -> None:
    check_constructed(parse_decklist("56 Mountain\n4 Lightning Bolt"))
    check_constructed(parse_decklist("30 Snow-Covered Mountain\n26 Wastes\n4 Lightning Bolt"))
    with pytest.raises(DeckCheckError) as info:
        check_constructed(parse_decklist("50 Mountain\n3 Lightning Bolt\nSideboard\n2 Lightning Bolt\n5 Duress"))
    problems = info.value.problems
    assert any("53 cards" in p and "100.2a" in p for p in problems)
    assert any(p.startswith("line 2: 5 copies of Lightning Bolt") for p in problems)
    assert any("5 copies of Duress" in p for p in problems)
    assert not any("Mountain" in p for p in problems)


def test_card_faces_from_the_catalog() -> None:
    helix = lookup("lightning helix")
    assert (helix.name, helix.colours, helix.mana_value, helix.is_land) == ("Lightning Helix", "WR", 2, False)
    assert lookup("Rift Bolt").mana_value == 3
    assert lookup("Snow-Covered Forest").is_basic_land
    assert lookup("Sacred Foundry").is_land and not lookup("Sacred Foundry").is_basic_land
