"""Start-up (issue 19): what the page does before it says ready, and what it no longer does.

The figures are in `make bench` (scripts/bench/bench.py); these tests prove the behaviour the
figures rely on: the browser runs the bundled bytecode (ours and PyScript's own package),
one listener per event type reaches every control, the menus work while Python starts,
and what index.html preloads is what PyScript then asks for.
"""

from __future__ import annotations

import gzip
import io
import json
import re
import zipfile

import pytest
from playwright.sync_api import Route, expect

from opening_hand.rules.editions import EDITIONS
from opening_hand.rules.formats import FORMATS
from serve import ROOT
from tests.browser.pages import FILES_TIMING, AppPage
from tests.browser.pages import PYTHON_HOOK as HOOK

# Every module Python imported from the page's folder: ours from their sourceless bytecode
# (scripts/build/pybundle.py), PyScript's package (which PyScript writes there) from checked-hash
# bytecode made for its very source; "stale": compiled in the browser.
BYTECODE = """
import importlib.util, json, os, sys
here = os.getcwd()
sourceless, checked, stale = [], [], []
for name, module in sorted(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""
    if not path.startswith(here + "/"):
        continue
    if path.endswith(".pyc"):
        sourceless.append(name)
        continue
    with open(path, "rb") as f:
        source = f.read()
    try:
        with open(importlib.util.cache_from_source(path), "rb") as f:
            header = f.read(16)
    except OSError:  # no bytecode at all: compiled at start-up, and not written
        stale.append(name)
        continue
    if int.from_bytes(header[4:8], "little") != 0b11 or header[8:16] != importlib.util.source_hash(source):
        stale.append(name)
    else:
        checked.append(name)
json.dumps({"sourceless": sourceless, "checked": checked, "stale": stale, "web": "pyscript.web" in sys.modules})
"""

# A traceback from one of the page's modules, once its sources are written: the frame's file
# and line, and what the traceback shows of it.
TRACEBACK = """
import json, traceback
from page.texts import ordinal
try:
    ordinal("three")
except TypeError as error:
    frame = traceback.extract_tb(error.__traceback__)[-1]
json.dumps([frame.filename, frame.lineno, frame.line])
"""

# Every standard-library module Python has imported: from the bytecode archive, which Pyodide
# runs as its standard library (each .pyc made from the very source in Pyodide's
# python_stdlib.zip, fetched by the test into /tmp), none compiled from sources.
STDLIB = """
import importlib.util, json, sys, zipfile
BYTECODE = "/lib/python314.zip/"
sources, bytecode = zipfile.ZipFile("/tmp/python_stdlib.zip"), zipfile.ZipFile(BYTECODE[:-1])
compiled, loaded, wrong = [], [], []
for name, module in sorted(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""
    frozen = getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"  # in the interpreter itself
    if path.startswith("/lib/") and path.endswith(".py") and not frozen:
        compiled.append(name)
    elif path.startswith(BYTECODE):
        loaded.append(name)
        relative = path[len(BYTECODE):]
        made_from = bytecode.read(relative)[8:16]
        if made_from != importlib.util.source_hash(sources.read(relative[:-1])):
            wrong.append(name)
json.dumps({"compiled": compiled, "loaded": loaded, "wrong": wrong})
"""
FETCH_SOURCES = """async () => {
  const data = new Uint8Array(await (await fetch("static/vendor/pyodide/python_stdlib.zip")).arrayBuffer());
  window.__python.FS.writeFile("/tmp/python_stdlib.zip", data);
}"""
# A standard-library module no import statement of the page names, nor anything it imports.
OUTSIDE = """
import sys
before = "colorsys" in sys.modules
import colorsys, email.mime.text
f"{before} {colorsys.__file__} {email.mime.text.__file__} {colorsys.rgb_to_hsv(1, 0, 0)}"
"""

UNWIRED = """
import json
from page.services import events
from pyscript import document
json.dumps([selector for handlers in events.HANDLERS.values() for selector, _ in handlers
            if document.querySelector(selector) is None])
"""

