"""The page while it runs: the one ``App`` (imported on its first use, after start-up) and
what every event handler asks of an event (``page.start``, ``page.deck_routes``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import window

if TYPE_CHECKING:
    from page.app import App
    from page.dom import Node

_app: App | None = None


def app() -> App:
    """The page, imported on first use."""
    global _app
    if _app is None:
        window.performance.mark("oh:app")
        from page.services import class_code

        class_code.install()  # the engine is imported next: its dataclasses come ready-made
        from page.app import App

        window.performance.mark("oh:app-imported")
        _app = App()
        window.performance.mark("oh:app-built")
    return _app


def repeated(event: Any) -> bool:
    """The second (third...) click of a double-click, or a key held down: one intent, so
    one action - a double-click on Mulligan must not take two mulligans. A new click after
    the double-click interval, or a new key press, counts again."""
    return bool(getattr(event, "repeat", False)) or int(getattr(event, "detail", 0) or 0) > 1


def in_view(node: Node) -> bool:
    """Whether the whole of ``node`` is inside the viewport."""
    box = node.getBoundingClientRect()
    return box.top >= 0 and box.left >= 0 and box.bottom <= window.innerHeight and box.right <= window.innerWidth
