"""The trainer's reading of a hand: the outlook (:mod:`.outlook`) for a seat's hand at its
decision, what the player's keep rule says of it, the verdict of the value model
(:mod:`.goldfish`, :mod:`.mulligan_value`, :mod:`.verdict`), the best cards to put on the
bottom, and the one line of feedback after Keep, Mulligan or Put on bottom.

The verdict weighs keeping against a mulligan on one scale that counts every card: the
hand's value by turn N (4; 5 in Commander and Brawl) against the value of the next hand,
played out with the best later decisions under the table's own mulligan rule. Within the
estimates' own uncertainty (or :data:`verdict.CLOSE` mana) there is no verdict, and the line
says so; with cards in the hand the card data does not know (and not marked as lands), there
is none either, and the line says why.

>>> from opening_hand.trainer.quiz import deciding, make_quiz
>>> from opening_hand.share.share_link import Setup
>>> setup = Setup(deck="24 Mountain\\n36 Lightning Bolt", format="constructed", players=2,
...               edition="london", seed=1, unchecked=True)
>>> state = deciding(make_quiz(setup, 1, seed=3), 0)
>>> reading = read_hand(state, 1)
>>> reading.size, reading.lands, reading.meets_rule, verdict(reading)
(7, 3, True, 'keep')
>>> feedback(reading, keep=True)[:33]
'Kept 7 cards, 3 lands, on the dra'
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from opening_hand.cards import Card, CardInfo, CardPool, normalise
from opening_hand.rules.state import GameState, PlayerState
from opening_hand.trainer.curve import exact, simulated
from opening_hand.trainer.goldfish import SLOW_TURNS, TURNS, Estimate, Table
from opening_hand.trainer.mulligan_value import Ladder, LadderKey
from opening_hand.trainer.odds import BASELINE, LONDON, KeepRule, OddsRule, attempts
from opening_hand.trainer.outlook import Lands, Outlook, outlook
from opening_hand.trainer.playkinds import Context, colour_mask
from opening_hand.trainer.verdict import BottomAdvice, Judgement, advise_bottom, deck_counts, judge

DEFAULT_RULE = BASELINE  # 7 cards keep 2–5 lands, 6 keep 2–4, 5 keep 1–4, 4 or fewer keep


def odds_rule(state: GameState, powder: bool) -> OddsRule | None:
    """The :mod:`.odds` procedure of the table's rules edition (with Serum Powder played when
    ``powder``), or None for a rule it has no figures for (the original rule, Partial Paris,
    draw ten)."""
    rule = state.edition.odds
    return rule.with_powder() if rule is not None and powder else rule


def turns_for(state: GameState) -> int:
    """The turns a hand is played out to: 4, or 5 in Commander and Brawl (slower decks)."""
    return SLOW_TURNS if state.format.commander else TURNS


@dataclass(frozen=True, slots=True)
class Reading:
    seat: int
    on_play: bool  # the seat's team takes the first turn (CR 103.1)
    skips_draw: bool  # it skips its first draw (CR 103.8a, 103.8b): the "play" figures apply
    rule: KeepRule  # the keep rule for its side of the table
    size: int  # the hand, less any cards still to go to the bottom (the best choice for the rule)
    lands: int
    meets_rule: bool
    outlook: Outlook
    mulligan_rule: OddsRule | None  # the odds procedure for "a mulligan from here", if there are figures
    next_hand: tuple[int, int] | None  # (cards drawn, cards kept) by the next mulligan
    judgement: Judgement | None = None  # keep against a mulligan (None: no figures for these rules)
    turns: int = TURNS  # the turns the hand is played out to
    unknown: tuple[str, ...] = ()  # cards in the hand the card data does not know (not marked lands)
    unknown_in_deck: int = 0  # cards of the whole deck the data does not know
    pending: bool = False  # the mulligan's value is still being worked out (the page computes it when idle)
    hand_names: tuple[str, ...] = ()  # the hand's cards (less those marked for the bottom)

    @property
    def side(self) -> str:
        return "play" if self.on_play else "draw"

    @property
    def lands_table(self) -> Lands:
        return self.outlook.play if self.skips_draw else self.outlook.draw

    @property
    def mulligan_keepable(self) -> Fraction | None:
        return self.outlook.mulligan.keepable if self.outlook.mulligan is not None else None


@lru_cache(maxsize=8)  # one per deck (and land marks) seen lately: its memoised playouts with it
def _table(deck: tuple[tuple[CardInfo, bool], ...], context: Context) -> Table:
    """The playout table of a deck: (card, counted as a land) for every card, sorted, in a
    game of ``context`` (the opponents, the commander's colours)."""
    lands = dict(deck)
    return Table.of([info for info, _ in deck], lambda info: lands[info], context)


def context_of(state: GameState, seat: int, pool: CardPool | None = None) -> Context:
    """What the seat's cards' mana depends on: its opponents (the seats of other teams) and
    its commander's colour identity (CR 903.4; None without a commander), read in ``pool``
    (None: the game's)."""
    pool = pool if pool is not None else state.pool
    p = state.player(seat)
    team = state.team_of(seat)
    opponents = sum(1 for q in state.players if state.team_of(q.seat) != team)
    identity = None
    if p.commanders:
        names = {c.id: c.name for c in (*p.command, *p.library, *p.hand)}
        identity = 0
        for card_id in p.commanders:
            if card_id in names:
                identity |= colour_mask(pool.lookup(names[card_id]).colour_identity)
    return Context(max(1, opponents), identity)


def table_for(
    state: GameState,
    seat: int,
    infos: Sequence[CardInfo],
    is_land: Callable[[CardInfo], bool],
    pool: CardPool | None = None,
) -> Table:
    """The playout table of the seat's deck (``infos``: every card of it the trainer sees, read
    in ``pool``, None: the game's)."""
    deck = tuple(sorted(((i, is_land(i)) for i in infos), key=lambda pair: pair[0].name))
    return _table(deck, context_of(state, seat, pool))


@dataclass(frozen=True, slots=True)
class Seen:
    """A seat's cards as the trainer sees them at a decision."""

    hand: tuple[Card, ...]  # in hand, less the cards marked for the bottom
    library: tuple[Card, ...]  # the library above the cards known to be at the bottom
    bottom: tuple[Card, ...]  # known at the bottom: put there, or marked to go there
    aside: tuple[Card, ...]  # out of the library until a shuffle: hands set aside, cards Powder exiled
    marked: tuple[Card, ...]  # the hand's cards marked for the bottom


def _seen(p: PlayerState, bottom: Sequence[int]) -> Seen:
    marked = set(bottom)
    known = len(p.library) - p.bottomed if p.bottomed else len(p.library)
    return Seen(
        hand=tuple(c for c in p.hand if c.id not in marked),
        library=p.library[:known],
        bottom=p.library[known:] + tuple(c for c in p.hand if c.id in marked),
        aside=(*p.set_aside, *p.exile),
        marked=tuple(c for c in p.hand if c.id in marked),
    )


def read_hand(
    state: GameState,
    seat: int,
    play: KeepRule = DEFAULT_RULE,
    draw: KeepRule = DEFAULT_RULE,
    keys: Collection[str] = (),
    bottom: Sequence[int] = (),
    *,
    ladders: dict[LadderKey, Ladder] | None = None,
    wait: bool = True,
    turns: int | None = None,
    pool: CardPool | None = None,
) -> Reading:
    """The reading of ``seat``'s hand now; ``bottom``: ids of hand cards the player has
    marked for the bottom (they count as gone from the hand and known at the bottom).

    The mulligan's value comes from ``ladders`` when it holds the deck's; else it is
    computed now (``wait``, the default) or left out (``pending``: the page computes it when
    idle and reads the hand again). ``turns``: the turn hands are played out to, when the
    player set one (else :func:`turns_for`). ``pool``: the card data to read the cards with
    (None: the game's, ``GameState.pool``)."""
    pool = pool if pool is not None else state.pool
    p = state.player(seat)
    key_names = {normalise(k) for k in keys}

    def is_land(info: CardInfo) -> bool:
        return info.is_land or normalise(info.name) in p.marked_lands

    def is_key(info: CardInfo) -> bool:
        return normalise(info.name) in key_names

    team = state.team_of(seat) if state.starting_player is not None else None
    on_play = team is not None and state.team_of(state.starting_player or 0) == team
    if state.starting_player is not None and state.phase != "first_turn":
        skippers, _rule = state.format.first_draw_skippers(state.starting_team, len(state.players))
    else:
        skippers = state.first_draw_skipped
    skips = seat in skippers if state.starting_player is not None else False
    rule = play if on_play else draw
    seen = _seen(p, bottom)
    hand = [pool.lookup(c.name) for c in seen.hand]
    library = [pool.lookup(c.name) for c in seen.library]
    at_bottom = [pool.lookup(c.name) for c in seen.bottom]
    aside = [pool.lookup(c.name) for c in seen.aside]
    powder = any(normalise(i.name) == normalise("Serum Powder") for i in (*hand, *library, *at_bottom))
    mulligan_rule = odds_rule(state, powder)
    free = state.free_mulligans > 0  # the table's free mulligan (CR 103.5c), used or not: attempts() counts it
    figures = outlook(
        hand,
        library,
        bottom=at_bottom,
        aside=aside,
        is_land=is_land,
        is_key=is_key,
        keep_rule=rule,
        rule=mulligan_rule or LONDON,
        free=free,
        mulligans_taken=p.mulligans,
    )
    if mulligan_rule is None:
        figures = replace(figures, mulligan=None)
    lands = sum(1 for i in hand if is_land(i))
    keys_held = sum(1 for i in hand if is_key(i))
    owed = p.to_bottom or (0 if p.kept else state.owed_on_keeping(p, state.counted_mulligans(p)))
    still = max(0, owed - len(bottom))
    size = len(hand) - still
    meets = _meets(lands, len(hand) - lands, keys_held, size, rule)
    plan = list(attempts(mulligan_rule or LONDON, free, p.hand_size))
    following = plan[p.mulligans + 1] if p.mulligans + 1 < len(plan) else None
    whole = [*hand, *library, *at_bottom]
    unknown = tuple(i.name for i in hand if not i.known and not is_land(i))
    turns = turns or turns_for(state)
    judgement, pending = None, False
    table = table_for(state, seat, whole, is_land, pool)
    ids = [table.kind_of(i, is_land(i)) for i in hand]
    library_ids = [table.kind_of(i, is_land(i)) for i in library]
    known_ids = [table.kind_of(i, is_land(i)) for i in at_bottom]
    if figures.casting and not exact([*ids, *library_ids, *known_ids], table):
        # Tapped lands, rocks, dorks…: casting on curve played out rather than counted (curve.py).
        rows = simulated(table, tuple(sorted(ids)), tuple(library_ids), tuple(known_ids), figures.casting,
                         _seed(state, seat, seen))  # fmt: skip
        figures = replace(figures, casting=rows)
    if mulligan_rule is not None and not unknown:
        found = None
        if ladders is not None:
            found = ladders.get(ladder_key(table, ids, library_ids, known_ids, mulligan_rule, free, skips, turns, p))
        judgement = judge(table, ids, library_ids, rule=mulligan_rule, free=free, skips=skips, taken=p.mulligans,
                          seed=_seed(state, seat, seen), turns=turns, hand_size=p.hand_size, bottom=still,
                          known=known_ids, ladder_for=found, wait=wait)  # fmt: skip
        pending = judgement.mulligan is None and judgement.size_after is None and following is not None
    unknown_in_deck = sum(1 for i in whole if not i.known and not is_land(i))
    return Reading(seat, on_play, skips, rule, size, min(lands, size), meets, figures, mulligan_rule, following,
                   judgement, turns, unknown, unknown_in_deck, pending, tuple(i.name for i in hand))  # fmt: skip


def ladder_key(
    table: Table,
    hand: Sequence[int],
    library: Sequence[int],
    known: Sequence[int],
    rule: OddsRule,
    free: bool,
    skips: bool,
    turns: int,
    p: PlayerState,
) -> LadderKey:
    return LadderKey(deck_counts(table, [*hand, *library, *known]), rule, free, skips, turns, p.hand_size)


def pending_ladder(
    state: GameState, seat: int, turns: int | None = None, pool: CardPool | None = None
) -> tuple[Table, LadderKey] | None:
    """The deck-level computation the seat's reading waits for, if any: (table, key), for the
    page to run (:func:`.mulligan_value.ladder_steps`) when idle; ``pool`` as in :func:`read_hand`."""
    pool = pool if pool is not None else state.pool
    p = state.player(seat)
    seen = _seen(p, ())
    infos = [pool.lookup(c.name) for c in (*seen.hand, *seen.library, *seen.bottom)]

    def is_land(info: CardInfo) -> bool:
        return info.is_land or normalise(info.name) in p.marked_lands

    powder = any(normalise(i.name) == normalise("Serum Powder") for i in infos)
    rule = odds_rule(state, powder)
    if rule is None or any(not i.known and not is_land(i) for i in infos[: len(seen.hand)]):
        return None
    if state.starting_player is not None and state.phase != "first_turn":
        skippers, _ = state.format.first_draw_skippers(state.starting_team, len(state.players))
    else:
        skippers = state.first_draw_skipped
    skips = seat in skippers if state.starting_player is not None else False
    table = table_for(state, seat, infos, is_land, pool)
    ids = [table.kind_of(i, is_land(i)) for i in infos]
    key = LadderKey(deck_counts(table, ids), rule, state.free_mulligans > 0, skips, turns or turns_for(state),
                    p.hand_size)  # fmt: skip
    return table, key


def _seed(state: GameState, seat: int, seen: Seen) -> str:
    """The same hand at the same point gives the same figures, run after run."""
    return f"{state.seed}/{seat}/{'.'.join(str(c.id) for c in seen.hand)}/{len(seen.library)}"


def _meets(lands: int, spells: int, keys: int, size: int, rule: KeepRule) -> bool:
    """Whether ``size`` of the hand's cards can be kept to meet ``rule`` (or the hand is at
    the rule's floor, where it is always kept)."""
    if size <= rule.floor:
        return True
    low, high = rule.lands_for(size)
    for kept_lands in range(low, min(high, lands, size) + 1):
        if rule.min_spells <= size - kept_lands <= spells and min(keys, size) >= rule.min_keys:
            return True
    return False


def percent(value: Fraction) -> str:
    return f"{float(value) * 100:.0f} %"


def _lands(n: int) -> str:
    return f"{n} land{'' if n == 1 else 's'}"


def verdict(reading: Reading) -> str | None:
    """What the value model favours: "keep", "mulligan", or None (close, unknown cards, no
    figures for these rules, or no mulligan left)."""
    if reading.judgement is None or reading.unknown:
        return None
    return reading.judgement.verdict


def unreliable(reading: Reading) -> str:
    """ "unreliable: N unknown cards" while the deck has cards the card data does not know (and
    not marked as lands): land counts and every figure may be wrong; "" otherwise."""
    count = reading.unknown_in_deck
    return f"unreliable: {count} unknown card{'s' if count != 1 else ''}" if count else ""


def unread_note(reading: Reading) -> str:
    """The deck's cards, beyond the hand's (the verdict line names those), whose mana text the
    card data could not read ("" when none): they are played as plain cards (a land of its
    colours, untapped; anything else a spell), and the player should know the figures do not
    count what they do."""
    names = [name for name in reading.outlook.unread if name not in reading.hand_names]  # the hand's: in the verdict
    if not names:
        return ""
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    return f"In the deck, mana not read for {shown}: counted as plain cards."


def mana(value: float) -> str:
    return f"{value:.1f}"


def verdict_line(reading: Reading) -> str:
    """The verdict as the player reads it: "Keep: by turn 4 this hand is worth 9.4 mana; a
    mulligan to 6, 8.5 (+0.9 for keeping)." Or why there is none. A card of the hand whose
    mana was not read is named ("Not counted: the mana of …")."""
    return _verdict_text(reading) + ("" if reading.unknown else _unread_in_hand(reading))


def _verdict_text(reading: Reading) -> str:
    if reading.unknown:
        named = list(dict.fromkeys(reading.unknown))
        names = ", ".join(named[:2]) + (" …" if len(named) > 2 else "")
        return f"No verdict — {unreliable(reading)}, {len(reading.unknown)} in this hand ({names})."
    judged = reading.judgement
    if judged is None:
        return "No verdict: there are no mulligan figures for these rules."
    worth = f"by turn {reading.turns} this hand is worth {mana(judged.keep.mean)} mana"
    if judged.mulligan is None:
        if reading.pending:
            return f"Working out a mulligan's value… ({worth})."
        return f"No mulligan is left: {worth}."
    # The difference of the figures as shown, so the line adds up as the player reads it.
    difference = float(mana(judged.keep.mean)) - float(mana(judged.mulligan.mean))
    against = f"a mulligan to {judged.size_after}, {mana(judged.mulligan.mean)}"
    found = verdict(reading)
    if found is None:
        # Inside the margin: say so, and which way the figures lean when beyond their noise.
        gap = abs(judged.difference or 0.0)
        leaning = f", leaning {judged.lean}" if judged.lean else ""
        return (f"Close, no verdict{leaning}: {worth}; {against} (a difference of {gap:.2f}, "
                f"inside the margin of {judged.margin:.1f}).")  # fmt: skip
    side = f"{'+' if difference > 0 else '−'}{abs(difference):.1f} for {'keeping' if difference > 0 else 'a mulligan'}"
    return f"{found.capitalize()}: {worth}; {against} ({side})."


def _unread_in_hand(reading: Reading) -> str:
    """The hand's cards whose mana was not read, for the verdict line ("" when none)."""
    held = [name for name in reading.outlook.unread if name in reading.hand_names]
    return f" Not counted: the mana of {', '.join(held)}." if held else ""


def feedback(reading: Reading, keep: bool) -> str:
    """One line comparing the decision with the value model and with the keep rule."""
    r = reading.rule
    what = "Kept" if keep else "Mulligan from"
    line = f"{what} {reading.size} cards, {_lands(reading.lands)}, on the {reading.side}. "
    line += verdict_line(reading)
    found = verdict(reading)
    if found is not None:
        line += " You chose as the model does." if (found == "keep") == keep else " The model would not have."
    says = "keep" if reading.meets_rule else "mulligan"
    low, high = r.lands_for(reading.size)
    rule_text = f"{low}–{high} lands" + (f", {r.min_keys}+ key cards" if r.min_keys else "")
    rule_text += f", {r.min_spells}+ spells" if r.min_spells else ""
    followed = (says == "keep") == keep
    return line + f" Your keep rule ({rule_text}) says {says}: you {'followed' if followed else 'went against'} it."


# --- the bottom ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bottoming:
    """The cards the model would put on the bottom, and what each choice costs."""

    best: tuple[int, ...]  # card ids to put on the bottom, in an order (the hand's last first)
    advice: BottomAdvice
    kinds: dict[int, int]  # card id -> kind index

    def cost(self, bottom: Sequence[int]) -> float:
        """What putting ``bottom`` (card ids) on the bottom costs against the best, in mana."""
        kept = sorted(k for card, k in self.kinds.items() if card not in set(bottom))
        return self.advice.cost(kept)


def advise(
    state: GameState, seat: int, count: int, turns: int | None = None, pool: CardPool | None = None
) -> Bottoming | None:
    """The model's best ``count`` cards of the seat's hand to put on the bottom (None when the
    hand holds cards it cannot judge, or the rules have no figures); ``pool`` as in :func:`read_hand`."""
    pool = pool if pool is not None else state.pool
    p = state.player(seat)
    seen = _seen(p, ())

    def is_land(info: CardInfo) -> bool:
        return info.is_land or normalise(info.name) in p.marked_lands

    infos = [pool.lookup(c.name) for c in (*seen.hand, *seen.library, *seen.bottom)]
    if count <= 0 or count > len(seen.hand) or any(not i.known and not is_land(i) for i in infos[: len(seen.hand)]):
        return None
    table = table_for(state, seat, infos, is_land, pool)
    kinds = {c.id: table.kind_of(i, is_land(i)) for c, i in zip(seen.hand, infos, strict=False)}
    library = [table.kind_of(pool.lookup(c.name), is_land(pool.lookup(c.name))) for c in seen.library]
    reading_skips = _skips(state, seat)
    advice = advise_bottom(table, list(kinds.values()), count, library, skips=reading_skips,
                           seed=_seed(state, seat, seen), turns=turns or turns_for(state))  # fmt: skip
    keep = list(advice.best)
    chosen: list[int] = []
    for card in reversed(seen.hand):  # bottom the cards of kinds the best part does not keep
        if kinds[card.id] in keep:
            keep.remove(kinds[card.id])
        else:
            chosen.append(card.id)
    return Bottoming(tuple(chosen[:count]), advice, kinds)


def _skips(state: GameState, seat: int) -> bool:
    if state.starting_player is None:
        return False
    if state.phase != "first_turn":
        skippers, _ = state.format.first_draw_skippers(state.starting_team, len(state.players))
    else:
        skippers = state.first_draw_skipped
    return seat in skippers


def bottom_feedback(bottoming: Bottoming, chosen: Sequence[int], names: dict[int, str], turns: int = TURNS) -> str:
    """After Put on bottom: the choice against the model's best, in mana."""
    cost = bottoming.cost(chosen)
    best = ", ".join(names[c] for c in bottoming.best)
    if cost <= 0.05 or set(chosen) == set(bottoming.best):
        return f"Bottom: as good as the model's best ({best})."
    return f"Bottom: {cost:.1f} mana worse by turn {turns} than the model's best, {best}."


# Kept for the odds panel's and the quiz's figures of a hand seen (Estimate re-exported for the page).
__all__ = [
    "DEFAULT_RULE",
    "Bottoming",
    "Estimate",
    "Reading",
    "advise",
    "bottom_feedback",
    "feedback",
    "odds_rule",
    "pending_ladder",
    "percent",
    "read_hand",
    "turns_for",
    "unread_note",
    "unreliable",
    "verdict",
    "verdict_line",
]
