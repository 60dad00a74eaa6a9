"""Hostile decklists: very long lines, long runs of spaces, brackets and markers repeated,
lone surrogates. Whatever the text, the parser answers (a Decklist or a DecklistError) in
time linear in the text.

A line longer than MAX_LINE_CHARS is reported at its number before any pattern reads it;
shorter lines go through patterns that never try again at every position, checked here
against the patterns they replace (which backtracked over the whole line).
"""

from __future__ import annotations

import os
import re
import unicodedata

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from opening_hand.cards import normalise
from opening_hand.cards.decklist import (
    _REVERSED_CATEGORY_COUNT,
    _REVERSED_HEADER_COUNT,
    _REVERSED_MARKERS,
    _REVERSED_SET_CODE,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_XML_CHARS,
    MAX_XML_ELEMENTS,
    SHOWN,
    Decklist,
    _cut_end,
    _slashes,
    parse_decklist,
)
from opening_hand.errors import DecklistError

# Pyodide, 3-4x slower, sets PROPERTY_EXAMPLES lower (tests/pyodide/run_engine_tests.mjs).
EXAMPLES = max(25, int(os.environ.get("PROPERTY_EXAMPLES", "10000")) // 20)
TOO_LONG = f"line longer than {MAX_LINE_CHARS} characters"

# (start, piece repeated, end) of a line of any length; each family aims at one pattern.
FAMILIES = {
    "spaces between words": ("4 Lightning", " ", "Bolt"),
    "tabs between words": ("4 Lightning", "\t", "Bolt"),
    "( repeated": ("4 Lightning Bolt ", "(", ""),
    "[ repeated": ("4 Lightning Bolt ", "[", ""),
    "foil markers repeated": ("4 Lightning Bolt", " *F*", " x"),
    "labels repeated": ("4 Lightning Bolt", " ^a^", " x"),
    "slash then spaces": ("4 Fire/Ice", " ", "x"),
    "spaced slashes": ("4 Fire", " / ", "Ice"),
    "colons": ("Sideboard", ":", " x"),
    "colon then spaces": ("Sideboard:", " ", "x"),
    "digits": ("", "1", " Mountain"),
    "( then digits": ("Ramp (", "1", " x"),
    "header, spaces, count": ("Creatures", " ", "(12"),
    "number word, combining marks": ("four ", "\u0f73", ""),
}


def hostile_line(family: str, length: int) -> str:
    start, piece, end = FAMILIES[family]
    room = length - len(start) - len(end)
    return start + (piece * (room // len(piece) + 1))[:room] + end


@pytest.mark.parametrize("length", [1_000, 10_000, 100_000])
@pytest.mark.parametrize("family", FAMILIES)
def test_a_line_longer_than_the_limit_is_reported_at_its_number(family: str, length: int) -> None:
    line = hostile_line(family, length)
    assert len(line) == length
    text = f"4 Mountain\n{line}\n2 Island"
    with pytest.raises(DecklistError) as info:
        parse_decklist(text)
    assert [(p.line, p.reason, p.text) for p in info.value.problems] == [(2, TOO_LONG, line.strip()[:SHOWN] + "…")]
    deck = parse_decklist(text, skip_bad_lines=True)
    assert [(e.name, e.line) for e in deck.main] == [("Mountain", 1), ("Island", 3)]
    assert [p.line for p in deck.skipped] == [2]


def test_the_limit_counts_the_line_without_the_spaces_around_it_and_is_generous() -> None:
    tags = "[" + ",".join(["Ramp", "Artifact", "Card Draw{top}", "Mana Rock"] * 40) + "]"
    card = "1x Sol Ring (CMM) 410 *F* "
    line = card + tags[: MAX_LINE_CHARS - len(card) - 1] + "]"
    assert len(line) == MAX_LINE_CHARS
    assert [e.name for e in parse_decklist(f"  {line}  \n59 Island").main] == ["Sol Ring", "Island"]
    longer = card + tags[: MAX_LINE_CHARS - len(card)] + "]"
    with pytest.raises(DecklistError, match=TOO_LONG) as info:
        parse_decklist(f"59 Island\n{longer}")
    assert info.value.line == 2
    comment = "# " + "a long note " * 100  # comment lines are skipped whatever their length
    assert len(parse_decklist(f"{comment}\n60 Island").main) == 1


@pytest.mark.parametrize("family", FAMILIES)
def test_a_whole_hostile_text_at_the_limit_gets_an_answer(family: str) -> None:
    line = hostile_line(family, MAX_LINE_CHARS)
    for skip in (False, True):
        try:
            result = parse_decklist("\n".join([line] * MAX_LINES), skip_bad_lines=skip)
        except DecklistError as error:
            assert error.problems and all(p.reason != TOO_LONG for p in error.problems)
        else:
            assert isinstance(result, Decklist)


def test_a_number_word_before_a_name_too_long_for_a_card_is_reported_as_too_long() -> None:
    # Looking the name up would cost as much as the whole line: it is not done.
    with pytest.raises(DecklistError, match="write the quantity as a number: 4 Lightning Bolt"):
        parse_decklist("four Lightning Bolt *F*")
    for line in ("four Lightning" + " " * 200 + "Bolt", "four Lightning Bolt" + "\u0301" * 140):
        with pytest.raises(DecklistError, match="card name longer than 150 characters"):
            parse_decklist(line)


def test_lone_surrogates_are_read_as_replacement_characters() -> None:
    deck = parse_decklist("4 Light\ud800ning Bolt\n\udfff 2 Shock")
    assert [e.name for e in deck.main] == ["Light\ufffdning Bolt", "\ufffd 2 Shock"]
    dek = '<?xml version="1.0"?>\n<Deck>\n  <Cards Quantity="4" Sideboard="false" Name="Sh\ud800ock"/>\n</Deck>'
    assert [e.name for e in parse_decklist(dek).main] == ["Sh\ufffdock"]
    dek = dek.replace("/>", "/>\udc00")  # in the text between tags
    assert [e.name for e in parse_decklist(dek).main] == ["Sh\ufffdock"]
    with pytest.raises(DecklistError, match="not a readable XML deck file") as info:
        parse_decklist("<De\udc00ck/>")  # U+FFFD cannot be part of a tag's name
    assert info.value.line == 1


def test_xml_files_with_huge_attributes_get_an_answer() -> None:
    # The old slash pattern tried its leading \s* at every one of these spaces (40,000 of them
    # cost 100 times as much as 4,000); `make bench` (scripts/bench/bench_parse.py) times them now.
    def dek(spaces: int) -> str:
        return f'<Deck>\n<Cards Quantity="4" Sideboard="false" Name="Fire/Ice{" " * spaces}x"/>\n</Deck>'

    for spaces in (4_000, 40_000):
        with pytest.raises(DecklistError, match="card name longer than 150") as info:
            parse_decklist(dek(spaces))
        assert info.value.line == 2
    # int() refuses more than 4,300 digits: a quantity that long is simply too many.
    with pytest.raises(DecklistError, match="at most 250") as info:
        parse_decklist(f'<Deck>\n<Cards Quantity="{"1" * 5000}" Sideboard="false" Name="Shock"/>\n</Deck>')
    assert info.value.line == 2
    assert parse_decklist('<Deck><Cards Quantity="0004" Sideboard="false" Name="Shock"/></Deck>').main[0].count == 4


PIECES = (
    " ", "  ", "\t", "\u3000", "(", ")", "[", "]", "*", "^", "/", "//", ":", "1", "4", "x", "(M11)", "[M11]",
    "*F*", " ^a,b^", "146", "Bolt", "Lightning Bolt", "Fire", "four ", "Sideboard", "Creatures", "SB:", "{top}",
    ",", "é", "e\u0301", "\u0f73", "\u0301\u0316", "\ud800", "<", "\n", "\r\n", "#", "-",
)  # fmt: skip
hostile_text = st.lists(st.sampled_from(PIECES) | st.text(max_size=3), max_size=40).map("".join)
any_text = st.text(st.characters(categories=["Cs"]) | st.characters(), max_size=300)
long_lines = st.lists(
    st.tuples(st.sampled_from(PIECES), st.integers(1, 300)).map(lambda t: t[0] * t[1]), max_size=8
).map("".join)


@settings(max_examples=EXAMPLES, deadline=None)
@given(hostile_text | any_text | long_lines | long_lines.map(lambda t: "<Deck>" + t), st.booleans())
def test_any_text_gives_a_deck_or_the_typed_error(text: str, skip: bool) -> None:
    try:
        deck = parse_decklist(text, skip_bad_lines=skip)
    except DecklistError as error:
        assert error.problems and str(error)
        if skip:
            return  # skipping bad lines, only the list as a whole can be wrong
        problems = error.problems
    else:
        assert deck.main or deck.commander
        problems = deck.skipped
    if text.lstrip().startswith("<"):
        return  # an XML file, or a text that begins like one
    long = [n for n, line in enumerate(text.splitlines(), start=1) if len(line.strip()) > MAX_LINE_CHARS
            and not line.strip().startswith(("#", "//"))]  # fmt: skip
    assert [p.line for p in problems if p.reason == TOO_LONG] == long


# The end-anchored patterns as they were, searched left to right: the reversed ones must cut
# exactly what these cut, on every line short enough for these to be quick.
OLD_SET_SUFFIX = re.compile(r"\s+[(\[][A-Za-z0-9]{2,6}[)\]](\s+[^\s()]+)?$")
OLD_MARKERS = re.compile(r"(\s+\*[A-Za-z]{1,5}\*|\s+\[[^\[\]]*\]|\s+\^[^^]*\^)+$")
OLD_HEADER_COUNT = re.compile(r"\s*(\(\d+\)|:\s*\d+|:)$")
OLD_SLASHES = re.compile(r"\s*/{1,2}\s*")
one_line = (hostile_text | st.text(max_size=80)).map(lambda t: t.replace("\n", " "))


@settings(max_examples=EXAMPLES * 4, deadline=None)
@given(one_line)
@example("Sol Ring ^^")
@example("Sol Ring *F* [] ^Have,#37d67a^ [Ramp]")
@example("Sol Ring ** *FOILED* *E*")
@example("Sideboard: \t 15")
@example("Ramp () (10)")
@example("a [M11]  b")
def test_the_linear_patterns_cut_what_the_backtracking_ones_cut(line: str) -> None:
    assert _cut_end(line, _REVERSED_SET_CODE) == OLD_SET_SUFFIX.sub("", line)
    assert _cut_end(line, _REVERSED_MARKERS) == OLD_MARKERS.sub("", line)
    assert _cut_end(line, _REVERSED_HEADER_COUNT) == OLD_HEADER_COUNT.sub("", line)
    assert (_REVERSED_CATEGORY_COUNT.match(line[::-1]) is None) == (re.search(r"\(\d+\)$", line) is None)
    assert _slashes(line) == " // ".join(part for part in OLD_SLASHES.split(line) if part).strip()


@pytest.mark.parametrize(
    ("line", "cut"),
    [
        ("4 Lightning Bolt (M11) 146", "4 Lightning Bolt"),
        ("4 Lightning Bolt [M11]", "4 Lightning Bolt"),
        ("4 Lightning Bolt (M11)146", "4 Lightning Bolt (M11)146"),
        ("X [AB] [CD]", "X"),
        ("(M11) 146", "(M11) 146"),
        (" (M11) 146", ""),
    ],
)
def test_set_codes_are_cut_from_the_end_only(line: str, cut: str) -> None:
    assert _cut_end(line, _REVERSED_SET_CODE) == cut == OLD_SET_SUFFIX.sub("", line)


def _normalise_in_one_piece(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.replace("\u2019", "'").replace("\u2018", "'"))
    return " ".join("".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold().split())


marks = st.sampled_from(["\u0301", "\u0316", "\u0f73", "\u0f71", "\u0344", "e", "é", " ", "ﬃ", "İ", "가", "\u05b0"])


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.lists(marks, min_size=50, max_size=400).map("".join) | st.text(min_size=50, max_size=200))
@example("e\u0301" * 100)
def test_names_are_normalised_in_pieces_as_in_one_piece(name: str) -> None:
    assert normalise(name) == _normalise_in_one_piece(name)


def test_a_long_run_of_combining_marks_is_normalised_in_pieces() -> None:
    # CPython sorts a run of combining marks with an insertion sort: 0F71 and 0F72 alternate
    # in the wrong order, so one run of 2n marks costs n * n steps, in pieces 64 * 64 each
    # (timed by `make bench`). The marks are dropped, so the pieces give the same name.
    assert normalise("\u0f73" * 20_000) == ""
    assert normalise("e" + "\u0f73" * 300 + "\u0301x") == _normalise_in_one_piece("e" + "\u0f73" * 300 + "\u0301x")


def test_deck_files_are_held_to_the_limits_of_a_typed_list() -> None:
    """Issue 34: a .cod file of 65,000 nested zones took 6.7 s and made a message of 65,000
    'unknown zone' lines; the 2,000-line limit did not apply inside deck files."""
    nested = "<cockatrice_carddeck>" + '<zone name="x">' * 60_000 + "</zone>" * 60_000 + "</cockatrice_carddeck>"
    with pytest.raises(DecklistError, match="nested more deeply than a deck file is") as info:
        parse_decklist(nested[: MAX_XML_CHARS - 100])
    assert len(info.value.problems) == 1 and info.value.line == 1
    siblings = "<cockatrice_carddeck>\n" + '<zone name="x"/>\n' * 50_000 + "</cockatrice_carddeck>"
    with pytest.raises(DecklistError, match="at most 2,100 elements") as info:
        parse_decklist(siblings)
    assert len(info.value.problems) == 1 and info.value.line == MAX_XML_ELEMENTS + 1
    # the largest real deck file still reads: 1,000 cards, each its own element, in two zones
    cards = "".join(f'<card number="1" name="Card {i}"/>' for i in range(1000))
    cod = f'<cockatrice_carddeck><zone name="main">{cards}</zone><zone name="side"/></cockatrice_carddeck>'
    assert len(parse_decklist(cod).main) == 1000
