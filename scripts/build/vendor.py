#!/usr/bin/env python3
"""Copy the shipped runtime files from node_modules/ into static/vendor/ (git-ignored).

Only what the page loads is copied: PyScript's dist/*.js and *.css, Pyodide's
pyodide.mjs, pyodide.asm.mjs, pyodide.asm.wasm, python_stdlib.zip and pyodide-lock.json,
and mana-font's stylesheet with the two font files browsers pick from its @font-face
(woff, which every current browser takes, and ttf), for the mana symbols on card faces.
The versions must be exactly the ones package.json pins; anything else is an error, so a
stale node_modules can never ship by accident. Idempotent: unchanged files are not copied.
It also writes static/python.json (scripts/build/pybundle.py: the page's Python files in one file)
and static/precache.js (the service worker's list).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
import tomllib
from pathlib import Path

import pybundle
from cards import write_null_index  # scripts/build/cards.py: the one definition of the database's files

ROOT = Path(__file__).resolve().parents[2]
MODULES = ROOT / "node_modules"
VENDOR = ROOT / "static" / "vendor"
DATA = ROOT / "static" / "data"  # the card database (scripts/build/cards.py), also git-ignored
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
MANA_FILES = ("css/mana.min.css", "fonts/mana.woff", "fonts/mana.ttf")
PACKAGES = ("@pyscript/core", "pyodide", "mana-font")


def pinned(package: str) -> str:
    return json.loads((ROOT / "package.json").read_text())["dependencies"][package]


def installed(package: str) -> str:
    manifest = MODULES / package / "package.json"
    if not manifest.exists():
        sys.exit(f"vendor: {package} is not installed; run `npm ci` first")
    return json.loads(manifest.read_text())["version"]


def copy(src: Path, dest_dir: Path) -> bool:
    dest = dest_dir / src.name
    if dest.exists() and dest.stat().st_size == src.stat().st_size and dest.read_bytes() == src.read_bytes():
        return False
    dest_dir.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dest)
    return True


def main() -> None:
    for package in PACKAGES:
        if installed(package) != pinned(package):
            sys.exit(
                f"vendor: node_modules has {package} {installed(package)}, "
                f"package.json pins {pinned(package)}; run `npm ci`"
            )
    dist = MODULES / "@pyscript" / "core" / "dist"
    sources = [(p, VENDOR / "pyscript") for p in sorted(dist.glob("*.js")) + sorted(dist.glob("*.css"))]
    sources += [(MODULES / "pyodide" / name, VENDOR / "pyodide") for name in PYODIDE_FILES]
    # Keep mana-font's css/ and fonts/ side by side: its stylesheet asks for ../fonts/mana.woff.
    sources += [(MODULES / "mana-font" / name, VENDOR / "mana-font" / Path(name).parent) for name in MANA_FILES]
    wanted = {dest / src.name for src, dest in sources}
    changed = sum(copy(src, dest) for src, dest in sources)
    # Drop files a previous version shipped, so no stale mix is ever served.
    for old in VENDOR.rglob("*"):
        if old.is_file() and old not in wanted and old.name != "VERSIONS.json":
            old.unlink()
    (VENDOR / "VERSIONS.json").write_text(
        json.dumps({package: pinned(package) for package in PACKAGES}, indent=2) + "\n"
    )
    print(f"vendor: {len(sources)} files in static/vendor ({changed} copied)")
    write_card_index()
    pybundle.write()
    pybundle.write_stdlib()
    write_precache()


def published_files() -> list[str]:
    """Every file the page can load, relative to the site root (what the service worker keeps)."""
    config = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    files = {"index.html", "pyscript.toml", "py/main.py", "static/app.css", "static/boot.js",
             "static/manifest.webmanifest", pybundle.NAME}  # fmt: skip
    for optional in (pybundle.STDLIB_NAME, pybundle.BYTECODE_NAME):  # made only where Node runs
        if (ROOT / optional).exists():
            files.add(optional)
    files.add(config["interpreter"].removeprefix("./"))
    for folder in ("static/vendor", "static/icons", "static/runtime", "static/data"):
        # Not dotfiles: a build in progress (scripts/build/cards.py) writes .*.tmp files before renaming them.
        files.update(str(p.relative_to(ROOT)) for p in (ROOT / folder).rglob("*")
                     if p.is_file() and not p.name.startswith("."))  # fmt: skip
    files.discard("static/vendor/VERSIONS.json")
    return sorted(files)


def write_card_index() -> None:
    """static/data/cards.json saying "no database" when scripts/build/cards.py never ran, so the page
    never asks for a missing file and uses its built-in catalog. An existing index is kept."""
    if not (DATA / "cards.json").exists():
        write_null_index(DATA)
        print("vendor: static/data/cards.json: no card database (run `make cards` for one)")


def write_precache() -> None:
    """static/precache.js: the service worker's list of files and a version hashed from their bytes."""
    files = published_files()
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (ROOT / name).read_bytes())
    version = digest.hexdigest()[:16]
    body = json.dumps({"version": version, "files": ["./", *files]}, indent=1)
    text = f"// Written by scripts/build/vendor.py; git-ignored. Read by sw.js.\nself.PRECACHE = {body};\n"
    target = ROOT / "static" / "precache.js"
    if not target.exists() or target.read_text(encoding="utf-8") != text:
        target.write_text(text, encoding="utf-8")
    print(f"vendor: service worker precache {version} ({len(files)} files)")


if __name__ == "__main__":
    main()
