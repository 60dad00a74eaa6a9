// The interpreter module PyScript loads (pyscript.toml `interpreter`): the vendored Pyodide,
// restored from the start-up snapshot (snapshot.mjs) when this browser has one, booted in
// full otherwise - and then a snapshot is made for next time, once the page is idle.
//
// <html data-boot> says which path ran: "snapshot", or "full" (with data-snapshot "saved" or
// "failed" once the worker reports); data-snapshot-dropped, why a full boot threw the saved
// snapshot away: "failed" (restoring it threw) or "unproven" (the last page restored from it
// never got ready: the trial in snapshot.mjs). Setting `globalThis.openingHandSnapshot = false`
// before start-up turns snapshots off (the browser tests do, except those about start-up, so that
// a background boot does not compete with the test for the CPU).
import { loadPyodide as boot, version } from "../vendor/pyodide/pyodide.mjs";
import {
  dropSnapshot,
  endTrial,
  findSnapshot,
  snapshotId,
  startTrial,
  stillOnTrial,
  supported,
  unpack,
} from "./snapshot.mjs";
import { whenIdleAfterReady, whenReady } from "./idle.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
const root = document.documentElement;

export async function loadPyodide(options = {}) {
  // PyScript derives indexURL from this module's URL; the runtime lives in vendor/pyodide/.
  const settings = { ...options, indexURL };
  const enabled = globalThis.openingHandSnapshot !== false && supported();
  if (enabled) {
    let id;
    try {
      const found = await findSnapshot(version);
      id = found && snapshotId(found);
      if (found && stillOnTrial(id)) {
        // Nothing threw that we could catch: Python died after the restore, on that visit.
        const why = "the last page restored from it never got ready";
        console.warn(`The saved start-up snapshot was dropped, so Python starts in full: ${why}.`);
        root.dataset.snapshotDropped = "unproven";
        await dropSnapshot().then(() => endTrial(id), () => {}); // or the next visit drops it
      } else if (found) {
        startTrial(id);
        // Unpacked while Pyodide fetches and compiles its files: it awaits the promise
        // only when it sizes the memory. A damaged gzip rejects it, and boot() with it.
        const snapshot = unpack(found);
        snapshot.catch(() => {}); // boot() reports the failure; no unhandled rejection
        const pyodide = await boot({ ...settings, _loadSnapshot: snapshot });
        root.dataset.boot = "snapshot";
        whenReady(() => endTrial(id)); // it got the page ready: trusted from now on
        return pyodide;
      }
    } catch (error) {
      console.warn("The saved start-up snapshot could not be used, so Python starts in full:", error);
      if (id) root.dataset.snapshotDropped = "failed";
      await dropSnapshot().then(() => endTrial(id), () => {});
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
