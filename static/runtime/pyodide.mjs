// The interpreter module PyScript loads (pyscript.toml `interpreter`): the vendored Pyodide,
// restored from the start-up snapshot (snapshot.mjs) when this browser has one, booted in
// full otherwise - and then a snapshot is made for next time, once the page is idle.
//
// <html data-boot> says which path ran: "snapshot", or "full" (with data-snapshot "saved" or
// "failed" once the worker reports). Setting `globalThis.openingHandSnapshot = false` before
// start-up turns snapshots off (the browser tests do, except those about start-up, so that
// a background boot does not compete with the test for the CPU).
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";
import { dropSnapshot, findSnapshot, supported, unpack } from "./snapshot.mjs";
import { whenIdleAfterReady } from "./idle.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;

export async function loadPyodide(options = {}) {
  // PyScript derives indexURL from this module's URL; the runtime lives in vendor/pyodide/.
  const settings = { ...options, indexURL };
  const enabled = globalThis.openingHandSnapshot !== false && supported();
  if (enabled) {
    try {
      const found = await findSnapshot(version);
      if (found) {
        // Unpacked while Pyodide fetches and compiles its files: it awaits the promise
        // only when it sizes the memory. A damaged gzip rejects it, and boot() with it.
        const snapshot = unpack(found);
        snapshot.catch(() => {}); // boot() reports the failure; no unhandled rejection
        const pyodide = await boot({ ...settings, _loadSnapshot: snapshot });
        root.dataset.boot = "snapshot";
        return pyodide;
      }
    } catch (error) {
      console.warn("The saved start-up snapshot could not be used, so Python starts in full:", error);
      await dropSnapshot().catch(() => {});
    }
  }
  const pyodide = await boot(settings);
  root.dataset.boot = "full";
  if (enabled) whenIdleAfterReady(makeSnapshot);
  return pyodide;
}

function makeSnapshot() {
  const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
  worker.onmessage = ({ data }) => {
    worker.terminate();
    root.dataset.snapshot = data.ok ? "saved" : "failed";
    if (data.ok) root.dataset.snapshotMs = String(Math.round(data.ms));
    else console.warn("No start-up snapshot was saved:", data.error);
  };
  worker.onerror = (event) => {
    worker.terminate();
    root.dataset.snapshot = "failed";
    console.warn("No start-up snapshot was saved:", event.message);
  };
}
