"""Every source path that the docs, the README and the code's docstrings and comments name
(``py/...``, ``scripts/...``, ``tests/...``, ``docs/...``, ``opening_hand/...``, ``page/...``)
exists, so a reader who follows one lands on a file. Built files (``static/...``) are not
checked: a fresh clone has them only after the build."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PATH = re.compile(r"(?<![\w./-])((?:py/|scripts/|tests/|docs/|opening_hand/|page/)[\w/.-]*\.(?:py|mjs|sh|txt|md))\b")
SKIP = {"CHANGELOG.md"}  # what was, in its words of the day


def named_paths() -> list[tuple[str, str]]:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in files:
        if name in SKIP or not name.endswith((".py", ".md", ".mjs", ".js", ".toml", ".sh", ".html", "Makefile")):
            continue
        if name.startswith("tests/fixtures/"):
            continue
        text = (ROOT / name).read_text(encoding="utf-8")
        found += [(name, m.group(1)) for m in PATH.finditer(text)]
    return found


def exists(path: str) -> bool:
    if path.startswith(("opening_hand/", "page/")):
        path = "py/" + path
    return (ROOT / path).exists()


def test_every_named_source_path_exists() -> None:
    named = named_paths()
    assert len(named) > 100
    missing = sorted({f"{where}: {path}" for where, path in named if not exists(path)})
    assert missing == []
