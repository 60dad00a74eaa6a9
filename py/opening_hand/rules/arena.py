"""MTG Arena's best-of-one hand smoothing, as a public model of it (not Wizards' code).

Wizards has said only that Arena's best-of-one shuffler "looks at multiple opening hands and
leans toward the land-to-spell ratio" of the deck. The best public model (Tim Lewis, December
2024, fitted to more than 3 million games of 17lands data): Arena shuffles the deck into
``candidates`` (3) orders, and keeps one at random, each with a chance proportional to

    w(l) = 4 ** -(|l - h·L/N| ** 2.5)

where ``l`` is the lands among that order's top ``h`` cards (the hand, 7), ``L`` the lands in
the deck and ``N`` its size. It applies to the opening seven and to every mulligan's seven; it
does not smooth colours or later draws. The 2018 version drew 2 candidates. A 2026 study of
4,844 hands (avenger.games) fits 3 candidates with Gaussian weights,
w(l) = exp(-(l - h·L/N)² / (2σ²)), σ = 0.5626, about as well. :data:`MODELS` holds the three.

Only the land count of a candidate decides its weight, so given the land count it keeps,
the hand is uniform among hands with that many lands, and the library below it is a uniform
order of the rest. That is why the exact figures are small sums: the chance of a smoothed
hand with ``l`` lands (:meth:`Smoothing.land_distribution`) sums over the candidates' land
counts only, and any finer question (key cards, spells) scales the plain hypergeometric
chance of a hand by ``smoothed(l) / plain(l)`` (:meth:`Smoothing.reweighting`).

>>> [f"{p:.4f}" for p in TIM_LEWIS_2024.land_distribution(17, 40)[1:6]]
['0.0054', '0.2331', '0.5634', '0.1945', '0.0037']
>>> f"{sum(TIM_LEWIS_2024.land_distribution(17, 40)[2:5]):.3f}"  # P(2–4 lands): 79.5 % unsmoothed
'0.991'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from math import comb
from typing import Generic, Literal, TypeVar

T = TypeVar("T")
HAND = 7
SOURCE = "Arena model: "  # how the log cites a model (rule_index lists them)


@dataclass(frozen=True, slots=True)
class Smoothing:
    """One model of Arena's best-of-one hands: how many candidate orders, and how each is weighed."""

    key: str
    name: str
    candidates: int
    weight: Literal["power", "gaussian"]
    source: str  # the citation: who published the model, from what
    base: float = 4.0  # "power": w = base ** -(|d| ** exponent)
    exponent: float = 2.5
    sigma: float = 0.5626  # "gaussian": w = exp(-d² / (2 σ²))

    def target(self, deck_lands: int, deck_size: int, hand: int = HAND) -> float:
        """The lands a hand of ``hand`` cards holds on average: ``hand · L / N``."""
        return hand * deck_lands / deck_size if deck_size else 0.0

    def weight_of(self, lands: int, target: float) -> float:
        """A candidate's weight: how close its land count is to the deck's ratio.

        >>> TIM_LEWIS_2024.weight_of(3, 3.0), f"{TIM_LEWIS_2024.weight_of(2, 3.0):.4f}"
        (1.0, '0.2500')
        """
        distance = abs(lands - target)
        if self.weight == "gaussian":
            return math.exp(-(distance * distance) / (2 * self.sigma * self.sigma))
        return float(self.base ** -(distance**self.exponent))

    def formula(self, target: float) -> str:
        """The weight as the log writes it, around ``target`` lands.

        >>> TIM_LEWIS_2024.formula(2.8), GAUSSIAN_2026.formula(2.975)
        ('4^−|l − 2.8|^2.5', 'exp(−(l − 2.98)² / (2 · 0.5626²))')
        """
        t = f"{target:.2f}".rstrip("0").rstrip(".")
        if self.weight == "gaussian":
            return f"exp(−(l − {t})² / (2 · {self.sigma}²))"
        return f"{self.base:g}^−|l − {t}|^{self.exponent:g}"

    def pick(self, lands: Sequence[int], target: float, rng: random.Random) -> tuple[int, tuple[float, ...]]:
        """The candidate kept (its index), each with a chance proportional to its weight; and the weights."""
        weights = tuple(self.weight_of(n, target) for n in lands)
        point = rng.random() * math.fsum(weights)
        for index, weight in enumerate(weights):
            point -= weight
            if point < 0:
                return index, weights
        return len(weights) - 1, weights  # rounding: the last one

    def land_distribution(self, deck_lands: int, deck_size: int, hand: int = HAND) -> tuple[float, ...]:
        """P(the smoothed hand holds ``l`` lands), ``l`` = 0..hand: the exact sum over the
        candidates' land counts (see :func:`smoothed_lands`)."""
        return smoothed_lands(self, deck_lands, deck_size, hand)

    def reweighting(self, deck_lands: int, deck_size: int, hand: int = HAND) -> tuple[float, ...]:
        """``smoothed(l) / plain(l)`` for each land count ``l``: what a plain (hypergeometric)
        chance of a hand with ``l`` lands is multiplied by under this model (0 where no hand
        has ``l`` lands)."""
        plain = plain_lands(deck_lands, deck_size, hand)
        smoothed = self.land_distribution(deck_lands, deck_size, hand)
        return tuple(s / p if p else 0.0 for s, p in zip(smoothed, plain, strict=True))


