// Run the engine's pytest suite inside real Pyodide (the runtime the page uses), under
// Node, with no browser. The repo (py/, tests/, the page files) and the pure-Python test tools in
// .cache/pyodide-site/ (scripts/pyodide_site.py) are mounted into Pyodide's file system.
//
//   node tests/pyodide/run_engine_tests.mjs [extra pytest args]
//
// Exit code: pytest's, except that "no tests collected" (5) is a failure too.
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const site = resolve(root, ".cache", "pyodide-site");
if (!existsSync(site)) {
  console.error("missing .cache/pyodide-site: run `python3 scripts/pyodide_site.py` first");
  process.exit(2);
}

const started = performance.now();
const pyodide = await loadPyodide();
const loaded = performance.now();
for (const [at, host] of [["/repo", root], ["/site", site]]) {
  pyodide.FS.mkdirTree(at);
  pyodide.mountNodeFS(at, host);
}
pyodide.globals.set("pytest_args", pyodide.toPy(process.argv.slice(2)));
const code = await pyodide.runPythonAsync(`
import os, sys
sys.dont_write_bytecode = True  # never write into the host checkout
sys.path[:0] = ["/site", "/repo/py"]
os.chdir("/repo")
print(f"Python {sys.version.split()[0]} on {sys.platform} (Pyodide)", flush=True)
import pytest
# No cache dir (read-only habits of a mounted tree), no faulthandler (no signals in wasm).
int(pytest.main(["-q", "-p", "no:cacheprovider", "-p", "no:faulthandler",
                 "-o", "addopts=", "--rootdir=/repo/tests", "tests/engine", *pytest_args]))
`);
const finished = performance.now();
console.log(`pyodide: loaded in ${((loaded - started) / 1000).toFixed(2)} s, tests ran in ${((finished - loaded) / 1000).toFixed(2)} s`);
process.exit(code === 5 ? 1 : code);
