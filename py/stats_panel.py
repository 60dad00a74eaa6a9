"""The practice statistics panel: records each practised game start in the browser's
storage and shows the figures for the deck being practised (this session and all).

The records and summaries are ``opening_hand.stats``; this module moves them between
``localStorage`` and the page. Writing them (5,000 records are about 300 kB of JSON) waits
until the browser is idle, so Keep never waits for it; leaving the page writes at once.
Statistics that cannot be read are kept aside (``saved_data``), never deleted.
"""

from __future__ import annotations

from typing import Any

import saved_data
from analysis_panel import bar_chart, node
from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from opening_hand.stats import (
    STORAGE_KEY,
    GameRecord,
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
        self.deck_records: list[GameRecord] = []  # its records (so Keep does not sift all 5,000)
        self.records: list[GameRecord] = []
        self.in_memory = False  # unreadable statistics left in place: this visit's are not written
        self.pending: Any = None  # the idle callback that will write the records
        try:
            self.records = self.read()
        except Exception as error:  # never stops the page
            self.in_memory = True
            self.tell(f"Your saved statistics could not be loaded ({type(error).__name__}); they are left as they are.")
        self.flush_proxy = create_proxy(lambda *_: self.flush())
        window.addEventListener("pagehide", self.flush_proxy)

    def read(self) -> list[GameRecord]:
        if not saved_data.available():
            self.tell("This browser does not let the page keep statistics (storage is off).")
            return []
        empty: list[GameRecord] = []
        records, problem, writable = saved_data.load(STORAGE_KEY, load_stats, empty)
        if problem:
            self.in_memory = not writable
            then = "new games start a new record" if writable else "this visit's games are not kept"
            self.tell(f"Your saved statistics could not be read: {problem}; {then}.")
            self.el["stats-message"].closest("details").open = True  # said where it shows at once
        return records

    def tell(self, text: str) -> None:
        self.el["stats-message"].textContent = text

    def add(self, record: GameRecord) -> None:
        oldest = self.records[0] if self.records else None
        self.records = add(self.records, record)
        if oldest is not None and self.records[0] is not oldest and self.deck_records[:1] == [oldest]:
            self.deck_records.pop(0)  # the oldest record gave way, and it was this deck's
        if record.deck == self.deck:
            self.deck_records.append(record)
        self.render()
        if self.pending is None and not self.in_memory:
            write = create_once_callable(lambda *_: self.flush())
            if hasattr(window, "requestIdleCallback"):
                self.pending = window.requestIdleCallback(
                    write, to_js({"timeout": 2000}, dict_converter=window.Object.fromEntries)
                )
            else:
                self.pending = window.setTimeout(write, 200)

    def flush(self) -> None:
        """Write the records now (when idle after a game, and when the page is left)."""
        if self.pending is None or self.in_memory:
            return
        self.pending = None
        problem = saved_data.write(STORAGE_KEY, dump_stats(self.records))
        if problem is not None:
            self.tell(f"The statistics could not be saved: {problem}. They hold for this visit.")

    def show_deck(self, deck: str) -> None:
        self.deck = deck
        self.deck_records = [r for r in self.records if r.deck == deck]
        self.render()

    def render(self) -> None:
        body = document.createDocumentFragment()
        summaries = (("This session", summarize(self.deck_records, self.deck, self.session)),
                     ("All sessions", summarize(self.deck_records, self.deck)))  # fmt: skip
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
        self.records, self.deck_records = [], []
        if not self.in_memory:
            saved_data.remove(STORAGE_KEY)
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
