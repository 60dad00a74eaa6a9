"""The list of recent hands in the statistics panel: the last 50 game starts, newest first,
each with the hands seen and the decision on each, play or draw, and what the next draws
brought, and a Reopen button that opens the game at the decision on the kept hand.

The entries are ``opening_hand.trainer.recent.RecentHand`` (built when the first turn begins, read
back and checked by ``load_recent``); this module keeps them in the browser's storage under
their own key (``saved_data``: never deleted when unreadable) and draws them. The list is
drawn when the panel is first opened, then one entry at a time, so Keep never waits for it.
Card and deck names are the player's text: they reach the page through ``textContent`` only.
"""

from __future__ import annotations

from pyscript import window

from opening_hand.trainer.recent import (
    DECISIONS,
    MAX_RECENT,
    MOVES,
    RECENT_KEY,
    HandSeen,
    RecentHand,
    add_recent,
    dump_recent,
    load_recent,
)
from page.dom import Node, by_id, element, fragment, js_options
from page.services import saved_data

FROM_HAND = ("bottom", "aside", "back")  # moves of cards out of the hand (a scry looks at the library)


def side(on_play: bool | None) -> str:
    return "Play or draw not known" if on_play is None else "On the play" if on_play else "On the draw"


def cards_line(what: str, names: tuple[str, ...], struck: list[str], note: str = "") -> Node:
    """One line: what it is, then the card names (the ``struck`` ones, which left the hand,
    crossed out), then a note saying where they went."""
    line = element("p", "recent-line")
    line.append(element("span", "recent-what", what))
    cards = element("span", "recent-cards")
    left = list(struck)
    for name in names:
        moved = name in left
        if moved:
            left.remove(name)
        cards.append(element("span", "recent-card moved" if moved else "recent-card", name))
    if note:
        cards.append(element("span", "recent-note", note))
    line.append(cards)
    return line


def hand_line(number: int, hand: HandSeen) -> Node:
    struck = [name for kind, names in hand.moves if kind in FROM_HAND for name in names]
    note = "; ".join(f"{', '.join(names)} {MOVES[kind]}" for kind, names in hand.moves)
    return cards_line(f"{number}. {DECISIONS[hand.decision]}", hand.cards, struck, note)


def draws_line(entry: RecentHand) -> Node:
    line = element("p", "recent-line")
    line.append(element("span", "recent-what", "Next draws"))
    cards = element("span", "recent-cards")
    for turn, name in entry.draws:
        item = element("span", "recent-card draw", name or ("no draw" if turn == 1 else "nothing left"))
        item.prepend(element("span", "recent-turn", f"T{turn} "))
        cards.append(item)
    line.append(cards)
    return line


def when(at: int) -> str:
    return str(window.Date.new(at).toLocaleString(None, js_options(dateStyle="short", timeStyle="short")))


class RecentHands:
    def __init__(self) -> None:
        self.el = {name: by_id(name) for name in ("recent-hands", "recent-empty")}
        self.entries: list[RecentHand] = []
        self.in_memory = False  # unreadable recent hands left in place: this visit's are not written
        self.drawn = False  # the list is drawn once the panel is opened
        self.links: dict[str, str] = {}  # Reopen button -> link of its game
        self.serial = 0

    def read(self) -> str:
        """Load the stored recent hands; what went wrong, for the player ("" when nothing)."""
        empty: list[RecentHand] = []
        loaded = saved_data.load_for_panel(
            RECENT_KEY, load_recent, empty, what="recent hands", entry="recent hand", storage=False,
            fresh="new hands start a new list", kept="this visit's hands are not kept",
        )  # fmt: skip
        self.entries, self.in_memory = loaded.value, loaded.in_memory
        return loaded.problem

    def dump(self) -> str:
        return dump_recent(self.entries)

    def add(self, entry: RecentHand) -> None:
        self.entries = add_recent(self.entries, entry)
        if not self.drawn:
            return
        self.el["recent-hands"].prepend(self.item(entry))
        items = self.el["recent-hands"].children
        while items.length > MAX_RECENT:
            self.links.pop(str(items[items.length - 1].dataset.key), None)
            items[items.length - 1].remove()
        self.el["recent-empty"].hidden = True

    def clear(self) -> None:
        self.entries = []
        if self.drawn:
            self.render()

    def render(self) -> None:
        self.drawn = True
        self.links = {}
        items = fragment()
        for entry in self.entries:
            items.append(self.item(entry))
        self.el["recent-hands"].replaceChildren(items)
        self.el["recent-empty"].hidden = bool(self.entries)

    def item(self, entry: RecentHand) -> Node:
        self.serial += 1
        key = f"r{self.serial}"
        li = element("li", "recent-hand", data_key=key, data_testid="recent-hand")
        head = element("p", "recent-head")
        head.append(element("strong", "", f"{side(entry.on_play)} · kept {len(entry.kept)}"))
        if entry.link:
            self.links[key] = entry.link
            head.append(element("button", "recent-reopen", "Reopen", type="button", data_reopen=key))
        else:
            head.append(element("span", "recent-note", "cannot be reopened (its link would be too long)"))
        li.append(head, element("p", "recent-meta", f"{entry.name} · {when(entry.at)}"))
        for number, hand in enumerate(entry.hands, start=1):
            li.append(hand_line(number, hand))
        li.append(draws_line(entry))
        return li

    def link(self, key: str) -> str | None:
        """The stored link of the game behind a Reopen button (the page opens it, checked like any other)."""
        return self.links.get(key)
