"""The event log: every step with the rule that allows it, appended as the game goes on."""

from __future__ import annotations

from opening_hand.rules.state import GameState
from page.dom import Node, before_next_paint, element, fragment


class LogView:
    def __init__(self, root: Node) -> None:
        self.root = root
        self.shown = 0  # events already in the list

    def clear(self) -> None:
        self.root.replaceChildren()
        self.shown = 0

    def render(self, state: GameState, users: frozenset[int]) -> None:
        events = state.events
        if self.shown > len(events):  # undone: the game is shorter than what is shown
            self.clear()
        if self.shown == len(events):
            return
        items = fragment()
        for event in events[self.shown :]:
            item = element("li", "", data_rule=event.rule)
            item.append(element("span", "rule", event.rule))
            item.append(event.text)
            if event.private and event.seat in users:
                item.append(element("span", "private", f" {event.private}"))
            items.append(item)
        self.root.append(items)
        self.shown = len(events)
        self.follow()

    def follow(self) -> None:
        """Keep the newest event in sight, at the next frame. Reading the list's height here
        would make the browser lay the whole page out in the middle of a click, once per
        render (~25 ms each on the first Deal, which renders twice); before the frame it is
        the layout the browser does anyway, once."""
        before_next_paint(f"log {id(self)}", self.scroll)

    def scroll(self) -> None:
        self.root.scrollTop = self.root.scrollHeight
