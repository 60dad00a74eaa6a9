"""Share links: round trips for every format and edition, and links that must be refused."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from opening_hand.cards.samples import SAMPLES
from opening_hand.rules.actions import Keep, Mulligan
from opening_hand.rules.editions import EARLIER_LABEL, EDITIONS
from opening_hand.rules.formats import FORMATS
from opening_hand.rules.game import apply
from opening_hand.rules.policy import decide
from opening_hand.rules.state import GameState
from opening_hand.share.share_link import Setup, ShareLinkError, decode_setup, encode_setup, game_from_setup, replay


def setup_for(fmt: str, edition: str, seed: int) -> Setup:
    spec = FORMATS[fmt]
    players = spec.min_players if spec.min_players > 2 or spec.max_players == 2 else 3
    return Setup(
        deck=SAMPLES[fmt],
        format=fmt,
        players=players,
        edition=edition,
        seed=seed,
        vanguard=("Custom avatar", 1, -2) if spec.vanguard else None,
    )


def play(state: GameState, steps: int, mulligans: int) -> tuple[GameState, list[object]]:
    """Up to ``steps`` decisions: seat 1 mulligans ``mulligans`` times, the rest by the policy."""
    actions: list[object] = []
    taken = 0
    while state.pending is not None and len(actions) < steps:
        action = decide(state)
        if isinstance(action, Keep) and action.player == 1 and taken < mulligans:
            try:
                state = apply(state, Mulligan(1))
            except Exception:
                pass
            else:
                actions.append(Mulligan(1))
                taken += 1
                continue
        state = apply(state, action)
        actions.append(action)
    return state, actions


def hands(state: GameState) -> list[tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]]:
    return [(tuple(c.name for c in p.hand), tuple(c.id for c in p.library), tuple(c.id for c in p.command))
            for p in state.players]  # fmt: skip


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("fmt", sorted(FORMATS))
def test_a_link_reproduces_the_same_hands_for_every_format_and_edition(fmt: str, edition: str) -> None:
    setup = setup_for(fmt, edition, seed=2026)
    original, actions = play(game_from_setup(setup), steps=12, mulligans=1)
    link = encode_setup(replace(setup, actions=tuple(actions)))  # type: ignore[arg-type]
    opened = decode_setup("#" + link)
    assert opened.actions == tuple(actions) and opened.deck == setup.deck
    received = replay(game_from_setup(opened), opened.actions)
    assert hands(received) == hands(original)
    assert received.pending == original.pending and received.events == original.events


def test_links_are_compact() -> None:
    setup = setup_for("commander", "london", seed=1)  # a 100-card list
    _, actions = play(game_from_setup(setup), steps=40, mulligans=2)
    link = encode_setup(replace(setup, actions=tuple(actions)))  # type: ignore[arg-type]
    assert len(link) < 1500, len(link)
    assert all(ch.isalnum() or ch in "-_." for ch in link)  # URL-safe, no escaping needed


def _pack(data: object) -> str:
    raw = zlib.compress(json.dumps(data).encode())
    return "v1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


GOOD = {"d": "60 Mountain", "f": "constructed", "n": 2, "e": "london", "s": 5}


@pytest.mark.parametrize(
    ("fragment", "message"),
    [
        ("#hello", "not an Opening Hand practice link"),
        ("#", "not an Opening Hand practice link"),
        ("#v9.abcdef", "newer version"),
        ("#v1.@@@@", "incomplete or damaged"),
        ("#v1." + base64.urlsafe_b64encode(b"not zlib at all").decode(), "incomplete or damaged"),
        (_pack(GOOD)[:-6], "incomplete or damaged"),
        (_pack([1, 2, 3]), "not a practice setup"),
        (_pack({**GOOD, "zz": 1}), "settings this version does not know"),
        (_pack({**GOOD, "s": -1}), "seed is not a valid number"),
        (_pack({**GOOD, "s": True}), "seed is not a valid number"),
        (_pack({**GOOD, "n": 1000}), "number of players"),
        (_pack({**GOOD, "a": [[99, 1]]}), "decision 1"),
        (_pack({**GOOD, "a": [[4, "1"]]}), "decision 1"),
        (_pack({**GOOD, "a": [[4, 1, 2]]}), "decision 1"),
        (_pack({**GOOD, "c": "<script>"}), "control setting"),
        (_pack({**GOOD, "l": "Mountain"}), "land marks"),
        (_pack({**GOOD, "y": "first"}), "play-or-draw setting"),
        (_pack({**GOOD, "y": 1}), "side is not valid"),
        ("#v1." + "A" * 1_000_001, "too long"),
        ("#v1." + base64.urlsafe_b64encode(zlib.compress(b"[" + b" " * 5_000_000)).decode(), "damaged"),
    ],
)
def test_tampered_truncated_or_foreign_links_are_refused(fragment: str, message: str) -> None:
    with pytest.raises(ShareLinkError, match=message):
        decode_setup(fragment)


@pytest.mark.parametrize(("side", "first"), [("play", 1), ("draw", 2)])
def test_a_link_keeps_the_side_to_practise(side: str, first: int) -> None:
    setup = replace(setup_for("constructed", "london", seed=11), side=side)
    opened = decode_setup(encode_setup(setup))
    assert opened.side == side
    for seed in range(20):
        assert game_from_setup(replace(opened, seed=seed)).starting_player == first


def test_decisions_that_do_not_fit_the_deal_are_refused_by_the_rules() -> None:
    setup = decode_setup(_pack({**GOOD, "a": [[4, 2]]}))  # Keep for seat 2 before anyone chose to start
    with pytest.raises(ShareLinkError, match="decision 1 of the link does not fit this deal"):
        replay(game_from_setup(setup), setup.actions)


@settings(max_examples=200)
@given(st.text(max_size=200) | st.binary(max_size=200).map(lambda b: "v1." + base64.urlsafe_b64encode(b).decode()))
def test_any_fragment_opens_or_gives_the_typed_error(fragment: str) -> None:
    try:
        decode_setup(fragment)
    except ShareLinkError as error:
        assert str(error)


def test_a_link_from_before_the_bottom_followed_the_mulligan_rule_as_it_reads_replays_as_it_was_played() -> None:
    """Links without the generation mark recorded London mulligans with the bottom cards
    chosen on keeping (as MTGO does): they open under that procedure and replay."""
    old = {"d": "60 Mountain", "f": "constructed", "n": 2, "e": "london", "s": 5}
    state = game_from_setup(decode_setup("#" + _pack(old)))
    chooser = state.pending.player  # type: ignore[union-attr]
    actions = [[0, chooser, 1], [5, 1, []], [4, 2], [4, 1]]  # ChooseStarting, Mulligan(1), Keep(2), Keep(1)
    setup = decode_setup("#" + _pack({**old, "a": actions}))
    assert setup.edition == "london-mtgo"
    state = replay(game_from_setup(setup), setup.actions)
    assert type(state.pending).__name__ == "ChooseBottom" and len(state.player(1).hand) == 7
    # The same link made today carries the mark and keeps the current rules.
    today = decode_setup("#" + encode_setup(replace(setup, edition="london")))
    assert today.edition == "london"
    # Without a mulligan, an old link's London game is the same under either reading: it opens
    # under the text it named then (the one before 2025: test_share_renumbered).
    assert decode_setup("#" + _pack({**old, "a": actions[:1]})).edition == "london-2019"


def test_a_link_from_a_later_generation_is_refused() -> None:
    with pytest.raises(ShareLinkError, match="newer version"):
        decode_setup("#" + _pack({**GOOD, "g": 4}))


# --- links made before the 2025 text became the current edition ----------------------------------

BEFORE_2025 = Path(__file__).resolve().parents[1] / "fixtures" / "links" / "london-before-2025.json"


def test_a_link_that_named_the_old_current_edition_replays_the_same_game_with_the_same_log() -> None:
    """Issue 33: a link made when "london" named the text before 2025 (generation 2) opens
    under that text, now its own edition, and replays the same game: the same hands, the same
    libraries, the same log line by line, each citing the number it cited then (labelled now
    with its text's years, "2019–23 103.4", as "current" no longer means that text). The fixture
    was written by the engine of that time (commit b5af5ee) from the same link; only the
    first line's name of the rules differs ("current rules" is now the 2025 text)."""
    old = json.loads(BEFORE_2025.read_text(encoding="utf-8"))
    setup = decode_setup("#" + old["link"])
    assert setup.edition == "london-2019"
    state = replay(game_from_setup(setup), setup.actions)
    assert [[c.name for c in p.hand] for p in state.players] == old["hands"]
    assert [[c.id for c in p.library] for p in state.players] == old["libraries"]
    label = EARLIER_LABEL + " "  # the same numbers, now saying which text they are in
    assert all(e.rule.startswith(label) for e in state.events)
    events = [[e.rule.removeprefix(label), e.text] for e in state.events]
    assert (
        events[0][1].replace(EDITIONS["london-2019"].menu_name, "London mulligan — current rules (2019–)")
        == (old["events"][0][1])
    )
    assert events[1:] == old["events"][1:]
    # Shared again today, the link keeps naming that text.
    assert decode_setup("#" + encode_setup(setup)).edition == "london-2019"


def test_the_same_game_under_the_2025_text_deals_the_same_cards_and_cites_the_new_numbers() -> None:
    old = json.loads(BEFORE_2025.read_text(encoding="utf-8"))
    setup = replace(decode_setup("#" + old["link"]), edition="london")
    state = replay(game_from_setup(setup), setup.actions)
    assert [[c.name for c in p.hand] for p in state.players] == old["hands"]
    assert [e.text for e in state.events[1:]] == [text for _, text in old["events"][1:]]
    renumbered = {"103.2": "103.3", "103.3": "103.4", "103.4": "103.5", "103.5": "103.6", "103.7": "103.8",
                  "103.7a": "103.8a"}  # fmt: skip
    assert [e.rule for e in state.events] == [renumbered.get(rule, rule) for rule, _ in old["events"]]
    # A link made now says "london" and means the 2025 text.
    assert decode_setup("#" + encode_setup(setup)).edition == "london"


@pytest.mark.parametrize("generation", [None, 2])
def test_an_older_link_comparing_with_the_old_current_edition_compares_with_that_text(generation: int | None) -> None:
    raw = {**GOOD, "e": "vancouver", "x": "london"} | ({"g": generation} if generation else {})
    assert decode_setup("#" + _pack(raw)).compare == "london-2019"
    assert decode_setup("#" + _pack({**raw, "g": 3})).compare == "london"
