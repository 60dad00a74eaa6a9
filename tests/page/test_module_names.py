"""Every Python file under ``py/`` has a name of its own (``__init__.py`` aside), so a name in a
traceback, a search or a review points at one file: the page's modules never reuse the engine's."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"


def test_no_two_python_files_share_a_name() -> None:
    by_name: dict[str, list[str]] = defaultdict(list)
    for path in PY.rglob("*.py"):
        if path.name != "__init__.py" and "__pycache__" not in path.parts:
            by_name[path.name].append(str(path.relative_to(PY)))
    shared = {name: paths for name, paths in by_name.items() if len(paths) > 1}
    assert not shared, shared
