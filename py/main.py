"""The page adapter: renders the engine's state and turns clicks into engine actions.

No rule is decided here. Every action goes to ``opening_hand.apply``, which validates
it; a refused action shows the engine's message and changes nothing. User text (card
names, decklists) only ever reaches the DOM through ``textContent`` and attributes.
"""

from __future__ import annotations

from pyscript import document, when

from opening_hand import (
    MAX_SEED,
    Action,
    Card,
    ChooseBottom,
    ChooseStarting,
    ChooseStartingPlayer,
    DeckCheckError,
    DeclareMulligan,
    GameState,
    Keep,
    Mulligan,
    PutOnBottom,
    RulesError,
    SeatConfig,
    apply,
    check_constructed,
    lookup,
    new_game,
    parse_decklist,
    random_seed,
)
from opening_hand.policy import POLICY_TEXT, autoplay

USER_SEATS = frozenset({1})  # the seats the person at the keyboard decides for
ORDINALS = ("1st", "2nd", "3rd")


def ordinal(n: int) -> str:
    return ORDINALS[n - 1] if n <= 3 else f"{n}th"


def element(tag: str, cls: str = "", text: str = "", **attrs: str) -> object:
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.replace("_", "-"), value)
    return node


def seat_label(state: GameState, seat: int) -> str:
    name = state.player(seat).name
    return f"{name} (you)" if seat in USER_SEATS else name


