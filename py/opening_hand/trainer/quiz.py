"""Quizzes: a fixed series of seeded hands (deck, format, rules, play or draw) that a player
answers keep or mulligan, then compares with their keep rule and the odds.

A quiz is a link (``#q1.…``): the practice setup (a share link of its own, without
decisions), the hands' seeds and whether seat 1 is on the play, and the keep rule the
answers are compared with, so a group opening the same link answers the same hands under
the same rule. Nothing is sent anywhere: the answers stay on the page.

>>> setup = Setup(deck="24 Mountain\\n36 Lightning Bolt", format="constructed", players=2,
...               edition="london", seed=1, unchecked=True)
>>> quiz = make_quiz(setup, count=3, seed=7)
>>> decode_quiz(encode_quiz(quiz)) == quiz
True
>>> state = deciding(quiz, 0)
>>> type(state.pending).__name__, state.pending.player, len(state.player(1).hand)
('DeclareMulligan', 1, 7)
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from dataclasses import dataclass, replace
from typing import Any

from opening_hand.cards import CardPool
from opening_hand.rules.actions import Action, ChooseStarting
from opening_hand.rules.decisions import ChooseStartingPlayer, DeclareMulligan
from opening_hand.rules.editions import find_edition
from opening_hand.rules.game import apply
from opening_hand.rules.state import MAX_SEED, GameState
from opening_hand.share.share_link import (
    MAX_LINK,
    Setup,
    ShareLinkError,
    decode_setup,
    encode_setup,
    game_from_setup,
    unpack,
)
from opening_hand.trainer.odds import BASELINE, KeepRule

VERSION = "q1"
MAX_HANDS = 20
HANDS = 10  # a quiz's length unless asked otherwise
MAX_KEYS = 200  # key card names in a quiz's keep rule
DEFAULT_RULE = BASELINE
TRIES = 40  # seeds tried per hand asked for, for rules that allow a mulligan only for some hands
# ...and at least this many in all: under the original rule about 5 % of sevens may be
# mulliganed (no land or all lands), and 80 seeds left a two-hand quiz
# a hand short about one time in fifteen; with 400 the chance is below one in 10^6.
MIN_TRIES = 400


@dataclass(frozen=True, slots=True)
class QuizHand:
    seed: int
    on_play: bool  # seat 1 takes the first turn (CR 103.1)


@dataclass(frozen=True, slots=True)
class Quiz:
    setup: Setup  # without decisions; seat 1 is the player answering
    hands: tuple[QuizHand, ...]
    play: KeepRule = DEFAULT_RULE  # the keep rule on the play ...
    draw: KeepRule = DEFAULT_RULE  # ... and on the draw
    keys: tuple[str, ...] = ()  # the key cards' names (the rule's ``min_keys`` counts them)

    def rule(self, index: int) -> KeepRule:
        return self.play if self.hands[index].on_play else self.draw


def make_quiz(
    setup: Setup,
    count: int = HANDS,
    seed: int = 1,
    play: KeepRule = DEFAULT_RULE,
    draw: KeepRule = DEFAULT_RULE,
    keys: tuple[str, ...] = (),
    pool: CardPool | None = None,
) -> Quiz:
    """``count`` hands from ``setup``: their seeds, and play or draw half the time each,
    from ``seed`` (the page passes a random one). Only hands that ask seat 1 to keep or
    mulligan are kept: rules with no such decision (draw ten, choose three) are refused, and
    under the original rule (a mulligan only for no lands or all lands) the quiz is of those
    hands, as many as :data:`TRIES` seeds a hand (at least :data:`MIN_TRIES` in all) find.
    The cards are read with ``pool`` (None: the default card data)."""
    if not 1 <= count <= MAX_HANDS:
        raise ShareLinkError(f"A quiz has 1 to {MAX_HANDS} hands.")
    edition = find_edition(setup.edition)
    if not any(edition.may_mulligan(7, 0, 0, 7, lands) for lands in range(8)):
        raise ShareLinkError(f"{edition.name} has no keep-or-mulligan decision to quiz: choose other rules.")
    rng = random.Random(f"opening-hand/quiz/{seed}")
    plain = replace(setup, actions=(), control="1", compare="", chooser=0, chooser_reason="")
    hands: list[QuizHand] = []
    budget = max(count * TRIES, MIN_TRIES)
    for _ in range(budget):
        hand = QuizHand(rng.randrange(1, MAX_SEED), rng.random() < 0.5)
        if has_decision(Quiz(plain, (hand,), play, draw, keys), 0, pool):
            hands.append(hand)
            if len(hands) == count:
                break
    if not hands:
        raise ShareLinkError(f"No hand of {budget} dealt asks for a keep-or-mulligan decision under {edition.name}.")
    return Quiz(plain, tuple(hands), play, draw, keys)


def encode_quiz(quiz: Quiz) -> str:
    """The link fragment (without ``#``); raises :class:`ShareLinkError` when too long."""
    rules = [[r.min_lands, r.max_lands, r.min_keys, r.floor] for r in (quiz.play, quiz.draw)]
    data: dict[str, Any] = {
        "s": encode_setup(quiz.setup),
        "h": [[h.seed, h.on_play] for h in quiz.hands],
        "k": rules,
        "n": list(quiz.keys),
    }
    if quiz.play.by_size or quiz.draw.by_size:  # the ranges for smaller hands (links made before had none)
        data["b"] = [[list(entry) for entry in r.by_size] for r in (quiz.play, quiz.draw)]
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    if len(packed) > MAX_LINK:
        raise ShareLinkError("This setup is too large to make a quiz link of.")
    return f"{VERSION}.{packed}"


def is_quiz_link(fragment: str) -> bool:
    return fragment.removeprefix("#").startswith("q")


def _int(value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ShareLinkError("the quiz link is damaged: a number in it is not valid")
    return value


def decode_quiz(fragment: str) -> Quiz:
    """The quiz in a link's fragment. Everything in it is checked: a damaged, tampered or
    foreign link raises :class:`ShareLinkError` and opens nothing."""
    fragment = fragment.removeprefix("#").strip()
    version, _, packed = fragment.partition(".")
    if not version.startswith("q") or not packed or len(fragment) > MAX_LINK + 10:
        raise ShareLinkError("this is not an Opening Hand quiz link")
    if version != VERSION:
        raise ShareLinkError(f"this quiz was made by a newer version of Opening Hand ({version[:10]})")
    data = unpack(packed, "the quiz link")
    if not isinstance(data, dict) or set(data) - {"b"} != {"s", "h", "k", "n"}:
        raise ShareLinkError("the quiz link's contents are not a quiz")
    setup = data["s"]
    if not isinstance(setup, str):
        raise ShareLinkError("the quiz link's setup is not valid")
    setup = decode_setup(setup)
    hands, rules, keys = data["h"], data["k"], data["n"]
    if not isinstance(hands, list) or not 1 <= len(hands) <= MAX_HANDS:
        raise ShareLinkError(f"a quiz has 1 to {MAX_HANDS} hands")
    parsed = []
    for hand in hands:
        if not isinstance(hand, list) or len(hand) != 2 or not isinstance(hand[1], bool):
            raise ShareLinkError("the quiz link's hands are not valid")
        parsed.append(QuizHand(_int(hand[0], 0, MAX_SEED), hand[1]))
    if not isinstance(rules, list) or len(rules) != 2 or not all(isinstance(r, list) and len(r) == 4 for r in rules):
        raise ShareLinkError("the quiz link's keep rule is not valid")
    sizes = data.get("b", [[], []])
    if not isinstance(sizes, list) or len(sizes) != 2 or not all(isinstance(b, list) and len(b) <= 8 for b in sizes):
        raise ShareLinkError("the quiz link's keep rule is not valid")
    by_size = []
    for entries in sizes:
        if not all(isinstance(e, list) and len(e) == 3 for e in entries):
            raise ShareLinkError("the quiz link's keep rule is not valid")
        by_size.append(tuple((_int(e[0], 0, 7), _int(e[1], 0, 7), _int(e[2], 0, 7)) for e in entries))
    play, draw = (
        KeepRule(_int(r[0], 0, 7), _int(r[1], 0, 7), _int(r[2], 0, 7), _int(r[3], 0, 7), sizes)
        for r, sizes in zip(rules, by_size, strict=True)
    )
    if (
        not isinstance(keys, list)
        or len(keys) > MAX_KEYS
        or not all(isinstance(k, str) and len(k) <= 200 for k in keys)
    ):
        raise ShareLinkError("the quiz link's key cards are not valid")
    return Quiz(setup, tuple(parsed), play, draw, tuple(keys))


def quiz_state(quiz: Quiz, index: int, pool: CardPool | None = None) -> tuple[GameState, tuple[Action, ...]]:
    """Hand ``index`` of the quiz: the fresh deal and the decisions that bring it to seat 1's
    first keep-or-mulligan (seat 1 on the play or on the draw as the quiz says; every other
    decision by the computer policy). Raises ``RulesError`` if the setup cannot be dealt."""
    from opening_hand.rules.policy import decide  # the policy imports the engine: imported when a quiz is dealt

    hand = quiz.hands[index]
    fresh = game_from_setup(replace(quiz.setup, seed=hand.seed), pool=pool)
    state, actions = fresh, []
    for _ in range(500):
        pending = state.pending
        if pending is None or (isinstance(pending, DeclareMulligan) and pending.player == 1):
            break
        if isinstance(pending, ChooseStartingPlayer):
            own = state.team_of(1)
            mine = [o for o in pending.options if state.team_of(o) == own]
            others = [o for o in pending.options if state.team_of(o) != own]
            action: Action = ChooseStarting(pending.player, (mine if hand.on_play or not others else others)[0])
        else:
            action = decide(state)
        state = apply(state, action)
        actions.append(action)
    return fresh, tuple(actions)


def has_decision(quiz: Quiz, index: int, pool: CardPool | None = None) -> bool:
    """Whether hand ``index`` asks seat 1 to keep or mulligan (a tampered link, or rules that
    rarely allow a mulligan, may hold hands that do not)."""
    pending = deciding(quiz, index, pool).pending
    return isinstance(pending, DeclareMulligan) and pending.player == 1 and not pending.mulligans_taken


def deciding(quiz: Quiz, index: int, pool: CardPool | None = None) -> GameState:
    """The state at hand ``index``'s keep-or-mulligan decision."""
    state, actions = quiz_state(quiz, index, pool)
    for action in actions:
        state = apply(state, action)
    return state
