"""Share links: the setup on the page in the URL fragment (``#v1.…``), the browser's
back/forward between setups, Copy link, and opening a link (or a quiz link, ``#q1.…``).

A mixin of ``App`` (it uses the app's panels and boards); a link can only fill the form,
never run or fetch anything, and one that cannot be opened changes nothing.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from pyscript import window

from opening_hand import Match, RulesError, find_format
from opening_hand.editions import EDITIONS
from opening_hand.share import Setup, ShareLinkError, decode_setup, encode_setup


class Links:
    el: dict[str, Any]
    setup: Setup | None
    fragment: str
    main: Any
    match: Match | None
    practice: Any
    setup_panel: Any
    decks: Any
    # App's own: say(text), start_all(setup), show(setup, states), fold(folded).

    def remember(self, setup: Setup, fragment_: str = "") -> None:
        """A new practice setup (``fragment_``: its link, when already made): a new entry in
        the browser's history (back/forward)."""
        try:
            fragment_ = fragment_ or encode_setup(replace(setup, actions=()))
        except ShareLinkError:  # checked before dealing; a next game's setup is the same size
            return
        if fragment_ != self.fragment:
            window.history.pushState(None, "", "#" + fragment_)
            self.fragment = fragment_

    def fill_form(self, setup: Setup) -> None:
        self.setup_panel.fill(setup)
        self.decks.el["skip-bad"].checked = setup.skip_bad
        self.decks.el["card-pool"].value = setup.pool
        self.decks.lands = set(setup.lands)
        self.decks.replace_text(setup.deck)

    def copy_link(self) -> None:
        if self.setup is None or self.main.state is None:
            self.say("Deal first: the link holds the deal and the decisions taken so far.")
            return
        try:
            fragment_ = encode_setup(replace(self.setup, actions=tuple(self.main.actions)))
        except ShareLinkError as error:
            self.say(str(error))
            return
        window.history.replaceState(None, "", "#" + fragment_)
        self.fragment = fragment_
        url = str(window.location.href)
        self.el["share"].hidden = False
        self.el["share-url"].value = url
        self.el["share-url"].select()
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard:
            clipboard.writeText(url).catch(lambda _error: None)  # the link stays selected to copy by hand
        self.say("")

    def on_navigate(self) -> None:
        """Back/forward (or a link pasted into the address bar): open the setup in the URL."""
        fragment_ = str(window.location.hash).removeprefix("#")
        if fragment_ and fragment_ != self.fragment:
            self.open_link(fragment_)

    def open_link(self, fragment_: str) -> None:
        """Fill the form from a link, deal, and replay its decisions. A link that cannot be
        opened leaves the page as it was. A quiz link starts the quiz."""
        if fragment_.removeprefix("#").startswith("q"):  # opening_hand.quiz.is_quiz_link, without its import
            self.practice.quiz.open(fragment_)
            return
        try:
            setup = decode_setup(fragment_)
            find_format(setup.format)
            for rules in (setup.edition, setup.compare):
                if rules and rules not in EDITIONS:
                    raise ShareLinkError("the link names rules this version does not know")
            states = self.start_all(setup)
        except RulesError as error:
            self.say(f"This link cannot be opened: {error}. Nothing on the page was changed.")
            return
        self.fill_form(setup)
        self.fragment = fragment_
        self.match = Match(seats=setup.players)
        self.show(setup, states)
        self.fold(True)
