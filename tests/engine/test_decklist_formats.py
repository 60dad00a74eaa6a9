"""Decklists from every common source, bad lines, the Arena export and fuzzing.

The fixtures in decklists/ are written the way each site or client exports them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from opening_hand.cards import CATALOG
from opening_hand.cards.decklist import Decklist, parse_decklist, to_arena
from opening_hand.errors import DecklistError

FIXTURES = Path(__file__).parent / "decklists"


def read(name: str) -> Decklist:
    return parse_decklist((FIXTURES / name).read_text(encoding="utf-8"))


def counts(entries: tuple[object, ...]) -> dict[str, int]:
    out: dict[str, int] = {}
    for entry in entries:
        out[entry.name] = out.get(entry.name, 0) + entry.count  # type: ignore[attr-defined]
    return out


@pytest.mark.parametrize(("name", "source"), [("burn.dek", "mtgo"), ("burn.cod", "cockatrice"),
                                              ("mtggoldfish.txt", "text")])  # fmt: skip
def test_the_same_burn_deck_from_mtgo_cockatrice_and_mtggoldfish(name: str, source: str) -> None:
    deck = read(name)
    assert deck.source == source
    assert len(deck.main_cards()) == 60 and len(deck.sideboard_cards()) == 15
    assert counts(deck.main)["Mountain"] == 7 and counts(deck.sideboard)["Kor Firewalker"] == 4
    assert "Goblin" not in deck.main_cards() + deck.sideboard_cards()  # Cockatrice tokens are not cards


def test_arena_export_with_about_commander_companion_and_set_codes() -> None:
    deck = read("arena_commander.txt")
    assert deck.source == "arena"
    assert [e.name for e in deck.commander] == ["Krenko, Mob Boss"]
    assert [e.name for e in deck.companion] == ["Lurrus of the Dream-Den"]
    main = counts(deck.main)
    assert main["Mountain"] == 30 and main["Goblin Rally"] == 1 and main["Chaos Warp"] == 1  # 1567p, C17-133
    assert "Fire // Ice" in main and "Bonecrusher Giant // Stomp" in main and "Lim-Dûl's Vault" in main
    assert len(deck.main_cards()) == 41  # the commander and 40 cards; "Name Krenko Goblins" is not a card
    assert counts(deck.sideboard) == {"Path to Exile": 1}


def test_moxfield_categories_become_type_hints_and_the_maybeboard_is_ignored() -> None:
    deck = read("moxfield.txt")
    assert deck.source == "categories"
    assert [e.name for e in deck.commander] == ["Krenko, Mob Boss"]
    assert counts(deck.main) == {
        "Goblin Guide": 1, "Legion Loyalist": 1, "Mogg War Marshal": 1, "Lightning Bolt": 1, "Chaos Warp": 1,
        "Sol Ring": 1, "Castle Embereth": 1, "Ancient Den Of Homebrew": 1,
    }  # fmt: skip
    hints = dict(deck.type_hints)
    assert hints["Ancient Den Of Homebrew"] == "Land" and hints["Goblin Guide"] == "Creature"
    assert "Goblin Chieftain" not in deck.main_cards() + deck.sideboard_cards()


def test_archidekt_tags_sort_commander_and_land_hints() -> None:
    deck = read("archidekt.txt")
    assert deck.source == "categories"
    assert [e.name for e in deck.commander] == ["Krenko, Mob Boss"]
    assert counts(deck.main) == {"Sol Ring": 1, "Arcane Signet": 1, "Lightning Bolt": 1, "Castle Embereth": 1,
                                 "Mountain": 28}  # fmt: skip
    assert dict(deck.type_hints)["Castle Embereth"] == "Land"


def test_names_are_matched_without_regard_to_case_accents_spacing_or_slash_style() -> None:
    text = "2 fire/ice\n1 LIM-DUL'S   VAULT\n1 delver of secrets // insectile aberration\n3 Who/What/When"
    deck = parse_decklist(text)
    assert [e.name for e in deck.main] == [
        "Fire // Ice", "Lim-Dûl's Vault", "Delver of Secrets // Insectile Aberration", "Who // What // When",
    ]  # fmt: skip


def test_a_blank_line_is_a_sideboard_break_only_without_headers_and_before_a_smaller_block() -> None:
    assert len(parse_decklist("20 Mountain\n\n20 Lightning Bolt\n\n20 Shock").sideboard) == 0  # three blocks
    assert len(parse_decklist("20 Mountain\n\n40 Lightning Bolt").sideboard) == 0  # the second is bigger
    assert counts(parse_decklist("40 Mountain\n\n15 Shock").sideboard) == {"Shock": 15}


def test_every_bad_line_is_reported_together_with_its_number_and_text() -> None:
    text = "4 Lightning Bolt\n0 Shock\n52 Mountain\n4\n999 Island\n"
    with pytest.raises(DecklistError) as info:
        parse_decklist(text)
    assert [(p.line, p.text) for p in info.value.problems] == [(2, "0 Shock"), (4, "4"), (5, "999 Island")]
    assert str(info.value).startswith("3 lines cannot be read:\nLine 2: quantity must be at least 1")
    deck = parse_decklist(text, skip_bad_lines=True)
    assert counts(deck.main) == {"Lightning Bolt": 4, "Mountain": 52}
    assert [p.line for p in deck.skipped] == [2, 4, 5]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ('<?xml version="1.0"?>\n<Deck>\n  <Cards Quantity="4" Name="Shock"\n</Deck>', 4, "not a readable XML"),
        ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol">]>\n<Deck/>', 2, "DOCTYPE"),
        ('<cockatrice_carddeck version="1">\n<zone name="graveyard"/>\n</cockatrice_carddeck>', 2, "unknown zone"),
        ('<Deck>\n<Cards Quantity="0" Sideboard="false" Name="Shock"/>\n</Deck>', 2, "at least 1"),
        ('<Deck>\n<Cards Quantity="four" Sideboard="false" Name="Shock"/>\n</Deck>', 2, "whole number"),
        ("<html><body>not a deck</body></html>", 1, "neither an MTGO .dek nor a Cockatrice"),
    ],
)
def test_bad_xml_files_are_reported_with_a_line_number(text: str, line: int, message: str) -> None:
    with pytest.raises(DecklistError, match=message) as info:
        parse_decklist(text)
    assert info.value.line == line


def test_the_arena_export_reads_back_as_the_same_deck() -> None:
    for name in ("arena_commander.txt", "moxfield.txt", "burn.dek", "burn.cod", "mtggoldfish.txt"):
        deck = read(name)
        again = parse_decklist(to_arena(deck))
        for section in ("main", "sideboard", "commander", "companion"):
            assert counts(getattr(again, section)) == counts(getattr(deck, section)), (name, section)


@given(st.text(max_size=400) | st.text(max_size=400).map(lambda t: "<Deck>" + t))
def test_any_text_gives_a_deck_or_the_typed_error(text: str) -> None:
    for skip in (False, True):
        try:
            deck = parse_decklist(text, skip_bad_lines=skip)
        except DecklistError as error:
            assert error.problems and str(error)
        else:
            assert deck.main or deck.commander


card_names = st.sampled_from(sorted(info.name for info in CATALOG.values())) | st.from_regex(
    r"[A-Z][a-z]{2,10}( [A-Z][a-z]{1,10}){0,3}", fullmatch=True
)
sections = st.lists(st.tuples(st.integers(1, 30), card_names), max_size=6)


@given(sections.filter(bool), sections, sections)
def test_arena_round_trip_over_generated_decks(main: list[tuple[int, str]], side: list[tuple[int, str]],
                                               commander: list[tuple[int, str]]) -> None:  # fmt: skip
    text = "Commander\n" + "\n".join(f"{n} {c}" for n, c in commander) + "\nDeck\n"
    text += "\n".join(f"{n} {c}" for n, c in main) + "\nSideboard\n" + "\n".join(f"{n} {c}" for n, c in side)
    deck = parse_decklist(text)
    again = parse_decklist(to_arena(deck))
    for section in ("main", "sideboard", "commander"):
        assert counts(getattr(again, section)) == counts(getattr(deck, section))
