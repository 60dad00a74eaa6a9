"""What must never happen on the page: console errors, page errors, dialogs, and
requests that leave the page's own origin."""

from __future__ import annotations

from playwright.sync_api import ConsoleMessage, Dialog, Page, Request


class Guard:
    """Collects everything that must not happen on the page."""

    def __init__(self, page: Page, origin: str) -> None:
        self.origin = origin
        self.allowed: list[str] = []  # other URL prefixes a test routes itself (never the real network)
        self.problems: list[str] = []
        self.dialogs: list[str] = []
        self.warnings: list[str] = []  # console warnings: allowed, but a test may expect one
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("request", self._request)
        page.on("dialog", self._dialog)

    def allow(self, prefix: str) -> None:
        """Let requests to ``prefix`` (and their load failures) pass: for a test that routes
        them with ``page.route`` so that nothing reaches the internet."""
        self.allowed.append(prefix)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "warning":
            self.warnings.append(message.text)
        if message.type != "error":
            return
        if self.allowed and str(message.location.get("url", "")).startswith(tuple(self.allowed)):
            return  # a routed request the test made fail on purpose
        self.problems.append(f"console error: {message.text}")

    def _request(self, request: Request) -> None:
        url = request.url
        if not url.startswith((self.origin, "data:", "blob:", *self.allowed)):
            self.problems.append(f"request off the page's origin: {url}")

    def _dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()
