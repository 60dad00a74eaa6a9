"""One guarded reader for every JSON the page did not just write itself (share links, the
saved library and statistics, imported files, kept card lookups, the card data index),
and the text clean-up every field needs.

``json.loads`` recurses once per level of nesting. In CPython a deep input ends in a
``RecursionError``; in Pyodide the WebAssembly stack overflows first and the whole
interpreter dies ("Pyodide has suffered a fatal error"), so ten thousand ``[`` in a link or
in stored data would stop the page on every visit. :func:`read_json` therefore checks the
size and the nesting depth with one linear scan *before* parsing, and never lets
``json.loads`` see anything deeper than :data:`MAX_DEPTH`.

Text from the browser may hold lone surrogates (half of a UTF-16 pair: a JavaScript
string can, and JSON's ``"\\ud800"`` decodes to one); they cannot be encoded as UTF-8, so
hashing, compressing or XML-parsing such text raises. :func:`clean_text` replaces each with
U+FFFD (shown as �), and :func:`read_json` does so in every string and key it returns.

>>> read_json('{"a": [1, 2, "x"]}', "the test")
{'a': [1, 2, 'x']}
>>> read_json("[" * 10_000, "the link")
Traceback (most recent call last):
...
opening_hand.share.guarded.UntrustedInputError: the link is nested more deeply than Opening Hand ever writes
>>> clean_text("Island\\ud800") == "Island\\ufffd"
True
"""

from __future__ import annotations

import json
import re
from typing import Any

from opening_hand.errors import RulesError

MAX_DEPTH = 32  # the deepest JSON Opening Hand writes is 4 levels
MAX_CHARS = 5_000_000  # about what localStorage holds

_SURROGATE = re.compile("[\ud800-\udfff]")
# A JSON string as json's scanner reads one; an unterminated one runs to the end of the text
# (json fails there, never looking past it). Every match attempt from a quote succeeds at once,
# without backtracking, so the scan is linear: with only a closing quote allowed, text such as
# '"' + '\\"' * n made each of its n quotes scan to the end and fail (quadratic: 20,000 pairs,
# a 90-character link once compressed, froze the page for 18 s).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\\?\Z)', re.DOTALL)
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


class UntrustedInputError(RulesError):
    """Text that claims to be JSON but is too large, too deep, not JSON, or not a value."""


def clean_text(text: str) -> str:
    """``text`` with every lone surrogate replaced by U+FFFD, so it can always be encoded.

    >>> clean_text("fine"), clean_text("\\udfff\\ud83d")
    ('fine', '\\ufffd\\ufffd')
    """
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def depth(text: str) -> int:
    """The deepest nesting of ``[`` and ``{`` outside JSON strings, in one linear pass.

    An unterminated string runs to the end of the text, as ``json.loads`` reads it before it
    fails there: the result is never below the depth ``json.loads`` would reach.

    >>> depth('[[{"a": "[[[["}]]'), depth("[]" * 1000), depth("{" * 50), depth('[["' + "[" * 50)
    (3, 1, 50, 2)
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    level = deepest = 0
    for ch in brackets:
        if ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif level:
            level -= 1
    return deepest


def _cleaned(value: Any) -> Any:
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list):
        return [_cleaned(v) for v in value]
    if isinstance(value, dict):
        return {clean_text(k): _cleaned(v) for k, v in value.items()}
    return value


def read_json(text: str | bytes, what: str, *, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """The value in ``text``, read only if it is at most ``max_chars`` long and nested at most
    ``max_depth`` deep; strings come back with lone surrogates replaced (see :func:`clean_text`).

    ``what`` names the input in the message of the :class:`UntrustedInputError` raised
    otherwise ("the link", "the saved library" ...).
    """
    if isinstance(text, bytes):
        if len(text) > max_chars * 4:
            raise UntrustedInputError(f"{what} is larger than Opening Hand ever writes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise UntrustedInputError(f"{what} is not valid text (UTF-8)") from None
    if len(text) > max_chars:
        raise UntrustedInputError(f"{what} is larger than Opening Hand ever writes ({len(text):,} characters)")
    if depth(text) > max_depth:
        raise UntrustedInputError(f"{what} is nested more deeply than Opening Hand ever writes")
    try:
        value = json.loads(text)
    except RecursionError:  # not reachable under MAX_DEPTH; kept for a caller's larger limit
        raise UntrustedInputError(f"{what} is nested more deeply than Opening Hand ever writes") from None
    except ValueError as error:  # JSONDecodeError, and numbers over Python's 4,300 digits
        raise UntrustedInputError(f"{what} is not valid JSON ({str(error)[:80]})") from None
    if _SURROGATE.search(text) or _ESCAPED_SURROGATE.search(text):
        return _cleaned(value)
    return value
