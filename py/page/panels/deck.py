"""The deck panel: reading the decklist (paste, file, drop), its problems, the land marks
and the Arena export (the library of saved decks is ``library_panel``).

Decks are parsed by ``opening_hand.cards.decklist``; this module only moves text between the
engine and the page. The text the player typed is never lost: loading a file, a saved deck
or a link over it is an edit Ctrl+Z takes back, and every list replaced is stacked for
"Restore my list", which goes back one step per press. The same text is parsed once.
User text reaches the DOM only through ``textContent``, ``value`` and attributes.
"""

from __future__ import annotations

from collections.abc import Callable

from pyscript import document, window

from opening_hand.cards import CardPool, normalise
from opening_hand.cards.cardcheck import POOLS, ambiguous, card_problems
from opening_hand.cards.carddb import CardDatabase
from opening_hand.cards.decklist import Decklist, parse_decklist, to_arena
from opening_hand.cards.samples import SAMPLES
from opening_hand.errors import CardCheckError, DecklistError, LineProblem, RulesError
from opening_hand.rules.formats import FORMATS
from opening_hand.rules.special import is_named
from opening_hand.share.share_link import Setup
from page.dom import Node, element
from page.panels.problems import ProblemList, problems_of, show_readings
from page.panels.text_edit import replace_all

SOURCES = {
    "text": "a plain list",
    "arena": "an Arena export",
    "categories": "a Moxfield/Archidekt/MTGGoldfish list",
    "mtgo": "an MTGO .dek file",
    "cockatrice": "a Cockatrice .cod file",
}
MAX_FILE_BYTES = 2_000_000
MAX_STASHED = 30  # earlier lists "Restore my list" can bring back