class Page:
    def __init__(self) -> None:
        by_id = document.getElementById
        self.decklist = by_id("decklist")
        self.seed = by_id("seed")
        self.seed_used = by_id("seed-used")
        self.unchecked = by_id("unchecked")
        self.message = by_id("message")
        self.prompt = by_id("prompt")
        self.buttons = {name: by_id(name) for name in ("play-first", "draw-first", "keep", "mulligan", "bottom")}
        self.starting_player = by_id("starting-player")
        self.first_draw_skipped = by_id("first-draw-skipped")
        self.seats = by_id("seats")
        self.log = by_id("log")
        self.state: GameState | None = None
        self.marked: list[int] = []  # card ids chosen for the bottom, in order
        self.logged = 0
        self.seat_nodes: dict[int, dict[str, object]] = {}

    # ------------------------------------------------------------------ actions

    def say(self, text: str) -> None:
        self.message.textContent = text

    def deal(self) -> None:
        text = self.decklist.value
        try:
            deck = parse_decklist(text)
            if not self.unchecked.checked:
                try:
                    check_constructed(deck)
                except DeckCheckError as error:
                    raise RulesError(
                        "This deck breaks the constructed deck rules:\n- "
                        + "\n- ".join(error.problems)
                        + "\nFix the list, or tick “Skip deck checks” to practise with it anyway."
                    ) from error
            seed = self.read_seed()
            main, side = deck.main_cards(), deck.sideboard_cards()
            state = new_game([SeatConfig("Seat 1", main, side), SeatConfig("Seat 2", main, side)], seed=seed)
        except RulesError as error:
            self.say(str(error))
            return
        self.say("")
        self.seed_used.textContent = f"seed {seed}"
        self.state = None
        self.logged = 0
        self.log.replaceChildren()
        self.build_seats(state)
        self.advance(state)

    def read_seed(self) -> int:
        raw = self.seed.value.strip()
        if not raw:
            return random_seed()
        if not raw.isdigit() or int(raw) > MAX_SEED:
            raise RulesError(f"The seed must be a whole number from 0 to {MAX_SEED}, or blank for a random one.")
        return int(raw)

    def act(self, action: Action) -> None:
        if self.state is None:
            self.say("Press Deal to start a game first.")
            return
        try:
            state = apply(self.state, action)
        except RulesError as error:
            self.say(str(error))
            return
        self.say("")
        self.advance(state)

    def advance(self, state: GameState) -> None:
        """Let the computer seats decide, then show the decision the user is asked for."""
        computer = frozenset(state.seats) - USER_SEATS
        state = autoplay(state, computer)
        if self.state is None or state.pending != self.state.pending:
            self.marked = []
        self.state = state
        self.render()

    def toggle_mark(self, card_id: int, seat: int) -> None:
        state = self.state
        pending = state.pending if state else None
        if not isinstance(pending, ChooseBottom) or pending.player != seat or seat not in USER_SEATS:
            self.say("Cards are chosen only while you put cards on the bottom of your library.")
            return
        if card_id in self.marked:
            self.marked.remove(card_id)
        elif len(self.marked) >= pending.count:
            self.say(f"You have already chosen {pending.count}; click a chosen card again to unmark it.")
            return
        else:
            self.marked.append(card_id)
        self.say("")
        self.render()

    # ---------------------------------------------------------------- rendering

    def build_seats(self, state: GameState) -> None:
        self.seat_nodes = {}
        self.seats.replaceChildren()
        for p in state.players:
            section = element("section", "seat", aria_label=seat_label(state, p.seat))
            head = element("div", "seat-head")
            head.append(element("h3", "", seat_label(state, p.seat)))
            life = element("b", "", data_testid=f"life-{p.seat}")
            library = element("b", "", data_testid=f"library-count-{p.seat}")
            mulligans = element("b", "")
            for label, value in (("Life", life), ("Library", library), ("Mulligans", mulligans)):
                stat = element("span", "stat", f"{label} ")
                stat.append(value)
                head.append(stat)
            hand = element("div", "hand", data_testid=f"hand-{p.seat}", aria_label=f"{p.name}'s hand")
            section.append(head)
            section.append(hand)
            self.seats.append(section)
            self.seat_nodes[p.seat] = {"life": life, "library": library, "mulligans": mulligans, "hand": hand}

    def render(self) -> None:
        state = self.state
        assert state is not None
        for p in state.players:
            nodes = self.seat_nodes[p.seat]
            nodes["life"].textContent = str(p.life)
            nodes["library"].textContent = str(len(p.library))
            nodes["mulligans"].textContent = str(p.mulligans)
            self.render_hand(nodes["hand"], p.seat, p.hand)
        self.render_decision()
        starter = state.starting_player
        self.starting_player.textContent = seat_label(state, starter) if starter else "—"
        if state.phase == "first_turn":
            skipped = ", ".join(seat_label(state, s) for s in state.first_draw_skipped)
            self.first_draw_skipped.textContent = skipped or "no one"
        else:
            self.first_draw_skipped.textContent = "—"
        self.render_log()

    def render_hand(self, container: object, seat: int, hand: tuple[Card, ...]) -> None:
        fragment = document.createDocumentFragment()
        if seat in USER_SEATS:
            for card in hand:
                fragment.append(self.card_face(card, seat))
        else:
            for _ in hand:
                fragment.append(element("div", "card-back", data_testid="card-back", aria_hidden="true"))
            container.setAttribute("aria-label", f"{self.state.player(seat).name}'s hand: {len(hand)} cards, face down")
        container.replaceChildren(fragment)

    def card_face(self, card: Card, seat: int) -> object:
        info = lookup(card.name)
        colours = info.colours
        frame = "land" if info.is_land else ("multi" if len(colours) > 1 else (colours or "colourless"))
        label = ", ".join(
            part
            for part in (info.name, info.type_line, f"mana cost {info.mana_cost}" if info.mana_cost else "")
            if part
        )
        order = self.marked.index(card.id) + 1 if card.id in self.marked else 0
        if order:
            label += f", chosen {ordinal(order)} for the bottom"
        face = element(
            "button",
            f"card frame-{frame}",
            type="button",
            data_testid="card",
            data_card_name=info.name,
            data_card_id=str(card.id),
            data_zone="hand",
            data_player=str(seat),
            aria_pressed="true" if order else "false",
            aria_label=label,
        )
        title = element("div", "card-title")
        title.append(element("span", "card-name", info.name))
        if info.mana_cost:
            cost = element("span", "card-cost", aria_hidden="true")
            for symbol in info.mana_cost.strip("{}").split("}{"):
                cost.append(element("span", f"pip pip-{symbol.lower()}", symbol))
            title.append(cost)
        face.append(title)
        face.append(element("div", "card-art", type_glyph(info.type_line), aria_hidden="true"))
        face.append(element("div", "card-type", info.type_line or "Card (type unknown)"))
        if order:
            face.append(element("span", "card-mark", ordinal(order), data_testid="bottom-order"))
        return face

    def render_decision(self) -> None:
        state = self.state
        pending = state.pending
        shown: set[str] = set()
        if pending is None:
            starter = state.starting_player
            self.prompt.textContent = f"The game begins: {seat_label(state, starter)} takes the first turn."
        elif pending.player not in USER_SEATS:
            self.prompt.textContent = f"Waiting for {seat_label(state, pending.player)}."
        elif isinstance(pending, ChooseStartingPlayer):
            self.prompt.textContent = "You won the coin flip: play first or draw first?"
            shown = {"play-first", "draw-first"}
        elif isinstance(pending, DeclareMulligan):
            size = pending.hand_size - pending.cards_to_bottom_if_kept
            bottom = (
                f" (then put {pending.cards_to_bottom_if_kept} on the bottom)"
                if pending.cards_to_bottom_if_kept
                else ""
            )
            self.prompt.textContent = (
                f"Keep {size} card{'s' if size != 1 else ''}{bottom}, or take a mulligan "
                f"(to {pending.hand_size_after_mulligan})?"
            )
            shown = {"keep", "mulligan"}
        elif isinstance(pending, ChooseBottom):
            self.prompt.textContent = (
                f"Click {pending.count} card{'s' if pending.count != 1 else ''} to put on the bottom, "
                f"in order ({len(self.marked)} of {pending.count} chosen), then press Put on bottom."
            )
            shown = {"bottom"}
        for name, button in self.buttons.items():
            button.hidden = name not in shown

    def render_log(self) -> None:
        events = self.state.events
        if self.logged >= len(events):
            return
        fragment = document.createDocumentFragment()
        for event in events[self.logged :]:
            item = element("li", "", data_rule=event.rule)
            item.append(element("span", "rule", event.rule))
            item.append(document.createTextNode(event.text))
            if event.private and event.seat in USER_SEATS:
                item.append(element("span", "private", f" {event.private}"))
            fragment.append(item)
        self.log.append(fragment)
        self.logged = len(events)
        self.log.scrollTop = self.log.scrollHeight


