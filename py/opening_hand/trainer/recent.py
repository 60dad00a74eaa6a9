"""Recent hands: for each of the last game starts, every hand seat 1 saw with the decision
on it (and the cards it put on the bottom, set aside or shuffled back), the hand kept, what
the next draws bring, and the link back to the Keep; kept in the browser's storage under
their own key, and exported with the statistics as one JSON file.

Stored: ``{"app": "opening-hand-recent-hands", "version": 1, "hands": [entry, …]}``, newest
first, each entry as :func:`recent_to_json` writes it, and read back entry by entry.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from opening_hand.rules.actions import Action, Keep, Mulligan, PutOnBottom, ScryDecision, ShuffleBack, UseSerumPowder
from opening_hand.rules.decisions import ChooseBottom, ChooseShuffleBack, DeclareMulligan, Scry
from opening_hand.rules.practice_turns import next_draws
from opening_hand.rules.state import GameState
from opening_hand.share.share_link import Setup, ShareLinkError, encode_setup
from opening_hand.share.stored import Sifted, sift, sifted
from opening_hand.trainer.stats import LAST_TIME, PracticeRecord, StatsError, play_draw, read_stored

RECENT_KEY = "opening-hand/recent-hands"
RECENT_VERSION = 1
EXPORT_VERSION = 1
MAX_RECENT = 50  # recent hands kept, newest first
MAX_RECENT_LINK = 20_000  # characters: a longer link is not kept (the hand cannot be reopened)
DECISIONS = {"keep": "Kept", "mulligan": "Mulligan", "serum-powder": "Serum Powder", "": "No decision"}
MOVES = {
    "bottom": "on the bottom",
    "aside": "set aside",
    "back": "shuffled back",
    "scry-bottom": "scried to the bottom",
    "scry-top": "scried, kept on top",
}
_NAME = 200  # longest card name kept (the decklist reader allows no longer)
_CARDS = 200  # most cards in one hand
_HANDS = 100  # most hands in one game start


@dataclass(frozen=True, slots=True)
class HandSeen:
    """One hand the player saw, in order: its cards, the decision on it (a key of
    :data:`DECISIONS`) and the cards that left it or were looked at with it: ``(kind,
    names)`` with ``kind`` a key of :data:`MOVES`."""

    cards: tuple[str, ...]
    decision: str = ""
    moves: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True)
class RecentHand:
    """One game start for the list of recent hands."""

    deck: str  # deck_key
    name: str  # what the deck was called
    at: int
    on_play: bool | None
    hands: tuple[HandSeen, ...]
    kept: tuple[str, ...]  # the hand when the first turn began
    draws: tuple[tuple[int, str | None], ...]  # (turn, card its draw step draws; None: no draw)
    link: str = ""  # share-link fragment up to the Keep; "": cannot be reopened


def seat_on_play(state: GameState, seat: int = 1) -> bool | None:
    """Whether ``seat``'s team took the first turn (CR 103.1); None before it is chosen."""
    return None if state.starting_player is None else seat in state.starting_team


