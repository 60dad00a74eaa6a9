"""The start-up snapshot (static/runtime/): a repeat visit restores Pyodide from a memory
snapshot made after the first one, and a damaged or foreign snapshot never breaks the page
for more than one visit."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.guard import Guard
from tests.browser.pages import FILES_TIMING, PYTHON_HOOK, READY_TIMEOUT_MS, AppPage

# Used from the page: the app's own snapshot module and Pyodide version.
MODULES = """const base = new URL("static/runtime/", location.href);
const snap = await import(new URL("snapshot.mjs", base));
const { version } = await import(new URL("pyodide.mjs", base));"""

# Rewrites the saved snapshot: an intact gzip of a snapshot whose header names another
# Pyodide build, as a snapshot left by an older release would.
FOREIGN_BUILD = f"""async () => {{ {MODULES}
  const bytes = await snap.readSnapshot(version);
  new Uint32Array(bytes.buffer, 16, 8).fill(0xdeadbeef);  // the 256-bit build id
  await snap.writeSnapshot(version, bytes);
}}"""

# Overwrites the saved snapshot with bytes that are not gzip at all.
DAMAGED = f"""async () => {{ {MODULES}
  const cache = await caches.open(snap.CACHE);
  const [key] = await cache.keys();
  await cache.put(key, new Response(new Uint8Array([31, 139, 8, 0, 1, 2, 3, 4, 5])));
}}"""

# Replaces the saved snapshot with one whose memory is wrong but whose format is right, as a
# snapshot damaged before it was packed would be: made the way the worker makes one, from a
# Python whose module table says `html` cannot be imported. Gzip and build id pass and the
# restore succeeds; then the page's start-up (PyScript's package imports html) fails, and
# the page never gets ready. Nothing the restore itself could catch.
KILLING = f"""async () => {{ {MODULES}
  const pyodide = new URL("../vendor/pyodide/", base).href;
  const {{ loadPyodide }} = await import(new URL("pyodide.mjs", pyodide));
  const python = await loadPyodide({{ indexURL: pyodide, _makeSnapshot: true }});
  python.runPython("import sys; sys.modules['html'] = None");
  await snap.writeSnapshot(version, python.makeMemorySnapshot());
}}"""

# What the page notes before a restore: as if it restored the saved snapshot and died.
ON_TRIAL = f"""async () => {{ {MODULES}
  snap.startTrial(snap.snapshotId(await snap.findSnapshot(version)));
}}"""

TRIALS = "Object.keys(localStorage).filter((key) => key.startsWith('opening-hand/snapshot-trial'))"

CONTAINS = f"""async (needle) => {{ {MODULES}
  const bytes = await snap.readSnapshot(version);
  const wanted = new TextEncoder().encode(needle);
  outer: for (let i = 0; i + wanted.length <= bytes.length; i++) {{
    for (let j = 0; j < wanted.length; j++) if (bytes[i + j] !== wanted[j]) continue outer;
    return true;
  }}
  return false;
}}"""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    """A profile of its own, like a visitor's browser (snapshots on, service worker off)."""
    context = browser.new_context(service_workers="block")
    yield context
    context.close()


def visit(context: BrowserContext, url: str) -> tuple[AppPage, Guard]:
    page = context.new_page()
    guard = Guard(page, url)
    return AppPage(page, url, guard).open(), guard


def visit_that_dies(context: BrowserContext, url: str) -> tuple[AppPage, Guard]:
    """A visit on which Python dies during start-up: its console errors are expected (the
    test reads them from the guard), and the page never gets ready."""
    page = context.new_page()
    guard = Guard(page, url)
    with page.expect_event("console", lambda message: message.type == "error", timeout=READY_TIMEOUT_MS):
        page.goto(url)
    return AppPage(page, url, guard), guard


def boot(page: Page) -> str:
    return page.evaluate("document.documentElement.dataset.boot")


def dropped(page: Page) -> str | None:
    return page.evaluate("document.documentElement.dataset.snapshotDropped ?? null")


