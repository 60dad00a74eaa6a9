"""Changing the decklist box as the player typing would, so the browser's own undo (Ctrl+Z)
takes every change back, and finding a line of it by the same line breaks the engine reads.

Offsets in a text field count UTF-16 code units (an emoji is two); Python counts code
points, so offsets are converted here. Pure functions first (tested in CPython), then the
two that touch the DOM.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from page.dom import Node, js_options

MAX_UNDOABLE = 300_000  # characters: larger texts are set directly (the undo history would copy them)


def utf16_len(text: str) -> int:
    """How many UTF-16 code units ``text`` takes in the browser.

    >>> utf16_len("Bolt"), utf16_len("🔥"), utf16_len("\\ud800")
    (4, 2, 1)
    """
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def line_span(text: str, line: int) -> tuple[int, int] | None:
    """(start, end) in UTF-16 units of 1-based ``line`` of ``text``, its line break left out;
    lines as ``str.splitlines`` (and so the decklist parser) counts them.

    >>> line_span("4 Bolt\\n🔥 Fire\\u2028x", 2), line_span("a", 3)
    ((7, 14), None)
    """
    lines = text.splitlines(keepends=True)
    if not 1 <= line <= len(lines):
        return None
    start = sum(utf16_len(x) for x in lines[: line - 1])
    body = lines[line - 1].splitlines()[0] if lines[line - 1].splitlines() else ""
    return start, start + utf16_len(body)


def _insert(box: Node, start: int, end: int, text: str, restore_focus: bool) -> None:
    before = str(box.value)
    focused = document.activeElement
    box.focus(_no_scroll())
    box.setSelectionRange(start, end)
    inserted = False
    # Only into the box itself: in a folded panel it cannot take the focus, and the command
    # would type into whatever has it.
    if len(before) + len(text) <= MAX_UNDOABLE and document.activeElement == box:
        try:
            inserted = bool(document.execCommand("insertText", False, text))
        except Exception:  # no editing commands here: set the value
            inserted = False
    if not inserted:
        box.setRangeText(text, start, end, "end")
    if restore_focus and focused and focused != box and hasattr(focused, "focus"):
        focused.focus(_no_scroll())


def _no_scroll() -> Any:
    return js_options(preventScroll=True)


def replace_line(box: Node, line: int, text: str) -> bool:
    """Rewrite one line of ``box``; True when the box changed."""
    span = line_span(str(box.value), line)
    if span is None:
        return False
    before = str(box.value)
    _insert(box, *span, text, restore_focus=False)
    return str(box.value) != before


def replace_all(box: Node, text: str) -> None:
    """Put ``text`` in place of everything in ``box``, as one undoable edit."""
    if str(box.value) == text:
        return
    _insert(box, 0, utf16_len(str(box.value)), text, restore_focus=True)
