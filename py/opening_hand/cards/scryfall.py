"""Scryfall's card objects (https://scryfall.com/docs/api/cards) as card database rows.

The one definition of the conversion: ``scripts/build/cards.py`` uses it to build the database
from the bulk file, and the page uses it for the cards newer than its database, which it
looks up through Scryfall's ``/cards/collection`` (``py/page/services/scryfall_lookup.py``). The row
format is in ``docs/card-data.md``. Anything that is not a card object of the expected
shape gives ``None`` or empty fields, never an exception: the page feeds it fetched data.

>>> card_row({"name": "Lightning Bolt", "mana_cost": "{R}", "cmc": 1.0, "type_line": "Instant",
...           "colors": ["R"], "color_identity": ["R"], "layout": "normal",
...           "legalities": {"modern": "legal", "standard": "not_legal"}})
'Lightning Bolt\\t{R}\\t1\\tInstant\\tR\\tR\\t--L------\\t'
>>> card_row({"name": "Soldier", "layout": "token"}) is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from opening_hand.cards.mana import encode
from opening_hand.cards.manatext import read_card

# The formats whose legality each row carries, one letter each, in this order (named in the header).
FORMATS = ("standard", "pioneer", "modern", "legacy", "vintage", "pauper", "commander", "standardbrawl", "brawl")
LEGALITY = {"legal": "L", "restricted": "R", "banned": "B"}
COLOURS = "WUBRG"
LEFT_OUT_LAYOUTS = ("token", "double_faced_token", "emblem", "art_series")
LINE_BREAK = re.compile("[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")  # what str.splitlines splits at


def as_field(value: object) -> str:
    """A value as one field: no tab or line break (any that str.splitlines knows) may split the row."""
    return LINE_BREAK.sub(" ", value.replace("\t", " ")) if isinstance(value, str) else ""


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _faces(card: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    faces = card.get("card_faces")
    return [face for face in faces if isinstance(face, Mapping)] if isinstance(faces, list) else []


def _joined(card: Mapping[str, Any], key: str) -> str:
    """The card's own value, else its faces' joined by ' // ' ('' when no face has one)."""
    own = card.get(key)
    if isinstance(own, str):
        return own
    parts = [_text(face.get(key)) for face in _faces(card)]
    return " // ".join(parts) if any(parts) else ""


def _letters(colours: object) -> str:
    """Scryfall's colour list as WUBRG letters in WUBRG order ('' for colourless)."""
    found = {c for c in colours if isinstance(c, str)} if isinstance(colours, list) else set()
    return "".join(c for c in COLOURS if c in found)


def _mana_value(card: Mapping[str, Any]) -> str:
    """cmc as written in the row: 3.0 -> '3', 0.5 -> '0.5' (a reversible card has it on its faces)."""
    value = card.get("cmc")
    if value is None and _faces(card):
        value = _faces(card)[0].get("cmc")
    try:
        number = float(value if value is not None else 0)
    except (TypeError, ValueError, OverflowError):
        return "0"
    return str(int(number)) if number.is_integer() else repr(number)


def left_out(card: object) -> str | None:
    """Why a bulk-file entry is not a card for a deck (a token, an emblem, a checklist...), or None."""
    if not isinstance(card, Mapping) or card.get("object", "card") != "card":
        return "not a card"
    if not isinstance(card.get("name"), str) or not card["name"].strip():
        return "not a card"
    layout = card.get("layout")
    if layout in LEFT_OUT_LAYOUTS:
        return str(layout)
    type_line = _joined(card, "type_line")
    if type_line == "Card":
        return "checklist"
    if type_line.startswith("Dungeon"):
        return "dungeon"
    if type_line.startswith("Stickers"):
        return "stickers"
    return None