def plain_lands(deck_lands: int, deck_size: int, hand: int = HAND) -> tuple[float, ...]:
    """P(``l`` lands in ``hand`` cards) from a shuffled deck, l = 0..hand (hypergeometric)."""
    total = comb(deck_size, hand)
    if not total:
        return tuple(0.0 for _ in range(hand + 1))
    return tuple(comb(deck_lands, n) * comb(deck_size - deck_lands, hand - n) / total for n in range(hand + 1))


@lru_cache(maxsize=64)  # bounded: one per model and deck seen lately
def smoothed_lands(model: Smoothing, deck_lands: int, deck_size: int, hand: int = HAND) -> tuple[float, ...]:
    """P(l lands in the hand kept) = Σ over the candidates' land counts (l1, …, lk), each
    with its plain chance, of the chance the candidate kept has ``l``: the candidates with
    ``l`` lands weigh w(l) out of Σ w(lj). For 3 candidates and 8 land counts, 512 terms."""
    plain = plain_lands(deck_lands, deck_size, hand)
    target = model.target(deck_lands, deck_size, hand)
    weight = [model.weight_of(n, target) for n in range(hand + 1)]
    counts = [n for n, p in enumerate(plain) if p]
    terms: list[list[float]] = [[] for _ in range(hand + 1)]
    for lands in product(counts, repeat=model.candidates):
        chance = math.prod(plain[n] for n in lands)
        total = math.fsum(weight[n] for n in lands)
        for n in set(lands):
            terms[n].append(chance * lands.count(n) * weight[n] / total)
    return tuple(math.fsum(t) for t in terms)


@dataclass(frozen=True, slots=True)
class Dealt(Generic[T]):
    """What one smoothed deal did: the order kept, and every candidate's land count and weight."""

    order: tuple[T, ...]
    lands: tuple[int, ...]
    weights: tuple[float, ...]
    picked: int
    hands: tuple[tuple[T, ...], ...]  # each candidate's top cards


def deal(
    cards: Sequence[T],
    is_land: Callable[[T], bool],
    hand: int,
    model: Smoothing,
    shuffled: Callable[[int], random.Random],
    picker: random.Random,
) -> Dealt[T]:
    """Smooth one hand: ``cards`` (a library already shuffled, in order) is the first
    candidate; each other candidate ``i`` is the same cards shuffled by ``shuffled(i)``; one
    is kept by ``picker`` as :meth:`Smoothing.pick` says. Returns the order kept (``order``:
    its top ``hand`` cards are the hand) with what happened, for the log. The engine deals every
    smoothed hand through this function."""
    orders: list[tuple[T, ...]] = [tuple(cards)]
    for index in range(1, model.candidates):
        order = list(cards)
        shuffled(index).shuffle(order)
        orders.append(tuple(order))
    lands = tuple(sum(1 for card in order[:hand] if is_land(card)) for order in orders)
    land_count = sum(1 for card in cards if is_land(card))
    picked, weights = model.pick(lands, model.target(land_count, len(cards), hand), picker)
    hands = tuple(tuple(order[:hand]) for order in orders)
    return Dealt(orders[picked], lands, weights, picked, hands)


TIM_LEWIS_2024 = Smoothing(
    "arena-bo1", "3 candidates, w = 4^−|l − 7L/N|^2.5", 3, "power", SOURCE + "Tim Lewis, Dec 2024 (17lands data)"
)
ARENA_2018 = Smoothing(
    "arena-bo1-2018", "2 candidates (2018)", 2, "power", SOURCE + "Tim Lewis, Dec 2024 (the 2018 version)"
)
GAUSSIAN_2026 = Smoothing(
    "arena-bo1-gaussian", "3 candidates, Gaussian σ = 0.5626", 3, "gaussian", SOURCE + "avenger.games, 2026 (Gaussian)"
)
MODELS = {m.key: m for m in (TIM_LEWIS_2024, ARENA_2018, GAUSSIAN_2026)}
NOTE = (
    "Arena best-of-one hands follow a public model of Arena's behaviour (Tim Lewis's December 2024 fit "
    "to 17lands data; the Gaussian variant from avenger.games, 2026), not Wizards' code."
)
