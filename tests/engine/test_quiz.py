"""Quizzes: seeded hands as a link, the same for everyone who opens it, every part checked."""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import replace

import pytest

from opening_hand.cards.samples import SAMPLES
from opening_hand.rules.decisions import DeclareMulligan
from opening_hand.share.share_link import Setup, ShareLinkError, encode_setup
from opening_hand.trainer.odds import KeepRule
from opening_hand.trainer.quiz import (
    MAX_HANDS,
    Quiz,
    QuizHand,
    deciding,
    decode_quiz,
    encode_quiz,
    has_decision,
    is_quiz_link,
    make_quiz,
)

SETUP = Setup(deck=SAMPLES["constructed"], format="constructed", players=2, edition="london", seed=1)


def pack(data: object) -> str:
    raw = json.dumps(data).encode()
    return "q1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def test_a_quiz_link_round_trips_with_its_keep_rule_and_key_cards() -> None:
    quiz = make_quiz(SETUP, 12, seed=99, play=KeepRule(2, 4, 1, 5), draw=KeepRule(1, 5, 0, 4), keys=("Goblin Guide",))
    fragment = encode_quiz(quiz)
    assert is_quiz_link(fragment) and not is_quiz_link(encode_setup(SETUP))
    assert decode_quiz("#" + fragment) == quiz
    assert len(quiz.hands) == 12 and len({h.seed for h in quiz.hands}) == 12
    assert {h.on_play for h in quiz.hands} == {True, False}  # both appear in 12 hands from this seed


def test_everyone_gets_the_same_hands_on_the_play_or_draw_the_quiz_says() -> None:
    quiz = decode_quiz(encode_quiz(make_quiz(SETUP, 8, seed=5)))
    for index, hand in enumerate(quiz.hands):
        state = deciding(quiz, index)
        assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 1
        assert len(state.player(1).hand) == 7 and state.player(1).mulligans == 0
        assert (state.starting_player == 1) == hand.on_play
        assert deciding(quiz, index).player(1).hand == state.player(1).hand


def test_a_quiz_in_a_team_format_puts_seat_1s_team_on_the_play_or_draw() -> None:
    setup = replace(SETUP, format="two-headed-giant", players=4, deck=SAMPLES["two-headed-giant"])
    quiz = replace(make_quiz(setup, 2, seed=3), hands=(QuizHand(11, True), QuizHand(11, False)))
    on_play, on_draw = deciding(quiz, 0), deciding(quiz, 1)
    assert 1 in on_play.starting_team and 1 not in on_draw.starting_team


def test_quiz_setups_drop_decisions_and_comparisons() -> None:
    quiz = make_quiz(replace(SETUP, compare="vancouver", control="all"), 3)
    assert quiz.setup.actions == () and quiz.setup.compare == "" and quiz.setup.control == "1"


@pytest.mark.parametrize("count", [0, MAX_HANDS + 1])
def test_a_quiz_has_1_to_20_hands(count: int) -> None:
    with pytest.raises(ShareLinkError, match="1 to 20"):
        make_quiz(SETUP, count)


GOOD = {"s": encode_setup(SETUP), "h": [[5, True]], "k": [[2, 5, 0, 5], [2, 5, 0, 5]], "n": []}


@pytest.mark.parametrize(
    ("fragment", "message"),
    [
        ("v1.abc", "not an Opening Hand quiz link"),
        ("q2." + pack(GOOD)[3:], "newer version"),
        (pack(GOOD)[:-6], "damaged"),
        ("q1.!!!", "damaged"),
        (pack([1, 2]), "not a quiz"),
        (pack({**GOOD, "x": 1}), "not a quiz"),
        (pack({**GOOD, "s": 5}), "setup is not valid"),
        (pack({**GOOD, "s": "v1.garbage"}), "damaged"),
        (pack({**GOOD, "h": []}), "1 to 20"),
        (pack({**GOOD, "h": [[5, True]] * 21}), "1 to 20"),
        (pack({**GOOD, "h": [[5, 1]]}), "hands are not valid"),
        (pack({**GOOD, "h": [[-5, True]]}), "not valid"),
        (pack({**GOOD, "h": [[2**60, True]]}), "not valid"),
        (pack({**GOOD, "k": [[2, 5, 0, 5]]}), "keep rule is not valid"),
        (pack({**GOOD, "k": [[2, 9, 0, 5], [2, 5, 0, 5]]}), "not valid"),
        (pack({**GOOD, "k": [[2, True, 0, 5], [2, 5, 0, 5]]}), "not valid"),
        (pack({**GOOD, "n": ["x" * 300]}), "key cards are not valid"),
        (pack({**GOOD, "n": "Goblin Guide"}), "key cards are not valid"),
    ],
)
def test_a_damaged_or_tampered_quiz_link_opens_nothing(fragment: str, message: str) -> None:
    with pytest.raises(ShareLinkError, match=message):
        decode_quiz(fragment)


