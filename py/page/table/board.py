"""One game on one board: holds the engine state, turns the player's clicks and keys into
engine actions, lets the computer seats answer, keeps undo points, and asks the views to
draw the result. One-way: event -> action -> ``apply`` -> new state -> render.

No rule is decided here. Every action goes to ``opening_hand.apply``, which validates it;
a refused action shows the engine's message beside the prompt and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from opening_hand import (
    Action,
    ActNext,
    BeginOnBattlefield,
    CardPool,
    ChooseBottom,
    ChooseShuffleBack,
    ChooseStarting,
    ChooseStartingPlayer,
    ChooseStickers,
    DeclareMulligan,
    FinishOpeningActions,
    GameState,
    Keep,
    KeepBackupHand,
    Mulligan,
    NextTimestamp,
    OpeningHandActions,
    PutConspiracies,
    PutOnBottom,
    RevealCompanion,
    RevealFromHand,
    RulesError,
    Scry,
    ScryDecision,
    ShuffleBack,
    UseSerumPowder,
    apply,
)
from opening_hand.policy import choose_bottom, decide, take_turn
from opening_hand.share import ShareLinkError
from page.dom import Node
from page.table.cards import Images
from page.table.log import LogView
from page.table.view import Selection, TableView, ordered_choice


class Board:
    def __init__(
        self,
        root: Node,
        log: Node,
        *,
        images: Images | None = None,
        on_render: Callable[[], None] | None = None,
        on_begin: Callable[[Board], None] | None = None,
        on_inspect: Callable[[Node | None], None] | None = None,
        on_decide: Callable[[GameState, Action, list[int]], None] | None = None,
        advise_bottom: Callable[[GameState, int, int], list[int] | None] | None = None,
    ) -> None:
        self.root = root
        self.view = TableView(root, images)
        self.log = LogView(log)
        self.on_render = on_render
        self.on_begin = on_begin  # called once per game, when the first turn begins
        self.on_inspect = on_inspect  # a card to enlarge (None: close the preview)
        self.on_decide = on_decide  # after each of the user's actions: (state before, action, cards marked)
        self.advise_bottom = advise_bottom  # (state, seat, count) -> the trainer's cards for the bottom, or None
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
    ) -> None:
        """A new game on this board; ``actions`` (a link's decisions) are replayed first, and
        can be undone unless ``undoable`` is False (a quiz chose them: the answer is the only
        decision). Raises ShareLinkError when they do not fit, after showing the fresh deal."""
        self.users = users
        self.state = None
        self.actions, self.undo_stack, self.marked, self.decide_ms = [], [], [], []
        self.begun = False
        self.asked_at = None
        self.view.focus = None
        self.view.feedback("")
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
        self.advance(state)

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

    def undo(self) -> None:
        """Take back the user's last decision (and the computer's answers to it)."""
        if not self.undo_stack:
            self.say("There is no decision to take back.")
            return
        state, count = self.undo_stack.pop()
        del self.actions[count:]
        self.view.feedback("")
        self.marked = self.suggested(state)
        self.state = state
        self.say("")
        self.render()

    def act(self, action: Action) -> None:
        if self.state is None:
            self.say("Press Deal to start a game first.")
            return
        before, marked = self.state, list(self.marked)
        try:
            state = apply(before, action)
        except RulesError as error:
            self.say(str(error))
            return
        self.undo_stack.append((before, len(self.actions)))
        self.actions.append(action)
        if isinstance(action, Keep | Mulligan) and self.asked_at is not None:
            self.decide_ms.append(int(window.performance.now() - self.asked_at))
            self.asked_at = None
        self.say("")
        self.view.feedback("")
        self.advance(state)
        self.view.reveal_hand()
        if self.on_decide is not None:
            self.on_decide(before, action, marked)

    def advance(self, state: GameState) -> None:
        """Let the computer seats decide, then show the decision the user is asked for."""
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
        self.render()
        # What the board keeps, for the soak test: every action of this game and one undo point per decision.
        self.root.dataset.history = f"{len(self.actions)} {len(self.undo_stack)}"
        if state.pending is None and not self.begun:
            self.begun = True
            if self.on_begin is not None:
                self.on_begin(self)

    def suggested(self, state: GameState) -> list[int]:
        """The cards chosen in advance when the player must put cards on the bottom: the
        trainer's best choice (or, without one, the computer policy's; never simply the first
        cards), which Enter confirms and a click changes. Bottoming after every mulligan
        (CR 103.5) stays one key press."""
        pending = state.pending
        if not isinstance(pending, ChooseBottom) or pending.player not in self.users:
            return []
        if self.advise_bottom is not None and (advised := self.advise_bottom(state, pending.player, pending.count)):
            return advised
        player = state.player(pending.player)
        return [c.id for c in choose_bottom(player.hand, pending.count, player.is_land, player.pool)]

    def use_pool(self, pool: CardPool) -> None:
        """More card data is in: the game goes on reading its cards with ``pool`` (and so do its
        undo points); its position is the same."""
        if self.state is not None:
            self.state = self.state.with_pool(pool)
        self.undo_stack = [(state.with_pool(pool), count) for state, count in self.undo_stack]

    def render(self) -> None:
        state = self.state
        assert state is not None
        pending = self.pending_for_user()
        choosing = pending is not None and self.choice_limit(pending.player) > 0
        selection = Selection(self.marked, ordered_choice(state.pending), choosing)
        self.view.render(state, self.users, selection, bool(self.undo_stack))
        self.log.render(state, self.users)
        if self.on_render is not None:
            self.on_render()

    # ------------------------------------------------------------------- the player's input

    def pending_for_user(self) -> Any:
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

    def click_card(self, card: Node) -> None:
        """A card clicked (or chosen by its number key): mark it when the decision chooses
        cards, otherwise open it enlarged with its text (reading a card is never an error)."""
        card_id, seat = int(card.dataset.cardId), int(card.dataset.player)
        if not self.choice_limit(seat):
            if self.on_inspect is not None:
                self.on_inspect(card)
            return
        self.toggle_mark(card_id, seat)

    def toggle_mark(self, card_id: int, seat: int) -> None:
        limit = self.choice_limit(seat)
        if not limit:
            self.say("Cards are chosen only while you put cards on the bottom, set them aside or shuffle them back.")
            return
        if card_id in self.marked:
            self.marked.remove(card_id)
        elif limit == 1:
            self.marked = [card_id]  # one card to choose: a click on another moves the mark
        elif len(self.marked) >= limit:
            self.say(f"You have already chosen {limit}; click a chosen card again to unmark it.")
            return
        else:
            self.marked.append(card_id)
        self.say("")
        self.render()

    def clear_marks(self) -> bool:
        if not self.marked:
            return False
        self.marked = []
        self.say("")
        self.render()
        return True

    def on_button(self, name: str) -> None:
        if name == "undo":
            self.undo()
            return
        if name == "draw":
            self.draw()
            return
        pending = self.pending_for_user()
        if pending is None or self.state is None:
            return
        seat = pending.player
        if name == "keep":
            self.act(Keep(seat))
        elif name == "mulligan":
            self.act(Mulligan(seat))
        elif name == "serum-powder" and isinstance(pending, DeclareMulligan) and pending.serum_powders:
            self.act(UseSerumPowder(seat, pending.serum_powders[0]))
        elif name in ("bottom", "keep-on-top") and isinstance(pending, Scry):
            self.act(ScryDecision(seat, to_bottom=name == "bottom"))
        elif name == "bottom":
            self.act(PutOnBottom(seat, tuple(self.marked)))
        elif name == "set-aside":
            self.act(Mulligan(seat, tuple(self.marked)))
        elif name == "shuffle-back":
            self.act(ShuffleBack(seat, tuple(self.marked)))
        elif name in ("play-first", "draw-first") and isinstance(pending, ChooseStartingPlayer):
            own = self.state.team_of(seat)
            teams = [o for o in pending.options if (self.state.team_of(o) == own) == (name == "play-first")]
            if teams:
                self.act(ChooseStarting(seat, teams[0]))

    def draw(self) -> None:
        """The next practice turn of the seat at the bottom (once the game has begun): the
        card its draw step brings and the policy's land (``policy.take_turn``)."""
        seat = self.view.focus
        if self.state is None or self.state.pending is not None or seat not in self.users:
            return
        self.act(take_turn(self.state, seat))

    def on_choice(self, action: str, arg: str, boxes: list[int]) -> None:
        """A choice button of the decision bar (``boxes``: the conspiracies or sticker sheets ticked)."""
        pending = self.pending_for_user()
        if pending is None:
            return
        seat = pending.player
        if action == "start":
            self.act(ChooseStarting(seat, int(arg)))
        elif action == "companion":
            self.act(RevealCompanion(seat, int(arg) if arg else None))
        elif action == "conspiracies":
            self.act(PutConspiracies(seat, tuple(boxes)))
        elif action == "stickers":
            self.act(ChooseStickers(seat, tuple(boxes)))
        elif action == "backup":
            self.act(KeepBackupHand(seat, int(arg)))
        elif action == "battlefield":
            card_id = int(arg)
            caverns = isinstance(pending, OpeningHandActions) and card_id in pending.caverns
            self.act(BeginOnBattlefield(seat, card_id, self.marked[0] if caverns and self.marked else None))
        elif action == "reveal":
            self.act(RevealFromHand(seat, int(arg)))
        elif action == "done":
            self.act(FinishOpeningActions(seat))
        elif action == "act-next":
            self.act(ActNext(seat, int(arg)))
        elif action == "timestamp":
            self.act(NextTimestamp(seat, int(arg)))
