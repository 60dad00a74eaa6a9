// Makes the start-up snapshot (see snapshot.mjs) off the main thread, after the page is
// ready: it boots a second, pristine Pyodide with `_makeSnapshot`, copies its memory and
// stores it. The page's own interpreter never runs in snapshot-making mode, which wraps
// every JavaScript object Python touches in a recording proxy.
import { loadPyodide, version } from "../vendor/pyodide/pyodide.mjs";
import { writeSnapshot } from "./snapshot.mjs";

const started = performance.now();
try {
  const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href, _makeSnapshot: true });
  const memory = pyodide.makeMemorySnapshot();
  const stored = await writeSnapshot(version, memory);
  postMessage({ ok: true, bytes: memory.length, stored, ms: performance.now() - started });
} catch (error) {
  postMessage({ ok: false, error: String(error?.message ?? error) });
}