def type_glyph(type_line: str) -> str:
    for word, glyph in (
        ("Land", "▲"),
        ("Creature", "⚔"),
        ("Instant", "ϟ"),
        ("Sorcery", "✦"),
        ("Enchantment", "❂"),
        ("Artifact", "⚙"),
        ("Planeswalker", "✧"),
    ):
        if word in type_line:
            return glyph
    return "?"


page = Page()


@when("click", "#deal")
def on_deal(_event: object) -> None:
    page.deal()


@when("click", "#keep")
def on_keep(_event: object) -> None:
    if page.state and page.state.pending:
        page.act(Keep(page.state.pending.player))


@when("click", "#mulligan")
def on_mulligan(_event: object) -> None:
    if page.state and page.state.pending:
        page.act(Mulligan(page.state.pending.player))


@when("click", "#bottom")
def on_bottom(_event: object) -> None:
    if page.state and page.state.pending:
        page.act(PutOnBottom(page.state.pending.player, tuple(page.marked)))


@when("click", "#play-first")
def on_play_first(_event: object) -> None:
    pending = page.state.pending if page.state else None
    if isinstance(pending, ChooseStartingPlayer):
        page.act(ChooseStarting(pending.player, pending.player))


@when("click", "#draw-first")
def on_draw_first(_event: object) -> None:
    pending = page.state.pending if page.state else None
    if isinstance(pending, ChooseStartingPlayer):
        # In a two-player game, drawing first means the other player plays first.
        others = [seat for seat in pending.options if seat != pending.player]
        page.act(ChooseStarting(pending.player, others[0]))


@when("click", "#seats")
def on_card(event: object) -> None:
    card = event.target.closest("button.card")
    if card:
        page.toggle_mark(int(card.dataset.cardId), int(card.dataset.player))


document.getElementById("policy").textContent = POLICY_TEXT
document.getElementById("deal").disabled = False
document.body.dataset.ready = "true"
