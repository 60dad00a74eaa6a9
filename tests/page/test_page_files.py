"""The files the page loads agree with the engine: the sample deck, the menus and the PyScript config."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from opening_hand.cards import CATALOG, lookup, normalise
from opening_hand.cards.decklist import check_constructed, parse_decklist
from opening_hand.cards.samples import SAMPLES
from opening_hand.rules.editions import EDITIONS
from opening_hand.rules.formats import FORMATS
from opening_hand.rules.policy import POLICY_TEXT
from page.texts import setup_summary

ROOT = Path(__file__).resolve().parents[2]


class _Textarea(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.inside = tag == "textarea" and ("id", "decklist") in attrs

    def handle_endtag(self, tag: str) -> None:
        self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.text += data


class _Menus(HTMLParser):
    """The options of index.html's menus and the text of its hints, by id."""

    MENUS = ("format", "rules", "compare-rules")
    HINTS = ("format-description", "rules-description")

    def __init__(self) -> None:
        super().__init__()
        self.options: dict[str, list[tuple[str, str]]] = {menu: [] for menu in self.MENUS}
        self.selected: dict[str, list[str]] = {menu: [] for menu in self.MENUS}
        self.hints: dict[str, str] = {}
        self.menu: str | None = None
        self.text: str | None = None  # the option's value or the hint's id, while inside it
        self.data = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if tag == "select":
            self.menu = named.get("id") if named.get("id") in self.MENUS else None
        elif tag == "option" and self.menu:
            self.text, self.data = named.get("value") or "", ""
            if "selected" in named:
                self.selected[self.menu].append(self.text)
        elif tag == "p" and named.get("id") in self.HINTS:
            self.text, self.data = named.get("id"), ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "option" and self.menu and self.text is not None:
            self.options[self.menu].append((self.text, self.data))
        elif tag == "p" and self.text is not None:
            self.hints[self.text] = self.data
        elif tag == "select":
            self.menu = None
        self.text = None

    def handle_data(self, data: str) -> None:
        if self.text is not None:
            self.data += data


def sample_deck_text() -> str:
    parser = _Textarea()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser.text


def test_the_sample_deck_on_the_page_is_a_legal_60_card_deck_of_known_cards() -> None:
    assert sample_deck_text() == SAMPLES["constructed"], "index.html and samples.py must show the same deck"
    deck = parse_decklist(sample_deck_text())
    check_constructed(deck)
    assert len(deck.main_cards()) == 60 and len(deck.sideboard_cards()) == 15
    unknown = [e.name for e in deck.main + deck.sideboard if normalise(e.name) not in CATALOG]
    assert unknown == []
    lands = sum(1 for name in deck.main_cards() if lookup(name).is_land)
    assert lands == 20


def test_the_menus_on_the_page_list_the_formats_and_editions_of_the_engine() -> None:
    """index.html carries the menus, so the page need not build them (nor import the
    registries) before it is ready, and they work while Python starts."""
    page = _Menus()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    editions = [(key, edition.menu_name) for key, edition in EDITIONS.items()]
    assert page.options["format"] == [(key, fmt.name) for key, fmt in FORMATS.items()]
    assert page.options["rules"] == editions
    assert page.options["compare-rules"] == [("", "No comparison"), *editions]
    assert page.selected == {"format": ["constructed"], "rules": ["london"], "compare-rules": [""]}
    assert page.hints == {
        "format-description": FORMATS["constructed"].description,
        "rules-description": EDITIONS["london"].summary,
    }


class _Texts(HTMLParser):
    """The text of the elements with the given ids (none of them nests another)."""

    def __init__(self, ids: tuple[str, ...]) -> None:
        super().__init__()
        self.ids = ids
        self.texts: dict[str, str] = {}
        self.inside: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs).get("id")
        if named in self.ids:
            self.inside, self.texts[named] = named, ""

    def handle_endtag(self, tag: str) -> None:
        self.inside = None

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.texts[self.inside] += data


def test_the_first_screen_says_what_the_ready_page_says() -> None:
    """Texts the page writes when it starts are in index.html already, word for word, so they
    paint with the shell and nothing moves when Python fills them in (the layout shift at
    ready: tests/browser/test_layout_shift.py)."""
    page = _Texts(("setup-summary", "policy", "card-data"))
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    rules = EDITIONS["london"].name.split(" — ")[0]
    sample = f"Sample deck ({next(key for key, text in SAMPLES.items() if text == sample_deck_text())})"
    assert page.texts["setup-summary"] == setup_summary(sample, FORMATS["constructed"].name, 2, rules, None)
    assert page.texts["policy"] == POLICY_TEXT
    assert (
        page.texts["card-data"] == f"Card data: the built-in catalog ({len({i.name for i in CATALOG.values()})} cards)"
    )


def test_pyscript_toml_runs_the_vendored_interpreter_with_no_packages() -> None:
    """The modules come from static/python.json (tests/site/test_python_bundle.py), fetched while
    Pyodide boots, not from a [files] table fetched after it."""
    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    assert re.search(r'^interpreter\s*=\s*"\./static/runtime/pyodide\.mjs"', config, re.MULTILINE)
    assert not re.search(r"^\s*packages\s*=", config, re.MULTILINE), "no packages: micropip is not shipped"
    assert not re.search(r"^\s*\[files\]", config, re.MULTILINE)


def test_the_docs_state_the_pages_content_security_policy() -> None:
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    readme = (ROOT / "docs/hosting.md").read_text(encoding="utf-8")
    stated = re.search(r"## Security.*?\n`(default-src[^`]+)`", readme, re.DOTALL)
    assert stated is not None, "docs/hosting.md's Security section quotes the policy"
    assert " ".join(stated.group(1).split()) == policy.group(1)


def test_the_interpreter_module_wraps_the_vendored_pyodide() -> None:
    wrapper = (ROOT / "static/runtime/pyodide.mjs").read_text(encoding="utf-8")
    imports = re.findall(r'from "([^"]+)"', wrapper)
    assert "../vendor/pyodide/pyodide.mjs" in imports
    assert all(i.startswith(("./", "../")) for i in imports), "no CDN: every import is local"
