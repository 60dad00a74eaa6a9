// Boot the vendored Pyodide directly (no PyScript, no app code) and flag readiness the
// way the app does, so scripts/bench/bench.py can compare the two start-up times.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
document.body.dataset.ready = "true";
