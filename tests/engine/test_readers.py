"""Every reader of data the page did not just write itself (share links, the saved library
and statistics, imported files) answers hostile input with a value or its own typed error:
nesting deep enough to overflow Pyodide's stack, huge input, lone surrogates, random JSON.

These run in Pyodide too (tests/pyodide/run_engine_tests.mjs), where the stack limit is
the WebAssembly one: without the guard, the deep inputs below kill the interpreter.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import string
import zlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from opening_hand.share.guarded import MAX_DEPTH, UntrustedInputError, clean_text, depth, read_json
from opening_hand.share.library import Library, LibraryError, SavedDeck, dump_library, known_format, load_library
from opening_hand.share.share_link import (
    MAX_LINK,
    Setup,
    ShareLinkError,
    decode_setup,
    encode_setup,
    game_from_setup,
)
from opening_hand.trainer.stats import StatsError, load_stats

EXAMPLES = max(20, int(os.environ.get("PROPERTY_EXAMPLES", "10000")) // 50)
DEEP = ("[" * 100_000, "{" * 100_000, '{"a":' * 100_000, "[{" * 50_000, '[[[["' + "[" * 1000 + '"' + "[" * 100_000)


def packed(raw: bytes) -> str:
    """A v1 link fragment around any bytes, as a tampered link would carry them."""
    return "v1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


# ------------------------------------------------------------------ the guarded reader


@pytest.mark.parametrize("text", DEEP, ids=["lists", "objects", "keys", "mixed", "after-a-string"])
def test_nesting_deeper_than_we_write_is_refused_before_parsing(text: str) -> None:
    with pytest.raises(UntrustedInputError, match="nested more deeply"):
        read_json(text, "the test")


def test_brackets_inside_strings_do_not_count_and_the_limit_itself_is_read() -> None:
    assert depth('["[[[[[[", {"x": "{{{{"}]') == 2
    assert depth('"\\"[[[[" [') == 1  # an escaped quote does not end the string
    at_limit = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert read_json(at_limit, "the test") is not None
    with pytest.raises(UntrustedInputError):
        read_json("[" + at_limit + "]", "the test")


def _reference_depth(text: str) -> int:
    """The depth ``depth`` must find, one character at a time: strings as json reads them (an
    escape takes the next character; an unterminated string runs to the end)."""
    level = deepest = 0
    inside = escaped = False
    for ch in text:
        if inside:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                inside = False
        elif ch == '"':
            inside = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}" and level:
            level -= 1
    return deepest


@settings(max_examples=EXAMPLES * 5)
@given(st.text(alphabet='"\\[]{}a ', max_size=60))
def test_the_depth_scan_agrees_with_a_scan_one_character_at_a_time(text: str) -> None:
    assert depth(text) == _reference_depth(text)


QUOTES = '"' + '\\"' * 150_000  # 300,001 characters, 425 once compressed into a link


@pytest.mark.parametrize("text", [QUOTES, QUOTES + "\\", '"' * 300_000, '["' + '\\"' * 150_000 + '", ' * 2])
def test_escaped_quotes_by_the_hundred_thousand_are_read_in_one_pass(text: str) -> None:
    """Each quote used to start a scan to the end of the text (quadratic: 20,000 pairs took
    7 s in CPython and 18 s in the page); now the text is answered at once."""
    assert depth(text) == _reference_depth(text)
    with contextlib.suppress(UntrustedInputError):
        read_json(text, "the test")


def test_a_quiz_link_of_escaped_quotes_is_a_link_error() -> None:
    from opening_hand.trainer.quiz import decode_quiz

    fragment = packed(QUOTES.encode()).replace("v1.", "q1.", 1)
    assert len(fragment) < 500
    with pytest.raises(ShareLinkError, match="not valid JSON"):
        decode_quiz(fragment)


def test_size_numbers_and_bytes_are_checked() -> None:
    with pytest.raises(UntrustedInputError, match="larger"):
        read_json("[" + "1," * 600 + "1]", "the test", max_chars=1000)
    with pytest.raises(UntrustedInputError, match="not valid JSON"):
        read_json("9" * 5000, "the test")  # past Python's 4,300-digit limit for int()
    with pytest.raises(UntrustedInputError, match="UTF-8"):
        read_json(b'["\xff"]', "the test")
    assert read_json(b'{"a": "\xc3\xa9"}', "the test") == {"a": "é"}


def test_lone_surrogates_become_replacement_characters_and_pairs_stay() -> None:
    value = read_json('{"\\ud800k": ["\\udfff", "\\ud83d\\ude00", "x\ud800"]}', "the test")
    assert value == {"\ufffdk": ["\ufffd", "😀", "x\ufffd"]}
    json.dumps(value, ensure_ascii=False).encode("utf-8")  # encodable now
    assert clean_text("Fire // Ice") == "Fire // Ice"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(st.characters(codec=None)),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4),
    max_leaves=30,
)


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text(alphabet=st.sampled_from('[]{}"\\,:0a \ud800'), max_size=400))
def test_any_bracket_soup_gives_a_value_or_a_typed_error(text: str) -> None:
    try:
        value = read_json(text, "the test")
    except UntrustedInputError:
        return
    json.dumps(value, ensure_ascii=False).encode("utf-8")


@settings(max_examples=EXAMPLES, deadline=None)
@given(json_values)
def test_what_json_writes_reads_back_with_only_lone_surrogates_replaced(value: Any) -> None:
    text = json.dumps(value, ensure_ascii=False)
    if depth(text) > MAX_DEPTH:
        return
    back = json.dumps(read_json(text, "the test"), ensure_ascii=False)
    back.encode("utf-8")  # always encodable
    if "\ufffd" not in back:
        assert back == text  # nothing else changes
    else:
        assert len(back) == len(text) and all(a == b or b == "\ufffd" for a, b in zip(text, back, strict=True))


# ------------------------------------------------------------------ share links


@pytest.mark.parametrize("text", DEEP[:3], ids=["lists", "objects", "keys"])
def test_a_deeply_nested_link_is_a_link_error(text: str) -> None:
    fragment = packed(text.encode())
    assert len(fragment) < 1100  # a short link: 100,000 levels compress to almost nothing
    with pytest.raises(ShareLinkError, match="nested more deeply"):
        decode_setup(fragment)


def test_a_link_with_a_lone_surrogate_in_its_deck_opens_and_deals() -> None:
    for deck in ("60 Island\\ud800", '<?xml version="1.0"?><Deck><Cards Quantity="60" Name="Isl\\ud800and"/></Deck>'):
        raw = '{"d":"' + deck.replace('"', '\\"') + '","f":"constructed","n":2,"e":"london","s":1,"u":true}'
        setup = decode_setup(packed(raw.encode()))
        assert "\ufffd" in setup.deck
        try:
            game_from_setup(setup)
        except ShareLinkError:
            raise
        except Exception as error:  # a refusal is a RulesError with a message, never anything else
            from opening_hand.errors import RulesError

            assert isinstance(error, RulesError), error
        assert decode_setup(encode_setup(setup)) == setup


@settings(max_examples=EXAMPLES, deadline=None)
@given(json_values)
def test_any_json_in_a_link_is_a_setup_or_a_link_error(value: Any) -> None:
    try:
        raw = json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")
    except ValueError:
        return
    with contextlib.suppress(ShareLinkError):
        decode_setup(packed(raw))


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_in_a_link_are_a_link_error(raw: bytes) -> None:
    with pytest.raises(ShareLinkError):
        decode_setup(packed(b"[" + raw))


def _largest_deck(seed: int) -> tuple[str, tuple[str, ...]]:
    """1,000 different cards with 150-character names (random letters: nothing to compress)."""
    rng = random.Random(seed)
    names = ["".join(rng.choice(string.ascii_letters) for _ in range(150)) for _ in range(1000)]
    return "\n".join(f"1 {name}" for name in names), tuple(sorted(n.casefold() for n in names))


def test_the_largest_deck_the_page_deals_makes_a_link_that_opens() -> None:
    deck, lands = _largest_deck(1)
    setup = Setup(deck=deck, format="constructed", players=2, edition="london", seed=3, lands=lands, unchecked=True)
    game_from_setup(setup)  # the page deals it
    fragment = encode_setup(setup)
    assert len(fragment) <= MAX_LINK
    assert decode_setup(fragment) == setup


def test_a_setup_no_link_can_hold_is_refused_by_name() -> None:
    rng = random.Random(2)
    # Comment lines of random CJK characters: within the decklist limits, but nothing compresses.
    noise = "\n".join("# " + "".join(chr(rng.randrange(0x4E00, 0x9FFF)) for _ in range(400)) for _ in range(1500))
    setup = Setup(deck="60 Island\n" + noise, format="constructed", players=2, edition="london", seed=1)
    game_from_setup(setup)
    with pytest.raises(ShareLinkError, match="too large to share as a link"):
        encode_setup(setup)
    with pytest.raises(ShareLinkError, match="too large to share as a link"):
        encode_setup(Setup(deck="#" * 1_000_001, format="constructed", players=2, edition="london", seed=1))


# ------------------------------------------------------------------ the library and statistics


@pytest.mark.parametrize("text", DEEP, ids=["lists", "objects", "keys", "mixed", "after-a-string"])
def test_deep_stored_data_is_an_error_of_its_own_kind(text: str) -> None:
    with pytest.raises(LibraryError, match="nested more deeply"):
        load_library(text)
    with pytest.raises(StatsError, match="nested more deeply"):
        load_stats(text)


def test_an_imported_deck_must_name_a_format_this_version_knows() -> None:
    library = {"app": "opening-hand", "version": 1, "decks": [{"name": "Old", "format": "EDH", "text": "1 Sol Ring"}]}
    with pytest.raises(LibraryError, match=r"format this version does not know \(“EDH”\)"):
        load_library(json.dumps(library), imported=True).whole()
    stored = load_library(json.dumps(library)).whole()  # a newer version's format: kept as it is, never lost
    assert stored.get("Old").format == "EDH" and known_format(stored.get("Old")) is None
    assert load_library(dump_library(stored)).value.get("Old").format == "EDH"


def test_surrogates_in_saved_decks_are_replaced_not_fatal() -> None:
    library = Library().save(SavedDeck("Bad\ud800name", "4 Bolt\udfff", "modern"))
    text = dump_library(library)
    text.encode("utf-8")
    assert load_library(text).value.names() == ("Bad\ufffdname",)


@settings(max_examples=EXAMPLES, deadline=None)
@given(json_values)
def test_any_json_is_a_library_or_a_library_error(value: Any) -> None:
    for wrapped in (value, {"app": "opening-hand", "version": 1, "decks": value}):
        try:
            text = json.dumps(wrapped, ensure_ascii=False)
        except ValueError:
            return
        for imported in (False, True):
            with contextlib.suppress(LibraryError):
                load_library(text, imported=imported)


@settings(max_examples=EXAMPLES, deadline=None)
@given(json_values)
def test_any_json_is_statistics_or_a_stats_error(value: Any) -> None:
    for wrapped in (value, {"app": "opening-hand-stats", "version": 1, "games": value}):
        with contextlib.suppress(StatsError):
            load_stats(json.dumps(wrapped, ensure_ascii=False))