def card_row(card: object) -> str | None:
    """The card's line in cards-<hash>.txt.gz (eight tab-separated fields), or None when left out."""
    if not isinstance(card, Mapping) or left_out(card) is not None:
        return None
    faces = _faces(card)
    colours = card["colors"] if "colors" in card else (faces[0].get("colors") if faces else [])
    legalities = card.get("legalities")
    legal = legalities if isinstance(legalities, Mapping) else {}
    extra = [f"{key}={as_field(card[source])}" for key, source in (("hand", "hand_modifier"), ("life", "life_modifier"))
             if isinstance(card.get(source), str)]  # fmt: skip
    layout = card.get("layout")
    if isinstance(layout, str) and layout != "normal":
        extra.append(f"layout={as_field(layout)}")
    if letters := produces(card, _joined(card, "type_line")):
        extra.append(f"produces={letters}")
    if (facts := read_card(card)) is not None:  # how it enters, what it adds or finds (docs/card-data.md)
        extra.extend(encode(facts))
    fields = (
        as_field(card["name"]),
        as_field(_joined(card, "mana_cost")),
        _mana_value(card),
        as_field(_joined(card, "type_line")),
        _letters(colours),
        _letters(card.get("color_identity")),
        "".join(LEGALITY.get(value, "-") if isinstance(value := legal.get(name), str) else "-" for name in FORMATS),
        ";".join(extra),
    )
    return "\t".join(fields)


PRODUCED = "WUBRGC"  # the letters of a produces= pair, in this order


def produces(card: Mapping[str, Any], type_line: str) -> str:
    """A land's ``produces=`` letters: Scryfall's ``produced_mana`` (the colours of mana the
    card could produce, ``C`` for colourless; docs/card-data.md) in WUBRGC order, for a card
    with a land on any face (``type_line``, the faces' joined by ' // '). ``""`` for other
    cards, and when the field is missing (a fetch land produces no mana itself) or holds
    none of those letters (the Unfinity oddities "T" and "2")."""
    mana = card.get("produced_mana")
    if not isinstance(mana, list) or not any("Land" in face.split("—")[0].split() for face in type_line.split(" // ")):
        return ""
    found = {m for m in mana if isinstance(m, str)}
    return "".join(c for c in PRODUCED if c in found)


IMAGE_BASE = "https://cards.scryfall.io/normal/"  # Scryfall's image host (no rate limit) and the size shown
# What may follow IMAGE_BASE: a face, two folders named by the id's first two digits, the id, a version.
IMAGE_PATH = re.compile(
    r"(?:front|back)/([0-9a-f])/([0-9a-f])/\1\2[0-9a-f]{6}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"\.jpg(?:\?[0-9]{1,12})?"
)


def image_path(card: object) -> str:
    """The card's image on ``cards.scryfall.io``, less :data:`IMAGE_BASE`: the ``normal`` size of
    its ``image_uris`` (the front face's for a double-faced card); "" when there is none, or when
    it is not such an address (nothing else is ever shown as an image).

    >>> image_path({"image_uris": {"normal": IMAGE_BASE + "front/6/d/6d5537da-112e-4d3c-b5e0-a4e7e0f3ddd3.jpg?16"}})
    'front/6/d/6d5537da-112e-4d3c-b5e0-a4e7e0f3ddd3.jpg?16'
    >>> image_path({"image_uris": {"normal": "https://evil.example/front/6/d/x.jpg"}}), image_path("card")
    ('', '')
    """
    if not isinstance(card, Mapping):
        return ""
    uris = card.get("image_uris")
    if not isinstance(uris, Mapping):
        faces = _faces(card)
        uris = faces[0].get("image_uris") if faces else None
    url = uris.get("normal") if isinstance(uris, Mapping) else None
    if not isinstance(url, str) or not url.startswith(IMAGE_BASE):
        return ""
    path = url[len(IMAGE_BASE) :]
    return path if IMAGE_PATH.fullmatch(path) else ""


def _escape(text: str) -> str:
    r"""Oracle text on one line: '\' written '\\', a line break '\n', a tab a space."""
    text = text.replace("\\", "\\\\").replace("\t", " ").replace("\r\n", "\n")
    return LINE_BREAK.sub(r"\\n", text)


def text_row(card: Mapping[str, Any]) -> str:
    r"""The card's line in text-<hash>.txt.gz: name, tab, oracle text (faces joined by '\n//\n')."""
    faces = _faces(card)
    text = "\n//\n".join(_text(face.get("oracle_text")) for face in faces) if faces else _text(card.get("oracle_text"))
    return as_field(card["name"]) + "\t" + _escape(text)
