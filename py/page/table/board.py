"""One game on one board: holds the engine state, turns the player's clicks and keys into
engine actions, lets the computer seats answer and keeps undo points. One-way: event ->
action -> ``apply`` -> new state; every input returns an ``Outcome`` (what happened), and
``App.update`` draws it: the table (``Board.render``), the trainer's reading, the feedback.
The board calls nothing back.

No rule is decided here. Every action goes to ``opening_hand.apply``, which validates it;
a refused action shows the engine's message beside the prompt and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pyscript import window

from opening_hand.cards import CardPool
from opening_hand.errors import RulesError
from opening_hand.rules.actions import (
    Action,
    ActNext,
    BeginOnBattlefield,
    ChooseStarting,
    ChooseStickers,
    FinishOpeningActions,
    Keep,
    KeepBackupHand,
    Mulligan,
    NextTimestamp,
    PutConspiracies,
    PutOnBottom,
    RevealCompanion,
    RevealFromHand,
    ScryDecision,
    ShuffleBack,
    UseSerumPowder,
)
from opening_hand.rules.decisions import (
    ChooseBottom,
    ChooseShuffleBack,
    ChooseStartingPlayer,
    Decision,
    DeclareMulligan,
    OpeningHandActions,
    Scry,
)
from opening_hand.rules.game import apply
from opening_hand.rules.policy import choose_bottom, decide, take_turn
from opening_hand.rules.state import GameState
from opening_hand.share.share_link import ShareLinkError
from page.dom import Node
from page.seams import BottomAdvice
from page.table.card_faces import Images
from page.table.log import LogView
from page.table.view import Selection, TableView, ordered_choice


@dataclass(frozen=True)
class Outcome:
    """What one input did, for ``App.update`` to draw. ``action`` is the player's decision and
    ``before`` the state it was taken on, with the cards ``marked`` then (the trainer's
    feedback reads them); ``fresh``: the feedback line is written anew (a decision, an undo, a
    new game), else it stays; ``begun``: this game's first turn began (recorded once);
    ``inspect``: a card to enlarge, and nothing else changed."""

    before: GameState | None = None
    action: Action | None = None
    marked: tuple[int, ...] = ()
    fresh: bool = False
    begun: bool = False
    inspect: Node | None = None


@dataclass(frozen=True)
class Shown:
    """What a board shows now, for the parts beside it (the outlook, the notice about the deck)."""

    state: GameState
    seat: int  # the seat at the bottom of the table
    users: frozenset[int]
    marked: tuple[int, ...]


class Board:
    def __init__(self, root: Node, log: Node, *, images: Images | None = None, advice: BottomAdvice | None = None):
        self.root = root
        self.view = TableView(root, images)
        self.log = LogView(log)
        self.advice = advice  # the trainer's cards for the bottom (None: the computer policy's)
        self.state: GameState | None = None
        self.users: frozenset[int] = frozenset({1})  # the seats the person at the keyboard decides for
        self.marked: list[int] = []  # card ids chosen (for the bottom, or to exile), in order
        self.actions: list[Action] = []  # every action of this game, every seat's, in order
        self.undo_stack: list[tuple[GameState, int]] = []  # (state, len(actions)) before each user decision
        self.begun = False
        self.asked_at: float | None = None  # when the user was last asked to keep or mulligan
        self.decide_ms: list[int] = []

    def say(self, text: str) -> None:
        self.view.say(text)

    # ------------------------------------------------------------------- games

    def show(
        self, state: GameState, users: frozenset[int], actions: tuple[Action, ...] = (), *, undoable: bool = True
    ) -> Outcome:
        """A new game on this board; ``actions`` (a link's decisions) are replayed first, and
        can be undone unless ``undoable`` is False (a quiz chose them: the answer is the only
        decision). Raises ShareLinkError when they do not fit, after taking the fresh deal
        (which the caller then draws, as it draws the returned outcome)."""
        self.users = users
        self.state = None
        self.actions, self.undo_stack, self.marked, self.decide_ms = [], [], [], []
        self.begun = False
        self.asked_at = None
        self.view.focus = None
        self.log.clear()
        fresh = state
        try:
            state = self.replay(state, actions)
        except ShareLinkError:
            self.actions, self.undo_stack = [], []
            self.advance(fresh)
            raise
        if not undoable:
            self.undo_stack = []
        return Outcome(fresh=True, begun=self.advance(state))

    def replay(self, state: GameState, actions: tuple[Action, ...]) -> GameState:
        """Play a link's decisions (every seat's, in order), keeping undo points at the
        user's decisions as if they had been clicked."""
        for index, action in enumerate(actions, start=1):
            before = state
            try:
                state = apply(state, action)
            except RulesError as error:
                raise ShareLinkError(f"decision {index} of the link does not fit this deal: {error}") from None
            decider = before.pending.player if before.pending is not None else action.player  # or a practice turn
            if decider in self.users:
                self.undo_stack.append((before, len(self.actions)))
            self.actions.append(action)
        return state

    def undo(self) -> Outcome | None:
        """Take back the user's last decision (and the computer's answers to it)."""
        if not self.undo_stack:
            self.say("There is no decision to take back.")
            return None
        state, count = self.undo_stack.pop()
        del self.actions[count:]
        self.marked = self.suggested(state)
        self.state = state
        self.say("")
        return Outcome(fresh=True)

    def act(self, action: Action) -> Outcome | None:
        """The player's decision: the new state (the computer seats' answers included) and
        what was decided, or None when the engine refused it (its message is beside the prompt)."""
        if self.state is None:
            self.say("Press Deal to start a game first.")
            return None
        before, marked = self.state, tuple(self.marked)
        try:
            state = apply(before, action)
        except RulesError as error:
            self.say(str(error))
            return None
        self.undo_stack.append((before, len(self.actions)))
        self.actions.append(action)
        if isinstance(action, Keep | Mulligan) and self.asked_at is not None:
            self.decide_ms.append(int(window.performance.now() - self.asked_at))
            self.asked_at = None
        self.say("")
        begun = self.advance(state)
        self.view.reveal_hand()
        return Outcome(before, action, marked, fresh=True, begun=begun)

    def advance(self, state: GameState) -> bool:
        """Let the computer seats decide, up to the decision the user is asked for; True when
        this game's first turn has just begun."""
        computer = frozenset(state.seats) - self.users
        while state.pending is not None and state.pending.player in computer:
            action = decide(state)
            state = apply(state, action)
            self.actions.append(action)
        if self.state is None or state.pending != self.state.pending:
            self.marked = self.suggested(state)
            if isinstance(state.pending, DeclareMulligan) and state.pending.player in self.users:
                self.asked_at = window.performance.now()
        self.state = state
        # What the board keeps, for the soak test: every action of this game and one undo point per decision.
        self.root.dataset.history = f"{len(self.actions)} {len(self.undo_stack)}"
        if state.pending is None and not self.begun:
            self.begun = True
            return True
        return False

    def suggested(self, state: GameState) -> list[int]:
        """The cards chosen in advance when the player must put cards on the bottom: the
        trainer's best choice (or, without one, the computer policy's; never simply the first
        cards), which Enter confirms and a click changes. Bottoming after every mulligan
        (CR 103.5) stays one key press."""
        pending = state.pending
        if not isinstance(pending, ChooseBottom) or pending.player not in self.users:
            return []
        if self.advice is not None and (advised := self.advice.advise(state, pending.player, pending.count)):
            return advised
        player = state.player(pending.player)
        return [c.id for c in choose_bottom(player.hand, pending.count, player.is_land, player.pool)]

    def use_pool(self, pool: CardPool) -> None:
        """More card data is in: the game goes on reading its cards with ``pool`` (and so do its
        undo points); its position is the same."""
        if self.state is not None:
            self.state = self.state.with_pool(pool)
        self.undo_stack = [(state.with_pool(pool), count) for state, count in self.undo_stack]

    # ------------------------------------------------------------------- what the board draws

    def render(self) -> None:
        """The table and the log, from the state (``App.update`` calls it after every input)."""
        state = self.state
        if state is None:
            return
        pending = self.pending_for_user()
        choosing = pending is not None and self.choice_limit(pending.player) > 0
        selection = Selection(self.marked, ordered_choice(state.pending), choosing)
        self.view.render(state, self.users, selection, bool(self.undo_stack))
        self.log.render(state, self.users)

    def shown(self) -> Shown | None:
        """What the table shows now (None before a deal)."""
        if self.state is None or self.view.focus is None:
            return None
        return Shown(self.state, self.view.focus, self.users, tuple(self.marked))

    @property
    def focus(self) -> int | None:
        """The seat at the bottom of the table (None before a deal)."""
        return self.view.focus

    def feedback(self, text: str) -> None:
        """The trainer's line on the player's last decision (empty: none)."""
        self.view.feedback(text)

    def heading(self, text: str) -> None:
        self.view.heading(text)

    def prompt(self, text: str) -> None:
        """The prompt above the hand, before any deal."""
        self.view.prompt(text)

    def bring_into_view(self) -> None:
        """The focus to the table, and the least scrolling that shows the hand whole, once laid out."""
        self.view.bring_into_view()

    def button_shown(self, name: str) -> bool:
        return self.view.button_shown(name)

    def nth_card(self, nth: int) -> Node | None:
        return self.view.nth_card(nth)

    def enter(self) -> tuple[bool, Outcome | None]:
        """Enter: the decision's confirming button on screen (``TableView.enter_button``), or the
        decision bar's confirming choice, clicked (it comes back through the table's click
        handler); whether Enter confirmed something, and what its button did."""
        if (name := self.view.enter_button()) is not None:
            return True, self.on_button(name)
        if (choice := self.view.enter_choice()) is not None:
            choice.click()
            return True, None
        return False, None

    # ------------------------------------------------------------------- the player's input

    def pending_for_user(self) -> Decision | None:
        pending = self.state.pending if self.state else None
        return pending if pending is not None and pending.player in self.users else None

    def choice_limit(self, seat: int) -> int:
        """How many of ``seat``'s cards the decision on screen lets the player choose (0: none)."""
        pending = self.pending_for_user()
        if pending is None or pending.player != seat or self.state is None:
            return 0
        if isinstance(pending, ChooseBottom | ChooseShuffleBack):
            return int(pending.count)
        if isinstance(pending, DeclareMulligan) and pending.set_aside:
            return len(self.state.player(seat).hand)
        if isinstance(pending, OpeningHandActions) and pending.caverns:
            return 1  # the card Gemstone Caverns exiles
        return 0

    def click_card(self, card: Node) -> Outcome | None:
        """A card clicked (or chosen by its number key): mark it when the decision chooses
        cards, otherwise open it enlarged with its text (reading a card is never an error)."""
        card_id, seat = int(card.dataset.cardId), int(card.dataset.player)
        if not self.choice_limit(seat):
            return Outcome(inspect=card)
        return self.toggle_mark(card_id, seat)

    def toggle_mark(self, card_id: int, seat: int) -> Outcome | None:
        limit = self.choice_limit(seat)
        if not limit:
            self.say("Cards are chosen only while you put cards on the bottom, set them aside or shuffle them back.")
            return None
        if card_id in self.marked:
            self.marked.remove(card_id)
        elif limit == 1:
            self.marked = [card_id]  # one card to choose: a click on another moves the mark
        elif len(self.marked) >= limit:
            self.say(f"You have already chosen {limit}; click a chosen card again to unmark it.")
            return None
        else:
            self.marked.append(card_id)
        self.say("")
        return Outcome()

    def clear_marks(self) -> Outcome | None:
        if not self.marked:
            return None
        self.marked = []
        self.say("")
        return Outcome()

    def on_button(self, name: str) -> Outcome | None:
        if name == "undo":
            return self.undo()
        if name == "draw":
            return self.draw()
        action = self.button_action(name)
        return self.act(action) if action is not None else None

    def button_action(self, name: str) -> Action | None:
        """The action of a fixed button (Keep, Mulligan, Put on bottom, …) for the decision on screen."""
        pending = self.pending_for_user()
        if pending is None or self.state is None:
            return None
        seat = pending.player
        if name == "keep":
            return Keep(seat)
        if name == "mulligan":
            return Mulligan(seat)
        if name == "serum-powder" and isinstance(pending, DeclareMulligan) and pending.serum_powders:
            return UseSerumPowder(seat, pending.serum_powders[0])
        if name in ("bottom", "keep-on-top") and isinstance(pending, Scry):
            return ScryDecision(seat, to_bottom=name == "bottom")
        if name == "bottom":
            return PutOnBottom(seat, tuple(self.marked))
        if name == "set-aside":
            return Mulligan(seat, tuple(self.marked))
        if name == "shuffle-back":
            return ShuffleBack(seat, tuple(self.marked))
        if name in ("play-first", "draw-first") and isinstance(pending, ChooseStartingPlayer):
            own = self.state.team_of(seat)
            teams = [o for o in pending.options if (self.state.team_of(o) == own) == (name == "play-first")]
            if teams:
                return ChooseStarting(seat, teams[0])
        return None

    def draw(self) -> Outcome | None:
        """The next practice turn of the seat at the bottom (once the game has begun): the
        card its draw step brings and the policy's land (``policy.take_turn``)."""
        seat = self.view.focus
        if self.state is None or self.state.pending is not None or seat is None or seat not in self.users:
            return None
        return self.act(take_turn(self.state, seat))

    def on_choice(self, action: str, arg: str, boxes: list[int]) -> Outcome | None:
        """A choice button of the decision bar (``boxes``: the conspiracies or sticker sheets ticked)."""
        chosen = self.choice_action(action, arg, boxes)
        return self.act(chosen) if chosen is not None else None

    def choice_action(self, action: str, arg: str, boxes: list[int]) -> Action | None:
        pending = self.pending_for_user()
        if pending is None:
            return None
        seat = pending.player
        if action == "battlefield":
            card_id = int(arg)
            caverns = isinstance(pending, OpeningHandActions) and card_id in pending.caverns
            return BeginOnBattlefield(seat, card_id, self.marked[0] if caverns and self.marked else None)
        simple: dict[str, Callable[[], Action]] = {
            "start": lambda: ChooseStarting(seat, int(arg)),
            "companion": lambda: RevealCompanion(seat, int(arg) if arg else None),
            "conspiracies": lambda: PutConspiracies(seat, tuple(boxes)),
            "stickers": lambda: ChooseStickers(seat, tuple(boxes)),
            "backup": lambda: KeepBackupHand(seat, int(arg)),
            "reveal": lambda: RevealFromHand(seat, int(arg)),
            "done": lambda: FinishOpeningActions(seat),
            "act-next": lambda: ActNext(seat, int(arg)),
            "timestamp": lambda: NextTimestamp(seat, int(arg)),
        }
        make = simple.get(action)
        return make() if make is not None else None
