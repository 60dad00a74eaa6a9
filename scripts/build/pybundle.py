#!/usr/bin/env python3
"""static/python.json: every Python module and data file of py/ (except main.py, the page's
script) in one file; beside it, static/python-bytecode.gz: the modules' bytecode, compiled by
Pyodide's own Python under Node (scripts/build/pycompile.mjs, without docstrings), with the data files.

The bytecode is what the page runs: static/runtime/pyodide.mjs fetches it while Pyodide
boots and writes it into Python's file system before PyScript runs main.py, as "sourceless"
.pyc files (``page/app.pyc``), so the browser compiles none of ~9,000 lines and the sources'
0.2 MB do not travel before the first hand. The sources follow once the page is idle, for
tracebacks' lines; they are the page's modules instead when the bytecode is missing or
damaged. PyScript's own package, whose sources PyScript writes, gets "checked-hash" .pyc
files (PEP 552) in __pycache__ instead, which Python runs only while the source beside them
has the hash they were made from.

The files are built from py/ (git-ignored, like static/vendor/): by scripts/build/vendor.py
(`make serve`, `make test`, the Pages workflow) and, when py/ changed since, by
scripts/build/serve.py when the page asks for it, without compiling: an edit drops the modules'
bytecode (it no longer matches), so the page runs the sources, and an edit shows on the next
reload.

    python3 scripts/build/pybundle.py        # write static/python.json and python-bytecode.gz
"""

from __future__ import annotations

import ast
import base64
import gzip
import json
import os
import shutil
import struct
import subprocess
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAME = "static/python.json"
# Their bytecode, and PyScript's, in one binary file (pack_bytecode).
BYTECODE_NAME = "static/python-bytecode.gz"
BYTECODE_MAGIC = b"opening-hand-bytecode 1\n"
CLASS_TABLE = "dataclass-code.marshal"  # the engine's dataclass code: py/page/services/class_code.py's TABLE
# The standard library's bytecode (scripts/build/stdlib_bytecode.mjs), git-ignored like the bundle.
STDLIB_NAME = "static/stdlib.zip"
# Standard-library modules the browser's Python imports that no import statement of the page
# or of PyScript's package names (urllib.parse comes in by another way at start-up); the rest
# are found by imported_names. tests/browser/test_startup.py finds any that is missing.
STDLIB_EXTRA = ("urllib.parse",)
FORMAT = "opening-hand-python"
SUFFIXES = (".py", ".txt")


def sources(root: Path = ROOT) -> list[Path]:
    """What the page needs of py/: the modules and the data files, not main.py (its script)."""
    py = root / "py"
    return sorted(
        p for p in py.rglob("*")
        if p.is_file() and p.suffix in SUFFIXES and "__pycache__" not in p.parts and p != py / "main.py"
    )  # fmt: skip


def read_sources(root: Path = ROOT) -> dict[str, str]:
    return {str(p.relative_to(root / "py").as_posix()): p.read_text(encoding="utf-8") for p in sources(root)}


def pyscript_sources(root: Path = ROOT) -> dict[str, str]:
    """PyScript's own Python package, as the vendored @pyscript/core writes it at start-up
    (``pyscript/__init__.py`` ... into the current folder, from the artifact
    ``src/stdlib/pyscript.js``); {} without the npm packages. Only its bytecode goes into the
    bundle: PyScript writes the sources itself, and Python runs a checked-hash .pyc only
    while the source beside it has the hash it was made from, so a different PyScript costs
    a compile, never a wrong module. Without it, every page load compiles these 4,000 lines."""
    artifact = root / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
    try:
        text = artifact.read_text(encoding="utf-8")
        tree = json.loads(text[text.index("export default") + len("export default") :].strip().rstrip(";"))
    except (OSError, ValueError):
        return {}
    found: dict[str, str] = {}

    def walk(base: str, node: dict[str, object]) -> None:
        for name, value in node.items():
            if isinstance(value, dict):
                walk(f"{base}/{name}", value)
            elif isinstance(value, str) and name.endswith(".py"):
                found[f"{base}/{name}"] = value

    walk("pyscript", tree.get("pyscript", {}))
    return found


