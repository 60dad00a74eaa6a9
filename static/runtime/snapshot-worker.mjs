// Makes the start-up snapshot (see snapshot.mjs) off the main thread, after the page is
// ready: it boots a second, pristine Pyodide with `_makeSnapshot`, copies its memory, checks
// that a Pyodide restored from the copy runs Python, and stores it. The page's own interpreter
// never runs in snapshot-making mode, which wraps every JavaScript object Python touches in a
// recording proxy.
import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { writeSnapshot } from "./snapshot.mjs";

// Standard-library modules the page imports on every start beyond what Pyodide's boot does
// (PyScript's package imports `html`, whose entity table is the slowest import of the start):
// imported here, they are in the snapshot and a restored page only finds them. Nothing of the
// page's own (its modules change with each release; the snapshot lives as long as Pyodide's
// build) and nothing that touches JavaScript, which a snapshot cannot hold.
const PRELOADED = ["html"];

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
// The standard library the page runs: its bytecode archive (pyodide.mjs), or the sources when
// the page's Python refused it. A snapshot holds the archive's table of contents as read.
const sources = new URL(import.meta.url).searchParams.get("stdlib") === "sources";
const stdLibURL = sources ? undefined : new URL("../stdlib.zip", import.meta.url).href;
const started = performance.now();
try {
  const pristine = await loadPyodide({ indexURL, stdLibURL, _makeSnapshot: true });
  pristine.runPython(PRELOADED.map((name) => `import ${name}`).join("\n"));
  const memory = pristine.makeMemorySnapshot();
  // A bad snapshot would cost the next visit (the trial in snapshot.mjs); this check (import,
  // compile, run) costs ~0.2 s of the worker's ~2.5 s, and nothing on the page's thread.
  const check = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: memory });
  const two = check.runPython("import json; json.loads('[1, 2]')[-1]");
  if (two !== 2) throw new Error(`a Python restored from it computed ${two}, not 2`);
  const missing = check.runPython(`import sys; ",".join(n for n in ${JSON.stringify(PRELOADED)} if n not in sys.modules)`);
  if (missing) throw new Error(`a Python restored from it lacks ${missing}`);
  const stored = await writeSnapshot(version, memory);
  postMessage({ ok: true, bytes: memory.length, stored, ms: performance.now() - started });
} catch (error) {
  postMessage({ ok: false, error: String(error?.message ?? error) });
}
