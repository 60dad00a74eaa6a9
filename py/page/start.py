"""Page start-up (imported by main.py, the page's script): the smallest amount of work before
the page is interactive.

It wires the controls and marks the page ready; nothing else runs before. The format and
rules menus are in index.html already (tests/page/test_page_files.py checks they list the
engine's registries), and one listener per kind of event, on the document, hands each event
to the handler of the control it came from (``on``, services/events.py), instead of a listener
per control; the deck panel's handlers are in deck_routes.py.
The page itself (``app.py``: the panels, the table views and the whole engine, about 0.1 s
to import in the browser) loads right after, when the browser is idle, or at the first
event that needs it. Every handler here is one line into ``App``: DOM event -> engine
action -> new state -> render.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from page import deck_routes  # noqa: F401  (the deck panel's handlers)
from page.dom import changed
from page.running import app, in_view, repeated
from page.services.events import listen, on, when_idle

window.performance.mark("oh:main")  # start-up figures for `make bench` (scripts/bench/bench.py)


# ----------------------------------------------------------------------- setup panel


@on("change", "#format")
def on_format(_event: object) -> None:
    app().on_format()


@on("change", "#rules")
def on_rules(_event: object) -> None:
    app().on_rules()


@on("input", "#players")
@on("change", "#players")
@on("change", "#shared-turns")
def on_players(_event: object) -> None:
    app().on_players()


@on("change", "#scryfall")
def on_images(_event: object) -> None:
    app().on_images()


@on("change", "#play-draw")
def on_play_draw(_event: object) -> None:
    app().on_play_draw()


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
        app().toggle_feedback(bool(event.target.checked))


@on("click", "#quiz-make")
def on_quiz_make(event: Any) -> None:
    if not repeated(event):
        app().make_quiz()


@on("click", "#quiz-copy")
def on_quiz_copy(_event: object) -> None:
    app().copy_quiz_link()


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


CARD_ON_TABLE = ".hand-row .card, .zone .card, .shared-zone .card, .mini-zone .card"


@on("mouseover", "#tables")
def on_pointer_over(event: Any) -> None:
    """The pointer rests on a card: it is enlarged in the dock beside the table (Preview.hover)."""
    card = event.target.closest(CARD_ON_TABLE)
    if card and not card.contains(event.relatedTarget):
        app().hover(card)


@on("mouseout", "#tables")
def on_pointer_out(event: Any) -> None:
    card = event.target.closest(CARD_ON_TABLE)
    if card and not card.contains(event.relatedTarget):
        app().hover(None)


@on("click", "#next-game")
def on_next_game(event: Any) -> None:
    if not repeated(event):
        app().next_game()


@on("keydown", "body")
def on_key(event: Any) -> None:
    target, key = event.target, str(event.key)
    if target.closest("input, textarea, select, [contenteditable]"):
        return  # keys belong to the field being typed in
    if event.ctrlKey or event.metaKey or event.altKey:
        if key.lower() == "z" and not event.shiftKey and not event.altKey:
            key = "u"  # Ctrl+Z, Cmd+Z: undo (outside the fields, whose own undo it stays)
        else:
            return  # the browser's shortcuts
    control = target.closest("button, a, summary") if key in ("Enter", " ") else None
    if repeated(event):  # a held key acts once
        if control:
            event.preventDefault()  # Enter held on a focused button: not one click per repeat
        return
    if control and (key == " " or in_view(control)):
        return  # Enter or Space activates the focused control the player can see
    if control:
        event.preventDefault()  # never a control out of sight: Enter confirms the decision on screen
    if document.body.dataset.ready == "true" and app().on_key(key):
        event.preventDefault()


# ----------------------------------------------------------------------- odds and statistics


@on("toggle", "#analysis")
def on_analysis_toggle(_event: object) -> None:
    app().refresh_keys()


@on("click", "#odds-compute")
def on_odds(_event: object) -> None:
    app().compute_odds()


@on("click", "#sim-start")
def on_simulate(_event: object) -> None:
    app().simulate()


@on("click", "#sim-cancel")
def on_sim_cancel(_event: object) -> None:
    app().cancel_simulation()


@on("click", "#stats-reset")
def on_stats_reset(_event: object) -> None:
    app().reset_stats()


@on("click", "#stats-export")
def on_stats_export(_event: object) -> None:
    app().export_stats()


@on("click", "#stats-export-json")
def on_stats_export_json(_event: object) -> None:
    app().export_stats(as_json=True)


@on("toggle", "#stats")
def on_stats_toggle(_event: object) -> None:
    app().on_stats_toggle()


@on("click", "#recent-hands")
def on_recent_hand(event: Any) -> None:
    button = event.target.closest("button[data-reopen]")
    if not button or repeated(event):
        return
    try:
        app().reopen_recent(str(button.dataset.reopen))
    except Exception as error:  # a stored link is untrusted: nothing in it may stop the page
        unexpected("This hand cannot be reopened", error)


SETTINGS = "#setup-panel :is(input, select, textarea), #deck-panel :is(input, select, textarea)"


def early_choices() -> None:
    """The setup and deck panels work while Python starts (they are in index.html): every
    setting the player changed before the page listened takes effect now, as if changed now
    (its ``change`` handlers run: a saved setting is then kept, and no saved one overrides it).
    Untouched (static/boot.js flags the first change), nothing more is read."""
    if not document.body.hasAttribute("data-touched"):
        return
    for control in [c for c in document.querySelectorAll(SETTINGS) if changed(c)]:  # all found before any runs
        control.dispatchEvent(window.Event.new("change"))


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
    import opening_hand.trainer.reading  # noqa: F401  (the outlook beside the hand)


def warm_up(*_args: object) -> None:
    app()  # then the trainer's engine, in a later idle moment
    when_idle(load_trainer, 3000)


when_idle(warm_up, 1000)
