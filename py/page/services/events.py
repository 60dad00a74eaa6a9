"""Routes the page's DOM events to their handlers: one listener per event type on the
document, instead of one per control (PyScript's ``when()`` resolved a selector, inspected
the handler and made a proxy for each of the start-up's 45, before the page was ready).

``@on("click", "#deal")`` declares a handler; ``listen()`` starts listening. A handler hears
what a listener on its control would: events on the control and, if they bubble, inside it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

_dispatch: Any = None

# Event type -> (selector, handler), in the order they were declared.
HANDLERS: dict[str, list[tuple[str, Callable[[Any], object]]]] = {}
# The handlers' tasks while they run (the event loop keeps only weak references).
_tasks: set[asyncio.Future[Any]] = set()


def on(event_type: str, selector: str) -> Callable[[Callable[[Any], object]], Callable[[Any], object]]:
    """Declares ``handler`` for ``event_type`` events on the element ``selector`` names or inside it."""

    def declare(handler: Callable[[Any], object]) -> Callable[[Any], object]:
        HANDLERS.setdefault(event_type, []).append((selector, handler))
        return handler

    return declare


def dispatch(event: Any) -> None:
    """Every handler whose control heard the event, as a listener on the control would: an
    event on the control or, if it bubbles, inside it (in the order they were declared). An
    async handler runs as a task."""
    target = event.target
    if getattr(target, "nodeType", None) != 1:  # an element, not the document or a text node
        return
    for selector, handler in HANDLERS.get(str(event.type), ()):
        if target.closest(selector) if event.bubbles else target.matches(selector):
            outcome = handler(event)
            if asyncio.iscoroutine(outcome):
                run_task(outcome)


def run_task(work: Awaitable[object]) -> None:
    task = asyncio.ensure_future(work)
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


def listen() -> None:
    """One listener per event type on the document, kept for the page's lifetime. It listens
    as events go down to their target, so it also hears those that do not bubble (toggle, or
    a script's ``new Event("change")``)."""
    global _dispatch
    _dispatch = create_proxy(dispatch)
    for event_type in HANDLERS:
        document.addEventListener(event_type, _dispatch, True)


def when_idle(work: Callable[..., object], timeout: int, fallback_ms: int = 50) -> Any:
    """Run ``work`` once when the browser is idle (at the latest after ``timeout`` ms), or
    soon where there is no requestIdleCallback; the handle, to cancel it."""
    once = create_once_callable(work)
    if hasattr(window, "requestIdleCallback"):
        return window.requestIdleCallback(once, to_js({"timeout": timeout}, dict_converter=window.Object.fromEntries))
    return window.setTimeout(once, fallback_ms)