def wait_for_snapshot(page: Page) -> None:
    page.wait_for_selector("html[data-snapshot]", state="attached", timeout=READY_TIMEOUT_MS)
    assert page.evaluate("document.documentElement.dataset.snapshot") == "saved"


def play_a_game(app: AppPage) -> None:
    app.deal(seed=5)
    app.choose_to_play_if_asked()
    app.button("Mulligan").click()
    app.expect_hand_size(7)
    app.button("Put on bottom").click()  # the suggested card
    app.button("Keep").click()
    expect(app.prompt).to_contain_text("The game begins")
    app.expect_hand_size(6)


def test_a_repeat_visit_restores_python_from_the_snapshot_and_plays(context: BrowserContext, server_url: str) -> None:
    first, guard = visit(context, server_url)
    assert boot(first.page) == "full"
    wait_for_snapshot(first.page)  # made in a worker once the page was ready
    first.page.close()

    page = context.new_page()
    page.add_init_script(PYTHON_HOOK)
    guard_again = Guard(page, server_url)
    again = AppPage(page, server_url, guard_again).open()
    assert boot(again.page) == "snapshot"
    play_a_game(again)
    # The restored Python runs the standard library's bytecode archive too (the snapshot was made
    # on it): the first Deal imported fractions from it.
    imported_from = page.evaluate("() => window.__python.runPython('import sys; sys.modules[\"fractions\"].__file__')")
    assert imported_from == "/lib/python314.zip/fractions.pyc"
    # Restored, too, the page's Python files were fetched while Python started, not after.
    timing = page.evaluate(FILES_TIMING)
    assert all(timing["wasmEnd"] <= start < timing["interpreter"] for start in timing["files"]), timing
    assert not guard.problems and not guard_again.problems, guard.problems + guard_again.problems


def another_release_of_the_archive() -> bytes:
    """static/stdlib.zip as a later release might lay it out: the same modules, every one at
    another offset (an entry first), so a table of contents read before no longer fits."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(Path(__file__).resolve().parents[2] / "static/stdlib.zip") as old,
        zipfile.ZipFile(out, "w") as new,
    ):
        new.writestr("aaa-padding.txt", "x" * 10_000)
        for info in old.infolist():
            new.writestr(info, old.read(info))
    return out.getvalue()


def test_a_snapshot_made_on_another_release_of_the_bytecode_archive_still_imports(
    context: BrowserContext, server_url: str
) -> None:
    """The snapshot remembers the archive's table of contents as it was read; restored with a
    new release of the archive, Python reads it again, and the first Deal's imports work."""
    first, guard = visit(context, server_url)
    wait_for_snapshot(first.page)
    first.page.close()
    page = context.new_page()
    page.route("**/static/stdlib.zip", lambda route: route.fulfill(body=another_release_of_the_archive(),
                                                                   content_type="application/zip"))  # fmt: skip
    page.add_init_script(PYTHON_HOOK)
    guard_again = Guard(page, server_url)
    again = AppPage(page, server_url, guard_again).open()
    assert boot(again.page) == "snapshot"
    play_a_game(again)  # imports fractions and the trainer's modules, none in the snapshot
    imported_from = page.evaluate("() => window.__python.runPython('import sys; sys.modules[\"fractions\"].__file__')")
    assert imported_from == "/lib/python314.zip/fractions.pyc"
    # Restored, too, the page's Python files were fetched while Python started, not after.
    timing = page.evaluate(FILES_TIMING)
    assert all(timing["wasmEnd"] <= start < timing["interpreter"] for start in timing["files"]), timing
    assert not guard.problems and not guard_again.problems, guard.problems + guard_again.problems


def test_the_snapshot_holds_nothing_the_user_typed(context: BrowserContext, server_url: str) -> None:
    first, _ = visit(context, server_url)
    marker = "Zzyzx Marker Card"
    first.deal(seed=3, deck=f"56 {marker}\n4 Mountain", unchecked=True)  # now in the page's Python memory
    first.choose_to_play_if_asked()
    expect(first.hand().first).to_be_visible()
    wait_for_snapshot(first.page)
    assert first.page.evaluate(CONTAINS, "Pyodide") is True  # the search finds what is there
    assert first.page.evaluate(CONTAINS, marker) is False
    assert first.page.evaluate(CONTAINS, "opening_hand") is False  # no code of ours either


