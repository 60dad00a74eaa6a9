"""What the player saved in this browser's storage (decks, statistics): read and written
without ever throwing, and never deleted because it could not be read.

A value that cannot be read (written by another version, damaged, or not ours) is copied
aside under ``<key>.unreadable.<time>`` before a fresh one replaces it: at most
:data:`MAX_ASIDE` copies per key. When they are all taken, or the storage has no room for
the copy, the value stays where it is and the panel keeps what is saved during this visit
in memory only, saying so. The saved lists are read entry by entry (``opening_hand.share.stored``):
entries that cannot be read are copied aside the same way, on their own, and the others are
stored in their place. Nothing here decides what a value means: the engine's readers do.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pyscript import window

from opening_hand.errors import RulesError
from opening_hand.share.stored import Sifted

T = TypeVar("T")

MAX_ASIDE = 5  # unreadable copies kept per key
FULL = "the browser's storage is full"
OFF = "this browser does not let the page keep data (storage is off)"


def _storage() -> Any:
    try:
        return window.localStorage
    except Exception:  # turned off (private mode, a policy): nothing is kept
        return None


def available() -> bool:
    try:
        return bool(_storage())
    except Exception:
        return False


def read(key: str) -> str | None:
    """The stored value, or None (nothing stored, or storage off)."""
    try:
        value = _storage().getItem(key)
    except Exception:
        return None
    return str(value) if value else None


def write(key: str, value: str) -> str | None:
    """Store ``value``; None when done, else why not (for the player)."""
    storage = _storage()
    if not storage:
        return OFF
    try:
        storage.setItem(key, value)
    except Exception:  # QuotaExceededError, or a SecurityError from a policy
        return FULL
    return None


def remove(key: str) -> None:
    with contextlib.suppress(Exception):  # storage off: nothing to remove
        _storage().removeItem(key)


def aside_keys(key: str) -> list[str]:
    """The unreadable copies of ``key`` kept aside, oldest first (``<key>.unreadable`` is an
    older release's single copy, older than any numbered one)."""
    storage = _storage()
    prefix = key + ".unreadable"
    found: list[tuple[int, str]] = []
    try:
        for i in range(int(storage.length)):
            name = str(storage.key(i))
            if name == prefix:
                found.append((0, name))
            elif (
                name.startswith(prefix + ".")
                and name[len(prefix) + 1 :].isascii()
                and name[len(prefix) + 1 :].isdigit()
                and len(name) - len(prefix) < 17
            ):
                found.append((int(name[len(prefix) + 1 :]), name))
    except Exception:
        return []
    return [name for _, name in sorted(found)]


def when(aside_key: str) -> str:
    """The date a copy was set aside, as the player reads it ("an earlier visit" when unknown)."""
    stamp = aside_key.rpartition(".")[2]
    if not stamp.isdigit():
        return "an earlier visit"
    return str(window.Date.new(int(stamp)).toLocaleString())


def copy_aside(key: str, text: str) -> tuple[str | None, str]:
    """Keep ``text`` under a new ``<key>.unreadable.<time>``, or find it kept there already:
    (that key, "") when it is kept; (None, why not, for the player) when not."""
    kept = aside_keys(key)
    for name in kept:
        if read(name) == text:  # this very value is kept already
            return name, ""
    if len(kept) >= MAX_ASIDE:
        return None, (
            f"{MAX_ASIDE} unreadable copies are already kept aside (the oldest from {when(kept[0])}, under “{kept[0]}”)"
        )
    stamp = int(window.Date.now())
    while read(f"{key}.unreadable.{stamp}") is not None:  # two copies in one millisecond
        stamp += 1
    name = f"{key}.unreadable.{stamp}"
    if write(name, text) is not None:
        remove(name)
        return None, "the browser's storage has no room for a copy"
    return name, ""


def set_aside(key: str, raw: str) -> tuple[bool, str]:
    """Copy the unreadable value of ``key`` aside and clear ``key`` for a fresh start.

    Returns (moved, what happened, for the player). Not moved: the value stays under ``key``
    untouched, and the caller must not write over it.
    """
    older = len(aside_keys(key))
    name, why = copy_aside(key, raw)
    if name is None:
        return False, f"{why}, so {'this one' if older >= MAX_ASIDE else 'it'} stays where it is"
    remove(key)
    if older == len(aside_keys(key)):  # found among the copies
        return True, f"a copy is kept aside in this browser's storage under “{name}”"
    older_note = f"; {older} older unreadable cop{'y is' if older == 1 else 'ies are'} kept too" if older else ""
    return True, f"it is kept aside in this browser's storage under “{name}”{older_note}"


def set_entries_aside(key: str, found: Sifted[Any]) -> tuple[bool, str]:
    """Copy the entries of ``key``'s list that could not be read aside (``found.aside``), then
    store the others in its place (``found.kept``). Returns (moved, where they are or why they
    stay, for the player). Not moved: ``key`` is untouched, and the caller must not write over it.
    """
    before = aside_keys(key)
    name, why = copy_aside(key, found.aside)
    if name is None:
        return False, why
    if write(key, found.kept) is not None:
        if name not in before:
            remove(name)
        return False, "the browser's storage has no room to store the others without them"
    return True, f"under “{name}”"


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What a panel loaded from storage, and what to tell the player about it."""

    value: T
    problem: str = ""  # "" when it read; else the whole sentence for the player
    in_memory: bool = False  # the unreadable value stays where it is: this visit's saves stay in memory
    show: bool = False  # the panel opens to say it at once


def _entries(found: Sifted[Any], entry: str) -> str:
    """How many of the list's entries could not be read, and why the first: "1 of your 3 saved
    decks could not be read (saved deck 2 is not an object)"."""
    n = len(found.rejected)
    why = str(found.error).rstrip(".") if found.error is not None else "not valid"
    return f"{n} of your {found.total} {entry}s could not be read ({why})"


def load_for_panel(
    key: str,
    reader: Callable[[str | None], Sifted[T]],
    empty: T,
    *,
    what: str,
    entry: str,
    fresh: str,
    kept: str,
    storage: bool = True,
) -> Loaded[T]:
    """The one way a panel loads its saved list (decks, statistics, recent hands), never
    throwing. ``reader`` is the engine's, entry by entry (``opening_hand.share.stored``): an entry
    it cannot read is set aside in this browser's storage and the others load; a value it
    cannot read at all is set aside whole. ``what`` names the data for the player ("decks"),
    ``entry`` one entry ("saved deck"); ``fresh`` says what happens when the unreadable value
    could be set aside ("new saves start a new library") and ``kept`` when it stays where it
    is ("decks saved now are kept for this visit only"). ``storage``: say so when the browser
    keeps nothing at all."""
    try:
        if storage and not available():
            return Loaded(empty, f"This browser does not let the page keep {what} (storage is off).")
        raw = read(key)
        try:
            found = reader(raw)
        except RulesError as error:
            moved, happened = set_aside(key, raw or "")
            then = fresh if moved else kept
            problem = f"{str(error).rstrip('.')}. Nothing is deleted: {happened}"
            return Loaded(empty, f"Your saved {what} could not be read: {problem}; {then}.", not moved, True)
        if not found.rejected:
            return Loaded(found.value)
        moved, where = set_entries_aside(key, found)
    except Exception as error:  # never stops the page: the rest of it works without this data
        why = type(error).__name__
        return Loaded(
            empty, f"Your saved {what} could not be loaded ({why}); they are left as they are.", in_memory=True
        )
    one = len(found.rejected) == 1
    if moved:
        aside = f"{'it is' if one else 'they are'} set aside in this browser's storage {where}"
        return Loaded(found.value, f"{_entries(found, entry)}. Nothing is deleted: {aside}.", show=True)
    stays = f"{'it stays' if one else 'they stay'} where {'it is' if one else 'they are'}"
    problem = f"{_entries(found, entry)}. Nothing is deleted: {where}, so {stays}; {kept}."
    return Loaded(found.value, problem, in_memory=True, show=True)
