#!/usr/bin/env python3
"""Copy the published site into a folder (for GitHub Pages): exactly what scripts/build/serve.py
serves - index.html, pyscript.toml, py/ and static/ (with the vendored runtime) - plus a
.nojekyll marker so Pages publishes the files as they are.

    python3 scripts/build/site_build.py _site
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from serve import PUBLISHED_DIRS, PUBLISHED_FILES, ROOT


def build(target: Path) -> list[str]:
    if not (ROOT / "static/vendor/pyodide/pyodide.mjs").exists():
        sys.exit("site: the runtime is not vendored; run `npm ci && python3 scripts/build/vendor.py` first")
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for name in sorted(PUBLISHED_FILES):
        shutil.copyfile(ROOT / name, target / name)
    for folder in PUBLISHED_DIRS:
        shutil.copytree(ROOT / folder, target / folder, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (target / ".nojekyll").write_text("")
    return sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file())


if __name__ == "__main__":
    files = build(Path(sys.argv[1] if len(sys.argv) > 1 else "_site").resolve())
    print(f"site: {len(files)} files")