def build(root: Path = ROOT) -> bytes:
    """The bundle's bytes (sorted, no timestamps): the sources."""
    bundle = {"format": FORMAT, "files": read_sources(root)}
    return json.dumps(bundle, ensure_ascii=False, separators=(",", ":")).encode()


def pack_bytecode(compiled: dict[str, bytes]) -> bytes:
    """static/python-bytecode.gz: the bytecode files by their path (``page/app.pyc``,
    ``pyscript/__pycache__/web.cpython-314.pyc``), the data files and the dataclass code
    table, as one binary file, gzip-compressed here (a .gz travels as it is, whatever the server compresses):
    ``BYTECODE_MAGIC``, then per file a little-endian u16 name length, the name (UTF-8), a
    u32 data length and the data. Base64 inside python.json cost 555 kB gzip for 400 kB of it.
    Deterministic: sorted, no timestamp."""
    out = bytearray(BYTECODE_MAGIC)
    for name, data in sorted(compiled.items()):
        encoded = name.encode("utf-8")
        out += struct.pack("<H", len(encoded)) + encoded + struct.pack("<I", len(data)) + data
    return gzip.compress(bytes(out), 9, mtime=0)


def unpack_bytecode(packed: bytes) -> dict[str, bytes]:
    """The files of a pack_bytecode() file (as static/runtime/pyodide.mjs reads them)."""
    data = gzip.decompress(packed)
    if not data.startswith(BYTECODE_MAGIC):
        raise ValueError("not a bytecode file of scripts/build/pybundle.py")
    files: dict[str, bytes] = {}
    at = len(BYTECODE_MAGIC)
    while at < len(data):
        (size,) = struct.unpack_from("<H", data, at)
        name = data[at + 2 : at + 2 + size].decode("utf-8")
        at += 2 + size
        (size,) = struct.unpack_from("<I", data, at)
        files[name] = data[at + 4 : at + 4 + size]
        at += 4 + size
    return files


