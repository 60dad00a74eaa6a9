"""The odds panel: exact mulligan figures for the deck in the decklist box, as a table and
SVG charts, and a Monte-Carlo check that runs in slices so the page stays responsive.

The figures come from ``opening_hand.trainer.odds``; this module only reads the inputs and draws.
Card names reach the DOM through ``textContent`` and attributes only.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from fractions import Fraction

from pyodide.ffi import create_once_callable
from pyscript import document, window

from opening_hand.cards import CardPool, normalise
from opening_hand.errors import DecklistError
from opening_hand.rules.arena import NOTE as ARENA_NOTE
from opening_hand.rules.arena import TIM_LEWIS_2024
from opening_hand.rules.special import SERUM_POWDER
from opening_hand.trainer.odds import (
    BASELINE_SIZES,
    ODDS_RULES,
    DeckCounts,
    KeepRule,
    lands_in_hand,
    outcome,
    simulate,
    table,
)
from opening_hand.trainer.odds import Outcome as OddsOutcome
from page.dom import Node
from page.panels.charts import bar_chart, node
from page.texts import percent as pct

Results = dict[tuple[str, bool, str], OddsOutcome]  # odds.table: (rule, free mulligan, side) -> its figures
SLICE = 10_000  # simulated games per slice between repaints
SIM_GAMES = 200_000


class AnalysisPanel:
    def __init__(
        self,
        read_deck: Callable[[], tuple[tuple[str, ...], set[str]]],
        say: Callable[[str], None],
        card_pool: Callable[[], CardPool],
    ) -> None:
        by_id = document.getElementById
        self.el = {
            name: by_id(name)
            for name in (
                "odds-play-min", "odds-play-max", "odds-draw-min", "odds-draw-max", "odds-keys", "odds-min-keys",
                "odds-floor", "odds-output", "odds-summary", "sim-progress", "sim-cancel", "sim-result", "sim-rule",
                "odds-turns", "odds-min-spells", "odds-same-range",
            )
        }  # fmt: skip
        self.read_deck = read_deck  # () -> (main-deck card names, normalised names marked as lands)
        self.say = say
        self.card_pool = card_pool  # the card data the page reads cards with
        self.running = False
        self.cancelled = False

    def rules(self) -> tuple[KeepRule, KeepRule]:
        def number(name: str, low: int, high: int) -> int:
            raw = str(self.el[name].value).strip()
            if not raw.isdigit() or not low <= int(raw) <= high:
                label = document.querySelector(f'label[for="{name}"]')
                raise ValueError(f"{label.textContent if label else name} must be a whole number from {low} to {high}.")
            return int(raw)

        min_keys, floor = number("odds-min-keys", 0, 7), number("odds-floor", 0, 7)
        spells = number("odds-min-spells", 0, 7)
        # Sixes and fives: the baseline, unless the player asks for the sevens' range at every size.
        sizes = () if self.el["odds-same-range"].checked else BASELINE_SIZES
        play = KeepRule(number("odds-play-min", 0, 7), number("odds-play-max", 0, 7), min_keys, floor, sizes, spells)
        draw = KeepRule(number("odds-draw-min", 0, 7), number("odds-draw-max", 0, 7), min_keys, floor, sizes, spells)
        for side, rule in (("play", play), ("draw", draw)):
            if rule.min_lands > rule.max_lands:
                raise ValueError(f"On the {side}, the fewest lands to keep is more than the most.")
        return play, draw

    def turns(self) -> int | None:
        """The turn the trainer plays hands out to, when the player set one (2 to 8)."""
        raw = str(self.el["odds-turns"].value).strip()
        return int(raw) if raw.isdigit() and 2 <= int(raw) <= 8 else None

    def keep_rules(self) -> tuple[KeepRule, KeepRule, tuple[str, ...]]:
        """The keep rule on the play and on the draw, and the key cards' names (the outlook and quizzes use them)."""
        play, draw = self.rules()
        return play, draw, tuple(str(o.value) for o in self.el["odds-keys"].selectedOptions)

    def deck_counts(self) -> DeckCounts:
        cards, marked = self.read_deck()
        keys = {normalise(str(o.value)) for o in self.el["odds-keys"].selectedOptions}
        pool = self.card_pool()
        counts = [0, 0, 0, 0, 0]  # key lands, key non-lands, other lands, other non-lands, Serum Powders
        for name in cards:
            if normalise(name) == normalise(SERUM_POWDER):  # a kind of its own, never a key card
                counts[4] += 1
                continue
            land = pool.lookup(name).is_land or normalise(name) in marked
            key = normalise(name) in keys
            counts[(0 if land else 1) if key else (2 if land else 3)] += 1
        return DeckCounts(*counts)

    def refresh_keys(self) -> None:
        """The key-card list: the deck's non-land names but Serum Powder, keeping what was selected."""
        try:
            cards, marked = self.read_deck()
        except DecklistError:
            return
        select = self.el["odds-keys"]
        chosen = {str(o.value) for o in select.selectedOptions}
        fragment = document.createDocumentFragment()
        pool = self.card_pool()
        for name in sorted(set(cards), key=str.casefold):
            if pool.lookup(name).is_land or normalise(name) in marked or normalise(name) == normalise(SERUM_POWDER):
                continue
            option = node("option", name, value=name)
            option.selected = name in chosen
            fragment.append(option)
        select.replaceChildren(fragment)

    def inputs(self) -> tuple[KeepRule, KeepRule, DeckCounts] | None:
        """The keep rules and the deck's counts, or None when they cannot be read (the panel says why)."""
        try:
            play, draw = self.rules()
            deck = self.deck_counts()
        except (ValueError, DecklistError) as error:
            self.say(str(error))
            return None
        if deck.size < 7:
            self.say(f"The deck has {deck.size} cards: the odds need at least seven.")
            return None
        return play, draw, deck

    def compute(self) -> None:
        if (inputs := self.inputs()) is None:
            return
        play, draw, deck = inputs
        started = time.perf_counter()
        lands = (lands_in_hand(deck), lands_in_hand(deck, smoothing=TIM_LEWIS_2024))
        results = table(deck, play, draw)
        elapsed = (time.perf_counter() - started) * 1000
        self.say("")
        self.render(deck, play, lands, results, elapsed)

    def render(
        self,
        deck: DeckCounts,
        play: KeepRule,
        lands: tuple[list[Fraction], list[Fraction]],
        results: Results,
        ms: float,
    ) -> None:
        out = document.createDocumentFragment()
        keys = deck.key_lands + deck.key_spells
        summary = self.el["odds-summary"]
        powders = f", {deck.powders} Serum Powder{'s' if deck.powders != 1 else ''}" if deck.powders else ""
        summary.textContent = (
            f"{deck.size} cards, {deck.all_lands} lands, {keys} key card{'s' if keys != 1 else ''}{powders}; "
            f"computed exactly in {ms:.1f} ms."
        )
        summary.setAttribute("data-ms", f"{ms:.3f}")
        out.append(node("h3", "Lands in a 7-card hand"))
        series = [("shuffled", [float(p) for p in lands[0]]), ("Arena best-of-one", [float(p) for p in lands[1]])]
        out.append(bar_chart("Lands in a 7-card hand", [str(n) for n in range(8)], series, "lands-chart"))
        out.append(node("p", "Dark bars: a shuffled deck; light bars: a seven as Arena's best-of-one queues deal "
                             "it. " + ARENA_NOTE, class_="hint", data_testid="arena-note"))  # fmt: skip
        out.append(node("h3", "Ending with a keepable hand"))
        # tabindex: on a phone the table scrolls sideways, and a keyboard must be able to scroll it too
        grid = node("table", class_="odds-table", data_testid="odds-table", tabindex="0",
                    aria_label="Ending with a keepable hand")  # fmt: skip
        head = node("tr")
        for text in ("Rule", "Keepable on the play", "Mean cards on the play", "Keepable on the draw",
                     "Mean cards on the draw"):  # fmt: skip
            head.append(node("th", text, scope="col"))
        grid.append(node("thead"))
        grid.firstChild.append(head)
        body = node("tbody")
        rows = list(dict.fromkeys((rule, free) for rule, free, _ in results))  # as odds.table lists them
        names = [ODDS_RULES[rule].name + (" + free mulligan" if free else "") for rule, free in rows]
        labels = [
            (ODDS_RULES[rule].short or ODDS_RULES[rule].name) + ("\n+ free" if free else "") for rule, free in rows
        ]
        for (rule, free), name in zip(rows, names, strict=True):
            row = node("tr", data_rule=f"{rule}{'-free' if free else ''}")
            row.append(node("th", name, scope="row"))
            for side in ("play", "draw"):
                result = results[(rule, free, side)]
                row.append(node("td", pct(result.keepable)))
                row.append(node("td", f"{float(result.expected_size):.2f}"))
            body.append(row)
        play_p = [float(results[(rule, free, "play")].keepable) for rule, free in rows]
        draw_p = [float(results[(rule, free, "draw")].keepable) for rule, free in rows]
        grid.append(body)
        out.append(grid)
        out.append(bar_chart("Chance of a keepable hand per rule", labels,
                             [("on the play", play_p), ("on the draw", draw_p)], "keep-chart"))  # fmt: skip
        out.append(node("p", "Dark bars: on the play; light bars: on the draw.", class_="hint"))
        sizes = list(range(7, -1, -1))
        sizes = [s for s in sizes if any(results[(r, f, "play")].sizes.get(s) for r, f in rows)]
        out.append(node("h3", "Final hand size on the play"))
        out.append(bar_chart(
            "Final hand size on the play, per rule",
            [f"{s} cards" for s in sizes],
            [(name, [float(results[(r, f, "play")].sizes.get(s, 0)) for s in sizes])
             for (r, f), name in zip(rows, names, strict=True)],
            "size-chart",
        ))  # fmt: skip
        legend = node("p", "Bars, left to right: " + ", ".join(names) + f". Keep rule on the play: {play.describe()}.",
                      class_="hint")  # fmt: skip
        out.append(legend)
        out.append(node("h3", "A keepable hand of at least N cards, on the play"))
        out.append(by_size(rows, names, results))
        self.el["odds-output"].replaceChildren(out)

    # ------------------------------------------------------------------ simulation

    def simulate(self) -> None:
        if self.running or (inputs := self.inputs()) is None:
            return
        play, _, deck = inputs
        rule_key = str(self.el["sim-rule"].value)
        rule, free = rule_key.removesuffix("-free"), rule_key.endswith("-free")
        exact = outcome(deck, rule, free, play)
        rng = random.Random()
        totals = {"games": 0, "good": 0.0, "size": 0.0, "hands": 0, "seconds": 0.0}
        self.running, self.cancelled = True, False
        progress = self.el["sim-progress"]
        progress.hidden = False
        progress.value = 0
        self.el["sim-cancel"].hidden = False
        self.el["sim-result"].textContent = "Simulating…"

        def step(*_args: object) -> None:
            if self.cancelled:
                return finish("cancelled")
            started = time.perf_counter()
            p, mean, games, hands = simulate(deck, rule, free, play, SLICE, rng)
            totals["seconds"] += time.perf_counter() - started
            totals["good"] += p * games
            totals["size"] += mean * games
            totals["games"] += games
            totals["hands"] += hands
            progress.value = totals["games"] / SIM_GAMES * 100
            if totals["games"] >= SIM_GAMES:
                return finish("done")
            window.setTimeout(create_once_callable(step), 0)  # let the page repaint and take clicks

        def finish(how: str) -> None:
            self.running = False
            progress.hidden = True
            self.el["sim-cancel"].hidden = True
            games = int(totals["games"])
            if not games:
                self.el["sim-result"].textContent = "Simulation cancelled."
                return
            p = totals["good"] / games
            error = 2 * (p * (1 - p) / games) ** 0.5
            rate = totals["hands"] / totals["seconds"] if totals["seconds"] else 0.0
            result = self.el["sim-result"]
            result.setAttribute("data-hands-per-second", f"{rate:.0f}")
            result.setAttribute("data-games", str(games))
            result.textContent = (
                f"{'Cancelled after' if how == 'cancelled' else 'Simulated'} {games:,} games "
                f"({rate:,.0f} hands/s): keepable {pct(p)} ± {pct(error)} (exact {pct(exact.keepable)}), "
                f"mean final size {totals['size'] / games:.2f} (exact {float(exact.expected_size):.2f})."
            )

        window.setTimeout(create_once_callable(step), 0)

    def cancel(self) -> None:
        self.cancelled = True


def by_size(rows: list[tuple[str, bool]], names: list[str], results: Results) -> Node:
    """P(ending with a keepable hand of at least N cards), N = 7..1, per rule on the play: with
    a spells minimum and the floor at 0, Frank Karsten's keepable-hand figures by size."""
    grid = node("table", class_="odds-table", data_testid="odds-by-size", tabindex="0",
                aria_label="Keepable hands by size")  # fmt: skip
    head = node("tr")
    head.append(node("th", "Rule", scope="col"))
    for size in range(7, 0, -1):
        head.append(node("th", f"{size}+", scope="col"))
    grid.append(node("thead"))
    grid.firstChild.append(head)
    body = node("tbody")
    for (rule, free), name in zip(rows, names, strict=True):
        row = node("tr", data_rule=f"{rule}{'-free' if free else ''}")
        row.append(node("th", name, scope="row"))
        for size in range(7, 0, -1):
            row.append(node("td", f"{float(results[(rule, free, 'play')].keepable_at_least(size)) * 100:.3f} %"))
        body.append(row)
    grid.append(body)
    return grid
