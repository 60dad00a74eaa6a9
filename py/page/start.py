"""Page start-up (imported by main.py, the page's script): the smallest amount of work before
the page is interactive.

It wires the controls and marks the page ready; nothing else runs before. The format and
rules menus are in index.html already (tests/engine/test_page_files.py checks they list the
engine's registries), and one listener per kind of event, on the document, hands each event
to the handler of the control it came from (``on``, event_routes.py), instead of a listener
per control.
The page itself (``app.py``: the panels, the table views and the whole engine, about 0.1 s
to import in the browser) loads right after, when the browser is idle, or at the first
event that needs it. Every handler here is one line into ``App``: DOM event -> engine
action -> new state -> render.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window

from page.services.events import listen, on, run_task, when_idle

if TYPE_CHECKING:
    from page.app import App

window.performance.mark("oh:main")  # start-up figures for `make bench` (scripts/bench.py)

_app: App | None = None
_timer: Any = None


def app() -> App:
    """The page, imported on first use."""
    global _app
    if _app is None:
        window.performance.mark("oh:app")
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


def in_view(node: Any) -> bool:
    """Whether the whole of ``node`` is inside the viewport."""
    box = node.getBoundingClientRect()
    return box.top >= 0 and box.left >= 0 and box.bottom <= window.innerHeight and box.right <= window.innerWidth


# ----------------------------------------------------------------------- setup panel


@on("change", "#format")
def on_format(_event: object) -> None:
    app().setup_panel.on_format()
    app().summarise()


@on("change", "#rules")
def on_rules(_event: object) -> None:
    app().setup_panel.on_rules()
    app().summarise()


@on("input", "#players")
@on("change", "#players")
@on("change", "#shared-turns")
def on_players(_event: object) -> None:
    app().setup_panel.on_players()
    app().summarise()


@on("change", "#scryfall")
def on_images(_event: object) -> None:
    app().on_images()


@on("change", "#play-draw")
def on_play_draw(_event: object) -> None:
    app().on_play_draw()


# ----------------------------------------------------------------------- deck panel


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
    app().setup_panel.on_vanguard_name()


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


# ----------------------------------------------------------------------- the bar and the table


@on("click", "#deal")
def on_deal(event: Any) -> None:
    if not repeated(event):
        app().deal()


@on("click", "#next-hand")
def on_next_hand(event: Any) -> None:
    if not repeated(event):
        app().deal(new_seed=True)


@on("click", "#change-setup")
def on_change_setup(_event: object) -> None:
    app().change_setup()


@on("click", "#copy-link")
def on_copy_link(_event: object) -> None:
    app().copy_link()


def on_navigate(_event: object) -> None:
    try:
        app().on_navigate()
    except Exception as error:  # nothing a link holds may stop the page; the engine's refusals are caught inside
        unexpected("This link cannot be opened", error)


def unexpected(what: str, error: Exception) -> None:
    """A failure no check foresaw: say so where the player looks, and keep the page working."""
    window.console.warn(f"{what}:", repr(error)[:500])
    message = document.querySelector('[data-board="main"] [data-el="message"]')
    if message:
        message.textContent = f"{what}: an unexpected error ({type(error).__name__}). Nothing on the page was changed."


@on("click", "#tables")
def on_table_click(event: Any) -> None:
    if not repeated(event):  # cards, Keep, Mulligan, Undo, the choices: one action per double-click
        app().on_click(event.target)


@on("change", "#tables")
def on_table_change(event: Any) -> None:
    if event.target.hasAttribute("data-feedback-toggle"):
        app().practice.outlook.toggle(bool(event.target.checked))


@on("click", "#quiz-make")
def on_quiz_make(event: Any) -> None:
    if not repeated(event):
        app().practice.quiz.make()


@on("contextmenu", "#tables")
def on_long_press(event: Any) -> None:
    """A long press on a phone (a right click on a desktop) enlarges a card, also while choosing."""
    card = event.target.closest("button.card, .card[role='img']")
    if card:
        event.preventDefault()
        app().inspect(card)


@on("click", "#preview")
def on_preview(_event: object) -> None:
    app().inspect(None)


@on("click", "#next-game")
def on_next_game(event: Any) -> None:
    if not repeated(event):
        app().next_game()


@on("keydown", "body")
def on_key(event: Any) -> None:
    target, key = event.target, str(event.key)
    if target.closest("input, textarea, select, [contenteditable]") or event.ctrlKey or event.metaKey or event.altKey:
        return  # keys belong to the field being typed in
    control = target.closest("button, a, summary") if key in ("Enter", " ") else None
    if repeated(event):  # a held key acts once
        if control:
            event.preventDefault()  # Enter held on a focused button: not one click per repeat
        return
    if control and (key == " " or in_view(control)):
        return  # Enter or Space activates the focused control the player can see
    if control:
        event.preventDefault()  # never a control out of sight: Enter confirms the decision on screen
    if document.body.dataset.ready == "true":
        from page.services.keys import handle

        if handle(app(), key):
            event.preventDefault()


# ----------------------------------------------------------------------- odds and statistics


@on("toggle", "#analysis")
def on_analysis_toggle(_event: object) -> None:
    app().analysis.refresh_keys()


@on("click", "#odds-compute")
def on_odds(_event: object) -> None:
    app().analysis.refresh_keys()
    app().analysis.compute()


@on("click", "#sim-start")
def on_simulate(_event: object) -> None:
    app().analysis.simulate()


@on("click", "#sim-cancel")
def on_sim_cancel(_event: object) -> None:
    app().analysis.cancel()


@on("click", "#stats-reset")
def on_stats_reset(_event: object) -> None:
    app().stats.reset()


@on("click", "#stats-export")
def on_stats_export(_event: object) -> None:
    app().stats.export_csv()


@on("click", "#stats-export-json")
def on_stats_export_json(_event: object) -> None:
    app().stats.export_json()


@on("toggle", "#stats")
def on_stats_toggle(_event: object) -> None:
    app().stats.on_toggle()


@on("click", "#recent-hands")
def on_recent_hand(event: Any) -> None:
    button = event.target.closest("button[data-reopen]")
    if not button or repeated(event):
        return
    try:
        app().reopen_recent(str(button.dataset.reopen))
    except Exception as error:  # a stored link is untrusted: nothing in it may stop the page
        unexpected("This hand cannot be reopened", error)


def early_choices() -> None:
    """The menus work while Python starts (they are in index.html): a format or rules chosen
    before the page was ready take effect now, as if chosen now."""
    if document.getElementById("format").value != "constructed":
        on_format(None)
    if document.getElementById("rules").value != "london":
        on_rules(None)


listen()
early_choices()
document.getElementById("deal").disabled = False
# Back/forward between practice setups, and links pasted into the address bar.
navigate = create_proxy(on_navigate)
window.addEventListener("popstate", navigate)
window.addEventListener("hashchange", navigate)
if str(window.location.hash).startswith(("#v", "#q")):
    on_navigate(None)  # a share or quiz link: fill the form, deal and replay before saying ready
document.body.dataset.ready = "true"
window.performance.mark("oh:ready")


# Warm the page and engine up once the browser is idle, so the first Deal does not wait for the import.
def load_trainer(*_args: object) -> None:
    import opening_hand.trainer  # noqa: F401  (the outlook beside the hand)


def warm_up(*_args: object) -> None:
    app()  # then the trainer's engine, in a later idle moment
    when_idle(load_trainer, 3000)


when_idle(warm_up, 1000)
