"""scripts/build/cards.py: the card database built from Scryfall's Oracle Cards bulk file.

The fixture tests/fixtures/scryfall/oracle-cards.json is a small bulk file in Scryfall's own
format: every card of the built-in catalog, a Modern deck (modern-arena.txt, an Arena
export), one card of each layout, and the entries the script must leave out. Downloads are
tested against a local server on 127.0.0.1; nothing here reaches the internet.

Here, not in tests/engine/: every engine test also runs inside Pyodide, which has no
subprocesses, threads or sockets; this is a build script's test, like test_deploy.py.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar

import cards
import pytest
import vendor
import yaml
from cards import SourceError, build, card_row, iter_json_array, parse, text_row

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures" / "scryfall"
BULK = FIXTURES / "oracle-cards.json"
UPDATED = "2025-11-20T09:03:45.073+00:00"
FIXTURE_CARDS: list[dict[str, Any]] = json.loads(BULK.read_text(encoding="utf-8"))


def unpacked(path: Path) -> list[str]:
    return gzip.decompress(path.read_bytes()).decode("utf-8").split("\n")


def database(out: Path) -> tuple[dict[str, Any], list[str], list[str]]:
    """The index, the card lines and the text lines (each without its final empty string)."""
    index = json.loads((out / "cards.json").read_text(encoding="utf-8"))
    card_lines, text_lines = unpacked(out / index["cards"]), unpacked(out / index["text"])
    assert card_lines[-1] == "" and text_lines[-1] == "", "every line ends with a newline"
    return index, card_lines[:-1], text_lines[:-1]


def rows_by_name(lines: list[str]) -> dict[str, list[str]]:
    return {line.split("\t")[0]: line.split("\t") for line in lines[1:]}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, cards.Summary]:
    out = tmp_path_factory.mktemp("data")
    return out, build(iter(FIXTURE_CARDS), UPDATED, out)


@pytest.fixture(scope="module")
def rows(built: tuple[Path, cards.Summary]) -> dict[str, list[str]]:
    return rows_by_name(database(built[0])[1])


# --- the files -----------------------------------------------------------------------------------


def test_the_index_names_every_file_by_the_hash_of_its_bytes(built: tuple[Path, cards.Summary]) -> None:
    out, summary = built
    index, card_lines, text_lines = database(out)
    assert list(index) == ["format", "source", "updated", "count", "cards", "text", "images", "cards_bytes",
                           "text_bytes", "images_bytes"]  # fmt: skip
    assert index["format"] == 1 and index["source"] == "Scryfall Oracle Cards" and index["updated"] == UPDATED
    for key in ("cards", "text", "images"):
        data = (out / index[key]).read_bytes()
        assert index[key] == f"{key}-{hashlib.sha256(data).hexdigest()[:12]}.txt.gz"
        assert index[f"{key}_bytes"] == len(data)
    assert index["count"] == summary.count == len(card_lines) - 1 == len(text_lines) - 1 == 199
    files = ["cards.json", index["cards"], index["text"], index["images"]]
    assert sorted(p.name for p in out.iterdir()) == sorted(files)


def test_the_images_file_names_each_cards_image_on_scryfalls_image_host(built: tuple[Path, cards.Summary]) -> None:
    out, _ = built
    index = json.loads((out / "cards.json").read_text(encoding="utf-8"))
    head, *lines, end = unpacked(out / index["images"])
    assert end == "" and head == f"opening-hand-images\t1\t{UPDATED}\t{len(lines)}"
    paths = dict(line.split("\t") for line in lines)
    by_name = {card["name"]: card for card in FIXTURE_CARDS}
    for name, path in paths.items():  # the normal size of image_uris, the front face's for two faces
        card = by_name[name]
        uris = card.get("image_uris") or card["card_faces"][0]["image_uris"]
        assert uris["normal"] == "https://cards.scryfall.io/normal/" + path
    assert "Delver of Secrets // Insectile Aberration" in paths and "Lightning Bolt" in paths
    assert len(paths) >= 150 and list(paths) == sorted(paths)


def test_the_headers_carry_the_date_the_count_and_the_formats(built: tuple[Path, cards.Summary]) -> None:
    _, card_lines, text_lines = database(built[0])
    assert card_lines[0] == (
        f"opening-hand-cards\t1\t{UPDATED}\t199\tstandard,pioneer,modern,legacy,vintage,pauper,commander,standardbrawl,brawl"
    )
    assert text_lines[0] == f"opening-hand-text\t1\t{UPDATED}\t199"


def test_rows_are_eight_fields_sorted_by_name_with_unique_names(built: tuple[Path, cards.Summary]) -> None:
    _, card_lines, text_lines = database(built[0])
    names = [line.split("\t")[0] for line in card_lines[1:]]
    assert names == sorted(names) and len(set(names)) == len(names)
    assert [line.split("\t")[0] for line in text_lines[1:]] == names, "the text file has the same order"
    for line in card_lines[1:]:
        fields = line.split("\t")
        assert len(fields) == 8, line
        assert re.fullmatch(r"\d+(\.\d+)?", fields[2]) and re.fullmatch(r"[LRB-]{9}", fields[6]), line
        assert re.fullmatch(r"W?U?B?R?G?", fields[4]) and re.fullmatch(r"W?U?B?R?G?", fields[5]), line


def test_gzip_headers_hold_no_time_and_no_file_name(built: tuple[Path, cards.Summary]) -> None:
    index = json.loads((built[0] / "cards.json").read_text(encoding="utf-8"))
    for key in ("cards", "text", "images"):
        head = (built[0] / index[key]).read_bytes()[:10]
        assert head[:3] == b"\x1f\x8b\x08" and head[3] == 0, "no FNAME or other optional fields"
        assert head[4:8] == b"\0\0\0\0", "mtime 0"


# --- rows ----------------------------------------------------------------------------------------

# name: cost, mana value, type line, colours, colour identity, legalities (the header's formats), extra
# fmt: off
ROWS = {
    # split: both halves' costs, the sum of their mana values, the card's own colours
    "Fire // Ice": "{1}{R} // {1}{U}|4|Instant // Instant|UR|UR|--LLLLL--|layout=split",
    "Wear // Tear": "{1}{R} // {W}|3|Instant // Instant|WR|WR|-LLLL-L--|layout=split",
    # adventure and flip: the card's own cost; the mana value is the main face's
    "Bonecrusher Giant // Stomp":
        "{2}{R} // {1}{R}|3|Creature — Giant // Instant — Adventure|R|R|-LLLL-L-L|layout=adventure",
    "Akki Lavarunner // Tok-Tok, Volcano Born":
        "{3}{R}|4|Creature — Goblin Warrior // Legendary Creature — Goblin Shaman|R|R|--LLL-L--|layout=flip",
    # transform and modal_dfc: no cost of their own, the faces' joined; colours from the front face
    "Delver of Secrets // Insectile Aberration":
        "{U} // |1|Creature — Human Wizard // Creature — Human Insect|U|U|-LLLLLL-L|layout=transform",
    "Ajani, Nacatl Pariah // Ajani, Nacatl Avenger":
        "{1}{W} // |2|Legendary Creature — Cat Warrior // Legendary Planeswalker — Ajani|W|WR|--LLL-L-L|"
        "layout=transform",
    "Agadeem's Awakening // Agadeem, the Undercrypt":
        "{X}{B}{B}{B} // |3|Sorcery // Land|B|B|-LLLL-L-L|layout=modal_dfc;produces=B;back-tapped=life:3",
    "Emeria's Call // Emeria, Shattered Skyclave":
        "{4}{W}{W}{W} // |7|Sorcery // Land|W|W|-LLLL-L-L|layout=modal_dfc;produces=W;back-tapped=life:3",
    # meld: three cards, the melded one without a cost and with a colour indicator
    "Bruna, the Fading Light": "{5}{W}{W}|7|Legendary Creature — Angel Horror|W|W|--LLL-L--|layout=meld",
    "Gisela, the Broken Blade": "{2}{W}{W}|4|Legendary Creature — Angel Horror|W|W|--LLL-L--|layout=meld",
    "Brisela, Voice of Nightmares": "|11|Legendary Creature — Eldrazi Angel|W|W|--LLL-L--|layout=meld",
    # a fractional mana value, accents, hybrid costs, colour identity from rules text
    "Little Girl": "{HW}|0.5|Creature — Human Child|W|W|---------|",
    "Lim-Dûl's Vault": "{U}{B}|2|Instant|UB|UB|---LL-L--|",
    "Séance": "{2}{W}{W}|4|Enchantment|W|W|---LL-L--|",
    "Jötun Grunt": "{1}{W}|2|Creature — Giant Soldier|W|W|--LLL-L--|",
    "Lurrus of the Dream-Den": "{1}{W/B}{W/B}|3|Legendary Creature — Cat Nightmare|WB|WB|-LBLR-L-L|",
    # its mana can't pay generic costs: more than the mana facts say, so unread (played as a spell)
    "Jegantha, the Wellspring": "{4}{R/G}|5|Legendary Creature — Elemental Elk|RG|WUBRG|-LBLL-L-L|unread=1",
    "Kenrith, the Returned King": "{4}{W}|5|Legendary Creature — Human Noble|W|WUBRG|-LLLL-L-L|",
    "Atraxa, Praetors' Voice": "{G}{W}{U}{B}|4|Legendary Creature — Phyrexian Angel Horror|WUBG|WUBG|---LL-L--|",
    # banned and restricted
    "Oko, Thief of Crowns": "{1}{G}{U}|3|Legendary Planeswalker — Oko|UG|UG|-BBBR-L-L|",
    "Black Lotus": "{0}|0|Artifact|||---BR-B--|unread=1",  # its mana is a sacrifice, not a rock's: unread
    "Ancestral Recall": "{U}|1|Instant|U|U|---BR-B--|",
    "Sol Ring": "{1}|1|Artifact|||---BR-L--|adds=C.C",  # not a land: no produces=, its mana ability's facts
    "Faithless Looting": "{R}|1|Sorcery|R|R|--BLLBL--|",
    "Windswept Heath": "|0|Land|||-BLLL-L-L|finds=Forest/Plains,life1",  # a fetch land: no produces=, what it finds
    "Power Play": "|0|Conspiracy|||---BB-B--|",
    # standard, lands: produces= from produced_mana, in WUBRGC order
    "Shock": "{R}|1|Instant|R|R|LLLLLLLLL|",
    "Plains": "|0|Basic Land — Plains||W|LLLLLLLLL|produces=W",
    "Snow-Covered Wastes": "|0|Basic Snow Land|||--LLLLL-L|produces=C",
    "Elegant Parlor": "|0|Land — Mountain Plains||WR|LLLLL-LLL|produces=WR;tapped=1",
    "Gemstone Caverns": "|0|Legendary Land|||--LLL-L--|produces=WUBRGC;unread=1",  # a luck counter's mana
    # the other games' cards
    "Momir Vig, Simic Visionary Avatar": "|0|Vanguard|||---------|hand=+0;life=+4;layout=vanguard",
    "Krosa": "|0|Plane — Dominaria||WUBRG|---------|layout=planar",
    "Chaotic Aether": "|0|Phenomenon|||---------|layout=planar",
    "I Bask in Your Silent Awe": "|0|Ongoing Scheme|||---------|layout=scheme",
}
# fmt: on


@pytest.mark.parametrize("name", ROWS)
def test_each_layout_gives_the_row_the_format_describes(rows: dict[str, list[str]], name: str) -> None:
    assert rows[name] == [name, *ROWS[name].split("|")]


def test_card_row_and_text_row_match_the_built_files(built: tuple[Path, cards.Summary]) -> None:
    _, card_lines, text_lines = database(built[0])
    expected = sorted((row, text_row(c)) for c in FIXTURE_CARDS if (row := card_row(c)) is not None)
    assert [row for row, _ in expected] == card_lines[1:]
    assert [text for _, text in expected] == text_lines[1:]


LEFT_OUT = {
    "Goblin": "token",
    "Incubator // Phyrexian": "double_faced_token",
    "Elspeth, Sun's Champion Emblem": "emblem",
    "Ragavan, Nimble Pilferer // Ragavan, Nimble Pilferer": "art_series",
    "Shadows over Innistrad Checklist": "checklist",
    "Tomb of Annihilation": "dungeon",
    "Ancestral Hot Dog Minotaur": "stickers",
}


def test_tokens_emblems_art_cards_checklists_dungeons_and_stickers_are_left_out(
    built: tuple[Path, cards.Summary], rows: dict[str, list[str]]
) -> None:
    fixture = {c["name"]: c for c in FIXTURE_CARDS}
    for name, reason in LEFT_OUT.items():
        assert cards.left_out(fixture[name]) == reason, name
        assert card_row(fixture[name]) is None and name not in rows, name
    assert built[1].left_out == dict.fromkeys(LEFT_OUT.values(), 1)
    assert "Ragavan, Nimble Pilferer" in rows, "the art card does not hide the real one"


def test_the_type_line_rules_do_not_depend_on_the_layout() -> None:
    base = {"object": "card", "name": "X", "layout": "normal", "cmc": 0.0, "legalities": {}}
    assert cards.left_out({**base, "type_line": "Dungeon — Undercity"}) == "dungeon"
    assert cards.left_out({**base, "type_line": "Card"}) == "checklist"
    assert cards.left_out({**base, "type_line": "Stickers"}) == "stickers"
    assert cards.left_out({**base, "type_line": "Card // Card"}) is None  # only exactly "Card"
    assert cards.left_out({**base, "type_line": "Creature — Dungeon Master"}) is None
    assert cards.left_out({**base, "object": "related_card"}) == "not a card"
    assert cards.left_out({**base, "name": " "}) == "not a card"
    assert cards.left_out(["not", "a", "card"]) == "not a card"


def test_every_catalog_card_is_in_the_database_with_the_catalogs_type_line_and_mana() -> None:
    """Every catalog card against its Scryfall object (the three fixture files, as the build
    turns them into rows): the type line, the cost, and the fourth column: what the row's
    produces= pair says, or exactly the row's mana facts (read from the card's Oracle text)."""
    from tests.engine.deck_fixtures import card_objects

    rows = {row.split("\t")[0]: row.split("\t") for card in card_objects() if (row := card_row(card)) is not None}
    catalog = ROOT / "py" / "opening_hand" / "cards" / "catalog.txt"
    entries = [line.split("|") for line in catalog.read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.startswith("#")]  # fmt: skip
    assert len(entries) > 200
    mana_keys = ("tapped", "adds", "also", "pay", "finds", "unread", "back-")
    for name, cost, type_line, *fourth in ([part.strip() for part in entry] for entry in entries):
        assert name in rows, name
        assert rows[name][3] == type_line, name
        if name != "Delver of Secrets // Insectile Aberration":  # the catalog writes a transform card's front cost
            assert rows[name][1].strip() == cost, name
        extra = set(rows[name][7].split(";")) - {""}
        if fourth and fourth[0].startswith("cast "):  # a spell usually cast for another cost: not a land
            assert "Land" not in type_line and not any(p.startswith("produces=") for p in extra)
            continue
        pairs = (
            set(fourth[0].split(";")) if fourth and "=" in fourth[0] else {f"produces={fourth[0]}"} if fourth else set()
        )
        assert {p for p in pairs if p.startswith("produces=")} <= extra, name
        if not any(p.startswith("layout=") for p in pairs) and any(p.startswith(mana_keys) for p in extra):
            assert {p for p in pairs if p.startswith(mana_keys)} == {p for p in extra if p.startswith(mana_keys)}, name


def test_the_modern_arena_deck_is_60_cards_with_24_lands_all_in_the_database(rows: dict[str, list[str]]) -> None:
    text = (FIXTURES / "modern-arena.txt").read_text(encoding="utf-8")
    main_text, sideboard_text = text.split("\nSideboard\n")
    assert main_text.startswith("Deck\n")
    line = re.compile(r"(\d+) (.+) \(([0-9A-Z]{3,5})\) (\d+[a-z]?)")

    def entries(section: str) -> list[tuple[int, str]]:
        found = [line.fullmatch(row) for row in section.splitlines()[int(section.startswith("Deck")) :] if row]
        assert all(found), section
        return [(int(m[1]), m[2]) for m in found if m]

    main, sideboard = entries(main_text), entries(sideboard_text)
    assert sum(n for n, _ in main) == 60 and sum(n for n, _ in sideboard) == 15
    by_face = {face: row for name, row in rows.items() for face in (name, *name.split(" // "))}
    assert by_face["Ajani, Nacatl Pariah"][0] == "Ajani, Nacatl Pariah // Ajani, Nacatl Avenger"  # Arena: front face
    for _, name in main + sideboard:
        assert name in by_face, name
        assert by_face[name][6][2] == "L", f"{name} is legal in Modern"
    lands = [(n, by_face[name]) for n, name in main if "Land" in by_face[name][3].split(" // ")[0]]
    assert sum(n for n, _ in lands) == 24
    assert sum(n for n, row in lands if not row[3].startswith("Basic")) >= 9


def test_rows_read_by_the_engines_card_database(built: tuple[Path, cards.Summary]) -> None:
    carddb = pytest.importorskip("opening_hand.cards.carddb")
    _, card_lines, text_lines = database(built[0])
    db = carddb.CardDatabase.parse("\n".join(card_lines) + "\n")
    assert db.count == 199 and db.updated == UPDATED
    assert db.info("Stomp").name == "Bonecrusher Giant // Stomp"
    assert db.info("lim-dul's vault").name == "Lim-Dûl's Vault"
    # a land's mana: produced_mana when Scryfall gives it, else its colour identity, else unknown
    assert [db.info(n).mana_sources for n in ("Sunbaked Canyon", "Wastes", "Agadeem's Awakening")] == ["WR", "C", "B"]
    assert (db.info("Windswept Heath").produces, db.info("Windswept Heath").mana_sources) == (None, "")
    db.add_text("\n".join(text_lines) + "\n")
    assert db.oracle_text("Fire") == (
        "Fire deals 2 damage divided as you choose among one or two targets.\n//\nTap target permanent.\nDraw a card."
    )


# --- the text file -------------------------------------------------------------------------------


def test_oracle_text_escapes_backslashes_and_line_breaks_and_joins_faces(rows: dict[str, list[str]]) -> None:
    card = {"name": "Odd\tName\nHere", "oracle_text": "a\\n is not\ta line break\r\nbut this is\u2028and this"}
    assert text_row(card) == "Odd Name Here\ta\\\\n is not a line break\\nbut this is\\nand this"
    faces = {"name": "A // B", "card_faces": [{"oracle_text": "One\nTwo"}, {"oracle_text": "Three"}]}
    assert text_row(faces) == "A // B\tOne\\nTwo\\n//\\nThree"
    assert text_row({"name": "Grizzly Bears", "oracle_text": ""}) == "Grizzly Bears\t"
    assert text_row({"name": "Vanilla"}) == "Vanilla\t"


def test_the_text_file_holds_each_cards_rules_text(built: tuple[Path, cards.Summary]) -> None:
    _, _, text_lines = database(built[0])
    texts = dict(line.split("\t", 1) for line in text_lines[1:])
    assert texts["Boros Charm"].startswith("Choose one —\\n• Boros Charm deals 4 damage")
    assert texts["Fire // Ice"] == (
        "Fire deals 2 damage divided as you choose among one or two targets.\\n//\\n"
        "Tap target permanent.\\nDraw a card."
    )
    assert texts["Grizzly Bears"] == "" and texts["Plains"] == "({T}: Add {W}.)"
    assert all("\t" not in text and "\r" not in text for text in texts.values())


# --- synthetic cards -----------------------------------------------------------------------------


def test_odd_cards_still_give_a_row() -> None:
    reversible = {"object": "card", "name": "Zndrsplt // Zndrsplt", "layout": "reversible_card",
                  "color_identity": ["U"], "legalities": {"vintage": "legal", "modern": "not_legal"},
                  "card_faces": [{"name": "Zndrsplt", "mana_cost": "{2}{U}", "cmc": 3.0, "type_line": "Creature",
                                  "colors": ["U"]}, {"name": "Zndrsplt", "mana_cost": "{2}{U}", "cmc": 3.0,
                                                     "type_line": "Creature", "colors": ["U"]}]}  # fmt: skip
    assert card_row(reversible) == (
        "Zndrsplt // Zndrsplt\t{2}{U} // {2}{U}\t3\tCreature // Creature\tU\tU\t----L----\tlayout=reversible_card"
    )
    avatar = {"name": "Odd\tAvatar", "layout": "vanguard", "type_line": "Vanguard", "hand_modifier": "-1",
              "life_modifier": "+15", "colors": ["G", "W"], "color_identity": ["G", "W"], "cmc": 1000000.0}  # fmt: skip
    assert card_row(avatar) == "Odd Avatar\t\t1000000\tVanguard\tWG\tWG\t---------\thand=-1;life=+15;layout=vanguard"
    lands = {"name": "Hengegate Pathway // Mistgate Pathway", "layout": "modal_dfc", "cmc": 0.0,
             "card_faces": [{"mana_cost": "", "type_line": "Land", "colors": []},
                            {"mana_cost": "", "type_line": "Land", "colors": []}]}  # fmt: skip
    colourless = {"name": "Eldrazi // Scion", "colors": [], "card_faces": [{"colors": ["R"]}, {"colors": ["G"]}]}
    assert (card_row(colourless) or "").split("\t")[4] == "", "the card's own (empty) colours, not its first face's"
    expected = "Hengegate Pathway // Mistgate Pathway\t\t0\tLand // Land\t\t\t---------\tlayout=modal_dfc"
    assert card_row(lands) == expected


def test_a_name_that_occurs_twice_keeps_the_first(tmp_path: Path) -> None:
    first = {"name": "Twice", "layout": "normal", "type_line": "Instant", "cmc": 1.0, "oracle_text": "first"}
    second = {**first, "type_line": "Sorcery", "oracle_text": "second"}
    summary = build([first, {"name": "Other", "type_line": "Land"}, second], UPDATED, tmp_path)
    _, card_lines, text_lines = database(tmp_path)
    assert summary.count == 2 and summary.left_out == {"duplicate name": 1}
    assert card_lines[1:] == ["Other\t\t0\tLand\t\t\t---------\t", "Twice\t\t1\tInstant\t\t\t---------\t"]
    assert text_lines[2] == "Twice\tfirst"


def test_an_empty_bulk_file_is_an_error_not_an_empty_database(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no cards"):
        build(iter([{"name": "Goblin", "layout": "token"}]), UPDATED, tmp_path)
    assert list(tmp_path.iterdir()) == []


# --- writing -------------------------------------------------------------------------------------


def test_the_same_bulk_file_gives_the_same_bytes(tmp_path: Path, built: tuple[Path, cards.Summary]) -> None:
    again = build(iter(FIXTURE_CARDS), UPDATED, tmp_path)
    assert (again.cards_file, again.text_file) == (built[1].cards_file, built[1].text_file)
    for name in ("cards.json", again.cards_file, again.text_file):
        assert (tmp_path / name).read_bytes() == (built[0] / name).read_bytes()
    # Built again in the same folder: nothing to remove, nothing changes.
    assert build(iter(FIXTURE_CARDS), UPDATED, tmp_path).removed == []
    assert (tmp_path / "cards.json").read_bytes() == (built[0] / "cards.json").read_bytes()


def test_older_database_files_are_removed_and_other_files_kept(tmp_path: Path) -> None:
    stale = ["cards-0123456789ab.txt.gz", "text-0123456789ab.txt.gz", "cards-ffffffffffff.txt.gz"]
    others = ["notes.txt", "cards-backup.txt.gz", "cards-0123456789ab.txt"]
    for name in stale + others:
        (tmp_path / name).write_bytes(b"old")
    summary = build(iter(FIXTURE_CARDS), UPDATED, tmp_path)
    assert sorted(summary.removed) == sorted(stale)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["cards.json", summary.cards_file, summary.text_file, summary.images_file, *others]
    )


def test_a_failed_read_leaves_the_previous_database_and_no_temporary_files(tmp_path: Path) -> None:
    build(iter(FIXTURE_CARDS[:50]), UPDATED, tmp_path)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def broken() -> Iterator[dict[str, Any]]:
        yield from FIXTURE_CARDS
        raise SourceError("the connection broke")

    with pytest.raises(SourceError):
        build(broken(), "2030-01-01", tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before

    def failing_write(*args: object) -> None:
        raise OSError("disk full")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(gzip.GzipFile, "write", failing_write)
        with pytest.raises(OSError, match="disk full"):
            build(iter(FIXTURE_CARDS), "2030-01-01", tmp_path)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before, "no temporary file is left behind"


def test_written_files_are_readable_by_the_web_server(built: tuple[Path, cards.Summary]) -> None:
    for path in built[0].iterdir():
        assert path.stat().st_mode & 0o044 == 0o044, path.name  # not mkstemp's private 0600


# --- reading the bulk file -----------------------------------------------------------------------

TRICKY = [
    {"name": 'Quote " and \\ backslash', "text": "line\nbreak\ttab \u00e9 \u2014 \U0001f600", "n": -12.5e-3},
    {"nested": [[], {}, [1, [2, [3]]]], "empty": "", "true": True, "false": False, "null": None},
    12345678901234567890,
    "a string ] with } brackets , and commas",
    [],
    0.5,
]


def chunked(text: str, sizes: Iterator[int]) -> Iterator[str]:
    pos = 0
    while pos < len(text):
        size = next(sizes)
        yield text[pos : pos + size]
        pos += size


@pytest.mark.parametrize("indent", [None, 2, "\t"])
def test_the_reader_decodes_any_formatting_cut_anywhere(indent: int | str | None) -> None:
    text = json.dumps(TRICKY, indent=indent, ensure_ascii=indent is None)
    assert list(iter_json_array([text])) == TRICKY
    assert list(iter_json_array(text)) == TRICKY, "one-character chunks"
    for cut in range(len(text) + 1):  # every boundary: inside strings, escapes, numbers, literals
        assert list(iter_json_array([text[:cut], "", text[cut:]])) == TRICKY, cut
    rng = random.Random(7)
    sizes = iter(lambda: rng.randint(1, 40), None)
    assert list(iter_json_array(chunked(text, sizes))) == TRICKY


def test_the_reader_reads_the_fixture_compact_one_per_line_and_pretty_printed() -> None:
    text = BULK.read_text(encoding="utf-8")
    assert text.count("\n") == len(FIXTURE_CARDS) + 2, "one card object per line"
    pretty = json.dumps(FIXTURE_CARDS, indent=2, ensure_ascii=False)
    compact = json.dumps(FIXTURE_CARDS, separators=(",", ":"))
    for source in (text, pretty, compact):
        assert list(iter_json_array(chunked(source, iter(lambda: 997, None)))) == FIXTURE_CARDS
    some = json.dumps(FIXTURE_CARDS[:25], indent=2, ensure_ascii=False)
    assert list(iter_json_array(some)) == FIXTURE_CARDS[:25]  # one character at a time


def test_numbers_split_between_chunks_are_read_whole() -> None:
    assert list(iter_json_array(["[12", "34, 5.", "5e", "3 ,-", "7]"])) == [1234, 5500.0, -7]
    assert list(iter_json_array(["[tr", "ue,nu", "ll]"])) == [True, None]


@pytest.mark.parametrize(
    "text",
    ["", "   ", '{"object": "list"}', "[1,]", "[1 2]", "[1,", '[{"a": 1}', '["unterminated]', "[1] 2", "[1]]", "nope"],
)
def test_the_reader_rejects_anything_but_one_json_array(text: str) -> None:
    with pytest.raises(ValueError):
        list(iter_json_array(text))


def test_the_reader_gives_up_on_a_value_too_large_to_be_a_card() -> None:
    endless = iter(lambda: "x" * 1000, None)
    with pytest.raises(ValueError, match="no value within"):
        list(iter_json_array(['["', *(next(endless) for _ in range(100))], limit=10_000))


def test_empty_arrays_byte_order_marks_and_whitespace() -> None:
    assert list(iter_json_array([" \n\t[ \r\n ] \n"])) == []
    assert list(iter_json_array(["\ufeff[1]"])) == [1]


def test_bytes_plain_or_gzip_split_anywhere_even_inside_a_character() -> None:
    data = json.dumps(FIXTURE_CARDS[:20], ensure_ascii=False).encode("utf-8")
    packed = gzip.compress(data, mtime=0)
    two_members = gzip.compress(data[:5000], mtime=0) + gzip.compress(data[5000:], mtime=0)
    for raw in (data, packed, two_members):
        assert list(parse(raw[i : i + 3] for i in range(0, len(raw), 3))) == FIXTURE_CARDS[:20]
    with pytest.raises(SourceError, match="truncated"):
        list(parse([packed[:-20]]))
    with pytest.raises(SourceError, match="not readable"):
        list(parse([b'["caf\xc3']))  # a character cut off at the end of the file
    with pytest.raises(SourceError, match="not readable"):
        list(parse([b"\x1f\x8bnot gzip at all"]))


def test_gunzip_gives_small_pieces_whatever_the_compression_ratio() -> None:
    data = b"[" + b"0," * 2_000_000 + b"0]"  # 4 MB from a few kB of gzip
    packed = gzip.compress(data, mtime=0)
    for size in (1, 100, len(packed)):
        pieces = list(cards.gunzip(packed[i : i + size] for i in range(0, len(packed), size)))
        assert b"".join(pieces) == data, size
        assert max(map(len, pieces)) <= cards.CHUNK, "a few large strings fragment memory"


def test_a_gzip_file_on_disk_gives_its_date_from_scryfalls_file_name(tmp_path: Path) -> None:
    bulk = tmp_path / "oracle-cards-20251120090345.json.gz"
    bulk.write_bytes(gzip.compress(BULK.read_bytes()))
    progress = cards.Progress(io.StringIO())
    updated, found = cards.read_file(bulk, progress)
    assert updated == "2025-11-20T09:03:45+00:00"
    assert list(found) == FIXTURE_CARDS
    assert progress.read == progress.total == bulk.stat().st_size
    assert cards._date_in_name("oracle-cards-20251399999999.json") is None  # not a date


# --- the command line ----------------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "build" / "cards.py"), *args], capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip


def test_the_command_builds_from_a_pretty_printed_file_the_same_database(
    tmp_path: Path, built: tuple[Path, cards.Summary]
) -> None:
    bulk = tmp_path / "pretty.json"
    bulk.write_text(json.dumps(FIXTURE_CARDS, indent=4, ensure_ascii=False), encoding="utf-8")
    done = run("--from", str(bulk), "--out", str(tmp_path / "out"), "--updated", UPDATED)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "cards.json").read_bytes() == (built[0] / "cards.json").read_bytes()
    summary = done.stdout.splitlines()
    assert summary[0].startswith("cards: 199 cards kept, 7 left out (art_series 1, checklist 1,")
    assert re.match(r"cards: cards-[0-9a-f]{12}\.txt\.gz [\d.]+ kB raw, [\d.]+ kB gzip", summary[1])
    assert re.match(r"cards: images-[0-9a-f]{12}\.txt\.gz [\d.]+ kB gzip", summary[3])
    assert re.match(r"cards: done in [\d.]+ s", summary[4])
    assert done.stderr.splitlines() == [f"cards: {cards._size(bulk.stat().st_size)} of "
                                        f"{cards._size(bulk.stat().st_size)} read, 199 cards kept"]  # fmt: skip


def test_a_missing_file_is_one_line_and_status_2_or_with_optional_the_null_index(tmp_path: Path) -> None:
    done = run("--from", str(tmp_path / "missing.json"), "--out", str(tmp_path / "out"))
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and "missing.json" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out" / "cards.json").exists()
    done = run("--from", str(tmp_path / "missing.json"), "--out", str(tmp_path / "out"), "--optional")
    assert done.returncode == 0 and "warning" in done.stderr
    assert json.loads((tmp_path / "out" / "cards.json").read_text()) == {"format": 1, "cards": None}


def test_progress_is_one_final_line_off_a_terminal_and_a_rewritten_line_on_one() -> None:
    log = io.StringIO()
    progress = cards.Progress(log)
    progress.total = 3000
    for _ in progress.count([b"x" * 1000] * 3):
        pass
    assert log.getvalue() == ""
    progress.finish()
    assert log.getvalue() == "cards: 3.0 kB of 3.0 kB read, 0 cards kept\n"

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    progress = cards.Progress(screen, interval=3600)
    progress.total = 2000
    for _ in progress.count([b"x"] * 1000):
        pass
    progress.finish()
    assert screen.getvalue().count("\r") == 2, "one update within the interval, then the final line"
    first, last = screen.getvalue().split("\r")[1:]
    assert first == "cards: [--------------------]   0 % 1 B of 2.0 kB read, 0 cards kept"
    assert last == "cards: [##########----------]  50 % 1.0 kB of 2.0 kB read, 0 cards kept\n"


# --- downloads -----------------------------------------------------------------------------------


class Scryfall(BaseHTTPRequestHandler):
    """Scryfall's bulk-data API and file server, on 127.0.0.1, recording what it is asked."""

    mode = "gzip"  # gzip, plain, 500, truncated, slow
    host = ""
    release = threading.Event()  # "slow" answers only when the test is over
    requests: ClassVar[list[tuple[float, str, dict[str, str]]]] = []
    sent_gzip: ClassVar[list[bool]] = []

    def do_GET(self) -> None:
        self.requests.append((time.monotonic(), self.path, dict(self.headers.items())))
        host = self.host
        if self.mode == "500":
            self.send_error(500, "Internal Server Error")
        elif self.path == "/bulk-data/oracle-cards":
            self.reply(json.dumps({
                "object": "bulk_data", "id": "27bf3214-1271-490b-bdfe-c0be6c23d02e", "type": "oracle_cards",
                "updated_at": UPDATED, "uri": f"{host}/bulk-data/27bf3214-1271-490b-bdfe-c0be6c23d02e",
                "name": "Oracle Cards", "size": BULK.stat().st_size,
                "download_uri": f"{host}/file/scryfall-bulk/oracle-cards/oracle-cards-20251120090345.json",
                "content_type": "application/json", "content_encoding": "gzip",
            }).encode())  # fmt: skip
        elif self.path.startswith("/file/"):
            if self.mode == "slow":
                self.release.wait(10)
                return
            body = BULK.read_bytes()
            if self.mode == "truncated":
                body = body[: len(body) // 2]
            gzipped = self.mode == "gzip" and "gzip" in self.headers.get("Accept-Encoding", "")
            self.sent_gzip.append(gzipped)
            self.reply(gzip.compress(body) if gzipped else body, gzipped)
        else:
            self.send_error(404)

    def reply(self, body: bytes, gzipped: bool = False) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        try:
            for start in range(0, len(body), 4096):
                self.wfile.write(body[start : start + 4096])
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a test of its error handling)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def scryfall() -> Iterator[tuple[str, type[Scryfall]]]:
    handler: type[Scryfall] = type(
        "Handler", (Scryfall,), {"requests": [], "sent_gzip": [], "release": threading.Event()}
    )
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    handler.host = f"http://127.0.0.1:{server.server_port}"
    server.daemon_threads = True
    server.block_on_close = False
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True).start()
    try:
        yield handler.host, handler
    finally:
        handler.release.set()
        server.shutdown()
        server.server_close()


