#!/usr/bin/env python3
"""Install the pure-Python test tools that tests/engine needs into .cache/pyodide-site/.

Pyodide's npm package ships no wheels, and the page must not fetch any, so for the
Node-hosted test run we mount this folder into Pyodide instead. Only py3-none-any
wheels are accepted. Idempotent: a stamp file records what was installed.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REQUIREMENTS = ROOT / "tests" / "pyodide" / "requirements.txt"
SITE = ROOT / ".cache" / "pyodide-site"
STAMP = SITE / ".installed-from"


def main() -> None:
    wanted = REQUIREMENTS.read_text()
    if STAMP.exists() and STAMP.read_text() == wanted:
        print(f"pyodide-site: up to date in {SITE.relative_to(ROOT)}")
        return
    shutil.rmtree(SITE, ignore_errors=True)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--target",
            str(SITE),
            "--no-deps",
            "--only-binary=:all:",
            "--platform",
            "any",
            "--python-version",
            "3.14",
            "--implementation",
            "py",
            "-r",
            str(REQUIREMENTS),
        ],
        check=True,
    )
    STAMP.write_text(wanted)
    print(f"pyodide-site: installed {REQUIREMENTS.relative_to(ROOT)} into {SITE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
