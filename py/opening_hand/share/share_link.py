"""Share links: a whole practice setup, and the decisions taken so far, in a URL fragment.

A link reproduces an exact practice situation: the same deck, format, seats, rules and
seed deal the same shuffles (the engine is seeded), and the recorded decisions are
replayed through :func:`opening_hand.apply`, so the receiver sees the same hands at the
same point. The fragment (``#v1.…``) never reaches a server, so static hosting works,
under any path.

Format, version 1: ``v1.`` + base64url (no padding) of zlib-compressed JSON with short
keys (see :data:`KEYS`). Each decision is ``[type number, field, …]`` in the order of
:data:`.actions.ACTIONS`, which only ever grows, so a link made today opens after the app evolves.
Decoding checks every field; anything else (a tampered, truncated or foreign link)
raises :class:`ShareLinkError` with a message for the player. Nothing in a link is ever
run or fetched: it only fills the set-up form and names decisions.

>>> from opening_hand.rules.actions import ChooseStarting
>>> setup = Setup(deck="60 Mountain", format="constructed", players=2, edition="london", seed=7,
...               actions=(ChooseStarting(1, 1), Mulligan(1)))
>>> link = encode_setup(setup)
>>> link.startswith("v1.") and decode_setup("#" + link) == setup
True
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass, fields
from typing import Any

from opening_hand.cards import CardPool
from opening_hand.cards.decklist import MAX_CARDS, check_deck, parse_decklist
from opening_hand.errors import DeckCheckError, DecklistError, RulesError
from opening_hand.rules.actions import ACTIONS, Action, Mulligan
from opening_hand.rules.editions import LEGACY_KEYS, RENUMBERED_KEYS, find_edition
from opening_hand.rules.formats import find_format
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.state import GameState, SeatConfig, Vanguard
from opening_hand.share.guarded import UntrustedInputError, clean_text, read_json

VERSION = "v1"
# Large enough for any deck the page deals (1,000 cards of 150-character names, every one
# marked as a land, come to about 300,000 characters); a setup beyond it is refused before
# it is dealt (``encode_setup`` raises), so the page never makes a link it then refuses.
MAX_LINK = 1_000_000  # characters of a fragment (browsers take URLs of 2 MB)
MAX_JSON = 3_000_000  # bytes after decompression (no zip bombs)
MAX_ACTIONS = 5_000
MAX_DECK = 1_000_000  # characters of decklist text
MAX_LANDS = MAX_CARDS  # land marks: at most one per card name of the deck
KEYS = {
    "deck": "d", "format": "f", "players": "n", "edition": "e", "seed": "s", "control": "c", "compare": "x",
    "teams": "t", "shared": "h", "vanguard": "v", "lands": "l", "unchecked": "u", "skip_bad": "k", "actions": "a",
    "chooser": "o", "chooser_reason": "r", "pool": "p", "side": "y",
}  # fmt: skip
# What a link's rules key meant when it was made ("g"): generation 1 (no "g") recorded its London
# mulligans with the bottom cards chosen on keeping (editions.LEGACY_KEYS); up to generation 2,
# "london" named the text before the 2025 one (editions.RENUMBERED_KEYS). Since generation 3
# it names the current edition. Older links open under what they named, so they replay the
# same game with the same rule numbers in the log.
GENERATION_KEY, GENERATION = "g", 3
POOL_NAMES = ("", "standard", "pioneer", "modern", "legacy", "vintage", "pauper")  # cardcheck.POOLS


class ShareLinkError(RulesError):
    """A link that cannot be opened: tampered, truncated, foreign or from a newer version."""


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything the set-up form holds, plus the decisions taken on the main table."""

    deck: str
    format: str
    players: int
    edition: str
    seed: int
    control: str = "1"  # "1": seat 1 (the computer plays the others); "all": hot-seat
    compare: str = ""  # a second rules edition to compare with, or ""
    teams: tuple[tuple[int, ...], ...] | None = None
    shared: bool = False
    vanguard: tuple[str, int, int] | None = None  # name, hand modifier, life modifier
    lands: tuple[str, ...] = ()  # card names marked as lands
    unchecked: bool = False  # "Skip deck checks"
    skip_bad: bool = False  # "Skip lines that cannot be read"
    chooser: int = 0  # in match play, the seat that chooses who starts (0: decided by the seed)
    chooser_reason: str = ""  # why that seat chooses, for the log
    actions: tuple[Action, ...] = ()
    pool: str = ""  # the card pool a constructed deck is checked against ("" any, "modern" ...)
    side: str = ""  # practise seat 1 "play" or "draw" whoever wins the flip ("": as the flip falls)


