"""Page start-up: the smallest amount of work before the page is interactive.

It builds the format and rules menus from the engine's registries (``opening_hand.formats``
and ``opening_hand.editions``, small modules), wires the controls, and marks the page
ready. The table adapter and the whole
engine (``table.py``, about 0.1 s to import in the browser) load right after, when the
browser is idle, or at the first click that needs them.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, when, window

from opening_hand.editions import EDITIONS
from opening_hand.formats import FORMATS

_table: Any = None


def table() -> Any:
    """The table adapter, imported on first use."""
    global _table
    if _table is None:
        from table import Page

        _table = Page()
    return _table


def build_menu(select_id: str, entries: dict[str, str], selected: str) -> None:
    select = document.getElementById(select_id)
    fragment = document.createDocumentFragment()
    for key, name in entries.items():
        option = document.createElement("option")
        option.value = key
        option.textContent = name
        fragment.append(option)
    select.replaceChildren(fragment)
    select.value = selected


@when("change", "#format")
def on_format(_event: object) -> None:
    table().on_format()


def show_rules_summary() -> None:
    document.getElementById("rules-description").textContent = EDITIONS[document.getElementById("rules").value].summary


@when("change", "#rules")
def on_rules(_event: object) -> None:
    show_rules_summary()


@when("change", "#players")
def on_players(_event: object) -> None:
    table().on_players()


@when("change", "#shared-turns")
def on_shared(_event: object) -> None:
    table().on_players()


@when("click", "#sample")
def on_sample(_event: object) -> None:
    table().load_sample()


@when("click", "#restore")
def on_restore(_event: object) -> None:
    table().decks.restore()


@when("change", "#decklist")
def on_decklist(_event: object) -> None:
    table().decks.refresh()
    table().analysis.refresh_keys()


@when("change", "#skip-bad")
def on_skip_bad(_event: object) -> None:
    table().decks.refresh()


@when("change", "#land-marks")
def on_land_mark(event: Any) -> None:
    table().decks.on_land_mark(event.target)


@when("change", "#deck-file")
async def on_deck_file(event: Any) -> None:
    files = event.target.files
    await table().decks.load_file(files.item(0) if files.length else None)
    event.target.value = ""  # choosing the same file again is a change too


@when("dragover", "#decklist")
def on_drag_over(event: Any) -> None:
    event.preventDefault()  # allow dropping a file on the decklist


@when("drop", "#decklist")
async def on_drop(event: Any) -> None:
    files = event.dataTransfer.files if event.dataTransfer else None
    if files and files.length:
        event.preventDefault()  # read the file instead of letting the browser open it
        await table().decks.load_file(files.item(0))


@when("click", "#export-arena")
def on_export_arena(_event: object) -> None:
    table().decks.export_arena()


@when("click", ".library")
def on_library(event: Any) -> None:
    button = event.target.closest("button[data-deck-op]")
    if button:
        table().decks.run(str(button.getAttribute("data-deck-op")))


@when("click", "#library-export")
def on_library_export(_event: object) -> None:
    table().decks.export_library()


@when("change", "#library-import")
async def on_library_import(event: Any) -> None:
    files = event.target.files
    await table().decks.import_library(files.item(0) if files.length else None)
    event.target.value = ""


@when("change", "#scryfall")
def on_images(_event: object) -> None:
    table().on_images()


def repeated(event: Any) -> bool:
    """The second (third...) click of a double-click, or a key held down: one intent, so
    one action - a double-click on Mulligan must not take two mulligans. A new click after
    the double-click interval, or a new key press, counts again."""
    return bool(getattr(event, "repeat", False)) or int(getattr(event, "detail", 0) or 0) > 1


@when("click", "#deal")
def on_deal(event: Any) -> None:
    if not repeated(event):
        table().deal()


@when("click", "#copy-link")
def on_copy_link(_event: object) -> None:
    table().copy_link()


def on_navigate(_event: object) -> None:
    table().on_navigate()


@when("toggle", "#analysis")
def on_analysis_toggle(_event: object) -> None:
    table().analysis.refresh_keys()


@when("click", "#odds-compute")
def on_odds(_event: object) -> None:
    table().analysis.refresh_keys()
    table().analysis.compute()


@when("click", "#sim-start")
def on_simulate(_event: object) -> None:
    table().analysis.simulate()


@when("click", "#sim-cancel")
def on_sim_cancel(_event: object) -> None:
    table().analysis.cancel()


@when("click", "#stats-reset")
def on_stats_reset(_event: object) -> None:
    table().stats.reset()


@when("click", "#stats-export")
def on_stats_export(_event: object) -> None:
    table().stats.export_csv()


@when("keydown", "body")
def on_key(event: Any) -> None:
    target, key = event.target, str(event.key)
    typing = target.closest("input, textarea, select, [contenteditable]")
    activating = key in ("Enter", " ") and target.closest("button, a, summary")
    if typing or event.ctrlKey or event.metaKey or event.altKey:
        return  # keys belong to the field being typed in
    if repeated(event):  # a held key acts once
        if activating:
            event.preventDefault()  # Enter held on a focused button: not one click per repeat
        return
    if activating:
        return  # Enter or Space activates the focused control
    if document.body.dataset.ready == "true" and table().on_key(key):
        event.preventDefault()


@when("click", "#next-game")
def on_next_game(event: Any) -> None:
    if not repeated(event):
        table().next_game()


@when("click", "#tables")
def on_table_click(event: Any) -> None:
    if not repeated(event):  # cards, Keep, Mulligan, Undo, the choices: one action per double-click
        table().on_click(event.target)


build_menu("format", {key: fmt.name for key, fmt in FORMATS.items()}, "constructed")
editions = {key: e.name if e.year in e.name else f"{e.name} ({e.year})" for key, e in EDITIONS.items()}
build_menu("rules", editions, "london")
build_menu("compare-rules", {"": "No comparison", **editions}, "")
show_rules_summary()
document.getElementById("deal").disabled = False
# Back/forward between practice setups, and links pasted into the address bar.
navigate = create_proxy(on_navigate)
window.addEventListener("popstate", navigate)
window.addEventListener("hashchange", navigate)
if str(window.location.hash).startswith("#v"):
    table().on_navigate()  # a share link: fill the form, deal and replay before saying ready
document.body.dataset.ready = "true"
# Warm the table and engine up once the browser is idle (or soon, where there is no
# requestIdleCallback), so the first Deal does not wait for the import.
warm_up = create_once_callable(lambda *_: table())
if hasattr(window, "requestIdleCallback"):
    window.requestIdleCallback(warm_up, to_js({"timeout": 1000}, dict_converter=window.Object.fromEntries))
else:
    window.setTimeout(warm_up, 50)
