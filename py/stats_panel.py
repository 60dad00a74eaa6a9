"""The practice statistics panel: records each practised game start in the browser's
storage and shows the figures for the deck being practised (this session and all).

The records and summaries are ``opening_hand.stats``; this module moves them between
``localStorage`` and the page.
"""

from __future__ import annotations

import contextlib
from typing import Any

from analysis_panel import bar_chart, node
from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from opening_hand.stats import (
    STORAGE_KEY,
    GameRecord,
    StatsError,
    Summary,
    add,
    dump_stats,
    load_stats,
    summarize,
    to_csv,
)

Node = Any


def describe_sizes(summary: Summary) -> str:
    return ", ".join(f"{size} cards: {n}" for size, n in summary.keeps_by_size.items()) or "—"


class StatsPanel:
    def __init__(self) -> None:
        self.el = {name: document.getElementById(name) for name in ("stats-body", "stats-chart", "stats-message")}
        self.session = str(int(window.Date.now()))
        self.deck = ""  # deck_key of the deck last dealt
        self.records: list[GameRecord] = []
        try:
            raw = window.localStorage.getItem(STORAGE_KEY)
            self.records = load_stats(str(raw) if raw else None)
        except StatsError as error:
            self.tell(f"Your saved statistics could not be read ({error}); new games start a new record.")
        except Exception:
            self.tell("This browser does not let the page keep statistics (storage is off).")

    def tell(self, text: str) -> None:
        self.el["stats-message"].textContent = text

    def add(self, record: GameRecord) -> None:
        self.records = add(self.records, record)
        with contextlib.suppress(Exception):  # storage full or off: the figures hold for this visit
            window.localStorage.setItem(STORAGE_KEY, dump_stats(self.records))
        self.render()

    def show_deck(self, deck: str) -> None:
        self.deck = deck
        self.render()

    def render(self) -> None:
        body = document.createDocumentFragment()
        summaries = (("This session", summarize(self.records, self.deck, self.session)),
                     ("All sessions", summarize(self.records, self.deck)))  # fmt: skip
        for label, s in summaries:
            row = node("tr")
            row.append(node("th", label, scope="row"))
            decide = f"{s.median_decide_ms / 1000:.1f} s" if s.median_decide_ms is not None else "—"
            for text in (str(s.games), str(s.hands_seen), describe_sizes(s), f"{s.mulligans_per_game:.2f}", decide):
                row.append(node("td", text))
            body.append(row)
        self.el["stats-body"].replaceChildren(body)
        overall = summaries[1][1]
        if overall.games:
            lands = list(range(max(overall.lands_kept) + 1))
            values = [overall.lands_kept.get(n, 0) / overall.games for n in lands]
            chart = bar_chart("Lands in kept hands (all sessions)", [str(n) for n in lands], [("", values)],
                              "stats-lands-chart")  # fmt: skip
            self.el["stats-chart"].replaceChildren(node("h3", "Lands in kept hands"), chart)
        else:
            self.el["stats-chart"].replaceChildren()

    def reset(self) -> None:
        self.records = []
        with contextlib.suppress(Exception):
            window.localStorage.removeItem(STORAGE_KEY)
        self.tell("Statistics reset.")
        self.render()

    def export_csv(self) -> None:
        options = to_js({"type": "text/csv"}, dict_converter=window.Object.fromEntries)
        blob = window.Blob.new(to_js([to_csv(self.records)]), options)
        url = window.URL.createObjectURL(blob)
        link = node("a", href=url, download="opening-hand-statistics.csv")
        document.body.append(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
        self.tell(f"Exported {len(self.records)} games.")
