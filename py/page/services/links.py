"""Share links: the setup on the page in the URL fragment (``#v1.…``, or a quiz's ``#q1.…``),
the browser's history of the setups dealt (back/forward), and Copy link.

This service holds only the fragment the page shows and the browser's history; opening a
link is the page's (``App.open_link``): a link can only fill the form, never run or fetch
anything, and one that cannot be opened changes nothing.
"""

from __future__ import annotations

from dataclasses import replace

from pyscript import window

from opening_hand.share.share_link import Setup, ShareLinkError, encode_setup
from page.dom import Node


class Links:
    def __init__(self) -> None:
        self.fragment = ""  # the URL fragment of the setup on the page

    def requested(self) -> str | None:
        """The fragment in the address bar when it is not the page's own (back/forward, or a
        link pasted in), else None."""
        fragment = str(window.location.hash).removeprefix("#")
        return fragment if fragment and fragment != self.fragment else None

    def show(self, fragment: str, *, push: bool) -> None:
        """The address bar names ``fragment``: a new history entry (``push``) or in place."""
        if push:
            if str(window.location.hash) != "#" + fragment:
                window.history.pushState(None, "", "#" + fragment)
        else:
            window.history.replaceState(None, "", "#" + fragment)
        self.fragment = fragment

    def opened(self, fragment: str) -> None:
        """The page now shows the setup of ``fragment``, opened from the address bar."""
        self.fragment = fragment

    def remember(self, setup: Setup, fragment: str = "") -> None:
        """A new practice setup (``fragment``: its link, when already made): a new entry in
        the browser's history (back/forward)."""
        try:
            fragment = fragment or encode_setup(replace(setup, actions=()))
        except ShareLinkError:  # checked before dealing; a next game's setup is the same size
            return
        if fragment != self.fragment:
            window.history.pushState(None, "", "#" + fragment)
            self.fragment = fragment

    def copy(self, setup: Setup, url_box: Node) -> None:
        """The link to ``setup`` (its decisions so far included) in the address bar, selected in
        ``url_box`` and on the clipboard; raises ShareLinkError when no link can hold it."""
        fragment = encode_setup(setup)
        self.show(fragment, push=False)
        url = str(window.location.href)
        url_box.value = url
        url_box.select()
        clipboard = getattr(window.navigator, "clipboard", None)
        if clipboard:
            clipboard.writeText(url).catch(lambda _error: None)  # the link stays selected to copy by hand
