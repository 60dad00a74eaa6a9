"""Cards as the table draws them: a proxy face (frame tinted by colour, name, mana cost,
type line), a small name tag for the compact seat panels, and face-down backs.

Optional Scryfall images cover the proxy face; when one cannot load, the page's error
listener removes it and the proxy face shows. Card names reach the DOM only as text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from opening_hand.cards import Card, CardInfo, CardPool
from page.dom import Node, element, fragment
from page.texts import ordinal


class Images(Protocol):
    """Where a card's picture comes from (``page.services.images.CardImages``), if anywhere."""

    def url(self, name: str) -> str | None:
        """The image of the card named ``name``; None: draw the proxy face only."""


GLYPHS = (("Land", "▲"), ("Creature", "⚔"), ("Instant", "ϟ"), ("Sorcery", "✦"), ("Enchantment", "❂"),
          ("Artifact", "⚙"), ("Planeswalker", "✧"), ("Plane", "◎"), ("Phenomenon", "✺"), ("Scheme", "☠"),
          ("Conspiracy", "✉"))  # fmt: skip


def mana_class(symbol: str) -> str:
    """mana-font's class for a mana symbol: ``R`` -> ``r``, ``10`` -> ``10``, ``W/U`` -> ``wu``,
    ``2/W`` -> ``2w``, ``G/P`` -> ``gp``, ``X`` -> ``x``."""
    return "".join(ch for ch in symbol.lower() if ch.isalnum())


def type_glyph(type_line: str) -> str:
    return next((glyph for word, glyph in GLYPHS if word in type_line), "?")


def frame(info: CardInfo, land: bool) -> str:
    colours = info.colours
    return "land" if land else ("multi" if len(colours) > 1 else (colours or "colourless"))


def hooks(card: Card, info: CardInfo, seat: int, zone: str) -> dict[str, str]:
    """The test and script hooks every card carries."""
    return {"data_testid": "card", "data_card_name": info.name, "data_card_id": str(card.id),
            "data_zone": zone, "data_player": str(seat)}  # fmt: skip


@dataclass(frozen=True)
class Face:
    """What a face shows besides the card: how it may be clicked and its marks."""

    land: bool = False
    clickable: bool = False
    order: int = 0  # 1st, 2nd... among the chosen cards (0: not chosen)
    ordered: bool = True  # whether the choice has an order (bottom: yes; shuffle back: no)
    badges: tuple[str, ...] = ()  # "revealed", "luck counter"


def card_face(card: Card, seat: int, zone: str, face: Face, images: Images | None, pool: CardPool) -> Node:
    """A card's face, as ``pool`` (the game's card data) reads it."""
    info = pool.lookup(card.name)
    attrs = hooks(card, info, seat, zone)
    cls = f"card frame-{frame(info, face.land)}"
    if face.clickable:
        node = element("button", cls, type="button", aria_pressed="true" if face.order else "false", **attrs)
    else:
        node = element("div", cls, role="img", aria_label=info.name, **attrs)
    title = element("div", "card-title")
    title.append(element("span", "card-name", info.name))
    if info.mana_cost:  # read out as text; the symbols are drawn for the eye only
        title.append(element("span", "sr-only", f", mana cost {info.mana_cost}"))
        cost = element("span", "card-cost", aria_hidden="true")
        for number, half in enumerate(info.mana_cost.split(" // ")):  # a split card: both halves
            if number:
                cost.append(element("span", "cost-split", "//"))
            for symbol in re.findall(r"\{([^{}]+)\}", half):
                cost.append(element("i", f"ms ms-cost ms-{mana_class(symbol)}", data_symbol=symbol))
        title.append(cost)
    node.append(title)
    node.append(element("div", "card-art", type_glyph(info.type_line), aria_hidden="true"))
    type_line = info.type_line or ("Land (marked)" if face.land else "Card (type unknown)")
    node.append(element("div", "card-type", type_line))
    if images is not None and (url := images.url(info.name)):
        image = element("img", "card-image", alt="", loading="lazy", src=url)
        image.setAttribute("data-image-for", info.name)
        node.append(image)
    for badge in face.badges:
        node.append(element("span", "card-badge", badge))
    if face.order:
        node.append(
            element("span", "card-mark", ordinal(face.order) if face.ordered else "✓", data_testid="bottom-order")
        )
        node.append(element("span", "sr-only", f" chosen{f' {ordinal(face.order)}' if face.ordered else ''}"))
    return node


def mini(card: Card, seat: int, zone: str, land: bool, pool: CardPool) -> Node:
    """A card in a compact seat panel: its name on a strip of its frame colour."""
    info = pool.lookup(card.name)
    return element(
        "span", f"mini frame-{frame(info, land)}", info.name, title=info.name, **hooks(card, info, seat, zone)
    )


def backs(count: int) -> Node:
    """Face-down cards (an opponent's hand), drawn small and overlapping."""
    group = element("span", "backs", aria_hidden="true")
    cards = fragment()
    for _ in range(count):
        cards.append(element("span", "card-back", data_testid="card-back"))
    group.append(cards)
    return group
