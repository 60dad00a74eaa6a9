"""Bytecode for the browser without docstrings (run by the vendored Pyodide's Python under
Node: scripts/build/pycompile.mjs and scripts/build/stdlib_bytecode.mjs).

Docstrings are ~15 % of the compressed bytecode, which a player's first visit downloads
before the first hand. They are dropped as ``python -OO`` drops them (the standard library
and Pyodide's package support that; their ``__doc__`` is then None), but ``assert``
statements stay, unlike -OO. Every other statement keeps its line, so tracebacks name the
same lines as the source; the .pyc's header holds the hash of the whole source (PEP 552).
"""

import ast
import importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc

DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def without_docstrings(tree: ast.Module) -> ast.Module:
    for node in ast.walk(tree):
        if not isinstance(node, DOCUMENTED) or not node.body:
            continue
        first = node.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
            # Removed (a `from __future__` import may follow a module's docstring only), or
            # a `pass` where it was the whole body.
            node.body[0:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree


def lean_pyc(source: bytes, filename: str, checked: bool) -> bytes:
    """The .pyc of ``source`` (its code named ``filename`` in tracebacks), docstrings left out."""
    code = compile(without_docstrings(ast.parse(source, filename)), filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked))
