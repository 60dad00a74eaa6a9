// The interpreter module PyScript loads (pyscript.toml `interpreter`): the vendored Pyodide,
// restored from the start-up snapshot (snapshot.mjs) when this browser has one, booted in
// full otherwise - and then a snapshot is made for next time, once the page is idle.
//
// start() begins at once: static/boot.js calls it as the page is parsed, so Pyodide boots
// while PyScript's own modules and config load (as on a page that only boots Pyodide), and
// the page's Python files (static/python.json, scripts/pybundle.py) download alongside.
// PyScript's later loadPyodide() gets that same interpreter, with those files written into
// its file system (the current folder, where pyscript.toml's [files] would put them).
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
// The standard library's bytecode (static/stdlib.zip, scripts/stdlib_bytecode.mjs): Pyodide
// ships the standard library as sources, so every boot compiles the ~130 modules it imports,
// most of its time. Written into Python's file system before Python starts and put first on
// its path (PYTHONPATH), it makes those imports loads. Missing (an old build, a failed
// download), Python compiles them as usual; refused, Python starts again without it.
const BYTECODE = "/lib/python3.14-bytecode.zip";

let started = null;

/** The interpreter with the page's Python files written, booted once however often asked. */
export function start() {
  if (!started) {
    const files = fetchFiles();
    files.catch(() => {}); // reported when awaited below, not as an unhandled rejection
    const bytecode = fetch(new URL("../stdlib.zip", import.meta.url)).then(
      (response) => (response.ok ? response.arrayBuffer().then((data) => new Uint8Array(data)) : null),
      () => null,
    );
    started = bootPython(bytecode).then(async (pyodide) => {
      writeFiles(pyodide, await files);
      performance.mark("oh:files-written");
      return pyodide;
    });
    started.catch(() => {}); // PyScript's loadPyodide() reports it
  }
  return started;
}

// PyScript's hook. Its options are its output handlers (and an indexURL we replace: the
// runtime lives in vendor/pyodide/), so they are set on the interpreter start() made.
export async function loadPyodide(options = {}) {
  const pyodide = await start();
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

// Fetched, checked and turned into bytes while Pyodide boots, so that once it is up only
// the file system writes remain (Emscripten's own string-to-UTF-8 loop took ~15 ms).
async function fetchFiles() {
  const response = await fetch(new URL("../python.json", import.meta.url));
  if (!response.ok) throw new Error(`the page's Python files: HTTP ${response.status}`);
  const bundle = await response.json();
  if (bundle?.format !== "opening-hand-python" || typeof bundle.files !== "object" || typeof (bundle.compiled ?? {}) !== "object") {
    throw new Error("the page's Python files: not a bundle of scripts/pybundle.py");
  }
  return prepare(bundle);
}

// The sources as text; beside them their bytecode (base64), which Python runs only while it
// matches the source (checked-hash .pyc files, see scripts/pybundle.py).
function prepare({ files, compiled = {} }) {
  const encoder = new TextEncoder();
  const bytes = (text) => {
    if (Uint8Array.fromBase64) return Uint8Array.fromBase64(text);
    const binary = atob(text);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  };
  const entries = [...Object.entries(files).map(([path, data]) => [path, data, false]), ...Object.entries(compiled).map(([path, data]) => [path, data, true])];
  return entries.map(([path, data, binary]) => {
    if (typeof data !== "string" || !/^[\w.-]+(\/[\w.-]+)*$/.test(path) || path.split("/").includes("..")) {
      throw new Error(`the page's Python files: a bad entry ${JSON.stringify(path).slice(0, 80)}`);
    }
    return [path, binary ? bytes(data) : encoder.encode(data)];
  });
}

function writeFiles(pyodide, entries) {
  const { FS } = pyodide;
  const made = new Set();
  for (const [path, data] of entries) {
    const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
    if (folder && !made.has(folder)) {
      FS.mkdirTree(folder);
      made.add(folder);
    }
    FS.writeFile(path, data);
  }
}

// Boot (or restore) settings that write the bytecode archive before Python starts.
function withBytecode(settings, bytecode) {
  return {
    ...settings,
    env: { PYTHONPATH: BYTECODE },
    fsInit: async (FS) => {
      const data = await bytecode;
      if (data) FS.writeFile(BYTECODE, data);
    },
  };
}

// A restored Python has the path of the pristine one the snapshot was made from.
function addBytecodeToPath(pyodide) {
  if (!pyodide.FS.analyzePath(BYTECODE).exists) return;
  const sys = pyodide.pyimport("sys");
  const path = sys.path;
  if (!path.has(BYTECODE)) path.insert(1, BYTECODE);
  path.destroy();
  sys.destroy();
}

async function bootPython(bytecode) {
  const settings = { indexURL };
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
        const pyodide = await boot({ ...withBytecode(settings, bytecode), _loadSnapshot: snapshot });
        addBytecodeToPath(pyodide);
        performance.mark("oh:interpreter"); // start-up figures for `make bench`
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
  let pyodide;
  try {
    pyodide = await boot(withBytecode(settings, bytecode));
  } catch (error) {
    if (!(await bytecode)) throw error; // nothing of ours was in the way
    console.warn("Python did not start with the standard library's bytecode, so it starts without:", error);
    root.dataset.bytecode = "refused";
    pyodide = await boot(settings);
  }
  performance.mark("oh:interpreter");
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
