"""The deck panel's event handlers: the decklist, its problems and fixes, files, the land
marks, the Arena export and the deck library. Each is one line into ``App``."""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable
from pyscript import window

from page.running import app, repeated
from page.services.events import on, run_task

_timer: Any = None  # the pause after typing in the decklist


@on("click", "#sample")
def on_sample(_event: object) -> None:
    app().load_sample()


@on("click", "#restore")
def on_restore(_event: object) -> None:
    app().decks.restore()


def refresh_deck(*_args: object) -> None:
    app().decks.refresh()
    app().summarise()


@on("input", "#decklist")
def on_decklist_input(_event: object) -> None:
    """The summary follows the list as it is typed or pasted (after a short pause)."""
    global _timer
    if _timer is not None:
        window.clearTimeout(_timer)
    _timer = window.setTimeout(create_once_callable(refresh_deck), 150)


@on("change", "#decklist")
def on_decklist(_event: object) -> None:
    refresh_deck()
    app().analysis.refresh_keys()


@on("change", "#skip-bad")
def on_skip_bad(_event: object) -> None:
    refresh_deck()


@on("click", "#deck-problems")
def on_problem(event: Any) -> None:
    fix = event.target.closest("button[data-fix]")
    if fix:
        app().decks.apply_fix(int(fix.dataset.fixLine), str(fix.dataset.fix))
        return
    button = event.target.closest("button[data-line]")
    if button:
        app().decks.select_line(int(button.dataset.line))


@on("change", "#card-pool")
def on_card_pool(_event: object) -> None:
    refresh_deck()


@on("change", "#vanguard-name")
def on_vanguard_name(_event: object) -> None:
    app().setup_panel.on_vanguard_name(app().card_pool())


@on("change", "#land-marks")
def on_land_mark(event: Any) -> None:
    app().decks.on_land_mark(event.target)


@on("change", "#deck-file")
async def on_deck_file(event: Any) -> None:
    files = event.target.files
    await app().decks.load_file(files.item(0) if files.length else None)
    event.target.value = ""  # choosing the same file again is a change too
    app().summarise()


@on("dragover", "#decklist")
def on_drag_over(event: Any) -> None:
    event.preventDefault()  # allow dropping a file on the decklist


@on("drop", "#decklist")
def on_drop(event: Any) -> None:
    files = event.dataTransfer.files if event.dataTransfer else None
    if files and files.length:
        event.preventDefault()  # now, not in a task: read the file instead of letting the browser open it
        run_task(load_dropped(files.item(0)))


async def load_dropped(file: Any) -> None:
    await app().decks.load_file(file)
    app().summarise()


@on("click", "#export-arena")
def on_export_arena(_event: object) -> None:
    app().decks.export_arena()


@on("click", ".library")
def on_library(event: Any) -> None:
    button = event.target.closest("button[data-deck-op]")
    if button:
        app().library.run(str(button.getAttribute("data-deck-op")))
        app().summarise()


@on("click", "#library-export")
def on_library_export(_event: object) -> None:
    app().library.export_library()


@on("change", "#library-import")
async def on_library_import(event: Any) -> None:
    files = event.target.files
    await app().library.import_library(files.item(0) if files.length else None)
    event.target.value = ""


@on("click", '[data-board="main"] [data-el="unknown"]')
def on_deck_notice(event: Any) -> None:
    """The notice about the deck beside the hand: look up, mark the lands, fix the format."""
    if not repeated(event):
        app().help.on_click(event.target)