UNUSED_PLUGINS = ("py-editor", "py-terminal", "py-game", "donkey", "deprecations-manager", "codemirror")


def test_the_page_runs_the_bundled_bytecode_of_its_modules_and_of_pyscripts_package(app: AppPage) -> None:
    app.page.add_init_script(HOOK)
    app.open()
    app.page.wait_for_function("window.__python !== undefined")
    found = json.loads(app.page.evaluate("(code) => window.__python.runPython(code)", BYTECODE))
    assert {"page", "page.start", "page.running", "page.services.events"} <= set(found["sourceless"])
    assert {"pyscript", "pyscript.context", "pyscript.events"} <= set(found["checked"])
    assert found["stale"] == [], "bytecode made from another source: Python compiled these at start-up"
    assert not found["web"], "the start-up wires its controls without pyscript.web (when())"


def test_the_sources_travel_after_ready_and_give_a_traceback_its_lines(app: AppPage) -> None:
    """The modules run from their bytecode, so python.json's sources are not fetched before
    the page is ready: they come once it is idle, and tracebacks then show each line."""
    app.page.add_init_script(HOOK)
    app.open()
    app.page.wait_for_selector("html[data-python-sources=read]", state="attached")
    fetched, ready = app.page.evaluate("""() => [
      performance.getEntriesByType("resource").find((e) => e.name.endsWith("/static/python.json")).startTime,
      performance.getEntriesByName("oh:ready")[0].startTime]""")
    assert fetched > ready
    filename, line, text = json.loads(app.page.evaluate("(code) => window.__python.runPython(code)", TRACEBACK))
    assert filename.endswith("page/texts.py")
    source = (ROOT / "py" / "page" / "texts.py").read_text(encoding="utf-8").splitlines()
    assert text and text == source[line - 1].strip(), (line, text)
    app.deal(seed=5)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)


def test_the_pages_python_files_do_not_share_the_link_with_pyodides_webassembly(app: AppPage) -> None:
    """They are fetched once the WebAssembly has arrived (Pyodide's fsInit hook), while Python
    itself starts: not alongside it, which delayed it on a real link (scripts/bench/bench_network.py),
    and not after Python is up, which would leave the link idle while it boots."""
    app.open()
    timing = app.page.evaluate(FILES_TIMING)
    assert all(timing["wasmEnd"] <= start < timing["interpreter"] for start in timing["files"]), timing


def test_every_standard_library_module_the_page_uses_comes_from_the_bytecode_archive(app: AppPage) -> None:
    """Pyodide's boot, PyScript, the start-up, the first Deal and the trainer: no module of the
    standard library is compiled from source (scripts/build/pybundle.py's STDLIB_EXTRA lists what
    the engine does not import itself)."""
    app.page.add_init_script(HOOK)
    app.open().deal(seed=5)
    app.choose_to_play_if_asked()
    expect(app.page.get_by_test_id("outlook")).to_be_visible()  # the trainer's modules too
    app.page.evaluate(FETCH_SOURCES)
    found = json.loads(app.page.evaluate("(code) => window.__python.runPython(code)", STDLIB))
    assert {"shutil", "asyncio", "html.entities", "fractions", "dataclasses", "encodings"} <= set(found["loaded"])
    assert found["compiled"] == [], "compiled from source at every start: add them to STDLIB_EXTRA"
    assert found["wrong"] == []


def test_the_engines_dataclasses_are_made_from_ready_code_not_compiled_in_the_browser(app: AppPage) -> None:
    """The first Deal imports the engine: its dataclasses take their code from the table the
    build made (page/services/class_code.py); only the page's own few are compiled here."""
    app.page.add_init_script(HOOK)
    app.open().deal(seed=5)
    app.choose_to_play_if_asked()
    expect(app.page.get_by_test_id("outlook")).to_be_visible()  # the trainer's engine too
    code = "import json; from page.services import class_code; json.dumps(class_code.stats)"
    stats = json.loads(app.page.evaluate("(code) => window.__python.runPython(code)", code))
    page_classes = sum(p.read_text(encoding="utf-8").count("@dataclass") for p in (ROOT / "py" / "page").rglob("*.py"))
    engine_classes = sum(
        p.read_text(encoding="utf-8").count("@dataclass") for p in (ROOT / "py" / "opening_hand").rglob("*.py")
    )
    assert stats["compiled"] <= page_classes, stats
    assert stats["ready"] >= engine_classes // 2, stats  # most of the engine is imported by now