@pytest.fixture
def closed_port() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"  # nothing listens there now: the connection is refused


@pytest.mark.parametrize("mode", ["gzip", "plain"])
def test_the_download_sends_scryfalls_headers_and_builds_the_database(
    tmp_path: Path, scryfall: tuple[str, type[Scryfall]], built: tuple[Path, cards.Summary],
    mode: str, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    api, handler = scryfall
    handler.mode = mode
    assert cards.main(["--api", api, "--out", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("cards: 199 cards kept")
    assert handler.sent_gzip == [mode == "gzip"]
    for name in ("cards.json", built[1].cards_file, built[1].text_file):  # the same bytes either way
        assert (tmp_path / name).read_bytes() == (built[0] / name).read_bytes()
    (first, index_path, index_headers), (second, file_path, file_headers) = handler.requests
    assert index_path == "/bulk-data/oracle-cards" and file_path.endswith("/oracle-cards-20251120090345.json")
    for headers in (index_headers, file_headers):
        assert headers["User-Agent"] == "OpeningHand/1.0 (+https://github.com/opening-hand)"
        assert headers["Accept"] == "application/json;q=0.9,*/*;q=0.8"
    assert file_headers["Accept-Encoding"] == "gzip"
    assert second - first >= 0.1, "Scryfall asks for 50-100 ms between requests"


def test_download_reports_its_progress_in_bytes_on_the_wire(scryfall: tuple[str, type[Scryfall]]) -> None:
    api, _ = scryfall
    progress = cards.Progress(io.StringIO())
    updated, found = cards.download(api, progress=progress)
    assert updated == UPDATED and len(list(found)) == len(FIXTURE_CARDS)
    assert progress.total == progress.read < BULK.stat().st_size, "the gzip size, not the JSON's"


def existing_database(out: Path) -> dict[str, bytes]:
    build(iter(FIXTURE_CARDS[:40]), "2025-01-01T00:00:00+00:00", out)
    return {p.name: p.read_bytes() for p in out.iterdir()}


@pytest.mark.parametrize("failure", ["500", "truncated", "slow", "closed"])
@pytest.mark.parametrize("existing", [False, True])
def test_optional_keeps_the_old_database_or_writes_the_null_index(
    tmp_path: Path, scryfall: tuple[str, type[Scryfall]], closed_port: str,
    failure: str, existing: bool, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    api, handler = scryfall
    handler.mode = failure
    if failure == "closed":
        api = closed_port
    before = existing_database(tmp_path) if existing else {}
    assert cards.main(["--api", api, "--out", str(tmp_path), "--optional", "--timeout", "0.5"]) == 0
    err = capsys.readouterr().err
    assert err.startswith("cards: warning: cannot build the card database: ") and err.count("\n") == 1
    if existing:
        assert "keeping the existing database" in err
        assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    else:
        assert "null index" in err
        assert [p.name for p in tmp_path.iterdir()] == ["cards.json"]
        assert (tmp_path / "cards.json").read_text() == '{"format": 1, "cards": null}\n'


@pytest.mark.parametrize("failure", ["500", "truncated", "closed"])
def test_without_optional_a_failed_download_is_status_2_and_one_line(
    tmp_path: Path, scryfall: tuple[str, type[Scryfall]], closed_port: str,
    failure: str, capsys: pytest.CaptureFixture[str],
) -> None:  # fmt: skip
    api, handler = scryfall
    handler.mode = failure
    before = existing_database(tmp_path)
    assert cards.main(["--api", closed_port if failure == "closed" else api, "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cards: cannot build the card database: ") and err.count("\n") == 1
    assert {"500": "HTTP 500", "truncated": "not readable", "closed": "cannot reach"}[failure] in err
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_broken_index_counts_as_no_database(tmp_path: Path, closed_port: str) -> None:
    existing_database(tmp_path)
    index = json.loads((tmp_path / "cards.json").read_text())
    (tmp_path / index["text"]).unlink()
    assert not cards.has_database(tmp_path)
    assert cards.main(["--api", closed_port, "--out", str(tmp_path), "--optional"]) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["cards.json"], "the orphaned file goes too"


def test_only_web_addresses_are_downloaded() -> None:
    with pytest.raises(SourceError, match="not a web address"):
        cards._get("file:///etc/passwd", 1.0)


# --- the rest of the build -----------------------------------------------------------------------


def test_vendor_writes_the_null_index_only_when_there_is_none(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vendor, "DATA", tmp_path / "data")
    vendor.write_card_index()
    assert json.loads((tmp_path / "data" / "cards.json").read_text()) == {"format": 1, "cards": None}
    build(iter(FIXTURE_CARDS[:10]), UPDATED, tmp_path / "data")
    index = (tmp_path / "data" / "cards.json").read_bytes()
    vendor.write_card_index()
    assert (tmp_path / "data" / "cards.json").read_bytes() == index, "an existing index is never overwritten"


def test_the_service_worker_precaches_every_database_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pyscript.toml").write_text('interpreter = "./static/runtime/pyodide.mjs"\n[files]\n')
    summary = build(iter(FIXTURE_CARDS[:10]), UPDATED, tmp_path / "static" / "data")
    (tmp_path / "static" / "data" / ".cards-x.txt.gz.tmp").write_bytes(b"a build in progress")
    monkeypatch.setattr(vendor, "ROOT", tmp_path)
    files = vendor.published_files()
    data = [name for name in files if name.startswith("static/data/")]
    names = ("cards.json", summary.cards_file, summary.text_file, summary.images_file)
    assert data == sorted(f"static/data/{name}" for name in names)


def test_the_published_site_is_built_with_the_database_when_scryfall_answers() -> None:
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    runs = [str(step.get("run", "")) for step in flow["jobs"]["build"]["steps"]]
    cards_step = next(i for i, run in enumerate(runs) if "scripts/build/cards.py" in run)
    vendor_step = next(i for i, run in enumerate(runs) if "scripts/build/vendor.py" in run)
    assert runs[cards_step].split() == ["python3", "scripts/build/cards.py", "--optional"] and cards_step < vendor_step
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^cards:\n\t\$\(PY\) scripts/build/cards\.py\n\t\$\(MAKE\) runtime$", makefile, re.MULTILINE)
    assert re.search(r"^\.PHONY:.* cards\b", makefile, re.MULTILINE)
    assert "static/data/" in (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