def _action_to_json(action: Action) -> list[Any]:
    values: list[Any] = [ACTIONS.index(type(action))]
    for f in fields(action):
        value = getattr(action, f.name)
        values.append(list(value) if isinstance(value, tuple) else value)
    return values


def encode_setup(setup: Setup) -> str:
    """The fragment (without ``#``) for ``setup``; raises :class:`ShareLinkError` when it
    would be longer than a link can be (:data:`MAX_LINK`), so nothing is dealt that cannot be
    shared or reopened. Lone surrogates in the text become U+FFFD (see ``guarded``)."""
    data: dict[str, Any] = {}
    defaults = Setup("", "", 0, "", 0)
    for name, key in KEYS.items():
        value = getattr(setup, name)
        if name == "actions":
            value = [_action_to_json(a) for a in value]
        elif name in ("deck", "format", "players", "edition", "seed"):
            pass  # always written
        elif value == getattr(defaults, name):
            continue
        if isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        data[key] = value
    if len(setup.deck) > MAX_DECK or len(setup.lands) > MAX_LANDS:
        raise ShareLinkError(_TOO_LARGE)
    data[GENERATION_KEY] = GENERATION
    raw = clean_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False)).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    if len(packed) + len(VERSION) + 1 > MAX_LINK:
        raise ShareLinkError(_TOO_LARGE)
    return f"{VERSION}.{packed}"


_TOO_LARGE = (
    "This decklist is too large to share as a link, so it is not dealt: remove comment lines, "
    "or sections the game does not use"
)


def _int(value: Any, what: str, low: int = 0, high: int = 2**63) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ShareLinkError(f"the link's {what} is not a valid number")
    return value


def _str(value: Any, what: str, limit: int = 200) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise ShareLinkError(f"the link's {what} is not valid")
    return value


def _action(raw: Any, index: int) -> Action:
    what = f"decision {index}"
    if not isinstance(raw, list) or not raw:
        raise ShareLinkError(f"the link's {what} is not valid")
    kind = _int(raw[0], what, 0, len(ACTIONS) - 1)
    cls = ACTIONS[kind]
    specs = fields(cls)
    if len(raw) - 1 != len(specs):
        raise ShareLinkError(f"the link's {what} is not valid")
    values: list[Any] = []
    for spec, value in zip(specs, raw[1:], strict=True):
        kind_name = str(spec.type)
        if "tuple" in kind_name:
            if not isinstance(value, list) or len(value) > 500:
                raise ShareLinkError(f"the link's {what} is not valid")
            values.append(tuple(_int(v, what, 0, 10**6) for v in value))
        elif "bool" in kind_name:
            if not isinstance(value, bool):
                raise ShareLinkError(f"the link's {what} is not valid")
            values.append(value)
        elif value is None and "None" in kind_name:
            values.append(None)
        else:
            values.append(_int(value, what, 0, 10**6))
    return cls(*values)


def unpack(packed: str, what: str) -> Any:
    """The JSON in a link's packed part (URL-safe base64 of zlib), read with the guarded
    reader: at most :data:`MAX_JSON` bytes once inflated (no zip bombs); anything damaged
    raises :class:`ShareLinkError` naming ``what`` ("the link", "the quiz link")."""
    damaged = f"{what} is incomplete or damaged (was it cut short when copied?)"
    try:
        compressed = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(compressed, MAX_JSON)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ShareLinkError(damaged)
        return read_json(raw, what, max_chars=MAX_JSON)
    except ShareLinkError:
        raise
    except UntrustedInputError as error:
        raise ShareLinkError(str(error)) from None
    except (binascii.Error, ValueError, zlib.error):
        raise ShareLinkError(damaged) from None