def compile_bytecode(
    files: dict[str, str], pyscript: dict[str, str] | None = None, root: Path = ROOT
) -> dict[str, str] | None:
    """Bytecode (base64) made by the vendored Pyodide under Node: sourceless for ``files``
    (``page/app.py`` -> ``page/app.pyc``), checked-hash in __pycache__ for ``pyscript``; None
    when Node or the npm packages are missing (the page then compiles the modules itself)."""
    node = shutil.which("node")
    if node is None or not (root / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return None
    script = root / "scripts" / "build" / "pycompile.mjs"
    request = json.dumps({"sources": files, "pyscript": pyscript or {}})
    done = subprocess.run([node, str(script)], input=request, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"pybundle: compiling with Pyodide failed:\n{done.stderr[-2000:]}")
    compiled: dict[str, str] = json.loads(done.stdout)
    return compiled


def write_stdlib(root: Path = ROOT) -> bool:
    """static/stdlib.zip: bytecode for every standard-library module that the boot, the engine,
    the import statements of the page and of PyScript, and STDLIB_EXTRA import, made by the
    vendored Pyodide under Node; False (and no archive: the page then runs Pyodide's sources,
    as a bare Pyodide does) without Node or npm packages."""
    node = shutil.which("node")
    if node is None or not (root / "node_modules" / "pyodide" / "pyodide.mjs").exists():
        return False
    page = read_sources(root)
    engine = {path: text for path, text in page.items() if path.startswith("opening_hand/")}
    modules = sorted(path.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
                     for path in engine if path.endswith(".py"))  # fmt: skip
    everything = {**page, **pyscript_sources(root)}
    if (root / "py" / "main.py").exists():
        everything["main.py"] = (root / "py" / "main.py").read_text(encoding="utf-8")
    extra = sorted({*STDLIB_EXTRA, *imported_names(everything)})
    request = json.dumps({"sources": engine, "import": modules, "extra": extra})
    target = root / STDLIB_NAME
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    script = root / "scripts" / "build" / "stdlib_bytecode.mjs"
    done = subprocess.run(
        [node, str(script), str(temporary)], input=request, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        temporary.unlink(missing_ok=True)
        raise RuntimeError(f"pybundle: the standard library's bytecode failed:\n{done.stderr[-2000:]}")
    if target.exists() and target.read_bytes() == temporary.read_bytes():
        temporary.unlink()
        return False
    temporary.replace(target)
    return True


def imported_names(files: dict[str, str]) -> set[str]:
    """Every module an import statement of these Python files names (``from x import y``: x,
    and x.y, which may be a module), wherever the statement is: at the top or inside a
    function (the page imports the trainer's parts when first used). The standard library's
    bytecode holds those of them that are the standard library's, so the page finds every one
    it can import there; scripts/build/stdlib_bytecode.mjs ignores the rest."""
    names: set[str] = set()
    for path, text in files.items():
        if not path.endswith(".py"):
            continue
        try:
            tree = ast.parse(text)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def stale(root: Path = ROOT) -> bool:
    target = root / NAME
    if not target.exists():
        return True
    built = target.stat().st_mtime
    return any(
        p.stat().st_mtime > built
        for p in [root / "py", *(p for p in (root / "py").rglob("*") if p.is_dir()), *sources(root)]
    )


def write(root: Path = ROOT, compile: bool = True) -> bool:
    """Writes the bundle when its bytes changed; says whether it did. ``compile=False``
    (scripts/build/serve.py, after an edit) compiles nothing: when the sources changed, it drops
    the modules' bytecode, which no longer matches them, so the page runs the sources."""
    if compile:
        sources = read_sources(root)
        compiled = compile_bytecode(sources, pyscript_sources(root), root)
        if compiled is not None:
            data_files = {name: text.encode("utf-8") for name, text in sources.items() if not name.endswith(".py")}
            packed = pack_bytecode({**{name: base64.b64decode(data) for name, data in compiled.items()}, **data_files})
            _replace(root / BYTECODE_NAME, packed)
        else:
            drop_modules(root)  # no Node here: an older build's modules could be stale, and would run
    target = root / NAME
    data = build(root)
    if target.exists() and target.read_bytes() == data:
        target.touch()  # up to date: mark it so, or `stale` asks again on every request
        return False
    if not compile:
        drop_modules(root)
    _replace(target, data)
    return True


def page_module(name: str) -> bool:
    """Whether a bytecode file's entry is one of the page's own (sourceless) modules or data
    files, made from py/, rather than PyScript's bytecode or the dataclass table."""
    return "__pycache__/" not in name and name != CLASS_TABLE


def drop_modules(root: Path = ROOT) -> None:
    """The bytecode file without the page's modules and data files (stale after an edit):
    PyScript's bytecode stays, and the dataclass table, which is keyed on each class's own
    source. Without the modules, the page fetches the sources at start-up and runs them."""
    target = root / BYTECODE_NAME
    try:
        files = unpack_bytecode(target.read_bytes())
    except (OSError, ValueError, EOFError, struct.error):
        return
    _replace(target, pack_bytecode({name: data for name, data in files.items() if not page_module(name)}))


def _replace(target: Path, data: bytes) -> None:
    if target.exists() and target.read_bytes() == data:
        return
    temporary = target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    temporary.write_bytes(data)
    temporary.replace(target)  # never half a file: a page may be fetching it


if __name__ == "__main__":
    write_stdlib()
    changed = write()
    print(f"pybundle: {NAME} ({len(sources())} files{', written' if changed else ', unchanged'})")
