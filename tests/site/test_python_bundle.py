"""static/python.json (scripts/build/pybundle.py): the page's Python modules in one file, with
bytecode made by the vendored Pyodide's own Python (scripts/build/pycompile.mjs).

Here, not in tests/engine/: it runs Node, and every engine test also runs inside Pyodide,
which has no subprocesses. The browser tests prove the page runs from it.
"""

from __future__ import annotations

import gzip
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pybundle
import pytest

from page.services import class_code
from serve import ROOT


def copy_of_py(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "py", tmp_path / "py", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "static").mkdir()
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    (tmp_path / "scripts").symlink_to(ROOT / "scripts")
    return tmp_path


def test_the_bundle_holds_every_module_and_data_file_of_py_but_main() -> None:
    bundle = json.loads(pybundle.build())
    assert bundle["format"] == pybundle.FORMAT == "opening-hand-python"
    py = ROOT / "py"
    files = {str(p.relative_to(py).as_posix()) for p in py.rglob("*") if p.suffix in (".py", ".txt")}
    assert {"opening_hand/cards/catalog.txt", "opening_hand/rules/game.py", "page/app.py"} <= set(bundle["files"])
    assert set(bundle["files"]) == files - {"main.py"}, "main.py is the page's script, fetched by PyScript"
    for name, text in bundle["files"].items():
        assert text == (py / name).read_text(encoding="utf-8"), name
    assert pybundle.build() == pybundle.build(), "the same sources make the same bytes"


def test_each_module_gets_sourceless_bytecode_and_pyscripts_package_checked_hash_bytecode(tmp_path: Path) -> None:
    root = copy_of_py(tmp_path)
    assert pybundle.write(root)
    bundle = json.loads((root / pybundle.NAME).read_bytes())
    assert set(bundle) == {"format", "files"}, "the bytecode travels in a binary file of its own"
    compiled = pybundle.unpack_bytecode((root / pybundle.BYTECODE_NAME).read_bytes())
    # The page's modules: a .pyc in the module's own folder, which Python runs without a source.
    modules = {name: name.removesuffix(".py") + ".pyc" for name in bundle["files"] if name.endswith(".py")}
    data = {name for name in bundle["files"] if not name.endswith(".py")}
    # PyScript's own package, which PyScript writes at start-up: only its bytecode, in __pycache__
    # under the browser's Python's cache tag (3.14, Pyodide 314), whatever this CPython is.
    pyscript = pybundle.pyscript_sources(root)
    assert {"pyscript/__init__.py", "pyscript/events.py", "pyscript/web.py"} <= set(pyscript)
    assert not any(name.startswith("pyscript/") for name in bundle["files"]), "PyScript writes its sources itself"
    cached = {name: importlib.util.cache_from_source(name).replace(sys.implementation.cache_tag, "cpython-314")
              for name in pyscript}  # fmt: skip
    # And the data files (they are read at import), and the engine's dataclass code.
    assert set(compiled) == {*modules.values(), *cached.values(), *data, "dataclass-code.marshal"}
    wanted = {"page/app.pyc", "page/__init__.pyc", "opening_hand/rules/game.pyc", "opening_hand/cards/catalog.txt"}
    assert wanted <= set(compiled)
    for name in data:
        assert compiled[name] == bundle["files"][name].encode("utf-8"), name
    magic = compiled["page/app.pyc"][:4]
    for name, entry in [*modules.items(), *cached.items()]:
        pyc = compiled[entry]
        flags = int.from_bytes(pyc[4:8], "little")
        if name in pyscript:
            assert flags == 0b11, f"{name}: a checked-hash .pyc (PEP 552), so a stale one is never run"
        else:
            assert flags == 0b01, f"{name}: made with its source's hash, run without the source"
        assert pyc[:4] == magic and pyc[2:4] == b"\r\n" and len(pyc) > 16, name
    assert compiled["dataclass-code.marshal"][:4] == magic, "the same Python's magic"
    assert pybundle.CLASS_TABLE == class_code.TABLE, "the name the page reads the table by"


