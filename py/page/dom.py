"""The few DOM helpers every view shares. User text reaches the DOM only through
``textContent`` and attributes (never ``innerHTML``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import document, window

Node = Any  # a JavaScript DOM node reached through Pyodide's FFI


def element(tag: str, cls: str = "", text: str = "", **attrs: str) -> Node:
    """``element("button", "primary", "Keep", data_button="keep")``: attribute names take
    ``_`` for ``-`` (and a trailing ``_`` for Python keywords: ``for_``)."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text:
        node.textContent = text
    for name, value in attrs.items():
        node.setAttribute(name.rstrip("_").replace("_", "-"), value)
    return node


_painting: dict[str, Callable[[], object]] = {}  # the work waiting for the next frame, by what it does


def before_next_paint(key: str, work: Callable[[], object]) -> None:
    """Run ``work`` in the next animation frame, before it is painted. For what measures or
    scrolls the page: done in a click's handler, it makes the browser lay the page out there
    and again after the handler's later changes; in the frame, once. One piece of work per
    ``key`` waits at a time, the latest asked for (a hundred clicks in one task: one scroll)."""
    if key not in _painting:
        window.requestAnimationFrame(create_once_callable(lambda *_args: _painting.pop(key)()))
    _painting[key] = work


def by_id(name: str) -> Node:
    return document.getElementById(name)


def fragment() -> Node:
    return document.createDocumentFragment()


def js_options(**options: object) -> Any:
    """A plain JavaScript object for an options argument (``{block: "start"}``)."""
    from pyodide.ffi import to_js

    return to_js(options, dict_converter=window.Object.fromEntries)


def download(text: str, kind: str, filename: str) -> None:
    """Offer ``text`` as a file to save (an export), through a link to a blob of it."""
    from pyodide.ffi import create_once_callable, to_js

    blob = window.Blob.new(to_js([text]), js_options(type=kind))
    url = window.URL.createObjectURL(blob)
    link = element("a", "", href=url, download=filename)
    document.body.append(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def matches_media(query: str) -> bool:
    """Whether the page now matches a CSS media query (``"(hover: hover)"``)."""
    return bool(window.matchMedia(query).matches)


def docked_hover() -> bool:
    """A pointer that hovers, and the side column beside the table (the CSS's 901 px) to dock
    an enlarged card in."""
    return matches_media("(hover: hover) and (min-width: 901px)")


def changed(control: Node) -> bool:
    """Whether a form control differs from the page's HTML: the player changed it (every
    setting is ``autocomplete="off"``, so the browser restores none on reload). A menu's
    default is its ``selected`` option, else its first."""
    kind = str(control.type)
    if kind in ("checkbox", "radio"):
        return bool(control.checked) != bool(control.defaultChecked)
    if kind == "select-one":
        default = control.querySelector("option[selected]")
        return int(control.selectedIndex) != (int(default.index) if default else 0)
    if kind == "file":
        return bool(control.files and control.files.length)
    return str(control.value) != str(control.defaultValue)
