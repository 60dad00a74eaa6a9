"""The site works from a sub-path, as a GitHub Pages project site (https://user.github.io/repo/)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from serve import serve_in_thread
from tests.browser.guard import Guard
from tests.browser.pages import AppPage


@pytest.fixture
def subpath_url(server_url: str) -> Iterator[str]:  # server_url: the runtime is vendored first
    server, url = serve_in_thread(base="/opening-hand/")
    yield url
    server.shutdown()


def test_the_page_works_under_a_sub_path_and_asks_for_nothing_outside_it(page: Page, subpath_url: str) -> None:
    assert subpath_url.endswith("/opening-hand/")
    guard = Guard(page, subpath_url)  # any request outside /opening-hand/ is a failure
    app = AppPage(page, subpath_url, guard).open()
    app.deal(seed=21)
    app.mulligan_once_and_begin()
    link = app.reopen_from_share_link()
    assert re.match(re.escape(subpath_url) + r"#v1\.", link), link
    expect(app.hand()).to_have_count(6)
    assert not guard.problems, guard.problems
