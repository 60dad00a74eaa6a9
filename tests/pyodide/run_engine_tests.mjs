// Run the engine's pytest suite inside real Pyodide (the runtime the page uses: Python 3.14,
// sys.platform "emscripten"), under Node, with no browser.
//
//   python3 scripts/build/pyodide_site.py     # once: pytest + hypothesis wheels into .cache/pyodide-site
//   node tests/pyodide/run_engine_tests.mjs [--tests DIR] [extra pytest args, e.g. -k mulligan]
//
// DIR (or $ENGINE_TESTS_DIR) defaults to tests/engine; a folder outside the repo works too.
// Exit code: pytest's, so 0 only if tests ran and all passed (5, "no tests collected", is
// non-zero already); 2 if setup is missing, 3 if Python itself raised.
import { existsSync, realpathSync } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const site = resolve(root, ".cache", "pyodide-site");

const args = process.argv.slice(2);
let testsDir = process.env.ENGINE_TESTS_DIR || "tests/engine";
const at = args.findIndex((a) => a === "--tests" || a.startsWith("--tests="));
if (at >= 0) {
  const [flag, value] = args.splice(at, args[at] === "--tests" ? 2 : 1);
  testsDir = flag === "--tests" ? value : flag.slice("--tests=".length);
}
if (!testsDir) {
  console.error("run_engine_tests: --tests needs a folder");
  process.exit(2);
}
const hostTests = resolve(root, testsDir);
for (const [path, fix] of [[resolve(site, ".installed"), "python3 scripts/build/pyodide_site.py"], [hostTests, "--tests DIR"]]) {
  if (!existsSync(path)) {
    console.error(`run_engine_tests: missing ${path} (see: ${fix})`);
    process.exit(2);
  }
}

const started = performance.now();
const pyodide = await loadPyodide();
const loaded = performance.now();

// Mount the whole checkout, not only py/ and tests/: tests may read the page's files (index.html,
// pyscript.toml), and pytest must find pyproject.toml (same config as CPython).
const mounts = [["/repo", root], ["/site", site]];
// The rules texts (../shared/rules beside the checkout, or $OH_RULES_TEXTS): test_rule_texts compares
// the index of rule numbers with them where they exist, and says it skipped where they do not.
const rulesTexts = process.env.OH_RULES_TEXTS || resolve(root, "..", "shared", "rules");
if (existsSync(rulesTexts)) mounts.push(["/rules-texts", rulesTexts]);
const inRepo = !relative(root, hostTests).startsWith("..");
const pyTests = inRepo ? `/repo/${relative(root, hostTests)}` : `/external/${basename(hostTests)}`;
if (!inRepo) mounts.push([pyTests, hostTests]);
for (const [mountPoint, hostPath] of mounts) {
  pyodide.FS.mkdirTree(mountPoint);
  pyodide.mountNodeFS(mountPoint, realpathSync(hostPath)); // a symlinked folder (a worktree's .cache) is not a directory to mountNodeFS
}

pyodide.globals.set("tests_dir", pyTests.replace(/\/$/, ""));
pyodide.globals.set("pytest_args", pyodide.toPy(args));
pyodide.globals.set("pyodide_version", pyodide.version);
let code;
try {
  code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True  # no Python 3.14 __pycache__ (nor pytest's rewritten .pyc) in the checkout
sys.path[:0] = ["/site", "/repo/py"]
os.chdir("/repo")
# Hypothesis's example database lives in Pyodide's in-memory FS, apart from the host CPython's.
os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = "/tmp/hypothesis"
os.environ["OH_RULES_TEXTS"] = "/rules-texts"  # mounted only where the host has the texts
# 10,000 property examples run under CPython; here, 3-4x slower, a smaller sample of the same test.
os.environ.setdefault("PROPERTY_EXAMPLES", "500")
print(f"Python {sys.version.split()[0]} on {sys.platform} (Pyodide {pyodide_version})", flush=True)
print(f"sys.version: {sys.version}", flush=True)
import pytest
# cacheprovider: .pytest_cache would be written into the checkout and mixed with CPython's runs.
# faulthandler: its faulthandler_timeout needs a watchdog thread, which Pyodide cannot start.
int(pytest.main(["-p", "no:cacheprovider", "-p", "no:faulthandler", "--color=no", tests_dir, *pytest_args]))
`);
} catch (err) {
  console.error(`run_engine_tests: Python raised before pytest finished:\n${err}`);
  code = 3;
}
const finished = performance.now();
const secs = (a, b) => ((b - a) / 1000).toFixed(2);
console.log(`pyodide: loaded in ${secs(started, loaded)} s, tests ran in ${secs(loaded, finished)} s`);
if (code === 5) console.error("run_engine_tests: pytest collected no tests: that is a failure");
process.exit(code);