def decode_setup(fragment: str) -> Setup:
    """The setup in a link's fragment (with or without the leading ``#``)."""
    fragment = fragment.removeprefix("#").strip()
    if len(fragment) > MAX_LINK:
        raise ShareLinkError("the link is too long to be an Opening Hand link")
    version, _, packed = fragment.partition(".")
    if not version.startswith("v") or not packed:
        raise ShareLinkError("this is not an Opening Hand practice link")
    if version != VERSION:
        raise ShareLinkError(f"this link was made by a newer version of Opening Hand ({version[:10]})")
    data = unpack(packed, "the link")
    if not isinstance(data, dict):
        raise ShareLinkError("the link's contents are not a practice setup")
    unknown = set(data) - set(KEYS.values()) - {GENERATION_KEY}
    generation = data.get(GENERATION_KEY, 1)
    if generation not in (1, 2, GENERATION) or isinstance(generation, bool):
        raise ShareLinkError("this link was made by a newer version of Opening Hand")
    if unknown:
        raise ShareLinkError("the link has settings this version does not know")
    get = data.get
    teams = get(KEYS["teams"])
    if teams is not None:
        if not isinstance(teams, list) or not all(isinstance(t, list) for t in teams) or len(teams) > 16:
            raise ShareLinkError("the link's teams are not valid")
        teams = tuple(tuple(_int(s, "teams", 1, 64) for s in team) for team in teams)
    vanguard = get(KEYS["vanguard"])
    if vanguard is not None:
        if not isinstance(vanguard, list) or len(vanguard) != 3:
            raise ShareLinkError("the link's vanguard is not valid")
        vanguard = (_str(vanguard[0], "vanguard", 60), _int(vanguard[1], "vanguard", -99, 99),
                    _int(vanguard[2], "vanguard", -99, 99))  # fmt: skip
    lands = get(KEYS["lands"], [])
    if not isinstance(lands, list) or len(lands) > MAX_LANDS:
        raise ShareLinkError("the link's land marks are not valid")
    actions = get(KEYS["actions"], [])
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise ShareLinkError("the link's decisions are not valid")
    flags = {name: get(KEYS[name], False) for name in ("shared", "unchecked", "skip_bad")}
    if not all(isinstance(v, bool) for v in flags.values()):
        raise ShareLinkError("the link's options are not valid")
    pool = _str(get(KEYS["pool"], ""), "card pool", 20)
    if pool not in POOL_NAMES:
        raise ShareLinkError("the link's card pool is not one this version knows")
    side = _str(get(KEYS["side"], ""), "side")
    if side not in ("", "play", "draw"):
        raise ShareLinkError("the link's play-or-draw setting is not valid")
    control = _str(get(KEYS["control"], "1"), "control")
    if control not in ("1", "all"):
        raise ShareLinkError("the link's control setting is not valid")
    decisions = tuple(_action(a, i) for i, a in enumerate(actions, start=1))
    edition = _str(get(KEYS["edition"]), "rules", 40)
    compare = _str(get(KEYS["compare"], ""), "rules to compare", 40)
    # Names as the engine accepts them ("modern", "London") become the keys the page's menus
    # hold, so no reader of a setup meets an alias; a name this version lacks is the link's fault.
    fmt, edition, compare = _known(_str(get(KEYS["format"]), "format", 40), edition, compare)
    if generation == 1 and any(isinstance(a, Mulligan) for a in decisions):
        edition = LEGACY_KEYS.get(edition, edition)  # replayed as it was played: bottom on keeping
    if generation < 3:  # "london" then named the text before the 2025 one
        edition = RENUMBERED_KEYS.get(edition, edition)
        compare = RENUMBERED_KEYS.get(compare, compare)
    return Setup(
        deck=_str(get(KEYS["deck"]), "decklist", MAX_DECK),
        format=fmt,
        players=_int(get(KEYS["players"]), "number of players", 1, 64),
        edition=edition,
        seed=_int(get(KEYS["seed"]), "seed"),
        control=control,
        compare=compare,
        teams=teams,
        shared=flags["shared"],
        vanguard=vanguard,
        lands=tuple(_str(n, "land marks") for n in lands),
        unchecked=flags["unchecked"],
        skip_bad=flags["skip_bad"],
        chooser=_int(get(KEYS["chooser"], 0), "chooser", 0, 64),
        chooser_reason=_str(get(KEYS["chooser_reason"], ""), "chooser"),
        actions=decisions,
        pool=pool,
        side=side,
    )


