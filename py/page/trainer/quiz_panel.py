"""Quizzes on the page: make one from the setup and the keep rule (a link to share), answer
each hand keep or mulligan on the table, then see the answers beside the outlook and the
keep rule, with a score. Answering never sends anything anywhere.

The hands, the links and the figures are the engine's (``opening_hand.trainer.quiz``,
``opening_hand.trainer.reading``); this module moves between the quiz's hands and draws the results.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from pyscript import window

from opening_hand.errors import RulesError
from opening_hand.rules.actions import Action, Keep, Mulligan, UseSerumPowder
from opening_hand.rules.decisions import DeclareMulligan
from opening_hand.rules.game import random_seed
from opening_hand.rules.state import GameState
from page.dom import Node, by_id, element, fragment, js_options

if TYPE_CHECKING:
    from opening_hand.trainer.quiz import Quiz
    from opening_hand.trainer.reading import Reading
    from page.seams import Page
    from page.trainer.ladders import Ladders


@dataclass
class Run:
    quiz: Quiz
    fragment: str
    index: int = 0
    skipped: int = 0  # hands that ask for no keep-or-mulligan decision under the quiz's rules
    # (kept?, reading, cards, the state answered)
    answers: list[tuple[bool, Reading, tuple[str, ...], GameState]] = field(default_factory=list)


class QuizPanel:
    """The engine's quiz and trainer modules are imported when a quiz is made or opened, not at start-up."""

    def __init__(self, page: Page, ladders: Ladders) -> None:
        self.page = page
        self.ladders = ladders  # the mulligan's values the outlook worked out
        self.el = {name: by_id(name) for name in ("quiz", "quiz-count", "quiz-url", "quiz-link", "quiz-status",
                                                            "quiz-results")}  # fmt: skip
        self.run: Run | None = None

    def say(self, text: str) -> None:
        self.el["quiz-status"].textContent = text

    # ------------------------------------------------------------------- making and opening

    def make(self) -> None:
        """A quiz from the setup form and the odds panel's keep rule, as a link; then answer it."""
        from opening_hand.trainer.quiz import MAX_HANDS, encode_quiz, make_quiz

        raw = str(self.el["quiz-count"].value).strip()
        if not raw.isdigit() or not 1 <= int(raw) <= MAX_HANDS:
            self.say(f"A quiz has 1 to {MAX_HANDS} hands: type a whole number.")
            return
        try:
            play, draw, keys = self.page.keep_rules()
            setup = self.page.read_setup(random_seed())
            quiz = make_quiz(setup, int(raw), random_seed(), play, draw, keys, self.page.card_pool())
            self.page.check_setup(setup)  # a setup that cannot be dealt says why here, before any link is made
            fragment_ = encode_quiz(quiz)
        except (RulesError, ValueError) as error:
            self.say(str(error))
            return
        self.page.show_link(fragment_, push=True)
        self.start(quiz, fragment_)

    def open(self, fragment_: str) -> bool:
        """A quiz link: check all of it, fill the form with its setup, and start (True). A link
        that cannot be opened leaves the page as it was (False)."""
        from opening_hand.trainer.quiz import decode_quiz

        try:
            quiz = decode_quiz(fragment_)
            self.page.check_setup(quiz.setup)
        except RulesError as error:
            self.page.say(f"This quiz link cannot be opened: {error}. Nothing on the page was changed.")
            return False
        self.page.fill_form(quiz.setup)
        self.page.show_link(fragment_, push=False)
        self.start(quiz, fragment_)
        return True

    def start(self, quiz: Quiz, fragment_: str) -> None:
        self.run = Run(quiz, fragment_)
        self.el["quiz-url"].value = str(window.location.href).split("#")[0] + "#" + fragment_
        self.el["quiz-link"].hidden = False
        self.el["quiz-results"].replaceChildren()
        self.show()

    def copy_link(self) -> None:
        """The quiz's link selected in its box and on the clipboard (where the browser allows)."""
        box = self.el["quiz-url"]
        box.select()
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard:
            clipboard.writeText(str(box.value)).catch(lambda _error: None)
            self.say("Quiz link copied: share it so others answer the same hands.")
        else:
            self.say("The quiz link is selected: copy it (Ctrl+C or ⌘C).")

    def stop(self) -> None:
        """Another deal: the quiz in progress ends (its link still opens it again)."""
        if self.run is not None and self.run.index < len(self.run.quiz.hands):
            self.say("Quiz left: open its link again to start over.")
        self.run = None

    def show(self) -> None:
        run = self.run
        assert run is not None
        from opening_hand.trainer.quiz import has_decision, quiz_state

        try:
            while not has_decision(
                run.quiz, run.index, self.page.card_pool()
            ):  # a hand its rules give no decision (a made-up link)
                run.skipped += 1
                run.index += 1
                if run.index == len(run.quiz.hands):
                    self.finish()
                    return
            fresh, actions = quiz_state(run.quiz, run.index, self.page.card_pool())
        except RulesError as error:
            self.say(f"This quiz's hands cannot be dealt: {error}")
            self.run = None
            return
        hand = run.quiz.hands[run.index]
        where = f"Quiz · hand {run.index + 1} of {len(run.quiz.hands)}"
        side = "on the play" if hand.on_play else "on the draw"
        self.say(f"{where}, {side}: Keep (K) or Mulligan (M)?")
        note = f"{where}, {side}: your answer is your first Keep or Mulligan."
        self.page.play_quiz_hand(replace(run.quiz.setup, seed=hand.seed), fresh, actions, where, note)

    # ------------------------------------------------------------------- answering

    def answered(self, before: GameState, action: Action) -> bool:
        """The player's first decision on a quiz hand: note it and deal the next hand."""
        run = self.run
        pending = before.pending
        if run is None or not isinstance(action, Keep | Mulligan | UseSerumPowder):
            return False
        if not isinstance(pending, DeclareMulligan) or pending.player != 1 or pending.mulligans_taken:
            return False
        from opening_hand.trainer.reading import read_hand

        quiz = run.quiz
        turns = self.page.trainer_turns()
        reading = read_hand(before, 1, quiz.play, quiz.draw, quiz.keys, ladders=self.ladders.done, wait=False,
                            turns=turns)  # fmt: skip
        cards = tuple(c.name for c in before.player(1).hand)
        run.answers.append((isinstance(action, Keep), reading, cards, before))
        run.index += 1
        if run.index < len(quiz.hands):
            self.show()
        else:
            self.finish()
        return True

    def finish(self) -> None:
        run = self.run
        assert run is not None
        self.run = None
        from opening_hand.trainer.reading import read_hand, verdict

        quiz = run.quiz
        for index, (kept, reading, cards, before) in enumerate(run.answers):
            if reading.pending:  # the mulligan's value was still being worked out: now it is needed
                reading = read_hand(before, 1, quiz.play, quiz.draw, quiz.keys, ladders=self.ladders.done,
                                    turns=self.page.trainer_turns())  # fmt: skip
                run.answers[index] = (kept, reading, cards, before)
        total = len(run.answers)
        verb = "asks" if run.skipped == 1 else "ask"
        skipped = f" {run.skipped} of the link's hands {verb} for no decision under its rules: skipped."
        skipped = skipped if run.skipped else ""
        if not total:
            self.say(f"This quiz has no hand to answer.{skipped}")
            return
        agreed = sum(
            1 for kept, reading, *_ in run.answers if verdict(reading) in (None, "keep" if kept else "mulligan")
        )
        close = sum(1 for _, reading, *_ in run.answers if verdict(reading) is None)
        matched = sum(1 for kept, reading, *_ in run.answers if kept == reading.meets_rule)
        score = f"You agree with the trainer on {agreed} of {total} hands"
        score += f" (close ones, {close}, count either way); your keep rule's word: {matched} of {total}.{skipped}"
        self.el["quiz-results"].replaceChildren(self.results(run, score))
        self.say("Quiz done: the results are below. Make another, or share this one's link.")
        self.page.end_quiz(f"Quiz done. {score} The results are below the table.")
        self.el["quiz"].open = True
        self.el["quiz-results"].scrollIntoView(js_options(block="nearest"))

    def results(self, run: Run, score: str) -> Node:
        """One entry per hand: the answer against the trainer's verdict (close ones count either
        way), with its figures, and the keep rule's word beside."""
        from opening_hand.trainer.reading import verdict, verdict_line

        parts = fragment()
        parts.append(element("p", "quiz-score", score, data_testid="quiz-score"))
        hands = element("ol", "quiz-list", data_testid="quiz-list")
        for kept, reading, cards, _ in run.answers:
            favoured = verdict(reading)
            answer = "keep" if kept else "mulligan"
            right = favoured in (None, answer)
            item = element("li", "match" if right else "miss", data_testid="quiz-row")
            head = element("p", "quiz-head")
            head.append(element("b", "", f"On the {reading.side}. "))
            head.append(element("span", "", f"You: {answer} {'✓' if right else '✗'}", data_part="answer"))
            says = "keep" if reading.meets_rule else "mulligan"
            low, high = reading.rule.lands_for(reading.size)
            head.append(f" · trainer: {favoured or 'close'} · keep rule ({low}–{high} lands): {says}, "
                        f"with {reading.lands}")  # fmt: skip
            item.append(head)
            item.append(element("p", "quiz-cards", " · ".join(cards), data_part="cards"))
            item.append(element("p", "quiz-figures", verdict_line(reading), data_part="figures"))
            hands.append(item)
        parts.append(hands)
        return parts
