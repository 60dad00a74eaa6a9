"""The engine's tests pass inside real Pyodide (Python 3.14 on emscripten, the runtime users get).

Runs tests/pyodide/run_engine_tests.mjs under Node and checks that exactly as many tests pass
there as pytest collects here under CPython: none may fail, skip or go missing on the way. The
one exception behaves as under CPython: on a clone with no rules texts beside it (no
../shared/rules/, or $OH_RULES_TEXTS naming no folder), the tests that compare the index of
rule numbers with the texts (marked ``rules_texts``) are skipped, saying why, and only they.
$ENGINE_TESTS_DIR (default tests/engine) points both sides at another folder, to try this test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = os.environ.get("ENGINE_TESTS_DIR", "tests/engine")
RUNNER = ROOT / "tests" / "pyodide" / "run_engine_tests.mjs"
TIMEOUT = 600  # seconds; the suite takes ~15 s, but Pyodide is slow on a busy 2-core machine


def outcome_counts(output: str) -> dict[str, int]:
    """{'passed': 131, 'failed': 1, ...} from pytest's last summary line ('=== 1 failed, 2 passed in 1.2s ===')."""
    for line in reversed(output.splitlines()):
        if re.search(r"\bin \d+(\.\d+)?s\b", line) and (pairs := re.findall(r"(\d+) ([a-z]+)", line)):
            # pytest writes "1 error"/"2 errors", "1 warning"/"2 warnings": count under one key.
            return {word.removesuffix("s") if word in ("errors", "warnings") else word: int(n) for n, word in pairs}
    raise AssertionError(f"no pytest summary line in:\n{output[-3000:]}")


RULES_TEXTS = Path(os.environ.get("OH_RULES_TEXTS") or ROOT.parent / "shared" / "rules")
NO_TEXTS = "no rules texts at"  # how test_rule_texts says it was skipped


def collected_by_cpython(*marker: str) -> int:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *marker, TESTS],
        cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    assert run.returncode == 0, f"CPython could not collect {TESTS}:\n{run.stdout[-3000:]}{run.stderr[-3000:]}"
    match = re.search(r"^(\d+)(?:/\d+)? tests? collected", run.stdout, re.M)
    if marker and match is None and re.search(r"no tests collected", run.stdout):
        return 0
    assert match, run.stdout[-3000:]
    return int(match.group(1))


def test_engine_tests_pass_inside_pyodide() -> None:
    # Never skip: a machine without Node or Pyodide would otherwise look green.
    node = shutil.which("node")
    assert node, "Node.js is not installed: install it (e.g. apt-get install nodejs npm), then run `npm ci`"
    package = ROOT / "node_modules" / "pyodide" / "package.json"
    assert package.exists(), "node_modules/pyodide is missing: run `npm ci` (make test does)"
    pinned = json.loads((ROOT / "package.json").read_text())["dependencies"]["pyodide"]

    site = subprocess.run([sys.executable, "scripts/build/pyodide_site.py"], cwd=ROOT, capture_output=True, text=True)
    assert site.returncode == 0, f"scripts/build/pyodide_site.py failed:\n{site.stdout}{site.stderr}"

    run = subprocess.run(
        [node, str(RUNNER), "--tests", TESTS], cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT
    )
    output = run.stdout + run.stderr
    print(output)  # shown by pytest when this test fails, or always with -s
    assert run.returncode == 0, f"engine tests failed inside Pyodide (exit {run.returncode}):\n{output[-4000:]}"
    assert re.search(rf"^Python 3\.14\.\d+ on emscripten \(Pyodide {re.escape(pinned)}\)$", output, re.M), output[:800]

    counts = outcome_counts(output)
    expected = collected_by_cpython()
    assert expected > 0, f"CPython collects no tests in {TESTS}"
    # Without the rules texts, the comparison with them is skipped (and says so), as under CPython.
    skips = 0 if RULES_TEXTS.is_dir() else collected_by_cpython("-m", "rules_texts")
    others = {k: n for k, n in counts.items() if k not in ("passed", "warning", "skipped")}  # xfailed, deselected...
    assert counts.get("passed") == expected - skips and counts.get("skipped", 0) == skips and not others, (
        f"Pyodide: {counts}; CPython collects {expected} tests in {TESTS}, {skips} of them to skip without texts"
    )
    if skips:
        assert NO_TEXTS in output, "the skipped comparison must say why it was skipped"


# The trainer's figures for a few seeded hands, as one JSON string (run in both Pythons).
TRAINER_FIGURES = """
import json
from opening_hand.trainer.quiz import deciding, make_quiz
from opening_hand.cards.samples import SAMPLES
from opening_hand.share.share_link import Setup
from opening_hand.trainer.reading import read_hand, verdict

setup = Setup(deck=SAMPLES["constructed"], format="constructed", players=2, edition="london", seed=2)
quiz = make_quiz(setup, 3, seed=8)
found = []
for index in range(3):
    reading = read_hand(deciding(quiz, index), 1)
    judged = reading.judgement
    found.append([judged.keep.mean, judged.keep.se, judged.mulligan.mean, judged.mulligan.se, verdict(reading)])
json.dumps(found)
"""


def test_the_trainers_figures_are_the_same_in_cpython_and_in_pyodide() -> None:
    """Seeded: the same hand gives the same figures, and the same verdict, in both Pythons."""
    node = shutil.which("node")
    assert node, "Node.js is not installed"
    run = subprocess.run([node, str(ROOT / "tests" / "pyodide" / "run_python.mjs")], input=TRAINER_FIGURES,
                         cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT)  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    namespace: dict[str, object] = {}
    exec(compile(TRAINER_FIGURES.rsplit("\n", 2)[0], "figures", "exec"), namespace)  # CPython, all but the dump
    assert json.loads(run.stdout) == namespace["found"]