def _known(fmt: str, edition: str, compare: str) -> tuple[str, str, str]:
    """The keys of a link's format and rules editions (aliases and any case resolved)."""
    try:
        fmt = find_format(fmt).key
    except RulesError:
        raise ShareLinkError(f"the link's format ({fmt!r}) is not one this version knows") from None
    try:
        return fmt, find_edition(edition).key, find_edition(compare).key if compare else ""
    except RulesError:
        raise ShareLinkError("the link's rules are not ones this version knows") from None


def replay(state: GameState, actions: tuple[Action, ...]) -> GameState:
    """Apply a link's decisions in order; one that does not fit raises ShareLinkError."""
    for index, action in enumerate(actions, start=1):
        try:
            state = apply(state, action)
        except RulesError as error:
            raise ShareLinkError(f"decision {index} of the link does not fit this deal: {error}") from None
    return state


def game_from_setup(setup: Setup, edition: str | None = None, pool: CardPool | None = None) -> GameState:
    """Deal the game a setup describes (under ``edition`` instead of the setup's, to compare).

    Every seat plays a copy of the deck. Raises :class:`RulesError` (a decklist, deck-rule
    or settings problem) with a message for the player. The cards are read with ``pool``
    (None: the default card data).
    """
    fmt = find_format(setup.format)
    if not fmt.min_players <= setup.players <= fmt.max_players:
        raise RulesError(f"{fmt.name} is played by {fmt.min_players}–{fmt.max_players} players.")
    try:
        deck = parse_decklist(setup.deck, skip_bad_lines=setup.skip_bad, pool=pool)
    except DecklistError as error:
        # Skipping lines helps only when some lines cannot be read, not with an empty list.
        skip = any(p.line is not None for p in error.problems)
        advice = "Fix the list, or tick “Skip lines that cannot be read” to deal without them." if skip else ""
        raise RulesError(f"{error}\n{advice}".strip()) from error
    if not setup.unchecked:
        try:
            check_deck(deck, fmt, pool)
        except DeckCheckError as error:
            raise RulesError(
                f"This deck breaks the {fmt.name} deck rules:\n- "
                + "\n- ".join(error.problems)
                + "\nFix the list, or tick “Skip deck checks” to practise with it anyway."
            ) from error
    vanguard = Vanguard(*setup.vanguard) if fmt.vanguard and setup.vanguard else None
    seats = [
        SeatConfig(
            f"Seat {i}",
            deck.main_cards(),
            deck.sideboard_cards(),
            commanders=deck.commander_names(),
            planar_deck=deck.planar_cards(),
            scheme_deck=deck.scheme_cards(),
            sticker_sheets=deck.sticker_sheets(),
            vanguard=vanguard,
            lands=setup.lands,
        )
        for i in range(1, setup.players + 1)
    ]
    return new_game(
        seats,
        seed=setup.seed,
        format=fmt.key,
        edition=edition or setup.edition,
        teams=list(setup.teams) if setup.teams else None,
        shared_team_turns=setup.shared,
        chooser=setup.chooser or None,
        chooser_reason=setup.chooser_reason,
        practice=(1, setup.side) if setup.side else None,
        pool=pool,
    )
