"""The README's map of ``py/`` names every package folder and, in that folder's row, every module
(and the engine's card catalog), so a newcomer who reads it finds every file where it says."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PY = ROOT / "py"


def map_rows() -> dict[str, str]:
    rows: dict[str, str] = {}
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
        found = re.match(r"\| `(py/[^`]*)` \| (.*) \|$", line)
        if found:
            rows[found.group(1).rstrip("/")] = found.group(2)
    return rows


def test_every_package_folder_has_a_row() -> None:
    rows = map_rows()
    folders = {str(p.parent.relative_to(ROOT)) for p in PY.rglob("__init__.py")}
    assert folders, "no packages found"
    assert sorted(folders - set(rows)) == []


def test_every_module_is_named_in_its_folders_row() -> None:
    rows = map_rows()
    missing = []
    for path in sorted(PY.rglob("*.py")):
        if path.name == "__init__.py" or "__pycache__" in path.parts:
            continue
        if str(path.relative_to(ROOT)) in rows:  # a row of its own
            continue
        if f"`{path.name}`" not in rows.get(str(path.parent.relative_to(ROOT)), ""):
            missing.append(str(path.relative_to(PY)))
    assert missing == []