class DeckPanel:
    def __init__(self, needs_text: Callable[[], None], card_pool: Callable[[], CardPool]) -> None:
        by_id = document.getElementById
        self.el = {
            name: by_id(name)
            for name in (
                "decklist", "restore", "format", "deck-summary", "skip-bad", "land-marks", "card-types-summary",
                "export-text", "deck-name", "deck-message",
                "deck-problems", "deck-fold", "card-pool", "deck-readings",
            )
        }  # fmt: skip
        self.counts = ""  # "60 cards, 22 lands" for the folded panel
        self.stashed: list[str] = []  # lists replaced by a file, a saved deck or a link, the latest last
        self.parsed: tuple[object, ...] = ()  # (text, skip, card data, Decklist or DecklistError) of the last parse
        self.lands: set[str] = set()  # normalised names the player marked as lands
        self.hinted: set[str] = set()  # normalised names a category header called lands
        self.problems = ProblemList(self.el["deck-problems"], self.el["decklist"])
        self.needs_text = needs_text  # a companion condition wants rules text
        self.card_pool = card_pool  # the card data the page reads cards with (a new value when it changes)
        self.refresh()

    # ------------------------------------------------------------------ the list

    def replace_text(self, text: str) -> None:
        """Put ``text`` in the decklist box (an edit Ctrl+Z takes back), stacking what was there."""
        current = str(self.el["decklist"].value)
        stash = current != text and current.strip() and current not in SAMPLES.values()
        if stash and (not self.stashed or self.stashed[-1] != current):
            self.stashed = [*self.stashed, current][-MAX_STASHED:]  # nothing the player had is lost
        replace_all(self.el["decklist"], text)
        self.show_restore()
        self.refresh()

    def fill(self, setup: Setup) -> None:
        """The deck of a setup (a link's): its list, land marks, card pool and options."""
        self.el["skip-bad"].checked = setup.skip_bad
        self.el["card-pool"].value = setup.pool
        self.lands = set(setup.lands)
        self.replace_text(setup.deck)

    def open_saved(self, name: str, text: str, lands: tuple[str, ...], fmt: str) -> None:
        """A saved deck: its format (the setup panel hears the change), land marks, name and list."""
        self.el["format"].value = fmt
        self.el["format"].dispatchEvent(window.Event.new("change"))
        self.lands = {normalise(n) for n in lands}
        self.el["deck-name"].value = name
        self.replace_text(text)

    def restore(self) -> None:
        """Bring back the list the last replacement took away (again for the one before)."""
        if self.stashed:
            *self.stashed, text = self.stashed
            replace_all(self.el["decklist"], text)
            self.show_restore()
            self.refresh()

    def show_restore(self) -> None:
        button = self.el["restore"]
        button.hidden = not self.stashed
        more = len(self.stashed) - 1
        button.textContent = "Restore my list" + (f" ({more} more before it)" if more > 0 else "")

    def say(self, text: str) -> None:
        """A message about the deck, in the deck panel."""
        self.el["deck-message"].textContent = text

    def parse(self) -> Decklist:
        """The decklist in the box; raises DecklistError naming every bad line, unless the
        player chose to skip them."""
        return self.parse_text(str(self.el["decklist"].value), bool(self.el["skip-bad"].checked))

    def parse_text(self, text: str, skip_bad: bool) -> Decklist:
        """The decklist in ``text``; the last answer is reused while the text, the option and
        the card data are the same (a refresh, a deal and the statistics all ask): names read
        otherwise once the card data changes (a new ``CardPool``)."""
        pool = self.card_pool()
        key = (text, skip_bad, pool)
        if self.parsed[:3] != key:
            try:
                self.parsed = (*key, parse_decklist(text, skip_bad_lines=skip_bad, pool=pool))
            except DecklistError as error:
                self.parsed = (*key, error)
        result = self.parsed[3]
        if isinstance(result, DecklistError):
            raise result.with_traceback(None)
        assert isinstance(result, Decklist)
        return result

    def deck_name(self) -> str:
        """What the deck is called in the summaries: its saved name, or which sample it is."""
        name = " ".join(str(self.el["deck-name"].value).split())
        if name:
            return name
        text = str(self.el["decklist"].value)
        sample = next((key for key, sample in SAMPLES.items() if sample == text), None)
        return f"Sample deck ({sample})" if sample else "Your deck"

    def short_summary(self) -> str:
        return self.counts

    def show_summary(self, text: str) -> None:
        """The line the folded panel shows."""
        self.el["deck-fold"].textContent = text

    def typed_name(self) -> str:
        """The deck's name as typed in its box."""
        return str(self.el["deck-name"].value)

    def text(self) -> str:
        """The decklist as typed."""
        return str(self.el["decklist"].value)

    def skip_bad(self) -> bool:
        return bool(self.el["skip-bad"].checked)

    def format_key(self) -> str:
        """The format chosen in the setup (the deck panel reads it to check the list)."""
        return str(self.el["format"].value)

    def show_problems(self, error: RulesError | None) -> bool:
        """Mark the decklist's problems in the panel (each line's button selects it in the
        box); True when ``error`` was about the deck. ``None`` clears them."""
        problems = problems_of(error)
        self.problems.show(problems)
        self.say("")  # the list says it all; the message is for what is not a line's problem
        return bool(problems)

    def select_line(self, line: int) -> None:
        self.problems.select_line(line)

    def apply_fix(self, line: int, fixed: str) -> None:
        if self.problems.apply_fix(line, fixed):
            self.say(f"Line {line} changed to “{fixed}” (Ctrl+Z takes it back).")

    def pool(self) -> str:
        value = str(self.el["card-pool"].value)
        return value if value in POOLS else ""

    def card_check(self, text: str, deck: Decklist) -> tuple[LineProblem, ...]:
        """What the full card database says of the deck's cards (nothing until it is loaded)."""
        full = self.card_pool().database
        if not isinstance(full, CardDatabase):  # the built-in catalog: only short names that could be several cards
            return tuple(ambiguous(text, deck))
        if not full.has_text and any(is_named(n, "Zirda, the Dawnwaker") for n in deck.sideboard_cards()):
            self.needs_text()
        fmt = FORMATS.get(str(self.el["format"].value), FORMATS["constructed"])
        return card_problems(text, deck, fmt, self.pool(), full)

    def check_cards(self, text: str, skip_bad: bool) -> None:
        """With the full card database, unknown names and cards not allowed here stop a deal
        (unless the player skips the deck checks): a RulesError caused by a CardCheckError,
        whose lines the panel marks."""
        try:
            lines = self.card_check(text, self.parse_text(text, skip_bad))
        except DecklistError:
            return  # dealing says what cannot be read
        if lines:
            count = len(lines)
            raise RulesError(
                f"{count} card problem{'s' if count != 1 else ''} in the deck (marked in the deck panel): "
                f"{lines[0]}{' …' if count > 1 else ''}\n"
                "Fix the list, or tick “Skip deck checks” to practise with it anyway."
            ) from CardCheckError(lines)

    def marked_names(self) -> tuple[str, ...]:
        """The (normalised) names counted as lands beyond the catalog: marks and type hints."""
        return tuple(sorted(self.lands | self.hinted))

    def marked_in_deck(self) -> tuple[str, ...]:
        """The marked names this deck holds (a link carries only those)."""
        try:
            deck = self.parse()
        except DecklistError:
            return self.marked_names()
        cards = (*deck.main_cards(), *deck.sideboard_cards(), *deck.planar_cards(), *deck.scheme_cards())
        return tuple(sorted((self.lands | self.hinted) & {normalise(n) for n in cards}))

    def land_names(self, deck: Decklist) -> tuple[str, ...]:
        """The deck's card names that count as lands although the catalog does not say so."""
        marked = self.lands | self.hinted
        names = {*deck.main_cards(), *deck.sideboard_cards()}
        pool = self.card_pool()
        return tuple(sorted(n for n in names if normalise(n) in marked and not pool.lookup(n).is_land))

    def refresh(self) -> None:
        """Re-read the list: the summary line and the land marks."""
        try:
            deck = self.parse()
        except DecklistError as error:
            count = len(error.problems)
            self.el["deck-summary"].textContent = (
                f"Cannot read this list yet: {count} line{'s' if count != 1 else ''} to fix (below)."
                if any(p.line for p in error.problems)
                else f"Cannot read this list yet — {error.problems[0].reason}."
            )
            self.counts = "cannot be read yet"
            self.el["land-marks"].replaceChildren()
            self.show_problems(error)
            return
        started = window.performance.now()
        checked = self.card_check(str(self.el["decklist"].value), deck)
        self.problems.show(checked)
        self.el["deck-problems"].dataset.checkMs = f"{window.performance.now() - started:.1f}"  # for `make bench`
        self.say("")
        self.hinted = {normalise(name) for name, kind in deck.type_hints if kind == "Land"}
        cards = deck.main_cards()
        pool = self.card_pool()
        lands = sum(1 for n in cards if pool.lookup(n).is_land or normalise(n) in self.lands | self.hinted)
        self.counts = f"{len(cards)} cards, {lands} lands"
        parts = [f"Read as {SOURCES.get(deck.source, deck.source)}: {self.counts}"]
        if deck.sideboard:
            parts.append(f"sideboard {len(deck.sideboard_cards())}")
        if deck.stickers:  # CR 103.2d: chosen at the start of the game, outside the deck
            parts.append(f"sticker sheets {len(deck.sticker_sheets())}")
        unknown = sorted({n for n in cards if not pool.lookup(n).known})
        if checked:
            parts.append(f"{len(checked)} card problem{'s' if len(checked) != 1 else ''} (below)")
        elif unknown:
            parts.append(f"{len(unknown)} card{'s' if len(unknown) != 1 else ''} unknown to the built-in catalog")
        if deck.skipped:
            parts.append(f"{len(deck.skipped)} line{'s' if len(deck.skipped) != 1 else ''} skipped")
        if deck.companion:
            parts.append("companion " + ", ".join(e.name for e in deck.companion))
        self.el["deck-summary"].textContent = "; ".join(parts) + "."
        show_readings(self.el["deck-readings"], deck)
        self.render_land_marks(cards)

    def render_land_marks(self, cards: tuple[str, ...]) -> None:
        """One checkbox per card name the card data does not know (unknown ones first), and per
        card with a land on its back face (modal double-faced cards), which some players count
        as lands. The notice beside the hand offers the unknown ones with likely lands ticked."""
        infos = {n: self.card_pool().lookup(n) for n in set(cards)}
        names = sorted((n for n, i in infos.items() if not i.is_land and (not i.known or i.land_on_back)),
                       key=lambda n: (infos[n].known, n.casefold()))  # fmt: skip
        fragment = document.createDocumentFragment()
        for name in names:
            box = element("input", "", type="checkbox", data_land_name=name)
            box.checked = normalise(name) in self.lands | self.hinted
            label = element("label", "land-mark")
            label.append(box, document.createTextNode(f" {name}" + ("" if infos[name].known else " (unknown)")))
            fragment.append(label)
        self.el["land-marks"].replaceChildren(fragment)
        marked = sum(1 for n in names if normalise(n) in self.lands | self.hinted)
        self.el["card-types-summary"].textContent = f"Mark cards as lands ({marked} marked)"

    def mark_lands(self, ticked: list[str], listed: list[str]) -> None:
        """The notice's list confirmed: the ticked cards count as lands, the others listed do not."""
        for name in listed:
            key = normalise(name)
            if name in ticked:
                self.lands.add(key)
            else:
                self.lands.discard(key)
                self.hinted.discard(key)
        self.refresh()

    def add_commander_section(self) -> bool:
        """Put the list's first card under a Commander section (an edit Ctrl+Z takes back), for
        a list that names its commander first without one; True when the list changed."""
        try:
            deck = self.parse()
        except DecklistError:
            return False
        if deck.commander or not deck.main:
            return False
        lines = str(self.el["decklist"].value).split("\n")
        at = deck.main[0].line - 1
        replace_all(self.el["decklist"], "\n".join([*lines[:at], "Commander", lines[at], "", "Deck", *lines[at + 1 :]]))
        self.refresh()
        return True

    def on_land_mark(self, target: Node) -> None:
        name = target.getAttribute("data-land-name")
        if not name:
            return
        key = normalise(str(name))
        if target.checked:
            self.lands.add(key)
        else:
            self.lands.discard(key)
            self.hinted.discard(key)
        self.refresh()

    async def load_file(self, file: Node) -> None:
        """A decklist file chosen or dropped: its text replaces the list (the old one is stashed)."""
        if not file:
            return
        if int(file.size) > MAX_FILE_BYTES:
            self.say(f"{file.name} is larger than {MAX_FILE_BYTES // 1_000_000} MB: it cannot be a decklist.")
            return
        text = str(await file.text())
        self.replace_text(text)
        self.say("")
        try:
            self.parse_text(str(self.el["decklist"].value), False)
        except DecklistError as error:
            self.say(f"{file.name}: {error}")

    def export_arena(self) -> None:
        try:
            deck = self.parse()
        except DecklistError as error:
            self.say(str(error))
            return
        text = to_arena(deck)
        box = self.el["export-text"]
        box.value = text
        box.hidden = False
        box.select()
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard:
            promise = clipboard.writeText(text)
            promise.catch(lambda _error: None)  # the text stays selected in the box to copy by hand
        self.say("")
