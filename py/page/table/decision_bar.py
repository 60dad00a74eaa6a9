"""The decision bar: the prompt for the decision on screen, its buttons and choices, and
the keys that answer it. It sits directly above the hand being decided on.

``describe`` turns the engine's pending decision into words and the set of buttons to
show; the engine says what is legal, this only phrases it.
"""

from __future__ import annotations

from opening_hand.rules.decisions import (
    ChooseBackupHand,
    ChooseBottom,
    ChooseCompanion,
    ChooseConspiracies,
    ChooseOpeningPlayer,
    ChooseShuffleBack,
    ChooseStartingPlayer,
    ChooseStickerSheets,
    Decision,
    DeclareMulligan,
    OpeningHandActions,
    OrderTimestamps,
    Scry,
)
from opening_hand.rules.state import GameState
from page.dom import Node, element
from page.texts import plural

BUTTONS = ("play-first", "draw-first", "keep", "mulligan", "serum-powder", "set-aside", "keep-on-top", "bottom",
           "shuffle-back", "draw", "undo")  # fmt: skip
CONFIRM = ("bottom", "shuffle-back", "set-aside", "keep-on-top")  # what Enter presses (never Keep or Mulligan)
# The letter that presses each button (page.services.keys), and what the key strip calls it.
LETTERS = {"play-first": "P", "draw-first": "R", "keep": "K", "mulligan": "M", "serum-powder": "S", "bottom": "B",
           "draw": "T", "undo": "U"}  # fmt: skip
WHAT = {"play-first": "play first", "draw-first": "draw first", "keep": "keep", "mulligan": "mulligan",
        "serum-powder": "Serum Powder", "set-aside": "set aside", "keep-on-top": "keep on top", "bottom": "bottom",
        "shuffle-back": "shuffle back", "draw": "draw the next turn", "undo": "undo"}  # fmt: skip
SHORTCUTS = {"U": "U Control+Z Meta+Z", "Enter": "Enter"}  # aria-keyshortcuts beyond the letter itself


def confirming(shown: set[str], pending: Decision | None) -> str | None:
    """The button Enter presses: the decision's confirming one (never Keep or Mulligan); in
    a scry, Keep on top (B puts the card on the bottom)."""
    if isinstance(pending, Scry):
        return "keep-on-top" if "keep-on-top" in shown else None
    return next((name for name in CONFIRM if name in shown and name != "keep-on-top"), None)


def button_keys(shown: set[str], pending: Decision | None) -> dict[str, tuple[str, ...]]:
    """The keys of each button on screen: its letter, and Enter for the confirming one."""
    enter = confirming(shown, pending)
    keys: dict[str, tuple[str, ...]] = {}
    for name in BUTTONS:
        if name in shown:
            keys[name] = (("Enter",) if name == enter else ()) + ((LETTERS[name],) if name in LETTERS else ())
    return keys


def key_strip(
    shown: set[str], pending: Decision | None, cards: int, choosing: bool, clear: str, enter_choice: str
) -> Node:
    """Exactly the keys that act now: each button's, the hand's number keys (choose a card, or
    read one), Enter for a confirming choice, Esc when there is something to clear or close,
    then N and D."""
    pairs: list[tuple[str, str]] = [
        (" / ".join(keys), WHAT[name]) for name, keys in button_keys(shown, pending).items()
    ]
    if enter_choice:
        pairs.append(("Enter", enter_choice))
    if cards:
        numbers = "1–9, 0" if cards >= 10 else ("1" if cards == 1 else f"1–{cards}")
        pairs.append((numbers, "choose a card" if choosing else "read a card"))
    if clear:
        pairs.append(("Esc", clear))
    pairs += [("N", "next hand"), ("D", "deal again")]
    return key_line(tuple(pairs))


def choice_button(text: str, action: str, arg: str = "", disabled: str = "", confirm: bool = False) -> Node:
    button = element("button", "", text, type="button", data_action=action, data_arg=arg)
    if confirm:
        button.setAttribute("data-confirm", "true")
    if disabled:
        button.disabled = True
        button.title = disabled
    return button


