"""What the player saved in this browser's storage (decks, statistics): read and written
without ever throwing, and never deleted because it could not be read.

A value that cannot be read (written by another version, damaged, or not ours) is copied
aside under ``<key>.unreadable.<time>`` before a fresh one replaces it: at most
:data:`MAX_ASIDE` copies per key. When they are all taken, or the storage has no room for
the copy, the value stays where it is and the panel keeps what is saved during this visit
in memory only, saying so. Nothing here decides what a value means: the engine's readers do.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from pyscript import window

from opening_hand import RulesError

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


def set_aside(key: str, raw: str) -> tuple[bool, str]:
    """Copy the unreadable value of ``key`` aside and clear ``key`` for a fresh start.

    Returns (moved, what happened, for the player). Not moved: the value stays under ``key``
    untouched, and the caller must not write over it.
    """
    kept = aside_keys(key)
    if any(read(name) == raw for name in kept):  # this very value is kept already
        remove(key)
        return True, f"a copy is kept aside in this browser's storage under “{key}.unreadable…”"
    if len(kept) >= MAX_ASIDE:
        return False, (
            f"{MAX_ASIDE} unreadable copies are already kept aside (the oldest from {when(kept[0])}, "
            f"under “{kept[0]}”), so this one stays where it is"
        )
    name = f"{key}.unreadable.{int(window.Date.now())}"
    if write(name, raw) is not None:
        remove(name)
        return False, "the browser's storage has no room for a copy, so it stays where it is"
    remove(key)
    older = f"; {len(kept)} older unreadable cop{'y is' if len(kept) == 1 else 'ies are'} kept too" if kept else ""
    return True, f"it is kept aside in this browser's storage under “{name}”{older}"


def load(key: str, reader: Callable[[str | None], T], empty: T) -> tuple[T, str | None, bool]:
    """What ``reader`` (an engine reader raising a RulesError) makes of the value under ``key``:
    (the value, None, True) when it reads, or (``empty``, what happened for the player, whether
    the panel may write a fresh value) when it does not, the unreadable value set aside first.
    """
    raw = read(key)
    try:
        return reader(raw), None, True
    except RulesError as error:
        moved, what = set_aside(key, raw or "")
        return empty, f"{str(error).rstrip('.')}. Nothing is deleted: {what}", moved


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What a panel loaded from storage, and what to tell the player about it."""

    value: T
    problem: str = ""  # "" when it read; else the whole sentence for the player
    in_memory: bool = False  # the unreadable value stays where it is: this visit's saves stay in memory
    show: bool = False  # the panel opens to say it at once


def load_for_panel(
    key: str, reader: Callable[[str | None], T], empty: T, *, what: str, fresh: str, kept: str, storage: bool = True
) -> Loaded[T]:
    """The one way a panel loads its saved data (decks, statistics, recent hands): through
    :func:`load`, never throwing. ``what`` names the data for the player ("decks"); ``fresh``
    says what happens when the unreadable value could be set aside ("new saves start a new
    library") and ``kept`` when it stays where it is ("decks saved now are kept for this visit
    only"). ``storage``: say so when the browser keeps nothing at all."""
    try:
        if storage and not available():
            return Loaded(empty, f"This browser does not let the page keep {what} (storage is off).")
        value, problem, writable = load(key, reader, empty)
    except Exception as error:  # never stops the page: the rest of it works without this data
        why = type(error).__name__
        return Loaded(
            empty, f"Your saved {what} could not be loaded ({why}); they are left as they are.", in_memory=True
        )
    if problem is None:
        return Loaded(value)
    then = fresh if writable else kept
    return Loaded(empty, f"Your saved {what} could not be read: {problem}; {then}.", in_memory=not writable, show=True)