def hands_of(
    undo: Sequence[tuple[GameState, int]], actions: Sequence[Action], seat: int = 1
) -> tuple[tuple[HandSeen, ...], int | None]:
    """The hands ``seat`` saw, in order, with the decision on each, read from a board's undo
    points (the state before each of the player's decisions, and the index of the action
    taken in ``actions``); and the index of the Keep of the kept hand (None: none found).

    A hand is the one a Keep, Mulligan or Serum Powder decision was asked on (CR 103.5), or
    the new hand the bottom step (or a shuffle back) chose from before that decision; cards
    put on the bottom when keeping (as on MTGO) and a Vancouver scry join the kept hand.
    """
    hands: list[HandSeen] = []
    keep_at: int | None = None
    for before, index in undo:
        pending = before.pending
        if pending is None or pending.player != seat or not 0 <= index < len(actions):
            continue
        action, player = actions[index], before.player(seat)
        names = {c.id: c.name for c in (*player.hand, *player.library[:1])}
        last = hands[-1] if hands else None
        if isinstance(pending, DeclareMulligan):
            decision = ("keep" if isinstance(action, Keep) else "serum-powder" if isinstance(action, UseSerumPowder)
                        else "mulligan" if isinstance(action, Mulligan) else "")  # fmt: skip
            moves: tuple[tuple[str, tuple[str, ...]], ...] = ()
            if isinstance(action, Mulligan) and action.card_ids:
                moves = (("aside", tuple(names.get(i, "?") for i in action.card_ids)),)
            if last is not None and not last.decision:  # the new hand the bottom step chose from
                hands[-1] = replace(last, decision=decision, moves=last.moves + moves)
            else:
                hands.append(HandSeen(tuple(c.name for c in player.hand), decision, moves))
            if decision == "keep":
                keep_at = index
        elif isinstance(pending, ChooseBottom | ChooseShuffleBack) and isinstance(action, PutOnBottom | ShuffleBack):
            kind = "bottom" if isinstance(action, PutOnBottom) else "back"
            move = (kind, tuple(names.get(i, "?") for i in action.card_ids))
            if last is not None and last.decision in ("", "keep"):
                hands[-1] = replace(last, moves=(*last.moves, move))
            else:
                hands.append(HandSeen(tuple(c.name for c in player.hand), "", (move,)))
        elif isinstance(pending, Scry) and isinstance(action, ScryDecision) and last is not None:
            move = ("scry-bottom" if action.to_bottom else "scry-top", (names.get(pending.card_id, "?"),))
            hands[-1] = replace(last, moves=(*last.moves, move))
    return tuple(hands), keep_at


def recent_hand(
    state: GameState,
    undo: Sequence[tuple[GameState, int]],
    actions: Sequence[Action],
    *,
    deck: str,
    name: str,
    at: int,
    setup: Setup | None,
    seat: int = 1,
) -> RecentHand:
    """The recent-hands entry for a game whose first turn has just begun: what ``seat`` saw
    and decided, the hand kept, the cards its next turns draw (the library's order is fixed
    now) and the link to the game up to the Keep (none when longer than :data:`MAX_RECENT_LINK`)."""
    hands, keep_at = hands_of(undo, actions, seat)
    link = ""
    if setup is not None and keep_at is not None:
        try:
            link = encode_setup(replace(setup, actions=tuple(actions[:keep_at])))
        except ShareLinkError:
            link = ""
        if len(link) > MAX_RECENT_LINK:
            link = ""
    draws = tuple((turn, card.name[:_NAME] if card is not None else None) for turn, card in next_draws(state, seat))
    kept = tuple(c.name[:_NAME] for c in state.player(seat).hand[:_CARDS])
    # Within what load_recent accepts, so an entry written is always read back (Serum Powder
    # can show a hand after hand from a large deck: the last ones, the kept hand among them).
    hands = tuple(
        HandSeen(_clip(h.cards), h.decision, tuple((k, _clip(n)) for k, n in h.moves[:_CARDS])) for h in hands[-_HANDS:]
    )
    return RecentHand(deck[:40], name[:100], at, seat_on_play(state, seat), hands, kept, draws, link)


def _clip(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name[:_NAME] for name in names[:_CARDS])


def add_recent(recent: list[RecentHand], entry: RecentHand) -> list[RecentHand]:
    """``entry`` first, then the others (at most :data:`MAX_RECENT` in all)."""
    return [entry, *recent][:MAX_RECENT]


def recent_to_json(entry: RecentHand) -> dict[str, Any]:
    return {
        "deck": entry.deck,
        "name": entry.name,
        "at": entry.at,
        "on_play": entry.on_play,
        "hands": [
            {"cards": list(h.cards), "decision": h.decision, "moves": [[k, list(n)] for k, n in h.moves]}
            for h in entry.hands
        ],
        "kept": list(entry.kept),
        "draws": [[turn, card] for turn, card in entry.draws],
        "link": entry.link,
    }


