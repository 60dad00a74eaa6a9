"""Dataclasses made without compiling in the browser.

``@dataclass`` writes the source of each class's ``__init__``, ``__eq__``, ``__repr__``...
and compiles it when the class is defined: for the engine's ~90 classes that compiling was
~120 ms of the first Deal (about half of importing the page), on the critical path of a
player's first hand. The build (scripts/build/pycompile.mjs, with the vendored Pyodide's own
Python) imports the engine with ``record`` watching and keeps the code of every such source;
``install`` (page.running, just before the page and the engine are imported, after
start-up) puts that table in front of ``dataclasses``' own ``exec``, so a source in the
table runs its ready code and any other (a class that changed since, a page class) is
compiled as before. The key is the whole source text, so a class only ever gets the code
of exactly its own source; a table from another Python (its magic number), a damaged or a
missing one is simply not used.
"""

from __future__ import annotations

import builtins
import dataclasses
import importlib
import importlib.util
import marshal
from collections.abc import Callable, Iterable
from types import CodeType
from typing import Any

TABLE = "dataclass-code.marshal"  # beside the modules' bytecode (static/python-bytecode.gz)
stats = {"ready": 0, "compiled": 0}  # classes made from the table, and compiled here


def _compile(source: str) -> CodeType:
    # As `exec(source)` inside dataclasses compiles it: no __future__ flags of ours.
    return compile(source, "<string>", "exec", dont_inherit=True)


def record(modules: Iterable[str]) -> bytes:
    """The table for the classes these modules define, imported now (at build time)."""
    table: dict[str, CodeType] = {}
    run = builtins.exec

    def recording(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        if isinstance(source, str):
            table[source] = code = _compile(source)
            return run(code, globals, locals)
        return run(source, globals, locals)

    dataclasses.exec = recording  # type: ignore[attr-defined]  # found before the builtin
    try:
        for name in modules:
            importlib.import_module(name)
    finally:
        del dataclasses.exec  # type: ignore[attr-defined]
    return importlib.util.MAGIC_NUMBER + marshal.dumps(dict(sorted(table.items())))


def read(data: bytes) -> dict[str, CodeType]:
    """The table in ``data``; empty when it is another Python's, damaged or not a table."""
    magic = importlib.util.MAGIC_NUMBER
    if not data.startswith(magic):
        return {}
    try:
        table = marshal.loads(data[len(magic) :])
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(v, CodeType) for k, v in table.items()):
        return {}
    return table


def install(path: str = TABLE) -> int:
    """Use the table at ``path`` from now on; how many classes it holds (0: not used)."""
    try:
        with open(path, "rb") as file:
            table = read(file.read())
    except OSError:
        return 0
    if table:
        dataclasses.exec = _ready(table, builtins.exec)  # type: ignore[attr-defined]
    return len(table)


def _ready(table: dict[str, CodeType], run: Callable[..., Any]) -> Callable[..., Any]:
    def exec_ready(source: Any, globals: Any = None, locals: Any = None, /) -> Any:
        code = table.get(source) if isinstance(source, str) else None
        stats["compiled" if code is None else "ready"] += 1
        return run(source if code is None else code, globals, locals)

    return exec_ready
