"""Stored lists read entry by entry. The player's saved decks, games and recent hands are
lists kept in the browser's storage; one entry that cannot be read (damaged, written by
another version, or by another page of the same origin) must not cost the others.

:func:`sift` reads each entry with the list's own reader and keeps those that read; the
others come back as they were stored, with why the first could not be read. The list's
loader then adds, with :func:`sifted`, the two texts the page stores: the rejected entries
on their own (to set aside, never deleted) and the readable ones (to store in their place).

>>> def number(value: object, index: int) -> int:
...     if not isinstance(value, int):
...         raise RulesError(f"entry {index} is not a number")
...     return value
>>> found = sift([1, "x", 3], number)
>>> found.value, found.rejected, str(found.error), found.total
([1, 3], ('x',), 'entry 2 is not a number', 3)
>>> stored = sifted(sum(found.value), found, {"app": "demo", "items": [1, "x", 3]}, "items", str)
>>> stored.aside, stored.kept
('{"app":"demo","items":["x"]}', '4')
>>> sift([1, 2], number).whole()
[1, 2]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from opening_hand.errors import RulesError

T = TypeVar("T")
U = TypeVar("U")


@dataclass(frozen=True, slots=True)
class Sifted(Generic[T]):
    """What a stored list's loader made of it: ``value`` from the entries that read; the
    ``rejected`` entries as stored, with ``error`` for the first; ``total`` entries in all.
    When some were rejected, ``aside`` is them alone in the list's stored form and ``kept``
    the readable ones stored again (both "" otherwise)."""

    value: T
    rejected: tuple[Any, ...] = ()
    error: RulesError | None = None
    total: int = 0
    aside: str = ""
    kept: str = ""

    def whole(self) -> T:
        """The value when every entry read, else the first entry's error (a file the player
        imports is taken whole or refused)."""
        if self.error is not None:
            raise self.error
        return self.value


def sift(entries: Iterable[Any], read: Callable[[Any, int], T]) -> Sifted[list[T]]:
    """Each entry through ``read(entry, its 1-based number)``: the ones that read, in order,
    and the ones whose ``read`` raised a :class:`RulesError`, as they were."""
    value: list[T] = []
    rejected: list[Any] = []
    first: RulesError | None = None
    total = 0
    for total, entry in enumerate(entries, start=1):
        try:
            value.append(read(entry, total))
        except RulesError as error:
            rejected.append(entry)
            first = first or error
    return Sifted(value, tuple(rejected), first, total)


def sifted(value: U, found: Sifted[Any], stored: dict[str, Any], field: str, dump: Callable[[U], str]) -> Sifted[U]:
    """``value``, made of ``found``'s entries, with the texts to store when some entries were
    rejected: ``stored`` (the value as read) with its list ``field`` holding only those, and
    ``dump(value)``."""
    if not found.rejected:
        return Sifted(value, total=found.total)
    aside = json.dumps({**stored, field: list(found.rejected)}, ensure_ascii=False, separators=(",", ":"))
    return Sifted(value, found.rejected, found.error, found.total, aside, dump(value))