def dump_recent(recent: Iterable[RecentHand]) -> str:
    hands = [recent_to_json(e) for e in recent]
    return json.dumps({"app": "opening-hand-recent-hands", "version": RECENT_VERSION, "hands": hands},
                      separators=(",", ":"))  # fmt: skip


def _bad() -> StatsError:
    return StatsError("a hand in the saved recent hands is not valid")


def _str(value: Any, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise _bad()
    return value


def _names(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > _CARDS:
        raise _bad()
    return tuple(_str(v, _NAME) for v in value)


def _hand(value: Any) -> HandSeen:
    if not isinstance(value, dict) or not isinstance(value.get("moves"), list):
        raise _bad()
    if not isinstance(value.get("decision"), str) or value["decision"] not in DECISIONS:
        raise _bad()
    moves = []
    for move in value["moves"][:_CARDS]:
        if not isinstance(move, list) or len(move) != 2 or not isinstance(move[0], str) or move[0] not in MOVES:
            raise _bad()
        moves.append((str(move[0]), _names(move[1])))
    return HandSeen(_names(value.get("cards")), str(value["decision"]), tuple(moves))


def _draw(value: Any) -> tuple[int, str | None]:
    if not isinstance(value, list) or len(value) != 2:
        raise _bad()
    turn, card = value
    if isinstance(turn, bool) or not isinstance(turn, int) or not 1 <= turn <= 99:
        raise _bad()
    return turn, None if card is None else _str(card, _NAME)


def recent_from_json(value: Any) -> RecentHand:
    """One entry read back from storage (untrusted: every field is checked)."""
    if not isinstance(value, dict):
        raise _bad()
    at, play, hands, draws = value.get("at"), value.get("on_play"), value.get("hands"), value.get("draws")
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at <= LAST_TIME:  # a time a Date can show
        raise _bad()
    if play is not None and not isinstance(play, bool):
        raise _bad()
    if not isinstance(hands, list) or len(hands) > _HANDS or not isinstance(draws, list) or len(draws) > 20:
        raise _bad()
    return RecentHand(
        deck=_str(value.get("deck"), 40),
        name=_str(value.get("name"), 100),
        at=at,
        on_play=play,
        hands=tuple(_hand(h) for h in hands),
        kept=_names(value.get("kept")),
        draws=tuple(_draw(d) for d in draws),
        link=_str(value.get("link"), MAX_RECENT_LINK),
    )


def load_recent(raw: str | None) -> Sifted[list[RecentHand]]:
    """The recent hands kept in storage, newest first, entry by entry: an entry that cannot be
    read is left out and returned as stored (:mod:`opening_hand.share.stored`); StatsError when the list as a
    whole cannot be read."""
    if not raw:
        return Sifted([])
    data = read_stored(raw, "opening-hand-recent-hands", "recent hands")
    if data.get("version") != RECENT_VERSION or isinstance(data.get("version"), bool):
        raise StatsError(f"the saved recent hands have an unknown format ({str(data.get('version'))[:10]})")
    hands = data.get("hands")
    if not isinstance(hands, list):
        raise StatsError("the saved recent hands have no list of hands")
    found = sift(hands[:MAX_RECENT], lambda entry, _: recent_from_json(entry))
    return sifted(found.value, found, data, "hands", dump_recent)


def export_json(records: Iterable[PracticeRecord], recent: Iterable[RecentHand]) -> str:
    """The statistics and the recent hands as one JSON file, with named fields."""
    games = [{"deck": r.deck, "session": r.session, "at": r.at, "play_draw": play_draw(r.on_play),
              "hands_seen": r.hands_seen, "mulligans": r.mulligans, "kept_size": r.kept_size,
              "lands_kept": r.lands_kept, "decide_ms": list(r.decide_ms)} for r in records]  # fmt: skip
    data = {"app": "opening-hand-statistics-export", "version": EXPORT_VERSION, "games": games,
            "recent_hands": [recent_to_json(e) for e in recent]}  # fmt: skip
    return json.dumps(data, indent=1, ensure_ascii=False)