def test_one_standard_library_travels_and_a_module_outside_it_comes_from_the_sources_when_wanted(
    app: AppPage,
) -> None:
    """Pyodide runs the bytecode archive as its standard library: its sources (python_stdlib.zip)
    are not fetched for a start, a deal, the trainer and a mulligan. A module the archive lacks
    is still there when imported: the sources are fetched then, once."""
    requested: list[str] = []
    app.page.on("request", lambda request: requested.append(request.url))
    app.page.add_init_script(HOOK)
    app.open().deal(seed=5)
    app.choose_to_play_if_asked()
    expect(app.page.get_by_test_id("outlook")).to_be_visible()
    app.button("Mulligan").click()
    app.expect_hand_size(7)
    assert any(url.endswith("/static/stdlib.zip") for url in requested)
    assert not [url for url in requested if "python_stdlib.zip" in url], "the sources travel only when wanted"
    found = app.page.evaluate("(code) => window.__python.runPython(code)", OUTSIDE)
    before, colorsys, text, value = found.split(" ", 3)
    assert before == "False" and value == "(0.0, 1.0, 1)"  # red: hue 0, full saturation and value
    assert colorsys == "/lib/python314-sources.zip/colorsys.py"
    assert text == "/lib/python314-sources.zip/email/mime/text.py"  # a package's module too
    assert sum("python_stdlib.zip" in url for url in requested) == 1
    expect(app.page.locator("html")).to_have_attribute("data-stdlib-sources", "loaded")


def test_every_control_the_start_up_listens_for_is_on_the_page(app: AppPage) -> None:
    """One listener per event type on the document stands for a listener per control, so a
    selector naming no element would fail silently: every one must find its control."""
    app.page.add_init_script(HOOK)
    app.open()
    app.page.wait_for_function("window.__python !== undefined")
    assert json.loads(app.page.evaluate("(code) => window.__python.runPython(code)", UNWIRED)) == []


def test_a_format_chosen_while_python_starts_takes_effect_when_the_page_is_ready(app: AppPage) -> None:
    held: list[Route] = []
    app.page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    app.page.goto(app.url, wait_until="domcontentloaded")
    for _ in range(300):  # until the runtime asks for the wasm, which we hold
        if held:
            break
        app.page.wait_for_timeout(100)
    assert held, "the runtime should be asking for pyodide.asm.wasm"
    expect(app.page.locator("body")).to_have_attribute("data-ready", "false")
    app.page.get_by_label("Format").select_option("commander")  # the menu is on the page already
    app.page.get_by_label("Rules", exact=True).select_option("vancouver")
    held[0].continue_()
    app.page.wait_for_selector('body[data-ready="true"]', timeout=90_000)
    expect(app.page.locator("#format-description")).to_have_text(FORMATS["commander"].description)
    expect(app.page.locator("#rules-description")).to_have_text(EDITIONS["vancouver"].summary)
    expect(app.page.get_by_test_id("setup-summary")).to_contain_text("Commander")
    expect(app.page.get_by_test_id("setup-summary")).to_contain_text("Vancouver")


