"""The practice statistics panel: records each practised game start in the browser's
storage and shows the figures for the deck being practised (this session, all sessions, on
the play and on the draw), and the list of recent hands (``recent_hands``).

The records and summaries are ``opening_hand.trainer.stats`` (the recent hands ``opening_hand.trainer.recent``);
this module moves them between ``localStorage`` and the page. Writing them (5,000 records are
about 300 kB of JSON) waits until the browser is idle, so Keep never waits for it; leaving the
page writes at once.
Statistics that cannot be read are kept aside (``saved_data``), never deleted.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from opening_hand.share.share_link import Setup
from opening_hand.trainer.recent import RECENT_KEY, RecentHand, export_json, recent_hand
from opening_hand.trainer.stats import (
    STORAGE_KEY,
    PracticeRecord,
    Summary,
    add,
    dump_stats,
    load_stats,
    summarize,
    to_csv,
)
from page.dom import download
from page.panels.charts import bar_chart, node
from page.panels.recent_hands import RecentHands
from page.services import saved_data
from page.services.events import when_idle
from page.table.board import Board

COLUMNS = ("This session", "All", "On the play", "On the draw")


def describe_sizes(summary: Summary) -> str:
    return "\n".join(f"{size}: {n}" for size, n in summary.keeps_by_size.items()) or "—"


def figures(s: Summary) -> list[tuple[str, str]]:
    """The rows of the table: (figure, its value for one column)."""
    decide = f"{s.median_decide_ms / 1000:.1f} s" if s.median_decide_ms is not None else "—"
    lands = f"{s.mean_lands_kept:.1f}" if s.mean_lands_kept is not None else "—"
    per_game = f"{s.mulligans_per_game:.2f}" if s.games else "—"
    return [("Games", str(s.games)), ("Hands seen", str(s.hands_seen)),
            ("Keeps (cards: games)", describe_sizes(s)), ("Mulligans per game", per_game),
            ("Lands in kept hands (mean)", lands), ("Median time to decide", decide)]  # fmt: skip


class StatsPanel:
    def __init__(self) -> None:
        self.el = {name: document.getElementById(name) for name in ("stats-body", "stats-chart", "stats-message")}
        self.session = str(int(window.Date.now()))
        self.deck = ""  # deck_key of the deck last dealt
        self.deck_records: list[PracticeRecord] = []  # its records (so Keep does not sift all 5,000)
        self.pending: Any = None  # the idle callback that will write the records
        self.recent = RecentHands()
        empty: list[PracticeRecord] = []
        loaded = saved_data.load_for_panel(
            STORAGE_KEY, load_stats, empty, what="statistics", entry="saved game",
            fresh="new games start a new record", kept="this visit's games are not kept",
        )  # fmt: skip
        self.records = loaded.value
        self.in_memory = loaded.in_memory  # unreadable statistics left in place: this visit's are not written
        problem = self.recent.read()
        self.tell(" ".join(p for p in (loaded.problem, problem) if p))
        if loaded.show or problem:
            self.el["stats-message"].closest("details").open = True  # said where it shows at once
        self.flush_proxy = create_proxy(lambda *_: self.flush())
        window.addEventListener("pagehide", self.flush_proxy)

    def tell(self, text: str) -> None:
        self.el["stats-message"].textContent = text

    def record(self, board: Board, *, deck: str, name: str, setup: Setup | None) -> None:
        """Seat 1's game start, once per game, when the person at the keyboard plays seat 1:
        its record, and its entry in the recent hands (with the link back to its Keep)."""
        state = board.state
        if state is None or 1 not in board.users:
            return
        player, at = state.player(1), int(window.Date.now())
        recent = recent_hand(state, board.undo_stack, board.actions, deck=deck, name=name, at=at, setup=setup)
        self.add(PracticeRecord(deck=deck, session=self.session, at=at, hands_seen=player.mulligans + 1,
                                mulligans=player.mulligans, kept_size=len(player.hand),
                                lands_kept=player.lands_in_hand(), decide_ms=tuple(board.decide_ms),
                                on_play=recent.on_play), recent)  # fmt: skip

    def add(self, record: PracticeRecord, recent: RecentHand | None = None) -> None:
        if recent is not None:
            self.recent.add(recent)
        oldest = self.records[0] if self.records else None
        self.records = add(self.records, record)
        if oldest is not None and self.records[0] is not oldest and self.deck_records[:1] == [oldest]:
            self.deck_records.pop(0)  # the oldest record gave way, and it was this deck's
        if record.deck == self.deck:
            self.deck_records.append(record)
        self.render()
        if self.pending is None and not (self.in_memory and self.recent.in_memory):
            self.pending = when_idle(lambda *_: self.flush(), 2000, fallback_ms=200)

    def flush(self) -> None:
        """Write the records and the recent hands now (when idle after a game, and when the
        page is left); what cannot be read stays where it is, unwritten over."""
        if self.pending is None:
            return
        self.pending = None
        problems = [
            None if self.in_memory else saved_data.write(STORAGE_KEY, dump_stats(self.records)),
            None if self.recent.in_memory else saved_data.write(RECENT_KEY, self.recent.dump()),
        ]
        if problem := next((p for p in problems if p is not None), None):
            self.tell(f"The statistics could not be saved: {problem}. They hold for this visit.")

    def is_open(self) -> bool:
        return bool(self.el["stats-message"].closest("details").open)

    def on_toggle(self) -> None:
        """The panel opened: draw the figures, and the recent hands the first time."""
        if self.is_open():
            self.render()
            if not self.recent.drawn:
                self.recent.render()

    def show_deck(self, deck: str) -> None:
        self.deck = deck
        self.deck_records = [r for r in self.records if r.deck == deck]
        self.render()

    def render(self) -> None:
        """Draw the figures (only while the panel is open: opening it draws them)."""
        if not self.is_open():
            return
        body = document.createDocumentFragment()
        summaries = [summarize(self.deck_records, self.deck, self.session), summarize(self.deck_records, self.deck),
                     summarize(self.deck_records, self.deck, on_play=True),
                     summarize(self.deck_records, self.deck, on_play=False)]  # fmt: skip
        columns = [figures(s) for s in summaries]
        for i, (label, _) in enumerate(columns[0]):
            row = node("tr")
            row.append(node("th", label, scope="row"))
            for column, value in zip(COLUMNS, (c[i][1] for c in columns), strict=True):
                row.append(node("td", value, data_column=column))
            body.append(row)
        self.el["stats-body"].replaceChildren(body)
        overall = summaries[1]
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
        self.recent.clear()
        if not self.in_memory:
            saved_data.remove(STORAGE_KEY)
        if not self.recent.in_memory:
            saved_data.remove(RECENT_KEY)
        self.tell("Statistics reset.")
        self.render()

    def export_csv(self) -> None:
        download(to_csv(self.records), "text/csv", "opening-hand-statistics.csv")
        self.tell(f"Exported {len(self.records)} games.")

    def export_json(self) -> None:
        text = export_json(self.records, self.recent.entries)
        download(text, "application/json", "opening-hand-statistics.json")
        self.tell(f"Exported {len(self.records)} games and {len(self.recent.entries)} recent hands.")