def test_the_bytecode_file_packs_and_unpacks_every_byte() -> None:
    files = {"a/__pycache__/b.cpython-314.pyc": bytes(range(256)) * 3, "dataclass-code.marshal": b"", "é.txt": b"\x00"}
    packed = pybundle.pack_bytecode(files)
    assert pybundle.unpack_bytecode(packed) == files
    assert packed == pybundle.pack_bytecode(dict(reversed(files.items()))), "sorted: the same files, the same bytes"
    with pytest.raises(ValueError):
        pybundle.unpack_bytecode(gzip.compress(b"something else"))


def test_an_edit_reaches_the_bundle_and_drops_the_modules_stale_bytecode_without_node(tmp_path: Path) -> None:
    """What scripts/build/serve.py does on a request after an edit: the sources are written, and the
    bytecode of the page's modules, which no longer matches them, is dropped (without it the
    page fetches the sources at start-up and runs them); PyScript's and the dataclass table
    (keyed on each class's source) stay. A file touched but unchanged drops nothing."""
    root = copy_of_py(tmp_path)
    assert pybundle.stale(root) and pybundle.write(root)
    assert not pybundle.stale(root) and not pybundle.write(root, compile=False)
    compiled = (root / pybundle.BYTECODE_NAME).read_bytes()
    later = (root / pybundle.NAME).stat().st_mtime + 5
    os.utime(root / "py" / "page" / "app.py", (later, later))
    assert pybundle.stale(root) and not pybundle.write(root, compile=False)
    assert (root / pybundle.BYTECODE_NAME).read_bytes() == compiled, "the same sources: the bytecode stays"
    (root / "py" / "extra.py").write_text("X = 1\n", encoding="utf-8")
    os.utime(root / "py" / "extra.py", (later + 5, later + 5))
    assert pybundle.stale(root)
    assert pybundle.write(root, compile=False)
    bundle = json.loads((root / pybundle.NAME).read_bytes())
    assert bundle["files"]["extra.py"] == "X = 1\n"
    before, after = (pybundle.unpack_bytecode(b) for b in (compiled, (root / pybundle.BYTECODE_NAME).read_bytes()))
    assert "page/app.pyc" in before and "opening_hand/cards/catalog.txt" in before
    assert after == {name: data for name, data in before.items() if "__pycache__/" in name or name.endswith(".marshal")}
    assert any(name.startswith("pyscript/") for name in after) and "dataclass-code.marshal" in after


def test_a_build_without_node_never_leaves_an_older_builds_modules_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page runs its modules' bytecode without their sources, so a build that cannot
    compile (no Node) drops the bytecode an earlier build left, which may be stale."""
    root = copy_of_py(tmp_path)
    assert pybundle.write(root)
    assert "page/app.pyc" in pybundle.unpack_bytecode((root / pybundle.BYTECODE_NAME).read_bytes())
    (root / "py" / "page" / "app.py").write_text("X = 1\n", encoding="utf-8")
    monkeypatch.setattr(pybundle, "compile_bytecode", lambda *args, **kwargs: None)
    assert pybundle.write(root)
    left = pybundle.unpack_bytecode((root / pybundle.BYTECODE_NAME).read_bytes())
    assert left and not any(pybundle.page_module(name) for name in left), sorted(left)[:5]


def test_the_standard_librarys_bytecode_archive_holds_what_the_boot_and_the_engine_import(tmp_path: Path) -> None:
    """static/stdlib.zip (scripts/build/stdlib_bytecode.mjs): sourceless .pyc files of Pyodide's own
    Python for the modules its boot compiles from python_stdlib.zip's sources, the engine's
    and STDLIB_EXTRA's. The browser tests prove the page loads every one it uses from it."""
    root = copy_of_py(tmp_path)
    assert pybundle.write_stdlib(root)
    archive = zipfile.ZipFile(root / pybundle.STDLIB_NAME)
    listed = archive.namelist()
    names = [name for name in listed if name != "opening-hand-sources.txt"]
    assert names == sorted(names) and all(name.endswith(".pyc") for name in names)
    for module in ("shutil.pyc", "asyncio/__init__.pyc", "dataclasses.pyc", "html/entities.pyc", "fractions.pyc"):
        assert module in names, module  # Pyodide's boot, the engine, STDLIB_EXTRA
    # Every standard-library module an import statement of the page names: statistics (the
    # statistics panel), csv (the CSV export), imported inside functions, not at start-up.
    assert {"statistics.pyc", "csv.pyc", "encodings/__init__.pyc", "pyodide/ffi/__init__.pyc"} <= set(names)
    stdlib = zipfile.ZipFile(ROOT / "static/vendor/pyodide/python_stdlib.zip")
    assert {name[:-1] for name in names} <= set(stdlib.namelist()), "only the standard library's own modules"
    # The rest, by module name: what the page fetches the sources for, should one be imported.
    left = archive.read("opening-hand-sources.txt").decode().split()
    modules = {
        n.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        for n in stdlib.namelist()
        if n.endswith(".py")
    }
    assert set(left) == modules - {n.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for n in names}
    assert "colorsys" in left and "json" not in left and "_hashlib" not in left
    ours = pybundle.unpack_bytecode((ROOT / pybundle.BYTECODE_NAME).read_bytes())
    magic = ours["page/app.pyc"][:4]
    for name in names:
        pyc = archive.read(name)
        assert pyc[:4] == magic, f"{name}: the same Python as the page's modules (Pyodide 314)"
        assert int.from_bytes(pyc[4:8], "little") == 0b01, f"{name}: made with its source's hash, not checked"
    assert not pybundle.write_stdlib(root), "the same modules make the same bytes"