def test_what_the_page_preloads_is_used_and_pyscripts_unused_plugins_are_not_loaded(app: AppPage) -> None:
    requested: list[str] = []
    app.page.on("request", lambda request: requested.append(request.url))
    app.open()
    app.page.wait_for_timeout(4000)  # Chromium warns of a preload left unused a few seconds after load
    assert app.guard is not None
    assert not [w for w in app.guard.warnings if "preload" in w.lower()], app.guard.warnings
    pyscript = [url for url in requested if "/static/vendor/pyscript/" in url]
    assert any(re.search(r"/toml-\w+\.js$", url) for url in pyscript) and any("/error-" in url for url in pyscript)
    assert not [url for url in pyscript if any(f"/{name}-" in url for name in UNUSED_PLUGINS)]
    for preloaded in ("py/main.py", "pyscript.toml"):
        assert sum(url.endswith("/" + preloaded) for url in requested) == 1, preloaded


def refused_archive() -> bytes:
    """A zip whose bytecode no Python can run (a wrong magic number) for a module Python
    needs to start at all."""
    data = io.BytesIO()
    with zipfile.ZipFile(data, "w") as archive:
        archive.writestr("encodings/__init__.pyc", b"\x00\x00\x0d\x0a" + bytes(12) + b"not bytecode")
    return data.getvalue()


def test_python_starts_without_the_standard_librarys_bytecode_when_it_refuses_it(app: AppPage) -> None:
    """A stale or damaged static/stdlib.zip costs one extra boot, never the page."""
    app.page.route(
        "**/static/stdlib.zip", lambda route: route.fulfill(body=refused_archive(), content_type="application/zip")
    )
    app.open()
    expect(app.page.locator("html")).to_have_attribute("data-bytecode", "refused")
    assert app.guard is not None
    assert any("starts on its sources" in warning for warning in app.guard.warnings), app.guard.warnings
    # Python's own report of the failed first start, on the console; nothing else.
    assert any("bad magic number in 'encodings'" in problem for problem in app.guard.problems), app.guard.problems
    app.guard.problems.clear()
    app.deal(seed=5)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)


@pytest.mark.parametrize(
    "body",
    [
        gzip.compress(b"opening-hand-bytecode 1\n\xff\xff"),  # a name running past the end
        gzip.compress(b"opening-hand-bytecode 1\n\x07\x00../evil\x01\x00\x00\x00x"),  # a path out of the folder
        b"not gzip at all",
        gzip.compress(b'opening-hand-bytecode 1\n\x0d\x00page/start.py\x07\x00\x00\x00X = "!"'),  # a source
    ],
    ids=["truncated", "path-outside", "not-gzip", "a-source"],
)
def test_a_damaged_bytecode_file_costs_compiling_never_the_page(app: AppPage, body: bytes) -> None:
    """static/python-bytecode.gz is a speed-up only: a damaged one is left aside (a warning),
    Python compiles the page's modules from python.json's sources, and nothing is written
    outside the page's folder."""
    app.page.route(
        "**/static/python-bytecode.gz", lambda route: route.fulfill(body=body, content_type="application/gzip")
    )
    app.page.add_init_script(HOOK)
    app.open()
    assert app.guard is not None
    assert any("compiles its modules" in warning for warning in app.guard.warnings), app.guard.warnings
    app.page.wait_for_function("window.__python !== undefined")
    found = json.loads(app.page.evaluate("(code) => window.__python.runPython(code)", BYTECODE))
    assert "page.start" in found["stale"], "compiled from its source, as the bytecode was not used"
    assert app.page.evaluate("document.documentElement.dataset.pythonSources") == "now"
    assert app.page.evaluate("() => window.__python.runPython('import os; os.path.exists(\"../evil\")')") is False
    app.deal(seed=5)
    app.choose_to_play_if_asked()
    app.expect_hand_size(7)


def test_an_event_that_does_not_bubble_reaches_the_control_it_was_sent_to(app: AppPage) -> None:
    """The document's listeners hear events on their way down, so a script's
    `new Event("change")` (which does not bubble) reaches the decklist's handler, as a
    listener on the control itself would."""
    app.open()
    app.page.evaluate("""() => { const box = document.getElementById("decklist");
      box.value = "24 Mountain\\n36 Lightning Bolt"; box.dispatchEvent(new Event("change")); }""")
    expect(app.page.locator("#deck-summary")).to_contain_text("60 cards, 24 lands")
