"""The list of a decklist's problems under the decklist box: each line's number is a button
that selects the line in the box, and a suggested fix ("did you mean Lightning Bolt?") is a
button that rewrites that one line, as an edit the browser can undo (Ctrl+Z).

Problems come from the engine (``DecklistError``, ``DeckCheckError``, ``CardCheckError``);
their text reaches the page only through ``textContent`` and attributes.
"""

from __future__ import annotations

from pyscript import document, window

from opening_hand.cards.decklist import Decklist
from opening_hand.errors import CardCheckError, DeckCheckError, DecklistError, LineProblem, RulesError
from page.dom import Node, element
from page.panels.text_edit import line_span, replace_line


def problems_of(error: RulesError | None) -> tuple[LineProblem, ...]:
    """The problems an error lists, each with its line where it has one."""
    cause = error.__cause__ if error is not None and error.__cause__ is not None else error
    if isinstance(cause, DecklistError):
        return cause.problems
    if isinstance(cause, CardCheckError):
        return cause.lines
    if isinstance(cause, DeckCheckError):
        return tuple(LineProblem(None, None, text) for text in cause.problems)
    return ()


class ProblemList:
    def __init__(self, items: Node, box: Node) -> None:
        self.items = items  # the <ol>
        self.box = box  # the decklist <textarea>
        self.shown: tuple[LineProblem, ...] = ()

    def show(self, problems: tuple[LineProblem, ...]) -> None:
        """List ``problems``. The same problems again leave the list as it is: leaving the
        box (a change event) must not replace a button the player is pressing."""
        if problems == self.shown and bool(self.items.hidden) == (not problems):
            return
        self.shown = problems
        fragment = document.createDocumentFragment()
        for problem in problems:
            item = element("li")
            if problem.line:
                item.append(element("button", "", str(problem), type="button", data_line=str(problem.line)))
            else:
                item.append(element("span", "", str(problem)))
            for label, fixed in problem.fixes:
                title = f"Change line {problem.line} to: {fixed}"
                button = element("button", "fix", f"Use {label}", type="button", title=title, data_fix=fixed,
                                 data_fix_line=str(problem.line))  # fmt: skip
                item.append(" ", button)
            fragment.append(item)
        self.items.replaceChildren(fragment)
        self.items.hidden = not problems

    def select_line(self, line: int) -> None:
        """Select line ``line`` (1-based) of the decklist box, so the player sees which it is."""
        found = line_span(str(self.box.value), line)
        if found is not None:
            self.box.focus()
            self.box.setSelectionRange(*found)

    def apply_fix(self, line: int, fixed: str) -> bool:
        """Rewrite one line as the player typing it would (so Ctrl+Z takes it back); True when
        the box changed."""
        changed = replace_line(self.box, line, fixed)
        self.box.dispatchEvent(window.Event.new("change"))
        return changed


MAX_READINGS = 40  # notes shown; a longer list says how many more


def show_readings(items: Node, deck: Decklist) -> None:
    """The names read as another card's ("Line 3: “Ragavan” read as Ragavan, Nimble Pilferer
    (a short name)"), so that nothing is guessed silently; the ambiguous ones are problems."""
    notes = [read for read in deck.read_as if not read.choices]
    fragment = document.createDocumentFragment()
    for read in notes[:MAX_READINGS]:
        fragment.append(element("li", "", str(read)))
    if len(notes) > MAX_READINGS:
        fragment.append(element("li", "", f"… and {len(notes) - MAX_READINGS} more"))
    items.replaceChildren(fragment)
    items.hidden = not notes
