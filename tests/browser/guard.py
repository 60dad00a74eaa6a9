"""What must never happen on the page: console errors, page errors, dialogs, and
requests that leave the page's own origin."""

from __future__ import annotations

from playwright.sync_api import Dialog, Page, Request


class Guard:
    """Collects everything that must not happen on the page."""

    def __init__(self, page: Page, origin: str) -> None:
        self.origin = origin
        self.problems: list[str] = []
        self.dialogs: list[str] = []
        page.on("console", lambda msg: msg.type == "error" and self.problems.append(f"console error: {msg.text}"))
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("request", self._request)
        page.on("dialog", self._dialog)

    def _request(self, request: Request) -> None:
        url = request.url
        if not url.startswith((self.origin, "data:", "blob:")):
            self.problems.append(f"request off the page's origin: {url}")

    def _dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()
