"""The engine's tests pass inside real Pyodide (Python 3.14, the runtime users get).

Runs tests/pyodide/run_engine_tests.mjs under Node and checks that exactly as many tests
pass there as pytest collects here under CPython: none may be lost on the way.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def collected_here() -> int:
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests/engine"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    match = re.search(r"^(\d+) tests? collected", out, re.M)
    assert match, out[-2000:]
    return int(match.group(1))


def test_engine_tests_pass_inside_pyodide() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to run Pyodide outside the browser (make test installs it)"
    assert (ROOT / "node_modules/pyodide/package.json").exists(), "run `npm ci` (make test does)"
    subprocess.run([sys.executable, "scripts/pyodide_site.py"], cwd=ROOT, check=True)
    run = subprocess.run(
        [node, "tests/pyodide/run_engine_tests.mjs"], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    output = run.stdout + run.stderr
    print(output)
    assert run.returncode == 0, output[-4000:]
    assert re.search(r"^Python 3\.14\.\d+ on emscripten", output, re.M), output[:500]
    summary = re.search(r"^(\d+) passed(?:, (\d+) warnings?)? in ", output, re.M)
    assert summary, output[-2000:]
    expected = collected_here()
    assert expected > 0
    assert int(summary.group(1)) == expected, f"{summary.group(1)} passed in Pyodide, {expected} collected here"