def describe(state: GameState, pending: Decision, chosen: int, choices: Node) -> tuple[str, set[str]]:
    """The prompt and the buttons for a decision of the player's; choice buttons go into ``choices``."""
    if isinstance(pending, ChooseStartingPlayer):
        own = state.team_of(pending.player)
        others = [o for o in pending.options if state.team_of(o) != own]
        if len(others) > 1:
            for seat in others:
                choices.append(choice_button(f"{state.player(seat).name} plays first", "start", str(seat)))
        noun = "team" if state.shared_team_turns else "you"
        return f"You choose who takes the first turn: play first ({noun}), or let someone else?", (
            {"play-first", "draw-first"} if len(others) == 1 else {"play-first"}
        )
    if isinstance(pending, ChooseCompanion):
        for option in pending.options:
            blocked = option.reason if option.met is False else ""
            choices.append(
                choice_button(f"Reveal {option.name} as companion", "companion", str(option.card_id), blocked)
            )
        choices.append(choice_button("No companion", "companion", ""))
        reasons = "; ".join(f"{o.name}: {o.reason}" for o in pending.options)
        return f"Reveal a companion from outside the game ({state.edition.cite('companion')})? {reasons}", set()
    if isinstance(pending, ChooseConspiracies):
        for card in state.player(pending.player).sideboard:
            if card.id in pending.options:
                choices.append(tick(card.id, card.name, checked=True))
        choices.append(choice_button("Put into the command zone", "conspiracies", confirm=True))
        return f"Choose the conspiracies to put into the command zone ({state.edition.cite('conspiracy')}).", set()
    if isinstance(pending, ChooseStickerSheets):
        for card in state.player(pending.player).sticker_sheets:
            if card.id in pending.options:
                choices.append(tick(card.id, card.name, checked=False))
        choices.append(choice_button("Reveal the sheets ticked", "stickers", confirm=True))
        return (
            f"Choose up to {pending.most} of your sticker sheets to play with and reveal them "
            f"({state.edition.cite('stickers')}); only their stickers are available this game.",
            set(),
        )
    if isinstance(pending, ChooseBackupHand):
        return "Backup Plan: keep one of your hands (shown below); the others are shuffled into your library.", set()
    if isinstance(pending, DeclareMulligan):
        return declare(state, pending, chosen)
    if isinstance(pending, ChooseShuffleBack):
        return (
            f"Choose {plural(pending.count, 'card')} you don't want ({chosen} of {pending.count} chosen; "
            "the order does not matter), then Shuffle back.",
            {"shuffle-back"},
        )
    if isinstance(pending, Scry):
        top = state.player(pending.player).library[0].name
        return f"Scry 1: the top card of your library is {top}. Keep it on top or put it on the bottom?", {
            "keep-on-top",
            "bottom",
        }
    if isinstance(pending, ChooseBottom):
        kept = state.player(pending.player).kept
        when = ", in order" if kept else f" as part of the mulligan ({state.edition.cite('bottom')}), then decide again"
        return (
            f"Put {plural(pending.count, 'card')} on the bottom{when}. Marked: a suggestion ({chosen} of "
            f"{pending.count}); click cards to change it.",
            {"bottom"},
        )
    if isinstance(pending, ChooseOpeningPlayer):
        for seat in pending.options:
            choices.append(choice_button(f"{state.player(seat).name} acts next", "act-next", str(seat)))
        rule = state.edition.cite("team-opening")
        return f"Your team chooses which of its players takes opening-hand actions next ({rule}).", set()
    if isinstance(pending, OrderTimestamps):
        owners = {c.id: (c.name, p.name) for p in state.players for c in p.battlefield}
        for card_id in pending.options:
            name, owner = owners[card_id]
            choices.append(choice_button(f"{name} ({owner}) next", "timestamp", str(card_id)))
        return (
            "These cards began the game on the battlefield together: as the starting player, order their "
            f"timestamps, earliest first ({state.edition.cite('leylines')}).",
            set(),
        )
    if not isinstance(pending, OpeningHandActions):  # a decision this page does not know yet: say so, break nothing
        return f"The game waits for a decision this page cannot show ({type(pending).__name__}).", set()
    names = {c.id: c.name for c in state.player(pending.player).hand}
    for card_id in pending.to_battlefield:
        choices.append(choice_button(f"Put {names[card_id]} onto the battlefield", "battlefield", str(card_id)))
    for card_id in pending.to_reveal:
        choices.append(choice_button(f"Reveal {names[card_id]}", "reveal", str(card_id)))
    choices.append(choice_button("Done with opening-hand actions", "done", confirm=True))
    caverns = " For Gemstone Caverns, first click the card to exile." if pending.caverns else ""
    return f"Opening-hand actions ({state.edition.cite('opening')}): take any, in any order.{caverns}", set()


def tick(card_id: int, name: str, checked: bool) -> Node:
    """A ticked-or-not card name for a choice of several (conspiracies, sticker sheets)."""
    label = element("label", "", f" {name}")
    box = element("input", "", type="checkbox", data_choice=str(card_id))
    box.checked = checked
    label.prepend(box)
    return label


def declare(state: GameState, pending: DeclareMulligan, chosen: int) -> tuple[str, set[str]]:
    size = pending.hand_size - pending.cards_to_bottom_if_kept
    bottom = f" (then put {pending.cards_to_bottom_if_kept} on the bottom)" if pending.cards_to_bottom_if_kept else ""
    free = ""
    if pending.mulligans_taken < state.free_mulligans:
        free = f" — this mulligan is free ({state.free_rule})"
    if pending.set_aside:
        return (
            f"Keep {plural(pending.hand_size, 'card')}, or choose cards and Set aside: you draw one fewer "
            f"({chosen} chosen; the order does not matter).",
            {"keep", "set-aside"},
        )
    shown = {"keep", "mulligan"} | ({"serum-powder"} if pending.serum_powders else set())
    after = pending.hand_size_after_mulligan
    return f"Keep {plural(size, 'card')}{bottom}, or take a mulligan (to {after}){free}?", shown


def key_line(pairs: tuple[tuple[str, str], ...]) -> Node:
    line = element("span")
    for index, (key, what) in enumerate(pairs):
        if index:
            line.append(" · ")
        line.append(element("kbd", "", key))
        line.append(f" {what}")
    return line