def test_the_good_quiz_link_of_the_table_above_opens() -> None:
    quiz = decode_quiz(pack(GOOD))
    assert quiz == Quiz(SETUP, (QuizHand(5, True),), KeepRule(), KeepRule(), ())


def _setup_link(**changes: object) -> str:
    """SETUP's link with some of its raw fields changed, as a hand-made or older link has them."""
    from opening_hand.share.share_link import unpack

    data = {**unpack(encode_setup(SETUP).partition(".")[2], "the link"), **changes}
    raw = json.dumps(data).encode()
    return "v1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def test_a_quiz_whose_setup_names_a_format_alias_opens_with_the_menus_keys() -> None:
    """A setup saying "modern" and "London" (names the engine accepts) used to reach the page
    as is: the format menu went blank and Deal failed with "unknown format ''"."""
    quiz = decode_quiz(pack({**GOOD, "s": _setup_link(f="modern", e="London", x="VANCOUVER")}))
    assert (quiz.setup.format, quiz.setup.edition, quiz.setup.compare) == ("constructed", "london", "vancouver")
    assert deciding(quiz, 0).format.key == "constructed"


@pytest.mark.parametrize(("changes", "message"), [({"f": "modern-horizons"}, "format"), ({"e": "tokyo"}, "rules")])
def test_a_setup_naming_what_this_version_lacks_is_a_link_error(changes: dict[str, str], message: str) -> None:
    with pytest.raises(ShareLinkError, match=message):
        decode_quiz(pack({**GOOD, "s": _setup_link(**changes)}))


def test_a_quiz_under_rules_without_a_keep_or_mulligan_decision_is_refused_by_name() -> None:
    with pytest.raises(ShareLinkError, match="no keep-or-mulligan decision"):
        make_quiz(replace(SETUP, edition="draw-ten"), 3, seed=2)


def test_a_quiz_under_the_original_rule_holds_only_hands_that_may_mulligan() -> None:
    """The original rule (the encyclopedia article): a mulligan only for no lands or all lands."""
    from opening_hand.cards import lookup

    quiz = make_quiz(replace(SETUP, edition="original"), 3, seed=2)
    assert len(quiz.hands) == 3
    for index in range(3):
        assert has_decision(quiz, index)
        hand = deciding(quiz, index).player(1).hand
        assert sum(lookup(card.name).is_land for card in hand) in (0, 7)


def test_every_hand_of_a_london_quiz_asks_for_a_decision_and_its_seeds_are_as_before() -> None:
    import random

    from opening_hand.rules.state import MAX_SEED

    quiz = make_quiz(SETUP, 10, seed=31)
    rng = random.Random("opening-hand/quiz/31")
    assert quiz.hands == tuple(QuizHand(rng.randrange(1, MAX_SEED), rng.random() < 0.5) for _ in range(10))
    assert all(has_decision(quiz, i) for i in range(10))


def test_a_tampered_quiz_hand_without_a_decision_is_seen_as_such() -> None:
    original = replace(SETUP, edition="original")
    seeds = (seed for seed in range(1, 500) if not has_decision(Quiz(original, (QuizHand(seed, True),)), 0))
    quiz = Quiz(original, (QuizHand(next(seeds), True),))
    assert not has_decision(quiz, 0)