LEAN_MODULE = '''"""A module docstring, before a __future__ import."""

from __future__ import annotations


def documented(x: int) -> int:
    """Only a docstring and one statement."""
    assert x > 0, "asserts stay"
    return x


class Shown:
    """A class docstring."""


def fails() -> None:
    """Documented."""
    raise ValueError("line 18")
'''

LEAN_CHECK = r"""
import { loadPyodide } from "pyodide";
const [pyc] = process.argv.slice(-1);
const py = await loadPyodide();
py.FS.mkdirTree("/tmp/lean");
py.FS.writeFile("/tmp/lean/lean.pyc", Buffer.from(pyc, "base64"));
py.globals.set("source", process.env.LEAN_SOURCE);
console.log(py.runPython(`
import json, linecache, sys, traceback
sys.path.insert(0, "/tmp/lean")
import lean
# The source's lines, as static/runtime/pyodide.mjs gives them once the page is idle.
linecache.cache["lean.py"] = (len(source), None, source.splitlines(True), "lean.py")
out = {"from_pyc": lean.__spec__.loader.__class__.__name__,
       "docs": [lean.__doc__, lean.documented.__doc__, lean.Shown.__doc__, lean.fails.__doc__],
       "value": lean.documented(3)}
try:
    lean.documented(0)
except AssertionError as error:
    out["assert"] = str(error)
try:
    lean.fails()
except ValueError as error:
    frame = traceback.extract_tb(error.__traceback__)[-1]
    out["line"], out["text"] = frame.lineno, frame.line
json.dumps(out)
`));
"""


def test_the_bytecode_leaves_docstrings_out_and_keeps_asserts_and_lines(tmp_path: Path) -> None:
    """Docstrings are ~15 % of the compressed bytecode a first visit downloads: they go, as
    with -OO; asserts stay (unlike -OO), and a traceback names the source's own line."""
    node = shutil.which("node")
    assert node and (ROOT / "node_modules" / "pyodide").exists(), "make runtime installs Node and Pyodide"
    compiled = pybundle.compile_bytecode({"lean.py": LEAN_MODULE})
    assert compiled is not None
    assert set(compiled) == {"lean.pyc"}
    (pyc,) = compiled.values()
    script = ROOT / "node_modules" / ".lean_check.mjs"  # beside node_modules, so "pyodide" resolves
    script.write_text(LEAN_CHECK, encoding="utf-8")
    try:
        done = subprocess.run(
            [node, str(script), pyc], capture_output=True, text=True, check=False, timeout=120,
            env={**os.environ, "LEAN_SOURCE": LEAN_MODULE},
        )  # fmt: skip
    finally:
        script.unlink(missing_ok=True)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["from_pyc"] == "SourcelessFileLoader" and out["value"] == 3
    assert out["docs"] == [None, None, None, None]
    assert out["assert"] == "asserts stay"
    assert (out["line"], out["text"]) == (18, 'raise ValueError("line 18")')