def test_a_snapshot_of_another_pyodide_build_is_replaced(context: BrowserContext, server_url: str) -> None:
    first, _ = visit(context, server_url)
    wait_for_snapshot(first.page)
    first.page.evaluate(FOREIGN_BUILD)
    first.page.close()

    again, guard = visit(context, server_url)
    assert boot(again.page) == "full"  # Pyodide refused the build id, and the page booted anyway
    assert any("snapshot could not be used" in w for w in guard.warnings), guard.warnings
    play_a_game(again)
    wait_for_snapshot(again.page)  # and made a good one
    again.page.close()

    third, _ = visit(context, server_url)
    assert boot(third.page) == "snapshot"
    play_a_game(third)


def test_a_damaged_snapshot_is_replaced(context: BrowserContext, server_url: str) -> None:
    first, _ = visit(context, server_url)
    wait_for_snapshot(first.page)
    first.page.evaluate(DAMAGED)
    first.page.close()

    again, guard = visit(context, server_url)
    assert boot(again.page) == "full"
    assert dropped(again.page) == "failed"
    assert any("snapshot could not be used" in w for w in guard.warnings), guard.warnings
    play_a_game(again)
    wait_for_snapshot(again.page)
    assert again.page.evaluate(TRIALS) == []  # that restore's trial ended with it
    assert not guard.problems, guard.problems


def test_a_snapshot_that_restores_but_kills_python_costs_one_visit(context: BrowserContext, server_url: str) -> None:
    first, _ = visit(context, server_url)
    wait_for_snapshot(first.page)
    first.page.evaluate(KILLING)
    first.page.close()

    dying, dying_guard = visit_that_dies(context, server_url)  # the one visit it costs
    assert boot(dying.page) == "snapshot"  # restored: nothing the page could catch went wrong
    assert dying_guard.problems  # and then Python died
    assert dying.page.evaluate("document.body.dataset.ready") != "true"
    assert len(dying.page.evaluate(TRIALS)) == 1  # so its trial is never ended
    dying.page.close()

    again, guard = visit(context, server_url)
    assert boot(again.page) == "full"
    assert dropped(again.page) == "unproven"
    assert any("never got ready" in w for w in guard.warnings), guard.warnings
    play_a_game(again)
    wait_for_snapshot(again.page)  # a new one
    assert not guard.problems, guard.problems
    again.page.close()

    third, guard = visit(context, server_url)
    assert boot(third.page) == "snapshot"
    assert dropped(third.page) is None
    play_a_game(third)
    assert not guard.problems, guard.problems


def test_a_restore_that_never_got_ready_drops_the_snapshot(context: BrowserContext, server_url: str) -> None:
    first, _ = visit(context, server_url)
    wait_for_snapshot(first.page)
    first.page.evaluate(ON_TRIAL)  # as a page that restored and died (or was closed) before ready leaves it
    first.page.close()

    again, guard = visit(context, server_url)
    assert boot(again.page) == "full"
    assert dropped(again.page) == "unproven"
    assert any("never got ready" in w for w in guard.warnings), guard.warnings
    assert again.page.evaluate(TRIALS) == []
    play_a_game(again)
    wait_for_snapshot(again.page)
    assert not guard.problems, guard.problems
    again.page.close()

    third, _ = visit(context, server_url)
    assert boot(third.page) == "snapshot"


def test_a_snapshot_that_got_the_page_ready_is_kept(context: BrowserContext, server_url: str) -> None:
    first, _ = visit(context, server_url)
    wait_for_snapshot(first.page)
    first.page.close()

    again, guard = visit(context, server_url)
    assert boot(again.page) == "snapshot"
    again.page.wait_for_function(f"{TRIALS}.length === 0")  # cleared once ready (and idle)
    again.page.close()

    third, guard_third = visit(context, server_url)
    assert boot(third.page) == "snapshot"
    assert dropped(third.page) is None
    play_a_game(third)
    assert not guard.problems and not guard_third.problems, guard.problems + guard_third.problems
